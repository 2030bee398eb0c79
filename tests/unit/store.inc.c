/* store.inc.c - included by main.c: the store (>>store): the arena, the
   hash and its collisions, compaction, a stress run at its limits; the
   lister and its indexes. node_index is engine.inc.c's too. */

static kinf_informer_t* mk_store(int max_objects, size_t store_bytes) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = max_objects; d.store_bytes = store_bytes;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); watch_begin(inf); }
    return inf;
}
static void test_store_limits(void) {
    kinf_informer_t* inf;
    kinf_object_t o;
    kinf_stats_t st;
    char big[1024];
    g_test = "store_slots";
    inf = mk_store(4, 2048);
    if (!CHECK(inf != 0)) { return; }
    evlog_reset(); log_reset();
    CHECK_INT(pod(inf, "ADDED", "ns", "a", "1", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "b", "2", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "c", "3", 0), 0);
    CHECK_INT(pod(inf, "ADDED", "ns", "d", "4", 0), 0);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    /* four keys queued fill the FIFO (its capacity is max_objects): the body
       loop reads no further until they are delivered */
    dispatch(inf);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2 A ns/c 3 A ns/d 4");
    CHECK_INT(pod(inf, "ADDED", "ns", "e", "5", 0), 0); /* the stream goes on */
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_STORE_SLOTS_FULL);
    CHECK_INT(logged(KINF_LOGITEM_STORE_SLOTS_FULL), 1);
    st = kinf_stats(inf);
    CHECK_INT(st.dropped, 1); CHECK_INT(st.objects, 4);
    CHECK_INT(kinf_count(inf), 4);
    CHECK(!kinf_get(inf, "ns/e", &o));
    CHECK_STR(kinf_get(inf, "ns/a", &o) ? o.resource_version : "", "1");
    CHECK_STR(kinf_get(inf, "ns/d", &o) ? o.resource_version : "", "4");
    /* an update of a cached key still works when the slots are full */
    evlog_reset();
    CHECK_INT(pod(inf, "MODIFIED", "ns", "b", "6", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "U ns/b 2>6");
    /* a deleted key frees its slot once delivered, not before */
    evlog_reset();
    CHECK_INT(pod(inf, "DELETED", "ns", "a", "7", 0), 0);
    CHECK_INT(kinf_count(inf), 3);
    CHECK_INT(pod(inf, "ADDED", "ns", "e", "8", 0), 0);
    CHECK_INT(kinf_stats(inf).dropped, 2);
    dispatch(inf);
    CHECK_INT(pod(inf, "ADDED", "ns", "e", "9", 0), 0);
    dispatch(inf);
    CHECK_STR(g_evlog, "D ns/a 7 A ns/e 9");
    CHECK_INT(kinf_count(inf), 4);
    CHECK_STR(kinf_get(inf, "ns/e", &o) ? o.resource_version : "", "9");
    rm(inf);

    g_test = "store_full";
    inf = mk_store(16, 2048);
    if (!CHECK(inf != 0)) { return; }
    memset(big, 'x', 600); big[600] = 0;
    evlog_reset(); log_reset();
    {
        int i, full = 0, identity = 0;
        char name[16], rv[16];
        for (i = 0; i < 7; i++) {
            snprintf(name, sizeof(name), "p%d", i); snprintf(rv, sizeof(rv), "%d", 10 + i);
            CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"%s\",\"annotations\":{\"a\":\"%s\"}}}", name, rv, big), 0);
            snprintf(name, sizeof(name), "ns/p%d", i);
            if (CHECK(kinf_get(inf, name, &o))) {
                if (o.flags & KINF_OBJ_IDENTITY_ONLY) {
                    identity++;
                    CHECK(json_valid(o.json, o.json_len));
                    CHECK(strstr(o.json, "annotations") == 0);
                    CHECK_STR(o.resource_version, rv);
                } else {
                    full++;
                    CHECK(strstr(o.json, big) != 0);
                }
            }
            CHECK(kinf_stats(inf).store_used <= 2048);
        }
        CHECK(full >= 2); CHECK(identity >= 1);
        CHECK_INT(full + identity, 7);
        CHECK_INT(kinf_stats(inf).store_full, identity);
        CHECK_INT(logged(KINF_LOGITEM_STORE_FULL), identity);
        CHECK_INT(kinf_count(inf), 7);
        dispatch(inf);
        CHECK_INT(g_nadd, full); CHECK_INT(g_nover, identity); /* identity-only: on_oversized, not on_add */
        /* fill the rest with identity-only objects until even those are dropped */
        for (i = 7; i < 16; i++) {
            snprintf(name, sizeof(name), "p%d", i); snprintf(rv, sizeof(rv), "%d", 10 + i);
            CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"%s\",\"annotations\":{\"a\":\"%s\"}}}", name, rv, big), 0);
        }
        st = kinf_stats(inf);
        CHECK(st.dropped >= 1);
        CHECK_INT((long long)st.objects + (long long)st.dropped, 16);
        CHECK_INT(logged(KINF_LOGITEM_STORE_FULL), st.store_full + st.dropped);
        for (i = 0; i < 16; i++) {
            snprintf(name, sizeof(name), "ns/p%d", i);
            if (kinf_get(inf, name, &o)) { CHECK(json_valid(o.json, o.json_len)); }
        }
        CHECK(st.store_used <= 2048); CHECK(st.store_peak <= 2048);
    }
    rm(inf);
}

