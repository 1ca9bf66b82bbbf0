// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the reader of a ring published in fs/demofs. */
#include <linux/demo_fs.h>

static int demo_ring_last(struct demo_ring *r)
{
	unsigned int h = READ_ONCE(r->head);

	/* pairs with smp_wmb() in demo_ring_push() */
	smp_rmb();
	return h ? r->slots[(h - 1) % 16] : -1;
}
