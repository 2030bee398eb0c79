#ifndef KINF_NO_FACTORY /* discovery and the factory */
/* >>discovery  which resources the server has: a round of GETs (the
   aggregated form of /api and /apis, or the legacy documents), each body
   framed by the JSON scanner (which checks its grammar), then read by a
   small walker over the checked bytes. Results in two tables: the one
   lookups read, and the one the next round fills. */
#define KINF__DISC_MAGIC 0x6b646973u
/* one resource: offsets of its strings in the table's pool (0 is "") */
typedef struct kinf__dres { uint32_t name, group, version, plural, singular, kind, shorts; uint16_t verbs; uint8_t namespaced, unused; } kinf__dres;
typedef struct kinf__dtab { kinf__dres* res; char* pool; int n; size_t used; } kinf__dtab;
/* a group version the legacy form still has to read */
typedef struct kinf__dgv { uint32_t group, version; } kinf__dgv;
/* what the request under way reads */
typedef enum kinf__dq_kind { KINF__DQ_API = 0, KINF__DQ_APIS, KINF__DQ_GV } kinf__dq_kind;
/* the discovery's round: none wanted, a request under way, waiting out a backoff */
typedef enum kinf__dp_state { KINF__DP_IDLE = 0, KINF__DP_RUNNING, KINF__DP_BACKOFF } kinf__dp_state;
#define KINF__DC_WBUF (2048 + KINF_MAX_TOKEN)

struct kinf_discovery_t {
    uint32_t magic;
    kinf_engine_t conn;           /* the connection: settings, token, socket, TLS, the exchange */
    kinf_logger_t logger;
    char tag[32];
    char logbuf[400];
    int max_res, max_gv;
    size_t names_bytes, doc_bytes, mem_size, mem_layout;
    uint8_t legacy_only;
    char prefix[KINF__MAX_STR];   /* the server URL's path, before /api */
    kinf__dtab tab[2];
    int cur;                      /* tab[cur] answers lookups; the round fills the other */
    kinf__dgv* gv;
    int ngv, gvpos;
    uint8_t* doc;                 /* the scanner's record buffer: a document, or one group */
    /* the round */
    int phase, want_round, dq;
    int agg;                      /* the round has read the aggregated form */
    int body_agg, got_doc;        /* this response is an aggregated list; its legacy document was read */
    uint64_t backoff_until;
    int backoff_n;
    uint32_t rng;
    uint32_t left_out;            /* resources (or group versions) the round leaves out */
    char wbuf[KINF__DC_WBUF];
    int body_err;
    char reqpath[KINF__MAX_STR];  /* the path of the request under way, for the log */
    char msg[232];                /* " (server: ...)" of an error response */
    kinf__scan scan;
    char capbuf[KINF__CAP_COUNT][64];
    char pv[64];                  /* the version an API path named, for kinf_discovery_resolve */
    kinf_discovery_stats_t st;
    volatile int stop;
};

static void kinf__dc_log(kinf_discovery_t* d, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log2(&d->logger, d->tag, level, item, line, d->logbuf, sizeof(d->logbuf), d1, d2);
}
#define KINF__DC_ERR(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_ERROR, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__DC_WARN(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_WARN, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
#define KINF__DC_INFO(d, item, d1, d2) kinf__dc_log((d), KINF_LOG_INFO, KINF_LOGITEM_##item, (d1), (d2), __LINE__)
/* >>discovery json  A walker over bytes the scanner has checked: it only
   finds where things are, bounded by n, and never reads past a value. */
static size_t kinf__dj_ws(const char* p, size_t i, size_t n) {
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) { i++; }
    return i;
}
/* past the value that starts at p[i] (after whitespace), or n when no whole
   value lies before n: kinf__json_end, the one skip over a value */
static size_t kinf__dj_skip(const char* p, size_t i, size_t n) {
    size_t e;
    i = kinf__dj_ws(p, i, n);
    e = kinf__json_end((const uint8_t*)p, i, n);
    return e ? e : n;
}
/* past the string whose opening quote is at p[i] */
static size_t kinf__dj_str_end(const char* p, size_t i, size_t n) { return kinf__dj_skip(p, i, n); }
/* The next member of the object being walked: *it starts just after its
   '{'. Fills the key (ks, kl: inside the quotes) and where the value
   starts; 0 at the end of the object. */
static int kinf__dj_member(const char* p, size_t n, size_t* it, size_t* ks, size_t* kl, size_t* vs) {
    size_t i = kinf__dj_ws(p, *it, n), e;
    if (i < n && p[i] == ',') { i = kinf__dj_ws(p, i + 1, n); }
    if (i >= n || p[i] != '"') { *it = n; return 0; }
    e = kinf__dj_str_end(p, i, n);
    *ks = i + 1; *kl = e > i + 1 ? e - i - 2 : 0;
    i = kinf__dj_ws(p, e, n);
    if (i >= n || p[i] != ':') { *it = n; return 0; }
    *vs = kinf__dj_ws(p, i + 1, n);
    *it = kinf__dj_skip(p, *vs, n);
    return *vs < n;
}
/* The next element of the array being walked (*it just after its '['). */
static int kinf__dj_elem(const char* p, size_t n, size_t* it, size_t* vs) {
    size_t i = kinf__dj_ws(p, *it, n);
    if (i < n && p[i] == ',') { i = kinf__dj_ws(p, i + 1, n); }
    if (i >= n || p[i] == ']') { *it = n; return 0; }
    *vs = i;
    *it = kinf__dj_skip(p, i, n);
    return 1;
}
/* the value of member name of the object at p[o], or n */
static size_t kinf__dj_get(const char* p, size_t n, size_t o, const char* name) {
    size_t it = o + 1, ks, kl, vs, nl = strlen(name);
    if (o >= n || p[o] != '{') { return n; }
    while (kinf__dj_member(p, n, &it, &ks, &kl, &vs)) {
        if (kl == nl && !memcmp(p + ks, name, nl)) { return vs; }
    }
    return n;
}
/* the string at p[v] without its quotes; 0 when it is not a string or has
   an escape (no name the API server gives has one) */
