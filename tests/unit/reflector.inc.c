/* reflector.inc.c - included by main.c: the reflector (>>reflector): list
   and watch response by response, relists, has_synced, backpressure, the
   body loop and the bytes of a step, Status kinds, identities and list
   tokens used unescaped, items that are not objects, resourceVersions too
   long; the store's pages faulted in ahead (Linux). */

static void test_relist(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    g_test = "relist";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    CHECK_INT(list_body(inf, "100", "ns/a@1 ns/b@2 ns/c@3 ns/e@4"), 0);
    CHECK_STR(kinf_resource_version(inf), "100");
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2 A ns/c 3 A ns/e 4");
    CHECK_INT(kinf_has_synced(inf), 1);
    /* a watch change to e before the relist; then the relist:
       a unchanged, b changed, d new, c and e gone */
    CHECK_INT(pod(inf, "MODIFIED", "ns", "e", "101", 0), 0);
    dispatch(inf);
    evlog_reset();
    CHECK_INT(list_body(inf, "200", "ns/a@1 ns/b@20 ns/d@30"), 0);
    CHECK_INT(kinf_count(inf), 3); /* c and e are gone from the lister at once */
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/b 2>20 A ns/d 30 D ns/c 3! D ns/e 101!");
    CHECK_STR(kinf_resource_version(inf), "200");
    /* a watch delete replaces a pending final-state-unknown delete */
    evlog_reset();
    CHECK_INT(list_body(inf, "300", "ns/a@1 ns/b@20"), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "d", "301", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/d 301");
    /* a key changed during the watch, then missing from the relist: the last
       version received, which the handlers may not have seen */
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "302", 0), 0);
    CHECK_INT(list_body(inf, "400", "ns/a@1"), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/b 302!");
    /* relisted back: the key known to the handlers as deleted (FSU) comes again */
    evlog_reset();
    CHECK_INT(list_body(inf, "500", "ns/a@1 ns/b@303"), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/b 303");
    CHECK_INT(kinf_count(inf), 2);
    rm(inf);
}
static void test_has_synced(void) {
    kinf_informer_t* inf = mk_fifo(1, 0, 0);
    g_test = "has_synced";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    CHECK_INT(kinf_has_synced(inf), 0);
    list_begin(inf);
    CHECK_INT(feeds(inf, "{\"metadata\":{\"resourceVersion\":\"9\",\"continue\":\"c1\"},\"items\":["
                         "{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"}},{\"metadata\":{\"name\":\"b\",\"resourceVersion\":\"2\"}}]}"), 0);
    /* pages are applied as they arrive: the lister sees them, handlers may too */
    CHECK_INT(kinf_count(inf), 2);
    dispatch(inf);
    CHECK_STR(g_evlog, "A a 1");
    CHECK_INT(kinf_has_synced(inf), 0);
    /* the last page (the continue token is handled by kinf__rf_response_done) */
    kinf__scan_reset(&inf->scan, 1);
    CHECK_INT(feeds(inf, "{\"metadata\":{\"resourceVersion\":\"10\"},\"items\":["
                         "{\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"3\"}},{\"metadata\":{\"name\":\"d\",\"resourceVersion\":\"4\"}}]}"), 0);
    kinf__rf_list_finished(inf);
    watch_begin(inf);
    CHECK_INT(kinf_has_synced(inf), 0);
    CHECK_INT(inf->flen, 3);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 0);
    /* a watch event queued behind the list does not count */
    CHECK_INT(pod(inf, "ADDED", "ns", "w", "11", 0), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 0);
    CHECK_INT(logged(KINF_LOGITEM_SYNCED), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK_INT(logged(KINF_LOGITEM_SYNCED), 1);
    CHECK_STR(g_evlog, "A a 1 A b 2 A c 3 A d 4");
    dispatch(inf);
    CHECK_STR(g_evlog, "A a 1 A b 2 A c 3 A d 4 A ns/w 11");
    /* it stays true after a relist */
    CHECK_INT(list_body(inf, "20", "ns/w@11"), 0);
    CHECK_INT(kinf_has_synced(inf), 1);
    rm(inf);
    /* an empty initial list syncs at the next dispatch */
    inf = mk_fifo(1, 0, 0);
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(list_body(inf, "5", ""), 0);
    CHECK_INT(kinf_has_synced(inf), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 1);
    rm(inf);
}
/* the informer as if its watch request on fd had been answered: 200, chunked */
static void watch_on_fd(kinf_informer_t* inf, int fd) {
    inf->conn.sock.fd = fd; inf->conn.conn_open = 1; inf->conn.cstate = KINF__C_RECV; inf->started = KINF__RUN_STARTED;
    inf->phase = KINF__PH_WATCH; inf->req_kind = KINF__PH_WATCH;
    inf->conn.resp.head_done = 1; inf->conn.resp.chunked = 1; inf->conn.body_done = 0; kinf__conn_window_clear(&inf->conn);
    inf->conn.last_rx = inf->conn.now = kinf_now_ms();
}
static void test_backpressure(void) {
    kinf_informer_t* inf = mk_fifo(0, 2, 0);
    const char* body = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"}}}\n"
                       "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"b\",\"resourceVersion\":\"2\"}}}\n"
                       "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"3\"}}}\n";
    int sv[2];
    size_t n = strlen(body);
    g_test = "backpressure";
    if (!CHECK(inf != 0)) { return; }
    if (!CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0)) { rm(inf); return; }
    CHECK(n <= inf->conn.rcap);
    evlog_reset();
    memcpy(inf->conn.rbuf, body, n);
    watch_on_fd(inf, sv[0]);
    inf->conn.dend = inf->conn.rend = n;
    CHECK_INT(kinf__rf_consume(inf), 0);
    CHECK_INT(inf->flen, 2);
    CHECK(inf->conn.dpos < inf->conn.dend);          /* held back */
    CHECK_INT(kinf_wants(inf) & KINF_WANT_READ, 0);
    CHECK_INT(kinf_timeout_ms(inf), 0);    /* there is work to do */
    CHECK_INT(kinf_count(inf), 2);
    CHECK_INT(kinf__rf_consume(inf), 0);      /* still full: nothing moves */
    CHECK_INT(inf->flen, 2); CHECK_INT(kinf_count(inf), 2);
    dispatch(inf);
    CHECK_STR(g_evlog, "A a 1 A b 2");
    CHECK_INT(kinf_wants(inf) & KINF_WANT_READ, 0); /* the held bytes first */
    CHECK_INT(kinf__rf_consume(inf), 0);
    CHECK_INT(inf->conn.dpos, inf->conn.dend);
    CHECK_INT(inf->flen, 1);
    CHECK_INT(kinf_wants(inf), KINF_WANT_READ);
    dispatch(inf);
    CHECK_STR(g_evlog, "A a 1 A b 2 A c 3");
    /* every byte consumed but the FIFO full: no read either */
    evlog_reset();
    n = (size_t)(strchr(strchr(body, '\n') + 1, '\n') - body); /* two events, no newline after the second */
    memcpy(inf->conn.rbuf, body, n);
    inf->conn.dpos = 0; inf->conn.dend = inf->conn.rend = n;
    CHECK_INT(kinf__rf_consume(inf), 0);
    CHECK_INT(inf->conn.dpos, inf->conn.dend);
    CHECK_INT(inf->flen, 2);
    CHECK_INT(kinf_wants(inf) & KINF_WANT_READ, 0);
    dispatch(inf);
    CHECK_INT(kinf_wants(inf), KINF_WANT_READ);
    rm(inf); /* closes sv[0] */
    close(sv[1]);
}

