/* hub.inc.c - included by main.c: the node-local server (>>hub): its
   request parser, its response writer, the client pool and the window of
   changes. Uses factory.inc.c's factory makers and discovery.inc.c's fake
   server; no socket (the hub's sans-I/O calls, driven by hand). */

static const char k_hub_req[] = "GET /api/v1/namespaces/ns-1/pods?watch=1&labelSelector=app%3Dweb HTTP/1.1\r\n"
                                "Host: x\r\nAuthorization: Bearer abc\r\nConnection: close\r\n\r\n";
static void test_hub_parse(void) {
    kinf__hreq q;
    size_t n = sizeof(k_hub_req) - 1, k;
    char v[64];
    int bad = 0;
    g_test = "hub parse";
    CHECK_INT(kinf__hub_head_end(k_hub_req, 0, n), n);
    /* split at every offset: the end is found once, at the end, however the bytes came */
    for (k = 1; k <= n; k++) {
        size_t a = kinf__hub_head_end(k_hub_req, 0, k - 1 < n ? k - 1 : n);
        size_t b = kinf__hub_head_end(k_hub_req, k - 1, k);
        if ((k < n && (a || b)) || (k == n && b != n)) { bad++; }
    }
    CHECK_INT(bad, 0);
    CHECK_INT(kinf__hub_head_end("GET / HTTP/1.1\n\n", 0, 16), 16); /* LF LF */
    CHECK_INT(kinf__hub_parse(k_hub_req, n, &q), KINF_OK);
    CHECK_INT(q.method, KINF__HM_GET);
    CHECK(q.path_len == 28 && !memcmp(q.path, "/api/v1/namespaces/ns-1/pods", 28));
    CHECK(q.auth && q.auth_len == 10 && !memcmp(q.auth, "Bearer abc", 10));
    CHECK_INT(q.close, 1);
    CHECK_INT(q.clen, -1);
    CHECK_INT(kinf__hub_qget(q.query, q.query_len, "labelSelector", v, sizeof(v)), 1);
    CHECK_STR(v, "app=web");
    CHECK_INT(kinf__hub_qget(q.query, q.query_len, "watch", v, sizeof(v)), 1);
    CHECK(kinf__hub_truthy(v) && kinf__hub_truthy("True") && kinf__hub_truthy("t") && !kinf__hub_truthy("yes") && !kinf__hub_truthy("0") && !kinf__hub_truthy(""));
    CHECK_INT(kinf__hub_qget(q.query, q.query_len, "limit", v, sizeof(v)), 0);
    CHECK_INT(kinf__hub_qget(q.query, q.query_len, "watc", v, sizeof(v)), 0); /* a prefix is not the name */
    CHECK_INT(kinf__hub_qget("a=%4", 4, "a", v, sizeof(v)), -1);            /* a cut escape */
    CHECK_INT(kinf__hub_qget("a=%00", 5, "a", v, sizeof(v)), -1);           /* no NUL inside a value */
    CHECK_INT(kinf__hub_qget("a=x+y%2Bz", 9, "a", v, sizeof(v)), 1);
    CHECK_STR(v, "x y+z");
    CHECK_INT(kinf__hub_qget("a=123456789", 11, "a", v, 4), -1);            /* too long for out */
    /* HTTP/1.0 closes by default; a body's length is read */
    CHECK_INT(kinf__hub_parse("POST /x HTTP/1.0\r\nContent-Length: 12\r\n\r\n", 41, &q), KINF_OK);
    CHECK(q.method == KINF__HM_OTHER && q.http10 && q.close && q.clen == 12);
    /* malformed: each refused */
    {
        static const char* const bad_heads[] = {
            "GET /\r\n\r\n",                                          /* no version */
            "G(T / HTTP/1.1\r\n\r\n",                                 /* a method that is no token */
            "GET x HTTP/1.1\r\n\r\n",                                 /* a target not starting with / */
            "GET / HTTP/2.0\r\n\r\n",
            "GET  / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\r\n b\r\n\r\n",                   /* a folded line */
            "GET / HTTP/1.1\r\nX: a\001b\r\n\r\n",                    /* a control byte */
            "GET / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", /* smuggling */
            "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "GET / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
            "GET / HTTP/1.1\r\n: x\r\n\r\n",
            0 };
        int i, refused = 0;
        for (i = 0; bad_heads[i]; i++) { refused += kinf__hub_parse(bad_heads[i], strlen(bad_heads[i]), &q) == KINF_ERR_INVAL; }
        CHECK_INT(refused, i);
    }
    /* more header fields than KINF_MAX_HEADERS (7 here) */
    CHECK_INT(kinf__hub_parse("GET / HTTP/1.1\r\na: 1\r\nb: 1\r\nc: 1\r\nd: 1\r\ne: 1\r\nf: 1\r\ng: 1\r\nh: 1\r\n\r\n", 68, &q), KINF_ERR_NOMEM);
    CHECK_INT(kinf__hub_parse("GET / HTTP/1.1\r\na: 1\r\nb: 1\r\nc: 1\r\nd: 1\r\ne: 1\r\nf: 1\r\ng: 1\r\n\r\n", 62, &q), KINF_OK);
    {
        const char* seg[8];
        size_t len[8];
        CHECK_INT(kinf__hub_seg("/api/v1/pods", 12, seg, len, 8), 3);
        CHECK_INT(kinf__hub_seg("/api//v1", 8, seg, len, 8), -1);
        CHECK_INT(kinf__hub_seg("/api/v1/", 8, seg, len, 8), 2);
        CHECK_INT(kinf__hub_seg("/a/b/c/d/e/f/g/h/i", 18, seg, len, 8), -1);
    }
}

