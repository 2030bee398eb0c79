/* kwprint.h - kwatch's kubectl-style printers of one object: -o yaml (a
   YAML rendering of the JSON as kubectl prints it: keys sorted as its YAML
   library sorts them, strings quoted, folded and written as blocks by the
   same rules), -o jsonpath= (fields, [n], [*], {range}...{end}, literal
   text), -o custom-columns= and -o wide (kubectl's columns for pods and
   nodes, NAMESPACE NAME AGE for the rest). Every value is read in place
   through kinf_members_of / kinf_value_str; the one buffer is the caller's
   (kwp_init), as large as the largest object, so no value can overrun it.
   Include after kinformer.h and opts.h. */
#ifndef TOOLS_KWPRINT_H
#define TOOLS_KWPRINT_H
#include <time.h>

#define KWP_WIDTH 80            /* the column after which a long string is folded at a space */
#define KWP_MAX_COLS 32         /* custom-columns */
#define KWP_MAX_NODES 64        /* a jsonpath template's pieces */
#define KWP_MAX_SEGS 16         /* a path's steps */
#define KWP_MAX_DEPTH 32        /* nested {range}s */

static char* kwp_buf;           /* a decoded string: as long as an object at most */
static size_t kwp_cap;
static int kwp_col;             /* the output column of the line being written */

/* the buffer every decoded value goes through: cap bytes (the largest
   object kwatch keeps, so any string of it fits). 0: no memory */
TOOL_PRIVATE int kwp_init(size_t cap) {
    kwp_buf = (char*)malloc(cap + 1);
    kwp_cap = cap + 1;
    return kwp_buf != 0;
}
TOOL_PRIVATE void kwp_free(void) { free(kwp_buf); kwp_buf = 0; kwp_cap = 0; }
/* where output goes: stdout, or a cell being filled (kwp_cell_of) */
typedef struct kwp_cell { char* out; size_t cap, len; int count; } kwp_cell;
static kwp_cell* kwp_to;
static void kwp_put(const char* s, size_t n) {
    size_t i;
    if (kwp_to) {
        size_t k = n < kwp_to->cap - 1 - kwp_to->len ? n : kwp_to->cap - 1 - kwp_to->len;
        memcpy(kwp_to->out + kwp_to->len, s, k);
        kwp_to->len += k;
        kwp_to->out[kwp_to->len] = 0;
        return;
    }
    fwrite(s, 1, n, stdout);
    for (i = 0; i < n; i++) { kwp_col = s[i] == '\n' ? 0 : kwp_col + ((s[i] & 0xC0) != 0x80); }
}
static void kwp_puts(const char* s) { kwp_put(s, strlen(s)); }
static void kwp_spaces(int n) { while (n-- > 0) { kwp_put(" ", 1); } }
/* a value as text (a string unescaped) in kwp_buf; its length */
static size_t kwp_text(const kinf_value_t* v) {
    size_t n = kinf_value_str(v, kwp_buf, kwp_cap);
    return n < kwp_cap ? n : kwp_cap - 1;
}

/* ---- YAML, as kubectl's -o yaml (JSON through go-yaml v2's emitter) ---- */

/* the length of the UTF-8 character at s (1 for a stray byte) */
static size_t kwp_u8len(const unsigned char* s, size_t left) {
    size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 1;
    return n > left ? left : n;
}
/* YAML's printable set, as go-yaml tests it (no tab, no 4-byte character) */
static int kwp_printable(const unsigned char* s, size_t left) {
    if (s[0] == 0x0A || (s[0] >= 0x20 && s[0] <= 0x7E)) { return 1; }
    if (s[0] == 0xC2) { return left > 1 && s[1] >= 0xA0; }
    if (s[0] > 0xC2 && s[0] < 0xED) { return 1; }
    if (s[0] == 0xED) { return left > 1 && s[1] < 0xA0; }
    if (s[0] == 0xEE) { return 1; }
    if (s[0] == 0xEF) { return left > 2 && !(s[1] == 0xBB && s[2] == 0xBF) && !(s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF)); }
    return 0;
}
static int kwp_is_break(const unsigned char* s, size_t left) {
    return s[0] == '\n' || s[0] == '\r' || (s[0] == 0xC2 && left > 1 && s[1] == 0x85) ||
           (s[0] == 0xE2 && left > 2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9));
}
static int kwp_digits(const char* s, size_t n, size_t* i, int max) {
    int k = 0;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9' && k < max) { (*i)++; k++; }
    return k;
}
/* go-yaml's timestamp forms: 2006-1-2, 2006-1-2T15:4:5.999Z07:00 (t too), 2006-1-2 15:4:5.999 */
static int kwp_is_timestamp(const char* s, size_t n) {
    size_t i = 0;
    int sp;
    if (kwp_digits(s, n, &i, 5) != 4 || i >= n || s[i++] != '-' || !kwp_digits(s, n, &i, 2) || i >= n || s[i++] != '-' || !kwp_digits(s, n, &i, 2)) { return 0; }
    if (i == n) { return 1; }
    if (s[i] != 'T' && s[i] != 't' && s[i] != ' ') { return 0; }
    sp = s[i++] == ' ';
    if (!kwp_digits(s, n, &i, 2) || i >= n || s[i++] != ':' || !kwp_digits(s, n, &i, 2) || i >= n || s[i++] != ':' || !kwp_digits(s, n, &i, 2)) { return 0; }
    if (i < n && s[i] == '.') { i++; if (!kwp_digits(s, n, &i, 9)) { return 0; } }
    if (i == n) { return 1; }
    if (sp) { return 0; }
    if (s[i] == 'Z') { return i + 1 == n; }
    if (s[i] != '+' && s[i] != '-') { return 0; }
    i++;
    if (kwp_digits(s, n, &i, 2) != 2 || i >= n || s[i++] != ':' || kwp_digits(s, n, &i, 2) != 2) { return 0; }
    return i == n;
}
/* would go-yaml read this plain text as something else than a string (null,
   a YAML 1.1 bool, a number, a timestamp)? Then kubectl double-quotes it. */
