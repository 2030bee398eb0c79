#!/usr/bin/env python3
"""Issue 17's benchmark rows: watch-list vs LIST, metadata-only vs full, and
a warm start from a snapshot vs a cold sync, for N pods (default 10,000) of
bench/server.py (~5.9 KB each), kwatch built with the Makefile's flags.

Every row is kwatch against the same loopback server, interleaved (run 1 of
every row, then run 2, ...), R runs (BENCH_RUNS, default 3), the median
reported. Measured:
  sync s        from kwatch's start to its "# synced N objects" line
                (--exit-after-sync): a lister holding every object
  usable s      the warm start: from kwatch's start to its SNAPSHOT_LOADED
                line (-v): the lister answers from the snapshot from then on
  peak RSS      ru_maxrss of the kwatch process (wait4)
  bytes read    kwatch --stats bytes_read (response bytes, heads included)
The server serves ready-made bytes (no JSON encoding while a client runs);
the watch-list stream is one chunk per ADDED event and the end bookmark
(all built before the first run: --prebuild-issue17). The
server answers a list with resourceVersion=0 whole (--ignore-limit-rv0, as
the API server's watch cache does). Writes bench/out/issue17.json and prints
a Markdown table; BENCH_OUT=FILE appends it to FILE.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
N = int(os.environ.get("BENCH_N", "10000"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
KWATCH = os.environ.get("KWATCH", os.path.join(ROOT, "build", "kwatch"))


def start_server(tmp):
    pf = os.path.join(tmp, "port")
    p = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port-file", pf, "--objects", str(N),
                          "--events", "0", "--lifetime", "900", "--exit-with-parent", "--ignore-limit-rv0",
                          "--prebuild-issue17"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1200):
        if os.path.exists(pf):
            break
        time.sleep(0.05)
    with open(pf) as f:
        return p, int(f.read())


def run(args, until, timeout=120):
    """kwatch args; seconds until a line containing `until` (stdout or
    stderr), peak RSS (KiB), the --stats counters."""
    t0 = time.monotonic()
    p = subprocess.Popen([KWATCH] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    hit = {}
    err = []

    def read(stream, sink):
        for raw in iter(stream.readline, b""):
            ln = raw.decode("utf-8", "replace")
            if until in ln and "t" not in hit:
                hit["t"] = time.monotonic() - t0
            if sink is not None:
                sink.append(ln)
    ts = [threading.Thread(target=read, args=(p.stdout, None), daemon=True),
          threading.Thread(target=read, args=(p.stderr, err), daemon=True)]
    for t in ts:
        t.start()
    deadline = time.monotonic() + timeout
    rss = None
    for _ in range(100000):
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            rss = ru.ru_maxrss
            break
        if time.monotonic() > deadline:
            p.kill()
        time.sleep(0.005)
    p.returncode = status
    for t in ts:
        t.join(10)
    st = {}
    for ln in err:
        if ln.startswith("# stats "):
            for w in ln.split()[2:]:
                if "=" in w:
                    k, v = w.split("=", 1)
                    st[k] = v
    return hit.get("t"), rss, st


def main():
    if not os.access(KWATCH, os.X_OK):
        raise SystemExit("bench/issue17.py: build kwatch first (make build/kwatch)")
    tmp = tempfile.mkdtemp(prefix="kinf-issue17-")
    srv, port = start_server(tmp)
    url = "http://127.0.0.1:%d" % port
    snap = os.path.join(tmp, "pods.snap")
    # room for every object whole (10k pods of ~5.9 KB): no row keeps a pod as identity only
    base = ["-s", url, "pods", "-o", "none", "--stats", "--store-bytes", str(max(32, N * 12 // 1000) << 20)]
    rows = [
        ("list", "LIST, then WATCH (--watch-list off)", base + ["--watch-list", "off", "--exit-after-sync"], "# synced"),
        ("watchlist", "watch-list (--watch-list on)", base + ["--watch-list", "on", "--exit-after-sync"], "# synced"),
        ("list-meta", "LIST, metadata only (--watch-list off --metadata-only)",
         base + ["--watch-list", "off", "--metadata-only", "--exit-after-sync"], "# synced"),
        ("watchlist-meta", "watch-list, metadata only (--metadata-only)",
         base + ["--watch-list", "on", "--metadata-only", "--exit-after-sync"], "# synced"),
        ("cold-snap", "cold sync writing a snapshot (--watch-list off --snapshot F)",
         base + ["--watch-list", "off", "--exit-after-sync", "--snapshot", snap], "# synced"),
        ("warm", "warm start from that snapshot (--snapshot F): usable lister",
         base + ["--snapshot", snap, "-v", "--timeout", "1"], "SNAPSHOT_LOADED"),
    ]
    res = {k: [] for k, _, _, _ in rows}
    try:
        for r in range(RUNS):
            for key, _, args, until in rows:
                if key == "cold-snap" and os.path.exists(snap):
                    os.unlink(snap)  # a cold sync: no snapshot to load
                if key == "warm":
                    urllib.request.urlopen(url + "/_bench/arm?events=0").read()  # its watch: no events
                t, rss, st = run(args, until)
                res[key].append({"t": t, "rss_kb": rss, "bytes_read": int(st.get("bytes_read", 0)),
                                 "lists": int(st.get("lists", 0)), "watch_lists": int(st.get("watch_lists", 0)),
                                 "objects": st.get("objects")})
                print("run %d %-15s %s s, %s KiB, %s bytes read, lists=%s watch_lists=%s objects=%s" % (
                    r + 1, key, "%.3f" % t if t is not None else "-", rss, st.get("bytes_read"), st.get("lists"),
                    st.get("watch_lists"), st.get("objects")), file=sys.stderr)
    finally:
        srv.kill()
    out = os.path.join(HERE, "out")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "issue17.json"), "w") as f:
        json.dump({"n": N, "runs": RUNS, "results": res}, f, indent=1)

    def med(key, f):
        xs = [f(x) for x in res[key] if f(x) is not None]
        return statistics.median(xs) if xs else None
    lines = ["| row | what | seconds (median of %d) | peak RSS MiB | bytes read | LIST requests | watch-lists |" % RUNS,
             "|---|---|---:|---:|---:|---:|---:|"]
    for key, label, _, until in rows:
        t = med(key, lambda x: x["t"])
        lines.append("| %s | %s | %s | %.1f | %s | %d | %d |" % (
            key, label + (" (to SNAPSHOT_LOADED)" if key == "warm" else " (to synced)"),
            "%.3f" % t if t is not None else "–", (med(key, lambda x: x["rss_kb"]) or 0) / 1024.0,
            "{:,}".format(int(med(key, lambda x: x["bytes_read"]) or 0)),
            int(med(key, lambda x: x["lists"]) or 0), int(med(key, lambda x: x["watch_lists"]) or 0)))
    table = "\n".join(lines) + "\n"
    print(table)
    if os.environ.get("BENCH_OUT"):
        with open(os.environ["BENCH_OUT"], "a") as f:
            f.write(table)


if __name__ == "__main__":
    main()
