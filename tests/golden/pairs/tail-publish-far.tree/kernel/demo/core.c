// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: callers in another file of a header helper with a barrier. */
#include "task.h"

/* positive: the caller publishes t in rq->idle right after the call */
void demo_init_idle(struct demo_rq *rq, struct demo_task *t, unsigned int cpu)
{
	demo_set_cpu(t, cpu);
	rq->idle = t;
}
