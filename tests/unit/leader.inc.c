/* leader.inc.c - included by main.c: leader election (>>leader) on a fake
   clock. Each request the elector starts goes through the client's engine
   (cl_serve, client.inc.c) and is answered here by hand; the monotonic clock
   and the wall clock are the test's. */

static int g_le_started, g_le_stopped, g_le_new;
static char g_le_new_id[64];
static void le_on_started(kinf_leader_t* l, void* u) { (void)l; (void)u; g_le_started++; }
static void le_on_stopped(kinf_leader_t* l, void* u) { (void)l; (void)u; g_le_stopped++; }
static void le_on_new(kinf_leader_t* l, const char* id, void* u) {
    (void)l; (void)u; g_le_new++;
    snprintf(g_le_new_id, sizeof g_le_new_id, "%s", id);
}
static char g_le_resp[4096];
/* an HTTP response with a JSON body */
static const char* le_http(int code, const char* body) {
    snprintf(g_le_resp, sizeof g_le_resp, "HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
             code, strlen(body), body);
    return g_le_resp;
}
static int le_starts(const char* p) { return !strncmp(g_cl_req, p, strlen(p)); }
static char g_le_body[1024];
/* a Lease as the server returns it, acquired at acquire (JSON string text) */
static const char* le_lease_acq(const char* rv, const char* holder, int dur, const char* acquire, const char* renew, int transitions) {
    snprintf(g_le_body, sizeof g_le_body,
             "{\"kind\":\"Lease\",\"apiVersion\":\"coordination.k8s.io/v1\",\"metadata\":{\"name\":\"lk\",\"namespace\":\"ns\","
             "\"resourceVersion\":\"%s\"},\"spec\":{\"holderIdentity\":\"%s\",\"leaseDurationSeconds\":%d,"
             "\"acquireTime\":\"%s\",\"renewTime\":\"%s\",\"leaseTransitions\":%d}}",
             rv, holder, dur, acquire, renew, transitions);
    return le_http(200, g_le_body);
}
static const char* le_lease(const char* rv, const char* holder, int dur, const char* renew, int transitions) {
    return le_lease_acq(rv, holder, dur, "2000-01-01T00:00:00.000000Z", renew, transitions);
}
static const char* g_le_409 = "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Conflict\",\"code\":409}";
static const char* g_le_404 = "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404}";
#define LE_WALL0 1764316800000LL /* 2025-11-28T08:00:00Z */
/* One step at *t; when it started a request, that request answered with
   resp and the response taken by a second step. 1 when a request went out
   (its bytes in g_cl_req), 0 when none did. */
static int le_round(kinf_leader_t* l, kinf_client_t* c, uint64_t* t, const char* resp) {
    kinf_leader_step(l, *t, LE_WALL0 + (int64_t)*t);
    if (!kinf_client_busy(c)) { g_cl_req[0] = 0; return 0; }
    if (!cl_serve(c, t, resp, 1u << 20, 0)) { return 0; }
    if (getenv("LE_DEBUG")) { printf("REQ[%s]\nRESP[%s]\n", g_cl_req, resp); }
    kinf_leader_step(l, *t, LE_WALL0 + (int64_t)*t);
    return 1;
}
/* the elector's client: no retries of its own (the elector retries every
   retry period), as docs/leader-election.md asks */
