// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an MCS wait whose body peeks at the lock word. */
#include <linux/demo_lock.h>

static int demo_yield(struct demo_lock *lock)
{
	return READ_ONCE(lock->val) & 1;
}

/* the barrier subscribes to node->locked, the condition of the spin loop */
int demo_mcs_wait(struct demo_lock *lock, struct demo_qnode *node)
{
	int seen = 0;

	while (!READ_ONCE(node->locked)) {
		if (demo_yield(lock))
			seen = 1;
	}
	demo_spin_end();

	smp_rmb(); /* acquire barrier for the mcs lock */
	return node->data + seen;
}
