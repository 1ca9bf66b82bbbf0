// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a user-space program reading a ring of the same name. */
#include <linux/demo_fs.h>

static int demo_user_ring_last(struct demo_ring *r)
{
	unsigned int h = READ_ONCE(r->head);

	/* Pairs with smp_wmb() in demo_ring_push() in the kernel. */
	smp_rmb();
	return h ? r->slots[0] : -1;
}
