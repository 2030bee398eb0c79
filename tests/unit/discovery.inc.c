/* discovery.inc.c - included by main.c: kinf_discovery_t (>>discovery).
   Its fake server (dc_serve and the route tables) is factory.inc.c's and
   gzip.inc.c's too. */

/* The engine of kinf_discovery_t against the documents the fake API server
   serves (tests/testdata/discovery, recorded by its record.sh): a transport
   in the test answers each request from a route table, the response handed
   in `step` bytes at a time, with a length or chunked. */
static const char* disc_dir(void) {
    const char* e = getenv("KINF_TESTDATA_DISCOVERY");
    return e && e[0] ? e : "tests/testdata/discovery";
}
#define DC_AGG "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
typedef struct dc_route { const char* path; const char* file; int status; const char* ctype; } dc_route;
static const dc_route dc_aggregated[] = {
    { "/api", "aggregated-api.json", 200, DC_AGG }, { "/apis", "aggregated-apis.json", 200, DC_AGG }, { 0, 0, 0, 0 } };
static const dc_route dc_legacy[] = {
    { "/api", "legacy-api.json", 200, 0 }, { "/apis", "legacy-apis.json", 200, 0 },
    { "/api/v1", "legacy-api_v1.json", 200, 0 }, { "/apis/apps/v1", "legacy-apis_apps_v1.json", 200, 0 },
    { "/apis/events.k8s.io/v1", "legacy-apis_events.k8s.io_v1.json", 200, 0 },
    { "/apis/example.com/v1", "legacy-apis_example.com_v1.json", 200, 0 },
    { "/apis/example.org/v2", "legacy-apis_example.org_v2.json", 200, 0 },
    { "/apis/example.org/v1", "legacy-apis_example.org_v1.json", 200, 0 }, { 0, 0, 0, 0 } };