static int kwp_resolves_other(const char* s, size_t n) {
    static const char* const words[] = { "~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
                                         "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
                                         ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN", "<<", 0 };
    char t[64];
    size_t i, k = 0;
    int w;
    if (n == 0) { return 1; }
    for (w = 0; words[w]; w++) { if (strlen(words[w]) == n && !memcmp(words[w], s, n)) { return 1; } }
    if (!((s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '-' || s[0] == '.') || n >= sizeof(t)) { return 0; }
    if (s[0] >= '0' && s[0] <= '9' && kwp_is_timestamp(s, n)) { return 1; }
    for (i = 0; i < n; i++) { if (s[i] != '_') { t[k++] = s[i]; } } /* go-yaml drops '_' before reading a number */
    t[k] = 0;
    i = (t[0] == '+' || t[0] == '-') ? 1 : 0;
    if (t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X' || t[i + 1] == 'o' || t[i + 1] == 'O' || t[i + 1] == 'b' || t[i + 1] == 'B') && t[i + 2]) {
        const char* p = t + i + 2;
        int base = (t[i + 1] | 0x20) == 'x' ? 16 : (t[i + 1] | 0x20) == 'o' ? 8 : 2;
        for (; *p; p++) {
            int d = (*p >= '0' && *p <= '9') ? *p - '0' : ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'f') ? (*p | 0x20) - 'a' + 10 : 99;
            if (d >= base) { return 0; }
        }
        return 1;
    }
    /* an integer or a float: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? */
    if (t[i] == '.') { i++; if (!kwp_digits(t, k, &i, 64)) { return 0; } }
    else { if (!kwp_digits(t, k, &i, 64)) { return 0; } if (t[i] == '.') { i++; kwp_digits(t, k, &i, 64); } }
    if (t[i] == 'e' || t[i] == 'E') { i++; if (t[i] == '+' || t[i] == '-') { i++; } if (!kwp_digits(t, k, &i, 64)) { return 0; } }
    return i == k;
}
enum { KWP_PLAIN, KWP_SINGLE, KWP_DOUBLE, KWP_LITERAL };
/* the style go-yaml's emitter gives a string in block context (key: a
   mapping key, where no block scalar is allowed) */
static int kwp_style(const char* s, size_t n, int key) {
    const unsigned char* u = (const unsigned char*)s;
    int flow_ind = 0, block_ind = 0, special = 0, lead_sp = 0, trail_sp = 0, lead_br = 0, trail_br = 0;
    int breaks = 0, space_break = 0, break_space = 0, prev_sp = 0, prev_br = 0, pre_ws = 1;
    int plain = 1, single = 1, block = 1;
    size_t i, w;
    int multiline = memchr(s, '\n', n) != 0;
    if (!multiline && kwp_resolves_other(s, n)) { return KWP_DOUBLE; }
    if (n >= 3 && ((s[0] == '-' && s[1] == '-' && s[2] == '-') || (s[0] == '.' && s[1] == '.' && s[2] == '.'))) { flow_ind = block_ind = 1; }
    for (i = 0; i < n; i += w) {
        unsigned char c = u[i];
        int fws;
        w = kwp_u8len(u + i, n - i);
        fws = i + w >= n || u[i + w] == ' ' || u[i + w] == '\t' || kwp_is_break(u + i + w, n - i - w);
        if (i == 0) {
            if (strchr("#,[]{}&*!|>'\"%@`", c) && c) { flow_ind = block_ind = 1; }
            if (c == '?' || c == ':') { flow_ind = 1; if (fws) { block_ind = 1; } }
            if (c == '-' && fws) { flow_ind = block_ind = 1; }
        } else {
            if (c && strchr(",?[]{}", c)) { flow_ind = 1; }
            if (c == ':') { flow_ind = 1; if (fws) { block_ind = 1; } }
            if (c == '#' && pre_ws) { flow_ind = block_ind = 1; }
        }
        if (!kwp_printable(u + i, n - i) || (c == 0xEF && n - i > 2 && u[i + 1] == 0xBB && u[i + 2] == 0xBF)) { special = 1; }
        if (c == ' ') {
            if (i == 0) { lead_sp = 1; }
            if (i + w >= n) { trail_sp = 1; }
            if (prev_br) { break_space = 1; }
            prev_sp = 1; prev_br = 0;
        } else if (kwp_is_break(u + i, n - i)) {
            breaks = 1;
            if (i == 0) { lead_br = 1; }
            if (i + w >= n) { trail_br = 1; }
            if (prev_sp) { space_break = 1; }
            prev_br = 1; prev_sp = 0;
        } else { prev_sp = prev_br = 0; }
        pre_ws = c == ' ' || c == '\t' || kwp_is_break(u + i, n - i);
    }
    (void)flow_ind;
    if (lead_sp || lead_br || trail_sp || trail_br) { plain = 0; }
    if (trail_sp) { block = 0; }
    if (break_space) { plain = single = 0; }
    if (space_break || special) { plain = single = block = 0; }
    if (breaks) { plain = 0; }
    if (block_ind) { plain = 0; }
    if (multiline) { return block && !key ? KWP_LITERAL : KWP_DOUBLE; }
    if (plain) { return KWP_PLAIN; }
    return single ? KWP_SINGLE : KWP_DOUBLE;
}
/* a line break and the indent a folded string goes on at */
static void kwp_fold(int indent) { kwp_put("\n", 1); kwp_spaces(indent); }
static void kwp_plain(const char* s, size_t n, int fold, int indent) {
    size_t i;
    int spaces = 0;
    for (i = 0; i < n; i++) {
        if (s[i] == ' ') {
            if (fold && !spaces && kwp_col > KWP_WIDTH && i + 1 < n && s[i + 1] != ' ') { kwp_fold(indent); }
            else { kwp_put(" ", 1); }
            spaces = 1;
        } else { kwp_put(s + i, 1); spaces = 0; }
    }
}
static void kwp_single(const char* s, size_t n, int fold, int indent) {
    const unsigned char* u = (const unsigned char*)s;
    size_t i, w;
    int spaces = 0, breaks = 0;
    kwp_put("'", 1);
    for (i = 0; i < n; i += w) {
        w = kwp_u8len(u + i, n - i);
        if (s[i] == ' ') {
            if (fold && !spaces && kwp_col > KWP_WIDTH && i != 0 && i + 1 != n && s[i + 1] != ' ') { kwp_fold(indent); }
            else { kwp_put(" ", 1); }
            spaces = 1;
            continue;
        }
        if (kwp_is_break(u + i, n - i)) { /* U+2028, U+2029: written as they are, then the line goes on indented */
            kwp_put(s + i, w); kwp_col = 0; breaks = 1; spaces = 0;
            continue;
        }
        if (breaks) { kwp_spaces(indent); breaks = 0; }
        spaces = 0;
        if (s[i] == '\'') { kwp_put("''", 2); } else { kwp_put(s + i, w); }
    }
    kwp_put("'", 1);
}
static void kwp_double(const char* s, size_t n, int fold, int indent) {
    const unsigned char* u = (const unsigned char*)s;
    size_t i, w;
    int spaces = 0;
    char e[16];
    kwp_put("\"", 1);
    for (i = 0; i < n; i += w) {
        unsigned char c = u[i];
        w = kwp_u8len(u + i, n - i);
        if (!kwp_printable(u + i, n - i) || kwp_is_break(u + i, n - i) || c == '"' || c == '\\' ||
            (c == 0xEF && n - i > 2 && u[i + 1] == 0xBB && u[i + 2] == 0xBF)) {
            unsigned long cp = c;
            const char* short_ = 0;
            if (w == 2) { cp = ((c & 0x1Ful) << 6) | (u[i + 1] & 0x3Ful); }
            else if (w == 3) { cp = ((c & 0x0Ful) << 12) | ((u[i + 1] & 0x3Ful) << 6) | (u[i + 2] & 0x3Ful); }
            else if (w == 4) { cp = ((c & 0x07ul) << 18) | ((u[i + 1] & 0x3Ful) << 12) | ((u[i + 2] & 0x3Ful) << 6) | (u[i + 3] & 0x3Ful); }
            switch (cp) {
            case 0: short_ = "\\0"; break;
            case 7: short_ = "\\a"; break;
            case 8: short_ = "\\b"; break;
            case 9: short_ = "\\t"; break;
            case 10: short_ = "\\n"; break;
            case 11: short_ = "\\v"; break;
            case 12: short_ = "\\f"; break;
            case 13: short_ = "\\r"; break;
            case 27: short_ = "\\e"; break;
            case '"': short_ = "\\\""; break;
            case '\\': short_ = "\\\\"; break;
            case 0x85: short_ = "\\N"; break;
            case 0xA0: short_ = "\\_"; break;
            case 0x2028: short_ = "\\L"; break;
            case 0x2029: short_ = "\\P"; break;
            default: break;
            }
            if (short_) { kwp_puts(short_); }
            else {
                snprintf(e, sizeof e, cp <= 0xFF ? "\\x%02lX" : cp <= 0xFFFF ? "\\u%04lX" : "\\U%08lX", cp);
                kwp_puts(e);
            }
            spaces = 0;
            continue;
        }
        if (c == ' ') {
            if (fold && !spaces && kwp_col > KWP_WIDTH && i != 0 && i + 1 != n) {
                kwp_fold(indent);
                if (i + 1 < n && u[i + 1] == ' ') { kwp_put("\\", 1); }
            } else { kwp_put(" ", 1); }
            spaces = 1;
            continue;
        }
        spaces = 0;
        kwp_put(s + i, w);
    }
    kwp_put("\"", 1);
}
static void kwp_literal(const char* s, size_t n, int indent) {
    size_t i;
    int at_start = 1;
    kwp_put("|", 1);
    if (s[0] == ' ' || s[0] == '\n') { kwp_put("2", 1); }
    if (s[n - 1] != '\n') { kwp_put("-", 1); }
    else if (n == 1 || s[n - 2] == '\n') { kwp_put("+", 1); }
    kwp_put("\n", 1);
    for (i = 0; i < n; i++) {
        if (s[i] == '\n') { kwp_put("\n", 1); at_start = 1; continue; }
        if (at_start) { kwp_spaces(indent); at_start = 0; }
        kwp_put(s + i, 1);
    }
    if (s[n - 1] != '\n') { kwp_put("\n", 1); }
}
/* a scalar (a string's text s, n; key: a mapping key); indent: where a fold
   or a block's lines go. 1 when it ended its line (a literal block) */
static int kwp_string(const char* s, size_t n, int key, int indent) {
    switch (kwp_style(s, n, key)) {
    case KWP_PLAIN: kwp_plain(s, n, !key, indent); return 0;
    case KWP_SINGLE: kwp_single(s, n, !key, indent); return 0;
    case KWP_LITERAL: kwp_literal(s, n, indent); return 1;
    default: kwp_double(s, n, !key, indent); return 0;
    }
}
/* go-yaml's order of mapping keys: letters by code point after everything
   else, runs of digits as numbers */
static int kwp_isletter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }
static int kwp_isdigit(unsigned char c) { return c >= '0' && c <= '9'; }
static int kwp_key_less(const char* a, size_t an_, const char* b, size_t bn_) {
    const unsigned char* x = (const unsigned char*)a;
    const unsigned char* y = (const unsigned char*)b;
    size_t i, n = an_ < bn_ ? an_ : bn_;
    for (i = 0; i < n; i++) {
        int xl, yl;
        size_t xi, yi;
        long long xn = 0, yn = 0;
        if (x[i] == y[i]) { continue; }
        xl = kwp_isletter(x[i]); yl = kwp_isletter(y[i]);
        if (xl && yl) { return x[i] < y[i]; }
        if (xl || yl) { return yl; }
        if (x[i] == '0' || y[i] == '0') {
            size_t j;
            for (j = i; j-- > 0 && kwp_isdigit(x[j]);) { if (x[j] != '0') { xn = yn = 1; break; } }
        }
        for (xi = i; xi < an_ && kwp_isdigit(x[xi]); xi++) { xn = xn * 10 + (x[xi] - '0'); }
        for (yi = i; yi < bn_ && kwp_isdigit(y[yi]); yi++) { yn = yn * 10 + (y[yi] - '0'); }
        if (xn != yn) { return xn < yn; }
        if (xi != yi) { return xi < yi; }
        return x[i] < y[i];
    }
    return an_ < bn_;
}
#define KWP_KEY 256             /* a key's bytes compared (longer keys: their first 256) */
static void kwp_node(const kinf_value_t* v, int indent, int inline_first);
/* a key (raw JSON text) decoded into k; its length */
static size_t kwp_key(const kinf_value_t* key, char* k) {
    size_t n = kinf_value_str(key, k, KWP_KEY);
    return n < KWP_KEY ? n : KWP_KEY - 1;
}
/* a value after its key or dash: a scalar on the line, a container below */
static void kwp_after(const kinf_value_t* v, int indent, int in_seq) {
    kinf_members_t it;
    if (v->type == KINF_VOBJECT || v->type == KINF_VARRAY) {
        kinf_value_t k, e;
        int empty = !kinf_members_of(v, &it) || !kinf_member_next(&it, &k, &e);
        if (empty) { kwp_puts(v->type == KINF_VOBJECT ? " {}\n" : " []\n"); return; }
        if (in_seq) { kwp_put(" ", 1); kwp_node(v, indent + 2, 1); return; }
        kwp_put("\n", 1);
        kwp_node(v, v->type == KINF_VOBJECT ? indent + 2 : indent, 0); /* a sequence under a key is not indented */
        return;
    }
    kwp_put(" ", 1);
    if (v->type == KINF_VSTRING) {
        size_t n = kwp_text(v);
        if (kwp_string(kwp_buf, n, 0, indent + 2)) { return; }
    } else {
        kwp_put(v->ptr, v->len);
    }
    kwp_put("\n", 1);
}
/* a mapping or a sequence at indent; inline_first: its first line goes on
   after "- " already written */
