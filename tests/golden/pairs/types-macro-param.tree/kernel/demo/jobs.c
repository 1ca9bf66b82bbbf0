// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: writers and readers of bits that header macros test. */
#include <linux/demo/job.h>
#include <linux/demo/two.h>

/* positive: the macro's parameter is a struct demo_job, the one struct of job.h with runstate */
void demo_job_queue(struct demo_job *job, void *q)
{
	job->queue = q;
	smp_wmb();
	demo_job_set_queued(job);
}

void *demo_job_wake(struct demo_job *job)
{
	if (DEMO_JOB_IS_QUEUED(job)) {
		smp_rmb();
		return job->queue;
	}
	return NULL;
}

/* negative: two structs of two.h have flags; the type stays unknown */
void demo_in_fill(struct demo_in *in, void *b)
{
	in->buf = b;
	smp_wmb();
	demo_set_ready(in);
}

void *demo_in_take(struct demo_in *in)
{
	if (DEMO_IS_READY(in)) {
		smp_rmb();
		return in->buf;
	}
	return NULL;
}
