#!/usr/bin/perl
# setup.t: scripts/apt.sh, which deps.sh, kernel.sh and kernel-check.pl
# install through, waits for the package lock another package manager holds
# (unattended upgrades on a new machine) instead of failing (issue 12.11).
# A stand-in apt-get first on PATH answers as apt-get does when the lock is
# held, then succeeds; no real package is installed. The script needs root
# (it refuses otherwise, which is checked too).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use FindBin;
use lib "$FindBin::Bin/lib";
use AsUser;
use Test::More;
use Time::HiRes qw(time);

my $top = abs_path(dirname(__FILE__) . '/..');
my $apt = "$top/scripts/apt.sh";
my $tmp = tempdir(CLEANUP => 1);

# A stand-in apt-get: answers "lock held" for the first $busy calls of the
# kinds in $which (install, update or both), then succeeds; logs each call.
sub fake {
	my ($busy, $which, $other_error) = @_;
	$other_error //= '';
	my $bin = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$bin/apt-get") or die;
	print $fh <<"EOS";
#!/bin/sh
echo "\$*" >> '$bin/log'
n=\$(cat '$bin/count' 2>/dev/null || echo 0)
case "\$*" in *" install "*) kind=install ;; *" update "*) kind=update ;; *) kind=other ;; esac
if [ -n '$other_error' ] && [ ! -e '$bin/erred' ] && [ \$kind = install ]; then
	touch '$bin/erred'
	echo "E: Unable to locate package $other_error" >&2
	exit 100
fi
case '$which' in *\$kind*)
	if [ \$n -lt $busy ]; then
		echo \$((n + 1)) > '$bin/count'
		echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (unattended-upgr)" >&2
		echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?" >&2
		exit 100
	fi ;;
esac
exit 0
EOS
	close($fh);
	chmod(0755, "$bin/apt-get");
	return $bin;
}

sub run_apt {
	my ($bin, $env, @pkgs) = @_;
	my $t0 = time;
	my $out = `PATH='$bin':"\$PATH" $env sh '$apt' setup.t @pkgs 2>&1`;
	return ($out, $? >> 8, time - $t0, do { local (@ARGV, $/) = ("$bin/log"); <> } // '');
}

SKIP: {
	skip('apt.sh installs as root only', 5) if $> != 0;

	my $bin = fake(2, 'install');
	my ($out, $st, $t, $log) = run_apt($bin, 'APT_LOCK_POLL=0.2', 'foo', 'bar');
	my @calls = split(/\n/, $log);
	ok($st == 0 && @calls == 3 && !grep({ !/^-o DPkg::Lock::Timeout=1800 install -y -qq foo bar$/ } @calls),
	   'the lock held for two tries: apt.sh waits, with apt-get\'s own lock timeout, and installs')
		or diag($out, $log);
	is(scalar(() = $out =~ /setup\.t: waiting for the package lock another package manager holds/g), 1,
	   'it says once that it waits');

	$bin = fake(3, 'update', 'foo');
	($out, $st, $t, $log) = run_apt($bin, 'APT_LOCK_POLL=0.2', 'foo');
	@calls = map { (split ' ', $_)[2] } split(/\n/, $log);
	ok($st == 0 && "@calls" eq 'install update update update update install',
	   'a package not found: the lists are refreshed, waiting for their lock too')
		or diag($out, $log);

	$bin = fake(1000, 'install update');
	($out, $st, $t) = run_apt($bin, 'APT_LOCK_WAIT=1 APT_LOCK_POLL=0.2', 'foo');
	ok($st != 0 && $t < 10 && $out =~ /setup\.t: gave up waiting for the package lock after 1 s/,
	   'a lock never released: it gives up after APT_LOCK_WAIT seconds, saying so') or diag($out);

	SKIP: {
		my ($u, $why) = AsUser::setup($ENV{ACQREL} || "$top/build/acqrel");
		skip($why, 1) unless $u;
		system('cp', $apt, "$u->{dir}/apt.sh") == 0 or die;
		$out = `$u->{prefix} sh '$u->{dir}/apt.sh' setup.t foo 2>&1`;
		ok(($? >> 8) == 1 && $out eq "setup.t: please install as root: apt-get install foo\n",
		   'as another user: it prints the apt-get line to run, and fails') or diag($out);
	}
}

{
	# the set-up scripts install through apt.sh only
	my @direct = grep { /apt-get (install|update)/ && !/please install as root/ }
		     map { my $f = $_; map { "$f: $_" } split(/\n/, do { local (@ARGV, $/) = ($f); <> }) }
		     grep { !/apt\.sh$/ } glob("$top/scripts/*");
	ok(!@direct, 'no set-up script runs apt-get but through apt.sh') or diag(@direct);
}

done_testing();
