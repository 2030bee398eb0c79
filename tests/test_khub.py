#!/usr/bin/env python3
"""test_khub.py - khub proven with real clients, against tests/fakeapi.py.

    python3 tests/test_khub.py [--khub build/khub] [--kwatch build/kwatch] [--only NAME]

One fakeapi churns pods; khub serves pods and configmaps from it on a unix
socket and a loopback port. Scenarios (each one check):
  real-clients   kubectl (get -A -o json, get -w, get pod NAME, apply),
                 kwatch, python3-kubernetes' watch and the JavaScript
                 client's informer, all through khub while the upstream
                 churns, faults (watch streams cut mid-event, garbage
                 bytes, 429 and 503, 410 Expired on watch, a compaction
                 ending every watch) and is cut: each one's cache or
                 output equals the
                 upstream's truth after the churn; khub holds one upstream
                 watch per resource however many clients watch; with the
                 upstream away every client still lists and its watch stays
                 open (bookmarks go on); changes made meanwhile arrive.
  hostile        malformed and oversized request heads (400/431 with a
                 Status, closed), --max-clients (503), a slow head (408),
                 tokens (401 with a Status), forwarding when the API server
                 is away (503 with a Status), the unix socket's mode.
                 Also: short resource names, [::1], addresses refused,
                 timeoutSeconds, kubectl paging a list (limit/continue).
  scoped         khub -n NS -l SEL: what its cache holds is served from it,
                 a request asking for more (no selector, another
                 namespace, a get outside the selector) goes to the API
                 server.
  offline-start  --snapshot-dir: khub started with the API server away
                 serves the last state at once, marked unconfirmed; when
                 the API server returns, the changes made meanwhile arrive.
A client library that is not installed (python3-kubernetes: tests/deps.sh;
@kubernetes/client-node: bench/node, `npm ci`) is skipped and counted so.
Every wait is progress-based with generous bounds; every process started
here is stopped here (and fakeapi exits with its parent). Last line:
"N passed, M failed, K skipped"."""
import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from loopback import free_port  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKEAPI = os.path.join(HERE, "fakeapi.py")
PROCS = []
RESULTS = {"passed": 0, "failed": 0, "skipped": 0}


def log(msg):
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def report(name, ok, why=""):
    RESULTS["passed" if ok else "failed"] += 1
    log("%s - %s%s" % ("ok" if ok else "not ok", name, (": " + why) if why and not ok else ""))


def skip(name, why):
    RESULTS["skipped"] += 1
    log("skip - %s: %s" % (name, why))


def start(args, out=None, err=None, env=None):
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=out or subprocess.DEVNULL, stderr=err or subprocess.DEVNULL,
                         env=env)
    PROCS.append(p)
    return p


def stop(p, sig=signal.SIGTERM, timeout=30):
    if p.poll() is None:
        p.send_signal(sig)
        try:
            p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(10)


def wait_for(pred, what, timeout=90, step=0.1):
    """Polls pred until it is true; a bounded wait (timeout, generous)."""
    t0 = time.monotonic()
    last = None
    while time.monotonic() - t0 < timeout:
        last = pred()
        if last:
            return last
        time.sleep(step)
    raise AssertionError("timed out waiting for " + what)


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path, timeout=20):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def get(conn, path, headers=None):
    conn.request("GET", path, headers=headers or {})
    r = conn.getresponse()
    return r.status, dict((k.lower(), v) for k, v in r.getheaders()), r.read()


class Fake:
    def __init__(self, d, churn, extra=()):
        self.port_file = os.path.join(d, "fake.port")
        self.p = start([sys.executable, FAKEAPI, "--port", "0", "--port-file", self.port_file, "--lifetime", "600",
                        "--exit-with-parent", "--pods", "40", "--namespaces", "3", "--configmaps", "6",
                        "--churn", str(churn), "--bookmark-interval", "1"] + list(extra),
                       out=open(os.path.join(d, "fake.log"), "wb"), err=subprocess.STDOUT)
        wait_for(lambda: os.path.exists(self.port_file) and open(self.port_file).read().strip(), "fakeapi's port")
        self.port = int(open(self.port_file).read())
        self.url = "http://127.0.0.1:%d" % self.port

    def req(self, method, path, body=None, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data

    def state(self, path="/api/v1/pods"):
        return self.req("GET", "/_fake/state?path=" + path)[1].decode()

    def stats(self):
        return json.loads(self.req("GET", "/_fake/stats")[1])

    def watchers(self):
        return json.loads(self.req("GET", "/_fake/watchers")[1])

    def down(self):
        """Is the API server away (its port refusing connections)?"""
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=5).close()
            return False
        except OSError:
            return True

    def restarts(self):
        """How many times it came back; -1 while it is away."""
        try:
            return self.stats().get("restarts", 0)
        except OSError:
            return -1

    def churn(self, rate):
        self.req("POST", "/_fake/churn?rate=%s" % rate)

    def quiesce(self):
        """Churn stopped and its last change made: the truth stays put."""
        self.churn(0)
        wait_for(lambda: not json.loads(self.req("GET", "/_fake/churn")[1])["running"], "churn to stop")
        rv = self.req("GET", "/_fake/rv")[1]
        time.sleep(0.3)
        wait_for(lambda: self.req("GET", "/_fake/rv")[1] == rv, "the resourceVersion to stay")


