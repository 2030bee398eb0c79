#!/bin/sh
# Runs every test suite; each ends with "N passed, M failed". Prints each
# suite's result, then the sum as the last line. Logs go to build/test-logs/.
cd "$(dirname "$0")/.." || exit 1
# the proxy a machine's environment names is for its own traffic: the suites
# talk to their own servers, and the proxy tests set these themselves
unset HTTPS_PROXY https_proxy HTTP_PROXY http_proxy NO_PROXY no_proxy
mkdir -p build/test-logs
total_p=0; total_f=0; total_s=0; broken=""
run() {
    name=$1; shift
    log=build/test-logs/$name.log
    start=$(date +%s)
    "$@" >"$log" 2>&1
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
    f=$(echo "$line" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/p')
    sk=$(echo "$line" | sed -n 's/^[0-9]* passed, [0-9]* failed, \([0-9]*\) skipped.*/\1/p')
    if [ -z "$line" ]; then p=0; f=1; line="no result line (exit $rc)"; fi
    if [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then f=1; line="$line, but exit $rc"; fi
    total_p=$((total_p + p)); total_f=$((total_f + f)); total_s=$((total_s + ${sk:-0}))
    printf '%-22s %s  (%ss)\n' "$name" "$line" "$(( $(date +%s) - start ))"
    if [ "$f" -ne 0 ]; then
        broken="$broken $name"
        grep -E '^not ok|ERROR|error:' "$log" | head -20 | sed 's/^/    /'
    fi
    echo "$p $f ${sk:-0}" >"build/test-logs/$name.res"
}
# Two suites at once, their lines in this order: for suites that mostly wait
# (servers, timeouts) rather than compute; each must pass with a second
# make test beside it anyway. NAME1 "CMD1" NAME2 "CMD2" (each command split
# into words, no quoting)
run_pair() {
    rm -f "build/test-logs/$1.res" "build/test-logs/$3.res"
    # shellcheck disable=SC2086
    (run "$1" $2) >"build/test-logs/$1.out" &
    # shellcheck disable=SC2086
    (run "$3" $4) >"build/test-logs/$3.out"
    wait
    for n in "$1" "$3"; do
        cat "build/test-logs/$n.out"
        read -r p f sk <"build/test-logs/$n.res" || { p=0; f=1; sk=0; }
        total_p=$((total_p + p)); total_f=$((total_f + f)); total_s=$((total_s + sk))
        [ "$f" -ne 0 ] && broken="$broken $n"
    done
}
run header sh tests/test_header.sh
run unit sh tests/run_unit.sh
run build-matrix sh tests/test_build.sh
run cross-short sh tests/cross.sh --short
run nomalloc sh tests/test_nomalloc.sh
run examples sh tests/test_examples.sh
run install sh tests/test_install.sh
run man-completion bash tests/test_man.sh
run golden-output python3 tests/test_golden.py --kwatch build/kwatch
run format sh tests/test_format.sh
run budget sh tests/test_budget.sh
run porting-sizes sh tests/test_porting.sh
run fakeapi-vs-kubectl bash tests/test_fakeapi.sh
run tls-and-config python3 tests/test_tls.py
run integration python3 tests/integration.py --kwatch build/kwatch
run_pair khub "python3 tests/test_khub.py --khub build/khub --kwatch build/kwatch" \
    khub-asan "python3 tests/test_khub.py --khub build/khub-asan --kwatch build/kwatch"
run integration-asan python3 tests/integration.py --kwatch build/kwatch-asan
run integration-valgrind python3 tests/integration.py --kwatch build/kwatch --valgrind
run fuzz bash tests/fuzz/run.sh "${FUZZ_SECONDS:-15}"
run soak python3 tests/soak.py --minutes "${SOAK_MINUTES:-1.5}" --kwatch build/kwatch-asan
[ -n "$broken" ] && echo "failed suites:$broken (logs in build/test-logs/)"
echo "$total_p passed, $total_f failed, $total_s skipped"
[ "$total_f" -eq 0 ]
