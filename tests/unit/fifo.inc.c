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
    inf->next_resync = 0;
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
    inf->next_resync = 0;
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
    inf->next_resync = 0;
    dispatch(inf);
    CHECK_STR(g_evlog, "");
    rm(inf);
}
