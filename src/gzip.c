/* >>gzip  A gzip (RFC 1952) inflater over DEFLATE (RFC 1951), streaming and
   resumable at any byte: input in pieces of any size, down to one byte, the
   state kept between calls, nothing allocated. Its 32 KiB window is the
   output buffer too: the inflated bytes wait there (pend of them, ending at
   wpos) until the scanner takes them, and the inflater stops when the window
   holds nothing but bytes not taken yet, so a byte is overwritten only after
   it was taken and is further back than any distance. Work per call is
   bounded by the input given and the window's free room. Huffman codes are
   decoded a bit at a time from the canonical counts, so a decode can stop and
   resume between any two bits. Compiled out by KINF_NO_GZIP. */
#ifndef KINF_NO_GZIP
#define KINF__GZ_WIN 32768u
#define KINF__GZ_FAST 9u
/* the stream's states, in order */
enum { KINF__GZS_HEAD = 0, KINF__GZS_XLEN, KINF__GZS_EXTRA, KINF__GZS_NAME, KINF__GZS_COMMENT, KINF__GZS_HCRC,
       KINF__GZS_BLOCK, KINF__GZS_STORED_LEN, KINF__GZS_STORED, KINF__GZS_DYN, KINF__GZS_CLENS, KINF__GZS_LENS,
       KINF__GZS_LENS_EXTRA, KINF__GZS_CODES, KINF__GZS_LEN_EXTRA, KINF__GZS_DIST, KINF__GZS_DIST_EXTRA,
       KINF__GZS_COPY, KINF__GZS_TRAILER, KINF__GZS_DONE, KINF__GZS_FAILED };
/* what kinf__gz_inflate returns: went as far as it could, the stream's end
   (trailer checked), or why it failed (sticky: every later call says it again) */
enum { KINF__GZ_OK = 0, KINF__GZ_END = 1, KINF__GZ_EHEAD = -1, KINF__GZ_EDATA = -2, KINF__GZ_ECHECK = -3, KINF__GZ_ETRAIL = -4 };
typedef struct kinf__gz {
    uint8_t st, last, flg, crc_ready;  /* state; the final block is under way; FLG; crctab built */
    int8_t err;                   /* the KINF__GZ_E* it failed with */
    uint32_t bb, bc;              /* bit buffer (LSB first) and its count, always under 32 */
    uint32_t n, acc, acc2;        /* the state's counter and what it gathers */
    uint32_t len, dist, sym;      /* a match under way; a symbol waiting for its extra bits */
    uint32_t nlen, ndist, ncode;  /* a dynamic block's code counts */
    uint32_t hcode, hfirst, hindex, hlen; /* a Huffman decode under way */
    uint32_t crc, hcrc;           /* CRC-32 of the output (pre-inverted), of the header */
    uint64_t outn, crcn;          /* bytes output; of those, bytes in crc */
    uint64_t inn;                 /* bytes of input taken */
    uint32_t wpos, pend;          /* window write position; bytes before it not taken yet */
    const char* why;              /* the failure, for the log */
    const uint8_t* in; const uint8_t* end; /* the input of the call under way */
    uint16_t lcnt[16], lsym[288], dcnt[16], dsym[32], ccnt[16], csym[19];
    uint16_t lfast[1u << KINF__GZ_FAST], dfast[1u << KINF__GZ_FAST]; /* codes of up to KINF__GZ_FAST bits
                                     by their next bits: symbol | length << 9; 0: longer (kinf__gz_fast) */
    uint8_t lens[320];
    uint32_t crctab[256];
    uint8_t win[KINF__GZ_WIN];
} kinf__gz;
typedef char kinf__gz_fits[(sizeof(kinf__gz) + 8u <= KINF_GZIP_BYTES) ? 1 : -1];

