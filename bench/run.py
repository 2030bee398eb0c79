#!/usr/bin/env python3
"""kinformer benchmark: speed, memory and size beside the clients people run.

bench/run.sh installs what is missing and calls this. It starts bench/server.py
on 127.0.0.1, runs every client against the same server in one invocation
(interleaved: run 1 of every client, then run 2, ...), and writes
docs/performance.md and its plots. Raw results go to bench/out/results.json.

Environment:
  BENCH_QUICK=1        N = 1k, 10k; M = 20k; 3 runs (5 for kinformer)
  BENCH_RUNS=R         runs per figure for the slow clients (default 3)
  BENCH_FAST_RUNS=R    runs per figure for kinformer and curl (default 5)
  BENCH_CLIENTS=a,b    only these clients (kinformer,kinformer-defaults,kinformer-keep,
                       kinformer-managed,client-node,python,kubectl)
  BENCH_SKIP=x,y       skip parts: sync,watch,configmaps,callgrind,size,multi,issue17,gzip
  BENCH_MULTI_N=N BENCH_MULTI_M=M  the factory part: objects and events per resource
  BENCH_OUT=FILE       the report (default docs/performance.md)
  BENCH_NS=0,1000 BENCH_M=2000   other N and M, to try the harness
  BENCH_REPORT_ONLY=1  rewrite the report from bench/out/results.json
"""
import hashlib
import json
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
DOCS = os.path.join(ROOT, "docs")
SRC = os.path.join(OUT, "src")            # a snapshot of kinformer.h, the tools and examples/minimal.c, taken at start
KWATCH = os.path.join(OUT, "kwatch")      # built from the snapshot with the Makefile's flags
KUBEDIFF = os.path.join(OUT, "kubediff")  # tools/kubediff.c, built the same way
PYTHON_SYS = "/usr/bin/python3"
TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None  # Debian's, which sees python3-kubernetes
KEEP = "metadata.labels,spec.nodeName,status.phase"

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
FAST_RUNS = int(os.environ.get("BENCH_FAST_RUNS", "5"))
SKIP = set(x for x in os.environ.get("BENCH_SKIP", "").split(",") if x)
REPORT = os.environ.get("BENCH_OUT", os.path.join(DOCS, "performance.md"))

SYNC_NS = [0, 1000, 10000] if QUICK else [0, 1000, 10000, 50000]
M = 20000 if QUICK else 100000
if os.environ.get("BENCH_NS"):  # for trying the harness: BENCH_NS=0,1000 BENCH_M=2000
    SYNC_NS = sorted(set([0] + [int(x) for x in os.environ["BENCH_NS"].split(",")]))
M = int(os.environ.get("BENCH_M", M))
WATCH_N = 1000          # objects listed before the watch runs
CALLGRIND_M = 5000 if QUICK else 10000
PROFILE_M = 3000        # events of the -fno-inline profile run
CALLGRIND_LIST_N = 10000

# What each client is asked to do at most. The slow clients get fewer events
# (their rate is the same over 3k events as over 100k) and are not run at
# 50k objects (Python would take ~150 s a run, kubectl ~100 s).
# kwatch's four rows: what the store keeps (full objects without managedFields,
# kwatch's and the library's default; with managedFields, whole as the JS
# informer keeps them; projected to KEEP) and kwatch's tuning (1 MiB reads and
# prefault_store) or the library's defaults (16 KiB reads, no prefault).
# "kept" and "tuning" go in the report beside each row.
TUNED = "tuned: 1 MiB reads, prefault"
LIB_DEFAULTS = "library defaults: 16 KiB reads, no prefault"
NO_MF = "full objects without managedFields"
FULL = "full objects with managedFields"
CLIENTS = {
    "kinformer": {"label": "kinformer (kwatch): no managedFields, tuned", "short": "kwatch, no managedFields, tuned",
                  "kept": NO_MF + " (kwatch's default)", "tuning": TUNED,
                  "args": [], "runs": FAST_RUNS, "max_n": None, "max_m": None},
    "kinformer-defaults": {"label": "kinformer (kwatch --read-bytes 0 --no-prefault): no managedFields, library defaults",
                           "short": "kwatch, no managedFields, library defaults",
                           "kept": NO_MF, "tuning": LIB_DEFAULTS,
                           "args": ["--read-bytes", "0", "--no-prefault"], "runs": FAST_RUNS, "max_n": None,
                           "max_m": None},
    "kinformer-keep": {"label": "kinformer (kwatch --keep): projected, tuned", "short": "kwatch --keep (projected), tuned",
                       "kept": "projected to %s" % KEEP.replace(",", ", "), "tuning": TUNED,
                       "args": ["--keep", KEEP], "runs": FAST_RUNS, "max_n": None, "max_m": None},
    "kinformer-managed": {"label": "kinformer (kwatch --keep-managed-fields): full, with managedFields, tuned",
                          "short": "kwatch --keep-managed-fields (full), tuned",
                          "kept": FULL + " (like the JS informer)", "tuning": TUNED,
                          "args": ["--keep-managed-fields"], "runs": FAST_RUNS, "max_n": None, "max_m": None},
    "client-node": {"label": "client-node 1.4.0 informer: full, with managedFields", "short": "client-node 1.4.0 informer (full)",
                    "kept": FULL + " (deserialized models)", "tuning": "",
                    "runs": RUNS, "max_n": None, "max_m": None},
    "kubectl": {"label": "kubectl get -w: caches nothing", "short": "kubectl get -w",
                "kept": "nothing cached (prints names)", "tuning": "",
                "runs": RUNS, "max_n": 10000, "max_m": 10000 if QUICK else 30000},
    "python": {"label": "python3-kubernetes: full, with managedFields", "short": "python3-kubernetes (full)",
               "kept": FULL + " (model objects in a dict)", "tuning": "",
               "runs": RUNS, "max_n": 1000 if QUICK else 10000, "max_m": 1000 if QUICK else 3000},
}
# kubediff on the pod watch (docs/kubediff.md): every update diffed against the
# stored previous object and printed as an RFC 6902 patch line (read by the
# harness, as kubectl's lines are); watch scenarios only
CLIENTS["kubediff"] = {"label": "kubediff: JSON patch line per update, no managedFields, tuned", "short": "kubediff",
                       "kept": NO_MF, "tuning": TUNED, "runs": FAST_RUNS, "max_n": None, "max_m": None,
                       "watch_only": True}
KIN = [c for c in CLIENTS if c.startswith("kinformer")]
ONLY = [c for c in os.environ.get("BENCH_CLIENTS", "").split(",") if c]


# kwatch lists with LIST, then WATCH, as the clients it is compared with do
# (client-node and the Python client have no watch-list); issue 17's rows
# (bench/issue17.py) compare watch-list with LIST
LISTWATCH = ["--watch-list", "off"]

def log(msg):
    sys.stderr.write("[bench %s] %s\n" % (time.strftime("%H:%M:%S"), msg))
    sys.stderr.flush()


def sh(cmd, **kw):
    """Output of a command, or "" when it fails."""
    try:
        return subprocess.run(cmd, shell=isinstance(cmd, str), capture_output=True, text=True, timeout=600,
                              **kw).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


