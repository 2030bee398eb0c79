/* The factory's sizes from the sizing functions, one "name bytes" line each:
   the edge agent's budget of docs/factory.md (six informers of max_objects
   128, store_bytes 256 KiB, over https in a TLS build, else over http) and
   the factory's overhead per informer. bench/run.py puts them in
   docs/performance.md; tests/test_budget.sh checks docs/factory.md's figures
   against them. Build: cc -std=c99 -I. bench/factory_sizes.c [-DKINF_TLS_BEARSSL -lbearssl] */
#define KINFORMER_IMPLEMENTATION
#include "kinformer.h"
#include <stdio.h>
#include <string.h>

static size_t block(const kinf_desc_t* base, int informers) {
    kinf_factory_desc_t fd;
    memset(&fd, 0, sizeof(fd));
    fd.base = base; fd.max_informers = informers;
    return kinf_factory_size(&fd);
}
static size_t tls_block(const char* server) {
    kinf_desc_t a, b;
    memset(&a, 0, sizeof(a));
    a.server = server; a.insecure_skip_tls_verify = 1; a.resource = "/api/v1/pods";
    b = a; b.server = "http://10.0.0.1:6443";
    return kinf_informer_size(&a) - kinf_informer_size(&b);
}
static void budget(const char* prefix, const char* server) {
    kinf_desc_t b;
    kinf_discovery_desc_t dd;
    size_t inf, one, six;
    memset(&b, 0, sizeof(b));
    b.server = server; b.insecure_skip_tls_verify = 1;
    b.resource = "/api/v1/pods";
    b.max_objects = 128; b.store_bytes = 256u << 10;
    b.read_bytes = 16u << 10; b.max_event_bytes = 64u << 10; /* the defaults, named */
    inf = kinf_informer_size(&b);
    memset(&dd, 0, sizeof(dd));
    dd.conn = &b;
    one = block(&b, 1); six = block(&b, 6);
    printf("%sinformer %zu\n", prefix, inf);
    printf("%sinformer_beyond_store %zu\n", prefix, inf - b.store_bytes);
    /* what is left of one informer past its store, event and read buffers (and TLS block, printed apart) */
    printf("%sinformer_rest %zu\n", prefix, inf - b.store_bytes - b.max_event_bytes - b.read_bytes - tls_block(server));
    printf("%sinformers_6 %zu\n", prefix, 6 * ((inf + 7u) & ~(size_t)7u));
    printf("%sdiscovery %zu\n", prefix, kinf_discovery_size(&dd));
    /* one more informer costs its share and the factory's bookkeeping for it */
    printf("%sfactory_per_informer %zu\n", prefix, (block(&b, 7) - six) - ((inf + 7u) & ~(size_t)7u));
    printf("%sfactory_fixed_6 %zu\n", prefix, six - 6 * ((inf + 7u) & ~(size_t)7u) - ((kinf_discovery_size(&dd) + 7u) & ~(size_t)7u));
    printf("%sblock_6 %zu\n", prefix, six);
    (void)one;
    {
        /* per-resource capacities: pods and configmaps rows, the other four smaller */
        static const kinf_factory_caps_t caps[] = { { "pods", 128, 256u << 10, 0, 0, 0, 0 }, { "configmaps", 2000, 4u << 20, 0, 0, 0, 0 } };
        kinf_factory_desc_t fd;
        kinf_desc_t small = b;
        small.max_objects = 64; small.store_bytes = 128u << 10;
        memset(&fd, 0, sizeof(fd));
        fd.base = &small; fd.max_informers = 6; fd.caps = caps; fd.caps_count = 2;
        printf("%sblock_caps %zu\n", prefix, kinf_factory_size(&fd));
    }
}
/* The three owners of a connection with every capacity at its default, for
   server: docs/memory.md's "One connection, three owners". */
