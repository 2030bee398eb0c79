
/*=== IMPLEMENTATION ========================================================*/
#ifdef KINFORMER_IMPLEMENTATION
#ifndef KINFORMER_IMPL_INCLUDED
#define KINFORMER_IMPL_INCLUDED

#include <string.h>
#include <stdlib.h>
#include <errno.h>
#ifndef KINF_ENGINE_ONLY
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <signal.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#ifndef KINF_NO_SNAPSHOT
#include <stdio.h> /* rename */
#endif
#elif defined(KINF_TLS_BEARSSL)
#error "KINF_ENGINE_ONLY leaves out the built-in transport, and TLS with it: a transport of your own speaks TLS itself"
#endif
/* A write to a peer that has gone must not raise SIGPIPE: Linux and the
   BSDs since 2013 say so per call (MSG_NOSIGNAL); macOS and older BSDs per
   socket (SO_NOSIGPIPE, set in kinf__sock_connect_next). Elsewhere the
   program ignores SIGPIPE itself. */
#if defined(MSG_NOSIGNAL)
#define KINF__SEND_FLAGS MSG_NOSIGNAL
#else
#define KINF__SEND_FLAGS 0
#endif
#if defined(__SSE2__) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <emmintrin.h>
#define KINF__SSE2 1
#endif
/* the JSON scanner's structural pass: 32 bytes at a time where the build
   allows AVX2 (-mavx2, -march=...), NEON on arm64 */
#if defined(__AVX2__) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <immintrin.h>
#define KINF__AVX2 1
#endif
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__GNUC__) && !defined(KINF_NO_SIMD)
#include <arm_neon.h>
#define KINF__NEON 1
#endif

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#define JSMN_STATIC
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#include <jsmn.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#ifdef KINF_TLS_BEARSSL
#include <bearssl.h>
#endif
#ifndef KINF_TLS_MAX_CAS
#define KINF_TLS_MAX_CAS 16
#endif
#ifndef KINF_TLS_ANCHOR_BYTES
#define KINF_TLS_ANCHOR_BYTES 16384
#endif
#ifndef KINF_TLS_MAX_CHAIN
#define KINF_TLS_MAX_CHAIN 4
#endif
#ifndef KINF_TLS_CHAIN_BYTES
#define KINF_TLS_CHAIN_BYTES 8192
#endif
#ifndef KINF_ASSERT
#include <assert.h>
#define KINF_ASSERT(c) assert(c)
#endif
#ifndef KINF_MAX_HEAD_BYTES
#define KINF_MAX_HEAD_BYTES 8192
#endif
#ifndef KINF_MAX_HEADERS
#define KINF_MAX_HEADERS 48
#endif
#ifndef KINF_MAX_DEPTH
#define KINF_MAX_DEPTH 128
#endif
#ifndef KINF_MAX_RULES
#define KINF_MAX_RULES 32
#endif
#if KINF_MAX_RULES > 32
#error "KINF_MAX_RULES is at most 32 (the rule masks are 32 bits)"
#endif
#ifndef KINF_MAX_CONTINUE
#define KINF_MAX_CONTINUE 4096
#endif
#ifndef KINF_MAX_TOKEN
#define KINF_MAX_TOKEN 8192
#endif
#define KINF__MAX_SEGS 12
#define KINF__MAX_STR 1024 /* path prefix, selectors */
#define KINF__MAX_RV 128
#define KINF__MAX_NAME 256
#define KINF__MAX_UID 128
#define KINF__MAX_KEY (2 * KINF__MAX_NAME + 2)
#define KINF__WBUF (16384 + KINF_MAX_TOKEN)
#define KINF__MAX_OBJECTS 1000000
#define KINF__SLOT_BITS 20
#define KINF__MAGIC 0x6b696e66u

/* @CONTENTS@ (src/mkheader.py writes the contents list here) */

/* >>base */
/* An arena block: 16 bytes, then key, namespace, uid and resourceVersion as C
   strings, the JSON and its NUL, then tail bytes up to the 4-byte size.
   pfree: the block just below it in the arena is free (>>store arena). */
typedef struct { uint32_t size, owner; uint16_t klen; uint8_t nslen, uidlen, rvlen, flags, tail, pfree; } kinf__blk;
/* the arena's free lists: row 0 for blocks under 256 bytes, 16 bytes a
   list; row f > 0 for [2^(f+7), 2^(f+8)), in 16 lists of equal width */
#define KINF__SL_BITS 4
#define KINF__SL_N (1 << KINF__SL_BITS)
#define KINF__FL_N 25
typedef char kinf__blk_lens_fit[(KINF__MAX_NAME <= 256 && KINF__MAX_UID <= 256 && KINF__MAX_RV <= 256) ? 1 : -1];
typedef char kinf__blk_is_16[(sizeof(kinf__blk) == 16) ? 1 : -1];
/* the bytes of a block before its JSON: the header and the four strings with their NULs */
static size_t kinf__blk_head(size_t kl, size_t nsl, size_t ul, size_t rl) { return sizeof(kinf__blk) + kl + nsl + ul + rl + 4u; }

static size_t kinf__align8(size_t n) { return (n + 7u) & ~(size_t)7u; }
static uint32_t kinf__fnv(const char* s, size_t n) {
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) { h ^= (uint8_t)s[i]; h *= 16777619u; }
    return h ? h : 1u;
}
/* 64-bit FNV-1a of n bytes, from h (0xcbf29ce484222325 to begin): the
   snapshot's rule and journal-path sums, the exec plugin's pair held */
