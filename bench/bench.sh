#!/bin/sh
# bench.sh ACQREL TREE: times acqrel against `grep -rlE` for the barriers on
# a kernel tree and prints the ratios; then acqrel litmus on the tree's own
# litmus tests and on ../shared/litmus/paulmck (LITMUS_COLLECTION; skipped
# when missing): the median time per test, one process per test as herd7 is
# run, and the total of one run over all of them (ACQREL_JOBS threads).
# Last, the cached re-run of pairs --json (src/lib/cache.c): on the tree
# unchanged, then on a copy of it (CACHE_COPY=0 leaves that out) after
# touching one file with barriers and after editing it.
# A benchmark, not a test: it exits 0
# when a target is missed and says MISSED. Fails only when a command does.
# RUNS timed runs (default 7) follow one untimed run of each command, which
# warms the page cache. Wall-clock time and peak RSS come from maxrss.c,
# built next to ACQREL with ${CC:-gcc}.
set -eu
# every run below computes, but for the cached re-runs at the end
ACQREL_NO_CACHE=1
export ACQREL_NO_CACHE

# What to measure, one per line: label, target ratio to grep, memory limit in
# MiB, acqrel arguments (TREE is appended). Lines whose subcommand acqrel
# does not have yet (`acqrel SUB --help` fails) are left out.
# Targets are issue 13's (sites 1.3, pairs 1.5, patch 2; issue 8 asked pairs
# <= 3) and issue 11's (bugs 4); patch is measured as --diff, which does the work of -o but for the
# writing of the mails.
commands='sites 1.3 512 sites --json
pairs 1.5 1024 pairs --json
patch 2 1024 patch --diff
bugs 4 1024 bugs --json'

die() {
	echo "bench.sh: $*" >&2
	exit 2
}

[ $# -eq 2 ] || die "usage: bench.sh ACQREL TREE (env: RUNS, CC, ACQREL_JOBS, LITMUS_COLLECTION)"
acqrel=$1
tree=$2
runs=${RUNS:-7}
case $runs in
''|*[!0-9]*|0) die "RUNS must be a positive integer, not '$runs'" ;;
esac
[ -x "$acqrel" ] || die "$acqrel: not an executable"
[ -d "$tree" ] || die "$tree: not a directory"

helper=$(dirname "$acqrel")/bench/maxrss
src=$(dirname "$0")/maxrss.c
if [ ! -x "$helper" ] || [ -n "$(find "$src" -newer "$helper")" ]; then
	mkdir -p "$(dirname "$helper")"
	${CC:-gcc} -O2 -std=gnu11 -Wall -Wextra -Wshadow -o "$helper" "$src"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# measure CMD...: runs CMD with stdout to /dev/null and sets secs and kib.
# Status 1 is fine (grep: no match; acqrel: some input skipped). What CMD
# says on stderr (acqrel patch's notes, the same each run) is shown only
# when it fails.
measure() {
	"$helper" -o "$tmp/last" "$@" </dev/null >/dev/null 2>"$tmp/stderr" && st=0 || st=$?
	[ "$st" -le 1 ] || {
		cat "$tmp/stderr" >&2
		echo "bench.sh: '$*' failed with status $st" >&2
		exit 1
	}
	read -r kib secs <"$tmp/last"
}

# ratio NUM DEN: NUM/DEN with two decimals
ratio() {
	awk -v n="$1" -v d="$2" 'BEGIN { printf "%.2f", (d > 0 ? n / d : 0) }'
}

