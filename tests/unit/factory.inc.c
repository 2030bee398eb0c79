/* factory.inc.c - included by main.c: the shared informer factory
   (>>factory). Uses discovery.inc.c's fake server. */

/* Own transport throughout: the discovery is fed by dc_serve, and an
   informer's engine by hand, so nothing here opens a socket. */
static kinf_desc_t g_fa_base;
/* a factory of max_informers (with the rows of caps, if any) over g_fa_base */
static kinf_factory_t* fa_mk_caps(int max_informers, const kinf_factory_caps_t* caps, int ncaps, size_t* size_out) {
    kinf_factory_desc_t fd;
    size_t n;
    void* mem;
    kinf_factory_t* f;
    desc_base(&g_fa_base);
    g_fa_base.own_transport = 1;
    g_fa_base.max_objects = 16; g_fa_base.store_bytes = 1 << 14; g_fa_base.max_event_bytes = 4096;
    memset(&fd, 0, sizeof(fd));
    fd.base = &g_fa_base; fd.max_informers = max_informers; fd.caps = caps; fd.caps_count = ncaps;
    n = kinf_factory_size(&fd);
    if (size_out) { *size_out = n; }
    if (n == 0 || n == SIZE_MAX || !(mem = malloc(n))) { return 0; }
    f = kinf_factory_init(mem, n, &fd);
    if (!f) { free(mem); }
    return f;
}
static kinf_factory_t* fa_mk(int max_informers, size_t* size_out) { return fa_mk_caps(max_informers, 0, 0, size_out); }
static kinf_informer_t* fa_req(kinf_factory_t* f, const char* res, const char* ns, const char* lsel, const char* const* keep, int nkeep) {
    kinf_informer_req_t r;
    memset(&r, 0, sizeof(r));
    r.resource = res; r.namespace_ = ns; r.label_selector = lsel; r.keep = keep; r.keep_count = nkeep;
    return kinf_factory_informer(f, &r);
}
/* one list through an informer's engine: its request, and a response holding one object */
static const char* fa_list(kinf_informer_t* inf, uint64_t t, const char* item) {
    static char body[2048];
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    eng_send(inf, t);
    snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[%s]}", item);
    eng_recv(inf, http("200 OK", "", body, 0), 64, t);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    return g_req;
}
static void test_factory(void) {
    kinf_factory_t* f;
    kinf_informer_t *po, *i2, *i3;
    kinf_resource_t r;
    kinf_factory_stats_t st;
    uint64_t t = ENG_T0;
    size_t size, n0;
    static const char* k_labels[] = { "metadata.labels" };
    static const char* k_more[] = { "spec.nodeName", "metadata.labels.app", "metadata.labels" };
    static const char* k_phase[] = { "status.phase" };
    static const char* k_app[] = { "metadata.labels.app" };
    static const char* k_deep[] = { "spec.containers.image", "spec.containers" };
    g_test = "factory";
    /* sizing: the block holds the discovery and max_informers informers of base's capacities */
    f = fa_mk(3, &size);
    if (!CHECK(f != 0)) { return; }
    st = kinf_factory_stats(f);
    CHECK_INT(st.informers, 0); CHECK_INT(st.max_informers, 3);
    CHECK(st.informer_bytes >= kinf_informer_size(&g_fa_base));
    CHECK(st.fixed_bytes + 3 * st.informer_bytes + 8 <= size && st.fixed_bytes + 3 * st.informer_bytes + 64 > size);
    CHECK(st.fixed_bytes > kinf_discovery_stats(kinf_factory_discovery(f)).mem_used);
    {
        kinf_factory_desc_t fd;
        void* mem = malloc(size);
        memset(&fd, 0, sizeof(fd));
        fd.base = &g_fa_base; fd.max_informers = 3;
        log_reset();
        CHECK(kinf_factory_init(mem, size - 1, &fd) == 0);
        CHECK_INT(logged(KINF_LOGITEM_MEMORY_TOO_SMALL), 1);
        fd.max_informers = 4;
        CHECK(kinf_factory_size(&fd) > size + st.informer_bytes && kinf_factory_size(&fd) < size + st.informer_bytes + 8192);
        free(mem);
    }
    /* before discovery nothing resolves */
    log_reset();
    CHECK(fa_req(f, "pods", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_NOT_DISCOVERED), 1);
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    CHECK_INT(kinf_discovery_rounds(kinf_factory_discovery(f)), 1);
    /* one informer for the same resource however it is named */
    po = fa_req(f, "po", 0, 0, k_labels, 1);
    if (!CHECK(po != 0)) { return; }
    CHECK(fa_req(f, "pods", 0, 0, k_more, 3) == po);
    CHECK(fa_req(f, "Pod", 0, 0, k_app, 1) == po);
    CHECK(fa_req(f, "/api/v1/pods", "", 0, k_labels, 1) == po);
    CHECK_STR(po->path, "/api/v1/pods");
    CHECK_INT(kinf_factory_count(f), 1);
    /* the union of the kept paths: metadata.labels covers metadata.labels.app */
    CHECK_INT(po->rules.nkeep, 2);
    CHECK_INT(po->rules.ndrop, 1); /* the default managedFields drop */
    /* another namespace or selector: another informer */
    i2 = fa_req(f, "pods", "ns-1", 0, 0, 0);
    CHECK(i2 != 0 && i2 != po);
    if (i2) { CHECK_STR(i2->path, "/api/v1/namespaces/ns-1/pods"); CHECK_INT(i2->rules.nkeep, 0); }
    log_reset();
    i3 = fa_req(f, "deploy", "ns-1", "app=web", k_deep, 2);
    CHECK(i3 != 0);
    if (i3) { CHECK_STR(i3->path, "/apis/apps/v1/namespaces/ns-1/deployments"); CHECK_STR(i3->lsel, "app=web"); CHECK_INT(i3->rules.nkeep, 2); } /* and what its selector reads: metadata.labels.app */
    CHECK(kinf_factory_resource(f, i3, &r) == KINF_OK && !strcmp(r.name, "deployments.apps") && !strcmp(r.kind, "Deployment") && r.namespaced);
    CHECK(kinf_factory_resource(f, (kinf_informer_t*)(void*)&r, &r) == KINF_ERR_INVAL);
    CHECK_INT(kinf_factory_count(f), 3);
    CHECK(fa_req(f, "pods", "ns-1", "app=web", 0, 0) == 0); /* a selector of its own: a fourth, and the factory has 3 */
    CHECK(fa_req(f, "configmaps", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_FACTORY_FULL), 2);
    CHECK(fa_req(f, "pods", 0, 0, k_phase, 1) == po); /* a known one is shared, full or not */
    /* errors, at once */
    log_reset();
    CHECK(fa_req(f, "no", "default", 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_CLUSTER_SCOPED), 1);
    CHECK(fa_req(f, "cs", 0, 0, 0, 0) == 0);
    CHECK(fa_req(f, "bindings", "ns-1", 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_NOT_WATCHABLE), 2);
    CHECK(fa_req(f, "nope", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_UNKNOWN_RESOURCE), 1);
    CHECK(kinf_log_item_is_final(KINF_LOGITEM_CLUSTER_SCOPED) && kinf_log_item_is_final(KINF_LOGITEM_UNKNOWN_RESOURCE) &&
          kinf_log_item_is_final(KINF_LOGITEM_NOT_WATCHABLE) && !kinf_log_item_is_final(KINF_LOGITEM_NOT_DISCOVERED));
    /* the union applies: the list's object keeps labels, nodeName and phase, not the rest */
    CHECK_INT(po->rules.nkeep, 3);
    kinf_factory_start(f);
    kinf_add_handler(po, &g_handler);
    evlog_reset();
    CHECK(STARTS(fa_list(po, t, "{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"5\",\"labels\":{\"app\":\"x\"}},"
                                  "\"spec\":{\"nodeName\":\"n1\",\"other\":1},\"status\":{\"phase\":\"Running\",\"podIP\":\"1.2.3.4\"}}"),
                 "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1"));
    CHECK_STR(g_evlog, "A ns/a 5");
    {
        kinf_object_t o;
        if (CHECK(kinf_get(po, "ns/a", &o))) {
            CHECK_STR(o.json, "{\"metadata\":{\"labels\":{\"app\":\"x\"}},\"spec\":{\"nodeName\":\"n1\"},\"status\":{\"phase\":\"Running\"}}");
        }
    }
    /* started: a path it keeps (or one below) is fine, any other is refused */
    log_reset();
    CHECK(fa_req(f, "pods", 0, 0, k_app, 1) == po);
    CHECK(fa_req(f, "pods", 0, 0, k_phase, 1) == po);
    CHECK(fa_req(f, "pods", 0, 0, k_deep, 1) == 0);
    CHECK(fa_req(f, "pods", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_FACTORY_NOT_KEPT), 2);
    CHECK_INT(po->rules.nkeep, 3);
    /* an informer kept whole serves every request */
    CHECK(fa_req(f, "pods", "ns-1", 0, k_deep, 2) == i2);
    /* stats, per informer and in all */
    st = kinf_factory_stats(f);
    CHECK_INT(st.informers, 3); CHECK_INT(st.synced, 1); CHECK_INT(st.gone, 0);
    CHECK(st.store_used == kinf_stats(po).store_used && st.store_used > 0);
    CHECK(st.mem_used == st.fixed_bytes + 3 * st.informer_bytes);
    CHECK(kinf_stats(po).mem_capacity == st.informer_bytes);
    CHECK_INT(kinf_factory_has_synced(f), 0);
    /* a 404 on an informer: discovery is asked again */
    n0 = (size_t)kinf_factory_stats(f).rediscoveries;
    kinf_engine_tick(kinf_informer_engine(i3), t);
    kinf_engine_connected(kinf_informer_engine(i3), t);
    eng_send(i3, t);
    eng_recv(i3, http("404 Not Found", "", "{\"kind\":\"Status\",\"code\":404}", 0), 64, t);
    CHECK_INT(kinf_discovery_state(kinf_factory_discovery(f)), KINF_DISC_DONE);
    kinf_factory_poll(f, 0);
    CHECK_INT(kinf_factory_stats(f).rediscoveries, n0 + 1);
    CHECK_INT(kinf_discovery_state(kinf_factory_discovery(f)), KINF_DISC_RUNNING);
    kinf_factory_stop(f);
    CHECK(kinf_factory_stopped(f) && kinf_stopped(po) && kinf_stopped(i3));
    kinf_factory_shutdown(f);
    free(f);
}
/* kinf_factory_why: each refusal of kinf_factory_informer readable with no
   logger at all, as kinf_check gives kinf_init's: the item, and one line
   naming it; 0 and "" after a request that was granted. */
