#!/usr/bin/env python3
"""Loopback API server for the kinformer benchmark (Python stdlib only).

It precomputes, at start, a LIST of N objects (pods of ~5.9 KB or ConfigMaps
of ~1.5 KB, see objects.py) and a watch stream of M MODIFIED events that cycle
over those objects, and then serves them with sendall() of ready-made bytes:
no JSON encoding while a client is being measured.

  GET /api, /apis, /api/v1, /version     discovery, enough for kubectl
  GET /api/v1/KIND?limit=L&continue=C    the list; limit/continue honoured
                                         (with or without resourceVersion),
                                         whole when there is no limit; each
                                         page, like the whole list, is built
                                         on its first request and then sent
                                         as ready bytes
  GET /api/v1/namespaces/NS/KIND         the same list (all namespaces' objects;
                                         the benchmark never asks for one)
  GET /api/v1/KIND?watch=1...            the first watch after an "arm" gets the
                                         armed number of events as a chunked
                                         stream (one event per chunk, as the real
                                         API server flushes them), then the
                                         terminating chunk; every later watch
                                         gets an empty stream held open until
                                         the client closes it
  GET /_bench/arm?events=K               reset the epoch: the next watch serves
                                         the first K precomputed events (K <= M)
  GET /_bench/stats                      JSON: the epoch's request times
                                         (time.monotonic(), CLOCK_MONOTONIC,
                                         the same clock as the harness's)

With --resources K (the factory's benchmark) the same objects are served
under K resources instead, r0 .. rK-1 of the group bench.kinformer.dev/v1
(namespaced; /apis and /apis/bench.kinformer.dev/v1 list them): each
resource's list is the list above, and the first watch of each resource
after an "arm" gets the armed events (so K watches get K streams).

With --ignore-limit-rv0 a list with resourceVersion=0 is served whole
whatever its limit, as the real API server's watch cache does.

Only 127.0.0.1. Exits after --lifetime seconds (and with --exit-with-parent
when its parent dies).
"""
import argparse
import json
import os
import select
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import objects  # noqa: E402

FIRST_RV = 1000
SEND_SLICE = 1 << 20


