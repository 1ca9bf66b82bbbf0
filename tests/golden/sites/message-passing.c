// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a ring that publishes entries to a reader. */

struct demo_ring {
	int slots[64];
	unsigned int head;
	unsigned int tail;
};

static void demo_ring_push(struct demo_ring *ring, int e)
{
	unsigned int t = ring->tail;

	ring->slots[t & 63] = e;
	smp_wmb();	/* pairs with smp_rmb() in demo_ring_pop() */
	ring->tail = t + 1;
}

static int demo_ring_pop(struct demo_ring *ring)
{
	unsigned int t = READ_ONCE(ring->tail);
	unsigned int h = ring->head;

	if (h == t)
		return -1;
	smp_rmb();
	return ring->slots[h & 63];
}

static void demo_ring_push_once(struct demo_ring *ring, int e)
{
	ring->slots[0] = e;
	smp_wmb();
	WRITE_ONCE(ring->tail, 1);
}

/*
 * check-name: message passing with a wmb writer and an rmb reader
 * check-command: acqrel sites $file
 * check-output-start
message-passing.c:15:2: note: smp_wmb() in function demo_ring_push(); before: write ring->slots[t & 63] (line 14); after: write ring->tail (line 16)
message-passing.c:26:2: note: smp_rmb() in function demo_ring_pop(); before: read ring->head (line 22); after: read ring->slots[h & 63] (line 27)
message-passing.c:33:2: note: smp_wmb() in function demo_ring_push_once(); before: write ring->slots[0] (line 32); after: write ring->tail (marked, line 34)
 * check-output-end
 */
