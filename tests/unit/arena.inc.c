/* The store's arena (>>store arena) driven directly: blocks allocated and
   freed by kinf__arena_alloc/_free, each owned by a slot's cur (slot i for
   block i, so compaction can move it and kinf__selfcheck can walk it; the
   slots stay unused: slot_hi is 0). Uses store.inc.c's mk_store. */
#define AR_MAX 64
static uint32_t ar_want[AR_MAX]; /* the bytes asked for block i; 0: none */
static uint32_t ar_alloc(kinf_informer_t* inf, int i, uint32_t want) {
    uint32_t ref = kinf__arena_alloc(inf, want);
    if (ref) {
        /* a pattern after the header, to see that moves keep the bytes */
        memset((uint8_t*)kinf__blk_at(inf, ref) + sizeof(kinf__blk), 'a' + i % 26, want - sizeof(kinf__blk));
        kinf__set_ref(inf, i, KINF__R_CUR, ref);
        ar_want[i] = want;
    }
    return ref;
}
static void ar_free(kinf_informer_t* inf, int i) {
    kinf__arena_free(inf, inf->slots[i].cur);
    inf->slots[i].cur = 0;
    ar_want[i] = 0;
}
/* every block still holds its pattern */
static int ar_intact(kinf_informer_t* inf) {
    int i;
    uint32_t k;
    for (i = 0; i < AR_MAX; i++) {
        const uint8_t* p;
        if (!ar_want[i]) { continue; }
        p = (const uint8_t*)kinf__blk_at(inf, inf->slots[i].cur);
        if (kinf__blk_at(inf, inf->slots[i].cur)->size < ar_want[i]) { return 0; }
        for (k = sizeof(kinf__blk); k < ar_want[i]; k++) { if (p[k] != (uint8_t)('a' + i % 26)) { return 0; } }
    }
    return 1;
}
/* the store's own walk of the arena and its lists (the sanitizer build's KINF_SELFCHECK) */
static void ar_check(const kinf_informer_t* inf) {
#ifdef KINF_SELFCHECK
    kinf__selfcheck(inf);
#else
    (void)inf;
#endif
}
static kinf_informer_t* ar_mk(size_t store_bytes) {
    kinf_informer_t* inf = mk_store(AR_MAX, store_bytes);
    memset(ar_want, 0, sizeof(ar_want));
    return inf;
}
static void test_arena_reuse(void) {
    kinf_informer_t* inf;
    uint32_t a, b, c, top;
    g_test = "arena_reuse";
    if (!CHECK((inf = ar_mk(4096)) != 0)) { return; }
    a = ar_alloc(inf, 0, 100); b = ar_alloc(inf, 1, 100); c = ar_alloc(inf, 2, 100);
    CHECK(a == 1 && b == 101 && c == 201 && inf->top == 300 && inf->used == 300);
    ar_free(inf, 1);
    ar_check(inf);
    CHECK(inf->top == 300 && inf->used == 200 && kinf__blk_at(inf, c)->pfree == 1);
    top = (uint32_t)inf->top;
    CHECK(ar_alloc(inf, 3, 97) == b);              /* the hole, not the top */
    CHECK(inf->top == top && inf->used == 300 && kinf__blk_at(inf, c)->pfree == 0);
    ar_free(inf, 3);
    CHECK(ar_alloc(inf, 3, 40) == b);              /* split: 40 of the 100 */
    CHECK(kinf__blk_at(inf, b)->size == 40 && kinf__blk_at(inf, b + 40)->owner == KINF__FREE_OWNER && kinf__blk_at(inf, b + 40)->size == 60);
    ar_check(inf);
    CHECK(ar_alloc(inf, 4, 48) == b + 40);         /* the rest, 12 bytes over: too few for a block, kept as tail */
    CHECK(kinf__blk_at(inf, b + 40)->size == 60 && kinf__blk_at(inf, b + 40)->tail == 12 && inf->used == 300 && inf->slack == 12 && inf->top == top);
    ar_check(inf);
    CHECK(inf->st.store_compactions == 0 && ar_intact(inf));
    /* a block at the top goes: the top comes down, over a free block below it too */
    ar_free(inf, 3);
    ar_free(inf, 2);
    CHECK(inf->top == 300 - 100 && inf->used == 160 && inf->slack == 12);
    ar_free(inf, 4);
    CHECK(inf->top == 100 && inf->used == 100 && inf->slack == 0 && inf->fl_map == 0);
    ar_check(inf);
    rm(inf);
}
static void test_arena_merge(void) {
    kinf_informer_t* inf;
    uint32_t r[5];
    int i;
    g_test = "arena_merge";
    if (!CHECK((inf = ar_mk(4096)) != 0)) { return; }
    for (i = 0; i < 5; i++) { r[i] = ar_alloc(inf, i, 100); }
    ar_free(inf, 0); ar_free(inf, 2);
    ar_check(inf);
    ar_free(inf, 1);                              /* merges with both neighbours: one block of 300 */
    ar_check(inf);
    CHECK(kinf__blk_at(inf, r[0])->owner == KINF__FREE_OWNER && kinf__blk_at(inf, r[0])->size == 300);
    CHECK(kinf__blk_at(inf, r[3])->pfree == 1 && *kinf__blk_word(inf, r[0], 296) == 300);
    CHECK(inf->fl_head[kinf__fl_class(300)] == r[0]);
    CHECK(ar_alloc(inf, 5, 280) == r[0]);         /* 300 serves 280 whole (20 over would be a block: split) */
    CHECK(kinf__blk_at(inf, r[0])->size == 280 && kinf__blk_at(inf, r[0] + 280)->size == 20);
    ar_check(inf);
    ar_free(inf, 3);                              /* merges with the 20 below it */
    CHECK(kinf__blk_at(inf, r[0] + 280)->size == 120 && kinf__blk_at(inf, r[4])->pfree == 1);
    ar_check(inf);
    ar_free(inf, 4); ar_free(inf, 5);
    CHECK(inf->top == 0 && inf->used == 0 && inf->fl_map == 0);
    ar_check(inf);
    rm(inf);
}
/* two blocks on one list: the one left when the first is taken is still
   found by a larger request's search of the lists above its own */
