// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an smp_rmb() that runs only under a test of a loaded local. */

struct demo_sq {
	int cq;
};

struct demo_chan {
	struct demo_sq **qos_sqs;
	int qos_sqs_size;
	int num_tc;
	int ready;
	int data[4];
};

static void demo_chan_set_tc(struct demo_chan *c, int n)
{
	c->data[0] = n;
	smp_wmb();
	WRITE_ONCE(c->num_tc, n);
}

/*
 * The barrier runs only when qos_sqs, loaded first, is set: it subscribes
 * to that load, and num_tc, loaded nearer, it orders in passing (keep).
 */
static int demo_chan_poll(struct demo_chan *c)
{
	struct demo_sq **qos_sqs = rcu_dereference(c->qos_sqs);
	int n = READ_ONCE(c->num_tc);

	if (qos_sqs) {
		smp_rmb();
		return READ_ONCE(c->qos_sqs_size) + n;
	}
	return c->data[0];
}

static void demo_chan_fill(struct demo_chan *c, int v)
{
	c->data[1] = v;
	smp_wmb();
	WRITE_ONCE(c->ready, 1);
}

/* the test is of the protocol's own load: plain message passing (convert) */
static int demo_chan_get(struct demo_chan *c)
{
	int r = READ_ONCE(c->ready);

	if (r) {
		smp_rmb();
		return c->data[1];
	}
	return -1;
}

/*
 * check-name: rule GUARD-LOAD: an smp_rmb() that runs only under a test of a local its window loads into, other than the protocol's variable, subscribes to that load (keep); a test of the protocol's own load is plain message passing
 * check-command: acqrel pairs $file
 * check-output-start
guard-load.c:19: protocol c->num_tc (demo_chan.num_tc): keep
  writer guard-load.c:19: smp_wmb() in demo_chan_set_tc(); publish store at line 20
  reader guard-load.c:33: smp_rmb() in demo_chan_poll(); subscribe load at line 30
  evidence: object
  guard-load: smp_rmb() in demo_chan_poll() runs only when qos_sqs, loaded from c->qos_sqs at line 29, is non-zero: the barrier subscribes to that load, which the test acts on, and orders c->num_tc in passing
  ordering: 0 other accesses change ordering

guard-load.c:42: protocol c->ready (demo_chan.ready): convert
  writer guard-load.c:42: smp_wmb() in demo_chan_fill(); publish store at line 43
  reader guard-load.c:52: smp_rmb() in demo_chan_get(); subscribe load at line 49
  evidence: object, data
  adjacent: each barrier that goes orders c->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
