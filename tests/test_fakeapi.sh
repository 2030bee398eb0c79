#!/usr/bin/env bash
# tests/test_fakeapi.sh - checks tests/fakeapi.py against the real kubectl and curl.
#
# Prints "ok - ..." / "not ok - ..." per check and, last, "N passed, M failed".
# Exits non-zero if any check failed.  Every command is bounded by `timeout`;
# the servers are started with --lifetime and --exit-with-parent.
set -u

here=$(cd "$(dirname "$0")" && pwd)
FAKE="$here/fakeapi.py"
T=$(mktemp -d "${TMPDIR:-/tmp}/fakeapi-test.XXXXXX")
pass=0
fail=0
PIDS=""

cleanup() {
  for p in $PIDS; do kill "$p" 2>/dev/null; done
  rm -rf "$T"
}
trap cleanup EXIT

ok() { echo "ok - $*"; pass=$((pass + 1)); }
nok() { echo "not ok - $*"; fail=$((fail + 1)); }
# check "description" command...  : passes when the command exits 0
check() { local d=$1; shift; if "$@"; then ok "$d"; else nok "$d"; fi; }
# same "description" A B : passes when the two strings are equal (shows a diff otherwise)
same() {
  if [ "$2" == "$3" ]; then ok "$1"; else
    nok "$1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -10 | sed 's/^/#   /'
  fi
}

for tool in python3 kubectl timeout; do
  command -v "$tool" >/dev/null || { echo "not ok - $tool is not installed"; echo "0 passed, 1 failed"; exit 1; }
done
HAVE_CURL=1
command -v curl >/dev/null || HAVE_CURL=0

# ---------------------------------------------------------------- helpers in Python
cat >"$T/h.py" <<'PYEOF'
import json, socket, sys, time, urllib.error, urllib.parse, urllib.request

def http(url, method="GET", data=None, headers=None, timeout=10):
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()

def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "get":            # get URL [METHOD] -> prints "CODE" then body to stdout
        method = args[1] if len(args) > 1 else "GET"
        code, hdrs, body = http(args[0], method, b"" if method == "POST" else None)
        sys.stdout.write("%d\n" % code)
        for k, v in hdrs.items():
            sys.stdout.write("H %s: %s\n" % (k, v))
        sys.stdout.buffer.write(body)
    elif cmd == "send":         # send METHOD URL BODY [CONTENT-TYPE] -> "CODE" then the body
        code, hdrs, body = http(args[1], args[0], args[2].encode(),
                                {"Content-Type": args[3] if len(args) > 3 else "application/json"})
        sys.stdout.write("%d\n" % code)
        sys.stdout.buffer.write(body)
    elif cmd == "jget":         # jget FILE EXPR   (d = the JSON)
        d = json.load(open(args[0]))
        print(eval(args[1], {"d": d}))
    elif cmd == "events":       # events FILE -> "TYPE NAME RV" per line
        for line in open(args[0], "rb"):
            e = json.loads(line)
            md = e["object"].get("metadata", {})
            print(e["type"], md.get("name", "-"), md.get("resourceVersion", "-"))
    elif cmd == "paginate":     # paginate BASE PATH LIMIT SLEEP -> "rv first remaining" then keys
        base, path, limit, pause = args[0], args[1], int(args[2]), float(args[3])
        url = "%s%s?limit=%d" % (base, path, limit)
        keys, head = [], None
        for _ in range(10000):
            code, _, body = http(url)
            if code != 200:
                print("HTTP", code, body[:200]); sys.exit(1)
            d = json.loads(body)
            md = d["metadata"]
            if head is None:
                head = (md["resourceVersion"], len(d["items"]), md.get("remainingItemCount", 0))
            elif md["resourceVersion"] != head[0]:
                print("page RV changed", md["resourceVersion"], head[0]); sys.exit(1)
            for it in d["items"]:
                if "kind" in it or "apiVersion" in it:
                    print("list item carries kind/apiVersion"); sys.exit(1)
                m = it["metadata"]
                keys.append("%s/%s %s" % (m["namespace"], m["name"], m["resourceVersion"])
                            if "namespace" in m else "%s %s" % (m["name"], m["resourceVersion"]))
            c = md.get("continue")
            if not c:
                break
            url = "%s%s?limit=%d&continue=%s" % (base, path, limit, urllib.parse.quote(c))
            time.sleep(pause)
        print(*head)
        for k in keys:
            print(k)
    elif cmd == "chunks":       # chunks FILE -> validates raw chunked framing
        data = open(args[0], "rb").read()
        pos, chunks, body, split = 0, 0, b"", 0
        for _ in range(10 ** 6):
            eol = data.index(b"\r\n", pos)
            n = int(data[pos:eol].split(b";")[0], 16)
            pos = eol + 2
            if n == 0:
                if data[pos:pos + 2] != b"\r\n":
                    print("bad terminator"); sys.exit(1)
                pos += 2
                break
            chunk = data[pos:pos + n]
            if len(chunk) != n or data[pos + n:pos + n + 2] != b"\r\n":
                print("bad chunk at", pos); sys.exit(1)
            pos += n + 2
            chunks += 1
            if not chunk.endswith(b"\n"):
                split += 1
            body += chunk
        if pos != len(data):
            print("trailing bytes after last chunk"); sys.exit(1)
        lines = body.split(b"\n")
        if lines[-1] != b"":
            print("body does not end in newline"); sys.exit(1)
        for l in lines[:-1]:
            json.loads(l)
        print("chunks=%d events=%d split=%d multi=%d" % (
            chunks, len(lines) - 1, split, int(chunks < len(lines) - 1 + split)))
    elif cmd == "firstbyte":    # firstbyte PORT PATH -> seconds until the first body chunk
        s = socket.create_connection(("127.0.0.1", int(args[0])), timeout=10)
        t0 = time.monotonic()
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % args[1]).encode())
        buf = b""
        while b"\r\n\r\n" not in buf:
            buf += s.recv(65536)
        head_t = time.monotonic() - t0
        rest = buf.split(b"\r\n\r\n", 1)[1]
        while not rest:
            rest = s.recv(65536)
        print("%.2f %.2f" % (head_t, time.monotonic() - t0))
    else:
        sys.exit("unknown helper command " + cmd)

main()
PYEOF
H() { timeout 30 python3 "$T/h.py" "$@"; }

# fetch URL [METHOD]: body to $T/body, HTTP code in $CODE, headers in $T/hdrs
fetch() {
  if [ "$HAVE_CURL" = 1 ]; then
    CODE=$(timeout 15 curl -sS -o "$T/body" -D "$T/hdrs" -w '%{http_code}' -X "${2:-GET}" "$1")
  else
    H get "$1" "${2:-GET}" >"$T/raw"
    CODE=$(head -1 "$T/raw")
    grep '^H ' "$T/raw" | sed 's/^H //' >"$T/hdrs"
    sed '1d;/^H /d' "$T/raw" >"$T/body"
  fi
}
post() { fetch "$1" POST; }
jbody() { H jget "$T/body" "$1"; }
# stream URL OUTFILE SECONDS: read a (watch) response body for at most SECONDS
stream() {
  if [ "$HAVE_CURL" = 1 ]; then
    timeout $(($3 + 5)) curl -sS -N --max-time "$3" "$1" >"$2" 2>"$2.err"
  else
    timeout $(($3 + 5)) python3 -c 'import sys,urllib.request
r=urllib.request.urlopen(sys.argv[1],timeout=int(sys.argv[3]))
open(sys.argv[2],"wb").write(r.read())' "$1" "$2" "$3" 2>"$2.err"
  fi
}

