/* >>reflector requests */
static int kinf__rf_build_request(kinf_informer_t* inf, int kind) {
    char* w = inf->wbuf;
    size_t cap = sizeof(inf->wbuf), o = 0;
    char num[21];
    int ok = 1;
    ok &= kinf__put(w, cap, &o, "GET ");
    ok &= kinf__put(w, cap, &o, inf->path);
    if (kind == KINF__PH_WATCH) {
        uint32_t t = inf->watch_timeout_s ? (uint32_t)inf->watch_timeout_s : 300u + kinf__rand(&inf->rng) % 300u;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) { ok &= kinf__wl_query(inf, w, cap, &o); } else
#endif
        {
            ok &= kinf__put(w, cap, &o, "?watch=1&allowWatchBookmarks=true&resourceVersion=");
            ok &= kinf__pct(w, cap, &o, inf->last_rv);
        }
        ok &= kinf__put(w, cap, &o, "&timeoutSeconds=");
        ok &= kinf__put(w, cap, &o, kinf__utoa(num, t));
    } else {
        /* As client-go: a list at a last-seen RV is not paginated, so the
           server may answer it from its watch cache; nor is the full list
           that replaces an expired continue token. */
        int paged = !inf->list_nolimit && !(inf->rv_mode == KINF__RV_LAST && !inf->cont[0]);
        ok &= kinf__put(w, cap, &o, "?");
        if (paged) {
            ok &= kinf__put(w, cap, &o, "limit=");
            ok &= kinf__put(w, cap, &o, kinf__utoa(num, (uint64_t)inf->list_limit));
        }
        if (inf->cont[0]) {
            ok &= kinf__put(w, cap, &o, "&continue=");
            ok &= kinf__pct(w, cap, &o, inf->cont);
        } else if (inf->rv_mode != KINF__RV_UNSET) {
            kinf__strlcpy(inf->req_rv, inf->rv_mode == KINF__RV_ZERO ? "0" : inf->last_rv, sizeof(inf->req_rv));
            ok &= kinf__put(w, cap, &o, paged ? "&resourceVersion=" : "resourceVersion=");
            ok &= kinf__pct(w, cap, &o, inf->req_rv);
        } else {
            inf->req_rv[0] = 0;
        }
    }
    if (inf->lsel[0]) { ok &= kinf__put(w, cap, &o, "&labelSelector="); ok &= kinf__pct(w, cap, &o, inf->lsel); }
    if (inf->fsel[0]) { ok &= kinf__put(w, cap, &o, "&fieldSelector="); ok &= kinf__pct(w, cap, &o, inf->fsel); }
#ifndef KINF_NO_GZIP
    inf->conn.gz_asked = inf->conn.gz && kind == KINF__PH_LIST; /* never on a watch */
#endif
#ifndef KINF_NO_METADATA_ONLY
    ok &= kinf__conn_headers(&inf->conn, w, cap, &o, kinf__meta_accept(inf, kind == KINF__PH_WATCH), inf->conn.gz_asked ? "Accept-Encoding: gzip\r\n" : 0);
#else
    ok &= kinf__conn_headers(&inf->conn, w, cap, &o, "Accept: application/json\r\n", inf->conn.gz_asked ? "Accept-Encoding: gzip\r\n" : 0);
#endif
    inf->conn.wbuf = w; inf->conn.wlen = o; inf->conn.wpos = 0;
    return ok;
}

/* >>reflector connection: the engine asks, the driver does.
   kinf__rf_drop gives the connection up (the driver is asked to close it);
   kinf__rf_fail does so and backs off before the next request. */
static void kinf__rf_drop(kinf_informer_t* inf) {
#ifndef KINF_NO_GZIP
    /* a gzip list given up before its CRC-32 was checked (bad gzip, bad JSON
       out of it, a cut, a timeout): what it applied is not verified */
    if (inf->conn.gz_on && inf->req_kind == KINF__PH_LIST) { inf->gz_redo = 1; }
#endif
    kinf__conn_drop(&inf->conn);
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind);
/* a list starts from its first page: no key has been seen in it yet */
static void kinf__rf_unseen(kinf_informer_t* inf) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) { inf->slots[s].flags &= (uint8_t)~KINF__F_SEEN; }
}
/* Retry-After in seconds, as a delay in ms no longer than 10 minutes; -1 when the server gave none */
static int64_t kinf__rf_retry_after_ms(const kinf_informer_t* inf) { return kinf__conn_retry_after_ms(&inf->conn, 600000); }
/* Backs off before the request of next_kind: delay_ms, or (-1) exponential
   from 800 ms to 30 s with full jitter, as client-go's reflector; the
   exponent starts over after two minutes without a failure. */
static void kinf__rf_fail(kinf_informer_t* inf, int next_kind, int64_t delay_ms) {
    uint64_t now = inf->conn.now;
    if (KINF__WL_INIT(inf) && next_kind == KINF__PH_WATCH) { next_kind = KINF__PH_LIST; } /* a watch-list again, not a watch */
    kinf__rf_drop(inf);
    if (delay_ms < 0) {
        if (now - inf->healthy_since > 120000u) { inf->backoff_n = 0; }
        delay_ms = (int64_t)kinf__backoff_ms(800u, 30000u, &inf->backoff_n, &inf->rng);
        inf->healthy_since = now;
    }
    inf->st.backoffs++;
    inf->phase = KINF__PH_BACKOFF;
    inf->next_kind = next_kind;
    inf->backoff_until = now + (uint64_t)delay_ms;
    {
        char num[21];
        KINF__INFO(inf, BACKOFF, kinf__utoa(num, (uint64_t)delay_ms), " ms");
    }
}
static int kinf__rf_pending(const kinf_informer_t* inf) { return kinf__conn_pending(&inf->conn); }
/* Builds the request for the current phase; with a continue token too long
   for it, falls back to one whole list (as client-go's pager when a token
   expires). 0 when even that does not fit: a fatal configuration error. */
