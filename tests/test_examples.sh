#!/bin/sh
# The examples against the fake API server: minimal (the manual's TL;DR),
# multi (two informers in one poll loop), own-transport (the engine over
# sockets of its own, no kinf_poll) and libuv (an informer in a libuv loop,
# through faults); the tools kwatch-small, nodeagent (the
# write client), kubediff and cm2files; and make demo's summary (the demo runs
# its own server, beside the rest).
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
# patient COND PROGRESS: waits until the shell command COND succeeds, for as
# long as PROGRESS (a command printing what the awaited run has done so far:
# its output's size, files written) keeps changing; gives up after 120 s
# without a change (longer than the tools' --idle-timeout, 90 s), or after
# 600 s in all (counted in 0.1 s sleeps, so longer on a busy machine). On a machine busy with another make test these runs
# take ten times their usual time and more; a fixed sleep or --timeout near
# the usual time fails there for no fault of the code. 0 when COND held.
patient() {
    last=; still=0; i=0
    while [ $i -lt 6000 ]; do
        eval "$1" && return 0
        p=$(eval "$2")
        if [ "$p" != "$last" ]; then last=$p; still=0; else still=$((still + 1)); fi
        [ $still -ge 1200 ] && return 1
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
# quiesce: stops the churn and waits until the server's resourceVersion stays
# put for half a second (a churn running behind makes up its steps after
# rate=0); at most 300 s
quiesce() {
    curl -s -X POST "$url/_fake/churn?rate=0" >/dev/null
    a=$(curl -s "$url/_fake/rv"); i=0
    while [ $i -lt 600 ]; do
        sleep 0.5
        b=$(curl -s "$url/_fake/rv")
        [ "$a" = "$b" ] && return 0
        a=$b; i=$((i + 1))
    done
    echo "# the churn did not stop"
    return 1
}
tmp=$(mktemp -d)
trap 'kill $srv $demo $bg 2>/dev/null; rm -rf "$tmp"' EXIT
sh examples/demo.sh >"$tmp/demo.out" 2>&1 &
demo=$!
# the server outlives any run below (the trap stops it)
python3 tests/fakeapi.py --port 0 --port-file "$tmp/port" --lifetime 1800 --pods 120 --configmaps 40 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ ! -s "$tmp/port" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
url="http://127.0.0.1:$(cat "$tmp/port")"
pods=$(curl -s "$url/_fake/state?path=/api/v1/pods" | head -1 | awk '{print $3}')
cms=$(curl -s "$url/_fake/state?path=/api/v1/configmaps" | head -1 | awk '{print $3}')

# minimal watches until stopped: stopped once it printed a line per pod
: >"$tmp/min.out"
build/minimal "$url" >"$tmp/min.out" 2>&1 &
bg=$!
patient '[ "$(grep -c "^ADDED " "$tmp/min.out")" -ge "$pods" ]' 'wc -c <"$tmp/min.out"'
kill $bg 2>/dev/null; wait $bg 2>/dev/null; bg=
n=$(grep -c '^ADDED ' "$tmp/min.out")
[ "$n" = "$pods" ] && ok "minimal prints an ADDED line per pod ($n)" || bad "minimal printed $n ADDED lines, server has $pods pods"
# a refusal is never silent: minimal (built without TLS) on https:// prints its
# logger's line (kinf_log_stderr) and kinf_check's reason, and multi the reason
# per informer
out=$(timeout 5 build/minimal "https://127.0.0.1:1" 2>&1; echo "exit $?")
case "$out" in
    *"kinformer: error TLS_UNAVAILABLE: "*"minimal: KINF_LOGITEM_TLS_UNAVAILABLE: "*"exit 1") ok "minimal on https:// without TLS says why and exits 1" ;;
    *) bad "minimal on https:// without TLS: $out" ;;
esac
out=$(timeout 5 build/multi "ftp://127.0.0.1" 2>&1; echo "exit $?")
case "$out" in
    *"multi: pods: KINF_LOGITEM_CONFIG_BAD_URL: "*"multi: configmaps: KINF_LOGITEM_CONFIG_BAD_URL: "*"exit 1") ok "multi with a bad URL says why for each informer and exits 1" ;;
    *) bad "multi with a bad URL: $out" ;;
