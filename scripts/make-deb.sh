#!/usr/bin/env bash
# `make deb`: a Debian package of the release binary, the man page, the completions and the
# ready-made templates, at .build/cellheight_VERSION_ARCH.deb. `Depends:` comes from dpkg-shlibdeps:
# exactly the packages of the shared libraries the binary links (the Swift runtime and Foundation
# are linked statically). The binary links Debian 12's ICU 72 (libicu72), so the package is for
# Debian 12 (bookworm) and what shares its libraries.
# Usage: scripts/make-deb.sh VERSION   (after `make build man completions`)
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: make-deb.sh VERSION}
arch=$(dpkg --print-architecture)
stage=.build/deb/cellheight_${version}_${arch}
rm -rf "$stage" .build/deb/shlibs
make --no-print-directory -s install DESTDIR="$PWD/$stage" PREFIX=/usr >/dev/null
# Debian's policy: man pages compressed, the licence as the package's copyright file.
gzip -9n "$stage/usr/share/man/man1/cellheight.1"
strip --strip-unneeded --remove-section=.comment "$stage/usr/bin/cellheight"
# A native package's changelog, in Debian's format, pointing to docs/CHANGELOG.md's entry (shipped too).
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
{
    echo "cellheight ($version) stable; urgency=medium"
    echo
    # The entry's items ("- ..." and their continuation lines) as "  * ..." wrapped at 78 columns.
    python3 -c 'import re, sys, textwrap
entry = open("docs/CHANGELOG.md").read().split("\n## " + sys.argv[1] + "\n", 1)[1].split("\n## ", 1)[0]
for item in re.split(r"\n(?=- )", entry.strip()):
    text = " ".join(item.removeprefix("- ").split())
    print(textwrap.fill(text, 78, initial_indent="  * ", subsequent_indent="    "))' "$version"
    echo
    echo " -- cellheight authors <cellheight@users.noreply.github.com>  $(date -u -R -d "@$stamp")"
} | gzip -9n > "$stage/usr/share/doc/cellheight/changelog.gz"
# Yams (the YAML reader of rules files) compiles its own copy of libyaml into the binary; Debian's
# libyaml-0-2 cannot stand in for it without patching Yams.
mkdir -p "$stage/usr/share/lintian/overrides"
printf '%s\n' "# Yams, the Swift YAML library, builds its own copy of libyaml (CYaml) into the binary." \
    "cellheight: embedded-library libyaml [usr/bin/cellheight]" > "$stage/usr/share/lintian/overrides/cellheight"

# dpkg-shlibdeps reads a source package's debian/control; a minimal one is enough.
mkdir -p .build/deb/shlibs/debian
printf 'Source: cellheight\n\nPackage: cellheight\nArchitecture: any\n' > .build/deb/shlibs/debian/control
depends=$(cd .build/deb/shlibs && dpkg-shlibdeps -O -e "$OLDPWD/$stage/usr/bin/cellheight" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk "$stage" | cut -f1)
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: cellheight
Version: $version
Architecture: $arch
Maintainer: cellheight authors <cellheight@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Recommends: fonts-dejavu-core, fonts-liberation2, fontconfig
Suggests: fonts-noto-core, fonts-noto-cjk
Section: utils
Priority: optional
Description: how tall text will be once wrapped, as Chromium lays it out
 cellheight reads rows of text (lines, JSON, NDJSON, CSV, translation
 catalogs) and prints each row's line count and height when laid out in a
 given font and width exactly as Chromium lays out a <div>: FreeType,
 HarfBuzz, ICU line breaking and Chromium's font fallback. Built for
 table-view row heights and for CI checks that translations still fit.
CONTROL
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
dpkg-deb --root-owner-group --build "$stage" ".build/cellheight_${version}_${arch}.deb" >/dev/null
echo ".build/cellheight_${version}_${arch}.deb"
