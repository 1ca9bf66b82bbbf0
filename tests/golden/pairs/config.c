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

struct demo_vcpu {
	int depth;
	int idx;
	int mode;
};

/* the helper's store exists only with CONFIG_DEMO_PROVE, its body always */
static inline void demo_vcpu_lock(struct demo_vcpu *v)
{
#ifdef CONFIG_DEMO_PROVE
	WRITE_ONCE(v->depth, v->depth + 1);
#endif
}

static void demo_vcpu_exit(struct demo_vcpu *v)
{
	v->mode = 0;
	smp_wmb();
	demo_vcpu_lock(v);
}

static int demo_vcpu_depth(struct demo_vcpu *v)
{
	int d = READ_ONCE(v->depth);

	smp_rmb();
	return d + v->mode;
}

/*
 * check-name: an access compiled under an #if branch its barrier is not under is refused (config), also inside the helper that holds it, when its function's body is not under that branch; under the same branch is fine
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

config.c:59: protocol v->depth (demo_vcpu.depth): review
  writer config.c:59: smp_wmb() in demo_vcpu_exit(); publish store in demo_vcpu_lock() at line 52, called at line 60
  reader config.c:67: smp_rmb() in demo_vcpu_depth(); subscribe load at line 65
  evidence: object, call, data
  config: the store of v->depth at config.c:52 is compiled under an #if branch that the body of its function is not: a configuration without that branch would lose the barrier and get no release in its place
  ordering: 0 other accesses change ordering

 * check-output-end
 */
