/* parse.c - the parser benchmark (make bench-parse): one watch stream of pod
   events, fed from memory (no socket, no server), to kinformer's engine and
   to the peers, side by side in one run:

     kinformer full       every field kept (desc.no_default_drop = 1)
     kinformer defaults   the default options (managedFields dropped)
     kinformer keep 3     desc.keep = metadata.labels, spec.nodeName, status.phase
     kinformer scanner    the engine's JSON scanner alone (kinf__scan_feed, white-box)
                          on each event: the grammar, the captures, the member table
                          and the copy of the record into the event buffer, as the
                          full row's scanner does; no HTTP framing, no store, no
                          delivery: the part of the path that does what a parser does
     simdjson DOM         the whole event parsed (and validated) into a DOM
     simdjson on-demand   the object's metadata name, namespace, resourceVersion read
     jsmn                 the event tokenized (jsmn does not check strings' contents)
     memcpy               the event's bytes copied: the floor

   kinformer's rows are whole: the HTTP chunked framing, the scanner,
   projection, the store's update and the delivery to a handler. The events
   are the vendored real pod (tests/testdata/k8s-api/core.v1.Pod.json,
   compacted, about 32 KB) with a name, namespace and resourceVersion of
   their own, as MODIFIED events of 64 pods again and again.

   Each figure is the median of the rounds, a round being one pass of every
   peer in turn, so a load that comes and goes weighs on all of them (one
   on the same core slows them unevenly: the ratios move with it). Time is
   the thread's CPU time (MB/s per core); instructions come from
   perf_event_open where the kernel gives them, else they are left out (the
   output says so; bench/parse_cg.sh counts them under callgrind instead).

   usage: parse [--rounds N] [--passes N] [--only NAME] [--pod FILE] [--markdown]
   --only runs one peer (for callgrind); --markdown prints the table as
   docs/performance.md's block (make bench writes it there). The exit status is 0 unless
   something failed to parse: the targets are reported, never enforced. */
#define _GNU_SOURCE
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include "../tests/engine_feed.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#ifndef BENCH_NO_SIMDJSON
size_t bench_simdjson_padding(void);
const char* bench_simdjson_impl(void);
const char* bench_simdjson_version(void);
void bench_simdjson_init(size_t max_event);
size_t bench_simdjson_dom(const char* p, size_t n);
size_t bench_simdjson_ondemand(const char* p, size_t n, size_t cap);
#endif

#define NPODS 64
#define PAD 128 /* bytes after each event: simdjson's padding (64) and more */

typedef struct { char* p; size_t n; } event_t;
static event_t g_ev[NPODS];
static size_t g_evbytes;        /* the events' JSON bytes, one pass */
static char* g_wire; static size_t g_wire_n; /* the same events as one chunked body */

static char* read_file(const char* path, size_t* n) {
    FILE* f = fopen(path, "rb");
    char* b;
    long len;
    if (!f) { return 0; }
    fseek(f, 0, SEEK_END); len = ftell(f); fseek(f, 0, SEEK_SET);
    b = (char*)malloc((size_t)len + 1);
    if (!b || fread(b, 1, (size_t)len, f) != (size_t)len) { fclose(f); free(b); return 0; }
    fclose(f); b[len] = 0; *n = (size_t)len;
    return b;
}
/* whitespace outside strings removed, as an API server sends it */
static size_t compact(char* b, size_t n) {
    size_t i, o = 0;
    int str = 0, esc = 0;
    for (i = 0; i < n; i++) {
        char c = b[i];
        if (str) { if (esc) { esc = 0; } else if (c == '\\') { esc = 1; } else if (c == '"') { str = 0; } }
        else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') { continue; }
        else if (c == '"') { str = 1; }
        b[o++] = c;
    }
    b[o] = 0;
    return o;
}
/* the pod with its placeholders replaced, as the i-th event */
static void make_event(const char* pod, int i, unsigned rv) {
    static const char* const from[3] = { "\"name\":\"nameValue\"", "\"namespace\":\"namespaceValue\"", "\"resourceVersion\":\"resourceVersionValue\"" };
    char to[3][64];
    size_t cap = strlen(pod) + 256, o;
    const char* s = pod;
    char* e = (char*)malloc(cap + PAD);
    int k;
    snprintf(to[0], sizeof(to[0]), "\"name\":\"web-%03d-7d9f8b6c5-x%02d\"", i, i % 97);
    snprintf(to[1], sizeof(to[1]), "\"namespace\":\"bench\"");
    snprintf(to[2], sizeof(to[2]), "\"resourceVersion\":\"%u\"", rv);
    o = (size_t)snprintf(e, cap, "{\"type\":\"MODIFIED\",\"object\":");
    for (k = 0; k < 3; k++) {
        const char* at = strstr(s, from[k]);
        if (!at) { fprintf(stderr, "bench/parse: the pod has no %s\n", from[k]); exit(2); }
        memcpy(e + o, s, (size_t)(at - s)); o += (size_t)(at - s);
        o += (size_t)snprintf(e + o, cap - o, "%s", to[k]);
        s = at + strlen(from[k]);
    }
    o += (size_t)snprintf(e + o, cap - o, "%s}\n", s);
    memset(e + o, 0, PAD);
    g_ev[i].p = e; g_ev[i].n = o;
}

