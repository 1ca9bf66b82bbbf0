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

struct demo_root {
	unsigned long last;
	unsigned long state;
	int data;
};

struct demo_tree {
	unsigned long last;
	unsigned long state;
	int data;
};

void demo_log(const struct demo_tree *t);

static inline void demo_root_set_last(struct demo_root *r, unsigned long v)
{
	WRITE_ONCE(r->last, v);
}

static inline unsigned long demo_root_last(const struct demo_root *r)
{
	return READ_ONCE(r->last);
}

static void demo_root_record(struct demo_root *r, unsigned long t)
{
	r->data = 1;
	smp_wmb();
	demo_root_set_last(r, t);
}

static void demo_root_open(struct demo_root *r)
{
	WRITE_ONCE(r->state, 1);
}

/* the first thing after the barrier is an accessor of a published member: keep */
static int demo_root_check(struct demo_root *r, unsigned long t)
{
	if (!READ_ONCE(r->state))
		return 0;
	smp_rmb();
	if (demo_root_last(r) == t)
		return 1;
	return -1;
}

static inline void demo_tree_set_last(struct demo_tree *r, unsigned long v)
{
	WRITE_ONCE(r->last, v);
}

static inline unsigned long demo_tree_last(const struct demo_tree *r)
{
	demo_log(r);
	return READ_ONCE(r->last);
}

static void demo_tree_record(struct demo_tree *r, unsigned long t)
{
	r->data = 1;
	smp_wmb();
	demo_tree_set_last(r, t);
}

static void demo_tree_open(struct demo_tree *r)
{
	WRITE_ONCE(r->state, 1);
}

/* a function that also calls another is no accessor: one-side stays */
static int demo_tree_check(struct demo_tree *r, unsigned long t)
{
	if (!READ_ONCE(r->state))
		return 0;
	smp_rmb();
	if (demo_tree_last(r) == t)
		return 1;
	return -1;
}

/*
 * check-name: an smp_rmb() right before a load writers publish, after a load nobody publishes, belongs to the published one (keep), also a load in an accessor called first; after a published load it is that load's
 * check-command: acqrel pairs $file
 * check-output-start
barrier-before-load.c:14: protocol d->flag (demo_dev.flag): review
  writer barrier-before-load.c:14: smp_wmb() in demo_dev_publish(); publish store at line 15
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of d->flag; the writers alone would convert, but smp_wmb() in demo_dev_publish() orders what its callers store after the call too, and acqrel does not see them all
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

barrier-before-load.c:74: protocol r->last (demo_root.last): review
  writer barrier-before-load.c:74: smp_wmb() in demo_root_record(); publish store in demo_root_set_last() at line 63, called at line 75
  evidence: object, call
  one-side: no reader found in the files given: no smp_rmb() follows a load of r->last; the writers alone would convert, but smp_wmb() in demo_root_record() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

barrier-before-load.c:88: protocol r->state (demo_root.state): keep
  reader barrier-before-load.c:88: smp_rmb() in demo_root_check(); subscribe load at line 86
  evidence: object
  barrier-before-load: the first load after smp_rmb() in demo_root_check() is of r->last (line 68), which writers in the tree publish, and no writer publishes r->state: the barrier orders the loads before it ahead of that load, so it belongs to the protocol of r->last, not to one of r->state
  ordering: 0 other accesses change ordering

barrier-before-load.c:108: protocol r->last (demo_tree.last): review
  writer barrier-before-load.c:108: smp_wmb() in demo_tree_record(); publish store in demo_tree_set_last() at line 96, called at line 109
  evidence: object, call
  one-side: no reader found in the files given: no smp_rmb() follows a load of r->last; the writers alone would convert, but smp_wmb() in demo_tree_record() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

barrier-before-load.c:122: protocol r->state (demo_tree.state): review
  reader barrier-before-load.c:122: smp_rmb() in demo_tree_check(); subscribe load at line 120
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to r->state
  ordering: 0 other accesses change ordering

 * check-output-end
 */
