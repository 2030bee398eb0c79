/* snapshot.inc.c - included by main.c: the persisted cache (>>snapshot)
   and its checksum, XXH64. Uses corpus_add from field.inc.c and ix_fn from
   log.inc.c. */

typedef struct snap_mem { uint8_t* b; size_t cap, n, pos, step; } snap_mem;
static int snap_w(const void* d, size_t len, void* u) {
    snap_mem* m = (snap_mem*)u;
    if (m->n + len > m->cap) { return -1; }
    memcpy(m->b + m->n, d, len); m->n += len;
    return 0;
}
static long snap_r(void* buf, size_t cap, void* u) {
    snap_mem* m = (snap_mem*)u;
    size_t k = m->n - m->pos;
    if (k > cap) { k = cap; }
    if (m->step && k > m->step) { k = m->step; }
    memcpy(buf, m->b + m->pos, k); m->pos += k;
    return (long)k;
}
/* a read function that fails (-1) at byte fail_at */
typedef struct snap_failing { snap_mem m; size_t fail_at; int failed; } snap_failing;
static long snap_r_fail(void* buf, size_t cap, void* u) {
    snap_failing* f = (snap_failing*)u;
    if (f->m.pos >= f->fail_at) { f->failed = 1; return -1; }
    if (cap > f->fail_at - f->m.pos) { cap = f->fail_at - f->m.pos; }
    return snap_r(buf, cap, &f->m);
}
/* the offset of the first object's record in snapshot b */
static size_t snap_first_record(const uint8_t* b) {
    size_t o = 44;
    int k;
    for (k = 0; k < 5; k++) { o += 2u + (size_t)(b[o] | b[o + 1] << 8); }
    return o;
}
static int snap_load(kinf_informer_t* inf, const uint8_t* b, size_t n, size_t step) {
    snap_mem m;
    m.b = (uint8_t*)(uintptr_t)b; m.cap = m.n = n; m.pos = 0; m.step = step;
    return kinf_snapshot_load(inf, snap_r, &m);
}
static int g_nsnapflag;
static void h_snap_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)u; g_nsnapflag += (o->flags & KINF_OBJ_FROM_SNAPSHOT) != 0; }
static const kinf_handler_t g_snap_handler = { h_snap_add, 0, 0, 0, 0 };
/* An informer of the engine tests with a list of a(1), b(2), c(3) at RV 50 applied. */
static kinf_informer_t* snap_listed(uint64_t t) {
    kinf_informer_t* inf = eng_mk();
    if (!inf) { return 0; }
    kinf_engine_tick(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    eng_send(inf, t);
    eng_recv(inf, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"50\"},\"items\":[" ITEM("a", "1") "," ITEM("b", "2") "," ITEM("c", "3") "]}", 0), 64, t);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    return inf;
}
/* x listed with a(1) at RV 50 through the engine, its watch begun */
static void snap_list_one(kinf_informer_t* x) {
    kinf_engine_tick(kinf_informer_engine(x), ENG_T0);
    kinf_engine_connected(kinf_informer_engine(x), ENG_T0);
    eng_send(x, ENG_T0);
    eng_recv(x, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"50\"},\"items\":[" ITEM("a", "1") "]}", 0), 64, ENG_T0);
    dispatch(x);
    watch_begin(x);
}
/* XXH64, the snapshot's checksum: answers of xxhsum -H64 (xxHash 0.8.1) for
   n bytes (i*131+7)&0xff, whole and fed in every split into two pieces and
   byte by byte */
static void test_xxh64(void) {
    static const struct { size_t n; uint64_t h; } v[] = {
        { 0, 0xef46db3751d8e999ull }, { 1, 0xa96c7f0ce858bbb7ull }, { 3, 0xbed43740ee6332bbull },
        { 4, 0xfa212ae44b3bb23dull }, { 5, 0xd339dcc9ac8e6776ull }, { 8, 0x994b676b71ce94ddull },
        { 9, 0x572b84c18b983af8ull }, { 15, 0x09e6451ed2ff8b1dull }, { 31, 0x6711d55e306b5d8full },
        { 32, 0x07f7b8e3bc5d6e25ull }, { 33, 0x09f85eeb4e1cbe9full }, { 63, 0xb7c9968c066cb6a5ull },
        { 64, 0x50d4159a0411632eull }, { 65, 0xd277176bff863efcull }, { 100, 0x9ddada11d3dc2d8full },
        { 255, 0x15a6db05d4e83df4ull }, { 1000, 0x0bf0bdbcc82eb373ull }, { 4097, 0x00811ab3925b884aull } };
    static uint8_t b[4097];
    size_t i, k, j;
    int whole = 0, split = 0, bytes = 0;
    kinf__xxh h;
    g_test = "xxh64";
    for (i = 0; i < sizeof(b); i++) { b[i] = (uint8_t)((i * 131u + 7u) & 0xffu); }
    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        kinf__xxh_init(&h); kinf__xxh_update(&h, b, v[i].n);
        whole += kinf__xxh_digest(&h) == v[i].h;
        for (k = 0; k <= v[i].n && v[i].n <= 255; k++) {
            kinf__xxh_init(&h); kinf__xxh_update(&h, b, k); kinf__xxh_update(&h, b + k, v[i].n - k);
            split += kinf__xxh_digest(&h) != v[i].h;
        }
        kinf__xxh_init(&h);
        for (j = 0; j < v[i].n; j++) { kinf__xxh_update(&h, b + j, 1); }
        bytes += kinf__xxh_digest(&h) == v[i].h;
    }
    CHECK_INT(whole, (int)(sizeof(v) / sizeof(v[0])));
    CHECK_INT(split, 0);
    CHECK_INT(bytes, (int)(sizeof(v) / sizeof(v[0])));
}
/* the objects of a and b the same (b's from the snapshot) */
static int snap_same(kinf_informer_t* a, kinf_informer_t* b) {
    kinf_object_t o, p;
    kinf_iter_t it;
    int diff = 0;
    memset(&it, 0, sizeof(it));
    while (kinf_next(a, &it, &o)) {
        if (!kinf_get(b, o.key, &p) || strcmp(o.json, p.json) || strcmp(o.resource_version, p.resource_version) ||
            strcmp(o.uid, p.uid) || o.json_len != p.json_len || p.flags != (o.flags | KINF_OBJ_FROM_SNAPSHOT)) { diff++; }
    }
    return diff + (kinf_count(a) != kinf_count(b));
}
/* A snapshot for inf (its server, path, selectors and projection) at RV 50
   with one object ns/u whose uid is ul bytes of 'x', made by hand in b (the
   writer never has a uid over 127 bytes: the capture holds no more); its
   length. */
static size_t snap_one_uid(kinf_informer_t* inf, uint8_t* b, size_t ul) {
    static const char js[] = "{\"metadata\":{\"name\":\"u\",\"namespace\":\"ns\",\"resourceVersion\":\"7\"}}";
    kinf__xxh h;
    size_t o = 44, l;                  /* the fixed header */
    int k;
    kinf__snap_head(inf, b, 42, 1);
    for (k = 0; k < 5; k++) {
        const char* s = k < 4 ? kinf__snap_str(inf, k) : "50";
        l = strlen(s);
        kinf__le_put(b + o, l, 2); memcpy(b + o + 2, s, l); o += 2 + l;
    }
    b[o] = 0; b[o + 1] = 2; kinf__le_put(b + o + 2, 1, 2); b[o + 4] = (uint8_t)ul; b[o + 5] = 1;
    kinf__le_put(b + o + 6, sizeof(js) - 1, 4); o += 10;
    memcpy(b + o, "nsu", 3); o += 3;
    memset(b + o, 'x', ul); o += ul;
    b[o++] = '7';
    memcpy(b + o, js, sizeof(js) - 1); o += sizeof(js) - 1;
    kinf__xxh_init(&h); kinf__xxh_update(&h, b, o);
    kinf__le_put(b + o, kinf__xxh_digest(&h), 8);
    return o + 8;
}
/* A uid fills uid[KINF__MAX_UID] with its NUL at 127 bytes: one of 128 or
   more is a malformed record, refused whole, from a reader and from memory. */
static void test_snapshot_uid_bound(void) {
    static uint8_t b[1024];
    static const size_t lens[4] = { 127, 128, 129, 255 };
    kinf_informer_t* inf;
    kinf_object_t o;
    size_t i, n;
    int way;
    g_test = "snapshot_uid_bound";
    for (i = 0; i < 4; i++) {
        for (way = 0; way < 2; way++) {
            inf = eng_mk();
            if (!CHECK(inf != 0)) { return; }
            n = snap_one_uid(inf, b, lens[i]);
            log_reset();
            if (lens[i] < KINF__MAX_UID) {
                CHECK_INT(way ? kinf_snapshot_load_mem(inf, b, n) : snap_load(inf, b, n, 0), KINF_OK);
                CHECK(kinf_get(inf, "ns/u", &o) && strlen(o.uid) == lens[i] && o.uid[0] == 'x');
                CHECK_STR(kinf_resource_version(inf), "50");
            } else {
                CHECK_INT(way ? kinf_snapshot_load_mem(inf, b, n) : snap_load(inf, b, n, 0), KINF_ERR_INVAL);
                CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_CORRUPT), 1);
                CHECK(kinf_count(inf) == 0 && inf->nused == 0 && inf->used == 0 && inf->flen == 0 && !inf->last_rv[0]);
                CHECK_INT(kinf_snapshot_stale(inf, 0), 0);
            }
            rm(inf);
        }
    }
}

/* The snapshot file's safety: a temp file left in the way, the mode, a
   directory that cannot be written, and autosave's backoff. Everything in
   a directory of mkdtemp's. */