esac

out=$(timeout 30 build/multi "$url" 0 2>&1 | head -1)
[ "$out" = "# synced pods=$pods configmaps=$cms" ] && ok "multi: two informers synced in one loop ($out)" || bad "multi said '$out', server has pods=$pods configmaps=$cms"

# kwatch-small (make build/kwatch-small: -Os, no log messages): same events,
# errors as their id and detail
if [ -x build/kwatch-small ]; then
    n=$(timeout 30 build/kwatch-small --server "$url" --exit-after-sync pods 2>/dev/null | grep -c '^ADDED ')
    [ "$n" = "$pods" ] && ok "kwatch-small syncs every pod ($n)" || bad "kwatch-small printed $n ADDED lines, server has $pods pods"
    # -Os leaves out the scanner's member-level string step: the byte state
    # machine must give the same objects, whole and projected
    same=1
    for rules in "" "--keep metadata.labels,spec.nodeName,status.phase" "--keep spec.containers.name --drop metadata.labels"; do
        # --watch-list off: the same LIST as kwatch-small (which has no watch-list), so the same bytes in
        timeout 30 build/kwatch --watch-list off -o json --exit-after-sync --server "$url" $rules pods >"$tmp/k2.json" 2>/dev/null
        timeout 30 build/kwatch-small -o json --exit-after-sync --server "$url" $rules pods >"$tmp/ks.json" 2>/dev/null
        if [ ! -s "$tmp/k2.json" ] || ! cmp -s "$tmp/k2.json" "$tmp/ks.json"; then same=0; echo "# differs with rules '$rules'"; fi
    done
    [ "$same" = 1 ] && ok "kwatch-small prints the same JSON as kwatch (3 rule sets)" || bad "kwatch-small's JSON differs from kwatch's"
    err=$(timeout 10 build/kwatch-small --server "ftp://x" pods 2>&1 | head -1)
    [ "$err" = "kwatch: error CONFIG_BAD_URL: ftp://x" ] && ok "kwatch-small logs id and detail ($err)" || bad "kwatch-small error line: '$err'"
    # built with KINF_NO_KUBECONFIG: says so, and fails, rather than reading nothing
    err=$(timeout 10 build/kwatch-small --kubeconfig "$tmp/none" pods 2>&1 | head -1)
    case "$err" in "kwatch: error KUBECONFIG_UNAVAILABLE:"*) ok "kwatch-small has no kubeconfig reader and says so";; *) bad "kwatch-small --kubeconfig: '$err'";; esac
    # the size target of docs/performance.md: text (size's first column) under 64 KiB
    text=$(size build/kwatch-small 2>/dev/null | awk 'NR == 2 { print $1 }')
    if [ -n "$text" ] && [ "$text" -lt 65536 ]; then ok "kwatch-small is $text bytes of text (under 65536)"
    else bad "kwatch-small is '$text' bytes of text: the target is under 65536 (docs/performance.md)"; fi
else
    bad "build/kwatch-small missing (make build/kwatch-small)"
fi
# freshness: a synced kwatch's cache was confirmed current a moment ago
fa=$(timeout 30 build/kwatch --server "$url" --exit-after-sync -o none --stats pods 2>&1 >/dev/null | sed -n 's/^# stats fresh_age_ms=//p')
if [ -n "$fa" ] && [ "$fa" -ge 0 ] 2>/dev/null && [ "$fa" -lt 60000 ]; then ok "kwatch --stats: fresh_age_ms=$fa after the sync (confirmed current)"
else bad "kwatch --stats fresh_age_ms after the sync: '$fa'"; fi
# own-transport: the same cache as kwatch, whole lists and one namespace
if [ -x build/own-transport ]; then
    same=1
    for args in "pods" "configmaps" "-n ns-1 pods"; do
        timeout 30 build/own-transport --server "$url" --exit-after-sync -o none --dump-on-exit $args >"$tmp/ot.out" 2>"$tmp/ot.err"
        timeout 30 build/kwatch --server "$url" --exit-after-sync -o none --dump-on-exit $args >"$tmp/kw.out" 2>/dev/null
        if [ ! -s "$tmp/ot.out" ] || ! cmp -s "$tmp/ot.out" "$tmp/kw.out" || [ -s "$tmp/ot.err" ]; then same=0; echo "# own-transport differs for '$args'"; fi
    done
    [ "$same" = 1 ] && ok "own-transport syncs the same cache as kwatch (pods, configmaps, one namespace)" || bad "own-transport's cache differs from kwatch's"
    out=$(timeout 10 build/own-transport --server "https://127.0.0.1:1" --exit-after-sync pods 2>&1; echo "exit $?")
    case "$out" in *"https:// is not spoken"*"exit 1") ok "own-transport refuses https:// with a message and exit 1" ;; *) bad "own-transport on https://: $out" ;; esac
