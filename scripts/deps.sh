#!/bin/sh
# deps.sh: installs what acqrel needs to build and test, and nothing else.
# Idempotent and quiet when everything is there already.
#   - Debian's libtree-sitter-dev (the tree-sitter runtime, ABI 13-14)
#   - perl's prove (TAP runner; Debian's perl package)
#   - setpriv (util-linux), for the tests that run acqrel as another user
#   - GNU patch, for the test that applies acqrel's diffs with it
#   - with --fuzz (make fuzz): clang and libclang-rt-14-dev (libFuzzer)
#   - the C grammar from npm's tree-sitter-c, pinned at 0.23.6 (ABI 14),
#     checked against the registry's integrity hash, into .deps/ (git-ignored)
set -eu

TS_C_VERSION=0.23.6
TS_C_INTEGRITY=sha512-0dxXKznVyUA0s6PjNolJNs2yF87O5aL538A/eR6njA5oqX3C3vH4vnx3QdOKwuUdpKEcFdHuiDpRKLLCA/tjvQ==

top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/.deps"

need=
if [ "${1:-}" = --fuzz ]; then
	# make fuzz: Debian's clang and its libFuzzer runtime
	command -v clang >/dev/null 2>&1 || need="$need clang"
	[ -f "$(clang -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-x86_64.a" ] ||
		need="$need libclang-rt-14-dev"
	# shellcheck disable=SC2086
	[ -z "$need" ] || sh "$top/scripts/apt.sh" deps.sh $need
	need=
fi
[ -f /usr/include/tree_sitter/api.h ] || need="$need libtree-sitter-dev"
command -v prove >/dev/null 2>&1 || need="$need perl"
# setpriv runs acqrel as another user in the tests (tests/lib/AsUser.pm)
command -v setpriv >/dev/null 2>&1 || need="$need util-linux"
# GNU patch applies the diffs in tests/patch.t, as a user without git would
command -v patch >/dev/null 2>&1 || need="$need patch"
# shellcheck disable=SC2086
[ -z "$need" ] || sh "$top/scripts/apt.sh" deps.sh $need

grammar="$deps/tree-sitter-c-$TS_C_VERSION"
if [ ! -f "$grammar/src/parser.c" ]; then
	command -v npm >/dev/null 2>&1 || { echo "deps.sh: npm is needed to fetch tree-sitter-c" >&2; exit 1; }
	mkdir -p "$deps"
	tmp=$(mktemp -d "$deps/fetch.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	echo "deps.sh: fetching tree-sitter-c@$TS_C_VERSION from npm" >&2
	(cd "$tmp" && npm pack --silent "tree-sitter-c@$TS_C_VERSION" >/dev/null)
	tgz="$tmp/tree-sitter-c-$TS_C_VERSION.tgz"
	got="sha512-$(node -e 'const c = require("crypto"), f = require("fs");
		process.stdout.write(c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tgz")"
	if [ "$got" != "$TS_C_INTEGRITY" ]; then
		echo "deps.sh: integrity mismatch for tree-sitter-c@$TS_C_VERSION" >&2
		echo "  expected $TS_C_INTEGRITY" >&2
		echo "  got      $got" >&2
		exit 1
	fi
	mkdir -p "$tmp/x"
	tar -xzf "$tgz" -C "$tmp/x"
	# ABI 14 is what Debian's libtree-sitter 0.20.7 loads
	grep -q '#define LANGUAGE_VERSION 14' "$tmp/x/package/src/parser.c" || {
		echo "deps.sh: tree-sitter-c@$TS_C_VERSION is not ABI 14" >&2
		exit 1
	}
	rm -rf "$grammar"
	mv "$tmp/x/package" "$grammar"
fi
