#ifndef KINF_NO_JSONPATCH
/* >>jsonpatch  an RFC 6902 patch between two JSON values, by a walk of both
   with the >>field iterators; the pointer of the walk's place is kept in a
   fixed buffer, written already escaped for the JSON string it goes into. */
#ifndef KINF_JSONPATCH_PATH
#define KINF_JSONPATCH_PATH 4096
#endif
typedef struct kinf__jp {
    char* out;
    size_t cap, len;              /* len counts on past cap: what the patch needs */
    size_t plen;
    int ops, bad, long_path;
    char path[KINF_JSONPATCH_PATH];
} kinf__jp;
static void kinf__jp_put(kinf__jp* s, const char* p, size_t n) {
    if (s->len + n < s->cap) { memcpy(s->out + s->len, p, n); }
    s->len += n;
}
static void kinf__jp_puts(kinf__jp* s, const char* p) { kinf__jp_put(s, p, strlen(p)); }
/* a value's JSON text: a string with its quotes */
static void kinf__jp_value(kinf__jp* s, const kinf_value_t* v) {
    if (v->type == KINF_VSTRING) { kinf__jp_put(s, v->ptr - 1, v->len + 2); } else { kinf__jp_put(s, v->ptr, v->len); }
}
static int kinf__jp_whole(const kinf_value_t* v);
static void kinf__jp_op(kinf__jp* s, const char* op, const kinf_value_t* v) {
    if (v && !kinf__jp_whole(v)) { s->bad = 1; return; } /* what is copied is checked; what is walked, as walked */
    kinf__jp_puts(s, s->ops++ ? ",{\"op\":\"" : "{\"op\":\"");
    kinf__jp_puts(s, op);
    kinf__jp_puts(s, "\",\"path\":\"");
    kinf__jp_put(s, s->path, s->plen);
    if (v) { kinf__jp_puts(s, "\",\"value\":"); kinf__jp_value(s, v); kinf__jp_puts(s, "}"); }
    else { kinf__jp_puts(s, "\"}"); }
}
/* one byte of a pointer token, escaped for RFC 6901 and then for JSON */
static void kinf__jp_path_byte(kinf__jp* s, unsigned char c) {
    char e[7];
    size_t n = 1;
    e[0] = (char)c;
    if (c == '~') { e[1] = '0'; n = 2; }
    else if (c == '/') { e[0] = '~'; e[1] = '1'; n = 2; }
    else if (c == '"' || c == '\\') { e[0] = '\\'; e[1] = (char)c; n = 2; }
    else if (c < 0x20u) {
        static const char hex[] = "0123456789abcdef";
        memcpy(e, "\\u00", 4); e[4] = hex[c >> 4]; e[5] = hex[c & 15u]; n = 6;
    }
    if (s->plen + n > sizeof(s->path)) { s->long_path = 1; return; }
    memcpy(s->path + s->plen, e, n);
    s->plen += n;
}
/* the '/' before a token, which is not escaped */
static void kinf__jp_sep(kinf__jp* s) {
    if (s->plen + 1 > sizeof(s->path)) { s->long_path = 1; return; }
    s->path[s->plen++] = '/';
}
/* appends "/" and the member's key, unescaped from its JSON then escaped as
   a pointer token */
static void kinf__jp_push_key(kinf__jp* s, const kinf_value_t* k) {
    const char* p = k->ptr;
    const char* e = k->ptr + k->len;
    kinf__jp_sep(s);
    while (p < e) {
        char u[4];
        size_t n, j;
        if (*p == '\\') { n = kinf__field_unescape(&p, e, u); } else { u[0] = *p++; n = 1; }
        for (j = 0; j < n; j++) { kinf__jp_path_byte(s, (unsigned char)u[j]); }
    }
}
static void kinf__jp_push_index(kinf__jp* s, size_t i) {
    char d[24];
    int n = 0;
    do { d[n++] = (char)('0' + (char)(i % 10u)); i /= 10u; } while (i && n < 24);
    kinf__jp_sep(s);
    while (n > 0) { kinf__jp_path_byte(s, (unsigned char)d[--n]); }
}
/* Just past a member's value in its text; the iteration ended well when
   only whitespace lies from there to the closing bracket */
