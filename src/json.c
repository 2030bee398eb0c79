/* >>json  A streaming JSON scanner. It frames records (each top-level value of
   a watch stream, or each element of a list's "items") into the event buffer,
   checks the structure, bounds the depth, and captures the few strings we need
   even when a record is too large to keep: type, metadata name, namespace, uid,
   resourceVersion, and the list's resourceVersion and continue. */
enum { KINF__K_OTHER = 0, KINF__K_TYPE, KINF__K_OBJECT, KINF__K_METADATA, KINF__K_NAME, KINF__K_NAMESPACE,
       KINF__K_UID, KINF__K_RV, KINF__K_CONTINUE, KINF__K_ITEMS, KINF__K_ARRAY = 0xff };
enum { KINF__CAP_TYPE = 0, KINF__CAP_NAME, KINF__CAP_NS, KINF__CAP_UID, KINF__CAP_RV, KINF__CAP_LIST_RV, KINF__CAP_CONTINUE, KINF__CAP_COUNT };
enum { KINF__X_VALUE = 0, KINF__X_KEY_OR_END, KINF__X_KEY, KINF__X_COLON, KINF__X_COMMA_OR_END, KINF__X_VALUE_OR_END, KINF__X_ROOT };
enum { KINF__S_NONE = 0, KINF__S_STR, KINF__S_ESC, KINF__S_UHEX, KINF__S_NUM, KINF__S_LIT, KINF__S_UTF8 };

/* The members of a record's object and of its object members (metadata,
   spec, status, ...) as offsets in the event buffer, so projection can copy
   or skip them without reading them again. */
#define KINF__MAX_MEMBERS 128
typedef struct kinf__member {
    uint32_t ks, ke, vs, ve;
    uint32_t km, dm;              /* projection rule masks for the members of this value */
    int16_t parent;
    uint8_t level, full, skip;    /* skip: projection drops it, so the scanner skipped it */
    uint8_t dec;                  /* projection's decision for it: 0 not made, 1 keep, 2 drop */
} kinf__member;

typedef struct kinf__scan {
    uint8_t list_mode, st, expect, is_key, err, root_done, kover, klen;
    uint8_t mt_over;              /* more members than KINF__MAX_MEMBERS: projection walks the bytes */
    int mt_n, mt_key, mt_cur[2];
    int drop;                     /* a member projection drops is open: 1 + the depth of the object
                                     holding it (0 none); its bytes are checked, not copied */
    uint8_t drop_ws;              /* ws when the drop began: whitespace inside it is not the record's */
    int whole;                    /* the depth from which a member of the object, kept whole with no
                                     rule under it, goes to the fast loop; 0 none (kinf__scan_feed) */
    const struct kinf__rules* rules; /* what projection drops: asked at each key (0: nothing) */
    kinf__member mt[KINF__MAX_MEMBERS];
    uint8_t sub;                  /* \u digits left; number grammar state; literal position; UTF-8 state (kinf__utf8_next) */
    uint8_t ws;                   /* whitespace seen between the tokens of the open record */
    const char* lit;              /* literal being matched: "true", "false", "null" */
    int depth, rec_base;          /* rec_base: depth of the open record's container, 0 = none */
    uint8_t ids[8];
    uint8_t arr[KINF_MAX_DEPTH];  /* 1 where the container open at that depth is an array */
    char kbuf[24];
    int cap;                      /* capture in progress, -1 none */
    /* record framing: the record's bytes are copied to ev[0..ev_len) */
    uint8_t* ev; size_t ev_cap, ev_len; uint8_t rec_over, rec_done;
    size_t ev_over;               /* with rec_over: the record's bytes that did not fit (its size: ev_len + ev_over) */
    size_t obj_start, obj_end;    /* watch: the "object" value, as offsets in ev (end 0: none) */
    uint8_t obj_dup;              /* watch: a second "object" object in the event (refused) */
    char* cbuf[KINF__CAP_COUNT]; size_t ccap[KINF__CAP_COUNT], clen[KINF__CAP_COUNT]; uint8_t cover[KINF__CAP_COUNT], cset[KINF__CAP_COUNT];
    /* the captures hold their values unescaped (kinf__scan_cap_esc): the
       escape under way (0 none, 1 after the backslash, 2..5 after that many
       \u digits less one), its code unit, and a high surrogate just written as
       U+FFFD that ends at chi_at (0 none), for a low one to pair with */
    uint8_t cesc; uint16_t cu, chi; size_t chi_at;
    size_t ccut[KINF__CAP_COUNT]; /* with cover: the bytes that did not fit (the value is clen + ccut long) */
    uint32_t items;               /* list: the elements of "items" ended so far */
} kinf__scan;

static void kinf__scan_reset(kinf__scan* s, int list_mode) {
    s->list_mode = (uint8_t)list_mode; s->st = KINF__S_NONE; s->expect = KINF__X_ROOT; s->err = 0; s->root_done = 0;
    s->depth = 0; s->rec_base = 0; s->cap = -1; s->ev_len = 0; s->ev_over = 0; s->rec_over = 0; s->rec_done = 0; s->kover = 0; s->klen = 0;
    s->sub = 0; s->ws = 0; s->lit = 0; s->obj_start = 0; s->obj_end = 0; s->whole = 0; s->drop = 0; s->obj_dup = 0;
    memset(s->ids, 0, sizeof(s->ids));
    memset(s->clen, 0, sizeof(s->clen)); memset(s->cover, 0, sizeof(s->cover)); memset(s->cset, 0, sizeof(s->cset));
    memset(s->ccut, 0, sizeof(s->ccut)); s->cesc = 0; s->chi = 0; s->items = 0;
}
static int kinf__scan_is_arr(const kinf__scan* s, int d) { return s->arr[d]; }
static uint8_t kinf__key_id(const char* k, size_t n) {
    switch (n) {
    case 4: if (!memcmp(k, "type", 4)) { return KINF__K_TYPE; } if (!memcmp(k, "name", 4)) { return KINF__K_NAME; } break;
    case 3: if (!memcmp(k, "uid", 3)) { return KINF__K_UID; } break;
    case 5: if (!memcmp(k, "items", 5)) { return KINF__K_ITEMS; } break;
    case 6: if (!memcmp(k, "object", 6)) { return KINF__K_OBJECT; } break;
    case 8: if (!memcmp(k, "metadata", 8)) { return KINF__K_METADATA; } if (!memcmp(k, "continue", 8)) { return KINF__K_CONTINUE; } break;
    case 9: if (!memcmp(k, "namespace", 9)) { return KINF__K_NAMESPACE; } break;
    case 15: if (!memcmp(k, "resourceVersion", 15)) { return KINF__K_RV; } break;
    default: break;
    }
    return KINF__K_OTHER;
}
/* which capture, if any, a value starting now at s->depth belongs to */
static int kinf__scan_cap_for(const kinf__scan* s) {
    int d = s->depth, b = s->rec_base;
    uint8_t leaf;
    if (d >= 8 || kinf__scan_is_arr(s, d)) { return -1; }
    if (!s->list_mode) {
        if (d == 1) { return s->ids[1] == KINF__K_TYPE ? KINF__CAP_TYPE : -1; }
        if (d != 3 || s->ids[1] != KINF__K_OBJECT || s->ids[2] != KINF__K_METADATA) { return -1; }
        leaf = s->ids[3];
    } else if (b == 0) {
        if (d != 2 || s->ids[1] != KINF__K_METADATA) { return -1; }
        return s->ids[2] == KINF__K_RV ? KINF__CAP_LIST_RV : s->ids[2] == KINF__K_CONTINUE ? KINF__CAP_CONTINUE : -1;
    } else {
        if (d != b + 1 || s->ids[b] != KINF__K_METADATA) { return -1; }
        leaf = s->ids[d];
    }
    switch (leaf) {
    case KINF__K_NAME: return KINF__CAP_NAME;
    case KINF__K_NAMESPACE: return KINF__CAP_NS;
    case KINF__K_UID: return KINF__CAP_UID;
    case KINF__K_RV: return KINF__CAP_RV;
    default: return -1;
    }
}
/* n bytes into the capture in progress, or none if they do not all fit */
static void kinf__scan_cap_put(kinf__scan* s, const uint8_t* b, size_t n) {
    int k = s->cap;
    if (s->clen[k] + n < s->ccap[k]) { memcpy(s->cbuf[k] + s->clen[k], b, n); s->clen[k] += n; }
    else { s->cover[k] = 1; s->ccut[k] += n; }
}
static void kinf__scan_cap_esc(kinf__scan* s, uint8_t c);
/* a byte of the value being captured: a string's escape sequence goes
   through kinf__scan_cap_esc (plain runs come by kinf__scan_cap_run) */
static void kinf__scan_capc(kinf__scan* s, char c) {
    int k = s->cap;
    if (s->cesc || c == '\\') { kinf__scan_cap_esc(s, (uint8_t)c); return; }
    if (s->clen[k] + 1 < s->ccap[k]) { s->cbuf[k][s->clen[k]++] = c; }
    else { s->cover[k] = 1; s->ccut[k]++; }
}
/* A value at the list's own levels has ended: the list itself (it is
   whole), or an element of "items", which must be an object (a record).
   Any other element is an error the caller reports (s->err 3, the feed
   goes on), as a decoder of the list would refuse it. */