static void kwp_node(const kinf_value_t* v, int indent, int inline_first) {
    kinf_members_t it;
    kinf_value_t k, e;
    int first = 1;
    if (v->type == KINF_VARRAY) {
        kinf_members_of(v, &it);
        while (kinf_member_next(&it, 0, &e)) {
            if (!(first && inline_first)) { kwp_spaces(indent); }
            first = 0;
            kwp_put("-", 1);
            kwp_after(&e, indent, 1);
        }
        return;
    }
    /* a mapping: its keys in go-yaml's order, each found by a pass over the
       members (no memory beyond two keys) */
    {
        char prev[KWP_KEY], cur[KWP_KEY], best[KWP_KEY];
        size_t pn = 0, bn = 0, prev_i = 0, best_i = 0, i;
        int have_prev = 0;
        for (;;) {
            kinf_value_t bk, bv;
            int found = 0;
            memset(&bk, 0, sizeof bk); memset(&bv, 0, sizeof bv);
            kinf_members_of(v, &it);
            for (i = 0; kinf_member_next(&it, &k, &e); i++) {
                size_t cn = kwp_key(&k, cur);
                int after_prev = !have_prev || kwp_key_less(prev, pn, cur, cn) || (!kwp_key_less(cur, cn, prev, pn) && i > prev_i);
                if (!after_prev) { continue; }
                if (!found || kwp_key_less(cur, cn, best, bn) || (!kwp_key_less(best, bn, cur, cn) && i < best_i)) {
                    memcpy(best, cur, cn); bn = cn; best_i = i; bk = k; bv = e; found = 1;
                }
            }
            if (!found) { break; }
            if (!(first && inline_first)) { kwp_spaces(indent); }
            first = 0;
            {
                size_t kn = kwp_text(&bk);
                kwp_string(kwp_buf, kn, 1, indent);
            }
            kwp_put(":", 1);
            kwp_after(&bv, indent, 0);
            memcpy(prev, best, bn); pn = bn; prev_i = best_i; have_prev = 1;
        }
    }
}
/* one object's YAML document; every document after the first opens with "---" */
TOOL_PRIVATE void kwp_yaml(const char* json, size_t len) {
    static int docs;
    kinf_value_t v;
    memset(&v, 0, sizeof v);
    v.type = KINF_VOBJECT; v.ptr = json; v.len = len;
    if (docs++) { kwp_puts("---\n"); }
    kwp_col = 0;
    kwp_node(&v, 0, 0);
}

