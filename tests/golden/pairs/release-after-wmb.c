// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an smp_wmb() whose later store is a release already. */

struct demo_stat {
	int data;
	unsigned int seq;
	int stat;
};

/* the barrier publishes seq; stat, after it, is released on its own */
static void demo_stat_update(struct demo_stat *s, int v)
{
	s->data = v;
	smp_wmb();
	WRITE_ONCE(s->seq, s->seq + 1);
	smp_store_release(&s->stat, v);
}

static int demo_stat_read(struct demo_stat *s)
{
	unsigned int seq = READ_ONCE(s->seq);

	smp_rmb();
	return seq ? s->data : 0;
}

static int demo_stat_value(struct demo_stat *s)
{
	return READ_ONCE(s->stat) + s->data;
}

/*
 * check-name: a store after smp_wmb() that releases on its own (smp_store_release()) is no caveat of the barrier's protocol, and its own protocol, with no reader, is converted: the barrier is not its
 * check-command: acqrel pairs $file
 * check-output-start
release-after-wmb.c:14: protocol s->seq (demo_stat.seq): convert
  writer release-after-wmb.c:14: smp_wmb() in demo_stat_update(); publish store at line 15
  reader release-after-wmb.c:23: smp_rmb() in demo_stat_read(); subscribe load at line 21
  evidence: object, data
  adjacent: each barrier that goes orders s->seq and nothing another thread can see besides
  ordering: 0 other accesses change ordering

release-after-wmb.c:16: protocol s->stat (demo_stat.stat): converted
  writer release-after-wmb.c:16: smp_store_release() in demo_stat_update(); publish store at line 16
  writer release-after-wmb.c:14: smp_wmb() in demo_stat_update(); publish store at line 16
  evidence: object
  release-acquire: s->stat is already published with a release or read with an acquire, and what is left stays as it is
  stays: smp_wmb() in demo_stat_update() comes before smp_store_release(), which publishes s->stat itself: the barrier is not this protocol's
  ordering: 0 other accesses change ordering

 * check-output-end
 */
