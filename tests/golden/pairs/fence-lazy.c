// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule FENCE-LAZY. The accesses of a full
 * fence are resolved only when the pairing asks for a name they touch:
 * what the fence does must come out as if they had been resolved at once.
 */

struct lazy_ring {
	int data;
	unsigned int head;
	unsigned int tail;
};

static void lazy_put(struct lazy_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->head, 1);
}

/* a full fence publishes head too: it joins as a writer, through q's type */
static void lazy_put_full(struct lazy_ring *q, int v)
{
	q->data = v;
	smp_mb();
	WRITE_ONCE(q->head, 2);
}

/* tail is stored after a full fence only, in lazy_done(): a writer orders it */
static int lazy_get(struct lazy_ring *r)
{
	if (READ_ONCE(r->tail) == READ_ONCE(r->head))
		return -1;
	smp_rmb();
	return r->data;
}

static void lazy_done(struct lazy_ring *s)
{
	smp_mb();
	WRITE_ONCE(s->tail, s->tail + 1);
}

/*
 * check-name: rule FENCE-LAZY: a full fence whose accesses are resolved only when asked joins a protocol through its store's type, and its later store still counts as ordered for the reader's load of it
 * check-command: acqrel pairs $file
 * check-output-start
fence-lazy.c:17: protocol r->head (lazy_ring.head): convert
  writer fence-lazy.c:17: smp_wmb() in lazy_put(); publish store at line 18
  writer fence-lazy.c:25: smp_mb() in lazy_put_full(); publish store at line 26
  reader fence-lazy.c:34: smp_rmb() in lazy_get(); subscribe load at line 32
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of r->tail (line 32) before smp_rmb() in lazy_get() can see other threads' stores: with an acquire on r->head instead, they are no longer ordered before the loads after it
  stays: smp_mb() in lazy_put_full() is a full barrier: it orders every earlier access before the store to r->head, and stays
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
