#!/bin/sh
# The installable library: make install into a temporary DESTDIR (the
# files it puts there, and make uninstall taking them away), then
# examples/minimal.c built each way a C developer takes kinformer -- pkg-config
# (kinformer, kinformer-tls), find_package(kinformer) with CMAKE_PREFIX_PATH,
# add_subdirectory, FetchContent from a local git repository (no network) --
# each plain (kinformer::kinformer) and with TLS (kinformer::tls), and the
# tools built by the top-level CMakeLists.txt. Each plain build runs against
# the fake API server to its first ADDED line; each TLS build, given an
# https:// server and no CA, refuses with TLS_NO_CA (it has TLS: a build
# without says TLS_UNAVAILABLE). Needs cmake and pkg-config (make deps).
# Last line: "N passed, N failed, N skipped".
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
skipped() { skip=$((skip + 1)); echo "skip - $1"; }
tmp=$(mktemp -d)
srv=; bg=
trap 'kill $srv $bg 2>/dev/null; rm -rf "$tmp"' EXIT
log="$tmp/log"
# the version, read here on its own from src/api.h
version=$(sed -nE 's/^#define KINF_VERSION_(MAJOR|MINOR|PATCH) ([0-9]+)$/\2/p' src/api.h | paste -sd. -)
tools=$(for f in tools/*.c; do basename "$f" .c; done)

python3 tests/fakeapi.py --port 0 --port-file "$tmp/port" --lifetime 1200 --pods 3 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ ! -s "$tmp/port" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
url="http://127.0.0.1:$(cat "$tmp/port")"

# runs BIN: a plain build prints its first ADDED line from the fake server
# (waited for up to 120 s: the machine may be busy), a TLS build on
# https:// with no CA refuses at once
first_added() {
    : >"$tmp/run.out"
    "$1" "$url" >"$tmp/run.out" 2>&1 &
    bg=$!
    i=0; while ! grep -q '^ADDED ' "$tmp/run.out" && kill -0 $bg 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
    kill $bg 2>/dev/null; wait $bg 2>/dev/null; bg=
    grep -m1 '^ADDED ' "$tmp/run.out"
}
# check WAY BIN BIN-TLS: both built, the plain one syncs, the TLS one has TLS
check() {
    if [ ! -x "$2" ]; then bad "$1: minimal not built ($(tail -3 "$log" | tr '\n' ' '))"
    else
        line=$(first_added "$2")
        case $line in "ADDED "?*/?*" "?*) ok "$1: minimal built and ran to its first line ($line)" ;;
            *) bad "$1: minimal printed no ADDED line: $(head -3 "$tmp/run.out" | tr '\n' ' ')" ;; esac
    fi
    if [ ! -x "$3" ]; then bad "$1: minimal with TLS not built ($(tail -3 "$log" | tr '\n' ' '))"
    else
        out=$(timeout 20 "$3" "https://127.0.0.1:1" 2>&1)
        case $out in *"TLS_NO_CA"*) ok "$1: minimal with TLS has TLS (https:// with no CA: TLS_NO_CA)" ;;
            *) bad "$1: minimal with TLS on https:// said: $(echo "$out" | head -2 | tr '\n' ' ')" ;; esac
    fi
}
# a copy of minimal.c that takes kinformer.h from the include path, as a user's file does
sed 's|#include "../kinformer.h"|#include <kinformer.h>|' examples/minimal.c >"$tmp/minimal.c"
grep -q '^#include <kinformer.h>' "$tmp/minimal.c" || bad "examples/minimal.c no longer includes ../kinformer.h: the copy would not use the installed header"

