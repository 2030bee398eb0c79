/* client.inc.c - included by main.c: the write client (>>client): requests
   by hand through its engine, paths of the caller's own, token files, and
   its built-in driver against a server on the loopback. */

static char g_cl_req[8192]; /* the last request's bytes */
static const char* g_cl_token = "tok-file-1"; /* what the "token file" holds */
static int g_cl_token_reads;
static int g_cl_max_retries; /* cl_mk2's desc.max_retries (0: the default) */
/* Drives one request to its end through the engine calls: connects when asked,
   keeps what was sent, answers with resp in pieces of step bytes
   (resp NULL: the transport fails after the send). 1 when the request ended;
   out NULL leaves the response to the one that started it (kinf_client_done). */
static int cl_serve(kinf_client_t* c, uint64_t* t, const char* resp, size_t step, kinf_client_response_t* out) {
    int guard;
    size_t rl = 0;
    g_cl_req[0] = 0;
    for (guard = 0; guard < 10000; guard++) {
        unsigned st = kinf_engine_tick(kinf_client_engine(c), *t);
        if (out ? kinf_client_done(c, out) : !kinf_client_busy(c)) { return 1; }
        if (st & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_client_engine(c), *t); continue; }
        if (st & KINF_ENG_TOKEN) { g_cl_token_reads++; kinf_engine_set_token(kinf_client_engine(c), g_cl_token, *t); continue; }
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(kinf_client_engine(c), *t); continue; }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(kinf_client_engine(c), &len);
            if (!b || rl + len >= sizeof(g_cl_req)) { return 0; }
            memcpy(g_cl_req + rl, b, len); rl += len; g_cl_req[rl] = 0;
            kinf_engine_sent(kinf_client_engine(c), len, *t);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t p = 0, n;
            if (!resp) { kinf_engine_failed(kinf_client_engine(c), KINF_LOGITEM_IO_ERROR, "reset", *t); continue; }
            n = strlen(resp);
            while (p < n && kinf_client_busy(c)) {
                size_t cap, k = n - p;
                uint8_t* rb = kinf_engine_recvbuf(kinf_client_engine(c), &cap);
                if (!rb) { break; }
                if (k > cap) { k = cap; }
                if (k > step) { k = step; }
                memcpy(rb, resp + p, k); p += k;
                kinf_engine_recvd(kinf_client_engine(c), k, *t);
            }
            if (kinf_client_busy(c) && (kinf_engine_tick(kinf_client_engine(c), *t) & KINF_ENG_RECV)) { kinf_engine_closed(kinf_client_engine(c), *t); }
            continue;
        }
        if (!st) { *t += 1000; }
    }
    return 0;
}
static kinf_client_t* cl_mk2(size_t req_bytes, size_t resp_bytes, const char* token_file) {
    static kinf_desc_t conn;
    kinf_client_desc_t cd;
    size_t n;
    void* mem;
    kinf_client_t* c;
    desc_base(&conn);
    conn.server = "http://127.0.0.1:1/prefix";
    conn.token = token_file ? 0 : "tok-1";
    conn.token_file = token_file;
    memset(&cd, 0, sizeof(cd));
    cd.conn = &conn; cd.request_bytes = req_bytes; cd.response_bytes = resp_bytes;
    cd.max_retries = g_cl_max_retries;
    n = kinf_client_size(&cd);
    mem = malloc(n);
    if (!mem) { return 0; }
    CHECK(kinf_client_init(mem, n - 9, &cd) == 0);   /* the size is exact: a byte less (and the alignment slack) fails */
    CHECK(logged(KINF_LOGITEM_MEMORY_TOO_SMALL));
    c = kinf_client_init(mem, n, &cd);
    if (!c) { free(mem); }
    return c;
}
static kinf_client_t* cl_mk(size_t req_bytes, size_t resp_bytes) { return cl_mk2(req_bytes, resp_bytes, 0); }
/* A token file: read before the first request, again before the request
   after a 401, on the kept-alive connection too, and never in mid-request. */
static void test_client_token_file(void) {
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    static const char r401[] = "HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}";
    static const char r200[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
    g_test = "client token file";
    log_reset();
    c = cl_mk2(300, 1024, "/nonexistent/kinformer-unit-token");
    CHECK(c != 0);
    if (!c) { return; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b";
    g_cl_token = "tok-file-1"; g_cl_token_reads = 0;
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, r200, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(g_cl_token_reads >= 1 && strstr(g_cl_req, "Authorization: Bearer tok-file-1\r\n") != 0);
    g_cl_token_reads = 0;
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, r401, 64, &out) && out.result == KINF_CLIENT_UNAUTHORIZED);
    CHECK_INT(g_cl_token_reads, 0);                                  /* read 1 s ago: not again */
    g_cl_token = "tok-file-2";
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_tick(kinf_client_engine(c), t) == (KINF_ENG_TOKEN | KINF_ENG_SEND)); /* the kept connection, the token first */
    CHECK(cl_serve(c, &t, r200, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(g_cl_token_reads == 1 && strstr(g_cl_req, "Authorization: Bearer tok-file-2\r\n") != 0);
    /* due in the middle of a request (half of it sent): not asked for until it ends */
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_tick(kinf_client_engine(c), t) == KINF_ENG_SEND);
    {
        size_t len;
        kinf_engine_sendbuf(kinf_client_engine(c), &len);
        kinf_engine_sent(kinf_client_engine(c), len / 2, t);
        t += 61000; /* the token is a minute old */
        CHECK(kinf_engine_tick(kinf_client_engine(c), t) == KINF_ENG_SEND);
        CHECK(cl_serve(c, &t, r200, 64, &out) && out.result == KINF_CLIENT_OK && g_cl_token_reads == 1);
    }
    free(c);
}
/* Drives one request through the engine calls answering the attempts in
   turn: resps[i] for attempt i ("!" : some bytes of a head, then the
   connection closed). The time passes by itself (to the engine's deadline)
   while the client waits to retry. at[i] gets when attempt i went out.
   Returns the attempts made, with *out filled, or -1 when the request did
   not end within them. */
