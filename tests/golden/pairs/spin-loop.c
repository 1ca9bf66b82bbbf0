// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in spin-loop.tree/. */

/*
 * check-name: rule C: an smp_rmb() after a spin loop subscribes to the loop condition, not to a load of a published variable in the loop body (keep); after an if block it does not
 * check-command: acqrel pairs spin-loop.tree
 * check-output-start
spin-loop.tree/arch/demo/lib/mcs.c:21: protocol lock->val (demo_lock.val): keep
  reader spin-loop.tree/arch/demo/lib/mcs.c:21: smp_rmb() in demo_mcs_wait(); subscribe load in demo_yield() at line 7, called at line 16
  evidence: object, call
  spin-loop: smp_rmb() in demo_mcs_wait() follows a loop that waits on node->locked (line 15): the barrier subscribes to the loop condition, the load that ends the wait, not to lock->val
  ordering: 0 other accesses change ordering

spin-loop.tree/arch/other/lib/peek.c:19: protocol lock->val (demo_lock.val): review
  reader spin-loop.tree/arch/other/lib/peek.c:19: smp_rmb() in demo_mcs_peek(); subscribe load in demo_yield() at line 7, called at line 16
  evidence: object, call
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to lock->val
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load node->locked (line 15) before smp_rmb() in demo_mcs_peek(): unordered: no writer in the tree orders a store to node->locked after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

spin-loop.tree/kernel/demo/lock.c:8: protocol lock->val (demo_lock.val): review
  writer spin-loop.tree/kernel/demo/lock.c:8: smp_wmb() in demo_lock_set(); publish store at line 9
  evidence: object, call
  one-side: no reader found in the files given: no smp_rmb() follows a load of lock->val; the writers alone would convert, but smp_wmb() in demo_lock_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
