/* harness.h - what every file of the unit tests shares, included once by
   main.c before the module files: the TINY compile-time caps (so every limit
   is hit), kinformer.h's implementation in this translation unit (the tests
   call the private kinf__* functions), the checks and their count, the log
   recorder, the informer makers, the handlers that log what they are given,
   the JSON reference helpers, and the fake transports that feed an informer's
   body loop or its engine by hand. */
#ifndef UNIT_HARNESS_H
#define UNIT_HARNESS_H

#define KINF_MAX_HEADERS 7
#define KINF_MAX_HEAD_BYTES 512
#define KINF_MAX_DEPTH 20 /* a CronJob in a list is 18 containers deep */
#define KINF_MAX_CONTINUE 64
#define KINF_READ_BYTES 256
#define KINF_MAX_TOKEN 64
#define KINF__STEP_BYTES 1024 /* a step reads at most this much (the library's is 1 MiB) */
#define KINF__FA_STEP 512 /* a factory's store grows by at least this (the library's is 64 KiB) */
#define KINF_TLS_ANCHOR_BYTES 512 /* in a TLS build: five of the test CAs fit, six do not */
/* the journal's share of its image: the tests' images are a few KB, and a
   run of several records fits beside them at 60 % (the library's is 15 %) */
#define UNIT_JRNL_PCT 60u
#define UNIT_JRNL_KEY 128u
#define KINF__JRNL_PCT UNIT_JRNL_PCT
#define KINF__JRNL_KEY UNIT_JRNL_KEY
/* the store's invariant checks run in the sanitizer build; an assertion in
   kinformer.h counts as a failed check instead of aborting the suite */
#if defined(__SANITIZE_ADDRESS__) && !defined(KINF_SELFCHECK)
#define KINF_SELFCHECK
#endif
static void unit_assert_fail(const char* what, const char* file, int line);
#define KINF_ASSERT(c) ((c) ? (void)0 : unit_assert_fail(#c, __FILE__, __LINE__))
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION

#include "../../kinformer.h"
#include "../engine_feed.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <sys/mman.h>

/* ------------------------------------------------------------------ harness */
/* A check is one line of a test file that holds CHECKs, counted once however
   often it runs (a loop over 256 read sizes is one check) and however many
   CHECKs the line holds: it passes if every run of it passed. Lines are told
   apart by file and number, so the files' checks never share a count. The
   runs are counted apart ("# N assertions run"). A failed KINF_ASSERT in the
   library counts as a failed check of its own. */
#define UNIT_MAX_FILES 32
#define UNIT_MAX_LINES 4096
static int g_runs, g_fail_runs, g_assert_fails, g_uncounted;
static const char* g_files[UNIT_MAX_FILES]; /* the files whose checks ran, in order */
static int g_nfiles;
static unsigned char g_line[UNIT_MAX_FILES][UNIT_MAX_LINES]; /* per file and line: 1 passed, 2 failed */
static const char* g_test = "";
#define CHECK(c) check_((c) ? 1 : 0, __FILE__, __LINE__, #c)
/* file's row of g_line; -1 when the rows are all taken */
static int file_row(const char* file) {
    int i;
    for (i = 0; i < g_nfiles; i++) {
        if (g_files[i] == file || !strcmp(g_files[i], file)) { return i; }
    }
    if (g_nfiles == UNIT_MAX_FILES) { return -1; }
    g_files[g_nfiles] = file;
    return g_nfiles++;
}
static int check_(int ok, const char* file, int line, const char* what) {
    int row = file_row(file);
    g_runs++;
    if (row >= 0 && line >= 0 && line < UNIT_MAX_LINES) {
        g_line[row][line] |= (unsigned char)(ok ? 1 : 2);
    } else { /* a check the count cannot hold fails rather than go uncounted */
        g_uncounted++;
        printf("FAIL %s:%d [%s] no room to count this check (UNIT_MAX_FILES, UNIT_MAX_LINES)\n", file, line, g_test);
    }
    if (ok) { return 1; }
    g_fail_runs++;
    printf("FAIL %s:%d [%s] %s\n", file, line, g_test, what);
    return 0;
}
static void unit_assert_fail(const char* what, const char* file, int line) {
    g_assert_fails++; g_fail_runs++;
    printf("FAIL %s:%d [%s] KINF_ASSERT(%s)\n", file, line, g_test, what);
}
/* Prints the runs, then the checks passed and failed as the last line;
   returns the exit status (1 if any failed). */