/* ---- instructions ---- */
static int g_perf_fd = -1;
static const char* g_perf_why = "";
static void perf_open(void) {
#ifdef __linux__
    struct perf_event_attr a;
    memset(&a, 0, sizeof(a));
    a.type = PERF_TYPE_HARDWARE; a.size = sizeof(a); a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.disabled = 1; a.exclude_kernel = 1; a.exclude_hv = 1;
    g_perf_fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (g_perf_fd < 0) { g_perf_why = "perf_event_open refused (no hardware counter here, or perf_event_paranoid)"; }
#else
    g_perf_why = "no perf_event_open on this system";
#endif
}
static void perf_start(void) {
#ifdef __linux__
    if (g_perf_fd >= 0) { ioctl(g_perf_fd, PERF_EVENT_IOC_RESET, 0); ioctl(g_perf_fd, PERF_EVENT_IOC_ENABLE, 0); }
#endif
}
static double perf_stop(void) {
#ifdef __linux__
    long long v = 0;
    if (g_perf_fd >= 0) {
        ioctl(g_perf_fd, PERF_EVENT_IOC_DISABLE, 0);
        if (read(g_perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v)) { return -1; }
        return (double)v;
    }
#endif
    return -1;
}
static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- kinformer ---- */
typedef struct { kinf_informer_t* inf; void* mem; unsigned long updates; } kinf_peer_t;
static void on_any(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old; (void)o; ((kinf_peer_t*)u)->updates++;
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)o; ((kinf_peer_t*)u)->updates++; }
static void bench_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)line; (void)file; (void)user; (void)item;
    if (level <= 1) { fprintf(stderr, "bench/parse: kinformer: %s\n", msg); }
}
static const char* kinf_request(kinf_informer_t* inf, uint64_t now) {
    static char r[2048];
    return kinf_test_request(inf, now, r, sizeof(r));
}
static void kinf_peer_feed(kinf_peer_t* k, const void* d, size_t n) {
    if (kinf_test_feed(k->inf, d, n, (size_t)1 << 20, 5000, 1) != n) { fprintf(stderr, "bench/parse: kinformer stopped taking bytes\n"); exit(1); }
    while (kinf_engine_dispatch(kinf_informer_engine(k->inf), 5000) > 0) { }
}
/* an informer (which: 0 full, 1 defaults, 2 keep three), listed (empty) and
   watching, its response head read: from here the wire is the body */
