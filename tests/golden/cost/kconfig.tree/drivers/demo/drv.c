// SPDX-License-Identifier: GPL-2.0
/* Made up: a driver whose symbol depends on the 64-bit-only KVM symbol. */

struct demo_drv_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_drv_put(struct demo_drv_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_drv_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_drv_get(struct demo_drv_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_drv_put(). */
	smp_rmb();
	return s->data[t % 4];
}
