#!/usr/bin/perl
# ops-callers.t: a call through an ops table's field (dev->netdev_ops->
# ndo_get_stats()) reaches a function registered under that field in
# another file only from the same subsystem: a driver's call is no caller of
# another subsystem's driver (audit round 4, V6: typhoon joined to octeon).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $t = tempdir(CLEANUP => 1);

sub write_file {
	my ($path, $text) = @_;
	(my $dir = "$t/$path") =~ s{/[^/]*$}{};
	make_path($dir);
	open(my $fh, '>', "$t/$path") or die "$path: $!";
	print $fh $text;
	close($fh);
}

write_file('drivers/net/demo/demo.c', <<'C');
struct net_device_ops { void *(*ndo_get_stats)(struct demo_dev *dev); };
struct demo_dev { int state; int stats; };

static void *demo_get_stats(struct demo_dev *dev)
{
	smp_rmb();
	return &dev->stats;
}

static const struct net_device_ops demo_ops = {
	.ndo_get_stats = demo_get_stats,
};
C
write_file('drivers/net/other/other.c', <<'C');
struct other_priv { int up; struct net_device *dev; };

static void other_watch(struct other_priv *priv)
{
	if (READ_ONCE(priv->up))
		priv->dev->netdev_ops->ndo_get_stats(priv->dev);
}
C
write_file('drivers/staging/octo/octo.c', <<'C');
struct octo_priv { int poll; struct net_device *dev; };

static void octo_worker(struct octo_priv *priv)
{
	if (READ_ONCE(priv->poll))
		priv->dev->netdev_ops->ndo_get_stats(priv->dev);
}
C

my $out = `cd '$t' && '$acqrel' pairs . 2>&1`;
like($out, qr/other_watch\(\) at drivers\/net\/other\/other\.c:6 through ->ndo_get_stats/,
     'a call through the field from the same subsystem (drivers/net) is a caller');
unlike($out, qr/octo_worker/, 'a call through the field from another subsystem (drivers/staging) is not');
done_testing();
