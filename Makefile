# kinformer - build, demo and tests. `make help` lists the targets.
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c99 -Wall -Wextra -Wshadow -Wundef -Wstrict-prototypes
# TLS through BearSSL (Debian libbearssl-dev); `make TLS=0` builds without it.
TLS     ?= 1
ifeq ($(TLS),1)
TLSFLAGS := -DKINF_TLS_BEARSSL
TLSLIBS  := -lbearssl
endif
BUILD   := build
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# the tools (tools/: their own flags, one option parser and one set of
# connection flags in tools/*.h); every tools/NAME.c is the program build/NAME
TOOLS    := $(patsubst tools/%.c,$(BUILD)/%,$(wildcard tools/*.c))
TOOLS_H  := tools/opts.h tools/tool.h tools/conn.h tools/kwprint.h
EXAMPLES := $(BUILD)/minimal $(BUILD)/multi $(BUILD)/own-transport $(BUILD)/by-configmap
# examples/libuv.c needs libuv (Debian libuv1-dev, which make deps installs):
# without it, make says so and builds the rest
HAVE_UV := $(shell printf '\043include <uv.h>\nint main(void) { return uv_version() > 0 ? 0 : 1; }\n' | $(CC) -x c - -luv -o /dev/null 2>/dev/null && echo 1)
ifeq ($(HAVE_UV),1)
EXAMPLES += $(BUILD)/libuv
else
EXAMPLES += libuv-skipped
endif

.PHONY: libuv-skipped print-smallflags print-version man install uninstall test-install test-man test-golden test-format all deps deps-demo deps-cross cross demo test fuzz soak check-all bench bench-khub test-unit test-fakeapi test-integration test-symbols test-nomalloc test-sanitize test-valgrind test-examples clean help

all: $(TOOLS) $(EXAMPLES)

# kinformer.h is built from the modules in src/, in src/MANIFEST's order
# (the committed file is what users take; make test checks it is current).
SRC := src/MANIFEST src/mkheader.py $(wildcard src/*.h src/*.c)
kinformer.h: $(SRC)
	python3 src/mkheader.py

$(BUILD):
	mkdir -p $(BUILD)

# each tool from its tools/NAME.c: kwatch; nodeagent, the write client and
# the workqueue on one loop: a node's pods and its Lease (docs/client.md);
# kubediff, every change as a JSON line, updates as RFC 6902 patches
# (docs/kubediff.md); cm2files, a controller keeping ConfigMaps' data as
# files (docs/controller.md)
$(TOOLS): $(BUILD)/%: tools/%.c $(TOOLS_H) kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) $(TLSFLAGS) -o $@ $< $(TLSLIBS)

$(BUILD)/khub-asan: tools/khub.c $(TOOLS_H) kinformer.h | $(BUILD)
	$(CC) $(WARN) -O1 -g $(SAN) $(TLSFLAGS) -o $@ tools/khub.c $(TLSLIBS)

$(BUILD)/kwatch-asan: tools/kwatch.c $(TOOLS_H) kinformer.h | $(BUILD)
	$(CC) $(WARN) -O1 -g $(SAN) -DKINF_SELFCHECK $(TLSFLAGS) -o $@ tools/kwatch.c $(TLSLIBS)

$(BUILD)/kwatch-notls: tools/kwatch.c $(TOOLS_H) kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ tools/kwatch.c

# kwatch for small machines: -Os, no TLS, no unwind tables (C needs none), log
# messages compiled out (errors print their id and detail), every function
# static so the engine calls kwatch does not use are left out. docs/performance.md
# has its size.
SMALLFLAGS := -Os -fno-asynchronous-unwind-tables -DKINF_NO_LOG_STRINGS -DKINF_NO_KUBECONFIG -DKINF_NO_FACTORY -DKINF_NO_SNAPSHOT -DKINF_NO_CLIENT -DKINFORMER_STATIC
# watch-list, metadata-only informers and gzip are left out of it too
SMALLFLAGS += -DKINF_NO_WATCH_LIST -DKINF_NO_METADATA_ONLY -DKINF_NO_GZIP
# and the selectors' local check (the server still filters by them)
SMALLFLAGS += -DKINF_NO_SELECTOR
# and kwatch's kubectl formats and habits (-o yaml, wide, jsonpath=, custom-columns=; -A, -w,
# --watch-only, TYPE/NAME)
SMALLFLAGS += -DKW_NO_KUBECTL
# and desc.skip_unchanged's comparison (--skip-unchanged)
SMALLFLAGS += -DKINF_NO_SKIP_UNCHANGED
# and the exec credential plugin's runner (no kubeconfig reader there either)
SMALLFLAGS += -DKINF_NO_EXEC
# and resync, the informer's and each handler's (--resync)
SMALLFLAGS += -DKINF_NO_RESYNC
# and the HTTP proxy's tunnel (desc.proxy, HTTPS_PROXY/HTTP_PROXY: none)
SMALLFLAGS += -DKINF_NO_PROXY
# and assert(): the store's check of its invariant held the header's path as
# the compiler was given it, so the size moved with where the tree is
# (bench/run.py builds from an absolute path: 32 bytes more than make here)
SMALLFLAGS += -DNDEBUG
# relative relocations packed (DT_RELR: binutils 2.38, glibc 2.36), where the
# toolchain has it: the binary stays position-independent, its relocation
# table shrinks from about 3 KB to 56 bytes
RELR := $(shell printf 'int main(void){return 0;}' | $(CC) -x c - -Wl,-z,pack-relative-relocs -o /dev/null 2>/dev/null && echo -Wl,-z,pack-relative-relocs)
SMALLFLAGS += $(RELR)
# each function and object in its own section, the ones nothing uses dropped at link
SMALLFLAGS += -ffunction-sections -fdata-sections -Wl,--gc-sections
# no function inlined only because it has one caller, no jump tables: about
# 1 KB less (the store's free lists made kinf__blk_make's inlined copy grow)
SMALLFLAGS += -fno-inline-functions-called-once -fno-jump-tables
# the benchmark builds kwatch-small with these flags too (bench/run.py)
print-smallflags:
	@echo $(SMALLFLAGS)
$(BUILD)/kwatch-small: tools/kwatch.c $(TOOLS_H) kinformer.h | $(BUILD)
	$(CC) $(WARN) $(SMALLFLAGS) -o $@ tools/kwatch.c

# the examples: the manual's TL;DR, two informers on one poll() loop, the
# engine driven over sockets the example opens itself (no kinf_poll), and an
# informer in a libuv loop
$(BUILD)/minimal: examples/minimal.c kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ examples/minimal.c

$(BUILD)/multi: examples/multi.c kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ examples/multi.c

$(BUILD)/by-configmap: examples/by_configmap.c examples/pod_configmaps.h kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ examples/by_configmap.c

$(BUILD)/own-transport: examples/own_transport.c kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ examples/own_transport.c

# an informer in a libuv loop, told its sockets by desc.on_socket
$(BUILD)/libuv: examples/libuv.c kinformer.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ examples/libuv.c -luv
libuv-skipped:
	@echo "make: examples/libuv.c skipped: libuv is not installed (Debian libuv1-dev; make deps installs it)"

# the unit tests: tests/unit/main.c is one translation unit that includes
# harness.h and a file per module of the library (tests/unit/*.inc.c)
UNIT     := tests/unit/main.c
UNITDEPS := $(UNIT) $(wildcard tests/unit/*.h tests/unit/*.inc.c) tests/engine_feed.h examples/pod_configmaps.h kinformer.h

$(BUILD)/unit: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g -o $@ $(UNIT)

$(BUILD)/unit-asan: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ $(UNIT)

# the unit tests again without SSE2: the portable string runs other CPUs take
$(BUILD)/unit-nosimd: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g -DKINF_NO_SIMD -o $@ $(UNIT)

# the unit tests with the scanner's structural pass (KINF_SCAN_STRUCTURAL),
# under ASan and UBSan: its 64-byte blocks read only what the buffer holds
$(BUILD)/unit-struct: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g $(SAN) -DKINF_SCAN_STRUCTURAL -o $@ $(UNIT)

# the unit tests again with TLS: kinf_init and kinf_check on CA and client material
$(BUILD)/unit-tls: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g $(TLSFLAGS) -o $@ $(UNIT) $(TLSLIBS)
# the engine alone (KINF_ENGINE_ONLY), as on a microcontroller; tests/cross.sh runs it
$(BUILD)/engine: tests/engine.c kinformer.h | $(BUILD)
	$(CC) $(WARN) -pedantic -O1 -g -o $@ tests/engine.c

# the unit tests with the workqueue's threaded variant: workers on one queue;
# unit-tsan is the same under ThreadSanitizer
$(BUILD)/unit-threads: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g -DKINF_WORKQUEUE_THREADS -pthread -o $@ $(UNIT)

$(BUILD)/unit-tsan: $(UNITDEPS) | $(BUILD)
	$(CC) $(WARN) -O1 -g -fsanitize=thread -DKINF_WORKQUEUE_THREADS -pthread -o $@ $(UNIT)

$(BUILD)/nomalloc: tests/nomalloc.c kinformer.h | $(BUILD)
	$(CC) $(WARN) -O1 -g -o $@ tests/nomalloc.c

# one server-side apply through the write client (tests/integration.py's client_apply)
$(BUILD)/apply: tests/apply.c kinformer.h | $(BUILD)
	$(CC) $(WARN) -O1 -g -o $@ tests/apply.c

# Installs what the build and tests need from Debian, or says what is missing.
deps:
	@sh tests/deps.sh

# Only what make demo needs: a C compiler, make, python3, curl, libjsmn-dev
# and libbearssl-dev.
deps-demo:
	@sh tests/deps.sh --demo

# Also what make cross needs: Debian's cross sysroots and binutils for every
# target, qemu-user, musl, and libbearssl-dev for the architectures Debian has
# it for (this adds them to dpkg's architectures).
deps-cross:
	@sh tests/deps.sh --cross

# The cross matrix (tests/cross.sh): i686, armhf, arm64, mips, mipsel,
# riscv64, powerpc, s390x under qemu-user, and musl; make test runs a short form.
cross: deps-cross all
	@sh tests/cross.sh

# The bundled fake API server with churn, and kwatch watching it for ~20 s
# (examples/demo.sh runs build/kwatch, tests/fakeapi.py and curl).
demo: deps-demo $(BUILD)/kwatch
	@sh examples/demo.sh

# Every test; the last line is "N passed, N failed, N skipped".
test: deps all $(BUILD)/khub-asan $(BUILD)/unit $(BUILD)/unit-asan $(BUILD)/unit-nosimd $(BUILD)/unit-struct $(BUILD)/unit-tls $(BUILD)/unit-threads $(BUILD)/kwatch-asan $(BUILD)/kwatch-notls $(BUILD)/kwatch-small $(BUILD)/nomalloc $(BUILD)/apply
	@sh tests/run_all.sh

# One suite each (make test runs them all):
test-unit: $(BUILD)/unit $(BUILD)/unit-asan $(BUILD)/unit-nosimd $(BUILD)/unit-struct $(BUILD)/unit-tls $(BUILD)/unit-threads
	@sh tests/run_unit.sh
test-fakeapi: deps
	@bash tests/test_fakeapi.sh
test-integration: deps $(BUILD)/kwatch $(BUILD)/apply
	@python3 tests/integration.py --kwatch $(BUILD)/kwatch
test-sanitize: deps $(BUILD)/unit-asan $(BUILD)/kwatch-asan
	@$(BUILD)/unit-asan | tail -1
	@python3 tests/integration.py --kwatch $(BUILD)/kwatch-asan
test-valgrind: deps $(BUILD)/kwatch
	@python3 tests/integration.py --kwatch $(BUILD)/kwatch --valgrind
test-symbols: deps
	@sh tests/test_build.sh
test-nomalloc: $(BUILD)/nomalloc
	@sh tests/test_nomalloc.sh
test-examples: deps all $(BUILD)/kwatch-small
	@sh tests/test_examples.sh
test-install: deps all
	@sh tests/test_install.sh
test-man: all
	@bash tests/test_man.sh
test-golden: $(BUILD)/kwatch
	@python3 tests/test_golden.py --kwatch $(BUILD)/kwatch
test-format:
	@sh tests/test_format.sh

clean:
	rm -rf $(BUILD)

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the header, the tools,
# their man pages and bash completion, pkg-config files (kinformer, and
# kinformer-tls with TLSFLAGS and TLSLIBS when TLS=1) and the CMake package
# (find_package(kinformer): kinformer::kinformer, kinformer::tls).
# docs/install.md. make uninstall removes the same files.
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
INCLUDEDIR  ?= $(PREFIX)/include
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(DATADIR)/pkgconfig
CMAKEDIR    ?= $(DATADIR)/cmake/kinformer
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# the version: src/api.h's KINF_VERSION_MAJOR/MINOR/PATCH, nowhere else
VERSION_PARTS := $(shell awk '/^.define KINF_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$$/ { v[$$2] = $$3 } END { print v["KINF_VERSION_MAJOR"], v["KINF_VERSION_MINOR"], v["KINF_VERSION_PATCH"] }' src/api.h)
VERSION     := $(subst $(eval) ,.,$(strip $(VERSION_PARTS)))
TOOL_NAMES  := $(notdir $(TOOLS))
MANPAGES    := $(patsubst %,$(BUILD)/man/%.1,$(TOOL_NAMES))
# the CMake package finds the header relative to itself: the way up from
# CMAKEDIR to PREFIX, and INCLUDEDIR below PREFIX (absolute when it is not)
CMAKE_UP    := $(subst $(eval) ,/,$(patsubst %,..,$(subst /, ,$(patsubst $(PREFIX)/%,%,$(CMAKEDIR)))))
PKGSUBST     = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|g' \
               -e 's|@VERSION@|$(VERSION)|g' -e 's|@VERSION_MAJOR@|$(word 1,$(VERSION_PARTS))|g' \
               -e 's|@VERSION_MINOR@|$(word 2,$(VERSION_PARTS))|g' \
               -e 's|@TLSFLAGS@|$(TLSFLAGS)|g' -e 's|@TLSLIBS@|$(TLSLIBS)|g' \
               -e 's|@PREFIX_FROM_CMAKEDIR@|$(CMAKE_UP)|g' \
               -e 's|@INCLUDEDIR_IN_PREFIX@|$(patsubst $(PREFIX)/%,%,$(INCLUDEDIR))|g'
# a tool's man page: man/NAME.1.in with the ".so FILE" lines of man/ inlined
# (the options every tool shares are written once); tests/test_man.sh checks
# each page's options against the tool's --help
$(BUILD)/man/%.1: man/%.1.in $(wildcard man/*.inc) | $(BUILD)
	@mkdir -p $(BUILD)/man
	awk '/^\.so [^\/]+$$/ { f = "man/" $$2; n = 0; while ((getline l < f) > 0) { print l; n++ } close(f); if (!n) { print "man: " FILENAME ": no " f > "/dev/stderr"; exit 1 } next } { print }' $< >$@.tmp && mv $@.tmp $@
man: $(MANPAGES)
print-version:
	@echo $(VERSION)
install: $(TOOLS) kinformer.h $(MANPAGES)
	@case "$(VERSION)" in [0-9]*.[0-9]*.[0-9]*) ;; *) echo "install: no version in src/api.h ($(VERSION))" >&2; exit 1 ;; esac
	@case "$(CMAKEDIR)" in "$(PREFIX)"/*) ;; *) echo "install: CMAKEDIR must lie under PREFIX" >&2; exit 1 ;; esac
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 kinformer.h $(DESTDIR)$(INCLUDEDIR)/kinformer.h
	install -m 755 $(TOOLS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/
	sed 's/^complete -F _kinformer .*/complete -F _kinformer $(TOOL_NAMES)/' completions/kinformer.bash >$(BUILD)/kinformer.bash
	for t in $(TOOL_NAMES); do install -m 644 $(BUILD)/kinformer.bash $(DESTDIR)$(BASHCOMPDIR)/$$t || exit 1; done
	$(PKGSUBST) pkg/kinformer.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/kinformer.pc
	$(if $(TLSFLAGS),$(PKGSUBST) pkg/kinformer-tls.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/kinformer-tls.pc)
	$(PKGSUBST) pkg/kinformer-config.cmake.in >$(DESTDIR)$(CMAKEDIR)/kinformer-config.cmake
	$(PKGSUBST) pkg/kinformer-config-version.cmake.in >$(DESTDIR)$(CMAKEDIR)/kinformer-config-version.cmake
	install -m 644 pkg/kinformer-targets.cmake $(DESTDIR)$(CMAKEDIR)/kinformer-targets.cmake
uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/kinformer.h
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(TOOL_NAMES))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANPAGES)))
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(TOOL_NAMES))
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/kinformer.pc $(DESTDIR)$(PKGCONFIGDIR)/kinformer-tls.pc
	rm -f $(DESTDIR)$(CMAKEDIR)/kinformer-config.cmake $(DESTDIR)$(CMAKEDIR)/kinformer-config-version.cmake \
	    $(DESTDIR)$(CMAKEDIR)/kinformer-targets.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null

