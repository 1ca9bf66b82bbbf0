// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: one subsystem publishes its own demo_node. */
#include <linux/demo_core.h>

static void demoa_set(struct demo_node *n, int v)
{
	n->data = v;
	smp_wmb();
	n->state = 1;
}