/* random upserts and deletes against a shadow model */
#define SK 20
static int sm_rv[SK];  /* server: rv, 0 = absent */
static int hv_rv[SK];  /* what the handlers were told last */
static int sm_bad;
static int key_index(const kinf_object_t* o) { return atoi(o->name + 1); }
static int payload_ok(const kinf_object_t* o) {
    char b[512], want[512];
    int k = key_index(o), rv = atoi(o->resource_version), n = (rv * 7 + k) % 300;
    memset(want, 'a' + rv % 26, (size_t)n); want[n] = 0;
    return kinf_field_str(o, "data.v", b, sizeof(b)) == (size_t)n && !strcmp(b, want);
}
static void s_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    int k = key_index(o);
    (void)inf; (void)u;
    if (hv_rv[k] != 0 || !payload_ok(o)) { if (!sm_bad++) { note("add %s %s: handlers had %d", o->key, o->resource_version, hv_rv[k]); } }
    hv_rv[k] = atoi(o->resource_version);
}
static void s_upd(kinf_informer_t* inf, const kinf_object_t* a, const kinf_object_t* b, void* u) {
    int k = key_index(b);
    (void)inf; (void)u;
    if (hv_rv[k] != atoi(a->resource_version) || strcmp(a->key, b->key) || !payload_ok(a) || !payload_ok(b)) {
        if (!sm_bad++) { note("update %s %s>%s: handlers had %d", b->key, a->resource_version, b->resource_version, hv_rv[k]); }
    }
    hv_rv[k] = atoi(b->resource_version);
}
static void s_del(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    int k = key_index(o);
    (void)inf; (void)u;
    if (hv_rv[k] == 0 || fsu || !payload_ok(o)) { if (!sm_bad++) { note("delete %s %s: handlers had %d", o->key, o->resource_version, hv_rv[k]); } }
    hv_rv[k] = 0;
}
static int s_event(kinf_informer_t* inf, const char* type, int k, int rv) {
    char pay[512];
    int n = (rv * 7 + k) % 300;
    memset(pay, 'a' + rv % 26, (size_t)n); pay[n] = 0;
    return wev(inf, type, "{\"metadata\":{\"name\":\"k%d\",\"namespace\":\"s\",\"resourceVersion\":\"%d\"},\"data\":{\"v\":\"%s\"}}", k, rv, pay);
}
/* BUG (fixed in ce8cbd1): kinf__arena_compact read
   b->owner AFTER memmove(arena + w, arena + r, sz); when a block moves down by
   less than its own size the move overwrites its header, so `b->owner & 1u`
   read a byte of the moved data and could set slot->old instead of
   slot->cur: the key was lost (kinf_get failed, a later event took a second
   slot, kinf_count drifted). Here: a small hole below an object whose key is
   all 'a' (an odd byte) makes the next allocation compact. */