else
    bad "build/own-transport missing (make build/own-transport)"
fi
# multi counts events for 3 s after it synced: the churn runs by then
timeout 120 build/multi "$url" 3 >"$tmp/multi.out" 2>&1 &
mp=$!
sleep 1
curl -s -X POST "$url/_fake/churn?rate=50" >/dev/null
wait $mp
ev=$(sed -n 's/^# events //p' "$tmp/multi.out")
[ -n "$ev" ] && [ "$ev" -gt $((pods + cms)) ] && ok "multi: watch events flow to both informers ($ev events)" || bad "multi events: '$ev'"
# own-transport under churn: stopped by SIGTERM once the churn is over and
# a sentinel pod created after it has come through its watch (events come in
# order: every change before it has too), its dump equals the server's state
timeout 600 build/own-transport --server "$url" -o name --dump-on-exit pods >"$tmp/otc.out" 2>"$tmp/otc.err" &
op=$!
sleep 1
curl -s -X POST "$url/_fake/churn?rate=200" >/dev/null
sleep 2
quiesce
curl -s -X POST "$url/_fake/apply?path=/api/v1/namespaces/ns-1/pods/zz-examples-sentinel" -H 'Content-Type: application/json' \
    -d '{"metadata":{"name":"zz-examples-sentinel","namespace":"ns-1"},"spec":{"nodeName":"node-1","containers":[{"name":"c","image":"busybox"}]},"status":{"phase":"Running"}}' >/dev/null
patient 'grep -q "^ADDED ns-1/zz-examples-sentinel " "$tmp/otc.out"' 'wc -c <"$tmp/otc.out"' || echo "# own-transport never printed the sentinel"
kill -TERM $op; wait $op; orc=$?
curl -s "$url/_fake/state?path=/api/v1/pods" >"$tmp/state.out"
ev=$(grep -c -E '^(MODIFIED|DELETED|ADDED) ' "$tmp/otc.out")
sed -n '/^# cache/,$p' "$tmp/otc.out" >"$tmp/otc.dump"
if [ "$orc" = 0 ] && [ -s "$tmp/otc.dump" ] && cmp -s "$tmp/otc.dump" "$tmp/state.out" && [ "$ev" -gt "$pods" ]; then
    ok "own-transport under churn: SIGTERM, exit 0, dump equals the server's state ($ev events)"
else
    bad "own-transport under churn: exit $orc, $ev events, dump $(head -1 "$tmp/otc.dump") vs server $(head -1 "$tmp/state.out")"