help:
	@echo "make            build the tools (tools/) and the examples (examples/) into build/ (kwatch is build/kwatch)"
	@echo "                (and build/nodeagent: a node's pods and its Lease, on the write client; docs/client.md)"
	@echo "make deps       install missing Debian packages (libjsmn-dev, libbearssl-dev, ...)"
	@echo "make demo       fake API server with churn + kwatch for ~20 s (installs only what the demo needs)"
	@echo "make test       every test (unit, fake server vs kubectl, integration, ASan+UBSan, valgrind, no-malloc, symbols,"
	@echo "                TLS and config, fuzzing 30 s per parser, a 1.5-minute fault soak, the unit tests on i686, armhf,"
	@echo "                s390x under qemu and on musl)"
	@echo "make check-all  the build matrix, ASan+UBSan and valgrind"
	@echo "make cross      the cross matrix: 8 targets under qemu-user and musl (make deps-cross installs it)"
	@echo "make test-unit | test-fakeapi | test-integration | test-sanitize | test-valgrind | test-symbols |"
	@echo "     test-nomalloc | test-examples | test-install | test-man | test-golden | test-format   one suite of make test"
	@echo "make install [PREFIX=/usr/local] [DESTDIR=...]   the header, the tools, man pages, bash completion,"
	@echo "                pkg-config (kinformer, kinformer-tls) and CMake (find_package(kinformer)) files; make uninstall"
	@echo "make fuzz FUZZ_SECONDS=N   libFuzzer on every parser for N s each"
	@echo "make mutants   deliberate one-line bugs (tests/mutants.txt), each against its suite: caught or survived"
	@echo "make soak MINUTES=N        churn and random faults for N minutes"
	@echo "make bench      benchmark beside client-node, python, kubectl -> docs/performance.md"
	@echo "make bench-parse the parsers side by side from memory: kinformer, simdjson, jsmn, memcpy (bench/parse.c)"
	@echo "make bench-callgrind   instructions per watch event and per list (docs/optimisation.md's measures)"
	@echo "make bench-arena the store's resident pages under churn and a relist, before (BENCH_ARENA_BASE: the store before its free lists) and after -> docs/memory.md"
	@echo "make bench-gzip gzip vs identity lists on a 10 Mbit/s link (bench/gzip_link.py) -> docs/performance.md"

