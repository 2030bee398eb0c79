#ifndef KINF_ENGINE_ONLY /* to the end of >>driver */
/* >>driver  the built-in transport: a non-blocking socket (and BearSSL for
   https://), the clock and files, driving any connection through the
   public engine calls only. kinf_poll, kinf_discovery_poll and
   kinf_client_poll are this one driver over their owner's connection. */
static uint64_t kinf__drv_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
/* A random seed: the one given, else from the clock and the process id */
static uint32_t kinf__drv_seed(uint32_t seed) { return seed ? seed : (uint32_t)(kinf__drv_now_ms() * 2654435761u) ^ (uint32_t)getpid(); }
KINF_API const char* kinf_system_ca_file(void) {
    static const char* const paths[] = {
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem"
    };
    const char* env = getenv("SSL_CERT_FILE");
    size_t i;
    if (env && env[0]) { return access(env, R_OK) == 0 ? env : 0; }
    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) { if (access(paths[i], R_OK) == 0) { return paths[i]; } }
    return 0;
}
/* Reads a small file whole into buf: its length, -1 if it cannot be read,
   -2 if it holds more than cap bytes. The one file reader of the library
   (the token file, kubeconfig, the service account's namespace). */
static long kinf__drv_read_file(const char* path, void* buf, size_t cap) {
    unsigned char* b = (unsigned char*)buf;
    size_t n = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) { return -1; }
    for (;;) {
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR) { continue; }
        if (r < 0) { close(fd); return -1; }
        if (r == 0) { break; }
        n += (size_t)r;
        if (n == cap) { char ch; r = read(fd, &ch, 1); close(fd); return r > 0 ? -2 : (long)n; }
    }
    close(fd);
    return (long)n;
}
/* Reads the token file into the connection: a failure is a warning (the
   last token is kept), not the sticky error. Every path goes through
   kinf__conn_set_token, which ends the ask (token_due) and restarts the
   60 s clock. KINF_OK, or the item with *rc the result. */
static uint32_t kinf__drv_token_file(kinf_engine_t* c, uint64_t now_ms, int* rc) {
    char buf[KINF_MAX_TOKEN + 4]; /* room for a token of KINF_MAX_TOKEN - 1 bytes and a CRLF */
    long r;
    size_t n;
    uint32_t item;
    *rc = KINF_OK;
    r = kinf__drv_read_file(c->token_file, buf, sizeof(buf));
    if (r == -2) { r = (long)sizeof(buf); } /* too long: refused below */
    if (r < 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    n = (size_t)r;
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) { n--; }
    if (n >= KINF_MAX_TOKEN) { KINF__CWARN(c, TOKEN_TOO_LONG, c->token_file, 0); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_INVAL; return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (n == 0) { KINF__CWARN(c, TOKEN_FILE_UNREADABLE, c->token_file, " (empty)"); kinf__conn_set_token(c, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    buf[n] = 0;
    item = kinf__conn_set_token(c, buf, now_ms);
    memset(buf, 0, sizeof(buf));
    if (item != KINF_LOGITEM_OK) { *rc = KINF_ERR_INVAL; }
    return item;
}
KINF_API int kinf_engine_refresh_token_file(kinf_engine_t* e, uint64_t now_ms) {
    int rc;
    uint32_t item;
    if (!kinf__conn_ok(e)) { return KINF_ERR_INVAL; }
    if (!e->token_file[0]) { KINF__CERR(e, NO_TOKEN_FILE, 0, 0); return KINF_ERR_INVAL; }
    item = kinf__drv_token_file(e, now_ms, &rc);
    if (item == KINF_LOGITEM_OK) { return KINF_OK; }
    if (e->last_error) { *e->last_error = item; } /* the refusal is the owner's sticky error */
    return rc;
}

/* >>driver io  plain socket or TLS, non-blocking.
   send: >0 bytes taken, 0 would block, -2 error.
   recv: >0 bytes, 0 would block, -1 end of stream, -2 error. */
static long kinf__io_send(kinf_engine_t* c, const void* buf, size_t len) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (kinf__tls_pump(c, 0) < 0) { return -2; }
        if (!(br_ssl_engine_current_state(e) & BR_SSL_SENDAPP)) { return 0; }
        a = br_ssl_engine_sendapp_buf(e, &alen);
        if (alen > len) { alen = len; }
        memcpy(a, buf, alen);
        br_ssl_engine_sendapp_ack(e, alen);
        br_ssl_engine_flush(e, 0);
        if (kinf__tls_pump(c, 0) == -2) { return -2; }
        return (long)alen;
    }
#endif
    {
        ssize_t w = send(c->sock.fd, buf, len, KINF__SEND_FLAGS);
        if (w >= 0) { c->bytes_written += (uint64_t)w; return (long)w; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "send", 0);
        return -2;
    }
}
static long kinf__io_recv(kinf_engine_t* c, void* buf, size_t cap) {
#ifdef KINF_TLS_BEARSSL
    if (c->tls) {
        kinf__tls* t = (kinf__tls*)c->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) {
            int r = kinf__tls_pump(c, 1);
            if (r < 0) { return r; }
            if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) { return 0; }
        }
        a = br_ssl_engine_recvapp_buf(e, &alen);
        if (alen > cap) { alen = cap; }
        memcpy(buf, a, alen);
        br_ssl_engine_recvapp_ack(e, alen);
        return (long)alen;
    }
