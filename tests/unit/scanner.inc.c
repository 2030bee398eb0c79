/* scanner.inc.c - included by main.c: the streaming JSON scanner (>>json):
   records, captures (unescaped), a list's items, its limits. */

typedef struct scanner {
    kinf__scan s;
    uint8_t ev[8192];
    char cb[KINF__CAP_COUNT][128];
} scanner;
static void sc_init(scanner* x, int list_mode, size_t ev_cap, size_t ccap) {
    int k;
    memset(x, 0, sizeof(*x));
    x->s.ev = x->ev; x->s.ev_cap = ev_cap;
    for (k = 0; k < KINF__CAP_COUNT; k++) { x->s.cbuf[k] = x->cb[k]; x->s.ccap[k] = ccap; }
    kinf__scan_reset(&x->s, list_mode);
}
static void sc_cap(const scanner* x, int k, const char* tag, char* out, size_t cap) {
    size_t o = strlen(out);
    if (!x->s.cset[k]) { return; }
    snprintf(out + o, cap - o, " %s=%s%s", tag, x->cb[k], x->s.cover[k] ? "(cut)" : "");
}
/* one line per record: the framed bytes (or OVER) and the captures */
static void sc_describe(const scanner* x, char* out, size_t cap) {
    size_t o = strlen(out);
    if (x->s.rec_over) { snprintf(out + o, cap - o, "OVER"); }
    else { snprintf(out + o, cap - o, "%.*s", (int)x->s.ev_len, (const char*)x->ev); }
    sc_cap(x, KINF__CAP_TYPE, "t", out, cap);
    sc_cap(x, KINF__CAP_NAME, "n", out, cap);
    sc_cap(x, KINF__CAP_NS, "ns", out, cap);
    sc_cap(x, KINF__CAP_UID, "u", out, cap);
    sc_cap(x, KINF__CAP_RV, "rv", out, cap);
    o = strlen(out);
    snprintf(out + o, cap - o, "\n");
}
/* feeds in pieces; returns s.err (0 ok); out gets the records, then
   the list captures and root_done for list mode */
static int sc_run(scanner* x, const char* in, size_t n, const size_t* cuts, int ncut, char* out, size_t cap) {
    size_t from = 0;
    int k;
    out[0] = 0;
    for (k = 0; k <= ncut; k++) {
        size_t to = k < ncut ? cuts[k] : n;
        while (from < to) {
            size_t used = kinf__scan_feed(&x->s, (const uint8_t*)in + from, to - from);
            if (!used && !x->s.err && !x->s.rec_done) { return 99; } /* no progress */
            from += used;
            if (x->s.err) { return x->s.err; }
            if (x->s.rec_done) {
                x->s.rec_done = 0;
                if (x->s.ev_len > x->s.ev_cap) { return 98; }
                sc_describe(x, out, cap);
                x->s.ev_len = 0;
            }
        }
    }
    if (x->s.list_mode) {
        size_t o = strlen(out);
        snprintf(out + o, cap - o, "LIST");
        sc_cap(x, KINF__CAP_LIST_RV, "rv", out, cap);
        sc_cap(x, KINF__CAP_CONTINUE, "cont", out, cap);
        o = strlen(out);
        snprintf(out + o, cap - o, " root_done=%d", x->s.root_done);
    }
    return 0;
}
/* runs in whole, byte by byte and split at every offset; all must equal
   expect (and err must equal want_err) */