# Coverage-guided fuzzing of every parser (libFuzzer, clang): FUZZ_SECONDS per target.
FUZZ_SECONDS ?= 30
fuzz:
	@bash tests/fuzz/run.sh $(FUZZ_SECONDS)

# Deliberate one-line bugs (tests/mutants.txt), one at a time, against the
# suite that covers each: caught or survived (tests/mutants.py; not in make test)
.PHONY: mutants
mutants:
	@python3 tests/mutants.py

# Churn plus random faults against one long-running kwatch, compared with the
# server after every phase; MINUTES=60 for the long mode.
# SOAK_KWATCH=build/kwatch for the plain build.
MINUTES ?= 1.5
SOAK_KWATCH ?= $(BUILD)/kwatch-asan
soak: all $(BUILD)/kwatch-asan
	@python3 tests/soak.py --minutes $(MINUTES) --kwatch $(SOAK_KWATCH)

# The build matrix: gcc and clang, strict warnings with -Wconversion, C++,
# -m32, TLS on and off, two static copies, the header twice, symbol prefixes;
# then ASan+UBSan and valgrind runs.
check-all: deps all $(BUILD)/unit-asan $(BUILD)/kwatch-asan
	@sh tests/test_build.sh
	@$(BUILD)/unit-asan | tail -1
	@python3 tests/integration.py --kwatch $(BUILD)/kwatch --valgrind | tail -1

