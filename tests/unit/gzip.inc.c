/* gzip.inc.c - included by main.c: the gzip inflater (>>gzip) and gzip
   lists (>>reflector gzip); discovery refusing a gzip document (through
   discovery.inc.c's fake server). The vectors are tests/testdata/gzip,
   written by its make.py with Python's zlib and gzip modules (and by hand
   where zlib never goes: distance 32768, bad blocks); KINF_TESTDATA_GZIP
   names another directory. */

#ifndef KINF_NO_GZIP
static const char* gzt_dir(void) {
    const char* e = getenv("KINF_TESTDATA_GZIP");
    return e && e[0] ? e : "tests/testdata/gzip";
}
/* a vector, whole, in heap memory (freed by the caller); NULL when missing */
static uint8_t* gzt_load(const char* name, size_t* n) {
    char path[512];
    FILE* f;
    uint8_t* b = 0;
    long len;
    snprintf(path, sizeof(path), "%s/%s", gzt_dir(), name);
    *n = 0;
    f = fopen(path, "rb");
    if (!f) { printf("# missing %s\n", path); return 0; }
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        b = (uint8_t*)malloc((size_t)len + 1u);
        if (b && fread(b, 1, (size_t)len, f) != (size_t)len) { free(b); b = 0; }
        if (b) { *n = (size_t)len; }
    }
    fclose(f);
    return b;
}
static uint32_t gzt_rand(uint32_t* s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }
/* Inflates g[0..n) fed in pieces of step bytes (0: random from 1 to 3000),
   taking the output in pieces of up to take bytes (0: random), into out
   (cap; *outn counts all of it, even past cap). Returns the last result; -99
   if a call made no progress (neither took input nor gave output). */
static int gzt_inflate(kinf__gz* z, const uint8_t* g, size_t n, size_t step, size_t take,
                       uint8_t* out, size_t cap, size_t* outn, uint32_t* rng) {
    size_t p = 0;
    long guard;
    int r = KINF__GZ_OK;
    kinf__gz_reset(z);
    *outn = 0;
    for (guard = 0; guard < 50000000L; guard++) {
        const uint8_t* s;
        size_t k = kinf__gz_out(z, &s), used, st;
        if (k) {
            size_t t = take ? (take < k ? take : k) : 1u + gzt_rand(rng) % k;
            if (*outn + t <= cap) { memcpy(out + *outn, s, t); }
            *outn += t;
            kinf__gz_take(z, t);
            continue;
        }
        if (r < 0 || p >= n) { break; }
        st = step ? step : 1u + gzt_rand(rng) % 3000u;
        if (st > n - p) { st = n - p; }
        r = kinf__gz_inflate(z, g + p, st, &used);
        p += used;
        if (r == KINF__GZ_OK && used < st && z->pend == 0) { return -99; }
    }
    return r;
}
/* the store as a number: keys, resourceVersions and JSON, in any order */
static uint64_t gzt_store_print(kinf_informer_t* inf, int* count) {
    kinf_iter_t it;
    kinf_object_t o;
    uint64_t sum = 0;
    memset(&it, 0, sizeof(it));
    *count = 0;
    while (kinf_next(inf, &it, &o)) {
        uint64_t h = 1469598103934665603ull;
        const char* parts[3];
        int i;
        parts[0] = o.key; parts[1] = o.resource_version; parts[2] = o.json;
        for (i = 0; i < 3; i++) {
            const char* c;
            for (c = parts[i]; *c; c++) { h = (h ^ (uint8_t)*c) * 1099511628211ull; }
            h = (h ^ 0xffu) * 1099511628211ull;
        }
        sum += h;
        (*count)++;
    }
    return sum;
}
/* an HTTP response around a gzip body: mode 0 Content-Length, 1 chunked in
   pieces of 333 bytes, 2 read to the close (neither); extra: more headers */
