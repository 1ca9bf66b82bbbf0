#!/usr/bin/perl
# litmus-kernel.t: acqrel litmus on the kernel's own litmus tests
# (tools/memory-model/litmus-tests/*.litmus and Documentation/litmus-tests/**)
# of linux-source 6.12 and 6.1, each under its own tree's model (found by
# acqrel from the test's path): the verdict matches the test's "Result:"
# line, as the kernel's judgelitmus.sh reads it (DEADLOCK: "Never 0 0").
# Run from the repository root; ACQREL names the binary. A missing kernel
# (scripts/kernel.sh cannot install it) fails.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Find;
use FindBin;

my $acqrel = $ENV{ACQREL} // './build/acqrel';
my $top = dirname($FindBin::RealBin);
my $n = 0;
my $failed = 0;

sub ok {
	my ($cond, $name, @diag) = @_;
	$n++;
	print(($cond ? "ok" : "not ok") . " $n - $name\n");
	print map { "#   $_\n" } map { split /\n/ } @diag unless $cond;
	$failed++ unless $cond;
	return $cond;
}

sub result_line {
	my ($path) = @_;
	open(my $fh, '<', $path) or return undef;
	while (<$fh>) {
		return $1 if /^[( ]\* Result: (\S+)/;
	}
	return undef;
}

for my $v (qw(6.12 6.1)) {
	my $tree = `cd '$top' && sh scripts/kernel.sh $v`;
	chomp($tree);
	unless (ok($? == 0 && -f "$tree/tools/memory-model/linux-kernel.cfg", "$v: kernel tree with its model")) {
		next;
	}
	my @tests;
	find({ no_chdir => 1, wanted => sub { push @tests, $_ if /\.litmus$/ && -f $_ } },
	     "$tree/Documentation/litmus-tests");
	@tests = (sort(glob("$tree/tools/memory-model/litmus-tests/*.litmus")), sort(@tests));
	my $t0 = time;
	my $pid = open(my $fh, '-|') // die "fork: $!\n";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT) or die;
		delete $ENV{ACQREL_MODEL};
		exec($acqrel, 'litmus', '--', @tests) or die "exec $acqrel: $!\n";
	}
	my @lines = <$fh>;
	close($fh);
	my $status = $? >> 8;
	ok($status == 0, "$v: acqrel litmus checked all " . scalar(@tests) . " tests (exit $status)",
	   grep { /error/ } @lines);
	# reports come in file order; an error line takes its test's place
	my (%got, @order);
	my $k = 0;
	for my $l (@lines) {
		if ($l =~ /^(\/\S+?\.litmus)(?::\d+:\d+)?: error: (.*)/) {
			$got{$1} = "error: $2";
		} elsif ($l =~ /^Observation \S+ (\w+ \d+ \d+)$/) {
			$k++ while $k < @tests && exists $got{$tests[$k]};
			$got{$tests[$k++]} = $1 if $k < @tests;
		}
	}
	my ($agree, @bad) = (0);
	for my $t (@tests) {
		my $want = result_line($t) // '(none)';
		my $obs = $got{$t} // '(no report)';
		my $same = $want eq 'DEADLOCK' ? $obs eq 'Never 0 0' : $obs =~ /^\Q$want\E /;
		if ($same) {
			$agree++;
		} else {
			(my $rel = $t) =~ s/^\Q$tree\E\///;
			push @bad, "$rel: Result: $want, acqrel: $obs";
		}
	}
	ok(@tests > 0 && $agree == @tests,
	   "$v: verdict equals the Result: line of $agree of " . scalar(@tests) . " tests (" .
	   (time - $t0) . " s)", @bad);
}

print "1..$n\n";
exit($failed ? 1 : 0);
