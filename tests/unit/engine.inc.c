/* engine.inc.c - included by main.c: the engine's public calls (>>engine)
   and the built-in driver (kinf_poll, >>driver): API edges, sizes that
   saturate, SIGPIPE, HTTP errors, backoff, own transport, re-entry from a
   handler, continue tokens. Uses node_index from store.inc.c. */

static int size_null(void) { return kinf_informer_size(0) == 0; }
static int null_args(void) {
    kinf_iter_t it;
    kinf_object_t o;
    kinf_handle_t h;
    memset(&it, 0, sizeof(it)); h.id = 1;
    return kinf_count(0) == 0 && kinf_get(0, "a", &o) == 0 && kinf_next(0, &it, &o) == 0 && kinf_lookup(0, h, &o) == 0 &&
           kinf_index_next(0, 0, "a", &it, &o) == 0 && kinf_has_synced(0) == 0 && kinf_poll(0, 0) == KINF_ERR_INVAL &&
           kinf_run(0) == KINF_ERR_INVAL && kinf_fd(0) == -1 && kinf_wants(0) == 0 && kinf_timeout_ms(0) == -1 &&
           kinf_add_handler(0, &g_handler) == KINF_ERR_INVAL && kinf_add_index(0, "x", node_index, 0) == KINF_ERR_INVAL &&
           kinf_last_error(0) == KINF_LOGITEM_OK && kinf_stats(0).objects == 0 && kinf_resource_version(0)[0] == 0 &&
           (kinf_stop(0), kinf_shutdown(0), kinf_clear_error(0), kinf_stopped(0) == 1) &&
           kinf_field_str(0, "a", (char*)&it, sizeof(it)) == 0;
}
static int g_poll_result = 99;
static void h_add_poll(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)o; (void)u; g_poll_result = kinf_poll(inf, 0); }
static void h_upd_stop(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) { (void)a; (void)b; (void)u; kinf_stop(inf); }
static void test_api_edges(void) {
    kinf_informer_t* inf;
    kinf_desc_t d;
    kinf_object_t o;
    char name[300], big[8192];
    g_test = "api_null";
    /* BUG (fixed in cd6e97a): kinf_informer_size(NULL) dereferenced NULL (kinf__setup_defaults(desc)
       copies *desc); kinf_init(mem, size, NULL) returns NULL, this crashes. */
    CHECK(isolated(size_null, 2));
    CHECK(isolated(null_args, 2));
    CHECK_STR(kinf_log_item_name(KINF_LOGITEM_STORE_FULL), "STORE_FULL");
    CHECK_STR(kinf_log_item_name(KINF_LOGITEM_OK), "OK");
    CHECK_STR(kinf_log_item_name(KINF_LOGITEM_COUNT), "?");
    CHECK_STR(kinf_log_item_name(0xffffffffu), "?");
    /* handlers: full; a callback may not poll; it may stop */
    g_test = "api_handlers";
    desc_base(&d);
    d.max_handlers = 2;
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        kinf_handler_t hp = { h_add_poll, 0, 0, 0, 0 };
        kinf_handler_t hs = { 0, h_upd_stop, 0, 0, 0 };
        CHECK_INT(kinf_add_handler(inf, &hp), 0);
        CHECK_INT(kinf_add_handler(inf, &g_handler), 1);
        log_reset();
        CHECK_INT(kinf_add_handler(inf, &g_handler), KINF_ERR_NOMEM);
        CHECK_INT(logged(KINF_LOGITEM_HANDLERS_FULL), 1);
        CHECK_INT(kinf_add_handler(inf, 0), KINF_ERR_INVAL);
        watch_begin(inf);
        evlog_reset();
        pod(inf, "ADDED", "ns", "a", "1", 0);
        pod(inf, "ADDED", "ns", "b", "2", 0);
        dispatch(inf);
        CHECK_INT(g_poll_result, KINF_ERR_STATE);
        CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2");
        inf->handlers[0].h = hs; /* now the first handler stops the informer */
        evlog_reset();
        pod(inf, "MODIFIED", "ns", "a", "3", 0);
        pod(inf, "MODIFIED", "ns", "b", "4", 0);
        dispatch(inf);
        CHECK_STR(g_evlog, "U ns/a 1>3"); /* the current delta finishes, no more after stop */
        CHECK_INT(kinf_stopped(inf), 1);
        CHECK_INT(inf->flen, 1);
        CHECK_INT(kinf_poll(inf, 0), KINF_OK);
        alarm(30); /* a stopped informer's poll neither waits nor reads: without a limit either (the alarm ends a hang) */
        CHECK_INT(kinf_poll(inf, -1), KINF_OK);
        alarm(0);
        CHECK_INT(inf->flen, 1);
        if (kinf_stopped(inf)) { CHECK_INT(kinf_run(inf), KINF_OK); } /* returns at once */
        rm(inf);
    }
    /* counters */
    g_test = "api_stats";
    inf = mk_fifo(0, 0, 0);
    if (CHECK(inf != 0)) {
        kinf_stats_t st;
        pod(inf, "ADDED", "ns", "a", "1", 0);
        pod(inf, "MODIFIED", "ns", "a", "2", 0);
        dispatch(inf);
        pod(inf, "MODIFIED", "ns", "a", "3", 0);
        dispatch(inf);
        pod(inf, "DELETED", "ns", "a", "4", 0);
        feeds(inf, "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"5\"}}}");
        dispatch(inf);
        st = kinf_stats(inf);
        CHECK_INT(st.events, 5); CHECK_INT(st.added, 1); CHECK_INT(st.modified, 2); CHECK_INT(st.deleted, 1); CHECK_INT(st.bookmarks, 1);
        CHECK_INT(st.delivered_adds, 1); CHECK_INT(st.delivered_updates, 1); CHECK_INT(st.delivered_deletes, 1);
        CHECK_INT(st.objects, 0); CHECK_INT(st.fifo_len, 0); CHECK_INT(st.store_used, 0);
        CHECK(st.store_peak > 0);
        rm(inf);
    }
    /* identity limits: a name of 255 bytes is fine, 256 is not; an RV of 127, 128 */
    g_test = "api_identity";
    inf = mk_fifo(0, 0, 0);
    if (CHECK(inf != 0)) {
        char rv[200];
        memset(name, 'n', 255); name[255] = 0;
        log_reset();
        CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"%s\",\"resourceVersion\":\"1\"}}", name, name), 0);
        CHECK_INT(kinf_count(inf), 1);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 0);
        name[255] = 'n'; name[256] = 0;
        CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"%s\",\"resourceVersion\":\"1\"}}", name), 0);
        CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"x\",\"namespace\":\"%s\",\"resourceVersion\":\"1\"}}", name), 0);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 2);
        CHECK_INT(kinf_count(inf), 1);
        memset(rv, '7', 127); rv[127] = 0;
        CHECK_INT(pod(inf, "ADDED", "ns", "r", rv, 0), 0);
        CHECK(kinf_get(inf, "ns/r", &o) && !strcmp(o.resource_version, rv));
        rv[127] = '7'; rv[128] = 0;
        CHECK_INT(pod(inf, "ADDED", "ns", "r2", rv, 0), 0);
        CHECK_INT(logged(KINF_LOGITEM_RV_TOO_LONG), 1); /* its own item, not OBJECT_NO_NAME */
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 2);
        CHECK(!kinf_get(inf, "ns/r2", &o));
        /* cluster-scoped: the key is the name */
        CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"node1\",\"uid\":\"u\",\"resourceVersion\":\"9\"}}"), 0);
        CHECK(kinf_get(inf, "node1", &o) && !strcmp(o.namespace_, "") && !strcmp(o.name, "node1") && !strcmp(o.uid, "u"));
        CHECK(!kinf_get(inf, "/node1", &o));
        rm(inf);
    }
    /* oversized list items and watch deletes take the identity-only path */
    g_test = "api_oversize";
    desc_base(&d);
    d.max_objects = 16; d.max_event_bytes = 4096; d.max_tokens = 64;
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        static char body[16384];
        int i;
        kinf_add_handler(inf, &g_handler);
        memset(big, 'x', 5000); big[5000] = 0;
        log_reset(); evlog_reset();
        snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"10\"},\"items\":[{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"1\"},\"data\":\"%s\"},"
                 "{\"metadata\":{\"name\":\"many\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"},\"data\":[", big);
        for (i = 0; i < 100; i++) { strcat(body, i ? ",1" : "1"); }
        strcat(body, "]},{\"metadata\":{\"name\":\"small\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"}}]}");
        list_begin(inf);
        CHECK_INT(feeds(inf, body), 0);
        CHECK_INT(logged(KINF_LOGITEM_OBJECT_TOO_LARGE), 1);
        {   /* the message names the object and its size: the item's bytes, against max_event_bytes */
            char want[160];
            snprintf(want, sizeof(want), "ns/big: %zu bytes, max_event_bytes 4096",
                     strlen("{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"1\"},\"data\":\"\"}") + 5000);
            if (!CHECK(strstr(g_lastmsg, want) != 0)) { note("logged: %s; want: %s", g_lastmsg, want); }
        }
        CHECK(kinf_get(inf, "ns/big", &o) && (o.flags & KINF_OBJ_IDENTITY_ONLY) && !strcmp(o.uid, "u1"));
        CHECK_STR(o.json, "{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"1\"}}");
        /* max_tokens only sizes the jsmn tokens of Status objects: many values are fine */
        CHECK(kinf_get(inf, "ns/many", &o) && o.flags == 0 && json_valid(o.json, o.json_len));
        CHECK(kinf_get(inf, "ns/small", &o) && o.flags == 0);
        CHECK_INT(kinf_stats(inf).oversized, 1);
        kinf__rf_list_finished(inf);
        dispatch(inf);
        CHECK_STR(g_evlog, "O ns/big ->1 A ns/many 2 A ns/small 3");
        /* a relist with the same RV of an identity-only object: nothing */
        evlog_reset();
        list_begin(inf);
        CHECK_INT(feeds(inf, body), 0);
        kinf__rf_list_finished(inf);
        dispatch(inf);
        CHECK_STR(g_evlog, "");
        /* an oversized watch delete */
        watch_begin(inf);
        CHECK_INT(wev(inf, "DELETED", "{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"resourceVersion\":\"11\"},\"data\":\"%s\"}", big), 0);
        {   /* in a watch the size is the event's: {"type":"DELETED","object":...} */
            char want[160];
            snprintf(want, sizeof(want), "ns/big: %zu bytes, max_event_bytes 4096",
                     strlen("{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"resourceVersion\":\"11\"},\"data\":\"\"}}") + 5000);
            if (!CHECK(strstr(g_lastmsg, want) != 0)) { note("logged: %s; want: %s", g_lastmsg, want); }
        }
        dispatch(inf);
        CHECK_STR(g_evlog, "D ns/big 11");
        CHECK(strstr(g_lastjson, "\"resourceVersion\":\"11\"") != 0);
        /* a too-large ERROR event cannot be read: the stream is broken */
        CHECK_INT(wev(inf, "ERROR", "{\"kind\":\"Status\",\"code\":410,\"message\":\"%s\"}", big), KINF__REC_BROKEN);
        rm(inf);
    }
    /* the token file */
    g_test = "api_token_file";
    {
        char path[] = "/tmp/kinf-unit-tokenXXXXXX";
        int fd = mkstemp(path);
        FILE* f;
        if (CHECK(fd >= 0)) {
            close(fd);
            f = fopen(path, "w"); fputs("SECRET-FILE-TOKEN\n", f); fclose(f);
            desc_base(&d);
            d.token_file = path;
            g_secret_leaked = 0;
            inf = mk(&d);
            if (CHECK(inf != 0)) {
                size_t len;
                /* the engine reads no file: it asks the driver to, before the first request */
                CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), 5000) & (KINF_ENG_TOKEN | KINF_ENG_CONNECT), KINF_ENG_TOKEN | KINF_ENG_CONNECT);
                CHECK_INT(kinf_engine_refresh_token_file(kinf_informer_engine(inf), 5000), KINF_OK);
                CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_TOKEN, 0);
                kinf_engine_connected(kinf_informer_engine(inf), 5000);
                /* the request built at the list's start is built again with the token read since */
                CHECK(kinf_engine_sendbuf(kinf_informer_engine(inf), &len) && strstr(inf->wbuf, "\r\nAuthorization: Bearer SECRET-FILE-TOKEN\r\n") != 0);
                /* ... and again 60 s after it was read */
                CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), 64999) & KINF_ENG_TOKEN, 0);
                CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), 65000) & KINF_ENG_TOKEN, KINF_ENG_TOKEN);
                kinf_engine_set_token(kinf_informer_engine(inf), 0, 65000);
                CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_TOKEN, 0);
                /* after a 401 the file is read again */
                f = fopen(path, "w"); fputs("SECRET-NEW\r\n", f); fclose(f);
                kinf__rf_begin(inf, KINF__PH_WATCH);
                CHECK_INT(respond(inf, http("401 Unauthorized", "", "", 0)), 0);
                CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_TOKEN, KINF_ENG_TOKEN);
                kinf_engine_refresh_token_file(kinf_informer_engine(inf), inf->conn.now);
                CHECK(strstr(request(inf, KINF__PH_LIST), "\r\nAuthorization: Bearer SECRET-NEW\r\n") != 0);
                /* an empty file keeps the last token */
                f = fopen(path, "w"); fclose(f);
                log_reset();
                kinf_engine_refresh_token_file(kinf_informer_engine(inf), inf->conn.now);
                CHECK_INT(logged(KINF_LOGITEM_TOKEN_FILE_UNREADABLE), 1);
                CHECK(strstr(request(inf, KINF__PH_LIST), "Bearer SECRET-NEW\r\n") != 0);
                /* a token of KINF_MAX_TOKEN - 1 bytes fits as desc.token; from a file
                   with the usual trailing newline it should fit as well.
                   BUG (fixed in 4cd7b64): kinf__read_token_file read at most KINF_MAX_TOKEN bytes
                   and calls n == sizeof(buf) too long before trimming the
                   newline, so a 63-byte token + "\n" is refused (TOKEN_TOO_LONG). */
                f = fopen(path, "w");
                memset(big, 'S', KINF_MAX_TOKEN - 1); big[KINF_MAX_TOKEN - 1] = 0;
                fprintf(f, "%s\n", big); fclose(f);
                log_reset();
                kinf_engine_refresh_token_file(kinf_informer_engine(inf), inf->conn.now);
                CHECK_INT(logged(KINF_LOGITEM_TOKEN_TOO_LONG), 0);
                CHECK(strstr(request(inf, KINF__PH_LIST), big) != 0);
                /* a longer one is refused and the last token kept */
                f = fopen(path, "w"); fprintf(f, "%sSS", big); fclose(f);
                log_reset();
                kinf_engine_refresh_token_file(kinf_informer_engine(inf), inf->conn.now);
                CHECK_INT(logged(KINF_LOGITEM_TOKEN_TOO_LONG), 1);
                CHECK(!g_secret_leaked);
                rm(inf);
            }
            unlink(path);
            log_reset();
            inf = mk(&d); /* the file is gone: a warning when it is read, the informer starts */
            if (CHECK(inf != 0)) {
                CHECK_INT(kinf_engine_refresh_token_file(kinf_informer_engine(inf), 0), KINF_ERR_IO);
                CHECK_INT(logged(KINF_LOGITEM_TOKEN_FILE_UNREADABLE), 1);
            }
            rm(inf);
        }
    }
}
/* The layout's sums saturate. On i686, store_bytes 0xf0000000 and
   max_event_bytes 0x10000000 add up to 4 GiB: the size wrapped to 142,776
   bytes, kinf_init took a buffer that small and put the store 268 MB past
   its end. Now kinf_informer_size says SIZE_MAX there and kinf_init refuses
   the desc whatever the buffer (MEMORY_OVERFLOW); a 64-bit build counts the
   bytes and asks for them. */
