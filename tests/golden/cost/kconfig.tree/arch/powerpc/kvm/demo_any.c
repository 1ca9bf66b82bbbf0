// SPDX-License-Identifier: GPL-2.0
/* Made up: built under a symbol with a default, which any powerpc may set. */

struct demo_any_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_any_put(struct demo_any_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_any_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_any_get(struct demo_any_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_any_put(). */
	smp_rmb();
	return s->data[t % 4];
}
