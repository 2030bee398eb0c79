/* field.inc.c - included by main.c: reading stored objects (>>field):
   kinf_field by path, values as text, members iterated, on the corpus too;
   and kinf_json_patch (>>jsonpatch), which walks with the same iterators.
   Uses corpus_subst from corpus.inc.c; corpus_add is snapshot.inc.c's too. */

static void test_field(void) {
    static const char js[] =
        "{\"a\":{\"b\":{\"c\":\"deep\"}},\"spe\":1,\"w\":\"},{[\\\"]\\\\\",\"spec\":{\"containers\":[{\"name\":\"c0\",\"image\":\"i0\"},"
        "{\"name\":\"c1\",\"ports\":[{\"p\":80},{\"p\":443}]}]},\"metadata\":{\"labels\":{\"app.kubernetes.io/name\":\"web\",\"x.y\":\"z\"}},"
        "\"s\":\"q\\\"uo\\\\te\\n\\u0041\\u00e9\\/\",\"n\":-12.5e3,\"t\":true,\"f\":false,\"z\":null,\"e\":\"\","
        "\"arr\":[1,\"tw]o\",[3],{\"four\":4}],\"obj\":{},\"last\":7}";
    kinf_object_t o;
    kinf_value_t v;
    char b[64];
    g_test = "field";
    memset(&o, 0, sizeof(o));
    o.json = js; o.json_len = strlen(js);
    CHECK(json_valid(js, strlen(js)));
#define FIELD(path, ty, text) do { int ok_ = kinf_field(&o, path, &v); \
    if (!check_(ok_ && v.type == (ty) && v.len == strlen(text) && !memcmp(v.ptr, text, v.len), __FILE__, __LINE__, path)) { \
        note("got %d type %d \"%.*s\"", ok_, (int)v.type, (int)v.len, v.ptr ? v.ptr : ""); } } while (0)
#define NOFIELD(path) do { int ok_ = kinf_field(&o, path, &v); \
    if (!check_(!ok_ && v.type == KINF_VNONE, __FILE__, __LINE__, "absent: " path)) { note("got type %d \"%.*s\"", (int)v.type, (int)v.len, v.ptr ? v.ptr : ""); } } while (0)
    FIELD("a.b.c", KINF_VSTRING, "deep");
    FIELD("a.b", KINF_VOBJECT, "{\"c\":\"deep\"}");
    FIELD("spe", KINF_VNUMBER, "1");
    FIELD("w", KINF_VSTRING, "},{[\\\"]\\\\");
    FIELD("spec.containers.1.name", KINF_VSTRING, "c1");
    FIELD("spec.containers.0.image", KINF_VSTRING, "i0");
    FIELD("spec.containers.1.ports.1.p", KINF_VNUMBER, "443");
    FIELD("spec.containers.1.ports", KINF_VARRAY, "[{\"p\":80},{\"p\":443}]");
    NOFIELD("spec.containers.2");
    NOFIELD("spec.containers.0.ports");
    NOFIELD("spec.containers.name");
    NOFIELD("spec.containers.-1");
    FIELD("metadata.labels.app\\.kubernetes\\.io/name", KINF_VSTRING, "web");
    {   /* a key written with escapes is reached by its unescaped name; the
           escaped text itself is not a name the key has */
        static const char ej[] = "{\"a\\u002fb\":\"x\",\"c\":{\"d\\\"e\":1,\"\\u00e9t\\u00e9\":[2]},\"p\\u0031\":3}";
        kinf_object_t eo;
        memset(&eo, 0, sizeof(eo));
        eo.json = ej; eo.json_len = strlen(ej);
        CHECK(json_valid(ej, strlen(ej)));
        CHECK(kinf_field(&eo, "a/b", &v) && v.len == 1 && v.ptr[0] == 'x');
        CHECK(kinf_field(&eo, "c.d\"e", &v) && v.type == KINF_VNUMBER && v.len == 1 && v.ptr[0] == '1');
        CHECK(kinf_field(&eo, "c.\xc3\xa9t\xc3\xa9.0", &v) && v.len == 1 && v.ptr[0] == '2');
        CHECK(kinf_field(&eo, "p1", &v) && v.len == 1 && v.ptr[0] == '3');
        CHECK(!kinf_field(&eo, "p\\u0031", &v) && !kinf_field(&eo, "a\\u002fb", &v));
    }
    FIELD("metadata.labels.x\\.y", KINF_VSTRING, "z");
    NOFIELD("metadata.labels.x.y");
    NOFIELD("metadata.labels.app");
    NOFIELD("nope"); NOFIELD("a.nope"); NOFIELD("a.b.c.d"); NOFIELD("sp"); NOFIELD("specx"); NOFIELD("obj.x"); NOFIELD("n.x"); NOFIELD("arr.4");
    FIELD("s", KINF_VSTRING, "q\\\"uo\\\\te\\n\\u0041\\u00e9\\/");
    FIELD("n", KINF_VNUMBER, "-12.5e3");
    FIELD("t", KINF_VBOOL, "true");
    FIELD("f", KINF_VBOOL, "false");
    FIELD("z", KINF_VNULL, "null");
    FIELD("e", KINF_VSTRING, "");
    FIELD("arr.0", KINF_VNUMBER, "1");
    FIELD("arr.1", KINF_VSTRING, "tw]o");
    FIELD("arr.2", KINF_VARRAY, "[3]");
    FIELD("arr.2.0", KINF_VNUMBER, "3");
    FIELD("arr.3.four", KINF_VNUMBER, "4");
    FIELD("obj", KINF_VOBJECT, "{}");
    FIELD("last", KINF_VNUMBER, "7");
    FIELD("", KINF_VOBJECT, js);
    /* kinf_field_str: unescaped (\u00e9 as UTF-8), cut, full length returned */
    CHECK_INT(kinf_field_str(&o, "s", b, sizeof(b)), 12);
    CHECK_STR(b, "q\"uo\\te\nA\xc3\xa9/");
    CHECK_INT(kinf_field_str(&o, "w", b, sizeof(b)), 7); CHECK_STR(b, "},{[\"]\\");
    CHECK_INT(kinf_field_str(&o, "a.b.c", b, 3), 4); CHECK_STR(b, "de");
    CHECK_INT(kinf_field_str(&o, "a.b.c", b, 1), 4); CHECK_STR(b, "");
    CHECK_INT(kinf_field_str(&o, "a.b.c", b, 0), 4); /* as snprintf: the length, nothing written */
    CHECK_INT(kinf_field_str(&o, "n", b, sizeof(b)), 7); CHECK_STR(b, "-12.5e3");
    CHECK_INT(kinf_field_str(&o, "t", b, sizeof(b)), 4); CHECK_STR(b, "true");
    CHECK_INT(kinf_field_str(&o, "z", b, sizeof(b)), 4); CHECK_STR(b, "null");
    CHECK_INT(kinf_field_str(&o, "a.b", b, sizeof(b)), 12); CHECK_STR(b, "{\"c\":\"deep\"}");
    strcpy(b, "junk");
    CHECK_INT(kinf_field_str(&o, "nope", b, sizeof(b)), 0); CHECK_STR(b, "");
    CHECK_INT(kinf_field_str(&o, "e", b, sizeof(b)), 0); CHECK_STR(b, "");
    CHECK_INT(kinf_field(0, "a", &v), 0);
    CHECK_INT(kinf_field(&o, 0, &v), 0);
    CHECK_INT(kinf_field(&o, "a", 0), 0);
    /* a path segment longer than 255 bytes is absent, not an overflow */
    {
        char path[600];
        memset(path, 'x', sizeof(path) - 1); path[sizeof(path) - 1] = 0;
        CHECK_INT(kinf_field(&o, path, &v), 0);
    }
