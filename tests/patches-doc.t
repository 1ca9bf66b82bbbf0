#!/usr/bin/perl
# patches-doc.t: scripts/patches-doc.pl on a fixture tree of two sections:
# every mail of `acqrel patch -o` appears byte for byte, in order; each
# review follows the mail whose key it names (not a patch number), a mail
# without one says "Not reviewed yet.", the text above the first review is
# written above the mails, a review that matches no mail is
# listed at the end and on standard error, "Problems found" is copied, and
# a key given twice is an error that writes nothing.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $t = tempdir(CLEANUP => 1);
$ENV{HOME} = tempdir(CLEANUP => 1);
delete $ENV{XDG_CONFIG_HOME};
delete $ENV{$_} for grep { /^GIT_/ } keys %ENV;
$ENV{SOURCE_DATE_EPOCH} = 1700000000;

sub slurp { my ($p) = @_; local (@ARGV, $/) = ($p); return <> }
sub spew { my ($p, $text) = @_; open(my $fh, '>', $p) or die "$p: $!"; print $fh $text; close($fh) }

my $tree = "$t/tree";
make_path("$tree/drivers/demo", "$tree/kernel/demo");
system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$tree/drivers/demo/queue.c") == 0 or die;
system('cp', "$top/tests/golden/pairs/shape04-counter.c", "$tree/kernel/demo/counter.c") == 0 or die;
spew("$tree/Makefile", "VERSION = 9\nPATCHLEVEL = 8\nSUBLEVEL = 7\n");
spew("$tree/MAINTAINERS", <<'EOF');
DEMO DRIVERS
M:	Ada Maintainer <ada@acqrel.invalid>
S:	Maintained
F:	drivers/demo/

DEMO KERNEL
M:	Ken Kernel <ken@acqrel.invalid>
S:	Maintained
F:	kernel/demo/
EOF

# the series as acqrel writes it, with the sender the script fixes
my $series = "$t/series";
{
	local $ENV{GIT_AUTHOR_NAME} = 'A U Thor';
	local $ENV{GIT_AUTHOR_EMAIL} = 'author@example.org';
	system("'$acqrel' patch -o '$series' '$tree' 2>/dev/null") == 0 or die "acqrel patch failed\n";
}
my @dirs = sort grep { -d } glob("$series/*");
is(scalar @dirs, 2, 'the fixture gives two series');
my @mails = map { sort glob("$_/*.patch") } @dirs;
is(scalar @mails, 4, 'one cover letter and three patches (tail and count in queue.c, nr alone)');
my ($queue_patch) = grep { m{/0001-} && slurp($_) =~ m{^diff --git a/drivers/demo/queue\.c }m } @mails;
ok($queue_patch, 'a patch of drivers/demo/queue.c');
my ($subject) = slurp($queue_patch) =~ /^Subject: .* for (\S+)$/m;
ok($subject, "its subject names the variable ($subject)");
# the key names the variable by its last name ("q->tail": "tail")
$subject =~ s/^.*(?:->|\.)//;
my ($queue_dir) = $queue_patch =~ m{/([^/]+)/[^/]+$};

my $reviews = "$t/review.md";
spew($reviews, <<"EOF");
# Reviews

PREAMBLE: text before the first key says how the mails were reviewed.

## drivers/demo/queue.c $subject

QUEUE-REVIEW: the publish store is right.

## cover $queue_dir

COVER-REVIEW: one recipient.

## drivers/demo/gone.c tail

GONE-REVIEW: a patch that is no longer in the series.

## Problems found

- drivers/demo/queue.c $subject: PROBLEM-LINE
EOF

my $doc = "$t/doc.md";
my $err = "$t/err";
my $rc = system("perl '$top/scripts/patches-doc.pl' --tree '$tree' --review '$reviews' --out '$doc' '$acqrel' >/dev/null 2>'$err'");
is($rc, 0, 'patches-doc.pl exits 0');
my $text = -e $doc ? slurp($doc) : '';

like($text, qr/^# The default patch series of tree \(9\.8\.7\)$/m, 'the title names the tree and its version');
my $pos = -1;
my $in_order = 1;
for my $m (@mails) {
	my $mail = slurp($m);
	my $at = index($text, "```\n$mail```\n");
	ok($at >= 0, "the mail $m is in a fenced block, byte for byte");
	$in_order = 0 if $at <= $pos;
	$pos = $at;
}
ok($in_order, 'the mails are in series and file order');

# each review right after its own mail, before the next one
sub after_mail {
	my ($m, $needle) = @_;
	my $at = index($text, "```\n" . slurp($m) . "```\n");
	my $next = index($text, "\n### ", $at + 1);
	$next = length($text) if $next < 0;
	my $found = index($text, $needle, $at);
	return $at >= 0 && $found > $at && $found < $next;
}
ok(after_mail($queue_patch, 'QUEUE-REVIEW'), 'the review follows the mail of its key');
ok(after_mail("$series/$queue_dir/0000-cover-letter.patch", 'COVER-REVIEW'), 'the cover letter review follows its cover letter');
my ($other_patch) = grep { m{/0001-} && $_ ne $queue_patch } @mails;
ok(after_mail($other_patch, 'Not reviewed yet.'), 'a patch with no review says "Not reviewed yet."');
my @count = $text =~ /QUEUE-REVIEW/g;
is(scalar @count, 1, 'the review appears once');
my @pre = $text =~ /PREAMBLE/g;
ok(@pre == 1 && index($text, 'PREAMBLE') < index($text, '```'),
	'the text before the first key is written once, above the mails');
unlike($text, qr/^# Reviews$/m, 'but not its title');
like($text, qr/## Reviews with no mail in this series\n.*### drivers\/demo\/gone\.c tail\n\nGONE-REVIEW/s,
	'a review with no mail is kept at the end');
like(slurp($err), qr/no mail for the review 'drivers\/demo\/gone\.c tail'/, 'and named on standard error');
like($text, qr/## Problems found\n\n- drivers\/demo\/queue\.c \S+: PROBLEM-LINE\n\z/, 'Problems found is copied to the end');
like($text, qr/^- 2 series, 3 patches, 1 of them reviewed$/m, 'the header counts the reviewed patches');

# a key given twice: an error, and the document is not replaced
spew($reviews, "## drivers/demo/queue.c $subject\n\nA\n\n## drivers/demo/queue.c $subject\n\nB\n");
spew($doc, "OLD\n");
$rc = system("perl '$top/scripts/patches-doc.pl' --tree '$tree' --review '$reviews' --out '$doc' '$acqrel' >/dev/null 2>'$err'");
isnt($rc, 0, 'a review key given twice is an error');
like(slurp($err), qr/review for '.*' given twice/, 'which names the key');
is(slurp($doc), "OLD\n", 'and the document is left as it was');

done_testing();
