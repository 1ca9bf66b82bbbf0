// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule H: a scalar stored after smp_wmb()
 * besides the publish store, that no reader orders loads after. When its
 * loads are found and each takes it as a value or a loop's bound (a
 * control dependency, which orders no load), it is no caveat; when one
 * may index the data with it (a subscript, a local used as an index, an
 * argument of a call), it stays one. Rule H0: when no function loads it
 * by name, takes its address or names it in a macro (it is read through
 * an offsetof() table, or not at all), it is no caveat either; a macro
 * that names it keeps the caveat.
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

struct demo_off_ring {
	int slots[8];
	unsigned int prod;
	unsigned long drops;
};

struct demo_macro_ring {
	int slots[8];
	unsigned int prod;
	unsigned int hint;
};

#define demo_macro_hint(r) ((r)->hint)

struct demo_own_ring {
	int slots[8];
	unsigned int prod;
	unsigned int budget;
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

/* no load found at all (rule H0): convert */
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

/* a statistic read only through an offsetof() table (rule H0): convert */
static void demo_off_put(struct demo_off_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->drops++;
}

static int demo_off_get(struct demo_off_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

static const size_t demo_off_stats[] = { offsetof(struct demo_off_ring, drops) };

/* named in a macro, whose users acqrel does not see: stays */
static void demo_macro_put(struct demo_macro_ring *r, int v)
{
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->hint = 1;
}

static int demo_macro_get(struct demo_macro_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

/* read only by the writer itself, before the barrier (rule H0): convert */
static void demo_own_put(struct demo_own_ring *r, int v)
{
	if (!r->budget)
		return;
	r->slots[r->prod & 7] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	r->budget--;
}

static int demo_own_get(struct demo_own_ring *r, unsigned int i)
{
	if (READ_ONCE(r->prod) == i)
		return -1;
	smp_rmb();
	return r->slots[i & 7];
}

/*
 * check-name: rule H, a store after smp_wmb() whose loads all take it as a value (also after "&&") is no caveat; an address taken is no load; a loop bound too; an index, a local used as an index, a call argument (also of a page mapping), a value an accessor returns whole or a macro that names it keeps several-stores; rule H0, no load found (a field never read, a statistic read through offsetof(), one only the writer reads), is no caveat
 * check-command: acqrel pairs $file
 * check-output-start
rules-read-as-value.c:101: protocol r->prod (demo_stat_ring.prod): convert
  writer rules-read-as-value.c:101: smp_wmb() in demo_stat_put(); publish store at line 102
  reader rules-read-as-value.c:110: smp_rmb() in demo_stat_get(); subscribe load at line 108
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->puts (line 103) after smp_wmb() in demo_stat_put(): unsubscribed: no reader in the tree orders loads after loading r->puts, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:116) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

rules-read-as-value.c:123: protocol r->prod (demo_and_ring.prod): convert
  writer rules-read-as-value.c:123: smp_wmb() in demo_and_put(); publish store at line 124
  reader rules-read-as-value.c:132: smp_rmb() in demo_and_get(); subscribe load at line 130
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->more (line 125) after smp_wmb() in demo_and_put(): unsubscribed: no reader in the tree orders loads after loading r->more, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:138) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

rules-read-as-value.c:145: protocol r->prod (demo_addr_ring.prod): review
  writer rules-read-as-value.c:145: smp_wmb() in demo_addr_put(); publish store at line 146
  reader rules-read-as-value.c:154: smp_rmb() in demo_addr_get(); subscribe load at line 152
  evidence: object, data
  several-stores: smp_wmb() in demo_addr_put() also orders the stores to r->seen (line 147), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->seen (line 147) after smp_wmb() in demo_addr_put(): shared: no reader in the tree orders loads after loading r->seen (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:167: protocol r->prod (demo_idx_ring.prod): review
  writer rules-read-as-value.c:167: smp_wmb() in demo_idx_put(); publish store at line 168
  reader rules-read-as-value.c:176: smp_rmb() in demo_idx_get(); subscribe load at line 174
  evidence: object, data
  several-stores: smp_wmb() in demo_idx_put() also orders the stores to r->last (line 169), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->last (line 169) after smp_wmb() in demo_idx_put(): shared: no reader in the tree orders loads after loading r->last (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:189: protocol r->prod (demo_bound_ring.prod): convert
  writer rules-read-as-value.c:189: smp_wmb() in demo_bound_put(); publish store at line 190
  reader rules-read-as-value.c:198: smp_rmb() in demo_bound_get(); subscribe load at line 196
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->filled (line 191) after smp_wmb() in demo_bound_put(): unsubscribed: no reader in the tree orders loads after loading r->filled, and its 1 load in the files that see the struct (rules-read-as-value.c; the first at rules-read-as-value.c:206) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

rules-read-as-value.c:215: protocol r->prod (demo_local_ring.prod): review
  writer rules-read-as-value.c:215: smp_wmb() in demo_local_put(); publish store at line 216
  reader rules-read-as-value.c:224: smp_rmb() in demo_local_get(); subscribe load at line 222
  evidence: object, data
  several-stores: smp_wmb() in demo_local_put() also orders the stores to r->newest (line 217), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->newest (line 217) after smp_wmb() in demo_local_put(): shared: no reader in the tree orders loads after loading r->newest (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:239: protocol r->prod (demo_call_ring.prod): review
  writer rules-read-as-value.c:239: smp_wmb() in demo_call_put(); publish store at line 240
  reader rules-read-as-value.c:248: smp_rmb() in demo_call_get(); subscribe load at line 246
  evidence: object, data
  several-stores: smp_wmb() in demo_call_put() also orders the stores to r->recent (line 241), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->recent (line 241) after smp_wmb() in demo_call_put(): shared: no reader in the tree orders loads after loading r->recent (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:261: protocol r->prod (demo_map_ring.prod): review
  writer rules-read-as-value.c:261: smp_wmb() in demo_map_put(); publish store at line 262
  reader rules-read-as-value.c:270: smp_rmb() in demo_map_get(); subscribe load at line 268
  evidence: object, data
  several-stores: smp_wmb() in demo_map_put() also orders the stores to r->pfn (line 263), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->pfn (line 263) after smp_wmb() in demo_map_put(): shared: no reader in the tree orders loads after loading r->pfn (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:283: protocol r->prod (demo_ret_ring.prod): review
  writer rules-read-as-value.c:283: smp_wmb() in demo_ret_put(); publish store at line 284
  reader rules-read-as-value.c:292: smp_rmb() in demo_ret_get(); subscribe load at line 290
  evidence: object, data
  several-stores: smp_wmb() in demo_ret_put() also orders the stores to r->latest (line 285), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->latest (line 285) after smp_wmb() in demo_ret_put(): shared: no reader in the tree orders loads after loading r->latest (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:305: protocol r->prod (demo_none_ring.prod): convert
  writer rules-read-as-value.c:305: smp_wmb() in demo_none_put(); publish store at line 306
  reader rules-read-as-value.c:314: smp_rmb() in demo_none_get(); subscribe load at line 312
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->unread (line 307) after smp_wmb() in demo_none_put(): unsubscribed: no reader in the tree orders loads after loading r->unread, and no function in the files that see the struct (rules-read-as-value.c) loads it by name, takes its address or names it in a macro: readers reach no data through it

rules-read-as-value.c:322: protocol r->prod (demo_off_ring.prod): convert
  writer rules-read-as-value.c:322: smp_wmb() in demo_off_put(); publish store at line 323
  reader rules-read-as-value.c:331: smp_rmb() in demo_off_get(); subscribe load at line 329
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->drops (line 324) after smp_wmb() in demo_off_put(): unsubscribed: no reader in the tree orders loads after loading r->drops, and no function in the files that see the struct (rules-read-as-value.c) loads it by name, takes its address or names it in a macro: readers reach no data through it

rules-read-as-value.c:341: protocol r->prod (demo_macro_ring.prod): review
  writer rules-read-as-value.c:341: smp_wmb() in demo_macro_put(); publish store at line 342
  reader rules-read-as-value.c:350: smp_rmb() in demo_macro_get(); subscribe load at line 348
  evidence: object, data
  several-stores: smp_wmb() in demo_macro_put() also orders the stores to r->hint (line 343), which other threads can see: with a release on r->prod instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store r->hint (line 343) after smp_wmb() in demo_macro_put(): shared: no reader in the tree orders loads after loading r->hint (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-read-as-value.c:360: protocol r->prod (demo_own_ring.prod): convert
  writer rules-read-as-value.c:360: smp_wmb() in demo_own_put(); publish store at line 361
  reader rules-read-as-value.c:369: smp_rmb() in demo_own_get(); subscribe load at line 367
  evidence: object, data
  adjacent: each barrier that goes orders r->prod and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store r->budget (line 362) after smp_wmb() in demo_own_put(): unsubscribed: no reader in the tree orders loads after loading r->budget, and no function in the files that see the struct (rules-read-as-value.c) but demo_own_put() itself, where the barrier is, loads it by name, takes its address or names it in a macro: readers reach no data through it

 * check-output-end
 */
