/* >>conn  One connection to the API server and one HTTP/1.1 exchange on it at
   a time: the server and its credentials, the built-in transport's socket
   and TLS, the request going out, and the response coming in -- its head,
   then its body framed by length, chunks or the close, inflated when it is
   gzip, and left in the read buffer for the owner to take. This is the
   engine every transport drives (the kinf_engine_* calls). The informer,
   discovery and the write client each embed one and give it a table of what
   differs (kinf__conn_ops): build the request, see the head, take progress
   without I/O, give an exchange up, gate what they can take now. */
typedef enum kinf__cstate { KINF__C_NONE = 0, KINF__C_WANTED, KINF__C_SEND, KINF__C_RECV } kinf__cstate;
/* Why an exchange ended without a whole response (kinf__conn_ops.lost). */
typedef enum kinf__lost {
    KINF__LOST_CLOSED = 1,        /* the peer closed (or reset) it mid exchange; not logged yet */
    KINF__LOST_FAILED,            /* the transport failed: item says how (logged) */
    KINF__LOST_IDLE,              /* silent for idle_ms; not logged yet */
    KINF__LOST_BROKEN             /* a malformed head, chunk or gzip stream (logged) */
} kinf__lost;
/* gate: a stopped owner, which wants nothing but a close */
#define KINF__HALT 0x100u
/* last_rx of an exchange begun between engine calls (kinf_client_start takes
   no clock, and an idle engine asks for no tick, so its now may be long past):
   the idle time counts from the next tick */
#define KINF__RX_UNCLOCKED UINT64_MAX
typedef struct kinf__conn_ops {
    void (*advance)(void* owner);             /* progress with no I/O: begin requests, end backoffs, take body bytes, finish responses */
    int (*build)(void* owner);                /* the request again with the token held now; 0 when it cannot be built (dealt with) */
    int (*head)(void* owner);                 /* the response head is in (resp): 0 goes on, -1 gives the exchange up (logged) */
    void (*lost)(void* owner, int why, uint32_t item);
    unsigned (*gate)(const void* owner);      /* KINF_ENG_TOKEN and _RECV when the owner can take them now; KINF__HALT */
    uint64_t (*deadline)(const void* owner);  /* the owner's own: a backoff, a resync, a round to begin */
    int (*dispatch)(void* owner);             /* queued changes to callbacks (the informer's); NULL: none */
    void (*log)(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line);
} kinf__conn_ops;
/* The built-in transport's socket: the addresses resolved, the one being
   tried, and when its connect began. */
#ifndef KINF_ENGINE_ONLY
typedef union kinf__addr { struct sockaddr sa; struct sockaddr_in in4; struct sockaddr_in6 in6; } kinf__addr;
#endif
/* An HTTP proxy's tunnel (CONNECT) in the built-in transport; KINF_NO_PROXY leaves it out */
#if !defined(KINF_ENGINE_ONLY) && !defined(KINF_NO_PROXY)
#define KINF__PROXY 1
#endif
/* connecting: 0 not, 1 the TCP connect under way; through a proxy, 2 its
   CONNECT being sent (tlen bytes in the engine's head buffer, tpos sent),
   3 its answer being read (tpos bytes of head, the last four in tend) */