static int kinf__rf_request(kinf_informer_t* inf) {
    if (!kinf__rf_build_request(inf, inf->req_kind) && inf->req_kind == KINF__PH_LIST && inf->cont[0]) {
        KINF__WARN(inf, CONTINUE_EXPIRED, "continue token too long for the request", 0);
        inf->cont[0] = 0; inf->list_nolimit = 1;
        kinf__rf_unseen(inf);
    }
    if (kinf__rf_build_request(inf, inf->req_kind)) { return 1; }
    KINF__ERR(inf, CONFIG_TOO_LONG, "request", 0);
    kinf__rf_drop(inf);
    inf->fatal = KINF_ERR_INVAL; inf->fatal_item = KINF_LOGITEM_CONFIG_TOO_LONG;
    return 0;
}
static void kinf__rf_begin(kinf_informer_t* inf, int kind) {
#ifndef KINF_NO_WATCH_LIST
    inf->wl_init = 0;
    if (kind == KINF__PH_LIST && !inf->cont[0] && kinf__wl_want(inf)) { kind = KINF__PH_WATCH; inf->wl_init = 1; }
#endif
    inf->phase = kind;
    inf->req_kind = kind;
    if (!kinf__rf_request(inf)) { return; }
    if (kind == KINF__PH_WATCH) {
        inf->st.watches++;
        inf->watch_start = inf->conn.now;
        inf->watch_events = 0;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) {
            kinf__rf_unseen(inf);
            inf->st.watch_lists++;
            if (inf->listed) { inf->st.relists++; }
            KINF__INFO(inf, LIST_START, "watch-list, resourceVersion=", inf->req_rv[0] ? inf->req_rv : "\"\"");
        } else
#endif
        { KINF__INFO(inf, WATCH_START, inf->last_rv, 0); }
    } else {
        inf->st.list_pages++;
        if (!inf->cont[0]) {
            kinf__rf_unseen(inf);
            inf->st.lists++;
            if (inf->listed) { inf->st.relists++; }
            KINF__INFO(inf, LIST_START, inf->rv_mode == KINF__RV_ZERO ? "resourceVersion=0" : inf->rv_mode == KINF__RV_LAST ? inf->last_rv : "resourceVersion unset", 0);
        }
    }
    inf->started = KINF__RUN_STARTED;
    kinf__conn_start(&inf->conn);
    if (!inf->conn.reused && inf->st.connections++) { inf->st.reconnects++; } /* the first connection is no reconnect */
}

#ifndef KINF_NO_WATCH_LIST
/* >>reflector watch-list fallback  The watch-list failed where a server that cannot do
   it fails: a refusing status, or a stream (its head 200) that ended, broke,
   went silent or sent an ERROR before the end bookmark. This (re)list goes
   through LIST at once; under KINF_WATCH_LIST_AUTO the informer remembers it
   (remember) and lists with LIST from then on. A connection cut under the
   stream is the network's doing, not the server's answer: LIST for this one,
   not remembered. A failure before any response head (no connection, a
   reset) is no answer at all: the watch-list is tried again after the usual
   backoff. What the initial events put in the store stays: the LIST marks
   what it sees and replaces the rest, as any list. */
static void kinf__wl_fallback(kinf_informer_t* inf, const char* d1, const char* d2, int remember) {
    inf->wl_init = 0;
    inf->wl_skip = 1;
    if (remember && inf->wl_mode == KINF_WATCH_LIST_AUTO) { inf->wl_off = 1; }
    inf->st.watch_list_fallbacks++;
    KINF__WARN(inf, WATCH_LIST_FALLBACK, d1, d2);
    kinf__rf_drop(inf);
    kinf__rf_begin(inf, KINF__PH_LIST);
}
#endif

/* >>reflector events */
/* jsmn helpers over the event buffer, for Status objects (ERROR events and error bodies) */
static int kinf__rf_tok_member(const kinf_informer_t* inf, int nt, int oi, const char* name) {
    return kinf__tok_member((const char*)inf->ev, inf->toks, nt, oi, name);
}
static int kinf__rf_tok_is(const kinf_informer_t* inf, int i, const char* s) { return kinf__tok_is((const char*)inf->ev, inf->toks, i, s); }
/* " (server: MESSAGE)" from a Status object's message at token i, at most
   cap - 1 bytes, control bytes and quotes shown as '?'; "" when there is none */
static const char* kinf__rf_status_message(const kinf_informer_t* inf, int i, char* out, size_t cap) {
    size_t o = 0, k, l;
    static const char pre[] = " (server: ";
    out[0] = 0;
    if (i < 0 || inf->toks[i].type != JSMN_STRING || cap < sizeof(pre) + 8) { return out; }
    memcpy(out, pre, sizeof(pre) - 1); o = sizeof(pre) - 1;
    l = (size_t)(inf->toks[i].end - inf->toks[i].start);
    for (k = 0; k < l && o + 5 < cap; k++) {
        uint8_t c = inf->ev[(size_t)inf->toks[i].start + k];
        out[o++] = (c < 0x20 || c == 0x7f || c == '"') ? '?' : (char)c;
    }
    if (k < l) { memcpy(out + o, "...", 3); o += 3; }
    out[o++] = ')'; out[o] = 0;
    return out;
}
static int kinf__rf_tok_contains(const kinf_informer_t* inf, int i, const char* s) {
    size_t n = strlen(s), l;
    int k;
    if (i < 0) { return 0; }
    l = (size_t)(inf->toks[i].end - inf->toks[i].start);
    for (k = 0; (size_t)k + n <= l; k++) { if (!memcmp(inf->ev + inf->toks[i].start + k, s, n)) { return 1; } }
    return 0;
}
/* What a Status says: 410 (expired), too large RV, or something else. */
enum { KINF__STATUS_OTHER = 0, KINF__STATUS_EXPIRED, KINF__STATUS_TOO_LARGE };
static int kinf__rf_status_kind(kinf_informer_t* inf, int nt, int si, int http_code) {
    int code = kinf__rf_tok_member(inf, nt, si, "code"), msg = kinf__rf_tok_member(inf, nt, si, "message");
    int det = kinf__rf_tok_member(inf, nt, si, "details"), causes = kinf__rf_tok_member(inf, nt, det, "causes");
    int c = http_code, i;
    if (code >= 0) { c = (int)kinf__parse_dec((const char*)inf->ev + inf->toks[code].start, (size_t)(inf->toks[code].end - inf->toks[code].start)); }
    if (kinf__rf_tok_contains(inf, msg, "Too large resource version")) { return KINF__STATUS_TOO_LARGE; }
    if (causes >= 0 && inf->toks[causes].type == JSMN_ARRAY) {
        int j = causes + 1;
        for (i = 0; i < inf->toks[causes].size && j < nt; i++) {
            if (kinf__rf_tok_is(inf, kinf__rf_tok_member(inf, nt, j, "reason"), "ResourceVersionTooLarge")) { return KINF__STATUS_TOO_LARGE; }
            j = kinf__tok_skip(inf->toks, nt, j);
        }
    }
    return c == 410 ? KINF__STATUS_EXPIRED : KINF__STATUS_OTHER;
}
/* a captured (unescaped) string as the text of a JSON string: quote and
   backslash escaped again (the captures hold no control byte) */
