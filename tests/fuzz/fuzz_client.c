/* libFuzzer target: the write client (>>client) and the leader elector on it
   (>>leader), through the client's engine: no socket, a clock the input moves.

   Input: 2 control bytes, then what the server sends.

   Byte 0, bit 0 clear: one request of the client (client mode).
     bits 1-3  the request: GET of an object, GET of its status, POST (create),
               PUT (update), PATCH (merge), PATCH (JSON patch), DELETE with
               preconditions, server-side apply (force)
     bit 4     to a path of its own (/hook?x=1) instead of the object's
     bit 5     tight capacities: request 256 B and response 1 KiB (the least)
               instead of 16 and 64 KiB
     bits 6-7  retries: none, 1, 2, the default 5 (Retry-After or the backoff:
               the clock runs to the client's deadline)
   Byte 1: bits 0-1 the read size (what the buffer takes, 1, 7, 61 bytes);
     bits 2-3 what an attempt after the first gets (the input again, a canned
     200, a close before any byte, a 503 with Retry-After: 1); bits 4-5 after
     the last byte: the server closes, the clock runs to the idle timeout, the
     transport fails (a reset), the server closes; bit 6 the request goes out
     in two writes; bit 7 a canned 200 first, then two minutes with no
     engine call (an idle client has no deadline), so the request goes on a
     kept-alive connection idle that long.
   The rest: the server's raw response (head and body) to the first attempt.

   Checks: the engine asks for one of connect, send and read at a time; each
   attempt sends one well-formed request (the method, path, Content-Type and
   Content-Length of the verb, the body given or the DeleteOptions built,
   every retry the same bytes); the request ends within the loop's bound, and
   while it runs it asks for something or has a deadline; the response is
   one of the documented outcomes (result, its code, item 0 exactly on
   success), body and body_len lie inside the client's memory, NUL-ended,
   within response_bytes and the bytes sent; an IDLE_TIMEOUT only when the
   transport let the idle time pass on an awaited response; reason and message are
   NUL-ended in their arrays with no control byte, empty unless a Status was
   read, and equal the Status's own members (read again here by jsmn and
   unescaped by this file: cut with "..." only when too long); log items in
   range; the stats within their capacities; the client takes a second
   request (a canned 200) and ends it well.

   Byte 0, bit 0 set: a leader elector over its own client (leader mode).
     bits 1-2  lease, renew deadline, retry period: 15/10/2 s, 3/2/1 s,
               1/0.9/0.7 s, 60/40/5 s
     bit 3     the identity is 255 bytes long instead of "cand-a"
     bit 4     when the answers run out: kinf_leader_release, the rest
               answered with a canned 200
     bit 5     tight client capacities (1 KiB each)
     bits 6-7  the wall clock: 2025, 1970, year 1, year 10000
   Byte 1: bits 0-1 the read size; bits 2-4 the time that passes after each
     request (0, 1 ms, 0.5, 2, 9, 16, 61 s, 1 h) besides the elector's
     deadline; bit 5 the client retries (5) instead of none; bit 6 chunked
     bodies.
   The rest: the answers to the elector's requests (GET, POST, PUT of the
   Lease), in turn, separated by NUL bytes. An answer that starts with
   "HTTP/" is sent as it is; else it is a body, sent with status 200, or
   NNN when it starts with '!' and three digits.

   Checks, after each step: leadership starts only in the step that takes a
   successful POST or PUT of this candidate's own record (never from a
   read, never after the release); while it leads, the last successful
   write was sent less than the renew deadline ago, and the callbacks
   alternate; a read of a Lease another candidate holds, seen for the first
   time with a lease duration (here: the holder decoded by this file, with
   its full length), stops a leader and starts no write; after a 409 the
   next request is a GET; every PUT carries the resourceVersion of the last
   successful answer, never an empty one, and this candidate's record (or
   after the release, the empty one, once); the holder is a NUL-ended
   string inside the elector; after the release the elector stops. */
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_answer.h"

#define FC_FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED (%s:%d): ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)
#define FC_CHECK(c, ...) do { if (!(c)) { FC_FAIL(__VA_ARGS__); } } while (0)

#define FC_SERVER "http://127.0.0.1:1/pre"
#define FC_OBJ "/pre/api/v1/namespaces/ns-1/configmaps"
#define FC_LEASES "/pre/apis/coordination.k8s.io/v1/namespaces/ns/leases"
#define FC_OK_BODY "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-1\",\"namespace\":\"ns-1\",\"resourceVersion\":\"9\"}}"

static int g_idle_waited; /* the transport let the idle timeout pass while a response was awaited */
static void fc_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
#ifdef FC_VERBOSE
    fprintf(stderr, "log %s: %s\n", kinf_log_item_name(item), msg);
#endif
    (void)tag; (void)level; (void)line; (void)file; (void)user;
    FC_CHECK(item < KINF_LOGITEM_COUNT, "log item %u out of range", item);
    FC_CHECK(msg && memchr(msg, 0, 400), "a log message not NUL-ended within 400 bytes");
    FC_CHECK(item != KINF_LOGITEM_IDLE_TIMEOUT || g_idle_waited, "an idle timeout the transport never let pass: %s", msg);
}