/* The body loop (kinf__rf_body_feed) says how far it went and why it stopped:
   past the record that filled the FIFO, past a record that stops the
   stream, before the byte that is no JSON; the rest feeds on from there. */
static void test_body_loop(void) {
    kinf_informer_t* inf = mk_fifo(0, 2, 0);
    const char* ev1 = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"}}}\n";
    const char* ev2 = "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"2\"}}}\n";
    const char* ev3 = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"b\",\"resourceVersion\":\"3\"}}}";
    const char* ev4 = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"4\"}}}\n";
    const char* gone = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410}}";
    static char in[1024];
    size_t used, n, at;
    int i;
    g_test = "body_loop";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    /* FIFO capacity 2: it stops right after the record that fills it (a
       bookmark queues nothing) */
    n = (size_t)snprintf(in, sizeof(in), "%s%s%s%s", ev1, ev2, ev3, ev4);
    at = strlen(ev1) + strlen(ev2) + strlen(ev3);
    CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)in, n, &used), KINF__REC_OK);
    CHECK_INT(used, at);
    CHECK_INT(inf->flen, 2); CHECK_INT(kinf_count(inf), 2);
    CHECK_STR(kinf_resource_version(inf), "3");
    CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)in + at, n - at, &used), KINF__REC_OK); /* still full */
    CHECK_INT(used, 0);
    dispatch(inf);
    CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)in + at, n - at, &used), KINF__REC_OK);
    CHECK_INT(used, n - at);
    dispatch(inf);
    CHECK_STR(g_evlog, "A a 1 A b 3 A c 4");
    CHECK_INT(inf->scan.ev_len, 0); /* a record applied leaves the event buffer empty */
    /* a record that stops the stream: the bytes after it are not taken */
    n = (size_t)snprintf(in, sizeof(in), "%s%s", gone, ev1);
    CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)in, n, &used), KINF__REC_EXPIRED);
    CHECK_INT(used, strlen(gone));
    CHECK_INT(inf->flen, 0);
    /* bytes that are no JSON: the record before them is applied, then it
       stops at the first bad byte, says so, and logs it as the body's kind */
    for (i = 0; i < 2; i++) {
        int list = i == 1;
        const char* bad = list ? "{\"items\":[{\"metadata\":{\"name\":\"x\",\"resourceVersion\":\"5\"}} x" : "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"6\"}}}\nx";
        if (list) { list_begin(inf); } else { watch_begin(inf); }
        log_reset();
        CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)bad, strlen(bad), &used), KINF__REC_FRAMING);
        CHECK(used >= strlen(bad) - 1);
        CHECK_INT(logged(list ? KINF_LOGITEM_LIST_MALFORMED : KINF_LOGITEM_EVENT_MALFORMED), 1);
        CHECK_STR(list ? stored(inf, "x") : kinf_resource_version(inf), list ? "{\"metadata\":{\"name\":\"x\",\"resourceVersion\":\"5\"}}" : "6");
    }
    /* too deep: its own item */
    watch_begin(inf); log_reset();
    n = (size_t)snprintf(in, sizeof(in), "{\"a\":");
    for (i = 0; i < KINF_MAX_DEPTH; i++) { in[n++] = '['; }
    CHECK_INT(kinf__rf_body_feed(inf, (const uint8_t*)in, n, &used), KINF__REC_FRAMING);
    CHECK_INT(logged(KINF_LOGITEM_JSON_TOO_DEEP), 1);
    CHECK_INT(logged(KINF_LOGITEM_EVENT_MALFORMED), 0);
    rm(inf);
}

/* One step reads at most KINF__STEP_BYTES before it returns to let the
   handlers run, however much the socket holds and however large the read
   buffer (desc.read_bytes; a read asks only what the step has left); the
   next steps take the rest, nothing lost or coalesced. */