static int kinf__rf_put_json(char* out, size_t cap, size_t* o, const char* s) {
    for (; *s; s++) {
        int esc = *s == '"' || *s == '\\';
        if (*o + 1 + (size_t)esc >= cap) { return 0; }
        if (esc) { out[(*o)++] = '\\'; }
        out[(*o)++] = *s;
    }
    out[*o] = 0;
    return 1;
}
static int kinf__rf_identity_json(kinf_informer_t* inf) {
    char* w = (char*)inf->ev;
    size_t o = 0, cap = inf->max_event_bytes;
    int ok = kinf__put(w, cap, &o, "{\"metadata\":{\"name\":\"");
    ok &= kinf__rf_put_json(w, cap, &o, inf->c_name);
    if (inf->c_ns[0]) { ok &= kinf__put(w, cap, &o, "\",\"namespace\":\""); ok &= kinf__rf_put_json(w, cap, &o, inf->c_ns); }
    if (inf->c_uid[0]) { ok &= kinf__put(w, cap, &o, "\",\"uid\":\""); ok &= kinf__rf_put_json(w, cap, &o, inf->c_uid); }
    ok &= kinf__put(w, cap, &o, "\",\"resourceVersion\":\"");
    ok &= kinf__rf_put_json(w, cap, &o, inf->c_rv);
    ok &= kinf__put(w, cap, &o, "\"}}");
    return ok ? (int)o : -1;
}
/* A resourceVersion (capture k: an object's, a bookmark's, the list's)
   longer than KINF__MAX_RV - 1 bytes: logged with its length. */
static void kinf__rf_rv_too_long(kinf_informer_t* inf, int k, const char* what) {
    char num[21], d[48];
    const char* n = kinf__utoa(num, (uint64_t)(inf->scan.clen[k] + inf->scan.ccut[k]));
    size_t l = strlen(n);
    memcpy(d, " (", 2); memcpy(d + 2, n, l); memcpy(d + 2 + l, " bytes)", 8);
    KINF__ERR(inf, RV_TOO_LONG, what, d);
}
/* A snapshot's objects are current again: the watch from its RV had an
   event, a bookmark or its end, or a list has replaced them. */
static void kinf__rf_confirmed(kinf_informer_t* inf) { inf->fresh_at = inf->conn.now; inf->fresh = 1; }
static void kinf__rf_snap_resumed(kinf_informer_t* inf) {
    if (!inf->snap_stale) { return; }
    inf->snap_stale = 0;
    KINF__INFO(inf, SNAPSHOT_RESUMED, inf->last_rv, 0);
}
#ifndef KINF_NO_WATCH_LIST
/* >>reflector watch-list bookmark  Does the bookmark in ev carry the annotation
   k8s.io/initial-events-end: "true" (1)? With another value, 0: the server
   knows the annotation, and this one does not end the initial events. With
   none at all, -1: a plain watch's bookmark. A bookmark is small: jsmn reads
   it whole; one it cannot read is 0 (watch_list_timeout_ms bounds the wait). */
static int kinf__wl_end_bookmark(kinf_informer_t* inf) {
    jsmn_parser jp;
    int nt, v;
    if (inf->scan.rec_over) { return 0; }
    jsmn_init(&jp);
    nt = jsmn_parse(&jp, (const char*)inf->ev, inf->scan.ev_len, inf->toks, (unsigned)inf->max_tokens);
    if (nt <= 0) { return 0; }
    v = kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, kinf__rf_tok_member(inf, nt, 0,
        "object"), "metadata"), "annotations"), "k8s.io/initial-events-end");
    if (v < 0) { return -1; }
    return inf->toks[v].type == JSMN_STRING && kinf__rf_tok_is(inf, v, "true");
}
#endif
/* >>reflector apply  an event or a list item into the store */
/* Does the projected object js[0..jl) match the informer's selectors?
   (a delete is applied whatever it matches: an object that leaves the
   selectors is deleted with its new labels, as the API server sends it) */
static int kinf__rf_in_scope(kinf_informer_t* inf, const char* key, const uint8_t* js, size_t jl) {
#ifdef KINF_NO_SELECTOR
    (void)inf; (void)key; (void)js; (void)jl;
    return 1;
#else
    kinf_object_t o;
    if (!inf->sel.nterms) { return 1; }
    memset(&o, 0, sizeof(o));
    o.key = key; o.name = inf->c_name; o.namespace_ = inf->c_ns; o.uid = inf->c_uid; o.resource_version = inf->c_rv;
    o.json = (const char*)js; o.json_len = jl;
    return kinf_selector_match(&inf->sel, &o);
#endif
}
enum { KINF__OP_UPSERT = 0, KINF__OP_DELETE, KINF__OP_LIST };
/* Applies one object (inf->ev[start..end), or start == end when only its
   identity is known). Returns 0, or -1 when the object is malformed. */
