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

/* a second name of a struct, with a trailing attribute on its own line */
typedef void (*demo_call_t)(void *info);
struct __demo_call {
	int flags;
	demo_call_t func;
	void *info;
};
typedef struct __demo_call demo_call_data_t
	__aligned(sizeof(struct __demo_call));

/* attributes between struct or union and its tag */
struct __packed demo_event {
	u64 ptr;
	u8 type;
};

union __packed demo_ring_event {
	struct __packed demo_event ev;
	u64 raw[2];
};

#endif
