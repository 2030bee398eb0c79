/* watchlist.inc.c - included by main.c: watch-list (>>watchlist) and
   metadata-only informers (>>metadata), through the engine calls. */

#define WL_Q "GET /api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&resourceVersion="
#define WL_END(rv) "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" rv "\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}\n"
#define WL_BM(rv) "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" rv "\"}}}\n"
#define WL_BM_NOT_END(rv) "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" rv "\",\"annotations\":{\"k8s.io/initial-events-end\":\"false\"}}}}\n"
#define WL_ADD(name, rv) "{\"type\":\"ADDED\",\"object\":" ITEM(name, rv) "}\n"
static kinf_informer_t* wl_mk(int mode, int meta) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16;
    d.watch_list = mode; d.metadata_only = meta;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); }
    return inf;
}
/* a new connection as the engine asks for one (after a close, if asked): the request sent */
static const char* wl_reconnect(kinf_informer_t* inf, uint64_t t) {
    unsigned st = kinf_engine_tick(kinf_informer_engine(inf), t);
    if (st & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_informer_engine(inf), t); }
    if (kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CONNECT) { kinf_engine_connected(kinf_informer_engine(inf), t); }
    return eng_send(inf, t);
}
/* the backoff's end, then the request */
static const char* wl_after_backoff(kinf_informer_t* inf, uint64_t* t) {
    if (kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_informer_engine(inf), *t); }
    if (!(kinf_engine_state(kinf_informer_engine(inf)) & (KINF_ENG_CONNECT | KINF_ENG_SEND))) { *t = kinf_engine_deadline(kinf_informer_engine(inf)); }
    return wl_reconnect(inf, *t);
}
static void test_watch_list(void) {
    static char resp[1 << 16];
    kinf_informer_t* inf;
    kinf_object_t o;
    kinf_stats_t st;
    uint64_t t = ENG_T0;
    const char* r;
    size_t n;
    g_test = "watch_list";
    /* 1. AUTO (the default): the first sync is one watch, resourceVersion "";
       the objects come as ADDED, a bookmark annotated "false" does not end
       them, the one annotated "true" does: synced at its RV, and the stream goes on as the watch */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    r = wl_reconnect(inf, t);
    CHECK(STARTS(r, WL_Q "&timeoutSeconds="));
    CHECK(strstr(r, "\r\nAccept: application/json\r\n") != 0);
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "7") WL_ADD("b", "3") WL_BM_NOT_END("5"), 1));
    n = strlen(resp) - 5; /* without the last chunk: the stream stays open */
    resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 9, t), n);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_STR(g_evlog, "A ns/a 7 A ns/b 3");
    CHECK_INT(kinf_has_synced(inf), 0);                   /* no end bookmark yet */
    CHECK_STR(kinf_resource_version(inf), "");            /* nor an RV from the events, which come in no order */
    snprintf(resp, sizeof(resp), "%zx\r\n%s\r\n%zx\r\n%s\r\n", strlen(WL_END("10")), WL_END("10"), strlen(WL_ADD("c", "11")), WL_ADD("c", "11"));
    CHECK_INT(eng_recv(inf, resp, 5, t), strlen(resp));
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK_STR(g_evlog, "A ns/a 7 A ns/b 3 A ns/c 11");
    CHECK_STR(kinf_resource_version(inf), "11");          /* a live event after the end: the watch goes on */
    CHECK_INT(logged(KINF_LOGITEM_LIST_DONE), 1);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 0);
    st = kinf_stats(inf);
    CHECK(st.watch_lists == 1 && st.lists == 0 && st.list_items == 2 && st.watch_list_fallbacks == 0);
    /* the server ends the stream: a plain watch from 11 */
    CHECK_INT(eng_recv(inf, "0\r\n\r\n", 5, t), 5);
    r = eng_send(inf, t);
    CHECK(STARTS(r, "GET /api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=11&"));
    /* 2. 410 on that watch: the relist is a watch-list again, from the last
       RV; a key it does not send is deleted (final state unknown), an
       unchanged RV gives no update, a changed one an update */
    evlog_reset();
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    r = wl_after_backoff(inf, &t);
    CHECK(STARTS(r, WL_Q "11&timeoutSeconds="));
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "7") WL_ADD("c", "12") WL_ADD("d", "13") WL_END("20"), 1));
    n = strlen(resp) - 5; resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 64, t), n);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_STR(g_evlog, "U ns/c 11>12 A ns/d 13 D ns/b 3!");
    CHECK_INT(kinf_count(inf), 3);
    CHECK(kinf_get(inf, "ns/a", &o) && !kinf_get(inf, "ns/b", &o));
    CHECK_STR(kinf_resource_version(inf), "20");
    st = kinf_stats(inf);
    CHECK(st.watch_lists == 2 && st.relists == 1 && st.lists == 0);
    rm(inf);

    /* 3. AUTO and a server that refuses it (422 Invalid, as one without the
       feature): a LIST at once, and the next relist is a LIST too (remembered) */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset(); t = ENG_T0;
    CHECK(STARTS(wl_reconnect(inf, t), WL_Q "&"));
    CHECK(eng_recv(inf, http("422 Unprocessable Entity", "", "{\"kind\":\"Status\",\"code\":422,\"reason\":\"Invalid\",\"message\":\"sendInitialEvents: Forbidden\"}", 0), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);    /* a warning: the informer goes on */
    r = wl_reconnect(inf, t);                           /* no backoff */
    CHECK(STARTS(r, "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1\r\n"));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"30\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK(STARTS(eng_send(inf, t), "GET /api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=30&"));
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    r = wl_after_backoff(inf, &t);
    CHECK(STARTS(r, "GET /api/v1/pods?resourceVersion=30 HTTP/1.1\r\n"));
    st = kinf_stats(inf);
    CHECK(st.watch_lists == 1 && st.watch_list_fallbacks == 1 && st.lists == 2);
    rm(inf);

    /* 3b. AUTO and a 429 (or 410, 401, 404): not a refusal of the feature,
       which a LIST would get as well: no fallback, watch-list again after
       the backoff */
    {
        static const char* const st_lines[] = { "429 Too Many Requests", "401 Unauthorized", "404 Not Found", "410 Gone" };
        int k, ok = 1;
        for (k = 0; k < 4; k++) {
            inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
            if (!CHECK(inf != 0)) { return; }
            log_reset(); t = ENG_T0;
            ok &= STARTS(wl_reconnect(inf, t), WL_Q "&");
            ok &= eng_recv(inf, http(st_lines[k], "", "{\"kind\":\"Status\"}", 0), 64, t) > 0;
            ok &= logged(KINF_LOGITEM_WATCH_LIST_FALLBACK) == 0 && kinf_stats(inf).watch_list_fallbacks == 0;
            ok &= STARTS(wl_after_backoff(inf, &t), WL_Q "&");
            if (!ok) { note("%s", st_lines[k]); rm(inf); break; }
            rm(inf);
        }
        CHECK(ok);
    }

    /* 4. ON: a refusal falls back for that list only; the next relist tries
       watch-list again. A 403 is a refusal too. */
    inf = wl_mk(KINF_WATCH_LIST_ON, 0);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset(); t = ENG_T0;
    CHECK(STARTS(wl_reconnect(inf, t), WL_Q "&"));
    CHECK(eng_recv(inf, http("403 Forbidden", "", "{\"kind\":\"Status\",\"code\":403,\"reason\":\"Forbidden\"}", 0), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK(STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"30\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    (void)eng_send(inf, t);
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK(STARTS(wl_after_backoff(inf, &t), WL_Q "30&"));
    rm(inf);

    /* 5. the connection cut before the end bookmark: a LIST for this list
       (not remembered: the next relist tries watch-list again), and what the
       initial events brought stays consistent: the LIST replaces it */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset(); t = ENG_T0;
    (void)wl_reconnect(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "1") WL_ADD("x", "2"), 1));
    n = strlen(resp) - 5; resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 64, t), n);
    kinf_engine_closed(kinf_informer_engine(inf), t);                          /* the server went away */
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK_INT(kinf_has_synced(inf), 0);
    r = wl_reconnect(inf, t);
    CHECK(STARTS(r, "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[" ITEM("a", "1") "," ITEM("b", "4") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_has_synced(inf), 1);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/x 2 D ns/x 2! A ns/b 4"); /* x: its add, then the list's delete */
    CHECK_INT(kinf_count(inf), 2);
    (void)eng_send(inf, t);
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK(STARTS(wl_after_backoff(inf, &t), WL_Q "9&"));
    rm(inf);

    /* 5b. a stream the server ends (cleanly) before the end bookmark: a
       fallback, remembered under AUTO */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    log_reset(); t = ENG_T0;
    (void)wl_reconnect(inf, t);
    CHECK(eng_recv(inf, http("200 OK", "", WL_ADD("a", "1") WL_BM_NOT_END("3"), 1), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK(STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    (void)eng_send(inf, t);
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK(STARTS(wl_after_backoff(inf, &t), "GET /api/v1/pods?resourceVersion=9 "));
    rm(inf);

    /* 6. an ERROR as the first event (not 410) is a fallback; no answer at
       all (the connect fails) is not: the watch-list is tried again after a backoff */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    log_reset(); t = ENG_T0;
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_failed(kinf_informer_engine(inf), KINF_LOGITEM_CONNECT_FAILED, "test", t);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 0);
    CHECK(STARTS(wl_after_backoff(inf, &t), WL_Q "&"));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":400,\"reason\":\"BadRequest\",\"message\":\"no\"}}\n", 1), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK(STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    rm(inf);

    /* 7. OFF: LIST, then WATCH */
    inf = wl_mk(KINF_WATCH_LIST_OFF, 0);
    if (CHECK(inf != 0)) { CHECK(STARTS(wl_reconnect(inf, ENG_T0), "GET /api/v1/pods?limit=500&resourceVersion=0 ")); }
    rm(inf);
}
/* Only the annotation k8s.io/initial-events-end with the string "true" ends
   the initial events (client-go compares it with "true"): a bookmark whose
   annotation has another value is one more bookmark of the initial events,
   its RV not taken; the real end bookmark after it ends them. A bookmark
   with no such annotation (none, another name, a label) is a plain watch's:
   a fallback to LIST at once. */
#define WL_BM_META(rv, more) "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" rv "\"" more "}}}\n"
static void test_watch_list_end_value(void) {
    static const char* const not_end[] = {
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":\"false\"}"),
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":\"yes\"}"),
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":\"\"}"),
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":\"True\"}"),
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":\"true \"}"),
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events-end\":true}"),
        /* from here: no annotation of that name */
        WL_BM_META("5", ",\"annotations\":{\"k8s.io/initial-events\":\"true\"}"),
        WL_BM_META("5", ",\"annotations\":{}"),
        WL_BM_META("5", ",\"labels\":{\"k8s.io/initial-events-end\":\"true\"}"),
        WL_BM_META("5", ""),
    };
    static char resp[4096];
    int i, ok = 1;
    g_test = "watch_list_end_value";
    for (i = 0; i < (int)(sizeof(not_end) / sizeof(not_end[0])); i++) {
        kinf_informer_t* inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
        uint64_t t = ENG_T0;
        size_t n;
        if (!CHECK(inf != 0)) { return; }
        evlog_reset(); log_reset();
        ok &= STARTS(wl_reconnect(inf, t), WL_Q "&");
        snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "1"), 1));
        n = strlen(resp) - 5; /* the stream stays open */
        snprintf(resp + n, sizeof(resp) - n, "%zx\r\n%s\r\n%zx\r\n%s\r\n", strlen(not_end[i]), not_end[i], strlen(WL_ADD("b", "2")), WL_ADD("b", "2"));
        n = strlen(resp);
        n = eng_recv(inf, resp, 7, t) == n; /* all taken; a fallback drops the rest */
        kinf_engine_dispatch(kinf_informer_engine(inf), t);
        if (i >= 6) { /* a plain watch's bookmark: the LIST at once, the add of b never read */
            ok &= logged(KINF_LOGITEM_WATCH_LIST_FALLBACK) == 1 && !kinf_has_synced(inf) && !strcmp(g_evlog, "A ns/a 1") &&
                  STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 ");
            if (!ok) { note("bookmark %d was no fallback: %s", i, not_end[i]); rm(inf); break; }
            rm(inf);
            continue;
        }
        ok &= n && !kinf_has_synced(inf) && !strcmp(kinf_resource_version(inf), "") && logged(KINF_LOGITEM_LIST_DONE) == 0 &&
              !strcmp(g_evlog, "A ns/a 1 A ns/b 2") && kinf_stats(inf).malformed == 0;
        snprintf(resp, sizeof(resp), "%zx\r\n%s\r\n", strlen(WL_END("10")), WL_END("10"));
        ok &= eng_recv(inf, resp, 64, t) == strlen(resp);
        kinf_engine_dispatch(kinf_informer_engine(inf), t);
        ok &= kinf_has_synced(inf) && !strcmp(kinf_resource_version(inf), "10") && logged(KINF_LOGITEM_LIST_DONE) == 1 &&
              logged(KINF_LOGITEM_WATCH_LIST_FALLBACK) == 0 && kinf_count(inf) == 2;
        if (!ok) { note("bookmark %d ended the initial events or the end did not: %s", i, not_end[i]); rm(inf); break; }
        rm(inf);
    }
    CHECK(ok);
}
#undef WL_BM_META
/* A server (or a proxy) that ignores watch-list's parameters answers a plain
   watch: its bookmarks lack the annotation, its events are not all ADDED, or
   it sends nothing that ends the initial events. Each is a fallback to LIST
   at once, remembered under AUTO; silence is bounded by
   watch_list_timeout_ms from the head or the last initial event. */
