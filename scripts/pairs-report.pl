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

my $out = '';
$out .= "| verdict | " . join(' | ', map { "linux-source-$_ (" . ($version_of{$_} // '?') . ")" } @versions) . " |\n";
$out .= "|---|" . ('---|' x @versions) . "\n";
for my $v (qw(convert review keep converted)) {
	$out .= "| $v | " . join(' | ', map { $verdicts{$_}{$v} // 0 } @versions) . " |\n";
}
$out .= "| protocols | " . join(' | ', map { my $n = 0; $n += $_ for values %{$verdicts{$_}}; $n } @versions) . " |\n";
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
