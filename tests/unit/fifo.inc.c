/* fifo.inc.c - included by main.c: the DeltaFIFO (>>fifo) and delivery to
   the handlers (>>handlers): oversized objects, handlers added late, resync. */

static void test_fifo(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    g_test = "fifo";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    /* add, update, update before dispatch: one add with the newest object */
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", "n1"), 0);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "2", "n2"), 0);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "3", "n3"), 0);
    CHECK_INT(inf->flen, 1);
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/a 3");
    CHECK(strstr(g_lastjson, "\"n3\"") != 0);
    CHECK_INT(inf->flen, 0);
    /* update, update: old is what the handlers last saw */
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "4", "n4"), 0);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "5", "n5"), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/a 3>5");
    /* delete then re-add before dispatch: delete(final), add(new) */
    evlog_reset();
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "6", "nF"), 0);
    CHECK_INT(kinf_count(inf), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "7", "n7"), 0);
    CHECK_INT(kinf_count(inf), 1);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/a 6 A ns/a 7");
    /* delete, add, delete, add: the last delete's state, then the last add */
    evlog_reset();
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "8", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "9", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "10", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "11", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/a 10 A ns/a 11");
    /* add then delete of a new key: add and delete, both with the final state */
    evlog_reset();
    CHECK_INT(pod(inf, "ADDED", "ns", "b", "12", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "b", "13", 0), 0);
    CHECK_INT(kinf_count(inf), 1);
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/b 13 D ns/b 13");
    /* add, delete, add of a new key: one add */
    evlog_reset();
    CHECK_INT(pod(inf, "ADDED", "ns", "c", "14", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "c", "15", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "c", "16", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/c 16");
    /* update then delete: the delete only */
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "c", "17", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "c", "18", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/c 18");
    /* consecutive deletes collapse into one with the newest final state */
    evlog_reset();
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "19", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "20", 0), 0);
    CHECK_INT(inf->flen, 1);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/a 20");
    CHECK_INT(kinf_count(inf), 0);
    /* DELETED for an unknown key: nothing at all */
    evlog_reset(); log_reset(); kinf_clear_error(inf);
    CHECK_INT(pod(inf, "DELETED", "ns", "zz", "21", 0), 0);
    CHECK_INT(inf->flen, 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    CHECK_STR(kinf_resource_version(inf), "21");
    /* an unknown event type is skipped and the stream goes on */
    evlog_reset(); log_reset();
    CHECK_INT(feeds(inf, "{\"type\":\"WEIRD\",\"object\":{\"metadata\":{\"name\":\"w\",\"namespace\":\"ns\",\"resourceVersion\":\"22\"}}}\n"
                         "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"d\",\"namespace\":\"ns\",\"resourceVersion\":\"23\"}}}\n"), 0);
    CHECK_INT(logged(KINF_LOGITEM_EVENT_UNKNOWN_TYPE), 1);
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/d 23");
    CHECK_INT(inf->scan.err, 0);
    /* bookmarks only move the resourceVersion */
    evlog_reset();
    CHECK_INT(feeds(inf, "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"resourceVersion\":\"99\"}}}"), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    CHECK_STR(kinf_resource_version(inf), "99");
    CHECK_INT(kinf_stats(inf).bookmarks, 1);
    /* an in-stream ERROR 410 asks for a relist; another ERROR breaks the stream */
    CHECK_INT(feeds(inf, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}}"), KINF__REC_EXPIRED);
    watch_begin(inf);
    log_reset();
    CHECK_INT(feeds(inf, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":500}}"), KINF__REC_BROKEN);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_ERROR_EVENT), 1);
    watch_begin(inf);
    /* an event without a name, or without an object */
    log_reset();
    CHECK_INT(feeds(inf, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"resourceVersion\":\"30\"}}}"), 0);
    CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 1);
    CHECK_INT(feeds(inf, "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a/b\",\"resourceVersion\":\"30\"}}}"), 0);
    CHECK_INT(logged(KINF_LOGITEM_OBJECT_NO_NAME), 2);
    CHECK_INT(feeds(inf, "{\"type\":\"ADDED\"}"), KINF__REC_BROKEN);
    CHECK_INT(logged(KINF_LOGITEM_EVENT_MALFORMED), 1);
    watch_begin(inf);
    CHECK_INT(feeds(inf, "{\"object\":{\"metadata\":{\"name\":\"q\",\"resourceVersion\":\"31\"}}}"), KINF__REC_BROKEN);
    watch_begin(inf);
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    rm(inf);
}
/* An object too large for max_event_bytes never reaches on_add or on_update
   as if it were whole: it goes to on_oversized (old NULL where on_add would
   have run), the next version that fits comes to on_update with the
   identity-only one as old, a delete to on_delete; a handler without
   on_oversized gets nothing for it; the lister flags it and the stats count
   it. */
