// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: writers that only clear the flag. */

struct demo_owner {
	void *owner[4];
	unsigned long enabled;
	int busy;
	int result;
};

/* the owners are cleared, then enabled: readers act on a set value, set elsewhere */
static void demo_owner_release(struct demo_owner *o)
{
	o->owner[0] = NULL;
	smp_wmb();
	o->enabled = 0;
}

static void demo_owner_flush(struct demo_owner *o)
{
	if (o->enabled) {
		smp_rmb();
		kick(o->owner[0]);
	}
}

/* a writer that sets busy as well: its readers may pair with it */
static void demo_owner_start(struct demo_owner *o, int r)
{
	o->result = r;
	smp_wmb();
	WRITE_ONCE(o->busy, 1);
}

static void demo_owner_stop(struct demo_owner *o)
{
	o->result = 0;
	smp_wmb();
	WRITE_ONCE(o->busy, 0);
}

static int demo_owner_result(struct demo_owner *o)
{
	if (!READ_ONCE(o->busy))
		return -1;
	smp_rmb();
	return o->result;
}

/*
 * check-name: when every writer stores 0 the readers that act on a set value pair with someone else: review; one writer that sets it is enough
 * check-command: acqrel pairs $file
 * check-output-start
zero-store.c:15: protocol o->enabled (demo_owner.enabled): review
  writer zero-store.c:15: smp_wmb() in demo_owner_release(); publish store at line 16
  reader zero-store.c:22: smp_rmb() in demo_owner_flush(); subscribe load at line 21
  evidence: object, data
  zero-store: every writer stores 0 (a plain store): a reader that goes on when o->enabled is set pairs with a writer that sets it, which acqrel did not find; check which side each barrier pairs with
  ordering: 0 other accesses change ordering

zero-store.c:38: protocol o->busy (demo_owner.busy): convert
  writer zero-store.c:38: smp_wmb() in demo_owner_stop(); publish store at line 39
  writer zero-store.c:31: smp_wmb() in demo_owner_start(); publish store at line 32
  reader zero-store.c:46: smp_rmb() in demo_owner_result(); subscribe load at line 44
  evidence: object, data
  adjacent: each barrier that goes orders o->busy and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
