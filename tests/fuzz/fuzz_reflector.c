/* libFuzzer target: the reflector through the engine's public calls, with
   no socket and a clock the input moves. The input is a script for a
   transport and a server: byte 0 picks the projection rules, byte 1 the read
   size and dispatch budget (as fuzz_common.h's informer); then one op a byte:
     0 connected   1 failed (an I/O, connect or resolve item)   2 closed
     3 time passes (up to 5 min)   4 the request is sent (whole, or in part)
     5 raw response bytes (a length byte, then the bytes)
     6 a canned response (a selector byte): list pages with and without a
       continue token, watch events, bookmarks, 410 on a list, a watch and a
       continue, an ERROR 410 in the stream, a too-large RV, 429 with
       Retry-After, 401, 500, a body read to the close
     7 the queue is delivered
   After each op the engine is ticked and checked:
   - it asks for one of connect, send or read at a time, or none;
   - the request it hands out is one well-formed GET of the resource, its
     query from the engine's own parameters, ending at its blank line;
   - the reflector's decisions, as client-go's: after a 410 on a watch, the
     next request is a list at the watch's resourceVersion, unpaginated; after
     a too-large RV on a watch, a paginated list with no resourceVersion;
     after a 410 on a continue token, a whole unpaginated list; the page after
     a page with a continue token carries it when nothing but a failed
     connect or an asked-for close came between;
   - handlers and the lister see valid objects (fuzz_common.h), the store's
     invariants hold (KINF_SELFCHECK) at the end. */
#define KINF_TLS_BEARSSL
#define KINF_SELFCHECK
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include "fuzz_common.h"
#include "../engine_feed.h"

static char g_req[KINF__WBUF + 1];
static int g_req_kind;                 /* 0 none, 1 list, 2 watch */
static char g_req_rv[KINF__MAX_RV];    /* resourceVersion= of the last request */
static int g_req_cont;                 /* the last request had continue= */
static int g_fed;                      /* bytes were handed in since the request was sent */
static int g_sent_part;                /* the request is part sent */
static int g_expect;                   /* 0, or what the next request must be: */
enum { EX_RELIST_AT_RV = 1, EX_WHOLE_LIST, EX_LIST_UNSET, EX_CONTINUE };
static char g_expect_rv[KINF__MAX_RV];     /* or the continue token */