# make install into DESTDIR: exactly these files
dest=$tmp/dest; prefix=/opt/kinformer
if make -s install PREFIX=$prefix DESTDIR="$dest" >"$log" 2>&1; then
    want=$( { echo include/kinformer.h
              for t in $tools; do echo "bin/$t"; echo "share/man/man1/$t.1"; echo "share/bash-completion/completions/$t"; done
              echo share/pkgconfig/kinformer.pc; echo share/pkgconfig/kinformer-tls.pc
              for f in kinformer-config.cmake kinformer-config-version.cmake kinformer-targets.cmake; do echo "share/cmake/kinformer/$f"; done
            } | sort)
    have=$(cd "$dest$prefix" 2>/dev/null && find . -type f | sed 's|^\./||' | sort)
    if [ "$have" = "$want" ] && cmp -s kinformer.h "$dest$prefix/include/kinformer.h"; then
        ok "make install PREFIX=$prefix DESTDIR=...: the header, $(echo $tools | wc -w) tools with man pages and completions, pkg-config and CMake files ($(echo "$have" | wc -l) files)"
    else
        bad "make install put: $(echo "$have" | tr '\n' ' ') -- want: $(echo "$want" | tr '\n' ' ')"
    fi
else
    bad "make install failed: $(tail -3 "$log" | tr '\n' ' ')"
fi
comp="$dest$prefix/share/bash-completion/completions/kwatch"
got=$(bash -c ". '$comp' && complete -p $(echo $tools | tr '\n' ' ')" 2>&1 | sed 's/.* //' | sort | tr '\n' ' ')
[ "$got" = "$(echo "$tools" | sort | tr '\n' ' ')" ] && ok "the installed completion completes every tool ($got)" || bad "the installed completion is set for: $got"

# pkg-config against the staged prefix (PKG_CONFIG_SYSROOT_DIR: the DESTDIR)
if command -v pkg-config >/dev/null 2>&1; then
    pc() { PKG_CONFIG_LIBDIR="$dest$prefix/share/pkgconfig" PKG_CONFIG_PATH='' PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config "$@"; }
    v=$(pc --modversion kinformer 2>&1); vt=$(pc --modversion kinformer-tls 2>&1)
    [ "$v" = "$version" ] && [ "$vt" = "$version" ] && [ -n "$version" ] && ok "pkg-config --modversion: $v, src/api.h's" || bad "pkg-config --modversion: '$v' '$vt', src/api.h says '$version'"
    # shellcheck disable=SC2046
    ${CC:-cc} -o "$tmp/pc-min" "$tmp/minimal.c" $(pc --cflags --libs kinformer) >"$log" 2>&1
    # shellcheck disable=SC2046
    ${CC:-cc} -o "$tmp/pc-tls" "$tmp/minimal.c" $(pc --cflags --libs kinformer-tls) >>"$log" 2>&1
    check "pkg-config kinformer / kinformer-tls" "$tmp/pc-min" "$tmp/pc-tls"
    out=$(timeout 20 "$tmp/pc-min" "https://127.0.0.1:1" 2>&1)
    case $out in *"TLS_UNAVAILABLE"*) ok "pkg-config kinformer alone has no TLS (TLS_UNAVAILABLE)" ;;
        *) bad "the plain build on https:// said: $(echo "$out" | head -2 | tr '\n' ' ')" ;; esac
else
    skipped "pkg-config is not installed (make deps)"
fi

if command -v cmake >/dev/null 2>&1; then
    # a project of minimal.c; $1 is how it gets kinformer
    project() {
        dir=$2
        mkdir -p "$tmp/$dir"
        cp "$tmp/minimal.c" "$tmp/$dir/"
        { echo "cmake_minimum_required(VERSION 3.14)"; echo "project(use_kinformer C)"; echo "$1"
          echo "add_executable(minimal minimal.c)"; echo "target_link_libraries(minimal PRIVATE kinformer::kinformer)"
          echo "add_executable(minimal-tls minimal.c)"; echo "target_link_libraries(minimal-tls PRIVATE kinformer::tls)"
        } >"$tmp/$dir/CMakeLists.txt"
        shift 2
        cmake -S "$tmp/$dir" -B "$tmp/$dir/b" "$@" >"$log" 2>&1 && cmake --build "$tmp/$dir/b" >>"$log" 2>&1
    }
    project "find_package(kinformer $version REQUIRED COMPONENTS tls)
