#!/usr/bin/perl
# rewrite-kernel.t: on Debian's linux-source-6.12 and 6.1, every acquire or
# release that `acqrel patch --diff --include-review` adds is an access of its
# protocol's variable (issue 8): the operand it rewrites is, character for
# character, the publish store or subscribe load of a protocol end at that
# place, and its last field (or global) is the protocol variable's. The
# protocols come from `acqrel pairs --json`, the edits from the diff.
use strict;
use warnings;
use File::Basename qw(dirname);
use JSON::PP;

my $acqrel = $ENV{ACQREL} || 'build/acqrel';
my $top = dirname(dirname(__FILE__));
my @versions = qw(6.12 6.1);
print "1.." . (2 * @versions) . "\n";
my $n = 0;

# the last field or global of an access path: tail of ring->tail, slots of s->slots[i]
sub last_name {
	my ($path) = @_;
	$path =~ s/\s+//g;
	1 while $path =~ s/\[[^\[\]]*\]$//;
	my ($name) = $path =~ /([A-Za-z_]\w*)\W*$/;
	return $name // '';
}

sub norm { my ($s) = @_; $s =~ s/\s+//g; $s =~ s/^\(+//; return $s; }

for my $ver (@versions) {
	chomp(my $tree = `sh '$top/scripts/kernel.sh' $ver`);
	die "rewrite-kernel.t: no linux-source-$ver\n" if $? || !-d $tree;
	open(my $fh, '-|', $acqrel, 'pairs', '--json', $tree) or die "$acqrel: $!\n";
	my $doc = JSON::PP->new->decode(do { local $/; <$fh> });
	close($fh);

	# (file, line) -> [[access, variable], ...] for every end a rewrite changes
	my %allowed;
	for my $p (@{$doc->{protocols}}) {
		next unless $p->{verdict} eq 'convert' || $p->{verdict} eq 'review';
		for my $e (@{$p->{writers}}, @{$p->{readers}}) {
			next unless $e->{converts};
			my $file = $e->{access_file} // $e->{file};
			push @{$allowed{"$file:$e->{access_line}"}}, [$e->{access}, $p->{variable}];
			for my $c (@{$e->{caller_accesses} // []}) {
				push @{$allowed{"$e->{file}:$c->{line}"}}, [$c->{access}, $p->{variable}];
			}
		}
	}

	my $diff = `'$acqrel' patch --diff --include-review '$tree' 2>/dev/null`;
	my ($file, $old, $block_start, @bad) = ('', 0, 0);
	my $count = 0;
	# the acquires and releases a change block adds, checked once the block
	# ends: its additions may come before its removals (acqrel lists a line
	# that wants a comment right under it)
	my @pending;
	my $flush = sub {
		for my $f (@pending) {
			my ($form, $operand) = ($f->[0], norm($f->[1]));
			$operand =~ s/\)+$//;
			$count++;
			# the replaced lines are old lines block_start .. old - 1
			my $ok = 0;
			for my $l ($block_start .. ($old > $block_start ? $old - 1 : $block_start)) {
				for my $a (@{$allowed{"$file:$l"} // []}) {
					$ok = 1 if norm($a->[0]) eq $operand && last_name($a->[0]) eq last_name($a->[1]);
				}
			}
			push @bad, "$file:$block_start: $form(&$operand)" unless $ok;
		}
		@pending = ();
	};
	for my $line (split /\n/, $diff) {
		if ($line =~ m{^--- a/(.*)$}) { $flush->(); $file = $1; next; }
		next if $line =~ /^\+\+\+ /;
		if ($line =~ /^@@ -(\d+)/) { $flush->(); $old = $1; $block_start = $old; next; }
		if ($line =~ /^-/) { $old++; next; }
		if ($line =~ /^ /) { $flush->(); $old++; $block_start = $old; next; }
		next unless $line =~ /^\+/;
		next if $line =~ m{^\+\s*(/\*|\*)};	# an added comment
		push @pending, [$1, $2] while $line =~ /\b(smp_store_release|smp_load_acquire)\(\s*&\s*([^,()]+(?:\([^()]*\))?[^,()]*)/g;
		push @pending, [$1, $2] while $line =~ /\b(test_bit_acquire|clear_bit_unlock)\([^,]+,\s*&\s*([^,()]+)\)/g;
	}
	$flush->();
	$n++;
	print(($count > 0 ? "ok" : "not ok") . " $n - $ver: patch --include-review adds acquires and releases ($count)\n");
	$n++;
	if (@bad) {
		print "not ok $n - $ver: each is an access of its protocol's variable\n";
		print "# $_\n" for @bad[0 .. ($#bad < 19 ? $#bad : 19)];
	} else {
		print "ok $n - $ver: each is an access of its protocol's variable\n";
	}
}
