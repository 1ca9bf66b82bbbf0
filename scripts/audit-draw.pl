#!/usr/bin/perl
# audit-draw.pl [--verdict V] ACQREL TREE [N [SEED]]: draws N protocols
# (default 25) at random from the verdict V (default convert; review for the
# review audit) of `acqrel pairs` on TREE, with a fixed seed (default 6012)
# so that the draw can be repeated, and prints each with its sites, reasons
# and the accesses whose ordering the conversion changes, for a person to
# check against the kernel code. When there are fewer than N, all are
# printed, in the draw's order.
#
# audit-draw.pl --bugs ACQREL N SEED TREE...: draws N findings of
# `acqrel bugs --all` over the TREEs together (each tree run on its own, its
# findings sorted, then pooled) with the same generator, for docs/bugs.md.
use strict;
use warnings;
use JSON::PP;

# a small linear congruential generator: the same draw on every perl
my $state;
sub next_rand {
	$state = ($state * 1103515245 + 12345) % 2147483648;
	return $state;
}
sub shuffle_seeded {
	my ($seed, @v) = @_;
	$state = $seed;
	for (my $i = $#v; $i > 0; $i--) {
		my $j = next_rand() % ($i + 1);
		@v[$i, $j] = @v[$j, $i];
	}
	return @v;
}

if (@ARGV && $ARGV[0] eq '--bugs') {
	my (undef, $acqrel, $n, $seed, @trees) = @ARGV;
	die "usage: audit-draw.pl --bugs ACQREL N SEED TREE...\n" unless $acqrel && $seed && @trees;
	my (@pool, %count);
	for my $tree (@trees) {
		open(my $fh, '-|', $acqrel, 'bugs', '--all', '--json', $tree) or die "$acqrel: $!\n";
		my $doc = JSON::PP->new->decode(do { local $/; <$fh> });
		close($fh);
		my ($name) = $tree =~ m{([^/]+)/*$};
		for my $b (sort { $a->{file} cmp $b->{file} || $a->{line} <=> $b->{line} ||
				  $a->{column} <=> $b->{column} || $a->{class} cmp $b->{class} } @{$doc->{bugs}}) {
			push @pool, { %$b, tree => $name };
		}
		$count{$name}{$_->{class}} = $_->{count} for @{$doc->{classes}};
	}
	for my $name (map { m{([^/]+)/*$} } @trees) {
		print "$name: ", join(', ', map { "$_ $count{$name}{$_}" } sort keys %{$count{$name}}), "\n";
	}
	my @drawn = shuffle_seeded($seed, @pool);
	@drawn = @drawn[0 .. $n - 1] if @drawn > $n;
	printf "\n%d of the %d findings, drawn with seed %d\n\n", scalar(@drawn), scalar(@pool), $seed;
	my $i = 0;
	for my $b (@drawn) {
		printf "%d. [%s] %s %s:%d:%d: %s\n   fix: %s\n", ++$i, $b->{tree}, $b->{class}, $b->{file},
			$b->{line}, $b->{column}, $b->{message}, $b->{fix};
	}
	exit 0;
}

my $verdict = 'convert';
if (@ARGV >= 2 && $ARGV[0] eq '--verdict') {
	shift @ARGV;
	$verdict = shift @ARGV;
}
my ($acqrel, $tree, $n, $seed) = @ARGV;
die "usage: audit-draw.pl [--verdict V] ACQREL TREE [N [SEED]]\n" unless $acqrel && $tree;
$n //= 25;
$seed //= 6012;

open(my $fh, '-|', $acqrel, 'pairs', '--json', $tree) or die "$acqrel: $!\n";
my $doc = JSON::PP->new->decode(do { local $/; <$fh> });
close($fh);
my @drawn = sort { $a->{id} cmp $b->{id} } grep { $_->{verdict} eq $verdict } @{$doc->{protocols}};
my $total = @drawn;

@drawn = shuffle_seeded($seed, @drawn);
@drawn = @drawn[0 .. $n - 1] if @drawn > $n;

printf "%d of the %d %s verdicts of %s, drawn with seed %d\n\n", scalar(@drawn), $total,
	$verdict, $tree, $seed;
for my $p (@drawn) {
	print "$p->{id}: $p->{variable}\n";
	for my $side (qw(writers readers)) {
		for my $e (@{$p->{$side}}) {
			my $what = $side eq 'writers' ? 'store' : 'load';
			my $where = $e->{helper} ? " in $e->{helper}()" : '';
			$where = " in caller $e->{caller}()" if $e->{caller};
			printf "  %s %s:%d %s() in %s(), %s at line %d%s\n", substr($side, 0, -1),
				$e->{file}, $e->{line}, $e->{primitive}, $e->{function} // '?', $what,
				$e->{access_line}, $where;
		}
	}
	print "  evidence: @{$p->{evidence}}\n";
	print "  $_->{code}: $_->{text}\n" for @{$p->{reasons}};
	for my $c (@{$p->{changed} // []}) {
		my $via = $c->{called} ? " in $c->{called}()" : '';
		printf "    %s %s (%s:%d%s): %s%s\n", $c->{kind} eq 'write' ? 'store' : 'load', $c->{access},
			$c->{file}, $c->{line}, $via, $c->{class}, $c->{evidence} ? ": $c->{evidence}" : '';
	}
	print "\n";
}
