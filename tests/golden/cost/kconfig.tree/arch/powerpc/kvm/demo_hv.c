// SPDX-License-Identifier: GPL-2.0
/* Made up: built under a symbol only a 64-bit-only symbol selects. */

struct demo_hv_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_hv_put(struct demo_hv_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_hv_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_hv_get(struct demo_hv_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_hv_put(). */
	smp_rmb();
	return s->data[t % 4];
}
