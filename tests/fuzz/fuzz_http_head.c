/* libFuzzer target: HTTP response heads and bodies.

   Input: 5 control bytes, then a raw HTTP response (head and body as read
   from the socket).
     byte 0: bit 0 the request kind (0 list, 1 watch); bit 1: also finish the
             response (kinf__rf_response_done) when the body is done
     bytes 1-2, 3-4: two cut positions (little-endian, modulo the length)
   1. kinf__http_parse_head on the response bytes (in a buffer of exactly
      their size); a parsed head must have sane fields.
   2. An informer (kinf_init on a static buffer, server http://127.0.0.1:1,
      req_kind set) gets the response through kinf__conn_ingest in one read (a
      chunked body's data taken in place by kinf__conn_chunk), and a second
      one in 2-3 reads cut at the two positions. Both must agree: same
      error or none, same status, same decoded body bytes, same end of body.
      The second one also feeds the decoded body to kinf__rf_consume (delivering
      the FIFO with kinf__hd_dispatch when it fills) and, if byte 0 says so, ends
      with kinf__rf_response_done (which may start a request to 127.0.0.1:1:
      refused or pending, closed here). */
#define KINF_TLS_BEARSSL
#define KINF_SELFCHECK
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include "fuzz_common.h"

static unsigned char g_mem[2][1 << 20];
static uint8_t g_body[2][1 << 16];

typedef struct run_out { int err, head_done, status, body_done; size_t body_len; } run_out;

static kinf_informer_t* mk(unsigned char* mem, int kind) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    fz_rot = 0;
    memset(&d, 0, sizeof(d));
    d.server = "http://127.0.0.1:1";
    d.resource = "pods";
    d.max_objects = 16;
    d.store_bytes = 16 * 1024;
    d.max_event_bytes = 8 * 1024;
    d.random_seed = 1;
    d.watch_list = KINF_WATCH_LIST_OFF; /* the seeds are a LIST, then a WATCH */
    FZ_CHECK(kinf_informer_size(&d) <= sizeof(g_mem[0]), "informer larger than its static buffer");
    inf = kinf_init(mem, sizeof(g_mem[0]), &d);
    FZ_CHECK(inf != 0, "kinf_init");
    FZ_CHECK(kinf_add_handler(inf, &fz_handler) == 0, "kinf_add_handler");
    inf->req_kind = kind;
    inf->phase = kind;
    inf->started = KINF__RUN_STARTED;
    inf->rv_mode = KINF__RV_ZERO;
    return inf;
}