# median: the median of the numbers on stdin
median() {
	sort -n | awk '{ v[NR] = $1 }
		END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

grep_cmd() {
	measure grep -rlE --include='*.[ch]' 'smp_(w|r)mb\(' "$tree"
}

active=
while read -r label target limit args; do
	# shellcheck disable=SC2086 # args is a word list
	if "$acqrel" ${args%% *} --help </dev/null >/dev/null 2>&1; then
		active="$active$label $target $limit $args
"
	else
		echo "$label: not measured, acqrel has no '${args%% *}' command"
	fi
done <<EOF
$commands
EOF
[ -n "$active" ] || die "acqrel has none of the benchmarked commands"

# other work on the machine skews the ratio: acqrel wants every core, grep one
cores=$(getconf _NPROCESSORS_ONLN)
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
echo "tree $tree, $runs runs, $cores cores, acqrel jobs ${ACQREL_JOBS:-$cores}, loadavg $load"

grep_cmd
line="warm-up: grep $secs s"
while read -r label target limit args; do
	[ -n "$label" ] || continue
	# shellcheck disable=SC2086
	measure "$acqrel" $args "$tree"
	line="$line, $label $secs s"
	: >"$tmp/$label"
done <<EOF
$active
EOF
echo "$line"

i=1
while [ "$i" -le "$runs" ]; do
	grep_cmd
	g=$secs
	line="run $i: grep $g s"
	while read -r label target limit args; do
		[ -n "$label" ] || continue
		# shellcheck disable=SC2086
		measure "$acqrel" $args "$tree"
		r=$(ratio "$secs" "$g")
		echo "$g $secs $r $kib" >>"$tmp/$label"
		line="$line, $label $secs s (ratio $r, $(((kib + 1023) / 1024)) MiB)"
	done <<EOF
$active
EOF
	echo "$line"
	i=$((i + 1))
done

while read -r label target limit args; do
	[ -n "$label" ] || continue
	f=$tmp/$label
	g=$(cut -d' ' -f1 "$f" | median)
	a=$(cut -d' ' -f2 "$f" | median)
	r=$(cut -d' ' -f3 "$f" | median)
	kib=$(cut -d' ' -f4 "$f" | sort -n | tail -n 1)
	awk -v l="$label" -v r="$r" -v t="$target" -v kib="$kib" \
	    -v lim="$limit" -v g="$g" -v a="$a" 'BEGIN {
		r = sprintf("%.2f", r)
		mib = int((kib + 1023) / 1024)
		miss = ""
		if (r + 0 > t + 0)
			miss = " ratio"
		if (mib >= lim + 0)
			miss = miss " memory"
		printf "%s: median ratio acqrel/grep %s (target <= %s), " \
		       "peak memory %d MiB (limit %d MiB); " \
		       "medians acqrel %.3f s, grep %.3f s; %s\n",
		       l, r, t, mib, lim, a, g, miss == "" ? "ok" : "MISSED" miss
	}'
done <<EOF
$active
EOF

# thread scaling: sites with one job against the default, medians of RUNS
if [ "$cores" -gt 1 ]; then
	: >"$tmp/one"
	: >"$tmp/all"
	i=1
	while [ "$i" -le "$runs" ]; do
		measure env ACQREL_JOBS=1 "$acqrel" sites --json "$tree"
		echo "$secs" >>"$tmp/one"
		measure "$acqrel" sites --json "$tree"
		echo "$secs" >>"$tmp/all"
		i=$((i + 1))
	done
	one=$(median <"$tmp/one")
	all=$(median <"$tmp/all")
	awk -v one="$one" -v all="$all" -v jobs="${ACQREL_JOBS:-$cores}" 'BEGIN {
		s = all > 0 ? one / all : 0
		printf "sites scaling: 1 job %.3f s, %d jobs %.3f s: %.2f times faster (target >= 1.6); %s\n",
		       one, jobs, all, s, (s >= 1.6 ? "ok" : "MISSED")
	}'
fi

# acqrel litmus: targets, median per test (seconds) and total of the collection
litmus_median_target=0.005
litmus_total_target=60
collection=${LITMUS_COLLECTION:-$(cd "$(dirname "$0")/../.." && pwd)/shared/litmus/paulmck}