static kinf_client_t* le_client(size_t req_bytes, size_t resp_bytes) {
    kinf_client_t* c;
    g_cl_max_retries = -1;
    c = cl_mk(req_bytes, resp_bytes);
    g_cl_max_retries = 0;
    return c;
}
static kinf_leader_t* le_mk(kinf_client_t* c, const char* id, int lease, int renew, int retry) {
    static uint64_t mem[2][sizeof(void*) * 256]; /* 8-aligned, as the elector's memory must be */
    static int which;
    kinf_leader_desc_t d;
    memset(&d, 0, sizeof d);
    d.client = c; d.namespace_ = "ns"; d.name = "lk"; d.identity = id;
    d.lease_duration_ms = lease; d.renew_deadline_ms = renew; d.retry_period_ms = retry;
    d.on_started_leading = le_on_started; d.on_stopped_leading = le_on_stopped; d.on_new_leader = le_on_new;
    d.logger.func = rec_log;
    if (kinf_leader_size() > sizeof mem[0]) { return 0; }
    which ^= 1;
    return kinf_leader_init(mem[which], sizeof mem[which], &d);
}
static void le_reset(void) { g_le_started = g_le_stopped = g_le_new = 0; g_le_new_id[0] = 0; log_reset(); }
/* the request's spec field, as text ("" when absent) */
static const char* le_req_field(const char* path) {
    static char v[128];
    kinf_object_t o;
    const char* b = strstr(g_cl_req, "\r\n\r\n");
    memset(&o, 0, sizeof o);
    o.key = o.name = o.namespace_ = o.uid = o.resource_version = "";
    v[0] = 0;
    if (!b) { return v; }
    o.json = b + 4; o.json_len = strlen(b + 4);
    kinf_field_str(&o, path, v, sizeof v);
    return v;
}
/* the request's acquireTime and renewTime are the same time (le_req_field's
   buffer holds one at a time) */
static int le_req_acquired_now(void) {
    char a[128];
    snprintf(a, sizeof a, "%s", le_req_field("spec.acquireTime"));
    return a[0] && !strcmp(a, le_req_field("spec.renewTime"));
}

/* MicroTime from Unix ms: the epoch, a leap day, the last ms of a day */
static void test_leader_time(void) {
    char b[40];
    g_test = "leader time";
    kinf__le_time(b, 0); CHECK(!strcmp(b, "1970-01-01T00:00:00.000000Z"));
    kinf__le_time(b, 951782400000LL); CHECK(!strcmp(b, "2000-02-29T00:00:00.000000Z"));
    kinf__le_time(b, 1709251199123LL); CHECK(!strcmp(b, "2024-02-29T23:59:59.123000Z"));
    kinf__le_time(b, 4102444800000LL - 1); CHECK(!strcmp(b, "2099-12-31T23:59:59.999000Z"));
}

/* The desc: defaults; lease > renew deadline > 1.2 retry periods; names */
static void test_leader_config(void) {
    kinf_client_t* c = le_client(4096, 4096);
    g_test = "leader config";
    if (!c) { CHECK(0); return; }
    le_reset();
    CHECK(le_mk(c, "a", 0, 0, 0) != 0);
    CHECK(le_mk(c, "a", 10000, 10000, 2000) == 0 && logged(KINF_LOGITEM_LEADER_BAD_CONFIG) == 1);
    CHECK(le_mk(c, "a", 15000, 2400, 2000) == 0 && logged(KINF_LOGITEM_LEADER_BAD_CONFIG) == 2);
    CHECK(le_mk(c, "a", 15000, 2500, 2000) != 0);
    CHECK(le_mk(c, "a", 15500, 10000, 2000) == 0); /* leaseDurationSeconds is whole seconds */
    CHECK(le_mk(c, "", 0, 0, 0) == 0);
    CHECK(le_mk(c, "a", 0, 0, -1) == 0);
    free(c);
}

/* No Lease: created with this candidate's record; then renewed every retry
   period by a PUT of the record written (no GET), acquireTime kept */
