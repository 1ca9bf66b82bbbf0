// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 8: an accessor loads and runs the barrier. */

struct demo_cache {
	int lines[32];
	unsigned int valid;
};

static inline unsigned int demo_cache_valid(struct demo_cache *c)
{
	unsigned int v = READ_ONCE(c->valid);

	smp_rmb();
	return v;
}

static void demo_cache_fill(struct demo_cache *c, int x)
{
	c->lines[0] = x;
	smp_wmb();
	WRITE_ONCE(c->valid, 1);
}

static int demo_cache_first(struct demo_cache *c)
{
	return demo_cache_valid(c) ? c->lines[0] : -1;
}

static int demo_cache_second(struct demo_cache *c)
{
	if (!demo_cache_valid(c))
		return -1;
	return c->lines[1];
}

/*
 * check-name: shape 8, the accessor is the reader and its callers are listed
 * check-command: acqrel pairs $file
 * check-output-start
shape08-accessor.c:20: protocol c->valid (demo_cache.valid): convert
  writer shape08-accessor.c:20: smp_wmb() in demo_cache_fill(); publish store at line 21
  reader shape08-accessor.c:13: smp_rmb() in demo_cache_valid(); subscribe load at line 11
    called from demo_cache_first() at line 26
    called from demo_cache_second() at line 31
  evidence: object
  adjacent: each barrier that goes orders c->valid and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