static void step_bytes_by(size_t read_bytes) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    static char body[16384];
    char ev[160], exp[2048];
    size_t n = 0, eo = 0;
    int sv[2], i, steps;
    desc_base(&d);
    d.max_objects = 256; d.store_bytes = 1 << 20; d.read_bytes = read_bytes;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    evlog_reset();
    for (i = 0; i < 100; i++) { /* 100 events of about 100 bytes, a chunk each */
        int k = snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"p%03d\",\"resourceVersion\":\"%d\"},\"spec\":{}}}\n", i, i + 1);
        size_t head = (size_t)snprintf(body + n, sizeof(body) - n, "%x\r\n", k);
        if (n + head + (size_t)k - 2 < 1024) { /* its closing brace comes in the first 1024 bytes */
            eo += (size_t)snprintf(exp + eo, sizeof(exp) - eo, "%sA p%03d %d", i ? " " : "", i, i + 1);
        }
        n += head;
        n += (size_t)snprintf(body + n, sizeof(body) - n, "%s\r\n", ev);
    }
    if (!CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0)) { rm(inf); return; }
    CHECK(fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK) == 0);
    CHECK(write(sv[1], body, n) == (ssize_t)n);
    watch_on_fd(inf, sv[0]);
    kinf__drv_step(&inf->conn);
    CHECK_INT((long)inf->conn.bytes_read, 1024); /* four reads of 256; 700 and 324; one of 1024 */
    CHECK(inf->flen > 0 && inf->flen < 100);
    dispatch(inf);
    CHECK_STR(g_evlog, exp); /* the events whose bytes were read, in order */
    for (steps = 1; steps < 100 && inf->conn.bytes_read < n; steps++) { kinf__drv_step(&inf->conn); dispatch(inf); }
    CHECK_INT((long)inf->conn.bytes_read, (long)n);
    CHECK(steps >= (int)(n / 1024));
    CHECK_INT((long)inf->st.delivered_adds, 100);
    CHECK_INT(kinf_count(inf), 100);
    rm(inf); /* closes sv[0] */
    close(sv[1]);
}
static void test_step_bytes(void) {
    g_test = "step_bytes";
    step_bytes_by(0);
    step_bytes_by(700);
    step_bytes_by(4096);
}
/* desc.prefault_store: the store's pages a little ahead of its top are
   resident as soon as the top moves (Linux), those far ahead are not; without
   it only the pages written are. mincore() tells (declared here: the
   implementation is compiled with _POSIX_C_SOURCE alone). */
#if defined(__linux__)
int mincore(void* addr, size_t length, unsigned char* vec);
static int resident(const void* p) {
    long pg = sysconf(_SC_PAGESIZE);
    unsigned char v = 0;
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(pg - 1);
    if (mincore((void*)a, (size_t)pg, &v) != 0) { return -1; }
    return v & 1;
}
/* Does this system fault pages in when asked? qemu-user takes the advice
   and does nothing (its madvise is a no-op), and a kernel before 5.14
   refuses it: there the store's pages ahead of its top stay out, whatever
   the informer asks. */
static int populates(void) {
    long pg = sysconf(_SC_PAGESIZE);
    int fd = open("/dev/zero", O_RDWR), r;
    void* p = fd >= 0 ? mmap(0, (size_t)pg * 2u, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    if (fd >= 0) { close(fd); }
    if (p == MAP_FAILED) { return 0; }
    r = posix_madvise(p, (size_t)pg * 2u, KINF__POPULATE_WRITE) == 0 && resident(p) == 1;
    munmap(p, (size_t)pg * 2u);
    return r;
}
static void test_prefault(void) {
    int on, can = populates();
    g_test = "prefault";
    if (!can) { printf("# prefault: this system does not fault pages in when asked (qemu-user): the residency ahead of the top is not checked\n"); }
    for (on = 0; on < 2; on++) {
        kinf_desc_t d;
        kinf_informer_t* inf;
        size_t n;
        void* mem;
        int fd = open("/dev/zero", O_RDWR);
        desc_base(&d);
        d.max_objects = 64; d.store_bytes = 8u << 20;
        d.prefault_store = on;
        n = kinf_informer_size(&d);
        /* fresh private pages, none resident until written */
        mem = fd >= 0 ? mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) : MAP_FAILED;
        if (fd >= 0) { close(fd); }
        if (!CHECK(mem != MAP_FAILED)) { return; }
        (void)posix_madvise(mem, n, 15); /* MADV_NOHUGEPAGE: with huge pages "always", one write would bring 2 MiB in */
        inf = kinf_init(mem, n, &d);
        if (!CHECK(inf != 0)) { munmap(mem, n); return; }
        watch_begin(inf);
        CHECK_INT(resident(inf->arena + (1u << 20)), 0);
        CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"}}"), 0);
        CHECK(inf->top > 0 && inf->top < 4096);
        CHECK_INT(resident(inf->arena), 1);
        CHECK_INT(resident(inf->arena + (32u << 10)), on && can); /* within the first 64 KiB ahead */
        CHECK_INT(resident(inf->arena + (1u << 20)), 0);     /* far ahead: never */
        CHECK_INT(on ? (int)(inf->pf_top >= (60u << 10)) : (int)inf->pf_top, on);
        kinf_shutdown(inf);
        munmap(mem, n);
    }
}
#endif