# ---------------------------------------------------------------- the server
class BenchServer:
    def __init__(self, kind, n, m, resources=0):
        self.kind, self.n = kind, n
        fd, self.port_file = tempfile.mkstemp(prefix="bench-port-")
        os.close(fd)
        os.unlink(self.port_file)
        self.log = open(os.path.join(OUT, "server-%s-%d-%d.log" % (kind, n, m)), "w")
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port", "0", "--port-file",
                                   self.port_file, "--lifetime", "3600", "--exit-with-parent", "--kind", kind,
                                   "--objects", str(n), "--events", str(m), "--resources", str(resources)],
                                  stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 300
        while not os.path.exists(self.port_file):
            if self.p.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("bench: the server did not start (see %s)" % self.log.name)
            time.sleep(0.1)
        with open(self.port_file) as f:
            self.port = int(f.read())
        self.url = "http://127.0.0.1:%d" % self.port
        self.info = self.stats()

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=60) as r:
            return json.loads(r.read())

    def arm(self, events):
        return self.get("/_bench/arm?events=%d" % events)

    def stats(self):
        return self.get("/_bench/stats")

    def stop(self):
        self.p.terminate()
        try:
            self.p.wait(10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.log.close()
        try:
            os.unlink(self.port_file)
        except OSError:
            pass


# ---------------------------------------------------------------- one client run
def read_status(pid):
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM"):
                    out[k] = int(v.split()[0])
    except OSError:
        pass
    return out


class Rusage:
    def __init__(self, maxrss_kb, utime, stime):
        self.ru_maxrss, self.ru_utime, self.ru_stime = maxrss_kb, utime, stime


def client_pid(time_pid, wait_s=10.0):
    """The pid of the client that GNU time started."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        try:
            with open("/proc/%d/task/%d/children" % (time_pid, time_pid)) as f:
                kids = f.read().split()
            if kids:
                return int(kids[0])
        except OSError:
            return None
        time.sleep(0.002)
    return None


def store_sizes(kind, n, server_info, projected):
    """kwatch capacities, sized as a user would: twice the data expected. Full
    objects get twice the JSON: with managedFields kept they take about the
    JSON's bytes in the store, without them about 60 % of it."""
    max_objects = max(1024, n + n // 4 + 64)
    if projected:
        store = max(4 << 20, 2 * n * 1024)
    else:
        store = max(4 << 20, 2 * server_info["list_bytes"])
    return ["--max-objects", str(max_objects), "--store-bytes", str(store)]


def client_argv(client, srv, n, m, tmp):
    kind = srv.kind
    if client in KIN:
        argv = [KWATCH, "-s", srv.url, kind, "-o", "none", "--stats"] + LISTWATCH
        argv += store_sizes(kind, n, srv.info, client == "kinformer-keep")
        argv += CLIENTS[client]["args"]
        argv += ["--max-events", str(n + m)] if m else ["--exit-after-sync"]
        return argv, None
    if client == "kubediff":
        argv = [KUBEDIFF, "-s", srv.url, kind, "--stats"] + store_sizes(kind, n, srv.info, False)
        return argv + ["--max-events", str(n + m)], None
    if client == "client-node":
        return ["node", "--expose-gc", os.path.join(HERE, "clients", "js_informer.mjs"), srv.url, kind, str(n),
                str(m)], None
    if client == "python":
        return [PYTHON_SYS, os.path.join(HERE, "clients", "py_informer.py"), srv.url, kind, str(n), str(m)], None
    if client == "kubectl":
        env = dict(os.environ, KUBECONFIG=os.devnull)
        return ["kubectl", "get", kind, "-A", "-w", "-o", "name", "--server", srv.url,
                "--cache-dir", os.path.join(tmp, "kube-cache")], env
    raise ValueError(client)


def run_client(client, srv, n, m, timeout=900):
    """One run: sync only (m == 0: stop once the list is cached and the RSS is
    read) or list + watch of m events. Times are time.monotonic()."""
    srv.arm(m)
    tmp = tempfile.mkdtemp(prefix="bench-client-")
    argv, env = client_argv(client, srv, n, m, tmp)
    err = open(os.path.join(tmp, "stderr"), "w+")
    res = {"client": client, "n": n, "m": m, "ok": False}
    # GNU time runs the client and reports its maxrss: a child that Python
    # forks itself would inherit the harness's RSS in its maxrss
    rusage_file = os.path.join(tmp, "rusage")
    if TIME:
        argv = [TIME, "-f", "%M %U %S", "-o", rusage_file] + argv
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, env=env, cwd=tmp)
    fd = p.stdout.fileno()
    pid = client_pid(p.pid) if TIME else p.pid
    buf = b""
    lines = 0
    t_sync = t_settled = t_done = None
    deadline = t0 + timeout
    linewise = client not in ("kubectl", "kubediff")  # kubediff's lines are only counted: it exits by itself
    kin = client in KIN or client == "kubediff"  # exits by itself after N + M, prints --stats
    # kwatch always exits by itself (at sync, or after N + M events, printing
    # its stats); node and Python exit after DONE; the rest is killed
    self_exit = kin or (m and client in ("client-node", "python"))
    eof = False
    while not eof:
        now = time.monotonic()
        if now > deadline:
            res["error"] = "timeout"
            break
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            data = os.read(fd, 1 << 16)
            now = time.monotonic()
            if not data:
                eof = True
            elif linewise:
                buf += data
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    word = line.split(b" ", 1)[0]
                    if line.startswith(b"# synced") or word == b"SYNC":
                        t_sync = now
                    elif word == b"SETTLED":
                        t_settled = now
                    elif word == b"DONE":
                        t_done = now
            else:
                lines += data.count(b"\n")
                if t_sync is None and n and lines >= n:
                    t_sync = now
                if m and t_done is None and lines >= n + m:
                    t_done = now
        elif client == "kubectl" and n == 0 and t_sync is None:
            # nothing to print: synced once the watch is asked for
            st = srv.stats()
            if st["watches"]:
                t_sync = st["watches"][0][0]
        if self_exit:
            continue
        if client == "kubectl" and m == 0 and t_sync is not None and t_settled is None:
            if time.monotonic() - t_sync >= 0.5:
                t_settled = time.monotonic()
        if m == 0 and t_settled is not None:
            res["rss_settled_kb"] = read_status(pid).get("VmRSS")
            break
        if m and t_done is not None:
            break
    if not eof and p.poll() is None and pid:
        try:
            os.kill(pid, signal.SIGKILL)  # the client only, by its pid
        except ProcessLookupError:
            pass
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if TIME:
        ru = None
        try:
            with open(rusage_file) as f:
                for line in f:  # "Command terminated by signal 9" comes first when killed
                    parts = line.split()
                    if len(parts) == 3 and parts[0].isdigit():
                        ru = Rusage(int(parts[0]), float(parts[1]), float(parts[2]))
        except OSError:
            pass
    t_exit = time.monotonic()
    p.stdout.close()
    if m and kin and p.returncode == 0:
        t_done = t_exit
    err.seek(0)
    stderr = err.read()
    err.close()
    if kin and m == 0 and ru:
        res["rss_settled_kb"] = ru.ru_maxrss  # kwatch exits at sync: its peak is its cache
    res["peak_rss_kb"] = ru.ru_maxrss if ru else None
    res["cpu_s"] = (ru.ru_utime + ru.ru_stime) if ru else None
    st = srv.stats()
    lists = st["lists"]
    watches = [w for w in st["watches"] if w[3]]
    t_list = lists[0][0] if lists else None
    res["wall_s"] = t_exit - t0
    if t_sync is not None:
        res["sync_from_start_s"] = t_sync - t0
        if t_list is not None:
            res["sync_from_list_s"] = t_sync - t_list
    res["list_requests"] = len(lists)
    if m:
        if t_done is not None and watches:
            w = watches[0]
            dt = t_done - w[0]
            res["watch_s"] = dt
            res["events_per_s"] = m / dt
            res["mb_per_s"] = w[4] / dt / 1e6
            res["wall_s"] = (t_done if client == "kubectl" else t_exit) - t0
            res["ok"] = True
        elif "error" not in res:
            res["error"] = "no DONE (exit status %s)" % status
    else:
        res["ok"] = t_sync is not None
        if not res["ok"] and "error" not in res:
            res["error"] = "no SYNC (exit status %s)" % status
    if kin:
        for k, v in re.findall(r"\b(store_used|store_peak|store_capacity|bytes_read)=(\d+)", stderr):
            res[k] = int(v)
        mm = re.search(r"memory used=(\d+) capacity=(\d+)", stderr)
        if mm:
            res["mem_used"], res["mem_capacity"] = int(mm.group(1)), int(mm.group(2))
        if p.returncode == 3:
            res["ok"] = False
            res["error"] = "capacity exceeded"
    if not res["ok"]:
        res["stderr"] = stderr[-2000:]
        log("  %s failed: %s\n%s" % (client, res.get("error"), stderr[-600:]))
    shutil.rmtree(tmp, ignore_errors=True)
    return res


def clients_for(n=None, m=None):
    out = []
    for c, spec in CLIENTS.items():
        if ONLY and c not in ONLY:
            continue
        if AVAILABLE.get(c) is False:
            continue
        if n is not None and spec["max_n"] is not None and n > spec["max_n"]:
            continue
        if n is not None and spec.get("watch_only"):
            continue
        out.append(c)
    return out


def run_interleaved(srv, clients, n, m_for, first=None):
    """Run r of every client, then run r+1: drift hits every client alike.
    first(r), if given, runs at the start of round r (the curl ceiling, right
    before kinformer's run)."""
    results = {c: [] for c in clients}
    for r in range(max(CLIENTS[c]["runs"] for c in clients)):
        if first:
            first(r)
        for c in clients:
            if r >= CLIENTS[c]["runs"]:
                continue
            m = m_for(c)
            res = run_client(c, srv, n, m)
            results[c].append(res)
            if m:
                log("  %-15s N=%-6d M=%-6d run %d: %s ev/s, %s MB/s, peak %s MB" % (
                    c, n, m, r + 1, fmt(res.get("events_per_s"), 0), fmt(res.get("mb_per_s"), 1),
                    fmt((res.get("peak_rss_kb") or 0) / 1024, 1)))
            else:
                log("  %-15s N=%-6d run %d: sync %s s (from LIST), RSS %s MB" % (
                    c, n, r + 1, fmt(res.get("sync_from_list_s"), 3), fmt((res.get("rss_settled_kb") or 0) / 1024, 1)))
    return results


def curl_rate(srv, path, runs, events=None):
    rates = []
    for _ in range(runs):
        if events is not None:
            srv.arm(events)
        out = sh(["curl", "-s", "-o", "/dev/null", "-w", "%{size_download} %{time_total}", srv.url + path])
        try:
            size, t = out.split()
            rates.append({"bytes": int(size), "s": float(t), "mb_per_s": int(size) / float(t) / 1e6})
        except ValueError:
            pass
    return rates


def summarize(runs, key):
    return median([r.get(key) for r in runs if r.get("ok")])


# ---------------------------------------------------------------- kinformer alone
def callgrind(srv, n, m, name, binary=KWATCH):
    """Instructions of one kwatch run under callgrind, and its top functions
    (exclusive instructions, from callgrind_annotate's function summary)."""
    srv.arm(m)
    outf = os.path.join(OUT, "callgrind.%s.out" % name)
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + outf, binary, "-s", srv.url, srv.kind,
            "-o", "none"] + LISTWATCH + store_sizes(srv.kind, n, srv.info, False)
    argv += ["--max-events", str(n + m)] if m else ["--exit-after-sync"]
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)
    total = None
    with open(outf) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    ann = sh(["callgrind_annotate", "--inclusive=no", "--auto=no", "--threshold=100", outf])
    top = []
    in_summary = False
    for line in ann.splitlines():
        if "file:function" in line:
            in_summary = True
            continue
        if not in_summary or line.startswith("----"):
            continue
        if not line.strip():
            if top:
                break
            continue
        mm = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?):(\S+)(?:\s+\[(.*)\])?\s*$", line)
        if mm:
            where = os.path.basename(mm.group(2))
            obj = os.path.basename(mm.group(4) or "")
            top.append((int(mm.group(1).replace(",", "")), mm.group(3), "libc" if obj.startswith("libc") else where))
    return {"total": total, "top": top[:15], "file": os.path.relpath(outf, ROOT)}


def build_profile_kwatch():
    """kwatch at -O2 -g -fno-inline: the same code, but every static function
    keeps its name, so callgrind can say where the instructions go."""
    out = os.path.join(OUT, "kwatch-noinline")
    r = subprocess.run([os.environ.get("CC", "cc"), "-std=c99", "-O2", "-g", "-fno-inline", "-o", out,
                        os.path.join(SRC, "tools", "kwatch.c")], capture_output=True, text=True)
    return out if r.returncode == 0 else None


