/* Label and field selectors: what they accept and refuse, what they match,
   and an informer refusing what its own selectors do not match. */

/* every case of a table in one check each: the first wrong one is printed */
static int sel_parses(const char* l, const char* f) {
    kinf_selector_t s;
    char why[160];
    return kinf_selector_parse(&s, l, f, why, sizeof(why)) == KINF_OK;
}
static void test_selector_parse(void) {
    static const char* const good_l[] = {
        "", "  ", "a", "!a", " ! a ", "a=b", "a==b", "a!=b", "a=", "a==", "a!=", "a in (x,y)", "a notin (x)", "a in (x,)",
        "a in (,x)", "a in ( x , y )", "a>5", "a<-3", "a>+7", "example.com/app=web", "app.kubernetes.io/name in (web, db)",
        " a = b , c , !d ", "A_b.c-D=x_Y.z-1", "a=b,a!=c", "in=notin", "a in (in)" };
    static const char* const bad_l[] = {
        "a in ()", "a in (x", "a in x", "!a=b", "a=b,", ",a", "a>b", "a>", "a=b c", "a=(", "a b", "-a=b", "a-=b",
        "Example.com/a=b", "/a=b", "a/=b", "a=b!", "a=-b", "a in (x y)", "a notin", "(a)", "a=b,,c", "!", "a=b)",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=b" /* 64 */, "a>99999999999999999999" };
    static const char* const good_f[] = {
        "", "spec.nodeName=n1", "spec.nodeName==n1", "spec.nodeName!=n1", "a=b,c!=d", "a=b,", ",a=b", "a=b,,c=d",
        "metadata.name=a\\,b", "a=x\\=y", "a=x\\\\y", "a=", "a!=", "a= b" };
    static const char* const bad_f[] = { "a", "=b", "!=b", "a=b=c", "a=\\x", "a=b,c", "a==b=c" };
    size_t i;
    int ok = 1;
    kinf_selector_t s;
    char why[160];
    g_test = "selector_parse";
    for (i = 0; ok && i < sizeof(good_l) / sizeof(good_l[0]); i++) { if (!sel_parses(good_l[i], 0)) { printf("     refused label selector '%s'\n", good_l[i]); ok = 0; } }
    CHECK(ok);
    for (i = 0; ok && i < sizeof(bad_l) / sizeof(bad_l[0]); i++) { if (sel_parses(bad_l[i], 0)) { printf("     took label selector '%s'\n", bad_l[i]); ok = 0; } }
    CHECK(ok);
    for (i = 0; ok && i < sizeof(good_f) / sizeof(good_f[0]); i++) { if (!sel_parses(0, good_f[i])) { printf("     refused field selector '%s'\n", good_f[i]); ok = 0; } }
    CHECK(ok);
    for (i = 0; ok && i < sizeof(bad_f) / sizeof(bad_f[0]); i++) { if (sel_parses(0, bad_f[i])) { printf("     took field selector '%s'\n", bad_f[i]); ok = 0; } }
    CHECK(ok);
    /* the reason names what is wrong and where */
    CHECK(kinf_selector_parse(&s, "app in ()", 0, why, sizeof(why)) == KINF_ERR_INVAL && strstr(why, "at least one value") != 0);
    CHECK(kinf_selector_parse(&s, 0, "spec.nodeName", why, sizeof(why)) == KINF_ERR_INVAL && strstr(why, "'spec.nodeName'") != 0);
    CHECK(kinf_selector_parse(&s, "a=b", "c=\\q", 0, 0) == KINF_ERR_INVAL && s.nterms == 0); /* a refused selector matches nothing's terms */
    /* bounds: KINF_SELECTOR_TERMS terms, then NOMEM */
    {
        char big[KINF__MAX_STR];
        size_t o = 0;
        int k;
        for (k = 0; k < KINF_SELECTOR_TERMS; k++) { o += (size_t)snprintf(big + o, sizeof(big) - o, "%sk%d", k ? "," : "", k); }
        CHECK(kinf_selector_parse(&s, big, 0, why, sizeof(why)) == KINF_OK && s.nterms == KINF_SELECTOR_TERMS);
        snprintf(big + o, sizeof(big) - o, ",one_more");
        CHECK(kinf_selector_parse(&s, big, 0, why, sizeof(why)) == KINF_ERR_NOMEM && strstr(why, "KINF_SELECTOR_TERMS") != 0);
    }
    CHECK(kinf_selector_parse(0, "a", 0, why, sizeof(why)) == KINF_ERR_INVAL);
    CHECK(kinf_selector_parse(&s, 0, 0, 0, 0) == KINF_OK && kinf_selector_empty(&s));
}

/* one object, many selectors: each answer as the API server's */
static void test_selector_match(void) {
    static const char obj_json[] =
        "{\"metadata\":{\"labels\":{\"app\":\"web\",\"tier\":\"db\",\"size\":\"5\",\"empty\":\"\",\"example.com/x\":\"y\",\"esc\":\"a\\u0062\",\"gone\":null}},"
        "\"spec\":{\"nodeName\":\"n1\",\"hostNetwork\":true,\"prio\":7,\"nul\":null,\"obj\":{}},\"status\":{\"phase\":\"Running\"}}";
    static const struct { const char* l; const char* f; int want; } cases[] = {
        { "", "", 1 }, { "app", 0, 1 }, { "!app", 0, 0 }, { "nope", 0, 0 }, { "!nope", 0, 1 },
        { "app=web", 0, 1 }, { "app==web", 0, 1 }, { "app=db", 0, 0 }, { "app!=db", 0, 1 }, { "app!=web", 0, 0 },
        { "nope!=x", 0, 1 }, { "nope=", 0, 0 }, { "empty=", 0, 1 }, { "empty", 0, 1 }, { "empty!=", 0, 0 },
        { "app in (db,web)", 0, 1 }, { "app in (db)", 0, 0 }, { "nope in (x,)", 0, 0 }, { "empty in (x,)", 0, 1 },
        { "app notin (db)", 0, 1 }, { "app notin (web,db)", 0, 0 }, { "nope notin (x)", 0, 1 },
        { "size>4", 0, 1 }, { "size>5", 0, 0 }, { "size<6", 0, 1 }, { "size<-1", 0, 0 }, { "app>1", 0, 0 }, { "nope<9", 0, 0 },
        { "example.com/x=y", 0, 1 }, { "gone", 0, 0 }, { "!gone", 0, 1 }, { "gone!=x", 0, 1 }, { "esc=ab", 0, 1 }, { "app=web,tier=db", 0, 1 }, { "app=web,tier=web", 0, 0 },
        { 0, "spec.nodeName=n1", 1 }, { 0, "spec.nodeName==n1", 1 }, { 0, "spec.nodeName=n2", 0 }, { 0, "spec.nodeName!=n2", 1 },
        { 0, "spec.nodeName!=n1", 0 }, { 0, "spec.missing=", 1 }, { 0, "spec.missing!=x", 1 }, { 0, "spec.missing=x", 0 },
        { 0, "spec.hostNetwork=true", 1 }, { 0, "spec.prio=7", 1 }, { 0, "spec.nul=", 1 }, { 0, "spec.obj=", 0 },
        { 0, "metadata.name=p1", 1 }, { 0, "metadata.namespace=ns1", 1 }, { 0, "metadata.namespace!=ns1", 0 },
        { 0, "status.phase=Running,spec.nodeName=n1", 1 }, { 0, "status.phase=Running,spec.nodeName=n9", 0 },
        { "app=web", "status.phase=Failed", 0 }, { "app=web", "status.phase=Running", 1 } };
    kinf_object_t o;
    kinf_selector_t s;
    char why[160];
    size_t i;
    int ok = 1;
    g_test = "selector_match";
    memset(&o, 0, sizeof(o));
    o.key = "ns1/p1"; o.name = "p1"; o.namespace_ = "ns1"; o.uid = "u"; o.resource_version = "1";
    o.json = obj_json; o.json_len = sizeof(obj_json) - 1;
    for (i = 0; ok && i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (kinf_selector_parse(&s, cases[i].l, cases[i].f, why, sizeof(why)) != KINF_OK) { printf("     refused '%s' '%s': %s\n", cases[i].l, cases[i].f, why); ok = 0; break; }
        if (kinf_selector_match(&s, &o) != cases[i].want) { printf("     '%s' '%s' matched %d\n", cases[i].l ? cases[i].l : "", cases[i].f ? cases[i].f : "", !cases[i].want); ok = 0; }
    }
    CHECK(ok);
    /* a field value that needed escapes in the selector */
    o.name = "a,b=c";
    CHECK(kinf_selector_parse(&s, 0, "metadata.name=a\\,b\\=c", 0, 0) == KINF_OK && kinf_selector_match(&s, &o) == 1);
    CHECK(kinf_selector_match(0, &o) == 0 && kinf_selector_match(&s, 0) == 0);
}

/* An informer caches only what its selectors match; what they read is kept
   when the projection keeps less than the whole object. */
static void test_selector_scope(void) {
    static const char* const keep[] = { "spec.nodeName" };
    static const char* const drop[] = { "metadata.labels" };
    kinf_desc_t d;
    kinf_informer_t* inf;
    char path[128];
    g_test = "selector_scope";
    desc_base(&d);
    d.label_selector = "app=web"; d.field_selector = "spec.nodeName=n1";
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    log_reset(); evlog_reset();
#define SEL_POD(name, app, node, rv) "{\"metadata\":{\"name\":\"" name "\",\"namespace\":\"ns\",\"resourceVersion\":\"" rv "\",\"labels\":{\"app\":\"" app "\"}},\"spec\":{\"nodeName\":\"" node "\"}}"
    CHECK_INT(wev(inf, "ADDED", SEL_POD("a", "web", "n1", "1")), 0);
    CHECK_INT(wev(inf, "ADDED", SEL_POD("b", "db", "n1", "2")), 0);   /* labels outside: refused */
    CHECK_INT(wev(inf, "ADDED", SEL_POD("c", "web", "n2", "3")), 0);  /* field outside: refused */
    CHECK_INT(wev(inf, "MODIFIED", SEL_POD("e", "web", "n1", "4")), 0);
    dispatch(inf);
    CHECK_INT(wev(inf, "MODIFIED", SEL_POD("e", "db", "n1", "5")), 0); /* refused, and e has left the selectors: deleted as it was */
    CHECK_INT(wev(inf, "ADDED", SEL_POD("d", "web", "n1", "5")), 0);
    dispatch(inf);
    CHECK_INT(wev(inf, "DELETED", SEL_POD("d", "db", "n1", "6")), 0);  /* left the selector: deleted */
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/e 4 D ns/e 4 A ns/d 5 D ns/d 6");
    CHECK(logged(KINF_LOGITEM_OBJECT_OUT_OF_SCOPE) == 3 && kinf_count(inf) == 1 && kinf_stats(inf).malformed == 3);
    CHECK(!stored(inf, "ns/b")[0] && !stored(inf, "ns/c")[0] && strstr(stored(inf, "ns/a"), "\"resourceVersion\":\"1\"") != 0);
    CHECK(kinf_selector_unkept(&inf->sel, inf, path, sizeof(path)) == 0);
    rm(inf);
    /* projected: the label the selector reads is kept beside spec.nodeName */
    desc_base(&d);
    d.label_selector = "app=web"; d.keep = keep; d.keep_count = 1;
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        kinf_selector_t s;
        watch_begin(inf);
        CHECK(wev(inf, "ADDED", SEL_POD("a", "web", "n1", "1")) == 0 && wev(inf, "ADDED", SEL_POD("b", "db", "n1", "2")) == 0);
        CHECK_STR(stored(inf, "ns/a"), "{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"nodeName\":\"n1\"}}");
        CHECK(kinf_count(inf) == 1);
        /* what a client's own selector needs: kept, or named */
        CHECK(kinf_selector_parse(&s, "app=web", "spec.nodeName=n1", 0, 0) == KINF_OK && kinf_selector_unkept(&s, inf, path, sizeof(path)) == 0);
        CHECK(kinf_selector_parse(&s, "tier=db", 0, 0, 0) == KINF_OK && kinf_selector_unkept(&s, inf, path, sizeof(path)) == 1);
        CHECK_STR(path, "metadata.labels.tier");
        CHECK(kinf_selector_parse(&s, 0, "status.phase=Running", 0, 0) == KINF_OK && kinf_selector_unkept(&s, inf, path, sizeof(path)) == 1);
        CHECK_STR(path, "status.phase");
        CHECK(kinf_selector_parse(&s, 0, "metadata.name=a", 0, 0) == KINF_OK && kinf_selector_unkept(&s, inf, path, sizeof(path)) == 0);
        rm(inf);
    }
    /* a drop rule wins: the label is not kept, so the server alone judges it */
    desc_base(&d);
    d.label_selector = "app=web"; d.drop = drop; d.drop_count = 1;
    inf = mk(&d);
    if (CHECK(inf != 0)) {
        watch_begin(inf);
        log_reset();
        CHECK(wev(inf, "ADDED", SEL_POD("b", "db", "n1", "2")) == 0 && kinf_count(inf) == 1 && !logged(KINF_LOGITEM_OBJECT_OUT_OF_SCOPE));
        rm(inf);
    }
#undef SEL_POD
}
