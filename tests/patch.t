#!/usr/bin/perl
# patch.t: the diff of `acqrel patch --diff` over the golden fixtures applies
# with `git apply` to a git copy of them, and afterwards `acqrel pairs`
# reports each rewritten protocol as converted and nothing left to convert
# (a second run finds no work).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $tmp = tempdir(CLEANUP => 1);

system('sh', '-c', "mkdir '$tmp'/pairs '$tmp'/patch && cp '$top'/tests/golden/pairs/*.c '$tmp'/pairs/ && " .
       "cp '$top'/tests/golden/patch/*.c '$tmp'/patch/ && " .
       "cd '$tmp' && git init -q && git add . && " .
       "git -c user.email=t\@acqrel.invalid -c user.name=t commit -qm fixtures") == 0
	or BAIL_OUT("cannot set up a git copy of the fixtures");

sub verdicts {
	my $out = `cd '$tmp' && '$acqrel' pairs pairs/*.c patch/*.c 2>/dev/null`;
	my %v;
	while ($out =~ /^(\S+): protocol (.*?): (convert|review|keep|converted)$/mg) {
		$v{"$1 $2"} = $3;
	}
	return %v;
}

my %before = verdicts();
my @convert = sort grep { $before{$_} eq 'convert' } keys %before;
ok(@convert >= 10, scalar(@convert) . " protocols to convert in the fixtures");

my $diff = `cd '$tmp' && '$acqrel' patch --diff pairs/*.c patch/*.c 2>'$tmp/.left'`;
ok(length($diff) > 0, 'acqrel patch --diff printed a diff');
my $left = do { local (@ARGV, $/) = ("$tmp/.left"); <> } // '';
open(my $fh, '>', "$tmp/.diff") or die;
print $fh $diff;
close($fh);
is(system('sh', '-c', "cd '$tmp' && git apply --check .diff"), 0, 'the diff applies (git apply --check)');
# GNU patch too: it takes a hunk with less context after it than before for
# one that ends the file, and additions may come before removals
SKIP: {
	skip 'no patch(1)', 1 unless system('sh', '-c', 'command -v patch >/dev/null') == 0;
	is(system('sh', '-c', "cd '$tmp' && patch -p1 --dry-run -s -f < .diff"), 0,
	   'the diff applies (patch -p1 --dry-run)');
}
is(system('sh', '-c', "cd '$tmp' && git apply .diff"), 0, 'the diff applies (git apply)');

my %after = verdicts();
my @still = grep { $after{$_} eq 'convert' } sort keys %after;
my @left = $left =~ /^\S+?:\d+: note: protocol (.*) left for the author/mg;
my %left = map { $_ => 1 } @left;
ok(!grep({ my ($v) = /^\S+ (\S+)/; !$left{$v} } @still),
   'after applying, nothing is left to convert but what was left for the author')
	or diag("still convert: @still");
my $again = `cd '$tmp' && '$acqrel' patch --diff pairs/*.c patch/*.c 2>&1 >/dev/null`;
my ($rewritten) = $again =~ /(\d+) protocols rewritten/;
is($rewritten, 0, 'a second patch run rewrites nothing');

# each rewritten protocol is converted now (its first line may move: match file and variable)
my %converted = map { /^(\S+?):\d+ (\S+)/ ? ("$1 $2" => 1) : () }
		grep { $after{$_} eq 'converted' } keys %after;
my @missing = grep { my ($f, $v) = /^(\S+?):\d+ (\S+)/; !$converted{"$f $v"} && !$left{$v} } @convert;
ok(!@missing, 'every rewritten protocol is reported as converted afterwards')
	or diag("not converted: @missing");

