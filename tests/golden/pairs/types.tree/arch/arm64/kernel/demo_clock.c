// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a u64 flag on an architecture that is 64-bit only. */
#include <asm/demo_clock.h>

static void demo_clock_set(struct demo_clock *c, u64 base, u64 now)
{
	c->base = base;
	smp_wmb();
	WRITE_ONCE(c->cycles, now);
}

static u64 demo_clock_read(struct demo_clock *c)
{
	u64 now = READ_ONCE(c->cycles);

	smp_rmb();
	return now - c->base;
}
