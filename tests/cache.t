#!/usr/bin/perl
# cache.t: acqrel's result cache (src/lib/cache.c) changes nothing but the
# time a run of pairs or sites takes. A run that the cache answers prints
# the same standard output, standard error and exit status as a run with
# --no-cache, on a
# fixture tree and on both real kernels, also after a file is touched,
# edited, added, or a header it looked for appears; a damaged cache file is
# discarded with one line naming it; --no-cache and ACQREL_NO_CACHE neither
# read nor write it; past its budget ($ACQREL_CACHE_MB) the files used
# longest ago are removed. ACQREL_TIMING tells a replayed run ("timing: cache")
# from a computed one ("timing: sites"). Under ACQREL_SANITIZE the whole
# kernels are left out (eight runs of minutes each under TSan); the copy of
# their kernel/ and include/ stays. Run from the repository root; ACQREL
# names the binary.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Copy qw(copy);
use File::Find;
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use FindBin;
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} // './build/acqrel');
my $top = dirname($FindBin::RealBin);
my $tmp = tempdir(CLEANUP => 1);
my $cache = "$tmp/xdg";
$ENV{XDG_CACHE_HOME} = $cache;
$ENV{ACQREL_TIMING} = 1;
delete $ENV{ACQREL_NO_CACHE};

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or return '';
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text;
}

sub spew {
	my ($path, $text) = @_;
	open(my $fh, '>', $path) or die "$path: $!\n";
	print $fh $text;
	close($fh) or die "$path: $!\n";
}

# Runs acqrel in folder dir: {out, err (without timing lines), status, hit}.
sub run {
	my ($dir, @args) = @_;
	my $pid = fork() // die "fork: $!\n";
	if (!$pid) {
		chdir($dir) or die "$dir: $!\n";
		open(STDOUT, '>', "$tmp/out") or die;
		open(STDERR, '>', "$tmp/err") or die;
		exec($acqrel, @args) or exit(127);
	}
	waitpid($pid, 0);
	my $err = slurp("$tmp/err");
	my $hit = $err =~ /^timing: cache /m ? 1 : $err =~ /^timing: sites /m ? 0 : -1;
	$err =~ s/^timing: .*\n//mg;
	return { out => slurp("$tmp/out"), err => $err, status => $? >> 8, hit => $hit };
}

# The run with the cache says what the run without it says.
sub same {
	my ($got, $want, $name) = @_;
	my $ok = $got->{out} eq $want->{out} && $got->{err} eq $want->{err} &&
		 $got->{status} == $want->{status};
	ok($ok, $name) or diag("status $got->{status} against $want->{status};" .
			       " stdout " . length($got->{out}) . " bytes against " .
			       length($want->{out}) . "; stderr:\n$got->{err}\nagainst:\n$want->{err}");
}

# A cached run of args in dir: replayed when hit is 1, computed when 0; same output as --no-cache.
sub cached {
	my ($dir, $hit, $name, @args) = @_;
	my $want = run($dir, @args, '--no-cache');
	my $got = run($dir, @args);
	is($want->{hit}, 0, "$name: --no-cache computes");
	is($got->{hit}, $hit, "$name: " . ($hit ? 'replayed' : 'computed'));
	same($got, $want, "$name: same output as --no-cache");
	return $got;
}

sub cache_files {
	opendir(my $dh, "$cache/acqrel") or return wantarray ? () : 0;
	my @f = map { "$cache/acqrel/$_" } grep { /\.run$/ } readdir($dh);
	closedir($dh);
	return scalar(@f) unless wantarray;
	return @f;
}

sub copy_tree {
	my ($from, $to) = @_;
	find({ no_chdir => 1, wanted => sub {
		(my $rel = $File::Find::name) =~ s/^\Q$from\E//;
		if (-d $_) {
			make_path("$to$rel");
		} else {
			copy($_, "$to$rel") or die "$to$rel: $!\n";
		}
	} }, $from);
}

# ---- a fixture tree, copied so that it can be edited ----
my $work = "$tmp/work";
copy_tree("$top/tests/golden/pairs/types.tree", "$work/tree");

my $first = run($work, 'pairs', '--no-cache', 'tree');
is(cache_files(), 0, '--no-cache writes no cache');
ok($first->{out} =~ /protocol/, 'the fixture tree has protocols');
cached($work, 0, 'fixture: first run', 'pairs', 'tree');
is(cache_files(), 1, 'the first run wrote one cache file');
cached($work, 1, 'fixture: second run', 'pairs', 'tree');
cached($work, 0, 'fixture --json: first run', 'pairs', '--json', 'tree');
cached($work, 1, 'fixture --json: second run', 'pairs', '--json', 'tree');
cached($work, 0, 'fixture through another path: first run', 'pairs', './tree/');
cached($work, 0, 'fixture sites --json: first run', 'sites', '--json', 'tree');
cached($work, 1, 'fixture sites --json: second run', 'sites', '--json', 'tree');
cached($work, 0, 'fixture sites: first run', 'sites', 'tree');
cached($work, 1, 'fixture sites: second run', 'sites', 'tree');

