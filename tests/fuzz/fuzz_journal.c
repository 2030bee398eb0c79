/* libFuzzer target: a snapshot's journal replayed at load (>>snapshot file).

   The image is fixed: the store of fz_prefill and the filler of fz_jr_store below, written by the library
   at a fixed time into a file of a temporary directory made once per
   process. The input is the journal that follows it, without its 32-byte
   header. Byte 0 of the input is control:
   - bit 0: each record's XXH64 is recomputed over what the record's own
     length frames (so that mutated records get past the checksum and into
     the replay);
   - bit 1: the header names another image (the journal must be ignored);
   - bits 2-3: the read buffer of the second load (256, 257, 4096 bytes or
     the default 16 KiB);
   - bit 4: the second load's event buffer is 4 KiB (the least) instead of 8 KiB, so
     records above it take the path that reads them in two parts.
   The journal is loaded with kinf_snapshot_load_file into two fresh
   informers that differ only by the buffers above. Checked:
   - both give the same result, the same error item and the same store:
     the buffers may change how a record is read, never what is loaded
     (but an object above the 4 KiB event buffer refuses that load with
     SNAPSHOT_TOO_LARGE, as a watch refuses it);
   - a refused load leaves the store empty and logs its error item;
   - an accepted one passes the lister and store checks, the journal named
     another image only if it was ignored (the store is then the image's),
     each add delivers once with KINF_OBJ_FROM_SNAPSHOT, and the image the
     library writes of it loads back to the same store (load(write(x))).
   At start, known answers: journals the library appends through
   kinf_snapshot_save_file after updates, adds, deletes, a delete and
   re-add, and a record above 4 KiB load back (with 8 KiB and 4 KiB event
   buffers) to the store that wrote them. With FUZZ_JOURNAL_SEEDS=DIR set,
   the target writes those journals there as its seeds and exits:
   tests/fuzz/run.sh does this before fuzzing. */
#include "fuzz_informer.h"
#include "fuzz_snap.h"

#include <sys/stat.h>
#include <unistd.h>

/* a journal's header: what kinf__jrnl_head writes (magic, version, byte
   order, the image's checksum, its own checksum) */
#define FZ_JHEAD 32u

/* The image's filler: a journal is appended only while it stays small
   beside its image (a few changes of a few hundred bytes need an image of
   some 40 KB), so the image holds FZ_FILL pods besides fz_prefill's three. */
#define FZ_FILL 55
/* a new informer (*mem its memory) holding the image's store, listed */
static kinf_informer_t* fz_jr_store(void** mem) {
    static char ev[FZ_FILL * 900];
    kinf_informer_t* inf = fz_snap_informer(mem, 0, 0);
    size_t o = 0;
    int i;
    for (i = 0; i < FZ_FILL; i++) {
        o += (size_t)snprintf(ev + o, sizeof(ev) - o,
                              "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"f-%d\",\"namespace\":\"fill\",\"resourceVersion\":\"%d\","
                              "\"labels\":{\"app\":\"f%d\"}},\"spec\":{\"nodeName\":\"node-%d\",\"pad\":\"%0640d\"}}}\n",
                              i, 100 + i, i % 4, i % 7, i);
    }
    fz_snap_events(inf, fz_prefill);
    fz_snap_events(inf, ev);
    inf->listed = 1;
    return inf;
}

#define FZ_64 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
#define FZ_1K FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64 FZ_64
#define FZ_BIG FZ_1K FZ_1K FZ_64 FZ_64 FZ_64
/* the changes of the seeds' journal records, one batch a save */
static const char* const fz_batches[] = {
    "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"6\",\"labels\":{\"app\":\"y\"}},\"spec\":{\"nodeName\":\"n2\"}}}\n",
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"c\",\"namespace\":\"other\",\"resourceVersion\":\"7\",\"labels\":{\"app\":\"x\"}},\"data\":{\"big\":\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"}}}\n"
    "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"node-0\",\"resourceVersion\":\"8\"}}}\n",
    "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\",\"resourceVersion\":\"9\"},\"data\":{\"k\":\"v\"}}}\n"
    "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"10\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"uid\":\"u2\",\"resourceVersion\":\"11\"}}}\n",
    /* a record above 4 KiB (two objects of 2.5 KB each: an object must fit
       the event buffer, a record need not): read in two parts with bit 4's */
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"resourceVersion\":\"12\"},\"data\":{\"k\":\"" FZ_BIG "\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"big2\",\"namespace\":\"ns\",\"resourceVersion\":\"12\"},\"data\":{\"k\":\"" FZ_BIG "\"}}}\n",
    "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"resourceVersion\":\"13\"},\"data\":{\"k\":\"" FZ_BIG "x\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"c2\",\"namespace\":\"ns\",\"resourceVersion\":\"14\"}}}\n",
};