/* ---- JSON strings, decoded here (not by the library) */
static int fc_hex4(const char* p, uint32_t* v) {
    int i;
    *v = 0;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        *v <<= 4;
        if (c >= '0' && c <= '9') { *v |= (uint32_t)(c - '0'); }
        else if (c >= 'a' && c <= 'f') { *v |= (uint32_t)(c - 'a' + 10); }
        else if (c >= 'A' && c <= 'F') { *v |= (uint32_t)(c - 'A' + 10); }
        else { return 0; }
    }
    return 1;
}
static size_t fc_put_cp(char* out, size_t o, size_t cap, uint32_t cp) {
    char u[4];
    size_t n, i;
    if (cp < 0x80u) { u[0] = (char)cp; n = 1; }
    else if (cp < 0x800u) { u[0] = (char)(0xC0u | (cp >> 6)); u[1] = (char)(0x80u | (cp & 0x3Fu)); n = 2; }
    else if (cp < 0x10000u) { u[0] = (char)(0xE0u | (cp >> 12)); u[1] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[2] = (char)(0x80u | (cp & 0x3Fu)); n = 3; }
    else { u[0] = (char)(0xF0u | (cp >> 18)); u[1] = (char)(0x80u | ((cp >> 12) & 0x3Fu)); u[2] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[3] = (char)(0x80u | (cp & 0x3Fu)); n = 4; }
    for (i = 0; i < n; i++) { if (o + i < cap) { out[o + i] = u[i]; } }
    return o + n;
}
/* the text of a JSON string's inside s[0..n): escapes as JSON means them, a
   lone surrogate as U+FFFD; into out (cap bytes, not NUL-ended), the full
   length returned (NUL bytes counted) */
static size_t fc_unescape(const char* s, size_t n, char* out, size_t cap) {
    size_t i = 0, o = 0;
    while (i < n) {
        uint32_t cp, lo;
        if (s[i] != '\\') { if (o < cap) { out[o] = s[i]; } o++; i++; continue; }
        if (i + 1 >= n) { o = fc_put_cp(out, o, cap, 0xFFFDu); i++; continue; }
        i += 2;
        switch (s[i - 1]) {
        case '"': cp = '"'; break;
        case '\\': cp = '\\'; break;
        case '/': cp = '/'; break;
        case 'b': cp = 8; break;
        case 'f': cp = 12; break;
        case 'n': cp = 10; break;
        case 'r': cp = 13; break;
        case 't': cp = 9; break;
        case 'u':
            if (i + 4 > n || !fc_hex4(s + i, &cp)) { cp = 0xFFFDu; break; }
            i += 4;
            if (cp >= 0xDC00u && cp <= 0xDFFFu) { cp = 0xFFFDu; }
            else if (cp >= 0xD800u && cp <= 0xDBFFu) {
                if (i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u' && fc_hex4(s + i + 2, &lo) && lo >= 0xDC00u && lo <= 0xDFFFu) {
                    cp = 0x10000u + ((cp - 0xD800u) << 10) + (lo - 0xDC00u);
                    i += 6;
                } else {
                    cp = 0xFFFDu;
                }
            }
            break;
        default: cp = 0xFFFDu; break;
        }
        o = fc_put_cp(out, o, cap, cp);
    }
    return o;
}
/* the text of the field at path of a JSON object (compact, as the API
   server writes it), located by kinf_field, decoded here: its length, or
   -1 when the field is missing; a value that is no string is its JSON text */
static long fc_field(const char* json, size_t len, const char* path, char* out, size_t cap) {
    kinf_object_t o;
    kinf_value_t v;
    size_t n;
    memset(&o, 0, sizeof(o));
    o.key = o.name = o.namespace_ = o.uid = o.resource_version = "";
    o.json = json; o.json_len = len;
    if (!kinf_field(&o, path, &v) || v.type == KINF_VNONE) { return -1; }
    if (v.type == KINF_VSTRING && !v.plain) { n = fc_unescape(v.ptr, v.len, out, cap); }
    else { n = v.len; memcpy(out, v.ptr, n < cap ? n : cap); }
    return (long)n;
}

/* ---- the transport: one request of the client to its end */
typedef struct fc_answer_t { const uint8_t* b; size_t n; int hangup; } fc_answer_t;
typedef fc_answer_t (*fc_answer_fn)(int attempt);
typedef void (*fc_request_fn)(const char* req, size_t len, int attempt);
static size_t g_step = (size_t)-1; /* the read size */
static int g_end;                  /* after the last byte: 0 close, 1 idle timeout, 2 reset */
static int g_two_writes;
static size_t g_fed;               /* bytes of the last attempt's answer taken */
static char g_req[1 << 17];        /* the last attempt's request */
static size_t g_req_len;

static void fc_feed(kinf_client_t* c, const uint8_t* b, size_t n, uint64_t t) {
    kinf_engine_t* e = kinf_client_engine(c);
    size_t p = 0;
    while (p < n && kinf_client_busy(c)) {
        size_t cap, k = n - p;
        uint8_t* rb = kinf_engine_recvbuf(e, &cap);
        if (!rb || !cap) { break; }
        if (k > cap) { k = cap; }
        if (k > g_step) { k = g_step; }
        memcpy(rb, b + p, k);
        p += k;
        kinf_engine_recvd(e, k, t);
    }
    g_fed = p;
}
/* 1 when the request ended; 0 when an answer was wanted and there was none */
static int fc_drive(kinf_client_t* c, uint64_t* t, fc_answer_fn answer, fc_request_fn on_request) {
    kinf_engine_t* e = kinf_client_engine(c);
    int guard, attempt = -1, sending = 0, answered = 1;
    g_idle_waited = 0;
    for (guard = 0; guard < 4000; guard++) {
        unsigned st, io;
        if (!kinf_client_busy(c)) { return 1; }
        st = kinf_engine_tick(e, *t);
        if (!kinf_client_busy(c)) { return 1; }
        io = st & (KINF_ENG_CONNECT | KINF_ENG_SEND | KINF_ENG_RECV);
        FC_CHECK(io == 0 || io == KINF_ENG_CONNECT || io == KINF_ENG_SEND || io == KINF_ENG_RECV, "state %#x asks for two things", st);
        if (st & KINF_ENG_CLOSE) { kinf_engine_closed(e, *t); continue; }
        if (st & KINF_ENG_TOKEN) { kinf_engine_set_token(e, "tok-2", *t); continue; }
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(e, *t); continue; }
        if (st & KINF_ENG_SEND) {
            size_t len, k;
            const uint8_t* b = kinf_engine_sendbuf(e, &len);
            FC_CHECK(b && len > 0, "SEND without bytes");
            if (!sending) { /* an attempt begins: the whole request is in the buffer */
                attempt++;
                FC_CHECK(len < sizeof(g_req), "a request of %zu bytes", len);
                memcpy(g_req, b, len); g_req[len] = 0; g_req_len = len;
                on_request(g_req, len, attempt);
                answered = 0;
            }
            k = g_two_writes && !sending && len > 1 ? len / 2 : len;
            sending = k < len;
            kinf_engine_sent(e, k, *t);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            if (!answered) {
                fc_answer_t a = answer(attempt);
                answered = 1;
                if (a.hangup) { return 0; }
                if (a.b) { fc_feed(c, a.b, a.n, *t); } else { g_fed = 0; }
                continue;
            }
            if (g_end == 1) {
                uint64_t dl = kinf_engine_deadline(e);
                FC_CHECK(dl != UINT64_MAX, "a read with no idle deadline");
                *t = dl > *t ? dl : *t + 1;
                g_idle_waited = 1;
            } else if (g_end == 2) {
                kinf_engine_failed(e, KINF_LOGITEM_IO_ERROR, "reset", *t);
            } else {
                kinf_engine_closed(e, *t);
            }
            continue;
        }
        if (!io) {
            uint64_t dl = kinf_engine_deadline(e);
            FC_CHECK(dl != UINT64_MAX, "a request under way asks for nothing and has no deadline (state %#x)", st);
            *t = dl > *t ? dl : *t + 1;
        }
    }
    FC_FAIL("the request did not end in 4000 rounds");
    return 0;
}

