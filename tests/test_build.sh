#!/bin/sh
# Build checks: strict warnings with gcc and clang, the header as C++, twice in
# one file, two static copies in one program, and the kinf_ symbol prefix.
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0; skipped=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
skip() { skipped=$((skipped + 1)); echo "ok - # SKIP $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
STRICT="-std=c99 -pedantic -Wall -Wextra -Werror -Wshadow -Wundef -Wconversion -Wstrict-prototypes"

printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n' > "$tmp/impl.c"
for cc in gcc clang; do
    if ! command -v $cc >/dev/null 2>&1; then bad "$cc is installed"; continue; fi
    if $cc $STRICT -c -I. "$tmp/impl.c" -o "$tmp/impl-$cc.o" 2>"$tmp/err"; then ok "$cc $STRICT"; else bad "$cc strict: $(head -3 "$tmp/err")"; fi
    if $cc $STRICT -DKINF_TLS_BEARSSL -c -I. "$tmp/impl.c" -o "$tmp/impl-tls-$cc.o" 2>"$tmp/err"; then ok "$cc strict with TLS (KINF_TLS_BEARSSL)"; else bad "$cc strict TLS: $(head -3 "$tmp/err")"; fi
    for ex in tools/kwatch.c examples/minimal.c examples/multi.c examples/by_configmap.c; do
        if $cc $STRICT -c "$ex" -o "$tmp/ex.o" 2>"$tmp/err"; then ok "$cc strict $ex"; else bad "$cc strict $ex: $(head -3 "$tmp/err")"; fi
    done
    for ex in tools/kubediff.c tools/cm2files.c tools/nodeagent.c; do
        if $cc $STRICT -c "$ex" -o "$tmp/ex.o" 2>"$tmp/err"; then ok "$cc strict $ex"; else bad "$cc strict $ex: $(head -3 "$tmp/err")"; fi
    done
    # examples/libuv.c needs libuv's header (Debian libuv1-dev, which make deps installs)
    if [ ! -f /usr/include/uv.h ]; then skip "$cc strict examples/libuv.c: no uv.h (libuv1-dev)"
    elif $cc $STRICT -c examples/libuv.c -o "$tmp/ex.o" 2>"$tmp/err"; then ok "$cc strict examples/libuv.c"
    else bad "$cc strict examples/libuv.c: $(head -3 "$tmp/err")"; fi
done

# -m32: 32-bit x86, with gcc -m32 (gcc-multilib) where it works, else as
# tests/cross.sh builds i686: clang --target=i686-linux-gnu against Debian's
# i386 cross sysroot, linked static. Debian's gcc-N-TRIPLE cross compilers
# conflict with gcc-multilib: installing them removes it, and what it leaves
# (stubs-32.h) is not enough for gcc -m32. A toolchain is there when a small
# program with the headers kwatch uses compiles and links; with neither, the
# row is skipped and says why.
printf '#include <errno.h>\n#include <stdio.h>\n#include <sys/socket.h>\nint main(void) { return puts("") < 0; }\n' > "$tmp/t32.c"
mkdir -p "$tmp/include"
ln -sf /usr/include/jsmn.h "$tmp/include/jsmn.h" # the cross sysroot sees no host header
I686="clang --target=i686-linux-gnu --sysroot=/usr/i686-linux-gnu -isystem $tmp/include"
m32=""
if gcc -m32 -o "$tmp/t32" "$tmp/t32.c" 2>"$tmp/why-gcc"; then
    m32="gcc -m32"; link32="gcc -m32"; how="gcc -m32"
elif ! command -v clang >/dev/null 2>&1; then
    echo "clang is not installed" >"$tmp/why-clang"
elif $I686 -static -o "$tmp/t32" "$tmp/t32.c" 2>"$tmp/why-clang"; then
    m32=$I686; link32="$I686 -static"; how="clang --target=i686-linux-gnu, the i386 cross sysroot"
fi
if [ -z "$m32" ]; then
    cross=$(dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 'gcc-*-linux-gnu*' 2>/dev/null | awk 'substr($1, 2, 1) == "i" { printf " %s", $2 }')
    skip "-m32: no 32-bit x86 toolchain. gcc -m32: $(grep -m1 -E 'error|cannot' "$tmp/why-gcc" | cut -c1-160)${cross:+ (gcc-multilib conflicts with the installed$cross)}; clang --target=i686-linux-gnu: $(grep -m1 -E 'error|cannot|not installed' "$tmp/why-clang" | cut -c1-160) (make deps installs libc6-dev-i386-cross, libgcc-12-dev-i386-cross and binutils-i686-linux-gnu)"
    skip "-m32: kwatch runs (no 32-bit build)"
elif $m32 $STRICT -c -I. "$tmp/impl.c" -o "$tmp/impl-m32.o" 2>"$tmp/err" &&
     $link32 -std=c99 -O1 -o "$tmp/kwatch-m32" tools/kwatch.c 2>>"$tmp/err"; then
    ok "-m32 ($how): strict compile, kwatch links"
    # running it needs a kernel with 32-bit x86 support, which some machines
    # lack; the static build also runs under qemu-user
    if "$tmp/t32" >/dev/null 2>&1; then
        if "$tmp/kwatch-m32" --help >/dev/null; then ok "-m32: kwatch runs"; else bad "-m32: kwatch --help fails"; fi
    elif [ "$m32" = "$I686" ] && command -v qemu-i386-static >/dev/null 2>&1; then
        if qemu-i386-static "$tmp/kwatch-m32" --help >/dev/null; then ok "-m32: kwatch runs under qemu-i386"; else bad "-m32: kwatch --help fails under qemu-i386"; fi
    else
        skip "-m32: kwatch runs (this kernel runs no 32-bit x86 program)"
    fi
else
    bad "-m32 ($how): $(grep -Ev 'getaddrinfo|in function' "$tmp/err" | head -3)"
fi
if g++ -x c++ -std=c++11 -Wall -Wextra -Werror -c -I. "$tmp/impl.c" -o "$tmp/impl-cpp.o" 2>"$tmp/err"; then ok "header and implementation compile as C++"; else bad "C++: $(head -3 "$tmp/err")"; fi

printf '#include "kinformer.h"\n#include "kinformer.h"\n#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n#include "kinformer.h"\nint main(void) { return kinf_informer_size(0 ? 0 : &(kinf_desc_t){0}) > 0 ? 0 : 1; }\n' > "$tmp/twice.c"
if cc -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Werror -I. "$tmp/twice.c" -o "$tmp/twice" 2>"$tmp/err" && "$tmp/twice"; then ok "header included twice, before and after the implementation define"; else bad "included twice: $(head -3 "$tmp/err")"; fi

for n in a b; do
    printf '#define KINFORMER_STATIC\n#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\nsize_t size_%s(void);\nsize_t size_%s(void) { kinf_desc_t d = {0}; return kinf_informer_size(&d); }\n' $n $n > "$tmp/static_$n.c"
done
printf '#include <stddef.h>\nsize_t size_a(void);\nsize_t size_b(void);\nint main(void) { return size_a() == size_b() && size_a() > 0 ? 0 : 1; }\n' > "$tmp/static_main.c"
if cc -std=c99 -Wall -Werror -Wno-unused-function -I. "$tmp/static_a.c" "$tmp/static_b.c" "$tmp/static_main.c" -o "$tmp/static" 2>"$tmp/err" && "$tmp/static"; then
    ok "two KINFORMER_STATIC copies link into one program"
else
    bad "KINFORMER_STATIC: $(head -3 "$tmp/err")"
fi

if g++ -x c++ -std=c++11 -Wall -Wextra -Werror -DKINF_TLS_BEARSSL -c -I. "$tmp/impl.c" -o "$tmp/impl-cpp-tls.o" 2>"$tmp/err"; then ok "C++ with TLS"; else bad "C++ TLS: $(head -3 "$tmp/err")"; fi
for o in "$tmp/impl-gcc.o" "$tmp/impl-tls-gcc.o"; do
    [ -f "$o" ] || continue
    alloc=$(nm -u "$o" | awk '{print $2}' | grep -xE 'malloc|calloc|realloc|free|strdup|strndup' | tr '\n' ' ')
    [ -z "$alloc" ] && ok "$(basename "$o"): no allocator referenced" || bad "$(basename "$o") references $alloc"
done
if [ -f "$tmp/impl-gcc.o" ]; then
    bad_syms=$(nm -g --defined-only "$tmp/impl-gcc.o" | awk '{print $3}' | grep -v '^kinf_' | tr '\n' ' ')
    [ -z "$bad_syms" ] && ok "every exported symbol starts with kinf_" || bad "symbols without kinf_: $bad_syms"
    n=$(nm -g --defined-only "$tmp/impl-gcc.o" | wc -l)
    [ "$n" -gt 20 ] && ok "the object exports the public API ($n symbols)" || bad "only $n exported symbols"
fi
# after the implementation no private macro (KINF__*, JSMN_*) is defined
names=$(awk '/^#ifdef KINFORMER_IMPLEMENTATION/{f=1} f && /^[ \t]*#[ \t]*define[ \t]+(KINF__|JSMN_)/{print $2}' kinformer.h | sed 's/(.*//' | sort -u)
{ printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n'; for n in $names; do printf '#ifdef %s\n#error %s is still defined\n#endif\n' "$n" "$n"; done; } >"$tmp/undef.c"
if [ -n "$names" ] && gcc -std=c99 -c -I. "$tmp/undef.c" -o "$tmp/undef.o" 2>"$tmp/err"; then ok "no private macro outlives the implementation ($(echo $names | wc -w) checked)"; else bad "private macros left defined: $(grep -m3 -o '#error [A-Z_0-9]*' "$tmp/err" | tr '\n' ' ')"; fi
leak=$(grep -n '^#define [A-Za-z_]' kinformer.h | grep -v -E '#define (KINF|_POSIX_C_SOURCE|JSMN_)' | head -3)
[ -z "$leak" ] && ok "every macro kinformer.h defines is KINF-prefixed" || bad "unprefixed macros: $leak"

# each KINF_NO_* option alone (every one api.h names) builds strict: a part
# left out takes nothing another part needs (a header it included, say)
nobad=""
noopts=$(grep -o 'KINF_NO_[A-Z_]*' src/api.h | sort -u)
for o in $noopts; do
    gcc $STRICT -D$o -c -I. "$tmp/impl.c" -o "$tmp/no.o" 2>"$tmp/err" || nobad="$nobad $o: $(grep -m1 error "$tmp/err")"
done
[ -z "$nobad" ] && ok "each KINF_NO_* option alone builds strict ($(echo $noopts | wc -w) options)" || bad "KINF_NO_* builds:$nobad"

# KINF_NO_PROXY: a proxy asked for is refused at init (CONFIG_BAD_PROXY),
# never a silent direct connection; none asked for, the informer is made
cat >"$tmp/noproxy.c" <<'EOF'
#define KINFORMER_IMPLEMENTATION
#include "kinformer.h"
#include <stdio.h>
int main(void) {
    kinf_desc_t d;
    char why[256];
    uint32_t a, b;
    memset(&d, 0, sizeof(d));
    d.server = "http://10.0.0.1:8080"; d.resource = "pods";
    a = kinf_check(&d, kinf_informer_size(&d), why, sizeof(why));
    d.proxy = "http://proxy:3128";
    b = kinf_check(&d, kinf_informer_size(&d), why, sizeof(why));
    printf("%s %s\n", kinf_log_item_name(a), kinf_log_item_name(b));
    return 0;
}
EOF
if gcc $STRICT -DKINF_NO_PROXY -I. "$tmp/noproxy.c" -o "$tmp/noproxy" 2>"$tmp/err" && [ "$("$tmp/noproxy")" = "OK CONFIG_BAD_PROXY" ]; then
    ok "KINF_NO_PROXY: desc.proxy is refused at init (CONFIG_BAD_PROXY), no proxy is fine"
else bad "KINF_NO_PROXY: desc.proxy not refused: $("$tmp/noproxy" 2>&1 | head -1) $(grep -m1 error "$tmp/err")"; fi

# the benchmarks' programs (make bench builds them; no test runs them) still
# compile against the header, warnings as errors; bench/parse.c reads the
# scanner's private state for its "kinformer scanner" row
benchbad=""
for f in bench/arena.c bench/journal.c bench/parse.c bench/snapfloor.c bench/factory_sizes.c; do
    gcc -std=c99 -Wall -Wextra -Wshadow -Wundef -Wstrict-prototypes -Werror -O1 -DBENCH_NO_SIMDJSON -DKINF_TLS_BEARSSL -I. -c "$f" -o "$tmp/bench.o" 2>"$tmp/err" ||
        benchbad="$benchbad $f: $(grep -m1 error "$tmp/err")"
done
[ -z "$benchbad" ] && ok "the benchmarks compile (bench/*.c, -Werror)" || bad "benchmarks:$benchbad"

echo "$pass passed, $fail failed, $skipped skipped"
[ $fail -eq 0 ]
