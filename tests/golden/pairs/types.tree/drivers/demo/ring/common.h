/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic fixture for acqrel: a licence comment with semicolons; then
 * includes; then the typedef; the statement before it is no statement.
 */

#ifndef DEMO_RING_COMMON_H
#define DEMO_RING_COMMON_H

#include <linux/types.h>

typedef unsigned int demo_ring_idx_t;

struct demo_ring_queue {
	int ents[8];
	demo_ring_idx_t prod;
};

#endif
