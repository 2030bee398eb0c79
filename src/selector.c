#ifndef KINF_NO_SELECTOR
/* >>selector  label and field selectors, read as the API server reads them
   (labels: =, ==, !=, in, notin, exists, !exists, >, <; fields: =, ==, !=
   with \ escapes) into a fixed kinf_selector_t, and matched against an
   object's compact JSON. The informer refuses what its own selectors do not
   match; the node-local server filters its lists and watches with them. */
enum { KINF__SEL_EXISTS = 1, KINF__SEL_NOT_EXISTS, KINF__SEL_EQ, KINF__SEL_NE, KINF__SEL_IN, KINF__SEL_NOTIN,
       KINF__SEL_GT, KINF__SEL_LT, KINF__SEL_FEQ, KINF__SEL_FNE };
#define KINF__SEL_FIELD(op) ((op) >= KINF__SEL_FEQ)

/* why, when a selector is refused */
static int kinf__sel_why(char* why, size_t cap, const char* what, const char* at, size_t n) {
    size_t o = 0;
    if (why && cap) {
        why[0] = 0;
        kinf__cat(why, cap, what);
        if (at) {
            o = strlen(why);
            kinf__cat(why, cap, ": '");
            o += 3;
            while (n-- && o + 2 < cap) { why[o++] = *at++; }
            why[o] = 0;
            kinf__cat(why, cap, "'");
        }
    }
    return KINF_ERR_INVAL;
}
/* appends n bytes and a NUL to the selector's text; its offset, or -1 when full */
static int32_t kinf__sel_put(kinf_selector_t* s, const char* p, size_t n) {
    int32_t at = (int32_t)s->used;
    if (n + 1 > sizeof(s->text) - s->used) { return -1; }
    memcpy(s->text + s->used, p, n);
    s->text[s->used + n] = 0;
    s->used = (uint16_t)(s->used + n + 1);
    return at;
}
/* a label value, or the name part of a key: at most 63 bytes of
   [A-Za-z0-9_.-], alphanumeric at both ends (empty allowed for values) */
static int kinf__sel_name_ok(const char* p, size_t n) {
    size_t i;
    if (n == 0) { return 1; }
    if (n > 63) { return 0; }
    for (i = 0; i < n; i++) {
        char c = p[i];
        int an = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!an && ((i == 0 || i == n - 1) || (c != '-' && c != '_' && c != '.'))) { return 0; }
    }
    return 1;
}
/* a label key: [prefix/]name, the prefix a DNS subdomain (at most 253 bytes
   of lower-case alphanumerics, '-' and '.', alphanumeric at both ends) */
static int kinf__sel_key_ok(const char* p, size_t n) {
    const char* sl = (const char*)memchr(p, '/', n);
    size_t i, pn;
    if (!sl) { return n > 0 && kinf__sel_name_ok(p, n); }
    pn = (size_t)(sl - p);
    if (pn == 0 || pn > 253 || n - pn - 1 == 0 || !kinf__sel_name_ok(sl + 1, n - pn - 1)) { return 0; }
    for (i = 0; i < pn; i++) {
        char c = p[i];
        int an = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!an && ((i == 0 || i == pn - 1) || (c != '-' && c != '.'))) { return 0; }
    }
    return 1;
}
/* an integer label value for > and <, as a 64-bit signed number */
static int kinf__sel_int(const char* p, size_t n, int64_t* v) {
    uint64_t u = 0;
    size_t i = 0;
    int neg = 0;
    if (n && (p[0] == '-' || p[0] == '+')) { neg = p[0] == '-'; i = 1; }
    if (i == n || n - i > 18) { return 0; }
    for (; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') { return 0; }
        u = u * 10u + (uint64_t)(p[i] - '0');
    }
    *v = neg ? -(int64_t)u : (int64_t)u;
    return 1;
}

/* >>selector labels  the label selector's lexer and grammar */
enum { KINF__LT_END = 0, KINF__LT_ID, KINF__LT_NOT, KINF__LT_NE, KINF__LT_EQ, KINF__LT_COMMA, KINF__LT_OPEN,
       KINF__LT_CLOSE, KINF__LT_GT, KINF__LT_LT, KINF__LT_BAD };