static void snap_rmtree(const char* dir) {
    DIR* d = opendir(dir);
    struct dirent* de;
    char p[512];
    struct stat st;
    if (d) {
        while ((de = readdir(d)) != 0) {
            if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) { continue; }
            snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
            if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) { chmod(p, 0700); snap_rmtree(p); } else { unlink(p); }
        }
        closedir(d);
    }
    rmdir(dir);
}
static int snap_put_file(const char* path, const char* text, unsigned mode) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), ok;
    if (fd < 0) { return 0; }
    ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text) && fchmod(fd, (mode_t)mode) == 0;
    close(fd);
    return ok;
}
/* 1 when path holds exactly text */
static int snap_file_is(const char* path, const char* text) {
    char buf[256];
    int fd = open(path, O_RDONLY);
    ssize_t n;
    if (fd < 0) { return 0; }
    n = read(fd, buf, sizeof(buf));
    close(fd);
    return n == (ssize_t)strlen(text) && !memcmp(buf, text, (size_t)n);
}
/* 1 when path is a regular file of mode 0600 with inf's snapshot in it */
static int snap_saved_ok(kinf_informer_t* inf, const char* path) {
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0600 && st.st_nlink == 1 &&
           (size_t)st.st_size == kinf_snapshot_size(inf);
}
/* entries in dir, . and .. apart */
static int snap_entries(const char* dir) {
    DIR* d = opendir(dir);
    struct dirent* de;
    int n = 0;
    if (!d) { return -1; }
    while ((de = readdir(d)) != 0) { n += strcmp(de->d_name, ".") && strcmp(de->d_name, ".."); }
    closedir(d);
    return n;
}
/* A save of inf to path in a child process without the rights to write
   path's directory (root, whom a directory's mode does not stop, becomes
   nobody there). 0 when it returned KINF_ERR_IO with item logged once;
   otherwise bit 1: another result, 2: item not logged once, 4: could not
   give up root, 8: no child. */
static int snap_save_unprivileged(kinf_informer_t* inf, const char* path, uint32_t item) {
    pid_t pid;
    int st = 0;
    fflush(stdout);
    pid = fork();
    if (pid < 0) { return 8; }
    if (pid == 0) {
        int bits = 0;
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) { _exit(4); }
        log_reset();
        bits |= kinf_snapshot_save_file(inf, path) != KINF_ERR_IO;
        bits |= (logged(item) != 1) << 1;
        _exit(bits);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) { return 8; }
    return WEXITSTATUS(st);
}
static void test_snapshot_file_safety(void) {
    char dir[64], victim[96], path[160], tmp[192], ro[96];
    kinf_informer_t* a;
    struct stat st;
    mode_t um;
    int r;
    g_test = "snapshot_file_safety";
    snprintf(dir, sizeof(dir), "/tmp/kinf-unit-snapsafe-XXXXXX");
    if (!CHECK(mkdtemp(dir) != 0)) { return; }
    snprintf(victim, sizeof(victim), "%s/victim", dir);
    CHECK(snap_put_file(victim, "victim\n", 0644));
    /* path.tmp a symlink to another file: the link is removed, not followed */
    a = snap_listed(ENG_T0);
    if (!CHECK(a != 0)) { snap_rmtree(dir); return; }
    snprintf(path, sizeof(path), "%s/sym.snap", dir); snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    CHECK(symlink(victim, tmp) == 0);
    log_reset();
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITTEN), 1);
    CHECK(snap_file_is(victim, "victim\n"));
    CHECK(snap_saved_ok(a, path));
    CHECK(lstat(tmp, &st) != 0);
    /* a dangling one, to where a file would be made */
    snprintf(tmp, sizeof(tmp), "%s/dangling.snap.tmp", dir); snprintf(path, sizeof(path), "%s/made", dir);
    CHECK(symlink(path, tmp) == 0);
    snprintf(path, sizeof(path), "%s/dangling.snap", dir);
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    snprintf(tmp, sizeof(tmp), "%s/made", dir);
    CHECK(lstat(tmp, &st) != 0 && snap_saved_ok(a, path));
    /* a hard link to another file: unlinked, not written through */
    snprintf(path, sizeof(path), "%s/hard.snap", dir); snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    CHECK(link(victim, tmp) == 0);
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK(snap_file_is(victim, "victim\n") && stat(victim, &st) == 0 && st.st_nlink == 1);
    CHECK(snap_saved_ok(a, path));
    /* a stale one of mode 0666: the snapshot is 0600 all the same */
    snprintf(path, sizeof(path), "%s/mode.snap", dir); snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    CHECK(snap_put_file(tmp, "stale", 0666));
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK(snap_saved_ok(a, path));
    CHECK(lstat(tmp, &st) != 0);
    /* and under a umask that takes the owner's bits away */
    snprintf(path, sizeof(path), "%s/umask.snap", dir);
    um = umask(0377);
    r = kinf_snapshot_save_file(a, path);
    umask(um);
    CHECK_INT(r, KINF_OK); CHECK(snap_saved_ok(a, path));
    /* a directory in the way: not removed, the save fails with its own item */
    snprintf(path, sizeof(path), "%s/dir.snap", dir); snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    CHECK(mkdir(tmp, 0700) == 0);
    log_reset();
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_ERR_IO);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TEMP_EXISTS), 1); CHECK_INT(kinf_last_error(a), KINF_LOGITEM_SNAPSHOT_TEMP_EXISTS);
    CHECK(stat(tmp, &st) == 0 && S_ISDIR(st.st_mode) && lstat(path, &st) != 0);
    rmdir(tmp);
    rm(a);
    /* a directory that cannot be written: an error, nothing left; a stale
       path.tmp that can be written, in it, stays as it was */
    snprintf(ro, sizeof(ro), "%s/ro", dir);
    CHECK(mkdir(ro, 0700) == 0);
    snprintf(tmp, sizeof(tmp), "%s/stale.snap.tmp", ro);
    CHECK(snap_put_file(tmp, "stale", 0666));
    CHECK(chmod(ro, 0555) == 0 && chmod(dir, 0711) == 0);
    a = snap_listed(ENG_T0);
    if (CHECK(a != 0)) {
        snprintf(path, sizeof(path), "%s/x.snap", ro);
        CHECK_INT(snap_save_unprivileged(a, path, KINF_LOGITEM_SNAPSHOT_WRITE_FAILED), 0);
        CHECK_INT(snap_entries(ro), 1);
        snprintf(path, sizeof(path), "%s/stale.snap", ro);
        CHECK_INT(snap_save_unprivileged(a, path, KINF_LOGITEM_SNAPSHOT_TEMP_EXISTS), 0);
        CHECK(snap_file_is(tmp, "stale") && stat(tmp, &st) == 0 && (st.st_mode & 07777) == 0666);
        CHECK_INT(snap_entries(ro), 1);
        rm(a);
    }
    snap_rmtree(dir);
}
/* at[0..o) and " s" after it (s alone first), as far as cap allows; the new o */
static size_t snap_note_at(char* at, size_t cap, size_t o, int s) {
    int n = o < cap ? snprintf(at + o, cap - o, "%s%d", o ? " " : "", s) : 0;
    return n > 0 && o + (size_t)n < cap ? o + (size_t)n : cap;
}
/* autosave after failed saves: the next no sooner than the interval, then
   twice, four, eight times it; one log line when saves start failing, one
   when the failure changes, one when they work again; the interval from
   scratch after that */
static void test_snapshot_backoff(void) {
    char dir[64], sub[96], path[128], tmp[160], moved[96], at[256];
    kinf_informer_t* a;
    uint64_t t0 = ENG_T0;
    size_t o = 0;
    int s, rc, written = 0;
    g_test = "snapshot_backoff";
    snprintf(dir, sizeof(dir), "/tmp/kinf-unit-snapback-XXXXXX");
    if (!CHECK(mkdtemp(dir) != 0)) { return; }
    snprintf(sub, sizeof(sub), "%s/sub", dir);
    snprintf(moved, sizeof(moved), "%s/moved", dir);
    snprintf(path, sizeof(path), "%s/b.snap", sub);
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    a = snap_listed(t0);
    if (!CHECK(a != 0)) { snap_rmtree(dir); return; }
    log_reset();
    at[0] = 0;
    /* sub is not there: every save fails at the create */
    for (s = 0; s <= 400; s++) {
        a->conn.now = t0 + (uint64_t)s * 1000u;
        rc = kinf_snapshot_autosave(a, path, 10, 0);
        if (rc < 0) { o = snap_note_at(at, sizeof(at), o, s); }
        written += rc == 1;
    }
    CHECK_STR(at, "0 10 30 70 150 230 310 390");
    CHECK_INT(written, 0);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITE_FAILED), 1); CHECK_INT(g_nitems, 1);
    /* now a directory in the way of path.tmp: another failure, logged */
    CHECK(mkdir(sub, 0700) == 0 && mkdir(tmp, 0700) == 0);
    a->conn.now = t0 + 469000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 0);
    a->conn.now = t0 + 470000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), KINF_ERR_IO);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TEMP_EXISTS), 1); CHECK_INT(g_nitems, 2);
    /* gone: the next save works, once, and says the saves are back */
    CHECK(rmdir(tmp) == 0);
    a->conn.now = t0 + 549000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 0);
    a->conn.now = t0 + 550000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 1);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITE_RECOVERED), 1); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITTEN), 1);
    CHECK_INT(g_nitems, 4);
    CHECK(snap_saved_ok(a, path));
    a->conn.now = t0 + 551000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 0); /* clean */
    /* a change, and sub gone again: a new run of failures logs again, and
       waits the interval, not the eight times of the run before */
    watch_begin(a);
    CHECK_INT(pod(a, "ADDED", "ns", "e", "61", 0), 0);
    CHECK(rename(sub, moved) == 0);
    log_reset();
    a->conn.now = t0 + 559000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 0); /* the interval since the save */
    a->conn.now = t0 + 560000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), KINF_ERR_IO);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITE_FAILED), 1);
    a->conn.now = t0 + 569000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), 0);
    a->conn.now = t0 + 570000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 0), KINF_ERR_IO);
    /* at stop the save is tried whatever the wait, and not logged again */
    a->conn.now = t0 + 571000u; CHECK_INT(kinf_snapshot_autosave(a, path, 10, 1), KINF_ERR_IO);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITE_FAILED), 1); CHECK_INT(g_nitems, 1);
    CHECK_INT(kinf_snapshot_dirty(a, 0), 1);
    rm(a);
    /* an interval of 0 (a save whenever dirty): failures wait 1, 2, 4, 8 s */
    a = snap_listed(t0);
    if (CHECK(a != 0)) {
        o = 0; at[0] = 0;
        for (s = 0; s <= 40; s++) {
            a->conn.now = t0 + (uint64_t)s * 1000u;
            if (kinf_snapshot_autosave(a, path, 0, 0) < 0) { o = snap_note_at(at, sizeof(at), o, s); }
        }
        CHECK_STR(at, "0 1 3 7 15 23 31 39");
        rm(a);
    }
    snap_rmtree(dir);
}

