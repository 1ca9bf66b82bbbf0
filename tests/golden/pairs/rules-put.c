// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule PUT: after the publish store, a call
 * that drops a reference (kref_put(), refcount_dec_and_test()) stores
 * only by its decrement, a release, and runs the release function only
 * after it acquires: no caveat. The same call before the publish store,
 * or another call whose body acqrel does not see, stays one.
 */

struct kref {
	int refcount;
};

int kref_put(struct kref *kref, void (*release)(struct kref *kref));
void demo_msg_notify(int rc);

struct demo_pmsg {
	int rc;
	int len;
	bool done;
	bool seen;
	bool acked;
	struct kref ref;
};

void demo_msg_free(struct kref *ref);

/* the completer drops its reference after publishing: convert */
static void demo_msg_complete(struct demo_pmsg *m, int rc, int len)
{
	m->rc = rc;
	m->len = len;
	smp_wmb();
	WRITE_ONCE(m->done, true);
	kref_put(&m->ref, demo_msg_free);
}

static int demo_msg_wait(struct demo_pmsg *m)
{
	if (!READ_ONCE(m->done))
		return -1;
	smp_rmb();
	return m->rc + m->len;
}

/* a call acqrel does not see after the publish store: call-between */
static void demo_msg_ack(struct demo_pmsg *m, int rc)
{
	m->rc = rc;
	smp_wmb();
	WRITE_ONCE(m->seen, true);
	demo_msg_notify(rc);
}

/* the reference dropped between the barrier and the publish store: the barrier orders it (keep) */
static void demo_msg_drop(struct demo_pmsg *m, int rc)
{
	m->rc = rc;
	smp_wmb();
	kref_put(&m->ref, demo_msg_free);
	WRITE_ONCE(m->acked, true);
}

static int demo_msg_check(struct demo_pmsg *m)
{
	if (!READ_ONCE(m->seen))
		return -1;
	smp_rmb();
	return m->rc;
}

static int demo_msg_acked(struct demo_pmsg *m)
{
	if (!READ_ONCE(m->acked))
		return -1;
	smp_rmb();
	return m->rc;
}

/*
 * check-name: rule PUT: kref_put() and kin after the publish store order what they store after the data (release decrement, acquire before the release function): no call-between; before the publish store, or another unseen call, it stays
 * check-command: acqrel pairs $file
 * check-output-start
rules-put.c:33: protocol m->done (demo_pmsg.done): convert
  writer rules-put.c:33: smp_wmb() in demo_msg_complete(); publish store at line 34
  reader rules-put.c:42: smp_rmb() in demo_msg_wait(); subscribe load at line 40
  evidence: object, data
  adjacent: each barrier that goes orders m->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-put.c:50: protocol m->seen (demo_pmsg.seen): review
  writer rules-put.c:50: smp_wmb() in demo_msg_ack(); publish store at line 51
  reader rules-put.c:68: smp_rmb() in demo_msg_check(); subscribe load at line 66
  evidence: object, data
  call-between: smp_wmb() in demo_msg_ack() also orders the stores made by demo_msg_notify(), whose bodies acqrel does not follow: with a release on m->seen instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

rules-put.c:59: protocol m->acked (demo_pmsg.acked): keep
  writer rules-put.c:59: smp_wmb() in demo_msg_drop(); publish store at line 61
  reader rules-put.c:76: smp_rmb() in demo_msg_acked(); subscribe load at line 74
  evidence: object, data
  store-before: demo_msg_drop() stores m->rc (line 58) right before its smp_wmb() and calls kref_put() (line 60) before the store to m->acked: the barrier orders that store before what the call does, which a release of m->acked does not
  ordering: 0 other accesses change ordering

 * check-output-end
 */