static char g_dc_paths[2048];   /* the paths the engine asked for, space-separated */
static int g_dc_agg_accept;     /* requests whose Accept asked for the aggregated form */
/* the response to a request for path: a file of the corpus, or a literal body (file starting with '{') */
static char* dc_response(const dc_route* routes, const char* path, int chunked) {
    const dc_route* r = routes;
    char fn[512];
    char* body = 0;
    char* out;
    size_t n = 0, o = 0, i;
    int status = 404;
    const char* ctype = "application/json";
    for (; r->path; r++) { if (!strcmp(r->path, path)) { break; } }
    if (r->path) {
        status = r->status; if (r->ctype) { ctype = r->ctype; }
        if (r->file[0] == '{' || r->file[0] == '[' || r->file[0] == 'x') { body = strdup(r->file); n = strlen(body); }
        else { snprintf(fn, sizeof(fn), "%s/%s", disc_dir(), r->file); body = read_file(fn, &n); }
    }
    if (!body) { body = strdup("{\"kind\":\"Status\",\"code\":404,\"message\":\"the server could not find the requested resource\"}"); n = strlen(body); status = r->path ? status : 404; }
    out = (char*)malloc(n * 8 + 512);
    o += (size_t)sprintf(out, "HTTP/1.1 %d X\r\nContent-Type: %s\r\n", status, ctype);
    if (chunked) {
        o += (size_t)sprintf(out + o, "Transfer-Encoding: chunked\r\n\r\n");
        for (i = 0; i < n; i += 7) {
            size_t k = n - i < 7 ? n - i : 7;
            o += (size_t)sprintf(out + o, "%zx\r\n%.*s\r\n", k, (int)k, body + i);
        }
        o += (size_t)sprintf(out + o, "0\r\n\r\n");
    } else {
        o += (size_t)sprintf(out + o, "Content-Length: %zu\r\n\r\n", n);
        memcpy(out + o, body, n); o += n; out[o] = 0;
    }
    free(body);
    return out;
}
/* Drives one round to its end (DONE or BACKOFF) or max_req requests. */
static void dc_serve(kinf_discovery_t* d, uint64_t* t, const dc_route* routes, size_t step, int chunked, int max_req) {
    int guard, reqs = 0;
    g_dc_paths[0] = 0; g_dc_agg_accept = 0;
    for (guard = 0; guard < 10000; guard++) {
        unsigned st = kinf_engine_tick(kinf_discovery_engine(d), *t);
        if (st & KINF_ENG_CLOSE) { kinf_engine_closed(kinf_discovery_engine(d), *t); continue; }
        if (st & KINF_ENG_CONNECT) { kinf_engine_connected(kinf_discovery_engine(d), *t); continue; }
        if (st & KINF_ENG_SEND) {
            size_t len, p = 0, n;
            const uint8_t* b = kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
            char req[4096], path[512];
            char* resp;
            if (!b || len >= sizeof(req)) { break; }
            memcpy(req, b, len); req[len] = 0;
            kinf_engine_sent(kinf_discovery_engine(d), len, *t);
            if (sscanf(req, "GET %511s HTTP/1.1", path) != 1) { break; }
            if (strstr(req, "as=APIGroupDiscoveryList")) { g_dc_agg_accept++; }
            if (strlen(g_dc_paths) + strlen(path) + 2 < sizeof(g_dc_paths)) { strcat(g_dc_paths, g_dc_paths[0] ? " " : ""); strcat(g_dc_paths, path); }
            if (++reqs > max_req) { break; }
            resp = dc_response(routes, path, chunked);
            n = strlen(resp);
            while (p < n) {
                size_t cap, k = n - p;
                uint8_t* rb = kinf_engine_recvbuf(kinf_discovery_engine(d), &cap);
                if (!rb) { break; }
                if (k > cap) { k = cap; }
                if (k > step) { k = step; }
                memcpy(rb, resp + p, k); p += k;
                kinf_engine_recvd(kinf_discovery_engine(d), k, *t);
            }
            free(resp);
            continue;
        }
        if (kinf_discovery_state(d) != KINF_DISC_RUNNING) { break; }
        if (!st) { *t = kinf_engine_deadline(kinf_discovery_engine(d)); if (*t == UINT64_MAX) { break; } }
    }
}
static kinf_discovery_t* dc_mk(int legacy_only, int max_resources, size_t doc_bytes) {
    static kinf_desc_t conn;
    kinf_discovery_desc_t dd;
    size_t n;
    void* mem;
    kinf_discovery_t* d;
    desc_base(&conn);
    conn.own_transport = 1;
    memset(&dd, 0, sizeof(dd));
    dd.conn = &conn; dd.legacy_only = legacy_only; dd.max_resources = max_resources; dd.doc_bytes = doc_bytes;
    n = kinf_discovery_size(&dd);
    mem = malloc(n);
    if (!mem) { return 0; }
    d = kinf_discovery_init(mem, n, &dd);
    if (!d) { free(mem); }
    return d;
}
/* resolves name: "group/version plural name ns verbs" or "-" */
static const char* dc_res(kinf_discovery_t* d, const char* name) {
    static char out[512];
    kinf_resource_t r;
    if (kinf_discovery_resolve(d, name, &r) != KINF_OK) { return "-"; }
    snprintf(out, sizeof(out), "%s%s%s %s %s %s %c%c%c sn=%s sg=%s k=%s", r.group, r.group[0] ? "/" : "", r.version, r.plural, r.name,
             r.namespaced ? "ns" : "cluster", (r.verbs & KINF_VERB_LIST) ? 'l' : '-', (r.verbs & KINF_VERB_WATCH) ? 'w' : '-',
             (r.verbs & KINF_VERB_CREATE) ? 'c' : '-', r.short_names, r.singular, r.kind);
    return out;
}
/* what both forms must resolve alike */
static void dc_check_names(kinf_discovery_t* d) {
    CHECK_INT(kinf_discovery_count(d), 14);
    CHECK_STR(dc_res(d, "pods"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "pod"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "po"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "Pod"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "PODS"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "cm"), "v1 configmaps configmaps ns lwc sn=cm sg=configmap k=ConfigMap");
    CHECK_STR(dc_res(d, "no"), "v1 nodes nodes cluster lwc sn=no sg=node k=Node");
    CHECK_STR(dc_res(d, "ns"), "v1 namespaces namespaces cluster lwc sn=ns sg=namespace k=Namespace");
    CHECK_STR(dc_res(d, "cs"), "v1 componentstatuses componentstatuses cluster l-- sn=cs sg=componentstatus k=ComponentStatus");
    CHECK_STR(dc_res(d, "bindings"), "v1 bindings bindings ns --c sn= sg=binding k=Binding");
    CHECK_STR(dc_res(d, "deploy"), "apps/v1 deployments deployments.apps ns lwc sn=deploy sg=deployment k=Deployment");
    CHECK_STR(dc_res(d, "deployments.apps"), "apps/v1 deployments deployments.apps ns lwc sn=deploy sg=deployment k=Deployment");
    CHECK_STR(dc_res(d, "Deployment.apps"), "apps/v1 deployments deployments.apps ns lwc sn=deploy sg=deployment k=Deployment");
    CHECK_STR(dc_res(d, "deployments.v1.apps"), "apps/v1 deployments deployments.apps ns lwc sn=deploy sg=deployment k=Deployment");
    /* "events" is in two groups: the core one comes first, as kubectl has it */
    CHECK_STR(dc_res(d, "events"), "v1 events events ns lwc sn=ev sg=event k=Event");
    CHECK_STR(dc_res(d, "events.events.k8s.io"), "events.k8s.io/v1 events events.events.k8s.io ns lwc sn= sg=event k=Event");
    CHECK_STR(dc_res(d, "widgets.example.com"), "example.com/v1 widgets widgets.example.com ns lwc sn= sg=widget k=Widget");
    CHECK_STR(dc_res(d, "widget"), "example.com/v1 widgets widgets.example.com ns lwc sn= sg=widget k=Widget");
    /* the preferred version (v2) serves gadgets; clusterthings only in v1 */
    CHECK_STR(dc_res(d, "gd"), "example.org/v2 gadgets gadgets.example.org ns lwc sn=gd sg=gadget k=Gadget");
    CHECK_STR(dc_res(d, "gadgets.v1.example.org"), "example.org/v1 gadgets gadgets.example.org ns lwc sn=gd sg=gadget k=Gadget");
    CHECK_STR(dc_res(d, "clusterthings"), "example.org/v1 clusterthings clusterthings.example.org cluster lwc sn= sg=clusterthing k=ClusterThing");
    CHECK_STR(dc_res(d, "/api/v1/pods"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "/apis/apps/v1/deployments"), "apps/v1 deployments deployments.apps ns lwc sn=deploy sg=deployment k=Deployment");
    CHECK_STR(dc_res(d, "/apis/example.org/v1/gadgets"), "example.org/v1 gadgets gadgets.example.org ns lwc sn=gd sg=gadget k=Gadget");
    log_reset();
    CHECK_STR(dc_res(d, "nope"), "-");
    CHECK_INT(logged(KINF_LOGITEM_UNKNOWN_RESOURCE), 1);
    CHECK_STR(dc_res(d, "pods/status"), "-");          /* subresources are left out */
    CHECK_STR(dc_res(d, "/api/v1/po"), "-");           /* a path names the plural itself */
    CHECK_STR(dc_res(d, "/apis/apps/v1/pods"), "-");   /* ... in its group */
    CHECK_STR(dc_res(d, "/api/v1/pods/x"), "-");
    CHECK_STR(dc_res(d, "deployments.example.com"), "-");
    CHECK_STR(dc_res(d, "pods."), "-");
    CHECK_STR(dc_res(d, ".apps"), "-");
    CHECK_STR(dc_res(d, ""), "-");
    CHECK_INT(logged(KINF_LOGITEM_UNKNOWN_RESOURCE), 9);
}
static void test_discovery(void) {
    kinf_discovery_t* d;
    uint64_t t = ENG_T0;
    static const size_t steps[] = { 1, 3, 7, 100, 100000 };
    size_t si;
    kinf_discovery_stats_t st;
    g_test = "discovery";
    /* nothing resolves before the first round */
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    log_reset();
    CHECK_STR(dc_res(d, "pods"), "-");
    CHECK_INT(logged(KINF_LOGITEM_NOT_DISCOVERED), 1);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_NONE);
    CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), 0);          /* no round asked for: nothing to do */
    CHECK(kinf_engine_deadline(kinf_discovery_engine(d)) == UINT64_MAX);
    kinf_discovery_refresh(d);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_RUNNING);
    /* the aggregated form: two requests, each asking for it first */
    dc_serve(d, &t, dc_aggregated, 100000, 0, 50);
    CHECK_STR(g_dc_paths, "/api /apis");
    CHECK_INT(g_dc_agg_accept, 2);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_DONE);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    st = kinf_discovery_stats(d);
    CHECK_INT(st.aggregated, 1); CHECK_INT(st.resources, 14); CHECK_INT(st.requests, 2);
    dc_check_names(d);
    free(d);
    /* the same documents however they are split, with a length or chunked */
    for (si = 0; si < sizeof(steps) / sizeof(steps[0]); si++) {
        int ch;
        for (ch = 0; ch < 2; ch++) {
            d = dc_mk(0, 0, 0);
            if (!d) { CHECK(d != 0); continue; }
            kinf_discovery_refresh(d);
            dc_serve(d, &t, dc_aggregated, steps[si], ch, 50);
            CHECK_INT(kinf_discovery_rounds(d), 1);
            CHECK_STR(dc_res(d, "gd"), "example.org/v2 gadgets gadgets.example.org ns lwc sn=gd sg=gadget k=Gadget");
            CHECK_INT(kinf_discovery_count(d), 14);
            free(d);
            d = dc_mk(0, 0, 0);
            if (!d) { continue; }
            kinf_discovery_refresh(d);
            dc_serve(d, &t, dc_legacy, steps[si], ch, 50);
            CHECK_INT(kinf_discovery_rounds(d), 1);
            CHECK_STR(dc_res(d, "clusterthings"), "example.org/v1 clusterthings clusterthings.example.org cluster lwc sn= sg=clusterthing k=ClusterThing");
            CHECK_INT(kinf_discovery_count(d), 14);
            free(d);
        }
    }
    /* the legacy form: a server that answers plain JSON to the same request
       (the fallback), then every group version, the preferred first */
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    kinf_discovery_refresh(d);
    dc_serve(d, &t, dc_legacy, 100000, 1, 50);
    CHECK_STR(g_dc_paths, "/api /apis /api/v1 /apis/apps/v1 /apis/events.k8s.io/v1 /apis/example.com/v1 /apis/example.org/v2 /apis/example.org/v1");
    CHECK_INT(g_dc_agg_accept, 2);
    CHECK_INT(kinf_discovery_stats(d).aggregated, 0);
    dc_check_names(d);
    free(d);
    /* legacy_only: the aggregated form is never asked for */
    d = dc_mk(1, 0, 0);
    if (!CHECK(d != 0)) { return; }
    kinf_discovery_refresh(d);
    dc_serve(d, &t, dc_legacy, 100000, 0, 50);
    CHECK_INT(g_dc_agg_accept, 0);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    dc_check_names(d);
    free(d);
}
/* Failures: a group version that cannot be read is left out (as kubectl);
   a malformed or too large document, an error from the server or a cut
   connection fails the round, which backs off and starts over; the last
   complete round answers meanwhile; a full table leaves resources out. */
