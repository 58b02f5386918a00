#!/usr/bin/env bash
# Output identity: runs two cellheight binaries over the fixtures in every output format (and with
# --stats, --explain, --offsets, several sizes, templates, rules, baselines, every --diagnostics) and
# compares their standard output, standard error, exit status and the files they write, byte for byte.
# For a change that must not change any output (a refactoring): build the binary before it, keep a
# copy, build the one after, then
#   bash scripts/check-output-identity.sh /tmp/before/cellheight .build/release/cellheight
# Exits 1 and prints the first lines of each difference when an output differs.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 BEFORE_BINARY AFTER_BINARY" >&2
    exit 64
fi
before=$(realpath "$1") after=$(realpath "$2")
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=0

# One case a line: the arguments after the binary (word-split; no quoting needed by any of them).
cases=$(cat <<'EOF'
-w 240 fixtures/sample.txt
-w 240,320 --max-lines 2 --max-height 40 fixtures/sample.txt
-w 200 --explain fixtures/sample.txt
-w 200 --stats fixtures/sample.txt
-w 200 --offsets fixtures/sample.txt
-w 200 --padding 8 --min-height 44 --separator 1 --line-limit 2 fixtures/sample.txt
-w 200 -s 14,17,20 fixtures/sample.txt
-w 200 --replace foo=bar fixtures/sample.json
-w 150,300 fixtures/sample.txt fixtures/sample.json
--template fixtures/templates/title-subtitle-body.json fixtures/templates/title-subtitle-body.rows.csv
--template fixtures/templates/basic-label.json fixtures/templates/basic-label.rows.jsonl
--template fixtures/templates/self-sizing.json fixtures/templates/self-sizing.rows.json
--template fixtures/templates/text-view.json --explain fixtures/templates/text-view.rows.jsonl
--rules fixtures/checks/rules.yaml fixtures/checks/ui.ndjson
--rules fixtures/checks/rules.yaml --skip-untranslated --explain fixtures/checks/ui.ndjson
--rules fixtures/catalogs/app/rules.yaml --source-locale en fixtures/catalogs/app/res/values*/strings.xml
--rules fixtures/catalogs/app/rules.yaml fixtures/catalogs/app/res/values-de/strings.xml fixtures/catalogs/app/de.lproj/Localizable.strings
-w 300 --max-lines 1 fixtures/catalogs/gtk30.de.po fixtures/catalogs/gtk30.ja.mo
-w 300 --placeholder-number 8,888 --placeholder-string Alexandra fixtures/catalogs/app/Localizable.xcstrings
-w 120 --max-lines 1 fixtures/checks/ui.ndjson missing-input.txt
-w 120 --max-lines 1 missing-input.txt
-w 0.5 --padding 10 fixtures/sample.txt
-s 14,17 --rules fixtures/checks/rules.yaml fixtures/checks/ui.ndjson
-w 200 -s 14,17 --max-lines 1 fixtures/checks/ui.ndjson fixtures/catalogs/gtk30.ru.po
EOF
)
formats="table json ndjson csv html svg none"
diagnostics="text github junit sarif gitlab"

status=0
count=0
# Runs one case with both binaries, in a directory each (files the run writes are compared too).
compare() {
    local name=$1
    shift
    for side in before after; do
        local bin=$before
        [ $side = after ] && bin=$after
        rm -rf "$work/$side" && mkdir -p "$work/$side/files"
        local args=("$@")
        args=("${args[@]//@FILES@/$work/$side/files}")
        "$bin" --quiet "${args[@]}" >"$work/$side/stdout" 2>"$work/$side/stderr" <"${stdin_file:-/dev/null}"
        echo $? >"$work/$side/status"
        # Paths of the run's own directory are the same on both sides in what it wrote.
        sed -i "s|$work/$side/|WORK/|g" "$work/$side/stdout" "$work/$side/stderr"
    done
    count=$((count + 1))
    if ! diff -r "$work/before" "$work/after" >"$work/diff" 2>&1; then
        echo "DIFFERS: $name" >&2
        head -20 "$work/diff" >&2
        status=1
    fi
}

while read -r line; do
    [ -z "$line" ] && continue
    # shellcheck disable=SC2086
    for format in $formats; do compare "$line -o $format" $line -o "$format"; done
    # shellcheck disable=SC2086
    compare "$line -o json --output-file" $line -o json --output-file @FILES@/report.json
done <<<"$cases"

# The gate: budgets with every diagnostics format, its files, and a baseline.
gate="--rules fixtures/checks/rules.yaml fixtures/checks/ui.ndjson"
for diagnostic in $diagnostics; do
    extra=()
    case $diagnostic in
        junit) extra=(--junit-file @FILES@/junit.xml) ;;
        sarif | gitlab) extra=(--diagnostics-file @FILES@/report.$diagnostic) ;;
    esac
    for format in json ndjson csv none; do
        # shellcheck disable=SC2086
        compare "gate $diagnostic $format" $gate -o $format --diagnostics $diagnostic "${extra[@]}"
    done
done
"$before" --quiet -w 200 -o json fixtures/checks/ui.ndjson >"$work/baseline.json" 2>/dev/null
for format in table ndjson csv; do
    compare "baseline $format" -w 190 --baseline "$work/baseline.json" --fail-on-growth -o $format \
        fixtures/checks/ui.ndjson
done
: >"$work/empty.json"
compare "empty baseline" -w 200 --baseline "$work/empty.json" fixtures/checks/ui.ndjson
printf '[Draft] notes\n' >"$work/draft"
compare "text taken for a JSON array" -w 200 "$work/draft"
compare "text taken for a JSON array, sarif" -w 200 --diagnostics sarif --diagnostics-file @FILES@/d.sarif "$work/draft"
compare "embedded fonts" -w 200 --embed-font -o html fixtures/sample.json
for format in ndjson csv table; do
    stdin_file=fixtures/sample.txt compare "stdin $format" -w 200 -o $format
done
# Input of several batches (about 1 MiB each): the streamed reports' batches put together.
for _ in $(seq 2000); do cat fixtures/sample.txt; done >"$work/many.txt"
for format in ndjson csv none json; do
    compare "several batches $format" -w 200,320 --max-lines 1 -o $format "$work/many.txt"
done
echo "$count runs compared" >&2
exit $status
