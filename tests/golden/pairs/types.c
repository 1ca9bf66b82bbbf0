// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in types.tree/. */

/*
 * check-name: a typedef chain in an included header, a typedef after a licence comment with semicolons, a typedef right after a function, a second name of a struct with a trailing attribute, struct and union tags after __packed, a member of a global whose struct has no tag, an element of an array of pointers, a member through an inline that returns it, a u64 on 32-bit architectures and on arm64
 * check-command: acqrel pairs types.tree
 * check-output-start
types.tree/arch/arm64/kernel/demo_clock.c:8: protocol c->cycles (demo_clock.cycles): convert
  writer types.tree/arch/arm64/kernel/demo_clock.c:8: smp_wmb() in demo_clock_set(); publish store at line 9
  reader types.tree/arch/arm64/kernel/demo_clock.c:16: smp_rmb() in demo_clock_read(); subscribe load at line 14
  evidence: object, data
  adjacent: each barrier that goes orders c->cycles and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/anon.c:13: protocol demo_ctx.handler: convert
  writer types.tree/drivers/demo/anon.c:13: smp_wmb() in demo_ctx_set(); publish store at line 14
  reader types.tree/drivers/demo/anon.c:21: smp_rmb() in demo_ctx_fire(); subscribe load at line 19
  evidence: global, data
  adjacent: each barrier that goes orders demo_ctx.handler and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/call.c:9: protocol csd->func (demo_call_data_t.func): convert
  writer types.tree/drivers/demo/call.c:9: smp_wmb() in demo_call_set(); publish store at line 10
  reader types.tree/drivers/demo/call.c:17: smp_rmb() in demo_call_run(); subscribe load at line 15
  evidence: object, data
  adjacent: each barrier that goes orders csd->func and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/call.c:26: protocol e->ev.type (demo_event.type): convert
  writer types.tree/drivers/demo/call.c:26: smp_wmb() in demo_event_post(); publish store at line 27
  reader types.tree/drivers/demo/call.c:34: smp_rmb() in demo_event_take(); subscribe load at line 32
  evidence: object, data
  adjacent: each barrier that goes orders e->ev.type and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/ring/ring.c:7: protocol q->prod (demo_ring_queue.prod): convert
  writer types.tree/drivers/demo/ring/ring.c:7: smp_wmb() in demo_ring_queue_put(); publish store at line 8
  reader types.tree/drivers/demo/ring/ring.c:15: smp_rmb() in demo_ring_queue_get(); subscribe load at line 13
  evidence: object
  adjacent: each barrier that goes orders q->prod and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/table.c:9: protocol t->used (demo_table.used): convert
  writer types.tree/drivers/demo/table.c:9: smp_wmb() in demo_table_add(); publish store at line 10
  reader types.tree/drivers/demo/table.c:17: smp_rmb() in demo_table_last(); subscribe load at line 15
  evidence: object, data
  adjacent: each barrier that goes orders t->used and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/table.c:25: protocol t->rows[i][j] (demo_table.rows): convert
  writer types.tree/drivers/demo/table.c:25: smp_wmb() in demo_table_put(); publish store at line 26
  reader types.tree/drivers/demo/table.c:33: smp_rmb() in demo_table_get(); subscribe load at line 31
  evidence: object, data
  adjacent: each barrier that goes orders t->rows[i][j] and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types.tree/drivers/demo/table.c:41: protocol t->gen (demo_table.gen): review
  writer types.tree/drivers/demo/table.c:41: smp_wmb() in demo_table_bump(); publish store at line 42
  reader types.tree/drivers/demo/table.c:49: smp_rmb() in demo_table_gen(); subscribe load at line 47
  evidence: object, data
  type-size: t->gen is 64-bit (demo_seq_t gen): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures ("Need native word sized stores/loads")
  ordering: 0 other accesses change ordering

types.tree/fs/demofs/super.c:8: protocol DEMO_SB(sb)->mount_state (demo_sb_info.mount_state): convert
  writer types.tree/fs/demofs/super.c:8: smp_wmb() in demofs_mount_done(); publish store at line 9
  reader types.tree/fs/demofs/super.c:16: smp_rmb() in demofs_journal(); subscribe load at line 14
  evidence: object, data
  adjacent: each barrier that goes orders DEMO_SB(sb)->mount_state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