static int report(void) {
    int f, i, pass = 0, fail = (g_assert_fails ? 1 : 0) + (g_uncounted ? 1 : 0);
    for (f = 0; f < g_nfiles; f++) {
        for (i = 0; i < UNIT_MAX_LINES; i++) {
            if (g_line[f][i] & 2) { fail++; } else if (g_line[f][i]) { pass++; }
        }
    }
    printf("# %d assertions run, %d failed\n", g_runs, g_fail_runs);
    printf("%d passed, %d failed\n", pass, fail);
    return fail ? 1 : 0;
}
/* prints a detail after a failed CHECK */
static void note(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("     ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}
#define CHECK_STR(a, b) do { const char* a_ = (a); const char* b_ = (b); \
    if (!check_(a_ && b_ && !strcmp(a_, b_), __FILE__, __LINE__, #a " == " #b)) { note("got      \"%s\"", a_ ? a_ : "(null)"); note("expected \"%s\"", b_ ? b_ : "(null)"); } } while (0)
#define CHECK_INT_OK(a, b) check_((long long)(a) == (long long)(b), __FILE__, __LINE__, #a " == " #b)
#define CHECK_INT(a, b) do { long long a_ = (long long)(a); long long b_ = (long long)(b); \
    if (!check_(a_ == b_, __FILE__, __LINE__, #a " == " #b)) { note("got %lld, expected %lld", a_, b_); } } while (0)

static uint32_t g_rng = 88172645u;
static uint32_t rnd(uint32_t n) { g_rng ^= g_rng << 13; g_rng ^= g_rng >> 17; g_rng ^= g_rng << 5; return g_rng % n; }

/* ------------------------------------------------------------------ logging */
#define LOG_MAX 4096
static uint32_t g_items[LOG_MAX];
static int g_nitems;
static int g_secret_leaked;
static char g_lastmsg[512]; /* the last message logged */
static char g_lastwarn[512]; /* the last warning's message */
static void rec_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)level; (void)line; (void)file; (void)user;
    if (g_nitems < LOG_MAX) { g_items[g_nitems++] = item; }
    if (level <= KINF_LOG_ERROR) { snprintf(g_lastmsg, sizeof(g_lastmsg), "%s", msg ? msg : ""); }
    if (level == KINF_LOG_WARN) { snprintf(g_lastwarn, sizeof(g_lastwarn), "%s", msg ? msg : ""); }
    if (msg && strstr(msg, "SECRET")) { g_secret_leaked = 1; }
}
static void log_reset(void) { g_nitems = 0; }
static int logged(uint32_t item) {
    int i, n = 0;
    for (i = 0; i < g_nitems; i++) { n += g_items[i] == item; }
    return n;
}

/* ------------------------------------------------------------------ informers */
static void desc_base(kinf_desc_t* d) {
    memset(d, 0, sizeof(*d));
    d->server = "http://127.0.0.1:1";
    d->resource = "pods";
    d->logger.func = rec_log;
    d->random_seed = 12345;
    d->watch_list = KINF_WATCH_LIST_OFF; /* these tests feed LIST responses; the watch-list tests turn it on */
}
/* kinf_init on heap memory of exactly kinf_informer_size() bytes */
static kinf_informer_t* mk(const kinf_desc_t* d) {
    size_t n = kinf_informer_size(d);
    void* mem = malloc(n);
    kinf_informer_t* inf;
    if (!mem) { return 0; }
    inf = kinf_init(mem, n, d);
    if (!inf) { free(mem); return 0; }
    if ((void*)inf != mem) { printf("unexpected alignment\n"); }
    return inf;
}
static void rm(kinf_informer_t* inf) {
    if (!inf) { return; }
    kinf_shutdown(inf);
    free(inf);
}
/* an informer of desc_base's descriptor */
static kinf_informer_t* mk_plain(void) {
    kinf_desc_t d;
    desc_base(&d);
    return mk(&d);
}

/* ------------------------------------------------------------------ handlers and the watch path */
static char g_evlog[65536];     /* "A key rv", "U key old>new", "D key rv[!]" separated by ' ' */
static char g_lastjson[65536];  /* JSON of the last object delivered */
static int g_nadd, g_nupd, g_ndel;
static long g_nover;
static void evlog_reset(void) { g_evlog[0] = 0; g_nadd = g_nupd = g_ndel = 0; g_nover = 0; }
static void evlog_put(const char* fmt, ...) {
    size_t o = strlen(g_evlog);
    va_list ap;
    if (o && o + 1 < sizeof(g_evlog)) { g_evlog[o++] = ' '; g_evlog[o] = 0; }
    va_start(ap, fmt);
    vsnprintf(g_evlog + o, sizeof(g_evlog) - o, fmt, ap);
    va_end(ap);
}
static void keep_json(const kinf_object_t* o) {
    size_t n = o->json_len < sizeof(g_lastjson) - 1 ? o->json_len : sizeof(g_lastjson) - 1;
    memcpy(g_lastjson, o->json, n); g_lastjson[n] = 0;
}
/* the handler's user pointer, if set, is a prefix for its log entries */
static void h_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)inf; g_nadd++; keep_json(o);
    evlog_put("%sA %s %s", u ? (const char*)u : "", o->key, o->resource_version);
}
static void h_upd(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) {
    (void)inf; g_nupd++; keep_json(b);
    evlog_put("%sU %s %s>%s", u ? (const char*)u : "", b->key, a->resource_version, b->resource_version);
}
static void h_del(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    (void)inf; g_ndel++; keep_json(o);
    evlog_put("%sD %s %s%s", u ? (const char*)u : "", o->key, o->resource_version, fsu ? "!" : "");
}
static void h_over(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) {
    (void)inf; g_nover++; keep_json(b);
    evlog_put("%sO %s %s>%s", u ? (const char*)u : "", b->key, a ? a->resource_version : "-", b->resource_version);
}
static const kinf_handler_t g_handler = { h_add, h_upd, h_del, 0, h_over };

static void watch_begin(kinf_informer_t* inf) {
    inf->body_mode = KINF__BODY_WATCH;
    kinf__scan_reset(&inf->scan, 0);
}
static void list_begin(kinf_informer_t* inf) {
    inf->body_mode = KINF__BODY_LIST;
    kinf__scan_reset(&inf->scan, 1);
    kinf__rf_unseen(inf);
}
/* Feeds body bytes through the library's body loop (kinf__rf_body_feed, the
   one kinf__rf_consume runs), leaving out only the reflector's answer to what
   stopped it. Returns 0, the first KINF__REC_* that is not KINF__REC_OK
   (KINF__REC_FRAMING: bytes that are no body), or -2 when the FIFO was full
   and a record was held back (whitespace after the last record is not one). */
static int feed(kinf_informer_t* inf, const char* s, size_t n) {
    size_t used;
    int r = kinf__rf_body_feed(inf, (const uint8_t*)s, n, &used);
    if (r == KINF__REC_OK) {
        for (; used < n; used++) { if (!s[used] || !strchr(" \t\r\n", s[used])) { return -2; } }
    }
    return r;
}
static int feeds(kinf_informer_t* inf, const char* s) { return feed(inf, s, strlen(s)); }
/* as feed, in one piece or a byte at a time (up to the first result that is not 0) */
static int feed_by(kinf_informer_t* inf, const char* s, size_t n, int bytewise) {
    size_t k;
    int r = 0;
    if (!bytewise) { return feed(inf, s, n); }
    for (k = 0; k < n && !r; k++) { r = feed(inf, s + k, 1); }
    return r;
}
/* an ADDED event of the object's JSON, fed as feed_by does */
static int added_by(kinf_informer_t* inf, const char* obj, int bytewise) {
    static char ev[(1 << 17) + 64];
    int n = snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":%s}\n", obj);
    return feed_by(inf, ev, (size_t)n, bytewise);
}
/* one watch event: type and the object's JSON */
static int wev(kinf_informer_t* inf, const char* type, const char* fmt, ...) {
    static char obj[1 << 17], ev[(1 << 17) + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(obj, sizeof(obj), fmt, ap);
    va_end(ap);
    snprintf(ev, sizeof(ev), "{\"type\":\"%s\",\"object\":%s}\n", type, obj);
    return feeds(inf, ev);
}
/* a small pod; node may be NULL */
#define POD "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"%s\",\"uid\":\"uid-%s\",\"resourceVersion\":\"%s\"},\"spec\":{\"nodeName\":\"%s\"}}"
static int pod(kinf_informer_t* inf, const char* type, const char* ns, const char* name, const char* rv, const char* node) {
    return wev(inf, type, POD, name, ns, name, rv, node ? node : "");
}
static void dispatch(kinf_informer_t* inf) { kinf__hd_dispatch(inf); }
/* the stored JSON of key ("" if absent) */
static const char* stored(kinf_informer_t* inf, const char* key) {
    static char buf[1 << 17];
    kinf_object_t o;
    if (!kinf_get(inf, key, &o)) { return ""; }
    snprintf(buf, sizeof(buf), "%.*s", (int)o.json_len, o.json);
    return buf;
}
/* strict re-tokenization with jsmn: the whole text is one object */
static int json_valid(const char* s, size_t n) {
    static jsmntok_t t[1 << 16];
    jsmn_parser p;
    int r;
    jsmn_init(&p);
    r = jsmn_parse(&p, s, n, t, sizeof(t) / sizeof(t[0]));
    if (r <= 0 || t[0].type != JSMN_OBJECT || (size_t)t[0].end != n) { return 0; }
    return 1;
}
static char g_fs[256];
static int field_s(const kinf_object_t* o, const char* path) { return kinf_field_str(o, path, g_fs, sizeof(g_fs)) > 0; }

/* ------------------------------------------------------------------ JSON and test data */
static char* read_file(const char* path, size_t* n) {
    FILE* f = fopen(path, "rb");
    char* b;
    long sz;
    if (!f) { return 0; }
    fseek(f, 0, SEEK_END); sz = ftell(f); fseek(f, 0, SEEK_SET);
    b = (char*)malloc((size_t)sz + 1);
    if (b && fread(b, 1, (size_t)sz, f) != (size_t)sz) { free(b); b = 0; }
    fclose(f);
    if (b) { b[sz] = 0; *n = (size_t)sz; }
    return b;
}
/* JSON text without whitespace outside strings */
static size_t compact(const char* s, size_t n, char* out) {
    size_t i, o = 0;
    int in = 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (in) {
            out[o++] = c;
            if (c == '\\' && i + 1 < n) { out[o++] = s[++i]; }
            else if (c == '"') { in = 0; }
        } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            out[o++] = c;
            if (c == '"') { in = 1; }
        }
    }
    out[o] = 0;
    return o;
}
/* jsmn's tokens of the text ctok read last: the reference the tests check against */
static jsmntok_t g_ct[1 << 16];
static int ctok(const char* s, size_t n) {
    jsmn_parser p;
    jsmn_init(&p);
    return jsmn_parse(&p, s, n, g_ct, sizeof(g_ct) / sizeof(g_ct[0]));
}
static const char* corpus_dir(void) {
    const char* e = getenv("KINF_TESTDATA");
    return e && e[0] ? e : "tests/testdata/k8s-api";
}

