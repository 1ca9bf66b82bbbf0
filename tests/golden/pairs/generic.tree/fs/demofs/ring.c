// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a ring published with a generic struct, read in another subsystem that names it. */
#include <linux/demo_fs.h>

void demo_ring_push(struct demo_ring *r, int v)
{
	r->slots[r->head % 16] = v;
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}
