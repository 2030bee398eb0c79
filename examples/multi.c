/* multi - two informers (pods and configmaps) in one thread and one poll()
   loop, driven through kinf_fd / kinf_wants / kinf_timeout_ms.
   usage: multi SERVER_URL [SECONDS]
   Prints "# synced pods=N configmaps=M" once both have synced, then counts
   events for SECONDS more (default: exit right after sync). */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long g_events;
static void on_any(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)o; (void)u; g_events++; }
static void on_upd(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) { (void)inf; (void)a; (void)b; (void)u; g_events++; }
static void on_del(kinf_informer_t* inf, const kinf_object_t* o, int f, void* u) { (void)inf; (void)o; (void)f; (void)u; g_events++; }
/* an object larger than max_event_bytes: identity only, counted apart */
static long g_oversized;
static void on_big(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) { (void)inf; (void)a; (void)b; (void)u; g_oversized++; }

static unsigned char mem_pods[8 << 20], mem_cms[4 << 20];
static const uint32_t log_level = KINF_LOG_WARN; /* errors and warnings */

/* kinf_init, and if it refuses, why */
static kinf_informer_t* init(void* mem, size_t size, const kinf_desc_t* d) {
    kinf_informer_t* inf = kinf_init(mem, size, d);
    if (!inf) {
        char why[256];
        kinf_check(d, size, why, sizeof(why));
        fprintf(stderr, "multi: %s: %s\n", d->tag, why);
    }
    return inf;
}

int main(int argc, char** argv) {
    kinf_desc_t d = { 0 };
    kinf_informer_t* inf[2];
    kinf_handler_t h = { on_any, on_upd, on_del, 0, on_big };
    double seconds = argc > 2 ? atof(argv[2]) : 0;
    struct timespec t0, t; /* the start, then the sync */
    int i, printed = 0;
    if (argc < 2) { fprintf(stderr, "usage: multi SERVER_URL [SECONDS]\n"); return 2; }
    d.server = argv[1];
    d.logger.func = kinf_log_stderr; d.logger.user = (void*)&log_level;
    d.max_objects = 4096; d.store_bytes = 4 << 20; d.max_event_bytes = 256 << 10;
    d.resource = "pods"; d.tag = "pods";
    inf[0] = init(mem_pods, sizeof(mem_pods), &d);
    d.resource = "configmaps"; d.tag = "configmaps"; d.store_bytes = 2 << 20; d.max_event_bytes = 64 << 10;
    inf[1] = init(mem_cms, sizeof(mem_cms), &d);
    if (!inf[0] || !inf[1]) { return 1; }
    for (i = 0; i < 2; i++) { kinf_add_handler(inf[i], &h); }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        struct pollfd pf[2];
        int n = 0, wait = 1000;
        for (i = 0; i < 2; i++) {
            unsigned w = kinf_wants(inf[i]);
            int tmo = kinf_timeout_ms(inf[i]);
            if (tmo >= 0 && tmo < wait) { wait = tmo; }
            if (kinf_fd(inf[i]) >= 0 && w) {
                pf[n].fd = kinf_fd(inf[i]);
                pf[n].events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
                pf[n].revents = 0;
                n++;
            }
        }
        poll(pf, (nfds_t)n, wait);
        for (i = 0; i < 2; i++) { kinf_poll(inf[i], 0); } /* does whatever is ready, never waits */
        if (!printed && kinf_has_synced(inf[0]) && kinf_has_synced(inf[1])) {
            printf("# synced pods=%d configmaps=%d\n", kinf_count(inf[0]), kinf_count(inf[1]));
            fflush(stdout);
            printed = 1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
        }
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (printed && (double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9 >= seconds) { break; }
        if ((double)(t.tv_sec - t0.tv_sec) > 60 + seconds) { fprintf(stderr, "multi: no sync within 60 s\n"); return 1; }
    }
    printf("# events %ld\n", g_events);
    if (g_oversized) { printf("# oversized %ld (identity only)\n", g_oversized); }
    return 0;
}
