// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a caller in another file, through the ops table. */
#include "queue.h"

int demo_user_first(const struct demo_ops *ops, struct demo_queue *q)
{
	if (!READ_ONCE(q->tail))
		return -1;
	return ops->peek(q);
}