/* ---- client mode */
typedef struct fc_verb_t { int verb, status; const char* method; const char* path; const char* ctype; const char* body; } fc_verb_t;
static const fc_verb_t g_verbs[8] = {
    { KINF_CLIENT_GET, 0, "GET", FC_OBJ "/cm-1", 0, 0 },
    { KINF_CLIENT_GET, 1, "GET", FC_OBJ "/cm-1/status", 0, 0 },
    { KINF_CLIENT_CREATE, 0, "POST", FC_OBJ, "application/json", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-1\"},\"data\":{\"k\":\"v\"}}" },
    { KINF_CLIENT_UPDATE, 0, "PUT", FC_OBJ "/cm-1", "application/json", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-1\",\"resourceVersion\":\"5\"},\"data\":{\"k\":\"w\"}}" },
    { KINF_CLIENT_PATCH_MERGE, 0, "PATCH", FC_OBJ "/cm-1", "application/merge-patch+json", "{\"data\":{\"k\":null}}" },
    { KINF_CLIENT_PATCH_JSON, 0, "PATCH", FC_OBJ "/cm-1", "application/json-patch+json", "[{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"5\"}]" },
    { KINF_CLIENT_DELETE, 0, "DELETE", FC_OBJ "/cm-1", "application/json", "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"u-\\\"1\",\"resourceVersion\":\"7\"}}" },
    { KINF_CLIENT_APPLY, 0, "PATCH", FC_OBJ "/cm-1?fieldManager=fz%20m%2F1&force=true", "application/apply-patch+yaml", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-1\"},\"data\":{\"m\":\"1\"}}" },
};
static const fc_verb_t* g_v;
static int g_path_mode;
static char g_first_req[1 << 17];
static size_t g_first_len;
static const uint8_t* g_in;
static size_t g_in_len;
static int g_later;
static char g_ok_resp[512];        /* a 200 with FC_OK_BODY */
static const char g_503_resp[] = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 2\r\n\r\n{}";

/* the request as the verb has it */
static void fc_check_request(const char* r, size_t len, int attempt) {
    char line[1200], want[64];
    const char* end = strstr(r, "\r\n\r\n");
    const char* body;
    const char* cl;
    size_t head, blen;
    if (attempt > 0) {
        FC_CHECK(len == g_first_len && !memcmp(r, g_first_req, len), "attempt %d sent other bytes than the first:\n%.300s", attempt, r);
        return;
    }
    FC_CHECK(strlen(r) == len, "a NUL in the request");
    if (g_path_mode) {
        snprintf(line, sizeof(line), "%s /hook?x=1%s HTTP/1.1\r\n", g_v->method, g_v->verb == KINF_CLIENT_APPLY ? "&fieldManager=fz%20m%2F1&force=true" : "");
    } else {
        snprintf(line, sizeof(line), "%s %s HTTP/1.1\r\n", g_v->method, g_v->path);
    }
    FC_CHECK(!strncmp(r, line, strlen(line)), "request line: %.200s, not %s", r, line);
    FC_CHECK(end != 0, "the head does not end");
    head = (size_t)(end + 4 - r);
    body = end + 4; blen = len - head;
    FC_CHECK(strstr(r, "\r\nAuthorization: Bearer tok-1\r\n") && strstr(r, "\r\nAccept: application/json\r\n"), "no token or Accept header");
    cl = strstr(r, "\r\nContent-Length: ");
    if (g_v->body) {
        snprintf(want, sizeof(want), "\r\nContent-Type: %s\r\n", g_v->ctype);
        FC_CHECK(strstr(r, want) && strstr(r, want) < end, "no %s", want + 2);
        FC_CHECK(cl && cl < end && (size_t)strtoul(cl + 18, 0, 10) == blen, "Content-Length is not the body's %zu", blen);
        FC_CHECK(blen == strlen(g_v->body) && !memcmp(body, g_v->body, blen), "body %.*s, not %s", (int)blen, body, g_v->body);
    } else {
        FC_CHECK(blen == 0 && (!cl || cl > end), "a body on a request without one");
    }
    memcpy(g_first_req, r, len); g_first_len = len;
}
static fc_answer_t fc_client_answer(int attempt) {
    fc_answer_t a;
    memset(&a, 0, sizeof(a));
    if (attempt == 0 || g_later == 0) { a.b = g_in; a.n = g_in_len; }
    else if (g_later == 1) { a.b = (const uint8_t*)g_ok_resp; a.n = strlen(g_ok_resp); }
    else if (g_later == 3) { a.b = (const uint8_t*)g_503_resp; a.n = sizeof(g_503_resp) - 1; }
    return a; /* 2: nothing, and the end action closes */
}
static int fc_starts(const char* s, const char* prefix) { return !strncmp(s, prefix, strlen(prefix)); }
static void fc_canned_request(const char* r, size_t len, int attempt) { (void)len; (void)attempt; FC_CHECK(fc_starts(r, "GET " FC_OBJ "/cm-1 HTTP/1.1\r\n"), "the canned request: %.80s", r); }
static fc_answer_t fc_canned_answer(int attempt) {
    fc_answer_t a;
    (void)attempt;
    memset(&a, 0, sizeof(a));
    a.b = (const uint8_t*)g_ok_resp; a.n = strlen(g_ok_resp);
    return a;
}
/* one canned GET, answered 200: it must end well */
static void fc_canned(kinf_client_t* c, uint64_t* t) {
    kinf_client_request_t rq;
    kinf_client_response_t out;
    int end = g_end;
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_GET; rq.resource = "configmaps"; rq.namespace_ = "ns-1"; rq.name = "cm-1";
    FC_CHECK(kinf_client_start(c, &rq) == KINF_OK, "the client refused a second request (last error %u)", kinf_client_last_error(c));
    g_end = 0;
    FC_CHECK(fc_drive(c, t, fc_canned_answer, fc_canned_request), "canned request");
    g_end = end;
    FC_CHECK(kinf_client_done(c, &out), "the canned request did not end");
    FC_CHECK(out.result == KINF_CLIENT_OK && out.code == 200 && out.item == 0, "the canned request ended %d, code %d, item %u", out.result, out.code, out.item);
    FC_CHECK(out.body_len == strlen(FC_OK_BODY) && !memcmp(out.body, FC_OK_BODY, out.body_len) && out.body[out.body_len] == 0, "the canned body: %s", out.body);
    FC_CHECK(!out.reason[0] && !out.message[0], "reason or message on a 200");
}
/* reason or message (s, its array cap bytes) against the Status member as
   decoded here (S, L bytes, or none) */
