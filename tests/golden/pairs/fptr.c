// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in fptr.tree/. */

/*
 * check-name: a barrier in a function registered in an ops table pairs through a call of ops->peek() in another file
 * check-command: acqrel pairs fptr.tree
 * check-output-start
fptr.tree/drivers/demo/queue.c:8: protocol q->tail (demo_queue.tail): convert
  writer fptr.tree/drivers/demo/queue.c:8: smp_wmb() in demo_queue_push(); publish store at line 9
  reader fptr.tree/drivers/demo/queue.c:15: smp_rmb() in demo_queue_peek(); subscribe load before each call of demo_queue_peek(): demo_user_first() at drivers/demo/user.c:9 through ->peek
  evidence: object, call
  stays: smp_rmb() in demo_queue_peek() subscribes to q->tail one call level away, and stays: demo_queue_peek() is also used other than by a direct call in its file (its address is taken, or a macro calls it): callers acqrel cannot see
  adjacent: each barrier that goes orders q->tail and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
