/* libFuzzer target: list bodies through the whole informer path.

   Input: byte 0 picks the projection rules (as fuzz_watch.c), byte 1 the read
   size, FIFO capacity (delivery cadence) and budget (bit 4 also: end through
   kinf__rf_response_done instead of kinf__rf_list_finished); the rest is one or
   more LIST response bodies: {"metadata":{"resourceVersion":..,"continue":..},
   "items":[{...},...]}.

   Before the list, a few objects are put in the store through a watch stream
   (so the list replaces a cache, and kinf__rf_list_finished has keys to delete).
   The body goes through the library's body loop, kinf__rf_body_feed, as
   kinf__rf_consume feeds it, with the capture oracle of fuzz_watch.c (on a
   framing error or a broken item the scanner is reset and the rest is fed
   on: later bodies are further pages of the same list), then the list is
   finished: kinf__rf_list_finished (or kinf__rf_response_done), which
   starts a watch at http://127.0.0.1:1 (refused or
   pending, closed here). Handlers and the lister are checked as in
   fuzz_common.h; after the list every visible key was seen by it. */
#include "fuzz_informer.h"

static const char fz_prefill[] =
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"uid\":\"u1\",\"resourceVersion\":\"1\",\"labels\":{\"app\":\"x\"}},\"spec\":{\"nodeName\":\"n1\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\",\"resourceVersion\":\"2\"}}}\n"
    "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"node-0\",\"resourceVersion\":\"3\"},\"status\":{\"phase\":\"Running\"}}}\n"
    "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"b\",\"namespace\":\"ns\",\"resourceVersion\":\"4\"}}}\n";

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    kinf_informer_t* inf;
    void* mem;
    int32_t s;
    if (size < 2) { return 0; }
    inf = fz_informer_fifo(data[0], data[1], fz_fifo_capacity(data[1]), &mem);
    /* an earlier state: listed and watched, partly delivered */
    inf->body_mode = KINF__BODY_WATCH;
    kinf__scan_reset(&inf->scan, 0);
    fz_feed(inf, (const uint8_t*)fz_prefill, sizeof(fz_prefill) - 1, 0, 0);
    if (data[1] & 0x80) { kinf__hd_dispatch(inf); }
    inf->listed = 1;
    /* the list */
    inf->body_mode = KINF__BODY_LIST;
    kinf__scan_reset(&inf->scan, 1);
    kinf__rf_unseen(inf);
    inf->req_kind = KINF__PH_LIST;
    inf->phase = KINF__PH_LIST;
    fz_feed(inf, data + 2, size - 2, data[1], 1);
    fz_check_lister_ex(inf, 0);
    if (data[1] & 0x10) {
        inf->conn.resp.status = 200;
        kinf__rf_response_done(inf);   /* list_finished, or the next page, or a failed list */
    } else {
        kinf__rf_list_finished(inf);
        for (s = 0; s < inf->slot_hi; s++) {
            if (kinf__store_visible(inf, s)) {
                FZ_CHECK(inf->slots[s].flags & KINF__F_SEEN, "slot %d visible after the list but not seen by it", s);
            }
        }
        FZ_CHECK(!strcmp(inf->last_rv, inf->c_lrv) || strlen(inf->c_lrv) >= sizeof(inf->last_rv),
                 "last_rv is not the list's resourceVersion");
    }
    kinf_shutdown(inf);
    fz_check_lister_ex(inf, 0);
    kinf__hd_dispatch(inf);
    while (inf->flen) { kinf__hd_dispatch(inf); }
    fz_check_lister(inf);
    free(mem);
    return 0;
}
