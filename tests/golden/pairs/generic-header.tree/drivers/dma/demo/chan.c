// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a driver that publishes a list node nobody in its subsystem reads. */
#include <linux/demo_list.h>

void demo_chan_done(struct demo_node *n, int *ring, int v)
{
	ring[0] = v;
	smp_wmb();
	WRITE_ONCE(n->next, NULL);
}
