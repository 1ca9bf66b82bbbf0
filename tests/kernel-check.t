#!/usr/bin/perl
# kernel-check.t: what scripts/kernel-check.pl counts as a barrier
# instruction on each architecture it builds (--count-barriers), on a small
# object of this test's own, compiled with the architecture's compiler: the
# barriers of each kind, objdump's aliases written as the barrier headers
# write them (ppc64's hwsync is sync, s390's bnor %r0 and br %r0 are
# bcr 14,0 and bcr 15,0), and instructions that are no memory barrier
# (riscv's fence.i, s390's return br %r14) left out. An architecture whose
# cross compiler is not installed is skipped (make kernel-check installs it).
# Also the change the check computes for the size of each variable
# (--computed), and the options that cannot go together.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

my $top = abs_path(dirname(__FILE__) . '/..');
my $script = "$top/scripts/kernel-check.pl";
my $tmp = tempdir(CLEANUP => 1);

# arch => [compiler prefix, extra flags, asm body, expected "KIND COUNT" lines]
my %cases = (
	x86_64 => ['', '', 'mfence\n lfence\n sfence\n lock addl $0,-4(%%rsp)\n xchg %%ax,%%ax',
		   "lfence 1\nlock addl 1\nmfence 1\nsfence 1\n"],
	arm64 => ['aarch64-linux-gnu-', '',
		  'dmb ishst\n dmb ishld\n dmb ishst\n ldar x1, [x0]\n stlrb w1, [x0]',
		  "dmb ishld 1\ndmb ishst 2\nldar 1\nstlrb 1\n"],
	riscv64 => ['riscv64-linux-gnu-', '',
		    'fence w,w\n fence r,r\n fence rw,w\n fence r,rw\n fence rw,rw\n fence r,r\n fence.i\n' .
		    ' amoswap.w.aqrl a5,a4,(a0)\n lr.d.aq a5,(a0)\n amoadd.w a5,a4,(a0)',
		    "amoswap.w.aqrl 1\nfence r,r 2\nfence r,rw 1\nfence rw,rw 1\nfence rw,w 1\nfence w,w 1\n" .
		    "lr.d.aq 1\n"],
	ppc64le => ['powerpc64le-linux-gnu-', '', 'lwsync\n sync\n lwsync\n isync\n eieio',
		    "eieio 1\nisync 1\nlwsync 2\nsync 1\n"],
	s390x => ['s390x-linux-gnu-', '', 'bcr 14,0\n bcr 15,0\n bcr 14,0',
		  "bcr 14,0 2\nbcr 15,0 1\n"],
	arm => ['arm-linux-gnueabihf-', '-marm -march=armv7-a -mfloat-abi=soft',
		'dmb ish\n dmb ishst\n dmb ish\n dsb sy', "dmb ish 2\ndmb ishst 1\ndsb sy 1\n"],
);

