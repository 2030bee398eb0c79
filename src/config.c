/* >>config  kubeconfig (a YAML subset: block and flow, so JSON too), in-cluster service account, base64 */
#ifndef KINF_ENGINE_ONLY /* the loaders read files and the environment */

#ifndef KINF_NO_KUBECONFIG /* the kubeconfig reader, up to kinf__cfg_err */
/* Decodes standard base64 from src into dst (cap bytes); returns the length
   or -1 when src is not base64 or dst is too small. */
static long kinf__b64(const char* src, size_t n, unsigned char* dst, size_t cap) {
    uint32_t acc = 0;
    size_t i, o = 0;
    int bits = 0, pad = 0;
    for (i = 0; i < n; i++) {
        char c = src[i];
        int v;
        if (c == '=') { pad++; continue; }
        if (pad) { return -1; } /* data after padding */
        if (c >= 'A' && c <= 'Z') { v = c - 'A'; } else if (c >= 'a' && c <= 'z') { v = c - 'a' + 26; }
        else if (c >= '0' && c <= '9') { v = c - '0' + 52; } else if (c == '+') { v = 62; } else if (c == '/') { v = 63; }
        else { return -1; }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (o >= cap) { return -1; }
            dst[o++] = (unsigned char)(acc >> bits);
        }
    }
    if (pad > 2 || (bits == 6) || ((n - (size_t)pad) % 4 + (size_t)pad) % 4 != 0) { return -1; }
    return (long)o;
}

enum { KINF__Y_SCALAR = 0, KINF__Y_NULL, KINF__Y_MAP, KINF__Y_SEQ }; /* a map or sequence: its start */
typedef struct kinf__yseg { const char* k; size_t kl; int idx; uint8_t style; } kinf__yseg;
typedef struct kinf__yval { const char* p; size_t n; int type; uint8_t style; } kinf__yval;
typedef void (*kinf__yfn)(void* u, const kinf__yseg* path, int n, const kinf__yval* v);
typedef struct kinf__yerr { int line, col; const char* why; } kinf__yerr; /* where a walk stopped, and why */
#define KINF__YDEPTH 16

/* Decodes a scalar (plain, 'single' or "double" quoted) into out. Returns
   the length, or -1 if it does not fit or has a bad escape. */
static long kinf__ystr_raw(const char* p, size_t n, int style, char* out, size_t cap) {
    size_t i, o = 0;
    for (i = 0; i < n; i++) {
        char c = p[i];
        if (style == 1 && c == '\'') { i++; }                     /* '' is ' */
        else if (style == 2 && c == '\\') {
            char e;
            if (++i >= n) { return -1; }
            e = p[i];
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e == '"' ? '"' : e == '\\' ? '\\' : e == '/' ? '/' : e == ' ' ? ' '
              : e == 'b' ? '\b' : e == 'f' ? '\f' : 0;
            if (e == 'x' || e == 'u') {
                unsigned v = 0, k, nd = e == 'x' ? 2u : 4u;
                for (k = 0; k < nd; k++) {
                    char h;
                    if (++i >= n) { return -1; }
                    h = p[i];
                    if (kinf__hexval((unsigned char)h) < 0) { return -1; }
                    v = v * 16u + (unsigned)kinf__hexval((unsigned char)h);
                }
                if (v >= 0x80) { out[0] = 0; return -1; } /* ASCII only: names, paths and tokens are */
                c = (char)v;
            } else if (!c && e != '0') { return -1; }
        }
        if (o + 1 >= cap) { return -1; }
        out[o++] = c;
    }
    out[o] = 0;
    return (long)o;
}
static long kinf__ystr(const char* p, size_t n, int style, char* out, size_t cap) {
    long r;
    if (cap == 0) { return -1; }
    r = kinf__ystr_raw(p, n, style, out, cap);
    if (r < 0) { out[0] = 0; } /* never a partial, unterminated string */
    return r;
}
/* scalar [p, e): plain (comment stripped, trimmed) or quoted on one line */
static int kinf__yscalar(const char* p, const char* e, kinf__yval* v) {
    v->type = KINF__Y_SCALAR;
    if (*p == '"' || *p == '\'') {
        char q = *p++;
        const char* s = p;
        while (p < e) {
            if (q == '"' && *p == '\\') { p += 2; continue; }
            if (*p == q) {
                if (q == '\'' && p + 1 < e && p[1] == '\'') { p += 2; continue; }
                break;
            }
            p++;
        }
        if (p >= e) { return 0; } /* unterminated, or a multi-line quoted scalar */
        v->p = s; v->n = (size_t)(p - s); v->style = q == '"' ? 2 : 1;
        p++;
        while (p < e && *p == ' ') { p++; }
        return p == e || *p == '#';
    }
    {
        const char* s = p;
        const char* end = p;
        while (p < e) {
            if (*p == '#' && p > s && (p[-1] == ' ' || p[-1] == '\t')) { break; }
            p++;
            if (p[-1] != ' ' && p[-1] != '\t') { end = p; }
        }
        v->p = s; v->n = (size_t)(end - s); v->style = 0;
        if (v->n == 0 || (v->n == 1 && *s == '~') || (v->n == 4 && !memcmp(s, "null", 4))) { v->type = KINF__Y_NULL; }
    }
    return 1;
}
/* finds the ':' that ends a plain or quoted key on this line; NULL if none */
static const char* kinf__ykey_end(const char* p, const char* e, kinf__yseg* k) {
    if (*p == '"' || *p == '\'') {
        kinf__yval v;
        const char* q = p + 1;
        char qc = *p;
        while (q < e && *q != qc) { if (qc == '"' && *q == '\\') { q++; } q++; }
        if (q >= e || q + 1 >= e + 1) { return 0; }
        v.p = p + 1; v.n = (size_t)(q - p - 1);
        q++;
        while (q < e && *q == ' ') { q++; }
        if (q >= e || *q != ':' || (q + 1 < e && q[1] != ' ')) { return 0; }
        k->k = v.p; k->kl = v.n; k->idx = -1; k->style = qc == '"' ? 2 : 1;
        return q;
    }
    {
        const char* q = p;
        while (q < e) {
            if (*q == ':' && (q + 1 == e || q[1] == ' ' || q[1] == '\t')) {
                const char* ke = q;
                while (ke > p && (ke[-1] == ' ' || ke[-1] == '\t')) { ke--; }
                if (ke == p) { return 0; }
                k->k = p; k->kl = (size_t)(ke - p); k->idx = -1; k->style = 0;
                return q;
            }
            if (*q == '#' && q > p && q[-1] == ' ') { return 0; }
            q++;
        }
    }
    return 0;
}

