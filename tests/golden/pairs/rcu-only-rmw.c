// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a function whose only primitive is an RCU
 * one still counts when it holds a fully ordered read-modify-write (rule
 * ORD: pairs analyses such a function only then).
 */

struct demo_buf {
	int len;
};

struct demo_ring {
	struct demo_buf __rcu *cur;
	int data[4];
	int ready;
	int gen;
	int stamp;
	int epoch;
};

/* r->ready is stored by xchg(), fully ordered, next to an RCU publication */
static void demo_ring_swap(struct demo_ring *r, struct demo_buf *b)
{
	rcu_assign_pointer(r->cur, b);
	xchg(&r->ready, 1);
}

/* nobody publishes r->gen: the barrier is for r->ready, loaded right after it */
static int demo_ring_poll(struct demo_ring *r)
{
	int gen = READ_ONCE(r->gen);

	smp_rmb();
	if (READ_ONCE(r->ready))
		return r->data[0] + gen;
	return 0;
}

/* r->stamp is stored plainly next to an RCU publication: nothing ordered */
static void demo_ring_stamp(struct demo_ring *r, struct demo_buf *b)
{
	WRITE_ONCE(r->epoch, r->epoch + 1);
	rcu_assign_pointer(r->cur, b);
	WRITE_ONCE(r->stamp, 1);
}

/* so the barrier-before-load rule does not hold here: r->stamp is not published */

static int demo_ring_peek(struct demo_ring *r)
{
	int epoch = READ_ONCE(r->epoch);

	smp_rmb();
	if (READ_ONCE(r->stamp))
		return r->data[1] + epoch;
	return 0;
}

/*
 * check-name: a load published by an ordered read-modify-write in an RCU-only function makes the barrier before it that load's (keep); a plain store there does not
 * check-command: acqrel pairs $file
 * check-output-start
rcu-only-rmw.c:33: protocol r->gen (demo_ring.gen): keep
  reader rcu-only-rmw.c:33: smp_rmb() in demo_ring_poll(); subscribe load at line 31
  evidence: object
  barrier-before-load: the first load after smp_rmb() in demo_ring_poll() is of r->ready (line 34), which writers in the tree publish, and no writer publishes r->gen: the barrier orders the loads before it ahead of that load, so it belongs to the protocol of r->ready, not to one of r->gen
  ordering: 0 other accesses change ordering

rcu-only-rmw.c:53: protocol r->epoch (demo_ring.epoch): review
  reader rcu-only-rmw.c:53: smp_rmb() in demo_ring_peek(); subscribe load at line 51
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to r->epoch
  ordering: 0 other accesses change ordering

 * check-output-end
 */