def snapshot_build():
    """Copies kinformer.h, the tools and examples/minimal.c and builds kwatch from the copy, as
    the Makefile does (-O2 -g, BearSSL when its header is there): others may
    change or rebuild the tree while the benchmark runs, and every figure of a
    run must come from one version."""
    shutil.rmtree(SRC, ignore_errors=True)
    os.makedirs(os.path.join(SRC, "examples"))
    os.makedirs(os.path.join(SRC, "tools"))
    shutil.copy2(os.path.join(ROOT, "kinformer.h"), os.path.join(SRC, "kinformer.h"))
    shutil.copy2(os.path.join(ROOT, "examples", "minimal.c"), os.path.join(SRC, "examples", "minimal.c"))
    for f in os.listdir(os.path.join(ROOT, "tools")):
        if f.endswith((".c", ".h")):
            shutil.copy2(os.path.join(ROOT, "tools", f), os.path.join(SRC, "tools", f))
    shutil.copy2(os.path.join(HERE, "factory_sizes.c"), os.path.join(SRC, "factory_sizes.c"))  # the factory's sizes
    shutil.copy2(os.path.join(ROOT, "Makefile"), os.path.join(SRC, "Makefile"))  # its SMALLFLAGS (make print-smallflags)
    tls = os.path.exists("/usr/include/bearssl.h")
    argv = [os.environ.get("CC", "cc"), "-std=c99", "-Wall", "-Wextra", "-O2", "-g"]
    argv += (["-DKINF_TLS_BEARSSL"] if tls else []) + ["-o", KWATCH, os.path.join(SRC, "tools", "kwatch.c")]
    argv += ["-lbearssl"] if tls else []
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("bench: cannot build kwatch:\n" + r.stderr[-2000:])
    kd = [a if a != KWATCH else KUBEDIFF for a in argv]
    kd = [a if not a.endswith("tools/kwatch.c") else os.path.join(SRC, "tools", "kubediff.c") for a in kd]
    if subprocess.run(kd, capture_output=True, text=True).returncode != 0:
        log("bench: kubediff did not build: its row is left out")
    with open(os.path.join(SRC, "kinformer.h"), "rb") as f:
        head = f.read()
    ver = re.search(rb"kinformer\.h (v[\d.]+)", head)
    info = {
        "kinformer.h": "%s, sha256 %s" % (ver.group(1).decode() if ver else "?", hashlib.sha256(head).hexdigest()[:16]),
        "git HEAD": sh(["git", "-C", ROOT, "log", "-1", "--format=%h %s"])[:100],
        "kinformer.h changed since HEAD": "yes" if sh(["git", "-C", ROOT, "status", "--porcelain", "kinformer.h"]) else "no",
        "kwatch build": "cc -std=c99 -O2 -g%s (as the Makefile)" % (" -DKINF_TLS_BEARSSL -lbearssl" if tls else ""),
    }
    return info


def text_size(path):
    out = sh(["size", path]).splitlines()
    if len(out) < 2:
        return None
    return int(out[1].split()[0])


def sizes():
    """text of kwatch (tools/kwatch.c), examples/minimal.c and the library object at -Os/-O2."""
    d = os.path.join(OUT, "size")
    os.makedirs(d, exist_ok=True)
    cc = os.environ.get("CC", "cc")
    warn = ["-std=c99"]
    rows = []
    variants = [
        ("kwatch", "tools/kwatch.c", "-Os", False, False),
        ("kwatch", "tools/kwatch.c", "-Os", True, False),
        ("kwatch", "tools/kwatch.c", "-Os", False, True),
        ("kwatch", "tools/kwatch.c", "-Os", True, True),
        ("kwatch", "tools/kwatch.c", "-O2", False, False),
        ("kwatch", "tools/kwatch.c", "-O2", True, False),
        ("kwatch-small", "tools/kwatch.c", "-Os", False, False),
        ("kwatch-small", "tools/kwatch.c", "-Os", True, False),
        ("minimal", "examples/minimal.c", "-Os", False, False),
        ("minimal", "examples/minimal.c", "-Os", True, False),
        ("minimal", "examples/minimal.c", "-Os", False, True),
        ("minimal", "examples/minimal.c", "-Os", True, True),
    ]
    for name, src, opt, tls, static in variants:
        out = os.path.join(d, "%s%s%s%s" % (name, opt, "-tls" if tls else "", "-static" if static else ""))
        argv = [cc] + warn + [opt, "-o", out, os.path.join(SRC, src)]
        if name == "kwatch-small":  # the Makefile's SMALLFLAGS, as make prints them (the variant's -Os again)
            flags = subprocess.run(["make", "-s", "-C", SRC, "print-smallflags"], capture_output=True, text=True).stdout.split()
            if "-Os" not in flags:
                raise SystemExit("bench: make print-smallflags in %s gave no flags: %r" % (SRC, flags))
            argv[1:1] = [f for f in flags if f != "-Os"]
        if tls:
            argv.insert(1, "-DKINF_TLS_BEARSSL")
            argv.append("-lbearssl")
        if static:
            argv.insert(1, "-static")
        r = subprocess.run(argv, capture_output=True, text=True)
        rows.append({"program": name, "opt": opt, "tls": tls, "static": static,
                     "text": text_size(out) if r.returncode == 0 else None,
                     "file": os.path.getsize(out) if r.returncode == 0 else None})
    # the library alone: one object with the implementation
    for opt, tls in (("-Os", False), ("-Os", True), ("-O2", False)):
        obj = os.path.join(d, "kinformer%s%s.o" % (opt, "-tls" if tls else ""))
        src = os.path.join(d, "impl.c")
        with open(src, "w") as f:
            f.write('#define KINFORMER_IMPLEMENTATION\n#include "%s"\n' % os.path.join(SRC, "kinformer.h"))
        argv = [cc] + warn + [opt, "-c", "-o", obj, src] + (["-DKINF_TLS_BEARSSL"] if tls else [])
        r = subprocess.run(argv, capture_output=True, text=True)
        rows.append({"program": "kinformer.h object", "opt": opt, "tls": tls, "static": False,
                     "text": text_size(obj) if r.returncode == 0 else None, "file": None})
    return rows


# ---------------------------------------------------------------- report
def fmt(x, nd=2):
    if x is None:
        return "–"
    if isinstance(x, (int,)) or nd == 0:
        return "{:,}".format(int(round(x)))
    return "%.*f" % (nd, x)


def machine():
    info = {}
    lscpu = sh("lscpu")
    m = re.search(r"Model name:\s*(.*)", lscpu)
    info["cpu"] = m.group(1).strip() if m else "?"
    info["cores"] = sh("nproc")
    mem = sh("free -g").splitlines()
    info["memory"] = (mem[1].split()[1] + " GiB") if len(mem) > 1 else "?"
    info["kernel"] = sh("uname -r")
    info["cc"] = sh("cc --version").splitlines()[0] if sh("cc --version") else "?"
    info["node"] = sh("node --version")
    info["npm"] = sh("npm --version 2>/dev/null")
    try:
        with open(os.path.join(HERE, "node", "node_modules", "@kubernetes", "client-node", "package.json")) as f:
            info["client-node"] = json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        info["client-node"] = "not installed"
    info["python3-kubernetes"] = sh("dpkg-query -W -f='${Version}' python3-kubernetes") or "not installed"
    info["python"] = sh([PYTHON_SYS, "--version"])
    kv = sh("kubectl version --client 2>/dev/null")
    m = re.search(r"Client Version:\s*(\S+)", kv)
    info["kubectl"] = m.group(1) if m else "?"
    info["valgrind"] = sh("valgrind --version")
    info["curl"] = (sh("curl --version").splitlines() or ["?"])[0]
    info["gnuplot"] = sh("gnuplot --version")
    info["bench server python"] = sys.version.split()[0]
    info["load at start"] = sh("cat /proc/loadavg")
    return info