# touched: the stat changed, the content did not
utime(undef, undef, "$work/tree/fs/demofs/super.c") or die;
cached($work, 1, 'fixture: after touching a file', 'pairs', 'tree');
cached($work, 1, 'fixture: after touching a file, again', 'pairs', 'tree');

# a header edited: a field becomes 64-bit, the protocol of another file changes
my $h = "$work/tree/fs/demofs/demofs.h";
my $before = run($work, 'pairs', 'tree');
spew($h, slurp($h) =~ s/unsigned long mount_state;/u64 mount_state;/r);
my $after = cached($work, 0, 'fixture: after editing a header', 'pairs', 'tree');
isnt($after->{out}, $before->{out}, 'the header edit changes the output');
cached($work, 1, 'fixture: after editing a header, again', 'pairs', 'tree');

# an edit that keeps the size of the file: only its content tells
my $c = "$work/tree/drivers/demo/table.c";
my $text = slurp($c);
(my $same_size = $text) =~ s/smp_wmb\(\);/smp_mb(); /;
ok(length($same_size) == length($text) && $same_size ne $text, 'an edit of the same size');
$before = run($work, 'pairs', 'tree');
spew($c, $same_size);
$after = cached($work, 0, 'fixture: after an edit of the same size', 'pairs', 'tree');
isnt($after->{out}, $before->{out}, 'that edit changes the output');
cached($work, 0, 'fixture sites --json: after an edit of the same size', 'sites', '--json', 'tree');

# a file that is not C: the Kconfig that says an architecture is 64-bit only
my $k = "$work/tree/arch/arm64/Kconfig";
$before = run($work, 'pairs', 'tree');
spew($k, slurp($k) =~ s/config 64BIT\n\tdef_bool y/config 64BIT\n\tdef_bool n/r);
$after = cached($work, 0, 'fixture: after editing a Kconfig', 'pairs', 'tree');
isnt($after->{out}, $before->{out}, 'the Kconfig edit changes the output');

# a new file, then the header it looked for and did not find
spew("$work/tree/drivers/demo/neg.c", <<'EOF');
// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a type from a header that appears later. */
#include "neg_types.h"

static void neg_set(struct neg_box *b)
{
	b->data = 1;
	smp_wmb();
	WRITE_ONCE(b->ready, 1);
}

static int neg_get(struct neg_box *b)
{
	if (!READ_ONCE(b->ready))
		return 0;
	smp_rmb();
	return b->data;
}
EOF
$before = cached($work, 0, 'fixture: after adding a file', 'pairs', 'tree');
cached($work, 1, 'fixture: after adding a file, again', 'pairs', 'tree');
spew("$work/tree/drivers/demo/neg_types.h", "struct neg_box {\n\tint data;\n\tu64 ready;\n};\n");
$after = cached($work, 0, 'fixture: after adding the header it includes', 'pairs', 'tree');
isnt($after->{out}, $before->{out}, 'the new header changes the output');

# bad input: the warning and the exit status are replayed
spew("$work/tree/drivers/demo/bin.c", "int x;\0\n");
$after = cached($work, 0, 'fixture with a binary file: first run', 'pairs', 'tree');
ok($after->{status} == 1 && $after->{err} =~ /bin\.c: warning: skipped/, 'a skip is reported');
cached($work, 1, 'fixture with a binary file: second run', 'pairs', 'tree');
unlink("$work/tree/drivers/demo/bin.c");
cached($work, 0, 'fixture: after removing a file', 'pairs', 'tree');

# ---- a damaged cache ----
sub damage {
	my ($how) = @_;
	my $want = run($work, 'pairs', '--no-cache', 'tree');
	unlink(cache_files());
	run($work, 'pairs', 'tree');
	my @f = cache_files();
	is(scalar(@f), 1, "$how: one cache file") or return;
	my $data = slurp($f[0]);
	if ($how eq 'truncated') {
		$data = substr($data, 0, length($data) / 2);
	} elsif ($how eq 'a byte changed') {
		substr($data, length($data) / 2, 1) ^= "\x01";
	} else {
		$data = "not a cache\n";
	}
	spew($f[0], $data);
	my $got = run($work, 'pairs', 'tree');
	is($got->{hit}, 0, "$how: computed");
	is($got->{out}, $want->{out}, "$how: same output");
	like($got->{err}, qr/\A\Q$f[0]\E: warning: damaged cache discarded: [a-z ]+\n\z/,
	     "$how: one line names the cache file");
	is($got->{status}, $want->{status}, "$how: same exit status");
	my $again = run($work, 'pairs', 'tree');
	ok($again->{hit} == 1 && $again->{err} eq '', "$how: the next run reads a new cache");
}
damage('truncated');
damage('a byte changed');
damage('not a cache file');

