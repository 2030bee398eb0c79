/* >>workqueue  client-go's util/workqueue in fixed memory: one entry per item
   held (waiting, delayed, processing, or with a requeue count), found by a
   chained hash; the waiting ones in a FIFO linked through the entries, the
   delayed ones in a binary heap by (due time, order of delay); the rate
   limiter is a per-item exponential backoff and one token bucket (GCRA).
   Under KINF_WORKQUEUE_THREADS every public call holds the queue's mutex. */
#ifndef KINF_NO_WORKQUEUE
#ifdef KINF_WORKQUEUE_THREADS
#include <pthread.h>
#endif
#define KINF__WQ_MAGIC 0x6b777175u
#define KINF__WQ_MAX_CAP (1 << 24)
/* entry flags: waiting to be got (client-go's dirty set: also set while
   processing when the item was added again), and handed to a worker */
enum { KINF__WQ_USED = 1, KINF__WQ_DIRTY = 2, KINF__WQ_PROC = 4 };
typedef struct kinf__wqe {
    uint64_t due_ms, seq;         /* delayed: its time, and the order it was delayed in (ties) */
    uint64_t start_ms;            /* processing since */
    uint32_t hash, requeues;
    int32_t hnext;                /* the hash chain; -1 ends it */
    int32_t qnext;                /* the waiting FIFO, or the free list; -1 ends it */
    int32_t hpos;                 /* position in the delay heap, -1 when not delayed */
    uint32_t flags;
} kinf__wqe;
struct kinf_workqueue_t {
    uint32_t magic;
    int cap, item_bytes;
    uint32_t nbuckets;            /* a power of two */
    int base_delay, max_delay, qps, burst;
    uint64_t tat_us;              /* the bucket's theoretical arrival time */
    kinf__wqe* e;
    int32_t* buckets;
    int32_t* heap;
    char* text;                   /* item_bytes per entry: resource NUL key NUL */
    int32_t free_head, qhead, qtail;
    int nheap, held, depth, processing;
    uint64_t seq;
    int shutting_down, full_logged;
    kinf_workqueue_stats_t st;    /* the counters; the gauges are computed */
    size_t mem_size;
    kinf_logger_t logger;
    char tag[32];
    char logbuf[320];
#ifdef KINF_WORKQUEUE_THREADS
    pthread_mutex_t mu;
    pthread_cond_t cv_get;        /* an item may be ready, a deadline moved, or shut down */
    pthread_cond_t cv_drain;      /* the last processing item is done */
#endif
};
typedef struct kinf__wq_layout { size_t entries, buckets, heap, text, total; uint32_t nbuckets; } kinf__wq_layout;