static void kinf__scan_list_value(kinf__scan* s) {
    if (s->depth == 0) { s->root_done = 1; return; }
    if (s->depth != 2 || s->ids[1] != KINF__K_ITEMS || !kinf__scan_is_arr(s, 2)) { return; }
    if (s->rec_base) { s->items++; }
    else if (!s->err) { s->err = 3; }
}
/* A list's "items" must be an array (or null): a value opening with c there
   that is neither fails the list (s->err 4), where a decoder would refuse it
   too, instead of a list of no objects that deletes every cached one. */
static int kinf__scan_items_bad(const kinf__scan* s, uint8_t c) {
    return s->depth == 1 && s->list_mode && s->ids[1] == KINF__K_ITEMS && c != '[' && c != 'n';
}
static void kinf__scan_value_done(kinf__scan* s, size_t pos) {
    if (s->rec_base) {
        int lv = s->depth - (s->list_mode ? 3 : 2);
        if ((lv == 0 || lv == 1) && s->mt_cur[lv] >= 0) { s->mt[s->mt_cur[lv]].ve = (uint32_t)pos; s->mt_cur[lv] = -1; }
    }
    if (s->cap >= 0) { s->cbuf[s->cap][s->clen[s->cap]] = 0; s->cset[s->cap] = 1; s->cap = -1; }
    s->expect = (s->depth == 0) ? KINF__X_ROOT : KINF__X_COMMA_OR_END;
    if (s->list_mode && s->depth <= 2) { kinf__scan_list_value(s); }
}
static void kinf__scan_value_start(kinf__scan* s) {
    int k = (s->depth < 8 && !s->drop) ? kinf__scan_cap_for(s) : -1;
    s->cap = k;
    if (k >= 0) { s->clen[k] = 0; s->cover[k] = 0; s->cset[k] = 0; s->ccut[k] = 0; s->cesc = 0; s->chi = 0; }
}

/* number grammar: 1 after '-', 2 a leading 0, 3 int digits, 4 after '.',
   5 fraction digits, 6 after 'e', 7 after the exponent sign, 8 exponent digits */
/* The number grammar (RFC 8259), one state per place in it; every path
   (the byte machine, the fast loop) steps it with kinf__num_next and ends
   it with kinf__num_accepts. */
typedef enum kinf__num_state {
    KINF__N_FAIL = 0, KINF__N_MINUS, KINF__N_ZERO, KINF__N_INT, KINF__N_DOT, KINF__N_FRAC, KINF__N_EXP,
    KINF__N_EXP_SIGN, KINF__N_EXP_DIGITS
} kinf__num_state;
/* the state after a number's first byte, '-' or a digit */
static uint8_t kinf__num_start(uint8_t c) { return c == '-' ? KINF__N_MINUS : c == '0' ? KINF__N_ZERO : KINF__N_INT; }
static uint8_t kinf__num_next(uint8_t st, uint8_t c) {
    int d = c >= '0' && c <= '9', e = c == 'e' || c == 'E';
    switch (st) {
    case KINF__N_MINUS: return c == '0' ? KINF__N_ZERO : d ? KINF__N_INT : KINF__N_FAIL;
    case KINF__N_ZERO: return c == '.' ? KINF__N_DOT : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_INT: return d ? KINF__N_INT : c == '.' ? KINF__N_DOT : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_DOT: return d ? KINF__N_FRAC : KINF__N_FAIL;
    case KINF__N_FRAC: return d ? KINF__N_FRAC : e ? KINF__N_EXP : KINF__N_FAIL;
    case KINF__N_EXP: return d ? KINF__N_EXP_DIGITS : (c == '+' || c == '-') ? KINF__N_EXP_SIGN : KINF__N_FAIL;
    case KINF__N_EXP_SIGN: case KINF__N_EXP_DIGITS: return d ? KINF__N_EXP_DIGITS : KINF__N_FAIL;
    default: return KINF__N_FAIL;
    }
}
/* a number may end in this state */
static int kinf__num_accepts(uint8_t st) { return st == KINF__N_ZERO || st == KINF__N_INT || st == KINF__N_FRAC || st == KINF__N_EXP_DIGITS; }
/* a function inlined at every call, or at none */
#if defined(__GNUC__)
#define KINF__SCAN_INLINE static inline __attribute__((always_inline))
#define KINF__NOINLINE __attribute__((noinline))
#else
#define KINF__SCAN_INLINE static inline
#define KINF__NOINLINE
#endif
/* UTF-8 (RFC 3629; RFC 8259 section 8.1: JSON text is UTF-8), checked in
   every string the scanner passes, a byte at a time by a small automaton:
   its state u is 0 between characters; after a lead byte, the continuation
   bytes (80..BF) still due, 1 to 3, or 4 to 7 where the first one has a
   narrower range: after E0 (A0..BF, no overlong form), ED (80..9F, no
   surrogate D800..DFFF), F0 (90..BF, no overlong form), F4 (80..8F, nothing
   above U+10FFFF). The state after byte c, or -1 where c is wrong there (a
   continuation byte first, the overlong leads C0 C1, F5..FF, a lead or an
   ASCII byte where a continuation byte is due). */
static inline int kinf__utf8_next(int u, uint8_t c) {
    /* for u 1 to 7: the first byte of the range, its width less one, the state after it */
    static const uint8_t lo[8] = { 0, 0x80, 0x80, 0x80, 0xa0, 0x80, 0x90, 0x80 }, wd[8] = { 0, 0x3f, 0x3f, 0x3f, 0x1f, 0x1f, 0x2f, 0x0f };
    static const uint8_t to[8] = { 0, 0, 1, 2, 1, 1, 2, 2 };
    if (u) { return (uint8_t)(c - lo[u]) <= wd[u] ? to[u] : -1; }
    if (c < 0xc2 || c > 0xf4) { return -1; }
    return c < 0xe0 ? 1 : c == 0xe0 ? 4 : c == 0xed ? 5 : c < 0xf0 ? 2 : c == 0xf0 ? 6 : c == 0xf4 ? 7 : 3;
}
#ifndef __OPTIMIZE_SIZE__ /* -Os: every byte >= 0x80 goes to the byte machine, in less code */
/* the length of the sequence at p[i] (a byte >= 0x80) when it is one UTF-8
   allows and all of it is in p[i..n); else 0 (wrong, or cut by the buffer's
   end: the byte machine takes it from there, a byte at a time) */
static KINF__NOINLINE size_t kinf__utf8_seq(const uint8_t* p, size_t i, size_t n) {
    size_t j = i;
    int u = 0;
    do {
        if (j >= n || (u = kinf__utf8_next(u, p[j++])) < 0) { return 0; }
    } while (u);
    return j - i;
}
#endif
/* Index of the first '"' or '\\' in p[i..n) (with ctl: or a control byte,
   or a byte >= 0x80 that does not begin a whole UTF-8 sequence allowed), or
   n: sixteen bytes at a time with SSE2, else eight with the has-zero-byte
   test, where the lowest set bit of the test names the first match exactly
   (little-endian). With ctl the bytes >= 0x80 stop the run too, and with
   ctl 1 (not at -Os) each sequence they begin is checked and passed (an
   ASCII run costs one OR); ctl 2 leaves them to the caller, so that a loop
   it is inlined in makes no call. */
static inline size_t kinf__str_run(const uint8_t* p, size_t i, size_t n, int ctl) {
    for (;;) {
#ifdef KINF__SSE2
        /* sixteen at a time where SSE2 is there (every x86-64) */
        const __m128i dq = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\'), x2 = _mm_set1_epi8(2), m21 = _mm_set1_epi8(0x21);
        while (i + 16 <= n) {
            __m128i v = _mm_loadu_si128((const __m128i*)(const void*)(p + i)), t;
            unsigned mask;
            /* with ctl: the quote, the control bytes and the bytes >= 0x80
               are the bytes that XOR 2 makes less than 0x21 as signed bytes
               (it maps 0x00-0x1f onto itself, '"' to 0x20, and 0x80-0xff,
               negative, onto 0x80-0xff): one signed compare */
            if (ctl) { t = _mm_cmpgt_epi8(m21, _mm_xor_si128(v, x2)); }
            else { t = _mm_cmpeq_epi8(v, dq); }
            mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(t, _mm_cmpeq_epi8(v, bs)));
            if (mask) { i += (size_t)__builtin_ctz(mask); goto hit; }
            i += 16;
        }
#endif
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) && !(defined(KINF__SSE2) && defined(__OPTIMIZE_SIZE__))
        /* eight at a time (with SSE2, the last fifteen or less: not at -Os) */
        {
            const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
            while (i + 8 <= n) {
                uint64_t v, q, b, t;
                memcpy(&v, p + i, 8);
                q = v ^ (ones * '"');
                b = v ^ (ones * '\\');
                t = ((q - ones) & ~q) | ((b - ones) & ~b);
                if (ctl) { t |= ((v - ones * 0x20u) & ~v) | v; }
                t &= highs;
                if (t) { i += (size_t)(__builtin_ctzll(t) >> 3); goto hit; }
                i += 8;
            }
        }
#endif
        while (i < n && p[i] != '"' && p[i] != '\\' && (!ctl || (uint8_t)(p[i] - 0x20) < 0x60)) { i++; }
        goto hit; /* where neither loop above is compiled (big-endian, no SSE2), the label is still used */