#undef FIELD
#undef NOFIELD
}

/* ================================================================== reading objects: text and members */
/* a value of a caller's own, copied to an exact-size heap block so that the
   sanitizer build sees any read past its end */
static kinf_value_t own_value(kinf_vtype_t type, const char* text, size_t n) {
    kinf_value_t v;
    char* m = (char*)malloc(n ? n : 1);
    if (m && n) { memcpy(m, text, n); }
    memset(&v, 0, sizeof(v)); /* plain 0: JSON text */
    v.type = type; v.ptr = m; v.len = n;
    return v;
}
static void own_free(kinf_value_t* v) { free((void*)v->ptr); v->ptr = 0; }
/* kinf_value_str of a string's raw text (as it stands between the quotes) */
static size_t vstr(const char* raw, char* buf, size_t cap) {
    kinf_value_t v = own_value(KINF_VSTRING, raw, strlen(raw));
    size_t n = kinf_value_str(&v, buf, cap);
    own_free(&v);
    return n;
}
static void test_value_str(void) {
    static const char js[] = "{\"e\":\"\",\"s\":\"abc\",\"z\":null,\"o\":{},\"a\":[],\"u\":\"\\u00e9t\\u00e9\",\"n\":0}";
    kinf_object_t o;
    kinf_value_t v;
    char b[64];
    size_t i;
    g_test = "value_str";
    memset(&o, 0, sizeof(o));
    o.json = js; o.json_len = strlen(js);
    o.name = "p"; o.namespace_ = ""; o.uid = ""; o.resource_version = "7";
    /* identity fields are text already (unescaped from the JSON): a backslash
       or a quote in them is itself, through kinf_field_str and the members */
    {
        kinf_object_t io;
        kinf_members_t it;
        kinf_value_t k;
        int seen = 0;
        memset(&io, 0, sizeof(io));
        io.json = "{}"; io.json_len = 2;
        io.name = "b\\ig\\u0041"; io.namespace_ = "n\"s"; io.uid = "u"; io.resource_version = "9";
        CHECK_INT(kinf_field_str(&io, "metadata.name", b, sizeof(b)), 10); CHECK_STR(b, "b\\ig\\u0041");
        CHECK_INT(kinf_field_str(&io, "metadata.namespace", b, sizeof(b)), 3); CHECK_STR(b, "n\"s");
        CHECK(kinf_field(&io, "metadata.name", &v) && v.plain == 1);
        CHECK(kinf_field(&o, "s", &v) && v.plain == 0);
        kinf_members(&io, "metadata", &it);
        while (kinf_member_next(&it, &k, &v)) {
            if (k.len == 4 && !memcmp(k.ptr, "name", 4)) { seen = kinf_value_str(&v, b, sizeof(b)) == 10 && !strcmp(b, "b\\ig\\u0041"); }
        }
        CHECK(seen);
    }
    /* missing and empty: both 0 from kinf_field_str, kinf_field_has tells them apart */
    CHECK_INT(kinf_field_has(&o, "e"), 1); CHECK_INT(kinf_field_str(&o, "e", b, sizeof(b)), 0);
    CHECK_INT(kinf_field_has(&o, "nope"), 0); CHECK_INT(kinf_field_str(&o, "nope", b, sizeof(b)), 0);
    CHECK_INT(kinf_field_has(&o, "z"), 1); CHECK_INT(kinf_field_has(&o, "o"), 1); CHECK_INT(kinf_field_has(&o, "a"), 1);
    CHECK_INT(kinf_field_has(&o, "n"), 1); CHECK_INT(kinf_field_has(&o, "s.x"), 0);
    CHECK_INT(kinf_field_has(0, "s"), 0); CHECK_INT(kinf_field_has(&o, 0), 0);
    /* identity: answered from the object's fields; an empty namespace or uid is absent */
    CHECK_INT(kinf_field_has(&o, "metadata.name"), 1); CHECK_INT(kinf_field_has(&o, "metadata.resourceVersion"), 1);
    CHECK_INT(kinf_field_has(&o, "metadata.namespace"), 0); CHECK_INT(kinf_field_has(&o, "metadata.uid"), 0);
    CHECK_INT(kinf_field_has(&o, "metadata.nam"), 0); CHECK_INT(kinf_field_has(&o, "metadata"), 0);
    /* the snprintf contract: cap 0 writes nothing (buf may be NULL), cap 1 the NUL, a cut says so */
    strcpy(b, "junk");
    CHECK_INT(kinf_field_str(&o, "s", b, 0), 3); CHECK_STR(b, "junk");
    CHECK_INT(kinf_field_str(&o, "s", 0, 0), 3);
    CHECK_INT(kinf_field_str(&o, "s", 0, 10), 3);        /* no buffer: nothing written */
    CHECK_INT(kinf_field_str(&o, "s", b, 1), 3); CHECK_STR(b, "");
    CHECK_INT(kinf_field_str(&o, "s", b, 3), 3); CHECK_STR(b, "ab");
    CHECK_INT(kinf_field_str(&o, "s", b, 4), 3); CHECK_STR(b, "abc");
    CHECK_INT(kinf_field_str(&o, "u", b, sizeof(b)), 5); CHECK_STR(b, "\xc3\xa9t\xc3\xa9");
    /* the cut never splits a character: "é" needs two bytes */
    CHECK_INT(kinf_field_str(&o, "u", b, 2), 5); CHECK_STR(b, "");
    CHECK_INT(kinf_field_str(&o, "u", b, 3), 5); CHECK_STR(b, "\xc3\xa9");
    CHECK_INT(kinf_field_str(&o, "u", b, 4), 5); CHECK_STR(b, "\xc3\xa9t");
    CHECK_INT(kinf_field_str(&o, "u", b, 5), 5); CHECK_STR(b, "\xc3\xa9t"); /* not the first byte of the second */
    CHECK_INT(kinf_field_str(&o, "o", b, sizeof(b)), 2); CHECK_STR(b, "{}");
    CHECK_INT(kinf_field_str(&o, "z", b, sizeof(b)), 4); CHECK_STR(b, "null");
    CHECK_INT(kinf_field_str(&o, "metadata.resourceVersion", b, sizeof(b)), 1); CHECK_STR(b, "7");
    /* full JSON unescaping */
    CHECK_INT(vstr("\\\"\\\\\\/\\b\\f\\n\\r\\t", b, sizeof(b)), 8); CHECK_STR(b, "\"\\/\b\f\n\r\t");
    CHECK_INT(vstr("\\u0041\\u00e9\\u20ac", b, sizeof(b)), 6); CHECK_STR(b, "A\xc3\xa9\xe2\x82\xac");
    CHECK_INT(vstr("\\u07FF\\u0800\\uFFFF", b, sizeof(b)), 8); CHECK_STR(b, "\xdf\xbf" "\xe0\xa0\x80" "\xef\xbf\xbf");
    CHECK_INT(vstr("\\ud83d\\ude00", b, sizeof(b)), 4); CHECK_STR(b, "\xf0\x9f\x98\x80");      /* U+1F600, a pair */
    CHECK_INT(vstr("\\uD800\\uDC00\\uDBFF\\uDFFF", b, sizeof(b)), 8); CHECK_STR(b, "\xf0\x90\x80\x80" "\xf4\x8f\xbf\xbf");
    /* lone surrogates and malformed escapes read as U+FFFD; what follows is kept */
    CHECK_INT(vstr("a\\ud83dz", b, sizeof(b)), 5); CHECK_STR(b, "a\xef\xbf\xbdz");
    CHECK_INT(vstr("\\ude00", b, sizeof(b)), 3); CHECK_STR(b, "\xef\xbf\xbd");
    CHECK_INT(vstr("\\ud83d\\u0041", b, sizeof(b)), 4); CHECK_STR(b, "\xef\xbf\xbd" "A");
    CHECK_INT(vstr("\\ud83d\\ud83d\\ude00", b, sizeof(b)), 7); CHECK_STR(b, "\xef\xbf\xbd\xf0\x9f\x98\x80");
    CHECK_INT(vstr("\\ud83d", b, sizeof(b)), 3); CHECK_STR(b, "\xef\xbf\xbd");
    CHECK_INT(vstr("\\ud83d\\", b, sizeof(b)), 6); CHECK_STR(b, "\xef\xbf\xbd\xef\xbf\xbd");
    CHECK_INT(vstr("\\x", b, sizeof(b)), 3); CHECK_STR(b, "\xef\xbf\xbd");
    CHECK_INT(vstr("\\u12", b, sizeof(b)), 5); CHECK_STR(b, "\xef\xbf\xbd" "12");
    CHECK_INT(vstr("\\u12g4", b, sizeof(b)), 7); CHECK_STR(b, "\xef\xbf\xbd" "12g4");
    CHECK_INT(vstr("ab\\", b, sizeof(b)), 5); CHECK_STR(b, "ab\xef\xbf\xbd");
    /* \u0000 is a NUL byte, counted */
    CHECK_INT(vstr("a\\u0000b", b, sizeof(b)), 3); CHECK(b[0] == 'a' && b[1] == 0 && b[2] == 'b' && b[3] == 0);
    /* raw UTF-8 passes through, and is not cut inside a sequence either */
    CHECK_INT(vstr("\xe2\x82\xac" "x", b, sizeof(b)), 4); CHECK_STR(b, "\xe2\x82\xac" "x");
    CHECK_INT(vstr("\xe2\x82\xac" "x", b, 3), 4); CHECK_STR(b, "");
    CHECK_INT(vstr("x\xf0\x9f\x98\x80", b, 5), 5); CHECK_STR(b, "x");
    CHECK_INT(vstr("x\xf0\x9f\x98\x80", b, 6), 5); CHECK_STR(b, "x\xf0\x9f\x98\x80");
    CHECK_INT(vstr("\x80\xc3", b, sizeof(b)), 2);                 /* stray bytes: one at a time */
    /* every cap for a mixed string: the result is a prefix of whole characters */
    {
        static const char raw[] = "a\\u00e9\\ud83d\\ude00\xe2\x82\xac\\n";
        static const char want[] = "a\xc3\xa9\xf0\x9f\x98\x80\xe2\x82\xac\n";
        static const size_t cuts[] = { 0, 1, 1, 3, 3, 3, 3, 7, 7, 7, 10, 11 }; /* bytes written for cap = index + 1 */
        int bad = 0;
        for (i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
            memset(b, 'Z', sizeof(b));
            if (vstr(raw, b, i + 1) != sizeof(want) - 1 || strlen(b) != cuts[i] || memcmp(b, want, cuts[i])) { bad++; note("cap %zu: %zu bytes", i + 1, strlen(b)); }
        }
        CHECK_INT(bad, 0);
    }
    /* other values are their JSON text; nothing for none */
    v = own_value(KINF_VOBJECT, "{\"k\":\"\\u00e9\"}", 14);
    CHECK_INT(kinf_value_str(&v, b, sizeof(b)), 14); CHECK_STR(b, "{\"k\":\"\\u00e9\"}");
    own_free(&v);
    v = own_value(KINF_VNUMBER, "-1.5e3", 6);
    CHECK_INT(kinf_value_str(&v, b, sizeof(b)), 6); CHECK_STR(b, "-1.5e3");
    own_free(&v);
    memset(&v, 0, sizeof(v)); v.type = KINF_VNONE; v.ptr = "x"; v.len = 1;
    strcpy(b, "junk");
    CHECK_INT(kinf_value_str(&v, b, sizeof(b)), 0); CHECK_STR(b, "");
    CHECK_INT(kinf_value_str(0, b, sizeof(b)), 0);
    /* every prefix of escapes, in an exact-size block: bounded (the sanitizer build checks) */
    {
        static const char raw[] = "\\ud83d\\ude00\\u00e9\\\"\\n\\x";
        int bad = 0;
        for (i = 0; i <= sizeof(raw) - 1; i++) {
            kinf_value_t p = own_value(KINF_VSTRING, raw, i);
            size_t n = kinf_value_str(&p, b, sizeof(b));
            if (n != strlen(b) || n > 3 * i) { bad++; }
            own_free(&p);
        }
        CHECK_INT(bad, 0);
    }
}

