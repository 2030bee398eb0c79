/* >>snapshot  the store to a snapshot and back, through the caller's
   functions (the engine's part), and a file written atomically (the
   driver's). The format, little-endian (docs/snapshot.md):
     "KINFSNAP" u32 version (2), u32 0x01020304 in the writer's byte order,
     u8 sizeof(void*), u8 sizeof(size_t), u16 0, u64 write time (unix ms),
     u64 FNV-1a of the projection rules, u32 objects, u32 0 (reserved),
     u16 length + bytes each: server (host:port), resource path (with the
     namespace), label selector, field selector, last resourceVersion;
     per object: u8 flags, u8 namespace, u16 name, u8 uid, u8 resourceVersion,
     u32 JSON lengths, then those bytes;
     u64 XXH64 (seed 0) of every byte before it, and nothing after. */
#ifndef KINF_NO_SNAPSHOT
#define KINF__SNAP_VERSION 2u
#define KINF__SNAP_HEAD 44u           /* the fixed part of the header */
/* XXH64, seed 0 (xxHash's 64-bit hash; its spec, written anew), streaming:
   32-byte stripes in four lanes, what is short of a stripe kept in mem */
#define KINF__XP1 0x9e3779b185ebca87ull
#define KINF__XP2 0xc2b2ae3d27d4eb4full
#define KINF__XP3 0x165667b19e3779f9ull
#define KINF__XP4 0x85ebca77c2b2ae63ull
#define KINF__XP5 0x27d4eb2f165667c5ull
typedef struct kinf__xxh { uint64_t v[4], total; uint8_t mem[32]; size_t nmem; } kinf__xxh;
static uint64_t kinf__rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t kinf__rd64(const uint8_t* p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
           (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}
static uint64_t kinf__xxh_round(uint64_t acc, uint64_t in) { return kinf__rotl64(acc + in * KINF__XP2, 31) * KINF__XP1; }
static void kinf__xxh_init(kinf__xxh* h) {
    h->v[0] = KINF__XP1 + KINF__XP2; h->v[1] = KINF__XP2; h->v[2] = 0; h->v[3] = 0 - KINF__XP1;
    h->total = 0; h->nmem = 0;
}
/* the whole stripes of p..p+n; the bytes left over */
static size_t kinf__xxh_stripes(kinf__xxh* h, const uint8_t* p, size_t n) {
    uint64_t a = h->v[0], b = h->v[1], c = h->v[2], d = h->v[3];
    for (; n >= 32; p += 32, n -= 32) {
        a = kinf__xxh_round(a, kinf__rd64(p)); b = kinf__xxh_round(b, kinf__rd64(p + 8));
        c = kinf__xxh_round(c, kinf__rd64(p + 16)); d = kinf__xxh_round(d, kinf__rd64(p + 24));
    }
    h->v[0] = a; h->v[1] = b; h->v[2] = c; h->v[3] = d;
    return n;
}
static void kinf__xxh_update(kinf__xxh* h, const uint8_t* p, size_t n) {
    size_t k;
    h->total += n;
    if (h->nmem) {
        k = 32 - h->nmem < n ? 32 - h->nmem : n;
        memcpy(h->mem + h->nmem, p, k);
        h->nmem += k; p += k; n -= k;
        if (h->nmem < 32) { return; }
        kinf__xxh_stripes(h, h->mem, 32);
        h->nmem = 0;
    }
    k = kinf__xxh_stripes(h, p, n);
    if (k) { memcpy(h->mem, p + n - k, k); }
    h->nmem = k;
}
static uint64_t kinf__xxh_digest(const kinf__xxh* h) {
    const uint8_t* p = h->mem;
    size_t n = h->nmem;
    uint64_t x;
    int i;
    if (h->total >= 32) {
        x = kinf__rotl64(h->v[0], 1) + kinf__rotl64(h->v[1], 7) + kinf__rotl64(h->v[2], 12) + kinf__rotl64(h->v[3], 18);
        for (i = 0; i < 4; i++) { x = (x ^ kinf__xxh_round(0, h->v[i])) * KINF__XP1 + KINF__XP4; }
    } else {
        x = KINF__XP5;
    }
    x += h->total;
    for (; n >= 8; p += 8, n -= 8) { x = kinf__rotl64(x ^ kinf__xxh_round(0, kinf__rd64(p)), 27) * KINF__XP1 + KINF__XP4; }
    if (n >= 4) {
        x = kinf__rotl64(x ^ ((uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24) * KINF__XP1, 23) * KINF__XP2 + KINF__XP3;
        p += 4; n -= 4;
    }
    for (; n; p++, n--) { x = kinf__rotl64(x ^ *p * KINF__XP5, 11) * KINF__XP1; }
    x ^= x >> 33; x *= KINF__XP2; x ^= x >> 29; x *= KINF__XP3; x ^= x >> 32;
    return x;
}
/* what the kept and dropped paths are, as one number */
static uint64_t kinf__snap_rules_hash(const kinf_informer_t* inf) {
    const kinf__rules* r = &inf->rules;
    uint64_t h = 0xcbf29ce484222325ull;
    int i, k, j;
    for (k = 0; k < 2; k++) {
        const kinf__rule* set = k ? r->drop : r->keep;
        int n = k ? r->ndrop : r->nkeep;
        h = kinf__fnv64(h, k ? "D" : "K", 1);
        for (i = 0; i < n; i++) {
            uint8_t ns = set[i].nseg;
            h = kinf__fnv64(h, &ns, 1);
            for (j = 0; j < set[i].nseg; j++) { h = kinf__fnv64(h, r->buf + set[i].off[j], set[i].len[j]); h = kinf__fnv64(h, "", 1); }
        }
    }
    return h;
}
static void kinf__le_put(uint8_t* p, uint64_t v, int n) { int i; for (i = 0; i < n; i++) { p[i] = (uint8_t)(v >> (8 * i)); } }
static uint64_t kinf__le_get(const uint8_t* p, int n) { uint64_t v = 0; int i; for (i = n - 1; i >= 0; i--) { v = (v << 8) | p[i]; } return v; }
/* the fixed header of this informer, as written (count and time apart) */
static void kinf__snap_head(const kinf_informer_t* inf, uint8_t* h, uint64_t unix_ms, uint32_t count) {
    uint32_t bom = 0x01020304u;
    memcpy(h, "KINFSNAP", 8);
    kinf__le_put(h + 8, KINF__SNAP_VERSION, 4);
    memcpy(h + 12, &bom, 4);
    h[16] = (uint8_t)sizeof(void*); h[17] = (uint8_t)sizeof(size_t); h[18] = h[19] = 0;
    kinf__le_put(h + 20, unix_ms, 8);
    kinf__le_put(h + 28, kinf__snap_rules_hash(inf), 8);
    kinf__le_put(h + 36, count, 4);
    memset(h + 40, 0, 4);
}
/* the header's strings: what the informer was made for, then its RV */
static const char* kinf__snap_str(const kinf_informer_t* inf, int i) {
    return i == 0 ? inf->conn.hosthdr : i == 1 ? inf->path : i == 2 ? inf->lsel : i == 3 ? inf->fsel : inf->last_rv;
}
static const char* const kinf__snap_str_name[5] = { "server ", "resource ", "label selector ", "field selector ", "resourceVersion " };

/* The writer: pieces gathered in a buffer on the stack, the hash over all. */
typedef struct kinf__snap_w {
    kinf_snapshot_write_fn fn;
    void* user;
    kinf__xxh h;
    size_t n, total;
    int err;
    uint64_t sum;                 /* the image's checksum, once written */
    uint8_t buf[2048];
} kinf__snap_w;
static void kinf__snap_flush(kinf__snap_w* w) {
    if (w->n && !w->err && w->fn(w->buf, w->n, w->user) != 0) { w->err = 1; }
    w->n = 0;
}
static void kinf__snap_put(kinf__snap_w* w, const void* p, size_t n) {
    kinf__xxh_update(&w->h, (const uint8_t*)p, n);
    w->total += n;
    if (n > sizeof(w->buf) - w->n) {
        kinf__snap_flush(w);
        if (n > sizeof(w->buf)) { if (!w->err && w->fn(p, n, w->user) != 0) { w->err = 1; } return; }
    }
    memcpy(w->buf + w->n, p, n);
    w->n += n;
}
/* the object record of slot s: flags, lengths, then the bytes */
static void kinf__snap_put_obj(kinf_informer_t* inf, kinf__snap_w* w, int32_t s) {
    kinf_object_t o;
    uint8_t r[10];
    size_t nl, ul, rl, nsl;
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    nsl = strlen(o.namespace_); nl = strlen(o.name); ul = strlen(o.uid); rl = strlen(o.resource_version);
    r[0] = (uint8_t)(o.flags & KINF_OBJ_IDENTITY_ONLY);
    r[1] = (uint8_t)nsl; kinf__le_put(r + 2, nl, 2); r[4] = (uint8_t)ul; r[5] = (uint8_t)rl;
    kinf__le_put(r + 6, o.json_len, 4);
    kinf__snap_put(w, r, sizeof(r));
    kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
    kinf__snap_put(w, o.uid, ul); kinf__snap_put(w, o.resource_version, rl);
    kinf__snap_put(w, o.json, o.json_len);
}
static int kinf__snap_emit(kinf_informer_t* inf, uint64_t unix_ms, kinf__snap_w* w) {
    uint8_t h[KINF__SNAP_HEAD];
    int32_t s;
    int i;
    kinf__snap_head(inf, h, unix_ms, (uint32_t)inf->nlive);
    kinf__snap_put(w, h, sizeof(h));
    for (i = 0; i < 5; i++) {
        const char* str = kinf__snap_str(inf, i);
        size_t l = strlen(str);
        uint8_t b[2];
        kinf__le_put(b, l, 2);
        kinf__snap_put(w, b, 2);
        kinf__snap_put(w, str, l);
    }
    for (s = 0; s < inf->slot_hi && !w->err; s++) {
        if (kinf__store_visible(inf, s)) { kinf__snap_put_obj(inf, w, s); }
    }
    {
        uint8_t c[8];
        w->sum = kinf__xxh_digest(&w->h);
        kinf__le_put(c, w->sum, 8);
        kinf__snap_put(w, c, 8);
    }
    kinf__snap_flush(w);
    return w->err ? -1 : 0;
}

/* The reader: the caller's bytes through rbuf (free before the start), or
   the caller's memory itself (fn NULL, b the snapshot, end its length). */
typedef struct kinf__snap_r {
    kinf_informer_t* inf;
    kinf_snapshot_read_fn fn;
    void* user;
    const uint8_t* b;
    kinf__xxh h;
    size_t pos, end;
    int io;                       /* fn failed */
    int unhashed;                 /* a journal record, its checksum already checked: not hashed again */
    size_t drop;                  /* bytes rbuf has moved off its front: pos + drop counts from the start */
    uint64_t sum;                 /* the image's checksum, once read */
} kinf__snap_r;
/* The next n bytes where they are: in the caller's memory, or in rbuf, read
   on behind the ones there (n at most rcap) with no copy but of that rest;
   0 as kinf__snap_get. */
static const uint8_t* kinf__snap_span(kinf__snap_r* r, size_t n) {
    uint8_t* b = r->inf->conn.rbuf;
    const uint8_t* p;
    if (r->end - r->pos < n) {
        if (!r->fn) { return 0; }
        memmove(b, r->b + r->pos, r->end - r->pos);   /* r->b is rbuf, or the event buffer with a journal record's head */
        r->b = b;
        r->end -= r->pos; r->drop += r->pos; r->pos = 0;
        while (r->end < n) {
            long got = r->fn(b + r->end, r->inf->conn.rcap - r->end, r->user);
            if (got < 0) { r->io = 1; return 0; }
            if (got == 0) { return 0; }
            r->end += (size_t)got > r->inf->conn.rcap - r->end ? r->inf->conn.rcap - r->end : (size_t)got;
        }
    }
    p = r->b + r->pos;
    if (!r->unhashed) { kinf__xxh_update(&r->h, p, n); }
    r->pos += n;
    return p;
}
/* n bytes to dst, through rbuf a piece at a time: 1, or 0 at the end of the
   bytes (truncated) or an error. */
static int kinf__snap_get(kinf__snap_r* r, void* dst, size_t n) {
    uint8_t* d = (uint8_t*)dst;
    while (n) {
        size_t k = r->fn && n > r->inf->conn.rcap ? r->inf->conn.rcap : n;
        const uint8_t* p = kinf__snap_span(r, k);
        if (!p) { return 0; }
        memmove(d, p, k);         /* into the event buffer from the event buffer (a journal record's head), lower */
        d += k; n -= k;
    }
    return 1;
}
/* Empties the store the load filled (it was empty before). */
static void kinf__snap_clear(kinf_informer_t* inf) {
    int32_t s;
    inf->fh = inf->ft = -1; inf->flen = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags & KINF__F_LIVE) { inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING; kinf__slot_free(inf, s); }
    }
    inf->nlive = 0;
    kinf__arena_reset(inf);
    inf->last_rv[0] = 0;
}
/* a string of the snapshot: no NUL, shorter than cap */
static int kinf__snap_text(const char* s, size_t n) { return memchr(s, 0, n) == 0; }
/* One object record into the store: a new key, or (replace, a journal's
   upsert) a key that may be there already; the item that refuses it, or 0. */