/* feeds d[0..n) in reads cut at cuts[0..ncut); returns what was seen */
static void run(int which, const uint8_t* d, size_t n, const size_t* cuts, int ncut, int kind, int drive, int finish, run_out* out) {
    kinf_informer_t* inf = mk(g_mem[which], kind);
    size_t a = 0;
    int i, consume_ok = 1;
    memset(out, 0, sizeof(*out));
    for (i = 0; i <= ncut && a < n && !out->body_done; i++) {
        size_t b = i < ncut ? cuts[i] : n;
        if (b <= a) { continue; }
        while (a < b && !out->body_done) {
            size_t k = b - a;
            if (k > inf->conn.rcap) { k = inf->conn.rcap; }
            memcpy(inf->conn.rbuf, d + a, k);
            a += k;
            if (kinf__conn_ingest(&inf->conn, k) != 0) { out->err = 1; goto done; }
            FZ_CHECK(inf->conn.dpos <= inf->conn.dend && inf->conn.dend <= inf->conn.rend && inf->conn.rend <= k, "ingest: body at [%zu, %zu), raw to %zu, of a %zu-byte read", inf->conn.dpos, inf->conn.dend, inf->conn.rend, k);
            FZ_CHECK(inf->conn.hlen <= sizeof(inf->conn.head), "head length %zu", inf->conn.hlen);
            out->head_done = inf->conn.resp.head_done;
            out->status = inf->conn.resp.status;
            if (inf->conn.body_done) { out->body_done = 1; }
            /* the body's runs as the informer takes them: a chunked one's
               in place, between the framing kinf__conn_chunk decodes (the
               raw window: inflated bytes of a gzip list that wait for the
               FIFO are kinf__rf_consume's, not this loop's) */
            while (inf->conn.dpos < inf->conn.rend) {
                size_t bl;
                if (inf->conn.dpos >= inf->conn.dend) {
                    size_t was = inf->conn.dend;
                    if (kinf__conn_chunk(&inf->conn) != 0) { out->err = 1; goto done; }
                    FZ_CHECK(inf->conn.dend > was && inf->conn.dpos >= was && inf->conn.dpos <= inf->conn.dend && inf->conn.dend <= inf->conn.rend,
                             "chunk_next: from %zu to data [%zu, %zu), raw to %zu", was, inf->conn.dpos, inf->conn.dend, inf->conn.rend);
                    if (inf->conn.body_done) { out->body_done = 1; }
                    continue;
                }
                bl = inf->conn.dend - inf->conn.dpos;
                FZ_CHECK(inf->conn.resp.head_done, "body bytes before the head is done");
                FZ_CHECK(out->body_len + bl <= sizeof(g_body[0]), "more body than input");
                memcpy(g_body[which] + out->body_len, inf->conn.rbuf + inf->conn.dpos, bl);
                out->body_len += bl;
                if (drive && consume_ok) {
                    /* this run only; a failure closes the connection, and the
                       rest of the read is still decoded for the comparison */
                    kinf__chunked ch = inf->conn.ch;
                    size_t re = inf->conn.rend, de = inf->conn.dend;
                    int bd = inf->conn.body_done;
                    inf->conn.rend = de;
                    while (inf->conn.dpos < inf->conn.dend) {
                        if (kinf__rf_consume(inf) != 0) { consume_ok = 0; break; }
                        if (inf->conn.dpos < inf->conn.dend) { kinf__hd_dispatch(inf); } /* held back by the FIFO */
                    }
                    kinf__hd_dispatch(inf);
                    inf->conn.ch = ch; inf->conn.dpos = inf->conn.dend = de; inf->conn.rend = re; inf->conn.body_done = bd;
                }
                inf->conn.dpos = inf->conn.dend;
            }
            kinf__conn_window_clear(&inf->conn);
        }
    }
done:
    if (drive) {
        if (finish && consume_ok && !out->err && out->body_done) {
            kinf__rf_response_done(inf);
            kinf__hd_dispatch(inf);
        }
        kinf_shutdown(inf);
        fz_check_lister(inf);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const uint8_t* d;
    size_t n, cuts[2];
    kinf__resp r;
    uint32_t item = 0;
    int kind, rc;
    run_out w, s;
    char* head;
    if (size < 5) { return 0; }
    d = data + 5; n = size - 5;
    kind = (data[0] & 1) ? KINF__PH_WATCH : KINF__PH_LIST;

    /* 1. the head parser alone, on a buffer of exactly n bytes */
    head = (char*)malloc(n ? n : 1);
    if (n) { memcpy(head, d, n); }
    rc = kinf__http_parse_head(head, n, &r, &item);
    if (rc == KINF_OK) {
        FZ_CHECK(r.status >= 100 && r.status <= 599, "parsed status %d", r.status);
        FZ_CHECK(r.clen >= -1 && r.retry_after >= -1, "clen %lld retry_after %lld", (long long)r.clen, (long long)r.retry_after);
        FZ_CHECK(!r.chunked || r.clen == -1, "chunked with a content length");
    } else {
        FZ_CHECK(rc == KINF_ERR_INVAL || rc == KINF_ERR_NOMEM, "parse_head returned %d", rc);
        FZ_CHECK(item > 0 && item < KINF_LOGITEM_COUNT, "parse_head failed with item %u", item);
    }
    free(head);

    /* 2. whole vs cut, through kinf__conn_ingest */
    if (n > sizeof(g_body[0])) { return 0; }
    cuts[0] = n ? (size_t)(data[1] | (data[2] << 8)) % (n + 1) : 0;
    cuts[1] = n ? (size_t)(data[3] | (data[4] << 8)) % (n + 1) : 0;
    if (cuts[0] > cuts[1]) { size_t t = cuts[0]; cuts[0] = cuts[1]; cuts[1] = t; }
    run(0, d, n, cuts, 0, kind, 0, 0, &w);
    run(1, d, n, cuts, 2, kind, 1, (data[0] >> 1) & 1, &s);
    FZ_CHECK(w.err == s.err, "ingest: one read %s, cut at %zu/%zu %s", w.err ? "fails" : "succeeds", cuts[0], cuts[1], s.err ? "fails" : "succeeds");
    if (!w.err) {
        FZ_CHECK(w.head_done == s.head_done && w.status == s.status, "ingest: head %d/%d status %d/%d (one read / cut)",
                 w.head_done, s.head_done, w.status, s.status);
        FZ_CHECK(w.body_done == s.body_done, "ingest: body done %d/%d (one read / cut)", w.body_done, s.body_done);
        FZ_CHECK(w.body_len == s.body_len && !memcmp(g_body[0], g_body[1], w.body_len),
                 "ingest: decoded body differs: %zu bytes in one read, %zu cut at %zu/%zu", w.body_len, s.body_len, cuts[0], cuts[1]);
    }
    return 0;
}