typedef struct kinf__ylvl { int indent, seq, idx; kinf__yseg seg; } kinf__ylvl;
typedef struct kinf__ywalk {
    kinf__ylvl st[KINF__YDEPTH];
    kinf__yseg path[KINF__YDEPTH];
    int depth, pending, pend_indent, pend_is_key;
    int started, done;                /* a content line was read; the document was one flow collection */
    kinf__yseg pend;
    kinf__yfn fn;
    void* u;
    const char* at;                   /* where reading stopped, and why */
    const char* why;
} kinf__ywalk;
/* the walk's place: the next byte, the end, the line it is on and where that begins */
typedef struct kinf__ycur { const char* p; const char* end; const char* ls; int line; } kinf__ycur;

static int kinf__yfail(kinf__ywalk* w, const char* at, const char* why) { w->at = at; w->why = why; return 0; }
static int kinf__ypush(kinf__ywalk* w, int indent, int seq, const kinf__yseg* seg) {
    if (w->depth >= KINF__YDEPTH) { return 0; }
    w->st[w->depth].indent = indent; w->st[w->depth].seq = seq; w->st[w->depth].idx = -1;
    w->st[w->depth].seg = *seg;
    w->path[w->depth - 1] = *seg;
    w->depth++;
    return 1;
}
/* fn for the value at the path of n segments whose last is `last` */
static void kinf__yemit_n(kinf__ywalk* w, int n, const kinf__yseg* last, const kinf__yval* v) {
    if (n < 1 || n > KINF__YDEPTH) { return; }
    w->path[n - 1] = *last;
    w->fn(w->u, w->path, n, v);
}
static void kinf__yemit(kinf__ywalk* w, const kinf__yseg* last, const kinf__yval* v) { kinf__yemit_n(w, w->depth, last, v); }
/* the entry of a map at column `col`: "key: value" or "key:". Returns 1, 2
   when the value is a flow collection (it starts at *flow, and k is its
   key), or 0 with w->why set. */
static int kinf__ykeyline(kinf__ywalk* w, const char* p, const char* e, int col, kinf__yseg* k, const char** flow) {
    kinf__yval v;
    const char* c = kinf__ykey_end(p, e, k);
    if (!c) { return kinf__yfail(w, p, "expected key: value"); }
    c++;
    while (c < e && (*c == ' ' || *c == '\t')) { c++; }
    if (c == e || *c == '#') {
        w->pending = 1; w->pend = *k; w->pend_indent = col; w->pend_is_key = 1;
        return 1;
    }
    if (*c == '{' || *c == '[') { *flow = c; return 2; }
    if (*c == '|' || *c == '>') { return kinf__yfail(w, c, "block scalars (| and >) are not read"); }
    if (*c == '&' || *c == '*' || *c == '!') { return kinf__yfail(w, c, "anchors, aliases and tags are not read"); }
    if (!kinf__yscalar(c, e, &v)) { return kinf__yfail(w, c, "a quoted scalar must end on its line, with nothing but a comment after it"); }
    kinf__yemit(w, k, &v);
    return 1;
}

/* Flow collections, { } and [ ], over as many lines as they take: a JSON
   document is one. */
enum { KINF__YF_KEY, KINF__YF_COLON, KINF__YF_VALUE, KINF__YF_NEXT }; /* what a flow collection expects next */
static int kinf__yflow_stop(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',' || ch == '[' || ch == ']' || ch == '{' || ch == '}';
}
/* skips blanks, line breaks and comments */
static void kinf__yflow_ws(kinf__ycur* c) {
    while (c->p < c->end) {
        char ch = *c->p;
        if (ch == '\n') { c->p++; c->line++; c->ls = c->p; }
        else if (ch == ' ' || ch == '\t' || ch == '\r') { c->p++; }
        else if (ch == '#' && (c->p == c->ls || c->p[-1] == ' ' || c->p[-1] == '\t')) {
            while (c->p < c->end && *c->p != '\n') { c->p++; }
        } else { break; }
    }
}
/* a scalar in a flow collection: quoted, ending on its line, or plain, up
   to a blank and ':', a ',', a bracket, a comment or the end of the line */
static int kinf__yflow_scalar(kinf__ywalk* w, kinf__ycur* c, kinf__yval* v) {
    const char* p = c->p;
    const char* e = c->end;
    char ch = *p;
    v->type = KINF__Y_SCALAR;
    if (ch == '"' || ch == '\'') {
        const char* s = ++p;
        for (;;) {
            if (p >= e || *p == '\n' || *p == '\r') { return kinf__yfail(w, c->p, "a quoted scalar must end on its line"); }
            if (*p == ch) {
                if (ch == '\'' && p + 1 < e && p[1] == '\'') { p += 2; continue; }
                break;
            }
            if (ch == '"' && *p == '\\' && p + 1 < e && p[1] != '\n' && p[1] != '\r') { p += 2; continue; }
            p++;
        }
        v->p = s; v->n = (size_t)(p - s); v->style = ch == '"' ? 2 : 1;
        c->p = p + 1;
        return 1;
    }
    if (ch == '&' || ch == '*' || ch == '!') { return kinf__yfail(w, p, "anchors, aliases and tags are not read"); }
    if (ch == '|' || ch == '>' || ch == '%' || ch == '@' || ch == '`' || ch == '#') { return kinf__yfail(w, p, "a plain scalar cannot start with this character: quote it"); }
    if ((ch == '-' || ch == '?' || ch == ':') && (p + 1 == e || kinf__yflow_stop(p[1]))) {
        return kinf__yfail(w, p, ch == ':' ? "a ':' with no key before it" : "'- ' items and '? ' keys are not read inside { } or [ ]");
    }
    {
        const char* s = p;
        const char* last = p;
        while (p < e) {
            ch = *p;
            if (ch == '\n' || ch == '\r' || ch == ',' || ch == '[' || ch == ']' || ch == '{' || ch == '}') { break; }
            if (ch == ':' && (p + 1 == e || kinf__yflow_stop(p[1]))) { break; }
            if (ch == '#' && p > s && (p[-1] == ' ' || p[-1] == '\t')) { break; }
            p++;
            if (ch != ' ' && ch != '\t') { last = p; }
        }
        v->p = s; v->n = (size_t)(last - s); v->style = 0;
        if ((v->n == 1 && *s == '~') || (v->n == 4 && !memcmp(s, "null", 4))) { v->type = KINF__Y_NULL; }
        c->p = p;
    }
    return 1;
}
/* The flow collection at c->p: fn gets every scalar and the start of every
   nested collection with its path. Its own path is n segments, the last
   `own` (fn gets its start too); with n 0 it is the document. Returns 1 with
   c->p after its closing bracket, or 0 with w->why set. */