fi
# libuv (examples/libuv.c): an informer in a libuv loop, told its sockets
# by desc.on_socket. Through three watches cut mid-event (each a new socket,
# often with the old one's number), a 410 and a server restart under churn,
# it converges to the server's state, and it never waits out the idle
# timeout on a socket that was closed (no IDLE_TIMEOUT: the server never
# stalls here). Stopped by SIGTERM once a sentinel made after the churn
# has come through.
# (make computes whether libuv is there before make deps installs it: build it now if it was not)
[ -x build/libuv ] || [ ! -f /usr/include/uv.h ] || make -s build/libuv >/dev/null 2>&1
if [ -x build/libuv ]; then
    quiesce
    p0=$(curl -s "$url/_fake/state?path=/api/v1/pods" | head -1 | awk '{print $3}')
    cuts() { curl -s "$url/_fake/stats" | python3 -c 'import json, sys; print(json.load(sys.stdin).get("cuts", 0))' 2>/dev/null; }
    c0=$(cuts)
    timeout 600 build/libuv "$url" pods >"$tmp/uv.out" 2>"$tmp/uv.err" &
    bg=$!
    patient '[ "$(grep -c "^ADDED " "$tmp/uv.out")" -ge "$p0" ]' 'wc -c <"$tmp/uv.out"' || echo "# libuv never synced"
    curl -s -X POST "$url/_fake/churn?rate=100" >/dev/null
    curl -s -X POST "$url/_fake/fault?kind=cut&count=3" >/dev/null
    patient '[ "$(cuts)" -ge $((c0 + 3)) ]' 'wc -c <"$tmp/uv.out"' || echo "# the server did not cut three watches"
    curl -s -X POST "$url/_fake/fault?kind=expire" >/dev/null
    sleep 1
    curl -s -X POST "$url/_fake/fault?kind=restart&seconds=1" >/dev/null
    sleep 2
    quiesce
    curl -s -X POST "$url/_fake/apply?path=/api/v1/namespaces/ns-1/pods/zz-libuv-sentinel" -H 'Content-Type: application/json' \
        -d '{"metadata":{"name":"zz-libuv-sentinel","namespace":"ns-1"},"spec":{"nodeName":"node-1","containers":[{"name":"c","image":"busybox"}]},"status":{"phase":"Running"}}' >/dev/null
    patient 'grep -q "^ADDED ns-1/zz-libuv-sentinel " "$tmp/uv.out"' 'wc -c <"$tmp/uv.out"' || echo "# libuv never printed the sentinel"
    kill -TERM $bg; wait $bg; urc=$?; bg=
    curl -s "$url/_fake/state?path=/api/v1/pods" >"$tmp/uvstate.out"
    sed -n '/^# cache/,$p' "$tmp/uv.out" | grep -v '^# sockets ' >"$tmp/uv.dump"
    socks=$(sed -n 's/^# sockets \([0-9]*\) added \([0-9]*\) removed$/\1 \2/p' "$tmp/uv.out")
    added=${socks% *}; removed=${socks#* }
    if [ "$urc" = 0 ] && [ -s "$tmp/uv.dump" ] && cmp -s "$tmp/uv.dump" "$tmp/uvstate.out" && [ -n "$socks" ] &&
       [ "$added" -ge 4 ] && [ "$added" = "$removed" ] && grep -q CONNECTION_CLOSED "$tmp/uv.err" && ! grep -q IDLE_TIMEOUT "$tmp/uv.err"; then
        ok "libuv: through 3 cuts, a 410 and a restart its cache equals the server's ($added sockets added and removed, no idle timeout)"
    else
        bad "libuv: exit $urc, sockets '$socks', dump $(head -1 "$tmp/uv.dump") vs server $(head -1 "$tmp/uvstate.out"): $(grep -c IDLE_TIMEOUT "$tmp/uv.err") idle timeouts; $(head -3 "$tmp/uv.err" | tr '\n' ' ')"
    fi
else
    bad "build/libuv missing (make build/libuv; Debian libuv1-dev)"
fi
# nodeagent: --help, usage errors, and a run: its node's pods, its Lease created and renewed
if [ -x build/nodeagent ]; then
    out=$(timeout 5 build/nodeagent --help 2>&1; echo "exit $?")
    case "$out" in *"usage: nodeagent --node NAME"*"--lease-seconds S"*"--kubeconfig F"*"PHASE ns/name OLD NEW"*"exit 0") ok "nodeagent --help" ;; *) bad "nodeagent --help: $out" ;; esac
    out=$(timeout 5 build/nodeagent --node n1 --bogus 2>&1; echo "exit $?")
    case "$out" in *"nodeagent: unknown option: --bogus"*"exit 2") ok "nodeagent with a bad flag: usage error, exit 2" ;; *) bad "nodeagent --bogus: $out" ;; esac
    out=$(timeout 5 build/nodeagent --server "$url" 2>&1; echo "exit $?")
    case "$out" in *"missing --node NAME"*"exit 2") ok "nodeagent without --node: usage error, exit 2" ;; *) bad "nodeagent without --node: $out" ;; esac
    # stopped (SIGTERM) once it has seen its pods and renewed its Lease twice;
    # --timeout only caps it
    mine=$(curl -s "$url/_fake/state?path=/api/v1/pods&fieldSelector=spec.nodeName%3Dnode-2" | head -1 | awk '{print $3}')
    : >"$tmp/na.out"
    timeout 600 build/nodeagent --server "$url" --node node-2 --lease-seconds 1 --timeout 300 >"$tmp/na.out" 2>"$tmp/na.err" &
    bg=$!
    patient '[ "$(grep -c -E "^PHASE [a-z0-9-]+/[a-z0-9-]+ - [A-Za-z]+\$" "$tmp/na.out")" -ge "$mine" ] && [ "$(grep -c "^LEASE renewed node-2 " "$tmp/na.out")" -ge 2 ]' \
        'grep -c -E "^PHASE |^LEASE " "$tmp/na.out"'
    kill -TERM $bg; wait $bg; narc=$?; bg=
    seen=$(grep -c -E '^PHASE [a-z0-9-]+/[a-z0-9-]+ - [A-Za-z]+$' "$tmp/na.out")
    ren=$(grep -c '^LEASE renewed node-2 ' "$tmp/na.out")
    holder=$(curl -s "$url/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-2" | python3 -c 'import json,sys; print(json.load(sys.stdin)["spec"]["holderIdentity"])' 2>/dev/null)
    if [ "$narc" = 0 ] && [ "$seen" = "$mine" ] && grep -q '^LEASE created node-2 ' "$tmp/na.out" && [ "$ren" -ge 2 ] && [ "$holder" = node-2 ]; then
        ok "nodeagent: $seen pods of node-2, its Lease created and renewed $ren times, exit 0 after SIGTERM"
    else
        bad "nodeagent: exit $narc, $seen PHASE lines for $mine pods, $ren renewals, holder '$holder'"; sed 's/^/# /' "$tmp/na.err" | head -5
    fi