/* ------------------------------------------------------------------ FIFO and lists */
static kinf_informer_t* mk_fifo(int budget, int fifo_cap, int resync_ms) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16;
    d.dispatch_budget = budget; d.fifo_capacity = fifo_cap; d.resync_period_ms = resync_ms;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); watch_begin(inf); }
    return inf;
}
/* a list body (one page) with these items: "ns/name@rv ..." */
static int list_body(kinf_informer_t* inf, const char* list_rv, const char* items) {
    static char body[1 << 16];
    char ns[64], name[64], rv[64];
    const char* p = items;
    size_t o = 0;
    int first = 1, r;
    o += (size_t)snprintf(body + o, sizeof(body) - o, "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"%s\"},\"items\":[", list_rv);
    while (*p) {
        int n = 0;
        while (*p == ' ') { p++; }
        if (!*p) { break; }
        if (sscanf(p, "%63[^/]/%63[^@]@%63[^ ]%n", ns, name, rv, &n) != 3) { return -9; }
        p += n;
        o += (size_t)snprintf(body + o, sizeof(body) - o, "%s" POD, first ? "" : ",", name, ns, name, rv, "");
        first = 0;
    }
    o += (size_t)snprintf(body + o, sizeof(body) - o, "]}\n");
    list_begin(inf);
    r = feed(inf, body, o);
    if (r) { return r; }
    if (!inf->scan.root_done) { return -8; }
    kinf__rf_list_finished(inf); /* then it tries to watch 127.0.0.1:1: harmless */
    watch_begin(inf);
    return 0;
}

