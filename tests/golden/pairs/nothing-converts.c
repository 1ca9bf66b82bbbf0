// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: protocols where no barrier can become a release or an acquire. */

struct demo_link {
	int stats[4];
	unsigned long flags;
	int seq;
};

#define DEMO_LINK_UP	0

/* set_bit() has no release form; the reader's smp_mb() is a full fence */
static void demo_link_up(struct demo_link *l)
{
	l->stats[0] = 0;
	/* Pairs with smp_mb() in demo_link_poll() */
	smp_wmb();
	set_bit(DEMO_LINK_UP, &l->flags);
}

static int demo_link_poll(struct demo_link *l)
{
	if (!test_bit(DEMO_LINK_UP, &l->flags))
		return 0;
	/* Pairs with smp_wmb() in demo_link_up() */
	smp_mb();
	return l->stats[0];
}

/* a release already on one side: converted, the other side stays */
static void demo_link_count(struct demo_link *l, int v)
{
	l->stats[1] = v;
	smp_store_release(&l->seq, v);
}

static int demo_link_read(struct demo_link *l)
{
	int s = READ_ONCE(l->seq);

	/* Pairs with smp_store_release() in demo_link_count() */
	smp_mb();
	return l->stats[1] + s;
}

/*
 * check-name: when no barrier of a protocol can become a release or an acquire, it is keep (nothing-converts), also with a full fence on the other side; with a release on one side, converted
 * check-command: acqrel pairs $file
 * check-output-start
nothing-converts.c:17: protocol l->flags bit DEMO_LINK_UP (demo_link.flags): keep
  writer nothing-converts.c:17: smp_wmb() in demo_link_up(); publish store at line 18
  reader nothing-converts.c:26: smp_mb() in demo_link_poll(); subscribe load at line 23
  evidence: object, comment, data
  stays: smp_wmb() in demo_link_up() publishes l->flags with set_bit(), which has no release form: smp_wmb() stays there
  stays: smp_mb() in demo_link_poll() is a full barrier: it orders the load of l->flags, and stays
  nothing-converts: no barrier of l->flags can become a release or an acquire: each stays, for the reason given
  ordering: 0 other accesses change ordering

nothing-converts.c:34: protocol l->seq (demo_link.seq): converted
  writer nothing-converts.c:34: smp_store_release() in demo_link_count(); publish store at line 34
  reader nothing-converts.c:42: smp_mb() in demo_link_read(); subscribe load at line 39
  evidence: object, comment, data
  release-acquire: l->seq is already published with a release or read with an acquire, and what is left stays as it is
  stays: smp_mb() in demo_link_read() is a full barrier: it orders the load of l->seq, and stays
  ordering: 0 other accesses change ordering

 * check-output-end
 */
