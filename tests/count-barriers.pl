#!/usr/bin/perl
# count-barriers.pl [--sites] TREE: an independent count of smp_wmb() and
# smp_rmb() calls in the *.c and *.h files under TREE, to check acqrel against.
#
# Prints "smp_wmb N" and "smp_rmb N", or with --sites one line per call:
# "relpath:line:col primitive" (line and byte column 1-based).
#
# A call is the whole identifier smp_wmb or smp_rmb followed by "(" (blanks,
# comments and backslash-newlines may come between), in code: comments, string
# and character literals are skipped; #define bodies are code, but the name a
# #define defines is not a call; other directives (#if, #undef, ...) are not
# code. Directories named .git and symbolic links are skipped, like grep -r.
#
# Deliberately simple: a small tokenizer on the raw bytes of each file, no
# trigraphs, no splicing inside identifiers or escape sequences.
use strict;
use warnings;

my $want_sites = 0;
if (@ARGV && $ARGV[0] eq '--sites') {
	$want_sites = 1;
	shift @ARGV;
}
die "usage: count-barriers.pl [--sites] TREE\n" unless @ARGV == 1;
my $tree = $ARGV[0];
die "count-barriers.pl: $tree: not a directory\n" unless -d $tree;

my %total = (smp_wmb => 0, smp_rmb => 0);

# Relative paths of the *.c and *.h regular files under $dir, sorted bytewise.
sub walk {
	my ($top) = @_;
	my @files;
	my @todo = ('');
	while (@todo) {
		my $rel = shift @todo;
		my $dir = $rel eq '' ? $top : "$top/$rel";
		opendir(my $dh, $dir) or die "count-barriers.pl: $dir: $!\n";
		my @names = sort grep { $_ ne '.' && $_ ne '..' } readdir($dh);
		closedir($dh);
		for my $name (@names) {
			my $path = $rel eq '' ? $name : "$rel/$name";
			lstat("$top/$path") or die "count-barriers.pl: $top/$path: $!\n";
			next if -l _;
			if (-d _) {
				push @todo, $path unless $name eq '.git';
			} elsif (-f _ && $name =~ /\.[ch]\z/) {
				push @files, $path;
			}
		}
	}
	return sort @files;
}

# Byte offsets and names of the barrier calls in $_[0] (the file's bytes).
sub scan {
	my $buf = \$_[0];
	my @hits;
	my $bol = 1;		# only blanks and comments so far on this line
	my $dir = '';		# '', 'hash', 'defname', 'define' or 'other'
	my $pending;		# [offset, name] of a barrier name awaiting "("

	pos($$buf) = 0;
	while (pos($$buf) < length($$buf)) {
		# blanks, continuations and comments change nothing
		next if $$buf =~ /\G[ \t\f\x0b\r]+/gc;
		next if $$buf =~ /\G\\\r?\n/gc;
		next if $$buf =~ m{\G/\*.*?(?:\*/|\z)}gcs;
		next if $$buf =~ m{\G//(?:[^\n\\]+|\\\r?\n|\\)*}gc;
		if ($$buf =~ /\G\n/gc) {
			# a newline ends a directive, not a statement
			undef $pending if $dir ne '';
			$dir = '';
			$bol = 1;
			next;
		}
		my $start = pos($$buf);
		my $tok;
		if ($$buf =~ /\G"(?:[^"\\\n]+|\\.)*"?/gcs ||
		    $$buf =~ /\G'(?:[^'\\\n]+|\\.)*'?/gcs) {
			# literal: up to the closing quote or an unescaped newline
			$tok = 'literal';
		} elsif ($$buf =~ /\G([A-Za-z_\$][A-Za-z0-9_\$]*)/gc) {
			$tok = $1;
		} elsif ($$buf =~ /\G\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*/gc) {
			$tok = 'number';
		} else {
			$$buf =~ /\G./gcs;
			$tok = substr($$buf, $start, 1);
		}

		if ($tok eq '(' && $pending) {
			push @hits, $pending;
			undef $pending;
			$bol = 0;
			next;
		}
		undef $pending;

		if ($bol && $tok eq '#') {
			$dir = 'hash';
		} elsif ($dir eq 'hash') {
			$dir = $tok eq 'define' ? 'defname' : 'other';
		} elsif ($dir eq 'defname') {
			$dir = 'define';	# skip the defined name
		} elsif ($dir ne 'other' &&
			 ($tok eq 'smp_wmb' || $tok eq 'smp_rmb')) {
			$pending = [$start, $tok];
		}
		$bol = 0;
	}
	return @hits;
}

for my $rel (walk($tree)) {
	my $path = "$tree/$rel";
	open(my $fh, '<', $path) or die "count-barriers.pl: $path: $!\n";
	binmode($fh);
	my $buf = do { local $/; <$fh> };
	close($fh);
	$buf = '' unless defined $buf;
	# cheap prefilter: no barrier name at all, no barrier call
	next if index($buf, 'smp_wmb') < 0 && index($buf, 'smp_rmb') < 0;

	my ($line, $from) = (1, 0);
	for my $hit (scan($buf)) {
		my ($off, $name) = @$hit;
		$total{$name}++;
		next unless $want_sites;
		$line += substr($buf, $from, $off - $from) =~ tr/\n//;
		$from = $off;
		my $col = $off - rindex($buf, "\n", $off - 1);
		print "$rel:$line:$col $name\n";
	}
}

print "smp_wmb $total{smp_wmb}\nsmp_rmb $total{smp_rmb}\n" unless $want_sites;
