/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: two structs of one header with the member a macro names. */
#ifndef DEMO_TWO_H
#define DEMO_TWO_H

#define DEMO_READY	0

struct demo_in {
	unsigned long flags;
	void *buf;
};

struct demo_out {
	unsigned long flags;
	void *buf;
};

#define DEMO_IS_READY(x)	test_bit(DEMO_READY, &(x)->flags)
#define demo_set_ready(x)	set_bit(DEMO_READY, &(x)->flags)

#endif