/* Checks an iteration of v against jsmn's token i of s (the same text, so
   the views must be the very bytes jsmn found); returns the token after it. */
static int members_match(const char* s, int nt, int i, const kinf_value_t* v, int* bad, int* nvals) {
    const jsmntok_t* t = &g_ct[i];
    kinf_members_t it;
    kinf_value_t k, x;
    int j = i + 1, m;
    kinf_vtype_t want = t->type == JSMN_OBJECT ? KINF_VOBJECT : t->type == JSMN_ARRAY ? KINF_VARRAY : t->type == JSMN_STRING ? KINF_VSTRING
                      : s[t->start] == 'n' ? KINF_VNULL : (s[t->start] == 't' || s[t->start] == 'f') ? KINF_VBOOL : KINF_VNUMBER;
    (*nvals)++;
    if (v->type != want || v->ptr != s + t->start || v->len != (size_t)(t->end - t->start)) {
        if (!(*bad)++) { note("token %d: type %d/%d, \"%.*s\"", i, (int)v->type, (int)want, (int)v->len, v->ptr ? v->ptr : ""); }
        return kinf__tok_skip(g_ct, nt, i);
    }
    if (want != KINF_VOBJECT && want != KINF_VARRAY) {
        if (kinf_members_of(v, &it) || kinf_member_next(&it, &k, &x)) { (*bad)++; }
        return i + 1;
    }
    if (!kinf_members_of(v, &it) || it.type != want) { (*bad)++; return kinf__tok_skip(g_ct, nt, i); }
    for (m = 0; m < t->size && j < nt; m++) {
        if (!kinf_member_next(&it, &k, &x) || it.index != (size_t)m) { (*bad)++; return kinf__tok_skip(g_ct, nt, i); }
        if (want == KINF_VOBJECT) {
            if (k.type != KINF_VSTRING || k.ptr != s + g_ct[j].start || k.len != (size_t)(g_ct[j].end - g_ct[j].start)) { (*bad)++; }
            j++;
        } else if (k.type != KINF_VNONE || k.ptr) {
            (*bad)++;
        }
        j = members_match(s, nt, j, &x, bad, nvals);
    }
    if (kinf_member_next(&it, &k, &x) || kinf_member_next(&it, &k, &x) || k.type != KINF_VNONE || x.type != KINF_VNONE) { (*bad)++; }
    return j;
}
/* stores a file of the corpus with a unique identity as ns<idx%5>/obj-<idx> */
static int corpus_add(kinf_informer_t* inf, const char* file, int idx, const char* from, const char* to) {
    static char sub[1 << 18], ed[1 << 18];
    char path[4096];
    size_t n;
    char* src;
    const char* at;
    snprintf(path, sizeof(path), "%s/%s", corpus_dir(), file);
    src = read_file(path, &n);
    if (!src) { return 0; }
    if (from && (at = strstr(src, from)) != 0) { /* replace a piece of the source */
        n = (size_t)snprintf(ed, sizeof(ed), "%.*s%s%s", (int)(at - src), src, to, at + strlen(from));
        free(src);
        src = strdup(ed);
    }
    if (!src || !corpus_subst(src, n, idx, sub)) { free(src); return 0; }
    free(src);
    return added_by(inf, sub, 0) == 0;
}
static size_t key_is(const kinf_value_t* k, const char* want) {
    char b[256];
    return kinf_value_str(k, b, sizeof(b)) == strlen(want) && !strcmp(b, want);
}
static void test_members(void) {
    static const char js[] =
        "{\"a\":{\"b\":{\"c\":\"deep\"}},\"e\":{},\"ea\":[],\"arr\":[1,\"tw]o\",[3,[]],{\"four\":4,\"x\":{}},null,true,-2.5],"
        "\"spec\":{\"containers\":[{\"name\":\"c0\",\"image\":\"i0\"},{\"name\":\"c1\",\"ports\":[{\"p\":80},{\"p\":443}]}]},"
        "\"metadata\":{\"labels\":{\"app.kubernetes.io/name\":\"web\",\"x\":\"\"}},\"s\":\"str\",\"last\":7}";
    static const char* const root_keys[] = { "a", "e", "ea", "arr", "spec", "metadata", "s", "last" };
    static const kinf_vtype_t arr_types[] = { KINF_VNUMBER, KINF_VSTRING, KINF_VARRAY, KINF_VOBJECT, KINF_VNULL, KINF_VBOOL, KINF_VNUMBER };
    kinf_object_t o;
    kinf_members_t it, in;
    kinf_value_t k, v, w;
    char b[256];
    int n, bad;
    size_t i;
    g_test = "members";
    memset(&o, 0, sizeof(o));
    o.json = js; o.json_len = strlen(js);
    o.name = "p"; o.namespace_ = "ns"; o.uid = "u1"; o.resource_version = "5";
    CHECK(json_valid(js, strlen(js)));
    /* the root's members in order */
    CHECK_INT(kinf_members(&o, "", &it), 1); CHECK_INT(it.type, KINF_VOBJECT);
    for (n = 0, bad = 0; kinf_member_next(&it, &k, &v); n++) {
        if (n >= 8 || !key_is(&k, root_keys[n]) || it.index != (size_t)n) { bad++; }
    }
    CHECK_INT(n, 8); CHECK_INT(bad, 0);
    CHECK_INT(kinf_member_next(&it, &k, &v), 0); CHECK_INT(k.type, KINF_VNONE); CHECK_INT(v.type, KINF_VNONE); /* stays at the end */
    /* an array's elements: no key, the position in index, each type */
    CHECK_INT(kinf_members(&o, "arr", &it), 1); CHECK_INT(it.type, KINF_VARRAY);
    for (n = 0, bad = 0; kinf_member_next(&it, &k, &v); n++) {
        if (n >= 7 || k.type != KINF_VNONE || v.type != arr_types[n] || it.index != (size_t)n) { bad++; }
        if (n == 1) { CHECK_INT(kinf_value_str(&v, b, sizeof(b)), 4); CHECK_STR(b, "tw]o"); }
        if (n == 2) {   /* nested: from the value */
            CHECK_INT(kinf_members_of(&v, &in), 1);
            CHECK(kinf_member_next(&in, 0, &w) && w.type == KINF_VNUMBER && w.len == 1 && w.ptr[0] == '3');
            CHECK(kinf_member_next(&in, 0, &w) && w.type == KINF_VARRAY && w.len == 2);
            CHECK_INT(kinf_member_next(&in, 0, &w), 0);
        }
        if (n == 6) { CHECK_INT(v.len, 4); }
    }
    CHECK_INT(n, 7); CHECK_INT(bad, 0);
    /* labels: keys with dots and slashes, an empty value */
    CHECK_INT(kinf_members(&o, "metadata.labels", &it), 1);
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "app.kubernetes.io/name") && key_is(&v, "web"));
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "x") && v.type == KINF_VSTRING && v.len == 0);
    CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    /* containers: the elements, then each one's members */
    CHECK_INT(kinf_members(&o, "spec.containers", &it), 1);
    for (n = 0; kinf_member_next(&it, 0, &v); n++) {
        int m = 0;
        CHECK_INT(kinf_members_of(&v, &in), 1);
        while (kinf_member_next(&in, &k, &w)) {
            if (m++ == 0) { CHECK(key_is(&k, "name")); snprintf(b, sizeof(b), "c%d", n); CHECK(key_is(&w, b)); }
        }
        CHECK_INT(m, 2);
    }
    CHECK_INT(n, 2);
    /* empty containers yield nothing, and say so as 1 */
    CHECK_INT(kinf_members(&o, "e", &it), 1); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    CHECK_INT(kinf_members(&o, "ea", &it), 1); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    CHECK_INT(kinf_members(&o, "arr.3.x", &it), 1); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    CHECK_INT(kinf_members(&o, "arr.2.1", &it), 1); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    /* not a container, or missing: 0, and the iterator yields nothing */
    CHECK_INT(kinf_members(&o, "s", &it), 0); CHECK_INT(it.type, KINF_VNONE); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    CHECK_INT(kinf_members(&o, "last", &it), 0); CHECK_INT(kinf_members(&o, "arr.4", &it), 0);
    CHECK_INT(kinf_members(&o, "nope", &it), 0); CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    CHECK_INT(kinf_members(&o, "metadata.name", &it), 0);  /* an identity field is a string */
    CHECK_INT(kinf_members(0, "", &it), 0); CHECK_INT(kinf_members(&o, 0, &it), 0); CHECK_INT(kinf_members(&o, "", 0), 0);
    CHECK_INT(kinf_member_next(0, &k, &v), 0); CHECK_INT(kinf_members_of(0, &it), 0); CHECK_INT(kinf_members_of(&v, 0), 0);
    /* metadata: the JSON's members, then the identity it lacks */
    CHECK_INT(kinf_members(&o, "metadata", &it), 1);
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "labels") && v.type == KINF_VOBJECT);
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "name") && key_is(&v, "p"));
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "namespace") && key_is(&v, "ns"));
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "uid") && key_is(&v, "u1"));
    CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "resourceVersion") && key_is(&v, "5") && it.index == 4);
    CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    /* a caller's own text: whitespace between tokens is fine */
    {
        static const char ws[] = " { \"a\" : 1 ,\n\"b\"\t: [ 1 , \"x\" ] , \"c\":{ } }\n";
        v = own_value(KINF_VOBJECT, ws, sizeof(ws) - 1);
    }
    v.ptr++; v.len--;
    CHECK_INT(kinf_members_of(&v, &it), 1);
    CHECK(kinf_member_next(&it, &k, &w) && key_is(&k, "a") && w.type == KINF_VNUMBER && w.len == 1);
    CHECK(kinf_member_next(&it, &k, &w) && key_is(&k, "b") && w.type == KINF_VARRAY);
    CHECK(kinf_members_of(&w, &in) && kinf_member_next(&in, 0, &w) && w.len == 1 && kinf_member_next(&in, 0, &w) && key_is(&w, "x") && !kinf_member_next(&in, 0, &w));
    CHECK(kinf_member_next(&it, &k, &w) && key_is(&k, "c") && w.type == KINF_VOBJECT && w.len == 3);
    CHECK_INT(kinf_member_next(&it, &k, &w), 0);
    v.ptr--; own_free(&v);
    /* malformed text stops the iteration where it breaks, and reads nothing outside the value */
    {
        static const struct { const char* text; kinf_vtype_t type; int start, members; } cases[] = {
            { "{\"a\":}", KINF_VOBJECT, 1, 0 }, { "{\"a\" 1}", KINF_VOBJECT, 1, 0 }, { "{\"a\":1 \"b\":2}", KINF_VOBJECT, 1, 1 },
            { "{\"a\":\"x}", KINF_VOBJECT, 1, 0 }, { "{\"a\":[1}", KINF_VOBJECT, 1, 0 }, { "{a:1}", KINF_VOBJECT, 1, 0 },
            { "[1,]", KINF_VARRAY, 1, 1 }, { "[,1]", KINF_VARRAY, 1, 0 }, { "[1,2", KINF_VARRAY, 0, 0 }, { "{\"a\":1]", KINF_VOBJECT, 0, 0 },
            { "{\"a\":1 x\"b\":2}", KINF_VOBJECT, 1, 1 }, { "[1 22]", KINF_VARRAY, 1, 1 },
            { "[\"\\\"]", KINF_VARRAY, 1, 0 }, { "{", KINF_VOBJECT, 0, 0 }, { "", KINF_VOBJECT, 0, 0 }, { "{}", KINF_VARRAY, 0, 0 },
        };
        bad = 0;
        for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            kinf_value_t c = own_value(cases[i].type, cases[i].text, strlen(cases[i].text));
            int st = kinf_members_of(&c, &it);
            for (n = 0; kinf_member_next(&it, &k, &w) && n < 10; n++) {}
            if (st != cases[i].start || n != cases[i].members) { bad++; note("\"%s\": %d, %d members", cases[i].text, st, n); }
            own_free(&c);
        }
        CHECK_INT(bad, 0);
    }
    /* every prefix of a valid object, as an object value: never more members than the whole, never a read outside */
    {
        static const char whole[] = "{\"k\":\"v\\\"}\",\"a\":[1,{\"b\":[]}],\"n\":-1,\"t\":true}";
        bad = 0;
        for (i = 0; i < sizeof(whole); i++) {
            kinf_value_t c = own_value(KINF_VOBJECT, whole, i);
            kinf_members_of(&c, &it);
            for (n = 0; kinf_member_next(&it, &k, &w) && n < 10; n++) {
                kinf_members_t deep;
                if (kinf_members_of(&w, &deep)) { while (kinf_member_next(&deep, 0, 0)) {} }
                kinf_value_str(&k, b, sizeof(b)); kinf_value_str(&w, b, sizeof(b));
            }
            if (n > 4 || (i == sizeof(whole) - 1 && n != 4)) { bad++; note("prefix %zu: %d members", i, n); }
            own_free(&c);
        }
        CHECK_INT(bad, 0);
    }
}
/* Real objects from the k8s-api corpus, stored by an informer: every object
   and array of every file iterates as jsmn reads it; a Pod's labels,
   annotations and containers and a ConfigMap's data (with escapes) by path;
   metadata with and without projection. */
