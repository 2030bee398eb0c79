#!/usr/bin/env python3
"""kwatch's output formats held byte for byte: golden outputs in tests/golden/.

Each case starts its own tests/fakeapi.py with a fixed set of objects (fixed
seed, fixed clock, no churn, no split or coalesced chunks, no bookmarks but
the end of the initial events), runs build/kwatch with one output mode or
option, and, once kwatch has printed the objects it started with, makes the
same changes every time through the fake's control API: a pod modified, a pod
created (over 4 KiB), a pod deleted, a configmap created and one modified. kwatch stops
after a fixed number of handler events (--max-events); --timeout bounds it.
Its stdout (and its stderr, with --stats) must equal tests/golden/CASE.out
(and CASE.err) byte for byte, and its exit status the case's; the
other cases write nothing to stderr.

Two normalisations, nothing else:
  - --stats: the figures that differ from run to run (byte counts, the
    store's peak, the age of the last confirmation) read N: STATS_MASK below.
  - several resources at once: each informer's lines keep their order, but
    two informers' lines interleave as their sockets are read, so the event
    lines are grouped by resource (a stable sort on the resource's name).

--update writes the golden files from this build (review them before
committing); --only NAME runs one case. Prints one ok / not ok line per case
and "N passed, N failed".
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
FAKE = [sys.executable, os.path.join(ROOT, "tests", "fakeapi.py"), "--seed", "7", "--clock", "1700000000",
        "--pods", "4", "--namespaces", "2", "--configmaps", "3", "--pod-size", "3000",
        "--split-prob", "0", "--coalesce-prob", "0", "--bookmark-interval", "3600",
        "--lifetime", "120", "--exit-with-parent"]
# --stats figures that vary by run: byte counts, the store's peak (how the
# changes were batched in reads) and the age of the last confirmation
STATS_MASK = re.compile(r"\b(bytes_read|bytes_written|gzip_bytes_in|gzip_bytes_out|store_peak|fresh_age_ms)=-?[0-9]+")

# name, kwatch's arguments, the lists of the objects it starts with (None: no
# changes are made), --max-events (None: the run ends by itself, or the
# selector case's count from the server, selector_events), the stderr
# compared, exit status
PODS, CMS = "/api/v1/pods", "/api/v1/configmaps"
CASES = [
    ("name", ["--dump-on-exit", "pods"], [PODS], 7, False, 0),
    ("name-exit-after-sync", ["-o", "name", "--exit-after-sync", "configmaps"], None, None, False, 0),
    ("json", ["-o", "json", "pods"], [PODS], 7, False, 0),
    ("json-keep", ["-o", "json", "--keep", "metadata.labels,status.phase", "pods"], [PODS], 7, False, 0),
    ("json-drop", ["-o", "json", "--drop", "spec,status", "--exit-after-sync", "pods"], None, None, False, 0),
    ("json-oversized", ["-o", "json", "--max-object-bytes", "4096", "pods"], [PODS], 7, True, 3),
    ("none-stats", ["-o", "none", "--stats", "--dump-on-exit", "--exit-after-sync", "pods"], None, None, True, 0),
    ("namespace", ["-n", "ns-0", "pods"], ["/api/v1/namespaces/ns-0/pods"], 4, False, 0),
    ("selector", ["-l", "tier=db", "pods"], [PODS + "?labelSelector=tier%3Ddb"], None, False, 0),
    ("multi", ["--dump-on-exit", "pods,configmaps"], [PODS, CMS], 12, False, 0),
    ("multi-json", ["-o", "json", "pods,configmaps"], [PODS, CMS], 12, False, 0),
    ("multi-stats", ["-o", "none", "--stats", "--exit-after-sync", "pods,configmaps"], None, None, True, 0),
    # changes_missed's: a relist after 410 Expired, with a DELETED!
    ("name-relist", ["--dump-on-exit", "pods"], [PODS], 6, True, 0),
    ("json-relist", ["-o", "json", "pods"], [PODS], 6, True, 0),
]
MISSED = ("name-relist", "json-relist")


def http(url, method="GET", body=None):
    req = urllib.request.Request(url, data=body, method=method)
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.read()


def start_fake(tmp):
    port_file = os.path.join(tmp, "port")
    log = open(os.path.join(tmp, "fake.log"), "w")
    p = subprocess.Popen(FAKE + ["--port-file", port_file], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):  # up to 30 s for the server to listen
        if os.path.exists(port_file):
            return p, "http://127.0.0.1:%d" % int(open(port_file).read())
        if p.poll() is not None:
            break
        time.sleep(0.05)
    p.kill()
    raise RuntimeError("fakeapi did not start")


def stop_fake(p, url):
    try:
        http(url + "/_fake/stop", "POST", b"")
    except OSError:
        pass
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def pods_in(url, ns):
    items = json.loads(http(url + "/api/v1/namespaces/%s/pods" % ns))["items"]
    return sorted(items, key=lambda o: o["metadata"]["name"])


def apply(url, path, obj):
    http(url + "/_fake/apply?path=" + path, "POST", json.dumps(obj).encode())


def changes(url):
    """The same five changes every time, in this order."""
    a, b = pods_in(url, "ns-0")[:2]
    a["metadata"]["labels"]["gen"] = "2"
    a["metadata"].setdefault("annotations", {})["example.com/golden"] = "changed"
    apply(url, "/api/v1/namespaces/ns-0/pods/" + a["metadata"]["name"], a)
    apply(url, "/api/v1/namespaces/ns-1/pods/golden-0",
          {"metadata": {"name": "golden-0", "namespace": "ns-1", "labels": {"tier": "db", "app": "golden"},
                        "annotations": {"example.com/notes": "x" * 5000}},  # over 4 KiB: json-oversized
           "spec": {"containers": [{"name": "c", "image": "busybox:1.36"}], "nodeName": "node-1"},
           "status": {"phase": "Pending"}})
    http(url + "/_fake/delete?path=/api/v1/namespaces/ns-0/pods/" + b["metadata"]["name"], "POST", b"")
    apply(url, "/api/v1/namespaces/ns-0/configmaps/golden-cm",
          {"metadata": {"name": "golden-cm", "namespace": "ns-0"}, "data": {"k": "v"}})
    cm = json.loads(http(url + "/api/v1/namespaces/ns-1/configmaps/config-1"))
    cm["data"] = {"golden": "changed"}
    apply(url, "/api/v1/namespaces/ns-1/configmaps/config-1", cm)


def changes_missed(url):
    """Two changes the watch never carries: once the watch has sent all it
    had, it is held (the fake's stall), the first ns-0 pod is modified and the
    second deleted, then the server compacts its history and drops the watch
    with the two events still unsent (the fake's expire, drop=1).
    kwatch's watch from its resourceVersion gets 410 Expired and it lists
    again: the pod's MODIFIED, and a DELETED! (the final state unknown, as
    client-go's DeletedFinalStateUnknown) for the pod the list no longer has."""
    for _ in range(600):  # up to 30 s for the one watch to be open with nothing queued
        ws = json.loads(http(url + "/_fake/watchers"))
        if len(ws) == 1 and ws[0]["queued"] == 0:
            break
        time.sleep(0.05)
    held = json.loads(http(url + "/_fake/fault?kind=stall&now=1&seconds=60", "POST", b""))
    if held.get("stalled") != 1:
        raise RuntimeError("the watch to hold was not open: %r" % held)
    a, b = pods_in(url, "ns-0")[:2]
    a["metadata"]["labels"]["gen"] = "3"
    apply(url, "/api/v1/namespaces/ns-0/pods/" + a["metadata"]["name"], a)
    http(url + "/_fake/delete?path=/api/v1/namespaces/ns-0/pods/" + b["metadata"]["name"], "POST", b"")
    http(url + "/_fake/fault?kind=expire&drop=1", "POST", b"")


def selector_events(url):
    """-l tier=db: the db pods at start, the first ns-0 pod's MODIFIED and
    the second's DELETED when they are db pods, and golden-0's ADDED."""
    pods = [o for ns in ("ns-0", "ns-1") for o in pods_in(url, ns)]
    db = lambda o: o["metadata"].get("labels", {}).get("tier") == "db"
    a, b = pods_in(url, "ns-0")[:2]
    return sum(map(db, pods)) + db(a) + db(b) + 1


def group_by_resource(text):
    """Event lines grouped by resource, each resource's in its order; the
    other lines (# synced, the dump) stay where they are after them."""
    lines = text.splitlines(keepends=True)
    n = 0
    while n < len(lines) and not lines[n].startswith("#"):
        n += 1

    def res(line):
        m = re.match(r'(?:ADDED|MODIFIED|DELETED)!? (\S+) ', line) or re.search(r'"resource":"([^"]*)"', line)
        return m.group(1) if m else ""
    return "".join(sorted(lines[:n], key=res) + lines[n:])


def run_case(kwatch, case, tmp):
    name, args, lists, max_events, with_err, want_rc = case
    p, url = start_fake(tmp)
    try:
        if name == "selector":
            max_events = selector_events(url)
        cmd = [kwatch, "-s", url, "--timeout", "60"] + (["--max-events", str(max_events)] if max_events else []) + args
        out_path, err_path = os.path.join(tmp, "out"), os.path.join(tmp, "err")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            k = subprocess.Popen(cmd, stdout=out, stderr=err)
            if lists:
                # the changes once kwatch has printed a line for each object it
                # starts with: sooner, a change could reach it before that
                # object's ADDED is delivered and be folded into it
                initial = sum(len(json.loads(http(url + l))["items"]) for l in lists)
                for _ in range(600):  # up to 30 s of no progress
                    with open(out_path, "rb") as f:
                        if f.read().count(b"\n") >= initial or k.poll() is not None:
                            break
                    time.sleep(0.05)
                (changes_missed if name in MISSED else changes)(url)
            try:
                rc = k.wait(timeout=90)
            except subprocess.TimeoutExpired:
                k.kill()
                rc = k.wait()
        out = open(out_path, encoding="utf-8", errors="replace").read()
        err = open(err_path, encoding="utf-8", errors="replace").read()
    finally:
        stop_fake(p, url)
    if len(lists or []) > 1 or "," in args[-1]:
        out = group_by_resource(out)
    if not with_err and err:  # the other cases write nothing to stderr
        raise RuntimeError("stderr: " + err.splitlines()[0][:200])
    err = STATS_MASK.sub(r"\1=N", err)
    return out, err, rc, want_rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kwatch", default=os.path.join(ROOT, "build", "kwatch"))
    ap.add_argument("--update", action="store_true", help="write tests/golden/ from this build")
    ap.add_argument("--only", help="run this case only")
    a = ap.parse_args()
    os.makedirs(GOLDEN, exist_ok=True)
    passed = failed = 0
    for case in CASES:
        name = case[0]
        if a.only and name != a.only:
            continue
        with tempfile.TemporaryDirectory(prefix="kinf-golden-") as tmp:
            try:
                out, err, rc, want_rc = run_case(a.kwatch, case, tmp)
            except (OSError, RuntimeError, ValueError) as e:
                print("not ok %s: %s" % (name, e))
                failed += 1
                continue
        paths = [(os.path.join(GOLDEN, name + ".out"), out)] + \
                ([(os.path.join(GOLDEN, name + ".err"), err)] if case[4] else [])
        if a.update:
            for path, text in paths:
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
        why = []
        if rc != want_rc:
            why.append("exit %d, expected %d" % (rc, want_rc))
        for path, text in paths:
            want = open(path, encoding="utf-8", newline="").read() if os.path.exists(path) else None
            if want is None:
                why.append("%s missing (--update writes it)" % os.path.relpath(path, ROOT))
            elif text != want:
                why.append("differs from %s" % os.path.relpath(path, ROOT))
                got = text.splitlines()
                exp = want.splitlines()
                for i in range(max(len(got), len(exp))):
                    g = got[i] if i < len(got) else "<none>"
                    e = exp[i] if i < len(exp) else "<none>"
                    if g != e:
                        why.append("line %d: got %r, expected %r" % (i + 1, g[:160], e[:160]))
                        break
        if why:
            print("not ok %s: %s" % (name, "; ".join(why)))
            failed += 1
        else:
            print("ok %s" % name)
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
