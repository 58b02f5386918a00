#!/usr/bin/env bash
# `make test`'s check of the CI kit: runs the gate step of action.yml and the hook of
# .pre-commit-hooks.yaml as GitHub and pre-commit would (their commands read from the files), with
# the release binary on PATH, over the app's Android catalogs and their rules (five rows over budget).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-ci-kit: $*" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin"
ln -s "$PWD/.build/release/cellheight" "$root/bin/cellheight"
export PATH="$root/bin:$PATH"
files="fixtures/catalogs/app/res/values*/strings.xml"

# action.yml: the gate step's script, with the inputs in its environment.
step=$(python3 -c 'import yaml; steps = yaml.safe_load(open("action.yml"))["runs"]["steps"]; print(steps[1]["run"])')
status=0
CELLHEIGHT_FILES=$files CELLHEIGHT_RULES=fixtures/catalogs/app/rules.yaml CELLHEIGHT_ARGS="--size 14" \
    CELLHEIGHT_JUNIT="$root/junit.xml" bash -euo pipefail -c "$step" >"$root/out" 2>"$root/err" || status=$?
[ "$status" = 1 ] || fail "the action's gate exited $status, expected 1 (rows over budget): $(cat "$root/err")"
[ ! -s "$root/out" ] || fail "the action's gate printed a table"
[ "$(grep -c '^::error file=fixtures/catalogs/app/res/values-' "$root/err")" = 4 ] || fail "expected 4 annotations: $(cat "$root/err")"
tail -1 "$root/err" | grep -qx 'cellheight: 4 of 39 rows over budget' || fail "no summary line: $(tail -1 "$root/err")"
[ "$(grep -c '<failure' "$root/junit.xml")" = 4 ] || fail "the JUnit report does not hold the 4 failures"

# .pre-commit-hooks.yaml: entry + args + the staged files that match `files`.
entry=$(python3 -c 'import yaml; print(yaml.safe_load(open(".pre-commit-hooks.yaml"))[0]["entry"])')
pattern=$(python3 -c 'import yaml; print(yaml.safe_load(open(".pre-commit-hooks.yaml"))[0]["files"])')
matched=$(ls $files fixtures/sample.txt | grep -E "$pattern") || true
[ "$(wc -l <<<"$matched")" = 4 ] || fail "the hook's files pattern matched: $matched"
status=0
# shellcheck disable=SC2086
$entry --rules fixtures/catalogs/app/rules.yaml $matched >"$root/out" 2>"$root/err" || status=$?
[ "$status" = 1 ] && [ ! -s "$root/out" ] || fail "the hook exited $status (expected 1) or printed a table"
[ "$(grep -c 'lines > max' "$root/err")" = 4 ] || fail "the hook did not report the 4 rows: $(cat "$root/err")"
echo "check-ci-kit: action.yml's gate (4 annotations, JUnit report) and the pre-commit hook ok"
