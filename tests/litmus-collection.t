#!/usr/bin/perl
# litmus-collection.t: acqrel litmus against herd7 on the tests of
# ../shared/litmus/paulmck (relative to the repository; skipped when it is
# missing), under the model of linux-source 6.12 (scripts/kernel.sh 6.12),
# with herd7's results in ../shared/litmus/herd7-expected.tsv:
#   - where herd7 finished: the same verdict, flags, and Positive/Negative
#     counts (counts are compared when acqrel counted every execution, which
#     it says by printing no "Witness NAME searched" line);
#   - where herd7 refused the test: acqrel refuses it too, with one line;
#   - where herd7 did not finish in 3 s: a verdict agreeing with the test's
#     "Result:" line when it has one (these are checked one at a time,
#     --jobs 1, and each time is printed as a note: a figure, not a test,
#     since it depends on the machine's load; make bench measures speed).
# Prints the agreement figures. Under ACQREL_SANITIZE a sample (one test in
# eight) is checked. `make litmus-check` runs this.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use FindBin;
use Time::HiRes qw(time);

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = dirname($FindBin::RealBin);
my $sanitize = $ENV{ACQREL_SANITIZE};
my $shared = "$top/../shared/litmus";
my $dir = "$shared/paulmck";
my $tsv = "$shared/herd7-expected.tsv";
my $limit = 3;		# seconds: herd7's limit in the tsv
my $n = 0;
my $failed = 0;

unless (-d $dir && -f $tsv) {
	print "1..0 # skip ../shared/litmus (paulmck/ and herd7-expected.tsv) is missing\n";
	exit 0;
}

sub ok {
	my ($cond, $name, @diag) = @_;
	$n++;
	print(($cond ? "ok" : "not ok") . " $n - $name\n");
	@diag = (@diag[0 .. 29], '... and ' . (@diag - 30) . ' more') if @diag > 30;
	print map { "#   $_\n" } map { split /\n/ } @diag unless $cond;
	$failed++ unless $cond;
	return $cond;
}

sub note { print map { "# $_\n" } @_; }

my $tree = `cd '$top' && sh scripts/kernel.sh 6.12`;
chomp($tree);
my $model = "$tree/tools/memory-model";
unless ($? == 0 && -f "$model/linux-kernel.cfg") {
	print "1..1\nnot ok 1 - the 6.12 kernel tree (scripts/kernel.sh 6.12)\n";
	exit 1;
}

# the tsv: path, status, seconds, observation, flags, note
my (@rows, %exp);
open(my $t, '<', $tsv) or die "$tsv: $!\n";
while (<$t>) {
	next if /^#/;
	chomp;
	my @f = split /\t/, $_, -1;
	next unless @f >= 5;
	push @rows, $f[0];
	$exp{$f[0]} = { status => $f[1], obs => $f[3],
			flags => join(',', sort grep { $_ ne '-' && $_ ne '' } split /,/, $f[4]) };
}
close($t);
my $i = 0;
@rows = grep { $i++ % 8 == 0 } @rows if $sanitize;

my @finished = grep { $exp{$_}{obs} ne 'NA' } @rows;
my @refused = grep { $exp{$_}{obs} eq 'NA' && $exp{$_}{status} eq '0' } @rows;
my @slow = grep { $exp{$_}{obs} eq 'NA' && $exp{$_}{status} ne '0' } @rows;

# Runs acqrel litmus on the rows; returns { row => { obs, flags, witness, time } or { err } }
# and the seconds taken.
sub check {
	my ($opts, @list) = @_;
	my %got;
	return (\%got, 0) unless @list;
	my $t0 = time;
	my $pid = open(my $fh, '-|') // die "fork: $!\n";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT) or die;
		# a sanitizer makes the checker 10 to 30 times slower: the slowest test
		# takes about 20 s under ThreadSanitizer, so its limit grows with it
		exec($acqrel, 'litmus', '--model', $model, '--timeout', $sanitize ? '300' : '20', @$opts, '--',
		     map { "$dir/$_" } @list) or die "exec $acqrel: $!\n";
	}
	my @lines = <$fh>;
	close($fh);
	my $secs = time - $t0;
	my ($k, %r) = (0);
	my %err;
	for my $l (@lines) {
		$err{$1} = $2 if $l =~ /^\Q$dir\E\/(\S+?\.litmus)(?::\d+:\d+)?: error: (.*)/;
	}
	for my $l (@lines) {
		chomp($l);
		if ($l =~ /^Test /) {
			%r = (flags => []);
		} elsif ($l =~ /^Flag (\S+)$/) {
			push @{$r{flags}}, $1;
		} elsif ($l =~ /^Observation \S+ (\w+ \d+ \d+)$/) {
			$r{obs} = $1;
		} elsif ($l =~ /^Witness \S+ searched/) {
			$r{witness} = 1;
		} elsif ($l =~ /^Time \S+ (\S+)$/) {
			$r{time} = $1;
		} elsif ($l =~ /^Hash=/) {
			$k++ while $k < @list && exists $err{$list[$k]};
			$got{$list[$k++]} = { %r, flags => join(',', sort @{$r{flags}}) } if $k < @list;
		}
	}
	$got{$_} = { err => $err{$_} } for keys %err;
	return (\%got, $secs);
}