# Speed, memory and size beside client-node, python3-kubernetes and kubectl
# -> docs/performance.md. BENCH_QUICK=1 for a first look (about 6 min).
bench:
	@sh bench/run.sh
	@$(MAKE) --no-print-directory bench-khub
	@$(MAKE) --no-print-directory bench-arena
	@$(MAKE) --no-print-directory bench-parse-doc

# The store's footprint (bench/arena.c -> docs/memory.md): resident pages
# against store_used under churn at 1.1x to 10x capacity, and through a
# relist that changes every object; built also against BENCH_ARENA_BASE's
# kinformer.h (default the last tree with the bump allocator, when git has
# it) to print before and after.
# BENCH_ARENA_ARGS: PODS UPDATES RELIST_PODS (default 10000 100000 20000).
BENCH_ARENA_BASE ?= 08e64ac8c227
.PHONY: bench-arena
bench-arena: kinformer.h | $(BUILD)
	$(CC) -O2 $(WARN) -I. -o $(BUILD)/bench-arena bench/arena.c
	@$(BUILD)/bench-arena $(BENCH_ARENA_ARGS)
	@mkdir -p $(BUILD)/bench-arena-base && if git show $(BENCH_ARENA_BASE):kinformer.h >$(BUILD)/bench-arena-base/kinformer.h 2>/dev/null; then \
	    $(CC) -O2 $(WARN) -I$(BUILD)/bench-arena-base -I. -o $(BUILD)/bench-arena-base/bench-arena bench/arena.c && \
	    $(BUILD)/bench-arena-base/bench-arena $(BENCH_ARENA_ARGS); \
	else echo "bench-arena: no $(BENCH_ARENA_BASE) in git: the after figures only"; fi