/* ---- jsonpath, kubectl's subset ---- */

typedef struct kwp_seg { char name[128]; long index; int kind; } kwp_seg; /* kind: 0 member, 1 [n], 2 [*] or .* */
enum { KWP_TEXT, KWP_PATH, KWP_RANGE, KWP_END };
typedef struct kwp_node_t {
    int kind;                       /* KWP_* */
    const char* text; size_t len;   /* KWP_TEXT: the text */
    kwp_seg seg[KWP_MAX_SEGS]; int nseg;
    int end;                        /* KWP_RANGE: the index of its {end} */
} kwp_node_t;
typedef struct kwp_tmpl { kwp_node_t n[KWP_MAX_NODES]; int count; char lit[4096]; size_t lit_len; } kwp_tmpl;

/* ".a.b[0].c[*]" (or "a.b", or "@" / "" for the value itself) into steps;
   0 when it is not of the subset */
static int kwp_parse_path(const char* p, size_t n, kwp_node_t* out) {
    size_t i = 0;
    out->nseg = 0;
    while (i < n && p[i] == ' ') { i++; }
    while (n > i && p[n - 1] == ' ') { n--; }
    if (i < n && (p[i] == '$' || p[i] == '@')) { i++; }
    while (i < n) {
        kwp_seg* s;
        if (out->nseg >= KWP_MAX_SEGS) { return 0; }
        s = &out->seg[out->nseg];
        memset(s, 0, sizeof *s);
        if (p[i] == '[') {
            size_t j = i + 1;
            if (j < n && p[j] == '*') { if (j + 1 >= n || p[j + 1] != ']') { return 0; } s->kind = 2; i = j + 2; }
            else if (j < n && (p[j] == '\'' || p[j] == '"')) {
                char q = p[j];
                size_t k = j + 1;
                while (k < n && p[k] != q) { k++; }
                if (k + 1 >= n || p[k + 1] != ']' || k - j - 1 >= sizeof s->name) { return 0; }
                memcpy(s->name, p + j + 1, k - j - 1); s->kind = 0; i = k + 2;
            } else {
                char* end;
                long v = strtol(p + j, &end, 10);
                if (end == p + j || (size_t)(end - p) >= n || *end != ']') { return 0; }
                s->kind = 1; s->index = v; i = (size_t)(end - p) + 1;
            }
            out->nseg++;
            continue;
        }
        if (p[i] == '.') {
            i++;
            if (i < n && p[i] == '.') { return 0; } /* recursive descent: not in the subset */
            if (i == n) { break; }
            if (p[i] == '[') { continue; }
        } else if (out->nseg > 0 || i != 0) {
            return 0;
        }
        if (p[i] == '*') { s->kind = 2; i++; out->nseg++; continue; }
        {
            size_t st = i;
            while (i < n && p[i] != '.' && p[i] != '[') {
                if (p[i] == '\\' && i + 1 < n) { i++; }
                i++;
            }
            if (i == st || i - st >= sizeof s->name) { return 0; }
            {
                size_t k, m = 0;
                for (k = st; k < i; k++) { if (p[k] == '\\' && k + 1 < i) { k++; } s->name[m++] = p[k]; }
                s->name[m] = 0;
            }
            if (!strcmp(s->name, "(") || strchr(s->name, '?') || strchr(s->name, '(')) { return 0; }
        }
        out->nseg++;
    }
    return 1;
}
/* the template of -o jsonpath= (or one column's path, bare: col 1) into t;
   0 and why when it is not of the subset */
