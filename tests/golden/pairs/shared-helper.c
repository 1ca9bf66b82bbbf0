// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in shared-helper.tree/. */

/*
 * check-name: rule HELPER: a subscribe load in an accessor another file (a header) defines is a reader's caveat (shared-helper): the acquire would go there for every caller; the writer converts alone (rule WA), and a set_bit() writer, which stays, leaves the protocol review; the file's own static accessor converts
 * check-command: acqrel pairs shared-helper.tree
 * check-output-start
shared-helper.tree/drivers/demo/ev.c:9: protocol e->ready (demo_ev.ready): convert
  writer shared-helper.tree/drivers/demo/ev.c:9: smp_wmb() in demo_ev_set(); publish store at line 10
  reader shared-helper.tree/drivers/demo/ev.c:17: smp_rmb() in demo_ev_get(); subscribe load in demo_ev_ready() at line 12 of include/linux/demo_ev.h, called at line 15
  evidence: object, call, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the load of e->ready is in demo_ev_ready() in include/linux/demo_ev.h, which code elsewhere calls too: the acquire would go there, for every caller
  adjacent: each barrier that goes orders e->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shared-helper.tree/drivers/demo/ev.c:25: protocol e->flags bit 0 (demo_ev.flags): review
  writer shared-helper.tree/drivers/demo/ev.c:25: smp_wmb() in demo_ev_start(); publish store at line 26
  reader shared-helper.tree/drivers/demo/ev.c:33: smp_rmb() in demo_ev_peek(); subscribe load in demo_ev_busy() at line 17 of include/linux/demo_ev.h, called at line 31
  evidence: object, call, data
  shared-helper: the load of e->flags is in demo_ev_busy() in include/linux/demo_ev.h, which code elsewhere calls too: the acquire would go there, for every caller
  stays: smp_wmb() in demo_ev_start() publishes e->flags with set_bit(), which has no release form: smp_wmb() stays there
  ordering: 0 other accesses change ordering

shared-helper.tree/drivers/demo/ev.c:51: protocol l->done (demo_local.done): convert
  writer shared-helper.tree/drivers/demo/ev.c:51: smp_wmb() in demo_local_set(); publish store at line 52
  reader shared-helper.tree/drivers/demo/ev.c:59: smp_rmb() in demo_local_get(); subscribe load in demo_local_done() at line 45, called at line 57
  evidence: object, call, data
  adjacent: each barrier that goes orders l->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
