#ifndef KINF_ENGINE_ONLY /* to the end of >>driver */
/* >>driver io  the transport: plain socket or TLS, non-blocking.
   send: >0 bytes taken, 0 would block, -2 error.
   recv: >0 bytes, 0 would block, -1 end of stream, -2 error. */
static long kinf__io_send(kinf_informer_t* inf, const void* buf, size_t len) {
#ifdef KINF_TLS_BEARSSL
    if (inf->tls) {
        kinf__tls* t = (kinf__tls*)inf->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (kinf__tls_pump(inf, 0) < 0) { return -2; }
        if (!(br_ssl_engine_current_state(e) & BR_SSL_SENDAPP)) { return 0; }
        a = br_ssl_engine_sendapp_buf(e, &alen);
        if (alen > len) { alen = len; }
        memcpy(a, buf, alen);
        br_ssl_engine_sendapp_ack(e, alen);
        br_ssl_engine_flush(e, 0);
        if (kinf__tls_pump(inf, 0) == -2) { return -2; }
        return (long)alen;
    }
#endif
    {
        ssize_t w = send(inf->sock.fd, buf, len, KINF__SEND_FLAGS);
        if (w >= 0) { inf->st.bytes_written += (uint64_t)w; return (long)w; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__ERR(inf, IO_ERROR, "send", 0);
        return -2;
    }
}
static long kinf__io_recv(kinf_informer_t* inf, void* buf, size_t cap) {
#ifdef KINF_TLS_BEARSSL
    if (inf->tls) {
        kinf__tls* t = (kinf__tls*)inf->tls;
        br_ssl_engine_context* e = &t->cc.eng;
        size_t alen;
        unsigned char* a;
        if (!(br_ssl_engine_current_state(e) & BR_SSL_RECVAPP)) {
            int r = kinf__tls_pump(inf, 1);
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
        ssize_t r = recv(inf->sock.fd, buf, cap, 0);
        if (r > 0) { inf->st.bytes_read += (uint64_t)r; return (long)r; }
        if (r == 0) { return -1; }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return 0; }
        KINF__ERR(inf, IO_ERROR, "recv", 0);
        return -2;
    }
}

/* >>driver  the built-in transport: a non-blocking socket (and BearSSL for
   https://), kinf_poll and kinf_run over the engine calls */
static uint64_t kinf__drv_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
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
        if (n == cap) { char c; r = read(fd, &c, 1); close(fd); return r > 0 ? -2 : (long)n; }
    }
    close(fd);
    return (long)n;
}
/* Reads the token file into the engine. The built-in drivers' read (the
   informer's, and the client's and discovery's on their connection): a
   failure is a warning (the last token is kept), not the sticky error.
   Every path goes through kinf__set_token, which ends the ask (token_due)
   and restarts the 60 s clock. KINF_OK, or the item with *rc the result. */