static int fa_why_is(kinf_factory_t* f, uint32_t item, const char* needle) {
    char why[256];
    uint32_t got = kinf_factory_why(f, why, sizeof(why));
    char want[96];
    snprintf(want, sizeof(want), "KINF_LOGITEM_%s: ", kinf_log_item_name(item));
    if (got == item && STARTS(why, want) && (!needle || strstr(why, needle))) { return 1; }
    note("kinf_factory_why: %u '%s', want %u with '%s'", got, why, item, needle ? needle : "");
    return 0;
}
static void test_factory_why(void) {
    kinf_factory_t* f;
    kinf_informer_t* po;
    uint64_t t = ENG_T0;
    char why[256], small[10], sel[2000];
    static const char* k_bad[] = { "spec..\x01x" };
    g_test = "factory_why";
    f = fa_mk(2, 0);
    if (!CHECK(f != 0)) { return; }
    f->logger.func = 0;                                   /* no logger: the factory's, discovery's, the informers' */
    kinf_factory_discovery(f)->logger.func = 0;
    f->base.logger.func = 0;
    CHECK_INT(kinf_factory_why(f, why, sizeof(why)), 0);
    CHECK_STR(why, "");
    CHECK(fa_req(f, "pods", 0, 0, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_NOT_DISCOVERED, "pods"));
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    CHECK(fa_req(f, "nope", 0, 0, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_UNKNOWN_RESOURCE, "nope"));
    CHECK(fa_req(f, "no", "default", 0, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_CLUSTER_SCOPED, 0));
    CHECK(fa_req(f, "cs", 0, 0, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_NOT_WATCHABLE, 0));
    CHECK(kinf_factory_informer(f, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_BAD_ARGUMENT, "kinf_factory_informer"));
    memset(sel, 'a', sizeof(sel) - 1); sel[sizeof(sel) - 1] = 0;  /* kinf_init refuses the informer */
    CHECK(fa_req(f, "pods", 0, sel, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_CONFIG_TOO_LONG, "selector"));
    CHECK(fa_req(f, "pods", 0, 0, k_bad, 1) == 0);     /* the informer's rules refuse the path */
    CHECK(fa_why_is(f, KINF_LOGITEM_CONFIG_BAD_PATH, "spec..?x"));     /* one line of printable bytes */
    po = fa_req(f, "pods", 0, 0, 0, 0);              /* granted: nothing to say */
    CHECK(po != 0);
    CHECK_INT(kinf_factory_why(f, why, sizeof(why)), 0);
    CHECK_STR(why, "");
    if (po) {                                           /* an informer's error later is no refusal of a request */
        kinf_factory_start(f);
        kinf_engine_tick(kinf_informer_engine(po), t);
        kinf_engine_connected(kinf_informer_engine(po), t);
        eng_send(po, t);
        eng_recv(po, http("500 Internal Server Error", "", "{\"kind\":\"Status\",\"code\":500}", 0), 64, t);
        CHECK(kinf_last_error(po) != 0 && kinf_factory_why(f, why, sizeof(why)) == 0);
    }
    CHECK(fa_req(f, "configmaps", 0, 0, 0, 0) != 0);
    CHECK(fa_req(f, "nodes", 0, 0, 0, 0) == 0);
    CHECK(fa_why_is(f, KINF_LOGITEM_FACTORY_FULL, "nodes"));
    CHECK_INT(kinf_factory_why(f, small, sizeof(small)), KINF_LOGITEM_FACTORY_FULL);   /* cut as snprintf */
    CHECK_STR(small, "KINF_LOGI");
    CHECK_INT(kinf_factory_why(f, 0, 0), KINF_LOGITEM_FACTORY_FULL);
    CHECK_INT(kinf_factory_why(0, why, sizeof(why)), KINF_LOGITEM_BAD_ARGUMENT);
    CHECK(STARTS(why, "KINF_LOGITEM_BAD_ARGUMENT: "));
    kinf_factory_shutdown(f);
    free(f);
}
/* kinf_factory_all: an informer for every resource that can be listed and
   watched; a later round's new resources get theirs, and a resource that
   leaves discovery takes its informer out of the poll until it is back. */