static void sc_all(int list_mode, size_t ev_cap, size_t ccap, const char* in, int want_err, const char* expect) {
    static scanner x;
    static char out[16384];
    static size_t cuts[8192];
    size_t n = strlen(in), i;
    int err, bad = 0;
    sc_init(&x, list_mode, ev_cap, ccap);
    err = sc_run(&x, in, n, 0, 0, out, sizeof(out));
    CHECK_INT(err, want_err);
    if (expect) { CHECK_STR(out, expect); }
    for (i = 1; i < n; i++) { cuts[i - 1] = i; }
    sc_init(&x, list_mode, ev_cap, ccap);
    err = sc_run(&x, in, n, cuts, n ? (int)n - 1 : 0, out, sizeof(out));
    if (!CHECK(err == want_err && (!expect || !strcmp(out, expect)))) { note("byte by byte: err %d\n%s", err, out); }
    for (i = 0; i <= n; i++) {
        sc_init(&x, list_mode, ev_cap, ccap);
        err = sc_run(&x, in, n, &i, 1, out, sizeof(out));
        if (err != want_err || (expect && strcmp(out, expect))) {
            if (!bad++) { note("split at %zu: err %d\n%s", i, err, out); }
        }
    }
    CHECK_INT(bad, 0);
}
static void test_scanner(void) {
    static char in[8192], exp[8192];
    int i;
    const char* r1 = "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns1\",\"uid\":\"u\\\"1\\\\\","
                     "\"resourceVersion\":\"10\",\"labels\":{\"k\":\"v \\\"q\\\" \\\\ \\u00e9\\/\"}},"
                     "\"spec\":{\"type\":\"NotMe\",\"metadata\":{\"name\":\"nope\",\"resourceVersion\":\"0\"},"
                     "\"x\":[1,2.5,-3e4,true,false,null,{\"y\":[]},[],{}],\"s\":\"}]{[,:\"}}}";
    const char* r2 = "{\"object\":{\"metadata\":{\"resourceVersion\":\"11\",\"name\":\"b\"}},\"type\":\"MODIFIED\"}";
    const char* r3 = "{ \"type\" : \"DELETED\" ,\n \"object\" : { \"metadata\" : { \"name\" : \"a\" , \"namespace\" : \"ns1\" , \"resourceVersion\" : \"12\" } } }";
    const char* r4 = "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"metadata\":{\"resourceVersion\":\"13\"}}}";
    const char* r5 = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"code\":410,\"message\":\"too old \\\"rv\\\"\"}}";
    const char* r6 = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"\\u0061\\n\",\"resourceVersion\":\"14\"}}}";
    g_test = "scanner";
    /* a watch stream: records framed exactly, captures right */
    snprintf(in, sizeof(in), "%s\n  \r\n\t %s%s\n%s\n\n%s\r\n%s\n", r1, r2, r3, r4, r5, r6);
    /* the captures unescaped: \" and \\ in the uid; a control character (\n) reads as U+FFFD */
    snprintf(exp, sizeof(exp), "%s t=ADDED n=a ns=ns1 u=u\"1\\ rv=10\n%s t=MODIFIED n=b rv=11\n%s t=DELETED n=a ns=ns1 rv=12\n"
             "%s t=BOOKMARK rv=13\n%s t=ERROR\n%s t=ADDED n=a\xEF\xBF\xBD rv=14\n", r1, r2, r3, r4, r5, r6);
    sc_all(0, 8192, 128, in, 0, exp);
    /* records larger than ev_cap: rec_over, yet the captures are right */
    snprintf(exp, sizeof(exp), "OVER t=ADDED n=a ns=ns1 u=u\"1\\ rv=10\nOVER t=MODIFIED n=b rv=11\nOVER t=DELETED n=a ns=ns1 rv=12\n"
             "OVER t=BOOKMARK rv=13\nOVER t=ERROR\nOVER t=ADDED n=a\xEF\xBF\xBD rv=14\n");
    sc_all(0, 40, 128, in, 0, exp);
    /* a record of exactly ev_cap bytes still fits */
    sc_all(0, strlen(r2), 128, r2, 0, 0);
    {
        static scanner x;
        static char out[4096];
        sc_init(&x, 0, strlen(r2), 128);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK(strncmp(out, "OVER", 4) != 0);
        sc_init(&x, 0, strlen(r2) - 1, 128);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK(strncmp(out, "OVER", 4) == 0);
    }
    /* a capture longer than its buffer is marked cut (ccap 4: 3 bytes + NUL) */
    sc_all(0, 8192, 4, r2, 0, 0);
    {
        static scanner x;
        static char out[4096];
        sc_init(&x, 0, 8192, 4);
        CHECK_INT(sc_run(&x, r2, strlen(r2), 0, 0, out, sizeof(out)), 0);
        CHECK_INT(x.s.cover[KINF__CAP_TYPE], 1); CHECK_STR(x.cb[KINF__CAP_TYPE], "MOD");
        CHECK_INT(x.s.cover[KINF__CAP_NAME], 0); CHECK_STR(x.cb[KINF__CAP_NAME], "b");
        CHECK_INT(x.s.cover[KINF__CAP_RV], 0); CHECK_STR(x.cb[KINF__CAP_RV], "11");
        /* captures of one record do not leak into the next */
        sc_init(&x, 0, 8192, 128);
        snprintf(in, sizeof(in), "%s%s", r1, r4);
        CHECK_INT(sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out)), 0);
        CHECK_INT(x.s.cset[KINF__CAP_NAME], 0); CHECK_INT(x.s.cset[KINF__CAP_NS], 0); CHECK_INT(x.s.cset[KINF__CAP_UID], 0);
    }
    /* every number and literal form JSON allows */
    sc_all(0, 8192, 128, "{\"a\":[0,-0,1,-1,10,0.5,-0.5e-3,1E+2,1e2,123.456E7,true,false,null,\"\\u00AfX\\b\\f\\n\\r\\t\\/\\\\\\\"\"]}", 0,
           "{\"a\":[0,-0,1,-1,10,0.5,-0.5e-3,1E+2,1e2,123.456E7,true,false,null,\"\\u00AfX\\b\\f\\n\\r\\t\\/\\\\\\\"\"]}\n");
    /* the same deep down (the fast loop), and a close straight back to the member level */
    sc_all(0, 8192, 128, "{\"object\":{\"spec\":{\"x\":{\"y\":{\"a\":[0,-0,1,-1,10,0.5,-0.5e-3,1E+2,1e2,123.456E7,true,false,null,\"\\u00AfX\\b\\f\\n\\r\\t\\/\\\\\\\"\",{},[],[{}],{\"k\":[]}] , \"b\" : { } }}}}}", 0,
           "{\"object\":{\"spec\":{\"x\":{\"y\":{\"a\":[0,-0,1,-1,10,0.5,-0.5e-3,1E+2,1e2,123.456E7,true,false,null,\"\\u00AfX\\b\\f\\n\\r\\t\\/\\\\\\\"\",{},[],[{}],{\"k\":[]}] , \"b\" : { } }}}}}\n");
    sc_all(1, 8192, 128, "{\"items\":[{\"spec\":{\"x\":{\"a\":[1,2.5e1,\"s\\\"\",null,{\"q\":true}]},\"y\":{}},\"metadata\":{\"labels\":{\"k\":\"v\"},\"name\":\"n\"}}],\"metadata\":{\"resourceVersion\":\"3\"}}", 0,
           "{\"spec\":{\"x\":{\"a\":[1,2.5e1,\"s\\\"\",null,{\"q\":true}]},\"y\":{}},\"metadata\":{\"labels\":{\"k\":\"v\"},\"name\":\"n\"}} n=n\nLIST rv=3 root_done=1");
    /* a long key is not mistaken for a known one; a container where a string is expected is not captured */
    sc_all(0, 8192, 128, "{\"typeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\":\"A\",\"type\":{\"x\":\"B\"},\"object\":{\"metadata\":{\"name\":[\"c\"],\"resourceVersion\":7}}}",
           0, "{\"typeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\":\"A\",\"type\":{\"x\":\"B\"},\"object\":{\"metadata\":{\"name\":[\"c\"],\"resourceVersion\":7}}} rv=7\n");
    /* list bodies: items framed, list metadata captured before or after the items */
    {
        const char* i1 = "{\"metadata\":{\"name\":\"a\",\"namespace\":\"n\",\"resourceVersion\":\"5\",\"uid\":\"x\"},\"spec\":{\"items\":[{\"metadata\":{\"name\":\"inner\"}}]}}";
        const char* i2 = "{\"metadata\":{\"resourceVersion\":\"6\",\"name\":\"b\"},\"status\":{\"metadata\":{\"name\":\"no\"}}}";
        snprintf(in, sizeof(in), "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"100\",\"continue\":\"tok==\"},\n\"items\":[%s,\n %s]}\n", i1, i2);
        snprintf(exp, sizeof(exp), "%s n=a ns=n u=x rv=5\n%s n=b rv=6\nLIST rv=100 cont=tok== root_done=1", i1, i2);
        sc_all(1, 8192, 128, in, 0, exp);
        snprintf(in, sizeof(in), "{\"kind\":\"PodList\",\"items\":[%s,%s],\"metadata\":{\"continue\":\"\",\"resourceVersion\":\"101\",\"remainingItemCount\":0}}", i1, i2);
        snprintf(exp, sizeof(exp), "%s n=a ns=n u=x rv=5\n%s n=b rv=6\nLIST rv=101 cont= root_done=1", i1, i2);
        sc_all(1, 8192, 128, in, 0, exp);
        snprintf(exp, sizeof(exp), "OVER n=a ns=n u=x rv=5\nOVER n=b rv=6\nLIST rv=101 cont= root_done=1");
        sc_all(1, 30, 128, in, 0, exp);
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]}", 0, "LIST rv=7 root_done=1");
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":null}", 0, "LIST rv=7 root_done=1");
        /* not done before the root closes */
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]", 0, "LIST rv=7 root_done=0");
        /* trailing whitespace after the root is fine */
        sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"}} \r\n", 0, "LIST rv=7 root_done=1");
    }
    /* malformed framing */
    {
        static const char* watch_bad[] = {
            "garbage\n", "}", "]", "[1]", "\"str\"", "1", "null", "{\"type\" \"ADDED\"}", "{\"type\":\"AD\x01" "DED\"}",
            "{\"a\":1,}", "{\"a\":}", "{\"a\" : 1 : 2}", "{\"a\":1 \"b\":2}", "{]", "{\"a\":[1,]}", "{\"a\":[1 2]}",
            "{\"a\":\"x\"}}", "{\"a\":,1}", "{,}", "{\"a\":1}x", "{\"a\"\n\"b\"}", "{\"a\":\"tab\there\"}", "{1:2}",
            "{\"a\":[}", "{\"a\":{]}", "{\"a\":'x'}",
            /* the whole grammar: literals, numbers, escapes */
            "{\"a\":tru}", "{\"a\":nul}", "{\"a\":falsy}", "{\"a\":True}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":1e}",
            "{\"a\":.5}", "{\"a\":+1}", "{\"a\":1.5e+}", "{\"a\":0x1}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":\"\\u12\"}",
            "{\"a\\q\":1}", "{\"a\":truefalse}", "{\"a\":nullx}", 0 };
        static const char* list_bad[] = {
            "{\"items\":[]}{\"items\":[]}", "{\"items\":[]} x", "[]", "{\"items\":[{\"a\":1},]}", "{\"items\":[{\"a\":1}}", 0 };
        static scanner x;
        static char out[4096];
        for (i = 0; watch_bad[i]; i++) {
            sc_init(&x, 0, 8192, 128);
            if (!CHECK(sc_run(&x, watch_bad[i], strlen(watch_bad[i]), 0, 0, out, sizeof(out)) == 1)) { note("watch input %d: %s", i, watch_bad[i]); }
        }
        for (i = 0; list_bad[i]; i++) {
            sc_init(&x, 1, 8192, 128);
            if (!CHECK(sc_run(&x, list_bad[i], strlen(list_bad[i]), 0, 0, out, sizeof(out)) == 1)) { note("list input %d: %s", i, list_bad[i]); }
        }
        /* the same below depth 4, where the scanner checks the grammar in
           its fast loop: wrapped in five objects (watch) or three inside a
           list item (list), whole and split everywhere */
        for (i = 0; watch_bad[i]; i++) {
            if (watch_bad[i][0] != '{') { continue; }
            snprintf(in, sizeof(in), "{\"type\":\"ADDED\",\"object\":{\"spec\":{\"a\":{\"b\":{\"c\":%s}}}}}", watch_bad[i]);
            sc_init(&x, 0, 8192, 128);
            if (!CHECK(sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out)) == 1)) { note("deep watch input %d: %s", i, in); }
            sc_all(0, 8192, 128, in, 1, 0);
            snprintf(in, sizeof(in), "{\"items\":[{\"spec\":{\"a\":{\"b\":%s}}}]}", watch_bad[i]);
            sc_init(&x, 1, 8192, 128);
            if (!CHECK(sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out)) == 1)) { note("deep list input %d: %s", i, in); }
            sc_all(1, 8192, 128, in, 1, 0);
        }
        /* the same, byte by byte and split everywhere */
        sc_all(0, 8192, 128, "{\"a\":1}\ngarbage\n", 1, 0);
        sc_all(0, 8192, 128, "{\"type\":\"AD\nDED\"}", 1, 0);
        sc_all(1, 8192, 128, "{\"metadata\":{}}{", 1, 0);
    }
    /* depth: KINF_MAX_DEPTH - 1 containers are fine, one more is err 2 */
    for (i = 0; i < 2; i++) {
        static scanner x;
        static char out[4096];
        size_t o = 0;
        int d, want = KINF_MAX_DEPTH - 1 + i;
        for (d = 0; d < want; d++) { memcpy(in + o, d & 1 ? "[" : "{\"a\":", d & 1 ? 1 : 5); o += d & 1 ? 1 : 5; }
        in[o++] = '1';
        for (d = want - 1; d >= 0; d--) { in[o++] = d & 1 ? ']' : '}'; }
        in[o] = 0;
        sc_init(&x, 0, 8192, 128);
        CHECK_INT(sc_run(&x, in, o, 0, 0, out, sizeof(out)), (i ? 2 : 0));
        sc_all(0, 8192, 128, in, i ? 2 : 0, 0);
        sc_init(&x, 1, 8192, 128);
        CHECK_INT(sc_run(&x, in, o, 0, 0, out, sizeof(out)), (i ? 2 : 0));
    }
}
/* the scanner's captures hold their values unescaped */
static void test_unescape_captures(void) {
    static const struct { const char* json; const char* want; } cases[] = {
        { "p\\u0031", "p1" },
        { "\\u00e9\\u00C9", "\xC3\xA9\xC3\x89" },                  /* two bytes of UTF-8 */
        { "\\u20AC", "\xE2\x82\xAC" },                             /* three */
        { "x\\ud83d\\ude00y", "x\xF0\x9F\x98\x80y" },              /* a surrogate pair: four */
        { "\\uD83D\\uDE00", "\xF0\x9F\x98\x80" },
        { "\\ud83dx", "\xEF\xBF\xBDx" },                           /* a lone high surrogate is U+FFFD */
        { "a\\ud83d", "a\xEF\xBF\xBD" },                           /* at the end */
        { "\\ude00", "\xEF\xBF\xBD" },                             /* a lone low one */
        { "\\ud83d\\ud83d\\ude00", "\xEF\xBF\xBD\xF0\x9F\x98\x80" }, /* high, then a pair */
        { "\\ud83d\\u0041", "\xEF\xBF\xBD" "A" },
        { "\\ud83d\\n\\ude00", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" },
        { "\\u0000z", "\xEF\xBF\xBDz" },                           /* NUL and other controls are U+FFFD */
        { "\\b\\f\\n\\r\\t\\u001f", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" },
        { "\\\"\\\\\\/", "\"\\/" },
        { "\\u007f\\u0080", "\x7f\xC2\x80" },
        { "plain", "plain" },
    };
    static char in[1024], exp[2048];
    size_t i;
    g_test = "unescape_captures";
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(in, sizeof(in), "{\"type\":\"ADD\\u0045D\",\"object\":{\"metadata\":{\"name\":\"%s\",\"namespace\":\"n\\u0073\",\"uid\":\"%s\","
                 "\"resourceVersion\":\"1\\u0032\"}}}", cases[i].json, cases[i].json);
        snprintf(exp, sizeof(exp), "%s t=ADDED n=%s ns=ns u=%s rv=12\n", in, cases[i].want, cases[i].want);
        sc_all(0, 8192, 128, in, 0, exp);
    }
    /* a high surrogate that ends one capture does not pair with a low one in the next */
    sc_all(0, 8192, 128, "{\"object\":{\"metadata\":{\"name\":\"abc\\ud83d\",\"namespace\":\"abcdef\\ude00\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"abc\\ud83d\",\"namespace\":\"abcdef\\ude00\"}}} n=abc\xEF\xBF\xBD ns=abcdef\xEF\xBF\xBD\n");
    /* the list's resourceVersion and continue token too */
    sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"5\\u0030\",\"continue\":\"a\\/b\\u002b==\"},\"items\":[]}", 0,
           "LIST rv=50 cont=a/b+== root_done=1");
    /* the capacity is of the unescaped bytes (ccap 4: three and the NUL) */
    sc_all(0, 8192, 4, "{\"object\":{\"metadata\":{\"name\":\"\\u0061\\u0062\\u0063\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"\\u0061\\u0062\\u0063\"}}} n=abc\n");
    sc_all(0, 8192, 4, "{\"object\":{\"metadata\":{\"name\":\"\\u00e9a\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"\\u00e9a\"}}} n=\xC3\xA9" "a\n");
    sc_all(0, 8192, 4, "{\"object\":{\"metadata\":{\"name\":\"\\u00e9\\u00e9\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"\\u00e9\\u00e9\"}}} n=\xC3\xA9(cut)\n");
    sc_all(0, 8192, 5, "{\"object\":{\"metadata\":{\"name\":\"\\ud83d\\ude00\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"\\ud83d\\ude00\"}}} n=\xF0\x9F\x98\x80\n");
    sc_all(0, 8192, 4, "{\"object\":{\"metadata\":{\"name\":\"\\ud83d\\ude00\"}}}", 0,
           "{\"object\":{\"metadata\":{\"name\":\"\\ud83d\\ude00\"}}} n=\xEF\xBF\xBD(cut)\n");
    {
        /* a cut capture knows its whole unescaped length */
        static scanner x;
        static char out[1024];
        const char* ev = "{\"object\":{\"metadata\":{\"name\":\"\\u00e9\\u00e9\\u00e9\",\"resourceVersion\":\"abc\\u0064efg\"}}}";
        sc_init(&x, 0, 8192, 4);
        CHECK_INT(sc_run(&x, ev, strlen(ev), 0, 0, out, sizeof(out)), 0);
        CHECK_INT(x.s.cover[KINF__CAP_NAME], 1); CHECK_INT(x.s.clen[KINF__CAP_NAME] + x.s.ccut[KINF__CAP_NAME], 6);
        CHECK_INT(x.s.cover[KINF__CAP_RV], 1); CHECK_INT(x.s.clen[KINF__CAP_RV] + x.s.ccut[KINF__CAP_RV], 7);
    }
}
/* an element of a list's items that is not an object is an error (err 3) */
static void test_items_not_objects_scan(void) {
    static const char* not_obj[] = { "1", "\"a\"", "null", "[]", "true", "false", "-2.5e3", "[{\"metadata\":{}}]", "\"\\u0041\"", 0 };
    static char in[1024];
    int i;
    g_test = "items_not_objects_scan";
    for (i = 0; not_obj[i]; i++) {
        snprintf(in, sizeof(in), "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[%s]}", not_obj[i]);
        sc_all(1, 8192, 128, in, 3, 0);
        snprintf(in, sizeof(in), "{\"items\":[{\"metadata\":{\"name\":\"a\"}},%s,{\"metadata\":{\"name\":\"b\"}}],\"metadata\":{\"resourceVersion\":\"7\"}}", not_obj[i]);
        sc_all(1, 8192, 128, in, 3, 0);
    }
    /* a non-object followed by a grammar error: the first reason stays */
    sc_all(1, 8192, 128, "{\"items\":[1 2]}", 3, 0);
    /* objects only, or no items, are fine; arrays inside an item are not items */
    sc_all(1, 8192, 128, "{\"items\":[{\"a\":[1,\"b\",null,[]]},{}],\"metadata\":{\"resourceVersion\":\"7\",\"items\":[1]}}", 0, 0);
    sc_all(1, 8192, 128, "{\"items\":null,\"metadata\":{\"resourceVersion\":\"7\"}}", 0, 0);
    sc_all(1, 8192, 128, "{\"metadata\":{\"resourceVersion\":\"7\"},\"items\":[]}", 0, 0);
    /* a watch stream has no items */
    sc_all(0, 8192, 128, "{\"type\":\"ADDED\",\"items\":[1],\"object\":{\"items\":[1]}}", 0, 0);
}
/* s holds a byte >= 0x80 */
static int sc_high(const char* s) {
    while (*s && (uint8_t)*s < 0x80) { s++; }
    return *s != 0;
}
/* Tricky values deep in a record (where the fast loop, and with
   KINF_SCAN_STRUCTURAL the structural pass, take the bytes), after a
   string of every length from 0 to 64, so that each crosses the pass's
   64-byte blocks at every place; each whole, and for some lengths byte by
   byte and split at every offset: the same records, the same errors, on
   every path (build/unit, unit-nosimd and unit-struct hold the same
   expectations). */
