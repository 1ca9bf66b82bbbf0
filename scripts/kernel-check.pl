#!/usr/bin/perl
# kernel-check.pl ACQREL TREE: builds what `acqrel patch` changes in a kernel
# tree, before and after the series, for x86_64 and arm64 (--arch adds
# riscv64, ppc64le, s390x and 32-bit arm, each with Debian's cross compiler),
# and compares the barrier instructions it measures with what `acqrel cost`
# computes from the tree's barrier headers.
#
# For each architecture: its defconfig (ppc64le_defconfig for ppc64le,
# multi_v7_defconfig for arm) plus the options the touched files need
# (found from the Makefiles that name their objects and the Kconfig entries of
# those options), the objects of the touched files built from a hard-linked
# copy of the tree, the series applied to that copy, the same objects built
# again. Reports build errors, warnings the series adds, and for each function
# of a converted protocol the barrier instructions before and after (objdump);
# also whether the series applies, the tree-sitter ERROR nodes of the touched
# files before and after, and checkpatch.pl --no-tree on each patch.
#
# Computed against measured: for each function with a converted end that
# has a symbol of its own, the change acqrel cost predicts (each barrier
# site of a converted end removed once, each converted access adding its
# release or acquire; only barrier instructions, not the plain load or
# store) against the change objdump measures in that function (inlined
# callees included), per kind of barrier instruction. Every difference is
# printed by function, architecture, computed and measured.
# Exit status: 0 clean, 1 a build error, a new warning, a new ERROR node or a
# checkpatch complaint, 2 could not run. A computed/measured difference is
# reported, not counted in the status: the compiler may duplicate or inline
# what the model counts once.
#
# Options: --arch LIST (default x86_64,arm64; "all" is x86_64, arm64,
# riscv64, ppc64le, s390x and arm), --work DIR (default .kcheck), --jobs N
# (default: the number of CPUs), --include-review (also the review
# protocols, as `acqrel patch --include-review`).
# --bugs [--all] builds the fix series of `acqrel bugs -o` (every class with
# --all) instead: whether each fix applies and builds, with no new warning,
# no new ERROR node and checkpatch silent; no barrier counts are compared
# (a fix adds an acquire; acqrel cost models conversions, not fixes).
# kernel-check.pl --count-barriers ARCH OBJECT [FUNCTION] prints the barrier
# instructions of an object (or of one function of it) as the check counts
# them, one "KIND COUNT" a line, and exits (tests/kernel-check.t).
# kernel-check.pl --computed ARCH [--include-review] ACQREL TREE prints the
# change acqrel cost computes for each function of a converted end, as the
# check compares it with objdump, and exits (tests/kernel-check.t).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(basename dirname);
use File::Copy qw(copy);
use File::Find qw(find);
use File::Path qw(make_path remove_tree);
use Getopt::Long;
use JSON::PP;

# The architectures, by the name --arch takes: the cross compiler's prefix
# and its Debian package, the folder under arch/ (what ARCH= takes but for
# x86_64), the configuration, and the variant of `acqrel cost` it builds.
my @all_arches = qw(x86_64 arm64 riscv64 ppc64le s390x arm);
my %cross = (x86_64 => '', arm64 => 'aarch64-linux-gnu-', riscv64 => 'riscv64-linux-gnu-',
	     ppc64le => 'powerpc64le-linux-gnu-', s390x => 's390x-linux-gnu-',
	     arm => 'arm-linux-gnueabihf-');
