/* libFuzzer target: kinf__b64, the base64 decoder of kubeconfig *-data fields.

   Input: 1 control byte, then the text. The control byte sets the output
   capacity: bit 7 set: (byte & 0x7f) bytes; else the exact decoded size of a
   padded text of this length, plus (byte % 8) - 4 (clamped at 0). The output
   buffer is malloc'd with exactly that size.

   A reference decoder written here from RFC 4648 (standard alphabet, padded:
   the length is a multiple of 4, at most two '=' and only at the end, no
   whitespace; non-zero trailing bits are accepted, as Go's StdEncoding) must
   make the same decision and the same bytes; "does not fit" is a rejection
   too (-1). */
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS /* white-box: the private macros stay defined */
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>

#define FAIL(...) do { fprintf(stderr, "\nFUZZ INVARIANT FAILED: "); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

static int ref_val(unsigned char c) {
    if (c >= 'A' && c <= 'Z') { return c - 'A'; }
    if (c >= 'a' && c <= 'z') { return c - 'a' + 26; }
    if (c >= '0' && c <= '9') { return c - '0' + 52; }
    if (c == '+') { return 62; }
    if (c == '/') { return 63; }
    return -1;
}
/* returns the decoded length, or -1 (invalid or more than cap) */
static long ref_b64(const unsigned char* s, size_t n, unsigned char* out, size_t cap) {
    size_t pad = 0, i, o = 0, outlen;
    if (n % 4 != 0) { return -1; }
    while (pad < n && s[n - 1 - pad] == '=') { pad++; }
    if (pad > 2) { return -1; }
    for (i = 0; i < n - pad; i++) { if (ref_val(s[i]) < 0) { return -1; } }
    outlen = n / 4 * 3 - pad;
    if (outlen > cap) { return -1; }
    for (i = 0; i < n; i += 4) {
        unsigned v = 0, k, q = 0;
        for (k = 0; k < 4; k++) {
            int x = s[i + k] == '=' ? 0 : ref_val(s[i + k]);
            if (s[i + k] != '=') { q++; }
            v = (v << 6) | (unsigned)x;
        }
        out[o++] = (unsigned char)(v >> 16);
        if (q > 2) { out[o++] = (unsigned char)(v >> 8); }
        if (q > 3) { out[o++] = (unsigned char)v; }
    }
    if (o != outlen) { FAIL("reference decoder: %zu bytes, expected %zu", o, outlen); }
    return (long)o;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const char* s;
    size_t n, cap;
    unsigned char *dst, *ref;
    long got, want;
    char* src;
    if (size < 1) { return 0; }
    n = size - 1;
    if (data[0] & 0x80) { cap = data[0] & 0x7f; }
    else {
        long c = (long)((n + 3) / 4 * 3) + (long)(data[0] % 8) - 4;
        cap = c < 0 ? 0 : (size_t)c;
    }
    src = (char*)malloc(n ? n : 1);   /* exactly the text: reads past it are caught */
    if (n) { memcpy(src, data + 1, n); }
    s = src;
    dst = (unsigned char*)malloc(cap ? cap : 1);
    ref = (unsigned char*)malloc(n + 1);
    got = kinf__b64(s, n, cap ? dst : dst, cap);
    want = ref_b64((const unsigned char*)s, n, ref, cap);
    if (got != want) {
        fprintf(stderr, "input (%zu bytes, cap %zu): ", n, cap);
        fwrite(s, 1, n < 200 ? n : 200, stderr);
        fprintf(stderr, "\n");
        FAIL("kinf__b64 returned %ld, the reference %ld", got, want);
    }
    if (got > 0 && memcmp(dst, ref, (size_t)got)) { FAIL("kinf__b64 decoded other bytes than the reference"); }
    free(src); free(dst); free(ref);
    return 0;
}
