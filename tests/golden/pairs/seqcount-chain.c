// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a store alone between two smp_wmb()s, the
 * second of which orders it ahead of what follows.
 */

struct demo_gc {
	int gced;
	int seq;
	int reserved;
	int stat;
	int extra;
};

void demo_unmap(struct demo_gc *c, int n);

/* gced, then seq, then the reuse: the second barrier is seq's (keep) */
static int demo_gc_leb(struct demo_gc *c, int n)
{
	c->gced = n;
	smp_wmb();
	c->seq += 1;
	smp_wmb();
	if (c->reserved == -1) {
		c->reserved = n;
		return 1;
	}
	demo_unmap(c, n);
	return 0;
}

/* two stores between the barriers: no chain of one store (review) */
static void demo_gc_two(struct demo_gc *c, int n)
{
	c->gced = n;
	smp_wmb();
	c->seq += 1;
	c->extra = n;
	smp_wmb();
	WRITE_ONCE(c->stat, n);
}

static int demo_gc_check(struct demo_gc *c, int seq)
{
	int g = READ_ONCE(c->gced);

	smp_rmb();
	if (READ_ONCE(c->seq) != seq)
		return 1;
	smp_rmb();
	return READ_ONCE(c->gced) != g;
}

/* c->stat is read somewhere: a reader acqrel does not see ordered */
static int demo_gc_stat(struct demo_gc *c)
{
	return READ_ONCE(c->stat);
}

/*
 * check-name: rule S, a chain: an smp_wmb() right after the only store made since an earlier smp_wmb() of its function, straight through, orders that store ahead of what follows (keep, seqcount), not the publication of the next store; with two stores between, no chain
 * check-command: acqrel pairs $file
 * check-output-start
seqcount-chain.c:36: protocol c->seq (demo_gc.seq): keep
  writer seqcount-chain.c:36: smp_wmb() in demo_gc_two(); publish store at line 37
  writer seqcount-chain.c:21: smp_wmb() in demo_gc_leb(); publish store at line 22
  reader seqcount-chain.c:50: smp_rmb() in demo_gc_check(); subscribe load at line 48
  evidence: object, data
  seqcount: demo_gc_leb() stores c->seq right before one of its smp_wmb()s (line 22), which orders that store ahead of the stores after it: a chain of ordered stores, as in a seqcount writer, which a release on one store does not express
  seqcount: demo_gc_check() reads c->seq on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

seqcount-chain.c:23: protocol c->reserved (demo_gc.reserved): keep
  writer seqcount-chain.c:23: smp_wmb() in demo_gc_leb(); publish store at line 25
  evidence: object
  seqcount: demo_gc_leb() stores c->seq (line 22) between two of its smp_wmb()s, and nothing else: the first publishes it, and smp_wmb() at line 23 orders it ahead of everything after it, a chain of ordered stores as in a seqcount writer, not a publication of c->reserved that a release would express
  ordering: 0 other accesses change ordering

seqcount-chain.c:39: protocol c->stat (demo_gc.stat): review
  writer seqcount-chain.c:39: smp_wmb() in demo_gc_two(); publish store at line 40
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->stat; the writers alone would convert, but smp_wmb() in demo_gc_two() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

seqcount-chain.c:47: protocol c->gced (demo_gc.gced): keep
  reader seqcount-chain.c:47: smp_rmb() in demo_gc_check(); subscribe load at line 45
  evidence: object
  seqcount: demo_gc_check() reads c->gced on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

 * check-output-end
 */