static void test_compact_small_shift(void) {
    kinf_informer_t* inf;
    kinf_object_t o;
    char name[201], key[210], pay[300];
    g_test = "compact_small_shift";
    inf = mk_store(8, 1200);
    if (!CHECK(inf != 0)) { return; }
    memset(name, 'a', 200); name[200] = 0;
    memset(pay, 'a', 250); pay[250] = 0;
    snprintf(key, sizeof(key), "ns/%s", name);
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"x\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"},\"d\":\"0123456789012345678901234567890123\"}"), 0);
    CHECK_INT(wev(inf, "ADDED", "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"},\"d\":\"%s\"}", name, pay), 0);
    dispatch(inf);
    CHECK_INT(wev(inf, "DELETED", "{\"metadata\":{\"name\":\"x\",\"namespace\":\"ns\",\"resourceVersion\":\"3\"}}"), 0);
    dispatch(inf);   /* frees the block of x: a hole below the big one */
    CHECK(inf->top > inf->used);
    CHECK(inf->top - inf->used < 200); /* the big block moves by less than its size */
    {
        /* z needs 8 bytes more than is left at the top: 28 + json bytes
           (the 16-byte header, "ns/z", "ns", "", "4" and the JSON's NUL) */
        const char* pre = "{\"metadata\":{\"name\":\"z\",\"namespace\":\"ns\",\"resourceVersion\":\"4\"},\"d\":\"";
        size_t need = inf->store_bytes - inf->top + 8, plen = need - 28 - strlen(pre) - 2;
        char zp[600];
        memset(zp, 'b', plen); zp[plen] = 0;
        CHECK_INT(wev(inf, "ADDED", "%s%s\"}", pre, zp), 0);
    }
    CHECK(inf->top == inf->used); /* it compacted */
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_OK);
    CHECK(kinf_get(inf, key, &o) && !strcmp(o.resource_version, "2") && strstr(o.json, pay) != 0);
    CHECK(kinf_get(inf, "ns/z", &o) && !strcmp(o.resource_version, "4"));
    CHECK_INT(kinf_count(inf), 2);
    rm(inf);
}

/* the key hash table wraps at its end: backward-shift delete must move
   entries across the wrap (max_objects 8: 16 buckets; 16: 21 buckets, not a
   power of two) */
static void hash_wrap(int max_objects, uint32_t nb) {
    kinf_informer_t* inf = mk_store(max_objects, 1 << 14);
    char keys[5][32], names[5][32];
    int want[5], found = 0, i, n, round, bad = 0;
    kinf_object_t o;
    if (!CHECK(inf != 0)) { return; }
    CHECK_INT(inf->kb_n, nb);
    /* E homes at nb-2; A, B, C at nb-1; D at 0 */
    want[0] = (int)nb - 2; want[1] = want[2] = want[3] = (int)nb - 1; want[4] = 0;
    for (i = 0; i < 5; i++) {
        for (n = 0; n < 100000; n++) {
            int j, dup = 0;
            snprintf(names[i], sizeof(names[i]), "k%d", n);
            snprintf(keys[i], sizeof(keys[i]), "ns/k%d", n);
            for (j = 0; j < i; j++) { dup |= !strcmp(keys[j], keys[i]); }
            if (!dup && kinf__kb_home(inf, kinf__fnv(keys[i], strlen(keys[i]))) == (uint32_t)want[i]) { found++; break; }
        }
    }
    if (!CHECK_INT_OK(found, 5)) { rm(inf); return; }
    for (i = 0; i < 5; i++) { CHECK_INT(pod(inf, "ADDED", "ns", names[i], "1", 0), 0); }
    dispatch(inf);
    /* a bucket: the slot in its low bits, the top of the key's hash above */
    CHECK_INT(KINF__KB_SLOT(inf->kb[nb - 2]), 0); CHECK_INT(KINF__KB_SLOT(inf->kb[nb - 1]), 1); CHECK_INT(KINF__KB_SLOT(inf->kb[0]), 2);
    CHECK_INT(KINF__KB_SLOT(inf->kb[1]), 3); CHECK_INT(KINF__KB_SLOT(inf->kb[2]), 4);
    CHECK_INT(inf->kb[nb - 2] >> KINF__SLOT_BITS, KINF__KB_TAG(kinf__fnv(keys[0], strlen(keys[0]))));
    /* delete A (at 15): B, C and D shift back across the end */
    CHECK_INT(pod(inf, "DELETED", "ns", names[1], "2", 0), 0);
    dispatch(inf);
    for (i = 0; i < 5; i++) {
        if (!CHECK(kinf_get(inf, keys[i], &o) == (i != 1))) { note("%s", keys[i]); }
    }
    CHECK(inf->kb[2] == KINF__KB_EMPTY);
    CHECK_INT(kinf_count(inf), 4);
    /* churn in the small table against a model */
    {
        int model[12];
        memset(model, 0, sizeof(model));
        for (i = 0; i < 5; i++) { pod(inf, "DELETED", "ns", names[i], "3", 0); }
        dispatch(inf);
        for (round = 0; round < 3000; round++) {
            char nm[16], key[24], rv[16];
            int k = (int)rnd(12), live = 0;
            snprintf(nm, sizeof(nm), "c%d", k); snprintf(rv, sizeof(rv), "%d", round + 10);
            if (model[k] && rnd(2)) { pod(inf, "DELETED", "ns", nm, rv, 0); model[k] = 0; }
            else if (model[k] || rnd(12) < 8) {
                int cnt = 0, j;
                for (j = 0; j < 12; j++) { cnt += model[j] != 0; }
                if (!model[k] && cnt >= 8) { continue; } /* the slots are full */
                pod(inf, model[k] ? "MODIFIED" : "ADDED", "ns", nm, rv, 0); model[k] = round + 10;
            }
            dispatch(inf);
            for (i = 0; i < 12; i++) {
                snprintf(key, sizeof(key), "ns/c%d", i);
                if (model[i]) { live++; }
                if (kinf_get(inf, key, &o) != (model[i] != 0) || (model[i] && atoi(o.resource_version) != model[i])) {
                    if (!bad++) { note("round %d key %s: model %d", round, key, model[i]); }
                }
            }
            if (kinf_count(inf) != live && !bad++) { note("round %d: count %d, model %d", round, kinf_count(inf), live); }
        }
        CHECK_INT(bad, 0);
        CHECK_INT(kinf_stats(inf).dropped, 0);
    }
    rm(inf);
}
static void test_hash_wrap(void) {
    g_test = "hash_wrap";
    hash_wrap(8, 16);
    hash_wrap(16, 21);
}
/* store_bytes: 2 * SK * 400, both versions of every key fit, barely; a
   little over the peak of live bytes, holes make it compact */