static kinf_factory_t* fa_mk_budget(int max_informers, size_t budget, size_t floor, size_t cap, const kinf_factory_caps_t* caps, int ncaps);
static void fa_fill(kinf_informer_t* inf, const char* type, const char* prefix, int from, int to, int pad);
static int fa_packed(kinf_factory_t* f);
static void test_factory_all(void) {
    kinf_factory_t* f;
    kinf_informer_req_t tmpl;
    kinf_resource_t r;
    kinf_informer_t* gd = 0;
    uint64_t t = ENG_T0;
    static dc_route routes[16];
    static char apis[4096];
    int i, k = -1, n;
    g_test = "factory_all";
    /* the first round without example.org */
    for (i = 0; dc_legacy[i].path; i++) { routes[i] = dc_legacy[i]; }
    routes[i].path = 0;
    {
        size_t len;
        char fn[512], *b, *cut;
        snprintf(fn, sizeof(fn), "%s/legacy-apis.json", disc_dir());
        b = read_file(fn, &len);
        if (!CHECK(b != 0)) { return; }
        cut = strstr(b, ",{\"name\":\"example.org\"");
        if (CHECK(cut != 0)) { strcpy(cut, "]}"); }
        snprintf(apis, sizeof(apis), "%s", b);
        free(b);
    }
    routes[1].file = apis;
    f = fa_mk(16, 0);
    if (!CHECK(f != 0)) { return; }
    memset(&tmpl, 0, sizeof(tmpl));
    log_reset();
    CHECK_INT(kinf_factory_all(f, &tmpl), KINF_ERR_STATE);
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, routes, 100000, 0, 50);
    CHECK_INT(kinf_factory_all(f, &tmpl), 10); /* 12 resources less bindings and componentstatuses */
    CHECK_INT(kinf_factory_count(f), 10);
    n = 0;
    for (i = 0; i < kinf_factory_count(f); i++) {
        if (kinf_factory_at(f, i) && kinf_factory_resource(f, kinf_factory_at(f, i), &r) == KINF_OK) {
            n++;
            CHECK(strcmp(r.name, "bindings") && strcmp(r.name, "componentstatuses"));
        }
    }
    CHECK_INT(n, 10);
    CHECK(fa_req(f, "nodes", 0, 0, 0, 0) == kinf_factory_at(f, 3)); /* the one all made is shared */
    /* a round that has example.org: gadgets and clusterthings get informers at the next poll */
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_legacy, 100000, 0, 50);
    CHECK_INT(kinf_factory_count(f), 10);
    kinf_factory_poll(f, 0);
    CHECK_INT(kinf_factory_count(f), 12);
    for (i = 0; i < kinf_factory_count(f); i++) {
        if (kinf_factory_resource(f, kinf_factory_at(f, i), &r) == KINF_OK && !strcmp(r.name, "gadgets.example.org")) { gd = kinf_factory_at(f, i); k = i; }
    }
    if (!CHECK(gd != 0)) { free(f); return; }
    CHECK_STR(gd->path, "/apis/example.org/v2/gadgets");
    kinf_add_handler(gd, &g_handler);
    evlog_reset();
    fa_list(gd, t, "{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"5\"}}");
    CHECK_STR(g_evlog, "A ns/a 5");
    /* it leaves: its objects are deleted (final state unknown); not polled,
       not counted for sync, NULL by index */
    log_reset();
    evlog_reset();
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, routes, 100000, 0, 50);
    kinf_factory_poll(f, 0);
    CHECK_STR(g_evlog, "D ns/a 5!");
    CHECK_INT(kinf_count(gd), 0);
    CHECK_INT(logged(KINF_LOGITEM_RESOURCE_GONE), 2);
    CHECK(kinf_factory_at(f, k) == 0);
    CHECK_INT(kinf_factory_stats(f).gone, 2);
    CHECK_INT(kinf_factory_count(f), 12);
    /* and comes back, the same informer in the same memory */
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_legacy, 100000, 0, 50);
    kinf_factory_poll(f, 0);
    CHECK(kinf_factory_at(f, k) == gd);
    CHECK_INT(kinf_factory_stats(f).gone, 0);
    CHECK_INT(kinf_factory_count(f), 12);
    free(f);
    /* with a store budget, a resource that leaves gives its store back */
    f = fa_mk_budget(16, 1 << 16, 0, 0, 0, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_legacy, 100000, 0, 50);
    CHECK_INT(kinf_factory_all(f, &tmpl), 12);
    gd = 0;
    for (i = 0; i < kinf_factory_count(f); i++) {
        if (kinf_factory_resource(f, kinf_factory_at(f, i), &r) == KINF_OK && !strcmp(r.name, "gadgets.example.org")) { gd = kinf_factory_at(f, i); }
    }
    if (!CHECK(gd != 0)) { free(f); return; }
    watch_begin(gd);
    fa_fill(gd, "ADDED", "g", 0, 5, 100);
    watch_begin(kinf_factory_at(f, 11));
    fa_fill(kinf_factory_at(f, 11), "ADDED", "h", 0, 2, 100);
    n = (int)kinf_factory_stats(f).store_granted;
    CHECK(gd->store_bytes > 0 && fa_packed(f));
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, routes, 100000, 0, 50);
    kinf_factory_poll(f, 0);
    CHECK_INT(kinf_factory_stats(f).gone, 2);
    CHECK(gd->store_bytes == 0 && (int)kinf_factory_stats(f).store_granted < n && fa_packed(f));
    CHECK(gd->slot_hi == 0 && gd->obj_cap == 16); /* its tables keep their floor (max_objects here) */
    free(f);
    /* with a namespace: the namespaced resources only; a full factory logs once */
    f = fa_mk(5, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    tmpl.namespace_ = "ns-1";
    log_reset();
    CHECK_INT(kinf_factory_all(f, &tmpl), 5);
    CHECK_INT(logged(KINF_LOGITEM_FACTORY_FULL), 1);
    for (i = 0; i < kinf_factory_count(f); i++) {
        CHECK(kinf_factory_resource(f, kinf_factory_at(f, i), &r) == KINF_OK && r.namespaced);
        CHECK(strstr(kinf_factory_at(f, i)->path, "/namespaces/ns-1/") != 0);
    }
    free(f);
    f = fa_mk(16, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    CHECK_INT(kinf_factory_all(f, &tmpl), 9); /* namespaced, listable and watchable: 9 of 14 */
    free(f);
}

/* per-resource capacities: a row of desc.caps reserves one share of its own size */
static size_t fa_share(int max_objects, size_t store_bytes) {
    kinf_desc_t d = g_fa_base;
    d.resource = "/api/v1/x";
    if (max_objects) { d.max_objects = max_objects; }
    if (store_bytes) { d.store_bytes = store_bytes; }
    return (kinf_informer_size(&d) + 7u) & ~(size_t)7u;
}
static void test_factory_caps(void) {
    static const kinf_factory_caps_t caps[] = { { "po", 4, 4096, 0, 0, 0, 0 }, { "configmaps", 200, 1 << 16, 0, 0, 0, 0 } };
    static const kinf_factory_caps_t bad[] = { { "pods", 4, 0, 0, 0, 0, 0 }, { 0, 8, 0, 0, 0, 0, 0 } };
    static const kinf_factory_caps_t unknown[] = { { "gizmos", 4, 0, 0, 0, 0, 0 } };
    kinf_factory_t* f;
    kinf_factory_stats_t st;
    kinf_informer_t *po, *cm, *po2, *sec;
    kinf_informer_req_t tmpl;
    uint64_t t = ENG_T0;
    size_t size, plain;
    int i;
    g_test = "factory_caps";
    /* sizing: the rows' shares and max_informers - rows of base's */
    f = fa_mk_caps(3, 0, 0, &plain);
    free(f);
    f = fa_mk_caps(3, caps, 2, &size);
    if (!CHECK(f != 0)) { return; }
    st = kinf_factory_stats(f);
    CHECK_INT(st.max_informers, 3);
    CHECK(st.informer_bytes == fa_share(0, 0));
    CHECK(size == plain - 2 * fa_share(0, 0) + fa_share(4, 4096) + fa_share(200, 1 << 16));
    CHECK(size > st.fixed_bytes + fa_share(0, 0) + fa_share(4, 4096) + fa_share(200, 1 << 16) &&
          size <= st.fixed_bytes + fa_share(0, 0) + fa_share(4, 4096) + fa_share(200, 1 << 16) + 16);
    CHECK_INT(st.mem_used, st.fixed_bytes);
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    /* each resource with a row gets its capacities, however either is named */
    po = fa_req(f, "pods", 0, 0, 0, 0);
    cm = fa_req(f, "cm", 0, 0, 0, 0);
    if (!CHECK(po && cm)) { return; }
    CHECK_INT(kinf_stats(po).max_objects, 4);
    CHECK(kinf_stats(po).store_capacity == 4096 && kinf_stats(po).mem_capacity == fa_share(4, 4096));
    CHECK_INT(kinf_stats(cm).max_objects, 200);
    CHECK(kinf_stats(cm).store_capacity == (1 << 16) && kinf_stats(cm).mem_capacity == fa_share(200, 1 << 16));
    /* a second informer of pods (another namespace) takes base's share; then the factory is full */
    po2 = fa_req(f, "pods", "ns-1", 0, 0, 0);
    if (!CHECK(po2 != 0)) { return; }
    CHECK_INT(kinf_stats(po2).max_objects, 16);
    CHECK(kinf_stats(po2).mem_capacity == st.informer_bytes);
    log_reset();
    CHECK(fa_req(f, "secrets", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_FACTORY_FULL), 1);
    st = kinf_factory_stats(f);
    CHECK(st.mem_used == st.fixed_bytes + fa_share(0, 0) + fa_share(4, 4096) + fa_share(200, 1 << 16));
    /* the stores hold what their rows say: a fifth pod does not fit a row of 4 */
    kinf_factory_start(f);
    {
        static char body[4096];
        int o = snprintf(body, sizeof(body), "{\"metadata\":{\"resourceVersion\":\"9\"},\"items\":[");
        for (i = 0; i < 5; i++) {
            o += snprintf(body + o, sizeof(body) - (size_t)o, "%s{\"metadata\":{\"name\":\"p%d\",\"namespace\":\"ns\",\"resourceVersion\":\"%d\"}}",
                          i ? "," : "", i, 5 + i);
        }
        snprintf(body + o, sizeof(body) - (size_t)o, "]}");
        log_reset();
        kinf_engine_tick(kinf_informer_engine(po), t);
        kinf_engine_connected(kinf_informer_engine(po), t);
        eng_send(po, t);
        eng_recv(po, http("200 OK", "", body, 0), 64, t);
        kinf_engine_dispatch(kinf_informer_engine(po), t);
        CHECK_INT(kinf_count(po), 4);
        CHECK_INT(logged(KINF_LOGITEM_STORE_SLOTS_FULL), 1);
    }
    free(f);
    /* a row's share is its resource's only: with the base share taken, another resource finds none */
    f = fa_mk_caps(3, caps, 2, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    sec = fa_req(f, "secrets", 0, 0, 0, 0);
    CHECK(sec != 0 && kinf_stats(sec).max_objects == 16);
    log_reset();
    CHECK(fa_req(f, "services", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_FACTORY_FULL), 1);
    CHECK(fa_req(f, "configmaps", 0, 0, 0, 0) != 0);
    free(f);
    /* with kinf_factory_all: the rows' resources get theirs, max_informers is raised to the rows */
    f = fa_mk_caps(1, caps, 2, 0);
    if (!CHECK(f != 0)) { return; }
    CHECK_INT(kinf_factory_stats(f).max_informers, 2);
    free(f);
    f = fa_mk_caps(16, caps, 2, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    memset(&tmpl, 0, sizeof(tmpl));
    CHECK(kinf_factory_all(f, &tmpl) > 2);
    for (i = 0; i < kinf_factory_count(f); i++) {
        kinf_resource_t r;
        kinf_informer_t* inf = kinf_factory_at(f, i);
        if (!inf || kinf_factory_resource(f, inf, &r) != KINF_OK) { continue; }
        CHECK_INT(kinf_stats(inf).max_objects, !strcmp(r.name, "pods") ? 4 : !strcmp(r.name, "configmaps") ? 200 : 16);
    }
    free(f);
    /* bad rows: refused at once; a row discovery does not know: warned once a round */
    CHECK(fa_mk_caps(3, bad, 2, &size) == 0 && size == 0);
    {
        kinf_factory_desc_t fd;
        static uint8_t mem[64];
        memset(&fd, 0, sizeof(fd));
        fd.base = &g_fa_base; fd.caps = bad; fd.caps_count = 2;
        log_reset();
        CHECK(kinf_factory_init(mem, sizeof(mem), &fd) == 0);
        CHECK_INT(logged(KINF_LOGITEM_BAD_ARGUMENT), 1);
        fd.caps_count = 1025;
        CHECK(kinf_factory_size(&fd) == 0);
    }
    f = fa_mk_caps(2, unknown, 1, 0);
    if (!CHECK(f != 0)) { return; }
    log_reset();
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    kinf_factory_poll(f, 0);
    kinf_factory_poll(f, 0);
    CHECK_INT(logged(KINF_LOGITEM_UNKNOWN_RESOURCE), 1); /* at warn, once a round */
    CHECK(fa_req(f, "pods", 0, 0, 0, 0) != 0);
    CHECK(fa_req(f, "configmaps", 0, 0, 0, 0) == 0); /* the row's share waits for gizmos */
    free(f);
}
/* the first request an informer of a started factory sends */
static const char* fa_first_request(kinf_informer_t* inf, uint64_t t) {
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    return eng_send(inf, t);
}
/* Two requests that differ only in their field selector select different
   objects: each gets an informer of its own that asks with its selector.
   The same selector again shares; no selector and "" are the same one. */
static void test_factory_field_selector(void) {
    kinf_factory_t* f;
    kinf_informer_t *n1, *n2, *none;
    kinf_informer_req_t r;
    uint64_t t = ENG_T0;
    g_test = "factory_field_selector";
    f = fa_mk(4, 0);
    if (!CHECK(f != 0)) { return; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    memset(&r, 0, sizeof(r));
    r.resource = "pods"; r.namespace_ = "ns-1"; r.label_selector = "app=web";
    r.field_selector = "spec.nodeName=node-1";
    n1 = kinf_factory_informer(f, &r);
    r.field_selector = "spec.nodeName=node-2";
    n2 = kinf_factory_informer(f, &r);
    if (!CHECK(n1 != 0 && n2 != 0)) { free(f); return; }
    CHECK(n1 != n2);
    CHECK_STR(n1->fsel, "spec.nodeName=node-1");
    CHECK_STR(n2->fsel, "spec.nodeName=node-2");
    CHECK_INT(kinf_factory_count(f), 2);
    r.field_selector = "spec.nodeName=node-1";
    CHECK(kinf_factory_informer(f, &r) == n1);
    r.field_selector = 0;
    none = kinf_factory_informer(f, &r);
    CHECK(none != 0 && none != n1 && none != n2);
    r.field_selector = "";
    CHECK(kinf_factory_informer(f, &r) == none);
    CHECK_INT(kinf_factory_count(f), 3);
    /* each asks the server with its own selector */
    kinf_factory_start(f);
    CHECK(strstr(fa_first_request(n1, t), "&fieldSelector=spec.nodeName%3Dnode-1") != 0);
    CHECK(strstr(fa_first_request(n2, t), "&fieldSelector=spec.nodeName%3Dnode-2") != 0);
    CHECK(strstr(fa_first_request(none, t), "fieldSelector") == 0);
    kinf_factory_stop(f);
    kinf_factory_shutdown(f);
    free(f);
}

/* ------------------------------------------------------------------ one store budget (desc.store_budget) */
static kinf_factory_t* fa_mk_budget_n(int max_informers, size_t budget, size_t floor, size_t cap, const kinf_factory_caps_t* caps, int ncaps, int max_objects);
static kinf_factory_t* fa_mk_budget(int max_informers, size_t budget, size_t floor, size_t cap, const kinf_factory_caps_t* caps, int ncaps) {
    return fa_mk_budget_n(max_informers, budget, floor, cap, caps, ncaps, 16);
}
static int g_fa_ofloor; /* fa_mk_budget_n's desc.objects_floor */
static kinf_factory_t* fa_mk_budget_n(int max_informers, size_t budget, size_t floor, size_t cap, const kinf_factory_caps_t* caps, int ncaps, int max_objects) {
    kinf_factory_desc_t fd;
    size_t n;
    void* mem;
    kinf_factory_t* f;
    uint64_t t = ENG_T0;
    desc_base(&g_fa_base);
    g_fa_base.own_transport = 1;
    g_fa_base.max_objects = max_objects; g_fa_base.store_bytes = 1 << 14; g_fa_base.max_event_bytes = 4096;
    g_fa_base.max_index_values = 8; /* value hashes that overlap as they move (>>store tables) */
    memset(&fd, 0, sizeof(fd));
    fd.base = &g_fa_base; fd.max_informers = max_informers; fd.caps = caps; fd.caps_count = ncaps;
    fd.store_budget = budget; fd.store_floor = floor; fd.store_cap = cap; fd.objects_floor = g_fa_ofloor;
    n = kinf_factory_size(&fd);
    if (n == 0 || n == SIZE_MAX || !(mem = malloc(n))) { return 0; }
    f = kinf_factory_init(mem, n, &fd);
    if (!f) { free(mem); return 0; }
    kinf_discovery_refresh(kinf_factory_discovery(f));
    dc_serve(kinf_factory_discovery(f), &t, dc_aggregated, 100000, 0, 50);
    return f;
}
/* objects "ns/<prefix><i>" for i in [from, to), each with pad bytes in data.v */
static char g_fa_pad[2048];
static int g_fa_rv = 10;
static void fa_fill(kinf_informer_t* inf, const char* type, const char* prefix, int from, int to, int pad) {
    int i;
    memset(g_fa_pad, 'x', (size_t)pad); g_fa_pad[pad] = 0;
    for (i = from; i < to; i++) {
        wev(inf, type, "{\"metadata\":{\"name\":\"%s%d\",\"namespace\":\"ns\",\"uid\":\"u%d\",\"resourceVersion\":\"%d\"},\"data\":{\"v\":\"%s%d%s\"}}",
            prefix, i, i, g_fa_rv++, prefix, i, g_fa_pad);
    }
    kinf_flush(inf);
}
/* objects [from, to) of fa_fill read back whole by key, and the informer lists n in all */
static int fa_intact(kinf_informer_t* inf, const char* prefix, int from, int to, int pad, int n) {
    kinf_iter_t it;
    kinf_object_t o;
    char key[64], want[2100], got[2100];
    int i, k = 0;
    memset(g_fa_pad, 'x', (size_t)pad); g_fa_pad[pad] = 0;
    for (i = from; i < to; i++) {
        snprintf(key, sizeof(key), "ns/%s%d", prefix, i);
        snprintf(want, sizeof(want), "%s%d%s", prefix, i, g_fa_pad);
        if (!kinf_get(inf, key, &o) || kinf_field_str(&o, "data.v", got, sizeof(got)) <= 0 || strcmp(got, want)) { return 0; }
    }
    memset(&it, 0, sizeof(it));
    while (kinf_next(inf, &it, &o)) { k++; }
#ifdef KINF_SELFCHECK
    kinf__selfcheck(inf);
#endif
    return k == n;
}
/* the segments lie back to back from the region's start, in the order
   made: each its store, then its tables for obj_cap objects */
static int fa_packed(kinf_factory_t* f) {
    size_t off = 0;
    int i;
    for (i = 0; i < kinf_factory_count(f); i++) {
        kinf_informer_t* inf = f->ent[i].inf;
        if (inf->arena != f->region + off || inf->top > inf->store_bytes) { return 0; }
        if ((uint8_t*)inf->slots != f->region + off + inf->store_bytes || f->ent[i].asz != inf->store_bytes + kinf__tables_bytes(inf, inf->obj_cap)) { return 0; }
        if (inf->slot_hi > inf->obj_cap || inf->obj_cap > inf->max_objects) { return 0; }
        off += f->ent[i].asz;
    }
    return off == f->granted && f->granted <= f->budget;
}
/* the tables of cap objects of fa_mk_budget's base; of one informer of it (16 objects, under the floor) */
static size_t fa_tables(int cap) { return kinf__tables_layout(0, (size_t)cap, KINF_DEFAULT_INDEXES, 8).end; }
static size_t fa_t16(void) { return fa_tables(16); }
static int ix_count(kinf_informer_t* inf, int ix, const char* v, char* keys, size_t cap); /* index.inc.c */
static void test_factory_budget(void) {
    kinf_factory_t* f;
    kinf_informer_t *po, *cm, *se;
    kinf_factory_stats_t st;
    kinf_factory_desc_t fd;
    size_t s1, s2, pcap;
    static const kinf_factory_caps_t rows[] = { { "secrets", 0, 4096, 0, 0, 3000, 0 }, { "nodes", 0, 0, 0, 0, 1u << 20, 0 } };
    g_test = "factory_budget";
    /* sizing: a share holds no store; the block holds the budget once */
    desc_base(&g_fa_base);
    g_fa_base.max_objects = 16; g_fa_base.store_bytes = 1 << 14; g_fa_base.max_event_bytes = 4096;
    memset(&fd, 0, sizeof(fd));
    fd.base = &g_fa_base; fd.max_informers = 4;
    s1 = kinf_factory_size(&fd);
    fd.store_budget = 1 << 14;
    s2 = kinf_factory_size(&fd);
    /* nor tables for max_objects: they are the budget's too */
    pcap = 4 * (kinf__tables_layout(0, 16, KINF_DEFAULT_INDEXES, 1).end - kinf__tables_layout(0, 1, KINF_DEFAULT_INDEXES, 1).end);
    CHECK(s2 < s1 && s2 + 4 * (1 << 14) - (1 << 14) + pcap >= s1 && s2 + 4 * (1 << 14) - (1 << 14) + pcap < s1 + 4 * 64);
    fd.store_budget = (1 << 14) + 4096;
    CHECK(kinf_factory_size(&fd) == s2 + 4096);
    /* growth: the stores start empty and grow in steps; a store that grows
       moves those after it, and every object stays readable */
    f = fa_mk_budget(4, 12288 + 3 * fa_t16(), 0, 0, 0, 0);
    if (!CHECK(f != 0)) { return; }
    po = fa_req(f, "pods", 0, 0, 0, 0); cm = fa_req(f, "configmaps", 0, 0, 0, 0); se = fa_req(f, "secrets", 0, 0, 0, 0);
    if (!CHECK(po && cm && se)) { free(f); return; }
    watch_begin(po); watch_begin(cm); watch_begin(se);
    CHECK(po->store_bytes == 0 && cm->store_bytes == 0 && kinf_factory_stats(f).store_granted == 3 * fa_t16());
    CHECK(kinf_factory_stats(f).tables_granted == 3 * fa_t16() && kinf_factory_stats(f).objects_granted == 3 * 16);
    log_reset();
    fa_fill(cm, "ADDED", "c", 0, 5, 100);
    fa_fill(se, "ADDED", "s", 0, 5, 100);
    CHECK(cm->store_bytes >= cm->used && cm->store_bytes > 0 && cm->store_bytes < 2048 && fa_packed(f));
    fa_fill(po, "ADDED", "p", 0, 12, 100);
    st = kinf_factory_stats(f);
    CHECK(st.store_moves >= 2 && st.store_budget == 12288 + 3 * fa_t16() && st.store_granted == po->store_bytes + cm->store_bytes + se->store_bytes + 3 * fa_t16());
    CHECK(kinf_stats(po).store_capacity == po->store_bytes);
    CHECK(fa_packed(f));
    CHECK(fa_intact(po, "p", 0, 12, 100, 12) && fa_intact(cm, "c", 0, 5, 100, 5) && fa_intact(se, "s", 0, 5, 100, 5));
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_FULL), 0);
    /* give-back: pods lose most of their objects; when the free end is
       short, the stores are packed and pods' unused bytes go to configmaps */
    fa_fill(po, "DELETED", "p", 2, 12, 100);
    pcap = po->store_bytes;
    fa_fill(cm, "ADDED", "c", 5, 16, 600);
    CHECK(po->store_bytes < pcap && po->store_bytes >= po->used);
    CHECK(fa_packed(f));
    CHECK(fa_intact(po, "p", 0, 2, 100, 2) && fa_intact(cm, "c", 0, 5, 100, 16) && fa_intact(cm, "c", 5, 16, 600, 16) && fa_intact(se, "s", 0, 5, 100, 5));
    /* exhaustion: one id for the informer short of bytes, logged once; its
       objects are kept as identity; the others carry on */
    log_reset();
    fa_fill(cm, "MODIFIED", "c", 0, 16, 1500);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 1);
    CHECK(logged(KINF_LOGITEM_STORE_FULL) >= 1);
    CHECK_INT(kinf_factory_stats(f).budget_full, 1);
    CHECK(cm->last_error == KINF_LOGITEM_STORE_FULL || cm->last_error == KINF_LOGITEM_STORE_BUDGET_FULL);
    CHECK_INT(kinf_count(cm), 16);
    /* a delete (its final state small), then an add of the same size: room
       the informer has, used as ever */
    log_reset();
    fa_fill(se, "DELETED", "s", 0, 1, 0); fa_fill(se, "ADDED", "s", 5, 6, 100);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_FULL), 0);
    CHECK(fa_intact(se, "s", 1, 6, 100, 5) && fa_intact(po, "p", 0, 2, 100, 2));
    CHECK(fa_packed(f));
    /* configmaps shrink: at the next poll step pods may grow again, from what configmaps give back */
    fa_fill(cm, "MODIFIED", "c", 0, 16, 10);
    CHECK_INT(kinf_factory_stats(f).budget_full, 1);
    kinf_factory_poll(f, 0);
    CHECK_INT(kinf_factory_stats(f).budget_full, 0); /* it has a step of room again */
    log_reset();
    fa_fill(po, "ADDED", "p", 2, 14, 100);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_FULL), 0);
    CHECK(fa_intact(po, "p", 0, 14, 100, 14) && fa_intact(cm, "c", 0, 16, 10, 16) && fa_intact(se, "s", 1, 6, 100, 5) && fa_packed(f));
    free(f);
    /* floor and cap: every store starts at its floor and is never cut below
       it; none passes its cap (STORE_FULL, not the budget's id) */
    f = fa_mk_budget(6, 6144 + 3 * fa_t16(), 1000, 2048, rows, 2);
    if (!CHECK(f != 0)) { return; }
    po = fa_req(f, "pods", 0, 0, 0, 0); cm = fa_req(f, "configmaps", 0, 0, 0, 0); se = fa_req(f, "secrets", 0, 0, 0, 0);
    if (!CHECK(po && cm && se)) { free(f); return; }
    watch_begin(po); watch_begin(cm); watch_begin(se);
    CHECK(po->store_bytes == 1000 && cm->store_bytes == 1000 && se->store_bytes == 3000 && kinf_factory_stats(f).store_granted == 5000 + 3 * fa_t16());
    log_reset();
    fa_fill(po, "ADDED", "p", 0, 12, 200);
    CHECK(po->store_bytes <= 2048 && po->store_bytes > 2048 - 512);
    CHECK(logged(KINF_LOGITEM_STORE_FULL) >= 1);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 0);
    CHECK(fa_intact(se, "s", 0, 0, 0, 0) && fa_packed(f));
    /* a floor the budget cannot give: no informer */
    log_reset();
    CHECK(fa_req(f, "nodes", 0, 0, 0, 0) == 0);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 1);
    CHECK_INT(kinf_factory_count(f), 3);
    /* a pack keeps each floor, and what each holds */
    log_reset();
    fa_fill(cm, "ADDED", "c", 0, 16, 1500);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 1);
    CHECK(se->store_bytes == 3000 && po->store_bytes >= po->used && cm->store_bytes >= 1000 && fa_packed(f));
    CHECK(fa_intact(po, "p", 0, 0, 0, kinf_count(po)) && kinf_count(po) >= 6);
    free(f);
    /* a store with holes and too little budget above its top for the new
       object there, but enough once it is compacted: it grows by what the
       compaction leaves short and takes it (no STORE_BUDGET_FULL) */
    f = fa_mk_budget(4, 12288 + 2 * fa_t16(), 0, 0, 0, 0);
    if (!CHECK(f != 0)) { return; }
    po = fa_req(f, "pods", 0, 0, 0, 0); cm = fa_req(f, "configmaps", 0, 0, 0, 0);
    if (!CHECK(po && cm)) { free(f); return; }
    watch_begin(po); watch_begin(cm);
    fa_fill(po, "ADDED", "p", 0, 10, 300);
    fa_fill(cm, "ADDED", "c", 0, 1, 0);
    fa_fill(cm, "ADDED", "c", 1, 16, 300); /* 16: max_objects */
    fa_fill(po, "DELETED", "p", 0, 1, 0); fa_fill(po, "DELETED", "p", 2, 3, 0); fa_fill(po, "DELETED", "p", 4, 5, 0);
    fa_fill(cm, "DELETED", "c", 1, 4, 0);
    CHECK(kinf_factory_stats(f).store_granted == 12288 + 2 * fa_t16() && po->top > po->used); /* the budget given out, holes in pods */
    log_reset();
    fa_fill(po, "ADDED", "q", 0, 1, 1990);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_FULL), 0);
    CHECK(fa_intact(po, "q", 0, 1, 1990, 8) && fa_intact(po, "p", 5, 10, 300, 8));
    CHECK(fa_intact(cm, "c", 4, 16, 300, 13) && fa_packed(f));
    free(f);
}