PORT=""
# start_server NAME ARGS... : sets PORT, appends the pid to PIDS
start_server() {
  local name=$1
  shift
  rm -f "$T/$name.port"
  python3 "$FAKE" --port-file "$T/$name.port" --lifetime 90 --exit-with-parent "$@" \
    >"$T/$name.out" 2>"$T/$name.err" &
  PIDS="$PIDS $!"
  LASTPID=$!
  PORT=""
  for _ in $(seq 1 100); do
    if [ -s "$T/$name.port" ]; then PORT=$(cat "$T/$name.port"); break; fi
    sleep 0.1
  done
}

wait_watches() { # wait_watches N : until the server has exactly N open watches (max 5 s)
  for _ in $(seq 1 50); do
    fetch "$B/_fake/stats"
    [ "$(jbody "d['open_watches']")" = "$1" ] && return 0
    sleep 0.1
  done
  return 1
}

# ================================================================= server A
start_server a --seed 7 --pods 60 --namespaces 3 --configmaps 12 --bookmark-interval 0.3 --history 5000 --lifetime 240
if [ -z "$PORT" ]; then
  nok "fakeapi starts and writes its port file"
  cat "$T/a.err" | sed 's/^/#   /'
  echo "$pass passed, $fail failed"
  exit 1
fi
ok "fakeapi starts and writes its port file"
P=$PORT
B="http://127.0.0.1:$P"
check "stdout announces the address" grep -qx "fakeapi listening on http://127.0.0.1:$P" "$T/a.out"

: >"$T/kubeconfig"
export KUBECONFIG="$T/kubeconfig"
K() { timeout 20 kubectl --server "$B" --cache-dir "$T/kcache" --request-timeout 10s "$@"; }
state() { # state PATH [QUERY]
  fetch "$B/_fake/state?path=$1${2:+&$2}"
  cat "$T/body"
}
JP='{range .items[*]}{.metadata.namespace}/{.metadata.name} {.metadata.resourceVersion}{"\n"}{end}'
JPC='{range .items[*]}{.metadata.name} {.metadata.resourceVersion}{"\n"}{end}'

# ---------------------------------------------------------------- kubectl
S=$(state /api/v1/pods)
N=$(echo "$S" | head -1 | awk '{print $3}')
same "state header is '# cache N objects'" "$(echo "$S" | head -1)" "# cache 60 objects"
check "state lines are sorted bytewise" bash -c "echo \"\$1\" | tail -n +2 | LC_ALL=C sort -c" _ "$S"

K get pods -A >"$T/k.out" 2>"$T/k.err"
check "kubectl get pods -A succeeds with one line per pod" test "$(wc -l <"$T/k.out")" -eq $((N + 1))
same "kubectl get pods -A: every pod and RV matches /_fake/state" \
  "$(K get pods -A -o jsonpath="$JP")" "$(echo "$S" | tail -n +2)"
same "kubectl get pods -n ns-0 -o name" \
  "$(K get pods -n ns-0 -o name | sort)" \
  "$(state /api/v1/namespaces/ns-0/pods | tail -n +2 | sed 's|^ns-0/|pod/|; s| .*||' | sort)"
same "kubectl get nodes" "$(K get nodes -o name)" "$(printf 'node/node-0\nnode/node-1\nnode/node-2')"
same "kubectl get namespaces" "$(K get ns -o jsonpath="$JPC")" "$(state /api/v1/namespaces | tail -n +2)"
same "kubectl get deployments -A (apps/v1)" \
  "$(K get deployments -A -o jsonpath="$JP")" "$(state /apis/apps/v1/deployments | tail -n +2)"
same "kubectl get widgets -A (CRD via discovery)" \
  "$(K get widgets -A -o jsonpath="$JP")" "$(state /apis/example.com/v1/widgets | tail -n +2)"
same "kubectl get cm -A (short name)" \
  "$(K get cm -A -o jsonpath="$JP")" "$(state /api/v1/configmaps | tail -n +2)"
same "kubectl get pods -A -l tier=web" \
  "$(K get pods -A -l tier=web -o jsonpath="$JP")" "$(state /api/v1/pods 'labelSelector=tier%3Dweb' | tail -n +2)"
same "kubectl get pods -A --field-selector spec.nodeName=node-1" \
  "$(K get pods -A --field-selector spec.nodeName=node-1 -o jsonpath="$JP")" \
  "$(state /api/v1/pods 'fieldSelector=spec.nodeName%3Dnode-1' | tail -n +2)"
same "kubectl set-based selector and field != (tier in (web,db),app!=api; status.phase!=Running)" \
  "$(K get pods -A -l 'tier in (web,db),app!=api' --field-selector status.phase!=Running -o jsonpath="$JP")" \
  "$(state /api/v1/pods 'labelSelector=tier+in+(web,db),app!%3Dapi&fieldSelector=status.phase!%3DRunning' | tail -n +2)"
n_web=$(state /api/v1/pods 'labelSelector=tier%3Dweb' | head -1 | awk '{print $3}')
check "label selector selects a proper subset ($n_web of $N)" test "$n_web" -gt 0 -a "$n_web" -lt "$N"
same "kubectl get pods -A -o json item count" \
  "$(K get pods -A -o json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')" "$N"