static void store_stress(size_t store_bytes, int must_compact) {
    static const kinf_handler_t sh = { s_add, s_upd, s_del, 0, 0 };
    kinf_desc_t d;
    kinf_informer_t* inf;
    int round, k, rv = 1, bad_get = 0, bad_count = 0, bad_feed = 0, compactions = 0, ops = 0;
    g_rng = 88172645u;
    desc_base(&d);
    d.max_objects = 32; d.store_bytes = store_bytes;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &sh);
    watch_begin(inf);
    memset(sm_rv, 0, sizeof(sm_rv)); memset(hv_rv, 0, sizeof(hv_rv)); sm_bad = 0;
    log_reset();
    for (round = 0; round < 1500; round++) {
        int nops = 1 + (int)rnd(5), i;
        for (i = 0; i < nops; i++) {
            k = (int)rnd(SK);
            rv++;
            if (sm_rv[k] && rnd(3) == 0) {
                if (s_event(inf, "DELETED", k, rv)) { bad_feed++; }
                sm_rv[k] = 0;
            } else {
                if (s_event(inf, sm_rv[k] ? "MODIFIED" : "ADDED", k, rv)) { bad_feed++; }
                sm_rv[k] = rv;
            }
            ops++;
        }
        if (rnd(4) == 0) { continue; } /* sometimes let changes pile up */
        dispatch(inf);
        {
            int live = 0;
            for (k = 0; k < SK; k++) {
                char key[16];
                kinf_object_t o;
                int got;
                snprintf(key, sizeof(key), "s/k%d", k);
                got = kinf_get(inf, key, &o);
                if (sm_rv[k]) { live++; }
                if (got != (sm_rv[k] != 0) || (got && (atoi(o.resource_version) != sm_rv[k] || !payload_ok(&o)))) {
                    if (!bad_get++) { note("round %d key %d: model %d, got %d %s", round, k, sm_rv[k], got, got ? o.resource_version : ""); }
                }
                if (hv_rv[k] != sm_rv[k]) { if (!sm_bad++) { note("round %d key %d: handlers %d, model %d", round, k, hv_rv[k], sm_rv[k]); } }
            }
            if (kinf_count(inf) != live) { if (!bad_count++) { note("round %d: count %d, model %d", round, kinf_count(inf), live); } }
        }
    }
    CHECK_INT(bad_feed, 0); CHECK_INT(bad_get, 0); CHECK_INT(bad_count, 0); CHECK_INT(sm_bad, 0);
    CHECK_INT(logged(KINF_LOGITEM_STORE_FULL), 0);
    CHECK_INT(logged(KINF_LOGITEM_STORE_SLOTS_FULL), 0);
    compactions = (int)kinf_stats(inf).store_compactions;
    if (must_compact) { CHECK(compactions > 20); }
    printf("# store stress: %d events, %d compactions, peak %zu of %zu bytes\n", ops, compactions, kinf_stats(inf).store_peak, kinf_stats(inf).store_capacity);
    rm(inf);
}
static void test_store_stress(void) {
    g_test = "store_stress";
    store_stress(2 * SK * 400, 0);
    store_stress(7800, 1);
}

