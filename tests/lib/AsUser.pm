# AsUser.pm: running acqrel as another user (uid and gid 65534, "nobody")
# from a test that runs as root.
#
# That user must be able to reach the binary and its inputs. A checkout in a
# folder only root may enter (/root/acqrel, a `mktemp -d` folder) is out of
# its reach, so as_user_setup() makes a folder of mode 0755 under /tmp,
# copies the binary into it, and checks that the user can run the copy
# before any test relies on it. Inputs the user must read go into that
# folder too.
#
#   my ($u, $why) = AsUser::setup($acqrel);
#   skip($why, N) unless $u;
#   system("$u->{prefix} '$u->{acqrel}' sites '$u->{dir}/x.c'");
#
# Without root, or without setpriv, it returns (undef, reason) and the tests
# skip, saying why. ACQREL_REQUIRE_USER_TESTS=1 (CI, which runs as root)
# turns every such skip into a failure, so the tests cannot stop running
# unnoticed.
package AsUser;

use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Copy qw(copy);

our $UID = 65534;

sub required { return ($ENV{ACQREL_REQUIRE_USER_TESTS} // '') eq '1' }

# Returns ({dir, acqrel, prefix, uid}, undef) or (undef, reason).
sub setup {
	my ($acqrel) = @_;
	return (undef, 'not root: cannot run acqrel as another user') if $> != 0;
	my $setpriv = `command -v setpriv 2>/dev/null`;
	chomp($setpriv);
	return (undef, 'setpriv (util-linux) is not installed') unless $setpriv;
	# /tmp is world-searchable on Debian; TMPDIR may not be (it can be private)
	my $dir = tempdir('acqrel-user-XXXXXX', DIR => '/tmp', CLEANUP => 1);
	chmod(0755, $dir) or return (undef, "chmod $dir: $!");
	my $copy = "$dir/acqrel";
	copy($acqrel, $copy) or return (undef, "cannot copy $acqrel to $dir: $!");
	chmod(0755, $copy) or return (undef, "chmod $copy: $!");
	my $prefix = "$setpriv --reuid=$UID --regid=$UID --clear-groups";
	open(my $fh, '>', "$dir/probe.c") or return (undef, "$dir/probe.c: $!");
	print $fh "void probe(int *p)\n{\n\tp[0] = 1;\n\tsmp_wmb();\n\tp[1] = 1;\n}\n";
	close($fh);
	chmod(0644, "$dir/probe.c");
	my $out = `$prefix '$copy' sites '$dir/probe.c' 2>&1`;
	if ($? != 0 || $out !~ /smp_wmb\(\) in function probe\(\)/) {
		return (undef, "uid $UID cannot run a copy of acqrel in $dir (exit " .
			($? >> 8) . "): " . (split(/\n/, $out))[0]);
	}
	return ({ dir => $dir, acqrel => $copy, prefix => $prefix, uid => $UID }, undef);
}

1;
