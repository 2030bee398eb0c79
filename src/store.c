/* >>store arena  Object data lives in one arena. A freed block goes on a
   free list by its size (two levels: a power of two, then 16 steps of it)
   after it is merged with a free neighbour; an allocation takes a block from
   the lists, split when the rest can be a block, before it grows the top.
   Only when neither serves does it compact the arena (the blocks slid down
   in order, each trimmed to its bytes): the store refuses an object only
   when the live blocks and it do not fit, as it always did. A block's owner
   field lets compaction fix the slot's reference. Everything is an offset
   from inf->arena, so the arena may move with inf->arena alone.
   A free block: size, KINF__FREE_OWNER, the next and previous free block of
   its list (refs, 0: none), and its size again in its last 4 bytes, which
   the block above, whose pfree is set, reads to merge with it. No two free
   blocks touch, and the block below the top is never free. */
#define KINF__FREE_OWNER 0xffffffffu
#define KINF__NEW_OWNER 0xfffffffeu  /* allocated, its slot not yet set (kinf__set_ref) */
#define KINF__FREE_MIN 20u   /* size, owner, the two links and the size at the end */
#define KINF__FIT_SCAN 8     /* blocks of its own list an allocation looks at */
static kinf__blk* kinf__blk_at(const kinf_informer_t* inf, uint32_t ref) { return (kinf__blk*)(void*)(inf->arena + ref - 1u); }
/* the 4-byte word at byte off of block ref (a free block's links and end) */
static uint32_t* kinf__blk_word(const kinf_informer_t* inf, uint32_t ref, uint32_t off) { return (uint32_t*)(void*)(inf->arena + ref - 1u + off); }
/* the slot's reference that owns a block of role r (KINF__R_*) */
static uint32_t* kinf__slot_ref(kinf__slot* sl, unsigned r) {
#ifndef KINF_NO_SNAPSHOT
    if (r == KINF__R_BASE) { return &sl->base; }
#endif
    return r == KINF__R_OLD ? &sl->old : &sl->cur;
}
#if defined(__GNUC__) || defined(__clang__)
/* v > 0; a long has at least 32 bits */
static unsigned kinf__hibit(uint32_t v) { return (unsigned)(sizeof(unsigned long) * 8u - 1u) - (unsigned)__builtin_clzl(v); }
static unsigned kinf__lobit(uint32_t v) { return (unsigned)__builtin_ctzl(v); }
#else
static unsigned kinf__hibit(uint32_t v) { /* v > 0 */
    unsigned n = 0;
    if (v >> 16) { v >>= 16; n += 16; }
    if (v >> 8) { v >>= 8; n += 8; }
    if (v >> 4) { v >>= 4; n += 4; }
    if (v >> 2) { v >>= 2; n += 2; }
    return n + (v >> 1);
}
static unsigned kinf__lobit(uint32_t v) { return kinf__hibit(v & (~v + 1u)); }
#endif
/* the list of the free blocks of this size */
static unsigned kinf__fl_class(uint32_t size) {
    unsigned h;
    if (size < (1u << (KINF__SL_BITS + 4))) { return size >> 4; }
    h = kinf__hibit(size);
    return (h - (KINF__SL_BITS + 3)) * KINF__SL_N + ((size >> (h - KINF__SL_BITS)) & (KINF__SL_N - 1u));
}
static void kinf__fl_insert(kinf_informer_t* inf, uint32_t ref, uint32_t size) {
    unsigned c = kinf__fl_class(size);
    uint32_t h = inf->fl_head[c];
    kinf__blk_at(inf, ref)->size = size;
    kinf__blk_at(inf, ref)->owner = KINF__FREE_OWNER;
    *kinf__blk_word(inf, ref, 8) = h;
    *kinf__blk_word(inf, ref, 12) = 0;
    *kinf__blk_word(inf, ref, size - 4u) = size;
    if (h) { *kinf__blk_word(inf, h, 12) = ref; }
    inf->fl_head[c] = ref;
    inf->sl_map[c / KINF__SL_N] = (uint16_t)(inf->sl_map[c / KINF__SL_N] | (1u << (c % KINF__SL_N)));
    inf->fl_map |= 1u << (c / KINF__SL_N);
}
static void kinf__fl_remove(kinf_informer_t* inf, uint32_t ref) {
    unsigned c = kinf__fl_class(kinf__blk_at(inf, ref)->size);
    uint32_t next = *kinf__blk_word(inf, ref, 8), prev = *kinf__blk_word(inf, ref, 12);
    if (next) { *kinf__blk_word(inf, next, 12) = prev; }
    if (prev) { *kinf__blk_word(inf, prev, 8) = next; return; }
    inf->fl_head[c] = next;
    if (next) { return; }
    inf->sl_map[c / KINF__SL_N] = (uint16_t)(inf->sl_map[c / KINF__SL_N] & ~(1u << (c % KINF__SL_N)));
    if (!inf->sl_map[c / KINF__SL_N]) { inf->fl_map &= ~(1u << (c / KINF__SL_N)); }
}
/* a free block of need bytes or more: one of the first of its own list
   that fits, else the first of the next list that holds one (all of whose
   blocks fit); 0 when none */
static uint32_t kinf__fl_find(const kinf_informer_t* inf, uint32_t need) {
    unsigned c = kinf__fl_class(need), f = c / KINF__SL_N, n;
    uint32_t ref = inf->fl_head[c], m;
    for (n = 0; ref && n < KINF__FIT_SCAN; n++) {
        if (kinf__blk_at(inf, ref)->size >= need) { return ref; }
        ref = *kinf__blk_word(inf, ref, 8);
    }
    m = (uint32_t)inf->sl_map[f] & (~0u << (c % KINF__SL_N) << 1);
    if (!m) {
        uint32_t fm = f + 1u < 32u ? inf->fl_map & (~0u << (f + 1u)) : 0u;
        if (!fm) { return 0; }
        f = kinf__lobit(fm);
        m = inf->sl_map[f];
    }
    return inf->fl_head[f * KINF__SL_N + kinf__lobit(m)];
}
/* the pfree bit of the block at ref, if there is one below the top */
static void kinf__blk_pfree(kinf_informer_t* inf, uint32_t ref, int v) {
    if (ref - 1u < inf->top) { kinf__blk_at(inf, ref)->pfree = (uint8_t)v; }
}
static void kinf__fl_clear(kinf_informer_t* inf) {
    inf->fl_map = 0;
    memset(inf->sl_map, 0, sizeof(inf->sl_map));
    memset(inf->fl_head, 0, sizeof(inf->fl_head));
}
/* the bytes of a block past what it needs: the tail of a list's block
   that was too small to split off (compaction trims them) */
static uint32_t kinf__blk_slack(const kinf__blk* b) {
    uint32_t keep = (b->size - b->tail + 3u) & ~3u;
    return b->size - (keep < KINF__FREE_MIN ? KINF__FREE_MIN : keep);
}
/* the blocks slid down to the bottom in order, each trimmed to its bytes
   (the slack a list's block left, under KINF__FREE_MIN, goes) */