class Khub:
    def __init__(self, d, name, server, extra, resources="pods,configmaps"):
        self.sock = os.path.join(d, name + ".sock")
        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.err_path = os.path.join(d, name + ".err")
        self.p = start([ARGS.khub] + (["--server", server] if server else []) + ["--listen", "unix:" + self.sock, "--listen", "127.0.0.1:%d" % self.port,
                        "--stats"] + extra + [resources], out=open(os.path.join(d, name + ".out"), "wb"),
                       err=open(self.err_path, "wb"))
        wait_for(lambda: "khub: serving" in self.err() or self.p.poll() is not None, "khub to listen")
        if self.p.poll() is not None:
            raise AssertionError("khub exited: " + self.err()[-600:])

    def err(self):
        try:
            with open(self.err_path, "rb") as f:
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def conn(self, unix=False):
        return UnixHTTP(self.sock) if unix else http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)

    def keys(self, path="/api/v1/pods", headers=None):
        """# cache N objects, then KEY RV sorted: fakeapi's /_fake/state form."""
        c = self.conn()
        st, h, body = get(c, path, headers)
        c.close()
        if st != 200:
            return None
        items = json.loads(body)["items"]
        lines = sorted("%s/%s %s" % (o["metadata"]["namespace"], o["metadata"]["name"], o["metadata"]["resourceVersion"])
                       for o in items)
        return "# cache %d objects\n" % len(lines) + "".join(l + "\n" for l in lines)


def kubectl(server, *args, timeout=60, token=None):
    r = subprocess.run(["kubectl", "--server", server] + (["--token", token] if token else []) + list(args), stdin=subprocess.DEVNULL,
                       capture_output=True,
                       timeout=timeout)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def dump_of(text):
    """The '# cache' block a client printed, as fakeapi's state."""
    lines = text.splitlines()
    for i, l in enumerate(lines):
        if l.startswith("# cache "):
            n = int(l.split()[2])
            return "\n".join(lines[i:i + 1 + n]) + "\n"
    return None


def kwatch_dump(text):
    """kwatch --dump-on-exit's lines 'key rv' after '# cache N objects'."""
    return dump_of(text)


