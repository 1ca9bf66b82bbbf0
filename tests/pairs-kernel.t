#!/usr/bin/perl
# pairs-kernel.t: acqrel pairs on the real kernels (Debian's linux-source
# 6.12 and 6.1, unpacked by scripts/kernel.sh). Every smp_wmb()/smp_rmb()
# site that acqrel sites reports ends up in a protocol or in unpaired with a
# reason; every protocol has a verdict, its reasons have codes and
# sentences, and a convert has both sides. The output of pairs, and of
# bugs --all (whose rules run on the threads too), is the same on one
# thread as on three (more threads than this machine's two cores, so that
# they interleave): the threads' caches change no verdict and no finding.
# Run from the repository root; ACQREL names the binary.
use strict;
use warnings;
use File::Basename qw(dirname);
use FindBin;
use JSON::PP;
use Test::More;

my $acqrel = $ENV{ACQREL} // './build/acqrel';
my $top = dirname($FindBin::RealBin);
my @versions = qw(6.12 6.1);
plan tests => 7 * @versions;

# The standard output of cmd with the environment's ACQREL_JOBS set to jobs, or undef.
sub run_jobs {
	my ($jobs, @cmd) = @_;
	local $ENV{ACQREL_JOBS} = $jobs;
	open(my $fh, '-|', @cmd) or return undef;
	my $out = do { local $/; <$fh> };
	close($fh);
	return ($? & 127) || ($? >> 8) > 1 ? undef : $out;
}

sub run_json {
	my (@cmd) = @_;
	open(my $fh, '-|', @cmd) or return undef;
	my $out = do { local $/; <$fh> };
	close($fh);
	return undef if ($? & 127) || ($? >> 8) > 1;
	return eval { JSON::PP->new->decode($out) };
}

for my $ver (@versions) {
	chomp(my $tree = `sh '$top/scripts/kernel.sh' $ver`);
	my $pairs = run_json($acqrel, 'pairs', '--json', $tree);
	my $sites = run_json($acqrel, 'sites', '--json', $tree);
	ok($pairs && $sites, "$ver: acqrel pairs and sites ran and printed JSON") or do {
		fail("$ver: not run") for 1 .. 6;
		next;
	};

	my %placed;
	for my $p (@{$pairs->{protocols}}) {
		$placed{"$_->{file}:$_->{line}"} = 1 for @{$p->{writers}}, @{$p->{readers}};
	}
	$placed{"$_->{file}:$_->{line}"} = 1 for @{$pairs->{unpaired}};
	my @lost = map { "$_->{file}:$_->{line} $_->{primitive}" }
		   grep { $_->{primitive} =~ /^smp_[wr]mb$/ && !$placed{"$_->{file}:$_->{line}"} }
		   @{$sites->{sites}};
	unless (ok(!@lost, "$ver: every smp_wmb/smp_rmb site is in a protocol or unpaired")) {
		diag("not placed: $_") for @lost[0 .. ($#lost < 19 ? $#lost : 19)];
	}

	my @bad = grep { $_->{verdict} !~ /^(convert|review|keep|converted|redundant)$/ || !@{$_->{reasons}} ||
			 grep { !$_->{code} || !$_->{text} } @{$_->{reasons}} } @{$pairs->{protocols}};
	unless (ok(!@bad, "$ver: every protocol has a verdict and coded reasons")) {
		diag("bad: $_->{id}") for @bad[0 .. ($#bad < 9 ? $#bad : 9)];
	}

	# readers, or readers that follow the pointer (rule DEP), run a full
	# barrier (rule FENCED) or an smp_rmb() further down that names the
	# variable (rule NAMED), named in a reason; or writers that convert
	# alone with no reader found (rule WO), which says so
	my @one = grep { my $p = $_; $p->{verdict} eq 'convert' &&
			 !(@{$p->{writers}} && (@{$p->{readers}} ||
						grep { $_->{code} =~ /^((dependent|fenced|named)-readers|writer-alone)$/ } @{$p->{reasons}})) }
		  @{$pairs->{protocols}};
	unless (ok(!@one, "$ver: a convert has writers and readers (or readers that follow its pointer, fence or name it, or none found: writer-alone)")) {
		diag("one side: $_->{id}") for @one;
	}

	my @unreasoned = grep { !$_->{code} || !$_->{reason} } @{$pairs->{unpaired}};
	ok(!@unreasoned, "$ver: every unpaired site has a reason");
	# two more whole runs: under a sanitizer (make sanitize, make tsan), whose
	# runs above already use both threads, they would double its time
	SKIP: {
		skip("$ver: one thread against three: not under a sanitizer", 2) if $ENV{ACQREL_SANITIZE};
		my @no_cache = ($acqrel, 'pairs', '--no-cache', '--json', $tree);
		my ($one, $three) = (run_jobs(1, @no_cache), run_jobs(3, @no_cache));
		ok(defined($one) && defined($three) && $one eq $three,
		   "$ver: pairs --json prints the same on one thread and on three");
		local $ENV{ACQREL_NO_CACHE} = 1;
		my @bugs = ($acqrel, 'bugs', '--all', '--json', $tree);
		($one, $three) = (run_jobs(1, @bugs), run_jobs(3, @bugs));
		ok(defined($one) && defined($three) && $one eq $three && $one =~ /"bugs": \[\s*\{/,
		   "$ver: bugs --all --json finds the same on one thread and on three");
	}

	my %verdicts;
	$verdicts{$_->{verdict}}++ for @{$pairs->{protocols}};
	diag("$ver: " . join(', ', map { "$_ " . ($verdicts{$_} // 0) } qw(convert review keep converted redundant)) .
	     ", unpaired " . scalar(@{$pairs->{unpaired}}));
}