# litmus_set LABEL MODEL TOTAL_TARGET FILE...: one process per test, then
# one run over all; prints the median, the slowest and the total.
litmus_set() {
	label=$1 model=$2 total_target=$3
	shift 3
	: >"$tmp/litmus"
	for f in "$@"; do
		measure "$acqrel" litmus --model "$model" "$f" 2>/dev/null
		echo "$secs" >>"$tmp/litmus"
	done
	med=$(median <"$tmp/litmus")
	max=$(sort -n "$tmp/litmus" | tail -n 1)
	sum=$(awk '{ s += $1 } END { printf "%.1f", s }' "$tmp/litmus")
	measure "$acqrel" litmus --model "$model" "$@" 2>/dev/null
	awk -v l="$label" -v n="$#" -v med="$med" -v max="$max" -v sum="$sum" \
	    -v tot="$secs" -v mt="$litmus_median_target" -v tt="$total_target" \
	    -v jobs="${ACQREL_JOBS:-$cores}" 'BEGIN {
		miss = ""
		if (med + 0 > mt + 0)
			miss = " median"
		if (tt != "" && tot + 0 > tt + 0)
			miss = miss " total"
		printf "litmus %s: %d tests, one process each: median %.1f ms (target < %.0f ms), " \
		       "slowest %.3f s, sum %s s; all in one run with %d jobs: %.2f s%s; %s\n",
		       l, n, med * 1000, mt * 1000, max, sum, jobs, tot,
		       tt == "" ? "" : " (target < " tt " s)", miss == "" ? "ok" : "MISSED" miss
	}'
}

if "$acqrel" litmus --help </dev/null >/dev/null 2>&1; then
	model=$tree/tools/memory-model
	if [ -f "$model/linux-kernel.cfg" ]; then
		# shellcheck disable=SC2046 # test paths have no spaces
		litmus_set "kernel tests of $tree" "$model" '' \
			$(find "$model/litmus-tests" "$tree/Documentation/litmus-tests" \
			       -name '*.litmus' -type f | sort)
	else
		echo "litmus: not measured, $tree has no tools/memory-model"
	fi
	if [ -d "$collection" ] && [ -f "$model/linux-kernel.cfg" ]; then
		# shellcheck disable=SC2046
		litmus_set "collection $collection" "$model" "$litmus_total_target" \
			$(find "$collection" -name '*.litmus' -type f | sort)
	else
		echo "litmus collection: not measured, $collection is missing"
	fi
else
	echo "litmus: not measured, acqrel has no 'litmus' command"
fi

# the cached re-run of pairs: medians of RUNS runs after one that fills the cache
cached_runs() {
	: >"$tmp/cached"
	i=1
	while [ "$i" -le "$runs" ]; do
		"$@"
		# shellcheck disable=SC2086
		measure env -u ACQREL_NO_CACHE XDG_CACHE_HOME="$tmp/xdg" "$acqrel" pairs --json "$where"
		echo "$secs $kib" >>"$tmp/cached"
		i=$((i + 1))
	done
	cut -d' ' -f1 "$tmp/cached" | median
}
report_cached() {
	awk -v l="$1" -v a="$2" -v g="$3" 'BEGIN {
		printf "pairs cached re-run, %s: median %.3f s (target < 1 s), ratio to grep %.2f; %s\n",
		       l, a, (g > 0 ? a / g : 0), (a + 0 < 1 ? "ok" : "MISSED")
	}'
}
: >"$tmp/g"
i=1
while [ "$i" -le "$runs" ]; do
	grep_cmd
	echo "$secs" >>"$tmp/g"
	i=$((i + 1))
done
g=$(median <"$tmp/g")
where=$tree
measure env -u ACQREL_NO_CACHE XDG_CACHE_HOME="$tmp/xdg" "$acqrel" pairs --json "$where"
report_cached "tree unchanged" "$(cached_runs true)" "$g"
if [ "${CACHE_COPY:-1}" != 0 ]; then
	where=$tmp/tree
	cp -R "$tree" "$where"
	file=$(grep -rlE --include='*.c' 'smp_wmb\(\);' "$where" | sort | head -n 1)
	measure env -u ACQREL_NO_CACHE XDG_CACHE_HOME="$tmp/xdg" "$acqrel" pairs --json "$where"
	report_cached "copy, after touching ${file#"$where"/}" "$(cached_runs touch "$file")" "$g"
	# each edit changes the file: the comment it adds grows by one line per run
	edit() {
		printf '/* acqrel bench edit */\n' >>"$file"
	}
	report_cached "copy, after editing ${file#"$where"/}" "$(cached_runs edit)" "$g"
	rm -rf "$where"
fi
