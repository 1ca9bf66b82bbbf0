// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a caller of the helper that publishes nothing after the call. */
#include "task.h"

/* negative: what this caller stores after the call is not the task */
void demo_move(struct demo_rq *rq, struct demo_task *t, unsigned int cpu)
{
	demo_set_cpu(t, cpu);
	rq->spare = NULL;
}
