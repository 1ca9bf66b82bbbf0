#!/usr/bin/perl
# apply.t: acqrel patch --apply writes each file atomically, keeps its mode,
# owner, group and extended attributes, refuses a file the user may not
# write, a read-only one, and every file of a protocol when one of them is
# refused; follows a link given as PATH to its target; leaves the file whole
# and no temporary file behind when the disk is full or on SIGTERM; runs no
# test hook; and a second run changes nothing. The cases where it matters
# run as another user (tests/lib/AsUser.pm), which needs root to set up.
# What happens between reading and renaming is tested in tests/unit/t-apply.c.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use FindBin;
use lib "$FindBin::Bin/lib";
use AsUser;
use POSIX qw(WNOHANG);
use Test::More;
use Time::HiRes qw(sleep time);

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $fixture = "$top/tests/golden/pairs/shape01-message-passing.c";
my $xattr = ($ENV{UNIT_DIR} // "$top/build/tests") . '/xattr';

sub slurp {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return undef;
	local $/;
	return <$fh>;
}

sub spew {
	my ($path, $data) = @_;
	open(my $out, '>:raw', $path) or die "$path: $!";
	print $out $data;
	close($out);
}

# A fresh copy of the fixture in its own folder; returns (dir, file).
sub fresh {
	my $dir = tempdir(CLEANUP => 1);
	my $file = "$dir/mp.c";
	spew($file, slurp($fixture));
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

sub converted {
	my ($text) = @_;
	return $text =~ /smp_store_release\(&q->tail, t \+ 1\);/ &&
	       $text =~ /t = smp_load_acquire\(&q->tail\);/ && $text !~ /smp_[wr]mb\(\);/;
}

my $original = slurp($fixture);

{
	my ($dir, $file) = fresh();
	chmod(0640, $file);
	my ($out, $st) = run("cd '$dir' && '$acqrel' patch --apply mp.c");
	my $new = slurp($file);
	ok($st == 0 && $new ne $original && converted($new), 'apply: the file is rewritten') or diag($out);
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
	# issue 12.6: the shipped binary ran this variable through the shell
	my ($dir, $file) = fresh();
	my ($out, $st) = run("cd '$dir' && ACQREL_TEST_BEFORE_WRITE='touch \"$dir/hooked\"; :' " .
			     "'$acqrel' patch --apply mp.c");
	ok(!-e "$dir/hooked" && $st == 0 && converted(slurp($file)),
	   'no test hook in acqrel: ACQREL_TEST_BEFORE_WRITE runs nothing') or diag($out);
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

# issue 12.5: one protocol, writer and reader in two files of one folder
# (the struct in a header both include: one defined in a .c is that file's own)
my $ring_h = "struct demo_ring {\n\tint slots[16];\n\tunsigned int tail;\n};\n";
my $ring = "#include \"ring.h\"\n\n";
my $writer = $ring . "void demo_ring_put(struct demo_ring *r, int v, unsigned int t)\n{\n" .
	     "\tr->slots[t % 16] = v;\n\tsmp_wmb();\n\tr->tail = t + 1;\n}\n";
my $reader = $ring . "int demo_ring_get(struct demo_ring *r, unsigned int head)\n{\n" .
	     "\tunsigned int t;\n\n\tt = r->tail;\n\tsmp_rmb();\n\tif (t == head)\n\t\treturn -1;\n" .
	     "\treturn r->slots[head % 16];\n}\n";
{
	my $dir = tempdir(CLEANUP => 1);
	spew("$dir/ring.h", $ring_h);
	spew("$dir/w.c", $writer);
	spew("$dir/r.c", $reader);
	my $pairs = `cd '$dir' && '$acqrel' pairs w.c r.c 2>&1`;
	like($pairs, qr/^w\.c:6: protocol r->tail \(demo_ring\.tail\): convert$/m,
	     'two files: one protocol, writer in w.c, reader in r.c');
	chmod(0444, "$dir/r.c");
	my ($out, $st) = run("cd '$dir' && '$acqrel' patch --apply w.c r.c");
	ok($st == 1 && $out =~ /^r\.c: error: not changed: the file is read-only$/m &&
	   $out =~ /^w\.c:6: note: protocol r->tail not rewritten: a file it needs was refused/m &&
	   slurp("$dir/w.c") eq $writer && slurp("$dir/r.c") eq $reader,
	   'the reader\'s file is refused: the writer\'s is not rewritten either') or diag($out);
	like($out, qr/0 protocols rewritten in 0 patches/, 'and the summary counts no protocol rewritten');
	chmod(0644, "$dir/r.c");
	($out, $st) = run("cd '$dir' && '$acqrel' patch --apply w.c r.c");
	ok($st == 0 && slurp("$dir/w.c") =~ /smp_store_release\(&r->tail, t \+ 1\)/ &&
	   slurp("$dir/r.c") =~ /t = smp_load_acquire\(&r->tail\);/,
	   'once both may be written, both are rewritten') or diag($out);
}

{
	# issue 12.9: a symbolic link given as PATH
	my ($dir, $file) = fresh();
	mkdir("$dir/links");
	symlink('../mp.c', "$dir/links/mp.c") or die;
	my ($out, $st) = run("cd '$dir/links' && '$acqrel' patch --apply mp.c");
	ok($st == 0 && -l "$dir/links/mp.c" && readlink("$dir/links/mp.c") eq '../mp.c' &&
	   converted(slurp($file)), 'a link given as PATH stays a link; its target is rewritten')
		or diag($out);
	ok(!leftovers($dir) && !leftovers("$dir/links"), 'a link given as PATH: no temporary file is left');
}

{
	# issue 12.9: SIGTERM while the temporary files exist
	my $dir = tempdir(CLEANUP => 1);
	my $n = 400;
	spew(sprintf("$dir/mp%04d.c", $_), $original) for 1 .. $n;
	my $pid = fork() // die;
	if (!$pid) {
		chdir($dir) or die;
		open(STDERR, '>', '/dev/null');
		exec($acqrel, 'patch', '--apply', glob('mp*.c')) or die;
	}
	my ($seen, $t0) = (0, time);
	while (!$seen && time - $t0 < 60) {
		last if waitpid($pid, WNOHANG) == $pid;
		$seen = leftovers($dir);
		sleep(0.001) unless $seen;
	}
	kill('TERM', $pid) if $seen;
	waitpid($pid, 0) if $seen;
	my $signal = $? & 127;
	my @torn = grep { my $t = slurp($_); $t ne $original && !converted($t) } glob("$dir/mp*.c");
	SKIP: {
		skip('acqrel finished before a temporary file was seen', 1) unless $seen;
		ok($signal == 15 && !leftovers($dir) && !@torn,
		   'SIGTERM: acqrel dies of it, no temporary file is left, no file is torn')
			or diag("signal $signal; left: " . join(" ", grep { defined } (leftovers($dir))[0 .. 4]) . "; torn: @torn[0 .. 0]");
	}
}

# issue 12.2: write permission as the kernel decides for the user; owner,
# group, mode and extended attributes kept, or the file refused
SKIP: {
	my ($u, $why) = AsUser::setup($acqrel);
	if (!$u) {
		fail("required (ACQREL_REQUIRE_USER_TESTS=1) but cannot run: $why") if AsUser::required();
		skip($why, 6);
	}
	my $as = "$u->{prefix} '$u->{acqrel}'";
	my $uid = $u->{uid};

	my $open = "$u->{dir}/open";	# a folder anyone may write, as /tmp without the sticky bit
	mkdir($open);
	chmod(0777, $open);
	spew("$open/mp.c", $original);
	chmod(0644, "$open/mp.c");
	my ($out, $st) = run("cd '$open' && $as patch --apply mp.c");
	ok($st == 1 && $out =~ /mp\.c: error: not changed: you may not write the file: Permission denied/ &&
	   slurp("$open/mp.c") eq $original && (stat("$open/mp.c"))[4] == 0,
	   'as another user: root\'s 0644 file in a folder anyone may write is refused, still root\'s')
		or diag($out);

	spew("$open/group.c", $original);
	chown(0, $uid, "$open/group.c");
	chmod(0664, "$open/group.c");
	($out, $st) = run("cd '$open' && $as patch --apply group.c");
	ok($st == 1 && $out =~ /group\.c: error: not changed: cannot keep its owner and group: Operation not permitted/ &&
	   slurp("$open/group.c") eq $original && (stat("$open/group.c"))[4] == 0 && !leftovers($open),
	   'as another user: a file it may write but not own is refused, its owner kept') or diag($out);

	my $own = "$u->{dir}/own";	# the user's own folder and file
	mkdir($own);
	chown($uid, $uid, $own);
	spew("$own/mp.c", $original);
	chown($uid, $uid, "$own/mp.c");
	chmod(0600, "$own/mp.c");
	($out, $st) = run("cd '$own' && $as patch --apply mp.c");
	my @s = stat("$own/mp.c");
	ok($st == 0 && converted(slurp("$own/mp.c")) && $s[4] == $uid && $s[5] == $uid &&
	   ($s[2] & 07777) == 0600, 'as another user: its own file is rewritten, owner and mode kept')
		or diag($out);

	# as root: another user's file keeps its owner, group, mode and attributes
	my $dir = tempdir(CLEANUP => 1);
	spew("$dir/theirs.c", $original);
	chown($uid, $uid, "$dir/theirs.c");
	chmod(0640, "$dir/theirs.c");
	my $has_xattr = system($xattr, 'set', "$dir/theirs.c", 'user.acqrel', 'kept') == 0;
	($out, $st) = run("cd '$dir' && '$acqrel' patch --apply theirs.c");
	@s = stat("$dir/theirs.c");
	ok($st == 0 && converted(slurp("$dir/theirs.c")) && $s[4] == $uid && $s[5] == $uid &&
	   ($s[2] & 07777) == 0640, 'as root: another user\'s file keeps its owner, group and mode')
		or diag($out, "uid $s[4] gid $s[5] mode " . sprintf('%o', $s[2] & 07777));
	SKIP: {
		skip('this file system keeps no user.* extended attributes', 1) unless $has_xattr;
		my $v = `'$xattr' get '$dir/theirs.c' user.acqrel 2>&1`;
		is($v, "kept\n", 'as root: the file keeps its extended attributes');
	}
	ok(!leftovers($dir) && !leftovers($own), 'no temporary file is left');
}

done_testing();