/* ================================================================== lister and indexes */
static int node_index(const kinf_object_t* o, char* buf, size_t cap, void* user) {
    (void)user;
    return kinf_field_str(o, "spec.nodeName", buf, cap) > 0;
}
static int never_index(const kinf_object_t* o, char* buf, size_t cap, void* user) { (void)o; (void)buf; (void)cap; (void)user; return 0; }
/* appends "key " to out (cap bytes) */
static void join_key(char* out, size_t cap, const char* key) {
    size_t o = strlen(out), n = strlen(key);
    if (o + n + 2 > cap) { return; }
    memcpy(out + o, key, n); out[o + n] = ' '; out[o + n + 1] = 0;
}
/* the keys kinf_index_next gives, sorted, as one string */
static int key_cmp(const void* a, const void* b) { return strcmp((const char*)a, (const char*)b); }
static void index_keys(kinf_informer_t* inf, int index, const char* value, char* out, size_t cap, int* dup) {
    static char keys[256][64];
    kinf_iter_t it;
    kinf_object_t o;
    int n = 0, i;
    memset(&it, 0, sizeof(it));
    while (n < 256 && kinf_index_next(inf, index, value, &it, &o)) { snprintf(keys[n++], 64, "%s", o.key); }
    qsort(keys, (size_t)n, 64, key_cmp);
    out[0] = 0;
    *dup = 0;
    for (i = 0; i < n; i++) {
        if (i && !strcmp(keys[i], keys[i - 1])) { (*dup)++; }
        join_key(out, cap, keys[i]);
    }
}
static void brute_keys(kinf_informer_t* inf, const char* path, const char* value, char* out, size_t cap) {
    static char keys[256][64];
    kinf_iter_t it;
    kinf_object_t o;
    int n = 0, i;
    char v[256];
    memset(&it, 0, sizeof(it));
    while (n < 256 && kinf_next(inf, &it, &o)) {
        int has = path ? kinf_field_str(&o, path, v, sizeof(v)) > 0 : (snprintf(v, sizeof(v), "%s", o.namespace_), 1);
        if (has && !strcmp(v, value)) { snprintf(keys[n++], 64, "%s", o.key); }
    }
    qsort(keys, (size_t)n, 64, key_cmp);
    out[0] = 0;
    for (i = 0; i < n; i++) { join_key(out, cap, keys[i]); }
}
static void test_lister(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_object_t o, o2;
    kinf_iter_t it;
    kinf_handle_t hd;
    int node_ix, i, round, bad_ix = 0, bad_next = 0, dup = 0;
    static char a[8192], b[8192];
    static const char* nss[] = { "ns0", "ns1", "ns2", "" };
    static const char* nodes[] = { "n0", "n1", "n2", "n3", "" };
    g_test = "lister";
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16; d.max_indexes = 2;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    kinf_add_handler(inf, &g_handler);
    node_ix = kinf_add_index(inf, "node", node_index, 0);
    CHECK_INT(node_ix, 1);
    CHECK_INT(kinf_add_index(inf, "never", never_index, 0), 2);
    log_reset();
    CHECK_INT(kinf_add_index(inf, "third", node_index, 0), KINF_ERR_NOMEM);
    CHECK_INT(logged(KINF_LOGITEM_INDEXES_FULL), 1);
    CHECK_INT(kinf_add_index(inf, "nofn", 0, 0), KINF_ERR_INVAL);
    watch_begin(inf);
    /* random pods; after each change the indexes equal a brute-force filter */
    for (round = 0; round < 400; round++) {
        char name[16], rv[16];
        int k = (int)rnd(40);
        const char* ns = nss[k % 4];
        snprintf(name, sizeof(name), "p%d", k); snprintf(rv, sizeof(rv), "%d", round + 1);
        if (rnd(4) == 0) { pod(inf, "DELETED", ns, name, rv, 0); }
        else { pod(inf, "MODIFIED", ns, name, rv, nodes[rnd(5)]); }
        if (rnd(3) == 0) { dispatch(inf); }
        for (i = 0; i < 4; i++) {
            index_keys(inf, KINF_INDEX_NAMESPACE, nss[i], a, sizeof(a), &dup);
            brute_keys(inf, 0, nss[i], b, sizeof(b));
            if (strcmp(a, b) || dup) { if (!bad_ix++) { note("round %d ns \"%s\": index {%s} brute {%s}", round, nss[i], a, b); } }
        }
        for (i = 0; i < 5; i++) {
            index_keys(inf, node_ix, nodes[i], a, sizeof(a), &dup);
            brute_keys(inf, "spec.nodeName", nodes[i], b, sizeof(b));
            if (strcmp(a, b) || dup) { if (!bad_ix++) { note("round %d node \"%s\": index {%s} brute {%s}", round, nodes[i], a, b); } }
        }
        /* kinf_next: each visible object once; as many as kinf_count */
        {
            int n = 0;
            memset(&it, 0, sizeof(it));
            while (kinf_next(inf, &it, &o)) { n++; if (!kinf_get(inf, o.key, &o2) || o2.handle.id != o.handle.id) { bad_next++; } }
            if (n != kinf_count(inf)) { if (!bad_next++) { note("round %d: kinf_next %d, count %d", round, n, kinf_count(inf)); } }
        }
    }
    CHECK_INT(bad_ix, 0);
    CHECK_INT(bad_next, 0);
    dispatch(inf);
    /* the index that never has a value, and bad arguments */
    memset(&it, 0, sizeof(it));
    CHECK_INT(kinf_index_next(inf, 2, "", &it, &o), 0);
    memset(&it, 0, sizeof(it));
    CHECK_INT(kinf_index_next(inf, 3, "n1", &it, &o), 0);
    memset(&it, 0, sizeof(it));
    CHECK_INT(kinf_index_next(inf, -1, "n1", &it, &o), 0);
    /* value change and delete, step by step */
    pod(inf, "ADDED", "x", "v", "1000", "node-a");
    index_keys(inf, node_ix, "node-a", a, sizeof(a), &dup); CHECK_STR(a, "x/v ");
    pod(inf, "MODIFIED", "x", "v", "1001", "node-b");
    index_keys(inf, node_ix, "node-a", a, sizeof(a), &dup); CHECK_STR(a, "");
    index_keys(inf, node_ix, "node-b", a, sizeof(a), &dup); CHECK_STR(a, "x/v ");
    index_keys(inf, KINF_INDEX_NAMESPACE, "x", a, sizeof(a), &dup); CHECK_STR(a, "x/v ");
    pod(inf, "DELETED", "x", "v", "1002", "node-b");
    index_keys(inf, node_ix, "node-b", a, sizeof(a), &dup); CHECK_STR(a, "");
    index_keys(inf, KINF_INDEX_NAMESPACE, "x", a, sizeof(a), &dup); CHECK_STR(a, "");
    pod(inf, "ADDED", "x", "v", "1003", "node-a"); /* re-added before dispatch */
    index_keys(inf, node_ix, "node-a", a, sizeof(a), &dup); CHECK_STR(a, "x/v ");
    dispatch(inf);
    index_keys(inf, node_ix, "node-a", a, sizeof(a), &dup); CHECK_STR(a, "x/v ");
    /* two values with the same FNV-1a hash share a bucket: each value finds only its own */
    CHECK_INT(kinf__fnv("node-522789", 11), kinf__fnv("node-739192", 11));
    pod(inf, "ADDED", "x", "h1", "1010", "node-522789");
    pod(inf, "ADDED", "x", "h2", "1011", "node-739192");
    pod(inf, "ADDED", "node-522789", "h3", "1012", 0);
    pod(inf, "ADDED", "node-739192", "h4", "1013", 0);
    index_keys(inf, node_ix, "node-522789", a, sizeof(a), &dup); CHECK_STR(a, "x/h1 ");
    index_keys(inf, node_ix, "node-739192", a, sizeof(a), &dup); CHECK_STR(a, "x/h2 ");
    index_keys(inf, KINF_INDEX_NAMESPACE, "node-522789", a, sizeof(a), &dup); CHECK_STR(a, "node-522789/h3 ");
    index_keys(inf, KINF_INDEX_NAMESPACE, "node-739192", a, sizeof(a), &dup); CHECK_STR(a, "node-739192/h4 ");
    /* handles: valid until the slot is reused, stale after */
    CHECK(kinf_get(inf, "x/v", &o));
    hd = o.handle;
    CHECK(kinf_lookup(inf, hd, &o2) && !strcmp(o2.key, "x/v"));
    pod(inf, "DELETED", "x", "v", "1004", 0);
    CHECK_INT(kinf_lookup(inf, hd, &o2), 0); /* hidden at once */
    dispatch(inf);
    CHECK_INT(kinf_lookup(inf, hd, &o2), 0);
    pod(inf, "ADDED", "x", "v2", "1005", 0);  /* takes the freed slot */
    CHECK(kinf_get(inf, "x/v2", &o));
    CHECK_INT(o.handle.id & 0xfffffu, hd.id & 0xfffffu);
    CHECK(o.handle.id != hd.id);
    CHECK_INT(kinf_lookup(inf, hd, &o2), 0);
    CHECK(kinf_lookup(inf, o.handle, &o2) && !strcmp(o2.key, "x/v2"));
    hd.id = 0; CHECK_INT(kinf_lookup(inf, hd, &o2), 0);
    hd.id = 0xffffffffu; CHECK_INT(kinf_lookup(inf, hd, &o2), 0);
    CHECK_INT(kinf_get(inf, "nope", &o2), 0);
    CHECK_INT(kinf_get(inf, "", &o2), 0);
    /* after start, no more indexes */
    CHECK_INT(kinf_poll(inf, 0), KINF_OK);
    log_reset();
    CHECK_INT(kinf_add_index(inf, "late", node_index, 0), KINF_ERR_STATE);
    CHECK_INT(logged(KINF_LOGITEM_INDEX_AFTER_START), 1);
    rm(inf);
    /* max_indexes < 0: none at all */
    desc_base(&d);
    d.max_indexes = -1;
    inf = mk(&d);
    if (CHECK(inf != 0)) { CHECK_INT(kinf_add_index(inf, "node", node_index, 0), KINF_ERR_NOMEM); rm(inf); }
}
/* Two keys of the same length whose hashes share the bucket tag and the home
   bucket: the table must tell them apart by their bytes. */