hit:
#ifndef __OPTIMIZE_SIZE__
        if (ctl == 1 && i < n && p[i] >= 0x80) {
            size_t k = kinf__utf8_seq(p, i, n);
            if (k) { i += k; continue; }
        }
#endif
        return i;
    }
}
static int kinf__is_hex(uint8_t c) { return kinf__hexval(c) >= 0; }
/* the bytes that may follow a backslash in a JSON string, \u apart (RFC 8259) */
static inline int kinf__is_json_escape(uint8_t c) {
    return c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't';
}

static int kinf__scan_decide(kinf__scan* s, kinf__member* m);
/* The member table, as the scanner meets a record's keys and values: what
   the byte state machine and the one-step path of kinf__scan_feed share.
   Positions are offsets in the record. Inlined at both places: they run for
   every member-level key and value. */
/* the bytes of a record that did not fit, counted for the size OBJECT_TOO_LARGE
   says (not in a build without log strings, whose hot loop stays as it was) */
#ifndef KINF_NO_LOG_STRINGS
#define KINF__SCAN_OVER(s, k) ((s)->ev_over += (k))
#else
#define KINF__SCAN_OVER(s, k) ((void)0)
#endif
/* the detail of a malformed body whose scan failed with err: "not UTF-8"
   for err 5, else other (in a build without log strings always other: the
   id says malformed, in less code) */
#ifndef KINF_NO_LOG_STRINGS
#define KINF__SCAN_WHY(err, utf8, other) ((err) == 5 ? (utf8) : (other))
#else
#define KINF__SCAN_WHY(err, utf8, other) (other)
#endif
/* a key of the open record opens at ks: at the table's levels (the
   object's members and those of its object members) it takes an entry */
KINF__SCAN_INLINE void kinf__scan_key_open(kinf__scan* s, uint32_t ks) {
    int lv = s->depth - (s->list_mode ? 3 : 2);
    kinf__member* m;
    /* inside a member kept whole (s->whole), whose keys the byte machine
       meets where the fast loop stopped, no entry: projection copies it
       whole, and the table does not depend on where the stream is split */
    if (s->whole || s->drop || s->rec_over || !(s->list_mode || s->ids[1] == KINF__K_OBJECT) ||
        !(lv == 0 || (lv == 1 && s->mt_cur[0] >= 0 && !kinf__scan_is_arr(s, s->depth)))) { return; }
    if (s->mt_n >= KINF__MAX_MEMBERS) { s->mt_over = 1; return; }
    m = &s->mt[s->mt_n];
    m->ks = ks; m->ke = ks; m->vs = m->ve = 0;
    m->level = (uint8_t)lv; m->parent = (int16_t)(lv ? s->mt_cur[0] : -1); m->dec = 0;
    s->mt_key = s->mt_n++;
}
/* the key (in kbuf) closes at ke: its id, and whether projection drops its member */
KINF__SCAN_INLINE void kinf__scan_key_close(kinf__scan* s, uint32_t ke) {
    s->ids[s->depth] = s->kover ? (uint8_t)KINF__K_OTHER : kinf__key_id(s->kbuf, s->klen);
    s->expect = KINF__X_COLON;
    if (s->mt_key >= 0) {
        s->mt[s->mt_key].ke = ke;
        s->mt[s->mt_key].skip = (uint8_t)(!s->kover && kinf__scan_decide(s, &s->mt[s->mt_key]));
    }
}
/* a value opens at vs: the member whose key came last gets it; returns that member, or -1 */
KINF__SCAN_INLINE int kinf__scan_mt_value(kinf__scan* s, uint32_t vs) {
    int e = s->mt_key;
    if (e < 0) { return -1; }
    s->mt[e].vs = vs;
    s->mt_cur[s->mt[e].level] = e; s->mt_key = -1;
    return e;
}
/* k plain bytes of a string into the capture in progress, cut at its buffer */
KINF__SCAN_INLINE void kinf__scan_cap_run(kinf__scan* s, const uint8_t* src, size_t k) {
    int cp = s->cap;
    if (k > s->ccap[cp] - 1 - s->clen[cp]) { s->cover[cp] = 1; s->ccut[cp] += k - (s->ccap[cp] - 1 - s->clen[cp]); k = s->ccap[cp] - 1 - s->clen[cp]; }
    memcpy(s->cbuf[cp] + s->clen[cp], src, k); s->clen[cp] += k;
}
/* A byte of an escape sequence in a captured string, as the byte machine
   meets them (it has checked them): the capture gets the character it
   stands for (RFC 8259 section 7), as UTF-8. A surrogate pair is one code
   point. A lone surrogate, and a control character (U+0000 to U+001F,
   which no name, namespace, uid or resourceVersion holds, a C string
   cannot end at and a log line should not carry), become U+FFFD, as Go's
   decoder does for the surrogate. A high surrogate is written as U+FFFD at
   once and replaced when its low one follows directly. */
static KINF__NOINLINE void kinf__scan_cap_esc(kinf__scan* s, uint8_t c) {
    static const uint8_t fffd[3] = { 0xef, 0xbf, 0xbd };
    uint8_t b[4];
    uint32_t u;
    int k = s->cap;
    if (s->cesc == 0) { s->cesc = 1; return; } /* the backslash */
    if (s->cesc == 1) {
        if (c == 'u') { s->cesc = 2; s->cu = 0; return; }
        s->cesc = 0;
        b[0] = (uint8_t)(c == 'b' ? 8 : c == 'f' ? 12 : c == 'n' ? 10 : c == 'r' ? 13 : c == 't' ? 9 : c); /* or the quote, backslash or slash itself */
        if (b[0] < 0x20) { kinf__scan_cap_put(s, fffd, 3); } else { kinf__scan_cap_put(s, b, 1); }
        return;
    }
    s->cu = (uint16_t)(s->cu * 16u + (uint32_t)kinf__hexval(c));
    if (++s->cesc < 6) { return; }
    s->cesc = 0; u = s->cu;
    if (u >= 0xdc00 && u <= 0xdfff && s->chi && s->chi_at == s->clen[k] && !s->cover[k]) {
        u = 0x10000u + (((uint32_t)s->chi - 0xd800u) << 10) + (u - 0xdc00u);
        s->chi = 0;
        if (s->clen[k] + 1 >= s->ccap[k]) { s->cover[k] = 1; s->ccut[k]++; return; } /* the pair's fourth byte */
        s->clen[k] -= 3;
        b[0] = (uint8_t)(0xf0 | (u >> 18)); b[1] = (uint8_t)(0x80 | ((u >> 12) & 0x3f));
        b[2] = (uint8_t)(0x80 | ((u >> 6) & 0x3f)); b[3] = (uint8_t)(0x80 | (u & 0x3f));
        kinf__scan_cap_put(s, b, 4);
        return;
    }
    s->chi = 0;
    if (u < 0x20 || (u >= 0xd800 && u <= 0xdfff)) {
        kinf__scan_cap_put(s, fffd, 3);
        if (u < 0xdc00 && u >= 0xd800) { s->chi = (uint16_t)u; s->chi_at = s->clen[k]; }
    } else if (u < 0x80) {
        b[0] = (uint8_t)u; kinf__scan_cap_put(s, b, 1);
    } else if (u < 0x800) {
        b[0] = (uint8_t)(0xc0 | (u >> 6)); b[1] = (uint8_t)(0x80 | (u & 0x3f)); kinf__scan_cap_put(s, b, 2);
    } else {
        b[0] = (uint8_t)(0xe0 | (u >> 12)); b[1] = (uint8_t)(0x80 | ((u >> 6) & 0x3f)); b[2] = (uint8_t)(0x80 | (u & 0x3f));
        kinf__scan_cap_put(s, b, 3);
    }
}

/* byte classes for the fast loop: 1 quote, 2 colon, 3 comma, 4 open, 5 close,
   6 whitespace, 7 a literal's first letter, 8 a number's first byte, 0 wrong */
enum { KINF__C_BAD = 0, KINF__C_QUOTE, KINF__C_COLON, KINF__C_COMMA, KINF__C_OPEN, KINF__C_CLOSE, KINF__C_WS, KINF__C_LIT, KINF__C_NUM };
static const uint8_t kinf__cclass[256] = {
    0,0,0,0,0,0,0,0,0,6,6,0,0,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    6,0,1,0,0,0,0,0,0,0,0,0,3,8,0,0,8,8,8,8,8,8,8,8,8,8,2,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4,0,5,0,0,
    0,0,0,0,0,0,7,0,0,0,0,0,0,0,7,0,0,0,0,0,7,0,0,0,0,0,0,4,0,5,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
    0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
};
/* The bytes of a record below the levels the member table and the captures
   look at (depth >= dmin, or from a member kept whole): only the grammar is
   checked, with the state in registers. The state is where the code is: a
   label for each thing that may come next (a key or the end of an object,
   a key, a colon, a value, a value or the end of an array, a comma or an
   end), so a token costs the test of its first byte, and e is set only for
   the general scanner when it stops. Whole tokens only: it stops before a
   token the buffer cuts, an escape it cannot finish, a close back to depth
   dmin - 1, or a byte that is wrong, and the general scanner takes that
   token from there (and reports the error). Returns where it stopped. */
#if defined(KINF__SSE2) && !defined(__OPTIMIZE_SIZE__)
/* a bit for each byte of v that is no stop of a plain run (kinf__str_run's
   test with ctl: not a quote, a backslash, a control byte or a byte >=
   0x80): above 0x20 as a signed byte after XOR 2, and not a backslash. x2,
   m20 and bs: the bytes 2, 0x20 and '\\' in each lane, the caller's. In
   this form the compares need no copy of a constant (x86's overwrite their
   first operand) */