/* ------------------------------------------------------------------ objects from the budget (the per-object tables) */
/* fa_fill's objects "<prefix><i>": values "m<i % 5>" and "all" */
static void fa_ix_mod5(const kinf_object_t* o, kinf_index_values_t* out, void* user) {
    char v[16];
    (void)user;
    snprintf(v, sizeof(v), "m%d", atoi(o->name + 1) % 5);
    kinf_index_emit(out, v);
    kinf_index_emit(out, "all");
}
/* the second custom index: "odd" or "even" */
static int fa_ix_parity(const kinf_object_t* o, char* buf, size_t cap, void* user) {
    (void)user;
    snprintf(buf, cap, "%s", atoi(o->name + 1) % 2 ? "odd" : "even");
    return 1;
}
/* objects [0, n) of fa_fill with pad bytes: each by key and by a handle
   (hs, when given), the list, and every index query exact */
static int fa_objs_exact(kinf_informer_t* inf, int ix, const char* prefix, int n, int pad, const kinf_handle_t* hs) {
    int k, ok = fa_intact(inf, prefix, 0, n, pad, n);
    char v[16];
    kinf_object_t o;
    for (k = 0; k < 5 && ok; k++) {
        snprintf(v, sizeof(v), "m%d", k);
        ok = ix_count(inf, ix, v, 0, 0) == n / 5 + (k < n % 5);
    }
    ok = ok && ix_count(inf, ix, "all", 0, 0) == n && ix_count(inf, KINF_INDEX_NAMESPACE, "ns", 0, 0) == n;
    ok = ok && ix_count(inf, ix + 1, "odd", 0, 0) == n / 2 && ix_count(inf, ix + 1, "even", 0, 0) == n - n / 2;
    for (k = 0; hs && k < n && ok; k++) { ok = kinf_lookup(inf, hs[k], &o) && atoi(o.name + 1) == k; }
    return ok;
}
/* the handles of objects [from, to) of fa_fill into hs */
static void fa_handles(kinf_informer_t* inf, const char* prefix, int from, int to, kinf_handle_t* hs) {
    char key[32];
    kinf_object_t o;
    int i;
    for (i = from; i < to; i++) {
        snprintf(key, sizeof(key), "ns/%s%d", prefix, i);
        if (kinf_get(inf, key, &o)) { hs[i] = o.handle; }
    }
}
static void test_factory_objects(void) {
    static const kinf_factory_caps_t rows[] = { { "pods", 2000, 0, 0, 0, 200u << 10, 0 }, { "configmaps", 0, 0, 0, 0, 16u << 10, 0 } };
    static const kinf_factory_caps_t capped[] = { { "configmaps", 100, 0, 0, 0, 0, 0 } };
    static kinf_handle_t hs[2000];
    kinf_factory_t* f;
    kinf_informer_t *po, *cm;
    kinf_object_t o;
    kinf_factory_desc_t fd;
    kinf_handle_t gone;
    int ix, n, caps_seen = 0, last_cap = 0, ok = 1, top;
    size_t budget, s1, s2;
    g_test = "factory_objects";
    /* sizing: the shares hold no tables for max_objects; a larger
       max_objects costs the block nothing */
    desc_base(&g_fa_base);
    g_fa_base.max_objects = 100; g_fa_base.store_bytes = 1 << 14; g_fa_base.max_event_bytes = 4096;
    memset(&fd, 0, sizeof(fd));
    fd.base = &g_fa_base; fd.max_informers = 4; fd.store_budget = 1 << 16;
    s1 = kinf_factory_size(&fd);
    g_fa_base.max_objects = 100000;
    s2 = kinf_factory_size(&fd);
    CHECK(s1 == s2 && s1 > 0);
    /* growth: the tables start at their floor (64 objects) and grow with the
       objects, in steps, each a move; with two custom indexes (one of two
       values per object), every lookup, handle, list and index query stays exact */
    budget = (200u << 10) + (16u << 10) + fa_tables(64) + fa_tables(300);
    f = fa_mk_budget_n(4, budget, 0, 0, rows, 2, 5000);
    if (!CHECK(f != 0)) { return; }
    po = fa_req(f, "pods", 0, 0, 0, 0); cm = fa_req(f, "configmaps", 0, 0, 0, 0);
    if (!CHECK(po && cm)) { free(f); return; }
    ix = kinf_add_index_values(po, "mod5", fa_ix_mod5, 0);
    CHECK_INT(ix, 1);
    CHECK_INT(kinf_add_index(po, "parity", fa_ix_parity, 0), 2);
    watch_begin(po); watch_begin(cm);
    CHECK(po->obj_cap == 64 && po->max_objects == 2000 && cm->obj_cap == 64 && cm->max_objects == 5000);
    CHECK(kinf_factory_stats(f).objects_granted == 128 && kinf_factory_stats(f).tables_granted == 2 * fa_tables(64));
    CHECK(po->fifo_cap == 2000 && kinf_stats(po).max_objects == 2000);
    log_reset();
    for (n = 0; n < 250; n += 10) {
        fa_fill(po, "ADDED", "p", n, n + 10, 20);
        fa_handles(po, "p", n, n + 10, hs);
        fa_fill(cm, "ADDED", "c", n / 10, n / 10 + 1, 20);
        if (po->obj_cap != last_cap) { caps_seen++; last_cap = po->obj_cap; }
        ok = ok && fa_objs_exact(po, ix, "p", n + 10, 20, hs) && fa_intact(cm, "c", 0, n / 10 + 1, 20, n / 10 + 1) && fa_packed(f);
    }
    CHECK(ok);
    CHECK(caps_seen >= 5 && po->obj_cap >= 250 && po->obj_cap < 400); /* 64, 96, 128, 160, 200, 250: a quarter each */
    CHECK(kinf_factory_stats(f).store_moves >= 5);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_SLOTS_FULL) + logged(KINF_LOGITEM_STORE_FULL), 0);
    CHECK(kinf_factory_stats(f).objects_granted == po->obj_cap + cm->obj_cap);
    /* out of budget: the tables cannot grow; the key is refused (the
       budget's id once, then max_objects' as ever), nothing cached is lost,
       and configmaps carry on */
    for (n = 250; n < 600 && !logged(KINF_LOGITEM_STORE_BUDGET_FULL); n += 10) { fa_fill(po, "ADDED", "p", n, n + 10, 20); fa_handles(po, "p", n, n + 10, hs); }
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 1);
    CHECK(po->last_error == KINF_LOGITEM_STORE_SLOTS_FULL || po->last_error == KINF_LOGITEM_STORE_BUDGET_FULL);
    top = po->obj_cap;
    CHECK(kinf_count(po) == top && top < n && logged(KINF_LOGITEM_STORE_SLOTS_FULL) == n - top);
    CHECK(kinf_factory_stats(f).budget_full == 1 && kinf_stats(po).dropped == (uint64_t)(n - top));
    fa_fill(po, "ADDED", "p", 700, 710, 20);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 1); /* once until it grows again */
    CHECK(fa_objs_exact(po, ix, "p", top, 20, hs) && fa_packed(f));
    fa_fill(cm, "ADDED", "c", 25, 40, 20);
    CHECK(fa_intact(cm, "c", 0, 40, 20, 40));
    /* give-back after deletes: pods lose their high keys; when configmaps'
       tables need room, the pack cuts pods' to the last slot in use and an
       eighth more, and gives the rest to configmaps */
    gone = hs[100]; /* its slot is given back, then used again */
    fa_fill(po, "DELETED", "p", 100, top, 0);
    CHECK(kinf_lookup(po, gone, &o) == 0);
    kinf_factory_poll(f, 0); /* a new poll step: a pack may be tried again */
    CHECK_INT(kinf_factory_stats(f).budget_full, 0); /* pods have free slots again */
    log_reset();
    fa_fill(cm, "ADDED", "c", 40, 150, 20);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_SLOTS_FULL), 0);
    CHECK(po->obj_cap < top && po->obj_cap >= 100 && po->obj_cap <= 100 + 100 / 8 && po->slot_hi == 100);
    CHECK(cm->obj_cap >= 150 && fa_intact(cm, "c", 0, 150, 20, 150) && fa_packed(f));
    CHECK(fa_objs_exact(po, ix, "p", 100, 20, hs));
    /* pods grow again into what is left: the slots given back start at a
       generation past their last, so a handle to a deleted object stays stale */
    fa_fill(po, "ADDED", "p", 100, 110, 20);
    fa_handles(po, "p", 100, 110, hs);
    CHECK(fa_objs_exact(po, ix, "p", 110, 20, hs) && fa_packed(f));
    CHECK(kinf_lookup(po, gone, &o) == 0);
    free(f);
    /* a caps row's max_objects caps its tables: max_objects' id, never the budget's */
    f = fa_mk_budget_n(4, 1u << 20, 0, 0, capped, 1, 5000);
    if (!CHECK(f != 0)) { return; }
    cm = fa_req(f, "configmaps", 0, 0, 0, 0); po = fa_req(f, "pods", 0, 0, 0, 0);
    if (!CHECK(cm && po)) { free(f); return; }
    watch_begin(cm); watch_begin(po);
    log_reset();
    for (n = 0; n < 150; n += 10) { fa_fill(cm, "ADDED", "c", n, n + 10, 10); } /* fifo_capacity is 100 too */
    CHECK_INT(cm->obj_cap, 100); CHECK_INT(kinf_count(cm), 100); CHECK_INT((int)kinf_stats(cm).dropped, 50); CHECK_INT((int)cm->last_error, KINF_LOGITEM_STORE_SLOTS_FULL);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 0);
    fa_fill(po, "ADDED", "p", 0, 300, 10);
    CHECK(po->obj_cap >= 300 && fa_intact(po, "p", 0, 300, 10, 300) && fa_intact(cm, "c", 0, 100, 10, 100) && fa_packed(f));
    /* the budget used up by pods: configmaps at their cap still say max_objects, not the budget */
    for (n = 300; n < 5000 && !logged(KINF_LOGITEM_STORE_BUDGET_FULL); n += 100) { fa_fill(po, "ADDED", "p", n, n + 100, 10); }
    CHECK(logged(KINF_LOGITEM_STORE_BUDGET_FULL) == 1 && n < 5000 && kinf_count(po) == po->obj_cap);
    log_reset();
    fa_fill(cm, "ADDED", "c", 150, 160, 10);
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL), 0);
    CHECK_INT((int)kinf_stats(cm).dropped, 60);
    /* floors: a pack never cuts tables below 64 objects */
    fa_fill(po, "DELETED", "p", 0, n, 0);
    kinf__fa_pack(f, 0);
    CHECK(po->obj_cap == 64 && po->slot_hi == 0 && cm->obj_cap == 100 && fa_packed(f));
    CHECK(fa_intact(cm, "c", 0, 100, 10, 100) && fa_intact(po, "p", 0, 0, 10, 0));
    free(f);
}
/* desc.objects_floor and a row's: the tables start at the floor, are never
   cut below it by a pack, and a floor above max_objects is max_objects; a
   floor the budget cannot give refuses the informer, the others carry on */
