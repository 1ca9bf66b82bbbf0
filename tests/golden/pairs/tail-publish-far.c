// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in tail-publish-far.tree/. */

/*
 * check-name: rule CS across files: a header helper's smp_wmb() ends it, and a caller in another file stores the task it was passed right after the call
 * check-command: acqrel pairs tail-publish-far.tree
 * check-output-start
tail-publish-far.tree/kernel/demo/task.h:21: protocol t->cpu (demo_task.cpu): keep
  writer tail-publish-far.tree/kernel/demo/task.h:21: smp_wmb() in demo_set_cpu(); publish store at line 22
  reader tail-publish-far.tree/kernel/demo/task.h:29: smp_rmb() in demo_task_cpu(); subscribe load at line 27
  evidence: object, data
  publishes-object: smp_wmb() in demo_set_cpu() also publishes what its callers pass it: they store it right after the call, in rq->idle = t (line 9 of kernel/demo/core.c in demo_init_idle(), after its call at line 8), which other threads can see; a release on t->cpu would not order the data before those stores
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store rq->idle (line 9 of kernel/demo/core.c in demo_init_idle(), after its call at line 8) after smp_wmb() in demo_set_cpu(): shared

 * check-output-end
 */
