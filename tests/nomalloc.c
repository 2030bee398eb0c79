/* nomalloc - proves kinformer allocates nothing: malloc, calloc, realloc and
   free are replaced here; once the informer is initialised they fail and count.
   The informer then lists and watches a live server (numeric address, so no
   resolver runs) until it has synced and seen 20 events (tests/test_nomalloc.sh
   starts churn on the server once "# synced" is printed); any allocation made
   while armed fails the test.
   usage: nomalloc http://127.0.0.1:PORT EXPECTED_SYNC_COUNT */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned char pool[1 << 20];
static size_t pool_top;
static volatile int armed;
static volatile long armed_calls;

static void* bump(size_t n) {
    size_t* p;
    n = (n + 15u) & ~(size_t)15u;
    if (pool_top + n + 16u > sizeof(pool)) { return 0; }
    p = (size_t*)(void*)(pool + pool_top);
    *p = n;
    pool_top += n + 16u;
    return (unsigned char*)p + 16;
}
void* malloc(size_t n) { if (armed) { armed_calls++; return 0; } return bump(n); }
void* calloc(size_t a, size_t b) {
    void* p;
    if (armed) { armed_calls++; return 0; }
    if (b && a > (size_t)-1 / b) { return 0; }
    p = bump(a * b);
    if (p) { memset(p, 0, a * b); }
    return p;
}
void* realloc(void* old, size_t n) {
    void* p;
    if (armed) { armed_calls++; return 0; }
    p = bump(n);
    if (p && old) {
        size_t on = *(size_t*)(void*)((unsigned char*)old - 16);
        memcpy(p, old, on < n ? on : n);
    }
    return p;
}
void free(void* p) { if (armed && p) { armed_calls++; } }

static long events;
static void on_add(kinf_informer_t* i, const kinf_object_t* o, void* u) { (void)i; (void)o; (void)u; events++; }
static void on_upd(kinf_informer_t* i, const kinf_object_t* a, const kinf_object_t* b, void* u) { (void)i; (void)a; (void)b; (void)u; events++; }
static void on_del(kinf_informer_t* i, const kinf_object_t* o, int f, void* u) { (void)i; (void)o; (void)f; (void)u; events++; }
static unsigned char mem[16 << 20];

int main(int argc, char** argv) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_handler_t h = { on_add, on_upd, on_del, 0, 0 };
    long want, passed = 0, failed = 0, synced_at = -1;
    int rounds, count = -1;
    const char* keep[] = { "metadata.labels", "status.phase" };
    if (argc < 3) { fprintf(stderr, "usage: nomalloc URL EXPECTED_SYNC_COUNT\n"); return 2; }
    want = atol(argv[2]);
    printf("# nomalloc: malloc/calloc/realloc/free fail once the informer is initialised\n");
    fflush(stdout);
    memset(&d, 0, sizeof(d));
    d.server = argv[1]; d.resource = "pods"; d.max_objects = 8192; d.store_bytes = 8 << 20;
    d.max_event_bytes = 512 << 10; d.keep = keep; d.keep_count = 2; d.list_limit = 50;
    inf = kinf_init(mem, sizeof(mem), &d);
    if (!inf) { printf("not ok - kinf_init\n0 passed, 1 failed\n"); return 1; }
    kinf_add_handler(inf, &h);
    armed = 1;
    for (rounds = 0; rounds < 3000; rounds++) {
        kinf_poll(inf, 10);
        if (synced_at < 0 && kinf_has_synced(inf)) {
            synced_at = events; count = kinf_count(inf);
            printf("# synced %d objects\n", count); /* stdout's buffer exists already */
            fflush(stdout);
        }
        if (synced_at >= 0 && events >= synced_at + 20) { break; }
    }
    armed = 0;
    kinf_shutdown(inf);
    if (armed_calls == 0) { passed++; printf("ok - no allocation while the informer ran\n"); }
    else { failed++; printf("not ok - %ld allocator calls while the informer ran\n", armed_calls); }
    if (count == want) { passed++; printf("ok - synced %d objects with the allocator failing\n", count); }
    else { failed++; printf("not ok - synced %d objects, expected %ld\n", count, want); }
    if (synced_at >= 0 && events >= synced_at + 20) { passed++; printf("ok - %ld watch events delivered after sync\n", events - synced_at); }
    else { failed++; printf("not ok - only %ld events after sync\n", synced_at < 0 ? 0 : events - synced_at); }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
}
