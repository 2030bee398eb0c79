/* The snapshot journal's wear and warm start (docs/snapshot.md, "Costs"):
   an hour of a steady churn on a store of pods, saved every interval with
   kinf_snapshot_save_file (a journal append, or an image when the journal
   has outgrown its share), against a whole image rewritten every interval;
   then the warm start, kinf_snapshot_load_file, of the image alone and of
   the image with the largest journal the hour left beside it.
     build/bench-journal DIR [PODS [CHANGES_PER_S [INTERVAL_S [SECONDS [LOADS]]]]]
   defaults 5000 pods, 10 changes/s, 30 s, 3600 s, 9 loads of each. Pods of about 3.8 KB
   (the issue's: 688 KB for 181 pods); a change is an update (90 %), a delete
   or an add (5 % each). The engine is fed the way the unit tests feed it
   (the watch body loop, bench/pods.h), with no server. Build:
     cc -O2 -I. -o build/bench-journal bench/journal.c [-DKINF__JRNL_PCT=15] [-DKINF__JRNL_KEY=128]
   The load times are CPU time, medians of LOADS loads of each, taken in
   turn (more of them on a busy machine). */
#ifndef KINF__JRNL_PCT
#define KINF__JRNL_PCT 15u /* the library's default share */
#endif
#ifndef KINF__JRNL_KEY
#define KINF__JRNL_KEY 128u /* and its cost of a change */
#endif
enum { JRNL_PCT = KINF__JRNL_PCT, JRNL_KEY = KINF__JRNL_KEY }; /* the library undefines its macros */
#define KINFORMER_IMPLEMENTATION
#include "kinformer.h"
#include "bench/pods.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char g_ev[1 << 16], g_pad[3200];
static unsigned long long g_rng = 88172645463325252ull;
static unsigned rnd(void) { g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17; return (unsigned)(g_rng >> 11); }
/* the process's CPU time (user and system): a load is CPU work on a file
   in the page cache, and CPU time does not count the waits for a core on a
   busy machine, which wall-clock time does */
static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
/* one watch event of pod p at resourceVersion rv, delivered */
static void event(kinf_informer_t* inf, const char* type, unsigned p, unsigned long rv) {
    bench_feed_watch(inf, g_ev, bench_pod_event(g_ev, sizeof(g_ev), type, p, rv, g_pad), 1);
}
static kinf_informer_t* mk(int pods) {
    kinf_desc_t d;
    size_t n;
    void* mem;
    memset(&d, 0, sizeof(d));
    d.server = "http://127.0.0.1:1";
    d.resource = "pods";
    d.max_objects = pods + pods / 4 + 64;
    d.store_bytes = (size_t)d.max_objects * 6000u + (16u << 20);
    d.max_event_bytes = 1 << 16;
    n = kinf_informer_size(&d);
    mem = malloc(n);
    return mem ? kinf_init(mem, n, &d) : 0;
}
static long long fsize(const char* p) { struct stat st; return stat(p, &st) == 0 ? (long long)st.st_size : -1; }
/* one load of path into a fresh informer: seconds, or -1 */
static double load_once(const char* path, int pods, int* count) {
    kinf_informer_t* b = mk(pods);
    double t0, t;
    if (!b) { return -1; }
    t0 = now_s();
    if (kinf_snapshot_load_file(b, path) != KINF_OK) { free(b); return -1; }
    t = now_s() - t0;
    *count = kinf_count(b);
    free(b);
    return t;
}
static int cmp(const void* a, const void* b) { double x = *(const double*)a, y = *(const double*)b; return x < y ? -1 : x > y; }
#define LOADS_MAX 101
/* the medians of n loads of a and of b (odd, at most LOADS_MAX), taken in
   turn (the machine's load falls on both alike) */
