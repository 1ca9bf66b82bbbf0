// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in types-macro-param.tree/. */

/*
 * check-name: a macro parameter's member in a header, "(j)->runstate", is of the one struct of that header with the member (the set_bit() writer stays, and the reader's load is in the header's macro: shared-helper); with two such structs the type stays unknown
 * check-command: acqrel pairs types-macro-param.tree
 * check-output-start
types-macro-param.tree/kernel/demo/jobs.c:10: protocol (j)->runstate bit DEMO_JOB_QUEUED (demo_job.runstate): review
  writer types-macro-param.tree/kernel/demo/jobs.c:10: smp_wmb() in demo_job_queue(); publish store in demo_job_set_queued() at line 14 of include/linux/demo/job.h, called at line 11
  reader types-macro-param.tree/kernel/demo/jobs.c:17: smp_rmb() in demo_job_wake(); subscribe load in DEMO_JOB_IS_QUEUED() at line 13 of include/linux/demo/job.h, called at line 16
  evidence: object, call, data
  shared-helper: the load of (j)->runstate is in DEMO_JOB_IS_QUEUED() in include/linux/demo/job.h, which code elsewhere calls too: the acquire would go there, for every caller
  stays: smp_wmb() in demo_job_queue() publishes (j)->runstate with set_bit(), which has no release form: smp_wmb() stays there
  ordering: 0 other accesses change ordering

types-macro-param.tree/kernel/demo/jobs.c:27: protocol (x)->flags bit DEMO_READY: review
  writer types-macro-param.tree/kernel/demo/jobs.c:27: smp_wmb() in demo_in_fill(); publish store in demo_set_ready() at line 19 of include/linux/demo/two.h, called at line 28
  reader types-macro-param.tree/kernel/demo/jobs.c:34: smp_rmb() in demo_in_take(); subscribe load in DEMO_IS_READY() at line 18 of include/linux/demo/two.h, called at line 33
  evidence: field-name, call, data
  type-unknown: the declaration of (x)->flags is not visible in its file or the headers it includes
  field-name-only: writers and readers are joined by the field name of (x)->flags only; its type is not visible
  shared-helper: the load of (x)->flags is in DEMO_IS_READY() in include/linux/demo/two.h, which code elsewhere calls too: the acquire would go there, for every caller
  stays: smp_wmb() in demo_in_fill() publishes (x)->flags with set_bit(), which has no release form: smp_wmb() stays there
  ordering: 0 other accesses change ordering

 * check-output-end
 */