sub result_line {
	my ($path) = @_;
	open(my $fh, '<', $path) or return undef;
	while (<$fh>) {
		return $1 if /^[( ]\* Result: (\S+)/;
	}
	return undef;
}

note(scalar(@rows) . " tests of ../shared/litmus/paulmck" . ($sanitize ? ' (a sample: ACQREL_SANITIZE)' : '') .
     ", model of $tree");

# --- where herd7 finished ---
{
	my ($got, $secs) = check([], @finished);
	my ($verdict, $flags, $counts, $counted, @dv, @df, @dc) = (0, 0, 0, 0);
	for my $r (@finished) {
		my ($e, $g) = ($exp{$r}, $got->{$r} // { err => 'no report' });
		if ($g->{err}) {
			push @dv, "$r: herd7 $e->{obs}, acqrel error: $g->{err}";
			next;
		}
		my ($ev) = split / /, $e->{obs};
		my ($gv) = split / /, $g->{obs} // '?';
		if ($ev eq $gv) { $verdict++ } else { push @dv, "$r: herd7 $e->{obs}, acqrel $g->{obs}" }
		if ($e->{flags} eq $g->{flags}) { $flags++ } else { push @df, "$r: herd7 [$e->{flags}], acqrel [$g->{flags}]" }
		next if $g->{witness};
		$counted++;
		if ($e->{obs} eq $g->{obs}) { $counts++ } else { push @dc, "$r: herd7 $e->{obs}, acqrel $g->{obs}" }
	}
	my $m = @finished;
	note("herd7 finished: $m tests, checked in " . sprintf('%.1f', $secs) . " s");
	note("  verdict equal: $verdict of $m");
	note("  flags equal: $flags of $m");
	note("  Positive/Negative counts equal: $counts of $counted counted exhaustively (" .
	     ($m - $counted) . " decided by witness searches)");
	ok($verdict == $m, "herd7 finished: the same verdict for $verdict of $m", @dv);
	ok($flags == $m, "herd7 finished: the same flags for $flags of $m", @df);
	ok($counts == $counted, "herd7 finished: the same counts for $counts of $counted", @dc);
}

# --- where herd7 refused the test ---
{
	my ($got) = check([], @refused);
	my @bad = map { "$_: " . ($got->{$_}{obs} // 'no report') } grep { !$got->{$_}{err} } @refused;
	note("herd7 refused: " . scalar(@refused) . " tests; acqrel refused " . (@refused - @bad));
	note("  $_: $got->{$_}{err}") for grep { $got->{$_}{err} } @refused;
	ok(!@bad, 'herd7 refused: acqrel refuses too (' . scalar(@refused) . ' tests)', @bad);
}

# --- where herd7 did not finish in 3 s ---
{
	my ($got, $secs) = check(['--jobs', '1'], @slow);
	my ($verdicts, $with_result, $agree, $fast, $max, @bad, @late) = (0, 0, 0, 0, 0);
	for my $r (@slow) {
		my $g = $got->{$r} // { err => 'no report' };
		if ($g->{err}) {
			push @bad, "$r: $g->{err}";
			next;
		}
		$verdicts++;
		my ($gv) = split / /, $g->{obs};
		my $want = result_line("$dir/$r");
		if (defined $want) {
			$with_result++;
			if ($want eq $gv || ($want eq 'DEADLOCK' && $g->{obs} eq 'Never 0 0')) {
				$agree++;
			} else {
				push @bad, "$r: Result: $want, acqrel $g->{obs}";
			}
		}
		$max = $g->{time} if $g->{time} > $max;
		if ($g->{time} < $limit) { $fast++ } else { push @late, "$r: $g->{time} s" }
	}
	my $m = @slow;
	note("herd7 did not finish in $limit s: $m tests, checked one at a time in " . sprintf('%.1f', $secs) . " s");
	note("  verdict given: $verdicts of $m; agrees with the Result: line: $agree of $with_result that have one");
	note("  under $limit s: $fast of $m (slowest $max s)");
	ok($verdicts == $m && $agree == $with_result, "herd7 timed out: a verdict for $verdicts of $m, " .
	   "agreeing with Result: for $agree of $with_result", @bad);
	# how long each took is a figure (make bench prints it), not a test: it
	# depends on the machine's load
	note("  over $limit s: $_") for @late;
}

print "1..$n\n";
exit($failed ? 1 : 0);