static int kinf__dj_str(const char* p, size_t n, size_t v, const char** s, size_t* l) {
    size_t e;
    if (v >= n || p[v] != '"') { return 0; }
    e = kinf__dj_str_end(p, v, n);
    if (e > n || e < v + 2 || memchr(p + v + 1, '\\', e - v - 2)) { return 0; }
    *s = p + v + 1; *l = e - v - 2;
    return 1;
}

/* >>discovery tables */
static const char* kinf__dc_s(const kinf__dtab* t, uint32_t off) { return t->pool + off; }
/* appends s[0..n) and a NUL to the pool; 0 when it is full */
static int kinf__dc_put(kinf_discovery_t* d, kinf__dtab* t, const char* s, size_t n, uint32_t* off) {
    if (n + 1 > d->names_bytes - t->used) { return 0; }
    *off = (uint32_t)t->used;
    if (n) { memcpy(t->pool + t->used, s, n); }
    t->pool[t->used + n] = 0;
    t->used += n + 1;
    return 1;
}
/* a name that may go into a request path: letters, digits, '.', '-', '_' */
static int kinf__dc_name_ok(const char* s, size_t n) {
    size_t i;
    if (n == 0 || n > 253) { return 0; }
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_')) { return 0; }
    }
    return 1;
}
static unsigned kinf__dc_verb(const char* s, size_t n) {
    static const char* const names[] = { "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection" };
    unsigned k;
    for (k = 0; k < 8; k++) { if (strlen(names[k]) == n && !memcmp(names[k], s, n)) { return 1u << k; } }
    return 0;
}
/* the verbs of the array at p[v] */
static unsigned kinf__dc_verbs(const char* p, size_t n, size_t v) {
    size_t it = v + 1, e;
    const char* s;
    size_t l;
    unsigned m = 0;
    if (v >= n || p[v] != '[') { return 0; }
    while (kinf__dj_elem(p, n, &it, &e)) { if (kinf__dj_str(p, n, e, &s, &l)) { m |= kinf__dc_verb(s, l); } }
    return m;
}
/* the string array at p[v] as "a,b" in the pool (offset 0, "", when absent) */
static int kinf__dc_put_list(kinf_discovery_t* d, kinf__dtab* t, const char* p, size_t n, size_t v, uint32_t* off) {
    size_t it = v + 1, e, l;
    const char* s;
    int first = 1;
    *off = 0;
    if (v >= n || p[v] != '[') { return 1; }
    while (kinf__dj_elem(p, n, &it, &e)) {
        if (!kinf__dj_str(p, n, e, &s, &l) || !kinf__dc_name_ok(s, l)) { continue; }
        if (l + 2 > d->names_bytes - t->used) { return 0; }
        if (first) { *off = (uint32_t)t->used; first = 0; }
        else { t->pool[t->used - 1] = ','; } /* the last one's NUL becomes the comma */
        memcpy(t->pool + t->used, s, l); t->pool[t->used + l] = 0; t->used += l + 1;
    }
    return 1;
}
/* the spans of one resource as a document gives them */
typedef struct kinf__dspan {
    const char* plural; size_t pl;
    const char* singular; size_t sl;
    const char* kind; size_t kl;
    size_t shorts;                /* where its shortNames array is (n: none) */
    unsigned verbs;
    int namespaced;
} kinf__dspan;
/* Adds a resource of group/version (pool offsets) to the table the round
   fills, unless the group has it already (from a version preferred to this
   one). 0 when the table is full (logged; the resource is left out). */
static int kinf__dc_add(kinf_discovery_t* d, kinf__dtab* t, uint32_t g, uint32_t v, const char* p, size_t n, const kinf__dspan* sp) {
    kinf__dres r;
    size_t used = t->used;
    int i;
    const char* gs = kinf__dc_s(t, g);
    if (!kinf__dc_name_ok(sp->plural, sp->pl) || memchr(sp->plural, '/', sp->pl)) { return 1; } /* a subresource, or not a name */
    for (i = 0; i < t->n; i++) {
        const kinf__dres* o = &t->res[i];
        if (!strcmp(kinf__dc_s(t, o->group), gs) && strlen(kinf__dc_s(t, o->plural)) == sp->pl && !memcmp(kinf__dc_s(t, o->plural), sp->plural, sp->pl)) { return 1; }
    }
    memset(&r, 0, sizeof(r));
    r.group = g; r.version = v;
    r.verbs = (uint16_t)sp->verbs; r.namespaced = (uint8_t)(sp->namespaced != 0);
    if (t->n < d->max_res && kinf__dc_put(d, t, sp->plural, sp->pl, &r.plural) &&
        kinf__dc_put(d, t, sp->singular, kinf__dc_name_ok(sp->singular, sp->sl) ? sp->sl : 0, &r.singular) &&
        kinf__dc_put(d, t, sp->kind, kinf__dc_name_ok(sp->kind, sp->kl) ? sp->kl : 0, &r.kind) &&
        kinf__dc_put_list(d, t, p, n, sp->shorts, &r.shorts)) {
        size_t gl = strlen(gs);
        if (!gl) { r.name = r.plural; t->res[t->n++] = r; return 1; }
        if (sp->pl + 1 + gl + 1 <= d->names_bytes - t->used) {
            r.name = (uint32_t)t->used;
            memcpy(t->pool + t->used, sp->plural, sp->pl); t->pool[t->used + sp->pl] = '.';
            memcpy(t->pool + t->used + sp->pl + 1, gs, gl + 1);
            t->used += sp->pl + 1 + gl + 1;
            t->res[t->n++] = r;
            return 1;
        }
    }
    t->used = used;
    if (!d->left_out++) { /* the first one of the round is logged; kinf_discovery_stats counts them all */
        char nm[128];
        size_t k = sp->pl < 64 ? sp->pl : 64;
        memcpy(nm, sp->plural, k); nm[k] = 0;
        KINF__DC_ERR(d, DISCOVERY_FULL, nm, 0);
    }
    return 0;
}
/* a group or version name into the pool; 0 when it is not a name or the pool is full */
static int kinf__dc_put_name(kinf_discovery_t* d, kinf__dtab* t, const char* s, size_t l, int may_be_empty, uint32_t* off) {
    if (l == 0 && may_be_empty) { *off = 0; return 1; }
    if (!kinf__dc_name_ok(s, l)) { return 0; }
    return kinf__dc_put(d, t, s, l, off);
}
static int kinf__dc_queue_gv(kinf_discovery_t* d, uint32_t g, uint32_t v) {
    int i;
    for (i = 0; i < d->ngv; i++) { if (d->gv[i].group == g && d->gv[i].version == v) { return 1; } }
    if (d->ngv >= d->max_gv) {
        if (!d->left_out++) { KINF__DC_ERR(d, DISCOVERY_FULL, "max_group_versions", 0); }
        return 0;
    }
    d->gv[d->ngv].group = g; d->gv[d->ngv].version = v; d->ngv++;
    return 1;
}

