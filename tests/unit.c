/* unit.c - unit tests of kinformer.h, compiled with TINY compile-time caps so
   every limit is hit. It calls the private kinf__* functions directly (the
   implementation is in this translation unit). No network: the informer is
   pointed at http://127.0.0.1:1 and driven by hand (bytes into the scanner or
   rbuf, then kinf__on_record / kinf__consume / kinf__dispatch).
   Assertions are on KINF_LOGITEM_* ids, never on message text.
   The last line of output is "N passed, M failed"; exit status 1 if M > 0.
   Tests marked BUG: expose a defect of kinformer.h (see the comment). */
#define KINF_MAX_HEADERS 7
#define KINF_MAX_HEAD_BYTES 512
#define KINF_MAX_DEPTH 20 /* a CronJob in a list is 18 containers deep */
#define KINF_MAX_CONTINUE 64
#define KINF_READ_BYTES 256
#define KINF_MAX_TOKEN 64
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/socket.h>

/* ------------------------------------------------------------------ harness */
static int g_pass, g_fail;
static const char* g_test = "";
#define CHECK(c) check_((c) ? 1 : 0, __FILE__, __LINE__, #c)
static int check_(int ok, const char* file, int line, const char* what) {
    if (ok) { g_pass++; return 1; }
    g_fail++;
    printf("FAIL %s:%d [%s] %s\n", file, line, g_test, what);
    return 0;
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
#define CHECK_INT(a, b) do { long long a_ = (long long)(a); long long b_ = (long long)(b); \
    if (!check_(a_ == b_, __FILE__, __LINE__, #a " == " #b)) { note("got %lld, expected %lld", a_, b_); } } while (0)

/* ------------------------------------------------------------------ logging */
#define LOG_MAX 4096
static uint32_t g_items[LOG_MAX];
static int g_nitems;
static int g_secret_leaked;
static void rec_log(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)level; (void)line; (void)file; (void)user;
    if (g_nitems < LOG_MAX) { g_items[g_nitems++] = item; }
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



/* ================================================================== 1. HTTP head */
static int head(const char* s, kinf__resp* r, uint32_t* item) {
    *item = 0;
    memset(r, 0, sizeof(*r));
    return kinf__http_parse_head(s, strlen(s), r, item);
}
static void test_http_head(void) {
    kinf__resp r;
    uint32_t it;
    char big[2048];
    int i;
    g_test = "http_head";
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n", &r, &it), KINF_OK);
    CHECK_INT(r.status, 200); CHECK_INT(r.clen, -1); CHECK_INT(r.chunked, 0); CHECK_INT(r.conn_close, 0); CHECK_INT(r.retry_after, -1);
    CHECK_INT(head("HTTP/1.1 404 Not Found\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.status, 404);
    CHECK_INT(head("HTTP/1.1 410 Gone\n\n", &r, &it), KINF_OK); CHECK_INT(r.status, 410); /* bare LF */
    CHECK_INT(head("HTTP/1.1 599 X\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.status, 599);
    CHECK_INT(head("HTTP/1.1 100 Continue\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.status, 100);
    /* malformed status lines */
    CHECK_INT(head("HTTP/1.1 600 X\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 099 X\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 2x0 X\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/2.0 200 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.2 200 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1  200 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("http/1.1 200 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("ICY 200 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 20", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("", &r, &it), KINF_ERR_INVAL);
    /* Content-Length */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 1234);
    CHECK_INT(head("HTTP/1.1 200 OK\r\ncontent-length:0\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 0);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nCONTENT-LENGTH: \t 7 \t\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 7);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 5);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 5, 5\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 0x10\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 999999999999999999\r\n\r\n", &r, &it), KINF_OK); /* 18 digits */
    CHECK_INT(r.clen, 999999999999999999LL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 9999999999999999999\r\n\r\n", &r, &it), KINF_ERR_INVAL); /* 19 */
    CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 0000000000000000001\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    /* Transfer-Encoding / Content-Encoding */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.chunked, 1);
    CHECK_INT(head("HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\nContent-Length: 10\r\n\r\n", &r, &it), KINF_OK);
    CHECK_INT(r.chunked, 1); CHECK_INT(r.clen, -1); /* chunked wins over a length */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nTransfer-Encoding: identity\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.chunked, 0);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\n\r\n", &r, &it), KINF_OK);
    /* Connection */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 1);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nConnection: Keep-Alive\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 0);
    CHECK_INT(head("HTTP/1.0 200 OK\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 1);
    CHECK_INT(head("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 0);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nConnection: upgrade\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 0);
    /* Retry-After */
    CHECK_INT(head("HTTP/1.1 429 Too Many\r\nRetry-After: 17\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.retry_after, 17);
    CHECK_INT(head("HTTP/1.1 429 Too Many\r\nRetry-After: Wed, 21 Oct 2015 07:28:00 GMT\r\n\r\n", &r, &it), KINF_OK);
    CHECK_INT(r.retry_after, -1);
    CHECK_INT(head("HTTP/1.1 503 X\r\nretry-after:0\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.retry_after, 0);
    /* header count: KINF_MAX_HEADERS (7) pass, one more fails */
    strcpy(big, "HTTP/1.1 200 OK\r\n");
    for (i = 0; i < KINF_MAX_HEADERS; i++) { sprintf(big + strlen(big), "X-H%d: v\r\n", i); }
    strcat(big, "\r\n");
    CHECK_INT(head(big, &r, &it), KINF_OK);
    strcpy(big, "HTTP/1.1 200 OK\r\n");
    for (i = 0; i < KINF_MAX_HEADERS + 1; i++) { sprintf(big + strlen(big), "X-H%d: v\r\n", i); }
    strcat(big, "\r\n");
    CHECK_INT(head(big, &r, &it), KINF_ERR_NOMEM); CHECK_INT(it, KINF_LOGITEM_HTTP_TOO_MANY_HEADERS);
    /* malformed header lines */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nNoColonHere\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 200 OK\r\n: empty-name\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nName : x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nA: b\r\n folded\r\n\r\n", &r, &it), KINF_ERR_INVAL); /* obs-fold */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nN\x01: x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nN\xc3\xa9: x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nEmpty:\r\n\r\n", &r, &it), KINF_OK); /* empty value is fine */
    CHECK_INT(head("HTTP/1.1 200\r\n\r\n", &r, &it), KINF_OK); /* an empty reason phrase */
    CHECK_INT(r.status, 200);
    /* BUG: the status code must be exactly three digits followed by SP or the
       line end (RFC 9112 status-line); kinf__http_parse_head never looks at
       h[12], so "HTTP/1.1 2001 OK" is read as status 200. */
    CHECK_INT(head("HTTP/1.1 2001 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
}

/* the informer's head accumulation in kinf__ingest */
static kinf_informer_t* mk_plain(void) {
    kinf_desc_t d;
    desc_base(&d);
    return mk(&d);
}
static void ingest_reset(kinf_informer_t* inf, int kind) {
    inf->req_kind = kind;
    memset(&inf->resp, 0, sizeof(inf->resp));
    memset(&inf->ch, 0, sizeof(inf->ch));
    inf->hlen = 0; inf->dpos = inf->dend = 0; inf->body_done = 0;
}
/* feeds s in reads of at most step bytes; returns the first non-zero ingest result */
static int ingest(kinf_informer_t* inf, const char* s, size_t n, size_t step, char* body, size_t* blen) {
    size_t p = 0;
    if (blen) { *blen = 0; }
    while (p < n) {
        size_t k = n - p;
        int r;
        if (k > step) { k = step; }
        if (k > sizeof(inf->rbuf)) { k = sizeof(inf->rbuf); }
        memcpy(inf->rbuf, s + p, k);
        p += k;
        r = kinf__ingest(inf, k);
        if (r) { return r; }
        if (body && inf->dend > inf->dpos) { memcpy(body + *blen, inf->rbuf + inf->dpos, inf->dend - inf->dpos); *blen += inf->dend - inf->dpos; }
        inf->dpos = inf->dend = 0;
    }
    return 0;
}
static void test_ingest_head(void) {
    kinf_informer_t* inf = mk_plain();
    char buf[2048], body[2048];
    size_t bl, n, step;
    const char* chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\n\r\n";
    g_test = "ingest_head";
    if (!CHECK(inf != 0)) { return; }
    /* a head of exactly KINF_MAX_HEAD_BYTES is accepted, one byte more is not */
    strcpy(buf, "HTTP/1.1 200 OK\r\nX-Pad: ");
    n = strlen(buf);
    memset(buf + n, 'a', KINF_MAX_HEAD_BYTES - n - 4);
    memcpy(buf + KINF_MAX_HEAD_BYTES - 4, "\r\n\r\n", 5);
    CHECK_INT(strlen(buf), KINF_MAX_HEAD_BYTES);
    for (step = 1; step <= 256; step += 255) {
        ingest_reset(inf, KINF__PH_LIST);
        log_reset(); kinf_clear_error(inf);
        CHECK_INT(ingest(inf, buf, strlen(buf), step, 0, 0), 0);
        CHECK_INT(inf->resp.head_done, 1);
        CHECK_INT(inf->resp.status, 200);
        CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    }
    memmove(buf + 20, buf + 19, strlen(buf + 19) + 1);
    CHECK_INT(strlen(buf), KINF_MAX_HEAD_BYTES + 1);
    for (step = 1; step <= 256; step += 255) {
        ingest_reset(inf, KINF__PH_LIST);
        log_reset(); kinf_clear_error(inf);
        CHECK_INT(ingest(inf, buf, strlen(buf), step, 0, 0), -1);
        CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_HEAD_TOO_LARGE);
        CHECK_INT(logged(KINF_LOGITEM_HTTP_HEAD_TOO_LARGE), 1);
    }
    /* a never-ending head with no blank line is cut at the cap too */
    memset(buf, 'H', sizeof(buf)); memcpy(buf, "HTTP/1.1 200 OK\r\n", 17);
    ingest_reset(inf, KINF__PH_LIST); kinf_clear_error(inf);
    CHECK_INT(ingest(inf, buf, sizeof(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_HEAD_TOO_LARGE);
    /* malformed head and too many headers come out as their items */
    ingest_reset(inf, KINF__PH_LIST); kinf_clear_error(inf);
    CHECK_INT(ingest(inf, "HTTP/1.1 200 OK\r\nbroken\r\n\r\n", 27, 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_MALFORMED);
    ingest_reset(inf, KINF__PH_LIST); kinf_clear_error(inf);
    strcpy(buf, "HTTP/1.1 200 OK\r\nA:1\r\nB:1\r\nC:1\r\nD:1\r\nE:1\r\nF:1\r\nG:1\r\nH:1\r\n\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_TOO_MANY_HEADERS);
    ingest_reset(inf, KINF__PH_LIST); kinf_clear_error(inf);
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    /* head and chunked body: decoded the same in any read size */
    for (step = 1; step <= 256; step++) {
        ingest_reset(inf, KINF__PH_WATCH);
        if (!CHECK(ingest(inf, chunked, strlen(chunked), step, body, &bl) == 0)) { note("step %zu", step); break; }
        body[bl] = 0;
        if (!CHECK(!strcmp(body, "hello world") && inf->body_done)) { note("step %zu: \"%s\"", step, body); break; }
    }
    CHECK_INT(inf->body_mode, KINF__BODY_WATCH);
    /* Content-Length body: stops at the length, the rest is not body */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcdEXTRA");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, body, &bl), 0);
    CHECK_INT(bl, 4); CHECK(!memcmp(body, "abcd", 4)); CHECK_INT(inf->body_done, 1);
    CHECK_INT(inf->body_mode, KINF__BODY_LIST);
    /* an interim 100 Continue is skipped; the final status counts */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}");
    CHECK_INT(ingest(inf, buf, strlen(buf), 7, body, &bl), 0);
    CHECK_INT(inf->resp.status, 404); CHECK_INT(inf->body_mode, KINF__BODY_STATUS); CHECK_INT(bl, 2);
    /* Content-Length: 0 ends the body at once */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), 0);
    CHECK_INT(inf->body_done, 1);
    /* a bad chunk in the body: HTTP_BAD_CHUNK */
    ingest_reset(inf, KINF__PH_WATCH); kinf_clear_error(inf);
    strcpy(buf, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_BAD_CHUNK);
    rm(inf);
}


/* ================================================================== 2. chunked */
/* Decodes in[0..n) fed as the pieces cut at cuts[0..ncut) (ascending);
   returns the first error; *done_piece is the index of the piece after
   which d.done was first set (-1 never). */
static int dechunk(const char* in, size_t n, const size_t* cuts, int ncut, char* out, size_t* olen, int* done_piece) {
    kinf__chunked d;
    static uint8_t tmp[16384];
    size_t from = 0;
    int k;
    memset(&d, 0, sizeof(d));
    *olen = 0; *done_piece = -1;
    for (k = 0; k <= ncut; k++) {
        size_t to = k < ncut ? cuts[k] : n, len = to - from;
        int r;
        memcpy(tmp, in + from, len);
        r = kinf__chunked_decode(&d, tmp, &len);
        if (r != KINF_OK) { return r; }
        memcpy(out + *olen, tmp, len); *olen += len;
        if (d.done && *done_piece < 0) { *done_piece = k; }
        from = to;
    }
    return KINF_OK;
}
static int dechunk_whole(const char* in, char* out, size_t* olen, int* done) {
    int dp, r = dechunk(in, strlen(in), 0, 0, out, olen, &dp);
    out[*olen] = 0;
    *done = dp == 0;
    return r;
}
/* fed byte by byte: the error (if any) must show up too */
static int dechunk_bytes(const char* in, char* out, size_t* olen, int* done_piece) {
    static size_t cuts[16384];
    size_t i, n = strlen(in);
    int r;
    for (i = 1; i < n; i++) { cuts[i - 1] = i; }
    r = dechunk(in, n, cuts, n ? (int)n - 1 : 0, out, olen, done_piece);
    out[*olen] = 0;
    return r;
}
static void test_chunked(void) {
    static char in[16384], out[16384], ref[16384];
    size_t n, olen, rlen, cut;
    int done, dp, r, bad = 0;
    const char* expect = "hello,0123456789abcdefghijklmnopqrstuvwxyz{\"a\":1}";
    g_test = "chunked";
    strcpy(in, "5\r\nhello\r\n"
               "1;ext=1\r\n,\r\n"
               "a ; name=\"quoted;value\"\r\n0123456789\r\n"
               "1A\r\nabcdefghijklmnopqrstuvwxyz\r\n"
               "0000000007;e\r\n{\"a\":1}\r\n"
               "0;last=1\r\nTrailer-A: x\r\nTrailer-B: y\r\n\r\n");
    n = strlen(in);
    r = dechunk_whole(in, ref, &rlen, &done);
    CHECK_INT(r, KINF_OK); CHECK_STR(ref, expect); CHECK_INT(done, 1);
    r = dechunk_bytes(in, out, &olen, &dp);
    CHECK_INT(r, KINF_OK); CHECK_STR(out, expect);
    CHECK_INT(dp, (int)n - 1); /* done exactly at the last byte, not before */
    for (cut = 0; cut <= n; cut++) {
        r = dechunk(in, n, &cut, 1, out, &olen, &dp);
        if (r != KINF_OK || olen != rlen || memcmp(out, ref, rlen) || dp != (cut == n ? 0 : 1)) {
            if (!bad++) { note("split at %zu: r=%d olen=%zu done_piece=%d", cut, r, olen, dp); }
        }
    }
    CHECK_INT(bad, 0);
    /* LF-only line ends are tolerated */
    CHECK_INT(dechunk_whole("3\nabc\n0\n\n", out, &olen, &done), KINF_OK); CHECK_STR(out, "abc"); CHECK_INT(done, 1);
    /* bytes after the end are not body */
    CHECK_INT(dechunk_whole("2\r\nok\r\n0\r\n\r\nGARBAGE", out, &olen, &done), KINF_OK); CHECK_STR(out, "ok"); CHECK_INT(done, 1);
    /* done only after the final empty line */
    CHECK_INT(dechunk_whole("2\r\nok\r\n0\r\n", out, &olen, &done), KINF_OK); CHECK_INT(done, 0);
    CHECK_INT(dechunk_whole("2\r\nok\r\n0\r\n\r", out, &olen, &done), KINF_OK); CHECK_INT(done, 0);
    CHECK_INT(dechunk_whole("2\r\nok\r\n0\r\nT: v\r\n", out, &olen, &done), KINF_OK); CHECK_INT(done, 0);
    CHECK_INT(dechunk_whole("2\r\nok\r\n", out, &olen, &done), KINF_OK); CHECK_INT(done, 0); CHECK_STR(out, "ok");
    CHECK_INT(dechunk_whole("0\r\n\r\n", out, &olen, &done), KINF_OK); CHECK_INT(done, 1); CHECK_INT(olen, 0);
    /* 10 hex digits are accepted, 11 are not (2^40 cap) */
    CHECK_INT(dechunk_whole("FFFFFFFFFF\r\nabc", out, &olen, &done), KINF_OK); CHECK_STR(out, "abc");
    CHECK_INT(dechunk_whole("0000000003\r\nabc\r\n0\r\n\r\n", out, &olen, &done), KINF_OK); CHECK_STR(out, "abc");
    CHECK_INT(dechunk_whole("10000000000\r\nabc", out, &olen, &done), KINF_ERR_INVAL);
    CHECK_INT(dechunk_bytes("10000000000\r\nabc", out, &olen, &dp), KINF_ERR_INVAL);
    /* malformed */
    {
        static const char* bad_inputs[] = {
            "zz\r\n", "\r\n", ";x\r\n", "-5\r\nhello\r\n", "5x\r\nhello\r\n", "5\rXhello\r\n",
            "5\r\nhelloX\r\n0\r\n\r\n",     /* missing CRLF after data */
            "5\r\nhello\rX0\r\n\r\n",       /* CR without LF */
            "5\r\nhello\r\n\r\n",           /* empty size line */
            "0x5\r\nhello\r\n",
            0 };
        int i;
        for (i = 0; bad_inputs[i]; i++) {
            if (!CHECK(dechunk_whole(bad_inputs[i], out, &olen, &done) == KINF_ERR_INVAL)) { note("input %d", i); }
            if (!CHECK(dechunk_bytes(bad_inputs[i], out, &olen, &dp) == KINF_ERR_INVAL)) { note("input %d bytewise", i); }
        }
    }
    /* a chunk extension of 1024 bytes after the ';' is fine, 1025 is not */
    strcpy(in, "3;"); memset(in + 2, 'e', 1024); strcpy(in + 1026, "\r\nabc\r\n0\r\n\r\n");
    CHECK_INT(dechunk_whole(in, out, &olen, &done), KINF_OK); CHECK_STR(out, "abc"); CHECK_INT(done, 1);
    strcpy(in, "3;"); memset(in + 2, 'e', 1025); strcpy(in + 1027, "\r\nabc\r\n0\r\n\r\n");
    CHECK_INT(dechunk_whole(in, out, &olen, &done), KINF_ERR_INVAL);
    CHECK_INT(dechunk_bytes(in, out, &olen, &dp), KINF_ERR_INVAL);
    /* a trailer line of 4096 bytes is fine, 4097 is not */
    strcpy(in, "0\r\n"); memset(in + 3, 't', 4096); strcpy(in + 3 + 4096, "\n\r\n");
    CHECK_INT(dechunk_whole(in, out, &olen, &done), KINF_OK); CHECK_INT(done, 1);
    strcpy(in, "0\r\n"); memset(in + 3, 't', 4097); strcpy(in + 3 + 4097, "\n\r\n");
    CHECK_INT(dechunk_whole(in, out, &olen, &done), KINF_ERR_INVAL);
    CHECK_INT(dechunk_bytes(in, out, &olen, &dp), KINF_ERR_INVAL);
    /* many trailer lines of bounded length are fine */
    strcpy(in, "1\r\nx\r\n0\r\n");
    for (r = 0; r < 200; r++) { strcat(in, "X-T: 0123456789\r\n"); }
    strcat(in, "\r\n");
    CHECK_INT(dechunk_whole(in, out, &olen, &done), KINF_OK); CHECK_STR(out, "x"); CHECK_INT(done, 1);
}


/* ================================================================== 3. scanner */
typedef struct scanner {
    kinf__scan s;
    uint8_t ev[8192];
    char cb[KINF__CAP_COUNT][128];
} scanner;
static void sc_init(scanner* x, int list_mode, size_t ev_cap, size_t ccap) {
    int k;
    memset(x, 0, sizeof(*x));
    x->s.ev = x->ev; x->s.ev_cap = ev_cap;
    for (k = 0; k < KINF__CAP_COUNT; k++) { x->s.cbuf[k] = x->cb[k]; x->s.ccap[k] = ccap; }
    kinf__scan_reset(&x->s, list_mode);
}
static void sc_cap(const scanner* x, int k, const char* tag, char* out, size_t cap) {
    size_t o = strlen(out);
    if (!x->s.cset[k]) { return; }
    snprintf(out + o, cap - o, " %s=%s%s", tag, x->cb[k], x->s.cover[k] ? "(cut)" : "");
}
/* one line per record: the framed bytes (or OVER) and the captures */
static void sc_describe(const scanner* x, char* out, size_t cap) {
    size_t o = strlen(out);
    if (x->s.rec_over) { snprintf(out + o, cap - o, "OVER"); }
    else { snprintf(out + o, cap - o, "%.*s", (int)x->s.ev_len, (const char*)x->ev); }
    sc_cap(x, KINF__CAP_TYPE, "t", out, cap);
    sc_cap(x, KINF__CAP_NAME, "n", out, cap);
    sc_cap(x, KINF__CAP_NS, "ns", out, cap);
    sc_cap(x, KINF__CAP_UID, "u", out, cap);
    sc_cap(x, KINF__CAP_RV, "rv", out, cap);
    o = strlen(out);
    snprintf(out + o, cap - o, "\n");
}
/* feeds in pieces; returns s.err (0 ok); out gets the records, then
   the list captures and root_done for list mode */
static int sc_run(scanner* x, const char* in, size_t n, const size_t* cuts, int ncut, char* out, size_t cap) {
    size_t from = 0;
    int k;
    out[0] = 0;
    for (k = 0; k <= ncut; k++) {
        size_t to = k < ncut ? cuts[k] : n;
        while (from < to) {
            size_t used = kinf__scan_feed(&x->s, (const uint8_t*)in + from, to - from);
            if (!used && !x->s.err && !x->s.rec_done) { return 99; } /* no progress */
            from += used;
            if (x->s.err) { return x->s.err; }
            if (x->s.rec_done) {
                x->s.rec_done = 0;
                if (x->s.ev_len > x->s.ev_cap) { return 98; }
                sc_describe(x, out, cap);
                x->s.ev_len = 0;
            }
        }
    }
    if (x->s.list_mode) {
        size_t o = strlen(out);
        snprintf(out + o, cap - o, "LIST");
        sc_cap(x, KINF__CAP_LIST_RV, "rv", out, cap);
        sc_cap(x, KINF__CAP_CONTINUE, "cont", out, cap);
        o = strlen(out);
        snprintf(out + o, cap - o, " root_done=%d", x->s.root_done);
    }
    return 0;
}
/* runs in whole, byte by byte and split at every offset; all must equal
   expect (and err must equal want_err) */
static void sc_all(int list_mode, size_t ev_cap, size_t ccap, const char* in, int want_err, const char* expect) {
    static scanner x;
    static char out[16384];
    static size_t cuts[8192];
    size_t n = strlen(in), i;
    int err, bad = 0;
    sc_init(&x, list_mode, ev_cap, ccap);
    err = sc_run(&x, in, n, 0, 0, out, sizeof(out));
    CHECK_INT(err, want_err);
    if (expect) { CHECK_STR(out, expect); }
    for (i = 1; i < n; i++) { cuts[i - 1] = i; }
    sc_init(&x, list_mode, ev_cap, ccap);
    err = sc_run(&x, in, n, cuts, n ? (int)n - 1 : 0, out, sizeof(out));
    if (!CHECK(err == want_err && (!expect || !strcmp(out, expect)))) { note("byte by byte: err %d\n%s", err, out); }
    for (i = 0; i <= n; i++) {
        sc_init(&x, list_mode, ev_cap, ccap);
        err = sc_run(&x, in, n, &i, 1, out, sizeof(out));
        if (err != want_err || (expect && strcmp(out, expect))) {
            if (!bad++) { note("split at %zu: err %d\n%s", i, err, out); }
        }
    }
    CHECK_INT(bad, 0);
}
static void test_scanner(void) {
    static char in[8192], exp[8192];
    int i;
    const char* r1 = "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns1\",\"uid\":\"u\\\"1\\\\\","
                     "\"resourceVersion\":\"10\",\"labels\":{\"k\":\"v \\\"q\\\" \\\\ \\u00e9\\/\"}},"
                     "\"spec\":{\"type\":\"NotMe\",\"metadata\":{\"name\":\"nope\",\"resourceVersion\":\"0\"},"
                     "\"x\":[1,2.5,-3e4,true,false,null,{\"y\":[]},[],{}],\"s\":\"}]{[,:\"}}}";
    const char* r2 = "{\"object\":{\"metadata\":{\"resourceVersion\":\"11\",\"name\":\"b\"}},\"type\":\"MODIFIED\"}";
    const char* r3 = "{ \"type\" : \"DELETED\" ,\n \"object\" : { \"metadata\" : { \"name\" : \"a\" , \"namespace\" : \"ns1\" , \"resourceVersion\" : \"12\" } } }";
    const char* r4 = "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"resourceVersion\":\"13\"}}}";
    const char* r5 = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410,\"message\":\"too old \\\"rv\\\"\"}}";
    const char* r6 = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"\\u0061\\n\",\"resourceVersion\":\"14\"}}}";
    g_test = "scanner";
    /* a watch stream: records framed exactly, captures right */
    snprintf(in, sizeof(in), "%s\n  \r\n\t %s%s\n%s\n\n%s\r\n%s\n", r1, r2, r3, r4, r5, r6);
    snprintf(exp, sizeof(exp), "%s t=ADDED n=a ns=ns1 u=u\\\"1\\\\ rv=10\n%s t=MODIFIED n=b rv=11\n%s t=DELETED n=a ns=ns1 rv=12\n"
             "%s t=BOOKMARK rv=13\n%s t=ERROR\n%s t=ADDED n=\\u0061\\n rv=14\n", r1, r2, r3, r4, r5, r6);
    sc_all(0, 8192, 128, in, 0, exp);
    /* records larger than ev_cap: rec_over, yet the captures are right */
    snprintf(exp, sizeof(exp), "OVER t=ADDED n=a ns=ns1 u=u\\\"1\\\\ rv=10\nOVER t=MODIFIED n=b rv=11\nOVER t=DELETED n=a ns=ns1 rv=12\n"
             "OVER t=BOOKMARK rv=13\nOVER t=ERROR\nOVER t=ADDED n=\\u0061\\n rv=14\n");
    sc_all(0, 40, 128, in, 0, exp);
    /* a record of exactly ev_cap bytes still fits */
    sc_all(0, strlen(r2), 128, r2, 0, 0);
    {
        static scanner x;
        static char out[4096];
        sc_init(&x, 0, strlen(r2), 128);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK(strncmp(out, "OVER", 4) != 0);
        sc_init(&x, 0, strlen(r2) - 1, 128);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK(strncmp(out, "OVER", 4) == 0);
    }
    /* a capture longer than its buffer is marked cut (ccap 4: 3 bytes + NUL) */
    sc_all(0, 8192, 4, r2, 0, 0);
    {
        static scanner x;
        static char out[4096];
        sc_init(&x, 0, 8192, 4);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK_INT(x.s.cover[KINF__CAP_TYPE], 1); CHECK_STR(x.cb[KINF__CAP_TYPE], "MOD");
        CHECK_INT(x.s.cover[KINF__CAP_NAME], 0); CHECK_STR(x.cb[KINF__CAP_NAME], "b");
        CHECK_INT(x.s.cover[KINF__CAP_RV], 0); CHECK_STR(x.cb[KINF__CAP_RV], "11");
        /* captures of one record do not leak into the next */
        sc_init(&x, 0, 8192, 128);
        snprintf(in, sizeof(in), "%s%s", r1, r4);
        CHECK_INT(sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out)), 0);
        CHECK_INT(x.s.cset[KINF__CAP_NAME], 0); CHECK_INT(x.s.cset[KINF__CAP_NS], 0); CHECK_INT(x.s.cset[KINF__CAP_UID], 0);
    }
    /* a long key is not mistaken for a known one; a container where a string is expected is not captured */
    sc_all(0, 8192, 128, "{\"typeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\":\"A\",\"type\":{\"x\":\"B\"},\"object\":{\"metadata\":{\"name\":[\"c\"],\"resourceVersion\":7}}}",
           0, "{\"typeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\":\"A\",\"type\":{\"x\":\"B\"},\"object\":{\"metadata\":{\"name\":[\"c\"],\"resourceVersion\":7}}} rv=7\n");
    /* list bodies: items framed, list metadata captured before or after the items */
    {
        const char* i1 = "{\"metadata\":{\"name\":\"a\",\"namespace\":\"n\",\"resourceVersion\":\"5\",\"uid\":\"x\"},\"spec\":{\"items\":[{\"metadata\":{\"name\":\"inner\"}}]}}";
        const char* i2 = "{\"metadata\":{\"resourceVersion\":\"6\",\"name\":\"b\"},\"status\":{\"metadata\":{\"name\":\"no\"}}}";
        snprintf(in, sizeof(in), "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"100\",\"continue\":\"tok==\"},\n\"items\":[%s,\n %s]}\n", i1, i2);
        snprintf(exp, sizeof(exp), "%s n=a ns=n u=x rv=5\n%s n=b rv=6\nLIST rv=100 cont=tok== root_done=1", i1, i2);
        sc_all(1, 8192, 128, in, 0, exp);
        snprintf(in, sizeof(in), "{\"kind\":\"PodList\",\"items\":[%s,%s],\"metadata\":{\"continue\":\"\",\"resourceVersion\":\"101\",\"remainingItemCount\":0}}", i1, i2);
        snprintf(exp, sizeof(exp), "%s n=a ns=n u=x rv=5\n%s n=b rv=6\nLIST rv=101 cont= root_done=1", i1, i2);
        sc_all(1, 8192, 128, in, 0, exp);
        snprintf(exp, sizeof(exp), "OVER n=a ns=n u=x rv=5\nOVER n=b rv=6\nLIST rv=101 cont= root_done=1");
        sc_all(1, 30, 128, in, 0, exp);
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]}", 0, "LIST rv=7 root_done=1");
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":null}", 0, "LIST rv=7 root_done=1");
        /* not done before the root closes */
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]", 0, "LIST rv=7 root_done=0");
        /* trailing whitespace after the root is fine */
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"}} \r\n", 0, "LIST rv=7 root_done=1");
    }
    /* malformed framing */
    {
        static const char* watch_bad[] = {
            "garbage\n", "}", "]", "[1]", "\"str\"", "1", "null", "{\"type\" \"ADDED\"}", "{\"type\":\"AD\x01" "DED\"}",
            "{\"a\":1,}", "{\"a\":}", "{\"a\" : 1 : 2}", "{\"a\":1 \"b\":2}", "{]", "{\"a\":[1,]}", "{\"a\":[1 2]}",
            "{\"a\":\"x\"}}", "{\"a\":,1}", "{,}", "{\"a\":1}x", "{\"a\"\n\"b\"}", "{\"a\":\"tab\there\"}", "{1:2}",
            "{\"a\":[}", "{\"a\":{]}", "{\"a\":'x'}", 0 };
        static const char* list_bad[] = {
            "{\"items\":[]}{\"items\":[]}", "{\"items\":[]} x", "[]", "{\"items\":[{\"a\":1},]}", "{\"items\":[{\"a\":1}}", 0 };
        static scanner x;
        static char out[4096];
        for (i = 0; watch_bad[i]; i++) {
            sc_init(&x, 0, 8192, 128);
            if (!CHECK(sc_run(&x, watch_bad[i], strlen(watch_bad[i]), 0, 0, out, sizeof(out)) == 1)) { note("watch input %d: %s", i, watch_bad[i]); }
        }
        for (i = 0; list_bad[i]; i++) {
            sc_init(&x, 1, 8192, 128);
            if (!CHECK(sc_run(&x, list_bad[i], strlen(list_bad[i]), 0, 0, out, sizeof(out)) == 1)) { note("list input %d: %s", i, list_bad[i]); }
        }
        /* the same, byte by byte and split everywhere */
        sc_all(0, 8192, 128, "{\"a\":1}\ngarbage\n", 1, 0);
        sc_all(0, 8192, 128, "{\"type\":\"AD\nDED\"}", 1, 0);
        sc_all(1, 8192, 128, "{\"metadata\":{}}{", 1, 0);
    }
    /* depth: KINF_MAX_DEPTH - 1 containers are fine, one more is err 2 */
    for (i = 0; i < 2; i++) {
        static scanner x;
        static char out[4096];
        size_t o = 0;
        int d, want = KINF_MAX_DEPTH - 1 + i;
        for (d = 0; d < want; d++) { memcpy(in + o, d & 1 ? "[" : "{\"a\":", d & 1 ? 1 : 5); o += d & 1 ? 1 : 5; }
        in[o++] = '1';
        for (d = want - 1; d >= 0; d--) { in[o++] = d & 1 ? ']' : '}'; }
        in[o] = 0;
        sc_init(&x, 0, 8192, 128);
        CHECK_INT(sc_run(&x, in, o, 0, 0, out, sizeof(out)), (i ? 2 : 0));
        sc_all(0, 8192, 128, in, i ? 2 : 0, 0);
        sc_init(&x, 1, 8192, 128);
        CHECK_INT(sc_run(&x, in, o, 0, 0, out, sizeof(out)), (i ? 2 : 0));
    }
}


/* ================================================================== handlers and the watch path */
static char g_evlog[65536];     /* "A key rv", "U key old>new", "D key rv[!]" separated by ' ' */
static char g_lastjson[65536];  /* JSON of the last object delivered */
static int g_nadd, g_nupd, g_ndel;
static void evlog_reset(void) { g_evlog[0] = 0; g_nadd = g_nupd = g_ndel = 0; }
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
static void h_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)inf; (void)u; g_nadd++; keep_json(o);
    evlog_put("A %s %s", o->key, o->resource_version);
}
static void h_upd(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) {
    (void)inf; (void)u; g_nupd++; keep_json(b);
    evlog_put("U %s %s>%s", b->key, a->resource_version, b->resource_version);
}
static void h_del(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    (void)inf; (void)u; g_ndel++; keep_json(o);
    evlog_put("D %s %s%s", o->key, o->resource_version, fsu ? "!" : "");
}
static const kinf_handler_t g_handler = { h_add, h_upd, h_del, 0 };

static void watch_begin(kinf_informer_t* inf) {
    inf->body_mode = KINF__BODY_WATCH;
    kinf__scan_reset(&inf->scan, 0);
}
static void list_begin(kinf_informer_t* inf) {
    inf->body_mode = KINF__BODY_LIST;
    kinf__scan_reset(&inf->scan, 1);
    inf->relist_gen++;
}
/* Feeds body bytes as kinf__consume does. Returns 0, -1 for a framing error,
   or the first kinf__on_record result that is not KINF__REC_OK. */
static int feed(kinf_informer_t* inf, const char* s, size_t n) {
    size_t p = 0;
    while (p < n) {
        size_t used = kinf__scan_feed(&inf->scan, (const uint8_t*)s + p, n - p);
        p += used;
        if (inf->scan.err) { return -1; }
        if (inf->scan.rec_done) {
            int r;
            inf->scan.rec_done = 0;
            r = kinf__on_record(inf);
            inf->scan.ev_len = 0;
            if (r != KINF__REC_OK) { return r; }
        }
    }
    return 0;
}
static int feeds(kinf_informer_t* inf, const char* s) { return feed(inf, s, strlen(s)); }
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
static void dispatch(kinf_informer_t* inf) { kinf__dispatch(inf); }
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
static kinf_informer_t* mk_proj(const char* const* keep, int nkeep, const char* const* drop, int ndrop, int no_default_drop) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.keep = keep; d.keep_count = nkeep;
    d.drop = drop; d.drop_count = ndrop;
    d.no_default_drop = no_default_drop;
    d.max_objects = 64; d.store_bytes = 1 << 16; d.max_event_bytes = 1 << 16;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); watch_begin(inf); }
    return inf;
}

/* ================================================================== 4. projection */
#define FULLPOD "{\"apiVersion\" : \"v1\",\n \"kind\":\"Pod\",\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"5\"," \
    "\"labels\":{\"app\":\"x\",\"app.kubernetes.io/name\":\"web\",\"app.kubernetes.io\":\"no\"},\"annotations\":{\"a\":\"b \\\"q\\\" \\\\ \\u0041\"}," \
    "\"managedFields\":[{\"manager\":\"m\",\"fieldsV1\":{\"f:spec\":{}}}],\"finalizers\":[\"f1\",\"f2\"]}," \
    "\"spec\":{\"nodeName\":\"n1\",\"containers\":[{\"name\":\"c1\",\"image\":\"i1\",\"ports\":[{\"containerPort\":80}]},\"odd\",{\"image\":\"i2\",\"name\":\"c2\"}]," \
    "\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]}," \
    "\"status\":{\"phase\":\"Running\",\"podIP\":\"1.2.3.4\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}"
#define IDENT "\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"5\""
static void proj_case(const char* const* keep, int nkeep, const char* const* drop, int ndrop, int ndd, const char* expect) {
    kinf_informer_t* inf = mk_proj(keep, nkeep, drop, ndrop, ndd);
    kinf_object_t o;
    if (!CHECK(inf != 0)) { return; }
    evlog_reset();
    CHECK_INT(wev(inf, "ADDED", "%s", FULLPOD), 0);
    CHECK_STR(stored(inf, "ns/p"), expect);
    if (CHECK(kinf_get(inf, "ns/p", &o))) {
        CHECK(json_valid(o.json, o.json_len));
        CHECK_INT(o.json[o.json_len], 0);
        CHECK_INT(o.flags, 0);
        CHECK_STR(o.key, "ns/p"); CHECK_STR(o.name, "p"); CHECK_STR(o.namespace_, "ns");
        CHECK_STR(o.uid, "u1"); CHECK_STR(o.resource_version, "5");
    }
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/p 5");
    CHECK_STR(g_lastjson, expect);
    rm(inf);
}
static void test_projection(void) {
    static const char* k1[] = { "metadata.labels", "spec.nodeName", "status.phase" };
    static const char* k2[] = { "spec.containers.name" };
    static const char* k3[] = { "metadata.labels.app\\.kubernetes\\.io/name" };
    static const char* k4[] = { "status.phase" };
    static const char* k5[] = { "spec" };
    static const char* k6[] = { "metadata.finalizers", "spec.priority", "spec.hostNetwork", "spec.x", "spec.tolerations", "metadata.annotations" };
    static const char* k7[] = { "nothing.here" };
    static const char* k8[] = { "spec.containers.ports.containerPort" };
    static const char* d1[] = { "metadata.annotations", "spec.containers.image", "status" };
    static const char* d2[] = { "spec.containers.image" };
    g_test = "projection";
    proj_case(k1, 3, 0, 0, 0, "{\"metadata\":{" IDENT ",\"labels\":{\"app\":\"x\",\"app.kubernetes.io/name\":\"web\",\"app.kubernetes.io\":\"no\"}},"
                              "\"spec\":{\"nodeName\":\"n1\"},\"status\":{\"phase\":\"Running\"}}");
    /* through an array: objects keep only the path, other elements go */
    proj_case(k2, 1, 0, 0, 0, "{\"metadata\":{" IDENT "},\"spec\":{\"containers\":[{\"name\":\"c1\"},{\"name\":\"c2\"}]}}");
    proj_case(k8, 1, 0, 0, 0, "{\"metadata\":{" IDENT "},\"spec\":{\"containers\":[{\"ports\":[{\"containerPort\":80}]},{}]}}");
    /* escaped dots name one label key */
    proj_case(k3, 1, 0, 0, 0, "{\"metadata\":{" IDENT ",\"labels\":{\"app.kubernetes.io/name\":\"web\"}}}");
    /* identity is always kept */
    proj_case(k4, 1, 0, 0, 0, "{\"metadata\":{" IDENT "},\"status\":{\"phase\":\"Running\"}}");
    proj_case(k7, 1, 0, 0, 0, "{\"metadata\":{" IDENT "}}");
    /* keep plus drop inside it */
    proj_case(k5, 1, d2, 1, 0, "{\"metadata\":{" IDENT "},\"spec\":{\"nodeName\":\"n1\",\"containers\":[{\"name\":\"c1\",\"ports\":[{\"containerPort\":80}]},"
                               "\"odd\",{\"name\":\"c2\"}],\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]}}");
    /* scalars, arrays of strings, escapes: byte for byte */
    proj_case(k6, 6, 0, 0, 0, "{\"metadata\":{" IDENT ",\"annotations\":{\"a\":\"b \\\"q\\\" \\\\ \\u0041\"},\"finalizers\":[\"f1\",\"f2\"]},"
                               "\"spec\":{\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]}}");
    /* no keep: all but the default drop of metadata.managedFields, compact */
    proj_case(0, 0, 0, 0, 0, "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{" IDENT ",\"labels\":{\"app\":\"x\",\"app.kubernetes.io/name\":\"web\",\"app.kubernetes.io\":\"no\"},"
                             "\"annotations\":{\"a\":\"b \\\"q\\\" \\\\ \\u0041\"},\"finalizers\":[\"f1\",\"f2\"]},"
                             "\"spec\":{\"nodeName\":\"n1\",\"containers\":[{\"name\":\"c1\",\"image\":\"i1\",\"ports\":[{\"containerPort\":80}]},\"odd\",{\"image\":\"i2\",\"name\":\"c2\"}],"
                             "\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]},"
                             "\"status\":{\"phase\":\"Running\",\"podIP\":\"1.2.3.4\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}");
    /* no_default_drop keeps managedFields */
    proj_case(0, 0, 0, 0, 1, "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{" IDENT ",\"labels\":{\"app\":\"x\",\"app.kubernetes.io/name\":\"web\",\"app.kubernetes.io\":\"no\"},"
                             "\"annotations\":{\"a\":\"b \\\"q\\\" \\\\ \\u0041\"},\"managedFields\":[{\"manager\":\"m\",\"fieldsV1\":{\"f:spec\":{}}}],\"finalizers\":[\"f1\",\"f2\"]},"
                             "\"spec\":{\"nodeName\":\"n1\",\"containers\":[{\"name\":\"c1\",\"image\":\"i1\",\"ports\":[{\"containerPort\":80}]},\"odd\",{\"image\":\"i2\",\"name\":\"c2\"}],"
                             "\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]},"
                             "\"status\":{\"phase\":\"Running\",\"podIP\":\"1.2.3.4\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}");
    /* drops through arrays, of whole subtrees, of a leaf */
    proj_case(0, 0, d1, 3, 0, "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{" IDENT ",\"labels\":{\"app\":\"x\",\"app.kubernetes.io/name\":\"web\",\"app.kubernetes.io\":\"no\"},"
                              "\"finalizers\":[\"f1\",\"f2\"]},"
                              "\"spec\":{\"nodeName\":\"n1\",\"containers\":[{\"name\":\"c1\",\"ports\":[{\"containerPort\":80}]},\"odd\",{\"name\":\"c2\"}],"
                              "\"priority\":-1.5e3,\"hostNetwork\":false,\"x\":null,\"tolerations\":[]}}");
    /* the projected objects read back with kinf_field */
    {
        kinf_informer_t* inf = mk_proj(k2, 1, 0, 0, 0);
        kinf_object_t o;
        char b[64];
        if (CHECK(inf != 0)) {
            CHECK_INT(wev(inf, "ADDED", "%s", FULLPOD), 0);
            if (CHECK(kinf_get(inf, "ns/p", &o))) {
                CHECK_INT(kinf_field_str(&o, "spec.containers.1.name", b, sizeof(b)), 2); CHECK_STR(b, "c2");
                CHECK_INT(kinf_field_str(&o, "spec.containers.0.image", b, sizeof(b)), 0);
                CHECK_INT(kinf_field_str(&o, "metadata.uid", b, sizeof(b)), 2); CHECK_STR(b, "u1");
            }
            /* a bad primitive in a kept part is malformed */
            log_reset();
            CHECK_INT(wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"p\",\"namespace\":\"ns\",\"resourceVersion\":\"6\"},\"spec\":{\"containers\":[{\"name\":tru}]}}"), KINF__REC_BROKEN);
            CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_EVENT_MALFORMED);
            CHECK_STR(kinf_get(inf, "ns/p", &o) ? o.resource_version : "", "5");
            rm(inf);
        }
    }
}


/* Runs fn in a child process with a time limit: a crash or a hang in
   kinformer.h fails one CHECK instead of the whole suite. 1 = fn returned 1. */
static int isolated(int (*fn)(void), unsigned seconds) {
    pid_t pid;
    int st = 0;
    fflush(stdout);
    pid = fork();
    if (pid < 0) { return 0; }
    if (pid == 0) {
        alarm(seconds);
        _exit(fn() ? 0 : 1);
    }
    if (waitpid(pid, &st, 0) != pid) { return 0; }
    if (WIFSIGNALED(st)) { note("child killed by signal %d%s", WTERMSIG(st), WTERMSIG(st) == SIGALRM ? " (hang)" : ""); return 0; }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}
/* 32 rules of one kind: the rule masks are all ones */
static int proj_32_rules(int drops) {
    static const char* paths[32];
    static char names[32][24];
    kinf_informer_t* inf;
    kinf_object_t o;
    int i, n = drops ? 31 : 28; /* 31 drops + the default one, or 28 keeps + 4 identity */
    for (i = 0; i < n; i++) { snprintf(names[i], sizeof(names[i]), "spec.f%d", i); paths[i] = names[i]; }
    inf = drops ? mk_proj(0, 0, paths, n, 0) : mk_proj(paths, n, 0, 0, 0);
    if (!inf || (drops ? inf->ndrop : inf->nkeep) != 32) { return 0; }
    if (wev(inf, "ADDED", "{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"},\"spec\":{\"f3\":1,\"f30\":2,\"g\":3}}") != 0) { return 0; }
    if (!kinf_get(inf, "a", &o)) { return 0; }
    return !strcmp(o.json, drops ? "{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"},\"spec\":{\"g\":3}}"
                                 : "{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"},\"spec\":{\"f3\":1}}");
}
static int proj_32_keeps(void) { return proj_32_rules(0); }
static int proj_32_drops(void) { return proj_32_rules(1); }
static void test_projection_32_rules(void) {
    g_test = "projection_32_rules";
    /* BUG: with 32 keep (or drop) rules the mask is 0xffffffff and the loops
       `for (r = 0, bit = 1; km >> r; r++, bit <<= 1)` in kinf__pj_val reach
       km >> 32: undefined behaviour; on x86 it never ends (hang), UBSan aborts.
       KINF_MAX_RULES is 32, so desc.keep_count = 28 (+ 4 identity rules) or
       desc.drop_count = 31 (+ the default drop) is a valid configuration. */
    CHECK(isolated(proj_32_keeps, 1));
    CHECK(isolated(proj_32_drops, 1));
}


