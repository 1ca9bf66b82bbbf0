// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule NOPUB, a read barrier with no writer whose variable nobody publishes, away from its load. */

/*
 * check-name: rule NOPUB: a read barrier with no writer, whose variable no writer in the tree orders and whose load other loads separate from it, orders other loads (keep); one right after its load stays review
 * check-command: acqrel pairs $file
 * check-output-start
no-publisher.c:51: protocol r->nr_rx (demo_ring.nr_rx): keep
  reader no-publisher.c:51: smp_rmb() in demo_ring_check(); subscribe load at line 48
  evidence: object
  no-publisher: no writer in the tree orders a store to r->nr_rx (no barrier, release or ordered read-modify-write before one), and smp_rmb() in demo_ring_check() does not follow its load directly (other loads or calls lie between): the barrier orders other loads for another pairing, and this protocol is not one
  ordering: 0 other accesses change ordering

no-publisher.c:60: protocol r->head (demo_ring.head): review
  reader no-publisher.c:60: smp_rmb() in demo_ring_peek(); subscribe load at line 58
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to r->head
  ordering: 0 other accesses change ordering

 * check-output-end
 */

struct demo_ring {
	unsigned int nr_rx;
	unsigned int nr_tx;
	unsigned int head;
	unsigned int stamp;
	unsigned int *slots;
};

void demo_ring_setup(struct demo_ring *r, unsigned int rx, unsigned int tx)
{
	r->nr_rx = rx;
	r->nr_tx = tx;
	r->stamp = 0;
}

/* head is stored plainly: a device or an RMW elsewhere may order it, acqrel cannot tell */
void demo_ring_move(struct demo_ring *r, unsigned int h)
{
	WRITE_ONCE(r->head, h);
}

/* positive: the loads of the sizes lie between the load and the barrier */
unsigned int demo_ring_check(struct demo_ring *r)
{
	unsigned int stamp = r->stamp;
	unsigned int n = r->nr_rx + r->nr_tx;

	/* the slots after the sizes */
	smp_rmb();
	return r->slots[n - 1] + stamp;
}

/* negative: the barrier follows the load of head right away: it may be head's, with a writer acqrel cannot see */
unsigned int demo_ring_peek(struct demo_ring *r)
{
	unsigned int head = READ_ONCE(r->head);

	smp_rmb();
	return r->slots[head];
}