static int cl_attempts(kinf_client_t* c, uint64_t* t, const char* const* resps, int n, uint64_t* at, kinf_client_response_t* out) {
    int guard, k = 0;
    for (guard = 0; guard < 10000; guard++) {
        kinf_engine_t* e = kinf_client_engine(c);
        unsigned st = kinf_engine_tick(e, *t);
        if (kinf_client_done(c, out)) { return k; }
        if (st & KINF_ENG_CLOSE) { kinf_engine_closed(e, *t); continue; }
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(e, *t); continue; }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(e, &len);
            if (!b || len >= sizeof(g_cl_req)) { return -1; }
            memcpy(g_cl_req, b, len); g_cl_req[len] = 0;
            kinf_engine_sent(e, len, *t);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            const char* r;
            size_t cap, len;
            uint8_t* rb;
            if (k >= n) { return -1; }
            at[k] = *t;
            r = resps[k++];
            rb = kinf_engine_recvbuf(e, &cap);
            if (!rb) { return -1; }
            if (r[0] == '!') { memcpy(rb, "HTTP/1.1 2", 10); kinf_engine_recvd(e, 10, *t); kinf_engine_closed(e, *t); continue; }
            len = strlen(r);
            if (len > cap) { return -1; }
            memcpy(rb, r, len);
            kinf_engine_recvd(e, len, *t);
            continue;
        }
        {
            uint64_t dl = kinf_engine_deadline(e);
            if (dl == UINT64_MAX || dl <= *t) { return -1; } /* nothing to wait for: stuck */
            *t = dl;
        }
    }
    return -1;
}
#define CL_R(status, hdrs) "HTTP/1.1 " status "\r\n" hdrs "Content-Length: 2\r\n\r\n{}"
/* Retries (client-go's rules): a 429 always, a 5xx with Retry-After, a GET's
   5xx or cut; after Retry-After or a growing, jittered backoff; bounded;
   never a 409, a write's 5xx without Retry-After or a write's cut; none at
   all with max_retries < 0. */
static void test_client_retry(void) {
    kinf_client_t* c;
    kinf_client_request_t get, put;
    kinf_client_response_t out;
    uint64_t t = 1000, at[16];
    int n, i;
    g_test = "client retry";
    log_reset();
    c = cl_mk(300, 1024);
    if (!CHECK(c != 0)) { return; }
    memset(&get, 0, sizeof(get));
    get.verb = KINF_CLIENT_GET; get.resource = "pods"; get.namespace_ = "a"; get.name = "b";
    memset(&put, 0, sizeof(put));
    put.verb = KINF_CLIENT_UPDATE; put.resource = "pods"; put.namespace_ = "a"; put.name = "b"; put.body = "{}";
    /* 1. a 429 with Retry-After: 2: again 2 s later, then OK; a warning, no sticky error */
    {
        static const char* const r[] = { CL_R("429 Too Many Requests", "Retry-After: 2\r\n"), CL_R("200 OK", "") };
        CHECK(kinf_client_start(c, &put) == KINF_OK);
        n = cl_attempts(c, &t, r, 2, at, &out);
        CHECK_INT(n, 2);
        CHECK(out.result == KINF_CLIENT_OK && at[1] - at[0] == 2000);
        CHECK(logged(KINF_LOGITEM_CLIENT_RETRY) == 1 && kinf_client_last_error(c) == 0);
        CHECK(strstr(g_cl_req, "PUT /prefix/api/v1/namespaces/a/pods/b ") == g_cl_req && strstr(g_cl_req, "\r\n\r\n{}") != 0); /* the same request, body and all */
        CHECK(kinf_client_stats(c).retries == 1 && kinf_client_stats(c).requests == 1 && kinf_client_stats(c).ok == 1);
    }
    /* 2. a write: 429 without Retry-After (the backoff: 500 ms and up to as
       much again), 503 with Retry-After: 1, then OK */
    {
        static const char* const r[] = { CL_R("429 Too Many Requests", ""), CL_R("503 Service Unavailable", "Retry-After: 1\r\n"), CL_R("200 OK", "") };
        CHECK(kinf_client_start(c, &put) == KINF_OK);
        n = cl_attempts(c, &t, r, 3, at, &out);
        CHECK(n == 3 && out.result == KINF_CLIENT_OK);
        CHECK(at[1] - at[0] >= 500 && at[1] - at[0] < 1000 && at[2] - at[1] == 1000);
    }
    /* 3. the backoff doubles (500, 1000, 2000 ms, each up to twice that), and
       the attempts are bounded: 1 + 5 by default, then the last answer */
    {
        static const char* const r[] = { CL_R("500 Internal Server Error", ""), CL_R("500 Internal Server Error", ""), CL_R("500 Internal Server Error", ""),
                                         CL_R("500 Internal Server Error", ""), CL_R("500 Internal Server Error", ""), CL_R("500 Internal Server Error", ""), CL_R("200 OK", "") };
        log_reset();
        CHECK(kinf_client_start(c, &get) == KINF_OK);
        n = cl_attempts(c, &t, r, 7, at, &out);
        CHECK(n == 6 && out.result == KINF_CLIENT_SERVER_ERROR && out.code == 500);
        for (i = 1; i < 4; i++) {
            uint64_t w = at[i] - at[i - 1], base = 500u << (i - 1);
            if (!CHECK(w >= base && w < 2 * base)) { note("wait %d: %llu ms", i, (unsigned long long)w); }
        }
        CHECK(logged(KINF_LOGITEM_CLIENT_RETRY) == 5 && kinf_client_last_error(c) == KINF_LOGITEM_CLIENT_SERVER_ERROR);
        kinf_client_clear_error(c);
    }
    /* 4. not retried: a write's 500 without Retry-After (it may have been
       carried out), a 409 (the caller's decision), a 501, a 404 */
    {
        static const char* const e500[] = { CL_R("500 Internal Server Error", ""), CL_R("200 OK", "") };
        static const char* const e409[] = { CL_R("409 Conflict", ""), CL_R("200 OK", "") };
        static const char* const e501[] = { CL_R("501 Not Implemented", ""), CL_R("200 OK", "") };
        static const char* const e404[] = { CL_R("404 Not Found", ""), CL_R("200 OK", "") };
        log_reset();
        CHECK(kinf_client_start(c, &put) == KINF_OK && cl_attempts(c, &t, e500, 2, at, &out) == 1 && out.result == KINF_CLIENT_SERVER_ERROR);
        CHECK(kinf_client_start(c, &put) == KINF_OK && cl_attempts(c, &t, e409, 2, at, &out) == 1 && out.result == KINF_CLIENT_CONFLICT);
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, e501, 2, at, &out) == 1 && out.result == KINF_CLIENT_SERVER_ERROR);
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, e404, 2, at, &out) == 1 && out.result == KINF_CLIENT_NOT_FOUND);
        CHECK_INT(logged(KINF_LOGITEM_CLIENT_RETRY), 0);
    }
    /* 5. a cut: a GET goes again on a new connection; a write does not */
    {
        static const char* const cut[] = { "!", CL_R("200 OK", "") };
        log_reset();
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, cut, 2, at, &out) == 2 && out.result == KINF_CLIENT_OK);
        CHECK(logged(KINF_LOGITEM_CLIENT_RETRY) == 1 && logged(KINF_LOGITEM_CONNECTION_CLOSED) == 0);
        CHECK(kinf_client_start(c, &put) == KINF_OK && cl_attempts(c, &t, cut, 2, at, &out) == 1 && out.result == KINF_CLIENT_CONNECTION);
        CHECK(logged(KINF_LOGITEM_CLIENT_RETRY) == 1 && logged(KINF_LOGITEM_CONNECTION_CLOSED) == 1);
        kinf_client_clear_error(c);
    }
    /* 6. a Retry-After longer than retry_max_ms (30 s) waits that long */
    {
        static const char* const r[] = { CL_R("429 Too Many Requests", "Retry-After: 3600\r\n"), CL_R("200 OK", "") };
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, r, 2, at, &out) == 2 && at[1] - at[0] == 30000);
    }
    free(c);
    /* 7. max_retries < 0: none */
    g_cl_max_retries = -1;
    c = cl_mk(300, 1024);
    g_cl_max_retries = 0;
    if (!CHECK(c != 0)) { return; }
    {
        static const char* const r[] = { CL_R("429 Too Many Requests", "Retry-After: 1\r\n"), CL_R("200 OK", "") };
        static const char* const cut[] = { "!", CL_R("200 OK", "") };
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, r, 2, at, &out) == 1 && out.result == KINF_CLIENT_HTTP_ERROR && out.code == 429);
        CHECK(kinf_client_start(c, &get) == KINF_OK && cl_attempts(c, &t, cut, 2, at, &out) == 1 && out.result == KINF_CLIENT_CONNECTION);
        CHECK(kinf_client_stats(c).retries == 0);
    }
    free(c);
}
#undef CL_R
/* A 409 is ALREADY_EXISTS only when its Status says reason "AlreadyExists"
   (a create of a name that is taken); any other 409 is CONFLICT (a stale
   resourceVersion): another reason, none, a reason that is not a string or
   not at the top, a body that is not a Status, or no body at all. A caller
   that refetches on CONFLICT and gives up on ALREADY_EXISTS depends on it.
   The AlreadyExists case comes first, so a reason kept from it would show. */
