/* libFuzzer target: discovery documents through the discovery engine, no sockets.

   Input: byte 0 is the set-up, the rest the server's answers, separated by
   NUL bytes: the first answers the round's first request, the next the
   second, and so on (so /api, /apis, then the group versions a legacy round
   asks for; the aggregated form needs only the first two). An answer that
   starts with '!' and three digits has that HTTP status ("!404...", "!503").

   Byte 0: bit 0 legacy_only; bit 1 chunked bodies (7-byte chunks); bit 2
   tight capacities (8 resources, 256 name bytes, 4 group versions, 2 KiB
   documents); bits 3-4 the receive step (whole, 1, 7 or 61 bytes); bit 5
   /api and /apis answered with the aggregated Content-Type; bit 6 a second
   round over the same answers (the tables swap); bit 7 resolve names made of
   the input's own bytes.

   Checks, after each round: every entry reads back with non-empty plural,
   kind-independent strings NUL-terminated inside the discovery's memory (ASan),
   name == plural or plural.group, namespaced 0 or 1, verbs within
   KINF_VERB_*; an entry of a named group resolves, by NAME.GROUP, to an entry
   of that group and plural (ignoring case); the stats stay within their
   capacities; a failed round leaves the last complete one readable. */
#define KINF_TLS_BEARSSL
#define KINF_SELFCHECK
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_answer.h"

#define FD_FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED (%s:%d): ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)
#define FD_CHECK(c, ...) do { if (!(c)) { FD_FAIL(__VA_ARGS__); } } while (0)
#define FD_AGG "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"