static void kinf_peer_init(kinf_peer_t* k, int which, size_t max_event) {
    static const char* const keep[] = { "metadata.labels", "spec.nodeName", "status.phase" };
    static const char list[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n"
                               "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[]}";
    static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    kinf_desc_t d;
    kinf_handler_t h;
    size_t need;
    memset(&d, 0, sizeof(d));
    d.server = "http://10.0.0.1:6443"; d.resource = "pods"; d.own_transport = 1;
    d.max_objects = NPODS * 2; d.store_bytes = (size_t)NPODS * 3 * max_event; d.max_event_bytes = max_event + 1024;
    d.read_bytes = 65536;
    d.watch_list = KINF_WATCH_LIST_OFF; d.random_seed = 7;
    d.logger.func = bench_logger;
    if (which == 0) { d.no_default_drop = 1; }
    if (which == 2) { d.keep = keep; d.keep_count = 3; }
    need = kinf_informer_size(&d);
    k->mem = malloc(need); k->updates = 0;
    if (!k->mem || !(k->inf = kinf_init(k->mem, need, &d))) { fprintf(stderr, "bench/parse: kinf_init failed\n"); exit(1); }
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_any; h.user = k;
    kinf_add_handler(k->inf, &h);
    kinf_engine_tick(kinf_informer_engine(k->inf), 5000);
    kinf_engine_connected(kinf_informer_engine(k->inf), 5000);
    kinf_request(k->inf, 5000);
    kinf_peer_feed(k, list, strlen(list));
    if (strncmp(kinf_request(k->inf, 5000), "GET /api/v1/pods?watch=1", 24) != 0) { fprintf(stderr, "bench/parse: no watch request\n"); exit(1); }
    kinf_peer_feed(k, head, strlen(head));
}

/* ---- the scanner alone ---- */
static kinf__scan g_sc;
static char g_capb[KINF__CAP_COUNT][256];
static void scan_init(size_t max_event) {
    int k;
    memset(&g_sc, 0, sizeof(g_sc));
    g_sc.ev_cap = max_event + 1024;
    g_sc.ev = (uint8_t*)malloc(g_sc.ev_cap);
    if (!g_sc.ev) { fprintf(stderr, "bench/parse: out of memory\n"); exit(1); }
    for (k = 0; k < KINF__CAP_COUNT; k++) { g_sc.cbuf[k] = g_capb[k]; g_sc.ccap[k] = sizeof(g_capb[k]); }
}
/* one event through the scanner, from a reset (a watch stream's state);
   the record's length */
static size_t scan_event(const char* p, size_t n) {
    size_t at = 0, got = 0;
    int guard;
    kinf__scan_reset(&g_sc, 0);
    for (guard = 0; at < n && guard < 16; guard++) {
        at += kinf__scan_feed(&g_sc, (const uint8_t*)p + at, n - at);
        if (g_sc.err) { fprintf(stderr, "bench/parse: the scanner refused an event (%d)\n", g_sc.err); exit(1); }
        if (g_sc.rec_done) { g_sc.rec_done = 0; got = g_sc.ev_len; }
    }
    if (!got || strcmp(g_capb[KINF__CAP_NS], "bench") != 0) { fprintf(stderr, "bench/parse: the scanner framed no event\n"); exit(1); }
    return got;
}

/* ---- the peers ---- */
enum { P_FULL, P_DEFAULTS, P_KEEP, P_SCAN, P_SJ_DOM, P_SJ_OD, P_JSMN, P_MEMCPY, P_COUNT };
static const char* const g_name[P_COUNT] = { "kinformer full", "kinformer defaults", "kinformer keep 3", "kinformer scanner", "simdjson DOM",
                                             "simdjson on-demand", "jsmn", "memcpy" };
static const char* const g_id[P_COUNT] = { "full", "defaults", "keep3", "scanner", "simdjson-dom", "simdjson-ondemand", "jsmn", "memcpy" };
static kinf_peer_t g_k[3];
static jsmntok_t* g_tok; static unsigned g_ntok;
static char* g_dst;
static volatile size_t g_sink;

static void pass(int p) {
    int i;
    size_t acc = 0;
    switch (p) {
    case P_FULL: case P_DEFAULTS: case P_KEEP: kinf_peer_feed(&g_k[p], g_wire, g_wire_n); return;
    case P_SCAN:
        for (i = 0; i < NPODS; i++) { acc += scan_event(g_ev[i].p, g_ev[i].n); }
        break;
    case P_SJ_DOM:
#ifndef BENCH_NO_SIMDJSON
        for (i = 0; i < NPODS; i++) { size_t r = bench_simdjson_dom(g_ev[i].p, g_ev[i].n); if (!r) { fprintf(stderr, "bench/parse: simdjson DOM failed\n"); exit(1); } acc += r; }
#endif
        break;
    case P_SJ_OD:
#ifndef BENCH_NO_SIMDJSON
        for (i = 0; i < NPODS; i++) { size_t r = bench_simdjson_ondemand(g_ev[i].p, g_ev[i].n, g_ev[i].n + PAD); if (!r) { fprintf(stderr, "bench/parse: simdjson on-demand failed\n"); exit(1); } acc += r; }
#endif
        break;
    case P_JSMN:
        for (i = 0; i < NPODS; i++) {
            jsmn_parser jp;
            int r;
            jsmn_init(&jp);
            r = jsmn_parse(&jp, g_ev[i].p, g_ev[i].n, g_tok, g_ntok);
            if (r <= 0) { fprintf(stderr, "bench/parse: jsmn failed (%d)\n", r); exit(1); }
            acc += (size_t)r;
        }
        break;
    default:
        for (i = 0; i < NPODS; i++) { memcpy(g_dst, g_ev[i].p, g_ev[i].n); acc += (size_t)(unsigned char)g_dst[g_ev[i].n / 2]; }
        break;
    }
    g_sink += acc;
}

static int cmp_d(const void* a, const void* b) { double x = *(const double*)a, y = *(const double*)b; return x < y ? -1 : x > y; }
static double median(double* v, int n) { qsort(v, (size_t)n, sizeof(double), cmp_d); return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2; }

/* the table as docs/performance.md's block, between its markers */
static void markdown(int rounds, int passes, const double* med_t, const double* med_i, int have_sj) {
    static const char* const what[P_COUNT] = {
        "every field kept (`no_default_drop`)", "managedFields dropped (the library's default)",
        "`keep` = metadata.labels, spec.nodeName, status.phase",
        "the engine's JSON scanner alone on each event (grammar, UTF-8, captures, member table, the record copied into the event buffer; no HTTP framing, store or delivery)",
        "the whole event parsed into a DOM (validated)",
        "reads the object's metadata name, namespace, resourceVersion", "tokens (strict; string contents not checked)",
        "copies the event: the floor" };
    int p;
    printf("<!-- bench-parse -->\n## Parsers side by side, fed from memory (`make bench-parse`)\n\n");
    printf("`bench/parse.c`: %d MODIFIED watch events of the vendored pod (`tests/testdata/k8s-api/core.v1.Pod.json`, "
           "compacted: %zu bytes each, every optional field set), each with a name, namespace and resourceVersion of its "
           "own, fed from memory (no socket) to kinformer's engine as one chunked watch response (the HTTP framing, the "
           "scanner, projection, the store's update and the delivery to a handler: the whole path; `desc.read_bytes` "
           "64 KiB, the library's default being 16 KiB; the scanner as built by default, without `KINF_SCAN_STRUCTURAL`) "
           "and to the peers, one event at a time. MB/s per core is event bytes over the thread's CPU time; the median of %d rounds, a round "
           "being %d passes of each row in turn, so a load that comes and goes weighs on every row; a load on the same "
           "core (two cores shared with other jobs) slows the rows unevenly, simdjson DOM and kinformer's fast loop more "
           "than the rest (docs/optimisation.md, fourteenth round), so the ratios move with it. ", NPODS, g_ev[0].n, rounds, passes);
    if (g_perf_fd < 0) { printf("Instructions: not counted here (%s); `make bench-parse-cg` counts them under callgrind.\n\n", g_perf_why); }
    else { printf("Instructions: perf_event_open, user space.\n\n"); }
    printf("| row | what it does | MB/s per core | instructions/byte | ÷ simdjson DOM | ÷ kinformer full |\n|---|---|---|---|---|---|\n");
    for (p = 0; p < P_COUNT; p++) {
        double bytes = (double)g_evbytes * passes;
        if (!have_sj && (p == P_SJ_DOM || p == P_SJ_OD)) { continue; }
        printf("| %s | %s | %.0f | ", g_name[p], what[p], bytes / med_t[p] / 1e6);
        if (med_i[p] >= 0) { printf("%.2f | ", med_i[p] / bytes); } else { printf("– | "); }
        if (have_sj) { printf("%.2f× | ", med_t[P_SJ_DOM] / med_t[p]); } else { printf("– | "); }
        printf("%.2f× |\n", med_t[P_FULL] / med_t[p]);
    }
    printf("\nTargets (reported, never enforced): kinformer full ≥ 1.0× simdjson DOM: ");
    if (have_sj) { printf("%.2f× (%s)", med_t[P_SJ_DOM] / med_t[P_FULL], med_t[P_FULL] <= med_t[P_SJ_DOM] ? "met" : "not met"); } else { printf("–"); }
    printf("; kinformer keep 3 ≥ 2× kinformer full: %.2f× (%s).\n<!-- /bench-parse -->\n", med_t[P_FULL] / med_t[P_KEEP], med_t[P_KEEP] * 2 <= med_t[P_FULL] ? "met" : "not met");
}

int main(int argc, char** argv) {
    const char* podfile = "tests/testdata/k8s-api/core.v1.Pod.json";
    int rounds = 11, passes = 4, only = -1, r, p, q, i, have_sj = 1, md = 0;
    size_t podn, maxev = 0, o;
    char* pod;
    static double t[P_COUNT][64], ins[P_COUNT][64];
    double med_t[P_COUNT], med_i[P_COUNT];
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) { rounds = atoi(argv[++i]); }
        else if (!strcmp(argv[i], "--passes") && i + 1 < argc) { passes = atoi(argv[++i]); }
        else if (!strcmp(argv[i], "--pod") && i + 1 < argc) { podfile = argv[++i]; }
        else if (!strcmp(argv[i], "--markdown")) { md = 1; }
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            i++;
            for (p = 0; p < P_COUNT; p++) { if (!strcmp(argv[i], g_id[p])) { only = p; } }
            if (only < 0) { fprintf(stderr, "bench/parse: --only: one of full defaults keep3 scanner simdjson-dom simdjson-ondemand jsmn memcpy\n"); return 2; }
        } else { fprintf(stderr, "usage: %s [--rounds N] [--passes N] [--only NAME] [--pod FILE] [--markdown]\n", argv[0]); return 2; }
    }
    if (rounds < 1) { rounds = 1; }
    if (rounds > 64) { rounds = 64; }
    if (passes < 0) { passes = 0; }