first=$(echo "$S" | sed -n 2p)
fk=${first% *}
frv=${first#* }
same "kubectl get pod NAME -n NS -o jsonpath={.metadata.resourceVersion}" \
  "$(K get pod "${fk#*/}" -n "${fk%%/*}" -o 'jsonpath={.metadata.resourceVersion}')" "$frv"
# ---------------------------------------------------------------- discovery
# kubectl reads the aggregated form (one APIGroupDiscoveryList for /api and
# one for /apis) when the server offers it; what it lists is what the legacy
# documents say too (server D below)
API_RESOURCES='bindings  v1 true Binding
componentstatuses cs v1 false ComponentStatus
configmaps cm v1 true ConfigMap
events ev v1 true Event
namespaces ns v1 false Namespace
nodes no v1 false Node
pods po v1 true Pod
secrets  v1 true Secret
services svc v1 true Service
deployments deploy apps/v1 true Deployment
leases  coordination.k8s.io/v1 true Lease
events  events.k8s.io/v1 true Event
widgets  example.com/v1 true Widget'
# NAME SHORTNAMES APIVERSION NAMESPACED KIND, the columns joined by one space
api_resources() { awk 'NR > 1 { if (NF == 4) print $1 "  " $2 " " $3 " " $4; else print $1 " " $2 " " $3 " " $4 " " $5 }'; }
fetch "$B/_fake/stats"
agg0=$(jbody "d.get('discovery_aggregated', 0)")
same "kubectl api-resources (aggregated discovery)" \
  "$(K --cache-dir "$T/kcache-d1" api-resources | api_resources)" "$API_RESOURCES"
fetch "$B/_fake/stats"
check "kubectl asked for the aggregated form and got it" test "$(jbody "d.get('discovery_aggregated', 0)")" -gt "$agg0"
fetch "$B/apis"
check "/apis without the aggregated Accept: the legacy APIGroupList" \
  test "$CODE/$(jbody "d['kind'], [g['name'] for g in d['groups']]")" = "200/('APIGroupList', ['apps', 'events.k8s.io', 'example.com', 'coordination.k8s.io'])"
if [ "$HAVE_CURL" = 1 ]; then
  CODE=$(timeout 10 curl -sS -o "$T/body" -D "$T/hdrs" -w '%{http_code}' \
    -H 'Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json' "$B/apis")
  check "/apis with the aggregated Accept: APIGroupDiscoveryList and its Content-Type" \
    test "$CODE/$(jbody "d['kind'], d['apiVersion']")/$(grep -ci '^content-type: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' "$T/hdrs")" \
    = "200/('APIGroupDiscoveryList', 'apidiscovery.k8s.io/v2')/1"
  check "aggregated: subresources nested in their resource, scope and verbs" \
    test "$(jbody "[(r['resource'], r['scope'], 'watch' in r['verbs'], [s['subresource'] for s in r.get('subresources', [])]) for r in d['items'][0]['versions'][0]['resources']]")" \
    = "[('deployments', 'Namespaced', True, ['scale', 'status'])]"
fi
# ---------------------------------------------------------------- server-side apply
# kubectl apply --server-side against the fake: created, owned by the field
# manager (managedFields: manager, Apply, FieldsV1), co-owned when another
# applies the same value, kubectl's conflict error when it applies another,
# --force-conflicts takes the field. --validate=false: kubectl's client-side
# validation needs /openapi, which the fake does not serve.
KA() { K apply --validate=false --server-side "$@"; }
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: ns-0\n  labels: {app: x}\ndata: {a: "1", b: "2"}\n' >"$T/ssa1.yaml"
sed 's/"1"/"9"/' "$T/ssa1.yaml" >"$T/ssa2.yaml"
SSA_MF='{range .metadata.managedFields[*]}{.manager}/{.operation}/{.fieldsType} {.fieldsV1}{"\n"}{end}'
same "kubectl apply --server-side --field-manager one: created" "$(KA --field-manager one -f "$T/ssa1.yaml" 2>&1)" "configmap/ssa serverside-applied"
same "... the object as applied" "$(K get cm -n ns-0 ssa -o jsonpath='{.data.a}{.data.b}{.metadata.labels.app}')" "12x"
same "... its managedFields: manager one, Apply, FieldsV1 of the applied leaves" \
  "$(K get cm -n ns-0 ssa --show-managed-fields -o jsonpath="$SSA_MF")" \
  'one/Apply/FieldsV1 {"f:data":{"f:a":{},"f:b":{}},"f:metadata":{"f:labels":{"f:app":{}}}}'
same "another manager applying the same values: no conflict, both own the fields" \
  "$(KA --field-manager two -f "$T/ssa1.yaml" 2>&1; K get cm -n ns-0 ssa --show-managed-fields -o jsonpath='{.metadata.managedFields[*].manager}')" \
  "configmap/ssa serverside-applied
one two"
KA --field-manager two -f "$T/ssa2.yaml" >"$T/ssa.out" 2>"$T/ssa.err"
check "a conflicting apply: kubectl's conflict error naming the field and the manager" \
  test "$?/$(head -1 "$T/ssa.err")/$(grep -c -- '--force-conflicts' "$T/ssa.err")" = '1/error: Apply failed with 1 conflict: conflict with "one": .data.a/1'
same "... and the object unchanged" "$(K get cm -n ns-0 ssa -o jsonpath='{.data.a}')" "1"
same "--force-conflicts: applied, .data.a taken from one" \
  "$(KA --field-manager two --force-conflicts -f "$T/ssa2.yaml" 2>&1; K get cm -n ns-0 ssa --show-managed-fields -o jsonpath="{.data.a} $SSA_MF")" \
  'configmap/ssa serverside-applied
9 one/Apply/FieldsV1 {"f:data":{"f:b":{}},"f:metadata":{"f:labels":{"f:app":{}}}}
two/Apply/FieldsV1 {"f:data":{"f:a":{},"f:b":{}},"f:metadata":{"f:labels":{"f:app":{}}}}'
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: ns-0\ndata: {c: "3"}\n' >"$T/ssa3.yaml"
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: ns-0\n  labels: {t: "1"}\n' >"$T/ssa4.yaml"
KA --field-manager three -f "$T/ssa3.yaml" >/dev/null 2>&1
same "a field its manager leaves out of its next apply is removed (no other owner); the co-owned ones stay" \
  "$(KA --field-manager three -f "$T/ssa4.yaml" 2>&1 >/dev/null; K get cm -n ns-0 ssa -o jsonpath='{.data} {.metadata.labels}')" \
  '{"a":"9","b":"2"} {"app":"x","t":"1"}'
cat >"$T/ssa.py" <<'PYEOF'
import json, sys, urllib.request, urllib.error
def patch(url, body, ctype="application/apply-patch+yaml"):
    rq = urllib.request.Request(url, data=body.encode(), method="PATCH", headers={"Content-Type": ctype})
    try:
        with urllib.request.urlopen(rq, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
base = sys.argv[1] + "/api/v1/namespaces/ns-0/configmaps/"
cm = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%s"},"data":{"a":"%s"}}'
out = []
c, d = patch(base + "ssa-raw", cm % ("ssa-raw", "1"))
out.append("nofm:%d:%s" % (c, d.get("reason")))
c, d = patch(base + "ssa-raw?fieldManager=m", cm % ("other", "1"))
out.append("name:%d" % c)
c, d = patch(base + "ssa-raw?fieldManager=m", cm % ("ssa-raw", "1"))
out.append("create:%d" % c)
c, d = patch(base + "ssa-raw?fieldManager=n", cm % ("ssa-raw", "2"))
cause = (d.get("details") or {}).get("causes") or [{}]
out.append("conflict:%d:%s:%s:%s" % (c, d.get("reason"), cause[0].get("field"), cause[0].get("message")))
c, d = patch(base + "ssa-raw?fieldManager=n&force=true", cm % ("ssa-raw", "2"))
out.append("force:%d:%s" % (c, d["data"]["a"]))
print(" ".join(out))
PYEOF
same "apply over HTTP: fieldManager required (422), the URL's name, 201 created, a 409 Conflict with causes, force" \
  "$(timeout 30 python3 "$T/ssa.py" "$B")" \
  'nofm:422:Invalid name:400 create:201 conflict:409:Conflict:.data.a:conflict with "m" force:200:2'
KG() { K --cache-dir "$T/kcache-d$1" "${@:2}"; }
KG 2 get po,cm -A -o name >"$T/kpc.out" 2>"$T/kpc.err"
same "kubectl get po,cm -A (short names through discovery)" "$(sort "$T/kpc.out")" \
  "$( (state /api/v1/pods | tail -n +2 | sed 's|^[^/]*/|pod/|; s| .*||'; state /api/v1/configmaps | tail -n +2 | sed 's|^[^/]*/|configmap/|; s| .*||') | sort)"
KG 2 get cs -w >/dev/null 2>"$T/k.err"
check "componentstatuses cannot be watched (405, as its verbs say)" test -n "$(grep MethodNotAllowed "$T/k.err")"
# a CRD created at run time, in two versions (v2 preferred), and a cluster-scoped one
post "$B/_fake/crd?group=example.org&plural=gadgets&short=gd&versions=v2,v1"
check "POST /_fake/crd serves a custom resource" test "$CODE" = 201
post "$B/_fake/crd?group=example.org&plural=clusterthings&kind=ClusterThing&scope=Cluster"
apply_obj() { # apply_obj PATH NAME: a minimal object through the control API
  timeout 10 python3 -c 'import sys,urllib.request
urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=("{\"metadata\":{\"name\":\"%s\"}}" % sys.argv[2]).encode(), method="POST")).read()' \
    "$B/_fake/apply?path=$1" "$2"
}
apply_obj /apis/example.org/v2/namespaces/ns-0/gadgets/g1 g1
fetch "$B/_fake/state?path=/apis/example.org/v1/gadgets"
check "a custom resource's object can be applied (and read in either version)" test "$(head -1 "$T/body")" = "# cache 1 objects"
apply_obj /apis/example.org/v1/clusterthings/t1 t1
same "kubectl api-resources lists the new CRDs (the preferred version, and v1 for the one only there)" \
  "$(KG 3 api-resources --api-group example.org | api_resources)" \
  "$(printf 'clusterthings  example.org/v1 false ClusterThing\ngadgets gd example.org/v2 true Gadget')"
same "kubectl get clusterthings (cluster-scoped CRD)" "$(KG 3 get clusterthings -o name)" "clusterthing.example.org/t1"
K --cache-dir "$T/kcache-d3" get gd -n ns-0 -w --output-watch-events >"$T/kw-gd.out" 2>&1 &
kwg=$!
sleep 2
timeout 10 python3 -c 'import sys,urllib.request
urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="DELETE")).read()' "$B/_fake/crd?group=example.org&plural=gadgets"
sleep 1
kill "$kwg" 2>/dev/null
wait "$kwg" 2>/dev/null
check "deleting a CRD deletes its objects first (a watch sees DELETED)" grep -q '^DELETED.*g1' "$T/kw-gd.out"
KG 4 get gd -A >/dev/null 2>"$T/k.err"
check "then it leaves discovery: kubectl no longer knows gd" grep -q 'the server doesn.t have a resource type "gd"' "$T/k.err"
fetch "$B/apis/example.org/v2/gadgets"
check "... and its path answers 404" test "$CODE" = 404
same "the other CRD of the group stays" "$(KG 4 get clusterthings -o name)" "clusterthing.example.org/t1"
timeout 10 python3 -c 'import sys,urllib.request
urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="DELETE")).read()' "$B/_fake/crd?group=example.org&plural=clusterthings"

