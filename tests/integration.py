#!/usr/bin/env python3
"""integration.py - kinformer's integration tests: kwatch against tests/fakeapi.py.

    python3 tests/integration.py [--kwatch build/kwatch] [--quick] [--valgrind]
                                 [--jobs N] [--only SUBSTRING] [--verbose]

Prints "ok - NAME" or "not ok - NAME: reason" per test and, as the last line,
"N passed, M failed" (exit status 1 when M > 0). Python standard library only.

How a scenario decides "nothing lost, nothing phantom" without any timing
assertion: kwatch runs with `-o name --dump-on-exit -v`, its stderr merged into
its stdout so that log lines and event lines keep their order. The test drives
churn and faults through fakeapi's control API, then stops the churn, waits
until the server's resourceVersion no longer moves, creates a sentinel object
that kwatch watches and waits (bounded) until kwatch prints
`ADDED <sentinel key> ...` and its last LIST is complete (LIST_DONE logged).
Sentinels are repeated until one arrived with no LIST started since the
previous one, i.e. through the watch: watch events arrive in resourceVersion
order and the FIFO delivers in order, so at that moment kwatch's cache must be
exactly the server's state and every change must have been delivered. kwatch
gets SIGTERM and prints its cache; the dump is compared byte for byte with
/_fake/state for the same path and selectors, and the handler events it printed
are replayed: they must be a consistent add/update/delete history ending in the
same keys and RVs. Counters from --stats and logged items are checked where a
fault must have had an effect.

--valgrind wraps kwatch in `valgrind --error-exitcode=99 --leak-check=full
--errors-for-leak-kinds=definite` and runs only the churn and the cut scenarios.
--only NAME (repeatable) runs the scenarios whose name contains NAME; --verbose
keeps the logs (fakeapi's and every kwatch's output) and says where.

Every server gets --port 0 --port-file, a bounded --lifetime and
--exit-with-parent; every process is killed in a finally; every wait has a
timeout and every loop a bound in count and time. A wait whose length grows
with the work before it (a backlog of changes a tool has yet to print, a
webhook's receiver catching up) is bounded by progress instead of the clock
(Patience): it goes on while the output grows and gives up only after QUIET
seconds with nothing new, or at a cap. A busy machine (another make test
beside this one) slows such a wait tenfold and more; a fixed deadline near
its usual length fails there for no fault of the code.
"""

import argparse
import concurrent.futures
import functools
import json
import os
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
from proxy import ESTABLISHED as PROXY_ESTABLISHED, ConnectProxy, basic  # noqa: E402 (tests/proxy.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKEAPI = os.path.join(HERE, "fakeapi.py")

OPTS = None                 # parsed command line
SLOW = 1.0                  # bounds are multiplied by this (valgrind: more)
TMP = None                  # the run's scratch directory
PRINT_LOCK = threading.Lock()
RESULTS = []                # (name, ok, reason)
PROCS = []                  # every Popen we started, killed in the end
PROCS_LOCK = threading.Lock()
SANITIZER_RE = re.compile(r"AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|"
                          r"runtime error:|ERROR SUMMARY: [1-9]|definitely lost: [1-9]")
EVENT_RE = re.compile(r"^(ADDED|MODIFIED|DELETED|DELETED!) (\S+) (\S+)$")
# A progress-bound wait gives up after QUIET seconds with nothing new: longer
# than the tools' --idle-timeout (90 s), so that a stream that went silent
# and was reconnected is progress still; and after PATIENCE_CAP in all (x SLOW).
QUIET = 120
PATIENCE_CAP = 600


class TestFailure(Exception):
    pass


def log(msg):
    if OPTS is not None and OPTS.verbose:
        with PRINT_LOCK:
            for ln in str(msg).splitlines():
                sys.stdout.write("# %s\n" % ln)
            sys.stdout.flush()


def report(name, ok, reason=""):
    reason = " ".join(str(reason).split())
    if len(reason) > 600:
        reason = reason[:600] + "..."
    with PRINT_LOCK:
        RESULTS.append((name, ok, reason))
        if ok:
            sys.stdout.write("ok - %s\n" % name)
        else:
            sys.stdout.write("not ok - %s: %s\n" % (name, reason or "failed"))
        sys.stdout.flush()


def register(p):
    with PROCS_LOCK:
        PROCS.append(p)


def kill_all():
    with PROCS_LOCK:
        procs = list(PROCS)
    for p in procs:
        if p.poll() is None:
            try:
                p.kill()
            except OSError:
                pass
    for p in procs:
        try:
            p.wait(timeout=10)
        except (subprocess.TimeoutExpired, OSError):
            pass


class Patience:
    """When a wait gives up: timeout seconds after it began, or, with quiet,
    quiet seconds after progress() last changed, timeout then being only a
    cap (both times SLOW). progress() is what the waited-for work shows of
    itself: lines printed, bodies received."""

    def __init__(self, timeout, quiet=None, progress=None):
        now = time.monotonic()
        self.end = now + timeout * SLOW
        self.quiet = None if quiet is None else quiet * SLOW
        self.progress = progress
        self.seen = progress() if quiet is not None else None
        self.since = now

    def left(self):
        """Seconds left (<= 0: give up); a change in progress() restarts the quiet time."""
        now = time.monotonic()
        if self.quiet is None:
            return self.end - now
        cur = self.progress()
        if cur != self.seen:
            self.seen, self.since = cur, now
        return min(self.end, self.since + self.quiet) - now


class Checks:
    """Collects failed checks of one test; report() prints one line."""

    def __init__(self, name):
        self.name = name
        self.errs = []

    def check(self, cond, msg):
        if not cond:
            self.errs.append(msg)
        return bool(cond)

    def fail(self, msg):
        self.errs.append(msg)

    def report(self):
        report(self.name, not self.errs, "; ".join(self.errs))
        return not self.errs


# ======================================================================
# The fake API server
# ======================================================================

class Server:
    """The fake API server process and its control API. tests/soak.py derives
    its own from it (another start-up, patient retries, its own error)."""
    Error = TestFailure
    _n = 0
    _n_lock = threading.Lock()

    def __init__(self, name, pods=50, namespaces=3, configmaps=10, extra=(), lifetime=None):
        with Server._n_lock:
            Server._n += 1
            n = Server._n
        self.name = name
        self.dir = os.path.join(TMP, "srv%d-%s" % (n, name))
        os.makedirs(self.dir, exist_ok=True)
        self.port_file = os.path.join(self.dir, "port")
        self.log_path = os.path.join(self.dir, "fakeapi.log")
        self.sentinels = 0
        if lifetime is None:
            lifetime = 900 * SLOW       # the suite's own bound: a slow scenario never outlives its server
        args = [sys.executable, FAKEAPI, "--port", "0", "--port-file", self.port_file,
                "--lifetime", str(int(lifetime)), "--exit-with-parent", "--seed", str(n),
                "--pods", str(pods), "--namespaces", str(namespaces),
                "--configmaps", str(configmaps)] + list(extra)
        self.logf = open(self.log_path, "wb")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.logf,
                                     stderr=subprocess.STDOUT)
        register(self.proc)
        deadline = time.monotonic() + 90
        for _ in range(3000):
            if os.path.exists(self.port_file):
                break
            if self.proc.poll() is not None:
                raise self.Error("fakeapi exited with %s: %s" % (self.proc.returncode, self.log_tail()))
            if time.monotonic() > deadline:
                raise self.Error("fakeapi did not write its port file")
            time.sleep(0.03)
        with open(self.port_file) as f:
            self.port = int(f.read().strip())
        self.ssl_ctx = None
        if "--tls" in extra:
            import ssl
            ca = list(extra)[list(extra).index("--ca-file") + 1]
            self.ssl_ctx = ssl.create_default_context(cafile=ca)
            self.url = "https://127.0.0.1:%d" % self.port
        else:
            self.url = "http://127.0.0.1:%d" % self.port

    def log_tail(self, n=600):
        try:
            with open(self.log_path, "rb") as f:
                return f.read()[-n:].decode("utf-8", "replace")
        except OSError:
            return ""

    # ------------------------------------------------------------ HTTP
    def request(self, method, path, params=None, body=None, timeout=20, retries=0, headers=None):
        url = self.url + path
        if params:
            url += "?" + urllib.parse.urlencode(params)
        data = None
        hdrs = dict(headers or {})
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        last = None
        for attempt in range(retries + 1):
            req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
            try:
                with urllib.request.urlopen(req, timeout=timeout, context=self.ssl_ctx) as r:
                    return r.status, r.read()
            except urllib.error.HTTPError as e:
                return e.code, e.read()
            except (urllib.error.URLError, OSError) as e:
                last = e
                if attempt < retries:
                    time.sleep(0.2)
        raise self.Error("%s %s: %s" % (method, path, last))

    def ctl(self, method, op, params=None, body=None, retries=3, want=(200, 201)):
        code, data = self.request(method, "/_fake/" + op, params, body, retries=retries)
        if code not in want:
            raise self.Error("/_fake/%s %s -> %d %s" % (op, params, code, data[:300]))
        return data

    def ctl_json(self, method, op, params=None, body=None, retries=3):
        return json.loads(self.ctl(method, op, params, body, retries))

    def rv(self):
        return int(self.ctl("GET", "rv").decode().strip())

    def stats(self):
        return self.ctl_json("GET", "stats")

    def state(self, path, lsel=None, fsel=None):
        q = {"path": path}
        if lsel:
            q["labelSelector"] = lsel
        if fsel:
            q["fieldSelector"] = fsel
        return self.ctl("GET", "state", q).decode()

    def churn(self, rate, seconds=None):
        q = {"rate": str(rate)}
        if seconds is not None:
            q["seconds"] = str(seconds)
        return self.ctl_json("POST", "churn", q)

    def quiesce(self):
        """Stops the churn and waits until the server's resourceVersion stays put."""
        self.churn(0)
        last = self.rv()
        deadline = time.monotonic() + 30
        for _ in range(200):
            time.sleep(0.4)
            cur = self.rv()
            if cur == last:
                return cur
            last = cur
            if time.monotonic() > deadline:
                break
        raise self.Error("the churn did not stop: resourceVersion still moving")

    def fault(self, kind, **params):
        q = {"kind": kind}
        q.update({k: str(v) for k, v in params.items()})
        return self.ctl_json("POST", "fault", q)

    def pending_faults(self):
        return self.ctl_json("GET", "fault").get("pending", {}) or {}

    def wait_faults_drained(self, quiet=QUIET, progress=None):
        """Waits until every injected fault has been used; False if not. Bound by
        progress: gives up after quiet seconds in which no fault was used and
        progress() (the client's printed lines: its relists and backoffs) did
        not move, or at PATIENCE_CAP."""
        pend = {}
        pat = Patience(PATIENCE_CAP, quiet, lambda: (json.dumps(pend, sort_keys=True), progress() if progress else 0))
        for _ in range(100000):
            pend = self.pending_faults()
            if not pend:
                return True
            if pat.left() <= 0:
                return False
            time.sleep(0.2)
        return False

    def restart(self, seconds, compact=False, timeout=60):
        """The restart fault: the server closes every connection, refuses
        connects for seconds (compacting its history if asked) and listens
        again. Returns True once it has restarted (its restart count moved),
        False if it had not timeout seconds after its downtime. A fixed sleep
        would race the restart on a busy machine: its thread may not yet have
        stopped listening, or not yet listen again."""
        n0 = self.stats().get("restarts", 0)
        params = {"seconds": seconds}
        if compact:
            params["compact"] = 1
        self.fault("restart", **params)
        deadline = time.monotonic() + (seconds + timeout) * SLOW
        for _ in range(100000):
            try:
                code, data = self.request("GET", "/_fake/stats", timeout=2)
                if code == 200 and json.loads(data).get("restarts", 0) > n0:
                    return True
            except (self.Error, ValueError):
                pass
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return False

    def apply(self, path, obj):
        return json.loads(self.ctl("POST", "apply", {"path": path}, obj))

    def delete(self, path):
        return json.loads(self.ctl("POST", "delete", {"path": path}))

    def get(self, path):
        code, data = self.request("GET", path)
        if code != 200:
            raise self.Error("GET %s -> %d" % (path, code))
        return json.loads(data)

    def watch_count(self, plural):
        return self.stats().get("by_resource", {}).get("watch", {}).get(plural, 0)

    def list_count(self, plural):
        return self.stats().get("by_resource", {}).get("list", {}).get(plural, 0)

    def lists_any(self, plural):
        """(Re)lists of either kind: LIST requests and watch-lists (sendInitialEvents=true)."""
        by = self.stats().get("by_resource", {})
        return by.get("list", {}).get(plural, 0) + by.get("watch_list", {}).get(plural, 0)

    def wait_up(self, timeout=30):
        deadline = time.monotonic() + timeout * SLOW
        for _ in range(1000):
            try:
                code, _ = self.request("GET", "/_fake/rv", timeout=2)
                if code == 200:
                    return True
            except self.Error:
                pass
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return False

    def close(self):
        if self.proc.poll() is None:
            try:
                self.request("POST", "/_fake/stop", timeout=2)
            except Exception:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                try:
                    self.proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
        try:
            self.logf.close()
        except OSError:
            pass

    # ------------------------------------------------------------ sentinels
    def sentinel_pod(self, ns="ns-1"):
        """A pod that every pod watcher of these tests selects: namespace ns-1,
        tier=web, status.phase=Running, spec.nodeName=node-1."""
        self.sentinels += 1
        name = "zz-sentinel-%d" % self.sentinels
        obj = {"metadata": {"name": name, "namespace": ns,
                            "labels": {"app": "web", "tier": "web", "sentinel": "yes"}},
               "spec": {"nodeName": "node-1", "restartPolicy": "Always",
                        "containers": [{"name": "web", "image": "docker.io/library/nginx:1.27.2"}]},
               "status": {"phase": "Running"}}
        self.apply("/api/v1/namespaces/%s/pods/%s" % (ns, name), obj)
        return "%s/%s" % (ns, name)

    def sentinel_configmap(self, ns="ns-1"):
        self.sentinels += 1
        name = "zz-sentinel-%d" % self.sentinels
        self.apply("/api/v1/namespaces/%s/configmaps/%s" % (ns, name),
                   {"metadata": {"name": name, "namespace": ns, "labels": {"app": "web"}},
                    "data": {"k": "v"}})
        return "%s/%s" % (ns, name)


# ======================================================================
# kwatch
# ======================================================================

def kwatch_prefix():
    if OPTS.valgrind:
        return ["valgrind", "--error-exitcode=99", "--leak-check=full",
                "--errors-for-leak-kinds=definite"]
    return []


class Kwatch:
    """kwatch in the background. With merge=True its stderr goes into the same pipe
    as its stdout, so that log lines and event lines keep their order (used to
    tell whether a LIST was still in progress when the sentinel showed up)."""

    def __init__(self, name, server_url, args, env=None, merge=False, binary=None, wrap=None):
        self._start(name, kwatch_prefix() + (wrap or []) + [binary or OPTS.kwatch], server_url, args, env, merge)

    def _start(self, name, head, server_url, args, env, merge):
        """Runs head + --server + args, its output read into lines (and err)."""
        self.name = name
        args = list(args)
        if "--timeout" not in args:
            # never outlive the suite, even if it is killed
            args += ["--timeout", str(int(900 * SLOW))]
        self.cmd = head + (["--server", server_url] if server_url else []) + args
        self.lines = []
        self.err = self.lines if merge else []
        self.merge = merge
        self.cond = threading.Condition()
        self.rc = None
        log("%s: %s" % (name, " ".join(self.cmd)))
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT if merge else subprocess.PIPE, env=env)
        register(self.proc)
        self.t_out = threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True)
        self.t_out.start()
        if merge:
            self.t_err = self.t_out
        else:
            self.t_err = threading.Thread(target=self._read, args=(self.proc.stderr, self.err), daemon=True)
            self.t_err.start()

    def _read(self, stream, sink):
        for raw in iter(stream.readline, b""):
            with self.cond:
                sink.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def printed(self):
        """Lines printed so far, stdout and stderr: the progress of a Patience."""
        return len(self.lines) + (0 if self.merge else len(self.err))

    def wait_for(self, pred, timeout, stream="out", quiet=None, since=0):
        """Waits until pred(line) holds for a line of stdout (or stderr) from line
        since on; returns it or None after timeout seconds, or, with quiet, once
        nothing was printed for quiet seconds (timeout is then the cap: Patience)."""
        sink = self.lines if stream == "out" else self.err
        pat = Patience(timeout, quiet, self.printed)
        seen = since
        with self.cond:
            for _ in range(10000000):
                while seen < len(sink):
                    if pred(sink[seen]):
                        return sink[seen]
                    seen += 1
                left = pat.left()
                if left <= 0 or (self.proc.poll() is not None and not self.t_out.is_alive()
                                 and not self.t_err.is_alive()):
                    return None
                self.cond.wait(min(left, 0.5))
        return None

    def wait_progress(self, pred, stream="out", quiet=QUIET, since=0):
        """wait_for bound by progress: waits as long as the process keeps printing,
        gives up after quiet seconds without a line (or at PATIENCE_CAP). For a
        line that comes after a backlog of the process's own output."""
        return self.wait_for(pred, max(PATIENCE_CAP, quiet), stream, quiet=quiet, since=since)

    def wait_event(self, etype, key, quiet=QUIET, rv=None):
        """Waits for "ETYPE KEY RV" (any RV unless rv is given), bound by progress."""
        if rv is not None:
            want = "%s %s %s" % (etype, key, rv)
            return self.wait_progress(lambda ln: ln == want, quiet=quiet)
        prefix = "%s %s " % (etype, key)
        return self.wait_progress(lambda ln: ln.startswith(prefix), quiet=quiet)

    def count_events(self):
        with self.cond:
            return sum(1 for ln in self.lines if EVENT_RE.match(ln))

    def wait(self, timeout=30):
        try:
            self.rc = self.proc.wait(timeout=timeout * SLOW)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            self.rc = None
        self.t_out.join(timeout=10)
        self.t_err.join(timeout=10)
        if OPTS.verbose:
            base = os.path.join(TMP, "kw-%d-%s" % (self.proc.pid, re.sub(r"[^A-Za-z0-9]+", "_", self.name)[:40]))
            with open(base + ".out", "w") as f:
                f.write(" ".join(self.cmd) + "\n" + "\n".join(self.out_lines()) + "\n")
            if not self.merge:
                with open(base + ".err", "w") as f:
                    f.write(" ".join(self.cmd) + "\n" + self.err_text() + "\n")
        return self.rc

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(sig)
            except OSError:
                pass
        return self.wait(timeout)

    def kill(self):
        if self.proc.poll() is None:
            try:
                self.proc.kill()
            except OSError:
                pass
        self.wait(10)

    def out_lines(self):
        with self.cond:
            return list(self.lines)

    def err_text(self):
        with self.cond:
            return "\n".join(self.err)

    def dump(self):
        """The "# cache N objects" line and the N lines after it."""
        lines = self.out_lines()
        for i in range(len(lines) - 1, -1, -1):
            m = re.match(r"^# cache (\d+) objects$", lines[i])
            if m:
                n = int(m.group(1))
                return "\n".join(lines[i:i + 1 + n]) + "\n"
        return None

    def list_settled(self, quiet=QUIET):
        """Needs merge=True and -v. Waits until every LIST_START has a LIST_DONE after
        it: the cache holds a whole list (a sentinel can arrive in the middle of a
        paginated LIST, before the keys that sort after it). Returns None or why not.
        Bound by progress: a LIST prints a line per object."""
        pat = Patience(max(PATIENCE_CAP, quiet), quiet, self.printed)
        with self.cond:
            for _ in range(1000000):
                ls = ld = -1
                for i in range(len(self.lines) - 1, -1, -1):
                    ln = self.lines[i]
                    if ld < 0 and "LIST_DONE" in ln and ln.startswith("kwatch:"):
                        ld = i
                    if "LIST_START" in ln and ln.startswith("kwatch:"):
                        ls = i
                        break
                if ls < 0:
                    return "no LIST_START in the output (test bug: needs merge=True and -v)"
                if ld > ls:
                    return None
                left = pat.left()
                if left <= 0 or self.proc.poll() is not None:
                    return "the last LIST never completed"
                self.cond.wait(min(left, 0.5))
        return "the last LIST never completed"

    def stats(self):
        d = {}
        for ln in self.err_text().splitlines():
            if not ln.startswith("# stats "):
                continue
            for tok in ln[8:].split():
                if "=" in tok:
                    k, _, v = tok.partition("=")
                    d.setdefault(k, v)
        return d

    def stat(self, k):
        v = self.stats().get(k, "-1")
        try:
            return int(v.split("/")[0])
        except ValueError:
            return -1

    def sanitizer_errors(self):
        txt = self.err_text()
        m = SANITIZER_RE.search(txt)
        if m:
            i = max(0, m.start() - 100)
            return txt[i:i + 400]
        if self.rc == 99 and OPTS.valgrind:
            return "valgrind reported errors (exit 99)"
        if self.rc is not None and self.rc < 0:
            return "killed by signal %d" % -self.rc
        return None

    def describe(self):
        return "[%s stderr tail: %s]" % (self.name, self.err_text()[-400:])


def parse_dump(text):
    m = {}
    for ln in (text or "").splitlines():
        if ln.startswith("#") or not ln:
            continue
        k, _, rv = ln.partition(" ")
        m[k] = rv
    return m


def diff_summary(got, want):
    g, w = parse_dump(got), parse_dump(want)
    missing = sorted(set(w) - set(g))
    phantom = sorted(set(g) - set(w))
    stale = sorted(k for k in set(g) & set(w) if g[k] != w[k])
    parts = []
    if missing:
        parts.append("missing %d %s" % (len(missing), missing[:4]))
    if phantom:
        parts.append("phantom %d %s" % (len(phantom), phantom[:4]))
    if stale:
        parts.append("stale RV %d %s" % (len(stale), ["%s have %s want %s" % (k, g[k], w[k]) for k in stale[:3]]))
    hg = (got or "").split("\n", 1)[0]
    hw = (want or "").split("\n", 1)[0]
    if hg != hw:
        parts.append("header %r vs server %r" % (hg, hw))
    return ", ".join(parts) or "texts differ"


def apply_event(m, t, key, rv):
    """Applies one handler event (t: ADDED, MODIFIED, DELETED or DELETED!) to the
    map key -> RV m; returns the inconsistency it shows, or None."""
    err = None
    if t == "ADDED":
        if key in m:
            err = "ADDED for cached %s" % key
        m[key] = rv
    elif t == "MODIFIED":
        if key not in m:
            err = "MODIFIED for uncached %s" % key
        m[key] = rv
    else:
        if key not in m:
            err = "%s for uncached %s" % (t, key)
        m.pop(key, None)
    return err


def replay_events(lines):
    """Replays ADDED/MODIFIED/DELETED lines; returns (key -> RV, inconsistencies)."""
    m, errs = {}, []
    for ln in lines:
        mt = EVENT_RE.match(ln)
        if not mt:
            continue
        err = apply_event(m, *mt.groups())
        if err:
            errs.append(err)
    return m, errs


def replay_diff(replayed, dumped):
    """How the replayed events (key -> RV) differ from the parsed dump; "" if they do not."""
    if replayed == dumped:
        return ""
    extra = sorted(set(replayed) - set(dumped))[:3]
    lost = sorted(set(dumped) - set(replayed))[:3]
    rvd = sorted(k for k in set(replayed) & set(dumped) if replayed[k] != dumped[k])[:3]
    return "extra %s lost %s rv %s" % (extra, lost, rvd)


def check_against_server(c, kw, srv, path, lsel=None, fsel=None, label=""):
    """After the sentinel: kwatch's dump equals the server state, and its events replay to it."""
    tag = (label or kw.name) + ": "
    want = srv.state(path, lsel, fsel)
    got = kw.dump()
    if not c.check(got is not None, tag + "no dump printed " + kw.describe()):
        return
    if got != want:
        c.fail(tag + "dump differs from server state: " + diff_summary(got, want))
    m, errs = replay_events(kw.out_lines())
    if errs:
        c.fail(tag + "inconsistent event stream: %d, e.g. %s" % (len(errs), errs[:3]))
    differ = replay_diff(m, parse_dump(got))
    if differ:
        c.fail(tag + "replayed events differ from the dump: " + differ)


def check_clean_exit(c, kw, want_rc=0, label=""):
    tag = (label or kw.name) + ": "
    san = kw.sanitizer_errors()
    if san:
        c.fail(tag + "sanitizer/valgrind: " + san)
    c.check(kw.rc == want_rc, tag + "exit status %s, want %s %s" % (kw.rc, want_rc, kw.describe()))
    st = kw.stats()
    try:
        used, peak, cap = int(st["store_used"]), int(st["store_peak"]), int(st["store_capacity"])
        c.check(used <= cap and peak <= cap, tag + "store accounting broken: store_used=%d store_peak=%d "
                "store_capacity=%d" % (used, peak, cap))
        n, _, m = st["objects"].partition("/")
        c.check(int(n) <= int(m), tag + "objects=%s" % st["objects"])
    except (KeyError, ValueError):
        pass


def wait_watching(c, srv, plural, baseline, timeout=60):
    deadline = time.monotonic() + timeout * SLOW
    for _ in range(2000):
        if srv.watch_count(plural) > baseline:
            return True
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    c.fail("kwatch never started watching %s" % plural)
    return False


def finish_with_sentinel(c, srv, watchers, kind="pod", ns="ns-1", quiet=QUIET):
    """Creates sentinels until every kwatch in watchers is known to be caught up;
    returns False (and records the failure) if one is not.

    A sentinel's ADDED line proves that every change before it was applied and
    delivered only if it came through the watch: a sentinel that arrives in a
    LIST is printed before the rest of that list (keys after it, and the
    DELETED! of keys the list no longer has). So: after sentinel k is printed
    and that kwatch's last LIST is complete (LIST_DONE logged), sentinel k+1 is
    created; if no LIST started between the two ADDED lines, sentinel k+1 came
    through the watch, after everything else (the FIFO delivers in order).
    The waits are bound by progress: before the sentinel a kwatch prints its
    backlog, which a busy machine makes long; it fails after quiet seconds
    with no line printed."""
    pending = list(watchers)
    prev = {}
    ok = True
    for _ in range(6):
        key = srv.sentinel_pod(ns) if kind == "pod" else srv.sentinel_configmap(ns)
        still = []
        for kw in pending:
            line = kw.wait_event("ADDED", key, quiet)
            if line is None:
                c.fail("%s: never printed ADDED %s %s" % (kw.name, key, kw.describe()))
                ok = False
                continue
            why = kw.list_settled(quiet)
            if why:
                c.fail("%s: %s %s" % (kw.name, why, kw.describe()))
                ok = False
                continue
            lines = kw.out_lines()
            idx = lines.index(line)
            if kw.name in prev and not any("LIST_START" in ln and ln.startswith("kwatch:")
                                           for ln in lines[prev[kw.name]:idx]):
                continue            # caught up
            prev[kw.name] = idx
            still.append(kw)
        pending = still
        if not pending:
            return ok
    for kw in pending:
        c.fail("%s: still relisting after 6 sentinels %s" % (kw.name, kw.describe()))
    return False


def pod_path(ns=None):
    return "/api/v1/namespaces/%s/pods" % ns if ns else "/api/v1/pods"


def churn_for(srv, rate, seconds):
    srv.churn(rate)
    time.sleep(seconds)   # drives the churn; nothing is asserted about time


def churn_to_sentinel(c, srv, tool, mark, churn=None, missing="the sentinel never arrived"):
    """With churn (rate, seconds), churns srv and quiesces it; then adds a
    sentinel pod and waits, bound by tool's progress, for the JSON line that
    holds mark % its name ('"name":"%s"' for kwatch -o json, '"key":"ns-1/%s"'
    for kubediff). One watch delivers in order and the churn ends before the
    sentinel, so once that line is printed every change before it was too.
    Returns mark % name, what the sentinel's line holds."""
    if churn:
        churn_for(srv, *churn)
        srv.quiesce()
    sentinel = mark % srv.sentinel_pod().split("/")[1]
    c.check(tool.wait_progress(lambda ln: ln.startswith("{") and sentinel in ln) is not None, missing)
    return sentinel


# ======================================================================
# Scenarios
# ======================================================================