static void test_arena_lists(void) {
    kinf_informer_t* inf;
    uint32_t r[4];
    int i;
    g_test = "arena_lists";
    if (!CHECK((inf = ar_mk(4096)) != 0)) { return; }
    for (i = 0; i < 4; i++) { r[i] = ar_alloc(inf, i, 100); }
    ar_free(inf, 0); ar_free(inf, 2);             /* both on the list of 96..111 bytes */
    CHECK(ar_alloc(inf, 4, 40) == r[2]);          /* the list's first, split */
    CHECK(ar_alloc(inf, 5, 70) == r[0]);          /* no list of its own size: the next one up that holds a block */
    CHECK(inf->top == 400 && inf->fl_map == 1u && inf->sl_map[0] == ((1u << kinf__fl_class(60)) | (1u << kinf__fl_class(28)))); /* the two rests */
    ar_check(inf);
    CHECK(ar_intact(inf));
    rm(inf);
}
/* a block made smaller in place (a journal's edit): the bytes it no longer
   needs go back when they can be a block, else stay as its slack */
static void test_arena_shrink(void) {
    kinf_informer_t* inf;
    uint32_t a;
    g_test = "arena_shrink";
    if (!CHECK((inf = ar_mk(4096)) != 0)) { return; }
    a = ar_alloc(inf, 0, 200);
    ar_alloc(inf, 1, 50);
    kinf__arena_shrink(inf, a, 190);              /* 8 bytes fewer: slack */
    ar_want[0] = 190;
    CHECK(kinf__blk_at(inf, a)->size == 200 && kinf__blk_at(inf, a)->tail == 10 && inf->used == 252 && inf->slack == 8);
    ar_check(inf);
    kinf__arena_shrink(inf, a, 97);               /* 100 fewer: a free block */
    ar_want[0] = 97;
    CHECK(kinf__blk_at(inf, a)->size == 100 && kinf__blk_at(inf, a)->tail == 3 && inf->used == 152 && inf->slack == 0);
    CHECK(kinf__blk_at(inf, a + 100)->owner == KINF__FREE_OWNER && kinf__blk_at(inf, a + 100)->size == 100);
    ar_check(inf);
    CHECK(ar_intact(inf));
    rm(inf);
}
/* holes that no allocation fits: it compacts, and a block that then does
   not fit the live bytes is refused with nothing changed */