static void test_discovery_errors(void) {
    kinf_discovery_t* d;
    uint64_t t = ENG_T0, dl;
    kinf_discovery_stats_t st;
    static dc_route routes[16];
    int i;
    g_test = "discovery_errors";
    /* one group version answers 503 (an aggregated API server down): skipped */
    for (i = 0; dc_legacy[i].path; i++) { routes[i] = dc_legacy[i]; }
    routes[i].path = 0;
    routes[5].status = 503; /* /apis/example.com/v1 */
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    log_reset();
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 100000, 0, 50);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    CHECK_INT(logged(KINF_LOGITEM_DISCOVERY_GROUP_SKIPPED), 1);
    CHECK_INT(kinf_discovery_stats(d).skipped_groups, 1);
    CHECK_STR(dc_res(d, "widgets"), "-");
    CHECK_INT(kinf_discovery_count(d), 13);
    /* the next round: /apis answers 500; the last round still answers */
    routes[5].status = 200;
    routes[1].status = 500; routes[1].file = "{\"kind\":\"Status\",\"code\":500,\"message\":\"etcd \\\"down\\\"\"}";
    log_reset();
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 100000, 0, 50);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    CHECK_INT(logged(KINF_LOGITEM_HTTP_STATUS), 1);
    CHECK(strstr(g_lastmsg, "500 (server: etcd \\?down\\?)") != 0); /* quotes shown as '?' */
    CHECK_INT(logged(KINF_LOGITEM_DISCOVERY_FAILED), 1);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    CHECK_STR(dc_res(d, "po"), "v1 pods pods ns lwc sn=po sg=pod k=Pod");
    CHECK_STR(dc_res(d, "widgets"), "-");
    /* the backoff: 800 ms to 1.6 s, then the round starts over by itself */
    dl = kinf_engine_deadline(kinf_discovery_engine(d));
    CHECK(dl >= t + 800 && dl < t + 1600);
    CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), dl - 1), 0);
    routes[1].status = 200; routes[1].file = "legacy-apis.json";
    t = dl;
    dc_serve(d, &t, routes, 100000, 0, 50);
    CHECK_INT(kinf_discovery_rounds(d), 2);
    CHECK_STR(dc_res(d, "widgets"), "example.com/v1 widgets widgets.example.com ns lwc sn= sg=widget k=Widget");
    /* a CRD deleted: the next round no longer has it */
    routes[7].path = 0;
    for (i = 0; i < 16 && routes[i].path; i++) { }
    {
        static char apis[2048];
        size_t n;
        char fn[512], *b, *cut;
        snprintf(fn, sizeof(fn), "%s/legacy-apis.json", disc_dir());
        b = read_file(fn, &n);
        if (CHECK(b != 0)) {
            cut = strstr(b, ",{\"name\":\"example.org\"");
            if (CHECK(cut != 0)) { strcpy(cut, "]}"); }
            snprintf(apis, sizeof(apis), "%s", b);
            free(b);
        }
        routes[1].file = apis;
    }
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 100000, 0, 50);
    CHECK_INT(kinf_discovery_rounds(d), 3);
    CHECK_STR(dc_res(d, "gadgets"), "-");
    CHECK_STR(dc_res(d, "clusterthings"), "-");
    CHECK_INT(kinf_discovery_count(d), 12);
    free(d);
    /* malformed: not JSON, a document of the wrong shape, a name that cannot go in a path */
    {
        static const char* bad[] = {
            "{\"kind\":\"APIGroupList\",\"groups\":[{\"name\":\"apps\",}]}",
            "{\"kind\":\"APIGroupList\",\"groups\":{}}",
            "{\"kind\":\"APIGroupList\",\"groups\":[{\"name\":\"a/b\"}]}",
            "{\"kind\":\"APIGroupList\",\"groups\":[{\"name\":\"ap\\u0070s\"}]}",
            "{\"kind\":\"APIGroupList\",\"groups\":[]}{\"kind\":\"APIGroupList\",\"groups\":[]}",
            "[1,2]", "{\"kind\":\"APIGroupList\",\"groups\":[" , 0 };
        for (i = 0; bad[i]; i++) {
            int k;
            for (k = 0; dc_legacy[k].path; k++) { routes[k] = dc_legacy[k]; }
            routes[k].path = 0;
            routes[1].file = bad[i];
            d = dc_mk(0, 0, 0);
            if (!d) { CHECK(d != 0); continue; }
            log_reset();
            kinf_discovery_refresh(d);
            dc_serve(d, &t, routes, 5, 0, 50);
            if (!CHECK_INT_OK(kinf_discovery_state(d), KINF_DISC_BACKOFF)) { note("bad document %d", i); }
            if (!CHECK_INT_OK(logged(KINF_LOGITEM_DISCOVERY_MALFORMED), 1)) { note("bad document %d", i); }
            CHECK_INT(kinf_discovery_rounds(d), 0);
            free(d);
        }
    }
    /* a document larger than doc_bytes (4 KiB): the aggregated list is read a
       group at a time, so only a group must fit; the legacy /api/v1 document
       is whole (2.3 KiB) and fits as well; a 5 KiB one does not */
    d = dc_mk(0, 0, 4096);
    if (!CHECK(d != 0)) { return; }
    kinf_discovery_refresh(d);
    dc_serve(d, &t, dc_aggregated, 1000, 1, 50);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    st = kinf_discovery_stats(d);
    CHECK(st.doc_peak > 0 && st.doc_peak <= 4096);
    CHECK_INT(st.doc_capacity, 4096);
    for (i = 0; dc_legacy[i].path; i++) { routes[i] = dc_legacy[i]; }
    routes[i].path = 0;
    {
        static char big[6000];
        int o = snprintf(big, sizeof(big), "{\"kind\":\"APIGroupList\",\"x\":\"");
        memset(big + o, 'a', 5000); o += 5000;
        snprintf(big + o, sizeof(big) - (size_t)o, "\",\"groups\":[]}");
        routes[1].file = big;
    }
    log_reset();
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 1000, 0, 50);
    CHECK_INT(logged(KINF_LOGITEM_DISCOVERY_TOO_LARGE), 1);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    free(d);
    /* max_resources 5: the rest is left out, logged and counted; lookups still work */
    d = dc_mk(0, 5, 0);
    if (!CHECK(d != 0)) { return; }
    log_reset();
    kinf_discovery_refresh(d);
    dc_serve(d, &t, dc_aggregated, 100000, 0, 50);
    CHECK_INT(kinf_discovery_rounds(d), 1);
    CHECK_INT(kinf_discovery_count(d), 5);
    CHECK_INT(logged(KINF_LOGITEM_DISCOVERY_FULL), 1);
    CHECK_INT(kinf_discovery_stats(d).left_out, 10); /* 9 resources, gadgets in two versions */
    CHECK_STR(dc_res(d, "configmaps"), "v1 configmaps configmaps ns lwc sn=cm sg=configmap k=ConfigMap");
    CHECK_STR(dc_res(d, "pods"), "-");
    free(d);
    /* the connection: refused (the round backs off), cut mid-response, and a
       kept-alive one the server closed before the next request was sent */
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    log_reset();
    kinf_discovery_refresh(d);
    CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_CONNECT);
    kinf_engine_failed(kinf_discovery_engine(d), KINF_LOGITEM_CONNECT_FAILED, "127.0.0.1:1", t);
    CHECK_INT(logged(KINF_LOGITEM_CONNECT_FAILED), 1);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    t = kinf_engine_deadline(kinf_discovery_engine(d));
    CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_discovery_engine(d), t);
    {
        size_t len;
        const uint8_t* b = kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
        uint8_t* rb;
        size_t cap;
        static const char part[] = "HTTP/1.1 200 OK\r\nContent-Type: " DC_AGG "\r\nContent-Length: 500\r\n\r\n{\"kind\":";
        CHECK(b != 0 && STARTS((const char*)b, "GET /api HTTP/1.1\r\n"));
        kinf_engine_sent(kinf_discovery_engine(d), len, t);
        rb = kinf_engine_recvbuf(kinf_discovery_engine(d), &cap);
        if (CHECK(rb != 0 && cap >= 200)) { memcpy(rb, part, 200 < sizeof(part) - 1 ? 200 : sizeof(part) - 1); kinf_engine_recvd(kinf_discovery_engine(d), sizeof(part) - 1 < 200 ? sizeof(part) - 1 : 200, t); }
        kinf_engine_closed(kinf_discovery_engine(d), t);
        CHECK_INT(logged(KINF_LOGITEM_CONNECTION_CLOSED), 1);
        CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    }
    t = kinf_engine_deadline(kinf_discovery_engine(d));
    kinf_engine_tick(kinf_discovery_engine(d), t);
    kinf_engine_connected(kinf_discovery_engine(d), t);
    {
        /* /api answered with a length: the connection is kept for /apis; the
           server closes it before that is sent: a new connection, no failure */
        char* resp = dc_response(dc_aggregated, "/api", 0);
        size_t len, p = 0, n = strlen(resp);
        kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
        kinf_engine_sent(kinf_discovery_engine(d), len, t);
        while (p < n) {
            size_t cap, k;
            uint8_t* rb = kinf_engine_recvbuf(kinf_discovery_engine(d), &cap);
            if (!rb) { break; }
            k = n - p < cap ? n - p : cap;
            memcpy(rb, resp + p, k); p += k;
            kinf_engine_recvd(kinf_discovery_engine(d), k, t);
        }
        free(resp);
        CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_SEND);
        kinf_engine_closed(kinf_discovery_engine(d), t);
        CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_CONNECT);
        CHECK_INT(kinf_discovery_stats(d).failures, 2);
        dc_serve(d, &t, dc_aggregated, 100000, 0, 50);
        CHECK_STR(g_dc_paths, "/apis");
        CHECK_INT(kinf_discovery_rounds(d), 1);
        CHECK_INT(kinf_discovery_count(d), 14);
        /* the next round's request went out on the kept connection, which the
           server had closed while idle: no byte of a response, so the same GET
           goes again on a new connection, and the round goes on */
        log_reset();
        kinf_discovery_refresh(d);
        CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_SEND);
        kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
        kinf_engine_sent(kinf_discovery_engine(d), len, t);
        kinf_engine_closed(kinf_discovery_engine(d), t);
        CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_CONNECT);
        CHECK_INT(logged(KINF_LOGITEM_CONNECTION_CLOSED), 0);
        dc_serve(d, &t, dc_aggregated, 100000, 0, 50);
        CHECK_STR(g_dc_paths, "/api /apis");
        CHECK_INT(kinf_discovery_rounds(d), 2);
        CHECK_INT(kinf_discovery_stats(d).failures, 2);
        /* on a new connection the same close is a failure */
        kinf_discovery_refresh(d);
        kinf_engine_closed(kinf_discovery_engine(d), t);
        kinf_engine_tick(kinf_discovery_engine(d), t);
        CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_CONNECT);
        kinf_engine_connected(kinf_discovery_engine(d), t);
        kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
        kinf_engine_sent(kinf_discovery_engine(d), len, t);
        kinf_engine_closed(kinf_discovery_engine(d), t);
        CHECK_INT(logged(KINF_LOGITEM_CONNECTION_CLOSED), 1);
        CHECK_INT(kinf_discovery_stats(d).failures, 3);
        t = kinf_engine_deadline(kinf_discovery_engine(d));
        dc_serve(d, &t, dc_aggregated, 100000, 0, 50);
        CHECK_INT(kinf_discovery_rounds(d), 3);
    }
    /* engine calls it did not ask for are refused and logged */
    log_reset();
    kinf_engine_connected(kinf_discovery_engine(d), t);
    kinf_engine_sent(kinf_discovery_engine(d), 1, t);
    CHECK_INT(logged(KINF_LOGITEM_ENGINE_OUT_OF_TURN), 2);
    CHECK_INT(kinf_discovery_rounds(d), 3);
    /* the idle timeout: a server that says nothing for 90 s */
    log_reset();
    kinf_discovery_refresh(d);
    CHECK_INT(kinf_engine_tick(kinf_discovery_engine(d), t), KINF_ENG_SEND); /* the connection was kept */
    {
        size_t len;
        kinf_engine_sendbuf(kinf_discovery_engine(d), &len);
        kinf_engine_sent(kinf_discovery_engine(d), len, t);
    }
    CHECK(kinf_engine_deadline(kinf_discovery_engine(d)) == t + 90000u);
    kinf_engine_tick(kinf_discovery_engine(d), t + 90000u);
    CHECK_INT(logged(KINF_LOGITEM_IDLE_TIMEOUT), 1);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    free(d);
}
/* The k8s-api fixture of an APIGroupDiscovery (every field set, subresources
   with acceptedTypes included) read as the one group of an aggregated list. */