static uint32_t kinf__drv_token_file(kinf_informer_t* inf, uint64_t now_ms, int* rc) {
    char buf[KINF_MAX_TOKEN + 4]; /* room for a token of KINF_MAX_TOKEN - 1 bytes and a CRLF */
    long r;
    size_t n;
    uint32_t item;
    *rc = KINF_OK;
    r = kinf__drv_read_file(inf->token_file, buf, sizeof(buf));
    if (r == -2) { r = (long)sizeof(buf); } /* too long: refused below */
    if (r < 0) { KINF__WARN(inf, TOKEN_FILE_UNREADABLE, inf->token_file, 0); kinf__set_token(inf, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    n = (size_t)r;
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) { n--; }
    if (n >= KINF_MAX_TOKEN) { KINF__WARN(inf, TOKEN_TOO_LONG, inf->token_file, 0); kinf__set_token(inf, 0, now_ms); *rc = KINF_ERR_INVAL; return KINF_LOGITEM_TOKEN_TOO_LONG; }
    if (n == 0) { KINF__WARN(inf, TOKEN_FILE_UNREADABLE, inf->token_file, " (empty)"); kinf__set_token(inf, 0, now_ms); *rc = KINF_ERR_IO; return KINF_LOGITEM_TOKEN_FILE_UNREADABLE; }
    buf[n] = 0;
    item = kinf__set_token(inf, buf, now_ms);
    memset(buf, 0, sizeof(buf));
    if (item != KINF_LOGITEM_OK) { *rc = KINF_ERR_INVAL; }
    return item;
}
KINF_API int kinf_refresh_token_file(kinf_informer_t* inf, uint64_t now_ms) {
    int rc;
    uint32_t item;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!inf->token_file[0]) { KINF__ERR(inf, NO_TOKEN_FILE, 0, 0); return KINF_ERR_INVAL; }
    item = kinf__drv_token_file(inf, now_ms, &rc);
    return item == KINF_LOGITEM_OK ? KINF_OK : kinf__refused(inf, item, rc);
}
static void kinf__sock_close(kinf_informer_t* inf) {
    if (inf->sock.fd >= 0) { close(inf->sock.fd); }
    inf->sock.fd = -1;
    inf->sock.connecting = 0;
}
static int kinf__sock_resolve(kinf_informer_t* inf) {
    kinf__sock* k = &inf->sock;
    struct sockaddr_in* a4 = (struct sockaddr_in*)(void*)&k->addrs[0];
    struct sockaddr_in6* a6 = (struct sockaddr_in6*)(void*)&k->addrs[0];
    struct addrinfo hints, *res = 0, *ai;
    char port[21];
    k->naddr = 0; k->ai = 0;
    memset(&k->addrs[0], 0, sizeof(k->addrs[0]));
    /* numeric addresses need no resolver (and no allocation in libc) */
    if (inet_pton(AF_INET, inf->host, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET; a4->sin_port = htons(inf->port);
        k->alens[0] = sizeof(*a4); k->naddr = 1; return 1;
    }
    if (inet_pton(AF_INET6, inf->host, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6; a6->sin6_port = htons(inf->port);
        k->alens[0] = sizeof(*a6); k->naddr = 1; return 1;
    }
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(inf->host, kinf__utoa(port, inf->port), &hints, &res) != 0 || !res) { return 0; }
    for (ai = res; ai && k->naddr < 4; ai = ai->ai_next) {
        if (ai->ai_addrlen > sizeof(k->addrs[0])) { continue; }
        memcpy(&k->addrs[k->naddr], ai->ai_addr, ai->ai_addrlen);
        k->alens[k->naddr++] = (socklen_t)ai->ai_addrlen;
    }
    freeaddrinfo(res);
    return k->naddr > 0;
}
/* starts a non-blocking connect to the next address; 1 started, 0 none left */
static int kinf__sock_connect_next(kinf_informer_t* inf, uint64_t now) {
    kinf__sock* k = &inf->sock;
    kinf__sock_close(inf);
    while (k->ai < k->naddr) {
        int fd = socket(k->addrs[k->ai].ss_family, SOCK_STREAM, 0), one = 1, r;
        k->ai++;
        if (fd < 0) { continue; }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
        r = connect(fd, (struct sockaddr*)(void*)&k->addrs[k->ai - 1], k->alens[k->ai - 1]);
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
static const char* kinf__sock_where(const kinf_informer_t* inf, char* out) {
    char num[21];
    const char* ps = kinf__utoa(num, inf->port);
    size_t n = strlen(inf->host), o = 0, v6 = memchr(inf->host, ':', n) != 0;
    if (v6) { out[o++] = '['; }
    memcpy(out + o, inf->host, n); o += n;
    if (v6) { out[o++] = ']'; }
    out[o++] = ':';
    memcpy(out + o, ps, strlen(ps) + 1);
    return out;
}
/* The engine wants a connection: starts one, or sees whether the one under
   way is up. 1 when the engine was told something, 0 to wait. */
static int kinf__sock_connect(kinf_informer_t* inf, uint64_t now) {
    kinf__sock* k = &inf->sock;
    struct pollfd pf;
    char where[272];
    int err = 0;
    socklen_t el = sizeof(err);
    if (!k->connecting) {
        kinf__sock_close(inf);
        if (!kinf__sock_resolve(inf)) { KINF__ERR(inf, RESOLVE_FAILED, inf->host, 0); kinf_engine_failed(inf, 0, 0, now); return 1; }
        if (!kinf__sock_connect_next(inf, now)) { KINF__ERR(inf, CONNECT_FAILED, kinf__sock_where(inf, where), 0); kinf_engine_failed(inf, 0, 0, now); return 1; }
    }
    pf.fd = k->fd; pf.events = POLLOUT; pf.revents = 0;
    if (poll(&pf, 1, 0) <= 0) {
        if (now - k->t_connect < (uint64_t)inf->connect_ms) { return 0; }
        if (kinf__sock_connect_next(inf, now)) { return 1; }
        KINF__ERR(inf, CONNECT_TIMEOUT, kinf__sock_where(inf, where), 0);
        kinf_engine_failed(inf, 0, 0, now);
        return 1;
    }
    if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
        if (kinf__sock_connect_next(inf, now)) { return 1; }
        KINF__ERR(inf, CONNECT_FAILED, kinf__sock_where(inf, where), err == ECONNREFUSED ? " (refused)" : 0);
        kinf_engine_failed(inf, 0, 0, now);
        return 1;
    }
    k->connecting = 0;
#ifdef KINF_TLS_BEARSSL
    if (inf->tls && !kinf__tls_connect(inf)) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); return 1; }
#endif
    kinf_engine_connected(inf, now);
    return 1;
}
/* the bytes one step reads at most before it returns, so that handlers run
   (and the queue drains) at the same pace whatever the read buffer's size:
   a read asks no more than the step has left */
