/* >>http */
typedef struct kinf__resp {
    int status;
    int chunked, conn_close, head_done;
    int gzip;            /* Content-Encoding: gzip */
    int64_t clen;        /* -1: none */
    int64_t retry_after; /* -1: none */
    size_t head_len;
} kinf__resp;

/* white space around a header value: SP, HTAB, and the line ends of folds */
static int kinf__http_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
/* Parses a complete response head (ending in CRLF CRLF, or LF LF). */
static int kinf__http_parse_head(const char* h, size_t n, kinf__resp* r, uint32_t* err_item) {
    size_t i = 0, line_end, nh = 0;
    r->status = 0; r->chunked = 0; r->conn_close = 0; r->clen = -1; r->retry_after = -1; r->gzip = 0;
    if (n < 13 || memcmp(h, "HTTP/1.", 7) != 0 || (h[7] != '0' && h[7] != '1') || h[8] != ' ') {
        *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
    }
    if (h[7] == '0') { r->conn_close = 1; }
    if (h[9] < '1' || h[9] > '5' || h[10] < '0' || h[10] > '9' || h[11] < '0' || h[11] > '9') {
        *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
    }
    if (h[12] != ' ' && h[12] != '\r' && h[12] != '\n') { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
    r->status = (h[9] - '0') * 100 + (h[10] - '0') * 10 + (h[11] - '0');
    while (i < n && h[i] != '\n') { i++; }
    i++;
    while (i < n) {
        size_t ns, ne, vs, ve;
        line_end = i;
        while (line_end < n && h[line_end] != '\n') { line_end++; }
        ve = line_end;
        if (ve > i && h[ve - 1] == '\r') { ve--; }
        if (ve == i) { break; } /* the empty line */
        if (++nh > KINF_MAX_HEADERS) { *err_item = KINF_LOGITEM_HTTP_TOO_MANY_HEADERS; return KINF_ERR_NOMEM; }
        ns = i; ne = i;
        while (ne < ve && h[ne] != ':') {
            char c = h[ne];
            if (c == ' ' || c == '\t' || (unsigned char)c < 0x21 || (unsigned char)c > 0x7e) {
                *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL;
            }
            ne++;
        }
        if (ne == ve || ne == ns) { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
        vs = ne + 1;
        /* obs-fold (RFC 9112 section 5.2): a line that begins with SP or HTAB
           continues this value. Its line end reads as SP, as the RFC asks: the
           values interpreted here are single tokens, so CR and LF count as the
           white space around them and break them inside, as a SP would. A
           fold before the first field line stays malformed (section 2.2). */
        while (line_end + 1 < n && (h[line_end + 1] == ' ' || h[line_end + 1] == '\t')) {
            line_end++;
            while (line_end < n && h[line_end] != '\n') { line_end++; }
            ve = line_end;
            if (h[ve - 1] == '\r') { ve--; }
        }
        while (vs < ve && kinf__http_ws(h[vs])) { vs++; }
        while (ve > vs && kinf__http_ws(h[ve - 1])) { ve--; }
        if (kinf__ieq(h + ns, ne - ns, "content-length")) {
            int64_t v = kinf__parse_dec(h + vs, ve - vs);
            if (v < 0 || (r->clen >= 0 && r->clen != v)) { *err_item = KINF_LOGITEM_HTTP_MALFORMED; return KINF_ERR_INVAL; }
            r->clen = v;
        } else if (kinf__ieq(h + ns, ne - ns, "transfer-encoding")) {
            if (kinf__ieq(h + vs, ve - vs, "chunked")) { r->chunked = 1; }
            else if (!kinf__ieq(h + vs, ve - vs, "identity")) { *err_item = KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING; return KINF_ERR_INVAL; }
        } else if (kinf__ieq(h + ns, ne - ns, "content-encoding")) {
#ifndef KINF_NO_GZIP
            /* gzip is read as such; whether it was asked for is the caller's to check */
            if (kinf__ieq(h + vs, ve - vs, "gzip") || kinf__ieq(h + vs, ve - vs, "x-gzip")) { r->gzip = 1; } else
#endif
            if (!kinf__ieq(h + vs, ve - vs, "identity")) { *err_item = KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING; return KINF_ERR_INVAL; }
        } else if (kinf__ieq(h + ns, ne - ns, "connection")) {
            if (kinf__ieq(h + vs, ve - vs, "close")) { r->conn_close = 1; }
            else if (kinf__ieq(h + vs, ve - vs, "keep-alive")) { r->conn_close = 0; }
        } else if (kinf__ieq(h + ns, ne - ns, "retry-after")) {
            r->retry_after = kinf__parse_dec(h + vs, ve - vs); /* an HTTP-date reads as none */
        }
        i = line_end + 1;
    }
    if (r->chunked) { r->clen = -1; }
    return KINF_OK;
}

/* >>http chunked  The informer reads chunk data where it lies in the read buffer,
   between the framing kinf__chunked_frame steps over. kinf__chunked_decode
   decodes in place: the data bytes of buf[0..*len) are moved to the front and
   *len becomes their count (KINF_OK, or KINF_ERR_INVAL for a malformed or
   oversized chunk). d->done is set after the last chunk's trailers. */
/* the framing's states: a size line (its digits, an extension, its LF), the
   data, the CRLF after it, the trailer lines, and after the last one */
typedef enum kinf__ch_state {
    KINF__CH_SIZE = 0, KINF__CH_EXT, KINF__CH_SIZE_LF, KINF__CH_DATA, KINF__CH_DATA_CR, KINF__CH_DATA_LF,
    KINF__CH_TRAILER_START, KINF__CH_TRAILER, KINF__CH_DONE
} kinf__ch_state;
typedef struct kinf__chunked {
    uint8_t st;      /* kinf__ch_state; zero is the start */
    uint8_t digits, done;         /* digits: the size line has one */
    uint64_t left;
    uint32_t linelen;
} kinf__chunked;

/* The framing bytes from buf[*pi] (sizes, extensions, line ends, trailers)
   up to the next data byte, the end of the body or n; *pi moves past them.
   Returns how many data bytes follow there (up to n), counted off the
   chunk; 0 when none is there; -1 for a malformed chunk. */
static long kinf__chunked_frame(kinf__chunked* d, const uint8_t* buf, size_t* pi, size_t n) {
    size_t i = *pi;
    while (i < n && d->st != KINF__CH_DATA) {
        uint8_t c = buf[i];
        switch (d->st) {
        case KINF__CH_SIZE: {
            int v = kinf__hexval(c);
            if (v >= 0) {
                /* a chunk of 2^40 bytes or more (past ten significant digits)
                   is refused before it can overflow; leading zeros may be any
                   number (RFC 9112: chunk-size is 1*HEXDIG) */
                if (d->left >> 36) { return -1; }
                d->left = d->left * 16u + (uint64_t)v; d->digits = 1; i++;
            } else if (d->digits == 0) {
                return -1;
            } else if (c == ';' || c == ' ' || c == '\t') {
                d->st = KINF__CH_EXT; d->linelen = 0; i++;
            } else if (c == '\r') {
                d->st = KINF__CH_SIZE_LF; i++;
            } else if (c == '\n') {
                d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; i++;
            } else {
                return -1;
            }
            break;
        }
        case KINF__CH_EXT: /* ignored, but bounded */
            if (c == '\n') { d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; }
            else if (c == '\r') { d->st = KINF__CH_SIZE_LF; }
            else if (++d->linelen > 1024) { return -1; }
            i++;
            break;
        case KINF__CH_SIZE_LF:
            if (c != '\n') { return -1; }
            d->st = d->left ? KINF__CH_DATA : KINF__CH_TRAILER_START; i++;
            break;
        case KINF__CH_DATA_CR:
            if (c == '\r') { d->st = KINF__CH_DATA_LF; i++; }
            else if (c == '\n') { d->st = KINF__CH_SIZE; d->digits = 0; i++; }
            else { return -1; }
            break;
        case KINF__CH_DATA_LF:
            if (c != '\n') { return -1; }
            d->st = KINF__CH_SIZE; d->digits = 0; i++;
            break;
        case KINF__CH_TRAILER_START: /* an empty trailer line ends the body */
            if (c == '\r') { i++; break; }
            if (c == '\n') { d->st = KINF__CH_DONE; d->done = 1; i++; break; }
            d->st = KINF__CH_TRAILER; d->linelen = 0;
            break;
        case KINF__CH_TRAILER:
            if (c == '\n') { d->st = KINF__CH_TRAILER_START; }
            else if (++d->linelen > 4096) { return -1; }
            i++;
            break;
        default: /* KINF__CH_DONE: bytes after the end belong to no one */
            i = n;
            break;
        }
    }
    *pi = i;
    if (i < n && d->st == KINF__CH_DATA) {
        size_t k = n - i;
        if ((uint64_t)k > d->left) { k = (size_t)d->left; }
        d->left -= k;
        if (d->left == 0) { d->st = KINF__CH_DATA_CR; }
        return (long)k;
    }
    return 0;
}
/* in place, over the same two steps (the unit tests and the fuzz target use it;
   inline, so builds that do not use it get no unused-function warning) */
static inline int kinf__chunked_decode(kinf__chunked* d, uint8_t* buf, size_t* len) {
    size_t i = 0, o = 0, n = *len;
    while (i < n) {
        long k = kinf__chunked_frame(d, buf, &i, n);
        if (k < 0) { return KINF_ERR_INVAL; }
        if (k == 0) { break; }
        if (o != i) { memmove(buf + o, buf + i, (size_t)k); }
        o += (size_t)k; i += (size_t)k;
    }
    *len = o;
    return KINF_OK;
}

