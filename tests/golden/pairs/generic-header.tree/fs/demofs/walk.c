// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a reader of a list node that no writer of its subsystem publishes. */
#include <linux/demo_list.h>

int demo_walk(struct demo_node *n, int *seen)
{
	struct demo_node *next = READ_ONCE(n->next);

	smp_rmb();
	*seen = n->owner;
	return next != NULL;
}
