#!/bin/sh
# The cross matrix: kinformer on the targets an edge device runs.
#
#   sh tests/cross.sh [--short] [--only TARGET]...     (make cross; make deps-cross first)
#   sh tests/cross.sh --sizes                          the size table of docs/porting.md
#
# Targets: i686, armhf, arm64, mips (32-bit big-endian), mipsel, riscv64,
# powerpc (32-bit big-endian), s390x (64-bit big-endian), each built by
# clang --target=TRIPLE against Debian's cross sysroot /usr/TRIPLE and run
# under qemu-user; and musl (x86_64, static, run natively). --short (make
# test) takes i686, armhf, s390x and musl.
#
# Per target:
#   - the implementation compiles with -std=c99 -pedantic -Werror and every
#     warning of tests/test_build.sh (-Wconversion included), with and without
#     KINF_TLS_BEARSSL;
#   - the unit tests (on arm64 also with KINF_SCAN_STRUCTURAL, the
#     structural pass's NEON classifier), linked static (qemu-user 7.2 mishandles the forked
#     children of dynamically linked programs) with -D_FILE_OFFSET_BITS=64 (a
#     32-bit readdir under qemu fails with EOVERFLOW otherwise), pass under
#     qemu-user;
#   - kwatch builds -std=c99 -pedantic -Werror, static; on a 32-bit target it
#     refuses capacities that add up to 4 GiB (MEMORY_OVERFLOW, exit 1);
#   - musl: also the build where MSG_NOSIGNAL is missing (macOS, older BSDs:
#     SO_NOSIGPIPE); musl defines it as a plain macro, so it can be taken away;
#     in the full run, BearSSL built from Debian's source package with
#     musl-gcc, and a static musl kwatch with TLS through test_tls.py's
#     tls-time and basics groups.
# The full run also:
#   - kwatch for armhf and mips (and, as a reference, the native build/kwatch)
#     list the same fake server: their -o json output and their dumps must be
#     byte-identical, and equal to the server's state; then the integration
#     scenarios "churn" and "cut" (--quick) run with the cross kwatch;
#   - kwatch with TLS links where Debian has BearSSL for the architecture
#     (libbearssl-dev:ARCH), and for i686 and armhf, whose glibc time_t is 32
#     bits, test_tls.py's "tls-time" and "basics" groups run through it.
# And the engine alone (KINF_ENGINE_ONLY: no POSIX): "engine" builds it
# natively, checks that it calls nothing but the C string functions, and runs
# tests/engine.c; "cortex-m" (full run) compiles it freestanding with
# arm-none-eabi-gcc for Cortex-M0+, M3, M4F and M7 and runs tests/engine.c on
# an MPS2 AN385 (Cortex-M3) under qemu-system-arm with semihosting.
# Prints "ok - ..." / "not ok - ..." and, last, "N passed, N failed, N skipped".
cd "$(dirname "$0")/.." || exit 1
short=0; only=""; sizes=0
while [ $# -gt 0 ]; do
    case $1 in
    --short) short=1 ;;
    --sizes) sizes=1 ;;
    --only) only="$only $2"; shift ;;
    *) echo "usage: sh tests/cross.sh [--short | --sizes] [--only TARGET]..." >&2; exit 2 ;;
    esac
    shift
done
pass=0; fail=0; skipped=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
skip() { skipped=$((skipped + 1)); echo "ok - # SKIP $1"; }
first() { head -3 "$1" | tr '\n' ' ' | cut -c1-400; }
# tls_checks NAME KWATCH KWATCH_NOTLS HOW: test_tls.py's tls-time and basics
# through a cross-built kwatch (output in $d/tls.out)
tls_checks() {
    python3 tests/test_tls.py --kwatch "$2" --kwatch-notls "$3" --only tls-time --only basics >"$d/tls.out" 2>&1
    rc=$?
    line=$(tail -1 "$d/tls.out")
    if [ $rc -eq 0 ]; then ok "$1: test_tls.py tls-time and basics through $4: $line"
    else bad "$1: test_tls.py tls-time, basics: $line $(grep -m3 '^not ok' "$d/tls.out" | cut -c1-300 | tr '\n' ' ')"; fi
}