static void fd_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)level; (void)msg; (void)line; (void)file; (void)user;
    if (item >= KINF_LOGITEM_COUNT) { FD_FAIL("log item %u out of range", item); }
}
/* the i-th answer of the input (NUL-separated), or 0 past the last */
static const uint8_t* fd_answer(const uint8_t* data, size_t size, int i, size_t* len) {
    size_t p = 0;
    while (i > 0) {
        const uint8_t* z = (const uint8_t*)memchr(data + p, 0, size - p);
        if (!z) { return 0; }
        p = (size_t)(z - data) + 1;
        i--;
    }
    {
        const uint8_t* z = (const uint8_t*)memchr(data + p, 0, size - p);
        *len = z ? (size_t)(z - (data + p)) : size - p;
    }
    return data + p;
}
/* the HTTP response for answer a, in out (cap bytes): its length */
static size_t fd_response(const uint8_t* a, size_t n, int chunked, int agg, int first_two, char* out, size_t cap) {
    return fuzz_answer(a, n, chunked, agg && first_two ? FD_AGG : "application/json", out, cap);
}
/* one round: each request answered in turn, until the round ends or the answers do */
static void fd_round(kinf_discovery_t* d, uint64_t* t, const uint8_t* data, size_t size, unsigned flags, char* resp, size_t cap) {
    static const size_t steps[4] = { (size_t)-1, 1, 7, 61 };
    size_t step = steps[(flags >> 3) & 3];
    int guard, req = 0;
    kinf_discovery_refresh(d);
    for (guard = 0; guard < 4000; guard++) {
        unsigned st = kinf_engine_tick(kinf_discovery_engine(d), *t);
        if (st & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_discovery_engine(d), *t); continue; }
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(kinf_discovery_engine(d), *t); continue; }
        if (st & KINF_ENG_SEND) {
            size_t len, n, p = 0, alen;
            const uint8_t* a;
            (void)kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
            kinf_engine_sent(kinf_discovery_engine(d), len, *t);
            a = fd_answer(data, size, req, &alen);
            if (!a) { kinf_engine_closed(kinf_discovery_engine(d), *t); return; } /* no answer: the server hangs up */
            n = fd_response(a, alen, (flags >> 1) & 1, (flags >> 5) & 1, req < 2, resp, cap);
            req++;
            while (p < n) {
                size_t rcap, k = n - p;
                uint8_t* rb = kinf_engine_recvbuf(kinf_discovery_engine(d), &rcap);
                if (!rb || !rcap) { break; }
                if (k > rcap) { k = rcap; }
                if (k > step) { k = step; }
                memcpy(rb, resp + p, k); p += k;
                kinf_engine_recvd(kinf_discovery_engine(d), k, *t);
            }
            continue;
        }
        if (kinf_discovery_state(d) != KINF_DISC_RUNNING) { return; }
        if (!st) { *t = kinf_engine_deadline(kinf_discovery_engine(d)); if (*t == UINT64_MAX) { return; } }
    }
}
static int fd_ieq(const char* a, const char* b) {
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') { x = (char)(x - 'A' + 'a'); }
        if (y >= 'A' && y <= 'Z') { y = (char)(y - 'A' + 'a'); }
        if (x != y) { return 0; }
    }
    return *a == *b;
}
static void fd_check(kinf_discovery_t* d) {
    kinf_discovery_stats_t s = kinf_discovery_stats(d);
    int i, n = kinf_discovery_count(d);
    kinf_resource_t r, q;
    FD_CHECK(n >= 0 && (uint32_t)n <= s.max_resources, "count %d over max_resources %u", n, s.max_resources);
    FD_CHECK(s.names_used <= s.names_capacity, "names %zu over %zu", s.names_used, s.names_capacity);
    FD_CHECK(s.doc_peak <= s.doc_capacity, "document peak %zu over %zu", s.doc_peak, s.doc_capacity);
    FD_CHECK(s.mem_used <= s.mem_capacity, "memory %zu over %zu", s.mem_used, s.mem_capacity);
    FD_CHECK(!kinf_discovery_at(d, n, &r) && !kinf_discovery_at(d, -1, &r), "an entry past the count");
    for (i = 0; i < n; i++) {
        char name[600];
        FD_CHECK(kinf_discovery_at(d, i, &r), "entry %d of %d unreadable", i, n);
        FD_CHECK(r.name && r.group && r.version && r.plural && r.singular && r.kind && r.short_names, "entry %d: a NULL string", i);
        FD_CHECK(r.plural[0] && r.version[0], "entry %d: empty plural or version", i);
        FD_CHECK(r.namespaced == 0 || r.namespaced == 1, "entry %d: namespaced %d", i, r.namespaced);
        FD_CHECK(r.verbs <= 255, "entry %d: verbs %#x", i, r.verbs);
        FD_CHECK(!strchr(r.plural, '/'), "entry %d: a subresource %s", i, r.plural);
        snprintf(name, sizeof(name), "%s%s%s", r.plural, r.group[0] ? "." : "", r.group);
        FD_CHECK(!strcmp(name, r.name), "entry %d: name %s for %s", i, r.name, name);
        if (r.group[0] && !strchr(r.plural, '.')) {
            char g[300], p[300];
            snprintf(g, sizeof(g), "%s", r.group); snprintf(p, sizeof(p), "%s", r.plural);
            FD_CHECK(kinf_discovery_resolve(d, name, &q) == KINF_OK, "entry %d: %s does not resolve", i, name);
            FD_CHECK(fd_ieq(q.group, g) && fd_ieq(q.plural, p), "entry %d: %s resolves to %s", i, name, q.name);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static char resp[1 << 20];
    kinf_desc_t conn;
    kinf_discovery_desc_t dd;
    kinf_discovery_t* d;
    kinf_resource_t r;
    void* mem;
    size_t n;
    uint64_t t = 1000000, rounds;
    unsigned flags;
    static const char* const names[] = { "pods", "po", "Pod", "deploy", "deployments.apps", "deployments.v1.apps",
                                         "/api/v1/pods", "/apis/apps/v1/deployments", "a.b.c", ".", "..", "/", "/apis//v1/x", "" };
    size_t i;
    if (size < 1 || size > (1 << 17)) { return 0; }
    flags = data[0];
    memset(&conn, 0, sizeof(conn));
    conn.server = "http://127.0.0.1:1";
    conn.own_transport = 1;
    conn.logger.func = fd_log;
    memset(&dd, 0, sizeof(dd));
    dd.conn = &conn;
    dd.legacy_only = flags & 1;
    if (flags & 4) { dd.max_resources = 8; dd.names_bytes = 256; dd.max_group_versions = 4; dd.doc_bytes = 2048; }
    n = kinf_discovery_size(&dd);
    mem = malloc(n);
    if (!mem) { return 0; }
    d = kinf_discovery_init(mem, n, &dd);
    FD_CHECK(d != 0, "init failed");
    fd_round(d, &t, data + 1, size - 1, flags, resp, sizeof(resp));
    fd_check(d);
    rounds = kinf_discovery_rounds(d);
#ifdef FD_VERBOSE /* what a seed reaches: build with -DFD_VERBOSE and run it on the file */
    fprintf(stderr, "rounds %llu resources %d aggregated %d\n", (unsigned long long)rounds, kinf_discovery_count(d),
            kinf_discovery_stats(d).aggregated);
#endif
    if (flags & 0x40) {
        t += 60000; /* past any backoff */
        fd_round(d, &t, data + 1, size - 1, flags, resp, sizeof(resp));
        FD_CHECK(kinf_discovery_rounds(d) >= rounds, "rounds went back");
        fd_check(d);
    }
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) { (void)kinf_discovery_resolve(d, names[i], &r); }
    if ((flags & 0x80) && size > 1) {
        char nm[64];
        size_t k = size - 1 < sizeof(nm) - 1 ? size - 1 : sizeof(nm) - 1;
        memcpy(nm, data + 1, k); nm[k] = 0;
        (void)kinf_discovery_resolve(d, nm, &r);
    }
    kinf_discovery_shutdown(d);
    fd_check(d);
    free(mem);
    return 0;
}