static char fz_dir[256], fz_path[300], fz_jpath[320];
static uint8_t fz_image[60 * 1024];
static size_t fz_image_len;
static uint64_t fz_image_sum;

static void fz_put_file(const char* path, const uint8_t* b, size_t n) {
    FILE* f = fopen(path, "wb");
    if (!f || (n && fwrite(b, 1, n, f) != n) || fclose(f) != 0) { perror(path); abort(); }
}
static size_t fz_get_file(const char* path, uint8_t* b, size_t cap) {
    FILE* f = fopen(path, "rb");
    size_t n;
    if (!f) { return 0; }
    n = fread(b, 1, cap, f);
    fclose(f);
    return n;
}
/* a temporary directory, removed at exit */
static void fz_rm(void) {
    unlink(fz_jpath);
    unlink(fz_path);
    rmdir(fz_dir);
}
static void fz_mkdir(void) {
    const char* t = getenv("TMPDIR");
    snprintf(fz_dir, sizeof(fz_dir), "%s/fuzz_journal.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(fz_dir)) { perror("mkdtemp"); abort(); }
    snprintf(fz_path, sizeof(fz_path), "%s/snap", fz_dir);
    snprintf(fz_jpath, sizeof(fz_jpath), "%s/snap.journal", fz_dir);
    atexit(fz_rm);
}

/* The journals of one to five saves after an image, written by the library
   at fz_path: with dir, each is a seed there; then, known answers, the
   image and the whole journal load back to the store that wrote them, and
   so with a 4 KiB event buffer (records read in two parts). */
static void fz_journals(const char* dir) {
    static uint8_t j[64 * 1024];
    kinf_informer_t *inf, *back;
    void *mem, *mb;
    size_t n, i;
    inf = fz_jr_store(&mem);
    if (kinf_snapshot_save_file(inf, fz_path) != KINF_OK) { fprintf(stderr, "seed image failed\n"); exit(1); }
    for (i = 0; i < sizeof(fz_batches) / sizeof(fz_batches[0]); i++) {
        char name[16];
        fz_snap_events(inf, fz_batches[i]);
        if (kinf_snapshot_save_file(inf, fz_path) != KINF_OK) { fprintf(stderr, "seed save %zu failed\n", i); exit(1); }
        n = fz_get_file(fz_jpath, j, sizeof(j));
        if (n <= FZ_JHEAD) { fprintf(stderr, "save %zu wrote an image, not a journal\n", i); exit(1); }
        snprintf(name, sizeof(name), "saves%zu", i + 1);
        if (dir) { fz_seed(dir, name, 1, j + FZ_JHEAD, n - FZ_JHEAD); }
    }
    for (i = 0; i < 2; i++) {
        back = fz_snap_informer(&mb, 0, i ? 4096 : 0);
        fz_item = 0;
        FZ_CHECK(kinf_snapshot_load_file(back, fz_path) == KINF_OK, "the library's own image and journal do not load (event buffer %s: %s)", i ? "4 KiB" : "8 KiB", kinf_log_item_name(fz_item));
        fz_same_store(inf, back, 0); /* the writer's came from a watch, not a snapshot */
        kinf_shutdown(back);
        free(mb);
    }
    kinf_shutdown(inf);
    free(mem);
    unlink(fz_jpath);
}

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerInitialize(int* argc, char*** argv) {
    const char* dir = getenv("FUZZ_JOURNAL_SEEDS");
    kinf_informer_t* inf;
    void* mem;
    fz_dst o;
    (void)argc; (void)argv;
    fz_mkdir();
    fz_journals(dir);
    if (dir) { exit(0); }
    /* the image every input's journal follows: the prefill's store at a fixed time */
    inf = fz_jr_store(&mem);
    o.b = fz_image; o.cap = sizeof(fz_image); o.n = 0;
    if (kinf_snapshot_write(inf, 1700000000000ull, fz_write, &o) != KINF_OK || o.n < 8) { fprintf(stderr, "image write failed\n"); exit(1); }
    fz_image_len = o.n;
    fz_image_sum = kinf__le_get(fz_image + o.n - 8, 8);
    fz_put_file(fz_path, fz_image, fz_image_len);
    kinf_shutdown(inf);
    free(mem);
    return 0;
}

/* the records of j[0..n) framed by their own lengths, each checksum made right */
static void fz_fix_sums(uint8_t* j, size_t n) {
    size_t at = 0;
    while (n - at >= 12) {
        uint64_t len = kinf__le_get(j + at, 4);
        kinf__xxh x;
        if (len > n - at - 12) { break; }
        kinf__xxh_init(&x);
        kinf__xxh_update(&x, j + at, 4u + (size_t)len);
        kinf__le_put(j + at + 4 + len, kinf__xxh_digest(&x), 8);
        at += 4u + (size_t)len + 8u;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t rbytes[4] = { 256, 257, 4096, 0 };
    static uint8_t jr[FZ_JHEAD + 70 * 1024], out[70 * 1024];
    kinf_informer_t *a, *b, *c;
    void *ma, *mb, *mc;
    int ra, rb;
    uint32_t ia, ib;
    size_t n;
    fz_dst o;
    if (size < 1 || size - 1 > sizeof(jr) - FZ_JHEAD) { return 0; }
    n = size - 1;
    kinf__jrnl_head(jr, (data[0] & 2) ? fz_image_sum ^ 1u : fz_image_sum);
    memcpy(jr + FZ_JHEAD, data + 1, n);
    if (data[0] & 1) { fz_fix_sums(jr + FZ_JHEAD, n); }
    fz_put_file(fz_jpath, jr, FZ_JHEAD + n);

    a = fz_snap_informer(&ma, 0, 0);
    b = fz_snap_informer(&mb, rbytes[(data[0] >> 2) & 3], (data[0] & 16) ? 4096 : 0);
    kinf_add_handler(a, &fz_snap_handler);
    kinf_add_handler(b, &fz_snap_handler); /* the same handlers: the same versions kept */
    fz_item = 0;
    ra = kinf_snapshot_load_file(a, fz_path);
    ia = fz_item; fz_item = 0;
    rb = kinf_snapshot_load_file(b, fz_path);
    ib = fz_item;
    FZ_CHECK(ra == KINF_OK || ra == KINF_ERR_INVAL, "load: %d (%s)", ra, kinf_log_item_name(ia));
    /* an object above the 4 KiB event buffer is refused at load, as over a watch */
    FZ_CHECK((ra == rb && ia == ib) || ((data[0] & 16) && ra == KINF_OK && ib == KINF_LOGITEM_SNAPSHOT_TOO_LARGE),
             "the loads differ: %d (%s) and, with other buffers, %d (%s)", ra, kinf_log_item_name(ia), rb, kinf_log_item_name(ib));
    if (ra == KINF_OK && rb == KINF_OK) { fz_same_store(a, b, 1); }
    fz_check_lister_ex(a, 0);
    fz_check_lister_ex(b, 0);
    if (ra != KINF_OK) {
        fz_check_refused(a, ia);
        FZ_CHECK(!(data[0] & 2), "a journal of another image was not ignored: %s", kinf_log_item_name(ia));
    } else {
        fz_check_loaded(a);
        /* a journal of another image: the image alone */
        if (data[0] & 2) {
            c = fz_snap_informer(&mc, 0, 0);
            FZ_CHECK(kinf_snapshot_load_mem(c, fz_image, fz_image_len) == KINF_OK, "the image alone does not load");
            fz_same_store(a, c, 0);
            kinf_shutdown(c); free(mc);
        }
        /* what was loaded, written as an image, loads back the same */
        o.b = out; o.cap = sizeof(out); o.n = 0;
        FZ_CHECK(kinf_snapshot_write(a, a->snap_time, fz_write, &o) == KINF_OK, "cannot write what was loaded");
        c = fz_snap_informer(&mc, 0, 0);
        FZ_CHECK(kinf_snapshot_load_mem(c, out, o.n) == KINF_OK, "the image of what was loaded does not load");
        fz_same_store(a, c, 0);
        kinf_shutdown(c); free(mc);
        fz_check_adds(a);
        fz_check_lister_ex(a, 0);
    }
    kinf_shutdown(a); kinf_shutdown(b);
    free(ma); free(mb);
    return 0;
}
