/* engine_feed.h - the receiving half of a transport in a test: the bytes of a
   response handed to the engine through its public calls, at most `step` at
   a time and never more than the buffer it offers. tests/unit/harness.h,
   tests/engine.c and tests/fuzz/fuzz_reflector.c share it; include it after
   kinformer.h.

   With `dispatch`, a full FIFO (no buffer offered) is emptied by delivering
   the queued changes, as a driver does, and the feed goes on; without it, the
   feed stops there. Returns how many bytes the engine took. */
#ifndef KINF_TEST_ENGINE_FEED_H
#define KINF_TEST_ENGINE_FEED_H
#include <string.h>

static size_t kinf_test_feed(kinf_informer_t* inf, const void* data, size_t n,
                             size_t step, uint64_t now, int dispatch) {
    const uint8_t* d = (const uint8_t*)data;
    size_t p = 0;
    int guard;
    for (guard = 0; p < n && guard < 100000; guard++) {
        size_t cap, k = n - p;
        uint8_t* b = kinf_engine_recvbuf(kinf_informer_engine(inf), &cap);
        if (!b) {
            if (dispatch && kinf_engine_dispatch(kinf_informer_engine(inf), now) > 0) { kinf_engine_tick(kinf_informer_engine(inf), now); continue; }
            break;
        }
        if (k > cap) { k = cap; }
        if (k > step) { k = step; }
        memcpy(b, d + p, k);
        p += k;
        kinf_engine_recvd(kinf_informer_engine(inf), k, now);
    }
    return p;
}
/* the request the engine sends now, whole, into r (cap bytes, NUL-ended);
   "" when it has none or it does not fit */
static inline const char* kinf_test_request(kinf_informer_t* inf, uint64_t now, char* r, size_t cap) {
    size_t len;
    const uint8_t* b;
    r[0] = 0;
    if (!(kinf_engine_tick(kinf_informer_engine(inf), now) & KINF_ENG_SEND) || !(b = kinf_engine_sendbuf(kinf_informer_engine(inf), &len)) || len >= cap) { return r; }
    memcpy(r, b, len); r[len] = 0;
    kinf_engine_sent(kinf_informer_engine(inf), len, now);
    return r;
}
#endif
