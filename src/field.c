/* >>field  reads one value of a compact JSON object by path, a value as
   unescaped text, the members of an object or array */
/* metadata.name, .namespace, .uid and .resourceVersion from the object's
   fields, for a projected JSON that does not repeat them. An empty one is
   absent: the namespace of a cluster-scoped object, an object without uid. */
static const char* const kinf__identity_keys[4] = { "name", "namespace", "uid", "resourceVersion" };
static const char* kinf__identity_value(const kinf_object_t* obj, unsigned k) {
    const char* v = k == 0 ? obj->name : k == 1 ? obj->namespace_ : k == 2 ? obj->uid : obj->resource_version;
    return v && v[0] ? v : 0;
}
static int kinf__identity_field(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    unsigned k;
    if (strncmp(path, "metadata.", 9) != 0) { return 0; }
    for (k = 0; k < 4; k++) {
        const char* v = kinf__identity_value(obj, k);
        if (v && !strcmp(path + 9, kinf__identity_keys[k])) {
            out->type = KINF_VSTRING; out->ptr = v; out->len = strlen(v); out->plain = 1;
            return 1;
        }
    }
    return 0;
}
static int kinf__field_is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static const char* kinf__field_ws(const char* p, const char* e) {
    while (p < e && kinf__field_is_ws(*p)) { p++; }
    return p;
}
/* Just after the value that starts at p, or NULL when no whole value lies
   before e (kinf__json_end) */
static const char* kinf__field_value_end(const char* p, const char* e) {
    size_t n = kinf__json_end((const uint8_t*)p, 0, (size_t)(e - p));
    return n ? p + n : 0;
}
/* out = the value in [v, ve): a string without its quotes */
static void kinf__field_value_set(kinf_value_t* out, const char* v, const char* ve) {
    switch (*v) {
    case '{': out->type = KINF_VOBJECT; break;
    case '[': out->type = KINF_VARRAY; break;
    case '"': out->type = KINF_VSTRING; v++; ve--; break;
    case 't': case 'f': out->type = KINF_VBOOL; break;
    case 'n': out->type = KINF_VNULL; break;
    default: out->type = KINF_VNUMBER; break;
    }
    out->plain = 0;
    out->ptr = v; out->len = (size_t)(ve - v);
}
static int kinf__field_json(const kinf_object_t* obj, const char* path, kinf_value_t* out);
KINF_API int kinf_field(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    if (!obj || !obj->json || !path || !out) { return 0; }
    if (kinf__field_json(obj, path, out)) { return 1; }
    return kinf__identity_field(obj, path, out);
}
static int kinf__field_json(const kinf_object_t* obj, const char* path, kinf_value_t* out) {
    const char* p;
    const char* e;
    char seg[256];
    p = obj->json; e = obj->json + obj->json_len;
    out->type = KINF_VNONE; out->ptr = 0; out->len = 0; out->plain = 0;
    while (*path) {
        size_t sl = 0;
        int64_t idx;
        while (*path && *path != '.') {
            if (*path == '\\' && path[1]) { path++; }
            if (sl + 1 >= sizeof(seg)) { return 0; }
            seg[sl++] = *path++;
        }
        if (*path == '.') { path++; }
        seg[sl] = 0;
        idx = kinf__parse_dec(seg, sl);
        if (p < e && *p == '{') {
            int found = 0;
            p++;
            while (p < e && *p == '"') {
                const char* ke = kinf__field_value_end(p, e);
                kinf_value_t kv;
                char kb[256];
                int match;
                if (!ke || ke >= e || *ke != ':') { return 0; }
                kinf__field_value_set(&kv, p, ke);
                /* a key with escapes is compared unescaped, as the path names it */
                match = memchr(kv.ptr, '\\', kv.len) ? kinf_value_str(&kv, kb, sizeof(kb)) == sl && !memcmp(kb, seg, sl)
                                                      : kv.len == sl && !memcmp(kv.ptr, seg, sl);
                p = ke + 1;
                if (match) { found = 1; break; }
                if (!(p = kinf__field_value_end(p, e))) { return 0; }
                if (p < e && *p == ',') { p++; }
            }
            if (!found) { return 0; }
        } else if (p < e && *p == '[' && idx >= 0) {
            int64_t k;
            p++;
            for (k = 0; k < idx && p < e && *p != ']'; k++) {
                if (!(p = kinf__field_value_end(p, e))) { return 0; }
                if (p < e && *p == ',') { p++; }
            }
            if (p >= e || *p == ']') { return 0; }
        } else {
            return 0;
        }
    }
    {
        const char* ve = kinf__field_value_end(p, e);
        if (!ve) { return 0; }
        kinf__field_value_set(out, p, ve);
    }
    return 1;
}
KINF_API int kinf_field_has(const kinf_object_t* obj, const char* path) {
    kinf_value_t v;
    return kinf_field(obj, path, &v);
}
/* four hex digits at p, before e, into *cp; 0 if they are not there */
static int kinf__field_hex4(const char* p, const char* e, uint32_t* cp) {
    uint32_t u = 0;
    int k;
    if (e - p < 4) { return 0; }
    for (k = 0; k < 4; k++) {
        int h = kinf__hexval((unsigned char)p[k]);
        if (h < 0) { return 0; }
        u = u * 16u + (uint32_t)h;
    }
    *cp = u;
    return 1;
}
static size_t kinf__field_utf8_put(char* u, uint32_t cp) {
    if (cp < 0x80u) { u[0] = (char)cp; return 1; }
    if (cp < 0x800u) { u[0] = (char)(0xC0u | (cp >> 6)); u[1] = (char)(0x80u | (cp & 0x3Fu)); return 2; }
    if (cp < 0x10000u) {
        u[0] = (char)(0xE0u | (cp >> 12)); u[1] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[2] = (char)(0x80u | (cp & 0x3Fu));
        return 3;
    }
    u[0] = (char)(0xF0u | (cp >> 18)); u[1] = (char)(0x80u | ((cp >> 12) & 0x3Fu));
    u[2] = (char)(0x80u | ((cp >> 6) & 0x3Fu)); u[3] = (char)(0x80u | (cp & 0x3Fu));
    return 4;
}
/* The escape whose backslash is at *pp, as UTF-8 into u (at most 4 bytes);
   moves *pp past it. What JSON does not allow reads as U+FFFD. */