static void kinf__arena_compact(kinf_informer_t* inf) {
    size_t r = 0, w = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        uint32_t sz = b->size, owner = b->owner, keep = sz; /* read before the move may overwrite them */
        if (owner < KINF__NEW_OWNER) {
            kinf__blk* nb = (kinf__blk*)(void*)(inf->arena + w);
            keep = sz - kinf__blk_slack(b);
            if (w != r) { memmove(inf->arena + w, inf->arena + r, keep); }
            nb->size = keep; nb->tail = (uint8_t)(nb->tail - (sz - keep)); nb->pfree = 0;
            inf->used -= sz - keep;
            *kinf__slot_ref(&inf->slots[owner >> 2], owner & 3u) = (uint32_t)w + 1u;
            w += keep;
        }
        r += sz;
    }
    inf->top = w;
    inf->slack = 0;
    kinf__fl_clear(inf);
    inf->st.store_compactions++;
}
/* need more bytes fit the store once it is compacted */
static int kinf__arena_fits(const kinf_informer_t* inf, size_t need) { return inf->used - inf->slack + need <= inf->store_bytes; }
#ifndef KINF_NO_SNAPSHOT
/* the store emptied at once (a load that failed) */
static void kinf__arena_reset(kinf_informer_t* inf) {
    inf->top = 0;
    inf->slack = 0;
    kinf__fl_clear(inf);
}
#endif
/* desc.prefault_store: the whole pages from pf_top to a little ahead of
   the top are faulted in with one call (MADV_POPULATE_WRITE, which glibc's
   and musl's posix_madvise pass on to the kernel as they do any advice but
   POSIX_MADV_DONTNEED). A refusal (an older kernel) turns it off. */
#ifndef KINF__PF_DIV
#define KINF__PF_DIV 256u
#endif
#ifndef KINF__PF_MIN
#define KINF__PF_MIN (64u << 10)
#endif
#ifndef KINF__PF_MAX
#define KINF__PF_MAX (1u << 20)
#endif
#if defined(MADV_POPULATE_WRITE)
#define KINF__POPULATE_WRITE MADV_POPULATE_WRITE
#else
#define KINF__POPULATE_WRITE 23 /* Linux 5.14 */
#endif
static void kinf__prefault(kinf_informer_t* inf) {
#if defined(__linux__) && !defined(KINF_ENGINE_ONLY)
    size_t ahead = inf->used / KINF__PF_DIV, end;
    uintptr_t a, b, m = (uintptr_t)inf->pagesz - 1u;
    if (ahead < (size_t)KINF__PF_MIN) { ahead = (size_t)KINF__PF_MIN; }
    if (ahead > (size_t)KINF__PF_MAX) { ahead = (size_t)KINF__PF_MAX; }
    if (ahead < inf->pagesz) { ahead = inf->pagesz; }
    end = inf->store_bytes - inf->top > ahead ? inf->top + ahead : inf->store_bytes;
    a = (uintptr_t)(inf->arena + inf->pf_top) & ~m;   /* a page begun is faulted again, which costs nothing */
    b = (uintptr_t)(inf->arena + end) & ~m;           /* the store's last part page is left to a fault */
    if (b <= a) { if (end == inf->store_bytes) { inf->pf_top = end; } return; } /* at the store's end: done */
    if (posix_madvise((void*)a, (size_t)(b - a), KINF__POPULATE_WRITE) != 0) { inf->pagesz = 0; return; }
    inf->pf_top = (size_t)(b - (uintptr_t)inf->arena);
#else
    inf->pagesz = 0;
#endif
}
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need);
/* a factory's store budget asked for room (its hook); 0 without one */
#ifndef KINF_NO_FACTORY
#define KINF__ARENA_GROW(inf, need) ((inf)->grow && (inf)->grow((inf), (need)))
/* the objects the tables hold now (>>store tables), and the budget asked
   for room for one more (the same hook, need 0) */
#define KINF__OBJ_CAP(inf) ((inf)->obj_cap)
#define KINF__OBJ_GROW(inf) ((inf)->grow && (inf)->grow((inf), 0))
#else
#define KINF__ARENA_GROW(inf, need) 0
#define KINF__OBJ_CAP(inf) ((inf)->max_objects)
#define KINF__OBJ_GROW(inf) 0
#endif
/* a block of need bytes or a little more (its tail says how many more), or
   0 when the live blocks and it would not fit store_bytes */
static uint32_t kinf__arena_alloc(kinf_informer_t* inf, size_t want) {
    size_t need = (want + 3u) & ~(size_t)3u;
    uint32_t ref, size;
    kinf__blk* b;
    if (need < KINF__FREE_MIN) { need = KINF__FREE_MIN; }
    ref = need <= inf->store_bytes ? kinf__fl_find(inf, (uint32_t)need) : 0;
    if (ref) {
        kinf__fl_remove(inf, ref);
        size = kinf__blk_at(inf, ref)->size;
        if (size - need >= KINF__FREE_MIN) {
            kinf__fl_insert(inf, ref + (uint32_t)need, size - (uint32_t)need); /* the block above keeps its pfree */
            size = (uint32_t)need;
        } else {
            kinf__blk_pfree(inf, ref + size, 0);
        }
    } else {
        if (inf->top + need > inf->store_bytes) {
            if (!kinf__arena_fits(inf, need) && !KINF__ARENA_GROW(inf, need) && !kinf__snap_reclaim(inf, need)) { return 0; }
            if (inf->top + need > inf->store_bytes) { kinf__arena_compact(inf); } /* a store grown may have room at its top */
        }
        KINF_ASSERT(inf->top + need <= inf->store_bytes);
        ref = (uint32_t)inf->top + 1u;
        size = (uint32_t)need;
        inf->top += need;
        if (inf->top > inf->pf_top && inf->pagesz) { kinf__prefault(inf); }
    }
    inf->used += size;
    if (inf->used > inf->peak) { inf->peak = inf->used; }
    b = kinf__blk_at(inf, ref);
    b->size = size;
    b->owner = KINF__NEW_OWNER;
    b->tail = (uint8_t)(size - want);
    b->pfree = 0; /* a list's block has none free below it, nor has the top */
    inf->slack += size - need;
    return ref;
}
/* block ref goes back: merged with a free block below and above it, onto
   its list, or, at the top, the top comes down to it */
static void kinf__arena_free(kinf_informer_t* inf, uint32_t ref) {
    kinf__blk* b;
    uint32_t size, up;
    if (!ref) { return; }
    b = kinf__blk_at(inf, ref);
    size = b->size;
    up = ref + size;
    inf->used -= size;
    inf->slack -= kinf__blk_slack(b);
    if (b->pfree) {
        uint32_t below = *kinf__blk_word(inf, ref - 4u, 0); /* the free block's size at its end */
        ref -= below;
        size += below;
        kinf__fl_remove(inf, ref);
    }
    if (up - 1u == inf->top) { inf->top = ref - 1u; return; }
    if (kinf__blk_at(inf, up)->owner == KINF__FREE_OWNER) {
        size += kinf__blk_at(inf, up)->size;
        kinf__fl_remove(inf, up);
    }
    kinf__fl_insert(inf, ref, size);
    kinf__blk_pfree(inf, ref + size, 1);
}
#if !defined(KINF_NO_SNAPSHOT) && !defined(KINF_ENGINE_ONLY) /* the journal's edits in place (files: the driver's part) */
/* block ref (allocated) made to hold want bytes, no more than it has: what
   it no longer needs goes back when it can be a block */