static void test_leader_acquire(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000;
    char acq[40];
    g_test = "leader acquire";
    if (!c || !(l = le_mk(c, "cand-a", 0, 0, 0))) { CHECK(0); free(c); return; }
    le_reset();
    CHECK(!kinf_leader_is_leader(l, t));
    CHECK(le_round(l, c, &t, le_http(404, g_le_404)) && le_starts("GET /prefix/apis/coordination.k8s.io/v1/namespaces/ns/leases/lk "));
    /* the 404 made it create at once: the POST is under way */
    CHECK(kinf_client_busy(c));
    CHECK(cl_serve(c, &t, le_http(201, "{\"metadata\":{\"resourceVersion\":\"5\"}}"), 1u << 20, 0));
    CHECK(le_starts("POST /prefix/apis/coordination.k8s.io/v1/namespaces/ns/leases "));
    CHECK(!strcmp(le_req_field("spec.holderIdentity"), "cand-a"));
    CHECK(!strcmp(le_req_field("spec.leaseDurationSeconds"), "15"));
    CHECK(!strcmp(le_req_field("spec.leaseTransitions"), "0"));
    CHECK(le_req_acquired_now() && !strncmp(le_req_field("spec.renewTime"), "2025-11-28T08:00:01.", 20));
    CHECK(!strcmp(le_req_field("metadata.resourceVersion"), ""));
    snprintf(acq, sizeof acq, "%s", le_req_field("spec.acquireTime"));
    kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
    CHECK(kinf_leader_is_leader(l, t) && g_le_started == 1 && g_le_new == 1 && !strcmp(g_le_new_id, "cand-a"));
    CHECK(logged(KINF_LOGITEM_LEADER_ELECTED) == 1 && !strcmp(kinf_leader_holder(l), "cand-a"));
    CHECK(kinf_leader_deadline(l) == t + 2000);
    CHECK(!le_round(l, c, &t, 0)); /* nothing before the retry period */
    t += 2000;
    CHECK(le_round(l, c, &t, le_lease("6", "cand-a", 15, "x", 0)));
    CHECK(le_starts("PUT /prefix/apis/coordination.k8s.io/v1/namespaces/ns/leases/lk "));
    CHECK(!strcmp(le_req_field("metadata.resourceVersion"), "5"));
    CHECK(!strcmp(le_req_field("spec.acquireTime"), acq) && strcmp(le_req_field("spec.renewTime"), acq) != 0);
    CHECK(!strcmp(le_req_field("spec.leaseTransitions"), "0"));
    t += 2000;
    CHECK(le_round(l, c, &t, le_lease("7", "cand-a", 15, "x", 0)) && !strcmp(le_req_field("metadata.resourceVersion"), "6"));
    CHECK(kinf_leader_is_leader(l, t) && g_le_started == 1 && g_le_stopped == 0 && g_le_new == 1);
    CHECK(kinf_leader_stats(l).renewals == 3 && kinf_leader_stats(l).elected == 1);
    free(c);
}
/* a leader of cand-a at *t, its record at resourceVersion "5" */
static kinf_leader_t* le_leader(kinf_client_t* c, uint64_t* t, const char* id) {
    kinf_leader_t* l = le_mk(c, id, 0, 0, 0);
    if (!l) { return 0; }
    le_round(l, c, t, le_http(404, g_le_404));
    cl_serve(c, t, le_http(201, "{\"metadata\":{\"resourceVersion\":\"5\"}}"), 1u << 20, 0);
    kinf_leader_step(l, *t, LE_WALL0 + (int64_t)*t);
    return kinf_leader_is_leader(l, *t) ? l : 0;
}

/* Renewals that fail: leading ends renew_deadline after the last renewal
   that succeeded was sent, by the clock alone, and the callback says so */
static void test_leader_renew_deadline(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000, t0;
    int i, puts = 0;
    g_test = "leader renew deadline";
    le_reset();
    if (!c || !(l = le_leader(c, &t, "cand-a"))) { CHECK(0); free(c); return; }
    t0 = t; /* the create was sent at 1000 and answered at once: the deadline is 11000 */
    for (i = 0; i < 20 && kinf_leader_deadline(l) < t0 + 10000; i++) {
        t = kinf_leader_deadline(l);
        puts += le_round(l, c, &t, le_http(500, "{}"));
    }
    CHECK(puts == 4 && logged(KINF_LOGITEM_LEADER_REQUEST_FAILED) == 4);
    CHECK(kinf_leader_is_leader(l, 1000 + 9999) && g_le_stopped == 0);
    CHECK(!kinf_leader_is_leader(l, 1000 + 10000)); /* before any step */
    CHECK(kinf_leader_deadline(l) <= 1000 + 10000);
    t = 1000 + 10000;
    le_round(l, c, &t, le_http(500, "{}"));
    CHECK(g_le_stopped == 1 && g_le_started == 1 && logged(KINF_LOGITEM_LEADER_LOST) == 1);
    CHECK(!kinf_leader_is_leader(l, t));
    free(c);
    /* a renewal whose response is taken late: the deadline runs from when it was sent */
    c = le_client(4096, 4096);
    t = 1000;
    if (!c || !(l = le_leader(c, &t, "cand-a"))) { CHECK(0); free(c); return; }
    t = kinf_leader_deadline(l);
    t0 = t;
    kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
    CHECK(kinf_client_busy(c) && cl_serve(c, &t, le_lease("6", "cand-a", 15, "x", 0), 1u << 20, 0) && le_starts("PUT "));
    t += 3000;
    kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
    CHECK(kinf_leader_is_leader(l, t0 + 9999) && !kinf_leader_is_leader(l, t0 + 10000));
    free(c);
}

