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
strip --strip-unneeded "$stage/usr/bin/cellheight"

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
dpkg-deb --root-owner-group --build "$stage" ".build/cellheight_${version}_${arch}.deb" >/dev/null
echo ".build/cellheight_${version}_${arch}.deb"