message(STATUS \"found kinformer \${kinformer_VERSION}\")" fp -DCMAKE_PREFIX_PATH="$dest$prefix"
    check "find_package(kinformer) with CMAKE_PREFIX_PATH" "$tmp/fp/b/minimal" "$tmp/fp/b/minimal-tls"
    grep -q "found kinformer $version\$" "$log" && ok "find_package: kinformer_VERSION is $version" || bad "find_package did not say kinformer $version"
    # the version file: 0.M asks for 0.M.x at least, and before 1.0 a minor version breaks
    vs=""
    # (and at 0.M with M > 0, a request for 0.(M-1) is not met either)
    older=$(echo "$version" | awk -F. '$1 == 0 && $2 > 0 { print "0." $2 - 1 ":no" }')
    for req in "$version:ok" "${version%.*}:ok" "$(echo "$version" | awk -F. '{ print $1 "." $2 + 1 }'):no" "$(echo "$version" | awk -F. '{ print $1 + 1 ".0" }'):no" $older; do
        mkdir -p "$tmp/ver"
        printf 'cmake_minimum_required(VERSION 3.14)\nproject(v NONE)\nfind_package(kinformer %s QUIET)\nif(NOT kinformer_FOUND)\n  message(FATAL_ERROR "not found")\nendif()\n' "${req%:*}" >"$tmp/ver/CMakeLists.txt"
        rm -rf "$tmp/ver/b"
        if cmake -S "$tmp/ver" -B "$tmp/ver/b" -DCMAKE_PREFIX_PATH="$dest$prefix" >/dev/null 2>&1; then r=ok; else r=no; fi
        [ "$r" = "${req#*:}" ] || vs="$vs ${req%:*} ($r)"
    done
    [ -z "$vs" ] && ok "find_package(kinformer VERSION): $version meets ${version%.*}, not a later minor or major${older:+, nor ${older%:no}}" || bad "find_package version answers wrong for:$vs"
    project "add_subdirectory(\"$root\" kinformer)" sub
    check "add_subdirectory" "$tmp/sub/b/minimal" "$tmp/sub/b/minimal-tls"
    # FetchContent from a git repository of this tree's files, by file:// URL
    if command -v git >/dev/null 2>&1; then
        mkdir -p "$tmp/repo"
        tar --exclude=./build --exclude=./.git -cf - . | (cd "$tmp/repo" && tar -xf -)
        (cd "$tmp/repo" && git init -q -b main && git add -A && git -c user.name=t -c user.email=t@t commit -qm t) >"$log" 2>&1
        project "include(FetchContent)
FetchContent_Declare(kinformer GIT_REPOSITORY \"file://$tmp/repo\" GIT_TAG main GIT_SHALLOW TRUE)
FetchContent_MakeAvailable(kinformer)" fc
        check "FetchContent (git, file://)" "$tmp/fc/b/minimal" "$tmp/fc/b/minimal-tls"
    else
        skipped "git is not installed: FetchContent not tried"
    fi
    # the top-level project: kinformer's own build of the tools
    if cmake -S . -B "$tmp/top" >"$log" 2>&1 && cmake --build "$tmp/top" --target kwatch >>"$log" 2>&1 &&
       "$tmp/top/kwatch" --help 2>&1 | grep -q '^usage: kwatch'; then ok "cmake at the top builds the tools (kwatch --help)"
    else bad "cmake at the top: $(tail -3 "$log" | tr '\n' ' ')"; fi
else
    skipped "cmake is not installed (make deps): find_package, add_subdirectory and FetchContent not tried"
fi

# make uninstall leaves no file behind
make -s uninstall PREFIX=$prefix DESTDIR="$dest" >"$log" 2>&1
left=$(find "$dest" -type f 2>/dev/null)
[ -z "$left" ] && ok "make uninstall removes every file it installed" || bad "make uninstall left: $(echo "$left" | tr '\n' ' ')"

if [ "$skip" -gt 0 ]; then echo "$pass passed, $fail failed, $skip skipped"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