/* the hub's bytes to client id, all of them sent; into a static buffer */
static const char* hub_out(kinf_hub_t* h, int id, uint64_t t) {
    static char buf[16384];
    size_t o = 0, n;
    const uint8_t* p;
    int rounds;
    for (rounds = 0; rounds < 64 && (p = kinf_hub_sendbuf(h, id, &n)) != 0; rounds++) {
        size_t k = n < sizeof(buf) - 1 - o ? n : sizeof(buf) - 1 - o;
        memcpy(buf + o, p, k); o += k;
        kinf_hub_sent(h, id, n, t);
    }
    buf[o] = 0;
    return buf;
}
/* a request into client id, its answer out */
static const char* hub_ask(kinf_hub_t* h, int id, const char* req, uint64_t t) {
    size_t cap, n = strlen(req);
    uint8_t* b = kinf_hub_recvbuf(h, id, &cap);
    if (!b || cap < n) { return "(no room)"; }
    memcpy(b, req, n);
    kinf_hub_recvd(h, id, n, t);
    kinf_hub_tick(h, t);
    return hub_out(h, id, t);
}
static kinf_hub_t* hub_mk(kinf_factory_t* f, int max_clients, const char* token, int ring_events, size_t ring_bytes) {
    kinf_hub_desc_t d;
    size_t n;
    void* mem;
    memset(&d, 0, sizeof(d));
    d.factory = f; d.max_clients = max_clients; d.token = token; d.ring_events = ring_events; d.ring_bytes = ring_bytes;
    d.logger.func = rec_log;
    n = kinf_hub_size(&d);
    if (!n || !(mem = malloc(n))) { return 0; }
    return kinf_hub_init(mem, n, &d);
}
static void test_hub_serve(void) {
    kinf_factory_t* f;
    kinf_informer_t* po;
    kinf_hub_t* h;
    uint64_t t = ENG_T0;
    const char* r;
    int id, id2;
    g_test = "hub serve";
    f = fa_mk(1, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    po = fa_req(f, "pods", 0, 0, 0, 0);
    if (!CHECK(po != 0)) { return; }
    CHECK(kinf_hub_size(0) == 0);
    h = hub_mk(f, 2, 0, 4, 1024);
    if (!CHECK(h != 0)) { return; }
    CHECK_INT(kinf_hub_serve(h, po), KINF_OK);
    kinf_factory_start(f);
    id = kinf_hub_open(h, 0, t);
    CHECK(id >= 0);
    /* before the informer has synced: 503, not an empty list */
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 503 ", 13));
    fa_list(po, t, "{\"metadata\":{\"name\":\"p1\",\"namespace\":\"ns-1\",\"uid\":\"u1\",\"resourceVersion\":\"5\"},\"spec\":{}}");
    CHECK(kinf_has_synced(po));
    kinf_hub_tick(h, t);
    /* discovery: the cached resources */
    r = hub_ask(h, id, "GET /api/v1 HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "\"name\":\"pods\"") != 0 && strstr(r, "\"kind\":\"Pod\"") != 0 && strstr(r, "\"namespaced\":true") != 0);
    r = hub_ask(h, id, "GET /apis HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "\"APIGroupList\"") != 0 && strstr(r, "\"groups\":[]") != 0);
    /* one object, its kind and apiVersion put in front */
    r = hub_ask(h, id, "GET /api/v1/namespaces/ns-1/pods/p1 HTTP/1.1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 200 ", 13));
    CHECK(strstr(r, "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p1\"") != 0);
    CHECK(strstr(r, "X-Kinformer-Confirmed-Age-Ms: ") != 0);
    {
        /* chunked: one chunk of the object, its size right, then the last chunk */
        const char* b = strstr(r, "\r\n\r\n");
        unsigned long n = b ? strtoul(b + 4, 0, 16) : 0;
        CHECK(b && n > 20 && n < 4096 && b[12] == '\r' && b[14] == '{' && strlen(b + 14) == n + 7 && !strcmp(b + 14 + n, "\r\n0\r\n\r\n"));
    }
    /* absent: 404 with a Status */
    r = hub_ask(h, id, "GET /api/v1/namespaces/ns-1/pods/p2 HTTP/1.1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 404 ", 13) && strstr(r, "\"reason\":\"NotFound\"") && strstr(r, "\"code\":404"));
    /* a list, with the list's resourceVersion; a namespace's */
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "\"kind\":\"PodList\"") && strstr(r, "\"name\":\"p1\"") && strstr(r, "\"resourceVersion\":\"9\"}"));
    r = hub_ask(h, id, "GET /api/v1/namespaces/ns-2/pods HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "\"items\":[") && !strstr(r, "\"name\":\"p1\""));
    /* a watch-list: the initial events, then the end bookmark */
    r = hub_ask(h, id, "GET /api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\""));
    CHECK(strstr(r, "\"resourceVersion\":\"9\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}"));
    /* changes while it watches: into the window, out to the watcher */
    {
        kinf__hres* rs = &h->res[0];
        kinf_object_t o;
        memset(&o, 0, sizeof(o));
        o.key = "ns-1/p3"; o.name = "p3"; o.namespace_ = "ns-1"; o.uid = "u3"; o.resource_version = "10";
        o.json = "{\"metadata\":{\"name\":\"p3\",\"namespace\":\"ns-1\",\"resourceVersion\":\"10\"}}"; o.json_len = strlen(o.json);
        kinf__hub_record(rs, 0, &o, 10);
        kinf_hub_tick(h, t);
        r = hub_out(h, id, t);
        CHECK(strstr(r, "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"p3\"") != 0);
        /* a bookmark after the period, at the window's newest */
        kinf_hub_tick(h, t + 10001);
        r = hub_out(h, id, t + 10001);
        CHECK(strstr(r, "\"type\":\"BOOKMARK\"") && strstr(r, "\"resourceVersion\":\"10\"") && !strstr(r, "initial-events-end"));
        /* a second client resumes from 9: p3's change; from 5 (before the window): 410 */
        id2 = kinf_hub_open(h, 0, t);
        CHECK(id2 >= 0);
        r = hub_ask(h, id2, "GET /api/v1/pods?watch=1&resourceVersion=9 HTTP/1.1\r\n\r\n", t);
        CHECK(strstr(r, "\"name\":\"p3\"") != 0 && !strstr(r, "\"name\":\"p1\""));
        kinf_hub_closed(h, id2);
        id2 = kinf_hub_open(h, 0, t);
        r = hub_ask(h, id2, "GET /api/v1/pods?watch=1&resourceVersion=5 HTTP/1.1\r\n\r\n", t);
        CHECK(strstr(r, "\"type\":\"ERROR\"") && strstr(r, "\"reason\":\"Expired\",\"code\":410"));
        /* the full pool: the third client is refused */
        log_reset();
        CHECK_INT(kinf_hub_open(h, 0, t), KINF_ERR_NOMEM);
        CHECK_INT(logged(KINF_LOGITEM_HUB_FULL), 1);
        { size_t bl; const char* b = kinf_hub_busy(&bl); CHECK(bl == strlen(b) && strstr(b, " 503 ") && strstr(b, "\"code\":503}") && strstr(b, "Content-Length: 158\r\n")); }
        kinf_hub_closed(h, id2);
        /* more changes than the window holds (4): the watcher behind it is ended */
        for (id2 = 11; id2 < 20; id2++) {
            char rv[12];
            snprintf(rv, sizeof(rv), "%d", id2);
            o.resource_version = rv;
            kinf__hub_record(rs, 1, &o, (uint64_t)id2);
        }
        CHECK(rs->head - rs->tail <= 4);
        CHECK(rs->floor >= 11);
        kinf_hub_tick(h, t + 10002); /* the watcher's cursor is behind the window now */
        r = hub_out(h, id, t + 10002);
        CHECK(strstr(r, "0\r\n\r\n") != 0);
        /* the window's area holds entries that wrapped around, each whole */
        {
            uint64_t i;
            int whole = 1;
            for (i = rs->tail; i < rs->head; i++) {
                const kinf__hev* e = &rs->ev[i % 4];
                const char* p = (const char*)rs->data + e->off + e->ev;
                whole &= e->off + e->len <= 1024 && !strncmp(p, "{\"type\":\"MODIFIED\"", 17) && p[e->len - e->ev - 1] == '\n';
            }
            CHECK(whole);
        }
    }
    /* a watch with a selector: a change that takes an object out of it is a delete to this watcher */
    {
        kinf__hres* rs = &h->res[0];
        kinf_object_t o;
        id2 = kinf_hub_open(h, 0, t);
        r = hub_ask(h, id2, "GET /api/v1/pods?watch=1&resourceVersion=19&labelSelector=app%3Dweb HTTP/1.1\r\n\r\n", t);
        CHECK(STARTS(r, "HTTP/1.1 200 "));
        memset(&o, 0, sizeof(o));
        o.key = "ns-1/s1"; o.name = "s1"; o.namespace_ = "ns-1"; o.uid = "us"; o.resource_version = "20";
        o.json = "{\"metadata\":{\"name\":\"s1\",\"namespace\":\"ns-1\",\"labels\":{\"app\":\"web\"}}}"; o.json_len = strlen(o.json);
        kinf__hub_record(rs, 0, &o, 20);
        o.resource_version = "21";
        o.json = "{\"metadata\":{\"name\":\"s1\",\"namespace\":\"ns-1\",\"labels\":{\"app\":\"db\"}}}"; o.json_len = strlen(o.json);
        kinf__hub_record(rs, 1, &o, 21);
        o.key = "ns-1/s2"; o.name = "s2";
        o.json = "{\"metadata\":{\"name\":\"s2\",\"namespace\":\"ns-1\"}}"; o.json_len = strlen(o.json);
        kinf__hub_record(rs, 0, &o, 22);
        kinf_hub_tick(h, t);
        r = hub_out(h, id2, t);
        CHECK(strstr(r, "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"s1\"") != 0);
        CHECK(strstr(r, "{\"type\":\"DELETED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"s1\"") != 0);
        CHECK(!strstr(r, "\"name\":\"s2\"") && !strstr(r, "MODIFIED"));
        kinf_hub_closed(h, id2);
        id2 = kinf_hub_open(h, 0, t);
        r = hub_ask(h, id2, "GET /api/v1/pods?labelSelector=app%20in%20( HTTP/1.1\r\n\r\n", t);
        CHECK(STARTS(r, "HTTP/1.1 400 ") && strstr(r, "\"reason\":\"BadRequest\""));
        kinf_hub_closed(h, id2);
    }
    /* a change the informer has read but not delivered yet: a list stands
       at the window's newest, not at the informer's resourceVersion */
    {
        kinf_engine_t* e = kinf_informer_engine(po);
        unsigned st = kinf_engine_tick(e, t);
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(e, t); }
        eng_send(po, t);
        eng_recv(po, http("200 OK", "", "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"q\",\"namespace\":\"ns-1\","
                                       "\"uid\":\"uq\",\"resourceVersion\":\"99\"}}}\n", 1), 64, t);
        CHECK(kinf_stats(po).fifo_len > 0 && !strcmp(kinf_resource_version(po), "99"));
        id2 = kinf_hub_open(h, 0, t);
        r = hub_ask(h, id2, "GET /api/v1/pods HTTP/1.1\r\n\r\n", t);
        CHECK(strstr(r, "\"metadata\":{\"resourceVersion\":\"22\"}") != 0);
        kinf_hub_closed(h, id2);
    }
    /* hostile heads: an oversized one gets 431 and the connection closes */
    kinf_hub_closed(h, id);
    id = kinf_hub_open(h, 0, t);
    {
        char big[601];
        memset(big, 'a', sizeof(big));
        memcpy(big, "GET /", 5);
        big[sizeof(big) - 1] = 0;
        log_reset();
        r = hub_ask(h, id, big, t);
        CHECK(!strncmp(r, "(no room)", 9)); /* more than the head's room is not even taken */
        r = hub_ask(h, id, big + 88, t);     /* 512 bytes and no end: refused */
        CHECK(!strncmp(r, "HTTP/1.1 431 ", 13) && strstr(r, "Connection: close"));
        CHECK_INT(logged(KINF_LOGITEM_HUB_HEAD_TOO_LARGE), 1);
        CHECK(kinf_hub_state(h, id) & KINF_HUB_CLOSE);
    }
    kinf_hub_closed(h, id);
    id = kinf_hub_open(h, 0, t);
    r = hub_ask(h, id, "GET / HTTP/1.1\r\nBad Name: 1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 400 ", 13) && strstr(r, "\"reason\":\"BadRequest\"") && (kinf_hub_state(h, id) & KINF_HUB_CLOSE));
    kinf_hub_closed(h, id);
    /* writes with no forwarding: 405; idle clients closed */
    id = kinf_hub_open(h, 0, t);
    r = hub_ask(h, id, "DELETE /api/v1/namespaces/ns-1/pods/p1 HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", t);
    CHECK(!strncmp(r, "HTTP/1.1 405 ", 13));
    r = hub_ask(h, id, "GET /healthz HTTP/1.1\r\n\r\n", t); /* the body was read past: the next request is whole */
    CHECK(!strncmp(r, "HTTP/1.1 200 ", 13) && strstr(r, "\r\n\r\nok"));
    kinf_hub_tick(h, t + 120001);
    CHECK(kinf_hub_state(h, id) & KINF_HUB_CLOSE);
    kinf_hub_closed(h, id);
    /* a stale id looks up as nothing */
    CHECK_INT(kinf_hub_state(h, id), KINF_HUB_CLOSE);
    {
        /* BUG (found by tests/fuzz/fuzz_hub.c): after 32,768 clients of a slot its id was negative, the client lost */
        int k, neg = 0, last = -1;
        for (k = 0; k < 70000; k++) { last = kinf_hub_open(h, 0, t); neg += last < 0; kinf_hub_closed(h, last); }
        CHECK_INT(neg, 0);
        last = kinf_hub_open(h, 0, t);
        r = hub_ask(h, last, "GET /healthz HTTP/1.1\r\n\r\n", t);
        CHECK(STARTS(r, "HTTP/1.1 200 "));
        kinf_hub_closed(h, last);
    }
    /* a token: none or a wrong one is 401 with a Status */
    kinf__strlcpy(h->token, "s3cret", sizeof(h->token)); /* as desc.token sets it */
    id = kinf_hub_open(h, 1, t);
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 401 ", 13) && strstr(r, "\"reason\":\"Unauthorized\"") && strstr(r, "\"code\":401"));
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\nAuthorization: Bearer s3cres\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 401 ", 13));
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\nAuthorization: Bearer s3cretX\r\n\r\n", t); /* the token and more */
    CHECK(!strncmp(r, "HTTP/1.1 401 ", 13));
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\nAuthorization: Bearer s3cre\r\n\r\n", t);   /* a prefix of it */
    CHECK(!strncmp(r, "HTTP/1.1 401 ", 13));
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\nAuthorization: Basic s3cret\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 401 ", 13));
    r = hub_ask(h, id, "GET /api/v1/pods HTTP/1.1\r\nAuthorization: Bearer s3cret\r\n\r\n", t);
    if (!CHECK(!strncmp(r, "HTTP/1.1 200 ", 13))) { printf("%s\n", r); }
    id2 = kinf_hub_open(h, 0, t); /* a client of a unix socket: no token asked */
    r = hub_ask(h, id2, "GET /api/v1/pods HTTP/1.1\r\n\r\n", t);
    CHECK(!strncmp(r, "HTTP/1.1 200 ", 13));
    kinf_hub_closed(h, id); kinf_hub_closed(h, id2);
    /* addresses: loopback and unix only */
    log_reset();
    CHECK_INT(kinf_hub_listen(h, "0.0.0.0:8080", 0), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_listen(h, "10.0.0.1:8080", 0), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_listen(h, "localhost:8080", 0), KINF_ERR_INVAL);
    CHECK_INT(logged(KINF_LOGITEM_HUB_BAD_ADDRESS), 3);
    /* the same forms read with no I/O and nothing logged (khub checks its --listen before it contacts anyone) */
    CHECK_INT(kinf_hub_address("unix:/run/khub.sock"), KINF_OK);
    CHECK_INT(kinf_hub_address("127.0.0.1:8080"), KINF_OK);
    CHECK_INT(kinf_hub_address("[::1]:0"), KINF_OK);
    CHECK_INT(kinf_hub_address("0.0.0.0:8080"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address("localhost:8080"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address("127.0.0.1:65536"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address("127.0.0.1"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address("[::1]8080"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address("unix:"), KINF_ERR_INVAL);
    CHECK_INT(kinf_hub_address(0), KINF_ERR_INVAL);
    CHECK_INT(logged(KINF_LOGITEM_HUB_BAD_ADDRESS), 3);
    /* shut down, the hub leaves no handler behind: the informer goes on
       (a relist delivered) and the hub's memory can be reused at once */
    CHECK_INT(po->nhandlers, 1);
    kinf_hub_shutdown(h);
    CHECK_INT(po->nhandlers, 0);
    memset(h, 0x5a, h->mem_size);
    {
        /* the handlers' delivery of a change (a stale handler of the hub's
           would read the poisoned memory as its resource and crash) */
        kinf_object_t o;
        uint64_t d0 = kinf_stats(po).delivered_adds;
        memset(&o, 0, sizeof(o));
        o.key = "ns-1/p9"; o.name = "p9"; o.namespace_ = "ns-1"; o.uid = "u9"; o.resource_version = "50";
        o.json = "{\"metadata\":{\"name\":\"p9\",\"namespace\":\"ns-1\"}}"; o.json_len = strlen(o.json);
        kinf__hd_deliver_add(po, &o);
        CHECK_INT(kinf_stats(po).delivered_adds, d0 + 1);
    }
    free(h);
    kinf_factory_shutdown(f);
    free(f);
}

/* what test_hub_serve does not reach: a paged list (limit, continue), a
   group's discovery, a selector on a field the cache does not keep, a cache
   narrowed by a selector of its own, a watch's timeoutSeconds, and a client
   whose bytes do not move */
static int hub_count(const char* s, const char* lit) {
    int n = 0;
    for (; (s = strstr(s, lit)) != 0; s++) { n++; }
    return n;
}
static void test_hub_more(void) {
    static const char* const keep[] = { "spec.replicas" };
    kinf_factory_t* f;
    kinf_informer_t *po, *dp;
    kinf_hub_t* h;
    uint64_t t = ENG_T0;
    const char* r;
    char req[256], tok[64];
    int id;
    g_test = "hub more";
    f = fa_mk(2, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    po = fa_req(f, "pods", 0, 0, 0, 0);
    dp = fa_req(f, "deploy", 0, "app=web", keep, 1); /* narrowed: a selector of its own, and projected */
    if (!CHECK(po && dp)) { return; }
    h = hub_mk(f, 2, 0, 16, 4096);
    if (!CHECK(h != 0)) { return; }
    CHECK(kinf_hub_serve(h, po) == KINF_OK && kinf_hub_serve(h, dp) == KINF_OK);
    kinf_factory_start(f);
    fa_list(po, t, "{\"metadata\":{\"name\":\"p1\",\"namespace\":\"ns-1\",\"uid\":\"u1\",\"resourceVersion\":\"5\"}},"
                   "{\"metadata\":{\"name\":\"p2\",\"namespace\":\"ns-1\",\"uid\":\"u2\",\"resourceVersion\":\"6\"}},"
                   "{\"metadata\":{\"name\":\"p3\",\"namespace\":\"ns-2\",\"uid\":\"u3\",\"resourceVersion\":\"7\"}}");
    fa_list(dp, t, "{\"metadata\":{\"name\":\"d1\",\"namespace\":\"ns-1\",\"uid\":\"d1\",\"resourceVersion\":\"8\",\"labels\":{\"app\":\"web\"}},"
                   "\"spec\":{\"replicas\":2,\"paused\":false}}");
    kinf_hub_tick(h, t);
    id = kinf_hub_open(h, 0, t);
    /* limit and continue: two pages, each object once, the second at the first's resourceVersion */
    r = hub_ask(h, id, "GET /api/v1/pods?limit=2 HTTP/1.1\r\n\r\n", t);
    {
        const char* k = strstr(r, "\"continue\":\"");
        size_t n = k ? strcspn(k + 12, "\"") : 0;
        int first = hub_count(r, "\"name\":\"p");
        CHECK(STARTS(r, "HTTP/1.1 200 ") && first == 2 && k && n > 0 && n < sizeof(tok));
        tok[0] = 0;
        if (k && n < sizeof(tok)) { memcpy(tok, k + 12, n); tok[n] = 0; }
        snprintf(req, sizeof(req), "GET /api/v1/pods?limit=2&continue=%s HTTP/1.1\r\n\r\n", tok);
        r = hub_ask(h, id, req, t);
        CHECK(STARTS(r, "HTTP/1.1 200 ") && hub_count(r, "\"name\":\"p") == 1 && !strstr(r, "\"continue\"") &&
              strstr(r, "\"metadata\":{\"resourceVersion\":\"9\"}"));
    }
    r = hub_ask(h, id, "GET /api/v1/pods?limit=3 HTTP/1.1\r\n\r\n", t); /* all of it: no continue */
    CHECK(hub_count(r, "\"name\":\"p") == 3 && !strstr(r, "\"continue\""));
    r = hub_ask(h, id, "GET /api/v1/namespaces/ns-1/pods?limit=1 HTTP/1.1\r\n\r\n", t); /* a namespace's, paged */
    CHECK(hub_count(r, "\"name\":\"p") == 1 && strstr(r, "\"continue\":\""));
    r = hub_ask(h, id, "GET /api/v1/pods?limit=2&continue=x9 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 400 ") && strstr(r, "continue token is malformed"));
    r = hub_ask(h, id, "GET /api/v1/pods?limit=2&continue=3.1 HTTP/1.1\r\n\r\n", t); /* older than the window */
    CHECK(STARTS(r, "HTTP/1.1 410 ") && strstr(r, "\"reason\":\"Expired\""));
    /* a group's discovery */
    r = hub_ask(h, id, "GET /apis HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "{\"name\":\"apps\",\"versions\":[{\"groupVersion\":\"apps/v1\",\"version\":\"v1\"}]") != 0);
    r = hub_ask(h, id, "GET /apis/apps/v1 HTTP/1.1\r\n\r\n", t);
    CHECK(strstr(r, "\"groupVersion\":\"apps/v1\"") && strstr(r, "\"name\":\"deployments\"") && strstr(r, "\"kind\":\"Deployment\"") &&
          !strstr(r, "\"name\":\"pods\""));
    r = hub_ask(h, id, "GET /apis/batch/v1 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 404 "));
    r = hub_ask(h, id, "GET /version HTTP/1.1\r\n\r\n", t); /* no forwarding: the hub's own */
    CHECK(STARTS(r, "HTTP/1.1 200 ") && strstr(r, "\"gitVersion\":\"v0.0.0-kinformer-") && strstr(r, "\"platform\":\"khub\""));
    r = hub_ask(h, id, "GET /api HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 ") && strstr(r, "\"kind\":\"APIVersions\",\"versions\":[\"v1\"]"));
    /* the narrowed cache: with its selector, served; without it, not (it holds only those) */
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%3Dweb HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 ") && strstr(r, "\"kind\":\"DeploymentList\",\"apiVersion\":\"apps/v1\"") && strstr(r, "\"name\":\"d1\""));
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%20notin%20(x%2Cweb)%2C%20app%3Dweb HTTP/1.1\r\n\r\n", t);
    if (!CHECK(STARTS(r, "HTTP/1.1 200 ") && !strstr(r, "\"name\":\"d1\""))) { printf("%s\n", r); } /* more terms: a part of the cache */
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 400 ") && strstr(r, "holds only the objects of its selector") && strstr(r, "app=web"));
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%3Ddb HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 400 "));
    CHECK(kinf__hub_covers("a in (x,y), b=1", "b=1,a in (x,y)") && kinf__hub_covers("", "") && kinf__hub_covers("b=1", "") &&
          !kinf__hub_covers("a=1", "a=1,b=1") && !kinf__hub_covers("a in (x,y)", "a in (x"));
    /* a term in any of its spellings: spaces, "==" for "=", "in" of one value for "=" */
    CHECK(kinf__hub_covers("tier==web", "tier=web") && kinf__hub_covers("b=1, tier = web", "tier==web") &&
          kinf__hub_covers("tier in (web)", "tier=web") && kinf__hub_covers("tier=web", "tier in ( web )") &&
          kinf__hub_covers("a in(x,y)", "a  in  (x, y)") && kinf__hub_covers("a != b", "a!=b") && kinf__hub_covers("spec.nodeName==n1", "spec.nodeName=n1"));
    /* a set in any order, a value written twice once */
    CHECK(kinf__hub_covers("a in (y, x)", "a in (x,y)") && kinf__hub_covers("a notin (c,a,b,a)", "a notin (a, b, c)") &&
          kinf__hub_covers("tier in (web,web)", "tier=web") && kinf__hub_covers("a in (,x)", "a in (x,)") &&
          !kinf__hub_covers("a in (x,y)", "a notin (x,y)") && !kinf__hub_covers("a in (x,y)", "a in (x,y,z)") && !kinf__hub_covers("a in (x)", "a in (,x)"));
    /* and not another term: notin is no "=", a set of two no "=", a key ending in "in" is its own */
    CHECK(!kinf__hub_covers("tier notin (web)", "tier=web") && !kinf__hub_covers("tier in (web,db)", "tier=web") &&
          !kinf__hub_covers("tier!=web", "tier=web") && !kinf__hub_covers("tierin=web", "tier=web") && !kinf__hub_covers("tier=webx", "tier=web") &&
          !kinf__hub_covers("ti er=web", "tier=web"));
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%20in%20(web) HTTP/1.1\r\n\r\n", t); /* the same selector, spelled otherwise: served */
    CHECK(STARTS(r, "HTTP/1.1 200 ") && strstr(r, "\"name\":\"d1\""));
    /* a field the cache does not keep: 400 naming it; one it keeps is judged */
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%3Dweb&fieldSelector=spec.paused%3Dfalse HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 400 ") && strstr(r, "does not keep the field the selector reads: spec.paused"));
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%3Dweb&fieldSelector=spec.replicas%3D2 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 ") && strstr(r, "\"name\":\"d1\""));
    r = hub_ask(h, id, "GET /apis/apps/v1/deployments?labelSelector=app%3Dweb&fieldSelector=spec.replicas%3D3 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 ") && !strstr(r, "\"name\":\"d1\""));
    /* a get outside the narrowed cache, with no forwarding: 404 (with forwarding it is the API server's to answer) */
    r = hub_ask(h, id, "GET /apis/apps/v1/namespaces/ns-1/deployments/d2 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 404 "));
    /* timeoutSeconds: the stream ends after it, not before */
    r = hub_ask(h, id, "GET /api/v1/pods?watch=1&resourceVersion=9&timeoutSeconds=5 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 ") && !strstr(r, "\r\n0\r\n\r\n"));
    kinf_hub_tick(h, t + 4999);
    r = hub_out(h, id, t + 4999);
    CHECK(!strstr(r, "0\r\n\r\n") && (kinf_hub_state(h, id) & KINF_HUB_RECV));
    kinf_hub_tick(h, t + 5000);
    r = hub_out(h, id, t + 5000);
    CHECK(!strcmp(r, "0\r\n\r\n"));
    r = hub_ask(h, id, "GET /healthz HTTP/1.1\r\n\r\n", t + 5000); /* the connection goes on */
    CHECK(STARTS(r, "HTTP/1.1 200 "));
    kinf_hub_closed(h, id);
    /* a client that takes none of its bytes: closed after the slow limit (15 s), its bytes dropped */
    id = kinf_hub_open(h, 0, t);
    {
        static const char w[] = "GET /api/v1/pods?watch=1 HTTP/1.1\r\n\r\n";
        size_t cap, n;
        uint8_t* b = kinf_hub_recvbuf(h, id, &cap);
        kinf_hub_stats_t s0 = kinf_hub_stats(h);
        if (CHECK(b && cap > sizeof(w))) { memcpy(b, w, sizeof(w) - 1); kinf_hub_recvd(h, id, sizeof(w) - 1, t); }
        kinf_hub_tick(h, t);
        CHECK(kinf_hub_sendbuf(h, id, &n) != 0 && n > 0);
        kinf_hub_tick(h, t + 15000);
        CHECK(kinf_hub_state(h, id) & KINF_HUB_SEND);
        kinf_hub_tick(h, t + 15001);
        CHECK_INT(kinf_hub_state(h, id), KINF_HUB_CLOSE);
        CHECK(kinf_hub_sendbuf(h, id, &n) == 0 && kinf_hub_stats(h).slow_ended == s0.slow_ended + 1);
    }
    kinf_hub_closed(h, id);
    /* a watcher with nothing to take for longer than the slow limit (no bookmarks asked, nothing changed) is not
       behind: a change after the quiet spell goes out, the client is not ended */
    id = kinf_hub_open(h, 0, t);
    r = hub_ask(h, id, "GET /api/v1/pods?watch=1&resourceVersion=9 HTTP/1.1\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 200 "));
    kinf_hub_tick(h, t + 20000);
    CHECK(kinf_hub_state(h, id) == KINF_HUB_RECV);
    {
        kinf__hres* rs = &h->res[0];
        kinf_object_t o;
        kinf_hub_stats_t s0 = kinf_hub_stats(h);
        memset(&o, 0, sizeof(o));
        o.key = "ns-1/q1"; o.name = "q1"; o.namespace_ = "ns-1"; o.uid = "uq"; o.resource_version = "30";
        o.json = "{\"metadata\":{\"name\":\"q1\",\"namespace\":\"ns-1\"}}"; o.json_len = strlen(o.json);
        CHECK(!strcmp(rs->r.name, "pods"));
        kinf__hub_record(rs, 0, &o, 30);
        kinf_hub_tick(h, t + 20001); /* the change into its send buffer */
        kinf_hub_tick(h, t + 20002); /* the driver has not yet written it */
        CHECK(kinf_hub_state(h, id) & KINF_HUB_SEND);
        r = hub_out(h, id, t + 20002);
        CHECK(strstr(r, "\"name\":\"q1\"") && kinf_hub_stats(h).slow_ended == s0.slow_ended);
    }
    kinf_hub_closed(h, id);
    kinf_hub_shutdown(h);
    kinf_factory_shutdown(f);
    free(f);
    free(h);
}

