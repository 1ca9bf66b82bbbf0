#!/usr/bin/perl
# kernel.t: acqrel's smp_wmb/smp_rmb sites in the real kernels (Debian's
# linux-source 6.12 and 6.1, unpacked by scripts/kernel.sh) against the
# independent count of tests/count-barriers.pl. Run from the repository root;
# ACQREL names the binary (default ./build/acqrel). A missing kernel fails.
use strict;
use warnings;
use File::Basename qw(dirname);
use FindBin;
use JSON::PP;
use Test::More;
use Time::HiRes qw(time);

my $acqrel = $ENV{ACQREL} // './build/acqrel';
my $top = dirname($FindBin::RealBin);
my $counter = "$FindBin::Bin/count-barriers.pl";
my @versions = qw(6.12 6.1);
my @prims = qw(smp_wmb smp_rmb);
my $max_diag = 20;	# sites without a function or macro listed
my $max_diff = 50;	# sites only one tool has listed, per side

# per version: tree, acqrel ran, counter ran, one count per primitive,
# sites named, same site lists
plan tests => @versions * (3 + @prims + 2);

# Runs a command; returns its stdout, or undef with a diagnostic on failure.
# Exit statuses listed in @$ok_status count as success.
sub run {
	my ($ok_status, @cmd) = @_;
	my $fh;
	unless (open($fh, '-|', @cmd)) {
		diag("cannot run $cmd[0]: $!");
		return undef;
	}
	binmode($fh);
	my $out = do { local $/; <$fh> } // '';
	close($fh);
	my $status = $? >> 8;
	if (($? & 127) || !grep { $_ == $status } @$ok_status) {
		diag("@cmd: " . (($? & 127) ? "killed by signal " . ($? & 127)
					     : "exit status $status"));
		return undef;
	}
	return $out;
}

# "file:line:col primitive" keys, the comparison unit of both tools
sub site_key {
	my ($s) = @_;
	return "$s->{file}:$s->{line}:$s->{column} $s->{primitive}";
}

# Lists up to $max lines as diagnostics under a heading, if there are any.
sub diag_keys {
	my ($max, $heading, @lines) = @_;
	return unless @lines;
	diag("$heading (" . scalar(@lines) . "):");
	diag("  $_") for @lines > $max ? @lines[0 .. $max - 1] : @lines;
	diag("  ... and " . (@lines - $max) . " more") if @lines > $max;
}

sub check_version {
	my ($ver) = @_;
	my $ntests = 3 + @prims + 2;

	# 1. the tree (installed and unpacked when missing)
	my $t0 = time;
	my $tree = run([0], 'sh', "$top/scripts/kernel.sh", $ver);
	chomp($tree) if defined $tree;
	my $t_tree = time - $t0;
	unless (ok(defined $tree && -d $tree, "$ver: kernel tree available")) {
		fail("$ver: not run, no kernel tree") for 2 .. $ntests;
		return;
	}

	# 2. acqrel: exit 1 only means some input was skipped, which shows below
	$t0 = time;
	my $json = run([0, 1], $acqrel, 'sites', '--json', $tree);
	my $t_acqrel = time - $t0;
	my $doc = eval { defined $json && JSON::PP->new->decode($json) };
	diag("$ver: acqrel output is not JSON: $@") if defined $json && !$doc;
	my $acq_ok = ok($doc && ref $doc->{sites} eq 'ARRAY' &&
			($doc->{schema} // 0) == 1, "$ver: acqrel sites --json");
	my @acq = $acq_ok ? grep { my $p = $_->{primitive} // '';
				   grep { $p eq $_ } @prims } @{$doc->{sites}} : ();
	if ($acq_ok && @{$doc->{skipped} // []}) {
		diag_keys($max_diag, "$ver: acqrel skipped",
			  map { "$_->{path}: $_->{reason}" } @{$doc->{skipped}});
	}

	# 3. the independent counter
	$t0 = time;
	my $out = run([0], $^X, $counter, '--sites', $tree);
	my $t_counter = time - $t0;
	my $cnt_ok = ok(defined $out, "$ver: count-barriers.pl --sites");
	my @cnt = $cnt_ok ? split(/\n/, $out) : ();

	unless ($acq_ok && $cnt_ok) {
		fail("$ver: not run, a tool failed") for 4 .. $ntests;
		return;
	}

	# counts per primitive, and the sites only one side has
	my (%n_acq, %n_cnt, %in_acq, %in_cnt);
	for my $s (@acq) {
		$n_acq{$s->{primitive}}++;
		$in_acq{site_key($s)}++;
	}
	for my $line (@cnt) {
		my ($prim) = $line =~ / (\S+)\z/ or next;
		$n_cnt{$prim}++;
		$in_cnt{$line}++;
	}
	diag(sprintf("%s: acqrel %s (%.1f s); count-barriers.pl %s (%.1f s); " .
		     "kernel.sh %.1f s", $ver,
		     join(' ', map { "$_ " . ($n_acq{$_} // 0) } @prims), $t_acqrel,
		     join(' ', map { "$_ " . ($n_cnt{$_} // 0) } @prims), $t_counter,
		     $t_tree));

	# 4, 5. the counts
	for my $prim (@prims) {
		is($n_acq{$prim} // 0, $n_cnt{$prim} // 0,
		   "$ver: $prim count matches count-barriers.pl");
	}

	# 6. every site lies in a function or a macro body
	my @unnamed = map { site_key($_) }
		      grep { !defined $_->{function} && !defined $_->{macro} } @acq;
	ok(!@unnamed, "$ver: every smp_wmb/smp_rmb site has a function or macro")
		or diag_keys($max_diag, "$ver: sites with neither", @unnamed);

	# 7. the same sites, to the column; on a difference, say which
	my @only_acq = sort grep { !$in_cnt{$_} } keys %in_acq;
	my @only_cnt = sort grep { !$in_acq{$_} } keys %in_cnt;
	my @twice = sort grep { ($in_acq{$_} // 0) > 1 || ($in_cnt{$_} // 0) > 1 }
		    keys %in_acq, keys %in_cnt;
	my %seen;
	@twice = grep { !$seen{$_}++ } @twice;
	ok(!@only_acq && !@only_cnt && !@twice,
	   "$ver: same file:line:col sites in both");
	diag_keys($max_diff, "$ver: only acqrel has", @only_acq);
	diag_keys($max_diff, "$ver: only count-barriers.pl has", @only_cnt);
	diag_keys($max_diff, "$ver: listed more than once", @twice);
}

check_version($_) for @versions;
