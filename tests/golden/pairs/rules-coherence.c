// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule C, earlier loads of the subscribe variable itself. */

struct demo_q {
	int slots[4];
	int ready;
};

static void demo_q_put(struct demo_q *q, int v)
{
	q->slots[0] = v;
	smp_wmb();
	WRITE_ONCE(q->ready, 1);
}

/* two loads of q->ready on the one path to the barrier: the later covers the earlier */
static int demo_q_get(struct demo_q *q, int want)
{
	if (READ_ONCE(q->ready) == want)
		return -1;
	if (!READ_ONCE(q->ready)) /* not yet: try later */
		return -2;
	smp_rmb();
	return q->slots[0];
}

struct demo_w {
	int slots[4];
	int state;
};

static void demo_w_put(struct demo_w *w, int v)
{
	w->slots[1] = v;
	smp_wmb();
	WRITE_ONCE(w->state, 2);
}

static int demo_w_state(struct demo_w *w)
{
	return READ_ONCE(w->state);
}

/* an earlier load in a function called before the subscribe load */
static int demo_w_get(struct demo_w *w)
{
	int busy = demo_w_state(w) == 1;

	while (!READ_ONCE(w->state))
		cpu_relax();
	smp_rmb();
	return w->slots[1] + busy;
}

struct demo_r {
	int slots[4];
	int head;
};

static void demo_r_put(struct demo_r *r, int v)
{
	r->slots[2] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 3);
}

/* the later load sits behind && (not on every path): the earlier one stays a caveat */
static int demo_r_get(struct demo_r *r, int fast)
{
	if (!READ_ONCE(r->head))
		return -1;
	if (fast && !READ_ONCE(r->head))
		return -2;
	smp_rmb();
	return r->slots[2];
}

/* the later load is in a braceless if body: the same */
static int demo_r_peek(struct demo_r *r, int fast)
{
	int h = READ_ONCE(r->head);

	if (fast)
		h = READ_ONCE(r->head);
	smp_rmb();
	return h ? r->slots[2] : -1;
}

struct demo_d {
	int slots[4];
	int addr;
	struct demo_d *next;
};

static void demo_d_put(struct demo_d *d, int v)
{
	d->slots[3] = v;
	smp_wmb();
	WRITE_ONCE(d->addr, 4);
}

static int demo_d_addr(struct demo_d *d)
{
	return READ_ONCE(d->addr);
}

/* the same path of another object (d moves on) stays a caveat */
static int demo_d_get(struct demo_d *d)
{
	int a = READ_ONCE(d->addr);

	d = d->next;
	if (!READ_ONCE(d->addr))
		return a;
	smp_rmb();
	return d->slots[3];
}

/* and so does a call passed another object */
static int demo_d_peek(struct demo_d *d, struct demo_d *other)
{
	int a = demo_d_addr(other);

	if (!READ_ONCE(d->addr))
		return a;
	smp_rmb();
	return d->slots[3];
}

/*
 * check-name: rule C: an earlier load of the subscribe variable, directly or in a called function, is covered by coherence when the subscribe load is on every path to the barrier; behind && or in a braceless if it is not, nor a load of another object (the path's base assigned in between, a call passed another pointer)
 * check-command: acqrel pairs $file
 * check-output-start
rules-coherence.c:12: protocol q->ready (demo_q.ready): convert
  writer rules-coherence.c:12: smp_wmb() in demo_q_put(); publish store at line 13
  reader rules-coherence.c:23: smp_rmb() in demo_q_get(); subscribe load at line 21
  evidence: object, data
  adjacent: each barrier that goes orders q->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-coherence.c:35: protocol w->state (demo_w.state): convert
  writer rules-coherence.c:35: smp_wmb() in demo_w_put(); publish store at line 36
  reader rules-coherence.c:51: smp_rmb() in demo_w_get(); subscribe load at line 49
  evidence: object, data
  adjacent: each barrier that goes orders w->state and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load w->state (line 41 in demo_w_state(), called at line 47) before smp_rmb() in demo_w_get(): ordered: an earlier load of w->state itself: the subscribe load (line 49) reads it again on every path to the barrier and sees a value at least as new (coherence)

rules-coherence.c:63: protocol r->head (demo_r.head): convert
  writer rules-coherence.c:63: smp_wmb() in demo_r_put(); publish store at line 64
  reader rules-coherence.c:74: smp_rmb() in demo_r_get(); subscribe load at line 72
  reader rules-coherence.c:85: smp_rmb() in demo_r_peek(); subscribe load at line 84
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): r->head is also loaded at line 70 before smp_rmb() in demo_r_get() (another path, or a second load): only one load can become the acquire
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): r->head is also loaded at line 81 before smp_rmb() in demo_r_peek() (another path, or a second load): only one load can become the acquire
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-coherence.c:98: protocol d->addr (demo_d.addr): convert
  writer rules-coherence.c:98: smp_wmb() in demo_d_put(); publish store at line 99
  reader rules-coherence.c:115: smp_rmb() in demo_d_get(); subscribe load at line 113
  reader rules-coherence.c:126: smp_rmb() in demo_d_peek(); subscribe load at line 124
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): d->addr is also loaded at line 110 before smp_rmb() in demo_d_get() (another path, or a second load): only one load can become the acquire
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of d->addr (line 104) before smp_rmb() in demo_d_peek() can see other threads' stores: with an acquire on d->addr instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders d->addr and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