def plot(results, path_time, path_rss):
    """RSS vs N and sync time vs N for every client (gnuplot, PNG)."""
    if not shutil.which("gnuplot"):
        return False
    data = {}
    for c in CLIENTS:
        pts = []
        for n in SYNC_NS:
            if n == 0:
                continue
            runs = results["sync"].get(str(n), {}).get(c, [])
            t = summarize(runs, "sync_from_list_s")
            rss = summarize(runs, "rss_settled_kb")
            if t is not None:
                pts.append((n, t, rss / 1024 if rss else None))
        if pts:
            data[c] = pts
    if not data:
        return False
    files = {}
    for c, pts in data.items():
        fn = os.path.join(OUT, "plot-%s.dat" % c)
        with open(fn, "w") as f:
            for n, t, rss in pts:
                f.write("%d %.6f %s\n" % (n, t, "%.3f" % rss if rss is not None else "NaN"))
        files[c] = fn
    styles = ["lc rgb '#1f77b4' pt 7", "lc rgb '#9467bd' pt 6", "lc rgb '#17becf' pt 5",
              "lc rgb '#08306b' pt 4", "lc rgb '#d62728' pt 9", "lc rgb '#2ca02c' pt 11",
              "lc rgb '#ff7f0e' pt 13"]
    for out, col, ylabel, title in ((path_time, 2, "initial sync, seconds from the LIST request",
                                     "Initial sync time vs N, 5,900-byte pods (median)"),
                                    (path_rss, 3, "RSS after sync, MiB",
                                     "RSS after sync vs N, 5,900-byte pods (median)")):
        plots = []
        for i, c in enumerate(CLIENTS):
            if c in files:
                plots.append("'%s' using 1:%d with linespoints lw 2 %s title '%s'" % (
                    files[c], col, styles[i % len(styles)], CLIENTS[c]["short"]))
        gp = "\n".join([
            "set terminal pngcairo size 900,560 font 'sans,11'",
            "set output '%s'" % out,
            "set title \"%s\"" % title,
            "set xlabel 'objects in the list (N)'",
            "set ylabel '%s'" % ylabel,
            "set logscale xy",
            "set grid",
            "set key top left",
            "set xrange [700:80000]",
            "plot " + ", \\\n     ".join(plots),
        ]) + "\n"
        r = subprocess.run(["gnuplot"], input=gp, text=True, capture_output=True)
        if r.returncode != 0:
            log("gnuplot: " + r.stderr[-500:])
            return False
    return True


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def write_report(results):
    R = results
    L = []
    w = L.append
    kin, keep, js = "kinformer", "kinformer-keep", "client-node"
    sync = R.get("sync", {})
    big_n = max([n for n in SYNC_NS if str(n) in sync and n] or [0])

    def S(n, c, key):
        return summarize(sync.get(str(n), {}).get(c, []), key)

    def W(scn, c, key):
        return summarize(R.get(scn, {}).get("clients", {}).get(c, []), key)

    base = {c: S(0, c, "rss_settled_kb") for c in CLIENTS}

    def per_obj(c, n):
        rss = S(n, c, "rss_settled_kb")
        if rss is None or base.get(c) is None or not n:
            return None
        return (rss - base[c]) * 1024 / n

    w("# Performance")
    w("")
    w("kinformer beside the clients people would otherwise run: the official JavaScript")
    w("client's informer, the Python client and `kubectl get -w`, each run against the same")
    w("loopback server in the same invocation of `make bench`. Written by `bench/run.py` on %s%s."
      % (time.strftime("%Y-%m-%d"), " in **quick mode** (`BENCH_QUICK=1`)" if QUICK else ""))
    w("Every figure is the median of %d runs (%d for kinformer and curl); ratios compare runs made "
      "side by side, interleaved (run 1 of every client, then run 2, ...)." % (RUNS, FAST_RUNS))
    w("")
    # targets: (target, what is compared, today by the clock, today by CPU
    # time, holds by the clock). Each target is read first for the row the
    # issue set it on (kwatch's defaults: managedFields dropped, tuned), then
    # like with like (managedFields kept, as the JS informer keeps them) and
    # at the library's defaults for the tuning kwatch changes.
    tg = []
    mgd, dft = "kinformer-managed", "kinformer-defaults"
    ceil = R.get("watch-pods", {}).get("curl_mb_per_s")
    ev_size = R.get("watch-pods", {}).get("event_size")
    jw = W("watch-pods", js, "events_per_s")

    def cpu_per_event(c):
        runs = R.get("watch-pods", {}).get("clients", {}).get(c, [])
        cpu = summarize(runs, "cpu_s")
        return cpu / runs[0]["m"] if cpu and runs else None

    def sync_cpu(c):
        a, b = S(big_n, c, "cpu_s"), S(0, c, "cpu_s")
        return a - b if a is not None and b is not None else None

    def have_watch(c):
        return bool(R.get("watch-pods", {}).get("clients", {}).get(c))

    def have_sync(c, n):
        return bool(sync.get(str(n), {}).get(c))
    what = {
        kin: "kwatch (full objects without managedFields, tuned) vs the JS informer's full objects",
        mgd: "kwatch --keep-managed-fields (full objects with managedFields, tuned) vs the JS informer's full "
             "objects: like with like",
        dft: "kwatch at the library's defaults (without managedFields, 16 KiB reads, no prefault) vs the JS "
             "informer's full objects",
    }
    first = True
    for c in (kin, mgd, dft):
        if not have_watch(c):
            continue
        r1 = ratio(W("watch-pods", c, "events_per_s"), jw)
        r1c = ratio(cpu_per_event(js), cpu_per_event(c))
        tg.append(("watch throughput ≥ 10× the JS informer (pods)" if first else "″", what[c],
                   "%s×" % fmt(r1, 1), "%s×" % fmt(r1c, 1), r1 is not None and r1 >= 10))
        first = False
    first = True
    pairs_by = R.get("watch-pods", {}).get("paired_ceiling_ratios_by_client") or {}
    for c in (kin, mgd, dft):
        if not have_watch(c):
            continue
        r2 = ratio(W("watch-pods", c, "mb_per_s"), ceil)
        pairs = pairs_by.get(c) or (R.get("watch-pods", {}).get("paired_ceiling_ratios") if c == kin else None) or []
        r2p = median(pairs) if pairs else None
        kcpu = cpu_per_event(c)
        r2c = ratio(ev_size / kcpu / 1e6 if ev_size and kcpu else None, ceil)
        # holds only when both readings do: the median of the round-by-round
        # ratios, and the ratio of the two medians
        tg.append(("watch throughput ≥ 25 % of the curl ceiling (pods)" if first else "″",
                   {kin: "kwatch (without managedFields, tuned) vs curl reading the same stream",
                    mgd: "kwatch --keep-managed-fields (full objects, tuned) vs curl",
                    dft: "kwatch at the library's defaults (16 KiB reads, no prefault) vs curl"}[c],
                   "%s %% (round by round; %s %% as the ratio of the medians)" % (
                       fmt(r2p * 100 if r2p else None, 0), fmt(r2 * 100 if r2 else None, 0)),
                   "%s %%" % fmt(r2c * 100 if r2c else None, 0),
                   r2 is not None and r2 >= 0.25 and r2p is not None and r2p >= 0.25))
        first = False
    first = True
    js_sync = S(big_n, js, "sync_from_list_s")
    for c in (kin, mgd, dft):
        if not have_sync(c, big_n):
            continue
        r3 = ratio(js_sync, S(big_n, c, "sync_from_list_s"))
        r3c = ratio(sync_cpu(js), sync_cpu(c))
        tg.append(("initial sync ≥ 20× faster than the JS informer (N=%s)" % fmt(big_n, 0) if first else "″",
                   what[c], "%s×" % fmt(r3, 1), "%s×" % fmt(r3c, 1), r3 is not None and r3 >= 20))
        first = False
    first = True
    list_bytes = R.get("list_bytes", {}).get(str(big_n))
    for c, against in ((mgd, "store_used"), (mgd, "json"), (kin, "store_used"), (kin, "json")):
        if not have_sync(c, big_n):
            continue
        k_peak, k_store = S(big_n, c, "peak_rss_kb"), S(big_n, c, "store_used")
        den = k_store if against == "store_used" else list_bytes
        r4 = ratio(k_peak * 1024 if k_peak else None, den)
        desc = {mgd: "kwatch --keep-managed-fields: truly full objects, managedFields kept",
                kin: "kwatch: full objects without managedFields (kwatch's default)"}[c]
        desc += {"store_used": "; peak RSS / store_used (the JSON bytes the store keeps)",
                 "json": "; peak RSS / the JSON bytes received (the LIST's bytes)"}[against]
        if c == kin and against == "json":
            desc += " (the store keeps %s %% of them)" % fmt(100.0 * k_store / list_bytes if k_store and list_bytes
                                                           else None, 0)
        tg.append(("peak RSS ≤ 1.15× the JSON bytes kept (N=%s, full objects, after sync)" % fmt(big_n, 0)
                   if first else "″", desc,
                   "%s× %s" % (fmt(r4, 2), "store_used" if against == "store_used" else "the JSON received"), "",
                   r4 is not None and r4 <= 1.15))
        first = False
    kp = per_obj(keep, big_n)
    tg.append(("projected to labels, nodeName, phase: < 300 bytes per pod with all overhead (N=%s)" % fmt(big_n, 0),
               "kwatch --keep (projected, tuned): (RSS − RSS at N=0) / N", "%s B/pod" % fmt(kp, 0), "",
               kp is not None and kp < 300))
    jp = per_obj(js, big_n)
    r6 = ratio(jp, kp)
    tg.append(("... and ≥ 100× below the JS informer", "projected vs the JS informer's full objects (bytes per pod "
               "each; not like with like: the next table has the full objects)", "%s×" % fmt(r6, 0), "",
               r6 is not None and r6 >= 100))
    sz = [r for r in R.get("size", []) if r["program"] == "kwatch" and r["opt"] == "-Os" and not r["tls"]
          and not r["static"]]
    t_os = sz[0]["text"] if sz else None
    sm = [r for r in R.get("size", []) if r["program"] == "kwatch-small" and not r["tls"]]
    t_sm = sm[0]["text"] if sm else None
    tg.append(("kwatch under 64 KB of text at -Os without TLS", "`make build/kwatch-small` (SMALLFLAGS); plain -Os",
               "%s bytes; %s bytes at plain -Os" % (fmt(t_sm, 0), fmt(t_os, 0)), "",
               t_sm is not None and t_sm < 65536))
    w("## Targets (from the issue) today")
    w("")
    w("These are goals for later optimisation; the benchmark reports them and never fails on them. *today* "
      "is by the clock, as the tables below; *by CPU time* compares the processes' user + system time instead "
      "(CPU per event; the sync's CPU beyond that of the N=0 run; for the ceiling, event bytes per CPU second "
      "of kwatch against curl's rate), which other work on the machine disturbs less. *holds* is by the clock.")
    w("")
    w("Each target is read first for the row it was set on, kwatch as it runs by default: full objects "
      "without managedFields (the library drops them unless told not to) and kwatch's tuning (1 MiB socket "
      "reads, `prefault_store`). The JS informer keeps full objects *with* managedFields, so the rows "
      "with `--keep-managed-fields` are the like-with-like comparison, and the rows with "
      "`--read-bytes 0 --no-prefault` show the library's defaults (16 KiB reads, no prefault). ″ repeats "
      "the target above.")
    w("")
    w("| target | compared | today | by CPU time | holds |")
    w("|---|---|---|---|---|")
    for name, comp, val, cpu, ok in tg:
        w("| %s | %s | %s | %s | %s |" % (name, comp, val, cpu, "yes" if ok else "**no**"))
    w("")
    # the rows
    w("## The rows")
    w("")
    w("What each row's client keeps and how kwatch is tuned. kwatch's tuning sets `desc.read_bytes` = 1 MiB "
      "(the library's default, `KINF_READ_BYTES`, is 16 KiB) and `desc.prefault_store` = 1 (the library's "
      "default is 0: one page fault per store page); `--read-bytes 0 --no-prefault` gives the library's "
      "defaults. Every kwatch row is sized as a user would: `--max-objects` N+25 %, `--store-bytes` twice "
      "the JSON expected (2 KiB a pod with --keep).")
    w("")
    w("| row | objects kept | reads, prefault |")
    w("|---|---|---|")
    for c in CLIENTS:
        if not any(sync.get(str(n), {}).get(c) for n in SYNC_NS) and not any(
                R.get(scn, {}).get("clients", {}).get(c) for scn in ("watch-pods", "watch-configmaps")):
            continue
        w("| %s | %s | %s |" % (CLIENTS[c]["label"], CLIENTS[c]["kept"], CLIENTS[c]["tuning"] or "–"))
    w("")
    # like with like
    if have_sync(js, big_n) or have_watch(js):
        w("## kinformer beside the JS informer, like with like")
        w("")
        w("Pods, N=%s for the sync and the memory, the pod watch for the rate. *JS ÷ row* is the JS informer's "
          "sync time over the row's; *row ÷ JS* the row's events/s over the JS informer's; *B/object* is "
          "(RSS after sync − RSS at N=0) / N, and *JS B ÷ row B* the JS informer's bytes per pod over the row's: "
          "for the projected row that is projected vs the JS informer's full objects. *RSS / JSON* divides the "
          "RSS after sync by the JSON bytes received (the LIST's %s bytes); *RSS / store_used* by the bytes the "
          "store keeps." % (fmt(big_n, 0), fmt(list_bytes, 0)))
        w("")
        w("| row | objects kept | sync s | JS ÷ row | watch events/s | row ÷ JS | CPU µs/event | RSS after sync MB "
          "| B/object | JS B ÷ row B | RSS / JSON | RSS / store_used |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for c in (mgd, kin, dft, keep, js):
            if not have_sync(c, big_n) and not have_watch(c):
                continue
            t = S(big_n, c, "sync_from_list_s")
            ev = W("watch-pods", c, "events_per_s")
            cpe = cpu_per_event(c)
            rss = S(big_n, c, "rss_settled_kb")
            su = S(big_n, c, "store_used")
            po = per_obj(c, big_n)
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                CLIENTS[c]["label"], CLIENTS[c]["kept"], fmt(t, 3),
                "1" if c == js else fmt(ratio(js_sync, t), 1), fmt(ev, 0),
                "1" if c == js else fmt(ratio(ev, jw), 1), fmt(cpe * 1e6 if cpe else None, 1),
                fmt(rss / 1024 if rss else None, 1), fmt(po, 0), "1" if c == js else fmt(ratio(jp, po), 1),
                fmt(ratio(rss * 1024 if rss else None, list_bytes), 2),
                fmt(ratio(rss * 1024 if rss else None, su), 2) if c in KIN else "–"))
        w("")
    # machine
    w("## Machine")
    w("")
    w("| | |")
    w("|---|---|")
    for k, v in R["machine"].items():
        w("| %s | %s |" % (k, v.replace("|", "/") if isinstance(v, str) else v))
    w("")
    w("The machine is a 2-core VM: the server, the client and the harness share it, and other work "
      "on the machine (tests of other sessions) can slow a run; the interleaving spreads that over "
      "every client. Absolute figures vary from one invocation to the next; the ratios are what to read.")
    w("")
    # server
    w("## The server and its ceiling")
    w("")
    w("`bench/server.py` (Python stdlib) precomputes a LIST of N objects and a watch stream of M MODIFIED "
      "events (one event per HTTP chunk, as the API server flushes them) and serves them with `sendall` of "
      "ready bytes. Pods are %s bytes of JSON on average (managedFields of kube-controller-manager and kubelet, "
      "a liveness probe, env, a projected service-account volume, tolerations, five conditions and a container "
      "status), ConfigMaps %s bytes. The list honours `limit`/`continue` (kinformer asks `limit=500&resourceVersion=0`, "
      "kubectl `limit=500`; client-node and the Python client ask for the whole list); a page, like the whole list, "
      "is built on its first request and sent as ready bytes after that, so every run but a client's first is served "
      "from memory. The first watch after the "
      "harness arms the server gets the M events and then the end of the stream; every later watch gets an empty "
      "stream held open, so no client loops. Its rate read by `curl -s -o /dev/null` is the ceiling, measured in "
      "the watch benchmark once per round, right before kinformer's run (the first row of the table below; the "
      "LIST's is read before the sync runs). The ceiling target compares kinformer's rate with the curl run just "
      "before it, round by round, and also the two medians; it holds only if both do:"
      % (fmt(R.get("pod_bytes"), 0), fmt(R.get("cm_bytes"), 0)))
    w("")
    w("| stream | bytes | curl MB/s (median) | events/s |")
    w("|---|---|---|---|")
    for scn, what in (("watch-pods", "watch, %s pod events" % fmt(M, 0)), ("watch-configmaps", "watch, %s ConfigMap events" % fmt(M, 0))):
        s = R.get(scn)
        if s and s.get("curl"):
            b = s["curl"][0]["bytes"]
            mb = s.get("curl_mb_per_s")
            w("| %s | %s | %s | %s |" % (what, fmt(b, 0), fmt(mb, 0), fmt(M / median([c["s"] for c in s["curl"]]), 0)))
    if R.get("list-curl"):
        c = R["list-curl"]
        w("| LIST of %s pods, whole | %s | %s | |" % (fmt(c["n"], 0), fmt(c["bytes"], 0), fmt(c["mb_per_s"], 0)))
    w("")
    # sync
    if sync:
        w("## Initial sync (pods)")
        w("")
        w("From the first LIST request the server saw to the client's signal that the list is cached (kwatch "
          "`--exit-after-sync`; the JS informer's N-th `add`; the Python dict filled; kubectl's N-th line). "
          "*from start* adds process start-up, imports and discovery. RSS is VmRSS once synced (after a full GC "
          "for node and Python; kwatch exits at sync, so its RSS is its peak); peak is the process's maxrss.")
        w("")
        w("| N | client | sync s (from LIST) | from start s | × first kwatch row | CPU s | RSS after sync MB | peak RSS MB | B/object (RSS − RSS at N=0)/N |")
        w("|---|---|---|---|---|---|---|---|---|")
        for n in SYNC_NS:
            for c in CLIENTS:
                runs = sync.get(str(n), {}).get(c)
                if not runs:
                    continue
                t = S(n, c, "sync_from_list_s")
                w("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    fmt(n, 0), CLIENTS[c]["label"], fmt(t, 3), fmt(S(n, c, "sync_from_start_s"), 3),
                    "–" if not n else fmt(ratio(t, S(n, kin, "sync_from_list_s")), 1) if c != kin else "1",
                    fmt(S(n, c, "cpu_s"), 2),
                    fmt((S(n, c, "rss_settled_kb") or 0) / 1024 or None, 1),
                    fmt((S(n, c, "peak_rss_kb") or 0) / 1024 or None, 1), fmt(per_obj(c, n), 0)))
        w("")
        if R.get("plots"):
            w("![sync time vs N](perf-sync-time.png)")
            w("")
            w("![RSS vs N](perf-rss.png)")
            w("")
        w("kinformer's store: bytes of the objects as kept (`kwatch --stats` store_used) against the JSON bytes "
          "the server sent for them (the LIST's bytes) and the process RSS (kwatch exits at sync: its peak). "
          "*kept*: full = full objects without managedFields (kwatch's default), +mF = full objects with "
          "managedFields (`--keep-managed-fields`), projected = `--keep`; *tuning*: tuned = 1 MiB reads and "
          "prefault, defaults = the library's 16 KiB reads, no prefault.")
        w("")
        w("| N | kept | tuning | LIST JSON bytes | store_used | store_used/object | store_used / JSON | RSS MB "
          "| RSS / JSON | RSS / store_used | informer memory (capacity) MB |")
        w("|---|---|---|---|---|---|---|---|---|---|---|")
        short_kept = {kin: "full", dft: "full", keep: "projected", mgd: "+mF"}
        for n in SYNC_NS:
            if not n:
                continue
            for c in (kin, dft, mgd, keep):
                if not sync.get(str(n), {}).get(c):
                    continue
                su, rss = S(n, c, "store_used"), S(n, c, "peak_rss_kb")
                lb = R["list_bytes"].get(str(n))
                w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    fmt(n, 0), short_kept[c], "defaults" if c == dft else "tuned", fmt(lb, 0), fmt(su, 0),
                    fmt(su / n if su else None, 0), fmt(ratio(su, lb), 2), fmt(rss / 1024 if rss else None, 1),
                    fmt(ratio(rss * 1024 if rss else None, lb), 2),
                    fmt(ratio(rss * 1024 if rss else None, su), 2), fmt((S(n, c, "mem_capacity") or 0) / 2**20 or None, 1)))
        w("")
    # watch
    for scn, what in (("watch-pods", "pods"), ("watch-configmaps", "ConfigMaps")):
        s = R.get(scn)
        if not s:
            continue
        w("## Watch throughput (%s)" % what)
        w("")
        w("N = %s objects listed, then M MODIFIED events of %s bytes on average, cycling over them. Rate = M / "
          "(time of the M-th event seen by the client − time the server got the watch request). Wall is the whole "
          "process, start to exit (kubectl: to its last line; it is then killed)." % (fmt(WATCH_N, 0), fmt(s.get("event_size"), 0)))
        w("")
        w("| client | M | events/s | MB/s | % of curl | first kwatch row ÷ client | peak RSS MB | wall s | CPU s | CPU µs/event |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        w("| curl (ceiling) | %s | %s | %s | 100 | | | | | |" % (fmt(M, 0), fmt(M / median([c["s"] for c in s["curl"]]), 0) if s.get("curl") else "–", fmt(s.get("curl_mb_per_s"), 0)))
        kev = W(scn, kin, "events_per_s")
        for c in CLIENTS:
            runs = s["clients"].get(c)
            if not runs:
                continue
            ev = W(scn, c, "events_per_s")
            mb = W(scn, c, "mb_per_s")
            cpu = W(scn, c, "cpu_s")
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                CLIENTS[c]["label"], fmt(runs[0]["m"], 0), fmt(ev, 0), fmt(mb, 1),
                fmt(ratio(mb, s.get("curl_mb_per_s")) * 100 if ratio(mb, s.get("curl_mb_per_s")) else None, 1),
                fmt(ratio(kev, ev), 1), fmt((W(scn, c, "peak_rss_kb") or 0) / 1024 or None, 1),
                fmt(W(scn, c, "wall_s"), 2), fmt(cpu, 2), fmt(cpu / runs[0]["m"] * 1e6 if cpu else None, 0)))
        w("")
        if any(W(scn, c, "store_used") for c in KIN):
            w("kwatch's store during this run (`--stats`; the capacity is twice the data expected):")
            w("")
        for c in KIN:
            ks = W(scn, c, "store_used")
            if ks:
                w("- %s: store_used %s, store_peak %s, store capacity %s, peak RSS %s MB." % (
                    CLIENTS[c]["label"], fmt(ks, 0), fmt(W(scn, c, "store_peak"), 0),
                    fmt(W(scn, c, "store_capacity"), 0), fmt((W(scn, c, "peak_rss_kb") or 0) / 1024, 1)))
        if any(W(scn, c, "store_used") for c in KIN):
            w("")
        kd_ev = W(scn, "kubediff", "events_per_s")
        if kd_ev:
            kd_su = W(scn, "kubediff", "store_used")
            k_su = W(scn, kin, "store_used")
            w("kubediff (docs/kubediff.md) on the same watch: %s events/s, %s of kwatch's %s (the target is at "
              "least a third); store %s bytes an object (kwatch %s), peak RSS %s MB (kwatch %s), with its "
              "output read by the harness where kwatch prints nothing (`-o none`)." % (
                  fmt(kd_ev, 0), "%.0f %%" % (100 * kd_ev / kev) if kev else "–", fmt(kev, 0),
                  fmt(kd_su / WATCH_N if kd_su else None, 0), fmt(k_su / WATCH_N if k_su else None, 0),
                  fmt((W(scn, "kubediff", "peak_rss_kb") or 0) / 1024 or None, 1),
                  fmt((W(scn, kin, "peak_rss_kb") or 0) / 1024 or None, 1)))
            w("")
    # callgrind
    cg = R.get("callgrind")
    if cg:
        w("## Where kinformer spends its time (callgrind)")
        w("")
        ipe = cg.get("per_event")
        ipo = cg.get("per_object")
        w("kwatch (`-O2 -g`, the Makefile's flags) under `valgrind --tool=callgrind`, pods:")
        w("")
        w("- watch path: %s instructions per MODIFIED event (%s events after a list of %s; the list's share is "
          "subtracted), %s instructions per byte of event JSON;" % (
              fmt(ipe, 0), fmt(CALLGRIND_M, 0), fmt(WATCH_N, 0), fmt(cg.get("per_byte_event"), 1)))
        w("- list path: %s instructions per listed pod (list of %s minus list of %s), %s per byte." % (
            fmt(ipo, 0), fmt(CALLGRIND_LIST_N, 0), fmt(WATCH_N, 0), fmt(cg.get("per_byte_list"), 1)))
        w("")
        w("Where they go: the same kwatch built with `-fno-inline` (so that each static function keeps its "
          "name; it runs more instructions than the `-O2` build), exclusive instructions from "
          "`callgrind_annotate --inclusive=no`. *watch* is a list of %s pods then %s events; *list* is the list "
          "of %s pods alone." % (fmt(WATCH_N, 0), fmt(PROFILE_M, 0), fmt(WATCH_N, 0)))
        w("")
        for key, title in (("watch_noinline", "watch path"), ("list_noinline", "list path")):
            run = cg.get(key)
            if not run or not run.get("top"):
                continue
            w("| %s: function | file | Ir | %% |" % title)
            w("|---|---|---|---|")
            for ir, fn, where in run["top"][:12]:
                w("| `%s` | %s | %s | %s |" % (fn, where, fmt(ir, 0), fmt(100.0 * ir / run["total"], 1)))
            w("")
    # size
    if R.get("size"):
        w("## Size")
        w("")
        w("`size` text bytes (gcc, x86_64). Dynamic builds link libc and libbearssl as shared objects, so their "
          "text is kinformer and the program; static builds include libc (and BearSSL), which is most of them. "
          "*kwatch-small* is kwatch with the Makefile's SMALLFLAGS (`make build/kwatch-small`): "
          "`-fno-asynchronous-unwind-tables` (no .eh_frame: C needs no unwinding; about 7 KB) and "
          "`-DKINF_NO_LOG_STRINGS` (errors print their id and detail, not the sentence; about 3.6 KB) and "
          "`-DKINF_NO_KUBECONFIG` (no kubeconfig reader: `--kubeconfig` fails with KUBECONFIG_UNAVAILABLE, "
          "configuration by flags or in-cluster; about 11 KB) and `-DKINF_NO_FACTORY` `-DKINF_NO_SNAPSHOT` "
          "(one resource, no --snapshot), `-DKINF_NO_CLIENT` `-DKINF_NO_WATCH_LIST` `-DKINF_NO_METADATA_ONLY` "
          "`-DKINF_NO_GZIP` `-DKINF_NO_SELECTOR` `-DKINF_NO_SKIP_UNCHANGED` `-DKINF_NO_EXEC` `-DKINF_NO_RESYNC` "
          "`-DKINF_NO_PROXY` (no selectors judged client-side, no skip-unchanged, exec plugins, resync or proxy), "
          "`-DKINFORMER_STATIC` (every function static, so the engine calls kwatch does not use are left out) "
          "and, where the toolchain has it, `-Wl,-z,pack-relative-relocs` (relative relocations packed as DT_RELR: "
          "still position-independent, about 2.8 KB less). "
          "`size` counts .text, .rodata, .eh_frame and the relocations in its text column.")
        w("")
        w("| program | opt | TLS | link | text bytes |")
        w("|---|---|---|---|---|")
        for r in R["size"]:
            w("| %s | %s | %s | %s | %s |" % (r["program"], r["opt"], "BearSSL" if r["tls"] else "none",
                                              "object" if r["program"].endswith("object") else ("static" if r["static"] else "dynamic"),
                                              fmt(r["text"], 0)))
        w("")
    # memory budget
    w("## Memory budget against RSS")
    w("")
    w("kinformer takes all its memory in one block at init (`kinf_informer_size`); `--stats` reports "
      "`memory used=capacity`, the whole block, and `store_used`, the object bytes in it. Pages of the block "
      "that are never written cost no RSS: after a sync the RSS follows store_used (tables above). Under a "
      "stream of MODIFIED events, compare store_used and store_peak with the peak RSS under each watch table.")
    w("")
    if R.get("findings"):
        w("## Observations")
        w("")
        for f in R["findings"]:
            w("- " + f)
        w("")
    w("## Method and caveats")
    w("")
    w("- Clients: kwatch `-o none --stats` in four rows: full objects without managedFields (kwatch's "
      "default), the same at the library's defaults (`--read-bytes 0 --no-prefault`), full objects with "
      "managedFields (`--keep-managed-fields`), and projected (`--keep %s`); sized as a user would: "
      "`--max-objects` N+25 %%, `--store-bytes` twice the JSON expected (2 KiB a pod with --keep); but for "
      "the library-defaults row, reads of up to 1 MiB (kwatch's default `--read-bytes`) and `prefault_store`; "
      "`bench/clients/js_informer.mjs` (`makeInformer` over `listPodForAllNamespaces`, node --expose-gc); "
      "`bench/clients/py_informer.py` (list into a dict of model objects, then `watch.Watch().stream` from its "
      "resourceVersion, Debian's /usr/bin/python3); `kubectl get pods -A -w -o name --server URL`, lines counted." % KEEP)
    w("- The slow clients do less: %s, and they get fewer watch events (the M column). Their rate is steady, "
      "so events/s compare; wall times do not." % "; ".join(
          "%s is not run at N > %s" % (CLIENTS[c]["label"].split(":")[0], fmt(CLIENTS[c]["max_n"], 0))
          for c in CLIENTS if CLIENTS[c]["max_n"]))
    w("- CPU s is user + system time of the client process (GNU time), start to exit or kill; it is less "
      "disturbed than wall time by other work on the machine. CPU µs/event divides the whole process's CPU "
      "(start-up and the list of %s objects included) by M." % fmt(WATCH_N, 0))
    w("- Times are CLOCK_MONOTONIC in the harness and in the server; the client's line is timestamped when "
      "the harness reads it. The server, the client and the harness share the 2 cores: the curl ceiling "
      "itself moves with the load of the machine (compare the load averages above).")
    w("- kinf_bench.c was not needed: kwatch's `--exit-after-sync` and `--max-events` mark sync and the M-th "
      "event, and the harness timestamps them.")
    w("- No test asserts any of this: it is a benchmark.")
    w("")
    w("## Rerun")
    w("")
    w("```sh")
    w("make bench                   # full: N = 1k, 10k, 50k; M = 100k (12-20 minutes, with the load)")
    w("BENCH_QUICK=1 make bench     # N = 1k, 10k; M = 20k; about 6 minutes (a first look)")
    w("BENCH_CLIENTS=kinformer,client-node BENCH_SKIP=callgrind,size sh bench/run.sh")
    w("```")
    w("")
    w("`bench/run.sh` installs what is missing (Debian: valgrind, time, gnuplot-nox, python3-kubernetes, "
      "curl; npm: @kubernetes/client-node 1.4.0 into bench/node/ from its package-lock.json) and runs "
      "`bench/run.py`, which copies kinformer.h, the tools and examples/minimal.c to `bench/out/src/` at start and builds "
      "its kwatch from that copy with the Makefile's flags, so that one run measures one version even when "
      "the tree changes meanwhile. Raw results: `bench/out/results.json`; callgrind files: "
      "`bench/out/callgrind.*.out`.")
    w("")
    L += multi_report(R)
    # issue 17's rows (bench/issue17.py, make bench-issue17) are kept across reruns
    extra = os.path.join(DOCS, "performance-issue17.md")
    if os.path.exists(extra):
        with open(extra) as f:
            L.append(f.read())
    # bench/gzip_link.py's block (make bench-gzip, and make bench after the report) and
    # bench/parse.c's (make bench-parse-doc) are kept
    if os.path.exists(REPORT):
        with open(REPORT) as f:
            old = f.read()
        for mark in ("gzip-link", "bench-parse"):
            m = re.search(r"<!-- %s -->.*?<!-- /%s -->" % (mark, mark), old, re.S)
            if m:
                L.append(m.group(0) + "\n")
    with open(REPORT, "w") as f:
        f.write("\n".join(L))
    log("wrote %s" % REPORT)


