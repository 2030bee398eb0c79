#!/usr/bin/env python3
"""Seed corpora for the kinformer fuzz targets (Python standard library only).

    python3 tests/fuzz/make_seeds.py [--out build/fuzz/seeds] [--testdata DIR]
                                     [--no-fakeapi] [--no-tools]

Writes OUT/<target>/<name> for the targets http_head, chunked, watch, list,
kubeconfig, pem, base64 and client. Sources:
  - the Kubernetes API's fully populated example objects (tests/testdata/
    k8s-api, vendored with its license), pruned to a few KB and wrapped as watch
    events, list bodies and HTTP responses;
  - raw responses recorded from the fake API server (tests/fakeapi.py, started
    here with --port 0 --port-file F --lifetime 30 --churn 50): a chunked watch
    with its HTTP head, list pages, /_fake/state, a 404 Status;
  - kubeconfigs written by `kubectl config set-cluster/set-credentials/
    set-context --kubeconfig F` (with --embed-certs of openssl-made certs),
    and each again as JSON by `kubectl config view -o json --raw`;
  - PEM certificates and keys made by openssl (RSA and EC; PKCS#1, PKCS#8,
    SEC1; bundles, DER);
  - hand-made edge cases for every target;
  - for client: the API server's answers to the write client (an object,
    201, Status objects of 404, 409, 422, ..., chunked, retried 429 and 503)
    and to the leader elector (Lease GET, POST, PUT; see fuzz_client.c).
A missing source (no testdata, no kubectl or openssl, the server fails) is
skipped with a note on stderr; the rest is still written. Each seed starts
with the control bytes its target reads (see each fuzz_*.c). Deterministic
for the same inputs (random.Random(1)); server recordings vary with timing.
"""
import argparse
import base64
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TARGETS = ["http_head", "chunked", "watch", "list", "kubeconfig", "pem", "base64", "client"]
RND = random.Random(1)
CAP_OBJ = 3000          # bytes of one pruned object
CAP_BODY = 14000        # bytes of a watch/list seed body
CAP_HTTP = 16000        # bytes of a raw HTTP seed (the target's -max_len is 16384)


def note(msg):
    sys.stderr.write("make_seeds: %s\n" % msg)


class Out:
    def __init__(self, root):
        self.root = root
        self.n = {t: 0 for t in TARGETS}
        for t in TARGETS:
            d = os.path.join(root, t)
            if os.path.isdir(d):
                shutil.rmtree(d)
            os.makedirs(d)

    def put(self, target, name, data):
        if isinstance(data, str):
            data = data.encode()
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:80]
        with open(os.path.join(self.root, target, "%03d-%s" % (self.n[target], safe)), "wb") as f:
            f.write(data)
        self.n[target] += 1


def compact(o):
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False)


def prune(o, max_list, max_str, depth=0, max_depth=12):
    if isinstance(o, dict):
        if depth >= max_depth:
            return {}
        return {k: prune(v, max_list, max_str, depth + 1, max_depth) for k, v in o.items()}
    if isinstance(o, list):
        if depth >= max_depth:
            return []
        return [prune(v, max_list, max_str, depth + 1, max_depth) for v in o[:max_list]]
    if isinstance(o, str):
        return o[:max_str]
    return o


def shrink(o, cap):
    """prunes arrays, strings and depth until the compact JSON fits cap"""
    for ml, ms, md in [(9, 200, 30), (3, 64, 30), (2, 32, 16), (1, 24, 12), (1, 16, 9), (1, 8, 7), (1, 8, 5), (0, 8, 4), (0, 4, 3)]:
        p = prune(o, ml, ms, 0, md)
        if len(compact(p)) <= cap:
            return p
    return {"metadata": (o.get("metadata") or {}) if isinstance(o, dict) else {}}


def with_identity(o, name, ns, rv, uid=None):
    o = json.loads(json.dumps(o))
    md = o.setdefault("metadata", {})
    if not isinstance(md, dict):
        md = o["metadata"] = {}
    md["name"] = name
    if ns:
        md["namespace"] = ns
    else:
        md.pop("namespace", None)
    md["resourceVersion"] = str(rv)
    if uid:
        md["uid"] = uid
    return o


def event(typ, obj):
    return compact({"type": typ, "object": obj})


def chunk_body(body, rnd, ext=False, trailer=False, lf_only=False):
    nl = b"\n" if lf_only else b"\r\n"
    out = bytearray()
    i = 0
    while i < len(body):
        n = rnd.choice([1, 3, 17, 100, 512, 4000])
        piece = body[i:i + n]
        out += b"%x" % len(piece)
        if ext and rnd.random() < 0.3:
            out += b";name=value"
        out += nl + piece + nl
        i += n
    out += b"0" + nl
    if trailer:
        out += b"X-Trailer: yes" + nl
    out += nl
    return bytes(out)


def dechunk(data):
    out = bytearray()
    i = 0
    while True:
        j = data.find(b"\r\n", i)
        if j < 0:
            break
        size = int(data[i:j].split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += data[j + 2:j + 2 + size]
        i = j + 2 + size + 2
    return bytes(out)


def http(status, body, chunked=False, extra=b"", rnd=None):
    reason = {200: b"OK", 404: b"Not Found", 410: b"Gone", 429: b"Too Many Requests", 500: b"Internal Server Error",
              401: b"Unauthorized", 403: b"Forbidden", 100: b"Continue", 504: b"Gateway Timeout"}.get(status, b"X")
    h = b"HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nCache-Control: no-cache, private\r\n" % (status, reason)
    h += extra
    if chunked:
        return h + b"Transfer-Encoding: chunked\r\n\r\n" + chunk_body(body, rnd or RND)
    return h + b"Content-Length: %d\r\n\r\n" % len(body) + body


def ctl_watch(rnd):
    return bytes([rnd.randrange(256), rnd.randrange(256)])


# ---------------------------------------------------------------- k8s objects
def load_testdata(path):
    objs = []
    if not path or not os.path.isdir(path):
        note("no k8s-api testdata at %s: skipped" % path)
        return objs
    for fn in sorted(os.listdir(path)):
        if not fn.endswith(".json"):
            continue
        try:
            with open(os.path.join(path, fn), encoding="utf-8") as f:
                o = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(o, dict):
            objs.append((fn[:-5], o))
    return objs


def status_obj(code, reason, msg, causes=None):
    s = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": msg,
         "reason": reason, "code": code}
    if causes:
        s["details"] = {"causes": causes}
    return s


