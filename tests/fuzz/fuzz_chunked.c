/* libFuzzer target: the chunked transfer-coding decoder.

   Input: 4 control bytes (two cut positions, little-endian, modulo the
   length), then a chunked body. kinf__chunked_decode decodes it in one call,
   in up to three calls cut at the two positions, and (up to 2 KiB) one byte
   at a time; each call decodes in place in a buffer of exactly its size. All
   must agree (abort if not): same error or none, same output bytes, same end
   state; no call may output more bytes than it was given. */
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

typedef struct res { int err; kinf__chunked d; size_t olen; uint8_t* out; } res;

/* decodes d[0..n) in pieces ending at cuts[] (sorted), then n */
static void decode(const uint8_t* d, size_t n, const size_t* cuts, size_t ncut, res* r) {
    size_t a = 0, i;
    memset(r, 0, sizeof(*r));
    r->out = (uint8_t*)malloc(n ? n : 1);
    for (i = 0; i <= ncut; i++) {
        size_t b = i < ncut ? cuts[i] : n, len;
        uint8_t* piece;
        if (b < a) { continue; }
        len = b - a;
        piece = (uint8_t*)malloc(len ? len : 1);
        if (len) { memcpy(piece, d + a, len); }
        if (kinf__chunked_decode(&r->d, piece, &len) != KINF_OK) { r->err = 1; free(piece); return; }
        if (len > b - a) { FAIL("decode output %zu bytes from a %zu-byte piece", len, b - a); }
        memcpy(r->out + r->olen, piece, len);
        r->olen += len;
        free(piece);
        a = b;
    }
}
static void same(const res* x, const res* y, const char* what) {
    if (x->err != y->err) { FAIL("%s: whole %s, pieces %s", what, x->err ? "fails" : "succeeds", y->err ? "fail" : "succeed"); }
    if (x->err) { return; }
    if (x->olen != y->olen || memcmp(x->out, y->out, x->olen)) { FAIL("%s: output differs (%zu vs %zu bytes)", what, x->olen, y->olen); }
    if (x->d.done != y->d.done || x->d.st != y->d.st || x->d.left != y->d.left || x->d.digits != y->d.digits) {
        FAIL("%s: end state differs (done %d/%d st %d/%d left %llu/%llu)", what, x->d.done, y->d.done, x->d.st, y->d.st,
             (unsigned long long)x->d.left, (unsigned long long)y->d.left);
    }
    if (x->d.done && x->d.st != 8) { FAIL("done but state %d", x->d.st); }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const uint8_t* d;
    size_t n, cuts[2];
    res w, s, b;
    if (size < 4) { return 0; }
    d = data + 4; n = size - 4;
    cuts[0] = (size_t)(data[0] | (data[1] << 8)) % (n + 1);
    cuts[1] = (size_t)(data[2] | (data[3] << 8)) % (n + 1);
    if (cuts[0] > cuts[1]) { size_t t = cuts[0]; cuts[0] = cuts[1]; cuts[1] = t; }
    decode(d, n, 0, 0, &w);
    if (w.olen > n) { FAIL("output longer than input"); }
    decode(d, n, cuts, 2, &s);
    same(&w, &s, "cut in 3");
    free(s.out);
    if (n <= 2048) {
        size_t* all = (size_t*)malloc((n ? n : 1) * sizeof(size_t)), i;
        for (i = 0; i < n; i++) { all[i] = i + 1; }
        decode(d, n, all, n, &b);
        same(&w, &b, "byte by byte");
        free(b.out);
        free(all);
    }
    free(w.out);
    return 0;
}
