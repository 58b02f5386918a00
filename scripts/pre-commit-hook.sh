#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml; in the container image as cellheight-pre-commit):
#   pre-commit runs it with the hook's `args` (cellheight's options), then the staged files that
#   match the hook's `files` pattern. Catalogs and rows are checked; when a file the check reads
#   for its settings changed (the file --rules, --template or --config names, .cellheight.yaml, or
#   any YAML file: cellheight reads no rows from YAML), every catalog the repository tracks is
#   checked again, since any of them may no longer fit.
set -euo pipefail
cellheight=${CELLHEIGHT:-cellheight}
# The options that take a value, from cellheight's help (e.g. "-w, --width <width>").
mapfile -t valued < <("$cellheight" --help | sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z0-9-]*\) <.*/\1\2/p' | tr -d ',' | tr ' ' '\n' | sed '/^$/d')
takes_value() { local name; for name in "${valued[@]}"; do [ "$1" = "$name" ] && return 0; done; return 1; }

options=() inputs=() settings=() changed_settings=0
while [ "$#" -gt 0 ]; do
    case "$1" in
        --) shift; break ;;
        --*=*) options+=("$1"); case "$1" in --rules=*|--template=*|--config=*) settings+=("${1#*=}") ;; esac ;;
        -*)
            options+=("$1")
            if takes_value "$1" && [ "$#" -gt 1 ]; then
                case "$1" in --rules|--template|--config) settings+=("$2") ;; esac
                options+=("$2")
                shift
            fi ;;
        *) break ;;
    esac
    shift
done
# What is left: the staged files.
is_setting() {
    local file=$1 setting
    case "$file" in *.yaml|*.yml) return 0 ;; esac
    for setting in "${settings[@]}"; do [ "$file" -ef "$setting" ] && return 0; done
    return 1
}
for file in "$@"; do
    if is_setting "$file"; then changed_settings=1; else inputs+=("$file"); fi
done
if [ "$changed_settings" = 1 ]; then
    # The catalogs (unambiguous formats; JSON, CSV and text files are checked when staged).
    mapfile -t inputs < <(git ls-files -- '*.po' '*.pot' '*.mo' '*.strings' '*.stringsdict' '*.xcstrings' \
        '*.xlf' '*.xliff' '*.ndjson' '*.jsonl' '*/strings.xml' 'strings.xml')
fi
[ "${#inputs[@]}" -gt 0 ] || exit 0
exec "$cellheight" --quiet --output none "${options[@]}" -- "${inputs[@]}"
