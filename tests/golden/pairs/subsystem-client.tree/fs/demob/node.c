// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: another subsystem reads its own demo_node. */
#include <linux/demo_core.h>

int demob_use(struct demo_node *n);

static int demob_get(struct demo_node *n)
{
	int s = n->state;

	smp_rmb();
	return s ? demob_use(n) : 0;
}
