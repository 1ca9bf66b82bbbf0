// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: accesses some configurations compile out. */

struct demo_dev {
	int regs[4];
	int ready;
	int stat;
};

/* the store that would become the release exists only with CONFIG_DEMO_STATS */
static void demo_dev_start(struct demo_dev *d)
{
	d->regs[0] = 1;
	smp_wmb();
#ifdef CONFIG_DEMO_STATS
	WRITE_ONCE(d->stat, 1);
#endif
	WRITE_ONCE(d->ready, 1);
}

static int demo_dev_stat(struct demo_dev *d)
{
	int s = READ_ONCE(d->stat);

	smp_rmb();
	return s ? d->regs[0] : 0;
}

/* barrier and load under the same branch: nothing is lost */
static int demo_dev_ready(struct demo_dev *d)
{
#ifdef CONFIG_DEMO_DEBUG
	int r = READ_ONCE(d->ready);

	smp_rmb();
	return r ? d->regs[0] : 0;
#else
	return 0;
#endif
}

/*
 * check-name: an access compiled under an #if branch its barrier is not under is refused (config); under the same branch is fine
 * check-command: acqrel pairs $file
 * check-output-start
config.c:14: protocol d->ready (demo_dev.ready): review
  writer config.c:14: smp_wmb() in demo_dev_start(); publish store at line 18
  reader config.c:35: smp_rmb() in demo_dev_ready(); subscribe load at line 33
  evidence: object, data
  shared-barrier: smp_wmb() in demo_dev_start() also orders d->stat, whose protocol is review: the barrier stays
  ordering: 0 other accesses change ordering

config.c:14: protocol d->stat (demo_dev.stat): review
  writer config.c:14: smp_wmb() in demo_dev_start(); publish store at line 16
  reader config.c:25: smp_rmb() in demo_dev_stat(); subscribe load at line 23
  evidence: object, data
  config: the store of d->stat at line 16 is compiled under an #if branch that smp_wmb() at line 14 is not: a configuration without that branch would lose the barrier and get no release in its place
  ordering: 0 other accesses change ordering

 * check-output-end
 */
