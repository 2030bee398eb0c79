/* libFuzzer target: snapshot loads (>>snapshot).

   Input: 2 control bytes, then a snapshot. Byte 0: bit 0 recomputes the
   XXH64 trailer over the bytes before it (so that crafted snapshots get
   past the checksum and into the store), bits 1-3 the read size of the
   read function (whole, 1, 3, 64, 1000, 4096, 16383, 16384). Byte 1:
   bits 0-1 the informers' read buffer (the default 16 KiB, 256, 257 or
   4096 bytes: objects above it go through the event buffer), bit 2 a read
   function that fails (-1) at byte (byte 1 >> 3) * 61 of the input.
   The snapshot is loaded twice, into two fresh informers of the store
   targets' sizes (fuzz_common.h): once from memory (kinf_snapshot_load_mem,
   from a buffer of exactly its size) and once through a read function.
   Checked:
   - both loads give the same result, the same log item, the same store --
     unless the read function failed: then that load is refused with
     SNAPSHOT_UNREADABLE and leaves nothing;
   - a refused load leaves the store empty (no object, no bytes, no FIFO
     entry, no resourceVersion) and the informer lists as if it had none;
   - an accepted one passes the lister and arena checks, its adds deliver
     with KINF_OBJ_FROM_SNAPSHOT, kinf_field stays inside every object, and
     the snapshot written from it at the loaded write time is the input,
     byte for byte (write(load(x)) == x).
   With FUZZ_SNAPSHOT_SEEDS=DIR set, the target writes its seeds there
   (snapshots the library wrote of a listed and watched informer) and
   exits: tests/fuzz/run.sh does this before fuzzing. */
#include "fuzz_informer.h"
#include "fuzz_snap.h"

typedef struct fz_src { const uint8_t* b; size_t n, pos, step, fail_at; int failed; } fz_src;
static long fz_read(void* buf, size_t cap, void* u) {
    fz_src* s = (fz_src*)u;
    size_t k = s->n - s->pos;
    if (s->pos >= s->fail_at) { s->failed = 1; return -1; }
    if (k > s->fail_at - s->pos) { k = s->fail_at - s->pos; }
    if (k > cap) { k = cap; }
    if (s->step && k > s->step) { k = s->step; }
    memcpy(buf, s->b + s->pos, k);
    s->pos += k;
    return (long)k;
}

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerInitialize(int* argc, char*** argv) {
    static uint8_t out[64 * 1024];
    const char* dir = getenv("FUZZ_SNAPSHOT_SEEDS");
    kinf_informer_t* inf;
    void* mem;
    fz_dst o;
    (void)argc; (void)argv;
    if (!dir) { return 0; }
    inf = fz_snap_informer(&mem, 0, 0);
    fz_snap_events(inf, fz_prefill);
    inf->listed = 1;
    o.b = out; o.cap = sizeof(out); o.n = 0;
    if (kinf_snapshot_write(inf, 1700000000000ull, fz_write, &o) != KINF_OK) { fprintf(stderr, "seed write failed\n"); exit(1); }
    fz_seed(dir, "three", 2, out, o.n);
    /* one object (a deleted), then none */
    fz_snap_events(inf, "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"6\"}}}\n"
                        "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"node-0\",\"resourceVersion\":\"7\"}}}\n");
    o.n = 0;
    if (kinf_snapshot_write(inf, 1700000000001ull, fz_write, &o) != KINF_OK) { exit(1); }
    fz_seed(dir, "one", 2, out, o.n);
    kinf_shutdown(inf);
    free(mem);
    exit(0);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t steps[8] = { 0, 1, 3, 64, 1000, 4096, 16383, 16384 };
    static const size_t rbytes[4] = { 0, 256, 257, 4096 };
    static uint8_t in[70 * 1024], out[70 * 1024];
    kinf_informer_t *a, *b;
    void *ma, *mb;
    uint8_t* exact;
    fz_src src;
    fz_dst o;
    int ra, rb;
    uint32_t ia, ib;
    size_t n;
    if (size < 2 || size - 2 > sizeof(in)) { return 0; }
    n = size - 2;
    memcpy(in, data + 2, n);
    if ((data[0] & 1) && n >= 8) {
        kinf__xxh h;
        kinf__xxh_init(&h);
        kinf__xxh_update(&h, in, n - 8);
        kinf__le_put(in + n - 8, kinf__xxh_digest(&h), 8);
    }
    a = fz_snap_informer(&ma, rbytes[data[1] & 3], 0);
    b = fz_snap_informer(&mb, rbytes[data[1] & 3], 0);
    kinf_add_handler(a, &fz_snap_handler);
    fz_item = 0;
    exact = (uint8_t*)malloc(n ? n : 1);   /* ASan sees a read past the end */
    if (!exact) { abort(); }
    memcpy(exact, in, n);
    ra = kinf_snapshot_load_mem(a, exact, n);
    free(exact);
    ia = fz_item; fz_item = 0;
    memset(&src, 0, sizeof(src));
    src.b = in; src.n = n; src.step = steps[(data[0] >> 1) & 7];
    src.fail_at = (data[1] & 4) ? (size_t)(data[1] >> 3) * 61u : (size_t)-1;
    rb = kinf_snapshot_load(b, fz_read, &src);
    ib = fz_item;
    FZ_CHECK(ra == KINF_OK || ra == KINF_ERR_INVAL, "load: %d", ra);
    if (src.failed) {
        FZ_CHECK(rb == KINF_ERR_INVAL && ib == KINF_LOGITEM_SNAPSHOT_UNREADABLE, "the read function failed: %d (%s)", rb,
                 kinf_log_item_name(ib));
        FZ_CHECK(kinf_count(b) == 0 && b->used == 0 && b->nused == 0 && b->flen == 0 && b->last_rv[0] == 0,
                 "an unreadable snapshot left %d objects", kinf_count(b));
    } else {
        FZ_CHECK(ra == rb && ia == ib, "load from memory: %d (%s), through a function: %d (%s)", ra, kinf_log_item_name(ia), rb,
                 kinf_log_item_name(ib));
        fz_same_store(a, b, 1);
    }
    fz_check_lister_ex(a, 0);
    if (ra != KINF_OK) {
        fz_check_refused(a, ia);
    } else {
        fz_check_loaded(a);
        /* the same bytes back */
        o.b = out; o.cap = sizeof(out); o.n = 0;
        FZ_CHECK(kinf_snapshot_write(a, a->snap_time, fz_write, &o) == KINF_OK, "cannot write what was loaded");
        FZ_CHECK(o.n == n && !memcmp(out, in, n), "write(load(x)) != x: %zu bytes written of %zu", o.n, n);
        fz_check_adds(a);
        fz_check_lister_ex(a, 0);
    }
    kinf_shutdown(a); kinf_shutdown(b);
    free(ma); free(mb);
    return 0;
}
