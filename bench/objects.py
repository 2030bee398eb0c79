"""Objects for the kinformer benchmark: pods of ~5.9 KB and ConfigMaps of ~1.5 KB.

Shaped like what a real API server sends for a Deployment's pod: managedFields
of kube-controller-manager and kubelet with their fieldsV1 sets, probes, env,
projected service-account volume, tolerations, five status conditions and a
container status. Field names follow core.v1.Pod. Everything is drawn from a
seeded random.Random, so a run is repeatable.

An object is rendered once to JSON with two placeholders, the
resourceVersion and a "generation" label; make_template() splits the bytes on
them, so a list item or a watch event is three byte strings joined: no JSON
encoding in the hot path of the server.
"""
import json
import random

RV_MARK = "@@RV@@"
GEN_MARK = "@@GEN@@"

APPS = ("web", "api", "worker", "frontend", "cache", "db", "search", "auth")
IMAGES = {
    "web": "docker.io/library/nginx:1.27.2",
    "api": "ghcr.io/example/api-server:v2.14.1",
    "worker": "ghcr.io/example/queue-worker:v1.9.0",
    "frontend": "docker.io/library/node:22.11-alpine",
    "cache": "docker.io/library/redis:7.4.1",
    "db": "docker.io/library/postgres:16.4",
    "search": "docker.elastic.co/elasticsearch/elasticsearch:8.15.3",
    "auth": "quay.io/keycloak/keycloak:26.0.5",
}
PORTS = {"web": 80, "frontend": 3000, "cache": 6379, "db": 5432, "search": 9200}
TIERS = ("frontend", "backend", "data")
ALNUM = "bcdfghjklmnpqrstvwxz2456789"


def _name(rng, n):
    return "".join(rng.choice(ALNUM) for _ in range(n))


def _hex(rng, n):
    return "%0*x" % (n, rng.getrandbits(4 * n))


def _uid(rng):
    h = _hex(rng, 32)
    return "%s-%s-4%s-a%s-%s" % (h[:8], h[8:12], h[13:16], h[17:20], h[20:])


def _ts(rng, base=1735689600):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(base + rng.randrange(86400 * 30)))


def fields_of(obj, skip=()):
    """The fieldsV1 set of a dict, as the API server writes it: f:key for
    fields, k:{...} for list items keyed by their merge key, "." for a set."""
    out = {}
    for k, v in obj.items():
        if k in skip:
            continue
        if isinstance(v, dict):
            sub = fields_of(v)
            out["f:" + k] = dict([(".", {})] + list(sub.items())) if sub else {}
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            for keys in (("containerPort", "protocol"), ("type",), ("name",), ("ip",), ("key", "operator", "effect")):
                if all(x in v[0] for x in keys):
                    break
            else:
                out["f:" + k] = {}
                continue
            items = {} if k == "containers" else {".": {}}
            for it in v:
                mk = "k:" + json.dumps({x: it.get(x) for x in keys}, separators=(",", ":"))
                items[mk] = dict([(".", {})] + list(fields_of(it).items()))
            out["f:" + k] = items
        else:
            out["f:" + k] = {}
    return out


