#!/bin/sh
# Installs the Debian packages kinformer's build and tests need, when missing.
need=""
[ -f /usr/include/jsmn.h ] || need="$need libjsmn-dev"
[ -f /usr/include/bearssl.h ] || need="$need libbearssl-dev"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
command -v curl >/dev/null 2>&1 || need="$need curl"
command -v openssl >/dev/null 2>&1 || need="$need openssl"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need="$need nginx"
command -v clang >/dev/null 2>&1 || need="$need clang"
[ -f /usr/include/x86_64-linux-gnu/gnu/stubs-32.h ] || need="$need gcc-multilib"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
[ -z "$need" ] && exit 0
echo "deps: installing:$need"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null 2>&1 || true
    # shellcheck disable=SC2086
    if apt-get install -y -qq $need >/dev/null 2>&1; then exit 0; fi
fi
echo "deps: cannot install these Debian packages:$need" >&2
echo "deps: install them (apt-get install$need) and run make again" >&2
exit 1