static int kinf__yflow(kinf__ywalk* w, kinf__ycur* c, int n, const kinf__yseg* own) {
    char close[KINF__YDEPTH + 1]; /* the bracket that closes each open collection */
    int idx[KINF__YDEPTH + 1];
    kinf__ycur open[KINF__YDEPTH + 1]; /* where each opens: the place of an error at the end of the file */
    int top = 0, st = KINF__YF_KEY;
    kinf__yseg key;
    kinf__yval v;
    memset(&key, 0, sizeof(key));
    if (n + 1 > KINF__YDEPTH) { return kinf__yfail(w, c->p, "nested deeper than 16 levels"); }
    v.p = 0; v.n = 0; v.style = 0; v.type = *c->p == '{' ? KINF__Y_MAP : KINF__Y_SEQ;
    if (own) { kinf__yemit_n(w, n, own, &v); }
    close[0] = *c->p == '{' ? '}' : ']';
    idx[0] = -1;
    open[0] = *c;
    c->p++;
    for (;;) {
        int map = close[top] == '}';
        char ch;
        kinf__yseg seg;
        kinf__yflow_ws(c);
        if (c->p >= c->end) {
            *c = open[top];
            return kinf__yfail(w, c->p, close[top] == '}' ? "this { is not closed before the end of the file" : "this [ is not closed before the end of the file");
        }
        ch = *c->p;
        if (ch == '}' || ch == ']' || ch == ',') {
            if (ch != ',' && ch != close[top]) { return kinf__yfail(w, c->p, ch == '}' ? "'}' where ']' closes the [" : "']' where '}' closes the {"); }
            if (ch == ',' && st == KINF__YF_KEY) { return kinf__yfail(w, c->p, map ? "expected a key before ','" : "expected a value before ','"); }
            if (st == KINF__YF_COLON || st == KINF__YF_VALUE) { /* "{a}", "{a: }": a null value */
                v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
                kinf__yemit_n(w, n + top + 1, &key, &v);
            }
            c->p++;
            st = KINF__YF_KEY;
            if (ch == ',') { continue; }
            if (top == 0) { return 1; }
            top--;
            st = KINF__YF_NEXT;
            continue;
        }
        if (ch == ':') { /* a plain scalar stops before ": ", a quoted one at its quote */
            if (map && st == KINF__YF_COLON) { c->p++; st = KINF__YF_VALUE; continue; }
            return kinf__yfail(w, c->p, !map ? "a key: value inside [ ]: write it as {key: value}"
                                      : st == KINF__YF_NEXT ? "expected ',' or '}'" : st == KINF__YF_KEY ? "expected a key before ':'" : "expected a value after ':'");
        }
        if (st == KINF__YF_NEXT || st == KINF__YF_COLON) {
            return kinf__yfail(w, c->p, !map ? "expected ',' or ']'" : st == KINF__YF_NEXT ? "expected ',' or '}'" : "expected ':', ',' or '}' after the key");
        }
        if (map && st == KINF__YF_KEY) {
            if (ch == '{' || ch == '[') { return kinf__yfail(w, c->p, "a { } or [ ] as a key is not read"); }
            if (!kinf__yflow_scalar(w, c, &v)) { return 0; }
            key.k = v.p; key.kl = v.n; key.idx = -1; key.style = v.style;
            st = KINF__YF_COLON;
            continue;
        }
        /* a value: of the key, or the next item */
        if (map) { seg = key; } else { seg.k = 0; seg.kl = 0; seg.idx = ++idx[top]; seg.style = 0; }
        if (ch == '{' || ch == '[') {
            if (n + top + 2 > KINF__YDEPTH) { return kinf__yfail(w, c->p, "nested deeper than 16 levels"); }
            v.p = 0; v.n = 0; v.style = 0; v.type = ch == '{' ? KINF__Y_MAP : KINF__Y_SEQ;
            kinf__yemit_n(w, n + top + 1, &seg, &v);
            top++;
            close[top] = ch == '{' ? '}' : ']';
            idx[top] = -1;
            open[top] = *c;
            st = KINF__YF_KEY;
            c->p++;
            continue;
        }
        if (!kinf__yflow_scalar(w, c, &v)) { return 0; }
        kinf__yemit_n(w, n + top + 1, &seg, &v);
        st = KINF__YF_NEXT;
    }
}
/* after a flow collection: nothing but blanks and a comment up to the end
   of its last line; c->p goes to the next line */
static int kinf__yflow_tail(kinf__ywalk* w, kinf__ycur* c) {
    const char* p = c->p;
    while (p < c->end && (*p == ' ' || *p == '\t' || *p == '\r')) { p++; }
    if (p < c->end && *p == '#' && p > c->p) { while (p < c->end && *p != '\n') { p++; } }
    if (p < c->end && *p != '\n') { return kinf__yfail(w, p, "only a comment may follow the closing bracket on its line"); }
    c->p = p < c->end ? p + 1 : p;
    return 1;
}
/* the flow collection at c->p, then the rest of its last line */
static int kinf__yflow_line(kinf__ywalk* w, kinf__ycur* c, int n, const kinf__yseg* own) {
    return kinf__yflow(w, c, n, own) && kinf__yflow_tail(w, c);
}

/* Walks a YAML document (JSON is one), calling fn for every scalar, null
   and empty collection, and the start of every nested map or sequence.
   Returns 0, or the 1-based number of the first line it cannot read, with
   the line, column and reason in *err (when err is not NULL). */
