#!/usr/bin/env bash
# Coverage-guided fuzzing of kinformer.h's parsers with libFuzzer.
#
#   bash tests/fuzz/run.sh SECONDS [TARGET...]
#
# TARGET is one of: http_head chunked watch list reflector kubeconfig pem base64
# discovery gzip snapshot journal hub client proxy
# (default: all). For each target this
#   1. builds build/fuzz/fuzz_TARGET from tests/fuzz/fuzz_TARGET.c with clang
#      (-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
#      -lbearssl);
#   2. generates seed corpora into build/fuzz/seeds (tests/fuzz/make_seeds.py);
#   3. runs every file of tests/fuzz/regress/TARGET/ once (a crash fails);
#   4. fuzzes for SECONDS, corpus in build/fuzz/corpus/TARGET (kept between
#      runs), crashes in build/fuzz/artifacts/TARGET/, log in build/fuzz/logs/.
# Prints a TAP-like line per regression set and per target, and last
# "N passed, M failed"; exits 1 if anything failed.
#
# Environment: FUZZ_JOBS targets fuzzed at once (default: the CPU count),
# CC (default clang), FUZZ_CFLAGS extra compiler flags, FUZZ_SEEDS=0 to skip
# seed generation, FUZZ_FORK=1 to go on after a crash (libFuzzer -fork=1
# -ignore_crashes=1: every crash is saved and counted). To look past open
# bugs: FUZZ_FORK=1 FUZZ_CFLAGS="-DFUZZ_RULESETS=10 -DFUZZ_SKIP_KNOWN"
# (see tests/fuzz/fuzz_common.h); such a build is never a pass for a target
# whose regressions fail.
set -u
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$(dirname "$0")/../.." || exit 2
ALL="http_head chunked watch list reflector kubeconfig pem base64 discovery gzip snapshot journal hub client proxy"
if [ $# -lt 1 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
    echo "usage: $0 SECONDS [TARGET...]   (targets: $ALL)" >&2
    exit 2
fi
SECS=$1; shift
TARGETS=${*:-$ALL}
for t in $TARGETS; do
    case " $ALL " in *" $t "*) ;; *) echo "unknown target: $t (targets: $ALL)" >&2; exit 2 ;; esac
done
CC=${CC:-clang}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
B=build/fuzz
mkdir -p "$B/logs" "$B/corpus" "$B/artifacts" "$B/seeds"
# one run at a time per build/fuzz: two would mix their logs and artifacts
exec 9>"$B/.lock"
if command -v flock >/dev/null 2>&1 && ! flock -n 9; then
    echo "# another tests/fuzz/run.sh is using $B: waiting for it"
    flock 9
fi
PASS=0; FAIL=0

maxlen() {
    case $1 in
        watch|list) echo 32768 ;;
        base64) echo 4096 ;;
        discovery) echo 131072 ;;
        gzip|snapshot|journal) echo 65536 ;;
        *) echo 16384 ;;
    esac
}
dict() {
    case $1 in
        watch|list|discovery) echo tests/fuzz/json.dict ;;
        http_head|hub) echo tests/fuzz/http.dict ;;
        kubeconfig) echo tests/fuzz/yaml.dict ;;
        pem) echo tests/fuzz/pem.dict ;;
        client) echo tests/fuzz/client.dict ;;
        proxy) echo tests/fuzz/proxy.dict ;;
        *) echo "" ;;
    esac
}
# the most telling line of a libFuzzer log
reason() {
    grep -m1 -E "FUZZ INVARIANT FAILED|^SUMMARY:|ERROR: libFuzzer|runtime error" "$1" 2>/dev/null | sed 's/^ *//' | cut -c1-200
}

# 1. build, in parallel
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "not ok - fuzz build: $CC not found (apt-get install clang)"
    echo "0 passed, 1 failed"
    exit 1