static void test_size_overflow(void) {
    static unsigned char small[1u << 18]; /* more than any wrapped size */
    kinf_desc_t d;
    size_t n;
    int narrow = sizeof(size_t) < 8;
    g_test = "size_overflow";
    CHECK(kinf__setup_add(SIZE_MAX - 15u, 8u) == SIZE_MAX - 7u);
    CHECK(kinf__setup_add(SIZE_MAX - 15u, 9u) == SIZE_MAX);
    CHECK(kinf__setup_add(SIZE_MAX - 7u, 0u) == SIZE_MAX - 7u);
    CHECK(kinf__setup_add(SIZE_MAX, 0u) == SIZE_MAX);
    CHECK(kinf__setup_add(16u, SIZE_MAX) == SIZE_MAX);
    CHECK(kinf__setup_mul(SIZE_MAX / 3u, 3u) == SIZE_MAX / 3u * 3u);
    CHECK(kinf__setup_mul(SIZE_MAX / 3u + 1u, 3u) == SIZE_MAX);
    CHECK(kinf__setup_mul(SIZE_MAX, 0u) == 0u);
    desc_base(&d);
    d.store_bytes = 0xf0000000u; d.max_event_bytes = 0x10000000u;
    n = kinf_informer_size(&d);
    CHECK(n == SIZE_MAX || (n >= (size_t)0xf0000000u && n - (size_t)0xf0000000u >= (size_t)0x10000000u)); /* no wrap */
    CHECK(narrow ? n == SIZE_MAX : n < SIZE_MAX);
    log_reset();
    CHECK(kinf_init(small, sizeof(small), &d) == 0);
    CHECK_INT(logged(KINF_LOGITEM_MEMORY_OVERFLOW), narrow);
    CHECK_INT(logged(KINF_LOGITEM_MEMORY_TOO_SMALL), !narrow);
    log_reset();
    CHECK(kinf_init(0, 0, &d) == 0); /* no buffer at all: still says why */
    CHECK_INT(logged(KINF_LOGITEM_MEMORY_OVERFLOW), narrow);
    /* the largest store alone still fits a 32-bit size_t, and works */
    desc_base(&d);
    d.store_bytes = 0xfff00000u;
    n = kinf_informer_size(&d);
    CHECK(n != SIZE_MAX && n > (size_t)0xfff00000u);
    /* every capacity at its cap: the 64-bit sum, the 32-bit refusal */
    desc_base(&d);
    d.max_objects = 2000000; d.store_bytes = (size_t)-1; d.max_event_bytes = (size_t)-1; d.read_bytes = (size_t)-1;
    d.max_tokens = 0x7fffffff; d.max_handlers = 1000; d.max_indexes = 100;
    n = kinf_informer_size(&d);
    CHECK(narrow ? n == SIZE_MAX : n > (size_t)0xfff00000u + (size_t)0x7ff00000u);
    log_reset();
    CHECK(kinf_init(small, sizeof(small), &d) == 0);
    CHECK_INT(logged(KINF_LOGITEM_MEMORY_OVERFLOW), narrow);
}
/* A write to a peer that has gone is an IO_ERROR, never a SIGPIPE that kills
   the program: run in a child with SIGPIPE at its default action, the send
   must come back. (MSG_NOSIGNAL here; SO_NOSIGPIPE where the system has only
   that, which tests/test_build.sh compiles.) */