typedef struct kinf__sock {
    int fd, connecting, naddr, ai;
#ifndef KINF_ENGINE_ONLY
    kinf__addr addrs[4];
    socklen_t alens[4];
#endif
#ifdef KINF__PROXY
    uint32_t tlen, tpos, tend;
#endif
    uint64_t t_connect;
} kinf__sock;
enum { KINF__HOST_BYTES = 256, KINF__HOSTHDR_BYTES = 300, KINF__TOKEN_FILE_BYTES = 512 };
/* a proxy's Basic credentials, base64: 255 bytes of user:password */
enum { KINF__PROXY_AUTH_BYTES = 344 };
#define KINF__CONN_MAGIC 0x6b636f6eu
struct kinf_engine_t {
    uint32_t magic;
    const kinf__conn_ops* ops;
    void* owner;
    /* the server and the credentials */
    char host[KINF__HOST_BYTES];
    char hosthdr[KINF__HOSTHDR_BYTES];
    uint16_t port;
#ifdef KINF__PROXY
    uint16_t proxy_port;
    char proxy_host[KINF__HOST_BYTES];   /* "": no proxy */
    char proxy_auth[KINF__PROXY_AUTH_BYTES]; /* "": none */
#endif
    uint8_t https, own_transport;
    uint8_t retry_stale;          /* a request on a kept-alive connection the server closed while idle goes again */
    uint8_t in_callback;          /* the owner runs callbacks: engine calls do nothing */
    uint8_t counts_bytes;         /* the built-in transport counts socket bytes itself (TLS records) */
    uint8_t token_due;            /* ask the driver to read the token file again (KINF_ENG_TOKEN) */
    int idle_ms, connect_ms;
    char token[KINF_MAX_TOKEN];
    char token_file[KINF__TOKEN_FILE_BYTES];
    uint64_t token_at;
    const kinf_exec_t* exec;      /* an exec credential plugin the driver runs for the token, or NULL */
    uint64_t token_exp;           /* engine time the plugin's token expires (0: not said) */
    uint32_t token_gen, req_token_gen; /* the token's version, and the one the request was built with */
    uint32_t err_item;            /* the last item logged as an error: what a failure without one was */
    uint32_t* last_error;         /* the owner's sticky error, for a refusal logged as a warning */
    const char* where;            /* the request's path for log details, or NULL */
    /* the exchange */
    int cstate;                   /* kinf__cstate */
    uint8_t conn_open, close_wanted, reusable, reused;
    uint64_t now, last_rx;        /* the time the transport gave last (ms, any epoch); the last byte moved */
    char* wbuf;                   /* the request, wlen bytes; wpos sent */
    size_t wlen, wpos;
    uint8_t* rbuf;                /* the read buffer, rcap bytes */
    size_t rcap;
    size_t dpos, dend, rend;      /* body data at dpos..dend to take; to rend, framing and data not yet decoded */
    int body_done;
    char head[KINF_MAX_HEAD_BYTES];
    size_t hlen;
    kinf__resp resp;
    kinf__chunked ch;
    int64_t body_left;
    void* gz;                     /* the owner's inflater (kinf__gz), or NULL */
    uint8_t gz_asked, gz_on;      /* the request asked for gzip; the response is gzip */
    uint64_t bytes_read, bytes_written, gz_responses, gz_in, gz_out;
    /* the built-in transport */
    kinf__sock sock;
    void* tls;                    /* kinf__tls in the owner's memory, for https:// */
    uint32_t sock_gen;            /* +1 each time the driver closes or opens the socket (kinf_engine_generation) */
    unsigned sock_told;           /* the wants desc.on_socket was last told */
    kinf_socket_cb_t on_socket;
};
static int kinf__conn_ok(const kinf_engine_t* c) { return c && c->magic == KINF__CONN_MAGIC; }
static void kinf__conn_log(kinf_engine_t* c, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    if (level <= KINF_LOG_ERROR) { c->err_item = item; }
    c->ops->log(c->owner, level, item, d1, d2, line);
}
#define KINF__CERR(c, item, d1, d2) kinf__conn_log((c), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__CWARN(c, item, d1, d2) kinf__conn_log((c), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)

/* >>conn request  writing a request head: bounded appends, each 0 when
   it did not fit (out stays NUL-terminated) */
static int kinf__put(char* out, size_t cap, size_t* o, const char* s) {
    size_t n = strlen(s);
    if (*o + n >= cap) { return 0; }
    memcpy(out + *o, s, n); *o += n; out[*o] = 0;
    return 1;
}
/* s percent-encoded, all but RFC 3986's unreserved bytes */
static int kinf__pct(char* out, size_t cap, size_t* o, const char* s) {
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' || ch == '~') {
            if (*o + 1 >= cap) { return 0; }
            out[(*o)++] = (char)ch;
        } else {
            if (*o + 3 >= cap) { return 0; }
            out[(*o)++] = '%'; out[(*o)++] = hex[ch >> 4]; out[(*o)++] = hex[ch & 15];
        }
    }
    out[*o] = 0;
    return 1;
}
/* The rest of a request head after its request target: the version, Host,
   User-Agent, h1, the token held now, h2 (the owner's headers, each ending
   in CRLF; NULL for none), and the empty line. */
