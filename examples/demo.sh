#!/bin/sh
# make demo: the bundled fake API server with churn on 127.0.0.1, and kwatch
# watching its pods for about 20 s, through a cut connection and a 410 relist.
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'kill $srv 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
python3 tests/fakeapi.py --port 0 --port-file "$tmp/port" --lifetime 60 --pods 200 --churn 15 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/port" ] || { echo "demo: the fake API server did not start"; cat "$tmp/srv.log"; exit 1; }
url="http://127.0.0.1:$(cat "$tmp/port")"
echo "== fake API server on $url: 200 pods, 15 changes/s"
echo "== kwatch --server $url pods --keep metadata.labels,spec.nodeName,status.phase (20 s)"
(
    sleep 7;  echo "== fault: the server cuts the watch mid-event" >&2
    curl -s -X POST "$url/_fake/fault?kind=cut" >/dev/null
    sleep 5;  echo "== fault: history compacted, watch gets 410 Expired -> relist" >&2
    curl -s -X POST "$url/_fake/fault?kind=expire" >/dev/null
    sleep 4;  echo "== churn stops" >&2
    curl -s -X POST "$url/_fake/churn?rate=0" >/dev/null
) &
faults=$!
build/kwatch --server "$url" pods --keep metadata.labels,spec.nodeName,status.phase \
    --timeout 20 --dump-on-exit --stats -o name 2>&1 | tee "$tmp/out" | grep --line-buffered -v -E '^[a-z0-9-]+/[a-z0-9-]+ [0-9]+$'
wait $faults 2>/dev/null
curl -s "$url/_fake/state?path=/api/v1/pods" >"$tmp/state"
sed -n '/^# cache/,/^# stats/p' "$tmp/out" | grep -v '^# stats' >"$tmp/dump"
echo "== cache by namespace:"
grep -v '^#' "$tmp/dump" | cut -d/ -f1 | sort | uniq -c | sed 's/^/   /'
if cmp -s "$tmp/state" "$tmp/dump"; then
    echo "== the cache equals the server's state ($(head -1 "$tmp/state" | cut -d' ' -f3) pods, every resourceVersion the same)"
else
    echo "== the cache differs from the server's state (changes still in flight when kwatch stopped):"
    diff "$tmp/state" "$tmp/dump" | head -10
fi
