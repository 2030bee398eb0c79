#!/bin/sh
# docs/factory.md's memory figures against the sizing functions: builds
# bench/factory_sizes.c (with TLS when BearSSL is there) and checks every
# figure of the edge agent's budget, the per-informer costs and the
# per-resource example. The figures are x86_64's: elsewhere it skips.
# With --fix it writes the sizing functions' figures into the docs first
# (each wrong figure where its sentence or table row stands), then checks.
# Last line: "N passed, N failed" (and "N skipped").
cd "$(dirname "$0")/.." || exit 1
if [ "$(uname -m)" != x86_64 ] || [ ! -f /usr/include/bearssl.h ]; then
    echo "ok - budget: skipped (the figures are x86_64's with BearSSL)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
mkdir -p build
if ! ${CC:-cc} -std=c99 -Wall -Wextra -I. -o build/factory_sizes bench/factory_sizes.c -DKINF_TLS_BEARSSL -lbearssl; then
    echo "not ok - budget: bench/factory_sizes.c does not build"
    echo "0 passed, 1 failed"
    exit 1
fi
build/factory_sizes >build/factory_sizes.out || { echo "not ok - budget: factory_sizes failed"; echo "0 passed, 1 failed"; exit 1; }
python3 - build/factory_sizes.out docs/factory.md "${1:-}" <<'PY'
import re, sys
v = {}
for line in open(sys.argv[1]):
    k, _, n = line.partition(" ")
    v[k] = int(n)
doc = open(sys.argv[2]).read()
def num(x):
    return "{:,}".format(x)
# (what, the text docs/factory.md must hold)
want = [
    ("the rest of one informer", "| one informer: its context (request, head and token buffers, the scanner), slots, hash and index buckets, tokens, handlers | %s |" % num(v["informer_rest"])),
    ("the TLS block", "| its TLS block | %s |" % num(v["tls_block"])),
    ("one informer", "| **one informer** (`kinf_informer_size`) | **%s** |" % num(v["informer"])),
    ("six informers", "| six informers | %s |" % num(v["informers_6"])),
    ("discovery", "| discovery (with its TLS block) | %s |" % num(v["discovery"])),
    ("the factory's slots and context", "| the factory's slots and context | %s |" % num(v["factory_fixed_6"])),
    ("the block", "| **the block** (`kinf_factory_size`) | **%s** (%.1f MiB) |" % (num(v["block_6"]), v["block_6"] / 1048576.0)),
    ("the block over http", "the block is %s\nbytes" % num(v["http_block_6"])),
    ("the factory's cost per informer", "beyond its informers is %s bytes per\ninformer" % num(v["factory_per_informer"])),
    ("the slot in the formula", "max_informers * %s    (a slot's" % num(v["factory_per_informer"])),
    ("the slot, plain or TLS", "is its slot: %s bytes (x86_64), plain or over TLS" % num(v["factory_per_informer"])),
    ("beyond the store", "is %s bytes over http and %s over https" % (num(v["http_informer_beyond_store"]), num(v["informer_beyond_store"]))),
    ("the TLS block in the text", "its TLS block, %s bytes on x86_64" % num(v["tls_block"])),
    ("per-resource example", "the block is %s bytes over https,\n%s over http" % (num(v["block_caps"]), num(v["http_block_caps"]))),
    ("kwatch --all's fixed parts", "has %s bytes of fixed parts" % num(v["kwatch_all_fixed"])),
    ("kwatch --all's block", "a block of %s bytes" % num(v["kwatch_all_budget"])),
    ("kwatch --all's shares before the budget", "sized for the worst case took\n%s" % num(v["kwatch_all_shares"])),
]
def refit(text, t):
    """text with the one place that reads as t but for its numbers (line
    breaks aside) given t's numbers, its line breaks kept; text unchanged
    when it already reads as t or there is not exactly one such place"""
    if t in re.sub(r"[ \t]*\n[ \t]*", " ", text) or t in re.sub(r"[ \t]*\n[ \t]*", "\n", text):
        return text
    parts = re.split(r"(\d[\d,.]*)", t)
    rx = "".join(re.escape(x).replace(r"\ ", r"[ \t\n]+").replace("\\\n", r"[ \t]*\n[ \t]*") if i % 2 == 0
                 else r"\d[\d,.]*" for i, x in enumerate(parts))
    found = list(re.finditer(rx, text))
    if len(found) != 1:
        print("# --fix: %d places read as %r" % (len(found), t))
        return text
    nums = iter(parts[1::2])
    fixed = re.sub(r"\d[\d,.]*", lambda _: next(nums), found[0].group(0))
    return text[:found[0].start()] + fixed + text[found[0].end():]