TOOL_PRIVATE int kwp_compile(const char* src, kwp_tmpl* t, int col, const char** why) {
    const char* p = src;
    int stack[KWP_MAX_DEPTH], depth = 0;
    memset(t, 0, sizeof *t);
    *why = "not of kubectl's jsonpath subset (fields, [n], [*], {range}...{end}, quoted text)";
    if (col && !strchr(src, '{')) {
        t->n[0].kind = KWP_PATH; t->count = 1;
        return kwp_parse_path(src, strlen(src), &t->n[0]);
    }
    while (*p) {
        kwp_node_t* nd;
        if (t->count >= KWP_MAX_NODES) { *why = "too many pieces"; return 0; }
        nd = &t->n[t->count];
        if (*p != '{') {
            const char* e = strchr(p, '{');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            nd->kind = KWP_TEXT; nd->text = p; nd->len = n;
            t->count++; p += n;
            continue;
        }
        {
            const char* e = p + 1;
            int inq = 0;
            char q = 0;
            for (; *e && (inq || *e != '}'); e++) {
                if (inq && *e == '\\' && e[1]) { e++; continue; }
                if (!inq && (*e == '"' || *e == '\'')) { inq = 1; q = *e; } else if (inq && *e == q) { inq = 0; }
            }
            if (!*e) { *why = "unclosed {"; return 0; }
            p++;
            while (p < e && *p == ' ') { p++; }
            if (*p == '"' || *p == '\'') {
                /* quoted text: \n, \t, \\ and the quote as JSON strings have them */
                char qc = *p;
                const char* s = p + 1;
                size_t st = t->lit_len;
                for (; s < e && *s != qc; s++) {
                    char c = *s;
                    if (c == '\\' && s + 1 < e) {
                        s++;
                        c = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s == 'r' ? '\r' : *s;
                    }
                    if (t->lit_len + 1 >= sizeof t->lit) { *why = "too much quoted text"; return 0; }
                    t->lit[t->lit_len++] = c;
                }
                nd->kind = KWP_TEXT; nd->text = t->lit + st; nd->len = t->lit_len - st;
            } else if (!strncmp(p, "range ", 6)) {
                if (depth >= KWP_MAX_DEPTH) { *why = "{range} nested too deep"; return 0; }
                nd->kind = KWP_RANGE;
                if (!kwp_parse_path(p + 6, (size_t)(e - p - 6), nd)) { return 0; }
                stack[depth++] = t->count;
            } else if ((size_t)(e - p) >= 3 && !strncmp(p, "end", 3)) {
                if (!depth) { *why = "{end} without {range}"; return 0; }
                nd->kind = KWP_END;
                t->n[stack[--depth]].end = t->count;
            } else {
                nd->kind = KWP_PATH;
                if (!kwp_parse_path(p, (size_t)(e - p), nd)) { return 0; }
            }
            t->count++;
            p = e + 1;
        }
    }
    if (depth) { *why = "{range} without {end}"; return 0; }
    return 1;
}
/* each value the steps reach from v, in order, handed to fn */
typedef void (*kwp_each_fn)(const kinf_value_t* v, void* user);
static void kwp_walk(const kinf_value_t* v, const kwp_seg* s, int n, kwp_each_fn fn, void* user) {
    kinf_members_t it;
    kinf_value_t k, e;
    if (n == 0) { fn(v, user); return; }
    if (!kinf_members_of(v, &it)) { return; }
    if (s->kind == 2) {
        while (kinf_member_next(&it, 0, &e)) { kwp_walk(&e, s + 1, n - 1, fn, user); }
        return;
    }
    if (s->kind == 1) {
        long want = s->index, i = 0, count = 0;
        if (it.type != KINF_VARRAY) { return; }
        if (want < 0) {
            while (kinf_member_next(&it, 0, &e)) { count++; }
            want += count;
            if (want < 0) { return; }
            kinf_members_of(v, &it);
        }
        while (kinf_member_next(&it, 0, &e)) { if (i++ == want) { kwp_walk(&e, s + 1, n - 1, fn, user); return; } }
        return;
    }
    if (it.type != KINF_VOBJECT) { return; }
    while (kinf_member_next(&it, &k, &e)) {
        char name[KWP_KEY];
        size_t kn = kwp_key(&k, name);
        if (kn == strlen(s->name) && !memcmp(name, s->name, kn)) { kwp_walk(&e, s + 1, n - 1, fn, user); return; }
    }
}
/* the next member of the object v after (prev, prev_i) in the byte order
   of the keys (Go's order of a map's keys); 0 at the end. No memory: a
   pass over the members per key */
typedef struct kwp_sorted { char prev[KWP_KEY]; size_t pn, prev_i; int have; } kwp_sorted;
static int kwp_next_sorted(const kinf_value_t* v, kwp_sorted* st, kinf_value_t* bk, kinf_value_t* bv) {
    kinf_members_t it;
    kinf_value_t k, e;
    char cur[KWP_KEY], best[KWP_KEY];
    size_t i, bn = 0, best_i = 0;
    int found = 0;
    kinf_members_of(v, &it);
    for (i = 0; kinf_member_next(&it, &k, &e); i++) {
        size_t cn = kwp_key(&k, cur);
        size_t m1 = cn < st->pn ? cn : st->pn;
        int c1 = memcmp(cur, st->prev, m1);
        int after = !st->have || c1 > 0 || (c1 == 0 && (cn > st->pn || (cn == st->pn && i > st->prev_i)));
        int c2, m2;
        if (!after) { continue; }
        m2 = (int)(cn < bn ? cn : bn);
        c2 = memcmp(cur, best, (size_t)m2);
        if (!found || c2 < 0 || (c2 == 0 && cn < bn)) { memcpy(best, cur, cn); bn = cn; best_i = i; *bk = k; *bv = e; found = 1; }
    }
    if (found) { memcpy(st->prev, best, bn); st->pn = bn; st->prev_i = best_i; st->have = 1; }
    return found;
}
/* a value as Go's encoding/json writes a decoded value: compact, keys sorted */
static void kwp_json(const kinf_value_t* v) {
    kinf_members_t it;
    kinf_value_t k, e;
    int first = 1;
    if (v->type == KINF_VOBJECT) {
        kwp_sorted st;
        memset(&st, 0, sizeof st);
        kwp_put("{", 1);
        while (kwp_next_sorted(v, &st, &k, &e)) {
            if (!first) { kwp_put(",", 1); }
            first = 0;
            kwp_put("\"", 1); kwp_put(k.ptr, k.len); kwp_put("\":", 2);
            kwp_json(&e);
        }
        kwp_put("}", 1);
    } else if (v->type == KINF_VARRAY) {
        kwp_put("[", 1);
        kinf_members_of(v, &it);
        while (kinf_member_next(&it, 0, &e)) { if (!first) { kwp_put(",", 1); } first = 0; kwp_json(&e); }
        kwp_put("]", 1);
    } else if (v->type == KINF_VSTRING) {
        kwp_put("\"", 1); kwp_put(v->ptr, v->len); kwp_put("\"", 1);
    } else {
        kwp_put(v->ptr, v->len);
    }
}
/* a value as Go's %v prints a decoded value: map[k:v ...] with keys
   sorted, [a b], a string's text, null as <nil> */
static void kwp_go(const kinf_value_t* v, int inner) {
    kinf_members_t it;
    kinf_value_t k, e;
    int first = 1;
    (void)inner;
    if (v->type == KINF_VOBJECT) {
        kwp_sorted st;
        memset(&st, 0, sizeof st);
        kwp_put("map[", 4);
        while (kwp_next_sorted(v, &st, &k, &e)) {
            size_t n;
            if (!first) { kwp_put(" ", 1); }
            first = 0;
            n = kwp_text(&k); kwp_put(kwp_buf, n); kwp_put(":", 1);
            kwp_go(&e, 1);
        }
        kwp_put("]", 1);
    } else if (v->type == KINF_VARRAY) {
        kwp_put("[", 1);
        kinf_members_of(v, &it);
        while (kinf_member_next(&it, 0, &e)) { if (!first) { kwp_put(" ", 1); } first = 0; kwp_go(&e, 1); }
        kwp_put("]", 1);
    } else if (v->type == KINF_VNULL) {
        kwp_put("<nil>", 5);
    } else if (v->type == KINF_VSTRING) {
        size_t n = kwp_text(v);
        kwp_put(kwp_buf, n);
    } else {
        kwp_put(v->ptr, v->len);
    }
}
/* a value as kubectl's jsonpath prints it: a string's text, any other its JSON */
static void kwp_value(const kinf_value_t* v) {
    if (v->type == KINF_VSTRING) { size_t n = kwp_text(v); kwp_put(kwp_buf, n); }
    else { kwp_json(v); }
}
typedef struct kwp_run { const kwp_tmpl* t; int from, to; int printed; const char* sep; } kwp_run;
static void kwp_exec(const kwp_tmpl* t, int from, int to, const kinf_value_t* v);
static void kwp_one(const kinf_value_t* v, void* user) {
    kwp_run* r = (kwp_run*)user;
    if (r->sep && r->printed++) { kwp_puts(r->sep); }
    if (r->t) { kwp_exec(r->t, r->from, r->to, v); } else { kwp_value(v); }
}
/* the template's pieces [from, to) on the value v */
static void kwp_exec(const kwp_tmpl* t, int from, int to, const kinf_value_t* v) {
    int i;
    for (i = from; i < to; i++) {
        const kwp_node_t* nd = &t->n[i];
        kwp_run r;
        memset(&r, 0, sizeof r);
        if (nd->kind == KWP_TEXT) { kwp_put(nd->text, nd->len); continue; }
        if (nd->kind == KWP_PATH) { r.sep = " "; kwp_walk(v, nd->seg, nd->nseg, kwp_one, &r); continue; }
        if (nd->kind == KWP_RANGE) {
            r.t = t; r.from = i + 1; r.to = nd->end;
            kwp_walk(v, nd->seg, nd->nseg, kwp_one, &r);
            i = nd->end;
        }
    }
}
TOOL_PRIVATE void kwp_jsonpath(const kwp_tmpl* t, const char* json, size_t len) {
    kinf_value_t v;
    memset(&v, 0, sizeof v);
    v.type = KINF_VOBJECT; v.ptr = json; v.len = len;
    kwp_exec(t, 0, t->count, &v);
}