/* >>discovery documents: each returns 0, or -1 for a malformed one */
/* An APIGroupDiscovery (an item of the aggregated list): metadata.name, and
   versions in preference order, each with its resources. */
static int kinf__dc_agg_group(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t md = kinf__dj_get(p, n, 0, "metadata"), nv = kinf__dj_get(p, n, 0, "versions"), it, ve;
    const char* s = "";
    size_t l = 0;
    uint32_t g;
    if (md < n && !kinf__dj_str(p, n, kinf__dj_get(p, n, md, "name"), &s, &l)) { s = ""; l = 0; }
    if (nv >= n || p[nv] != '[' || !kinf__dc_put_name(d, t, s, l, 1, &g)) { return -1; }
    it = nv + 1;
    while (kinf__dj_elem(p, n, &it, &ve)) {
        size_t rs = kinf__dj_get(p, n, ve, "resources"), rit, re;
        uint32_t v;
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ve, "version"), &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
        if (rs >= n) { continue; }
        if (p[rs] != '[') { return -1; }
        rit = rs + 1;
        while (kinf__dj_elem(p, n, &rit, &re)) {
            kinf__dspan sp;
            size_t rk = kinf__dj_get(p, n, re, "responseKind");
            memset(&sp, 0, sizeof(sp));
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "resource"), &sp.plural, &sp.pl)) { return -1; }
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "singularResource"), &sp.singular, &sp.sl)) { sp.singular = ""; sp.sl = 0; }
            if (rk >= n || !kinf__dj_str(p, n, kinf__dj_get(p, n, rk, "kind"), &sp.kind, &sp.kl)) { sp.kind = ""; sp.kl = 0; }
            if (kinf__dj_str(p, n, kinf__dj_get(p, n, re, "scope"), &s, &l)) { sp.namespaced = l == 10 && !memcmp(s, "Namespaced", 10); }
            sp.verbs = kinf__dc_verbs(p, n, kinf__dj_get(p, n, re, "verbs"));
            sp.shorts = kinf__dj_get(p, n, re, "shortNames");
            kinf__dc_add(d, t, g, v, p, n, &sp);
        }
    }
    return 0;
}
/* APIVersions (/api, legacy): the core group's versions */
static int kinf__dc_api_versions(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t vs = kinf__dj_get(p, n, 0, "versions"), it, e, l;
    const char* s;
    uint32_t v;
    if (vs >= n || p[vs] != '[') { return -1; }
    it = vs + 1;
    while (kinf__dj_elem(p, n, &it, &e)) {
        if (!kinf__dj_str(p, n, e, &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
        if (!kinf__dc_queue_gv(d, 0, v)) { return 0; }
    }
    return 0;
}
/* APIGroupList (/apis, legacy): every group's versions, the preferred first */
static int kinf__dc_api_groups(kinf_discovery_t* d, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t gs = kinf__dj_get(p, n, 0, "groups"), it, ge, l;
    const char* s;
    if (gs >= n || p[gs] != '[') { return -1; }
    it = gs + 1;
    while (kinf__dj_elem(p, n, &it, &ge)) {
        size_t pv = kinf__dj_get(p, n, ge, "preferredVersion"), vs = kinf__dj_get(p, n, ge, "versions"), vit, ve;
        uint32_t g, v;
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ge, "name"), &s, &l) || !kinf__dc_put_name(d, t, s, l, 0, &g)) { return -1; }
        if (pv < n && kinf__dj_str(p, n, kinf__dj_get(p, n, pv, "version"), &s, &l)) {
            if (!kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
            if (!kinf__dc_queue_gv(d, g, v)) { return 0; }
        }
        if (vs >= n || p[vs] != '[') { continue; }
        vit = vs + 1;
        while (kinf__dj_elem(p, n, &vit, &ve)) {
            size_t j;
            int seen = 0;
            if (!kinf__dj_str(p, n, kinf__dj_get(p, n, ve, "version"), &s, &l)) { return -1; }
            for (j = 0; j < (size_t)d->ngv; j++) {
                const char* q = kinf__dc_s(t, d->gv[j].version);
                if (d->gv[j].group == g && strlen(q) == l && !memcmp(q, s, l)) { seen = 1; }
            }
            if (seen) { continue; }
            if (!kinf__dc_put_name(d, t, s, l, 0, &v)) { return -1; }
            if (!kinf__dc_queue_gv(d, g, v)) { return 0; }
        }
    }
    return 0;
}
/* APIResourceList (/api/v1, /apis/G/V, legacy) of the group version gv */
static int kinf__dc_resource_list(kinf_discovery_t* d, const kinf__dgv* gv, const char* p, size_t n) {
    kinf__dtab* t = &d->tab[!d->cur];
    size_t rs = kinf__dj_get(p, n, 0, "resources"), it, re, l;
    const char* s;
    if (rs >= n || p[rs] != '[') { return -1; }
    it = rs + 1;
    while (kinf__dj_elem(p, n, &it, &re)) {
        kinf__dspan sp;
        size_t ns = kinf__dj_get(p, n, re, "namespaced");
        memset(&sp, 0, sizeof(sp));
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "name"), &sp.plural, &sp.pl)) { return -1; }
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "singularName"), &sp.singular, &sp.sl)) { sp.singular = ""; sp.sl = 0; }
        if (!kinf__dj_str(p, n, kinf__dj_get(p, n, re, "kind"), &sp.kind, &sp.kl)) { sp.kind = ""; sp.kl = 0; }
        sp.namespaced = ns + 4 <= n && !memcmp(p + ns, "true", 4);
        sp.verbs = kinf__dc_verbs(p, n, kinf__dj_get(p, n, re, "verbs"));
        sp.shorts = kinf__dj_get(p, n, re, "shortNames");
        (void)s; (void)l;
        kinf__dc_add(d, t, gv->group, gv->version, p, n, &sp);
    }
    return 0;
}

