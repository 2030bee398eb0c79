/* http.inc.c - included by main.c: the response head
   (kinf__http_parse_head) and its obs-folds, the informer's head
   accumulation, and the chunked framing: streaming, in place in the read
   buffer, leading zeros. */

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
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\n", &r, &it), KINF_OK);
    CHECK_INT(r.gzip, 1); /* read as gzip; whether it was asked for is the reflector's check (gzip.inc.c) */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n", &r, &it), KINF_ERR_INVAL);
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
    CHECK_INT(head("HTTP/1.1 200 OK\r\n folded\r\nA: b\r\n\r\n", &r, &it), KINF_ERR_INVAL); /* a fold with no field before it */
    CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nN\x01: x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nN\xc3\xa9: x\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nEmpty:\r\n\r\n", &r, &it), KINF_OK); /* empty value is fine */
    CHECK_INT(head("HTTP/1.1 200\r\n\r\n", &r, &it), KINF_OK); /* an empty reason phrase */
    CHECK_INT(r.status, 200);
    /* BUG (fixed in cd6e97a): the status code must be exactly three digits followed by SP or the
       line end (RFC 9112 status-line); kinf__http_parse_head never looks at
       h[12], so "HTTP/1.1 2001 OK" is read as status 200. */
    CHECK_INT(head("HTTP/1.1 2001 OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(head("HTTP/1.1 200OK\r\n\r\n", &r, &it), KINF_ERR_INVAL);
}
/* the informer's head accumulation in kinf__conn_ingest */
static void ingest_reset(kinf_informer_t* inf, int kind) {
    inf->req_kind = kind;
    memset(&inf->conn.resp, 0, sizeof(inf->conn.resp));
    memset(&inf->conn.ch, 0, sizeof(inf->conn.ch));
    inf->conn.hlen = 0; kinf__conn_window_clear(&inf->conn); inf->conn.body_done = 0;
}
/* feeds s in reads of at most step bytes, taking the body's data as the
   informer does (a chunked body's runs in place, by kinf__conn_chunk);
   returns the first non-zero result */
static int ingest(kinf_informer_t* inf, const char* s, size_t n, size_t step, char* body, size_t* blen) {
    size_t p = 0;
    if (blen) { *blen = 0; }
    while (p < n) {
        size_t k = n - p;
        int r;
        if (k > step) { k = step; }
        if (k > inf->conn.rcap) { k = inf->conn.rcap; }
        memcpy(inf->conn.rbuf, s + p, k);
        p += k;
        r = kinf__conn_ingest(&inf->conn, k);
        if (r) { return r; }
        while (kinf__rf_pending(inf)) {
            if (inf->conn.dpos >= inf->conn.dend && kinf__conn_chunk(&inf->conn) != 0) { return -1; }
            if (body && inf->conn.dend > inf->conn.dpos) { memcpy(body + *blen, inf->conn.rbuf + inf->conn.dpos, inf->conn.dend - inf->conn.dpos); *blen += inf->conn.dend - inf->conn.dpos; }
            inf->conn.dpos = inf->conn.dend;
        }
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
        CHECK_INT(inf->conn.resp.head_done, 1);
        CHECK_INT(inf->conn.resp.status, 200);
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
    ingest_reset(inf, KINF__PH_WATCH); kinf_clear_error(inf); /* gzip on a watch: never asked for */
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    /* head and chunked body: decoded the same in any read size */
    for (step = 1; step <= 256; step++) {
        ingest_reset(inf, KINF__PH_WATCH);
        if (!CHECK(ingest(inf, chunked, strlen(chunked), step, body, &bl) == 0)) { note("step %zu", step); break; }
        body[bl] = 0;
        if (!CHECK(!strcmp(body, "hello world") && inf->conn.body_done)) { note("step %zu: \"%s\"", step, body); break; }
    }
    CHECK_INT(inf->body_mode, KINF__BODY_WATCH);
    /* Content-Length body: stops at the length, the rest is not body */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcdEXTRA");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, body, &bl), 0);
    CHECK_INT(bl, 4); CHECK(!memcmp(body, "abcd", 4)); CHECK_INT(inf->conn.body_done, 1);
    CHECK_INT(inf->body_mode, KINF__BODY_LIST);
    /* an interim 100 Continue is skipped; the final status counts */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}");
    CHECK_INT(ingest(inf, buf, strlen(buf), 7, body, &bl), 0);
    CHECK_INT(inf->conn.resp.status, 404); CHECK_INT(inf->body_mode, KINF__BODY_STATUS); CHECK_INT(bl, 2);
    /* so is any 1xx, 199 the last of them */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 199 Misc\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}");
    CHECK(ingest(inf, buf, strlen(buf), 7, body, &bl) == 0 && inf->conn.resp.status == 404 && bl == 2);
    /* Content-Length: 0 ends the body at once */
    ingest_reset(inf, KINF__PH_LIST);
    strcpy(buf, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), 0);
    CHECK_INT(inf->conn.body_done, 1);
    /* a bad chunk in the body: HTTP_BAD_CHUNK */
    ingest_reset(inf, KINF__PH_WATCH); kinf_clear_error(inf);
    strcpy(buf, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
    CHECK_INT(ingest(inf, buf, strlen(buf), 256, 0, 0), -1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_BAD_CHUNK);
    rm(inf);
}


