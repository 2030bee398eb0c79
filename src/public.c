/* >>public */
KINF_API const char* kinf_version(void) { return KINF_VERSION; }

KINF_API size_t kinf_informer_size(const kinf_desc_t* desc) {
    kinf_desc_t d;
    kinf_conn_desc_t cd;
    const char* clamped = 0;
    if (!desc) { return 0; }
    d = kinf__setup_defaults(desc);
    cd = kinf__conn_desc(&d);
    kinf__conn_defaults(&cd, &clamped);
    return kinf__setup_layout(&d, &cd).total;
}

KINF_API kinf_informer_t* kinf_init(void* mem, size_t size, const kinf_desc_t* desc) {
    kinf__setup_t s;
    kinf__setup_out o;
    kinf_informer_t* inf;
    uint8_t* base;
    char tmp[400];
    const char* tag = (desc && desc->tag) ? desc->tag : "kinformer";
    if (!desc) { return 0; } /* no logger to tell; kinf_check(NULL, ...) says BAD_ARGUMENT */
    if (!mem) { /* a desc no buffer can hold is said as such, whatever mem is */
        if (kinf_informer_size(desc) == SIZE_MAX) {
            kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_MEMORY_OVERFLOW, __LINE__, tmp, sizeof(tmp), 0, 0);
        } else {
            kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, KINF_LOGITEM_BAD_ARGUMENT, __LINE__, tmp, sizeof(tmp), "kinf_init", ": mem is NULL");
        }
        return 0;
    }
    memset(&o, 0, sizeof(o)); /* kinf__setup fills it when it accepts; -Os cannot see that */
    if (kinf__setup(mem, size, desc, &o, &s) != KINF_LOGITEM_OK) {
        kinf__log2(&desc->logger, tag, KINF_LOG_ERROR, s.why.item, s.why.line, tmp, sizeof(tmp), s.why.d1, s.why.d2);
        return 0;
    }
    /* accepted: kinf__setup cleared the context, and the checks built the
       host, Host header, path and rules into it */
    base = kinf__setup_base(mem);
    inf = (kinf_informer_t*)(void*)base;
    inf->magic = KINF__MAGIC;
    inf->logger = s.d.logger.func ? s.d.logger : s.cd.logger;
    kinf__strlcpy(inf->tag, desc->tag ? desc->tag : s.cd.tag ? s.cd.tag : "kinformer", sizeof(inf->tag));
    inf->mem_size = size; inf->mem_layout = s.l.total;
    inf->max_objects = s.d.max_objects; inf->max_tokens = s.d.max_tokens; inf->fifo_cap = s.d.fifo_capacity;
    inf->max_handlers = s.d.max_handlers; inf->max_indexes = s.d.max_indexes; inf->ixk = s.d.max_index_values; inf->budget = s.d.dispatch_budget;
    inf->pf_top = 0; inf->pagesz = 0;
#if defined(__linux__) && !defined(KINF_ENGINE_ONLY)
    if (s.d.prefault_store) { long pg = sysconf(_SC_PAGESIZE); inf->pagesz = pg > 0 ? (size_t)pg : 0; }
#endif
    inf->list_limit = s.d.list_limit; inf->store_bytes = s.d.store_bytes; inf->max_event_bytes = s.d.max_event_bytes;
    inf->resync_ms = s.d.resync_period_ms > 0 ? s.d.resync_period_ms : 0;
    inf->watch_timeout_s = s.d.watch_timeout_s;
    inf->skip_unchanged = (uint8_t)(s.d.skip_unchanged != 0);
#ifndef KINF_ENGINE_ONLY
    inf->rng = s.d.random_seed ? s.d.random_seed : kinf__drv_seed(s.cd.random_seed);
#else
    inf->rng = s.d.random_seed ? s.d.random_seed : s.cd.random_seed ? s.cd.random_seed : (uint32_t)((uintptr_t)mem * 2654435761u) | 1u; /* no clock here: give desc.random_seed */