static inline unsigned kinf__plain16(__m128i v, __m128i x2, __m128i m20, __m128i bs) {
    return (unsigned)_mm_movemask_epi8(_mm_andnot_si128(_mm_cmpeq_epi8(v, bs), _mm_cmpgt_epi8(_mm_xor_si128(v, x2), m20)));
}
#endif
#ifndef __OPTIMIZE_SIZE__ /* -Os: a string with an escape goes to the byte machine */
/* the rest of a string from an escape at p[j]: past its closing quote, or 0 */
static size_t kinf__deep_escaped(const uint8_t* p, size_t j, size_t n) {
#ifdef KINF__SSE2
    /* sixteen bytes at a time: the escapes of a block are taken from its
       mask of quotes, backslashes, control bytes and bytes >= 0x80, in
       order, without loading it again after each (fieldsV1's keys:
       k:{\"type\":\"Ready\"}); a UTF-8 sequence is passed as an escape is */
    const __m128i x2 = _mm_set1_epi8(2), m20 = _mm_set1_epi8(0x20), bs = _mm_set1_epi8('\\');
    while (j + 16 <= n) {
        unsigned mask = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(p + j)), x2, m20, bs) ^ 0xffffu; /* the stops */
        for (;;) {
            unsigned k;
            uint8_t c;
            if (!mask) { j += 16; break; }
            k = (unsigned)__builtin_ctz(mask);
            c = p[j + k];
            if (c != '\\') {
                size_t u;
                if (c < 0x80) { return c == '"' ? j + k + 1 : 0; } /* the end, or a control byte */
                if (!(u = kinf__utf8_seq(p, j + k, n))) { return 0; }
                k += (unsigned)u;
                if (k >= 16) { j += k; break; }
                mask &= ~0u << k;
                continue;
            }
            if (j + k + 1 >= n) { return 0; }
            c = p[j + k + 1];
            if (c == '"') { /* most escapes here */
                k += 2;
            } else if (c == 'u') {
                if (j + k + 6 > n || !kinf__is_hex(p[j + k + 2]) || !kinf__is_hex(p[j + k + 3]) || !kinf__is_hex(p[j + k + 4]) || !kinf__is_hex(p[j + k + 5])) { return 0; }
                k += 6;
            } else if (kinf__is_json_escape(c)) {
                k += 2;
            } else { return 0; }
            if (k >= 16) { j += k; break; }
            mask &= ~0u << k; /* what the escape covered */
        }
    }
    j = kinf__str_run(p, j, n, 1);
#endif
    while (j < n && p[j] == '\\') {
        uint8_t c;
        if (j + 1 >= n) { return 0; }
        c = p[j + 1];
        if (c == 'u') {
            if (j + 6 > n || !kinf__is_hex(p[j + 2]) || !kinf__is_hex(p[j + 3]) || !kinf__is_hex(p[j + 4]) || !kinf__is_hex(p[j + 5])) { return 0; }
            j += 6;
        } else if (kinf__is_json_escape(c)) {
            j += 2;
        } else { return 0; }
        j = kinf__str_run(p, j, n, 1);
    }
    return (j < n && p[j] == '"') ? j + 1 : 0;
}
#define KINF__DEEP_ESCAPED(p, j, n) kinf__deep_escaped(p, j, n)
#else
#define KINF__DEEP_ESCAPED(p, j, n) 0
#endif
#if (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
/* kinf__str_run near the buffer's end, out of the fast loop's way: inlined
   there, its constants took registers the loop needs */
static KINF__NOINLINE size_t kinf__str_run_end(const uint8_t* p, size_t i, size_t n) { return kinf__str_run(p, i, n, 1); }
#endif
/* The structural pass. Where SIMD is there, the runs the fast loop
   takes are read 64 bytes at a time first, as simdjson's first stage does:
   a bit per byte for quotes, backslashes, the structural bytes { } [ ] : ,,
   whitespace and control bytes; from them the escapes, the bytes inside
   strings and where each number or literal begins. Then the tokens (the
   structural bytes outside strings, the opening quotes, the first bytes of
   the numbers and literals) are stepped through the same grammar the fast
   loop and the byte machine hold: what may come next (expect), the depth,
   and whether the open container is an array. A string costs one bit; its
   bytes are checked by the masks (no control byte, each escape one JSON
   allows). It only skips what it has classified: at the first thing it
   does not accept (an error, a depth at the limit, a close back to dmin, a
   token the buffer's end may cut) it gives back the state before the
   token it was on, and the fast loop and the byte machine take it from
   there, so a malformed byte is reported by them, at the same place,
   wherever the stream was split. */
#if defined(KINF_SCAN_STRUCTURAL) && (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
#define KINF__STRUCT 1
typedef struct kinf__cls64 { uint64_t quote, bs, op, ws, ctl, hi; } kinf__cls64;
/* the six masks of p[0..64) (hi: the bytes >= 0x80) */
static inline void kinf__classify64(const uint8_t* p, kinf__cls64* m) {
#if defined(KINF__AVX2)
    const __m256i dq = _mm256_set1_epi8('"'), bsl = _mm256_set1_epi8('\\'), b20 = _mm256_set1_epi8(0x20), m1f = _mm256_set1_epi8(0x1f);
    const __m256i ob = _mm256_set1_epi8('{'), cb = _mm256_set1_epi8('}'), cm = _mm256_set1_epi8(','), cl = _mm256_set1_epi8(':');
    const __m256i tb = _mm256_set1_epi8('\t'), lf = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    int h;
    m->quote = m->bs = m->op = m->ws = m->ctl = m->hi = 0;
    for (h = 0; h < 2; h++) {
        __m256i v = _mm256_loadu_si256((const __m256i*)(const void*)(p + 32 * h)), v20 = _mm256_or_si256(v, b20);
        __m256i op = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v20, ob), _mm256_cmpeq_epi8(v20, cb)),
                                     _mm256_or_si256(_mm256_cmpeq_epi8(v20, cm), _mm256_cmpeq_epi8(v20, cl)));
        __m256i ws = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, b20), _mm256_cmpeq_epi8(v, tb)),
                                     _mm256_or_si256(_mm256_cmpeq_epi8(v, lf), _mm256_cmpeq_epi8(v, cr)));
        unsigned sh = 32u * (unsigned)h;
        m->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, dq)) << sh;
        m->bs |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, bsl)) << sh;
        m->op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << sh;
        m->ws |= (uint64_t)(uint32_t)_mm256_movemask_epi8(ws) << sh;
        m->ctl |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(v, m1f), v)) << sh;
        m->hi |= (uint64_t)(uint32_t)_mm256_movemask_epi8(v) << sh;
    }
#elif defined(KINF__SSE2)
    const __m128i dq = _mm_set1_epi8('"'), bsl = _mm_set1_epi8('\\'), b20 = _mm_set1_epi8(0x20), m1f = _mm_set1_epi8(0x1f);
    const __m128i ob = _mm_set1_epi8('{'), cb = _mm_set1_epi8('}'), cm = _mm_set1_epi8(','), cl = _mm_set1_epi8(':');
    const __m128i tb = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    int h;
    m->quote = m->bs = m->op = m->ws = m->ctl = m->hi = 0;
    for (h = 0; h < 4; h++) {
        /* '[' and ']' are '{' and '}' less bit 5; ',' and ':' have it (bytes
           0x0c and 0x1a, which match too, are no token: the grammar refuses them) */
        __m128i v = _mm_loadu_si128((const __m128i*)(const void*)(p + 16 * h)), v20 = _mm_or_si128(v, b20);
        __m128i op = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v20, ob), _mm_cmpeq_epi8(v20, cb)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v20, cm), _mm_cmpeq_epi8(v20, cl)));
        __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, b20), _mm_cmpeq_epi8(v, tb)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        unsigned sh = 16u * (unsigned)h;
        m->quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, dq)) << sh;
        m->bs |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, bsl)) << sh;
        m->op |= (uint64_t)(unsigned)_mm_movemask_epi8(op) << sh;
        m->ws |= (uint64_t)(unsigned)_mm_movemask_epi8(ws) << sh;
        m->ctl |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, m1f), v)) << sh;
        m->hi |= (uint64_t)(unsigned)_mm_movemask_epi8(v) << sh;
    }