def make_pod(rng, i, ns):
    """One Running pod of a Deployment, about 5.5 KB of compact JSON."""
    app = APPS[i % len(APPS)]
    rs_hash = "%s%s" % (_hex(rng, 3), _name(rng, 7))
    rs_hash = rs_hash[:10]
    name = "%s-%s-%s" % (app, rs_hash, _name(rng, 5))
    node = "node-%d" % rng.randrange(50)
    port = PORTS.get(app, 8080)
    image = IMAGES[app]
    created = _ts(rng)
    started = created
    token_vol = "kube-api-access-" + _name(rng, 5)
    container = {
        "name": app,
        "image": image,
        "ports": [{"name": "http", "containerPort": port, "protocol": "TCP"}],
        "env": [
            {"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}},
            {"name": "LOG_LEVEL", "value": rng.choice(("info", "debug", "warn"))},
        ],
        "resources": {"limits": {"cpu": rng.choice(("500m", "1", "2")), "memory": rng.choice(("256Mi", "512Mi", "1Gi"))},
                      "requests": {"cpu": rng.choice(("50m", "100m", "250m")), "memory": rng.choice(("64Mi", "128Mi", "256Mi"))}},
        "volumeMounts": [
            {"name": token_vol, "readOnly": True, "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"},
        ],
        "livenessProbe": {"httpGet": {"path": "/healthz", "port": port, "scheme": "HTTP"}, "initialDelaySeconds": 10,
                          "timeoutSeconds": 1, "periodSeconds": 10, "successThreshold": 1, "failureThreshold": 3},
        "terminationMessagePath": "/dev/termination-log",
        "terminationMessagePolicy": "File",
        "imagePullPolicy": "IfNotPresent",
    }
    spec = {
        "volumes": [
            {"name": token_vol, "projected": {"sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}}],
                "defaultMode": 420}},
        ],
        "containers": [container],
        "restartPolicy": "Always",
        "terminationGracePeriodSeconds": 30,
        "dnsPolicy": "ClusterFirst",
        "serviceAccountName": app,
        "serviceAccount": app,
        "nodeName": node,
        "securityContext": {"fsGroup": 2000, "seccompProfile": {"type": "RuntimeDefault"}},
        "schedulerName": "default-scheduler",
        "tolerations": [
            {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
            {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
        ],
        "priority": 0,
        "enableServiceLinks": True,
        "preemptionPolicy": "PreemptLowerPriority",
    }
    labels = {"app": app, "pod-template-hash": rs_hash,
              "tier": rng.choice(TIERS), "generation": GEN_MARK}
    rs_uid = _uid(rng)
    pod_ip = "10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256), rng.randrange(2, 255))
    host_ip = "172.18.%d.%d" % (rng.randrange(256), rng.randrange(2, 255))
    conditions = [{"type": t, "status": "True", "lastProbeTime": None, "lastTransitionTime": started}
                  for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled")]
    status = {
        "phase": "Running",
        "conditions": conditions,
        "hostIP": host_ip,
        "hostIPs": [{"ip": host_ip}],
        "podIP": pod_ip,
        "podIPs": [{"ip": pod_ip}],
        "startTime": started,
        "containerStatuses": [{
            "name": app, "state": {"running": {"startedAt": started}}, "lastState": {},
            "ready": True, "restartCount": 0, "image": image,
            "imageID": image.split(":")[0] + "@sha256:" + _hex(rng, 64),
            "containerID": "containerd://" + _hex(rng, 64), "started": True}],
        "qosClass": "Burstable",
    }
    kcm_fields = {
        "f:metadata": {"f:generateName": {}, "f:labels": dict([(".", {})] + list(fields_of(labels, ("generation",)).items())),
                       "f:ownerReferences": {".": {}, 'k:{"uid":"%s"}' % rs_uid: {}}},
        "f:spec": fields_of(spec, ("nodeName", "serviceAccount", "tolerations", "securityContext", "volumes")),
    }
    kubelet_fields = {"f:status": fields_of(status, ("qosClass", "hostIPs", "containerStatuses"))}
    kubelet_fields["f:status"]["f:containerStatuses"] = {}
    kubelet_fields["f:status"]["f:hostIPs"] = {}
    return {
        "kind": "Pod",
        "apiVersion": "v1",
        "metadata": {
            "name": name,
            "generateName": "%s-%s-" % (app, rs_hash),
            "namespace": ns,
            "uid": _uid(rng),
            "resourceVersion": RV_MARK,
            "creationTimestamp": created,
            "labels": labels,
            "annotations": {"kubectl.kubernetes.io/default-container": app},
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "%s-%s" % (app, rs_hash),
                                 "uid": rs_uid, "controller": True, "blockOwnerDeletion": True}],
            "managedFields": [
                {"manager": "kube-controller-manager", "operation": "Update", "apiVersion": "v1", "time": created,
                 "fieldsType": "FieldsV1", "fieldsV1": kcm_fields},
                {"manager": "kubelet", "operation": "Update", "apiVersion": "v1", "time": started,
                 "fieldsType": "FieldsV1", "fieldsV1": kubelet_fields, "subresource": "status"},
            ],
        },
        "spec": spec,
        "status": status,
    }


def make_configmap(rng, i, ns):
    """A ConfigMap of about 1.5 KB: a few settings and two small config files."""
    app = APPS[i % len(APPS)]
    name = "%s-config-%s" % (app, _name(rng, 6))
    created = _ts(rng)
    data = {
        "LOG_LEVEL": rng.choice(("info", "debug", "warn")),
        "CACHE_TTL": "%ds" % rng.randrange(10, 600),
        "app.yaml": "server:\n  listen: \":8080\"\n  workers: %d\n  readTimeout: 15s\nupstreams:\n"
                    "  - name: auth\n    url: http://auth.%s.svc:8080\n  - name: search\n    url: http://search.%s.svc:9200\n"
                    "features:\n  newCheckout: %s\n  betaBanner: %s\n  rateLimitPerMinute: %d\n"
                    % (rng.randrange(1, 16), ns, ns, rng.choice(("true", "false")), rng.choice(("true", "false")),
                       rng.randrange(60, 6000)),
        "logging.yaml": "level: %s\nformat: json\noutputs:\n  - stdout\n  - otlp://otel-collector.observability.svc:4317\n"
                        "sampling:\n  initial: 100\n  thereafter: %d\nfields:\n  service: %s\n  namespace: %s\n"
                        % (rng.choice(("info", "debug")), rng.randrange(10, 1000), app, ns),
        "revision": GEN_MARK,
    }
    labels = {"app": app, "app.kubernetes.io/name": app, "app.kubernetes.io/part-of": "shop",
              "app.kubernetes.io/managed-by": "Helm"}
    return {
        "kind": "ConfigMap",
        "apiVersion": "v1",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": _uid(rng),
            "resourceVersion": RV_MARK,
            "creationTimestamp": created,
            "labels": labels,
            "annotations": {"meta.helm.sh/release-name": app, "meta.helm.sh/release-namespace": ns},
            "managedFields": [
                {"manager": "helm", "operation": "Update", "apiVersion": "v1", "time": created,
                 "fieldsType": "FieldsV1", "fieldsV1": {
                     "f:data": fields_of({k: 1 for k in data}),
                     "f:metadata": {"f:annotations": dict([(".", {})] + list(fields_of(
                         {"meta.helm.sh/release-name": 1, "meta.helm.sh/release-namespace": 1}).items())),
                         "f:labels": dict([(".", {})] + list(fields_of(labels).items()))}}},
            ],
        },
        "data": data,
    }


KINDS = {
    "pods": ("Pod", "PodList", make_pod),
    "configmaps": ("ConfigMap", "ConfigMapList", make_configmap),
}


def make_template(obj):
    """Compact JSON of obj split on the placeholders: (a, b, c) such that
    a + rv + b + gen + c is the object with those values."""
    s = json.dumps(obj, separators=(",", ":")).encode()
    head, rest = s.split(RV_MARK.encode(), 1)
    mid, tail = rest.split(GEN_MARK.encode(), 1)
    return (head, mid, tail)


UNIQUE = 1000  # objects generated in full; the rest are renamed copies (a multiple of APPS and of namespaces)


def _suffix(i):
    out = ""
    for _ in range(7):  # 7 letters: never the 5 or 6 of a generated name
        out += ALNUM[i % len(ALNUM)]
        i //= len(ALNUM)
    return out


def make_templates(kind, n, namespaces=50, seed=1):
    """n templates. The first UNIQUE are generated in full (about 0.6 ms each
    for a pod); object i >= UNIQUE copies object i % UNIQUE (same ReplicaSet,
    node and namespace, as pods of one Deployment are) with its own name and uid."""
    make = KINDS[kind][2]
    rng = random.Random(seed)
    base = []
    out = []
    for i in range(n):
        if i < UNIQUE:
            obj = make(rng, i, "ns-%d" % (i % namespaces))
            t = make_template(obj)
            md = obj["metadata"]
            base.append((t, md["name"], md["uid"]))
            out.append(t)
            continue
        (head, mid, tail), name, uid = base[i % UNIQUE]
        new_name = name.rsplit("-", 1)[0] + "-" + _suffix(i)
        head = head.replace(('"name":"%s"' % name).encode(), ('"name":"%s"' % new_name).encode(), 1)
        head = head.replace(uid.encode(), _uid(rng).encode(), 1)
        out.append((head, mid, tail))
    return out


if __name__ == "__main__":
    import sys
    kind = sys.argv[1] if len(sys.argv) > 1 else "pods"
    ts = make_templates(kind, 200)
    sizes = [len(a) + len(b) + len(c) + 6 for a, b, c in ts]
    print("%s: mean %d bytes, min %d, max %d" % (kind, sum(sizes) / len(sizes), min(sizes), max(sizes)))
    a, b, c = ts[0]
    print((a + b"123" + b + b"1" + c).decode())
