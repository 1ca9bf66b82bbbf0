// SPDX-License-Identifier: GPL-2.0
/* Made up: see drivers/demo2/Kconfig. */

struct demo_notppc64_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_notppc64_put(struct demo_notppc64_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_notppc64_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_notppc64_get(struct demo_notppc64_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_notppc64_put(). */
	smp_rmb();
	return s->data[t % 4];
}