# ---------------------------------------------------------------- ten resources on one loop
MULTI_K = 10
MULTI_N = int(os.environ.get("BENCH_MULTI_N", "200" if QUICK else "1000"))   # objects per resource
MULTI_M = int(os.environ.get("BENCH_MULTI_M", "500" if QUICK else "2000"))   # events per resource
# kwatch's rows: one kwatch r0,...,r9 (a factory, ten informers, one poll loop)
MULTI_CLIENTS = {
    "kwatch-managed": {"label": "kwatch r0,...,r9 --keep-managed-fields", "kept": FULL + " (like the JS informer)",
                       "tuning": TUNED, "args": ["--keep-managed-fields"], "projected": False},
    "kwatch": {"label": "kwatch r0,...,r9", "kept": NO_MF + " (kwatch's default)", "tuning": TUNED, "args": [],
               "projected": False},
    "kwatch-keep": {"label": "kwatch r0,...,r9 --keep", "kept": "projected to %s" % KEEP.replace(",", ", "),
                    "tuning": TUNED, "args": ["--keep", KEEP], "projected": True},
    "kwatch-keep-defaults": {"label": "kwatch r0,...,r9 --keep --read-bytes 0 --no-prefault",
                             "kept": "projected to %s" % KEEP.replace(",", ", "), "tuning": LIB_DEFAULTS,
                             "args": ["--keep", KEEP, "--read-bytes", "0", "--no-prefault"], "projected": True},
    "client-node": {"label": "client-node 1.4.0: ten informers in one process", "kept": FULL + " (deserialized)",
                    "tuning": "", "args": [], "projected": False},
}