static void test_members_corpus(void) {
    static const char* keep_labels[] = { "metadata.labels", "data" };
    static const char* keep_phase[] = { "status.phase" };
    static const char cm_data[] = "\"data\": {\"plain\": \"v\", \"q\\\"uote\\u00e9\": \"a\\nb\\t\\\"c\\\"\", \"emoji\": \"\\ud83d\\ude00!\","
                                  " \"lone\": \"x\\udc00y\", \"a.b/c\": \"\", \"esc\": \"\\u003c\\/\\u0026\\\\\"}, \"unused\": {";
    static const char* const cm_keys[] = { "plain", "q\"uote\xc3\xa9", "emoji", "lone", "a.b/c", "esc" };
    static const char* const cm_vals[] = { "v", "a\nb\t\"c\"", "\xf0\x9f\x98\x80!", "x\xef\xbf\xbdy", "", "</&\\" };
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_object_t o;
    kinf_members_t it;
    kinf_value_t k, v, root;
    DIR* dir;
    struct dirent* de;
    char b[256];
    int nfiles = 0, bad = 0, nvals = 0, n, idx;
    g_test = "members_corpus";
    desc_base(&d);
    d.max_objects = 512; d.store_bytes = 16u << 20; d.max_event_bytes = 1 << 18; d.no_default_drop = 1;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    dir = opendir(corpus_dir());
    if (!CHECK(dir != 0)) { rm(inf); return; }
    while ((de = readdir(dir)) != 0) {
        size_t l = strlen(de->d_name);
        char key[64];
        int nt;
        if (l <= 5 || strcmp(de->d_name + l - 5, ".json")) { continue; }
        if (!corpus_add(inf, de->d_name, nfiles, 0, 0)) { bad++; note("%s: not stored", de->d_name); continue; }
        snprintf(key, sizeof(key), "ns%d/obj-%d", nfiles % 5, nfiles);
        nfiles++;
        if (!kinf_get(inf, key, &o) || o.flags) { bad++; note("%s: not whole", de->d_name); continue; }
        nt = ctok(o.json, o.json_len);
        if (nt <= 0) { bad++; continue; }
        memset(&root, 0, sizeof(root)); root.type = KINF_VOBJECT; root.ptr = o.json; root.len = o.json_len;
        members_match(o.json, nt, 0, &root, &bad, &nvals);
        if (bad) { note("%s: iteration differs from jsmn", de->d_name); break; }
    }
    closedir(dir);
    CHECK(nfiles >= 190); CHECK_INT(bad, 0);
    CHECK(nvals > 20000);
    printf("# members: %d files, %d values iterated\n", nfiles, nvals);
    /* a Pod by path: labels, annotations, containers and a container's members */
    idx = nfiles + 1;
    if (CHECK(corpus_add(inf, "core.v1.Pod.json", idx, 0, 0))) {
        char key[64];
        snprintf(key, sizeof(key), "ns%d/obj-%d", idx % 5, idx);
        if (CHECK(kinf_get(inf, key, &o))) {
            CHECK_INT(kinf_members(&o, "metadata.labels", &it), 1);
            CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "labelsKey") && key_is(&v, "labelsValue"));
            CHECK_INT(kinf_member_next(&it, &k, &v), 0);
            CHECK_INT(kinf_members(&o, "metadata.annotations", &it), 1);
            CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "annotationsKey") && key_is(&v, "annotationsValue"));
            CHECK_INT(kinf_member_next(&it, &k, &v), 0);
            CHECK_INT(kinf_members(&o, "spec.containers", &it), 1); CHECK_INT(it.type, KINF_VARRAY);
            CHECK(kinf_member_next(&it, &k, &v) && k.type == KINF_VNONE && v.type == KINF_VOBJECT && it.index == 0);
            CHECK_INT(kinf_member_next(&it, 0, 0), 0);
            CHECK_INT(kinf_members_of(&v, &it), 1);
            for (n = 0; kinf_member_next(&it, &k, &v); n++) {
                if (n == 0) { CHECK(key_is(&k, "name") && key_is(&v, "nameValue")); }
                if (key_is(&k, "ports")) { CHECK(v.type == KINF_VARRAY); }
            }
            CHECK(n >= 20);
            /* the full metadata holds the identity once: no member is added */
            CHECK_INT(kinf_members(&o, "metadata", &it), 1);
            for (n = 0, bad = 0; kinf_member_next(&it, &k, &v); n++) { bad += key_is(&k, "name"); }
            CHECK_INT(bad, 1);
            CHECK_INT(kinf_members(&o, "metadata.ownerReferences.0", &it), 1);
            CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "apiVersion"));
        }
    }
    rm(inf);
    /* a ConfigMap whose data has escapes, \u surrogates and odd keys, projected */
    desc_base(&d);
    d.max_objects = 16; d.keep = keep_labels; d.keep_count = 2;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    if (CHECK(corpus_add(inf, "core.v1.ConfigMap.json", 3, "\"data\": {", cm_data)) && CHECK(kinf_get(inf, "ns3/obj-3", &o))) {
        CHECK_INT(kinf_members(&o, "data", &it), 1);
        for (n = 0, bad = 0; kinf_member_next(&it, &k, &v); n++) {
            if (n >= 6 || !key_is(&k, cm_keys[n]) || !key_is(&v, cm_vals[n])) {
                bad++;
                kinf_value_str(&k, b, sizeof(b)); note("member %d: key \"%s\"", n, b);
            }
        }
        CHECK_INT(n, 6); CHECK_INT(bad, 0);
        CHECK_INT(kinf_field_str(&o, "data.emoji", b, sizeof(b)), 5); CHECK_STR(b, "\xf0\x9f\x98\x80!");
        CHECK_INT(kinf_field_str(&o, "data.emoji", b, 4), 5); CHECK_STR(b, "");  /* the emoji whole or not at all */
        CHECK_INT(kinf_field_has(&o, "data.a\\.b/c"), 1); CHECK_INT(kinf_field_str(&o, "data.a\\.b/c", b, sizeof(b)), 0);
        CHECK_INT(kinf_field_has(&o, "data.nope"), 0);
        /* metadata was projected to its labels: the identity follows them */
        CHECK_INT(kinf_members(&o, "metadata", &it), 1);
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "labels"));
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "name") && key_is(&v, "obj-3"));
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "namespace") && key_is(&v, "ns3"));
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "uid") && key_is(&v, "uidValue"));
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "resourceVersion") && key_is(&v, "1003"));
        CHECK_INT(kinf_member_next(&it, &k, &v), 0);
    }
    rm(inf);
    /* metadata projected out entirely: the identity alone; cluster-scoped, no namespace */
    desc_base(&d);
    d.max_objects = 16; d.keep = keep_phase; d.keep_count = 1;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    watch_begin(inf);
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"n1\",\"uid\":\"U\",\"resourceVersion\":\"9\"},\"status\":{\"phase\":\"Ready\"}}"), 0);
    if (CHECK(kinf_get(inf, "n1", &o))) {
        CHECK_INT(kinf_field_has(&o, "metadata"), 0);
        CHECK_INT(kinf_members(&o, "metadata", &it), 1);
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "name") && key_is(&v, "n1") && it.index == 0);
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "uid") && key_is(&v, "U"));
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "resourceVersion") && key_is(&v, "9") && it.index == 2);
        CHECK_INT(kinf_member_next(&it, &k, &v), 0);
        CHECK_INT(kinf_members(&o, "", &it), 1);
        CHECK(kinf_member_next(&it, &k, &v) && key_is(&k, "status") && !kinf_member_next(&it, &k, &v));
    }
    rm(inf);
}
/* kinf_json_patch: the ops and their paths as written, the pointer escapes,
   the tail rule of arrays, the size needed, and the refusals */
