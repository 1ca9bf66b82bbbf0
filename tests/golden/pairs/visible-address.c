// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: loads that only give the data's address. */

struct demo_buf {
	int data[16];
};

struct demo_slot {
	struct demo_buf *buf;
	int ready;
	int slots[8];
};

static int demo_default_handler(int x);

static void demo_slot_fill(struct demo_slot *s, int v)
{
	s->buf->data[0] = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

/* b is the address of what is read after the barrier: the dependency orders it */
static int demo_slot_get(struct demo_slot *s)
{
	struct demo_buf *b = READ_ONCE(s->buf);
	int r = READ_ONCE(s->ready);

	smp_rmb();
	return r ? b->data[0] : -1;
}

/* an array member and a function name are addresses, nothing is loaded */
static int demo_slot_scan(struct demo_slot *s)
{
	int *first = s->slots;
	int (*fn)(int) = demo_default_handler;
	int r = READ_ONCE(s->ready);

	smp_rmb();
	return r ? fn(first[0]) + s->buf->data[0] : -1;
}

struct demo_ring {
	int prod;
	int ents[8];
};

struct demo_dir {
	struct demo_ring *rings[4];
};

static void demo_ring_put(struct demo_ring *r, int v)
{
	r->ents[0] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, 1);
}

/* d and r only lead to the subscribe load's address, through two loads */
static int demo_ring_get(struct demo_dir **dp, int i)
{
	struct demo_dir *d = READ_ONCE(*dp);
	struct demo_ring *r = READ_ONCE(d->rings[i]);
	int p = READ_ONCE(r->prod);

	smp_rmb();
	return p ? r->ents[0] : -1;
}

/*
 * check-name: an address the data is read through, an array member, a function name and the loads that form the subscribe load's address lose no ordering
 * check-command: acqrel pairs $file
 * check-output-start
visible-address.c:19: protocol s->ready (demo_slot.ready): convert
  writer visible-address.c:19: smp_wmb() in demo_slot_fill(); publish store at line 20
  reader visible-address.c:29: smp_rmb() in demo_slot_get(); subscribe load at line 27
  reader visible-address.c:40: smp_rmb() in demo_slot_scan(); subscribe load at line 38
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 3 other accesses change ordering; 0 can be seen by another thread
    load s->buf (line 26) before smp_rmb() in demo_slot_get(): address: its value b is the address of b->data[0], loaded after the barrier
    load demo_default_handler (line 37) before smp_rmb() in demo_slot_scan(): address: demo_default_handler is a function: its name is its address, nothing is loaded
    load s->slots (line 36) before smp_rmb() in demo_slot_scan(): address: an array (int slots[8]): its name is its address, nothing is loaded

visible-address.c:56: protocol r->prod (demo_ring.prod): convert
  writer visible-address.c:56: smp_wmb() in demo_ring_put(); publish store at line 57
  reader visible-address.c:67: smp_rmb() in demo_ring_get(); subscribe load at line 65
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    load d->rings[i] (line 64) before smp_rmb() in demo_ring_get(): address: its value r forms the address of the subscribe load r->prod
    load *dp (line 63) before smp_rmb() in demo_ring_get(): address: its value d forms the address of the subscribe load r->prod

 * check-output-end
 */
