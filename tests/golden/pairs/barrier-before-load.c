// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an smp_rmb() right before the load it is for. */

struct demo_dev {
	int data[4];
	int flag;
	int seen;
	int count;
};

static void demo_dev_publish(struct demo_dev *d, int v)
{
	d->data[0] = v;
	smp_wmb();
	WRITE_ONCE(d->flag, 1);
}

/* nobody publishes d->seen: the barrier is for d->flag, loaded right after it */
static int demo_dev_poll(struct demo_dev *d)
{
	int seen = READ_ONCE(d->seen);

	smp_rmb();
	if (READ_ONCE(d->flag))
		return d->data[0] + seen;
	return 0;
}

static void demo_dev_count(struct demo_dev *d, int v)
{
	d->data[1] = v;
	smp_wmb();
	WRITE_ONCE(d->count, v);
}

/* d->count is published: its own protocol, even with a published load after */
static int demo_dev_peek(struct demo_dev *d)
{
	int n = READ_ONCE(d->count);

	smp_rmb();
	if (READ_ONCE(d->flag))
		return d->data[1] + n;
	return 0;
}

/*
 * check-name: an smp_rmb() right before a load writers publish, after a load nobody publishes, belongs to the published one (keep); after a published load it is that load's
 * check-command: acqrel pairs $file
 * check-output-start
barrier-before-load.c:14: protocol d->flag (demo_dev.flag): review
  writer barrier-before-load.c:14: smp_wmb() in demo_dev_publish(); publish store at line 15
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of d->flag
  ordering: 0 other accesses change ordering

barrier-before-load.c:23: protocol d->seen (demo_dev.seen): keep
  reader barrier-before-load.c:23: smp_rmb() in demo_dev_poll(); subscribe load at line 21
  evidence: object
  barrier-before-load: the first load after smp_rmb() in demo_dev_poll() is of d->flag (line 24), which writers in the tree publish, and no writer publishes d->seen: the barrier orders the loads before it ahead of that load, so it belongs to the protocol of d->flag, not to one of d->seen
  ordering: 0 other accesses change ordering

barrier-before-load.c:32: protocol d->count (demo_dev.count): convert
  writer barrier-before-load.c:32: smp_wmb() in demo_dev_count(); publish store at line 33
  reader barrier-before-load.c:41: smp_rmb() in demo_dev_peek(); subscribe load at line 39
  evidence: object, data
  adjacent: each barrier that goes orders d->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