static size_t kinf__wq_align(size_t n) { return (n + 15u) & ~(size_t)15u; }
static kinf_workqueue_desc_t kinf__wq_defaults(const kinf_workqueue_desc_t* d, int* clamped) {
    kinf_workqueue_desc_t o = *d;
    int c = 0;
    if (o.capacity == 0) { o.capacity = 1024; }
    if (o.capacity < 1 || o.capacity > KINF__WQ_MAX_CAP) { o.capacity = o.capacity < 1 ? 1 : KINF__WQ_MAX_CAP; c = 1; }
    if (o.item_bytes == 0) { o.item_bytes = 256; }
    if (o.item_bytes < 16 || o.item_bytes > 4096) { o.item_bytes = o.item_bytes < 16 ? 16 : 4096; c = 1; }
    if (o.base_delay_ms == 0) { o.base_delay_ms = 5; }
    if (o.max_delay_ms <= 0) { c |= o.max_delay_ms < 0; o.max_delay_ms = 1000000; }
    if (o.base_delay_ms > o.max_delay_ms) { o.base_delay_ms = o.max_delay_ms; c = 1; }
    if (o.bucket_qps == 0) { o.bucket_qps = 10; }
    if (o.bucket_qps > 1000000) { o.bucket_qps = 1000000; c = 1; }
    if (o.bucket_burst == 0) { o.bucket_burst = 100; }
    if (o.bucket_burst < 1 || o.bucket_burst > 1000000) { o.bucket_burst = o.bucket_burst < 1 ? 1 : 1000000; c = 1; }
    if (!o.tag) { o.tag = "workqueue"; }
    if (clamped) { *clamped = c; }
    return o;
}
static kinf__wq_layout kinf__wq_layout_of(const kinf_workqueue_desc_t* d) {
    kinf__wq_layout l;
    size_t cap = (size_t)d->capacity;
    l.nbuckets = 16;
    while (l.nbuckets < (uint32_t)d->capacity) { l.nbuckets <<= 1; } /* at most 2^24: bounded */
    l.entries = kinf__wq_align(sizeof(kinf_workqueue_t));
    l.buckets = l.entries + kinf__wq_align(cap * sizeof(kinf__wqe));
    l.heap = l.buckets + kinf__wq_align((size_t)l.nbuckets * sizeof(int32_t));
    l.text = l.heap + kinf__wq_align(cap * sizeof(int32_t));
    l.total = l.text + kinf__wq_align(cap * (size_t)d->item_bytes);
    return l;
}
static uint32_t kinf__wq_hash(const char* res, const char* key) {
    uint32_t h = 2166136261u;
    for (; *res; res++) { h = (h ^ (unsigned char)*res) * 16777619u; }
    h = (h ^ 0xffu) * 16777619u; /* a byte no text holds between the two */
    for (; *key; key++) { h = (h ^ (unsigned char)*key) * 16777619u; }
    return h;
}
static char* kinf__wq_text(kinf_workqueue_t* q, int32_t i) { return q->text + (size_t)i * (size_t)q->item_bytes; }
static int32_t kinf__wq_find(kinf_workqueue_t* q, const char* res, const char* key, uint32_t h) {
    int32_t i = q->buckets[h & (q->nbuckets - 1)];
    int n = 0;
    for (; i >= 0 && n <= q->cap; i = q->e[i].hnext, n++) {
        const char* t = kinf__wq_text(q, i);
        if (q->e[i].hash == h && !strcmp(t, res) && !strcmp(t + strlen(t) + 1, key)) { return i; }
    }
    return -1;
}
static void kinf__wq_log(kinf_workqueue_t* q, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&q->logger, q->tag, level, item, line, q->logbuf, sizeof(q->logbuf), d1, d2);
}
/* The entry of (res, key), made if absent: its index, -1 when capacity
   entries are held (nothing changes), -2 when the text is too long. */
static int32_t kinf__wq_entry(kinf_workqueue_t* q, const char* res, const char* key) {
    uint32_t h;
    int32_t i;
    size_t rl, kl;
    char* t;
    if (!res) { res = ""; }
    rl = strlen(res); kl = strlen(key);
    if (rl + kl + 2 > (size_t)q->item_bytes) {
        kinf__wq_log(q, KINF_LOG_ERROR, KINF_LOGITEM_WORKQUEUE_KEY_TOO_LONG, key, 0, __LINE__);
        return -2;
    }
    h = kinf__wq_hash(res, key);
    i = kinf__wq_find(q, res, key, h);
    if (i >= 0) { return i; }
    if (q->free_head < 0) {
        q->st.refused_full++;
        if (!q->full_logged) {
            q->full_logged = 1;
            kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_WORKQUEUE_FULL, key, 0, __LINE__);
        }
        return -1;
    }
    i = q->free_head;
    q->free_head = q->e[i].qnext;
    memset(&q->e[i], 0, sizeof(q->e[i]));
    q->e[i].flags = KINF__WQ_USED;
    q->e[i].hash = h;
    q->e[i].qnext = -1; q->e[i].hpos = -1;
    q->e[i].hnext = q->buckets[h & (q->nbuckets - 1)];
    q->buckets[h & (q->nbuckets - 1)] = i;
    t = kinf__wq_text(q, i);
    memcpy(t, res, rl + 1);
    memcpy(t + rl + 1, key, kl + 1);
    q->held++;
    return i;
}
/* Frees an entry that nothing holds any more: not waiting, processing,
   delayed, and with no requeue count to remember. */