static void test_client_409(void) {
    static const struct { const char* body; int result; const char* reason; } e[] = {
        { "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"AlreadyExists\",\"code\":409}", KINF_CLIENT_ALREADY_EXISTS, "AlreadyExists" },
        { "", KINF_CLIENT_CONFLICT, "" },
        { "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Conflict\",\"code\":409}", KINF_CLIENT_CONFLICT, "Conflict" },
        { "{\"kind\":\"Status\",\"reason\":\"Invalid\",\"code\":409}", KINF_CLIENT_CONFLICT, "Invalid" },
        { "{\"kind\":\"Status\",\"reason\":\"alreadyexists\",\"code\":409}", KINF_CLIENT_CONFLICT, "alreadyexists" },
        { "{\"kind\":\"Status\",\"reason\":\"AlreadyExistsNot\",\"code\":409}", KINF_CLIENT_CONFLICT, "AlreadyExistsNot" },
        { "{\"kind\":\"Status\",\"message\":\"AlreadyExists\",\"code\":409}", KINF_CLIENT_CONFLICT, "" },
        { "{\"kind\":\"Status\",\"details\":{\"causes\":[{\"reason\":\"AlreadyExists\"}]},\"code\":409}", KINF_CLIENT_CONFLICT, "" },
        { "{\"kind\":\"Status\",\"reason\":[\"AlreadyExists\"],\"code\":409}", KINF_CLIENT_CONFLICT, "" },
        { "AlreadyExists", KINF_CLIENT_CONFLICT, "" },
    };
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    char resp[512];
    int i, ok = 1;
    g_test = "client 409";
    log_reset();
    c = cl_mk(300, 1024);
    if (!CHECK(c != 0)) { return; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_CREATE; rq.resource = "configmaps"; rq.namespace_ = "a"; rq.body = "{}";
    for (i = 0; i < (int)(sizeof(e) / sizeof(e[0])); i++) {
        uint32_t item = e[i].result == KINF_CLIENT_ALREADY_EXISTS ? KINF_LOGITEM_CLIENT_ALREADY_EXISTS : KINF_LOGITEM_CLIENT_CONFLICT;
        snprintf(resp, sizeof(resp), "HTTP/1.1 409 Conflict\r\nContent-Length: %d\r\n\r\n%s", (int)strlen(e[i].body), e[i].body);
        kinf_client_clear_error(c);
        ok &= kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 5, &out);
        ok &= out.result == e[i].result && out.code == 409 && out.item == item && kinf_client_last_error(c) == item &&
              !strcmp(out.reason, e[i].reason);
        if (!ok) { note("case %d: result %d item %u reason '%s' for %s", i, out.result, out.item, out.reason, e[i].body); break; }
    }
    CHECK(ok);
    free(c);
}
/* A loopback server for the client's built-in driver: accepts one
   connection at a time and answers each request (its head read whole) with
   resp. Every call does what can be done now, without blocking. */