#ifdef BENCH_NO_SIMDJSON
    have_sj = 0;
#endif
    if (!(pod = read_file(podfile, &podn))) { fprintf(stderr, "bench/parse: cannot read %s\n", podfile); return 2; }
    podn = compact(pod, podn);
    for (i = 0; i < NPODS; i++) {
        make_event(pod, i, 1000u + (unsigned)i);
        g_evbytes += g_ev[i].n;
        if (g_ev[i].n > maxev) { maxev = g_ev[i].n; }
    }
    /* the chunked body: a chunk per event */
    g_wire = (char*)malloc(g_evbytes + NPODS * 16);
    for (o = 0, i = 0; i < NPODS; i++) {
        o += (size_t)sprintf(g_wire + o, "%zx\r\n", g_ev[i].n);
        memcpy(g_wire + o, g_ev[i].p, g_ev[i].n); o += g_ev[i].n;
        memcpy(g_wire + o, "\r\n", 2); o += 2;
    }
    g_wire_n = o;
    g_ntok = (unsigned)(maxev / 2 + 16); g_tok = (jsmntok_t*)malloc(sizeof(jsmntok_t) * g_ntok);
    g_dst = (char*)malloc(maxev + PAD);
#ifndef BENCH_NO_SIMDJSON
    if (bench_simdjson_padding() > PAD) { fprintf(stderr, "bench/parse: simdjson wants more padding\n"); return 2; }
    bench_simdjson_init(maxev);