/* ================================================================== Status kinds */
static int status_kind(kinf_informer_t* inf, const char* json, int http) {
    jsmn_parser p;
    int nt;
    size_t n = strlen(json);
    memcpy(inf->ev, json, n);
    inf->scan.ev_len = n;
    jsmn_init(&p);
    nt = jsmn_parse(&p, (const char*)inf->ev, n, inf->toks, (unsigned)inf->max_tokens);
    if (nt <= 0 || inf->toks[0].type != JSMN_OBJECT) { return -1; }
    return kinf__rf_status_kind(inf, nt, 0, http);
}
static void test_status_kind(void) {
    kinf_informer_t* inf = mk_plain();
    g_test = "status_kind";
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: 1 (2)\",\"reason\":\"Expired\",\"code\":410}", 410), KINF__STATUS_EXPIRED);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"status\":\"Failure\",\"message\":\"The resourceVersion for the provided watch is too old.\",\"reason\":\"Gone\",\"code\":410}", 0), KINF__STATUS_EXPIRED);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"reason\":\"Gone\"}", 410), KINF__STATUS_EXPIRED);   /* the HTTP status */
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":\"410\"}", 0), KINF__STATUS_EXPIRED);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"reason\":\"Gone\"}", 0), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":500,\"reason\":\"InternalError\"}", 500), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":4100}", 0), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":41}", 0), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"status\":\"Failure\",\"message\":\"Too large resource version: 12, current: 10\",\"reason\":\"Timeout\",\"code\":504}", 504), KINF__STATUS_TOO_LARGE);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"message\":\"Too large resource version: 12, current: 10\"}", 410), KINF__STATUS_TOO_LARGE);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"message\":\"Timeout: Too large resource version: 12, current: 10\",\"code\":500}", 500), KINF__STATUS_TOO_LARGE);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large\"}]}}", 504), KINF__STATUS_TOO_LARGE);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"details\":{\"name\":\"x\",\"causes\":[{\"reason\":\"Other\",\"field\":\"a\",\"more\":{\"reason\":\"ResourceVersionTooLarge\"}},"
                               "{\"message\":\"m\",\"reason\":\"ResourceVersionTooLarge\"}]}}", 504), KINF__STATUS_TOO_LARGE);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"details\":{\"causes\":[{\"reason\":\"Other\",\"more\":{\"reason\":\"ResourceVersionTooLarge\"}}]}}", 504), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"details\":{\"causes\":{\"reason\":\"ResourceVersionTooLarge\"}}}", 504), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"reason\":\"ResourceVersionTooLarge\"}", 504), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{\"kind\":\"Status\",\"code\":504,\"details\":{\"reason\":\"x\"},\"message\":\"too large resource version\"}", 504), KINF__STATUS_OTHER);
    CHECK_INT(status_kind(inf, "{}", 410), KINF__STATUS_EXPIRED);
    /* in a watch stream: an ERROR with a too-large RV, a 410 without a code member */
    watch_begin(inf);
    CHECK_INT(feeds(inf, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":504,\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\"}]}}}"), KINF__REC_TOO_LARGE);
    watch_begin(inf);
    CHECK_INT(feeds(inf, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"message\":\"x\"}}"), KINF__REC_BROKEN);
    rm(inf);
}
static void test_reflector(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    const char* t;
    uint64_t b;
    g_test = "reflector";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    /* the first list, two pages */
    kinf_engine_tick(kinf_informer_engine(inf), 1000000); /* the first tick starts the first list */
    CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?limit=500&resourceVersion=0");
    CHECK_INT(respond(inf, http("200 OK", "", "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"50\",\"continue\":\"c1\"},\"items\":[" ITEM("a", "1") "," ITEM("b", "2") "]}", 1)), 0);
    CHECK_INT(kinf_count(inf), 2);
    CHECK_STR(inf->cont, "c1");
    CHECK_INT(inf->req_kind, KINF__PH_LIST);
    CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?limit=500&continue=c1");
    CHECK_INT(respond(inf, http("200 OK", "", "{\"kind\":\"PodList\",\"items\":[" ITEM("c", "3") "],\"metadata\":{\"resourceVersion\":\"60\"}}", 0)), 0);
    CHECK_INT(inf->req_kind, KINF__PH_WATCH);
    CHECK_STR(kinf_resource_version(inf), "60");
    t = target(inf, KINF__PH_WATCH);
    CHECK(!strncmp(t, "/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=60&timeoutSeconds=", strlen("/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=60&timeoutSeconds=")));
    CHECK_INT(kinf_has_synced(inf), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2 A ns/c 3");
    CHECK_INT(kinf_stats(inf).lists, 1); CHECK_INT(kinf_stats(inf).list_pages, 2); CHECK_INT(kinf_stats(inf).list_items, 3);
    /* the watch: an event, then an in-stream 410: relist at the last RV after a backoff */
    evlog_reset(); log_reset();
    CHECK_INT(respond(inf, http("200 OK", "", "{\"type\":\"MODIFIED\",\"object\":" ITEM("a", "61") "}\n"
                                "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}}\n", 1)), -1);
    CHECK_INT(logged(KINF_LOGITEM_RV_EXPIRED), 1);
    CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_LIST); CHECK_INT(inf->rv_mode, KINF__RV_LAST);
    CHECK_STR(kinf_resource_version(inf), "61");
    kinf__rf_begin(inf, inf->next_kind);
    CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?resourceVersion=61");
    /* that list gets 410 too: again with the RV unset */
    log_reset();
    CHECK_INT(respond(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Expired\",\"code\":410}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_RV_EXPIRED), 1);
    CHECK_INT(inf->rv_mode, KINF__RV_UNSET);
    CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?limit=500");
    /* the relist: a unchanged, b and c gone, d new */
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"70\"},\"items\":[" ITEM("a", "61") "," ITEM("d", "65") "]}", 1)), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/a 1>61 A ns/d 65 D ns/b 2! D ns/c 3!");
    CHECK_INT(inf->rv_mode, KINF__RV_LAST);
    CHECK_INT(kinf_stats(inf).relists, 2);
    t = target(inf, KINF__PH_WATCH);
    CHECK(strstr(t, "&resourceVersion=70&") != 0);
    /* a watch the server ends at once with no event: WATCH_SHORT, backoff, watch again */
    log_reset();
    inf->backoff_n = 0; inf->healthy_since = inf->conn.now;
    CHECK_INT(respond(inf, http("200 OK", "", "", 1)), 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_SHORT), 1);
    CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_WATCH);
    b = backoff_ms(inf);
    CHECK(b >= 700 && b < 1600); /* 800 ms, jitter 1.0 */
    CHECK_INT(inf->backoff_n, 1);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    /* a watch with events that the server ends: watch again at once, from the last RV */
    log_reset();
    CHECK_INT(respond(inf, http("200 OK", "", "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"80\"}}}", 1)), 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_END), 1);
    CHECK_INT(inf->req_kind, KINF__PH_WATCH);
    CHECK(inf->phase != KINF__PH_BACKOFF || logged(KINF_LOGITEM_CONNECT_FAILED));
    CHECK(strstr(target(inf, KINF__PH_WATCH), "&resourceVersion=80&") != 0);
    /* the connection drops under a watch that delivered an event: as
       client-go, watch again at once from the last RV, no backoff */
    {
        static char part[4096];
        const char* full = http("200 OK", "", "{\"type\":\"MODIFIED\",\"object\":" ITEM("a", "81") "}\n", 1);
        size_t n = strlen(full) - 5; /* cut before the last chunk, "0\r\n\r\n" */
        memcpy(part, full, n); part[n] = 0;
        log_reset();
        inf->backoff_n = 0;
        CHECK_INT(respond(inf, part), 0);
        kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now); /* the server cuts the stream */
        CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_WATCH);
        CHECK(inf->backoff_until <= inf->conn.now);
        CHECK_INT(inf->backoff_n, 0);
        CHECK(strstr(target(inf, KINF__PH_WATCH), "&resourceVersion=81&") != 0);
        /* one with no event, under a second: a failure, backoff */
        kinf__rf_begin(inf, KINF__PH_WATCH);
        full = http("200 OK", "", "", 1);
        n = strlen(full) - 5;
        memcpy(part, full, n); part[n] = 0;
        CHECK_INT(respond(inf, part), 0);
        kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now); /* the server cuts the stream */
        CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_WATCH);
        b = backoff_ms(inf);
        CHECK(b >= 700 && b < 1600);
        CHECK_INT(inf->backoff_n, 1);
        /* and one that lasted over a second without events: at once again */
        kinf__rf_begin(inf, KINF__PH_WATCH);
        CHECK_INT(respond(inf, part), 0);
        inf->watch_start -= 1500;
        kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now); /* the server cuts the stream */
        CHECK(inf->backoff_until <= inf->conn.now);
        kinf__rf_begin(inf, KINF__PH_WATCH);
    }
    /* statuses on the watch */
    log_reset();
    CHECK_INT(respond(inf, http("429 Too Many Requests", "Retry-After: 17\r\n", "{}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_TOO_MANY_REQUESTS), 1);
    CHECK_INT(inf->next_kind, KINF__PH_WATCH);
    b = backoff_ms(inf); CHECK(b > 16000 && b <= 17000);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("503 Service Unavailable", "Retry-After: 2000\r\n", "", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_SERVER_ERROR), 1);
    b = backoff_ms(inf); CHECK(b > 599000 && b <= 600000);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("500 Internal Server Error", "", "{\"kind\":\"Status\",\"code\":500}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_SERVER_ERROR), 2);
    CHECK_INT(inf->next_kind, KINF__PH_WATCH);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("401 Unauthorized", "", "", 0)), 0); CHECK_INT(logged(KINF_LOGITEM_UNAUTHORIZED), 1);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("403 Forbidden", "", "", 0)), 0); CHECK_INT(logged(KINF_LOGITEM_FORBIDDEN), 1);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("404 Not Found", "", "", 0)), 0); CHECK_INT(logged(KINF_LOGITEM_NOT_FOUND), 1);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("418 Teapot", "", "", 0)), 0); CHECK_INT(logged(KINF_LOGITEM_HTTP_STATUS), 1);
    CHECK_INT(inf->next_kind, KINF__PH_WATCH);
    /* HTTP 410 on a watch: relist at the last RV, after a backoff */
    kinf__rf_begin(inf, KINF__PH_WATCH);
    inf->rv_mode = KINF__RV_UNSET;
    log_reset();
    CHECK_INT(respond(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"reason\":\"Expired\",\"code\":410}", 1)), 0);
    CHECK_INT(logged(KINF_LOGITEM_RV_EXPIRED), 1);
    CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_LIST); CHECK_INT(inf->rv_mode, KINF__RV_LAST);
    CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?resourceVersion=81");
    /* too large RV on a watch: relist with the RV unset */
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("504 Gateway Timeout", "", "{\"kind\":\"Status\",\"message\":\"Too large resource version: 90, current: 80\",\"code\":504}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LARGE), 1);
    CHECK_INT(inf->next_kind, KINF__PH_LIST); CHECK_INT(inf->rv_mode, KINF__RV_UNSET);
    /* list failures */
    kinf__rf_begin(inf, KINF__PH_LIST);
    log_reset();
    CHECK_INT(respond(inf, http("200 OK", "", "{\"items\":[]}", 0)), 0);   /* no resourceVersion */
    CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 1);
    CHECK_INT(inf->next_kind, KINF__PH_LIST);
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\",\"continue\":\"0123456789012345678901234567890123456789012345678901234567890123\"},\"items\":[]}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 2); /* continue longer than KINF_MAX_CONTINUE - 1 */
    CHECK_STR(inf->cont, "");
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[]]}", 1)), -1);
    CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 3);
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\nContent-Length: 3\r\n\r\nabc"), -1);
    CHECK_INT(logged(KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING), 1);
    /* a continue token that expired: the list starts over without pages */
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"90\",\"continue\":\"c2\"},\"items\":[" ITEM("a", "61") "]}", 0)), 0);
    CHECK_STR(inf->cont, "c2");
    log_reset();
    CHECK_INT(respond(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"reason\":\"Expired\",\"code\":410}", 0)), 0);
    CHECK_INT(logged(KINF_LOGITEM_CONTINUE_EXPIRED), 1);
    CHECK_STR(inf->cont, "");
    t = target(inf, KINF__PH_LIST);
    CHECK(strstr(t, "limit=") == 0 && strstr(t, "continue=") == 0);
    /* a watch stream that breaks: framing, depth */
    kinf__rf_begin(inf, KINF__PH_WATCH);
    log_reset();
    CHECK_INT(respond(inf, http("200 OK", "", "{\"type\":\"ADDED\",\"object\":" ITEM("z", "95") "}\ngarbage\n", 1)), -1);
    CHECK_INT(logged(KINF_LOGITEM_EVENT_MALFORMED), 1);
    CHECK_INT(inf->next_kind, KINF__PH_WATCH);
    CHECK(kinf_get(inf, "ns/z", 0) == 0);
    {
        kinf_object_t o;
        CHECK(kinf_get(inf, "ns/z", &o));
    }
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"type\":\"ADDED\",\"object\":{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}", 1)), -1);
    CHECK_INT(logged(KINF_LOGITEM_JSON_TOO_DEEP), 1);
    rm(inf);
}
static int ev_feed_by(kinf_informer_t* inf, int bytewise, const char* fmt, ...) {
    static char ev[1 << 16];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(ev, sizeof(ev), fmt, ap);
    va_end(ap);
    return feed_by(inf, ev, (size_t)n, bytewise);
}
/* identity strings are used unescaped: keys, events, the lister */
static void test_unescape_identity(void) {
    static char name[2048], key[2100], raw[6000];
    kinf_informer_t* inf;
    kinf_object_t o;
    kinf_desc_t d;
    int bytewise, i;
    g_test = "unescape_identity";
    for (bytewise = 0; bytewise < 2; bytewise++) {
        inf = mk_fifo(0, 0, 0);
        if (!CHECK(inf != 0)) { return; }
        evlog_reset(); log_reset();
        /* the ghost: added as "p\u0031", deleted as "p1" */
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"p\\u0031\",\"namespace\":\"n\\u0073\","
                             "\"uid\":\"u\\u002d1\",\"resourceVersion\":\"1\\u0032\"}}}\n"), 0);
        dispatch(inf);
        CHECK_STR(g_evlog, "A ns/p1 12");
        CHECK(kinf_get(inf, "ns/p1", &o) && !strcmp(o.name, "p1") && !strcmp(o.namespace_, "ns") && !strcmp(o.uid, "u-1") &&
              !strcmp(o.resource_version, "12"));
        CHECK_STR(kinf_resource_version(inf), "12");
        CHECK_INT(pod(inf, "DELETED", "ns", "p1", "13", 0), 0);
        dispatch(inf);
        CHECK_INT(kinf_count(inf), 0);
        CHECK_STR(g_evlog, "A ns/p1 12 D ns/p1 13");
        /* the event type: each of the three, escaped anywhere */
        evlog_reset();
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADD\\u0045D\",\"object\":" POD "}", "t", "ns", "t", "20", "n1"), 0);
        dispatch(inf);
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"MODIFIE\\u0044\",\"object\":" POD "}", "t", "ns", "t", "21", "n2"), 0);
        dispatch(inf);
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"\\u0044ELETED\",\"object\":" POD "}", "t", "ns", "t", "22", "n2"), 0);
        dispatch(inf);
        CHECK_STR(g_evlog, "A ns/t 20 U ns/t 20>21 D ns/t 22");
        CHECK_INT(logged(KINF_LOGITEM_EVENT_UNKNOWN_TYPE), 0);
        /* a type whose first letter is escaped still lets projection drop managedFields */
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"\\u0041DDED\",\"object\":{\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"resourceVersion\":\"5\","
                             "\"managedFields\":[{\"manager\":\"x\"}]},\"spec\":{\"a\":1}}}"), 0);
        CHECK(kinf_get(inf, "ns/m", &o) && !strstr(o.json, "managedFields") && strstr(o.json, "\"spec\":{\"a\":1}"));
        /* a name of 253 bytes, every one escaped (1518 bytes of JSON); 255 fit, 256 do not */
        for (i = 0; i < 256; i++) { memcpy(raw + 6 * i, "\\u0061", 6); }
        raw[6 * 256] = 0;
        log_reset();
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%.*s\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"}}}", 6 * 253, raw), 0);
        memset(name, 'a', 253); name[253] = 0;
        snprintf(key, sizeof(key), "ns/%s", name);
        CHECK(kinf_get(inf, key, &o) && !strcmp(o.name, name));
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%.*s\",\"resourceVersion\":\"1\"}}}", 6 * 255, raw), 0);
        memset(name, 'a', 255); name[255] = 0;
        CHECK(kinf_get(inf, name, &o));
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"b%s\",\"resourceVersion\":\"1\"}}}", raw + 6), 0);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 1);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 0);
        /* a surrogate pair in a name, and a lone surrogate */
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"x\\ud83d\\ude00\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"}}}"), 0);
        CHECK(kinf_get(inf, "ns/x\xF0\x9F\x98\x80", &o) && !strcmp(o.name, "x\xF0\x9F\x98\x80"));
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"y\\ud83d\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"}}}"), 0);
        CHECK(kinf_get(inf, "ns/y\xEF\xBF\xBD", &o));
        /* an escaped slash is a slash: no such name */
        log_reset();
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\\/b\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"}}}"), 0);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 1);
        rm(inf);
    }
    /* an object kept as identity only writes its unescaped name back as JSON, escaped again */
    desc_base(&d);
    d.max_objects = 16; d.max_event_bytes = 4096;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    memset(raw, 'x', 5000); raw[5000] = 0;
    CHECK_INT(ev_feed_by(inf, 0, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"q\\\"\\\\z\\u00e9\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"},"
                         "\"data\":{\"k\":\"%s\"}}}", raw), 0);
    CHECK(kinf_get(inf, "ns/q\"\\z\xC3\xA9", &o) && (o.flags & KINF_OBJ_IDENTITY_ONLY) && json_valid(o.json, o.json_len));
    CHECK(field_s(&o, "metadata.name")); CHECK_STR(g_fs, "q\"\\z\xC3\xA9");
    CHECK(kinf_get(inf, "ns/q\"\\z\xC3\xA9", &o) && strstr(o.json, "\"name\":\"q\\\"\\\\z\xC3\xA9\""));
    rm(inf);
}
/* the list's resourceVersion and continue token are used unescaped */
static void test_unescape_list(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    int chunked;
    g_test = "unescape_list";
    if (!CHECK(inf != 0)) { return; }
    for (chunked = 0; chunked < 2; chunked++) {
        evlog_reset(); log_reset();
        kinf__rf_begin(inf, KINF__PH_LIST);
        CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"5\\u0030\",\"continue\":\"a\\/b\\u002b\"},\"items\":["
                                    "{\"metadata\":{\"name\":\"l\\u0031\",\"namespace\":\"ns\",\"resourceVersion\":\"7\"}}]}", chunked)), 0);
        CHECK_STR(inf->cont, "a/b+");
        CHECK_STR(target(inf, KINF__PH_LIST), "/api/v1/pods?limit=500&continue=a%2Fb%2B");
        CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"6\\u0030\"},\"items\":[]}", chunked)), 0);
        CHECK_STR(kinf_resource_version(inf), "60");
        CHECK_INT(inf->req_kind, KINF__PH_WATCH);
        CHECK(!strncmp(target(inf, KINF__PH_WATCH), "/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=60&",
                       strlen("/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=60&")));
        dispatch(inf);
        CHECK_STR(g_evlog, chunked ? "" : "A ns/l1 7"); /* the second list finds it unchanged */
        CHECK_INT(kinf_count(inf), 1);
        CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    }
    rm(inf);
}
/* items that are not objects fail the list (decode error, as client-go) */
static void test_items_not_objects(void) {
    static const char* not_obj[] = { "1", "\"a\"", "null", "[]", 0 };
    static char body[1024];
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    int i, chunked, bytewise;
    g_test = "items_not_objects";
    if (!CHECK(inf != 0)) { return; }
    kinf_engine_tick(kinf_informer_engine(inf), 1000000);
    /* the case of the report: four of them after an object */
    log_reset();
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[" ITEM("a", "1") ",1,\"a\",null,[]]}", 0)), -1);
    CHECK_INT(logged(KINF_LOGITEM_LIST_ITEM_NOT_OBJECT), 1);
    if (!CHECK(strstr(g_lastmsg, "items[1]") != 0)) { note("%s", g_lastmsg); }
    CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 0);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_LIST_ITEM_NOT_OBJECT);
    CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_LIST);
    CHECK_INT(inf->listed, 0); CHECK_INT(kinf_has_synced(inf), 0);
    CHECK_INT(kinf_stats(inf).malformed, 1);
    for (i = 0; not_obj[i]; i++) {
        for (chunked = 0; chunked < 2; chunked++) {
            snprintf(body, sizeof(body), "{\"kind\":\"PodList\",\"items\":[%s],\"metadata\":{\"resourceVersion\":\"9\"}}", not_obj[i]);
            log_reset();
            kinf__rf_begin(inf, KINF__PH_LIST);
            CHECK_INT(respond(inf, http("200 OK", "", body, chunked)), -1);
            CHECK_INT(logged(KINF_LOGITEM_LIST_ITEM_NOT_OBJECT), 1);
            CHECK(strstr(g_lastmsg, "items[0]") != 0);
            CHECK_INT(inf->next_kind, KINF__PH_LIST); CHECK_INT(inf->listed, 0);
        }
    }
    /* "items" itself not an array: the list fails (it would delete every
       cached object as a list of none), whole and byte by byte; null is an
       empty list */
    {
        static const char* not_arr[] = { "{}", "{\"a\":" ITEM("a", "1") "}", "1", "\"x\"", "true", 0 };
        int bad = 0, runs = 0;
        for (i = 0; not_arr[i]; i++) {
            for (bytewise = 0; bytewise < 2; bytewise++) {
                snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":%s}", not_arr[i]);
                log_reset();
                list_begin(inf);
                runs++;
                if (feed_by(inf, body, strlen(body), bytewise) != KINF__REC_FRAMING || inf->scan.err != 4 ||
                    logged(KINF_LOGITEM_LIST_MALFORMED) != 1 || !strstr(g_lastmsg, "not an array")) {
                    bad++; note("items %s (bytewise %d): not refused as it should be: %s", not_arr[i], bytewise, g_lastmsg);
                }
            }
        }
        CHECK_INT(bad, 0); note("%d lists whose items are not an array", runs);
        log_reset();
        kinf__rf_begin(inf, KINF__PH_LIST);
        CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":null}", 1)), 0);
        CHECK_INT(inf->listed, 1); CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 0);
    }
    /* then a good list syncs */
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[" ITEM("a", "1") "]}", 1)), 0);
    CHECK_INT(inf->listed, 1); CHECK_INT(kinf_count(inf), 1);
    /* at the scanner's seam, whole and byte by byte */
    for (bytewise = 0; bytewise < 2; bytewise++) {
        const char* b = "{\"items\":[" ITEM("b", "2") "," ITEM("c", "3") ",\"x\"],\"metadata\":{\"resourceVersion\":\"9\"}}";
        list_begin(inf);
        CHECK_INT(feed_by(inf, b, strlen(b), bytewise), KINF__REC_FRAMING);
        CHECK_INT(inf->scan.err, 3); CHECK_INT(inf->scan.items, 2);
    }
    rm(inf);
}
/* a resourceVersion the informer cannot hold: RV_TOO_LONG, with its length */
static void test_rv_too_long(void) {
    static char rv[1024], esc[1024];
    kinf_informer_t* inf;
    kinf_object_t o;
    int i, bytewise;
    g_test = "rv_too_long";
    for (bytewise = 0; bytewise < 2; bytewise++) {
        inf = mk_fifo(0, 0, 0);
        if (!CHECK(inf != 0)) { return; }
        log_reset();
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":" POD "}", "a", "ns", "a", "5", ""), 0);
        /* an object's */
        memset(rv, '7', 300); rv[300] = 0;
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":" POD "}", "r", "ns", "r", rv, ""), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 1);
        CHECK(strstr(g_lastmsg, "(300 bytes)") != 0);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 0);
        CHECK(!kinf_get(inf, "ns/r", &o));
        CHECK_STR(kinf_resource_version(inf), "5");
        /* the length is the unescaped one: 130 escaped bytes are too long, 127 are not */
        for (i = 0; i < 130; i++) { memcpy(esc + 6 * i, "\\u0037", 6); }
        esc[6 * 130] = 0;
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":" POD "}", "r", "ns", "r", esc, ""), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 2);
        CHECK(strstr(g_lastmsg, "(130 bytes)") != 0);
        esc[6 * 127] = 0;
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"ADDED\",\"object\":" POD "}", "r", "ns", "r", esc, ""), 0);
        rv[127] = 0;
        CHECK(kinf_get(inf, "ns/r", &o) && !strcmp(o.resource_version, rv));
        CHECK_STR(kinf_resource_version(inf), rv);
        rv[127] = '7';
        /* a delete with one leaves the object (and says why) */
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"DELETED\",\"object\":" POD "}", "a", "ns", "a", rv, ""), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 3);
        CHECK(kinf_get(inf, "ns/a", &o));
        /* a bookmark's: not used */
        CHECK_INT(ev_feed_by(inf, bytewise, "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"%s\"}}}", rv), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 4);
        CHECK(strstr(g_lastmsg, "bookmark (300 bytes)") != 0);
        rv[127] = 0;
        CHECK_STR(kinf_resource_version(inf), rv);
        rv[127] = '7';
        rm(inf);
    }
    /* the list's: the list fails, as a malformed one */
    inf = mk_fifo(0, 0, 0);
    if (!CHECK(inf != 0)) { return; }
    kinf_engine_tick(kinf_informer_engine(inf), 1000000);
    log_reset();
    {
        static char body[2048];
        rv[128] = 0;
        snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"%s\"},\"items\":[" ITEM("a", "1") "]}", rv);
        CHECK_INT(respond(inf, http("200 OK", "", body, 1)), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 1);
        CHECK(strstr(g_lastmsg, "list (128 bytes)") != 0);
        CHECK_INT(logged(KINF_LOGITEM_LIST_MALFORMED), 0);
        CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_INT(inf->next_kind, KINF__PH_LIST);
        CHECK_INT(inf->listed, 0);
        rv[127] = 0;
        kinf__rf_begin(inf, KINF__PH_LIST);
        snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"%s\"},\"items\":[" ITEM("a", "1") "]}", rv);
        CHECK_INT(respond(inf, http("200 OK", "", body, 1)), 0);
        CHECK_INT(inf->listed, 1);
        CHECK_STR(kinf_resource_version(inf), rv);
    }
    rm(inf);
}
/* an informer of one namespace refuses an object of another, whatever the
   server sends: never cached, no handler sees it, the stream goes on */