typedef struct kinf__sel_lex { const char* p; const char* tok; size_t n; } kinf__sel_lex;
static int kinf__sel_special(char c) {
    return c == '!' || c == '=' || c == ',' || c == '(' || c == ')' || c == '<' || c == '>' ||
           c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0;
}
static int kinf__sel_next(kinf__sel_lex* x) {
    const char* p = x->p;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f') { p++; }
    x->tok = p; x->n = 1;
    switch (*p) {
    case 0: x->n = 0; x->p = p; return KINF__LT_END;
    case ',': x->p = p + 1; return KINF__LT_COMMA;
    case '(': x->p = p + 1; return KINF__LT_OPEN;
    case ')': x->p = p + 1; return KINF__LT_CLOSE;
    case '<': x->p = p + 1; return KINF__LT_LT;
    case '>': x->p = p + 1; return KINF__LT_GT;
    case '!': if (p[1] == '=') { x->n = 2; x->p = p + 2; return KINF__LT_NE; } x->p = p + 1; return KINF__LT_NOT;
    case '=': if (p[1] == '=') { x->n = 2; } x->p = p + x->n; return KINF__LT_EQ;
    default: break;
    }
    while (!kinf__sel_special(*p)) { p++; }
    x->n = (size_t)(p - x->tok); x->p = p;
    return KINF__LT_ID;
}
static int kinf__sel_is(const kinf__sel_lex* x, const char* word) { return x->n == strlen(word) && !memcmp(x->tok, word, x->n); }
/* One requirement, from the lexer's current token t. Returns KINF_OK and
   the token after it, in *t. */
