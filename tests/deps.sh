#!/bin/sh
# Installs the Debian packages kinformer's build and tests need, when missing.
#   sh tests/deps.sh            what make test needs (with the short cross matrix)
#   sh tests/deps.sh --demo     only what make demo needs: a C compiler, make,
#                               python3, curl, libjsmn-dev and libbearssl-dev
#   sh tests/deps.sh --cross    also every target of make cross, Debian's
#                               BearSSL for the architectures that have it, a
#                               deb-src line for BearSSL's source (built for musl),
#                               and the Cortex-M toolchain with qemu-system-arm
# The cross targets are built by clang --target against Debian's cross
# sysroots (libc6-dev-ARCH-cross, libgcc-12-dev-ARCH-cross, binutils-TRIPLE),
# not by the gcc-TRIPLE compilers: those conflict with gcc-multilib (installing
# one removes the other), which gcc -m32 needs. Where one of them is
# installed, gcc-multilib is left out, and the build matrix builds its -m32
# row with clang --target=i686-linux-gnu against the i386 sysroot instead.
cross=0; demo=0
[ "$1" = --cross ] && cross=1
[ "$1" = --demo ] && demo=1
need=""
[ -f /usr/include/jsmn.h ] || need="$need libjsmn-dev"
[ -f /usr/include/bearssl.h ] || need="$need libbearssl-dev"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v curl >/dev/null 2>&1 || need="$need curl"
# the rest is what the tests need beyond the demo (make demo builds kwatch,
# runs tests/fakeapi.py and pokes it with curl)
if [ $demo = 0 ]; then
    command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
    command -v openssl >/dev/null 2>&1 || need="$need openssl"
    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need="$need nginx"
    command -v clang >/dev/null 2>&1 || need="$need clang"
    command -v xxhsum >/dev/null 2>&1 || need="$need xxhash"   # the snapshot's checksum, checked by its reference tool
    # make install's packages tried as users take them (tests/test_install.sh),
    # the man pages' roff checked (tests/test_man.sh), .clang-format against the code (tests/test_format.sh)
    command -v cmake >/dev/null 2>&1 || need="$need cmake"
    command -v pkg-config >/dev/null 2>&1 || need="$need pkgconf"
    command -v git >/dev/null 2>&1 || need="$need git"
    command -v groff >/dev/null 2>&1 || need="$need groff-base"
    command -v clang-format >/dev/null 2>&1 || need="$need clang-format"
    [ -f /usr/include/uv.h ] || need="$need libuv1-dev"            # examples/libuv.c
    /usr/bin/python3 -c "import kubernetes" >/dev/null 2>&1 || need="$need python3-kubernetes"   # a real client of khub (tests/test_khub.py)
    # gcc -m32 is tried, not a file looked for: removing gcc-multilib leaves
    # libc6-dev-i386's stubs-32.h behind
    if ! printf '#include <errno.h>\n#include <sys/socket.h>\nint main(void) { return 0; }\n' |
         gcc -m32 -x c -o /dev/null - >/dev/null 2>&1; then
        crossgcc=$(dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 'gcc-*-linux-gnu*' 2>/dev/null | awk 'substr($1, 2, 1) == "i" { printf " %s", $2 }')
        if [ -z "$crossgcc" ]; then need="$need gcc-multilib"
        else echo "deps: gcc-multilib left out: it would remove$crossgcc (the -m32 row builds with clang --target=i686-linux-gnu)"; fi
    fi
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
    # the cross matrix: DEBIAN-ARCH:TRIPLE; make test runs the first three
    targets="i386:i686-linux-gnu armhf:arm-linux-gnueabihf s390x:s390x-linux-gnu"
    [ $cross = 1 ] && targets="$targets arm64:aarch64-linux-gnu mips:mips-linux-gnu mipsel:mipsel-linux-gnu riscv64:riscv64-linux-gnu powerpc:powerpc-linux-gnu"
    for t in $targets; do
        a=${t%%:*}; tr=${t#*:}
        [ -f "/usr/$tr/include/stdio.h" ] || need="$need libc6-dev-$a-cross"
        ls /usr/lib/gcc-cross/"$tr"/*/libgcc.a >/dev/null 2>&1 || need="$need libgcc-12-dev-$a-cross"
        command -v "$tr-ld" >/dev/null 2>&1 || need="$need binutils-$tr"
    done
    command -v qemu-arm-static >/dev/null 2>&1 || need="$need qemu-user-static"
    command -v musl-gcc >/dev/null 2>&1 || need="$need musl-tools"
fi
# Cortex-M: the engine freestanding, and run on an emulated MPS2 board
norec=""
if [ $cross = 1 ]; then
    command -v arm-none-eabi-gcc >/dev/null 2>&1 || need="$need gcc-arm-none-eabi"
    [ -d /usr/lib/arm-none-eabi/newlib ] || need="$need libnewlib-arm-none-eabi"
    command -v qemu-system-arm >/dev/null 2>&1 || norec="qemu-system-arm" # its recommends are a desktop's worth
fi
# BearSSL for the targets Debian builds it for (multiarch): the TLS cross builds
bearssl=""
if [ $cross = 1 ]; then
    for t in i386:i386-linux-gnu armhf:arm-linux-gnueabihf arm64:aarch64-linux-gnu mipsel:mipsel-linux-gnu s390x:s390x-linux-gnu; do
        [ -f "/usr/lib/${t#*:}/libbearssl.a" ] || bearssl="$bearssl ${t%%:*}"
    done
fi
# BearSSL's source, built for musl by make cross: Debian's libbearssl.a is
# built with _FORTIFY_SOURCE and wants glibc's __memcpy_chk
src=0
if [ $cross = 1 ]; then
    command -v dpkg-source >/dev/null 2>&1 || need="$need dpkg-dev"
    apt-cache showsrc bearssl 2>/dev/null | grep -q '^Package: bearssl' || src=1
fi
# the JavaScript client (@kubernetes/client-node) from the npm registry, for
# tests/test_khub.py (and make bench): without npm or the registry that
# test says it skipped it
if [ $demo = 0 ] && [ ! -d bench/node/node_modules/@kubernetes/client-node ] && command -v npm >/dev/null 2>&1; then
    (cd bench/node && npm ci --no-audit --no-fund >/dev/null 2>&1) || echo "deps: npm ci in bench/node failed: the JavaScript client's khub test will be skipped"
fi
[ -z "$need" ] && [ -z "$norec" ] && [ -z "$bearssl" ] && [ $src = 0 ] && exit 0
srcnote=""; [ $src = 1 ] && srcnote=" (and a deb-src line for BearSSL's source)"
echo "deps: installing:$need $norec${bearssl:+ libbearssl-dev for$bearssl}$srcnote"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    multi=""
    for a in $bearssl; do
        dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
        multi="$multi libbearssl-dev:$a"
    done
    if [ $src = 1 ] && [ ! -f /etc/apt/sources.list.d/kinformer-deb-src.sources ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            "${VERSION_CODENAME:-bookworm}" >/etc/apt/sources.list.d/kinformer-deb-src.sources
    fi
    apt-get update -qq >/dev/null 2>&1 || true
    # shellcheck disable=SC2086
    if { [ -z "$need$multi" ] || apt-get install -y -qq $need $multi >/dev/null 2>&1; } &&
       { [ -z "$norec" ] || apt-get install -y -qq --no-install-recommends $norec >/dev/null 2>&1; }; then
        exit 0
    fi
fi
echo "deps: cannot install these Debian packages:$need $norec${bearssl:+ libbearssl-dev for$bearssl}" >&2
echo "deps: install them (apt-get install$need) and run make again" >&2
exit 1