/* >>discovery engine */
static int kinf__dc_ok(const kinf_discovery_t* d) { return d && d->magic == KINF__DISC_MAGIC; }
/* The round failed: backs off (800 ms doubling to 30 s, full jitter) and
   starts it over. */
static void kinf__dc_fail(kinf_discovery_t* d) {
    uint64_t delay = kinf__backoff_ms(800u, 30000u, &d->backoff_n, &d->rng);
    char num[21];
    kinf__conn_drop(&d->conn);
    d->st.failures++;
    d->phase = KINF__DP_BACKOFF;
    d->want_round = 1;
    d->backoff_until = d->conn.now + delay;
    KINF__DC_WARN(d, DISCOVERY_FAILED, kinf__utoa(num, delay), " ms");
}
static const char kinf__dc_accept_agg[] =
    "Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
    "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json\r\n";
/* The request bytes of kind d->dq (for KINF__DQ_GV, of d->gv[d->gvpos - 1]),
   with the token held now; 0 when they do not fit. */
static int kinf__dc_build(kinf_discovery_t* d) {
    char* w = d->wbuf;
    size_t cap = sizeof(d->wbuf), o = 0;
    int ok = 1, dq = d->dq;
    const kinf__dtab* t = &d->tab[!d->cur];
    d->reqpath[0] = 0;
    ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), d->prefix);
    if (dq == KINF__DQ_API) { ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/api"); }
    else if (dq == KINF__DQ_APIS) { ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/apis"); }
    else {
        const kinf__dgv* gv = &d->gv[d->gvpos - 1];
        const char* g = kinf__dc_s(t, gv->group);
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), g[0] ? "/apis/" : "/api");
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), g);
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), "/");
        ok &= kinf__cat(d->reqpath, sizeof(d->reqpath), kinf__dc_s(t, gv->version));
    }
    ok &= kinf__put(w, cap, &o, "GET ");
    ok &= kinf__put(w, cap, &o, d->reqpath);
    ok &= kinf__conn_headers(&d->conn, w, cap, &o, (dq != KINF__DQ_GV && !d->legacy_only) ? kinf__dc_accept_agg : "Accept: application/json\r\n", 0);
    d->conn.wbuf = w; d->conn.wlen = o; d->conn.wpos = 0;
    return ok;
}
/* Starts the request of kind dq (for KINF__DQ_GV, of d->gv[d->gvpos - 1]). */
static void kinf__dc_request(kinf_discovery_t* d, int dq) {
    d->dq = dq;
    d->body_err = 0; d->body_agg = 0; d->got_doc = 0; d->msg[0] = 0;
    if (!kinf__dc_build(d)) { KINF__DC_ERR(d, CONFIG_TOO_LONG, "discovery request", 0); kinf__dc_fail(d); return; }
    d->st.requests++;
    kinf__conn_start(&d->conn);
}
static void kinf__dc_round_begin(kinf_discovery_t* d) {
    kinf__dtab* t = &d->tab[!d->cur];
    t->n = 0; t->used = 1; t->pool[0] = 0;
    d->ngv = 0; d->gvpos = 0; d->agg = 0; d->left_out = 0;
    d->want_round = 0;
    d->phase = KINF__DP_RUNNING;
    KINF__DC_INFO(d, DISCOVERY_START, d->legacy_only ? "legacy documents" : 0, 0);
    kinf__dc_request(d, KINF__DQ_API);
}
/* The next request of the round, or its end: the table it filled answers from now on. */
static void kinf__dc_next(kinf_discovery_t* d) {
    char num[21];
    if (d->dq == KINF__DQ_API) { kinf__dc_request(d, KINF__DQ_APIS); return; }
    if (d->gvpos < d->ngv) { d->gvpos++; kinf__dc_request(d, KINF__DQ_GV); return; }
    d->cur = !d->cur;
    d->st.rounds++;
    d->st.aggregated = d->agg;
    d->st.resources = (uint32_t)d->tab[d->cur].n;
    d->st.names_used = d->tab[d->cur].used;
    d->st.left_out = d->left_out;
    d->phase = KINF__DP_IDLE;
    d->backoff_n = 0;
    KINF__DC_INFO(d, DISCOVERY_DONE, kinf__utoa(num, (uint64_t)d->tab[d->cur].n), d->agg ? " resources (aggregated)" : " resources (legacy)");
}
/* the head names the aggregated form in its Content-Type */
static int kinf__dc_head_aggregated(const char* h, size_t n) {
    size_t i = 0;
    while (i < n) {
        size_t e = i;
        while (e < n && h[e] != '\n') { e++; }
        if (e - i > 13 && kinf__ieq(h + i, 13, "content-type:")) {
            return kinf__mem_has((const uint8_t*)h + i, e - i, "g=apidiscovery.k8s.io") &&
                   kinf__mem_has((const uint8_t*)h + i, e - i, "as=APIGroupDiscoveryList");
        }
        i = e + 1;
    }
    return 0;
}
/* One record framed by the scanner: a document, one group of the
   aggregated list, or an error response's Status. 0, or -1: the round fails. */