#ifndef KINF__STEP_BYTES /* tests lower it */
#define KINF__STEP_BYTES (1u << 20)
#endif
/* One step of the built-in driver: all the I/O the socket allows now, bounded. */
static void kinf__drv_step(kinf_informer_t* inf) {
    int rounds;
    size_t got = 0;
    inf->sock.counts_bytes = 1;
    for (rounds = 0; rounds < 64 && !inf->stop; rounds++) {
        uint64_t now = kinf__drv_now_ms();
        unsigned st;
        inf->now = now;
        kinf__rf_advance(inf);
        st = kinf__rf_state(inf);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(inf); kinf_engine_closed(inf, now); continue; }
        if (st & KINF_ENG_TOKEN) { int rc; kinf__drv_token_file(inf, now, &rc); continue; }
        if (st & KINF_ENG_CONNECT) {
            if (kinf__sock_connect(inf, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(inf, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(inf, b, len);
            if (w < 0) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); continue; }
            if (w == 0) { kinf__rf_idle_check(inf); return; }
            kinf_engine_sent(inf, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; } /* what was read is consumed; the rest waits for the next step */
            b = kinf_engine_recvbuf(inf, &cap);
            r = kinf__io_recv(inf, b, cap < KINF__STEP_BYTES - got ? cap : KINF__STEP_BYTES - got);
            if (r == -2) { kinf__sock_close(inf); kinf_engine_failed(inf, 0, 0, now); continue; }
            if (r == 0) { kinf__rf_idle_check(inf); return; }
            if (r == -1) { kinf__sock_close(inf); kinf_engine_closed(inf, now); continue; }
            got += (size_t)r;
            kinf_engine_recvd(inf, (size_t)r, now);
            continue;
        }
        return;
    }
}
#if !defined(KINF_NO_FACTORY) || !defined(KINF_NO_CLIENT)
/* >>driver side  the built-in driver of an engine that rides a connection
   informer (discovery, the write client): that informer's socket and TLS,
   driven for the other engine's requests. The engine's calls are direct
   calls to its public kinf_*_engine_* functions, picked by which engine the
   side holds. */