static inline uint64_t kinf__fnv64(uint64_t h, const void* p, size_t n) {
    const uint8_t* b = (const uint8_t*)p;
    size_t i;
    for (i = 0; i < n; i++) { h = (h ^ b[i]) * 0x100000001b3ull; }
    return h;
}
/* kinf__fnv of a C string, in one pass (no strlen first) */
static uint32_t kinf__fnv_str(const char* s) {
    uint32_t h = 2166136261u;
    for (; *s; s++) { h ^= (uint8_t)*s; h *= 16777619u; }
    return h ? h : 1u;
}
/* copies at most cap-1 bytes; returns 0 if src did not fit */
static int kinf__strlcpy(char* dst, const char* src, size_t cap) {
    size_t n = src ? strlen(src) : 0;
    if (n >= cap) { n = cap - 1; memcpy(dst, src, n); dst[n] = 0; return 0; }
    if (n) { memcpy(dst, src, n); }
    dst[n] = 0;
    return 1;
}
/* s holds fewer than cap bytes (NULL holds none); looks no further than cap */
static int kinf__fits(const char* s, size_t cap) {
    size_t n = 0;
    while (s && n < cap && s[n]) { n++; }
    return n < cap;
}
/* appends s to the string in dst; 0 (dst unchanged) when it does not fit */
static int kinf__cat(char* dst, size_t cap, const char* s) {
    size_t o = strlen(dst), n = strlen(s);
    if (o + n >= cap) { return 0; }
    memcpy(dst + o, s, n + 1);
    return 1;
}
static char* kinf__utoa(char* buf /* >= 21 */, uint64_t v) {
    char* p = buf + 20;
    *p = 0;
    do { *--p = (char)('0' + v % 10u); v /= 10u; } while (v);
    return p;
}
/* visible ASCII only: what may go into a request line or header */
static int kinf__visible_ascii(const char* s) {
    for (; s && *s; s++) { if ((unsigned char)*s < 0x21 || (unsigned char)*s > 0x7e) { return 0; } }
    return 1;
}
static int kinf__mem_has(const uint8_t* p, size_t n, const char* s) {
    size_t k = strlen(s), i;
    for (i = 0; i + k <= n; i++) { if (p[i] == (uint8_t)s[0] && !memcmp(p + i, s, k)) { return 1; } }
    return 0;
}
/* writes the key "ns/name" (or "name" for a cluster-scoped object) at out,
   which has room for nsl + 1 + nl bytes; returns its length (no NUL written) */
static size_t kinf__key_put(char* out, const char* ns, size_t nsl, const char* name, size_t nl) {
    if (!nsl) { memcpy(out, name, nl); return nl; }
    memcpy(out, ns, nsl); out[nsl] = '/'; memcpy(out + nsl + 1, name, nl);
    return nsl + 1 + nl;
}
/* the value of one hex digit, or -1 (chunk sizes, \u escapes in JSON and YAML) */
static int kinf__hexval(unsigned c) {
    return (c >= '0' && c <= '9') ? (int)(c - '0') : (c >= 'a' && c <= 'f') ? (int)(c - 'a' + 10) : (c >= 'A' && c <= 'F') ? (int)(c - 'A' + 10) : -1;
}
static char kinf__lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }
static int kinf__ieq(const char* a, size_t an, const char* b) { /* case-insensitive, b lowercase */
    size_t i;
    for (i = 0; i < an; i++) {
        if (!b[i] || kinf__lower(a[i]) != b[i]) { return 0; }
    }
    return b[an] == 0;
}
/* parses a decimal of at most 18 digits; -1 if not one */
static int64_t kinf__parse_dec(const char* s, size_t n) {
    int64_t v = 0;
    size_t i;
    if (n == 0 || n > 18) { return -1; }
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') { return -1; }
        v = v * 10 + (s[i] - '0');
    }
    return v;
}
static uint32_t kinf__rand(uint32_t* st) {
    uint32_t x = *st ? *st : 0x9e3779b9u;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    *st = x;
    return x;
}
/* jsmn helpers: the token after token i and all it holds; the value of the
   member name of the object at token o (-1: none); token i's text is s */
static int kinf__tok_skip(const jsmntok_t* t, int nt, int i) {
    int end = t[i].end;
    i++;
    while (i < nt && t[i].start < end) { i++; }
    return i;
}
static int kinf__tok_member(const char* js, const jsmntok_t* t, int nt, int o, const char* name) {
    int j = o + 1, m;
    size_t n = strlen(name);
    if (o < 0 || o >= nt || t[o].type != JSMN_OBJECT) { return -1; }
    for (m = 0; m < t[o].size && j + 1 < nt; m++) {
        if ((size_t)(t[j].end - t[j].start) == n && !memcmp(js + t[j].start, name, n)) { return j + 1; }
        j = kinf__tok_skip(t, nt, j + 1);
    }
    return -1;
}
static int kinf__tok_is(const char* js, const jsmntok_t* t, int i, const char* s) {
    size_t n = strlen(s);
    return i >= 0 && (size_t)(t[i].end - t[i].start) == n && !memcmp(js + t[i].start, s, n);
}
/* The backoff of failure *n (counted up, to 6): base_ms doubled each time up
   to cap_ms, plus full jitter (a random share of as much again), as
   client-go's reflector. Every owner's retries wait this. */
static uint64_t kinf__backoff_ms(uint32_t base_ms, uint32_t cap_ms, int* n, uint32_t* rng) {
    uint64_t d = (uint64_t)base_ms << (*n < 6 ? (*n > 0 ? *n : 0) : 6);
    if (d > cap_ms) { d = cap_ms; }
    if (d == 0) { d = 1; }
    if (*n < 6) { (*n)++; }
    return d + kinf__rand(rng) % d;
}

