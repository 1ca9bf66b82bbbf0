#!/usr/bin/perl
# patches-doc.pl [--tree DIR] [--review FILE] [--out FILE] ACQREL: writes
# docs/patches-6.12.md, the default patch series of Debian's
# linux-source-6.12 (`acqrel patch -o DIR TREE`, no --include-review) mail
# by mail, exactly as acqrel writes them, each followed by its review from
# the hand-written docs/patches-6.12-review.md. The options name another
# tree, review file or output (tests/patches-doc.t runs it on a fixture).
#
# A review is found by a key that does not depend on the patch's number:
# "FILE VARIABLE" for a patch (the first file of its diff and the variable
# its subject names), "cover SERIES" for a cover letter (the series' folder).
# A mail with no review gets "Not reviewed yet."; a review whose key no mail
# has is listed at the end of the document and on standard error, so that a
# regenerated document never loses or misplaces a review silently.
use strict;
use warnings;
use File::Basename qw(basename dirname);
use File::Temp qw(tempdir);
use Getopt::Long qw(GetOptions);

my $top = dirname(dirname(__FILE__));
my ($tree, $reviews_file, $doc);
GetOptions('tree=s' => \$tree, 'review=s' => \$reviews_file, 'out=s' => \$doc)
	or die "usage: patches-doc.pl [--tree DIR] [--review FILE] [--out FILE] ACQREL\n";
my $acqrel = shift @ARGV or die "usage: patches-doc.pl [--tree DIR] [--review FILE] [--out FILE] ACQREL\n";
$doc //= "$top/docs/patches-6.12.md";
$reviews_file //= "$top/docs/patches-6.12-review.md";

if (!defined $tree) {
	chomp($tree = `sh '$top/scripts/kernel.sh' 6.12`);
	die "patches-doc.pl: no linux-source-6.12\n" if $?;
}
die "patches-doc.pl: $tree: not a folder\n" unless -d $tree;

# the kernel's version, from its Makefile
my %v;
if (open(my $mk, '<', "$tree/Makefile")) {
	while (<$mk>) {
		$v{$1} = $2 if /^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)/;
		last if keys %v == 3;
	}
	close($mk);
}
my $kversion = keys %v == 3 ? "$v{VERSION}.$v{PATCHLEVEL}.$v{SUBLEVEL}" : '?';