static int kinf__yaml_walk(const char* buf, size_t len, kinf__yfn fn, void* u, kinf__yerr* err) {
    kinf__ywalk w;
    kinf__ycur cur;
    int ok = 1;
    memset(&w, 0, sizeof(w));
    w.fn = fn; w.u = u;
    w.st[0].indent = -1; w.st[0].seq = 0; w.depth = 1;
    cur.p = buf; cur.end = buf + len; cur.ls = buf; cur.line = 0;
    if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) { cur.p += 3; } /* a UTF-8 byte order mark */
    while (ok && cur.p < cur.end) {
        const char* ls = cur.p;
        const char* le;
        const char* c;
        const char* flow = 0;
        kinf__yseg fseg;
        int indent, is_item;
        cur.line++;
        cur.ls = ls;
        while (cur.p < cur.end && *cur.p != '\n') { cur.p++; }
        le = cur.p;
        if (cur.p < cur.end) { cur.p++; }
        if (le > ls && le[-1] == '\r') { le--; }
        c = ls;
        while (c < le && *c == ' ') { c++; }
        if (c < le && *c == '\t') { ok = kinf__yfail(&w, c, "a tab in the indentation"); break; }
        if (c == le || *c == '#') { continue; }
        indent = (int)(c - ls);
        if (indent == 0 && (le - c >= 3) && (!memcmp(c, "---", 3) || !memcmp(c, "...", 3)) && (le - c == 3 || c[3] == ' ')) { continue; }
        if (w.done) { ok = kinf__yfail(&w, c, "only comments may follow the document's closing bracket"); break; }
        if (!w.started && (*c == '{' || *c == '[')) { /* the document is one flow collection: JSON */
            w.started = w.done = 1;
            cur.p = c;
            ok = kinf__yflow_line(&w, &cur, 0, 0);
            continue;
        }
        w.started = 1;
        if (w.st[0].indent < 0) { w.st[0].indent = indent; }
        is_item = (*c == '-' && (c + 1 == le || c[1] == ' '));
        if (w.pending) {
            kinf__yval v;
            v.p = 0; v.n = 0; v.style = 0;
            w.pending = 0;
            if (indent > w.pend_indent && (*c == '{' || *c == '[')) { /* "key:" with its flow value on the next line */
                cur.p = c;
                ok = kinf__yflow_line(&w, &cur, w.depth, &w.pend);
                continue;
            }
            if (indent > w.pend_indent || (indent == w.pend_indent && is_item && w.pend_is_key)) {
                v.type = is_item ? KINF__Y_SEQ : KINF__Y_MAP;
                kinf__yemit(&w, &w.pend, &v);
                if (!kinf__ypush(&w, indent, is_item, &w.pend)) { ok = kinf__yfail(&w, c, "nested deeper than 16 levels"); break; }
            } else {
                v.type = KINF__Y_NULL;
                kinf__yemit(&w, &w.pend, &v);
            }
        }
        while (w.depth > 1 && (w.st[w.depth - 1].indent > indent || (w.st[w.depth - 1].indent == indent && w.st[w.depth - 1].seq && !is_item))) { w.depth--; }
        if (w.st[w.depth - 1].indent != indent) { ok = kinf__yfail(&w, c, "the indentation matches no open block"); break; }
        if (is_item) {
            kinf__ylvl* s = &w.st[w.depth - 1];
            kinf__yseg ix;
            const char* r = c + 1;
            if (!s->seq) { ok = kinf__yfail(&w, c, "a '- ' item where a key: value is expected"); break; }
            s->idx++;
            ix.k = 0; ix.kl = 0; ix.idx = s->idx; ix.style = 0;
            while (r < le && *r == ' ') { r++; }
            if (r == le || *r == '#') {
                w.pending = 1; w.pend = ix; w.pend_indent = indent; w.pend_is_key = 0;
            } else if (*r == '-' && (r + 1 == le || r[1] == ' ')) {
                ok = kinf__yfail(&w, r, "'- - ': a sequence in a sequence on one line is not read"); break;
            } else if (*r == '{' || *r == '[') {
                flow = r; fseg = ix;
            } else {
                kinf__yseg k;
                if (kinf__ykey_end(r, le, &k)) {
                    kinf__yval v;
                    v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_MAP;
                    kinf__yemit(&w, &ix, &v);
                    if (!kinf__ypush(&w, (int)(r - ls), 0, &ix)) { ok = kinf__yfail(&w, r, "nested deeper than 16 levels"); break; }
                    if (!kinf__ykeyline(&w, r, le, (int)(r - ls), &fseg, &flow)) { ok = 0; break; }
                } else {
                    kinf__yval v;
                    if (*r == '|' || *r == '>') { ok = kinf__yfail(&w, r, "block scalars (| and >) are not read"); break; }
                    if (*r == '&' || *r == '*' || *r == '!') { ok = kinf__yfail(&w, r, "anchors, aliases and tags are not read"); break; }
                    if (!kinf__yscalar(r, le, &v)) { ok = kinf__yfail(&w, r, "a quoted scalar must end on its line, with nothing but a comment after it"); break; }
                    kinf__yemit(&w, &ix, &v);
                }
            }
        } else {
            if (w.st[w.depth - 1].seq) { ok = kinf__yfail(&w, c, "a key: value where a '- ' item is expected"); break; }
            if (!kinf__ykeyline(&w, c, le, indent, &fseg, &flow)) { ok = 0; break; }
        }
        if (flow) {
            cur.p = flow;
            ok = kinf__yflow_line(&w, &cur, w.depth, &fseg);
        }
    }
    if (!ok) {
        if (err) { err->line = cur.line; err->col = (int)(w.at - cur.ls) + 1; err->why = w.why; }
        return cur.line > 0 ? cur.line : 1;
    }
    if (w.pending) {
        kinf__yval v;
        v.p = 0; v.n = 0; v.style = 0; v.type = KINF__Y_NULL;
        kinf__yemit(&w, &w.pend, &v);
    }
    return 0;
}

/* kubeconfig resolution: one walk per step (current-context, the context,
   its cluster, its user), each collecting the fields of one list entry at a
   time and keeping those of the entry named as wanted */
enum { KINF__KC_CONTEXTS = 0, KINF__KC_CLUSTERS, KINF__KC_USERS, KINF__KC_CURRENT };
/* What kinformer reads of a list entry, by name. */
typedef struct kinf__kc_item {
    kinf__yval name;
    kinf__yval cluster, user, namespace_;                         /* contexts[].context */
    kinf__yval server, ca, ca_data, insecure, server_name, proxy; /* clusters[].cluster */
    kinf__yval token, token_file, cert, cert_data, key, key_data; /* users[].user */
    kinf__yval exec, exec_cmd, exec_api, exec_mode, exec_pci;     /* users[].user.exec */
    kinf__yval exec_args[KINF_EXEC_MAX_ARGS], exec_env[KINF_EXEC_MAX_ENV][2];
    int exec_nargs, exec_nenv, exec_over;                         /* over: more args or env than kinf_exec_t holds */
    kinf__yseg refused;                                           /* the first field set that kinformer refuses */
    int has_refused;
} kinf__kc_item;
/* The fields of each list entry's inner map: read into kinf__kc_item at off,
   or refused (KUBECONFIG_UNSUPPORTED) unless null. */
