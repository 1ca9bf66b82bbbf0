// SPDX-License-Identifier: GPL-2.0
/* Made up: listed in no Makefile: every architecture may build it. */

struct demo_other_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_other_put(struct demo_other_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_other_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_other_get(struct demo_other_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_other_put(). */
	smp_rmb();
	return s->data[t % 4];
}