K get pod no-such-pod -n ns-0 >/dev/null 2>"$T/k.err"
rc=$?
check "kubectl get of a missing pod fails with NotFound" test $rc -ne 0 -a -n "$(grep NotFound "$T/k.err")"

post "$B/_fake/churn?rate=40"
K get pods -A -w --output-watch-events >"$T/kw.out" 2>"$T/kw.err" &
kw=$!
sleep 3
kill "$kw" 2>/dev/null
wait "$kw" 2>/dev/null
post "$B/_fake/churn?rate=0"
check "kubectl get pods -A -w sees MODIFIED and DELETED events under churn" \
  test -n "$(grep '^MODIFIED' "$T/kw.out")" -a -n "$(grep '^DELETED' "$T/kw.out")"
fetch "$B/_fake/churn"
check "GET /_fake/churn reports stopped churn with events" test "$(jbody "(d['running'], d['events'] > 0)")" = "(False, True)"

# ---------------------------------------------------------------- HTTP behaviour
fetch "$B/api/v1/namespaces/ns-0/pods/no-such-pod"
check "GET of a missing object: 404 Status NotFound" \
  test "$CODE/$(jbody "d['kind'], d['reason'], d['code']")" = "404/('Status', 'NotFound', 404)"
fetch "$B/api/v1/pods?labelSelector=tier+in+web"
check "bad label selector: 400 BadRequest" test "$CODE/$(jbody "d['reason']")" = "400/BadRequest"
fetch "$B/api/v1/configmaps?fieldSelector=spec.nodeName%3Dnode-1"
check "unsupported field selector: 400 BadRequest" test "$CODE/$(jbody "d['reason']")" = "400/BadRequest"
RV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$B/_fake/rv")
fetch "$B/api/v1/pods?resourceVersion=$((RV + 1000))"
check "LIST with a future resourceVersion: 504 Timeout, ResourceVersionTooLarge" \
  test "$CODE/$(jbody "d['reason'], d['details']['causes'][0]['reason']")" = "504/('Timeout', 'ResourceVersionTooLarge')"
if [ "$HAVE_CURL" = 1 ]; then
  n_reuse=$(timeout 10 curl -sv -o /dev/null -o /dev/null "$B/api/v1/nodes" "$B/api/v1/namespaces" 2>&1 | grep -ci 're-using existing connection\|reusing existing connection')
  check "keep-alive: a second request reuses the connection" test "$n_reuse" -ge 1
fi

# pagination, quiet server
H paginate "$B" /api/v1/pods 7 0 >"$T/pages"
rc=$?
check "pagination (limit=7) follows continue tokens" test $rc -eq 0
same "pagination covers every pod exactly once" "$(tail -n +2 "$T/pages")" "$(state /api/v1/pods | tail -n +2)"
read -r prv pfirst prem < <(head -1 "$T/pages")
NOW=$(state /api/v1/pods | head -1 | awk '{print $3}')
check "first page: 7 items and remainingItemCount $((NOW - 7))" test "$pfirst/$prem" = "7/$((NOW - 7))"

# pagination under churn is served from the snapshot at the list RV
post "$B/_fake/churn?rate=100"
H paginate "$B" /api/v1/pods 5 0.05 >"$T/pages2"
rc=$?
post "$B/_fake/churn?rate=0"
read -r prv pfirst prem < <(head -1 "$T/pages2")
check "pagination under churn: no duplicates" test -z "$(tail -n +2 "$T/pages2" | awk '{print $1}' | sort | uniq -d)"
check "pagination under churn: total = first page + remainingItemCount" \
  test "$(($(wc -l <"$T/pages2") - 1))" -eq $((pfirst + prem)) -a $rc -eq 0
same "pagination under churn equals the state at the list RV" \
  "$(tail -n +2 "$T/pages2")" "$(state /api/v1/pods "rv=$prv" | tail -n +2)"

# exact-RV list from history
fetch "$B/api/v1/pods?resourceVersion=$prv&resourceVersionMatch=Exact"
check "LIST resourceVersionMatch=Exact serves the older snapshot" \
  test "$CODE/$(jbody "d['metadata']['resourceVersion'], len(d['items'])")" = "200/('$prv', $((pfirst + prem)))"

# continue token after expire -> 410
fetch "$B/api/v1/pods?limit=5"
tok=$(jbody "d['metadata']['continue']")
post "$B/_fake/fault?kind=expire"
fetch "$B/api/v1/pods?limit=5&continue=$tok"
check "continue token after expire: 410 Expired" \
  test "$CODE/$(jbody "d['reason'], d['code'], d['message'].startswith('The provided continue parameter is too old')")" = "410/('Expired', 410, True)"
fetch "$B/api/v1/pods?resourceVersion=1"
check "LIST with a compacted resourceVersion: 410 Expired 'too old resource version'" \
  test "$CODE/$(jbody "d['reason'], d['message'].startswith('too old resource version: 1 (')")" = "410/('Expired', True)"

# watch from an expired RV -> in-stream ERROR 410
stream "$B/api/v1/pods?watch=1&resourceVersion=1" "$T/w1" 5
rc=$?
check "watch from a compacted RV: 200, one ERROR 410 event, clean end" \
  test "$rc/$(wc -l <"$T/w1")/$(H jget "$T/w1" "(d['type'], d['object']['code'], d['object']['reason'])")" = "0/1/('ERROR', 410, 'Expired')"