static void test_arena_fragmented(void) {
    kinf_informer_t* inf;
    int i;
    g_test = "arena_fragmented";
    if (!CHECK((inf = ar_mk(1000)) != 0)) { return; }
    for (i = 0; i < 10; i++) { CHECK(ar_alloc(inf, i, 100) != 0); }
    CHECK(inf->top == 1000 && ar_alloc(inf, 10, 20) == 0);
    for (i = 0; i < 10; i += 2) { ar_free(inf, i); }
    CHECK(inf->used == 500 && inf->top == 1000);
    CHECK(ar_alloc(inf, 10, 200) != 0);           /* five holes of 100: compacted */
    CHECK(inf->st.store_compactions == 1 && inf->top == 700 && inf->used == 700 && inf->fl_map == 0);
    ar_check(inf);
    CHECK(ar_alloc(inf, 11, 304) == 0);           /* 700 + 304 > 1000: no compaction either */
    CHECK(inf->st.store_compactions == 1 && inf->used == 700 && inf->top == 700);
    CHECK(ar_alloc(inf, 11, 300) != 0 && inf->used == 1000);
    ar_check(inf);
    CHECK(ar_intact(inf));
    rm(inf);
}
/* random allocations and frees: the arena refuses exactly when the bytes
   of the live blocks (each its size rounded to 4) and the new one exceed
   store_bytes, as the bump allocator did; it keeps every block's bytes and
   passes its self-check throughout */
static void test_arena_random(void) {
    int run, bad_refuse = 0, bad_check = 0, refusals = 0, reuses = 0, compactions = 0, ops = 0;
    g_test = "arena_random";
    for (run = 0; run < 40; run++) {
        size_t cap = 600 + rnd(6000) * 4u, model = 0;
        kinf_informer_t* inf = ar_mk(cap);
        int step;
        if (!CHECK(inf != 0)) { return; }
        for (step = 0; step < 600; step++) {
            int i = (int)rnd(AR_MAX);
            ops++;
            if (ar_want[i]) {
                model -= (ar_want[i] + 3u) & ~3u;
                ar_free(inf, i);
            } else {
                uint32_t want = 20u + (rnd(8) == 0 ? rnd(1200) : rnd(300)), need = (want + 3u) & ~3u;
                size_t top = inf->top;
                uint32_t ref = ar_alloc(inf, i, want);
                if ((ref == 0) != (model + need > cap)) {
                    if (!bad_refuse++) { note("run %d step %d: %u bytes %s with %zu of %zu live", run, step, want, ref ? "taken" : "refused", model, cap); }
                }
                if (ref) { model += need; reuses += ref - 1u < top; } else { refusals++; }
            }
            ar_check(inf);
            if (inf->used - inf->slack != model || !ar_intact(inf)) { if (!bad_check++) { note("run %d step %d: used %zu, model %zu", run, step, inf->used, model); } }
        }
        compactions += (int)inf->st.store_compactions;
        rm(inf);
    }
    CHECK_INT(bad_refuse, 0);
    CHECK_INT(bad_check, 0);
    CHECK(refusals > 100 && reuses > 1000 && compactions > 20);
    printf("# arena random: %d operations, %d refusals, %d reuses, %d compactions\n", ops, refusals, reuses, compactions);
}
static void test_arena(void) {
    test_arena_reuse();
    test_arena_merge();
    test_arena_lists();
    test_arena_shrink();
    test_arena_fragmented();
    test_arena_random();
}