static void test_namespace_scope(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    g_test = "namespace_scope";
    desc_base(&d);
    d.namespace_ = "app";
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    log_reset(); evlog_reset();
    CHECK_INT(pod(inf, "ADDED", "app", "shared", "1", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "other", "shared", "2", 0), 0);   /* refused, the stream sound */
    CHECK_INT(pod(inf, "MODIFIED", "other", "shared", "3", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "app", "b", "4", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "A app/shared 1 A app/b 4");
    CHECK(logged(KINF_LOGITEM_OBJECT_OUT_OF_SCOPE) == 2 && kinf_count(inf) == 2 && kinf_stats(inf).malformed == 2);
    CHECK_STR(stored(inf, "other/shared"), "");
    rm(inf);
    /* the server URL's own path may name namespaces: the scope is the one asked for */
    desc_base(&d);
    d.server = "http://127.0.0.1:1/proxy/namespaces/other"; d.namespace_ = "app";
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        watch_begin(inf);
        CHECK(pod(inf, "ADDED", "app", "a", "1", 0) == 0 && pod(inf, "ADDED", "other", "b", "2", 0) == 0);
        CHECK(kinf_count(inf) == 1 && stored(inf, "app/a")[0] && !stored(inf, "other/b")[0]);
        rm(inf);
    }
    /* all namespaces, and a cluster-scoped resource with a namespace given: no scope to keep */
    desc_base(&d);
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        watch_begin(inf);
        CHECK(pod(inf, "ADDED", "x", "p", "1", 0) == 0 && pod(inf, "ADDED", "y", "p", "2", 0) == 0 && kinf_count(inf) == 2);
        rm(inf);
    }
    desc_base(&d);
    d.resource = "nodes"; d.namespace_ = "ignored";
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        watch_begin(inf);
        log_reset();
        CHECK(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"n1\",\"resourceVersion\":\"5\"}}") == 0 && kinf_count(inf) == 1 && !logged(KINF_LOGITEM_OBJECT_OUT_OF_SCOPE));
        rm(inf);
    }
}
/* freshness: confirmed by a list's end, a watch event or a bookmark, by the
   engine's clock; a lister read can ask for data no older than it says */