def seeds_from_objects(out, objs):
    rnd = random.Random(2)
    shrunk = [(n, shrink(o, CAP_OBJ)) for n, o in objs]
    # watch streams: 2-4 objects each, ADDED / MODIFIED / DELETED / BOOKMARK
    i = 0
    rv = 100
    while i < len(shrunk):
        group = shrunk[i:i + 3]
        i += 3
        evs = []
        for k, (n, o) in enumerate(group):
            rv += 1
            ns = "" if k == 2 else "ns-%d" % k
            obj = with_identity(o, "obj-%d" % k, ns, rv, "uid-%d" % k)
            evs.append(event("ADDED", obj))
        rv += 1
        if group:
            evs.append(event("MODIFIED", with_identity(group[0][1], "obj-0", "ns-0", rv, "uid-0")))
            evs.append(compact({"type": "BOOKMARK", "object": {"kind": group[0][1].get("kind", "Pod"),
                                                              "metadata": {"resourceVersion": str(rv)}}}))
            evs.append(event("DELETED", with_identity(group[-1][1], "obj-%d" % (len(group) - 1),
                                                      "" if len(group) == 3 else "ns-%d" % (len(group) - 1), rv + 1)))
        body = ("\n".join(evs) + "\n").encode()
        while len(body) > CAP_BODY and len(evs) > 1:
            evs.pop(0)
            body = ("\n".join(evs) + "\n").encode()
        name = "k8s-" + "+".join(n for n, _ in group)
        out.put("watch", name, ctl_watch(rnd) + body)
        # the same objects as a list page
        items = [with_identity(o, "item-%d" % k, "ns" if k % 2 else "", 50 + k) for k, (_, o) in enumerate(group)]
        lst = {"kind": "List", "apiVersion": "v1", "metadata": {"resourceVersion": str(rv)}, "items": items}
        if rnd.random() < 0.3:
            lst["metadata"]["continue"] = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTAwfQ"
        lb = compact(lst).encode()
        if len(lb) <= CAP_BODY:
            out.put("list", name, ctl_watch(rnd) + lb)
            if len(lb) + 200 <= CAP_HTTP:
                out.put("http_head", name, bytes([rnd.randrange(256) & ~1]) + os.urandom(0) + bytes(rnd.randrange(256) for _ in range(4))
                        + http(200, lb, chunked=rnd.random() < 0.5, rnd=rnd))
        if rnd.random() < 0.3:
            out.put("chunked", name, bytes(rnd.randrange(256) for _ in range(4)) + chunk_body(body[:6000], rnd, ext=True))


# ---------------------------------------------------------------- synthetic
POD = ('{"kind":"Pod","apiVersion":"v1","metadata":{"name":"%s","namespace":"%s","uid":"u-%s","resourceVersion":"%s",'
       '"labels":{"app":"%s","tier":"web"},"annotations":{"example.com/notes":"x"},"managedFields":[{"manager":"m"}]},'
       '"spec":{"nodeName":"node-1","containers":[{"name":"c","image":"nginx:1.25"},{"name":"d","image":"busybox"}]},'
       '"status":{"phase":"Running","conditions":[{"type":"Ready","status":"True"}]}}')


def pod(name, ns, rv, app="web"):
    return POD % (name, ns, name, rv, app)