def multi_run_one(client, srv, tmp):
    """One run of the factory's benchmark: every resource listed (MULTI_N
    objects each), then MULTI_M events on each resource's watch; the client
    exits by itself once it has them all. Peak RSS and CPU from GNU time."""
    names = ",".join("r%d" % i for i in range(MULTI_K))
    srv.arm(MULTI_M)
    if client == "client-node":
        argv = ["node", "--expose-gc", os.path.join(HERE, "clients", "js_informer_multi.mjs"), srv.url, str(MULTI_K),
                str(MULTI_N), str(MULTI_M)]
    else:
        spec = MULTI_CLIENTS[client]
        argv = [KWATCH, "-s", srv.url, names, "-o", "none", "--stats", "--max-events",
                str(MULTI_K * (MULTI_N + MULTI_M))] + LISTWATCH
        argv += store_sizes(srv.kind, MULTI_N, srv.info, spec["projected"]) + spec["args"]
    rusage = os.path.join(tmp, "rusage-%s" % client)
    argv = ([TIME, "-f", "%M %U %S", "-o", rusage] if TIME else []) + argv
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=900, cwd=tmp)
    except subprocess.TimeoutExpired:
        return {"client": client, "ok": False, "error": "timeout"}
    res = {"client": client, "ok": False, "wall_s": time.monotonic() - t0}
    try:
        with open(rusage) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[0].isdigit():
                    res["peak_rss_kb"], res["cpu_s"] = int(parts[0]), float(parts[1]) + float(parts[2])
    except OSError:
        pass
    if client == "client-node":
        res["ok"] = p.returncode == 0 and ("DONE %d" % (MULTI_K * MULTI_M)) in p.stdout
    else:
        res["ok"] = p.returncode == 0
        mm = re.search(r"# stats factory informers=(\d+) synced=(\d+) .*informer_bytes=(\d+) fixed_bytes=(\d+) "
                       r"memory used=(\d+) capacity=(\d+)", p.stderr)
        if mm:
            res["informers"], res["synced"] = int(mm.group(1)), int(mm.group(2))
            res["informer_bytes"], res["fixed_bytes"] = int(mm.group(3)), int(mm.group(4))
            res["mem_used"] = int(mm.group(5))
            res["ok"] = res["ok"] and res["informers"] == MULTI_K and res["synced"] == MULTI_K
        res["store_used"] = sum(int(x) for x in re.findall(r"store_used=(\d+)", p.stderr))
    ws = [w for w in srv.stats()["watches"] if w[3]]
    res["streams"] = len(ws)
    res["ok"] = res["ok"] and len(ws) == MULTI_K
    if not res["ok"]:
        res["error"] = "exit %d, %d streams: %s" % (p.returncode, len(ws), (p.stderr or "")[-600:])
        log("  %s failed: %s" % (client, res["error"]))
    return res