static size_t kinf__field_unescape(const char** pp, const char* e, char* u) {
    const char* p = *pp + 1;
    uint32_t cp = 0xFFFDu, lo;
    char c = p < e ? *p++ : 0;
    switch (c) {
    case '"': case '\\': case '/': cp = (uint32_t)c; break;
    case 'b': cp = '\b'; break;
    case 'f': cp = '\f'; break;
    case 'n': cp = '\n'; break;
    case 'r': cp = '\r'; break;
    case 't': cp = '\t'; break;
    case 'u':
        if (!kinf__field_hex4(p, e, &cp)) { cp = 0xFFFDu; break; }
        p += 4;
        if (cp >= 0xDC00u && cp <= 0xDFFFu) { cp = 0xFFFDu; } /* a low surrogate with no high one */
        else if (cp >= 0xD800u && cp <= 0xDBFFu) {
            if (e - p >= 6 && p[0] == '\\' && p[1] == 'u' && kinf__field_hex4(p + 2, e, &lo) && lo >= 0xDC00u && lo <= 0xDFFFu) {
                cp = 0x10000u + ((cp - 0xD800u) << 10) + (lo - 0xDC00u);
                p += 6;
            } else {
                cp = 0xFFFDu; /* what follows is read on its own */
            }
        }
        break;
    default: break;
    }
    *pp = p;
    return kinf__field_utf8_put(u, cp);
}
/* the bytes of the character at p: a UTF-8 sequence as far as its
   continuation bytes go, else one byte */
