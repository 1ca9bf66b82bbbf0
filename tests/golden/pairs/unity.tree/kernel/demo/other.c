// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a C file of the folder that includes no C file. */
#include "demo.h"

int demo_other(struct demo_q *q)
{
	return q->data;
}
