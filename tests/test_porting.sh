#!/bin/sh
# docs/porting.md's Cortex-M table against the compiler: the engine
# (KINF_ENGINE_ONLY) built as the page says, with arm-none-eabi-gcc -Os,
# text + data of the object. Each figure of the page may be at most 3 in
# 100 away from the measured one (the engine grows a little with most
# changes; a figure left behind by a release is caught).
# In every mode, the figures under the table, for Cortex-M3, the same way
# and with the compiler alone (no emulator):
#   the context with the default caps   sizeof(struct kinf_informer_t)
#   tests/engine.c's context            the same under its lowered caps
#   its whole informer                  kinf_informer_size() of its
#                                       descriptor (engine_desc), folded to a
#                                       constant by gcc -O3, read off a symbol
#   gzip's inflater in it               sizeof(kinf__gz)
#   the test program's flash            text + data of tests/engine.c linked
#                                       as tests/cross.sh links it (skipped
#                                       without newlib's libraries)
#
#   sh tests/test_porting.sh          the Cortex-M3 row (make test)
#   sh tests/test_porting.sh --all    every row (Cortex-M0+, M3, M4F, M7)
#   sh tests/test_porting.sh --fix    every row and figure measured and written into the page
#
# Needs gcc-arm-none-eabi (make deps-cross) and jsmn.h; skipped without.
# Last line: "N passed, N failed" (and "N skipped").
cd "$(dirname "$0")/.." || exit 1
mode=${1:-}
case $mode in ""|--all|--fix) ;; *) echo "usage: sh tests/test_porting.sh [--all | --fix]" >&2; exit 2 ;; esac
jsmn=$(for d in /usr/include /usr/local/include; do [ -f "$d/jsmn.h" ] && echo "$d/jsmn.h" && break; done)
if ! command -v arm-none-eabi-gcc >/dev/null 2>&1 || [ -z "$jsmn" ]; then
    echo "skip - porting: no arm-none-eabi-gcc or jsmn.h (make deps-cross)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/include"
