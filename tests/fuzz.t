#!/usr/bin/perl
# fuzz.t: every fuzz target (tests/fuzz/fuzz-*.c), built without libFuzzer
# (build/tests/replay-TARGET), over its regression fixtures
# (tests/fuzz/regressions/TARGET: inputs that crashed before their fix) and
# its seeds (for the pipeline, every golden fixture too). Under make sanitize
# this runs under ASan and UBSan, so a fixed crash cannot come back.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use Test::More;

my $top = abs_path(dirname(__FILE__) . '/..');
my $bin = $ENV{UNIT_DIR} // "$top/build/tests";
my @targets = map { m{fuzz-(\w+)\.c$} ? $1 : () } glob("$top/tests/fuzz/fuzz-*.c");
ok(@targets >= 5, 'fuzz targets: ' . join(', ', @targets));

for my $t (@targets) {
	my @inputs = grep { -f && !m{/README$} } (glob("$top/tests/fuzz/regressions/$t/*"),
						  glob("$top/tests/fuzz/seeds/$t/*"));
	push @inputs, glob("$top/tests/golden/*/*.c") if $t eq 'pipeline';
	push @inputs, glob("$top/tests/litmus/*.litmus") if $t eq 'litmus';
	my $out = `'$bin/replay-$t' @{[map { "'$_'" } @inputs]} 2>&1`;
	my $st = $?;
	my $oks = () = $out =~ /^ok \d+ - /mg;
	ok($st == 0 && $oks == @inputs && @inputs > 0,
	   "replay-$t: " . scalar(@inputs) . ' inputs, no crash, no sanitizer report')
		or diag(substr($out, -2000));
}
done_testing();