# every fixture the rewrite touches parses with no new ERROR nodes, with the
# review protocols too (their rewrites cover shapes 5 to 12)
my $errors = "$ENV{UNIT_DIR}/ts-errors";
SKIP: {
	skip 'ts-errors not built (UNIT_DIR)', 3 unless $ENV{UNIT_DIR} && -x $errors;
	for my $mode ('', '--include-review') {
		system('sh', '-c', "cd '$tmp' && git reset -q --hard") == 0 or die;
		my $d = `cd '$tmp' && '$acqrel' patch --diff $mode pairs/*.c patch/*.c 2>/dev/null`;
		my @files = $d =~ /^\+\+\+ b\/(\S+)$/mg;
		my $count = sub {
			my %n = map { split ' ' } `cd '$tmp' && '$errors' @files`;
			return %n;
		};
		my %was = $count->();
		open(my $dh, '>', "$tmp/.diff") or die;
		print $dh $d;
		close($dh);
		if ($mode) {
			is(system('sh', '-c', "cd '$tmp' && git apply .diff"), 0,
			   "the diff with $mode applies");
		} else {
			system('sh', '-c', "cd '$tmp' && git apply .diff") == 0 or die;
		}
		my %now = $count->();
		my @worse = grep { $now{$_} > $was{$_} } @files;
		ok(@files && !@worse, 'after the rewrite' . ($mode ? " with $mode" : '') . ', ' .
		   scalar(@files) . ' files parse with no new ERROR nodes') or diag("worse: @worse");
	}
}
# issue 10: checkpatch (the 6.12 tree's) finds the comment of every barrier,
# acquire and release line of the diff that a comment ends right above: the
# "Pairs with" note folded into a block comment is seen. The lines it still
# flags have their note above the statement they continue (a loop body, a
# continuation line), where no comment ends right above them.
SKIP: {
	my $checkpatch = "$top/.kernel/linux-source-6.12/scripts/checkpatch.pl";
	skip 'no linux-source-6.12 checkpatch.pl', 2 unless -f $checkpatch;
	for my $mode ('', '--include-review') {
		system('sh', '-c', "cd '$tmp' && git reset -q --hard") == 0 or die;
		my $d = `cd '$tmp' && '$acqrel' patch --diff $mode pairs/*.c patch/*.c 2>/dev/null`;
		open(my $dh, '>', "$tmp/.diff") or die;
		print $dh $d;
		close($dh);
		my $report = `perl '$checkpatch' --no-tree --no-signoff --strict --show-types '$tmp/.diff' 2>&1`;
		system('sh', '-c', "cd '$tmp' && git apply .diff") == 0 or die;
		my (@under_comment, $flagged);
		while ($report =~ /^WARNING:MEMORY_BARRIER: memory barrier without comment\n#\d+: FILE: (\S+):(\d+):/mg) {
			my ($file, $line) = ($1, $2);
			my @lines = do { local @ARGV = ("$tmp/$file"); <> };
			$flagged++;
			push(@under_comment, "$file:$line") if $line > 1 && $lines[$line - 2] =~ /\*\/\s*$/;
		}
		ok($report =~ /^total: /m && !@under_comment,
		   'checkpatch sees the comment right above each barrier line' . ($mode ? " with $mode" : '') .
		   ' (' . ($flagged // 0) . ' flagged lines with their note above the statement)')
			or diag("flagged under a comment: @under_comment");
	}
	system('sh', '-c', "cd '$tmp' && git reset -q --hard") == 0 or die;
}
# issue 12.9: a CRLF file is rewritten as its LF twin is, and keeps CRLF
{
	my $t = tempdir(CLEANUP => 1);
	mkdir("$t/lf");
	mkdir("$t/crlf");
	for my $f (glob("'$top'/tests/golden/pairs/*.c"), glob("'$top'/tests/golden/patch/*.c")) {
		my $text = do { local (@ARGV, $/) = ($f); <> };
		(my $name = $f) =~ s{.*/golden/(\w+)/}{$1-};
		open(my $a, '>:raw', "$t/lf/$name") or die;
		print $a $text;
		close($a);
		$text =~ s/\n/\r\n/g;
		open(my $b, '>:raw', "$t/crlf/$name") or die;
		print $b $text;
		close($b);
	}
	my $lf = `cd '$t/lf' && '$acqrel' patch --diff *.c 2>/dev/null`;
	my $crlf = `cd '$t/crlf' && '$acqrel' patch --diff *.c 2>'$t/crlf.err'`;
	(my $stripped = $crlf) =~ s/\r\n/\n/g;
	ok(length($lf) > 1000 && $stripped eq $lf, 'CRLF fixtures: the same diff as their LF twins, with CRLF lines')
		or diag(`cat '$t/crlf.err'`);
	open(my $dh, '>:raw', "$t/crlf.diff") or die;
	print $dh $crlf;
	close($dh);
	is(system('sh', '-c', "cd '$t/crlf' && git apply '$t/crlf.diff'"), 0, 'CRLF fixtures: the diff applies');
	my @bare = grep { my $x = do { local (@ARGV, $/) = ($_); <> }; $x =~ /(?<!\r)\n/ } glob("$t/crlf/*.c");
	ok(!@bare, 'CRLF fixtures: every line still ends in CRLF after the rewrite') or diag("@bare");
}
# assembly files under arch/ that name a rewritten protocol's functions are
# listed in the notes, by whole word, with their line; the .S stays as it is
{
	my $t = tempdir(CLEANUP => 1);
	mkdir("$t/arch");
	mkdir("$t/arch/demo");
	open(my $c, '>', "$t/arch/demo/ring.c") or die;
	print $c "struct demo_ring { int data; int head; };\n\n" .
		 "void demo_ring_publish(struct demo_ring *r, int v)\n{\n\tr->data = v;\n\tsmp_wmb();\n" .
		 "\tWRITE_ONCE(r->head, 1);\n}\n\n" .
		 "int demo_ring_consume(struct demo_ring *r)\n{\n\tif (!READ_ONCE(r->head))\n\t\treturn -1;\n" .
		 "\tsmp_rmb();\n\treturn r->data;\n}\n";
	close($c);
	my $asm = "/* demo entry code */\n\t/* Pairs with smp_wmb() in demo_ring_publish() */\n" .
		  "\tbl\tdemo_ring_publish_all\n\tbl\tdemo_ring_consume\n";
	open(my $s, '>', "$t/arch/demo/entry.S") or die;
	print $s $asm;
	close($s);
	my $err = `cd '$t' && '$acqrel' patch --diff . 2>&1 >/dev/null`;
	my @named = $err =~ /^(arch\/demo\/entry\.S:\d+: names \w+\(\))/mg;
	is_deeply(\@named, ['arch/demo/entry.S:2: names demo_ring_publish()',
			    'arch/demo/entry.S:4: names demo_ring_consume()'],
		  'assembly: the lines of a .S under arch/ that name the functions are listed, whole words only')
		or diag($err);
	my $after = do { local (@ARGV, $/) = ("$t/arch/demo/entry.S"); <> };
	is($after, $asm, 'assembly: the .S file is not changed');
}
done_testing();
