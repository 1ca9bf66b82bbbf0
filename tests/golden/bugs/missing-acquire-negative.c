// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: readers that order the data, or need not. */

struct demo_item {
	int len;
};

struct demo_cache {
	int lines[32];
	unsigned int valid;
	struct demo_item *item;
	spinlock_t lock;
};

static inline unsigned int demo_cache_valid(struct demo_cache *c)
{
	unsigned int v = READ_ONCE(c->valid);

	smp_rmb();
	return v;
}

static void demo_cache_fill(struct demo_cache *c, int x)
{
	spin_lock(&c->lock);
	c->lines[0] = x;
	smp_wmb();
	WRITE_ONCE(c->valid, 1);
	spin_unlock(&c->lock);
}

static void demo_cache_set_item(struct demo_cache *c, struct demo_item *it, int x)
{
	it->len = x;
	smp_wmb();
	WRITE_ONCE(c->item, it);
}

/* the accessor used correctly */
static int demo_cache_first(struct demo_cache *c)
{
	return demo_cache_valid(c) ? c->lines[0] : -1;
}

/* an acquire */
static int demo_cache_acquire(struct demo_cache *c)
{
	if (!smp_load_acquire(&c->valid))
		return -1;
	return c->lines[0];
}

/* under the writer's lock */
static int demo_cache_locked(struct demo_cache *c)
{
	int v = -1;

	spin_lock(&c->lock);
	if (c->valid)
		v = c->lines[0];
	spin_unlock(&c->lock);
	return v;
}

/* an address dependency: the data is loaded through the published pointer */
static int demo_cache_item(struct demo_cache *c)
{
	struct demo_item *it = READ_ONCE(c->item);

	return it ? it->len : 0;
}

/* only printed */
static void demo_cache_dump(struct demo_cache *c)
{
	pr_info("valid %u first %d\n", c->valid, c->lines[0]);
}

/*
 * check-name: missing-acquire: the accessor, an acquire, the writer's lock, a dependency, a print
 * check-command: acqrel bugs --all $file
 * check-output-start
 * check-output-end
 */
