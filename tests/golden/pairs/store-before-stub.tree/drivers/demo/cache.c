// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: store-before past an unlock and into a stub. */
#include <demo/pages.h>

struct demo_cache {
	int lock;
	unsigned long busy;
	long stamp;
	long gen;
	long size;
	long seq;
	struct demo_space *space;
};

/* positive: the unlock after the barrier orders the bit itself; the call after it is a stub of one configuration */
void demo_cache_revalidate(struct demo_cache *c)
{
	spin_lock(&c->lock);
	set_bit(1, &c->busy);
	smp_wmb();
	spin_unlock(&c->lock);
	demo_unmap_range(c->space, 0, 0);
	c->stamp = 5;
	clear_bit(1, &c->busy);
}

/* negative: a stub that no configuration replaces stores nothing: the barrier is the flag's */
void demo_cache_grow(struct demo_cache *c, long size)
{
	c->size = size;
	smp_wmb();
	demo_nothing(c->space);
	c->seq = size;
}

long demo_cache_read(struct demo_cache *c)
{
	long s = c->seq;

	smp_rmb();
	return s + c->size;
}
