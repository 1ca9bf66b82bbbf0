// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule UNREAD: a writer-only protocol whose
 * variable no function but the writer's own names, in the files that see
 * its struct, publishes to nobody: keep. A load in another function, or
 * its address taken, leaves it a one-sided review.
 */

struct demo_vol {
	spinlock_t lock;
	struct demo_list *servers;
	unsigned int seq;
	unsigned int gen;
	unsigned int ver;
};

void demo_watch(unsigned int *p);

/* the counter is read nowhere: keep */
static void demo_vol_update(struct demo_vol *v, struct demo_list *new)
{
	spin_lock(&v->lock);
	rcu_assign_pointer(v->servers, new);
	smp_wmb();
	v->seq++;
	spin_unlock(&v->lock);
}

/* another function loads it: one-side stays */
static void demo_vol_bump(struct demo_vol *v, struct demo_list *new)
{
	spin_lock(&v->lock);
	rcu_assign_pointer(v->servers, new);
	smp_wmb();
	v->gen++;
	spin_unlock(&v->lock);
}

static unsigned int demo_vol_gen(struct demo_vol *v)
{
	return READ_ONCE(v->gen);
}

/* its address goes to a function: one-side stays */
static void demo_vol_mark(struct demo_vol *v, struct demo_list *new)
{
	spin_lock(&v->lock);
	rcu_assign_pointer(v->servers, new);
	smp_wmb();
	v->ver++;
	spin_unlock(&v->lock);
	demo_watch(&v->ver);
}

/*
 * check-name: rule UNREAD, a variable no function but its writer names publishes to nobody: keep; a load elsewhere or its address taken stays review
 * check-command: acqrel pairs $file
 * check-output-start
unread.c:24: protocol v->seq (demo_vol.seq): keep
  writer unread.c:24: smp_wmb() in demo_vol_update(); publish store at line 25
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of v->seq
  unread: no function but the writer's own (demo_vol_update()) names v->seq in the files that see struct demo_vol (unread.c): nothing loads it, the barrier publishes it to no reader, and this protocol is not one
  ordering: 0 other accesses change ordering

unread.c:34: protocol v->gen (demo_vol.gen): review
  writer unread.c:34: smp_wmb() in demo_vol_bump(); publish store at line 35
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of v->gen; the writers alone would convert, but smp_wmb() in demo_vol_bump() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

unread.c:49: protocol v->ver (demo_vol.ver): review
  writer unread.c:49: smp_wmb() in demo_vol_mark(); publish store at line 50
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of v->ver
  call-between: smp_wmb() in demo_vol_mark() also orders the stores made by demo_watch(), whose bodies acqrel does not follow: with a release on v->ver instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
