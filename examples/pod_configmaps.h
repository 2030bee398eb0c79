/* pod_configmaps.h - "pods by ConfigMap", the index function of
   examples/by_configmap.c (and of the unit tests, and README's example):
   every ConfigMap a pod names, in its volumes and projected volumes
   (kube-root-ca.crt in every pod with a service account token), its
   containers' env valueFrom and envFrom. Include after kinformer.h. */
#ifndef KINF_EXAMPLE_POD_CONFIGMAPS_H
#define KINF_EXAMPLE_POD_CONFIGMAPS_H
#include <stdio.h>

/* one kinf_index_emit a ConfigMap (repeats count once) */
static void pod_configmaps(const kinf_object_t* pod, kinf_index_values_t* out, void* user) {
    char path[96], name[254];
    int c, i, j;
    (void)user;
    for (i = 0; snprintf(path, sizeof path, "spec.volumes.%d", i), kinf_field_has(pod, path); i++) {
        snprintf(path, sizeof path, "spec.volumes.%d.configMap.name", i);
        if (kinf_field_str(pod, path, name, sizeof name)) { kinf_index_emit(out, name); }
        for (j = 0; snprintf(path, sizeof path, "spec.volumes.%d.projected.sources.%d", i, j), kinf_field_has(pod, path); j++) {
            snprintf(path, sizeof path, "spec.volumes.%d.projected.sources.%d.configMap.name", i, j);
            if (kinf_field_str(pod, path, name, sizeof name)) { kinf_index_emit(out, name); }
        }
    }
    for (c = 0; snprintf(path, sizeof path, "spec.containers.%d", c), kinf_field_has(pod, path); c++) {
        for (i = 0; snprintf(path, sizeof path, "spec.containers.%d.env.%d", c, i), kinf_field_has(pod, path); i++) {
            snprintf(path, sizeof path, "spec.containers.%d.env.%d.valueFrom.configMapKeyRef.name", c, i);
            if (kinf_field_str(pod, path, name, sizeof name)) { kinf_index_emit(out, name); }
        }
        for (i = 0; snprintf(path, sizeof path, "spec.containers.%d.envFrom.%d", c, i), kinf_field_has(pod, path); i++) {
            snprintf(path, sizeof path, "spec.containers.%d.envFrom.%d.configMapRef.name", c, i);
            if (kinf_field_str(pod, path, name, sizeof name)) { kinf_index_emit(out, name); }
        }
    }
}
#endif
