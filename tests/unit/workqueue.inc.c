/* workqueue.inc.c - included by main.c: the workqueue (>>workqueue):
   dedup, delays, the rate limiter, against a plain model; with
   KINF_WORKQUEUE_THREADS, workers on one queue. */

static kinf_workqueue_t* wq_mk(const kinf_workqueue_desc_t* d) {
    size_t n = kinf_workqueue_size(d);
    void* mem = malloc(n);
    kinf_workqueue_t* q = mem ? kinf_workqueue_init(mem, n, d) : 0;
    if (!q) { free(mem); }
    return q;
}
static void wq_rm(kinf_workqueue_t* q) { if (q) { kinf_workqueue_destroy(q); free(q); } }
/* gets one item at now and returns its key ("" for none) */
static const char* wq_get_key(kinf_workqueue_t* q, uint64_t now) {
    static char k[64];
    kinf_workqueue_item_t it;
    k[0] = 0;
    if (kinf_workqueue_get(q, now, &it) == KINF_WQ_ITEM) { snprintf(k, sizeof k, "%s", it.key); }
    return k;
}
static void test_workqueue(void) {
    kinf_workqueue_desc_t d;
    kinf_workqueue_t* q;
    kinf_workqueue_item_t it;
    kinf_workqueue_stats_t s;
    char key[32];
    int i, ok;
    unsigned char small[64];
    g_test = "workqueue";
    memset(&d, 0, sizeof d);
    d.logger.func = rec_log;
    log_reset();
    /* sizing: exact, refused below it */
    CHECK(kinf_workqueue_size(&d) > 1024u * 256u);
    CHECK(kinf_workqueue_init(small, sizeof small, &d) == 0);
    CHECK_INT(logged(KINF_LOGITEM_MEMORY_TOO_SMALL), 1);
    {
        size_t n = kinf_workqueue_size(&d);
        void* m = malloc(n);
        CHECK(kinf_workqueue_init(m, n - 1, &d) == 0);
        CHECK(kinf_workqueue_init(m, n, &d) == m);
        kinf_workqueue_destroy((kinf_workqueue_t*)m);
        free(m);
    }
    /* dedup while waiting; FIFO; Len */
    d.capacity = 4;
    q = wq_mk(&d);
    CHECK(q != 0);
    if (!q) { return; }
    CHECK_INT(kinf_workqueue_add(q, "pods", "ns/a"), KINF_OK);
    CHECK_INT(kinf_workqueue_add(q, "pods", "ns/b"), KINF_OK);
    CHECK_INT(kinf_workqueue_add(q, "pods", "ns/a"), KINF_OK);
    CHECK_INT(kinf_workqueue_add(q, "configmaps", "ns/a"), KINF_OK); /* another resource: another item */
    CHECK_INT(kinf_workqueue_len(q), 3);
    s = kinf_workqueue_stats(q, 0);
    CHECK_INT(s.adds, 3); CHECK_INT(s.deduplicated, 1); CHECK_INT(s.held, 3);
    CHECK_INT(kinf_workqueue_get(q, 0, &it), KINF_WQ_ITEM);
    CHECK_STR(it.resource, "pods"); CHECK_STR(it.key, "ns/a");
    /* added while processing: not handed out again until done */
    CHECK_INT(kinf_workqueue_add(q, "pods", "ns/a"), KINF_OK);
    CHECK_INT(kinf_workqueue_len(q), 2);
    CHECK_STR(wq_get_key(q, 0), "ns/b");
    CHECK_INT(kinf_workqueue_get(q, 0, &it), KINF_WQ_ITEM);
    CHECK_STR(it.resource, "configmaps");
    CHECK_INT(kinf_workqueue_get(q, 0, &it), KINF_WQ_EMPTY);
    CHECK_INT(kinf_workqueue_done(q, "pods", "ns/a", 0), KINF_OK);
    CHECK_INT(kinf_workqueue_len(q), 1);
    CHECK_STR(wq_get_key(q, 0), "ns/a");
    CHECK_INT(kinf_workqueue_done(q, "pods", "ns/a", 0), KINF_OK);
    CHECK_INT(kinf_workqueue_done(q, "pods", "ns/a", 0), KINF_ERR_INVAL); /* not processing */
    CHECK_INT(kinf_workqueue_done(q, "pods", "ns/b", 0), KINF_OK);
    CHECK_INT(kinf_workqueue_done(q, "configmaps", "ns/a", 0), KINF_OK);
    s = kinf_workqueue_stats(q, 0);
    CHECK_INT(s.held, 0); CHECK_INT(s.processing, 0); CHECK_INT(s.gets, 4); CHECK_INT(s.dones, 4);
    /* full: refused, counted, logged once per filling, nothing lost */
    log_reset();
    for (i = 0; i < 4; i++) { snprintf(key, sizeof key, "k%d", i); CHECK_INT(kinf_workqueue_add(q, 0, key), KINF_OK); }
    CHECK_INT(kinf_workqueue_add(q, 0, "k4"), KINF_ERR_NOMEM);
    CHECK_INT(kinf_workqueue_add(q, 0, "k5"), KINF_ERR_NOMEM);
    CHECK_INT(kinf_workqueue_add(q, 0, "k0"), KINF_OK); /* one held: a duplicate is fine */
    CHECK_INT(kinf_workqueue_add_after(q, 0, "k6", 10, 0), KINF_ERR_NOMEM);
    CHECK_INT(kinf_workqueue_add_rate_limited(q, 0, "k7", 0), KINF_ERR_NOMEM);
    CHECK_INT(kinf_workqueue_num_requeues(q, 0, "k7"), 0);
    CHECK_INT(logged(KINF_LOGITEM_WORKQUEUE_FULL), 1);
    s = kinf_workqueue_stats(q, 0);
    CHECK_INT(s.refused_full, 4); CHECK_INT(s.held, 4); CHECK_INT(s.depth, 4); CHECK_INT(s.retries, 0);
    CHECK_STR(wq_get_key(q, 0), "k0");
    CHECK_INT(kinf_workqueue_done(q, 0, "k0", 0), KINF_OK);
    CHECK_INT(kinf_workqueue_add(q, 0, "k4"), KINF_OK);      /* room again */
    CHECK_INT(kinf_workqueue_add(q, 0, "k5"), KINF_ERR_NOMEM);
    CHECK_INT(logged(KINF_LOGITEM_WORKQUEUE_FULL), 2);      /* full again: logged again */
    /* bad arguments */
    log_reset();
    CHECK_INT(kinf_workqueue_add(q, 0, ""), KINF_ERR_INVAL);
    CHECK_INT(kinf_workqueue_add(q, 0, 0), KINF_ERR_INVAL);
    CHECK_INT(kinf_workqueue_add(0, 0, "x"), KINF_ERR_INVAL);
    CHECK_INT(kinf_workqueue_get(q, 0, 0), KINF_ERR_INVAL);
    {
        char longkey[300];
        memset(longkey, 'x', sizeof longkey - 1); longkey[sizeof longkey - 1] = 0;
        CHECK_INT(kinf_workqueue_add(q, "pods", longkey), KINF_ERR_INVAL);
        CHECK_INT(logged(KINF_LOGITEM_WORKQUEUE_KEY_TOO_LONG), 1);
        longkey[256 - 2 - 4] = 0;    /* "pods" NUL key NUL fills 256 exactly; shut out by the full queue */
        CHECK_INT(kinf_workqueue_add(q, "pods", longkey), KINF_ERR_NOMEM);
        longkey[256 - 2 - 4] = 'x'; longkey[256 - 1 - 4] = 0;
        CHECK_INT(kinf_workqueue_add(q, "pods", longkey), KINF_ERR_INVAL);
    }
    wq_rm(q);

    /* backoff 5, 10, 20 ... capped; Forget resets it; NumRequeues counts */
    memset(&d, 0, sizeof d);
    d.bucket_qps = -1; /* the per-item part alone */
    d.max_delay_ms = 1000;
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    {
        static const uint64_t want[] = { 5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000 };
        ok = 1;
        for (i = 0; i < 10; i++) {
            uint64_t now = 100000u * (uint64_t)(i + 1);
            if (kinf_workqueue_add_rate_limited(q, "pods", "a", now) != KINF_OK) { ok = 0; }
            if (kinf_workqueue_deadline(q) != now + want[i]) { ok = 0; note("requeue %d: due %llu, want +%llu", i, (unsigned long long)(kinf_workqueue_deadline(q) - now), (unsigned long long)want[i]); }
            if (kinf_workqueue_timeout_ms(q, now) != (int)want[i]) { ok = 0; }
            if (kinf_workqueue_get(q, now + want[i] - 1, &it) != KINF_WQ_EMPTY) { ok = 0; }
            if (kinf_workqueue_get(q, now + want[i], &it) != KINF_WQ_ITEM) { ok = 0; }
            if (kinf_workqueue_done(q, "pods", "a", now + want[i]) != KINF_OK) { ok = 0; }
        }
        CHECK(ok);
    }
    CHECK_INT(kinf_workqueue_num_requeues(q, "pods", "a"), 10);
    CHECK_INT(kinf_workqueue_stats(q, 0).held, 1);           /* its count is remembered */
    kinf_workqueue_forget(q, "pods", "a");
    CHECK_INT(kinf_workqueue_num_requeues(q, "pods", "a"), 0);
    CHECK_INT(kinf_workqueue_stats(q, 0).held, 0);
    CHECK_INT(kinf_workqueue_add_rate_limited(q, "pods", "a", 5000), KINF_OK);
    CHECK_INT(kinf_workqueue_deadline(q), 5005);
    /* a large count saturates at the cap, no overflow */
    for (i = 0; i < 70; i++) { kinf_workqueue_add_rate_limited(q, "pods", "b", 0); }
    CHECK_INT(kinf_workqueue_num_requeues(q, "pods", "b"), 70);
    kinf_workqueue_forget(q, "pods", "b");
    CHECK_INT(kinf_workqueue_add_rate_limited(q, "pods", "b", 0), KINF_OK); /* forgotten while delayed: 5 again */
    CHECK_INT(kinf_workqueue_deadline(q), 5);
    wq_rm(q);

    /* the token bucket at 10/s, burst 100: 100 at once, then 100 ms apart;
       the delay is the larger of the two parts */
    memset(&d, 0, sizeof d);
    d.capacity = 300;
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    ok = 1;
    for (i = 0; i < 100; i++) {
        snprintf(key, sizeof key, "k%d", i);
        kinf_workqueue_add_rate_limited(q, 0, key, 1000);
    }
    CHECK_INT(kinf_workqueue_deadline(q), 1005);            /* the per-item 5 ms */
    CHECK_INT(kinf_workqueue_tick(q, 1005), 100);
    for (i = 100; i < 110; i++) {
        snprintf(key, sizeof key, "k%d", i);
        kinf_workqueue_add_rate_limited(q, 0, key, 1000);
        if (kinf_workqueue_deadline(q) != 1000u + 100u * (uint64_t)(i - 99)) { ok = 0; note("call %d due %llu", i + 1, (unsigned long long)kinf_workqueue_deadline(q)); }
        kinf_workqueue_tick(q, 100000);
    }
    CHECK(ok);
    /* it refills: 10 s idle is 100 tokens again */
    kinf_workqueue_add_rate_limited(q, 0, "late", 1000 + 1000 + 10000);
    CHECK_INT(kinf_workqueue_deadline(q), 1000 + 1000 + 10000 + 5);
    wq_rm(q);

    /* AddAfter: <= 0 at once, ordering by time then by the order delayed,
       the earlier time wins */
    memset(&d, 0, sizeof d);
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    CHECK_INT(kinf_workqueue_add_after(q, 0, "now", 0, 50), KINF_OK);
    CHECK_INT(kinf_workqueue_add_after(q, 0, "neg", -5, 50), KINF_OK);
    CHECK_INT(kinf_workqueue_len(q), 2);
    kinf_workqueue_add_after(q, 0, "c", 30, 0);
    kinf_workqueue_add_after(q, 0, "a", 20, 0);
    kinf_workqueue_add_after(q, 0, "b", 20, 0);
    kinf_workqueue_add_after(q, 0, "d", 30, 0);
    kinf_workqueue_add_after(q, 0, "e", 20, 0);
    kinf_workqueue_add_after(q, 0, "d", 10, 5);   /* earlier: 15 */
    kinf_workqueue_add_after(q, 0, "a", 100, 0);  /* later: keeps 20 */
    CHECK_INT(kinf_workqueue_stats(q, 0).delayed, 5);
    CHECK_INT(kinf_workqueue_timeout_ms(q, 0), 0);           /* two waiting */
    CHECK_STR(wq_get_key(q, 0), "now");
    CHECK_STR(wq_get_key(q, 0), "neg");
    CHECK_INT(kinf_workqueue_timeout_ms(q, 0), 15);
    CHECK_INT(kinf_workqueue_get(q, 14, &it), KINF_WQ_EMPTY);
    {
        char order[16] = "";
        for (i = 0; i < 6; i++) { strcat(order, wq_get_key(q, 40)); }
        CHECK_STR(order, "dabec");
    }
    CHECK_INT(kinf_workqueue_timeout_ms(q, 40), -1);
    wq_rm(q);

    /* shut down: adds refused, delayed dropped, waiting ones still handed
       out, then SHUTDOWN; drain counts what is processing */
    memset(&d, 0, sizeof d);
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    kinf_workqueue_add(q, 0, "a"); kinf_workqueue_add(q, 0, "b"); kinf_workqueue_add(q, 0, "c");
    kinf_workqueue_add_after(q, 0, "later", 100, 0);
    CHECK_STR(wq_get_key(q, 0), "a");
    CHECK_INT(kinf_workqueue_shut_down_with_drain(q, 0), 1);
    CHECK_INT(kinf_workqueue_shutting_down(q), 1);
    CHECK_INT(kinf_workqueue_add(q, 0, "d"), KINF_ERR_STATE);
    CHECK_INT(kinf_workqueue_add(q, 0, "a"), KINF_ERR_STATE); /* not queued again at its done */
    s = kinf_workqueue_stats(q, 500);
    CHECK_INT(s.refused_shutdown, 2); CHECK_INT(s.dropped_delayed, 1); CHECK_INT(s.delayed, 0);
    CHECK_INT(s.longest_running_ms, 500); CHECK_INT(s.unfinished_ms, 500);
    CHECK_STR(wq_get_key(q, 200), "b");
    s = kinf_workqueue_stats(q, 500);
    CHECK_INT(s.longest_running_ms, 500); CHECK_INT(s.unfinished_ms, 800);
    CHECK_STR(wq_get_key(q, 200), "c");
    CHECK_INT(kinf_workqueue_get(q, 1000, &it), KINF_WQ_SHUTDOWN);
    CHECK_INT(kinf_workqueue_get_wait(q, -1, &it), KINF_WQ_SHUTDOWN);
    CHECK_INT(kinf_workqueue_processing(q), 3);
    kinf_workqueue_done(q, 0, "a", 0); kinf_workqueue_done(q, 0, "b", 0); kinf_workqueue_done(q, 0, "c", 0);
    CHECK_INT(kinf_workqueue_shut_down_with_drain(q, 0), 0);
    CHECK_INT(kinf_workqueue_stats(q, 0).held, 0);
    wq_rm(q);

    /* get_wait without threads sleeps until a delayed item is due */
    memset(&d, 0, sizeof d);
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    {
        uint64_t t0 = kinf_workqueue_now_ms();
        kinf_workqueue_add_after(q, 0, "soon", 30, t0);
        CHECK_INT(kinf_workqueue_get_wait(q, 5, &it), KINF_WQ_EMPTY);
        CHECK_INT(kinf_workqueue_get_wait(q, 1000, &it), KINF_WQ_ITEM);
        CHECK(kinf_workqueue_now_ms() >= t0 + 30);
#ifndef KINF_WORKQUEUE_THREADS
        CHECK_INT(kinf_workqueue_get_wait(q, -1, &it), KINF_WQ_EMPTY); /* nothing can come */
#else
        CHECK_INT(kinf_workqueue_get_wait(q, 20, &it), KINF_WQ_EMPTY);
#endif
    }
    wq_rm(q);
}