/* ---- columns: custom-columns and wide ---- */

static int kwp_widths[KWP_MAX_COLS];
static char** kwp_rows;         /* the rows held until the initial list is complete, */
static size_t kwp_nrows, kwp_rows_cap;
static int kwp_streaming;       /* and after it: each row printed at once */
static size_t kwp_runes(const char* s) { size_t n = 0; for (; *s; s++) { n += (*s & 0xC0) != 0x80; } return n; }
static void kwp_print_row(const char* const* cells, int n) {
    int i;
    for (i = 0; i < n; i++) {
        fputs(cells[i], stdout);
        if (i + 1 < n) { size_t k; for (k = kwp_runes(cells[i]); k < (size_t)kwp_widths[i]; k++) { putchar(' '); } }
    }
    putchar('\n');
}
/* One row of cells. As kubectl's tabwriter (padding 3, cells at least 6
   wide), the rows of the initial list are aligned together: they are held
   until kwp_table_flush; a row after it is printed at once, aligned on
   every row so far. */
TOOL_PRIVATE void kwp_row(const char* const* cells, int n) {
    int i;
    size_t len = 0;
    char* r;
    if (n > KWP_MAX_COLS) { n = KWP_MAX_COLS; }
    for (i = 0; i < n; i++) {
        int w = (int)kwp_runes(cells[i]) + 3;
        if (w < 6) { w = 6; }
        if (i + 1 < n && w > kwp_widths[i]) { kwp_widths[i] = w; }
        len += strlen(cells[i]) + 1;
    }
    if (kwp_streaming) { kwp_print_row(cells, n); return; }
    if (kwp_nrows == kwp_rows_cap) {
        size_t cap = kwp_rows_cap ? kwp_rows_cap * 2 : 64;
        char** g = (char**)realloc(kwp_rows, cap * sizeof *g);
        if (!g) { kwp_print_row(cells, n); return; }
        kwp_rows = g; kwp_rows_cap = cap;
    }
    if (!(r = (char*)malloc(len + 1))) { kwp_print_row(cells, n); return; }
    r[0] = 0;
    for (i = 0; i < n; i++) { strcat(r, cells[i]); strcat(r, "\x1f"); } /* the cells, each ended by a unit separator */
    kwp_rows[kwp_nrows++] = r;
}
/* the rows held, aligned; every row after this is printed at once */
TOOL_PRIVATE void kwp_table_flush(void) {
    size_t k;
    for (k = 0; k < kwp_nrows; k++) {
        const char* cells[KWP_MAX_COLS];
        int n = 0;
        char* p = kwp_rows[k];
        char* e;
        while (n < KWP_MAX_COLS && (e = strchr(p, '\x1f')) != 0) { *e = 0; cells[n++] = p; p = e + 1; }
        kwp_print_row(cells, n);
        free(kwp_rows[k]);
    }
    free(kwp_rows);
    kwp_rows = 0; kwp_nrows = kwp_rows_cap = 0;
    kwp_streaming = 1;
    fflush(stdout);
}
/* a cell: the values path reaches, comma-separated, as Go's %v prints
   them (kubectl's custom-columns), or <none> */
static void kwp_cell_add(const kinf_value_t* v, void* user) {
    kwp_cell* c = (kwp_cell*)user;
    if (c->count++) { kwp_put(",", 1); }
    kwp_go(v, 0);
}
TOOL_PRIVATE void kwp_cell_of(const kwp_tmpl* t, const kinf_value_t* obj, char* out, size_t cap) {
    kwp_cell c;
    c.out = out; c.cap = cap; c.len = 0; c.count = 0;
    out[0] = 0;
    kwp_to = &c;
    if (t->count == 1 && t->n[0].kind == KWP_PATH) { kwp_walk(obj, t->n[0].seg, t->n[0].nseg, kwp_cell_add, &c); }
    kwp_to = 0;
    if (!c.count) { snprintf(out, cap, "<none>"); }
}

/* kubectl's AGE: duration.HumanDuration */
TOOL_PRIVATE void kwp_age(double secs, char* out, size_t cap) {
    long s = (long)secs, m, h, d;
    if (s < -1) { snprintf(out, cap, "<invalid>"); return; }
    if (s < 0) { s = 0; }
    if (s < 120) { snprintf(out, cap, "%lds", s); return; }
    m = s / 60;
    if (m < 10) { if (s % 60) { snprintf(out, cap, "%ldm%lds", m, s % 60); } else { snprintf(out, cap, "%ldm", m); } return; }
    if (m < 180) { snprintf(out, cap, "%ldm", m); return; }
    h = s / 3600;
    if (h < 8) { if (m % 60) { snprintf(out, cap, "%ldh%ldm", h, m % 60); } else { snprintf(out, cap, "%ldh", h); } return; }
    if (h < 48) { snprintf(out, cap, "%ldh", h); return; }
    d = h / 24;
    if (h < 24 * 8) { if (h % 24) { snprintf(out, cap, "%ldd%ldh", d, h % 24); } else { snprintf(out, cap, "%ldd", d); } return; }
    if (h < 24 * 365 * 2) { snprintf(out, cap, "%ldd", d); return; }
    if (h < 24 * 365 * 8) { if (d % 365) { snprintf(out, cap, "%ldy%ldd", d / 365, d % 365); } else { snprintf(out, cap, "%ldy", d / 365); } return; }
    snprintf(out, cap, "%ldy", d / 365);
}
/* "2006-01-02T15:04:05Z" (fraction and offset allowed) as Unix seconds; -1 if it is not one */
TOOL_PRIVATE double kwp_rfc3339(const char* s) {
    int y, mo, d, h, mi, se, n = 0;
    long days;
    double t;
    const char* p;
    if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &se, &n) != 6 || n == 0) { return -1; }
    /* days from 1970-01-01 (Howard Hinnant's days_from_civil) */
    {
        int yy = y - (mo <= 2);
        long era = (yy >= 0 ? yy : yy - 399) / 400;
        long yoe = yy - era * 400;
        long doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        days = era * 146097 + doe - 719468;
    }
    t = (double)days * 86400 + h * 3600 + mi * 60 + se;
    p = s + n;
    if (*p == '.') { p++; while (*p >= '0' && *p <= '9') { p++; } }
    if (*p == '+' || *p == '-') {
        int oh = 0, om = 0;
        if (sscanf(p + 1, "%2d:%2d", &oh, &om) == 2) { t -= (*p == '+' ? 1 : -1) * (oh * 3600 + om * 60); }
    }
    return t;
}
/* ---- -o wide: kubectl's columns for pods and nodes ---- */

