# bash completion for kinformer's tools: kwatch, kubediff, cm2files,
# nodeagent and every other program of tools/. The flags, and what each
# takes, are read from the tool's own --help (its option column), so a flag
# added to a tool completes with no change here. make install copies this
# file as each tool's completion (share/bash-completion/completions/TOOL);
# or source it from ~/.bashrc.
#   a flag                    kwatch --na<TAB>         --namespace
#   a value listed as a|b|c   kwatch -o <TAB>          name json none
#   F, FILE, *FILE (a file)   kwatch --kubeconfig <TAB> files
#   D, DIR (a directory)      cm2files --dir <TAB>      directories
# "--flag=value" is completed as "--flag value".

# _kinformer_flags TOOL: one line per flag of TOOL --help, "FLAG ARG", ARG
# empty for a flag that takes nothing. An option line starts with two spaces
# and a dash; its option column ends at two spaces, or at the first word
# that is neither a flag nor a flag's value ("-n, --namespace NS",
# "--token T | --token-file F", "--max-objects N, --store-bytes B").
_kinformer_flags() {
    local line left w g group comma
    "$1" --help 2>/dev/null | while IFS= read -r line; do
        case $line in "  -"*) ;; *) continue ;; esac
        left=${line#  }
        left=${left%%  *}
        group=""; comma=0
        for w in $left; do
            case $w in
                "|") continue ;;
                -*=*) printf '%s %s\n' "${w%%=*}" "${w#*=}"; group=""; continue ;;
                -[-A-Za-z0-9]*)
                    # "-n, --namespace NS": both take NS; "--a --b": --a takes nothing
                    if [ $comma = 0 ]; then for g in $group; do printf '%s \n' "$g"; done; group=""; fi
                    case $w in *,) comma=1 ;; *) comma=0 ;; esac
                    group="$group ${w%,}" ;;
                *)  [ -z "$group" ] && break   # the description begins
                    for g in $group; do printf '%s %s\n' "$g" "${w%,}"; done
                    group=""; comma=0 ;;
            esac
        done
        for g in $group; do printf '%s \n' "$g"; done
    done
}

_kinformer() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev="" table arg
    [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
    # --flag=value: bash splits it at the '='
    if [ "$cur" = "=" ]; then cur=""
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    COMPREPLY=()
    table=$(_kinformer_flags "$1")
    case $prev in
        -*)
            arg=$(printf '%s\n' "$table" | while read -r f a; do [ "$f" = "$prev" ] && { printf '%s' "$a"; break; }; done)
            case $arg in
                "") ;;
                *"|"*)   # the values it takes; "jsonpath=T" offers "jsonpath="
                    mapfile -t COMPREPLY < <(compgen -W "$(printf '%s' "$arg" | tr '|' '\n' | sed 's/=.*/=/')" -- "$cur")
                    return 0 ;;
                F|FILE|*FILE) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return 0 ;;
                D|DIR) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return 0 ;;
                *) return 0 ;;   # a value the shell cannot guess (a name, a number)
            esac ;;
    esac
    case $cur in
        -*) mapfile -t COMPREPLY < <(compgen -W "$(printf '%s\n' "$table" | cut -d' ' -f1)" -- "$cur") ;;
    esac
    return 0
}
# the tools (make install writes tools/*.c's names here; a test checks this list)
complete -F _kinformer cm2files khub kubediff kwatch nodeagent