def scenario_real_clients(d):
    fake = Fake(d, churn=8)
    hub = Khub(d, "hub", fake.url, ["--no-client-auth", "--max-clients", "24"])
    checks = []

    def check(cond, what):
        checks.append((bool(cond), what))
        if not cond:
            log("  failed: " + what)

    wait_for(lambda: hub.keys() is not None, "khub to sync")
    # the clients, all through khub
    stopfile = os.path.join(d, "stop")
    kw_out = open(os.path.join(d, "kwatch.out"), "wb")
    kw = start([ARGS.kwatch, "--server", hub.url, "pods", "-o", "none", "--dump-on-exit"], out=kw_out,
               err=open(os.path.join(d, "kwatch.err"), "wb"))
    kw2 = start([ARGS.kwatch, "--server", "unix-is-not-a-url" if False else hub.url, "pods", "--watch-list", "off", "-o", "none",
                 "--dump-on-exit"], out=open(os.path.join(d, "kwatch2.out"), "wb"), err=open(os.path.join(d, "kwatch2.err"), "wb"))
    kw_w = start(["kubectl", "--server", hub.url, "get", "pods", "-A", "-w", "--output-watch-events", "-o", "name"],
                 out=open(os.path.join(d, "kubectl-w.out"), "wb"), err=open(os.path.join(d, "kubectl-w.err"), "wb"))
    py = js = None
    if subprocess.run(["/usr/bin/python3", "-c", "import kubernetes"], capture_output=True).returncode == 0:
        py = start(["/usr/bin/python3", os.path.join(HERE, "khub", "py_watch.py"), hub.url, stopfile],
                   out=open(os.path.join(d, "py.out"), "wb"), err=open(os.path.join(d, "py.err"), "wb"))
    else:
        skip("real-clients: python3-kubernetes", "not installed (sh tests/deps.sh installs it)")
    if shutil.which("node") and os.path.isdir(os.path.join(ROOT, "bench", "node", "node_modules", "@kubernetes", "client-node")):
        js = start(["node", os.path.join(HERE, "khub", "js_watch.mjs"), hub.url, stopfile],
                   out=open(os.path.join(d, "js.out"), "wb"), err=open(os.path.join(d, "js.err"), "wb"))
    else:
        skip("real-clients: @kubernetes/client-node", "not installed (cd bench/node && npm ci; needs the network)")
    # a raw watch on the unix socket, to see it stay open through the
    # outage: opened right before it (a watch nobody reads through the
    # faults is ended as too slow, as the API server ends one)
    raw = None
    rawbuf = bytearray()

    def raw_open():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(hub.sock)
        s.sendall(b"GET /api/v1/configmaps?watch=1&allowWatchBookmarks=true HTTP/1.1\r\nHost: x\r\n\r\n")
        s.settimeout(0.5)
        return s

    def raw_read():
        try:
            while True:
                b = raw.recv(65536)
                if not b:
                    return False
                rawbuf.extend(b)
        except socket.timeout:
            return True
        except OSError:
            return False

    # every watcher on khub: one upstream watch per resource
    def upstream_watches():
        ws = fake.watchers()
        ws = ws.get("watchers", ws) if isinstance(ws, dict) else ws
        return ws

    time.sleep(3)  # the clients list and watch while it churns
    ws = wait_for(lambda: upstream_watches(), "upstream watches")
    paths = sorted(w.get("path", "") for w in ws)
    check(len(ws) == 2, "one upstream watch per resource (pods, configmaps) with 6 clients watching: %s" % paths)
    # kubectl through khub: get pod NAME, an absent one, apply (forwarded)
    rc, out, err = kubectl(hub.url, "get", "pods", "-n", "ns-1", "-o", "name")
    name = out.split()[0].split("/")[1] if rc == 0 and out.split() else ""
    rc, out, err = kubectl(hub.url, "get", "pod", name, "-n", "ns-1", "-o", "json")
    check(rc == 0 and json.loads(out)["metadata"]["name"] == name, "kubectl get pod NAME: %s %s" % (rc, err[-200:]))
    rc, out, err = kubectl(hub.url, "get", "pod", "no-such-pod", "-n", "ns-1")
    check(rc != 0 and 'pods "no-such-pod" not found' in err, "kubectl get of an absent pod: NotFound (%s)" % err[-200:])
    man = os.path.join(d, "pod.yaml")
    with open(man, "w") as f:
        f.write("apiVersion: v1\nkind: Pod\nmetadata:\n  name: applied-through-khub\n  namespace: ns-2\n  labels: {app: khub}\n"
                "spec:\n  containers:\n  - name: c\n    image: busybox\n")
    rc, out, err = kubectl(hub.url, "apply", "--validate=false", "-f", man)
    check(rc == 0 and "created" in out, "kubectl apply through khub (forwarded): %s %s" % (out, err[-300:]))
    check("ns-2/applied-through-khub " in fake.state(), "the applied pod is at the API server")
    wait_for(lambda: "ns-2/applied-through-khub " in (hub.keys() or ""), "the applied pod in khub's cache", timeout=60)
    # the upstream's faults while it churns, one kind at a time, each used up before the next: watch streams cut
    # mid-event, garbage bytes in a stream, 429 (Retry-After) and 503 on a re-watch, a 410 Expired answer to a
    # watch, a compaction that ends every watch with an ERROR 410. khub re-opens its watch (or relists); its
    # clients stay on khub and see none of it, and it never opens a watch per client
    def pending():
        return json.loads(fake.req("GET", "/_fake/fault")[1])["pending"]

    def by_res(what):
        per = fake.stats().get("by_resource", {}).get(what, {})
        return per.get("pods", 0) + per.get("configmaps", 0)

    def watched_twice():
        """Per resource path, the upstream watches open for a second or more (a cut one lingers only a moment)."""
        seen = {}
        for w in upstream_watches():
            if w.get("since", 0) >= 1.0:
                p = w.get("path", "").split("?")[0]
                seen[p] = seen.get(p, 0) + 1
        return sorted(p for p, n in seen.items() if n > 1)

    w0, l0, cuts0 = by_res("watch"), by_res("list") + by_res("watch_list"), fake.stats().get("cuts", 0)
    stages = (("cut mid-event", ["kind=cut&count=2"]),
              ("garbage bytes", ["kind=garbage", "kind=cut"]),
              ("429 and 503 on the re-watch", ["kind=status&code=429&retry_after=1", "kind=status&code=503", "kind=cut"]),
              ("410 Expired on watch", ["kind=expire_http", "kind=cut"]),
              ("compaction: ERROR 410 in every stream", ["kind=expire"]))
    twice, nfaults = [], 0
    for what, faults in stages:
        for f in faults:
            fake.req("POST", "/_fake/fault?" + f)
            nfaults += int(f.split("count=")[1]) if "count=" in f else 1
        t_used = time.monotonic()

        def settled():
            twice.extend(watched_twice())
            return not pending() and len(upstream_watches()) == 2
        try:
            wait_for(settled, "khub through the fault (%s)" % what, timeout=120, step=0.25)
        except AssertionError:
            check(False, "the fault (%s) used up and khub watching both resources again (pending %s, watches %d, %.0f s)" %
                  (what, pending(), len(upstream_watches()), time.monotonic() - t_used))
    w1, l1 = by_res("watch"), by_res("list") + by_res("watch_list")
    check(fake.stats().get("cuts", 0) - cuts0 >= 5, "the upstream cut khub's watch streams (%d cuts)" % (fake.stats().get("cuts", 0) - cuts0))
    check(l1 > l0, "khub relisted after the 410s (%d lists and watch-lists)" % (l1 - l0))
    said = [item for item in ("EVENT_MALFORMED", "TOO_MANY_REQUESTS", "SERVER_ERROR", "RV_EXPIRED", "CONNECTION_CLOSED")
            if item not in hub.err()]
    check(not said, "khub met every fault (its log lacks %s)" % said)
    check(w1 - w0 <= 3 * nfaults, "khub re-opened its own upstream watches, not one per client: %d watch requests for %d faults" %
          (w1 - w0, nfaults))
    check(not twice, "never two upstream watches of one resource at once (%s)" % twice)
    gone = ["%s (exit %s)" % (n, p.poll()) for n, p in (("kwatch", kw), ("kwatch list+watch", kw2), ("kubectl get -w", kw_w),
                                                          ("python3-kubernetes", py), ("@kubernetes/client-node", js))
            if p and p.poll() is not None]
    check(not gone, "every client still runs through the upstream's faults (%s ended)" % gone)
    fake.quiesce()
    truth = fake.state()
    try:
        wait_for(lambda: hub.keys() == truth, "khub to equal the truth after the faults", timeout=90)
    except AssertionError:
        pass
    check(hub.keys() == truth, "khub's list equals the upstream's truth after the faults")
    fake.churn(8)
    # the upstream away (its churn going on): everyone still lists the last
    # state, watches stay open, bookmarks go on
    fake.quiesce()
    before = fake.state()
    wait_for(lambda: hub.keys() == before, "khub to hold the truth before the outage")
    raw = raw_open()
    fake.churn(8)
    fake.req("POST", "/_fake/fault?kind=restart&seconds=10")
    time.sleep(1.5)
    during = hub.keys()
    time.sleep(2)
    during2 = hub.keys()
    check(during is not None and during == during2, "khub lists the last state while the upstream is away (%s, %s)" %
          ((during or "no answer").split("\n")[0], (during2 or "no answer").split("\n")[0]))
    rc, out, err = kubectl(hub.url, "get", "pods", "-A", "-o", "json")
    check(rc == 0 and len(json.loads(out)["items"]) >= 1, "kubectl get -A -o json while the upstream is away")
    rc, out, err = kubectl(hub.url, "create", "configmap", "while-away", "-n", "ns-0")
    check(rc != 0 and "unreachable" in err, "a write while the upstream is away: 503 with a Status (%s)" % err[-200:])
    alive = raw_read()
    t_end = time.monotonic() + 14
    bookmarks = 0
    while time.monotonic() < t_end and alive:
        alive = raw_read()
        bookmarks = rawbuf.count(b'"type":"BOOKMARK"')
        if bookmarks >= 1 and time.monotonic() > t_end - 4:
            break
    check(alive, "a watch stays open while the upstream is away")
    check(all(p.poll() is None for p in (kw, kw2, kw_w) + tuple(x for x in (py, js) if x)),
          "every client still runs through the outage")
    # the upstream back: the changes made meanwhile flow; the churn ends and every client equals the truth
    wait_for(lambda: fake.stats().get("restarts", 0) >= 1, "the upstream to listen again", timeout=60)
    time.sleep(3)
    fake.quiesce()
    truth = fake.state()
    check(truth != before, "the upstream changed while it was away")
    wait_for(lambda: hub.keys() == truth, "khub's cache to equal the truth", timeout=90)
    check(hub.keys() == truth, "khub's list equals the upstream's truth after the churn and the outage")
    check(bookmarks >= 1 or rawbuf.count(b'"type":"BOOKMARK"') >= 1, "bookmarks on the raw watch (%d)" % bookmarks)
    rc, out, err = kubectl(hub.url, "get", "pods", "-A", "-o", "json")
    got = "".join(sorted("%s/%s %s\n" % (o["metadata"]["namespace"], o["metadata"]["name"], o["metadata"]["resourceVersion"])
                         for o in json.loads(out)["items"])) if rc == 0 else ""
    check("# cache %d objects\n" % got.count("\n") + got == truth, "kubectl get -A -o json equals the truth")
    # kubectl pages a list with limit and continue: 7 at a time, every object once
    st, h, body = get(hub.conn(), "/api/v1/pods?limit=7")
    tok = json.loads(body)["metadata"].get("continue", "") if st == 200 else ""
    rc, out, err = kubectl(hub.url, "get", "pods", "-A", "-o", "json", "--chunk-size=7")
    got = "".join(sorted("%s/%s %s\n" % (o["metadata"]["namespace"], o["metadata"]["name"], o["metadata"]["resourceVersion"])
                         for o in json.loads(out)["items"])) if rc == 0 else ""
    check(tok and "# cache %d objects\n" % got.count("\n") + got == truth,
          "kubectl get -A --chunk-size=7 (limit, continue) equals the truth (continue token %r)" % tok)
    # selectors, as the API server reads them
    want = fake.req("GET", "/_fake/state?path=/api/v1/pods&labelSelector=tier%3Dweb")[1].decode()
    check(hub.keys("/api/v1/pods?labelSelector=tier%3Dweb") == want, "a label selector's list equals the truth's")
    want = fake.req("GET", "/_fake/state?path=/api/v1/pods&fieldSelector=metadata.namespace%3Dns-1")[1].decode()
    check(hub.keys("/api/v1/pods?fieldSelector=metadata.namespace%3Dns-1") == want, "a field selector's list equals the truth's")
    c = hub.conn()
    st, h, body = get(c, "/api/v1/pods?labelSelector=tier%20in%20(")
    check(st == 400 and json.loads(body)["reason"] == "BadRequest", "a malformed selector: 400 with a Status")
    time.sleep(2)  # the watchers take the last events
    with open(stopfile, "w"):
        pass
    for p in (kw, kw2):
        stop(p, signal.SIGINT)
    stop(kw_w, signal.SIGINT)
    for name_, p in (("python3-kubernetes", py), ("@kubernetes/client-node", js)):
        if not p:
            continue
        try:
            p.wait(60)
        except subprocess.TimeoutExpired:
            stop(p)
        out = open(os.path.join(d, "py.out" if p is py else "js.out")).read()
        check(dump_of(out) == truth, "%s's cache equals the truth (%s)" % (name_, (dump_of(out) or "no dump").split("\n")[0]))
    for f in ("kwatch.out", "kwatch2.out"):
        out = open(os.path.join(d, f)).read()
        check(kwatch_dump(out) == truth, "kwatch (%s) through khub equals the truth (%s)" %
              ("watch-list" if f == "kwatch.out" else "list+watch", (kwatch_dump(out) or "no dump").split("\n")[0]))
    kout = open(os.path.join(d, "kubectl-w.out")).read()
    check("applied-through-khub" in kout and kout.count("\n") > 40, "kubectl get -w saw the changes (%d lines)" % kout.count("\n"))
    # after the faults and the outage a resource's re-watch may wait out its backoff (up to 30 s, as client-go's)
    try:
        wait_for(lambda: len(upstream_watches()) == 2, "both upstream watches open again", timeout=120, step=0.5)
    except AssertionError:
        pass
    ws = upstream_watches()
    check(len(ws) == 2, "still one upstream watch per resource after the faults and the outage (%d)" % len(ws))
    if raw:
        raw.close()
    stop(hub.p)
    check("# stats hub " in hub.err() and "fresh_age_ms=" in hub.err(), "--stats prints the hub's counters and freshness")
    stop(fake.p)
    bad = [w for ok, w in checks if not ok]
    report("real-clients (%d checks)" % len(checks), not bad, "; ".join(bad))