static const char* kinf__jp_after(const kinf_value_t* v) { return v->ptr + v->len + (v->type == KINF_VSTRING ? 1 : 0); }
static void kinf__jp_check_end(kinf__jp* s, const kinf_members_t* it, const char* last) {
    if (kinf__field_ws(last, it->end) != it->end) { s->bad = 1; }
}
static int kinf__jp_same_key(const kinf_value_t* a, const kinf_value_t* b) { return a->len == b->len && !memcmp(a->ptr, b->ptr, a->len); }
/* to's member named k, or 0 */
static int kinf__jp_find(const kinf_value_t* obj, const kinf_value_t* k, kinf_value_t* out) {
    kinf_members_t it;
    kinf_value_t key;
    kinf_members_of(obj, &it);
    while (kinf_member_next(&it, &key, out)) { if (kinf__jp_same_key(&key, k)) { return 1; } }
    return 0;
}
static void kinf__jp_diff(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth);
/* the rest of two containers, from their iterators on, is the same text:
   nothing after this point changes (the usual case once the changed member
   is behind: a memcmp instead of a walk) */
static int kinf__jp_rest_same(const kinf_members_t* ia, const kinf_members_t* ib) {
    size_t n = (size_t)(ia->end - ia->p);
    return n == (size_t)(ib->end - ib->p) && !memcmp(ia->p, ib->p, n);
}
static void kinf__jp_object(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    kinf_members_t ia, ib;
    kinf_value_t ka, va, kb, vb;
    const char* last;
    size_t at = s->plen;
    int aligned = 1; /* every key so far at the same place in both: ib steps with ia */
    if (!kinf_members_of(a, &ia) || !kinf_members_of(b, &ib)) { s->bad = 1; return; }
    last = ia.p;
    for (;;) {
        kinf_value_t w;
        int found;
        if (aligned && kinf__jp_rest_same(&ia, &ib)) { return; } /* no member removed or added after this */
        if (!kinf_member_next(&ia, &ka, &va)) { break; }
        found = aligned && kinf_member_next(&ib, &kb, &vb) && kinf__jp_same_key(&ka, &kb);
        if (found) { w = vb; } else { aligned = 0; found = kinf__jp_find(b, &ka, &w); }
        last = kinf__jp_after(&va);
        kinf__jp_push_key(s, &ka);
        if (!found) { kinf__jp_op(s, "remove", 0); } else { kinf__jp_diff(s, &va, &w, depth + 1); }
        s->plen = at;
    }
    kinf__jp_check_end(s, &ia, last);
    /* to's members that from lacks: when the keys kept in step, only those
       after the end of from's */
    if (!aligned) { kinf_members_of(b, &ib); }
    last = ib.p;
    while (kinf_member_next(&ib, &kb, &vb)) {
        kinf_value_t w;
        last = kinf__jp_after(&vb);
        if (!aligned && kinf__jp_find(a, &kb, &w)) { continue; }
        kinf__jp_push_key(s, &kb);
        kinf__jp_op(s, "add", &vb);
        s->plen = at;
    }
    kinf__jp_check_end(s, &ib, last);
}
static void kinf__jp_array(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    kinf_members_t ia, ib;
    kinf_value_t va, vb;
    const char* la;
    const char* lb;
    size_t at = s->plen, i = 0, nb;
    int more_a, more_b;
    if (!kinf_members_of(a, &ia) || !kinf_members_of(b, &ib)) { s->bad = 1; return; }
    la = ia.p; lb = ib.p;
    for (;;) {
        if (kinf__jp_rest_same(&ia, &ib)) { return; }
        more_a = kinf_member_next(&ia, 0, &va);
        more_b = kinf_member_next(&ib, 0, &vb);
        if (!more_a || !more_b) { break; }
        la = kinf__jp_after(&va); lb = kinf__jp_after(&vb);
        kinf__jp_push_index(s, i++);
        kinf__jp_diff(s, &va, &vb, depth + 1);
        s->plen = at;
    }
    nb = i;
    for (; more_a; more_a = kinf_member_next(&ia, 0, &va)) { /* from's surplus: each remove shifts the next to index nb */
        la = kinf__jp_after(&va);
        kinf__jp_push_index(s, nb);
        kinf__jp_op(s, "remove", 0);
        s->plen = at;
    }
    for (; more_b; more_b = kinf_member_next(&ib, 0, &vb)) {
        lb = kinf__jp_after(&vb);
        kinf__jp_push_index(s, i++);
        kinf__jp_op(s, "add", &vb);
        s->plen = at;
    }
    kinf__jp_check_end(s, &ia, la);
    kinf__jp_check_end(s, &ib, lb);
}
static void kinf__jp_diff(kinf__jp* s, const kinf_value_t* a, const kinf_value_t* b, int depth) {
    if (s->bad || s->long_path) { return; }
    if (a->type == b->type && a->len == b->len && !memcmp(a->ptr, b->ptr, a->len)) { return; }
    /* the depth bound: below it a changed value is replaced whole */
    if (a->type == b->type && a->type == KINF_VOBJECT && depth < KINF_MAX_DEPTH) { kinf__jp_object(s, a, b, depth); }
    else if (a->type == b->type && a->type == KINF_VARRAY && depth < KINF_MAX_DEPTH) { kinf__jp_array(s, a, b, depth); }
    else { kinf__jp_op(s, "replace", b); }
}
/* a whole JSON value, as far as its structure: [ptr, ptr+len) is one value
   (the values a patch copies: its cost is the patch's size, not the objects') */