static void test_oversized_delivery(void) {
    static char big[6000];
    static const kinf_handler_t no_over = { h_add, h_upd, h_del, (void*)"n", 0 };
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_object_t o;
    g_test = "oversized_delivery";
    desc_base(&d);
    d.max_objects = 16; d.max_event_bytes = 4096;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler); kinf_add_handler(inf, &no_over);
    watch_begin(inf);
    memset(big, 'x', sizeof(big) - 1);
    evlog_reset();
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"c\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"},\"data\":{\"k\":\"%s\"}}", big), 0);
    dispatch(inf);
    CHECK(kinf_get(inf, "ns/c", &o) && (o.flags & KINF_OBJ_IDENTITY_ONLY) && !strcmp(o.resource_version, "1"));
    CHECK_INT(wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"c\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"},\"data\":{\"k\":\"v\"}}"), 0);
    dispatch(inf);
    CHECK(kinf_get(inf, "ns/c", &o) && o.flags == 0);
    CHECK_INT(wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"c\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"},\"data\":{\"k\":\"%s\"}}", big), 0);
    dispatch(inf);
    CHECK_INT(wev(inf, "DELETED", "{\"metadata\":{\"name\":\"c\",\"namespace\":\"ns\",\"resourceVersion\":\"4\"},\"data\":{\"k\":\"%s\"}}", big), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "O ns/c ->1 U ns/c 1>2 nU ns/c 1>2 O ns/c 2>3 D ns/c 4 nD ns/c 4");
    CHECK_INT(kinf_stats(inf).oversized, 3);
    CHECK_INT(kinf_stats(inf).delivered_oversized, 2);
    CHECK_INT(kinf_stats(inf).delivered_adds, 0);
    CHECK_INT(kinf_stats(inf).delivered_updates, 1);
    rm(inf);
}

/* ================================================================== handlers removed */
/* a handler that removes the handler whose id is in g_rm_id, once, when it
   gets the object named g_rm_at; then logs as h_add / h_upd do */