def seeds_synthetic(out):
    rnd = random.Random(3)
    w = lambda t, o: '{"type":"%s","object":%s}\n' % (t, o)
    streams = {
        "add-mod-del": w("ADDED", pod("a", "ns", 1)) + w("MODIFIED", pod("a", "ns", 2, "api")) + w("DELETED", pod("a", "ns", 3)),
        "recreate": w("ADDED", pod("a", "ns", 1)) + w("DELETED", pod("a", "ns", 2)) + w("ADDED", pod("a", "ns", 3)),
        "many-keys": "".join(w("ADDED", pod("p%d" % i, "ns-%d" % (i % 3), i + 1, "app%d" % (i % 4))) for i in range(40)),
        "bookmark": w("BOOKMARK", '{"kind":"Pod","metadata":{"resourceVersion":"77"}}'),
        "error-410": w("ERROR", compact(status_obj(410, "Expired", "too old resource version: 1 (5)"))),
        "error-too-large": w("ERROR", compact(status_obj(504, "Timeout", "Too large resource version: 9 (7)",
                                                         [{"reason": "ResourceVersionTooLarge"}]))),
        "error-500": w("ERROR", compact(status_obj(500, "InternalError", "boom"))),
        "unknown-type": w("SOMETHING", pod("a", "ns", 1)),
        "cluster-scoped": w("ADDED", '{"kind":"Node","metadata":{"name":"node-0","resourceVersion":"5"},"status":{"phase":"x"}}'),
        "escapes": w("ADDED", '{"metadata":{"name":"a\\u0041b","namespace":"n\\"s","resourceVersion":"1","labels":{"app":"\\u00e9\\n"}}}'),
        "no-name": w("ADDED", '{"metadata":{"namespace":"ns","resourceVersion":"1"}}'),
        "slash-name": w("ADDED", '{"metadata":{"name":"a/b","resourceVersion":"1"}}'),
        "numbers": w("ADDED", '{"metadata":{"name":"n","resourceVersion":"1"},"spec":{"a":-0.5e+10,"b":[1,2.5,true,false,null],"c":{}}}'),
        "deep": w("ADDED", '{"metadata":{"name":"d","resourceVersion":"1"},"a":' + "[" * 120 + "]" * 120 + "}"),
        "too-deep": w("ADDED", '{"metadata":{"name":"d","resourceVersion":"1"},"a":' + "[" * 130 + "]" * 130 + "}"),
        "oversized": w("ADDED", '{"metadata":{"name":"big","namespace":"ns","resourceVersion":"9"},"data":"' + "x" * 9000 + '"}'),
        "oversized-escaped-name": w("ADDED", '{"metadata":{"name":"b\\\\ig","namespace":"ns","resourceVersion":"9"},"data":"' + "x" * 9000 + '"}'),
        "many-tokens": w("ADDED", '{"metadata":{"name":"t","resourceVersion":"1"},"a":[' + ",".join(["1"] * 1200) + "]}"),
        "dup-keys": w("ADDED", '{"metadata":{"name":"a","name":"b","resourceVersion":"1","resourceVersion":"2"}}'),
        "garbage-then-ok": "}{]" + w("ADDED", pod("a", "ns", 1)),
        "whitespace": ' \r\n\t{ "type" : "ADDED" , "object" : { "metadata" : { "name" : "w" , "resourceVersion" : "1" } } }  \n',
        "keep-paths": w("ADDED", '{"metadata":{"name":"k","resourceVersion":"1","labels":{"app.kubernetes.io/name":"z"},'
                                 '"annotations":{"a\\\\b":"1"}},"spec":{"a\\\\":1,"f0":1,"f24":2,"d0":3,"d27":4,"volumes":[1],'
                                 '"template":{"spec":{"containers":[{"env":[{"valueFrom":{"secretKeyRef":{"name":"s"}}}]}]}}},'
                                 '"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{"i":{"j":{"k":{"l":1,"m":2}}}}}}}}}}}}'),
    }
    for name, body in streams.items():
        for _ in range(2):
            out.put("watch", name, ctl_watch(rnd) + body.encode())
    lists = {
        "basic": '{"kind":"PodList","metadata":{"resourceVersion":"10"},"items":[%s,%s]}' % (pod("a", "ns", 1), pod("c", "ns", 3)),
        "continue": '{"metadata":{"resourceVersion":"10","continue":"tok"},"items":[%s]}' % pod("b", "ns", 2),
        "empty": '{"kind":"PodList","metadata":{"resourceVersion":"11"},"items":[]}',
        "same-rv": '{"metadata":{"resourceVersion":"10"},"items":[%s]}' % pod("a", "ns", 1).replace('"u-a"', '"u1"'),
        "items-first": '{"items":[%s],"metadata":{"resourceVersion":"12"}}' % pod("x", "", 5),
        "no-rv": '{"metadata":{},"items":[%s]}' % pod("x", "ns", 5),
        "two-pages": '{"metadata":{"resourceVersion":"10","continue":"t"},"items":[%s]}{"metadata":{"resourceVersion":"10"},"items":[%s]}'
                     % (pod("p1", "ns", 1), pod("p2", "ns", 2)),
        "bad-item": '{"metadata":{"resourceVersion":"10"},"items":[{"metadata":{"name":"q","resourceVersion":"1"},"x":01},%s]}' % pod("r", "ns", 2),
        "oversized-item": '{"metadata":{"resourceVersion":"10"},"items":[{"metadata":{"name":"big","resourceVersion":"1"},"d":"%s"}]}' % ("y" * 9000),
        "nested-items": '{"metadata":{"resourceVersion":"10"},"items":[[{"metadata":{"name":"n","resourceVersion":"1"}}]],"x":{"items":[{}]}}',
        "prefill-keys": '{"metadata":{"resourceVersion":"20"},"items":[{"metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"1","labels":{"app":"x"}},"spec":{"nodeName":"n1"}},{"metadata":{"name":"node-0","resourceVersion":"7"}}]}',
    }
    for name, body in lists.items():
        for _ in range(2):
            out.put("list", name, ctl_watch(rnd) + body.encode())
    # HTTP heads and bodies
    lb = lists["basic"].encode()
    st410 = compact(status_obj(410, "Expired", "too old resource version")).encode()
    heads = {
        "200-clen": http(200, lb),
        "200-chunked": http(200, lb, chunked=True, rnd=rnd),
        "200-chunked-lf": b"HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n" + chunk_body(lb, rnd, lf_only=True),
        "100-continue": b"HTTP/1.1 100 Continue\r\n\r\n" + http(200, lb),
        "410": http(410, st410),
        "410-watch-chunked": http(410, st410, chunked=True, rnd=rnd),
        "429-retry": http(429, b"{}", extra=b"Retry-After: 3\r\n"),
        "500-retry": http(500, b"{}", extra=b"Retry-After: 1000\r\n"),
        "504-too-large": http(504, compact(status_obj(504, "Timeout", "Too large resource version: 10, current: 9")).encode()),
        "401": http(401, compact(status_obj(401, "Unauthorized", "Unauthorized")).encode()),
        "403": http(403, b'{"kind":"Status","code":403}'),
        "404-close": http(404, b"404 page not found\n", extra=b"Connection: close\r\n"),
        "http10": b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + lb,
        "gzip": b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc",
        "te-identity": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: identity\r\nConnection: keep-alive\r\n\r\n{}",
        "dup-clen": b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
        "clen-0": b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
        "bad-header": b"HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n",
        "many-headers": b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(50)) + b"\r\n",
        "chunk-ext-trailer": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk_body(lb, rnd, ext=True, trailer=True),
        "watch-stream": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
                        chunk_body(('{"type":"ADDED","object":%s}\n{"type":"BOOKMARK","object":{"metadata":{"resourceVersion":"5"}}}\n'
                                    % pod("a", "ns", 4)).encode(), rnd),
    }
    for name, raw in heads.items():
        for kind in (0, 1, 2, 3):
            cuts = bytes(rnd.randrange(256) for _ in range(4))
            out.put("http_head", "%s-k%d" % (name, kind), bytes([kind]) + cuts + raw)
    # chunked bodies
    bodies = [b"", b"hello", b"x" * 300, lb, b"\r\n" * 10]
    for i, b in enumerate(bodies):
        for opt in range(3):
            cuts = bytes(rnd.randrange(256) for _ in range(4))
            out.put("chunked", "synth-%d-%d" % (i, opt), cuts + chunk_body(b, rnd, ext=opt == 1, trailer=opt == 2, lf_only=opt == 2))
    for name, raw in {"big-size": b"ffffffffff\r\n", "too-big": b"fffffffffff\r\n", "bad-digit": b"5g\r\nhello\r\n",
                      "no-crlf": b"5\r\nhelloX", "ext-long": b"1;" + b"e" * 1100 + b"\r\nx\r\n0\r\n\r\n",
                      "trailer-long": b"0\r\n" + b"t" * 5000 + b"\r\n\r\n", "after-end": b"0\r\n\r\ngarbage",
                      "lf-only": b"3\nabc\n0\n\n", "upper-hex": b"A\r\n0123456789\r\n0\r\n\r\n"}.items():
        out.put("chunked", name, bytes(rnd.randrange(256) for _ in range(4)) + raw)
    # base64
    for s in [b"", b"a", b"ab", b"abc", b"abcd", b"hello world", bytes(range(256))[:40]]:
        e = base64.b64encode(s)
        for c in (0, 3, 4, 7, 0x80, 0x82):
            out.put("base64", "b64-%d-%d" % (len(s), c), bytes([c]) + e)
        out.put("base64", "nopad-%d" % len(s), b"\x04" + e.rstrip(b"="))
    for name, s in {"ws": b"aGVs bG8=", "nl": b"aGVs\nbG8=", "after-pad": b"QQ==QQ==", "pad3": b"Q===", "pad-only": b"====",
                    "urlsafe": b"-_-_", "trailing-bits": b"QR==", "one": b"Q", "eq": b"="}.items():
        out.put("base64", name, b"\x04" + s)
    # kubeconfig edge cases (hand-made YAML and JSON)
    ca = base64.b64encode(b"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n").decode()
    kc_json = {"kind": "Config", "apiVersion": "v1", "preferences": {},
               "clusters": [{"name": "c", "cluster": {"server": "https://[::1]:6443/p", "certificate-authority-data": ca,
                                                      "insecure-skip-tls-verify": True}}],
               "users": [{"name": "u", "user": {"token": "abc.def", "client-certificate-data": ca}}],
               "contexts": [{"name": "fuzz", "context": {"cluster": "c", "user": "u", "namespace": "ns"}}],
               "current-context": "fuzz"}
    kcs = {
        "flow-and-quotes": 'apiVersion: v1\nkind: Config\ncurrent-context: "fuzz"\nclusters:\n- name: \'c\'\n  cluster: {server: x}\n'
                           '- name: c\n  cluster:\n    server: "https://[::1]:6443/prefix/"   # comment\n    insecure-skip-tls-verify: true\n'
                           'contexts:\n- name: fuzz\n  context:\n    cluster: c\n    user: "u\\x41"\n    namespace: \'it\'\'s\'\n'
                           'users:\n- name: uA\n  user:\n    token: "abc\\tdef"\npreferences: {}\n',
        "crlf-docmarker": "---\r\napiVersion: v1\r\nclusters:\r\n  - cluster:\r\n      server: http://127.0.0.1:8080\r\n"
                          "      certificate-authority-data: %s\r\n    name: c\r\ncontexts:\r\n  - context:\r\n      cluster: c\r\n"
                          "      user: u\r\n    name: fuzz\r\ncurrent-context: fuzz\r\nusers:\r\n  - name: u\r\n    user:\r\n"
                          "      tokenFile: tok\r\n...\r\n" % ca,
        "exec": "current-context: fuzz\nclusters:\n- name: c\n  cluster:\n    server: https://1.2.3.4\ncontexts:\n- name: fuzz\n"
                "  context:\n    cluster: c\n    user: u\nusers:\n- name: u\n  user:\n    exec:\n      command: aws\n      args:\n      - x\n",
        "tab": "clusters:\n\t- name: c\n",
        "block-scalar": "current-context: |\n  fuzz\n",
        "anchors": "clusters:\n- &a name: c\n",
        "nested-seq": "a:\n- - x\n",
        "deep": "".join("  " * i + "k%d:\n" % i for i in range(20)) + "  " * 20 + "v: 1\n",
        "empty": "",
        "comments-only": "# nothing\n\n   # here\n",
        "long-server": "current-context: fuzz\nclusters:\n- name: c\n  cluster:\n    server: http://" + "h" * 600 + "\ncontexts:\n- name: fuzz\n  context:\n    cluster: c\n",
        "bad-b64": "current-context: fuzz\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1\n    certificate-authority-data: \"%s\"\ncontexts:\n- name: fuzz\n  context:\n    cluster: c\n" % ca,
        # JSON (what `kubectl config view -o json --raw` writes) and YAML flow collections
        "json-minified": compact(kc_json),
        "json-indented": json.dumps(kc_json, indent=4),
        "json-escapes-bom": "\ufeff" + json.dumps(kc_json).replace("current-context", "current\\u002dcontext")
                            .replace("/", "\\/"),
        "json-truncated": json.dumps(kc_json, indent=2)[:200],
        "json-bracket-mismatch": compact(kc_json).replace("}]", "]}", 1),
        "flow-in-block": "current-context: fuzz\ncontexts: [{name: fuzz, context: {cluster: c, user: u, namespace: 'n'}}]\n"
                         "clusters:\n- {name: c, cluster: {server: \"http://h:1\", certificate-authority-data: %s}}\n"
                         "users: [\n  {name: u, user: {token: t, exec: null}},  # trailing comma\n]\n" % ca,
        "flow-next-line": "current-context: fuzz\ncontexts:\n  [{name: fuzz, context: {cluster: c}}]\nclusters:\n  - {name: c,\n     cluster: {server: http://h}}\n",
        "flow-deep": "a: " + "[" * 20 + "]" * 20 + "\n",
    }
    for name, s in kcs.items():
        out.put("kubeconfig", name, s)


