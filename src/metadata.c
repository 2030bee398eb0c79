#ifndef KINF_NO_METADATA_ONLY
/* >>metadata  metadata-only informers (client-go's metadatainformer). The
   requests ask for PartialObjectMetadataList (lists) or PartialObjectMetadata
   (watches), and plain JSON as the fallback a server may choose; either way
   each object is projected to its "metadata" (or the keep paths under it),
   so handlers and the lister see the same thing whichever the server sent. */
/* The rules of a metadata-only informer: "metadata" kept when no path is;
   -1 when they keep metadata only, else the index of a keep path outside it. */
static int kinf__meta_rules(kinf__rules* r) {
    int i;
    if (r->nkeep == 0) { kinf__rule_parse(r, &r->keep[r->nkeep++], "metadata"); return -1; }
    for (i = 0; i < r->nkeep; i++) {
        if (r->keep[i].len[0] != 8 || memcmp(r->buf + r->keep[i].off[0], "metadata", 8)) { return i; }
    }
    return -1;
}
/* the Accept header of a request of this kind */
static const char* kinf__meta_accept(const kinf_informer_t* inf, int watch) {
    if (!inf->meta_only) { return "Accept: application/json\r\n"; }
    return watch ? "Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json\r\n"
                 : "Accept: application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json\r\n";
}
#endif
static int kinf__setup_check(const kinf_desc_t* d, const kinf_conn_desc_t* cd, kinf__setup_out* o, kinf__why* w) {
    char prefix[KINF__MAX_STR];
    int i;
    if (!cd->server || !cd->server[0]) { return KINF__REFUSE(w, CONFIG_NO_SERVER, 0, 0); }
    if (!d->resource || !d->resource[0]) { return KINF__REFUSE(w, CONFIG_NO_RESOURCE, 0, 0); }
    if (!kinf__conn_check(cd, &o->conn, prefix, sizeof(prefix), w)) { return 0; }
    if (!kinf__setup_path(o->path, prefix, d->resource, d->namespace_)) { return KINF__REFUSE(w, CONFIG_BAD_RESOURCE, d->resource, 0); }
    if (!kinf__fits(d->namespace_, KINF__MAX_NAME)) { return KINF__REFUSE(w, CONFIG_TOO_LONG, "namespace_", 0); }
    if (!kinf__fits(d->label_selector, KINF__MAX_STR) || !kinf__fits(d->field_selector, KINF__MAX_STR)) {
        return KINF__REFUSE(w, CONFIG_TOO_LONG, "selector", 0);
    }
    if (!kinf__conn_check_token(cd, w)) { return 0; }
    /* projection rules. The identity is captured whatever they say, and the
       object's fields hold it, so the projected JSON repeats it only when a
       rule keeps it. */
    if (d->keep_count > 0) {
        if (d->keep_count > KINF_MAX_RULES) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, 0, 0); }
        for (i = 0; i < d->keep_count; i++) {
            if (!kinf__rule_parse(o->rules, &o->rules->keep[o->rules->nkeep++], d->keep[i])) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->keep[i], 0); }
        }
    }
#ifndef KINF_NO_METADATA_ONLY
    if (d->metadata_only && (i = kinf__meta_rules(o->rules)) >= 0) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->keep[i], " (metadata_only: keep paths under metadata)"); }
#else
    if (d->metadata_only) { return KINF__REFUSE(w, METADATA_ONLY_UNAVAILABLE, 0, 0); }
#endif
#ifndef KINF_NO_SELECTOR
    /* the selectors: what they read is kept, so that an object the server
       sends outside them can be told and refused */
    if (kinf_selector_parse(o->sel, d->label_selector, d->field_selector, w->num, sizeof(w->num)) != KINF_OK) {
        return KINF__REFUSE(w, CONFIG_BAD_SELECTOR, w->num, 0);
    }
    if (!kinf__sel_rules(o->rules, o->sel, d->metadata_only != 0)) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, " (with the paths the selectors read)", 0); }
#endif
    if (!d->no_default_drop) { kinf__rule_parse(o->rules, &o->rules->drop[o->rules->ndrop++], "metadata.managedFields"); }
    for (i = 0; i < d->drop_count; i++) {
        if (o->rules->ndrop >= KINF_MAX_RULES) { return KINF__REFUSE(w, CONFIG_TOO_MANY_RULES, 0, 0); }
        if (!kinf__rule_parse(o->rules, &o->rules->drop[o->rules->ndrop++], d->drop[i])) { return KINF__REFUSE(w, CONFIG_BAD_PATH, d->drop[i], 0); }
    }
#ifndef KINF_NO_SELECTOR
    kinf__sel_settle(o->sel, o->rules);
#endif
    return 1;
}
/* kinf_init's and kinf_check's one path: the defaults, the layout, the size,
   then kinf__setup_check. With mem (kinf_init) the context is cleared there
   and the checks build into it (o is filled in); without (kinf_check) they
   build into the scratch o points to. Returns KINF_LOGITEM_OK, or the item
   of the refusal with s->why set. */
typedef struct kinf__setup_t {
    kinf_desc_t d;                /* desc with the defaults applied */
    kinf_conn_desc_t cd;          /* its connection, with the defaults applied */
    kinf__setup_layout_t l;
    const char* clamped;          /* the last field that was out of range, or NULL */
    kinf__why why;
} kinf__setup_t;
static uint32_t kinf__setup(void* mem, size_t size, const kinf_desc_t* desc, kinf__setup_out* o, kinf__setup_t* s) {
    memset(&s->why, 0, sizeof(s->why));
    if (!desc) { KINF__REFUSE(&s->why, BAD_ARGUMENT, "desc is NULL", 0); return s->why.item; }
    s->d = kinf__setup_defaults_ex(desc, &s->clamped);
    s->cd = kinf__conn_desc(&s->d);
    kinf__conn_defaults(&s->cd, &s->clamped);
    s->l = kinf__setup_layout(&s->d, &s->cd);
    if (s->l.total == SIZE_MAX) { /* kinf_informer_size said SIZE_MAX: no buffer is enough */
        KINF__REFUSE(&s->why, MEMORY_OVERFLOW, 0, 0);
        return s->why.item;
    }
    if (size < s->l.total) {
        char num[21];
        char* t = s->why.num;
        t[0] = 0;
        kinf__cat(t, sizeof(s->why.num), kinf__utoa(num, (uint64_t)size));
        kinf__cat(t, sizeof(s->why.num), " bytes given, ");
        kinf__cat(t, sizeof(s->why.num), kinf__utoa(num, (uint64_t)s->l.total));
        kinf__cat(t, sizeof(s->why.num), " needed");
        KINF__REFUSE(&s->why, MEMORY_TOO_SMALL, t, 0);
        return s->why.item;
    }
    if (mem) {
        uint8_t* base = kinf__setup_base(mem);
        kinf_informer_t* inf = (kinf_informer_t*)(void*)base;
        memset(inf, 0, sizeof(*inf));
        o->conn = kinf__conn_into(&inf->conn, kinf__conn_tls_bytes(&s->cd) ? base + s->l.tls : 0);
        o->path = inf->path; o->rules = &inf->rules;
#ifndef KINF_NO_SELECTOR
        o->sel = &inf->sel;
#endif
    }
    if (!kinf__setup_check(&s->d, &s->cd, o, &s->why)) { return s->why.item; }
    return KINF_LOGITEM_OK;
}