else
    bad "build/nodeagent missing (make build/nodeagent)"
fi
# kubediff and cm2files (the tools of issue 16): --help, a bad flag, a short run
for t in kubediff cm2files; do
    if [ ! -x build/$t ]; then bad "build/$t missing (make build/$t)"; continue; fi
    h=$(build/$t --help 2>&1; echo "exit $?")
    case "$h" in "usage: $t "*"--kubeconfig"*"--certificate-authority"*"--timeout"*"exit 0") ok "$t --help: usage with kwatch's connection flags, exit 0" ;;
        *) bad "$t --help: $(echo "$h" | head -2)" ;; esac
    e=$(build/$t --no-such-flag 2>&1; echo "exit $?")
    case "$e" in "$t: unknown option: --no-such-flag"*"exit 2") ok "$t: a bad flag is a usage error, exit 2" ;; *) bad "$t bad flag: $e" ;; esac
done
if [ -x build/kubediff ]; then
    quiesce
    p2=$(curl -s "$url/_fake/state?path=/api/v1/pods" | head -1 | awk '{print $3}')
    c2=$(curl -s "$url/_fake/state?path=/api/v1/configmaps" | head -1 | awk '{print $3}')
    # --max-events: it exits after a line per object (--timeout only caps it)
    timeout 600 build/kubediff --server "$url" --max-events $((p2 + c2)) --timeout 300 pods,configmaps >"$tmp/kd.out" 2>"$tmp/kd.err"; krc=$?
    n=$(grep -c '^{"type":"ADDED","resource":"\(pods\|configmaps\)","key":"[^"]*","resourceVersion":"[0-9]*","object":{' "$tmp/kd.out")
    keys=$(sed -n 's/^{"type":"ADDED","resource":"\([a-z]*\)","key":"\([^"]*\)".*/\1 \2/p' "$tmp/kd.out" | sort -u | wc -l)
    [ "$krc" = 0 ] && [ "$n" = $((p2 + c2)) ] && [ "$keys" = "$n" ] && ok "kubediff: an ADDED line per pod and ConfigMap ($n), exit 0" || bad "kubediff: exit $krc, $n ADDED lines ($keys keys) for $p2 pods and $c2 ConfigMaps: $(head -2 "$tmp/kd.err")"
    # --webhook: a URL that cannot be one is a usage error (one check over the cases)
    wbad=""
    for u in ftp://127.0.0.1/x 127.0.0.1:9/x http:// http:///x "http://127.0.0.1:9/a b" "http://u@127.0.0.1/x" "http://127.0.0.1:9/$(printf 'a\tb')"; do
        e=$(timeout 10 build/kubediff --server "$url" --timeout 2 --webhook "$u" pods 2>&1 >/dev/null; echo "exit $?")
        case "$e" in "kubediff: --webhook"*"exit 2") ;; *) wbad="$wbad [$u: $e]" ;; esac
    done
    e=$(timeout 10 build/kubediff --server "$url" --timeout 2 --webhook http://127.0.0.1:9/x --webhook-queue 100 pods 2>&1 >/dev/null; echo "exit $?")
    case "$e" in "kubediff: --webhook-queue"*"exit 2") ;; *) wbad="$wbad [queue 100: $e]" ;; esac
    [ -z "$wbad" ] && ok "kubediff --webhook: 7 bad URLs and a bad --webhook-queue are usage errors, exit 2" || bad "kubediff --webhook:$wbad"
    # stdout is the same with a webhook that is not there; its lines unsent make the exit 1
    # (one informer, pods: two informers' lines may interleave differently from run to run)
    timeout 600 build/kubediff --server "$url" --max-events "$p2" --timeout 300 pods >"$tmp/kdp.out" 2>"$tmp/kdp.err"
    timeout 600 build/kubediff --server "$url" --max-events "$p2" --timeout 300 --webhook http://127.0.0.1:9/x --webhook-drain 0.5 pods >"$tmp/kdw.out" 2>"$tmp/kdw.err"; wrc=$?
    if [ "$wrc" = 1 ] && [ -s "$tmp/kdp.out" ] && cmp -s "$tmp/kdp.out" "$tmp/kdw.out" && grep -q "WEBHOOK_UNSENT: $p2 lines" "$tmp/kdw.err"; then
        ok "kubediff --webhook to nothing: stdout unchanged ($p2 lines), WEBHOOK_UNSENT, exit 1"
    else
        bad "kubediff --webhook to nothing: exit $wrc, stdout $(wc -l <"$tmp/kdw.out") lines vs $(wc -l <"$tmp/kdp.out"): $(tail -2 "$tmp/kdw.err")"
    fi
