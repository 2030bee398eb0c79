#!/bin/sh
# make bench: installs what the benchmark needs when it is missing, then runs
# bench/run.py, which builds kwatch from a snapshot of the tree, runs every
# client and writes docs/performance.md.
# BENCH_QUICK=1 for a first look (see bench/run.py for the other variables).
set -e
cd "$(dirname "$0")/.."

need=""
command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
[ -x /usr/bin/time ] || need="$need time"
command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
command -v curl >/dev/null 2>&1 || need="$need curl"
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
/usr/bin/python3 -c 'import kubernetes' >/dev/null 2>&1 || need="$need python3-kubernetes"
[ -f /usr/include/jsmn.h ] || need="$need libjsmn-dev"
[ -f /usr/include/simdjson.h ] || need="$need libsimdjson-dev"
[ -f /usr/include/bearssl.h ] || need="$need libbearssl-dev"
if [ -n "$need" ]; then
    echo "bench: installing:$need"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null 2>&1 || true
        # shellcheck disable=SC2086
        apt-get install -y -qq $need >/dev/null 2>&1 || echo "bench: could not install:$need (those parts are skipped)" >&2
    else
        echo "bench: please install:$need (those parts are skipped)" >&2
    fi
fi
command -v kubectl >/dev/null 2>&1 || echo "bench: kubectl is not installed: its rows are skipped" >&2

if command -v npm >/dev/null 2>&1 && [ ! -d bench/node/node_modules/@kubernetes/client-node ]; then
    echo "bench: npm ci in bench/node (@kubernetes/client-node 1.4.0)"
    (cd bench/node && npm ci --no-audit --no-fund --loglevel=error) || echo "bench: npm ci failed: client-node is skipped" >&2
fi

exec python3 bench/run.py "$@"
