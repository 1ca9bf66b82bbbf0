#!/usr/bin/perl
# audit-draw.pl ACQREL TREE [N [SEED]]: draws N protocols (default 25) at
# random from the `convert` verdicts of `acqrel pairs` on TREE, with a fixed
# seed (default 6012) so that the draw can be repeated, and prints each with
# its sites, for a person to check against the kernel code. When there are
# fewer than N, all are printed.
use strict;
use warnings;
use JSON::PP;

my ($acqrel, $tree, $n, $seed) = @ARGV;
die "usage: audit-draw.pl ACQREL TREE [N [SEED]]\n" unless $acqrel && $tree;
$n //= 25;
$seed //= 6012;

open(my $fh, '-|', $acqrel, 'pairs', '--json', $tree) or die "$acqrel: $!\n";
my $doc = JSON::PP->new->decode(do { local $/; <$fh> });
close($fh);
my @convert = sort { $a->{id} cmp $b->{id} } grep { $_->{verdict} eq 'convert' } @{$doc->{protocols}};

# a small linear congruential generator: the same draw on every perl
my $state = $seed;
sub next_rand {
	$state = ($state * 1103515245 + 12345) % 2147483648;
	return $state;
}
for (my $i = $#convert; $i > 0; $i--) {
	my $j = next_rand() % ($i + 1);
	@convert[$i, $j] = @convert[$j, $i];
}
@convert = @convert[0 .. $n - 1] if @convert > $n;

printf "%d of the convert verdicts of %s, drawn with seed %d\n\n", scalar(@convert), $tree, $seed;
for my $p (@convert) {
	print "$p->{id}: $p->{variable}\n";
	print "  writer $_->{file}:$_->{line} $_->{primitive}() in $_->{function}(), store at line $_->{access_line}\n"
		for @{$p->{writers}};
	print "  reader $_->{file}:$_->{line} $_->{primitive}() in $_->{function}(), load at line $_->{access_line}\n"
		for @{$p->{readers}};
	print "  evidence: @{$p->{evidence}}\n\n";
}