# watch from RV sees events after it (and only those)
RV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$B/_fake/rv")
mkpod() { # mkpod NAME TIER
  printf '{"metadata":{"name":"%s","labels":{"app":"t","tier":"%s"}},"spec":{"nodeName":"node-2","containers":[{"name":"c","image":"busybox"}]},"status":{"phase":"Running"}}' "$1" "$2"
}
apply() { # apply NAME TIER
  timeout 10 python3 -c 'import sys,urllib.request
r=urllib.request.Request(sys.argv[1], data=sys.argv[2].encode(), method="POST", headers={"Content-Type":"application/json"})
urllib.request.urlopen(r).read()' "$B/_fake/apply?path=/api/v1/namespaces/ns-1/pods" "$(mkpod "$1" "$2")"
}
apply probe-a web
apply probe-a db
post "$B/_fake/delete?path=/api/v1/namespaces/ns-1/pods/probe-a"
stream "$B/api/v1/namespaces/ns-1/pods?watch=true&resourceVersion=$RV&timeoutSeconds=1" "$T/w2" 5
same "watch from RV replays exactly the later events" "$(H events "$T/w2")" \
  "$(printf 'ADDED probe-a %s\nMODIFIED probe-a %s\nDELETED probe-a %s' $((RV + 1)) $((RV + 2)) $((RV + 3)))"
stream "$B/api/v1/namespaces/ns-1/pods?watch=true&resourceVersion=$RV&timeoutSeconds=1&labelSelector=tier%3Dweb" "$T/w3" 5
same "selector transitions: leaving the selector is DELETED" "$(H events "$T/w3")" \
  "$(printf 'ADDED probe-a %s\nDELETED probe-a %s' $((RV + 1)) $((RV + 2)))"
check "transition DELETED carries the last matching state" \
  test "$(tail -1 "$T/w3" | H jget /dev/stdin "d['object']['metadata']['labels']['tier']")" = "web"

# status faults: 429 with Retry-After, then 503, then normal
post "$B/_fake/fault?kind=status&code=429&retry_after=1"
fetch "$B/api/v1/pods?limit=1"
check "status fault: HTTP 429 TooManyRequests" test "$CODE/$(jbody "d['reason']")" = "429/TooManyRequests"
check "status fault: Retry-After: 1 header" grep -qi '^retry-after: 1' "$T/hdrs"
post "$B/_fake/fault?kind=status&code=503"
fetch "$B/api/v1/pods?watch=1"
check "status fault on a watch: HTTP 503 ServiceUnavailable" test "$CODE/$(jbody "d['reason']")" = "503/ServiceUnavailable"
fetch "$B/api/v1/pods?limit=1"
check "status faults are consumed (next request 200)" test "$CODE" = 200

post "$B/_fake/fault?kind=expire_http"
fetch "$B/api/v1/pods?watch=1&resourceVersion=$RV"
check "expire_http: watch answered with HTTP 410 Status" test "$CODE/$(jbody "d['code']")" = "410/410"

# bookmarks and chunked framing
RV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$B/_fake/rv")
stream "$B/api/v1/pods?watch=1&resourceVersion=$RV&allowWatchBookmarks=true&timeoutSeconds=2" "$T/w4" 6
check "bookmarks arrive (>= 3 in 2 s at 0.3 s interval) with the current RV" \
  test "$(H events "$T/w4" | grep -c "^BOOKMARK - $RV\$")" -ge 3
if [ "$HAVE_CURL" = 1 ]; then
  timeout 10 curl -sS --raw --max-time 5 "$B/api/v1/pods?watch=1&timeoutSeconds=1" >"$T/raw1"
  out=$(H chunks "$T/raw1")
  rc=$?
  check "raw chunked framing is valid HTTP/1.1 ($out)" test $rc -eq 0
  check "some events are split across chunks and some share a chunk" \
    test -n "$(echo "$out" | grep -v 'split=0' | grep 'multi=1')"
  stream "$B/api/v1/pods?watch=1&timeoutSeconds=1" "$T/w5" 5
  rc=$?
  check "curl decodes the chunked watch and it ends cleanly (synthetic ADDED for all $N+ pods)" \
    test $rc -eq 0 -a "$(H events "$T/w5" | grep -c '^ADDED')" -eq "$(state /api/v1/pods | head -1 | awk '{print $3}')"
fi

# garbage line
post "$B/_fake/fault?kind=garbage"
stream "$B/api/v1/nodes?watch=1&timeoutSeconds=1" "$T/w6" 5
same "garbage fault: a garbage line before the next event" "$(head -1 "$T/w6")" '{"type":"MODIFIED","object":{"kind":"Node",garbage'

# cut: the event is half-written, the connection closed, the event stays in history
wait_watches 0
RV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$B/_fake/rv")
(stream "$B/api/v1/namespaces/ns-1/pods?watch=1&resourceVersion=$RV" "$T/w7" 6; echo $? >"$T/w7.rc") &
cutjob=$!
wait_watches 1
post "$B/_fake/fault?kind=cut"
apply probe-cut web
wait "$cutjob"
stream "$B/api/v1/namespaces/ns-1/pods?watch=1&resourceVersion=$RV&timeoutSeconds=1" "$T/w8" 5
full=$(head -1 "$T/w8")
cutb=$(wc -c <"$T/w7")
check "cut fault: connection closed mid-event (client sees an error, $cutb bytes)" \
  test "$(cat "$T/w7.rc")" -ne 0 -a "$cutb" -gt 0
check "cut fault: bytes received are the first half of the event, no newline" \
  test "$(head -c "$cutb" <<<"$full")" == "$(cat "$T/w7")" -a "$cutb" -lt "${#full}"
check "cut fault: re-watch from the last RV gets the whole event" \
  test "$(H events "$T/w8" | head -1)" = "ADDED probe-cut $((RV + 1))"

# stall: nothing for S seconds, then the events
post "$B/_fake/fault?kind=stall&seconds=1.5"
read -r th tb < <(H firstbyte "$P" "/api/v1/nodes?watch=1&allowWatchBookmarks=true&timeoutSeconds=3")
check "stall fault: headers at once, first body byte after ~1.5 s (${th}s, ${tb}s)" \
  python3 -c "import sys; sys.exit(not ($th < 0.5 and $tb >= 1.4))"

# oversized
post "$B/_fake/fault?kind=oversized&size=300000&name=huge&namespace=ns-2"
fetch "$B/api/v1/namespaces/ns-2/pods/huge"
check "oversized fault: a >300000 byte pod is served" test "$CODE" = 200 -a "$(wc -c <"$T/body")" -gt 300000

# restart: connections refused for a while, state survives
RV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$B/_fake/rv")
(stream "$B/api/v1/pods?watch=1&resourceVersion=$RV" "$T/w9" 8; echo $? >"$T/w9.rc") &
rsjob=$!
wait_watches 1
post "$B/_fake/fault?kind=restart&seconds=3"
# tried every 0.1 s from the fault on (a loaded machine closes the listener
# late): refused at least once while down
timeout 10 python3 -c '
import socket, sys, time
for _ in range(50):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()
    except OSError:
        sys.exit(0)
    time.sleep(0.1)
sys.exit(1)' "$P" 2>/dev/null
check "restart: connections are refused while down" test $? -eq 0
wait "$rsjob"
check "restart: open watches are closed abruptly" test "$(cat "$T/w9.rc")" -ne 0
for _ in $(seq 1 100); do  # up to ~10 s: a loaded machine restarts the listener late
  fetch "$B/_fake/rv" 2>/dev/null
  [ "$CODE" = 200 ] && break
  sleep 0.1
done
check "restart: listening again on the same port, RV kept" test "$CODE/$(tr -d '\n' <"$T/body")" = "200/$RV"