static void test_watch_list_plain(void) {
    static char resp[4096];
    kinf_informer_t* inf;
    kinf_desc_t d;
    uint64_t t = ENG_T0;
    size_t n;
    g_test = "watch_list_plain";
    /* 1. a bookmark with no annotation, after no event at all: LIST at once
       (no backoff), and the relist after a 410 is a LIST too (remembered) */
    inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
    if (!CHECK(inf != 0)) { return; }
    log_reset();
    (void)wl_reconnect(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_BM("42"), 1));
    n = strlen(resp) - 5; resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 64, t), n);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK(strstr(g_lastwarn, "without k8s.io/initial-events-end") != 0);
    CHECK(STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    CHECK(eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_has_synced(inf), 1);
    (void)eng_send(inf, t);
    CHECK(eng_recv(inf, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK(STARTS(wl_after_backoff(inf, &t), "GET /api/v1/pods?resourceVersion=9 "));
    CHECK(kinf_stats(inf).watch_list_fallbacks == 1 && kinf_stats(inf).watch_lists == 1);
    rm(inf);
    /* 2. a MODIFIED (or DELETED) among the initial events: a fallback, the event not applied */
    {
        static const char* const ev[] = { "MODIFIED", "DELETED" };
        int k, ok = 1;
        for (k = 0; k < 2; k++) {
            inf = wl_mk(KINF_WATCH_LIST_AUTO, 0);
            if (!CHECK(inf != 0)) { return; }
            evlog_reset(); log_reset(); t = ENG_T0;
            (void)wl_reconnect(inf, t);
            snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "1"), 1));
            n = strlen(resp) - 5;
            snprintf(resp + n, sizeof(resp) - n, "%zx\r\n{\"type\":\"%s\",\"object\":" ITEM("a", "2") "}\n\r\n",
                     strlen("{\"type\":\"\",\"object\":" ITEM("a", "2") "}\n") + strlen(ev[k]), ev[k]);
            ok &= eng_recv(inf, resp, 64, t) == strlen(resp);
            kinf_engine_dispatch(kinf_informer_engine(inf), t);
            ok &= logged(KINF_LOGITEM_WATCH_LIST_FALLBACK) == 1 && strstr(g_lastwarn, "other than ADDED") != 0 &&
                  !strcmp(g_evlog, "A ns/a 1") && STARTS(wl_reconnect(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 ");
            if (!ok) { note("%s: %s", ev[k], g_evlog); rm(inf); break; }
            rm(inf);
        }
        CHECK(ok);
    }
    /* 3. silence bounded by watch_list_timeout_ms: counted from the head,
       then from each initial event; the engine's deadline says when */
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16;
    d.watch_list = KINF_WATCH_LIST_AUTO; d.watch_list_timeout_ms = 3000;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    log_reset(); t = ENG_T0;
    (void)wl_reconnect(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "1"), 1));
    n = strlen(resp) - 5; resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 64, t), n);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_INT(kinf_engine_deadline(kinf_informer_engine(inf)), t + 3000);
    snprintf(resp, sizeof(resp), "%zx\r\n%s\r\n", strlen(WL_ADD("b", "2")), WL_ADD("b", "2"));
    CHECK_INT(eng_recv(inf, resp, 64, t + 2000), strlen(resp));
    kinf_engine_dispatch(kinf_informer_engine(inf), t + 2000);
    CHECK_INT(kinf_engine_deadline(kinf_informer_engine(inf)), t + 5000);
    kinf_engine_tick(kinf_informer_engine(inf), t + 4999);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 0);
    kinf_engine_tick(kinf_informer_engine(inf), t + 5000);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    CHECK(strstr(g_lastwarn, "watch_list_timeout_ms") != 0);
    CHECK(STARTS(wl_reconnect(inf, t + 5000), "GET /api/v1/pods?limit=500&resourceVersion=0 "));
    rm(inf);
    /* 3b. the default is 10 s: a head and nothing else */
    inf = wl_mk(KINF_WATCH_LIST_ON, 0);
    if (!CHECK(inf != 0)) { return; }
    log_reset(); t = ENG_T0;
    (void)wl_reconnect(inf, t);
    snprintf(resp, sizeof(resp), "%s", http("200 OK", "", WL_ADD("a", "1"), 1));
    n = strlen(resp) - 5; resp[n] = 0;
    CHECK_INT(eng_recv(inf, resp, 64, t), n);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    kinf_engine_tick(kinf_informer_engine(inf), t + 9999);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 0);
    kinf_engine_tick(kinf_informer_engine(inf), t + 10000);
    CHECK_INT(logged(KINF_LOGITEM_WATCH_LIST_FALLBACK), 1);
    rm(inf);
}
/* Metadata only: the Accept headers of client-go's metadata client (JSON
   forms), and the objects projected to their metadata whether the server
   converted them (PartialObjectMetadataList) or sent them whole. */