/* The queue against a plain model: arrays searched linearly, the semantics
   written out as client-go states them. Random operations, a fixed seed. */
#define WQM_KEYS 12
typedef struct wq_model {
    int dirty[WQM_KEYS], proc[WQM_KEYS], delayed[WQM_KEYS], req[WQM_KEYS];
    uint64_t due[WQM_KEYS], seq[WQM_KEYS], nseq;
    int fifo[64], nfifo;
    int shut;
    uint64_t tat;
} wq_model;
static int wqm_held(const wq_model* m, int k) { return m->dirty[k] || m->proc[k] || m->delayed[k] || m->req[k]; }
static int wqm_nheld(const wq_model* m) { int k, n = 0; for (k = 0; k < WQM_KEYS; k++) { n += wqm_held(m, k); } return n; }
static void wqm_add(wq_model* m, int k) {
    if (m->dirty[k]) { return; }
    m->dirty[k] = 1;
    if (!m->proc[k]) { m->fifo[m->nfifo++] = k; }
}
static void wqm_tick(wq_model* m, uint64_t now) {
    for (;;) {  /* the earliest due, ties by seq */
        int k, best = -1;
        for (k = 0; k < WQM_KEYS; k++) {
            if (m->delayed[k] && m->due[k] <= now &&
                (best < 0 || m->due[k] < m->due[best] || (m->due[k] == m->due[best] && m->seq[k] < m->seq[best]))) { best = k; }
        }
        if (best < 0) { return; }
        m->delayed[best] = 0;
        wqm_add(m, best);
    }
}
static void wqm_after(wq_model* m, int k, uint64_t due) {
    if (m->delayed[k]) { if (due < m->due[k]) { m->due[k] = due; } return; }
    m->delayed[k] = 1; m->due[k] = due; m->seq[k] = m->nseq++;
}
static void test_workqueue_model(void) {
    kinf_workqueue_desc_t d;
    kinf_workqueue_t* q;
    wq_model m;
    uint64_t now = 0;
    int step, ok = 1, cap = 8;
    g_test = "workqueue_model";
    memset(&d, 0, sizeof d);
    memset(&m, 0, sizeof m);
    d.capacity = cap; d.base_delay_ms = 3; d.max_delay_ms = 50; d.bucket_qps = 100; d.bucket_burst = 4;
    q = wq_mk(&d);
    if (!q) { CHECK(q != 0); return; }
    g_rng = 4242u;
    for (step = 0; step < 20000 && ok; step++) {
        int op = (int)rnd(100), k = (int)rnd(WQM_KEYS), r, want;
        char key[16];
        kinf_workqueue_item_t it;
        snprintf(key, sizeof key, "k%d", k);
        now += rnd(4);
        if (step == 19000) { kinf_workqueue_shut_down(q); m.shut = 1; for (r = 0; r < WQM_KEYS; r++) { m.delayed[r] = 0; } }
        if (op < 25) {
            want = m.shut ? KINF_ERR_STATE : (!wqm_held(&m, k) && wqm_nheld(&m) >= cap) ? KINF_ERR_NOMEM : KINF_OK;
            r = kinf_workqueue_add(q, "r", key);
            if (want == KINF_OK) { wqm_add(&m, k); }
        } else if (op < 35) {
            int64_t dl = (int64_t)rnd(40) - 5;
            want = m.shut ? KINF_ERR_STATE : (!wqm_held(&m, k) && wqm_nheld(&m) >= cap) ? KINF_ERR_NOMEM : KINF_OK;
            r = kinf_workqueue_add_after(q, "r", key, dl, now);
            if (want == KINF_OK) { if (dl <= 0) { wqm_add(&m, k); } else { wqm_after(&m, k, now + (uint64_t)dl); } }
        } else if (op < 45) {
            want = m.shut ? KINF_ERR_STATE : (!wqm_held(&m, k) && wqm_nheld(&m) >= cap) ? KINF_ERR_NOMEM : KINF_OK;
            r = kinf_workqueue_add_rate_limited(q, "r", key, now);
            if (want == KINF_OK) {
                uint64_t back = m.req[k] >= 5 ? 50 : 3u << m.req[k], w = 0, t = 10000, tau = 3 * t;
                if (back > 50) { back = 50; }
                m.req[k]++;
                if (m.tat < now * 1000) { m.tat = now * 1000; }
                if (m.tat > now * 1000 + tau) { w = (m.tat - now * 1000 - tau + 999) / 1000; }
                m.tat += t;
                if (w > back) { back = w; }
                if (back == 0) { wqm_add(&m, k); } else { wqm_after(&m, k, now + back); }
            }
        } else if (op < 50) {
            kinf_workqueue_forget(q, "r", key);
            m.req[k] = 0;
            r = want = 0;
        } else if (op < 80) {
            wqm_tick(&m, now);
            want = m.nfifo ? KINF_WQ_ITEM : m.shut ? KINF_WQ_SHUTDOWN : KINF_WQ_EMPTY;
            r = kinf_workqueue_get(q, now, &it);
            if (want == KINF_WQ_ITEM) {
                int g = m.fifo[0];
                char gk[16];
                memmove(m.fifo, m.fifo + 1, (size_t)(m.nfifo - 1) * sizeof(int)); m.nfifo--;
                m.dirty[g] = 0; m.proc[g] = 1;
                snprintf(gk, sizeof gk, "k%d", g);
                if (r == KINF_WQ_ITEM && (strcmp(it.key, gk) || strcmp(it.resource, "r") || it.requeues != m.req[g])) {
                    ok = 0; note("step %d: got %s, model %s", step, it.key, gk);
                }
            }
        } else {
            /* done for a processing key (or a refused done for another) */
            want = m.proc[k] ? KINF_OK : KINF_ERR_INVAL;
            r = kinf_workqueue_done(q, "r", key, now);
            if (m.proc[k]) { m.proc[k] = 0; if (m.dirty[k]) { m.fifo[m.nfifo++] = k; } }
        }
        if (r != want) { ok = 0; note("step %d op %d key %d: %d, model %d", step, op, k, r, want); }
        wqm_tick(&m, now);
        kinf_workqueue_tick(q, now);
        {
            kinf_workqueue_stats_t s = kinf_workqueue_stats(q, now);
            int nd = 0, np = 0, j;
            for (j = 0; j < WQM_KEYS; j++) {
                nd += m.delayed[j]; np += m.proc[j];
                snprintf(key, sizeof key, "k%d", j);
                if (kinf_workqueue_num_requeues(q, "r", key) != m.req[j]) { ok = 0; note("step %d: requeues of %s", step, key); }
            }
            if (s.depth != m.nfifo || s.delayed != nd || s.processing != np || s.held != wqm_nheld(&m)) {
                ok = 0; note("step %d: depth %d/%d delayed %d/%d processing %d/%d held %d/%d", step,
                             s.depth, m.nfifo, s.delayed, nd, s.processing, np, s.held, wqm_nheld(&m));
            }
            if (kinf_workqueue_timeout_ms(q, now) != (m.nfifo ? 0 : nd ? 1 : -1) && !(nd && !m.nfifo && kinf_workqueue_timeout_ms(q, now) > 0)) { ok = 0; note("step %d: timeout", step); }
        }
    }
    CHECK(ok);
    CHECK_INT(step, 20000);
    wq_rm(q);
}

