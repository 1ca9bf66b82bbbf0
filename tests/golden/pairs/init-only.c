// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: fields written only before the object is published. */

struct demo_cache {
	int slots[16];
	int nr_slots;
	int mode;
	int filled;
	int counted;
};

static struct demo_cache *demo_cache_create(int n)
{
	struct demo_cache *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	c->nr_slots = n;
	return c;
}

static int __init demo_cache_setup(struct demo_cache *c)
{
	c->mode = 1;
	return 0;
}

/* nr_slots also changes at run time, published after a barrier: a real caveat */
static void demo_cache_resize(struct demo_cache *c, int n)
{
	c->slots[n - 1] = 0;
	smp_wmb();
	WRITE_ONCE(c->nr_slots, n);
}

static void demo_cache_fill(struct demo_cache *c, int v)
{
	c->slots[0] = v;
	smp_wmb();
	WRITE_ONCE(c->filled, 1);
}

static void demo_cache_count(struct demo_cache *c, int v)
{
	c->slots[1] = v;
	smp_wmb();
	WRITE_ONCE(c->counted, 1);
}

/* mode is set before anyone can reach the cache: no caveat */
static int demo_cache_get(struct demo_cache *c)
{
	int m = c->mode;
	int f = READ_ONCE(c->filled);

	smp_rmb();
	return f && m ? c->slots[0] : -1;
}

/*
 * nr_slots changes at run time: a caveat (the writer converts alone, and
 * this reader keeps its smp_rmb())
 */
static int demo_cache_get_counted(struct demo_cache *c)
{
	int n = c->nr_slots;
	int f = READ_ONCE(c->counted);

	smp_rmb();
	return f && n ? c->slots[1] : -1;
}

/*
 * check-name: a field stored only in __init functions or right after allocation is written before publication; one stored at run time too is not
 * check-command: acqrel pairs $file
 * check-output-start
init-only.c:32: protocol c->nr_slots (demo_cache.nr_slots): review
  writer init-only.c:32: smp_wmb() in demo_cache_resize(); publish store at line 33
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->nr_slots; the writers alone would convert, but smp_wmb() in demo_cache_resize() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

init-only.c:39: protocol c->filled (demo_cache.filled): convert
  writer init-only.c:39: smp_wmb() in demo_cache_fill(); publish store at line 40
  reader init-only.c:56: smp_rmb() in demo_cache_get(); subscribe load at line 54
  evidence: object, data
  adjacent: each barrier that goes orders c->filled and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load c->mode (line 53) before smp_rmb() in demo_cache_get(): before publication: every store of demo_cache.mode in the files that see the struct (init-only.c) is made before the object is published: demo_cache_setup() at init-only.c:24 (__init)

init-only.c:46: protocol c->counted (demo_cache.counted): convert
  writer init-only.c:46: smp_wmb() in demo_cache_count(); publish store at line 47
  reader init-only.c:69: smp_rmb() in demo_cache_get_counted(); subscribe load at line 67
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of c->nr_slots (line 66) before smp_rmb() in demo_cache_get_counted() can see other threads' stores: with an acquire on c->counted instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders c->counted and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