for my $arch (sort keys %cases) {
	my ($prefix, $flags, $asm, $want) = @{$cases{$arch}};
	SKIP: {
		skip "$arch: no ${prefix}gcc", 2
			unless system("command -v ${prefix}gcc >/dev/null 2>&1") == 0
			    && ($prefix || `uname -m` =~ /^x86_64/);
		my $c = "$tmp/$arch.c";
		open my $fh, '>', $c or die "$c: $!\n";
		print $fh "int x;\nvoid f(void)\n{\n\t__asm__ volatile(\"$asm\" ::: \"memory\");\n",
			  "\tx = 1;\n}\nvoid g(void)\n{\n\tx = 2;\n}\n";
		close $fh;
		is(system("${prefix}gcc -O2 $flags -c '$c' -o '$tmp/$arch.o'"), 0, "$arch: compiles");
		is(`perl '$script' --count-barriers $arch '$tmp/$arch.o' f`, $want,
		   "$arch: the barriers of f, counted as the headers name them");
	}
}
# a function with none, and a symbol the object does not have
SKIP: {
	skip 'no x86_64 object', 2 unless -f "$tmp/x86_64.o";
	is(`perl '$script' --count-barriers x86_64 '$tmp/x86_64.o' g`, '', 'g has no barrier');
	isnt(system("perl '$script' --count-barriers x86_64 '$tmp/x86_64.o' h 2>/dev/null"), 0,
	     'a missing symbol is an error');
}
# the computed side names the instruction of the variable's size (--computed,
# on tests/golden/cost/sizes.tree): arm64's stlrb for a bool and stlrh for a
# u16, also through typedefs, so that objdump's stlrb is no difference; where
# the size is assumed (a type acqrel cannot find), the word's stlr with the
# sizes merged on both sides
SKIP: {
	my $acqrel = "$top/build/acqrel";
	skip 'no build/acqrel', 6 unless -x $acqrel;
	my $tree = tempdir(CLEANUP => 1);
	system('cp', '-r', "$top/tests/golden/cost/sizes.tree/.", $tree) == 0 or die "cp failed\n";
	my $out = `perl '$script' --computed arm64 --include-review '$acqrel' '$tree'`;
	is($?, 0, '--computed runs') or diag($out);
	like($out, qr{^drivers/demo/sizes\.c demo_flag_put: dmb ishst -1, stlrb \+1$}m, 'a bool: stlrb');
	like($out, qr{^drivers/demo/sizes\.c demo_half_get: dmb ishld -1, ldarh \+1$}m, 'a u16: ldarh');
	like($out, qr{^drivers/demo/sizes\.c demo_slot_put: dmb ishst -1, stlrh \+1$}m,
	     'a typedef of a typedef of u16: stlrh');
	like($out, qr{^drivers/demo/sizes\.c demo_seq_put: dmb ishst -1, stlr \+1$}m, 'a long: stlr');
	like($out, qr{^drivers/demo/sizes\.c demo_cookie_put: dmb ishst -1, stlr \+1 \(the word size assumed: sizes merged\)$}m,
	     'a size assumed: the word, sizes merged');
}
# an end whose barrier stays (a full smp_mb() writer next to an smp_wmb()
# one, as fs/namespace.c's mntput_no_expire()) is left out of the computed
# side: the patch does not touch it
SKIP: {
	my $acqrel = "$top/build/acqrel";
	skip 'no build/acqrel', 3 unless -x $acqrel;
	my $tree = tempdir(CLEANUP => 1);
	system('cp', '-r', "$top/tests/golden/cost/sizes.tree/.", $tree) == 0 or die "cp failed\n";
	open(my $fh, '>', "$tree/drivers/demo/stays.c") or die;
	print $fh "struct demo_mnt {\n\tint flags;\n\tint ro;\n};\n\n" .
		  "void demo_unhold(struct demo_mnt *m)\n{\n\tm->ro = 1;\n\tsmp_wmb();\n\tm->flags = 0;\n}\n\n" .
		  "void demo_put(struct demo_mnt *m)\n{\n\tm->ro = 2;\n\tsmp_mb();\n\tm->flags = 1;\n}\n\n" .
		  "int demo_get(struct demo_mnt *m)\n{\n\tif (READ_ONCE(m->flags))\n\t\treturn -1;\n" .
		  "\tsmp_rmb();\n\treturn m->ro;\n}\n";
	close($fh);
	my $out = `perl '$script' --computed arm64 '$acqrel' '$tree'`;
	like($out, qr{^drivers/demo/stays\.c demo_unhold: dmb ishst -1, stlr \+1$}m, 'the smp_wmb() writer converts');
	like($out, qr{^drivers/demo/stays\.c demo_get: dmb ishld -1, ldar \+1$}m, 'the reader converts');
	unlike($out, qr{demo_put}, 'the smp_mb() writer stays: nothing computed for it') or diag($out);
}
# --all belongs to --bugs, and --bugs builds no review protocols: both refused before any work
for my $args ('--all', '--bugs --include-review') {
	my $out = `perl '$script' $args /nonexistent/acqrel /nonexistent/tree 2>&1`;
	isnt($?, 0, "kernel-check $args is refused");
	like($out, qr/^usage: kernel-check\.pl .*--bugs \[--all\]/, "kernel-check $args prints the usage");
}
done_testing;