#ifdef KINF_WORKQUEUE_THREADS
#include <pthread.h>
/* Workers on one queue: every key added is processed, none by two workers
   at once (a per-key flag, changed only by the worker holding the key). */
#define WQT_KEYS 64
#define WQT_WORKERS 4
static kinf_workqueue_t* g_wqt;
static volatile int g_wqt_busy[WQT_KEYS];
static int g_wqt_done[WQT_KEYS], g_wqt_overlap, g_wqt_items;
static pthread_mutex_t g_wqt_mu = PTHREAD_MUTEX_INITIALIZER;
static void* wqt_worker(void* arg) {
    kinf_workqueue_item_t it;
    (void)arg;
    for (;;) {
        int r = kinf_workqueue_get_wait(g_wqt, 2000, &it), k;
        if (r == KINF_WQ_SHUTDOWN) { break; }
        if (r != KINF_WQ_ITEM) { continue; }
        k = atoi(it.key + 1);
        pthread_mutex_lock(&g_wqt_mu);
        if (g_wqt_busy[k]) { g_wqt_overlap++; }
        g_wqt_busy[k] = 1;
        pthread_mutex_unlock(&g_wqt_mu);
        { struct timespec ts = { 0, 200000 }; nanosleep(&ts, 0); }
        pthread_mutex_lock(&g_wqt_mu);
        g_wqt_busy[k] = 0; g_wqt_done[k]++; g_wqt_items++;
        pthread_mutex_unlock(&g_wqt_mu);
        if (k % 7 == 0 && kinf_workqueue_num_requeues(g_wqt, "r", it.key) < 2) {
            kinf_workqueue_add_rate_limited(g_wqt, "r", it.key, kinf_workqueue_now_ms()); /* a failure: retried */
        } else {
            kinf_workqueue_forget(g_wqt, "r", it.key);
        }
        kinf_workqueue_done(g_wqt, "r", it.key, kinf_workqueue_now_ms());
    }
    return 0;
}
static void test_workqueue_threads(void) {
    kinf_workqueue_desc_t d;
    pthread_t th[WQT_WORKERS];
    int i, round, ok = 1, left;
    char key[16];
    g_test = "workqueue_threads";
    memset(&d, 0, sizeof d);
    d.capacity = WQT_KEYS; d.base_delay_ms = 1; d.bucket_qps = -1;
    g_wqt = wq_mk(&d);
    if (!g_wqt) { CHECK(g_wqt != 0); return; }
    for (i = 0; i < WQT_WORKERS; i++) { pthread_create(&th[i], 0, wqt_worker, 0); }
    for (round = 0; round < 50; round++) {  /* keys added again and again, while processing too */
        for (i = 0; i < WQT_KEYS; i++) {
            snprintf(key, sizeof key, "k%d", i);
            if (kinf_workqueue_add(g_wqt, "r", key) != KINF_OK) { ok = 0; }
        }
        if (round % 10 == 0) { struct timespec ts = { 0, 1000000 }; nanosleep(&ts, 0); }
    }
    /* let the retries come due, then drain */
    for (i = 0; i < 200 && (kinf_workqueue_len(g_wqt) || kinf_workqueue_stats(g_wqt, 0).delayed); i++) {
        struct timespec ts = { 0, 5000000 }; nanosleep(&ts, 0);
    }
    left = kinf_workqueue_shut_down_with_drain(g_wqt, 5000);
    for (i = 0; i < WQT_WORKERS; i++) { pthread_join(th[i], 0); }
    CHECK(ok);
    CHECK_INT(left, 0);
    CHECK_INT(g_wqt_overlap, 0);
    for (i = 0; i < WQT_KEYS; i++) { if (!g_wqt_done[i] || (i % 7 == 0 && g_wqt_done[i] < 3)) { ok = 0; note("key %d processed %d times", i, g_wqt_done[i]); } }
    CHECK(ok);
    CHECK_INT(kinf_workqueue_stats(g_wqt, 0).processing, 0);
    CHECK_INT(kinf_workqueue_stats(g_wqt, 0).dones, g_wqt_items);
    wq_rm(g_wqt);
}
/* A blocked get wakes at an add (not at its timeout); a drain waits for the
   item processing. */
