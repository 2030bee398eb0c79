/* >>setup  the descriptor read into the context: URL, path, rules, defaults, layout */
/* resource: "pods" (core/v1), "/api/v1/pods", "/apis/G/V/plural"; into out, KINF__MAX_STR bytes */
static int kinf__setup_path(char* out, const char* prefix, const char* res, const char* ns) {
    static const char* cluster_scoped[] = { "nodes", "namespaces", "persistentvolumes", "componentstatuses", 0 };
    const char* plural = res;
    size_t cap = KINF__MAX_STR, gl = 0;
    int i;
    out[0] = 0;
    if (!kinf__cat(out, cap, prefix)) { return 0; }
    for (i = 0; res[i]; i++) {
        char c = res[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '-' || c == '_')) { return 0; }
    }
    if (res[0] == '/') {
        const char* last = strrchr(res, '/');
        if (strncmp(res, "/api/", 5) != 0 && strncmp(res, "/apis/", 6) != 0) { return 0; }
        plural = last + 1;
        gl = (size_t)(last - res);
        if (!*plural || gl == 0 || strlen(out) + gl >= cap) { return 0; }
        memcpy(out + strlen(out), res, gl);
        out[strlen(prefix) + gl] = 0;
    } else {
        if (strchr(res, '/') || !kinf__cat(out, cap, "/api/v1")) { return 0; }
        for (i = 0; cluster_scoped[i]; i++) { if (!strcmp(res, cluster_scoped[i])) { ns = 0; } }
    }
    if (ns && ns[0]) {
        /* a namespace is a DNS label; anything else could reach the request line */
        for (i = 0; ns[i]; i++) {
            char c = ns[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) { return 0; }
        }
        if (!kinf__cat(out, cap, "/namespaces/") || !kinf__cat(out, cap, ns)) { return 0; }
    }
    return kinf__cat(out, cap, "/") && kinf__cat(out, cap, plural);
}

typedef struct kinf__setup_layout_t { size_t rbuf, slots, kb, ix, ixv, ixb, idx, handlers, toks, ev, arena, tls, total; uint32_t kbn, ixbn; size_t gz; } kinf__setup_layout_t;
/* Applies defaults; *clamped (if given) gets the name of a field that was out of range. */
static kinf_desc_t kinf__setup_defaults_ex(const kinf_desc_t* in, const char** clamped) {
    kinf_desc_t d = *in;
    const char* c = 0;
    if (d.max_objects <= 0) { d.max_objects = KINF_DEFAULT_MAX_OBJECTS; }
    if (d.max_objects > KINF__MAX_OBJECTS) { d.max_objects = KINF__MAX_OBJECTS; c = "max_objects"; }
    if (d.store_bytes == 0) { d.store_bytes = KINF_DEFAULT_STORE_BYTES; }
    if (d.store_bytes > 0xfff00000u) { d.store_bytes = 0xfff00000u; c = "store_bytes"; }
    if (d.max_event_bytes == 0) { d.max_event_bytes = KINF_DEFAULT_EVENT_BYTES; }
    if (d.max_event_bytes < 4096) { d.max_event_bytes = 4096; c = "max_event_bytes"; }
    if (d.max_event_bytes > 0x7ff00000u) { d.max_event_bytes = 0x7ff00000u; c = "max_event_bytes"; }
    if (d.max_tokens <= 0) { d.max_tokens = KINF_DEFAULT_TOKENS; } /* jsmn reads Status objects only */
    if (d.max_tokens < 64) { d.max_tokens = 64; if (in->max_tokens > 0) { c = "max_tokens"; } }
    if (d.fifo_capacity > d.max_objects) { c = "fifo_capacity"; }
    if (d.fifo_capacity <= 0 || d.fifo_capacity > d.max_objects) { d.fifo_capacity = d.max_objects; }
    if (d.max_handlers <= 0) { d.max_handlers = KINF_DEFAULT_HANDLERS; }
    if (d.max_handlers > 256) { d.max_handlers = 256; c = "max_handlers"; }
    if (d.max_indexes == 0) { d.max_indexes = KINF_DEFAULT_INDEXES; } /* zero means the default */
    if (d.max_indexes < 0) { d.max_indexes = 0; }       /* negative: no custom index */
    if (d.max_indexes > 16) { d.max_indexes = 16; c = "max_indexes"; }
    if (d.max_index_values <= 0) { d.max_index_values = 1; }
    if (d.max_index_values > 64) { d.max_index_values = 64; c = "max_index_values"; }
    if (d.list_limit <= 0) { d.list_limit = 500; }
    if (d.watch_timeout_s < 0) { d.watch_timeout_s = 0; }
    if (d.watch_list_timeout_ms <= 0) { d.watch_list_timeout_ms = 10000; }
    if (d.watch_list_timeout_ms < 100) { d.watch_list_timeout_ms = 100; c = "watch_list_timeout_ms"; }
    if (clamped) { *clamped = c; }
    return d;
}
static kinf_desc_t kinf__setup_defaults(const kinf_desc_t* in) { return kinf__setup_defaults_ex(in, 0); }
static kinf__setup_layout_t kinf__setup_layout(const kinf_desc_t* d, const kinf_conn_desc_t* cd) {
    kinf__setup_layout_t l;
    size_t o = kinf__align8(sizeof(struct kinf_informer_t));
    size_t nidx = 1u + (size_t)d->max_indexes;
    kinf__tables_t t;
    l.rbuf = o; o = kinf__setup_add(o, cd->read_bytes);
    t = kinf__tables_layout(o, (size_t)d->max_objects, d->max_indexes, d->max_index_values);
    l.slots = t.slots; l.kb = t.kb; l.ix = t.ix; l.ixv = t.ixv; l.ixb = t.ixb; l.kbn = t.kbn; l.ixbn = t.ixbn;
    o = t.end;
    l.idx = o; o = kinf__setup_add(o, kinf__setup_mul(nidx, sizeof(kinf__index)));
    l.handlers = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_handlers, sizeof(kinf__hslot)));
    l.toks = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)d->max_tokens, sizeof(jsmntok_t)));
    l.ev = o; o = kinf__setup_add(o, d->max_event_bytes);
    l.arena = o; o = kinf__setup_add(o, d->store_bytes);
#ifndef KINF_NO_GZIP
    l.gz = 0;
    if (!d->no_gzip) { l.gz = o; o = kinf__setup_add(o, sizeof(kinf__gz)); }
#endif
    l.tls = o;
    if (kinf__conn_tls_bytes(cd)) { o = kinf__setup_add(o, kinf__conn_tls_bytes(cd)); }
    l.total = kinf__setup_add(o, 8u); /* room to align the start */
    return l;
}
/* where the context starts in the caller's memory: the first 8-byte boundary */
static uint8_t* kinf__setup_base(void* mem) { return (uint8_t*)mem + ((8u - ((uintptr_t)mem & 7u)) & 7u); }

/* What the checks build into: the connection's part, the path, the rules. */
typedef struct kinf__setup_out {
    kinf__conn_out conn;
    char* path;                   /* KINF__MAX_STR */
    kinf__rules* rules;           /* zeroed */
#ifndef KINF_NO_SELECTOR
    kinf_selector_t* sel;         /* zeroed */
#endif
} kinf__setup_out;
