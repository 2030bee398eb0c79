#!/bin/sh
# The unit checks in four configurations of one source: plain, ASan+UBSan
# (with the store's self-checks), without SSE2 (the portable string runs), and
# with TLS (kinf_init and kinf_check on CA and client material), and with
# the workqueue's threads (KINF_WORKQUEUE_THREADS: workers on one queue). A check
# passes only if it passes in every configuration; the line printed last is
# the plain build's count of checks, with the failures of all four.
cd "$(dirname "$0")/.." || exit 1
fail=0; plain=""
for cfg in unit unit-asan unit-nosimd unit-struct unit-tls unit-threads; do
    out=$(build/$cfg 2>&1); rc=$?
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    runs=$(printf '%s\n' "$out" | grep -E '^# [0-9]+ assertions run' | tail -1)
    printf '%s\n' "$out" | grep -E '^FAIL' | head -20
    echo "# configuration $cfg: ${line:-no result line} (${runs#\# }, exit $rc)"
    f=$(echo "$line" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/p')
    [ -z "$line" ] && f=1
    [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ] && f=1
    fail=$((fail + f))
    [ "$cfg" = unit ] && plain=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
done
echo "${plain:-0} passed, $fail failed"
[ "$fail" -eq 0 ]
