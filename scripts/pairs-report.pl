#!/usr/bin/perl
# pairs-report.pl [--write] ACQREL: the counts of `acqrel pairs` on Debian's
# linux-source-6.12 and 6.1 (per verdict, per reason, unpaired per reason),
# as markdown. With --write it replaces the block between the
# "pairs-counts" markers of README.md, so that the README's figures always
# come from a run, never from a hand.
use strict;
use warnings;
use File::Basename qw(dirname);
use JSON::PP;

my $write = @ARGV && $ARGV[0] eq '--write' ? shift @ARGV : 0;
my $acqrel = shift @ARGV or die "usage: pairs-report.pl [--write] ACQREL\n";
my $top = dirname(dirname(__FILE__));
my @versions = qw(6.12 6.1);
my (%verdicts, %reasons, %unpaired, %sites, %version_of);

for my $ver (@versions) {
	chomp(my $tree = `sh '$top/scripts/kernel.sh' $ver`);
	die "pairs-report.pl: no linux-source-$ver\n" if $? || !-d $tree;
	open(my $fh, '-|', $acqrel, 'pairs', '--json', $tree) or die "$acqrel: $!\n";
	my $json = do { local $/; <$fh> };
	close($fh);
	die "pairs-report.pl: acqrel pairs failed on $tree\n" if ($? >> 8) > 1;
	my $doc = JSON::PP->new->decode($json);
	if (open(my $mk, '<', "$tree/Makefile")) {
		my %v;
		while (<$mk>) {
			$v{$1} = $2 if /^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)/;
			last if keys %v == 3;
		}
		$version_of{$ver} = "$v{VERSION}.$v{PATCHLEVEL}.$v{SUBLEVEL}" if keys %v == 3;
	}
	for my $p (@{$doc->{protocols}}) {
		$verdicts{$ver}{$p->{verdict}}++;
		my %seen;
		$reasons{$_}{$ver}++ for grep { !$seen{$_}++ } map { $_->{code} } @{$p->{reasons}};
		$sites{$ver}{$_->{primitive}}++ for @{$p->{writers}}, @{$p->{readers}};
	}
	$unpaired{$_->{code}}{$ver}++ for @{$doc->{unpaired}};
	$sites{$ver}{unpaired} = scalar @{$doc->{unpaired}};
}

# the counts before issue 8 (docs/pairs-before.tsv), and the audit's figures (docs/audit-6.12.md)
my %before;
if (open(my $bf, '<', "$top/docs/pairs-before.tsv")) {
	while (<$bf>) {
		next if /^#/;
		chomp;
		my ($what, @n) = split /\t/;
		@{$before{$what}}{@versions} = @n;
	}
	close($bf);
}
my %audit;
if (open(my $af, '<', "$top/docs/audit-6.12.md")) {
	while (<$af>) {
		next unless /<!-- audit:(.*?)-->/;
		my $line = $1;
		$audit{$1} = $2 while $line =~ /\b(\w+)=(\d+)\b/g;
	}
	close($af);
}

my $out = '';
$out .= "| verdict | " . join(' | ', map { "linux-source-$_ (" . ($version_of{$_} // '?') . "), before / now" } @versions) . " |\n";
$out .= "|---|" . ('---|' x @versions) . "\n";
my %now;
for my $ver (@versions) {
	$now{protocols}{$ver} = 0;
	$now{protocols}{$ver} += $_ for values %{$verdicts{$ver}};
	$now{'one-side'}{$ver} = $reasons{'one-side'}{$ver} // 0;
	$now{unpaired}{$ver} = $sites{$ver}{unpaired};
	$now{$_}{$ver} = $verdicts{$ver}{$_} // 0 for qw(convert review keep converted redundant);
}
for my $v (qw(convert review keep converted redundant protocols one-side unpaired)) {
	my $label = $v eq 'one-side' ? 'one-side (reason)' : $v eq 'unpaired' ? 'unpaired sites' : $v;
	$out .= "| $label | " . join(' | ', map { ($before{$v}{$_} // '?') . " / $now{$v}{$_}" } @versions) . " |\n";
}
$out .= "\nBefore: acqrel a5e787f, before issue 8 (docs/pairs-before.tsv).";
if (exists $audit{caveats}) {
	$out .= sprintf(" The audit of 6.12 (docs/audit-6.12.md) judged %d of %d caveats of %d review protocols true (%.0f%%), and %d of %d convert verdicts unsafe.",
			$audit{true_caveats}, $audit{caveats}, $audit{review}, 100 * $audit{true_caveats} / ($audit{caveats} || 1),
			$audit{unsafe}, $audit{convert});
}
$out .= "\n";
$out .= "\nReasons (protocols that carry each code; a protocol can carry several):\n\n";
$out .= "| reason | " . join(' | ', @versions) . " |\n|---|" . ('---|' x @versions) . "\n";
for my $code (sort { ($reasons{$b}{$versions[0]} // 0) <=> ($reasons{$a}{$versions[0]} // 0) || $a cmp $b } keys %reasons) {
	$out .= "| $code | " . join(' | ', map { $reasons{$code}{$_} // 0 } @versions) . " |\n";
}
$out .= "\nsmp_wmb()/smp_rmb() sites in no protocol, per reason:\n\n";
$out .= "| unpaired | " . join(' | ', @versions) . " |\n|---|" . ('---|' x @versions) . "\n";
for my $code (sort keys %unpaired) {
	$out .= "| $code | " . join(' | ', map { $unpaired{$code}{$_} // 0 } @versions) . " |\n";
}
$out .= "| all | " . join(' | ', map { $sites{$_}{unpaired} } @versions) . " |\n";

if (!$write) {
	print $out;
	exit 0;
}
my $readme = "$top/README.md";
open(my $in, '<', $readme) or die "$readme: $!\n";
my $text = do { local $/; <$in> };
close($in);
$text =~ s/(<!-- pairs-counts:start.*?-->\n).*?(<!-- pairs-counts:end -->)/$1\n$out\n$2/s
	or die "pairs-report.pl: no pairs-counts markers in $readme\n";
open(my $o, '>', "$readme.tmp") or die "$readme.tmp: $!\n";
print $o $text;
close($o) or die "$readme.tmp: $!\n";
rename("$readme.tmp", $readme) or die "$readme: $!\n";
print "pairs-report.pl: updated $readme\n";
