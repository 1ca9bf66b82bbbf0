/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: macros that test a bit through their parameter, beside the struct. */
#ifndef DEMO_JOB_H
#define DEMO_JOB_H

#define DEMO_JOB_QUEUED	0

struct demo_job {
	unsigned long runstate;
	void *queue;
};

#define DEMO_JOB_IS_QUEUED(j)	test_bit(DEMO_JOB_QUEUED, &(j)->runstate)
#define demo_job_set_queued(j)	set_bit(DEMO_JOB_QUEUED, &(j)->runstate)

#endif