fi
if [ -x build/cm2files ]; then
    mkdir -p "$tmp/cm"
    ns1=$(curl -s "$url/_fake/state?path=/api/v1/namespaces/ns-1/configmaps" | head -1 | awk '{print $3}')
    # stopped (SIGTERM) once it wrote a directory per ConfigMap; --timeout only caps it
    timeout 600 build/cm2files --server "$url" -n ns-1 --dir "$tmp/cm" --timeout 300 2>"$tmp/cm.err" &
    bg=$!
    patient '[ "$(find "$tmp/cm" -mindepth 1 -maxdepth 1 -type d | wc -l)" -ge "$ns1" ]' 'find "$tmp/cm" | wc -l'
    kill -TERM $bg; wait $bg; crc=$?; bg=
    n=$(find "$tmp/cm" -mindepth 1 -maxdepth 1 -type d | wc -l)
    [ "$crc" = 0 ] && [ "$n" = "$ns1" ] && [ "$ns1" -gt 0 ] && ok "cm2files: a directory per ConfigMap of ns-1 ($n), exit 0" || bad "cm2files: exit $crc, $n directories for $ns1 ConfigMaps: $(head -2 "$tmp/cm.err")"
    # each directory holds its ConfigMap's keys as regular files, and besides them only cm2files' own ..cm2files/
    strays=$(curl -s "$url/api/v1/namespaces/ns-1/configmaps" | python3 -c '
import json, os, sys
out = []
for o in json.load(sys.stdin)["items"]:
    keys = set(o.get("data") or {}) | set(o.get("binaryData") or {})
    p = os.path.join(sys.argv[1], o["metadata"]["name"])
    for e in sorted(os.listdir(p)) if os.path.isdir(p) else ["(none)"]:
        f = os.path.join(p, e)
        if not (e in keys and os.path.isfile(f)) and not (e == "..cm2files" and os.path.isdir(f)):
            out.append(o["metadata"]["name"] + "/" + e)
print(" ".join(out[:5]))' "$tmp/cm" 2>&1)
    [ -z "$strays" ] && ok "cm2files: each directory holds its ConfigMap's keys and, besides them, only ..cm2files/" || bad "cm2files: not keys of their ConfigMaps: $strays"
    out=$(timeout 10 build/cm2files --server "$url" --dir "$tmp/cm" 2>&1; echo "exit $?")
    case "$out" in "cm2files: -n NS is required"*"exit 2") ok "cm2files without -n: usage error, exit 2" ;; *) bad "cm2files without -n: $out" ;; esac
