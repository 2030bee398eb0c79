#!/bin/bash
# The tools' man pages and bash completion against the tools themselves:
# every tools/NAME.c has man/NAME.1.in; the options of each page's OPTIONS
# section are exactly the options of build/NAME --help (read by the
# completion's own reader, so the completion offers the same); the pages
# are clean roff (groff -ww, where groff is installed); and the completion,
# sourced in bash, completes flags, listed values, files and directories.
# Needs the tools built (make). Last line: "N passed, N failed, N skipped".
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
skipped() { skip=$((skip + 1)); echo "skip - $1"; }
tools=$(for f in tools/*.c; do basename "$f" .c; done)
make -s -B man >/dev/null || bad "make man failed"   # -B: made now, by the recipe as it is
# shellcheck source=../completions/kinformer.bash
. completions/kinformer.bash

# the options of a page: the tag line after each .TP of its OPTIONS section
man_flags() {
    awk '/^\.SH / { o = ($2 == "OPTIONS") } o && p == ".TP" { print } { p = $0 }' "$1" |
        sed 's/\\-/-/g; s/\\f[BIRP]//g' | grep -oE -- '(^|[^A-Za-z0-9-])--?[A-Za-z0-9][-A-Za-z0-9]*' |
        sed 's/^[^-]*//' | sort -u
}
help_flags() { _kinformer_flags "$1" | cut -d' ' -f1 | sort -u; }

missing=""
for t in $tools; do [ -f "man/$t.1.in" ] || missing="$missing $t"; done
[ -z "$missing" ] && ok "every tool has a man page ($(echo $tools | wc -w): $(echo $tools))" || bad "no man/NAME.1.in for:$missing"

for t in $tools; do
    [ -f "man/$t.1.in" ] || continue
    if [ ! -x "build/$t" ]; then bad "$t: build/$t is not built (make)"; continue; fi
    h=$(help_flags "build/$t"); m=$(man_flags "build/man/$t.1")
    only_h=$(comm -23 <(echo "$h") <(echo "$m") | tr '\n' ' ')
    only_m=$(comm -13 <(echo "$h") <(echo "$m") | tr '\n' ' ')
    n=$(echo "$h" | grep -c .)
    if [ "$n" -ge 5 ] && [ -z "$only_h$only_m" ]; then ok "$t: the man page has the $n options of --help, and no other"
    else bad "$t: in --help, not in man/$t.1.in: ${only_h:-none}; in the man page, not in --help: ${only_m:-none} ($n read from --help)"; fi
done

if command -v groff >/dev/null 2>&1; then
    warn=""
    for t in $tools; do
        [ -f "build/man/$t.1" ] || continue
        w=$(groff -man -ww -z "build/man/$t.1" 2>&1)
        [ -n "$w" ] && warn="$warn $t: $(echo "$w" | head -2 | tr '\n' ' ')"
    done
    [ -z "$warn" ] && ok "the man pages are clean roff (groff -man -ww)" || bad "groff warns:$warn"
else
    skipped "groff is not installed: the pages' roff is not checked"
fi

# the completion's list of tools is tools/*.c's (make install writes it too)
listed=$(sed -n 's/^complete -F _kinformer //p' completions/kinformer.bash | tr ' ' '\n' | sort | tr '\n' ' ')
want=$(echo "$tools" | sort | tr '\n' ' ')
[ "$listed" = "$want" ] && ok "the completion is set for every tool ($listed)" || bad "completions/kinformer.bash completes '$listed', tools/ has '$want'"

# complete LINE: COMPREPLY for the last word of LINE (a trailing space: an empty word)
complete_line() {
    local line=$1
    read -r -a COMP_WORDS <<<"$line"
    case $line in *" ") COMP_WORDS+=("") ;; esac
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _kinformer "${COMP_WORDS[0]}"
    [ ${#COMPREPLY[@]} -gt 0 ] && printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
# expect LINE WANT WHAT: LINE<TAB> completes to WANT (sorted, each followed by a space)
expect() {
    got=$(complete_line "$1")
    [ "$got" = "$2" ] && ok "$1<TAB>: $3" || bad "$1<TAB> gave '$got', not '$2' ($3)"
}
expect "build/kwatch --names" "--namespace " "a flag"
expect "build/kwatch -o " "json name none " "the values --help lists"
expect "build/kwatch --watch-list o" "off on " "the values --help lists, by their start"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/subdir"; : >"$tmp/kube.yaml"
expect "build/kwatch --kubeconfig $tmp/" "$tmp/kube.yaml $tmp/subdir " "files, for F"
expect "build/cm2files --dir $tmp/" "$tmp/subdir " "directories only, for DIR"
expect "build/kwatch --stats --verb" "--verbose " "flags, after a flag that takes nothing"
expect "build/kwatch --namespace " "" "nothing, after a flag that takes a name"
# "--flag=value": bash splits the word at '=' (COMP_WORDBREAKS)
COMP_WORDS=(build/kwatch -o "=" j); COMP_CWORD=3; COMPREPLY=(); _kinformer build/kwatch
[ "${COMPREPLY[*]}" = "json" ] && ok "kwatch -o=j<TAB> completes json" || bad "kwatch -o=j<TAB> gave '${COMPREPLY[*]}'"
# every tool: -<TAB> offers exactly the flags of its --help
bad_t=""
for t in $tools; do
    [ -x "build/$t" ] || continue
    got=$(complete_line "build/$t -" | tr ' ' '\n' | grep . | sort -u)
    [ "$got" = "$(help_flags "build/$t")" ] && [ -n "$got" ] || bad_t="$bad_t $t"
done
[ -z "$bad_t" ] && ok "every tool's -<TAB> offers its --help's flags" || bad "-<TAB> differs from --help for:$bad_t"
# completion through bash itself: the installed form is sourced by a login
# of bash-completion, here by a plain bash -c
got=$(bash -c '. completions/kinformer.bash; complete -p kwatch' 2>&1)
[ "$got" = "complete -F _kinformer kwatch" ] && ok "sourcing the file in bash sets kwatch's completion" || bad "complete -p kwatch: $got"

if [ "$skip" -gt 0 ]; then echo "$pass passed, $fail failed, $skip skipped"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