static int g_rm_id = -1, g_rm_rc = 99;
static const char* g_rm_at = "";
static void rm_at(kinf_informer_t* inf, const kinf_object_t* o) {
    if (g_rm_id >= 0 && !strcmp(o->name, g_rm_at)) { g_rm_rc = kinf_remove_handler(inf, g_rm_id); g_rm_id = -1; }
}
static void h_add_rm(kinf_informer_t* inf, const kinf_object_t* o, void* u) { rm_at(inf, o); h_add(inf, o, u); }
static void h_upd_rm(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) { rm_at(inf, b); h_upd(inf, a, b, u); }
static void test_remove_handler(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_handler_t h1 = { h_add, h_upd, h_del, (void*)"1:", 0 };
    kinf_handler_t h2 = { h_add, h_upd, h_del, (void*)"2:", 0 };
    kinf_handler_t h3 = { h_add, h_upd, h_del, (void*)"3:", 0 };
    kinf_handler_t hr = { h_add_rm, h_upd_rm, h_del, (void*)"r:", 0 };
    g_test = "remove_handler";
    desc_base(&d);
    d.max_handlers = 3;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    watch_begin(inf);
    CHECK_INT(kinf_add_handler(inf, &h1), 0);
    CHECK_INT(kinf_add_handler(inf, &h2), 1);
    CHECK_INT(kinf_add_handler(inf, &h3), 2);
    /* removed: no more callbacks, the others go on; the objects stay */
    evlog_reset();
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "1:A ns/a 1 2:A ns/a 1 3:A ns/a 1");
    CHECK_INT(kinf_remove_handler(inf, 1), KINF_OK);
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "2", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "b", "3", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "1:U ns/a 1>2 3:U ns/a 1>2 1:A ns/b 3 3:A ns/b 3");
    CHECK_INT(kinf_count(inf), 2);
    /* an id that holds no handler: refused and logged, nothing changes */
    log_reset();
    CHECK_INT(kinf_remove_handler(inf, 1), KINF_ERR_INVAL);
    CHECK_INT(kinf_remove_handler(inf, -1), KINF_ERR_INVAL);
    CHECK_INT(kinf_remove_handler(inf, 3), KINF_ERR_INVAL);
    CHECK_INT(logged(KINF_LOGITEM_BAD_ARGUMENT), 3);
    CHECK_INT(kinf_remove_handler(0, 0), KINF_ERR_INVAL);
    /* the table is full again with the freed slot: the same id, and the
       late handler's replay of the cache */
    evlog_reset();
    CHECK_INT(kinf_add_handler(inf, &hr), 1);
    CHECK_STR(g_evlog, "r:A ns/a 2 r:A ns/b 3");
    CHECK_INT(kinf_add_handler(inf, &h2), KINF_ERR_NOMEM);
    /* removed from a callback: a handler later in the same delivery is not
       called for it, nor after; one earlier is unaffected */
    g_rm_id = 2; g_rm_at = "a"; g_rm_rc = 99;
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "4", 0), 0);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "5", 0), 0);
    dispatch(inf);
    CHECK_INT(g_rm_rc, KINF_OK);
    CHECK_STR(g_evlog, "1:U ns/a 2>4 r:U ns/a 2>4 1:U ns/b 3>5 r:U ns/b 3>5");
    /* a handler removing itself */
    g_rm_id = 1; g_rm_at = "b"; g_rm_rc = 99;
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "6", 0), 0);
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "7", 0), 0);
    dispatch(inf);
    CHECK_INT(g_rm_rc, KINF_OK);
    CHECK_STR(g_evlog, "1:U ns/b 5>6 r:U ns/b 5>6 1:U ns/a 4>7");
    /* ... and during its own replay of the cache: its on_add is not called again */
    g_rm_id = 1; g_rm_at = "a"; g_rm_rc = 99;
    evlog_reset();
    CHECK_INT(kinf_add_handler(inf, &hr), 1);
    CHECK_INT(g_rm_rc, KINF_OK);
    CHECK_STR(g_evlog, "r:A ns/a 7");
    /* every handler removed: delivery goes on with none, the cache too */
    CHECK_INT(kinf_remove_handler(inf, 0), KINF_OK);
    CHECK_INT(inf->nhandlers, 0); /* the free slots at the end are given back */
    evlog_reset();
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "8", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    CHECK_INT(kinf_count(inf), 1);
    CHECK_INT(kinf_stats(inf).delivered_deletes, 1);
    rm(inf);
}

/* a handler that registers g_add_h, once, when it gets the object named
   g_add_at (an add, an update or a delete), then logs as g_handler does */
static const kinf_handler_t* g_add_h;
static const char* g_add_at = "";
static char g_add_on;                /* 'A', 'U' or 'D': in which callback */
static int g_add_id = 99;
static void add_reg(kinf_informer_t* inf, const kinf_object_t* o, char on) {
    if (g_add_h && on == g_add_on && !strcmp(o->name, g_add_at)) { const kinf_handler_t* h = g_add_h; g_add_h = 0; g_add_id = kinf_add_handler(inf, h); }
}
static void h_add_reg(kinf_informer_t* inf, const kinf_object_t* o, void* u) { add_reg(inf, o, 'A'); h_add(inf, o, u); }
static void h_upd_reg(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) { add_reg(inf, b, 'U'); h_upd(inf, a, b, u); }
static void h_del_reg(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) { add_reg(inf, o, 'D'); h_del(inf, o, fsu, u); }
/* A handler registered from a callback gets the cache as its peers knew it
   before the change being delivered (an object being deleted as its delete
   gives it: the store keeps no older version), then that change with them:
   each object's story once, whatever the change (no second on_add for an
   add, no update from a version it never saw, no add without its delete).
   It takes a slot after the others even when one before is free. */
