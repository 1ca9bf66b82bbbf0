// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in subsystem-client.tree/. */

/*
 * check-name: rule SUB: a struct of a subsystem's own public header (include/linux/demobus.h) joins the subsystem's core (drivers/demobus) with its clients (sound/demobus, drivers/media/demobus); two clients do not join each other, nor do two subsystems that use a struct of a header no subsystem is named for
 * check-command: acqrel pairs subsystem-client.tree
 * check-output-start
subsystem-client.tree/drivers/demobus/core.c:8: protocol device->generation (demobus_device.generation): convert
  writer subsystem-client.tree/drivers/demobus/core.c:8: smp_wmb() in demobus_update(); publish store at line 9
  reader subsystem-client.tree/sound/demobus/transaction.c:11: smp_rmb() in snd_demobus_send(); subscribe load at line 9
  evidence: object
  adjacent: each barrier that goes orders device->generation and nothing another thread can see besides
  ordering: 0 other accesses change ordering

subsystem-client.tree/drivers/demobus/core.c:15: protocol device->speed (demobus_device.speed): convert
  writer subsystem-client.tree/drivers/demobus/core.c:15: smp_wmb() in demobus_set_speed(); publish store at line 16
  reader subsystem-client.tree/drivers/media/demobus/firedemo.c:11: smp_rmb() in firedemo_rate(); subscribe load at line 9
  evidence: object
  adjacent: each barrier that goes orders device->speed and nothing another thread can see besides
  ordering: 0 other accesses change ordering

subsystem-client.tree/drivers/media/demobus/firedemo.c:19: protocol device->max_rec (demobus_device.max_rec): review
  writer subsystem-client.tree/drivers/media/demobus/firedemo.c:19: smp_wmb() in firedemo_set_rec(); publish store at line 20
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of device->max_rec; the writers alone would convert, but smp_wmb() in firedemo_set_rec() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

subsystem-client.tree/fs/demoa/node.c:8: protocol n->state (demo_node.state): review
  writer subsystem-client.tree/fs/demoa/node.c:8: smp_wmb() in demoa_set(); publish store at line 9
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of n->state; the writers alone would convert, but smp_wmb() in demoa_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

subsystem-client.tree/fs/demob/node.c:11: protocol n->state (demo_node.state): review
  reader subsystem-client.tree/fs/demob/node.c:11: smp_rmb() in demob_get(); subscribe load at line 9
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to n->state
  ordering: 0 other accesses change ordering

subsystem-client.tree/sound/demobus/transaction.c:19: protocol device->max_rec (demobus_device.max_rec): review
  reader subsystem-client.tree/sound/demobus/transaction.c:19: smp_rmb() in snd_demobus_send_rec(); subscribe load at line 17
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to device->max_rec
  ordering: 0 other accesses change ordering

 * check-output-end
 */