/* kwatch --all at its defaults over http: 64 informers of 16,384 objects
   and 1 MiB event buffers; before the store budget each had a 32 MiB store
   and 1 MiB reads, now their stores and per-object tables share 64 MiB and
   they read 16 KiB */
static void kwatch_all(void) {
    kinf_desc_t d;
    kinf_factory_desc_t fd;
    memset(&d, 0, sizeof(d));
    d.server = "http://10.0.0.1:8001"; d.resource = "/api/v1/x";
    d.max_objects = 16384; d.max_event_bytes = 1u << 20; d.store_bytes = 32u << 20; d.read_bytes = 1u << 20;
    memset(&fd, 0, sizeof(fd));
    fd.base = &d; fd.max_informers = 64;
    printf("kwatch_all_shares %zu\n", kinf_factory_size(&fd));
    d.read_bytes = 0;
    fd.store_budget = 8;
    printf("kwatch_all_fixed %zu\n", kinf_factory_size(&fd) - 8u);
    fd.store_budget = 64u << 20;
    printf("kwatch_all_budget %zu\n", kinf_factory_size(&fd));
}
static void owners(const char* server) {
    kinf_desc_t d;
    kinf_discovery_desc_t dd;
    kinf_client_desc_t cd;
    memset(&d, 0, sizeof(d)); d.server = server; d.resource = "pods"; d.ca_file = "/dev/null";
    memset(&dd, 0, sizeof(dd)); dd.conn = &d;
    memset(&cd, 0, sizeof(cd)); cd.conn = &d;
    printf("owner_informer %zu\n", kinf_informer_size(&d));
    printf("owner_discovery %zu\n", kinf_discovery_size(&dd));
    printf("owner_client %zu\n", kinf_client_size(&cd));
}
/* docs/memory.md's worked example: 5000 pods in 6000 slots over http,
   projected (store 2 MiB) and whole (32 MiB); "we_objects" is what
   max_objects 6000 adds over 1 (slots, key hash, index buckets). */
static void worked(void) {
    static const char* keep[] = { "metadata.labels", "spec.nodeName", "status.phase" };
    kinf_desc_t d;
    size_t one;
    memset(&d, 0, sizeof(d));
    d.server = "http://10.0.0.1:8001"; d.resource = "pods";
    d.keep = keep; d.keep_count = 3;
    d.max_objects = 6000; d.fifo_capacity = 1000; d.max_event_bytes = 64u << 10; d.store_bytes = 2u << 20;
    printf("we_projected %zu\n", kinf_informer_size(&d));
    d.max_objects = 1; one = kinf_informer_size(&d); d.max_objects = 6000;
    printf("we_objects %zu\n", kinf_informer_size(&d) - one);
    d.store_bytes = 32u << 20;
    printf("we_full %zu\n", kinf_informer_size(&d));
}
int main(void) {
    worked();
#ifdef KINF_TLS_BEARSSL
    owners("https://10.0.0.1:6443");
    budget("", "https://10.0.0.1:6443");
    budget("http_", "http://10.0.0.1:8001");
    printf("tls_block %zu\n", tls_block("https://10.0.0.1:6443"));
    {   /* the trust store: one anchor's slot, and the block for Debian's bundle (144 CAs, 61,917 bytes) */
        kinf_desc_t a;
        size_t s0;
        memset(&a, 0, sizeof(a));
        a.server = "https://10.0.0.1:6443"; a.resource = "/api/v1/pods"; a.insecure_skip_tls_verify = 1;
        a.tls_max_cas = 16; s0 = kinf_informer_size(&a);
        a.tls_max_cas = 17;
        printf("tls_anchor_slot %zu\n", kinf_informer_size(&a) - s0);
        a.tls_max_cas = 144; a.tls_anchor_bytes = 61917;
        printf("tls_block_debian %zu\n", tls_block("https://10.0.0.1:6443") + (kinf_informer_size(&a) - s0));
    }
#else
    budget("", "http://10.0.0.1:8001");
#endif
    kwatch_all();
    return 0;
}