static void test_handler_added_in_callback(void) {
    /* ev2: a second change of the same object, queued with the first (one pop) */
    static const struct { const char* ev; const char* ev2; const char* name; char on; const char* want; } rows[] = {
        { "ADDED", 0, "c", 'A', "n:A ns/a 2 n:A ns/b 3 r:A ns/c 5 n:A ns/c 5" },
        { "MODIFIED", 0, "a", 'U', "n:A ns/a 2 n:A ns/b 3 r:U ns/a 2>5 n:U ns/a 2>5" },
        { "DELETED", 0, "b", 'D', "n:A ns/a 2 n:A ns/b 5 r:D ns/b 5 n:D ns/b 5" },
        /* added and deleted before the handlers ran: on_add then on_delete */
        { "ADDED", "DELETED", "c", 'A', "n:A ns/a 2 n:A ns/b 3 r:A ns/c 6 n:A ns/c 6 r:D ns/c 6 n:D ns/c 6" },
        { "ADDED", "DELETED", "c", 'D', "r:A ns/c 6 n:A ns/a 2 n:A ns/b 3 n:A ns/c 6 r:D ns/c 6 n:D ns/c 6" },
    };
    kinf_handler_t h0 = { h_add, h_upd, h_del, (void*)"0:", 0 };
    kinf_handler_t hr = { h_add_reg, h_upd_reg, h_del_reg, (void*)"r:", 0 };
    kinf_handler_t hn = { h_add, h_upd, h_del, (void*)"n:", 0 };
    size_t i;
    g_test = "handler_added_in_callback";
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        kinf_desc_t d;
        kinf_informer_t* inf;
        desc_base(&d);
        d.max_handlers = 3;
        inf = mk(&d);
        if (!CHECK(inf != 0)) { return; }
        watch_begin(inf);
        CHECK_INT(kinf_add_handler(inf, &h0), 0);
        CHECK_INT(kinf_add_handler(inf, &hr), 1);
        CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", 0), 0);
        CHECK_INT(pod(inf, "ADDED", "ns", "b", "3", 0), 0);
        dispatch(inf);
        CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "2", 0), 0);
        dispatch(inf);
        CHECK_INT(kinf_remove_handler(inf, 0), KINF_OK); /* slot 0 free, behind the delivery */
        g_add_h = &hn; g_add_at = rows[i].name; g_add_on = rows[i].on; g_add_id = 99;
        evlog_reset();
        CHECK_INT(pod(inf, rows[i].ev, "ns", rows[i].name, "5", 0), 0);
        if (rows[i].ev2) { CHECK_INT(pod(inf, rows[i].ev2, "ns", rows[i].name, "6", 0), 0); }
        dispatch(inf);
        CHECK_INT(g_add_id, 2);
        CHECK_STR(g_evlog, rows[i].want);
        rm(inf);
    }
}

/* ================================================================== a handler's own resync */
static void test_handler_resync(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 100); /* g_handler: the informer's 100 ms */
    kinf_handler_t ha = { h_add, h_upd, h_del, (void*)"a:", 0 };
    kinf_handler_t hn = { h_add, h_upd, h_del, (void*)"n:", 0 };
    kinf_handler_t hl = { h_add, h_upd, h_del, (void*)"l:", 0 };
    uint64_t t;
    g_test = "handler_resync";
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(kinf_add_handler_resync(inf, &ha, 30), 1);
    CHECK_INT(kinf_add_handler_resync(inf, &hn, -1), 2);
    CHECK_INT(list_body(inf, "10", "ns/a@1 ns/b@2"), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 1);
    t = inf->conn.now;
    CHECK_INT(inf->next_resync, t + 30); /* the earliest: a's */
    CHECK_INT(kinf_engine_deadline(kinf_informer_engine(inf)), t + 30);
    /* a's period alone */
    evlog_reset();
    inf->conn.now = t + 29; dispatch(inf);
    CHECK_STR(g_evlog, "");
    inf->conn.now = t + 30; dispatch(inf);
    CHECK_STR(g_evlog, "a:U ns/a 1>1 a:U ns/b 2>2");
    CHECK_INT(kinf_stats(inf).resyncs, 1);
    CHECK_INT(inf->next_resync, t + 60);
    /* the handlers the round passed by get the changes after it */
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "3", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/b 2>3 a:U ns/b 2>3 n:U ns/b 2>3");
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "2", 0), 0); /* back to the view the checks below hold */
    dispatch(inf);
    /* the informer's and a's at once; n never */
    evlog_reset();
    inf->conn.now = t + 100; dispatch(inf);
    CHECK_STR(g_evlog, "U ns/a 1>1 a:U ns/a 1>1 U ns/b 2>2 a:U ns/b 2>2");
    CHECK_INT(kinf_stats(inf).resyncs, 2);
    CHECK_INT(inf->next_resync, t + 130);
    /* a removed: its time passes with nothing delivered, and no round counted */
    CHECK_INT(kinf_remove_handler(inf, 1), KINF_OK);
    evlog_reset();
    inf->conn.now = t + 130; dispatch(inf);
    CHECK_STR(g_evlog, "");
    CHECK_INT(kinf_stats(inf).resyncs, 2);
    CHECK_INT(inf->next_resync, t + 200);
    /* a late handler's period runs from its registration */
    evlog_reset();
    CHECK_INT(kinf_add_handler_resync(inf, &hl, 10), 1);
    CHECK_STR(g_evlog, "l:A ns/a 1 l:A ns/b 2");
    CHECK_INT(inf->next_resync, t + 140);
    evlog_reset();
    inf->conn.now = t + 140; dispatch(inf);
    CHECK_STR(g_evlog, "l:U ns/a 1>1 l:U ns/b 2>2");
    rm(inf);
    /* no informer period: kinf_add_handler's handler never, its own does */
    inf = mk_fifo(0, 0, 0);
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(kinf_add_handler_resync(inf, &ha, 50), 1);
    CHECK_INT(list_body(inf, "10", "ns/a@1"), 0);
    dispatch(inf);
    t = inf->conn.now;
    evlog_reset();
    inf->conn.now = t + 1000; dispatch(inf);
    CHECK_STR(g_evlog, "a:U ns/a 1>1");
    rm(inf);
}