static void fc_check_text(const char* what, const char* s, size_t cap, const char* S, long L) {
    size_t n = strlen(s), i;
    char exp[4096];
    if (L < 0) { FC_CHECK(n == 0, "%s \"%s\" with no such member", what, s); return; }
    for (i = 0; i < (size_t)L && i < sizeof(exp); i++) { exp[i] = (unsigned char)S[i] < 0x20u || S[i] == 0x7f ? '?' : S[i]; }
    if ((size_t)L < cap) {
        FC_CHECK(n == (size_t)L && !memcmp(s, exp, n), "%s \"%s\" is not the Status's (%ld bytes) \"%.*s\"", what, s, L, (int)L, exp);
        return;
    }
    /* too long: cut at cap - 4, moved back over continuation bytes to a
       character's start, then "..." */
    FC_CHECK(n >= 3 && n <= cap - 1 && !memcmp(s + n - 3, "...", 3), "%s of %ld bytes not cut with \"...\": \"%s\"", what, L, s);
    n -= 3;
    FC_CHECK(!memcmp(s, exp, n) && (n == 0 || ((unsigned char)exp[n] & 0xC0u) != 0x80u), "%s cut wrong: \"%s\" of \"%.*s\"", what, s, (int)cap, exp);
    for (i = n + 1; i <= cap - 4; i++) { FC_CHECK(((unsigned char)exp[i] & 0xC0u) == 0x80u, "%s cut at %zu, not at %zu", what, n, cap - 4); }
}
static void fc_check_status(const kinf_client_response_t* out) {
    static jsmntok_t tok[4096];
    static char dec[2][4096];
    long L[2] = { -1, -1 };
    jsmn_parser p;
    int nt, i, m;
    jsmn_init(&p);
    nt = jsmn_parse(&p, out->body, out->body_len, tok, 4096);
    if (nt > KINF__CL_TOKS || (nt < 0 && p.toknext > KINF__CL_TOKS) || nt == JSMN_ERROR_NOMEM) { return; } /* the client reads 128 tokens: not compared */
    if (nt >= 1 && tok[0].type == JSMN_OBJECT) {
        for (m = 0, i = 1; m < tok[0].size && i + 1 < nt; m++) {
            const jsmntok_t* k = &tok[i];
            const jsmntok_t* v = &tok[i + 1];
            size_t kl = (size_t)(k->end - k->start);
            int w = kl == 6 && !memcmp(out->body + k->start, "reason", 6) ? 0 : kl == 7 && !memcmp(out->body + k->start, "message", 7) ? 1 : -1;
            if (w >= 0 && v->type == JSMN_STRING) { L[w] = (long)fc_unescape(out->body + v->start, (size_t)(v->end - v->start), dec[w], sizeof(dec[w])); }
            i = kinf__tok_skip(tok, nt, i + 1);
        }
    }
    fc_check_text("reason", out->reason, sizeof(out->reason), dec[0], L[0]);
    fc_check_text("message", out->message, sizeof(out->message), dec[1], L[1]);
}
static void fc_check_response(kinf_client_t* c, const uint8_t* mem, size_t msize, const kinf_client_response_t* out, size_t resp_cap) {
    int r = out->result, code = out->code;
    size_t i;
    FC_CHECK(r >= KINF_CLIENT_OK && r <= KINF_CLIENT_TOO_LARGE, "result %d", r);
    FC_CHECK((out->item == 0) == (r == KINF_CLIENT_OK) && out->item < KINF_LOGITEM_COUNT, "result %d with item %u", r, out->item);
    FC_CHECK(r == KINF_CLIENT_OK || kinf_client_last_error(c) != 0, "a failed request (%d) and no sticky error", r);
    FC_CHECK(code == 0 || (code >= 100 && code <= 599), "code %d", code);
    switch (r) {
    case KINF_CLIENT_OK: FC_CHECK(code >= 200 && code <= 299, "OK with code %d", code); break;
    case KINF_CLIENT_CONFLICT: case KINF_CLIENT_ALREADY_EXISTS: FC_CHECK(code == 409, "a 409 result with code %d", code); break;
    case KINF_CLIENT_NOT_FOUND: FC_CHECK(code == 404, "NOT_FOUND with code %d", code); break;
    case KINF_CLIENT_INVALID: FC_CHECK(code == 422, "INVALID with code %d", code); break;
    case KINF_CLIENT_FORBIDDEN: FC_CHECK(code == 403, "FORBIDDEN with code %d", code); break;
    case KINF_CLIENT_UNAUTHORIZED: FC_CHECK(code == 401, "UNAUTHORIZED with code %d", code); break;
    case KINF_CLIENT_SERVER_ERROR: FC_CHECK(code >= 500, "SERVER_ERROR with code %d", code); break;
    case KINF_CLIENT_HTTP_ERROR:
        FC_CHECK(code >= 100 && code < 500 && (code < 200 || code > 299) && code != 401 && code != 403 && code != 404 && code != 409 && code != 422,
                 "HTTP_ERROR with code %d", code);
        break;
    case KINF_CLIENT_CONNECTION: FC_CHECK(code == 0, "CONNECTION with code %d", code); break;
    default: FC_CHECK(code >= 100, "TOO_LARGE with code %d", code); break;
    }
    /* the body: inside the client's memory, NUL-ended, within its capacity and what was sent */
    FC_CHECK(out->body != 0, "a NULL body");
    FC_CHECK((const uint8_t*)out->body >= mem && (const uint8_t*)out->body + out->body_len < mem + msize, "the body lies outside the client's memory");
    FC_CHECK(out->body_len <= resp_cap && out->body[out->body_len] == 0, "body_len %zu (capacity %zu) or no NUL after it", out->body_len, resp_cap);
    FC_CHECK(out->body_len <= g_fed, "a body of %zu bytes from %zu bytes sent", out->body_len, g_fed);
    FC_CHECK(r != KINF_CLIENT_TOO_LARGE || out->body_len == 0, "a too large response keeps %zu bytes", out->body_len);
    /* reason and message */
    FC_CHECK(memchr(out->reason, 0, sizeof(out->reason)) && memchr(out->message, 0, sizeof(out->message)), "reason or message not NUL-ended");
    for (i = 0; out->message[i]; i++) { FC_CHECK((unsigned char)out->message[i] >= 0x20u && out->message[i] != 0x7f, "a control byte in the message"); }
    for (i = 0; out->reason[i]; i++) { FC_CHECK((unsigned char)out->reason[i] >= 0x20u && out->reason[i] != 0x7f, "a control byte in the reason"); }
    if (r == KINF_CLIENT_OK || r == KINF_CLIENT_CONNECTION || r == KINF_CLIENT_TOO_LARGE) {
        FC_CHECK(!out->reason[0] && !out->message[0], "result %d with a reason or message", r);
    } else {
        fc_check_status(out);
    }
}
/* the connection both modes use (own transport, a token, the target's
   logger) and a client descriptor on it, the rest of it 0 */
