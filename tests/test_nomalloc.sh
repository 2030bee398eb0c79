#!/bin/sh
# The no-malloc proof: the library object references no allocator, and a live
# list+watch runs with the allocator made to fail (tests/nomalloc.c).
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
tmp=$(mktemp -d)
trap 'kill $srv 2>/dev/null; rm -rf "$tmp"' EXIT

printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n' > "$tmp/impl.c"
if cc -std=c99 -c -I. "$tmp/impl.c" -o "$tmp/impl.o"; then
    alloc=$(nm -u "$tmp/impl.o" | awk '{print $2}' | grep -xE 'malloc|calloc|realloc|free|strdup|strndup|aligned_alloc|posix_memalign|reallocarray' | tr '\n' ' ')
    [ -z "$alloc" ] && ok "implementation references no allocator" || bad "implementation references: $alloc"
else
    bad "implementation compiles alone"
fi

python3 tests/fakeapi.py --port 0 --port-file "$tmp/port" --lifetime 90 --pods 300 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(cat "$tmp/port")
timeout 60 build/nomalloc "http://127.0.0.1:$port" 300 >"$tmp/out" 2>&1 &
nm_pid=$!
i=0; while ! grep -q '^# synced' "$tmp/out" && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
curl -s -X POST "http://127.0.0.1:$port/_fake/churn?rate=100" >/dev/null
wait $nm_pid
rc=$?
cat "$tmp/out" | grep -v ' passed, '
p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out")
f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out")
pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0}))
[ -z "$p" ] && bad "nomalloc ran to its end (exit $rc)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
