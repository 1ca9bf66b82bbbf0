// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the same peek under an if, which is no loop. */
#include <linux/demo_lock.h>

static int demo_yield(struct demo_lock *lock)
{
	return READ_ONCE(lock->val) & 1;
}

/* an if block is no loop: the load in its body stays the protocol's */
int demo_mcs_peek(struct demo_lock *lock, struct demo_qnode *node)
{
	int seen = 0;

	if (!READ_ONCE(node->locked)) {
		if (demo_yield(lock))
			seen = 1;
	}
	smp_rmb();
	return node->data + seen;
}
