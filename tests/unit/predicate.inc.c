/* predicate.inc.c - included by main.c: desc.skip_unchanged (>>store
   unchanged): which versions are the same to the handlers, and that an
   update, a relist and a warm start deliver nothing for them. Uses snap_w
   and snap_mem from snapshot.inc.c. */

/* kinf__same_members on two texts */
static int same_text(const char* a, const char* b) { return kinf__same_members(a, strlen(a), b, strlen(b), 0); }
static void test_skip_unchanged_compare(void) {
    static const struct { const char* a; const char* b; int same; } t[] = {
        /* the noise: metadata's resourceVersion and managedFields, wherever they are in it */
        { "{\"metadata\":{\"name\":\"p\",\"resourceVersion\":\"1\"},\"spec\":{}}", "{\"metadata\":{\"name\":\"p\",\"resourceVersion\":\"22\"},\"spec\":{}}", 1 },
        { "{\"metadata\":{\"resourceVersion\":\"1\",\"name\":\"p\"}}", "{\"metadata\":{\"resourceVersion\":\"2\",\"name\":\"p\"}}", 1 },
        { "{\"metadata\":{\"resourceVersion\":\"1\"}}", "{\"metadata\":{\"resourceVersion\":\"2\"}}", 1 },
        { "{\"metadata\":{\"resourceVersion\":\"1\",\"managedFields\":[{\"time\":\"a\"}]}}", "{\"metadata\":{}}", 1 },
        { "{\"metadata\":{\"name\":\"p\",\"managedFields\":null}}", "{\"metadata\":{\"name\":\"p\",\"managedFields\":[{\"manager\":\"x\"}]}}", 1 },
        { "{\"metadata\":{\"name\":\"p\",\"resourceVersion\":\"1\"}}", "{\"metadata\":{\"name\":\"p\"}}", 1 },
        { "{\"spec\":{\"nodeName\":\"n1\"}}", "{\"spec\":{\"nodeName\":\"n1\"}}", 1 },
        { "{}", "{}", 1 },
        /* what is not noise */
        { "{\"metadata\":{\"name\":\"p\",\"labels\":{\"a\":\"1\"}}}", "{\"metadata\":{\"name\":\"p\",\"labels\":{\"a\":\"2\"}}}", 0 },
        { "{\"spec\":{\"nodeName\":\"n1\"}}", "{\"spec\":{\"nodeName\":\"n2\"}}", 0 },
        { "{\"resourceVersion\":\"1\"}", "{\"resourceVersion\":\"2\"}", 0 },          /* not metadata's */
        { "{\"spec\":{\"metadata\":{\"resourceVersion\":\"1\"}}}", "{\"spec\":{\"metadata\":{\"resourceVersion\":\"2\"}}}", 0 },
        { "{\"metadata\":{\"generation\":1}}", "{\"metadata\":{\"generation\":2}}", 0 },
        { "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", 0 },                            /* the server's order is kept */
        { "{\"a\":1}", "{\"a\":1,\"b\":2}", 0 },
        { "{\"a\":1,\"b\":2}", "{\"a\":1}", 0 },
        { "{\"metadata\":{\"name\":\"p\"}}", "{\"metadata\":{\"name\":\"p\",\"uid\":\"u\"}}", 0 },
        { "{\"metadata\":\"x\"}", "{\"metadata\":\"y\"}", 0 },
        { "{\"metadata\":\"x\"}", "{\"metadata\":\"x\"}", 1 },
        { "{\"ab\":1}", "{\"a\":1}", 0 },
        /* not as projection writes: never the same */
        { "{\"metadata\":{\"resourceVersion\":\"1\"} }", "{\"metadata\":{\"resourceVersion\":\"2\"}}", 0 },
        { "[1]", "[1]", 0 },
        { "{\"a\":1", "{\"a\":1", 0 },
        { "{\"a\":1}x", "{\"a\":1}x", 0 },
        { "{\"metadata\":{\"resource\\u0056ersion\":\"1\"}}", "{\"metadata\":{\"resource\\u0056ersion\":\"2\"}}", 0 },
    };
    size_t i;
    int bad = 0;
    g_test = "skip_unchanged compare";
    for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        int r1 = same_text(t[i].a, t[i].b), r2 = same_text(t[i].b, t[i].a);
        if (r1 != t[i].same || r2 != t[i].same) { if (!bad++) { note("%s vs %s: %d %d, want %d", t[i].a, t[i].b, r1, r2, t[i].same); } }
    }
    CHECK_INT(bad, 0);
}