/* >>snapshot journal: the changes appended to path.journal, replayed at load */
static long snap_fsize(const char* path) { struct stat st; return stat(path, &st) == 0 ? (long)st.st_size : -1; }
static size_t snap_slurp(const char* path, uint8_t* b, size_t cap) {
    int fd = open(path, O_RDONLY);
    ssize_t n;
    if (fd < 0) { return 0; }
    n = read(fd, b, cap);
    close(fd);
    return n > 0 ? (size_t)n : 0;
}
static int snap_spit(const char* path, const uint8_t* b, size_t n) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), ok;
    if (fd < 0) { return 0; }
    ok = write(fd, b, n) == (ssize_t)n;
    close(fd);
    return ok;
}
/* a fresh informer loaded from path; 0 when the load refused */
static kinf_informer_t* snap_from_file(const char* path) {
    kinf_informer_t* b = eng_mk();
    if (b && kinf_snapshot_load_file(b, path) != KINF_OK) { rm(b); b = 0; }
    return b;
}
/* the store of inf (loaded) as a snapshot in memory, to compare two loads */
static size_t snap_image_of(kinf_informer_t* inf, uint8_t* b, size_t cap) {
    snap_mem m;
    m.b = b; m.cap = cap; m.n = 0;
    return kinf__snap_stream(inf, 1, snap_w, &m) == 0 ? m.n : 0;
}
/* 1 when b, loaded, holds what a holds (objects and resourceVersion) */
static int snap_same_as(kinf_informer_t* a, kinf_informer_t* b) {
    kinf_object_t o, p;
    kinf_iter_t it;
    int diff = 0;
    memset(&it, 0, sizeof(it));
    while (kinf_next(a, &it, &o)) {
        if (!kinf_get(b, o.key, &p) || strcmp(o.json, p.json) || strcmp(o.resource_version, p.resource_version) ||
            strcmp(o.uid, p.uid) || !(p.flags & KINF_OBJ_FROM_SNAPSHOT)) { diff++; }
    }
    return !diff && kinf_count(a) == kinf_count(b) && !strcmp(kinf_resource_version(a), kinf_resource_version(b));
}
/* 1 when b holds what the snapshot img (of n bytes) holds, in any slot order */
static int snap_same_img(kinf_informer_t* b, const uint8_t* img, size_t n) {
    kinf_informer_t* c = eng_mk();
    int same = c && kinf_snapshot_load_mem(c, img, n) == KINF_OK && snap_same_as(c, b);
    rm(c);
    return same;
}
static void test_snapshot_journal(void) {
    static uint8_t jb[1 << 16], ib[1 << 16], want[1 << 16], got[1 << 16];
    char dir[64], path[128], jpath[160], other[128], name[16], rv[16];
    kinf_informer_t *a, *b, *c;
    long isz, jsz, prev;
    size_t jn, wn, k;
    int i, bad, torn;
    g_test = "snapshot_journal";
    snprintf(dir, sizeof(dir), "/tmp/kinf-unit-journal-XXXXXX");
    if (!CHECK(mkdtemp(dir) != 0)) { return; }
    snprintf(path, sizeof(path), "%s/j.snap", dir); snprintf(jpath, sizeof(jpath), "%s.journal", path);
    snprintf(other, sizeof(other), "%s/other.snap", dir);
    a = snap_listed(ENG_T0);
    if (!CHECK(a != 0)) { snap_rmtree(dir); return; }
    /* 30 more pods: an image large enough for a few records beside it */
    watch_begin(a);
    for (i = 0; i < 30; i++) {
        snprintf(name, sizeof(name), "q%d", i); snprintf(rv, sizeof(rv), "%d", 51 + i);
        CHECK_INT(pod(a, "ADDED", "ns", name, rv, "node-with-a-long-name"), 0);
    }
    dispatch(a);
    /* the first save is an image, and no journal */
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    isz = snap_fsize(path);
    CHECK(isz > 0 && snap_fsize(jpath) < 0);
    /* adds and an update: appended, the image left as it was */
    watch_begin(a);
    CHECK_INT(pod(a, "ADDED", "ns", "e", "61", 0), 0);
    CHECK_INT(pod(a, "MODIFIED", "ns", "a", "62", "n1"), 0);
    dispatch(a);
    log_reset();
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_WRITTEN), 1);
    CHECK(snap_fsize(path) == isz);
    jsz = snap_fsize(jpath);
    CHECK(jsz > 32);
    {
        struct stat st;
        CHECK(lstat(jpath, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0600);
    }
    b = snap_from_file(path);
    if (CHECK(b != 0)) {
        CHECK(snap_same_as(a, b)); CHECK_INT(kinf_count(b), 34);
        /* the same store as a full image of a gives */
        wn = snap_image_of(b, want, sizeof(want));
        c = eng_mk();
        if (CHECK(c != 0)) {
            {
                snap_mem m;
                m.b = ib; m.cap = sizeof(ib); m.n = 0;
                CHECK_INT(kinf_snapshot_write(a, 1, snap_w, &m), KINF_OK);
                CHECK_INT(kinf_snapshot_load_mem(c, ib, m.n), KINF_OK);
            }
            CHECK(snap_image_of(c, got, sizeof(got)) == wn && !memcmp(got, want, wn));
            rm(c);
        }
        rm(b);
    }
    /* the caller's own write (kinf_snapshot_write) is no image of the file: the next save is one */
    CHECK_INT(pod(a, "ADDED", "ns", "f", "63", 0), 0);
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK(snap_fsize(path) != isz && snap_fsize(jpath) < 0);
    isz = snap_fsize(path);
    /* deletes: one delivered (its slot freed: a tombstone keeps the key), one still queued */
    CHECK_INT(pod(a, "DELETED", "ns", "b", "64", 0), 0);
    dispatch(a);
    CHECK_INT(pod(a, "DELETED", "ns", "c", "65", 0), 0);
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK(snap_fsize(path) == isz && snap_fsize(jpath) > 32);
    prev = snap_fsize(jpath);
    wn = snap_image_of(a, want, sizeof(want));    /* the store the journal holds before its last record */
    dispatch(a);
    /* deleted and made again between two saves: made */
    CHECK_INT(pod(a, "DELETED", "ns", "e", "66", 0), 0);
    dispatch(a);
    CHECK_INT(pod(a, "ADDED", "ns", "e", "67", 0), 0);
    dispatch(a);
    CHECK_INT(pod(a, "MODIFIED", "ns", "d", "68", 0), 0);  /* d was never there: an add */
    CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
    CHECK(snap_fsize(path) == isz);
    b = snap_from_file(path);
    if (CHECK(b != 0)) {
        CHECK(snap_same_as(a, b)); CHECK_INT(kinf_count(b), 34);
        CHECK_STR(stored(b, "ns/b"), ""); CHECK_STR(stored(b, "ns/c"), "");
        rm(b);
    }
    /* the journal cut at every byte of its last record: everything before it loads */
    jn = snap_slurp(jpath, jb, sizeof(jb));
    CHECK(jn > (size_t)prev);
    bad = torn = 0;
    for (k = (size_t)prev; k < jn; k++) {
        CHECK(snap_spit(jpath, jb, k));
        log_reset();
        b = snap_from_file(path);
        if (!b) { bad++; continue; }
        torn += logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_TORN) == 1;
        if (!snap_same_img(b, want, wn)) { bad++; }
        rm(b);
    }
    CHECK_INT(bad, 0);
    CHECK_INT(torn, (int)(jn - (size_t)prev) - 1);            /* all but the cut at the record's start */
    /* a journal cut so is not appended to: the next save is an image */
    CHECK(snap_spit(jpath, jb, jn - 3));
    b = snap_from_file(path);
    if (CHECK(b != 0)) {
        kinf_engine_tick(kinf_informer_engine(b), ENG_T0);
        dispatch(b);
        watch_begin(b);
        CHECK_INT(pod(b, "ADDED", "ns", "g", "70", 0), 0);
        CHECK_INT(kinf_snapshot_save_file(b, path), KINF_OK);
        CHECK(snap_fsize(jpath) < 0 && snap_fsize(path) != isz);
        c = snap_from_file(path);
        if (CHECK(c != 0)) { CHECK(snap_same_as(b, c)); rm(c); }
        rm(b);
    }
    CHECK(snap_spit(jpath, jb, jn));
    /* a journal beside another image: ignored with a warning, never applied */
    {
        kinf_informer_t* o = snap_listed(ENG_T0);
        if (CHECK(o != 0)) {
            CHECK_INT(kinf_snapshot_save_file(o, other), KINF_OK);
            snprintf(name, sizeof(name), "%s", ".journal");
            {
                char oj[160];
                snprintf(oj, sizeof(oj), "%s%s", other, name);
                CHECK(snap_spit(oj, jb, jn));
                log_reset();
                b = snap_from_file(other);
                if (CHECK(b != 0)) {
                    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_FOREIGN), 1);
                    CHECK(snap_same_as(o, b)); CHECK_INT(kinf_count(b), 3); CHECK_STR(stored(b, "ns/e"), "");
                    rm(b);
                }
                CHECK(snap_put_file(oj, "not a journal at all, 32 bytes and more", 0600));
                log_reset();
                b = snap_from_file(other);
                if (CHECK(b != 0)) { CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_FOREIGN), 1); CHECK(snap_same_as(o, b)); rm(b); }
            }
            rm(o);
        }
    }
    rm(a);
    /* compaction: the journal's weight (its bytes, and a key's cost for each
       change) never outgrows its share of the image; a crash (the journal
       cut anywhere) loses no record written whole before the cut */
    {
        static uint8_t states[40][1 << 13];
        static size_t statelen[40], imglen;
        static uint8_t img[1 << 13];
        long ends[40], imgs = 0, last_isz;
        int nrec = 0, cuts;
        unlink(path); unlink(jpath);
        a = snap_listed(ENG_T0);
        if (!CHECK(a != 0)) { snap_rmtree(dir); return; }
        watch_begin(a);
        for (i = 0; i < 8; i++) {
            snprintf(name, sizeof(name), "p%d", i); snprintf(rv, sizeof(rv), "%d", 100 + i);
            CHECK_INT(pod(a, "ADDED", "ns", name, rv, "node-with-a-long-name"), 0);
        }
        dispatch(a);
        CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
        last_isz = snap_fsize(path);
        bad = 0;
        for (i = 0; i < 60 || (nrec < 3 && i < 120); i++) {    /* until a run of appends is under way */
            snprintf(name, sizeof(name), "p%d", i % 8); snprintf(rv, sizeof(rv), "%d", 200 + i);
            CHECK_INT(pod(a, i % 7 == 3 ? "DELETED" : "MODIFIED", "ns", name, rv, "n"), 0);
            dispatch(a);
            CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
            if (snap_fsize(jpath) < 0) {
                imgs++; nrec = 0; last_isz = snap_fsize(path);
                imglen = snap_image_of(a, img, sizeof(img));
                continue;
            }
            if (snap_fsize(jpath) != (long)a->snap_jbytes ||
                a->snap_jbytes + UNIT_JRNL_KEY * a->snap_jchanges > (uint64_t)last_isz / 100u * UNIT_JRNL_PCT) { bad++; }
            if (nrec < 40) {
                ends[nrec] = snap_fsize(jpath);
                statelen[nrec] = snap_image_of(a, states[nrec], sizeof(states[0]));
                nrec++;
            }
        }
        CHECK_INT(bad, 0);
        CHECK(imgs >= 2);
        /* the last run of appends: cut at random offsets */
        if (CHECK(nrec >= 2)) {
            jn = snap_slurp(jpath, jb, sizeof(jb));
            CHECK(jn == (size_t)ends[nrec - 1]);
            srand(17);
            bad = 0;
            for (cuts = 0; cuts < 300; cuts++) {
                size_t cut = (size_t)rand() % (jn + 1);
                int r = -1;
                for (k = 0; k < (size_t)nrec; k++) { if ((size_t)ends[k] <= cut) { r = (int)k; } }
                CHECK(snap_spit(jpath, jb, cut));
                b = snap_from_file(path);
                if (!b) { bad++; continue; }
                if (r >= 0) {
                    if (!snap_same_img(b, states[r], statelen[r])) { bad++; }
                } else {
                    /* before the first record: the image alone */
                    if (!snap_same_img(b, img, imglen)) { bad++; }
                }
                rm(b);
            }
            CHECK_INT(bad, 0);
        }
        rm(a);
    }
    /* deletes the journal has not written keep their slots (tombstones);
       a store short of slots takes them back, and the next save is an image */
    unlink(path); unlink(jpath);
    a = snap_listed(ENG_T0);                      /* 64 slots */
    if (CHECK(a != 0)) {
        watch_begin(a);
        for (i = 0; i < 40; i++) {
            snprintf(name, sizeof(name), "t%d", i); snprintf(rv, sizeof(rv), "%d", 300 + i);
            CHECK_INT(pod(a, "ADDED", "ns", name, rv, 0), 0);
        }
        dispatch(a);
        CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
        isz = snap_fsize(path);
        for (i = 0; i < 20; i++) {
            snprintf(name, sizeof(name), "t%d", i); snprintf(rv, sizeof(rv), "%d", 400 + i);
            CHECK_INT(pod(a, "DELETED", "ns", name, rv, 0), 0);
        }
        dispatch(a);
        CHECK_INT(a->snap_ntomb, 20);
        CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);  /* the deletes appended: the slots free again */
        CHECK_INT(a->snap_ntomb, 0);
        CHECK(snap_fsize(path) == isz && snap_fsize(jpath) > 32);
        for (i = 20; i < 40; i++) {
            snprintf(name, sizeof(name), "t%d", i); snprintf(rv, sizeof(rv), "%d", 500 + i);
            CHECK_INT(pod(a, "DELETED", "ns", name, rv, 0), 0);
        }
        dispatch(a);
        CHECK_INT(a->snap_ntomb, 20);
        for (i = 0; i < 45; i++) {                /* 41 slots free of 64, 20 held by tombstones: 45 wanted */
            snprintf(name, sizeof(name), "u%d", i); snprintf(rv, sizeof(rv), "%d", 600 + i);
            CHECK_INT(pod(a, "ADDED", "ns", name, rv, 0), 0);
        }
        dispatch(a);
        CHECK_INT(kinf_count(a), 48); CHECK_INT(a->snap_ntomb, 0); CHECK_INT((int)a->st.dropped, 0);
        CHECK_INT(kinf_snapshot_save_file(a, path), KINF_OK);
        CHECK(snap_fsize(jpath) < 0 && snap_fsize(path) != isz);   /* an image: the reclaimed deletes are in no journal */
        b = snap_from_file(path);
        if (CHECK(b != 0)) { CHECK(snap_same_as(a, b)); CHECK_STR(stored(b, "ns/t25"), ""); rm(b); }
        rm(a);
    }
    snap_rmtree(dir);
}
/* >>snapshot journal edits: a changed object as an edit of the file's version */
/* the script of a (al) to b (bl) into sc: its length */
static size_t je_script_of(const uint8_t* a, size_t al, const uint8_t* b, size_t bl, uint8_t* sc, size_t cap, kinf__jedit* e) {
    snap_mem m;
    kinf__snap_w w;
    m.b = sc; m.cap = cap; m.n = 0;
    memset(&w, 0, offsetof(kinf__snap_w, buf));
    w.fn = snap_w; w.user = &m;
    kinf__xxh_init(&w.h);
    kinf__je_diff(a, al, b, bl, e);
    kinf__je_script(e, b, al, bl, &w);
    kinf__snap_flush(&w);
    return w.err ? 0 : m.n;
}
/* 1 when the script of a to b, read back, makes b of a: in a buffer of its
   own, and in place with the old bytes at oj and the new at nj */