static void test_scanner_blocks(void) {
    static const char* good[] = {
        "\"\\u00e9\\uD83D\\uDE00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"", "\"\\\\\\\\\\\\\\\"\\\\\"", "\"\\\\\"", "\"a\\\"b\\\"c\\\\\"",
        "\"\xc3\xa9\xf0\x9f\x98\x80\xe4\xb8\xad\"", "\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf\"", /* UTF-8, at its edges */
        "-0.5e+10", "123456789012345678901234567890", "0", "-0", "1E-7", "true", "false", "null",
        "{}", "[]", "[[[]]]", "{\"k\":{\"l\":[1,{\"m\":null}]}}", " \t\r\n[ 1 , \"x\" , { \"k\" : true } ] \n",
        "\"}]{[,:\"", "{\"\\\"}\":\"\\\\\"}", 0 };
    static const char* bad[] = {
        "\"\\x\"", "\"\\u12G4\"", "\"\\u12\"", "\"a\x01" "b\"", "\"tab\there\"", "\"\x1f\"", "tru", "nul", "truex", "nullx", "01", "1.", "-",
        "1e", "+1", ".5", "[1,]", "{\"a\"}", "{\"a\":1,}", "'x'", "\xc3\xa9", "[1 2]", "{\"a\" \"b\"}", "1\"x\"", "\\\"a\\\"",
        "{\"a\":1]", "[1}", "{,}", "[,1]", "\"a\"\"b\"", "{\"a\"::1}", "1 2", "\x7f", "\"\\\"", "{\"a\":1,2}", "{\"a\":1,[]}",
        "[\"a\":1]", "{\"a\":1:2}",
        /* bytes >= 0x80 that are not UTF-8: wrong, overlong, a surrogate, cut by the quote */
        "\"\xff\"", "\"\xc3(\"", "\"\xed\xa0\x80\"", "\"\x80\"", "\"\xc0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x82\"", 0 };
    static char in[1024], exp[1200], padv[80];
    static scanner x;
    static char out[4096];
    int pad, k, fails = 0, ngood = 0, nbad = 0;
    const char* tail = "\"0123456789012345678901234567890123456789012345678901234567890123456789\"";
    g_test = "scanner blocks";
    while (good[ngood]) { ngood++; }
    while (bad[nbad]) { nbad++; }
    for (pad = 0; pad <= 64; pad++) {
        memset(padv, 'p', (size_t)pad); padv[pad] = 0;
        for (k = 0; k < ngood + nbad; k++) {
            int isbad = k >= ngood, err;
            const char* v = isbad ? bad[k - ngood] : good[k];
            /* a string with bytes that are not UTF-8 is err 5, the rest err 1 */
            int want = isbad ? (v[0] == '"' && sc_high(v) ? 5 : 1) : 0;
            snprintf(in, sizeof(in), "{\"type\":\"ADDED\",\"object\":{\"spec\":{\"a\":{\"b\":{\"c\":[\"%s\",%s,%s,%s]}}}}}\n", padv, v, tail, tail);
            snprintf(exp, sizeof(exp), "%.*s t=ADDED\n", (int)strlen(in) - 1, in);
            if (pad % 16 == 5 || pad == 63) { sc_all(0, 8192, 128, in, want, isbad ? 0 : exp); continue; }
            sc_init(&x, 0, 8192, 128);
            err = sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out));
            if (err != want || (!isbad && strcmp(out, exp))) {
                if (!fails++) { note("pad %d value %s: err %d\n%s", pad, v, err, out); }
            }
            /* whitespace between its tokens is noted, so projection takes it out */
            if (!isbad && x.s.ws != (v[0] == ' ')) { /* the one value with whitespace outside strings starts with it */
                if (!fails++) { note("pad %d value %s: ws %d", pad, v, x.s.ws); }
            }
        }
    }
    CHECK_INT(fails, 0);
}

