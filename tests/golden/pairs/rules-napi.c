// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule NAPI: after the publish store,
 * napi_schedule() stores only by napi_schedule_prep()'s fully ordered
 * cmpxchg of the NAPI state, then this CPU's poll list
 * (__napi_schedule()): no caveat. Another call whose body acqrel does
 * not see stays one.
 */

struct napi_struct {
	unsigned long state;
};

bool napi_schedule_prep(struct napi_struct *n);
void __napi_schedule(struct napi_struct *n);
bool napi_complete_done(struct napi_struct *n, int work_done);

static inline bool napi_schedule(struct napi_struct *n)
{
	if (napi_schedule_prep(n)) {
		__napi_schedule(n);
		return true;
	}
	return false;
}

struct demo_rx {
	int slots[8];
	unsigned int prod;
	struct napi_struct napi;
};

struct demo_tx {
	int slots[8];
	unsigned int prod;
	struct napi_struct napi;
};

/* the refill kicks the other NAPI context: convert */
static void demo_rx_refill(struct demo_rx *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	napi_schedule(&r->napi);
}

static int demo_rx_get(struct demo_rx *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

/* napi_complete_done() stores what acqrel does not see: call-between stays */
static void demo_tx_done(struct demo_tx *t, int v)
{
	t->slots[t->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(t->prod, t->prod + 1);
	napi_complete_done(&t->napi, 1);
}

static int demo_tx_get(struct demo_tx *t, unsigned int i)
{
	if (READ_ONCE(t->prod) == i)
		return -1;
	smp_rmb();
	return t->slots[i & 7];
}

/*
 * check-name: rule NAPI: napi_schedule() after the publish store is no call-between (napi_schedule_prep()'s cmpxchg is fully ordered, __napi_schedule() touches this CPU's list); napi_complete_done() is
 * check-command: acqrel pairs $file
 * check-output-start
rules-napi.c:43: protocol r->prod (demo_rx.prod): convert
  writer rules-napi.c:43: smp_wmb() in demo_rx_refill(); publish store at line 44
  reader rules-napi.c:52: smp_rmb() in demo_rx_get(); subscribe load at line 50
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-napi.c:60: protocol t->prod (demo_tx.prod): review
  writer rules-napi.c:60: smp_wmb() in demo_tx_done(); publish store at line 61
  reader rules-napi.c:69: smp_rmb() in demo_tx_get(); subscribe load at line 67
  evidence: object, data
  call-between: smp_wmb() in demo_tx_done() also orders the stores made by napi_complete_done(), whose bodies acqrel does not follow: with a release on t->prod instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
