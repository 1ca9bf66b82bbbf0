/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a queue whose reader is called through a table of function pointers. */
#ifndef _DEMO_QUEUE_H
#define _DEMO_QUEUE_H

struct demo_queue {
	int items[16];
	unsigned int tail;
};

struct demo_ops {
	int (*peek)(struct demo_queue *q);
	void (*push)(struct demo_queue *q, int v);
};

extern const struct demo_ops demo_queue_ops;

#endif
