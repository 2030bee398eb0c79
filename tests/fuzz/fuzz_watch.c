/* libFuzzer target: a watch stream body through the whole informer path.

   Input: byte 0 picks the projection rules (fz_rulesets; bit 7: only 64 JSON
   tokens per event), byte 1 the read size, the FIFO's capacity (how often it
   is delivered) and the dispatch budget; the rest is the (de-chunked) body of
   a watch response: {"type":...,"object":{...}} events.

   The body goes through the library's body loop, kinf__rf_body_feed, the one
   kinf__rf_consume runs (informer: max_objects 64, store 64 KiB, events 8 KiB);
   a framing error or a broken record resets the scanner and the rest is fed
   on. Each framed record is scanned again on its own first, and its captures
   must agree (KINF__RECORD_HOOK, fuzz_common.h).
   kinf__hd_dispatch runs where the FIFO is full, with handlers that check every
   object (valid JSON, fields readable); at the end the lister and the store
   are checked (see fuzz_common.h). With bit 6 of byte 0 set, the body is
   also fed in one read to a second informer that projects every record by
   walking its bytes (not from the scanner's member table): both must end
   with the same objects (key, resourceVersion, JSON) unless a capacity ran
   out. The store checks itself after every change (KINF_SELFCHECK). */
#include "fuzz_informer.h"

/* Both informers hold the same objects: same count, and every key of one
   has the same resourceVersion and JSON in the other (slot order may differ). */
static void same_objects(kinf_informer_t* x, kinf_informer_t* y) {
    kinf_iter_t it;
    kinf_object_t o, p;
    FZ_CHECK(kinf_count(x) == kinf_count(y), "the read size changes the object count: %d vs %d", kinf_count(x), kinf_count(y));
    memset(&it, 0, sizeof(it));
    while (kinf_next(x, &it, &o)) {
        FZ_CHECK(kinf_get(y, o.key, &p), "%s is stored only when read in pieces", o.key);
        if (strcmp(o.resource_version, p.resource_version) || o.json_len != p.json_len || memcmp(o.json, p.json, o.json_len) ||
            o.flags != p.flags) {
            fz_dump("in pieces", o.json, o.json_len);
            fz_dump("in one read", p.json, p.json_len);
            FZ_FAIL("%s differs with the read size (rv %s vs %s)", o.key, o.resource_version, p.resource_version);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    kinf_informer_t* inf;
    void* mem;
    if (size < 2) { return 0; }
    inf = fz_informer_fifo(data[0], data[1], fz_fifo_capacity(data[1]), &mem);
    inf->body_mode = KINF__BODY_WATCH;
    kinf__scan_reset(&inf->scan, 0);
    fz_feed(inf, data + 2, size - 2, data[1], 0);
    fz_check_lister_ex(inf, 0); /* before delivery: the lister answers from the store */
    kinf__hd_dispatch(inf);
    while (inf->flen) { kinf__hd_dispatch(inf); } /* a budget delivers in steps */
    fz_check_lister(inf);
    FZ_CHECK(inf->conn.sock.fd < 0 && !(kinf_engine_state(kinf_informer_engine(inf)) & KINF_ENG_CLOSE), "a watch body opened a connection");
    /* bit 6 of byte 0: the same body in one read, projected by the byte
       walker instead of the member table, must end in the same state (when
       neither run ran out of store or slots) */
    if (data[0] & 0x40) {
        kinf_informer_t* inf2;
        void* mem2;
        inf2 = fz_informer_fifo(data[0], (uint8_t)(data[1] & ~7), fz_fifo_capacity(data[1]), &mem2);
        inf2->body_mode = KINF__BODY_WATCH;
        kinf__scan_reset(&inf2->scan, 0);
        fz_force_walk = 1;
        fz_feed(inf2, data + 2, size - 2, (uint8_t)(data[1] & ~7), 0);
        fz_force_walk = 0;
        kinf__hd_dispatch(inf2);
        while (inf2->flen) { kinf__hd_dispatch(inf2); }
        if (!inf->st.store_full && !inf->st.dropped && !inf2->st.store_full && !inf2->st.dropped) { same_objects(inf, inf2); }
        free(mem2);
    }
    free(mem);
    return 0;
}
