/* libFuzzer target: the gzip inflater (>>gzip).

   Input: 4 control bytes (a seed for the piece sizes), then a gzip stream.
   kinf__gz_inflate runs it whole, in random pieces (the output taken in
   random pieces too) and, up to 4 KiB of input, one byte at a time; all must
   agree (abort if not): the same result, the same output. Every call must
   take input or give output, never give more than the window holds, and the
   output may not pass DEFLATE's bound (1032 bytes per input byte).
   A second decoder, written here the plainest way (the whole input in one
   buffer, no state kept between calls, tables rebuilt by counting, the
   same rules on incomplete codes, header and trailer), decodes the same
   input: where it succeeds the library must end with the same bytes; where
   it fails the library must fail or want more. */
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>
#include <stdlib.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)
#define OUT_CAP (4u << 20) /* outputs past this are compared by length and hash only */

/* ------------------------------------------------------------ the reference decoder */
typedef struct ref { const uint8_t* in; size_t n, pos; uint32_t bit; uint8_t* out; size_t olen, cap; uint64_t total; uint32_t crc; } ref;
static uint32_t ref_crc_tab[256];
static int ref_bits(ref* r, unsigned k, uint32_t* v) { /* -1 past the end */
    unsigned i;
    *v = 0;
    for (i = 0; i < k; i++) {
        if (r->pos >= r->n) { return -1; }
        *v |= (uint32_t)((r->in[r->pos] >> r->bit) & 1u) << i;
        if (++r->bit == 8) { r->bit = 0; r->pos++; }
    }
    return 0;
}
static void ref_emit(ref* r, uint8_t c) {
    if (r->olen < r->cap) { r->out[r->olen++] = c; }
    r->crc = ref_crc_tab[(r->crc ^ c) & 0xffu] ^ (r->crc >> 8);
    r->total++;
}
typedef struct ref_code { int len[320]; int n; int first[16], start[16], count[16], sorted[320]; } ref_code;
/* Checks the lengths and lays the code out: the first code of each length,
   and the symbols of each length in order (a table by length). 0 ok, -1
   over-subscribed or incomplete (allowed only with no code, or one code of
   one bit). */