my %cross_package = map { $_ => 'gcc-' . ($cross{$_} =~ s/-$//r) } grep { $cross{$_} } @all_arches;
my %srcarch = (x86_64 => 'x86', arm64 => 'arm64', riscv64 => 'riscv', ppc64le => 'powerpc',
	       s390x => 's390', arm => 'arm');
my %make_arch = (%srcarch, x86_64 => 'x86_64');
my %defconfig = (ppc64le => 'ppc64le_defconfig', arm => 'multi_v7_defconfig');
my %cost_variant = (x86_64 => ['x86', 'x86-64'], arm64 => ['arm64', undef],
		    riscv64 => ['riscv', 'rv64'], ppc64le => ['powerpc', 'ppc64'],
		    s390x => ['s390', undef], arm => ['arm', undef]);

# What counts as a barrier instruction in objdump's text, once
# barrier_counts() has reduced a line to its mnemonic and the operands that
# name the barrier.
my %barrier_re = (
	x86_64 => qr/^(?:mfence|lfence|sfence|lock\b.*|xchg\b.*)$/,
	arm64 => qr/^(?:dmb|dsb|ldar\w*|stlr\w*|ldapr\w*|ldaxr\w*|stlxr\w*)\b.*$/,
	# fence.i orders instruction fetch, not memory
	riscv64 => qr/^(?:fence(?!\.i\b)\b.*|[\w.]+?\.(?:aq|rl|aqrl))$/,
	ppc64le => qr/^(?:sync|lwsync|isync|eieio|ptesync)$/,
	s390x => qr/^bcr 1[45],0$/,
	arm => qr/^(?:dmb|dsb)\b.*$/,
);

my $arches = 'x86_64,arm64';
my $work = '.kcheck';
my $jobs = `nproc 2>/dev/null` || 2;
chomp $jobs;
my $include_review = 0;
my $count_only = 0;
my $bugs = 0;
my $bugs_all = 0;
my $computed_arch;
my $usage = "usage: kernel-check.pl [--arch LIST|all] [--work DIR] [--jobs N] [--include-review | --bugs [--all]] ACQREL TREE\n" .
	    "       kernel-check.pl --count-barriers ARCH OBJECT [FUNCTION]\n" .
	    "       kernel-check.pl --computed ARCH [--include-review] ACQREL TREE\n";
GetOptions('arch=s' => \$arches, 'work=s' => \$work, 'jobs=i' => \$jobs,
	   'include-review' => \$include_review, 'count-barriers' => \$count_only,
	   'bugs' => \$bugs, 'all' => \$bugs_all, 'computed=s' => \$computed_arch)
	or die $usage;
die $usage if ($bugs_all && !$bugs) || ($bugs && $include_review);
if ($count_only) {
	@ARGV == 2 || @ARGV == 3 or die $usage;
	my ($arch, $obj, $fn) = @ARGV;
	exists $cross{$arch} or die "kernel-check: unknown architecture $arch (@all_arches)\n";
	-f $obj or die "kernel-check: $obj: not found\n";
	my ($n) = barrier_counts($arch, $obj, $fn);
	defined $n or die "kernel-check: $obj: no symbol $fn\n";
	print "$_ $n->{$_}\n" for sort keys %$n;
	exit 0;
}
@ARGV == 2 or die $usage;
my ($acqrel, $tree) = map { abs_path($_) // die "kernel-check: $_: not found\n" } @ARGV;
if (defined $computed_arch) {
	exists $cross{$computed_arch}
		or die "kernel-check: unknown architecture $computed_arch (@all_arches)\n";
	my $protocols = protocols();
	my %files = map { $_->{file} => 1 } map { @{$_->{writers} // []}, @{$_->{readers} // []} }
		    @$protocols;
	my ($d, $notes, $loose) = computed(cost_model(), $computed_arch, $protocols, \%files);
	for my $f (sort keys %$d) {
		print $f =~ s/\0/ /r, ': ', delta_text($d->{$f}),
		      $loose->{$f} ? ' (the word size assumed: sizes merged)' : '', "\n";
	}
	print "note: $_\n" for @$notes;
	exit 0;
}
-f "$tree/Makefile" && -f "$tree/Kconfig" or die "kernel-check: $tree: not a kernel tree\n";

my $top = dirname(abs_path(dirname(__FILE__)));
my @arches = $arches eq 'all' ? @all_arches : split /,/, $arches;
for (@arches) {
	exists $cross{$_} or die "kernel-check: unknown architecture $_ (@all_arches, or all)\n";
}

$| = 1;	# progress shows in a log as it is made
sub say { print @_, "\n" }

sub run {
	my ($log, @cmd) = @_;
	my $pid = fork // die "kernel-check: fork: $!\n";
	if (!$pid) {
		if ($log) {
			open STDOUT, '>', $log or die "kernel-check: $log: $!\n";
			open STDERR, '>&', \*STDOUT or die;
		}
		exec @cmd or die "kernel-check: $cmd[0]: $!\n";
	}
	waitpid $pid, 0;
	return $? >> 8;
}

sub slurp {
	my ($f) = @_;
	open my $fh, '<', $f or return undef;
	local $/;
	return scalar <$fh>;
}

sub have { system("command -v '$_[0]' >/dev/null 2>&1") == 0 }

# --- what the build needs, installed from Debian when missing ---
sub deps {
	my @need;
	push @need, 'flex' unless have('flex');
	push @need, 'bison' unless have('bison');
	push @need, 'bc' unless have('bc');
	push @need, 'libelf-dev' unless -f '/usr/include/gelf.h';
	push @need, 'libssl-dev' unless -f '/usr/include/openssl/ssl.h';
	# the cross compilers (binutils come with them)
	push @need, map { $cross_package{$_} }
		    grep { $cross{$_} && !have("$cross{$_}gcc") } @arches;
	return unless @need;
	# waits for the dpkg lock another package manager may hold
	run(undef, 'sh', "$top/scripts/apt.sh", 'kernel-check', @need) == 0
		or die "kernel-check: installing @need failed\n";
}

# --- the protocols acqrel converts and the series it writes ---
# With --bugs: the findings of acqrel bugs that have a mechanical fix.
sub findings {
	my $out = `"$acqrel" bugs --json @{[$bugs_all ? '--all' : '']} "$tree"`;
	die "kernel-check: acqrel bugs failed\n" if $? >> 8 > 1;
	my $j = decode_json($out);
	return $j->{bugs};
}

sub protocols {
	return findings() if $bugs;
	my $out = `"$acqrel" pairs --json "$tree"`;
	die "kernel-check: acqrel pairs failed\n" if $? >> 8 > 1;
	my $j = decode_json($out);
	my @want = grep {
		$_->{verdict} eq 'convert' || ($include_review && $_->{verdict} eq 'review')
	} @{$j->{protocols}};
	return \@want;
}

# --- what acqrel cost computes, per architecture and function ---
# `acqrel cost --json`: each architecture's barrier sequences (by variant)
# and, per protocol, the architectures that build each converted end.
sub cost_model {
	my $out = `"$acqrel" cost --json "$tree"`;
	die "kernel-check: acqrel cost failed\n" if $? >> 8 > 1;
	return decode_json($out);
}

# A barrier kind as the comparison counts it; a kind that is not a barrier
# instruction (load, store, compiler barrier) is undef. acqrel cost names
# the sized forms of arm64's LDAR/STLR (stlrb for a bool, stlrh for a u16)
# where it knows the variable's size; where it assumed the word (a type it
# cannot size), merge_sizes makes the sizes one kind on both sides.
sub canonical {
	my ($arch, $kind, $merge_sizes) = @_;
	$kind =~ s/^(lock \w+|\w+fence|xchg\w*) .*/$1/ if $arch eq 'x86_64';
	$kind =~ s/^(ldar|stlr|ldapr)[bh]$/$1/ if $arch eq 'arm64' && $merge_sizes;
	return $kind =~ $barrier_re{$arch} ? $kind : undef;
}

# Canonical kind => count change of a before and an after count.
sub delta {
	my ($arch, $before, $after, $merge_sizes) = @_;
	my %d;
	$d{canonical($arch, $_, $merge_sizes) // next} -= $before->{$_} for keys %$before;
	$d{canonical($arch, $_, $merge_sizes) // next} += $after->{$_} for keys %$after;
	delete $d{$_} for grep { !$d{$_} } keys %d;
	return \%d;
}

sub delta_text {
	my ($d) = @_;
	return join(', ', map { sprintf '%s %+d', $_, $d->{$_} } sort keys %$d) || 'no change';
}

# For one architecture: "file\0function" => the change in barrier
# instructions acqrel cost predicts for it, notes on what it could not
# predict, and the functions where it assumed the word size. Each barrier
# site of a converted end is removed once (a barrier two protocols share
# goes once), each converted end adds its release or acquire for the size
# of the protocol's variable (by_size), or the word's when the size is
# assumed; only barrier instructions count (canonical()). Ends in files the
# series does not touch (a protocol acqrel patch leaves for the author) are
# left out.
sub computed {
	my ($cost, $arch, $protocols, $touched) = @_;
	my ($carch, $cvar) = @{$cost_variant{$arch}};
	my ($model) = grep { $_->{arch} eq $carch && ($_->{variant} // '') eq ($cvar // '') }
		      @{$cost->{architectures}};
	return ({}, ["acqrel cost has no model of $carch" . ($cvar ? " ($cvar)" : '')]) unless $model;
	my $prims = $model->{primitives};
	my %by_id = map { $_->{id} => $_ } @{$cost->{protocols}};
	my (%removed, %added, @notes, %loose);
	for my $p (@$protocols) {
		my $c = $by_id{$p->{id}} // next;
		for my $side (['release', 'writers', 'smp_store_release'],
			      ['acquire', 'readers', 'smp_load_acquire']) {
			my ($key, $ends, $prim) = @$side;
			my ($e) = grep { $_->{arch} eq $carch && ($_->{variant} // '') eq ($cvar // '') }
				  @{$c->{$key} // []};
			next unless $e;
			if ($e->{effect} eq 'unknown' || $e->{effect} eq 'does-not-build') {
				push @notes, "$p->{variable}: $key $e->{effect}: " . ($e->{unresolved} // '?');
				next;
			}
			# the instructions for the variable's size, where the header switches on it
			my $items = $prims->{$prim}{items} // [];
			my ($z) = $e->{size_assumed} ? () : grep { $_->{size} == ($e->{size} // 0) }
							   @{$prims->{$prim}{by_size} // []};
			$items = $z->{items} if $z && $z->{items} && !defined $z->{unresolved};
			for my $end (@{$p->{$ends}}) {
				next unless $end->{function} && $touched->{$end->{file}};
				# an end whose barrier stays (a full smp_mb(), a reader
				# that keeps smp_rmb()): the patch leaves it as it is
				next if defined $end->{converts} && !$end->{converts};
				my $f = "$end->{file}\0$end->{function}";
				my $b = $prims->{$end->{primitive}};
				if (!$b || !$b->{items}) {
					push @notes, "$end->{file}:$end->{line}: no model of $end->{primitive}";
					next;
				}
				$removed{$f}{"$end->{file}:$end->{line}"} = $b->{items};
				push @{$added{$f}}, @$items;
				$loose{$f} = 1 if $e->{size_assumed};
			}
		}
	}
	my %d;
	for my $f (keys %removed) {
		my %before;
		$before{$_}++ for map { @$_ } values %{$removed{$f}};
		my %after;
		$after{$_}++ for @{$added{$f} // []};
		$d{$f} = delta($arch, \%before, \%after, $loose{$f});
	}
	return (\%d, \@notes, \%loose);
}

# --- Makefiles: which object builds a source file, and under which options ---
my %makefile_cache;
sub makefile_text {
	my ($dir) = @_;
	return $makefile_cache{$dir} //= join "\n", map { slurp($_) // '' }
		grep { -f } map { "$tree/$dir/$_" } qw(Makefile Kbuild);
}

sub logical_lines {
	my ($text) = @_;
	$text =~ s/\\\n/ /g;
	return grep { !/^\s*#/ } split /\n/, $text;
}

# The lines of a Makefile that name $name (an object or a folder): for each,
# its variable and the options in it. Any one line is enough for kbuild.
sub find_in_makefile {
	my ($text, $name) = @_;
	my @found;
	for my $l (logical_lines($text)) {
		next unless $l =~ /^\s*([\w\$\(\)\-]+)\s*[:+]?=(.*)$/;
		my ($var, $rhs) = ($1, $2);
		next unless grep { $_ eq $name || m{(?:^|/)\Q$name\E$} } split ' ', $rhs;
		push @found, [$var, [$var =~ /CONFIG_(\w+)/g]];
	}
	return @found;
}

# The composite object a variable like foo-y or foo-$(CONFIG_X) builds.
sub composite {
	my ($var) = @_;
	return $var =~ /^([\w\-]+?)-(?:y|objs|\$\(CONFIG_\w+\))$/ && $1 ne 'obj' && $1 ne 'lib'
		? "$1.o" : undef;
}

# Requirements are lists of alternatives, each a list of options all needed.
# Those of the lines naming $name in $dir's Makefile, the composites they
# build into, and the folders above.
sub needs {
	my ($text, $dir, $name, $depth) = @_;
	my @alts;
	for my $f (find_in_makefile($text, $name)) {
		my ($var, $cfg) = @$f;
		my $comp = composite($var);
		if ($comp && $depth < 3) {
			my @up = needs(makefile_text($dir), $dir, $comp, $depth + 1);
			push @alts, [@$cfg, map { @{$_->[0] // []} } @up] if @up;
			push @alts, [@$cfg] unless @up;
		} else {
			push @alts, $cfg;
		}
	}
	return () if !@alts || grep { !@$_ } @alts;	# not named, or unconditional
	return (\@alts);
}

# For dir/name.c: [[object, make target, file, requirements]] or an error
# string.
sub object_of {
	my ($file, $arch, $depth) = @_;
	my $dir = dirname($file);
	(my $obj = basename($file)) =~ s/\.c$/.o/;
	my @req = needs(makefile_text($dir), $dir, $obj, 0);
	my $target = "$dir/$obj";
	if (!find_in_makefile(makefile_text($dir), $obj)) {
		# a Makefile fragment (Makefile.kvm) included by an arch folder's Makefile
		for my $frag (glob "$tree/$dir/Makefile.*") {
			my @f = find_in_makefile(slurp($frag), $obj);
			next unless @f;
			my $rel = substr($frag, length($tree) + 1);
			my @inc = grep {
				(slurp($_) // '') =~ /^\s*include\s+\$\(srctree\)\/\Q$rel\E\s*$/m
			} glob("$tree/arch/$srcarch{$arch}/*/Makefile");
			# (32-bit arm has no KVM: virt/kvm is not built there)
			return "$file: not built for $arch (its object is named only in $rel, " .
			       "which no Makefile of $arch includes)"
				unless @inc;
			my @r;
			for my $m (@inc) {
				my $mdir = dirname(substr($m, length($tree) + 1));
				my @alts = map {
					my ($var, $cfg) = @$_;
					my $comp = composite($var);
					my @up = $comp ? needs(makefile_text($mdir), $mdir, $comp, 1) : ();
					@up ? map { [@$cfg, @$_] } @{$up[0]} : ([@$cfg]);
				} @f;
				push @r, ["$dir/$obj", "$mdir/", $file, [\@alts, parents($mdir)]];
			}
			return \@r;
		}
		# named with its folder in a Makefile above (kvm-intel-y += vmx/vmx.o)
		my ($up, $rel) = ($dir, $obj);
		for (1 .. 3) {
			last unless $up =~ m{/};
			$rel = basename($up) . "/$rel";
			$up = dirname($up);
			next unless find_in_makefile(makefile_text($up), $rel);
			return [["$dir/$obj", "$up/", $file,
				 [needs(makefile_text($up), $up, $rel, 0), parents($up)]]];
		}
		# a file #included by another C file of its folder (build_utility.c)
		return "$file: no Makefile names $obj" if $depth;
		my $base = basename($file);
		for my $c (sort glob "$tree/$dir/*.c") {
			next unless (slurp($c) // '') =~ /^\s*#\s*include\s+"\Q$base\E"/m;
			my $r = object_of(substr($c, length($tree) + 1), $arch, 1);
			$_->[2] = $file for ref $r ? @$r : ();
			return $r;
		}
		return "$file: no Makefile names $obj and no C file of its folder includes it";
	}
	return [[$target, $target, $file, [@req, parents($dir)]]];
}

# The requirements that make kbuild descend into dir and its parents.
sub parents {
	my ($dir) = @_;
	my @req;
	while ($dir =~ m{/}) {
		my $parent = dirname($dir);
		my $name = basename($dir) . '/';
		my $text = makefile_text($parent);
		$text .= "\n" . (slurp("$tree/arch/$1/Makefile") // '') if $parent =~ m{^arch/([^/]+)$};
		push @req, needs($text, $parent, $name, 0);
		$dir = $parent;
	}
	return grep { @$_ } @req;
}

# --- Kconfig: options, what they depend on, who selects them ---
my (%kdeps, %kprompt, %kselected_by, %kdefault);
sub read_kconfig {
	for my $f (split /\0/, `find "$tree" -name 'Kconfig*' -type f -print0`) {
		my $text = slurp($f) // next;
		$text =~ s/\\\n/ /g;
		my ($sym, @ifs);
		for my $l (split /\n/, $text) {
			if ($l =~ /^\s*(?:menu)?config\s+(\w+)/) {
				$sym = $1;
				push @{$kdeps{$sym}}, @ifs;
			} elsif ($l =~ /^\s*if\s+(.*)$/) {
				push @ifs, $1;
			} elsif ($l =~ /^\s*endif\b/) {
				pop @ifs;
			} elsif ($l =~ /^\s*(?:menu|choice|endmenu|endchoice|comment|source)\b/) {
				undef $sym;
			} elsif (defined $sym && $l =~ /^\s*depends\s+on\s+(.*)$/) {
				push @{$kdeps{$sym}}, $1;
			} elsif (defined $sym && $l =~ /^\s*(?:bool|tristate|string|int|hex|prompt)\s+"/) {
				$kprompt{$sym} = 1;
			} elsif (defined $sym && $l =~ /^\s*def_(?:bool|tristate)\s+(.*)$/) {
				push @{$kdefault{$sym}}, $1;
			} elsif (defined $sym && $l =~ /^\s*select\s+(\w+)/) {
				push @{$kselected_by{$1}}, $sym;
			}
		}
	}
}

# Options an expression needs set: its identifiers not negated. COMPILE_TEST
# counts: it lets drivers of other platforms build, which is the point here.
sub atoms {
	my ($expr) = @_;
	$expr =~ s/"[^"]*"//g;
	my @a;
	while ($expr =~ /(!?)\s*\b([A-Z][A-Z0-9_]*)\b/g) {
		next if $1;
		next if $2 eq 'BROKEN';
		push @a, $2;
	}
	return @a;
}

sub config_value {
	my ($o, $sym) = @_;
	my $c = slurp("$o/.config") // '';
	return $c =~ /^CONFIG_\Q$sym\E=(\S+)/m ? $1 : undef;
}

# A requirement is met when all options of one of its alternatives are set.
sub met {
	my ($o, $req) = @_;
	return grep({ my $alt = $_; !grep { !defined config_value($o, $_) } @$alt } @$req) > 0;
}

sub kmake {
	my ($arch, $o, $log, @targets) = @_;
	# -k: one object that fails does not hide the others' errors
	return run($log, 'make', '-k', '-C', "$work/src", "O=$o", "ARCH=$make_arch{$arch}",
		   "CROSS_COMPILE=$cross{$arch}", "-j$jobs", @targets);
}

# defconfig, then the wanted options and what they need, up to five rounds.
sub configure {
	my ($arch, $o, $want) = @_;
	my %want = map { $_ => 1 } @$want;
	for my $round (1 .. 5) {
		my @missing = grep { !defined config_value($o, $_) } sort keys %want;
		last unless @missing;
		run(undef, "$work/src/scripts/config", '--file', "$o/.config",
		    map { ('--enable', $_) } @missing);
		kmake($arch, $o, "$o/config.log", 'olddefconfig') == 0
			or die "kernel-check: $arch: make olddefconfig failed, see $o/config.log\n";
		for my $s (grep { !defined config_value($o, $_) } @missing) {
			$want{$_} = 1 for map { atoms($_) } @{$kdeps{$s} // []};
			next if $kprompt{$s};
			$want{$_} = 1 for map { atoms($_) } @{$kdefault{$s} // []};
			$want{$_} = 1 for grep { $kprompt{$_} } @{$kselected_by{$s} // []};
		}
	}
	return grep { !defined config_value($o, $_) } @$want;
}

sub warnings_of {
	my ($log) = @_;
	my %w;
	for (split /\n/, slurp($log) // '') {
		next unless /\b(?:warning|error):/;
		(my $k = $_) =~ s/:\d+(?::\d+)?:/:/g;
		$k =~ s/\+0x[0-9a-f]+(?:\/0x[0-9a-f]+)?//g;
		$w{$k} = $_;
	}
	return \%w;
}

# Barrier instructions of one function in an object (of the whole object when
# fn is undef): a hash of kind => count and the number of instructions, or
# () when the object has no such symbol (inlined into its callers). A kind
# is the mnemonic with the operands that name the barrier ("dmb ishst",
# "fence rw,w"); objdump's aliases are written as the barrier headers write
# them (ppc64's hwsync is sync, s390's bnor %r0 and br %r0 are bcr 14,0 and
# bcr 15,0).
sub barrier_counts {
	my ($arch, $obj, $fn) = @_;
	return () unless -f $obj;
	my $sel = defined $fn ? "--disassemble='$fn'" : '-d';
	my $dis = `$cross{$arch}objdump --no-show-raw-insn $sel '$obj' 2>/dev/null`;
	return () if defined $fn && $dis !~ /<\Q$fn\E>:/;
	my %n;
	my $insns = 0;
	for (split /\n/, $dis) {
		next unless /^\s+[0-9a-f]+:\s+(\S.*?)\s*$/;
		my $i = $1;
		$insns++;
		$i =~ s/\s+/ /g;
		next if $i =~ /^xchg\s+%ax,%ax$/;	# a two-byte nop, padding
		# objdump's comments: @ on arm (where # is an immediate), # elsewhere
		$i =~ s/\s*@.*// if $arch eq 'arm';
		$i =~ s/\s*#.*// if $arch ne 'arm';
		$i =~ s/^(lock \w+|\w+fence|xchg\w*) .*/$1/;
		$i =~ s/^(dmb|dsb) (\w+).*/$1 $2/;
		$i =~ s/^((?:ld|st)\w+) .*/$1/;
		$i =~ s/^([\w.]+\.(?:aq|rl|aqrl)) .*/$1/;
		$i =~ s/^hwsync$/sync/;
		$i =~ s/^bnor %r0$/bcr 14,0/;
		$i =~ s/^br %r0$/bcr 15,0/;
		$i =~ s/^bcr (1[45]),%r0$/bcr $1,0/;
		$i =~ s/\s*\/\/.*//;
		$i =~ s/ \[.*$//;
		$i =~ s/ [wx]\d+,?$//;
		$i =~ s/ <.*$//;
		$n{$i}++ if $i =~ $barrier_re{$arch};
	}
	return (\%n, $insns);
}

# The same as text: "dmb ishst x1, ... (N instructions)", or undef.
sub barriers {
	my ($n, $insns) = barrier_counts(@_);
	return undef unless $n;
	my $s = join ', ', map { "$_ x$n->{$_}" } sort keys %$n;
	return ($s eq '' ? 'none' : $s) . " ($insns instructions)";
}

# Adds the counts of barrier_counts() to a tally (nothing for a missing object).
sub tally {
	my ($t, $n) = @_;
	$t->{$_} += $n->{$_} for keys %{$n // {}};
}

# Computed against measured, for one function (or object): agreement or a
# difference, printed and kept for the summary.
my (@differences, %agree);
sub compare {
	my ($arch, $what, $computed, $measured) = @_;
	my ($c, $m) = (delta_text($computed), delta_text($measured));
	if ($c eq $m) {
		$agree{$arch}++;
		say "      computed = measured: $c";
		return;
	}
	push @differences, "$arch $what: computed $c, measured $m";
	say "      DIFFERENCE: computed $c, measured $m";
}

# --- main ---
deps();
my $protocols = protocols();
if (!@$protocols) {
	say "kernel-check: acqrel converts nothing in $tree";
	exit 0;
}
my $cost = $bugs ? { architectures => [], protocols => [] } : cost_model();
make_path($work);
$work = abs_path($work);
my $series = "$work/series";
remove_tree($series);
{
	local $ENV{SOURCE_DATE_EPOCH} = $ENV{SOURCE_DATE_EPOCH} // 1700000000;
	if ($bugs) {
		run("$work/patch.log", $acqrel, 'bugs', '-o', $series,
		    $bugs_all ? '--all' : (), $tree) <= 1
			or die "kernel-check: acqrel bugs failed, see $work/patch.log\n";
	} else {
		run("$work/patch.log", $acqrel, 'patch', '-o', $series,
		    $include_review ? '--include-review' : (), $tree) <= 1
			or die "kernel-check: acqrel patch failed, see $work/patch.log\n";
	}
}
my @patches = sort grep { !/\/0000-/ } glob "$series/*/*.patch";
@patches = sort glob "$series/*.patch" unless @patches;
my %touched;
for my $p (@patches) {
	$touched{$_} = 1 for (slurp($p) =~ /^\+\+\+ b\/(\S+)/mg);
}
my @touched = sort keys %touched;
say "kernel-check: ", scalar(@$protocols), $bugs ? " findings, " : " protocols, ", scalar(@patches),
    " patches, ", scalar(@touched), " files: @touched";

# functions of each file whose barriers change
my %functions;
for my $p (@$protocols) {
	for my $side (@{$p->{writers} // []}, @{$p->{readers} // []}) {
		$functions{$side->{file}}{$side->{function}} = 1 if $side->{function};
	}
}

read_kconfig();
say "kernel-check: a hard-linked copy of the tree in $work/src";
remove_tree("$work/src");
run(undef, 'cp', '-al', $tree, "$work/src") == 0 or die "kernel-check: cp -al failed\n";

my $status = 0;
my %plan;	# arch -> [[object, make target, file, requirements]]
my %report;	# arch -> [[object, the touched file it is reported for]]
my %includes;	# arch -> object -> touched header it includes -> 1
for my $arch (@arches) {
	my $o = "$work/$arch";
	remove_tree($o);
	make_path($o);
	my (@items, @notes);
	for my $f (grep { /\.c$/ } @touched) {
		if ($f =~ m{^arch/([^/]+)/} && $1 ne $srcarch{$arch}) {
			push @notes, "$f: not built for $arch";
			next;
		}
		my $r = object_of($f, $arch, 0);
		if (!ref $r) {
			push @notes, $r;
			# a file this architecture does not build is no failure;
			# one whose object cannot be found is
			$status = 1 unless $r =~ /^\Q$f\E: not built for /;
			next;
		}
		push @items, @$r;
	}
	# a header of a folder none of whose C files is touched: build that folder
	for my $h (grep { /\.h$/ && !m{^include/} && !m{^arch/[^/]+/include/} } @touched) {
		my $d = dirname($h);
		next if $h =~ m{^arch/([^/]+)/} && $1 ne $srcarch{$arch};
		next if grep { dirname($_->[2]) eq $d } @items;
		next unless -f "$tree/$d/Makefile" || -f "$tree/$d/Kbuild";
		push @items, ["$d/", "$d/", $h, [parents($d)]];
	}
	my $defconfig = $defconfig{$arch} // 'defconfig';
	kmake($arch, $o, "$o/config.log", $defconfig) == 0
		or die "kernel-check: $arch: make $defconfig failed, see $o/config.log\n";
	# one alternative of each requirement defconfig leaves unmet: the one
	# with an option some file needs outright, else the first
	my @reqs = map { @{$_->[3]} } @items;
	my %single = map { $_->[0][0] => 1 } grep { @$_ == 1 && @{$_->[0]} == 1 } @reqs;
	my (@want, %seen);
	for my $req (grep { !met($o, $_) } @reqs) {
		my ($alt) = grep { grep { $single{$_} } @$_ } @$req;
		push @want, grep { !$seen{$_}++ } @{$alt // $req->[0]};
	}
	say "\n== $arch: $defconfig", (@want ? " + CONFIG_" . join(' CONFIG_', @want) : '');
	say "  CONFIG_$_ could not be enabled" for configure($arch, $o, \@want);
	for my $it (@items) {
		my @unmet = grep { !met($o, $_) } @{$it->[3]};
		next unless @unmet;
		push @notes, "$it->[2]: not built for $arch (needs " .
			join(' or ', map { join(' && ', map { "CONFIG_$_" } @$_) } @{$unmet[0]}) . ')';
		$it = undef;
	}
	@items = grep { defined } @items;
	say "  $_" for @notes;
	$plan{$arch} = \@items;
	my %t;
	my @targets = grep { !$t{$_}++ } map { $_->[1] } @items;
	next unless @targets;
	say "  building before the series: @targets";
	if (kmake($arch, $o, "$o/before.log", @targets)) {
		say "  build FAILED before the series, see $o/before.log";
		$status = 1;
	}
	# what each object is reported for: its file, or a touched header it includes
	my @report = map { [$_->[0], $_->[2]] } grep { $_->[0] !~ m{/$} } @items;
	for my $h (grep { /\.h$/ } @touched) {
		next if $h =~ m{^arch/([^/]+)/} && $1 ne $srcarch{$arch};
		my %by;
		for my $d (map { m{/$} ? $_ : dirname($_) } @targets) {
			find(sub {
				return unless /^\.(.+\.o)\.cmd$/;
				my $obj = substr($File::Find::dir, length($o) + 1) . "/$1";
				$by{$obj} = 1 if (slurp($_) // '') =~ m{\Q$h\E\b};
			}, "$o/$d") if -d "$o/$d";
		}
		say "  $h: ", %by ? "included by " . join(', ', sort keys %by)
				  : "not included by the built objects";
		$includes{$arch}{$_}{$h} = 1 for keys %by;
		my %have = map { $_->[0] => 1 } @report;
		push @report, map { [$_, $h] } grep { !$have{$_} } sort keys %by;
	}
	$report{$arch} = \@report;
	make_path("$o/before");
	copy("$o/$_->[0]", "$o/before/" . ($_->[0] =~ s{/}{_}gr)) for @report;
}

# apply the series to the copy, breaking the hard links of what it touches
for my $f (@touched) {
	my $p = "$work/src/$f";
	copy($p, "$p.kcheck") or die "kernel-check: $p: $!\n";
	chmod((stat $p)[2] & 07777, "$p.kcheck");
	rename("$p.kcheck", $p) or die "kernel-check: $p: $!\n";
}
# tree-sitter ERROR nodes of the touched files, before and after (tests/tools/ts-errors)
my $ts_errors = dirname($acqrel) . '/tests/ts-errors';
my %errors_before = -x $ts_errors ? map { split ' ' } `cd "$work/src" && "$ts_errors" @touched` : ();
{
	# each patch alone on the tree it came from (the series stacks its diffs)
	local $ENV{GIT_CEILING_DIRECTORIES} = $work;
	my @alone = grep { run('/dev/null', 'git', '-C', "$work/src", 'apply', '--check', $_) == 0 }
		    @patches;
	say "\nkernel-check: git apply --check, each patch alone on the tree: ", scalar(@alone), " of ",
	    scalar(@patches);
}
for my $p (@patches) {
	# the copy may sit inside another git work tree: git must not look above it
	local $ENV{GIT_CEILING_DIRECTORIES} = $work;
	if (run("$work/apply.log", 'git', '-C', "$work/src", 'apply', $p) != 0) {
		say "kernel-check: $p does not apply, see $work/apply.log";
		exit 1;
	}
}
say "kernel-check: the series applies in order with git apply (", scalar(@patches), " patches)";
if (%errors_before) {
	my %after = map { split ' ' } `cd "$work/src" && "$ts_errors" @touched`;
	my @worse = grep { ($after{$_} // 0) > ($errors_before{$_} // 0) } @touched;
	say "kernel-check: tree-sitter ERROR nodes: ",
	    @worse ? "more after the series in @worse" : "none added in " . scalar(@touched) . " files";
	$status = 1 if @worse;
}
# the kernel's checkpatch on each patch
if (-f "$tree/scripts/checkpatch.pl") {
	my ($errors, $warnings, @flagged) = (0, 0);
	for my $p (@patches) {
		my $out = `cd "$tree" && perl scripts/checkpatch.pl --no-tree --no-signoff -q "$p" 2>&1`;
		my ($e, $w) = $out =~ /total: (\d+) errors?, (\d+) warnings?/;
		next unless $e || $w;
		$errors += $e;
		$warnings += $w;
		push @flagged, basename($p);
	}
	say "kernel-check: checkpatch.pl --no-tree: $errors errors, $warnings warnings",
	    @flagged ? " (in @flagged)" : '';
	$status = 1 if $errors || $warnings;
}

for my $arch (@arches) {
	my $o = "$work/$arch";
	my @items = @{$plan{$arch}};
	next unless @items;
	my %t;
	my @targets = grep { !$t{$_}++ } map { $_->[1] } @items;
	say "\n== $arch: after the series";
	if (kmake($arch, $o, "$o/after.log", @targets)) {
		say "  build FAILED after the series, see $o/after.log";
		$status = 1;
	} else {
		say "  build OK: @targets";
	}
	my $before = warnings_of("$o/before.log");
	my $after = warnings_of("$o/after.log");
	my @new = grep { !exists $before->{$_} } sort keys %$after;
	say "  new ", ($after->{$_} =~ /\berror:/ ? 'error' : 'warning'), ": $after->{$_}" for @new;
	say "  no new warnings" unless @new;
	$status = 1 if @new;
	my (%total_before, %total_after, %compared);
	my ($computed, $cnotes, $loose) = $bugs ? ({}, ['none: the series fixes bugs, acqrel cost models conversions'], {})
						: computed($cost, $arch, $protocols, \%touched);
	say "  barrier instructions (objdump), before -> after, and the change computed",
	    " (acqrel cost) against the change measured:";
	for my $it (@{$report{$arch}}) {
		my ($obj, $f) = @$it;
		my $before = "$o/before/" . ($obj =~ s{/}{_}gr);
		my (%obj_computed, @inlined);
		for my $fn (sort keys %{$functions{$f} // {}}) {
			my $c = $computed->{"$f\0$fn"} // {};
			$obj_computed{$_} += $c->{$_} for keys %$c;
			my ($nb) = barrier_counts($arch, $before, $fn);
			my ($na) = barrier_counts($arch, "$o/$obj", $fn);
			next if !$nb && !$na && $f =~ /\.h$/;
			if (!$nb || !$na) {
				say "    $obj $fn: ", $nb ? barriers($arch, $before, $fn) . " -> no symbol"
						      : "inlined, no symbol of its own";
				push @inlined, $fn;
				next;
			}
			say "    $obj $fn: ", barriers($arch, $before, $fn), " -> ",
			    barriers($arch, "$o/$obj", $fn);
			compare($arch, "$obj $fn", $c, delta($arch, $nb, $na, $loose->{"$f\0$fn"}));
			$compared{"$f\0$fn"} = 1;
		}
		my $b = barriers($arch, $before, undef) // 'none';
		my $a = barriers($arch, "$o/$obj", undef) // 'none';
		say "    $obj, whole object: $b -> $a";
		my ($nb) = barrier_counts($arch, $before, undef);
		my ($na) = barrier_counts($arch, "$o/$obj", undef);
		tally(\%total_before, $nb);
		tally(\%total_after, $na);
		# the object as a whole, against what its own file's functions
		# predict, when some of them are inlined
		next if $f =~ /\.h$/ || !@inlined || !$nb || !$na;
		my @h = sort keys %{$includes{$arch}{$obj} // {}};
		# one function whose size was assumed: every size one kind, both sides
		my $merge = grep { $loose->{"$f\0$_"} } keys %{$functions{$f} // {}};
		my %oc;
		$oc{canonical($arch, $_, $merge) // $_} += $obj_computed{$_} for keys %obj_computed;
		compare($arch, "$obj (whole object, for the inlined @inlined" .
			(@h ? "; it also includes @h" : '') . ")",
			{ map { $oc{$_} ? ($_ => $oc{$_}) : () } keys %oc },
			delta($arch, $nb, $na, $merge));
	}
	say "  computed: $_" for @$cnotes;
	my @not = map { s/\0/ /r } grep { !$compared{$_} } sort keys %$computed;
	say "  not compared function by function (no symbol of its own in the built objects,",
	    " or not built): @not" if @not;
	my @kinds = sort keys %{{ %total_before, %total_after }};
	say "  all reported objects, before -> after: ",
	    @kinds ? join(', ', map { "$_ " . ($total_before{$_} // 0) . " -> " . ($total_after{$_} // 0) }
			  grep { ($total_before{$_} // 0) != ($total_after{$_} // 0) } @kinds) || 'no change'
		   : 'no barrier instructions';
}
say "\nkernel-check: computed (acqrel cost) and measured (objdump) barrier changes: ",
    join(', ', map { "$_ " . ($agree{$_} // 0) . " agree" } @arches), '; ',
    scalar(@differences), ' differ', @differences ? ':' : '';
say "  $_" for @differences;
say "\nkernel-check: ", $status ? 'FAILED' : 'OK', " (logs in $work)";
exit $status;