typedef struct kinf__kc_field { uint8_t list, refused; const char* key; size_t off; } kinf__kc_field;
static const kinf__kc_field kinf__kc_fields[] = {
    { KINF__KC_CONTEXTS, 0, "cluster", offsetof(kinf__kc_item, cluster) },
    { KINF__KC_CONTEXTS, 0, "user", offsetof(kinf__kc_item, user) },
    { KINF__KC_CONTEXTS, 0, "namespace", offsetof(kinf__kc_item, namespace_) },
    { KINF__KC_CLUSTERS, 0, "server", offsetof(kinf__kc_item, server) },
    { KINF__KC_CLUSTERS, 0, "certificate-authority", offsetof(kinf__kc_item, ca) },
    { KINF__KC_CLUSTERS, 0, "certificate-authority-data", offsetof(kinf__kc_item, ca_data) },
    { KINF__KC_CLUSTERS, 0, "insecure-skip-tls-verify", offsetof(kinf__kc_item, insecure) },
    { KINF__KC_CLUSTERS, 0, "tls-server-name", offsetof(kinf__kc_item, server_name) },
    { KINF__KC_CLUSTERS, 0, "proxy-url", offsetof(kinf__kc_item, proxy) },
    { KINF__KC_USERS, 0, "token", offsetof(kinf__kc_item, token) },
    { KINF__KC_USERS, 0, "tokenFile", offsetof(kinf__kc_item, token_file) },
    { KINF__KC_USERS, 0, "client-certificate", offsetof(kinf__kc_item, cert) },
    { KINF__KC_USERS, 0, "client-certificate-data", offsetof(kinf__kc_item, cert_data) },
    { KINF__KC_USERS, 0, "client-key", offsetof(kinf__kc_item, key) },
    { KINF__KC_USERS, 0, "client-key-data", offsetof(kinf__kc_item, key_data) },
    { KINF__KC_USERS, 0, "exec", offsetof(kinf__kc_item, exec) }, { KINF__KC_USERS, 1, "auth-provider", 0 },
    { KINF__KC_USERS, 1, "username", 0 }, { KINF__KC_USERS, 1, "password", 0 },
    { KINF__KC_USERS, 1, "as", 0 }, { KINF__KC_USERS, 1, "as-uid", 0 },
    { KINF__KC_USERS, 1, "as-groups", 0 }, { KINF__KC_USERS, 1, "as-user-extra", 0 }
};
/* each list's key and its entries' inner key, by KINF__KC_* */
static const char* const kinf__kc_lists[3][2] = { { "contexts", "context" }, { "clusters", "cluster" }, { "users", "user" } };
typedef struct kinf__kc {
    int list;                         /* KINF__KC_*: the list read, or current-context */
    const char* want;                 /* the name of the entry wanted */
    int cur, found;
    kinf__kc_item item, hit;          /* the entry being read; the one named want (current-context: hit.name) */
    char tmp[256];
} kinf__kc;
/* s is the key k (a quoted key with escapes is decoded first) */
static int kinf__yseg_is(const kinf__yseg* s, const char* k) {
    size_t n = strlen(k);
    char d[64];
    long m;
    if (s->idx >= 0) { return 0; }
    if (!s->style || !memchr(s->k, s->style == 2 ? '\\' : '\'', s->kl)) { return s->kl == n && !memcmp(s->k, k, n); }
    m = kinf__ystr(s->k, s->kl, s->style, d, sizeof(d));
    return m == (long)n && !memcmp(d, k, n);
}
static void kinf__kc_close(kinf__kc* kc) {
    if (kc->cur >= 0 && !kc->found && kc->item.name.type == KINF__Y_SCALAR && kc->item.name.p &&
        kinf__ystr(kc->item.name.p, kc->item.name.n, kc->item.name.style, kc->tmp, sizeof(kc->tmp)) >= 0 &&
        !strcmp(kc->tmp, kc->want)) {
        kc->hit = kc->item;
        kc->found = 1;
    }
    memset(&kc->item, 0, sizeof(kc->item));
}
/* users[].user.exec's members (path from below exec, n of them): command,
   apiVersion, interactiveMode, provideClusterInfo, args[k], env[k].name and
   .value; installHint and others are not used */
static void kinf__kc_exec(kinf__kc_item* it, const kinf__yseg* path, int n, const kinf__yval* v) {
    if (n == 1) {
        if (kinf__yseg_is(&path[0], "command")) { it->exec_cmd = *v; }
        else if (kinf__yseg_is(&path[0], "apiVersion")) { it->exec_api = *v; }
        else if (kinf__yseg_is(&path[0], "interactiveMode")) { it->exec_mode = *v; }
        else if (kinf__yseg_is(&path[0], "provideClusterInfo")) { it->exec_pci = *v; }
        return;
    }
    if (n == 2 && kinf__yseg_is(&path[0], "args") && path[1].idx >= 0) {
        if (path[1].idx >= KINF_EXEC_MAX_ARGS) { it->exec_over = 1; return; }
        it->exec_args[path[1].idx] = *v;
        if (path[1].idx >= it->exec_nargs) { it->exec_nargs = path[1].idx + 1; }
        return;
    }
    if (n == 3 && kinf__yseg_is(&path[0], "env") && path[1].idx >= 0) {
        int k = kinf__yseg_is(&path[2], "name") ? 0 : kinf__yseg_is(&path[2], "value") ? 1 : -1;
        if (k < 0) { return; }
        if (path[1].idx >= KINF_EXEC_MAX_ENV) { it->exec_over = 1; return; }
        it->exec_env[path[1].idx][k] = *v;
        if (path[1].idx >= it->exec_nenv) { it->exec_nenv = path[1].idx + 1; }
    }
}
static void kinf__kc_visit(void* u, const kinf__yseg* path, int n, const kinf__yval* v) {
    kinf__kc* kc = (kinf__kc*)u;
    size_t f;
    if (kc->list == KINF__KC_CURRENT) {
        if (n == 1 && kinf__yseg_is(&path[0], "current-context") && v->type == KINF__Y_SCALAR) { kc->hit.name = *v; kc->found = 1; }
        return;
    }
    if (n < 2 || !kinf__yseg_is(&path[0], kinf__kc_lists[kc->list][0]) || path[1].idx < 0) { return; }
    if (path[1].idx != kc->cur) { kinf__kc_close(kc); kc->cur = path[1].idx; }
    if (n == 3 && kinf__yseg_is(&path[2], "name")) { kc->item.name = *v; return; }
    if (n >= 5 && kc->list == KINF__KC_USERS && kinf__yseg_is(&path[2], "user") && kinf__yseg_is(&path[3], "exec")) { kinf__kc_exec(&kc->item, path + 4, n - 4, v); return; }
    if (n != 4 || !kinf__yseg_is(&path[2], kinf__kc_lists[kc->list][1])) { return; }
    for (f = 0; f < sizeof(kinf__kc_fields) / sizeof(kinf__kc_fields[0]); f++) {
        const kinf__kc_field* d = &kinf__kc_fields[f];
        if (d->list != kc->list || !kinf__yseg_is(&path[3], d->key)) { continue; }
        if (!d->refused) { *(kinf__yval*)(void*)((char*)&kc->item + d->off) = *v; }
        else if (v->type != KINF__Y_NULL && !kc->item.has_refused) { kc->item.refused = path[3]; kc->item.has_refused = 1; } /* "exec: null" sets nothing */
        return;
    }
}
static int kinf__kc_run(kinf__kc* kc, const char* buf, size_t len) {
    kc->cur = -1; kc->found = 0;
    memset(&kc->item, 0, sizeof(kc->item));
    memset(&kc->hit, 0, sizeof(kc->hit));
    kinf__yaml_walk(buf, len, kinf__kc_visit, kc, 0);
    if (kc->list != KINF__KC_CURRENT) { kinf__kc_close(kc); }
    return kc->found;
}

#endif /* KINF_NO_KUBECONFIG */
static int kinf__cfg_err(kinf_config_t* cfg, uint32_t item, const char* d1, const char* d2) {
    cfg->error = item;
    cfg->error_detail[0] = 0;
    if (d1) { kinf__strlcpy(cfg->error_detail, d1, sizeof(cfg->error_detail)); }
    if (d2) { kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), d2); }
    return item == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL;
}
#ifndef KINF_NO_KUBECONFIG /* the rest of the kubeconfig reader */
/* Finds the entry of one kubeconfig list (KINF__KC_CONTEXTS, _CLUSTERS,
   _USERS) named want into kc->hit, refusing one that sets a field kinformer
   does not support. Returns KINF_OK, or an error with cfg->error set. */