# ---------------------------------------------------------------- write client and leader elector
def client_ctl(verb=0, path=False, tight=False, retries=0, step=0, later=0, end=0, two=False, warm=False):
    """fuzz_client.c's two control bytes, client mode"""
    return bytes([verb << 1 | path << 4 | tight << 5 | retries << 6,
                  step | later << 2 | end << 4 | two << 6 | warm << 7])


def leader_ctl(timing=0, long_id=False, release=False, tight=False, wall=0, step=0, extra=0, retries=False, chunked=False):
    """fuzz_client.c's two control bytes, leader mode"""
    return bytes([1 | timing << 1 | long_id << 3 | release << 4 | tight << 5 | wall << 6,
                  step | extra << 2 | retries << 5 | chunked << 6])


def lease(rv, holder, dur=15, trans=1, acquire="2025-11-28T08:00:00.000000Z", renew="2025-11-28T08:00:01.123456Z", extra=None):
    spec = {"holderIdentity": holder, "leaseDurationSeconds": dur, "acquireTime": acquire, "renewTime": renew,
            "leaseTransitions": trans}
    if holder is None:
        del spec["holderIdentity"]
    if extra:
        spec.update(extra)
    return compact({"kind": "Lease", "apiVersion": "coordination.k8s.io/v1",
                    "metadata": {"name": "lk", "namespace": "ns", "uid": "u-1", "resourceVersion": rv,
                                 "creationTimestamp": "2025-11-28T08:00:00Z"}, "spec": spec}).encode()