/* ================================================================== 5. the k8s-api corpus */
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
static jsmntok_t g_ct[1 << 16];
static int ctok(const char* s, size_t n) {
    jsmn_parser p;
    jsmn_init(&p);
    return jsmn_parse(&p, s, n, g_ct, sizeof(g_ct) / sizeof(g_ct[0]));
}
static int tok_eq(const char* s, int i, const char* k) {
    return (size_t)(g_ct[i].end - g_ct[i].start) == strlen(k) && !memcmp(s + g_ct[i].start, k, strlen(k));
}
/* value token j of object i named k, or -1 */
static int tok_member(const char* s, int nt, int i, const char* k) {
    int j = i + 1, m;
    for (m = 0; m < g_ct[i].size && j + 1 < nt; m++) {
        if (tok_eq(s, j, k)) { return j + 1; }
        j = kinf__tok_skip(g_ct, nt, j + 1);
    }
    return -1;
}
/* appends the compact text of token i */
static size_t put_tok(const char* s, int i, char* out) {
    if (g_ct[i].type == JSMN_STRING) {
        size_t n = (size_t)(g_ct[i].end - g_ct[i].start);
        out[0] = '"'; memcpy(out + 1, s + g_ct[i].start, n); out[n + 1] = '"'; out[n + 2] = 0;
        return n + 2;
    }
    return compact(s + g_ct[i].start, (size_t)(g_ct[i].end - g_ct[i].start), out);
}
typedef struct edit { int at, end; char text[256]; } edit;
/* the source with unique identity: metadata.name/namespace/resourceVersion
   replaced or inserted. Returns the new length or 0. */
