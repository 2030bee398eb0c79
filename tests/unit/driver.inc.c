/* driver.inc.c - included by main.c: the built-in driver's sockets as an
   event loop sees them (>>driver socket): the generation number and the
   socket callback (desc.on_socket), and the library's clock. Uses
   client.inc.c's loopback server (cl_srv). */

/* what desc.on_socket was told, in order */
typedef struct { int event, fd; unsigned wants; uint32_t gen; int open; } sk_ev; /* open: fd was a descriptor still */
static sk_ev g_sk[64];
static int g_nsk;
static int g_sk_poll_rc;          /* kinf_poll from inside the callback */
static kinf_informer_t* g_sk_inf; /* the informer whose callback tries it */
static void sk_cb(kinf_engine_t* e, int fd, int event, unsigned wants, void* user) {
    (void)user;
    if (g_nsk < (int)(sizeof(g_sk) / sizeof(g_sk[0]))) {
        sk_ev* v = &g_sk[g_nsk++];
        v->event = event; v->fd = fd; v->wants = wants; v->gen = kinf_engine_generation(e);
        v->open = fcntl(fd, F_GETFD) != -1;
    }
    if (g_sk_inf && g_nsk == 1) { g_sk_poll_rc = kinf_poll(g_sk_inf, 0); } /* a driver call from the callback: refused */
}
/* the ADDED and REMOVED events as a string ("A R A"), and whether each
   REMOVED and CHANGED names the fd of the ADDED before it (the socket open
   when the record began, -2, is learnt from its first event) */
static int sk_pattern(char* out, size_t cap) {
    int i, paired = 1, open_fd = -2;
    size_t o = 0;
    out[0] = 0;
    for (i = 0; i < g_nsk && o + 3 < cap; i++) {
        if (open_fd == -2 && g_sk[i].event != KINF_SOCKET_ADDED) { open_fd = g_sk[i].fd; }
        paired &= g_sk[i].open; /* REMOVED comes before the close */
        if (g_sk[i].event == KINF_SOCKET_CHANGED) { paired &= g_sk[i].fd == open_fd; continue; }
        if (o) { out[o++] = ' '; }
        out[o++] = g_sk[i].event == KINF_SOCKET_ADDED ? 'A' : g_sk[i].event == KINF_SOCKET_REMOVED ? 'R' : '?';
        out[o] = 0;
        if (g_sk[i].event == KINF_SOCKET_ADDED) { paired &= open_fd == -1 || open_fd == -2; open_fd = g_sk[i].fd; }
        else { paired &= g_sk[i].fd == open_fd; open_fd = -1; }
    }
    return paired;
}
/* The told state is the driver's: after a driver call the socket is open
   exactly when the generation is odd (each open and each close is one),
   and the last thing told of it is its fd and what kinf_wants says. */
static int sk_agrees_fd(int fd, unsigned wants, uint32_t g) {
    const sk_ev* last = g_nsk ? &g_sk[g_nsk - 1] : 0;
    if ((fd >= 0) != ((g & 1u) != 0)) { return 0; }
    if (fd < 0) { return !last || last->event == KINF_SOCKET_REMOVED; }
    return last && last->event != KINF_SOCKET_REMOVED && last->fd == fd && last->wants == wants;
}
static int sk_agrees(kinf_informer_t* inf) {
    return kinf_fd_generation(inf) == kinf_engine_generation(kinf_informer_engine(inf)) &&
           sk_agrees_fd(kinf_fd(inf), kinf_wants(inf), kinf_fd_generation(inf));
}
/* An informer over a loopback server: a list answered with Connection:
   close (the watch needs a new connection: the old socket closed and a new
   one opened in one step, often with the same number), then a watch cut by
   the server after an event (resumed at once on a new socket), then a watch
   that stays. Each close and open is a new generation, and the callback is
   told REMOVED before ADDED each time. */
