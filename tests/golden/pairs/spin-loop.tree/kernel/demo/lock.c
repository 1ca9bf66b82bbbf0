// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a writer that publishes the lock word. */
#include <linux/demo_lock.h>

void demo_lock_set(struct demo_lock *lock, unsigned int t)
{
	lock->tail = t;
	smp_wmb();
	WRITE_ONCE(lock->val, 1);
}
