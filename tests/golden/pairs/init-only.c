// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: fields written only before the object is published. */

struct demo_cache {
	int slots[16];
	int nr_slots;
	int mode;
	int filled;
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

/* mode is set before anyone can reach the cache: no caveat; nr_slots is */
static int demo_cache_get(struct demo_cache *c)
{
	int n = c->nr_slots;
	int m = c->mode;
	int f = READ_ONCE(c->filled);

	smp_rmb();
	return f && n && m ? c->slots[0] : -1;
}

/*
 * check-name: a field stored only in __init functions or right after allocation is written before publication; one stored at run time too is not
 * check-command: acqrel pairs $file
 * check-output-start
init-only.c:31: protocol c->nr_slots (demo_cache.nr_slots): review
  writer init-only.c:31: smp_wmb() in demo_cache_resize(); publish store at line 32
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->nr_slots; the writers alone would convert, but smp_wmb() in demo_cache_resize() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

init-only.c:38: protocol c->filled (demo_cache.filled): review
  writer init-only.c:38: smp_wmb() in demo_cache_fill(); publish store at line 39
  reader init-only.c:49: smp_rmb() in demo_cache_get(); subscribe load at line 47
  evidence: object, data
  loses-ordering: the loads of c->nr_slots (line 45) before smp_rmb() in demo_cache_get() can see other threads' stores: with an acquire on c->filled instead, they are no longer ordered before the loads after it
  ordering: 2 other accesses change ordering; 1 can be seen by another thread
    load c->mode (line 46) before smp_rmb() in demo_cache_get(): before publication: every store of demo_cache.mode in the files that see the struct (init-only.c) is made before the object is published: demo_cache_setup() at init-only.c:23 (__init)
    load c->nr_slots (line 45) before smp_rmb() in demo_cache_get(): shared

 * check-output-end
 */
