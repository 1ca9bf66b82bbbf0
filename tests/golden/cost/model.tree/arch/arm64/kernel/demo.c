// SPDX-License-Identifier: GPL-2.0
/* A made-up arm64-only flag: built for arm64 alone. */

struct demo_cpu {
	long data;
	int ready;
};

void demo_cpu_publish(struct demo_cpu *c, long d)
{
	c->data = d;
	/* Pairs with smp_rmb() in demo_cpu_read(). */
	smp_wmb();
	WRITE_ONCE(c->ready, 1);
}

long demo_cpu_read(struct demo_cpu *c)
{
	if (!READ_ONCE(c->ready))
		return 0;
	/* Pairs with smp_wmb() in demo_cpu_publish(). */
	smp_rmb();
	return c->data;
}
