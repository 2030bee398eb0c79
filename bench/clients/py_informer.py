"""The Python client (Debian's python3-kubernetes) as a user writes an
informer with it: list into a dict of model objects, then watch from the
list's resourceVersion and keep the dict current. Prints, flushed:
  READY        modules imported, about to list
  SYNC <n>     the list is in the dict
  SETTLED      after gc.collect(), for the RSS
  DONE <m>     the m-th MODIFIED event is in the dict; then it exits
usage: /usr/bin/python3 py_informer.py SERVER KIND N M
"""
import gc
import os
import sys

from kubernetes import client, watch


def out(s):
    os.write(1, (s + "\n").encode())


def main():
    server, kind, n, m = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    cfg = client.Configuration()
    cfg.host = server
    api = client.CoreV1Api(client.ApiClient(cfg))
    fn = api.list_pod_for_all_namespaces if kind == "pods" else api.list_config_map_for_all_namespaces
    out("READY")
    cache = {}
    lst = fn()
    for o in lst.items:
        cache[o.metadata.namespace + "/" + o.metadata.name] = o
    out("SYNC %d" % len(cache))
    if m == 0:
        gc.collect()
        out("SETTLED")
    seen = 0
    w = watch.Watch()
    for ev in w.stream(fn, resource_version=lst.metadata.resource_version):
        o = ev["object"]
        key = o.metadata.namespace + "/" + o.metadata.name
        if ev["type"] == "DELETED":
            cache.pop(key, None)
        else:
            cache[key] = o
        if ev["type"] == "MODIFIED":
            seen += 1
            if seen == m:
                out("DONE %d" % seen)
                os._exit(0)


if __name__ == "__main__":
    main()