#else /* NEON */
    static const uint8_t bitw[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 };
    const uint8x16_t w = vld1q_u8(bitw), b20 = vdupq_n_u8(0x20);
    uint64_t r[6] = { 0, 0, 0, 0, 0, 0 };
    int h, k;
    for (h = 0; h < 4; h++) {
        uint8x16_t v = vld1q_u8(p + 16 * h), v20 = vorrq_u8(v, b20), t[6];
        t[0] = vceqq_u8(v, vdupq_n_u8('"'));
        t[1] = vceqq_u8(v, vdupq_n_u8('\\'));
        t[2] = vorrq_u8(vorrq_u8(vceqq_u8(v20, vdupq_n_u8('{')), vceqq_u8(v20, vdupq_n_u8('}'))),
                        vorrq_u8(vceqq_u8(v20, vdupq_n_u8(',')), vceqq_u8(v20, vdupq_n_u8(':'))));
        t[3] = vorrq_u8(vorrq_u8(vceqq_u8(v, b20), vceqq_u8(v, vdupq_n_u8('\t'))),
                        vorrq_u8(vceqq_u8(v, vdupq_n_u8('\n')), vceqq_u8(v, vdupq_n_u8('\r'))));
        t[4] = vcltq_u8(v, b20);
        t[5] = vcgeq_u8(v, vdupq_n_u8(0x80));
        for (k = 0; k < 6; k++) {
            /* a bit per byte: each half's bytes weighted 1..128 and summed */
            uint8x16_t x = vandq_u8(t[k], w);
            uint64_t lo = vaddv_u8(vget_low_u8(x)), hi = vaddv_u8(vget_high_u8(x));
            r[k] |= (lo | (hi << 8)) << (16 * h);
        }
    }
    m->quote = r[0]; m->bs = r[1]; m->op = r[2]; m->ws = r[3]; m->ctl = r[4]; m->hi = r[5];
#endif
}
/* each bit the XOR of it and all below it: 1 from an opening quote to the
   byte before its closing one */
static inline uint64_t kinf__prefix_xor(uint64_t x) {
    x ^= x << 1; x ^= x << 2; x ^= x << 4; x ^= x << 8; x ^= x << 16; x ^= x << 32;
    return x;
}
/* a number or literal at p[k] (its first byte a token): where it ends, if it
   is whole, one JSON allows, and followed in the buffer by a byte that may
   end it; else 0 */
static size_t kinf__scalar_end(const uint8_t* p, size_t k, size_t n) {
    uint8_t c = p[k];
    size_t j;
    if (c == 't' || c == 'n' || c == 'f') {
        size_t len = c == 'f' ? 5u : 4u;
        if (k + len >= n || memcmp(p + k + len - 4, c == 't' ? "true" : c == 'f' ? "alse" : "null", 4)) { return 0; }
        j = k + len;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        uint8_t st = kinf__num_start(c);
        for (j = k + 1; j < n; j++) {
            uint8_t nx = kinf__num_next(st, p[j]);
            if (!nx) { break; }
            st = nx;
        }
        if (j >= n || !kinf__num_accepts(st)) { return 0; }
    } else {
        return 0;
    }
    /* the next byte must start another token or be whitespace (not "truex", "1x") */
    c = kinf__cclass[p[j]];
    return (c >= KINF__C_QUOTE && c <= KINF__C_WS) ? j : 0;
}
/* From p[i], at a token boundary, with the state in s (expect, depth):
   the whole blocks of 64 bytes in p[i..n), as far as it accepts them.
   Returns where it stopped, with s->expect and s->depth there. */
static KINF__NOINLINE size_t kinf__scan_struct(kinf__scan* s, const uint8_t* p, size_t i, size_t n, int dmin) {
    int d = s->depth, in_arr = kinf__scan_is_arr(s, d), tok_d;
    uint8_t e = s->expect, tok_e;
    size_t blk = i, tok_pos = i, tok_end = i;
    uint64_t in_str = 0, esc_carry = 0, sc_carry = 0, u8_carry = 0;
    uint64_t wsacc = 0, wsblk = 0;
    if (e != KINF__X_KEY_OR_END && e != KINF__X_KEY && e != KINF__X_COLON && e != KINF__X_VALUE &&
        e != KINF__X_VALUE_OR_END && e != KINF__X_COMMA_OR_END) { return i; }
    tok_e = e; tok_d = d;
    while (blk + 64 <= n) {
        kinf__cls64 m;
        uint64_t quote, bs, instr, sc, tok, u8, err = 0, cov_next = 0, u8_next = 0;
        kinf__classify64(p + blk, &m);
        /* the escapes, in order: the byte after a backslash (and a \u's four
           hex digits) is neither a quote nor a backslash of its own */
        quote = m.quote & ~esc_carry;
        bs = m.bs & ~esc_carry;
        while (bs) {
            unsigned b = (unsigned)__builtin_ctzll(bs);
            size_t at = blk + b;
            uint64_t cov = 1, lo, hi;
            unsigned sh = b + 1;
            uint8_t c = at + 1 < n ? p[at + 1] : 0;
            if (c == 'u') {
                if (at + 6 > n || !kinf__is_hex(p[at + 2]) || !kinf__is_hex(p[at + 3]) || !kinf__is_hex(p[at + 4]) || !kinf__is_hex(p[at + 5])) {
                    err |= 1ull << b; break;
                }
                cov = 0x1f;
            } else if (!kinf__is_json_escape(c)) {
                err |= 1ull << b; break;
            }
            lo = sh < 64 ? cov << sh : 0;
            hi = cov >> (64 - sh);
            quote &= ~lo; bs &= ~(lo | (1ull << b)); cov_next |= hi;
        }
        instr = kinf__prefix_xor(quote) ^ in_str;
        err |= m.ctl & instr & ~esc_carry; /* a control byte in a string (an escaped one is refused above) */
        /* the bytes >= 0x80 in strings: each UTF-8 sequence checked whole
           (its continuation bytes, up to 3, may be in the next block); one
           outside a string is a byte no token begins with, refused below */
        u8 = m.hi & instr & ~u8_carry;
        while (u8) {
            unsigned b = (unsigned)__builtin_ctzll(u8);
            size_t k = kinf__utf8_seq(p, blk + b, n);
            uint64_t cov;
            if (!k) { err |= 1ull << b; break; }
            cov = (1ull << k) - 1;
            u8 &= ~(cov << b);
            if (b + k > 64) { u8_next = cov >> (64 - b); }
        }
        sc = ~(m.op | m.ws | quote | instr | esc_carry);
        tok = (m.op & ~instr) | (quote & instr) | (sc & ~((sc << 1) | sc_carry));
        wsblk = m.ws & ~instr; /* whitespace between tokens: the record's, up to where the pass stops */
        if (err) { tok &= (err & (0 - err)) - 1; } /* the tokens before the first error */
        while (tok) {
            unsigned b = (unsigned)__builtin_ctzll(tok);
            size_t k = blk + b;
            uint8_t c = p[k];
            tok &= tok - 1;
            tok_pos = k; tok_e = e; tok_d = d;
            switch (c) {
            case '"':
                if (e == KINF__X_KEY || e == KINF__X_KEY_OR_END) { e = KINF__X_COLON; }
                else if (e == KINF__X_VALUE || e == KINF__X_VALUE_OR_END) { e = KINF__X_COMMA_OR_END; }
                else { goto stop; }
                break;
            case ':':
                if (e != KINF__X_COLON) { goto stop; }
                e = KINF__X_VALUE;
                break;
            case ',':
                if (e != KINF__X_COMMA_OR_END) { goto stop; }
                e = in_arr ? KINF__X_VALUE : KINF__X_KEY;
                break;
            case '{': case '[':
                if ((e != KINF__X_VALUE && e != KINF__X_VALUE_OR_END) || d + 1 >= KINF_MAX_DEPTH) { goto stop; }
                d++; in_arr = c == '['; s->arr[d] = (uint8_t)in_arr;
                e = in_arr ? KINF__X_VALUE_OR_END : KINF__X_KEY_OR_END;
                break;
            case '}': case ']':
                if (d <= dmin || in_arr != (c == ']')) { goto stop; }
                if (e != KINF__X_COMMA_OR_END && e != (c == '}' ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END)) { goto stop; }
                d--; in_arr = kinf__scan_is_arr(s, d); e = KINF__X_COMMA_OR_END;
                break;
            default: { /* a number or a literal, or a byte no token begins with */
                size_t j;
                if ((e != KINF__X_VALUE && e != KINF__X_VALUE_OR_END) || !(j = kinf__scalar_end(p, k, n))) { goto stop; }
                tok_end = j;
                e = KINF__X_COMMA_OR_END;
                break;
            }
            }
        }
        if (err) { goto stop; }
        wsacc |= wsblk; wsblk = 0;
        in_str = (uint64_t)((int64_t)instr >> 63);
        sc_carry = sc >> 63;
        esc_carry = cov_next;
        u8_carry = u8_next;
        blk += 64;
    }
    /* the blocks end inside a string, or inside a number or literal that
       goes on past them: the state before that token */
    if (in_str || tok_end > blk) { goto stop; }
    s->ws = (uint8_t)(s->ws | (wsacc != 0));
    s->depth = d; s->expect = e;
    return blk;
stop:
    if (tok_pos > blk) { wsacc |= wsblk & (tok_pos - blk >= 64 ? ~0ull : (1ull << (tok_pos - blk)) - 1u); }
    s->ws = (uint8_t)(s->ws | (wsacc != 0));
    s->depth = tok_d; s->expect = tok_e;
    return tok_pos;
}
#endif
#if (defined(KINF__SSE2) || defined(KINF__NEON)) && !defined(__OPTIMIZE_SIZE__)
#define KINF__STOP64 1
/* a bit for each byte of q[0..64) a plain run of a string stops at (a
   quote, a backslash, a control byte, a byte >= 0x80: kinf__str_run's
   test, the bytes that XOR 2 makes less than 0x21 as signed bytes, and the
   backslash), bit k for q[k] */
#if defined(KINF__SSE2) /* (with -mavx2 the compiler gives these their three-operand forms) */
/* x2, m20 and bs as kinf__plain16's, from the caller's registers (made
   here, they were loaded again at each string) */