static int kinf__rf_apply(kinf_informer_t* inf, size_t start, size_t end, int op) {
    kinf__scan* sc = &inf->scan;
    char key[KINF__MAX_KEY];
    size_t kl, nsl;
    uint32_t h, ref, flags = 0;
    int32_t s;
    long jl;
    size_t at = 0; /* the object is at inf->ev[at..at + jl) */
    if (sc->cset[KINF__CAP_RV] && sc->cover[KINF__CAP_RV]) {
        inf->st.malformed++;
        kinf__rf_rv_too_long(inf, KINF__CAP_RV, inf->c_name);
        return 0; /* skipped: its version cannot be held, and the stream is sound */
    }
    if (!sc->cset[KINF__CAP_NAME] || !sc->cset[KINF__CAP_RV] || !inf->c_name[0] || !inf->c_rv[0] ||
        sc->cover[KINF__CAP_NAME] || sc->cover[KINF__CAP_NS] || sc->cover[KINF__CAP_UID] ||
        strchr(inf->c_name, '/') || strchr(inf->c_ns, '/')) {
        inf->st.malformed++;
        KINF__ERR(inf, OBJECT_NO_NAME, inf->c_name, 0);
        return 0; /* skipped: it cannot be keyed, and the stream is sound */
    }
    if (!sc->cset[KINF__CAP_NS]) { inf->c_ns[0] = 0; }
    if (!sc->cset[KINF__CAP_UID]) { inf->c_uid[0] = 0; }
    nsl = strlen(inf->c_ns);
    kl = kinf__key_put(key, inf->c_ns, nsl, inf->c_name, strlen(inf->c_name));
    key[kl] = 0;
    if (inf->ns_len && (nsl != inf->ns_len || memcmp(inf->c_ns, inf->path + inf->ns_off, inf->ns_len) != 0)) {
        /* a server (or a proxy) sent an object the request did not ask for:
           no handler, lister or snapshot of this informer may see it */
        inf->st.malformed++;
        KINF__ERR(inf, OBJECT_OUT_OF_SCOPE, key, 0);
        return 0; /* refused, never cached; the stream is sound */
    }
    h = kinf__fnv(key, kl);
    s = kinf__hash_find(inf, key, kl, h);
    if (s >= 0 && op == KINF__OP_LIST && kinf__store_visible(inf, s) && !KINF__GZ_REDO(inf)) {
        kinf_object_t o;
        kinf__store_view(inf, inf->slots[s].cur, s, &o);
        if (!strcmp(o.resource_version, inf->c_rv)) { inf->slots[s].flags |= KINF__F_SEEN; return 0; }
    }
    if (s < 0 && op == KINF__OP_DELETE) { return 0; } /* never seen: nothing to delete */
    if (end > start) {
        jl = kinf__project(inf, start, end, &at);
        if (jl < 0) { return -1; }
        if (op != KINF__OP_DELETE && !kinf__rf_in_scope(inf, key, inf->ev + at, (size_t)jl)) {
            /* outside the selectors the request named: the same refusal. A
               cached object the server now says is outside them has left
               them: deleted (with the state it had), as the API server
               would have sent it */
            inf->st.malformed++;
            KINF__ERR(inf, OBJECT_OUT_OF_SCOPE, key, 0);
            if (s >= 0 && kinf__store_visible(inf, s)) { kinf__store_delete(inf, s, 0, 0); KINF__SELFCHECK(inf); }
            return 0;
        }
    } else {
        jl = kinf__rf_identity_json(inf);
        flags = KINF_OBJ_IDENTITY_ONLY;
        if (jl < 0) { return -1; }
    }
    ref = kinf__blk_make(inf, inf->c_ns, inf->c_name, inf->c_uid, inf->c_rv, inf->ev + at, (size_t)jl, flags);
    if (!ref && !flags) {
        inf->st.store_full++;
        KINF__ERR(inf, STORE_FULL, key, 0);
        jl = kinf__rf_identity_json(inf);
        if (jl >= 0) { ref = kinf__blk_make(inf, inf->c_ns, inf->c_name, inf->c_uid, inf->c_rv, inf->ev, (size_t)jl, KINF_OBJ_IDENTITY_ONLY); }
    }
    if (!ref) {
        inf->st.dropped++;
        KINF__ERR(inf, STORE_FULL, key, " (dropped)");
        if (op == KINF__OP_DELETE && s >= 0) { kinf__store_delete(inf, s, 0, 0); }
        return 0;
    }
    if (op == KINF__OP_DELETE) { kinf__store_delete(inf, s, ref, 0); }
    else { kinf__store_upsert(inf, s, ref, h); }
    KINF__SELFCHECK(inf);
    return 0;
}
/* what a record (or the bytes of a body) asks of the reflector; KINF__REC_FRAMING:
   bytes that are no JSON body of this kind */
enum { KINF__REC_OK = 0, KINF__REC_BROKEN, KINF__REC_EXPIRED, KINF__REC_TOO_LARGE, KINF__REC_FRAMING, KINF__REC_WL_PLAIN };
static void kinf__rf_replaced(kinf_informer_t* inf, const char* rv, const char* how);
/* OBJECT_TOO_LARGE, naming the object (namespace/name) and its size: the
   bytes of its record after projection, against max_event_bytes (a build
   without log strings: the name alone) */
