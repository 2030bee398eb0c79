#!/usr/bin/env python3
"""Builds kinformer.h from the modules in src/, in src/MANIFEST's order.

    python3 src/mkheader.py              write kinformer.h
    python3 src/mkheader.py --lines      ... with #line directives (compiler
                                         errors then name src/ files)
    python3 src/mkheader.py --check      exit 1 when kinformer.h, its contents
                                         list or docs/architecture.md's module
                                         list differ from what src/ makes

Each module's grep anchors ("/* >>NAME ...") must name the module itself, so
a section never reappears in another file. The contents list in the header
is written from the manifest, at base.c's @CONTENTS@ line.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BANNER = "   Generated from src/ (src/MANIFEST, src/mkheader.py): edit there, then make kinformer.h."


def manifest():
    mods = []
    with open(os.path.join(ROOT, "src", "MANIFEST")) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            name, _, desc = line.partition(" ")
            mods.append((name, desc.strip()))
    return mods


def stem(name):
    return name.rsplit(".", 1)[0]


def contents(mods):
    out = ["/* CONTENTS (from src/MANIFEST; grep for the anchor, e.g. \"/\\* >>store\"), in layer order:"]
    for name, desc in mods:
        if name.endswith(".h"):
            continue
        out.append("     >>%-11s src/%-15s %s" % (stem(name), name, desc))
    out.append("   A module uses only the modules above it. Private names carry their")
    out.append("   module: kinf__http_, kinf__scan_, kinf__store_, kinf__conn_, kinf__rf_ ... */")
    return "\n".join(out)


def version_of(text):
    """KINF_VERSION_MAJOR.MINOR.PATCH as written in api.h's defines."""
    parts = [re.search(r"^#define KINF_VERSION_%s (\d+)$" % p, text, re.M) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(m.group(1) for m in parts) if all(parts) else None


def problems_in(name, text):
    errs = []
    if name == "api.h":  # the manual's first line names the version the defines give
        v = version_of(text)
        first = text.split("\n", 1)[0]
        if v is None:
            errs.append("src/api.h: no KINF_VERSION_MAJOR/MINOR/PATCH defines")
        elif " v%s " % v not in first:
            errs.append("src/api.h:1: the first line does not say v%s (KINF_VERSION_*)" % v)
    if name.endswith(".h"):
        return errs
    for m in re.finditer(r"^/\* >>(\S+)", text, re.M):
        if m.group(1) != stem(name):
            line = text.count("\n", 0, m.start()) + 1
            errs.append("src/%s:%d: anchor >>%s is not this module's (>>%s)" % (name, line, m.group(1), stem(name)))
    if not re.search(r"^/\* >>%s\b" % re.escape(stem(name)), text, re.M):
        errs.append("src/%s: no >>%s anchor" % (name, stem(name)))
    return errs


def build(lines):
    mods = manifest()
    parts, errs = [], []
    for name, _ in mods:
        with open(os.path.join(ROOT, "src", name)) as f:
            text = f.read()
        errs += problems_in(name, text)
        if "@CONTENTS@" in text:
            text = re.sub(r"^/\* @CONTENTS@.*\*/$", lambda _m: contents(mods), text, count=1, flags=re.M)
        if lines:
            text = '#line 1 "src/%s"\n' % name + text
        parts.append(text)
    out = "".join(parts)
    first, rest = out.split("\n", 1)
    return first + "\n" + BANNER + "\n" + rest, mods, errs


def doc_modules():
    """The module list in docs/architecture.md, between its module markers."""
    path = os.path.join(ROOT, "docs", "architecture.md")
    with open(path) as f:
        text = f.read()
    m = re.search(r"<!-- modules -->(.*?)<!-- /modules -->", text, re.S)
    if not m:
        return None
    return re.findall(r"src/([a-z_]+\.[ch])\b", m.group(1))


def main():
    args = sys.argv[1:]
    out, mods, errs = build("--lines" in args)
    target = os.path.join(ROOT, "kinformer.h")
    if "--check" in args:
        with open(target) as f:
            have = f.read()
        if have != out:
            a, b = have.split("\n"), out.split("\n")
            i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
            errs.append("kinformer.h differs from what src/ makes (first at line %d): run make kinformer.h" % (i + 1))
        want = [n for n, _ in mods]
        doc = doc_modules()
        if doc is None:
            errs.append("docs/architecture.md: no <!-- modules --> list")
        elif [d for d in doc if d in want or d.endswith(".c")] != want[1:] and doc != want:
            errs.append("docs/architecture.md's module list is not src/MANIFEST's: %s" % " ".join(doc))
    for e in errs:
        print(e, file=sys.stderr)
    if errs:
        return 1
    if "--check" not in args:
        with open(target, "w") as f:
            f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