#endif
    kinf__conn_init(&inf->conn, &s.cd, &o.conn, &kinf__rf_ops, inf, base + s.l.rbuf, kinf__conn_tls_bytes(&s.cd) ? base + s.l.tls : 0);
    inf->conn.last_error = &inf->last_error;
    inf->conn.wbuf = inf->wbuf;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_mode = (uint8_t)(s.d.watch_list == KINF_WATCH_LIST_ON || s.d.watch_list == KINF_WATCH_LIST_OFF ? s.d.watch_list : KINF_WATCH_LIST_AUTO);
    inf->wl_timeout_ms = (uint32_t)s.d.watch_list_timeout_ms;
#endif
#ifndef KINF_NO_METADATA_ONLY
    inf->meta_only = s.d.metadata_only != 0;
#endif
    /* checked by kinf__setup_check: they fit */
    if (s.d.namespace_ && s.d.namespace_[0]) { /* a namespaced resource of one namespace: the path ends ".../namespaces/NS/plural" */
        const char* last = strrchr(inf->path, '/'); /* not a search from the start: the server URL's own path may hold "/namespaces/" */
        size_t nl = strlen(s.d.namespace_), at = (size_t)(last - inf->path);
        if (at >= 12 + nl && !memcmp(inf->path + at - nl - 12, "/namespaces/", 12) && !memcmp(inf->path + at - nl, s.d.namespace_, nl)) {
            inf->ns_off = (uint16_t)(at - nl); inf->ns_len = (uint16_t)nl;
        }
    }
    kinf__strlcpy(inf->lsel, s.d.label_selector, sizeof(inf->lsel));
    kinf__strlcpy(inf->fsel, s.d.field_selector, sizeof(inf->fsel));
    /* arrays */
    inf->slots = (kinf__slot*)(void*)(base + s.l.slots);
    inf->kb = (uint32_t*)(void*)(base + s.l.kb); inf->kb_n = s.l.kbn;
    inf->ix = (kinf__ixlink*)(void*)(base + s.l.ix);
    inf->ixv = (uint32_t*)(void*)(base + s.l.ixv);
    inf->ixb = (int32_t*)(void*)(base + s.l.ixb); inf->ixb_mask = s.l.ixbn - 1u;
    inf->idx = (kinf__index*)(void*)(base + s.l.idx);
    inf->handlers = (kinf__hslot*)(void*)(base + s.l.handlers);
    inf->toks = (jsmntok_t*)(void*)(base + s.l.toks);
    inf->ev = base + s.l.ev;
    inf->arena = base + s.l.arena;
    /* the read buffer is cleared, as the context is: the fixed part is
       resident from the start, whatever the first reads' sizes */
#ifndef KINF_NO_GZIP
    if (s.l.gz) { inf->conn.gz = base + s.l.gz; ((kinf__gz*)inf->conn.gz)->crc_ready = 0; }
#endif
    memset(inf->conn.rbuf, 0, inf->conn.rcap);
    /* slots and their index links are set up when first used, and a custom
       index's buckets when it is added: memory the informer does not use
       stays untouched (no RSS) */
    inf->free_head = -1; inf->slot_hi = 0;
#ifndef KINF_NO_FACTORY
    inf->obj_cap = inf->max_objects;
