#!/bin/sh
# kernel.sh VERSION: makes Debian's linux-source-VERSION available unpacked
# under .kernel/ (git-ignored) and prints its path. Installs the package when
# missing; unpacks into a temporary folder first, so a half-unpacked tree is
# never taken for a whole one.
set -eu
ver=${1:?usage: kernel.sh VERSION (6.12 or 6.1)}
top=$(cd "$(dirname "$0")/.." && pwd)
dest="${KERNEL_DIR:-$top/.kernel}"
tree="$dest/linux-source-$ver"
tarball="/usr/src/linux-source-$ver.tar.xz"

if [ ! -f "$tree/MAINTAINERS" ]; then
	if [ ! -f "$tarball" ]; then
		sh "$top/scripts/apt.sh" kernel.sh "linux-source-$ver"
	fi
	echo "kernel.sh: unpacking $tarball into $dest" >&2
	mkdir -p "$dest"
	tmp=$(mktemp -d "$dest/unpack.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	tar -xJf "$tarball" -C "$tmp"
	rm -rf "$tree"
	mv "$tmp/linux-source-$ver" "$tree"
fi
echo "$tree"
