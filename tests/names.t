#!/usr/bin/perl
# names.t: file names with a newline, escape sequences, quotes, backslashes
# or invalid UTF-8 (issue 12.8). In text output and diff headers they are
# quoted exactly as git quotes them (core.quotePath), so one record stays one
# line and git apply and git am take acqrel's diffs; in JSON they are kept
# byte-exact (an invalid byte b is the escape \udcXX), so two names never
# collide.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $fixture = do { local (@ARGV, $/) = ("$top/tests/golden/pairs/shape01-message-passing.c"); <> };
my $tmp = tempdir(CLEANUP => 1);
delete $ENV{$_} for grep { /^GIT_/ } keys %ENV;
$ENV{GIT_AUTHOR_NAME} = $ENV{GIT_COMMITTER_NAME} = 'Ada Tester';
$ENV{GIT_AUTHOR_EMAIL} = $ENV{GIT_COMMITTER_EMAIL} = 'ada@acqrel.invalid';

my @names = ("new\nline.c", "esc\e[31mred.c", "quote\"and\\back.c", "latin\xe9.c", "tab\there.c",
	     "utf8-\xc3\xa9.c", "plain name.c");

# Runs a command (a list, no shell) in $dir; returns (stdout, stderr, status).
sub run_in {
	my ($dir, @cmd) = @_;
	my $pid = fork() // die;
	if (!$pid) {
		chdir($dir) or die;
		open(STDOUT, '>', "$tmp/.out") or die;
		open(STDERR, '>', "$tmp/.err") or die;
		exec(@cmd) or die;
	}
	waitpid($pid, 0);
	my $st = $? >> 8;
	local $/;
	open(my $o, '<:raw', "$tmp/.out") or die;
	open(my $e, '<:raw', "$tmp/.err") or die;
	return (scalar(<$o>) // '', scalar(<$e>) // '', $st);
}

my $repo = "$tmp/repo";
mkdir($repo);
for my $n (@names) {
	open(my $fh, '>:raw', "$repo/$n") or die;
	print $fh $fixture;
	close($fh);
}
run_in($repo, qw(git init -q)) ;
run_in($repo, qw(git add .));
run_in($repo, qw(git commit -qm names));
# git's own quoting of each name, in the order of @names
my ($ls) = run_in($repo, qw(git -c core.quotePath=true ls-files));
my %git_quoted;
for my $q (split(/\n/, $ls)) {
	my $raw = $q;
	if ($raw =~ s/^"(.*)"$/$1/) {
		$raw =~ s/\\([0-7]{3}|.)/length($1) == 3 ? chr(oct($1)) :
			 { n => "\n", t => "\t", '"' => '"', '\\' => '\\', a => "\a", b => "\b",
			   f => "\f", r => "\r", v => "\x0b" }->{$1}/ge;
	}
	$git_quoted{$raw} = $q;
}
is(scalar(keys %git_quoted), scalar(@names), 'git lists every name (the set-up worked)');

{
	my ($out) = run_in($repo, $acqrel, 'sites', @names);
	my @lines = split(/\n/, $out);
	my $each = 4;	# sites of the fixture
	is(scalar(@lines), $each * @names, 'sites: one line per site, whatever the names');
	my @bad = grep { my $q = $git_quoted{$_}; !grep { index($_, "$q:") == 0 } @lines } @names;
	ok(!@bad, 'sites: each name is printed as git quotes it') or diag(map { "$_\n" } @lines[0 .. 5]);
	ok($out =~ /^"new\\nline\.c":19:2: note: smp_wmb\(\) in function demo_queue_put\(\)/m &&
	   $out =~ /^"esc\\033\[31mred\.c":/m && $out =~ /^plain name\.c:19:2:/m && $out !~ /\e/,
	   'sites: a newline is \n, an escape \033, no raw escape byte, a space as it is');
}

{
	my ($out) = run_in($repo, $acqrel, 'pairs', "new\nline.c", "latin\xe9.c");
	ok($out =~ /^"new\\nline\.c":19: protocol q->tail/m && $out =~ /^  writer "latin\\351\.c":19:/m,
	   'pairs: protocol and end lines quote the names');
}

{
	my ($out, $err, $st) = run_in($repo, $acqrel, 'patch', '--diff', @names);
	open(my $fh, '>:raw', "$tmp/names.diff") or die;
	print $fh $out;
	close($fh);
	ok($out =~ m{^--- "a/new\\nline\.c"\n\+\+\+ "b/new\\nline\.c"$}m, 'diff: headers quoted as git quotes them')
		or diag($out =~ /^(---.*)$/m);
	my (undef, $aerr, $ast) = run_in($repo, qw(git apply --check), "$tmp/names.diff");
	is($ast, 0, 'diff: git apply takes the whole diff') or diag($aerr);
	run_in($repo, qw(git apply), "$tmp/names.diff");
	my ($gd) = run_in($repo, qw(git diff));
	my @ours = sort grep { /^(---|\+\+\+) / } split(/\n/, $out);
	my @theirs = sort grep { /^(---|\+\+\+) / } split(/\n/, $gd);
	is_deeply(\@ours, \@theirs, 'diff: the same ---/+++ lines as git diff prints');
	run_in($repo, qw(git checkout -q .));
}

{
	my ($out, $err, $st) = run_in($repo, $acqrel, 'patch', '-o', "$tmp/series", "new\nline.c",
				       "esc\e[31mred.c");
	my @p = sort glob("$tmp/series/0*.patch");
	shift(@p);
	my (undef, $amerr, $amst) = run_in($repo, qw(git am -q), @p);
	ok(@p >= 1 && $amst == 0, 'series: git am applies the patches of such files') or diag($err, $amerr);
	my $all = join('', map { local (@ARGV, $/) = ($_); <> } @p);
	ok($all =~ /^ "new\\nline\.c" \| \d+ /m && $all !~ /\e/ && $all !~ /^Subject:[^\n]*[\x00-\x09\x0b-\x1f]/m,
	   'series: the diffstat quotes the name; no escape byte anywhere') or diag($all =~ /^( .*\|.*)$/m);
	run_in($repo, qw(git reset -q --hard), 'HEAD~' . scalar(@p));
}

{
	my $j = "$tmp/json";
	mkdir($j);
	for my $n ("\xff.c", "\xfe.c", "ok.c") {
		open(my $fh, '>:raw', "$j/$n") or die;
		print $fh $fixture;
		close($fh);
	}
	my ($out) = run_in($j, $acqrel, 'sites', '--json', '.');
	my %files = map { $_ => 1 } $out =~ /"file": ("[^"]*")/g;
	is_deeply([sort keys %files], [sort('"ok.c"', '"\udcfe.c"', '"\udcff.c"')],
		  'JSON: each invalid byte is its own escape, so two names stay two');
	ok($out !~ /\\ufffd/, 'JSON: no byte is lost to U+FFFD');
}

{
	my $d = "$tmp/no\nC here";
	mkdir($d);
	my (undef, $err, $st) = run_in($tmp, $acqrel, 'sites', "no\nC here");
	is($err, "\"no\\nC here\": warning: skipped: no C files found\n", 'a skipped path is quoted too');
}

done_testing();
