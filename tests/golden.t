#!/usr/bin/perl
# golden.t: runs the golden fixtures under tests/golden/ (sparse's style).
#
# Each fixture ends with a comment that holds its expectation:
#   check-name: what the fixture shows
#   check-command: acqrel sites $file      ($file is the fixture's name; the
#                                          command runs in the fixture's folder)
#                                          A fixture of several files keeps them
#                                          in NAME.tree/ beside it and runs
#                                          "acqrel pairs NAME.tree"; files in a
#                                          *.tree folder are no fixtures.
#   check-exit: N                           (optional; default 0)
#   check-known-to-fail                     (optional: a documented gap, TODO)
#   check-output-start / check-output-end   the expected standard output
#   check-error-start / check-error-end     (optional) the expected standard error
#
# perl tests/golden.t --format FILE...  rewrites the expected output of the
# given fixtures with what acqrel prints now. Read every block it writes
# before committing it.
#
# The block sits inside a C comment, so a "*/" in the output (a diff that
# adds a comment) is written as "*\/" there; the output is compared the same
# way.
use strict;
use warnings;
use File::Basename qw(dirname basename);
use File::Find;
use File::Temp qw(tempfile);
use Cwd qw(abs_path);

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');

sub parse_fixture {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	local $/;
	my $text = <$fh>;
	close($fh);
	my %f = (path => $path, text => $text, exit => 0);
	($f{name}) = $text =~ /^ \* check-name: (.*)$/m;
	($f{command}) = $text =~ /^ \* check-command: (.*)$/m;
	($f{exit}) = $text =~ /^ \* check-exit: (\d+)$/m;
	$f{exit} //= 0;
	$f{todo} = $text =~ /^ \* check-known-to-fail$/m;
	if ($text =~ /^ \* check-output-start\n(.*?)^ \* check-output-end$/ms) {
		$f{expected} = $1;
	}
	if ($text =~ /^ \* check-error-start\n(.*?)^ \* check-error-end$/ms) {
		$f{expected_err} = $1;
	}
	return \%f;
}

sub run_fixture {
	my ($f) = @_;
	my $cmd = $f->{command};
	my $file = basename($f->{path});
	$cmd =~ s/^acqrel\b/$acqrel/;
	$cmd =~ s/\$file\b/$file/g;
	my $dir = dirname($f->{path});
	my ($efh, $errfile) = tempfile(UNLINK => 1);
	close($efh);
	my $out = `cd '$dir' && $cmd 2>'$errfile'`;
	my $status = $? >> 8;
	open($efh, '<', $errfile) or die "$errfile: $!\n";
	my $err = do { local $/; <$efh> } // '';
	close($efh);
	s{\*/}{*\\/}g for $out, $err;
	return ($out, $status, $err);
}

sub diff {
	my ($want, $got) = @_;
	my ($fa, $a) = tempfile(UNLINK => 1);
	my ($fb, $b) = tempfile(UNLINK => 1);
	print $fa $want;
	print $fb $got;
	close($fa);
	close($fb);
	return `diff -u '$a' '$b'`;
}

my @files = @ARGV;
my $format = 0;
if (@files && $files[0] eq '--format') {
	$format = 1;
	shift @files;
}
unless (@files) {
	# a folder NAME.tree holds the files of a fixture tree that NAME.c runs on
	find(sub {
		if (-d && /\.tree$/) {
			$File::Find::prune = 1;
			return;
		}
		push @files, $File::Find::name if /\.[ch]$/;
	}, "$top/tests/golden");
	@files = sort @files;
}

if ($format) {
	for my $path (@files) {
		my $f = parse_fixture($path);
		die "$path: no check-command\n" unless $f->{command};
		my ($out, undef, $err) = run_fixture($f);
		my $text = $f->{text};
		$text =~ s/^ \* check-output-start\n.*?^ \* check-output-end$/ * check-output-start\n${out} * check-output-end/ms
			or die "$path: no check-output-start/end block\n";
		$text =~ s/^ \* check-error-start\n.*?^ \* check-error-end$/ * check-error-start\n${err} * check-error-end/ms;
		open(my $fh, '>', $path) or die "$path: $!\n";
		print $fh $text;
		close($fh);
		print "formatted $path\n";
	}
	exit 0;
}

print "1.." . scalar(@files) . "\n";
my $n = 0;
for my $path (@files) {
	my $f = parse_fixture($path);
	my $rel = $path;
	$rel =~ s{^\Q$top\E/}{};
	my $label = "$rel: " . ($f->{name} // '(no check-name)');
	my $todo = $f->{todo} ? ' # TODO known to fail' : '';
	$n++;
	unless (defined $f->{command} && defined $f->{expected}) {
		print "not ok $n - $label (no check-command or check-output block)\n";
		next;
	}
	my ($out, $status, $err) = run_fixture($f);
	my $err_ok = !defined $f->{expected_err} || $err eq $f->{expected_err};
	if ($out eq $f->{expected} && $status == $f->{exit} && $err_ok) {
		print "ok $n - $label$todo\n";
		next;
	}
	print "not ok $n - $label$todo\n";
	print "# exit status $status, expected $f->{exit}\n" if $status != $f->{exit};
	print map { "# $_\n" } split(/\n/, diff($f->{expected}, $out));
	print map { "# $_\n" } split(/\n/, diff($f->{expected_err}, $err)) unless $err_ok;
}