# the parsers side by side (bench/parse.c): one watch stream of the vendored
# pod fed from memory to kinformer (full, defaults, keep 3), simdjson (DOM,
# on-demand), jsmn and memcpy; MB/s per core and instructions per byte
# (perf_event_open). Without libsimdjson-dev, simdjson's rows are left out.
# bench-parse-cg: the instructions per byte under callgrind instead.
.PHONY: bench-parse bench-parse-doc bench-parse-cg
SIMDJSON := $(shell [ -f /usr/include/simdjson.h ] && command -v $(CXX) >/dev/null 2>&1 && echo yes)
ifeq ($(SIMDJSON),yes)
$(BUILD)/bench-parse: bench/parse.c bench/parse_simdjson.cpp tests/engine_feed.h kinformer.h | $(BUILD)
	$(CXX) -O2 -c -o $(BUILD)/parse_simdjson.o bench/parse_simdjson.cpp
	$(CC) $(WARN) -O2 -g -o $@ bench/parse.c $(BUILD)/parse_simdjson.o -lsimdjson -lstdc++
else
$(BUILD)/bench-parse: bench/parse.c tests/engine_feed.h kinformer.h | $(BUILD)
	@echo "bench-parse: libsimdjson-dev is not installed: simdjson's rows are left out"
	$(CC) $(WARN) -O2 -g -DBENCH_NO_SIMDJSON -o $@ bench/parse.c