def factory_sizes():
    """bench/factory_sizes.c, plain and with TLS: the factory's sizes from
    the sizing functions (bytes)."""
    out = {}
    for tls in (0, 1):
        if tls and not os.path.exists("/usr/include/bearssl.h"):
            continue
        exe = os.path.join(OUT, "factory_sizes%s" % ("-tls" if tls else ""))
        argv = [os.environ.get("CC", "cc"), "-std=c99", "-O1", "-I", SRC, "-o", exe, os.path.join(SRC, "factory_sizes.c")]
        argv += ["-DKINF_TLS_BEARSSL", "-lbearssl"] if tls else []
        r = subprocess.run(argv, capture_output=True, text=True)
        if r.returncode != 0:
            log("factory_sizes did not build: %s" % r.stderr[-400:])
            continue
        vals = {}
        for line in sh([exe]).splitlines():
            k, _, v = line.partition(" ")
            if v.strip().isdigit():
                vals[k] = int(v)
        out["tls" if tls else "plain"] = vals
    return out


def run_multi():
    log("multi: %d resources of %d pods each, %d events each" % (MULTI_K, MULTI_N, MULTI_M))
    srv = BenchServer("pods", MULTI_N, MULTI_M, resources=MULTI_K)
    tmp = tempfile.mkdtemp(prefix="bench-multi-")
    clients = [c for c in MULTI_CLIENTS if c != "client-node" or AVAILABLE.get("client-node")]
    out = {"k": MULTI_K, "n": MULTI_N, "m": MULTI_M, "list_bytes": srv.info["list_bytes"],
           "event_bytes": srv.info["event_bytes"], "runs": {c: [] for c in clients}}
    try:
        for r in range(RUNS):
            for c in clients:
                res = multi_run_one(c, srv, tmp)
                out["runs"][c].append(res)
                log("  %-22s run %d: peak %s MB, cpu %s s, wall %s s" % (
                    c, r + 1, fmt((res.get("peak_rss_kb") or 0) / 1024, 1), fmt(res.get("cpu_s")), fmt(res.get("wall_s"))))
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    out["sizes"] = factory_sizes()
    return out