static int kinf__kc_entry(kinf_config_t* cfg, kinf__kc* kc, const char* buf, size_t len, int list, const char* want, uint32_t not_found) {
    memset(kc, 0, sizeof(*kc));
    kc->list = list; kc->want = want;
    if (!kinf__kc_run(kc, buf, len)) { return kinf__cfg_err(cfg, not_found, want, 0); }
    if (kc->hit.has_refused) {
        char f[64], where[32];
        kinf__ystr(kc->hit.refused.k, kc->hit.refused.kl, kc->hit.refused.style, f, sizeof(f));
        where[0] = 0;
        kinf__cat(where, sizeof(where), kinf__kc_lists[list][0]); kinf__cat(where, sizeof(where), "."); /* "clusters.cluster." */
        kinf__cat(where, sizeof(where), kinf__kc_lists[list][1]); kinf__cat(where, sizeof(where), ".");
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, where, f);
    }
    return KINF_OK;
}
/* a scalar into the work buffer's free tail, NUL-terminated (*out; NULL
   when v is none); 0 with cfg->error set when it does not fit */
static int kinf__cfg_wstr(kinf_config_t* cfg, const kinf__yval* v, unsigned char* work, size_t* used, size_t cap,
                          const char** out, const char* field) {
    long n;
    *out = 0;
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    if (*used >= cap) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
    n = kinf__ystr(v->p, v->n, v->style, (char*)work + *used, cap - *used);
    if (n < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
    *out = (const char*)work + *used;
    *used += (size_t)n + 1;
    return 1;
}
/* users[].user.exec into cfg->exec (strings in the work buffer); dir: the
   kubeconfig's, for a relative command with a '/' (as client-go). KINF_OK,
   or an error with cfg->error set. */
static int kinf__cfg_exec(kinf_config_t* cfg, const kinf__kc_item* it, unsigned char* w, size_t* used, size_t cap, const char* dir) {
    kinf_exec_t* x = &cfg->exec;
    const char* mode = 0;
    const char* pci = 0;
    int k;
    if (it->exec_over) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "users.user.exec: more args or env than kinf_exec_t holds", 0); }
    if (!kinf__cfg_wstr(cfg, &it->exec_api, w, used, cap, &x->api_version, "users.user.exec.apiVersion") ||
        !kinf__cfg_wstr(cfg, &it->exec_mode, w, used, cap, &mode, "users.user.exec.interactiveMode") ||
        !kinf__cfg_wstr(cfg, &it->exec_pci, w, used, cap, &pci, "users.user.exec.provideClusterInfo")) { return KINF_ERR_INVAL; }
    if (!x->api_version || (strcmp(x->api_version, "client.authentication.k8s.io/v1") && strcmp(x->api_version, "client.authentication.k8s.io/v1beta1"))) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.apiVersion: not client.authentication.k8s.io/v1 or v1beta1", 0);
    }
    if (mode && !strcmp(mode, "Always")) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.interactiveMode Always (a plugin is never run interactively)", 0);
    }
    x->provide_cluster_info = pci && !strcmp(pci, "true");
    if (it->exec_cmd.p && it->exec_cmd.type == KINF__Y_SCALAR) {
        char cmd[512];
        const char* at;
        if (kinf__ystr(it->exec_cmd.p, it->exec_cmd.n, it->exec_cmd.style, cmd, sizeof(cmd)) <= 0) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "users.user.exec.command", 0);
        }
        if (cmd[0] != '/' && strchr(cmd, '/')) { /* relative to the kubeconfig's directory */
            size_t dl = strlen(dir), cl = strlen(cmd);
            if (dl + 1 + cl + 1 > cap - *used) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, "users.user.exec.command", 0); }
            at = (const char*)w + *used;
            memcpy(w + *used, dir, dl); w[*used + dl] = '/'; memcpy(w + *used + dl + 1, cmd, cl + 1);
            *used += dl + 1 + cl + 1;
        } else {
            size_t cl = strlen(cmd);
            if (cl + 1 > cap - *used) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, "users.user.exec.command", 0); }
            at = (const char*)w + *used;
            memcpy(w + *used, cmd, cl + 1);
            *used += cl + 1;
        }
        x->command = at;
    }
    if (!x->command) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNSUPPORTED, "users.user.exec.command: none", 0); }
    for (k = 0; k < it->exec_nargs; k++) {
        if (!kinf__cfg_wstr(cfg, &it->exec_args[k], w, used, cap, &x->args[k], "users.user.exec.args")) { return KINF_ERR_INVAL; }
        if (!x->args[k]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec.args: an item that is not a string", 0); }
    }
    x->nargs = it->exec_nargs;
    for (k = 0; k < it->exec_nenv; k++) {
        if (!kinf__cfg_wstr(cfg, &it->exec_env[k][0], w, used, cap, &x->env[k][0], "users.user.exec.env") ||
            !kinf__cfg_wstr(cfg, &it->exec_env[k][1], w, used, cap, &x->env[k][1], "users.user.exec.env")) { return KINF_ERR_INVAL; }
        if (!x->env[k][0] || !x->env[k][0][0] || strchr(x->env[k][0], '=')) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec.env: an entry without a usable name", 0);
        }
        if (!x->env[k][1]) { x->env[k][1] = x->env[k][0] + strlen(x->env[k][0]); } /* no value: "" */
    }
    x->nenv = it->exec_nenv;
    return KINF_OK;
}
/* a scalar into dst (fixed size); a relative path resolved against dir */
static int kinf__cfg_str(kinf_config_t* cfg, const kinf__yval* v, char* dst, size_t cap, const char* dir, const char* field) {
    char tmp[512];
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    if (kinf__ystr(v->p, v->n, v->style, tmp, sizeof(tmp)) < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    dst[0] = 0;
    if (dir && tmp[0] && tmp[0] != '/') {
        if (!kinf__cat(dst, cap, dir) || !kinf__cat(dst, cap, "/")) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    }
    if (!kinf__cat(dst, cap, tmp)) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, field, 0); return 0; }
    return 1;
}
/* a *-data field: base64 into the work buffer's free tail (a quoted
   scalar with escapes, such as JSON's "\/", is unescaped there first) */
