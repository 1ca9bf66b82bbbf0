// SPDX-License-Identifier: GPL-2.0
/* Made up: listed only in virt/demo/Makefile.demo, which powerpc's kvm/Makefile includes. */

struct demo_generic_vcpu {
	int data[4];
	unsigned int ready;
};

void demo_generic_put(struct demo_generic_vcpu *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_generic_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, h);
}

int demo_generic_get(struct demo_generic_vcpu *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_generic_put(). */
	smp_rmb();
	return s->data[t % 4];
}