static int kinf__dc_record(kinf_discovery_t* d) {
    const char* p = (const char*)d->doc;
    size_t n = d->scan.ev_len;
    int r;
    if (n > d->st.doc_peak) { d->st.doc_peak = n; }
    if (d->conn.resp.status != 200) {
        size_t v = d->scan.rec_over ? n : kinf__dj_get(p, n, 0, "message");
        if (v < n && p[v] == '"') {
            const char* s = p + v + 1;
            size_t l = kinf__dj_str_end(p, v, n) - v - 2, o = 0, k;
            static const char pre[] = " (server: ";
            memcpy(d->msg, pre, sizeof(pre) - 1); o = sizeof(pre) - 1;
            for (k = 0; k < l && o + 5 < sizeof(d->msg); k++) { d->msg[o++] = (s[k] < 0x20 || s[k] == 0x7f || s[k] == '"') ? '?' : s[k]; }
            if (k < l) { memcpy(d->msg + o, "...", 3); o += 3; }
            d->msg[o++] = ')'; d->msg[o] = 0;
        }
        return 0;
    }
    if (d->scan.rec_over) { KINF__DC_ERR(d, DISCOVERY_TOO_LARGE, d->reqpath, 0); return -1; }
    if (d->body_agg) {
        r = kinf__dc_agg_group(d, p, n);
    } else {
        if (d->got_doc) { KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, " (two documents)"); return -1; }
        d->got_doc = 1;
        r = d->dq == KINF__DQ_API ? kinf__dc_api_versions(d, p, n) :
            d->dq == KINF__DQ_APIS ? kinf__dc_api_groups(d, p, n) : kinf__dc_resource_list(d, &d->gv[d->gvpos - 1], p, n);
    }
    if (r < 0) { KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, 0); }
    return r;
}
/* body bytes into the scanner; -1 when the round fails */
static int kinf__dc_feed(kinf_discovery_t* d, const uint8_t* b, size_t k) {
    while (k > 0 && !d->body_err) {
        size_t used = kinf__scan_feed(&d->scan, b, k);
        if (d->scan.err) {
            if (d->conn.resp.status != 200) { d->body_err = 1; return 0; } /* not a Status: no message */
            KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, d->scan.err == 2 ? " (nested too deep)" : KINF__SCAN_WHY(d->scan.err, " (not UTF-8)", 0));
            return -1;
        }
        if (d->scan.rec_done) {
            d->scan.rec_done = 0;
            if (kinf__dc_record(d) != 0) { return -1; }
            d->scan.ev_len = 0;
        }
        if (used == 0 && !d->scan.rec_done) { break; }
        b += used; k -= used;
    }
    return 0;
}
/* the response head is in: an aggregated list frames one group per record,
   so memory for the largest group, not the list */
static int kinf__dc_head(void* owner) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    d->body_agg = d->conn.resp.status == 200 && d->dq != KINF__DQ_GV && kinf__dc_head_aggregated(d->conn.head, d->conn.hlen);
    if (d->body_agg) { d->agg = 1; }
    kinf__scan_reset(&d->scan, d->body_agg);
    d->scan.ev_len = 0;
    return 0;
}
/* body bytes into the scanner (kinf__conn_drain's take) */
static int kinf__dc_take(void* owner, const uint8_t* b, size_t n) { return kinf__dc_feed((kinf_discovery_t*)owner, b, n); }
/* The response is whole: the next request, the round's end, or its failure. */
static void kinf__dc_response_done(kinf_discovery_t* d) {
    int status = d->conn.resp.status;
    char num[21];
    kinf__conn_finished(&d->conn);
    d->conn.cstate = KINF__C_NONE;
    if (status == 200) {
        if (d->body_agg ? !d->scan.root_done : !d->got_doc) {
            KINF__DC_ERR(d, DISCOVERY_MALFORMED, d->reqpath, " (incomplete)");
            kinf__dc_fail(d);
            return;
        }
        kinf__dc_next(d);
        return;
    }
    if (d->dq == KINF__DQ_GV && (status == 404 || status == 403 || status == 503)) {
        /* as kubectl: one group version that cannot be read (an aggregated
           API server down, a CRD deleted meanwhile) leaves its resources out */
        d->st.skipped_groups++;
        KINF__DC_WARN(d, DISCOVERY_GROUP_SKIPPED, d->reqpath, kinf__utoa(num, (uint64_t)status));
        kinf__dc_next(d);
        return;
    }
    if (status == 401) {
        KINF__DC_ERR(d, UNAUTHORIZED, d->reqpath, d->msg);
        kinf__conn_unauthorized(&d->conn);
    } else if (status == 403) {
        KINF__DC_ERR(d, FORBIDDEN, d->reqpath, d->msg);
    } else {
        KINF__DC_ERR(d, HTTP_STATUS, kinf__utoa(num, (uint64_t)status), d->msg);
    }
    kinf__dc_fail(d);
}
/* Starts a round when one is wanted, ends a backoff, takes body bytes,
   finishes a response. */
