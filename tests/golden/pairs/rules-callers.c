// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a callee barrier whose callers are not all visible. */

struct demo_dev {
	int regs[4];
	int up;
};

struct demo_ops {
	int (*prep)(struct demo_dev *d);
};

static int demo_prep(struct demo_dev *d)
{
	d->regs[0] = 1;
	smp_wmb();
	return 0;
}

/* the address is taken: some caller may not store the flag */
static const struct demo_ops demo_ops = {
	.prep = demo_prep,
};

static void demo_start(struct demo_dev *d)
{
	demo_prep(d);
	WRITE_ONCE(d->up, 1);
}

static int demo_read(struct demo_dev *d)
{
	if (!READ_ONCE(d->up))
		return -1;
	smp_rmb();
	return d->regs[0];
}

/*
 * check-name: a callee barrier whose function's address is taken stays; the reader converts alone
 * check-command: acqrel pairs $file
 * check-output-start
rules-callers.c:16: protocol d->up (demo_dev.up): convert
  writer rules-callers.c:16: smp_wmb() in demo_prep(); publish store after each call of demo_prep(): demo_start() at line 27
  reader rules-callers.c:35: smp_rmb() in demo_read(); subscribe load at line 33
  evidence: object, call, data
  stays: smp_wmb() in demo_prep() publishes d->up one call level away, and stays: demo_prep() is also used other than by a direct call in its file (its address is taken, or a macro calls it): callers acqrel cannot see
  adjacent: each barrier that goes orders d->up and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