static void load_times(const char* a, const char* b, int pods, int n, double* ta, double* tb, int* na, int* nb) {
    double x[LOADS_MAX], y[LOADS_MAX];
    int r;
    for (r = 0; r < n; r++) { x[r] = load_once(a, pods, na); y[r] = load_once(b, pods, nb); }
    qsort(x, (size_t)n, sizeof(x[0]), cmp); qsort(y, (size_t)n, sizeof(y[0]), cmp);
    *ta = x[n / 2]; *tb = y[n / 2];
}
static int copy(const char* from, const char* to) {
    static char buf[1 << 20];
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    size_t n;
    if (!a || !b) { if (a) { fclose(a); } if (b) { fclose(b); } return 0; }
    while ((n = fread(buf, 1, sizeof(buf), a)) > 0) { fwrite(buf, 1, n, b); }
    fclose(a); fclose(b);
    return 1;
}
int main(int argc, char** argv) {
    char path[512], jpath[600], big[512], bigj[600], img[512];
    int pods = argc > 2 ? atoi(argv[2]) : 5000, rate = argc > 3 ? atoi(argv[3]) : 10;
    int interval = argc > 4 ? atoi(argv[4]) : 30, secs = argc > 5 ? atoi(argv[5]) : 3600;
    int loads = argc > 6 ? atoi(argv[6]) | 1 : 9;
    unsigned next = 0, *live;
    unsigned long rv = 1000;
    long long jbytes = 0, ibytes = 0, full = 0, prevj = 0, maxj = 0, isz = 0;
    int nlive, s, i, images = 0, appends = 0, n1 = 0, n2 = 0;
    double t_img, t_jrnl;
    kinf_informer_t* inf;
    if (argc < 2 || pods < 10 || rate < 1 || interval < 1 || secs < interval || loads < 1 || loads > LOADS_MAX) {
        fprintf(stderr, "usage: bench-journal DIR [PODS [CHANGES_PER_S [INTERVAL_S [SECONDS [LOADS]]]]]\n");
        return 2;
    }
    snprintf(path, sizeof(path), "%s/pods.snap", argv[1]); snprintf(jpath, sizeof(jpath), "%s.journal", path);
    snprintf(big, sizeof(big), "%s/largest.snap", argv[1]); snprintf(bigj, sizeof(bigj), "%s.journal", big);
    snprintf(img, sizeof(img), "%s/image.snap", argv[1]);
    unlink(path); unlink(jpath); unlink(big); unlink(bigj); unlink(img);
    memset(g_pad, 'x', sizeof(g_pad) - 1);
    inf = mk(pods);
    live = (unsigned*)malloc(sizeof(unsigned) * (size_t)(pods * 2));
    if (!inf || !live) { fprintf(stderr, "bench-journal: no memory\n"); return 1; }
    bench_watch_begin(inf);
    for (nlive = 0; nlive < pods; nlive++) { live[nlive] = next; event(inf, "ADDED", next++, ++rv); }
    if (kinf_snapshot_save_file(inf, path) != KINF_OK) { fprintf(stderr, "bench-journal: first save failed\n"); return 1; }
    isz = fsize(path);
    ibytes += isz; images++;
    for (s = 1; s <= secs; s++) {
        for (i = 0; i < rate; i++) {
            unsigned k = rnd() % 20, at = rnd() % (unsigned)nlive;
            if (k == 0 && nlive > 1) { event(inf, "DELETED", live[at], ++rv); live[at] = live[--nlive]; }
            else if (k == 1) { live[nlive++] = next; event(inf, "ADDED", next++, ++rv); }
            else { event(inf, "MODIFIED", live[at], ++rv); }
        }
        if (s % interval) { continue; }
        full += (long long)kinf_snapshot_size(inf);       /* what a whole rewrite writes */
        if (kinf_snapshot_save_file(inf, path) != KINF_OK) { fprintf(stderr, "bench-journal: save failed\n"); return 1; }
        if (fsize(jpath) < 0) {
            isz = fsize(path); ibytes += isz; images++; prevj = 0;
        } else {
            long long j = fsize(jpath);
            jbytes += j - prevj; prevj = j; appends++;
            if (j > maxj) { maxj = j; copy(path, big); copy(jpath, bigj); }
        }
    }
    printf("pods %d, %d changes/s, a save every %d s, %d s\n", pods, rate, interval, secs);
    printf("image %lld bytes; journal share %u %%, %u bytes a change\n", isz, (unsigned)JRNL_PCT, (unsigned)JRNL_KEY);
    printf("full rewrites: %lld bytes (%.1f MB/h)\n", full, (double)full * 3600.0 / secs / 1e6);
    printf("journal: %lld bytes = %lld appended (%d appends) + %lld in images (%d, the first included) (%.1f MB/h)\n",
           jbytes + ibytes, jbytes, appends, ibytes, images, (double)(jbytes + ibytes) * 3600.0 / secs / 1e6);
    printf("ratio: 1/%.1f\n", (double)full / (double)(jbytes + ibytes));
    /* the warm start of the largest journal the hour left (with its image),
       against one image of the same store: the load before the journal */
    if (maxj > 0) {
        kinf_informer_t* b = mk(pods);
        if (!b || kinf_snapshot_load_file(b, big) != KINF_OK || kinf_snapshot_save_file(b, img) != KINF_OK) { return 1; }
        free(b);
        load_times(img, big, pods, loads, &t_img, &t_jrnl, &n1, &n2);
        printf("warm start of one store (medians of %d loads): one image %.4f s (%d objects, %lld bytes); image + journal %.4f s (%d objects, %lld + %lld bytes): %.2f x\n",
               loads, t_img, n1, fsize(img), t_jrnl, n2, fsize(big), maxj, t_jrnl / t_img);
    } else {
        printf("warm start: no journal was left\n");
    }
    return 0;
}