typedef struct { int lfd, fd, accepts, answered, cut; size_t rl; char req[4096], last[4096]; } cl_srv; /* cut: close after an answer */
static int cl_srv_open(cl_srv* v) {
    struct sockaddr_in a;
    socklen_t al = sizeof(a);
    memset(v, 0, sizeof(*v)); v->fd = -1;
    v->lfd = socket(AF_INET, SOCK_STREAM, 0);
    if (v->lfd < 0) { return 0; }
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(v->lfd, (struct sockaddr*)&a, sizeof(a)) || listen(v->lfd, 4) || getsockname(v->lfd, (struct sockaddr*)&a, &al)) { close(v->lfd); return 0; }
    fcntl(v->lfd, F_SETFL, fcntl(v->lfd, F_GETFL) | O_NONBLOCK);
    return ntohs(a.sin_port);
}
static void cl_srv_step(cl_srv* v, const char* resp) {
    long r;
    if (v->fd < 0) {
        v->fd = accept(v->lfd, 0, 0);
        if (v->fd < 0) { return; }
        fcntl(v->fd, F_SETFL, fcntl(v->fd, F_GETFL) | O_NONBLOCK);
        v->accepts++; v->rl = 0;
    }
    r = recv(v->fd, v->req + v->rl, sizeof(v->req) - 1 - v->rl, 0);
    if (r > 0) { v->rl += (size_t)r; v->req[v->rl] = 0; }
    if (r == 0) { close(v->fd); v->fd = -1; return; }
    if (strstr(v->req, "\r\n\r\n")) {
        memcpy(v->last, v->req, v->rl + 1);
        CHECK(send(v->fd, resp, strlen(resp), 0) == (long)strlen(resp));
        v->rl = 0; v->req[0] = 0;
        v->answered++;
        if (v->cut) { close(v->fd); v->fd = -1; }
    }
}
/* one request through kinf_client_poll against the server: 1 when it ended */
static int cl_srv_do(kinf_client_t* c, cl_srv* v, const kinf_client_request_t* rq, const char* resp, kinf_client_response_t* out) {
    int i;
    v->last[0] = 0;
    if (kinf_client_start(c, rq) != KINF_OK) { return 0; }
    for (i = 0; i < 400; i++) {
        kinf_client_poll(c, 5);
        cl_srv_step(v, resp);
        if (kinf_client_done(c, out)) { return 1; }
    }
    return 0;
}
/* The client's built-in driver and a token file it cannot read (gone after
   a 401): a warning, the old token kept, and neither the client's last
   error nor its connection's changed (a transport failure with no item of
   its own reports the connection's, so a read must not leave one there). */
static void test_client_token_file_driver(void) {
    static kinf_desc_t conn;
    static const char r401[] = "HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}";
    static const char r200[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
    char path[] = "/tmp/kinf-unit-cltokenXXXXXX", server[64];
    kinf_client_desc_t cd;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    kinf_client_t* c = 0;
    void* mem = 0;
    cl_srv v;
    int port, fd;
    FILE* f;
    g_test = "client token file, built-in driver";
    log_reset();
    port = cl_srv_open(&v);
    fd = mkstemp(path);
    if (!CHECK(port > 0 && fd >= 0)) { return; }
    close(fd);
    f = fopen(path, "w"); if (f) { fputs("tok-a\n", f); fclose(f); }
    snprintf(server, sizeof(server), "http://127.0.0.1:%d", port);
    desc_base(&conn);
    conn.server = server; conn.token_file = path;
    memset(&cd, 0, sizeof(cd));
    cd.conn = &conn; cd.request_bytes = 300; cd.response_bytes = 1024;
    mem = malloc(kinf_client_size(&cd));
    if (mem) { c = kinf_client_init(mem, kinf_client_size(&cd), &cd); }
    if (CHECK(c != 0)) {
        memset(&rq, 0, sizeof(rq));
        rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b";
        CHECK(cl_srv_do(c, &v, &rq, r401, &out) && out.result == KINF_CLIENT_UNAUTHORIZED);
        CHECK(strstr(v.last, "Authorization: Bearer tok-a\r\n") != 0);
        unlink(path);                                   /* the 401 makes a read due: it fails */
        kinf_client_clear_error(c);
        CHECK_INT(c->last_error, KINF_LOGITEM_OK);
        log_reset();
        CHECK(cl_srv_do(c, &v, &rq, r200, &out) && out.result == KINF_CLIENT_OK);
        CHECK_INT(v.accepts, 1);                        /* the kept-alive connection: no connect cleared anything */
        CHECK_INT(logged(KINF_LOGITEM_TOKEN_FILE_UNREADABLE), 1);
        CHECK(strstr(v.last, "Authorization: Bearer tok-a\r\n") != 0); /* the old token kept */
        CHECK_INT(kinf_client_last_error(c), KINF_LOGITEM_OK);
        CHECK_INT(c->last_error, KINF_LOGITEM_OK);
        kinf_client_shutdown(c);
    }
    unlink(path);
    if (v.fd >= 0) { close(v.fd); }
    close(v.lfd);
    free(mem);
}
/* a request to a path of the caller's own (kubediff's webhook): sent as it
   is, no server prefix; a path that could break the request line refused */
static void test_client_path(void) {
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    int i, ok = 1;
    static const char* const bad[] = { "hook", "/a b", "/a\r\nX: y", "/a\tb", "/\x7f", "/\xc3\xa9", "", 0 };
    g_test = "client_path";
    log_reset();
    c = cl_mk(300, 1024);
    CHECK(c != 0);
    if (!c) { return; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_CREATE; rq.path = "/hooks/k?x=1&y=%2F"; rq.body = "{\"type\":\"ADDED\"}";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK(cl_serve(c, &t, "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n", 7, &out));
    CHECK(!strncmp(g_cl_req, "POST /hooks/k?x=1&y=%2F HTTP/1.1\r\n", 34));
    CHECK(strstr(g_cl_req, "Content-Type: application/json\r\nContent-Length: 16\r\n\r\n{\"type\":\"ADDED\"}") != 0);
    CHECK_INT(out.result, KINF_CLIENT_OK); CHECK_INT(out.code, 204);
    for (i = 0; bad[i]; i++) {
        rq.path = bad[i];
        kinf_client_clear_error(c);
        ok &= kinf_client_start(c, &rq) == KINF_ERR_INVAL && kinf_client_last_error(c) == KINF_LOGITEM_BAD_ARGUMENT && !kinf_client_busy(c);
        if (!ok) { note("path %d accepted", i); break; }
    }
    CHECK(ok);
    rq.path = "/h"; rq.body = 0;
    CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_INVAL);           /* a POST needs a body */
    rq.body = "{}";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);                  /* still usable after the refusals */
    CHECK(cl_serve(c, &t, "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 2\r\n\r\n{}", 7, &out));
    CHECK(!strncmp(g_cl_req, "POST /h HTTP/1.1\r\n", 18));
    CHECK_INT(out.result, KINF_CLIENT_SERVER_ERROR); CHECK_INT(out.code, 503);
    free(c);
}
/* Found by tests/fuzz/fuzz_client.c (regress/client/idle-kept-alive-put): a
   request started after the client sat idle longer than the idle timeout (an
   idle engine asks for no tick) failed at its first tick with IDLE_TIMEOUT,
   nothing sent, its idle clock taken from the last tick before. The idle time
   now counts from the first tick after kinf_client_start, and still ends a
   request the server leaves unanswered. */