static void kinf__arena_shrink(kinf_informer_t* inf, uint32_t ref, size_t want) {
    kinf__blk* b = kinf__blk_at(inf, ref);
    uint32_t keep = (uint32_t)((want + 3u) & ~(size_t)3u);
    if (keep < KINF__FREE_MIN) { keep = KINF__FREE_MIN; }
    inf->slack -= kinf__blk_slack(b);
    if (b->size - keep >= KINF__FREE_MIN) {
        kinf__blk* r = kinf__blk_at(inf, ref + keep);
        r->size = b->size - keep; r->owner = KINF__NEW_OWNER; r->tail = 0; r->pfree = 0;
        b->size = keep;
        kinf__arena_free(inf, ref + keep);
    }
    b->tail = (uint8_t)(b->size - want);
    inf->slack += kinf__blk_slack(b);
}
#endif
static uint32_t kinf__blk_make(kinf_informer_t* inf, const char* ns, const char* name, const char* uid,
                               const char* rv, const uint8_t* json, size_t jlen, uint32_t flags) {
    size_t nsl = strlen(ns), nl = strlen(name), ul = strlen(uid), rl = strlen(rv);
    size_t kl = nsl ? nsl + 1 + nl : nl;
    size_t need = kinf__blk_head(kl, nsl, ul, rl) + jlen + 1;
    uint32_t ref = kinf__arena_alloc(inf, need);
    kinf__blk* b;
    char* p;
    if (!ref) { return 0; }
    b = kinf__blk_at(inf, ref);
    b->klen = (uint16_t)kl; b->nslen = (uint8_t)nsl; b->uidlen = (uint8_t)ul; b->rvlen = (uint8_t)rl;
    b->flags = (uint8_t)flags;
    p = (char*)(b + 1);
    kinf__key_put(p, ns, nsl, name, nl);
    p += kl; *p++ = 0;
    memcpy(p, ns, nsl); p += nsl; *p++ = 0;
    memcpy(p, uid, ul); p += ul; *p++ = 0;
    memcpy(p, rv, rl); p += rl; *p++ = 0;
    if (json && jlen) { memmove(p, json, jlen); } /* no json: the caller writes the jlen bytes */
    p[jlen] = 0;
    return ref;
}
static void kinf__store_view(const kinf_informer_t* inf, uint32_t ref, int32_t slot, kinf_object_t* o) {
    const kinf__blk* b = kinf__blk_at(inf, ref);
    const char* p = (const char*)(b + 1);
    o->key = p;
    o->name = b->nslen ? p + b->nslen + 1 : p;
    p += b->klen + 1; o->namespace_ = p;
    p += b->nslen + 1; o->uid = p;
    p += b->uidlen + 1; o->resource_version = p;
    p += b->rvlen + 1; o->json = p;
    o->json_len = b->size - b->tail - 1u - (uint32_t)kinf__blk_head(b->klen, b->nslen, b->uidlen, b->rvlen);
    o->flags = b->flags;
    o->handle.id = slot < 0 ? 0u : (((uint32_t)inf->slots[slot].gen << KINF__SLOT_BITS) | (uint32_t)(slot + 1));
}
/* the slot's cur, old or base (role r) set to the block ref */
static void kinf__set_ref(kinf_informer_t* inf, int32_t s, unsigned r, uint32_t ref) {
    *kinf__slot_ref(&inf->slots[s], r) = ref;
    if (ref) { kinf__blk_at(inf, ref)->owner = ((uint32_t)s << 2) | r; }
}

/* KINF_SELFCHECK: after every change, walk the arena and the slots and abort
   on any broken invariant (for tests, fuzzing and soaks; O(store) per call). */
#ifdef KINF_SELFCHECK
/* the slot flags' legal states (the table at the flags) */
static int kinf__slot_legal(unsigned f, int has_old) {
    f &= ~(unsigned)KINF__F_SEEN;
    if (!f) { return !has_old; }
    if (!(f & KINF__F_LIVE)) { return 0; }
    if (!(f & KINF__F_PENDING)) { return f == (KINF__F_LIVE | KINF__F_KNOWN) && !has_old; }
    if ((f & KINF__F_FSU) && !(f & KINF__F_DELETED)) { return 0; }
    if ((f & KINF__F_FSU_OLD) && !(f & KINF__F_RECREATED)) { return 0; }
    if (f & KINF__F_RECREATED) { return has_old && (f & KINF__F_KNOWN); }
    return !has_old || (f & KINF__F_KNOWN);
}
/* the free lists: each block on the list of its size, linked both ways,
   the maps saying which lists hold one; returns how many blocks they hold */
