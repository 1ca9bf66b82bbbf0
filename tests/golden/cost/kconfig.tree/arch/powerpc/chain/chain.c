// SPDX-License-Identifier: GPL-2.0
/* Made up: built under the first link of a long chain; asked about first. */

struct demo_chain_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_chain_put(struct demo_chain_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_chain_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_chain_get(struct demo_chain_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_chain_put(). */
	smp_rmb();
	return s->data[t % 4];
}