/* ================================================================== late handlers, resync */
static void test_late_handler_resync(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 50);
    kinf_handler_t h2 = { h_add, h_upd, h_del, (void*)"2:", 0 };
    kinf_handler_t h3 = { h_add, h_upd, h_del, (void*)"3:", 0 };
    g_test = "late_handler";
    if (!CHECK(inf != 0)) { return; }
    evlog_reset();
    CHECK_INT(list_body(inf, "10", "ns/a@1 ns/b@2"), 0);
    dispatch(inf);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2");
    /* a pending update (handlers saw a@1), a pending add (c), a pending delete (b) */
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "3", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "c", "4", 0), 0);
    CHECK_INT(pod(inf, "DELETED", "ns", "b", "5", 0), 0);
    evlog_reset();
    CHECK_INT(kinf_add_handler(inf, &h2), 1);
    /* what its peers know: a as they saw it, and b whose delete is queued */
    CHECK_STR(g_evlog, "2:A ns/a 1 2:A ns/b 5");
    evlog_reset();
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/a 1>3 2:U ns/a 1>3 A ns/c 4 2:A ns/c 4 D ns/b 5 2:D ns/b 5");
    /* after everything is delivered, a late handler gets the cache as it is */
    evlog_reset();
    CHECK_INT(kinf_add_handler(inf, &h3), 2);
    CHECK_STR(g_evlog, "3:A ns/a 3 3:A ns/c 4");
    /* resync: on_update(o, o) for every cached object, to every handler */
    g_test = "resync";
    evlog_reset();
    CHECK(inf->next_resync > inf->conn.now);
    inf->conn.now = inf->next_resync; /* the three handlers' period ends here */
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/a 3>3 2:U ns/a 3>3 3:U ns/a 3>3 U ns/c 4>4 2:U ns/c 4>4 3:U ns/c 4>4");
    CHECK_INT(kinf_stats(inf).resyncs, 1);
    CHECK(inf->next_resync > inf->conn.now);
    /* not again before the period */
    evlog_reset();
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    /* a pending key is left to its own delivery */
    CHECK_INT(pod(inf, "MODIFIED", "ns", "c", "6", 0), 0);
    inf->budget = 1;
    CHECK_INT(pod(inf, "MODIFIED", "ns", "a", "7", 0), 0);
    evlog_reset();
    inf->conn.now = inf->next_resync;
    dispatch(inf); /* budget 1: c is delivered, a still waits */
    CHECK_STR(g_evlog, "U ns/c 4>6 2:U ns/c 4>6 3:U ns/c 4>6 U ns/c 6>6 2:U ns/c 6>6 3:U ns/c 6>6");
    /* the resync period, seen through kinf_timeout_ms */
    CHECK(kinf_timeout_ms(inf) == 0); /* a is still queued */
    dispatch(inf);
    rm(inf);
    /* no resync before has_synced */
    inf = mk_fifo(0, 0, 1);
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", 0), 0);
    dispatch(inf);
    evlog_reset();
    inf->conn.now += 1000;
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    rm(inf);
}