static int je_round_trip(const uint8_t* a, size_t al, const uint8_t* b, size_t bl, size_t oj, size_t nj, size_t* script_len) {
    static uint8_t sc[1 << 15], blk[1 << 15];
    kinf__jedit e, r;
    size_t sl = je_script_of(a, al, b, bl, sc, sizeof(sc), &e), len;
    int ok;
    if (script_len) { *script_len = sl; }
    if (e.n > sizeof(e.o) / sizeof(e.o[0]) || !kinf__je_parse(sc, sl, al, bl, &r) || r.n != e.n) { return 0; }
    len = (oj + al > nj + bl ? oj + al : nj + bl) + 8u;
    memset(blk, '#', len);
    memcpy(blk + oj, a, al);
    kinf__je_apply(blk, oj, nj, &r, sc);
    ok = !memcmp(blk + nj, b, bl);
    /* apart: copies from a, inserts from the script */
    memset(blk, '#', len);
    kinf__je_apply(blk, 0, 0, &r, sc);          /* the inserts only land */
    {
        uint32_t k;
        for (k = 0; k < r.n; k++) { memcpy(blk + r.d[k], a + r.o[k], r.len[k]); }
    }
    return ok && !memcmp(blk, b, bl);
}
/* the changes of the journal's records that begin at byte from or after:
   upserts (whole objects), edits and deletes; -1 when it does not parse */
static int je_count(const uint8_t* j, size_t n, size_t from, int* ups, int* edits, int* dels) {
    size_t at = 32;
    *ups = *edits = *dels = 0;
    while (at + 4 <= n) {
        size_t len = (size_t)kinf__le_get(j + at, 4), p = at + 4, end = at + 4 + len, c, rl;
        uint32_t k, nc;
        if (end + 8 > n) { return -1; }
        rl = (size_t)kinf__le_get(j + p + 8, 2);
        p += 10 + rl;
        nc = (uint32_t)kinf__le_get(j + p, 4); p += 4;
        for (k = 0; k < nc; k++) {
            c = j[p++];
            if (c == KINF__JOP_DEL) { p += 3 + j[p] + (size_t)kinf__le_get(j + p + 1, 2); if (at >= from) { (*dels)++; } }
            else if (c == KINF__JOP_UPS) { p += 10 + j[p + 1] + (size_t)kinf__le_get(j + p + 2, 2) + j[p + 4] + j[p + 5] + (size_t)kinf__le_get(j + p + 6, 4); if (at >= from) { (*ups)++; } }
            else if (c == KINF__JOP_EDIT) { p += 14 + j[p + 1] + (size_t)kinf__le_get(j + p + 2, 2) + j[p + 4] + j[p + 5] + (size_t)kinf__le_get(j + p + 10, 4); if (at >= from) { (*edits)++; } }
            else { return -1; }
        }
        if (p != end) { return -1; }
        at = end + 8;
    }
    return at == n ? 0 : -1;
}
/* One journal record of its own size through a 4 KiB event buffer and a
   256-byte read buffer: an informer listed, its image saved, then edits of
   big1 and big2 that add pads of q2 and q3 bytes (0: unchanged), twelve
   small edits after them in the record, and a new object with a pad of q1
   bytes last (0: none) appended;
   the length of that record's payload, or -1 when the file loaded does
   not hold the informer's store. */