cp "$jsmn" "$tmp/include/"    # only jsmn.h: the engine must not reach for the host's other headers
printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n' >"$tmp/impl.c"
OUT="-DKINF_NO_LOG_STRINGS -DKINF_NO_GZIP -DKINF_NO_SNAPSHOT -DKINF_NO_JSONPATCH -DKINF_NO_WATCH_LIST -DKINF_NO_METADATA_ONLY -DKINF_NO_SELECTOR"
# text + data of the engine for CPU (gcc's -mcpu and float flags) with FLAGS
flash() {
    # shellcheck disable=SC2086
    arm-none-eabi-gcc -mcpu=$1 -mthumb -std=c99 -Os -DKINF_ENGINE_ONLY $2 -isystem "$tmp/include" -c -I. "$tmp/impl.c" -o "$tmp/impl.o" 2>"$tmp/err" &&
        arm-none-eabi-size "$tmp/impl.o" | awk 'NR == 2 { print $1 + $2 }'
}
# The RAM figures under the table and the test program's flash, for
# Cortex-M3, each measured in the background while the rows build; each
# writes "NAME BYTES", or "NAME skip WHY" / "NAME fail WHY", to $tmp/ram.NAME.
M3="-mcpu=cortex-m3 -mthumb -std=c99"
# the size (field 2) or the value (field 1) of symbol $2 of object $1, in decimal
sym() { arm-none-eabi-nm -S -t d "$1" | awk -v s="$2" -v f="$3" '$NF == s { print $f + 0 }'; }
errs() { grep -m3 'error' "$1" | tr '\n' ' '; }
printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\nchar kinf_probe_context[sizeof(struct kinf_informer_t)];\n' >"$tmp/ctx.c"
# tests/engine.c itself, with its caps and its descriptor (engine_desc), main
# renamed. With FOLD, the "i" operand must be a constant: gcc -O3 folds
# kinf_informer_size(&d) to one, or the build fails.
cat >"$tmp/eng.c" <<'EOF'
#define main kinf_engine_c_main
#include "tests/engine.c"
#ifndef FOLD
char kinf_probe_context[sizeof(struct kinf_informer_t)];
char kinf_probe_gzip[sizeof(kinf__gz)];
#else
void kinf_probe(void);
void kinf_probe(void) {
    kinf_desc_t d;
    engine_desc(&d);
    __asm__ volatile(".globl kinf_probe_informer\n.set kinf_probe_informer, %c0" : : "i"(kinf_informer_size(&d)));
}
#endif
EOF
# shellcheck disable=SC2086
ram_context() {
    if arm-none-eabi-gcc $M3 -O0 -DKINF_ENGINE_ONLY -isystem "$tmp/include" -c -I. "$tmp/ctx.c" -o "$tmp/ctx.o" 2>"$tmp/ctx.err"; then
        echo "context $(sym "$tmp/ctx.o" kinf_probe_context 2)"
    else
        echo "context fail the engine does not build: $(errs "$tmp/ctx.err")"
    fi
}
# shellcheck disable=SC2086
ram_engine() {
    if arm-none-eabi-gcc $M3 -O0 -isystem "$tmp/include" -c -I. "$tmp/eng.c" -o "$tmp/eng.o" 2>"$tmp/eng.err"; then
        echo "engine_context $(sym "$tmp/eng.o" kinf_probe_context 2)"
        echo "engine_gzip $(sym "$tmp/eng.o" kinf_probe_gzip 2)"
    else
        echo "engine_context fail tests/engine.c does not build: $(errs "$tmp/eng.err")"
        echo "engine_gzip fail tests/engine.c does not build: $(errs "$tmp/eng.err")"
    fi
}
# shellcheck disable=SC2086
ram_fold() {
    if arm-none-eabi-gcc $M3 -O3 -DFOLD -isystem "$tmp/include" -c -I. "$tmp/eng.c" -o "$tmp/fold.o" 2>"$tmp/fold.err"; then
        echo "engine_informer $(sym "$tmp/fold.o" kinf_probe_informer 1)"
    else
        echo "engine_informer fail gcc -O3 does not fold kinf_informer_size of tests/engine.c's descriptor to a constant: $(errs "$tmp/fold.err")"
    fi
}
# the program as tests/cross.sh links it (its warnings aside)
# shellcheck disable=SC2086
ram_program() {
    if [ ! -d /usr/lib/arm-none-eabi/newlib ]; then
        echo "program skip no newlib to link tests/engine.c with (libnewlib-arm-none-eabi)"
    elif arm-none-eabi-gcc $M3 -Os -isystem "$tmp/include" --specs=nano.specs --specs=rdimon.specs -nostartfiles -T tests/cortexm/mps2.ld \
            -o "$tmp/engine.elf" tests/cortexm/startup.c tests/engine.c 2>"$tmp/program.err"; then
        echo "program $(arm-none-eabi-size "$tmp/engine.elf" | awk 'NR == 2 { print $1 + $2 }')"
    else
        echo "program fail tests/engine.c does not link: $(head -3 "$tmp/program.err" | tr '\n' ' ')"
    fi
}
for r in context engine fold program; do "ram_$r" >"$tmp/ram.$r" & done
: >"$tmp/rows"
for row in "Cortex-M0+:cortex-m0plus" "Cortex-M3:cortex-m3" "Cortex-M4F:cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16" "Cortex-M7:cortex-m7"; do
    name=${row%%:*}; cpu=${row#*:}
    [ -z "$mode" ] && [ "$name" != Cortex-M3 ] && continue
    a=$(flash "$cpu" "") && b=$(flash "$cpu" -DKINF_NO_LOG_STRINGS) && c=$(flash "$cpu" "$OUT") && [ -n "$a$b$c" ] ||
        { bad "porting: $name: the engine does not build: $(head -3 "$tmp/err" | tr '\n' ' ')"; continue; }
    echo "$name $a $b $c" >>"$tmp/rows"
done
wait
cat "$tmp"/ram.* >"$tmp/ram"
python3 - "$tmp/rows" docs/porting.md "$mode" "$tmp/ram" >"$tmp/out" <<'PY'
import re, sys
rows = [ln.split() for ln in open(sys.argv[1]) if ln.strip()]
doc = open(sys.argv[2]).read()
num = lambda n: "{:,}".format(n)
bad = 0
for name, *vals in rows:
    vals = [int(v) for v in vals]
    m = re.search(r"^\| %s \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$" % re.escape(name), doc, re.M)
    if sys.argv[3] == "--fix":
        if m:
            doc = doc[:m.start()] + "| %s | %s |" % (name, " | ".join(num(v) for v in vals)) + doc[m.end():]
            print("# --fix: %s: %s" % (name, ", ".join(num(v) for v in vals)))
        continue
    if not m:
        print("not ok - porting: docs/porting.md has no row for %s" % name)
        bad += 1
        continue
    said = [int(x.replace(",", "")) for x in m.groups()]
    off = [abs(s - v) * 100.0 / v for s, v in zip(said, vals)]
    if max(off) <= 3.0:
        print("ok - porting: %s: the page's %s within 3%% of the compiler's %s" % (name, ", ".join(num(s) for s in said),
              ", ".join(num(v) for v in vals)))
    else:
        print("not ok - porting: %s: the page says %s, arm-none-eabi-gcc -Os gives %s (sh tests/test_porting.sh --fix)"
              % (name, ", ".join(num(s) for s in said), ", ".join(num(v) for v in vals)))
        bad += 1
# README.md's KiB figures for Cortex-M3 (flash, and with the optional parts out), rounded
m3 = [r for r in rows if r[0] == "Cortex-M3"]
if m3:
    full, small = int(m3[0][1]), int(m3[0][3])
    readme = re.sub(r"\s+", " ", open("README.md").read())
    said = [(w, int(x)) for w, rx in (("flash", r"(\d+) KiB of flash at `-Os` on Cortex-M3"), ("flash", r"Cortex-M3 is (\d+) KiB of flash"),
                                      ("the optional parts out", r"on Cortex-M3, (\d+) KiB with the optional parts"))
            for x in re.findall(rx, readme)]
    wrong = [(w, x) for w, x in said if abs(x - (full if w == "flash" else small) / 1024.0) > 1.0]
    if sys.argv[3] != "--fix":
        if len(said) == 3 and not wrong:
            print("ok - porting: README.md's Cortex-M3 figures (%s KiB) agree" % ", ".join(str(x) for _, x in said))
        else:
            print("not ok - porting: README.md's Cortex-M3 figures %r, want %d KiB of flash, %d with the optional parts out"
                  % (said, round(full / 1024.0), round(small / 1024.0)))
            bad += 1
        rows.append(["README.md"])
    elif wrong:
        print("# --fix: README.md's Cortex-M3 figures are to be written by hand: %d KiB of flash, %d KiB with the optional parts out"
              % (round(full / 1024.0), round(small / 1024.0)))
# The RAM figures: where the page says each (N the figure, (...) a
# parenthesis; a space is any whitespace, the prose wraps), and what it is.
ram_at = [("context", "(`struct kinf_informer_t`) is N bytes on Cortex-M3 with the default caps", "the context with the default caps"),
          ("engine_context", "its context is N bytes", "tests/engine.c's context"),
          ("engine_informer", "its whole informer (...) N bytes", "tests/engine.c's whole informer"),
          ("engine_gzip", "of which N are gzip's inflater", "gzip's inflater in it"),
          ("program", "The test program (...) is N bytes of flash", "the test program's flash")]
measured = dict(ln.rstrip("\n").partition(" ")[::2] for ln in open(sys.argv[4]) if ln.strip())
ram_ok = ram_bad = skipped = 0
for name, phrase, what in ram_at:
    rx = r"\s+".join({"N": r"([\d,]+)", "(...)": r"\([^)]*\)"}.get(w, re.escape(w)) for w in phrase.split(" "))
    m = re.search(rx, doc)
    got = measured.get(name, "fail not measured")
    if got.startswith("skip "):
        print("ok - # SKIP porting: Cortex-M3: %s: %s" % (what, got[5:]))
        skipped += 1
        continue
    if got.startswith("fail ") or not got.isdigit():
        print("not ok - porting: Cortex-M3: %s: %s" % (what, got[5:] if got.startswith("fail ") else "measured " + repr(got)))
        ram_bad += 1
        continue
    val = int(got)
    if sys.argv[3] == "--fix":
        if m:
            doc = doc[:m.start(1)] + num(val) + doc[m.end(1):]
            print("# --fix: Cortex-M3: %s: %s" % (what, num(val)))
        else:
            print("# --fix: docs/porting.md does not say %s (%s): to be written by hand" % (what, num(val)))
        continue
    if not m:
        print("not ok - porting: docs/porting.md does not say %s (Cortex-M3: %s)" % (what, num(val)))
        ram_bad += 1
        continue
    said = int(m.group(1).replace(",", ""))
    if abs(said - val) * 100.0 / val <= 3.0:
        print("ok - porting: Cortex-M3: %s: the page's %s within 3%% of the compiler's %s" % (what, num(said), num(val)))
        ram_ok += 1
    else:
        print("not ok - porting: Cortex-M3: %s: the page says %s, arm-none-eabi-gcc gives %s (sh tests/test_porting.sh --fix)"
              % (what, num(said), num(val)))
        ram_bad += 1
if sys.argv[3] == "--fix":
    open(sys.argv[2], "w").write(doc)
    print("# --fix: the figures written; run again without --fix to check them")
print("%d %d %d" % (len(rows) - bad + ram_ok if sys.argv[3] != "--fix" else 0, bad + ram_bad, skipped))
PY
sed '$d' "$tmp/out"
set -- $(tail -1 "$tmp/out")
pass=$((pass + ${1:-0})); fail=$((fail + ${2:-1})); skipped=${3:-0}
if [ "$skipped" -gt 0 ]; then echo "$pass passed, $fail failed, $skipped skipped"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
