// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: the completion publishes the flag after the error. */
#include "demo.h"

void demo_op_done(struct demo_op *op, int err)
{
	op->err = err;
	smp_wmb();
	op->finished = true;
	wake_up(&op->wq);
}
