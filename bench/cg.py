#!/usr/bin/env python3
"""Instruction counts of kwatch under callgrind, the measures of
docs/optimisation.md (rounds 7 to 10), reproducibly:

  bench: list of 1,000   kwatch -o none against bench/server.py's pods, --exit-after-sync
  bench: per event       (instructions of the same list + M MODIFIED events
                          - instructions of the list alone) / M
  2,000 pods, full       tests/fakeapi.py --pods 2000, --list-limit 5000
  2,000 pods, --keep     the same with --keep metadata.labels,spec.nodeName,status.phase

usage: python3 bench/cg.py [--kwatch BIN] [--events M] [--json-diff OTHER_BIN] [--skip-fakeapi]
       (callgrind files: bench/out/cg.$CG_TAG{list,watch,pods2000full,pods2000keep}.out)

Without --kwatch it builds kwatch from this tree (-O2 -g, BearSSL when its
header is there) into bench/out/cg-kwatch. With --json-diff it also runs both
binaries with -o json on the 2,000-pod list (full and --keep) and on a
watch of M events (full and --keep), and says whether the outputs are
byte-identical. Callgrind counts instructions, so the load of the machine
does not change the figures. Every server stops by itself (--lifetime).
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run as benchrun  # noqa: E402  (BenchServer, store_sizes)

KEEP = "metadata.labels,spec.nodeName,status.phase"


def build(out):
    argv = [os.environ.get("CC", "cc"), "-std=c99", "-O2", "-g"]
    tls = os.path.exists("/usr/include/bearssl.h")
    argv += (["-DKINF_TLS_BEARSSL"] if tls else []) + ["-o", out, os.path.join(ROOT, "tools", "kwatch.c")]
    argv += ["-lbearssl"] if tls else []
    subprocess.run(argv, check=True, timeout=600)
    return out


def cg_total(argv, name):
    outf = os.path.join(benchrun.OUT, "cg.%s%s.out" % (os.environ.get("CG_TAG", ""), name))
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--callgrind-out-file=" + outf] + argv,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)
    with open(outf) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1]), outf
    raise SystemExit("cg: no total in " + outf)


class FakeApi:
    def __init__(self, pods):
        fd, self.port_file = tempfile.mkstemp(prefix="cg-port-")
        os.close(fd)
        os.unlink(self.port_file)
        self.p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tests", "fakeapi.py"), "--port", "0",
                                   "--port-file", self.port_file, "--lifetime", "1800", "--exit-with-parent",
                                   "--pods", str(pods)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while not os.path.exists(self.port_file) or os.path.getsize(self.port_file) == 0:
            if self.p.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("cg: fakeapi did not start")
            time.sleep(0.1)
        time.sleep(0.1)
        with open(self.port_file) as f:
            self.url = "http://127.0.0.1:%d" % int(f.read())

    def stop(self):
        self.p.terminate()
        try:
            self.p.wait(10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        try:
            os.unlink(self.port_file)
        except OSError:
            pass


def digest(argv):
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=600)
    return hashlib.sha256(r.stdout).hexdigest()[:16], len(r.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kwatch")
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--json-diff", metavar="OTHER_BIN")
    ap.add_argument("--skip-fakeapi", action="store_true")
    a = ap.parse_args()
    os.makedirs(benchrun.OUT, exist_ok=True)
    kw = a.kwatch or build(os.path.join(benchrun.OUT, "cg-kwatch"))
    n, m = 1000, a.events
    srv = benchrun.BenchServer("pods", n, m)
    try:
        base = [kw, "-s", srv.url, "pods"] + benchrun.LISTWATCH + benchrun.store_sizes("pods", n, srv.info, False)
        srv.arm(0)
        lst, _ = cg_total(base + ["-o", "none", "--exit-after-sync"], "list")
        srv.arm(m)
        wat, wf = cg_total(base + ["-o", "none", "--max-events", str(n + m)], "watch")
        print("bench: list of %d       %10d  (%.2f M)" % (n, lst, lst / 1e6))
        print("bench: list + %d events %10d  (%s)" % (m, wat, wf))
        print("bench: per event         %10.0f  (%.2f k)" % ((wat - lst) / m, (wat - lst) / m / 1e3))
        if a.json_diff:
            for extra in ([], ["--keep", KEEP]):
                outs = []
                for b in (kw, a.json_diff):
                    srv.arm(m)
                    outs.append(digest([b, "-s", srv.url, "pods"] + (benchrun.LISTWATCH if b == kw else [])
                                       + benchrun.store_sizes("pods", n, srv.info, False)
                                       + ["-o", "json", "--max-events", str(n + m)] + extra))
                print("json watch %-6s %s %s" % ("keep" if extra else "full", "SAME" if outs[0] == outs[1] else "DIFFER", outs))
    finally:
        srv.stop()
    if a.skip_fakeapi:
        return
    fa = FakeApi(2000)
    try:
        for name, extra in (("full", []), ("keep", ["--keep", KEEP])):
            rest = ["-s", fa.url, "pods", "--list-limit", "5000", "--exit-after-sync"] + extra
            argv = [kw] + benchrun.LISTWATCH + rest
            t, _ = cg_total(argv + ["-o", "none"], "pods2000" + name)
            print("2,000 pods, %-4s         %10d  (%.2f M)" % (name, t, t / 1e6))
            if a.json_diff:
                outs = [digest([b] + (benchrun.LISTWATCH if b == kw else []) + rest + ["-o", "json"]) for b in (kw, a.json_diff)]
                print("json list  %-6s %s %s" % (name, "SAME" if outs[0] == outs[1] else "DIFFER", outs))
    finally:
        fa.stop()


if __name__ == "__main__":
    main()