static inline uint64_t kinf__stop64(const uint8_t* q, __m128i x2, __m128i m20, __m128i bs) {
    uint64_t ma = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)q), x2, m20, bs);
    uint64_t mb = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 16)), x2, m20, bs);
    uint64_t mc = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 32)), x2, m20, bs);
    uint64_t md = kinf__plain16(_mm_loadu_si128((const __m128i*)(const void*)(q + 48)), x2, m20, bs);
    return ~(ma | mb << 16 | mc << 32 | md << 48);
}
#define KINF__STOPMASK(q) kinf__stop64((q), x2, m20, bs)
#else /* NEON (arm64): each byte's bit weighed, then added pairwise down to 8 bytes */
static inline uint64_t kinf__stop64(const uint8_t* q) {
    static const uint8_t w[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128 };
    const uint8x16_t x2 = vdupq_n_u8(2), bs = vdupq_n_u8('\\'), wt = vld1q_u8(w);
    const int8x16_t m21 = vdupq_n_s8(0x21);
    uint8x16_t v[4], r;
    int k;
    for (k = 0; k < 4; k++) {
        uint8x16_t a = vld1q_u8(q + 16 * k);
        v[k] = vandq_u8(vorrq_u8(vcltq_s8(vreinterpretq_s8_u8(veorq_u8(a, x2)), m21), vceqq_u8(a, bs)), wt);
    }
    r = vpaddq_u8(vpaddq_u8(v[0], v[1]), vpaddq_u8(v[2], v[3]));
    r = vpaddq_u8(r, r);
    return vgetq_lane_u64(vreinterpretq_u64_u8(r), 0);
}
#define KINF__STOPMASK(q) kinf__stop64(q)
#endif
#endif
/* its own function: inlined into its caller's caller (the engine's
   kinf__rf_advance), its loop state spills to the stack (+8 % instructions per
   watch event, docs/optimisation.md, seventh round) */
static KINF__NOINLINE size_t kinf__scan_deep(kinf__scan* s, const uint8_t* p, size_t i, size_t n, int dmin) {
    int d = s->depth, in_arr = kinf__scan_is_arr(s, d);
    uint8_t e = s->expect, c;
    size_t j;
#ifdef KINF__STOP64 /* -Os: kinf__str_run, in less code */
    /* The bytes a plain run of a string stops at as a bit mask, 64 bytes
       at a time (kinf__stop64): cur for p[blk..blk + 64), nxt for the 64
       after (made where they are all in p). A string that starts in cur's
       block ends at a shift and a bit scan of cur, with no load between:
       the next string's start is then a few cycles from this one's, where
       a 16-byte load, its compares, its mask and its scan, one string
       after the other, made a chain of about 15 (docs/optimisation.md,
       fourteenth round). A block is made once, whatever the strings in it. */
    size_t blk = (size_t)0 - 256; /* no block yet: j - blk >= 128 */
    uint64_t cur = 0, nxt = 0;
#ifdef KINF__SSE2
    __m128i x2 = _mm_set1_epi8(2), m20 = _mm_set1_epi8(0x20), bs = _mm_set1_epi8('\\');
    /* opaque to the compiler, so it keeps them in registers instead of
       loading them again at each string */
    __asm__("" : "+x"(x2), "+x"(m20), "+x"(bs));
#endif
/* j: the first byte from `from` on that a plain run stops at (a byte >=
   0x80 too: the rest of the string is kinf__deep_escaped's, no call here) */
#define KINF__DEEP_RUN(from) do { \
        j = (from); \
        for (;;) { \
            size_t o_ = j - blk; \
            if (o_ < 64) { \
                uint64_t m_ = cur >> o_; \
                if (m_) { j += (unsigned)__builtin_ctzll(m_); break; } \
                j = blk + 64; o_ = 64; \
            } \
            if (o_ < 128 && blk + 128 <= n) { /* on into the next block, made already */ \
                blk += 64; cur = nxt; \
                if (blk + 128 <= n) { nxt = KINF__STOPMASK(p + blk + 64); } \
                continue; \
            } \
            if (j + 64 > n) { j = kinf__str_run_end(p, j, n); break; } /* the buffer's last bytes */ \
            blk = j; \
            cur = KINF__STOPMASK(p + j); \
            if (j + 128 <= n) { nxt = KINF__STOPMASK(p + j + 64); } \
        } \
    } while (0)
#else
#define KINF__DEEP_RUN(from) do { j = kinf__str_run(p, (from), n, 2); } while (0) /* UTF-8: kinf__deep_escaped */
#endif
/* the rest of a string whose plain run stopped at p[j] (not a quote with
   room after it): i past its closing quote, or out with state st */
#define KINF__DEEP_STRING_END(st) do { \
        if (j < n && p[j] == '"') { i = j + 1; } \
        else if ((j = KINF__DEEP_ESCAPED(p, j, n)) != 0) { i = j; } \
        else { goto st; } \
    } while (0)
/* not the byte the state expects: whitespace is skipped and the state
   tried again, anything else stops (with the state for the byte machine) */
#define KINF__DEEP_WS(state, st) do { \
        if (kinf__cclass[p[i]] != KINF__C_WS) { goto st; } \
        s->ws = 1; \
        do { i++; } while (i < n && kinf__cclass[p[i]] == KINF__C_WS); \
        goto state; \
    } while (0)
    switch (e) {
    case KINF__X_KEY_OR_END: goto key_or_end;
    case KINF__X_KEY: goto key;
    case KINF__X_COLON: goto colon;
    case KINF__X_VALUE: goto value;
    case KINF__X_VALUE_OR_END: goto value_or_end;
    case KINF__X_COMMA_OR_END: goto comma_or_end;
    default: goto out;
    }
    /* Each label checks i < n, and each has a twin (_in) for the paths
       that know p[i] is there: a token's tests read a few bytes past its
       end where the buffer holds them, so the next one starts at once. */
key_or_end: /* after '{' */
    if (i >= n) { goto out_key_or_end; }
    if (p[i] == '"') { goto key_token; }
    if (p[i] == '}') { goto close; }
    KINF__DEEP_WS(key_or_end, out_key_or_end);
key: /* after ',' in an object */
    if (i >= n) { goto out_key; }
#ifndef __OPTIMIZE_SIZE__
key_in:
#endif
    if (p[i] != '"') { KINF__DEEP_WS(key, out_key); }
key_token: /* p[i] opens a key */
    KINF__DEEP_RUN(i + 1);
#ifndef __OPTIMIZE_SIZE__ /* -Os: the steps one at a time, in less code */
    if (j + 5 < n && p[j] == '"') { /* the key ends, and the next bytes are there */
#if defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
        /* "f:name":{} (most of fieldsV1): the quote, the colon and an
           empty object at once, where an object may open (the depth) */
        uint32_t w;
        memcpy(&w, p + j, 4);
        if (w == 0x7d7b3a22u && d + 1 < KINF_MAX_DEPTH) {
            i = j + 4;
            if (p[i] == ',' && p[i + 1] == '"') { i++; goto key_token; } /* and the next key (a key is in an object) */
            goto comma_or_end_in;
        }
#endif
        i = j + 1;
        if (p[i] == ':') { i++; goto value_in; }
        goto colon_in;
    }
#endif
    KINF__DEEP_STRING_END(out_key);
colon:
    if (i >= n) { goto out_colon; }
#ifndef __OPTIMIZE_SIZE__
colon_in:
#endif
    if (p[i] != ':') { KINF__DEEP_WS(colon, out_colon); }
    i++;
value:
    if (i >= n) { goto out_value; }
value_in:
    c = p[i];
    if (c == '"') { /* most values */
        KINF__DEEP_RUN(i + 1);
#ifndef __OPTIMIZE_SIZE__
        if (j + 2 < n && p[j] == '"') { /* ends, and the comma and what follows it are there */
            i = j + 1;
            if (p[i] != ',') { goto comma_or_end_in; }
            i++;
            if (in_arr) { goto value_in; }
            goto key_in;
        }
#endif
        KINF__DEEP_STRING_END(out_value);
        goto comma_or_end;
    }
    if ((c | 0x20) == '{') { /* '{' or '[' */
        if (d + 1 >= KINF_MAX_DEPTH) { goto out_value; }
        if (i + 2 < n && p[i + 1] == c + 2) { i += 2; goto comma_or_end_in; } /* {} or [] (fieldsV1's leaves): nothing inside to track */
        d++; i++;
        in_arr = c == '[';
        /* no key id for it (s->ids): the fast loop opens containers only
           below the depths whose ids are read (4 in a list item, 3 in a
           watch event: the captures, the member table, "object" and "items") */
        s->arr[d] = (uint8_t)in_arr;
        if (in_arr) { goto value_or_end; }
#ifndef __OPTIMIZE_SIZE__
        if (i < n && p[i] == '"') { goto key_token; }
#endif
        goto key_or_end;
    }
    switch (kinf__cclass[c]) {
    case KINF__C_LIT: {
        size_t k = c == 'f' ? 5u : 4u;
        /* as the byte machine: the byte after it must be here */
        if (i + k >= n || memcmp(p + i + k - 4, c == 't' ? "true" : c == 'f' ? "alse" : "null", 4)) { goto out_value; }
        i += k;
        goto comma_or_end_in;
    }
    case KINF__C_NUM: {
        uint8_t st = kinf__num_start(c);
        j = i + 1;
        if (st == KINF__N_INT) { while (j < n && (uint8_t)(p[j] - '0') < 10) { j++; } } /* an integer's digits; the grammar goes on from there */
        for (; j < n; j++) {
            uint8_t nx = kinf__num_next(st, p[j]);
            if (!nx) { break; }
            st = nx;
        }
        if (j >= n || !kinf__num_accepts(st)) { goto out_value; }
        i = j;
        goto comma_or_end_in;
    }
    case KINF__C_WS:
        KINF__DEEP_WS(value, out_value);
    default:
        goto out_value;
    }