# unit_run SUFFIX FLAGS [WHAT]: the unit tests built with FLAGS as
# $d/unitSUFFIX, static, run under qemu-user ($cc, $d, $q, $name of the target)
unit_run() {
    # shellcheck disable=SC2086
    if $cc $STATIC -O1 $2 -o "$d/unit$1" tests/unit/main.c 2>"$d/err"; then
        run "$q" "$d/unit$1" >"$d/unit$1.out" 2>&1
        rc=$?
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$d/unit$1.out" | tail -1)
        if [ $rc -eq 0 ] && [ -n "$line" ]; then ok "$name: unit tests$3${q:+ under qemu-$q}: $line"
        else bad "$name: unit tests$3${q:+ under qemu-$q} (exit $rc): ${line:-no result line} $(grep -m5 '^FAIL' "$d/unit$1.out" | tr '\n' ' ')"; fi
    else
        grep -Ev "$LDNOISE" "$d/err" >"$d/err2"
        bad "$name: unit tests$3 build: $(first "$d/err2")"
    fi
}
B=build/cross
mkdir -p $B/include
# the cross compilers see these headers only from the host's /usr/include
ln -sf /usr/include/jsmn.h $B/include/jsmn.h
ln -sf /usr/include/bearssl.h $B/include/bearssl.h
ln -sfn /usr/include/bearssl $B/include/bearssl
printf '#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n' >$B/impl.c
STRICT="-std=c99 -pedantic -Wall -Wextra -Werror -Wshadow -Wundef -Wconversion -Wstrict-prototypes"
STATIC="-std=c99 -pedantic -Wall -Wextra -Werror -static -D_FILE_OFFSET_BITS=64"
# the linker's note that a static getaddrinfo wants glibc's NSS at run time,
# and a segment note of powerpc's ld, are not ours
LDNOISE='getaddrinfo|in function|statically linked|RWX permissions'

# NAME:TRIPLE:QEMU:LIBDIR:BITS
ALL="i686:i686-linux-gnu:i386:i386-linux-gnu:32
armhf:arm-linux-gnueabihf:arm:arm-linux-gnueabihf:32
arm64:aarch64-linux-gnu:aarch64:aarch64-linux-gnu:64
mips:mips-linux-gnu:mips:mips-linux-gnu:32
mipsel:mipsel-linux-gnu:mipsel:mipsel-linux-gnu:32
riscv64:riscv64-linux-gnu:riscv64:riscv64-linux-gnu:64
powerpc:powerpc-linux-gnu:ppc:powerpc-linux-gnu:32
s390x:s390x-linux-gnu:s390x:s390x-linux-gnu:64
musl:x86_64-linux-musl:::64"
SHORT="i686 armhf s390x musl engine"

selected() {
    if [ -n "$only" ]; then
        for o in $only; do [ "$o" = "$1" ] && return 0; done
        return 1
    fi
    [ $short = 0 ] && return 0
    for o in $SHORT; do [ "$o" = "$1" ] && return 0; done
    return 1
}

# run QEMU PROGRAM ARGS...: the program under qemu-user (natively for musl),
# killed after 5 minutes
run() {
    q=$1; shift
    if [ -n "$q" ]; then timeout 300 qemu-"$q"-static "$@"; else timeout 300 "$@"; fi
}