static int kinf__cfg_data(kinf_config_t* cfg, const kinf__yval* v, unsigned char* work, size_t* used, size_t cap,
                          const void** out, size_t* outlen, const char* field) {
    const char* src;
    size_t len;
    long n;
    if (!v->p || v->type != KINF__Y_SCALAR) { return 1; }
    src = v->p; len = v->n;
    if (v->style == 2 && memchr(v->p, '\\', v->n)) {
        long u;
        if (v->n >= cap - *used) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); return 0; }
        u = kinf__ystr(v->p, v->n, 2, (char*)work + *used, cap - *used);
        if (u < 0) { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, " (an escape the reader refuses)"); return 0; }
        src = (const char*)work + *used; len = (size_t)u; /* decoded in place: base64 never writes ahead of what it reads */
    }
    n = kinf__b64(src, len, work + *used, cap - *used);
    if (n <= 0) {
        if (len / 4 * 3 > cap - *used) { kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, field, 0); }
        else { kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_BAD_BASE64, field, 0); }
        return 0;
    }
    *out = work + *used; *outlen = (size_t)n;
    *used += (size_t)n;
    return 1;
}
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size) {
    char file[512], dir[512], cluster[256], user[256];
    unsigned char* w = (unsigned char*)work;
    long n;
    size_t used;
    int r;
    kinf__kc kc;
    kinf__yerr yerr;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    if (!work) { return kinf__cfg_err(cfg, KINF_LOGITEM_BAD_ARGUMENT, "work is NULL", 0); }
    if (path && path[0]) {
        if (!kinf__strlcpy(file, path, sizeof(file))) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "kubeconfig path", 0); }
    } else {
        const char* env = getenv("KUBECONFIG");
        if (env && env[0]) {
            /* the first entry that names a readable file, else the first entry */
            const char* e = env;
            file[0] = 0;
            while (*e) {
                size_t k = 0;
                while (e[k] && e[k] != ':') { k++; }
                if (k > 0 && k < sizeof(file)) {
                    char f[512];
                    memcpy(f, e, k); f[k] = 0;
                    if (!file[0]) { memcpy(file, f, k + 1); }
                    if (access(f, R_OK) == 0) { memcpy(file, f, k + 1); break; }
                }
                e += k;
                if (*e == ':') { e++; }
            }
            if (!file[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NOT_FOUND, "KUBECONFIG", 0); }
        } else {
            const char* home = getenv("HOME");
            file[0] = 0;
            if (!home || !kinf__cat(file, sizeof(file), home) || !kinf__cat(file, sizeof(file), "/.kube/config")) {
                return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NOT_FOUND, 0, 0);
            }
        }
    }
    n = kinf__drv_read_file(file, w, work_size);
    if (n == -2) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_FILE_TOO_LARGE, file, 0); }
    if (n < 0) { return kinf__cfg_err(cfg, path ? KINF_LOGITEM_CONFIG_FILE_UNREADABLE : KINF_LOGITEM_KUBECONFIG_NOT_FOUND, file, 0); }
    used = (size_t)n;
    {
        char* slash = strrchr(file, '/');
        if (slash) { size_t k = (size_t)(slash - file); memcpy(dir, file, k); dir[k] = 0; if (!k) { dir[0] = '/'; dir[1] = 0; } }
        else { dir[0] = '.'; dir[1] = 0; }
    }
    /* the whole file is read once to check it, and current-context taken on the way */
    memset(&kc, 0, sizeof(kc));
    kc.list = KINF__KC_CURRENT; kc.cur = -1;
    if (kinf__yaml_walk((const char*)w, used, kinf__kc_visit, &kc, &yerr)) {
        char num[21];
        kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, file, ": line ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), kinf__utoa(num, (uint64_t)yerr.line));
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), ", column ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), kinf__utoa(num, (uint64_t)yerr.col));
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), ": ");
        kinf__cat(cfg->error_detail, sizeof(cfg->error_detail), yerr.why);
        return KINF_ERR_INVAL;
    }
    /* the context */
    if (context && context[0]) {
        kinf__strlcpy(cfg->context, context, sizeof(cfg->context));
    } else if (!kc.found || kinf__ystr(kc.hit.name.p, kc.hit.name.n, kc.hit.name.style, cfg->context, sizeof(cfg->context)) <= 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT, "current-context is not set", 0);
    }
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_CONTEXTS, cfg->context, KINF_LOGITEM_KUBECONFIG_NO_CONTEXT);
    if (r != KINF_OK) { return r; }
    cluster[0] = user[0] = 0;
    if (kc.hit.cluster.p && kinf__ystr(kc.hit.cluster.p, kc.hit.cluster.n, kc.hit.cluster.style, cluster, sizeof(cluster)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.cluster", 0);
    }
    if (kc.hit.user.p && kinf__ystr(kc.hit.user.p, kc.hit.user.n, kc.hit.user.style, user, sizeof(user)) < 0) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "contexts.context.user", 0);
    }
    if (!kinf__cfg_str(cfg, &kc.hit.namespace_, cfg->namespace_, sizeof(cfg->namespace_), 0, "namespace")) { return KINF_ERR_INVAL; }
    if (!cluster[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cfg->context, ": context names no cluster"); }
    /* the cluster */
    r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_CLUSTERS, cluster, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER);
    if (r != KINF_OK) { return r; }
    if (!kinf__cfg_str(cfg, &kc.hit.server, cfg->server, sizeof(cfg->server), 0, "server") ||
        !kinf__cfg_str(cfg, &kc.hit.ca, cfg->ca_file, sizeof(cfg->ca_file), dir, "certificate-authority") ||
        !kinf__cfg_data(cfg, &kc.hit.ca_data, w, &used, work_size, &cfg->ca_data, &cfg->ca_len, "certificate-authority-data") ||
        !kinf__cfg_str(cfg, &kc.hit.server_name, cfg->tls_server_name, sizeof(cfg->tls_server_name), 0, "tls-server-name") ||
        !kinf__cfg_str(cfg, &kc.hit.proxy, cfg->proxy_url, sizeof(cfg->proxy_url), 0, "proxy-url")) {
        return cfg->error == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL; /* decoded data that does not fit */
    }
    if (kc.hit.insecure.p && kc.hit.insecure.n == 4 && !memcmp(kc.hit.insecure.p, "true", 4)) { cfg->insecure_skip_tls_verify = 1; }
    if (!cfg->server[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_NO_CLUSTER, cluster, ": no server"); }
    /* the user */
    if (user[0]) {
        r = kinf__kc_entry(cfg, &kc, (const char*)w, used, KINF__KC_USERS, user, KINF_LOGITEM_KUBECONFIG_NO_USER);
        if (r != KINF_OK) { return r; }
        if (!kinf__cfg_wstr(cfg, &kc.hit.token, w, &used, work_size, &cfg->token, "token")) {
            return used >= work_size ? KINF_ERR_NOMEM : kinf__cfg_err(cfg, KINF_LOGITEM_TOKEN_TOO_LONG, "users.user.token", 0);
        }
        if (kc.hit.exec.type == KINF__Y_MAP) { /* a container's start: no text */
            r = kinf__cfg_exec(cfg, &kc.hit, w, &used, work_size, dir);
            if (r != KINF_OK) { return r; }
        } else if (kc.hit.exec.type == KINF__Y_SEQ || (kc.hit.exec.type == KINF__Y_SCALAR && kc.hit.exec.p)) {
            return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_YAML, "users.user.exec: not a map", 0);
        }
        if (!kinf__cfg_str(cfg, &kc.hit.token_file, cfg->token_file, sizeof(cfg->token_file), dir, "tokenFile") ||
            !kinf__cfg_str(cfg, &kc.hit.cert, cfg->client_cert_file, sizeof(cfg->client_cert_file), dir, "client-certificate") ||
            !kinf__cfg_data(cfg, &kc.hit.cert_data, w, &used, work_size, &cfg->client_cert_data, &cfg->client_cert_len, "client-certificate-data") ||
            !kinf__cfg_str(cfg, &kc.hit.key, cfg->client_key_file, sizeof(cfg->client_key_file), dir, "client-key") ||
            !kinf__cfg_data(cfg, &kc.hit.key_data, w, &used, work_size, &cfg->client_key_data, &cfg->client_key_len, "client-key-data")) {
            return cfg->error == KINF_LOGITEM_CONFIG_FILE_TOO_LARGE ? KINF_ERR_NOMEM : KINF_ERR_INVAL;
        }
    }
    kinf__strlcpy(cfg->source, "kubeconfig", sizeof(cfg->source));
    return KINF_OK;
}
#else
/* KINF_NO_KUBECONFIG: the reader is compiled out (about 9 KB of code at -Os) */
KINF_API int kinf_config_kubeconfig(kinf_config_t* cfg, const char* path, const char* context, void* work, size_t work_size) {
    (void)path; (void)context; (void)work; (void)work_size;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    return kinf__cfg_err(cfg, KINF_LOGITEM_KUBECONFIG_UNAVAILABLE, 0, 0);
}
#endif /* KINF_NO_KUBECONFIG */