static int jp_val(kinf_value_t* v, const char* j) {
    memset(v, 0, sizeof *v);
    v->ptr = j; v->len = strlen(j);
    v->type = j[0] == '{' ? KINF_VOBJECT : j[0] == '[' ? KINF_VARRAY : KINF_VNUMBER;
    if (j[0] == '"') { v->type = KINF_VSTRING; v->ptr++; v->len -= 2; }
    return 1;
}
static void test_json_patch(void) {
    static const char* const cases[][3] = {
        { "{\"a\":1}", "{\"a\":1}", "[]" },
        { "{\"a\":1,\"b\":2}", "{\"b\":3,\"a\":1}", "[{\"op\":\"replace\",\"path\":\"/b\",\"value\":3}]" },
        { "{\"a\":{\"b\":[1,2,3]}}", "{\"a\":{\"b\":[1,9]}}",
          "[{\"op\":\"replace\",\"path\":\"/a/b/1\",\"value\":9},{\"op\":\"remove\",\"path\":\"/a/b/2\"}]" },
        { "{\"a\":[1,2,3,4]}", "{\"a\":[1]}", "[{\"op\":\"remove\",\"path\":\"/a/1\"},{\"op\":\"remove\",\"path\":\"/a/1\"},{\"op\":\"remove\",\"path\":\"/a/1\"}]" },
        { "{\"a\":[]}", "{\"a\":[\"x\",{\"y\":null}]}",
          "[{\"op\":\"add\",\"path\":\"/a/0\",\"value\":\"x\"},{\"op\":\"add\",\"path\":\"/a/1\",\"value\":{\"y\":null}}]" },
        { "{\"x/y~z\":1,\"k\":\"v\"}", "{\"k\":\"w\",\"n\":true}",
          "[{\"op\":\"remove\",\"path\":\"/x~1y~0z\"},{\"op\":\"replace\",\"path\":\"/k\",\"value\":\"w\"},{\"op\":\"add\",\"path\":\"/n\",\"value\":true}]" },
        { "{\"q\\\"\\/\\u0001\":1}", "{}", "[{\"op\":\"remove\",\"path\":\"/q\\\"~1\\u0001\"}]" },
        { "{\"a\":{\"b\":1}}", "{\"a\":[1]}", "[{\"op\":\"replace\",\"path\":\"/a\",\"value\":[1]}]" },
        { "[1,2]", "{\"a\":1}", "[{\"op\":\"replace\",\"path\":\"\",\"value\":{\"a\":1}}]" },
        { "{ \"a\" : [ 1 , 2 ] }", "{\"a\":[1,2]}", "[]" },
    };
    kinf_value_t a, b;
    char out[512], small[40], deep[2 * KINF_MAX_DEPTH + 8], deep2[2 * KINF_MAX_DEPTH + 8];
    size_t n, k, need;
    int all = 1;
    g_test = "json_patch";
    for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        int r;
        jp_val(&a, cases[k][0]); jp_val(&b, cases[k][1]);
        r = kinf_json_patch(&a, &b, out, sizeof out, &n);
        if (r != KINF_OK || strcmp(out, cases[k][2]) || n != strlen(out)) { all = 0; note("case %zu: %d %s", k, r, out); }
    }
    CHECK(all);
    /* too small: NOMEM, out empty, *len the bytes the patch needs (without the NUL) */
    jp_val(&a, cases[5][0]); jp_val(&b, cases[5][1]);
    CHECK_INT(kinf_json_patch(&a, &b, small, sizeof small, &need), KINF_ERR_NOMEM);
    CHECK_INT(need, strlen(cases[5][2]));
    CHECK_STR(small, "");
    CHECK_INT(kinf_json_patch(&a, &b, out, need + 1, &n), KINF_OK);
    CHECK_INT(kinf_json_patch(&a, &b, out, need, &n), KINF_ERR_NOMEM);
    /* not JSON, a plain value, NULLs */
    jp_val(&a, "{\"a\":1"); jp_val(&b, "{}");
    CHECK_INT(kinf_json_patch(&a, &b, out, sizeof out, &n), KINF_ERR_INVAL);
    jp_val(&a, "{\"a\" 1}");
    CHECK_INT(kinf_json_patch(&a, &b, out, sizeof out, &n), KINF_ERR_INVAL);
    jp_val(&a, "[1 2]"); jp_val(&b, "[1,3]");
    CHECK_INT(kinf_json_patch(&a, &b, out, sizeof out, &n), KINF_ERR_INVAL);
    jp_val(&a, "{}"); b = a; b.plain = 1;
    CHECK_INT(kinf_json_patch(&a, &b, out, sizeof out, &n), KINF_ERR_INVAL);
    CHECK_INT(kinf_json_patch(0, &a, out, sizeof out, &n), KINF_ERR_INVAL);
    /* nesting past KINF_MAX_DEPTH: the deep part replaced whole, not refused */
    for (k = 0; k < KINF_MAX_DEPTH + 2; k++) { deep[k] = '['; deep2[k] = '['; }
    deep[k] = '1'; deep2[k] = '2';
    for (n = 0; n < KINF_MAX_DEPTH + 2; n++) { deep[k + 1 + n] = ']'; deep2[k + 1 + n] = ']'; }
    deep[k + 1 + n] = 0; deep2[k + 1 + n] = 0;
    jp_val(&a, deep); jp_val(&b, deep2);
    {
        static char big[8192];
        CHECK_INT(kinf_json_patch(&a, &b, big, sizeof big, &n), KINF_OK);
        CHECK(strstr(big, "\"op\":\"replace\"") != 0 && strstr(big, "\"value\":[[") != 0);
    }
}