static size_t gzt_http(uint8_t* out, size_t cap, const char* status, const char* extra, const uint8_t* body, size_t n, int mode) {
    size_t o = (size_t)snprintf((char*)out, cap, "HTTP/1.1 %s\r\nContent-Type: application/json\r\n%s", status, extra);
    size_t i;
    if (mode == 1) {
        o += (size_t)snprintf((char*)out + o, cap - o, "Transfer-Encoding: chunked\r\n\r\n");
        for (i = 0; i < n; i += 333) {
            size_t k = n - i < 333 ? n - i : 333;
            o += (size_t)snprintf((char*)out + o, cap - o, "%zx\r\n", k);
            memcpy(out + o, body + i, k); o += k;
            memcpy(out + o, "\r\n", 2); o += 2;
        }
        o += (size_t)snprintf((char*)out + o, cap - o, "0\r\n\r\n");
    } else {
        if (mode == 0) { o += (size_t)snprintf((char*)out + o, cap - o, "Content-Length: %zu\r\n", n); }
        else { o += (size_t)snprintf((char*)out + o, cap - o, "Connection: close\r\n"); }
        o += (size_t)snprintf((char*)out + o, cap - o, "\r\n");
        memcpy(out + o, body, n); o += n;
    }
    return o;
}
/* respond() for binary bytes, in reads of at most step; a body read to the
   close ends with kinf_engine_closed. 0 when the response was read to its
   end (or the engine still reads), -1 when it was given up. */
static int gzt_respond(kinf_informer_t* inf, const uint8_t* resp, size_t n, size_t step, int close_at_end) {
    size_t p = 0;
    uint64_t now = inf->conn.now;
    uint32_t done = inf->responses;
    long guard;
    send_req(inf, now);
    if (inf->conn.cstate != KINF__C_RECV) { return -1; }
    for (guard = 0; (p < n || (inf->conn.cstate == KINF__C_RECV && kinf__rf_pending(inf))) && guard < 5000000L; guard++) {
        size_t cap, k = n - p;
        uint8_t* buf = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap);
        if (!buf) {
            if (inf->conn.cstate == KINF__C_RECV && (kinf__rf_pending(inf) || (int)inf->flen >= inf->fifo_cap)) {
                kinf_engine_dispatch(kinf_informer_engine(inf), now);
                kinf_engine_tick(kinf_informer_engine(inf), now);
                continue;
            }
            break;
        }
        if (k > cap) { k = cap; }
        if (k > step) { k = step; }
        memcpy(buf, resp + p, k);
        p += k;
        kinf_engine_recvd(kinf_informer_engine(inf), k, now);
    }
    if (close_at_end && inf->conn.cstate == KINF__C_RECV) { kinf_engine_closed(kinf_informer_engine(inf), now); }
    kinf_engine_dispatch(kinf_informer_engine(inf), now);
    return (inf->responses != done || inf->conn.cstate == KINF__C_RECV) ? 0 : -1;
}
static kinf_informer_t* gzt_mk(int no_gzip) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    desc_base(&d);
    d.max_objects = 128; d.store_bytes = 1 << 20; d.no_gzip = no_gzip;
    inf = mk(&d);
    if (inf) { kinf_add_handler(inf, &g_handler); }
    return inf;
}

