/* fuzz_answer.h - what the targets that play the API server (discovery,
   client) share: one answer of the input's bytes as an HTTP/1.1 response.
   Include after kinformer.h and <stdio.h>, <string.h>. */
#ifndef FUZZ_ANSWER_H
#define FUZZ_ANSWER_H
/* a[0..n) as a response: "!NNN" first sets the status (200 without), the
   rest is the body, chunked in pieces of 7 bytes or with a Content-Length,
   under Content-Type ctype; its length in out (cap enough for n, its
   framing and 256 bytes of head) */
static size_t fuzz_answer(const uint8_t* a, size_t n, int chunked, const char* ctype, char* out, size_t cap) {
    int status = 200;
    size_t o, i;
    if (n >= 4 && a[0] == '!' && a[1] >= '1' && a[1] <= '5' && a[2] >= '0' && a[2] <= '9' && a[3] >= '0' && a[3] <= '9') {
        status = (a[1] - '0') * 100 + (a[2] - '0') * 10 + (a[3] - '0');
        a += 4; n -= 4;
    }
    o = (size_t)snprintf(out, cap, "HTTP/1.1 %d X\r\nContent-Type: %s\r\n", status, ctype);
    if (chunked) {
        o += (size_t)snprintf(out + o, cap - o, "Transfer-Encoding: chunked\r\n\r\n");
        for (i = 0; i < n; i += 7) {
            size_t k = n - i < 7 ? n - i : 7;
            o += (size_t)snprintf(out + o, cap - o, "%zx\r\n", k);
            memcpy(out + o, a + i, k); o += k;
            memcpy(out + o, "\r\n", 2); o += 2;
        }
        o += (size_t)snprintf(out + o, cap - o, "0\r\n\r\n");
    } else {
        o += (size_t)snprintf(out + o, cap - o, "Content-Length: %zu\r\n\r\n", n);
        memcpy(out + o, a, n); o += n;
    }
    return o;
}
#endif