/* an informer with skip_unchanged (or not) and the test handlers */
static kinf_informer_t* mk_skip(int skip, int keep_managed) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16;
    d.skip_unchanged = skip; d.no_default_drop = keep_managed;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); watch_begin(inf); }
    return inf;
}
#define POD_LBL "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"%s\",\"labels\":{\"l\":\"%s\"}},\"spec\":{\"nodeName\":\"%s\"}}"
static void test_skip_unchanged(void) {
    kinf_informer_t* inf;
    kinf_object_t o;
    int skip;
    g_test = "skip_unchanged";
    for (skip = 0; skip < 2; skip++) {
        inf = mk_skip(skip, 0);
        if (!CHECK(inf != 0)) { return; }
        evlog_reset();
        pod(inf, "ADDED", "ns", "p", "1", "n1");
        dispatch(inf);
        /* an update of the same content: stored, not delivered, not even queued */
        pod(inf, "MODIFIED", "ns", "p", "2", "n1");
        CHECK_INT(inf->flen, skip ? 0 : 1);
        CHECK(kinf_get(inf, "ns/p", &o) && !strcmp(o.resource_version, "2"));
        CHECK_STR(kinf_resource_version(inf), "2");
        dispatch(inf);
        /* a real change is delivered, from the version stored last */
        pod(inf, "MODIFIED", "ns", "p", "3", "n2");
        dispatch(inf);
        /* changes that come back to what the handlers had before dispatch */
        pod(inf, "MODIFIED", "ns", "p", "4", "n3");
        pod(inf, "MODIFIED", "ns", "p", "5", "n2");
        dispatch(inf);
        CHECK(kinf_get(inf, "ns/p", &o) && !strcmp(o.resource_version, "5"));
        /* deleted and created again with the same content: a delete and an add */
        pod(inf, "DELETED", "ns", "p", "6", "n2");
        pod(inf, "ADDED", "ns", "p", "7", "n2");
        dispatch(inf);
        if (skip) {
            CHECK_STR(g_evlog, "A ns/p 1 U ns/p 2>3 D ns/p 6 A ns/p 7");
            CHECK_INT(kinf_stats(inf).skipped_unchanged, 2);
            CHECK_INT(kinf_stats(inf).delivered_updates, 1);
        } else {
            CHECK_STR(g_evlog, "A ns/p 1 U ns/p 1>2 U ns/p 2>3 U ns/p 3>5 D ns/p 6 A ns/p 7");
            CHECK_INT(kinf_stats(inf).skipped_unchanged, 0);
        }
        /* a label is a change when the object is kept whole */
        evlog_reset();
        wev(inf, "MODIFIED", POD_LBL, "q", "10", "a", "n1");
        dispatch(inf);
        wev(inf, "MODIFIED", POD_LBL, "q", "11", "b", "n1");
        wev(inf, "MODIFIED", POD_LBL, "q", "12", "b", "n1");
        dispatch(inf);
        CHECK_STR(g_evlog, "A ns/q 10 U ns/q 10>12"); /* queued changes coalesce as ever */
        /* the index follows the version stored */
        {
            kinf_iter_t it;
            memset(&it, 0, sizeof(it));
            CHECK(kinf_index_next(inf, KINF_INDEX_NAMESPACE, "ns", &it, &o));
        }
        KINF__SELFCHECK(inf);
        rm(inf);
    }
    /* managedFields kept (no_default_drop): its changes are noise too */
    inf = mk_skip(1, 1);
    if (CHECK(inf != 0)) {
        evlog_reset();
        wev(inf, "ADDED", "{\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"resourceVersion\":\"1\",\"managedFields\":[{\"manager\":\"a\",\"time\":\"t1\"}]},\"data\":{\"k\":\"v\"}}");
        wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"resourceVersion\":\"1\",\"managedFields\":[{\"manager\":\"a\",\"time\":\"t1\"}]},\"data\":{\"k\":\"v\"}}");
        dispatch(inf);
        wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"resourceVersion\":\"2\",\"managedFields\":[{\"manager\":\"b\",\"time\":\"t2\"}]},\"data\":{\"k\":\"v\"}}");
        dispatch(inf);
        CHECK(strstr(stored(inf, "ns/m"), "\"manager\":\"b\"") != 0);
        wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"m\",\"namespace\":\"ns\",\"resourceVersion\":\"3\",\"managedFields\":[{\"manager\":\"b\",\"time\":\"t3\"}]},\"data\":{\"k\":\"w\"}}");
        dispatch(inf);
        CHECK_STR(g_evlog, "A ns/m 1 U ns/m 2>3");
        rm(inf);
    }
    /* an identity-only version is never the same as another */
    inf = mk_skip(1, 0);
    if (CHECK(inf != 0)) {
        uint32_t a = kinf__blk_make(inf, "ns", "x", "", "1", (const uint8_t*)"{}", 2, 0);
        uint32_t b = kinf__blk_make(inf, "ns", "x", "", "2", (const uint8_t*)"{}", 2, 0);
        uint32_t c = kinf__blk_make(inf, "ns", "x", "", "3", (const uint8_t*)"{}", 2, KINF_OBJ_IDENTITY_ONLY);
        CHECK(a && b && c);
        CHECK_INT(kinf__store_same(inf, a, b), 1);
        CHECK_INT(kinf__store_same(inf, a, c), 0);
        CHECK_INT(kinf__store_same(inf, c, a), 0);
        rm(inf);
    }
}
/* A relist and a warm start from a snapshot deliver nothing for the objects
   that did not change, and the store takes their new resourceVersions. */