endif
bench-parse: $(BUILD)/bench-parse
	@$(BUILD)/bench-parse $(BENCH_PARSE_ARGS)
# the same, its table written into docs/performance.md (between its markers)
bench-parse-doc: $(BUILD)/bench-parse
	@$(BUILD)/bench-parse --markdown $(BENCH_PARSE_ARGS) > $(BUILD)/bench-parse.md
	@python3 bench/splice.py bench-parse docs/performance.md $(BUILD)/bench-parse.md
bench-parse-cg: $(BUILD)/bench-parse
	@sh bench/parse_cg.sh $(BUILD)/bench-parse

# khub's figures (bench/khub.py): upstream load of 10 watchers direct vs
# through khub, fan-out events/s and RSS per client, peak RSS serving
# BENCH_KHUB_PODS (10,000) pods to 10 clients. Markdown on stdout.
bench-khub: $(BUILD)/khub $(BUILD)/kwatch
	@python3 bench/khub.py

# docs/factory.md's memory figures against the sizing functions (bench/factory_sizes.c)
test-budget:
	@sh tests/test_budget.sh

# Instructions (callgrind) of kwatch built from this tree: the benchmark's
# list of 1,000 pods, per watch event, the 2,000-pod list full and --keep;
# BENCH_CG_ARGS="--json-diff OTHER_KWATCH" also compares -o json outputs.
.PHONY: bench-callgrind
bench-callgrind:
	@python3 bench/cg.py $(BENCH_CG_ARGS)
# Issue 17's rows (watch-list vs LIST, metadata-only vs full, warm start from
# a snapshot vs cold sync, on loopback and a 10 Mbit/s link) for BENCH_N pods
# (default 10,000), BENCH_RUNS runs (default 3): Markdown tables on stdout
# (make bench runs it with --write: docs/performance-issue17.md).
bench-issue17: $(BUILD)/kwatch $(BUILD)/snapfloor
	@python3 bench/issue17.py

$(BUILD)/snapfloor: bench/snapfloor.c | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ bench/snapfloor.c

# gzip vs identity for 10,000 pods through a 10 Mbit/s shaping proxy -> docs/performance.md
bench-gzip: $(BUILD)/kwatch
	python3 bench/gzip_link.py --write
