/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: types declared away from their users. */
#ifndef _LINUX_DEMO_TYPES_H
#define _LINUX_DEMO_TYPES_H

typedef unsigned int demo_idx_t;
typedef demo_idx_t demo_slot_t;

/* a typedef right after the closing brace of a function */
static inline demo_idx_t demo_idx_next(demo_idx_t i)
{
	return i + 1;
}
typedef u64 demo_seq_t;

struct demo_entry;

struct demo_table {
	struct demo_entry *rows[4][8];
	demo_slot_t used;
	demo_seq_t gen;
	int payload[32];
};

#endif
