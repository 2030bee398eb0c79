#!/bin/sh
# Records the discovery documents of tests/fakeapi.py, with two custom
# resources served at run time (gadgets.example.org in v2 and v1, v2
# preferred; clusterthings.example.org, cluster-scoped, in v1 only), for the
# unit tests. Run from the repository's root: sh tests/testdata/discovery/record.sh
set -eu
out=tests/testdata/discovery
tmp=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
python3 tests/fakeapi.py --port-file "$tmp/port" --lifetime 60 --exit-with-parent >/dev/null &
pid=$!
for _ in $(seq 1 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
B="http://127.0.0.1:$(cat "$tmp/port")"
curl -sf -X POST "$B/_fake/crd?group=example.org&plural=gadgets&short=gd&versions=v2,v1" >/dev/null
curl -sf -X POST "$B/_fake/crd?group=example.org&plural=clusterthings&kind=ClusterThing&scope=Cluster" >/dev/null
AGG='Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json'
curl -sf -H "$AGG" "$B/api" >"$out/aggregated-api.json"
curl -sf -H "$AGG" "$B/apis" >"$out/aggregated-apis.json"
# the server's address in APIVersions: the same in every recording
curl -sf "$B/api" | sed 's/127\.0\.0\.1:[0-9]*/127.0.0.1:6443/' >"$out/legacy-api.json"
curl -sf "$B/apis" >"$out/legacy-apis.json"
for gv in api/v1 apis/apps/v1 apis/events.k8s.io/v1 apis/example.com/v1 apis/example.org/v2 apis/example.org/v1; do
    curl -sf "$B/$gv" >"$out/legacy-$(echo "$gv" | tr / _).json"
done
