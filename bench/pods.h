/* bench/pods.h - a pod's watch event as the API server writes it, and a
   store fed watch bytes from memory (no server, no socket), for the
   benchmarks that drive the store: bench/journal.c and bench/arena.c.
   Include after kinformer.h with KINFORMER_IMPLEMENTATION (it feeds the
   reflector's body loop, a private call, as the unit tests do). */
#ifndef KINF_BENCH_PODS_H
#define KINF_BENCH_PODS_H
#include <stdio.h>

/* the informer made ready for watch bytes */
static void bench_watch_begin(kinf_informer_t* inf) { kinf__scan_reset(&inf->scan, 0); }
/* one watch event of pod p at resourceVersion rv into out (cap bytes), its
   annotation note = pad; the bytes written, or 0 when they do not fit */
static size_t bench_pod_event(char* out, size_t cap, const char* type, unsigned p, unsigned long rv, const char* pad) {
    int n = snprintf(out, cap,
        "{\"type\":\"%s\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"pod-%05u\",\"namespace\":\"ns-%u\","
        "\"uid\":\"6f1c%08x-0000-4000-8000-%012u\",\"resourceVersion\":\"%lu\",\"labels\":{\"app\":\"app-%u\",\"tier\":\"web\"},"
        "\"annotations\":{\"note\":\"%s\"}},\"spec\":{\"nodeName\":\"node-%u\",\"containers\":[{\"name\":\"c\",\"image\":\"registry/app:%lu\"}]},"
        "\"status\":{\"phase\":\"Running\",\"podIP\":\"10.%u.%u.%u\"}}}\n",
        type, p, p % 20, p, p, rv, p % 50, pad, p % 100, rv, p % 200, (p / 200) % 250, p % 250);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}
/* watch bytes (whole events) into the store; with deliver, the queued
   changes are delivered after them, as a driver does after each read, and
   whenever the queue is full */
static void bench_feed_watch(kinf_informer_t* inf, const char* bytes, size_t n, int deliver) {
    size_t at = 0;
    inf->body_mode = KINF__BODY_WATCH;
    while (at < n) {
        size_t used = 0;
        kinf__rf_body_feed(inf, (const uint8_t*)bytes + at, n - at, &used);
        at += used;
        if (!used) { kinf__hd_dispatch(inf); if (!inf->flen) { break; } }
    }
    if (deliver) { kinf__hd_dispatch(inf); }
}
#endif