# ================================================================= server B: TLS + token
# kubectl never sends a bearer token over plain http (client-go drops credentials
# for insecure transports), so the token checks run over HTTPS with the built-in
# test certificate.
echo tok-1 >"$T/token"
start_server b --tls --ca-file "$T/ca.pem" --token-file "$T/token" --pods 5
BP=$PORT
bpid=$LASTPID
BB="https://127.0.0.1:$BP"
check "--tls: stdout announces https" grep -qx "fakeapi listening on $BB" "$T/b.out"
KB() { timeout 20 kubectl --server "$BB" --certificate-authority "$T/ca.pem" --cache-dir "$T/kcache-b" --request-timeout 10s "$@"; }
KB --token tok-1 get pods -A >"$T/kb.out" 2>&1
check "kubectl --token over TLS (CA from --ca-file) works against a token-protected server" \
  test $? -eq 0 -a "$(wc -l <"$T/kb.out")" -eq 6
KB get pods -A >/dev/null 2>"$T/kb.err"
check "kubectl without the token fails" test $? -ne 0
echo tok-2 >"$T/token"
KB --token tok-1 get pods -A >/dev/null 2>&1
check "the token file is re-read on every request (old token now refused)" test $? -ne 0
KB --token tok-2 get pods -A >/dev/null 2>&1
check "the new token from the file is accepted" test $? -eq 0
if [ "$HAVE_CURL" = 1 ]; then
  CODE=$(timeout 10 curl -sS --cacert "$T/ca.pem" -o "$T/body" -w '%{http_code}' "$BB/api/v1/pods")
  check "no token: 401 Status Unauthorized" test "$CODE/$(jbody "d['reason']")" = "401/Unauthorized"
  CODE=$(timeout 10 curl -sS --cacert "$T/ca.pem" -o "$T/body" -w '%{http_code}' "$BB/_fake/rv")
  check "control API needs no token" test "$CODE" = 200
  timeout 10 curl -sS --cacert "$T/ca.pem" -N -H "Authorization: Bearer tok-2" \
    "$BB/api/v1/pods?watch=1&timeoutSeconds=1" >"$T/wb" 2>/dev/null
  check "watch over TLS with a token streams and ends cleanly" test $? -eq 0 -a "$(wc -l <"$T/wb")" -eq 5
  timeout 10 curl -sS --cacert "$T/ca.pem" -X POST -o /dev/null "$BB/_fake/stop"
else
  timeout 10 python3 -c 'import ssl,sys,urllib.request
urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="POST"), context=ssl.create_default_context(cafile=sys.argv[2])).read()' "$BB/_fake/stop" "$T/ca.pem"
fi
for _ in $(seq 1 30); do kill -0 "$bpid" 2>/dev/null || break; sleep 0.1; done
check "POST /_fake/stop ends the process" bash -c "! kill -0 $bpid 2>/dev/null"

