/* by_configmap - "pods by ConfigMap": a multi-valued index (as client-go's
   index functions, which return a list). A pod names several ConfigMaps:
   its volumes' and projected volumes' (kube-root-ca.crt in every pod with a
   service account token), its containers' env valueFrom and envFrom.
   usage: by-configmap SERVER_URL CONFIGMAP...
   Lists the pods, then prints one line per CONFIGMAP, "NAME N key key ..."
   (the keys sorted), the pods that name it. */
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pod_configmaps.h"

static int cmp_str(const void* a, const void* b) { return strcmp(*(char* const*)a, *(char* const*)b); }

static unsigned char mem[KINF_INFORMER_BYTES_FOR(max_objects, 4096, store_bytes, 8 << 20, max_event_bytes, 256 << 10,
                                                 max_index_values, 8)];
static const uint32_t log_level = KINF_LOG_WARN;

int main(int argc, char** argv) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    int by_cm, a;
    if (argc < 3) { fprintf(stderr, "usage: by-configmap SERVER_URL CONFIGMAP...\n"); return 2; }
    memset(&d, 0, sizeof d);
    d.server = argv[1]; d.resource = "pods";
    d.logger.func = kinf_log_stderr; d.logger.user = (void*)&log_level;
    d.max_objects = 4096; d.store_bytes = 8 << 20; d.max_event_bytes = 256 << 10;
    d.max_index_values = 8;                          /* ConfigMaps a pod is found by, at most */
    inf = kinf_init(mem, sizeof mem, &d);
    if (!inf) { char why[256]; kinf_check(&d, sizeof mem, why, sizeof why); fprintf(stderr, "by-configmap: %s\n", why); return 1; }
    by_cm = kinf_add_index_values(inf, "configmap", pod_configmaps, 0);
    while (!kinf_has_synced(inf)) {
        if (kinf_poll(inf, 1000) != KINF_OK) { return 1; }
    }
    for (a = 2; a < argc; a++) {
        static char* keys[4096];
        static char buf[4096 * 64];
        kinf_iter_t it = { 0, 0 };
        kinf_object_t o;
        size_t n = 0, at = 0, k;
        while (kinf_index_next(inf, by_cm, argv[a], &it, &o) && n < 4096) {
            size_t l = strlen(o.key) + 1;
            if (at + l > sizeof buf) { break; }
            memcpy(buf + at, o.key, l); keys[n++] = buf + at; at += l;
        }
        qsort(keys, n, sizeof keys[0], cmp_str);
        printf("%s %zu", argv[a], n);
        for (k = 0; k < n; k++) { printf(" %s", keys[k]); }
        printf("\n");
    }
    kinf_shutdown(inf);
    return 0;
}
