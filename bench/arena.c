/* The store's footprint (docs/memory.md, "What RSS follows"): the pages of
   the informer's memory that are resident, against the bytes the store
   holds, under a steady churn and through a relist in which every object
   changed. The memory is mmap'd fresh for each case, so a page is resident
   only once the informer wrote it; residency is read with mincore() after
   every read's worth of events (64 KiB) and the highest is kept. The engine
   is fed watch events from memory (bench/pods.h), delivered after each read
   as a driver does; a relist's objects reach the store the same way (one
   upsert each), so the relist is fed as an update of every key.
     build/bench-arena [PODS [UPDATES [RELIST_PODS]]]
   defaults 10,000 pods of about 525 bytes, 100,000 updates, a relist of
   20,000 pods of about 3.5 KB. Built twice by `make bench-arena`: against
   this tree's kinformer.h and against the one of BENCH_ARENA_BASE (commit
   08e64ac8c227, the store before its free lists: a bump allocator that
   compacts when full; -I), so the two allocators print side by side. */
#define _DEFAULT_SOURCE
#define KINF__KEEP_PRIVATE_MACROS /* KINF__SL_N says which allocator this is */
#define KINFORMER_IMPLEMENTATION
#include "kinformer.h"
#include "bench/pods.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define READ_BYTES (64u << 10)
static char g_buf[READ_BYTES + 8192], g_pad[4096];
static unsigned long long g_rng = 88172645463325252ull;
static unsigned rnd(unsigned n) { g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17; return (unsigned)(g_rng >> 11) % n; }
static size_t g_page;

typedef struct { void* mem; size_t size; kinf_informer_t* inf; size_t peak_block, peak_arena; } bench_inf;