# ================================================================= server W: watch-list, metadata-only Accept
start_server w --pods 12 --namespaces 2 --configmaps 2 --bookmark-interval 60
WP=$PORT
BW="http://127.0.0.1:$WP"
KW() { timeout 20 kubectl --server "$BW" --cache-dir "$T/kcache-w" --request-timeout 10s "$@"; }
WLQ='/api/v1/pods?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=2'
# wlsum FILE: "ADDED-count BOOKMARK-position annotation bookmark-RV" of a watch-list stream
wlsum() { timeout 10 python3 -c 'import json,sys
ev=[json.loads(l) for l in open(sys.argv[1]) if l.strip()]
add=sum(1 for e in ev if e["type"]=="ADDED")
bm=[(i,e) for i,e in enumerate(ev) if e["type"]=="BOOKMARK"]
if bm:
    i,e=bm[0]; md=e["object"]["metadata"]
    print(add, i, md.get("annotations",{}).get("k8s.io/initial-events-end","-"), md["resourceVersion"])
else:
    print(add, "-", "-", "-")' "$1"; }
WRV=$(timeout 5 python3 -c 'import sys,urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode().strip())' "$BW/_fake/rv")
KW get --raw "$WLQ" >"$T/wl1" 2>"$T/wl1.err"
same "kubectl get --raw watch-list: 12 ADDED, then the bookmark k8s.io/initial-events-end at the server's RV" \
  "$(wlsum "$T/wl1")" "12 12 true $WRV"
KW get --raw '/api/v1/pods?watch=1&sendInitialEvents=true&timeoutSeconds=1' >/dev/null 2>"$T/wl2.err"
check "watch-list without resourceVersionMatch=NotOlderThan: 422 Invalid, as the real server" \
  grep -q 'is invalid.*sendInitialEvents requires setting resourceVersionMatch' "$T/wl2.err"
post "$BW/_fake/watchlist?mode=refuse"
KW get --raw "$WLQ" >"$T/wl3" 2>"$T/wl3.err"
rc=$?
check "refusing mode: the watch-list gets 422 Invalid (sendInitialEvents forbidden), as a server without the feature" \
  test $rc -ne 0 -a -n "$(grep 'is invalid.*sendInitialEvents is forbidden' "$T/wl3.err")"
KW get pods -A -o name >"$T/wl4" 2>/dev/null
check "refusing mode: kubectl get pods (LIST) still works" test "$(wc -l <"$T/wl4")" -eq 12
post "$BW/_fake/watchlist?mode=unfinished"
KW get --raw "$WLQ" >"$T/wl5" 2>"$T/wl5.err"
same "unfinished mode: the 12 initial events, no bookmark, the stream ends" "$(wlsum "$T/wl5")" "12 - - -"
post "$BW/_fake/watchlist?mode=ignore"
KW get --raw "$WLQ" >"$T/wl7" 2>"$T/wl7.err"
same "ignore mode: the parameters dropped, a plain watch from now: no initial event, no end bookmark" "$(wlsum "$T/wl7")" "0 - - -"
post "$BW/_fake/watchlist?mode=on"
same "POST /_fake/watchlist?mode=on: served again" "$(KW get --raw "$WLQ" 2>/dev/null | tee "$T/wl6" >/dev/null; wlsum "$T/wl6" | cut -d' ' -f1-3)" "12 12 true"
# metadata-only: the Accept headers of client-go's metadata client
metacheck() { timeout 15 python3 -c 'import json,sys,urllib.request
base=sys.argv[1]
def get(path, accept):
    r=urllib.request.Request(base+path, headers={"Accept": accept} if accept else {})
    return urllib.request.urlopen(r, timeout=10).read()
full=json.loads(get("/api/v1/pods", None))
ml=json.loads(get("/api/v1/pods", "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json"))
ok=[ml["kind"]=="PartialObjectMetadataList", ml["apiVersion"]=="meta.k8s.io/v1",
    all(sorted(i)==["apiVersion","kind","metadata"] and i["kind"]=="PartialObjectMetadata" for i in ml["items"]),
    [i["metadata"] for i in ml["items"]]==[i["metadata"] for i in full["items"]],
    ml["metadata"]["resourceVersion"]==full["metadata"]["resourceVersion"]]
tab=json.loads(get("/api/v1/pods", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"))
ok.append(tab["kind"]=="PodList" and "spec" in tab["items"][0])
w=get("/api/v1/pods?watch=1&timeoutSeconds=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true",
      "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json")
ev=[json.loads(l) for l in w.splitlines() if l.strip()]
ok.append(len(ev)==13 and all(e["object"]["kind"]=="PartialObjectMetadata" and sorted(e["object"])==["apiVersion","kind","metadata"] for e in ev))
print(" ".join("1" if x else "0" for x in ok))' "$1"; }
same "Accept PartialObjectMetadataList / PartialObjectMetadata: metadata only (list: 5 checks; Table: full; watch-list: 13 events)" \
  "$(metacheck "$BW")" "1 1 1 1 1 1 1"
KW get pods -A -o json >"$T/wl7" 2>/dev/null
check "kubectl get pods -o json (no metadata Accept): whole objects" \
  test "$(H jget "$T/wl7" "all('spec' in i for i in d['items']) and len(d['items'])")" = 12
fetch "$BW/_fake/stats"
check "the server counted the metadata requests (1 list, 1 watch) and no more" \
  test "$(jbody "d['by_resource'].get('list_metadata'), d['by_resource'].get('watch_metadata')")" = "({'pods': 1}, {'pods': 1})"
post "$BW/_fake/stop"

# ================================================================= server D: legacy discovery only
start_server d --no-aggregated-discovery --pods 8 --configmaps 4
DP=$PORT
BD="http://127.0.0.1:$DP"
KD() { timeout 20 kubectl --server "$BD" --cache-dir "$T/kcache-legacy" --request-timeout 10s "$@"; }
same "kubectl api-resources (legacy discovery: APIGroupList, then each group version)" \
  "$(KD api-resources | api_resources)" "$API_RESOURCES"
check "kubectl get po,cm -A (legacy discovery)" test "$(KD get po,cm -A -o name | wc -l)" -eq 12
fetch "$BD/_fake/stats"
check "a server without aggregated discovery never serves it" \
  test "$(jbody "d.get('discovery_aggregated', 0), d.get('discovery_legacy', 0) > 2")" = "(0, True)"
post "$BD/_fake/stop"

# ================================================================= server W: writes as the real server takes them
start_server w --pods 6 --namespaces 2 --configmaps 2 --lifetime 240
BW="http://127.0.0.1:$PORT"
KW() { timeout 20 kubectl --server "$BW" --cache-dir "$T/kcache-w" --request-timeout 10s "$@"; }
KWq() { KW "$@" >/dev/null; }
# send METHOD URL BODY [CTYPE]: the code in $CODE, the body in $T/body
send() { H send "$@" >"$T/raw"; CODE=$(head -1 "$T/raw"); sed 1d "$T/raw" >"$T/body"; }
cat >"$T/cm.json" <<'EOF2'
{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"w1","namespace":"ns-0"},"data":{"a":"1","b":"2","c":"3"}}
EOF2
cat >"$T/lease.json" <<'EOF2'
{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"node-x","namespace":"kube-node-lease"},"spec":{"holderIdentity":"node-x","leaseDurationSeconds":40}}
EOF2
check "kubectl create -f (a ConfigMap)" KW create --validate=false -f "$T/cm.json" -o name
KW create --validate=false -f "$T/cm.json" >/dev/null 2>"$T/k.err"
check "kubectl create of an existing object fails with AlreadyExists" grep -q AlreadyExists "$T/k.err"
same "kubectl patch --type merge (a key changed, one removed)" \
  "$(KW patch cm w1 -n ns-0 --type merge -p '{"data":{"a":"10","c":null}}' -o 'jsonpath={.data}')" '{"a":"10","b":"2"}'
same "kubectl patch --type json (add, replace, remove, copy, move, test)" \
  "$(KW patch cm w1 -n ns-0 --type json -p '[{"op":"test","path":"/data/a","value":"10"},{"op":"add","path":"/data/d","value":"4"},{"op":"replace","path":"/data/b","value":"20"},{"op":"copy","from":"/data/d","path":"/data/e"},{"op":"move","from":"/data/a","path":"/data/f"},{"op":"remove","path":"/data/d"}]' -o 'jsonpath={.data}')" \
  '{"b":"20","e":"4","f":"10"}'
KW patch cm w1 -n ns-0 --type json -p '[{"op":"test","path":"/data/b","value":"nope"},{"op":"remove","path":"/data/b"}]' >/dev/null 2>"$T/k.err"
rc=$?
same "kubectl patch --type json with a failing test: refused (422 Invalid), nothing changed" \
  "$rc/$(grep -c 'testing value /data/b failed' "$T/k.err")/$(KW get cm w1 -n ns-0 -o 'jsonpath={.data.b}')" "1/1/20"
send PATCH "$BW/api/v1/namespaces/ns-0/configmaps/w1" '[{"op":"remove","path":"/data/zz"}]' application/json-patch+json
check "JSON patch removing a missing path: 422 Invalid" test "$CODE/$(jbody "d['reason']")" = "422/Invalid"
send PATCH "$BW/api/v1/namespaces/ns-0/configmaps/w1" '{"metadata":{"resourceVersion":"1"},"data":{"b":"x"}}' application/merge-patch+json
check "merge patch with a stale metadata.resourceVersion: 409 Conflict" test "$CODE/$(jbody "d['reason']")" = "409/Conflict"
send PATCH "$BW/api/v1/namespaces/ns-0/configmaps/w1" '{"data":{"b":"x"}}' text/plain
check "an unknown patch type: 415" test "$CODE" = 415
UID_W=$(KW get cm w1 -n ns-0 -o 'jsonpath={.metadata.uid}')
RV_W=$(KW get cm w1 -n ns-0 -o 'jsonpath={.metadata.resourceVersion}')
send DELETE "$BW/api/v1/namespaces/ns-0/configmaps/w1" '{"preconditions":{"uid":"not-the-uid"}}'
check "delete with a wrong uid precondition: 409 Conflict, Precondition failed" \
  test "$CODE/$(jbody "d['reason'], 'Precondition failed: UID' in d['message']")" = "409/('Conflict', True)"
send DELETE "$BW/api/v1/namespaces/ns-0/configmaps/w1" "{\"preconditions\":{\"uid\":\"$UID_W\",\"resourceVersion\":\"$((RV_W - 1))\"}}"
check "delete with a stale resourceVersion precondition: 409 Conflict" test "$CODE/$(jbody "d['reason']")" = "409/Conflict"
send DELETE "$BW/api/v1/namespaces/ns-0/configmaps/w1" "{\"preconditions\":{\"uid\":\"$UID_W\",\"resourceVersion\":\"$RV_W\"}}"
check "delete with matching uid and resourceVersion preconditions: 200" test "$CODE/$(jbody "d['metadata']['name']")" = "200/w1"
KW create --validate=false -f "$T/cm.json" -o name >/dev/null
check "kubectl delete" KWq delete cm w1 -n ns-0
KW get cm w1 -n ns-0 >/dev/null 2>"$T/k.err"
check "... and it is gone (NotFound)" grep -q NotFound "$T/k.err"
# the status subresource: /status writes only the status, the object's own writes never it
POD=$(KW get pods -n ns-0 -o 'jsonpath={.items[0].metadata.name}')
PH0=$(KW get pod "$POD" -n ns-0 -o 'jsonpath={.status.phase}')
same "kubectl patch --subresource=status changes the status only" \
  "$(KW patch pod "$POD" -n ns-0 --subresource=status --type merge -p '{"metadata":{"labels":{"ignored":"yes"}},"status":{"phase":"Failed"}}' -o 'jsonpath={.status.phase}/{.metadata.labels.ignored}')" "Failed/"
same "kubectl patch of the pod itself leaves the status as it is" \
  "$(KW patch pod "$POD" -n ns-0 --type merge -p '{"metadata":{"labels":{"seen":"yes"}},"status":{"phase":"Running"}}' -o 'jsonpath={.status.phase}/{.metadata.labels.seen}')" "Failed/yes"
send GET "$BW/api/v1/namespaces/ns-0/pods/$POD/status" ''
check "GET .../status: the object" test "$CODE/$(jbody "d['status']['phase']")" = "200/Failed"
KW get pod "$POD" -n ns-0 -o json >"$T/pod.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["status"]["phase"]="Succeeded"; d["spec"]["nodeName"]="ignored"; json.dump(d, open(sys.argv[1], "w"))' "$T/pod.json"
send PUT "$BW/api/v1/namespaces/ns-0/pods/$POD/status" "$(cat "$T/pod.json")"
check "PUT .../status: status replaced, spec not" test "$CODE/$(jbody "d['status']['phase'], d['spec']['nodeName'] != 'ignored'")" = "200/('Succeeded', True)"
send PUT "$BW/api/v1/namespaces/ns-0/pods/$POD/status" "$(cat "$T/pod.json")"
check "PUT .../status with the old resourceVersion: 409 Conflict" test "$CODE/$(jbody "d['reason']")" = "409/Conflict"
send PUT "$BW/api/v1/namespaces/ns-0/configmaps/cm-0/status" '{}'
check "a resource without a status subresource: .../status is 404" test "$CODE" = 404
# leases (coordination.k8s.io/v1)
check "kubectl create -f (a Lease in kube-node-lease)" KWq create --validate=false -f "$T/lease.json" -o name
same "kubectl get lease -n kube-node-lease" \
  "$(KW get lease -n kube-node-lease -o 'jsonpath={.items[*].metadata.name} {.items[*].spec.holderIdentity}')" "node-x node-x"
same "kubectl patch lease --type merge (renewTime)" \
  "$(KW patch lease node-x -n kube-node-lease --type merge -p '{"spec":{"renewTime":"2026-01-02T03:04:05.123456Z"}}' -o 'jsonpath={.spec.renewTime}')" \
  "2026-01-02T03:04:05.123456Z"
# an elector's writes: a PUT of the record read (no holder, 1 s: a release), then the same again (409)
KW get lease node-x -n kube-node-lease -o json >"$T/lease-got.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["spec"].update(holderIdentity="", leaseDurationSeconds=1, leaseTransitions=2); json.dump(d, open(sys.argv[1], "w"))' "$T/lease-got.json"
send PUT "$BW/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-x" "$(cat "$T/lease-got.json")"
check "PUT a Lease (no holder, 1 s): kept as written" test "$CODE/$(jbody "d['spec']['holderIdentity'], d['spec']['leaseDurationSeconds'], d['spec']['leaseTransitions']")" = "200/('', 1, 2)"
send PUT "$BW/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-x" "$(cat "$T/lease-got.json")"
check "PUT a Lease with the old resourceVersion: 409 Conflict" test "$CODE/$(jbody "d['reason']")" = "409/Conflict"
KW replace --validate=false -f "$T/lease-got.json" >/dev/null 2>"$T/k.err"
check "kubectl replace of a Lease with the old resourceVersion: the object has been modified" grep -q "the object has been modified" "$T/k.err"
check "kubectl delete lease" KWq delete lease node-x -n kube-node-lease
post "$BW/_fake/stop"

# ================================================================= server C: chunked lists, lifetime
start_server c --chunked-lists --pods 300 --pod-size 2000 --lifetime 6
CP=$PORT
cpid=$LASTPID
KC() { timeout 20 kubectl --server "http://127.0.0.1:$CP" --cache-dir "$T/kcache-c" --request-timeout 10s "$@"; }
check "kubectl works with chunked list responses (300 pods)" \
  test "$(KC get pods -A -o name | wc -l)" -eq 300
if [ "$HAVE_CURL" = 1 ]; then
  timeout 10 curl -sS -D "$T/hdrs" -o "$T/body" "http://127.0.0.1:$CP/api/v1/pods"
  check "chunked list: Transfer-Encoding chunked and valid JSON" \
    test "$(grep -ci '^transfer-encoding: chunked' "$T/hdrs")/$(jbody "len(d['items'])")" = "1/300"
fi
for _ in $(seq 1 100); do kill -0 "$cpid" 2>/dev/null || break; sleep 0.1; done
check "--lifetime: the server exits by itself" bash -c "! kill -0 $cpid 2>/dev/null"

# ================================================================= server G: gzip lists
start_server g --gzip --chunked-lists --pods 400 --pod-size 2000 --lifetime 60
GP=$PORT
BG="http://127.0.0.1:$GP"
KG() { timeout 20 kubectl --server "$BG" --cache-dir "$T/kcache-g" --request-timeout 10s "$@"; }
check "kubectl reads gzip lists (400 pods, 800 KB: over 128 KiB)" test "$(KG get pods -A -o name | wc -l)" -eq 400
fetch "$BG/_fake/stats"
check "... and they went out in gzip (kubectl asks for it)" test "$(jbody "d.get('gzip_responses', 0) > 0")" = True
cat >"$T/gz.py" <<'PYEOF'
import gzip, sys, urllib.request
def get(url, enc):
    h = {"Accept-Encoding": enc} if enc else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=h), timeout=10) as r:
        return r.headers.get("Content-Encoding") or "-", r.read()