value_or_end: /* after '[' */
    if (i >= n) { goto out_value_or_end; }
    if (p[i] == ']') { goto close; }
    if (kinf__cclass[p[i]] == KINF__C_WS) { KINF__DEEP_WS(value_or_end, out_value_or_end); }
    goto value_in;
comma_or_end: /* after a value */
    if (i >= n) { goto out_comma_or_end; }
comma_or_end_in:
    c = p[i];
    if (c == ',') {
        i++;
        if (in_arr) { goto value; }
        if (i < n && p[i] == '"') { goto key_token; }
        goto key;
    }
    if ((c & 0xdf) != ']') { KINF__DEEP_WS(comma_or_end, out_comma_or_end); } /* neither '}' nor ']' */
close: /* p[i] closes the container at depth d, where the state allows it */
    c = p[i];
    /* stopping here, the byte machine takes the close after a value: it
       allows one where '{' or '[' allowed it too */
    if (d <= dmin || in_arr == ((c >> 5) & 1)) { goto out_comma_or_end; } /* '}' has bit 5, ']' not */
    d--; in_arr = kinf__scan_is_arr(s, d); i++;
    goto comma_or_end;
    /* the state for the byte machine, written only when the loop stops */
out_key_or_end: e = KINF__X_KEY_OR_END; goto out;
out_key: e = KINF__X_KEY; goto out; /* also a key after '{': the same for its quote */
out_colon: e = KINF__X_COLON; goto out;
out_value: e = KINF__X_VALUE; goto out; /* also after '[', at a byte that is not ']' */
out_value_or_end: e = KINF__X_VALUE_OR_END; goto out;
out_comma_or_end: e = KINF__X_COMMA_OR_END;
out:
    s->depth = d; s->expect = e;
    return i;
#undef KINF__DEEP_RUN
#undef KINF__DEEP_STRING_END
#undef KINF__DEEP_WS
}


/* Feeds bytes; returns how many were consumed. Stops after a completed record
   (s->rec_done set) so the caller can process it, or at an error (s->err: 1
   malformed, 2 too deep, 4 a list's items that are not an array, 5 a string
   that is not UTF-8 (malformed too); 3, an element of a list's items that is
   not an object, is set without stopping the feed). Validates the whole JSON
   grammar, so a record that reaches the event buffer is valid JSON. Record
   bytes are copied in runs. */
/* Copies p[*span..upto) into the open record, when one is being kept and
   has room (else the record is marked too large), and moves *span to upto.
   Inside a dropped member nothing is copied. */
KINF__SCAN_INLINE void kinf__scan_flush(kinf__scan* s, const uint8_t* p, size_t* span, size_t upto) {
    if (s->rec_base && !s->drop && upto > *span) {
        size_t k = upto - *span;
        if (s->rec_over) { KINF__SCAN_OVER(s, k); }
        else if (k > s->ev_cap - s->ev_len) { s->rec_over = 1; KINF__SCAN_OVER(s, k); }
        else { memcpy(s->ev + s->ev_len, p + *span, k); s->ev_len += k; }
    }
    *span = upto;
}
/* An error at p[i]: what came before it goes into the record; the feed stops at i. */
KINF__SCAN_INLINE size_t kinf__scan_fail(kinf__scan* s, const uint8_t* p, size_t* span, size_t i, int e) {
    if (!s->err) { s->err = (uint8_t)e; } /* a list item not an object, met first, stays the reason */
    kinf__scan_flush(s, p, span, i);
    return i;
}
/* A member projection drops (a string or container opening at p[i - 1]):
   "null" takes its place in the record, and its bytes go through the same
   grammar as any other (the fast loop and the byte machine) without being
   copied, up to kinf__scan_drop_end. In a watch event only once the type
   says it holds an object, not a Status. */
KINF__SCAN_INLINE void kinf__scan_drop_begin(kinf__scan* s, const uint8_t* p, size_t* span, size_t i, int mt_last) {
    if (mt_last < 0 || !s->mt[mt_last].skip) { return; }
    if (!s->list_mode && !(s->cset[KINF__CAP_TYPE] && (s->cbuf[KINF__CAP_TYPE][0] == 'A' || s->cbuf[KINF__CAP_TYPE][0] == 'M' || s->cbuf[KINF__CAP_TYPE][0] == 'D'))) {
        return;
    }
    kinf__scan_flush(s, p, span, i - 1);
    if (!s->rec_over) {
        if (s->ev_cap - s->ev_len >= 4) { s->mt[mt_last].vs = (uint32_t)s->ev_len; memcpy(s->ev + s->ev_len, "null", 4); s->ev_len += 4; }
        else { s->rec_over = 1; KINF__SCAN_OVER(s, 4); }
    } else {
        KINF__SCAN_OVER(s, 4);
    }
    s->drop = s->depth + 1; s->drop_ws = s->ws; s->cap = -1;
    *span = i;
}
/* The value a drop began with has ended at p[i - 1] (the scanner is back at
   the depth it began at): the record goes on from p[i]. */