KINF_API int kinf_config_in_cluster(kinf_config_t* cfg, const char* sa_dir, void* work, size_t work_size) {
    const char* host = getenv("KUBERNETES_SERVICE_HOST");
    const char* port = getenv("KUBERNETES_SERVICE_PORT");
    const char* dir = (sa_dir && sa_dir[0]) ? sa_dir : "/var/run/secrets/kubernetes.io/serviceaccount";
    char path[600];
    long n;
    int fd;
    (void)work; (void)work_size;
    if (!cfg) { return KINF_ERR_INVAL; }
    memset(cfg, 0, sizeof(*cfg));
    if (!host || !host[0] || !port || !port[0]) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_NOT_FOUND, 0, 0); }
    cfg->server[0] = 0;
    kinf__cat(cfg->server, sizeof(cfg->server), "https://");
    if (strchr(host, ':')) { kinf__cat(cfg->server, sizeof(cfg->server), "["); }
    if (!kinf__cat(cfg->server, sizeof(cfg->server), host)) { return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "KUBERNETES_SERVICE_HOST", 0); }
    if (strchr(host, ':')) { kinf__cat(cfg->server, sizeof(cfg->server), "]"); }
    if (!kinf__cat(cfg->server, sizeof(cfg->server), ":") || !kinf__cat(cfg->server, sizeof(cfg->server), port)) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, "KUBERNETES_SERVICE_PORT", 0);
    }
    path[0] = 0;
    if (!kinf__cat(path, sizeof(path), dir) || !kinf__cat(path, sizeof(path), "/token") || !kinf__strlcpy(cfg->token_file, path, sizeof(cfg->token_file))) {
        return kinf__cfg_err(cfg, KINF_LOGITEM_CONFIG_TOO_LONG, dir, 0);
    }
    fd = open(path, O_RDONLY);
    if (fd < 0) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_UNREADABLE, path, 0); }
    close(fd);
    path[0] = 0;
    kinf__cat(path, sizeof(path), dir); kinf__cat(path, sizeof(path), "/ca.crt");
    kinf__strlcpy(cfg->ca_file, path, sizeof(cfg->ca_file));
    fd = open(path, O_RDONLY);
    if (fd < 0) { return kinf__cfg_err(cfg, KINF_LOGITEM_INCLUSTER_UNREADABLE, path, 0); }
    close(fd);
    path[0] = 0;
    kinf__cat(path, sizeof(path), dir); kinf__cat(path, sizeof(path), "/namespace");
    n = kinf__drv_read_file(path, (unsigned char*)cfg->namespace_, sizeof(cfg->namespace_) - 1);
    if (n > 0) {
        while (n > 0 && (cfg->namespace_[n - 1] == '\n' || cfg->namespace_[n - 1] == ' ' || cfg->namespace_[n - 1] == '\r')) { n--; }
        cfg->namespace_[n] = 0;
    } else {
        cfg->namespace_[0] = 0;
    }
    kinf__strlcpy(cfg->source, "in-cluster", sizeof(cfg->source));
    return KINF_OK;
}

KINF_API int kinf_config_default(kinf_config_t* cfg, void* work, size_t work_size) {
    const char* host = getenv("KUBERNETES_SERVICE_HOST");
    if (host && host[0]) { return kinf_config_in_cluster(cfg, 0, work, work_size); }
    return kinf_config_kubeconfig(cfg, 0, 0, work, work_size);
}
#endif /* KINF_ENGINE_ONLY */

KINF_API void kinf_config_apply(const kinf_config_t* cfg, kinf_desc_t* d) {
    if (!cfg || !d) { return; }
    if (!d->server && cfg->server[0]) { d->server = cfg->server; }
    if (!d->token && !d->token_file && !d->exec) {
        if (cfg->token) { d->token = cfg->token; }
        else if (cfg->token_file[0]) { d->token_file = cfg->token_file; }
        else if (cfg->exec.command) { d->exec = &cfg->exec; }
    }
    if (!d->ca_file && !d->ca_data) {
        if (cfg->ca_data) { d->ca_data = cfg->ca_data; d->ca_len = cfg->ca_len; }
        else if (cfg->ca_file[0]) { d->ca_file = cfg->ca_file; }
    }
    if (!d->client_cert_file && !d->client_cert_data) {
        if (cfg->client_cert_data) { d->client_cert_data = cfg->client_cert_data; d->client_cert_len = cfg->client_cert_len; }
        else if (cfg->client_cert_file[0]) { d->client_cert_file = cfg->client_cert_file; }
    }
    if (!d->client_key_file && !d->client_key_data) {
        if (cfg->client_key_data) { d->client_key_data = cfg->client_key_data; d->client_key_len = cfg->client_key_len; }
        else if (cfg->client_key_file[0]) { d->client_key_file = cfg->client_key_file; }
    }
    if (!d->tls_server_name && cfg->tls_server_name[0]) { d->tls_server_name = cfg->tls_server_name; }
    if (!d->proxy && cfg->proxy_url[0]) { d->proxy = cfg->proxy_url; }
    if (!d->insecure_skip_tls_verify) { d->insecure_skip_tls_verify = cfg->insecure_skip_tls_verify; }
}

