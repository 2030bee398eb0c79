/* index.inc.c - included by main.c: multi-valued index functions
   (kinf_add_index_values, kinf_index_emit, desc.max_index_values) beside
   the single-valued ones and the namespace index. */

#include "../../examples/pod_configmaps.h" /* pod_configmaps: README's example */

/* the single-valued index it replaces: a pod's first ConfigMap (its first
   volume's, else its first container's first envFrom) */
static int pod_first_configmap(const kinf_object_t* pod, char* buf, size_t cap, void* user) {
    char path[96];
    int j;
    (void)user;
    if (kinf_field_str(pod, "spec.volumes.0.configMap.name", buf, cap)) { return 1; }
    for (j = 0; snprintf(path, sizeof path, "spec.volumes.0.projected.sources.%d", j), kinf_field_has(pod, path); j++) {
        snprintf(path, sizeof path, "spec.volumes.0.projected.sources.%d.configMap.name", j);
        if (kinf_field_str(pod, path, buf, cap)) { return 1; }
    }
    return kinf_field_str(pod, "spec.containers.0.envFrom.0.configMapRef.name", buf, cap) > 0;
}
static int ix_count(kinf_informer_t* inf, int ix, const char* v, char* keys, size_t cap) {
    kinf_iter_t it;
    kinf_object_t o;
    int n = 0;
    size_t at = 0;
    memset(&it, 0, sizeof(it));
    if (keys) { keys[0] = 0; }
    while (kinf_index_next(inf, ix, v, &it, &o)) {
        n++;
        if (keys && at + strlen(o.key) + 2 < cap) { at += (size_t)snprintf(keys + at, cap - at, "%s ", o.key); }
    }
    return n;
}
#define CM_VOL "{\"name\":\"v%d\",\"configMap\":{\"name\":\"%s\"}}"
#define CM_ROOT "{\"name\":\"kube-api-access\",\"projected\":{\"sources\":[{\"serviceAccountToken\":{\"path\":\"token\"}},{\"configMap\":{\"name\":\"kube-root-ca.crt\"}}]}}"
static void test_index_values(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    int by_cm, first, i;
    char keys[1024];
    kinf_object_t o;
    g_test = "index values";
    desc_base(&d);
    d.max_objects = 64; d.store_bytes = 1 << 16; d.max_index_values = 8;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    by_cm = kinf_add_index_values(inf, "configmap", pod_configmaps, 0);
    first = kinf_add_index(inf, "first-configmap", pod_first_configmap, 0);
    CHECK_INT(by_cm, 1);
    CHECK_INT(first, 2);
    CHECK_INT(kinf_add_index_values(inf, "nofn", 0, 0), KINF_ERR_INVAL);
    watch_begin(inf);
    /* five pods that mount app-config, and one whose first ConfigMap is the
       cluster's CA (the projected kube-root-ca.crt) and takes app-config as env */
    for (i = 0; i < 5; i++) {
        wev(inf, "ADDED", "{\"metadata\":{\"name\":\"web-%d\",\"namespace\":\"a\",\"resourceVersion\":\"%d\"},"
            "\"spec\":{\"volumes\":[" CM_VOL "," CM_ROOT "],\"containers\":[{\"name\":\"c\",\"env\":[{\"name\":\"X\",\"valueFrom\":"
            "{\"configMapKeyRef\":{\"name\":\"app-config\",\"key\":\"x\"}}}]}]}}", i, i + 1, 0, "app-config");
    }
    wev(inf, "ADDED", "{\"metadata\":{\"name\":\"worker\",\"namespace\":\"a\",\"resourceVersion\":\"10\"},"
        "\"spec\":{\"volumes\":[" CM_ROOT "],\"containers\":[{\"name\":\"c\",\"envFrom\":[{\"configMapRef\":{\"name\":\"app-config\"}},"
        "{\"configMapRef\":{\"name\":\"worker-env\"}}],\"env\":[{\"name\":\"Y\",\"valueFrom\":{\"configMapKeyRef\":{\"name\":\"flags\",\"key\":\"y\"}}}]}]}}");
    wev(inf, "ADDED", "{\"metadata\":{\"name\":\"lone\",\"namespace\":\"b\",\"resourceVersion\":\"11\"},\"spec\":{\"containers\":[{\"name\":\"c\"}]}}");
    CHECK_INT(ix_count(inf, by_cm, "app-config", 0, 0), 6);      /* a scan finds 6 */
    CHECK_INT(ix_count(inf, first, "app-config", 0, 0), 5);      /* the first value only: 5 */
    CHECK_INT(ix_count(inf, by_cm, "kube-root-ca.crt", 0, 0), 6);
    ix_count(inf, by_cm, "worker-env", keys, sizeof(keys)); CHECK_STR(keys, "a/worker ");
    ix_count(inf, by_cm, "flags", keys, sizeof(keys)); CHECK_STR(keys, "a/worker ");
    CHECK_INT(ix_count(inf, by_cm, "", 0, 0), 0);
    CHECK_INT(ix_count(inf, by_cm, "app", 0, 0), 0);
    CHECK_INT(ix_count(inf, KINF_INDEX_NAMESPACE, "a", 0, 0), 6); /* the namespace index as ever */
    CHECK_INT(ix_count(inf, KINF_INDEX_NAMESPACE, "b", 0, 0), 1);
    /* an update drops a value and adds one; a delete takes every value away */
    wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"worker\",\"namespace\":\"a\",\"resourceVersion\":\"12\"},"
        "\"spec\":{\"containers\":[{\"name\":\"c\",\"envFrom\":[{\"configMapRef\":{\"name\":\"other\"}}]}]}}");
    CHECK_INT(ix_count(inf, by_cm, "app-config", 0, 0), 5);
    CHECK_INT(ix_count(inf, by_cm, "worker-env", 0, 0), 0);
    CHECK_INT(ix_count(inf, by_cm, "kube-root-ca.crt", 0, 0), 5);
    ix_count(inf, by_cm, "other", keys, sizeof(keys)); CHECK_STR(keys, "a/worker ");
    pod(inf, "DELETED", "a", "worker", "13", 0);
    CHECK_INT(ix_count(inf, by_cm, "other", 0, 0), 0);
    dispatch(inf);
    CHECK_INT(ix_count(inf, by_cm, "other", 0, 0), 0);
    CHECK_INT(ix_count(inf, by_cm, "app-config", 0, 0), 5);
    /* two values of one pod with the same FNV-1a hash: one node, and a
       lookup by either finds the pod once; a pod with only one of them is
       not found by the other */
    CHECK_INT(kinf__fnv("node-522789", 11), kinf__fnv("node-739192", 11));
    wev(inf, "ADDED", "{\"metadata\":{\"name\":\"h\",\"namespace\":\"c\",\"resourceVersion\":\"20\"},"
        "\"spec\":{\"volumes\":[" CM_VOL "," CM_VOL "]}}", 0, "node-522789", 1, "node-739192");
    wev(inf, "ADDED", "{\"metadata\":{\"name\":\"h2\",\"namespace\":\"c\",\"resourceVersion\":\"21\"},"
        "\"spec\":{\"volumes\":[" CM_VOL "]}}", 0, "node-739192");
    ix_count(inf, by_cm, "node-522789", keys, sizeof(keys)); CHECK_STR(keys, "c/h ");
    ix_count(inf, by_cm, "node-739192", keys, sizeof(keys)); CHECK(!strcmp(keys, "c/h c/h2 ") || !strcmp(keys, "c/h2 c/h "));
    /* the function called outside an index, and bad arguments */
    CHECK_INT(kinf_index_emit(0, "x"), 0);
    CHECK(kinf_get(inf, "c/h", &o));
    rm(inf);
}
/* more values than desc.max_index_values: the first ones are kept, the rest
   logged; the memory grows by max_objects * 12 bytes per value per index */
