// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in shared-helper.tree/. */

/*
 * check-name: rule HELPER: a subscribe load in an accessor another file (a header) defines is review (shared-helper), since the acquire would go there for every caller and acqrel patch leaves it for the author; the file's own static accessor converts
 * check-command: acqrel pairs shared-helper.tree
 * check-output-start
shared-helper.tree/drivers/demo/ev.c:9: protocol e->ready (demo_ev.ready): convert
  writer shared-helper.tree/drivers/demo/ev.c:9: smp_wmb() in demo_ev_set(); publish store at line 10
  reader shared-helper.tree/drivers/demo/ev.c:17: smp_rmb() in demo_ev_get(); subscribe load in demo_ev_ready() at line 11 of include/linux/demo_ev.h, called at line 15
  evidence: object, call, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the load of e->ready is in demo_ev_ready() in include/linux/demo_ev.h, which code elsewhere calls too: the acquire would go there, for every caller
  adjacent: each barrier that goes orders e->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shared-helper.tree/drivers/demo/ev.c:35: protocol l->done (demo_local.done): convert
  writer shared-helper.tree/drivers/demo/ev.c:35: smp_wmb() in demo_local_set(); publish store at line 36
  reader shared-helper.tree/drivers/demo/ev.c:43: smp_rmb() in demo_local_get(); subscribe load in demo_local_done() at line 29, called at line 41
  evidence: object, call, data
  adjacent: each barrier that goes orders l->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