static int kinf__jp_whole(const kinf_value_t* v) {
    const char* p;
    size_t n;
    if (!v || !v->ptr || v->plain || v->type == KINF_VNONE) { return 0; }
    p = v->type == KINF_VSTRING ? v->ptr - 1 : v->ptr;
    n = v->type == KINF_VSTRING ? v->len + 2 : v->len;
    if (v->type == KINF_VSTRING && (p[0] != '"' || p[n - 1] != '"')) { return 0; }
    return kinf__json_end((const uint8_t*)p, 0, n) == n;
}
KINF_API int kinf_json_patch(const kinf_value_t* from, const kinf_value_t* to, char* out, size_t cap, size_t* len) {
    kinf__jp s;
    if (len) { *len = 0; }
    if (!out || !cap) { return KINF_ERR_INVAL; }
    out[0] = 0;
    /* the two objects are checked as far as the walk goes (brackets, commas,
       colons of every container it enters) and every value the patch copies
       whole: an informer's objects are not scanned again end to end */
    if (!from || !to || !from->ptr || !to->ptr || from->plain || to->plain || from->type == KINF_VNONE || to->type == KINF_VNONE) {
        return KINF_ERR_INVAL;
    }
    s.out = out; s.cap = cap; s.len = 0; s.plen = 0; s.ops = 0; s.bad = 0; s.long_path = 0;
    kinf__jp_put(&s, "[", 1);
    kinf__jp_diff(&s, from, to, 0);
    kinf__jp_put(&s, "]", 1);
    if (s.bad) { out[0] = 0; return KINF_ERR_INVAL; }
    if (s.long_path) { out[0] = 0; return KINF_ERR_NOMEM; }
    if (len) { *len = s.len; }
    if (s.len >= cap) { out[0] = 0; return KINF_ERR_NOMEM; }
    out[s.len] = 0;
    return KINF_OK;
}
#endif /* KINF_NO_JSONPATCH */