static int send_to_closed_peer(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    int sv[2], ok;
    signal(SIGPIPE, SIG_DFL);
    desc_base(&d);
    inf = mk(&d);
    if (!inf || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) { return 0; }
    close(sv[1]);
    inf->conn.sock.fd = sv[0];
    log_reset();
    ok = kinf__io_send(&inf->conn, "GET / HTTP/1.1\r\n", 16) == -2 && logged(KINF_LOGITEM_IO_ERROR) == 1;
    rm(inf);
    return ok;
}
static void test_no_sigpipe(void) {
    g_test = "no_sigpipe";
    CHECK(isolated(send_to_closed_peer, 5));
}
/* An HTTP error logs the server's Status message, bounded and with control
   bytes and quotes shown as '?'; 400 and 404 are final (kinf_log_item_is_final),
   401, 403, 429 and 5xx are not; the informer still retries. */
static void test_http_error_message(void) {
    kinf_informer_t* inf = eng_mk();
    uint64_t t = ENG_T0;
    static char resp[4096], longmsg[1200];
    g_test = "http_error_message";
    if (!CHECK(inf != 0)) { return; }
    log_reset();
    kinf_engine_tick(kinf_informer_engine(inf), t); kinf_engine_connected(kinf_informer_engine(inf), t); (void)eng_send(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("400 Bad Request", "", "{\"kind\":\"Status\",\"status\":\"Failure\",\"message\":\"field label not supported: spec.nodeNam \\\"x\\\"\\u0007\",\"reason\":\"BadRequest\",\"code\":400}", 0));
    CHECK_INT(eng_recv(inf, resp, 7, t), strlen(resp));
    CHECK_INT(logged(KINF_LOGITEM_BAD_REQUEST), 1);
    CHECK_STR(g_lastmsg, "400 Bad Request: the server refused the request (a selector, or a namespace it does not take): /api/v1/pods (server: field label not supported: spec.nodeNam \\?x\\?\\u0007)");
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_BAD_REQUEST);
    CHECK(kinf_stats(inf).backoffs == 1); /* it backs off and tries again, as client-go */
    rm(inf);
    /* Go's answer to plain HTTP on a TLS port: BAD_REQUEST with the hint */
    inf = eng_mk();
    if (!CHECK(inf != 0)) { return; }
    log_reset();
    kinf_engine_tick(kinf_informer_engine(inf), t); kinf_engine_connected(kinf_informer_engine(inf), t); (void)eng_send(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("400 Bad Request", "", "Client sent an HTTP request to an HTTPS server.\n", 0));
    CHECK_INT(eng_recv(inf, resp, 7, t), strlen(resp));
    CHECK_INT(logged(KINF_LOGITEM_BAD_REQUEST), 1);
    CHECK_STR(g_lastmsg, "400 Bad Request: the server refused the request (a selector, or a namespace it does not take): /api/v1/pods (the server speaks TLS: use https://)");
    rm(inf);
    /* a long message is cut, and says so */
    inf = eng_mk();
    if (!CHECK(inf != 0)) { return; }
    kinf_engine_tick(kinf_informer_engine(inf), t); kinf_engine_connected(kinf_informer_engine(inf), t); (void)eng_send(inf, t);
    memset(longmsg, 'm', sizeof(longmsg) - 1);
    {
        static char body[2048];
        snprintf(body, sizeof(body), "{\"kind\":\"Status\",\"message\":\"%s\",\"code\":503}", longmsg);
        snprintf(resp, sizeof(resp), "%s", http("503 Service Unavailable", "", body, 0));
    }
    CHECK_INT(eng_recv(inf, resp, 4096, t), strlen(resp));
    CHECK_INT(logged(KINF_LOGITEM_SERVER_ERROR), 1);
    CHECK(strstr(g_lastmsg, "(server: mmmm") != 0 && strstr(g_lastmsg, "m...)") != 0 && strlen(g_lastmsg) < 300);
    CHECK(kinf_log_item_is_final(KINF_LOGITEM_BAD_REQUEST) && kinf_log_item_is_final(KINF_LOGITEM_NOT_FOUND) &&
          !kinf_log_item_is_final(KINF_LOGITEM_FORBIDDEN) && !kinf_log_item_is_final(KINF_LOGITEM_UNAUTHORIZED) &&
          !kinf_log_item_is_final(KINF_LOGITEM_SERVER_ERROR) && !kinf_log_item_is_final(KINF_LOGITEM_CONNECT_FAILED) &&
          !kinf_log_item_is_final(KINF_LOGITEM_TOO_MANY_REQUESTS) && !kinf_log_item_is_final(KINF_LOGITEM_COUNT));
    rm(inf);
}
static void test_engine(void) {
    kinf_informer_t* inf = eng_mk();
    kinf_server_t srv;
    uint64_t t = ENG_T0, dl;
    const char* r;
    size_t len;
    static char resp[4096];
    g_test = "engine";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    srv = kinf_engine_server(kinf_informer_engine(inf));
    CHECK_STR(srv.host, "127.0.0.1"); CHECK_INT(srv.port, 1); CHECK_INT(srv.https, 0);
    /* nothing happens before the first tick: the engine reads no clock */
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), 0);
    CHECK_INT(kinf_engine_deadline(kinf_informer_engine(inf)), 0); /* "now": its time is 0 until told */
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) == UINT64_MAX); /* connecting is the transport's to time */
    CHECK(kinf_engine_sendbuf(kinf_informer_engine(inf), &len) == 0 && len == 0);
    CHECK(kinf_engine_recvbuf(kinf_informer_engine(inf), &len) == 0 && len == 0);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    /* a request sent in two pieces */
    CHECK(kinf_engine_sendbuf(kinf_informer_engine(inf), &len) != 0);
    r = (const char*)kinf_engine_sendbuf(kinf_informer_engine(inf), &len);
    CHECK(STARTS(r, "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1\r\n"));
    CHECK(strstr(r, "\r\nUser-Agent: kinformer/" KINF_VERSION "\r\n") != 0);
    kinf_engine_sent(kinf_informer_engine(inf), 10, t);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    { size_t l2; r = (const char*)kinf_engine_sendbuf(kinf_informer_engine(inf), &l2); CHECK_INT(l2 + 10, len); CHECK(STARTS(r, "1/pods?limit=500&")); len = l2; }
    kinf_engine_sent(kinf_informer_engine(inf), len, t);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_RECV);
    CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) == t + 90000u); /* the idle timeout */
    /* the list, a byte at a time, with a length: the connection is kept for the watch */
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"50\"},\"items\":[" ITEM("a", "1") "," ITEM("b", "2") "]}", 0));
    CHECK_INT(eng_recv(inf, resp, 1, t), strlen(resp));
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND); /* no CLOSE, no CONNECT */
    CHECK_INT(kinf_has_synced(inf), 0);
    CHECK_INT(kinf_engine_dispatch(kinf_informer_engine(inf), t), 2);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2");
    CHECK_INT(kinf_has_synced(inf), 1);
    r = eng_send(inf, t);
    CHECK(STARTS(r, "GET /api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=50&timeoutSeconds="));
    /* the watch, chunked, 5 bytes at a time */
    evlog_reset();
    CHECK(eng_recv(inf, http("200 OK", "", "{\"type\":\"MODIFIED\",\"object\":" ITEM("a", "51") "}\n", 1), 5, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_STR(g_evlog, "U ns/a 1>51");
    /* the server ended the watch ("0\r\n\r\n"): watch again from 51 on the same connection */
    r = eng_send(inf, t);
    CHECK(strstr(r, "&resourceVersion=51&") != 0);
    /* silence: nothing at 89.999 s, the idle timeout at 90 s resumes the watch at once, on a new connection */
    t += 89999;
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_RECV);
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 0);
    t += 1;
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CLOSE | KINF_ENG_CONNECT);
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 1);
    kinf_engine_closed(kinf_informer_engine(inf), t); /* as CLOSE asked */
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(strstr(eng_send(inf, t), "&resourceVersion=51&") != 0);
    /* 410 Gone on the watch: back off (800 ms to 1.6 s), then relist from the
       last RV, unpaginated, as client-go's reflector */
    log_reset();
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_RV_EXPIRED), 1);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_CLOSE);
    kinf_engine_closed(kinf_informer_engine(inf), t);
    dl = kinf_engine_deadline(kinf_informer_engine(inf));
    CHECK(dl >= t + 800 && dl < t + 1600);
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), dl - 1), 0);
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), dl), KINF_ENG_CONNECT);
    t = dl;
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(STARTS(eng_send(inf, t), "GET /api/v1/pods?resourceVersion=51 HTTP/1.1\r\n"));
    /* a list with Connection: close: the watch needs a new connection */
    evlog_reset();
    CHECK(eng_recv(inf, http("200 OK", "Connection: close\r\n", "{\"metadata\":{\"resourceVersion\":\"60\"},\"items\":[" ITEM("a", "51") "," ITEM("c", "3") "]}", 0), 7, t) > 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_CLOSE | KINF_ENG_CONNECT);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_STR(g_evlog, "A ns/c 3 D ns/b 2!");
    kinf_engine_closed(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(strstr(eng_send(inf, t), "&resourceVersion=60&") != 0);
    /* the server cuts the stream after an event: CONNECTION_CLOSED, and the
       watch resumes at once from the event's RV */
    {
        static char part[1024];
        const char* full = http("200 OK", "", "{\"type\":\"DELETED\",\"object\":" ITEM("c", "61") "}\n", 1);
        size_t n = strlen(full) - 5;
        memcpy(part, full, n); part[n] = 0;
        log_reset(); evlog_reset();
        CHECK_INT(eng_recv(inf, part, 100, t), n);
        kinf_engine_closed(kinf_informer_engine(inf), t + 5);
        CHECK_INT(logged(KINF_LOGITEM_CONNECTION_CLOSED), 1);
        CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) <= t + 5);
        CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t + 5), KINF_ENG_CONNECT);
        kinf_engine_connected(kinf_informer_engine(inf), t + 5);
        CHECK(strstr(eng_send(inf, t + 5), "&resourceVersion=61&") != 0);
        kinf_engine_dispatch(kinf_informer_engine(inf), t + 5);
        CHECK_STR(g_evlog, "D ns/c 61");
    }
    /* a body read to the end of the stream (no length, not chunked) is whole at the close */
    t += 5;
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_IO_ERROR, "test", t); /* the watch connection broke */
    CHECK_INT(logged(KINF_LOGITEM_IO_ERROR), 1);
    dl = kinf_engine_deadline(kinf_informer_engine(inf));
    CHECK(dl > t); /* a watch with no event and under a second: a failure, backoff */
    t = dl;
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    eng_send(inf, t);
    evlog_reset();
    CHECK(eng_recv(inf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"type\":\"ADDED\",\"object\":" ITEM("d", "70") "}\n", 9, t) > 0);
    kinf_engine_closed(kinf_informer_engine(inf), t + 2000);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_END), 1);
    kinf_engine_dispatch(kinf_informer_engine(inf), t + 2000);
    CHECK_STR(g_evlog, "A ns/d 70");
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t + 2000), KINF_ENG_CONNECT); /* no CLOSE: it is closed */
    CHECK_STR(kinf_resource_version(inf), "70");
    /* stop: the engine asks for nothing more */
    kinf_stop(inf);
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t + 2001), 0);
    CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) == UINT64_MAX);
    rm(inf);
}
/* the engine's calls from inside a handler do nothing */
static unsigned g_reent_tick;
static int g_reent_disp;
static void h_add_reenter(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)o; (void)u;
    g_reent_tick = kinf_engine_tick(kinf_informer_engine(inf), inf->conn.now + 1000000);
    g_reent_disp = kinf_engine_dispatch(kinf_informer_engine(inf), inf->conn.now);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_IO_ERROR, "from a handler", inf->conn.now);
    kinf_engine_closed(kinf_informer_engine(inf), inf->conn.now);
}
static void test_engine_reentry(void) {
    kinf_informer_t* inf = eng_mk();
    kinf_handler_t h = { h_add_reenter, 0, 0, 0, 0 };
    uint64_t t = ENG_T0;
    g_test = "engine_reentry";
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &h);
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    eng_send(inf, t);
    eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"5\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, t);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND);
    g_reent_tick = 99; g_reent_disp = 99;
    CHECK_INT(kinf_engine_dispatch(kinf_informer_engine(inf), t), 1);
    CHECK_INT(g_reent_tick, 0); CHECK_INT(g_reent_disp, 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_SEND); /* the failure and the close from the handler changed nothing */
    CHECK_INT(kinf_stats(inf).backoffs, 0);
    rm(inf);
}
/* desc.own_transport: https:// with the caller's TLS; the built-in driver refuses */
static void test_engine_own_transport(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    size_t plain;
    g_test = "engine_own_transport";
    desc_base(&d);
    plain = kinf_informer_size(&d);
    d.server = "https://127.0.0.1:6443";
    d.own_transport = 1;
    CHECK_INT(kinf_informer_size(&d), plain); /* no TLS block */
    log_reset();
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(kinf_engine_server(kinf_informer_engine(inf)).https, 1);
    CHECK_INT(kinf_engine_server(kinf_informer_engine(inf)).port, 6443);
    CHECK_INT(kinf_poll(inf, 0), KINF_ERR_STATE);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OWN_TRANSPORT);
    CHECK_INT(kinf_run(inf), KINF_ERR_STATE);
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), 5), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(inf), 5);
    CHECK(STARTS(eng_send(inf, 5), "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1\r\nHost: 127.0.0.1:6443\r\n"));
    rm(inf);
}
/* The exponential backoff (800 ms doubling, jitter 1.0) starts over once two
   minutes have passed without a failure, on the engine's clock. */