static void fc_desc(kinf_desc_t* conn, kinf_client_desc_t* cd) {
    memset(conn, 0, sizeof(*conn));
    conn->server = FC_SERVER; conn->own_transport = 1; conn->token = "tok-1";
    conn->logger.func = fc_log;
    memset(cd, 0, sizeof(*cd));
    cd->conn = conn;
}
static void fc_client(const uint8_t* data, size_t size) {
    static kinf_desc_t conn;
    static const int retries[4] = { -1, 1, 2, 0 };
    kinf_client_desc_t cd;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    kinf_client_stats_t s;
    kinf_client_t* c;
    uint8_t* mem;
    size_t n;
    uint64_t t = 1000000;
    unsigned f0 = data[0], f1 = data[1];
    int rc, tight = (f0 >> 5) & 1;
    g_v = &g_verbs[(f0 >> 1) & 7];
    g_path_mode = (f0 >> 4) & 1;
    g_later = (f1 >> 2) & 3;
    g_end = (f1 >> 4) & 3; if (g_end == 3) { g_end = 0; }
    g_two_writes = (f1 >> 6) & 1;
    g_in = data + 2; g_in_len = size - 2;
    if (!g_ok_resp[0]) { snprintf(g_ok_resp, sizeof(g_ok_resp), "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s", strlen(FC_OK_BODY), FC_OK_BODY); }
    fc_desc(&conn, &cd);
    if (tight) { cd.request_bytes = 256; cd.response_bytes = 1024; }
    cd.max_retries = retries[(f0 >> 6) & 3];
    cd.retry_base_ms = 100; cd.retry_max_ms = 2000;
    n = kinf_client_size(&cd);
    mem = (uint8_t*)malloc(n);
    if (!mem) { return; }
    c = kinf_client_init(mem, n, &cd);
    FC_CHECK(c, "kinf_client_init");
    if ((f1 >> 7) & 1) { /* the request goes on the kept-alive connection, idle for two minutes */
        fc_canned(c, &t);
        FC_CHECK(kinf_engine_deadline(kinf_client_engine(c)) == UINT64_MAX, "an idle client has a deadline");
        t += 120000;
    }
    memset(&rq, 0, sizeof(rq));
    rq.verb = g_v->verb;
    if (g_path_mode) {
        rq.path = "/hook?x=1";
    } else {
        rq.resource = "configmaps"; rq.namespace_ = "ns-1";
        rq.name = g_v->verb == KINF_CLIENT_CREATE ? 0 : "cm-1";
        rq.status = g_v->status;
    }
    if (g_v->verb == KINF_CLIENT_DELETE) { rq.uid = "u-\"1"; rq.resource_version = "7"; if (g_path_mode) { rq.body = g_v->body; } }
    else { rq.body = g_v->body; }
    if (g_v->verb == KINF_CLIENT_APPLY) { rq.field_manager = "fz m/1"; rq.force = 1; }
    g_step = ((const size_t[4]){ (size_t)-1, 1, 7, 61 })[f1 & 3];
    g_fed = 0;
    rc = kinf_client_start(c, &rq);
    FC_CHECK(rc == KINF_OK, "kinf_client_start refused the request: %d (item %u)", rc, kinf_client_last_error(c));
    FC_CHECK(kinf_client_busy(c) && !kinf_client_done(c, &out), "a started request is not under way");
    FC_CHECK(kinf_client_start(c, &rq) == KINF_ERR_STATE, "a second start while busy was not refused");
    kinf_client_clear_error(c);
    FC_CHECK(fc_drive(c, &t, fc_client_answer, fc_check_request), "the client mode always answers");
    FC_CHECK(kinf_client_done(c, &out), "the request ended but kinf_client_done says no");
    FC_CHECK(!kinf_client_done(c, &out) && !kinf_client_busy(c), "kinf_client_done twice");
    fc_check_response(c, mem, n, &out, tight ? 1024 : 64 * 1024);
#ifdef FC_VERBOSE /* what a seed reaches: build with -DFC_VERBOSE and run it on the file */
    fprintf(stderr, "result %d code %d item %s body %zu reason \"%s\" message \"%s\" retries %llu\n", out.result, out.code,
            kinf_log_item_name(out.item), out.body_len, out.reason, out.message, (unsigned long long)kinf_client_stats(c).retries);
#endif
    s = kinf_client_stats(c);
    FC_CHECK(s.response_peak <= s.response_capacity && s.ok + s.failed == s.requests, "stats: peak %zu of %zu, %llu ok + %llu failed of %llu",
             s.response_peak, s.response_capacity, (unsigned long long)s.ok, (unsigned long long)s.failed, (unsigned long long)s.requests);
    FC_CHECK(s.retries <= (uint64_t)(cd.max_retries == 0 ? 5 : cd.max_retries < 0 ? 0 : cd.max_retries) + 1u, /* + a kept-alive connection found closed */
             "%llu retries", (unsigned long long)s.retries);
    /* reusable: a second request ends well */
    g_step = (size_t)-1;
    fc_canned(c, &t);
    kinf_client_shutdown(c);
    free(mem);
}