/* UTF-8 in strings (RFC 3629): the forms at the edges of each length, and
   what is not UTF-8 (overlong forms, surrogates, above U+10FFFF, F5..FF, a
   lone continuation byte, a sequence cut by the closing quote), in a
   captured name, a key at the member table's levels, a label value and a
   label key (the fast loop), the items of an array, a long string (the
   SIMD blocks and, with KINF_SCAN_STRUCTURAL, the structural pass), and a
   list item's name: each whole, byte by byte and split at every offset.
   The valid ones are kept byte for byte, captures included; the others
   fail with err 5, wherever the stream is split. */
static const char* const g_utf8_ok[] = {
    "\x7f", "\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", /* U+007F 0080 07FF 0800 FFFF 10000 10FFFF */
    "\xed\x9f\xbf", "\xee\x80\x80",                 /* U+D7FF and U+E000, either side of the surrogates */
    "Z\xc3\xbcrich \xe2\x9c\x93 \xf0\x9f\x98\x80",  /* Zürich ✓ 😀 */
    0 };
static const char* const g_utf8_bad[] = {
    "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xfe",         /* above U+10FFFF, bytes no sequence begins with */
    "\xed\xa0\x80", "\xed\xbf\xbf",                                 /* U+D800 and U+DFFF encoded */
    "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", /* overlong */
    "\x80", "\xbf", "a\x80z", "\xc3\xa9\x80",                       /* a continuation byte with no lead */
    "\xc3", "\xe2\x82", "\xf0\x9f\x98", "x\xe2",                    /* cut by the closing quote */
    "\xc3\xc3\xa9", "\xe2\x28\xa1", "\xf0\x9f\x98(",               /* a lead, or ASCII, where a continuation byte is due */
    0 };
