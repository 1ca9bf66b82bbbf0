// SPDX-License-Identifier: GPL-2.0
/* A made-up driver: one message-passing protocol in generic code. */

struct demo_ring {
	int slots[16];
	unsigned int head;
};

void demo_ring_put(struct demo_ring *r, unsigned int h, int x)
{
	r->slots[h % 16] = x;
	/* Pairs with smp_rmb() in demo_ring_get(). */
	smp_wmb();
	WRITE_ONCE(r->head, h + 1);
}

int demo_ring_get(struct demo_ring *r, unsigned int t)
{
	unsigned int h = READ_ONCE(r->head);

	if (h == t)
		return -1;
	/* Pairs with smp_wmb() in demo_ring_put(). */
	smp_rmb();
	return r->slots[t % 16];
}