static size_t kinf__field_utf8_len(const char* p, const char* e) {
    unsigned char b = (unsigned char)*p;
    size_t want = b < 0xC0u ? 1 : b < 0xE0u ? 2 : b < 0xF0u ? 3 : b < 0xF8u ? 4 : 1, n = 1;
    while (n < want && p + n < e && ((unsigned char)p[n] & 0xC0u) == 0x80u) { n++; }
    return n;
}
KINF_API size_t kinf_value_str(const kinf_value_t* v, char* buf, size_t cap) {
    const char* p;
    const char* e;
    size_t o = 0, full = 0;
    int cut = 0;
    if (!buf) { cap = 0; }
    if (cap) { buf[0] = 0; }
    if (!v || v->type == KINF_VNONE || !v->ptr) { return 0; }
    p = v->ptr; e = v->ptr + v->len;
    while (p < e) {
        char u[4];
        const char* s = u;
        size_t n;
        if (v->type == KINF_VSTRING && !v->plain && *p == '\\') {
            n = kinf__field_unescape(&p, e, u);
        } else {
            s = p; n = kinf__field_utf8_len(p, e); p += n;
        }
        /* a character that does not fit ends the copy: nothing after it is written */
        if (!cut && o + n < cap) { memcpy(buf + o, s, n); o += n; } else { cut = 1; }
        full += n;
    }
    if (cap) { buf[o] = 0; }
    return full;
}
KINF_API size_t kinf_field_str(const kinf_object_t* obj, const char* path, char* buf, size_t cap) {
    kinf_value_t v;
    v.type = KINF_VNONE; v.ptr = 0; v.len = 0; v.plain = 0;
    if (!kinf_field(obj, path, &v)) { v.type = KINF_VNONE; }
    return kinf_value_str(&v, buf, cap);
}
KINF_API int kinf_members_of(const kinf_value_t* v, kinf_members_t* it) {
    const char* e;
    int object;
    if (!it) { return 0; }
    memset(it, 0, sizeof(*it));
    it->type = KINF_VNONE;
    if (!v || !v->ptr || (v->type != KINF_VOBJECT && v->type != KINF_VARRAY)) { return 0; }
    object = v->type == KINF_VOBJECT;
    e = v->ptr + v->len;
    while (e > v->ptr && kinf__field_is_ws(e[-1])) { e--; }
    if (e - v->ptr < 2 || v->ptr[0] != (object ? '{' : '[') || e[-1] != (object ? '}' : ']')) { return 0; }
    it->type = v->type; it->p = v->ptr + 1; it->end = e - 1;
    return 1;
}
KINF_API int kinf_members(const kinf_object_t* obj, const char* path, kinf_members_t* it) {
    kinf_value_t v;
    int metadata;
    if (!it) { return 0; }
    memset(it, 0, sizeof(*it));
    it->type = KINF_VNONE;
    if (!obj || !obj->json || !path) { return 0; }
    metadata = !strcmp(path, "metadata");
    if (kinf_field(obj, path, &v)) {
        if (!kinf_members_of(&v, it) || (metadata && it->type != KINF_VOBJECT)) { it->type = KINF_VNONE; return 0; }
    } else if (metadata) {
        it->type = KINF_VOBJECT; /* projected out: the identity members alone */
    } else {
        return 0;
    }
    if (metadata) { it->ident = obj; }
    return 1;
}
/* the next member of the JSON text; 0 at its end, and where it is not JSON
   (the iteration stops there) */
