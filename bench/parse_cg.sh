#!/bin/sh
# make bench-parse-cg: instructions per byte of each row of bench/parse.c,
# counted by callgrind (where perf_event_open gives no counter): for each
# peer, the instructions of a run with 2 passes more than a run with none,
# over the bytes of those 2 passes. Callgrind counts instructions, so the
# load of the machine does not change them. Under valgrind simdjson picks
# its AVX2 (haswell) kernel: valgrind has no AVX-512.
set -e
bin=${1:-build/bench-parse}
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null 2>&1 || { echo "bench-parse-cg: valgrind is not installed: skipped"; exit 0; }
count() { # peer passes -> instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --only "$1" --passes "$2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
bytes=$("$bin" --only memcpy --passes 1 | sed -n 's/.*passes of \([0-9]*\) bytes/\1/p')
printf '%-20s %10s\n' parser instr/B
for p in full defaults keep3 scanner simdjson-dom simdjson-ondemand jsmn memcpy; do
    a=$(count "$p" 0); b=$(count "$p" 2)
    if [ -n "$a" ] && [ -n "$b" ]; then
        awk -v a="$a" -v b="$b" -v n="$bytes" -v p="$p" 'BEGIN { printf "%-20s %10.2f\n", p, (b - a) / (2 * n) }'
    else
        printf '%-20s %10s\n' "$p" "-"
    fi
done