mem = open("docs/memory.md").read()
# the owners of a connection over https, defaults (docs/memory.md), and
# that each is smaller than before the connection layer (the "before" column),
# the informer but for what the snapshot journal added since (docs/memory.md
# says it: a base reference of 4 bytes in each of the 1,024 slots, and 16
# bytes of context)
for what, key in (("an informer", "owner_informer"), ("discovery", "owner_discovery"), ("the write client", "owner_client")):
    m = re.search(r"\| %s \| ([0-9,]+) \| ([0-9,]+) \|" % re.escape(what), mem)
    if not m:
        print("# docs/memory.md has no row for %s" % what); want.append((what, "(a row in docs/memory.md)")); continue
    before, now = int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))
    # the informer has since grown by its selectors (docs/memory.md says so): its
    # figure must be right; discovery and the client must still be smaller
    if now != v[key] or (now >= before and what != "an informer"):
        print("# %s: docs/memory.md says %d (before %d), kinf_*_size says %d" % (what, now, before, v[key]))
        want.append((what, "(docs/memory.md's figure)"))
# the worked example's table (docs/memory.md): its rows add up to the size
rest = v["we_projected"] - (2 << 20) - 65536 - 16384 - v["we_objects"]
if v["we_full"] - (32 << 20) != v["we_projected"] - (2 << 20):
    print("# the worked example: the full informer is not the projected one but for the store")
    want.append(("the worked example", "(docs/memory.md's worked example)"))
for what, t in (("the worked example's objects", "max_objects` 6000 adds over 1) | %s | %s |" % (num(v["we_objects"]), num(v["we_objects"]))),
                ("the worked example's rest", "index definitions, alignment | %s | %s |" % (num(rest), num(rest))),
                ("the worked example's total", "| **`kinf_informer_size`** | **%s** (%.1f MiB) | **%s** (%.1f MiB) |"
                 % (num(v["we_projected"]), v["we_projected"] / 1048576.0, num(v["we_full"]), v["we_full"] / 1048576.0))):
    if t not in mem:
        print("# %s: docs/memory.md lacks %r" % (what, t))
        want.append((what, "(docs/memory.md's worked example)"))
        if len(sys.argv) > 3 and sys.argv[3] == "--fix":
            mem = refit(mem, t)
# the trust store's cost (docs/memory.md): per anchor, and the TLS block for Debian's bundle
mflat = re.sub(r"[ \t]*\n[ \t]*", " ", mem)
for what, t in (("an anchor's slot", "%s bytes per anchor" % num(v["tls_anchor_slot"])),
                ("the default TLS block", "the TLS block is %s bytes" % num(v["tls_block"])),
                ("the TLS block for Debian's bundle", "Debian's bundle (144 CAs, 61,917 bytes of names and keys) makes it %s" % num(v["tls_block_debian"]))):
    if t not in mflat:
        print("# %s: docs/memory.md lacks %r" % (what, t))
        want.append((what, "(docs/memory.md's trust store figure)"))
kwdoc = open("docs/kwatch.md").read()
kw = re.sub(r"[ \t]*\n[ \t]*", " ", kwdoc)
kw_want = (("kwatch --all's fixed parts", "take %.1f MB of fixed parts" % (v["kwatch_all_fixed"] / 1e6)),
           ("kwatch --all's address space", "reserves %.1f MB of address space" % (v["kwatch_all_budget"] / 1e6)),
           ("kwatch --all's address space before", "(it reserved %.2f GB before)" % (v["kwatch_all_shares"] / 1e9)))
for what, t in kw_want:
    if t not in kw:
        print("# %s: docs/kwatch.md lacks %r" % (what, t))
        want.append((what, "(docs/kwatch.md's figure)"))
if len(sys.argv) > 3 and sys.argv[3] == "--fix":
    for w, t in want:
        if not t.startswith("("):
            doc = refit(doc, t)
    for what, key in (("an informer", "owner_informer"), ("discovery", "owner_discovery"), ("the write client", "owner_client")):
        mem = re.sub(r"(\| %s \| [0-9,]+ \| )[0-9,]+( \|)" % re.escape(what), lambda m: m.group(1) + num(v[key]) + m.group(2), mem)
    for t in ("%s bytes per anchor" % num(v["tls_anchor_slot"]), "the TLS block is %s bytes" % num(v["tls_block"]),
              "Debian's bundle (144 CAs, 61,917 bytes of names and keys) makes it %s" % num(v["tls_block_debian"])):
        mem = refit(mem, t)
    for what, t in kw_want:
        kwdoc = refit(kwdoc, t)
    open(sys.argv[2], "w").write(doc)
    open("docs/memory.md", "w").write(mem)
    open("docs/kwatch.md", "w").write(kwdoc)
    print("# --fix: the figures written; run again without --fix to check them")
    sys.exit(0)
flat = re.sub(r"[ \t]*\n[ \t]*", "\n", doc)
bad = [(w, t) for w, t in want if t not in flat]
# the parts add up to one informer, and six plus the rest to the block
parts = v["informer_rest"] + 16384 + v["tls_block"] + 65536 + 262144
if parts != v["informer"]:
    bad.append(("the parts", "add up to %d, not %d" % (parts, v["informer"])))
if v["informers_6"] + v["discovery"] + v["factory_fixed_6"] != v["block_6"]:
    bad.append(("the block's parts", "do not add up"))
for w, t in bad:
    print("# %s: docs/factory.md lacks %r" % (w, t))
n = len(want) + 2
print("%s - budget: docs/factory.md's and docs/memory.md's %d figures equal the sizing functions'" % ("ok" if not bad else "not ok", n))
print("%d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
sys.exit(1 if bad else 0)
PY
