#!/usr/bin/env bash
# `make test`'s installation check: `make install` into a temporary prefix and `make deb`, then
# what they hold, that the installed tool runs from there, and that the package's `Depends:` names
# exactly the packages of the libraries the binary links (found here with objdump and dpkg -S,
# independently of dpkg-shlibdeps, which make-deb.sh uses).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-install: $*" >&2; exit 1; }
version=$(sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/CellHeightKit/Support/Version.swift)
[ -n "$version" ] || fail "no version in Sources/CellHeightKit/Support/Version.swift"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

# make install with DESTDIR and PREFIX
make --no-print-directory -s install DESTDIR="$root/dest" PREFIX=/opt/ch >/dev/null
prefix=$root/dest/opt/ch
templates=$(ls fixtures/templates/*.json | grep -vc '\.rows\.json$')
for file in bin/cellheight share/man/man1/cellheight.1 share/bash-completion/completions/cellheight \
            share/zsh/vendor-completions/_cellheight share/fish/vendor_completions.d/cellheight.fish \
            share/doc/cellheight/copyright; do
    [ -s "$prefix/$file" ] || fail "make install did not install $file"
done
[ "$(ls "$prefix/share/cellheight/templates" | wc -l)" = "$templates" ] || fail "expected $templates templates"
[ -x "$prefix/bin/cellheight" ] || fail "the installed binary is not executable"
"$prefix/bin/cellheight" --version | head -1 | grep -qx "cellheight $version" || fail "--version is not $version"
"$prefix/bin/cellheight" --version | tail -1 | grep -q '^FreeType .*, HarfBuzz .*, ICU .*, fontconfig ' \
    || fail "--version does not name the libraries"
grep -q '^\.Nm cellheight' "$prefix/share/man/man1/cellheight.1" || fail "the man page does not name the command"
grep -q -- '--junit-file' "$prefix/share/man/man1/cellheight.1" || fail "the man page lacks the options"
grep -q -- '--template' "$prefix/share/bash-completion/completions/cellheight" || fail "bash completion lacks options"
# The synopsis names the optional subcommand (measuring is the default); summarize is documented.
grep -A3 '^\.Sh SYNOPSIS' "$prefix/share/man/man1/cellheight.1" | grep -q '^\.Ar subcommand' \
    || fail "the man page's synopsis lacks the subcommand"
grep -q '^\.It Em summarize' "$prefix/share/man/man1/cellheight.1" || fail "the man page lacks summarize"
# An installed template measures its rows from outside the repository.
(cd "$root" && "$prefix/bin/cellheight" --template "$prefix/share/cellheight/templates/basic-label.json" \
    --output json "$OLDPWD/fixtures/templates/basic-label.rows.jsonl" | grep -q '"rowCount"') \
    || fail "the installed binary could not measure with an installed template"
make --no-print-directory -s uninstall DESTDIR="$root/dest" PREFIX=/opt/ch
[ -z "$(find "$root/dest" -type f)" ] || fail "make uninstall left files: $(find "$root/dest" -type f)"

# make deb
deb=$(make --no-print-directory -s deb | tail -1)
[ -f "$deb" ] || fail "make deb made no package"
[ "$(dpkg-deb -f "$deb" Package)" = cellheight ] || fail "wrong package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the package's version is not $version"
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for file in ./usr/bin/cellheight ./usr/share/man/man1/cellheight.1.gz ./usr/share/bash-completion/completions/cellheight \
            ./usr/share/zsh/vendor-completions/_cellheight ./usr/share/fish/vendor_completions.d/cellheight.fish \
            ./usr/share/doc/cellheight/copyright ./usr/share/cellheight/templates/basic-label.json; do
    grep -qx -- "$file" <<<"$contents" || fail "the package lacks $file"
done
# Depends: exactly the packages that hold the linked libraries.
linked=$(objdump -p .build/release/cellheight | awk '/NEEDED/ {print $2}' | while read -r library; do
    dpkg -S "*/$library" 2>/dev/null | head -1 | cut -d: -f1
done | sort -u)
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort -u)
[ "$linked" = "$depends" ] || fail "Depends: $(echo $depends) but the binary links: $(echo $linked)"
grep -qx libicu72 <<<"$depends" || fail "the package should depend on Debian 12's ICU 72"
# Every dependency resolves on this system, and the packaged binary runs.
apt-get install -s -y "$PWD/$deb" >/dev/null 2>&1 || fail "apt cannot install $deb"
dpkg-deb -x "$deb" "$root/deb"
"$root/deb/usr/bin/cellheight" --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --output ndjson fixtures/sample.txt \
    | head -1 | grep -q '"lineCount"' || fail "the packaged binary does not run"
echo "check-install: make install (DESTDIR, PREFIX, uninstall) and $deb (contents, Depends: $(echo $depends | tr ' ' ',')) ok"
