struct demo_ring {
	int slots[16];
	unsigned int tail;
};

void demo_ring_put(struct demo_ring *r, int v, unsigned int t)
{
	r->slots[t % 16] = v;
	smp_wmb();	/* pairs with smp_rmb() in demo_ring_get() */
	r->tail = t + 1;
}
//--
struct demo_ring {
	int slots[16];
	unsigned int tail;
};

int demo_ring_get(struct demo_ring *r, unsigned int head)
{
	unsigned int t;

	t = r->tail;
	smp_rmb();	/* pairs with smp_wmb() in demo_ring_put() */
	if (t == head)
		return -1;
	return r->slots[head % 16];
}