/* ------------------------------------------------------------------ requests */
static const char* request(kinf_informer_t* inf, int kind) {
    static char buf[KINF__WBUF + 1];
    if (!kinf__rf_build_request(inf, kind)) { return ""; }
    memcpy(buf, inf->wbuf, inf->conn.wlen); buf[inf->conn.wlen] = 0;
    return buf;
}
/* the request line without "GET " and " HTTP/1.1" */
static const char* target(kinf_informer_t* inf, int kind) {
    static char t[4096];
    const char* r = request(inf, kind);
    const char* e = strstr(r, " HTTP/1.1\r\n");
    if (strncmp(r, "GET ", 4) || !e) { return "?"; }
    snprintf(t, sizeof(t), "%.*s", (int)(e - r - 4), r + 4);
    return t;
}
static int count_of(const char* hay, const char* needle) {
    int n = 0;
    const char* p = hay;
    while ((p = strstr(p, needle))) { n++; p++; }
    return n;
}
static int has_ci(const char* hay, const char* needle) {
    size_t i, j, n = strlen(needle);
    for (i = 0; hay[i]; i++) {
        for (j = 0; j < n && hay[i + j] && (hay[i + j] | 32) == (needle[j] | 32); j++) {}
        if (j == n) { return 1; }
    }
    return 0;
}