static void test_utf8_scan(void) {
    static const char* const where[] = {
        /* watch: the captured name; a key in metadata; a label's value and key; an array's items; a long value */
        "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%s\",\"resourceVersion\":\"5\"}}}",
        "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"%s\":\"k\",\"name\":\"a\"}}}",
        "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"labels\":{\"city\":\"%s\",\"b\":\"c\"}}}}",
        "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"labels\":{\"%s\":\"v\"}}}}",
        "{\"type\":\"ADDED\",\"object\":{\"spec\":{\"l\":[\"x\",\"%s\",\"y\"],\"m\":{\"n\":[[\"%s\"]]}}}}",
        "{\"type\":\"ADDED\",\"object\":{\"spec\":{\"d\":{\"e\":\"0123456789012345678901234567890123456789012345678901234567890123456789%s"
        "0123456789012345678901234567890123456789012345678901234567890123456789\",\"f\":[\"%s\"]}}}}",
        /* list: an item's name, and a value deep in it */
        "{\"items\":[{\"metadata\":{\"name\":\"%s\"}},{\"spec\":{\"a\":{\"b\":[\"%s\"]}}}],\"metadata\":{\"resourceVersion\":\"3\"}}",
        0 };
    static char in[1024], exp[4096], rec[1024];
    int w, k, bad;
    g_test = "utf8 scan";
    for (w = 0; where[w]; w++) {
        int list = where[w][2] == 'i';
        for (bad = 0; bad < 2; bad++) {
            const char* const* t = bad ? g_utf8_bad : g_utf8_ok;
            for (k = 0; t[k]; k++) {
                snprintf(in, sizeof(in), where[w], t[k], t[k]);
                if (bad) { sc_all(list, 8192, 128, in, 5, 0); continue; }
                /* the records' bytes as they came, and the name captured as it is */
                if (!list) {
                    snprintf(exp, sizeof(exp), "%s t=ADDED%s%s%s\n", in, w == 0 ? " n=" : w == 1 || w == 2 || w == 3 ? " n=a" : "", w == 0 ? t[k] : "",
                             w == 0 ? " rv=5" : "");
                } else {
                    snprintf(rec, sizeof(rec), "{\"metadata\":{\"name\":\"%s\"}}", t[k]);
                    snprintf(exp, sizeof(exp), "%s n=%s\n{\"spec\":{\"a\":{\"b\":[\"%s\"]}}}\nLIST rv=3 root_done=1", rec, t[k], t[k]);
                }
                sc_all(list, 8192, 128, in, 0, exp);
            }
        }
    }
    /* after a record refused, a scanner started again (as the reflector does
       on its next connection) takes the next record whole */
    {
        static scanner x;
        static char out[4096];
        const char* next = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"n\xc3\xa9\",\"resourceVersion\":\"6\"}}}";
        for (k = 0; g_utf8_bad[k]; k++) {
            snprintf(in, sizeof(in), where[0], g_utf8_bad[k]);
            sc_init(&x, 0, 8192, 128);
            CHECK_INT(sc_run(&x, in, strlen(in), 0, 0, out, sizeof(out)), 5);
            kinf__scan_reset(&x.s, 0);
            CHECK_INT(sc_run(&x, next, strlen(next), 0, 0, out, sizeof(out)), 0);
            snprintf(exp, sizeof(exp), "%s t=ADDED n=n\xc3\xa9 rv=6\n", next);
            CHECK_STR(out, exp);
        }
    }
    /* a byte >= 0x80 outside a string is no token: err 1, as before */
    sc_all(0, 8192, 128, "{\"type\":\"ADDED\",\"object\":{\"a\":\xc3\xa9}}", 1, 0);
    sc_all(0, 8192, 128, "{\"type\":\"ADDED\",\"object\":{\"a\":{\"b\":{\"c\":{\"d\":\xc3\xa9}}}}}", 1, 0);
}
/* The structural pass takes a UTF-8 sequence that crosses from one 64-byte
   block into the next (its continuation bytes carried over), not stopping
   there: it gives the string back to the fast loop only at an error (the
   records are the same either way, so only where the pass stops shows it). */