/* ================================================================== chunked */
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
            "3\r\nabcX3\r\ndef\r\n0\r\n\r\n",  /* a stray byte instead of the CRLF */
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
/* A chunked watch body is fed where it lies in the read buffer
   (kinf__conn_chunk): the buffer still holds the last read's bytes afterwards,
   and a FIFO of one key holds the feed back at each event, in 7-byte chunks,
   with nothing lost. */
static void chunked_in_place_by(size_t read_bytes) {
    kinf_informer_t* inf;
    kinf_desc_t d;
    static char r[4096];
    size_t n, last;
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16; d.fifo_capacity = 1; d.read_bytes = read_bytes;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler); watch_begin(inf);
    CHECK_INT(inf->conn.rcap, read_bytes ? read_bytes : KINF_READ_BYTES);
    evlog_reset(); log_reset();
    kinf_engine_tick(kinf_informer_engine(inf), 1000000); /* the first tick starts the first list */
    CHECK_INT(respond(inf, http("200 OK", "", "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"50\"},\"items\":[]}", 0)), 0);
    CHECK_INT(inf->req_kind, KINF__PH_WATCH);
    strcpy(r, http("200 OK", "", "{\"type\":\"ADDED\",\"object\":" ITEM("a", "51") "}\n"
                                 "{\"type\":\"ADDED\",\"object\":" ITEM("b", "52") "}\n"
                                 "{\"type\":\"MODIFIED\",\"object\":" ITEM("a", "53") "}\n", 1));
    n = strlen(r);
    if (inf->conn.rcap == 256) { CHECK(n > 2 * inf->conn.rcap); } /* three reads or more */
    CHECK_INT(respond(inf, r), 0);
    last = n - ((n - 1) % inf->conn.rcap + 1); /* where the last read began */
    CHECK(!memcmp(inf->conn.rbuf, r + last, n - last));
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/a 51 A ns/b 52 U ns/a 51>53");
    CHECK_STR(kinf_resource_version(inf), "53");
    CHECK_INT(kinf_count(inf), 2);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    rm(inf);
}
static void test_chunked_in_place(void) {
    static const size_t rbs[] = { 0, 256, 300, 999, 4096 }; /* desc.read_bytes: the default (KINF_READ_BYTES), down to one read */
    size_t i;
    g_test = "chunked_in_place";
    for (i = 0; i < sizeof(rbs) / sizeof(rbs[0]); i++) { chunked_in_place_by(rbs[i]); }
}
/* obs-fold (RFC 9112 section 5.2): a header line that begins with SP or HTAB
   continues the one before; the value is read as if each fold were SP */