/* A fresh stream (the CRC table is built once). */
static void kinf__gz_reset(kinf__gz* z) {
    uint32_t i, k, c;
    if (!z->crc_ready) {
        for (i = 0; i < 256u; i++) {
            c = i;
            for (k = 0; k < 8u; k++) { c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1; }
            z->crctab[i] = c;
        }
        z->crc_ready = 1;
    }
    z->st = KINF__GZS_HEAD; z->last = 0; z->flg = 0; z->err = 0;
    z->bb = z->bc = z->n = z->acc = z->acc2 = z->len = z->dist = z->sym = 0;
    z->hcode = z->hfirst = z->hindex = z->hlen = 0;
    z->crc = z->hcrc = 0xffffffffu;
    z->outn = z->crcn = z->inn = 0;
    z->wpos = z->pend = 0;
    z->why = 0; z->in = z->end = 0;
}
static uint32_t kinf__gz_crc_byte(const kinf__gz* z, uint32_t crc, uint8_t b) { return z->crctab[(crc ^ b) & 0xffu] ^ (crc >> 8); }
/* brings crc up to the output: the bytes produced since, all still in the window */
static void kinf__gz_crc_catch_up(kinf__gz* z) {
    uint32_t k = (uint32_t)(z->outn - z->crcn), p = (z->wpos - k) & (KINF__GZ_WIN - 1u), crc = z->crc;
    while (k--) { crc = z->crctab[(crc ^ z->win[p]) & 0xffu] ^ (crc >> 8); p = (p + 1u) & (KINF__GZ_WIN - 1u); }
    z->crc = crc; z->crcn = z->outn;
}
/* n bits (up to 24) in the bit buffer, pulling input a byte at a time: 0 when it ran out */
static int kinf__gz_need(kinf__gz* z, uint32_t n) {
    while (z->bc < n) {
        if (z->in == z->end) { return 0; }
        z->bb |= (uint32_t)*z->in++ << z->bc; z->bc += 8u;
    }
    return 1;
}
static uint32_t kinf__gz_bits(kinf__gz* z, uint32_t n) {
    uint32_t v = z->bb & ((1u << n) - 1u);
    z->bb >>= n; z->bc -= n;
    return v;
}
/* A byte of a byte-aligned field (header, stored length, trailer); -1 when the input ran out. */
static int kinf__gz_byte(kinf__gz* z) { return kinf__gz_need(z, 8u) ? (int)kinf__gz_bits(z, 8u) : -1; }
static void kinf__gz_put(kinf__gz* z, uint32_t c) {
    z->win[z->wpos] = (uint8_t)c; z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); z->pend++; z->outn++;
}
/* A canonical Huffman code from its code lengths: cnt[l] codes of length l,
   sym the symbols in code order. 0, or -1 for lengths that over-subscribe,
   or leave the code incomplete (allowed, as zlib allows it, only for no code
   at all or one code of one bit: the unused codes then fail to decode). */
static int kinf__gz_build(uint16_t* cnt, uint16_t* sym, const uint8_t* len, uint32_t n, uint16_t* fast) {
    uint16_t offs[16], next[16];
    int32_t left = 1;
    uint32_t i, maxl = 0, code = 0;
    memset(cnt, 0, 16u * sizeof(uint16_t));
    for (i = 0; i < n; i++) { cnt[len[i]]++; }
    for (i = 1; i < 16u; i++) {
        left = left * 2 - (int32_t)cnt[i];
        if (left < 0) { return -1; }
        if (cnt[i]) { maxl = i; }
    }
    offs[1] = 0;
    for (i = 1; i < 15u; i++) { offs[i + 1] = (uint16_t)(offs[i] + cnt[i]); }
    for (i = 0; i < n; i++) { if (len[i]) { sym[offs[len[i]]++] = (uint16_t)i; } }
    if (left > 0 && maxl > 1u) { return -1; }
    if (fast) { /* each short code's entry at its bits reversed (the stream is LSB first), and every longer index that starts with them */
        memset(fast, 0, sizeof(uint16_t) << KINF__GZ_FAST);
        for (i = 1; i < 16u; i++) { next[i] = (uint16_t)code; code = (code + cnt[i]) << 1; }
        for (i = 0; i < n; i++) {
            uint32_t l = len[i], c, r = 0, k;
            if (!l) { continue; }
            c = next[l]++;
            if (l > KINF__GZ_FAST) { continue; }
            for (k = 0; k < l; k++) { r = (r << 1) | ((c >> k) & 1u); }
            for (; r < (1u << KINF__GZ_FAST); r += 1u << l) { fast[r] = (uint16_t)(i | (l << 9)); }
        }
    }
    return 0;
}
/* One symbol, a bit at a time from where the last call stopped: the symbol,
   -1 when the input ran out (the decode resumes), -2 for a bit string that is
   no code of this table. */