static void kinf__rf_too_large(kinf_informer_t* inf) {
#ifndef KINF_NO_LOG_STRINGS
    const kinf__scan* sc = &inf->scan;
    char who[2 * KINF__MAX_NAME + 2], size[96], n1[24], n2[24];
    who[0] = 0;
    if (sc->cset[KINF__CAP_NS] && !sc->cover[KINF__CAP_NS] && inf->c_ns[0]) { kinf__cat(who, sizeof(who), inf->c_ns); kinf__cat(who, sizeof(who), "/"); }
    kinf__cat(who, sizeof(who), sc->cset[KINF__CAP_NAME] ? inf->c_name : "?");
    size[0] = 0;
    kinf__cat(size, sizeof(size), ": ");
    kinf__cat(size, sizeof(size), kinf__utoa(n1, (uint64_t)(sc->ev_len + sc->ev_over)));
    kinf__cat(size, sizeof(size), " bytes, max_event_bytes ");
    kinf__cat(size, sizeof(size), kinf__utoa(n2, (uint64_t)sc->ev_cap));
    KINF__ERR(inf, OBJECT_TOO_LARGE, who, size);
#else
    KINF__ERR(inf, OBJECT_TOO_LARGE, inf->c_name, 0);
#endif
}
static int kinf__rf_on_record(kinf_informer_t* inf) {
    kinf__scan* sc = &inf->scan;
    int op;
    if (inf->body_mode == KINF__BODY_LIST) {
        inf->st.list_items++;
        if (sc->rec_over) {
            inf->st.oversized++;
            kinf__rf_too_large(inf);
            return kinf__rf_apply(inf, 0, 0, KINF__OP_LIST) ? KINF__REC_BROKEN : KINF__REC_OK;
        }
        if (kinf__rf_apply(inf, 0, sc->ev_len, KINF__OP_LIST)) { inf->st.malformed++; KINF__ERR(inf, LIST_MALFORMED, "bad value in an item", 0); return KINF__REC_BROKEN; }
        return KINF__REC_OK;
    }
    inf->st.events++;
    inf->watch_events++;
    if (sc->obj_dup) {
        inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "two objects", 0); return KINF__REC_BROKEN;
    }
    if (!sc->cset[KINF__CAP_TYPE] || sc->cover[KINF__CAP_TYPE]) {
        inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "no type", 0); return KINF__REC_BROKEN;
    }
    if (strcmp(inf->c_type, "ERROR") && !KINF__WL_INIT(inf)) { /* the server has the saved RV's history, and the cache is current */
        kinf__rf_snap_resumed(inf);
        kinf__rf_confirmed(inf);
    }
    if (!strcmp(inf->c_type, "BOOKMARK")) {
        inf->st.bookmarks++;
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init) {
            /* the initial events' end: the list is complete at its RV. A bookmark
               without the annotation before it is a plain watch's: the server
               ignored the request's parameters and will never end them */
            int end = kinf__wl_end_bookmark(inf);
            if (end < 0) { inf->wl_why = "a bookmark without k8s.io/initial-events-end before the initial events ended"; return KINF__REC_WL_PLAIN; }
            if (!end) { return KINF__REC_OK; }
            if (!sc->cset[KINF__CAP_RV] || sc->cover[KINF__CAP_RV] || !inf->c_rv[0]) {
                inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "end bookmark without resourceVersion", 0); return KINF__REC_BROKEN;
            }
            inf->wl_init = 0;
            kinf__rf_replaced(inf, inf->c_rv, " (watch-list: end bookmark)");
            KINF__INFO(inf, WATCH_START, inf->last_rv, " (watch-list: the same stream goes on)");
            return KINF__REC_OK;
        }
#endif
        if (sc->cset[KINF__CAP_RV] && sc->cover[KINF__CAP_RV]) { kinf__rf_rv_too_long(inf, KINF__CAP_RV, "bookmark"); } /* not used */
        if (sc->cset[KINF__CAP_RV] && !sc->cover[KINF__CAP_RV] && inf->c_rv[0]) { kinf__strlcpy(inf->last_rv, inf->c_rv, sizeof(inf->last_rv)); }
        return KINF__REC_OK;
    }
    if (!strcmp(inf->c_type, "ERROR")) {
        /* a Status: small, so jsmn tokenizes the whole event */
        int k, nt = -1, oi = -1;
        inf->st.errors_in_stream++;
        if (!sc->rec_over) {
            jsmn_parser jp;
            jsmn_init(&jp);
            nt = jsmn_parse(&jp, (const char*)inf->ev, sc->ev_len, inf->toks, (unsigned)inf->max_tokens);
        }
        if (nt > 0) { oi = kinf__rf_tok_member(inf, nt, 0, "object"); }
        if (oi < 0) { KINF__ERR(inf, WATCH_ERROR_EVENT, sc->rec_over || nt == JSMN_ERROR_NOMEM ? "too large" : "no Status", 0); return KINF__REC_BROKEN; }
        k = kinf__rf_status_kind(inf, nt, oi, 0);
        if (k == KINF__STATUS_EXPIRED) { return KINF__REC_EXPIRED; }
        if (k == KINF__STATUS_TOO_LARGE) { return KINF__REC_TOO_LARGE; }
        KINF__ERR(inf, WATCH_ERROR_EVENT, 0, 0);
        return KINF__REC_BROKEN;
    }
    if (!strcmp(inf->c_type, "ADDED")) { op = KINF__OP_UPSERT; inf->st.added++; }
    else if (!strcmp(inf->c_type, "MODIFIED")) { op = KINF__OP_UPSERT; inf->st.modified++; }
    else if (!strcmp(inf->c_type, "DELETED")) { op = KINF__OP_DELETE; inf->st.deleted++; }
    else { KINF__WARN(inf, EVENT_UNKNOWN_TYPE, inf->c_type, 0); return KINF__REC_OK; } /* as client-go: reported, skipped */
#ifndef KINF_NO_WATCH_LIST
    if (inf->wl_init) { /* initial events are ADDED: any other is a plain watch's */
        if (strcmp(inf->c_type, "ADDED")) { inf->wl_why = "an event other than ADDED before the initial events ended"; return KINF__REC_WL_PLAIN; }
        op = KINF__OP_LIST; inf->st.list_items++; /* an initial event: as a list item */
        inf->wl_progress = inf->conn.now;
    }
#endif
    if (sc->rec_over) {
        inf->st.oversized++;
        kinf__rf_too_large(inf);
        if (kinf__rf_apply(inf, 0, 0, op)) { return KINF__REC_BROKEN; }
    } else {
        if (sc->obj_end <= sc->obj_start) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "no object", 0); return KINF__REC_BROKEN; }
        if (kinf__rf_apply(inf, sc->obj_start, sc->obj_end, op)) { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, "bad value", 0); return KINF__REC_BROKEN; }
    }
    /* not from an initial event: they come in no order, and the list's RV is the end bookmark's */
    if (inf->c_rv[0] && !inf->scan.cover[KINF__CAP_RV] && !KINF__WL_INIT(inf)) { kinf__strlcpy(inf->last_rv, inf->c_rv, sizeof(inf->last_rv)); }
    return KINF__REC_OK;
}

/* >>reflector responses */
/* A watch whose resourceVersion expired (410) or is ahead of the server's:
   relist after the backoff, as client-go's reflector: from the last RV seen
   when it expired, unset when it was too large. */
static void kinf__rf_watch_expired(kinf_informer_t* inf, int k, const char* where) {
    if (k == KINF__STATUS_EXPIRED) { KINF__WARN(inf, RV_EXPIRED, inf->last_rv, where); inf->rv_mode = KINF__RV_LAST; }
    else { KINF__WARN(inf, RV_TOO_LARGE, inf->last_rv, where); inf->rv_mode = KINF__RV_UNSET; }
    kinf__rf_fail(inf, KINF__PH_LIST, -1);
}
/* The one replace decision of a (re)list, made by a LIST's last page or a
   watch-list's end bookmark: keys it did not see are deleted, final state
   unknown; rv is the list's resourceVersion, how a detail of LIST_DONE. */
