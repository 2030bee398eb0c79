#!/usr/bin/env python3
"""soak.py - kinformer's fault soak: one long-running kwatch against tests/fakeapi.py.

    python3 tests/soak.py --minutes M [--kwatch build/kwatch-asan] [--seed S]
                          [--pods N] [--max-phases N] [--keep-logs] [--verbose]

One fake API server (--pods pods over 4 namespaces) and two kwatch processes
that live for the whole soak:
  main  pods, -o name -v, --list-limit 100, --idle-timeout 2, --watch-timeout 10,
        --max-object-bytes 65536 (so that the oversized fault takes the
        identity-only path) and --store-bytes about 3-4x the data size
        (400 pods hold about 1.6 MB; the churn keeps 200-600 of them);
  sel   pods -l 'tier in (web,db)' --keep metadata.labels,status.phase,
        --idle-timeout 2, --watch-timeout 7,
        --store-bytes 512 KiB (about 3x its data).

First a warm-up (not a test) churns at 300/s without faults until each
kwatch's RSS shows that its arena has been used to the end once. Then phases
run in a loop until the time is up. A phase churns (random rate 50-300/s) for
2-4 seconds and injects 1-3 random faults from: cut (count 1-3), stall (3-5 s,
longer than --idle-timeout 2), garbage, status 429 with Retry-After 1,
status 500 or 503, expire (a storm of 2-4 in-stream 410s in a row),
expire_http, restart (1-3 s, with compaction while the clients are away) and
oversized (one 100-250 kB pod). Both kwatch re-watch every 7-10 s
(--watch-timeout), so faults that act on the next request are used soon,
without a cut that would cost one more backoff (a one-event cut,
"cut(trigger)", is only the fallback). Then the phase waits until the server
has used every fault, stops the churn, waits for the resourceVersion to
settle and proves that each kwatch caught up, with the sentinel technique of
tests/integration.py (finish_with_sentinel; the sentinel here is one pod,
soak/zz-soak-sentinel, re-applied with a new RV each round; a round counts
when that exact RV is printed). Sentinels repeat until one arrives with
no LIST started since the previous one, i.e. through the watch. Then SIGUSR1
makes kwatch print its cache, which must equal GET /_fake/state for the same
path and selector byte for byte, and equal the replay of every ADDED /
MODIFIED / DELETED / DELETED! line kwatch has printed since it started.

After every phase, for each kwatch: the process is alive and printed no
sanitizer report; VmHWM (peak RSS) from /proc/PID/status stays below the
informer's memory capacity (from --stats, fixed by the descriptor) plus the
process overhead measured at start (the VmRSS of the same kwatch command,
once it has allocated its memory, against a socket that never answers) plus
256 KiB for kwatch's own heap (the dump array, stdio); after the first 2
phases VmRSS does not grow by more than 1 MiB over the rest of the soak; the
number of open descriptors stays <= the count after phase 1 + 1.

Each phase is one test; one more test, "final", stops both kwatch with
SIGTERM and checks their exit status (main: 3 if an oversized object was
counted, else 0; sel: 0), --stats (store_full=0, dropped=0, store_peak <=
store_capacity, memory used <= capacity) and sanitizer output. Prints a line
per phase, a summary, and as the last line "N passed, M failed" (exit 1 if
M > 0).

For a kwatch whose name contains "asan" the soak appends
quarantine_size_mb=0:thread_local_quarantine_size_kb=0 to ASAN_OPTIONS:
kwatch frees one array (about 40 kB) per SIGUSR1 dump, and ASan's quarantine
(256 MB, and 1 MB per thread even with quarantine_size_mb=0) would make RSS
grow by that much with every phase. The library itself never calls malloc
(its memory is one block), so the quarantine has nothing to watch there;
KINF_SELFCHECK checks the store instead.

kinformer backs off after every failed or broken request (800 ms doubling to
30 s, plus up to 100% jitter, reset only after 2 minutes without a failure),
so once a few phases have passed a phase takes 30-150 s, mostly waiting for a
backoff to end. A new phase starts only if it is expected to end before
--minutes is up (a few seconds plus the next backoff, predicted from the
last one kwatch logged), so the soak ends at about --minutes, give or take
half a minute (the short mode, --minutes 1.5, gets 3-6 phases;
--minutes 60 gets a few dozen).

Python 3.11 standard library only. Every process gets a timeout and is killed
in a finally; every wait and loop is bounded; only 127.0.0.1 is used. Logs go
to a temporary directory that is removed when everything passed (kept, and
named, otherwise or with --keep-logs).
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKEAPI = os.path.join(HERE, "fakeapi.py")

# kwatch's event lines, its cache dump, and how a dump or a replay differs: from the integration tests
sys.path.insert(0, HERE)
import integration  # noqa: E402
from integration import EVENT_RE, PATIENCE_CAP, Patience, apply_event, diff_summary, parse_dump, replay_diff  # noqa: E402

MIB = 1 << 20
SENTINEL_NS = "soak"
SENTINEL_NAME = "zz-soak-sentinel"
SENTINEL_KEY = "%s/%s" % (SENTINEL_NS, SENTINEL_NAME)
SEL_LABELS = "tier in (web,db)"
POD_PATH = "/api/v1/pods"
FAULT_KINDS = ["cut", "stall", "garbage", "status429", "status5xx", "expire", "expire_http",
               "restart", "oversized"]
HEAP_ALLOWANCE = 256 * 1024      # kwatch's own heap: the dump array, stdio buffers
WARM_SLACK = 192 * 1024          # warm-up: RSS within this of idle overhead + --store-bytes
RSS_GROWTH_MAX = 1 * MIB         # after the first 2 phases
CATCH_UP_TIMEOUT = 200           # kinformer backs off up to 60 s per failure (30 s cap, jitter 1.0):
                                 # a catch-up gives up after this long with no line from kwatch
DRAIN_TIMEOUT = 180
SANITIZER_RE = re.compile(r"AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|"
                          r"runtime error:|KINF_ASSERT|Assertion .* failed|SELFCHECK")
ITEM_RE = re.compile(r"^kwatch: (info|warning|error) ([A-Z_]+):")
CACHE_RE = re.compile(r"^# cache (\d+) objects$")

OPTS = None
PROCS = []


class SoakError(Exception):
    pass


def say(msg):
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def vlog(msg):
    if OPTS is not None and OPTS.verbose:
        say("# " + msg)


def kill_proc(p):
    if p is not None and p.poll() is None:
        try:
            p.kill()
        except OSError:
            pass
    if p is not None:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass


# ======================================================================
# The fake API server
# ======================================================================

class Server(integration.Server):
    """integration.Server with the soak's start-up, SoakError, and requests
    that wait out a restarting server."""
    Error = SoakError

    def __init__(self, tmp, seed, pods, namespaces, lifetime):
        self.dir = tmp
        self.port_file = os.path.join(tmp, "fakeapi.port")
        self.log_path = os.path.join(tmp, "fakeapi.log")
        args = [sys.executable, FAKEAPI, "--port", "0", "--port-file", self.port_file,
                "--lifetime", str(int(lifetime)), "--exit-with-parent", "--seed", str(seed),
                "--pods", str(pods), "--namespaces", str(namespaces), "--configmaps", "10"]
        self.logf = open(self.log_path, "wb")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.logf,
                                     stderr=subprocess.STDOUT)
        PROCS.append(self.proc)
        deadline = time.monotonic() + 60
        for _ in range(3000):
            if os.path.exists(self.port_file):
                break
            if self.proc.poll() is not None:
                raise SoakError("fakeapi exited with %s: %s" % (self.proc.returncode, self.log_tail()))
            if time.monotonic() > deadline:
                raise SoakError("fakeapi did not write its port file in 60 s")
            time.sleep(0.03)
        with open(self.port_file) as f:
            self.port = int(f.read().strip())
        self.ssl_ctx = None
        self.url = "http://127.0.0.1:%d" % self.port

    def request(self, method, path, params=None, body=None, timeout=20, retries=0, headers=None, patience=None):
        """One HTTP request; connection errors (the server is restarting) are
        retried for up to patience seconds: 40 for the control calls (which
        ask for retries), none for a single request."""
        if patience is None:
            patience = 40.0 if retries else 0.0
        url = self.url + path
        if params:
            url += "?" + urllib.parse.urlencode(params)
        data = None
        hdrs = {}
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        deadline = time.monotonic() + patience
        last = None
        for _ in range(1000):
            req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
            try:
                with urllib.request.urlopen(req, timeout=timeout) as r:
                    return r.status, r.read()
            except urllib.error.HTTPError as e:
                return e.code, e.read()
            except (urllib.error.URLError, OSError) as e:
                last = e
            if time.monotonic() > deadline or self.proc.poll() is not None:
                break
            time.sleep(0.2)
        raise SoakError("%s %s: %s (fakeapi %s)" % (method, path, last,
                                                    "exited" if self.proc.poll() is not None else "running"))

    def apply_sentinel(self, seq):
        """Creates or replaces the sentinel pod (tier=web, so that both watchers
        select it); returns its new resourceVersion."""
        obj = {"metadata": {"name": SENTINEL_NAME, "namespace": SENTINEL_NS,
                            "labels": {"app": "web", "tier": "web", "sentinel": "yes", "seq": str(seq)}},
               "spec": {"nodeName": "node-1", "restartPolicy": "Always",
                        "containers": [{"name": "web", "image": "docker.io/library/nginx:1.27.2"}]},
               "status": {"phase": "Running"}}
        data = self.ctl("POST", "apply", {"path": "/api/v1/namespaces/%s/pods" % SENTINEL_NS}, obj)
        return str(json.loads(data)["metadata"]["resourceVersion"])

    def close(self):
        if self.proc.poll() is None:
            try:
                self.request("POST", "/_fake/stop", timeout=2, patience=0)
            except Exception:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        kill_proc(self.proc)
        try:
            self.logf.close()
        except OSError:
            pass


# ======================================================================
# kwatch
# ======================================================================

def proc_status(pid):
    """(VmRSS, VmHWM) in bytes, or None if the process is gone."""
    try:
        with open("/proc/%d/status" % pid) as f:
            txt = f.read()
    except OSError:
        return None
    vals = {}
    for ln in txt.splitlines():
        k, _, v = ln.partition(":")
        if k in ("VmRSS", "VmHWM"):
            vals[k] = int(v.split()[0]) * 1024
    if "VmRSS" not in vals:
        return None           # a zombie
    return vals["VmRSS"], vals.get("VmHWM", vals["VmRSS"])


def exit_text(rc):
    if rc is None:
        return "alive"
    if rc < 0:
        try:
            return "killed by signal %d (%s)" % (-rc, signal.Signals(-rc).name)
        except ValueError:
            return "killed by signal %d" % -rc
    return "exited with status %d" % rc


def fd_count(pid):
    try:
        return len(os.listdir("/proc/%d/fd" % pid))
    except OSError:
        return -1


def kwatch_env():
    env = dict(os.environ)
    if "asan" in os.path.basename(OPTS.kwatch):
        extra = "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
        env["ASAN_OPTIONS"] = (env["ASAN_OPTIONS"] + ":" + extra) if env.get("ASAN_OPTIONS") else extra
    return env


def measure_overhead(args, tmp, name):
    """Runs the kwatch command against a listening socket that never answers: it
    allocates its memory, connects and waits. Returns (its VmRSS once it has
    connected, the largest of 5 samples over 0.5 s; the memory capacity from
    --stats)."""
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    p = None
    try:
        ls.bind(("127.0.0.1", 0))
        ls.listen(16)
        port = ls.getsockname()[1]
        out_path = os.path.join(tmp, "probe-%s.log" % name)
        with open(out_path, "wb") as out:
            p = subprocess.Popen([OPTS.kwatch, "--server", "http://127.0.0.1:%d" % port] + args +
                                 ["--timeout", "60"], stdin=subprocess.DEVNULL, stdout=out,
                                 stderr=subprocess.STDOUT, env=kwatch_env())
            PROCS.append(p)
            ls.settimeout(30)
            try:
                conn, _ = ls.accept()      # kinf_init is done: the memory is allocated
            except OSError:
                raise SoakError("overhead probe %s never connected (%s)" % (name, exit_text(p.poll())))
            rss = 0
            for _ in range(5):
                time.sleep(0.1)
                st = proc_status(p.pid)
                if p.poll() is not None or st is None:
                    raise SoakError("overhead probe %s exited early (%s)" % (name, exit_text(p.poll())))
                rss = max(rss, st[0])
            conn.close()
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                raise SoakError("overhead probe %s did not stop on SIGTERM" % name)
        with open(out_path, "rb") as f:
            txt = f.read().decode("utf-8", "replace")
        m = re.search(r"memory used=(\d+) capacity=(\d+)", txt)
        if not m:
            raise SoakError("overhead probe %s printed no memory stats: %s" % (name, txt[-400:]))
        return rss, int(m.group(2))
    finally:
        ls.close()
        kill_proc(p)


class Kwatch:
    """kwatch for the whole soak, stderr merged into stdout so that log items and
    event lines keep their order. A reader thread parses every line as it comes
    (and copies it to a log file); only bounded state is kept."""

    def __init__(self, name, url, args, tmp, selector=None):
        self.name = name
        self.selector = selector
        self.cmd = [OPTS.kwatch, "--server", url] + list(args)
        self.log_path = os.path.join(tmp, "kwatch-%s.log" % name)
        self.logf = open(self.log_path, "w", buffering=1 << 16)
        self.logf.write(" ".join(self.cmd) + "\n")
        self.cond = threading.Condition()
        # state, under cond
        self.nlines = 0
        self.events = 0
        self.final_unknown = 0
        self.replay = {}
        self.replay_errs = []
        self.list_starts = 0
        self.list_open = False
        self.sentinel_seen = {}        # RV -> list_starts when its line was read
        self.dumps = 0
        self.dump_text = None
        self.dump_replay = None
        self._dump_lines = None
        self.items = collections.Counter()
        self.sanitizer = None
        self._san_lines = 0
        self.tail = collections.deque(maxlen=60)
        self.stats_lines = []
        self.prev_item = None
        self.backoff_base = 0           # ms: the base of the last growing backoff
        self.backoff_at = 0.0
        self.life = "starting"          # listing | watching | backoff, from the log items
        self.life_since = time.monotonic()
        self.eof = False
        self.rc = None
        self.t0 = time.monotonic()
        vlog("%s: %s" % (name, " ".join(self.cmd)))
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=kwatch_env())
        PROCS.append(self.proc)
        self.pid = self.proc.pid
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # ------------------------------------------------------------ reader
    def _read(self):
        for raw in iter(self.proc.stdout.readline, b""):
            ln = raw.decode("utf-8", "replace").rstrip("\n")
            try:
                self.logf.write("%9.3f %s\n" % (time.monotonic() - self.t0, ln))
            except (OSError, ValueError):
                pass
            with self.cond:
                self._line(ln)
                self.cond.notify_all()
        with self.cond:
            self.eof = True
            self.cond.notify_all()

    def _line(self, ln):
        self.nlines += 1
        self.tail.append(ln)
        if self._san_lines:
            self.sanitizer += "\n" + ln
            self._san_lines -= 1
        if self._dump_lines is not None:
            if ln == "# end cache":
                self.dump_text = "\n".join(self._dump_lines) + "\n"
                self._dump_lines = None
                self.dumps += 1
            else:
                self._dump_lines.append(ln)
            return
        m = EVENT_RE.match(ln)
        if m:
            t, key, rv = m.groups()
            self.events += 1
            if t == "DELETED!":
                self.final_unknown += 1
            err = apply_event(self.replay, t, key, rv)
            if err:
                self._replay_err(err)
            if key == SENTINEL_KEY and t in ("ADDED", "MODIFIED"):
                self.sentinel_seen[rv] = self.list_starts
            return
        m = ITEM_RE.match(ln)
        if m:
            item = m.group(2)
            self.items[item] += 1
            if item == "LIST_START":
                self.list_starts += 1
                self.list_open = True
            elif item == "LIST_DONE":
                self.list_open = False
            life = {"LIST_START": "listing", "WATCH_START": "watching", "BACKOFF": "backoff"}.get(item)
            if life:
                self.life = life
                self.life_since = time.monotonic()
            if item == "BACKOFF":
                self._backoff(ln)
            self.prev_item = item
            return
        if CACHE_RE.match(ln):
            self._dump_lines = [ln]
            self.dump_replay = dict(self.replay)
            return
        if ln.startswith("# stats "):
            self.stats_lines.append(ln)
            return
        if self.sanitizer is None and SANITIZER_RE.search(ln):
            self.sanitizer = ln
            self._san_lines = 30

    def _backoff(self, ln):
        """kinformer's own backoff is base + jitter in [0, base), base = 800 ms
        doubling up to 30 s, reset after 2 minutes without a failure; a
        Retry-After (our 429s) or an idle timeout (0 ms) does not grow it. Only
        used to predict how long the next phase may take."""
        m = re.search(r"(\d+) ms", ln)
        if not m or self.prev_item == "TOO_MANY_REQUESTS":
            return
        d = int(m.group(1))
        if d < 800:
            return
        base = 800
        for _ in range(10):
            if d < 2 * base or base >= 30000:
                break
            base *= 2
        self.backoff_base = min(base, 30000)
        self.backoff_at = time.monotonic()

    def next_backoff_ms(self):
        """The base of the backoff kinformer would take after its next failure."""
        with self.cond:
            if not self.backoff_base or time.monotonic() - self.backoff_at > 120:
                return 800
            return min(2 * self.backoff_base, 30000)

    def _replay_err(self, msg):
        if len(self.replay_errs) < 20:
            self.replay_errs.append(msg)

    # ------------------------------------------------------------ queries
    def alive(self):
        return self.proc.poll() is None

    def describe(self):
        with self.cond:
            tail = list(self.tail)[-12:]
        return "[%s %s; last lines: %s]" % (self.name, exit_text(self.proc.returncode), " | ".join(tail))

    def wait_until(self, pred, timeout, quiet=None):
        """Waits (bounded) until pred() holds under the lock; returns its value or
        None after timeout seconds, or, with quiet, once kwatch printed nothing
        for quiet seconds (timeout is then the cap: integration.Patience)."""
        pat = Patience(timeout, quiet, lambda: self.nlines)
        with self.cond:
            for _ in range(10000000):
                v = pred()
                if v is not None:
                    return v
                left = pat.left()
                if left <= 0 or self.eof:
                    return None
                self.cond.wait(min(left, 0.5))
        return None

    def wait_sentinel(self, rv, quiet):
        """The list_starts count when "ADDED|MODIFIED sentinel RV" was read, or None.
        Bound by progress: kwatch prints its backlog first, a busy machine makes it long."""
        return self.wait_until(lambda: self.sentinel_seen.get(rv), max(PATIENCE_CAP, quiet), quiet)

    def wait_list_settled(self, quiet):
        return self.wait_until(lambda: True if not self.list_open else None, max(PATIENCE_CAP, quiet), quiet) is not None

    def request_dump(self, quiet=60):
        """SIGUSR1; returns (dump text without "# end cache", replayed events at that point)."""
        with self.cond:
            n = self.dumps
        try:
            self.proc.send_signal(signal.SIGUSR1)
        except OSError:
            return None, None
        ok = self.wait_until(lambda: True if self.dumps > n else None, max(PATIENCE_CAP, quiet), quiet)
        if not ok:
            return None, None
        with self.cond:
            return self.dump_text, self.dump_replay

    def stop(self, timeout=60):
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGTERM)
            except OSError:
                pass
        try:
            self.rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_proc(self.proc)
            self.rc = None
        self.reader.join(timeout=15)
        try:
            self.logf.close()
        except OSError:
            pass
        return self.rc

    def kill(self):
        kill_proc(self.proc)
        self.reader.join(timeout=5)
        try:
            self.logf.close()
        except OSError:
            pass

    def stats(self):
        d = {}
        with self.cond:
            lines = list(self.stats_lines)
        for ln in lines:
            for tok in ln[8:].split():
                if "=" in tok:
                    k, _, v = tok.partition("=")
                    d.setdefault(k, v)
        return d


# ======================================================================
# The soak
# ======================================================================

class Soak:
    def __init__(self, tmp):
        self.tmp = tmp
        self.rng = random.Random(OPTS.seed)
        self.srv = None
        self.kws = []
        self.results = []           # (name, ok)
        self.faults_ok = collections.Counter()
        self.faults_all = collections.Counter()
        self.objects_compared = 0
        self.sentinel_seq = 0
        self.mon = {}               # kw.name -> dict of measurements
        self.phase_durations = []

    # ------------------------------------------------------------ reporting
    def report(self, name, errs, detail=""):
        ok = not errs
        self.results.append((name, ok))
        if ok:
            say("ok - %s%s" % (name, (": " + detail) if detail else ""))
        else:
            reason = "; ".join(" ".join(str(e).split()) for e in errs)
            if len(reason) > 1500:
                reason = reason[:1500] + "..."
            say("not ok - %s: %s" % (name, reason))
        return ok

    # ------------------------------------------------------------ setup
    def setup(self):
        lifetime = OPTS.minutes * 60 + 900
        self.srv = Server(self.tmp, OPTS.seed, OPTS.pods, 4, lifetime)
        vlog("fakeapi at %s" % self.srv.url)
        # data size: pods are ~5000 bytes (about 4000 once managedFields are
        # dropped); the churn keeps between 0.5x and 1.5x --pods of them
        self.store_main = max(4 * MIB, ((OPTS.pods * 4000 * 4 + MIB - 1) // MIB) * MIB)
        self.store_sel = MIB // 2
        tmo = str(int(OPTS.minutes * 60 + 900))
        common = ["pods", "-o", "name", "-v", "--stats", "--idle-timeout", "2", "--max-objects", "4096"]
        self.args_main = common + ["--watch-timeout", "10", "--list-limit", "100", "--max-object-bytes", "65536",
                                   "--store-bytes", str(self.store_main)]
        self.args_sel = common + ["--watch-timeout", "7", "-l", SEL_LABELS, "--keep", "metadata.labels,status.phase",
                                  "--store-bytes", str(self.store_sel)]
        self.budget = {}
        for name, args in (("main", self.args_main), ("sel", self.args_sel)):
            rss0, cap = measure_overhead(args, self.tmp, name)
            self.budget[name] = (rss0, cap, cap + rss0 + HEAP_ALLOWANCE)
            say("# %s: memory capacity %d bytes, process overhead (idle VmRSS) %d KiB, budget %d KiB"
                % (name, cap, rss0 // 1024, (cap + rss0 + HEAP_ALLOWANCE) // 1024))
        self.main = Kwatch("main", self.srv.url, self.args_main + ["--timeout", tmo], self.tmp)
        self.sel = Kwatch("sel", self.srv.url, self.args_sel + ["--timeout", tmo], self.tmp,
                          selector=SEL_LABELS)
        self.kws = [self.main, self.sel]
        for kw in self.kws:
            self.mon[kw.name] = {"rss": [], "hwm": 0, "fds": [], "fd1": None, "rss2": None}
            ok = kw.wait_until(lambda kw=kw: True if kw.items["WATCH_START"] > 0 else None, PATIENCE_CAP, 120)
            if not ok:
                raise SoakError("%s never started watching %s" % (kw.name, kw.describe()))
        say("# fakeapi %s, %d pods in 4 namespaces; kwatch %s; seed %d; --store-bytes %d (main), %d (sel)"
            % (self.srv.url, OPTS.pods, OPTS.kwatch, OPTS.seed, self.store_main, self.store_sel))

    def warm_up(self):
        """Churns (300/s, no faults) until each kwatch's RSS has grown by about its
        --store-bytes over the idle overhead: its arena has been used to the end
        once (objects are allocated at the top until it is full, then compacted),
        so that RSS is flat from then on. Bounded to 90 s; not a test."""
        t0 = time.monotonic()
        want = {"main": self.budget["main"][0] + self.store_main - WARM_SLACK,
                "sel": self.budget["sel"][0] + self.store_sel - WARM_SLACK}
        self.srv.churn(300)
        rss = {}
        for _ in range(400):
            for kw in self.kws:
                st = proc_status(kw.pid)
                rss[kw.name] = st[0] if st else 0
            if (all(rss[n] >= want[n] for n in want) or time.monotonic() - t0 > 90
                    or not all(kw.alive() for kw in self.kws)):
                break
            time.sleep(0.25)
        say("# warm-up: churn 300/s for %.1f s: RSS main %.2f MiB (aim %.2f), sel %.2f MiB (aim %.2f)"
            % (time.monotonic() - t0, rss["main"] / MIB, want["main"] / MIB, rss["sel"] / MIB, want["sel"] / MIB))

    # ------------------------------------------------------------ faults
    def inject(self, kind, log, injected):
        srv = self.srv
        if kind == "cut":
            n = self.rng.randint(1, 3)
            srv.fault("cut", count=n)
            log.append("cut x%d" % n)
        elif kind == "stall":
            secs = round(self.rng.uniform(3, 5), 1)
            r = srv.fault("stall", seconds=secs, now=1)
            if r.get("stalled", 0) < 1:         # both in a backoff: stall their next stream
                srv.fault("stall", seconds=secs, count=1)
                log.append("stall %.1fs (next stream)" % secs)
            else:
                log.append("stall %.1fs (%d streams)" % (secs, r["stalled"]))
        elif kind == "garbage":
            srv.fault("garbage")
            log.append("garbage")
        elif kind == "status429":
            srv.fault("status", code=429, retry_after=1)
            log.append("429 Retry-After 1")
        elif kind == "status5xx":
            code = self.rng.choice([500, 503])
            srv.fault("status", code=code)
            log.append("%d" % code)
        elif kind == "expire":
            n = self.rng.randint(2, 4)
            for i in range(n):
                srv.fault("expire")
                if i + 1 < n:
                    time.sleep(self.rng.uniform(0.2, 0.6))
            log.append("expire x%d" % n)
        elif kind == "expire_http":
            srv.fault("expire_http")
            log.append("expire_http")
        elif kind == "restart":
            secs = round(self.rng.uniform(1, 3), 1)
            srv.fault("restart", seconds=secs, compact=1)
            time.sleep(0.3)
            srv.rv()             # waits (bounded) until it listens again
            log.append("restart %.1fs" % secs)
        elif kind == "oversized":
            size = self.rng.randint(100000, 250000)
            r = srv.fault("oversized", size=size)
            log.append("oversized %s %d B" % (r.get("key"), r.get("bytes", 0)))
        injected[kind] += 1

    def trigger(self, injected):
        """A one-event cut, so that a kwatch with a healthy watch makes a new request."""
        self.srv.fault("cut", count=1)
        injected["cut(trigger)"] += 1

    def drain_faults(self, errs, injected):
        """Waits until the server has used every fault. A pending cut needs watch
        events: a slow churn runs while one is pending and a kwatch watches. A
        fault for the next request is used by the next request: a kwatch
        re-watches every 7-10 s (--watch-timeout) and after every backoff; only
        if both have been watching for 15 s does a one-event cut make one of
        them reconnect. (More churn than that while a kwatch backs off for up
        to a minute would only compact its resourceVersion away.)"""
        deadline = time.monotonic() + DRAIN_TIMEOUT
        last_trigger = time.monotonic()
        rate = None
        pend = {}
        for _ in range(5000):
            pend = self.srv.pending_faults()
            now = time.monotonic()
            if not pend or now > deadline:
                break
            with self.main.cond, self.sel.cond:
                lives = [(kw.life, now - kw.life_since) for kw in self.kws]
            watching = any(life == "watching" for life, _ in lives)
            want = 20 if ("cut" in pend and watching) else 0
            if want != rate:
                self.srv.churn(want)
                rate = want
            if ("cut" not in pend and all(life == "watching" and dt > 15 for life, dt in lives)
                    and now - last_trigger > 15):
                self.trigger(injected)
                last_trigger = now
            time.sleep(0.3)
        if not pend:
            return True
        errs.append("faults still pending after %d s: %s" % (DRAIN_TIMEOUT, pend))
        return False

    # ------------------------------------------------------------ catch-up
    def catch_up(self, errs):
        """Sentinels until every kwatch got one through its watch (no LIST started
        since the previous one, whose LIST had completed): the cache is then the
        server's state and every change before it was delivered."""
        pending = [kw for kw in self.kws]
        prev = {}
        for _ in range(8):
            self.sentinel_seq += 1
            rv = self.srv.apply_sentinel(self.sentinel_seq)
            still = []
            for kw in pending:
                ls = kw.wait_sentinel(rv, CATCH_UP_TIMEOUT)
                if ls is None:
                    errs.append("%s: never printed the sentinel %s at RV %s %s"
                                % (kw.name, SENTINEL_KEY, rv, kw.describe()))
                    continue
                if not kw.wait_list_settled(CATCH_UP_TIMEOUT):
                    errs.append("%s: its LIST never completed %s" % (kw.name, kw.describe()))
                    continue
                if kw.name in prev and prev[kw.name] == ls:
                    continue            # through the watch: caught up
                prev[kw.name] = ls
                still.append(kw)
            pending = still
            if not pending:
                return not errs
        for kw in pending:
            errs.append("%s: still relisting after 8 sentinels %s" % (kw.name, kw.describe()))
        return False

    def compare(self, kw, errs):
        want = self.srv.state(POD_PATH, kw.selector)
        got, replay = kw.request_dump()
        if got is None:
            errs.append("%s: no dump after SIGUSR1 %s" % (kw.name, kw.describe()))
            return 0
        n = len(parse_dump(want))
        if got != want:
            errs.append("%s: dump differs from /_fake/state: %s" % (kw.name, diff_summary(got, want)))
        differ = replay_diff(replay, parse_dump(got))
        if differ:
            errs.append("%s: replayed events differ from the dump: %s" % (kw.name, differ))
        with kw.cond:
            rerrs = list(kw.replay_errs)
        if rerrs:
            errs.append("%s: inconsistent event stream, e.g. %s" % (kw.name, rerrs[:3]))
        return n

    # ------------------------------------------------------------ process checks
    def check_process(self, kw, phase, errs):
        m = self.mon[kw.name]
        if not kw.alive():
            errs.append("%s: %s %s" % (kw.name, exit_text(kw.proc.returncode), kw.describe()))
            return "dead"
        with kw.cond:
            san = kw.sanitizer
        if san:
            errs.append("%s: sanitizer/selfcheck output: %s" % (kw.name, san[:800]))
        st = proc_status(kw.pid)
        fds = fd_count(kw.pid)
        if st is None or fds < 0:
            errs.append("%s: cannot read /proc/%d" % (kw.name, kw.pid))
            return "?"
        rss, hwm = st
        rss0, cap, budget = self.budget[kw.name]
        m["rss"].append(rss)
        m["hwm"] = max(m["hwm"], hwm)
        m["fds"].append(fds)
        if hwm > budget:
            errs.append("%s: peak RSS %d KiB > budget %d KiB (capacity %d + overhead %d KiB + %d KiB)"
                        % (kw.name, hwm // 1024, budget // 1024, cap, rss0 // 1024, HEAP_ALLOWANCE // 1024))
        if phase == 1:
            m["fd1"] = fds
        elif m["fd1"] is not None and fds > m["fd1"] + 1:
            try:
                fdl = sorted(os.readlink("/proc/%d/fd/%s" % (kw.pid, f)) for f in os.listdir("/proc/%d/fd" % kw.pid))
            except OSError:
                fdl = []
            errs.append("%s: %d open descriptors, %d after phase 1 (leak?) %s"
                        % (kw.name, fds, m["fd1"], fdl))
        if phase == 2:
            m["rss2"] = rss
        elif m["rss2"] is not None and rss > m["rss2"] + RSS_GROWTH_MAX:
            errs.append("%s: RSS grew to %d KiB, %d KiB after phase 2 (> +%d KiB)"
                        % (kw.name, rss // 1024, m["rss2"] // 1024, RSS_GROWTH_MAX // 1024))
        return "rss %.1f MiB, hwm %.1f MiB, fds %d" % (rss / MIB, hwm / MIB, fds)

    # ------------------------------------------------------------ one phase
    def phase(self, i):
        t0 = time.monotonic()
        errs = []
        log = []
        kinds = self.rng.sample(FAULT_KINDS, self.rng.randint(1, 3))
        rate = self.rng.randint(50, 300)
        secs = round(self.rng.uniform(2.0, 4.0), 1)
        compared = 0
        procs = []
        injected = collections.Counter()
        try:
            self.srv.churn(rate)
            t_end = time.monotonic() + secs
            time.sleep(self.rng.uniform(0.3, 1.0))
            for k in kinds:
                self.inject(k, log, injected)
                time.sleep(self.rng.uniform(0.1, 0.6))
            left = t_end - time.monotonic()
            if left > 0:
                time.sleep(left)
            self.drain_faults(errs, injected)
            self.srv.quiesce()
            if self.catch_up(errs):
                for kw in self.kws:
                    compared += self.compare(kw, errs)
        except SoakError as e:
            errs.append(str(e))
        except Exception as e:       # a bug of this script: report it, go on
            errs.append("soak.py internal error: %s" % "".join(
                traceback.format_exception_only(type(e), e)).strip())
            say("# " + traceback.format_exc().replace("\n", "\n# "))
        for kw in self.kws:
            procs.append("%s %s" % (kw.name, self.check_process(kw, i, errs)))
        dt = time.monotonic() - t0
        self.phase_durations.append(dt)
        self.faults_all.update(injected)
        if not errs:
            self.faults_ok.update(injected)
            self.objects_compared += compared
        name = "phase %d: churn %d/s %.1f s, faults: %s" % (i, rate, secs, ", ".join(log) or "-")
        self.report(name, errs, "%d objects compared; %s; %.1f s" % (compared, "; ".join(procs), dt))
        return all(kw.alive() for kw in self.kws)

    # ------------------------------------------------------------ the end
    def final(self):
        errs = []
        for kw in self.kws:
            rc = kw.stop(60)
            st = kw.stats()
            with kw.cond:
                san = kw.sanitizer
            if san:
                errs.append("%s: sanitizer/selfcheck output: %s" % (kw.name, san[:800]))
            try:
                oversized = int(st["oversized"])
                store_full, dropped = int(st["store_full"]), int(st["dropped"])
                used, peak, scap = int(st["store_used"]), int(st["store_peak"]), int(st["store_capacity"])
                mem_used, mem_cap = int(st["used"]), int(st["capacity"])
            except (KeyError, ValueError):
                errs.append("%s: no --stats printed (exit %s) %s" % (kw.name, rc, kw.describe()))
                continue
            want_rc = 3 if (kw is self.main and oversized > 0) else 0
            if rc != want_rc:
                errs.append("%s: exit status %s, want %d %s" % (kw.name, rc, want_rc, kw.describe()))
            if kw is self.sel and oversized:
                errs.append("sel: stats oversized=%d, want 0" % oversized)
            if store_full or dropped:
                errs.append("%s: stats store_full=%d dropped=%d, want 0" % (kw.name, store_full, dropped))
            if not (used <= scap and peak <= scap):
                errs.append("%s: store_used=%d store_peak=%d store_capacity=%d" % (kw.name, used, peak, scap))
            rss0, cap, _ = self.budget[kw.name]
            if mem_used > mem_cap or mem_cap != cap:
                errs.append("%s: memory used=%d capacity=%d (the probe said capacity %d)"
                            % (kw.name, mem_used, mem_cap, cap))
            self.mon[kw.name]["stats"] = st
        self.report("final: both kwatch stop cleanly (SIGTERM), --stats within capacity", errs)

    def summary(self, t_start):
        n = len(self.phase_durations)
        say("# soak summary: %d phases in %.1f s, seed %d, %s" % (n, time.monotonic() - t_start, OPTS.seed,
                                                                 OPTS.kwatch))
        kinds = sorted(set(self.faults_all))
        say("# faults survived by kind (injected): %s" % ", ".join(
            "%s=%d (%d)" % (k, self.faults_ok.get(k, 0), self.faults_all[k]) for k in kinds))
        say("# objects compared: %d" % self.objects_compared)
        if n < 3:
            say("# RSS growth not checked: it is measured from the end of phase 2 on, and there were %d phases" % n)
        for kw in self.kws:
            m = self.mon.get(kw.name, {})
            rss, fds = m.get("rss") or [0], m.get("fds") or [0]
            st = m.get("stats", {})
            with kw.cond:
                items = kw.items
                say("# %s: RSS min %.2f max %.2f MiB (peak %.2f, budget %.2f), fds min %d max %d, "
                    "events %d (DELETED! %d), lists %d, %s" % (
                        kw.name, min(rss) / MIB, max(rss) / MIB, m.get("hwm", 0) / MIB,
                        self.budget.get(kw.name, (0, 0, 0))[2] / MIB, min(fds), max(fds), kw.events,
                        kw.final_unknown, items["LIST_START"],
                        " ".join("%s=%d" % (k, items[k]) for k in (
                            "CONNECTION_CLOSED", "IDLE_TIMEOUT", "EVENT_MALFORMED", "TOO_MANY_REQUESTS",
                            "SERVER_ERROR", "RV_EXPIRED", "CONTINUE_EXPIRED", "CONNECT_FAILED",
                            "OBJECT_TOO_LARGE", "BACKOFF") if items[k])))
            if st:
                say("# %s stats: relists=%s reconnects=%s backoffs=%s oversized=%s store_peak=%s/%s "
                    "memory=%s/%s" % (kw.name, st.get("relists"), st.get("reconnects"), st.get("backoffs"),
                                      st.get("oversized"), st.get("store_peak"), st.get("store_capacity"),
                                      st.get("used"), st.get("capacity")))

    # ------------------------------------------------------------ loop
    def run(self):
        t_start = time.monotonic()
        deadline = t_start + OPTS.minutes * 60
        try:
            try:
                self.setup()
            except SoakError as e:
                self.report("setup", [str(e)])
                return
            self.warm_up()
            i = 0
            for _ in range(OPTS.max_phases):
                now = time.monotonic()
                # a phase mostly waits for kinformer's backoffs, which only grow
                # while failures come less than 2 minutes apart: expect the next
                # phase to take a few seconds plus one backoff (base + jitter
                # in [0, base), 1.5x the base on average)
                nb = max(kw.next_backoff_ms() for kw in self.kws) / 1000.0
                est = 8 + 1.5 * nb
                if i > 0 and now + est > deadline:
                    break
                i += 1
                if not self.phase(i):
                    say("# a kwatch is gone: no more phases")
                    break
            self.final()
            self.summary(t_start)
        finally:
            for kw in self.kws:
                kw.kill()
            if self.srv:
                self.srv.close()


def main():
    global OPTS
    ap = argparse.ArgumentParser(description="kinformer fault soak (kwatch against tests/fakeapi.py)")
    ap.add_argument("--minutes", type=float, default=1.5)
    ap.add_argument("--kwatch", default=os.path.join(ROOT, "build", "kwatch"))
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--pods", type=int, default=400)
    ap.add_argument("--max-phases", type=int, default=100000)
    ap.add_argument("--keep-logs", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    OPTS = ap.parse_args()
    if OPTS.seed is None:
        OPTS.seed = int.from_bytes(os.urandom(3), "big")
    OPTS.kwatch = os.path.abspath(OPTS.kwatch)
    if not os.access(OPTS.kwatch, os.X_OK):
        say("not ok - kwatch binary: %s is not executable (make build/kwatch build/kwatch-asan)" % OPTS.kwatch)
        say("0 passed, 1 failed")
        return 1

    def on_term(sig, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, on_term)
    tmp = tempfile.mkdtemp(prefix="kinf-soak-")
    soak = Soak(tmp)
    try:
        soak.run()
    except KeyboardInterrupt:
        soak.results.append(("interrupted", False))
        say("not ok - interrupted")
    except Exception as e:           # a bug of this script: still end with the counts
        soak.results.append(("internal error", False))
        say("not ok - soak.py internal error: %s" % "".join(traceback.format_exception_only(type(e), e)).strip())
        say("# " + traceback.format_exc().replace("\n", "\n# "))
    finally:
        for p in PROCS:
            kill_proc(p)
    passed = sum(1 for _, ok in soak.results if ok)
    failed = sum(1 for _, ok in soak.results if not ok)
    if failed or OPTS.keep_logs:
        say("# logs kept in %s" % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    say("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
