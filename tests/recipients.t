#!/usr/bin/perl
# recipients.t: who each mail of `acqrel patch -o` goes to, from a synthetic
# MAINTAINERS and .mailmap, as scripts/get_maintainer.pl --no-git
# --no-git-fallback names them for the patch's diff: every matching section
# (F: folders and globs, a folder named without '/', N:, X:, K: on the diff's
# lines), M: in To:, R: and L: in Cc:, subscribers-only lists left out, each
# person once, the .mailmap applied, Linus left out; Cc: trailers; the cover
# letter to the union; --to and --cc. When linux-source-6.12 is unpacked, the
# kernel's own get_maintainer.pl is run on the same fixture and must agree.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use Mail;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $t = tempdir(CLEANUP => 1);
my $home = tempdir(CLEANUP => 1);
$ENV{HOME} = $home;
delete $ENV{XDG_CONFIG_HOME};
delete $ENV{$_} for grep { /^GIT_/ } keys %ENV;
$ENV{GIT_AUTHOR_NAME} = 'Ada Tester';
$ENV{GIT_AUTHOR_EMAIL} = 'tester@acqrel.invalid';

sub slurp { my ($p) = @_; local (@ARGV, $/) = ($p); return <> }
sub spew { my ($p, $text) = @_; open(my $fh, '>', $p) or die "$p: $!"; print $fh $text; close($fh) }

make_path("$t/drivers/demo/extra", "$t/kernel/demo");
system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$t/drivers/demo/queue.c") == 0 or die;
system('cp', "$top/tests/golden/pairs/shape04-counter.c", "$t/kernel/demo/counter.c") == 0 or die;
spew("$t/MAINTAINERS", <<'EOF');
Synthetic MAINTAINERS for recipients.t; this text is not a section.

	M: Mail patches to: FullName <address@domain>

DEMO DRIVERS
M:	Ada Maintainer <ada@acqrel.invalid>
R:	Bob Reviewer <bob@acqrel.invalid> (queue locking)
L:	demo@lists.invalid
L:	demo-users@lists.invalid (subscribers-only)
S:	Maintained
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next.git
F:	drivers/demo/
X:	drivers/demo/extra/

DEMO DIR NAMED WITHOUT A SLASH
R:	Dora Dir <dora@acqrel.invalid>
S:	Maintained
F:	drivers/demo

DEMO QUEUE
M:	"Carol Q. Queue" <carol@acqrel.invalid>
M:	Ada Maintainer <ada@old.invalid>
L:	queue@lists.invalid (moderated for non-subscribers)
S:	Maintained
F:	drivers/demo/queue.c

DEMO KEYWORD
R:	Kim Keyword <kim@acqrel.invalid>
S:	Maintained
K:	(?i)\bdemo_QUEUE_get\b

DEMO NAMES
M:	Nina Name <nina@old.invalid>
S:	Maintained
N:	count(?:er|s)

DEMO UNREAD PATTERN
M:	Uma Unread <uma@acqrel.invalid>
S:	Maintained
N:	(?<=zz)nothing

DEMO ORPHAN
L:	orphan@lists.invalid
S:	Orphan
F:	kernel/demo/

DEMO EXCLUDED
M:	Xavier Excluded <xavier@acqrel.invalid>
S:	Maintained
F:	kernel/
X:	kernel/demo/

DEMO GLOB
M:	Gus Glob <gus@acqrel.invalid>
S:	Maintained
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/tip/tip.git sched/core
F:	kernel/d?mo/*.[ch]

DEMO OTHER
M:	Otto Other <otto@acqrel.invalid>
S:	Maintained
F:	kernel/demo/count.c

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
F:	*
F:	*/
EOF
spew("$t/.mailmap", "# synthetic\nNina Name <nina\@acqrel.invalid> <nina\@old.invalid>\n");