static void test_skip_unchanged_relist(void) {
    kinf_informer_t *a, *b;
    static uint8_t buf[1 << 16];
    snap_mem m;
    kinf_object_t o;
    int skip;
    g_test = "skip_unchanged relist";
    for (skip = 0; skip < 2; skip++) {
        a = mk_skip(skip, 0);
        if (!CHECK(a != 0)) { return; }
        evlog_reset();
        CHECK_INT(list_body(a, "10", "ns/p1@1 ns/p2@2 ns/p3@3"), 0);
        dispatch(a);
        /* a relist: p1 the same, p2 a new version of the same content, p3 gone, p4 new */
        CHECK_INT(list_body(a, "20", "ns/p1@1 ns/p2@12 ns/p4@14"), 0);
        dispatch(a);
        CHECK_STR(g_evlog, skip ? "A ns/p1 1 A ns/p2 2 A ns/p3 3 A ns/p4 14 D ns/p3 3!"
                                : "A ns/p1 1 A ns/p2 2 A ns/p3 3 U ns/p2 2>12 A ns/p4 14 D ns/p3 3!");
        CHECK(kinf_get(a, "ns/p2", &o) && !strcmp(o.resource_version, "12"));
        /* a warm start: the snapshot's objects are added, then a watch and a
           relist that change nothing deliver nothing more */
        memset(&m, 0, sizeof(m)); m.b = buf; m.cap = sizeof(buf);
        CHECK_INT(kinf_snapshot_write(a, 1, snap_w, &m), KINF_OK);
        b = mk_skip(skip, 0);
        if (CHECK(b != 0)) {
            CHECK_INT(kinf_snapshot_load_mem(b, m.b, m.n), KINF_OK);
            evlog_reset();
            dispatch(b);
            CHECK_INT(g_nadd, 3);
            evlog_reset();
            pod(b, "MODIFIED", "ns", "p1", "21", "");
            dispatch(b);
            CHECK(kinf_get(b, "ns/p1", &o) && !strcmp(o.resource_version, "21") && !(o.flags & KINF_OBJ_FROM_SNAPSHOT));
            CHECK_INT(list_body(b, "30", "ns/p1@21 ns/p2@22 ns/p4@24"), 0);
            dispatch(b);
            CHECK_STR(g_evlog, skip ? "" : "U ns/p1 1>21 U ns/p2 12>22 U ns/p4 14>24");
            CHECK_INT(kinf_stats(b).skipped_unchanged, skip ? 3 : 0);
            CHECK(kinf_get(b, "ns/p4", &o) && !strcmp(o.resource_version, "24"));
            CHECK_STR(kinf_resource_version(b), "30");
            KINF__SELFCHECK(b);
            rm(b);
        }
        rm(a);
    }
}