static void test_factory_objects_floor(void) {
    static const kinf_factory_caps_t rows[] = { { "configmaps", 0, 0, 0, 0, 0, 120 }, { "secrets", 50, 0, 0, 0, 0, 500 },
                                                { "services", 0, 0, 0, 0, 0, 5000 } };
    kinf_factory_t* f;
    kinf_informer_t *po, *cm, *se, *no;
    int n;
    g_test = "factory_objects_floor";
    g_fa_ofloor = 200;
    f = fa_mk_budget_n(4, (256u << 10) + fa_tables(200) + fa_tables(120) + fa_tables(50) + fa_tables(300), 0, 0, rows, 3, 5000);
    g_fa_ofloor = 0;
    if (!CHECK(f != 0)) { return; }
    po = fa_req(f, "pods", 0, 0, 0, 0); cm = fa_req(f, "configmaps", 0, 0, 0, 0); se = fa_req(f, "secrets", 0, 0, 0, 0);
    if (!CHECK(po && cm && se)) { free(f); return; }
    watch_begin(po); watch_begin(cm); watch_begin(se);
    CHECK(po->obj_cap == 200 && cm->obj_cap == 120 && se->obj_cap == 50 && se->max_objects == 50);
    CHECK(kinf_factory_stats(f).objects_granted == 370 && kinf_factory_stats(f).tables_granted == fa_tables(200) + fa_tables(120) + fa_tables(50));
    /* pods grow past their floor and lose their objects: a pack cuts their
       tables back to the floor, not below; configmaps grow past theirs */
    log_reset();
    for (n = 0; n < 260; n += 20) { fa_fill(po, "ADDED", "p", n, n + 20, 10); }
    CHECK(po->obj_cap >= 260 && fa_intact(po, "p", 0, 260, 10, 260) && fa_packed(f));
    fa_fill(po, "DELETED", "p", 0, 260, 0);
    kinf__fa_pack(f, 0);
    CHECK(po->obj_cap == 200 && cm->obj_cap == 120 && se->obj_cap == 50 && fa_packed(f));
    for (n = 0; n < 240; n += 20) { fa_fill(cm, "ADDED", "c", n, n + 20, 10); }
    CHECK_INT(logged(KINF_LOGITEM_STORE_BUDGET_FULL) + logged(KINF_LOGITEM_STORE_SLOTS_FULL), 0);
    CHECK(po->obj_cap == 200 && cm->obj_cap >= 240 && fa_intact(cm, "c", 0, 240, 10, 240) && fa_packed(f));
    /* the floor held: 200 pods again without one more step */
    fa_fill(po, "ADDED", "p", 0, 200, 10);
    CHECK(po->obj_cap == 200 && fa_intact(po, "p", 0, 200, 10, 200) && fa_packed(f));
    /* a fourth informer whose floor (its row's: 5000 objects) the budget cannot hold is refused */
    log_reset();
    no = fa_req(f, "services", 0, 0, 0, 0);
    CHECK(no == 0 && logged(KINF_LOGITEM_STORE_BUDGET_FULL) == 1);
    CHECK(fa_intact(po, "p", 0, 200, 10, 200) && fa_intact(cm, "c", 0, 240, 10, 240) && fa_packed(f));
    free(f);
}