/* ---- leader mode */
#define FL_MAX_ANSWERS 64
static int g_started, g_stopped;
static char g_id[256];
static void fl_on_started(kinf_leader_t* l, void* u) { (void)l; (void)u; g_started++; FC_CHECK(g_started == g_stopped + 1, "started twice"); }
static void fl_on_stopped(kinf_leader_t* l, void* u) { (void)l; (void)u; g_stopped++; FC_CHECK(g_started == g_stopped, "stopped without leading"); }
static void fl_on_new(kinf_leader_t* l, const char* id, void* u) { (void)l; (void)u; FC_CHECK(id && id[0] && strlen(id) < KINF__MAX_NAME, "on_new_leader with an empty or long identity"); }
static const uint8_t* g_ans[FL_MAX_ANSWERS];
static size_t g_ans_len[FL_MAX_ANSWERS];
static int g_nans, g_next_ans, g_chunked, g_released;
static char g_resp[1 << 17];
static char g_method[8];           /* of the last request sent */
static char g_sent_body[4096];     /* its body */
static size_t g_sent_len;
static char g_last_ok_rv[512];     /* metadata.resourceVersion of the last successful answer */
static long g_last_ok_rv_len;
static int g_expect_get;           /* after a 409 on a write */
static int g_starts_after_release;
static int g_cur_after_release;    /* the request under way was started after the release */
static char g_lease_ok[512];       /* a 200 with a Lease of no holder */
static char g_taken[(64 << 10) + 1]; /* the body of the answer a step takes */

