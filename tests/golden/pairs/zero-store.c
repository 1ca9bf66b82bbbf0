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

/* a slot freed by storing 0, read by whoever waits for it to be free */
struct demo_slot {
	int data;
	int busy;
};

static void demo_slot_free(struct demo_slot *s, int r)
{
	s->data = r;
	smp_wmb();
	WRITE_ONCE(s->busy, 0);
}

static int demo_slot_take(struct demo_slot *s)
{
	if (READ_ONCE(s->busy))
		return -1;
	smp_rmb();
	return s->data;
}

/*
 * check-name: when every writer stores 0 but the readers act on a set value, they pair with someone else: review; a reader that acts on 0, or one writer that sets it, is fine
 * check-command: acqrel pairs $file
 * check-output-start
zero-store.c:15: protocol o->enabled (demo_owner.enabled): review
  writer zero-store.c:15: smp_wmb() in demo_owner_release(); publish store at line 16
  reader zero-store.c:22: smp_rmb() in demo_owner_flush(); subscribe load at line 21
  evidence: object, data
  zero-store: every writer stores 0 (a plain store), but the readers go on only when o->enabled is set: they pair with a writer that sets it, which acqrel did not find; check which side each barrier pairs with
  ordering: 0 other accesses change ordering

zero-store.c:38: protocol o->busy (demo_owner.busy): convert
  writer zero-store.c:38: smp_wmb() in demo_owner_stop(); publish store at line 39
  writer zero-store.c:31: smp_wmb() in demo_owner_start(); publish store at line 32
  reader zero-store.c:46: smp_rmb() in demo_owner_result(); subscribe load at line 44
  evidence: object, data
  adjacent: each barrier that goes orders o->busy and nothing another thread can see besides
  ordering: 0 other accesses change ordering

zero-store.c:59: protocol s->busy (demo_slot.busy): convert
  writer zero-store.c:59: smp_wmb() in demo_slot_free(); publish store at line 60
  reader zero-store.c:67: smp_rmb() in demo_slot_take(); subscribe load at line 65
  evidence: object, data
  adjacent: each barrier that goes orders s->busy and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