def raw_exchange(path_or_port, data, timeout=20, unix=False):
    s = socket.socket(socket.AF_UNIX if unix else socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path_or_port if unix else ("127.0.0.1", path_or_port))
    s.sendall(data)
    got = bytearray()
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            got.extend(b)
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return bytes(got)


def scenario_hostile(d):
    fake = Fake(d, churn=0)
    tok = os.path.join(d, "token")
    with open(tok, "w") as f:
        f.write("s3cret\n")
    v6 = None
    try:  # a loopback [::1] address too, where the host has IPv6
        s6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        s6.bind(("::1", 0))
        v6 = s6.getsockname()[1]
        s6.close()
    except OSError:
        skip("hostile: [::1]", "no IPv6 loopback here")
    hub = Khub(d, "hostile", fake.url, ["--client-token-file", tok, "--max-clients", "3"] + (["--listen", "[::1]:%d" % v6] if v6 else []),
               resources="po,cm")  # short names, as kwatch takes them
    checks = []

    def check(cond, what):
        checks.append((bool(cond), what))
        if not cond:
            log("  failed: " + what)

    auth = {"Authorization": "Bearer s3cret"}
    wait_for(lambda: hub.keys(headers=auth) is not None, "khub to sync")
    mode = stat.S_IMODE(os.stat(hub.sock).st_mode)
    check(mode == 0o660, "the unix socket is mode 0660 (%o)" % mode)
    st, h, body = get(hub.conn(), "/api/v1/pods")
    check(st == 401 and json.loads(body)["reason"] == "Unauthorized", "no token: 401 with a Status")
    st, h, body = get(hub.conn(), "/api/v1/pods", {"Authorization": "Bearer s3cres"})
    check(st == 401 and json.loads(body)["code"] == 401, "a wrong token: 401 with a Status")
    st, h, body = get(hub.conn(unix=True), "/api/v1/pods")
    check(st == 200, "the unix socket needs no token (its mode guards it)")
    st, h, body = get(hub.conn(unix=True), "/api/v1/configmaps")
    check(st == 200 and json.loads(body)["kind"] == "ConfigMapList", "short names (po,cm) resolved: configmaps served")
    if v6:
        c6 = http.client.HTTPConnection("::1", v6, timeout=20)
        st, h, body = get(c6, "/api/v1/pods", auth)
        st2, h2, body2 = get(http.client.HTTPConnection("::1", v6, timeout=20), "/api/v1/pods")
        check(st == 200 and st2 == 401, "[::1]:PORT serves, and asks for the token (%s, %s)" % (st, st2))
    # a watch's timeoutSeconds ends its stream (the connection closed: Connection: close)
    r = raw_exchange(hub.port, b"GET /api/v1/pods?watch=1&resourceVersion=0&timeoutSeconds=2 HTTP/1.1\r\n"
                     b"Authorization: Bearer s3cret\r\nConnection: close\r\n\r\n", timeout=60)
    check(r.startswith(b"HTTP/1.1 200 ") and r.endswith(b"\r\n0\r\n\r\n") and b'"type":"ADDED"' in r,
          "timeoutSeconds=2 ends the watch (%d bytes, ends %r)" % (len(r), r[-12:]))
    # addresses other than loopback and unix are refused, and a TCP address needs a token file or --no-client-auth;
    # every --listen address (not only the first) and the token flags are read before any network I/O: the
    # --server given is a listener of this test's that no one may connect to
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    silent.setblocking(False)
    silent_url = "http://127.0.0.1:%d" % silent.getsockname()[1]
    ok_sock = "unix:" + os.path.join(d, "unused.sock")
    for args, what, msg in ((["--listen", "0.0.0.0:%d" % free_port(), "--no-client-auth"], "0.0.0.0", b"0.0.0.0"),
                            (["--listen", "10.1.2.3:%d" % free_port(), "--no-client-auth"], "10.1.2.3", b"10.1.2.3"),
                            (["--listen", "localhost:%d" % free_port(), "--no-client-auth"], "localhost", b"localhost"),
                            (["--listen", ok_sock, "--listen", "127.0.0.1:99999", "--no-client-auth"], "a second, bad port",
                             b"127.0.0.1:99999"),
                            (["--listen", ok_sock, "--listen", "unix:"], "a second, unix: with no path", b"unix:"),
                            (["--listen", "127.0.0.1:%d" % free_port()], "no --no-client-auth", b"--client-token-file F or --no-client-auth"),
                            (["--listen", ok_sock, "--client-token-file", tok, "--no-client-auth"], "--client-token-file with --no-client-auth",
                             b"--client-token-file and --no-client-auth exclude each other")):
        try:
            pr = subprocess.run([ARGS.khub, "--server", silent_url] + args + ["pods"], stdin=subprocess.DEVNULL, capture_output=True,
                                timeout=60)
            rc, err = pr.returncode, pr.stderr
        except subprocess.TimeoutExpired:
            rc, err = None, b"still running after 60 s"
        contacted = 0
        try:
            for _ in range(64):
                silent.accept()[0].close()
                contacted += 1
        except (BlockingIOError, socket.timeout):
            pass
        made = os.path.exists(ok_sock[5:])
        check(rc == 2 and msg in err and not contacted and not made,
              "%s refused with a usage error before any network I/O (exit %s, %d connections, socket made %s: %r)" %
              (what, rc, contacted, made, err[-160:]))
    silent.close()
    r = raw_exchange(hub.port, b"GET /api/v1/pods HTTP/1.1\r\nBad Header: x\r\nAuthorization: Bearer s3cret\r\n\r\n")
    check(r.startswith(b"HTTP/1.1 400 ") and b'"reason":"BadRequest"' in r, "a malformed header: 400 with a Status, closed")
    r = raw_exchange(hub.port, b"GARBAGE\r\n\r\n")
    check(r.startswith(b"HTTP/1.1 400 "), "a malformed request line: 400")
    r = raw_exchange(hub.port, b"GET /api/v1/pods HTTP/1.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n")
    check(r.startswith(b"HTTP/1.1 431 ") and b'"code":431' in r, "an oversized head: 431 with a Status, closed")
    r = raw_exchange(hub.port, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n")
    check(r.startswith(b"HTTP/1.1 431 "), "an oversized request line: 431")
    # --max-clients: three idle connections hold the slots, the fourth gets 503
    held = []
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", hub.port), timeout=10)
        held.append(s)
    time.sleep(0.5)
    r = raw_exchange(hub.port, b"GET /api/v1/pods HTTP/1.1\r\nAuthorization: Bearer s3cret\r\n\r\n")
    check(r.startswith(b"HTTP/1.1 503 ") and b'"reason":"ServiceUnavailable"' in r, "--max-clients 3: the fourth gets 503")
    for s in held:
        s.close()
    time.sleep(0.5)
    # a head that comes too slowly: 408 and closed
    s = socket.create_connection(("127.0.0.1", hub.port), timeout=40)
    s.sendall(b"GET /api/v1/pods HTTP/1.1\r\n")
    got = b""
    try:
        got = s.recv(4096)
    except socket.timeout:
        pass
    s.close()
    check(got.startswith(b"HTTP/1.1 408 "), "a slow request head: 408, closed (%r)" % got[:40])
    # a client that never reads its watch cannot hold others up: they are answered
    s = socket.create_connection(("127.0.0.1", hub.port), timeout=10)
    s.sendall(b"GET /api/v1/pods?watch=1 HTTP/1.1\r\nAuthorization: Bearer s3cret\r\n\r\n")
    st, h, body = get(hub.conn(), "/api/v1/pods", auth)
    check(st == 200 and "x-kinformer-confirmed-age-ms" in h and "x-kinformer-unconfirmed-since" in h,
          "lists answered beside a watcher that does not read; the freshness headers")
    s.close()
    st, h, body = get(hub.conn(), "/version", auth)
    check(st == 200 and "gitVersion" in json.loads(body), "/version: the API server's, forwarded")
    # forwarding with the API server gone: 503 with a Status
    stop(fake.p)
    c = hub.conn()
    c.request("POST", "/api/v1/namespaces/ns-0/configmaps", body=b"{}", headers=dict(auth, **{"Content-Type": "application/json"}))
    r = c.getresponse()
    body = r.read()
    check(r.status == 503 and json.loads(body)["code"] == 503, "forwarded with the API server away: 503 with a Status")
    st, h, body = get(hub.conn(), "/api/v1/pods", auth)
    check(st == 200, "lists go on with the API server away")
    stop(hub.p)
    bad = [w for ok, w in checks if not ok]
    report("hostile (%d checks)" % len(checks), not bad, "; ".join(bad))


def scenario_scoped(d):
    """khub -n ns-1 -l tier=web: its cache holds part of the pods; what asks for more is the API server's to answer.
    The API server asks for a token: khub's own, from a kubeconfig, is never lent to a forwarded request."""
    fake = Fake(d, churn=0, extra=["--token", "hub-own-token"])
    kc = os.path.join(d, "kubeconfig")
    with open(kc, "w") as f:
        f.write("apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: k\n  cluster: {server: '%s'}\n"
                "users:\n- name: u\n  user: {token: hub-own-token}\ncontexts:\n- name: c\n  context: {cluster: k, user: u}\n" % fake.url)
    hub = Khub(d, "scoped", None, ["--kubeconfig", kc, "--no-client-auth", "-n", "ns-1", "-l", "tier=web", "--memory", "8Mi"],
               resources="pods")
    mine = {"Authorization": "Bearer hub-own-token"}  # a client that has the token itself
    checks = []

    def check(cond, what):
        checks.append((bool(cond), what))
        if not cond:
            log("  failed: " + what)

    sel = "/api/v1/namespaces/ns-1/pods?labelSelector=tier%3Dweb"
    wait_for(lambda: hub.keys(sel) is not None, "khub to sync")
    want = fake.req("GET", "/_fake/state?path=/api/v1/namespaces/ns-1/pods&labelSelector=tier%3Dweb")[1].decode()
    st, h, body = get(hub.conn(), sel)
    check(st == 200 and "x-kinformer-confirmed-age-ms" in h and hub.keys(sel) == want,
          "the cache's own selector and namespace: served from the cache, equal to the truth")
    all_ns1 = fake.req("GET", "/_fake/state?path=/api/v1/namespaces/ns-1/pods")[1].decode()
    st, h, body = get(hub.conn(), "/api/v1/namespaces/ns-1/pods", mine)
    check(st == 200 and "x-kinformer-confirmed-age-ms" not in h and hub.keys("/api/v1/namespaces/ns-1/pods", mine) == all_ns1 and
          all_ns1 != want, "a list without the selector: forwarded, every pod of ns-1 (%s)" % all_ns1.split("\n")[0])
    st, h, body = get(hub.conn(), "/api/v1/namespaces/ns-1/pods")
    check(st == 401, "forwarded with no Authorization of the client's: the API server's 401, khub's token not lent (%s)" % st)
    st, h, body = get(hub.conn(), "/api/v1/pods?labelSelector=tier%3Dweb", mine)
    check(st == 200 and "x-kinformer-confirmed-age-ms" not in h, "a list of all namespaces: forwarded")
    body = json.dumps({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "from-a-client", "namespace": "ns-1"}})
    for hdrs, want_st in (({}, 401), (mine, 201)):
        c = hub.conn()
        c.request("POST", "/api/v1/namespaces/ns-1/configmaps", body=body, headers=dict(hdrs, **{"Content-Type": "application/json"}))
        r = c.getresponse()
        r.read()
        check(r.status == want_st, "a write %s the client's token: %d (want %d)" % ("with" if hdrs else "without", r.status, want_st))
    others = [l.split()[0] for l in all_ns1.splitlines()[1:] if l not in want.splitlines()]
    if others:
        st, h, body = get(hub.conn(), "/api/v1/namespaces/ns-1/pods/" + others[0].split("/")[1], mine)
        check(st == 200 and json.loads(body)["metadata"]["name"] == others[0].split("/")[1],
              "a get of a pod outside the cache's selector: the API server's answer, not 404 (%s)" % st)
    else:
        check(False, "ns-1 has a pod outside tier=web to ask for")
    rc, out, err = kubectl(hub.url, "get", "pods", "-n", "ns-1", "-l", "tier=web", "-o", "json")
    got = "".join(sorted("%s/%s %s\n" % (o["metadata"]["namespace"], o["metadata"]["name"], o["metadata"]["resourceVersion"])
                         for o in json.loads(out)["items"])) if rc == 0 else ""
    check("# cache %d objects\n" % got.count("\n") + got == want, "kubectl get -n ns-1 -l tier=web equals the truth")
    stop(hub.p)
    check("store_capacity=8388608" in hub.err(), "--memory 8Mi: the cache's store is 8 MiB")
    stop(fake.p)
    bad = [w for ok, w in checks if not ok]
    report("scoped (%d checks)" % len(checks), not bad, "; ".join(bad))


