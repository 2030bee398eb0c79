/* >>project  Rewrites an object as compact JSON holding only the kept paths,
   in one pass over its bytes, in place: every output byte lands at or before
   the input byte it comes from, so the event buffer doubles as the output.
   Dropped subtrees are skipped without being looked at beyond their
   brackets and strings; kept subtrees with no drop rule under them are
   copied as runs. The scanner has validated the grammar already. */
typedef struct kinf__pj {
    uint8_t* b;
    size_t i, e, o;
    int ws, err;
    const kinf__rules* rules;
    const kinf__scan* sc;         /* its member table */
} kinf__pj;

/* Just past the JSON value that starts at b[i], or 0 when no whole value
   lies before e: strings and brackets are matched, not validated (what the
   informer stores has passed the scanner; a caller's own value may not).
   The one skip over a value: projection and the field readers use it. */
static size_t kinf__json_end(const uint8_t* b, size_t i, size_t e) {
    size_t s = i, depth = 0;
    if (i >= e) { return 0; }
    if (b[i] != '{' && b[i] != '[' && b[i] != '"') { /* a number or literal */
        while (i < e && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ':' &&
               b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') { i++; }
        return i > s ? i : 0;
    }
    do {
        uint8_t c = b[i++];
        if (c == '"') {
            for (;;) {
                i = kinf__str_run(b, i, e, 0);
                if (i >= e) { return 0; }
                if (b[i] == '"') { break; }
                i += 2; /* an escape: the byte after the backslash is not the end */
            }
            i++;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            depth--;
        }
    } while (depth > 0 && i < e);
    return depth == 0 ? i : 0;
}
static void kinf__pj_c(kinf__pj* q, char c) { q->b[q->o++] = (uint8_t)c; }
static void kinf__pj_ws(kinf__pj* q) {
    if (q->ws) { while (q->i < q->e && (q->b[q->i] == ' ' || q->b[q->i] == '\t' || q->b[q->i] == '\n' || q->b[q->i] == '\r')) { q->i++; } }
}
static void kinf__pj_skip(kinf__pj* q) { /* one value (a key too) */
    size_t j = kinf__json_end(q->b, q->i, q->e);
    if (j) { q->i = j; } else { q->i = q->e; q->err = 1; }
}
static void kinf__pj_copy(kinf__pj* q) { /* one value, compact */
    size_t s0 = q->i;
    int d = 0;
    if (!q->ws) {
        kinf__pj_skip(q);
        if (q->o != s0) { memmove(q->b + q->o, q->b + s0, q->i - s0); }
        q->o += q->i - s0;
        return;
    }
    for (;;) {
        uint8_t c;
        if (q->i >= q->e) { if (d) { q->err = 1; } return; }
        c = q->b[q->i];
        if (c == '"') {
            size_t a = q->i;
            kinf__pj_skip(q);
            memmove(q->b + q->o, q->b + a, q->i - a);
            q->o += q->i - a;
            if (d == 0) { return; }
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { q->i++; continue; }
        if (d == 0 && (c == ',' || c == '}' || c == ']')) { return; }
        q->b[q->o++] = c;
        q->i++;
        if (c == '{' || c == '[') { d++; }
        else if ((c == '}' || c == ']') && --d == 0) { return; }
    }
}
/* the position of the one set bit of x */
static int kinf__bit_index(uint32_t x) {
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int r = 0;
    while (!(x & 1u)) { x >>= 1; r++; }
    return r;
#endif
}
/* One keep or drop path ("a.b.c", "\\." a literal dot) into rule r, its
   segments' bytes appended to rs->buf. 0 when it is empty, too deep or too long. */
static int kinf__rule_parse(kinf__rules* rs, kinf__rule* r, const char* path) {
    const char* p = path;
    size_t seglen = 0;
    memset(r, 0, sizeof(*r));
    if (!path || !*path) { return 0; }
    r->off[0] = (uint16_t)rs->len;
    r->nseg = 1;
    for (; *p; p++) {
        char c = *p;
        if (c == '.') {
            if (seglen == 0 || r->nseg >= KINF__MAX_SEGS) { return 0; }
            r->len[r->nseg - 1] = (uint8_t)seglen;
            r->off[r->nseg] = (uint16_t)rs->len;
            r->nseg++; seglen = 0;
            continue;
        }
        if (c == '\\' && p[1]) { c = *++p; }
        if (rs->len >= sizeof(rs->buf) || seglen >= 255) { return 0; }
        rs->buf[rs->len++] = c;
        seglen++;
    }
    if (seglen == 0) { return 0; }
    r->len[r->nseg - 1] = (uint8_t)seglen;
    for (seglen = 0; seglen < 2 && seglen < r->nseg; seglen++) {
        rs->seglens[seglen] |= (uint64_t)1 << (r->len[seglen] < 63 ? r->len[seglen] : 63);
    }
    return 1;
}
static int kinf__seg_eq(const kinf__rules* rs, const kinf__rule* r, int seg, const uint8_t* k, size_t kn) {
    return seg < r->nseg && r->len[seg] == kn && !memcmp(rs->buf + r->off[seg], k, kn);
}
/* Keep, drop or descend into member ks[0..kn) at path depth seg: returns 1
   to skip it, else sets the child's keep and drop rule masks and fullness. */
static int kinf__pj_decide(const kinf__rules* rs, const uint8_t* k, size_t kn, int seg, uint32_t km, uint32_t dm, int full,
                           uint32_t* km2, uint32_t* dm2, int* cfull) {
    *km2 = 0; *dm2 = 0; *cfull = full;
    while (dm) { /* each rule still on this path, lowest bit first */
        uint32_t bit = dm & (0u - dm);
        const kinf__rule* r = &rs->drop[kinf__bit_index(bit)];
        dm ^= bit;
        if (kinf__seg_eq(rs, r, seg, k, kn)) {
            if (r->nseg == seg + 1) { return 1; }
            *dm2 |= bit;
        }
    }
    if (!full) {
        while (km) {
            uint32_t bit = km & (0u - km);
            const kinf__rule* r = &rs->keep[kinf__bit_index(bit)];
            km ^= bit;
            if (kinf__seg_eq(rs, r, seg, k, kn)) {
                if (r->nseg == seg + 1) { *cfull = 1; } else { *km2 |= bit; }
            }
        }
        if (!*cfull && !*km2) { return 1; }
    }
    if (*cfull) { *km2 = 0; }
    return 0;
}
/* the scanner asks, at a member's key, whether projection will drop it */
static int kinf__scan_decide(kinf__scan* s, kinf__member* m) {
    const kinf__rules* rs = s->rules;
    uint32_t km, dm, km2, dm2;
    int full, cfull, skip;
    uint8_t id;
    if (!rs) { return 0; }
    if (m->level == 0) {
        kinf__rules_all(rs, &km, &dm, &full);
    } else {
        const kinf__member* pm = &s->mt[m->parent];
        /* a parent with no decision (its key did not fit the key buffer): its
           masks are not set, so the child is not decided either; it is kept
           by the scanner and projection decides from the bytes */
        if (!pm->dec) { return 0; }
        km = pm->km; dm = pm->dm; full = pm->full;
    }
    if (full && !dm) { m->km = 0; m->dm = 0; m->full = 1; m->dec = 1; return 0; } /* kept whole */
    if (!((rs->seglens[m->level] >> (s->klen < 63 ? s->klen : 63)) & 1u)) {
        /* no rule has a segment of this length here: none matches, as
           kinf__pj_decide would find */
        km2 = 0; dm2 = 0; cfull = full; skip = !full;
    } else {
        skip = kinf__pj_decide(rs, (const uint8_t*)s->kbuf, s->klen, m->level, km, dm, full, &km2, &dm2, &cfull);
    }
    m->km = km2; m->dm = dm2; m->full = (uint8_t)cfull; m->dec = (uint8_t)(skip ? 2 : 1);
    /* identity must still be captured, whatever the rules say */
    id = s->ids[s->depth]; /* the key's id, set just before */
    if ((m->level == 0 && id == KINF__K_METADATA) ||
        (m->level == 1 && (id == KINF__K_NAME || id == KINF__K_NAMESPACE || id == KINF__K_UID || id == KINF__K_RV))) { return 0; }
    return skip;
}
static void kinf__pj_val(kinf__pj* q, int seg, uint32_t km, uint32_t dm, int full) {
    uint8_t c;
    int first = 1;
    if (q->err) { return; }
    if (full && !dm) { kinf__pj_copy(q); return; }
    if (q->i >= q->e) { q->err = 1; return; }
    c = q->b[q->i];
    if (c == '{') {
        kinf__pj_c(q, '{');
        q->i++;
        for (;;) {
            size_t ks, kn;
            uint32_t km2, dm2;
            int cfull;
            kinf__pj_ws(q);
            if (q->i >= q->e) { q->err = 1; return; }
            if (q->b[q->i] == '}') { q->i++; break; }
            if (q->b[q->i] == ',') { q->i++; kinf__pj_ws(q); }
            ks = q->i + 1;
            kinf__pj_skip(q);
            if (q->err) { return; }
            kn = q->i - 1 - ks;
            kinf__pj_ws(q);
            if (q->i >= q->e || q->b[q->i] != ':') { q->err = 1; return; }
            q->i++;
            kinf__pj_ws(q);
            if (kinf__pj_decide(q->rules, q->b + ks, kn, seg, km, dm, full, &km2, &dm2, &cfull)) { kinf__pj_skip(q); continue; }
            if (!first) { kinf__pj_c(q, ','); }
            first = 0;
            kinf__pj_c(q, '"');
            memmove(q->b + q->o, q->b + ks, kn);
            q->o += kn;
            kinf__pj_c(q, '"');
            kinf__pj_c(q, ':');
            kinf__pj_val(q, seg + 1, km2, dm2, cfull);
            if (q->err) { return; }
        }
        kinf__pj_c(q, '}');
        return;
    }
    if (c == '[') {
        kinf__pj_c(q, '[');
        q->i++;
        for (;;) {
            kinf__pj_ws(q);
            if (q->i >= q->e) { q->err = 1; return; }
            if (q->b[q->i] == ']') { q->i++; break; }
            if (q->b[q->i] == ',') { q->i++; kinf__pj_ws(q); }
            if (!full && q->b[q->i] != '{') { kinf__pj_skip(q); continue; }
            if (!first) { kinf__pj_c(q, ','); }
            first = 0;
            kinf__pj_val(q, seg, km, dm, full);
            if (q->err) { return; }
        }
        kinf__pj_c(q, ']');
        return;
    }
    kinf__pj_copy(q); /* a scalar where a path goes on: kept whole */
}
/* One member value [vs, ve): copied as a run, projected from the member
   table (level-0 objects), or walked. */
static void kinf__pj_tobj(kinf__pj* q, int level, int parent, int seg, uint32_t km, uint32_t dm, int full);
static void kinf__pj_span(kinf__pj* q, int e, int seg, uint32_t km, uint32_t dm, int full) {
    const kinf__member* m = &q->sc->mt[e];
    size_t end = q->e;
    if (full && !dm && !q->ws) {
        memmove(q->b + q->o, q->b + m->vs, m->ve - m->vs);
        q->o += m->ve - m->vs;
        return;
    }
    /* a level-0 object with rules under it, from its members' entries (one
       kept whole may have none: the scanner's fast loop took it) */
    if (m->level == 0 && q->b[m->vs] == '{' && !(full && !dm)) { kinf__pj_tobj(q, 1, e, seg, km, dm, full); return; }
    q->i = m->vs; q->e = m->ve;
    kinf__pj_val(q, seg, km, dm, full);
    q->e = end;
}
static void kinf__pj_tobj(kinf__pj* q, int level, int parent, int seg, uint32_t km, uint32_t dm, int full) {
    const kinf__scan* sc = q->sc;
    int e = level ? parent + 1 : 0, first = 1;
    kinf__pj_c(q, '{');
    for (; e < sc->mt_n && !q->err; e++) {
        const kinf__member* m = &sc->mt[e];
        uint32_t km2, dm2;
        int cfull;
        if (m->level != level) { if (level == 1) { break; } continue; }
        if (level == 1 && m->parent != parent) { break; }
        if (m->ve <= m->vs) { continue; }
        if (m->dec) { /* decided while scanning, with the same masks */
            if (m->dec == 2) { continue; }
            km2 = m->km; dm2 = m->dm; cfull = m->full;
        } else if (kinf__pj_decide(q->rules, q->b + m->ks, m->ke - m->ks, seg, km, dm, full, &km2, &dm2, &cfull)) { continue; }
        if (!first) { kinf__pj_c(q, ','); }
        first = 0;
        kinf__pj_c(q, '"');
        memmove(q->b + q->o, q->b + m->ks, m->ke - m->ks);
        q->o += m->ke - m->ks;
        kinf__pj_c(q, '"');
        kinf__pj_c(q, ':');
        kinf__pj_span(q, e, seg + 1, km2, dm2, cfull);
    }
    kinf__pj_c(q, '}');
}
/* Projects the object at inf->ev[start..end) into inf->ev[*at..); returns
   the length, or -1 if it is not an object. *at is 0, but for an object
   kept as it came, which stays where it is. */
static long kinf__project(kinf_informer_t* inf, size_t start, size_t end, size_t* at) {
    kinf__pj q;
    uint32_t km, dm;
    int full;
    kinf__rules_all(&inf->rules, &km, &dm, &full);
    q.b = inf->ev; q.i = start; q.e = end; q.o = 0; q.ws = inf->scan.ws; q.err = 0; q.rules = &inf->rules; q.sc = &inf->scan;
    kinf__pj_ws(&q);
    if (q.i >= q.e || q.b[q.i] != '{') { return -1; }
    *at = 0;
    if (full && !dm && !q.ws) { /* nothing to drop, no whitespace to take out: the object as it came, where it is */
        *at = q.i;
        return (long)(q.e - q.i);
    }
#ifndef KINF_NO_MEMBER_TABLE /* testing: walk every object */
    if (!inf->scan.mt_over && !inf->scan.rec_over) { kinf__pj_tobj(&q, 0, -1, 0, km, dm, full); }
    else
#endif
    {
        kinf__pj_val(&q, 0, km, dm, full);
    }
    if (q.err) { return -1; }
    return (long)q.o;
}