static int kinf__conn_headers(kinf_engine_t* c, char* w, size_t cap, size_t* o, const char* h1, const char* h2) {
    int ok = kinf__put(w, cap, o, " HTTP/1.1\r\nHost: ");
    ok &= kinf__put(w, cap, o, c->hosthdr);
    ok &= kinf__put(w, cap, o, "\r\nUser-Agent: kinformer/" KINF_VERSION "\r\n");
    if (h1) { ok &= kinf__put(w, cap, o, h1); }
    if (c->token[0]) {
        ok &= kinf__put(w, cap, o, "Authorization: Bearer ");
        ok &= kinf__put(w, cap, o, c->token);
        ok &= kinf__put(w, cap, o, "\r\n");
    }
    if (h2) { ok &= kinf__put(w, cap, o, h2); }
    ok &= kinf__put(w, cap, o, "\r\n");
    c->req_token_gen = c->token_gen;
    return ok;
}

/* >>conn exchange */
/* Gives the connection up: the transport is asked to close it. */
static void kinf__conn_drop(kinf_engine_t* c) {
    if (c->conn_open) { c->close_wanted = 1; }
    c->conn_open = 0; c->reusable = 0;
    c->cstate = KINF__C_NONE;
}
static void kinf__conn_window_clear(kinf_engine_t* c) { c->dpos = c->dend = c->rend = 0; }
/* A request whose bytes the owner has built goes out: on the kept-alive
   connection when there is one, else on a new one. The response state
   starts over. */
static void kinf__conn_start(kinf_engine_t* c) {
    memset(&c->resp, 0, sizeof(c->resp));
    memset(&c->ch, 0, sizeof(c->ch));
    c->hlen = 0; c->body_done = 0; c->gz_on = 0;
    kinf__conn_window_clear(c);
    c->last_rx = c->now;
    c->reused = c->conn_open && c->reusable;
    if (c->reused) { c->cstate = KINF__C_SEND; return; }
    kinf__conn_drop(c);
    c->cstate = KINF__C_WANTED;
}
/* A kept-alive connection that the server closed while idle (a restart, a
   proxy's timeout) ends the request before any byte of a response: the same
   request goes again on a new connection, as HTTP clients do. 1 when that
   is the case (owners that set retry_stale only). */
static int kinf__conn_stale(kinf_engine_t* c) {
#if defined(KINF_NO_FACTORY) && defined(KINF_NO_CLIENT)
    (void)c;
    return 0; /* the informer does not retry: a cut watch resumes, a cut list starts over */
#else
    if (!c->retry_stale || !c->reused || c->resp.head_done || c->hlen || (c->cstate != KINF__C_SEND && c->cstate != KINF__C_RECV)) { return 0; }
    c->reused = 0;
    c->conn_open = 0; c->reusable = 0; c->close_wanted = 0;
    c->wpos = 0;
    c->cstate = KINF__C_WANTED;
    return 1;
#endif
}
/* Bytes read that the owner has not taken yet (held back, or to decode). */
static int kinf__conn_pending(const kinf_engine_t* c) {
#ifndef KINF_NO_GZIP
    if (c->gz_on && ((const kinf__gz*)c->gz)->pend) { return 1; } /* inflated, not taken */
#endif
    return c->dpos < c->rend;
}
/* The chunked framing from dend up to the next data, and that data (as much
   of it as was read) as dpos..dend, in place. 0, or -1 for a bad chunk
   (logged). Each call moves on by at least a byte. */
static int kinf__conn_chunk(kinf_engine_t* c) {
    size_t i = c->dend;
    long k = kinf__chunked_frame(&c->ch, c->rbuf, &i, c->rend);
    if (k < 0) { KINF__CERR(c, HTTP_BAD_CHUNK, c->where, 0); return -1; }
    if (c->ch.done) { c->body_done = 1; } /* the framing step has passed the bytes after the end */
    c->dpos = i; c->dend = i + (size_t)k;
    return 0;
}
/* The next body bytes to take: *src and their count; 0 when a framing (or
   inflating) step was made and none is ready yet -- call again while
   kinf__conn_pending; -1 when the body is malformed (logged). */
