// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in folder-callee.tree/. */

/*
 * check-name: a call after the publish store to a function another C file of the folder defines, not static, is weighed: its stores after a fence it runs are ordered, its other stores are named; a static function of another file, or a __weak one, is not the callee
 * check-command: acqrel pairs folder-callee.tree
 * check-output-start
folder-callee.tree/drivers/demo/core.c:44: protocol r->head (demo_ring.head): review
  writer folder-callee.tree/drivers/demo/core.c:44: smp_wmb() in demo_put_hinted(); publish store at line 45
  writer folder-callee.tree/drivers/demo/core.c:35: smp_wmb() in demo_put_told(); publish store at line 36
  writer folder-callee.tree/drivers/demo/core.c:26: smp_wmb() in demo_put_noted(); publish store at line 27
  writer folder-callee.tree/drivers/demo/core.c:9: smp_wmb() in demo_put(); publish store at line 10
  reader folder-callee.tree/drivers/demo/core.c:18: smp_rmb() in demo_get(); subscribe load at line 16
  evidence: object, data
  call-between: smp_wmb() in demo_put_hinted() also orders the stores made by demo_hint(), whose bodies acqrel does not follow: with a release on r->head instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_put_told() also orders the stores made by demo_tell(), whose bodies acqrel does not follow: with a release on r->head instead, they are no longer ordered after the data
  several-stores: smp_wmb() in demo_put_noted() also orders the stores to r->notes (line 14), which other threads can see: with a release on r->head instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->notes (line 14 of drivers/demo/kick.c in demo_note(), called at line 28) after smp_wmb() in demo_put_noted(): shared: no reader in the tree orders loads after loading r->notes (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