static size_t fl_wrap(const uint8_t* a, size_t n, char* out, size_t cap) {
    if (n >= 5 && !memcmp(a, "HTTP/", 5)) { if (n > cap) { n = cap; } memcpy(out, a, n); return n; }
    return fuzz_answer(a, n, g_chunked, "application/json", out, cap);
}
static fc_answer_t fl_answer(int attempt) {
    fc_answer_t a;
    (void)attempt;
    memset(&a, 0, sizeof(a));
    if (g_next_ans < g_nans) {
        a.n = fl_wrap(g_ans[g_next_ans], g_ans_len[g_next_ans], g_resp, sizeof(g_resp));
        a.b = (const uint8_t*)g_resp;
        g_next_ans++;
    } else if (g_released) {
        a.b = (const uint8_t*)g_lease_ok; a.n = strlen(g_lease_ok);
    } else {
        a.hangup = 1;
    }
    return a;
}
static void fl_on_request(const char* r, size_t len, int attempt) {
    const char* end = strstr(r, "\r\n\r\n");
    FC_CHECK(end, "the head does not end");
    g_sent_len = len - (size_t)(end + 4 - r);
    FC_CHECK(g_sent_len < sizeof(g_sent_body), "a Lease of %zu bytes", g_sent_len);
    memcpy(g_sent_body, end + 4, g_sent_len); g_sent_body[g_sent_len] = 0;
    if (fc_starts(r, "GET " FC_LEASES "/lk HTTP/1.1\r\n")) { strcpy(g_method, "GET"); }
    else if (fc_starts(r, "POST " FC_LEASES " HTTP/1.1\r\n")) { strcpy(g_method, "POST"); }
    else if (fc_starts(r, "PUT " FC_LEASES "/lk HTTP/1.1\r\n")) { strcpy(g_method, "PUT"); }
    else { FC_FAIL("not a request of the Lease: %.120s", r); }
    if (attempt == 0 && g_expect_get) { FC_CHECK(!strcmp(g_method, "GET"), "after a 409 the next request is a %s, not a GET", g_method); g_expect_get = 0; }
    if (strcmp(g_method, "GET") != 0) {
        char h[300], d[32], rv[512];
        long hl = fc_field(g_sent_body, g_sent_len, "spec.holderIdentity", h, sizeof(h));
        long dl = fc_field(g_sent_body, g_sent_len, "spec.leaseDurationSeconds", d, sizeof(d));
        long rl = fc_field(g_sent_body, g_sent_len, "metadata.resourceVersion", rv, sizeof(rv));
        FC_CHECK(hl >= 0 && dl > 0 && dl < (long)sizeof(d), "a Lease written without holder or duration: %s", g_sent_body);
        d[dl] = 0;
        if (g_cur_after_release && attempt == 0) {
            g_starts_after_release++;
            FC_CHECK(!strcmp(g_method, "PUT") && hl == 0 && !strcmp(d, "1"), "after the release a %s of holder %.*s, duration %s", g_method, (int)hl, h, d);
        } else if (!g_cur_after_release) {
            FC_CHECK(hl == (long)strlen(g_id) && !memcmp(h, g_id, (size_t)hl), "a Lease written with another holder: %s", g_sent_body);
        }
        if (!strcmp(g_method, "PUT")) {
            FC_CHECK(rl > 0, "a PUT without a resourceVersion (an unconditional update): %s", g_sent_body);
            FC_CHECK(rl == g_last_ok_rv_len && !memcmp(rv, g_last_ok_rv, (size_t)rl), "a PUT with resourceVersion %.*s, the last answer had %.*s",
                     (int)rl, rv, (int)g_last_ok_rv_len, g_last_ok_rv);
        } else {
            FC_CHECK(rl < 0, "a POST with a resourceVersion");
        }
    } else if (g_cur_after_release) {
        FC_FAIL("a GET after the release");
    }
}
static void fl_leader(const uint8_t* data, size_t size) {
    static kinf_desc_t conn;
    static const int timing[4][3] = { { 15000, 10000, 2000 }, { 3000, 2000, 1000 }, { 1000, 900, 700 }, { 60000, 40000, 5000 } };
    static const int64_t walls[4] = { 1764316800000LL, 0, -62135596800000LL, 253402300800000LL };
    static const uint64_t extras[8] = { 0, 1, 500, 2000, 9000, 16000, 61000, 3600000 };
    static uint64_t lmem[(sizeof(void*) * 1024) / 8 + 1024];
    kinf_client_desc_t cd;
    kinf_leader_desc_t ld;
    kinf_client_t* c;
    kinf_leader_t* l;
    uint8_t* mem;
    size_t n, p;
    uint64_t t = 1000000, last_ok_write = 0, req_started = 0;
    int64_t wall0;
    unsigned f0 = data[0], f1 = data[1];
    int round, have_ok_write = 0, tight = (f0 >> 5) & 1, release = (f0 >> 4) & 1;
    const int* tm = timing[(f0 >> 1) & 3];
    uint64_t extra = extras[(f1 >> 2) & 7];
    wall0 = walls[(f0 >> 6) & 3] - (int64_t)t;
    g_step = ((const size_t[4]){ (size_t)-1, 1, 7, 61 })[f1 & 3];
    g_chunked = (f1 >> 6) & 1;
    g_end = 0; g_two_writes = 0;
    /* the answers */
    g_nans = 0; g_next_ans = 0;
    for (p = 2; p <= size && g_nans < FL_MAX_ANSWERS;) {
        const uint8_t* z = (const uint8_t*)memchr(data + p, 0, size - p);
        size_t e = z ? (size_t)(z - data) : size;
        g_ans[g_nans] = data + p; g_ans_len[g_nans] = e - p; g_nans++;
        p = e + 1;
    }
    g_started = g_stopped = 0; g_released = 0; g_expect_get = 0; g_starts_after_release = 0;
    g_last_ok_rv_len = -1; g_method[0] = 0; g_cur_after_release = 0;
    if (!g_lease_ok[0]) {
        const char* b = "{\"metadata\":{\"name\":\"lk\",\"namespace\":\"ns\",\"resourceVersion\":\"99\"},"
                        "\"spec\":{\"holderIdentity\":\"\",\"leaseDurationSeconds\":1,\"leaseTransitions\":3}}";
        snprintf(g_lease_ok, sizeof(g_lease_ok), "HTTP/1.1 200 OK\r\nContent-Length: %zu\r\n\r\n%s", strlen(b), b);
    }
    if ((f0 >> 3) & 1) { memset(g_id, 'c', 255); g_id[255] = 0; } else { strcpy(g_id, "cand-a"); }
    fc_desc(&conn, &cd);
    if (tight) { cd.request_bytes = 1024; cd.response_bytes = 1024; }
    cd.max_retries = (f1 >> 5) & 1 ? 0 : -1;
    cd.retry_base_ms = 100; cd.retry_max_ms = 1000;
    n = kinf_client_size(&cd);
    mem = (uint8_t*)malloc(n);
    if (!mem) { return; }
    c = kinf_client_init(mem, n, &cd);
    FC_CHECK(c, "kinf_client_init");
    memset(&ld, 0, sizeof(ld));
    ld.client = c; ld.namespace_ = "ns"; ld.name = "lk"; ld.identity = g_id;
    ld.lease_duration_ms = tm[0]; ld.renew_deadline_ms = tm[1]; ld.retry_period_ms = tm[2];
    ld.on_started_leading = fl_on_started; ld.on_stopped_leading = fl_on_stopped; ld.on_new_leader = fl_on_new;
    ld.logger.func = fc_log;
    FC_CHECK(kinf_leader_size() <= sizeof(lmem), "kinf_leader_size %zu", kinf_leader_size());
    l = kinf_leader_init(lmem, sizeof(lmem), &ld);
    FC_CHECK(l, "kinf_leader_init");
    for (round = 0; round < 400; round++) {
        kinf_leader_stats_t s0, s1;
        kinf_client_response_t resp;
        int pending = c->phase == KINF__CL_DONE, busy0 = kinf_client_busy(c), lead0, lead1, busy;
        const char* holder;
        memset(&resp, 0, sizeof(resp));
        if (pending) { /* what the step is about to take (a request the step starts clears the client's copy) */
            resp = c->out;
            FC_CHECK(resp.body_len < sizeof(g_taken), "a body of %zu bytes", resp.body_len);
            memcpy(g_taken, resp.body, resp.body_len); g_taken[resp.body_len] = 0;
            resp.body = g_taken;
        }
        s0 = kinf_leader_stats(l);
        lead0 = kinf_leader_is_leader(l, t);
        kinf_leader_step(l, t, wall0 + (int64_t)t);
        s1 = kinf_leader_stats(l);
        lead1 = kinf_leader_is_leader(l, t);
        busy = kinf_client_busy(c);
        /* what the step took */
        if (pending && resp.result == KINF_CLIENT_OK) {
            g_last_ok_rv_len = fc_field(resp.body, resp.body_len, "metadata.resourceVersion", g_last_ok_rv, sizeof(g_last_ok_rv));
            if (g_last_ok_rv_len > (long)sizeof(g_last_ok_rv)) { g_last_ok_rv_len = -1; }
            if (strcmp(g_method, "GET") != 0) { have_ok_write = 1; last_ok_write = req_started; }
        }
        if (pending && strcmp(g_method, "GET") != 0 && (resp.result == KINF_CLIENT_CONFLICT || resp.result == KINF_CLIENT_ALREADY_EXISTS) && !g_released) {
            g_expect_get = 1;
        }
        if (s1.elected > s0.elected) {
            FC_CHECK(s1.elected == s0.elected + 1 && pending && strcmp(g_method, "GET") != 0 && resp.result == KINF_CLIENT_OK && !g_released,
                     "leadership began in a step that took no successful write (%s, result %d)", g_method, pending ? resp.result : -1);
        }
        if (lead1) {
            FC_CHECK(have_ok_write && t < last_ok_write + (uint64_t)tm[1], "leads at %llu, the last successful write sent at %llu",
                     (unsigned long long)t, (unsigned long long)last_ok_write);
            FC_CHECK(g_started == g_stopped + 1 && !g_released, "leads with %d starts, %d stops", g_started, g_stopped);
        }
        FC_CHECK(s1.elected == (uint64_t)g_started && s1.lost == (uint64_t)g_stopped, "stats %llu elected, %llu lost; callbacks %d, %d",
                 (unsigned long long)s1.elected, (unsigned long long)s1.lost, g_started, g_stopped);
        FC_CHECK(s1.renewals <= s1.requests && s1.changes_seen >= s0.changes_seen, "stats went wrong");
        holder = kinf_leader_holder(l);
        FC_CHECK(holder && (!holder[0] || ((const uint8_t*)holder >= (const uint8_t*)l &&
                 (const uint8_t*)holder + strlen(holder) < (const uint8_t*)l + kinf_leader_size())), "the holder lies outside the elector");
        /* a Lease another holds, seen new with a duration: no leading, no write */
        if (pending && !strcmp(g_method, "GET") && resp.result == KINF_CLIENT_OK && s1.changes_seen > s0.changes_seen && !g_released) {
            char h[600], d[32];
            long hl = fc_field(resp.body, resp.body_len, "spec.holderIdentity", h, sizeof(h));
            long dl = fc_field(resp.body, resp.body_len, "spec.leaseDurationSeconds", d, sizeof(d));
            long dur = 0, i;
            for (i = 0; dl > 0 && dl <= 6 && i < dl; i++) { if (d[i] < '0' || d[i] > '9') { break; } dur = dur * 10 + (d[i] - '0'); }
            if (dl <= 0 || dl > 6 || i < dl) { dur = 0; }
            if (hl > 0 && hl <= (long)sizeof(h) && dur > 0 && !(hl == (long)strlen(g_id) && !memcmp(h, g_id, (size_t)hl))) {
                FC_CHECK(!lead1 && !busy, "a Lease held by %.*s (%ld bytes, %ld s) seen for the first time, and the elector %s",
                         (int)(hl < 80 ? hl : 80), h, hl, dur, lead1 ? "leads" : "writes");
                FC_CHECK(!lead0 || s1.lost == s0.lost + 1, "a leader saw another holder and did not stop");
            }
        }
        if (busy && !busy0) { req_started = t; g_cur_after_release = g_released; } /* the step started a request */
        if (kinf_leader_stopped(l)) {
            FC_CHECK(g_released && !lead1, "stopped without a release");
            break;
        }
        if (busy) {
            if (g_next_ans >= g_nans && release && !g_released) {
                kinf_leader_release(l);
                g_released = 1;
                FC_CHECK(!kinf_leader_is_leader(l, t) && g_started == g_stopped, "leads after the release");
            }
            if (!fc_drive(c, &t, fl_answer, fl_on_request)) { break; } /* no answer left */
            t += extra;
            continue;
        }
        if (g_next_ans >= g_nans && !g_released) {
            if (!release) { break; }
            kinf_leader_release(l);
            g_released = 1;
            FC_CHECK(!kinf_leader_is_leader(l, t) && g_started == g_stopped, "leads after the release");
            continue;
        }
        {
            uint64_t dl = kinf_leader_deadline(l);
            FC_CHECK(dl != UINT64_MAX, "an elector with nothing under way and no deadline");
            if (dl > t) { t = dl; }
        }
    }
#ifdef FC_VERBOSE
    {
        kinf_leader_stats_t s = kinf_leader_stats(l);
        fprintf(stderr, "answers %d/%d requests %llu renewals %llu elected %llu lost %llu conflicts %llu failed %llu changes %llu holder %.40s stopped %d\n",
                g_next_ans, g_nans, (unsigned long long)s.requests, (unsigned long long)s.renewals, (unsigned long long)s.elected,
                (unsigned long long)s.lost, (unsigned long long)s.conflicts, (unsigned long long)s.failed, (unsigned long long)s.changes_seen,
                kinf_leader_holder(l), kinf_leader_stopped(l));
    }
#endif
    FC_CHECK(!g_released || round >= 400 || kinf_leader_stopped(l), "released and not stopped");
    FC_CHECK(g_starts_after_release <= 1, "%d requests after the release", g_starts_after_release);
    free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2 || size > (1 << 16)) { return 0; }
    if (data[0] & 1) { fl_leader(data, size); } else { fc_client(data, size); }
    return 0;
}