/* ------------------------------------------------------------------ the reflector, response by response */
/* Feeds one HTTP response through the engine's entry points, as a
   transport would after the engine asked for a request: the connection
   (kinf_engine_closed for CLOSE, kinf_engine_connected for CONNECT), the
   request (kinf_engine_sendbuf / kinf_engine_sent), then the response in
   reads of at most the read buffer (kinf_engine_recvbuf / kinf_engine_recvd),
   dispatching when the FIFO holds the bytes back. The clock stands still at
   inf->conn.now. Returns -1 if the engine gave the response up before its end,
   0 otherwise (it ended, or still wants bytes). */
/* the connection the engine asks for (closing the old one), and the request sent whole */
static void send_req(kinf_informer_t* inf, uint64_t now) {
    size_t len;
    if (kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_informer_engine(inf), now); }
    if (kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CONNECT) { kinf_engine_connected(kinf_informer_engine(inf), now); }
    if (kinf_engine_sendbuf(kinf_informer_engine(inf), &len)) { kinf_engine_sent(kinf_informer_engine(inf), len, now); }
}
static int respond(kinf_informer_t* inf, const char* resp) {
    size_t n = strlen(resp), p = 0;
    uint64_t now = inf->conn.now;
    uint32_t done = inf->responses;
    int guard;
    send_req(inf, now);
    if (inf->conn.cstate != KINF__C_RECV) { return -1; }
    for (guard = 0; (p < n || (inf->conn.cstate == KINF__C_RECV && kinf__rf_pending(inf))) && guard < 100000; guard++) {
        size_t cap, k = n - p;
        uint8_t* buf = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap);
        if (!buf) {
            if (inf->conn.cstate == KINF__C_RECV && (kinf__rf_pending(inf) || (int)inf->flen >= inf->fifo_cap)) { /* backpressure */
                kinf_engine_dispatch(kinf_informer_engine(inf), now);
                kinf_engine_tick(kinf_informer_engine(inf), now);
                continue;
            }
            break; /* given up, or ended before its last bytes */
        }
        if (k > cap) { k = cap; }
        memcpy(buf, resp + p, k);
        p += k;
        kinf_engine_recvd(kinf_informer_engine(inf), k, now);
    }
    return (inf->responses != done || inf->conn.cstate == KINF__C_RECV) ? 0 : -1;
}
/* "HTTP/1.1 <status>" + headers + body, chunked in pieces of 7 bytes or with a length */
static const char* http(const char* status, const char* headers, const char* body, int chunked) {
    static char out[1 << 16];
    size_t o = (size_t)snprintf(out, sizeof(out), "HTTP/1.1 %s\r\nContent-Type: application/json\r\n%s", status, headers);
    size_t n = strlen(body), i;
    if (chunked) {
        o += (size_t)snprintf(out + o, sizeof(out) - o, "Transfer-Encoding: chunked\r\n\r\n");
        for (i = 0; i < n; i += 7) {
            size_t k = n - i < 7 ? n - i : 7;
            o += (size_t)snprintf(out + o, sizeof(out) - o, "%zx\r\n%.*s\r\n", k, (int)k, body + i);
        }
        snprintf(out + o, sizeof(out) - o, "0\r\n\r\n");
    } else {
        snprintf(out + o, sizeof(out) - o, "Content-Length: %zu\r\n\r\n%s", n, body);
    }
    return out;
}
#define ITEM(name, rv) "{\"metadata\":{\"name\":\"" name "\",\"namespace\":\"ns\",\"resourceVersion\":\"" rv "\"}}"
static uint64_t backoff_ms(kinf_informer_t* inf) { return inf->backoff_until - inf->conn.now; }

/* ------------------------------------------------------------------ the engine, through its public calls only */
/* A transport in the test: the request the engine hands out, sent whole,
   and the bytes of a response handed in `step` bytes at a time. */
static char g_req[KINF__WBUF + 1];
static const char* eng_send(kinf_informer_t* inf, uint64_t now) {
    size_t len;
    const uint8_t* b = kinf_engine_sendbuf(kinf_informer_engine(inf), &len);
    g_req[0] = 0;
    if (!b) { return g_req; }
    memcpy(g_req, b, len); g_req[len] = 0;
    kinf_engine_sent(kinf_informer_engine(inf), len, now);
    return g_req;
}
/* hands resp in; returns how many bytes the engine took */
static size_t eng_recv(kinf_informer_t* inf, const char* resp, size_t step, uint64_t now) {
    return kinf_test_feed(inf, resp, strlen(resp), step, now, 1);
}
#define ENG_T0 1000000u
#define STARTS(s, lit) (!strncmp((s), (lit), strlen(lit)))
static kinf_informer_t* eng_mk(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); }
    return inf;
}

/* a scratch string for the descriptors and calls that need one past a limit */
static char g_long[4096];

#endif /* UNIT_HARNESS_H */