#endif
    memset(inf->kb, 0xff, (size_t)s.l.kbn * 4u);
    memset(inf->ixb, 0xff, (size_t)s.l.ixbn * 4u);
    memset(inf->idx, 0, (size_t)(1 + inf->max_indexes) * sizeof(kinf__index));
    kinf__strlcpy(inf->idx[0].name, "namespace", sizeof(inf->idx[0].name));
    inf->nidx = 1;
    inf->fh = inf->ft = -1;
    /* scanner capture buffers */
    inf->scan.ev = inf->ev; inf->scan.ev_cap = inf->max_event_bytes;
    inf->scan.rules = &inf->rules;
    inf->scan.cbuf[KINF__CAP_TYPE] = inf->c_type; inf->scan.ccap[KINF__CAP_TYPE] = sizeof(inf->c_type);
    inf->scan.cbuf[KINF__CAP_NAME] = inf->c_name; inf->scan.ccap[KINF__CAP_NAME] = sizeof(inf->c_name);
    inf->scan.cbuf[KINF__CAP_NS] = inf->c_ns; inf->scan.ccap[KINF__CAP_NS] = sizeof(inf->c_ns);
    inf->scan.cbuf[KINF__CAP_UID] = inf->c_uid; inf->scan.ccap[KINF__CAP_UID] = sizeof(inf->c_uid);
    inf->scan.cbuf[KINF__CAP_RV] = inf->c_rv; inf->scan.ccap[KINF__CAP_RV] = sizeof(inf->c_rv);
    inf->scan.cbuf[KINF__CAP_LIST_RV] = inf->c_lrv; inf->scan.ccap[KINF__CAP_LIST_RV] = sizeof(inf->c_lrv);
    inf->scan.cbuf[KINF__CAP_CONTINUE] = inf->c_cont; inf->scan.ccap[KINF__CAP_CONTINUE] = sizeof(inf->c_cont);
    inf->last_error = KINF_LOGITEM_OK;
    if (s.clamped) { KINF__WARN(inf, CONFIG_CLAMPED, s.clamped, 0); }
    return inf;
}

/* the scratch kinf_check's checks build into, in place of a context */
typedef struct kinf__setup_scratch {
    char host[KINF__HOST_BYTES], hosthdr[KINF__HOSTHDR_BYTES], path[KINF__MAX_STR];
#ifdef KINF__PROXY
    char proxy_host[KINF__HOST_BYTES], proxy_auth[KINF__PROXY_AUTH_BYTES];
#endif
    kinf__rules rules;
#ifndef KINF_NO_SELECTOR
    kinf_selector_t sel;
#endif
#ifdef KINF_TLS_BEARSSL
    kinf__tls_ld tls;             /* no block: decodes and counts only */
#endif
} kinf__setup_scratch;
KINF_API uint32_t kinf_check(const kinf_desc_t* desc, size_t size, char* why, size_t cap) {
    kinf__setup_scratch sc;
    kinf__setup_out o;
    kinf__setup_t s;
    uint32_t item;
    memset(&sc, 0, sizeof(sc));
    memset(&o, 0, sizeof(o));
    o.conn.host = sc.host; o.conn.hosthdr = sc.hosthdr; o.path = sc.path; o.rules = &sc.rules;
#ifdef KINF__PROXY
    o.conn.proxy_host = sc.proxy_host; o.conn.proxy_auth = sc.proxy_auth;
#endif
#ifndef KINF_NO_SELECTOR
    o.sel = &sc.sel;
#endif
#ifdef KINF_TLS_BEARSSL
    o.conn.tls = &sc.tls;
#endif
    item = kinf__setup(0, size, desc, &o, &s);
    kinf__why_line(why, cap, item, 0, s.why.d1, s.why.d2);
    return item;
}

#ifndef KINF_ENGINE_ONLY
KINF_API void kinf_log_stderr(const char* tag, uint32_t level, uint32_t item, const char* message,
                              uint32_t line, const char* file, void* user) {
    static const char* levels[] = { "panic", "error", "warning", "info" };
    char buf[512];
    size_t n, off;
    int tries;
    (void)line; (void)file;
    if (user && level > *(const uint32_t*)user) { return; }
    n = kinf__log_put(buf, sizeof(buf), 0, tag ? tag : "kinformer", 1);
    n = kinf__log_put(buf, sizeof(buf), n, ": ", 1);
    n = kinf__log_put(buf, sizeof(buf), n, levels[level < 4 ? level : 3], 1);
    n = kinf__log_put(buf, sizeof(buf), n, " ", 1);
    n = kinf__log_put(buf, sizeof(buf), n, kinf_log_item_name(item), 1);
    if (message && message[0]) {
        n = kinf__log_put(buf, sizeof(buf), n, ": ", 1);
        n = kinf__log_put(buf, sizeof(buf), n, message, 1);
    }
    if (n > sizeof(buf) - 1) { n = sizeof(buf) - 1; } /* it is not: the text stops at 511 */
    buf[n++] = '\n';
    /* one write for the line; after a short write or EINTR, a few more for the rest */
    for (off = 0, tries = 0; off < n && tries < 8; tries++) {
        ssize_t w = write(STDERR_FILENO, buf + off, n - off);
        if (w < 0 && errno == EINTR) { continue; }
        if (w <= 0) { break; }
        off += (size_t)w;
    }
}
#endif