static void test_freshness(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_object_t o;
    g_test = "freshness";
    desc_base(&d);
    d.own_transport = 1; /* the time is what the engine was given */
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    CHECK(!kinf_fresh(inf, UINT64_MAX / 2) && kinf_last_error(inf) == KINF_LOGITEM_DATA_STALE); /* never confirmed */
    CHECK(kinf_stats(inf).fresh_age_ms == -1);
    inf->conn.now = 10000;
    CHECK_INT(list_body(inf, "10", "ns/a@1 ns/b@2"), 0);               /* the list's end at 10 s */
    kinf_clear_error(inf);
    CHECK(kinf_fresh(inf, 0) && kinf_last_error(inf) == KINF_LOGITEM_OK);
    inf->conn.now = 15000;
    CHECK(kinf_stats(inf).fresh_age_ms == 5000);
    CHECK(kinf_fresh(inf, 5000) && !kinf_fresh(inf, 4999) && kinf_last_error(inf) == KINF_LOGITEM_DATA_STALE);
    CHECK(kinf_get_fresh(inf, "ns/a", 5000, &o) && !strcmp(o.resource_version, "1"));
    CHECK(!kinf_get_fresh(inf, "ns/a", 1000, &o) && kinf_last_error(inf) == KINF_LOGITEM_DATA_STALE);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "3", 0), 0);              /* an event at 15 s */
    CHECK(kinf_fresh(inf, 0));
    inf->conn.now = 20000;
    CHECK(!kinf_fresh(inf, 4999));
    CHECK_INT(wev(inf, "BOOKMARK", "{\"kind\":\"Pod\",\"metadata\":{\"resourceVersion\":\"4\"}}"), 0); /* a bookmark at 20 s */
    CHECK(kinf_fresh(inf, 0) && kinf_stats(inf).fresh_age_ms == 0);
    inf->conn.now = 25000;
    CHECK_INT(wev(inf, "ERROR", "{\"kind\":\"Status\",\"code\":500,\"message\":\"x\"}") != 0, 1);  /* an ERROR confirms nothing */
    CHECK(kinf_stats(inf).fresh_age_ms == 5000);
    rm(inf);
}
