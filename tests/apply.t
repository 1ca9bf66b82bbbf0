#!/usr/bin/perl
# apply.t: acqrel patch --apply writes each file atomically, keeps its mode,
# refuses a file that changed since it was read and a read-only one, leaves
# the file whole and no temporary file behind when the disk is full, and a
# second run changes nothing.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $fixture = "$top/tests/golden/pairs/shape01-message-passing.c";

sub slurp {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return undef;
	local $/;
	return <$fh>;
}

# A fresh copy of the fixture in its own folder; returns (dir, file).
sub fresh {
	my $dir = tempdir(CLEANUP => 1);
	my $file = "$dir/mp.c";
	open(my $out, '>:raw', $file) or die;
	print $out slurp($fixture);
	close($out);
	return ($dir, $file);
}

sub run {
	my ($cmd) = @_;
	my $out = `$cmd 2>&1`;
	return ($out, $? >> 8);
}

sub leftovers {
	my ($dir) = @_;
	opendir(my $d, $dir) or die;
	return grep { /acqrel-/ } readdir($d);
}

my $original = slurp($fixture);

{
	my ($dir, $file) = fresh();
	chmod(0640, $file);
	my ($out, $st) = run("cd '$dir' && '$acqrel' patch --apply mp.c");
	my $new = slurp($file);
	ok($st == 0 && $new ne $original && $new =~ /smp_store_release\(&q->tail, t \+ 1\);/ &&
	   $new =~ /t = smp_load_acquire\(&q->tail\);/ && $new !~ /smp_[wr]mb\(\);/,
	   'apply: the file is rewritten') or diag($out);
	is((stat($file))[2] & 07777, 0640, 'apply: the file keeps its mode');
	ok(!leftovers($dir), 'apply: no temporary file is left');
	my $diff = `cd '$dir' && '$acqrel' patch --diff mp.c 2>/dev/null`;
	my $expected = `cd '$top/tests/golden/pairs' && '$acqrel' patch --diff shape01-message-passing.c 2>/dev/null`;
	ok($diff eq '', 'apply: a second run has nothing left to change');
	($out, $st) = run("cd '$dir' && '$acqrel' patch --apply mp.c");
	ok($st == 0 && slurp($file) eq $new, 'apply: a second --apply leaves the file as it is') or diag($out);
	ok(length($expected) > 0, 'apply: --diff on the original shows what --apply did');
}

{
	my ($dir, $file) = fresh();
	my ($out, $st) = run("cd '$dir' && ACQREL_TEST_BEFORE_WRITE='sh -c \"echo /\\* edit \\*/ >> \\\$0\"' " .
			     "'$acqrel' patch --apply mp.c");
	my $now = slurp($file);
	ok($st == 1 && $out =~ /mp\.c: error: not changed: it changed since acqrel read it/ &&
	   $now eq $original . "/* edit */\n", 'a file changed underneath is refused and kept as it is')
		or diag($out);
	ok(!leftovers($dir), 'changed underneath: no temporary file is left');
}

{
	my ($dir, $file) = fresh();
	chmod(0444, $file);
	my ($out, $st) = run("cd '$dir' && '$acqrel' patch --apply mp.c");
	ok($st == 1 && $out =~ /mp\.c: error: not changed: the file is read-only/ &&
	   slurp($file) eq $original, 'a read-only file is refused and kept as it is') or diag($out);
}

SKIP: {
	skip('file size limits do not apply under the sanitizers\' reservations', 2)
		if $ENV{ACQREL_SANITIZE};
	my ($dir, $file) = fresh();
	# a full disk, simulated: writes past 1 KiB fail (the fixture is about 2 KiB)
	my ($out, $st) = run("cd '$dir' && ulimit -f 2 && '$acqrel' patch --apply mp.c");
	ok($st == 1 && $out =~ /mp\.c: error: not changed: cannot write the new contents: File too large/ &&
	   slurp($file) eq $original, 'a full disk: the file stays whole') or diag($out);
	ok(!leftovers($dir), 'a full disk: no temporary file is left');
}

done_testing();