/* A group version's document is a legacy APIResourceList whatever its
   Content-Type says; failed rounds back off 0.8 s doubling to 30 s (with
   jitter: under 60 s), however many fail. */
static void test_discovery_edges(void) {
    kinf_discovery_t* d;
    static dc_route routes[16];
    uint64_t t = ENG_T0;
    int i, ok = 1;
    g_test = "discovery_edges";
    for (i = 0; dc_legacy[i].path; i++) { routes[i] = dc_legacy[i]; if (i >= 2) { routes[i].ctype = DC_AGG; } }
    routes[i].path = 0;
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 100000, 0, 50);
    CHECK(kinf_discovery_rounds(d) == 1 && kinf_discovery_count(d) == 14);
    free(d);
    routes[0].status = 500; /* /api fails every round */
    d = dc_mk(0, 0, 0);
    if (!CHECK(d != 0)) { return; }
    kinf_discovery_refresh(d);
    for (i = 0; i < 12 && ok; i++) {
        uint64_t dl;
        dc_serve(d, &t, routes, 100000, 0, 5);
        dl = kinf_engine_deadline(kinf_discovery_engine(d));
        ok &= kinf_discovery_state(d) == KINF_DISC_BACKOFF && dl > t && dl - t < 60000u;
        if (i >= 8) { ok &= dl - t >= 30000u; } /* at the cap */
        t = dl;
    }
    CHECK(ok && kinf_discovery_stats(d).failures == 12);
    free(d);
}
/* discovery reads its token file for a round, not while it waits for one */
static void test_discovery_token(void) {
    static kinf_desc_t conn;
    kinf_discovery_desc_t dd;
    kinf_discovery_t* d;
    kinf_engine_t* e;
    size_t n;
    void* mem;
    g_test = "discovery token file";
    desc_base(&conn);
    conn.own_transport = 1; conn.token_file = "/nonexistent/kinformer-unit-token";
    memset(&dd, 0, sizeof(dd));
    dd.conn = &conn;
    n = kinf_discovery_size(&dd);
    mem = malloc(n);
    d = mem ? kinf_discovery_init(mem, n, &dd) : 0;
    if (!CHECK(d != 0)) { free(mem); return; }
    e = kinf_discovery_engine(d);
    CHECK_INT(kinf_engine_tick(e, 1000), 0);                            /* no round wanted: nothing, the token not either */
    CHECK(kinf_discovery_refresh(d) == KINF_OK);
    CHECK_INT(kinf_engine_tick(e, 2000), KINF_ENG_TOKEN | KINF_ENG_CONNECT); /* a round: the token first */
    CHECK(kinf_engine_set_token(e, "tok-d", 2000) == KINF_OK);
    CHECK_INT(kinf_engine_tick(e, 2000), KINF_ENG_CONNECT);
    free(mem);
}
static void test_discovery_fixture(void) {
    kinf_discovery_t* d;
    uint64_t t = ENG_T0;
    static dc_route routes[3];
    char fn[512];
    char* g;
    char* list;
    size_t n;
    g_test = "discovery_fixture";
    snprintf(fn, sizeof(fn), "%s/apidiscovery.k8s.io.v2.APIGroupDiscovery.json", corpus_dir());
    g = read_file(fn, &n);
    if (!CHECK(g != 0)) { return; }
    list = (char*)malloc(n + 256);
    sprintf(list, "{\"kind\":\"APIGroupDiscoveryList\",\"apiVersion\":\"apidiscovery.k8s.io/v2\",\"metadata\":{},\"items\":[%s]}", g);
    routes[0].path = "/api"; routes[0].file = "{\"kind\":\"APIGroupDiscoveryList\",\"items\":[]}"; routes[0].status = 200; routes[0].ctype = DC_AGG;
    routes[1].path = "/apis"; routes[1].file = list; routes[1].status = 200; routes[1].ctype = DC_AGG;
    routes[2].path = 0;
    d = dc_mk(0, 0, 0);
    if (CHECK(d != 0)) {
        kinf_discovery_refresh(d);
        dc_serve(d, &t, routes, 13, 1, 50);
        CHECK_INT(kinf_discovery_rounds(d), 1);
        CHECK_INT(kinf_discovery_count(d), 1);
        CHECK_STR(dc_res(d, "shortNamesValue"), "nameValue/versionValue resourceValue resourceValue.nameValue cluster --- sn=shortNamesValue sg=singularResourceValue k=kindValue");
        free(d);
    }
    free(list); free(g);
}