fi
# make demo: a summary a first-time reader can follow, not every line kwatch printed
wait $demo; drc=$?; demo=
d="$tmp/demo.out"
n=$(wc -l <"$d")
first=$(sed -n '/^-- kwatch prints one line per change/,/^$/p' "$d" | grep -c -E '^   (ADDED|MODIFIED|DELETED) [a-z0-9-]+/[a-z0-9-]+ [0-9]+$')
rows=$(grep -c -E '^ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +([0-9]+ +)?[0-9]+( |$)' "$d")
if [ "$drc" = 0 ] && [ "$n" -le 110 ] && [ "$first" -ge 8 ] && [ "$rows" -ge 18 ] && ! grep -q '^# stats' "$d"; then
    ok "make demo: a summary of $n lines ($first first changes, $rows rows a second), exit 0"
else
    bad "make demo: exit $drc, $n lines, $first first changes, $rows rows a second"; head -40 "$d" | sed 's/^/# /'
fi
if grep -q -E '^ +1 .*synced: [0-9]+ pods listed and cached in [0-9]+ ms' "$d" && grep -q '^   the cache equals the server.s state' "$d"; then
    ok "make demo: says when kwatch synced, and that its cache equals the server's state"
else
    bad "make demo: no sync time or no final comparison"; grep -E 'synced|cache' "$d" | sed 's/^/# /'
fi
# DELETED! is explained where it first appears, or the summary says none came
unk=$(grep -c -E '^ +DELETED! [a-z0-9-]+/' "$d")
if { [ "$unk" -gt 0 ] && grep -A12 -m1 -E '^ +DELETED! [a-z0-9-]+/' "$d" | grep -q 'final state is'; } ||
   { [ "$unk" = 0 ] && grep -q 'no DELETED! this run' "$d"; }; then
    ok "make demo: DELETED! explained where it appears ($unk this run)"
else
    bad "make demo: $unk DELETED! lines without their explanation"
fi
mem=$(sed -n 's/^   informer memory *\([0-9,]*\) bytes in all.*/\1/p' "$d" | tr -d ,)
if grep -q -E '^   store +[0-9,]+ bytes of projected pods \([0-9,]+ a pod\), peak [0-9,]+, in a 1,048,576-byte arena' "$d" &&
   grep -q -E '^   watch events received +[0-9,]+: [0-9,]+ ADDED' "$d" && [ -n "$mem" ] && [ "$mem" -lt 2000000 ]; then
    ok "make demo: counters named by what they count; the informer takes $mem bytes for its 200 pods"
else
    bad "make demo: counters: memory '$mem'"; sed -n '/^-- kwatch.s counters/,$p' "$d" | sed 's/^/# /'
fi
# the counters are read as kinf_stats keeps them: (re)lists by watch-list
# counted, reconnects apart from the first connection; and no sentence is
# made of a log line's tail ("resourceVersion end bookmark)")
if grep -q -E '^   lists +[0-9,]+ \((no relist|the first and [0-9,]+ relists?)\): (all through a watch-list|all by LIST|[0-9,]+ through a watch-list)' "$d" &&
   grep -q -E '^   connections +[0-9,]+ \(the first and ([0-9,]+ reconnects?|no reconnect)\); [0-9,]+ watch requests' "$d" &&
   ! grep -q -E '(at|from) resourceVersion [^0-9]|^   lists +0 ' "$d"; then
    ok "make demo: lists and connections read from the counters (watch-lists counted, reconnects apart from the first)"
else
    bad "make demo: the lists or connections sentence"; grep -E '^   (lists|connections) |(at|from) resourceVersion [^0-9]' "$d" | sed 's/^/# /'
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
