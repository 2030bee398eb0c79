#!/usr/bin/env python3
"""Deliberate bugs, one at a time: does a test catch each?

    python3 tests/mutants.py [--list] [ID ...]     (make mutants)

Each mutant in tests/mutants.txt changes one line of a module in src/. For
each, a copy of the tree gets the change, kinformer.h is built from it, and
the suite named for the mutant runs against it (unit: tests/unit/main.c,
with TLS; unit-struct: the same with KINF_SCAN_STRUCTURAL; engine:
tests/engine.c, the engine alone). A mutant may instead
name a check: "build:" the make targets to build with the mutant applied
(a tool, say build/kubediff) and "check:" the command to run in the copy
(an integration scenario, say `python3 tests/integration.py --kwatch
build/kwatch --only kubediff_leader`), "timeout:" its bound in seconds
(600 by default). Each check is run once unmutated first; when it fails
there, its mutants are not run (a check that fails anyway catches nothing).
A mutant's file may be any file of the tree (src/, tools/, docs/, README.md, .clang-format). A mutant is
caught when the suite or check fails, does not build or does not finish in
time. The tree itself is never touched. Mutants marked "equivalent:" are run too, and listed apart
with the reason they cannot be caught. Last line: "N caught, N survived,
N equivalent" (and the share caught of the others). Not part of make test.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITES = {
    "unit": (["cc", "-std=c99", "-O1", "-g", "-DKINF_TLS_BEARSSL", "-o", "{out}", "tests/unit/main.c", "-lbearssl"], 300),
    "engine": (["cc", "-std=c99", "-O1", "-g", "-o", "{out}", "tests/engine.c"], 120),
    # the unit tests with the scanner's structural pass compiled in
    "unit-struct": (["cc", "-std=c99", "-O1", "-g", "-DKINF_TLS_BEARSSL", "-DKINF_SCAN_STRUCTURAL", "-o", "{out}", "tests/unit/main.c", "-lbearssl"], 300),
}


def load(path):
    """The mutants: id, name, file, suite, old line, new line, equivalent reason."""
    out, cur = [], None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("== "):
                ident, _, name = line[3:].partition(" ")
                cur = {"id": ident, "name": name, "suite": "unit", "equivalent": None, "at": n}
                out.append(cur)
            elif cur is None or not line.strip() or line.startswith("#"):
                continue
            elif line.startswith("file: "):
                cur["file"] = line[6:].strip()
            elif line.startswith("suite: "):
                cur["suite"] = line[7:].strip()
            elif line.startswith("build: "):
                cur["build"] = line[7:].split()
            elif line.startswith("check: "):
                cur["check"] = line[7:].strip()
                cur["suite"] = "check"
            elif line.startswith("timeout: "):
                cur["timeout"] = int(line[9:])
            elif line.startswith("equivalent: "):
                cur["equivalent"] = line[12:].strip()
            elif line.startswith("-"):
                cur["old"] = line[1:]
            elif line.startswith("+"):
                cur["new"] = line[1:]
            else:
                raise SystemExit("%s:%d: not a mutant line: %s" % (path, n, line))
    for m in out:
        for k in ("file", "old", "new"):
            if k not in m:
                raise SystemExit("%s:%d: mutant %s has no %s" % (path, m["at"], m["id"], k))
    return out


def verdict(r):
    """caught or survived, and why, from a finished suite or check"""
    fails = [l for l in r.stdout.splitlines() if l.startswith("FAIL") or l.startswith("not ok")]
    last = [l for l in r.stdout.splitlines() if re.match(r"^\d+ passed, \d+ failed", l)]
    if r.returncode or fails:
        return "caught", (fails[0] if fails else (last[-1] if last else "exit %d" % r.returncode))[:100]
    return "survived", last[-1] if last else ""


def check(m, work):
    """a mutant's check: its make targets built in the copy, then its command"""
    if m.get("build"):
        r = subprocess.run(["make", "-s", "-j2"] + m["build"], cwd=work, capture_output=True, text=True)
        if r.returncode:
            return "caught", "does not build: " + (r.stderr.strip().splitlines() or [""])[-1][:80]
    limit = m.get("timeout", 600)
    try:
        r = subprocess.run(["sh", "-c", m["check"]], cwd=work, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "caught", "did not finish in %d s" % limit
    return verdict(r)


def run(m, work):
    path = os.path.join(work, m["file"])
    with open(path) as f:
        src = f.read()
    lines = src.split("\n")
    hits = [i for i, l in enumerate(lines) if l == m["old"]]
    if len(hits) != 1:
        return "not applied (the line is there %d times)" % len(hits), None
    lines[hits[0]] = m["new"]
    try:
        with open(path, "w") as f:
            f.write("\n".join(lines))
        r = subprocess.run([sys.executable, "src/mkheader.py"], cwd=work, capture_output=True, text=True)
        if r.returncode:
            return "caught", "the header does not build: " + r.stderr.strip()[:80]
        if m["suite"] == "check":
            return check(m, work)
        argv, limit = SUITES[m["suite"]]
        out = os.path.join(work, "mutant-bin")
        r = subprocess.run([a.format(out=out) for a in argv], cwd=work, capture_output=True, text=True)
        if r.returncode:
            return "caught", "does not compile"
        try:
            r = subprocess.run([out], cwd=work, capture_output=True, text=True, errors="replace", timeout=limit)
        except subprocess.TimeoutExpired:
            return "caught", "did not finish in %d s" % limit
        return verdict(r)
    finally:
        with open(path, "w") as f:
            f.write(src)


def main():
    args = sys.argv[1:]
    muts = load(os.path.join(ROOT, "tests", "mutants.txt"))
    if "--list" in args:
        for m in muts:
            print("%s %s (%s, %s)%s" % (m["id"], m["name"], m["file"], m.get("check", m["suite"]), " equivalent" if m["equivalent"] else ""))
        return 0
    if args:
        muts = [m for m in muts if m["id"] in args]
    work = tempfile.mkdtemp(prefix="kinf-mutants-")
    try:
        # examples: pod_configmaps.h, which the unit tests include; tools and the Makefile: the checks' builds
        for d in ("src", "tests", "examples", "tools"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(work, d), ignore=shutil.ignore_patterns("__pycache__", "fuzz", "testdata"))
        os.symlink(os.path.join(ROOT, "tests", "testdata"), os.path.join(work, "tests", "testdata"))
        # bench's C programs: test_build.sh compiles them
        os.mkdir(os.path.join(work, "bench"))
        for f in os.listdir(os.path.join(ROOT, "bench")):
            if f.endswith((".c", ".h", ".cpp")):
                shutil.copy(os.path.join(ROOT, "bench", f), os.path.join(work, "bench", f))
        shutil.copy(os.path.join(ROOT, "kinformer.h"), work)
        shutil.copy(os.path.join(ROOT, "Makefile"), work)
        # the docs, README.md and .clang-format: the checks of their figures and of the style
        shutil.copytree(os.path.join(ROOT, "docs"), os.path.join(work, "docs"), ignore=shutil.ignore_patterns("*.png"))
        for f in ("README.md", ".clang-format"):
            shutil.copy(os.path.join(ROOT, f), work)
        # each check once unmutated: one that fails there catches nothing
        broken = {}
        for cmd in sorted(set(m["check"] for m in muts if m["suite"] == "check")):
            base = dict(next(m for m in muts if m.get("check") == cmd))
            v, why = check(base, work)
            if v != "survived":
                broken[cmd] = why
                print("check fails unmutated, its mutants not run: %s: %s" % (cmd, why), flush=True)
        caught = survived = equiv = notrun = 0
        for m in muts:
            if m.get("check") in broken:
                res, why = "not run (its check fails unmutated)", broken[m["check"]]
            else:
                res, why = run(m, work)
            tag = res
            if m["equivalent"] and res == "survived":
                equiv += 1
                tag = "equivalent"
                why = m["equivalent"]
            elif res == "caught":
                caught += 1
            elif res == "survived":
                survived += 1
            else:
                notrun += 1
            print("%-10s %-4s %s (%s): %s" % (tag, m["id"], m["name"], m["file"], why or ""), flush=True)
        counted = caught + survived
        share = (100.0 * caught / counted) if counted else 0.0
        if notrun:
            print("%d not run: the line each changes is no longer in its file (update tests/mutants.txt), or its check fails unmutated" % notrun)
        print("%d caught, %d survived, %d equivalent (%.0f %% of the others caught)" % (caught, survived, equiv, share))
        return 0 if survived == 0 and notrun == 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
