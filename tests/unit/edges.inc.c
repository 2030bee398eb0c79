/* edges.inc.c - included by main.c: the edges a mutation campaign found,
   across the reflector, the engine and the store. Each check names the
   mutant it kills (docs/security.md lists the campaign): a backoff, a reuse,
   a clock or a counter the other files' tests let drift. Uses dechunk_whole
   from http.inc.c. */

static void recv_all(kinf_informer_t* inf, const char* r, uint64_t now) {
    size_t cap; uint8_t* b = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap); size_t n = strlen(r);
    if (!b) { CHECK(0); return; }
    if (n > cap) { n = cap; } /* only the first read */
    memcpy(b, r, n); kinf_engine_recvd(kinf_informer_engine(inf), n, now);
}
#define LISTB(rv, items) "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"" rv "\"},\"items\":[" items "]}"
static kinf_informer_t* edge_started(int budget, int cap, int resync) {
    kinf_informer_t* inf = mk_fifo(budget, cap, resync);
    kinf_engine_tick(kinf_informer_engine(inf), 1000000);
    return inf;
}
static void edge_backoff(void) {
    kinf_informer_t* inf = edge_started(0, 0, 0);
    int i; uint64_t b, mn, mx;
    g_test = "edge_backoff";
    inf->backoff_n = 0; inf->healthy_since = inf->conn.now;
    for (i = 0; i < 8; i++) {
        uint64_t d = 800u << (i < 6 ? i : 6); if (d > 30000) d = 30000;
        kinf__rf_fail(inf, KINF__PH_LIST, -1); b = backoff_ms(inf);
        CHECK(b >= d && b < 2 * d); CHECK_INT(inf->backoff_n, i < 6 ? i + 1 : 6);
    }
    mn = ~0ull; mx = 0;
    for (i = 0; i < 200; i++) { inf->backoff_n = 0; inf->healthy_since = inf->conn.now; kinf__rf_fail(inf, KINF__PH_LIST, -1); b = backoff_ms(inf); if (b < mn) mn = b; if (b > mx) mx = b; }
    CHECK(mn >= 800 && mn < 1000 && mx < 1600 && mx > 800);
    mn = ~0ull;
    for (i = 0; i < 30; i++) { inf->backoff_n = 6; inf->healthy_since = inf->conn.now; kinf__rf_fail(inf, KINF__PH_LIST, -1); b = backoff_ms(inf); CHECK(b >= 30000 && b < 60000); if (b < mn) mn = b; }
    CHECK(mn < 40000);
    /* two minutes healthy: the exponent starts over; 90 s: it does not */
    inf->backoff_n = 6; inf->healthy_since = inf->conn.now - 120001; kinf__rf_fail(inf, KINF__PH_LIST, -1);
    CHECK_INT(inf->backoff_n, 1); CHECK(backoff_ms(inf) < 1600);
    inf->backoff_n = 3; inf->healthy_since = inf->conn.now - 90000; kinf__rf_fail(inf, KINF__PH_LIST, -1);
    CHECK_INT(inf->backoff_n, 4);
    inf->healthy_since = inf->conn.now - 200000; kinf__rf_fail(inf, KINF__PH_LIST, -1); kinf__rf_fail(inf, KINF__PH_LIST, -1);
    CHECK_INT(inf->backoff_n, 2);
    rm(inf);
}
static void edge_reuse(void) {
    kinf_informer_t* inf = edge_started(0, 0, 0);
    uint32_t rc, cn;
    g_test = "edge_reuse";
    /* keep-alive list: the watch goes out on the same connection */
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("50", ""), 0)), 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    /* a watch that ends with Content-Length: 0 after > 1 s: reused again (resp-1) */
    inf->watch_start -= 1500; rc = kinf_stats(inf).reconnects;
    cn = kinf_stats(inf).connections;
    CHECK_INT(respond(inf, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    CHECK_INT(kinf_stats(inf).reconnects, rc);
    CHECK(cn == 1 && rc == 0 && kinf_stats(inf).connections == cn); /* one connection, kept: no reconnect */
    /* 410 on a list over keep-alive: the connection is given up (resp-10) */
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410}", 0)), 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)) & (KINF_ENG_CLOSE | KINF_ENG_CONNECT), KINF_ENG_CLOSE | KINF_ENG_CONNECT);
    /* Connection: close on a list: a new connection for the watch (begin-3) */
    CHECK_INT(respond(inf, http("200 OK", "Connection: close\r\n", LISTB("60", ""), 0)), 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)) & (KINF_ENG_CLOSE | KINF_ENG_CONNECT), KINF_ENG_CLOSE | KINF_ENG_CONNECT);
    /* the driver connects before it reports the old connection closed (eng-5) */
    kinf_engine_connected(kinf_informer_engine(inf), inf->conn.now);
    kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now);
    CHECK(inf->phase != KINF__PH_BACKOFF); CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    rm(inf);
}
static void edge_slow_consumer(void) {
    kinf_informer_t* inf = edge_started(0, 1, 0);
    uint64_t T = 1000000;
    g_test = "edge_slow_consumer";
    log_reset();
    send_req(inf, T);
    recv_all(inf, http("200 OK", "", LISTB("50", ITEM("a", "1")), 0), T);
    CHECK(kinf__rf_pending(inf));
    T += (uint64_t)inf->conn.idle_ms + 5;
    kinf_engine_dispatch(kinf_informer_engine(inf), T); kinf_engine_tick(kinf_informer_engine(inf), T);
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 0); CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND); /* begin-4 */
    /* watch: 3 events, FIFO of 1 (adv-2) */
    send_req(inf, T);
    kinf_engine_dispatch(kinf_informer_engine(inf), T);
    recv_all(inf, http("200 OK", "", "{\"type\":\"ADDED\",\"object\":" ITEM("b", "51") "}\n{\"type\":\"ADDED\",\"object\":" ITEM("c", "52") "}\n{\"type\":\"ADDED\",\"object\":" ITEM("d", "53") "}\n", 0), T);
    CHECK(kinf__rf_pending(inf));
    kinf_engine_dispatch(kinf_informer_engine(inf), T + inf->conn.idle_ms - 100); kinf_engine_tick(kinf_informer_engine(inf), T + inf->conn.idle_ms - 100);
    kinf_engine_dispatch(kinf_informer_engine(inf), T + inf->conn.idle_ms + 100); kinf_engine_tick(kinf_informer_engine(inf), T + inf->conn.idle_ms + 100);
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 0);
    rm(inf);
}
static void edge_deadlines(void) {
    kinf_informer_t* inf = edge_started(0, 0, 5000);
    uint64_t dl; unsigned st;
    g_test = "edge_deadlines";
    log_reset();
    send_req(inf, inf->conn.now);
    dl = kinf_engine_deadline(kinf_informer_engine(inf)); CHECK_INT(dl, inf->conn.now + inf->conn.idle_ms);
    st = kinf_engine_tick(kinf_informer_engine(inf), dl);                       /* idle-3, eng-9 */
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 1); CHECK(st & KINF_ENG_CONNECT);
    CHECK_INT(respond(inf, http("429 Too Many Requests", "Retry-After: 1\r\n", "{}", 0)), 0);
    kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now);
    dl = kinf_engine_deadline(kinf_informer_engine(inf)); CHECK_INT(dl, inf->conn.now + 1000);
    st = kinf_engine_tick(kinf_informer_engine(inf), dl); CHECK(st & KINF_ENG_CONNECT);   /* adv-1 */
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("50", ITEM("a", "1")), 0)), 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now); CHECK(kinf_has_synced(inf));
    CHECK_INT(kinf_engine_deadline(kinf_informer_engine(inf)), inf->next_resync);         /* eng-1 */
    rm(inf);
}
static void edge_cont(void) {
    kinf_informer_t* inf = edge_started(0, 0, 0);
    g_test = "edge_cont";
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"50\",\"continue\":\"c1\"},\"items\":[]}", 0)), 0);
    CHECK_STR(inf->cont, "c1");
    send_req(inf, inf->conn.now); kinf_engine_tick(kinf_informer_engine(inf), inf->conn.now + inf->conn.idle_ms);     /* idle-2 */
    CHECK_INT(inf->next_kind, KINF__PH_LIST); CHECK_STR(inf->cont, "");
    kinf__rf_begin(inf, KINF__PH_LIST); CHECK_INT(respond(inf, http("200 OK", "Connection: close\r\n", "{\"metadata\":{\"resourceVersion\":\"50\",\"continue\":\"c2\"},\"items\":[]}", 0)), 0);
    kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now);
    CHECK(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CONNECT);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_FAILED, "x", inf->conn.now);          /* eng-6 */
    CHECK_INT(inf->phase, KINF__PH_BACKOFF); CHECK_STR(inf->cont, "c2");
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[1 2]}", 1)), -1);  /* broken-1 */
    CHECK_STR(inf->cont, "");
    rm(inf);
}
static void edge_watch_bounds(void) {
    kinf_informer_t* inf = edge_started(0, 0, 0);
    const char* full; static char part[4096]; size_t n;
    g_test = "edge_watch_bounds";
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("50", ""), 0)), 0);
    log_reset(); inf->watch_start = inf->conn.now - 1000;                             /* resp-2 */
    CHECK_INT(respond(inf, http("200 OK", "", "", 1)), 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_END), 1); CHECK(inf->phase != KINF__PH_BACKOFF);
    full = http("200 OK", "", "", 1); n = strlen(full) - 5; memcpy(part, full, n); part[n] = 0;
    CHECK_INT(respond(inf, part), 0); inf->watch_start = inf->conn.now - 1000;       /* cut-1 */
    kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now); CHECK(inf->backoff_until <= inf->conn.now);
    kinf__rf_begin(inf, KINF__PH_WATCH);
    CHECK_INT(respond(inf, "HTTP/1.1 500 Oops\r\nContent-Length: 100\r\n\r\n{\"kind\""), 0);  /* cut-2 */
    inf->watch_start -= 1500; kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now);
    CHECK(backoff_ms(inf) >= 800);
    rm(inf);
}
static void edge_api(void) {
    kinf_informer_t* inf = edge_started(1, 0, 0);
    size_t len, len2, cap; const uint8_t* p; uint64_t w0, r0; uint8_t* b; static char c1[8192];
    g_test = "edge_api";
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("50", ITEM("a", "1") "," ITEM("b", "2") "," ITEM("c", "3")), 0)), 0);
    CHECK_INT(kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now), 1);                          /* eng-8 */
    CHECK_INT(kinf_engine_set_token(kinf_informer_engine(inf), "TOK", inf->conn.now), KINF_OK);
    p = kinf_engine_sendbuf(kinf_informer_engine(inf), &len); memcpy(c1, p, len);
    p = kinf_engine_sendbuf(kinf_informer_engine(inf), &len2); CHECK(len == len2 && !memcmp(c1, p, len));  /* req-4 */
    kinf_engine_sent(kinf_informer_engine(inf), 10, inf->conn.now);
    CHECK_INT(kinf_engine_set_token(kinf_informer_engine(inf), "TOK2", inf->conn.now), KINF_OK);
    p = kinf_engine_sendbuf(kinf_informer_engine(inf), &len2); CHECK_INT(len2, len - 10); CHECK(p == (const uint8_t*)inf->wbuf + 10);  /* eng-2 */
    w0 = kinf_stats(inf).bytes_written;
    kinf_engine_sent(kinf_informer_engine(inf), len2 + 100, inf->conn.now); CHECK_INT(kinf_stats(inf).bytes_written - w0, len2);  /* eng-3 */
    r0 = kinf_stats(inf).bytes_read;
    b = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap); memset(b, ' ', cap); memcpy(b, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", 47);
    kinf_engine_recvd(kinf_informer_engine(inf), cap + 100, inf->conn.now); CHECK_INT(kinf_stats(inf).bytes_read - r0, cap);  /* eng-4 */
    rm(inf);
}
static void edge_store(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    kinf_object_t o; uint64_t m;
    g_test = "edge_store";
    evlog_reset();
    CHECK_INT(list_body(inf, "100", "ns/a@1 ns/b@2"), 0); dispatch(inf);
    evlog_reset();
    CHECK_INT(list_body(inf, "200", "ns/b@2"), 0);          /* a deleted, final state unknown */
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "5", 0), 0);     /* and back before dispatch */
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/a 1! A ns/a 5");                 /* disp-2, ups-1 */
    evlog_reset();
    CHECK_INT(list_body(inf, "300", "ns/b@2"), 0);           /* a deleted again (pending) */
    CHECK_INT(list_body(inf, "400", "ns/a@5 ns/b@2"), 0);    /* and listed again at the same RV: apply-6 */
    CHECK(kinf_get(inf, "ns/a", &o)); CHECK_INT(kinf_count(inf), 2);
    dispatch(inf);
    m = kinf_stats(inf).malformed;                           /* apply-3 */
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"c\",\"namespace\":\"x/y\",\"resourceVersion\":\"7\"}}"), 0);
    CHECK_INT(kinf_stats(inf).malformed, m + 1); CHECK(!kinf_get(inf, "x/y/c", &o));
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"u\",\"namespace\":\"ns\",\"uid\":\"U1\",\"resourceVersion\":\"8\"}}"), 0);
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"v\",\"namespace\":\"ns\",\"resourceVersion\":\"9\"}}"), 0);
    CHECK(kinf_get(inf, "ns/v", &o) && o.uid[0] == 0);       /* apply-4 */
    /* FNV-1a collision, same length: find-1 */
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"pmpfjaa\",\"namespace\":\"ns\",\"resourceVersion\":\"10\"}}"), 0);
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"p5rjdaa\",\"namespace\":\"ns\",\"resourceVersion\":\"11\"}}"), 0);
    CHECK(kinf_get(inf, "ns/p5rjdaa", &o) && !strcmp(o.resource_version, "11"));
    CHECK(kinf_get(inf, "ns/pmpfjaa", &o) && !strcmp(o.resource_version, "10"));
    rm(inf);
}
static void edge_list(void) {
    kinf_informer_t* inf = edge_started(1, 0, 0);
    g_test = "edge_list";
    /* list-3: a second list before the first sync completes */
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("50", ITEM("a", "1") "," ITEM("b", "2") "," ITEM("c", "3")), 0)), 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now);                      /* 2 pops left */
    kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("60", ITEM("a", "1") "," ITEM("b", "2") "," ITEM("c", "3") "," ITEM("d", "4")), 0)), 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now); kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now);
    CHECK_INT(kinf_has_synced(inf), 1);
    /* list-2: after an unpaginated list, the next one is paged again */
    inf->list_nolimit = 1; kinf__rf_begin(inf, KINF__PH_LIST);
    CHECK_INT(respond(inf, http("200 OK", "", LISTB("70", ""), 0)), 0);
    inf->rv_mode = KINF__RV_UNSET;
    CHECK(strstr(target(inf, KINF__PH_LIST), "limit=500") != 0);
    rm(inf);
}
static void edge_chunk(void) {
    char out[256]; size_t olen; int done;
    g_test = "edge_chunk";
    CHECK_INT(dechunk_whole("3\t\r\nabc\r\n0\r\n\r\n", out, &olen, &done), KINF_OK); CHECK_STR(out, "abc");  /* chunk-3 */
    CHECK_INT(dechunk_whole("1\na\n1\nb\n1\nc\n1\nd\n1\ne\n1\nf\n1\ng\n1\nh\n1\ni\n1\nj\n1\nk\n0\n\n", out, &olen, &done), KINF_OK);  /* chunk-7 */
    CHECK_STR(out, "abcdefghijk"); CHECK_INT(done, 1);
}
/* the watch's timeoutSeconds is drawn in [300, 600) for each watch (req-3) */
static void edge_watch_timeout(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    int i, lo = 1, differ = 0;
    char first[32] = "";
    g_test = "edge_watch_timeout";
    if (!CHECK(inf != 0)) { return; }
    for (i = 0; i < 20; i++) {
        const char* t = strstr(target(inf, KINF__PH_WATCH), "&timeoutSeconds=");
        long v = t ? strtol(t + 16, 0, 10) : -1;
        if (v < 300 || v >= 600) { lo = 0; }
        if (i == 0 && t) { snprintf(first, sizeof(first), "%ld", v); }
        else if (t && strtol(first, 0, 10) != v) { differ = 1; }
    }
    CHECK(lo);
    CHECK(differ);
    rm(inf);
}
/* a DELETED whose identity block cannot be stored still removes the key (apply-5) */
static void edge_delete_store_full(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_object_t o;
    char ev[512];
    int i;
    uint64_t dropped;
    g_test = "edge_delete_store_full";
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1024;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler); watch_begin(inf);
    evlog_reset();
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", 0), 0);
    dispatch(inf);
    /* fill the store with other objects (pending, so nothing is freed) */
    for (i = 0; i < 40; i++) {
        snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"filler-%02d-xxxxxxxxxxxxxxxx\",\"namespace\":\"ns\",\"resourceVersion\":\"%d\"}}}", i, 10 + i);
        feeds(inf, ev);
    }
    dropped = kinf_stats(inf).dropped;
    CHECK(dropped > 0); /* the store is full: even identity blocks are dropped */
    log_reset();
    CHECK_INT(feeds(inf, "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"99\"}}}"), 0);
    CHECK_INT(kinf_stats(inf).dropped, dropped + 1);
    CHECK_INT(logged(KINF_LOGITEM_STORE_FULL), 2); /* full, then even the identity: dropped */
    CHECK_INT(kinf_get(inf, "ns/a", &o), 0);
    evlog_reset();
    dispatch(inf);
    CHECK(strstr(g_evlog, "D ns/a 1") != 0); /* the delete of the last version known */
    rm(inf);
}