static int kinf__members_json(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    const char* e = it->end;
    const char* p = kinf__field_ws(it->p, e);
    const char* ks = 0;
    const char* ve;
    size_t kl = 0;
    it->p = e;
    if (p >= e) { return 0; }
    if (it->count > 0) {
        if (*p != ',') { return 0; }
        p = kinf__field_ws(p + 1, e);
    }
    if (it->type == KINF_VOBJECT) {
        if (p >= e || *p != '"' || !(ve = kinf__field_value_end(p, e))) { return 0; }
        ks = p + 1; kl = (size_t)(ve - ks) - 1;
        p = kinf__field_ws(ve, e);
        if (p >= e || *p != ':') { return 0; }
        p = kinf__field_ws(p + 1, e);
    }
    if (!(ve = kinf__field_value_end(p, e))) { return 0; }
    kinf__field_value_set(val, p, ve);
    if (ks) {
        unsigned k;
        key->type = KINF_VSTRING; key->ptr = ks; key->len = kl; key->plain = 0;
        for (k = 0; it->ident && k < 4; k++) {
            if (kl == strlen(kinf__identity_keys[k]) && !memcmp(ks, kinf__identity_keys[k], kl)) { it->ident_seen |= 1u << k; }
        }
    }
    it->p = ve;
    return 1;
}
/* the identity members the JSON of metadata lacked */
static int kinf__members_identity(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    while (it->ident && it->ident_next < 4) {
        unsigned k = it->ident_next++;
        const char* v = kinf__identity_value(it->ident, k);
        if (!v || ((it->ident_seen >> k) & 1u)) { continue; }
        key->type = KINF_VSTRING; key->ptr = kinf__identity_keys[k]; key->len = strlen(key->ptr); key->plain = 1;
        val->type = KINF_VSTRING; val->ptr = v; val->len = strlen(v); val->plain = 1;
        return 1;
    }
    return 0;
}
KINF_API int kinf_member_next(kinf_members_t* it, kinf_value_t* key, kinf_value_t* val) {
    kinf_value_t k0, v0;
    if (!key) { key = &k0; }
    if (!val) { val = &v0; }
    key->type = KINF_VNONE; key->ptr = 0; key->len = 0; key->plain = 0;
    *val = *key;
    if (!it || it->type == KINF_VNONE) { return 0; }
    if (kinf__members_json(it, key, val) || kinf__members_identity(it, key, val)) {
        it->index = it->count++;
        return 1;
    }
    return 0;
}
KINF_API kinf_stats_t kinf_stats(kinf_informer_t* inf) {
    kinf_stats_t s;
    memset(&s, 0, sizeof(s));
    if (!kinf__ok(inf)) { return s; }
    s = inf->st;
    s.objects = (uint32_t)inf->nlive; s.max_objects = (uint32_t)inf->max_objects;
    s.fifo_len = inf->flen; s.fifo_capacity = (uint32_t)inf->fifo_cap;
    s.store_used = inf->used; s.store_capacity = inf->store_bytes; s.store_peak = inf->peak; s.store_top = inf->top;
    s.mem_used = inf->mem_layout; s.mem_capacity = inf->mem_size;
    s.caps.head_bytes = KINF_MAX_HEAD_BYTES; s.caps.headers = KINF_MAX_HEADERS; s.caps.depth = KINF_MAX_DEPTH;
    s.caps.rules = KINF_MAX_RULES; s.caps.continue_bytes = KINF_MAX_CONTINUE; s.caps.token_bytes = KINF_MAX_TOKEN;
    s.caps.read_bytes = (uint32_t)inf->conn.rcap;
    s.bytes_read = inf->conn.bytes_read; s.bytes_written = inf->conn.bytes_written;
    s.fresh_age_ms = kinf__fresh_age(inf);
    s.gzip_responses = inf->conn.gz_responses; s.gzip_bytes_in = inf->conn.gz_in; s.gzip_bytes_out = inf->conn.gz_out;
    return s;
}
KINF_API const char* kinf_resource_version(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_rv : ""; }
KINF_API uint32_t kinf_last_error(kinf_informer_t* inf) { return kinf__ok(inf) ? inf->last_error : (uint32_t)KINF_LOGITEM_OK; }
KINF_API void kinf_clear_error(kinf_informer_t* inf) { if (kinf__ok(inf)) { inf->last_error = KINF_LOGITEM_OK; } }
KINF_API const char* kinf_log_item_name(uint32_t item) { return item < KINF_LOGITEM_COUNT ? (const char*)&kinf__log_names + kinf__log_name_at[item] : "?"; }
KINF_API int kinf_log_item_is_final(uint32_t item) {
    return item == KINF_LOGITEM_BAD_REQUEST || item == KINF_LOGITEM_NOT_FOUND || item == KINF_LOGITEM_UNKNOWN_RESOURCE ||
           item == KINF_LOGITEM_CLUSTER_SCOPED || item == KINF_LOGITEM_NOT_WATCHABLE;
}

