// SPDX-License-Identifier: GPL-2.0
#include "common.h"

void demo_ring_queue_put(struct demo_ring_queue *q, int v)
{
	q->ents[0] = v;
	smp_wmb();
	q->prod++;
}

int demo_ring_queue_get(struct demo_ring_queue *q)
{
	demo_ring_idx_t p = READ_ONCE(q->prod);

	smp_rmb();
	return q->ents[p % 8];
}