static void test_client_idle_start(void) {
    kinf_client_t* c;
    kinf_engine_t* e;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    size_t len = 0;
    static const char r200[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
    g_test = "client idle start";
    log_reset();
    c = cl_mk(300, 1024);
    CHECK(c != 0);
    if (!c) { return; }
    e = kinf_client_engine(c);
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_UPDATE; rq.resource = "configmaps"; rq.namespace_ = "a"; rq.name = "b"; rq.body = "{}";
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, r200, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(kinf_engine_deadline(e) == UINT64_MAX);              /* idle, the connection kept: nothing to do */
    t += 120000;                                               /* no tick for two minutes */
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_deadline(e) <= t);                       /* a tick is due at once */
    CHECK(cl_serve(c, &t, r200, 64, &out));
    CHECK_INT(out.result, KINF_CLIENT_OK);
    CHECK(!strncmp(g_cl_req, "PUT /prefix/api/v1/namespaces/a/configmaps/b HTTP/1.1\r\n", 55));
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 0);
    /* the idle timeout (90 s) from the first tick still ends a silent server's request */
    t += 120000;
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_tick(e, t) == KINF_ENG_SEND && kinf_engine_sendbuf(e, &len) && len > 0);
    kinf_engine_sent(e, len, t);
    CHECK(kinf_engine_tick(e, t + 89999) == KINF_ENG_RECV && kinf_client_busy(c));
    CHECK(kinf_engine_deadline(e) == t + 90000);
    kinf_engine_tick(e, t + 90000);
    CHECK(kinf_client_done(c, &out) && out.result == KINF_CLIENT_CONNECTION && out.item == KINF_LOGITEM_IDLE_TIMEOUT);
    free(c);
}
/* Found by tests/fuzz/fuzz_client.c (regress/client/status-message-nul): an
   escaped NUL (\u0000) in a Status's message or reason ended the text there,
   the rest unsanitised behind it. It reads as '?' like any control character,
   before and after a cut. */
