#!/bin/sh
# run.sh BUILD SECONDS TARGET...: runs each libFuzzer target BUILD/fuzz-TARGET
# for SECONDS, one job, and prints its figures. The corpus of each grows in
# BUILD/corpus/TARGET; it starts from the seeds (tests/fuzz/seeds/TARGET,
# the golden fixtures for the pipeline, tests/litmus for litmus, the kernel's
# MAINTAINERS and model files when it is unpacked) and the regression
# fixtures (tests/fuzz/regressions/TARGET). A
# crash is written to BUILD/crashes/TARGET/ and fails the run: copy it into
# tests/fuzz/regressions/TARGET/ with the fix, and make check replays it.
set -eu
build=$1
secs=$2
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
status=0
for t in "$@"; do
	corpus="$build/corpus/$t"
	crashes="$build/crashes/$t"
	seeds="$build/seeds/$t"
	log="$build/fuzz-$t.log"
	rm -rf "$seeds"
	mkdir -p "$corpus" "$crashes" "$seeds"
	[ ! -d "$top/tests/fuzz/seeds/$t" ] || cp "$top/tests/fuzz/seeds/$t"/* "$seeds"/
	[ ! -d "$top/tests/fuzz/regressions/$t" ] || cp "$top/tests/fuzz/regressions/$t"/* "$seeds"/ 2>/dev/null || :
	max_len=65536
	case $t in
	pipeline)
		for f in "$top"/tests/golden/*/*.c; do
			cp "$f" "$seeds/$(basename "$(dirname "$f")")-$(basename "$f")"
		done ;;
	maintainers)
		m="$top/.kernel/linux-source-6.12/MAINTAINERS"
		[ ! -f "$m" ] || { echo "drivers/net/ethernet/intel/i40e/i40e_txrx.c"; cat "$m"; } > "$seeds/kernel-6.12" ;;
	names)
		max_len=4096 ;;
	litmus)
		cp "$top"/tests/litmus/*.litmus "$seeds"/
		max_len=16384 ;;
	model)
		m="$top/.kernel/linux-source-6.12/tools/memory-model"
		for f in linux-kernel.cat linux-kernel.bell linux-kernel.def lock.cat; do
			[ ! -f "$m/$f" ] || cp "$m/$f" "$seeds/kernel-$f"
		done ;;
	esac
	echo "== fuzz-$t: $secs s (log: $log)"
	if "$build/fuzz-$t" -max_total_time="$secs" -timeout=25 -rss_limit_mb=2048 \
		-max_len="$max_len" -print_final_stats=1 -artifact_prefix="$crashes/" \
		"$corpus" "$seeds" >"$log" 2>&1; then
		:
	else
		status=1
		echo "fuzz-$t: FAILED (a crash, a sanitizer report or a timeout): see $log and $crashes/"
	fi
	# the last status line: executions, coverage (edges), features, corpus
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || :)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	echo "fuzz-$t: ${runs:-?} runs, ${rate:-?} exec/s; ${last:-no status line}"
	echo "fuzz-$t: crashes: $(find "$crashes" -type f | wc -l)"
done
exit $status