KINF__SCAN_INLINE void kinf__scan_drop_end(kinf__scan* s, size_t* span, size_t i) {
    if (s->drop && s->depth < s->drop) { s->drop = 0; s->ws = s->drop_ws; *span = i; }
}
static size_t kinf__scan_feed(kinf__scan* s, const uint8_t* p, size_t n) {
    size_t i = 0, span = 0; /* p[span..i) is still to be copied into the record */
    int mt_last = -1;
    int dmin = s->list_mode ? 5 : 4; /* below the member table's levels and the captures */
#define KINF__POS(x) (s->ev_len + ((x) - span))
#define KINF__MT_VALUE() do { mt_last = kinf__scan_mt_value(s, (uint32_t)KINF__POS(i - 1)); } while (0)
    while (i < n) {
        uint8_t c;
        if (s->st == KINF__S_NONE && s->rec_base) {
            int dfast = dmin;
            if (s->whole | s->drop) { /* mostly neither */
                if (s->whole && s->whole < dfast) { dfast = s->whole; }
                if (s->drop && s->drop < dfast) { dfast = s->drop; }
            }
            if (s->depth >= dfast) {
#ifdef KINF__STRUCT
                if (n - i >= 64) { i = kinf__scan_struct(s, p, i, n, dfast); }
#endif
                i = kinf__scan_deep(s, p, i, n, dfast);
                if (i >= n) { break; }
            }
#ifndef __OPTIMIZE_SIZE__ /* -Os: the byte machine does it, in less code */
            else if (p[i] == '"') {
                /* a key or a string value at the levels of the member table
                   and the captures, whole in the buffer and without escapes:
                   taken at once, doing what the byte machine does at its
                   quotes (the rest goes to the byte machine) */
                size_t j = kinf__str_run(p, i + 1, n, 1), k = j - i - 1;
                if (j + 1 < n && p[j] == '"') {
                    if ((s->expect == KINF__X_KEY || s->expect == KINF__X_KEY_OR_END) && p[j + 1] == ':') {
                        s->is_key = 1; s->cap = -1; s->kover = 0;
                        kinf__scan_key_open(s, (uint32_t)KINF__POS(i + 1));
                        if (k > sizeof(s->kbuf)) { s->kover = 1; k = sizeof(s->kbuf); }
                        /* the whole buffer where the bytes are there: a copy of
                           fixed size is a few moves, not a call (past klen
                           kbuf is not read) */
                        if (i + 1 + sizeof(s->kbuf) <= n) { memcpy(s->kbuf, p + i + 1, sizeof(s->kbuf)); }
                        else { memcpy(s->kbuf, p + i + 1, k); }
                        s->klen = (uint8_t)k;
                        kinf__scan_key_close(s, (uint32_t)KINF__POS(j));
                        s->expect = KINF__X_VALUE;
                        i = j + 2;
                        continue;
                    }
                    if ((s->expect == KINF__X_VALUE || s->expect == KINF__X_VALUE_OR_END) &&
                        !(s->mt_key >= 0 && s->mt[s->mt_key].skip)) {
                        s->is_key = 0; kinf__scan_value_start(s);
                        (void)kinf__scan_mt_value(s, (uint32_t)KINF__POS(i));
                        if (s->cap >= 0) { kinf__scan_cap_run(s, p + i + 1, k); }
                        i = j + 1;
                        kinf__scan_value_done(s, KINF__POS(i));
                        if (p[i] == ',') { i++; s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY; }
                        continue;
                    }
                }
            }
#endif
        }
        switch (s->st) {
        case KINF__S_STR: {
            /* the plain bytes of a string, a run at a time: most of an object */
            size_t j = kinf__str_run(p, i, n, 1);
            if (j > i) {
                if (s->is_key) {
                    size_t k = j - i;
                    if (k > sizeof(s->kbuf) - s->klen) { s->kover = 1; k = sizeof(s->kbuf) - s->klen; }
                    memcpy(s->kbuf + s->klen, p + i, k); s->klen = (uint8_t)(s->klen + k);
                } else if (s->cap >= 0) {
                    kinf__scan_cap_run(s, p + i, j - i);
                }
                i = j;
            }
            if (i >= n) { continue; }
            c = p[i++];
            if (c == '"') {
                s->st = KINF__S_NONE;
                if (s->is_key) {
                    kinf__scan_key_close(s, (uint32_t)KINF__POS(i - 1));
                } else if (s->expect != KINF__X_COLON) {
                    kinf__scan_drop_end(s, &span, i);
                    kinf__scan_value_done(s, KINF__POS(i));
                }
                /* the colon after a key, the comma after a value: mostly next */
                if (i < n) {
                    if (s->expect == KINF__X_COLON && p[i] == ':') { i++; s->expect = KINF__X_VALUE; }
                    else if (s->expect == KINF__X_COMMA_OR_END && p[i] == ',') {
                        i++; s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY;
                    }
                }
                continue;
            }
            if (c < 0x20) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (c == '\\') { s->st = KINF__S_ESC; }
            else if (c >= 0x80) {
                /* a UTF-8 sequence the run did not pass (wrong, cut by the
                   buffer's end, or at -Os any): its bytes one at a time,
                   across feeds, from this one */
                s->sub = 0;
                goto utf8_byte;
            }
            goto str_byte;
        }
        case KINF__S_UTF8:
            c = p[i++];
        utf8_byte: {
            int u = kinf__utf8_next(s->sub, c);
            if (u < 0) { return kinf__scan_fail(s, p, &span, i, 5); }
            s->sub = (uint8_t)u;
            s->st = u ? KINF__S_UTF8 : KINF__S_STR;
            goto str_byte;
        }
        case KINF__S_ESC:
            c = p[i++];
            if (c == 'u') { s->st = KINF__S_UHEX; s->sub = 4; }
            else if (kinf__is_json_escape(c)) { s->st = KINF__S_STR; }
            else { return kinf__scan_fail(s, p, &span, i, 1); }
            goto str_byte;
        case KINF__S_UHEX:
            c = p[i++];
            if (!kinf__is_hex(c)) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (--s->sub == 0) { s->st = KINF__S_STR; }
        str_byte: /* a string's byte the byte machine took: into the key or the capture */
            if (s->is_key) { if (s->klen < sizeof(s->kbuf)) { s->kbuf[s->klen++] = (char)c; } else { s->kover = 1; } }
            else if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
            continue;
        case KINF__S_NUM: {
            uint8_t nx;
            c = p[i];
            nx = kinf__num_next(s->sub, c);
            if (nx) { s->sub = nx; if (s->cap >= 0) { kinf__scan_capc(s, (char)c); } i++; continue; }
            if (!kinf__num_accepts(s->sub)) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->st = KINF__S_NONE;
            kinf__scan_value_done(s, KINF__POS(i));
            break; /* c is not consumed: it is structural or an error */
        }
        case KINF__S_LIT:
            c = p[i];
            if (s->lit[s->sub]) {
                if (c != (uint8_t)s->lit[s->sub]) { return kinf__scan_fail(s, p, &span, i, 1); }
                s->sub++;
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                i++;
                continue;
            }
            s->st = KINF__S_NONE;
            kinf__scan_value_done(s, KINF__POS(i));
            break;
        default:
            break;
        }
        c = p[i++];
        switch (c) {
        case ' ': case '\t': case '\r': case '\n':
            if (s->rec_base) { s->ws = 1; }
            break;
        case '{': case '[': {
            int d;
            if (s->expect != KINF__X_VALUE && s->expect != KINF__X_VALUE_OR_END && s->expect != KINF__X_ROOT) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->expect == KINF__X_ROOT && (s->root_done || c != '{')) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->depth + 1 >= KINF_MAX_DEPTH) { return kinf__scan_fail(s, p, &span, i, 2); }
            if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
            s->cap = -1; /* a capture path holding a container: not captured */
            if (!s->rec_base && c == '{' &&
                ((!s->list_mode && s->depth == 0) ||
                 (s->list_mode && s->depth == 2 && kinf__scan_is_arr(s, 2) && s->ids[1] == KINF__K_ITEMS))) {
                s->rec_base = s->depth + 1; s->ev_len = 0; s->ev_over = 0; s->rec_over = 0; s->ws = 0;
                s->mt_n = 0; s->mt_over = 0; s->mt_key = -1; s->mt_cur[0] = s->mt_cur[1] = -1;
                s->obj_start = 0; s->obj_end = 0; s->whole = 0; s->drop = 0; s->obj_dup = 0;
                span = i - 1;
                memset(s->cset, 0, KINF__CAP_LIST_RV); memset(s->cover, 0, KINF__CAP_LIST_RV);
                memset(s->clen, 0, sizeof(size_t) * KINF__CAP_LIST_RV);
            } else if (!s->list_mode && s->depth == 1 && c == '{' && s->ids[1] == KINF__K_OBJECT) {
                if (s->obj_start) { s->obj_dup = 1; } /* the members and captures of both would mix */
                s->obj_start = s->ev_len + (i - 1 - span);
            }
            KINF__MT_VALUE();
            kinf__scan_drop_begin(s, p, &span, i, mt_last);
            d = ++s->depth;
            /* a member of the object that projection keeps whole, with no
               rule under it (spec and status, with only the default drop):
               its members need no table entries, so the fast loop takes
               all of it; not metadata, whose members hold the captures */
            if (mt_last >= 0 && !s->drop && s->mt[mt_last].level == 0 && s->mt[mt_last].dec == 1 && s->mt[mt_last].full && !s->mt[mt_last].dm &&
                s->ids[d - 1] != KINF__K_METADATA) {
                s->whole = d;
            }
            s->arr[d] = (uint8_t)(c == '[');
            if (d < 8) { s->ids[d] = (c == '[') ? (uint8_t)KINF__K_ARRAY : (uint8_t)KINF__K_OTHER; }
            s->expect = (c == '{') ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END;
            break;
        }
        case '}': case ']': {
            int was_rec;
            if (s->depth == 0 || (kinf__scan_is_arr(s, s->depth) != (c == ']'))) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (s->expect != KINF__X_COMMA_OR_END && s->expect != (c == '}' ? KINF__X_KEY_OR_END : KINF__X_VALUE_OR_END)) { return kinf__scan_fail(s, p, &span, i, 1); }
            was_rec = (s->rec_base && s->depth == s->rec_base);
            if (!s->list_mode && s->depth == 2 && c == '}' && s->ids[1] == KINF__K_OBJECT && s->rec_base) {
                s->obj_end = s->ev_len + (i - span);
            }
            s->depth--;
            if (s->depth < s->whole) { s->whole = 0; }
            kinf__scan_drop_end(s, &span, i);
            kinf__scan_value_done(s, KINF__POS(i));
            if (was_rec) {
                kinf__scan_flush(s, p, &span, i);
                s->rec_base = 0; s->rec_done = 1;
                return i;
            }
            break;
        }
        case ',':
            if (s->expect != KINF__X_COMMA_OR_END) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->expect = kinf__scan_is_arr(s, s->depth) ? KINF__X_VALUE : KINF__X_KEY;
            break;
        case ':':
            if (s->expect != KINF__X_COLON) { return kinf__scan_fail(s, p, &span, i, 1); }
            s->expect = KINF__X_VALUE;
            break;
        case '"':
            if (s->expect == KINF__X_KEY || s->expect == KINF__X_KEY_OR_END) {
                /* key names matter down to depth 4 (a list item's metadata);
                   deeper keys are scanned as plain strings */
                s->is_key = s->depth <= 4; s->klen = 0; s->kover = 0; s->cap = -1;
                if (!s->is_key) { s->expect = KINF__X_COLON; }
                else if (s->rec_base) { kinf__scan_key_open(s, (uint32_t)KINF__POS(i)); }
            } else if (s->expect == KINF__X_VALUE || s->expect == KINF__X_VALUE_OR_END) {
                if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
                s->is_key = 0; kinf__scan_value_start(s);
                KINF__MT_VALUE();
                kinf__scan_drop_begin(s, p, &span, i, mt_last);
            } else { return kinf__scan_fail(s, p, &span, i, 1); }
            s->st = KINF__S_STR;
            break;
        default:
            if (s->expect != KINF__X_VALUE && s->expect != KINF__X_VALUE_OR_END) { return kinf__scan_fail(s, p, &span, i, 1); }
            if (kinf__scan_items_bad(s, c)) { return kinf__scan_fail(s, p, &span, i, 4); }
            KINF__MT_VALUE();
            if (c == '-' || (c >= '0' && c <= '9')) {
                s->is_key = 0; kinf__scan_value_start(s);
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                s->st = KINF__S_NUM; s->sub = kinf__num_start(c);
            } else if (c == 't' || c == 'f' || c == 'n') {
                s->is_key = 0; kinf__scan_value_start(s);
                if (s->cap >= 0) { kinf__scan_capc(s, (char)c); }
                s->st = KINF__S_LIT; s->sub = 1; s->lit = c == 't' ? "true" : c == 'f' ? "false" : "null";
            } else {
                return kinf__scan_fail(s, p, &span, i, 1);
            }
            break;
        }
    }
    kinf__scan_flush(s, p, &span, i);
    return i;
#undef KINF__POS
#undef KINF__MT_VALUE
}

