// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a global whose struct has no tag. */
#include <linux/demo_types.h>

static struct {
	int data;
	void (*handler)(int data);
} demo_ctx;

static void demo_ctx_set(void (*h)(int), int data)
{
	demo_ctx.data = data;
	smp_wmb();
	WRITE_ONCE(demo_ctx.handler, h);
}

static void demo_ctx_fire(void)
{
	void (*h)(int) = READ_ONCE(demo_ctx.handler);

	smp_rmb();
	if (h)
		h(demo_ctx.data);
}
