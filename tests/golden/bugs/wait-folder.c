// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: the files of this fixture are in wait-folder.tree/. */

/*
 * check-name: wait-condition: a waiter in another file of the writer's folder, not in a subfolder
 * check-command: acqrel bugs wait-folder.tree
 * check-exit: 1
 * check-output-start
wait-folder.tree/drivers/demo/wait.c:7:21: warning: wait-condition: demo_op_wait() waits in wait_event() for op->finished (line 7) and then loads op->err (line 8) with no smp_rmb(), acquire or dependency between; protocol op->finished: writer smp_wmb() in demo_op_done() at drivers/demo/done.c:8; no reader found; evidence: smp_wmb() in demo_op_done() stores op->err before it and publishes op->finished after it; wait_event() tests its condition first and returns at once, with no barrier, when it already holds; fix: load op->finished with smp_load_acquire() in the condition (severity high, confidence medium)
 * check-output-end
 */