static void kinf__rf_replaced(kinf_informer_t* inf, const char* rv, const char* how) {
    int32_t s;
    /* keys the new list no longer has: deleted, final state unknown */
    for (s = 0; s < inf->slot_hi; s++) {
        if (kinf__store_visible(inf, s) && !(inf->slots[s].flags & KINF__F_SEEN)) { kinf__store_delete(inf, s, 0, 1); }
    }
    KINF__SELFCHECK(inf);
    kinf__strlcpy(inf->last_rv, rv, sizeof(inf->last_rv));
    inf->listed = 1;
#ifndef KINF_NO_GZIP
    inf->gz_redo = 0;
#endif
    inf->list_nolimit = 0;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_skip = 0;             /* the next relist may try watch-list again (unless refused under AUTO) */
#endif
    KINF__INFO(inf, LIST_DONE, inf->last_rv, how);
    kinf__rf_confirmed(inf);
    kinf__rf_snap_resumed(inf);
    if (!inf->synced && !inf->sync_wait) {
        inf->sync_wait = 1;
        inf->sync_pops_left = inf->flen;
    }
    inf->rv_mode = KINF__RV_LAST;
}
static void kinf__rf_list_finished(kinf_informer_t* inf) {
    kinf__rf_replaced(inf, inf->c_lrv, 0);
    kinf__rf_begin(inf, KINF__PH_WATCH);
}
static void kinf__rf_response_done(kinf_informer_t* inf) {
    int status = inf->conn.resp.status, kind = inf->req_kind;
    uint64_t now = inf->conn.now;
    inf->responses++;
    kinf__conn_finished(&inf->conn);
    if (status == 200 && kind == KINF__PH_LIST) {
        kinf__scan* sc = &inf->scan;
        if (sc->root_done && sc->cset[KINF__CAP_LIST_RV] && sc->cover[KINF__CAP_LIST_RV]) {
            kinf__rf_rv_too_long(inf, KINF__CAP_LIST_RV, "list");
            inf->cont[0] = 0;
            kinf__rf_fail(inf, KINF__PH_LIST, -1);
            return;
        }
        if (!sc->root_done || !sc->cset[KINF__CAP_LIST_RV] || sc->cover[KINF__CAP_CONTINUE] || !inf->c_lrv[0]) {
            KINF__ERR(inf, LIST_MALFORMED, sc->cover[KINF__CAP_CONTINUE] ? "continue token too long" : 0, 0);
            inf->cont[0] = 0;
            kinf__rf_fail(inf, KINF__PH_LIST, -1);
            return;
        }
        if (sc->cset[KINF__CAP_CONTINUE] && inf->c_cont[0]) {
            kinf__strlcpy(inf->cont, inf->c_cont, sizeof(inf->cont));
            kinf__rf_begin(inf, KINF__PH_LIST);
            return;
        }
        inf->cont[0] = 0;
        kinf__rf_list_finished(inf);
        return;
    }
#ifndef KINF_NO_WATCH_LIST
    if (status == 200 && inf->wl_init) { kinf__wl_fallback(inf, "the stream ended before the end bookmark", 0, 1); return; }
#endif
    if (status == 200) { /* a watch the server ended */
        kinf__rf_snap_resumed(inf);
        if (inf->watch_events == 0 && now - inf->watch_start < 1000u) {
            KINF__WARN(inf, WATCH_SHORT, 0, 0);
            kinf__rf_fail(inf, KINF__PH_WATCH, -1);
        } else {
            KINF__INFO(inf, WATCH_END, inf->last_rv, 0);
            kinf__rf_begin(inf, KINF__PH_WATCH);
        }
        return;
    }
    {
        char num[21], msg[232];
        int nt = -1, k = KINF__STATUS_OTHER;
        const char* code = kinf__utoa(num, (uint64_t)status);
        if (inf->scan.ev_len) {
            jsmn_parser p;
            jsmn_init(&p);
            nt = jsmn_parse(&p, (const char*)inf->ev, inf->scan.ev_len, inf->toks, (unsigned)inf->max_tokens);
        }
        if (nt > 0 && inf->toks[0].type == JSMN_OBJECT) { k = kinf__rf_status_kind(inf, nt, 0, status); }
        else if (status == 410) { k = KINF__STATUS_EXPIRED; }
        kinf__rf_status_message(inf, nt > 0 ? kinf__rf_tok_member(inf, nt, 0, "message") : -1, msg, sizeof(msg));
#ifndef KINF_NO_WATCH_LIST
        if (inf->wl_init && k == KINF__STATUS_OTHER && kinf__wl_refusal(status)) { kinf__wl_fallback(inf, code, msg, 1); return; }
#endif
        if (k == KINF__STATUS_EXPIRED || k == KINF__STATUS_TOO_LARGE) {
            if (kind == KINF__PH_LIST && inf->cont[0]) {
                /* as client-go's pager: one full, unpaginated list instead */
                KINF__WARN(inf, CONTINUE_EXPIRED, 0, 0);
                inf->cont[0] = 0; inf->list_nolimit = 1;
            } else if (kind == KINF__PH_LIST) {
                if (k == KINF__STATUS_EXPIRED) { KINF__WARN(inf, RV_EXPIRED, inf->req_rv, 0); } else { KINF__WARN(inf, RV_TOO_LARGE, inf->req_rv, 0); }
                inf->rv_mode = KINF__RV_UNSET;
            } else {
                kinf__rf_watch_expired(inf, k, 0);
                return;
            }
            kinf__rf_drop(inf);
            kinf__rf_begin(inf, KINF__PH_LIST);
            return;
        }
        if (status == 429) {
            KINF__WARN(inf, TOO_MANY_REQUESTS, code, msg);
            kinf__rf_fail(inf, kind, kinf__rf_retry_after_ms(inf));
            return;
        }
        if (status == 400 && inf->conn.https && kinf__mem_has(inf->ev, inf->scan.ev_len, "SSL certificate")) {
            /* a TLS terminator (nginx) that checks client certificates after the handshake */
            KINF__ERR(inf, TLS_CLIENT_CERT_REJECTED, inf->conn.host, " (HTTP 400 from a TLS proxy)");
        } else if (status == 401) {
            KINF__ERR(inf, UNAUTHORIZED, msg[0] ? msg + 1 : 0, 0);
            kinf__conn_unauthorized(&inf->conn); /* the driver reads the token again before the retry */
        } else if (status == 403) { KINF__ERR(inf, FORBIDDEN, inf->path, msg); }
        else if (status == 404) { KINF__ERR(inf, NOT_FOUND, inf->path, msg); }
#ifndef KINF_NO_LOG_STRINGS
        else if (status == 400 && !inf->conn.https && kinf__mem_has(inf->ev, inf->scan.ev_len, "HTTP request to an HTTPS server")) {
            KINF__ERR(inf, BAD_REQUEST, inf->path, " (the server speaks TLS: use https://)"); /* Go's answer to plain HTTP on a TLS port */
        }
#endif
        else if (status == 400) { KINF__ERR(inf, BAD_REQUEST, inf->path, msg); }
        else if (status >= 500) {
            KINF__ERR(inf, SERVER_ERROR, code, msg);
            if (inf->conn.resp.retry_after >= 0) { kinf__rf_fail(inf, kind, kinf__rf_retry_after_ms(inf)); return; }
        } else { KINF__ERR(inf, HTTP_STATUS, code, msg); }
        kinf__rf_fail(inf, kind, -1);
    }
}
/* Broken stream: a cut, a malformed event, a timeout. The watch resumes from
   the last applied resourceVersion; a list starts over. */