static long snap_jsize_round(const char* path, const char* jpath, int q1, int q2, int q3) {
    static char pad[4001];
    kinf_desc_t d;
    kinf_informer_t *x, *y;
    char name[16], rv[16];
    long before, len = -1;
    int n, q[3];
    q[0] = q1; q[1] = q2; q[2] = q3;
    memset(pad, 'p', sizeof(pad) - 1);
    unlink(path); unlink(jpath);
    desc_base(&d);
    d.max_objects = 512; d.store_bytes = 1 << 20; d.max_event_bytes = 4096; d.read_bytes = 256;
    x = mk(&d);
    if (!x) { return -1; }
    snap_list_one(x);
    pod(x, "ADDED", "ns", "big1", "98", "n"); pod(x, "ADDED", "ns", "big2", "99", "n");  /* first in the record */
    for (n = 0; n < 400; n++) {                             /* an image large enough for a journal of such records */
        snprintf(name, sizeof(name), "k%d", n); snprintf(rv, sizeof(rv), "%d", 100 + n);
        pod(x, "ADDED", "ns", name, rv, "node-with-a-long-name-for-a-larger-image-of-the-store-0000");
    }
    dispatch(x);
    if (kinf_snapshot_save_file(x, path) != KINF_OK) { rm(x); return -1; }
    before = snap_fsize(jpath) > 0 ? snap_fsize(jpath) : 32;
    for (n = 0; n < 12; n++) {                              /* small edits */
        snprintf(name, sizeof(name), "k%d", n); snprintf(rv, sizeof(rv), "%d", 600 + n);
        pod(x, "MODIFIED", "ns", name, rv, "node-with-a-long-name-for-a-larger-image-of-the-store-0001");
    }
    for (n = 0; n < 3; n++) {                               /* objects larger than the read buffer */
        if (!q[n]) { continue; }
        snprintf(name, sizeof(name), "big%d", n); snprintf(rv, sizeof(rv), "%d", 700 + n);
        wev(x, n ? "MODIFIED" : "ADDED", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"uid\":\"uid-%s\",\"resourceVersion\":\"%s\"},\"spec\":{\"pad\":\"%.*s\"}}",
            name, name, rv, q[n], pad);
    }
    dispatch(x);
    if (kinf_snapshot_save_file(x, path) == KINF_OK && snap_fsize(jpath) > before) {
        y = mk(&d);
        len = snap_fsize(jpath) - before - 12;
        if (!y || kinf_snapshot_load_file(y, path) != KINF_OK || !snap_same_as(x, y)) { len = -1; }
        rm(y);
    }
    rm(x);
    return len;
}
/* records about the event buffer's size: one that fits it, one whose
   payload fits it but not its checksum (read ahead past the payload), ones
   a few bytes larger, and larger ones whose changes, edits with scripts
   larger than the read buffer among them, lie inside the event buffer,
   across its end and past it (small edits read piecemeal through the read
   buffer, some before the look ahead has them whole). A larger record is
   applied from the event buffer on into what the read buffer reads of the
   rest; each loads the informer's store. */