static int kinf__sel_label_term(kinf_selector_t* s, kinf__sel_lex* x, int* t, char* why, size_t cap) {
    const char* key;
    size_t kn;
    int op;
    int32_t at;
    if (s->nterms >= KINF_SELECTOR_TERMS) { kinf__sel_why(why, cap, "more terms than KINF_SELECTOR_TERMS", 0, 0); return KINF_ERR_NOMEM; }
    if (*t == KINF__LT_NOT) {
        if (kinf__sel_next(x) != KINF__LT_ID) { return kinf__sel_why(why, cap, "a label key expected after '!'", x->tok, x->n); }
        op = KINF__SEL_NOT_EXISTS;
    } else if (*t != KINF__LT_ID) {
        return kinf__sel_why(why, cap, "a label key expected", x->tok, x->n ? x->n : strlen(x->tok));
    } else {
        op = KINF__SEL_EXISTS;
    }
    key = x->tok; kn = x->n;
    if (!kinf__sel_key_ok(key, kn)) { return kinf__sel_why(why, cap, "not a valid label key", key, kn); }
    if ((at = kinf__sel_put(s, key, kn)) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
    s->term[s->nterms].key = (uint16_t)at; s->term[s->nterms].klen = (uint16_t)kn;
    s->term[s->nterms].val = (uint16_t)s->used; s->term[s->nterms].vlen = 0; s->term[s->nterms].nval = 0;
    *t = kinf__sel_next(x);
    if (op == KINF__SEL_EXISTS && *t != KINF__LT_END && *t != KINF__LT_COMMA) {
        int single = *t == KINF__LT_EQ || *t == KINF__LT_NE || *t == KINF__LT_GT || *t == KINF__LT_LT;
        if (single) {
            op = *t == KINF__LT_EQ ? KINF__SEL_EQ : *t == KINF__LT_NE ? KINF__SEL_NE : *t == KINF__LT_GT ? KINF__SEL_GT : KINF__SEL_LT;
            *t = kinf__sel_next(x);
            if (*t == KINF__LT_ID) {
                int64_t v;
                if (op == KINF__SEL_GT || op == KINF__SEL_LT) { /* an integer, not a label value */
                    if (!kinf__sel_int(x->tok, x->n, &v)) { return kinf__sel_why(why, cap, "'>' and '<' take an integer", x->tok, x->n); }
                } else if (!kinf__sel_name_ok(x->tok, x->n)) {
                    return kinf__sel_why(why, cap, "not a valid label value", x->tok, x->n);
                }
                if (kinf__sel_put(s, x->tok, x->n) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->term[s->nterms].vlen = (uint16_t)x->n;
                *t = kinf__sel_next(x);
            } else if ((*t == KINF__LT_END || *t == KINF__LT_COMMA) && op != KINF__SEL_GT && op != KINF__SEL_LT) {
                if (kinf__sel_put(s, "", 0) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
            } else {
                return kinf__sel_why(why, cap, "a label value expected", x->tok, x->n ? x->n : strlen(x->tok));
            }
            s->term[s->nterms].nval = 1;
        } else if (*t == KINF__LT_ID && (kinf__sel_is(x, "in") || kinf__sel_is(x, "notin"))) {
            op = kinf__sel_is(x, "in") ? KINF__SEL_IN : KINF__SEL_NOTIN;
            if (kinf__sel_next(x) != KINF__LT_OPEN) { return kinf__sel_why(why, cap, "'(' expected", x->tok, x->n); }
            *t = kinf__sel_next(x);
            if (*t == KINF__LT_CLOSE) { return kinf__sel_why(why, cap, "'in' and 'notin' need at least one value", key, kn); }
            for (;;) { /* value? (',' value?)* ')': a value may be empty */
                const char* v = "";
                size_t vn = 0;
                if (*t == KINF__LT_ID) {
                    v = x->tok; vn = x->n;
                    if (!kinf__sel_name_ok(v, vn)) { return kinf__sel_why(why, cap, "not a valid label value", v, vn); }
                    *t = kinf__sel_next(x);
                }
                if (s->term[s->nterms].nval == 255 || kinf__sel_put(s, v, vn) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->term[s->nterms].nval++;
                if (*t == KINF__LT_CLOSE) { break; }
                if (*t != KINF__LT_COMMA) { return kinf__sel_why(why, cap, "',' or ')' expected", x->tok, x->n ? x->n : strlen(x->tok)); }
                *t = kinf__sel_next(x);
            }
            s->term[s->nterms].vlen = (uint16_t)(s->used - s->term[s->nterms].val);
            *t = kinf__sel_next(x);
        } else {
            return kinf__sel_why(why, cap, "an operator expected", x->tok, x->n);
        }
    }
    s->term[s->nterms].op = (uint8_t)op;
    s->nterms++;
    return KINF_OK;
}
static int kinf__sel_labels(kinf_selector_t* s, const char* text, char* why, size_t cap) {
    kinf__sel_lex x;
    int t, r;
    x.p = text; x.tok = text; x.n = 0;
    t = kinf__sel_next(&x);
    if (t == KINF__LT_END) { return KINF_OK; } /* everything */
    for (;;) {
        if ((r = kinf__sel_label_term(s, &x, &t, why, cap)) != KINF_OK) { return r; }
        if (t == KINF__LT_END) { return KINF_OK; }
        if (t != KINF__LT_COMMA) { return kinf__sel_why(why, cap, "',' expected", x.tok, x.n); }
        t = kinf__sel_next(&x);
    }
}

/* >>selector fields  the field selector: terms split at unescaped commas,
   each field=value, field==value or field!=value; \\, \, and \= escape */
static int kinf__sel_fields(kinf_selector_t* s, const char* text, char* why, size_t cap) {
    const char* p = text;
    while (*p) {
        const char* e = p;
        const char* op = 0;
        size_t on = 0;
        int32_t at;
        while (*e && *e != ',') { if (*e == '\\' && e[1]) { e++; } e++; }
        if (e == p) { p++; continue; } /* an empty term */
        { /* the first operator, left to right: "!=", "==", then "=" */
            const char* q;
            for (q = p; q < e && !op; q++) {
                if (q[0] == '!' && q + 1 < e && q[1] == '=') { op = q; on = 2; }
                else if (q[0] == '=') { op = q; on = (q + 1 < e && q[1] == '=') ? 2 : 1; }
            }
        }
        if (!op) { return kinf__sel_why(why, cap, "a field term without '=', '==' or '!='", p, (size_t)(e - p)); }
        if (op == p) { return kinf__sel_why(why, cap, "a field term without a field", p, (size_t)(e - p)); }
        if (s->nterms >= KINF_SELECTOR_TERMS) { kinf__sel_why(why, cap, "more terms than KINF_SELECTOR_TERMS", 0, 0); return KINF_ERR_NOMEM; }
        if ((at = kinf__sel_put(s, p, (size_t)(op - p))) < 0) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
        s->term[s->nterms].key = (uint16_t)at; s->term[s->nterms].klen = (uint16_t)(op - p);
        s->term[s->nterms].op = (uint8_t)(op[0] == '!' ? KINF__SEL_FNE : KINF__SEL_FEQ);
        s->term[s->nterms].val = s->used; s->term[s->nterms].nval = 1;
        { /* the value, unescaped */
            const char* q = op + on;
            size_t n = 0;
            if (s->used >= sizeof(s->text)) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
            for (; q < e; q++) {
                char c = *q;
                if (c == '\\') {
                    c = *++q;
                    if (c != '\\' && c != ',' && c != '=') { return kinf__sel_why(why, cap, "an invalid escape in a field value", p, (size_t)(e - p)); }
                } else if (c == '=') {
                    return kinf__sel_why(why, cap, "an unescaped '=' in a field value", p, (size_t)(e - p));
                }
                if ((size_t)s->used + n + 1 >= sizeof(s->text)) { kinf__sel_why(why, cap, "longer than the selector's text", 0, 0); return KINF_ERR_NOMEM; }
                s->text[s->used + n++] = c;
            }
            s->text[s->used + n] = 0;
            s->term[s->nterms].vlen = (uint16_t)n;
            s->used = (uint16_t)(s->used + n + 1);
        }
        s->nterms++;
        p = *e ? e + 1 : e;
    }
    return KINF_OK;
}

/* >>selector match */
/* the path a term reads, written into buf ("metadata.labels.<key>" with its
   dots escaped, or the field); 0 when it does not fit */
static int kinf__sel_path(const kinf_selector_t* s, unsigned i, char* buf, size_t cap) {
    const char* k = s->text + s->term[i].key;
    size_t o = 0, j;
    if (KINF__SEL_FIELD(s->term[i].op)) { return kinf__strlcpy(buf, k, cap); }
    if (cap < 17) { return 0; }
    memcpy(buf, "metadata.labels.", 16); o = 16;
    for (j = 0; j < s->term[i].klen; j++) {
        if (k[j] == '.' || k[j] == '\\') { if (o + 1 >= cap) { return 0; } buf[o++] = '\\'; }
        if (o + 1 >= cap) { return 0; }
        buf[o++] = k[j];
    }
    buf[o] = 0;
    return 1;
}
static int kinf__sel_term(const kinf_selector_t* s, unsigned i, const kinf_object_t* obj) {
    char path[KINF__MAX_STR], val[256];
    const char* v = s->text + s->term[i].val;
    kinf_value_t fv;
    size_t n = 0;
    int has, k, op = s->term[i].op;
    if (!kinf__sel_path(s, i, path, sizeof(path))) { return 0; }
    has = kinf_field(obj, path, &fv);
    if (has && fv.type != KINF_VNULL) {
        if (fv.type == KINF_VOBJECT || fv.type == KINF_VARRAY) { n = sizeof(val); } /* equal to no value */
        else if ((n = kinf_value_str(&fv, val, sizeof(val))) >= sizeof(val)) { n = sizeof(val); }
    } else {
        val[0] = 0;
        if (!KINF__SEL_FIELD(op)) { has = 0; } /* a label set to null is no label */
    }
    switch (op) {
    case KINF__SEL_EXISTS: return has;
    case KINF__SEL_NOT_EXISTS: return !has;
    case KINF__SEL_FEQ: case KINF__SEL_EQ: return (has || op == KINF__SEL_FEQ) && n == s->term[i].vlen && !memcmp(val, v, n);
    case KINF__SEL_FNE: case KINF__SEL_NE: return !((has || op == KINF__SEL_FNE) && n == s->term[i].vlen && !memcmp(val, v, n));
    case KINF__SEL_IN: case KINF__SEL_NOTIN: {
        int in = 0;
        for (k = 0; k < s->term[i].nval && !in; k++, v += strlen(v) + 1) { in = has && n == strlen(v) && !memcmp(val, v, n); }
        return op == KINF__SEL_IN ? in : !in;
    }
    default: { /* > and < */
        int64_t a, b;
        if (!has || n >= sizeof(val) || !kinf__sel_int(val, n, &a) || !kinf__sel_int(v, s->term[i].vlen, &b)) { return 0; }
        return op == KINF__SEL_GT ? a > b : a < b;
    }
    }
}
/* Is a path a selector term reads kept by rules rs? (its every segment followed
   through the keep and drop rules, as projection follows them) */
static int kinf__sel_path_kept(const char* path, const kinf__rules* rs) {
    const char* p = path;
    uint32_t km, dm, km2, dm2;
    int full, cfull, seg = 0;
    if (!strcmp(path, "metadata.name") || !strcmp(path, "metadata.namespace")) { return 1; } /* the object's fields */
    kinf__rules_all(rs, &km, &dm, &full);
    while (*p) {
        char k[256];
        size_t kn = 0;
        while (*p && *p != '.') {
            if (*p == '\\' && p[1]) { p++; }
            if (kn + 1 >= sizeof(k)) { return 0; }
            k[kn++] = *p++;
        }
        if (*p == '.') { p++; }
        if (kinf__pj_decide(rs, (const uint8_t*)k, kn, seg++, km, dm, full, &km2, &dm2, &cfull)) { return 0; }
        km = km2; dm = dm2; full = cfull;
    }
    return full;
}
static int kinf__sel_kept(const kinf_selector_t* s, unsigned i, const kinf__rules* rs) {
    char path[KINF__MAX_STR];
    return kinf__sel_path(s, i, path, sizeof(path)) && kinf__sel_path_kept(path, rs);
}
/* Makes rules keep what selector s reads (nothing to add when they keep
   the whole object), so the informer can judge its objects after
   projection; under metadata_only only paths under metadata. Then marks
   the terms the rules still do not keep (dropped by a drop rule, or outside
   a metadata-only object) as not judged here. 0 when the rules are full. */
static int kinf__sel_rules(kinf__rules* rs, kinf_selector_t* s, int meta_only) {
    unsigned i;
    for (i = 0; i < s->nterms && rs->nkeep > 0; i++) {
        char path[KINF__MAX_STR];
        if (!kinf__sel_path(s, i, path, sizeof(path)) || kinf__sel_path_kept(path, rs)) { continue; }
        if (meta_only && strncmp(path, "metadata.", 9)) { continue; }
        if (rs->nkeep >= KINF_MAX_RULES) { return 0; }
        if (!kinf__rule_parse(rs, &rs->keep[rs->nkeep], path)) { continue; } /* too deep or long: not judged */
        rs->nkeep++;
    }
    return 1;
}
static void kinf__sel_settle(kinf_selector_t* s, const kinf__rules* rs) {
    unsigned i;
    s->skip = 0;
    for (i = 0; i < s->nterms; i++) {
        if (!kinf__sel_kept(s, i, rs)) { s->skip |= 1u << i; }
    }
}

/* >>selector public */
KINF_API int kinf_selector_parse(kinf_selector_t* sel, const char* label_selector, const char* field_selector, char* why, size_t cap) {
    int r;
    if (why && cap) { why[0] = 0; }
    if (!sel) { return kinf__sel_why(why, cap, "sel is NULL", 0, 0); }
    memset(sel, 0, sizeof(*sel));
    r = kinf__sel_labels(sel, label_selector ? label_selector : "", why, cap);
    if (r == KINF_OK) { r = kinf__sel_fields(sel, field_selector ? field_selector : "", why, cap); }
    if (r != KINF_OK) { sel->nterms = 0; sel->used = 0; }
    return r;
}
KINF_API int kinf_selector_match(const kinf_selector_t* sel, const kinf_object_t* obj) {
    unsigned i;
    if (!sel || !obj) { return 0; }
    for (i = 0; i < sel->nterms; i++) {
        if (!(sel->skip & (1u << i)) && !kinf__sel_term(sel, i, obj)) { return 0; }
    }
    return 1;
}
KINF_API int kinf_selector_empty(const kinf_selector_t* sel) { return !sel || sel->nterms == 0; }
KINF_API int kinf_selector_unkept(const kinf_selector_t* sel, kinf_informer_t* inf, char* path, size_t cap) {
    unsigned i;
    if (path && cap) { path[0] = 0; }
    if (!sel || !kinf__ok(inf)) { return 0; }
    for (i = 0; i < sel->nterms; i++) {
        if (!kinf__sel_kept(sel, i, &inf->rules)) {
            if (path && cap) { kinf__sel_path(sel, i, path, cap); }
            return 1;
        }
    }
    return 0;
}
#endif /* KINF_NO_SELECTOR */