static size_t kinf__fl_check(const kinf_informer_t* inf) {
    size_t n = 0;
    unsigned c;
    for (c = 0; c < KINF__FL_N * KINF__SL_N; c++) {
        uint32_t ref = inf->fl_head[c], prev = 0;
        int has = (inf->sl_map[c / KINF__SL_N] >> (c % KINF__SL_N)) & 1;
        KINF_ASSERT(has == (ref != 0) && ((inf->fl_map >> (c / KINF__SL_N)) & 1u) == (inf->sl_map[c / KINF__SL_N] != 0));
        for (; ref; ref = *kinf__blk_word(inf, ref, 8)) {
            KINF_ASSERT(ref - 1u < inf->top && kinf__blk_at(inf, ref)->owner == KINF__FREE_OWNER);
            KINF_ASSERT(kinf__fl_class(kinf__blk_at(inf, ref)->size) == c && *kinf__blk_word(inf, ref, 12) == prev);
            KINF_ASSERT(++n <= inf->top / KINF__FREE_MIN);
            prev = ref;
        }
    }
    return n;
}
static void kinf__selfcheck(const kinf_informer_t* inf) {
    size_t r = 0, live = 0, nfree = 0, slack = 0;
    int32_t s;
    int visible = 0, used = 0, nbase = 0, below_free = 0;
    while (r < inf->top) {
        const kinf__blk* b = (const kinf__blk*)(const void*)(inf->arena + r);
        KINF_ASSERT(b->size >= KINF__FREE_MIN && b->size <= inf->top - r && (b->size & 3u) == 0);
        if (b->owner != KINF__FREE_OWNER) {
            kinf__slot* sl = &inf->slots[b->owner >> 2];
            KINF_ASSERT((b->owner >> 2) < (uint32_t)inf->max_objects && (b->owner & 3u) <= KINF__R_BASE);
            KINF_ASSERT(*kinf__slot_ref(sl, b->owner & 3u) == r + 1u);
            KINF_ASSERT(b->pfree == below_free && b->tail < b->size);
            live += b->size;
            slack += kinf__blk_slack(b);
            below_free = 0;
        } else {
            /* merged with its neighbours, its size at its end, not the last */
            KINF_ASSERT(!below_free && r + b->size < inf->top && *kinf__blk_word(inf, (uint32_t)r + 1u, b->size - 4u) == b->size);
            below_free = 1;
            nfree++;
        }
        r += b->size;
    }
    KINF_ASSERT(r == inf->top && live == inf->used && inf->used <= inf->store_bytes);
    KINF_ASSERT(kinf__fl_check(inf) == nfree && slack == inf->slack);
    KINF_ASSERT(inf->slot_hi >= 0 && inf->slot_hi <= KINF__OBJ_CAP(inf));
    for (s = 0; s < inf->slot_hi; s++) {
        const kinf__slot* sl = &inf->slots[s];
#ifndef KINF_NO_SNAPSHOT
        /* a base, or old as one, only for a SAVED key changed since; never both */
        if (sl->base || (sl->ixflags & KINF__J_OLDBASE)) {
            KINF_ASSERT((sl->flags & KINF__F_LIVE) && (sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == (KINF__J_SAVED | KINF__J_DIRTY));
            KINF_ASSERT(!(sl->base && (sl->ixflags & KINF__J_OLDBASE)) && (!(sl->ixflags & KINF__J_OLDBASE) || sl->old));
        }
        nbase += sl->base != 0;
#endif
        if (!(sl->flags & KINF__F_LIVE)) { KINF_ASSERT(!sl->old && ((sl->ixflags & KINF__J_ALL) == KINF__J_TOMB ? sl->cur != 0 : !sl->cur)); continue; }
        used++;
        KINF_ASSERT(sl->cur != 0);
        KINF_ASSERT(kinf__slot_legal(sl->flags, sl->old != 0));
        if ((sl->flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE) { visible++; }
    }
    KINF_ASSERT(used == inf->nused && visible == inf->nlive);
#ifndef KINF_NO_SNAPSHOT
    KINF_ASSERT(nbase == inf->snap_nbase);
#else
    (void)nbase;
#endif
}
#define KINF__SELFCHECK(inf) kinf__selfcheck(inf)
#else
#define KINF__SELFCHECK(inf) ((void)0)
#endif

/* >>store hash  key -> slot, open addressing with linear probing and backward-shift delete */
static const char* kinf__slot_key(const kinf_informer_t* inf, int32_t s, size_t* len) {
    const kinf__blk* b = kinf__blk_at(inf, inf->slots[s].cur);
    *len = b->klen;
    return (const char*)(b + 1);
}
/* A bucket holds the slot in its low KINF__SLOT_BITS and a tag of the key's
   hash (its low bits) above them, so a probe rejects most other keys without
   reading their slot or block; an empty bucket is all ones. The home bucket
   comes from the hash's high bits by a multiply (any bucket count, not only
   powers of two). */
#define KINF__KB_EMPTY 0xffffffffu
#define KINF__KB_SLOT(e) ((int32_t)((e) & ((1u << KINF__SLOT_BITS) - 1u)))
#define KINF__KB_TAG(h) ((h) & ((1u << (32 - KINF__SLOT_BITS)) - 1u))
static uint32_t kinf__kb_home(const kinf_informer_t* inf, uint32_t h) { return (uint32_t)(((uint64_t)h * inf->kb_n) >> 32); }
static uint32_t kinf__kb_next(const kinf_informer_t* inf, uint32_t i) { return i + 1u == inf->kb_n ? 0u : i + 1u; }
static int32_t kinf__hash_find(const kinf_informer_t* inf, const char* key, size_t kl, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h);
    for (;;) {
        uint32_t e = inf->kb[i];
        if (e == KINF__KB_EMPTY) { return -1; }
        if ((e >> KINF__SLOT_BITS) == KINF__KB_TAG(h)) {
            size_t sl;
            int32_t s = KINF__KB_SLOT(e);
            const char* sk = kinf__slot_key(inf, s, &sl);
            if (sl == kl && !memcmp(sk, key, kl)) { return s; }
        }
        i = kinf__kb_next(inf, i);
    }
}
static void kinf__hash_insert(kinf_informer_t* inf, int32_t s, uint32_t h) {
    uint32_t i = kinf__kb_home(inf, h);
    while (inf->kb[i] != KINF__KB_EMPTY) { i = kinf__kb_next(inf, i); }
    inf->kb[i] = (KINF__KB_TAG(h) << KINF__SLOT_BITS) | (uint32_t)s;
}
/* the hash of the key of the object in slot s (the slot does not keep it) */
static uint32_t kinf__slot_hash(const kinf_informer_t* inf, int32_t s) {
    size_t kl;
    const char* k = kinf__slot_key(inf, s, &kl);
    return kinf__fnv(k, kl);
}
static void kinf__hash_remove(kinf_informer_t* inf, int32_t s) {
    uint32_t i = kinf__kb_home(inf, kinf__slot_hash(inf, s)), j;
    while (KINF__KB_SLOT(inf->kb[i]) != s) { i = kinf__kb_next(inf, i); }
    j = i;
    for (;;) {
        uint32_t home;
        j = kinf__kb_next(inf, j);
        if (inf->kb[j] == KINF__KB_EMPTY) { break; }
        home = kinf__kb_home(inf, kinf__slot_hash(inf, KINF__KB_SLOT(inf->kb[j])));
        /* move kb[j] back into the hole at i unless its home lies cyclically in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j))) {
            inf->kb[i] = inf->kb[j];
            i = j;
        }
    }
    inf->kb[i] = KINF__KB_EMPTY;
}

/* >>store index  Index 0 (the namespace) links each slot once; a custom
   index has ixk nodes per slot (desc.max_index_values), node s * ixk + j
   for the slot's j-th value, linked into the bucket of that value's hash.
   A chain holds nodes; a lookup filters them by hash, then asks the index
   function whether the object has the value. */
static kinf__ixlink* kinf__ixl(kinf_informer_t* inf, int x, int32_t n) {
    return &inf->ix[x == 0 ? (size_t)n : (size_t)KINF__OBJ_CAP(inf) * (1u + (size_t)(x - 1) * (size_t)inf->ixk) + (size_t)n];
}
static int32_t* kinf__ixhead(kinf_informer_t* inf, int x, uint32_t vh) { return &inf->ixb[(size_t)x * (inf->ixb_mask + 1u) + (vh & inf->ixb_mask)]; }
/* A custom index keeps each node's value hash; the namespace index does not:
   a key's namespace never changes, so its hash is that of the key's prefix,
   and the slot's KINF__SL_NS_LINKED bit says whether it is linked. */
enum { KINF__SL_NS_LINKED = 1 }; /* in kinf__slot.ixflags */
static uint32_t* kinf__ixvh(kinf_informer_t* inf, int x, int32_t n) { return &inf->ixv[(size_t)(x - 1) * (size_t)KINF__OBJ_CAP(inf) * (size_t)inf->ixk + (size_t)n]; }
static uint32_t kinf__ix_hash(const char* v) { return kinf__fnv_str(v); } /* never 0: 0 is not linked */
static uint32_t kinf__ns_hash(const kinf_informer_t* inf, int32_t s) {
    const kinf__blk* b = kinf__blk_at(inf, inf->slots[s].cur);
    return kinf__fnv((const char*)(b + 1), b->nslen);
}
static void kinf__ix_link(kinf_informer_t* inf, int x, int32_t n, uint32_t vh) {
    kinf__ixlink* l = kinf__ixl(inf, x, n);
    int32_t* head = kinf__ixhead(inf, x, vh);
    l->prev = -1; l->next = *head;
    if (*head >= 0) { kinf__ixl(inf, x, *head)->prev = n; }
    *head = n;
}
static void kinf__ix_unlink(kinf_informer_t* inf, int x, int32_t n, uint32_t vh) {
    kinf__ixlink* l = kinf__ixl(inf, x, n);
    if (l->prev >= 0) { kinf__ixl(inf, x, l->prev)->next = l->next; } else { *kinf__ixhead(inf, x, vh) = l->next; }
    if (l->next >= 0) { kinf__ixl(inf, x, l->next)->prev = l->prev; }
    l->next = l->prev = -1;
}
/* the object's values of custom index x, one kinf_index_emit each */
static void kinf__index_values(kinf_informer_t* inf, int x, const kinf_object_t* o, kinf_index_values_t* out) {
    if (inf->ix_multi & (1u << x)) {
        ((kinf_index_values_fn)(void (*)(void))inf->idx[x].fn)(o, out, inf->idx[x].user);
    } else {
        char v[256];
        if (inf->idx[x].fn(o, v, sizeof(v), inf->idx[x].user)) { v[sizeof(v) - 1] = 0; kinf_index_emit(out, v); }
    }
}
KINF_API int kinf_index_emit(kinf_index_values_t* out, const char* value) {
    kinf_informer_t* inf;
    uint32_t vh;
    int32_t n0;
    int j;
    if (!out || !value) { return 0; }
    inf = out->inf;
    if (out->want) { if (!strcmp(value, out->want)) { out->found = 1; } return 1; }
    vh = kinf__ix_hash(value);
    n0 = out->s * inf->ixk;
    for (j = 0; j < out->n; j++) { if (*kinf__ixvh(inf, out->x, n0 + j) == vh) { return 1; } } /* one node a hash */
    if (out->n == inf->ixk) { out->over = 1; return 0; }
    *kinf__ixvh(inf, out->x, n0 + out->n) = vh;
    kinf__ix_link(inf, out->x, n0 + out->n, vh);
    out->n++;
    return 1;
}
/* slot s out of the indexes from index from on (1: the custom ones, for a
   change that keeps the key, and so its namespace) */
static void kinf__index_remove(kinf_informer_t* inf, int32_t s, int from) {
    int x, j;
    if (from == 0 && inf->nidx && (inf->slots[s].ixflags & KINF__SL_NS_LINKED)) {
        kinf__ix_unlink(inf, 0, s, kinf__ns_hash(inf, s));
        inf->slots[s].ixflags &= (uint8_t)~KINF__SL_NS_LINKED;
    }
    for (x = 1; x < inf->nidx; x++) {
        for (j = 0; j < inf->ixk; j++) {
            uint32_t* v = kinf__ixvh(inf, x, s * inf->ixk + j);
            if (!*v) { break; } /* a slot's nodes are used from the first */
            kinf__ix_unlink(inf, x, s * inf->ixk + j, *v);
            *v = 0;
        }
    }
}
/* slot s into the indexes from index from on */
static void kinf__index_add(kinf_informer_t* inf, int32_t s, int from) {
    int x;
    kinf_object_t o;
    if (from >= inf->nidx) { return; }
    kinf__store_view(inf, inf->slots[s].cur, s, &o);
    if (from == 0) {
        kinf__ix_link(inf, 0, s, kinf__ns_hash(inf, s));
        inf->slots[s].ixflags |= KINF__SL_NS_LINKED;
    }
    for (x = 1; x < inf->nidx; x++) {
        kinf_index_values_t out;
        memset(&out, 0, sizeof(out));
        out.inf = inf; out.x = x; out.s = s;
        kinf__index_values(inf, x, &o, &out);
        if (out.over) { KINF__ERR(inf, INDEX_TOO_MANY_VALUES, inf->idx[x].name, o.key); }
    }
}
/* Does the object in slot s have value v in index x? */
static int kinf__index_has(kinf_informer_t* inf, int x, int32_t s, const kinf_object_t* o, const char* v) {
    kinf_index_values_t out;
    if (x == 0) { return !strcmp(o->namespace_, v); }
    memset(&out, 0, sizeof(out));
    out.inf = inf; out.x = x; out.s = s; out.want = v;
    kinf__index_values(inf, x, o, &out);
    return out.found;
}

/* >>store unchanged  desc.skip_unchanged: is a new version the same as the
   one the handlers had? Two stored objects (compact JSON, as projection
   writes it) are the same when their members are, in order, byte for byte,
   except metadata.resourceVersion and metadata.managedFields, which the API
   server rewrites at every write whatever changed. Anything the walk does
   not expect (not an object, whitespace, an escaped key) makes them
   different: an update is then delivered, as without the switch. */
#ifndef KINF_NO_SKIP_UNCHANGED
#define KINF__SKIP_UNCHANGED(inf) ((inf)->skip_unchanged)
typedef struct kinf__mit { const char* j; size_t i, n; } kinf__mit; /* the members of one object */
static int kinf__key_is(const char* j, size_t ks, size_t ke, const char* k) {
    size_t l = strlen(k);
    return ke - ks == l + 2u && !memcmp(j + ks + 1, k, l);
}
/* the next member: its key [*ks, *ke) quotes included, its value [*vs, *ve);
   1, 0 at the object's end, -1 when the bytes are not as projection writes them */
static int kinf__mit_next(kinf__mit* m, size_t* ks, size_t* ke, size_t* vs, size_t* ve) {
    const uint8_t* b = (const uint8_t*)m->j;
    if (m->i >= m->n) { return -1; }
    if (b[m->i] == '}') { return 0; }
    if (b[m->i] != '"') { return -1; }
    *ks = m->i;
    *ke = kinf__json_end(b, m->i, m->n);
    if (!*ke || *ke >= m->n || b[*ke] != ':') { return -1; }
    *vs = *ke + 1u;
    *ve = kinf__json_end(b, *vs, m->n);
    if (!*ve || *ve >= m->n || (b[*ve] != ',' && b[*ve] != '}')) { return -1; }
    m->i = b[*ve] == ',' ? *ve + 1u : *ve;
    return 1;
}
/* the next member of metadata (meta) that is not noise */
static int kinf__mit_kept(kinf__mit* m, int meta, size_t* ks, size_t* ke, size_t* vs, size_t* ve) {
    int r;
    while ((r = kinf__mit_next(m, ks, ke, vs, ve)) == 1 && meta &&
           (kinf__key_is(m->j, *ks, *ke, "resourceVersion") || kinf__key_is(m->j, *ks, *ke, "managedFields"))) {}
    return r;
}
/* a[0..an) and b[0..bn), objects: the same members (metadata's noise left out when meta) */
static int kinf__same_members(const char* a, size_t an, const char* b, size_t bn, int meta) {
    kinf__mit x, y;
    if (an < 2u || bn < 2u || a[0] != '{' || b[0] != '{') { return 0; }
    x.j = a; x.i = 1; x.n = an; y.j = b; y.i = 1; y.n = bn;
    for (;;) {
        size_t aks, ake, avs, ave, bks, bke, bvs, bve;
        int ra = kinf__mit_kept(&x, meta, &aks, &ake, &avs, &ave), rb = kinf__mit_kept(&y, meta, &bks, &bke, &bvs, &bve);
        if (ra < 0 || rb < 0 || ra != rb) { return 0; }
        if (!ra) { return x.i + 1u == an && y.i + 1u == bn; }
        if (ake - aks != bke - bks || memcmp(a + aks, b + bks, ake - aks)) { return 0; }
        if (!meta && kinf__key_is(a, aks, ake, "metadata") && a[avs] == '{' && b[bvs] == '{') {
            if (!kinf__same_members(a + avs, ave - avs, b + bvs, bve - bvs, 1)) { return 0; }
        } else if (ave - avs != bve - bvs || memcmp(a + avs, b + bvs, ave - avs)) {
            return 0;
        }
    }
}
/* the stored versions ra and rb: the same object for the handlers? An
   identity-only version is never the same: what it holds is not known. */
static int kinf__store_same(const kinf_informer_t* inf, uint32_t ra, uint32_t rb) {
    kinf_object_t a, b;
    kinf__store_view(inf, ra, -1, &a);
    kinf__store_view(inf, rb, -1, &b);
    if ((a.flags | b.flags) & KINF_OBJ_IDENTITY_ONLY) { return 0; }
    if (a.json_len == b.json_len && !memcmp(a.json, b.json, a.json_len)) { return 1; }
    return kinf__same_members(a.json, a.json_len, b.json, b.json_len, 0);
}
#else
#define KINF__SKIP_UNCHANGED(inf) 0
static int kinf__store_same(const kinf_informer_t* inf, uint32_t ra, uint32_t rb) { (void)inf; (void)ra; (void)rb; return 0; }
#endif

/* >>store fifo  Keys waiting for delivery, linked through the slots: one entry per
   key however many events it had, so it never holds more than max_objects. */
static void kinf__fifo_push(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    if (sl->flags & KINF__F_PENDING) { return; }
    sl->flags |= KINF__F_PENDING;
    sl->pnext = -1;
    if (inf->fifo_unlinked) { return; }
    if (inf->ft >= 0) { inf->slots[inf->ft].pnext = s; } else { inf->fh = s; }
    inf->ft = s;
    inf->flen++;
}
#ifndef KINF_NO_SNAPSHOT
/* A journal's replay at load queues keys without linking them, so that a
   delete takes its key out with no walk of the FIFO; then they are linked,
   in slot order. */
static void kinf__fifo_unlink(kinf_informer_t* inf) {
    inf->fh = inf->ft = -1; inf->flen = 0;
    inf->fifo_unlinked = 1;
}
static void kinf__fifo_relink(kinf_informer_t* inf) {
    int32_t s;
    inf->fifo_unlinked = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags & KINF__F_PENDING) { inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING; kinf__fifo_push(inf, s); }
    }
}
#endif
static int32_t kinf__fifo_pop(kinf_informer_t* inf) {
    int32_t s = inf->fh;
    if (s < 0) { return -1; }
    inf->fh = inf->slots[s].pnext;
    if (inf->fh < 0) { inf->ft = -1; }
    inf->slots[s].flags &= (uint8_t)~KINF__F_PENDING;
    inf->slots[s].pnext = -1;
    inf->flen--;
    return s;
}

/* >>store tables  The per-object tables: the slots, the key hash's buckets,
   the indexes' links, their value hashes and their buckets, for cap
   objects. An informer's are laid out once for max_objects; under a
   factory's budget (>>factory budget) they are sized for obj_cap objects,
   fewer, and laid out again when it changes. Every reference into them is
   a slot or node number, and into the store an offset, so only their base
   pointers change: the slots and the value hashes are moved, the key hash
   and the index chains are rebuilt from them. */
static uint32_t kinf__pow2(uint32_t n) { uint32_t p = 16; while (p < n) { p <<= 1; } return p; }
/* The layout's sums saturate: the clamps allow capacities that add up to more
   than a 32-bit size_t holds, and a sum that wrapped would let kinf_init take
   a buffer far too small. SIZE_MAX (odd, so never a real total) stands for
   "does not fit". */
static size_t kinf__setup_add(size_t o, size_t n) { /* o + n rounded up to 8 */
    if (o > SIZE_MAX - 7u || n > SIZE_MAX - 7u - o) { return SIZE_MAX; }
    return kinf__align8(o + n);
}
static size_t kinf__setup_mul(size_t a, size_t b) { return (b != 0 && a > SIZE_MAX / b) ? SIZE_MAX : a * b; }
typedef struct kinf__tables_t { size_t slots, kb, ix, ixv, ixb, end; uint32_t kbn, ixbn; } kinf__tables_t;
/* the tables of mo objects from offset o (max_indexes custom indexes of ixk values each) */
static kinf__tables_t kinf__tables_layout(size_t o, size_t mo, int max_indexes, int ixk) {
    kinf__tables_t t;
    size_t nidx = 1u + (size_t)max_indexes;
    size_t nodes = kinf__setup_mul((size_t)max_indexes * (size_t)ixk, mo); /* the custom indexes' links */
    t.kbn = (uint32_t)(mo + mo / 4u + 1u); /* at most 80 % full */
    if (t.kbn < 16u) { t.kbn = 16u; }
    t.ixbn = kinf__pow2((uint32_t)(mo / 4u)); /* chains are filtered by value hash: a quarter is ample */
    t.slots = o; o = kinf__setup_add(o, kinf__setup_mul(mo, sizeof(kinf__slot)));
    t.kb = o; o = kinf__setup_add(o, kinf__setup_mul((size_t)t.kbn, 4u));
    t.ix = o; o = kinf__setup_add(o, kinf__setup_mul(nodes > SIZE_MAX - mo ? SIZE_MAX : mo + nodes, sizeof(kinf__ixlink)));
    t.ixv = o; o = kinf__setup_add(o, kinf__setup_mul(nodes, 4u));
    t.ixb = o; o = kinf__setup_add(o, kinf__setup_mul(kinf__setup_mul(nidx, (size_t)t.ixbn), 4u));
    t.end = o;
    return t;
}
#ifndef KINF_NO_FACTORY
/* the bytes of inf's tables for cap objects */
static size_t kinf__tables_bytes(const kinf_informer_t* inf, int cap) { return kinf__tables_layout(0, (size_t)cap, inf->max_indexes, inf->ixk).end; }
/* inf's tables (of obj_cap objects) are at at, 8-aligned */
static void kinf__tables_at(kinf_informer_t* inf, uint8_t* at) {
    kinf__tables_t t = kinf__tables_layout(0, (size_t)inf->obj_cap, inf->max_indexes, inf->ixk);
    inf->slots = (kinf__slot*)(void*)(at + t.slots);
    inf->kb = (uint32_t*)(void*)(at + t.kb); inf->kb_n = t.kbn;
    inf->ix = (kinf__ixlink*)(void*)(at + t.ix);
    inf->ixv = (uint32_t*)(void*)(at + t.ixv);
    inf->ixb = (int32_t*)(void*)(at + t.ixb); inf->ixb_mask = t.ixbn - 1u;
}
/* The key hash and the index chains made again from the slots: each slot in
   use in the hash, each linked node (NS_LINKED, a value hash) in its chain. */
static void kinf__tables_rebuild(kinf_informer_t* inf) {
    int32_t s;
    int x, j;
    memset(inf->kb, 0xff, (size_t)inf->kb_n * 4u);
    memset(inf->ixb, 0xff, (size_t)inf->nidx * (inf->ixb_mask + 1u) * 4u);
    for (s = 0; s < inf->slot_hi; s++) {
        kinf__ixlink* l = kinf__ixl(inf, 0, s);
        if (inf->slots[s].flags & KINF__F_LIVE) { kinf__hash_insert(inf, s, kinf__slot_hash(inf, s)); }
        l->next = l->prev = -1;
        if (inf->slots[s].ixflags & KINF__SL_NS_LINKED) { kinf__ix_link(inf, 0, s, kinf__ns_hash(inf, s)); }
        for (x = 1; x < inf->nidx; x++) {
            for (j = 0; j < inf->ixk; j++) {
                int32_t n = s * inf->ixk + j;
                uint32_t v = *kinf__ixvh(inf, x, n);
                kinf__ixl(inf, x, n)->next = kinf__ixl(inf, x, n)->prev = -1;
                if (v) { kinf__ix_link(inf, x, n, v); }
            }
        }
    }
}
/* The tables where they are, laid out again for cap objects (at least
   slot_hi; the bytes for cap are there): the slots stay, each custom
   index's value hashes move to their new place, in the order that leaves
   those still to move intact, then the rest is rebuilt. */
static void kinf__tables_relayout(kinf_informer_t* inf, int cap) {
    size_t on = (size_t)inf->obj_cap * (size_t)inf->ixk, nn = (size_t)cap * (size_t)inf->ixk, used = (size_t)inf->slot_hi * (size_t)inf->ixk;
    uint32_t* ov = inf->ixv;
    int k, nx = inf->nidx - 1;
    KINF_ASSERT(cap >= inf->slot_hi);
    inf->obj_cap = cap;
    kinf__tables_at(inf, (uint8_t*)inf->slots);
    for (k = 0; k < nx; k++) {
        size_t x = (size_t)(nn > on ? nx - 1 - k : k);
        memmove(inf->ixv + x * nn, ov + x * on, used * 4u);
    }
    kinf__tables_rebuild(inf);
}
/* The slots above the last one in use are given back: slot_hi comes down
   to it and the free list is made again below it, lowest first. A slot
   used again later starts at a generation past any of theirs, so that a
   handle to an object they held stays stale. Returns slot_hi. */
static int32_t kinf__slots_trim(kinf_informer_t* inf) {
    int32_t s, hi = 0;
    for (s = 0; s < inf->slot_hi; s++) {
        if (inf->slots[s].flags || inf->slots[s].cur) { hi = s + 1; }
    }
    for (s = hi; s < inf->slot_hi; s++) {
        if (inf->slots[s].gen > inf->gen_fresh) { inf->gen_fresh = inf->slots[s].gen; }
    }
    inf->free_head = -1;
    for (s = hi - 1; s >= 0; s--) {
        if (!inf->slots[s].flags && !inf->slots[s].cur) { inf->slots[s].pnext = inf->free_head; inf->free_head = s; }
    }
    inf->slot_hi = hi;
    return hi;
}
#endif

/* >>store operations */
#ifndef KINF_NO_SNAPSHOT
/* A tombstone's slot and block go back to the store (>>snapshot journal). */
static void kinf__tomb_free(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    kinf__arena_free(inf, sl->cur);
    sl->cur = 0;
    kinf__slot_j(sl, 0);
    sl->pnext = inf->free_head;
    inf->free_head = s;
    inf->snap_ntomb--;
}
/* The store is short of a slot or of bytes: the tombstones go, and with
   them the deletes the journal has not written; the next save is an image. */
static int kinf__tomb_reclaim(kinf_informer_t* inf) {
    int32_t s;
    if (!inf->snap_ntomb) { return 0; }
    for (s = 0; s < inf->slot_hi && inf->snap_ntomb; s++) {
        if (inf->slots[s].ixflags & KINF__J_TOMB) { kinf__tomb_free(inf, s); }
    }
    inf->snap_need_image = 1;
    return 1;
}
/* Slot s keeps no base for the journal (its block freed; old, if it was
   one, stays for the handlers). */
static void kinf__base_release(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    sl->ixflags &= (uint8_t)~KINF__J_OLDBASE;
    if (sl->base) { kinf__arena_free(inf, sl->base); sl->base = 0; inf->snap_nbase--; }
}
/* The store is short of bytes: what the journal keeps goes, the bases
   first (their keys' next records are whole objects), then, when that is
   not enough, the tombstones. 1 when need bytes are free now. */
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need) {
    int32_t s;
    if (inf->snap_nbase) {
        for (s = 0; s < inf->slot_hi; s++) { kinf__base_release(inf, s); }
        if (kinf__arena_fits(inf, need)) { return 1; }
    }
    return kinf__tomb_reclaim(inf) && kinf__arena_fits(inf, need);
}
/* A version of key s leaves the slot: ref, which was its cur, or (was_old)
   its old. The version the file holds (cur of a SAVED key still clean, or
   old with OLDBASE) is kept as the base of the key's next journal record;
   any other is freed. */