typedef struct kinf__side {
    kinf_discovery_t* dc;       /* the engine: discovery's, */
    kinf_client_t* cl;          /* or the write client's (the other is 0) */
    kinf_informer_t* conn;      /* the connection informer: settings, token, socket, TLS */
    const int* cstate;          /* the engine's connection state (kinf__conn_state) */
    const volatile int* stop;   /* the engine's stop flag; 0: it has none */
} kinf__side;
static unsigned kinf__side_tick(const kinf__side* s, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { return kinf_discovery_engine_tick(s->dc, now); }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { return kinf_client_engine_tick(s->cl, now); }
#endif
    return 0;
}
static uint64_t kinf__side_deadline(const kinf__side* s) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { return kinf_discovery_engine_deadline(s->dc); }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { return kinf_client_engine_deadline(s->cl); }
#endif
    return UINT64_MAX;
}
static const uint8_t* kinf__side_sendbuf(const kinf__side* s, size_t* len) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { return kinf_discovery_engine_sendbuf(s->dc, len); }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { return kinf_client_engine_sendbuf(s->cl, len); }
#endif
    return 0;
}
static void kinf__side_sent(const kinf__side* s, size_t n, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { kinf_discovery_engine_sent(s->dc, n, now); return; }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { kinf_client_engine_sent(s->cl, n, now); }
#endif
}
static uint8_t* kinf__side_recvbuf(const kinf__side* s, size_t* cap) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { return kinf_discovery_engine_recvbuf(s->dc, cap); }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { return kinf_client_engine_recvbuf(s->cl, cap); }
#endif
    return 0;
}
static void kinf__side_recvd(const kinf__side* s, size_t n, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { kinf_discovery_engine_recvd(s->dc, n, now); return; }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { kinf_client_engine_recvd(s->cl, n, now); }
#endif
}
static void kinf__side_connected(const kinf__side* s, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { kinf_discovery_engine_connected(s->dc, now); return; }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { kinf_client_engine_connected(s->cl, now); }
#endif
}
static void kinf__side_closed(const kinf__side* s, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { kinf_discovery_engine_closed(s->dc, now); return; }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { kinf_client_engine_closed(s->cl, now); }
#endif
}
static void kinf__side_failed(const kinf__side* s, uint64_t now) {
#ifndef KINF_NO_FACTORY
    if (s->dc) { kinf_discovery_engine_failed(s->dc, 0, 0, now); return; }
#endif
#ifndef KINF_NO_CLIENT
    if (s->cl) { kinf_client_engine_failed(s->cl, 0, 0, now); }
#endif
}
static int kinf__side_stopped(const kinf__side* s) { return s->stop && *s->stop; }
/* 1: the connect ended (connected or failed), 0: the socket waits */
static int kinf__side_connect(const kinf__side* s, uint64_t now) {
    kinf_informer_t* c = s->conn;
    /* the socket layer reports to its informer's engine: ready for it */
    c->cstate = KINF__C_WANTED; c->conn_open = 0; c->close_wanted = 0;
    if (s->cl) { c->last_error = 0; } /* the client's failure reports it */
    if (!kinf__sock_connect(c, now)) { return 0; }
    if (c->conn_open) { kinf__side_connected(s, now); }
    else { kinf__side_failed(s, now); }
    c->cstate = KINF__C_NONE; c->conn_open = 0; c->close_wanted = 0; c->phase = KINF__PH_IDLE;
    return 1;
}
/* One step: all the I/O the socket allows now, bounded: 64 rounds, and no
   read once KINF__STEP_BYTES came in. */