fi
declare -A BUILT
CFLAGS_FUZZ="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Wall -Wextra ${FUZZ_CFLAGS:-}"
for t in $TARGETS; do
    # rebuilt when a source or the flags changed
    stamp="$B/fuzz_$t.flags"
    if [ -x "$B/fuzz_$t" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$CC $CFLAGS_FUZZ" ] &&
       [ -z "$(find kinformer.h "tests/fuzz/fuzz_$t.c" tests/fuzz/fuzz_common.h tests/fuzz/fuzz_informer.h tests/fuzz/fuzz_snap.h -newer "$B/fuzz_$t" 2>/dev/null)" ]; then
        ( exit 0 ) &
    else
        rm -f "$stamp"
        ( $CC $CFLAGS_FUZZ -o "$B/fuzz_$t" "tests/fuzz/fuzz_$t.c" -lbearssl >"$B/logs/build_$t.log" 2>&1 &&
          echo "$CC $CFLAGS_FUZZ" >"$stamp" ) &
    fi
    BUILT[$t]=$!
done
for t in $TARGETS; do
    if wait "${BUILT[$t]}"; then BUILT[$t]=1; else
        BUILT[$t]=0
        echo "not ok - fuzz build $t: see $B/logs/build_$t.log: $(grep -m1 error: "$B/logs/build_$t.log" | cut -c1-160)"
        FAIL=$((FAIL + 1))
    fi
done

# 2. seeds
if [ "${FUZZ_SEEDS:-1}" != 0 ]; then
    if command -v python3 >/dev/null 2>&1; then
        python3 tests/fuzz/make_seeds.py --out "$B/seeds" >"$B/logs/seeds.log" 2>&1 \
            || echo "# seed generation failed: see $B/logs/seeds.log"
        sed -n 's/^seeds: /# seeds: /p' "$B/logs/seeds.log"
    else
        echo "# no python3: fuzzing without generated seeds"
    fi
    # snapshots are written by the library itself: the target writes its seeds
    if [ "${BUILT[snapshot]:-0}" = 1 ]; then
        mkdir -p "$B/seeds/snapshot"
        FUZZ_SNAPSHOT_SEEDS="$B/seeds/snapshot" "$B/fuzz_snapshot" >"$B/logs/seeds_snapshot.log" 2>&1 \
            || echo "# snapshot seeds failed: see $B/logs/seeds_snapshot.log"
    fi
    # and so are journals
    if [ "${BUILT[journal]:-0}" = 1 ]; then
        mkdir -p "$B/seeds/journal"
        FUZZ_JOURNAL_SEEDS="$B/seeds/journal" "$B/fuzz_journal" >"$B/logs/seeds_journal.log" 2>&1 \
            || echo "# journal seeds failed: see $B/logs/seeds_journal.log"
    fi
fi

# 3. regressions: every saved input runs once through its target
for t in $TARGETS; do
    [ "${BUILT[$t]}" = 1 ] || continue
    dir=tests/fuzz/regress/$t
    [ -d "$dir" ] || continue
    n=0; bad=""
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        log="$B/logs/regress_${t}_$(basename "$f").log"
        if ! timeout -k 5 120 "$B/fuzz_$t" -rss_limit_mb=2048 -timeout=60 "$f" >"$log" 2>&1; then
            bad="$bad $f"
            echo "# regress $t $f: $(reason "$log")"
        fi
    done
    [ $n -gt 0 ] || continue
    if [ -z "$bad" ]; then
        echo "ok - regress $t: $n inputs"
        PASS=$((PASS + 1))
    else
        echo "not ok - regress $t: crashed on$bad (logs in $B/logs/regress_${t}_*)"
        FAIL=$((FAIL + 1))
    fi
done

# 4. fuzz, FUZZ_JOBS targets at a time
fuzz_one() {
    local t=$1 log="$B/logs/fuzz_$1.log" art="$B/artifacts/$1/" d seeds=()
    mkdir -p "$B/corpus/$t" "$art"
    for d in "$B/seeds/$t" "tests/fuzz/seeds/$t" "tests/fuzz/regress/$t"; do
        [ -d "$d" ] && seeds+=("$d")
    done
    local dopt=() df
    df=$(dict "$t")
    [ -n "$df" ] && [ -f "$df" ] && dopt=(-dict="$df")
    local t0 t1 rc
    t0=$(date +%s)
    local fopt=()
    [ "${FUZZ_FORK:-0}" = 1 ] && fopt=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    timeout -k 10 $((SECS + 600)) "$B/fuzz_$t" -max_total_time="$SECS" -max_len="$(maxlen "$t")" -rss_limit_mb=2048 \
        -timeout=30 -print_final_stats=1 -artifact_prefix="$art" "${fopt[@]}" "${dopt[@]}" "$B/corpus/$t" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    t1=$(date +%s)
    echo "$rc $((t1 - t0))" >"$B/logs/fuzz_$t.rc"
}
running=0
for t in $TARGETS; do
    [ "${BUILT[$t]}" = 1 ] || continue
    rm -f "$B/logs/fuzz_$t.rc"
    mkdir -p "$B/artifacts/$t"
    find "$B/artifacts/$t" -type f -delete   # this run's crashes only
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait
for t in $TARGETS; do
    [ "${BUILT[$t]}" = 1 ] || continue
    log="$B/logs/fuzz_$t.log"
    read -r rc secs <"$B/logs/fuzz_$t.rc" 2>/dev/null || { rc=1; secs=0; }
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9][0-9]*\): cov:.*/\1/p' "$log" | tail -1)   # -fork
    execs=${execs:-0}
    ncrash=$(find "$B/artifacts/$t" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    crash=$(find "$B/artifacts/$t" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | head -1)
    why=$(reason "$log")
    if [ -z "$why" ] && [ -n "$crash" ]; then   # -fork logs lack the crash: replay it
        timeout -k 5 120 "$B/fuzz_$t" "$crash" >"$B/logs/replay_$t.log" 2>&1
        why=$(reason "$B/logs/replay_$t.log")
    fi
    if [ "$rc" = 0 ] && [ "$ncrash" = 0 ]; then
        echo "ok - fuzz $t: $execs execs in $secs s, 0 crashes"
        PASS=$((PASS + 1))
    else
        echo "not ok - fuzz $t: $execs execs in $secs s, $ncrash crashes, e.g. ${crash:-(exit $rc, no artifact)}: $why (log $log)"
        FAIL=$((FAIL + 1))
    fi
done
echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
