#!/usr/bin/perl
# bugs.t: acqrel bugs over its golden fixtures: the text and the JSON say
# the same findings, the JSON keeps its shape (README, "acqrel bugs"), and
# the exit status follows the README (0 none, 1 findings or skipped input,
# 2 usage).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $dir = "$top/tests/golden/bugs";

sub run {
	my ($args) = @_;
	my $out = `cd '$dir' && '$acqrel' bugs $args 2>/dev/null`;
	return ($out, $? >> 8);
}

my ($text, $st) = run('*.c');
is($st, 1, 'findings: exit status 1');
my @lines = split /\n/, $text;
my $well_formed = grep { /^[^:\s]+\.c:\d+:\d+: warning: (rcu-marked|double-read|misplaced-barrier|missing-acquire|unpaired|plain-publish|missing-release|wait-condition): \S.*; evidence: .*; fix: .* \(severity (low|medium|high), confidence (low|medium|high)\)$/ } @lines;
is($well_formed, scalar(@lines), 'every text line is file:line:col: warning: class: ..., with evidence, fix, severity, confidence');
ok(@lines >= 3, scalar(@lines) . ' findings in the fixtures');

my ($json, $jst) = run('--json *.c');
is($jst, 1, '--json: exit status 1');
my $d = eval { decode_json($json) };
ok($d, '--json prints valid JSON') or diag($@);
SKIP: {
	skip 'no JSON', 5 unless $d;
	is($d->{schema}, 1, 'schema 1');
	is(scalar(@{$d->{bugs}}), scalar(@lines), 'JSON and text list the same number of findings');
	my @keys = qw(class file line column severity confidence message protocol evidence fix mechanical no_fix weak);
	my $complete = grep { my $b = $_; !grep { !exists $b->{$_} } @keys } @{$d->{bugs}};
	is($complete, scalar(@{$d->{bugs}}), 'every JSON finding has ' . join(', ', @keys));
	my %count;
	$count{$_->{class}}++ for @{$d->{bugs}};
	my $agree = grep { ($count{$_->{class}} // 0) == $_->{count} } @{$d->{classes}};
	is($agree, scalar(@{$d->{classes}}), 'the count of each class in "classes" is its findings');
	my $same = 0;
	for my $i (0 .. $#lines) {
		my $b = $d->{bugs}[$i];
		$same++ if $lines[$i] =~ /^\Q$b->{file}\E:$b->{line}:$b->{column}: warning: \Q$b->{class}\E: \Q$b->{message}\E;/;
	}
	is($same, scalar(@lines), 'the text and the JSON findings agree, in order');
}

my ($none, $nst) = run('--all rcu-marked-negative.c double-read-negative.c misplaced-barrier-negative.c missing-acquire-negative.c plain-publish-negative.c');
is($nst, 0, 'no finding: exit status 0');
is($none, '', 'no finding: no output');

# --all adds the weak findings and the classes under 50% precision
my ($default) = run('unpaired.c missing-acquire.c');
my ($with_all) = run('--all unpaired.c missing-acquire.c');
my @d = split /\n/, $default;
my @w = split /\n/, $with_all;
ok(@d == 1 && $d[0] =~ /: warning: unpaired: .* with a READ_ONCE\(\)/,
   'by default: the unpaired reader that uses READ_ONCE() only');
is(scalar(@w), 3, '--all: also the plain unpaired reader and missing-acquire');
is(scalar(grep { /confidence low\)$/ } @w), 2, '--all: those two have low confidence');

my ($sum) = run('--summary *.c');
my ($total) = $sum =~ /^total\s+(\d+)$/m;
is($total, scalar(@lines), '--summary: the total is the number of findings');

my (undef, $ust) = run('--no-such-option x.c');
is($ust, 2, 'unknown option: exit status 2');
my ($help, $hst) = run('--help');
is($hst, 0, '--help: exit status 0');
like($help, qr/^usage: acqrel bugs/, '--help prints the usage');

my $err = `cd '$dir' && '$acqrel' bugs no-such-file.c 2>&1 >/dev/null`;
is($? >> 8, 1, 'a missing path: exit status 1');
like($err, qr/no-such-file\.c/, 'a missing path is named on stderr');

# --diff and -o: the mechanical fixes; -o in a git tree names the commit at fault
my ($jfix) = run('--json fix-rcu-marked.c');
my $jf = eval { decode_json($jfix) };
is(scalar(grep { !$_->{mechanical} && defined $_->{no_fix} } @{$jf->{bugs} || []}), 2,
   '--json: a finding with no mechanical fix says why in no_fix');
my (undef, $cst) = run('--diff --json fix-rcu-marked.c');
is($cst, 2, '--diff with --json: usage error');
my (undef, $sst) = run('--signoff fix-rcu-marked.c');
is($sst, 2, '--signoff without -o: usage error');

my $tmp = tempdir(CLEANUP => 1);
my $fixture = <<'C';
// SPDX-License-Identifier: GPL-2.0
struct demo_blk {
	unsigned int nr;
	int *map;
};

static void demo_blk_grow(struct demo_blk *b, int *m, unsigned int nr)
{
	b->nr = nr;
	smp_wmb();
	b->map = m;
}

static int demo_blk_sum(struct demo_blk *b)
{
	int *m = READ_ONCE(b->map);
	unsigned int i;
	int s = 0;

	if (!m)
		return 0;
	for (i = 0; i < b->nr; i++)
		s += m[i];
	return s;
}
C
local $ENV{GIT_AUTHOR_NAME} = 'Demo Author';
local $ENV{GIT_AUTHOR_EMAIL} = 'demo@acqrel.invalid';
local $ENV{SOURCE_DATE_EPOCH} = '0';
for my $git (1, 0) {
	my $tree = "$tmp/tree$git";
	mkdir "$tree" or die "$tree: $!";
	open(my $fh, '>', "$tree/demo_blk.c") or die "$tree/demo_blk.c: $!";
	print $fh $fixture;
	close $fh;
	my $sha = '';
	if ($git) {
		my $g = "git -C '$tree' -c user.name=Demo -c user.email=demo\@acqrel.invalid";
		system("$g init -q && $g add demo_blk.c && $g commit -q -m 'demo_blk: add the block map' >/dev/null 2>&1") == 0
			or die "git: $?";
		$sha = `git -C '$tree' rev-parse HEAD`;
		chomp $sha;
		# a later commit elsewhere in the file: Fixes: names the line's, not HEAD
		open(my $ah, '>>', "$tree/demo_blk.c") or die "$tree/demo_blk.c: $!";
		print $ah "/* the end */\n";
		close $ah;
		system("$g commit -q -a -m 'demo_blk: add a comment' >/dev/null 2>&1") == 0 or die "git: $?";
	}
	my $err = `'$acqrel' bugs -o '$tmp/out$git' '$tree' 2>&1 >/dev/null`;
	is($? >> 8, 1, ($git ? 'git tree' : 'no git') . ': -o exit status 1 (findings)');
	my @patches = glob("$tmp/out$git/0001-*.patch");
	is(scalar(@patches), 1, ($git ? 'git tree' : 'no git') . ': -o writes one patch') or diag($err);
	my $mail = '';
	if (@patches) {
		open(my $ph, '<', $patches[0]) or die "$patches[0]: $!";
		local $/;
		$mail = <$ph>;
		close $ph;
	}
	like($mail, qr/^Subject: \[PATCH\] .*smp_load_acquire\(\)/m, 'the subject says the fix');
	like($mail, qr/^-\tint \*m = READ_ONCE\(b->map\);\n\+\t\/\* Pairs with smp_wmb\(\) in demo_blk_grow\(\)\. \*\/\n\+\tint \*m = smp_load_acquire\(&b->map\);$/m,
	     'the patch loads the pointer with smp_load_acquire(), after a comment naming the writer');
	like($mail, qr/The protocol it breaks: b->map: writer smp_wmb\(\) in demo_blk_grow\(\)/,
	     'the message names the protocol');
	if ($git) {
		my $short = substr($sha, 0, 12);
		like($mail, qr/^Fixes: \Q$short\E \("demo_blk: add the block map"\)\nCc: stable\@vger\.kernel\.org\n---$/m,
		     'git tree: Fixes: names the commit of the line (12 digits), then Cc: stable');
	} else {
		unlike($mail, qr/^(Fixes:|Cc: stable)/m, 'no git: no Fixes: and no Cc: stable');
	}
}
# a fix for netdev's tree goes to net, not net-next
mkdir "$tmp/treenet" or die "$tmp/treenet: $!";
for my $f (['demo_blk.c', $fixture], ['MAINTAINERS', "DEMO BLOCK DRIVER\nM:\tDemo Maintainer <dm\@acqrel.invalid>\nL:\tnetdev\@vger.kernel.org\nS:\tMaintained\nT:\tgit git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next.git\nF:\tdemo_blk.c\n"]) {
	open(my $fh, '>', "$tmp/treenet/$f->[0]") or die "$f->[0]: $!";
	print $fh $f->[1];
	close $fh;
}
`'$acqrel' bugs -o '$tmp/outnet' '$tmp/treenet' 2>&1`;
my ($netpatch) = glob("$tmp/outnet/*/0001-*.patch");
my $netmail = '';
if ($netpatch && open(my $nh, '<', $netpatch)) {
	local $/;
	$netmail = <$nh>;
}
like($netmail, qr/^Subject: \[PATCH net\] /m, 'a netdev fix says net in its subject, not net-next');
like($netmail, qr/^To: Demo Maintainer <dm\@acqrel\.invalid>$/m, 'the fix goes to the section\'s maintainer');

my $again = `'$acqrel' bugs -o '$tmp/out1' '$tmp/tree1' 2>&1 >/dev/null`;
like($again, qr/is not empty/, '-o refuses a folder that is not empty');

done_testing();