#endif
    for (p = P_FULL; p <= P_KEEP; p++) { if (only < 0 || only == p) { kinf_peer_init(&g_k[p], p, maxev); } }
    scan_init(maxev);
    perf_open();
    /* a first pass of each: the store filled, the caches warm */
    for (p = 0; p < P_COUNT; p++) { if ((only < 0 || only == p) && (have_sj || (p != P_SJ_DOM && p != P_SJ_OD))) { pass(p); } }
    if (only >= 0) { /* for callgrind: passes more, no timing */
        for (q = 0; q < passes; q++) { pass(only); }
        printf("%s: %d passes of %zu bytes\n", g_id[only], passes, g_evbytes);
        return 0;
    }
    for (r = 0; r < rounds; r++) {
        for (p = 0; p < P_COUNT; p++) {
            double t0, c;
            if (!have_sj && (p == P_SJ_DOM || p == P_SJ_OD)) { continue; }
            perf_start();
            t0 = cpu_now();
            for (q = 0; q < passes; q++) { pass(p); }
            t[p][r] = cpu_now() - t0;
            c = perf_stop();
            ins[p][r] = c;
        }
    }
    for (p = 0; p < P_COUNT; p++) { med_t[p] = median(t[p], rounds); med_i[p] = median(ins[p], rounds); }
    for (p = P_FULL; p <= P_KEEP; p++) {
        unsigned long want = (unsigned long)NPODS * (unsigned long)(1 + rounds * passes);
        if (g_k[p].updates != want || kinf_count(g_k[p].inf) != NPODS) {
            fprintf(stderr, "bench/parse: %s delivered %lu changes (%lu expected), holds %d objects\n", g_name[p], g_k[p].updates, want, kinf_count(g_k[p].inf));
            return 1;
        }
    }
    if (md) { markdown(rounds, passes, med_t, med_i, have_sj); return 0; }
    printf("# %d watch events (MODIFIED) of the vendored pod, %zu bytes of JSON each (compacted), fed from memory\n", NPODS, g_ev[0].n);
    printf("# median of %d rounds of %d passes (%.1f MB a peer a round); time: thread CPU time\n", rounds, passes, (double)g_evbytes * passes / 1e6);