static void test_snapshot_journal_sizes(void) {
    char dir[64], path[128], jpath[160];
    long l0, len;
    int q, bad = 0, fits = 0, edge = 0, larger = 0;
    g_test = "snapshot_journal_sizes";
    snprintf(dir, sizeof(dir), "/tmp/kinf-unit-jsize-XXXXXX");
    if (!CHECK(mkdtemp(dir) != 0)) { return; }
    snprintf(path, sizeof(path), "%s/s.snap", dir); snprintf(jpath, sizeof(jpath), "%s.journal", path);
    l0 = snap_jsize_round(path, jpath, 3000, 0, 0);
    CHECK(l0 > 3000);
    /* one object: records from 24 bytes short of the event buffer to 24 past it */
    for (q = 3000 + (int)(4096 - l0) - 24; l0 > 0 && q <= 3000 + (int)(4096 - l0) + 24; q++) {
        len = snap_jsize_round(path, jpath, q, 0, 0);
        if (len < 0) { bad++; continue; }
        fits += len <= 4096 - 12; edge += len > 4096 - 12 && len <= 4096; larger += len > 4096;
    }
    /* edits of 1,800 to 2,200 and of 2,500 bytes, the small edits past the
       event buffer, the new object after them */
    for (q = 1500; q < 1900; q += 37) {
        len = snap_jsize_round(path, jpath, q, q + 300, 2500);
        if (len <= 4096) { bad++; }
    }
    CHECK_INT(bad, 0);
    CHECK(fits > 0 && edge == 12 && larger > 0);
    snap_rmtree(dir);
}
static void test_snapshot_journal_edits(void) {
    static uint8_t a[4096], b[8192], sc[1 << 14];
    static const char* const alpha = "{}\":,abcdefghij0123456789 xyz";
    char dir[64], path[128], jpath[160], name[16], rv[16];
    kinf_informer_t *x, *y;
    kinf__jedit e;
    size_t al, bl, i, sl, k, prev, jn, chg;
    int bad = 0, bigger = 0, n, torn, nu, ne, nd;
    uint8_t jb[1 << 15];
    g_test = "snapshot_journal_edits";
    /* round trips: random edits of random text (substitutions, inserts,
       deletes, growth and shrinking by hundreds of bytes), and the edges */
    srand(29);
    for (n = 0; n < 400; n++) {
        size_t oj = (size_t)(rand() % 24), nj = (size_t)(rand() % 24), ops = (size_t)(rand() % (n % 10 == 0 ? 120 : 6));
        al = (size_t)(rand() % 1200);
        for (i = 0; i < al; i++) { a[i] = (uint8_t)alpha[rand() % 29]; }
        memcpy(b, a, al); bl = al;
        chg = 0;
        for (k = 0; k < ops; k++) {
            size_t at = bl ? (size_t)rand() % bl : 0, m = (size_t)(rand() % (k % 7 == 0 ? 300 : 12));
            int op = rand() % 3;
            if (op == 0) { for (i = at; i < bl && i < at + m; i++) { b[i] = (uint8_t)alpha[rand() % 29]; chg++; } }
            else if (op == 1 && bl + m < 4000) { memmove(b + at + m, b + at, bl - at); for (i = 0; i < m; i++) { b[at + i] = (uint8_t)alpha[rand() % 29]; } bl += m; chg += m; }
            else if (op == 2) { if (m > bl - at) { m = bl - at; } memmove(b + at, b + at + m, bl - at - m); bl -= m; }
        }
        if (!je_round_trip(a, al, b, bl, oj, nj, &sl)) { bad++; }
        /* a few edits: a script of about the bytes they wrote, not of the text */
        if (ops < 4 && sl > chg + 40u * (ops + 1u)) { bigger++; }
    }
    CHECK_INT(bad, 0);
    CHECK_INT(bigger, 0);
    memcpy(a, "{\"a\":\"0123456789\"}", 18);
    CHECK(je_round_trip(a, 0, a, 0, 0, 0, &sl)); CHECK_INT((int)sl, 0);           /* empty to empty */
    CHECK(je_round_trip(a, 0, a, 18, 0, 4, 0));                                   /* nothing to something */
    CHECK(je_round_trip(a, 18, a, 0, 4, 0, 0));                                   /* and back */
    CHECK(je_round_trip(a, 18, a, 18, 3, 3, &sl)); CHECK_INT((int)sl, 1);         /* the same: one copy */
    memcpy(b, "[zyxwvutsrqponm]", 16);
    CHECK(je_round_trip(a, 18, b, 16, 0, 0, &sl)); CHECK_INT((int)sl, 2 + 16);   /* nothing in common: all inserted */
    /* a malformed script is refused: cut, a copy past the old bytes, a
       skip past them, an unknown op, a NUL inserted, too short a result */
    al = 18; bl = 18;
    memcpy(b, a, 18); b[7] = 'X';
    sl = je_script_of(a, al, b, bl, sc, sizeof(sc), &e);
    CHECK(kinf__je_parse(sc, sl, al, bl, &e));
    for (k = 0; k < sl; k++) { bad += kinf__je_parse(sc, k, al, bl, &e); }
    CHECK_INT(bad, 0);
    CHECK(!kinf__je_parse(sc, sl, al - 1, bl, &e) && !kinf__je_parse(sc, sl, al + 1, bl, &e) && !kinf__je_parse(sc, sl, al, bl + 1, &e));
    { const uint8_t bad1[] = { 19u << 2 | KINF__JE_COPY }; CHECK(!kinf__je_parse(bad1, 1, 18, 19, &e)); }
    { const uint8_t bad2[] = { 19u << 2 | KINF__JE_SKIP }; CHECK(!kinf__je_parse(bad2, 1, 18, 0, &e)); }
    { const uint8_t bad3[] = { 1u << 2 | 3u, 'x' }; CHECK(!kinf__je_parse(bad3, 2, 0, 1, &e)); }
    { const uint8_t bad4[] = { 2u << 2 | KINF__JE_INS, 'x', 0 }; CHECK(!kinf__je_parse(bad4, 3, 0, 2, &e)); }
    { const uint8_t bad5[] = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 }; CHECK(!kinf__je_parse(bad5, 6, 0, 0, &e)); }
    { const uint8_t ok6[] = { 2u << 2 | KINF__JE_INS, 'x', 'y' }; CHECK(kinf__je_parse(ok6, 3, 0, 2, &e) && !kinf__je_parse(ok6, 3, 0, 3, &e)); }

    /* the journal: edits written for changed keys, applied in place at load
       when the new version fits the block, in a new block when it grows */
    snprintf(dir, sizeof(dir), "/tmp/kinf-unit-jedit-XXXXXX");
    if (!CHECK(mkdtemp(dir) != 0)) { return; }
    snprintf(path, sizeof(path), "%s/e.snap", dir); snprintf(jpath, sizeof(jpath), "%s.journal", path);
    x = snap_listed(ENG_T0);
    if (!CHECK(x != 0)) { snap_rmtree(dir); return; }
    watch_begin(x);
    for (n = 0; n < 40; n++) {
        snprintf(name, sizeof(name), "e%d", n); snprintf(rv, sizeof(rv), "%d", 100 + n);
        CHECK_INT(pod(x, "ADDED", "ns", name, rv, n < 20 ? "node-aaaa-bbbb-cccc-dddd" : "node-with-a-long-name-for-a-larger-image-of-the-store-0000"), 0);
    }
    dispatch(x);
    CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
    /* the same length (a resourceVersion and a node), delivered or still queued */
    CHECK_INT(pod(x, "MODIFIED", "ns", "e1", "201", "node-aaaa-bbbb-cccc-eeee"), 0);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e2", "202", "node-aaaa-xxxx-cccc-dddd"), 0);
    dispatch(x);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e3", "203", "node-aaaa-bbbb-cccc-dddd"), 0);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e3", "204", "node-zzzz-bbbb-cccc-dddd"), 0); /* twice: one edit of the file's version */
    CHECK_INT(x->snap_nbase, 2);                    /* e1, e2 kept; e3's file version is its old (the handlers') */
    CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
    CHECK_INT(x->snap_nbase, 0);
    {
        long jsz = snap_fsize(jpath);
        kinf_informer_t* c;
        jn = snap_slurp(jpath, jb, sizeof(jb));
        /* three edits, no object whole: far less than three objects */
        CHECK(jsz > 32 && jsz < 32 + 12 + 20 + 3 * 60);
        CHECK(je_count(jb, jn, 0, &nu, &ne, &nd) == 0 && nu == 0 && ne == 3 && nd == 0);
        y = snap_from_file(path);
        if (CHECK(y != 0)) {
            CHECK(snap_same_as(x, y));
            CHECK_STR(kinf_resource_version(y), kinf_resource_version(x));
            /* in place: the load allocated nothing beyond the image's blocks */
            c = eng_mk();
            unlink(jpath);
            if (CHECK(c != 0) && CHECK(kinf_snapshot_load_file(c, path) == KINF_OK)) { CHECK(y->top == c->top && y->used == c->used); }
            rm(c);
            CHECK(snap_spit(jpath, jb, jn));
            rm(y);
        }
    }
    /* longer (a block of its own), shorter (the block's end freed), a new uid (the same key made again) */
    prev = (size_t)snap_fsize(jpath);
    dispatch(x);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e4", "205", "node-aaaa-bbbb-cccc-dddd-and-a-much-longer-name-than-before"), 0);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e5", "206", "n"), 0);
    CHECK_INT(wev(x, "MODIFIED", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"e6\",\"namespace\":\"ns\",\"uid\":\"another-uid-e6\",\"resourceVersion\":\"207\"},\"spec\":{\"nodeName\":\"node-aaaa-bbbb-cccc-dddd\"}}"), 0);
    CHECK_INT(pod(x, "MODIFIED", "ns", "e7", "208", "node-aaaa-bbbb-cccc-dddd"), 0);   /* only its resourceVersion */
    CHECK_INT(pod(x, "MODIFIED", "ns", "e9", "209", "node-aaaa-bbbb-cccc-dddd-e"), 0); /* 2 bytes longer: past its block's end */
    dispatch(x);
    CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
    jn = snap_slurp(jpath, jb, sizeof(jb));
    CHECK(je_count(jb, jn, prev, &nu, &ne, &nd) == 0 && nu == 0 && ne == 5 && nd == 0);
    {
        kinf_informer_t* c = eng_mk();
        y = snap_from_file(path);
        if (CHECK(y != 0 && c != 0)) {
            kinf_object_t o;
            CHECK(snap_same_as(x, y));
            CHECK(kinf_get(y, "ns/e6", &o) && !strcmp(o.uid, "another-uid-e6"));
            unlink(jpath);
            CHECK_INT(kinf_snapshot_load_file(c, path), KINF_OK);
            CHECK(y->top > c->top);                 /* e4 grew: a new block */
            CHECK(snap_spit(jpath, jb, jn));
        }
        rm(c); rm(y);
    }
    /* the journal cut at every byte of that record of edits: the record
       before it loads, or (cut at its end) all; never a half-applied edit */
    {
        static uint8_t want[1 << 14];
        size_t wn;
        kinf_informer_t* c;
        CHECK(snap_spit(jpath, jb, prev));
        c = snap_from_file(path);
        wn = c ? snap_image_of(c, want, sizeof(want)) : 0;
        rm(c);
        bad = torn = 0;
        for (k = prev; k <= jn; k++) {
            CHECK(snap_spit(jpath, jb, k));
            log_reset();
            y = snap_from_file(path);
            if (!y) { bad++; continue; }
            if (k == jn) { if (!snap_same_as(x, y)) { bad++; } }
            else if (!snap_same_img(y, want, wn)) { bad++; }
            torn += logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_TORN) == 1;
            rm(y);
        }
        CHECK_INT(bad, 0);
        CHECK_INT(torn, (int)(jn - prev) - 1);
        CHECK(snap_spit(jpath, jb, jn));
    }
    /* a store short of bytes takes the bases back first: the next record
       holds those objects whole, and is still an append */
    {
        static char pad[3001];
        long isz = snap_fsize(path), before = snap_fsize(jpath);
        size_t spare;
        memset(pad, 'p', sizeof(pad) - 1);
        for (n = 8; n < 14; n++) {
            snprintf(name, sizeof(name), "e%d", n); snprintf(rv, sizeof(rv), "%d", 300 + n);
            CHECK_INT(pod(x, "MODIFIED", "ns", name, rv, "node-aaaa-bbbb-cccc-ffff"), 0);
        }
        dispatch(x);
        CHECK_INT(x->snap_nbase, 6);
        /* fill the store until the next object needs what the bases hold */
        spare = x->store_bytes - x->used;
        for (n = 0; n < 200 && x->snap_nbase; n++) {
            snprintf(name, sizeof(name), "f%d", n); snprintf(rv, sizeof(rv), "%d", 400 + n);
            CHECK_INT(wev(x, "ADDED", "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"ns\",\"uid\":\"u\",\"resourceVersion\":\"%s\"},\"spec\":{\"pad\":\"%.*s\"}}",
                          name, rv, (int)(spare / 12 < 3000 ? spare / 12 : 3000), pad), 0);
            dispatch(x);
        }
        CHECK_INT(x->snap_nbase, 0);
        CHECK_INT((int)x->st.dropped, 0);
        CHECK_INT(x->snap_need_image, 0);           /* no change of the file's was lost: no image owed */
        /* the fill goes again (never saved: nothing to write of it) */
        while (n-- > 0) {
            snprintf(name, sizeof(name), "f%d", n); snprintf(rv, sizeof(rv), "%d", 700 + n);
            CHECK_INT(pod(x, "DELETED", "ns", name, rv, 0), 0);
        }
        dispatch(x);
        CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
        CHECK(snap_fsize(path) == isz);             /* an append */
        jn = snap_slurp(jpath, jb, sizeof(jb));
        /* six objects whole (their bases were taken back), no edit */
        CHECK(je_count(jb, jn, (size_t)before, &nu, &ne, &nd) == 0 && nu == 6 && ne == 0 && nd == 0);
        y = snap_from_file(path);
        if (CHECK(y != 0)) { CHECK(snap_same_as(x, y)); rm(y); }
    }
    rm(x);
    /* records larger than the event buffer (4 KiB here) are hashed whole,
       then applied (what passes the event buffer read again); cut at
       every byte of such a record of edits and objects, the load keeps
       every record before it */
    {
        static uint8_t want[1 << 15];
        kinf_desc_t d;
        size_t wn, before;
        unlink(path); unlink(jpath);
        desc_base(&d);
        d.max_objects = 256; d.store_bytes = 1 << 18; d.max_event_bytes = 4096;
        x = mk(&d);
        if (CHECK(x != 0)) {
            kinf_add_handler(x, &g_handler);
            snap_list_one(x);
            for (n = 0; n < 150; n++) {
                snprintf(name, sizeof(name), "s%d", n); snprintf(rv, sizeof(rv), "%d", 1000 + n);
                CHECK_INT(pod(x, "ADDED", "ns", name, rv, "node-with-a-long-name-for-a-larger-image-of-the-store-0000"), 0);
            }
            dispatch(x);
            CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
            for (n = 0; n < 10; n++) {                 /* a small record */
                snprintf(name, sizeof(name), "s%d", n); snprintf(rv, sizeof(rv), "%d", 200 + n);
                CHECK_INT(pod(x, "MODIFIED", "ns", name, rv, "node-with-a-long-name-for-a-larger-image-of-the-store-0001"), 0);
            }
            dispatch(x);
            CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
            before = (size_t)snap_fsize(jpath);
            y = mk(&d);
            wn = y && kinf_snapshot_load_file(y, path) == KINF_OK ? snap_image_of(y, want, sizeof(want)) : 0;
            CHECK(wn > 0);
            rm(y);
            for (n = 0; n < 60; n++) {                 /* a large one: edits and new objects */
                snprintf(name, sizeof(name), n < 40 ? "s%d" : "t%d", n); snprintf(rv, sizeof(rv), "%d", 300 + n);
                CHECK_INT(pod(x, n < 40 ? "MODIFIED" : "ADDED", "ns", name, rv, "node-with-a-long-name-for-a-larger-image-of-the-store-0002"), 0);
            }
            for (n = 140; n < 145; n++) {              /* and deletes */
                snprintf(name, sizeof(name), "s%d", n); snprintf(rv, sizeof(rv), "%d", 400 + n);
                CHECK_INT(pod(x, "DELETED", "ns", name, rv, 0), 0);
            }
            dispatch(x);
            CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
            jn = snap_slurp(jpath, jb, sizeof(jb));
            CHECK(jn - before > 4096 && je_count(jb, jn, before, &nu, &ne, &nd) == 0 && ne == 40 && nu == 20 && nd == 5);
            bad = torn = 0;
            for (k = before; k <= jn; k++) {
                kinf_informer_t* c = mk(&d);
                CHECK(snap_spit(jpath, jb, k));
                log_reset();
                if (c) { kinf_add_handler(c, &g_handler); }
                if (!c || kinf_snapshot_load_file(c, path) != KINF_OK) { bad++; rm(c); continue; }
                if (k == jn) {
                    /* every object the load holds is delivered, once, as an add */
                    if (!snap_same_as(x, c)) { bad++; }
                    evlog_reset();
                    kinf_engine_tick(kinf_informer_engine(c), ENG_T0);
                    dispatch(c);
                    CHECK_INT(g_nadd, kinf_count(c)); CHECK(kinf_has_synced(c));
                } else {
                    kinf_informer_t* w = mk(&d);
                    if (!w || kinf_snapshot_load_mem(w, want, wn) != KINF_OK || !snap_same_as(w, c)) { bad++; }
                    rm(w);
                }
                torn += logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_TORN) == 1;
                rm(c);
            }
            CHECK_INT(bad, 0);
            CHECK_INT(torn, (int)(jn - before) - 1);
            rm(x);
        }
    }
    /* a journal of the format before (version 1, whole objects): ignored
       with a warning that says so; the next save writes an image */
    x = snap_listed(ENG_T0);
    if (CHECK(x != 0)) {
        long isz;
        unlink(jpath);
        watch_begin(x);
        for (n = 0; n < 10; n++) {
            snprintf(name, sizeof(name), "g%d", n); snprintf(rv, sizeof(rv), "%d", 60 + n);
            CHECK_INT(pod(x, "ADDED", "ns", name, rv, "node-aaaa-bbbb-cccc-dddd"), 0);
        }
        dispatch(x);
        CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
        CHECK_INT(pod(x, "MODIFIED", "ns", "a", "90", "n"), 0);
        dispatch(x);
        CHECK_INT(kinf_snapshot_save_file(x, path), KINF_OK);
        isz = snap_fsize(path);
        jn = snap_slurp(jpath, jb, sizeof(jb));
        if (CHECK(jn > 32)) {
            jb[8] = 1;                              /* the version before */
            {
                kinf__xxh h;
                kinf__xxh_init(&h); kinf__xxh_update(&h, jb, 24);
                kinf__le_put(jb + 24, kinf__xxh_digest(&h), 8);
            }
            CHECK(snap_spit(jpath, jb, jn));
            log_reset();
            y = snap_from_file(path);
            if (CHECK(y != 0)) {
                CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_JOURNAL_FOREIGN), 1);
                CHECK_STR(kinf_resource_version(y), "69");      /* the image alone */
                kinf_engine_tick(kinf_informer_engine(y), ENG_T0);
                watch_begin(y);
                CHECK_INT(pod(y, "MODIFIED", "ns", "b", "91", "n"), 0);
                CHECK_INT(kinf_snapshot_save_file(y, path), KINF_OK);
                CHECK(snap_fsize(jpath) < 0 && snap_fsize(path) != isz);
                rm(y);
            }
        }
        rm(x);
    }
    snap_rmtree(dir);
}
static void test_snapshot(void) {
    static const char* keep_other[] = { "spec" };
    static uint8_t big[8u << 20], small[8192], bad[8192];
    kinf_desc_t d;
    kinf_informer_t *a, *b;
    kinf_object_t o;
    kinf_iter_t it;
    snap_mem m;
    DIR* dir;
    struct dirent* de;
    uint64_t since = 0, t = ENG_T0;
    int nfiles = 0, refused = 0, leftover = 0;
    size_t n, i;
    const char* r;
    g_test = "snapshot";
    /* round trip: every object of the k8s-api corpus, through the informer */
    desc_base(&d);
    d.max_objects = 512; d.store_bytes = 16u << 20; d.max_event_bytes = 1 << 18; d.no_default_drop = 1;
    a = mk(&d); b = mk(&d);
    if (!CHECK(a && b)) { rm(a); rm(b); return; }
    kinf_add_handler(a, &g_handler);
    CHECK_INT(kinf_snapshot_size(a), 0);                      /* nothing listed: nothing to resume from */
    CHECK_INT(kinf_snapshot_write(a, 1, snap_w, &m), KINF_ERR_STATE);
    watch_begin(a);
    dir = opendir(corpus_dir());
    if (!CHECK(dir != 0)) { rm(a); rm(b); return; }
    while ((de = readdir(dir)) != 0) {
        size_t l = strlen(de->d_name);
        if (l <= 5 || strcmp(de->d_name + l - 5, ".json")) { continue; }
        if (corpus_add(a, de->d_name, nfiles, 0, 0)) { nfiles++; }
    }
    closedir(dir);
    dispatch(a);
    CHECK(nfiles >= 190); CHECK_INT(kinf_count(a), nfiles);
    CHECK_INT(kinf_snapshot_dirty(a, &since), 1);
    m.b = big; m.cap = sizeof(big); m.n = 0;
    CHECK_INT(kinf_snapshot_write(a, 1700000000123ull, snap_w, &m), KINF_OK);
    CHECK_INT(kinf_snapshot_dirty(a, 0), 0);
    CHECK_INT(kinf_snapshot_size(a), m.n);
    log_reset();
    kinf_add_handler(b, &g_snap_handler);
    g_nsnapflag = 0;
    CHECK_INT(snap_load(b, big, m.n, 1000), KINF_OK);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_LOADED), 1);
    CHECK_INT(kinf_count(b), nfiles);                         /* the lister answers at once */
    CHECK_STR(kinf_resource_version(b), kinf_resource_version(a));
    CHECK_INT(kinf_snapshot_stale(b, &since), 1); CHECK(since == 1700000000123ull);
    CHECK_INT(kinf_snapshot_dirty(b, 0), 0);
    CHECK_INT(snap_same(a, b), 0);
    CHECK_INT(kinf_has_synced(b), 0);
    dispatch(b);
    CHECK_INT(g_nsnapflag, nfiles); CHECK_INT(kinf_has_synced(b), 1);
    CHECK_INT(kinf_add_index(b, "x", ix_fn, 0), KINF_ERR_STATE); /* indexes go first: they are built as objects go in */
    CHECK_INT(snap_load(b, big, m.n, 0), KINF_ERR_STATE);        /* once, into an empty store */
    rm(b);
    /* the same from memory, and through a read buffer of 256 bytes (the
       objects larger than it are copied, the others read in place) */
    {
        size_t large = 0;
        memset(&it, 0, sizeof(it));
        while (kinf_next(a, &it, &o)) { large += o.json_len > 256; }
        CHECK(large > 100 && large < (size_t)nfiles);
        b = mk(&d);
        CHECK(b && kinf_snapshot_load_mem(b, big, m.n) == KINF_OK && snap_same(a, b) == 0);
        rm(b);
        d.read_bytes = 256;
        b = mk(&d);
        CHECK(b && snap_load(b, big, m.n, 1000) == KINF_OK && snap_same(a, b) == 0);
        rm(b);
        b = mk(&d);
        CHECK(b && snap_load(b, big, m.n, 7) == KINF_OK && snap_same(a, b) == 0);
        rm(b);
        d.read_bytes = 0;
    }
    {   /* objects of 255, 256 and 257 bytes of JSON through a read buffer of 256,
           the read function giving all it may, 7 bytes or 1 at a time */
        static char obj[400];
        kinf_desc_t d2;
        kinf_informer_t* src;
        int sizes = 0, loads = 0, k, st;
        size_t want;
        desc_base(&d2); d2.max_objects = 64; d2.store_bytes = 1 << 16; d2.max_event_bytes = 4096;
        src = snap_listed(t);
        for (want = 255; src && want <= 257; want++) {
            size_t pad = 100, got;
            for (k = 0; k < 2; k++) {                         /* the pad that makes the stored JSON want bytes */
                snprintf(obj, sizeof(obj), "{\"metadata\":{\"name\":\"s%zu\",\"namespace\":\"ns\",\"resourceVersion\":\"%zu\"},\"x\":\"%0*d\"}",
                         want, 60 + want * 2 + (size_t)k, (int)pad, 0);
                watch_begin(src);
                added_by(src, obj, 0);
                snprintf(obj, sizeof(obj), "ns/s%zu", want);
                got = kinf_get(src, obj, &o) ? o.json_len : 0;
                pad += want - got;
            }
            sizes += got == want;
        }
        CHECK_INT(sizes, 3);
        m.b = big; m.cap = sizeof(big); m.n = 0;
        CHECK(src && kinf_snapshot_write(src, 42, snap_w, &m) == KINF_OK);
        d2.read_bytes = 256;
        for (st = 0; st < 3; st++) {
            b = mk(&d2);
            loads += b && snap_load(b, big, m.n, st == 0 ? 0 : st == 1 ? 7 : 1) == KINF_OK && snap_same(src, b) == 0;
            rm(b);
        }
        CHECK_INT(loads, 3);
        rm(src);
    }
    {   /* the trailer: XXH64 of every byte before it, little-endian */
        kinf__xxh h;
        kinf__xxh_init(&h); kinf__xxh_update(&h, big, m.n - 8);
        CHECK(kinf__le_get(big + m.n - 8, 8) == kinf__xxh_digest(&h));
        CHECK(kinf__le_get(big + 8, 4) == 2);                  /* format version 2 */
    }
    rm(a);

    /* a small snapshot, for every truncation and every corrupted byte */
    a = snap_listed(t);
    b = eng_mk();
    if (!CHECK(a && b)) { rm(a); rm(b); return; }
    m.b = small; m.cap = sizeof(small); m.n = 0;
    CHECK_INT(kinf_snapshot_write(a, 42, snap_w, &m), KINF_OK);
    n = m.n;
    CHECK(n > 60 && n < 400);
    log_reset();
    for (i = 0; i < n; i++) {
        refused += snap_load(b, small, i, 3) == KINF_ERR_INVAL && kinf_count(b) == 0 && kinf_snapshot_stale(b, 0) == 0;
        leftover += b->nused != 0 || b->used != 0 || b->flen != 0 || b->last_rv[0] != 0;
    }
    CHECK_INT(refused, n); CHECK_INT(leftover, 0);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TRUNCATED), n);
    refused = 0; leftover = 0;
    log_reset();
    for (i = 0; i < n; i++) {                                 /* the same from memory */
        refused += kinf_snapshot_load_mem(b, small, i) == KINF_ERR_INVAL && kinf_count(b) == 0 && kinf_snapshot_stale(b, 0) == 0;
        leftover += b->nused != 0 || b->used != 0 || b->flen != 0 || b->last_rv[0] != 0;
    }
    CHECK_INT(refused, n); CHECK_INT(leftover, 0);
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TRUNCATED), n);
    CHECK_INT(kinf_snapshot_load_mem(b, 0, 0), KINF_ERR_INVAL);
    log_reset();
    CHECK_INT(kinf_snapshot_load_mem(b, 0, 5), KINF_ERR_INVAL); CHECK_INT(logged(KINF_LOGITEM_BAD_ARGUMENT), 1);
    refused = 0; leftover = 0;
    log_reset();
    for (i = 0; i <= n; i++) {                                /* the read function fails at byte i */
        snap_failing f;
        f.m.b = small; f.m.cap = f.m.n = n; f.m.pos = 0; f.m.step = 5; f.fail_at = i; f.failed = 0;
        refused += kinf_snapshot_load(b, snap_r_fail, &f) == KINF_ERR_INVAL && f.failed && kinf_count(b) == 0 &&
                   kinf_last_error(b) == KINF_LOGITEM_SNAPSHOT_UNREADABLE;
        leftover += b->nused != 0 || b->used != 0 || b->flen != 0 || b->last_rv[0] != 0;
    }
    CHECK_INT(refused, n + 1); CHECK_INT(leftover, 0);      /* at n: the look for bytes after the end fails */
    CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_UNREADABLE), n + 1);
    {   /* a JSON length of 0xffffffff: too large (a sum in 32-bit size_t must not wrap) */
        size_t r0 = snap_first_record(small);
        memcpy(bad, small, n);
        bad[r0 + 6] = bad[r0 + 7] = bad[r0 + 8] = bad[r0 + 9] = 0xff;
        log_reset();
        CHECK_INT(snap_load(b, bad, n, 0), KINF_ERR_INVAL); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TOO_LARGE), 1);
        CHECK_INT(kinf_snapshot_load_mem(b, bad, n), KINF_ERR_INVAL); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_TOO_LARGE), 2);
    }
    refused = 0; leftover = 0;
    for (i = 0; i < n; i++) {
        memcpy(bad, small, n);
        bad[i] ^= (uint8_t)(1u << (i % 8));
        refused += snap_load(b, bad, n, 0) == KINF_ERR_INVAL && kinf_count(b) == 0;
        refused += kinf_snapshot_load_mem(b, bad, n) == KINF_ERR_INVAL && kinf_count(b) == 0;
        leftover += b->nused != 0 || b->used != 0 || b->flen != 0;
    }
    CHECK_INT(refused, 2 * n); CHECK_INT(leftover, 0);
    memcpy(bad, small, n); bad[n] = 'x';                      /* a byte after the end */
    CHECK_INT(snap_load(b, bad, n + 1, 0), KINF_ERR_INVAL);
    log_reset();
    memcpy(bad, small, n); bad[8] = 1;                        /* another format version (1: a CRC-32 at the end) */
    CHECK_INT(snap_load(b, bad, n, 0), KINF_ERR_INVAL); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_FOREIGN), 1);
    CHECK_INT(kinf_last_error(b), KINF_LOGITEM_SNAPSHOT_FOREIGN);
    /* the whole one still loads into the informer that refused the others */
    CHECK_INT(snap_load(b, small, n, 5), KINF_OK);
    CHECK_INT(kinf_count(b), 3);
    rm(b);
    /* foreign: another namespace, selector, projection, server; too large: capacities */
    {
        int k, foreign = 0, large = 0;
        for (k = 0; k < 7; k++) {
            desc_base(&d);
            d.max_objects = 64; d.store_bytes = 1 << 16;
            if (k == 0) { d.namespace_ = "ns"; }
            if (k == 1) { d.label_selector = "app=x"; }
            if (k == 2) { d.keep = keep_other; d.keep_count = 1; }
            if (k == 3) { d.server = "http://127.0.0.1:2"; }
            if (k == 4) { d.max_objects = 2; }
            if (k == 5) { d.store_bytes = 200; }
            if (k == 6) { d.field_selector = "spec.nodeName=n"; }
            b = mk(&d);
            if (!b) { continue; }
            log_reset();
            if (snap_load(b, small, n, 0) == KINF_ERR_INVAL && kinf_count(b) == 0 && b->used == 0) {
                if (k == 4 || k == 5) { large += logged(KINF_LOGITEM_SNAPSHOT_TOO_LARGE) == 1; }
                else { foreign += logged(KINF_LOGITEM_SNAPSHOT_FOREIGN) == 1; }
            }
            rm(b);
        }
        CHECK_INT(foreign, 5); CHECK_INT(large, 2);
        desc_base(&d); d.max_objects = 64; d.store_bytes = 1 << 16; d.max_event_bytes = 4096;
        m.b = big; m.cap = sizeof(big); m.n = 0;
        a->max_event_bytes = 1 << 16;                         /* an object of 5000 bytes in a */
        {
            static char obj[6000];
            snprintf(obj, sizeof(obj), "{\"metadata\":{\"name\":\"big\",\"namespace\":\"ns\",\"resourceVersion\":\"60\"},\"x\":\"%05000d\"}", 0);
            watch_begin(a);
            CHECK_INT(added_by(a, obj, 0), 0);
        }
        CHECK_INT(kinf_snapshot_write(a, 42, snap_w, &m), KINF_OK);
        b = mk(&d);
        log_reset();
        CHECK(b && snap_load(b, big, m.n, 0) == KINF_ERR_INVAL && logged(KINF_LOGITEM_SNAPSHOT_TOO_LARGE) == 1 && kinf_count(b) == 0);
        rm(b);
    }
    rm(a);

    /* loaded, then the watch from the saved RV: no LIST; stale until its first event */
    a = snap_listed(t);
    b = eng_mk();
    if (!CHECK(a && b)) { rm(a); rm(b); return; }
    m.b = small; m.cap = sizeof(small); m.n = 0;
    CHECK_INT(kinf_snapshot_write(a, 42, snap_w, &m), KINF_OK);
    n = m.n;
    rm(a);
    CHECK_INT(snap_load(b, small, n, 0), KINF_OK);
    evlog_reset(); log_reset();
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(b), t), KINF_ENG_CONNECT);
    kinf_engine_dispatch(kinf_informer_engine(b), t);
    CHECK_STR(g_evlog, "A ns/a 1 A ns/b 2 A ns/c 3");
    CHECK_INT(kinf_has_synced(b), 1);
    kinf_engine_connected(kinf_informer_engine(b), t);
    r = eng_send(b, t);
    CHECK(STARTS(r, "GET /api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=50&"));
    CHECK_INT(kinf_snapshot_stale(b, 0), 1);
    evlog_reset();
    {   /* a watch that goes on: its head alone does not say the server has RV 50's history, its first event does */
        static const char ev[] = "{\"type\":\"MODIFIED\",\"object\":" ITEM("a", "51") "}\n";
        char resp[512];
        CHECK(eng_recv(b, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", 9, t) > 0);
        CHECK_INT(kinf_snapshot_stale(b, 0), 1);
        snprintf(resp, sizeof(resp), "%zx\r\n%s\r\n", sizeof(ev) - 1, ev);
        CHECK(eng_recv(b, resp, 9, t) > 0);
        CHECK_INT(kinf_engine_state(kinf_informer_engine(b)), KINF_ENG_RECV); /* the watch is still open */
    }
    kinf_engine_dispatch(kinf_informer_engine(b), t);
    CHECK_STR(g_evlog, "U ns/a 1>51");
    CHECK_INT(kinf_snapshot_stale(b, 0), 0); CHECK_INT(logged(KINF_LOGITEM_SNAPSHOT_RESUMED), 1);
    CHECK_INT(kinf_stats(b).lists, 0);
    CHECK_INT(kinf_snapshot_dirty(b, &since), 1); CHECK(since == t);
    rm(b);

    /* loaded, then 410 on the watch: the relist updates what changed and
       deletes (final state unknown) what is gone; unchanged RVs are quiet */
    b = eng_mk();
    if (!CHECK(b != 0)) { return; }
    CHECK_INT(snap_load(b, small, n, 0), KINF_OK);
    kinf_engine_tick(kinf_informer_engine(b), t);
    kinf_engine_dispatch(kinf_informer_engine(b), t);
    kinf_engine_connected(kinf_informer_engine(b), t);
    eng_send(b, t);
    log_reset(); evlog_reset();
    CHECK(eng_recv(b, http("410 Gone", "", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK_INT(logged(KINF_LOGITEM_RV_EXPIRED), 1);
    CHECK_INT(kinf_snapshot_stale(b, 0), 1);                  /* still the snapshot's objects */
    CHECK_INT(kinf_count(b), 3);
    kinf_engine_closed(kinf_informer_engine(b), t);
    t = kinf_engine_deadline(kinf_informer_engine(b));
    CHECK_INT(kinf_engine_tick(kinf_informer_engine(b), t), KINF_ENG_CONNECT);
    kinf_engine_connected(kinf_informer_engine(b), t);
    r = eng_send(b, t);
    CHECK(STARTS(r, "GET /api/v1/pods?resourceVersion=50 HTTP/1.1\r\n"));
    CHECK(eng_recv(b, http("200 OK", "", "{\"metadata\":{\"resourceVersion\":\"70\"},\"items\":[" ITEM("a", "1") "," ITEM("b", "5") "," ITEM("d", "6") "]}", 0), 64, t) > 0);
    kinf_engine_dispatch(kinf_informer_engine(b), t);
    CHECK_STR(g_evlog, "U ns/b 2>5 A ns/d 6 D ns/c 3!");
    CHECK_INT(kinf_snapshot_stale(b, 0), 0);
    CHECK_STR(kinf_resource_version(b), "70");
    rm(b);

    /* the file helpers: atomic save, load, the write policy */
    {
        char path[256], tmp[300];
        struct stat stt;
        a = snap_listed(ENG_T0);
        b = eng_mk();
        if (!CHECK(a && b)) { rm(a); rm(b); return; }
        snprintf(path, sizeof(path), "/tmp/kinf-unit-snap-%d", (int)getpid());
        snprintf(tmp, sizeof(tmp), "%s.tmp", path);
        unlink(path);
        log_reset();
        CHECK_INT(kinf_snapshot_load_file(b, path), KINF_ERR_IO); CHECK_INT(g_nitems, 0); /* none yet: not an error */
        CHECK_INT(kinf_snapshot_autosave(a, path, 30, 0), 1);
        CHECK(stat(path, &stt) == 0 && (size_t)stt.st_size == kinf_snapshot_size(a));
        CHECK(stat(tmp, &stt) != 0);
        CHECK_INT(kinf_snapshot_autosave(a, path, 30, 0), 0);   /* not changed */
        watch_begin(a);
        CHECK_INT(pod(a, "ADDED", "ns", "e", "61", 0), 0);
        CHECK_INT(kinf_snapshot_autosave(a, path, 30, 0), 0);   /* changed, but within 30 s of the last */
        a->conn.now += 30000;
        CHECK_INT(kinf_snapshot_autosave(a, path, 30, 0), 1);
        CHECK_INT(pod(a, "ADDED", "ns", "f", "62", 0), 0);
        CHECK_INT(kinf_snapshot_autosave(a, path, 30, 1), 1);   /* at stop */
        CHECK_INT(kinf_snapshot_load_file(b, path), KINF_OK);
        CHECK_INT(kinf_count(b), 5); CHECK_STR(kinf_resource_version(b), "62");
        unlink(path);
        rm(a); rm(b);
    }
    test_snapshot_uid_bound();
    test_snapshot_file_safety();
    test_snapshot_backoff();
    test_snapshot_journal();
    test_snapshot_journal_edits();
    test_snapshot_journal_sizes();
}