class Data:
    """Everything served, built once."""

    def __init__(self, kind, n, m, namespaces, seed):
        t0 = time.monotonic()
        self.kind = kind
        self.obj_kind, self.list_kind, _ = objects.KINDS[kind]
        tpl = objects.make_templates(kind, n, namespaces, seed) if n else []
        self.items = [a + str(FIRST_RV + i).encode() + b + b"1" + c for i, (a, b, c) in enumerate(tpl)]
        self.list_rv = FIRST_RV + n
        self.list_bytes = sum(len(x) for x in self.items)
        self.whole = None  # the unpaginated list body, made on first use
        self.pages = {}    # list pages by (start, end), made on first use
        # the watch stream: chunk j is event j, modifying object j % n
        chunks = []
        self.offsets = [0]  # offsets[k] = bytes of the first k chunks
        self.event_bytes = 0  # JSON bytes of the events, without chunk framing
        total = 0
        for j in range(m if n else 0):
            a, b, c = tpl[j % n]
            ev = b'{"type":"MODIFIED","object":' + a + str(self.list_rv + 1 + j).encode() + b + \
                str(j // n + 2).encode() + c + b"}\n"
            chunk = b"%x\r\n" % len(ev) + ev + b"\r\n"
            chunks.append(chunk)
            self.event_bytes += len(ev)
            total += len(chunk)
            self.offsets.append(total)
        self.stream = memoryview(b"".join(chunks))
        del chunks
        self.m = len(self.offsets) - 1
        self.build_s = time.monotonic() - t0

    def list_body(self, start, limit):
        """Body of a list page from item start, or the whole list (limit 0)."""
        n = len(self.items)
        if limit <= 0 and start == 0:
            if self.whole is None:
                self.whole = self._body(0, n)
            return self.whole
        end = n if limit <= 0 else min(n, start + limit)
        # a page is built once and then served as ready bytes, as the whole
        # list is: the server's own work must not count against a client
        # that pages
        key = (start, end)
        page = self.pages.get(key)
        if page is None:
            page = self.pages[key] = self._body(start, end)
        return page

    # watch-list and metadata-only (bench/issue17.py): built on first use,
    # then served as ready bytes like the list
    def meta_item_list(self):
        if getattr(self, "meta_items", None) is None:
            self.meta_items = [json.dumps({"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1",
                                           "metadata": json.loads(x)["metadata"]}, separators=(",", ":")).encode()
                               for x in self.items]
        return self.meta_items

    def meta_list_body(self):
        if getattr(self, "meta_whole", None) is None:
            md = json.dumps({"resourceVersion": str(self.list_rv)}, separators=(",", ":")).encode()
            self.meta_whole = (b'{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":' + md +
                               b',"items":[' + b",".join(self.meta_item_list()) + b"]}\n")
        return self.meta_whole

    def initial_events(self, meta):
        """The watch-list stream: an ADDED event per object (a chunk each, as
        the API server flushes them), then the annotated end bookmark."""
        attr = "wl_meta" if meta else "wl_full"
        if getattr(self, attr, None) is None:
            items = self.meta_item_list() if meta else self.items
            chunks = []
            for x in items:
                ev = b'{"type":"ADDED","object":' + x + b"}\n"
                chunks.append(b"%x\r\n" % len(ev) + ev + b"\r\n")
            bm = json.dumps({"type": "BOOKMARK", "object": {
                "kind": "PartialObjectMetadata" if meta else self.obj_kind,
                "apiVersion": "meta.k8s.io/v1" if meta else "v1",
                "metadata": {"resourceVersion": str(self.list_rv),
                             "annotations": {"k8s.io/initial-events-end": "true"}}}},
                separators=(",", ":")).encode() + b"\n"
            chunks.append(b"%x\r\n" % len(bm) + bm + b"\r\n")
            setattr(self, attr, b"".join(chunks))
        return getattr(self, attr)

    def _body(self, start, end):
        md = {"resourceVersion": str(self.list_rv)}
        if end < len(self.items):
            md["continue"] = "bench:%d:%d" % (self.list_rv, end)
            md["remainingItemCount"] = len(self.items) - end
        head = b'{"kind":"%s","apiVersion":"v1","metadata":%s,"items":[' % (
            self.list_kind.encode(), json.dumps(md, separators=(",", ":")).encode())
        return head + b",".join(self.items[start:end]) + b"]}\n"


class Epoch:
    """What happened since the last arm: times are time.monotonic()."""

    def __init__(self, events):
        self.lock = threading.Lock()
        self.armed_events = events
        self.streams_taken = set()  # the resources whose first watch came
        self.t_arm = time.monotonic()
        self.lists = []    # [t_request, t_sent, items, bytes]
        self.watches = []  # [t_request, t_headers_sent, t_end, events, bytes]

    def as_json(self):
        with self.lock:
            return {"armed_events": self.armed_events, "t_arm": self.t_arm,
                    "lists": list(self.lists), "watches": list(self.watches)}


BENCH_GROUP = "bench.kinformer.dev"


def discovery(kind_port, kind="pods", resources=0):
    res = []
    for plural, kind, short in (("pods", "Pod", ["po"]), ("configmaps", "ConfigMap", ["cm"]),
                                ("namespaces", "Namespace", ["ns"])):
        res.append({"name": plural, "singularName": kind.lower(), "namespaced": plural != "namespaces",
                    "kind": kind, "verbs": ["create", "delete", "get", "list", "patch", "update", "watch"],
                    "shortNames": short})
        if plural == "pods":
            res[-1]["categories"] = ["all"]
    return {
        "/api": {"kind": "APIVersions", "versions": ["v1"],
                 "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1:%d" % kind_port}]},
        "/apis": {"kind": "APIGroupList", "apiVersion": "v1", "groups": [] if not resources else [
            {"name": BENCH_GROUP, "versions": [{"groupVersion": BENCH_GROUP + "/v1", "version": "v1"}],
             "preferredVersion": {"groupVersion": BENCH_GROUP + "/v1", "version": "v1"}}]},
        "/api/v1": {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": "v1", "resources": res},
        "/apis/%s/v1" % BENCH_GROUP: {
            "kind": "APIResourceList", "apiVersion": "v1", "groupVersion": BENCH_GROUP + "/v1",
            "resources": [{"name": "r%d" % i, "singularName": "r%d" % i, "namespaced": True,
                           "kind": "R%d" % i, "verbs": ["get", "list", "watch"]} for i in range(resources)]},
        "/version": {"major": "1", "minor": "32", "gitVersion": "v1.32.0-bench", "gitCommit": "0" * 40,
                     "gitTreeState": "clean", "buildDate": "2025-01-01T00:00:00Z", "goVersion": "go1.23.4",
                     "compiler": "gc", "platform": "linux/amd64"},
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "kinformer-bench"
    sys_version = ""

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("bench-server: %s\n" % (fmt % args))

    def _send(self, code, body, ctype="application/json"):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.flush()
        mv = memoryview(body)
        for off in range(0, len(mv), SEND_SLICE):
            self.connection.sendall(mv[off:off + SEND_SLICE])

    def _json(self, code, obj):
        self._send(code, json.dumps(obj, separators=(",", ":")).encode() + b"\n")

    def _status(self, code, reason, msg):
        self._json(code, {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                          "message": msg, "reason": reason, "code": code})

    def do_GET(self):
        srv = self.server
        t_req = time.monotonic()
        u = urllib.parse.urlsplit(self.path)
        q = dict(urllib.parse.parse_qsl(u.query, keep_blank_values=True))
        path = u.path.rstrip("/") or "/"
        if path in srv.discovery:
            return self._json(200, srv.discovery[path])
        if path == "/_bench/arm":
            k = int(q.get("events", srv.data.m))
            srv.epoch = Epoch(max(0, min(k, srv.data.m)))
            return self._json(200, {"armed_events": srv.epoch.armed_events})
        if path == "/_bench/stats":
            return self._json(200, dict(srv.epoch.as_json(), list_items=len(srv.data.items),
                                        list_bytes=srv.data.list_bytes, events=srv.data.m,
                                        event_bytes=srv.data.event_bytes, stream_bytes=len(srv.data.stream),
                                        build_s=srv.data.build_s))
        kind = srv.data.kind
        segs = path.split("/")
        if srv.resources:
            # /apis/GROUP/v1/rI or /apis/GROUP/v1/namespaces/NS/rI
            base = ["", "apis", BENCH_GROUP, "v1"]
            res = segs[4] if len(segs) == 5 and segs[:4] == base else \
                segs[6] if len(segs) == 7 and segs[:4] == base and segs[4] == "namespaces" else None
            ok = res in srv.resource_names
        else:
            res = kind
            ok = path == "/api/v1/" + kind or (len(segs) == 6 and segs[:4] == ["", "api", "v1", "namespaces"] and segs[5] == kind)
        if not ok:
            return self._status(404, "NotFound", "the server could not find the requested resource")
        meta = "as=PartialObjectMetadata" in (self.headers.get("Accept") or "")
        if q.get("watch") in ("1", "true", "True"):
            if q.get("sendInitialEvents") == "true":
                return self._watch_list(t_req, meta)
            return self._watch(t_req, res)
        if meta and not q.get("continue") and (not q.get("limit") or (
                self.server.ignore_limit_rv0 and q.get("resourceVersion") == "0")):
            return self._meta_list(t_req)
        if meta:   # metadata pages are not built: bench/issue17.py runs with --ignore-limit-rv0
            return self._status(406, "NotAcceptable", "bench server: PartialObjectMetadataList pages are not served")
        return self._list(t_req, q)

    def _meta_list(self, t_req):
        body = self.server.data.meta_list_body()
        ep = self.server.epoch
        rec = [t_req, 0.0, len(self.server.data.items), len(body)]
        with ep.lock:
            ep.lists.append(rec)
        self._send(200, body)
        rec[1] = time.monotonic()

    def _stream_head(self):
        """The head of a watch response: 200, chunked, sent at once."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

    def _watch_list(self, t_req, meta):
        """The initial events and the end bookmark, then an empty stream held
        open until the client goes away."""
        body = self.server.data.initial_events(meta)
        ep = self.server.epoch
        rec = [t_req, 0.0, 0.0, len(self.server.data.items), len(body)]
        with ep.lock:
            ep.watches.append(rec)
        self._stream_head()
        rec[1] = time.monotonic()
        self.close_connection = True
        try:
            self._send_slices(memoryview(body))
        except OSError:
            return
        rec[2] = time.monotonic()
        self._hold_open()

    def _send_slices(self, mv):
        for off in range(0, len(mv), SEND_SLICE):
            self.connection.sendall(mv[off:off + SEND_SLICE])

    def _hold_open(self):
        """The stream held open until the client goes away."""
        self.close_connection = True
        try:
            while True:
                r, _, _ = select.select([self.connection], [], [], 1.0)
                if r and not self.connection.recv(65536):
                    break
        except OSError:
            pass

    def _list(self, t_req, q):
        data = self.server.data
        try:
            limit = int(q.get("limit") or 0)
        except ValueError:
            return self._status(400, "BadRequest", "bad limit")
        if self.server.ignore_limit_rv0 and q.get("resourceVersion") == "0" and not q.get("continue"):
            limit = 0
        start = 0
        cont = q.get("continue")
        if cont:
            parts = cont.split(":")
            if len(parts) != 3 or parts[0] != "bench":
                return self._status(400, "BadRequest", "bad continue token")
            start = int(parts[2])
        body = data.list_body(start, limit)
        ep = self.server.epoch
        rec = [t_req, 0.0, min(len(data.items) - start, limit or len(data.items)), len(body)]
        with ep.lock:  # recorded before sending: the client may be done before this thread runs again
            ep.lists.append(rec)
        self._send(200, body)
        rec[1] = time.monotonic()

    def _watch(self, t_req, res):
        srv = self.server
        ep = srv.epoch
        with ep.lock:
            k = 0 if res in ep.streams_taken else ep.armed_events
            ep.streams_taken.add(res)
            rec = [t_req, 0.0, 0.0, k, 0]
            ep.watches.append(rec)
        self._stream_head()
        rec[1] = time.monotonic()
        if k:
            mv = srv.data.stream[:srv.data.offsets[k]]
            try:
                self._send_slices(mv)
                self.connection.sendall(b"0\r\n\r\n")
            except OSError:
                self.close_connection = True
            rec[2] = time.monotonic()
            rec[4] = len(mv)
            return
        self._hold_open()   # an empty stream
        rec[2] = time.monotonic()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--lifetime", type=float, default=600.0, help="exit after this many seconds (default 600)")
    ap.add_argument("--exit-with-parent", action="store_true")
    ap.add_argument("--kind", choices=sorted(objects.KINDS), default="pods")
    ap.add_argument("--objects", type=int, default=1000, help="N, objects in the list")
    ap.add_argument("--events", type=int, default=0, help="M, precomputed MODIFIED events")
    ap.add_argument("--namespaces", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ignore-limit-rv0", action="store_true")
    ap.add_argument("--resources", type=int, default=0,
                    help="serve the objects under this many resources r0.. of %s/v1 (default 0: as --kind)" % BENCH_GROUP)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--prebuild-issue17", action="store_true",
                    help="build the whole list, the metadata list and both watch-list streams at start")
    args = ap.parse_args()

    data = Data(args.kind, args.objects, args.events, args.namespaces, args.seed)
    if args.prebuild_issue17:
        data.list_body(0, 0)
        data.meta_list_body()
        data.initial_events(False)
        data.initial_events(True)
    srv = Server(("127.0.0.1", args.port), Handler)
    srv.data = data
    srv.epoch = Epoch(data.m)
    srv.verbose = args.verbose
    srv.ignore_limit_rv0 = args.ignore_limit_rv0
    port = srv.server_address[1]
    srv.resources = args.resources
    srv.resource_names = set("r%d" % i for i in range(args.resources))
    srv.discovery = discovery(port, args.kind, args.resources)
    deadline = time.monotonic() + args.lifetime
    parent = os.getppid()

    def watchdog():
        while time.monotonic() < deadline:
            if args.exit_with_parent and os.getppid() != parent:
                break
            time.sleep(0.25)
        os._exit(0)

    threading.Thread(target=watchdog, daemon=True).start()
    if args.port_file:
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.replace(tmp, args.port_file)
    sys.stderr.write("bench-server: http://127.0.0.1:%d %s N=%d (%d bytes) M=%d (%d bytes) built in %.1fs\n" % (
        port, args.kind, len(data.items), data.list_bytes, data.m, data.event_bytes, data.build_s))
    sys.stderr.flush()
    srv.serve_forever(poll_interval=0.5)


if __name__ == "__main__":
    main()