my $log = `cd '$t' && SOURCE_DATE_EPOCH=0 '$acqrel' patch -o out --signoff --to 'Tess To <tess\@acqrel.invalid>' --cc=cc\@lists.invalid drivers kernel 2>&1`;
my $st = $? >> 8;
like($log, qr{^MAINTAINERS:40: error: a regular expression acqrel does not read; 1 pattern of the file ignored$}m,
     'a pattern acqrel cannot read: one line naming the file and line') or diag($log);
is($st, 0, 'and the run goes on') or diag($log);
my @queue = sort glob("$t/out/demo-drivers/0*.patch");
my @glob = sort glob("$t/out/demo-glob/0*.patch");
ok(@queue == 3 && @glob == 1, 'a series per tree: for the queue\'s file (2 patches and a cover ' .
   'letter, named after its most specific section with a T: line) and for the counter\'s (1, alone)')
	or diag($log, `find '$t/out'`);

my ($tail) = grep { slurp($_) =~ /^Subject: .* for (\w+->)?tail$/m } @queue;
my ($count) = grep { slurp($_) =~ /^Subject: .* for (\w+->)?count$/m } @queue;
my $p = slurp($tail);
is(join("\n", Mail::addresses($p, 'To')), join("\n", '"Carol Q. Queue" <carol@acqrel.invalid>',
					   'Ada Maintainer <ada@old.invalid>', 'Tess To <tess@acqrel.invalid>'),
   'To: the M: of every matching section, the most specific first, Ada once (by name), then --to');
is(join("\n", Mail::addresses($p, 'Cc')), join("\n", 'Bob Reviewer <bob@acqrel.invalid>',
					   'Dora Dir <dora@acqrel.invalid>', 'Kim Keyword <kim@acqrel.invalid>',
					   'queue@lists.invalid', 'demo@lists.invalid',
					   'linux-kernel@vger.kernel.org', 'cc@lists.invalid'),
   'Cc: R: without its note, a folder named without "/", the K: the diff matches, the lists ' .
   '(moderated kept, subscribers-only not), LKML, then --cc');
ok(index($p, "No functional change intended.\n\nSigned-off-by: Ada Tester <tester\@acqrel.invalid>\n" .
	      "Cc: \"Carol Q. Queue\" <carol\@acqrel.invalid>\nCc: Ada Maintainer <ada\@old.invalid>\n" .
	      "Cc: Bob Reviewer <bob\@acqrel.invalid>\nCc: Dora Dir <dora\@acqrel.invalid>\n" .
	      "Cc: Kim Keyword <kim\@acqrel.invalid>\n---\n") > 0,
   'a Cc: trailer for each person, below the sign-off');
unlike($p, qr/torvalds|uma\@|xavier|otto|demo-users|\(queue locking\)/, 'nobody else, and no role note');
$p = slurp($count);
is(join(' ', Mail::addresses($p, 'Cc')), 'Bob Reviewer <bob@acqrel.invalid> Dora Dir <dora@acqrel.invalid> ' .
   'queue@lists.invalid demo@lists.invalid linux-kernel@vger.kernel.org cc@lists.invalid',
   'the other patch of the file: no K: match in its diff, no Kim');
$p = slurp($glob[0]);
is(join(' ', Mail::addresses($p, 'To'), '|', Mail::addresses($p, 'Cc')),
   'Gus Glob <gus@acqrel.invalid> Nina Name <nina@acqrel.invalid> Tess To <tess@acqrel.invalid> | ' .
   'orphan@lists.invalid linux-kernel@vger.kernel.org cc@lists.invalid',
   'kernel/demo/counter.c: a glob with ? and [ch], N: with (?:), the orphan section\'s list, ' .
   'the .mailmap\'s address, X: keeps one section out');
my $cover = slurp("$t/out/demo-drivers/0000-cover-letter.patch");
is(scalar(my @c = Mail::addresses($cover, 'Cc')), 7, 'the cover letter goes to the union of its patches');

