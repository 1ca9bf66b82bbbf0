// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a waiter in a subfolder, which the rule does not search. */
#include "../demo.h"

int demo_op_poll(struct demo_op *op)
{
	wait_event(op->wq, op->finished);
	return op->err;
}