/* a value (an element of an array) as an object to read fields of */
static void kwp_sub(const kinf_value_t* v, kinf_object_t* o) {
    memset(o, 0, sizeof *o);
    o->key = o->name = o->namespace_ = o->uid = o->resource_version = "";
    o->json = v->ptr; o->json_len = v->len;
}
static long kwp_num(const kinf_object_t* o, const char* path) {
    char b[32];
    kinf_field_str(o, path, b, sizeof b);
    return strtol(b, 0, 10);
}
static int kwp_is(const kinf_object_t* o, const char* path, const char* want) {
    char b[64];
    kinf_field_str(o, path, b, sizeof b);
    return !strcmp(b, want);
}
/* kubectl's AGE of the object (now: Unix seconds) */
TOOL_PRIVATE void kwp_obj_age(const kinf_object_t* o, double now, char* out, size_t cap) {
    char ts[64];
    double t;
    kinf_field_str(o, "metadata.creationTimestamp", ts, sizeof ts);
    t = kwp_rfc3339(ts);
    if (t < 0) { snprintf(out, cap, "<unknown>"); return; }
    kwp_age(now - t, out, cap);
}
/* a field's text, or dflt when it is missing or empty */
static void kwp_or(const kinf_object_t* o, const char* path, const char* dflt, char* out, size_t cap) {
    if (!kinf_field_str(o, path, out, cap)) { snprintf(out, cap, "%s", dflt); }
}
/* a pod's READY, STATUS and RESTARTS as kubectl's printPod works them out */
TOOL_PRIVATE void kwp_pod_status(const kinf_object_t* pod, double now, char* ready, char* status, char* restarts, size_t cap) {
    kinf_members_t it;
    kinf_value_t e;
    kinf_object_t c;
    long total = 0, nready = 0, nrestarts = 0, ninit = 0, i = 0;
    double last = -1;
    int initializing = 0, running = 0;
    char reason[128], b[96], deleted[64];
    kwp_or(pod, "status.phase", "", reason, sizeof reason);
    if (kinf_field_str(pod, "status.reason", b, sizeof b)) { snprintf(reason, sizeof reason, "%s", b); }
    if (kinf_members(pod, "status.conditions", &it)) {
        while (kinf_member_next(&it, 0, &e)) {
            kwp_sub(&e, &c);
            if (kwp_is(&c, "type", "PodScheduled") && kwp_is(&c, "reason", "SchedulingGated")) { snprintf(reason, sizeof reason, "SchedulingGated"); }
        }
    }
    if (kinf_members(pod, "spec.containers", &it)) { while (kinf_member_next(&it, 0, &e)) { total++; } }
    if (kinf_members(pod, "spec.initContainers", &it)) { while (kinf_member_next(&it, 0, &e)) { ninit++; } }
    if (kinf_members(pod, "status.initContainerStatuses", &it)) {
        for (i = 0; kinf_member_next(&it, 0, &e); i++) {
            kwp_sub(&e, &c);
            nrestarts += kwp_num(&c, "restartCount");
            if (kinf_field_has(&c, "state.terminated") && kwp_num(&c, "state.terminated.exitCode") == 0) { continue; }
            if (kinf_field_has(&c, "state.terminated")) {
                if (kinf_field_str(&c, "state.terminated.reason", b, sizeof b)) { snprintf(reason, sizeof reason, "Init:%s", b); }
                else if (kwp_num(&c, "state.terminated.signal")) { snprintf(reason, sizeof reason, "Init:Signal:%ld", kwp_num(&c, "state.terminated.signal")); }
                else { snprintf(reason, sizeof reason, "Init:ExitCode:%ld", kwp_num(&c, "state.terminated.exitCode")); }
            } else if (kinf_field_str(&c, "state.waiting.reason", b, sizeof b) && strcmp(b, "PodInitializing")) {
                snprintf(reason, sizeof reason, "Init:%s", b);
            } else {
                snprintf(reason, sizeof reason, "Init:%ld/%ld", i, ninit);
            }
            initializing = 1;
            break;
        }
    }
    if (initializing && kinf_members(pod, "status.conditions", &it)) {
        while (kinf_member_next(&it, 0, &e)) {
            kwp_sub(&e, &c);
            if (kwp_is(&c, "type", "Initialized") && kwp_is(&c, "status", "True")) { initializing = 0; }
        }
    }
    if (!initializing && kinf_members(pod, "status.containerStatuses", &it)) {
        /* kubectl reads them last to first: the first container's state wins */
        kinf_value_t all[64];
        long n = 0;
        nrestarts = 0;
        while (n < 64 && kinf_member_next(&it, 0, &all[n])) { n++; }
        for (i = n - 1; i >= 0; i--) {
            kwp_sub(&all[i], &c);
            nrestarts += kwp_num(&c, "restartCount");
            if (kinf_field_str(&c, "lastState.terminated.finishedAt", b, sizeof b)) { double t = kwp_rfc3339(b); if (t > last) { last = t; } }
            if (kinf_field_str(&c, "state.waiting.reason", b, sizeof b)) { snprintf(reason, sizeof reason, "%s", b); }
            else if (kinf_field_has(&c, "state.terminated") && kinf_field_str(&c, "state.terminated.reason", b, sizeof b)) { snprintf(reason, sizeof reason, "%s", b); }
            else if (kinf_field_has(&c, "state.terminated")) {
                if (kwp_num(&c, "state.terminated.signal")) { snprintf(reason, sizeof reason, "Signal:%ld", kwp_num(&c, "state.terminated.signal")); }
                else { snprintf(reason, sizeof reason, "ExitCode:%ld", kwp_num(&c, "state.terminated.exitCode")); }
            } else if (kwp_is(&c, "ready", "true") && kinf_field_has(&c, "state.running")) { running = 1; nready++; }
        }
        if (!strcmp(reason, "Completed") && running) {
            int podready = 0;
            if (kinf_members(pod, "status.conditions", &it)) {
                while (kinf_member_next(&it, 0, &e)) { kwp_sub(&e, &c); if (kwp_is(&c, "type", "Ready") && kwp_is(&c, "status", "True")) { podready = 1; } }
            }
            snprintf(reason, sizeof reason, podready ? "Running" : "NotReady");
        }
    }
    if (kinf_field_str(pod, "metadata.deletionTimestamp", deleted, sizeof deleted)) {
        if (kwp_is(pod, "status.reason", "NodeLost")) { snprintf(reason, sizeof reason, "Unknown"); }
        else if (!kwp_is(pod, "status.phase", "Succeeded") && !kwp_is(pod, "status.phase", "Failed")) { snprintf(reason, sizeof reason, "Terminating"); }
    }
    snprintf(ready, cap, "%ld/%ld", nready, total);
    snprintf(status, cap, "%s", reason);
    if (nrestarts && last >= 0) { char age[32]; kwp_age(now - last, age, sizeof age); snprintf(restarts, cap, "%ld (%s ago)", nrestarts, age); }
    else { snprintf(restarts, cap, "%ld", nrestarts); }
}
#define KWP_CELL 256
/* the cells of a row of -o wide; how many. kind: 1 pods, 2 nodes, 0 any
   other; ns: a NAMESPACE column first. header: the header's cells instead */
