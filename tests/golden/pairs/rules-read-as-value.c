// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule H: a scalar stored after smp_wmb()
 * besides the publish store, that no reader orders loads after. When its
 * loads are found and each takes it as a value or a loop's bound (a
 * control dependency, which orders no load), it is no caveat; when one
 * may index the data with it (a subscript, a local used as an index, an
 * argument of a call), or none is found, it stays one.
 */

struct demo_stat_ring {
	int slots[8];
	unsigned int prod;
	unsigned int puts;
};

struct demo_and_ring {
	int slots[8];
	unsigned int prod;
	bool more;
};

struct demo_addr_ring {
	int slots[8];
	unsigned int prod;
	unsigned int seen;
};

struct demo_idx_ring {
	int slots[8];
	unsigned int prod;
	unsigned int last;
};

struct demo_bound_ring {
	int slots[8];
	unsigned int prod;
	unsigned int filled;
};

struct demo_local_ring {
	int slots[8];
	unsigned int prod;
	unsigned int newest;
};

struct demo_call_ring {
	int slots[8];
	unsigned int prod;
	unsigned int recent;
};

struct demo_map_ring {
	int slots[8];
	unsigned int prod;
	unsigned long pfn;
};

struct demo_ret_ring {
	int slots[8];
	unsigned int prod;
	unsigned int latest;
};

struct demo_none_ring {
	int slots[8];
	unsigned int prod;
	unsigned int unread;
};

int demo_slot_at(const int *slots, unsigned int i);
int demo_note(unsigned int *p);

/* a statistic, read as a value: convert */
static void demo_stat_put(struct demo_stat_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->puts++;
}