static void test_client_status_nul(void) {
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    char body[1200], resp[1400], want[300];
    int n, i;
    g_test = "client status nul";
    log_reset();
    c = cl_mk(300, 2048);
    CHECK(c != 0);
    if (!c) { return; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b";
    n = snprintf(body, sizeof(body), "{\"kind\":\"Status\",\"reason\":\"Not\\u0000Found\",\"message\":\"a\\u0000b\\nc\"}");
    snprintf(resp, sizeof(resp), "HTTP/1.1 404 Not Found\r\nContent-Length: %d\r\n\r\n%s", n, body);
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_NOT_FOUND);
    CHECK_STR(out.reason, "Not?Found");
    CHECK_STR(out.message, "a?b?c");
    /* a NUL near the start of a message that is cut: the rest is kept, then "..." */
    n = snprintf(body, sizeof(body), "{\"message\":\"x\\u0000");
    for (i = 0; i < 300; i++) { body[n++] = 'y'; }
    n += snprintf(body + n, sizeof(body) - (size_t)n, "\"}");
    snprintf(resp, sizeof(resp), "HTTP/1.1 409 Conflict\r\nContent-Length: %d\r\n\r\n%s", n, body);
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_CONFLICT);
    memset(want, 'y', sizeof(want));
    want[0] = 'x'; want[1] = '?';
    memcpy(want + 252, "...", 4);
    CHECK_STR(out.message, want);
    free(c);
}
static void test_client(void) {
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    char resp[4096], big[600];
    g_test = "client";
    log_reset();
    c = cl_mk(300, 1024);
    CHECK(c != 0);
    if (!c) { return; }
    /* get: the path from the server prefix, resource, namespace and name */
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "ns-0"; rq.name = "p1";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_STATE);            /* one at a time */
    CHECK_INT(kinf_client_last_error(c), KINF_LOGITEM_CLIENT_BUSY);
    CHECK(cl_serve(c, &t, "HTTP/1.1 200 OK\r\nContent-Length: 26\r\n\r\n{\"metadata\":{\"name\":\"p1\"}}", 5, &out));
    CHECK(!strncmp(g_cl_req, "GET /prefix/api/v1/namespaces/ns-0/pods/p1 HTTP/1.1\r\n", 53));
    CHECK(strstr(g_cl_req, "Authorization: Bearer tok-1\r\n") != 0 && !strstr(g_cl_req, "Content-Length"));
    CHECK_INT(out.result, KINF_CLIENT_OK); CHECK_INT(out.code, 200); CHECK_INT(out.item, 0);
    CHECK(out.body_len == 26 && !strcmp(out.body, "{\"metadata\":{\"name\":\"p1\"}}"));
    /* each verb: its method, path and Content-Type; the body sent as given */
    {
        static const struct { int verb, status; const char* res; const char* ns; const char* name; const char* line; const char* ctype; } v[] = {
            { KINF_CLIENT_CREATE, 0, "/apis/coordination.k8s.io/v1/leases", "kube-node-lease", 0,
              "POST /prefix/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases HTTP/1.1\r\n", "application/json" },
            { KINF_CLIENT_UPDATE, 1, "pods", "ns-0", "p1", "PUT /prefix/api/v1/namespaces/ns-0/pods/p1/status HTTP/1.1\r\n", "application/json" },
            { KINF_CLIENT_PATCH_MERGE, 0, "nodes", "ignored", "n1", "PATCH /prefix/api/v1/nodes/n1 HTTP/1.1\r\n", "application/merge-patch+json" },
            { KINF_CLIENT_PATCH_JSON, 1, "/apis/apps/v1/deployments", "d", "x", "PATCH /prefix/apis/apps/v1/namespaces/d/deployments/x/status HTTP/1.1\r\n", "application/json-patch+json" },
        };
        int i, ok = 1;
        for (i = 0; i < 4; i++) {
            char want[128];
            memset(&rq, 0, sizeof(rq));
            rq.verb = v[i].verb; rq.status = v[i].status; rq.resource = v[i].res; rq.namespace_ = v[i].ns; rq.name = v[i].name;
            rq.body = "{\"a\":1}";
            ok &= kinf_client_start(c, &rq) == KINF_OK;
            ok &= cl_serve(c, &t, "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}", 64, &out) && out.result == KINF_CLIENT_OK;
            snprintf(want, sizeof(want), "Content-Type: %s\r\nContent-Length: 7\r\n\r\n{\"a\":1}", v[i].ctype);
            ok &= !strncmp(g_cl_req, v[i].line, strlen(v[i].line)) && strstr(g_cl_req, want) != 0;
            if (!ok) { note("verb %d: %s", i, g_cl_req); break; }
        }
        CHECK(ok);
    }
    /* delete: preconditions as DeleteOptions, strings escaped */
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_DELETE; rq.resource = "configmaps"; rq.namespace_ = "ns-1"; rq.name = "cm.x";
    rq.uid = "u\"1"; rq.resource_version = "42";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK(cl_serve(c, &t, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"k\r\n6\r\n\":\"v\"}\r\n0\r\n\r\n", 3, &out));
    CHECK(!strncmp(g_cl_req, "DELETE /prefix/api/v1/namespaces/ns-1/configmaps/cm.x HTTP/1.1\r\n", 60));
    CHECK(strstr(g_cl_req, "\r\n\r\n{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"u\\\"1\",\"resourceVersion\":\"42\"}}") != 0);
    CHECK(out.result == KINF_CLIENT_OK && !strcmp(out.body, "{\"k\":\"v\"}"));   /* chunked, reassembled */
    /* errors: the Status's code, reason and message; 409 apart */
    {
        static const struct { int code; const char* reason; int result; uint32_t item; } e[] = {
            { 409, "Conflict", KINF_CLIENT_CONFLICT, KINF_LOGITEM_CLIENT_CONFLICT },
            { 409, "AlreadyExists", KINF_CLIENT_ALREADY_EXISTS, KINF_LOGITEM_CLIENT_ALREADY_EXISTS },
            { 404, "NotFound", KINF_CLIENT_NOT_FOUND, KINF_LOGITEM_CLIENT_NOT_FOUND },
            { 422, "Invalid", KINF_CLIENT_INVALID, KINF_LOGITEM_CLIENT_INVALID },
            { 403, "Forbidden", KINF_CLIENT_FORBIDDEN, KINF_LOGITEM_CLIENT_FORBIDDEN },
            { 401, "Unauthorized", KINF_CLIENT_UNAUTHORIZED, KINF_LOGITEM_CLIENT_UNAUTHORIZED },
            { 500, "InternalError", KINF_CLIENT_SERVER_ERROR, KINF_LOGITEM_CLIENT_SERVER_ERROR },
            { 503, "ServiceUnavailable", KINF_CLIENT_SERVER_ERROR, KINF_LOGITEM_CLIENT_SERVER_ERROR },
            { 415, "UnsupportedMediaType", KINF_CLIENT_HTTP_ERROR, KINF_LOGITEM_CLIENT_HTTP_ERROR },
            { 400, "BadRequest", KINF_CLIENT_HTTP_ERROR, KINF_LOGITEM_CLIENT_HTTP_ERROR },
        };
        int i, ok = 1;
        for (i = 0; i < 10; i++) {
            char body[256];
            int n = snprintf(body, sizeof(body), "{\"kind\":\"Status\",\"status\":\"Failure\",\"message\":\"m%d\",\"reason\":\"%s\",\"details\":{\"causes\":[{\"a\":1}]},\"code\":%d}", i, e[i].reason, e[i].code);
            snprintf(resp, sizeof(resp), "HTTP/1.1 %d X\r\nContent-Length: %d\r\n\r\n%s", e[i].code, n, body);
            memset(&rq, 0, sizeof(rq));
            rq.verb = KINF_CLIENT_UPDATE; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b"; rq.body = "{}";
            kinf_client_clear_error(c);
            ok &= kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 7, &out);
            snprintf(body, sizeof(body), "m%d", i);
            ok &= out.result == e[i].result && out.code == e[i].code && out.item == e[i].item &&
                  !strcmp(out.reason, e[i].reason) && !strcmp(out.message, body) && kinf_client_last_error(c) == e[i].item;
            if (!ok) { note("case %d: result %d code %d item %u reason %s message %s", i, out.result, out.code, out.item, out.reason, out.message); break; }
        }
        CHECK(ok);
    }
    /* the message sanitised (escaped control characters) and cut at a UTF-8 boundary */
    {
        size_t o = 0;
        int i, n;
        char body[800];
        big[o++] = 'x';                                                      /* then the lead bytes sit at odd offsets */
        for (i = 0; i < 200; i++) { memcpy(big + o, "\xc3\xa9", 2); o += 2; } /* 200 x U+00E9: 400 bytes */
        big[o] = 0;
        n = snprintf(body, sizeof(body), "{\"reason\":\"Bad\\u0001\\n\",\"message\":\"%s\"}", big);
        snprintf(resp, sizeof(resp), "HTTP/1.1 400 X\r\nContent-Length: %d\r\n\r\n%s", n, body);
        memset(&rq, 0, sizeof(rq));
        rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b";
        CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 64, &out));
        CHECK(!strcmp(out.reason, "Bad??"));
        n = (int)strlen(out.message);
        CHECK(n < (int)sizeof(out.message) && n > 200 && !strcmp(out.message + n - 3, "...") && !memcmp(out.message, big, (size_t)n - 3) && (n - 3) % 2 == 1);
    }
    /* a response larger than response_bytes: TOO_LARGE, the status known, the connection dropped */
    {
        char body[1100];
        memset(body, 'x', 1030); body[1030] = 0;
        snprintf(resp, sizeof(resp), "HTTP/1.1 200 OK\r\nContent-Length: 1030\r\n\r\n%s", body);
        CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 100, &out));
        CHECK(out.result == KINF_CLIENT_TOO_LARGE && out.code == 200 && out.item == KINF_LOGITEM_CLIENT_RESPONSE_TOO_LARGE && out.body_len == 0);
        CHECK(kinf_engine_tick(kinf_client_engine(c), t) & KINF_ENG_CLOSE);
        /* exactly response_bytes (1024) fits; a byte more does not */
        memset(body, 'y', 1025); body[1024] = 0;
        snprintf(resp, sizeof(resp), "HTTP/1.1 200 OK\r\nContent-Length: 1024\r\n\r\n%s", body);
        CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 100, &out) && out.result == KINF_CLIENT_OK && out.body_len == 1024);
        body[1024] = 'y'; body[1025] = 0;
        snprintf(resp, sizeof(resp), "HTTP/1.1 200 OK\r\nContent-Length: 1025\r\n\r\n%s", body);
        CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 100, &out) && out.result == KINF_CLIENT_TOO_LARGE);
    }
    /* the transport fails: CONNECTION with the item the driver gave */
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, 0, 1, &out));
    CHECK(out.result == KINF_CLIENT_CONNECTION && out.code == 0 && out.item == KINF_LOGITEM_IO_ERROR);
    /* the built-in driver's connect refused: it logs CONNECT_FAILED and fails
       the engine with no item; the request ends with the item it logged */
    log_reset();
    CHECK(kinf_client_do(c, &rq, &out, 10000) == KINF_CLIENT_CONNECTION && out.item == KINF_LOGITEM_CONNECT_FAILED);
    CHECK(logged(KINF_LOGITEM_CONNECT_FAILED) == 1 && kinf_client_last_error(c) == KINF_LOGITEM_CONNECT_FAILED);
    /* a malformed response: CONNECTION, HTTP_MALFORMED */
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, "HTTP/9.9 bogus\r\n\r\n", 4, &out));
    CHECK(out.result == KINF_CLIENT_CONNECTION && out.item == KINF_LOGITEM_HTTP_MALFORMED);
    /* a kept-alive connection the server closed while idle: the request goes again on a new one */
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_tick(kinf_client_engine(c), t) == KINF_ENG_SEND);              /* reused: no connect */
    {
        size_t len;
        kinf_engine_sent(kinf_client_engine(c), (kinf_engine_sendbuf(kinf_client_engine(c), &len), len), t);
        kinf_engine_closed(kinf_client_engine(c), t);                                 /* no byte of an answer */
        CHECK(kinf_engine_tick(kinf_client_engine(c), t) & KINF_ENG_CONNECT);
        CHECK(cl_serve(c, &t, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", 64, &out) && out.result == KINF_CLIENT_OK);
        CHECK(!strncmp(g_cl_req, "GET /prefix/api/v1/namespaces/a/pods/b ", 39));
    }
    /* the server closes mid-response: CONNECTION_CLOSED */
    CHECK(kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{\"a\"", 64, &out));
    CHECK(out.result == KINF_CLIENT_CONNECTION && out.item == KINF_LOGITEM_CONNECTION_CLOSED);
    /* an idle timeout ends a silent server */
    CHECK(kinf_client_start(c, &rq) == KINF_OK);
    CHECK(kinf_engine_tick(kinf_client_engine(c), t) & KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_client_engine(c), t);
    CHECK(kinf_engine_deadline(kinf_client_engine(c)) == t + 90000u);
    kinf_engine_tick(kinf_client_engine(c), t + 90000u);
    CHECK(kinf_client_done(c, &out) && out.result == KINF_CLIENT_CONNECTION && out.item == KINF_LOGITEM_IDLE_TIMEOUT);
    /* bad requests: refused, nothing sent, the client ready for the next */
    {
        static const char* const names[] = { "a/b", "..", "", "a b", "x?y", 0 };
        int i, ok = 1;
        for (i = 0; i < 6; i++) {
            memset(&rq, 0, sizeof(rq));
            rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = names[i];
            ok &= kinf_client_start(c, &rq) == KINF_ERR_INVAL && kinf_client_last_error(c) == KINF_LOGITEM_BAD_ARGUMENT && !kinf_client_busy(c);
        }
        CHECK(ok);
        rq.name = "b"; rq.namespace_ = "a/b";
        CHECK(kinf_client_start(c, &rq) == KINF_ERR_INVAL && kinf_client_last_error(c) == KINF_LOGITEM_CONFIG_BAD_RESOURCE);
        memset(&rq, 0, sizeof(rq));
        rq.verb = KINF_CLIENT_CREATE; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "x"; rq.body = "{}";
        CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_INVAL);          /* create takes no name */
        rq.name = 0; rq.body = 0;
        CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_INVAL);          /* nor no body */
        memset(big, 'y', 301); big[301] = 0;
        rq.body = big;
        CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_NOMEM);          /* over request_bytes (300) */
        CHECK_INT(kinf_client_last_error(c), KINF_LOGITEM_CLIENT_BODY_TOO_LARGE);
        big[300] = 0;
        CHECK_INT(kinf_client_start(c, &rq), KINF_OK);                  /* exactly request_bytes fits */
        CHECK(cl_serve(c, &t, "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}", 64, &out) && out.result == KINF_CLIENT_OK);
        CHECK(strstr(g_cl_req, "Content-Length: 300\r\n\r\nyyyy") != 0 && strlen(strstr(g_cl_req, "\r\n\r\n")) == 304);
    }
    {
        kinf_client_stats_t s = kinf_client_stats(c);
        CHECK(s.requests >= 20 && s.conflicts == 1 && s.ok >= 8 && s.response_capacity == 1024 && s.request_capacity == 300);
    }
    free(c);
}
/* server-side apply: PATCH with application/apply-patch+yaml, fieldManager
   (percent-encoded) and force=true on the query, after a caller's own query;
   no field manager, or a bad one: refused, nothing sent; a 409 Conflict
   (fields another manager owns) is the caller's, never retried */