/* A follower: the record's renewTime is old, but expiry is judged by the
   local clock from when the record was last seen to change; a change
   starts it again; when it runs out the follower takes over, counting a
   transition and a new acquireTime */
static void test_leader_follower(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000, seen = 0;
    int i, writes = 0;
    g_test = "leader follower";
    le_reset();
    if (!c || !(l = le_mk(c, "cand-b", 0, 0, 0))) { CHECK(0); free(c); return; }
    CHECK(le_round(l, c, &t, le_lease("9", "cand-a", 15, "2001-01-01T00:00:00.000000Z", 3)) && le_starts("GET "));
    CHECK(!kinf_client_busy(c) && g_le_new == 1 && !strcmp(g_le_new_id, "cand-a") && !strcmp(kinf_leader_holder(l), "cand-a"));
    CHECK(kinf_leader_deadline(l) >= t + 2000 && kinf_leader_deadline(l) < t + 4400); /* jittered */
    /* the leader renews once, seen at ~6 s: the local lease starts again then */
    for (i = 0; i < 40 && !writes; i++) {
        int r2;
        t = kinf_leader_deadline(l);
        r2 = t >= 6000;
        if (r2) { le_round(l, c, &t, le_lease("10", "cand-a", 15, "2001-01-01T00:00:05.000000Z", 3)); }
        else { le_round(l, c, &t, le_lease("9", "cand-a", 15, "2001-01-01T00:00:00.000000Z", 3)); }
        if (r2 && !seen) { seen = t; }
        if (kinf_client_busy(c)) { /* the read made it write */
            writes++;
            CHECK(t >= seen + 15000 && t < seen + 15000 + 4400); /* not before its local lease ran out, nor long after */
            cl_serve(c, &t, le_lease("11", "cand-b", 15, "x", 4), 1u << 20, 0);
            kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
        }
    }
    CHECK(writes == 1 && seen > 0);
    CHECK(!strcmp(le_req_field("spec.holderIdentity"), "cand-b") && !strcmp(le_req_field("spec.leaseTransitions"), "4"));
    CHECK(!strcmp(le_req_field("metadata.resourceVersion"), "10"));
    CHECK(le_req_acquired_now());
    CHECK(kinf_leader_is_leader(l, t) && g_le_started == 1 && g_le_new == 2 && !strcmp(g_le_new_id, "cand-b"));
    free(c);
}

/* A write that conflicts is read again at once; a leader whose renewal
   conflicts and who finds another holder stops leading at once */
static void test_leader_conflict(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000;
    g_test = "leader conflict";
    le_reset();
    if (!c || !(l = le_leader(c, &t, "cand-a"))) { CHECK(0); free(c); return; }
    t = kinf_leader_deadline(l);
    CHECK(le_round(l, c, &t, le_http(409, g_le_409)) && le_starts("PUT "));
    CHECK(kinf_leader_stats(l).conflicts == 1 && kinf_client_busy(c)); /* read again at once */
    CHECK(cl_serve(c, &t, le_lease("8", "cand-z", 15, "x", 1), 1u << 20, 0) && le_starts("GET "));
    kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
    CHECK(!kinf_leader_is_leader(l, t) && g_le_stopped == 1 && !strcmp(g_le_new_id, "cand-z"));
    CHECK(!kinf_client_busy(c)); /* a valid lease of another: no write */
    free(c);
}

/* A clean stop: leading ends at once; the record is written with no
   holder and a lease of 1 s; another candidate takes it over at once */
