// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an smp_rmb() right after a store, meant to publish it. */

struct demo_tx {
	int control;
	int busy;
	int status;
	int count;
	int taken;
	int data[4];
};

static void demo_tx_probe(struct demo_tx *t, int c)
{
	t->control = c;
}

/*
 * No writer publishes control; the comment names busy, the store right
 * before: the barrier is meant for it (keep)
 */
static int demo_tx_send(struct demo_tx *t)
{
	int c = READ_ONCE(t->control);

	t->busy = 1;
	smp_rmb(); /* ensure later readers know we're busy */
	return c + t->data[0];
}

static void demo_tx_fill(struct demo_tx *t, int v)
{
	t->data[1] = v;
	smp_wmb();
	WRITE_ONCE(t->count, v);
}

/*
 * The reader updates its own count right before the barrier, whose
 * comment is about the loads: plain message passing (convert).
 */
static int demo_tx_take(struct demo_tx *t)
{
	int n = READ_ONCE(t->count);

	t->taken += n;
	/* ensure the counts are read before the data */
	smp_rmb();
	return t->data[1];
}

/*
 * check-name: rule RMB-AFTER-STORE: an smp_rmb() whose nearest access is a plain store that its comment names (and not the protocol's variable), in a protocol no writer publishes, is meant to publish that store, which a read barrier does not order (keep); a store the comment does not name is no such evidence
 * check-command: acqrel pairs $file
 * check-output-start
store-before-rmb.c:27: protocol t->control (demo_tx.control): keep
  reader store-before-rmb.c:27: smp_rmb() in demo_tx_send(); subscribe load at line 24
  evidence: object
  store-before-rmb: smp_rmb() in demo_tx_send() comes right after the store to t->busy (line 26), which its comment names: it is meant to publish that store, which a read barrier does not order, and no writer publishes t->control
  ordering: 0 other accesses change ordering

store-before-rmb.c:34: protocol t->count (demo_tx.count): convert
  writer store-before-rmb.c:34: smp_wmb() in demo_tx_fill(); publish store at line 35
  reader store-before-rmb.c:48: smp_rmb() in demo_tx_take(); subscribe load at line 44
  evidence: object, data
  adjacent: each barrier that goes orders t->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