static void kinf__rf_broken(kinf_informer_t* inf) {
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "the stream broke before the end bookmark", 0, 1); return; }
#endif
    if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
    kinf__rf_fail(inf, inf->req_kind, -1);
}
/* The connection ended (closed or reset) under a watch stream. As client-go's
   reflector, a watch that delivered events or lasted a second resumes at
   once from the last applied resourceVersion; a shorter, empty one backs off
   like any failure. */
static void kinf__rf_cut(kinf_informer_t* inf) {
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "the connection was cut before the end bookmark", " (this list only)", 0); return; }
#endif
    if (inf->req_kind == KINF__PH_WATCH && inf->conn.resp.head_done && inf->conn.resp.status == 200 &&
        (inf->watch_events > 0 || inf->conn.now - inf->watch_start >= 1000u)) {
        kinf__rf_fail(inf, KINF__PH_WATCH, 0);
        return;
    }
    kinf__rf_broken(inf);
}
/* The response head is in: what its body is, and the scanner set for it. */
static int kinf__rf_head(void* owner) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    if (inf->conn.resp.status == 200) {
        inf->body_mode = inf->req_kind == KINF__PH_LIST ? KINF__BODY_LIST : KINF__BODY_WATCH;
    } else {
        inf->body_mode = KINF__BODY_STATUS;
    }
    kinf__scan_reset(&inf->scan, inf->body_mode == KINF__BODY_LIST);
    inf->scan.ev_len = 0;
#ifndef KINF_NO_WATCH_LIST
    inf->wl_progress = inf->conn.now; /* watch_list_timeout_ms counts from here */
#endif
    return 0;
}
/* A look at each record the scanner has framed, before it is applied: the
   fuzz targets check its captures against a second scan. Nothing by default. */
#ifndef KINF__RECORD_HOOK
#define KINF__RECORD_HOOK(sc) ((void)0)
#endif
/* The body loop: feeds decoded body bytes d[0..n) to the scanner and applies
   each record it finishes, until the bytes run out, a record asks for more
   than going on, or the FIFO is full (backpressure). *used gets the bytes
   taken. Returns KINF__REC_OK, or the KINF__REC_* that stopped it (logged);
   what to do about it is the caller's. At most n + 1 rounds: a round takes
   a byte at least, or stops the loop. */
static int kinf__rf_body_feed(kinf_informer_t* inf, const uint8_t* d, size_t n, size_t* used) {
    size_t p = 0;
    int r = KINF__REC_OK;
    while (p < n && r == KINF__REC_OK && (int)inf->flen < inf->fifo_cap) {
        p += kinf__scan_feed(&inf->scan, d + p, n - p);
        if (inf->scan.err) {
            if (inf->scan.err == 2) { KINF__ERR(inf, JSON_TOO_DEEP, 0, 0); }
            else if (inf->scan.err == 3) {
                char num[21], det[32];
                const char* ns = kinf__utoa(num, inf->scan.items);
                size_t l = strlen(ns);
                memcpy(det, "items[", 6); memcpy(det + 6, ns, l); memcpy(det + 6 + l, "]", 2);
                inf->st.malformed++;
                KINF__ERR(inf, LIST_ITEM_NOT_OBJECT, det, 0);
            }
            else if (inf->scan.err == 4) { inf->st.malformed++; KINF__ERR(inf, LIST_MALFORMED, "\"items\" is not an array", 0); }
            else if (inf->body_mode == KINF__BODY_LIST) { KINF__ERR(inf, LIST_MALFORMED, KINF__SCAN_WHY(inf->scan.err, "not UTF-8", 0), 0); }
            else { inf->st.malformed++; KINF__ERR(inf, EVENT_MALFORMED, KINF__SCAN_WHY(inf->scan.err, "not UTF-8", "bad framing"), 0); }
            r = KINF__REC_FRAMING;
        } else if (inf->scan.rec_done) {
            inf->scan.rec_done = 0;
            KINF__RECORD_HOOK(&inf->scan);
            r = kinf__rf_on_record(inf);
            inf->scan.ev_len = 0;
        }
    }
    *used = p;
    return r;
}
/* Feeds decoded body bytes to the scanner; returns -1 when the connection
   was given up (the caller stops), 0 otherwise. */