static void test_gzip_inflate(void) {
    static const char* good[] = { "list-L0.gz", "list-L1.gz", "list-L6.gz", "list-L9.gz", "fields.gz", "repeat-L1.gz", "repeat-L9.gz" };
    static const size_t steps[] = { 0, 1, 7, 4096, (size_t)-1 };
    static const size_t takes[] = { 0, 1, 100000 };
    static kinf__gz z; /* 35 KiB: not on the stack */
    size_t rawn = 0, repn = 0, gn, outn, i, j, k;
    uint8_t* raw = gzt_load("list.json", &rawn);
    uint8_t* rep = gzt_load("repeat.json", &repn); /* near-identical pods: matches of 258 bytes fill the window */
    uint8_t* out = (uint8_t*)malloc(1u << 18);
    uint8_t* g;
    uint32_t rng = 99;
    int r;
    g_test = "gzip_inflate";
    CHECK(raw != 0 && rep != 0 && out != 0 && rawn > 2u * KINF__GZ_WIN && repn > 4u * KINF__GZ_WIN); /* the window wraps */
    if (!raw || !rep || !out) { free(raw); free(rep); free(out); return; }
    memset(&z, 0, sizeof(z));
    CHECK(sizeof(kinf__gz) + 8u <= KINF_GZIP_BYTES);
    /* Python's gzip at levels 0, 1, 6, 9 and every header field: whole, byte by
       byte, in odd and random pieces; the output taken a byte at a time, at
       random, or whole */
    for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        const uint8_t* want = strncmp(good[i], "repeat", 6) ? raw : rep;
        size_t wantn = want == raw ? rawn : repn;
        g = gzt_load(good[i], &gn);
        CHECK(g != 0);
        for (j = 0; g && j < sizeof(steps) / sizeof(steps[0]); j++) {
            for (k = 0; k < sizeof(takes) / sizeof(takes[0]); k++) {
                r = gzt_inflate(&z, g, gn, steps[j] == (size_t)-1 ? gn : steps[j], takes[k], out, 1u << 18, &outn, &rng);
                CHECK(r == KINF__GZ_END && outn == wantn && !memcmp(out, want, wantn));
                CHECK(z.inn == gn && z.outn == wantn);
            }
        }
        free(g);
    }
    /* distance 32768 (a match as far back as the window goes) */
    g = gzt_load("dist32768.gz", &gn);
    CHECK(g != 0);
    for (j = 0; g && j < sizeof(steps) / sizeof(steps[0]); j++) {
        int same = 1;
        r = gzt_inflate(&z, g, gn, steps[j] == (size_t)-1 ? gn : steps[j], 0, out, 1u << 18, &outn, &rng);
        for (k = 0; k < 258u * 3u && outn == 32768u + 258u * 3u; k++) { same &= out[32768u + k] == out[k]; }
        CHECK(r == KINF__GZ_END && outn == 32768u + 258u * 3u && same);
    }
    free(g);
    free(raw); free(rep); free(out);
}

/* Every corruption class, with the inflater's code; fed whole and byte by
   byte, each gives the same. */
