/* What the snapshot targets share (fuzz_snapshot.c, fuzz_journal.c): their
   informer, a write function into memory, the checks of a load refused or
   accepted, and the comparison of two stores. Included after fuzz_common.h. */
#ifndef KINF_FUZZ_SNAP_H
#define KINF_FUZZ_SNAP_H

static uint32_t fz_item; /* the last error item logged */
static void fz_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* u) {
    (void)tag; (void)msg; (void)line; (void)file; (void)u;
    if (level == KINF_LOG_ERROR) { fz_item = item; }
}
/* the informer of the store targets (fuzz_common.h's desc and "app"
   index, no projection rules), without its handler: a snapshot's JSON is
   not checked again at load, so only its bounds are checked here;
   read_bytes and event_bytes 0 are the desc's */
static kinf_informer_t* fz_snap_informer(void** mem, size_t read_bytes, size_t event_bytes) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    size_t need;
    fz_desc(&d);
    d.read_bytes = read_bytes;
    if (event_bytes) { d.max_event_bytes = event_bytes; }
    d.logger.func = fz_logger;   /* which item a refusal logs */
    need = kinf_informer_size(&d);
    *mem = malloc(need);
    if (!*mem) { abort(); }
    inf = kinf_init(*mem, need, &d);
    FZ_CHECK(inf != 0, "kinf_init");
    FZ_CHECK(kinf_add_index(inf, "app", fz_index_app, 0) == 1, "kinf_add_index");
    return inf;
}

typedef struct fz_dst { uint8_t* b; size_t cap, n; } fz_dst;
static int fz_write(const void* d, size_t len, void* u) {
    fz_dst* o = (fz_dst*)u;
    if (len > o->cap - o->n) { return -1; }
    memcpy(o->b + o->n, d, len);
    o->n += len;
    return 0;
}

/* The same objects in a and b. exact: also the same bytes taken, FIFO and
   flags (two loads of one input); else the bytes without the slack blocks
   keep, which depends on the order of the allocations (a journal's edits
   against an image's load in one go), and flags not compared (objects of
   a watch against their load). */
static void fz_same_store(kinf_informer_t* a, kinf_informer_t* b, int exact) {
    kinf_iter_t it;
    kinf_object_t o, p;
    size_t ua = exact ? a->used : a->used - a->slack, ub = exact ? b->used : b->used - b->slack;
    FZ_CHECK(kinf_count(a) == kinf_count(b) && ua == ub && (!exact || a->flen == b->flen) && !strcmp(a->last_rv, b->last_rv),
             "two loads differ: %d/%d objects, %zu/%zu bytes, resourceVersion %s/%s", kinf_count(a), kinf_count(b), ua, ub, a->last_rv,
             b->last_rv);
    memset(&it, 0, sizeof(it));
    while (kinf_next(a, &it, &o)) {
        FZ_CHECK(kinf_get(b, o.key, &p) == 1 && p.json_len == o.json_len && !memcmp(p.json, o.json, o.json_len) &&
                 !strcmp(p.resource_version, o.resource_version) && !strcmp(p.uid, o.uid) && (!exact || p.flags == o.flags),
                 "%s differs between the two loads", o.key);
    }
}

/* a refused load (item: what it logged) leaves nothing */
static void fz_check_refused(kinf_informer_t* a, uint32_t item) {
    FZ_CHECK(kinf_count(a) == 0 && a->used == 0 && a->nused == 0 && a->flen == 0 && a->last_rv[0] == 0 && !a->snap_loaded,
             "a refused load left %d objects, %zu bytes, FIFO %u, resourceVersion \"%s\"", kinf_count(a), a->used, a->flen, a->last_rv);
    FZ_CHECK(item != 0 && kinf_last_error(a) == item, "a refused load logged no error item");
}

/* an accepted load: stale, each object braces with no NUL inside and
   kinf_field inside it (the JSON is not checked again) */
static void fz_check_loaded(kinf_informer_t* a) {
    kinf_iter_t it;
    kinf_object_t ob;
    FZ_CHECK(kinf_snapshot_stale(a, 0) == 1, "loaded, not stale");
    memset(&it, 0, sizeof(it));
    while (kinf_next(a, &it, &ob)) {
        FZ_CHECK(ob.json_len >= 2 && ob.json[0] == '{' && ob.json[ob.json_len - 1] == '}' && ob.json[ob.json_len] == 0 &&
                 strlen(ob.json) == ob.json_len, "%s: not an object's braces, or a NUL inside", ob.key);
        fz_read_fields(&ob);
    }
}

/* a loaded store's adds: each once, with KINF_OBJ_FROM_SNAPSHOT, identity-only
   objects through on_oversized */
static unsigned long fz_nflag;
static void fz_on_add_snap(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)inf; (void)u;
    FZ_CHECK((o->flags & KINF_OBJ_FROM_SNAPSHOT) && !(o->flags & KINF_OBJ_IDENTITY_ONLY), "an add from a snapshot: flags %x", o->flags);
    fz_nflag++;
}
static void fz_on_oversized_snap(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)u;
    FZ_CHECK(!old && (o->flags & KINF_OBJ_FROM_SNAPSHOT) && (o->flags & KINF_OBJ_IDENTITY_ONLY),
             "an identity-only object from a snapshot: old %p, flags %x", (const void*)old, o->flags);
    fz_nflag++;
}
static const kinf_handler_t fz_snap_handler = { fz_on_add_snap, 0, 0, 0, fz_on_oversized_snap };
/* delivers a's FIFO: one add an object */
static void fz_check_adds(kinf_informer_t* a) {
    fz_nflag = 0;
    kinf__hd_dispatch(a);
    while (a->flen) { kinf__hd_dispatch(a); }
    FZ_CHECK(fz_nflag == (unsigned long)kinf_count(a), "%lu adds of %d objects", fz_nflag, kinf_count(a));
}

/* the store both targets' seeds start from: three objects, an update, a bookmark */
static const char fz_prefill[] =
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"1\",\"labels\":{\"app\":\"x\"}},\"spec\":{\"nodeName\":\"n1\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"node-0\",\"resourceVersion\":\"3\"},\"status\":{\"phase\":\"Running\"}}}\n"
    "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\",\"resourceVersion\":\"4\"},\"data\":{\"k\":\"\\u00e9\\n\"}}}\n"
    "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"5\"}}}\n";

/* watch events fed to inf's body loop, every change delivered */
static void fz_snap_events(kinf_informer_t* inf, const char* ev) {
    inf->body_mode = KINF__BODY_WATCH;
    kinf__scan_reset(&inf->scan, 0);
    fz_feed(inf, (const uint8_t*)ev, strlen(ev), 0, 0);
    while (inf->flen) { kinf__hd_dispatch(inf); }
}
/* a seed file dir/name: nctl control bytes (1, then 0s), then b[0..n) */
static void fz_seed(const char* dir, const char* name, int nctl, const uint8_t* b, size_t n) {
    char path[1024];
    FILE* f;
    int k;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    for (k = 0; k < nctl; k++) { fputc(k == 0, f); }
    fwrite(b, 1, n, f);
    fclose(f);
}

#endif /* KINF_FUZZ_SNAP_H */
