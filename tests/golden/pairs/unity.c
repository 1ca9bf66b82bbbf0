// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in unity.tree/. */

/*
 * check-name: a C file compiled only through a unity build sees the headers of the C file that includes it (kernel/demo/build.c includes part.c and demo.h), also when the sites pass tells the search which C files include none
 * check-command: acqrel pairs unity.tree
 * check-output-start
unity.tree/kernel/demo/part.c:7: protocol q->stamp (demo_q.stamp): review
  writer unity.tree/kernel/demo/part.c:7: smp_wmb() in demo_q_put(); publish store at line 8
  reader unity.tree/kernel/demo/part.c:15: smp_rmb() in demo_q_get(); subscribe load at line 13
  evidence: object, data
  type-size: q->stamp is 64-bit (unsigned long long stamp): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures ("Need native word sized stores/loads")
  ordering: 0 other accesses change ordering

 * check-output-end
 */
