/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a lock word and a queue node. */
struct demo_lock {
	unsigned int val;
	unsigned int tail;
};

struct demo_qnode {
	int locked;
	int data;
	struct demo_qnode *next;
};
