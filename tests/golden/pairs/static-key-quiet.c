// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a static key tested before the barrier loads no data. */

struct demo_key {
	int enabled;
};

static struct demo_key demo_dead_key;
static int demo_mode;
static int demo_conf;

struct demo_slot {
	unsigned long *stack;
	int depth;
};

struct demo_ring {
	unsigned long *base;
	int size;
};

/* demo_mode is published too: a load of it is shared */
void demo_set_mode(int conf)
{
	demo_conf = conf;
	smp_wmb();
	WRITE_ONCE(demo_mode, 2);
}

static inline bool demo_is_dead(void)
{
	return static_branch_unlikely(&demo_dead_key);
}

/* a helper that loads shared data: its loads stay a caveat */
static inline bool demo_is_quiet(void)
{
	return READ_ONCE(demo_mode) == 2;
}

void demo_slot_give(struct demo_slot *s, unsigned long *stack)
{
	s->depth = 0;
	smp_wmb();
	s->stack = stack;
}

/* positive: between the subscribe load and the barrier only a static key is tested */
int demo_slot_push(struct demo_slot *s)
{
	if (!s->stack)
		return -1;
	if (demo_is_dead())
		return -2;
	smp_rmb();
	return s->depth;
}

void demo_ring_give(struct demo_ring *r, unsigned long *base)
{
	r->size = 16;
	smp_wmb();
	r->base = base;
}

/* negative: a helper that loads published data sits there */
int demo_ring_pop(struct demo_ring *r)
{
	if (!r->base)
		return -1;
	if (demo_is_quiet())
		return -2;
	smp_rmb();
	return r->size;
}

/*
 * check-name: a static key tested between the subscribe load and the barrier (static_branch_unlikely()) is code patching and no load of data; a helper loading shared data there stays a caveat
 * check-command: acqrel pairs $file
 * check-output-start
static-key-quiet.c:26: protocol demo_mode: review
  writer static-key-quiet.c:26: smp_wmb() in demo_set_mode(); publish store at line 27
  evidence: global
  one-side: no reader found in the files given: no smp_rmb() follows a load of demo_mode; the writers alone would convert, but smp_wmb() in demo_set_mode() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

static-key-quiet.c:44: protocol s->stack (demo_slot.stack): convert
  writer static-key-quiet.c:44: smp_wmb() in demo_slot_give(); publish store at line 45
  reader static-key-quiet.c:55: smp_rmb() in demo_slot_push(); subscribe load at line 51
  evidence: object, data
  adjacent: each barrier that goes orders s->stack and nothing another thread can see besides
  ordering: 0 other accesses change ordering

static-key-quiet.c:62: protocol r->base (demo_ring.base): convert
  writer static-key-quiet.c:62: smp_wmb() in demo_ring_give(); publish store at line 63
  reader static-key-quiet.c:73: smp_rmb() in demo_ring_pop(); subscribe load at line 69
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of demo_mode (line 38) before smp_rmb() in demo_ring_pop() can see other threads' stores: with an acquire on r->base instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders r->base and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