static void kinf__dc_advance(void* owner) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    if (d->stop) { return; }
    if (d->phase == KINF__DP_BACKOFF && d->conn.now >= d->backoff_until) { d->phase = KINF__DP_IDLE; }
    if (d->phase == KINF__DP_IDLE && d->want_round) { kinf__dc_round_begin(d); }
    if (d->phase != KINF__DP_RUNNING || d->conn.cstate != KINF__C_RECV) { return; }
    if (kinf__conn_drain(&d->conn, kinf__dc_take, d) != 0) { kinf__dc_fail(d); return; }
    if (d->conn.body_done) { kinf__dc_response_done(d); }
}
/* The exchange ended without a whole response: the round fails. */
static void kinf__dc_lost(void* owner, int why, uint32_t item) {
    kinf_discovery_t* d = (kinf_discovery_t*)owner;
    (void)item;
    if (why == KINF__LOST_CLOSED) { KINF__DC_WARN(d, CONNECTION_CLOSED, d->reqpath, 0); }
    else if (why == KINF__LOST_IDLE) { KINF__DC_WARN(d, IDLE_TIMEOUT, d->reqpath, 0); }
    else if (why == KINF__LOST_FAILED && d->conn.cstate == KINF__C_NONE) { return; }
    kinf__dc_fail(d);
}
static unsigned kinf__dc_gate(const void* owner) {
    const kinf_discovery_t* d = (const kinf_discovery_t*)owner;
    if (d->stop) { return KINF__HALT; }
    return (d->phase == KINF__DP_RUNNING ? (unsigned)KINF_ENG_TOKEN : 0u) | KINF_ENG_RECV;
}
static uint64_t kinf__dc_deadline(const void* owner) {
    const kinf_discovery_t* d = (const kinf_discovery_t*)owner;
    if (d->phase == KINF__DP_IDLE && d->want_round) { return d->conn.now; }
    return d->phase == KINF__DP_BACKOFF ? d->backoff_until : UINT64_MAX;
}
static int kinf__dc_rebuild(void* owner) { return kinf__dc_build((kinf_discovery_t*)owner); }
static void kinf__dc_log_op(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__dc_log((kinf_discovery_t*)owner, level, item, d1, d2, line);
}
static const kinf__conn_ops kinf__dc_ops = {
    kinf__dc_advance, kinf__dc_rebuild, kinf__dc_head, kinf__dc_lost, kinf__dc_gate, kinf__dc_deadline, 0, kinf__dc_log_op
};
KINF_API kinf_engine_t* kinf_discovery_engine(kinf_discovery_t* d) { return kinf__dc_ok(d) ? &d->conn : 0; }

