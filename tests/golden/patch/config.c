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
 * check-name: an access some configuration compiles out is never rewritten, even with --include-review; the barrier it shares stays too
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
 * check-output-end
 * check-error-start
config.c:14: note: protocol d->ready left for the author: it shares a barrier with d->stat, which is left
config.c:14: note: protocol d->stat left for the author: an access it would rewrite is compiled only under a condition its barrier is not
acqrel patch: 0 protocols rewritten in 0 patches, 2 left for the author
 * check-error-end
 */
