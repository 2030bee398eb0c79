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
got=$(complete_line "build/kwatch --names")
[ "$got" = "--namespace " ] && ok "kwatch --names<TAB> completes --namespace" || bad "kwatch --names<TAB> gave '$got'"
got=$(complete_line "build/kwatch -o ")
[ "$got" = "json name none " ] && ok "kwatch -o <TAB> offers the values --help lists ($got)" || bad "kwatch -o <TAB> gave '$got'"
got=$(complete_line "build/kwatch --watch-list o")
[ "$got" = "off on " ] && ok "kwatch --watch-list o<TAB> gives off on" || bad "kwatch --watch-list o<TAB> gave '$got'"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/subdir"; : >"$tmp/kube.yaml"
got=$(complete_line "build/kwatch --kubeconfig $tmp/")
[ "$got" = "$tmp/kube.yaml $tmp/subdir " ] && ok "--kubeconfig F<TAB> completes files" || bad "--kubeconfig $tmp/<TAB> gave '$got'"
got=$(complete_line "build/cm2files --dir $tmp/")
[ "$got" = "$tmp/subdir " ] && ok "cm2files --dir DIR<TAB> completes directories only" || bad "cm2files --dir $tmp/<TAB> gave '$got'"
got=$(complete_line "build/kwatch --stats --verb")
[ "$got" = "--verbose " ] && ok "after a flag that takes nothing, flags complete (--stats --verb<TAB>)" || bad "kwatch --stats --verb<TAB> gave '$got'"
got=$(complete_line "build/kwatch --namespace ")
[ -z "$got" ] && ok "after a flag that takes a name, no flags are offered" || bad "kwatch --namespace <TAB> gave '$got'"
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
