// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule H on an atomic_t: a counter that the
 * writer changes with an atomic operation after smp_wmb() is a scalar like
 * any other. Its loads are the atomic operations that give its value back
 * (atomic_read(), atomic_try_cmpxchg()), judged where the call stands: as
 * values, it is no caveat; as an index of the data, or with no such load
 * found (its address only passed on), it stays one.
 */

typedef struct {
	int counter;
} atomic_t;

struct demo_cnt_ring {
	int slots[8];
	unsigned int prod;
	atomic_t avail;
};

struct demo_cidx_ring {
	int slots[8];
	unsigned int prod;
	atomic_t last;
};

struct demo_cpass_ring {
	int slots[8];
	unsigned int prod;
	atomic_t credits;
};

struct demo_cfetch_ring {
	int slots[8];
	unsigned int prod;
	atomic_t filled;
};

void demo_credit(atomic_t *v);

/* a count of free slots, read and taken with atomic operations as values: convert */
static void demo_cnt_put(struct demo_cnt_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	atomic_add(1, &r->avail);
}

static int demo_cnt_get(struct demo_cnt_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static bool demo_cnt_take(struct demo_cnt_ring *r)
{
	int old = atomic_read(&r->avail);

	do {
		if (old <= 0)
			return false;
	} while (!atomic_try_cmpxchg(&r->avail, &old, old - 1));
	return true;
}

/* the atomic's value indexes the data: several-stores stays */
static void demo_cidx_put(struct demo_cidx_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	atomic_set(&r->last, r->prod & 7);
}

static int demo_cidx_get(struct demo_cidx_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_cidx_peek(struct demo_cidx_ring *r)
{
	return r->slots[atomic_read(&r->last)];
}

/* its address only goes to another function: no load found, stays */
static void demo_cpass_put(struct demo_cpass_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	atomic_inc(&r->credits);
}

static int demo_cpass_get(struct demo_cpass_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static void demo_cpass_give(struct demo_cpass_ring *r)
{
	demo_credit(&r->credits);
}

/* a value read as a value, but the one atomic_fetch_dec() gives back indexes the data: stays */
static void demo_cfetch_put(struct demo_cfetch_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	atomic_inc(&r->filled);
}

static int demo_cfetch_get(struct demo_cfetch_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_cfetch_pop(struct demo_cfetch_ring *r)
{
	int n = atomic_fetch_dec(&r->filled);

	return r->slots[(n - 1) & 7];
}

static bool demo_cfetch_busy(struct demo_cfetch_ring *r)
{
	return atomic_read(&r->filled) > 4;
}

/*
 * check-name: rule H on atomic_t: atomic loads that take the counter as a value make its atomic store after smp_wmb() no caveat; an index (also from atomic_fetch_dec()) or an address passed on keeps several-stores
 * check-command: acqrel pairs $file
 * check-output-start
read-as-value-atomic.c:45: protocol r->prod (demo_cnt_ring.prod): convert
  writer read-as-value-atomic.c:45: smp_wmb() in demo_cnt_put(); publish store at line 46
  reader read-as-value-atomic.c:54: smp_rmb() in demo_cnt_get(); subscribe load at line 52
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->avail (line 47) after smp_wmb() in demo_cnt_put(): unsubscribed: no reader in the tree orders loads after loading r->avail, and its 2 loads in the files that see the struct (read-as-value-atomic.c; the first at read-as-value-atomic.c:60) take it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

read-as-value-atomic.c:73: protocol r->prod (demo_cidx_ring.prod): review
  writer read-as-value-atomic.c:73: smp_wmb() in demo_cidx_put(); publish store at line 74
  reader read-as-value-atomic.c:82: smp_rmb() in demo_cidx_get(); subscribe load at line 80
  evidence: object, data
  several-stores: smp_wmb() in demo_cidx_put() also orders the stores to r->last (line 75), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->last (line 75) after smp_wmb() in demo_cidx_put(): shared: no reader in the tree orders loads after loading r->last (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

read-as-value-atomic.c:95: protocol r->prod (demo_cpass_ring.prod): review
  writer read-as-value-atomic.c:95: smp_wmb() in demo_cpass_put(); publish store at line 96
  reader read-as-value-atomic.c:104: smp_rmb() in demo_cpass_get(); subscribe load at line 102
  evidence: object, data
  several-stores: smp_wmb() in demo_cpass_put() also orders the stores to r->credits (line 97), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->credits (line 97) after smp_wmb() in demo_cpass_put(): shared: no reader in the tree orders loads after loading r->credits (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

read-as-value-atomic.c:117: protocol r->prod (demo_cfetch_ring.prod): review
  writer read-as-value-atomic.c:117: smp_wmb() in demo_cfetch_put(); publish store at line 118
  reader read-as-value-atomic.c:126: smp_rmb() in demo_cfetch_get(); subscribe load at line 124
  evidence: object, data
  several-stores: smp_wmb() in demo_cfetch_put() also orders the stores to r->filled (line 119), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->filled (line 119) after smp_wmb() in demo_cfetch_put(): shared: no reader in the tree orders loads after loading r->filled (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