static int kinf__gz_decode(kinf__gz* z, const uint16_t* cnt, const uint16_t* sym) {
    while (z->hlen < 15u) {
        uint32_t count;
        if (!z->bc && !kinf__gz_need(z, 1u)) { return -1; }
        z->hcode |= z->bb & 1u; z->bb >>= 1; z->bc--;
        count = cnt[++z->hlen];
        if (z->hcode < z->hfirst + count) {
            int s = sym[z->hindex + z->hcode - z->hfirst];
            z->hcode = z->hfirst = z->hindex = z->hlen = 0;
            return s;
        }
        z->hindex += count; z->hfirst = (z->hfirst + count) << 1; z->hcode <<= 1;
    }
    return -2;
}
static int kinf__gz_fail(kinf__gz* z, int err, const char* why) {
    z->st = KINF__GZS_FAILED; z->err = (int8_t)err; z->why = why;
    return err;
}
/* the length and distance codes' bases and extra bits (RFC 1951 3.2.5) */
static const uint16_t kinf__gz_lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t kinf__gz_lext[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t kinf__gz_dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                             1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t kinf__gz_dext[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };
/* the order the code length code's lengths come in (RFC 1951 3.2.7) */
static const uint8_t kinf__gz_clorder[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/* the end of a block: the next one, or the trailer after the last (at a byte boundary) */
static void kinf__gz_block_end(kinf__gz* z) {
    if (z->last) { kinf__gz_bits(z, z->bc & 7u); z->st = KINF__GZS_TRAILER; z->n = z->acc = z->acc2 = 0; }
    else { z->st = KINF__GZS_BLOCK; }
}
/* A symbol from bits b (at least 15 of them): the table's entry, or a walk of
   the canonical code for a longer one; *len its bits, 0 for no code. */
static uint32_t kinf__gz_peek(const uint16_t* fast, const uint16_t* cnt, const uint16_t* sym, uint64_t b, uint32_t* len) {
    uint32_t e = fast[b & ((1u << KINF__GZ_FAST) - 1u)], code = 0, first = 0, index = 0, l;
    if (e) { *len = e >> 9; return e & 511u; }
    for (l = 1; l < 16u; l++) {
        code |= (uint32_t)(b & 1u); b >>= 1;
        if (code < first + cnt[l]) { *len = l; return sym[index + code - first]; }
        index += cnt[l]; first = (first + cnt[l]) << 1; code <<= 1;
    }
    *len = 0;
    return 0;
}
/* The fast path of a compressed block: whole symbols (literal, or length and
   distance with their extra bits: 48 bits at most) from a 64-bit buffer
   filled ahead, while 8 bytes of input and room for a match (258) are
   there, and no decode is under way. Whole bytes left in the buffer go back
   to the input at the end, so the bit buffer holds under 8 bits again. The
   same checks as the state machine; returns 0, or the KINF__GZ_E* failure. */
static int kinf__gz_fast(kinf__gz* z) {
    uint64_t bb = z->bb;
    uint32_t bc = z->bc, sym, len, dist, n, from;
    const uint8_t* in = z->in;
    int r = 0, ended = 0;
    while (z->end - in >= 8 && z->pend <= KINF__GZ_WIN - 258u) {
        while (bc <= 56u) { bb |= (uint64_t)*in++ << bc; bc += 8u; }
        sym = kinf__gz_peek(z->lfast, z->lcnt, z->lsym, bb, &n);
        if (!n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code"); break; }
        bb >>= n; bc -= n;
        if (sym < 256u) { kinf__gz_put(z, sym); continue; }
        if (sym == 256u) { ended = 1; break; }
        if (sym > 285u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length symbol 286 or 287"); break; }
        sym -= 257u;
        n = kinf__gz_lext[sym];
        len = kinf__gz_lbase[sym] + (uint32_t)(bb & ((1u << n) - 1u)); bb >>= n; bc -= n;
        sym = kinf__gz_peek(z->dfast, z->dcnt, z->dsym, bb, &n);
        if (!n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code"); break; }
        bb >>= n; bc -= n;
        if (sym > 29u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance symbol 30 or 31"); break; }
        n = kinf__gz_dext[sym];
        dist = kinf__gz_dbase[sym] + (uint32_t)(bb & ((1u << n) - 1u)); bb >>= n; bc -= n;
        if (dist > z->outn) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance beyond the output so far"); break; }
        from = (z->wpos - dist) & (KINF__GZ_WIN - 1u);
        z->pend += len; z->outn += len;
        if (z->wpos + len <= KINF__GZ_WIN && from + len <= KINF__GZ_WIN) { /* neither end wraps */
            uint8_t* d = z->win + z->wpos;
            const uint8_t* f = z->win + from;
            z->wpos = (z->wpos + len) & (KINF__GZ_WIN - 1u);
            if (dist >= len) { memmove(d, f, len); } /* a distance near the window's size reads just ahead of d */
            else { while (len--) { *d++ = *f++; } } /* overlapping: a run, byte after byte */
            continue;
        }
        while (len--) {
            z->win[z->wpos] = z->win[from];
            z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); from = (from + 1u) & (KINF__GZ_WIN - 1u);
        }
    }
    if (r) { return r; }
    in -= bc >> 3; /* whole bytes not used: back to the input */
    bc &= 7u;
    z->bb = (uint32_t)(bb & ((1u << bc) - 1u)); z->bc = bc;
    z->in = in;
    if (ended) { kinf__gz_block_end(z); }
    return 0;
}
/* Inflates in[0..n): *used gets the bytes taken (all of them, unless the
   window filled with bytes not taken yet, or the stream ended). Returns
   KINF__GZ_OK (more input, or room, wanted), KINF__GZ_END, or a KINF__GZ_E*. */
static int kinf__gz_inflate(kinf__gz* z, const uint8_t* in, size_t n, size_t* used) {
    int r = KINF__GZ_OK, c, s;
    uint32_t i;
    z->in = in; z->end = in + n;
    for (;;) {
        switch (z->st) {
        case KINF__GZS_HEAD: /* ID1 ID2 CM FLG MTIME(4) XFL OS */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            if ((z->n == 0 && c != 0x1f) || (z->n == 1 && c != 0x8b)) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "not a gzip stream (bad magic)"); goto out; }
            if (z->n == 2 && c != 8) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "compression method is not deflate"); goto out; }
            if (z->n == 3) {
                if (c & 0xe0) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "reserved header flag set"); goto out; }
                z->flg = (uint8_t)c;
            }
            if (++z->n == 10u) { z->n = 0; z->acc = 0; z->st = KINF__GZS_XLEN; }
            break;
        case KINF__GZS_XLEN: /* FEXTRA: XLEN, then that many bytes */
            if (!(z->flg & 4u)) { z->st = KINF__GZS_NAME; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 2u) { z->n = 0; z->st = KINF__GZS_EXTRA; }
            break;
        case KINF__GZS_EXTRA:
            if (!z->acc) { z->st = KINF__GZS_NAME; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            z->acc--;
            break;
        case KINF__GZS_NAME: /* FNAME, FCOMMENT: zero-terminated, skipped */
        case KINF__GZS_COMMENT:
            if (!(z->flg & (z->st == KINF__GZS_NAME ? 8u : 16u))) { z->st++; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->hcrc = kinf__gz_crc_byte(z, z->hcrc, (uint8_t)c);
            if (c == 0) { z->st++; z->n = 0; z->acc = 0; }
            break;
        case KINF__GZS_HCRC: /* FHCRC: the low 16 bits of the header's CRC-32 */
            if (!(z->flg & 2u)) { z->st = KINF__GZS_BLOCK; break; }
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 2u) {
                if (z->acc != (~z->hcrc & 0xffffu)) { r = kinf__gz_fail(z, KINF__GZ_EHEAD, "header CRC mismatch"); goto out; }
                z->st = KINF__GZS_BLOCK;
            }
            break;
        case KINF__GZS_BLOCK: /* BFINAL, BTYPE */
            if (!kinf__gz_need(z, 3u)) { goto out; }
            z->last = (uint8_t)kinf__gz_bits(z, 1u);
            c = (int)kinf__gz_bits(z, 2u);
            if (c == 0) { kinf__gz_bits(z, z->bc & 7u); z->st = KINF__GZS_STORED_LEN; z->n = z->acc = 0; }
            else if (c == 1) { /* the fixed codes (RFC 1951 3.2.6); 286, 287, 30 and 31 decode but are refused */
                for (i = 0; i < 288u; i++) { z->lens[i] = (uint8_t)(i < 144u ? 8 : i < 256u ? 9 : i < 280u ? 7 : 8); }
                kinf__gz_build(z->lcnt, z->lsym, z->lens, 288u, z->lfast);
                for (i = 0; i < 32u; i++) { z->lens[i] = 5; }
                kinf__gz_build(z->dcnt, z->dsym, z->lens, 32u, z->dfast);
                z->st = KINF__GZS_CODES;
            } else if (c == 2) { z->st = KINF__GZS_DYN; }
            else { r = kinf__gz_fail(z, KINF__GZ_EDATA, "block type 3 (reserved)"); goto out; }
            break;
        case KINF__GZS_STORED_LEN: /* LEN, NLEN */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            z->acc |= (uint32_t)c << (8u * z->n);
            if (++z->n == 4u) {
                z->len = z->acc & 0xffffu;
                if ((z->acc >> 16) != (~z->len & 0xffffu)) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "stored block length does not match its complement"); goto out; }
                if (z->len) { z->st = KINF__GZS_STORED; } else { kinf__gz_block_end(z); }
            }
            break;
        case KINF__GZS_STORED: { /* the bit buffer is empty here: bytes straight from the input */
            size_t k = (size_t)(z->end - z->in), room = KINF__GZ_WIN - z->pend, tail = KINF__GZ_WIN - z->wpos;
            if (k > z->len) { k = z->len; }
            if (k > room) { k = room; }
            if (k > tail) { k = tail; }
            if (!k) { goto out; }
            memcpy(z->win + z->wpos, z->in, k);
            z->in += k; z->len -= (uint32_t)k;
            z->wpos = (z->wpos + (uint32_t)k) & (KINF__GZ_WIN - 1u); z->pend += (uint32_t)k; z->outn += k;
            if (!z->len) { kinf__gz_block_end(z); }
            break;
        }
        case KINF__GZS_DYN: /* HLIT, HDIST, HCLEN */
            if (!kinf__gz_need(z, 14u)) { goto out; }
            z->nlen = kinf__gz_bits(z, 5u) + 257u; z->ndist = kinf__gz_bits(z, 5u) + 1u; z->ncode = kinf__gz_bits(z, 4u) + 4u;
            if (z->nlen > 286u || z->ndist > 30u) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "too many length or distance codes"); goto out; }
            memset(z->lens, 0, 19u);
            z->n = 0; z->st = KINF__GZS_CLENS;
            break;
        case KINF__GZS_CLENS:
            if (z->n < z->ncode) {
                if (!kinf__gz_need(z, 3u)) { goto out; }
                z->lens[kinf__gz_clorder[z->n++]] = (uint8_t)kinf__gz_bits(z, 3u);
                break;
            }
            if (kinf__gz_build(z->ccnt, z->csym, z->lens, 19u, 0) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad code lengths code"); goto out; }
            memset(z->lens, 0, sizeof(z->lens));
            z->n = 0; z->st = KINF__GZS_LENS;
            break;
        case KINF__GZS_LENS:
            if (z->n < z->nlen + z->ndist) {
                if ((s = kinf__gz_decode(z, z->ccnt, z->csym)) == -1) { goto out; }
                if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad code length code"); goto out; }
                if (s < 16) { z->lens[z->n++] = (uint8_t)s; }
                else { z->sym = (uint32_t)s; z->st = KINF__GZS_LENS_EXTRA; }
                break;
            }
            if (!z->lens[256]) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "no end-of-block code"); goto out; }
            if (kinf__gz_build(z->lcnt, z->lsym, z->lens, z->nlen, z->lfast) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code lengths"); goto out; }
            if (kinf__gz_build(z->dcnt, z->dsym, z->lens + z->nlen, z->ndist, z->dfast) != 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code lengths"); goto out; }
            z->st = KINF__GZS_CODES;
            break;
        case KINF__GZS_LENS_EXTRA: { /* 16: the last length 3-6 times; 17: 3-10 zeros; 18: 11-138 zeros */
            uint32_t nb = z->sym == 16u ? 2u : z->sym == 17u ? 3u : 7u, rep, v = 0;
            if (!kinf__gz_need(z, nb)) { goto out; }
            rep = kinf__gz_bits(z, nb) + (z->sym == 18u ? 11u : 3u);
            if (z->sym == 16u) {
                if (!z->n) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length repeat with no length before it"); goto out; }
                v = z->lens[z->n - 1u];
            }
            if (z->n + rep > z->nlen + z->ndist) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "code lengths run past their count"); goto out; }
            while (rep--) { z->lens[z->n++] = (uint8_t)v; }
            z->st = KINF__GZS_LENS;
            break;
        }
        case KINF__GZS_CODES:
            if (!z->hlen && z->end - z->in >= 8 && z->pend <= KINF__GZ_WIN - 258u) {
                const uint8_t* at = z->in;
                uint64_t o0 = z->outn;
                if ((r = kinf__gz_fast(z)) != 0) { goto out; }
                if (z->in != at || z->outn != o0 || z->st != KINF__GZS_CODES) { break; }
            }
            if (z->pend == KINF__GZ_WIN) { goto out; } /* the window is all untaken output */
            if ((s = kinf__gz_decode(z, z->lcnt, z->lsym)) == -1) { goto out; }
            if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad literal/length code"); goto out; }
            if (s < 256) { kinf__gz_put(z, (uint32_t)s); }
            else if (s == 256) { kinf__gz_block_end(z); }
            else if (s > 285) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "length symbol 286 or 287"); goto out; }
            else { z->sym = (uint32_t)s - 257u; z->st = KINF__GZS_LEN_EXTRA; }
            break;
        case KINF__GZS_LEN_EXTRA:
            if (!kinf__gz_need(z, kinf__gz_lext[z->sym])) { goto out; }
            z->len = kinf__gz_lbase[z->sym] + kinf__gz_bits(z, kinf__gz_lext[z->sym]);
            z->st = KINF__GZS_DIST;
            break;
        case KINF__GZS_DIST:
            if ((s = kinf__gz_decode(z, z->dcnt, z->dsym)) == -1) { goto out; }
            if (s < 0) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "bad distance code"); goto out; }
            if (s > 29) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance symbol 30 or 31"); goto out; }
            z->sym = (uint32_t)s; z->st = KINF__GZS_DIST_EXTRA;
            break;
        case KINF__GZS_DIST_EXTRA:
            if (!kinf__gz_need(z, kinf__gz_dext[z->sym])) { goto out; }
            z->dist = kinf__gz_dbase[z->sym] + kinf__gz_bits(z, kinf__gz_dext[z->sym]);
            if (z->dist > z->outn) { r = kinf__gz_fail(z, KINF__GZ_EDATA, "distance beyond the output so far"); goto out; }
            z->st = KINF__GZS_COPY;
            break;
        case KINF__GZS_COPY: {
            uint32_t k = KINF__GZ_WIN - z->pend, from = (z->wpos - z->dist) & (KINF__GZ_WIN - 1u);
            if (!k) { goto out; }
            if (k > z->len) { k = z->len; }
            z->len -= k; z->pend += k; z->outn += k;
            while (k--) {
                z->win[z->wpos] = z->win[from];
                z->wpos = (z->wpos + 1u) & (KINF__GZ_WIN - 1u); from = (from + 1u) & (KINF__GZ_WIN - 1u);
            }
            if (!z->len) { z->st = KINF__GZS_CODES; }
            break;
        }
        case KINF__GZS_TRAILER: /* CRC32, ISIZE */
            if ((c = kinf__gz_byte(z)) < 0) { goto out; }
            if (z->n < 4u) { z->acc |= (uint32_t)c << (8u * z->n); } else { z->acc2 |= (uint32_t)c << (8u * (z->n - 4u)); }
            if (++z->n == 8u) {
                kinf__gz_crc_catch_up(z);
                if (z->acc != ~z->crc) { r = kinf__gz_fail(z, KINF__GZ_ECHECK, "CRC-32 mismatch"); goto out; }
                if (z->acc2 != (uint32_t)z->outn) { r = kinf__gz_fail(z, KINF__GZ_ECHECK, "ISIZE (length mod 2^32) mismatch"); goto out; }
                z->st = KINF__GZS_DONE;
            }
            break;
        case KINF__GZS_DONE: /* one member: anything after it is refused */
            if (z->in != z->end) { r = kinf__gz_fail(z, KINF__GZ_ETRAIL, "data after the gzip trailer"); goto out; }
            r = KINF__GZ_END;
            goto out;
        default: /* KINF__GZS_FAILED */
            r = z->err;
            goto out;
        }
    }
out:
    kinf__gz_crc_catch_up(z);
    *used = (size_t)(z->in - in);
    z->inn += *used;
    z->in = z->end = 0;
    return r;
}
/* The inflated bytes not taken yet, as much of them as lies in one piece. */
static size_t kinf__gz_out(const kinf__gz* z, const uint8_t** p) {
    uint32_t start = (z->wpos - z->pend) & (KINF__GZ_WIN - 1u), k = z->pend;
    if (k > KINF__GZ_WIN - start) { k = KINF__GZ_WIN - start; }
    *p = z->win + start;
    return k;
}
static void kinf__gz_take(kinf__gz* z, size_t n) { z->pend -= (uint32_t)n; }
#endif /* KINF_NO_GZIP */

