#!/usr/bin/perl
# maintainers-kernel.t: on Debian's linux-source-6.12, the To: and Cc: of
# every mail of `acqrel patch --include-review -o` are exactly what the
# tree's scripts/get_maintainer.pl --no-git --no-git-fallback names for the
# patch file, as `git send-email --cc-cmd` runs it (K: keywords on the
# subject, message, notes and diffstat too; the cover letter: the union of
# its series), and each patch has a Cc: trailer for each person of them.
# Also counted, as diagnostics: how often the script on the patch's diff
# alone, and `get_maintainer.pl -f FILE...` of its files (no K: keywords),
# give the same set. Skipped when the tree is not unpacked
# (sh scripts/kernel.sh 6.12 unpacks it).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use Mail;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $tree = ($ENV{KERNEL_DIR} // "$top/.kernel") . '/linux-source-6.12';
plan skip_all => "linux-source-6.12 is not unpacked in $tree (sh scripts/kernel.sh 6.12)"
	unless -f "$tree/MAINTAINERS" && -f "$tree/scripts/get_maintainer.pl";

my $t = tempdir(CLEANUP => 1);
sub slurp { my ($p) = @_; local (@ARGV, $/) = ($p); return <> }

sub get_maintainer {
	my (@args) = @_;
	my $out = `cd '$tree' && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats @args 2>&1`;
	return grep { length } split(/\n/, $out);
}

sub same { my ($a, $b) = @_; return join("\n", sort @$a) eq join("\n", sort @$b) }

my $log = `SOURCE_DATE_EPOCH=0 '$acqrel' patch --include-review -o '$t/out' '$tree' 2>&1`;
my @series = grep { -d } glob("$t/out/*");
ok(@series >= 10, scalar(@series) . ' series written') or diag($log);

# the lists of MAINTAINERS (L: lines): a trailer for everyone in To: (M:)
# and for the people in Cc: (R:), none for a list (a list alone in To:
# when a patch has no maintainer)
my %list = map { /^L:\s*(\S+)/ ? (lc $1 => 1) : () } split(/\n/, slurp("$tree/MAINTAINERS"));
my ($patches, $agree, $trailers, $by_file, $files_agree, $diff_agree, @diff) = (0, 0, 0, 0, 0, 0);
my ($covers, $covers_agree) = (0, 0);
my @trail_diff;
for my $dir (@series) {
	my @mails;
	for my $p (sort glob("$dir/0*.patch")) {
		next if $p =~ m{/0000-cover-letter\.patch$};
		my $text = slurp($p);
		my ($diff) = $text =~ /^(diff --git .*)^-- \n/ms;
		my $name = "$t/" . ($p =~ s{.*/out/}{}r =~ s{/}{-}gr) . '.diff';
		open(my $fh, '>', $name) or die;
		print $fh $diff;
		close($fh);
		my @ours = (Mail::addresses($text, 'To'), Mail::addresses($text, 'Cc'));
		my @want = get_maintainer($p);
		push @mails, $p;
		$patches++;
		$diff_agree++ if same(\@ours, [ get_maintainer($name) ]);
		if (same(\@ours, \@want)) {
			$agree++;
		} else {
			my %w = map { $_ => 1 } @want;
			my %o = map { $_ => 1 } @ours;
			push @diff, "$p: only acqrel: " . join(', ', grep { !$w{$_} } @ours) .
				    "; only get_maintainer.pl: " . join(', ', grep { !$o{$_} } @want);
		}
		# a Cc: trailer per person (not per list) of the headers
		my ($trail) = $text =~ /\n\n((?:(?:Signed-off-by|Cc): .*\n)+)---\n/;
		my @cc = ($trail // '') =~ /^Cc: (.*)$/mg;
		# a patch with no maintainer has its first list in To:, with no trailer
		my @to = Mail::addresses($text, 'To');
		@to = () if @to == 1 && $list{lc $to[0]};
		my @people = (@to, grep { !$list{lc $_} } Mail::addresses($text, 'Cc'));
		if (same(\@cc, \@people)) {
			$trailers++;
		} else {
			push @trail_diff, "$p: trailers @cc; people @people";
		}
		# -f FILE...: the sections of the files alone, without K: on the diff
		my @files = $diff =~ m{^diff --git a/(\S+) }mg;
		$by_file++;
		$files_agree++ if same(\@ours, [ get_maintainer('-f', @files) ]);
	}
	# a patch alone has no cover letter
	next unless -e "$dir/0000-cover-letter.patch";
	my $cover = slurp("$dir/0000-cover-letter.patch");
	$covers++;
	$covers_agree++ if same([ Mail::addresses($cover, 'To'), Mail::addresses($cover, 'Cc') ],
				[ get_maintainer(@mails) ]);
}
diag("get_maintainer.pl on each patch file: $agree of $patches patches agree; on its diff alone: " .
     "$diff_agree; -f on its files (no K:): $files_agree of $by_file; cover letters: $covers_agree of $covers");
ok($patches >= 30 && $agree == $patches, "every patch goes to whom get_maintainer.pl names ($agree of $patches)")
	or diag(join("\n", @diff));
ok($covers_agree == $covers, "every cover letter goes to the union of its series ($covers_agree of $covers)");
ok($trailers == $patches, "every patch has a Cc: trailer for each person it goes to ($trailers of $patches)")
	or diag(join("\n", @trail_diff));
done_testing();
