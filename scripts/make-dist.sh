#!/usr/bin/env bash
# `make dist`: the release artifacts of a version in .build/dist (after `make deb`):
# - cellheight-VERSION-linux-ARCH.tar.gz: one folder, cellheight-VERSION/, to unpack into a prefix
#   (tar -xzf ... --strip-components=1 -C /usr/local): bin/cellheight (stripped), share/ (man page,
#   bash, zsh and fish completions, templates, the pre-commit hook), LICENSE, README.md;
# - cellheight_VERSION_ARCH.deb (make deb), and the Containerfile and its docs, to build the image:
#   podman build -f .build/dist/Containerfile -t cellheight:VERSION .build/dist
# - SHA256SUMS over them (sha256sum -c SHA256SUMS checks them).
# Usage: scripts/make-dist.sh VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: make-dist.sh VERSION}
arch=$(dpkg --print-architecture)
dist=.build/dist
name=cellheight-$version
rm -rf "$dist" && mkdir -p "$dist/stage"
make --no-print-directory -s install DESTDIR="$PWD/$dist/stage" PREFIX="/$name" >/dev/null
install -m644 LICENSE README.md "$dist/stage/$name/"
# Reproducible: sorted names, one owner, the last commit's time.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$dist/stage" -cf - "$name" \
    | gzip -9n > "$dist/$name-linux-$arch.tar.gz"
rm -rf "$dist/stage"
cp ".build/cellheight_${version}_${arch}.deb" "$dist/"
sed "s/^ARG VERSION=.*/ARG VERSION=$version/" Containerfile > "$dist/Containerfile"
(cd "$dist" && sha256sum -- *.tar.gz *.deb Containerfile > SHA256SUMS)
ls "$dist"/* | sed 's/^/  /'
echo "the image: podman build -f $dist/Containerfile -t cellheight:$version $dist   (or docker build, the same)"