static void kinf__wq_release(kinf_workqueue_t* q, int32_t i) {
    kinf__wqe* e = &q->e[i];
    int32_t* p;
    int n = 0;
    if ((e->flags & (KINF__WQ_DIRTY | KINF__WQ_PROC)) || e->hpos >= 0 || e->requeues) { return; }
    for (p = &q->buckets[e->hash & (q->nbuckets - 1)]; *p >= 0 && n <= q->cap; p = &q->e[*p].hnext, n++) {
        if (*p == i) { *p = e->hnext; break; }
    }
    e->flags = 0;
    e->qnext = q->free_head;
    q->free_head = i;
    q->held--;
    q->full_logged = 0;
}
/* client-go's Add on an entry: waiting unless it is already (or processing:
   it waits again at its done). */
static void kinf__wq_mark(kinf_workqueue_t* q, int32_t i) {
    kinf__wqe* e = &q->e[i];
    if (e->flags & KINF__WQ_DIRTY) { q->st.deduplicated++; return; }
    e->flags |= KINF__WQ_DIRTY;
    q->st.adds++;
    if (e->flags & KINF__WQ_PROC) { return; }
    e->qnext = -1;
    if (q->qtail >= 0) { q->e[q->qtail].qnext = i; } else { q->qhead = i; }
    q->qtail = i;
    q->depth++;
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_signal(&q->cv_get);
#endif
}
/* the delay heap: ordered by due time, then by the order of delay */
static int kinf__wq_before(const kinf_workqueue_t* q, int32_t a, int32_t b) {
    const kinf__wqe* x = &q->e[a];
    const kinf__wqe* y = &q->e[b];
    return x->due_ms < y->due_ms || (x->due_ms == y->due_ms && x->seq < y->seq);
}
static void kinf__wq_heap_set(kinf_workqueue_t* q, int pos, int32_t i) { q->heap[pos] = i; q->e[i].hpos = pos; }
static void kinf__wq_sift_up(kinf_workqueue_t* q, int pos) {
    int32_t i = q->heap[pos];
    while (pos > 0 && kinf__wq_before(q, i, q->heap[(pos - 1) / 2])) {
        kinf__wq_heap_set(q, pos, q->heap[(pos - 1) / 2]);
        pos = (pos - 1) / 2;
    }
    kinf__wq_heap_set(q, pos, i);
}
static void kinf__wq_sift_down(kinf_workqueue_t* q, int pos) {
    int32_t i = q->heap[pos];
    for (;;) {
        int c = 2 * pos + 1;
        if (c >= q->nheap) { break; }
        if (c + 1 < q->nheap && kinf__wq_before(q, q->heap[c + 1], q->heap[c])) { c++; }
        if (!kinf__wq_before(q, q->heap[c], i)) { break; }
        kinf__wq_heap_set(q, pos, q->heap[c]);
        pos = c;
    }
    kinf__wq_heap_set(q, pos, i);
}
static int32_t kinf__wq_heap_pop(kinf_workqueue_t* q) {
    int32_t top = q->heap[0];
    q->nheap--;
    if (q->nheap > 0) { q->heap[0] = q->heap[q->nheap]; kinf__wq_sift_down(q, 0); }
    q->e[top].hpos = -1;
    return top;
}
static void kinf__wq_delay(kinf_workqueue_t* q, int32_t i, uint64_t due) {
    kinf__wqe* e = &q->e[i];
    if (e->hpos >= 0) {
        if (due < e->due_ms) { e->due_ms = due; kinf__wq_sift_up(q, e->hpos); } /* the earlier time wins */
    } else {
        e->due_ms = due;
        e->seq = q->seq++;
        q->heap[q->nheap] = i; e->hpos = q->nheap;
        q->nheap++;
        kinf__wq_sift_up(q, e->hpos);
    }
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_broadcast(&q->cv_get); /* sleepers recompute their wake-up time */
#endif
}
static int kinf__wq_tick(kinf_workqueue_t* q, uint64_t now) {
    int n = 0;
    while (q->nheap > 0 && q->e[q->heap[0]].due_ms <= now) { /* at most cap */
        kinf__wq_mark(q, kinf__wq_heap_pop(q));
        n++;
    }
    return n;
}
/* client-go's DefaultControllerRateLimiter: the larger of the item's
   exponential backoff and the token bucket's wait; both are charged. */
