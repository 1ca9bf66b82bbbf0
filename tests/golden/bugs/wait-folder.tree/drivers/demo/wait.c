// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: the waiter, in another file of the driver's folder. */
#include "demo.h"

int demo_op_wait(struct demo_op *op)
{
	wait_event(op->wq, op->finished);
	return op->err;
}