# acqrel's own version: the commit the document comes from
chomp(my $describe = `git -C '$top' describe --always --dirty 2>/dev/null` // '');
chomp(my $commit = `git -C '$top' rev-parse HEAD 2>/dev/null` // '');
chomp(my $commit_time = `git -C '$top' log -1 --format=%ct 2>/dev/null` // '');
$describe ||= '?';
$commit ||= '?';

# A fixed sender and date, so that two runs at one commit write the same
# document: otherwise the mails' From: and Date: are whoever runs acqrel, and when.
local $ENV{GIT_AUTHOR_NAME} = 'A U Thor';
local $ENV{GIT_AUTHOR_EMAIL} = 'author@example.org';
local $ENV{SOURCE_DATE_EPOCH} = $ENV{SOURCE_DATE_EPOCH}
	// ($commit_time =~ /^\d+$/ ? $commit_time : 0);

my $tmp = tempdir('patches-doc.XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $out = "$tmp/series";
system($acqrel, 'patch', '-o', $out, $tree) == 0
	or die "patches-doc.pl: $acqrel patch -o $out $tree failed\n";

# the reviews: "## KEY" starts one, it runs to the next "## "; the text
# before the first (but its "# " title) says how the mails were reviewed
my (%review, @review_keys, $problems);
my $preamble = '';
if (open(my $rf, '<', $reviews_file)) {
	my $key;
	while (my $line = <$rf>) {
		if ($line =~ /^## (.*?)\s*$/) {
			$key = $1;
			if ($key eq 'Problems found') {
				$problems = '';
			} else {
				die "$reviews_file:$.: review for '$key' given twice\n" if exists $review{$key};
				$review{$key} = '';
				push @review_keys, $key;
			}
			next;
		}
		if (!defined $key) {
			$preamble .= $line unless $line =~ /^# /;
			next;
		}
		if ($key eq 'Problems found') {
			$problems .= $line;
		} else {
			$review{$key} .= $line;
		}
	}
	close($rf);
} else {
	warn "patches-doc.pl: $reviews_file: $!; every mail is 'Not reviewed yet.'\n";
}
s/^\s+|\s+$//g for values %review, $preamble;
$problems =~ s/^\s+|\s+$//g if defined $problems;

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "patches-doc.pl: $path: $!\n";
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text;
}

# The key of a patch mail: the first file of its diff and the variable of
# its subject ("... for VAR", the last name of a path: "pwq->triggered" is
# "triggered"), or the subject without its [PATCH n/m].
sub mail_key {
	my ($text) = @_;
	my ($file) = $text =~ m{^diff --git a/(\S+) }m;
	my ($subject) = $text =~ /^Subject: (.*(?:\n[ \t].*)*)/m;
	$subject //= '';
	$subject =~ s/\n[ \t]+/ /g;
	$subject =~ s/^\[[^\]]*\]\s*//;
	my $what = $subject =~ /\bfor (\S+)$/ ? $1 =~ s/^.*(?:->|\.)//r : $subject;
	return defined $file ? "$file $what" : $what;
}

# a fence longer than any run of backticks in the text
sub fenced {
	my ($text) = @_;
	my $n = 3;
	while ($text =~ /(`{3,})/g) {
		$n = length($1) + 1 if length($1) >= $n;
	}
	my $fence = '`' x $n;
	$text .= "\n" unless $text =~ /\n\z/;
	return "$fence\n$text$fence\n";
}

opendir(my $dh, $out) or die "patches-doc.pl: $out: $!\n";
my @series = sort grep { !/^\./ && -d "$out/$_" } readdir($dh);
closedir($dh);

my (%used, @body, @toc);
my ($npatches, $nreviewed) = (0, 0);
for my $series (@series) {
	opendir(my $sd, "$out/$series") or die "patches-doc.pl: $out/$series: $!\n";
	my @mails = sort grep { /\.patch$/ } readdir($sd);
	closedir($sd);
	push @body, "## Series $series\n\n";
	for my $mail (@mails) {
		my $text = slurp("$out/$series/$mail");
		my $cover = $mail =~ /^0000-cover-letter/;
		my $key = $cover ? "cover $series" : mail_key($text);
		my ($subject) = $text =~ /^Subject: (.*)$/m;
		$npatches++ unless $cover;
		push @toc, "- `$series/$mail`: review key `$key`\n";
		push @body, "### $series/$mail\n\n", fenced($text), "\n";
		push @body, "Review (`$key`):\n\n";
		if (exists $review{$key}) {
			die "patches-doc.pl: two mails have the review key '$key'\n" if $used{$key}++;
			$nreviewed++ unless $cover;
			push @body, ($review{$key} eq '' ? 'Not reviewed yet.' : $review{$key}), "\n\n";
		} else {
			push @body, "Not reviewed yet.\n\n";
		}
	}
}

my @orphans = grep { !$used{$_} } @review_keys;
warn "patches-doc.pl: $reviews_file: no mail for the review '$_'\n" for @orphans;

my $tree_name = basename($tree);
my $review_name = $reviews_file;
$review_name =~ s{^\Q$top\E/}{};
my $text = "# The default patch series of $tree_name ($kversion)\n\n";
$text .= "Generated by `make patches-doc` (scripts/patches-doc.pl), never by hand: the\n"
	. "mails of `acqrel patch -o DIR $tree_name` (the default series, no\n"
	. "`--include-review`, no `--signoff`), exactly as acqrel writes them, each\n"
	. "followed by its review from $review_name (edit the reviews there).\n"
	. "The sender and date are fixed (`GIT_AUTHOR_NAME='A U Thor'`,\n"
	. "`GIT_AUTHOR_EMAIL=author\@example.org`, `SOURCE_DATE_EPOCH` the time of\n"
	. "acqrel's commit) so that two runs at one commit write the same document.\n\n";
$text .= "- acqrel: `$describe` (commit $commit)\n";
$text .= "- kernel: $tree_name, version $kversion\n";
$text .= "- " . scalar(@series) . " series, $npatches patches, $nreviewed of them reviewed\n\n";
$text .= "## How the mails were reviewed\n\n$preamble\n\n" if $preamble ne '';
$text .= "Mails (series folder, file, review key):\n\n" . join('', @toc) . "\n";
$text .= join('', @body);
if (@orphans) {
	$text .= "## Reviews with no mail in this series\n\n"
		. "These reviews in $review_name match no mail of the series\n"
		. "as regenerated (the patch is gone, or its file or variable changed):\n\n";
	$text .= "### $_\n\n" . ($review{$_} eq '' ? '(empty)' : $review{$_}) . "\n\n" for @orphans;
}
if (defined $problems && $problems ne '') {
	$text .= "## Problems found\n\n$problems\n";
}
$text =~ s/\n+\z/\n/;

my $new = "$doc.tmp";
open(my $fh, '>', $new) or die "patches-doc.pl: $new: $!\n";
print $fh $text or die "patches-doc.pl: $new: $!\n";
close($fh) or die "patches-doc.pl: $new: $!\n";
rename($new, $doc) or die "patches-doc.pl: $doc: $!\n";
print "patches-doc.pl: $doc: ", scalar(@series), " series, $npatches patches, $nreviewed reviewed\n";