static int kinf__rf_consume(kinf_informer_t* inf) {
    while (kinf__rf_pending(inf)) {
        size_t used, avail;
        const uint8_t* src = 0;
        int r = KINF__REC_OK;
        long k = kinf__conn_next(&inf->conn, &src);
        if (k < 0) { kinf__rf_broken(inf); return -1; }
        if (k == 0) { continue; }
        avail = (size_t)k;
        if (inf->body_mode == KINF__BODY_STATUS) {
            size_t take = avail;
            if (inf->scan.ev_len + take > inf->max_event_bytes - 1) { take = inf->max_event_bytes - 1 - inf->scan.ev_len; }
            memcpy(inf->ev + inf->scan.ev_len, src, take);
            inf->scan.ev_len += take;
            used = avail; /* what does not fit is dropped */
        } else {
            r = kinf__rf_body_feed(inf, src, avail, &used);
        }
        kinf__conn_take(&inf->conn, used);
        if (r == KINF__REC_BROKEN || r == KINF__REC_FRAMING) { kinf__rf_broken(inf); return -1; }
#ifndef KINF_NO_WATCH_LIST
        if (r == KINF__REC_WL_PLAIN) { kinf__wl_fallback(inf, inf->wl_why, 0, 1); return -1; }
#endif
        if (r == KINF__REC_EXPIRED || r == KINF__REC_TOO_LARGE) {
            kinf__rf_watch_expired(inf, r == KINF__REC_EXPIRED ? KINF__STATUS_EXPIRED : KINF__STATUS_TOO_LARGE, " (in stream)");
            return -1;
        }
        if (used < avail) { return 0; } /* backpressure: the FIFO must drain first */
    }
    return 0;
}

/* >>reflector step: everything that needs no transport */
/* Starts the first list, ends a backoff, feeds bytes held back by the FIFO
   and finishes responses, as far as it can without the transport. */
static void kinf__rf_advance(void* owner) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    int rounds;
    if (inf->stop || inf->fatal) { return; }
    if (inf->started == KINF__RUN_NEW) {
        inf->rv_mode = KINF__RV_ZERO;
        inf->healthy_since = inf->conn.now;
        if (inf->snap_loaded && inf->last_rv[0]) { inf->rv_mode = KINF__RV_LAST; kinf__rf_begin(inf, KINF__PH_WATCH); } /* a snapshot's RV */
        else { kinf__rf_begin(inf, KINF__PH_LIST); }
    }
    for (rounds = 0; rounds < 64 && !inf->stop && !inf->fatal; rounds++) {
        if (inf->phase == KINF__PH_BACKOFF) {
            if (inf->conn.now < inf->backoff_until) { return; }
            kinf__rf_begin(inf, inf->next_kind);
            continue;
        }
        if (inf->conn.cstate != KINF__C_RECV) { return; }
        if (kinf__rf_consume(inf)) { continue; }
        if (kinf__rf_pending(inf)) { /* held back by the FIFO: we are slow, not the server */
            inf->conn.last_rx = inf->conn.now;
#ifndef KINF_NO_WATCH_LIST
            inf->wl_progress = inf->conn.now;
#endif
            return;
        }
#ifndef KINF_NO_WATCH_LIST
        if (kinf__wl_streaming(inf) && inf->conn.now - inf->wl_progress >= inf->wl_timeout_ms) {
            kinf__wl_fallback(inf, "no end bookmark within watch_list_timeout_ms", 0, 1);
            continue;
        }
#endif
        if (!inf->conn.body_done) { return; }
        if (kinf__conn_body_end(&inf->conn) != 0) { kinf__rf_broken(inf); continue; } /* the gzip stream did not end */
        kinf__rf_response_done(inf);
    }
}
/* The exchange ended without a whole response. A silent server is not a
   failing one, so a silent response resumes at once; a request that cannot
   be sent is a broken connection. */
static void kinf__rf_lost(void* owner, int why, uint32_t item) {
    kinf_informer_t* inf = (kinf_informer_t*)owner;
    int cs = inf->conn.cstate;
    (void)item; /* logged already, or below */
    if (why == KINF__LOST_BROKEN) { kinf__rf_broken(inf); return; }
    if (why == KINF__LOST_CLOSED) { KINF__WARN(inf, CONNECTION_CLOSED, 0, 0); kinf__rf_cut(inf); return; }
    if (why == KINF__LOST_FAILED) {
        if (cs == KINF__C_WANTED) { kinf__rf_fail(inf, inf->req_kind, -1); } /* a list keeps its continue token */
        else if (cs == KINF__C_SEND || cs == KINF__C_RECV) { kinf__rf_cut(inf); }
        return;
    }
    if (cs == KINF__C_SEND) { KINF__WARN(inf, IDLE_TIMEOUT, "sending", 0); kinf__rf_broken(inf); return; }
    KINF__WARN(inf, IDLE_TIMEOUT, 0, 0);
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf)) { kinf__wl_fallback(inf, "no end bookmark within the idle timeout", 0, 1); return; }
#endif
    if (inf->req_kind == KINF__PH_LIST) { inf->cont[0] = 0; }
    kinf__rf_fail(inf, inf->req_kind, 0);
}
/* what the informer can take now: nothing once stopped; bytes while the FIFO has room */
static unsigned kinf__rf_gate(const void* owner) {
    const kinf_informer_t* inf = (const kinf_informer_t*)owner;
    if (inf->stop || inf->fatal) { return KINF__HALT; }
    return KINF_ENG_TOKEN | ((int)inf->flen < inf->fifo_cap ? (unsigned)KINF_ENG_RECV : 0u);
}
static uint64_t kinf__rf_deadline(const void* owner) {
    const kinf_informer_t* inf = (const kinf_informer_t*)owner;
    uint64_t dl = UINT64_MAX;
    if (inf->started == KINF__RUN_NEW || inf->flen > 0) { return inf->conn.now; }
    if (inf->phase == KINF__PH_BACKOFF) { dl = inf->backoff_until; }
#ifndef KINF_NO_WATCH_LIST
    if (kinf__wl_streaming(inf) && inf->wl_progress + inf->wl_timeout_ms < dl) { dl = inf->wl_progress + inf->wl_timeout_ms; }
#endif
    if (inf->synced && inf->next_resync && inf->next_resync < dl) { dl = inf->next_resync; }
    return dl;
}
/* the request again, with the token read since it was built */
static int kinf__rf_rebuild(void* owner) { return kinf__rf_request((kinf_informer_t*)owner); }
static void kinf__rf_log(void* owner, uint32_t level, uint32_t item, const char* d1, const char* d2, uint32_t line) {
    kinf__log((kinf_informer_t*)owner, level, item, d1, d2, line);
}