static void test_client_apply(void) {
    kinf_client_t* c;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    uint64_t t = 1000;
    static const char body[] = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm\"},\"data\":{\"k\":\"v\"}}";
    static const char conflict[] = "HTTP/1.1 409 Conflict\r\nContent-Length: 138\r\n\r\n"
        "{\"kind\":\"Status\",\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"b\\\": .data.k\",\"reason\":\"Conflict\",\"code\":409}";
    char want[256], resp[160];
    g_test = "client_apply";
    log_reset();
    c = cl_mk(300, 1024);
    CHECK(c != 0);
    if (!c) { return; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_APPLY; rq.resource = "configmaps"; rq.namespace_ = "ns-0"; rq.name = "cm";
    rq.body = body; rq.field_manager = "my ctl/1";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    snprintf(resp, sizeof(resp), "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}");
    CHECK(cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(!strncmp(g_cl_req, "PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm?fieldManager=my%20ctl%2F1 HTTP/1.1\r\n", strlen("PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm?fieldManager=my%20ctl%2F1 HTTP/1.1\r\n")));
    snprintf(want, sizeof(want), "Content-Type: application/apply-patch+yaml\r\nContent-Length: %u\r\n\r\n%s", (unsigned)strlen(body), body);
    CHECK(strstr(g_cl_req, want) != 0);
    /* force, on the status subresource */
    rq.force = 1; rq.status = 1; rq.field_manager = "b";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK(cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(!strncmp(g_cl_req, "PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm/status?fieldManager=b&force=true HTTP/1.1\r\n", strlen("PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm/status?fieldManager=b&force=true HTTP/1.1\r\n")));
    /* a path of the caller's own with a query: & then fieldManager; force 0: no force */
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_APPLY; rq.path = "/api/v1/nodes/n1?dryRun=All"; rq.body = body; rq.field_manager = "a";
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK(cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(!strncmp(g_cl_req, "PATCH /api/v1/nodes/n1?dryRun=All&fieldManager=a HTTP/1.1\r\n", strlen("PATCH /api/v1/nodes/n1?dryRun=All&fieldManager=a HTTP/1.1\r\n")));
    CHECK(strstr(g_cl_req, "force") == 0);
    /* the other verbs do not read field_manager */
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_PATCH_MERGE; rq.resource = "configmaps"; rq.namespace_ = "ns-0"; rq.name = "cm"; rq.body = "{}"; rq.field_manager = "x"; rq.force = 1;
    CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
    CHECK(cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_OK);
    CHECK(!strncmp(g_cl_req, "PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm HTTP/1.1\r\n", strlen("PATCH /prefix/api/v1/namespaces/ns-0/configmaps/cm HTTP/1.1\r\n")));
    /* refused: no field manager, an empty one, a control byte, over 128 bytes; nothing sent */
    {
        static char longfm[130];
        const char* bad[4];
        int i, ok = 1;
        memset(longfm, 'm', 129); longfm[129] = 0;
        bad[0] = 0; bad[1] = ""; bad[2] = "a\nb"; bad[3] = longfm;
        for (i = 0; i < 4; i++) {
            memset(&rq, 0, sizeof(rq));
            rq.verb = KINF_CLIENT_APPLY; rq.resource = "configmaps"; rq.namespace_ = "ns-0"; rq.name = "cm"; rq.body = body; rq.field_manager = bad[i];
            kinf_client_clear_error(c);
            ok &= kinf_client_start(c, &rq) == KINF_ERR_INVAL && kinf_client_last_error(c) == KINF_LOGITEM_CLIENT_NO_FIELD_MANAGER && !kinf_client_busy(c);
            rq.path = "/api/v1/nodes/n1"; rq.resource = 0;
            ok &= kinf_client_start(c, &rq) == KINF_ERR_INVAL && !kinf_client_busy(c);
            if (!ok) { note("bad field manager %d accepted", i); break; }
        }
        longfm[128] = 0; /* 128 bytes: the limit, taken */
        rq.path = 0; rq.resource = "configmaps"; rq.field_manager = longfm;
        ok &= kinf_client_start(c, &rq) == KINF_OK && cl_serve(c, &t, resp, 64, &out) && out.result == KINF_CLIENT_OK;
        CHECK(ok);
    }
    /* a name is required (apply is a PATCH of the object) */
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_APPLY; rq.resource = "configmaps"; rq.namespace_ = "ns-0"; rq.body = body; rq.field_manager = "a";
    CHECK_INT(kinf_client_start(c, &rq), KINF_ERR_INVAL);
    /* a conflict: KINF_CLIENT_CONFLICT with the server's message, not retried */
    {
        kinf_client_stats_t s0 = kinf_client_stats(c), s1;
        rq.name = "cm";
        CHECK_INT(kinf_client_start(c, &rq), KINF_OK);
        CHECK(cl_serve(c, &t, conflict, 16, &out));
        s1 = kinf_client_stats(c);
        CHECK_INT(out.result, KINF_CLIENT_CONFLICT); CHECK_INT(out.code, 409);
        CHECK(!strcmp(out.reason, "Conflict") && strstr(out.message, ".data.k") != 0);
        CHECK(s1.retries == s0.retries && s1.conflicts == s0.conflicts + 1 && s1.requests == s0.requests + 1);
    }
    free(c);
}