static const char* query_val(const char* req, const char* key, char* out, size_t cap) {
    const char* p = strstr(req, key);
    size_t n = 0;
    out[0] = 0;
    if (!p) { return 0; }
    p += strlen(key);
    while (p[n] && p[n] != '&' && p[n] != ' ' && n + 1 < cap) { out[n] = p[n]; n++; }
    out[n] = 0;
    return out;
}
/* one request as the engine hands it out */
static void check_request(const uint8_t* b, size_t len) {
    const char* eol;
    const char* end;
    char v[KINF__MAX_RV];
    FZ_CHECK(len > 0 && len < sizeof(g_req), "request of %zu bytes", len);
    memcpy(g_req, b, len); g_req[len] = 0;
    FZ_CHECK(strlen(g_req) == len, "a NUL in the request");
    FZ_CHECK(!strncmp(g_req, "GET /api/v1/pods?", 17), "request line: %.60s", g_req);
    eol = strstr(g_req, "\r\n");
    FZ_CHECK(eol && !strncmp(eol - 9, " HTTP/1.1", 9), "request line does not end in HTTP/1.1");
    FZ_CHECK(memchr(g_req, '\n', (size_t)(eol - g_req)) == 0 && memchr(g_req + 4, ' ', (size_t)(eol - 9 - g_req - 4)) == 0,
             "a space or line end inside the request target");
    end = strstr(g_req, "\r\n\r\n");
    FZ_CHECK(end && (size_t)(end + 4 - g_req) == len, "the head does not end exactly at the request's end");
    g_req_kind = strstr(g_req, "?watch=1&") ? 2 : 1;
    g_req_cont = strstr(g_req, "continue=") != 0;
    query_val(g_req, "resourceVersion=", g_req_rv, sizeof(g_req_rv));
    if (g_expect == EX_RELIST_AT_RV) {
        FZ_CHECK(g_req_kind == 1 && !g_req_cont && !strstr(g_req, "limit=") && !strcmp(query_val(g_req, "resourceVersion=", v, sizeof(v)) ? v : "", g_expect_rv),
                 "after a 410 on a watch at %s the next request is not a whole list at it: %.100s", g_expect_rv, g_req);
    } else if (g_expect == EX_LIST_UNSET) {
        FZ_CHECK(g_req_kind == 1 && !g_req_cont && strstr(g_req, "limit=") && !strstr(g_req, "resourceVersion="),
                 "after a too-large RV on a watch the next request is not a list with no resourceVersion: %.100s", g_req);
    } else if (g_expect == EX_CONTINUE) {
        FZ_CHECK(g_req_kind == 1 && query_val(g_req, "continue=", v, sizeof(v)) && !strcmp(v, g_expect_rv),
                 "the page after one with continue token %s does not carry it: %.100s", g_expect_rv, g_req);
    } else if (g_expect == EX_WHOLE_LIST) {
        FZ_CHECK(g_req_kind == 1 && !g_req_cont && !strstr(g_req, "limit="),
                 "after an expired continue token the next request is not a whole list: %.100s", g_req);
    }
    g_expect = 0;
    g_fed = 0;
}
static void check_state(kinf_informer_t* inf) {
    unsigned st = kinf_engine_state(kinf_informer_engine(inf));
    unsigned io = st & (KINF_ENG_CONNECT | KINF_ENG_SEND | KINF_ENG_RECV);
    FZ_CHECK(io == 0 || io == KINF_ENG_CONNECT || io == KINF_ENG_SEND || io == KINF_ENG_RECV, "state %#x asks for two things", st);
    FZ_CHECK(!(st & KINF_ENG_TOKEN), "a token read asked with no token file");
    if (st & KINF_ENG_RECV) {
        size_t cap;
        FZ_CHECK(kinf_engine_recvbuf(kinf_informer_engine(inf), &cap) != 0 && cap > 0, "RECV without a buffer");
    }
}
static size_t feed(kinf_informer_t* inf, const uint8_t* d, size_t n, size_t step, uint64_t now) {
    size_t p = kinf_test_feed(inf, d, n, step, now, 0);
    if (p) { g_fed = 1; }
    return p;
}
static size_t canned(uint8_t sel, const uint8_t* extra, char* out, size_t cap) {
    static char body[2048];
    unsigned rv = 100u + (unsigned)extra[0] * 7u, n = (unsigned)extra[1];
    const char* chunked = "Transfer-Encoding: chunked\r\n";
    const char* type[4] = { "ADDED", "MODIFIED", "DELETED", "BOOKMARK" };
    int k;
    switch (sel % 12) {
    case 0: /* a list page with a continue token */
        snprintf(body, sizeof(body), "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"%u\",\"continue\":\"c%u\"},\"items\":["
                 "{\"metadata\":{\"name\":\"p%u\",\"namespace\":\"ns\",\"resourceVersion\":\"%u\"}}]}", rv, n, n % 8, rv);
        break;
    case 1: /* the last page */
        snprintf(body, sizeof(body), "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"%u\"},\"items\":["
                 "{\"metadata\":{\"name\":\"p%u\",\"namespace\":\"ns\",\"resourceVersion\":\"%u\"}},"
                 "{\"metadata\":{\"name\":\"q%u\",\"namespace\":\"ns\",\"resourceVersion\":\"%u\"}}]}", rv, n % 8, rv, n % 5, rv - 1);
        break;
    case 2: case 3: { /* watch events, chunked */
        size_t o = 0;
        for (k = 0; k < 3; k++) {
            int t = (n >> (2 * k)) & 3;
            o += (size_t)snprintf(body + o, sizeof(body) - o, "{\"type\":\"%s\",\"object\":{\"metadata\":{\"name\":\"p%u\",\"namespace\":\"ns\",\"resourceVersion\":\"%u\"}}}\n",
                                  type[t], (n + (unsigned)k) % 8, rv + (unsigned)k);
        }
        k = snprintf(out, cap, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n%s\r\n%zx\r\n%s\r\n%s", chunked, o, body, (sel & 0x80) ? "0\r\n\r\n" : "");
        return (size_t)k;
    }
    case 4: /* 410 Gone, as a response */
        snprintf(body, sizeof(body), "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"Expired\",\"code\":410}");
        k = snprintf(out, cap, "HTTP/1.1 410 Gone\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s", strlen(body), body);
        return (size_t)k;
    case 5: /* ERROR 410 in a watch stream */
        snprintf(body, sizeof(body), "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}}\n");
        k = snprintf(out, cap, "HTTP/1.1 200 OK\r\n%s\r\n%zx\r\n%s\r\n", chunked, strlen(body), body);
        return (size_t)k;
    case 6: /* a too-large resource version */
        snprintf(body, sizeof(body), "{\"kind\":\"Status\",\"code\":504,\"message\":\"Too large resource version: %u, current: 1\","
                 "\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\"}]}}", rv);
        k = snprintf(out, cap, "HTTP/1.1 504 Gateway Timeout\r\nContent-Length: %zu\r\n\r\n%s", strlen(body), body);
        return (size_t)k;
    case 7:
        k = snprintf(out, cap, "HTTP/1.1 429 Too Many Requests\r\nRetry-After: %u\r\nContent-Length: 2\r\n\r\n{}", n % 700);
        return (size_t)k;
    case 8:
        k = snprintf(out, cap, "HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}");
        return (size_t)k;
    case 9:
        k = snprintf(out, cap, "HTTP/1.1 500 Internal Server Error\r\n%sContent-Length: 2\r\n\r\n{}", (n & 1) ? "Retry-After: 3\r\n" : "");
        return (size_t)k;
    case 10: /* a bookmark, then the end of the watch */
        snprintf(body, sizeof(body), "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"%u\"}}}\n", rv);
        k = snprintf(out, cap, "HTTP/1.1 200 OK\r\n%s\r\n%zx\r\n%s\r\n0\r\n\r\n", chunked, strlen(body), body);
        return (size_t)k;
    default: /* a list read to the close */
        snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"%u\"},\"items\":[{\"metadata\":{\"name\":\"p%u\",\"namespace\":\"ns\",\"resourceVersion\":\"%u\"}}]}",
                 rv, n % 8, rv);
        k = snprintf(out, cap, "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n%s", body);
        return (size_t)k;
    }
    k = snprintf(out, cap, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s", strlen(body), body);
    return (size_t)k;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const uint32_t items[4] = { KINF_LOGITEM_IO_ERROR, KINF_LOGITEM_CONNECT_FAILED, KINF_LOGITEM_RESOLVE_FAILED, 0 };
    static const size_t steps[4] = { 1, 7, 64, 100000 };
    static char resp[4096];
    kinf_informer_t* inf;
    void* mem;
    uint64_t now = 1000000;
    size_t p = 2, len;
    int ops = 0;
    if (size < 2) { return 0; }
    inf = fz_informer(data[0], data[1], &mem);
    g_req_kind = 0; g_req_cont = 0; g_fed = 0; g_sent_part = 0; g_expect = 0; g_req_rv[0] = 0;
    kinf_engine_tick(kinf_informer_engine(inf), now);
    while (p < size && ops++ < 2000) {
        uint8_t op = data[p++];
        unsigned st = kinf_engine_state(kinf_informer_engine(inf));
        /* a continue token survives a failed connect and a close the engine
           asked for; anything else before the next request may start the list over */
        if (g_expect == EX_CONTINUE && !((op & 7) == 0 || (op & 7) == 4 || (op & 7) == 7 || ((op & 7) == 1 && (st & KINF_ENG_CONNECT)) ||
                                         ((op & 7) == 2 && (st & KINF_ENG_CLOSE)))) {
            g_expect = 0;
        }
        switch (op & 7) {
        case 0: kinf_engine_connected(kinf_informer_engine(inf), now); break;
        case 1: kinf_engine_failed(kinf_informer_engine(inf), items[(op >> 3) & 3], "fuzz", now); break;
        case 2: kinf_engine_closed(kinf_informer_engine(inf), now); break;
        case 3: now += (uint64_t)(op >> 3) * ((op & 0x80) ? 10000u : 100u); break;
        case 4: {
            const uint8_t* b = kinf_engine_sendbuf(kinf_informer_engine(inf), &len);
            if (b) {
                size_t part = (op >> 3) ? (size_t)(op >> 3) : len;
                if (part > len) { part = len; }
                if (!g_sent_part) { check_request(b, len); } /* the request's start: whole */
                g_sent_part = part < len;
                kinf_engine_sent(kinf_informer_engine(inf), part, now);
            }
            break;
        }
        case 5: {
            size_t n = p < size ? data[p++] : 0;
            if (n > size - p) { n = size - p; }
            feed(inf, data + p, n, steps[(op >> 3) & 3], now);
            p += n;
            break;
        }
        case 6: {
            uint8_t sel, ex[2];
            size_t n;
            int fresh, watch = g_req_kind == 2, cont = g_req_cont;
            char rv[KINF__MAX_RV];
            if (p + 3 > size) { p = size; break; }
            sel = data[p]; ex[0] = data[p + 1]; ex[1] = data[p + 2]; p += 3;
            fresh = !g_fed && (kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_RECV);
            memcpy(rv, g_req_rv, sizeof(rv));
            n = canned(sel, ex, resp, sizeof(resp));
            if (feed(inf, (const uint8_t*)resp, n, steps[(op >> 3) & 3], now) == n && fresh && !(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_RECV)) {
                /* the whole response went to a request the engine had just sent */
                if (sel % 12 == 4 && watch) { g_expect = EX_RELIST_AT_RV; memcpy(g_expect_rv, rv, sizeof(rv)); }
                if (sel % 12 == 4 && !watch && cont) { g_expect = EX_WHOLE_LIST; }
                if (sel % 12 == 6 && watch) { g_expect = EX_LIST_UNSET; }
                if (sel % 12 == 0 && !watch) { g_expect = EX_CONTINUE; snprintf(g_expect_rv, sizeof(g_expect_rv), "c%u", (unsigned)ex[1]); }
            }
            break;
        }
        default: kinf_engine_dispatch(kinf_informer_engine(inf), now); break;
        }
        kinf_engine_tick(kinf_informer_engine(inf), now);
        if (!(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_SEND)) { g_sent_part = 0; } /* a new request starts whole */
        check_state(inf);
        fz_check_lister_ex(inf, 0);
    }
    kinf_engine_dispatch(kinf_informer_engine(inf), now);
    while (inf->flen) { kinf_engine_dispatch(kinf_informer_engine(inf), now); }
    fz_check_lister(inf);
    free(mem);
    return 0;
}