static uint64_t kinf__wq_when(kinf_workqueue_t* q, int32_t i, uint64_t now) {
    kinf__wqe* e = &q->e[i];
    uint64_t d = 0;
    if (q->base_delay > 0) {
        uint32_t x = e->requeues;
        d = x >= 32 ? (uint64_t)q->max_delay : (uint64_t)q->base_delay << x;
        if (d > (uint64_t)q->max_delay) { d = (uint64_t)q->max_delay; }
    }
    if (e->requeues < 0xffffffffu) { e->requeues++; }
    if (q->qps > 0) {
        /* GCRA: a token every t us, burst tokens of tolerance; a call may
           borrow ahead (the tokens go negative, as Go's rate.Limiter.Reserve) */
        uint64_t t = 1000000u / (uint64_t)q->qps, tau = (uint64_t)(q->burst - 1) * t;
        uint64_t now_us = now * 1000u, w = 0;
        if (q->tat_us < now_us) { q->tat_us = now_us; }
        if (q->tat_us > now_us + tau) { w = (q->tat_us - now_us - tau + 999u) / 1000u; }
        q->tat_us += t;
        if (w > d) { d = w; }
    }
    return d;
}
static int kinf__wq_get(kinf_workqueue_t* q, uint64_t now, kinf_workqueue_item_t* out) {
    int32_t i;
    kinf__wqe* e;
    const char* t;
    kinf__wq_tick(q, now);
    if (q->qhead < 0) { return q->shutting_down ? KINF_WQ_SHUTDOWN : KINF_WQ_EMPTY; }
    i = q->qhead;
    e = &q->e[i];
    q->qhead = e->qnext;
    if (q->qhead < 0) { q->qtail = -1; }
    e->qnext = -1;
    q->depth--;
    e->flags = (e->flags & ~(uint32_t)KINF__WQ_DIRTY) | KINF__WQ_PROC;
    e->start_ms = now;
    q->processing++;
    q->st.gets++;
    t = kinf__wq_text(q, i);
    out->resource = t;
    out->key = t + strlen(t) + 1;
    out->requeues = (int)(e->requeues > 0x7fffffffu ? 0x7fffffffu : e->requeues);
    return KINF_WQ_ITEM;
}
static int kinf__wq_ok(const kinf_workqueue_t* q) { return q && q->magic == KINF__WQ_MAGIC; }
#ifdef KINF_WORKQUEUE_THREADS
#define KINF__WQ_LOCK(q) pthread_mutex_lock(&(q)->mu)
#define KINF__WQ_UNLOCK(q) pthread_mutex_unlock(&(q)->mu)
#else
#define KINF__WQ_LOCK(q) ((void)0)
#define KINF__WQ_UNLOCK(q) ((void)0)
#endif

KINF_API size_t kinf_workqueue_size(const kinf_workqueue_desc_t* desc) {
    kinf_workqueue_desc_t d;
    if (!desc) { return 0; }
    d = kinf__wq_defaults(desc, 0);
    return kinf__wq_layout_of(&d).total;
}
KINF_API kinf_workqueue_t* kinf_workqueue_init(void* mem, size_t size, const kinf_workqueue_desc_t* desc) {
    kinf_workqueue_desc_t d;
    kinf__wq_layout l;
    kinf_workqueue_t* q;
    char buf[200], num[48];
    int clamped, i;
    if (!mem || !desc) { return 0; }
    d = kinf__wq_defaults(desc, &clamped);
    l = kinf__wq_layout_of(&d);
    if (size < l.total) {
        kinf__log2(&d.logger, d.tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_TOO_SMALL, __LINE__, buf, sizeof(buf),
                   "kinf_workqueue_size is ", kinf__utoa(num, (uint64_t)l.total));
        return 0;
    }
    q = (kinf_workqueue_t*)mem;
    memset(q, 0, sizeof(*q));
    q->cap = d.capacity; q->item_bytes = d.item_bytes; q->nbuckets = l.nbuckets;
    q->base_delay = d.base_delay_ms; q->max_delay = d.max_delay_ms;
    q->qps = d.bucket_qps; q->burst = d.bucket_burst;
    q->e = (kinf__wqe*)((char*)mem + l.entries);
    q->buckets = (int32_t*)((char*)mem + l.buckets);
    q->heap = (int32_t*)((char*)mem + l.heap);
    q->text = (char*)mem + l.text;
    for (i = 0; i < (int)l.nbuckets; i++) { q->buckets[i] = -1; }
    for (i = 0; i < d.capacity; i++) {
        memset(&q->e[i], 0, sizeof(q->e[i]));
        q->e[i].hpos = -1; q->e[i].hnext = -1;
        q->e[i].qnext = i + 1 < d.capacity ? i + 1 : -1;
    }
    q->free_head = 0; q->qhead = -1; q->qtail = -1;
    q->mem_size = l.total;
    q->logger = d.logger;
    kinf__log_put(q->tag, sizeof(q->tag), 0, d.tag, 1);
    if (clamped) { kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_CONFIG_CLAMPED, "workqueue desc", 0, __LINE__); }
