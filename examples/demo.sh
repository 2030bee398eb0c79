#!/bin/sh
# make demo: the bundled fake API server with churn on 127.0.0.1, and kwatch
# watching its pods for about 20 s, through a cut connection and a 410
# relist. kwatch prints a line per change; examples/demo_view.py shows the
# first few, then counts them second by second, and ends with what the cache
# holds (checked against the server) and kwatch's counters, each named.
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
# on exit (Ctrl-C too) stop the server, kwatch and the faults
trap 'kill $srv $(cat "$tmp/pids" 2>/dev/null) 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
python3 tests/fakeapi.py --port 0 --port-file "$tmp/port" --lifetime 60 --pods 200 --churn 15 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/port" ] || { echo "demo: the fake API server did not start"; cat "$tmp/srv.log"; exit 1; }
url="http://127.0.0.1:$(cat "$tmp/port")"
# capacities for this small cluster (kwatch's defaults are for 16384 objects in
# 32 MiB): up to 1024 pods in a 1 MiB store, a pod at most 64 KiB, the
# library's 16 KiB read buffer
caps="--max-objects 1024 --store-bytes 1048576 --max-object-bytes 65536 --read-bytes 0"
echo "== a fake API server (tests/fakeapi.py) on $url: 200 pods, 15 changes a second"
echo "== kwatch watches the pods for 20 s, keeping the labels, node and phase of each:"
echo "   build/kwatch --server $url pods \\"
echo "       --keep metadata.labels,spec.nodeName,status.phase \\"
echo "       $caps \\"
echo "       --timeout 20 -o name -v --stats --dump-on-exit"
echo "   (capacities for this small cluster; kwatch's defaults are for 16384 objects in 32 MiB)"
{
    # start when demo_view.py reads, so that the times it shows are kwatch's
    i=0; while [ ! -e "$tmp/ready" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i + 1)); done
    echo "# start"
    build/kwatch --server "$url" pods --keep metadata.labels,spec.nodeName,status.phase $caps \
        --timeout 20 -o name -v --stats --dump-on-exit 2>&1 &
    kw=$!
    echo $kw >>"$tmp/pids"
    (
        sleep 7;  echo "# fault cut"
        curl -s -X POST "$url/_fake/fault?kind=cut" >/dev/null
        sleep 5;  echo "# fault expire"
        curl -s -X POST "$url/_fake/fault?kind=expire" >/dev/null
        curl -s -X POST "$url/_fake/churn?rate=60" >/dev/null   # deletes while kwatch relists
        sleep 1;  curl -s -X POST "$url/_fake/churn?rate=15" >/dev/null
        sleep 3;  echo "# churn stop"
        curl -s -X POST "$url/_fake/churn?rate=0" >/dev/null
    ) &
    faults=$!
    echo $faults >>"$tmp/pids"
    wait $kw; echo "# kwatch exit $?"
    kill $faults 2>/dev/null
} | python3 examples/demo_view.py "$url/_fake/state?path=/api/v1/pods" "$tmp/ready"