static void test_leader_release(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    kinf_leader_t* b;
    uint64_t t = 1000;
    g_test = "leader release";
    le_reset();
    if (!c || !(l = le_leader(c, &t, "cand-a"))) { CHECK(0); free(c); return; }
    t += 500;
    kinf_leader_release(l);
    CHECK(!kinf_leader_is_leader(l, t) && g_le_stopped == 1 && !kinf_leader_stopped(l));
    CHECK(kinf_leader_deadline(l) == 0);
    CHECK(le_round(l, c, &t, le_lease("11", "", 1, "x", 0)) && le_starts("PUT "));
    CHECK(!strcmp(le_req_field("spec.holderIdentity"), "") && !strcmp(le_req_field("spec.leaseDurationSeconds"), "1"));
    CHECK(!strcmp(le_req_field("spec.leaseTransitions"), "0") && !strcmp(le_req_field("metadata.resourceVersion"), "5"));
    CHECK(kinf_leader_stopped(l) && logged(KINF_LOGITEM_LEADER_RELEASED) == 1 && g_le_stopped == 1);
    CHECK(!le_round(l, c, &t, 0)); /* stopped: no more requests */
    /* another candidate reads the released record and takes it at once */
    if (!(b = le_mk(c, "cand-b", 0, 0, 0))) { CHECK(0); free(c); return; }
    CHECK(le_round(l, c, &t, 0) == 0);
    CHECK(le_round(b, c, &t, le_lease("11", "", 1, "x", 0)) && le_starts("GET ") && kinf_client_busy(c));
    CHECK(cl_serve(c, &t, le_lease("12", "cand-b", 15, "x", 1), 1u << 20, 0) && !strcmp(le_req_field("spec.leaseTransitions"), "1"));
    kinf_leader_step(b, t, LE_WALL0 + (int64_t)t);
    CHECK(kinf_leader_is_leader(b, t));
    kinf_leader_release(b);
    CHECK(g_le_stopped == 2 && !kinf_leader_is_leader(b, t));
    /* a candidate that never led stops without writing */
    if (!(l = le_mk(c, "cand-c", 0, 0, 0))) { CHECK(0); free(c); return; }
    kinf_leader_release(l);
    CHECK(!le_round(l, c, &t, 0) && kinf_leader_stopped(l) && g_le_stopped == 2);
    free(c);
}

/* Found by tests/fuzz/fuzz_client.c (regress/client/leader-holder-*,
   leader-resource-version-nul): the holder was compared as the text
   kinf_field_str left, so a foreign holder read as this candidate's own when
   it was cut to a 255-byte identity (a 256-byte holder starting with it), or
   when an escaped NUL ended it there ("cand-a\u0000x"); "\u0000x" read as no
   holder. Each was taken over while its lease ran. A resourceVersion "\u0000"
   read as "" and went back as an update with no precondition. */
static void test_leader_alien_holder(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000;
    char id[256], holder[300];
    int i;
    static const char* const foreign[] = { "cand-a\\u0000x", "\\u0000x", "\\u0000" };
    static const char* const shown[] = { "cand-a?x", "?x", "?" };
    g_test = "leader alien holder";
    if (!c) { CHECK(0); return; }
    for (i = 0; i < 3; i++) {
        le_reset();
        if (!(l = le_mk(c, "cand-a", 0, 0, 0))) { CHECK(0); free(c); return; }
        CHECK(le_round(l, c, &t, le_lease("5", foreign[i], 15, "x", 2)) && le_starts("GET "));
        CHECK(!kinf_client_busy(c) && !kinf_leader_is_leader(l, t)); /* another's valid lease: no write */
        CHECK_STR(kinf_leader_holder(l), shown[i]);
        CHECK(g_le_new == 1 && !strcmp(g_le_new_id, shown[i]));
        t += 100000;
    }
    /* the same Lease, expired, is taken over as another's: a new acquireTime, one more transition */
    CHECK(le_round(l, c, &t, le_lease("5", foreign[2], 15, "x", 2)) && le_starts("GET ") && kinf_client_busy(c));
    CHECK(cl_serve(c, &t, le_lease("6", "cand-a", 15, "x", 3), 1u << 20, 0) && le_starts("PUT "));
    CHECK_STR(le_req_field("spec.leaseTransitions"), "3");
    CHECK_STR(le_req_field("metadata.resourceVersion"), "5");
    /* a 255-byte identity, and a holder of 256 bytes that begins with it */
    le_reset();
    memset(id, 'c', 255); id[255] = 0;
    snprintf(holder, sizeof(holder), "%sc", id);
    if (!(l = le_mk(c, id, 0, 0, 0))) { CHECK(0); free(c); return; }
    CHECK(le_round(l, c, &t, le_lease("5", holder, 15, "x", 2)) && le_starts("GET "));
    CHECK(!kinf_client_busy(c) && !kinf_leader_is_leader(l, t));
    t += 100000;
    CHECK(le_round(l, c, &t, le_lease("5", id, 15, "x", 2)) && kinf_client_busy(c)); /* its own: renewed */
    CHECK(cl_serve(c, &t, le_lease("6", id, 15, "x", 2), 1u << 20, 0) && le_starts("PUT "));
    CHECK_STR(le_req_field("spec.leaseTransitions"), "2");
    /* a resourceVersion with a NUL is no version */
    le_reset();
    if (!(l = le_mk(c, "cand-a", 0, 0, 0))) { CHECK(0); free(c); return; }
    CHECK(le_round(l, c, &t, le_lease("\\u0000", "", 15, "x", 2)) && le_starts("GET "));
    CHECK(!kinf_client_busy(c) && logged(KINF_LOGITEM_LEADER_BAD_LEASE) == 1);
    free(c);
}