#endif
    {
        ssize_t r = recv(c->sock.fd, buf, cap, 0);
        if (r > 0) { c->bytes_read += (uint64_t)r; return (long)r; }
        if (r == 0) { return -1; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__CERR(c, IO_ERROR, "recv", 0);
        return -2;
    }
}

/* >>driver socket */
static void kinf__sock_close(kinf_engine_t* c) {
    if (c->sock.fd >= 0) { close(c->sock.fd); }
    c->sock.fd = -1;
    c->sock.connecting = 0;
}
static int kinf__sock_resolve(kinf_engine_t* c) {
    kinf__sock* k = &c->sock;
    struct addrinfo hints, *res = 0, *ai;
    char port[21];
    k->naddr = 0; k->ai = 0;
    memset(&k->addrs[0], 0, sizeof(k->addrs[0]));
    /* numeric addresses need no resolver (and no allocation in libc) */
    if (inet_pton(AF_INET, c->host, &k->addrs[0].in4.sin_addr) == 1) {
        k->addrs[0].in4.sin_family = AF_INET; k->addrs[0].in4.sin_port = htons(c->port);
        k->alens[0] = sizeof(k->addrs[0].in4); k->naddr = 1; return 1;
    }
    if (inet_pton(AF_INET6, c->host, &k->addrs[0].in6.sin6_addr) == 1) {
        k->addrs[0].in6.sin6_family = AF_INET6; k->addrs[0].in6.sin6_port = htons(c->port);
        k->alens[0] = sizeof(k->addrs[0].in6); k->naddr = 1; return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(c->host, kinf__utoa(port, c->port), &hints, &res) != 0 || !res) { return 0; }
    for (ai = res; ai && k->naddr < 4; ai = ai->ai_next) {
        if (ai->ai_addrlen > sizeof(k->addrs[0])) { continue; } /* IPv4 and IPv6 only */
        memcpy(&k->addrs[k->naddr], ai->ai_addr, ai->ai_addrlen);
        k->alens[k->naddr++] = (socklen_t)ai->ai_addrlen;
    }
    freeaddrinfo(res);
    return k->naddr > 0;
}
/* starts a non-blocking connect to the next address; 1 started, 0 none left */
static int kinf__sock_connect_next(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    kinf__sock_close(c);
    while (k->ai < k->naddr) {
        int fd = socket(k->addrs[k->ai].sa.sa_family, SOCK_STREAM, 0), one = 1, r;
        k->ai++;
        if (fd < 0) { continue; }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
        r = connect(fd, &k->addrs[k->ai - 1].sa, k->alens[k->ai - 1]);
        if (r == 0 || errno == EINPROGRESS) {
            k->fd = fd;
            k->connecting = 1;
            k->t_connect = now;
            return 1;
        }
        close(fd);
    }
    return 0;
}
/* "host:port" ("[v6]:port") for the connection's log lines; out has 272 bytes */
static const char* kinf__sock_where(const kinf_engine_t* c, char* out) {
    char num[21];
    const char* ps = kinf__utoa(num, c->port);
    size_t n = strlen(c->host), o = 0, v6 = memchr(c->host, ':', n) != 0;
    if (v6) { out[o++] = '['; }
    memcpy(out + o, c->host, n); o += n;
    if (v6) { out[o++] = ']'; }
    out[o++] = ':';
    memcpy(out + o, ps, strlen(ps) + 1);
    return out;
}
/* The engine wants a connection: starts one, or sees whether the one under
   way is up, and tells the engine. 1 when it was told, 0 to wait. */
static int kinf__sock_connect(kinf_engine_t* c, uint64_t now) {
    kinf__sock* k = &c->sock;
    struct pollfd pf;
    char where[272];
    int err = 0;
    socklen_t el = sizeof(err);
    if (!k->connecting) {
        kinf__sock_close(c);
        c->err_item = 0;
        if (!kinf__sock_resolve(c)) { kinf_engine_failed(c, KINF_LOGITEM_RESOLVE_FAILED, c->host, now); return 1; }
        if (!kinf__sock_connect_next(c, now)) { kinf_engine_failed(c, KINF_LOGITEM_CONNECT_FAILED, kinf__sock_where(c, where), now); return 1; }
    }
    pf.fd = k->fd; pf.events = POLLOUT; pf.revents = 0;
    if (poll(&pf, 1, 0) <= 0) {
        if (now - k->t_connect < (uint64_t)c->connect_ms) { return 0; }
        if (kinf__sock_connect_next(c, now)) { return 1; }
        kinf_engine_failed(c, KINF_LOGITEM_CONNECT_TIMEOUT, kinf__sock_where(c, where), now);
        return 1;
    }
    if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
        if (kinf__sock_connect_next(c, now)) { return 1; }
        KINF__CERR(c, CONNECT_FAILED, kinf__sock_where(c, where), err == ECONNREFUSED ? " (refused)" : 0);
        kinf_engine_failed(c, 0, 0, now);
        return 1;
    }
    k->connecting = 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && !kinf__tls_connect(c)) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); return 1; }