static void test_socket_generation(void) {
    static const char list[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 112\r\n\r\n"
        "{\"metadata\":{\"resourceVersion\":\"10\"},\"items\":[{\"metadata\":{\"name\":\"a\",\"namespace\":\"n\",\"resourceVersion\":\"10\"}}]}";
    static char watch[512];
    char server[64], pat[64];
    kinf_desc_t d;
    kinf_informer_t* inf;
    cl_srv v;
    int port, i, agree = 1, reused = 0;
    g_test = "socket generation and callback";
    log_reset();
    g_nsk = 0; g_sk_inf = 0; g_sk_poll_rc = 0;
    port = cl_srv_open(&v);
    if (!CHECK(port > 0)) { return; }
    CHECK_INT((int)strlen(list) - (int)(strstr(list, "\r\n\r\n") + 4 - list), 112);
    snprintf(server, sizeof(server), "http://127.0.0.1:%d", port);
    desc_base(&d);
    d.server = server;
    d.on_socket.func = sk_cb;
    d.fifo_capacity = 1; /* an event fills the queue: the socket is not read until it is delivered */
    inf = mk(&d);
    if (!CHECK(inf != 0)) { close(v.lfd); return; }
    g_sk_inf = inf;
    CHECK_INT(kinf_fd_generation(inf), 0);
    kinf_add_handler(inf, &g_handler);
    evlog_reset();
    for (i = 0; i < 2000 && !(v.answered == 3 && kinf_count(inf) == 3); i++) {
        int k = v.answered;
        kinf_poll(inf, 5);
        agree &= sk_agrees(inf);
        /* the k-th request's answer: the list, a watch cut after its event, a watch that stays */
        snprintf(watch, sizeof(watch), "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n"
                 "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%c\",\"namespace\":\"n\",\"resourceVersion\":\"1%d\"}}}\r\n",
                 90, k == 1 ? 'b' : 'c', k);
        v.cut = k == 1;
        cl_srv_step(&v, k == 0 ? list : watch);
    }
    CHECK_INT(v.answered, 3);
    CHECK_INT(kinf_count(inf), 3);
    CHECK_INT(logged(KINF_LOGITEM_CONNECTION_CLOSED), 1);
    CHECK(agree);
    CHECK(sk_pattern(pat, sizeof(pat)));
    CHECK_STR(pat, "A R A R A");
    CHECK_INT(kinf_fd_generation(inf), 5);
    inf->fifo_cap = 0;                                   /* no room: the socket is not read (told by kinf_poll) */
    kinf_poll(inf, 0);
    CHECK(kinf_wants(inf) == 0 && sk_agrees(inf));
    inf->fifo_cap = 1;                                   /* room again: kinf_flush tells it */
    kinf_flush(inf);
    CHECK(kinf_wants(inf) == KINF_WANT_READ && sk_agrees(inf));
    CHECK(kinf_stats(inf).connections == 3 && kinf_stats(inf).reconnects == 2); /* the first connection is no reconnect */
    CHECK(g_nsk > 0 && g_sk[0].event == KINF_SOCKET_ADDED && g_sk[0].wants == KINF_WANT_WRITE && g_sk[0].gen == 1);
    CHECK(g_sk_poll_rc == KINF_ERR_STATE && logged(KINF_LOGITEM_IN_CALLBACK) == 1); /* refused inside the callback */
    for (i = 1; i < g_nsk; i++) { reused |= g_sk[i].event == KINF_SOCKET_ADDED && g_sk[i - 1].event == KINF_SOCKET_REMOVED && g_sk[i].fd == g_sk[i - 1].fd; }
    note("a new socket took the closed one's number: %s", reused ? "yes" : "no");
    kinf_shutdown(inf);
    CHECK(g_nsk > 0 && g_sk[g_nsk - 1].event == KINF_SOCKET_REMOVED && kinf_fd_generation(inf) == 6 && kinf_fd(inf) < 0);
    g_sk_inf = 0;
    free(inf);
    if (v.fd >= 0) { close(v.fd); }
    close(v.lfd);
}
/* The write client: a response with Connection: close makes the next
   request open another socket (REMOVED, ADDED); a kept-alive connection
   that a new request writes on is told CHANGED by kinf_client_start
   itself, before any poll. */
static void test_socket_client(void) {
    static kinf_desc_t conn;
    static const char keep[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
    static const char bye[] = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}";
    kinf_client_desc_t cd;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    kinf_client_t* c = 0;
    void* mem = 0;
    char server[64], pat[64];
    cl_srv v;
    int port, agree = 1;
    g_test = "socket callback, client";
    g_nsk = 0; g_sk_inf = 0;
    port = cl_srv_open(&v);
    if (!CHECK(port > 0)) { return; }
    snprintf(server, sizeof(server), "http://127.0.0.1:%d", port);
    desc_base(&conn);
    conn.server = server; conn.on_socket.func = sk_cb;
    memset(&cd, 0, sizeof(cd));
    cd.conn = &conn; cd.request_bytes = 300; cd.response_bytes = 1024;
    mem = malloc(kinf_client_size(&cd));
    if (mem) { c = kinf_client_init(mem, kinf_client_size(&cd), &cd); }
    if (CHECK(c != 0)) {
        memset(&rq, 0, sizeof(rq));
        rq.verb = KINF_CLIENT_GET; rq.resource = "pods"; rq.namespace_ = "a"; rq.name = "b";
        CHECK(cl_srv_do(c, &v, &rq, keep, &out) && out.result == KINF_CLIENT_OK);
        CHECK_INT(kinf_client_fd_generation(c), 1);
        g_nsk = 0;
        CHECK_INT(kinf_client_start(c, &rq), KINF_OK);  /* on the kept-alive socket: told at once */
        CHECK(g_nsk == 1 && g_sk[0].event == KINF_SOCKET_CHANGED && g_sk[0].wants == KINF_WANT_WRITE && g_sk[0].fd == kinf_client_fd(c));
        CHECK_INT(kinf_client_wants(c), KINF_WANT_WRITE);
        while (!kinf_client_done(c, &out) && g_nsk < 60) {
            kinf_client_poll(c, 5);
            agree &= sk_agrees_fd(kinf_client_fd(c), kinf_client_wants(c), kinf_client_fd_generation(c));
            cl_srv_step(&v, bye);
        }
        CHECK(agree);
        CHECK(out.result == KINF_CLIENT_OK);
        CHECK(cl_srv_do(c, &v, &rq, keep, &out) && out.result == KINF_CLIENT_OK);
        CHECK(sk_pattern(pat, sizeof(pat)));
        CHECK_STR(pat, "R A");
        CHECK_INT(kinf_client_fd_generation(c), 3);
        CHECK_INT(kinf_client_fd_generation(c), kinf_engine_generation(kinf_client_engine(c)));
        CHECK_INT(v.accepts, 2);
        kinf_client_shutdown(c);
        CHECK_INT(kinf_client_fd_generation(c), 4);
    }
    CHECK_INT(kinf_client_fd_generation(0), 0);
    CHECK_INT(kinf_engine_generation(0), 0);
    if (v.fd >= 0) { close(v.fd); }
    close(v.lfd);
    free(mem);
}
/* desc.on_socket is the informer descriptor's when set, else its
   connection descriptor's: a connect to a closed port opens a socket
   (ADDED) and closes it (REMOVED), told to the one in force */
static int g_sk_other;
static void sk_other(kinf_engine_t* e, int fd, int event, unsigned wants, void* user) { (void)e; (void)fd; (void)event; (void)wants; (void)user; g_sk_other++; }
static void test_socket_conn_desc(void) {
    kinf_conn_desc_t cd;
    kinf_desc_t d;
    kinf_informer_t* inf;
    int i, round;
    g_test = "socket callback, connection descriptor";
    for (round = 0; round < 2; round++) {
        memset(&cd, 0, sizeof(cd));
        cd.server = "http://127.0.0.1:1"; cd.logger.func = rec_log; cd.random_seed = 7;
        cd.on_socket.func = sk_other;
        desc_base(&d);
        d.connection = &cd;
        d.on_socket.func = round == 0 ? sk_cb : 0;   /* the desc's own, then none: the connection's */
        g_nsk = 0; g_sk_other = 0; g_sk_inf = 0;
        inf = mk(&d);
        if (!CHECK(inf != 0)) { return; }
        for (i = 0; i < 50 && kinf_fd_generation(inf) < 2; i++) { kinf_poll(inf, 5); }
        CHECK(kinf_fd_generation(inf) >= 2);               /* opened and closed (refused) */
        if (round == 0) { CHECK(g_nsk >= 2 && g_sk[0].event == KINF_SOCKET_ADDED && g_sk_other == 0); }
        else { CHECK(g_nsk == 0 && g_sk_other >= 2); }
        rm(inf);
    }
}
/* kinf_now_ms: one monotonic clock, the workqueue's older name for it included */
static void test_now_ms(void) {
    uint64_t a, b, c;
    g_test = "kinf_now_ms";
    a = kinf_now_ms();
    b = kinf_workqueue_now_ms();
    c = kinf_now_ms();
    CHECK(a > 0 && a <= b && b <= c && c - a < 60000);
}