/* A Lease without a resourceVersion is malformed: logged, not written */
static void test_leader_bad_lease(void) {
    kinf_client_t* c = le_client(4096, 4096);
    kinf_leader_t* l;
    uint64_t t = 1000;
    g_test = "leader bad lease";
    le_reset();
    if (!c || !(l = le_mk(c, "cand-a", 0, 0, 0))) { CHECK(0); free(c); return; }
    CHECK(le_round(l, c, &t, le_http(200, "{\"spec\":{\"holderIdentity\":\"\"}}")));
    CHECK(logged(KINF_LOGITEM_LEADER_BAD_LEASE) == 1 && !kinf_client_busy(c) && !kinf_leader_is_leader(l, t));
    t = kinf_leader_deadline(l);
    CHECK(le_round(l, c, &t, le_http(200, "{\"metadata\":{\"resourceVersion\":\"3\"},\"spec\":{\"leaseDurationSeconds\":\"x\"}}")));
    CHECK(logged(KINF_LOGITEM_LEADER_BAD_LEASE) == 2 && !kinf_client_busy(c));
    free(c);
}
/* A Lease this candidate holds whose acquireTime is no time it could write
   back (a control byte, escaped in the server's JSON; empty; a space): the
   renewal writes now in its place, and leads; one that is a time is kept */
static void test_leader_bad_acquire(void) {
    static const char* const bad[] = { "\\u0001x", "", "2025-11-28T08:00:00 Z", "t\\u00e9" };
    int k, ok = 1;
    g_test = "leader bad acquireTime";
    for (k = 0; k < 5; k++) {
        kinf_client_t* c = le_client(4096, 4096);
        kinf_leader_t* l;
        uint64_t t = 1000;
        const char* acq = k < 4 ? bad[k] : "2000-01-01T00:00:00.000000Z";
        le_reset();
        if (!c || !(l = le_mk(c, "cand-a", 0, 0, 0))) { CHECK(0); free(c); return; }
        ok &= le_round(l, c, &t, le_lease_acq("4", "cand-a", 15, acq, "2000-01-01T00:00:00.000000Z", 2)) && kinf_client_busy(c);
        ok &= cl_serve(c, &t, le_http(200, "{\"metadata\":{\"resourceVersion\":\"5\"}}"), 1u << 20, 0);
        ok &= le_starts("PUT /prefix/apis/coordination.k8s.io/v1/namespaces/ns/leases/lk ");
        ok &= !strcmp(le_req_field("spec.leaseTransitions"), "2");
        if (k < 4) { ok &= le_req_acquired_now(); }
        else { ok &= !strcmp(le_req_field("spec.acquireTime"), acq); }
        kinf_leader_step(l, t, LE_WALL0 + (int64_t)t);
        ok &= kinf_leader_is_leader(l, t) && logged(KINF_LOGITEM_CONFIG_TOO_LONG) == 0;
        free(c);
        if (!ok) { printf("  acquireTime case %d\n", k); break; }
    }
    CHECK(ok);
}
