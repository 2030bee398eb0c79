#!/usr/bin/env python3
"""Puts a block between its markers in a report: splice.py NAME REPORT BLOCKFILE.

The block (BLOCKFILE, starting "<!-- NAME -->" and ending "<!-- /NAME -->")
replaces the one in REPORT, or is appended to it the first time
(bench/run.py keeps such blocks when it rewrites the report)."""
import re
import sys


def main():
    name, report, blockfile = sys.argv[1:4]
    block = open(blockfile).read().strip("\n")
    if not block.startswith("<!-- %s -->" % name) or not block.endswith("<!-- /%s -->" % name):
        raise SystemExit("splice.py: %s is not a %s block" % (blockfile, name))
    s = open(report).read()
    pat = r"<!-- %s -->.*?<!-- /%s -->" % (re.escape(name), re.escape(name))
    if re.search(pat, s, re.S):
        s = re.sub(pat, lambda m: block, s, flags=re.S)
    else:
        s = s.rstrip("\n") + "\n\n" + block + "\n"
    open(report, "w").write(s)
    print("bench: %s's table written into %s" % (name, report))


if __name__ == "__main__":
    main()