TOOL_PRIVATE int kwp_wide(int kind, int ns, const kinf_object_t* o, double now, char cells[][KWP_CELL], int header) {
    static const char* const pod_h[] = { "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES", 0 };
    static const char* const node_h[] = { "NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME", 0 };
    static const char* const any_h[] = { "NAME", "AGE", 0 };
    const char* const* h = kind == 1 ? pod_h : kind == 2 ? node_h : any_h;
    int n = 0, k;
    kinf_members_t it;
    kinf_value_t e;
    kinf_object_t c;
    char b[KWP_CELL];
    if (header) {
        if (ns) { snprintf(cells[n++], KWP_CELL, "NAMESPACE"); }
        for (k = 0; h[k]; k++) { snprintf(cells[n++], KWP_CELL, "%s", h[k]); }
        return n;
    }
    if (ns) { snprintf(cells[n++], KWP_CELL, "%s", o->namespace_); }
    snprintf(cells[n++], KWP_CELL, "%s", o->name);
    if (kind == 1) {
        long gates = 0, ok = 0;
        kwp_pod_status(o, now, cells[n], cells[n + 1], cells[n + 2], KWP_CELL);
        n += 3;
        kwp_obj_age(o, now, cells[n++], KWP_CELL);
        kwp_or(o, "status.podIPs.0.ip", "<none>", cells[n++], KWP_CELL);
        kwp_or(o, "spec.nodeName", "<none>", cells[n++], KWP_CELL);
        kwp_or(o, "status.nominatedNodeName", "<none>", cells[n++], KWP_CELL);
        if (kinf_members(o, "spec.readinessGates", &it)) {
            while (kinf_member_next(&it, 0, &e)) {
                kinf_members_t ci;
                kinf_value_t ce;
                gates++;
                kwp_sub(&e, &c);
                kinf_field_str(&c, "conditionType", b, sizeof b);
                if (kinf_members(o, "status.conditions", &ci)) {
                    while (kinf_member_next(&ci, 0, &ce)) {
                        kinf_object_t cc;
                        kwp_sub(&ce, &cc);
                        if (kwp_is(&cc, "type", b) && kwp_is(&cc, "status", "True")) { ok++; }
                    }
                }
            }
        }
        if (gates) { snprintf(cells[n++], KWP_CELL, "%ld/%ld", ok, gates); } else { snprintf(cells[n++], KWP_CELL, "<none>"); }
    } else if (kind == 2) {
        char roles[KWP_CELL] = "";
        const char* ready = "Unknown";
        kinf_value_t key, val;
        if (kinf_members(o, "status.conditions", &it)) {
            while (kinf_member_next(&it, 0, &e)) {
                kwp_sub(&e, &c);
                if (kwp_is(&c, "type", "Ready")) { ready = kwp_is(&c, "status", "True") ? "Ready" : "NotReady"; }
            }
        }
        snprintf(cells[n++], KWP_CELL, "%s%s", ready, kwp_is(o, "spec.unschedulable", "true") ? ",SchedulingDisabled" : "");
        /* node-role.kubernetes.io/ROLE and kubernetes.io/role=ROLE, sorted, one each */
        {
            const char* names[32];
            char store[32][64];
            int nr = 0, i, j;
            if (kinf_members(o, "metadata.labels", &it)) {
                while (kinf_member_next(&it, &key, &val) && nr < 32) {
                    char lk[KWP_KEY];
                    size_t kn = kwp_key(&key, lk);
                    lk[kn] = 0;
                    if (!strncmp(lk, "node-role.kubernetes.io/", 24) && lk[24]) { size_t l = strlen(lk + 24) < 63 ? strlen(lk + 24) : 63; memcpy(store[nr], lk + 24, l); store[nr][l] = 0; }
                    else if (!strcmp(lk, "kubernetes.io/role")) { kinf_value_str(&val, store[nr], 64); if (!store[nr][0]) { continue; } }
                    else { continue; }
                    for (i = 0; i < nr && strcmp(names[i], store[nr]); i++) {}
                    if (i == nr) { names[nr] = store[nr]; nr++; }
                }
            }
            for (i = 1; i < nr; i++) { for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) { const char* t = names[j]; names[j] = names[j - 1]; names[j - 1] = t; } }
            for (i = 0; i < nr; i++) { size_t l = strlen(roles); snprintf(roles + l, sizeof roles - l, "%s%s", i ? "," : "", names[i]); }
            snprintf(cells[n++], KWP_CELL, "%s", nr ? roles : "<none>");
        }
        kwp_obj_age(o, now, cells[n++], KWP_CELL);
        kinf_field_str(o, "status.nodeInfo.kubeletVersion", cells[n++], KWP_CELL);
        {
            const char* want[2] = { "InternalIP", "ExternalIP" };
            for (k = 0; k < 2; k++) {
                snprintf(cells[n], KWP_CELL, "<none>");
                if (kinf_members(o, "status.addresses", &it)) {
                    while (kinf_member_next(&it, 0, &e)) {
                        kwp_sub(&e, &c);
                        if (kwp_is(&c, "type", want[k])) { kinf_field_str(&c, "address", cells[n], KWP_CELL); break; }
                    }
                }
                n++;
            }
        }
        kwp_or(o, "status.nodeInfo.osImage", "<unknown>", cells[n++], KWP_CELL);
        kwp_or(o, "status.nodeInfo.kernelVersion", "<unknown>", cells[n++], KWP_CELL);
        kwp_or(o, "status.nodeInfo.containerRuntimeVersion", "<unknown>", cells[n++], KWP_CELL);
    } else {
        kwp_obj_age(o, now, cells[n++], KWP_CELL);
    }
    return n;
}
#endif