static size_t corpus_subst(const char* src, size_t n, int idx, char* out) {
    edit ed[4];
    int ne = 0, nt = ctok(src, n), md, k, e;
    size_t o = 0, from = 0;
    char name[32], ns[32], rv[32], ins[160];
    static const char* keys[3] = { "name", "namespace", "resourceVersion" };
    const char* vals[3];
    if (nt <= 0 || g_ct[0].type != JSMN_OBJECT) { return 0; }
    snprintf(name, sizeof(name), "obj-%d", idx); snprintf(ns, sizeof(ns), "ns%d", idx % 5); snprintf(rv, sizeof(rv), "%d", 1000 + idx);
    vals[0] = name; vals[1] = ns; vals[2] = rv;
    md = tok_member(src, nt, 0, "metadata");
    ins[0] = 0;
    if (md >= 0 && g_ct[md].type != JSMN_OBJECT) { return 0; }
    for (k = 0; k < 3; k++) {
        int v = md >= 0 ? tok_member(src, nt, md, keys[k]) : -1;
        if (v >= 0 && g_ct[v].type == JSMN_STRING) {
            ed[ne].at = g_ct[v].start; ed[ne].end = g_ct[v].end; snprintf(ed[ne].text, sizeof(ed[ne].text), "%s", vals[k]); ne++;
        } else if (v >= 0) {
            return 0;
        } else {
            size_t l = strlen(ins);
            snprintf(ins + l, sizeof(ins) - l, "%s\"%s\":\"%s\"", l ? "," : "", keys[k], vals[k]);
        }
    }
    if (md < 0) {
        ed[ne].at = ed[ne].end = g_ct[0].start + 1; snprintf(ed[ne].text, sizeof(ed[ne].text), "\"metadata\":{%s},", ins); ne++;
    } else if (ins[0]) {
        ed[ne].at = ed[ne].end = g_ct[md].start + 1; snprintf(ed[ne].text, sizeof(ed[ne].text), "%s%s", ins, g_ct[md].size ? "," : ""); ne++;
    }
    /* apply in order of position */
    for (;;) {
        int best = -1;
        for (e = 0; e < ne; e++) { if (ed[e].at >= 0 && (best < 0 || ed[e].at < ed[best].at)) { best = e; } }
        if (best < 0) { break; }
        memcpy(out + o, src + from, (size_t)ed[best].at - from); o += (size_t)ed[best].at - from;
        memcpy(out + o, ed[best].text, strlen(ed[best].text)); o += strlen(ed[best].text);
        from = (size_t)ed[best].end;
        ed[best].at = -1;
    }
    memcpy(out + o, src + from, n - from); o += n - from;
    out[o] = 0;
    return o;
}
/* what keep {metadata.labels, spec} must give for a source */
static size_t corpus_expect_proj(const char* src, size_t n, char* out) {
    int nt = ctok(src, n), j = 1, m, first = 1;
    size_t o = 0;
    out[o++] = '{';
    for (m = 0; m < g_ct[0].size && j < nt; m++) {
        int v = j + 1;
        if (tok_eq(src, j, "metadata") && g_ct[v].type == JSMN_OBJECT) {
            int jj = v + 1, mm, f2 = 1;
            o += (size_t)sprintf(out + o, "%s\"metadata\":{", first ? "" : ",");
            first = 0;
            for (mm = 0; mm < g_ct[v].size && jj < nt; mm++) {
                if (tok_eq(src, jj, "name") || tok_eq(src, jj, "namespace") || tok_eq(src, jj, "uid") || tok_eq(src, jj, "resourceVersion") || tok_eq(src, jj, "labels")) {
                    o += (size_t)sprintf(out + o, "%s\"%.*s\":", f2 ? "" : ",", g_ct[jj].end - g_ct[jj].start, src + g_ct[jj].start);
                    o += put_tok(src, jj + 1, out + o);
                    f2 = 0;
                }
                jj = kinf__tok_skip(g_ct, nt, jj + 1);
            }
            out[o++] = '}';
        } else if (tok_eq(src, j, "spec")) {
            o += (size_t)sprintf(out + o, "%s\"spec\":", first ? "" : ",");
            first = 0;
            o += put_tok(src, v, out + o);
        }
        j = kinf__tok_skip(g_ct, nt, v);
    }
    out[o++] = '}'; out[o] = 0;
    return o;
}
static int name_cmp(const void* a, const void* b) { return strcmp(*(const char* const*)a, *(const char* const*)b); }
static const char* corpus_dir(void) {
    const char* e = getenv("KINF_TESTDATA");
    return e && e[0] ? e : "../shared/testdata/k8s-api";
}
/* mode 0: round trip, no projection, managedFields kept; 1: max_event_bytes
   32 KiB (large ones identity-only); 2: keep metadata.labels, spec */