static long kinf__conn_next(kinf_engine_t* c, const uint8_t** src) {
#ifndef KINF_NO_GZIP
    if (c->gz_on) {
        kinf__gz* z = (kinf__gz*)c->gz;
        size_t used;
        int r;
        if (z->pend) { return (long)kinf__gz_out(z, src); }
        if (c->dpos >= c->dend) { return kinf__conn_chunk(c) ? -1 : 0; }
        r = kinf__gz_inflate(z, c->rbuf + c->dpos, c->dend - c->dpos, &used);
        c->dpos += used;
        c->gz_in += used;
        if (r == KINF__GZ_ECHECK) { KINF__CERR(c, GZIP_CHECK_FAILED, z->why, 0); return -1; }
        if (r < 0) { KINF__CERR(c, GZIP_MALFORMED, z->why, 0); return -1; }
        return 0;
    }
#endif
    if (c->dpos >= c->dend) { return kinf__conn_chunk(c) ? -1 : 0; }
    *src = c->rbuf + c->dpos;
    return (long)(c->dend - c->dpos);
}
/* n of the bytes kinf__conn_next gave were taken */
static void kinf__conn_take(kinf_engine_t* c, size_t n) {
#ifndef KINF_NO_GZIP
    if (c->gz_on) { kinf__gz_take((kinf__gz*)c->gz, n); c->gz_out += n; return; }
#endif
    c->dpos += n;
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
/* Hands every body byte read so far to take(owner, bytes, n), which takes
   them all or refuses: the loop of an owner that holds nothing back (the
   informer's has backpressure, kinf__rf_consume). 0; -1 for a malformed
   body (logged); -2 when take refused. */
static int kinf__conn_drain(kinf_engine_t* c, int (*take)(void* owner, const uint8_t* b, size_t n), void* owner) {
    while (kinf__conn_pending(c)) {
        const uint8_t* b = 0;
        long k = kinf__conn_next(c, &b);
        if (k < 0) { return -1; }
        if (k > 0) {
            if (take(owner, b, (size_t)k) != 0) { return -2; }
            kinf__conn_take(c, (size_t)k);
        }
    }
    return 0;
}
#endif
/* The body ended: 0, or -1 when its gzip stream did not (logged). */
static int kinf__conn_body_end(kinf_engine_t* c) {
#ifndef KINF_NO_GZIP
    if (c->gz_on && ((const kinf__gz*)c->gz)->st != KINF__GZS_DONE) { KINF__CERR(c, GZIP_TRUNCATED, 0, 0); return -1; }
#endif
    (void)c;
    return 0;
}
/* Freshly read bytes rbuf[0..n): the head, read byte by byte into head[]
   (interim 1xx heads skipped), then the body's window. 0, or -1 when the
   exchange is broken (logged). */
static int kinf__conn_ingest(kinf_engine_t* c, size_t n) {
    size_t p = 0, dn;
    uint32_t item = 0;
    if (!c->resp.head_done) {
        while (p < n) {
            char ch = (char)c->rbuf[p++];
            if (c->hlen >= sizeof(c->head)) { KINF__CERR(c, HTTP_HEAD_TOO_LARGE, c->where, 0); return -1; }
            c->head[c->hlen++] = ch;
            if (ch == '\n' && ((c->hlen >= 4 && !memcmp(c->head + c->hlen - 4, "\r\n\r\n", 4)) ||
                               (c->hlen >= 2 && c->head[c->hlen - 2] == '\n'))) {
                if (kinf__http_parse_head(c->head, c->hlen, &c->resp, &item) != KINF_OK) {
                    kinf__conn_log(c, KINF_LOG_ERROR, item, c->where, 0, __LINE__);
                    return -1;
                }
                if (c->resp.status >= 100 && c->resp.status < 200) { c->hlen = 0; continue; } /* interim */
                c->resp.head_done = 1;
                c->body_left = c->resp.clen;
                c->gz_on = 0;
                if (c->resp.gzip) { /* only where it was asked for */
#ifndef KINF_NO_GZIP
                    if (c->gz && c->gz_asked) { kinf__gz_reset((kinf__gz*)c->gz); c->gz_on = 1; c->gz_responses++; } else
#endif
                    { KINF__CERR(c, HTTP_UNSUPPORTED_ENCODING, "Content-Encoding: gzip", " (not asked for)"); return -1; }
                }
                if (c->ops->head(c->owner) != 0) { return -1; }
                if (c->resp.clen == 0) { c->body_done = 1; }
                break;
            }
        }
        if (!c->resp.head_done) { kinf__conn_window_clear(c); return 0; }
    }
    dn = n - p;
    if (c->resp.chunked) { /* decoded as it is taken (kinf__conn_chunk): the data stays where it is */
        c->dpos = c->dend = p; c->rend = n;
        return 0;
    }
    if (c->body_left >= 0) {
        if ((int64_t)dn >= c->body_left) { dn = (size_t)c->body_left; c->body_done = 1; }
        c->body_left -= (int64_t)dn;
    }
    c->dpos = p; c->dend = c->rend = p + dn;
    return 0;
}
/* The response's Retry-After (seconds; an HTTP-date reads as none) in ms,
   at most cap_ms; -1 when it has none. */
static int64_t kinf__conn_retry_after_ms(const kinf_engine_t* c, int64_t cap_ms) {
    int64_t s = c->resp.retry_after;
    if (s < 0) { return -1; }
    return s > cap_ms / 1000 ? cap_ms : s * 1000;
}
/* The response was read to its end: whether its connection can carry the next request. */
static void kinf__conn_finished(kinf_engine_t* c) {
    c->reusable = !c->resp.conn_close && (c->resp.chunked || c->resp.clen >= 0);
}
/* The token is to be had again: a token file every 60 s and after a 401; an
   exec plugin's after a 401 and 10 s before it expires (but not within 10 s
   of the last run: a plugin that hands out a token about to expire is not
   run in a loop) */
#define KINF__EXEC_EARLY_MS 10000u
static int kinf__conn_token_stale(const kinf_engine_t* c) {
    if (c->exec) { return c->token_due || (c->token_exp && c->now + KINF__EXEC_EARLY_MS >= c->token_exp && c->now - c->token_at >= KINF__EXEC_EARLY_MS); }
    return c->token_file[0] && (c->token_due || c->now - c->token_at >= 60000u);
}
/* a 401 makes a token due again: a file's, or a plugin's */
static void kinf__conn_unauthorized(kinf_engine_t* c) { if (c->token_file[0] || c->exec) { c->token_due = 1; } }
/* Takes a new token (NULL keeps the one held). A bad one is logged as a
   warning and refused: KINF_OK, or the item. */
static uint32_t kinf__conn_set_token(kinf_engine_t* c, const char* token, uint64_t now_ms) {
    size_t n;
    c->now = now_ms;
    c->token_at = now_ms; c->token_due = 0;
    if (!token) { return KINF_LOGITEM_OK; }
    for (n = 0; n < KINF_MAX_TOKEN && token[n]; n++) { }
    if (n >= KINF_MAX_TOKEN) { KINF__CWARN(c, TOKEN_TOO_LONG, c->token_file, 0); return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (!n || !kinf__visible_ascii(token)) { KINF__CWARN(c, TOKEN_INVALID, c->token_file, 0); return KINF_LOGITEM_TOKEN_INVALID; }
    if (strcmp(c->token, token) != 0) { memcpy(c->token, token, n + 1); c->token_gen++; }
    return KINF_LOGITEM_OK;
}
static unsigned kinf__conn_state(const kinf_engine_t* c) {
    unsigned g = c->ops->gate(c->owner), st = 0;
    if (g & KINF__HALT) { return c->close_wanted ? (unsigned)KINF_ENG_CLOSE : 0u; }
    if (c->close_wanted) { st |= KINF_ENG_CLOSE; }
    if ((g & KINF_ENG_TOKEN) && kinf__conn_token_stale(c)) { st |= KINF_ENG_TOKEN; }
    if (c->cstate == KINF__C_WANTED) { st |= KINF_ENG_CONNECT; }
    else if (c->cstate == KINF__C_SEND) { st |= KINF_ENG_SEND; }
    else if (c->cstate == KINF__C_RECV && !kinf__conn_pending(c) && !c->body_done && (g & KINF_ENG_RECV)) { st |= KINF_ENG_RECV; }
    return st;
}
/* Silent for idle_ms: a request that cannot be sent, or a response that
   sends nothing (bytes held back by the owner are not the server's silence). */
static int kinf__conn_idle(const kinf_engine_t* c) {
    if (c->cstate != KINF__C_SEND && (c->cstate != KINF__C_RECV || kinf__conn_pending(c))) { return 0; }
    return c->now > c->last_rx && c->now - c->last_rx >= (uint64_t)c->idle_ms;
}
/* The peer closed, or the transport failed: 1 when the owner was told. */
static void kinf__conn_down(kinf_engine_t* c, int why, uint32_t item) {
    int mid = c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV;
    c->close_wanted = 0; c->conn_open = 0; c->reusable = 0;
    if (why == KINF__LOST_CLOSED) {
        if (!mid) { return; }
        if (c->cstate == KINF__C_RECV && c->resp.head_done && !c->resp.chunked && c->resp.clen < 0) {
            c->body_done = 1; kinf__conn_window_clear(c); /* a body read to the close */
            c->ops->advance(c->owner);
            return;
        }
    }
    c->ops->lost(c->owner, why, item);
}

/* >>conn engine  the public engine calls: a transport drives any owner's
   connection through these (see API, "The engine"); the built-in driver is
   one such transport. A call made from a callback does nothing, and says so. */
static int kinf__conn_busy(kinf_engine_t* c, const char* call) {
    if (!c->in_callback) { return 0; }
    KINF__CERR(c, IN_CALLBACK, call, 0);
    return 1;
}
KINF_API kinf_server_t kinf_engine_server(kinf_engine_t* e) {
    kinf_server_t s;
    memset(&s, 0, sizeof(s));
    if (kinf__conn_ok(e)) { s.host = e->host; s.port = e->port; s.https = e->https; }
    return s;
}
KINF_API unsigned kinf_engine_state(kinf_engine_t* e) { return kinf__conn_ok(e) ? kinf__conn_state(e) : 0u; }
KINF_API uint32_t kinf_engine_generation(kinf_engine_t* e) { return kinf__conn_ok(e) ? e->sock_gen : 0u; }
KINF_API unsigned kinf_engine_tick(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_tick")) { return 0; }
    e->now = now_ms;
    if (e->last_rx == KINF__RX_UNCLOCKED) { e->last_rx = now_ms; }
    e->ops->advance(e->owner);
    if (!(e->ops->gate(e->owner) & KINF__HALT) && kinf__conn_idle(e)) {
        e->ops->lost(e->owner, KINF__LOST_IDLE, KINF_LOGITEM_IDLE_TIMEOUT);
        e->ops->advance(e->owner); /* a silent watch resumes at once */
    }
    return kinf__conn_state(e);
}
KINF_API uint64_t kinf_engine_deadline(kinf_engine_t* e) {
    uint64_t dl = UINT64_MAX, o;
    if (!kinf__conn_ok(e)) { return UINT64_MAX; }
    if (e->ops->gate(e->owner) & KINF__HALT) { return e->close_wanted ? e->now : UINT64_MAX; }
    if (e->close_wanted || (kinf__conn_state(e) & KINF_ENG_TOKEN)) { return e->now; }
    if (e->cstate == KINF__C_RECV && (kinf__conn_pending(e) || e->body_done)) { return e->now; }
    if (e->cstate == KINF__C_SEND || e->cstate == KINF__C_RECV) { dl = e->last_rx == KINF__RX_UNCLOCKED ? e->now : e->last_rx + (uint64_t)e->idle_ms; }
    o = e->ops->deadline(e->owner);
    return o < dl ? o : dl;
}
KINF_API const uint8_t* kinf_engine_sendbuf(kinf_engine_t* e, size_t* len) {
    if (len) { *len = 0; }
    if (!kinf__conn_ok(e)) { return 0; }
    if (!len) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_sendbuf", ": len is NULL"); return 0; }
    if ((e->ops->gate(e->owner) & KINF__HALT) || e->cstate != KINF__C_SEND) { return 0; }
    /* a token read since the request was built goes into it, if none of it is sent */
    if (e->req_token_gen != e->token_gen && e->wpos == 0 && !e->ops->build(e->owner)) { return 0; }
    *len = e->wlen - e->wpos;
    return (const uint8_t*)e->wbuf + e->wpos;
}
KINF_API void kinf_engine_sent(kinf_engine_t* e, size_t n, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_sent")) { return; }
    if (e->cstate != KINF__C_SEND) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_sent", ": no request is being sent"); return; }
    e->now = now_ms;
    if (n > e->wlen - e->wpos) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_sent", ": n is more than kinf_engine_sendbuf gave"); n = e->wlen - e->wpos; }
    e->wpos += n;
    if (!e->counts_bytes) { e->bytes_written += n; }
    e->last_rx = now_ms;
    if (e->wpos == e->wlen) { e->cstate = KINF__C_RECV; }
}
KINF_API uint8_t* kinf_engine_recvbuf(kinf_engine_t* e, size_t* cap) {
    if (cap) { *cap = 0; }
    if (!kinf__conn_ok(e)) { return 0; }
    if (!cap) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_recvbuf", ": cap is NULL"); return 0; }
    if (!(kinf__conn_state(e) & KINF_ENG_RECV)) { return 0; }
    *cap = e->rcap;
    return e->rbuf;
}
KINF_API void kinf_engine_recvd(kinf_engine_t* e, size_t n, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || n == 0 || kinf__conn_busy(e, "kinf_engine_recvd")) { return; }
    if (e->ops->gate(e->owner) & KINF__HALT) { return; } /* a read that was under way when the owner stopped */
    if (!(kinf__conn_state(e) & KINF_ENG_RECV)) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_recvd", ": the engine wants no bytes now (the bytes are dropped)"); return; }
    e->now = now_ms;
    if (n > e->rcap) { KINF__CERR(e, BAD_ARGUMENT, "kinf_engine_recvd", ": n is more than kinf_engine_recvbuf's cap"); n = e->rcap; }
    e->last_rx = now_ms;
    if (!e->counts_bytes) { e->bytes_read += n; }
    if (kinf__conn_ingest(e, n) != 0) { e->ops->lost(e->owner, KINF__LOST_BROKEN, e->err_item); return; }
    e->ops->advance(e->owner);
}
KINF_API void kinf_engine_connected(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_connected")) { return; }
    if (e->cstate != KINF__C_WANTED) { KINF__CERR(e, ENGINE_OUT_OF_TURN, "kinf_engine_connected", ": no connection was asked for"); return; }
    e->now = now_ms;
    e->conn_open = 1;
    e->cstate = KINF__C_SEND;
    e->last_rx = now_ms;
}
KINF_API void kinf_engine_closed(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_closed")) { return; }
    e->now = now_ms;
    if (e->close_wanted) { e->close_wanted = 0; return; }
    if (kinf__conn_stale(e)) { return; }
    kinf__conn_down(e, KINF__LOST_CLOSED, 0);
}
KINF_API void kinf_engine_failed(kinf_engine_t* e, uint32_t item, const char* detail, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || kinf__conn_busy(e, "kinf_engine_failed")) { return; }
    e->now = now_ms;
    if (kinf__conn_stale(e)) { return; } /* a reset of an idle kept-alive connection: not worth a line */
    if (item >= KINF_LOGITEM_COUNT) { item = KINF_LOGITEM_IO_ERROR; }
    if (item) { kinf__conn_log(e, KINF_LOG_ERROR, item, detail, 0, __LINE__); }
    kinf__conn_down(e, KINF__LOST_FAILED, item ? item : e->err_item ? e->err_item : (uint32_t)KINF_LOGITEM_IO_ERROR);
}
KINF_API int kinf_engine_set_token(kinf_engine_t* e, const char* token, uint64_t now_ms) {
    uint32_t item;
    if (!kinf__conn_ok(e)) { return KINF_ERR_INVAL; }
    item = kinf__conn_set_token(e, token, now_ms);
    if (item == KINF_LOGITEM_OK) { return KINF_OK; }
    if (e->last_error) { *e->last_error = item; } /* the refusal is the owner's sticky error */
    return KINF_ERR_INVAL;
}
KINF_API int kinf_engine_dispatch(kinf_engine_t* e, uint64_t now_ms) {
    if (!kinf__conn_ok(e) || !e->ops->dispatch || kinf__conn_busy(e, "kinf_engine_dispatch")) { return 0; }
    e->now = now_ms;
    return e->ops->dispatch(e->owner);
}