static void test_metadata_only(void) {
    static char whole[4096], conv[4096];
    kinf_informer_t* inf;
    kinf_object_t o;
    kinf_desc_t d;
    const char* keep[] = { "metadata.labels", "spec.nodeName" };
    uint64_t t = ENG_T0;
    const char* r;
    g_test = "metadata_only";
    inf = wl_mk(KINF_WATCH_LIST_OFF, 1);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset();
    r = wl_reconnect(inf, t);
    CHECK(strstr(r, "\r\nAccept: application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json\r\n") != 0);
    CHECK(eng_recv(inf, http("200 OK", "", "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"5\"},\"items\":["
                            "{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"1\",\"labels\":{\"app\":\"x\"},\"managedFields\":[{}]},"
                            "\"spec\":{\"nodeName\":\"n1\"},\"status\":{\"phase\":\"Running\"}}]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK(kinf_get(inf, "ns/a", &o));
    snprintf(whole, sizeof(whole), "%s", o.json);
    CHECK(strstr(whole, "spec") == 0 && strstr(whole, "status") == 0 && strstr(whole, "managedFields") == 0);
    CHECK(strstr(whole, "\"app\":\"x\"") != 0);
    r = eng_send(inf, t);
    CHECK(strstr(r, "\r\nAccept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json\r\n") != 0);
    rm(inf);
    /* the server converted: the same object view */
    inf = wl_mk(KINF_WATCH_LIST_OFF, 1);
    if (!CHECK(inf != 0)) { return; }
    (void)wl_reconnect(inf, t);
    CHECK(eng_recv(inf, http("200 OK", "", "{\"kind\":\"PartialObjectMetadataList\",\"apiVersion\":\"meta.k8s.io/v1\",\"metadata\":{\"resourceVersion\":\"5\"},\"items\":["
                            "{\"kind\":\"PartialObjectMetadata\",\"apiVersion\":\"meta.k8s.io/v1\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"1\",\"labels\":{\"app\":\"x\"},\"managedFields\":[{}]}}]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK(kinf_get(inf, "ns/a", &o));
    snprintf(conv, sizeof(conv), "%s", o.json);
    CHECK_STR(conv, whole);
    /* a watch event sent whole is projected the same way */
    (void)eng_send(inf, t);
    evlog_reset();
    CHECK(eng_recv(inf, http("200 OK", "", "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"6\"},\"spec\":{\"nodeName\":\"n2\"}}}\n", 1), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK_STR(g_evlog, "U ns/a 1>6");
    CHECK(strstr(g_lastjson, "spec") == 0 && strstr(g_lastjson, "kind") == 0);
    rm(inf);
    /* keep paths must lie under metadata */
    desc_base(&d);
    d.metadata_only = 1; d.keep = keep; d.keep_count = 2;
    log_reset();
    CHECK(mk(&d) == 0);
    CHECK_INT(logged(KINF_LOGITEM_CONFIG_BAD_PATH), 1);
    d.keep_count = 1;
    inf = mk(&d);
    CHECK(inf != 0);
    rm(inf);
}