cmd, url = sys.argv[1], sys.argv[2]
if cmd == "enc":        # the Content-Encoding and the number of items, inflated
    import json
    ce, body = get(url, sys.argv[3] if len(sys.argv) > 3 else None)
    print(ce, len(json.loads(gzip.decompress(body) if ce == "gzip" else body)["items"]))
elif cmd == "bad":      # each badgzip mode spoils the next gzip list, which Python's gzip refuses
    import json
    out = []
    for mode in sys.argv[3:]:
        r = urllib.request.urlopen(urllib.request.Request(url.replace("/api/v1/pods", "/_fake/fault") + "?kind=badgzip&mode=" + mode, method="POST", data=b""), timeout=10)
        r.read()
        ce, body = get(url, "gzip")
        try:
            json.loads(gzip.decompress(body)); out.append("%s:%s:inflates" % (mode, ce))
        except Exception:
            out.append("%s:%s:refused" % (mode, ce))
    print(" ".join(out))
PYEOF
same "a list over 128 KiB asked for in gzip is gzip" "$(timeout 20 python3 "$T/gz.py" enc "$BG/api/v1/pods" "gzip, deflate")" "gzip 400"
same "... not asked for: identity" "$(timeout 20 python3 "$T/gz.py" enc "$BG/api/v1/pods")" "- 400"
same "... asked for, under 128 KiB (limit=5): identity" "$(timeout 20 python3 "$T/gz.py" enc "$BG/api/v1/pods?limit=5" gzip)" "- 5"
if [ "$HAVE_CURL" = 1 ]; then
  timeout 10 curl -sS -D "$T/whdrs" -H "Accept-Encoding: gzip" -N "$BG/api/v1/pods?watch=1&timeoutSeconds=1" >"$T/wg" 2>/dev/null
  check "a watch asked for in gzip is never gzip" test "$(grep -ci '^content-encoding' "$T/whdrs")/$(head -c 9 "$T/wg")" = '0/{"type":"'
fi
same "badgzip: each mode spoils the next gzip list" \
  "$(timeout 30 python3 "$T/gz.py" bad "$BG/api/v1/pods" corrupt truncate crc length trailing header)" \
  "corrupt:gzip:refused truncate:gzip:refused crc:gzip:refused length:gzip:refused trailing:gzip:refused header:gzip:refused"
same "... and the list after it is whole again" "$(timeout 20 python3 "$T/gz.py" enc "$BG/api/v1/pods" gzip)" "gzip 400"
post "$BG/_fake/fault?kind=badgzip&mode=nonsense"
check "badgzip with an unknown mode: 400" test "$CODE" = 400
post "$BG/_fake/stop"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