static void kinf__ver_drop(kinf_informer_t* inf, int32_t s, uint32_t ref, int was_old) {
    kinf__slot* sl = &inf->slots[s];
    int file = was_old ? (sl->ixflags & KINF__J_OLDBASE) != 0 : (sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == KINF__J_SAVED;
    if (was_old) { sl->ixflags &= (uint8_t)~KINF__J_OLDBASE; }
    if (file && !sl->base) { kinf__set_ref(inf, s, KINF__R_BASE, ref); inf->snap_nbase++; return; }
    kinf__arena_free(inf, ref);
}
/* cur becomes old (the version the handlers saw): OLDBASE when it is the file's */
static void kinf__ver_to_old(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    if ((sl->ixflags & (KINF__J_SAVED | KINF__J_DIRTY)) == KINF__J_SAVED && !sl->base) { sl->ixflags |= KINF__J_OLDBASE; }
    kinf__set_ref(inf, s, KINF__R_OLD, sl->cur);
}
#else
static int kinf__snap_reclaim(kinf_informer_t* inf, size_t need) { (void)inf; (void)need; return 0; } /* no journal: nothing kept */
static int kinf__tomb_reclaim(kinf_informer_t* inf) { (void)inf; return 0; }
static void kinf__ver_drop(kinf_informer_t* inf, int32_t s, uint32_t ref, int was_old) { (void)s; (void)was_old; kinf__arena_free(inf, ref); }
static void kinf__ver_to_old(kinf_informer_t* inf, int32_t s) { kinf__set_ref(inf, s, KINF__R_OLD, inf->slots[s].cur); }
#endif
static int32_t kinf__slot_alloc(kinf_informer_t* inf) {
    int32_t s = inf->free_head;
    /* the tables full: a factory's budget may grow them (and move them) */
    if (s < 0 && inf->slot_hi >= KINF__OBJ_CAP(inf) && !KINF__OBJ_GROW(inf) && kinf__tomb_reclaim(inf)) { s = inf->free_head; }
    if (s < 0) {
        /* a slot never used before: its page of the tables is written only now */
        int x, j;
        if (inf->slot_hi >= KINF__OBJ_CAP(inf)) { return -1; }
        s = inf->slot_hi++;
        memset(&inf->slots[s], 0, sizeof(kinf__slot));
#ifndef KINF_NO_FACTORY
        inf->slots[s].gen = inf->gen_fresh;
#endif
        kinf__ixl(inf, 0, s)->next = kinf__ixl(inf, 0, s)->prev = -1;
        for (x = 1; x < inf->nidx; x++) {
            for (j = 0; j < inf->ixk; j++) {
                kinf__ixlink* l = kinf__ixl(inf, x, s * inf->ixk + j);
                l->next = l->prev = -1;
                *kinf__ixvh(inf, x, s * inf->ixk + j) = 0;
            }
        }
        inf->slots[s].pnext = -1;
    }
    inf->free_head = inf->slots[s].pnext;
    inf->slots[s].pnext = -1;
    inf->slots[s].flags = KINF__F_LIVE;
    kinf__slot_j(&inf->slots[s], 0);
    inf->slots[s].cur = inf->slots[s].old = 0;
#ifndef KINF_NO_SNAPSHOT
    inf->slots[s].base = 0;
#endif
    inf->nused++;
    return s;
}
static void kinf__slot_free(kinf_informer_t* inf, int32_t s) {
    kinf__slot* sl = &inf->slots[s];
    kinf__index_remove(inf, s, 0);
    kinf__hash_remove(inf, s);
#ifndef KINF_NO_SNAPSHOT
    kinf__base_release(inf, s);
#endif
    if (sl->old) { kinf__arena_free(inf, sl->old); }
    sl->old = 0;
    sl->flags = 0;
    sl->gen = (uint16_t)((sl->gen + 1u) & 0xfffu);
    inf->nused--;
#ifndef KINF_NO_SNAPSHOT
    if (sl->ixflags & KINF__J_SAVED) {
        /* the file has the key: kept (its block) until the journal says it went */
        kinf__slot_j(sl, KINF__J_TOMB);
        sl->pnext = -1;
        inf->snap_ntomb++;
        return;
    }
#endif
    kinf__arena_free(inf, sl->cur);
    sl->cur = 0;
    kinf__slot_j(sl, 0);
    sl->pnext = inf->free_head;
    inf->free_head = s;
}
static int kinf__store_visible(const kinf_informer_t* inf, int32_t s) {
    return (inf->slots[s].flags & (KINF__F_LIVE | KINF__F_DELETED)) == KINF__F_LIVE;
}
/* a new version (block ref) of a key arrives: from the watch or a list */
static void kinf__store_upsert(kinf_informer_t* inf, int32_t s, uint32_t ref, uint32_t h) {
    kinf__slot* sl;
    int queue = 1;
    if (s < 0) {
        s = kinf__slot_alloc(inf);
        if (s < 0) {
            inf->st.dropped++;
            KINF__ERR(inf, STORE_SLOTS_FULL, (const char*)(kinf__blk_at(inf, ref) + 1), 0);
            kinf__arena_free(inf, ref);
            return;
        }
        sl = &inf->slots[s];
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
        kinf__hash_insert(inf, s, h);
        inf->nlive++;
    } else {
        sl = &inf->slots[s];
        kinf__index_remove(inf, s, 0);
        if (KINF__SKIP_UNCHANGED(inf) && !(sl->flags & KINF__F_PENDING) && kinf__store_same(inf, sl->cur, ref)) {
            /* delivered, and this version is the same to the handlers: it
               replaces the stored one (its resourceVersion is the newest)
               and is not queued */
            kinf__ver_drop(inf, s, sl->cur, 0);
            inf->st.skipped_unchanged++;
            queue = 0;
        } else if (sl->flags & KINF__F_DELETED) {
            inf->nlive++;
            if (sl->flags & KINF__F_KNOWN) {
                /* deleted, then created again before handlers saw the delete:
                   they get delete(final state) then add(new) */
                if (sl->old) { kinf__ver_drop(inf, s, sl->old, 1); }
                kinf__ver_to_old(inf, s);
                sl->flags |= KINF__F_RECREATED;
                if (sl->flags & KINF__F_FSU) { sl->flags |= KINF__F_FSU_OLD; }
            } else {
                kinf__ver_drop(inf, s, sl->cur, 0);
            }
            sl->flags &= (uint8_t)~(KINF__F_DELETED | KINF__F_FSU);
        } else if (sl->flags & KINF__F_PENDING) {
            if (sl->old || !(sl->flags & KINF__F_KNOWN)) { kinf__ver_drop(inf, s, sl->cur, 0); }
            else { kinf__ver_to_old(inf, s); }
        } else {
            kinf__ver_to_old(inf, s);
        }
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
    }
    sl->flags |= KINF__F_SEEN;
    kinf__index_add(inf, s, 0);
    if (queue) { kinf__fifo_push(inf, s); }
    kinf__snap_touch(inf, s);
}
/* a key goes away; ref is its final state, or 0 to keep the last known one */
static void kinf__store_delete(kinf_informer_t* inf, int32_t s, uint32_t ref, int fsu) {
    kinf__slot* sl = &inf->slots[s];
    if (!(sl->flags & KINF__F_DELETED)) {
        inf->nlive--;
        kinf__index_remove(inf, s, 0);
    }
    if (ref) {
        kinf__ver_drop(inf, s, sl->cur, 0);
        kinf__set_ref(inf, s, KINF__R_CUR, ref);
    }
    if (sl->old && !(sl->flags & KINF__F_RECREATED)) { kinf__ver_drop(inf, s, sl->old, 1); sl->old = 0; }
    sl->flags |= KINF__F_DELETED;
    if (fsu) { sl->flags |= KINF__F_FSU; } else { sl->flags &= (uint8_t)~KINF__F_FSU; }
    kinf__fifo_push(inf, s);
    kinf__snap_touch(inf, s);
}

