#!/usr/bin/perl
# litmus.t: acqrel litmus on the synthetic tests of tests/litmus (each says
# what herd7 prints for it in a trailing comment: check-observation,
# check-states, check-flags), under the models of both kernels; bad input in
# tests/litmus/bad (check-error: LINE:COL: message) and generated here (huge,
# deep, binary, 30 processes, broken models): one clear line each, the run
# goes on with the next file, no crash, no hang; the herd7 wrapper under the
# kernel's own scripts. Run from the repository root; ACQREL names the binary.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(basename dirname);
use File::Copy qw(copy);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use FindBin;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = dirname($FindBin::RealBin);
my $sanitize = $ENV{ACQREL_SANITIZE};
my $tmp = tempdir(CLEANUP => 1);
my $n = 0;
my $failed = 0;

sub ok {
	my ($cond, $name, @diag) = @_;
	$n++;
	print(($cond ? "ok" : "not ok") . " $n - $name\n");
	print map { "#   $_\n" } map { split /\n/ } @diag unless $cond;
	$failed++ unless $cond;
	return $cond;
}

sub skip {
	my ($name, $why) = @_;
	$n++;
	print "ok $n # skip $name: $why\n";
}

sub read_file {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or die "$path: $!\n";
	local $/;
	my $data = <$fh> // '';
	close($fh);
	return $data;
}

sub write_file {
	my ($path, $data) = @_;
	open(my $fh, '>:raw', $path) or die "$path: $!\n";
	print $fh $data;
	close($fh);
}

sub shq {
	my ($s) = @_;
	$s =~ s/'/'\\''/g;
	return "'$s'";
}

# Runs acqrel litmus with a time limit (and, outside sanitizer builds, a
# memory limit); returns (stdout, stderr, exit status, seconds).
sub run {
	my ($args, %opt) = @_;
	my $limit = $sanitize ? '' : 'ulimit -v 2097152; ';
	my $env = $opt{env} // '';
	my $secs = $opt{timeout} // 120;
	my $cmd = "${limit}${env} timeout $secs " . shq($acqrel) . " litmus $args" .
		  " >'$tmp/out' 2>'$tmp/err'";
	my $t0 = time;
	system('sh', '-c', $cmd);
	my $status = $? >> 8;
	$status = 128 + ($? & 127) if $? & 127;
	return (read_file("$tmp/out"), read_file("$tmp/err"), $status, time - $t0);
}

# the expectations written in a fixture's trailing comment
sub expectations {
	my ($path) = @_;
	my $text = read_file($path);
	my %exp;
	while ($text =~ /^\s*\*\s*check-([a-z]+):\s*(.*?)\s*$/mg) {
		$exp{$1} = $2;
	}
	return \%exp;
}

# herd7's report, split into one hash per test: name, observation, states,
# flags (sorted, space separated), the whole text
sub reports {
	my ($out) = @_;
	my @r;
	for my $block (split /\n\n+/, $out) {
		next unless $block =~ /^Test (\S+) (Allowed|Required|Forbidden)$/m;
		my %r = (name => $1, text => $block);
		$r{observation} = "$1 $2 $3" if $block =~ /^Observation \S+ (\w+) (\d+) (\d+)$/m;
		$r{states} = $1 if $block =~ /^States (\d+)$/m;
		$r{flags} = join(' ', sort($block =~ /^Flag (\S+)$/mg));
		push @r, \%r;
	}
	return @r;
}

# the kernels' models (scripts/kernel.sh installs a missing tree)
my %model;
for my $v (qw(6.12 6.1)) {
	my $tree = `cd '$top' && sh scripts/kernel.sh $v`;
	chomp($tree);
	$model{$v} = "$tree/tools/memory-model" if $? == 0 && -f "$tree/tools/memory-model/linux-kernel.cfg";
}
my $m612 = $model{'6.12'};
unless ($m612) {
	print "1..0 # skip the 6.12 kernel tree cannot be installed (scripts/kernel.sh 6.12)\n";
	exit 0;
}