static void test_utf8_struct_blocks(void) {
#if defined(KINF_SCAN_STRUCTURAL) && defined(__GNUC__) && !defined(KINF_NO_SIMD) && !defined(__OPTIMIZE_SIZE__) && \
    (defined(__SSE2__) || (defined(__aarch64__) && defined(__ARM_NEON)))
    static scanner x;
    static uint8_t b[256];
    size_t at, k, got;
    g_test = "utf8 struct blocks";
    for (at = 60; at <= 64; at++) { /* the sequence begins at 60 to 64: 4 bytes, cut by the block's end at 61, 62, 63 */
        int bad;
        for (bad = 0; bad < 2; bad++) {
            memset(b, 'a', sizeof(b));
            b[0] = '"';
            memcpy(b + at, bad ? "\xf0\x9f\x98\x28" : "\xf0\x9f\x98\x80", 4);
            b[80] = '"';
            for (k = 81; k + 4 <= sizeof(b); k += 4) { memcpy(b + k, ",\"x\"", 4); }
            sc_init(&x, 0, 8192, 128);
            x.s.depth = 6; x.s.arr[6] = 1; x.s.expect = KINF__X_VALUE_OR_END;
            got = kinf__scan_struct(&x.s, b, 0, sizeof(b), 5);
            if (!CHECK(bad ? got == 0 : got >= 128)) { note("sequence at %zu (%s): the pass stopped at %zu", at, bad ? "wrong" : "valid", got); }
        }
    }
#endif
}