static void test_http_fold(void) {
    kinf_informer_t* inf;
    kinf__resp r;
    uint32_t it;
    char big[2048], body[256];
    size_t bl, step;
    int i;
    g_test = "http_fold";
    CHECK_INT(head("HTTP/1.1 200 OK\r\nA: b\r\n folded\r\n\r\n", &r, &it), KINF_OK);
    /* the unfolded value is the one interpreted */
    CHECK_INT(head("HTTP/1.1 503 X\r\nRetry-After:\r\n  17\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.retry_after, 17);
    CHECK_INT(head("HTTP/1.1 503 X\r\nRetry-After: \r\n\t 17 \r\n \r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.retry_after, 17);
    CHECK_INT(head("HTTP/1.1 200 OK\nContent-Length:\n\t42\n\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 42);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Type: application/json;\r\n charset=utf-8\r\nTransfer-Encoding:\r\n chunked\r\n"
                   "Content-Length: 5\r\n\r\n", &r, &it), KINF_OK);
    CHECK_INT(r.chunked, 1); CHECK_INT(r.clen, -1);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nConnection:\r\n close\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.conn_close, 1);
    /* a fold inside a value reads as SP, so inside a token it breaks it */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n 2\r\n\r\n", &r, &it), KINF_ERR_INVAL); CHECK_INT(it, KINF_LOGITEM_HTTP_MALFORMED);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nTransfer-Encoding: chun\r\n ked\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    CHECK_INT(head("HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\n gzip\r\n\r\n", &r, &it), KINF_ERR_INVAL);
    CHECK_INT(it, KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    /* the field after a folded one is read as usual */
    CHECK_INT(head("HTTP/1.1 200 OK\r\nX-A: 1\r\n 2\r\n\t3\r\nContent-Length: 9\r\n\r\n", &r, &it), KINF_OK); CHECK_INT(r.clen, 9);
    /* a fold line is not a header line: KINF_MAX_HEADERS (7) fields, each folded twice */
    strcpy(big, "HTTP/1.1 200 OK\r\n");
    for (i = 0; i < KINF_MAX_HEADERS; i++) { sprintf(big + strlen(big), "X-H%d: v\r\n w\r\n\tx\r\n", i); }
    strcat(big, "\r\n");
    CHECK_INT(head(big, &r, &it), KINF_OK);
    /* through the informer's head reader, whole and byte by byte: a folded
       Transfer-Encoding makes the body chunked */
    inf = mk_plain();
    if (!CHECK(inf != 0)) { return; }
    for (step = 1; step <= 256; step += 255) {
        static const char resp[] = "HTTP/1.1 200 OK\r\nTransfer-Encoding:\r\n\tchunked\r\nRetry-After:\r\n 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
        ingest_reset(inf, KINF__PH_WATCH);
        log_reset(); kinf_clear_error(inf);
        CHECK_INT(ingest(inf, resp, strlen(resp), step, body, &bl), 0);
        body[bl] = 0;
        CHECK_INT(inf->conn.resp.chunked, 1); CHECK_INT(inf->conn.resp.retry_after, 3);
        CHECK_STR(body, "abc");
        CHECK_INT(inf->conn.body_done, 1);
        CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    }
    rm(inf);
}
/* chunk sizes: any number of leading zeros; ten significant digits at most */
static void test_chunk_zeros(void) {
    static char out[4096], ref[4096];
    static const char in[] = "000000000000000000001a\r\nabcdefghijklmnopqrstuvwxyz\r\n"
                             "00000000000000000000000000000005;x=1\r\nhello\r\n"
                             "00000000000000000000\r\n\r\n";
    kinf_informer_t* inf;
    size_t olen, rlen, cut, n = strlen(in), step, bl;
    int done, dp, r, bad = 0;
    g_test = "chunk_zeros";
    CHECK_INT(dechunk_whole(in, ref, &rlen, &done), KINF_OK); CHECK_STR(ref, "abcdefghijklmnopqrstuvwxyzhello"); CHECK_INT(done, 1);
    CHECK_INT(dechunk_bytes(in, out, &olen, &dp), KINF_OK); CHECK_STR(out, ref); CHECK_INT(dp, (int)n - 1);
    for (cut = 0; cut <= n; cut++) {
        r = dechunk(in, n, &cut, 1, out, &olen, &dp);
        if (r != KINF_OK || olen != rlen || memcmp(out, ref, rlen)) { if (!bad++) { note("split at %zu: r=%d", cut, r); } }
    }
    CHECK_INT(bad, 0);
    /* twenty zeros, then ten significant digits: still fine; eleven are not */
    CHECK_INT(dechunk_whole("00000000000000000000FFFFFFFFFF\r\nabc", out, &olen, &done), KINF_OK); CHECK_STR(out, "abc");
    CHECK_INT(dechunk_whole("0000000000000000000010000000000\r\nabc", out, &olen, &done), KINF_ERR_INVAL);
    CHECK_INT(dechunk_bytes("0000000000000000000010000000000\r\nabc", out, &olen, &dp), KINF_ERR_INVAL);
    CHECK_INT(dechunk_whole("00000000000000000000FFFFFFFFFFF\r\nabc", out, &olen, &done), KINF_ERR_INVAL);
    /* a size line still needs a digit */
    CHECK_INT(dechunk_whole(";x\r\n", out, &olen, &done), KINF_ERR_INVAL);
    /* the informer's in-place reading, whole and byte by byte */
    inf = mk_plain();
    if (!CHECK(inf != 0)) { return; }
    for (step = 1; step <= 256; step += 255) {
        static const char resp[] = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                   "000000000000000000000000000000000000000000000003\r\nabc\r\n000000000000000000000\r\n\r\n";
        ingest_reset(inf, KINF__PH_WATCH);
        log_reset(); kinf_clear_error(inf);
        CHECK_INT(ingest(inf, resp, strlen(resp), step, out, &bl), 0);
        out[bl] = 0;
        CHECK_STR(out, "abc");
        CHECK_INT(inf->conn.body_done, 1);
        CHECK_INT(logged(KINF_LOGITEM_HTTP_BAD_CHUNK), 0);
    }
    rm(inf);
}