static uint32_t kinf__snap_obj(kinf_informer_t* inf, kinf__snap_r* r, int replace, char* det, size_t dcap) {
    uint8_t rec[10];
    char ns[KINF__MAX_NAME], name[KINF__MAX_NAME], uid[KINF__MAX_UID], rv[KINF__MAX_RV], key[KINF__MAX_KEY];
    const uint8_t* js;
    size_t nsl, nl, ul, rl, jl, kl;
    uint64_t dropped = inf->st.dropped;
    uint32_t ref, hh;
    int32_t s;
    if (!kinf__snap_get(r, rec, sizeof(rec))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    nsl = rec[1]; nl = (size_t)kinf__le_get(rec + 2, 2); ul = rec[4]; rl = rec[5]; jl = (size_t)kinf__le_get(rec + 6, 4);
    if ((rec[0] & ~(unsigned)KINF_OBJ_IDENTITY_ONLY) || !nl || nl >= sizeof(name) || ul >= sizeof(uid) || !rl || rl >= sizeof(rv)) {
        kinf__strlcpy(det, "object record", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    if (jl >= inf->max_event_bytes) { kinf__strlcpy(det, "an object larger than max_event_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    if (!kinf__snap_get(r, ns, nsl) || !kinf__snap_get(r, name, nl) || !kinf__snap_get(r, uid, ul) ||
        !kinf__snap_get(r, rv, rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    /* the JSON where it was read when it fits the read buffer (no copy) */
    js = jl <= inf->conn.rcap || !r->fn || r->end - r->pos >= jl ? kinf__snap_span(r, jl) : kinf__snap_get(r, inf->ev, jl) ? inf->ev : 0;
    if (!js) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    if (!kinf__snap_text(ns, nsl) || !kinf__snap_text(name, nl) || !kinf__snap_text(uid, ul) || !kinf__snap_text(rv, rl) ||
        memchr(ns, '/', nsl) || memchr(name, '/', nl) || jl < 2 || js[0] != '{' || js[jl - 1] != '}' ||
        memchr(js, 0, jl)) {
        kinf__strlcpy(det, "object", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    ns[nsl] = 0; name[nl] = 0; uid[ul] = 0; rv[rl] = 0;
    kl = kinf__key_put(key, ns, nsl, name, nl);
    key[kl] = 0;
    hh = kinf__fnv(key, kl);
    s = kinf__hash_find(inf, key, kl, hh);
    if (s >= 0 && !replace) { kinf__strlcpy(det, "a key twice", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    ref = kinf__blk_make(inf, ns, name, uid, rv, js, jl, (uint32_t)rec[0] | KINF_OBJ_FROM_SNAPSHOT);
    if (!ref) { kinf__strlcpy(det, "store_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    kinf__store_upsert(inf, s, ref, hh);
    if (inf->st.dropped != dropped) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    return 0;
}
/* Reads the whole snapshot into the store; the item that refuses it, or 0. */
static uint32_t kinf__snap_read(kinf_informer_t* inf, kinf__snap_r* r, char* det, size_t dcap) {
    uint8_t h[KINF__SNAP_HEAD], mine[KINF__SNAP_HEAD];
    char str[KINF__MAX_STR];
    uint32_t count, i;
    uint64_t sum;
    int k;
    det[0] = 0;
    if (!kinf__snap_get(r, h, sizeof(h))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    kinf__snap_head(inf, mine, 0, 0);
    if (memcmp(h, mine, 8)) { kinf__strlcpy(det, "not a snapshot", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (memcmp(h + 8, mine + 8, 4)) { kinf__strlcpy(det, "format version", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 12, mine + 12, 8)) { kinf__strlcpy(det, "byte order or word size", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 28, mine + 28, 8)) { kinf__strlcpy(det, "projection (keep/drop paths)", dcap); return KINF_LOGITEM_SNAPSHOT_FOREIGN; }
    if (memcmp(h + 40, mine + 40, 4)) { kinf__strlcpy(det, "reserved bytes", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    count = (uint32_t)kinf__le_get(h + 36, 4);
    for (k = 0; k < 5; k++) {
        uint8_t b[2];
        size_t l;
        if (!kinf__snap_get(r, b, 2)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        l = (size_t)kinf__le_get(b, 2);
        if (l >= (k == 4 ? (size_t)KINF__MAX_RV : sizeof(str))) { kinf__strlcpy(det, kinf__snap_str_name[k], dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (!kinf__snap_get(r, str, l)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        str[l] = 0;
        if (k < 4 && (strlen(kinf__snap_str(inf, k)) != l || memcmp(str, kinf__snap_str(inf, k), l))) {
            kinf__strlcpy(det, kinf__snap_str_name[k], dcap);
            kinf__log_put(det, dcap, strlen(det), str, 1);
            return KINF_LOGITEM_SNAPSHOT_FOREIGN;
        }
        if (k == 4) {
            if (!l || !kinf__snap_text(str, l)) { kinf__strlcpy(det, "resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
            memcpy(inf->last_rv, str, l + 1);
        }
    }
    if (count > (uint32_t)inf->max_objects) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    for (i = 0; i < count; i++) {
        uint32_t item = kinf__snap_obj(inf, r, 0, det, dcap);
        if (item) { return item; }
        if (inf->nlive != (int)i + 1) { kinf__strlcpy(det, "objects", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    }
    sum = kinf__xxh_digest(&r->h);
    {
        uint8_t c[8], extra;
        if (!kinf__snap_get(r, c, 8)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        if (kinf__le_get(c, 8) != sum) { kinf__strlcpy(det, "checksum", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        r->sum = sum;
        if (kinf__snap_get(r, &extra, 1)) { kinf__strlcpy(det, "bytes after the end", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (r->io) { return KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    }
    inf->snap_time = kinf__le_get(h + 20, 8);
    return 0;
}

static int kinf__snap_count(const void* data, size_t len, void* user) { (void)data; (void)len; (void)user; return 0; }
/* The snapshot through fn: 0, or -1 when fn gave up (nothing logged). */
static int kinf__snap_stream(kinf_informer_t* inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user) {
    kinf__snap_w w;
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = fn; w.user = user;
    kinf__xxh_init(&w.h);
    return kinf__snap_emit(inf, unix_ms, &w);
}
/* The file has every change now: the store is clean. */
static void kinf__snap_written_now(kinf_informer_t* inf) {
    inf->snap_dirty = 0;
    inf->snap_written = 1;
    inf->snap_write_at = inf->conn.now;
}
/* A whole image is written (or loaded): no slot is dirty, the tombstones
   go, and the visible keys are SAVED when a journal is to follow it
   (saved 1, the file's image); the caller's own write has none (0). */
static void kinf__snap_clean(kinf_informer_t* inf, int saved) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); continue; }
        kinf__base_release(inf, s);
        kinf__slot_j(&inf->slots[s], saved && kinf__store_visible(inf, s) ? KINF__J_SAVED : 0);
    }
    inf->snap_need_image = 0;
    inf->snap_jbase_ok = (uint8_t)saved;
    kinf__snap_written_now(inf);
}

/* >>snapshot journal  the changes since the image, appended to path.journal:
     header (32 bytes): "KINFJRNL", u32 version (1), u32 0x01020304 in the
     writer's byte order, u64 the XXH64 trailer of the image it follows,
     u64 XXH64 of the 24 bytes before it;
     a record per append: u32 payload length, the payload, u64 XXH64 of the
     length and the payload; the payload: u64 write time (unix ms), u16 +
     bytes the last resourceVersion, u32 changes, then each change: 'D', u8
     namespace length, u16 name length, the two; or 'U' and an object record
     as in the image; or 'E', an edit of the version the file holds: u8
     flags (KINF__JE_SAME_UID: the uid is that version's, and not written),
     u8 namespace, u16 name, u8 uid, u8 resourceVersion lengths, u32 the new
     JSON's length, u32 the script's, those bytes, then the script: ops, each
     a LEB128 of n << 2 | op: copy n bytes of the old JSON, skip n of them,
     or insert the n bytes that follow. Deletes come first: a key deleted
     and made again between two appends ends made. Only the file helpers
     use it. */
#ifndef KINF_ENGINE_ONLY
#define KINF__JRNL_VERSION 2u
#define KINF__JRNL_HEAD 32u
/* An image instead of an append when the journal's weight would pass
   KINF__JRNL_PCT % of the image's bytes. Its weight is what its replay
   costs at a warm start, in bytes of an image loaded in the same time: its
   bytes, and KINF__JRNL_KEY for each change (a key looked up, and its block
   edited in place or freed). */
#ifndef KINF__JRNL_PCT
#define KINF__JRNL_PCT 15u
#endif
#ifndef KINF__JRNL_KEY
#define KINF__JRNL_KEY 128u
#endif
static uint64_t kinf__jrnl_weight(uint64_t bytes, uint64_t changes) { return bytes + changes * KINF__JRNL_KEY; }
enum { KINF__JOP_DEL = 'D', KINF__JOP_UPS = 'U', KINF__JOP_EDIT = 'E' };

/* >>snapshot journal edits  A changed object as an edit of the version the
   file holds (its base): the copies that make the new JSON of the old one,
   ascending in both, at most KINF__JE_MAXCOPY. Found in bounded time and
   memory: the common prefix and suffix, then, in the middle, at each place
   of the new JSON, a run of KINF__JE_MIN bytes of the old one at the place
   a substitution or an insertion would leave it, or where a small table of
   the old middle's runs (the first place of each hash) says, extended both
   ways; a run before the last copy's end is not taken (the copies stay in
   order, which lets the load apply an edit in place). */
#define KINF__JE_MAXCOPY 32u
#define KINF__JE_MIN 8u
#define KINF__JE_TAB 1024u
enum { KINF__JE_COPY = 0, KINF__JE_SKIP = 1, KINF__JE_INS = 2 };
enum { KINF__JE_SAME_UID = 0x80 };    /* an edit's flags: the uid is the base's */
typedef struct kinf__jedit {
    uint32_t n, o[KINF__JE_MAXCOPY], d[KINF__JE_MAXCOPY], len[KINF__JE_MAXCOPY];    /* copies: old, new, length */
    uint32_t ni, io[KINF__JE_MAXCOPY + 1u], id[KINF__JE_MAXCOPY + 1u], ilen[KINF__JE_MAXCOPY + 1u]; /* inserts, at load */
} kinf__jedit;
static uint32_t kinf__je_hash(const uint8_t* p) {
    uint64_t x;
    memcpy(&x, p, 8);
    return (uint32_t)((x * KINF__XP1) >> 54);        /* 10 bits: KINF__JE_TAB */
}
static void kinf__je_add(kinf__jedit* e, size_t o, size_t d, size_t len) {
    e->o[e->n] = (uint32_t)o; e->d[e->n] = (uint32_t)d; e->len[e->n] = (uint32_t)len;
    e->n++;
}
/* the copies that make b (bl bytes) of a (al bytes) */
static void kinf__je_diff(const uint8_t* a, size_t al, const uint8_t* b, size_t bl, kinf__jedit* e) {
    uint32_t tab[KINF__JE_TAB];
    size_t p = 0, sfx = 0, ae, be, oc, j, lit, i;
    e->n = 0;
    while (p < al && p < bl && a[p] == b[p]) { p++; }
    while (sfx < al - p && sfx < bl - p && a[al - 1u - sfx] == b[bl - 1u - sfx]) { sfx++; }
    if (p) { kinf__je_add(e, 0, 0, p); }
    ae = al - sfx; be = bl - sfx;
    if (ae - p >= KINF__JE_MIN && be - p >= KINF__JE_MIN) {
        memset(tab, 0, sizeof(tab));
        for (i = ae - KINF__JE_MIN + 1u; i > p; i--) { tab[kinf__je_hash(a + i - 1u)] = (uint32_t)i; } /* place + 1, the first wins */
        oc = j = lit = p;
        while (be - j >= KINF__JE_MIN && e->n < KINF__JE_MAXCOPY - 1u) {
            size_t c[3], at = 0, len;
            int k, found = 0;
            c[0] = oc + (j - lit); c[1] = oc; c[2] = tab[kinf__je_hash(b + j)];
            c[2] = c[2] ? c[2] - 1u : 0;
            for (k = 0; k < 3 && !found; k++) {
                at = c[k];
                found = at >= oc && at <= ae && ae - at >= KINF__JE_MIN && !memcmp(a + at, b + j, KINF__JE_MIN);
            }
            if (!found) { j++; continue; }
            while (at > oc && j > lit && a[at - 1u] == b[j - 1u]) { at--; j--; }
            for (len = 0; at + len < ae && j + len < be && a[at + len] == b[j + len]; len++) {}
            kinf__je_add(e, at, j, len);
            oc = at + len; j += len; lit = j;
        }
    }
    if (sfx) { kinf__je_add(e, ae, be, sfx); }
}
static size_t kinf__je_varint(uint8_t* p, uint64_t v) {
    size_t n = 0;
    while (v >= 0x80u) { p[n++] = (uint8_t)(v | 0x80u); v >>= 7; }
    p[n++] = (uint8_t)v;
    return n;
}
/* The script of edit e (b, the new JSON of bl bytes, of al old ones) through
   w, or only its length when w is 0: skip, insert, copy for each copy, and
   a skip and an insert for what is after the last. */
static size_t kinf__je_script(const kinf__jedit* e, const uint8_t* b, size_t al, size_t bl, kinf__snap_w* w) {
    size_t oc = 0, dc = 0, total = 0;
    uint32_t k;
    for (k = 0; k <= e->n; k++) {
        size_t o = k < e->n ? e->o[k] : al, d = k < e->n ? e->d[k] : bl, len = k < e->n ? e->len[k] : 0;
        uint8_t v[3][10];
        size_t n[3];
        n[0] = o > oc ? kinf__je_varint(v[0], (uint64_t)(o - oc) << 2 | KINF__JE_SKIP) : 0;
        n[1] = d > dc ? kinf__je_varint(v[1], (uint64_t)(d - dc) << 2 | KINF__JE_INS) : 0;
        n[2] = len ? kinf__je_varint(v[2], (uint64_t)len << 2 | KINF__JE_COPY) : 0;
        total += n[0] + n[1] + (d - dc) + n[2];
        if (w) {
            kinf__snap_put(w, v[0], n[0]);
            kinf__snap_put(w, v[1], n[1]); kinf__snap_put(w, b + dc, d - dc);
            kinf__snap_put(w, v[2], n[2]);
        }
        oc = o + len; dc = d + len;
    }
    return total;
}
/* Slot s's change as an edit of base (its block) through w: 1, or 0 when
   the object whole is no longer (nothing written then). */
static int kinf__je_put(kinf_informer_t* inf, kinf__snap_w* w, int32_t s, uint32_t base) {
    kinf_object_t o, bo;
    kinf__jedit e;
    uint8_t r[16];
    size_t nsl, nl, ul, rl, sl;
    int same;
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    kinf__store_view(inf, base, s, &bo);
    kinf__je_diff((const uint8_t*)bo.json, bo.json_len, (const uint8_t*)o.json, o.json_len, &e);
    sl = kinf__je_script(&e, (const uint8_t*)o.json, bo.json_len, o.json_len, 0);
    nsl = strlen(o.namespace_); nl = strlen(o.name); ul = strlen(o.uid); rl = strlen(o.resource_version);
    same = !strcmp(o.uid, bo.uid);
    if (15u + (same ? 0u : ul) + sl >= 10u + ul + o.json_len || sl > 0xffffffffu) { return 0; }
    r[0] = KINF__JOP_EDIT;
    r[1] = (uint8_t)((o.flags & KINF_OBJ_IDENTITY_ONLY) | (same ? KINF__JE_SAME_UID : 0));
    r[2] = (uint8_t)nsl; kinf__le_put(r + 3, nl, 2); r[5] = (uint8_t)(same ? 0 : ul); r[6] = (uint8_t)rl;
    kinf__le_put(r + 7, o.json_len, 4); kinf__le_put(r + 11, sl, 4);
    kinf__snap_put(w, r, 15);
    kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
    if (!same) { kinf__snap_put(w, o.uid, ul); }
    kinf__snap_put(w, o.resource_version, rl);
    kinf__je_script(&e, (const uint8_t*)o.json, bo.json_len, o.json_len, w);
    return 1;
}
/* what slot s gives the next record: a delete, an upsert or nothing */
static int kinf__jrnl_op(const kinf_informer_t* inf, int32_t s) {
    const kinf__slot* sl = &inf->slots[s];
    if (sl->ixflags & KINF__J_TOMB) { return KINF__JOP_DEL; }
    if (!(sl->ixflags & KINF__J_DIRTY) || !(sl->flags & KINF__F_LIVE)) { return 0; }
    if (sl->flags & KINF__F_DELETED) { return (sl->ixflags & KINF__J_SAVED) ? KINF__JOP_DEL : 0; }
    return KINF__JOP_UPS;
}
/* the changes, deletes first; how many */
static uint32_t kinf__jrnl_ops(kinf_informer_t* inf, kinf__snap_w* w) {
    uint32_t n = 0;
    int32_t s;
    int pass;
    for (pass = 0; pass < 2; pass++) {
        for (s = 0; s < inf->slot_hi && !w->err; s++) {
            int op = kinf__jrnl_op(inf, s);
            uint8_t b[4];
            if (op != (pass ? KINF__JOP_UPS : KINF__JOP_DEL)) { continue; }
            b[0] = (uint8_t)op;
            if (op == KINF__JOP_UPS) {
                /* an edit of the file's version when it is kept and the edit is shorter */
                const kinf__slot* sl = &inf->slots[s];
                uint32_t base = !(sl->ixflags & KINF__J_SAVED) ? 0u : sl->base ? sl->base : (sl->ixflags & KINF__J_OLDBASE) ? sl->old : 0u;
                if (!base || !kinf__je_put(inf, w, s, base)) {
                    kinf__snap_put(w, b, 1);
                    kinf__snap_put_obj(inf, w, s);
                }
            } else {
                kinf_object_t o;
                size_t nsl, nl;
                kinf__store_view(inf, inf->slots[s].cur, s, &o);
                nsl = strlen(o.namespace_); nl = strlen(o.name);
                b[1] = (uint8_t)nsl; kinf__le_put(b + 2, nl, 2);
                kinf__snap_put(w, b, 4);
                kinf__snap_put(w, o.namespace_, nsl); kinf__snap_put(w, o.name, nl);
            }
            n++;
        }
    }
    return n;
}
/* The length of the record's payload; n, its changes. */
static uint64_t kinf__jrnl_len(kinf_informer_t* inf, uint32_t* n) {
    kinf__snap_w c;
    memset(&c, 0, offsetof(kinf__snap_w, buf));
    c.fn = kinf__snap_count;
    *n = kinf__jrnl_ops(inf, &c);
    return 8u + 2u + strlen(inf->last_rv) + 4u + c.total;
}
/* The record of the changes (n of them, a payload of len bytes, as
   kinf__jrnl_len counted) through w (fresh): 0, or -1 when fn gave up. */
static int kinf__jrnl_record(kinf_informer_t* inf, uint64_t unix_ms, uint64_t len, uint32_t n, kinf__snap_w* w) {
    uint8_t b[14];
    size_t rl = strlen(inf->last_rv);
    kinf__le_put(b, len, 4); kinf__le_put(b + 4, unix_ms, 8); kinf__le_put(b + 12, rl, 2);
    kinf__snap_put(w, b, 14);
    kinf__snap_put(w, inf->last_rv, rl);
    kinf__le_put(b, n, 4);
    kinf__snap_put(w, b, 4);
    kinf__jrnl_ops(inf, w);
    kinf__le_put(b, kinf__xxh_digest(&w->h), 8);
    kinf__snap_put(w, b, 8);
    kinf__snap_flush(w);
    return w->err ? -1 : 0;
}
/* The record is in the file: its keys are SAVED, its deletes done. */
static void kinf__jrnl_commit(kinf_informer_t* inf) {
    int32_t s;
    for (s = 0; s < inf->slot_hi; s++) {
        kinf__slot* sl = &inf->slots[s];
        if (sl->ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); }
        else if (sl->ixflags & KINF__J_DIRTY) { kinf__base_release(inf, s); kinf__slot_j(sl, kinf__store_visible(inf, s) ? KINF__J_SAVED : 0); }
    }
    kinf__snap_written_now(inf);
}
/* The header of the journal that follows the image of checksum sum. */
static void kinf__jrnl_head(uint8_t* h, uint64_t sum) {
    uint32_t bom = 0x01020304u;
    kinf__xxh x;
    memcpy(h, "KINFJRNL", 8);
    kinf__le_put(h + 8, KINF__JRNL_VERSION, 4);
    memcpy(h + 12, &bom, 4);
    kinf__le_put(h + 16, sum, 8);
    kinf__xxh_init(&x);
    kinf__xxh_update(&x, h, 24);
    kinf__le_put(h + 24, kinf__xxh_digest(&x), 8);
}
/* A journal's delete at load: the key goes from the store and the FIFO
   (unlinked while the journal is replayed). */
static void kinf__jrnl_unqueue(kinf_informer_t* inf, int32_t s) {
    inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING;
    inf->nlive--;
    kinf__slot_free(inf, s);
}
/* An edit's script (sc, sl bytes) read into e: its copies, and its inserts
   (where they go in the new JSON, where their bytes are in sc); 1 when it
   makes bl bytes of al old ones exactly, its inserts hold no NUL and it
   has no more copies and inserts than a writer makes, 0 when it is
   malformed. */
static int kinf__je_parse(const uint8_t* sc, size_t sl, size_t al, size_t bl, kinf__jedit* e) {
    size_t i = 0, oc = 0, dc = 0;
    e->n = e->ni = 0;
    while (i < sl) {
        uint64_t v = 0, n;
        int sh = 0;
        do {
            if (i >= sl || sh > 28) { return 0; }
            v |= (uint64_t)(sc[i] & 0x7fu) << sh;
            sh += 7;
        } while (sc[i++] & 0x80u);
        n = v >> 2;
        if ((v & 3u) == KINF__JE_COPY) {
            if (!n || n > al - oc || n > bl - dc || e->n == KINF__JE_MAXCOPY) { return 0; }
            kinf__je_add(e, oc, dc, (size_t)n);
            oc += (size_t)n; dc += (size_t)n;
        } else if ((v & 3u) == KINF__JE_SKIP) {
            if (n > al - oc) { return 0; }
            oc += (size_t)n;
        } else if ((v & 3u) == KINF__JE_INS) {
            if (n > bl - dc || n > sl - i || e->ni == KINF__JE_MAXCOPY + 1u || memchr(sc + i, 0, (size_t)n)) { return 0; }
            e->io[e->ni] = (uint32_t)i; e->id[e->ni] = (uint32_t)dc; e->ilen[e->ni] = (uint32_t)n;
            e->ni++;
            i += (size_t)n; dc += (size_t)n;
        } else {
            return 0;
        }
    }
    return oc == al && dc == bl;
}
/* The copies of e within one block, the old JSON at oj and the new at nj:
   those that move bytes down in order, then those that move them up in
   reverse order, so that no copy overwrites bytes a later one reads (the
   copies ascend in the old JSON and in the new); then the inserts. */
static void kinf__je_apply(uint8_t* blk, size_t oj, size_t nj, const kinf__jedit* e, const uint8_t* sc) {
    uint32_t k;
    for (k = 0; k < e->n; k++) {
        size_t src = oj + e->o[k], dst = nj + e->d[k];
        if (dst < src) { memmove(blk + dst, blk + src, e->len[k]); }
    }
    for (k = e->n; k-- > 0;) {
        size_t src = oj + e->o[k], dst = nj + e->d[k];
        if (dst > src) { memmove(blk + dst, blk + src, e->len[k]); }
    }
    for (k = 0; k < e->ni; k++) { memcpy(blk + nj + e->id[k], sc + e->io[k], e->ilen[k]); }
}
/* A journal's edit into the store: the key's version there (the one the
   file held when the edit was written) made the new one, in its own block
   when the new one fits it (the common case: a few bytes changed), or in a
   new block; the item that refuses it, or 0. */
static uint32_t kinf__jrnl_edit(kinf_informer_t* inf, kinf__snap_r* r, uint32_t hh, char* det, size_t dcap) {
    uint8_t rec[14];
    char idb[2 * KINF__MAX_NAME + KINF__MAX_UID + KINF__MAX_RV], key[KINF__MAX_KEY], uid[KINF__MAX_UID], rv[KINF__MAX_RV];
    const char *ns, *name;
    const uint8_t* sc;
    size_t nsl, nl, ul, rl, jl, sl, kl, oj, nj, need, al;
    unsigned flags;
    int32_t s;
    kinf__blk* b;
    kinf__jedit e;
    if (!kinf__snap_get(r, rec, sizeof(rec))) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    flags = rec[0]; nsl = rec[1]; nl = (size_t)kinf__le_get(rec + 2, 2); ul = rec[4]; rl = rec[5];
    jl = (size_t)kinf__le_get(rec + 6, 4); sl = (size_t)kinf__le_get(rec + 10, 4);
    if ((flags & ~(unsigned)(KINF_OBJ_IDENTITY_ONLY | KINF__JE_SAME_UID)) || ((flags & KINF__JE_SAME_UID) && ul) || !nl ||
        nl >= KINF__MAX_NAME || ul >= KINF__MAX_UID || !rl || rl >= KINF__MAX_RV || sl > inf->max_event_bytes) {
        kinf__strlcpy(det, "journal: edit", dcap);
        return KINF_LOGITEM_SNAPSHOT_CORRUPT;
    }
    if (jl >= inf->max_event_bytes) { kinf__strlcpy(det, "an object larger than max_event_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
    /* namespace, name, uid and resourceVersion in one piece, then the script */
    if (!kinf__snap_get(r, idb, nsl + nl + ul + rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    sc = sl <= inf->conn.rcap || !r->fn || r->end - r->pos >= sl ? kinf__snap_span(r, sl) : kinf__snap_get(r, inf->ev, sl) ? inf->ev : 0;
    if (!sc) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    ns = idb; name = idb + nsl;
    if (memchr(idb, 0, nsl + nl + ul + rl) || memchr(idb, '/', nsl + nl)) { kinf__strlcpy(det, "journal: edit", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    kl = kinf__key_put(key, ns, nsl, name, nl);
    if (!hh) { hh = kinf__fnv(key, kl); }
    s = kinf__hash_find(inf, key, kl, hh);
    if (s < 0 || !kinf__store_visible(inf, s)) { kinf__strlcpy(det, "journal: an edit of a key it does not hold", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    b = kinf__blk_at(inf, inf->slots[s].cur);
    oj = kinf__blk_head(b->klen, b->nslen, b->uidlen, b->rvlen);
    al = b->size - b->tail - 1u - oj;
    if (!kinf__je_parse(sc, sl, al, jl, &e)) { kinf__strlcpy(det, "journal: edit script", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (flags & KINF__JE_SAME_UID) { ul = b->uidlen; memcpy(uid, (const char*)(b + 1) + b->klen + 1u + b->nslen + 1u, ul); }
    else { memcpy(uid, idb + nsl + nl, ul); }
    memcpy(rv, idb + nsl + nl + (flags & KINF__JE_SAME_UID ? 0u : ul), rl);
    uid[ul] = 0; rv[rl] = 0;
    nj = kinf__blk_head(b->klen, b->nslen, ul, rl);
    need = nj + jl + 1u;
    if (need <= b->size) {
        /* in place: the copies and inserts, then the identity (whose bytes
           the copies may read), and what the block no longer needs freed;
           the namespace index stays (the key is the same) */
        uint8_t* p = (uint8_t*)b;
        size_t at = sizeof(kinf__blk) + b->klen + 1u + b->nslen + 1u;
        kinf__index_remove(inf, s, 1);
        kinf__je_apply(p, oj, nj, &e, sc);
        memcpy(p + at, uid, ul + 1u); at += ul + 1u;
        memcpy(p + at, rv, rl + 1u);
        p[nj + jl] = 0;
        b->uidlen = (uint8_t)ul; b->rvlen = (uint8_t)rl; b->flags = (uint8_t)((flags & KINF_OBJ_IDENTITY_ONLY) | KINF_OBJ_FROM_SNAPSHOT);
        kinf__arena_shrink(inf, inf->slots[s].cur, need);
        kinf__index_add(inf, s, 1);
    } else {
        /* a new block: the new JSON made of the old one there, which the
           allocation may have moved */
        char nsb[KINF__MAX_NAME], nameb[KINF__MAX_NAME];
        uint32_t ref, k;
        uint8_t *ob, *nb;
        memcpy(nsb, ns, nsl); nsb[nsl] = 0; memcpy(nameb, name, nl); nameb[nl] = 0;
        ref = kinf__blk_make(inf, nsb, nameb, uid, rv, 0, jl, (flags & KINF_OBJ_IDENTITY_ONLY) | KINF_OBJ_FROM_SNAPSHOT);
        if (!ref) { kinf__strlcpy(det, "store_bytes", dcap); return KINF_LOGITEM_SNAPSHOT_TOO_LARGE; }
        ob = (uint8_t*)kinf__blk_at(inf, inf->slots[s].cur);
        nb = (uint8_t*)kinf__blk_at(inf, ref);
        for (k = 0; k < e.n; k++) { memcpy(nb + nj + e.d[k], ob + oj + e.o[k], e.len[k]); }
        for (k = 0; k < e.ni; k++) { memcpy(nb + nj + e.id[k], sc + e.io[k], e.ilen[k]); }
        kinf__store_upsert(inf, s, ref, hh);
        b = (kinf__blk*)(void*)nb;
    }
    if (jl < 2 || ((const uint8_t*)b)[nj] != '{' || ((const uint8_t*)b)[nj + jl - 1u] != '}') { kinf__strlcpy(det, "journal: edit", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    return 0;
}
/* The replay's look ahead. A record's changes are keys all over the store,
   and each lookup and edit would wait on memory for its key's block (a
   cache and TLB miss in a store of many MB, the most of a warm start's
   replay). So the changes after the one applied are scanned in the bytes the
   reader holds already, and the memory is asked for what they will need:
   the key's bucket when a change is scanned (up to KINF__JA_RING ahead), the
   head of the block the bucket names KINF__JA_BLK changes ahead, and the
   places an edit writes and its JSON's last byte KINF__JA_EDIT ahead. These
   are hints: a scan that stops (a change past the bytes held, or not one a
   writer makes) or that the store has outrun costs a miss, no more; every
   change is read, looked up and checked as before. The key's hash is kept
   for its lookup. */
#ifndef KINF__JA_RING
#define KINF__JA_RING 16u
#endif
#ifndef KINF__JA_BLK
#define KINF__JA_BLK 8u
#endif
#ifndef KINF__JA_EDIT
#define KINF__JA_EDIT 4u
#endif
#if defined(__GNUC__)
#define KINF__PREFETCH(p, rw) __builtin_prefetch((p), (rw), 3)
#else
#define KINF__PREFETCH(p, rw) ((void)(p))
#endif
typedef struct kinf__ja_change { size_t off; uint32_t h; int32_t slot; } kinf__ja_change;
typedef struct kinf__jahead {
    size_t at;                    /* where change next begins (r's pos + drop) */
    uint32_t next;                /* the first change not scanned */
    kinf__ja_change c[KINF__JA_RING];   /* change k at c[k % KINF__JA_RING] */
} kinf__jahead;
/* The change at p (n bytes held): its length and its key's hash (*h), as the
   replay will read them; 0 when it is not whole in those bytes or not one a
   writer makes. */
static size_t kinf__ja_scan(const uint8_t* p, size_t n, uint32_t* h) {
    char key[KINF__MAX_KEY];
    size_t nsl, nl, at;
    uint64_t len;
    if (n < 15u) { return 0; }   /* the longest head; a shorter change at the very end is looked up unhelped */
    if (p[0] == KINF__JOP_DEL) {
        nsl = p[1]; nl = (size_t)kinf__le_get(p + 2, 2); at = 4u; len = at + nsl + nl;
    } else if (p[0] == KINF__JOP_UPS || p[0] == KINF__JOP_EDIT) {
        nsl = p[2]; nl = (size_t)kinf__le_get(p + 3, 2); at = p[0] == KINF__JOP_UPS ? 11u : 15u;
        len = (uint64_t)at + nsl + nl + p[5] + p[6] + kinf__le_get(p + (p[0] == KINF__JOP_UPS ? 7 : 11), 4);
    } else {
        return 0;
    }
    if (nsl >= KINF__MAX_NAME || !nl || nl >= KINF__MAX_NAME || len > n) { return 0; }
    *h = kinf__fnv(key, kinf__key_put(key, (const char*)p + at, nsl, (const char*)p + at + nsl, nl));
    return (size_t)len;
}
/* the slot of the key of hash h as its buckets say (the first of its tag,
   in a few probes), or -1 */
static int32_t kinf__ja_slot(const kinf_informer_t* inf, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h), k;
    for (k = 0; k < 4u; k++, i = kinf__kb_next(inf, i)) {
        uint32_t e = inf->kb[i];
        if (e == KINF__KB_EMPTY) { return -1; }
        if ((e >> KINF__SLOT_BITS) == KINF__KB_TAG(h)) { return KINF__KB_SLOT(e); }
    }
    return -1;
}
/* the block slot s holds now (its head read, never a stale one), or 0 */
static uint32_t kinf__ja_block(const kinf_informer_t* inf, int32_t s) {
    uint32_t ref = s >= 0 ? inf->slots[s].cur : 0u;
    return ref && ref - 1u < inf->top ? ref : 0u;
}
/* the edit at p (scanned whole) on block ref: its JSON's last byte and the
   places its inserts write, asked for */
static void kinf__ja_edit(const kinf_informer_t* inf, const uint8_t* p, uint32_t ref) {
    const kinf__blk* b = kinf__blk_at(inf, ref);
    const uint8_t* sc = p + 15u + p[2] + (size_t)kinf__le_get(p + 3, 2) + p[5] + p[6];
    size_t sl = (size_t)kinf__le_get(p + 11, 4), jl = (size_t)kinf__le_get(p + 7, 4), i = 0, dc = 0;
    size_t nj = kinf__blk_head(b->klen, b->nslen, (p[1] & KINF__JE_SAME_UID) ? b->uidlen : p[5], p[6]);
    if (b->size > inf->top - (ref - 1u) || nj + jl >= b->size) { return; }  /* a new block: read in order */
    KINF__PREFETCH((const uint8_t*)b + nj + jl, 1);
    while (i < sl) {
        uint64_t v = 0;
        int sh = 0;
        do { v |= (uint64_t)(sc[i] & 0x7fu) << sh; sh += 7; } while ((sc[i++] & 0x80u) && i < sl && sh < 35);
        if ((v & 3u) == KINF__JE_SKIP) { continue; }
        if ((v >> 2) > jl - dc) { return; }
        if ((v & 3u) == KINF__JE_INS) { KINF__PREFETCH((const uint8_t*)b + nj + dc, 1); i += (size_t)(v >> 2); }
        dc += (size_t)(v >> 2);
    }
}
/* Before change i of n is applied (r at its first byte): the scan and the
   hints; the hash of change i's key, or 0 when it was not scanned. */
static uint32_t kinf__ja_step(const kinf_informer_t* inf, const kinf__snap_r* r, kinf__jahead* a, uint32_t i, uint32_t n) {
    size_t here = r->pos + r->drop;
    kinf__ja_change* c;
    if (a->next <= i || a->c[i % KINF__JA_RING].off != here) { a->next = i; a->at = here; }
    while (a->next < n && a->next - i < KINF__JA_RING) {
        size_t len;
        uint32_t h;
        len = kinf__ja_scan(r->b + (a->at - r->drop), r->end - (a->at - r->drop), &h);
        if (!len) { break; }
        c = &a->c[a->next % KINF__JA_RING];
        c->off = a->at; c->h = h; c->slot = -1;
        KINF__PREFETCH(&inf->kb[kinf__kb_home(inf, h)], 0);
        a->at += len; a->next++;
    }
    if (a->next - i > KINF__JA_BLK) {
        uint32_t ref;
        c = &a->c[(i + KINF__JA_BLK) % KINF__JA_RING];
        c->slot = kinf__ja_slot(inf, c->h);
        ref = kinf__ja_block(inf, c->slot);
        if (ref) { KINF__PREFETCH(kinf__blk_at(inf, ref), 1); KINF__PREFETCH((const uint8_t*)kinf__blk_at(inf, ref) + 64, 1); }
    }
    if (a->next - i > KINF__JA_EDIT) {
        uint32_t ref;
        c = &a->c[(i + KINF__JA_EDIT) % KINF__JA_RING];
        ref = kinf__ja_block(inf, c->slot);   /* the slot's block now: the store may have moved it since */
        if (ref && r->b[c->off - r->drop] == KINF__JOP_EDIT) { kinf__ja_edit(inf, r->b + (c->off - r->drop), ref); }
    }
    return a->next > i ? a->c[i % KINF__JA_RING].h : 0u;
}
/* One record's payload (its checksum already right) into the store, through
   r (reading no further than the payload); the item that refuses it, or 0. */
static uint32_t kinf__jrnl_apply(kinf_informer_t* inf, kinf__snap_r* r, char* det, size_t dcap) {
    uint8_t b[14];
    char rv[KINF__MAX_RV];
    uint32_t n, i, item;
    size_t rl;
    kinf__jahead a;
    if (!kinf__snap_get(r, b, 10)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    rl = (size_t)kinf__le_get(b + 8, 2);
    if (!rl || rl >= sizeof(rv)) { kinf__strlcpy(det, "journal: resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    if (!kinf__snap_get(r, rv, rl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    if (!kinf__snap_text(rv, rl)) { kinf__strlcpy(det, "journal: resourceVersion", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
    rv[rl] = 0;
    inf->snap_time = kinf__le_get(b, 8);
    if (!kinf__snap_get(r, b, 4)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
    n = (uint32_t)kinf__le_get(b, 4);
    a.next = 0; a.at = 0;
    for (i = 0; i < n; i++) {
        uint32_t hh = kinf__ja_step(inf, r, &a, i, n);
        if (!kinf__snap_get(r, b, 1)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
        if (b[0] == KINF__JOP_UPS) {
            if ((item = kinf__snap_obj(inf, r, 1, det, dcap)) != 0) { return item; }
        } else if (b[0] == KINF__JOP_EDIT) {
            if ((item = kinf__jrnl_edit(inf, r, hh, det, dcap)) != 0) { return item; }
        } else if (b[0] == KINF__JOP_DEL) {
            char ns[KINF__MAX_NAME], name[KINF__MAX_NAME], key[KINF__MAX_KEY];
            size_t nsl, nl, kl;
            int32_t s;
            if (!kinf__snap_get(r, b, 3)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
            nsl = b[0]; nl = (size_t)kinf__le_get(b + 1, 2);
            if (nsl >= sizeof(ns) || !nl || nl >= sizeof(name)) { kinf__strlcpy(det, "journal: delete", dcap); return KINF_LOGITEM_SNAPSHOT_CORRUPT; }
            if (!kinf__snap_get(r, ns, nsl) || !kinf__snap_get(r, name, nl)) { return KINF_LOGITEM_SNAPSHOT_TRUNCATED; }
            kl = kinf__key_put(key, ns, nsl, name, nl);
            s = kinf__hash_find(inf, key, kl, hh ? hh : kinf__fnv(key, kl));
            if (s >= 0 && kinf__store_visible(inf, s)) { kinf__jrnl_unqueue(inf, s); }
        } else {
            kinf__strlcpy(det, "journal: change", dcap);
            return KINF_LOGITEM_SNAPSHOT_CORRUPT;
        }
    }
    memcpy(inf->last_rv, rv, rl + 1);
    inf->snap_jchanges += n;
    return 0;
}
#endif /* KINF_ENGINE_ONLY */
KINF_API int kinf_snapshot_write(kinf_informer_t* inf, uint64_t unix_ms, kinf_snapshot_write_fn fn, void* user) {
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_write", ": fn is NULL"); return KINF_ERR_INVAL; }
    if (!inf->last_rv[0]) { return KINF_ERR_STATE; }
    if (kinf__snap_stream(inf, unix_ms, fn, user) != 0) { KINF__ERR(inf, SNAPSHOT_WRITE_FAILED, "the write function gave up", 0); return KINF_ERR_IO; }
    kinf__snap_clean(inf, 0);
    return KINF_OK;
}
KINF_API size_t kinf_snapshot_size(kinf_informer_t* inf) {
    kinf__snap_w w;
    if (!kinf__ok(inf) || !inf->last_rv[0]) { return 0; }
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_count;
    kinf__xxh_init(&w.h);
    kinf__snap_emit(inf, 0, &w);
    return w.total;
}
/* A journal's reader at load (the file's): after the image of checksum sum,
   its records into the store; the item that refuses the whole, or 0. */
typedef uint32_t (*kinf__jrnl_read_fn)(kinf_informer_t* inf, uint64_t sum, void* user, char* det, size_t dcap);
static int kinf__snap_load(kinf_informer_t* inf, kinf__snap_r* r, kinf__jrnl_read_fn jrnl, void* juser) {
    uint32_t item;
    char det[200];
    if (inf->conn.in_callback) { KINF__ERR(inf, IN_CALLBACK, "kinf_snapshot_load", 0); return KINF_ERR_STATE; }
    if (inf->started || inf->snap_loaded || inf->nused) { return KINF_ERR_STATE; }
    r->inf = inf;
    kinf__xxh_init(&r->h);
    item = kinf__snap_read(inf, r, det, sizeof(det));
    if (item && r->io) { item = KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    if (!item && jrnl) {
        kinf__fifo_unlink(inf);
        item = jrnl(inf, r->sum, juser, det, sizeof(det));
        kinf__fifo_relink(inf);
    }
    if (item) {
        kinf__snap_clear(inf);
        kinf__log(inf, KINF_LOG_ERROR, item, det[0] ? det : 0, 0, __LINE__);
        inf->snap_dirty = 0;
        inf->snap_jbase_ok = 0;
        return KINF_ERR_INVAL;
    }
    {
        /* the file's image and journal are what the store holds now */
        uint8_t need = inf->snap_need_image;
        kinf__snap_clean(inf, jrnl != 0);
        inf->snap_need_image = need;
        inf->snap_written = 0;
        inf->snap_jbase_ok = (uint8_t)(jrnl != 0);
    }
    inf->snap_loaded = 1; inf->snap_stale = 1; inf->snap_dirty = 0;
    inf->sync_wait = 1; inf->sync_pops_left = inf->flen;
    {
        char num[21];
        KINF__INFO(inf, SNAPSHOT_LOADED, kinf__utoa(num, (uint64_t)inf->nlive), " objects");
    }
    return KINF_OK;
}
KINF_API int kinf_snapshot_load(kinf_informer_t* inf, kinf_snapshot_read_fn fn, void* user) {
    kinf__snap_r r;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!fn) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load", ": fn is NULL"); return KINF_ERR_INVAL; }
    memset(&r, 0, sizeof(r));
    r.fn = fn; r.user = user; r.b = inf->conn.rbuf;
    return kinf__snap_load(inf, &r, 0, 0);
}
KINF_API int kinf_snapshot_load_mem(kinf_informer_t* inf, const void* data, size_t len) {
    kinf__snap_r r;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!data && len) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load_mem", ": data is NULL"); return KINF_ERR_INVAL; }
    memset(&r, 0, sizeof(r));
    r.b = (const uint8_t*)data; r.end = len;
    return kinf__snap_load(inf, &r, 0, 0);
}
KINF_API int kinf_snapshot_stale(kinf_informer_t* inf, uint64_t* since_unix_ms) {
    if (!kinf__ok(inf) || !inf->snap_stale) { return 0; }
    if (since_unix_ms) { *since_unix_ms = inf->snap_time; }
    return 1;
}
KINF_API int kinf_snapshot_dirty(kinf_informer_t* inf, uint64_t* since_ms) {
    if (!kinf__ok(inf) || !inf->snap_dirty) { return 0; }
    if (since_ms) { *since_ms = inf->snap_dirty_since; }
    return 1;
}

/* >>snapshot file  the driver's part: a file, written atomically */
#ifndef KINF_ENGINE_ONLY
#ifdef O_CLOEXEC
#define KINF__O_CLOEXEC O_CLOEXEC
#else
#define KINF__O_CLOEXEC 0
#endif
#ifdef O_NOFOLLOW
#define KINF__O_NOFOLLOW O_NOFOLLOW
#else
#define KINF__O_NOFOLLOW 0 /* O_CREAT | O_EXCL follows no link either */
#endif
static long kinf__snap_fd_read(void* buf, size_t cap, void* user) {
    int fd = *(int*)user;
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n < 0 && errno == EINTR) { continue; }
        return (long)n;
    }
}
typedef struct kinf__snap_fd { int fd, err; } kinf__snap_fd;
static int kinf__snap_fd_write(const void* data, size_t len, void* user) {
    kinf__snap_fd* f = (kinf__snap_fd*)user;
    const uint8_t* p = (const uint8_t*)data;
    while (len) {
        ssize_t n = write(f->fd, p, len);
        if (n < 0 && errno == EINTR) { continue; }
        if (n <= 0) { f->err = n < 0 ? errno : ENOSPC; return -1; }
        p += n; len -= (size_t)n;
    }
    return 0;
}
/* a log detail: a, then b, n and c (b, n and c left out when n is 0) */
static const char* kinf__snap_say(char* buf, size_t cap, const char* a, const char* b, uint64_t n, const char* c) {
    char num[21];
    size_t o = kinf__log_put(buf, cap, 0, a, 0);
    if (n) { o = kinf__log_put(buf, cap, o, b, 0); o = kinf__log_put(buf, cap, o, kinf__utoa(num, n), 0); kinf__log_put(buf, cap, o, c, 0); }
    return buf;
}
/* path.journal in buf; 0 when it does not fit */
static int kinf__jrnl_path(char* buf, size_t cap, const char* path) {
    size_t l = strlen(path);
    if (l + 9 > cap) { return 0; }
    memcpy(buf, path, l); memcpy(buf + l, ".journal", 9);
    return 1;
}
/* up to n bytes of fd at p: how many (fewer at its end), or -1 */
static long kinf__jrnl_fill(int fd, uint8_t* p, size_t n) {
    size_t got = 0;
    while (got < n) {
        long k = kinf__snap_fd_read(p + got, n - got, &fd);
        if (k < 0) { return -1; }
        if (k == 0) { break; }
        got += (size_t)k;
    }
    return (long)got;
}
/* At least n bytes of fd in buf (cap bytes, n at most cap) from *bp on,
   what is there moved to the start and read on behind it: 1, or 0 at the
   end of the file before n (what it had is there), -1 for an error. */
static int kinf__jrnl_ahead(int fd, uint8_t* buf, size_t cap, size_t* bp, size_t* be, size_t n) {
    if (*be - *bp >= n) { return 1; }
    if (*bp) { memmove(buf, buf + *bp, *be - *bp); *be -= *bp; *bp = 0; }
    while (*be < n) {
        long k = kinf__snap_fd_read(buf + *be, cap - *be, &fd);
        if (k < 0) { return -1; }
        if (k == 0) { return 0; }
        *be += (size_t)k;
    }
    return 1;
}
/* a record's payload read through kinf__snap_r, and nothing after it */
typedef struct kinf__jrnl_lim { int fd; size_t left; } kinf__jrnl_lim;
static long kinf__jrnl_lim_read(void* buf, size_t cap, void* user) {
    kinf__jrnl_lim* l = (kinf__jrnl_lim*)user;
    long k = kinf__snap_fd_read(buf, cap < l->left ? cap : l->left, &l->fd);
    if (k > 0) { l->left -= (size_t)k; }
    return k;
}
typedef struct kinf__jrnl_in { int fd; const char* path; uint64_t ibytes; } kinf__jrnl_in;
/* The journal beside the image (kinf__jrnl_read_fn). One that follows another
   image, or whose header is torn, is ignored (a warning); the records are
   checked whole before one is applied, and the first that is short or fails
   its checksum ends the journal: it and what follows are dropped (a
   warning), what came before stays. Either way the next save is an image. */
static uint32_t kinf__jrnl_read(kinf_informer_t* inf, uint64_t sum, void* user, char* det, size_t dcap) {
    kinf__jrnl_in* j = (kinf__jrnl_in*)user;
    uint8_t h[KINF__JRNL_HEAD], mine[KINF__JRNL_HEAD];
    uint64_t at = KINF__JRNL_HEAD;
    size_t bp, be;
    long got;
    int torn = 0;
    inf->snap_jbase = sum; inf->snap_ibytes = j->ibytes; inf->snap_jbytes = 0; inf->snap_jchanges = 0; inf->snap_need_image = 0;
    if (j->fd < 0) { return 0; }
    got = kinf__jrnl_fill(j->fd, h, sizeof(h));
    if (got == 0) { return 0; }
    /* the header as this informer writes it for the image it names */
    if (got == (long)sizeof(h)) { kinf__jrnl_head(mine, kinf__le_get(h + 16, 8)); }
    if (got != (long)sizeof(h) || memcmp(h, mine, sizeof(h))) {
        const char* why = got < 0 ? " (unreadable)" : " (its header is torn, foreign or of another format)";
        if (got == (long)sizeof(h) && !memcmp(h, mine, 8) && memcmp(h + 8, mine + 8, 4)) { why = " (another format version: the next save writes an image)"; }
        KINF__WARN(inf, SNAPSHOT_JOURNAL_FOREIGN, j->path, why);
        inf->snap_need_image = 1;
        return 0;
    }
    if (kinf__le_get(h + 16, 8) != sum) {
        KINF__WARN(inf, SNAPSHOT_JOURNAL_FOREIGN, j->path, " (it follows another image)");
        inf->snap_need_image = 1;
        return 0;
    }
    /* the journal read ahead into the event buffer (free before the start),
       [bp, be): a record that fits it is checked whole and applied from
       there, one read for many records */
    bp = be = 0;
    for (;;) {
        uint8_t c[8];
        uint64_t len, rem;
        kinf__xxh x;
        kinf__snap_r r;
        kinf__jrnl_lim lim;
        uint32_t item;
        int more = kinf__jrnl_ahead(j->fd, inf->ev, inf->max_event_bytes, &bp, &be, 4);
        if (!more && bp == be) { break; }
        if (more <= 0) { torn = 1; break; }
        len = kinf__le_get(inf->ev + bp, 4);
        memset(&r, 0, sizeof(r));
        r.inf = inf; r.unhashed = 1;
        lim.fd = j->fd; lim.left = 0;
        kinf__xxh_init(&x);
        if (len <= inf->max_event_bytes - 12u) {
            if (kinf__jrnl_ahead(j->fd, inf->ev, inf->max_event_bytes, &bp, &be, 4u + (size_t)len + 8u) <= 0) { torn = 1; break; }
            kinf__xxh_update(&x, inf->ev + bp, 4u + (size_t)len);
            if (kinf__le_get(inf->ev + bp + 4u + len, 8) != kinf__xxh_digest(&x)) { torn = 1; break; }
            r.b = inf->ev + bp + 4u; r.end = (size_t)len;
            bp += 4u + (size_t)len + 8u;
        } else {
            /* larger: its first max_event_bytes into the event buffer (with
               what the read ahead holds of them), the rest hashed through the
               read buffer; once whole and right it is applied from the event
               buffer on, and only that rest is read again */
            size_t head = len < inf->max_event_bytes ? (size_t)len : inf->max_event_bytes, have = be - bp - 4u;
            kinf__xxh_update(&x, inf->ev + bp, 4);
            memmove(inf->ev, inf->ev + bp + 4u, have);
            bp = be = 0;
            if (have > head) {
                have = head;      /* the read ahead went past the payload */
                if (lseek(j->fd, (off_t)(at + 4u + head), SEEK_SET) < 0) { torn = 1; break; }
            }
            if (kinf__jrnl_fill(j->fd, inf->ev + have, head - have) != (long)(head - have)) { torn = 1; break; }
            kinf__xxh_update(&x, inf->ev, head);
            for (rem = len - head; rem; ) {
                size_t k = rem < inf->conn.rcap ? (size_t)rem : inf->conn.rcap;
                if (kinf__jrnl_fill(j->fd, inf->conn.rbuf, k) != (long)k) { torn = 1; break; }
                kinf__xxh_update(&x, inf->conn.rbuf, k);
                rem -= k;
            }
            if (torn || kinf__jrnl_fill(j->fd, c, 8) != 8 || kinf__le_get(c, 8) != kinf__xxh_digest(&x)) { torn = 1; break; }
            r.b = inf->ev; r.end = head;
            if (len > head) {
                /* whole and right: the rest read again */
                if (lseek(j->fd, (off_t)(at + 4u + head), SEEK_SET) < 0) { torn = 1; break; }
                lim.left = (size_t)(len - head);
                r.fn = kinf__jrnl_lim_read; r.user = &lim;
            }
        }
        item = kinf__jrnl_apply(inf, &r, det, dcap);
        if (!item && (lim.left || r.pos != r.end)) { kinf__strlcpy(det, "journal: record length", dcap); item = KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (item == KINF_LOGITEM_SNAPSHOT_TRUNCATED) { kinf__strlcpy(det, "journal: a change runs past its record", dcap); item = KINF_LOGITEM_SNAPSHOT_CORRUPT; }
        if (item) { return r.io ? (uint32_t)KINF_LOGITEM_SNAPSHOT_UNREADABLE : item; }
        at += 4u + len + 8u;
        if (r.fn && lseek(j->fd, (off_t)at, SEEK_SET) < 0) { return KINF_LOGITEM_SNAPSHOT_UNREADABLE; }
    }
    inf->snap_jbytes = at;
    if (torn) {
        char why[64];
        KINF__WARN(inf, SNAPSHOT_JOURNAL_TORN, j->path, kinf__snap_say(why, sizeof(why), "", " (dropped from byte ", at, ")"));
        inf->snap_need_image = 1;
    }
    return 0;
}
KINF_API int kinf_snapshot_load_file(kinf_informer_t* inf, const char* path) {
    char jpath[1040];
    kinf__snap_r r;
    kinf__jrnl_in j;
    struct stat st;
    int fd, rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!path) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_load_file", ": path is NULL"); return KINF_ERR_INVAL; }
    if (inf->started || inf->snap_loaded || inf->nused) { return KINF_ERR_STATE; }
    fd = open(path, O_RDONLY | KINF__O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT) { KINF__ERR(inf, SNAPSHOT_UNREADABLE, path, 0); }
        return KINF_ERR_IO;
    }
    j.path = jpath;
    j.fd = kinf__jrnl_path(jpath, sizeof(jpath), path) ? open(jpath, O_RDONLY | KINF__O_NOFOLLOW | KINF__O_CLOEXEC) : -1;
    j.ibytes = fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
    inf->snap_jpath = kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path));
    memset(&r, 0, sizeof(r));
    r.fn = kinf__snap_fd_read; r.user = &fd; r.b = inf->conn.rbuf;
    rc = kinf__snap_load(inf, &r, kinf__jrnl_read, &j);
    if (j.fd >= 0) { close(j.fd); }
    close(fd);
    return rc;
}
/* The step a save of the file failed at (inf->snap_fail). */
typedef enum kinf__snap_fail {
    KINF__SNAPF_NONE, KINF__SNAPF_PATH, KINF__SNAPF_IN_WAY, KINF__SNAPF_CREATE, KINF__SNAPF_WRITE,
    KINF__SNAPF_FSYNC, KINF__SNAPF_CLOSE, KINF__SNAPF_RENAME
} kinf__snap_fail;
static const char* const kinf__snap_fail_why[] = {
    "", ": path too long", ": there and cannot be removed", ": cannot create", ": write failed",
    ": fsync failed", ": close failed", ": rename failed" };
/* A save failed at step fail (errno err, or 0). Logged when the step is not
   the one the last save failed at: a save retried while the disk stays full
   says so once, not once per attempt. Returns rc. */
static int kinf__snap_failed(kinf_informer_t* inf, kinf__snap_fail fail, const char* file, int err, int rc) {
    if (inf->snap_fail != (uint8_t)fail) {
        char why[64];
        kinf__snap_say(why, sizeof(why), kinf__snap_fail_why[fail], " (errno ", (uint64_t)err, ")");
        if (fail == KINF__SNAPF_IN_WAY) { KINF__ERR(inf, SNAPSHOT_TEMP_EXISTS, file, why); }
        else { KINF__ERR(inf, SNAPSHOT_WRITE_FAILED, file, why); }
    }
    inf->snap_fail = (uint8_t)fail;
    if (inf->snap_fails < 0xffffffffu) { inf->snap_fails++; }
    inf->snap_fail_at = inf->conn.now;
    return rc;
}
/* the directory of path to disk (a rename or a new file in it) */
static void kinf__snap_syncdir(const char* path) {
    char dir[1040];
    size_t l = strlen(path);
    int fd;
    if (l >= sizeof(dir)) { return; }
    memcpy(dir, path, l + 1);
    while (l > 0 && dir[l - 1] != '/') { l--; }
    if (l == 0) { dir[0] = '.'; dir[1] = 0; } else { dir[l > 1 ? l - 1 : 1] = 0; }
    fd = open(dir, O_RDONLY | KINF__O_CLOEXEC);
    if (fd >= 0) { fsync(fd); close(fd); }
}
/* The changes since the last save appended to path.journal: 0; 1 when an
   image is due instead (none follows this informer's image, the last
   append failed or was cut at load, the file is not the one this informer
   wrote, or the journal would outgrow KINF__JRNL_PCT % of the image), with
   nothing written; -1 when the append failed (the journal may end in a
   torn record: the next save is an image). */
static int kinf__jrnl_append(kinf_informer_t* inf, const char* path, uint64_t unix_ms) {
    char jpath[1040];
    uint8_t h[KINF__JRNL_HEAD];
    kinf__snap_w w;
    kinf__snap_fd f;
    struct stat st;
    uint64_t head, len;
    uint32_t n;
    int fd, rc = 0;
    if (!inf->snap_jbase_ok || inf->snap_need_image || inf->snap_jpath != kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path)) ||
        !kinf__jrnl_path(jpath, sizeof(jpath), path)) { return 1; }
    head = inf->snap_jbytes ? 0u : KINF__JRNL_HEAD;
    len = kinf__jrnl_len(inf, &n);
    if (len > 0xffffffffu || kinf__jrnl_weight(inf->snap_jbytes + head + 4u + len + 8u, inf->snap_jchanges + n) > inf->snap_ibytes / 100u * KINF__JRNL_PCT) { return 1; }
    /* appended to, never followed; a file of another size is not ours */
    fd = open(jpath, O_WRONLY | O_APPEND | O_CREAT | KINF__O_NOFOLLOW | KINF__O_CLOEXEC, 0600);
    if (fd < 0) { return -1; }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size != inf->snap_jbytes) { close(fd); return 1; }
    (void)fchmod(fd, 0600);
    f.fd = fd; f.err = 0;
    if (head) { kinf__jrnl_head(h, inf->snap_jbase); rc = kinf__snap_fd_write(h, sizeof(h), &f); }
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_fd_write; w.user = &f;
    kinf__xxh_init(&w.h);
    if (rc != 0 || kinf__jrnl_record(inf, unix_ms, len, n, &w) != 0 || fsync(fd) != 0) { rc = -1; }
    if (close(fd) != 0) { rc = -1; }
    if (rc) { return -1; }
    if (head) { kinf__snap_syncdir(jpath); }
    if (!inf->snap_written) {
        /* the first save since the start: a path.tmp a crash left mid-image goes */
        char tmp[1040];
        size_t l = strlen(path);
        if (l + 5 <= sizeof(tmp)) { memcpy(tmp, path, l); memcpy(tmp + l, ".tmp", 5); (void)unlink(tmp); }
    }
    inf->snap_jbytes += head + w.total;
    inf->snap_jchanges += n;
    kinf__jrnl_commit(inf);
    KINF__INFO(inf, SNAPSHOT_WRITTEN, jpath, 0);
    return 0;
}
/* The image: path.tmp written, fsync'd, renamed over path; then the
   journal of the image before it removed (a crash before that leaves a
   journal naming another image: ignored at load). */
static int kinf__snap_image(kinf_informer_t* inf, const char* path, uint64_t unix_ms) {
    char tmp[1040];
    kinf__snap_fail fail = KINF__SNAPF_NONE;
    kinf__snap_fd f;
    kinf__snap_w w;
    size_t l = strlen(path);
    int fd, err = 0;
    if (l + 5 > sizeof(tmp)) { return kinf__snap_failed(inf, KINF__SNAPF_PATH, path, 0, KINF_ERR_INVAL); }
    memcpy(tmp, path, l); memcpy(tmp + l, ".tmp", 5);
    /* path.tmp is made anew, never opened as it is: one left there (by a
       crash, or put there as a link to another file) is removed, not
       followed or written through, and O_EXCL creates ours or fails (a
       directory there, one that cannot be written, another writer), so the
       rename gives path our bytes alone. */
    if (unlink(tmp) != 0 && errno != ENOENT) { err = errno; }
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | KINF__O_NOFOLLOW | KINF__O_CLOEXEC, 0600);
    if (fd < 0) {
        if (errno == EEXIST) { return kinf__snap_failed(inf, KINF__SNAPF_IN_WAY, tmp, err, KINF_ERR_IO); }
        return kinf__snap_failed(inf, KINF__SNAPF_CREATE, tmp, errno, KINF_ERR_IO);
    }
    /* 0600 whatever the umask took away; a file system without modes (FAT)
       refuses, and what open made is no wider than 0600 anyway */
    (void)fchmod(fd, 0600);
    f.fd = fd; f.err = 0;
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = kinf__snap_fd_write; w.user = &f;
    kinf__xxh_init(&w.h);
    if (kinf__snap_emit(inf, unix_ms, &w) != 0) {
        fail = KINF__SNAPF_WRITE; err = f.err;
    } else if (fsync(fd) != 0) {
        fail = KINF__SNAPF_FSYNC; err = errno;
    }
    if (close(fd) != 0 && !fail) { fail = KINF__SNAPF_CLOSE; err = errno; }
    if (!fail && rename(tmp, path) != 0) { fail = KINF__SNAPF_RENAME; err = errno; }
    if (fail) {
        unlink(tmp);
        return kinf__snap_failed(inf, fail, tmp, err, KINF_ERR_IO);
    }
    /* the rename reaches the disk with the directory */
    kinf__snap_syncdir(path);
    kinf__snap_clean(inf, 1);
    inf->snap_jbase = w.sum; inf->snap_ibytes = w.total; inf->snap_jbytes = 0; inf->snap_jchanges = 0;
    inf->snap_jpath = kinf__fnv64(0xcbf29ce484222325ull, path, strlen(path));
    if (kinf__jrnl_path(tmp, sizeof(tmp), path) && unlink(tmp) != 0 && errno != ENOENT) { inf->snap_jbase_ok = 0; }
    KINF__INFO(inf, SNAPSHOT_WRITTEN, path, 0);
    return KINF_OK;
}
KINF_API int kinf_snapshot_save_file(kinf_informer_t* inf, const char* path) {
    struct timespec ts;
    uint64_t unix_ms;
    int rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!path || !path[0]) { KINF__ERR(inf, BAD_ARGUMENT, "kinf_snapshot_save_file", ": path is NULL"); return KINF_ERR_INVAL; }
    if (!inf->last_rv[0]) { return KINF_ERR_STATE; }
    clock_gettime(CLOCK_REALTIME, &ts);
    unix_ms = (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
    rc = kinf__jrnl_append(inf, path, unix_ms);
    if (rc < 0) { inf->snap_need_image = 1; }
    if (rc != 0 && (rc = kinf__snap_image(inf, path, unix_ms)) != KINF_OK) { return rc; }
    if (inf->snap_fail) {
        char after[48];
        KINF__INFO(inf, SNAPSHOT_WRITE_RECOVERED, path, kinf__snap_say(after, sizeof(after), "", " (after ", inf->snap_fails, " failed saves)"));
        inf->snap_fail = KINF__SNAPF_NONE; inf->snap_fails = 0;
    }
    return KINF_OK;
}
/* How long after a failed save autosave waits: the interval (a second when
   it is 0), then twice, four and eight times it while the saves fail, at
   most 10 minutes (or the interval, when that is longer). A full disk is
   not written to on every loop turn. */
static uint64_t kinf__snap_retry_ms(int interval_s, uint32_t fails) {
    uint64_t base = interval_s > 0 ? (uint64_t)interval_s * 1000u : 1000u;
    uint64_t cap = base > 600000u ? base : 600000u;
    uint64_t wait = base << (fails >= 4 ? 3 : fails - 1);
    return wait < cap ? wait : cap;
}
KINF_API int kinf_snapshot_autosave(kinf_informer_t* inf, const char* path, int interval_s, int final) {
    int rc;
    if (!kinf__ok(inf)) { return KINF_ERR_INVAL; }
    if (!inf->snap_dirty || !inf->last_rv[0]) { return 0; }
    if (!final) {
        uint64_t now = inf->conn.now;
        if (inf->snap_fails && now - inf->snap_fail_at < kinf__snap_retry_ms(interval_s, inf->snap_fails)) { return 0; }
        if (inf->snap_written && interval_s > 0 && now - inf->snap_write_at < (uint64_t)interval_s * 1000u) { return 0; }
    }
    rc = kinf_snapshot_save_file(inf, path);
    return rc == KINF_OK ? 1 : rc;
}
#undef KINF__O_CLOEXEC
#undef KINF__O_NOFOLLOW
#undef KINF__JRNL_VERSION
#undef KINF__JRNL_HEAD
#undef KINF__JRNL_PCT
#undef KINF__JRNL_KEY
#undef KINF__JE_MAXCOPY
#undef KINF__JE_MIN
#undef KINF__JE_TAB
#undef KINF__JA_RING
#undef KINF__JA_BLK
#undef KINF__JA_EDIT
#undef KINF__PREFETCH
#endif /* KINF_ENGINE_ONLY */
#undef KINF__SNAP_VERSION
#undef KINF__SNAP_HEAD
#undef KINF__XP1
#undef KINF__XP2
#undef KINF__XP3
#undef KINF__XP4
#undef KINF__XP5
#endif