# --no-cache and ACQREL_NO_CACHE neither read nor write it
my @f = cache_files();
spew($_, "damaged\n") for @f;
my $got = run($work, 'pairs', '--no-cache', 'tree');
is($got->{err}, '', '--no-cache does not read the cache');
{
	local $ENV{ACQREL_NO_CACHE} = 1;
	$got = run($work, 'pairs', 'tree');
	ok($got->{hit} == 0 && $got->{err} eq '', 'ACQREL_NO_CACHE does not read the cache');
	is(slurp($f[0]), "damaged\n", 'nor does it write it');
}

# ---- the budget: the files used longest ago go first, nothing else is touched ----
{
	my $dir = "$cache/acqrel";
	unlink(cache_files());
	my $now = time();
	my %fake = (old => 2 * 86400, older => 3 * 86400, recent => 3600);
	my %path;
	for my $name (sort keys %fake) {
		my $hex = sprintf('%040x', length($name) * 7919 + $fake{$name});
		$path{$name} = "$dir/$hex.run";
		spew($path{$name}, 'x' x (600 * 1024));
		utime($now - $fake{$name}, $now - $fake{$name}, $path{$name}) or die;
	}
	my $hex = 'ab' x 20;
	spew("$dir/notes.txt", 'y' x (2048 * 1024));
	spew("$dir/$hex.run.tmp-AbC123", 'stale');
	utime($now - 7200, $now - 7200, "$dir/$hex.run.tmp-AbC123") or die;
	spew("$dir/$hex.run.tmp-XyZ789", 'in use');
	local $ENV{ACQREL_CACHE_MB} = 1;
	# the tree's last change over a second old, so that a replay need not write the file again
	sleep(2);
	my $got = run($work, 'pairs', 'tree');
	is($got->{hit}, 0, 'budget: the run computes and writes its cache');
	ok(!-e $path{older} && !-e $path{old}, 'budget: the two files used longest ago are removed');
	ok(-e $path{recent}, 'budget: the one used an hour ago stays, within 1 MiB with the new one');
	is(scalar(cache_files()), 2, 'budget: the new file and the recent one are left');
	ok(-e "$dir/notes.txt", 'budget: a file of another name is not touched');
	ok(!-e "$dir/$hex.run.tmp-AbC123", 'budget: a temporary file two hours old is removed');
	ok(-e "$dir/$hex.run.tmp-XyZ789", 'budget: a fresh temporary file stays');
	unlink("$dir/notes.txt", "$dir/$hex.run.tmp-XyZ789", $path{recent});

	# a replay marks its file used
	my ($mine) = cache_files();
	utime($now - 86400, $now - 86400, $mine) or die;
	$got = run($work, 'pairs', 'tree');
	is($got->{hit}, 1, 'budget: the next run replays');
	ok((stat($mine))[9] >= $now - 60, 'budget: the replay marks the file used');
}

# ---- the real kernels ----
for my $ver (qw(6.12 6.1)) {
	chomp(my $tree = `sh '$top/scripts/kernel.sh' $ver 2>/dev/null`);
	SKIP: {
		skip("linux-source-$ver is not installed", 18) unless $tree && -d $tree;
		# the whole tree: eight runs, too slow under the sanitizers (TSan
		# takes minutes per run), where the copy of part of it below stays
		unless ($ENV{ACQREL_SANITIZE}) {
			cached($top, 0, "$ver pairs --json: first run", 'pairs', '--json', $tree);
			cached($top, 1, "$ver pairs --json: second run", 'pairs', '--json', $tree);
			cached($top, 0, "$ver sites --json: first run", 'sites', '--json', $tree);
			cached($top, 1, "$ver sites --json: second run", 'sites', '--json', $tree);
		}

		# touched and edited, in a copy of part of the tree (the tree itself is read only)
		my $part = "$tmp/linux-$ver";
		make_path($part);
		copy("$tree/MAINTAINERS", "$part/MAINTAINERS") or die;
		system('cp', '-R', "$tree/kernel", "$tree/include", $part) == 0 or die;
		my $file;
		find(sub { $file //= $File::Find::name if /\.c$/ && slurp($_) =~ /smp_wmb\(\);/ },
		     "$part/kernel");
		run($top, 'pairs', '--json', "$part/kernel");
		utime(undef, undef, $file) or die;
		cached($top, 1, "$ver pairs --json: after touching $file", 'pairs', '--json', "$part/kernel");
		spew($file, slurp($file) =~ s/smp_wmb\(\);/smp_mb();/r);
		cached($top, 0, "$ver pairs --json: after editing it", 'pairs', '--json', "$part/kernel");
	}
}

done_testing();