typedef struct gzt_bad { const char* file; long at; int xor_, set, cut, append; int want; } gzt_bad;
static void test_gzip_corrupt(void) {
    static const gzt_bad bad[] = {
        { "list-L6.gz", -8, 1, -1, 0, 0, KINF__GZ_ECHECK },   /* CRC-32 */
        { "list-L6.gz", -1, 0x80, -1, 0, 0, KINF__GZ_ECHECK },/* ISIZE */
        { "list-L6.gz", -5, 1, -1, 0, 0, KINF__GZ_ECHECK },   /* ISIZE's low byte */
        { "list-L6.gz", 0, 0, -1, 0, 1, KINF__GZ_ETRAIL },    /* a byte after the trailer */
        { "list-L6.gz", 0, 0, -1, 3, 0, KINF__GZ_OK },        /* truncated in the trailer: wants more */
        { "list-L6.gz", 0, 0, -1, 20000, 0, KINF__GZ_OK },    /* truncated in the data */
        { "list-L6.gz", 0, 1, -1, 0, 0, KINF__GZ_EHEAD },     /* ID1 */
        { "list-L6.gz", 1, 1, -1, 0, 0, KINF__GZ_EHEAD },     /* ID2 */
        { "list-L6.gz", 2, 0, 7, 0, 0, KINF__GZ_EHEAD },      /* CM is not 8 */
        { "list-L6.gz", 3, 0x20, -1, 0, 0, KINF__GZ_EHEAD },  /* a reserved flag */
        { "fields.gz", 41, 1, -1, 0, 0, KINF__GZ_EHEAD },     /* FHCRC */
        { "list-L0.gz", 10, 0, 0x06, 0, 0, KINF__GZ_EDATA },  /* block type 3 */
        { "list-L0.gz", 13, 1, -1, 0, 0, KINF__GZ_EDATA },    /* a stored NLEN that does not match LEN */
        { "btype3.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },
        { "badcode.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },     /* no such literal/length code */
        { "oversub.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },     /* over-subscribed code lengths */
        { "far.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },         /* distance before the first byte */
        { "sym286.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },      /* length symbol 286 */
        { "dist30.gz", 0, 0, -1, 0, 0, KINF__GZ_EDATA },      /* distance symbol 30 */
    };
    static kinf__gz z;
    uint8_t* out = (uint8_t*)malloc(1u << 18);
    size_t i, gn, outn;
    uint32_t rng = 7;
    int all = 1, flips = 1, r1, r2;
    g_test = "gzip_corrupt";
    CHECK(out != 0);
    if (!out) { return; }
    memset(&z, 0, sizeof(z));
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        uint8_t* g = gzt_load(bad[i].file, &gn);
        size_t at, n;
        if (!g) { all = 0; continue; }
        g = (uint8_t*)realloc(g, gn + 1u);
        at = bad[i].at < 0 ? gn - (size_t)(-bad[i].at) : (size_t)bad[i].at;
        n = gn - (size_t)bad[i].cut;
        if (bad[i].xor_) { g[at] ^= (uint8_t)bad[i].xor_; }
        if (bad[i].set >= 0) { g[at] = (uint8_t)bad[i].set; }
        if (bad[i].append) { g[n++] = 'x'; }
        r1 = gzt_inflate(&z, g, n, n, 0, out, 1u << 18, &outn, &rng);
        r2 = gzt_inflate(&z, g, n, 1, 1, out, 1u << 18, &outn, &rng);
        if (r1 != bad[i].want || r2 != bad[i].want) { printf("# %s case %zu: %d and %d, wanted %d\n", bad[i].file, i, r1, r2, bad[i].want); all = 0; }
        if (r1 < 0 && !z.why) { all = 0; }
        free(g);
    }
    CHECK(all);
    /* a flipped bit anywhere in the compressed data: refused (a code, a
       distance, the CRC or the length), never a stream that ends well */
    {
        uint8_t* g = gzt_load("list-L1.gz", &gn);
        CHECK(g != 0);
        for (i = 0; g && i < 300u; i++) {
            size_t at = 10u + gzt_rand(&rng) % (gn - 10u);
            uint8_t bit = (uint8_t)(1u << (gzt_rand(&rng) % 8u));
            g[at] ^= bit;
            r1 = gzt_inflate(&z, g, gn, 0, 0, out, 1u << 18, &outn, &rng);
            if (r1 == KINF__GZ_END || r1 == -99) { printf("# flip at %zu bit %u: %d\n", at, bit, r1); flips = 0; }
            g[at] ^= bit;
        }
        free(g);
    }
    CHECK(flips);
    /* after a failure every call says it again */
    {
        uint8_t junk[4] = { 1, 2, 3, 4 };
        size_t used;
        kinf__gz_reset(&z);
        CHECK_INT(kinf__gz_inflate(&z, junk, 4, &used), KINF__GZ_EHEAD);
        CHECK_INT(kinf__gz_inflate(&z, junk, 4, &used), KINF__GZ_EHEAD);
        CHECK_INT(used, 0);
    }
    free(out);
}

/* Lists in gzip through the engine calls: asked for on lists only, inflated
   into the same scanner in any read size and framing; a gzip response the
   library did not ask for, a Content-Encoding it does not know, and every
   bad stream are refused with their ids, the list retried, the store as it
   was (the replace happens only at the end of a complete list). */
static void test_gzip_engine(void) {
    static uint8_t resp[1 << 18];
    static const size_t steps[] = { 1, 13, 256 };
    size_t rawn = 0, gn = 0, g0n = 0, n, i;
    uint8_t* raw = gzt_load("list.json", &rawn);
    uint8_t* g = gzt_load("list-L6.gz", &gn);
    uint8_t* g0 = gzt_load("list-L0.gz", &g0n);
    kinf_informer_t* inf;
    uint64_t print0, print;
    int count, mode, ok = 1;
    kinf_desc_t d;
    g_test = "gzip_engine";
    CHECK(raw && g && g0);
    if (!raw || !g || !g0) { free(raw); free(g); free(g0); return; }
    /* the request: Accept-Encoding on a list, never on a watch; none with no_gzip */
    inf = gzt_mk(0);
    CHECK(inf != 0);
    if (!inf) { return; }
    CHECK(strstr(request(inf, KINF__PH_LIST), "\r\nAccept-Encoding: gzip\r\n") != 0);
    CHECK(!has_ci(request(inf, KINF__PH_WATCH), "accept-encoding"));
    /* the memory: the inflater's block is counted, and not with no_gzip */
    desc_base(&d); d.max_objects = 128; d.store_bytes = 1 << 20;
    n = kinf_informer_size(&d);
    d.no_gzip = 1;
    CHECK(n >= kinf_informer_size(&d) + sizeof(kinf__gz));
    CHECK((uint64_t)n <= KINF_INFORMER_BYTES_FOR(max_objects, 128, store_bytes, 1 << 20, read_bytes, KINF_READ_BYTES));
    CHECK(kinf_check(&d, kinf_informer_size(&d), 0, 0) == KINF_LOGITEM_OK);
    d.no_gzip = 0;
    CHECK(kinf_check(&d, n - 1u, 0, 0) == KINF_LOGITEM_MEMORY_TOO_SMALL);
    /* a gzip list, with a length, chunked and read to the close, in reads of 1, 13, 256 bytes */
    for (mode = 0; mode < 3; mode++) {
        for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
            kinf_informer_t* f = gzt_mk(0);
            size_t rn = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", g, gn, mode);
            kinf_stats_t st;
            if (!f) { ok = 0; continue; }
            kinf_engine_tick(kinf_informer_engine(f), ENG_T0);
            log_reset();
            if (gzt_respond(f, resp, rn, steps[i], mode == 2) != 0) { ok = 0; }
            st = kinf_stats(f);
            if (!f->listed || kinf_count(f) != 60 || strcmp(kinf_resource_version(f), "5000") || kinf_last_error(f) != KINF_LOGITEM_OK ||
                st.gzip_responses != 1 || st.gzip_bytes_in != gn || st.gzip_bytes_out != rawn || f->req_kind != KINF__PH_WATCH) {
                printf("# mode %d step %zu: listed %d count %d rv %s errors %d gz %llu %llu %llu\n", mode, steps[i], f->listed,
                       kinf_count(f), kinf_resource_version(f), (int)kinf_last_error(f), (unsigned long long)st.gzip_responses,
                       (unsigned long long)st.gzip_bytes_in, (unsigned long long)st.gzip_bytes_out);
                ok = 0;
            }
            rm(f);
        }
    }
    CHECK(ok);
    /* the same list, identity: the same store */
    {
        kinf_informer_t* f = gzt_mk(1);
        size_t rn = gzt_http(resp, sizeof(resp), "200 OK", "", raw, rawn, 0);
        CHECK(f != 0);
        if (f) {
            kinf_engine_tick(kinf_informer_engine(f), ENG_T0);
            CHECK(!has_ci(request(f, KINF__PH_LIST), "accept-encoding"));
            CHECK_INT(gzt_respond(f, resp, rn, 256, 0), 0);
            CHECK_INT(kinf_count(f), 60);
            print0 = gzt_store_print(f, &count);
            rm(f);
        } else { print0 = 0; }
    }
    /* the informer used below: listed once from gzip */
    kinf_engine_tick(kinf_informer_engine(inf), ENG_T0);
    n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", g, gn, 1);
    CHECK_INT(gzt_respond(inf, resp, n, 256, 0), 0);
    CHECK(gzt_store_print(inf, &count) == print0 && count == 60);
    /* gzip on the watch that follows: never asked for */
    log_reset();
    n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", g, gn, 0);
    CHECK_INT(inf->req_kind, KINF__PH_WATCH);
    CHECK_INT(gzt_respond(inf, resp, n, 256, 0), -1);
    CHECK_INT(logged(KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING), 1);
    CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
    /* a list with a Content-Encoding not asked for */
    kinf__rf_begin(inf, KINF__PH_LIST);
    log_reset();
    n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: br\r\n", g, gn, 0);
    CHECK_INT(gzt_respond(inf, resp, n, 256, 0), -1);
    CHECK_INT(logged(KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING), 1);
    CHECK(gzt_store_print(inf, &count) == print0 && count == 60);
    /* bad streams in a list: the id, a retry of the list, the store as it was */
    {
        static const struct { int at, xor_, cut, extra; uint32_t item; } cases[] = {
            { -8, 1, 0, 0, KINF_LOGITEM_GZIP_CHECK_FAILED },   /* CRC-32 */
            { -2, 1, 0, 0, KINF_LOGITEM_GZIP_CHECK_FAILED },   /* ISIZE */
            { 0, 0, 5, 0, KINF_LOGITEM_GZIP_TRUNCATED },       /* the trailer cut short */
            { 0, 0, 15000, 0, KINF_LOGITEM_GZIP_TRUNCATED },   /* half the list: its other keys are not deleted */
            { 0, 0, 0, 1, KINF_LOGITEM_GZIP_MALFORMED },       /* data after the trailer */
            { 3, 0x40, 0, 0, KINF_LOGITEM_GZIP_MALFORMED },    /* a reserved flag */
            { 0, 0x10, 0, 0, KINF_LOGITEM_GZIP_MALFORMED },    /* not gzip at all */
        };
        static uint8_t bad[1 << 16];
        int all = 1;
        for (mode = 0; mode < 3; mode++) {
            for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                size_t bn = gn - (size_t)cases[i].cut, at = cases[i].at < 0 ? gn - (size_t)(-cases[i].at) : (size_t)cases[i].at;
                memcpy(bad, g, gn);
                bad[at] ^= (uint8_t)cases[i].xor_;
                if (cases[i].extra) { bad[bn++] = 0; }
                kinf__rf_begin(inf, KINF__PH_LIST);
                log_reset(); kinf_clear_error(inf);
                n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", bad, bn, mode);
                gzt_respond(inf, resp, n, 97, mode == 2);
                print = gzt_store_print(inf, &count);
                if (kinf_last_error(inf) != cases[i].item || logged(cases[i].item) != 1 || inf->phase != KINF__PH_BACKOFF ||
                    inf->next_kind != KINF__PH_LIST || print != print0 || count != 60 || !inf->gz_redo) {
                    printf("# bad list mode %d case %zu: error %s, phase %d next %d count %d same %d redo %d\n", mode, i,
                           kinf_log_item_name(kinf_last_error(inf)), inf->phase, inf->next_kind, count, print == print0, inf->gz_redo);
                    all = 0;
                }
            }
        }
        CHECK(all);
    }
    /* A bit flipped inside an object (a stored block: the JSON stays valid)
       is applied before the CRC at the end can tell: here the objects'
       resourceVersions changed since the store had them, so the bad list
       applies them all, the flipped one too. The list fails; the retry
       brings the same resourceVersions, and re-applies them all the same
       (a gzip list was given up), so the store is the server's again. */
    {
        static uint8_t bad[1 << 17], old[1 << 17];
        const char* mark = "\"kinformer.test/note\":\"";
        size_t at = 0, k;
        kinf_informer_t* f = gzt_mk(0);
        CHECK(f != 0 && rawn <= sizeof(old));
        for (k = 0; k + strlen(mark) + 4 < g0n && !at; k++) {
            if (!memcmp(g0 + k, mark, strlen(mark))) { at = k + strlen(mark) + 2; }
        }
        CHECK(at != 0 && g0n <= sizeof(bad));
        if (f && at && g0n <= sizeof(bad) && rawn <= sizeof(old)) {
            /* the store first holds every pod at an older resourceVersion (1xxx -> 0xxx), from a plain list */
            const char* rvk = "\"resourceVersion\":\"1";
            memcpy(old, raw, rawn);
            for (k = 0; k + strlen(rvk) < rawn; k++) { if (!memcmp(old + k, rvk, strlen(rvk))) { old[k + strlen(rvk) - 1] = '0'; } }
            kinf_engine_tick(kinf_informer_engine(f), ENG_T0);
            n = gzt_http(resp, sizeof(resp), "200 OK", "", old, rawn, 0);
            CHECK_INT(gzt_respond(f, resp, n, 256, 0), 0);
            CHECK(gzt_store_print(f, &count) != print0 && count == 60);
            memcpy(bad, g0, g0n);
            bad[at] = (uint8_t)(bad[at] == 'q' ? 'r' : 'q');
            kinf__rf_begin(f, KINF__PH_LIST);
            log_reset(); kinf_clear_error(f);
            n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", bad, g0n, 0);
            gzt_respond(f, resp, n, 256, 0);
            CHECK_INT(kinf_last_error(f), KINF_LOGITEM_GZIP_CHECK_FAILED);
            CHECK_INT(f->gz_redo, 1);
            kinf__rf_begin(f, KINF__PH_LIST);            /* the retry */
            n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", g, gn, 1);
            CHECK_INT(gzt_respond(f, resp, n, 256, 0), 0);
            CHECK(gzt_store_print(f, &count) == print0 && count == 60);
            CHECK_INT(f->gz_redo, 0);
        }
        rm(f);
    }
    rm(inf);
    /* no_gzip: a gzip response is one the library did not ask for */
    inf = gzt_mk(1);
    CHECK(inf != 0);
    if (inf) {
        kinf_engine_tick(kinf_informer_engine(inf), ENG_T0);
        log_reset();
        n = gzt_http(resp, sizeof(resp), "200 OK", "Content-Encoding: gzip\r\n", g, gn, 0);
        CHECK_INT(gzt_respond(inf, resp, n, 256, 0), -1);
        CHECK_INT(kinf_last_error(inf), KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING);
        CHECK_INT(kinf_count(inf), 0);
        rm(inf);
    }
    free(raw); free(g); free(g0);
}
#ifndef KINF_NO_FACTORY
/* discovery never asks for gzip: a gzip document is refused as such, not read as JSON */
static void test_gzip_discovery(void) {
    static dc_route routes[4];
    kinf_discovery_t* d;
    uint64_t t = ENG_T0;
    g_test = "gzip_discovery";
    routes[0] = dc_legacy[0]; routes[1] = dc_legacy[1];
    routes[1].ctype = "application/json\r\nContent-Encoding: gzip";
    routes[2].path = 0;
    d = dc_mk(1, 0, 0);
    CHECK(d != 0);
    if (!d) { return; }
    log_reset();
    kinf_discovery_refresh(d);
    dc_serve(d, &t, routes, 100000, 0, 3);
    CHECK_INT(logged(KINF_LOGITEM_HTTP_UNSUPPORTED_ENCODING), 1);
    CHECK_INT(logged(KINF_LOGITEM_DISCOVERY_MALFORMED), 0);
    CHECK_INT(kinf_discovery_state(d), KINF_DISC_BACKOFF);
    free(d);
}
#endif
#endif /* KINF_NO_GZIP */
static void test_gzip(void) {
#ifndef KINF_NO_GZIP
    test_gzip_inflate();
    test_gzip_corrupt();
    test_gzip_engine();
#ifndef KINF_NO_FACTORY
    test_gzip_discovery();
#endif
#endif
}