def scenario_offline_start(d):
    fake = Fake(d, churn=0)
    snap = os.path.join(d, "snap")
    os.makedirs(snap)
    hub = Khub(d, "snap1", fake.url, ["--no-client-auth", "--snapshot-dir", snap], resources="pods")
    wait_for(lambda: hub.keys() is not None, "khub to sync")
    truth = fake.state()
    wait_for(lambda: hub.keys() == truth, "khub to hold the truth")
    stop(hub.p)  # the snapshot is written at exit
    files = sorted(os.listdir(snap))
    # the API server away for 30 s, changes made meanwhile; khub started meanwhile
    fake.churn(8)
    fake.req("POST", "/_fake/fault?kind=restart&seconds=30")
    wait_for(fake.down, "the upstream to go away")
    hub2 = Khub(d, "snap2", fake.url, ["--no-client-auth", "--snapshot-dir", snap], resources="pods")
    c = hub2.conn()
    st, h, body = get(c, "/api/v1/pods")
    ok = st == 200 and hub2.keys() == truth and h.get("x-kinformer-snapshot-stale") == "true"
    report("offline-start: the snapshot served with the API server away, marked stale", ok,
           "files %s, status %s, headers %s" % (files, st, {k: v for k, v in h.items() if k.startswith("x-")}))
    # the API server back: the changes made while it was away arrive, the mark goes
    wait_for(lambda: fake.restarts() >= 1, "the upstream to listen again", timeout=90)
    fake.quiesce()
    truth2 = fake.state()
    try:
        wait_for(lambda: hub2.keys() == truth2, "khub to take the changes made while the API server was away", timeout=90)
    except AssertionError:
        pass
    st, h, body = get(hub2.conn(), "/api/v1/pods")
    ok = truth2 != truth and hub2.keys() == truth2 and "x-kinformer-snapshot-stale" not in h
    report("offline-start: the API server back, the changes made meanwhile served, no longer stale", ok,
           "changed meanwhile %s, equal %s, headers %s" % (truth2 != truth, hub2.keys() == truth2,
                                                           {k: v for k, v in h.items() if k.startswith("x-")}))
    stop(hub2.p)
    stop(fake.p)