static void vals_n(const kinf_object_t* o, kinf_index_values_t* out, void* user) {
    char path[64], v[64];
    int i;
    (void)user;
    for (i = 0; snprintf(path, sizeof path, "spec.vals.%d", i), kinf_field_str(o, path, v, sizeof v); i++) {
        if (!kinf_index_emit(out, v)) { CHECK(i >= 3); }
    }
}
static int brute_has(kinf_informer_t* inf, const char* key, const char* v, int cap) {
    kinf_object_t o;
    char path[64], x[64];
    int i;
    if (!kinf_get(inf, key, &o)) { return 0; }
    for (i = 0; i < cap && (snprintf(path, sizeof path, "spec.vals.%d", i), kinf_field_str(&o, path, x, sizeof x)); i++) {
        if (!strcmp(x, v)) { return 1; }
    }
    return 0;
}
static void test_index_values_cap(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    int ix, ix2, round, bad = 0;
    size_t base;
    g_test = "index values cap";
    desc_base(&d);
    d.max_objects = 40; d.max_indexes = 2;
    base = kinf_informer_size(&d);
    d.max_index_values = 3;
    CHECK_INT(kinf_informer_size(&d) - base, 40 * 2 * 2 * 12);
    CHECK(KINF_INFORMER_BYTES_FOR(max_objects, 40, max_indexes, 2, max_index_values, 3) >= kinf_informer_size(&d));
    CHECK(KINF_INFORMER_BYTES_FOR(max_objects, 40, max_indexes, 2, max_index_values, 3)
          - KINF_INFORMER_BYTES_FOR(max_objects, 40, max_indexes, 2) == 40 * 2 * 2 * 12);
    d.max_index_values = 1000;
    CHECK(kinf_informer_size(&d) == KINF_INFORMER_BYTES_FOR(max_objects, 40, max_indexes, 2, max_index_values, 64)
          - (KINF_INFORMER_BYTES_FOR(max_objects, 40, max_indexes, 2) - base));
    d.max_index_values = 3; d.store_bytes = 1 << 16;
    inf = mk(&d);
    if (!CHECK(inf != 0)) { return; }
    ix = kinf_add_index_values(inf, "vals", vals_n, 0);
    ix2 = kinf_add_index_values(inf, "vals2", vals_n, 0);
    CHECK_INT(ix2, 2);
    watch_begin(inf);
    log_reset();
    wev(inf, "ADDED", "{\"metadata\":{\"name\":\"p\",\"namespace\":\"n\",\"resourceVersion\":\"1\"},\"spec\":{\"vals\":[\"a\",\"b\",\"a\",\"c\",\"d\"]}}");
    CHECK_INT(logged(KINF_LOGITEM_INDEX_TOO_MANY_VALUES), 2); /* one per index */
    CHECK_INT(ix_count(inf, ix, "a", 0, 0) + ix_count(inf, ix, "b", 0, 0) + ix_count(inf, ix, "c", 0, 0), 3);
    CHECK_INT(ix_count(inf, ix, "d", 0, 0), 0);
    CHECK_INT(ix_count(inf, ix2, "c", 0, 0), 1);
    /* random pods of random values (from 12, repeats included, up to the
       cap): after each change both indexes equal a brute-force filter */
    for (round = 0; round < 300; round++) {
        char name[16], vals[128];
        int k = (int)rnd(30), nv = (int)rnd(4), j, i;
        size_t at = 0;
        snprintf(name, sizeof name, "p%d", k);
        for (j = 0; j < nv; j++) { at += (size_t)snprintf(vals + at, sizeof(vals) - at, "%s\"v%u\"", j ? "," : "", rnd(12)); }
        vals[at] = 0;
        if (rnd(5) == 0) { pod(inf, "DELETED", "n", name, "1", 0); }
        else { wev(inf, "MODIFIED", "{\"metadata\":{\"name\":\"%s\",\"namespace\":\"n\",\"resourceVersion\":\"%d\"},\"spec\":{\"vals\":[%s]}}", name, round + 2, vals); }
        if (rnd(3) == 0) { dispatch(inf); }
        for (i = 0; i < 12; i++) {
            char v[16], key[24];
            int n = 0, want = 0, x;
            snprintf(v, sizeof v, "v%d", i);
            for (j = 0; j < 30; j++) { snprintf(key, sizeof key, "n/p%d", j); want += brute_has(inf, key, v, 3); }
            for (x = ix; x <= ix2; x++) {
                n = ix_count(inf, x, v, 0, 0);
                if (n != want) { if (!bad++) { note("round %d index %d value %s: %d found, %d want", round, x, v, n, want); } }
            }
        }
    }
    CHECK_INT(bad, 0);
    KINF__SELFCHECK(inf);
    rm(inf);
}
