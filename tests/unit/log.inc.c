/* log.inc.c - included by main.c: the log and the sticky error (>>log):
   kinf_log_stderr, and every refusal of a public call recorded as the last
   error. ix_fn is snapshot.inc.c's too. */

/* kinf_log_stderr: one line per item on fd 2, read back through a pipe */
static size_t stderr_capture(void (*fn)(void), char* out, size_t cap) {
    int p[2], saved;
    ssize_t r;
    size_t n = 0;
    out[0] = 0;
    if (pipe(p) != 0) { return 0; }
    fflush(stderr);
    saved = dup(2);
    dup2(p[1], 2);
    fn();
    dup2(saved, 2); close(saved); close(p[1]);
    while (n + 1 < cap && (r = read(p[0], out + n, cap - 1 - n)) > 0) { n += (size_t)r; }
    out[n] = 0;
    close(p[0]);
    return n;
}
static char g_big_msg[2000];
static void ls_basic(void) { kinf_log_stderr("pods", KINF_LOG_ERROR, KINF_LOGITEM_STORE_FULL, "store_bytes exhausted: ns/a", 1, "f", 0); }
static void ls_no_tag_no_msg(void) { kinf_log_stderr(0, KINF_LOG_INFO, KINF_LOGITEM_SYNCED, 0, 1, 0, 0); kinf_log_stderr(0, KINF_LOG_WARN, KINF_LOGITEM_WATCH_SHORT, "", 1, 0, 0); }
static void ls_control(void) { kinf_log_stderr("t", KINF_LOG_WARN, KINF_LOGITEM_EVENT_UNKNOWN_TYPE, "a\nb\x1b[31m\xc3\xa9", 1, 0, 0); }
static void ls_level(void) {
    uint32_t warn = KINF_LOG_WARN;
    kinf_log_stderr("t", KINF_LOG_INFO, KINF_LOGITEM_LIST_START, "listing", 1, 0, &warn);
    kinf_log_stderr("t", KINF_LOG_WARN, KINF_LOGITEM_WATCH_SHORT, "short", 1, 0, &warn);
    kinf_log_stderr("t", KINF_LOG_ERROR, KINF_LOGITEM_IO_ERROR, "recv", 1, 0, &warn);
}
static void ls_long(void) { memset(g_big_msg, 'm', sizeof(g_big_msg) - 1); kinf_log_stderr("t", KINF_LOG_ERROR, KINF_LOGITEM_IO_ERROR, g_big_msg, 1, 0, 0); }
static void ls_init(void) {
    kinf_desc_t d;
    desc_base(&d);
    d.server = "ftp://h";
    d.logger.func = kinf_log_stderr; d.logger.user = 0;
    kinf_init(g_big_msg, sizeof(g_big_msg), &d); /* too small, and a bad URL: the size is checked first */
    d.tag = "pods";
    kinf_check(&d, 0, 0, 0);    /* kinf_check logs nothing */
}
static void test_log_stderr(void) {
    char out[4096];
    size_t n;
    g_test = "log_stderr";
    stderr_capture(ls_basic, out, sizeof(out));
    CHECK_STR(out, "pods: error STORE_FULL: store_bytes exhausted: ns/a\n");
    stderr_capture(ls_no_tag_no_msg, out, sizeof(out));
    CHECK_STR(out, "kinformer: info SYNCED\nkinformer: warning WATCH_SHORT\n");
    stderr_capture(ls_control, out, sizeof(out));
    CHECK_STR(out, "t: warning EVENT_UNKNOWN_TYPE: a?b?[31m??\n");
    stderr_capture(ls_level, out, sizeof(out));
    CHECK_STR(out, "t: warning WATCH_SHORT: short\nt: error IO_ERROR: recv\n");
    n = stderr_capture(ls_long, out, sizeof(out));
    CHECK_INT(n, 512);
    CHECK(n == 512 && out[511] == '\n' && out[510] == 'm');
    stderr_capture(ls_init, out, sizeof(out));
    CHECK(STARTS(out, "kinformer: error MEMORY_TOO_SMALL: ") && strstr(out, " bytes needed") == 0 && strstr(out, " needed\n") != 0);
    CHECK_INT(strchr(out, '\n') - out + 1, (long)strlen(out)); /* one line */
}
/* Every refused call leaves the item that says why in kinf_last_error. */
static int g_cb_rc;
static uint32_t g_cb_err;
static int (*g_cb_call)(kinf_informer_t* inf);
static void h_add_call(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)o; (void)u;
    if (!g_cb_call) { return; }
    kinf_clear_error(inf);
    g_cb_rc = g_cb_call(inf);
    g_cb_err = kinf_last_error(inf);
    g_cb_call = 0;
}
static int ix_fn(const kinf_object_t* o, char* buf, size_t cap, void* u) { (void)o; (void)u; snprintf(buf, cap, "x"); return 1; }
static const kinf_handler_t g_plain_handler = { 0, 0, 0, 0, 0 };
static int rf_handler_null(kinf_informer_t* inf) { return kinf_add_handler(inf, 0); }
static int rf_handlers_full(kinf_informer_t* inf) { int i, r = 0; for (i = 0; i < 8 && r >= 0; i++) { r = kinf_add_handler(inf, &g_plain_handler); } return r; }
static int rf_index_null(kinf_informer_t* inf) { return kinf_add_index(inf, "x", 0, 0); }
static int rf_indexes_full(kinf_informer_t* inf) { int i, r = 0; for (i = 0; i < 20 && r >= 0; i++) { r = kinf_add_index(inf, "x", ix_fn, 0); } return r; }
static int rf_index_started(kinf_informer_t* inf) { kinf_engine_tick(kinf_informer_engine(inf), ENG_T0); kinf_clear_error(inf); return kinf_add_index(inf, "x", ix_fn, 0); }
static int rf_get_null_key(kinf_informer_t* inf) { kinf_object_t o; return kinf_get(inf, 0, &o); }
static int rf_get_null_out(kinf_informer_t* inf) { return kinf_get(inf, "ns/a", 0); }
static int rf_lookup_null(kinf_informer_t* inf) { kinf_handle_t h = { 1 }; return kinf_lookup(inf, h, 0); }
static int rf_next_null(kinf_informer_t* inf) { kinf_object_t o; return kinf_next(inf, 0, &o); }
static int rf_index_next_range(kinf_informer_t* inf) { kinf_iter_t it = { 0, 0 }; kinf_object_t o; return kinf_index_next(inf, 7, "x", &it, &o); }
static int rf_index_next_null(kinf_informer_t* inf) { kinf_iter_t it = { 0, 0 }; kinf_object_t o; return kinf_index_next(inf, KINF_INDEX_NAMESPACE, 0, &it, &o); }
static int rf_poll_fatal(kinf_informer_t* inf) { inf->fatal = KINF_ERR_INVAL; inf->fatal_item = KINF_LOGITEM_CONFIG_TOO_LONG; return kinf_poll(inf, 0); }
static int rf_poll_own(kinf_informer_t* inf) { inf->conn.own_transport = 1; return kinf_poll(inf, 0); }
static int rf_sendbuf_null(kinf_informer_t* inf) { return kinf_engine_sendbuf(kinf_informer_engine(inf), 0) != 0; }
static int rf_recvbuf_null(kinf_informer_t* inf) { return kinf_engine_recvbuf(kinf_informer_engine(inf), 0) != 0; }
static int rf_sent_idle(kinf_informer_t* inf) { kinf_engine_sent(kinf_informer_engine(inf), 5, ENG_T0); return 0; }
static int rf_sent_too_many(kinf_informer_t* inf) {
    size_t len;
    kinf_engine_tick(kinf_informer_engine(inf), ENG_T0); kinf_engine_connected(kinf_informer_engine(inf), ENG_T0);
    kinf_engine_sendbuf(kinf_informer_engine(inf), &len);
    kinf_engine_sent(kinf_informer_engine(inf), len + 1, ENG_T0);
    return kinf_engine_state(kinf_informer_engine(inf)) == KINF_ENG_RECV; /* the whole request counts as sent */
}
static int rf_recvd_idle(kinf_informer_t* inf) { kinf_engine_recvd(kinf_informer_engine(inf), 5, ENG_T0); return 0; }
static int rf_recvd_too_many(kinf_informer_t* inf) {
    size_t cap;
    kinf_engine_tick(kinf_informer_engine(inf), ENG_T0); kinf_engine_connected(kinf_informer_engine(inf), ENG_T0); eng_send(inf, ENG_T0);
    if (!kinf_engine_recvbuf(kinf_informer_engine(inf), &cap)) { return -1; }
    memcpy(kinf_engine_recvbuf(kinf_informer_engine(inf), &cap), "HTTP/1.1 200 OK\r\n", 17);
    kinf_engine_recvd(kinf_informer_engine(inf), cap + 1, ENG_T0);
    return 0;
}
static int rf_connected_unasked(kinf_informer_t* inf) { kinf_engine_connected(kinf_informer_engine(inf), ENG_T0); return 0; }
static int rf_set_token_bad(kinf_informer_t* inf) { return kinf_engine_set_token(kinf_informer_engine(inf), "a b", ENG_T0); }
static int rf_set_token_long(kinf_informer_t* inf) { memset(g_long, 'a', KINF_MAX_TOKEN); g_long[KINF_MAX_TOKEN] = 0; return kinf_engine_set_token(kinf_informer_engine(inf), g_long, ENG_T0); }
static int rf_token_file_none(kinf_informer_t* inf) { return kinf_engine_refresh_token_file(kinf_informer_engine(inf), ENG_T0); }
static int rf_token_file_missing(kinf_informer_t* inf) { strcpy(inf->conn.token_file, "/nonexistent/token"); return kinf_engine_refresh_token_file(kinf_informer_engine(inf), ENG_T0); }
/* from inside a handler */
static int cb_poll(kinf_informer_t* inf) { return kinf_poll(inf, 0); }
static int cb_run(kinf_informer_t* inf) { return kinf_run(inf); }
static int cb_flush(kinf_informer_t* inf) { return kinf_flush(inf); }
static int cb_tick(kinf_informer_t* inf) { return (int)kinf_engine_tick(kinf_informer_engine(inf), ENG_T0); }
static int cb_dispatch(kinf_informer_t* inf) { return kinf_engine_dispatch(kinf_informer_engine(inf), ENG_T0); }
static int cb_sent(kinf_informer_t* inf) { kinf_engine_sent(kinf_informer_engine(inf), 1, ENG_T0); return 0; }
static int cb_recvd(kinf_informer_t* inf) { kinf_engine_recvd(kinf_informer_engine(inf), 1, ENG_T0); return 0; }
static int cb_connected(kinf_informer_t* inf) { kinf_engine_connected(kinf_informer_engine(inf), ENG_T0); return 0; }
static int cb_closed(kinf_informer_t* inf) { kinf_engine_closed(kinf_informer_engine(inf), ENG_T0); return 0; }
static int cb_failed(kinf_informer_t* inf) { kinf_engine_failed(kinf_informer_engine(inf), 0, 0, ENG_T0); return 0; }
static int cb_add_index(kinf_informer_t* inf) { return kinf_add_index(inf, "x", ix_fn, 0); }
static void test_refusals_recorded(void) {
    static const struct { const char* name; int (*call)(kinf_informer_t*); int in_cb; int rc; uint32_t item; } rows[] = {
        { "kinf_add_handler(NULL)", rf_handler_null, 0, KINF_ERR_INVAL, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_add_handler beyond max_handlers", rf_handlers_full, 0, KINF_ERR_NOMEM, KINF_LOGITEM_HANDLERS_FULL },
        { "kinf_add_index(NULL fn)", rf_index_null, 0, KINF_ERR_INVAL, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_add_index beyond max_indexes", rf_indexes_full, 0, KINF_ERR_NOMEM, KINF_LOGITEM_INDEXES_FULL },
        { "kinf_add_index after start", rf_index_started, 0, KINF_ERR_STATE, KINF_LOGITEM_INDEX_AFTER_START },
        { "kinf_get(NULL key)", rf_get_null_key, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_get(NULL out)", rf_get_null_out, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_lookup(NULL out)", rf_lookup_null, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_next(NULL it)", rf_next_null, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_index_next(no such index)", rf_index_next_range, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_index_next(NULL value)", rf_index_next_null, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_poll after a fatal error", rf_poll_fatal, 0, KINF_ERR_INVAL, KINF_LOGITEM_CONFIG_TOO_LONG },
        { "kinf_poll with own_transport", rf_poll_own, 0, KINF_ERR_STATE, KINF_LOGITEM_OWN_TRANSPORT },
        { "kinf_engine_sendbuf(kinf_informer_engine(NULL len))", rf_sendbuf_null, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_engine_recvbuf(kinf_informer_engine(NULL cap))", rf_recvbuf_null, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_engine_sent with nothing to send", rf_sent_idle, 0, 0, KINF_LOGITEM_ENGINE_OUT_OF_TURN },
        { "kinf_engine_sent of more than sendbuf gave", rf_sent_too_many, 0, 1, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_engine_recvd with nothing asked", rf_recvd_idle, 0, 0, KINF_LOGITEM_ENGINE_OUT_OF_TURN },
        { "kinf_engine_recvd of more than cap", rf_recvd_too_many, 0, 0, KINF_LOGITEM_BAD_ARGUMENT },
        { "kinf_engine_connected with no connect asked", rf_connected_unasked, 0, 0, KINF_LOGITEM_ENGINE_OUT_OF_TURN },
        { "kinf_engine_set_token(kinf_informer_engine(\"a b\"))", rf_set_token_bad, 0, KINF_ERR_INVAL, KINF_LOGITEM_TOKEN_INVALID },
        { "kinf_engine_set_token(kinf_informer_engine(too long))", rf_set_token_long, 0, KINF_ERR_INVAL, KINF_LOGITEM_TOKEN_TOO_LONG },
        { "kinf_engine_refresh_token_file with no token_file", rf_token_file_none, 0, KINF_ERR_INVAL, KINF_LOGITEM_NO_TOKEN_FILE },
        { "kinf_engine_refresh_token_file, file missing", rf_token_file_missing, 0, KINF_ERR_IO, KINF_LOGITEM_TOKEN_FILE_UNREADABLE },
        { "kinf_poll from a handler", cb_poll, 1, KINF_ERR_STATE, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_run from a handler", cb_run, 1, KINF_ERR_STATE, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_flush from a handler", cb_flush, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_tick from a handler", cb_tick, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_dispatch from a handler", cb_dispatch, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_sent from a handler", cb_sent, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_recvd from a handler", cb_recvd, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_connected from a handler", cb_connected, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_closed from a handler", cb_closed, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_engine_failed from a handler", cb_failed, 1, 0, KINF_LOGITEM_IN_CALLBACK },
        { "kinf_add_index from a handler", cb_add_index, 1, KINF_ERR_STATE, KINF_LOGITEM_INDEX_AFTER_START },
    };
    size_t i;
    int bad = 0;
    g_test = "refusals_recorded";
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        kinf_desc_t d;
        kinf_informer_t* inf;
        kinf_handler_t h = { h_add_call, 0, 0, 0, 0 };
        int rc;
        uint32_t err;
        desc_base(&d);
        d.max_objects = 64; d.store_bytes = 1 << 16; d.max_handlers = 2; d.max_indexes = 1;
        inf = mk(&d);
        if (!CHECK(inf != 0)) { continue; }
        log_reset();
        if (rows[i].in_cb) {
            kinf_add_handler(inf, &h);
            kinf_engine_tick(kinf_informer_engine(inf), ENG_T0);
            kinf_engine_connected(kinf_informer_engine(inf), ENG_T0);
            eng_send(inf, ENG_T0);
            eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"5\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, ENG_T0);
            g_cb_call = rows[i].call; g_cb_rc = -99; g_cb_err = 0;
            kinf_engine_dispatch(kinf_informer_engine(inf), ENG_T0);
            rc = g_cb_rc; err = g_cb_err;
        } else {
            kinf_clear_error(inf);
            rc = rows[i].call(inf);
            err = kinf_last_error(inf);
        }
        if (rc != rows[i].rc || err != rows[i].item) {
            if (bad++ < 3) { note("%s: returned %d, last error %s; expected %d, %s", rows[i].name, rc, kinf_log_item_name(err), rows[i].rc, kinf_log_item_name(rows[i].item)); }
        }
        rm(inf);
    }
    CHECK_INT(bad, 0);
    /* a read under way when the informer stopped is dropped quietly */
    {
        kinf_informer_t* inf = eng_mk();
        size_t cap;
        uint8_t* b;
        if (CHECK(inf != 0)) {
            kinf_engine_tick(kinf_informer_engine(inf), ENG_T0); kinf_engine_connected(kinf_informer_engine(inf), ENG_T0); eng_send(inf, ENG_T0);
            b = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap);
            CHECK(b != 0);
            kinf_stop(inf);
            kinf_clear_error(inf);
            kinf_engine_recvd(kinf_informer_engine(inf), 1, ENG_T0);
            CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
        }
        rm(inf);
    }
    /* the built-in driver's token file read is a warning, not the sticky error */
    {
        kinf_desc_t d;
        kinf_informer_t* inf;
        int rc;
        desc_base(&d);
        d.token_file = "/nonexistent/token";
        inf = mk(&d);
        if (CHECK(inf != 0)) {
            log_reset();
            CHECK_INT(kinf__drv_token_file(&inf->conn, ENG_T0, &rc), KINF_LOGITEM_TOKEN_FILE_UNREADABLE);
            CHECK_INT(rc, KINF_ERR_IO);
            CHECK_INT(logged(KINF_LOGITEM_TOKEN_FILE_UNREADABLE), 1);
            CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
        }
        rm(inf);
    }
    /* the configuration loaders put the item in cfg.error */
    {
        kinf_config_t cfg;
        CHECK_INT(kinf_config_kubeconfig(&cfg, "/nonexistent/config", 0, 0, 0), KINF_ERR_INVAL);
        CHECK_INT(cfg.error, KINF_LOGITEM_BAD_ARGUMENT);
    }
}

/* the version: kinf_version() is the header's KINF_VERSION, and both
   KINF_VERSION and KINF_VERSION_HEX are made of KINF_VERSION_MAJOR/MINOR/PATCH */
static void test_version(void) {
    char want[32];
    g_test = "version";
    snprintf(want, sizeof(want), "%d.%d.%d", KINF_VERSION_MAJOR, KINF_VERSION_MINOR, KINF_VERSION_PATCH);
    CHECK_STR(kinf_version(), KINF_VERSION);
    CHECK_STR(KINF_VERSION, want);
    CHECK_INT(KINF_VERSION_HEX, KINF_VERSION_MAJOR * 65536 + KINF_VERSION_MINOR * 256 + KINF_VERSION_PATCH);
#if KINF_VERSION_HEX < 0x000100 /* usable in #if, and at least 0.1.0 */
    CHECK(0);
#endif
}
