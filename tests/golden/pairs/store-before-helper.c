// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a store right before smp_wmb(), and the
 * call that starts something reached past calls that touch no memory, or
 * inside the helper that holds the publish store (a loop of init calls).
 */

struct demo_evq {
	int read_ptr;
	int init;
	int hint;
	int slot[4];
};

struct demo_nic {
	int irq_enabled;
	int nr;
	int mode;
	int armed;
	int seq;
	struct demo_evq *evq[4];
};

int demo_hw_init_evq(struct demo_evq *q);
void demo_hw_kick(struct demo_nic *n);

/* the helper starts the hardware before its publish store */
static int demo_evq_init(struct demo_evq *q)
{
	int rc;

	rc = demo_hw_init_evq(q);
	if (rc == 0) {
		q->read_ptr = 0;
		q->init = 1;
	}
	return rc;
}

/* a loop of helper calls that start the hardware: keep */
static void demo_nic_enable(struct demo_nic *n)
{
	int i;

	n->irq_enabled = 1;
	smp_wmb();
	for (i = 0; i < n->nr; i++)
		demo_evq_init(n->evq[i]);
}

static int demo_evq_poll(struct demo_evq *q)
{
	if (READ_ONCE(q->read_ptr) != 0)
		return -1;
	smp_rmb();
	return q->slot[0];
}

/* unlikely() stores nothing; the call after it starts the hardware: keep */
static void demo_nic_rearm(struct demo_nic *n, int c)
{
	n->irq_enabled = 0;
	smp_wmb();
	if (unlikely(c))
		demo_hw_kick(n);
	WRITE_ONCE(n->mode, c);
}

static int demo_nic_mode(struct demo_nic *n)
{
	int m = READ_ONCE(n->mode);

	smp_rmb();
	return m + n->nr;
}

/* as above, but the readers load the stored data after their barrier: message passing */
static void demo_nic_arm(struct demo_nic *n, int c)
{
	n->seq = c;
	smp_wmb();
	if (unlikely(c))
		demo_hw_kick(n);
	WRITE_ONCE(n->armed, 1);
}

static int demo_nic_armed(struct demo_nic *n)
{
	if (!READ_ONCE(n->armed))
		return -1;
	smp_rmb();
	return n->seq;
}

/* a lock taken after the barrier ends the search: not store-before */
static void demo_nic_set_hint(struct demo_nic *n, struct demo_evq *q, int h)
{
	n->nr = h;
	smp_wmb();
	spin_lock(&demo_lock);
	demo_hw_kick(n);
	spin_unlock(&demo_lock);
	WRITE_ONCE(q->hint, h);
}

static int demo_evq_hint(struct demo_evq *q)
{
	int h = READ_ONCE(q->hint);

	smp_rmb();
	return h + q->slot[1];
}

/*
 * check-name: store-before past calls that touch no memory (unlikely()) and into the publishing helper's own calls (a loop of init calls); not when the readers load the stored data after their barrier, nor past a lock
 * check-command: acqrel pairs $file
 * check-output-start
store-before-helper.c:46: protocol q->read_ptr (demo_evq.read_ptr): keep
  writer store-before-helper.c:46: smp_wmb() in demo_nic_enable(); publish store in demo_evq_init() at line 34, called at line 48
  reader store-before-helper.c:55: smp_rmb() in demo_evq_poll(); subscribe load at line 53
  evidence: object, call
  store-before: demo_nic_enable() stores n->irq_enabled (line 45) right before its smp_wmb() and calls demo_evq_init() (line 48), which calls demo_hw_init_evq() (line 32) before its store to q->read_ptr: the barrier orders that store before what the call does, which a release of q->read_ptr does not
  ordering: 0 other accesses change ordering

store-before-helper.c:63: protocol n->mode (demo_nic.mode): keep
  writer store-before-helper.c:63: smp_wmb() in demo_nic_rearm(); publish store at line 66
  reader store-before-helper.c:73: smp_rmb() in demo_nic_mode(); subscribe load at line 71
  evidence: object
  store-before: demo_nic_rearm() stores n->irq_enabled (line 62) right before its smp_wmb() and calls demo_hw_kick() (line 65) before the store to n->mode: the barrier orders that store before what the call does, which a release of n->mode does not
  ordering: 0 other accesses change ordering

store-before-helper.c:81: protocol n->armed (demo_nic.armed): review
  writer store-before-helper.c:81: smp_wmb() in demo_nic_arm(); publish store at line 84
  reader store-before-helper.c:91: smp_rmb() in demo_nic_armed(); subscribe load at line 89
  evidence: object, data
  call-between: smp_wmb() in demo_nic_arm() also orders the stores made by demo_hw_kick(), whose bodies acqrel does not follow: with a release on n->armed instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

store-before-helper.c:99: protocol q->hint (demo_evq.hint): review
  writer store-before-helper.c:99: smp_wmb() in demo_nic_set_hint(); publish store at line 103
  reader store-before-helper.c:110: smp_rmb() in demo_evq_hint(); subscribe load at line 108
  evidence: object
  call-between: smp_wmb() in demo_nic_set_hint() also orders the stores made by demo_hw_kick(), whose bodies acqrel does not follow: with a release on q->hint instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