static void test_engine_backoff_reset(void) {
    kinf_informer_t* inf = eng_mk();
    uint64_t t = ENG_T0, dl;
    g_test = "engine_backoff_reset";
    if (!CHECK(inf != 0)) { return; }
    log_reset();
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_FAILED, "test", t);
    CHECK_INT(logged(KINF_LOGITEM_CONNECT_FAILED), 1);
    dl = kinf_engine_deadline(kinf_informer_engine(inf)); CHECK(dl - t >= 800 && dl - t < 1600);
    t = dl; CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_FAILED, "test", t);
    dl = kinf_engine_deadline(kinf_informer_engine(inf)); CHECK(dl - t >= 1600 && dl - t < 3200);
    /* the next connect fails 119 s after the last failure: still within two minutes */
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), dl), KINF_ENG_CONNECT);
    t += 119000;
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_TIMEOUT, "test", t);
    dl = kinf_engine_deadline(kinf_informer_engine(inf)); CHECK(dl - t >= 3200 && dl - t < 6400);
    /* and the one after that 121 s after it: the backoff starts over */
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), dl), KINF_ENG_CONNECT);
    t += 121000;
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_FAILED, "test", t);
    dl = kinf_engine_deadline(kinf_informer_engine(inf));
    if (!CHECK(dl - t >= 800 && dl - t < 1600)) { note("delay %llu ms", (unsigned long long)(dl - t)); }
    CHECK_INT(kinf_stats(inf).backoffs, 4);
    rm(inf);
}
/* A list page that cannot be fetched for want of a connection is fetched
   again with its continue token; one cut while it is read starts the list over. */
