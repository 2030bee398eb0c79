#!/usr/bin/env python3
"""bench/khub.py - khub's benchmarks (make bench-khub; make bench runs it):

1. Upstream load of a node with 10 local watchers of pods: the API server's
   requests, watches and bytes with each watcher (kwatch) connecting
   directly, against the same 10 watchers through khub.
2. Fan-out: watch events delivered per second to 10 local watch clients of
   khub while the API server churns, and khub's RSS per client.
3. khub's peak RSS serving 10,000 pods (BENCH_KHUB_PODS) to 10 clients that
   list them at once, against the cache's store_used plus the client pool.

Markdown on stdout. Not a test: figures, no pass/fail. Loopback only;
every process it starts it stops."""
import json
import os
import http.client
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from loopback import free_port  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKEAPI = os.path.join(ROOT, "tests", "fakeapi.py")
KHUB = os.path.join(ROOT, "build", "khub")
KWATCH = os.path.join(ROOT, "build", "kwatch")
PROCS = []


def start(args, out=None, err=None):
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=out or subprocess.DEVNULL, stderr=err or subprocess.DEVNULL)
    PROCS.append(p)
    return p


def stop(p, sig=signal.SIGTERM):
    if p.poll() is None:
        p.send_signal(sig)
        try:
            p.wait(60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(10)


def wait_for(pred, timeout=300):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        v = pred()
        if v:
            return v
        time.sleep(0.1)
    raise SystemExit("bench: timed out")


def fake(d, pods, churn, size=3000):
    pf = os.path.join(d, "port%d" % len(PROCS))
    start([sys.executable, FAKEAPI, "--port", "0", "--port-file", pf, "--lifetime", "1200", "--exit-with-parent",
           "--pods", str(pods), "--pod-size", str(size), "--churn", str(churn), "--bookmark-interval", "1"])
    wait_for(lambda: os.path.exists(pf) and open(pf).read().strip())
    return int(open(pf).read())


def ctl(port, method, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request(method, path)
    r = c.getresponse()
    b = r.read()
    c.close()
    return b


def stats(port):
    return json.loads(ctl(port, "GET", "/_fake/stats"))


def khub(d, server, extra=(), resources="pods"):
    port = free_port()
    err = os.path.join(d, "khub%d.err" % len(PROCS))
    p = start([KHUB, "--server", server, "--listen", "127.0.0.1:%d" % port, "--no-client-auth", "--stats"] + list(extra) + [resources],
              err=open(err, "wb"))
    wait_for(lambda: "khub: serving" in open(err).read())
    return p, port, err


def rss_kb(p, field="VmRSS"):
    with open("/proc/%d/status" % p.pid) as f:
        for l in f:
            if l.startswith(field + ":"):
                return int(l.split()[1])
    return 0


def stat_sum(path, key):
    """the sum of key=N over the '# stats' lines of a --stats output"""
    n = 0
    for l in open(path):
        if l.startswith("# stats"):
            for w in l.split():
                if w.startswith(key + "="):
                    n += int(w.split("=")[1].split("/")[0])
    return n


def upstream_load(d):
    rows = []
    for mode in ("direct", "khub"):
        # the churn starts once every watcher (or khub) holds the list and
        # stops before they do, so both modes see the same 600 changes
        port = fake(d, 1000, 0)
        url = "http://127.0.0.1:%d" % port
        s0 = stats(port)
        hub = None
        target = url
        if mode == "khub":
            hub, hport, herr = khub(d, url)
            target = "http://127.0.0.1:%d" % hport
        errs = []
        ws = []
        for i in range(10):
            e = os.path.join(d, "kw-%s-%d.err" % (mode, i))
            errs.append(e)
            ws.append(start([KWATCH, "--server", target, "pods", "-o", "none", "--stats", "--watch-list", "off"], err=open(e, "wb")))
        wait_for(lambda: stats(port).get("open_watches", 0) >= (1 if hub else 10))
        time.sleep(5)  # the watchers of khub list and watch it
        ctl(port, "POST", "/_fake/churn?rate=20")
        time.sleep(30)
        ctl(port, "POST", "/_fake/churn?rate=0")
        time.sleep(3)  # the last changes reach every watcher
        s1 = stats(port)
        open_watches = s1["open_watches"]
        for w in ws:
            stop(w, signal.SIGINT)
        if hub:
            stop(hub[0] if isinstance(hub, tuple) else hub, signal.SIGINT)
            up_bytes = stat_sum(herr, "bytes_read") + stat_sum(herr, "bytes_written")
        else:
            up_bytes = sum(stat_sum(e, "bytes_read") + stat_sum(e, "bytes_written") for e in errs)
        rows.append((mode, s1.get("requests", 0) - s0.get("requests", 0), s1.get("list", 0) - s0.get("list", 0),
                     s1.get("watch", 0) - s0.get("watch", 0), open_watches, up_bytes))
    print("### Upstream load: 10 watchers of 1,000 pods (3 KB each), 30 s at 20 changes/s\n")
    print("| watchers connect | requests to the API server | lists | watches | open watches | bytes to/from the API server |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %d | %d | %d | %d | %s |" % (r[0], r[1], r[2], r[3], r[4], "{:,}".format(r[5])))
    if rows[1][5]:
        print("\nBytes: %.1fx fewer through khub.\n" % (rows[0][5] / rows[1][5]))


class Watcher(threading.Thread):
    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.events, self.stop_at = port, 0, None

    def run(self):
        s = socket.create_connection(("127.0.0.1", self.port))
        s.sendall(b"GET /api/v1/pods?watch=1&resourceVersion=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        s.settimeout(1)
        while not self.stop_at:
            try:
                b = s.recv(1 << 20)
            except socket.timeout:
                continue
            if not b:
                break
            self.events += b.count(b'{"type":"')
        s.close()


def fanout(d):
    port = fake(d, 500, 0)
    hub, hport, herr = khub(d, "http://127.0.0.1:%d" % port)
    time.sleep(3)
    rss0 = rss_kb(hub)
    ws = [Watcher(hport) for _ in range(10)]
    for w in ws:
        w.start()
    time.sleep(3)
    rss1 = rss_kb(hub)  # the clients' share: their slots touched by the initial events, before any churn
    base = sum(w.events for w in ws)
    ctl(port, "POST", "/_fake/churn?rate=200")
    t0 = time.monotonic()
    time.sleep(20)
    got = sum(w.events for w in ws) - base
    el = time.monotonic() - t0
    rss2 = rss_kb(hub)
    ctl(port, "POST", "/_fake/churn?rate=0")
    for w in ws:
        w.stop_at = 1
    stop(hub, signal.SIGINT)
    print("### Fan-out: 10 watch clients of khub, the API server churning 500 pods at up to 200 changes/s, 20 s\n")
    print("| events delivered | per second (all clients) | khub RSS, no client | 10 watching (initial events sent) | RSS per client | after the churn (window full) |")
    print("|---|---|---|---|---|---|")
    print("| {:,} | {:,.0f} | {:,} KB | {:,} KB | {:,.0f} KB | {:,} KB |\n".format(got, got / el, rss0, rss1, (rss1 - rss0) / 10.0, rss2))


def peak(d):
    n = int(os.environ.get("BENCH_KHUB_PODS", "10000"))
    port = fake(d, n, 0, size=2000)
    hub, hport, herr = khub(d, "http://127.0.0.1:%d" % port, ["--memory", "128M".replace("M", "000000")])
    t0 = time.monotonic()

    def synced():
        c = http.client.HTTPConnection("127.0.0.1", hport, timeout=60)
        c.request("GET", "/api/v1/pods?limit=1")
        r = c.getresponse()
        r.read()
        return r.status == 200

    wait_for(synced, 600)
    done = []

    def lister():
        c = http.client.HTTPConnection("127.0.0.1", hport, timeout=300)
        c.request("GET", "/api/v1/pods")
        r = c.getresponse()
        done.append(len(json.loads(r.read())["items"]))

    ts = [threading.Thread(target=lister) for _ in range(10)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    hwm = rss_kb(hub, "VmHWM")
    stop(hub, signal.SIGINT)
    store_used = stat_sum(herr, "store_used")
    hubmem = 0
    for l in open(herr):
        if l.startswith("# stats hub ") and "memory=" in l:
            hubmem = int(l.split("memory=")[1].split()[0])
    print("### Peak RSS: khub serving %s pods (2 KB each) to 10 clients listing at once\n" % "{:,}".format(n))
    print("| clients' items | store_used | hub block (client pool, windows) | 1.3 x store_used + hub block | khub peak RSS |")
    print("|---|---|---|---|---|")
    print("| {} | {:,} KB | {:,} KB | {:,} KB | {:,} KB |\n".format("/".join(str(x) for x in sorted(set(done))), store_used // 1024,
                                                                 hubmem // 1024, int(1.3 * store_used + hubmem) // 1024, hwm))


def main():
    for b in (KHUB, KWATCH):
        if not os.access(b, os.X_OK):
            raise SystemExit("bench: build %s first (make)" % b)
    d = tempfile.mkdtemp(prefix="khub-bench-")
    try:
        which = sys.argv[1:] or ["upstream", "fanout", "peak"]
        print("## khub\n")
        if "upstream" in which:
            upstream_load(d)
        if "fanout" in which:
            fanout(d)
        if "peak" in which:
            peak(d)
    finally:
        for p in PROCS:
            stop(p, signal.SIGKILL if p.poll() is None else signal.SIGTERM)


if __name__ == "__main__":
    main()
