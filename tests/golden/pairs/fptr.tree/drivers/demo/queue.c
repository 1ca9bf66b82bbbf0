// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the barriers of a queue, registered in an ops table. */
#include "queue.h"

static void demo_queue_push(struct demo_queue *q, int v)
{
	q->items[q->tail % 16] = v;
	smp_wmb();
	WRITE_ONCE(q->tail, q->tail + 1);
}

/* the subscribe load is in the callers: they load q->tail, then call this */
static int demo_queue_peek(struct demo_queue *q)
{
	smp_rmb();
	return q->items[0];
}

const struct demo_ops demo_queue_ops = {
	.peek = demo_queue_peek,
	.push = demo_queue_push,
};