KINF_API int kinf_add_handler(kinf_informer_t* inf, const kinf_handler_t* h) { return kinf_add_handler_resync(inf, h, 0); }
KINF_API int kinf_add_handler_resync(kinf_informer_t* inf, const kinf_handler_t* h, int resync_period_ms) {
    int id;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!h) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_add_handler", ": handler is NULL"); return KINF_ERR_INVAL; }
    id = inf->nhandlers;
    if (!inf->conn.in_callback) {
        /* the first free slot (one removed); inside a callback a delivery
           loop is under way, which must reach the new handler after the
           ones it has called: the end of the table */
        int i;
        for (i = 0; i < inf->nhandlers; i++) { if (inf->handlers[i].gone) { id = i; break; } }
    }
    if (id >= inf->max_handlers) { KINF__ERR(inf, HANDLERS_FULL, 0, 0); return KINF_ERR_NOMEM; }
    memset(&inf->handlers[id], 0, sizeof(inf->handlers[id])); /* the caller's memory: not cleared at kinf_init */
    inf->handlers[id].h = *h;
    inf->handlers[id].period = resync_period_ms;
    if (id == inf->nhandlers) { inf->nhandlers++; }
    if (inf->synced) { kinf__hd_resync_plan(inf, &inf->handlers[id], 1); } /* else at has-synced */
    {
        /* a late handler first learns every object its peers know about */
        int32_t s;
        uint8_t was = inf->conn.in_callback;
        inf->conn.in_callback = 1;
        for (s = 0; s < inf->slot_hi; s++) {
            const kinf__slot* sl = &inf->slots[s];
            kinf_object_t o;
            if (!(sl->flags & KINF__F_LIVE) || !(sl->flags & KINF__F_KNOWN)) { continue; }
            /* the table's copy: none, or a callback removed it on the way */
            if (!inf->handlers[id].h.on_add) { break; }
            /* the version its peers saw: a queued change, or the one they
               are being given (kinf__hd_dispatch), comes after */
            kinf__store_view(inf, (sl->old && ((sl->flags & KINF__F_PENDING) || s + 1 == inf->hd_slot1)) ? sl->old : sl->cur, s, &o);
            inf->handlers[id].h.on_add(inf, &o, inf->handlers[id].h.user);
        }
        inf->conn.in_callback = was;
    }
    return id;
}
KINF_API int kinf_remove_handler(kinf_informer_t* inf, int id) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (id < 0 || id >= inf->nhandlers || inf->handlers[id].gone) {
        KINF__ERR(inf, BAD_ARGUMENT, "kinf_remove_handler", ": no handler has that id");
        return KINF_ERR_INVAL;
    }
    /* no callback: a delivery loop under way passes it by */
    memset(&inf->handlers[id], 0, sizeof(inf->handlers[id]));
    inf->handlers[id].gone = 1;
    /* the free slots at the end go back (kinf_add_handler clears a slot it
       takes), but not under a delivery loop */
    while (!inf->conn.in_callback && inf->nhandlers > 0 && inf->handlers[inf->nhandlers - 1].gone) { inf->nhandlers--; }
    return KINF_OK;
}
/* either kind of index function: fn (a kinf_index_values_fn when multi) */
static int kinf__add_index(kinf_informer_t* inf, const char* call, const char* name, kinf_index_fn fn, int multi, void* user) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, call, ": fn is NULL"); return KINF_ERR_INVAL; }
    if (inf->started || inf->snap_loaded) { KINF__ERR(inf, INDEX_AFTER_START, name, 0); return KINF_ERR_STATE; }
    if (inf->nidx > inf->max_indexes) { KINF__ERR(inf, INDEXES_FULL, name, 0); return KINF_ERR_NOMEM; }
    memset(kinf__ixhead(inf, inf->nidx, 0), 0xff, (size_t)(inf->ixb_mask + 1u) * 4u);
    inf->idx[inf->nidx].fn = fn;
    inf->idx[inf->nidx].user = user;
    if (multi) { inf->ix_multi |= 1u << inf->nidx; }
    kinf__strlcpy(inf->idx[inf->nidx].name, name ? name : "", sizeof(inf->idx[0].name));
    return inf->nidx++;
}
KINF_API int kinf_add_index(kinf_informer_t* inf, const char* name, kinf_index_fn fn, void* user) {
    return kinf__add_index(inf, "kinf_add_index", name, fn, 0, user);
}
KINF_API int kinf_add_index_values(kinf_informer_t* inf, const char* name, kinf_index_values_fn fn, void* user) {
    return kinf__add_index(inf, "kinf_add_index_values", name, fn ? (kinf_index_fn)(void (*)(void))fn : 0, 1, user);
}
#ifndef KINF_ENGINE_ONLY /* the built-in driver's calls */
KINF_API int kinf_timeout_ms(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return -1; }
    if (inf->stop) { return 0; }
    return kinf__drv_timeout(&inf->conn);
}
KINF_API int kinf_fd(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->conn.sock.fd : -1; }
KINF_API unsigned kinf_wants(kinf_informer_t* inf) { return kinf__ok(inf) ? kinf__drv_wants(&inf->conn) : 0u; }
KINF_API uint32_t kinf_fd_generation(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->conn.sock_gen : 0u; }
KINF_API int kinf_poll(kinf_informer_t* inf, int timeout_ms) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (kinf__in_callback(inf, "kinf_poll")) { return KINF_ERR_STATE; }
    if (inf->conn.own_transport) { KINF__ERR(inf, OWN_TRANSPORT, 0, 0); return KINF_ERR_STATE; }
    if (inf->fatal) { inf->last_error = inf->fatal_item; return inf->fatal; } /* logged when it happened: the sticky error again */
    if (!inf->stop) { kinf__drv_poll(&inf->conn, timeout_ms); } /* stopped: no wait, no I/O */
    if (!inf->stop) { inf->conn.now = kinf_now_ms(); kinf__hd_dispatch(inf); }
    if (inf->fatal) { kinf__sock_close(&inf->conn); inf->conn.close_wanted = 0; }
    kinf__drv_tell(&inf->conn); /* the queue's room decides whether the socket is read */
    return inf->fatal;
}
KINF_API int kinf_run(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    while (!inf->stop) {
        int r = kinf_poll(inf, 1000);
        if (r != KINF_OK) { return r; }
    }
    return KINF_OK;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API void kinf_stop(kinf_informer_t* inf) { if (inf) { inf->stop = 1; } }
KINF_API int kinf_flush(kinf_informer_t* inf) {
    int n, stop;
    if (!kinf__ok(inf) || kinf__in_callback(inf, "kinf_flush")) { return 0; }
    n = (int)inf->flen;
    stop = inf->stop;
    inf->stop = 0;
    {
        int budget = inf->budget;
        inf->budget = 0;
        inf->conn.now = kinf__now(inf); /* a transport of the caller's gives the time */
        kinf__hd_dispatch(inf);
        inf->budget = budget;
    }
    inf->stop = stop;
#ifndef KINF_ENGINE_ONLY
    kinf__drv_tell(&inf->conn); /* room in the queue again: the socket is read */
#endif
    return n - (int)inf->flen;
}
KINF_API int kinf_stopped(kinf_informer_t* inf) { return inf ? inf->stop : 1; }
KINF_API void kinf_shutdown(kinf_informer_t* inf) {
    if (!kinf__ok(inf)) { return; }
#ifndef KINF_ENGINE_ONLY
    kinf__sock_close(&inf->conn);
#endif
    kinf__rf_drop(inf);
    inf->conn.close_wanted = 0;
    inf->phase = KINF__PH_IDLE;
}
KINF_API int kinf_has_synced(kinf_informer_t* inf) { return kinf__ok(inf) && inf->synced; }
KINF_API int kinf_count(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->nlive : 0; }
KINF_API int kinf_get(kinf_informer_t* inf, const char* key, kinf_object_t* out) {
    int32_t s;
    size_t kl;
    if (!kinf__ok(inf)) { return 0; }
    if (!key || !out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_get", ": key or out is NULL"); return 0; }
    kl = strlen(key);
    s = kinf__hash_find(inf, key, kl, kinf__fnv(key, kl));
    if (s < 0 || !kinf__store_visible(inf, s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, s, out);
    return 1;
}
KINF_API int kinf_fresh(kinf_informer_t* inf, uint64_t max_age_ms) {
    int64_t age;
    if (!kinf__ok(inf)) { return 0; }
    age = kinf__fresh_age(inf);
    if (age >= 0 && (uint64_t)age <= max_age_ms) { return 1; }
    inf->last_error = KINF_LOGITEM_DATA_STALE; /* a refusal, not an event: no log line */
    return 0;
}
KINF_API int kinf_get_fresh(kinf_informer_t* inf, const char* key, uint64_t max_age_ms, kinf_object_t* out) {
    return kinf_fresh(inf, max_age_ms) && kinf_get(inf, key, out);
}
KINF_API int kinf_lookup(kinf_informer_t* inf, kinf_handle_t h, kinf_object_t* out) {
    uint32_t s = (h.id & ((1u << KINF__SLOT_BITS) - 1u));
    if (!kinf__ok(inf)) { return 0; }
    if (!out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_lookup", ": out is NULL"); return 0; }
    if (s == 0 || s > (uint32_t)inf->slot_hi) { return 0; }
    s--;
    if (inf->slots[s].gen != (h.id >> KINF__SLOT_BITS) || !kinf__store_visible(inf, (int32_t)s)) { return 0; }
    kinf__store_view(inf, inf->slots[s].cur, (int32_t)s, out);
    return 1;
}
KINF_API int kinf_next(kinf_informer_t* inf, kinf_iter_t* it, kinf_object_t* out) {
    if (!kinf__ok(inf)) { return 0; }
    if (!it || !out) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_next", ": it or out is NULL"); return 0; }
    while (it->pos < (uint32_t)inf->slot_hi) {
        int32_t s = (int32_t)it->pos++;
        if (kinf__store_visible(inf, s)) { kinf__store_view(inf, inf->slots[s].cur, s, out); return 1; }
    }
    return 0;
}
KINF_API int kinf_index_next(kinf_informer_t* inf, int index, const char* value, kinf_iter_t* it, kinf_object_t* out) {
    uint32_t vh;
    if (!kinf__ok(inf)) { return 0; }
    if (!it || !out || !value) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_index_next", ": it, value or out is NULL"); return 0; }
    if (index < 0 || index >= inf->nidx) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_index_next", ": no such index"); return 0; }
    vh = index ? kinf__ix_hash(value) : kinf__fnv_str(value);
    if (it->pos == 0) { it->pos = 1; it->next = *kinf__ixhead(inf, index, vh); }
    while (it->next >= 0) {
        int32_t n = it->next, s = index ? n / inf->ixk : n;
        const kinf__ixlink* l = kinf__ixl(inf, index, n);
        it->next = l->next;
        if (index && *kinf__ixvh(inf, index, n) != vh) { continue; } /* the namespace index: by value below */
        kinf__store_view(inf, inf->slots[s].cur, s, out);
        if (kinf__index_has(inf, index, s, out, value)) { return 1; }
    }
    return 0;
}

/* the implementation's private macros end here (a white-box test that reads
   the internals defines KINF__KEEP_PRIVATE_MACROS) */
#ifndef KINF__KEEP_PRIVATE_MACROS
#undef JSMN_PARENT_LINKS
#undef JSMN_STATIC
#undef JSMN_STRICT
#undef KINF__EXEC_EARLY_MS
#undef KINF__EXEC_ENVP
#undef KINF__DC_ERR
#undef KINF__ARENA_GROW
#undef KINF__OBJ_CAP
#undef KINF__OBJ_GROW
#undef KINF__DC_INFO
#undef KINF__DC_WARN
#undef KINF__DC_WBUF
#undef KINF__DEEP_ESCAPED
#undef KINF__DISC_MAGIC
#undef KINF__CLIENT_MAGIC
#undef KINF__LEADER_MAGIC
#undef KINF__LE_LEASES
#undef KINF__LE_JITTER_TENTHS
#undef KINF__LE_LOG
#undef KINF__CERR
#undef KINF__CWARN
#undef KINF__CONN_MAGIC
#undef KINF__PROXY
#undef KINF__HALT
#undef KINF__RX_UNCLOCKED
#undef KINF__CL_HEAD
#undef KINF__CL_TOKS
#undef KINF__CL_ERR
#undef KINF__DEEP_STRING
#undef KINF__DEEP_WS
#undef KINF__ERR
#undef KINF__FACT_MAGIC
#undef KINF__FA_ERR
#undef KINF__FA_KEEP
#undef KINF__FA_NAMES
#undef KINF__FA_NO_STORE
#undef KINF__FA_STEP
#undef KINF__FA_OBJ_FLOOR
#undef KINF__FREE_OWNER
#undef KINF__NEW_OWNER
#undef KINF__FREE_MIN
#undef KINF__FIT_SCAN
#undef KINF__SL_BITS
#undef KINF__SL_N
#undef KINF__FL_N
#undef KINF__HUB_FW_HEAD
#undef KINF__HUB_LOG
#undef KINF__HUB_MAGIC
#undef KINF__HUB_MAX_LISTEN
#undef KINF__INFO
#undef KINF__KB_EMPTY
#undef KINF__KB_SLOT
#undef KINF__KB_TAG
#undef KINF__MAGIC
#undef KINF__MAX_KEY
#undef KINF__MAX_MEMBERS
#undef KINF__MAX_NAME
#undef KINF__MAX_OBJECTS
#undef KINF__MAX_RV
#undef KINF__MAX_SEGS
#undef KINF__MAX_STR
#undef KINF__MAX_UID
#undef KINF__MT_VALUE
#undef KINF__NOINLINE
#undef KINF__PF_DIV
#undef KINF__PF_MAX
#undef KINF__PF_MIN
#undef KINF__POPULATE_WRITE
#undef KINF__POS
#undef KINF__RECORD_HOOK
#undef KINF__REFUSE
#undef KINF__SCAN_INLINE
#undef KINF__SCAN_OVER
#undef KINF__SCAN_WHY
#undef KINF__SEL_FIELD
#undef KINF__SELFCHECK
#undef KINF__SKIP_UNCHANGED
#undef KINF__SNAP_TOUCH
#undef KINF__GZ_REDO
#undef KINF__GZ_WIN
#undef KINF__GZ_FAST
#undef KINF__SEND_FLAGS
#undef KINF__SLOT_BITS
#undef KINF__SSE2
#undef KINF__AVX2
#undef KINF__NEON
#undef KINF__STRUCT
#undef KINF__STOP64
#undef KINF__STOPMASK
#undef KINF__STEP_BYTES
#undef KINF__TLS_EE_BYTES
#undef KINF__WARN
#undef KINF__WBUF
#undef KINF__WL_INIT
#undef KINF__WQ_LOCK
#undef KINF__WQ_MAGIC
#undef KINF__WQ_MAX_CAP
#undef KINF__WQ_UNLOCK
#undef KINF__YDEPTH
#endif
#endif /* KINFORMER_IMPL_INCLUDED */
#endif /* KINFORMER_IMPLEMENTATION */