def seeds_client(out):
    rnd = random.Random(4)
    cm = compact({"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "cm-1", "namespace": "ns-1", "uid": "u-1",
                  "resourceVersion": "6", "managedFields": [{"manager": "fz m/1", "operation": "Apply"}]},
                  "data": {"k": "v"}}).encode()
    st = lambda code, reason, msg, causes=None: compact(status_obj(code, reason, msg, causes)).encode()
    conflict = st(409, "Conflict", 'Operation cannot be fulfilled on configmaps "cm-1": the object has been modified; '
                                   'please apply your changes to the latest version and try again')
    answers = {
        "200-object": (client_ctl(0), http(200, cm)),
        "200-status-sub": (client_ctl(1, step=2), http(200, cm)),
        "201-created": (client_ctl(2), http(201, cm, rnd=rnd)),
        "201-chunked": (client_ctl(2, step=1), http(201, cm, chunked=True, rnd=rnd)),
        "200-put-chunked": (client_ctl(3, step=3, two=True), http(200, cm, chunked=True, rnd=rnd)),
        "200-merge": (client_ctl(4), http(200, cm)),
        "422-json-patch": (client_ctl(5), http(422, st(422, "Invalid", 'the server rejected our request due to an error in our request',
                                                         [{"reason": "FieldValueInvalid", "message": "test failed", "field": "/metadata"}]))),
        "200-delete-status": (client_ctl(6), http(200, compact({"kind": "Status", "apiVersion": "v1", "status": "Success",
                                                                 "details": {"name": "cm-1", "kind": "configmaps"}}).encode())),
        "409-delete-precondition": (client_ctl(6, step=1), http(409, st(409, "Conflict", "Precondition failed: UID in precondition: u-\"1, UID in object meta: u-2")) ),
        "201-apply": (client_ctl(7), http(201, cm)),
        "409-apply-conflict": (client_ctl(7, step=2), http(409, st(409, "Conflict", 'Apply failed with 1 conflict: conflict with "other": .data.k',
                                                                   [{"type": "FieldManagerConflict", "message": 'conflict with "other"', "field": ".data.k"}]))),
        "404": (client_ctl(0), http(404, st(404, "NotFound", 'configmaps "cm-1" not found'))),
        "404-text": (client_ctl(0, end=1), http(404, b"404 page not found\n", extra=b"Connection: close\r\n")),
        "409-exists": (client_ctl(2), http(409, st(409, "AlreadyExists", 'configmaps "cm-1" already exists'))),
        "403": (client_ctl(3), http(403, st(403, "Forbidden", 'configmaps "cm-1" is forbidden: User "x" cannot update resource'))),
        "401": (client_ctl(0, warm=True), http(401, st(401, "Unauthorized", "Unauthorized"))),
        "400": (client_ctl(4), http(400, st(400, "BadRequest", "the body of the request was in an unknown format"))),
        "500-write": (client_ctl(3, retries=3), http(500, st(500, "InternalError", "etcdserver: request timed out"))),
        "500-get-retried": (client_ctl(0, retries=2, later=1), http(500, st(500, "InternalError", "boom"))),
        "503-retry-after": (client_ctl(2, retries=1, later=3), http(503, b"{}", extra=b"Retry-After: 1\r\n")),
        "429-then-200": (client_ctl(3, retries=3, later=1), http(429, st(429, "TooManyRequests", "slow down"), extra=b"Retry-After: 2\r\n")),
        "429-no-retry-after": (client_ctl(4, retries=1, later=0), http(429, b"{}")),
        "long-message": (client_ctl(0), http(409, st(409, "Conflict", "conflict: " + "\u00e9\u4e2d\U0001F600" * 40))),
        "long-reason": (client_ctl(0), http(422, st(422, "R" * 70, "m"))),
        "escaped-message": (client_ctl(0), http(404, b'{"kind":"Status","reason":"Not\\tFound","message":"a\\nb\\u0001c\\u00e9\\ud83d\\ude00\\ud800x\\/\\"q"}')),
        "raw-controls": (client_ctl(0), http(404, b'{"kind":"Status","reason":"NotFound","message":"a\x01b\x7fc"}')),
        "many-causes": (client_ctl(0), http(422, st(422, "Invalid", "many", [{"reason": "FieldValueInvalid", "field": "f%d" % i} for i in range(60)]))),
        "status-array": (client_ctl(0), http(404, b'[{"reason":"NotFound","message":"m"}]')),
        "status-dup-keys": (client_ctl(0), http(409, b'{"reason":"Conflict","reason":"AlreadyExists","message":"a","message":"b"}')),
        "read-to-close": (client_ctl(0), b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n" + cm),
        "http10": (client_ctl(0), b"HTTP/1.0 200 OK\r\n\r\n" + cm),
        "100-continue": (client_ctl(2), b"HTTP/1.1 100 Continue\r\n\r\n" + http(201, cm)),
        "too-large-tight": (client_ctl(0, tight=True), http(200, b'{"data":"' + b"x" * 2000 + b'"}')),
        "too-large-chunked": (client_ctl(0, tight=True, step=2), http(200, b'{"data":"' + b"x" * 2000 + b'"}', chunked=True, rnd=rnd)),
        "exactly-1024": (client_ctl(0, tight=True), http(200, b'{"d":"' + b"y" * 1016 + b'"}')),
        "cut-mid-body": (client_ctl(3, end=0), http(200, cm)[:-10]),
        "cut-mid-body-get": (client_ctl(0, retries=1, later=1), http(200, cm)[:-10]),
        "idle-timeout": (client_ctl(0, end=1), b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"),
        "reset": (client_ctl(2, end=2), b"HTTP/1.1 20"),
        "stale-keepalive": (client_ctl(0, warm=True, later=1), b""),
        "stale-keepalive-write": (client_ctl(3, warm=True, later=1), b""),
        "malformed-head": (client_ctl(0), b"HTTP/1.1 2000 OK\r\n\r\n"),
        "gzip": (client_ctl(0), b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc"),
        "path-post": (client_ctl(2, path=True), http(200, b'{"ok":true}')),
        "path-apply": (client_ctl(7, path=True, step=1), http(201, cm)),
        "path-delete": (client_ctl(6, path=True), http(200, b"{}")),
    }
    for name, (ctl, raw) in answers.items():
        out.put("client", name, ctl + raw)
    # the leader elector: answers separated by NUL; "!NNN" a status, "HTTP/" raw
    nf = b"!404" + st(404, "NotFound", 'leases.coordination.k8s.io "lk" not found')
    c409 = b"!409" + st(409, "Conflict", 'Operation cannot be fulfilled on leases.coordination.k8s.io "lk": the object has been modified')
    ae409 = b"!409" + st(409, "AlreadyExists", 'leases.coordination.k8s.io "lk" already exists')
    z = b"\0"
    me = "cand-a"
    leader = {
        "create-renew": (leader_ctl(), [nf, b"!201" + lease("5", me, trans=0), lease("6", me), lease("7", me)]),
        "create-exists": (leader_ctl(step=1), [nf, ae409, lease("5", "other"), lease("5", "other")]),
        "foreign-then-expired": (leader_ctl(extra=5), [lease("5", "other"), lease("5", "other"), lease("6", me, trans=2), lease("7", me)]),
        "foreign-moves": (leader_ctl(timing=1, extra=3), [lease("5", "other"), lease("6", "other", renew="2025-11-28T08:00:03.000000Z"), lease("7", "other")]),
        "takeover-conflict": (leader_ctl(), [lease("5", ""), c409, lease("6", "other"), lease("6", "other")]),
        "no-holder": (leader_ctl(timing=2), [lease("5", None), lease("6", me), lease("7", me)]),
        "renewal-fails": (leader_ctl(timing=1, extra=4), [nf, b"!201" + lease("5", me), b"!500{}", b"!500{}", b"!503{}", lease("5", me)]),
        "leader-sees-other": (leader_ctl(timing=1), [nf, b"!201" + lease("5", me), c409, lease("9", "other"), lease("9", "other")]),
        "release": (leader_ctl(release=True), [nf, b"!201" + lease("5", me), lease("6", me)]),
        "release-in-flight": (leader_ctl(release=True, timing=3), [lease("5", "")]),
        "raw-http": (leader_ctl(step=2), [b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(lease("5", me)) + lease("5", me),
                                          b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk_body(lease("6", me), rnd)]),
        "chunked": (leader_ctl(chunked=True, step=3), [nf, b"!201" + lease("5", me), lease("6", me)]),
        "tight": (leader_ctl(tight=True), [nf, b"!201" + lease("5", me), lease("6", me, extra={"x": "y" * 1200})]),
        "retries": (leader_ctl(retries=True), [b"!503{}", lease("5", "other"), b"!429{}", nf, b"!201" + lease("6", me)]),
        "wall-epoch": (leader_ctl(wall=1), [nf, b"!201" + lease("5", me, acquire="1970-01-01T00:00:00.000000Z")]),
        "wall-year1": (leader_ctl(wall=2), [lease("5", "", renew="0001-01-01T00:00:00.000000Z"), lease("6", me)]),
        "wall-year10000": (leader_ctl(wall=3, extra=7), [lease("5", me, renew="9999-12-31T23:59:59.999999Z"), lease("6", me)]),
        "long-identity": (leader_ctl(long_id=True), [lease("5", "c" * 255), lease("6", "c" * 256), lease("6", "c" * 256)]),
        "escaped-holder": (leader_ctl(), [lease("5", "cand\\u002da").replace(b"\\\\u", b"\\u"), lease("6", "cand-a")]),
        "bad-duration": (leader_ctl(), [lease("5", "other", dur="15"), lease("5", "other", dur=-1), lease("5", "other", dur=1.5),
                                        lease("5", "other", dur=99999999999), lease("5", "other", trans=-4)]),
        "no-rv": (leader_ctl(), [compact({"spec": {"holderIdentity": "other", "leaseDurationSeconds": 15}}).encode(), lease("", "other")]),
        "big-transitions": (leader_ctl(), [lease("5", "", trans=2 ** 62), lease("6", me, trans=2 ** 63 - 1)]),
        "microtime-odd": (leader_ctl(), [lease("5", "other", acquire="x" * 60, renew="2025-11-28T08:00:01Z"), lease("5", "other", renew="2025-11-28T08:00:01.1Z")]),
        "status-as-lease": (leader_ctl(), [st(200, "", ""), b"!200[]", b"!200", b"!204"]),
    }
    for name, (ctl, ans) in leader.items():
        out.put("client", "leader-" + name, ctl + z.join(ans))


# ---------------------------------------------------------------- fake API server
def raw_get(port, path, timeout=6.0, maxbytes=1 << 20):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
               % (path, port)).encode())
    data = bytearray()
    end = time.time() + timeout
    try:
        while time.time() < end and len(data) < maxbytes:
            s.settimeout(max(0.1, end - time.time()))
            b = s.recv(65536)
            if not b:
                break
            data += b
    except socket.timeout:
        pass
    finally:
        s.close()
    return bytes(data)


def split_response(raw):
    i = raw.find(b"\r\n\r\n")
    if i < 0:
        return raw, b""
    return raw[:i + 4], raw[i + 4:]


def seeds_from_fakeapi(out, workdir):
    rnd = random.Random(4)
    fake = os.path.join(REPO, "tests", "fakeapi.py")
    if not os.path.isfile(fake):
        note("no tests/fakeapi.py: skipped")
        return
    pf = os.path.join(workdir, "port")
    proc = subprocess.Popen([sys.executable, fake, "--port", "0", "--port-file", pf, "--lifetime", "30", "--churn", "50"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port = None
        for _ in range(100):
            if os.path.exists(pf):
                try:
                    port = int(open(pf).read().strip())
                    break
                except ValueError:
                    pass
            time.sleep(0.1)
        if not port:
            note("fakeapi did not start: skipped")
            return
        got = {}
        for name, path in [("pods-limit1", "/api/v1/pods?limit=1"), ("pods-limit2", "/api/v1/pods?limit=2"),
                           ("namespaces", "/api/v1/namespaces"), ("configmaps", "/api/v1/configmaps?limit=4"),
                           ("nodes", "/api/v1/nodes"), ("state", "/_fake/state?path=/api/v1/pods"),
                           ("notfound", "/api/v1/nosuchresource"), ("widgets", "/apis/example.com/v1/widgets?limit=2")]:
            got[name] = raw_get(port, path)
        # the watch: from the list's resourceVersion, bookmarks on, a short timeout
        head, body = split_response(got["pods-limit1"])
        try:
            rv = json.loads(body)["metadata"]["resourceVersion"]
        except (ValueError, KeyError, TypeError):
            rv = "0"
        got["watch"] = raw_get(port, "/api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=%s&timeoutSeconds=2" % rv,
                               timeout=4.0)
        got["watch-ns"] = raw_get(port, "/api/v1/namespaces/ns-0/configmaps?watch=1&resourceVersion=%s&timeoutSeconds=1" % rv,
                                  timeout=3.0)
        got["list-continue"] = b""
        try:
            cont = json.loads(split_response(got["pods-limit2"])[1])["metadata"].get("continue")
            if cont:
                got["list-continue"] = raw_get(port, "/api/v1/pods?limit=2&continue=%s" % cont)
        except (ValueError, KeyError, TypeError):
            pass
        for name, raw in got.items():
            if not raw:
                continue
            head, body = split_response(raw)
            chunked = b"chunked" in head.lower()
            plain = dechunk(body) if chunked else body
            # raw responses, head included, cut to the target's size
            for kind in (0, 1, 3):
                out.put("http_head", "fake-%s-k%d" % (name, kind),
                        bytes([kind]) + bytes(rnd.randrange(256) for _ in range(4)) + raw[:CAP_HTTP])
            if chunked:
                out.put("chunked", "fake-" + name, bytes(rnd.randrange(256) for _ in range(4)) + body[:CAP_HTTP])
            if name.startswith("watch"):
                evs = plain.split(b"\n")
                cur = b""
                k = 0
                for e in evs:
                    if not e.strip():
                        continue
                    if len(cur) + len(e) + 1 > CAP_BODY and cur:
                        out.put("watch", "fake-%s-%d" % (name, k), ctl_watch(rnd) + cur)
                        k += 1
                        cur = b""
                        if k >= 6:
                            break
                    cur += e + b"\n"
                if cur and k < 6:
                    out.put("watch", "fake-%s-%d" % (name, k), ctl_watch(rnd) + cur)
            elif plain[:1] == b"{" and b'"items"' in plain and len(plain) <= CAP_BODY * 2:
                out.put("list", "fake-" + name, ctl_watch(rnd) + plain[:CAP_BODY * 2])
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------- openssl / kubectl
def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60, **kw).stdout


def seeds_from_tools(out, workdir):
    if not shutil.which("openssl"):
        note("no openssl: PEM and kubeconfig seeds skipped")
        return
    d = os.path.join(workdir, "pki")
    os.makedirs(d)
    o = lambda *a: run(["openssl"] + list(a), d)
    try:
        o("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "rsa8.key")     # PKCS#8
        o("rsa", "-in", "rsa8.key", "-traditional", "-out", "rsa1.key")                               # PKCS#1
        o("ecparam", "-name", "prime256v1", "-genkey", "-out", "ec-params.key")                      # EC PARAMETERS + SEC1
        o("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ec1.key")                  # SEC1
        o("pkcs8", "-topk8", "-nocrypt", "-in", "ec1.key", "-out", "ec8.key")                          # PKCS#8
        o("ecparam", "-name", "secp384r1", "-genkey", "-noout", "-out", "ec384.key")
        san = "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost"
        o("req", "-x509", "-new", "-key", "ec1.key", "-subj", "/CN=fuzz-ca", "-days", "3650", "-out", "ca-ec.pem",
          "-addext", "basicConstraints=critical,CA:TRUE", "-addext", san)
        o("req", "-x509", "-new", "-key", "rsa8.key", "-subj", "/CN=fuzz-rsa-ca/O=kinformer", "-days", "3650", "-out", "ca-rsa.pem",
          "-addext", "basicConstraints=critical,CA:TRUE")
        o("req", "-new", "-key", "ec384.key", "-subj", "/CN=127.0.0.1", "-out", "leaf.csr")
        with open(os.path.join(d, "san.ext"), "w") as f:
            f.write(san + "\n")
        o("x509", "-req", "-in", "leaf.csr", "-CA", "ca-ec.pem", "-CAkey", "ec1.key", "-CAcreateserial", "-days", "3650",
          "-extfile", "san.ext", "-out", "leaf.pem")
        o("req", "-new", "-key", "rsa1.key", "-subj", "/CN=client/O=system:masters", "-out", "client.csr")
        o("x509", "-req", "-in", "client.csr", "-CA", "ca-rsa.pem", "-CAkey", "rsa8.key", "-CAcreateserial", "-days", "3650",
          "-out", "client.pem")
        o("x509", "-in", "ca-ec.pem", "-trustout", "-out", "ca-trusted.pem")
        for c in ("ca-ec.pem", "ca-rsa.pem", "leaf.pem", "client.pem"):
            o("x509", "-in", c, "-outform", "DER", "-out", c[:-4] + ".der")
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        note("openssl failed (%s): PEM seeds skipped" % e)
        return
    rd = lambda n: open(os.path.join(d, n), "rb").read()
    for n in ("rsa8.key", "rsa1.key", "ec-params.key", "ec1.key", "ec8.key", "ec384.key", "ca-ec.pem", "ca-rsa.pem",
              "leaf.pem", "client.pem", "ca-trusted.pem", "ca-ec.der", "ca-rsa.der", "leaf.der", "client.der"):
        out.put("pem", n, rd(n))
    out.put("pem", "bundle", rd("ca-ec.pem") + rd("ca-rsa.pem"))
    out.put("pem", "chain-leaf-ca", rd("leaf.pem") + rd("ca-ec.pem"))
    out.put("pem", "cert-and-key", rd("client.pem") + rd("rsa1.key"))
    out.put("pem", "crlf", rd("leaf.pem").replace(b"\n", b"\r\n"))
    out.put("pem", "junk-around", b"subject=CN=x\n" + rd("ca-ec.pem") + b"trailing text\n")
    for n in ("ca-ec.pem", "client.pem"):
        out.put("base64", "cert-" + n, b"\x84" + base64.b64encode(rd(n)))
    if not shutil.which("kubectl"):
        note("no kubectl: kubeconfig seeds from kubectl skipped")
        return
    k = os.path.join(workdir, "kube")
    os.makedirs(k)
    env = dict(os.environ, HOME=k)
    env.pop("KUBECONFIG", None)

    def kc(name, cmds):
        path = os.path.join(k, name)
        try:
            for c in cmds:
                run(["kubectl", "config"] + c + ["--kubeconfig", path], d, env=env)
            out.put("kubeconfig", "kubectl-" + name, open(path, "rb").read())
            # the same file as JSON, as `kubectl config view -o json --raw` writes it
            out.put("kubeconfig", "kubectl-" + name + ".json",
                    run(["kubectl", "config", "view", "--kubeconfig", path, "-o", "json", "--raw"], d, env=env))
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
            note("kubectl config for %s failed (%s)" % (name, e))

    kc("embedded", [["set-cluster", "c1", "--server=https://127.0.0.1:6443", "--certificate-authority=ca-ec.pem", "--embed-certs=true"],
                    ["set-credentials", "u1", "--client-certificate=client.pem", "--client-key=rsa1.key", "--embed-certs=true"],
                    ["set-context", "fuzz", "--cluster=c1", "--user=u1", "--namespace=ns-1"], ["use-context", "fuzz"]])
    kc("token", [["set-cluster", "c2", "--server=http://127.0.0.1:8080"], ["set-credentials", "u2", "--token=abc.def-ghi"],
                 ["set-context", "ctx2", "--cluster=c2", "--user=u2"], ["use-context", "ctx2"],
                 ["set-context", "fuzz", "--cluster=c2"]])
    kc("files", [["set-cluster", "c3", "--server=https://[::1]:443/base", "--certificate-authority=ca-rsa.pem",
                  "--tls-server-name=kubernetes.default"],
                 ["set-credentials", "u3", "--client-certificate=client.pem", "--client-key=ec8.key"],
                 ["set", "users.u3.tokenFile", "/var/run/token"],
                 ["set-context", "ctx3", "--cluster=c3", "--user=u3"], ["use-context", "ctx3"]])
    kc("insecure", [["set-cluster", "c4", "--server=https://10.0.0.1", "--insecure-skip-tls-verify=true"],
                    ["set-credentials", "u4", "--username=admin", "--password=secret"],
                    ["set-context", "fuzz", "--cluster=c4", "--user=u4"], ["use-context", "fuzz"]])
    kc("exec", [["set-cluster", "c5", "--server=https://example.com:6443", "--certificate-authority=ca-ec.pem", "--embed-certs=true"],
                ["set-credentials", "u5", "--exec-command=aws", "--exec-api-version=client.authentication.k8s.io/v1beta1",
                 "--exec-arg=eks", "--exec-arg=get-token", "--exec-env=A=B"],
                ["set-context", "fuzz", "--cluster=c5", "--user=u5"], ["use-context", "fuzz"]])
    kc("auth-provider", [["set-cluster", "c6", "--server=https://127.0.0.1:6443"],
                         ["set-credentials", "u6", "--auth-provider=oidc", "--auth-provider-arg=client-id=x"],
                         ["set-context", "c6", "--cluster=c6", "--user=u6"], ["use-context", "c6"]])
    kc("proxy", [["set-cluster", "c7", "--server=https://127.0.0.1:6443", "--proxy-url=http://127.0.0.1:3128"],
                 ["set-context", "fuzz", "--cluster=c7"], ["use-context", "fuzz"]])
    kc("multi", [["set-cluster", "a", "--server=http://a"], ["set-cluster", "b", "--server=http://b:1"],
                 ["set-credentials", "ua", "--token=t1"], ["set-credentials", "ub", "--token=t2"],
                 ["set-context", "ca", "--cluster=a", "--user=ua"], ["set-context", "fuzz", "--cluster=b", "--user=ub"],
                 ["use-context", "ca"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "build", "fuzz", "seeds"))
    ap.add_argument("--testdata", default=os.path.join(REPO, "tests", "testdata", "k8s-api"))
    ap.add_argument("--no-fakeapi", action="store_true")
    ap.add_argument("--no-tools", action="store_true")
    a = ap.parse_args()
    out = Out(a.out)
    work = tempfile.mkdtemp(prefix="kinf-seeds-")
    try:
        seeds_synthetic(out)
        seeds_client(out)
        seeds_from_objects(out, load_testdata(a.testdata))
        if not a.no_fakeapi:
            try:
                seeds_from_fakeapi(out, work)
            except OSError as e:
                note("fakeapi recording failed: %s" % e)
        if not a.no_tools:
            seeds_from_tools(out, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("seeds: " + ", ".join("%s %d" % (t, out.n[t]) for t in TARGETS))


if __name__ == "__main__":
    main()