#endif
    kinf_engine_connected(c, now);
    return 1;
}

/* >>driver step */
/* the bytes one step reads at most before it returns, so that handlers run
   (and the queue drains) at the same pace whatever the read buffer's size:
   a read asks no more than the step has left */
#ifndef KINF__STEP_BYTES /* tests lower it */
#define KINF__STEP_BYTES (1u << 20)
#endif
/* One step: all the I/O the socket allows now, bounded: 64 rounds, and no
   read once KINF__STEP_BYTES came in. Only the public engine calls. */
static void kinf__drv_step(kinf_engine_t* c) {
    int rounds;
    size_t got = 0;
    c->counts_bytes = 1;
    for (rounds = 0; rounds < 64; rounds++) {
        uint64_t now = kinf__drv_now_ms();
        unsigned st = kinf_engine_tick(c, now);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
        if (st & KINF_ENG_TOKEN) { int rc; kinf__drv_token_file(c, now, &rc); continue; } /* a failure is a warning, no last error */
        if (st & KINF_ENG_CONNECT) {
            if (kinf__sock_connect(c, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(c, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(c, b, len);
            if (w < 0) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (w == 0) { return; }
            kinf_engine_sent(c, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; } /* what was read is taken; the rest waits for the next step */
            b = kinf_engine_recvbuf(c, &cap);
            r = kinf__io_recv(c, b, cap < KINF__STEP_BYTES - got ? cap : KINF__STEP_BYTES - got);
            if (r == -2) { kinf__sock_close(c); kinf_engine_failed(c, 0, 0, now); continue; }
            if (r == 0) { return; }
            if (r == -1) { kinf__sock_close(c); kinf_engine_closed(c, now); continue; }
            got += (size_t)r;
            kinf_engine_recvd(c, (size_t)r, now);
            continue;
        }
        return;
    }
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
static int kinf__drv_fd(const kinf_engine_t* c) { return c->own_transport ? -1 : c->sock.fd; }
#endif
/* what the socket is waited for (KINF_WANT_*) */
static unsigned kinf__drv_wants(kinf_engine_t* c) {
    int rd; /* the response wants more bytes: nothing left to take, and room in the owner */
    if (c->own_transport || c->sock.fd < 0) { return 0; }
    if (c->sock.connecting) { return KINF_WANT_WRITE; }
    rd = (kinf_engine_state(c) & KINF_ENG_RECV) != 0;
#ifdef KINF_TLS_BEARSSL
    if (c->tls && (c->cstate == KINF__C_SEND || c->cstate == KINF__C_RECV)) { return kinf__tls_wants(c, rd); }
#endif
    if (c->cstate == KINF__C_SEND) { return KINF_WANT_WRITE; }
    return rd ? KINF_WANT_READ : 0;
}
/* ms until the next step is due: 0 now, -1 none */
static int kinf__drv_timeout(kinf_engine_t* c) {
    uint64_t now, dl;
    if (c->own_transport) { return -1; }
    if (c->cstate == KINF__C_WANTED && !c->sock.connecting) { return 0; }
#ifdef KINF_TLS_BEARSSL
    if (c->tls && c->sock.fd >= 0 && (kinf_engine_state(c) & KINF_ENG_RECV) && kinf__tls_app_pending(c)) { return 0; }
#endif
    now = kinf__drv_now_ms();
    dl = kinf_engine_deadline(c);
    if (c->sock.connecting && c->sock.t_connect + (uint64_t)c->connect_ms < dl) { dl = c->sock.t_connect + (uint64_t)c->connect_ms; }
    if (dl == UINT64_MAX) { return -1; }
    if (dl <= now) { return 0; }
    return (dl - now > 0x7fffffffu) ? 0x7fffffff : (int)(dl - now);
}
/* Waits for the socket or the deadline, at most timeout_ms (< 0: no limit),
   then steps. */
static void kinf__drv_poll(kinf_engine_t* c, int timeout_ms) {
    int t = kinf__drv_timeout(c), wait;
    unsigned w = kinf__drv_wants(c);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    if (wait != 0) {
        struct pollfd pf;
        pf.fd = c->sock.fd;
        pf.events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
        pf.revents = 0;
        if (pf.fd >= 0 && w) { poll(&pf, 1, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    kinf__drv_step(c); /* a stopped owner asks for nothing, or for a close */
}
#endif /* KINF_ENGINE_ONLY */