#ifdef KINF_WORKQUEUE_THREADS
    {
        pthread_condattr_t ca;
        pthread_mutex_init(&q->mu, 0);
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* the clock get_wait reads */
        pthread_cond_init(&q->cv_get, &ca);
        pthread_cond_init(&q->cv_drain, &ca);
        pthread_condattr_destroy(&ca);
    }
#endif
    q->magic = KINF__WQ_MAGIC;
    return q;
}
KINF_API void kinf_workqueue_destroy(kinf_workqueue_t* q) {
    if (!kinf__wq_ok(q)) { return; }
    q->magic = 0;
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_destroy(&q->cv_get);
    pthread_cond_destroy(&q->cv_drain);
    pthread_mutex_destroy(&q->mu);
#endif
}
/* the adds: refused after a shut down; -1 from kinf__wq_entry is a full queue, -2 a long key */
static int kinf__wq_add_after(kinf_workqueue_t* q, const char* res, const char* key, int64_t delay, uint64_t now, int limited) {
    int32_t i;
    if (q->shutting_down) { q->st.refused_shutdown++; return KINF_ERR_STATE; }
    i = kinf__wq_entry(q, res, key);
    if (i < 0) { return i == -1 ? KINF_ERR_NOMEM : KINF_ERR_INVAL; }
    if (limited) { delay = (int64_t)kinf__wq_when(q, i, now); }
    if (limited || delay >= 0) { q->st.retries++; } /* client-go counts every AddAfter */
    if (delay <= 0) { kinf__wq_mark(q, i); } else { kinf__wq_delay(q, i, now + (uint64_t)delay); }
    return KINF_OK;
}
static int kinf__wq_args(kinf_workqueue_t* q, const char* key) { return kinf__wq_ok(q) && key && *key; }
KINF_API int kinf_workqueue_add(kinf_workqueue_t* q, const char* resource, const char* key) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, -1, 0, 0);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_add_after(kinf_workqueue_t* q, const char* resource, const char* key,
                                      int64_t delay_ms, uint64_t now_ms) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, delay_ms < 0 ? 0 : delay_ms, now_ms, 0);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_add_rate_limited(kinf_workqueue_t* q, const char* resource, const char* key,
                                             uint64_t now_ms) {
    int r;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_add_after(q, resource, key, 0, now_ms, 1);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API void kinf_workqueue_forget(kinf_workqueue_t* q, const char* resource, const char* key) {
    int32_t i;
    if (!kinf__wq_args(q, key)) { return; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i >= 0) { q->e[i].requeues = 0; kinf__wq_release(q, i); }
    KINF__WQ_UNLOCK(q);
}
KINF_API int kinf_workqueue_num_requeues(kinf_workqueue_t* q, const char* resource, const char* key) {
    int32_t i;
    int n = 0;
    if (!kinf__wq_args(q, key)) { return 0; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i >= 0) { n = (int)(q->e[i].requeues > 0x7fffffffu ? 0x7fffffffu : q->e[i].requeues); }
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_len(kinf_workqueue_t* q) {
    int n;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    n = q->depth;
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_tick(kinf_workqueue_t* q, uint64_t now_ms) {
    int n;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    n = kinf__wq_tick(q, now_ms);
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API uint64_t kinf_workqueue_deadline(kinf_workqueue_t* q) {
    uint64_t d = UINT64_MAX;
    if (!kinf__wq_ok(q)) { return d; }
    KINF__WQ_LOCK(q);
    if (q->nheap > 0) { d = q->e[q->heap[0]].due_ms; }
    KINF__WQ_UNLOCK(q);
    return d;
}
KINF_API int kinf_workqueue_timeout_ms(kinf_workqueue_t* q, uint64_t now_ms) {
    int r = -1;
    if (!kinf__wq_ok(q)) { return -1; }
    KINF__WQ_LOCK(q);
    if (q->depth > 0) { r = 0; }
    else if (q->nheap > 0) {
        uint64_t d = q->e[q->heap[0]].due_ms;
        r = d <= now_ms ? 0 : (d - now_ms > 0x7fffffffu ? 0x7fffffff : (int)(d - now_ms));
    }
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_get(kinf_workqueue_t* q, uint64_t now_ms, kinf_workqueue_item_t* out) {
    int r;
    if (!kinf__wq_ok(q) || !out) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    r = kinf__wq_get(q, now_ms, out);
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_done(kinf_workqueue_t* q, const char* resource, const char* key, uint64_t now_ms) {
    int32_t i;
    int r = KINF_OK;
    (void)now_ms;
    if (!kinf__wq_args(q, key)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    if (!resource) { resource = ""; }
    i = kinf__wq_find(q, resource, key, kinf__wq_hash(resource, key));
    if (i < 0 || !(q->e[i].flags & KINF__WQ_PROC)) {
        kinf__wq_log(q, KINF_LOG_WARN, KINF_LOGITEM_BAD_ARGUMENT, "kinf_workqueue_done: not processing: ", key, __LINE__);
        r = KINF_ERR_INVAL;
    } else {
        kinf__wqe* e = &q->e[i];
        e->flags &= ~(uint32_t)KINF__WQ_PROC;
        q->processing--;
        q->st.dones++;
        if (e->flags & KINF__WQ_DIRTY) { /* added while processing: it waits again now */
            e->flags &= ~(uint32_t)KINF__WQ_DIRTY;
            q->st.adds--;             /* counted when it was added */
            kinf__wq_mark(q, i);
        } else {
            kinf__wq_release(q, i);
        }
#ifdef KINF_WORKQUEUE_THREADS
        if (q->processing == 0) { pthread_cond_broadcast(&q->cv_drain); }
#endif
    }
    KINF__WQ_UNLOCK(q);
    return r;
}
static void kinf__wq_shut_down(kinf_workqueue_t* q) {
    if (!q->shutting_down) {
        q->shutting_down = 1;
        while (q->nheap > 0) { /* at most cap */
            int32_t i = kinf__wq_heap_pop(q);
            q->st.dropped_delayed++;
            kinf__wq_release(q, i);
        }
    }
#ifdef KINF_WORKQUEUE_THREADS
    pthread_cond_broadcast(&q->cv_get);
#endif
}
KINF_API void kinf_workqueue_shut_down(kinf_workqueue_t* q) {
    if (!kinf__wq_ok(q)) { return; }
    KINF__WQ_LOCK(q);
    kinf__wq_shut_down(q);
    KINF__WQ_UNLOCK(q);
}
KINF_API uint64_t kinf_workqueue_now_ms(void) { return kinf_now_ms(); }
#ifdef KINF_WORKQUEUE_THREADS
/* waits on cv until the monotonic time until_ms (UINT64_MAX: no bound) */
static void kinf__wq_wait(kinf_workqueue_t* q, pthread_cond_t* cv, uint64_t until_ms) {
    struct timespec ts;
    if (until_ms == UINT64_MAX) { pthread_cond_wait(cv, &q->mu); return; }
    ts.tv_sec = (time_t)(until_ms / 1000u);
    ts.tv_nsec = (long)(until_ms % 1000u) * 1000000L;
    pthread_cond_timedwait(cv, &q->mu, &ts);
}
#endif
KINF_API int kinf_workqueue_shut_down_with_drain(kinf_workqueue_t* q, int timeout_ms) {
    int n;
    if (!kinf__wq_ok(q)) { return KINF_ERR_INVAL; }
    KINF__WQ_LOCK(q);
    kinf__wq_shut_down(q);
#ifdef KINF_WORKQUEUE_THREADS
    {
        uint64_t until = timeout_ms < 0 ? UINT64_MAX : kinf_now_ms() + (uint64_t)timeout_ms;
        /* ends: the last done broadcasts, or the time passes */
        while (q->processing > 0 && (until == UINT64_MAX || kinf_now_ms() < until)) {
            kinf__wq_wait(q, &q->cv_drain, until);
        }
    }
#else
    (void)timeout_ms;
#endif
    n = q->processing;
    KINF__WQ_UNLOCK(q);
    return n;
}
KINF_API int kinf_workqueue_shutting_down(kinf_workqueue_t* q) {
    int r;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    r = q->shutting_down;
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API int kinf_workqueue_processing(kinf_workqueue_t* q) {
    int r;
    if (!kinf__wq_ok(q)) { return 0; }
    KINF__WQ_LOCK(q);
    r = q->processing;
    KINF__WQ_UNLOCK(q);
    return r;
}
KINF_API kinf_workqueue_stats_t kinf_workqueue_stats(kinf_workqueue_t* q, uint64_t now_ms) {
    kinf_workqueue_stats_t s;
    int i;
    memset(&s, 0, sizeof(s));
    if (!kinf__wq_ok(q)) { return s; }
    KINF__WQ_LOCK(q);
    s = q->st;
    s.depth = q->depth; s.delayed = q->nheap; s.processing = q->processing;
    s.held = q->held; s.capacity = q->cap; s.mem_used = q->mem_size;
    s.unfinished_ms = 0; s.longest_running_ms = 0;
    for (i = 0; i < q->cap && q->processing > 0; i++) {
        if (q->e[i].flags & KINF__WQ_PROC) {
            uint64_t d = now_ms > q->e[i].start_ms ? now_ms - q->e[i].start_ms : 0;
            s.unfinished_ms += d;
            if (d > s.longest_running_ms) { s.longest_running_ms = d; }
        }
    }
    KINF__WQ_UNLOCK(q);
    return s;
}
KINF_API int kinf_workqueue_get_wait(kinf_workqueue_t* q, int timeout_ms, kinf_workqueue_item_t* out) {
    uint64_t now, until, wake;
    int r;
    if (!kinf__wq_ok(q) || !out) { return KINF_ERR_INVAL; }
    now = kinf_now_ms();
    until = timeout_ms < 0 ? UINT64_MAX : now + (uint64_t)timeout_ms;
    KINF__WQ_LOCK(q);
    /* ends with an item, the shut down, or the time: each pass sleeps until
       one of them may have come */
    for (;;) {
        r = kinf__wq_get(q, now, out);
        if (r != KINF_WQ_EMPTY || now >= until) { break; }
        wake = q->nheap > 0 && q->e[q->heap[0]].due_ms < until ? q->e[q->heap[0]].due_ms : until;
#ifdef KINF_WORKQUEUE_THREADS
        kinf__wq_wait(q, &q->cv_get, wake);
#else
        if (wake == UINT64_MAX) { break; } /* nothing else can add: the caller's thread is here */
        {
            uint64_t ms = wake > now ? wake - now : 0;
            poll(0, 0, ms > 0x7fffffffu ? 0x7fffffff : (int)ms);
        }
#endif
        now = kinf_now_ms();
    }
#ifdef KINF_WORKQUEUE_THREADS
    if (r == KINF_WQ_ITEM && q->depth > 0) { pthread_cond_signal(&q->cv_get); } /* more due: another worker */
#endif
    KINF__WQ_UNLOCK(q);
    return r;
}
#endif /* KINF_NO_WORKQUEUE */

