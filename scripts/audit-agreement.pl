#!/usr/bin/perl
# audit-agreement.pl [--list] PAIRS.json [AUDIT.md]: how acqrel's verdicts
# (the output of `acqrel pairs --json TREE`) agree with the judgements of
# the audit (default docs/audit-6.12.md), protocol by protocol, for a rule
# to be weighed against every protocol a person has judged before a new
# draw is made. The audit's tables give one row per judged protocol, "| N |
# `id` | acqrel's | the judge's | ...": the last row of an id is its latest
# judgement. Prints, for each verdict of acqrel, the judgements of those
# protocols; with --list, each protocol where they differ. A judgement is
# of the code of its day: a protocol whose code changed since needs judging
# again, and "convert (writer)" or "(reader)" says only one side converts.
# The convert audits' tables (file and variable, SAFE or UNSAFE) are not
# read: they name no id.
use strict;
use warnings;
use JSON::PP;

my $list = @ARGV && $ARGV[0] eq '--list' ? shift @ARGV : 0;
my ($pairs, $audit) = @ARGV;
die "usage: audit-agreement.pl [--list] PAIRS.json [AUDIT.md]\n" unless $pairs && @ARGV <= 2;
$audit //= 'docs/audit-6.12.md';

my %judged;
open(my $fh, '<', $audit) or die "audit-agreement.pl: $audit: $!\n";
while (my $line = <$fh>) {
	# "| 21 | `kvm.mmu_invalidate_seq\|arch/mips/kvm` | review | **convert (reader)** | yes |"
	next unless $line =~ /^\|\s*\d+\s*\|\s*`([^`]+)`\s*\|[^|]*\|\s*([^|]+?)\s*\|/;
	my ($id, $mine) = ($1, $2);
	$id =~ s/\\\|/|/g;
	$mine =~ s/\*//g;
	next unless $mine =~ /^(convert \((?:writer|reader)\)|convert|review|keep|converted|redundant)(?!\w)/;
	$judged{$id} = $1;
}
close($fh);

open($fh, '<', $pairs) or die "audit-agreement.pl: $pairs: $!\n";
my $doc = eval { JSON::PP->new->decode(do { local $/; <$fh> }) };
close($fh);
die "audit-agreement.pl: $pairs: not the JSON of acqrel pairs\n"
	unless ref $doc eq 'HASH' && ref $doc->{protocols} eq 'ARRAY';

my (%matrix, @differ, $n, $same);
for my $p (@{$doc->{protocols}}) {
	my $j = $judged{$p->{id}} // next;
	$n++;
	$matrix{$p->{verdict}}{$j}++;
	if ($j eq $p->{verdict}) {
		$same++;
	} else {
		push @differ, "$p->{id}: acqrel $p->{verdict}, judged $j";
	}
}
printf "%d judged ids in %s, %d of them among the %d protocols of %s\n",
	scalar(keys %judged), $audit, $n // 0, scalar(@{$doc->{protocols}}), $pairs;
for my $v (sort keys %matrix) {
	my $row = $matrix{$v};
	my $total = 0;
	$total += $_ for values %$row;
	printf "acqrel %s (%d): %s\n", $v, $total,
		join(', ', map { "$row->{$_} $_" } sort { $row->{$b} <=> $row->{$a} || $a cmp $b } keys %$row);
}
printf "the same verdict: %d of %d\n", $same // 0, $n // 0;
print "$_\n" for $list ? sort @differ : ();