SCENARIOS = [("real-clients", scenario_real_clients), ("hostile", scenario_hostile), ("scoped", scenario_scoped),
             ("offline-start", scenario_offline_start)]


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--khub", default=os.path.join(ROOT, "build", "khub"))
    ap.add_argument("--kwatch", default=os.path.join(ROOT, "build", "kwatch"))
    ap.add_argument("--only", action="append")
    ARGS = ap.parse_args()
    if not shutil.which("kubectl"):
        skip("khub", "kubectl is not installed")
    tmp = tempfile.mkdtemp(prefix="khub-test-")
    try:
        for name, fn in SCENARIOS:
            if ARGS.only and not any(o in name for o in ARGS.only):
                continue
            d = os.path.join(tmp, name)
            os.makedirs(d)
            try:
                fn(d)
            except Exception as e:  # a scenario that cannot go on is one failure
                report(name, False, "%s: %s" % (type(e).__name__, e))
                log("  logs in " + d)
            for p in PROCS:
                stop(p)
            # a khub built with sanitizers (--khub build/khub-asan) says what it found on stderr
            found = []
            for f in sorted(os.listdir(d)):
                if f.endswith(".err"):
                    with open(os.path.join(d, f), "rb") as fh:
                        text = fh.read().decode("utf-8", "replace")
                    if "Sanitizer" in text or "runtime error:" in text:
                        found.append(f)
            if found:
                report(name + ": sanitizer reports", False, "in " + ", ".join(found) + " (logs in " + d + ")")
    finally:
        for p in PROCS:
            stop(p, signal.SIGKILL if p.poll() is None else signal.SIGTERM, 10)
    if not RESULTS["failed"]:
        shutil.rmtree(tmp, ignore_errors=True)
    log("%d passed, %d failed, %d skipped" % (RESULTS["passed"], RESULTS["failed"], RESULTS["skipped"]))
    sys.exit(1 if RESULTS["failed"] else 0)


if __name__ == "__main__":
    main()