#ifndef KINF_ENGINE_ONLY
/* >>discovery driver  the built-in driver over its connection */
KINF_API int kinf_discovery_fd(kinf_discovery_t* d) { return kinf__dc_ok(d) ? kinf__drv_fd(&d->conn) : -1; }
KINF_API unsigned kinf_discovery_wants(kinf_discovery_t* d) { return kinf__dc_ok(d) ? kinf__drv_wants(&d->conn) : 0u; }
KINF_API uint32_t kinf_discovery_fd_generation(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->conn.sock_gen : 0u; }
KINF_API int kinf_discovery_timeout_ms(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return -1; }
    return d->stop && !d->conn.own_transport ? 0 : kinf__drv_timeout(&d->conn);
}
KINF_API int kinf_discovery_poll(kinf_discovery_t* d, int timeout_ms) {
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    if (d->conn.own_transport) { KINF__DC_ERR(d, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    if (!d->stop) { kinf__drv_poll(&d->conn, timeout_ms); } /* stopped: no wait, no I/O */
    return KINF_OK;
}
KINF_API int kinf_discovery_run(kinf_discovery_t* d, int timeout_ms) {
    uint64_t t0, rounds, fails;
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    if (d->conn.own_transport) { KINF__DC_ERR(d, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    rounds = d->st.rounds; fails = d->st.failures;
    if (d->phase == KINF__DP_BACKOFF) { d->phase = KINF__DP_IDLE; } /* asked for now: no waiting out the backoff */
    kinf_discovery_refresh(d);
    t0 = kinf_now_ms();
    while (!d->stop) {
        int wait = 1000;
        if (timeout_ms >= 0) {
            uint64_t el = kinf_now_ms() - t0;
            if (el >= (uint64_t)timeout_ms) { return KINF_ERR_STATE; }
            if ((uint64_t)timeout_ms - el < (uint64_t)wait) { wait = (int)((uint64_t)timeout_ms - el); }
        }
        kinf_discovery_poll(d, wait);
        if (d->st.rounds != rounds) { return KINF_OK; }
        if (d->st.failures != fails) { return KINF_ERR_IO; }
    }
    return KINF_ERR_STATE;
}
#endif

/* >>discovery lookups */
static void kinf__dc_view(const kinf__dtab* t, const kinf__dres* r, kinf_resource_t* out) {
    out->name = kinf__dc_s(t, r->name); out->group = kinf__dc_s(t, r->group); out->version = kinf__dc_s(t, r->version);
    out->plural = kinf__dc_s(t, r->plural); out->singular = kinf__dc_s(t, r->singular); out->kind = kinf__dc_s(t, r->kind);
    out->short_names = kinf__dc_s(t, r->shorts);
    out->namespaced = r->namespaced; out->verbs = r->verbs;
}
/* a[0..n) and b[0..n) equal, ignoring ASCII case */
static int kinf__dc_ispan(const char* a, const char* b, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') { x = (char)(x - 'A' + 'a'); }
        if (y >= 'A' && y <= 'Z') { y = (char)(y - 'A' + 'a'); }
        if (x != y) { return 0; }
    }
    return 1;
}
/* the C string a is b[0..bn), ignoring ASCII case */
static int kinf__dc_ieqn(const char* a, const char* b, size_t bn) { return strlen(a) == bn && kinf__dc_ispan(a, b, bn); }
/* s[0..n) is one of the comma-separated names of list, ignoring case */
static int kinf__dc_in_list(const char* list, const char* s, size_t n) {
    while (*list) {
        const char* e = strchr(list, ',');
        size_t l = e ? (size_t)(e - list) : strlen(list);
        if (l == n && kinf__dc_ispan(list, s, n)) { return 1; }
        if (!e) { break; }
        list = e + 1;
    }
    return 0;
}
/* the first resource (in group g and version v, when given) that name[0..n)
   names: by plural, then singular, then short name, then Kind; -1 none */
static int kinf__dc_find(const kinf__dtab* t, const char* name, size_t n, const char* g, size_t gl, const char* v, size_t vl) {
    int how, i;
    for (how = 0; how < 4; how++) {
        for (i = 0; i < t->n; i++) {
            const kinf__dres* r = &t->res[i];
            const char* s;
            int hit;
            if (g && !kinf__dc_ieqn(kinf__dc_s(t, r->group), g, gl)) { continue; }
            if (v && strlen(kinf__dc_s(t, r->version)) != vl) { continue; }
            if (v && memcmp(kinf__dc_s(t, r->version), v, vl) != 0) { continue; }
            s = kinf__dc_s(t, how == 0 ? r->plural : how == 1 ? r->singular : how == 2 ? r->shorts : r->kind);
            hit = how == 2 ? kinf__dc_in_list(s, name, n) : (s[0] && kinf__dc_ieqn(s, name, n));
            if (hit) { return i; }
        }
    }
    return -1;
}
/* quiet: nothing logged (the factory matching its capacity rows) */
static int kinf__dc_resolve(kinf_discovery_t* d, const char* name, kinf_resource_t* out, int quiet) {
    const kinf__dtab* t;
    const char* dot;
    size_t n;
    int i = -1;
    if (!kinf__dc_ok(d) || !name || !out) { return KINF_ERR_INVAL; }
    if (!d->st.rounds) { if (!quiet) { KINF__DC_ERR(d, NOT_DISCOVERED, name, 0); } return KINF_ERR_STATE; }
    t = &d->tab[d->cur];
    n = strlen(name);
    if (name[0] == '/') {
        /* /api/V/PLURAL or /apis/G/V/PLURAL: that group's resource, at the version named */
        const char* segs[4];
        size_t lens[4];
        int k = 0;
        const char* p = name + 1;
        while (k < 4 && *p) {
            const char* e = strchr(p, '/');
            segs[k] = p; lens[k] = e ? (size_t)(e - p) : strlen(p);
            k++;
            if (!e) { p = ""; break; }
            p = e + 1;
        }
        if (*p == 0 && k == 3 && lens[0] == 3 && !memcmp(segs[0], "api", 3) && lens[2] && lens[1] < sizeof(d->pv)) {
            i = kinf__dc_find(t, segs[2], lens[2], "", 0, 0, 0);
            if (i >= 0 && (strlen(kinf__dc_s(t, t->res[i].plural)) != lens[2] || memcmp(kinf__dc_s(t, t->res[i].plural), segs[2], lens[2]))) { i = -1; }
            if (i >= 0) { memcpy(d->pv, segs[1], lens[1]); d->pv[lens[1]] = 0; }
        } else if (*p == 0 && k == 4 && lens[0] == 4 && !memcmp(segs[0], "apis", 4) && lens[3] && lens[2] < sizeof(d->pv)) {
            i = kinf__dc_find(t, segs[3], lens[3], segs[1], lens[1], 0, 0);
            if (i >= 0 && (strlen(kinf__dc_s(t, t->res[i].plural)) != lens[3] || memcmp(kinf__dc_s(t, t->res[i].plural), segs[3], lens[3]))) { i = -1; }
            if (i >= 0) { memcpy(d->pv, segs[2], lens[2]); d->pv[lens[2]] = 0; }
        }
        if (i >= 0) { kinf__dc_view(t, &t->res[i], out); out->version = d->pv; return KINF_OK; }
    } else if ((dot = strchr(name, '.')) != 0) {
        /* NAME.GROUP, else NAME.VERSION.GROUP */
        size_t rl = (size_t)(dot - name);
        const char* rest = dot + 1;
        const char* dot2 = strchr(rest, '.');
        if (rl && *rest) { i = kinf__dc_find(t, name, rl, rest, strlen(rest), 0, 0); }
        if (i < 0 && rl && dot2 && dot2 > rest && dot2[1] && (size_t)(dot2 - rest) < sizeof(d->pv)) {
            /* the version named need not be the one discovery prefers: the informer reads that one */
            i = kinf__dc_find(t, name, rl, dot2 + 1, strlen(dot2 + 1), 0, 0);
            if (i >= 0) {
                memcpy(d->pv, rest, (size_t)(dot2 - rest)); d->pv[dot2 - rest] = 0;
                kinf__dc_view(t, &t->res[i], out); out->version = d->pv;
                return KINF_OK;
            }
        }
    } else if (n) {
        i = kinf__dc_find(t, name, n, 0, 0, 0, 0);
    }
    if (i < 0) { if (!quiet) { KINF__DC_ERR(d, UNKNOWN_RESOURCE, name, 0); } return KINF_ERR_INVAL; }
    kinf__dc_view(t, &t->res[i], out);
    return KINF_OK;
}
KINF_API int kinf_discovery_resolve(kinf_discovery_t* d, const char* name, kinf_resource_t* out) { return kinf__dc_resolve(d, name, out, 0); }
KINF_API int kinf_discovery_count(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->tab[d->cur].n : 0; }
KINF_API int kinf_discovery_at(kinf_discovery_t* d, int i, kinf_resource_t* out) {
    if (!kinf__dc_ok(d) || !out || i < 0 || i >= d->tab[d->cur].n) { return 0; }
    kinf__dc_view(&d->tab[d->cur], &d->tab[d->cur].res[i], out);
    return 1;
}
KINF_API int kinf_discovery_refresh(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return KINF_ERR_INVAL; }
    d->want_round = 1;
    return KINF_OK;
}
KINF_API int kinf_discovery_state(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return KINF_DISC_NONE; }
    if (d->phase == KINF__DP_RUNNING || (d->phase == KINF__DP_IDLE && d->want_round)) { return KINF_DISC_RUNNING; }
    if (d->phase == KINF__DP_BACKOFF) { return KINF_DISC_BACKOFF; }
    return d->st.rounds ? KINF_DISC_DONE : KINF_DISC_NONE;
}
KINF_API uint64_t kinf_discovery_rounds(kinf_discovery_t* d) { return kinf__dc_ok(d) ? d->st.rounds : 0; }
KINF_API kinf_discovery_stats_t kinf_discovery_stats(kinf_discovery_t* d) {
    kinf_discovery_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__dc_ok(d)) { return s; }
    s = d->st;
    s.bytes_read = d->conn.bytes_read; s.bytes_written = d->conn.bytes_written;
    s.max_resources = (uint32_t)d->max_res;
    s.names_capacity = d->names_bytes;
    s.doc_capacity = d->doc_bytes;
    s.mem_used = d->mem_layout; s.mem_capacity = d->mem_size;
    return s;
}
KINF_API void kinf_discovery_shutdown(kinf_discovery_t* d) {
    if (!kinf__dc_ok(d)) { return; }
#ifndef KINF_ENGINE_ONLY
    kinf__sock_close(&d->conn);
#endif
    kinf__conn_drop(&d->conn);
    d->conn.close_wanted = 0;
    if (d->phase == KINF__DP_RUNNING) { d->phase = KINF__DP_IDLE; d->want_round = 1; }
}