static int ref_check(ref_code* c) {
    int i, l, left = 1, maxl = 0, code = 0, at = 0;
    for (l = 0; l < 16; l++) { c->count[l] = 0; }
    for (i = 0; i < c->n; i++) { c->count[c->len[i]]++; }
    for (l = 1; l < 16; l++) { left = left * 2 - c->count[l]; if (left < 0) { return -1; } if (c->count[l]) { maxl = l; } }
    for (l = 1; l < 16; l++) {
        c->first[l] = code; c->start[l] = at;
        for (i = 0; i < c->n; i++) { if (c->len[i] == l) { c->sorted[at++] = i; } }
        code = (code + c->count[l]) << 1;
    }
    return (left > 0 && maxl > 1) ? -1 : 0;
}
/* one symbol: -1 end of input, -2 no code */
static int ref_decode(ref* r, const ref_code* c) {
    int code = 0, len;
    for (len = 1; len <= 15; len++) {
        uint32_t b;
        if (ref_bits(r, 1, &b)) { return -1; }
        code = (code << 1) | (int)b;
        if (code - c->first[len] < c->count[len]) { return c->sorted[c->start[len] + code - c->first[len]]; }
    }
    return -2;
}
/* 1: a whole, good stream; 0: refused or cut short */
static int ref_inflate(ref* r) {
    static const int lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
    static const int dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
    static const int order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    static ref_code lit, dist, cl;
    uint32_t v, flg, last;
    int i;
    if (r->n < 10 || r->in[0] != 0x1f || r->in[1] != 0x8b || r->in[2] != 8 || (r->in[3] & 0xe0)) { return 0; }
    flg = r->in[3]; r->pos = 10;
    if (flg & 4) { if (r->pos + 2 > r->n) { return 0; } r->pos += 2u + (size_t)(r->in[r->pos] | (r->in[r->pos + 1] << 8)); }
    if (flg & 8) { while (r->pos < r->n && r->in[r->pos]) { r->pos++; } r->pos++; }
    if (flg & 16) { while (r->pos < r->n && r->in[r->pos]) { r->pos++; } r->pos++; }
    if (flg & 2) {
        uint32_t c = 0xffffffffu; size_t k;
        if (r->pos + 2 > r->n) { return 0; }
        for (k = 0; k < r->pos; k++) { c = ref_crc_tab[(c ^ r->in[k]) & 0xffu] ^ (c >> 8); }
        if ((~c & 0xffffu) != (uint32_t)(r->in[r->pos] | (r->in[r->pos + 1] << 8))) { return 0; }
        r->pos += 2;
    }
    if (r->pos > r->n) { return 0; }
    r->crc = 0xffffffffu;
    do {
        uint32_t type;
        if (ref_bits(r, 1, &last) || ref_bits(r, 2, &type)) { return 0; }
        if (type == 3) { return 0; }
        if (type == 0) {
            uint32_t len, nlen, k;
            if (r->bit) { r->bit = 0; r->pos++; }
            if (ref_bits(r, 16, &len) || ref_bits(r, 16, &nlen) || len != (~nlen & 0xffffu)) { return 0; }
            for (k = 0; k < len; k++) { if (ref_bits(r, 8, &v)) { return 0; } ref_emit(r, (uint8_t)v); }
            continue;
        }
        if (type == 1) {
            lit.n = 288; for (i = 0; i < 288; i++) { lit.len[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8; }
            dist.n = 32; for (i = 0; i < 32; i++) { dist.len[i] = 5; }
            ref_check(&lit); ref_check(&dist);
        } else {
            uint32_t hlit, hdist, hclen;
            int n = 0, lens[320];
            if (ref_bits(r, 5, &hlit) || ref_bits(r, 5, &hdist) || ref_bits(r, 4, &hclen)) { return 0; }
            hlit += 257; hdist += 1; hclen += 4;
            if (hlit > 286 || hdist > 30) { return 0; }
            cl.n = 19; for (i = 0; i < 19; i++) { cl.len[i] = 0; }
            for (i = 0; i < (int)hclen; i++) { if (ref_bits(r, 3, &v)) { return 0; } cl.len[order[i]] = (int)v; }
            if (ref_check(&cl)) { return 0; }
            while (n < (int)(hlit + hdist)) {
                int s = ref_decode(r, &cl), rep, val = 0;
                if (s < 0) { return 0; }
                if (s < 16) { lens[n++] = s; continue; }
                if (s == 16) { if (!n || ref_bits(r, 2, &v)) { return 0; } val = lens[n - 1]; rep = 3 + (int)v; }
                else if (s == 17) { if (ref_bits(r, 3, &v)) { return 0; } rep = 3 + (int)v; }
                else { if (ref_bits(r, 7, &v)) { return 0; } rep = 11 + (int)v; }
                if (n + rep > (int)(hlit + hdist)) { return 0; }
                while (rep--) { lens[n++] = val; }
            }
            if (!lens[256]) { return 0; }
            lit.n = (int)hlit; for (i = 0; i < (int)hlit; i++) { lit.len[i] = lens[i]; }
            dist.n = (int)hdist; for (i = 0; i < (int)hdist; i++) { dist.len[i] = lens[hlit + (uint32_t)i]; }
            if (ref_check(&lit) || ref_check(&dist)) { return 0; }
        }
        for (;;) {
            int s = ref_decode(r, &lit), len, d;
            if (s < 0 || s > 285) { return 0; }
            if (s < 256) { ref_emit(r, (uint8_t)s); continue; }
            if (s == 256) { break; }
            s -= 257;
            if (ref_bits(r, (unsigned)(s < 8 || s == 28 ? 0 : (s - 4) / 4), &v)) { return 0; }
            len = lbase[s] + (int)v;
            d = ref_decode(r, &dist);
            if (d < 0 || d > 29) { return 0; }
            if (ref_bits(r, (unsigned)(d < 4 ? 0 : (d - 2) / 2), &v)) { return 0; }
            d = dbase[d] + (int)v;
            if ((uint64_t)d > r->total) { return 0; }
            if (r->total > r->cap) { return -1; } /* too long to copy from: not compared */
            while (len--) { ref_emit(r, r->out[r->olen - (size_t)d]); }
        }
    } while (!last);
    if (r->bit) { r->bit = 0; r->pos++; }
    if (r->pos + 8 != r->n) { return 0; } /* short, or bytes after the trailer */
    v = (uint32_t)r->in[r->pos] | (uint32_t)r->in[r->pos + 1] << 8 | (uint32_t)r->in[r->pos + 2] << 16 | (uint32_t)r->in[r->pos + 3] << 24;
    if (v != ~r->crc) { return 0; }
    v = (uint32_t)r->in[r->pos + 4] | (uint32_t)r->in[r->pos + 5] << 8 | (uint32_t)r->in[r->pos + 6] << 16 | (uint32_t)r->in[r->pos + 7] << 24;
    return v == (uint32_t)r->total;
}

/* ------------------------------------------------------------ the library, in pieces */
typedef struct run { int r; uint64_t olen, hash; uint8_t* out; } run;
static kinf__gz g_z;
static uint32_t xs(uint32_t* s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }
/* step 0: random pieces from seed */
static void lib_inflate(const uint8_t* d, size_t n, size_t step, uint32_t seed, run* o) {
    size_t p = 0;
    long guard;
    kinf__gz_reset(&g_z);
    o->r = KINF__GZ_OK; o->olen = 0; o->hash = 1469598103934665603ull;
    for (guard = 0; guard < 100000000L; guard++) {
        const uint8_t* s;
        size_t k = kinf__gz_out(&g_z, &s), used, st, t, i;
        if (k) {
            if (k > KINF__GZ_WIN || g_z.pend > KINF__GZ_WIN) { FAIL("more pending than the window holds"); }
            t = step ? k : 1u + xs(&seed) % k;
            for (i = 0; i < t; i++) {
                if (o->olen + i < OUT_CAP) { o->out[o->olen + i] = s[i]; }
                o->hash = (o->hash ^ s[i]) * 1099511628211ull;
            }
            o->olen += t;
            kinf__gz_take(&g_z, t);
            continue;
        }
        if (o->r < 0 || p >= n) { break; }
        st = step ? step : 1u + xs(&seed) % 700u;
        if (st > n - p) { st = n - p; }
        o->r = kinf__gz_inflate(&g_z, d + p, st, &used);
        if (used > st) { FAIL("took %zu of %zu bytes", used, st); }
        p += used;
        if (o->r == KINF__GZ_OK && used < st && g_z.pend == 0) { FAIL("a call took %zu of %zu bytes and gave nothing", used, st); }
        if (o->r < 0 && !g_z.why) { FAIL("failed without a reason"); }
    }
    if (guard >= 100000000L) { FAIL("no end"); }
    if (o->olen > (uint64_t)n * 1032u + 65536u) { FAIL("%llu bytes out of %zu", (unsigned long long)o->olen, n); }
}
static void same(const run* a, const run* b, const char* what) {
    if (a->r != b->r || a->olen != b->olen || a->hash != b->hash) {
        FAIL("%s: result %d/%d, %llu/%llu bytes, hash %s", what, a->r, b->r, (unsigned long long)a->olen,
             (unsigned long long)b->olen, a->hash == b->hash ? "same" : "differs");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static run w, p, b;
    static ref rf;
    static uint8_t* refout;
    uint32_t seed;
    const uint8_t* d;
    size_t n;
    int ok;
    if (!refout) {
        uint32_t i, k, c;
        for (i = 0; i < 256u; i++) { c = i; for (k = 0; k < 8u; k++) { c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1; } ref_crc_tab[i] = c; }
        refout = (uint8_t*)malloc(OUT_CAP); w.out = (uint8_t*)malloc(OUT_CAP);
        p.out = (uint8_t*)malloc(OUT_CAP); b.out = (uint8_t*)malloc(OUT_CAP);
    }
    if (size < 4) { return 0; }
    seed = ((uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24) | 1u;
    d = data + 4; n = size - 4;
    lib_inflate(d, n, n ? n : 1, 0, &w);
    lib_inflate(d, n, 0, seed, &p);
    same(&w, &p, "whole vs random pieces");
    if (n <= 4096) { lib_inflate(d, n, 1, 0, &b); same(&w, &b, "whole vs byte by byte"); }
    memset(&rf, 0, sizeof(rf));
    rf.in = d; rf.n = n; rf.out = refout; rf.cap = OUT_CAP;
    ok = ref_inflate(&rf);
    if (ok == 1) {
        if (w.r != KINF__GZ_END) { FAIL("the reference inflates it (%llu bytes), the library says %d (%s)", (unsigned long long)rf.total, w.r, g_z.why ? g_z.why : "-"); }
        if (w.olen != rf.total || (rf.total <= OUT_CAP && memcmp(w.out, refout, (size_t)rf.total))) { FAIL("output differs from the reference's"); }
    } else if (ok == 0 && w.r == KINF__GZ_END) {
        FAIL("the library ends well (%llu bytes), the reference refuses it", (unsigned long long)w.olen);
    }
    return 0;
}