/* forwarding through the engine calls: the client's own Authorization and
   nothing of the hub's; the response re-framed; 503 when the server is away */
static void test_hub_forward(void) {
    kinf_factory_t* f;
    kinf_hub_t* h;
    kinf_hub_desc_t d;
    kinf_conn_desc_t fw;
    kinf_engine_t* e;
    uint64_t t = ENG_T0;
    const char* r;
    char sent[2048];
    size_t n, cap;
    const uint8_t* b;
    uint8_t* rb;
    const char* resp;
    int id;
    g_test = "hub forward";
    f = fa_mk(1, 0);
    if (!CHECK(f != 0)) { return; }
    memset(&fw, 0, sizeof(fw));
    fw.server = "http://127.0.0.1:1";
    fw.token = "hub-secret";             /* never lent */
    fw.own_transport = 1;
    memset(&d, 0, sizeof(d));
    d.factory = f; d.max_clients = 2; d.forward = &fw; d.max_forward = 1; d.forward_body_bytes = 64;
    d.logger.func = rec_log;
    n = kinf_hub_size(&d);
    h = n ? (kinf_hub_t*)malloc(n) : 0;
    if (!CHECK(h && kinf_hub_init(h, n, &d) == h)) { free(h); free(f); return; }
    e = kinf_hub_forward_engine(h, 0);
    CHECK(e != 0 && kinf_hub_forward_engine(h, 1) == 0);
    id = kinf_hub_open(h, 0, t);
    r = hub_ask(h, id, "POST /api/v1/namespaces/ns-1/configmaps?fieldManager=x HTTP/1.1\r\nHost: khub\r\nAuthorization: Bearer client-tok\r\n"
                       "Content-Type: application/json\r\nCookie: c\r\nContent-Length: 2\r\n\r\n{}", t);
    CHECK_INT(strlen(r), 0); /* nothing yet: the request is with the API server */
    CHECK(kinf_engine_tick(e, t) & KINF_ENG_CONNECT);
    kinf_engine_connected(e, t);
    b = kinf_engine_sendbuf(e, &n);
    if (!CHECK(b && n < sizeof(sent))) { return; }
    memcpy(sent, b, n); sent[n] = 0;
    kinf_engine_sent(e, n, t);
    CHECK(STARTS(sent, "POST /api/v1/namespaces/ns-1/configmaps?fieldManager=x HTTP/1.1\r\nHost: 127.0.0.1:1\r\n"));
    CHECK(strstr(sent, "authorization: Bearer client-tok\r\n") && !strstr(sent, "hub-secret") && !strstr(sent, "Cookie"));
    CHECK(strstr(sent, "content-length: 2\r\n") && !strcmp(sent + n - 6, "\r\n\r\n{}"));
    resp = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{\"kind\":\"x\"}";
    rb = kinf_engine_recvbuf(e, &cap);
    if (!CHECK(rb && cap >= strlen(resp))) { return; }
    memcpy(rb, resp, strlen(resp));
    kinf_engine_recvd(e, strlen(resp), t);
    kinf_hub_tick(h, t);
    r = hub_out(h, id, t);
    CHECK(STARTS(r, "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"));
    if (!CHECK(strstr(r, "\r\n{\"kind\":\"x\"}\r\n0\r\n\r\n") != 0)) { printf("[%s]\n", r); }
    /* a body over forward_body_bytes: 413, closed */
    r = hub_ask(h, id, "PUT /api/v1/x HTTP/1.1\r\nContent-Length: 65\r\n\r\n", t);
    CHECK(STARTS(r, "HTTP/1.1 413 ") && (kinf_hub_state(h, id) & KINF_HUB_CLOSE));
    kinf_hub_closed(h, id);
    /* the API server away: 503 with a Status */
    id = kinf_hub_open(h, 0, t);
    log_reset();
    r = hub_ask(h, id, "DELETE /api/v1/namespaces/ns-1/configmaps/a HTTP/1.1\r\n\r\n", t);
    /* on the kept connection, which the server closed: tried again on a new one, which fails */
    CHECK(kinf_engine_tick(e, t) & KINF_ENG_SEND);
    kinf_engine_closed(e, t);
    CHECK(kinf_engine_tick(e, t) & KINF_ENG_CONNECT);
    kinf_engine_failed(e, KINF_LOGITEM_CONNECT_FAILED, "refused", t);
    r = hub_out(h, id, t);
    CHECK(STARTS(r, "HTTP/1.1 503 ") && strstr(r, "\"reason\":\"ServiceUnavailable\"") && strstr(r, "\"code\":503"));
    CHECK_INT(logged(KINF_LOGITEM_HUB_FORWARD_FAILED), 1);
    kinf_hub_closed(h, id);
    free(h);
    kinf_factory_shutdown(f);
    free(f);
}
