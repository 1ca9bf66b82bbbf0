// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a fully ordered read-modify-write orders its neighbours. */

struct demo_couple {
	int data[4];
	int prevent;
	int blocked;
	int waiting;
	atomic_t ready;
	int hint;
};

static void demo_couple_block(struct demo_couple *c, int v)
{
	c->data[0] = v;
	smp_wmb();
	WRITE_ONCE(c->prevent, 1);
}

static void demo_couple_stop(struct demo_couple *c, int v)
{
	c->data[2] = v;
	smp_wmb();
	WRITE_ONCE(c->blocked, 1);
}

/* waiting is loaded before atomic_inc_return(), which orders it: no caveat */
static int demo_couple_enter(struct demo_couple *c)
{
	int w = READ_ONCE(c->waiting);
	int n = atomic_inc_return(&c->ready);
	int p = READ_ONCE(c->prevent);

	smp_rmb();
	return p && n && w ? c->data[0] : -1;
}

/*
 * a cmpxchg() may fail, unordered: the hint it follows stays a caveat (the
 * writer converts alone, and this reader keeps its smp_rmb())
 */
static int demo_couple_try(struct demo_couple *c)
{
	int h = READ_ONCE(c->hint);
	int old = atomic_cmpxchg(&c->ready, 0, 1);
	int p = READ_ONCE(c->blocked);

	smp_rmb();
	return p && !old && h ? c->data[2] : -1;
}

static void demo_couple_hint(struct demo_couple *c)
{
	c->data[1] = 1;
	smp_wmb();
	WRITE_ONCE(c->hint, 1);
	WRITE_ONCE(c->waiting, 1);
}

/*
 * check-name: a load a fully ordered read-modify-write orders is no caveat; one a cmpxchg() follows is
 * check-command: acqrel pairs $file
 * check-output-start
ordered-rmw.c:16: protocol c->prevent (demo_couple.prevent): convert
  writer ordered-rmw.c:16: smp_wmb() in demo_couple_block(); publish store at line 17
  reader ordered-rmw.c:34: smp_rmb() in demo_couple_enter(); subscribe load at line 32
  evidence: object, data
  adjacent: each barrier that goes orders c->prevent and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load c->waiting (line 30) before smp_rmb() in demo_couple_enter(): ordered: atomic_inc_return() at line 31, a fully ordered read-modify-write, orders it as a full barrier would

ordered-rmw.c:23: protocol c->blocked (demo_couple.blocked): convert
  writer ordered-rmw.c:23: smp_wmb() in demo_couple_stop(); publish store at line 24
  reader ordered-rmw.c:48: smp_rmb() in demo_couple_try(); subscribe load at line 46
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of c->hint (line 44) before smp_rmb() in demo_couple_try() can see other threads' stores: with an acquire on c->blocked instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders c->blocked and nothing another thread can see besides
  ordering: 0 other accesses change ordering

ordered-rmw.c:55: protocol c->hint (demo_couple.hint): review
  writer ordered-rmw.c:55: smp_wmb() in demo_couple_hint(); publish store at line 56
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->hint
  several-stores: smp_wmb() in demo_couple_hint() also orders the stores to c->waiting (line 57), which other threads can see: with a release on c->hint instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store c->waiting (line 57) after smp_wmb() in demo_couple_hint(): shared

 * check-output-end
 */