#ifndef BENCH_NO_SIMDJSON
    printf("# simdjson %s, implementation %s; jsmn 1.1.0\n", bench_simdjson_version(), bench_simdjson_impl());
#else
    printf("# simdjson: not built (libsimdjson-dev missing): its rows are left out\n");
#endif
    if (g_perf_fd < 0) { printf("# instructions: not counted: %s (make bench-parse-cg counts them under callgrind)\n", g_perf_why); }
    printf("%-20s %10s %9s %10s %12s %10s\n", "parser", "MB/s/core", "instr/B", "instr/ns", "vs sj DOM", "vs full");
    for (p = 0; p < P_COUNT; p++) {
        double bytes = (double)g_evbytes * passes, mbs = bytes / med_t[p] / 1e6;
        char ib[32] = "-", in[32] = "-", vd[32] = "-";
        if (!have_sj && (p == P_SJ_DOM || p == P_SJ_OD)) { continue; }
        if (med_i[p] >= 0) { snprintf(ib, sizeof(ib), "%.2f", med_i[p] / bytes); snprintf(in, sizeof(in), "%.1f", med_i[p] / (med_t[p] * 1e9)); }
        if (have_sj) { snprintf(vd, sizeof(vd), "%.2fx", med_t[P_SJ_DOM] / med_t[p]); }
        printf("%-20s %10.0f %9s %10s %12s %9.2fx\n", g_name[p], mbs, ib, in, vd, med_t[P_FULL] / med_t[p]);
    }
    if (have_sj) {
        printf("target: kinformer full >= 1.0x simdjson DOM: %.2fx (%s)\n", med_t[P_SJ_DOM] / med_t[P_FULL], med_t[P_FULL] <= med_t[P_SJ_DOM] ? "met" : "not met");
    }
    printf("target: kinformer keep 3 >= 2x kinformer full: %.2fx (%s)\n", med_t[P_FULL] / med_t[P_KEEP], med_t[P_KEEP] * 2 <= med_t[P_FULL] ? "met" : "not met");
    return 0;
}