/* resident bytes of [p, p + n) */
static size_t resident(const void* p, size_t n) {
    static unsigned char vec[1u << 20];
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(g_page - 1u), e = (uintptr_t)p + n;
    size_t pages = (size_t)((e - a + g_page - 1u) / g_page), i, r = 0, at = 0;
    while (at < pages) {
        size_t k = pages - at < sizeof(vec) ? pages - at : sizeof(vec);
        if (mincore((void*)(a + at * g_page), k * g_page, vec) != 0) { return 0; }
        for (i = 0; i < k; i++) { r += vec[i] & 1u; }
        at += k;
    }
    return r * g_page;
}
static void sample(bench_inf* b) {
    size_t blk = resident(b->mem, b->size), ar = resident(b->inf->arena, b->inf->store_bytes);
    if (blk > b->peak_block) { b->peak_block = blk; }
    if (ar > b->peak_arena) { b->peak_arena = ar; }
}
static int mk(bench_inf* b, unsigned max_objects, size_t store_bytes) {
    kinf_desc_t d;
    memset(b, 0, sizeof(*b));
    memset(&d, 0, sizeof(d));
    d.server = "http://127.0.0.1:1";
    d.resource = "pods";
    d.max_objects = (int)max_objects;
    d.store_bytes = store_bytes;
    d.max_event_bytes = 1 << 15;
    b->size = kinf_informer_size(&d);
    b->mem = mmap(0, b->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b->mem == MAP_FAILED) { return 0; }
    b->inf = kinf_init(b->mem, b->size, &d);
    if (!b->inf) { munmap(b->mem, b->size); return 0; }
    bench_watch_begin(b->inf);
    return 1;
}
static void rm(bench_inf* b) { munmap(b->mem, b->size); }
/* pad bytes of the note: base, and up to spread more at random */
static const char* pad(unsigned base, unsigned spread) {
    static char p[sizeof(g_pad)];
    size_t n = base + (spread ? rnd(spread) : 0u);
    memcpy(p, g_pad, n); p[n] = 0;
    return p;
}
/* events of pods [0, n): type, resourceVersion rv upward; a read's worth at a time */
static void feed_all(bench_inf* b, const char* type, unsigned n, unsigned long* rv, unsigned base, unsigned spread) {
    size_t len = 0;
    unsigned p;
    for (p = 0; p < n; p++) {
        len += bench_pod_event(g_buf + len, sizeof(g_buf) - len, type, p, ++*rv, pad(base, spread));
        if (len >= READ_BYTES || p + 1 == n) { bench_feed_watch(b->inf, g_buf, len, 1); len = 0; sample(b); }
    }
}
static size_t fixed_resident(bench_inf* b) { return resident(b->mem, b->size) - resident(b->inf->arena, b->inf->store_bytes); }
static const char* allocator(void) {
#ifdef KINF__SL_N
    return "free lists";
#else
    return "bump (base)";
#endif
}
/* the store's compactions, as text (the base's store does not count them) */
static const char* compactions(kinf_informer_t* inf) {
    static char t[24];
#ifdef KINF__SL_N
    snprintf(t, sizeof(t), "%llu", (unsigned long long)kinf_stats(inf).store_compactions);
#else
    (void)inf;
    snprintf(t, sizeof(t), "not counted");
#endif
    return t;
}
#define PAD_BASE 40u
#define PAD_SPREAD 64u
/* the live bytes of the churn's pods: measured on a store that never fills */
static size_t live_bytes(unsigned pods) {
    bench_inf b;
    unsigned long rv = 1000;
    size_t used;
    unsigned long long keep = g_rng;
    if (!mk(&b, pods + 64, (size_t)pods * 2048u)) { return 0; }
    feed_all(&b, "ADDED", pods, &rv, PAD_BASE, PAD_SPREAD);
    used = kinf_stats(b.inf).store_used;
    rm(&b);
    g_rng = keep;
    return used;
}
static int churn(unsigned pods, unsigned updates, size_t live, double k) {
    bench_inf b;
    unsigned long rv = 1000;
    unsigned i;
    size_t len = 0, used_peak;
    kinf_stats_t st;
    if (!mk(&b, pods + 64, (size_t)((double)live * k))) { fprintf(stderr, "bench-arena: no memory\n"); return 0; }
    feed_all(&b, "ADDED", pods, &rv, PAD_BASE, PAD_SPREAD);
    for (i = 0; i < updates; i++) {
        len += bench_pod_event(g_buf + len, sizeof(g_buf) - len, "MODIFIED", rnd(pods), ++rv, pad(PAD_BASE, PAD_SPREAD));
        if (len >= READ_BYTES || i + 1 == updates) { bench_feed_watch(b.inf, g_buf, len, 1); len = 0; sample(&b); }
    }
    st = kinf_stats(b.inf);
    used_peak = st.store_peak;
    printf("churn %-11s capacity %4.1fx live: store used %8zu peak %8zu capacity %9zu | arena resident peak %9zu = %.2fx used peak; informer resident peak %9zu (fixed part %zu); compactions %s, dropped %llu\n",
           allocator(), k, st.store_used, used_peak, st.store_capacity, b.peak_arena, (double)b.peak_arena / (double)used_peak,
           b.peak_block, fixed_resident(&b), compactions(b.inf), (unsigned long long)st.dropped);
    rm(&b);
    return 1;
}
static int relist(unsigned pods) {
    bench_inf b;
    unsigned long rv = 1000;
    size_t before, live = (size_t)pods * 3600u;
    kinf_stats_t st;
    if (!mk(&b, pods + 64, live * 3u)) { fprintf(stderr, "bench-arena: no memory\n"); return 0; }
    feed_all(&b, "ADDED", pods, &rv, 3000u, 64u);
    before = resident(b.mem, b.size);
    b.peak_block = b.peak_arena = 0;
    feed_all(&b, "MODIFIED", pods, &rv, 3000u, 64u); /* every object changed */
    st = kinf_stats(b.inf);
    printf("relist %-10s %u pods, store used %zu of %zu: informer resident %zu before, peak %zu during (+%.1f %%); compactions %s\n",
           allocator(), pods, st.store_used, st.store_capacity, before, b.peak_block,
           100.0 * ((double)b.peak_block - (double)before) / (double)before, compactions(b.inf));
    rm(&b);
    return 1;
}
int main(int argc, char** argv) {
    unsigned pods = argc > 1 ? (unsigned)atoi(argv[1]) : 10000u, updates = argc > 2 ? (unsigned)atoi(argv[2]) : 100000u;
    unsigned rpods = argc > 3 ? (unsigned)atoi(argv[3]) : 20000u;
    static const double caps[] = { 1.1, 2.0, 4.0, 10.0 };
    size_t live;
    unsigned i;
    long pg = sysconf(_SC_PAGESIZE);
    g_page = pg > 0 ? (size_t)pg : 4096u;
    memset(g_pad, 'x', sizeof(g_pad) - 1);
    if (pods < 10 || pods > 500000 || rpods < 10 || rpods > 500000) { fprintf(stderr, "usage: bench-arena [PODS [UPDATES [RELIST_PODS]]]\n"); return 2; }
    live = live_bytes(pods);
    if (!live) { fprintf(stderr, "bench-arena: no memory\n"); return 1; }
    for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
        g_rng = 88172645463325252ull; /* the same events for every capacity and both allocators */
        if (!churn(pods, updates, live, caps[i])) { return 1; }
    }
    g_rng = 88172645463325252ull;
    return relist(rpods) ? 0 : 1;
}
