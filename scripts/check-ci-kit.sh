#!/usr/bin/env bash
# `make test`'s check of the CI kit, with the release binary:
# - action.yml: scripts/check-action.py runs its steps with the environment GitHub gives them
#   (the release .deb of `make deb` served as a GitHub release);
# - .pre-commit-hooks.yaml: its `files` pattern fires on every format cellheight reads and on the
#   files that set the check up, and its hook (entry + args + the staged files, as pre-commit runs
#   it) checks the staged catalogs, and every catalog again when the rules file changes.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-ci-kit: $*" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin"
ln -s "$PWD/.build/release/cellheight" "$root/bin/cellheight"
export PATH="$root/bin:$PATH"

python3 scripts/check-action.py

hook() { python3 -c 'import sys, yaml; print(next(h for h in yaml.safe_load(open(".pre-commit-hooks.yaml")) if h["id"] == sys.argv[1])[sys.argv[2]])' "$@"; }
pattern=$(hook cellheight files)
[ "$(hook cellheight-container files)" = "$pattern" ] || fail "the two hooks' files patterns differ"
for file in a.po a.pot a.mo en.lproj/Localizable.strings de.lproj/Localizable.stringsdict Localizable.xcstrings \
            app.ja.xlf app.ja.xliff res/values-de/strings.xml strings.xml ui.ndjson ui.jsonl rows.json rows.csv rows.txt \
            cellheight.yaml rules.yml .cellheight.yaml templates/label.json; do
    grep -qE "$pattern" <<<"$file" || fail "the hook's files pattern misses $file"
done
for file in README.md Package.swift main.swift image.png mystrings.xml; do
    ! grep -qE "$pattern" <<<"$file" || fail "the hook's files pattern matches $file"
done

# The hook on staged files, as pre-commit runs it: entry, args, then the files that match.
entry=$(hook cellheight entry)
files="fixtures/catalogs/app/res/values*/strings.xml"
# shellcheck disable=SC2086
matched=$(ls $files fixtures/sample.txt README.md | grep -E "$pattern") || true
[ "$(wc -l <<<"$matched")" = 5 ] || fail "the hook's files pattern matched: $matched"
status=0
# shellcheck disable=SC2086
"./$entry" --rules fixtures/catalogs/app/rules.yaml $matched >"$root/out" 2>"$root/err" || status=$?
[ "$status" = 1 ] && [ ! -s "$root/out" ] || fail "the hook exited $status (expected 1) or printed a table: $(cat "$root/err")"
[ "$(grep -c 'lines > max' "$root/err")" = 5 ] || fail "the hook did not report the 5 rows: $(cat "$root/err")"

# Only the rules file staged: every catalog of the repository is checked again.
repo=$root/repo
cp -r fixtures/catalogs/app "$repo"
git -C "$repo" init -q && git -C "$repo" add . >/dev/null
all=$(cd "$repo" && cellheight --quiet --output none --rules rules.yaml -- $(git ls-files | grep -vE '\.ya?ml$') 2>&1 | grep -c 'lines > max' || true)
status=0
(cd "$repo" && "$OLDPWD/$entry" --rules rules.yaml rules.yaml) >"$root/out" 2>"$root/err" || status=$?
[ "$status" = 1 ] || fail "the hook on a changed rules file exited $status: $(cat "$root/err")"
[ "$(grep -c 'lines > max' "$root/err")" = "$all" ] && [ "$all" -gt 4 ] \
    || fail "the hook on a changed rules file reported $(grep -c 'lines > max' "$root/err") rows, expected all $all"
# A changed template or other file named by an option counts too; nothing staged that it reads: no run.
status=0
(cd "$repo" && "$OLDPWD/$entry" --rules=rules.yaml) >"$root/out" 2>"$root/err" || status=$?
[ "$status" = 0 ] && [ ! -s "$root/err" ] || fail "the hook with no files exited $status: $(cat "$root/err")"
echo "check-ci-kit: the action (check-action.py), the hooks' files pattern (every format) and the hook ($all rows when the rules change) ok"