# compare_native NAME QEMU KWATCH: the cross kwatch and the native one list one fake server
compare_native() {
    name=$1; q=$2; kw=$3; fk=$B/$name/fake # (sh has no locals: d is the caller's)
    if [ ! -x build/kwatch ]; then bad "$name: kwatch beside the native one (build/kwatch is missing: make all)"; return; fi
    rm -rf "$fk"; mkdir -p "$fk"
    python3 tests/fakeapi.py --port 0 --port-file "$fk/port" --lifetime 120 --exit-with-parent \
        --pods 400 --namespaces 5 --configmaps 50 --seed 18 --split-prob 0.3 >"$fk/log" 2>&1 &
    fp=$!
    i=0
    while [ ! -s "$fk/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    port=$(cat "$fk/port" 2>/dev/null)
    if [ -z "$port" ]; then bad "$name: the fake server did not start: $(first "$fk/log")"; kill $fp 2>/dev/null; return; fi
    args="--server http://127.0.0.1:$port --exit-after-sync --dump-on-exit -o json --list-limit 37 --read-bytes 1000 --timeout 60"
    keep="metadata.labels,metadata.annotations,spec.containers.0.image,spec.nodeName,status"
    for res in pods configmaps; do
        # shellcheck disable=SC2086
        build/kwatch $args --keep "$keep" $res >"$fk/native-$res" 2>"$fk/native-$res.err"
        # shellcheck disable=SC2086
        run "$q" "$kw" $args --keep "$keep" $res >"$fk/cross-$res" 2>"$fk/cross-$res.err"
        rc=$?
        path=/api/v1/$res
        curl -s "http://127.0.0.1:$port/_fake/state?path=$path" >"$fk/state-$res"
        sed -n '/^# cache /,$p' "$fk/cross-$res" >"$fk/dump-$res"
        n=$(grep -c '^{"type":"ADDED"' "$fk/cross-$res")
        if [ $rc -ne 0 ] || [ "$n" -lt 50 ]; then
            bad "$name: kwatch $res under qemu (exit $rc, $n objects): $(first "$fk/cross-$res.err")"
        elif ! cmp -s "$fk/native-$res" "$fk/cross-$res"; then
            bad "$name: kwatch $res -o json --keep ...: output differs from the native kwatch's ($fk/native-$res, $fk/cross-$res)"
        elif ! cmp -s "$fk/dump-$res" "$fk/state-$res"; then
            bad "$name: kwatch $res: the dump differs from the server's state ($fk/dump-$res, $fk/state-$res)"
        else
            ok "$name: kwatch $res, $n objects listed in pages of 37 through 1000-byte reads: its -o json output and dump are the native kwatch's, byte for byte, and the server's state"
        fi
    done
    kill $fp 2>/dev/null; wait $fp 2>/dev/null
}

# --sizes: bytes of code and data (text + data, then bss) at -Os, per target:
# the implementation alone, examples/minimal.c and kwatch built with
# KINFORMER_STATIC (the linker leaves out the calls a program does not make),
# libc linked dynamically (not counted) and BearSSL statically (counted)
if [ $sizes = 1 ]; then
    echo "| target | kinformer.h | with TLS | minimal | kwatch | kwatch with TLS |"
    echo "|---|---|---|---|---|---|"
    for line in $ALL; do
        name=${line%%:*}; rest=${line#*:}
        triple=${rest%%:*}; rest=${rest#*:}; rest=${rest#*:}; libdir=${rest%%:*}
        [ "$name" = musl ] && continue
        d=$B/$name; mkdir -p "$d"
        cc="clang --target=$triple --sysroot=/usr/$triple -isystem $B/include -std=c99 -Os"
        sz() { "$triple-size" "$1" 2>/dev/null | awk 'NR == 2 { printf "%d + %d", $1 + $2, $3 }'; }
        ld="-DKINFORMER_STATIC -Wl,--sysroot=/" # libc.so names its parts by absolute paths
        row="| $name"
        $cc -c -I. $B/impl.c -o "$d/s-impl.o" 2>/dev/null && row="$row | $(sz "$d/s-impl.o")" || row="$row | -"
        $cc -DKINF_TLS_BEARSSL -c -I. $B/impl.c -o "$d/s-impl-tls.o" 2>/dev/null && row="$row | $(sz "$d/s-impl-tls.o")" || row="$row | -"
        # shellcheck disable=SC2086
        $cc $ld -o "$d/s-minimal" examples/minimal.c 2>/dev/null && row="$row | $(sz "$d/s-minimal")" || row="$row | -"
        # shellcheck disable=SC2086
        $cc $ld -o "$d/s-kwatch" tools/kwatch.c 2>/dev/null && row="$row | $(sz "$d/s-kwatch")" || row="$row | -"
        # shellcheck disable=SC2086
        if [ -f "/usr/lib/$libdir/libbearssl.a" ] && $cc $ld -DKINF_TLS_BEARSSL -o "$d/s-kwatch-tls" tools/kwatch.c "/usr/lib/$libdir/libbearssl.a" 2>/dev/null; then
            row="$row | $(sz "$d/s-kwatch-tls") |"
        else
            row="$row | - |"
        fi
        echo "$row"
    done
    exit 0
fi

for line in $ALL; do
    name=${line%%:*}; rest=${line#*:}
    triple=${rest%%:*}; rest=${rest#*:}
    q=${rest%%:*}; rest=${rest#*:}
    libdir=${rest%%:*}; bits=${rest#*:}
    selected "$name" || continue
    d=$B/$name
    mkdir -p "$d"
    if [ "$name" = musl ]; then
        if ! command -v musl-gcc >/dev/null 2>&1; then bad "musl: musl-gcc is installed (make deps)"; continue; fi
        cc="musl-gcc -isystem $B/include"
    else
        if ! command -v clang >/dev/null 2>&1 || [ ! -f "/usr/$triple/include/stdio.h" ] || ! command -v "$triple-ld" >/dev/null 2>&1; then
            bad "$name: clang, libc6-dev-*-cross and binutils-$triple are installed (make deps-cross)"; continue
        fi
        if ! command -v "qemu-$q-static" >/dev/null 2>&1; then bad "$name: qemu-$q-static is installed (make deps-cross)"; continue; fi
        cc="clang --target=$triple --sysroot=/usr/$triple -isystem $B/include"
    fi
    # shellcheck disable=SC2086
    if $cc $STRICT -c -I. $B/impl.c -o "$d/impl.o" 2>"$d/err"; then ok "$name: the implementation builds $STRICT"; else bad "$name: strict build: $(first "$d/err")"; fi
    # shellcheck disable=SC2086
    if $cc $STRICT -DKINF_TLS_BEARSSL -c -I. $B/impl.c -o "$d/impl-tls.o" 2>"$d/err"; then ok "$name: ... and with KINF_TLS_BEARSSL"; else bad "$name: strict TLS build: $(first "$d/err")"; fi

    # the unit tests, static, under qemu-user; on arm64 also with the
    # scanner's structural pass (off by default), whose classifier is NEON there
    unit_run "" ""
    [ "$name" = arm64 ] && unit_run -struct "-DKINF_SCAN_STRUCTURAL" " with KINF_SCAN_STRUCTURAL (NEON)"

    # kwatch, static
    # shellcheck disable=SC2086
    if $cc $STATIC -O2 -o "$d/kwatch" tools/kwatch.c 2>"$d/err"; then
        ok "$name: kwatch builds -std=c99 -pedantic -Werror, static"
        if [ "$bits" = 32 ]; then
            run "$q" "$d/kwatch" --server http://127.0.0.1:1 --store-bytes 4293918720 --timeout 5 pods >"$d/over.out" 2>&1
            rc=$?
            if [ $rc -eq 1 ] && grep -q '^kwatch: error MEMORY_OVERFLOW' "$d/over.out"; then
                ok "$name: kwatch --store-bytes 4293918720 (4 GiB with the rest): error MEMORY_OVERFLOW, exit 1"
            else
                bad "$name: kwatch --store-bytes 4293918720: want error MEMORY_OVERFLOW and exit 1, got exit $rc: $(first "$d/over.out")"
            fi
        fi
    else
        grep -Ev "$LDNOISE" "$d/err" >"$d/err2"
        bad "$name: kwatch build: $(first "$d/err2")"
        continue
    fi

    if [ "$name" = musl ]; then
        # a libc without MSG_NOSIGNAL (SO_NOSIGPIPE instead): both names taken from musl's own macros
        printf '#define _POSIX_C_SOURCE 200809L\n#include <sys/socket.h>\n#undef MSG_NOSIGNAL\n#ifndef SO_NOSIGPIPE\n#define SO_NOSIGPIPE 0x1022\n#endif\n#define KINFORMER_IMPLEMENTATION\n#include "kinformer.h"\n' >"$d/nosignal.c"
        # shellcheck disable=SC2086
        if $cc $STRICT -c -I. "$d/nosignal.c" -o "$d/nosignal.o" 2>"$d/err"; then ok "musl: builds where MSG_NOSIGNAL is missing (SO_NOSIGPIPE)"; else bad "musl: without MSG_NOSIGNAL: $(first "$d/err")"; fi
    fi
    [ $short = 1 ] && continue

    # TLS for musl: Debian's libbearssl.a is built with _FORTIFY_SOURCE and
    # wants glibc's __memcpy_chk, so BearSSL is built from Debian's source
    # package with musl-gcc (once; build/cross/bearssl)
    if [ "$name" = musl ]; then
        bs=$B/bearssl
        if [ ! -f "$bs/build/libbearssl.a" ]; then
            rm -rf "$bs"; mkdir -p "$bs"
            (cd "$bs" && apt-get source -q bearssl) >"$bs/source.log" 2>&1
            src=$(find "$bs" -maxdepth 1 -type d -name 'bearssl-*' | head -1)
            if [ -n "$src" ]; then
                make -C "$src" -j2 CONF=Unix BUILD="$(pwd)/$bs/build" CC=musl-gcc "CFLAGS=-W -Wall -Os" lib >"$bs/build.log" 2>&1
            fi
        fi
        src=$(find "$bs" -maxdepth 1 -type d -name 'bearssl-*' | head -1)
        # shellcheck disable=SC2086
        if [ -z "$src" ] || [ ! -f "$bs/build/libbearssl.a" ]; then
            bad "musl: BearSSL built from Debian's source (apt-get source bearssl needs a deb-src line and dpkg-dev: make deps-cross): $(tail -2 "$bs/source.log" "$bs/build.log" 2>/dev/null | tr '\n' ' ' | cut -c1-300)"
        elif $cc $STATIC -O2 -DKINF_TLS_BEARSSL -I"$src/inc" -o "$d/kwatch-tls" tools/kwatch.c "$bs/build/libbearssl.a" 2>"$d/err"; then
            if readelf -l "$d/kwatch-tls" | grep -q INTERP; then bad "musl: kwatch with TLS is not static"
            else ok "musl: kwatch with TLS, static, against BearSSL $(basename "$src" | sed 's/^bearssl-//') built with musl-gcc"; fi
            tls_checks musl "$d/kwatch-tls" "$d/kwatch" "the static musl kwatch"
        else
            bad "musl: kwatch with TLS: $(first "$d/err")"
        fi
    fi

    # TLS: where Debian has BearSSL for the architecture
    if [ "$name" != musl ]; then
        if [ -f "/usr/lib/$libdir/libbearssl.a" ]; then
            # shellcheck disable=SC2086
            if $cc $STATIC -O2 -DKINF_TLS_BEARSSL -o "$d/kwatch-tls" tools/kwatch.c "/usr/lib/$libdir/libbearssl.a" 2>"$d/err"; then
                ok "$name: kwatch with TLS links against Debian's libbearssl-dev:$libdir"
                if [ "$name" = i686 ] || [ "$name" = armhf ]; then
                    for k in kwatch kwatch-tls; do
                        printf '#!/bin/sh\nexec qemu-%s-static "%s/%s.bin" "$@"\n' "$q" "$(pwd)/$d" "$k" >"$d/$k.sh"
                        cp "$d/$k" "$d/$k.bin"; chmod +x "$d/$k.sh"
                    done
                    tls_checks "$name" "$d/kwatch-tls.sh" "$d/kwatch.sh" "kwatch under qemu (32-bit time_t)"
                fi
            else
                grep -Ev "$LDNOISE" "$d/err" >"$d/err2"
                bad "$name: kwatch with TLS: $(first "$d/err2")"
            fi
        else
            skip "$name: kwatch with TLS (no libbearssl-dev:$libdir: Debian has no BearSSL for $name, or make deps-cross)"
        fi
    fi

    # kwatch against the fake server, beside the native one
    if [ "$name" = armhf ] || [ "$name" = mips ]; then
        compare_native "$name" "$q" "$d/kwatch"
        printf '#!/bin/sh\nexec qemu-%s-static "%s/kwatch.bin" "$@"\n' "$q" "$(pwd)/$d" >"$d/kwatch.sh"
        cp "$d/kwatch" "$d/kwatch.bin"; chmod +x "$d/kwatch.sh"
        python3 tests/integration.py --kwatch "$d/kwatch.sh" --quick --only churn --only cut >"$d/integration.out" 2>&1
        rc=$?
        line=$(tail -1 "$d/integration.out")
        if [ $rc -eq 0 ]; then ok "$name: integration churn and cut (--quick) with kwatch under qemu: $line"
        else bad "$name: integration churn, cut: $line $(grep -m3 '^not ok' "$d/integration.out" | cut -c1-300 | tr '\n' ' ')"; fi
    fi
done

# what the engine alone may call: the C string functions, assert, and the
# compiler's helpers (64-bit division, count of zeros, Thumb-1 switch tables)
ENGINE_CALLS='^(memchr|memcmp|memcpy|memmove|memset|strchr|strcmp|strlen|strncmp|strrchr|__assert_fail|__assert_func|__aeabi_[a-z0-9]+|__gnu_thumb1_[a-z_]+|__[a-z]+[sd]i[23]|__stack_chk_(fail|guard))$'
if selected engine; then
    d=$B/engine; mkdir -p $d
    # shellcheck disable=SC2086
    if cc $STRICT -DKINF_ENGINE_ONLY -c -I. $B/impl.c -o $d/impl.o 2>$d/err; then
        other=$(nm -u $d/impl.o | awk '{print $2}' | grep -Ev "$ENGINE_CALLS" | tr '\n' ' ')
        if [ -z "$other" ]; then ok "engine: KINF_ENGINE_ONLY builds $STRICT and calls only the C string functions and assert"
        else bad "engine: KINF_ENGINE_ONLY calls $other"; fi
    else bad "engine: KINF_ENGINE_ONLY strict build: $(first $d/err)"; fi
    # shellcheck disable=SC2086
    if cc $STRICT -O1 -o $d/engine tests/engine.c 2>$d/err; then
        timeout 60 $d/engine >$d/engine.out 2>&1; rc=$?
        line=$(tail -1 $d/engine.out)
        if [ $rc -eq 0 ]; then ok "engine: tests/engine.c: $line"; else bad "engine: tests/engine.c (exit $rc): $line $(grep -m3 '^FAIL' $d/engine.out | tr '\n' ' ')"; fi
    else bad "engine: tests/engine.c build: $(first $d/err)"; fi
fi
if [ $short = 0 ] && selected cortex-m; then
    d=$B/cortex-m; mkdir -p $d
    if ! command -v arm-none-eabi-gcc >/dev/null 2>&1 || [ ! -d /usr/lib/arm-none-eabi/newlib ]; then
        bad "cortex-m: gcc-arm-none-eabi and libnewlib-arm-none-eabi are installed (make deps-cross)"
    else
        for cpu in cortex-m0plus cortex-m3 "cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16" cortex-m7; do
            # shellcheck disable=SC2086
            if arm-none-eabi-gcc -mcpu=$cpu -mthumb $STRICT -Os -DKINF_ENGINE_ONLY -isystem $B/include -c -I. $B/impl.c -o $d/impl.o 2>$d/err &&
               arm-none-eabi-gcc -mcpu=$cpu -mthumb -std=c99 -Os -DKINF_ENGINE_ONLY -DKINF_NO_LOG_STRINGS -isystem $B/include -c -I. $B/impl.c -o $d/impl-nolog.o 2>>$d/err; then
                other=$(arm-none-eabi-nm -u $d/impl.o | awk '{print $2}' | grep -Ev "$ENGINE_CALLS" | tr '\n' ' ')
                flash=$(arm-none-eabi-size $d/impl.o | awk 'NR == 2 { print $1 + $2 }')
                nolog=$(arm-none-eabi-size $d/impl-nolog.o | awk 'NR == 2 { print $1 + $2 }')
                ram=$(arm-none-eabi-size $d/impl.o | awk 'NR == 2 { print $2 + $3 }')
                if [ -z "$other" ]; then ok "cortex-m: the engine builds freestanding for ${cpu%% *} ($STRICT, -Os): $flash bytes of flash, $nolog with KINF_NO_LOG_STRINGS, $ram of static RAM"
                else bad "cortex-m: the engine for ${cpu%% *} calls $other"; fi
            else
                bad "cortex-m: the engine for ${cpu%% *}: $(first $d/err)"
            fi
        done
        if ! command -v qemu-system-arm >/dev/null 2>&1; then
            bad "cortex-m: qemu-system-arm is installed (make deps-cross)"
        # tests/test_porting.sh links it the same way for docs/porting.md's figure
        elif arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -std=c99 -Wall -Wextra -Werror -Os -isystem $B/include --specs=nano.specs --specs=rdimon.specs \
                -nostartfiles -T tests/cortexm/mps2.ld -o $d/engine.elf tests/cortexm/startup.c tests/engine.c 2>$d/err; then
            timeout 120 qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none -semihosting-config enable=on,target=native \
                -kernel $d/engine.elf >$d/engine.out 2>&1
            rc=$?
            line=$(tail -1 $d/engine.out)
            prog=$(arm-none-eabi-size $d/engine.elf | awk 'NR == 2 { print $1 + $2 }')
            if [ $rc -eq 0 ]; then ok "cortex-m: tests/engine.c on an MPS2 AN385 (Cortex-M3) under qemu-system-arm: $line; $(grep -m1 '^# the informer' $d/engine.out | sed 's/^# //'); the program $prog bytes of flash"
            else bad "cortex-m: tests/engine.c under qemu-system-arm (exit $rc): $line $(grep -m3 '^FAIL' $d/engine.out | tr '\n' ' ')"; fi
        else
            bad "cortex-m: tests/engine.c build: $(first $d/err)"
        fi
    fi
fi

echo "$pass passed, $fail failed, $skipped skipped"
[ $fail -eq 0 ]
