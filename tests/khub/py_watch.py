"""python3-kubernetes (Debian) as an informer is written with it, pointed at
khub: list, then watch from the list's resourceVersion (again after each
timeout, a relist after a 410), keeping a dict of key -> resourceVersion.
Prints "SYNC n" once listed; when the file STOP exists, "# cache N objects"
and "KEY RV" lines sorted, then exits.
usage: /usr/bin/python3 py_watch.py SERVER STOP"""
import os
import sys

from kubernetes import client, watch
from kubernetes.client.rest import ApiException


def out(s):
    os.write(1, (s + "\n").encode())


def main():
    server, stop = sys.argv[1], sys.argv[2]
    cfg = client.Configuration()
    cfg.host = server
    api = client.CoreV1Api(client.ApiClient(cfg))
    cache, rv = {}, None
    synced = False
    for _ in range(10000):
        if os.path.exists(stop):
            break
        if rv is None:
            lst = api.list_pod_for_all_namespaces()
            cache = {o.metadata.namespace + "/" + o.metadata.name: o.metadata.resource_version for o in lst.items}
            rv = lst.metadata.resource_version
            if not synced:
                out("SYNC %d" % len(cache))
                synced = True
        try:
            w = watch.Watch()
            for ev in w.stream(api.list_pod_for_all_namespaces, resource_version=rv, timeout_seconds=1,
                               allow_watch_bookmarks=True):
                o = ev["object"]
                if ev["type"] == "BOOKMARK":
                    rv = o["metadata"]["resourceVersion"] if isinstance(o, dict) else o.metadata.resource_version
                    continue
                key = o.metadata.namespace + "/" + o.metadata.name
                if ev["type"] == "DELETED":
                    cache.pop(key, None)
                else:
                    cache[key] = o.metadata.resource_version
                rv = o.metadata.resource_version
        except ApiException as e:
            if e.status == 410:
                rv = None
                continue
            raise
        except ValueError:  # the client's own 410 ("too old resource version") from an ERROR event
            rv = None
    out("# cache %d objects" % len(cache))
    for k in sorted(cache):
        out("%s %s" % (k, cache[k]))


if __name__ == "__main__":
    main()
