/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel bugs: the request both files of the driver share. */
#ifndef DEMO_H
#define DEMO_H

struct demo_op {
	wait_queue_head_t wq;
	int err;
	bool finished;
};

#endif