static int demo_stat_get(struct demo_stat_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_stat_busy(struct demo_stat_ring *r)
{
	return READ_ONCE(r->puts) > 100;
}

/* read as a value after "&&", which takes no address: convert */
static void demo_and_put(struct demo_and_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->more = true;
}

static int demo_and_get(struct demo_and_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static bool demo_and_again(struct demo_and_ring *r, bool busy)
{
	return busy && r->more;
}

/* its only use takes its address (a unary '&'): no load found, stays */
static void demo_addr_put(struct demo_addr_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->seen = 1;
}

static int demo_addr_get(struct demo_addr_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_addr_note(struct demo_addr_ring *r, bool busy)
{
	return busy ? demo_note(&r->seen) : 0;
}

/* read as an index of the data: several-stores stays */
static void demo_idx_put(struct demo_idx_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->last = r->prod & 7;
}

static int demo_idx_get(struct demo_idx_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_idx_peek(struct demo_idx_ring *r)
{
	return r->slots[READ_ONCE(r->last)];
}

/* a loop bound over the data, a control dependency that orders no load: convert */
static void demo_bound_put(struct demo_bound_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->filled = r->prod;
}

static int demo_bound_get(struct demo_bound_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_bound_sum(struct demo_bound_ring *r)
{
	int i, sum = 0;

	for (i = 0; i < READ_ONCE(r->filled) && i < 8; i++)
		sum += r->slots[i];
	return sum;
}

/* a local that indexes the data later: stays */
static void demo_local_put(struct demo_local_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->newest = r->prod & 7;
}

static int demo_local_get(struct demo_local_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_local_peek(struct demo_local_ring *r)
{
	unsigned int n = READ_ONCE(r->newest);

	return r->slots[n];
}

/* passed to a function that may index with it: stays */
static void demo_call_put(struct demo_call_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->recent = r->prod & 7;
}

static int demo_call_get(struct demo_call_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static int demo_call_peek(struct demo_call_ring *r)
{
	return demo_slot_at(r->slots, READ_ONCE(r->recent));
}

/* an argument of a page mapping, which locates data: stays */
static void demo_map_put(struct demo_map_ring *r, int v, unsigned long pfn)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->pfn = pfn;
}

static int demo_map_get(struct demo_map_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static void *demo_map_page(struct demo_map_ring *r)
{
	return kmap_local_pfn(READ_ONCE(r->pfn));
}

/* an accessor returns it, whole: what its callers do with it is not seen, stays */
static void demo_ret_put(struct demo_ret_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->latest = r->prod & 7;
}

static int demo_ret_get(struct demo_ret_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static unsigned int demo_ret_latest(struct demo_ret_ring *r)
{
	return READ_ONCE(r->latest);
}

/* no load found at all (shape 7): stays */
static void demo_none_put(struct demo_none_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->unread = 1;
}

static int demo_none_get(struct demo_none_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

/*
 * check-name: rule H, a store after smp_wmb() whose loads all take it as a value (also after "&&") is no caveat; an address taken is no load; a loop bound too; an index, a local used as an index, a call argument (also of a page mapping), a value an accessor returns whole or no load found keeps several-stores
 * check-command: acqrel pairs $file
 * check-output-start
rules-read-as-value.c:78: protocol r->prod (demo_stat_ring.prod): convert
  writer rules-read-as-value.c:78: smp_wmb() in demo_stat_put(); publish store at line 79
  reader rules-read-as-value.c:87: smp_rmb() in demo_stat_get(); subscribe load at line 85
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->puts (line 80) after smp_wmb() in demo_stat_put(): unsubscribed: no reader in the tree orders loads after loading r->puts, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:93) takes it as a value or a loop's bound, none as a subscript or a call's argument: readers reach no data through it

rules-read-as-value.c:100: protocol r->prod (demo_and_ring.prod): convert
  writer rules-read-as-value.c:100: smp_wmb() in demo_and_put(); publish store at line 101
  reader rules-read-as-value.c:109: smp_rmb() in demo_and_get(); subscribe load at line 107
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->more (line 102) after smp_wmb() in demo_and_put(): unsubscribed: no reader in the tree orders loads after loading r->more, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:115) takes it as a value or a loop's bound, none as a subscript or a call's argument: readers reach no data through it

rules-read-as-value.c:122: protocol r->prod (demo_addr_ring.prod): review
  writer rules-read-as-value.c:122: smp_wmb() in demo_addr_put(); publish store at line 123
  reader rules-read-as-value.c:131: smp_rmb() in demo_addr_get(); subscribe load at line 129
  evidence: object, data
  several-stores: smp_wmb() in demo_addr_put() also orders the stores to r->seen (line 124), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->seen (line 124) after smp_wmb() in demo_addr_put(): shared: no reader in the tree orders loads after loading r->seen (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:144: protocol r->prod (demo_idx_ring.prod): review
  writer rules-read-as-value.c:144: smp_wmb() in demo_idx_put(); publish store at line 145
  reader rules-read-as-value.c:153: smp_rmb() in demo_idx_get(); subscribe load at line 151
  evidence: object, data
  several-stores: smp_wmb() in demo_idx_put() also orders the stores to r->last (line 146), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->last (line 146) after smp_wmb() in demo_idx_put(): shared: no reader in the tree orders loads after loading r->last (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:166: protocol r->prod (demo_bound_ring.prod): convert
  writer rules-read-as-value.c:166: smp_wmb() in demo_bound_put(); publish store at line 167
  reader rules-read-as-value.c:175: smp_rmb() in demo_bound_get(); subscribe load at line 173
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->filled (line 168) after smp_wmb() in demo_bound_put(): unsubscribed: no reader in the tree orders loads after loading r->filled, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:183) takes it as a value or a loop's bound, none as a subscript or a call's argument: readers reach no data through it

rules-read-as-value.c:192: protocol r->prod (demo_local_ring.prod): review
  writer rules-read-as-value.c:192: smp_wmb() in demo_local_put(); publish store at line 193
  reader rules-read-as-value.c:201: smp_rmb() in demo_local_get(); subscribe load at line 199
  evidence: object, data
  several-stores: smp_wmb() in demo_local_put() also orders the stores to r->newest (line 194), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->newest (line 194) after smp_wmb() in demo_local_put(): shared: no reader in the tree orders loads after loading r->newest (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:216: protocol r->prod (demo_call_ring.prod): review
  writer rules-read-as-value.c:216: smp_wmb() in demo_call_put(); publish store at line 217
  reader rules-read-as-value.c:225: smp_rmb() in demo_call_get(); subscribe load at line 223
  evidence: object, data
  several-stores: smp_wmb() in demo_call_put() also orders the stores to r->recent (line 218), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->recent (line 218) after smp_wmb() in demo_call_put(): shared: no reader in the tree orders loads after loading r->recent (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:238: protocol r->prod (demo_map_ring.prod): review
  writer rules-read-as-value.c:238: smp_wmb() in demo_map_put(); publish store at line 239
  reader rules-read-as-value.c:247: smp_rmb() in demo_map_get(); subscribe load at line 245
  evidence: object, data
  several-stores: smp_wmb() in demo_map_put() also orders the stores to r->pfn (line 240), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->pfn (line 240) after smp_wmb() in demo_map_put(): shared: no reader in the tree orders loads after loading r->pfn (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:260: protocol r->prod (demo_ret_ring.prod): review
  writer rules-read-as-value.c:260: smp_wmb() in demo_ret_put(); publish store at line 261
  reader rules-read-as-value.c:269: smp_rmb() in demo_ret_get(); subscribe load at line 267
  evidence: object, data
  several-stores: smp_wmb() in demo_ret_put() also orders the stores to r->latest (line 262), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->latest (line 262) after smp_wmb() in demo_ret_put(): shared: no reader in the tree orders loads after loading r->latest (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:282: protocol r->prod (demo_none_ring.prod): review
  writer rules-read-as-value.c:282: smp_wmb() in demo_none_put(); publish store at line 283
  reader rules-read-as-value.c:291: smp_rmb() in demo_none_get(); subscribe load at line 289
  evidence: object, data
  several-stores: smp_wmb() in demo_none_put() also orders the stores to r->unread (line 284), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->unread (line 284) after smp_wmb() in demo_none_put(): shared: no reader in the tree orders loads after loading r->unread (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
