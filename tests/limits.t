#!/usr/bin/perl
# limits.t: the limits the README states are the limits the code has
# (issue 12.10: the README said 1000 sites per file, the code said 2000).
# Each figure of the README's "Exit status and bad input" list, and of the
# MAINTAINERS reader, is read from the text and compared with its #define in
# src/lib/parse.h, sites.h or maint.h.
use strict;
use warnings;
use File::Basename qw(dirname);
use Cwd qw(abs_path);
use Test::More;

my $top = abs_path(dirname(__FILE__) . '/..');

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!";
	local $/;
	return <$fh>;
}

my %define;
for my $h ("$top/src/lib/parse.h", "$top/src/lib/sites.h", "$top/src/lib/maint.h") {
	my $text = slurp($h);
	while ($text =~ /^#define ([A-Z_]+) (\(?[0-9][0-9a-z <]*\)?)\s*$/mg) {
		my ($name, $expr) = ($1, $2);
		(my $perl = $expr) =~ s/(\d+)[ul]+/$1/g;
		$define{$name} = eval $perl;
	}
}

my $readme = slurp("$top/README.md");
my ($status) = $readme =~ /^### Exit status and bad input\n(.*?)^#/ms;
ok(defined $status, 'the README has its list of limits') or BAIL_OUT('no limits in the README');
$status =~ s/\s+/ /g;

my @figures = (
	[ 'a file over (\d+) MiB', 'SITES_MAX_FILE', 1 << 20 ],
	[ 'a body over (\d+) MiB', 'PARSE_MAX_BODY', 1 << 20 ],
	[ 'brackets nested deeper than (\d+)', 'PARSE_MAX_NESTING', 1 ],
	[ 'more than (\d+) s of CPU time', 'PARSE_CPU_LIMIT_SEC', 1 ],
	[ 'more than (\d+) steps', 'PARSE_WORK_PER_BYTE', 1 ],
	[ 'per byte of the body plus (\d+)', 'PARSE_WORK_MIN', 1 ],
	[ 'beyond (\d+) sites in one function or macro', 'PARSE_MAX_SITES', 1 ],
	[ 'or (\d+) in one file', 'SITES_MAX_ANALYSED', 1 ],
);
for my $f (@figures) {
	my ($re, $name, $unit) = @$f;
	my ($said) = $status =~ /$re/;
	ok(defined($said) && defined($define{$name}) && $said * $unit == $define{$name},
	   "README \"$re\" is $name") or diag('README: ' . ($said // 'missing') . ', code: ' .
					      ($define{$name} // 'missing') . " (unit $unit)");
}

# the MAINTAINERS reader's limits, stated under acqrel patch
(my $all = $readme) =~ s/\s+/ /g;
for my $f ([ 'acqrel reads up to (\d+) MiB of it', 'MAINT_MAX_FILE', 1 << 20 ],
	   [ 'ignores a pattern longer than (\d+) bytes', 'MAINT_MAX_PATTERN', 1 ],
	   [ 'or with more than (\d+) wildcards or repetitions', 'MAINT_MAX_REPEATS', 1 ],
	   [ 'It compiles at most (\d+) N: and K: patterns', 'MAINT_MAX_REGEXES', 1 ]) {
	my ($re, $name, $unit) = @$f;
	my ($said) = $all =~ /$re/;
	ok(defined($said) && defined($define{$name}) && $said * $unit == $define{$name},
	   "README \"$re\" is $name") or diag('README: ' . ($said // 'missing') . ', code: ' .
					      ($define{$name} // 'missing'));
}
done_testing();