# subjects: net-next where the tree is netdev's, a capital where it is tip
like(slurp($tail), qr/^Subject: \[PATCH net-next [12]\/2\] demo: queue: use smp_store_release\(\)\/smp_load_acquire\(\) for (\w+->)?tail$/m,
     'a file whose tree is net-next: [PATCH net-next n/m]');
like($cover, qr/^Subject: \[PATCH net-next 0\/2\] /m, 'and its cover letter too');
like(slurp($glob[0]), qr/^Subject: \[PATCH\] demo: Use smp_store_release\(\)\/smp_load_acquire\(\) for (\w+->)?nr$/m,
     'a file whose tree is tip: a capital after the prefix');

# the same fixture through the kernel's own script, when it is unpacked
SKIP: {
	my $gm = ($ENV{KERNEL_DIR} // "$top/.kernel") . '/linux-source-6.12/scripts/get_maintainer.pl';
	skip('linux-source-6.12 is not unpacked (sh scripts/kernel.sh 6.12)', 3) unless -f $gm;
	for my $f ($tail, $count, $glob[0]) {
		my $text = slurp($f);
		my ($diff) = $text =~ /^(diff --git .*)^-- \n/ms;
		spew("$t/diff", $diff);
		my @want = sort grep { length } split(/\n/, `cd '$t' && perl '$gm' --no-tree --no-git --no-git-fallback --no-rolestats --mpath MAINTAINERS diff 2>&1`);
		my @have = sort grep { !/tess\@|^cc\@/ } Mail::addresses($text, 'To'), Mail::addresses($text, 'Cc');
		is("@have", "@want", 'get_maintainer.pl agrees on ' . ($f =~ s{.*/}{}r));
	}
}

# a MAINTAINERS with more regular expressions than acqrel compiles: the rest
# are ignored, one line says so, and the run goes on
{
	my $t2 = tempdir(CLEANUP => 1);
	system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$t2/queue.c") == 0 or die;
	spew("$t2/MAINTAINERS", join('', map { "MANY $_\nM:\tM$_ <m$_\@acqrel.invalid>\nN:\tnever$_\n\n" } 1 .. 4100) .
	     "QUEUE\nM:\tQ <q\@acqrel.invalid>\nF:\tqueue.c\n");
	my $o = `cd '$t2' && '$acqrel' patch -o out . 2>&1`;
	my $p = slurp((glob("$t2/out/*/0001-*.patch"))[0] // '/dev/null');
	ok(($? >> 8) == 0 && $o =~ /^MAINTAINERS:16387: error: more N: and K: regular expressions than acqrel compiles; 4 patterns of the file ignored$/m &&
	   $p =~ /^To: Q <q\@acqrel\.invalid>$/m, 'N: and K: patterns beyond 4096 are ignored, saying so') or diag($o);
}

# no maintainer but THE REST (Linus left out): the list is the To:, no mail lacks one
{
	my $t3 = tempdir(CLEANUP => 1);
	make_path("$t3/drivers/lone");
	system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$t3/drivers/lone/queue.c") == 0 or die;
	spew("$t3/MAINTAINERS", "Synthetic MAINTAINERS for recipients.t.\n\nTHE REST\n" .
	     "M:\tLinus Torvalds <torvalds\@linux-foundation.org>\nL:\tlinux-kernel\@vger.kernel.org\n" .
	     "S:\tBuried alive in reporters\nF:\t*\nF:\t*/\n");
	my $o = `cd '$t3' && '$acqrel' patch -o out drivers 2>&1`;
	my $p = slurp((glob("$t3/out/*/0001-*.patch"), glob("$t3/out/0001-*.patch"))[0] // '/dev/null');
	ok($p =~ /^To: linux-kernel\@vger\.kernel\.org$/m && $p !~ /^Cc:/m,
	   'no maintainer: the list goes in To:, not Cc:') or diag($o, $p);
	$o = `cd '$t3' && '$acqrel' patch -o out2 --to 'Tess To <tess\@acqrel.invalid>' drivers 2>&1`;
	$p = slurp((glob("$t3/out2/*/0001-*.patch"), glob("$t3/out2/0001-*.patch"))[0] // '/dev/null');
	ok($p =~ /^To: Tess To <tess\@acqrel\.invalid>$/m && $p =~ /^Cc: linux-kernel\@vger\.kernel\.org$/m,
	   'with --to, the list stays in Cc:') or diag($o, $p);
}

# --to and --cc: one address each, nothing that could add a header
for my $bad ("x\@y.invalid\nBcc: z\@y.invalid", 'a@b.invalid, c@d.invalid', '') {
	my $o = `cd '$t' && '$acqrel' patch -o bad --to '$bad' drivers 2>&1`;
	ok(($? >> 8) == 2 && !-e "$t/bad" && $o =~ /--to needs a mail address/,
	   'a --to with a newline, a comma or nothing is refused: ' . ($bad =~ s/\n/\\n/r)) or diag($o);
}
# netfilter's tree: [PATCH nf-next], from its T: line, as net-next is netdev's
{
	my $t4 = tempdir(CLEANUP => 1);
	make_path("$t4/net/netfilter");
	system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$t4/net/netfilter/demo.c") == 0 or die;
	spew("$t4/MAINTAINERS", "NETFILTER\nM:\tNed Filter <ned\@acqrel.invalid>\nS:\tMaintained\n" .
	     "T:\tgit git://git.kernel.org/pub/scm/linux/kernel/git/netfilter/nf.git\n" .
	     "T:\tgit git://git.kernel.org/pub/scm/linux/kernel/git/netfilter/nf-next.git\nF:\tnet/netfilter/\n");
	my $o4 = `cd '$t4' && '$acqrel' patch -o out net 2>&1`;
	my @mails = sort glob("$t4/out/*/*.patch");
	is(join("\n", map { slurp($_) =~ /^Subject: \[(PATCH[^\]]*)\]/m ? $1 : '?' } @mails),
	   "PATCH nf-next 0/2\nPATCH nf-next 1/2\nPATCH nf-next 2/2",
	   'a file whose tree is nf-next: [PATCH nf-next n/m], cover letter included') or diag($o4);
}

# K: on the mail before its diff, as get_maintainer.pl reads a patch file:
# the file's name ("demo_ptp.c", in the subject and the diffstat) is the PTP section's
{
	my $t5 = tempdir(CLEANUP => 1);
	make_path("$t5/drivers/demo");
	system('cp', "$top/tests/golden/pairs/shape01-message-passing.c", "$t5/drivers/demo/demo_ptp.c") == 0 or die;
	spew("$t5/MAINTAINERS", "DEMO DRIVERS\nM:\tAda Maintainer <ada\@acqrel.invalid>\nS:\tMaintained\nF:\tdrivers/demo/\n\n" .
	     "DEMO CLOCKS\nM:\tPat Clock <pat\@acqrel.invalid>\nS:\tMaintained\nK:\t(?:\\b|_)ptp(?:\\b|_)\n");
	my $o5 = `cd '$t5' && '$acqrel' patch -o out drivers 2>&1`;
	my @mails = sort glob("$t5/out/*/0*.patch");
	ok(@mails && !grep({ slurp($_) !~ /^To: .*\n(?:\s.*\n)*?\s+Pat Clock <pat\@acqrel\.invalid>|^To: Pat Clock/m } @mails),
	   'a K: keyword that only the file\'s name matches (in the subject and the diffstat, not the diff): the mail goes to its section too')
		or diag($o5, map { slurp($_) } @mails);
}

my $o = `cd '$t' && '$acqrel' patch --diff --cc x\@y.invalid drivers 2>&1`;
ok(($? >> 8) == 2 && $o =~ /--to and --cc go with -o DIR/, '--cc without -o is refused') or diag($o);
done_testing();