my @good = sort glob("$top/tests/litmus/*.litmus");
my @bad = sort glob("$top/tests/litmus/bad/*.litmus");

# --- the fixtures, under each model, all in one run ---------------------------
for my $v (sort keys %model) {
	my ($out, $err, $st) = run('--model ' . shq($model{$v}) . ' ' . join(' ', map { shq($_) } @good));
	ok($st == 0 && $err eq '', "$v model: every fixture checked, exit 0", "exit $st", $err);
	my @r = reports($out);
	ok(@r == @good, "$v model: one report per fixture, in order", scalar(@r) . " reports");
	for my $i (0 .. $#good) {
		my $f = $good[$i];
		my $exp = expectations($f);
		my $r = $r[$i] // {};
		my $name = basename($f, '.litmus');
		my @why;
		push @why, "name: $r->{name}" unless ($r->{name} // '') eq $name;
		for my $k (qw(observation states flags)) {
			my $want = $exp->{$k} // ($k eq 'flags' ? '' : undef);
			next unless defined $want;
			$want = join(' ', sort split(' ', $want)) if $k eq 'flags';
			push @why, "$k: want '$want', got '" . ($r->{$k} // '(none)') . "'"
				unless ($r->{$k} // '') eq $want;
		}
		ok(!@why, "$v model: $name: " . ($exp->{name} // ''), @why, $r->{text} // '');
	}
}

# --- every primitive of each model's .def file runs -----------------------------
for my $v (sort keys %model) {
	my $def = read_file("$model{$v}/linux-kernel.def");
	my (@files, @names);
	while ($def =~ /^(\w+)\(([^)]*)\)(.*)$/mg) {
		my ($name, $args, $body) = ($1, $2, $3);
		# READ_ONCE(*x) but smp_load_acquire(x): as the body uses X
		my $loc = $name =~ /^atomic_/ ? 'a' : $name =~ /^spin_/ ? 'l' : $name =~ /srcu/ ? 's' :
			  $body =~ /\*X\b/ ? 'x' : '*x';
		my @call = map { $_ eq 'X' ? $loc : $_ eq 'V' ? '1' : $_ eq 'W' ? '2' : $_ eq 'Y' ? 'r9' : $_ }
			   split /,/, $args;
		my $call = "$name(" . join(', ', @call) . ')';
		my $pre = $name =~ /^srcu_(read_unlock|up_read)$/ ? "\tr9 = srcu_read_lock(s);\n" : '';
		# a primitive with a value is assigned, one without is a statement
		my $stmt = $def =~ /^\Q$name\E\([^)]*\)\s*\{/m ? "\t$call;\n" : "\tr0 = $call;\n";
		my $f = "$tmp/prim-$v-$name.litmus";
		write_file($f, "C prim-$name\n{\natomic_t a = ATOMIC_INIT(0);\n}\n\n" .
			   "P0(int *x, atomic_t *a, spinlock_t *l, struct srcu_struct *s)\n{\n" .
			   "\tint r0 = 0;\n\tint r9 = 0;\n\n$pre$stmt}\n\n" .
			   "P1(int *x, atomic_t *a)\n{\n\tWRITE_ONCE(*x, 1);\n\tatomic_set(a, 1);\n}\n\n" .
			   "exists (0:r0=1)\n");
		push @files, $f;
		push @names, $name;
	}
	my ($out, $err, $st) = run('--model ' . shq($model{$v}) . ' ' . join(' ', map { shq($_) } @files));
	my @r = reports($out);
	ok($st == 0 && $err eq '' && @r == @files && @files > 80,
	   "$v model: each of the " . scalar(@files) . " primitives of linux-kernel.def runs", "exit $st", $err);
}

# --- herd7's format, line by line -------------------------------------------
{
	my ($out, $err, $st) = run('--model ' . shq($m612) . ' ' . shq("$top/tests/litmus/mp-once.litmus"));
	$out =~ s/^Time mp-once \d+\.\d\d$/Time mp-once T/m;
	$out =~ s/^Hash=[0-9a-f]{32}$/Hash=H/m;
	my $want = <<'EOF';
Test mp-once Allowed
States 4
1:r0=0; 1:r1=0;
1:r0=0; 1:r1=1;
1:r0=1; 1:r1=0;
1:r0=1; 1:r1=1;
Ok
Witnesses
Positive: 1 Negative: 3
Condition exists (1:r0=1 /\ 1:r1=0)
Observation mp-once Sometimes 1 3
Time mp-once T
Hash=H

EOF
	ok($out eq $want && $st == 0, "herd7's report format", "got:", $out);
}

# --- the model: ACQREL_MODEL, else the tree holding the test ------------------
{
	my $f = "$top/tests/litmus/mp-once.litmus";
	my ($out, $err, $st) = run(shq($f), env => 'ACQREL_MODEL=' . shq($m612));
	ok($st == 0 && $out =~ /^Observation mp-once Sometimes 1 3$/m, 'ACQREL_MODEL names the model',
	   "exit $st", $err);
	($out, $err, $st) = run(shq($f), env => 'env -u ACQREL_MODEL');
	ok($st == 1 && $err =~ /^\Q$f\E: error: no model: .*--model DIR or set ACQREL_MODEL$/ &&
	   ($err =~ tr/\n//) == 1, 'no model: one line saying how to name one', "exit $st", $err);
	my $tree = "$tmp/tree";
	make_path("$tree/tools/memory-model", "$tree/Documentation/litmus-tests/x");
	copy("$m612/$_", "$tree/tools/memory-model/$_") or die "$_: $!\n"
		for qw(linux-kernel.cfg linux-kernel.def linux-kernel.bell linux-kernel.cat lock.cat);
	copy($f, "$tree/Documentation/litmus-tests/x/mp-once.litmus") or die;
	($out, $err, $st) = run(shq("$tree/Documentation/litmus-tests/x/mp-once.litmus"),
				env => 'env -u ACQREL_MODEL');
	ok($st == 0 && $out =~ /^Observation mp-once Sometimes 1 3$/m,
	   "the model of the kernel tree holding the test", "exit $st", $err);
	($out, $err, $st) = run('-conf linux-kernel.cfg ' . shq("$tree/Documentation/litmus-tests/x/mp-once.litmus"),
				env => "cd '$tree/tools/memory-model' && env -u ACQREL_MODEL");
	ok($st == 0 && $out =~ /^Observation mp-once Sometimes 1 3$/m,
	   "herd7's -conf linux-kernel.cfg", "exit $st", $err);
}

# --- bad tests: one line each, with line and column --------------------------
for my $f (@bad) {
	my $exp = expectations($f);
	my ($out, $err, $st) = run('--model ' . shq($m612) . ' ' . shq($f));
	my $want = "$f:$exp->{error}";
	$want =~ s/^(\S+?:\d+:\d+): /$1: error: /;
	ok($st == 1 && $out eq '' && $err eq "$want\n", 'bad test ' . basename($f) . ": $exp->{name}",
	   "exit $st", "want: $want", "got: $err");
}

# the run goes on after a bad test, and says one went wrong
{
	my @files = ("$top/tests/litmus/mp-once.litmus", $bad[0], "$top/tests/litmus/sb-mb.litmus");
	my ($out, $err, $st) = run('--jobs 2 --model ' . shq($m612) . ' ' . join(' ', map { shq($_) } @files));
	my @r = reports($out);
	ok($st == 1 && @r == 2 && $r[0]{name} eq 'mp-once' && $r[1]{name} eq 'sb-mb' &&
	   ($err =~ tr/\n//) == 1 && $err =~ /^\Q$bad[0]\E:\d+:\d+: error: /,
	   'a bad test among good ones: one line, the others checked, exit 1', "exit $st", $err, $out);
	($out, $err, $st) = run('--model ' . shq($m612) . ' ' . shq("$tmp/nosuch.litmus") . ' ' . shq($files[0]));
	ok($st == 1 && reports($out) == 1 && $err =~ /^\Q$tmp\E\/nosuch.litmus: error: .*No such file/ &&
	   ($err =~ tr/\n//) == 1, 'a missing file: one line, the others checked', "exit $st", $err);
}

# --- generated bad input -----------------------------------------------------
sub one_error {
	my ($file, $args, $re, $name, %opt) = @_;
	my ($out, $err, $st, $secs) = run("$args " . shq($file), %opt);
	ok($st == 1 && $out eq '' && $err =~ $re && ($err =~ tr/\n//) == 1, $name,
	   "exit $st after ${secs}s", $err);
}

my $mopt = '--model ' . shq($m612);
write_file("$tmp/empty.litmus", '');
one_error("$tmp/empty.litmus", $mopt, qr/^\Q$tmp\E\/empty.litmus:1:1: error: not a C litmus test/,
	  'an empty file');
write_file("$tmp/binary.litmus", "C bin\n{}\n\0\x01\x02\xff" x 100);
one_error("$tmp/binary.litmus", $mopt, qr/^\Q$tmp\E\/binary.litmus: error: binary file/, 'a binary file');
write_file("$tmp/garbage.litmus", join('', map { chr(32 + ($_ * 7919) % 95) } 1 .. 5000));
one_error("$tmp/garbage.litmus", $mopt, qr/^\Q$tmp\E\/garbage.litmus:\d+:\d+: error: /, 'printable garbage');
write_file("$tmp/many.litmus", "C many\n{}\nP0(int *x)\n{\n" .
	   join('', map { "\tWRITE_ONCE(*x, $_);\n" } 1 .. 300) . "}\nexists (x=1)\n");
one_error("$tmp/many.litmus", $mopt, qr/^\Q$tmp\E\/many.litmus:\d+:\d+: error: more than 256 events/,
	  'more events than acqrel handles');
write_file("$tmp/deep-expr.litmus", "C deep\n{}\nP0(int *x)\n{\n\tint r0;\n\tr0 = " . '(' x 100000 .
	   '1' . ')' x 100000 . ";\n}\nexists (0:r0=1)\n");
one_error("$tmp/deep-expr.litmus", $mopt, qr/:6:\d+: error: nested deeper than \d+$/,
	  'an expression nested 100000 deep');
write_file("$tmp/deep-if.litmus", "C deep\n{}\nP0(int *x)\n{\n\tint r0 = 0;\n" . "if (r0) {\n" x 20000 .
	   "r0 = 1;\n" . "}\n" x 20000 . "}\nexists (0:r0=1)\n");
one_error("$tmp/deep-if.litmus", $mopt, qr/: error: nested deeper than \d+$/, "'if' nested 20000 deep");
write_file("$tmp/deep-cond.litmus", "C deep\n{}\nP0(int *x)\n{\n\tint r0 = 0;\n}\nexists " .
	   '~(' x 50000 . '0:r0=1' . ')' x 50000 . "\n");
one_error("$tmp/deep-cond.litmus", $mopt, qr/: error: nested deeper than \d+$/,
	  'a condition nested 50000 deep');
write_file("$tmp/number.litmus", "C big\n{}\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 99999999999999999999999);\n}\n" .
	   "exists (x=1)\n");
one_error("$tmp/number.litmus", $mopt, qr/:5:\d+: error: .*number/, 'a number out of range');

# 30 processes: a ring of store buffering, with and without full barriers
sub ring {
	my ($nproc, $barrier) = @_;
	my $s = "C ring$nproc\n{}\n\n";
	for my $i (0 .. $nproc - 1) {
		my $j = ($i + 1) % $nproc;
		$s .= "P$i(int *x$i, int *x$j)\n{\n\tint r0;\n\n\tWRITE_ONCE(*x$i, 1);\n" .
		      ($barrier ? "\t$barrier;\n" : '') . "\tr0 = READ_ONCE(*x$j);\n}\n\n";
	}
	return $s . 'exists (' . join(' /\\ ', map { "$_:r0=0" } 0 .. $nproc - 1) . ")\n";
}
write_file("$tmp/ring30-mb.litmus", ring(30, 'smp_mb()'));
write_file("$tmp/ring30.litmus", ring(30, ''));
{
	my ($out, $err, $st, $secs) = run("$mopt --timeout 20 '$tmp/ring30-mb.litmus' '$tmp/ring30.litmus'");
	my @r = reports($out);
	ok($st == 0 && @r == 2 && $r[0]{observation} =~ /^Never 0 / && $r[1]{observation} =~ /^Sometimes [1-9]/,
	   '30 processes: store buffering forbidden with smp_mb(), allowed without', "exit $st", $err, $out);
}
# 30 processes writing the same two locations: a verdict or a limit, soon
{
	my $s = "C co30\n{}\n\n";
	for my $i (0 .. 29) {
		$s .= "P$i(int *x, int *y)\n{\n\tint r0;\n\n\tWRITE_ONCE(*x, " . ($i + 1) .
		      ");\n\tr0 = READ_ONCE(*y);\n\tWRITE_ONCE(*y, " . ($i + 1) . ");\n}\n\n";
	}
	write_file("$tmp/co30.litmus", $s . "exists (x=1 /\\ y=1 /\\ 0:r0=2)\n");
	my ($out, $err, $st, $secs) = run("$mopt --timeout 5 '$tmp/co30.litmus'", timeout => 60);
	ok(($st == 0 && reports($out) == 1) ||
	   ($st == 1 && $err =~ /^\Q$tmp\E\/co30.litmus: error: time limit of 5 s \(--timeout\) reached/),
	   '30 processes on two locations: a verdict or the time limit', "exit $st after ${secs}s", $err);
	one_error("$tmp/co30.litmus", "$mopt --exhaustive --timeout 1",
		  qr/^\Q$tmp\E\/co30.litmus: error: time limit of 1 s \(--timeout\) reached after \d+ candidate executions; no verdict$/,
		  'counting every execution: the time limit ends it with one line', timeout => 60);
	one_error("$tmp/co30.litmus", "$mopt --exhaustive --max-execs 1000",
		  qr/^\Q$tmp\E\/co30.litmus: error: limit of 1000 candidate executions \(--max-execs\) reached; no verdict$/,
		  'the limit on candidate executions ends it with one line', timeout => 60);
}

# --- broken models -----------------------------------------------------------
sub model_copy {
	my ($dir, %edit) = @_;
	make_path($dir);
	for my $f (qw(linux-kernel.cfg linux-kernel.def linux-kernel.bell linux-kernel.cat lock.cat)) {
		my $text = read_file("$m612/$f");
		next if exists $edit{$f} && !defined $edit{$f};
		$text = $edit{$f}->($text) if $edit{$f};
		write_file("$dir/$f", $text);
	}
	return $dir;
}

my $fix = "$top/tests/litmus/mp-once.litmus";
sub model_error {
	my ($dir, $re, $name) = @_;
	my ($out, $err, $st) = run('--model ' . shq($dir) . ' ' . shq($fix) . ' ' . shq($fix));
	my @lines = split /\n/, $err;
	ok($st == 1 && $out eq '' && @lines >= 1 && !grep({ $_ !~ $re } @lines), $name, "exit $st", $err);
}

model_error("$tmp/no-such-dir", qr/^\Q$tmp\E\/no-such-dir: error: model folder not found/,
	    'a missing model folder');
make_path("$tmp/empty-model");
model_error("$tmp/empty-model", qr/^\Q$tmp\E\/empty-model: error: not a model folder \(no linux-kernel.cfg\)$/,
	    'a folder without a .cfg');
my $d = model_copy("$tmp/m-syntax", 'linux-kernel.cat' => sub { $_[0] =~ s/^let mb = /let mb = (/m; $_[0] });
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: '\)' expected, found keyword 'let'$/,
	    'a .cat with a syntax error');
$d = model_copy("$tmp/m-unbound", 'linux-kernel.cat' => sub { $_[0] =~ s/^let mb = /let mb = nosuch | /m; $_[0] });
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: unbound name 'nosuch'$/, 'a .cat with an unbound name');
$d = model_copy("$tmp/m-cycle", 'lock.cat' => sub { $_[0] . "include \"linux-kernel.cat\"\n" });
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: "lock.cat" includes itself$/,
	    'a .cat including itself through another');
$d = model_copy("$tmp/m-noinclude", 'lock.cat' => undef);
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: cannot find included file "lock.cat"$/,
	    'a .cat including a missing file');
$d = model_copy("$tmp/m-nobell", 'linux-kernel.bell' => undef);
model_error($d, qr/^\Q$d\E\/linux-kernel.bell: error: cannot open: No such file/, 'a .cfg naming a missing .bell');
$d = model_copy("$tmp/m-deep", 'linux-kernel.cat' => sub { $_[0] . 'let deep = ' . '(' x 10000 . 'po' . ')' x 10000 . "\n" });
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: expression nested deeper than \d+$/,
	    'a .cat expression nested 10000 deep');
$d = model_copy("$tmp/m-recurse", 'linux-kernel.cat' => sub { $_[0] . "let rec f x = f x\nlet y = f po\n" });
model_error($d, qr/^\Q$d\E\/linux-kernel.cat:\d+:\d+: error: calls nested deeper than \d+$/,
	    'a .cat function calling itself forever');
$d = model_copy("$tmp/m-byte", 'linux-kernel.bell' => sub { "\x01" . $_[0] });
model_error($d, qr/^\Q$d\E\/linux-kernel.bell:1:1: error: unexpected byte 0x01$/, 'a .bell with a stray byte');
$d = model_copy("$tmp/m-def", 'linux-kernel.def' => sub { "READ_ONCE(X) __load{once}(X\n" . $_[0] });
model_error($d, qr/^\Q$d\E\/linux-kernel.def:\d+:\d+: error: /, 'a .def with a syntax error');

# --- usage -------------------------------------------------------------------
for my $case (['', 'no test'], ['--bogus x.litmus', 'an unknown option'],
	      ['--timeout abc x.litmus', 'a bad number'], ['--model', 'an option without its value']) {
	my ($out, $err, $st) = run($case->[0]);
	ok($st == 2 && $out eq '' && $err =~ /usage: acqrel litmus|acqrel litmus: /, "usage: $case->[1]: exit 2",
	   "exit $st", $err);
}

# --- the kernel's scripts with scripts/herd7 in herd7's place ------------------
for my $v (sort keys %model) {
	my $mm = "$tmp/mm-$v";
	system('cp', '-r', $model{$v}, $mm) == 0 or die "cp $model{$v}: $?\n";
	my $cmd = "cd '$mm' && PATH=" . shq("$top/scripts") . ":\$PATH ACQREL=" . shq($acqrel) .
		  " timeout 600 bash scripts/checkalllitmus.sh >'$tmp/out' 2>&1";
	system('sh', '-c', $cmd);
	my $st = $? >> 8;
	my $log = read_file("$tmp/out");
	ok($st == 0 && $log =~ /^All litmus tests verified as was expected\.$/m,
	   "$v: the kernel's checkalllitmus.sh with scripts/herd7", "exit $st",
	   join("\n", grep { /!!!|error|mismatch/i } split /\n/, $log));
}

print "1..$n\n";
exit($failed ? 1 : 0);
