/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a header helper whose smp_wmb() window runs to its end. */
#ifndef DEMO_TASK_H
#define DEMO_TASK_H

struct demo_task {
	unsigned long weight;
	unsigned int cpu;
	struct demo_task *next;
};

struct demo_rq {
	struct demo_task *idle;
	struct demo_task *spare;
};

/* ->cpu lets other CPUs lock the task's runqueue: its data first */
static inline void demo_set_cpu(struct demo_task *t, unsigned int cpu)
{
	t->weight = 1024;
	smp_wmb();
	WRITE_ONCE(t->cpu, cpu);
}

static inline unsigned int demo_task_cpu(struct demo_task *t)
{
	unsigned int cpu = READ_ONCE(t->cpu);

	smp_rmb();
	return cpu + (unsigned int)t->weight;
}

#endif