static void corpus_pass(int mode, char** files, int nfiles) {
    static const char* keep[] = { "metadata.labels", "spec" };
    static char sub[1 << 18], ev[(1 << 18) + 64], exp[1 << 18];
    kinf_desc_t d;
    kinf_informer_t* inf;
    int i, bad_rt = 0, bad_field = 0, bad_valid = 0, ident = 0, bad_ident = 0, bad_proj = 0, skipped = 0;
    desc_base(&d);
    d.max_objects = 256; d.store_bytes = 8u << 20;
    d.max_event_bytes = mode == 1 ? 32768 : 1 << 18;
    d.max_tokens = mode == 1 ? 2000 : 1 << 15;
    if (mode == 0 || mode == 1) { d.no_default_drop = 1; }
    if (mode == 2) { d.keep = keep; d.keep_count = 2; }
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    for (i = 0; i < nfiles; i++) {
        char path[4096], key[64], b1[256], b2[256];
        size_t n, sn, evn;
        char* src;
        kinf_object_t o;
        int nt, kd, av, want_ident;
        snprintf(path, sizeof(path), "%s/%s", corpus_dir(), files[i]);
        src = read_file(path, &n);
        if (!src || !(sn = corpus_subst(src, n, i, sub))) { skipped++; note("cannot use %s", files[i]); free(src); continue; }
        free(src);
        evn = (size_t)snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":%s}", sub);
        nt = ctok(ev, evn);
        want_ident = mode == 1 && (evn > d.max_event_bytes || nt < 0 || nt > d.max_tokens);
        log_reset();
        evlog_reset();
        if (feed(inf, ev, evn) != 0 || feeds(inf, "\n") != 0) { bad_rt++; note("%s: feed failed, last error %s", files[i], kinf_log_item_name(kinf_last_error(inf))); continue; }
        dispatch(inf);
        snprintf(key, sizeof(key), "ns%d/obj-%d", i % 5, i);
        if (!kinf_get(inf, key, &o)) { bad_rt++; note("%s: not stored", files[i]); continue; }
        if (!json_valid(o.json, o.json_len) || strcmp(g_lastjson, o.json) || g_nadd != 1) { bad_valid++; note("%s: stored JSON invalid or not delivered", files[i]); }
        if (want_ident) {
            ident++;
            if (!(o.flags & KINF_OBJ_IDENTITY_ONLY) || logged(KINF_LOGITEM_OBJECT_TOO_LARGE) != 1 ||
                kinf_field_str(&o, "kind", b1, sizeof(b1)) != 0 || !kinf_field_str(&o, "metadata.name", b1, sizeof(b1)) || strcmp(b1, key + strlen(key) - strlen(o.name)) ||
                !kinf_field_str(&o, "metadata.resourceVersion", b1, sizeof(b1)) || atoi(b1) != 1000 + i) {
                bad_ident++; note("%s: identity-only object wrong: %s", files[i], o.json);
            }
            continue;
        }
        if (o.flags != 0 || logged(KINF_LOGITEM_OBJECT_TOO_LARGE)) { bad_rt++; note("%s: flags %u", files[i], o.flags); continue; }
        nt = ctok(sub, sn);
        if (mode == 2) {
            corpus_expect_proj(sub, sn, exp);
            if (strcmp(o.json, exp)) { bad_proj++; if (bad_proj < 3) { note("%s: projection\n got %.300s\n exp %.300s", files[i], o.json, exp); } }
            if (kinf_field_str(&o, "kind", b1, sizeof(b1)) != 0) { bad_proj++; }
        } else {
            compact(sub, sn, exp);
            if (strcmp(o.json, exp)) { bad_rt++; if (bad_rt < 3) { note("%s: round trip\n got %.300s\n exp %.300s", files[i], o.json, exp); } }
            kd = tok_member(sub, nt, 0, "kind"); av = tok_member(sub, nt, 0, "apiVersion");
            if (kd >= 0) {
                snprintf(b2, sizeof(b2), "%.*s", g_ct[kd].end - g_ct[kd].start, sub + g_ct[kd].start);
                if (!kinf_field_str(&o, "kind", b1, sizeof(b1)) || strcmp(b1, b2)) { bad_field++; note("%s: kind %s != %s", files[i], b1, b2); }
            }
            if (av >= 0) {
                snprintf(b2, sizeof(b2), "%.*s", g_ct[av].end - g_ct[av].start, sub + g_ct[av].start);
                if (!kinf_field_str(&o, "apiVersion", b1, sizeof(b1)) || strcmp(b1, b2)) { bad_field++; note("%s: apiVersion %s != %s", files[i], b1, b2); }
            }
        }
        if (!kinf_field_str(&o, "metadata.name", b1, sizeof(b1)) || strcmp(b1, o.name)) { bad_field++; note("%s: metadata.name %s", files[i], b1); }
    }
    CHECK_INT(skipped, 0);
    CHECK_INT(bad_rt, 0); CHECK_INT(bad_field, 0); CHECK_INT(bad_valid, 0); CHECK_INT(bad_proj, 0); CHECK_INT(bad_ident, 0);
    CHECK_INT(kinf_count(inf), nfiles - skipped);
    if (mode == 1) { CHECK(ident >= 6); CHECK_INT(kinf_stats(inf).oversized, ident); }
    printf("# corpus pass %d: %d files, %d identity-only\n", mode, nfiles, ident);
    rm(inf);
}
static void test_corpus(void) {
    DIR* dir;
    struct dirent* de;
    char* files[2048];
    int nfiles = 0, i;
    g_test = "corpus";
    dir = opendir(corpus_dir());
    if (!CHECK(dir != 0)) { note("no corpus at %s (set KINF_TESTDATA)", corpus_dir()); return; }
    while ((de = readdir(dir)) && nfiles < 2048) {
        size_t l = strlen(de->d_name);
        if (l > 5 && !strcmp(de->d_name + l - 5, ".json")) { files[nfiles++] = strdup(de->d_name); }
    }
    closedir(dir);
    qsort(files, (size_t)nfiles, sizeof(files[0]), name_cmp);
    /* the brief asked for > 500; the shared corpus holds 193 JSON files */
    CHECK(nfiles >= 190);
    corpus_pass(0, files, nfiles);
    corpus_pass(1, files, nfiles);
    corpus_pass(2, files, nfiles);
    for (i = 0; i < nfiles; i++) { free(files[i]); }
}

/* ================================================================== main */
int main(void) {
    setvbuf(stdout, 0, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    test_http_head();
    test_ingest_head();
    test_chunked();
    test_scanner();
    test_projection();
    test_projection_32_rules();
    test_corpus();
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
