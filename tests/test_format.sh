#!/bin/sh
# .clang-format describes the code as it is written (src/, tools/,
# examples/): clang-format with it changes only the lines it cannot keep.
# This code puts several short statements on one line ("a = 1; b = 2;"),
# which clang-format always splits: those lines are counted apart. Of the
# other lines, at most 3 in 100 may be changed (today about 2.7: long
# conditional expressions and continuation lines aligned by hand), and the
# whole file (those lines too) at most 15 in 100; a style that drifts from
# the code (another indent, brace or pointer placement) changes most lines.
# Needs clang-format (make deps); skipped without it.
# Last line: "N passed, N failed" (and "N skipped").
cd "$(dirname "$0")/.." || exit 1
if ! command -v clang-format >/dev/null 2>&1; then
    echo "skip - format: no clang-format (Debian clang-format)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if clang-format --style=file --dump-config </dev/null >"$tmp/config" 2>"$tmp/err" && grep -q '^IndentWidth: *4$' "$tmp/config"; then
    ok ".clang-format is read by $(clang-format --version | sed 's/.*version \([0-9.]*\).*/clang-format \1/') (IndentWidth 4)"
else
    bad ".clang-format is not read: $(head -3 "$tmp/err" | tr '\n' ' ')"
fi

# each file's changed lines: all, and those holding one statement
: >"$tmp/diff"
n=0
for f in src/*.c src/*.h tools/*.c tools/*.h examples/*.c examples/*.h; do
    [ -f "$f" ] || continue
    n=$((n + $(wc -l <"$f")))
    clang-format --style=file "$f" | diff "$f" - | grep '^<' >>"$tmp/diff"
done
all=$(wc -l <"$tmp/diff")
# a line with "; " outside a for's parentheses holds several statements
single=$(awk '{ s = $0; gsub(/for \([^)]*\)/, "", s); if (s !~ /; /) m++ } END { print m + 0 }' "$tmp/diff")
if [ "$n" -gt 0 ] && [ $((all * 100)) -le $((n * 15)) ]; then
    ok "clang-format changes $all of $n lines (at most 15 in 100; most hold several statements)"
else
    bad "clang-format changes $all of $n lines: .clang-format no longer describes the code"
fi
if [ "$n" -gt 0 ] && [ $((single * 100)) -le $((n * 3)) ]; then
    ok "clang-format changes $single lines of one statement of $n (at most 3 in 100)"
else
    bad "clang-format changes $single lines of one statement of $n: .clang-format no longer describes the code"
    awk '{ s = $0; gsub(/for \([^)]*\)/, "", s); if (s !~ /; /) print }' "$tmp/diff" | head -5 | sed 's/^/    /'
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