def multi_report(R):
    mu = R.get("multi")
    L = []
    w = L.append
    if not mu:
        return L
    runs = mu["runs"]

    def med(c, key):
        return median([x.get(key) for x in runs.get(c, []) if x.get("ok")])
    js_rss, js_cpu = med("client-node", "peak_rss_kb"), med("client-node", "cpu_s")
    w("")
    w("## Ten resources on one loop (the factory)")
    w("")
    w("One kwatch watching ten resources (`kwatch r0,r1,...,r9`: discovery resolves the names, a factory "
      "holds ten informers, one poll loop) beside client-node with ten informers in one process, against "
      "the same server in the same run (interleaved). The server (`bench/server.py --resources 10`) serves "
      "the same %s pods (%s of JSON) under each of ten resources `r0`..`r9` of `bench.kinformer.dev/v1`, "
      "and then %s MODIFIED events on each resource's watch (%s objects and %s events in all). Each client "
      "exits by itself once it has every event. Peak RSS and CPU (user + system) from GNU time, the median "
      "of %d runs; the ratio is client-node's over the row's. kwatch's capacities are sized per informer as "
      "in the rows above (twice the expected data)." % (
          fmt(mu["n"], 0), "%.1f MB" % (mu["list_bytes"] / 1e6), fmt(mu["m"], 0), fmt(mu["k"] * mu["n"], 0),
          fmt(mu["k"] * mu["m"], 0), RUNS))
    w("")
    w("| Client | Objects kept | Tuning | Peak RSS (MB) | × less than client-node | CPU (s) | × less CPU | Wall (s) | ok runs | ≥ 30× RSS and ≥ 10× CPU |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for c, spec in MULTI_CLIENTS.items():
        if c not in runs:
            continue
        rss, cpu = med(c, "peak_rss_kb"), med(c, "cpu_s")
        ok = sum(1 for x in runs[c] if x.get("ok"))
        rr, rc = ratio(js_rss, rss), ratio(js_cpu, cpu)
        holds = "–" if c == "client-node" or rr is None or rc is None else \
            "yes" if rr >= 30 and rc >= 10 else "**no**"
        w("| %s | %s | %s | %s | %s | %s | %s | %s | %d/%d | %s |" % (
            spec["label"], spec["kept"], spec["tuning"] or "–", fmt((rss or 0) / 1024, 1) if rss else "–",
            fmt(ratio(js_rss, rss), 1) if c != "client-node" and ratio(js_rss, rss) else "–",
            fmt(cpu), fmt(ratio(js_cpu, cpu), 1) if c != "client-node" and ratio(js_cpu, cpu) else "–",
            fmt(med(c, "wall_s")), ok, len(runs[c]), holds))
    w("")
    w("Targets (issue 15): at least 30× less peak RSS and 10× less CPU than client-node for the same "
      "objects. Met by a row when both of its ratios are at least that; a row that keeps less than the JS "
      "informer (no managedFields, projected) is not like with like, and says so in its second column. "
      "A row that keeps the full objects cannot reach 30× here: their JSON alone is %.0f MB (with "
      "managedFields), against client-node's %s MB. Its peak follows the bytes its stores hold: a MODIFIED "
      "event's new version takes a block an earlier version freed, so `store_peak` stays close to `store_used` "
      "(`--stats`; each store is sized at twice its resource's JSON). The 1 MiB reads of kwatch's tuning cost up to 1 MiB per informer: ten here." % (
          mu["k"] * mu["list_bytes"] / 1e6, fmt((js_rss or 0) / 1024, 0)))
    w("")
    sz = mu.get("sizes") or {}
    if sz:
        w("The factory's own overhead per informer, from the sizing functions (`bench/factory_sizes.c`, "
          "the same program `tests/test_budget.sh` checks docs/factory.md with), x86_64:")
        w("")
        w("| Build | The factory's bookkeeping per informer | An informer beyond its store (event buffer included) | Of which TLS | Discovery |")
        w("|---|---|---|---|---|")
        for b in ("plain", "tls"):
            v = sz.get(b)
            if not v:
                continue
            w("| %s | %s | %s | %s | %s |" % ("over https (BearSSL)" if b == "tls" else "plain http", fmt(v.get("factory_per_informer"), 0),
                                           fmt(v.get("informer_beyond_store"), 0), fmt(v.get("tls_block"), 0),
                                           fmt(v.get("discovery"), 0)))
        w("")
    return L


def findings(R):
    """Observations drawn from this run's numbers."""
    out = []
    cg = R.get("callgrind", {})
    prof = cg.get("watch_noinline")
    if prof and prof.get("total"):
        groups = {}
        for ir, fn, where in prof["top"]:
            g = ("JSON scanning (kinf__scan_*, kinf__str_run, kinf__key_id, kinf__num_next)"
                 if fn.startswith(("kinf__scan", "kinf__str_run", "kinf__key_id", "kinf__num_next")) else
                 "jsmn (jsmn_*)" if fn.startswith("jsmn") else
                 "projection (kinf__pj_*, kinf__tok_*)" if fn.startswith(("kinf__pj", "kinf__tok")) else
                 "libc (memcpy/memmove/memset)" if where == "libc" else None)
            if g:
                groups[g] = groups.get(g, 0) + ir
        parts = ["%s %s %%" % (g, fmt(100.0 * v / prof["total"], 0)) for g, v in sorted(groups.items(), key=lambda x: -x[1])]
        parse = sum(v for g, v in groups.items() if g.startswith(("JSON", "jsmn"))) / prof["total"]
        if parts:
            out.append("Watch path, by instructions (-fno-inline build, the top 15 functions): " + ", ".join(parts) +
                       (". Reading the JSON bytes, not the socket, the store or the projection, bounds the rate."
                        if parse > 0.6 else "."))
    if cg.get("per_byte_event"):
        out.append("%s instructions per byte of event JSON (-O2): the curl ceiling of this server is %s MB/s, "
                   "so reaching 25 %% of it needs about %s MB/s." % (
                       fmt(cg["per_byte_event"], 1), fmt(R.get("watch-pods", {}).get("curl_mb_per_s"), 0),
                       fmt((R.get("watch-pods", {}).get("curl_mb_per_s") or 0) * 0.25, 0)))
    sync = R.get("sync", {})
    ns = [int(n) for n in sync if int(n)]
    if ns:
        n = max(ns)
        full, mf = sync[str(n)].get("kinformer", []), sync[str(n)].get("kinformer-managed", [])
        su0, su1 = summarize(full, "store_used"), summarize(mf, "store_used")
        t0, t1 = summarize(full, "sync_from_list_s"), summarize(mf, "sync_from_list_s")
        r0, r1 = summarize(full, "peak_rss_kb"), summarize(mf, "peak_rss_kb")
        if su0 and su1 and t0 and t1 and r0 and r1:
            out.append("Keeping managedFields (`--keep-managed-fields`) stores %s bytes a pod instead of %s "
                       "(+%s %%) and peaks at %s MB instead of %s at N=%s; the sync takes %s s instead of %s s." % (
                           fmt(su1 / n, 0), fmt(su0 / n, 0), fmt(100.0 * (su1 - su0) / su0, 0), fmt(r1 / 1024, 1),
                           fmt(r0 / 1024, 1), fmt(n, 0), fmt(t1, 3), fmt(t0, 3)))
        dft = sync[str(n)].get("kinformer-defaults", [])
        td = summarize(dft, "sync_from_list_s")
        wp_t = summarize(R.get("watch-pods", {}).get("clients", {}).get("kinformer", []), "events_per_s")
        wp_d = summarize(R.get("watch-pods", {}).get("clients", {}).get("kinformer-defaults", []), "events_per_s")
        if td and t0 and wp_t and wp_d:
            out.append("kwatch's tuning against the library's defaults (16 KiB reads, no prefault), full objects "
                       "without managedFields: the pod watch runs at %s events/s tuned, %s at the defaults "
                       "(%s×); the sync of %s pods takes %s s tuned, %s s at the defaults (%s×)." % (
                           fmt(wp_t, 0), fmt(wp_d, 0), fmt(wp_t / wp_d, 2), fmt(n, 0), fmt(t0, 3), fmt(td, 3),
                           fmt(td / t0, 2)))
        keep = sync[str(n)].get("kinformer-keep", [])
        base = sync.get("0", {}).get("kinformer-keep", [])
        su, rss, rss0 = summarize(keep, "store_used"), summarize(keep, "rss_settled_kb"), summarize(base, "rss_settled_kb")
        if su and rss and rss0:
            out.append("Projected to labels, nodeName and phase, a pod takes %s bytes of store (its block: a 16-byte "
                       "header, key, namespace, uid and resourceVersion as C strings, then the projected JSON, which "
                       "holds the kept paths only) and %s bytes of RSS in all at "
                       "N=%s; the rest is the 20-byte slot, its namespace index link (8 bytes) and the key and "
                       "index buckets written at init." % (
                           fmt(su / n, 0), fmt((rss - rss0) * 1024 / n, 0), fmt(n, 0)))
    return out


# ---------------------------------------------------------------- main
AVAILABLE = {}


def main():
    os.makedirs(OUT, exist_ok=True)
    if os.environ.get("BENCH_REPORT_ONLY"):  # rewrite the report from bench/out/results.json
        with open(os.path.join(OUT, "results.json")) as f:
            results = json.load(f)
        if results.get("quick") != QUICK or results.get("M") != M:
            raise SystemExit("bench: set BENCH_QUICK/BENCH_M as for the run that wrote results.json")
        results["findings"] = findings(results)
        results["plots"] = plot(results, os.path.join(DOCS, "perf-sync-time.png"), os.path.join(DOCS, "perf-rss.png"))
        write_report(results)
        return
    os.makedirs(DOCS, exist_ok=True)
    build = snapshot_build()
    for c in KIN:
        AVAILABLE[c] = os.access(KWATCH, os.X_OK)
    AVAILABLE["kubediff"] = os.access(KUBEDIFF, os.X_OK)
    AVAILABLE["client-node"] = bool(shutil.which("node")) and os.path.isdir(
        os.path.join(HERE, "node", "node_modules", "@kubernetes", "client-node"))
    AVAILABLE["python"] = sh([PYTHON_SYS, "-c", "import kubernetes; print(1)"]) == "1"
    AVAILABLE["kubectl"] = bool(shutil.which("kubectl"))
    for c, ok in AVAILABLE.items():
        if not ok:
            log("%s is not available: skipped" % c)
    if not AVAILABLE["kinformer"]:
        raise SystemExit("bench: kwatch did not build")
    t_start = time.monotonic()
    results = {"quick": QUICK, "M": M, "sync_ns": SYNC_NS, "machine": dict(machine(), **build), "sync": {},
               "list_bytes": {}, "findings": []}

    # sync: pods, N = 0 (the baseline of every client), 1k, 10k, 50k
    if "sync" not in SKIP:
        for n in SYNC_NS:
            log("sync: starting the server with %d pods" % n)
            srv = BenchServer("pods", n, 0)
            results["list_bytes"][str(n)] = srv.info["list_bytes"]
            if n:
                results["pod_bytes"] = srv.info["list_bytes"] / n
            if n == max(SYNC_NS):
                rates = curl_rate(srv, "/api/v1/pods", FAST_RUNS)
                if rates:
                    results["list-curl"] = {"n": n, "bytes": rates[0]["bytes"],
                                            "mb_per_s": median([r["mb_per_s"] for r in rates])}
            results["sync"][str(n)] = run_interleaved(srv, clients_for(n=n), n, lambda c: 0)
            if n == CALLGRIND_LIST_N and "callgrind" not in SKIP and shutil.which("valgrind"):
                log("callgrind: list of %d pods" % n)
                results.setdefault("callgrind", {})["list"] = callgrind(srv, n, 0, "list%d" % n)
            srv.stop()

    # watch: pods and configmaps
    for scn, kind in (("watch-pods", "pods"), ("watch-configmaps", "configmaps")):
        if "watch" in SKIP or (kind == "configmaps" and "configmaps" in SKIP):
            continue
        log("%s: starting the server with %d %s and %d events" % (scn, WATCH_N, kind, M))
        srv = BenchServer(kind, WATCH_N, M)
        info = srv.info
        s = {"event_size": info["event_bytes"] / max(1, info["events"]), "n": WATCH_N}
        if kind == "configmaps":
            results["cm_bytes"] = info["list_bytes"] / WATCH_N
        elif "pod_bytes" not in results:
            results["pod_bytes"] = info["list_bytes"] / WATCH_N
        s["curl"] = []

        def ceiling(r, kind=kind, s=s, srv=srv):
            # one curl run per round, just before kinformer's: the ceiling and
            # kinformer's rate are measured side by side, like the clients
            if r < FAST_RUNS:
                got = curl_rate(srv, "/api/v1/%s?watch=1" % kind, 1, events=M)
                s["curl"].append(got[0] if got else None)
                log("  curl ceiling run %d: %s MB/s" % (r + 1, fmt(got[0]["mb_per_s"], 0) if got else "–"))

        def m_for(c):
            cap = CLIENTS[c]["max_m"]
            return min(M, cap) if cap else M
        s["clients"] = run_interleaved(srv, clients_for(), WATCH_N, m_for, ceiling)
        s["curl_mb_per_s"] = median([c["mb_per_s"] for c in s["curl"] if c])
        # kinformer's rate over the curl run just before it, round by round
        # (the other kinformer rows run later in the same round: the same pairing)
        s["paired_ceiling_ratios_by_client"] = {
            kc: [k["mb_per_s"] / c["mb_per_s"] for k, c in zip(s["clients"].get(kc, []), s["curl"])
                 if c and k.get("ok") and k.get("mb_per_s")] for kc in KIN}
        s["paired_ceiling_ratios"] = s["paired_ceiling_ratios_by_client"].get("kinformer", [])
        s["curl"] = [c for c in s["curl"] if c]
        log("  curl ceiling %s MB/s (median)" % fmt(s["curl_mb_per_s"], 0))
        results[scn] = s
        if kind == "pods" and "callgrind" not in SKIP and shutil.which("valgrind"):
            log("callgrind: list of %d pods + %d events" % (WATCH_N, CALLGRIND_M))
            cg = results.setdefault("callgrind", {})
            cg["watch"] = callgrind(srv, WATCH_N, CALLGRIND_M, "watch%d" % CALLGRIND_M)
            cg["list_small"] = callgrind(srv, WATCH_N, 0, "list%d" % WATCH_N)
            prof = build_profile_kwatch()
            if prof:
                log("callgrind: the same with kwatch -fno-inline, for the function breakdown")
                cg["watch_noinline"] = callgrind(srv, WATCH_N, PROFILE_M, "noinline.watch%d" % PROFILE_M, prof)
                cg["list_noinline"] = callgrind(srv, WATCH_N, 0, "noinline.list%d" % WATCH_N, prof)
            ev_bytes = info["event_bytes"] / info["events"]
            if cg["watch"]["total"] and cg["list_small"]["total"]:
                cg["per_event"] = (cg["watch"]["total"] - cg["list_small"]["total"]) / CALLGRIND_M
                cg["per_byte_event"] = cg["per_event"] / ev_bytes
            if cg.get("list") and cg["list"]["total"]:
                cg["per_object"] = (cg["list"]["total"] - cg["list_small"]["total"]) / (CALLGRIND_LIST_N - WATCH_N)
                cg["per_byte_list"] = cg["per_object"] / results.get("pod_bytes", ev_bytes)
        srv.stop()

    if "multi" not in SKIP:
        results["multi"] = run_multi()

    if "issue17" not in SKIP:
        # watch-list, metadata-only, warm start: bench/issue17.py writes
        # docs/performance-issue17.md, which the report takes in
        floor_exe = os.path.join(OUT, "snapfloor")
        rc = subprocess.call(["cc", "-O2", "-o", floor_exe, os.path.join(HERE, "snapfloor.c")])
        env = dict(os.environ, KWATCH=KWATCH, SNAPFLOOR=floor_exe)
        if QUICK:
            env.setdefault("BENCH_RUNS", "1")
        log("issue17: bench/issue17.py --write")
        rc = rc or subprocess.call([sys.executable, os.path.join(HERE, "issue17.py"), "--write"], env=env)
        if rc:
            log("issue17: failed (exit %s): docs/performance-issue17.md kept as it was" % rc)

    if "size" not in SKIP:
        log("size: compiling kwatch and minimal at -Os/-O2, with and without TLS")
        results["size"] = sizes()

    results["plots"] = plot(results, os.path.join(DOCS, "perf-sync-time.png"), os.path.join(DOCS, "perf-rss.png"))
    results["elapsed_s"] = time.monotonic() - t_start
    results["machine"]["benchmark time"] = "%.0f s" % results["elapsed_s"]
    results["machine"]["load at end"] = sh("cat /proc/loadavg")
    results["findings"] = findings(results)
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    write_report(results)
    if "gzip" not in SKIP:
        # gzip vs identity on a 10 Mbit/s link: its block goes into the report just written
        log("gzip: bench/gzip_link.py --write")
        if subprocess.call([sys.executable, os.path.join(HERE, "gzip_link.py"), "--write", "--kwatch", KWATCH]):
            log("gzip: failed")
    log("done in %.0f s" % results["elapsed_s"])


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(1))
    main()