/* >>discovery setup */
typedef struct kinf__dc_layout_t { size_t res[2], pool[2], gv, doc, conn, total; } kinf__dc_layout_t;
static void kinf__dc_defaults(const kinf_discovery_desc_t* in, kinf_discovery_desc_t* o, kinf_conn_desc_t* conn) {
    *o = *in;
    if (o->max_resources <= 0) { o->max_resources = 256; }
    if (o->max_resources > 65535) { o->max_resources = 65535; }
    if (o->names_bytes == 0) { o->names_bytes = (size_t)o->max_resources * 64u; }
    if (o->names_bytes < 256) { o->names_bytes = 256; }
    if (o->names_bytes > (16u << 20)) { o->names_bytes = 16u << 20; }
    if (o->max_group_versions <= 0) { o->max_group_versions = 128; }
    if (o->max_group_versions > 4096) { o->max_group_versions = 4096; }
    if (o->doc_bytes == 0) { o->doc_bytes = 64u * 1024u; }
    if (o->doc_bytes < 4096) { o->doc_bytes = 4096; }
    if (o->doc_bytes > (64u << 20)) { o->doc_bytes = 64u << 20; }
    *conn = kinf__conn_desc_for(in->connection, in->conn);
}
static kinf__dc_layout_t kinf__dc_layout(const kinf_discovery_desc_t* o, const kinf_conn_desc_t* conn) {
    kinf__dc_layout_t l;
    size_t p = kinf__align8(sizeof(struct kinf_discovery_t));
    int k;
    for (k = 0; k < 2; k++) {
        l.res[k] = p; p = kinf__align8(p + (size_t)o->max_resources * sizeof(kinf__dres));
        l.pool[k] = p; p = kinf__align8(p + o->names_bytes);
    }
    l.gv = p; p = kinf__align8(p + (size_t)o->max_group_versions * sizeof(kinf__dgv));
    l.doc = p; p = kinf__align8(p + o->doc_bytes);
    l.total = kinf__conn_layout_end(p, &l.conn, conn);
    return l;
}
KINF_API size_t kinf_discovery_size(const kinf_discovery_desc_t* desc) {
    kinf_discovery_desc_t o;
    kinf_conn_desc_t conn;
    if (!desc) { return 0; }
    kinf__dc_defaults(desc, &o, &conn);
    return kinf__dc_layout(&o, &conn).total;
}
KINF_API kinf_discovery_t* kinf_discovery_init(void* mem, size_t size, const kinf_discovery_desc_t* desc) {
    kinf_discovery_desc_t o;
    kinf_conn_desc_t conn;
    kinf__dc_layout_t l;
    kinf_discovery_t* d;
    uint8_t* base;
    int k;
    if (!mem || !desc) { return 0; }
    kinf__dc_defaults(desc, &o, &conn);
    l = kinf__dc_layout(&o, &conn);
    base = kinf__conn_base(mem, size, l.total, &conn, "discovery");
    if (!base) { return 0; }
    d = (kinf_discovery_t*)(void*)base;
    memset(d, 0, sizeof(*d));
    d->logger = conn.logger;
    kinf__strlcpy(d->tag, conn.tag ? conn.tag : "kinformer", sizeof(d->tag));
    d->max_res = o.max_resources; d->max_gv = o.max_group_versions;
    d->names_bytes = o.names_bytes; d->doc_bytes = o.doc_bytes;
    d->legacy_only = (uint8_t)(o.legacy_only != 0);
    d->mem_size = size; d->mem_layout = l.total;
    for (k = 0; k < 2; k++) {
        d->tab[k].res = (kinf__dres*)(void*)(base + l.res[k]);
        d->tab[k].pool = (char*)(base + l.pool[k]);
        d->tab[k].pool[0] = 0; d->tab[k].used = 1; d->tab[k].n = 0;
    }
    d->gv = (kinf__dgv*)(void*)(base + l.gv);
    d->doc = base + l.doc;
    if (!kinf__conn_setup(&d->conn, &conn, &kinf__dc_ops, d, base + l.conn, d->prefix, sizeof(d->prefix))) { return 0; }
    d->conn.retry_stale = 1;
    d->conn.where = d->reqpath;
    d->rng = kinf__drv_seed(conn.random_seed);
    d->scan.ev = d->doc; d->scan.ev_cap = d->doc_bytes;
    d->scan.rules = 0;
    for (k = 0; k < KINF__CAP_COUNT; k++) { d->scan.cbuf[k] = d->capbuf[k]; d->scan.ccap[k] = sizeof(d->capbuf[k]); }
    d->magic = KINF__DISC_MAGIC;
    return d;
}
#endif /* KINF_NO_FACTORY */