def scenario_big(ctx):
    """Initial sync of many pods with pagination; then continue-token expiry mid-list."""
    npods = 500 if OPTS.quick else 2000
    srv = Server("big", pods=npods, namespaces=4)
    try:
        # --- 1. initial paginated sync
        c = Checks("sync %d pods, --list-limit 100, --exit-after-sync" % npods)
        base = srv.list_count("pods")
        kw = Kwatch("sync", srv.url, ["pods", "--watch-list", "off", "-o", "none", "--list-limit", "100",
                                      "--exit-after-sync", "--stats", "--dump-on-exit"])
        rc = kw.wait(120)
        check_clean_exit(c, kw, 0)
        c.check(("# synced %d objects" % npods) in kw.out_lines(),
                "no '# synced %d objects' line: %s" % (npods, kw.out_lines()[:1]))
        pages = srv.list_count("pods") - base
        c.check(pages >= npods // 100, "only %d LIST pages for %d pods at limit 100" % (pages, npods))
        c.check(kw.stat("list_pages") >= npods // 100, "stats list_pages=%s" % kw.stats().get("list_pages"))
        c.check(kw.dump() == srv.state(pod_path()), "dump after sync differs: " +
                diff_summary(kw.dump(), srv.state(pod_path())))
        log("sync rc=%s" % rc)
        c.report()

        # --- 2. continue token expiry during a paginated list
        scenario_continue_expiry(srv)
    finally:
        srv.close()


def scenario_continue_expiry(srv):
    """kwatch --list-limit 10 over many pods; kwatch is stepped with SIGSTOP/SIGCONT
    so that the compaction (fault expire) lands while its list is between pages."""
    c = Checks("fault continue-token expiry mid-list (410 on continue -> list restarts)")
    hit = False
    kw = None
    pages = srv.stats()["objects"]["pods"] // 10
    for attempt in range(4):
        lbase, wbase = srv.list_count("pods"), srv.watch_count("pods")
        srv.churn(50)
        kw = Kwatch("cont%d" % attempt, srv.url, ["pods", "--watch-list", "off", "-o", "name", "--list-limit", "10",
                                                  "--dump-on-exit", "--stats", "-v"], merge=True)
        try:
            kw.proc.send_signal(signal.SIGSTOP)
            deadline = time.monotonic() + 60 * SLOW
            for _ in range(3000):
                lc, wc = srv.list_count("pods") - lbase, srv.watch_count("pods") - wbase
                if wc > 0 or lc > pages - 3:
                    break            # (nearly) the whole list went by: try again
                if lc >= 3:
                    srv.fault("expire")
                    hit = True
                    break
                if time.monotonic() > deadline:
                    break
                kw.proc.send_signal(signal.SIGCONT)
                time.sleep(0.004)
                kw.proc.send_signal(signal.SIGSTOP)
        finally:
            try:
                kw.proc.send_signal(signal.SIGCONT)
            except OSError:
                pass
        if hit:
            break
        log("continue expiry: missed the list (attempt %d)" % attempt)
        kw.kill()
    if not c.check(hit, "could not catch kwatch between LIST pages in 4 attempts"):
        kw.kill()
        srv.churn(0)
        return c.report()
    try:
        line = kw.wait_for(lambda ln: "CONTINUE_EXPIRED" in ln, 60, stream="err")
        c.check(line is not None, "no CONTINUE_EXPIRED logged " + kw.describe())
        wbase = srv.watch_count("pods")
        time.sleep(2)
        srv.quiesce()
        if finish_with_sentinel(c, srv, [kw]):
            kw.stop()
            check_clean_exit(c, kw, 0)
            check_against_server(c, kw, srv, pod_path())
            c.check(kw.stat("lists") >= 2, "stats lists=%s, want >= 2" % kw.stats().get("lists"))
            c.check(kw.err_text().count("LIST_START") >= 2, "LIST_START logged %d times, want >= 2"
                    % kw.err_text().count("LIST_START"))
        log("continue expiry: watches since %d" % wbase)
    finally:
        kw.kill()
    return c.report()


CHURN_WATCHERS = [
    # name, resource args, state path, labelSelector, fieldSelector
    ("pods all namespaces, --list-limit 50", ["pods", "--list-limit", "50"], pod_path(), None, None),
    ("pods -l tier=web", ["pods", "-l", "tier=web"], pod_path(), "tier=web", None),
    ("pods --field-selector status.phase=Running", ["pods", "--field-selector", "status.phase=Running"],
     pod_path(), None, "status.phase=Running"),
    ("pods -n ns-1", ["pods", "-n", "ns-1"], pod_path("ns-1"), None, None),
    ("pods -n ns-1 -l 'tier in (web,db)' --field-selector spec.nodeName=node-1",
     ["pods", "-n", "ns-1", "-l", "tier in (web,db)", "--field-selector", "spec.nodeName=node-1"],
     pod_path("ns-1"), "tier in (web,db)", "spec.nodeName=node-1"),
    ("pods --watch-timeout 1 (re-watch every second)", ["pods", "--watch-timeout", "1", "--list-limit", "7"],
     pod_path(), None, None),
    ("pods --fifo 3 (backpressure)", ["pods", "--fifo", "3"], pod_path(), None, None),
    ("pods --keep metadata.labels --drop status", ["pods", "--keep", "metadata.labels,spec.nodeName",
                                                   "--drop", "status"], pod_path(), None, None),
    ("configmaps", ["configmaps"], "/api/v1/configmaps", None, None),
    ("pods --read-bytes 256 (every token cut by a read)", ["pods", "--read-bytes", "256"], pod_path(), None, None),
]


def scenario_churn(ctx):
    """Several kwatch processes at once on one churning server, each compared
    with the server's state for its own selectors; plus stores that are too small."""
    if OPTS.valgrind:
        watchers = [CHURN_WATCHERS[0], CHURN_WATCHERS[1], CHURN_WATCHERS[4], CHURN_WATCHERS[7], CHURN_WATCHERS[8]]
    else:
        watchers = CHURN_WATCHERS
    srv = Server("churn", pods=300, namespaces=3, configmaps=20)
    kws = []
    small = []
    try:
        for name, args, path, lsel, fsel in watchers:
            kws.append((Kwatch(name, srv.url, args + ["-o", "name", "--dump-on-exit", "--stats", "-v"],
                               merge=True),
                        name, path, lsel, fsel))
        if not OPTS.valgrind:
            small.append(Kwatch("--max-objects 40", srv.url,
                                ["pods", "-o", "name", "--max-objects", "40", "--stats", "--dump-on-exit"]))
            small.append(Kwatch("--store-bytes 60000", srv.url,
                                ["pods", "-o", "name", "--store-bytes", "60000", "--stats", "--dump-on-exit"]))
            small.append(Kwatch("--store-bytes 100000 --fifo 2", srv.url,
                                ["pods", "-o", "name", "--store-bytes", "100000", "--fifo", "2", "--stats"]))
            small.append(Kwatch("--store-bytes 150000 --list-limit 20", srv.url,
                                ["pods", "-o", "name", "--store-bytes", "150000", "--list-limit", "20", "--stats"]))
            small.append(Kwatch("--store-bytes 3000 --max-objects 20", srv.url,
                                ["pods", "-o", "none", "--store-bytes", "3000", "--max-objects", "20",
                                 "--stats", "--dump-on-exit"]))
        secs = 2 if OPTS.quick else 5
        # the churn starts while the watchers LIST, and goes on for secs once all of them watch
        srv.churn(200)
        gate = Checks("churn: sentinel")
        for kw, _, _, _, _ in kws:
            if kw.wait_for(lambda ln: "WATCH_START" in ln, 60) is None:
                gate.fail("%s: never started watching %s" % (kw.name, kw.describe()))
        churn_for(srv, 200, secs)
        srv.quiesce()
        pod_kws = [k for k, n, p, _, _ in kws if p.endswith("/pods")]
        cm_kws = [k for k, n, p, _, _ in kws if p.endswith("/configmaps")]
        ok1 = finish_with_sentinel(gate, srv, pod_kws, "pod", quiet=QUIET * (2 if OPTS.valgrind else 1))
        ok2 = finish_with_sentinel(gate, srv, cm_kws, "configmap", quiet=QUIET * (2 if OPTS.valgrind else 1))
        for kw, _, _, _, _ in kws:
            kw.stop()
        for kw in small:
            kw.stop()
        for kw, name, path, lsel, fsel in kws:
            c = Checks("churn 200/s: " + name)
            c.errs.extend(e for e in gate.errs if e.startswith(kw.name + ":"))
            check_clean_exit(c, kw, 0)
            if ok1 and ok2:
                check_against_server(c, kw, srv, path, lsel, fsel)
            c.check(kw.stat("events") > 0, "no watch events counted (stats events=%s)" % kw.stats().get("events"))
            c.report()
        if not OPTS.valgrind:
            c = Checks("store too small under churn (--max-objects 40): no crash, STORE_SLOTS_FULL, exit 3")
            kw = small[0]
            check_clean_exit(c, kw, 3)
            c.check(kw.stat("dropped") > 0, "stats dropped=%s" % kw.stats().get("dropped"))
            c.check("STORE_SLOTS_FULL" in kw.err_text(), "STORE_SLOTS_FULL not logged")
            c.check(kw.dump() is not None and kw.dump().startswith("# cache 40 objects"),
                    "dump header %r" % ((kw.dump() or "").split("\n")[0]))
            c.report()
            for kw in small[1:4]:
                c = Checks("store too small under churn (%s): no memory error, STORE_FULL, exit 3" % kw.name)
                check_clean_exit(c, kw, 3)
                c.check(kw.stat("store_full") > 0, "stats store_full=%s" % kw.stats().get("store_full"))
                c.check("STORE_FULL" in kw.err_text(), "STORE_FULL not logged")
                if kw.dump() is not None and ok1 and kw.stat("dropped") == 0:
                    # every identity fitted: every object must still be there with its RV
                    want = srv.state(pod_path())
                    c.check(kw.dump() == want, "dump differs from server state: " + diff_summary(kw.dump(), want))
                c.report()
            c = Checks("store too small under churn (--store-bytes 3000 --max-objects 20): no crash, exit 3")
            kw = small[4]
            check_clean_exit(c, kw, 3)
            c.check(kw.stat("dropped") > 0 or kw.stat("store_full") > 0, "no store_full/dropped in stats")
            c.check(kw.dump() is not None, "no dump")
            c.report()
    finally:
        for kw, _, _, _, _ in kws:
            kw.kill()
        for kw in small:
            kw.kill()
        srv.close()


def comparable(o):
    """An object as the cache and the server must agree on it: managedFields
    (dropped by default), kind and apiVersion (list items have none) aside."""
    o = json.loads(json.dumps(o))
    o.pop("kind", None)
    o.pop("apiVersion", None)
    o.get("metadata", {}).pop("managedFields", None)
    return o


def obj_key(o):
    md = o.get("metadata", {})
    return ("%s/%s" % (md["namespace"], md["name"])) if md.get("namespace") else md.get("name")


def json_cache(lines):
    """The cache a `-o json` event stream ends in: key -> the last object."""
    m = {}
    for ln in lines:
        if not ln.startswith("{"):
            continue
        ev = json.loads(ln)
        k = obj_key(ev["object"])
        if ev["type"] == "DELETED":
            m.pop(k, None)
        else:
            m[k] = comparable(ev["object"])
    return m


def contents_diff(got, want):
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    differ = sorted(k for k in set(got) & set(want) if got[k] != want[k])
    if not (missing or extra or differ):
        return ""
    s = "%d missing %s, %d extra %s, %d differ %s" % (len(missing), missing[:3], len(extra), extra[:3], len(differ), differ[:3])
    if differ:
        k = differ[0]
        s += "; %s: got %.300s want %.300s" % (k, json.dumps(got[k], sort_keys=True), json.dumps(want[k], sort_keys=True))
    return s


def server_pods(srv, project=comparable):
    """The server's pods as a cache of them must hold them: key -> project(o)
    (comparable, or metadata_of for a --metadata-only cache)."""
    return {obj_key(o): project(o) for o in srv.get("/api/v1/pods")["items"]}


def check_json_cache(c, kw, want):
    """Checks that the cache kw's -o json events end in equals want; a
    failure says which keys are missing, extra or differ, and how."""
    d = contents_diff(json_cache(kw.out_lines()), want)
    return c.check(not d, d)


def churned_json(c, srv, kw):
    """kw (kwatch -o json -v, stderr merged), once it watches, through churn
    (200 changes a second, 4 s; 2 s with --quick) up to the sentinel, then
    stopped: what it printed is every change the server made."""
    if kw.wait_for(lambda ln: "WATCH_START" in ln, 60) is None:
        c.fail("never started watching %s" % kw.describe())
    churn_to_sentinel(c, srv, kw, '"name":"%s"', churn=(200, 2 if OPTS.quick else 4))
    kw.stop()


def scenario_contents(ctx):
    """Object contents, not only keys and RVs: the objects kwatch hands its
    handlers (-o json) equal the server's, after the list and after churn."""
    srv = Server("contents", pods=120, namespaces=3, configmaps=20)
    kw = None
    try:
        c = Checks("contents: every listed object equals the server's, JSON value for value (managedFields aside)")
        kw0 = Kwatch("contents-list", srv.url, ["pods", "-o", "json", "--exit-after-sync", "--list-limit", "50"])
        c.check(kw0.wait(60) == 0, "exit %s" % kw0.rc)
        want = server_pods(srv)
        c.check(len(want) >= 120, "the server lists %d pods" % len(want))
        check_json_cache(c, kw0, want)
        c.report()
        c = Checks("contents under churn: the last object kwatch delivered for every key equals the server's")
        kw = Kwatch("contents-churn", srv.url, ["pods", "-o", "json", "-v"], merge=True)
        churned_json(c, srv, kw)
        want = server_pods(srv)
        events = sum(1 for ln in kw.out_lines() if ln.startswith("{"))
        c.check(events > len(want), "only %d events for %d objects" % (events, len(want)))
        check_json_cache(c, kw, want)
        c.report()
    finally:
        if kw is not None:
            kw.kill()
        srv.close()


def fault_scenario(name, inject, *, kw_args=(), pre=None, verify=None, rate=100, secs=3,
                   pods=150, want_rc=0, srv_extra=(), drain=True, selectors=()):
    """One kwatch on its own server under churn; inject(srv, kw) is called while the
    churn runs; the dump is compared after the sentinel (with selectors, a
    label and a field selector, to the server's objects they match);
    verify(c, kw, srv) checks more."""
    c = Checks(name)
    srv = Server(re.sub(r"[^a-z0-9]+", "-", name.lower())[:30], pods=pods, extra=srv_extra)
    kw = None
    try:
        if pre:
            pre(srv)
        wbase = srv.watch_count("pods")
        kw = Kwatch(name, srv.url, ["pods", "-o", "name", "--dump-on-exit", "--stats", "-v"] + list(kw_args),
                    merge=True)
        if not wait_watching(c, srv, "pods", wbase):
            return c.report()
        srv.churn(rate)
        time.sleep(1)
        inject(srv, kw)
        if drain and not c.check(srv.wait_faults_drained(progress=kw.printed), "injected faults never consumed: %s"
                                 % srv.pending_faults()):
            pass
        time.sleep(secs if not OPTS.quick else max(1, secs // 2))
        srv.quiesce()
        if finish_with_sentinel(c, srv, [kw]):
            kw.stop()
            check_clean_exit(c, kw, want_rc)
            check_against_server(c, kw, srv, pod_path(), *selectors)
            if verify:
                verify(c, kw, srv)
        else:
            kw.stop()
    finally:
        if kw:
            kw.kill()
        srv.close()
    return c.report()


def scenario_cut(ctx):
    def inject(srv, kw):
        srv.fault("cut", count=3)

    def verify(c, kw, srv):
        cuts = srv.stats().get("cuts", 0)
        c.check(cuts >= 3, "server cut only %s watch streams" % cuts)
        c.check(kw.stat("reconnects") >= 3, "stats reconnects=%s, want >= 3" % kw.stats().get("reconnects"))
        c.check("CONNECTION_CLOSED" in kw.err_text() or "EVENT_MALFORMED" in kw.err_text(),
                "no CONNECTION_CLOSED logged")
    fault_scenario("fault cut mid-event x3 under churn", inject, verify=verify)


def scenario_stall(ctx):
    def inject(srv, kw):
        r = srv.fault("stall", seconds=8, now=1)
        if r.get("stalled", 0) < 1:
            raise TestFailure("no watch to stall: %s" % r)

    def verify(c, kw, srv):
        c.check(kw.stat("reconnects") >= 1, "stats reconnects=%s, want >= 1" % kw.stats().get("reconnects"))
        c.check("IDLE_TIMEOUT" in kw.err_text(), "IDLE_TIMEOUT not logged " + kw.describe())
    fault_scenario("fault stall 8 s > --idle-timeout 2 under churn", inject,
                   kw_args=["--idle-timeout", "2"], verify=verify, secs=4, drain=False)


def scenario_garbage(ctx):
    def inject(srv, kw):
        srv.fault("garbage")
        srv.fault("cut")        # the next watch (after the cut) gets the garbage line

    def verify(c, kw, srv):
        c.check(kw.stat("malformed") >= 1, "stats malformed=%s, want >= 1" % kw.stats().get("malformed"))
        c.check("EVENT_MALFORMED" in kw.err_text(), "EVENT_MALFORMED not logged")
    fault_scenario("fault garbage line in the watch stream under churn", inject, verify=verify)


def inject_faults(faults):
    """An inject for fault_scenario that asks the server for faults, (kind, params) in order."""
    def inject(srv, kw):
        for kind, params in faults:
            srv.fault(kind, **params)
    return inject


# Error statuses, then a cut so that kwatch's next request meets them.
# name in ALL: (test name, faults, [(text kwatch must log, at least this often,
# failure message; {n} is how often it was logged, {kw} kwatch's describe())])
STATUS_FAULTS = {
    "429": ("fault 429 with Retry-After 1 under churn",
            [("status", {"code": 429, "retry_after": 1}), ("cut", {})],
            [("TOO_MANY_REQUESTS", 1, "TOO_MANY_REQUESTS not logged {kw}"),
             ("backing off before the next request: 1000 ms", 1,
              "Retry-After: 1 not honoured (no 1000 ms backoff logged)")]),
    "5xx": ("fault 500 then 503 (Retry-After 2) under churn",
            [("status", {"code": 500}), ("status", {"code": 503, "retry_after": 2}), ("cut", {})],
            [("SERVER_ERROR", 2, "SERVER_ERROR logged {n} times, want 2 {kw}"),
             ("SERVER_ERROR: 5xx from the server: backing off: 500", 1, "500 not logged"),
             ("SERVER_ERROR: 5xx from the server: backing off: 503", 1, "503 not logged"),
             ("backing off before the next request: 2000 ms", 1, "Retry-After: 2 of the 503 not honoured")]),
}


def scenario_status(which, ctx):
    name, faults, logged = STATUS_FAULTS[which]

    def verify(c, kw, srv):
        e = kw.err_text()
        for text, times, msg in logged:
            n = e.count(text)
            c.check(n >= times, msg.format(n=n, kw=kw.describe()))
    fault_scenario(name, inject_faults(faults), kw_args=["-v"], verify=verify)


# Resource versions that expire, in the watch stream or as the watch request's
# HTTP status (after a cut); either way kwatch must relist.
# name in ALL: (test name, faults)
EXPIRE_FAULTS = {
    "expire": ("fault expire (in-stream 410 ERROR) under churn -> relist", [("expire", {})]),
    "expire_http": ("fault expire_http (HTTP 410 on watch) under churn -> relist",
                    [("expire_http", {}), ("cut", {})]),
}


def scenario_expire(which, ctx):
    name, faults = EXPIRE_FAULTS[which]

    def verify(c, kw, srv):
        c.check(kw.stat("relists") >= 1, "stats relists=%s, want >= 1" % kw.stats().get("relists"))
        c.check("RV_EXPIRED" in kw.err_text(), "RV_EXPIRED not logged")
    fault_scenario(name, inject_faults(faults), verify=verify)


def scenario_restart(ctx):
    """The server goes away and comes back compacted; a pod deleted while kwatch was
    away must arrive as DELETED! (final state unknown)."""
    c = Checks("fault restart with compaction while kwatch is away -> relist, DELETED!")
    srv = Server("restart", pods=120)
    kw = None
    try:
        wbase = srv.watch_count("pods")
        kw = Kwatch("restart", srv.url, ["pods", "-o", "name", "--dump-on-exit", "--stats", "-v"], merge=True)
        if not wait_watching(c, srv, "pods", wbase):
            return c.report()
        churn_for(srv, 100, 2)
        srv.quiesce()
        if not finish_with_sentinel(c, srv, [kw]):
            return c.report()
        # kwatch is caught up: stall its stream, then change things it cannot see
        r = srv.fault("stall", seconds=60, now=1)
        c.check(r.get("stalled", 0) >= 1, "no watch stalled: %s" % r)
        state = parse_dump(srv.state(pod_path()))
        victims = [k for k in sorted(state) if not k.startswith("ns-1/zz-")][:3]
        for k in victims:
            ns, _, name = k.partition("/")
            srv.delete("/api/v1/namespaces/%s/pods/%s" % (ns, name))
        srv.churn(100)
        if not c.check(srv.restart(1.5, compact=True), "server did not come back"):
            return c.report()
        time.sleep(2)
        srv.quiesce()
        if finish_with_sentinel(c, srv, [kw]):
            kw.stop()
            check_clean_exit(c, kw, 0)
            check_against_server(c, kw, srv, pod_path())
            out = kw.out_lines()
            for k in victims:
                c.check(any(ln.startswith("DELETED! %s " % k) for ln in out),
                        "no 'DELETED! %s' line" % k)
            c.check(kw.stat("relists") >= 1, "stats relists=%s, want >= 1" % kw.stats().get("relists"))
    finally:
        if kw:
            kw.kill()
        srv.close()
    return c.report()


def scenario_oversized(ctx):
    c = Checks("fault oversized objects (--max-object-bytes 65536, 300000-byte pods) -> identity kept, exit 3")
    srv = Server("oversized", pods=100)
    kw = kw2 = None
    args = ["pods", "-o", "name", "--dump-on-exit", "--stats", "-v", "--max-object-bytes", "65536"]
    try:
        wbase = srv.watch_count("pods")
        kw = Kwatch("oversized", srv.url, args, merge=True)
        if not wait_watching(c, srv, "pods", wbase):
            return c.report()
        churn_for(srv, 100, 2)
        srv.quiesce()
        # a new oversized pod: added, updated while still oversized, deleted
        r = srv.fault("oversized", size=300000, namespace="ns-1", name="big-1")
        c.check(r.get("bytes", 0) > 300000, "fault oversized made %s bytes" % r.get("bytes"))
        c.check(kw.wait_event("ADDED", "ns-1/big-1", 60, rv=r["resourceVersion"]) is not None,
                "no 'ADDED ns-1/big-1 %s' " % r["resourceVersion"] + kw.describe())
        pod = srv.get("/api/v1/namespaces/ns-1/pods/big-1")
        pod["metadata"]["labels"]["touched"] = "yes"
        e = srv.apply("/api/v1/namespaces/ns-1/pods/big-1", pod)
        rv2 = e["metadata"]["resourceVersion"]
        c.check(kw.wait_event("MODIFIED", "ns-1/big-1", 60, rv=rv2) is not None,
                "no 'MODIFIED ns-1/big-1 %s' for an update of the oversized pod" % rv2)
        e = srv.delete("/api/v1/namespaces/ns-1/pods/big-1")
        rv3 = e["metadata"]["resourceVersion"]
        c.check(kw.wait_event("DELETED", "ns-1/big-1", 60, rv=rv3) is not None,
                "no 'DELETED ns-1/big-1 %s' for the oversized pod" % rv3)
        # an existing pod grows too large, then shrinks back
        st = parse_dump(srv.state(pod_path("ns-2")))
        victim = sorted(st)[0]
        vns, _, vname = victim.partition("/")
        r = srv.fault("oversized", size=300000, namespace=vns, name=vname)
        c.check(r["key"] == victim, "fault oversized on %s changed %s" % (victim, r.get("key")))
        c.check(kw.wait_event("MODIFIED", victim, 60, rv=r["resourceVersion"]) is not None,
                "no 'MODIFIED %s %s' when it grew oversized" % (victim, r["resourceVersion"]))
        pod = srv.get("/api/v1/namespaces/%s/pods/%s" % (vns, vname))
        pod["metadata"]["annotations"].pop("example.com/oversized", None)
        e = srv.apply("/api/v1/namespaces/%s/pods/%s" % (vns, vname), pod)
        c.check(kw.wait_event("MODIFIED", victim, 60, rv=e["metadata"]["resourceVersion"]) is not None,
                "no MODIFIED when %s shrank back" % victim)
        # one that stays: a second kwatch gets it in its LIST
        r = srv.fault("oversized", size=300000, namespace="ns-0", name="big-2")
        c.check(kw.wait_event("ADDED", "ns-0/big-2", 60, rv=r["resourceVersion"]) is not None,
                "no 'ADDED ns-0/big-2'")
        wbase = srv.watch_count("pods")
        kw2 = Kwatch("oversized-list", srv.url, args, merge=True)
        wait_watching(c, srv, "pods", wbase)
        c.check(kw2.wait_event("ADDED", "ns-0/big-2", 60, rv=r["resourceVersion"]) is not None,
                "second kwatch: no 'ADDED ns-0/big-2' from its LIST " + kw2.describe())
        # -o json marks it: "oversized":true and its identity only (the library's on_oversized)
        kj = Kwatch("oversized-json", srv.url, ["pods", "-o", "json", "--exit-after-sync", "--max-object-bytes", "65536"])
        kj.wait(60)
        big = [ln for ln in kj.out_lines() if '"name":"big-2"' in ln]
        marked = [ln for ln in kj.out_lines() if '"oversized":true' in ln]
        c.check(len(big) == 1 and big[0].startswith('{"type":"ADDED","oversized":true,"object":{"metadata":{"name":"big-2"')
                and len(big[0]) < 1000, "-o json: big-2 not marked oversized with its identity only: %s" % (big[:1],))
        c.check(len(marked) == 1, "-o json: %d lines marked oversized, expected 1 (big-2)" % len(marked))
        churn_for(srv, 100, 2)
        srv.quiesce()
        if finish_with_sentinel(c, srv, [kw, kw2]):
            kw.stop()
            kw2.stop()
            for k in (kw, kw2):
                check_clean_exit(c, k, 3)
                check_against_server(c, k, srv, pod_path())
                c.check(k.stat("oversized") >= 1, "%s: stats oversized=%s" % (k.name, k.stats().get("oversized")))
                c.check("OBJECT_TOO_LARGE" in k.err_text(), "%s: OBJECT_TOO_LARGE not logged" % k.name)
    finally:
        for k in (kw, kw2):
            if k:
                k.kill()
        srv.close()
    return c.report()


def scenario_static(ctx):
    """CLI behaviour and other resources, on a server without churn."""
    srv = Server("static", pods=200, namespaces=3, configmaps=12)
    try:
        path = pod_path()
        npods = 200

        # --max-events
        c = Checks("--max-events 25 exits after exactly 25 event lines")
        kw = Kwatch("max-events", srv.url, ["pods", "-o", "name", "--max-events", "25"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        n = sum(1 for ln in kw.out_lines() if EVENT_RE.match(ln))
        c.check(n == 25, "%d event lines" % n)
        c.check(len(kw.out_lines()) == 25, "%d output lines" % len(kw.out_lines()))
        c.report()

        # --timeout
        c = Checks("--timeout 2 exits by itself with status 0")
        kw = Kwatch("timeout", srv.url, ["pods", "-o", "none", "--timeout", "2"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        c.report()

        # SIGINT prints the dump
        c = Checks("SIGINT stops kwatch and prints the dump")
        kw = Kwatch("sigint", srv.url, ["pods", "-o", "none", "--dump-on-exit", "-v"])
        c.check(kw.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is not None, "never synced")
        kw.stop(signal.SIGINT)
        check_clean_exit(c, kw, 0)
        want = srv.state(path)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        c.check(kw.out_lines()[:1] == ["# cache %d objects" % npods], "first line %r" % kw.out_lines()[:1])
        c.report()

        # -o json and --keep
        c = Checks("-o json --keep metadata.labels,status.phase: JSON lines with only kept fields")
        kw = Kwatch("json", srv.url, ["pods", "-o", "json", "--keep", "metadata.labels,status.phase",
                                      "--max-events", str(npods)])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        lines = kw.out_lines()
        c.check(len(lines) == npods, "%d lines, want %d" % (len(lines), npods))
        bad = []
        for ln in lines:
            try:
                ev = json.loads(ln)
            except ValueError as e:
                bad.append("not JSON (%s): %r" % (e, ln[:80]))
                continue
            o = ev.get("object") if isinstance(ev, dict) else None
            if ev.get("type") != "ADDED" or not isinstance(o, dict):
                bad.append("type/object: %r" % ln[:120])
                continue
            md = o.get("metadata", {})
            if set(o) != {"metadata", "status"}:
                bad.append("object keys %s" % sorted(o))
            if set(md) != {"name", "namespace", "uid", "resourceVersion", "labels"}:
                bad.append("metadata keys %s" % sorted(md))
            if set(o.get("status", {})) != {"phase"}:
                bad.append("status keys %s" % sorted(o.get("status", {})))
        c.check(not bad, "%d bad lines, e.g. %s" % (len(bad), bad[:2]))
        c.report()

        # -o json full objects parse too (projection off), with the default drop
        c = Checks("-o json without --keep: full objects minus managedFields")
        kw = Kwatch("json-full", srv.url, ["pods", "-o", "json", "--max-events", "20"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        bad = []
        for ln in kw.out_lines():
            try:
                o = json.loads(ln)["object"]
                if "managedFields" in o["metadata"] or "spec" not in o:
                    bad.append("managedFields kept or spec missing")
                want = srv.get("/api/v1/namespaces/%s/pods/%s" % (o["metadata"]["namespace"],
                                                                   o["metadata"]["name"]))
                want["metadata"].pop("managedFields", None)
                for k in ("kind", "apiVersion"):
                    want.pop(k, None)
                    o.pop(k, None)
                if o != want:
                    bad.append("object differs from the server's: %s" % o["metadata"]["name"])
            except (ValueError, KeyError, TypeError) as e:
                bad.append("%s: %r" % (e, ln[:80]))
        c.check(len(kw.out_lines()) == 20, "%d lines" % len(kw.out_lines()))
        c.check(not bad, "%d bad, e.g. %s" % (len(bad), bad[:2]))
        c.report()

        # usage errors
        c = Checks("bad usage exits 2")
        url = srv.url
        cases = [[], ["--server", url], ["--server", url, "--bogus", "pods"],
                 ["--server", url, "-o", "xml", "pods"], ["--server", url, "--max-events", "x", "pods"],
                 ["--server", url, "--timeout", "-1", "pods"], ["--server", url, "pods", "web", "nodes"],
                 ["--server", url, "-n"], ["--server", url, "pods", "--list-limit"]]
        for args in cases:
            p = subprocess.Popen(kwatch_prefix() + [OPTS.kwatch] + args, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            register(p)
            try:
                out, err = p.communicate(timeout=30 * SLOW)
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate(timeout=10)
            c.check(p.returncode == 2, "kwatch %s -> exit %s" % (" ".join(args), p.returncode))
            c.check(err.strip() != b"", "kwatch %s: nothing on stderr" % " ".join(args))
            m = SANITIZER_RE.search(err.decode("utf-8", "replace"))
            c.check(not m, "kwatch %s: sanitizer: %s" % (" ".join(args), err[-300:]))
        p = subprocess.run(kwatch_prefix() + [OPTS.kwatch, "--help"], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=30 * SLOW)
        c.check(p.returncode == 0 and b"usage: kwatch" in p.stdout, "--help -> %s" % p.returncode)
        c.report()

        # kwatch's option table: every option --help names is known, takes a
        # value or not as its help line shows, and says so in the usual words;
        # the capacities go where they belong
        c = Checks("each option of --help is parsed as documented; capacities land in their fields")
        help_text = p.stdout.decode("utf-8", "replace")
        takes = ["-n", "--namespace", "-l", "--selector", "--field-selector", "-s", "--server", "--token", "--token-file",
                 "--kubeconfig", "--context", "--certificate-authority", "--client-certificate", "--client-key",
                 "--tls-server-name", "--service-account-dir", "-o", "--output", "--keep", "--drop"]
        numbers = ["--max-events", "--timeout", "--max-objects", "--max-object-bytes", "--store-bytes", "--read-bytes",
                   "--fifo", "--list-limit", "--idle-timeout", "--watch-timeout", "--resync"]
        flags = ["--insecure-skip-tls-verify", "--exit-after-sync", "--dump-on-exit", "--stats", "--keep-managed-fields",
                 "--no-prefault", "-v", "--verbose"]

        def usage(args):
            r = subprocess.run(kwatch_prefix() + [OPTS.kwatch] + args, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=30 * SLOW)
            return r.returncode, r.stderr.decode("utf-8", "replace")
        for o in takes + numbers + flags + ["-h", "--help"]:
            if o != "--output":  # -o's other name, not in the help
                c.check(re.search(r"^  (?=-)(?:.*[ ,|])?%s(?![\w-])" % re.escape(o), help_text, re.M), "%s not in --help" % o)
        for o in takes + numbers:
            rc, err = usage(["pods", o])
            want = "expected a non-negative number" if o in numbers else "missing value"
            c.check(rc == 2 and err == "kwatch: %s: %s\nTry 'kwatch --help'.\n" % (want, o), "%s with no value: %s %r" % (o, rc, err))
        for o in flags:
            rc, err = usage([o])
            c.check(rc == 2 and err.startswith("kwatch: missing RESOURCE\n"), "%s took a value or failed: %s %r" % (o, rc, err))
        for args, msg in ((["--fifo", "x", "pods"], "expected a non-negative number: x"),
                          (["--resync=-2", "pods"], "expected a non-negative number: -2"),
                          (["--output=xml", "pods"], "-o takes name, json, none, yaml, wide, jsonpath=TEMPLATE or custom-columns=SPEC: xml"),
                          (["--keep", ",".join("p%d" % k for k in range(29)), "pods"], "at most 28 --keep and 30 --drop paths: --keep"),
                          (["--stats=1", "--bogus=1", "pods"], "unknown option: --bogus"),
                          (["pods", "web", "nodes"], "more than one RESOURCE: nodes")):  # two words are TYPE NAME
            rc, err = usage(["--server", url] + args)
            c.check(rc == 2 and err.startswith("kwatch: %s\n" % msg), "kwatch %s: %s %r" % (" ".join(args), rc, err))

        def capacities(args):
            rc, err = usage(["--server", url, "pods", "--max-events", "0", "--stats", "--max-objects", "77",
                             "--store-bytes", "123456", "--max-object-bytes", "100000", "--read-bytes", "100000"] + args)
            m = re.search(r"objects=0/(\d+) fifo=0/(\d+) .*store_capacity=(\d+)\n# stats memory used=\d+ capacity=(\d+)", err)
            c.check(rc == 0 and m, "kwatch --stats %s: %s %r" % (" ".join(args), rc, err[-300:]))
            return [int(x) for x in m.groups()] if m else [0, 0, 0, 0]
        base = capacities(["--fifo", "5"])
        c.check(base[:3] == [77, 5, 123456], "max-objects, fifo, store-bytes: %s" % base[:3])
        c.check(capacities(["--max-object-bytes", "104096"])[3] - base[3] == 4096, "--max-object-bytes does not size the event buffer")
        c.check(capacities(["--read-bytes=108192"])[3] - base[3] == 8192, "--read-bytes does not size the read buffer")
        c.report()

        # configuration errors: exit 1 (failure), with the reason logged
        c = Checks("bad configuration exits 1 with the reason (bad URL; no --server and no kubeconfig)")
        home = os.path.join(TMP, "empty-home")
        os.makedirs(home, exist_ok=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("KUBECONFIG", "KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT")}
        env["HOME"] = home
        for args, item in ((["--server", "ftp://127.0.0.1:1", "pods"], "CONFIG_BAD_URL"),
                           (["pods"], "KUBECONFIG_NOT_FOUND")):
            p = subprocess.run(kwatch_prefix() + [OPTS.kwatch] + args, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=30 * SLOW, env=env)
            err = p.stderr.decode("utf-8", "replace")
            c.check(p.returncode == 1, "kwatch %s -> exit %s, want 1" % (" ".join(args), p.returncode))
            c.check(item in err, "kwatch %s: %s not logged: %r" % (" ".join(args), item, err[-200:]))
            c.check(not SANITIZER_RE.search(err), "kwatch %s: sanitizer: %s" % (" ".join(args), err[-300:]))
        c.report()

        # --max-events 0
        c = Checks("--max-events 0 prints no event and exits 0")
        kw = Kwatch("max-events-0", srv.url, ["pods", "-o", "name", "--max-events", "0", "--timeout", "20"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        c.check(kw.out_lines() == [], "printed %s" % kw.out_lines()[:2])
        c.report()

        scenario_resources(srv)
        scenario_unknown_resource(srv)
    finally:
        srv.close()


def scenario_unknown_resource(srv):
    c = Checks("a resource the server does not have: NOT_FOUND logged, --exit-after-sync --timeout 3 exits 1")
    kw = Kwatch("notfound", srv.url, ["/apis/example.com/v1/gadgets", "--exit-after-sync", "--timeout", "3"])
    kw.wait(60)
    check_clean_exit(c, kw, 1)
    c.check("NOT_FOUND" in kw.err_text(), "NOT_FOUND not logged " + kw.describe())
    c.report()
    # errors retrying cannot fix: exit 1 at once (no --timeout), with the server's own message
    c = Checks("a 404 or a 400 (bad field selector) exits 1 at once with the server's message; never reaching the server exits 1")
    for name, args, item, said in (
            ("notfound-now", ["/apis/example.com/v1/gadgets"], "NOT_FOUND", "(server: "),
            ("badselector", ["pods", "--field-selector", "spec.nodeNam=x"], "BAD_REQUEST",
             "(server: field label not supported: spec.nodeNam)")):
        t0 = time.monotonic()
        kw = Kwatch(name, srv.url, args)
        kw.wait(60)
        check_clean_exit(c, kw, 1)
        err = kw.err_text()
        c.check(item in err and said in err and "retrying cannot fix it" in err,
                "%s: want %s with %r: %s" % (name, item, said, err[-400:]))
        c.check(time.monotonic() - t0 < 30, "%s: did not exit at once" % name)
    s0 = socket.socket()
    s0.bind(("127.0.0.1", 0))
    port = s0.getsockname()[1]
    s0.close()  # nothing listens there now
    kw = Kwatch("unreached", "http://127.0.0.1:%d" % port, ["pods", "--timeout", "2", "--dump-on-exit"])
    kw.wait(60)
    check_clean_exit(c, kw, 1)
    err = kw.err_text()
    c.check("never reached the server at 127.0.0.1:%d" % port in err and "127.0.0.1:%d (refused)" % port in err,
            "unreached: host and port not named: " + err[-300:])
    c.report()


def scenario_resources(srv):
    """configmaps, nodes (cluster-scoped), deployments and widgets (API groups)."""
    specs = [
        ("configmaps -n ns-2", ["configmaps", "-n", "ns-2"], "/api/v1/namespaces/ns-2/configmaps", "configmaps"),
        ("nodes (cluster-scoped)", ["nodes"], "/api/v1/nodes", "nodes"),
        ("/apis/apps/v1/deployments", ["/apis/apps/v1/deployments"], "/apis/apps/v1/deployments", "deployments"),
        ("/apis/example.com/v1/widgets", ["/apis/example.com/v1/widgets"], "/apis/example.com/v1/widgets",
         "widgets"),
    ]
    kws = []
    try:
        wbase = {p: srv.watch_count(p) for _, _, _, p in specs}
        for name, args, path, plural in specs:
            kws.append(Kwatch(name, srv.url, args + ["-o", "name", "--dump-on-exit", "--stats", "-v"], merge=True))
        gate = Checks("resources")
        for _, _, _, plural in specs:
            wait_watching(gate, srv, plural, wbase[plural])
        # changes to every resource
        cm = srv.get("/api/v1/namespaces/ns-2/configmaps/config-2")
        cm["data"]["revision"] = "2"
        srv.apply("/api/v1/namespaces/ns-2/configmaps/config-2", cm)
        srv.delete("/api/v1/namespaces/ns-2/configmaps/config-5")
        srv.apply("/api/v1/namespaces/ns-2/configmaps/new-cm", {"metadata": {"name": "new-cm"}, "data": {"a": "b"}})
        node = srv.get("/api/v1/nodes/node-1")
        node["metadata"]["labels"]["example.com/touched"] = "yes"
        srv.apply("/api/v1/nodes/node-1", node)
        srv.delete("/api/v1/nodes/node-2")
        srv.apply("/api/v1/nodes/node-7", {"metadata": {"name": "node-7", "labels": {"k": "v"}},
                                           "spec": {"unschedulable": True}})
        dep = srv.get("/apis/apps/v1/namespaces/ns-0/deployments/web")
        dep["spec"]["replicas"] = 7
        srv.apply("/apis/apps/v1/namespaces/ns-0/deployments/web", dep)
        srv.apply("/apis/apps/v1/namespaces/ns-1/deployments/extra",
                  {"metadata": {"name": "extra", "labels": {"app": "extra"}},
                   "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "extra"}}}})
        srv.delete("/apis/apps/v1/namespaces/ns-2/deployments/worker")
        w = srv.get("/apis/example.com/v1/namespaces/ns-1/widgets/widget-0")
        w["spec"]["size"] = 42
        srv.apply("/apis/example.com/v1/namespaces/ns-1/widgets/widget-0", w)
        srv.delete("/apis/example.com/v1/namespaces/ns-2/widgets/widget-1")
        srv.apply("/apis/example.com/v1/namespaces/ns-0/widgets/widget-9",
                  {"metadata": {"name": "widget-9"}, "spec": {"size": 1, "color": "red"}})
        # sentinels
        sent = [
            ("/api/v1/namespaces/ns-2/configmaps/zz-sentinel", {"metadata": {"name": "zz-sentinel"}, "data": {}},
             "ns-2/zz-sentinel"),
            ("/api/v1/nodes/zz-sentinel", {"metadata": {"name": "zz-sentinel"}}, "zz-sentinel"),
            ("/apis/apps/v1/namespaces/ns-0/deployments/zz-sentinel",
             {"metadata": {"name": "zz-sentinel"}, "spec": {"replicas": 0}}, "ns-0/zz-sentinel"),
            ("/apis/example.com/v1/namespaces/ns-0/widgets/zz-sentinel",
             {"metadata": {"name": "zz-sentinel"}, "spec": {}}, "ns-0/zz-sentinel"),
        ]
        okk = []
        for (p, o, key), kw in zip(sent, kws):
            srv.apply(p, o)
            okk.append(kw.wait_event("ADDED", key, 60) is not None and kw.list_settled(60) is None)
        for kw in kws:
            kw.stop()
        for (name, args, path, plural), kw, ok in zip(specs, kws, okk):
            c = Checks("resource " + name)
            c.errs.extend(gate.errs)
            check_clean_exit(c, kw, 0)
            if c.check(ok, "sentinel never seen " + kw.describe()):
                check_against_server(c, kw, srv, path)
            keys = parse_dump(kw.dump())
            if plural == "nodes":
                c.check(keys and all("/" not in k for k in keys), "node keys with a namespace: %s" % list(keys)[:3])
                c.check("node-7" in keys and "node-2" not in keys, "node-7/node-2 wrong: %s" % sorted(keys))
            else:
                c.check(keys and all(k.count("/") == 1 for k in keys), "keys without a namespace: %s" % list(keys)[:3])
            c.report()
    finally:
        for kw in kws:
            kw.kill()


def scenario_token(ctx):
    tdir = os.path.join(TMP, "token")
    os.makedirs(tdir, exist_ok=True)
    srv_tok = os.path.join(tdir, "server-token")
    good = os.path.join(tdir, "good")
    bad = os.path.join(tdir, "bad")
    rot = os.path.join(tdir, "rotating")
    for p, t in ((srv_tok, "s3cret-token-A1\n"), (good, "s3cret-token-A1\n"), (bad, "wrong-token\n"),
                 (rot, "wrong-token\n")):
        with open(p, "w") as f:
            f.write(t)
    srv = Server("token", pods=60, extra=["--token-file", srv_tok])
    kws = []
    try:
        code, _ = srv.request("GET", "/api/v1/pods")
        base = Checks("token")
        base.check(code == 401, "server without a token answered %d, want 401" % code)
        k_good = Kwatch("token-good", srv.url, ["pods", "-o", "none", "--token-file", good,
                                               "--exit-after-sync", "--timeout", "60", "--dump-on-exit"])
        k_arg = Kwatch("token-arg", srv.url, ["pods", "-o", "none", "--token", "s3cret-token-A1",
                                             "--exit-after-sync", "--timeout", "60"])
        k_bad = Kwatch("token-bad", srv.url, ["pods", "-o", "none", "--token-file", bad,
                                             "--exit-after-sync", "--timeout", "5"])
        # --retry-forever: a token file put right while the tool waits is an agent's case (a
        # user's kwatch gives up once the file read again is refused too)
        k_rot = Kwatch("token-rotate", srv.url, ["pods", "-o", "none", "--token-file", rot,
                                                "--exit-after-sync", "--timeout", "60", "--retry-forever"])
        kws = [k_good, k_arg, k_bad, k_rot]

        c = Checks("bearer token from --token-file: syncs")
        c.errs.extend(base.errs)
        k_good.wait(90)
        check_clean_exit(c, k_good, 0)
        c.check("# synced 60 objects" in k_good.out_lines(), "not synced: %s" % k_good.out_lines()[:2])
        want = srv.state(pod_path())
        c.check(k_good.dump() == want, "dump differs: " + diff_summary(k_good.dump(), want))
        c.report()

        c = Checks("bearer token from --token: syncs")
        k_arg.wait(90)
        check_clean_exit(c, k_arg, 0)
        c.check("# synced 60 objects" in k_arg.out_lines(), "not synced")
        c.report()

        c = Checks("wrong token: 401 logged, retries, --exit-after-sync --timeout 5 does not exit 0")
        k_bad.wait(90)
        e = k_bad.err_text()
        san = k_bad.sanitizer_errors()
        c.check(not san, "sanitizer: %s" % san)
        c.check(k_bad.rc not in (0, None), "exit status %s" % k_bad.rc)
        c.check(k_bad.rc == 1, "exit status %s, want 1 (failure)" % k_bad.rc)
        c.check(e.count("UNAUTHORIZED") >= 2, "UNAUTHORIZED logged %d times (want retries) %s"
                % (e.count("UNAUTHORIZED"), k_bad.describe()))
        c.check(not any(ln.startswith("# synced") for ln in k_bad.out_lines()), "synced with a wrong token")
        c.check("wrong-token" not in e and "s3cret" not in e, "a token appears in the log")
        c.report()

        c = Checks("kubeconfig from $KUBECONFIG (server + users.user.tokenFile): syncs")
        kc = os.path.join(tdir, "kubeconfig")
        with open(kc, "w") as f:
            f.write(KUBECONFIG % {"server": srv.url, "user": "    tokenFile: %s\n" % good})
        env = clean_env(tdir)
        env["KUBECONFIG"] = kc
        k_kc = Kwatch("kubeconfig", None, ["pods", "-o", "none", "--exit-after-sync", "--timeout", "60"], env=env)
        kws.append(k_kc)
        k_kc.wait(90)
        check_clean_exit(c, k_kc, 0)
        c.check("# synced 60 objects" in k_kc.out_lines(), "not synced " + k_kc.describe())
        c.report()

        c = Checks("kubeconfig with an exec credential plugin: KUBECONFIG_UNSUPPORTED, exit 1")
        kc2 = os.path.join(tdir, "kubeconfig-exec")
        with open(kc2, "w") as f:
            f.write(KUBECONFIG % {"server": srv.url, "user": "    exec:\n      command: /bin/false\n"})
        k_ex = Kwatch("kubeconfig-exec", None, ["pods", "--kubeconfig", kc2, "--exit-after-sync",
                                                "--timeout", "10"], env=clean_env(tdir))
        kws.append(k_ex)
        k_ex.wait(60)
        check_clean_exit(c, k_ex, 1)
        c.check("KUBECONFIG_UNSUPPORTED" in k_ex.err_text(), "KUBECONFIG_UNSUPPORTED not logged " + k_ex.describe())
        c.report()

        c = Checks("kubeconfig as JSON (as kubectl config view -o json --raw writes it): syncs")
        kc3 = os.path.join(tdir, "kubeconfig.json")
        with open(kc3, "w") as f:
            f.write(kubeconfig_json(srv.url, {"tokenFile": good}))
        k_js = Kwatch("kubeconfig-json", None, ["pods", "-o", "none", "--kubeconfig", kc3, "--exit-after-sync",
                                                "--timeout", "60", "--dump-on-exit"], env=clean_env(tdir))
        kws.append(k_js)
        k_js.wait(90)
        check_clean_exit(c, k_js, 0)
        c.check("# synced 60 objects" in k_js.out_lines(), "not synced " + k_js.describe())
        want = srv.state(pod_path())
        c.check(k_js.dump() == want, "dump differs: " + diff_summary(k_js.dump(), want))
        c.report()

        c = Checks("kubeconfig as JSON with a comma missing: KUBECONFIG_YAML names line and column, exit 1")
        kc4 = os.path.join(tdir, "kubeconfig-bad.json")
        with open(kc4, "w") as f:
            f.write(kubeconfig_json(srv.url, {"tokenFile": good}).replace('"apiVersion": "v1",', '"apiVersion": "v1"', 1))
        k_bj = Kwatch("kubeconfig-bad-json", None, ["pods", "--kubeconfig", kc4, "--exit-after-sync",
                                                    "--timeout", "10"], env=clean_env(tdir))
        kws.append(k_bj)
        k_bj.wait(60)
        check_clean_exit(c, k_bj, 1)
        want = "kwatch: error KUBECONFIG_YAML: %s: line 4, column 5: expected ',' or '}'" % kc4
        c.check(want in k_bj.err_text().splitlines(), "want %r, got %s" % (want, k_bj.describe()))
        c.report()

        c = Checks("token file rewritten after a 401: re-read, syncs")
        line = k_rot.wait_for(lambda ln: "UNAUTHORIZED" in ln, 60, stream="err")
        c.check(line is not None, "no 401 with the wrong token")
        tmp = rot + ".tmp"
        with open(tmp, "w") as f:
            f.write("s3cret-token-A1\n")
        os.replace(tmp, rot)
        k_rot.wait(90)
        check_clean_exit(c, k_rot, 0)
        c.check("# synced 60 objects" in k_rot.out_lines(), "not synced after the token file was fixed "
                + k_rot.describe())
        c.report()
    finally:
        for kw in kws:
            kw.kill()
        srv.close()


KUBECONFIG = """apiVersion: v1
kind: Config
clusters:
- name: fake
  cluster:
    server: %(server)s
contexts:
- name: fake
  context:
    cluster: fake
    user: tester
current-context: fake
users:
- name: tester
  user:
%(user)s"""


def scenario_exec_plugin(ctx):
    """A kubeconfig whose user runs an exec credential plugin (a shell script,
    client.authentication.k8s.io/v1): fakeapi --token-file requires the token
    it prints. kwatch runs it once and syncs; the server's token changes (and
    what the plugin prints with it): the 401 makes kwatch run it again, and
    the watch goes on (a pod made after arrives)."""
    c = Checks("exec credential plugin: its token syncs; a 401 runs it again and the watch goes on")
    tdir = os.path.join(TMP, "exec-plugin")
    os.makedirs(tdir, exist_ok=True)
    stok, ctok, runs = os.path.join(tdir, "server-token"), os.path.join(tdir, "plugin-token"), os.path.join(tdir, "runs")
    for p, t in ((stok, "exec-token-A\n"), (ctok, "exec-token-A\n"), (runs, "")):
        with open(p, "w") as f:
            f.write(t)
    plugin = os.path.join(tdir, "get-token.sh")
    with open(plugin, "w") as f:
        f.write("#!/bin/sh\n"
                "echo \"run $1 $KUBERNETES_EXEC_INFO\" >> '%s'\n"
                "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                "\"status\":{\"token\":\"%%s\",\"expirationTimestamp\":\"2999-01-01T00:00:00Z\"}}\\n' \"$(cat '%s')\"\n" % (runs, ctok))
    os.chmod(plugin, 0o700)
    srv = Server("exec-plugin", pods=30, extra=["--token-file", stok])
    kw = None
    try:
        kc = os.path.join(tdir, "config")
        with open(kc, "w") as f:
            f.write(kubeconfig_json(srv.url, {"exec": {"apiVersion": "client.authentication.k8s.io/v1", "command": "./get-token.sh",
                                                       "args": ["--cluster=fake"], "interactiveMode": "Never",
                                                       "provideClusterInfo": True}}))
        def nruns():
            with open(runs) as f:
                return [ln for ln in f.read().splitlines() if ln.startswith("run ")]
        wbase = srv.watch_count("pods")
        kw = Kwatch("exec-plugin", None, ["pods", "-o", "name", "--kubeconfig", kc, "--dump-on-exit", "-v"], env=clean_env(tdir), merge=True)
        if not wait_watching(c, srv, "pods", wbase):
            return c.report()
        r = nruns()
        c.check(len(r) == 1, "the plugin ran %d times for the sync, want 1" % len(r))
        c.check(r and r[0].startswith("run --cluster=fake ") and '"interactive":false' in r[0] and ('"server":"%s"' % srv.url) in r[0],
                "the plugin's args or KUBERNETES_EXEC_INFO: %s" % r[:1])
        # the server's token changes: the next request gets 401, and the plugin prints the new one
        for p in (ctok, stok):
            with open(p, "w") as f:
                f.write("exec-token-B\n")
        srv.fault("cut")            # the watch's next request carries the token: it meets the 401
        churn_for(srv, 50, 1)       # events, so that the cut comes
        pat = Patience(PATIENCE_CAP, QUIET, lambda: (len(nruns()), kw.printed()))
        for _ in range(int(PATIENCE_CAP * SLOW * 10) + 1):
            if len(nruns()) >= 2 or pat.left() <= 0:
                break
            time.sleep(0.1)
        c.check(len(nruns()) >= 2, "the plugin did not run again after the 401: %s" % kw.err_text()[-600:])
        c.check("UNAUTHORIZED" in kw.err_text(), "no 401 seen: %s" % kw.err_text()[-400:])
        srv.quiesce()               # the churn ends before the sentinels: a change after them would be missed
        if finish_with_sentinel(c, srv, [kw]):
            kw.stop()
            check_clean_exit(c, kw, 0)
            check_against_server(c, kw, srv, pod_path())
        c.check(len(nruns()) <= 3, "the plugin ran %d times (a loop?)" % len(nruns()))
        c.check("EXEC_" not in kw.err_text(), "an exec error: %s" % kw.err_text()[-400:])
    finally:
        if kw:
            kw.kill()
        srv.close()
    return c.report()


def kubeconfig_json(server, user):
    """The kubeconfig of KUBECONFIG as `kubectl config view -o json --raw`
    writes it: the same keys in the same order, four spaces a level."""
    return json.dumps({"kind": "Config", "apiVersion": "v1", "preferences": {},
                       "clusters": [{"name": "fake", "cluster": {"server": server}}],
                       "users": [{"name": "tester", "user": user}],
                       "contexts": [{"name": "fake", "context": {"cluster": "fake", "user": "tester"}}],
                       "current-context": "fake"}, indent=4) + "\n"


def clean_env(home):
    env = {k: v for k, v in os.environ.items()
           if k not in ("KUBECONFIG", "KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT")}
    env["HOME"] = home
    return env


def first_system_ca():
    """One CA certificate that did not sign fakeapi's certificate, or None."""
    for path in ("/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"):
        try:
            with open(path) as f:
                txt = f.read()
        except OSError:
            continue
        m = re.search(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----\n", txt, re.S)
        if m:
            return m.group(0)
    return None


def scenario_tls(ctx):
    """https:// through BearSSL against fakeapi --tls: churn compared exactly; a wrong CA
    and a wrong server name are refused."""
    tdir = os.path.join(TMP, "tls")
    os.makedirs(tdir, exist_ok=True)
    ca = os.path.join(tdir, "ca.pem")
    srv = Server("tls", pods=100, extra=["--tls", "--ca-file", ca])
    kws = []
    try:
        c = Checks("https with --certificate-authority under churn: cache exact")
        wbase = srv.watch_count("pods")
        kw = Kwatch("tls", srv.url, ["pods", "-o", "name", "--dump-on-exit", "--stats", "--list-limit", "30",
                                     "-v", "--certificate-authority", ca], merge=True)
        kws.append(kw)
        if wait_watching(c, srv, "pods", wbase):
            churn_for(srv, 100, 1 if OPTS.quick else 3)
            srv.fault("cut")
            time.sleep(1)
            srv.quiesce()
            if finish_with_sentinel(c, srv, [kw]):
                kw.stop()
                check_clean_exit(c, kw, 0)
                check_against_server(c, kw, srv, pod_path())
        c.report()

        c = Checks("https with an untrusted CA / a wrong --tls-server-name: refused, exit 1")
        other = first_system_ca()
        cases = [(["--certificate-authority", ca, "--tls-server-name", "wrong.example.com"], "TLS_BAD_NAME")]
        if other:
            p = os.path.join(tdir, "other-ca.pem")
            with open(p, "w") as f:
                f.write(other)
            cases.append((["--certificate-authority", p], "TLS_UNTRUSTED"))
        for args, item in cases:
            k = Kwatch("tls-bad", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--timeout", "4"] + args)
            kws.append(k)
            k.wait(60)
            check_clean_exit(c, k, 1, label="kwatch %s" % " ".join(args))
            c.check(item in k.err_text(), "%s not logged %s" % (item, k.describe()))
            c.check(not any(ln.startswith("# synced") for ln in k.out_lines()), "synced through a bad TLS setup")
        c.report()
    finally:
        for k in kws:
            k.kill()
        srv.close()


# ======================================================================
# nodeagent: the write client's heartbeat and a node's pods
# ======================================================================

LEASE_PATH = "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/%s"
MICRO_TIME_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
PHASE_RE = re.compile(r"^PHASE (\S+) (\S+) (\S+)$")


def nodeagent(name, srv, node, extra=()):
    binary = os.path.join(os.path.dirname(OPTS.kwatch), "nodeagent")
    return Kwatch(name, srv.url, ["--node", node, "--lease-seconds", "1", "-v"] + list(extra), binary=binary)


def lease_lines(na, since=0):
    return [ln for ln in na.out_lines()[since:] if ln.startswith("LEASE ")]


def scenario_nodeagent(ctx):
    """nodeagent --node node-1: its Lease is created, renewed (renewTime moves forward),
    survives foreign writes (409 Conflict, re-read, retried), a restart of nodeagent and
    one of the server; its node's pods' phase changes are logged, other nodes' never."""
    c = Checks("nodeagent: lease created and renewed through conflicts and restarts; its node's pods' phases only")
    srv = Server("nodeagent", pods=40)
    na = None
    node = "node-1"
    lpath = LEASE_PATH % node
    try:
        mine = set(parse_dump(srv.state(pod_path(), fsel="spec.nodeName=%s" % node)))
        allpods = parse_dump(srv.state(pod_path()))
        c.check(mine and len(mine) < len(allpods), "test bug: node-1 has %d of %d pods" % (len(mine), len(allpods)))
        na = nodeagent("nodeagent", srv, node)
        if not c.check(na.wait_for(lambda ln: ln.startswith("LEASE created %s " % node), 30),
                       "no 'LEASE created' line %s" % na.describe()):
            return c.report()
        first = na.wait_for(lambda ln: ln.startswith("LEASE renewed %s " % node), 30)
        c.check(first, "no 'LEASE renewed' line after the create")
        lease1 = srv.get(lpath)
        spec = lease1.get("spec", {})
        c.check(spec.get("holderIdentity") == node and spec.get("leaseDurationSeconds") == 40,
                "lease spec %s" % spec)
        c.check(MICRO_TIME_RE.match(spec.get("renewTime", "")), "renewTime %r is not RFC 3339 micro time" % spec.get("renewTime"))
        # every pod of node-1 was seen (first phase), none of another node
        seen = {}
        deadline = time.monotonic() + 30 * SLOW
        for _ in range(300):
            seen = {m.group(1) for m in map(PHASE_RE.match, na.out_lines()) if m and m.group(2) == "-"}
            if seen >= mine or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        c.check(seen == mine, "first PHASE lines %s, want node-1's pods %s" % (sorted(seen ^ mine)[:5], len(mine)))
        # the lease advances
        time.sleep(2.5)
        lease2 = srv.get(lpath)
        c.check(lease2["spec"]["renewTime"] > spec.get("renewTime", ""),
                "renewTime did not move: %s then %s" % (spec.get("renewTime"), lease2["spec"]["renewTime"]))
        c.check(int(lease2["metadata"]["resourceVersion"]) > int(lease1["metadata"]["resourceVersion"]), "lease RV did not move")
        # foreign writes between renewals: each makes the agent's next update conflict
        for i in range(3):
            f = srv.get(lpath)
            f["spec"]["holderIdentity"] = "intruder"
            f["spec"]["renewTime"] = "2000-01-01T00:00:00.000000Z"
            f["metadata"].pop("resourceVersion", None)
            srv.apply(lpath, f)
            time.sleep(1.3)
        n0 = len(na.out_lines())
        c.check(na.wait_for(lambda ln: "CLIENT_CONFLICT" in ln, 20, stream="err"),
                "no CLIENT_CONFLICT logged after foreign writes %s" % na.describe())
        deadline = time.monotonic() + 20 * SLOW
        for _ in range(200):
            if lease_lines(na, n0) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        c.check(lease_lines(na, n0), "no renewal after the conflicts")
        time.sleep(1.5)
        l3 = srv.get(lpath)
        c.check(l3["spec"]["holderIdentity"] == node and l3["spec"]["renewTime"] > lease2["spec"]["renewTime"],
                "after the conflicts the lease is %s" % l3["spec"])
        # phase changes: node-1's are logged, node-0's are not
        mk = sorted(mine)[0]
        other = sorted(k for k in allpods if k not in mine)[0]
        for key, phase in ((mk, "Succeeded"), (other, "Failed")):
            ns, _, name = key.partition("/")
            pod = srv.get("/api/v1/namespaces/%s/pods/%s" % (ns, name))
            pod.setdefault("status", {})["phase"] = phase
            srv.apply("/api/v1/namespaces/%s/pods/%s" % (ns, name), pod)
        c.check(na.wait_for(lambda ln: (PHASE_RE.match(ln) or [0, 0])[1] == mk and ln.endswith(" Succeeded"), 20),
                "no PHASE line for %s -> Succeeded" % mk)
        newkey = srv.sentinel_pod()       # spec.nodeName node-1
        c.check(na.wait_for(lambda ln: ln.startswith("PHASE %s - Running" % newkey), 20), "no PHASE line for a new pod %s" % newkey)
        ns, _, name = newkey.partition("/")
        srv.delete("/api/v1/namespaces/%s/pods/%s" % (ns, name))
        c.check(na.wait_for(lambda ln: ln.startswith("PHASE %s Running -" % newkey), 20), "no PHASE line for the deleted pod")
        # a restart of nodeagent: it reads the lease it left and renews it (no create)
        rc = na.stop()
        c.check(rc == 0, "nodeagent exit %s on SIGTERM %s" % (rc, na.describe()))
        keys_logged = {m.group(1) for m in map(PHASE_RE.match, na.out_lines()) if m}
        c.check(keys_logged <= mine | {newkey}, "PHASE lines of other nodes' pods: %s" % sorted(keys_logged - mine - {newkey})[:5])
        c.check(other not in keys_logged, "the other node's pod %s was logged" % other)
        before = srv.get(lpath)["metadata"]["resourceVersion"]
        na = nodeagent("nodeagent-2", srv, node)
        c.check(na.wait_for(lambda ln: ln.startswith("LEASE renewed %s " % node), 30), "no renewal after a restart of nodeagent")
        c.check(not any(ln.startswith("LEASE created") for ln in na.out_lines()), "the lease was created again after a restart")
        c.check(int(srv.get(lpath)["metadata"]["resourceVersion"]) > int(before), "lease RV did not move after the restart")
        # a restart of the server: the agent reconnects and renews again
        if c.check(srv.restart(1.5), "server did not come back"):
            n1 = len(na.out_lines())
            t_back = srv.get(lpath)["spec"]["renewTime"]
            deadline = time.monotonic() + 30 * SLOW
            ok = False
            for _ in range(300):
                if lease_lines(na, n1) and srv.get(lpath)["spec"]["renewTime"] > t_back:
                    ok = True
                    break
                if time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            c.check(ok, "no renewal after the server restarted %s" % na.describe())
        rc = na.stop()
        c.check(rc == 0, "nodeagent exit %s on SIGTERM" % rc)
        bad = na.sanitizer_errors()
        c.check(not bad, "sanitizer: %s" % bad)
    finally:
        if na:
            na.kill()
        srv.close()
    return c.report()


def scenario_nodeagent_retry(ctx):
    """nodeagent's write client retries: its first GET of the Lease has its
    connection cut (a GET: sent again), then three requests get 429 with
    Retry-After: 1 (sent again after it); no request fails, the Lease is
    created and renewed, and the client's retries are logged, one each."""
    c = Checks("nodeagent: a cut GET and three 429s (Retry-After) retried by the write client: no failure")
    srv = Server("nodeagent-retry", pods=10)
    na = None
    node = "node-1"
    try:
        srv.fault("object_cut", count=1)
        na = nodeagent("nodeagent-retry", srv, node)
        if not c.check(na.wait_for(lambda ln: ln.startswith("LEASE created %s " % node), 60),
                       "no 'LEASE created' line %s" % na.describe()):
            return c.report()
        c.check(srv.stats().get("object_cuts", 0) == 1, "the server cut %s requests, want 1" % srv.stats().get("object_cuts", 0))
        srv.fault("object_status", code=429, retry_after=1, count=3)
        c.check(srv.wait_faults_drained(progress=na.printed), "the 429s were never consumed: %s" % srv.pending_faults())
        n0 = len(lease_lines(na))
        c.check(na.wait_for(lambda ln: ln.startswith("LEASE renewed %s " % node), 60, since=len(na.out_lines())),
                "no renewal after the 429s %s" % na.describe())
        c.check(len(lease_lines(na)) > n0, "no LEASE line after the 429s")
        rc = na.stop()
        c.check(rc == 0, "nodeagent exit %s on SIGTERM %s" % (rc, na.describe()))
        err = na.err_text()
        retries = [ln for ln in err.splitlines() if "CLIENT_RETRY" in ln]
        c.check(len(retries) == 4, "CLIENT_RETRY logged %d times, want 4 (a cut, three 429s): %s" % (len(retries), retries))
        c.check(sum("connection closed" in ln for ln in retries) == 1 and sum("(429;" in ln for ln in retries) == 3,
                "retries logged: %s" % retries)
        c.check("failures=0" in err, "the lease had failures: %s" % err[-400:])
        c.check("CLIENT_HTTP_ERROR" not in err and "CONNECTION_CLOSED" not in err, "a request failed: %s" % err[-400:])
        c.check(srv.stats().get("object_status_sent", 0) == 3, "the server sent %s 429s, want 3"
                % srv.stats().get("object_status_sent", 0))
    finally:
        if na:
            na.kill()
        srv.close()
    return c.report()


def scenario_nodeagent_tls(ctx):
    """nodeagent over https (--certificate-authority) with a token file that rotates:
    the lease is renewed, a 401 after the rotation is followed by a renewal with the
    new token (the file read again), the pods are listed through the same TLS setup."""
    c = Checks("nodeagent over https with a rotating --token-file: renewed after the 401")
    tdir = os.path.join(TMP, "nodeagent-tls")
    os.makedirs(tdir, exist_ok=True)
    ca = os.path.join(tdir, "ca.pem")
    tok = os.path.join(tdir, "token")
    with open(tok, "w") as f:
        f.write("token-one\n")
    srv = Server("nodeagent-tls", pods=20, extra=["--tls", "--ca-file", ca, "--token-file", tok])
    na = None
    try:
        na = nodeagent("nodeagent-tls", srv, "node-0", ["--certificate-authority", ca, "--token-file", tok])
        c.check(na.wait_for(lambda ln: ln.startswith("LEASE created node-0 "), 30), "no 'LEASE created' over https %s" % na.describe())
        c.check(na.wait_for(lambda ln: ln.startswith("PHASE "), 30), "no PHASE line over https")
        with open(tok + ".new", "w") as f:
            f.write("token-two\n")
        os.rename(tok + ".new", tok)
        n0 = len(na.out_lines())
        c.check(na.wait_for(lambda ln: "CLIENT_UNAUTHORIZED" in ln, 20, stream="err"),
                "no 401 after the token rotated %s" % na.describe())
        deadline = time.monotonic() + 30 * SLOW
        for _ in range(300):
            if lease_lines(na, n0) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        c.check(lease_lines(na, n0), "no renewal with the new token %s" % na.describe())
        rc = na.stop()
        c.check(rc == 0, "nodeagent exit %s on SIGTERM" % rc)
    finally:
        if na:
            na.kill()
        srv.close()
    return c.report()


def scenario_nodeagent_token_file(ctx):
    """The write client's token file when a read FAILS (nodeagent's lease client; the
    server, fakeapi --token-file, checks every request's token):
    1. the file is missing at start: TOKEN_FILE_UNREADABLE is logged (a warning, tag
       lease), the client does not stall on the failed read but asks without a token
       (401), and the read that the 401 makes due picks up the file once it appears;
    2. the file goes away, a 401 makes a read due, it fails (warning): the client
       keeps the token it had (the server, taking that token again, renews);
    3. the file comes back with a new token: after the next 401 the read picks it up."""
    c = Checks("nodeagent --token-file: a failed read is a warning, the old token kept, the next due read takes the new one")
    tdir = os.path.join(TMP, "nodeagent-token")
    os.makedirs(tdir, exist_ok=True)
    stok = os.path.join(tdir, "server-token")   # the token fakeapi accepts (read per request)
    ctok = os.path.join(tdir, "client-token")   # nodeagent's --token-file, absent at start

    def put(path, text):
        with open(path + ".new", "w") as f:
            f.write(text)
        os.rename(path + ".new", path)

    put(stok, "token-one\n")
    srv = Server("nodeagent-token", pods=10, extra=["--token-file", stok])
    na = None
    node = "node-0"

    def lease_err(item):
        return lambda ln: item in ln and " lease: " in ln

    def err_after(e0, item, timeout):
        """a lease log line with item among stderr's lines from index e0 on, waited for"""
        deadline = time.monotonic() + timeout * SLOW
        for _ in range(int(timeout * 20 * SLOW) + 1):
            with na.cond:
                if any(lease_err(item)(ln) for ln in na.err[e0:]):
                    return True
            if time.monotonic() > deadline or na.proc.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    try:
        na = nodeagent("nodeagent-token", srv, node, ["--token-file", ctok])
        # 1. missing at start
        c.check(na.wait_for(lease_err("TOKEN_FILE_UNREADABLE"), 10, stream="err"),
                "no TOKEN_FILE_UNREADABLE (lease) for a missing token file %s" % na.describe())
        c.check(any(ln.startswith("nodeagent: warning TOKEN_FILE_UNREADABLE: lease: ") for ln in na.err_text().splitlines()),
                "TOKEN_FILE_UNREADABLE is not a warning %s" % na.describe())
        if not c.check(na.wait_for(lease_err("CLIENT_UNAUTHORIZED"), 10, stream="err"),
                       "the client never asked after the failed read (no 401 without a token) %s" % na.describe()):
            return c.report()
        c.check(not lease_lines(na), "a lease was written without a token")
        put(ctok, "token-one\n")
        if not c.check(na.wait_for(lambda ln: ln.startswith("LEASE created %s " % node), 20),
                       "the token file, once there, was not read (no 'LEASE created') %s" % na.describe()):
            return c.report()
        # 2. gone, a 401, the failed read keeps the old token
        c.check(na.wait_for(lambda ln: ln.startswith("LEASE renewed %s " % node), 20), "no renewal before the rotation")
        os.remove(ctok)
        with na.cond:
            e0 = len(na.err)
        put(stok, "token-two\n")
        c.check(err_after(e0, "CLIENT_UNAUTHORIZED", 20), "no 401 after the server's token changed %s" % na.describe())
        c.check(err_after(e0, "TOKEN_FILE_UNREADABLE", 20), "no TOKEN_FILE_UNREADABLE after the 401 with the file gone %s" % na.describe())
        n0 = len(na.out_lines())
        put(stok, "token-one\n")         # the server takes the old token again
        deadline = time.monotonic() + 20 * SLOW
        for _ in range(400):
            if lease_lines(na, n0) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        c.check(lease_lines(na, n0), "no renewal with the kept token after the failed read %s" % na.describe())
        # 3. back with a new token: the next 401 makes the read due, and it takes it
        with na.cond:
            e1 = len(na.err)
        put(ctok, "token-three\n")
        put(stok, "token-three\n")
        c.check(err_after(e1, "CLIENT_UNAUTHORIZED", 20),
                "no 401 with the old token after the rotation %s" % na.describe())
        n1 = len(na.out_lines())
        deadline = time.monotonic() + 20 * SLOW
        for _ in range(400):
            if lease_lines(na, n1) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        c.check(lease_lines(na, n1), "no renewal with the token file's new token %s" % na.describe())
        rc = na.stop()
        c.check(rc == 0, "nodeagent exit %s on SIGTERM" % rc)
        bad = na.sanitizer_errors()
        c.check(not bad, "sanitizer: %s" % bad)
    finally:
        if na:
            na.kill()
        srv.close()
    return c.report()


# ----------------------------------------------------------------------
# Several resources on one loop: a factory and discovery

MULTI_EVENT_RE = re.compile(r"^(ADDED|MODIFIED|DELETED|DELETED!) (\S+) (\S+) (\S+)$")
MULTI_PATHS = {"pods": "/api/v1/pods", "configmaps": "/api/v1/configmaps", "nodes": "/api/v1/nodes",
               "secrets": "/api/v1/secrets", "services": "/api/v1/services", "events": "/api/v1/events",
               "namespaces": "/api/v1/namespaces", "deployments.apps": "/apis/apps/v1/deployments",
               "events.events.k8s.io": "/apis/events.k8s.io/v1/events",
               "widgets.example.com": "/apis/example.com/v1/widgets",
               "gadgets.example.org": "/apis/example.org/v1/gadgets",
               "things.example.net": "/apis/example.net/v1/things"}


def multi_server_state(srv, names):
    """(resource, key) -> RV for these resources, from the server."""
    m = {}
    for name in names:
        for ln in srv.state(MULTI_PATHS[name]).splitlines()[1:]:
            k, _, rv = ln.partition(" ")
            m[(name, k)] = rv
    return m


def multi_parse_dump(text):
    """A multi-resource dump: "# cache N objects" and "RESOURCE KEY RV" lines;
    returns ((resource, key) -> RV, problems)."""
    lines = (text or "").splitlines()
    errs = []
    m = {}
    if not lines or not re.match(r"^# cache \d+ objects$", lines[0]):
        return m, ["no '# cache N objects' header"]
    body = lines[1:]
    if int(lines[0].split()[2]) != len(body):
        errs.append("header says %s, %d lines" % (lines[0], len(body)))
    keys = []
    for ln in body:
        parts = ln.split(" ")
        if len(parts) != 3:
            errs.append("not 'RESOURCE KEY RV': %r" % ln)
            continue
        m[(parts[0], parts[1])] = parts[2]
        keys.append((parts[0], parts[1]))
    if keys != sorted(keys, key=lambda x: (x[0].encode(), x[1].encode())):
        errs.append("dump lines not sorted by resource and key")
    return m, errs


def multi_dump_now(kw, timeout=30):
    """SIGUSR1, then the dump printed before the next '# end cache'."""
    n0 = sum(1 for ln in kw.out_lines() if ln == "# end cache")
    kw.proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + timeout * SLOW
    while time.monotonic() < deadline:
        lines = kw.out_lines()
        if sum(1 for ln in lines if ln == "# end cache") > n0:
            return kw.dump()
        time.sleep(0.1)
    return None


def multi_converge(c, kw, srv, names, timeout=60, skip=()):
    """Waits until kwatch's dump (SIGUSR1) equals the server's state for these
    resources (the dump's resources in skip left out): the server is quiet,
    so the cache must reach it."""
    want = multi_server_state(srv, names)
    deadline = time.monotonic() + timeout * SLOW
    got, errs = {}, []
    while time.monotonic() < deadline:
        got, errs = multi_parse_dump(multi_dump_now(kw))
        got = {k: v for k, v in got.items() if k[0] not in skip}
        if got == want and not errs:
            return True
        time.sleep(0.5)
    missing = sorted(set(want) - set(got))[:3]
    phantom = sorted(set(got) - set(want))[:3]
    stale = sorted(k for k in set(got) & set(want) if got[k] != want[k])[:3]
    c.fail("%s: cache never equalled the server: %s missing %s phantom %s stale %s %s"
           % (kw.name, errs, missing, phantom, stale, kw.describe()))
    return False


def multi_replay(c, kw, names):
    """Every event line names a resource of names and replays (per resource)
    to the last dump."""
    m, errs, bad = {}, [], []
    for ln in kw.out_lines():
        if ln.startswith("#") or ln.split(" ")[0] not in ("ADDED", "MODIFIED", "DELETED", "DELETED!"):
            continue            # a dump's lines
        mt = MULTI_EVENT_RE.match(ln)
        if not mt or mt.group(2) not in names:
            bad.append(ln)
            continue
        t, res, key, rv = mt.groups()
        sub = {k: v for (r, k), v in m.items() if r == res}
        err = apply_event(sub, t, key, rv)
        for (r, k) in [x for x in m if x[0] == res]:
            del m[(r, k)]
        m.update({(res, k): v for k, v in sub.items()})
        if err:
            errs.append("%s %s" % (res, err))
    c.check(not bad, "%s: lines that are not 'TYPE RESOURCE KEY RV' of %s: %s" % (kw.name, names, bad[:3]))
    c.check(not errs, "%s: inconsistent event stream: %d, e.g. %s" % (kw.name, len(errs), errs[:3]))
    dumped, _ = multi_parse_dump(kw.dump())
    if m != dumped:
        c.fail("%s: replayed events differ from the dump: extra %s lost %s" % (
            kw.name, sorted(set(m) - set(dumped))[:3], sorted(set(dumped) - set(m))[:3]))


def crd(srv, method, group, plural, **params):
    q = {"group": group, "plural": plural}
    q.update(params)
    code, data = srv.request(method, "/_fake/crd", q, retries=3)
    if code not in (200, 201):
        raise srv.Error("crd %s %s.%s -> %d %s" % (method, plural, group, code, data[:200]))


def scenario_multi(ctx):
    """One kwatch over pods,configmaps,nodes and a CRD under churn and every
    fault class, each cache compared with the server's; a kwatch --all that
    picks up a CRD created while it runs and lets go of one deleted; the
    resource in -o json; errors named at once."""
    srv = Server("multi", pods=60, namespaces=3, configmaps=12)
    kws = []
    try:
        crd(srv, "POST", "example.org", "gadgets", versions="v1", short="gd")
        for i in range(4):
            srv.apply("/apis/example.org/v1/namespaces/ns-%d/gadgets/g-%d" % (i % 3, i),
                      {"metadata": {"name": "g-%d" % i}, "spec": {"n": i}})
        names = ["pods", "configmaps", "nodes", "gadgets.example.org"]
        # --max-object-bytes: the oversized fault's pod (300 kB) is kept as its identity only (exit 3)
        a = Kwatch("multi pods,cm,no,gd", srv.url, ["pods,cm,no,gadgets.example.org", "-o", "name",
                                                      "--stats", "--dump-on-exit", "-v", "--max-object-bytes", "100000"])
        b = Kwatch("multi --all", srv.url, ["--all", "--rediscover", "1", "-o", "name", "--stats", "--dump-on-exit"])
        kws += [a, b]
        c = Checks("multi: one kwatch over pods,configmaps,nodes and a CRD, under churn and faults, equals the server")
        if a.wait_for(lambda ln: ln.startswith("ADDED gadgets.example.org "), 60) is None:
            c.fail("never printed a gadget %s" % a.describe())
        srv.churn(40)
        secs = 2 if OPTS.quick else 4
        faults = [("cut", {"count": 3}), ("garbage", {"count": 2}), ("status", {"code": 500, "count": 2}),
                  ("expire", {}), ("expire_http", {"count": 1}), ("stall", {"now": 1, "seconds": 2}),
                  ("restart", {"seconds": 1})]
        for i, (kind, params) in enumerate(faults):
            if kind == "restart":
                # the changes below after it is back: while it is down they are refused
                if not c.check(srv.restart(**params), "the server did not come back"):
                    break
            else:
                srv.fault(kind, **params)
            # the CRD's objects and the nodes change too
            srv.apply("/apis/example.org/v1/namespaces/ns-1/gadgets/g-x%d" % i, {"metadata": {"name": "g-x%d" % i}})
            if i % 2:
                srv.delete("/apis/example.org/v1/namespaces/ns-1/gadgets/g-x%d" % (i - 1))
            srv.apply("/api/v1/nodes/node-%d" % (i % 3), {"metadata": {"name": "node-%d" % (i % 3),
                                                                        "labels": {"round": str(i)}}})
            time.sleep(secs / 2.0)
        srv.quiesce()
        srv.wait_faults_drained()
        # the oversized pod once the churn is over: under churn it could be
        # deleted again while a was still backing off from the restart
        srv.fault("oversized", size=300000, namespace="ns-1", name="big-1")
        if a.wait_for(lambda ln: "OBJECT_TOO_LARGE" in ln, 60, stream="err") is None:
            c.fail("%s never reported the oversized pod %s" % (a.name, a.describe()))
        multi_converge(c, a, srv, names)
        c.report()

        c = Checks("multi --all: a CRD created while running is picked up, a deleted one let go; the cache equals the server")
        crd(srv, "POST", "example.net", "things", versions="v1", kind="Thing", scope="Cluster")
        srv.apply("/apis/example.net/v1/things/t1", {"metadata": {"name": "t1"}})
        if b.wait_for(lambda ln: ln.startswith("ADDED things.example.net t1 "), 30) is None:
            c.fail("the new CRD's object never came %s" % b.describe())
        crd(srv, "DELETE", "example.org", "gadgets")
        if b.wait_for(lambda ln: "RESOURCE_GONE" in ln and "gadgets.example.org" in ln, 30, stream="err") is None:
            c.fail("the deleted CRD was not let go %s" % b.describe())
        everything = [n for n in MULTI_PATHS if n != "gadgets.example.org"]
        multi_converge(c, b, srv, everything)
        got, _ = multi_parse_dump(b.dump())
        c.check(not any(r == "gadgets.example.org" for r, _ in got), "gadgets still in the --all dump")
        c.report()

        c = Checks("multi: caches and event streams after SIGTERM, exit 0, --stats for each resource")
        # the named CRD left too: its informer's 404 has discovery run again, and it is let go
        c.check(a.wait_for(lambda ln: "RESOURCE_GONE" in ln and "gadgets.example.org" in ln, 30, stream="err") is not None,
                "%s: the deleted CRD was not let go %s" % (a.name, a.describe()))
        for kw in (a, b):
            kw.stop()
            check_clean_exit(c, kw, 3 if kw is a else 0)   # a: the oversized pod
        c.check("OBJECT_TOO_LARGE" in a.err_text() and re.search(r"^# stats .*oversized=[1-9]", a.err_text(), re.M),
                "%s: the oversized pod was not reported" % a.name)
        multi_replay(c, a, names)
        multi_replay(c, b, set(MULTI_PATHS))
        got, errs = multi_parse_dump(a.dump())
        want = multi_server_state(srv, ["pods", "configmaps", "nodes"])
        c.check(not errs and {k: v for k, v in got.items() if k[0] != "gadgets.example.org"} == want,
                "final dump of %s differs from the server: %s" % (a.name, errs))
        err = a.err_text()
        for n in names[:3]:     # a resource that left has none
            c.check("# stats resource %s" % n in err, "no stats for %s" % n)
        c.check(re.search(r"# stats factory informers=4 synced=3 gone=1 ", err) is not None,
                "factory stats of %s: %s" % (a.name, [ln for ln in err.splitlines() if "factory" in ln]))
        c.check(re.search(r"# stats discovery rounds=\d+ resources=\d+ aggregated=1 ", err) is not None,
                "discovery stats: aggregated form not used")
        c.report()

        c = Checks("multi: -o json names the resource; --exit-after-sync waits for all; errors at once")
        j = Kwatch("multi json", srv.url, ["po,no", "-o", "json", "--exit-after-sync"])
        kws.append(j)
        j.wait(60)
        check_clean_exit(c, j, 0)
        lines = j.out_lines()
        objs = [json.loads(ln) for ln in lines if ln.startswith("{")]
        c.check(objs and all(o["type"] == "ADDED" and o["resource"] in ("pods", "nodes") for o in objs),
                "json lines without a resource: %s" % lines[:2])
        want_n = len(multi_server_state(srv, ["pods", "nodes"]))
        c.check(lines and lines[-1] == "# synced %d objects" % want_n and len(objs) == want_n,
                "synced line %r, %d objects, want %d" % (lines[-1:] , len(objs), want_n))
        for args, item in ((["pods,nope"], "UNKNOWN_RESOURCE"), (["-n", "ns-1", "pods,nodes"], "CLUSTER_SCOPED"),
                           (["po,cs"], "NOT_WATCHABLE"), (["gadgets.example.org"], "UNKNOWN_RESOURCE")):
            t0 = time.monotonic()
            e = Kwatch("multi error " + item, srv.url, args)
            kws.append(e)
            e.wait(60)
            check_clean_exit(c, e, 1)
            c.check(("kwatch: error %s:" % item) in e.err_text() and not e.out_lines(),
                    "%s: want %s: %s" % (args, item, e.err_text()[-300:]))
            c.check(time.monotonic() - t0 < 15, "%s: not at once" % args)
        # one name resolved by discovery prints as one resource always has
        s = Kwatch("multi single via discovery", srv.url, ["no", "--exit-after-sync"])
        kws.append(s)
        s.wait(60)
        check_clean_exit(c, s, 0)
        c.check(s.out_lines() and all(re.match(r"^ADDED node-\d \d+$", ln) for ln in s.out_lines()[:-1]) and
                s.out_lines()[-1] == "# synced 3 objects", "single name via discovery: %s" % s.out_lines()[:4])
        c.report()
    finally:
        for k in kws:
            k.kill()
        srv.close()


def scenario_multi_caps(ctx):
    """Per-resource capacities: --max-objects RES=N (and --store-bytes RES=B)
    size one resource's informer, the number alone the rest's; a row that
    does not fit its resource's objects exits 3; a row for a resource not
    watched, or one the server does not have, is an error at once; a
    namespace on a cluster-scoped API path too."""
    srv = Server("multi_caps", pods=60, namespaces=3, configmaps=30)
    kws = []
    try:
        c = Checks("multi caps: --max-objects RES=N sizes each resource's informer, N the rest's; too small exits 3")
        a = Kwatch("caps fit", srv.url, ["pods,configmaps,nodes", "--max-objects", "pods=70", "--max-objects=configmaps=40",
                                         "--store-bytes", "configmaps=200000", "--max-objects", "5",
                                         "-o", "none", "--exit-after-sync", "--stats"])
        kws.append(a)
        a.wait(60)
        check_clean_exit(c, a, 0)
        err = a.err_text()
        per = {}
        cur = None
        for ln in err.splitlines():
            m = re.match(r"^# stats resource (\S+)$", ln)
            if m:
                cur = m.group(1)
            m = re.match(r"^# stats objects=(\d+)/(\d+) .* store_capacity=(\d+)$", ln)
            if m and cur:
                per[cur] = tuple(int(x) for x in m.groups())
        c.check(per.get("pods", (0,))[:2] == (60, 70) and per.get("configmaps", (0,))[:2] == (30, 40) and
                per.get("nodes", (0,))[:2] == (3, 5), "objects/capacity per resource: %s" % per)
        c.check(per.get("configmaps", (0, 0, 0))[2] == 200000 and per.get("pods", (0, 0, 0))[2] == 32 << 20,
                "store capacity per resource: %s" % per)
        b = Kwatch("caps too small", srv.url, ["pods,configmaps", "--max-objects", "pods=50", "-o", "none", "--exit-after-sync"])
        kws.append(b)
        b.wait(60)
        check_clean_exit(c, b, 3)
        c.check("STORE_SLOTS_FULL: pods:" in b.err_text() and "STORE_SLOTS_FULL: configmaps:" not in b.err_text(),
                "only pods should be full: %s" % b.err_text()[-300:])
        c.report()

        c = Checks("multi caps: a row for a resource not watched, unknown, malformed; -n on a cluster-scoped path: errors at once")
        for args, rc, said in ((["pods", "--max-objects", "cm=5"], 2, "cm is not one of the resources watched"),
                               (["pods", "--max-objects", "gizmos=5"], 1, "kwatch: error UNKNOWN_RESOURCE:"),
                               (["pods", "--store-bytes", "pods=x"], 2, "expected RES=N"),
                               (["-n", "default", "/api/v1/nodes"], 1, "kwatch: error CLUSTER_SCOPED:"),
                               (["-n", "default", "no,pods"], 1, "kwatch: error CLUSTER_SCOPED:")):
            t0 = time.monotonic()
            e = Kwatch("caps error %s" % rc, srv.url, args)
            kws.append(e)
            e.wait(60)
            check_clean_exit(c, e, rc)
            c.check(said in e.err_text() and not e.out_lines(), "%s: want %r: %s" % (args, said, e.err_text()[-300:]))
            c.check(time.monotonic() - t0 < 15, "%s: not at once" % args)
        c.report()
    finally:
        for k in kws:
            k.kill()
        srv.close()


def scenario_multi_budget(ctx):
    """One memory budget for the whole factory: kwatch --all's default starts
    under a 256 MiB address-space limit (ulimit -v) and its cache equals the
    server's; with a --memory too small for every resource's objects, the
    resource that does not fit logs STORE_BUDGET_FULL and exits 3 at the
    end, while the others sync and converge."""
    srv = Server("multi_budget", pods=30, namespaces=3, configmaps=6)
    kws = []
    names = [n for n in MULTI_PATHS if n not in ("gadgets.example.org", "things.example.net")]
    try:
        # an ASan build reserves terabytes of shadow: no address-space limit for it
        limited = "asan" not in os.path.basename(OPTS.kwatch) and not OPTS.valgrind
        c = Checks("multi budget: kwatch --all under ulimit -v 262144 syncs, follows changes, equals the server"
                   + ("" if limited else " (no limit: a sanitizer build)"))
        wrap = ["sh", "-c", 'ulimit -v 262144 && exec "$0" "$@"'] if limited else None
        a = Kwatch("budget --all ulimit", srv.url, ["--all", "-o", "name", "--stats", "--dump-on-exit"], wrap=wrap)
        kws.append(a)
        # its signal handlers are in place once it prints (SIGUSR1 asks for the dump)
        if a.wait_for(lambda ln: ln.startswith("ADDED "), 60) is None:
            c.fail("%s printed no object %s" % (a.name, a.describe()))
        multi_converge(c, a, srv, names)
        churn_for(srv, 20, 2)
        srv.quiesce()
        multi_converge(c, a, srv, names)
        a.stop()
        check_clean_exit(c, a, 0)
        c.check(re.search(r"^# stats factory .* store_budget=%d granted=\d+ budget_full=0 " % (64 << 20), a.err_text(), re.M) is not None,
                "%s: factory stats without the 64 MiB budget: %s" % (a.name, [ln for ln in a.err_text().splitlines() if "factory" in ln]))
        m = re.search(r"^# stats factory informers=(\d+) .* objects=(\d+) ", a.err_text(), re.M)
        c.check(m is not None and int(m.group(1)) > 1 and int(m.group(2)) < 100 * int(m.group(1)),
                "%s: the tables' default floor (64 objects) not seen: %s" % (a.name, m.group(0) if m else a.err_text()[-300:]))
        c.report()

        c = Checks("multi budget: --objects-floor 100: every informer's tables keep 100 objects (--stats objects=)")
        o = Kwatch("budget objects floor", srv.url, ["--all", "--objects-floor", "100", "-o", "none", "--stats", "--exit-after-sync"])
        kws.append(o)
        o.wait(90)
        check_clean_exit(c, o, 0)
        m = re.search(r"^# stats factory informers=(\d+) .* objects=(\d+) ", o.err_text(), re.M)
        c.check(m is not None and int(m.group(1)) > 1 and int(m.group(2)) >= 100 * int(m.group(1)),
                "%s: tables under their floor: %s" % (o.name, m.group(0) if m else o.err_text()[-300:]))
        c.report()

        c = Checks("multi budget: --memory too small for configmaps: STORE_BUDGET_FULL for configmaps only, the others converge")
        p = Kwatch("budget probe", srv.url, ["--all", "--max-informers", "16", "--memory", "1"])
        kws.append(p)
        p.wait(60)
        check_clean_exit(c, p, 2)
        m = re.search(r"fixed parts take (\d+) MiB", p.err_text())
        if not c.check(m is not None, "--memory 1: no minimum named: %s" % p.err_text()[-300:]):
            c.report()
            return
        big = "x" * 100000
        for i in range(50):
            srv.apply("/api/v1/namespaces/ns-%d/configmaps/big-%d" % (i % 3, i), {"metadata": {"name": "big-%d" % i}, "data": {"v": big}})
        # 4 MiB for the objects, each store keeping 256 KiB: the configmaps' 5 MB do not fit, the rest does
        b = Kwatch("budget small", srv.url, ["--all", "--max-informers", "16", "--memory", "%dMi" % (int(m.group(1)) + 4),
                                             "--store-floor", "256Ki", "-o", "name", "--stats", "--dump-on-exit"])
        kws.append(b)
        if b.wait_for(lambda ln: "STORE_BUDGET_FULL" in ln, 60, stream="err") is None:
            c.fail("never reported STORE_BUDGET_FULL %s" % b.describe())
        others = [n for n in names if n != "configmaps"]
        multi_converge(c, b, srv, others, skip=("configmaps",))
        churn_for(srv, 20, 2)
        srv.quiesce()
        multi_converge(c, b, srv, others, skip=("configmaps",))
        b.stop()
        check_clean_exit(c, b, 3)
        full = [ln for ln in b.err_text().splitlines() if "STORE_BUDGET_FULL" in ln]
        c.check(full and all("configmaps" in ln for ln in full), "STORE_BUDGET_FULL for another resource: %s" % full[:3])
        # configmaps count as full until they have a step of room again (churn frees some)
        m = re.search(r"^# stats factory .* store_budget=(\d+) granted=(\d+) budget_full=[01] ", b.err_text(), re.M)
        c.check(m is not None and 0 < int(m.group(2)) <= int(m.group(1)),
                "%s: factory stats: %s" % (b.name, [ln for ln in b.err_text().splitlines() if "factory" in ln]))
        c.report()
    finally:
        for k in kws:
            k.kill()
        srv.close()


# ----------------------------------------------------------------------

def snapshot_sum_ok(path):
    """The snapshot's last 8 bytes (little-endian) are XXH64 of the rest, as
    xxHash's own xxhsum computes it (tests/deps.sh installs it)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 52 or data[:8] != b"KINFSNAP" or int.from_bytes(data[8:12], "little") != 2:
        return False
    out = subprocess.run(["xxhsum", "-H64", "-"], input=data[:-8], capture_output=True, timeout=60).stdout.split()
    return bool(out) and out[0].decode() == "%016x" % int.from_bytes(data[-8:], "little")


def scenario_snapshot(ctx):
    """The persisted cache: a second kwatch with --snapshot starts from the file
    and watches on with no LIST; a corrupt file is refused and kwatch lists;
    after a compaction the watch from the saved RV gets 410 and kwatch
    relists; with the server down it serves the cache it loaded. Each time
    the final cache equals the server's."""
    srv = Server("snapshot", pods=60, namespaces=3, configmaps=4)
    snap = os.path.join(srv.dir, "pods.snap")
    path = pod_path()
    try:
        c = Checks("snapshot: written at exit, then a warm start with no LIST")
        kw = Kwatch("snap-cold", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", snap])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        c.check(os.path.exists(snap) and not os.path.exists(snap + ".tmp"), "no snapshot file (or a .tmp left)")
        c.check(snapshot_sum_ok(snap), "the trailer is not xxhsum -H64 of the bytes before it (docs/snapshot.md)")
        lists = srv.lists_any("pods")
        srv.sentinel_pod()                       # a change while kwatch is not running
        kw = Kwatch("snap-warm", srv.url, ["pods", "-o", "name", "--snapshot", snap, "--dump-on-exit",
                                           "-v", "--timeout", "4"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        err = "\n".join(kw.err)
        c.check("SNAPSHOT_LOADED" in err and "SNAPSHOT_RESUMED" in err, "no SNAPSHOT_LOADED/RESUMED: %s" % err[-400:])
        c.check(srv.lists_any("pods") == lists, "LIST and watch-list requests %d -> %d" % (lists, srv.lists_any("pods")))
        want = srv.state(path)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        adds = sum(1 for ln in kw.out_lines() if ln.startswith("ADDED "))
        c.check(adds == 61, "%d ADDED lines (the snapshot's 60 and the new pod)" % adds)
        c.report()

        c = Checks("snapshot: a corrupt file is refused and kwatch lists")
        with open(snap, "r+b") as f:
            data = bytearray(f.read())
            data[len(data) // 2] ^= 0x20
            f.seek(0)
            f.write(data)
        lists = srv.lists_any("pods")
        kw = Kwatch("snap-corrupt", srv.url, ["pods", "-o", "none", "--snapshot", snap, "--exit-after-sync",
                                              "--dump-on-exit"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        c.check("SNAPSHOT_CORRUPT" in "\n".join(kw.err), "no SNAPSHOT_CORRUPT")
        c.check(srv.lists_any("pods") == lists + 1, "LIST and watch-list requests %d -> %d" % (lists, srv.lists_any("pods")))
        c.check(kw.dump() == srv.state(path), "dump differs")
        c.report()

        c = Checks("snapshot: after a compaction the watch gets 410 and kwatch relists")
        srv.sentinel_pod()
        srv.fault("expire")
        lists = srv.lists_any("pods")
        kw = Kwatch("snap-expired", srv.url, ["pods", "-o", "name", "--snapshot", snap, "--exit-after-sync",
                                              "--dump-on-exit", "-v"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        c.check(srv.lists_any("pods") > lists, "no LIST after the 410")
        want = srv.state(path)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        c.report()

        # the same server (a snapshot names the server it was made for), now down
        c = Checks("snapshot: the server down, --timeout 3 --dump-on-exit prints the loaded cache")
        srv.close()
        kw = Kwatch("snap-down", srv.url, ["pods", "-o", "none", "--snapshot", snap, "--timeout", "3",
                                           "--dump-on-exit", "-v"])
        kw.wait(60)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        c.check("SNAPSHOT_LOADED" in "\n".join(kw.err), "no SNAPSHOT_LOADED")
        c.report()
    finally:
        srv.close()


def scenario_snapshot_kill(ctx):
    """kill -9 while kwatch writes a snapshot: the rename never happens, so the
    previous snapshot is still there, whole; the next kwatch loads it (not the
    half-written path.tmp), watches on from its resourceVersion and ends with
    the server's cache."""
    npods = 1500 if OPTS.quick else 4000
    srv = Server("snapkill", pods=npods, namespaces=8, configmaps=2)
    snap = os.path.join(srv.dir, "pods.snap")
    tmp = snap + ".tmp"
    path = pod_path()
    try:
        c = Checks("snapshot: kill -9 during a snapshot write, the previous snapshot still loads")
        kw = Kwatch("snapkill-cold", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", snap])
        kw.wait(120)
        check_clean_exit(c, kw, 0)
        c.check(os.path.exists(snap), "no snapshot after the first run")
        srv.churn(100)
        caught, attempts, loaded = 0, 0, 0
        for attempts in range(1, 6):
            # each attempt starts from the snapshot on disk: the first from the
            # cold run's, the next ones from what the killed run left
            kw = Kwatch("snapkill-%d" % attempts, srv.url, ["pods", "-o", "none", "--snapshot", snap,
                                                            "--snapshot-interval", "1", "-v"])
            deadline = time.monotonic() + 20 * SLOW
            seen = False
            while time.monotonic() < deadline and kw.proc.poll() is None:
                if os.path.exists(tmp):
                    seen = True
                    break
                time.sleep(0.0005)
            kw.proc.send_signal(signal.SIGKILL)
            kw.wait(20)
            loaded += "SNAPSHOT_LOADED" in kw.err_text()
            if seen and os.path.exists(tmp):    # killed before the rename: mid-write
                caught += 1
                break
        c.check(caught == 1, "no kill landed inside a snapshot write in %d attempts" % attempts)
        c.check(loaded == attempts, "%d of %d runs loaded the snapshot" % (loaded, attempts))
        srv.quiesce()
        lists = srv.lists_any("pods")
        # not --exit-after-sync: a warm start is synced at its first event,
        # before the events since the saved resourceVersion have all arrived
        kw = Kwatch("snapkill-after", srv.url, ["pods", "-o", "none", "--snapshot", snap, "--timeout",
                                                str(int(5 * SLOW)), "--dump-on-exit", "-v"])
        kw.wait(120)
        check_clean_exit(c, kw, 0)
        err = kw.err_text()
        c.check("SNAPSHOT_LOADED" in err and "SNAPSHOT_CORRUPT" not in err,
                "the snapshot left by the kill did not load: %s" % err[-400:])
        c.check(srv.lists_any("pods") == lists, "LIST and watch-list requests %d -> %d (the saved "
                "resourceVersion is in the window)" % (lists, srv.lists_any("pods")))
        want = srv.state(path)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        c.check(not os.path.exists(tmp), "the half-written %s is still there after a clean save" % tmp)
        c.report()
    finally:
        srv.close()


def scenario_snapshot_journal(ctx):
    """The snapshot's journal through kwatch: under churn with a save every
    second the image stays and FILE.journal grows; kill -9 at random moments
    (an append or an image may be under way) never leaves a file that is
    refused; the next kwatch loads image and journal, watches on with no
    LIST and ends with the server's cache; a journal beside another image
    is ignored with a warning."""
    srv = Server("snapjrnl", pods=300, namespaces=4, configmaps=2)
    snap = os.path.join(srv.dir, "pods.snap")
    jrnl = snap + ".journal"
    path = pod_path()
    try:
        c = Checks("snapshot journal: appends under churn, kill -9 anywhere, the warm start has every change")
        kw = Kwatch("snapj-cold", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", snap])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        image = os.stat(snap)
        srv.churn(20)
        kw = Kwatch("snapj-churn", srv.url, ["pods", "-o", "none", "--snapshot", snap, "--snapshot-interval", "1"])
        deadline = time.monotonic() + 20 * SLOW
        while time.monotonic() < deadline and not (os.path.exists(jrnl) and os.path.getsize(jrnl) > 2000):
            time.sleep(0.05)
        c.check(os.path.exists(jrnl), "no %s after saves under churn" % jrnl)
        st = os.stat(snap)
        c.check((st.st_ino, st.st_size) == (image.st_ino, image.st_size) or os.path.getsize(jrnl) < 2000,
                "the image was rewritten although the journal is small")
        c.check(os.path.exists(jrnl) and (os.stat(jrnl).st_mode & 0o7777) == 0o600, "the journal is not mode 0600")
        kw.proc.send_signal(signal.SIGKILL)
        kw.wait(20)
        bad = []
        for attempt, wait in enumerate((1.1, 2.3, 1.7, 2.9)):     # moments unrelated to the 1 s saves
            kw = Kwatch("snapj-kill-%d" % attempt, srv.url, ["pods", "-o", "none", "--snapshot", snap,
                                                              "--snapshot-interval", "1", "-v"])
            time.sleep(wait * SLOW)
            kw.proc.send_signal(signal.SIGKILL)
            kw.wait(20)
            err = kw.err_text()
            if "SNAPSHOT_LOADED" not in err or "SNAPSHOT_CORRUPT" in err or "SNAPSHOT_TRUNCATED" in err:
                bad.append("run %d: %s" % (attempt, err[-300:]))
        c.check(not bad, "a run after a kill did not load the snapshot: %s" % "; ".join(bad))
        srv.quiesce()
        lists = srv.lists_any("pods")
        kw = Kwatch("snapj-after", srv.url, ["pods", "-o", "none", "--snapshot", snap, "--timeout",
                                             str(int(5 * SLOW)), "--dump-on-exit", "-v"])
        kw.wait(120)
        check_clean_exit(c, kw, 0)
        err = kw.err_text()
        c.check("SNAPSHOT_LOADED" in err and "SNAPSHOT_CORRUPT" not in err, "the snapshot did not load: %s" % err[-400:])
        c.check(srv.lists_any("pods") == lists, "LIST and watch-list requests %d -> %d" % (lists, srv.lists_any("pods")))
        want = srv.state(path)
        c.check(kw.dump() == want, "dump differs: " + diff_summary(kw.dump(), want))
        c.check(not os.path.exists(snap + ".tmp"), "a .tmp left after a clean run")
        c.report()

        c = Checks("snapshot journal: one beside another image is ignored with a warning")
        other = os.path.join(srv.dir, "other.snap")
        kw = Kwatch("snapj-other", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", other])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        if os.path.exists(jrnl):
            shutil.copyfile(jrnl, other + ".journal")
        else:
            with open(other + ".journal", "wb") as f:
                f.write(b"KINFJRNL" + bytes(24))
        kw = Kwatch("snapj-other-warm", srv.url, ["pods", "-o", "none", "--snapshot", other, "--timeout",
                                                  str(int(3 * SLOW)), "--dump-on-exit", "-v"])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        err = kw.err_text()
        c.check("SNAPSHOT_JOURNAL_FOREIGN" in err and "SNAPSHOT_LOADED" in err, "no SNAPSHOT_JOURNAL_FOREIGN: %s" % err[-400:])
        c.check(kw.dump() == srv.state(path), "dump differs from the server's")
        c.report()
    finally:
        srv.close()


def scenario_snapshot_safe(ctx):
    """The snapshot file through kwatch when FILE.tmp is in the way: a
    symlink there to another file is removed, not written through, and FILE
    ends a regular file of mode 0600; a directory there (it cannot be
    removed) fails every save, which kwatch logs once however often it
    retries; once it is gone the next save works and says so."""
    srv = Server("snapsafe", pods=40, namespaces=2, configmaps=1)
    snap = os.path.join(srv.dir, "pods.snap")
    tmp = snap + ".tmp"
    victim = os.path.join(srv.dir, "victim")

    def regular_0600(path):
        try:
            st = os.lstat(path)
        except OSError:
            return False
        return (st.st_mode & 0o170000) == 0o100000 and (st.st_mode & 0o7777) == 0o600

    try:
        c = Checks("snapshot: FILE.tmp a symlink to another file: that file untouched, FILE 0600")
        with open(victim, "w") as f:
            f.write("victim\n")
        os.chmod(victim, 0o666)
        os.symlink(victim, tmp)
        kw = Kwatch("snapsafe-link", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", snap])
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        with open(victim, "rb") as f:
            c.check(f.read() == b"victim\n", "the file FILE.tmp linked to was written")
        c.check(regular_0600(snap), "FILE is not a regular file of mode 0600")
        c.check(not os.path.lexists(tmp), "FILE.tmp left")
        c.check(snapshot_sum_ok(snap), "the snapshot's trailer is wrong")
        c.report()

        c = Checks("snapshot: saves failing (a directory at FILE.tmp): one error line, then recovered")
        os.mkdir(tmp)
        kw = Kwatch("snapsafe-fail", srv.url, ["pods", "-o", "none", "--snapshot", snap,
                                               "--snapshot-interval", "1", "-v"])
        srv.churn(20)                            # a change on every turn: a save is always due
        first = kw.wait_for(lambda ln: "SNAPSHOT_TEMP_EXISTS" in ln, 30, stream="err")
        c.check(first is not None, "no SNAPSHOT_TEMP_EXISTS: %s" % kw.err_text()[-400:])
        time.sleep(8)                            # tries 1, 2 and 4 s after the first
        fails = kw.err_text().count("SNAPSHOT_TEMP_EXISTS")
        c.check(fails == 1, "SNAPSHOT_TEMP_EXISTS logged %d times in 8 s, want 1" % fails)
        os.rmdir(tmp)
        back = kw.wait_for(lambda ln: "SNAPSHOT_WRITE_RECOVERED" in ln, 30, stream="err")
        c.check(back is not None, "no SNAPSHOT_WRITE_RECOVERED after FILE.tmp went: %s" % kw.err_text()[-400:])
        srv.quiesce()
        kw.stop()
        check_clean_exit(c, kw, 0)
        err = kw.err_text()
        c.check(err.count("SNAPSHOT_TEMP_EXISTS") == 1 and err.count("SNAPSHOT_WRITE_RECOVERED") == 1,
                "SNAPSHOT_TEMP_EXISTS %d, SNAPSHOT_WRITE_RECOVERED %d times, want 1 and 1"
                % (err.count("SNAPSHOT_TEMP_EXISTS"), err.count("SNAPSHOT_WRITE_RECOVERED")))
        c.check(regular_0600(snap) and snapshot_sum_ok(snap), "FILE after the recovery is not a whole 0600 snapshot")
        c.check(not os.path.lexists(tmp), "FILE.tmp left")
        c.report()
    finally:
        srv.close()


# ======================================================================
# Watch-list (sendInitialEvents) and metadata-only informers
# ======================================================================

def scenario_watchlist(ctx):
    """kwatch's default: the list and the relist after an in-stream 410 go
    through watch-list; cuts under churn; never a LIST request."""
    def verify(c, kw, srv):
        c.check(kw.stat("watch_lists") >= 2, "stats watch_lists=%s, want >= 2 (the sync and the relist)"
                % kw.stats().get("watch_lists"))
        c.check(kw.stat("watch_list_fallbacks") == 0, "stats watch_list_fallbacks=%s"
                % kw.stats().get("watch_list_fallbacks"))
        c.check(srv.list_count("pods") == 0, "%d LIST requests, want none" % srv.list_count("pods"))
        c.check(kw.stat("lists") == 0, "stats lists=%s" % kw.stats().get("lists"))
        c.check("RV_EXPIRED" in kw.err_text(), "RV_EXPIRED not logged")
        c.check("watch-list, resourceVersion=" in kw.err_text(), "no watch-list LIST_START logged")
    def inject(srv, kw):
        # the cuts land on the watch after the sync (a cut during the initial
        # events would be a LIST for that list); then the 410 and its relist
        srv.fault("cut", count=2)
        if not srv.wait_faults_drained(progress=kw.printed):
            raise TestFailure("the cuts were never consumed")
        srv.fault("expire")
    fault_scenario("watch-list under churn, 2 cuts and an in-stream 410: no LIST", inject, verify=verify)


def scenario_selector_scope(ctx):
    """A server that drops the selectors (the unfiltered fault) on the sync, on
    a relist after a 410 and on a watch: kwatch caches only what its -l and
    --field-selector match, says OBJECT_OUT_OF_SCOPE for the rest, and ends
    with the server's state for its selectors. Projected (--keep spec.nodeName)
    the same holds: the label the selector reads is kept."""
    lsel, fsel = "tier=web", "spec.nodeName=node-1"

    def verify(c, kw, srv):
        want = srv.state(pod_path(), lsel, fsel)
        got = kw.dump()
        if c.check(got is not None, "no dump printed " + kw.describe()):
            outside = sorted(set(parse_dump(got)) - set(parse_dump(want)))[:3]
            c.check(not outside, "objects outside the selectors were cached: %s" % outside)
        c.check("OBJECT_OUT_OF_SCOPE" in kw.err_text(), "no OBJECT_OUT_OF_SCOPE logged")
        c.check(kw.stat("lists") + kw.stat("watch_lists") >= 2, "no relist after the 410: lists=%s watch_lists=%s"
                % (kw.stats().get("lists"), kw.stats().get("watch_lists")))
    for label, extra in (("whole", []), ("projected", ["--keep", "spec.nodeName"])):
        fault_scenario("selector scope (%s): a server that drops the selectors" % label,
                       inject_faults([("unfiltered", {"count": 1}), ("expire", {})]), verify=verify, secs=2,
                       pods=120, pre=lambda srv: srv.fault("unfiltered", count=1), selectors=(lsel, fsel),
                       kw_args=["-l", lsel, "--field-selector", fsel] + extra)


def scenario_watchlist_refused(ctx):
    """A server that refuses watch-list (422, as one without the feature):
    kwatch falls back to LIST+WATCH once and remembers it: the relist after a
    410 is a LIST, with no second try."""
    def verify(c, kw, srv):
        c.check(kw.stat("watch_lists") == 1 and kw.stat("watch_list_fallbacks") == 1,
                "stats watch_lists=%s watch_list_fallbacks=%s, want 1 and 1"
                % (kw.stats().get("watch_lists"), kw.stats().get("watch_list_fallbacks")))
        c.check(kw.stat("lists") >= 2, "stats lists=%s, want >= 2 (the sync and the relist)" % kw.stats().get("lists"))
        c.check(srv.stats().get("watch_list_refused", 0) == 1, "the server refused %s watch-lists, want 1"
                % srv.stats().get("watch_list_refused", 0))
        c.check(kw.err_text().count("WATCH_LIST_FALLBACK") == 1, "WATCH_LIST_FALLBACK logged %d times, want 1"
                % kw.err_text().count("WATCH_LIST_FALLBACK"))
    fault_scenario("watch-list refused (422) -> LIST+WATCH, remembered across a relist",
                   inject_faults([("expire", {})]), verify=verify, srv_extra=("--no-watch-list",))


def scenario_watchlist_unfinished(ctx):
    """A server that sends the initial events but ends the stream with no end
    bookmark: --watch-list on falls back at every relist (and tries again)."""
    def verify(c, kw, srv):
        c.check(kw.stat("watch_lists") >= 2 and kw.stat("watch_list_fallbacks") == kw.stat("watch_lists"),
                "stats watch_lists=%s watch_list_fallbacks=%s, want equal and >= 2"
                % (kw.stats().get("watch_lists"), kw.stats().get("watch_list_fallbacks")))
        c.check("before the end bookmark" in kw.err_text(), "no fallback for a missing end bookmark logged")
    fault_scenario("watch-list not finished (no end bookmark), --watch-list on -> LIST each time",
                   inject_faults([("expire", {})]), kw_args=["--watch-list", "on"], verify=verify,
                   srv_extra=("--watch-list-mode", "unfinished"))


def scenario_watchlist_ignored(ctx):
    """A server (or proxy) that ignores watch-list's parameters: a plain watch
    from now whose bookmarks lack k8s.io/initial-events-end. The first one is a
    fallback to LIST+WATCH at once, remembered (the relist after a 410 is a
    LIST). Every watch lasts an hour here (--watch-timeout 3600): the cache
    equal to the server's at the end (the 150 pods made before kwatch started
    included, which only a list brings) shows the sync came long before it."""
    def verify(c, kw, srv):
        c.check(kw.stat("watch_lists") == 1 and kw.stat("watch_list_fallbacks") == 1,
                "stats watch_lists=%s watch_list_fallbacks=%s, want 1 and 1"
                % (kw.stats().get("watch_lists"), kw.stats().get("watch_list_fallbacks")))
        c.check(kw.stat("lists") >= 2, "stats lists=%s, want >= 2 (the sync and the relist)" % kw.stats().get("lists"))
        c.check(srv.stats().get("watch_list_ignored", 0) == 1, "the server ignored %s watch-lists, want 1"
                % srv.stats().get("watch_list_ignored", 0))
        # no churn: the first plain bookmark (every 0.5 s) is what gives it away
        why = [l for l in kw.err_text().splitlines() if "WATCH_LIST_FALLBACK" in l]
        c.check(len(why) == 1 and "without k8s.io/initial-events-end" in why[0], "fallback logged: %s" % why)
        c.check("LIST_DONE" in kw.err_text(), "no LIST_DONE logged")
    fault_scenario("watch-list ignored (plain watch from now): LIST at the first plain bookmark, remembered",
                   inject_faults([("expire", {})]), verify=verify, kw_args=["--watch-timeout", "3600"], rate=0,
                   srv_extra=("--watch-list-mode", "ignore", "--bookmark-interval", "0.5"))


def metadata_of(o):
    """What a metadata-only cache holds of a server object: its metadata (managedFields aside)."""
    md = json.loads(json.dumps(o.get("metadata", {})))
    md.pop("managedFields", None)
    return {"metadata": md}


def scenario_metadata_only(ctx):
    """--metadata-only: the objects kwatch delivers are the server's metadata,
    value for value, by LIST and by watch-list, and after churn; the server
    saw the PartialObjectMetadata Accept headers."""
    srv = Server("metadata", pods=120, namespaces=3, configmaps=5)
    kw = None
    try:
        for wl in ("off", "auto"):
            c = Checks("metadata-only (--watch-list %s): every listed object equals the server's metadata" % wl)
            kw0 = Kwatch("meta-list-" + wl, srv.url, ["pods", "--metadata-only", "--watch-list", wl, "-o", "json",
                                                      "--exit-after-sync", "--list-limit", "50"])
            c.check(kw0.wait(60) == 0, "exit %s" % kw0.rc)
            check_json_cache(c, kw0, server_pods(srv, metadata_of))
            by = srv.stats().get("by_resource", {})
            what = "list_metadata" if wl == "off" else "watch_metadata"
            c.check(by.get(what, {}).get("pods", 0) >= 1, "no %s request seen by the server: %s" % (what, by))
            c.report()
        c = Checks("metadata-only under churn: the last object kwatch delivered for every key equals the server's metadata")
        kw = Kwatch("meta-churn", srv.url, ["pods", "--metadata-only", "-o", "json", "-v"], merge=True)
        churned_json(c, srv, kw)
        check_json_cache(c, kw, server_pods(srv, metadata_of))
        c.check(not any('"spec"' in ln for ln in kw.out_lines() if ln.startswith("{")), "an object with spec delivered")
        c.report()
    finally:
        if kw is not None:
            kw.kill()
        srv.close()
    # a server that answers with whole objects (plain JSON, its choice): kwatch projects them
    srv = Server("metadata-whole", pods=60, namespaces=2, configmaps=2, extra=("--ignore-metadata-accept",))
    try:
        for wl in ("off", "auto"):
            c = Checks("metadata-only against a server sending whole objects (--watch-list %s): the cache is the metadata" % wl)
            kw0 = Kwatch("meta-whole-" + wl, srv.url, ["pods", "--metadata-only", "--watch-list", wl, "-o", "json",
                                                       "--exit-after-sync"])
            c.check(kw0.wait(60) == 0, "exit %s" % kw0.rc)
            check_json_cache(c, kw0, server_pods(srv, metadata_of))
            c.report()
    finally:
        srv.close()


def scenario_gzip(ctx):
    """Lists over 128 KiB in gzip (2,000 pods; 1,000 with --quick) under churn; then bad
    gzip in four relists in a row (CRC, truncated, corrupt data, bad header), each
    logged with its id and retried, until a good one: the cache equals the server's."""
    modes = ["crc", "truncate", "corrupt", "header"]
    if OPTS.quick:
        modes = ["crc", "corrupt"]

    def inject(srv, kw):
        for m in modes:
            srv.fault("badgzip", mode=m)
        srv.fault("expire")     # the watch ends in 410: relists, in gzip, meet the faults

    def verify(c, kw, srv):
        e = kw.err_text()
        c.check(kw.stat("gzip_responses") >= len(modes) + 2,
                "stats gzip_responses=%s, want >= %d" % (kw.stats().get("gzip_responses"), len(modes) + 2))
        c.check(kw.stat("gzip_bytes_out") > 4 * kw.stat("gzip_bytes_in") > 0,
                "inflated %s bytes from %s" % (kw.stats().get("gzip_bytes_out"), kw.stats().get("gzip_bytes_in")))
        # a corrupt byte fails the inflater, or first the JSON it comes out as
        bad_json = ("LIST_MALFORMED", "LIST_ITEM_NOT_OBJECT", "JSON_TOO_DEEP")
        want = {"crc": ("GZIP_CHECK_FAILED",), "truncate": ("GZIP_TRUNCATED",), "corrupt": ("GZIP_",) + bad_json,
                "header": ("GZIP_MALFORMED",)}
        for m in modes:
            c.check(any(w in e for w in want[m]), "%s: none of %s logged %s" % (m, want[m], kw.describe()))
        n = sum(e.count("error " + w) for w in ("GZIP_MALFORMED", "GZIP_CHECK_FAILED", "GZIP_TRUNCATED") + bad_json)
        c.check(n >= len(modes), "bad lists logged %d times, want >= %d" % (n, len(modes)))
        c.check(kw.stat("relists") >= 1, "stats relists=%s, want >= 1" % kw.stats().get("relists"))
    pods = 1000 if OPTS.quick else 2000
    fault_scenario("gzip lists (%d pods) under churn, bad gzip x%d -> retried" % (pods, len(modes)), inject,
                   kw_args=["--list-limit", "700", "--watch-list", "off"], verify=verify, pods=pods, srv_extra=("--gzip", "--chunked-lists"),
                   secs=3, rate=50)



# ======================================================================
# The tools: kubediff and cm2files (tools/), beside kwatch in its directory
# ======================================================================

class Tool(Kwatch):
    """kubediff or cm2files in the background, read as Kwatch reads kwatch
    (its reading and waiting); prefix runs it under another command."""

    def __init__(self, binary, name, server_url, args, env=None, merge=False, prefix=()):
        self._start(name, list(prefix) + [tool_path(binary)], server_url, args, env, merge)


def tool_path(binary):
    return os.path.join(os.path.dirname(OPTS.kwatch), binary)


def pointer_tokens(path):
    """An RFC 6901 JSON Pointer as its unescaped tokens."""
    if path == "":
        return []
    if not path.startswith("/"):
        raise ValueError("pointer %r does not start with /" % path)
    toks = path[1:].split("/")
    for t in toks:
        if re.search(r"~(?![01])", t):
            raise ValueError("pointer %r: a ~ not followed by 0 or 1" % path)
    return [t.replace("~1", "/").replace("~0", "~") for t in toks]


def apply_patch(doc, patch):
    """RFC 6902 add, remove and replace (what kubediff writes), strictly:
    remove and replace need the target to exist, add into an array takes an
    index up to its length or "-". Returns the new document; raises ValueError."""
    doc = json.loads(json.dumps(doc))
    for op in patch:
        toks = pointer_tokens(op["path"])
        kind = op["op"]
        if kind not in ("add", "remove", "replace"):
            raise ValueError("op %r" % kind)
        if not toks:
            if kind == "remove":
                raise ValueError("remove of the whole document")
            doc = json.loads(json.dumps(op["value"]))
            continue
        parent = doc
        for t in toks[:-1]:
            if isinstance(parent, list):
                parent = parent[int(t)]
            elif isinstance(parent, dict):
                parent = parent[t]
            else:
                raise ValueError("path %r goes through a scalar" % op["path"])
        last = toks[-1]
        if isinstance(parent, dict):
            if kind != "add" and last not in parent:
                raise ValueError("%s of missing member %r" % (kind, op["path"]))
            if kind == "remove":
                del parent[last]
            else:
                parent[last] = op["value"]
        elif isinstance(parent, list):
            if kind == "add" and last == "-":
                parent.append(op["value"])
                continue
            if not last.isdigit() or (last != "0" and last.startswith("0")):
                raise ValueError("array index %r" % last)
            i = int(last)
            if kind == "add":
                if i > len(parent):
                    raise ValueError("add past the end: %r" % op["path"])
                parent.insert(i, op["value"])
            elif i >= len(parent):
                raise ValueError("%s past the end: %r" % (kind, op["path"]))
            elif kind == "remove":
                del parent[i]
            else:
                parent[i] = op["value"]
        else:
            raise ValueError("path %r into a scalar" % op["path"])
    return doc


def kubediff_replay(c, lines):
    """Replays kubediff's lines (with --with-object): each patch applied to the
    previous object must give the object printed; returns (state, counts)."""
    state = {}
    counts = {"ADDED": 0, "MODIFIED": 0, "DELETED": 0, "ops": 0, "bad": 0}
    for ln in lines:
        if not ln.startswith("{"):
            continue
        ev = json.loads(ln)
        k = (ev["resource"], ev["key"])
        t = ev["type"]
        counts[t] = counts.get(t, 0) + 1
        if t == "ADDED":
            if not c.check("object" in ev and "patch" not in ev, "ADDED without object: %.200s" % ln):
                continue
            state[k] = ev["object"]
        elif t == "DELETED":
            if k not in state:
                counts["bad"] += 1
                c.check(False, "DELETED of an unknown key %s" % (k,))
            state.pop(k, None)
        else:
            if k not in state or "patch" not in ev:
                counts["bad"] += 1
                c.check(False, "MODIFIED without a previous object or patch: %.200s" % ln)
                continue
            counts["ops"] += len(ev["patch"])
            try:
                new = apply_patch(state[k], ev["patch"])
            except (ValueError, KeyError, IndexError, TypeError) as e:
                counts["bad"] += 1
                c.check(False, "patch of %s does not apply: %s" % (k, e))
                continue
            if new != ev.get("object"):
                counts["bad"] += 1
                c.check(False, "patch of %s gives %.300s, the object is %.300s" % (
                    k, json.dumps(new, sort_keys=True), json.dumps(ev.get("object"), sort_keys=True)))
            if any(op["path"].startswith("/metadata/managedFields") for op in ev["patch"]):
                c.check(False, "a patch touches managedFields")
            state[k] = new
            c.check(new.get("metadata", {}).get("resourceVersion") == ev["resourceVersion"],
                    "%s: the patched object's resourceVersion is not the line's" % (k,))
    return state, counts


def scenario_kubediff(ctx):
    """kubediff under churn: every patch, applied to the previous object, gives
    the next one; the state the patches end in equals the server's objects."""
    srv = Server("kubediff", pods=80, namespaces=3, configmaps=15)
    kd = None
    try:
        c = Checks("kubediff: under churn each RFC 6902 patch turns the previous object into the next, "
                   "and the last state equals the server's (pods and configmaps, managedFields aside)")
        kd = Tool("kubediff", "kubediff-churn", srv.url, ["pods,configmaps", "--with-object", "-v"], merge=True)
        if kd.wait_for(lambda ln: "WATCH_START" in ln and "configmaps" in ln, 60) is None:
            c.fail("never started watching: %s" % kd.describe())
        # changes churn does not make: keys removed, arrays grown and shrunk,
        # keys that need pointer escapes
        cm = "/api/v1/namespaces/ns-1/configmaps/kd-shape"
        base = {"metadata": {"name": "kd-shape", "namespace": "ns-1", "annotations": {"a/b~c": "1"}},
                "data": {"a": "1", "b": "2", "c": "3"}}
        srv.apply(cm, base)
        churn_for(srv, 150, 1 if OPTS.quick else 2)
        shapes = [{"a": "1", "d": "4"}, {"x/y": "~", "list": "[1,2]"}, {}]
        for i, d in enumerate(shapes):
            o = json.loads(json.dumps(base))
            o["data"] = d
            o["metadata"]["annotations"] = {"a/b~c": str(i + 2), "new~/key": "v"} if i % 2 else {}
            srv.apply(cm, o)
        pod = "/api/v1/namespaces/ns-1/pods/kd-arrays"
        ctr = lambda n: [{"name": "c%d" % j, "image": "busybox:1.%d" % j} for j in range(n)]
        for n in (1, 4, 2, 2, 0, 3):
            srv.apply(pod, {"metadata": {"name": "kd-arrays", "namespace": "ns-1", "labels": {"n": str(n)}},
                            "spec": {"containers": ctr(n), "nodeName": "node-1"}, "status": {"phase": "Running"}})
        churn_to_sentinel(c, srv, kd, '"key":"ns-1/%s"', churn=(150, 1 if OPTS.quick else 2))
        kd.stop()
        c.check(kd.rc == 0, "exit status %s" % kd.rc)
        state, counts = kubediff_replay(c, kd.out_lines())
        c.check(counts["MODIFIED"] >= 50 and counts["DELETED"] >= 5,
                "too few changes to mean anything: %s" % counts)
        want = {}
        for res in ("pods", "configmaps"):
            for o in srv.get("/api/v1/" + res)["items"]:
                want[(res, obj_key(o))] = comparable(o)
        got = {k: comparable(v) for k, v in state.items()}
        d = contents_diff(got, want)
        c.check(not d, d)
        log("kubediff: %s" % counts)
        c.report()

        c = Checks("kubediff: a patch larger than --patch-bytes is a line on stderr and the object whole, never a wrong patch; exit 3")
        srv.apply(cm, base)  # the churn may have deleted it
        kd2 = Tool("kubediff", "kubediff-small", srv.url, ["configmaps", "--patch-bytes", "100", "--with-object"])
        if kd2.wait_for(lambda ln: '"key":"ns-1/kd-shape"' in ln, 60) is None:
            c.fail("never listed kd-shape")
        o = json.loads(json.dumps(base))
        o["data"] = {"k%d" % j: "v" * 20 for j in range(10)}
        srv.apply(cm, o)
        got_line = kd2.wait_for(lambda ln: '"type":"MODIFIED"' in ln and '"key":"ns-1/kd-shape"' in ln, 60)
        kd2.stop()
        c.check(got_line is not None, "no MODIFIED line for kd-shape")
        if got_line:
            ev = json.loads(got_line)
            c.check("patch" not in ev and comparable(ev.get("object", {})).get("data") == o["data"],
                    "the line is not the whole object: %.300s" % got_line)
        c.check("PATCH_TOO_LARGE" in kd2.err_text(), "no PATCH_TOO_LARGE on stderr: %s" % kd2.err_text()[-300:])
        c.check(kd2.rc == 3, "exit status %s, want 3" % kd2.rc)
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        srv.close()


def cm2files_tree(root):
    """DIR as {configmap: {file: bytes}}: every regular file of each directory
    (cm2files' own directory, ..cm2files, holds none of them)."""
    tree = {}
    for name in sorted(os.listdir(root)):
        p = os.path.join(root, name)
        if not os.path.isdir(p):
            continue
        files = {}
        try:
            for f in sorted(os.listdir(p)):
                fp = os.path.join(p, f)
                if not os.path.isfile(fp) or os.path.islink(fp):
                    continue
                with open(fp, "rb") as fh:
                    files[f] = fh.read()
        except OSError:     # removed or replaced while read: it is still changing
            files = None
        tree[name] = files
    return tree


def cm2files_want(srv, ns, skip=()):
    import base64
    want = {}
    for o in srv.get("/api/v1/namespaces/%s/configmaps" % ns)["items"]:
        name = o["metadata"]["name"]
        if name in skip:
            continue
        files = {k: v.encode() for k, v in (o.get("data") or {}).items()}
        files.update({k: base64.b64decode(v) for k, v in (o.get("binaryData") or {}).items()})
        want[name] = files
    return want


def scenario_cm2files(ctx):
    """cm2files under churn, with writes failing for a while (directories made
    read-only, a directory in a file's place): it converges to the server's data.
    The churn runs first (it may delete any ConfigMap); the cases that need a
    given ConfigMap run after it, on ConfigMaps the test makes then."""
    import base64
    srv = Server("cm2files", pods=10, namespaces=3, configmaps=30)
    tool = None
    d = tempfile.mkdtemp(prefix="kinformer-cm2files-")  # not under TMP: nobody must reach it
    prefix = []
    # as root a read-only directory stops nothing: cm2files runs as nobody then
    if os.geteuid() == 0 and shutil.which("setpriv"):
        os.chown(d, 65534, 65534)
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    ns = "ns-1"
    path = "/api/v1/namespaces/%s/configmaps/" % ns

    def converge(want, skip=(), timeout=60):
        got = None
        deadline = time.monotonic() + timeout * SLOW
        while time.monotonic() < deadline:
            got = cm2files_tree(d)
            for k in skip:
                got.pop(k, None)
            if got == want:
                return ""
            time.sleep(0.3)
        diff = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
        return "DIR differs for %s: got %.200s want %.200s" % (diff[:3], {k: got.get(k) for k in diff[:2]},
                                                             {k: want.get(k) for k in diff[:2]})

    def set_mode(mode):
        for root, dirs, _ in os.walk(d):
            for x in dirs:
                os.chmod(os.path.join(root, x), mode)
        os.chmod(d, mode)

    try:
        c = Checks("cm2files: under churn, with writes failing for a while, DIR converges to every ConfigMap's "
                   "data and binaryData; removed keys and ConfigMaps are removed, other files kept")
        tool = Tool("cm2files", "cm2files", srv.url, ["-n", ns, "--dir", d, "--max-object-bytes", "65536",
                                                       "--max-delay", "2", "--stats", "-v"], prefix=prefix)
        if tool.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is None:
            c.fail("never synced: %s" % tool.err_text()[-300:])
        # 1. churn; for a while every directory read-only (stops a non-root writer)
        srv.churn(100)
        time.sleep(1)
        set_mode(0o555)
        time.sleep(2 if OPTS.quick else 3)
        set_mode(0o755)
        time.sleep(1)
        srv.quiesce()
        if prefix:
            c.check(any("WRITE_FAILED" in ln for ln in tool.err), "no failed write logged while DIR was read-only")
        err = converge(cm2files_want(srv, ns))
        c.check(not err, "after the churn: " + err)
        # 2. given ConfigMaps, no churn: binaryData, keys removed, a delete, a
        # file of someone else's, one too large to keep
        blob = bytes(range(256)) * 3
        srv.apply(path + "cm-bin", {"metadata": {"name": "cm-bin", "namespace": ns},
                                    "data": {"text": "hello\n"}, "binaryData": {"blob": base64.b64encode(blob).decode()}})
        srv.apply(path + "cm-shrink", {"metadata": {"name": "cm-shrink", "namespace": ns},
                                       "data": {"a": "1", "b": "2", "c": "3"}})
        srv.apply(path + "cm-gone", {"metadata": {"name": "cm-gone", "namespace": ns}, "data": {"x": "1"}})
        srv.apply(path + "cm-big", {"metadata": {"name": "cm-big", "namespace": ns}, "data": {"k": "small"}})
        first = [os.path.join(d, "cm-big", "k"), os.path.join(d, "cm-gone", "x"), os.path.join(d, "cm-bin", "text"),
                 os.path.join(d, "cm-shrink", "c")]
        deadline = time.monotonic() + 60 * SLOW
        while time.monotonic() < deadline and not all(os.path.exists(f) for f in first):
            time.sleep(0.1)
        if not all(os.path.exists(f) for f in first):
            c.fail("the new ConfigMaps' files were not written: %s" % tool.err_text()[-300:])
            c.report()
            return
        with open(os.path.join(d, "cm-gone", "user-note"), "w") as f:
            f.write("mine")
        os.makedirs(os.path.join(d, "not-a-configmap"), exist_ok=True)
        with open(os.path.join(d, "not-a-configmap", "x"), "w") as f:
            f.write("mine")
        # a directory where cm-bin's "text" goes: stops anyone, root too
        os.unlink(os.path.join(d, "cm-bin", "text"))
        os.mkdir(os.path.join(d, "cm-bin", "text"))
        srv.apply(path + "cm-shrink", {"metadata": {"name": "cm-shrink", "namespace": ns}, "data": {"a": "10"}})
        srv.apply(path + "cm-bin", {"metadata": {"name": "cm-bin", "namespace": ns},
                                    "data": {"text": "changed\n"}, "binaryData": {"blob": base64.b64encode(blob[::-1]).decode()}})
        srv.delete(path + "cm-gone")
        # too large to keep: its files are left as they are, even when the
        # worker meets it again (a retry of a write that failed before)
        os.mkdir(os.path.join(d, "cm-big", "k3"))
        srv.apply(path + "cm-big", {"metadata": {"name": "cm-big", "namespace": ns}, "data": {"k": "small", "k3": "z"}})
        c.check(tool.wait_for(lambda ln: "WRITE_FAILED" in ln and "cm-big" in ln, 30, stream="err") is not None,
                "no failed write logged for cm-big: %s" % tool.err_text()[-300:])
        srv.apply(path + "cm-big", {"metadata": {"name": "cm-big", "namespace": ns},
                                    "data": {"k": "x" * 100000, "k2": "y"}})
        c.check(tool.wait_for(lambda ln: "WRITE_FAILED" in ln and "cm-bin" in ln, 30, stream="err") is not None,
                "no failed write logged for cm-bin: %s" % tool.err_text()[-300:])
        # the key after the one that fails is written all the same
        blob_path = os.path.join(d, "cm-bin", "blob")
        deadline = time.monotonic() + 30 * SLOW
        for _ in range(3000):
            if open(blob_path, "rb").read() == blob[::-1] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        c.check(open(blob_path, "rb").read() == blob[::-1], "cm-bin's blob was not written while its text failed")
        time.sleep(2.5)  # a retry of cm-big comes (--max-delay 2) while its object is identity only
        os.rmdir(os.path.join(d, "cm-bin", "text"))
        os.rmdir(os.path.join(d, "cm-big", "k3"))
        want = cm2files_want(srv, ns, skip=("cm-big",))
        want["cm-gone"] = {"user-note": b"mine"}
        want["not-a-configmap"] = {"x": b"mine"}
        err = converge(want, skip=("cm-big",))
        c.check(not err, err)
        big = os.path.join(d, "cm-big", "k")
        c.check(os.path.isfile(big) and open(big, "rb").read() == b"small",
                "cm-big's file changed or went though its object was not kept")
        c.check(not os.path.exists(os.path.join(d, "cm-big", "k2")) and not os.path.exists(os.path.join(d, "cm-big", "k3")),
                "cm-big gained a file from an object not kept")
        c.check("OVERSIZED" in tool.err_text(), "no OVERSIZED warning for cm-big")
        c.check(len(want) >= 8, "only %d ConfigMaps: the test means little" % len(want))
        tool.stop()
        c.check(tool.rc == 0, "exit status %s after SIGTERM: %s" % (tool.rc, tool.err_text()[-300:]))
        m = re.search(r"retries=(\d+)", tool.err_text())
        c.check(m and int(m.group(1)) >= 1, "no retry through the rate limiter: %s" % tool.err_text()[-300:])
        # 3. a restart: what went while it was away is removed; what is too
        # large to keep (cm-big, identity only in the cache) is not
        srv.delete(path + "cm-shrink")
        tool = Tool("cm2files", "cm2files-restart", srv.url, ["-n", ns, "--dir", d, "--max-object-bytes", "65536", "-v"],
                    prefix=prefix)
        c.check(tool.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is not None, "no SYNCED after the restart")
        srv.apply(path + "zz-last", {"metadata": {"name": "zz-last", "namespace": ns}, "data": {"k": "v"}})
        deadline = time.monotonic() + 60 * SLOW
        while time.monotonic() < deadline and not os.path.exists(os.path.join(d, "zz-last", "k")):
            time.sleep(0.1)
        tool.stop()
        c.check(not os.path.exists(os.path.join(d, "cm-shrink")), "cm-shrink, deleted while cm2files was away, is still there")
        c.check(os.path.exists(os.path.join(d, "cm-big", "k")), "cm-big's file went at the restart, though its object was not kept")
        c.report()
    finally:
        if tool is not None:
            tool.kill()
        srv.close()
        shutil.rmtree(d, ignore_errors=True)

# cm2files as an attacker would probe it (the issue "Nothing lost, nothing
# clobbered"): what a directory holds, keys at and past the API server's
# limits, a list of keys larger than the old 64 KiB, a directory the old
# version wrote, a server that sends another namespace's objects

CM_OWN = "..cm2files"   # cm2files' own directory in each ConfigMap's


def cm2files_strays(root, want):
    """What DIR has beyond want ({configmap: {key: bytes}}), as a list of
    "configmap/entry" strings: any entry of a ConfigMap's directory that is
    not one of its keys (a regular file) or cm2files' own directory."""
    out = []
    for cm, files in sorted(want.items()):
        p = os.path.join(root, cm)
        try:
            entries = sorted(os.listdir(p))
        except OSError:
            entries = []
        for e in entries:
            ep = os.path.join(p, e)
            if e == CM_OWN and os.path.isdir(ep) and not os.path.islink(ep):
                continue
            if e not in files or not os.path.isfile(ep) or os.path.islink(ep):
                out.append("%s/%s" % (cm, e))
    return out


def cm2files_converge(d, want, timeout=60, only=None):
    """Waits (bounded) until DIR's ConfigMap directories (those of only, or
    all) hold exactly want's files; "" or what differs."""
    got = None
    deadline = time.monotonic() + timeout * SLOW
    for _ in range(100000):
        got = cm2files_tree(d)
        if only is not None:
            got = {k: v for k, v in got.items() if k in only}
        if got == want:
            return ""
        if time.monotonic() > deadline:
            break
        time.sleep(0.2)
    diff = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
    parts = []
    for k in diff[:3]:
        g, w = got.get(k), want.get(k)
        if g is None or w is None:
            parts.append("%s: %s" % (k, "there, not wanted" if w is None else "missing" if k not in got else "changing"))
            continue
        extra, missing = sorted(set(g) - set(w)), sorted(set(w) - set(g))
        wrong = sorted(f for f in set(g) & set(w) if g[f] != w[f])
        parts.append("%s: %d files, want %d; not wanted %s; missing %s; wrong %s" % (
            k, len(g), len(w), [x[:40] for x in extra[:3]], [x[:40] for x in missing[:3]], [x[:40] for x in wrong[:3]]))
    return "DIR differs: " + "; ".join(parts)


def scenario_cm2files_keys(ctx):
    """cm2files against a hostile server: keys the API server would refuse
    (a NUL, '/', '.', '..', '..data', 254 characters), a 253-character key,
    and, through the foreign fault, objects of another namespace with the
    name of one of its own."""
    import base64
    srv = Server("cm2files-keys", pods=2, namespaces=1, configmaps=0)
    tool = None
    d = tempfile.mkdtemp(prefix="kinformer-cm2files-keys-")
    ns = "app"
    path = "/api/v1/namespaces/%s/configmaps/%s"
    long_key = ("k253-" + "x" * 253)[:253]
    blob = bytes(range(256))
    bad = {"a\u0000b": "a\\x00b", "x/y": "x/y", ".": ".", "..": "..", "..data": "..data", "L" * 254: "L" * 64 + "..."}
    try:
        srv.apply(path % (ns, "shared"), {"metadata": {"name": "shared", "namespace": ns}, "data": {"who": "app"}})
        srv.apply(path % ("other", "shared"), {"metadata": {"name": "shared", "namespace": "other"},
                                               "data": {"who": "other", "extra": "other's"}})
        srv.apply(path % ("other", "only-other"), {"metadata": {"name": "only-other", "namespace": "other"}, "data": {"x": "other's"}})
        # the bad keys and the 253-character one come first: the keys after them must be written
        data = {k: "bad" for k in bad}
        data[long_key] = "at the limit"
        data["after"] = "written"
        srv.apply(path % (ns, "keys"), {"metadata": {"name": "keys", "namespace": ns}, "data": data,
                                        "binaryData": {"bin": base64.b64encode(blob).decode()}})
        # a name with a NUL: the informer keys it by the name up to the NUL
        srv.apply("/api/v1/namespaces/%s/configmaps" % ns, {"metadata": {"name": "nul\u0000name", "namespace": ns}, "data": {"k": "v"}})
        # every LIST and WATCH of namespace app also serves namespace other
        srv.fault("foreign", count=50)
        tool = Tool("cm2files", "cm2files-keys", srv.url, ["-n", ns, "--dir", d, "--max-delay", "1", "--stats", "-v"])
        if tool.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is None:
            c = Checks("cm2files: keys and namespaces a hostile server sends")
            c.fail("never synced: %s" % tool.err_text()[-300:])
            return c.report()
        want_keys = {long_key: b"at the limit", "after": b"written", "bin": blob}
        err = cm2files_converge(d, {"keys": want_keys}, timeout=30, only=("keys",))

        c = Checks("cm2files: a valid 253-character key is written (its temporary name fits NAME_MAX), and so are the keys after it")
        lp = os.path.join(d, "keys", long_key)
        c.check(os.path.isfile(lp) and open(lp, "rb").read() == b"at the limit", "no file for the 253-character key: %s" % err)
        ap = os.path.join(d, "keys", "after")
        c.check(os.path.isfile(ap) and open(ap, "rb").read() == b"written", "the key after it was not written")
        c.check("File name too long" not in tool.err_text(), "a write failed with ENAMETOOLONG")
        c.report()

        c = Checks("cm2files: keys the API server refuses (a NUL, '/', '.', '..', '..data', 254 characters) get no file and a BAD_KEY "
                   "error each; the ConfigMap's other keys are written, binaryData decoded")
        c.check(not err, err)
        strays = cm2files_strays(d, {"keys": want_keys})
        c.check(not strays, "files of refused keys (or others) in DIR/keys: %s" % [x[:60] for x in strays[:5]])
        for k, shown in bad.items():
            line = tool.wait_for(lambda ln: ("error BAD_KEY: %s/keys: " % ns) in ln and ('"%s"' % shown) in ln, 30, stream="err")
            c.check(line is not None, "no BAD_KEY error for %r: %s" % (k[:20], [ln for ln in tool.err if "BAD_KEY" in ln][:2]))
        c.check(not os.path.exists(os.path.join(d, "keys", "a")), "the key with a NUL was written as the shorter name 'a'")
        c.check(not os.path.exists(os.path.join(d, "x")) and not os.path.exists(os.path.join(d, "..data")),
                "a file was written outside DIR/keys")
        c.check(not os.path.exists(os.path.join(d, "nul")), "the ConfigMap named nul\\u0000name was written as DIR/nul")
        c.check(tool.wait_for(lambda ln: "error BAD_NAME: %s/nul" % ns in ln, 30, stream="err") is not None,
                "no BAD_NAME error for the name with a NUL")
        c.report()

        c = Checks("cm2files: objects of another namespace than -n, sent by the server, are refused with an error and never written "
                   "(other/shared does not clobber app/shared, other/only-other gets no directory)")
        # the queue is first in, first out: once a ConfigMap made after the
        # others has its file, the others were reconciled
        def sentinel(n):
            srv.apply(path % (ns, "zz-%d" % n), {"metadata": {"name": "zz-%d" % n, "namespace": ns}, "data": {"k": "v"}})
            f = os.path.join(d, "zz-%d" % n, "k")
            deadline = time.monotonic() + 30 * SLOW
            for _ in range(10000):
                if os.path.exists(f) or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            return os.path.exists(f)
        c.check(sentinel(1), "the first sentinel's file never came")
        c.check(cm2files_tree(d).get("shared") == {"who": b"app"}, "DIR/shared is %s, want app/shared's data" % cm2files_tree(d).get("shared"))
        c.check(not os.path.exists(os.path.join(d, "only-other")), "other/only-other was written as DIR/only-other")
        # the informer refuses them (OBJECT_OUT_OF_SCOPE), and cm2files too (FOREIGN_OBJECT)
        for k in ("other/shared", "other/only-other"):
            c.check(tool.wait_for(lambda ln: re.search(r"error (OBJECT_OUT_OF_SCOPE|FOREIGN_OBJECT): .*\b%s\b" % k, ln), 30, stream="err")
                    is not None, "no error refusing %s" % k)
        # a change of the foreign object later (after its namesake's) is refused too
        srv.apply(path % (ns, "shared"), {"metadata": {"name": "shared", "namespace": ns}, "data": {"who": "app again"}})
        srv.apply(path % ("other", "shared"), {"metadata": {"name": "shared", "namespace": "other"}, "data": {"who": "other again"}})
        c.check(sentinel(2), "the second sentinel's file never came")
        c.check(cm2files_tree(d).get("shared") == {"who": b"app again"},
                "after a change of both, DIR/shared is %s, want app/shared's data" % cm2files_tree(d).get("shared"))
        tool.stop()
        c.check(tool.rc == 0, "exit status %s: %s" % (tool.rc, tool.err_text()[-300:]))
        m = re.search(r"refused=(\d+)", tool.err_text())
        c.check(m and int(m.group(1)) >= len(bad) + 1, "stats refused=%s, want >= %d" % (m and m.group(1), len(bad) + 1))
        c.report()
    finally:
        if tool is not None:
            tool.kill()
        srv.close()
        shutil.rmtree(d, ignore_errors=True)


def scenario_cm2files_layout(ctx):
    """What cm2files leaves in DIR: one regular file per key and its own
    ..cm2files directory, nothing else; removed keys' files removed;
    binaryData decoded; lists of keys over 64 KiB kept across renames and a
    restart; directories of the old version (a +cm2files list, +tmp-
    files, a list over 64 KiB) taken over at start."""
    import base64
    srv = Server("cm2files-layout", pods=2, namespaces=1, configmaps=0)
    tool = None
    d = tempfile.mkdtemp(prefix="kinformer-cm2files-layout-")
    ns = "app"
    path = "/api/v1/namespaces/%s/configmaps/" % ns
    blob = bytes(range(256)) * 3

    def keyset(tag, n=330):
        # 330 keys of 200 characters: a list of 66 KiB, over the old 64 KiB
        return ["%s-%04d-" % (tag, i) + "k" * (193 - len(tag)) for i in range(n)]

    def cm(name, data, binary=None):
        o = {"metadata": {"name": name, "namespace": ns}, "data": data}
        if binary:
            o["binaryData"] = binary
        srv.apply(path + name, o)

    def old_dir(name, files, listed):
        """A directory as the old version left it: its files, +cm2files
        listing them, a temporary file of an interrupted write."""
        p = os.path.join(d, name)
        os.mkdir(p)
        for f, v in files.items():
            with open(os.path.join(p, f), "wb") as fh:
                fh.write(v)
        with open(os.path.join(p, "+cm2files"), "w") as fh:
            fh.write("".join(k + "\n" for k in listed))
        with open(os.path.join(p, "+tmp-" + listed[0]), "wb") as fh:
            fh.write(b"half")

    try:
        # 1. what the old version left: a directory with a list, one with a
        # list over 64 KiB (that version wrote such lists but could not read
        # them back: NOT_OURS for ever)
        old_dir("legacy", {"a": b"old a", "gone": b"old"}, ["a", "gone"])
        big_old = keyset("old")
        old_dir("legacy-big", {k: b"old" for k in big_old}, big_old)
        c_old = {"legacy": {"a": "new a", "b": "b"}, "legacy-big": {k: "v" for k in big_old[:165]}}
        for name, data in c_old.items():
            cm(name, data)
        cm("plain", {"one": "1", "two": "2"}, {"blob": base64.b64encode(blob).decode()})
        many = keyset("first")
        cm("many", {k: "1" for k in many})
        tool = Tool("cm2files", "cm2files-layout", srv.url, ["-n", ns, "--dir", d, "--max-delay", "1", "--stats", "-v"])
        if tool.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is None:
            c = Checks("cm2files: the directories' layout")
            c.fail("never synced: %s" % tool.err_text()[-300:])
            return c.report()
        want = cm2files_want(srv, ns)
        err = cm2files_converge(d, want, timeout=90)

        c = Checks("cm2files: a ConfigMap's directory holds one regular file per key and nothing else but cm2files' own "
                   "directory ..cm2files (no list or temporary file among the keys)")
        c.check(not err, err)
        strays = cm2files_strays(d, want)
        c.check(not strays, "not keys of their ConfigMaps: %s" % [x[:60] for x in strays[:5]])
        c.check(all(os.path.isdir(os.path.join(d, x, CM_OWN)) for x in want), "a directory without ..cm2files")
        c.report()

        c = Checks("cm2files: binaryData is written base64-decoded, beside data")
        bp = os.path.join(d, "plain", "blob")
        c.check(os.path.isfile(bp) and open(bp, "rb").read() == blob, "DIR/plain/blob is not the decoded binaryData")
        c.report()

        c = Checks("cm2files: directories the old version wrote (a +cm2files list, a +tmp- file; a list over 64 KiB) "
                   "are taken over: removed keys' files removed, the list and temporary files gone, no NOT_OURS")
        c.check(not err, err)
        c.check(not os.path.exists(os.path.join(d, "legacy", "gone")), "legacy/gone, listed by the old list, was not removed")
        c.check(not [x for x in strays if x.startswith("legacy")], "left in the old directories: %s" % [x[:60] for x in strays if x.startswith("legacy")][:4])
        c.check("NOT_OURS" not in tool.err_text(), "NOT_OURS: %s" % [ln for ln in tool.err if "NOT_OURS" in ln][:2])
        c.report()

        c = Checks("cm2files: a removed key's file is removed, and a removed ConfigMap's directory")
        cm("plain", {"one": "1"}, {"blob": base64.b64encode(blob).decode()})
        srv.delete(path + "legacy")
        want = cm2files_want(srv, ns)
        err = cm2files_converge(d, want, timeout=60)
        c.check(not err, err)
        c.check(not os.path.exists(os.path.join(d, "plain", "two")), "plain/two is still there")
        c.check(not os.path.exists(os.path.join(d, "legacy")), "the directory of the deleted ConfigMap is still there")
        c.report()

        c = Checks("cm2files: a list of keys over 64 KiB (330 keys of 200 characters): renamed keys' files removed, "
                   "and after a restart, changes made while it was away are applied")
        renamed = keyset("second")
        cm("many", {k: "2" for k in renamed})
        want = cm2files_want(srv, ns)
        err = cm2files_converge(d, want, timeout=90)
        c.check(not err, "after the rename: " + err)
        c.check("TOO_MANY_KEYS" not in tool.err_text(), "TOO_MANY_KEYS: %s" % [ln for ln in tool.err if "TOO_MANY_KEYS" in ln][:1])
        tool.stop()
        c.check(tool.rc == 0, "exit status %s: %s" % (tool.rc, tool.err_text()[-300:]))
        third = keyset("third")
        cm("many", {k: "3" for k in renamed[:100] + third})
        srv.delete(path + "plain")
        tool = Tool("cm2files", "cm2files-layout-restart", srv.url, ["-n", ns, "--dir", d, "--max-delay", "1", "-v"])
        c.check(tool.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is not None, "no SYNCED after the restart")
        want = cm2files_want(srv, ns)
        err = cm2files_converge(d, want, timeout=90)
        c.check(not err, "after the restart: " + err)
        c.check(not os.path.exists(os.path.join(d, "plain")), "plain, deleted while cm2files was away, is still there")
        c.check(not cm2files_strays(d, want), "strays: %s" % cm2files_strays(d, want)[:3])
        for w in ("NOT_OURS", "TOO_MANY_KEYS", "WRITE_FAILED"):
            c.check(w not in tool.err_text(), "%s after the restart: %s" % (w, [ln for ln in tool.err if w in ln][:1]))
        tool.stop()
        c.report()
    finally:
        if tool is not None:
            tool.kill()
        srv.close()
        shutil.rmtree(d, ignore_errors=True)


def random_tree(rng, depth):
    """A random JSON value; keys that need pointer and string escapes."""
    keys = ["a", "b", "c/d", "e~f", "~1", "g\"h", "sl\\", "\u00fc", "t\tab", "0", "-", ""]
    r = rng.random()
    if depth <= 0 or r < 0.3:
        return rng.choice([0, 1, -7, 2.5, True, False, None, "", "x", "q\"uote", "line\nbreak", "\u2603", "~/"])
    if r < 0.65:
        return {k: random_tree(rng, depth - 1) for k in rng.sample(keys, rng.randint(0, 5))}
    return [random_tree(rng, depth - 1) for _ in range(rng.randint(0, 5))]


def mutate_tree(rng, v, depth):
    """v changed a little: members added, removed or changed, arrays grown or
    shrunk or changed in place, sometimes a value of another type."""
    if rng.random() < 0.1 or depth <= 0:
        return random_tree(rng, depth)
    if isinstance(v, dict):
        v = dict(v)
        for _ in range(rng.randint(1, 3)):
            op = rng.random()
            if op < 0.3 and v:
                del v[rng.choice(list(v))]
            elif op < 0.6 or not v:
                v[rng.choice(["a", "n/ew", "z~0", "b", "\u00e9"])] = random_tree(rng, depth - 1)
            else:
                k = rng.choice(list(v))
                v[k] = mutate_tree(rng, v[k], depth - 1)
        return v
    if isinstance(v, list):
        v = list(v)
        op = rng.random()
        if op < 0.3:
            v = v[:rng.randint(0, len(v))]
        elif op < 0.6:
            v += [random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]
        elif v:
            i = rng.randrange(len(v))
            v[i] = mutate_tree(rng, v[i], depth - 1)
        if rng.random() < 0.2:
            v.insert(0, random_tree(rng, 1))
        return v
    return random_tree(rng, depth)


def scenario_kubediff_model(ctx):
    """kubediff on random nested values: 300 random changes of one pod's
    fields (objects, arrays, escapes); every patch replays to the next object.
    One change at a time: each is made once kubediff printed the one before,
    since changes waiting in the informer's queue for one key are coalesced
    into one update (fewer transitions tested, and how many depends on how
    busy the machine is)."""
    import random
    srv = Server("kubediff-model", pods=5, namespaces=1, configmaps=1)
    kd = None
    rng = random.Random(16)
    try:
        c = Checks("kubediff: 300 random changes of nested objects, arrays and keys that need escapes, "
                   "each patch replays to the object printed (a model test of kinf_json_patch)")
        # --no-skip-unchanged: a random change can give the object it had, whose line
        # (a patch of the resourceVersion only) is waited for like any other
        kd = Tool("kubediff", "kubediff-model", srv.url, ["pods", "--with-object", "--no-skip-unchanged", "-v"], merge=True)
        if kd.wait_for(lambda ln: "WATCH_START" in ln, 60) is None:
            c.fail("never started watching: %s" % kd.describe())
        path = "/api/v1/namespaces/ns-0/pods/model"
        model = {"m": random_tree(rng, 4)}
        n = 150 if OPTS.quick else 300
        for i in range(n):
            since = len(kd.out_lines())
            r = srv.apply(path, {"metadata": {"name": "model", "namespace": "ns-0"},
                                 "spec": {"containers": [{"name": "c", "image": "busybox"}], "model": model},
                                 "status": {"phase": "Running"}})
            model = mutate_tree(rng, model, 4)
            want = '"key":"ns-0/model","resourceVersion":"%s"' % r["metadata"]["resourceVersion"]
            if kd.wait_progress(lambda ln: want in ln, since=since) is None:
                c.fail("change %d of %d (%s) never printed %s" % (i + 1, n, want, kd.describe()))
                break
        srv.delete(path)
        c.check(kd.wait_progress(lambda ln: ln.startswith('{"type":"DELETED"') and '"key":"ns-0/model"' in ln) is not None,
                "the delete never arrived")
        kd.stop()
        lines = [ln for ln in kd.out_lines() if '"key":"ns-0/model"' in ln]
        _, counts = kubediff_replay(c, lines)
        c.check(counts["ADDED"] == 1 and counts["MODIFIED"] == n - 1 and counts["DELETED"] == 1 and counts["bad"] == 0,
                "counts %s, want 1 ADDED, %d MODIFIED, 1 DELETED" % (counts, n - 1))
        log("kubediff model: %s" % counts)
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        srv.close()


ALL = [
    # (name, function, weight: larger first)
    ("big", scenario_big, 9),
    ("churn", scenario_churn, 8),
    ("cut", scenario_cut, 10),
    ("restart", scenario_restart, 7),
    ("oversized", scenario_oversized, 7),
    ("5xx", functools.partial(scenario_status, "5xx"), 6),
    ("stall", scenario_stall, 6),
    ("static", scenario_static, 6),
    ("token", scenario_token, 5),
    ("429", functools.partial(scenario_status, "429"), 5),
    ("expire", functools.partial(scenario_expire, "expire"), 4),
    ("expire_http", functools.partial(scenario_expire, "expire_http"), 4),
    ("garbage", scenario_garbage, 4),
    ("tls", scenario_tls, 5),
    ("contents", scenario_contents, 5),
    ("multi", scenario_multi, 8),
    ("multi_caps", scenario_multi_caps, 3),
    ("multi_budget", scenario_multi_budget, 3),
    ("snapshot", scenario_snapshot, 4),
    ("snapshot_kill", scenario_snapshot_kill, 4),
    ("snapshot_journal", scenario_snapshot_journal, 4),
    ("snapshot_safe", scenario_snapshot_safe, 3),
    ("watchlist", scenario_watchlist, 5),
    ("watchlist_refused", scenario_watchlist_refused, 4),
    ("watchlist_unfinished", scenario_watchlist_unfinished, 4),
    ("watchlist_ignored", scenario_watchlist_ignored, 4),
    ("metadata_only", scenario_metadata_only, 4),
    ("gzip", scenario_gzip, 6),
]
ALL += [("kubediff", scenario_kubediff, 5), ("cm2files", scenario_cm2files, 5), ("kubediff_model", scenario_kubediff_model, 4)]
ALL += [("cm2files_keys", scenario_cm2files_keys, 3), ("cm2files_layout", scenario_cm2files_layout, 4)]
ALL += [("selector_scope", scenario_selector_scope, 3)]


def scenario_skip_unchanged(ctx):
    """--skip-unchanged: label-only updates of a pod kwatch keeps as
    spec.nodeName give no MODIFIED line (they do without it), with the watch
    cut on the way; a warm start from a snapshot, through the watch from its
    resourceVersion and through a relist after a compaction, adds the
    snapshot's objects and prints no MODIFIED for a pod that changed only its
    labels while kwatch was down; the cache ends at the server's
    resourceVersions all the same. kubediff and cm2files skip an update that
    changes nothing by default (kubediff --no-skip-unchanged prints it)."""
    srv = Server("skip-unchanged", pods=20, namespaces=2, configmaps=4)
    d = tempfile.mkdtemp(prefix="kinformer-skip-")
    snap = os.path.join(d, "pods.snap")
    keep = ["--keep", "spec.nodeName"]
    procs = []

    def relabel(path, n, node=None, seen=None):
        """n updates of the pod's label, the last also of its nodeName; with
        seen (a kwatch that prints each of them), each once it printed the
        update's MODIFIED line: kinformer's queue holds one entry a key, so
        two updates it has not delivered yet would give one line."""
        for i in range(n):
            o = srv.get(path)
            o["metadata"].setdefault("labels", {})["skip-test"] = str(i)
            if node is not None and i == n - 1:
                o["spec"]["nodeName"] = node
            rv = srv.apply(path, o)["metadata"]["resourceVersion"]
            k = "%s/%s" % (o["metadata"]["namespace"], o["metadata"]["name"])
            if seen is not None and seen.wait_event("MODIFIED", k, rv=rv) is None:
                return "no MODIFIED %s %s %s" % (k, rv, seen.describe())
        return None

    def modified(kw, key):
        return sum(1 for ln in kw.out_lines() if ln.startswith("MODIFIED %s " % key))

    try:
        first = srv.get(pod_path("ns-0"))["items"][0]["metadata"]["name"]
        key, path = "ns-0/" + first, pod_path("ns-0") + "/" + first
        for flag, want in (([], 11), (["--skip-unchanged"], 1)):
            c = Checks("skip unchanged: --keep spec.nodeName %s, 10 label-only updates and a nodeName change "
                       "(the watch cut among them): %d MODIFIED line(s)" % (" ".join(flag) or "(without)", want))
            wbase = srv.watch_count("pods")
            kw = Kwatch("skip-live" + "".join(flag), srv.url, ["pods", "-o", "name", "--dump-on-exit", "--stats", "-v"]
                        + keep + flag, merge=True)
            procs.append(kw)
            if wait_watching(c, srv, "pods", wbase):
                seen = None if flag else kw  # with the flag a label-only update prints nothing
                why = relabel(path, 5, seen=seen)
                srv.fault("cut")
                why = why or relabel(path, 5, seen=seen)
                why = why or relabel(path, 1, node="node-%s" % ("x" if flag else "y"), seen=seen)
                c.check(why is None, why)
                if finish_with_sentinel(c, srv, [kw]):
                    kw.stop()
                    check_clean_exit(c, kw)
                    c.check(modified(kw, key) == want, "%d MODIFIED lines for %s, want %d" % (modified(kw, key), key, want))
                    c.check(kw.stat("skipped_unchanged") == (10 if flag else 0),
                            "skipped_unchanged=%s" % kw.stats().get("skipped_unchanged"))
                    check_against_server(c, kw, srv, pod_path())
            kw.kill()
            c.report()

        c = Checks("skip unchanged: a warm start (the watch from the snapshot's RV, then a relist after a "
                   "compaction) prints ADDED for the snapshot's pods and MODIFIED only for a pod that changed what is kept")
        kw = Kwatch("skip-cold", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--snapshot", snap,
                                           "--skip-unchanged"] + keep)
        procs.append(kw)
        kw.wait(60)
        check_clean_exit(c, kw, 0)
        pods = [o["metadata"]["name"] for o in srv.get(pod_path("ns-1"))["items"]][:3]
        for round_, expire in ((0, False), (1, True)):
            relabel(pod_path("ns-1") + "/" + pods[0], 3)
            relabel(pod_path("ns-1") + "/" + pods[1], 2, node="node-moved-%d" % round_)
            moved_rv = srv.get(pod_path("ns-1") + "/" + pods[1])["metadata"]["resourceVersion"]
            total = sum(1 for o in srv.get(pod_path())["items"] if not o["metadata"]["name"].startswith("zz-sentinel"))
            if expire:
                srv.fault("expire")
            lists = srv.lists_any("pods")
            kw = Kwatch("skip-warm-%d" % round_, srv.url, ["pods", "-o", "name", "--snapshot", snap, "--dump-on-exit",
                                                          "--stats", "--skip-unchanged", "-v"] + keep, merge=True)
            procs.append(kw)
            # with no relist the sentinel comes through the watch, after every change before it
            caught_up = finish_with_sentinel(c, srv, [kw]) if expire else \
                kw.wait_event("ADDED", srv.sentinel_pod()) is not None
            c.check(caught_up, "round %d: the sentinel never arrived %s" % (round_, kw.describe()))
            if caught_up:
                kw.stop()
                check_clean_exit(c, kw)
                tag = "round %d: " % round_
                c.check("SNAPSHOT_LOADED" in kw.err_text(), tag + "no SNAPSHOT_LOADED")
                c.check((srv.lists_any("pods") > lists) == expire,
                        tag + "LIST and watch-list requests %d -> %d" % (lists, srv.lists_any("pods")))
                # the moved pod: a MODIFIED line, or (when the watch's events came
                # before the snapshot's adds were delivered) an ADDED line of its newest version
                mods = [ln for ln in kw.out_lines() if ln.startswith("MODIFIED ")]
                moved = [ln for ln in kw.out_lines() if ln.split(" ")[1:2] == ["ns-1/" + pods[1]]]
                c.check(all(m.split(" ")[1] == "ns-1/" + pods[1] for m in mods) and len(mods) <= 1,
                        tag + "MODIFIED lines for pods whose kept fields did not change: %s" % mods[:4])
                c.check(moved and moved[-1].split(" ")[-1] == moved_rv,
                        tag + "the moved pod's last line is not its version %s: %s" % (moved_rv, moved[-2:]))
                if expire:  # the relist comes after the backoff, when the snapshot's adds are delivered
                    c.check(len(mods) == 1, tag + "no MODIFIED line for the moved pod")
                adds = sum(1 for ln in kw.out_lines() if ln.startswith("ADDED ") and "zz-sentinel" not in ln)
                c.check(adds == total, tag + "%d ADDED lines, want the snapshot's %d" % (adds, total))
                # the events printed end at older resourceVersions (those skipped); the cache at the server's
                want = srv.state(pod_path())
                c.check(kw.dump() == want, tag + "dump differs: " + diff_summary(kw.dump(), want))
            kw.kill()
        c.report()

        c = Checks("skip unchanged: kubediff prints no line for an update that changes nothing (by default), "
                   "and one whose patch is the resourceVersion with --no-skip-unchanged; cm2files counts them")
        cm = "/api/v1/namespaces/ns-1/configmaps/skip-cm"
        base = {"metadata": {"name": "skip-cm", "namespace": "ns-1"}, "data": {"a": "1"}}
        srv.apply(cm, base)
        kds = [Tool("kubediff", "skip-kd", srv.url, ["configmaps", "-n", "ns-1", "--stats"]),
               Tool("kubediff", "skip-kd-all", srv.url, ["configmaps", "-n", "ns-1", "--no-skip-unchanged"])]
        cmd = Tool("cm2files", "skip-cm2files", srv.url, ["-n", "ns-1", "--dir", d, "--stats"])
        procs.extend(kds + [cmd])
        for t in kds:
            if t.wait_for(lambda ln: '"key":"ns-1/skip-cm"' in ln, 60) is None:
                c.fail("%s never listed skip-cm %s" % (t.name, t.describe()))
        deadline = time.monotonic() + 60 * SLOW
        while not os.path.exists(os.path.join(d, "skip-cm", "a")) and time.monotonic() < deadline:
            time.sleep(0.2)
        c.check(os.path.exists(os.path.join(d, "skip-cm", "a")), "cm2files never wrote skip-cm/a")
        # one update at a time, each once kubediff --no-skip-unchanged printed
        # it: updates of one key queued together are coalesced (by design)
        for _ in range(3):
            rv = srv.apply(cm, json.loads(json.dumps(base)))["metadata"]["resourceVersion"]
            if kds[1].wait_progress(lambda ln, rv=rv: '"type":"MODIFIED"' in ln and '"resourceVersion":"%s"' % rv in ln) is None:
                c.fail("%s never printed resourceVersion %s %s" % (kds[1].name, rv, kds[1].describe()))
        changed = json.loads(json.dumps(base))
        changed["data"]["a"] = "2"
        srv.apply(cm, changed)
        for t in kds:
            if t.wait_progress(lambda ln: '"type":"MODIFIED"' in ln and '"value":"2"' in ln) is None:
                c.fail("%s never printed the change %s" % (t.name, t.describe()))
        while time.monotonic() < deadline:
            try:
                with open(os.path.join(d, "skip-cm", "a"), "rb") as f:
                    if f.read() == b"2":
                        break
            except OSError:
                pass
            time.sleep(0.2)
        for t in kds + [cmd]:
            t.stop()
            c.check(t.rc == 0, "%s: exit status %s" % (t.name, t.rc))
        mods = [json.loads(ln) for ln in kds[0].out_lines() if '"type":"MODIFIED"' in ln]
        c.check(len(mods) == 1, "kubediff: %d MODIFIED lines, want 1: %.300s" % (len(mods), mods))
        # the other two readers are not paced by their output: a coalesced pair
        # is one update for them (1 to 3 skipped, never 0, never more)
        c.check(1 <= (kds[0].stat("skipped_unchanged") or 0) <= 3, "kubediff: skipped_unchanged=%s" % kds[0].stats().get("skipped_unchanged"))
        mods = [json.loads(ln) for ln in kds[1].out_lines() if '"type":"MODIFIED"' in ln]
        c.check(len(mods) == 4, "kubediff --no-skip-unchanged: %d MODIFIED lines, want 4" % len(mods))
        rv_only = [m for m in mods if [op.get("path") for op in m.get("patch", [])] == ["/metadata/resourceVersion"]]
        c.check(len(rv_only) == 3, "kubediff --no-skip-unchanged: %d patches of the resourceVersion only, want 3: %.300s"
                % (len(rv_only), mods))
        c.check(1 <= (cmd.stat("skipped_unchanged") or 0) <= 3, "cm2files: skipped_unchanged=%s" % cmd.stats().get("skipped_unchanged"))
        c.report()
    finally:
        for p_ in procs:
            p_.kill()
        srv.close()
        shutil.rmtree(d, ignore_errors=True)


ALL += [("skip_unchanged", scenario_skip_unchanged, 4)]


def pod_configmaps(o):
    """The ConfigMaps a pod names, in examples/by_configmap.c's order, each once."""
    names = []
    spec = o.get("spec", {})
    for v in spec.get("volumes") or []:
        names.append((v.get("configMap") or {}).get("name"))
        for src in (v.get("projected") or {}).get("sources") or []:
            names.append((src.get("configMap") or {}).get("name"))
    for ctr in spec.get("containers") or []:
        for e in ctr.get("env") or []:
            names.append(((e.get("valueFrom") or {}).get("configMapKeyRef") or {}).get("name"))
        for e in ctr.get("envFrom") or []:
            names.append((e.get("configMapRef") or {}).get("name"))
    out = []
    for n in names:
        if n and n not in out:
            out.append(n)
    return out


def scenario_index_values(ctx):
    """A multi-valued index (examples/by_configmap.c, "pods by ConfigMap",
    desc.max_index_values 8) against the server's pods, the first list cut
    and a 500 on the way: each ConfigMap finds exactly the pods that name it
    in a volume, a projected volume, env valueFrom or envFrom (every pod
    names its own and kube-root-ca.crt), a pod is found once whatever the
    number of times it names one, and a pod that names more than 8 is found
    by its first 8 only, with INDEX_TOO_MANY_VALUES on stderr."""
    srv = Server("index-values", pods=40, namespaces=2, configmaps=4)
    c = Checks("index values: pods by ConfigMap through a multi-valued index equal the server's, "
               "after a cut list and a 500")
    binary = os.path.join(os.path.dirname(OPTS.kwatch), "by-configmap")
    try:
        if not c.check(os.access(binary, os.X_OK), "%s is not built (make)" % binary):
            c.report()
            return
        ctr = lambda **kw: dict({"name": "c", "image": "busybox:1.36"}, **kw)
        extra = {
            "ns-0/envpod": {"containers": [ctr(env=[{"name": "X", "valueFrom": {"configMapKeyRef": {"name": "app-config", "key": "x"}}}],
                                              envFrom=[{"configMapRef": {"name": "flags-config"}}])]},
            "ns-1/twice": {"volumes": [{"name": "a", "configMap": {"name": "app-config"}},
                                       {"name": "b", "configMap": {"name": "app-config"}}],
                           "containers": [ctr(envFrom=[{"configMapRef": {"name": "app-config"}}])]},
            "ns-1/many": {"volumes": [{"name": "v%d" % i, "configMap": {"name": "many-%d" % i}} for i in range(9)],
                          "containers": [ctr()]},
        }
        for key, spec in extra.items():
            ns, name = key.split("/")
            srv.apply(pod_path(ns) + "/" + name, {"metadata": {"name": name, "namespace": ns}, "spec": spec})
        pods = srv.get(pod_path())["items"]
        names = sorted({n for o in pods for n in pod_configmaps(o)} | {"none-such"})
        want = {}
        for n in names:
            keys = sorted(obj_key(o) for o in pods if n in pod_configmaps(o)[:8])
            want[n] = "%s %d%s" % (n, len(keys), "".join(" " + k for k in keys))
        srv.fault("cut")
        srv.fault("status", code=500)
        p = subprocess.run([binary, srv.url] + names, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120 * SLOW, universal_newlines=True)
        c.check(p.returncode == 0, "exit status %d: %s" % (p.returncode, p.stderr[-300:]))
        got = {ln.split(" ")[0]: ln for ln in p.stdout.splitlines() if ln}
        bad = [n for n in names if got.get(n) != want[n]]
        c.check(not bad, "differ for %s: got %r want %r" % (bad[:3], [got.get(n, "")[:120] for n in bad[:2]],
                                                           [want[n][:120] for n in bad[:2]]))
        c.check(int(want["kube-root-ca.crt"].split(" ")[1]) >= 40, "test bug: kube-root-ca.crt is in %s pods" % want["kube-root-ca.crt"].split(" ")[1])
        c.check("many-8 0" == got.get("many-8", ""), "the 9th ConfigMap of ns-1/many: %r" % got.get("many-8"))
        c.check("INDEX_TOO_MANY_VALUES" in p.stderr and "ns-1/many" in p.stderr,
                "no INDEX_TOO_MANY_VALUES for ns-1/many: %s" % p.stderr[-300:])
        c.check(srv.lists_any("pods") >= 2, "the cut did not make a second list (%d)" % srv.lists_any("pods"))
    except subprocess.TimeoutExpired:
        c.fail("by-configmap did not finish")
    finally:
        srv.close()
    c.report()


ALL += [("index_values", scenario_index_values, 3)]

# kubediff --webhook: a receiver of its own on 127.0.0.1
class WebhookReceiver:
    """An HTTP/1.1 receiver on 127.0.0.1 (port 0) that records each POST's
    body and headers: requests number fail503 answer 503 (not recorded), the
    request number cut is recorded and its connection closed with no
    response (the sender cannot know it arrived). Stops by itself after
    lifetime seconds. hold() makes it stall: a POST that arrives is recorded,
    then not answered until release() (or lifetime); held counts them."""

    def __init__(self, fail503=(), cut=(), lifetime=600, tls=None):
        import http.server
        rec = self
        self.bodies, self.headers, self.n, self.n503, self.ncut = [], [], 0, 0, 0
        self.lock = threading.Lock()
        self.gate = threading.Event()
        self.gate.set()
        self.held = 0
        self.lifetime = lifetime

        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with rec.lock:
                    rec.n += 1
                    k = rec.n
                    if k not in fail503:
                        rec.bodies.append(body.decode("utf-8"))
                        rec.headers.append(dict(self.headers))
                if k in fail503:
                    with rec.lock:
                        rec.n503 += 1
                    self.send_response(503)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"{}")
                    return
                if k in cut:
                    with rec.lock:
                        rec.ncut += 1
                    self.close_connection = True
                    return
                if not rec.gate.is_set():
                    with rec.lock:
                        rec.held += 1
                    rec.gate.wait(rec.lifetime)
                try:
                    self.send_response(200)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"{}")
                except OSError:         # the sender gave up on a held POST (killed, timed out)
                    self.close_connection = True

        self.srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.srv.daemon_threads = True
        self.url = "http://127.0.0.1:%d/hooks/kd?src=test" % self.srv.server_address[1]
        if tls:                 # (cert, key): https, the handshake on accept
            import ssl
            sctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            sctx.load_cert_chain(tls[0], tls[1])
            self.srv.socket = sctx.wrap_socket(self.srv.socket, server_side=True)
            self.url = "https" + self.url[4:]
        self.path = "/hooks/kd?src=test"
        self.t = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.t.start()
        self.timer = threading.Timer(lifetime, self.close)
        self.timer.daemon = True
        self.timer.start()

    def got(self):
        with self.lock:
            return list(self.bodies)

    def wait_bodies(self, done):
        """Waits until done(the bodies so far) holds; True if it did. Bound by
        progress: gives up once no POST came for QUIET seconds (a 503 or a cut
        counts: the sender is still at it), or at PATIENCE_CAP."""
        pat = Patience(PATIENCE_CAP, QUIET, lambda: self.n)
        for _ in range(int(PATIENCE_CAP * SLOW * 10) + 1):
            if done(self.got()):
                return True
            if pat.left() <= 0:
                return False
            time.sleep(0.1)
        return False

    def hold(self):
        self.gate.clear()

    def release(self):
        self.gate.set()

    def close(self):
        self.gate.set()
        self.timer.cancel()
        self.srv.shutdown()
        self.srv.server_close()


def collapse_adjacent(xs):
    out = []
    for x in xs:
        if not out or out[-1] != x:
            out.append(x)
    return out


def scenario_kubediff_webhook(ctx):
    """kubediff --webhook under churn: the receiver, which fails 3 requests
    with 503 and cuts one connection, ends with exactly kubediff's stdout
    lines, in order; the cut line arrives twice, side by side (at least
    once); no token of the API server reaches it."""
    srv = Server("kubediff-wh", pods=40, namespaces=2, configmaps=10)
    rcv = WebhookReceiver(fail503=(2, 3, 9), cut=(6,), lifetime=int(600 * SLOW))
    kd = None
    try:
        c = Checks("kubediff --webhook: under churn the receiver gets every stdout line, in order, duplicates only "
                   "adjacent (a cut connection), after 503s; no API token sent")
        kd = Tool("kubediff", "kubediff-webhook", srv.url,
                  ["pods,configmaps", "--webhook", rcv.url, "--token", "api-secret-token", "-v", "--stats"])
        if kd.wait_for(lambda ln: '"resource":"configmaps"' in ln, 60) is None:
            c.fail("never listed: %s" % kd.describe())
        time.sleep(0.5)
        churn_to_sentinel(c, srv, kd, '"key":"ns-1/%s"', churn=(150, 1 if OPTS.quick else 2))
        lines = [ln for ln in kd.out_lines()]
        # the receiver catches up while it gets bodies (retries included)
        rcv.wait_bodies(lambda got: len(collapse_adjacent(got)) >= len(lines))
        kd.stop()
        lines = [ln for ln in kd.out_lines()]
        got = rcv.got()
        c.check(kd.rc == 0, "exit status %s: %s" % (kd.rc, kd.err_text()[-400:]))
        c.check(len(lines) >= 60, "too few lines to mean anything: %d" % len(lines))
        col = collapse_adjacent(got)
        if col != lines:
            i = next((k for k in range(min(len(col), len(lines))) if col[k] != lines[k]), min(len(col), len(lines)))
            c.fail("receiver %d lines (%d collapsed), stdout %d; first difference at %d: got %.120r want %.120r"
                   % (len(got), len(col), len(lines), i, col[i] if i < len(col) else None, lines[i] if i < len(lines) else None))
        c.check(len(got) == len(lines) + 1, "want exactly one duplicate (the cut connection): %d bodies, %d lines" % (len(got), len(lines)))
        c.check(rcv.n503 == 3 and rcv.ncut == 1, "the receiver served %d 503s and %d cuts" % (rcv.n503, rcv.ncut))
        hs = [h for h in rcv.headers]
        c.check(all(h.get("Content-Type") == "application/json" for h in hs), "a POST without Content-Type application/json")
        c.check(not any("api-secret-token" in json.dumps(h) or "Authorization" in h for h in hs), "the API token reached the webhook")
        c.check("# stats webhook sent=%d retries=" % (len(lines) + 0) in kd.err_text() or "# stats webhook sent=" in kd.err_text(),
                "no webhook stats")
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        rcv.close()
        srv.close()


def fake_tls_files(d):
    """fakeapi's test certificate (its own CA, for 127.0.0.1) and key, as files in d."""
    text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakeapi.py")).read()
    out = []
    for name in ("TEST_CERT_PEM", "TEST_KEY_PEM"):
        m = re.search(name + r' = """(.*?)"""', text, re.S)
        path = os.path.join(d, name.lower() + ".pem")
        with open(path, "w") as f:
            f.write(m.group(1))
        out.append(path)
    return out


def scenario_kubediff_webhook_tls(ctx):
    """kubediff --webhook https:// with no --webhook-ca verifies the webhook
    with the system's CA bundle: the test's own CA is not in it, so the
    handshake is refused (TLS_UNTRUSTED) and nothing arrives; with
    SSL_CERT_FILE naming the test's CA (the first place the system bundle is
    looked for) every line arrives, in order."""
    tdir = os.path.join(TMP, "wh-tls")
    os.makedirs(tdir, exist_ok=True)
    cert, key = fake_tls_files(tdir)
    srv = Server("kubediff-wh-tls", pods=10, namespaces=2, configmaps=2)
    rcv = WebhookReceiver(tls=(cert, key), lifetime=int(300 * SLOW))
    kds = []
    try:
        c = Checks("kubediff --webhook https:// without --webhook-ca: the system's CA bundle (TLS_UNTRUSTED for a private CA; "
                   "SSL_CERT_FILE names another)")
        env = {k: v for k, v in os.environ.items() if k != "SSL_CERT_FILE"}
        kd = Tool("kubediff", "kubediff-wh-system", srv.url, ["pods", "--webhook", rcv.url, "-v"], env=env)
        kds.append(kd)
        has_system = any(os.access(p, os.R_OK) for p in ("/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
                                                           "/etc/ssl/ca-bundle.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
                                                           "/etc/ssl/cert.pem"))
        if has_system:
            c.check(kd.wait_for(lambda ln: "TLS_UNTRUSTED" in ln and "webhook" in ln, 60, stream="err") is not None,
                    "no TLS_UNTRUSTED for the webhook: %s" % kd.err_text()[-600:])
            c.check("verified with the system's CA bundle /" in kd.err_text(), "the system bundle not named: %s" % kd.err_text()[-400:])
            c.check(rcv.n == 0, "the receiver got %d POSTs through an untrusted handshake" % rcv.n)
            kd.stop()
        else:
            c.check(kd.wait(60) == 2 and "--webhook-ca" in kd.err_text(), "no system bundle: want exit 2 asking for --webhook-ca: %s"
                    % kd.describe())
        env2 = dict(env, SSL_CERT_FILE=cert)
        kd2 = Tool("kubediff", "kubediff-wh-sslcertfile", srv.url, ["pods", "--webhook", rcv.url, "-v"], env=env2)
        kds.append(kd2)
        if kd2.wait_for(lambda ln: ln.startswith("{"), 60) is None:
            c.fail("kubediff never printed a line: %s" % kd2.describe())
        sentinel = churn_to_sentinel(c, srv, kd2, '"key":"ns-1/%s"', missing="the sentinel never printed")
        rcv.wait_bodies(lambda got: any(sentinel in b for b in got))
        kd2.stop()
        lines = [ln for ln in kd2.out_lines() if ln.startswith("{")]
        c.check(collapse_adjacent(rcv.got()) == lines and len(lines) >= 10,
                "received %d lines, printed %d" % (len(rcv.got()), len(lines)))
        c.check("verified with the system's CA bundle %s" % cert in kd2.err_text(), "SSL_CERT_FILE not used: %s"
                % kd2.err_text()[-400:])
        c.check("TLS_" not in kd2.err_text(), "a TLS error with SSL_CERT_FILE: %s" % kd2.err_text()[-400:])
        c.report()
    finally:
        for k in kds:
            k.kill()
        rcv.close()
        srv.close()


WH_DROP_RE = re.compile(r"WEBHOOK_QUEUE_FULL: line (\d+) dropped")


def wh_stats(kd):
    """kubediff's '# stats webhook k=v ...' line as a dict of ints ({} if none)."""
    for ln in kd.err_text().splitlines():
        if ln.startswith("# stats webhook "):
            return {k: int(v) for k, _, v in (t.partition("=") for t in ln.split()[3:]) if v.isdigit()}
    return {}


def wh_drops(kd):
    """the numbers of the lines kubediff logged as dropped (WEBHOOK_QUEUE_FULL), in order"""
    return [int(m.group(1)) for m in map(WH_DROP_RE.search, kd.err_text().splitlines()) if m]


def quiet_for(tool, rcv, quiet, timeout):
    """Waits until the tool printed nothing (stdout, stderr) and the receiver got
    nothing for quiet seconds; False if that did not happen within timeout."""
    deadline = time.monotonic() + timeout * SLOW
    last, since = None, time.monotonic()
    for _ in range(int(timeout * SLOW * 50) + 1):
        with tool.cond:
            cur = (len(tool.lines), len(tool.err), rcv.n)
        now = time.monotonic()
        if cur != last:
            last, since = cur, now
        elif now - since >= quiet:
            return True
        if now > deadline:
            return False
        time.sleep(0.02)
    return False


def wait_taken(rcv, kd, timeout, want=None):
    """Waits until the receiver's bodies (adjacent duplicates collapsed) are
    kubediff's stdout lines (or want(lines) holds as well); True if so."""
    deadline = time.monotonic() + timeout * SLOW
    for _ in range(int(timeout * SLOW * 20) + 1):
        lines = kd.out_lines()
        if lines and collapse_adjacent(rcv.got()) == lines and (want is None or want(lines)):
            return True
        if time.monotonic() > deadline or kd.proc.poll() is not None:
            return False
        time.sleep(0.05)
    return False


def scenario_kubediff_webhook_backpressure(ctx):
    """kubediff --webhook with a small ring (--webhook-queue 32 KiB) and a receiver
    that stalls (takes a POST, answers nothing) while 20 configmaps of ~1.1 KB and a
    sentinel are created one by one: kubediff stops reading the watch once the
    unanswered lines fill more than half the ring (stdout stops short of the
    sentinel, the ring holds between half and all of its bytes, nothing dropped);
    released, the receiver gets every stdout line in order, none dropped."""
    Q = 32768
    srv = Server("kubediff-bp", pods=4, namespaces=2, configmaps=4)
    rcv = WebhookReceiver(lifetime=int(180 * SLOW))
    kd = None
    c = Checks("kubediff --webhook back-pressure: a stalled receiver stops the watch at half a ring; released, every line in order")
    try:
        kd = Tool("kubediff", "kubediff-bp", srv.url,
                  ["configmaps", "--webhook", rcv.url, "--webhook-queue", str(Q), "--webhook-timeout", "60", "-v", "--stats"])
        if not c.check(wait_taken(rcv, kd, 30), "the first lines never reached the receiver %s" % kd.describe()):
            return c.report()
        rcv.hold()
        n0 = len(kd.out_lines())
        path = "/api/v1/namespaces/ns-1/configmaps/%s"
        for i in range(20):
            name = "bp-%02d" % i
            srv.apply(path % name, {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": "ns-1"},
                                    "data": {"pad": "%02d" % i + "x" * 1000}})
            time.sleep(0.02)
        srv.apply(path % "bp-sentinel", {"apiVersion": "v1", "kind": "ConfigMap",
                                          "metadata": {"name": "bp-sentinel", "namespace": "ns-1"}, "data": {"k": "v"}})
        c.check(quiet_for(kd, rcv, 1.0, 20), "kubediff never went quiet while the receiver stalled")
        c.check(rcv.held == 1, "the receiver holds %d POSTs, want 1 (one at a time)" % rcv.held)
        new = kd.out_lines()[n0:]
        held = [ln for ln in new if '"ns-1/bp-sentinel"' in ln]
        c.check(not held, "kubediff read the watch up to the sentinel while the webhook stalled (%d lines, no back-pressure)" % len(new))
        ring = sum(len(ln.encode()) + 4 for ln in new)   # the held line and those after it: all earlier were answered
        c.check(Q // 2 < ring <= Q, "the watch stopped with %d bytes of unanswered lines; want more than half the ring (%d) and at most %d"
                % (ring, Q // 2, Q))
        c.check(not wh_drops(kd), "lines dropped while the receiver stalled: %s" % wh_drops(kd)[:10])
        rcv.release()
        c.check(wait_taken(rcv, kd, 30, lambda ls: any('"ns-1/bp-sentinel"' in ln for ln in ls)),
                "after the release the receiver did not get every line up to the sentinel %s" % kd.describe())
        kd.stop()
        lines, got = kd.out_lines(), rcv.got()
        c.check(kd.rc == 0, "exit status %s: %s" % (kd.rc, kd.err_text()[-400:]))
        c.check(got == lines, "receiver %d lines, stdout %d: not the same lines in the same order" % (len(got), len(lines)))
        c.check(sum(1 for ln in lines if '"ns-1/bp-' in ln) == 21, "stdout has %d of the 21 configmaps" % sum(1 for ln in lines if '"ns-1/bp-' in ln))
        st = wh_stats(kd)
        c.check(st.get("queue_full") == 0 and st.get("unsent") == 0 and st.get("sent") == len(lines),
                "webhook stats %s, %d lines" % (st, len(lines)))
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        rcv.close()
        srv.close()


def scenario_kubediff_webhook_drop(ctx):
    """kubediff --webhook, a ring of 36 KiB (about 9 pod lines of 4 KB) and a LIST
    of 60 pods (a server without watch-list: the LIST's objects come out of one
    poll, about 240 KB) while the receiver stalls: that poll overfills the ring,
    so the oldest lines are dropped (lines 0..k-1, nothing was answered yet),
    each logged (WEBHOOK_QUEUE_FULL) and counted (queue_full); the newest k..59
    stay, the first of them held by the receiver; released, it gets exactly
    those, in order; exit status 3."""
    Q = 36864
    srv = Server("kubediff-drop", pods=60, namespaces=2, configmaps=4, extra=["--no-watch-list"])
    rcv = WebhookReceiver(lifetime=int(180 * SLOW))
    rcv.hold()
    kd = None
    c = Checks("kubediff --webhook drop-oldest: a LIST that overfills the ring in one poll drops exactly the oldest lines, counted")
    try:
        kd = Tool("kubediff", "kubediff-drop", srv.url,
                  ["pods", "--webhook", rcv.url, "--webhook-queue", str(Q), "--webhook-timeout", "60", "-v", "--stats"])
        if not c.check(kd.wait_for(lambda ln: "SYNCED" in ln, 30, stream="err"), "never synced %s" % kd.describe()):
            return c.report()
        c.check(quiet_for(kd, rcv, 1.0, 20), "kubediff never went quiet while the receiver stalled")
        c.check(rcv.held == 1, "the receiver holds %d POSTs, want 1" % rcv.held)
        lines = kd.out_lines()
        d0 = wh_drops(kd)
        k = len(d0)
        c.check(len(lines) == 60, "stdout has %d lines, want the 60 pods" % len(lines))
        c.check(k >= 1, "no line dropped: the list never overfilled the ring (%d lines)" % len(lines))
        c.check(d0 == list(range(k)), "while nothing was answered, the lines dropped were %s, not the oldest 0..%d" % (d0[:12], k - 1))
        kept = sum(len(ln.encode()) + 4 for ln in lines[k:])
        c.check(0 < kept <= Q and kept + len(lines[k - 1].encode()) + 4 > Q if k else False,
                "the lines kept, %d..%d, take %d bytes: not the most of the newest that fit %d" % (k, len(lines) - 1, kept, Q))
        c.check(rcv.got()[:1] == lines[k:k + 1], "the held POST is not line %d, the oldest kept" % k)
        rcv.release()
        c.check(quiet_for(kd, rcv, 1.0, 30), "kubediff never went quiet after the release")
        kd.stop()
        lines, got = kd.out_lines(), rcv.got()
        drops = wh_drops(kd)
        st = wh_stats(kd)
        c.check(kd.rc == 3, "exit status %s, want 3 (lines dropped): %s" % (kd.rc, kd.err_text()[-300:]))
        c.check(drops == d0, "lines dropped after the release: %s" % drops[len(d0):][:10])
        c.check(got == lines[k:], "the receiver got %d lines, want stdout's last %d (%d..%d) in order" % (len(got), len(lines) - k, k, len(lines) - 1))
        c.check(st.get("queue_full") == len(drops) and st.get("sent") == len(lines) - k and st.get("unsent") == 0,
                "webhook stats %s; %d WEBHOOK_QUEUE_FULL lines, %d lines" % (st, len(drops), len(lines)))
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        rcv.close()
        srv.close()


def scenario_kubediff_webhook_inflight(ctx):
    """kubediff --webhook, a ring of 36 KiB, a server of 2 pods without
    watch-list and a receiver that holds the first POST (line 0): with line 0
    on the wire, the watch is stalled, 40 pods of about 4 KB are created and
    the server restarts compacted, so the relist brings the 40 in one poll and
    overfills the ring. First in the relist comes a pod whose line (line 2)
    fits in the ring but not beside line 0: it drops line 1, then itself.
    Line 0 is never dropped: the lines dropped are
    exactly 1..k (the oldest not yet sent), each logged and counted; released,
    the receiver gets line 0 and then k+1.. in order, and no line it gets was
    reported dropped; exit status 3."""
    Q = 36864
    srv = Server("kubediff-inflight", pods=2, namespaces=1, configmaps=1, extra=["--no-watch-list"])
    rcv = WebhookReceiver(lifetime=int(180 * SLOW))
    rcv.hold()
    kd = None
    c = Checks("kubediff --webhook drop while a POST is in flight: the line on the wire is never dropped, "
               "the oldest not yet sent go instead; no line received was reported dropped")
    try:
        kd = Tool("kubediff", "kubediff-inflight", srv.url,
                  ["pods", "--webhook", rcv.url, "--webhook-queue", str(Q), "--webhook-timeout", "60", "-v", "--stats"])
        if not c.check(kd.wait_for(lambda ln: "SYNCED" in ln, 30, stream="err"), "never synced %s" % kd.describe()):
            return c.report()
        c.check(quiet_for(kd, rcv, 1.0, 20), "kubediff never went quiet after the first list")
        first = kd.out_lines()
        if not c.check(len(first) == 2 and rcv.held == 1 and rcv.got() == first[:1],
                       "before the relist: %d lines, %d POSTs held, the held one is line 0: %s"
                       % (len(first), rcv.held, rcv.got() == first[:1])):
            return c.report()
        r = srv.fault("stall", seconds=60, now=1)
        c.check(r.get("stalled", 0) >= 1, "no watch stalled: %s" % r)
        path = "/api/v1/namespaces/ns-0/pods/%s"
        big = Q - 4 - len(first[0].encode()) // 2 - 1200      # less the line's other bytes, about 1 KB
        srv.apply(path % "a-big", {"apiVersion": "v1", "kind": "Pod", "metadata": {
            "name": "a-big", "namespace": "ns-0", "annotations": {"pad": "x" * big}},
            "spec": {"containers": [{"name": "c", "image": "busybox"}]}})
        for i in range(40):
            name = "inflight-%02d" % i
            srv.apply(path % name, {"apiVersion": "v1", "kind": "Pod", "metadata": {
                "name": name, "namespace": "ns-0", "annotations": {"pad": "%02d" % i + "x" * 4000}},
                "spec": {"containers": [{"name": "c", "image": "busybox"}]}})
        if not c.check(srv.restart(1, compact=True), "the server did not come back"):
            return c.report()
        c.check(kd.wait_for(lambda ln: '"ns-0/inflight-39"' in ln, 60) is not None, "the relist never arrived %s" % kd.describe())
        c.check(quiet_for(kd, rcv, 1.0, 30), "kubediff never went quiet after the relist")
        lines = kd.out_lines()
        d0 = wh_drops(kd)
        k = len(d0)
        c.check(len(lines) == 43, "stdout has %d lines, want 2 + the 41 new pods" % len(lines))
        nb, n0 = len(lines[2].encode()) if len(lines) > 2 else 0, len(lines[0].encode())
        c.check('"ns-0/a-big"' in lines[2] and n0 + 4 + nb + 4 > Q >= nb + 4 if len(lines) > 2 else False,
                "line 2 is not the big pod's, of a size that fits in the ring but not beside line 0 (%d and %d bytes, ring %d)" % (nb, n0, Q))
        c.check(0 not in d0, "line 0, the one being POSTed, was reported dropped: %s" % d0[:12])
        c.check(k >= 1 and d0 == list(range(1, k + 1)),
                "with line 0 on the wire the lines dropped were %s, want the oldest not yet sent 1..k, k >= 1" % d0[:12])
        c.check(rcv.held == 1 and rcv.got() == lines[:1], "the receiver holds %d POSTs; want line 0 alone" % rcv.held)
        rcv.release()
        c.check(quiet_for(kd, rcv, 1.0, 30), "kubediff never went quiet after the release")
        kd.stop()
        lines, got = kd.out_lines(), rcv.got()
        drops = wh_drops(kd)
        st = wh_stats(kd)
        where = {ln: i for i, ln in enumerate(lines)}
        recv = [where.get(b, -1) for b in got]
        c.check(kd.rc == 3, "exit status %s, want 3 (lines dropped): %s" % (kd.rc, kd.err_text()[-300:]))
        c.check(drops == d0, "lines dropped after the release: %s" % drops[len(d0):][:10])
        c.check(not set(recv) & set(drops), "lines the receiver got although reported dropped: %s" % sorted(set(recv) & set(drops))[:10])
        c.check(recv == [0] + list(range(k + 1, len(lines))),
                "the receiver got lines %s, want 0 and then %d..%d in order" % (recv[:12], k + 1, len(lines) - 1))
        c.check(st.get("queue_full") == len(drops) and st.get("sent") == len(got) and st.get("unsent") == 0 and st.get("too_large") == 0,
                "webhook stats %s; %d WEBHOOK_QUEUE_FULL lines, %d received" % (st, len(drops), len(got)))
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        rcv.close()
        srv.close()


ALL += [("kubediff_webhook", scenario_kubediff_webhook, 4)]
ALL += [("kubediff_webhook_tls", scenario_kubediff_webhook_tls, 3)]
ALL += [("kubediff_webhook_backpressure", scenario_kubediff_webhook_backpressure, 2),
        ("kubediff_webhook_drop", scenario_kubediff_webhook_drop, 2)]
ALL += [("kubediff_webhook_inflight", scenario_kubediff_webhook_inflight, 2)]
# ======================================================================
# kubectl's habits (issue 30): fail fast, the kubectl formats, the flags
# ======================================================================

def tool_bin(name):
    """build/NAME beside --kwatch."""
    return os.path.join(os.path.dirname(OPTS.kwatch), name)


def run_tool(name, url, args, binary=None, timeout=90):
    """A tool run to its end (bounded): the Kwatch, rc set."""
    k = Kwatch(name, url, args, binary=binary)
    k.wait(timeout)
    return k


def closed_port():
    """A loopback port nothing listens on (bound, then closed)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class HttpsComplaint:
    """A plain server answering every request as Go's TLS server answers
    plain HTTP: 400 "Client sent an HTTP request to an HTTPS server"."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.stop = False
        self.t = threading.Thread(target=self.serve, daemon=True)
        self.t.start()

    def serve(self):
        deadline = time.monotonic() + 300
        while not self.stop and time.monotonic() < deadline:
            try:
                c, _ = self.sock.accept()
            except OSError:
                continue
            try:
                c.settimeout(2)
                c.recv(4096)
                c.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n")
            except OSError:
                pass
            c.close()

    def close(self):
        self.stop = True
        self.t.join(5)
        self.sock.close()


def scenario_fail_fast(ctx):
    """Before the first sync, an error that will not pass by itself ends kwatch and
    kubediff with exit 1 and the reason (kubectl's behaviour); --retry-forever keeps
    today's; a --timeout that ends a run that never synced exits 1; agents retry."""
    tdir = os.path.join(TMP, "failfast")
    os.makedirs(tdir, exist_ok=True)
    ca, ca2 = os.path.join(tdir, "ca.pem"), os.path.join(tdir, "other-ca.pem")
    untrusted = first_system_ca()   # fakeapi's certificate is one and the same: another CA is a system one
    if untrusted:
        with open(ca2, "w") as f:
            f.write(untrusted)
    bad_tok = os.path.join(tdir, "bad-token")
    with open(bad_tok, "w") as f:
        f.write("wrong-token\n")
    srv = Server("failfast-tls", pods=5, extra=["--tls", "--ca-file", ca, "--token", "right-token"])
    plain = Server("failfast-plain", pods=5)
    complaint = HttpsComplaint()
    try:
        tls_port = srv.port
        refused = closed_port()
        ok = ["--certificate-authority", ca, "--token", "right-token"]
        # (label, url, args, the reason's words, the item, binary)
        cases = [
            ("wrong token", srv.url, ["--certificate-authority", ca, "--token", "wrong"], "401 Unauthorized", "UNAUTHORIZED", None),
            ("wrong token file, read again", srv.url, ["--certificate-authority", ca, "--token-file", bad_tok],
             "also after the token file was read again", "UNAUTHORIZED", None),
            ("untrusted CA", srv.url, ["--certificate-authority", ca2, "--token", "right-token"], "not signed by a CA", "TLS_UNTRUSTED",
             None if untrusted else "skip"),
            ("misnamed certificate", srv.url, ok + ["--tls-server-name", "wrong.example.com"], "does not name the host", "TLS_BAD_NAME", None),
            ("refused port", "http://127.0.0.1:%d" % refused, [], "cannot connect to the server (3 tries)", "CONNECT_FAILED", None),
            ("http:// to a TLS port", "http://127.0.0.1:%d" % tls_port, [], "use https://", "CONNECTION_CLOSED", None),
            ("https:// to a plain port", plain.url.replace("http://", "https://"), ["--certificate-authority", ca],
             "use http://", "TLS_PLAINTEXT_SERVER", None),
            ("a server that says it wants HTTPS", "http://127.0.0.1:%d" % complaint.port, [], "the server speaks TLS: use https://",
             "BAD_REQUEST", None),
            ("discovery: a short name, wrong token", srv.url, ["--certificate-authority", ca, "--token", "wrong"], "401 Unauthorized",
             "UNAUTHORIZED", "po"),
            ("kubediff: wrong token", srv.url, ["--certificate-authority", ca, "--token", "wrong"], "401 Unauthorized", "UNAUTHORIZED",
             "kubediff"),
            ("kubediff: refused port", "http://127.0.0.1:%d" % refused, [], "cannot connect", "CONNECT_FAILED", "kubediff"),
        ]
        c = Checks("fail fast: each permanent error before the first sync ends kwatch and kubediff, exit 1, with the reason")
        for label, url, args, words, item, how in cases:
            if how == "skip":
                log("fail_fast: %s skipped (no system CA bundle)" % label)
                continue
            binary = tool_bin("kubediff") if how == "kubediff" else None
            res = "po" if how == "po" else "pods"
            k = run_tool("ff-" + re.sub(r"\W+", "-", label), url, [res] + args + ["--timeout", "300"], binary=binary)
            e = k.err_text()
            c.check(k.rc == 1, "%s: exit %s, want 1 %s" % (label, k.rc, k.describe()))
            c.check("giving up" in e and words in e and item in e, "%s: no 'giving up' naming %r and %s: %s" % (label, words, item, e[-400:]))
            c.check("--timeout passed" not in e, "%s: ended by --timeout, not at once" % label)
            c.check(not any(ln.startswith("# synced") or ln.startswith("ADDED") for ln in k.out_lines()), "%s: printed objects" % label)
            if label == "refused port":
                c.check(e.count("CONNECT_FAILED") == 4, "%s: %d CONNECT_FAILED lines, want 3 and the reason" % (label, e.count("CONNECT_FAILED")))
            if label == "wrong token file, read again":
                c.check(e.count("error UNAUTHORIZED") == 2, "%s: %d 401s logged, want 2 (before and after the file was read again)"
                        % (label, e.count("error UNAUTHORIZED")))
        c.report()

        c = Checks("fail fast: a missing CA file is said to be missing, with its option, exit 1")
        missing = os.path.join(tdir, "missing.pem")
        k = run_tool("ff-missing-ca", srv.url, ["pods", "--certificate-authority", missing, "--timeout", "300"])
        c.check(k.rc == 1, "exit %s" % k.rc)
        c.check("kwatch: error TLS_BAD_CA: --certificate-authority %s: the file does not exist" % missing in k.err_text(),
                "message: %s" % k.err_text()[-300:])
        c.report()

        c = Checks("--retry-forever keeps retrying a 401; --timeout then exits 1 (never synced), kwatch and kubediff; cm2files retries")
        k = run_tool("ff-forever", srv.url, ["pods", "--certificate-authority", ca, "--token", "wrong", "--retry-forever",
                                             "--timeout", "4"])
        e = k.err_text()
        c.check(k.rc == 1, "exit %s, want 1" % k.rc)
        c.check("giving up" not in e and e.count("error UNAUTHORIZED") >= 2, "gave up, or did not retry: %s" % e[-300:])
        c.check("--timeout passed before the first sync" in e, "no word on the timeout: %s" % e[-300:])
        k = run_tool("ff-forever-kd", srv.url, ["pods", "--certificate-authority", ca, "--token", "wrong", "--retry-forever",
                                                "--timeout", "4"], binary=tool_bin("kubediff"))
        e = k.err_text()
        c.check(k.rc == 1 and "giving up" not in e and "--timeout passed before the first sync" in e,
                "kubediff --retry-forever --timeout: exit %s: %s" % (k.rc, e[-300:]))
        d = os.path.join(tdir, "cm")
        os.makedirs(d, exist_ok=True)
        k = run_tool("ff-cm2files", srv.url, ["-n", "ns-0", "--dir", d, "--certificate-authority", ca, "--token", "wrong",
                                              "--timeout", "4"], binary=tool_bin("cm2files"))
        e = k.err_text()
        c.check("giving up" not in e and e.count("UNAUTHORIZED") >= 2, "cm2files gave up, or did not retry: %s" % e[-300:])
        k = run_tool("ff-synced", srv.url, ["pods", "-o", "none", "--timeout", "3"] + ok)
        c.check(k.rc == 0, "a run that synced, ended by --timeout: exit %s, want 0 %s" % (k.rc, k.describe()))
        c.report()

        c = Checks("fail fast: a 403 on list and watch ends kwatch and kubediff, exit 1, with the reason")
        forbid = Server("failfast-403", pods=5)
        try:
            forbid.fault("status", code=403, count=1000)    # every list and watch is forbidden
            for name in ("kwatch", "kubediff"):
                k = run_tool("ff-403-" + name, forbid.url, ["pods", "--timeout", "300"], binary=tool_bin(name))
                e = k.err_text()
                c.check(k.rc == 1 and "giving up: 403 Forbidden" in e and "(FORBIDDEN)" in e and "--timeout passed" not in e,
                        "%s: exit %s: %s" % (name, k.rc, e[-300:]))
        finally:
            forbid.close()
        c.report()

        c = Checks("the agents keep retrying before their first sync: nodeagent on a 401; khub's discovery on a 401, "
                   "serving once the token file holds the right token")
        k = run_tool("ff-nodeagent", srv.url, ["--node", "node-1", "--certificate-authority", ca, "--token", "wrong",
                                               "--timeout", "4"], binary=tool_bin("nodeagent"))
        e = k.err_text()
        c.check("giving up" not in e and e.count("error UNAUTHORIZED") >= 2, "nodeagent gave up, or did not retry: %s" % e[-300:])
        k = run_tool("ff-khub", srv.url, ["pods", "--listen", "unix:" + os.path.join(tdir, "khub-a.sock"), "--certificate-authority", ca,
                                          "--token", "wrong", "--timeout", "4"], binary=tool_bin("khub"))
        e = k.err_text()
        c.check(k.rc == 1 and "giving up" not in e and e.count("error UNAUTHORIZED") >= 2 and "stopped before discovery ever answered" in e,
                "khub gave up, or did not retry: exit %s: %s" % (k.rc, e[-300:]))
        tok = os.path.join(tdir, "khub-token")
        with open(tok, "w") as f:
            f.write("wrong-token\n")
        sock = os.path.join(tdir, "khub-b.sock")
        k = Kwatch("ff-khub-heal", srv.url, ["pods", "--listen", "unix:" + sock, "--certificate-authority", ca, "--token-file", tok],
                   binary=tool_bin("khub"))
        try:
            c.check(k.wait_for(lambda ln: "UNAUTHORIZED" in ln, 60, stream="err") is not None, "khub: no 401 %s" % k.describe())
            with open(tok + ".new", "w") as f:
                f.write("right-token\n")
            os.replace(tok + ".new", tok)
            c.check(wait_until(lambda: os.path.exists(sock) or k.proc.poll() is not None, 120) and os.path.exists(sock),
                    "khub never served after the token was fixed: %s" % k.err_text()[-300:])
            c.check(k.proc.poll() is None, "khub exited: %s" % k.err_text()[-300:])
        finally:
            k.kill()
        c.report()
    finally:
        complaint.close()
        srv.close()
        plain.close()


def first_diff(got, want):
    """Where two texts part: the line number and both lines."""
    g, w = got.splitlines(), want.splitlines()
    for i in range(max(len(g), len(w))):
        a = g[i] if i < len(g) else "<end>"
        b = w[i] if i < len(w) else "<end>"
        if a != b:
            return "line %d: %r vs kubectl %r" % (i + 1, a, b)
    return "texts differ"


def kubectl_out(srv, args, timeout=60):
    """kubectl --server URL args: its stdout, or None when it failed."""
    try:
        r = subprocess.run(["kubectl", "--server", srv.url] + args, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout * SLOW)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout.decode("utf-8", "replace") if r.returncode == 0 else None


def kwatch_out(srv, args):
    """kwatch's stdout for one initial list (--exit-after-sync), "# synced" left out."""
    k = run_tool("fmt", srv.url, args + ["--exit-after-sync"])
    out = [ln for ln in k.out_lines() if not ln.startswith("# synced")]
    return k, "".join(ln + "\n" for ln in out)


TRICKY = {"multi": "line1\nline2\n", "multi_nonl": "a\nb", "multi_keep": "a\n\n", "lead": "  lead", "trail": "trail ",
          "yes": "yes", "Y": "Y", "num": "123", "float": "1.5e3", "hex": "0x1F", "oct": "0777", "ts": "2024-01-02T03:04:05Z",
          "date": "2024-01-02", "colon": "a: b", "hash": "a #b", "dash": "- x", "star": "*x", "q": "it's", "dq": 'say "hi"',
          "tab": "a\tb", "uni": "h\u00e9llo w\u00f6rld", "emoji": "x\U0001F600", "empty": "", "null": "null", "tilde": "~",
          "long": "word " * 30, "longq": "'quoted' " + "word " * 25, "brace": "{a}", "comma": "a,b", "pct": "%x", "at": "@x",
          "key:colon": "v", "10": "ten", "9": "nine", "a10": "x", "a9": "y", "B": "upper", "_u": "under", "-d": "dash",
          "inf": ".inf", "neg": "-12", "under": "1_000", "dot": ".5", "bs": "back\\slash", "cr": "a\rb", "lonely": "-",
          "ends": "x:", "mid": "a:b", "sp2": "a  b", "nl_lead": "\nx", "ctrl": "a\u0001b", "nbsp": "a\u00a0b",
          "ls": "a\u2028b", "space_nl": "a \nb", "longdq": "a\tb " + "word " * 25}


def scenario_kubectl_formats(ctx):
    """-o yaml, jsonpath=, custom-columns= and wide compared with what the real kubectl
    prints for the same objects from fakeapi (kubectl on PATH; skipped without it)."""
    if shutil.which("kubectl") is None:
        log("kubectl_formats: skipped, no kubectl on PATH")
        return
    srv = Server("formats", pods=6, namespaces=2, configmaps=3)
    try:
        srv.apply("/api/v1/namespaces/ns-0/configmaps/tricky", {"apiVersion": "v1", "kind": "ConfigMap",
                  "metadata": {"name": "tricky", "namespace": "ns-0", "labels": {"app": "x"}}, "data": TRICKY})
        c = Checks("-o yaml: kubectl's YAML, byte for byte (pods, nodes, configmaps with tricky strings)")
        for res in ("pods", "nodes", "configmaps"):
            _, got = kwatch_out(srv, [res, "-o", "yaml"])
            names = kubectl_out(srv, ["get", res, "-A", "-o", "jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{\"\\n\"}{end}"])
            docs = []
            for key in (names or "").split():
                ns, name = key.split("/", 1)
                docs.append(kubectl_out(srv, ["get", res, name] + (["-n", ns] if ns else [])  + ["-o", "yaml"]) or "?")
            want = "---\n".join(docs)
            c.check(names and got == want, "%s: kwatch's YAML differs from kubectl's: %s" % (res, first_diff(got, want) if names else "kubectl failed"))
        c.report()

        c = Checks("-o jsonpath=: kubectl's output for each template")
        templates = ['{.metadata.name}{"\\n"}', '{.spec.containers[*].name} {.metadata.labels.app}{"\\n"}',
                     '{range .spec.containers[*]}{.name}={.image}{"\\n"}{end}',
                     '{.spec.containers[0].ports[0].containerPort} {.status.conditions[-1].type}{"\\n"}',
                     'x{.metadata.namespace}/{.metadata.name}{"\\n"}', '{.spec.containers[0].resources}{"\\n"}',
                     '{.metadata.labels}{"\\n"}', '{range .status.conditions[*]}[{.type}:{.status}]{end}{"\\n"}', '{.spec}{"\\n"}']
        for t in templates:
            _, got = kwatch_out(srv, ["pods", "-o", "jsonpath=" + t])
            want = kubectl_out(srv, ["get", "pods", "-A", "-o", "jsonpath={range .items[*]}" + t + "{end}"])
            c.check(want is not None and got == want, "template %s: %r vs kubectl %r" % (t, got[:200], (want or "")[:200]))
        c.report()

        c = Checks("-o custom-columns=: kubectl's table, byte for byte; -o wide of configmaps: NAMESPACE NAME AGE as kubectl's")
        spec = ("custom-columns=L:.metadata.labels,C:.spec.containers[*].name,P:.spec.containers[*].ports[*].containerPort,"
                "X:.nope,R:.spec.containers[0].resources.limits,B:{.spec.containers[0].ports[0]},NAME:metadata.name,"
                "E:.spec.containers[0].env[*].name")
        _, got = kwatch_out(srv, ["pods", "-o", spec])
        want = kubectl_out(srv, ["get", "pods", "-A", "-o", spec])
        c.check(want is not None and got == want, "custom-columns differ: %s" % first_diff(got, want or ""))

        def cols(text):     # the cells of each line, AGE left out (a second may pass between the runs)
            rows = [re.split(r"  +", ln.rstrip()) for ln in text.splitlines()]
            return [r[:2] for r in rows]
        _, got = kwatch_out(srv, ["configmaps", "-o", "wide"])
        want = kubectl_out(srv, ["get", "configmaps", "-A", "-o", "wide"])
        c.check(want is not None and cols(got) == cols(want) and got.splitlines()[0] == want.splitlines()[0],
                "wide differs: %r vs %r" % (got[:300], (want or "")[:300]))
        c.report()

        c = Checks("-o wide: kubectl's pod and node columns, read from the objects")
        _, got = kwatch_out(srv, ["pods", "-o", "wide"])
        lines = got.splitlines()
        c.check(re.split(r"  +", lines[0]) == ["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE",
                                               "NOMINATED NODE", "READINESS GATES"], "pod header: %r" % lines[0])
        items = {(o["metadata"]["namespace"], o["metadata"]["name"]): o for o in srv.get("/api/v1/pods")["items"]}
        for ln in lines[1:]:
            cells = re.split(r"  +", ln)
            o = items.get((cells[0], cells[1]))
            if not c.check(o is not None and len(cells) == 10, "row %r" % ln):
                continue
            st = o.get("status", {})
            cs = st.get("containerStatuses", [])
            ready = "%d/%d" % (sum(1 for x in cs if x.get("ready") and "running" in x.get("state", {})), len(o["spec"]["containers"]))
            ip = (st.get("podIPs") or [{}])[0].get("ip", "<none>")
            status = st.get("phase")
            for x in reversed(cs):       # kubectl: the first container's waiting or terminated reason wins
                reason = x.get("state", {}).get("waiting", {}).get("reason") or x.get("state", {}).get("terminated", {}).get("reason")
                status = reason or status
            c.check(cells[2] == ready and cells[3] == status and cells[6] == ip and cells[7] == o["spec"].get("nodeName", "<none>")
                    and cells[8] == "<none>" and cells[9] == "<none>", "row %r: want ready %s status %s ip %s" % (ln, ready, status, ip))
        _, got = kwatch_out(srv, ["nodes", "-o", "wide"])
        lines = got.splitlines()
        c.check(re.split(r"  +", lines[0]) == ["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE",
                                               "KERNEL-VERSION", "CONTAINER-RUNTIME"], "node header: %r" % lines[0])
        for o in srv.get("/api/v1/nodes")["items"]:
            roles = sorted(k.split("/", 1)[1] for k in o["metadata"].get("labels", {}) if k.startswith("node-role.kubernetes.io/"))
            info = o["status"]["nodeInfo"]
            ip = [a["address"] for a in o["status"]["addresses"] if a["type"] == "InternalIP"]
            row = [r for r in lines[1:] if r.split()[0] == o["metadata"]["name"]]
            cells = re.split(r"  +", row[0]) if row else []
            c.check(len(cells) == 10 and cells[1] == "Ready" and cells[2] == (",".join(roles) or "<none>") and cells[4] == info["kubeletVersion"]
                    and cells[5] == (ip[0] if ip else "<none>") and cells[7] == info["osImage"] and cells[9] == info["containerRuntimeVersion"],
                    "node row %r" % row)
        c.report()
    finally:
        srv.close()


def scenario_cli(ctx):
    """The flags a kubectl user types: --version, a verb, -A, -w, --watch-only, TYPE/NAME,
    -n with a cluster-scoped resource in every spelling, size suffixes, the option named
    in CONFIG_CLAMPED, repeated errors summed up, OBJECT_TOO_LARGE's name and size,
    --snapshot with any name and --snapshot-dir."""
    srv = Server("cli", pods=40, namespaces=2, configmaps=4)
    try:
        npods = len(srv.get("/api/v1/pods")["items"])
        c = Checks("--version prints kinformer.h's KINF_VERSION_MAJOR.MINOR.PATCH; 'kwatch get pods' says kwatch has no verbs")
        with open(os.path.join(ROOT, "kinformer.h")) as f:
            h = f.read()
        ver = ".".join(re.search(r"#define KINF_VERSION_%s (\d+)" % p, h).group(1) for p in ("MAJOR", "MINOR", "PATCH"))
        k = run_tool("version", None, ["--version"])
        c.check(k.rc == 0 and k.out_lines() == ["kwatch (kinformer) " + ver], "--version: %s %r" % (k.rc, k.out_lines()))
        k = run_tool("verb", srv.url, ["get", "pods"])
        c.check(k.rc == 2 and "kwatch has no verbs: try 'kwatch pods'" in k.err_text(), "get pods: %s %s" % (k.rc, k.err_text()))
        c.report()

        c = Checks("-A wins over -n; -w changes nothing; pod/NAME and pod NAME are that one pod")
        k1, all_pods = kwatch_out(srv, ["pods", "-A", "-n", "ns-0"])
        k2, plain = kwatch_out(srv, ["pods"])
        k3, with_w = kwatch_out(srv, ["pods", "-w"])
        c.check(k1.rc == 0 and all_pods.count("ADDED ") == npods and all_pods == plain, "-A -n ns-0: %d lines, want %d" % (all_pods.count("ADDED "), npods))
        c.check(with_w == plain, "-w changed the output")
        one = sorted(srv.get("/api/v1/pods")["items"], key=lambda o: o["metadata"]["name"])[0]["metadata"]
        k4 = run_tool("typename", srv.url, ["pod/" + one["name"], "-n", one["namespace"], "--exit-after-sync"])
        c.check(k4.rc == 0 and [ln.split()[:2] for ln in k4.out_lines()] == [["ADDED", one["namespace"] + "/" + one["name"]], ["#", "synced"]],
                "pod/NAME: %s %r" % (k4.rc, k4.out_lines()))
        k5 = run_tool("type-name", srv.url, ["pod", one["name"], "-n", one["namespace"], "--exit-after-sync"])
        c.check(k5.rc == 0 and k5.out_lines() == k4.out_lines(), "pod NAME (two words): %s %r" % (k5.rc, k5.out_lines()))
        k6 = run_tool("type-names", srv.url, ["pod", one["name"], "other", "--exit-after-sync"])
        c.check(k6.rc == 2 and "more than one RESOURCE: other" in k6.err_text(), "pod NAME NAME: %s %s" % (k6.rc, k6.err_text()))
        c.report()

        c = Checks("--watch-only: no ADDED for the initial list, the changes after it")
        k = Kwatch("watch-only", srv.url, ["pods", "--watch-only", "-v"])
        try:
            c.check(k.wait_for(lambda ln: "SYNCED" in ln, 60, stream="err") is not None, "never synced")
            p = srv.sentinel_pod()
            c.check(k.wait_for(lambda ln: p in ln, 60) is not None, "the new pod %s never printed" % p)
            k.stop()
            c.check(all(p in ln for ln in k.out_lines()) and len(k.out_lines()) >= 1, "lines beside the new pod's: %r" % k.out_lines()[:5])
        finally:
            k.kill()
        c.report()

        c = Checks("-n NS with a cluster-scoped resource: CLUSTER_SCOPED, exit 1, in every spelling")
        for spelling in ("nodes", "no", "node", "Node", "/api/v1/nodes", "namespaces", "ns"):
            k = run_tool("cs-" + spelling.replace("/", "_"), srv.url, ["-n", "ns-0", spelling, "--timeout", "300"])
            c.check(k.rc == 1 and "CLUSTER_SCOPED" in k.err_text() and not k.out_lines(), "%s: exit %s %s" % (spelling, k.rc, k.err_text()[-200:]))
        c.report()

        c = Checks("sizes take Ki, Mi, Gi, k, M, G; a bad suffix is a usage error; CONFIG_CLAMPED names --max-object-bytes")
        k = run_tool("sizes", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--store-bytes", "10Mi", "--max-object-bytes", "64Ki",
                                        "--read-bytes", "1M", "--stats"])
        c.check(k.rc == 0 and "store_capacity=10485760" in k.err_text(), "10Mi: %s %s" % (k.rc, k.err_text()[-300:]))
        k = run_tool("sizes-bad", srv.url, ["pods", "--store-bytes", "10Xi"])
        c.check(k.rc == 2 and "10Xi" in k.err_text(), "10Xi: %s" % k.rc)
        k = run_tool("clamped", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--max-object-bytes", "1Ki"])
        c.check("CONFIG_CLAMPED: --max-object-bytes is out of range" in k.err_text() and "max_event_bytes" not in k.err_text(),
                "CONFIG_CLAMPED: %s" % k.err_text()[-300:])
        c.report()

        c = Checks("repeated per-object errors summed up; OBJECT_TOO_LARGE names namespace/name and its size; "
                   "the capacity errors name the option (--max-objects, --max-object-bytes, --store-bytes); exit 3")
        npods = len(srv.get("/api/v1/pods")["items"])
        k = run_tool("slots", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--max-objects", "2"])
        e = k.err_text()
        m = re.search(r"STORE_SLOTS_FULL: \.\.\. and (\d+) more like it", e)
        n_lines = e.count("error STORE_SLOTS_FULL: --max-objects reached")
        c.check(k.rc == 3 and m and n_lines + int(m.group(1)) == npods - 2 and n_lines <= 3,
                "%d pods, 2 kept: %d lines and %s more: %s" % (npods, n_lines, m.group(1) if m else "no summary", e[-300:]))
        k = Kwatch("slots-order", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--max-objects", "2"], merge=True)
        k.wait(90)
        both = k.out_lines()
        at = [i for i, ln in enumerate(both) if "more like it" in ln or ln.startswith("# synced")]
        c.check(k.rc == 3 and len(at) == 2 and "more like it" in both[at[0]] and both[at[1]] == "# synced 2 objects",
                "the errors of the initial list are not all said before '# synced': %r" % both[-4:])
        big = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "big", "namespace": "ns-1"}, "data": {"k": "v" * 6000}}
        srv.apply("/api/v1/namespaces/ns-1/configmaps/big", big)
        want = len(json.dumps(srv.get("/api/v1/namespaces/ns-1/configmaps/big"), separators=(",", ":")).encode())
        k = run_tool("too-large", srv.url, ["configmaps", "-o", "none", "--exit-after-sync", "--max-object-bytes", "4Ki",
                                            "--keep-managed-fields"])
        e = k.err_text()
        m = re.search(r"OBJECT_TOO_LARGE: .*: ns-1/big: (\d+) bytes, --max-object-bytes 4096", e)
        c.check(k.rc == 3 and m is not None, "no name and size: %s" % e[-300:])
        c.check("max_event_bytes" not in e, "the descriptor's field named, not --max-object-bytes: %s" % e[-300:])
        k = run_tool("store-full", srv.url, ["pods", "-o", "none", "--exit-after-sync", "--store-bytes", "8Ki"])
        e = k.err_text()
        c.check(k.rc == 3 and "error STORE_FULL: --store-bytes exhausted" in e and "store_bytes" not in e,
                "STORE_FULL names --store-bytes: %s" % e[-300:])
        c.check(m is not None and want - 64 <= int(m.group(1)) <= want + 256,
                "size %s, the object is about %d bytes" % (m.group(1) if m else "?", want))
        c.report()

        c = Checks("--snapshot with a name discovery resolves (widgets); --snapshot-dir: one file per resource, reloaded")
        sdir = os.path.join(TMP, "cli-snap")
        os.makedirs(sdir, exist_ok=True)
        snap = os.path.join(sdir, "wdg.snap")
        k = run_tool("snap-wdg", srv.url, ["widgets", "-o", "none", "--exit-after-sync", "--snapshot", snap])
        c.check(k.rc == 0 and os.path.exists(snap), "widgets --snapshot: %s %s" % (k.rc, k.err_text()[-200:]))
        k = run_tool("snap-wdg2", srv.url, ["widget", "-o", "none", "--exit-after-sync", "--snapshot", snap, "-v"])
        c.check(k.rc == 0 and "SNAPSHOT_LOADED" in k.err_text(), "wdg: snapshot not loaded: %s" % k.err_text()[-300:])
        k = run_tool("snap-dir", srv.url, ["pods,deploy,Widget,nodes", "-o", "none", "--exit-after-sync", "--snapshot-dir", sdir])
        files = sorted(f for f in os.listdir(sdir) if f != "wdg.snap")
        c.check(k.rc == 0 and files == ["apps_v1_deployments.snap", "example.com_v1_widgets.snap", "v1_nodes.snap", "v1_pods.snap"],
                "files: %r %s" % (files, k.err_text()[-200:]))
        k = run_tool("snap-dir2", srv.url, ["pods,deploy,Widget,nodes", "-o", "none", "--exit-after-sync", "--snapshot-dir", sdir, "-v"])
        c.check(k.rc == 0 and k.err_text().count("SNAPSHOT_LOADED") == 4, "reloaded %d of 4" % k.err_text().count("SNAPSHOT_LOADED"))
        k = run_tool("snap-many", srv.url, ["pods,configmaps", "--snapshot", snap])
        c.check(k.rc == 2 and "--snapshot-dir" in k.err_text(), "--snapshot with two resources: %s" % k.rc)
        c.report()
    finally:
        srv.close()


ALL += [("fail_fast", scenario_fail_fast, 4), ("kubectl_formats", scenario_kubectl_formats, 4), ("cli", scenario_cli, 4)]
VALGRIND_SET = ("churn", "cut")
# the write client's example, nodeagent (build/nodeagent beside --kwatch)
ALL.append(("exec_plugin", scenario_exec_plugin, 3))
KD_LEASE = "/apis/coordination.k8s.io/v1/namespaces/default/leases/kd-leader"


def lease_spec(srv, path):
    """The Lease's spec, {} when there is none (yet)."""
    try:
        return srv.get(path).get("spec", {})
    except TestFailure:
        return {}


def wait_until(pred, timeout):
    """pred()'s first true value, polled until timeout seconds (times SLOW) passed; None then."""
    pat = Patience(timeout)
    for _ in range(1000000):
        v = pred()
        if v or pat.left() <= 0:
            return v or None
        time.sleep(0.2)
    return None


def scenario_kubediff_leader(ctx):
    """kubediff --leader-elect, three on one server: only the leader prints;
    kill -9 of the leader: another takes over, prints its warm cache as
    ADDED lines, then the changes; a frozen leader that lost the Lease prints
    nothing once it runs again; a clean stop gives the Lease up at once; a
    leader frozen past its renew deadline whose Lease nobody took prints none
    of the changes it reads on waking until it has renewed, then its cache."""
    srv = Server("kubediff-leader", pods=2, namespaces=2, configmaps=2)
    kds = {}
    cm = "/api/v1/namespaces/ns-1/configmaps/kd-leader-1"

    def put_cm(v):
        srv.apply(cm, {"metadata": {"name": "kd-leader-1", "namespace": "ns-1"}, "data": {"v": v}})

    def has(v):  # a line of kd-leader-1 at v: whole, or a patch to it
        return lambda ln: '"key":"ns-1/kd-leader-1"' in ln and (('"v":"%s"' % v) in ln or ('"value":"%s"' % v) in ln)

    def holder():
        return lease_spec(srv, KD_LEASE).get("holderIdentity")

    def cache_first(lines, change):
        """Why the lines a new leader printed before change (its first change after
        the takeover) are not its cache (every configmap once, as ADDED lines); None."""
        if change not in lines:
            return "no change line"
        head = lines[:lines.index(change)]
        keys = [json.loads(ln).get("key") for ln in head]
        want = sorted("%s/%s" % (o["metadata"]["namespace"], o["metadata"]["name"])
                      for o in srv.get("/api/v1/configmaps")["items"])
        if any('"type":"ADDED"' not in ln for ln in head) or sorted(keys) != want:
            return "printed before the change: %s, want ADDED of %s" % ([ln[:60] for ln in head], want)
        return None

    def stopped(p):  # the process is stopped (SIGSTOP taken): /proc/PID/stat's state is T
        try:
            with open("/proc/%d/stat" % p.pid) as f:
                return f.read().rsplit(")", 1)[1].split()[0] == "T"
        except (OSError, IndexError):
            return False
    try:
        c = Checks("kubediff --leader-elect: of three only the leader prints; after kill -9 another takes over "
                   "(cache as ADDED, then changes); a leader frozen past its lease prints nothing when it runs again; "
                   "a clean stop releases the Lease (no holder, 1 s); a leader frozen past its renew deadline prints "
                   "nothing it reads on waking until it renewed, then its cache")
        for k in "abc":
            kds[k] = Tool("kubediff", "kd-leader-" + k, srv.url,
                          ["configmaps", "--leader-elect", "default/kd-leader", "--identity", "kd-" + k, "-v", "--stats"])
            if k == "a" and kds[k].wait_for(lambda ln: "LEADER_ELECTED" in ln, 60, stream="err") is None:
                c.fail("kd-a never led: %s" % kds[k].describe())
        for k in "bc":
            c.check(kds[k].wait_for(lambda ln: "WATCH_START" in ln, 60, stream="err") is not None, "kd-%s never watched" % k)
        c.check(holder() == "kd-a", "the Lease names %r" % holder())
        put_cm("1")
        c.check(kds["a"].wait_for(has("1"), 60) is not None, "the leader did not print the change")
        # the followers had it too (their ADDED lines below come from their caches); they print nothing
        c.check(not kds["b"].out_lines() and not kds["c"].out_lines(), "a follower printed")
        kds["a"].kill()
        # a new object while no one leads: the next leader prints it once, among its cache
        srv.apply("/api/v1/namespaces/ns-0/configmaps/kd-leader-2", {"metadata": {"name": "kd-leader-2", "namespace": "ns-0"}})
        got = wait_until(lambda: holder() in ("kd-b", "kd-c") and holder(), 120)
        c.check(got is not None, "no follower took over: %r" % holder())
        if got is None:
            c.report()
            return
        spec = lease_spec(srv, KD_LEASE)
        c.check(spec.get("leaseTransitions") == 1 and spec.get("leaseDurationSeconds") == 15,
                "after the takeover: %s" % spec)
        x, y = (kds["b"], kds["c"]) if got == "kd-b" else (kds["c"], kds["b"])
        c.check(x.wait_for(lambda ln: '"type":"ADDED"' in ln and has("1")(ln), 60) is not None,
                "the new leader did not print its cache")
        put_cm("2")
        ch = x.wait_for(lambda ln: '"type":"MODIFIED"' in ln and '"key":"ns-1/kd-leader-1"' in ln, 60)
        c.check(ch is not None, "the new leader did not print the change")
        why = cache_first(x.out_lines(), ch) if ch is not None else None
        c.check(why is None, "the new leader's first lines are not its cache as ADDED lines: %s" % why)
        # frozen past its lease: the other takes over; the frozen one, thawed, acts no more
        os.kill(x.proc.pid, signal.SIGSTOP)
        try:
            other = "kd-c" if got == "kd-b" else "kd-b"
            c.check(wait_until(lambda: holder() == other, 120) is not None, "no takeover from the frozen leader: %r" % holder())
            c.check(y.wait_for(lambda ln: '"type":"ADDED"' in ln and has("2")(ln), 60) is not None,
                    "the second leader did not print its cache")
            put_cm("3")
            ch = y.wait_for(has("3"), 60)
            c.check(ch is not None, "the second leader did not print the change")
            why = cache_first(y.out_lines(), ch) if ch is not None else None
            c.check(why is None, "the second leader's first lines are not its cache as ADDED lines: %s" % why)
        finally:
            os.kill(x.proc.pid, signal.SIGCONT)
        c.check(x.wait_for(lambda ln: "LEADER_LOST" in ln, 60, stream="err") is not None, "the thawed leader never said it lost")
        put_cm("4")
        c.check(y.wait_for(has("4"), 60) is not None, "the leader did not print the next change")
        c.check(not any(has("3")(ln) or has("4")(ln) for ln in x.out_lines()), "the leader that lost printed after it lost")
        # a clean stop: released at once (no holder, 1 s), or already the other's
        y.stop()
        c.check(y.rc == 0, "exit status %s" % y.rc)
        spec = lease_spec(srv, KD_LEASE)
        c.check((spec.get("holderIdentity") == "" and spec.get("leaseDurationSeconds") == 1)
                or spec.get("holderIdentity") == got, "after a clean stop: %s" % spec)
        c.check(wait_until(lambda: holder() == got, 60) is not None, "the thawed one did not take over after the release")
        c.check(x.wait_for(lambda ln: '"type":"ADDED"' in ln and has("4")(ln), 60) is not None,
                "it did not print its cache after taking over")
        # alone (no one else to take the Lease), frozen past its renew deadline (10 s after its
        # last renewal, sent before the freeze): on waking it is no leader by its own clock, so
        # the change it reads first is not printed; it renews (LEADER_LOST, LEADER_ELECTED
        # again) and prints its cache as ADDED lines, then the changes
        e0, o0 = len(x.err), len(x.out_lines())
        os.kill(x.proc.pid, signal.SIGSTOP)
        try:
            c.check(wait_until(lambda: stopped(x.proc), 30) is not None, "kubediff did not stop on SIGSTOP")
            put_cm("5")
            time.sleep(12)  # a lower bound: past the renew deadline, however slow the machine
        finally:
            os.kill(x.proc.pid, signal.SIGCONT)
        c.check(x.wait_for(lambda ln: "LEADER_LOST" in ln, 60, stream="err", since=e0) is not None,
                "the leader frozen past its renew deadline never said it lost")
        c.check(x.wait_for(lambda ln: "LEADER_ELECTED" in ln, 60, stream="err", since=e0) is not None,
                "the leader frozen past its renew deadline did not lead again: %s" % x.describe())
        got = x.wait_for(lambda ln: '"type":"ADDED"' in ln and has("5")(ln), 60, since=o0)
        woke = x.out_lines()[o0:]
        c.check(got is not None and all('"type":"ADDED"' in ln for ln in woke[:woke.index(got) + 1]),
                "past its renew deadline, it printed before its cache: %s" % [ln[:70] for ln in woke[:4]])
        put_cm("6")
        c.check(x.wait_for(lambda ln: '"type":"MODIFIED"' in ln and has("6")(ln), 60, since=o0) is not None,
                "it did not print a change once it led again")
        x.stop()
        c.check(x.rc == 0, "exit status %s" % x.rc)
        # a missing Lease (404) and another's write (409) are part of an election: info, never an error
        elect = re.compile(r"^kubediff: error (CLIENT_NOT_FOUND|CLIENT_CONFLICT|CLIENT_ALREADY_EXISTS)\b", re.M)
        c.check(not any(elect.search(kd.err_text()) for kd in kds.values()), "an election's 404 or 409 logged as an error")
        c.report()
    finally:
        for kd in kds.values():
            kd.kill()
        srv.close()


def scenario_kubediff_namespaces_slack(ctx):
    """kubediff -n ns-0,ns-1: objects of those two namespaces only, one
    informer each; --webhook-format slack: each line arrives as {"text": line}."""
    srv = Server("kubediff-ns", pods=2, namespaces=3, configmaps=3)
    rcv = WebhookReceiver(lifetime=int(300 * SLOW))
    kd = None
    try:
        c = Checks("kubediff -n a,b: the two namespaces' objects only; --webhook-format slack: {\"text\": line} per line, "
                   "&, <, > escaped")
        for ns in ("ns-0", "ns-1", "ns-2"):
            srv.apply("/api/v1/namespaces/%s/configmaps/kd-ns" % ns,
                      {"metadata": {"name": "kd-ns", "namespace": ns}, "data": {"x": "<a & b>"}})
        kd = Tool("kubediff", "kubediff-ns", srv.url,
                  ["configmaps", "-n", "ns-0,ns-1", "--webhook", rcv.url, "--webhook-format", "slack", "--stats"])
        c.check(kd.wait_for(lambda ln: '"key":"ns-1/kd-ns"' in ln, 60) is not None, "ns-1 never listed")
        c.check(kd.wait_for(lambda ln: '"key":"ns-0/kd-ns"' in ln, 60) is not None, "ns-0 never listed")
        srv.apply("/api/v1/namespaces/ns-2/configmaps/kd-ns2", {"metadata": {"name": "kd-ns2", "namespace": "ns-2"}})
        srv.apply("/api/v1/namespaces/ns-0/configmaps/kd-ns2", {"metadata": {"name": "kd-ns2", "namespace": "ns-0"}})
        c.check(kd.wait_for(lambda ln: '"key":"ns-0/kd-ns2"' in ln, 60) is not None, "ns-0's new object never came")
        pat = Patience(60)
        for _ in range(3000):
            if len(rcv.got()) >= len(kd.out_lines()) or pat.left() <= 0:
                break
            time.sleep(0.1)
        kd.stop()
        lines = kd.out_lines()
        c.check(kd.rc == 0, "exit status %s: %s" % (kd.rc, kd.err_text()[-300:]))
        nss = sorted(set(json.loads(ln)["key"].split("/")[0] for ln in lines))
        c.check(nss == ["ns-0", "ns-1"], "namespaces printed: %s" % nss)
        texts = []
        for b in rcv.got():
            d = json.loads(b)
            texts.append(d.get("text", "") if list(d) == ["text"] else None)
        unesc = [t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") if t is not None else None for t in texts]
        c.check(unesc == lines, "the webhook's texts are not the lines: %d bodies, %d lines" % (len(texts), len(lines)))
        c.check(any("&lt;a &amp; b&gt;" in (t or "") for t in texts) and not any("<" in (t or "") for t in texts),
                "&, <, > not escaped as Slack wants")
        c.check("# stats resource configmaps" in kd.err_text(), "no stats")
        c.check(kd.err_text().count("# stats resource ") == 2, "not one informer per namespace")
        c.report()
    finally:
        if kd is not None:
            kd.kill()
        rcv.close()
        srv.close()


ALL += [("kubediff_leader", scenario_kubediff_leader, 3), ("kubediff_namespaces_slack", scenario_kubediff_namespaces_slack, 2)]


ALL.append(("nodeagent", scenario_nodeagent, 6))
ALL.append(("nodeagent_retry", scenario_nodeagent_retry, 3))
ALL.append(("nodeagent_tls", scenario_nodeagent_tls, 3))
ALL.append(("nodeagent_token_file", scenario_nodeagent_token_file, 3))


def scenario_client_apply(ctx):
    """Server-side apply through the write client (build/apply, KINF_CLIENT_APPLY)
    against fakeapi: created (201), updated, a second field manager's
    different value a 409 Conflict naming the field and its manager, the
    caller's (not retried, the object unchanged), force taking the field
    (managedFields: each manager's fields); no field manager refused before
    anything is sent; a 429 retried, a 500 without Retry-After not (a write)."""
    binary = os.path.join(os.path.dirname(OPTS.kwatch), "apply")
    if not os.path.exists(binary):
        log("client_apply: skipped, no %s (make %s)" % (binary, binary))
        return
    c = Checks("write client: server-side apply creates, updates, a 409 conflict left to the caller, force")
    srv = Server("client-apply", pods=4, configmaps=2)
    path = "/api/v1/namespaces/ns-0/configmaps/ssa-k"

    def run(manager, force, data):
        p = subprocess.run([binary, srv.url, "ns-0", "ssa-k", manager, str(force), json.dumps(data, separators=(",", ":"))],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        return p.stdout.decode(errors="replace").splitlines()

    def applies():
        return srv.stats().get("apply", 0)

    try:
        out = run("m1", 0, {"a": "1"})
        c.check(out[:2] == ['RESULT code=201 result=0 reason=- requests=1 retries=0 conflicts=0', 'DATA "data":{"a":"1"}'],
                "create: %s" % out)
        out = run("m1", 0, {"a": "1", "b": "2"})
        c.check(out[:2] == ['RESULT code=200 result=0 reason=- requests=1 retries=0 conflicts=0', 'DATA "data":{"a":"1","b":"2"}'],
                "update: %s" % out)
        n0 = applies()
        out = run("m2", 0, {"a": "9"})
        c.check(out[:1] == ["RESULT code=409 result=%d reason=Conflict requests=1 retries=0 conflicts=1" % 1] and
                len(out) > 1 and 'conflict with "m1": .data.a' in out[1], "conflict: %s" % out)
        c.check(applies() == n0 + 1, "the conflicting apply reached the server %d times, want 1" % (applies() - n0))
        c.check(srv.get(path)["data"] == {"a": "1", "b": "2"}, "changed by the refused apply: %s" % srv.get(path).get("data"))
        out = run("m2", 1, {"a": "9"})
        c.check(out[:2] == ['RESULT code=200 result=0 reason=- requests=1 retries=0 conflicts=0', 'DATA "data":{"a":"9","b":"2"}'],
                "force: %s" % out)
        mf = {e["manager"]: (e["operation"], e["fieldsType"], e["fieldsV1"]) for e in srv.get(path)["metadata"]["managedFields"]}
        c.check(mf == {"m1": ("Apply", "FieldsV1", {"f:data": {"f:b": {}}}), "m2": ("Apply", "FieldsV1", {"f:data": {"f:a": {}}})},
                "managedFields after force: %s" % mf)
        n0 = applies()
        out = run("", 0, {"a": "3"})
        c.check(out == ["REFUSED item=CLIENT_NO_FIELD_MANAGER"] and applies() == n0, "no field manager: %s" % out)
        srv.fault("object_status", code=429, retry_after=1, count=1)
        out = run("m2", 0, {"a": "7"})
        c.check(out[:1] == ['RESULT code=200 result=0 reason=- requests=1 retries=1 conflicts=0'], "a 429: %s" % out)
        srv.fault("object_status", code=500, count=1)
        out = run("m2", 0, {"a": "8"})
        c.check(out[:1] == ['RESULT code=500 result=7 reason=InternalError requests=1 retries=0 conflicts=0'], "a 500: %s" % out)
        c.check(srv.get(path)["data"] == {"a": "7", "b": "2"}, "after the 429 and the 500: %s" % srv.get(path).get("data"))
    finally:
        srv.close()
    return c.report()


ALL.append(("client_apply", scenario_client_apply, 1))


# ======================================================================
# HTTP proxies: CONNECT tunnels through tests/proxy.py
# ======================================================================

PROXY_VARS = ("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy")
PROXY_USER, PROXY_PASSWORD = "kinf-user", "p@ss-proxy-9c1e"   # the '@' is %40 in the proxy's URL
PROXY_TOKEN = "kinf-proxy-token-4b7d"


def proxy_env(home, **extra):
    """clean_env without any proxy variable of the caller's, then extra's."""
    env = {k: v for k, v in clean_env(home).items() if k not in PROXY_VARS}
    env.update(extra)
    return env


def proxy_dir(name):
    d = os.path.join(TMP, name)
    os.makedirs(d, exist_ok=True)
    return d


def proxy_kubeconfig(path, server, proxy_url):
    """KUBECONFIG with clusters[].cluster.proxy-url (and a token: it must not leak either)."""
    text = KUBECONFIG % {"server": server, "user": "    token: %s\n" % PROXY_TOKEN}
    text = text.replace("    server: %s\n" % server, "    server: %s\n    proxy-url: %s\n" % (server, proxy_url), 1)
    with open(path, "w") as f:
        f.write(text)
    return path


def err_lines(kw, item):
    """kwatch's error lines of one item id."""
    head = "kwatch: error %s: " % item
    return [ln for ln in kw.err_text().splitlines() if ln.startswith(head)]


def wait_err_lines(kw, item, n, timeout):
    """Waits (bounded) until kwatch logged n error lines of item; returns them."""
    deadline = time.monotonic() + timeout * SLOW
    got = []
    for _ in range(int(timeout * SLOW * 10) + 10):
        got = err_lines(kw, item)
        if len(got) >= n or time.monotonic() > deadline:
            break
        if kw.proc.poll() is not None and not kw.t_err.is_alive():
            return err_lines(kw, item)
        time.sleep(0.1)
    return got


def check_no_secret(c, kw, secrets):
    text = "\n".join(kw.out_lines()) + "\n" + kw.err_text()
    leaked = [s for s in secrets if s and s in text]
    c.check(not leaked, "%s: a secret appears in kwatch's output: %s" % (kw.name, ["%s..." % s[:4] for s in leaked]))


def secrets_of(user, password):
    """A password, %-escaped as in a URL, and the Basic credentials that carry it."""
    return [password, urllib.parse.quote(password, safe=""), basic(user, password).split()[1]]


def check_through_proxy(c, kw, px, host, port, auth):
    """Every request the proxy saw was CONNECT host:port with auth, a tunnel
    opened (200), and every byte kwatch read came through one (its
    bytes_read, of --stats: the tunnels' 200 heads and the bytes relayed to it)."""
    reqs = px.requests()
    want = "CONNECT %s:%d HTTP/1.1" % (host, port)
    c.check(reqs, "%s: the proxy saw no request" % kw.name)
    c.check(all(r["line"] == want for r in reqs), "%s: request lines %s, want %r" % (kw.name, sorted(set(r["line"] for r in reqs)), want))
    c.check(all(r["host"] == "%s:%d" % (host, port) for r in reqs), "%s: Host headers %s" % (kw.name, sorted(set(str(r["host"]) for r in reqs))))
    c.check(all(r["auth"] == auth for r in reqs),
            "%s: Proxy-Authorization %s, want %s" % (kw.name, sorted(set(str(r["auth"]) for r in reqs)), auth))
    c.check(all(r["status"] == 200 for r in reqs), "%s: the proxy answered %s" % (kw.name, [r["status"] for r in reqs]))
    up, down = px.relayed()
    read = kw.stat("bytes_read")
    c.check(up > 0 and down > 0, "%s: nothing relayed (%d up, %d down)" % (kw.name, up, down))
    if read >= 0:
        c.check(read <= down + len(PROXY_ESTABLISHED) * px.tunnels(),
                "%s: kwatch read %d bytes, the proxy relayed %d to it in %d tunnels: some came another way"
                % (kw.name, read, down, px.tunnels()))
        conns = kw.stat("connections")
        c.check(0 < conns <= px.tunnels(), "%s: %d connections, %d tunnels" % (kw.name, conns, px.tunnels()))


def scenario_proxy_kubeconfig(ctx):
    """A kubeconfig's proxy-url http://user:p%40ss@127.0.0.1:PORT for an
    http://127.0.0.1 server (a kubeconfig's proxy goes for loopback too, and
    NO_PROXY or HTTP_PROXY do not change it): the list and the watch run
    through CONNECT tunnels; the Basic credentials are user:p@ss; the
    password never appears in kwatch's output."""
    c = Checks("proxy: kubeconfig proxy-url with user:p%40ss: list and watch through CONNECT (NO_PROXY=* and HTTP_PROXY "
               "set: the kubeconfig's proxy wins), Basic credentials, cache exact, no password logged")
    d = proxy_dir("proxy-kubeconfig")
    srv = Server("proxy-kubeconfig", pods=40)
    px = ConnectProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    kw = None
    try:
        url = px.url(PROXY_USER, PROXY_PASSWORD)
        c.check("%40" in url, "test bug: the proxy URL has no %%-escape: %s" % url)
        kc = proxy_kubeconfig(os.path.join(d, "config"), srv.url, url)
        wbase = srv.watch_count("pods")
        # as client-go's: a kubeconfig's proxy-url is the proxy, whatever the environment says
        kw = Kwatch("proxy-kubeconfig", None, ["pods", "-o", "name", "--kubeconfig", kc, "--dump-on-exit", "--stats", "-v"],
                    env=proxy_env(d, NO_PROXY="*", HTTP_PROXY="http://127.0.0.1:%d" % closed_port()), merge=True)
        proxied_watch(c, srv, kw, wbase)
        c.check(any(ln.startswith("MODIFIED ") for ln in kw.out_lines()), "no change after the list was printed")
        check_through_proxy(c, kw, px, "127.0.0.1", srv.port, basic(PROXY_USER, PROXY_PASSWORD))
        c.check(not re.search(r"^kwatch: error ", kw.err_text(), re.M), "errors logged: %s" % kw.describe())
        check_no_secret(c, kw, secrets_of(PROXY_USER, PROXY_PASSWORD) + [PROXY_TOKEN])
    finally:
        close_all([kw] if kw else [], [px], srv)
    return c.report()


def close_all(tools, proxies, srv):
    """The end of a proxy scenario: its tools killed, its proxies and server closed."""
    for k in tools:
        k.kill()
    for px in proxies:
        px.close()
    srv.close()


def proxied_watch(c, srv, kw, wbase):
    """kwatch's watch of pods (through a proxy) under churn, ended by a
    sentinel: a clean exit and the cache the server's; kwatch stopped."""
    if wait_watching(c, srv, "pods", wbase):
        churn_for(srv, 50, 1)
        srv.quiesce()
        if finish_with_sentinel(c, srv, [kw]):
            kw.stop()
            check_clean_exit(c, kw, 0)
            check_against_server(c, kw, srv, pod_path())
    kw.stop()


def scenario_proxy_refused(ctx):
    """A proxy that wants credentials: a kubeconfig's proxy-url without them,
    and one with a wrong password: 407, PROXY_REFUSED naming the proxy and
    the status line; before the first sync kwatch gives up on it (exit 1,
    'giving up: 407 ...'), with --retry-forever it retries after a backoff;
    nothing listed, the server never reached, the wrong password never
    logged."""
    c = Checks("proxy: 407 to CONNECT (no or wrong credentials): PROXY_REFUSED 'HOST:PORT (proxy): HTTP/1.1 407 ...', "
               "kwatch gives up (exit 1), or retries with --retry-forever; nothing printed, no password logged")
    d = proxy_dir("proxy-refused")
    srv = Server("proxy-refused", pods=10)
    px_none = ConnectProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    px_wrong = ConnectProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    wrong = "wr0ng-p@ss-5d2a"
    kws = []
    try:
        cases = [("no-credentials", px_none, px_none.url(), None),
                 ("wrong-password", px_wrong, px_wrong.url(PROXY_USER, wrong), basic(PROXY_USER, wrong))]
        for label, px, url, auth in cases:
            kc = proxy_kubeconfig(os.path.join(d, label), srv.url, url)
            forever = ["--retry-forever"] if label == "wrong-password" else []
            kws.append(Kwatch("proxy-refused-" + label, None, ["pods", "-o", "name", "--kubeconfig", kc, "-v"] + forever,
                              env=proxy_env(d)))
        for (label, px, url, auth), kw in zip(cases, kws):
            pat = re.compile(r"^kwatch: error PROXY_REFUSED: .*: 127\.0\.0\.1:%d \(proxy\): HTTP/1\.1 407 Proxy Authentication Required$"
                             % px.port)
            if label == "no-credentials":  # fails fast: a 407 does not pass by itself
                rc = kw.wait(120)
                got = err_lines(kw, "PROXY_REFUSED")
                c.check(rc == 1, "%s: exit status %s, want 1 (giving up) %s" % (label, rc, kw.describe()))
                c.check(len(got) == 1 and pat.match(got[0]), "%s: PROXY_REFUSED lines %s" % (label, got[:2]))
                c.check(any(ln.startswith("kwatch: giving up: 407 Proxy Authentication Required") for ln in kw.err_text().splitlines()),
                        "%s: no 'giving up: 407' line: %s" % (label, kw.err_text()[-400:]))
            else:
                got = wait_err_lines(kw, "PROXY_REFUSED", 2, 120)
                c.check(len(got) >= 2, "%s: %d PROXY_REFUSED lines, want 2 (a retry) %s" % (label, len(got), kw.describe()))
                c.check(got and all(pat.match(ln) for ln in got), "%s: PROXY_REFUSED lines %s" % (label, got[:2]))
                c.check(kw.proc.poll() is None, "%s: kwatch exited (status %s), want it retrying %s"
                        % (label, kw.proc.returncode, kw.describe()))
                c.check("BACKOFF" in kw.err_text(), "%s: no backoff between the tries" % label)
            kw.stop()
            san = kw.sanitizer_errors()
            c.check(not san, "%s: sanitizer: %s" % (label, san))
            c.check(not any(EVENT_RE.match(ln) or ln.startswith("# synced") for ln in kw.out_lines()),
                    "%s: objects printed: %s" % (label, kw.out_lines()[:3]))
            reqs = px.requests()
            c.check(len(reqs) >= (1 if label == "no-credentials" else 2) and all(r["status"] == 407 and r["line"] == "CONNECT 127.0.0.1:%d HTTP/1.1" % srv.port
                                           and r["auth"] == auth for r in reqs),
                    "%s: the proxy saw %s" % (label, [(r["line"], r["auth"], r["status"]) for r in reqs][:3]))
            check_no_secret(c, kw, secrets_of(PROXY_USER, wrong) + [PROXY_TOKEN])
        c.check(srv.list_count("pods") == 0 and srv.watch_count("pods") == 0 and srv.lists_any("pods") == 0,
                "the server was reached past the proxy's 407")
    finally:
        close_all(kws, [px_none, px_wrong], srv)
    return c.report()


def scenario_proxy_env(ctx):
    """The environment's proxy as client-go reads it: HTTP_PROXY without a
    scheme (http://), a server kube.test that only the proxy resolves; lower
    case http_proxy; NO_PROXY entries that name the host (the direct
    connection is tried: RESOLVE_FAILED, the proxy sees nothing) and some
    that do not; an IP host with exact and CIDR entries; loopback servers
    (127.0.0.1, localhost) never proxied; HTTPS_PROXY alone not used for an
    http:// server. One proxy per run, so that what each saw is its own."""
    c = Checks("proxy: HTTP_PROXY (no scheme) for http://kube.test through CONNECT; NO_PROXY names (exact, domain, "
               ".domain, *.domain, :port, *, CIDR) go direct; loopback never proxied")
    d = proxy_dir("proxy-env")
    srv = Server("proxy-env", pods=30)
    hosts = {"kube.test": "127.0.0.1", "192.0.2.10": "127.0.0.1"}
    proxies = []
    runs = []

    def proxy():
        px = ConnectProxy(hosts=hosts, lifetime=int(900 * SLOW))
        proxies.append(px)
        return px

    try:
        # the watch through the proxy: a change after the list printed
        px = proxy()
        wbase = srv.watch_count("pods")
        kw = Kwatch("proxy-env-watch", "http://kube.test:%d" % srv.port, ["pods", "-o", "name", "--dump-on-exit", "--stats", "-v"],
                    env=proxy_env(d, HTTP_PROXY="127.0.0.1:%d" % px.port), merge=True)
        runs.append(kw)
        proxied_watch(c, srv, kw, wbase)
        check_through_proxy(c, kw, px, "kube.test", srv.port, None)

        # then the rest at once, each with its proxy: (label, server, env, through the proxy?, the error if not)
        kt = "http://kube.test:%d" % srv.port
        ip = "http://192.0.2.10:%d" % srv.port      # TEST-NET-1: only the proxy reaches it (mapped to 127.0.0.1)
        cases = []

        def case(label, server, proxied, err=None, **env):
            px = proxy()
            env = {k: v.replace("@P", str(px.port)).replace("@S", str(srv.port)) for k, v in env.items()}
            cases.append((label, server, px, proxied, err, env))

        case("http_proxy (lower case) http://", kt, True, http_proxy="http://127.0.0.1:@P")
        case("HTTP_PROXY http://127.0.0.1:P/ (a trailing slash)", kt, True, HTTP_PROXY="http://127.0.0.1:@P/")
        for entry in ("kube.test", "KUBE.TEST", "example.com, kube.test ", "test", ".test", "*.test", "kube.test:@S", "*"):
            case("NO_PROXY=%r" % entry, kt, False, ("RESOLVE_FAILED",), HTTP_PROXY="127.0.0.1:@P", NO_PROXY=entry)
        case("no_proxy=kube.test (lower case)", kt, False, ("RESOLVE_FAILED",), HTTP_PROXY="127.0.0.1:@P", no_proxy="kube.test")
        for entry in ("ube.test", ".kube.test", "kube.test:1", "10.0.0.0/8", "other.test,kube.test.example"):
            case("NO_PROXY=%r (not kube.test)" % entry, kt, True, HTTP_PROXY="127.0.0.1:@P", NO_PROXY=entry)
        case("HTTPS_PROXY only, an http:// server", kt, False, ("RESOLVE_FAILED",), HTTPS_PROXY="127.0.0.1:@P")
        case("HTTP_PROXY, server 192.0.2.10", ip, True, HTTP_PROXY="127.0.0.1:@P")
        case("HTTP_PROXY, server 192.0.2.10, NO_PROXY=192.0.2.10", ip, False, ("CONNECT_TIMEOUT", "CONNECT_FAILED"),
             HTTP_PROXY="127.0.0.1:@P", NO_PROXY="192.0.2.10")
        case("HTTP_PROXY, server 192.0.2.10, NO_PROXY=192.0.2.0/24", ip, False, ("CONNECT_TIMEOUT", "CONNECT_FAILED"),
             HTTP_PROXY="127.0.0.1:@P", NO_PROXY="192.0.2.0/24")
        case("HTTP_PROXY, server 127.0.0.1 (loopback: direct)", srv.url, None, HTTP_PROXY="127.0.0.1:@P")
        case("HTTP_PROXY, server localhost (direct)", "http://localhost:%d" % srv.port, None, HTTP_PROXY="127.0.0.1:@P")
        want_sync = "# synced %d objects" % len(parse_dump(srv.state(pod_path())))
        kws = []
        for label, server, px, proxied, err, env in cases:
            # a direct try is to fail: --timeout ends it (RESOLVE_FAILED and a connect that times out are retried)
            args = ["pods", "-o", "none", "--exit-after-sync", "--stats", "--timeout", "60" if proxied is not False else "12"]
            kws.append(Kwatch("proxy-env " + label, server, args, env=proxy_env(d, **env)))
        runs.extend(kws)
        for (label, server, px, proxied, err, env), k in zip(cases, kws):
            k.wait(120)
            tag = "%s (%s): " % (label, " ".join("%s=%s" % kv for kv in sorted(env.items())))
            san = k.sanitizer_errors()
            c.check(not san, tag + "sanitizer: %s" % san)
            if proxied is not False:
                c.check(k.rc == 0 and want_sync in k.out_lines(), tag + "not synced (%s) %s" % (want_sync, k.describe()))
                if proxied:
                    check_through_proxy(c, k, px, server.split("//")[1].rsplit(":", 1)[0], srv.port, None)
                else:
                    c.check(not px.requests(), tag + "the proxy was used: %s" % px.connect_lines()[:2])
            else:
                ids = set(re.findall(r"^kwatch: error ([A-Z_]+):", k.err_text(), re.M))
                c.check(k.rc == 1 and not any(ln.startswith("# synced") for ln in k.out_lines()), tag + "exit %s, want 1, no sync" % k.rc)
                c.check(ids and ids <= set(err), tag + "errors %s, want %s (the direct connection) %s" % (sorted(ids), err, k.describe()))
                c.check(not px.requests(), tag + "the proxy was used: %s" % px.connect_lines()[:2])
    finally:
        close_all(runs, proxies, srv)
    return c.report()


def scenario_proxy_bad_url(ctx):
    """Only http:// proxies: socks5:// and https:// ones (from HTTPS_PROXY,
    HTTP_PROXY or a kubeconfig's proxy-url) are refused at start:
    CONFIG_BAD_PROXY, exit 1, nothing tried; user info never logged."""
    c = Checks("proxy: socks5:// and https:// proxies refused at start: CONFIG_BAD_PROXY, exit 1, no password logged")
    d = proxy_dir("proxy-bad-url")
    srv = Server("proxy-bad-url", pods=5)
    px = ConnectProxy(lifetime=int(900 * SLOW))
    secret = "s3cr3t-b4d-pr0xy"
    kws = []
    try:
        cases = [
            ("HTTPS_PROXY=socks5://127.0.0.1:1, https://kube.test", "https://kube.test:6443", [],
             {"HTTPS_PROXY": "socks5://127.0.0.1:1"}),
            ("HTTP_PROXY=https://127.0.0.1:P, http://kube.test", "http://kube.test:%d" % srv.port, [],
             {"HTTP_PROXY": "https://127.0.0.1:%d" % px.port}),
            ("https_proxy=socks5://u:secret@..., https://kube.test", "https://kube.test:6443", [],
             {"https_proxy": "socks5://u:%s@127.0.0.1:1" % secret}),
            ("kubeconfig proxy-url socks5://127.0.0.1:1080", None,
             ["--kubeconfig", proxy_kubeconfig(os.path.join(d, "socks"), srv.url, "socks5://127.0.0.1:1080")], {}),
            ("kubeconfig proxy-url https://u:secret@127.0.0.1:P", None,
             ["--kubeconfig", proxy_kubeconfig(os.path.join(d, "https"), srv.url,
                                               "https://u:%s@127.0.0.1:%d" % (secret, px.port))], {}),
        ]
        for label, server, args, env in cases:
            if server and server.startswith("https://"):
                args = args + ["--insecure-skip-tls-verify"]    # no TLS_NO_CA: the proxy is the only thing wrong
            kws.append(Kwatch("proxy-bad " + label, server, ["pods", "-o", "name", "--timeout", "60"] + args,
                              env=proxy_env(d, **env)))
        for (label, server, args, env), k in zip(cases, kws):
            k.wait(90)
            check_clean_exit(c, k, 1, label=label)
            lines = err_lines(k, "CONFIG_BAD_PROXY")
            c.check(lines, "%s: no CONFIG_BAD_PROXY %s" % (label, k.describe()))
            c.check("--timeout passed" not in k.err_text(), "%s: not refused at start: %s" % (label, k.describe()))
            c.check(not k.out_lines(), "%s: printed %s" % (label, k.out_lines()[:2]))
            check_no_secret(c, k, [secret, PROXY_TOKEN])
        c.check(not px.requests(), "the proxy was used: %s" % px.connect_lines()[:2])
        c.check(srv.lists_any("pods") == 0 and srv.watch_count("pods") == 0, "the server was reached")
    finally:
        close_all(kws, [px], srv)
    return c.report()


def scenario_proxy_failed(ctx):
    """A proxy that gives no valid answer to CONNECT: bytes that are not
    HTTP, or it closes: PROXY_FAILED; a 503: PROXY_REFUSED; no answer at
    all: CONNECT_TIMEOUT "(no answer to CONNECT)" after the connect timeout
    (10 s). Each names the proxy, is retried, and nothing is listed."""
    c = Checks("proxy: not HTTP / closed -> PROXY_FAILED, 503 -> PROXY_REFUSED, silent -> CONNECT_TIMEOUT "
               "(no answer to CONNECT); each names the proxy and is retried")
    d = proxy_dir("proxy-failed")
    srv = Server("proxy-failed", pods=5)
    cases = [("garbage", "PROXY_FAILED", ""), ("close", "PROXY_FAILED", ""), ("status:503", "PROXY_REFUSED", ": HTTP/1.1 503 "),
             ("silent", "CONNECT_TIMEOUT", " (no answer to CONNECT)")]
    pxs = [ConnectProxy(mode=mode, lifetime=int(900 * SLOW)) for mode, _, _ in cases]
    kws = []
    try:
        for (mode, item, _), px in zip(cases, pxs):
            kc = proxy_kubeconfig(os.path.join(d, mode.replace(":", "-")), srv.url, px.url())
            kws.append(Kwatch("proxy-failed-" + mode, None, ["pods", "-o", "name", "--kubeconfig", kc, "-v", "--retry-forever"],
                              env=proxy_env(d)))
        for (mode, item, detail), px, k in zip(cases, pxs, kws):
            got = wait_err_lines(k, item, 2, 150)
            c.check(len(got) >= 2, "%s: %d %s lines, want 2 (a retry) %s" % (mode, len(got), item, k.describe()))
            where = "127.0.0.1:%d (proxy)" % px.port
            c.check(got and all(where in ln and detail in ln for ln in got), "%s: %s lines %s, want %r and %r"
                    % (mode, item, got[:2], where, detail))
            c.check(k.proc.poll() is None, "%s: kwatch exited (status %s), want it retrying %s" % (mode, k.proc.returncode, k.describe()))
            k.stop()
            san = k.sanitizer_errors()
            c.check(not san, "%s: sanitizer: %s" % (mode, san))
            c.check(not k.out_lines(), "%s: printed %s" % (mode, k.out_lines()[:2]))
            c.check(len(px.requests()) >= 2 and all(r["line"] == "CONNECT 127.0.0.1:%d HTTP/1.1" % srv.port for r in px.requests()),
                    "%s: the proxy saw %s" % (mode, px.connect_lines()[:3]))
        c.check(srv.lists_any("pods") == 0 and srv.watch_count("pods") == 0, "the server was reached")
    finally:
        close_all(kws, pxs, srv)
    return c.report()


ALL += [("proxy_kubeconfig", scenario_proxy_kubeconfig, 3), ("proxy_refused", scenario_proxy_refused, 2),
        ("proxy_env", scenario_proxy_env, 4), ("proxy_bad_url", scenario_proxy_bad_url, 1),
        ("proxy_failed", scenario_proxy_failed, 3)]


# ----------------------------------------------------------------------
# the other connection owners through a proxy: discovery and a factory's
# informers, the write client (leader election), khub's upstream
# ----------------------------------------------------------------------

class _SniffedPeer:
    """The server's side of a tunnel as ConnectProxy._relay uses it: the
    bytes sent to it (the client's) are shown to seen first."""

    def __init__(self, sock, seen):
        self.sock, self.seen = sock, seen

    def fileno(self):
        return self.sock.fileno()

    def setblocking(self, flag):
        self.sock.setblocking(flag)

    def recv(self, n):
        return self.sock.recv(n)

    def shutdown(self, how):
        self.sock.shutdown(how)

    def sendall(self, data):
        self.seen(data)
        self.sock.sendall(data)


TUNNELED_REQUEST_RE = re.compile(r"(GET|HEAD|POST|PUT|PATCH|DELETE) (/\S*) HTTP/1\.1$")


class SniffingProxy(ConnectProxy):
    """tests/proxy.py's CONNECT proxy that also reads the request lines a
    client sends through each tunnel (to an http:// server): which
    connection owner asked what, tunnel by tunnel."""

    def __init__(self, **kw):
        self.tunnel_reqs = []       # per tunnel, in the order opened: ["GET /api", ...]
        super().__init__(**kw)

    def _relay(self, a, b):
        reqs = []
        with self.lock:
            self.tunnel_reqs.append(reqs)
        carry = [b""]

        def seen(data):
            lines = (carry[0] + data).split(b"\r\n")
            carry[0] = lines.pop()[-16384:]     # a line not ended yet (a body's tail: bounded)
            for ln in lines:
                m = TUNNELED_REQUEST_RE.search(ln.decode("latin-1"))
                if m:
                    with self.lock:
                        reqs.append("%s %s" % m.groups())
        return super()._relay(a, _SniffedPeer(b, seen))

    def tunnel_requests(self):
        with self.lock:
            return [list(r) for r in self.tunnel_reqs]


def req_path(req):
    """"GET /api/v1/pods?watch=1" -> "/api/v1/pods"."""
    return req.split(" ", 1)[1].split("?", 1)[0]


def is_discovery(req):
    """A discovery document's request (/api, /apis, /api/v1, /apis/G/V), as fakeapi routes them."""
    segs = [s for s in req_path(req).split("/") if s]
    return req.startswith("GET ") and bool(segs) and (
        (segs[0] == "api" and len(segs) <= 2) or (segs[0] == "apis" and len(segs) <= 3))


def tunnels_with(tunnels, pred):
    """The indexes of the tunnels that carried a request pred accepts."""
    return [i for i, reqs in enumerate(tunnels) if any(pred(r) for r in reqs)]


def stat_sum(kw, key):
    """key=N summed over every '# stats' line: each resource's, discovery's."""
    total = 0
    for ln in kw.err_text().splitlines():
        if ln.startswith("# stats "):
            for tok in ln[8:].split():
                k, _, v = tok.partition("=")
                if k == key and v.isdigit():
                    total += int(v)
    return total


def check_connects(c, tag, px, port, auth):
    """Every request the proxy saw: CONNECT 127.0.0.1:port with auth, a tunnel opened."""
    reqs = px.requests()
    want = "CONNECT 127.0.0.1:%d HTTP/1.1" % port
    c.check(reqs and all(r["line"] == want and r["auth"] == auth and r["status"] == 200 for r in reqs),
            "%s: the proxy saw %s, want only %r with the credentials, 200" % (
                tag, sorted(set((r["line"], r["auth"] == auth, r["status"]) for r in reqs)), want))


def scenario_proxy_factory(ctx):
    """kwatch pods,configmaps through a kubeconfig's proxy-url: discovery
    resolves the names and a factory holds the two informers, each a
    connection owner of its own: a tunnel each (no tunnel carries two
    owners' requests), every discovery request the server answered and
    every byte kwatch read came through them; both resources listed (the
    dump the server's) and a change of each printed."""
    c = Checks("proxy: kwatch pods,configmaps (discovery, a factory of two informers) through a kubeconfig's proxy-url: "
               "a tunnel each for discovery and each informer, every discovery request and byte through them; "
               "both listed, a change of each printed")
    d = proxy_dir("proxy-factory")
    srv = Server("proxy-factory", pods=20, namespaces=2, configmaps=6)
    px = SniffingProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    names = ["pods", "configmaps"]
    kw = None
    try:
        kc = proxy_kubeconfig(os.path.join(d, "config"), srv.url, px.url(PROXY_USER, PROXY_PASSWORD))
        kw = Kwatch("proxy-factory", None, ["pods,configmaps", "-o", "name", "--kubeconfig", kc, "--dump-on-exit", "--stats", "-v"],
                    env=proxy_env(d), merge=True)
        for res in names:
            c.check(kw.wait_progress(lambda ln, res=res: ln.startswith("kwatch: info SYNCED: %s: " % res)) is not None,
                    "%s never synced %s" % (res, kw.describe()))
        # after both synced: a change of each, through its watch
        for res, key in (("pods", srv.sentinel_pod()), ("configmaps", srv.sentinel_configmap())):
            c.check(kw.wait_event("ADDED", "%s %s" % (res, key)) is not None, "the change of %s %s never printed %s"
                    % (res, key, kw.describe()))
        kw.stop()
        check_clean_exit(c, kw, 0)
        got, errs = multi_parse_dump(kw.dump())
        want = multi_server_state(srv, names)
        c.check(not errs and got == want and {r for r, _ in got} == set(names),
                "the dump is not the server's pods and configmaps: %s, missing %s, phantom %s"
                % (errs, sorted(set(want) - set(got))[:3], sorted(set(got) - set(want))[:3]))
        multi_replay(c, kw, names)
        c.check(not re.search(r"^kwatch: error ", kw.err_text(), re.M), "errors logged: %s" % kw.describe())
        check_no_secret(c, kw, secrets_of(PROXY_USER, PROXY_PASSWORD) + [PROXY_TOKEN])
        # the proxy: a tunnel per connection owner
        check_connects(c, kw.name, px, srv.port, basic(PROXY_USER, PROXY_PASSWORD))
        tunnels = px.tunnel_requests()
        owners = {"discovery": tunnels_with(tunnels, is_discovery)}
        for res in names:
            owners[res] = tunnels_with(tunnels, lambda q, res=res: req_path(q) == MULTI_PATHS[res])
        seen = "; ".join("%d: %s" % (i, t[:3]) for i, t in enumerate(tunnels))
        c.check(all(owners.values()), "a connection owner's requests never came through the proxy: %s (tunnels %s)"
                % ([k for k, v in owners.items() if not v], seen))
        shared = [(a, b) for a in owners for b in owners if a < b and set(owners[a]) & set(owners[b])]
        c.check(not shared, "a tunnel carried two owners' requests: %s (tunnels %s)" % (shared, seen))
        st = srv.stats()
        served = st.get("discovery_aggregated", 0) + st.get("discovery_legacy", 0)
        tunneled = sum(1 for t in tunnels for q in t if is_discovery(q))
        c.check(served >= 1 and served == tunneled and kw.stat("requests") >= 1,
                "discovery: the server answered %d requests, %d came through the proxy, kwatch says %d"
                % (served, tunneled, kw.stat("requests")))
        read, conns = stat_sum(kw, "bytes_read"), stat_sum(kw, "connections")
        up, down = px.relayed()
        c.check(0 < read <= down + len(PROXY_ESTABLISHED) * px.tunnels(),
                "kwatch read %d bytes (discovery and both informers), the proxy relayed %d to it in %d tunnels: some came "
                "another way" % (read, down, px.tunnels()))
        c.check(conns >= len(names) and px.tunnels() >= conns + 1,
                "%d tunnels for the informers' %d connections and discovery's" % (px.tunnels(), conns))
    finally:
        close_all([kw] if kw else [], [px], srv)
    return c.report()


PROXY_LEASE = "/apis/coordination.k8s.io/v1/namespaces/default/leases"


def scenario_proxy_leader(ctx):
    """kubediff --leader-elect through a kubeconfig's proxy-url: it leads
    and the Lease names it; the elector's write client has a tunnel of its
    own (the Lease's requests and the informer's never share one), and
    every write of the Lease the server took came through it."""
    c = Checks("proxy: kubediff --leader-elect through a kubeconfig's proxy-url: LEADER_ELECTED, the Lease names it; "
               "the write client's own tunnel carried every Lease write")
    d = proxy_dir("proxy-leader")
    srv = Server("proxy-leader", pods=2, namespaces=2, configmaps=2)
    px = SniffingProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    lease = PROXY_LEASE + "/kd-proxied"
    kd = None
    try:
        kc = proxy_kubeconfig(os.path.join(d, "config"), srv.url, px.url(PROXY_USER, PROXY_PASSWORD))
        kd = Tool("kubediff", "proxy-leader", None, ["configmaps", "--kubeconfig", kc, "--leader-elect", "default/kd-proxied",
                                                     "--identity", "kd-proxied", "-v", "--stats"], env=proxy_env(d))
        c.check(kd.wait_for(lambda ln: "LEADER_ELECTED" in ln, 60, stream="err") is not None, "it never led: %s" % kd.describe())
        c.check(wait_until(lambda: lease_spec(srv, lease).get("holderIdentity") == "kd-proxied", 60) is not None,
                "the Lease names %r" % lease_spec(srv, lease).get("holderIdentity"))
        kd.stop()
        c.check(kd.rc == 0, "exit status %s %s" % (kd.rc, kd.describe()))
        san = kd.sanitizer_errors()
        c.check(not san, "sanitizer: %s" % san)
        c.check(not re.search(r"^kubediff: error ", kd.err_text(), re.M), "errors logged: %s" % kd.describe())
        check_no_secret(c, kd, secrets_of(PROXY_USER, PROXY_PASSWORD) + [PROXY_TOKEN])
        check_connects(c, kd.name, px, srv.port, basic(PROXY_USER, PROXY_PASSWORD))
        tunnels = px.tunnel_requests()
        seen = "; ".join("%d: %s" % (i, t[:3]) for i, t in enumerate(tunnels))
        leases = tunnels_with(tunnels, lambda q: req_path(q).startswith(PROXY_LEASE))
        informer = tunnels_with(tunnels, lambda q: req_path(q) == "/api/v1/configmaps")
        c.check(leases and informer and not set(leases) & set(informer),
                "the write client's and the informer's tunnels: %s and %s (tunnels %s)" % (leases, informer, seen))
        # the test reads the Lease itself (GET, direct): only its writes are kubediff's alone
        by = srv.stats().get("by_resource", {})
        written = sum(by.get(k, {}).get("leases", 0) for k in ("create", "update", "merge_patch", "json_patch", "apply", "delete"))
        tunneled = sum(1 for t in tunnels for q in t if req_path(q).startswith(PROXY_LEASE) and not q.startswith("GET "))
        c.check(written >= 1 and written == tunneled, "the server took %d writes of the Lease, %d came through the proxy (tunnels %s)"
                % (written, tunneled, seen))
    finally:
        close_all([kd] if kd else [], [px], srv)
    return c.report()


def scenario_proxy_khub(ctx):
    """khub with a kubeconfig whose proxy-url is the proxy: its discovery
    and its pods informer tunnel to the API server; a kwatch client of
    khub on loopback is never proxied, though its HTTP_PROXY names the
    proxy, and lists pods equal to the server's. Then a request khub
    forwards (GET /version, a list of configmaps it does not cache) goes
    through the proxy as well."""
    c = Checks("proxy: khub with a kubeconfig's proxy-url: its discovery and informer tunnel to the API server; "
               "a kwatch client of khub (loopback, HTTP_PROXY set) is not proxied and lists the server's pods")
    d = proxy_dir("proxy-khub")
    srv = Server("proxy-khub", pods=20, namespaces=2, configmaps=4)
    px = SniffingProxy(credentials=(PROXY_USER, PROXY_PASSWORD), lifetime=int(900 * SLOW))
    auth = basic(PROXY_USER, PROXY_PASSWORD)
    hub = kw = None
    try:
        kc = proxy_kubeconfig(os.path.join(d, "config"), srv.url, px.url(PROXY_USER, PROXY_PASSWORD))
        port = closed_port()
        hub = Kwatch("proxy-khub", None, ["pods", "--kubeconfig", kc, "--listen", "127.0.0.1:%d" % port, "--no-client-auth",
                                          "-v", "--stats"], env=proxy_env(d), binary=tool_bin("khub"))
        if not c.check(hub.wait_for(lambda ln: ln.startswith("khub: info SYNCED: pods: "), 60, stream="err") is not None,
                       "khub never synced %s" % hub.describe()):
            return c.report()
        # the client: HTTP_PROXY names the proxy, but khub is on loopback
        kw = Kwatch("proxy-khub-client", "http://127.0.0.1:%d" % port,
                    ["pods", "-o", "name", "--exit-after-sync", "--dump-on-exit", "--stats"],
                    env=proxy_env(d, HTTP_PROXY=px.url(PROXY_USER, PROXY_PASSWORD)))
        kw.wait(120)
        check_clean_exit(c, kw, 0)
        check_against_server(c, kw, srv, pod_path())
        c.check(kw.stat("bytes_read") > 0 and kw.stat("connections") >= 1, "the client's stats: %s" % kw.describe())
        check_connects(c, "khub", px, srv.port, auth)   # none names khub's port: the client went direct
        tunnels = px.tunnel_requests()
        seen = "; ".join("%d: %s" % (i, t[:3]) for i, t in enumerate(tunnels))
        disc = tunnels_with(tunnels, is_discovery)
        pods = tunnels_with(tunnels, lambda q: req_path(q) == "/api/v1/pods")
        c.check(disc and pods and not set(disc) & set(pods), "khub's discovery and informer tunnels: %s and %s (tunnels %s)"
                % (disc, pods, seen))
        st = srv.stats()
        served = st.get("discovery_aggregated", 0) + st.get("discovery_legacy", 0)
        tunneled = sum(1 for t in tunnels for q in t if is_discovery(q))
        c.check(served >= 1 and served == tunneled, "discovery: the server answered %d requests, %d came through the proxy"
                % (served, tunneled))
        ups = srv.stats().get("by_resource", {})
        pods_reqs = sum(ups.get(k, {}).get("pods", 0) for k in ("list", "watch"))
        c.check(pods_reqs == sum(1 for t in tunnels for q in t if req_path(q) == "/api/v1/pods"),
                "the server took %d lists and watches of pods, the proxy relayed %s (tunnels %s)"
                % (pods_reqs, sum(1 for t in tunnels for q in t if req_path(q) == "/api/v1/pods"), seen))

        # the forwarder: the fourth connection owner, set up with the same configuration
        cf = Checks("proxy: khub's forwarder through the kubeconfig's proxy-url: a forwarded request (GET /version, "
                    "a list of configmaps) tunnels too")
        n0 = len(px.requests())
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never this process's proxy variables
        for path in ("/version", "/api/v1/namespaces/ns-1/configmaps"):
            code = None
            try:
                with direct.open("http://127.0.0.1:%d%s" % (port, path), timeout=30) as r:
                    code = r.status
            except urllib.error.HTTPError as e:
                code = e.code
            except (urllib.error.URLError, OSError) as e:
                code = str(e)
            cf.check(code == 200, "%s through khub: %s" % (path, code))
        tunnels = px.tunnel_requests()
        seen = "; ".join("%d: %s" % (i, t[:3]) for i, t in enumerate(tunnels))
        fwd = [q for t in tunnels for q in t if q in ("GET /version", "GET /api/v1/namespaces/ns-1/configmaps")]
        cf.check(len(fwd) == 2 and len(px.requests()) > n0,
                 "the forwarded requests did not come through the proxy: %d CONNECTs since, tunneled %s (tunnels %s)"
                 % (len(px.requests()) - n0, fwd, seen))
        check_connects(cf, "khub's forwarder", px, srv.port, auth)
        hub.stop()
        check_clean_exit(c, hub, 0)
        check_no_secret(c, hub, secrets_of(PROXY_USER, PROXY_PASSWORD) + [PROXY_TOKEN])
        c.report()
        return cf.report()
    finally:
        close_all([k for k in (kw, hub) if k], [px], srv)


ALL += [("proxy_factory", scenario_proxy_factory, 1), ("proxy_leader", scenario_proxy_leader, 1),
        ("proxy_khub", scenario_proxy_khub, 1)]


def run_one(name, fn):
    try:
        fn(None)
    except Exception as e:
        log(traceback.format_exc())
        report("scenario %s" % name, False, "%s: %s" % (type(e).__name__, e))


def main():
    global OPTS, SLOW, TMP
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kwatch", default=None, help="kwatch binary (default build/kwatch)")
    ap.add_argument("--quick", action="store_true", help="smaller and shorter scenarios")
    ap.add_argument("--valgrind", action="store_true",
                    help="run kwatch under valgrind; only the churn and one fault scenario")
    ap.add_argument("--jobs", type=int, default=0, help="scenarios at once (default 4; --quick 6; valgrind 2)")
    ap.add_argument("--only", action="append", default=[], help="run scenarios whose name contains this")
    ap.add_argument("--verbose", "-v", action="store_true")
    OPTS = ap.parse_args()
    if OPTS.kwatch is None:
        OPTS.kwatch = os.path.join(ROOT, "build", "kwatch")
    OPTS.kwatch = os.path.abspath(OPTS.kwatch)
    if not os.access(OPTS.kwatch, os.X_OK):
        print("not ok - kwatch binary: %s is not executable (make build/kwatch)" % OPTS.kwatch)
        print("0 passed, 1 failed")
        return 1
    if OPTS.valgrind:
        if shutil.which("valgrind") is None:
            print("not ok - valgrind: not installed (apt-get install valgrind)")
            print("0 passed, 1 failed")
            return 1
        SLOW = 4.0
    jobs = OPTS.jobs or (2 if OPTS.valgrind else 6 if OPTS.quick else 4)
    sel = [(n, f, w) for n, f, w in ALL if not OPTS.valgrind or n in VALGRIND_SET]
    if OPTS.only:
        sel = [(n, f, w) for n, f, w in sel if any(o in n for o in OPTS.only)]
    sel.sort(key=lambda x: -x[2])
    TMP = tempfile.mkdtemp(prefix="kinformer-it-")
    t0 = time.monotonic()
    hung = False
    ex = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    try:
        futs = [(n, ex.submit(run_one, n, f)) for n, f, _ in sel]
        deadline = time.monotonic() + 900 * SLOW
        for n, fu in futs:
            try:
                fu.result(timeout=max(1.0, deadline - time.monotonic()))
            except concurrent.futures.TimeoutError:
                report("scenario %s" % n, False, "did not finish within %d s" % (900 * SLOW))
                hung = True
    finally:
        kill_all()
        ex.shutdown(wait=not hung)
        if not OPTS.verbose:
            shutil.rmtree(TMP, ignore_errors=True)
    passed = sum(1 for _, ok, _ in RESULTS if ok)
    failed = len(RESULTS) - passed
    log("wall time %.1f s, logs in %s" % (time.monotonic() - t0, TMP))
    with PRINT_LOCK:
        sys.stdout.write("%d passed, %d failed\n" % (passed, failed))
        sys.stdout.flush()
        if hung:
            os._exit(1)     # a hung scenario thread must not keep the process alive
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