static void test_hash_collision(void) {
    kinf_informer_t* inf = mk_fifo(0, 0, 0);
    static char names[2][16];
    uint32_t seen_tag[4096 * 4];
    int i, found = 0;
    kinf_object_t o;
    char ev[256];
    g_test = "hash_collision";
    if (!CHECK(inf != 0)) { return; }
    memset(seen_tag, 0xff, sizeof(seen_tag));
    for (i = 0; i < 200000 && !found; i++) {
        char k[32];
        uint32_t h, slot;
        snprintf(k, sizeof(k), "ns/p%06d", i);
        h = kinf__fnv(k, strlen(k));
        slot = KINF__KB_TAG(h) * 4u + (kinf__kb_home(inf, h) & 3u);
        if (kinf__kb_home(inf, h) >= 4u) { continue; } /* the first four buckets only: the array stays small */
        if (seen_tag[slot] != 0xffffffffu) {
            snprintf(names[0], sizeof(names[0]), "p%06u", seen_tag[slot]);
            snprintf(names[1], sizeof(names[1]), "p%06d", i);
            found = 1;
        }
        seen_tag[slot] = (uint32_t)i;
    }
    if (!CHECK(found)) { rm(inf); return; }
    snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"}}}", names[0]);
    CHECK_INT(feeds(inf, ev), 0);
    {
        char kb[32];
        snprintf(kb, sizeof(kb), "ns/%s", names[1]);
        CHECK_INT(kinf_get(inf, kb, &o), 0); /* same tag, same home, same length: not the same key */
        snprintf(ev, sizeof(ev), "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"}}}", names[1]);
        CHECK_INT(feeds(inf, ev), 0);
        CHECK_INT(kinf_count(inf), 2);
        CHECK(kinf_get(inf, kb, &o) && !strcmp(o.name, names[1]) && !strcmp(o.resource_version, "2"));
        snprintf(kb, sizeof(kb), "ns/%s", names[0]);
        CHECK(kinf_get(inf, kb, &o) && !strcmp(o.name, names[0]) && !strcmp(o.resource_version, "1"));
    }
    rm(inf);
}