static int g_wqw_got, g_wqw_done;
static uint64_t g_wqw_waited;
static void* wqw_worker(void* arg) {
    kinf_workqueue_item_t it;
    uint64_t t0 = kinf_workqueue_now_ms();
    (void)arg;
    g_wqw_got = kinf_workqueue_get_wait(g_wqt, 5000, &it);
    g_wqw_waited = kinf_workqueue_now_ms() - t0;
    if (g_wqw_got == KINF_WQ_ITEM) {
        struct timespec ts = { 0, 100000000 };
        nanosleep(&ts, 0);
        __atomic_store_n(&g_wqw_done, 1, __ATOMIC_SEQ_CST);
        kinf_workqueue_done(g_wqt, it.resource, it.key, kinf_workqueue_now_ms());
    }
    return 0;
}
static void test_workqueue_wake_drain(void) {
    kinf_workqueue_desc_t d;
    pthread_t th;
    int i, left;
    g_test = "workqueue_wake_drain";
    memset(&d, 0, sizeof d);
    g_wqt = wq_mk(&d);
    if (!g_wqt) { CHECK(g_wqt != 0); return; }
    pthread_create(&th, 0, wqw_worker, 0);
    { struct timespec ts = { 0, 50000000 }; nanosleep(&ts, 0); }
    kinf_workqueue_add(g_wqt, "pods", "ns/x");
    for (i = 0; i < 2000 && kinf_workqueue_processing(g_wqt) == 0; i++) { struct timespec ts = { 0, 1000000 }; nanosleep(&ts, 0); }
    left = kinf_workqueue_shut_down_with_drain(g_wqt, -1);
    CHECK_INT(left, 0);
    CHECK_INT(__atomic_load_n(&g_wqw_done, __ATOMIC_SEQ_CST), 1);
    pthread_join(th, 0);
    CHECK_INT(g_wqw_got, KINF_WQ_ITEM);
    CHECK(g_wqw_waited < 2000);
    wq_rm(g_wqt);
}
#endif