static void test_engine_continue(void) {
    kinf_informer_t* inf = eng_mk();
    uint64_t t = ENG_T0;
    g_test = "engine_continue";
    if (!CHECK(inf != 0)) { return; }
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    eng_send(inf, t);
    CHECK(eng_recv(inf, http("200 OK", "Connection: close\r\n", "{\"metadata\":{\"resourceVersion\":\"50\",\"continue\":\"c1\"},\"items\":[" ITEM("a", "1") "]}", 0), 50, t) > 0);
    CHECK_INT(kinf_engine_state(kinf_informer_engine(inf)), KINF_ENG_CLOSE | KINF_ENG_CONNECT);
    kinf_engine_closed(kinf_informer_engine(inf), t);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_RESOLVE_FAILED, "test", t);
    CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) == t); /* a change waits for delivery */
    CHECK_INT(kinf_engine_dispatch(kinf_informer_engine(inf), t), 1);
    t = kinf_engine_deadline(kinf_informer_engine(inf));
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(STARTS(eng_send(inf, t), "GET /api/v1/pods?limit=500&continue=c1 HTTP/1.1\r\n"));
    /* cut while the page is read: the list starts over from resourceVersion=0 */
    CHECK(eng_recv(inf, "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{\"metadata\":", 100, t) > 0);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_IO_ERROR, "test", t);
    t = kinf_engine_deadline(kinf_informer_engine(inf));
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(inf), t), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(STARTS(eng_send(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1\r\n"));
    rm(inf);
}
