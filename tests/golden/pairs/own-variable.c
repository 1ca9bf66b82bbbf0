// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule OWN: a reader with no writer whose
 * subscribe variable no other thread stores while it runs (stored only by
 * the reader itself, or where its object is set up: a function that
 * allocates) is no protocol of that variable: keep. A store elsewhere at
 * run time leaves it review (one-side).
 */

struct demo_wd_ring {
	unsigned int packets;
	unsigned int prev;
	unsigned int head;
	unsigned int tail;
	int *slots;
};

bool demo_pending(struct demo_wd_ring *r);

/* the ring's setup allocates and starts the watchdog's count */
static int demo_wd_setup(struct demo_wd_ring *r)
{
	r->slots = kzalloc(64 * sizeof(int), GFP_KERNEL);
	if (!r->slots)
		return -ENOMEM;
	r->prev = -1;
	return 0;
}

/* the watchdog compares with its own previous count: keep (own-variable) */
static void demo_wd_check(struct demo_wd_ring *r)
{
	unsigned int packets = READ_ONCE(r->packets);

	if (r->prev == packets)
		return;
	/* read the count before the ring indexes */
	smp_rmb();
	r->prev = demo_pending(r) ? packets : -1;
}

struct demo_ev_ring {
	unsigned int mark;
	int slots[8];
};

/* mark is also stored by another function at run time: review (one-side) */
static void demo_ev_reset(struct demo_ev_ring *r)
{
	r->mark = 0;
}

static int demo_ev_check(struct demo_ev_ring *r)
{
	unsigned int m = r->mark;

	smp_rmb();
	return m ? r->slots[0] : 0;
}

/*
 * check-name: rule OWN: a writer-less reader whose variable only it and its object's setup store is keep (own-variable); one another function stores at run time stays review
 * check-command: acqrel pairs $file
 * check-output-start
own-variable.c:38: protocol r->prev (demo_wd_ring.prev): keep
  reader own-variable.c:38: smp_rmb() in demo_wd_check(); subscribe load at line 35
  evidence: object
  own-variable: no other thread stores r->prev while its reader runs (demo_wd_ring.prev is stored by demo_wd_check() and where its object is set up, in the files that see its struct): smp_rmb() in demo_wd_check() subscribes to nothing another thread publishes through it, and orders other loads for another pairing
  ordering: 0 other accesses change ordering

own-variable.c:57: protocol r->mark (demo_ev_ring.mark): review
  reader own-variable.c:57: smp_rmb() in demo_ev_check(); subscribe load at line 55
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to r->mark
  ordering: 0 other accesses change ordering

 * check-output-end
 */