static void kinf__side_step(const kinf__side* s) {
    kinf_informer_t* c = s->conn;
    int rounds;
    size_t got = 0;
    c->sock.counts_bytes = 1;
    for (rounds = 0; rounds < 64 && !kinf__side_stopped(s); rounds++) {
        uint64_t now = kinf__drv_now_ms();
        unsigned st = kinf__side_tick(s, now);
        if (st & KINF_ENG_CLOSE) { kinf__sock_close(c); kinf__side_closed(s, now); continue; }
        if (st & KINF_ENG_TOKEN) { int rc; kinf__drv_token_file(c, now, &rc); continue; } /* as kinf_poll's: a failure is a warning, no last error */
        if (st & KINF_ENG_CONNECT) {
            if (kinf__side_connect(s, now)) { continue; }
            return;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf__side_sendbuf(s, &len);
            long w;
            if (!b) { continue; }
            w = kinf__io_send(c, b, len);
            if (w < 0) { kinf__sock_close(c); kinf__side_failed(s, now); continue; }
            if (w == 0) { return; }
            kinf__side_sent(s, (size_t)w, now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b;
            long r;
            if (got >= KINF__STEP_BYTES) { return; }
            b = kinf__side_recvbuf(s, &cap);
            r = kinf__io_recv(c, b, cap);
            if (r == -2) { kinf__sock_close(c); kinf__side_failed(s, now); continue; }
            if (r == 0) { return; }
            if (r == -1) { kinf__sock_close(c); kinf__side_closed(s, now); continue; }
            got += (size_t)r;
            kinf__side_recvd(s, (size_t)r, now);
            continue;
        }
        return;
    }
}
static unsigned kinf__side_wants(const kinf__side* s) {
    kinf_informer_t* c = s->conn;
    int cs = *s->cstate;
    if (c->sock.fd < 0) { return 0; }
    if (c->sock.connecting) { return KINF_WANT_WRITE; }
#ifdef KINF_TLS_BEARSSL
    if (c->tls && (cs == KINF__C_SEND || cs == KINF__C_RECV)) { return kinf__tls_wants(c, cs == KINF__C_RECV); }
#endif
    if (cs == KINF__C_SEND) { return KINF_WANT_WRITE; }
    return cs == KINF__C_RECV ? (unsigned)KINF_WANT_READ : 0u;
}
static int kinf__side_timeout_ms(const kinf__side* s) {
    kinf_informer_t* c = s->conn;
    uint64_t now, dl;
    if (kinf__side_stopped(s)) { return 0; }
    if (*s->cstate == KINF__C_WANTED && !c->sock.connecting) { return 0; }
#ifdef KINF_TLS_BEARSSL
    if (c->tls && c->sock.fd >= 0 && *s->cstate == KINF__C_RECV && kinf__tls_app_pending(c)) { return 0; }
#endif
    now = kinf__drv_now_ms();
    dl = kinf__side_deadline(s);
    if (c->sock.connecting && c->sock.t_connect + (uint64_t)c->connect_ms < dl) { dl = c->sock.t_connect + (uint64_t)c->connect_ms; }
    if (dl == UINT64_MAX) { return -1; }
    if (dl <= now) { return 0; }
    return (dl - now > 0x7fffffffu) ? 0x7fffffff : (int)(dl - now);
}
/* waits for the socket or the engine's deadline, at most timeout_ms (< 0: no
   limit), then steps unless stopped */
static void kinf__side_poll(const kinf__side* s, int timeout_ms) {
    int t = kinf__side_timeout_ms(s), wait;
    unsigned w = kinf__side_wants(s);
    wait = timeout_ms < 0 ? t : (t < 0 || t > timeout_ms ? timeout_ms : t);
    if (wait != 0) {
        struct pollfd pf;
        pf.fd = s->conn->sock.fd;
        pf.events = (short)(((w & KINF_WANT_READ) ? POLLIN : 0) | ((w & KINF_WANT_WRITE) ? POLLOUT : 0));
        pf.revents = 0;
        if (pf.fd >= 0 && w) { poll(&pf, 1, wait); }
        else if (wait > 0) { poll(0, 0, wait); }
    }
    if (!kinf__side_stopped(s)) { kinf__side_step(s); }
}
#endif /* !KINF_NO_FACTORY || !KINF_NO_CLIENT */
#endif /* KINF_ENGINE_ONLY */

