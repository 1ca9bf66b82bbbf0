// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: plain readers, one under the writers' lock taken by its callers. */

struct demo_pool {
	void *slots[16];
	unsigned int nr;
};

static DEFINE_SPINLOCK(demo_pool_lock);

static inline unsigned int demo_pool_nr(struct demo_pool *p)
{
	unsigned int n = READ_ONCE(p->nr);

	smp_rmb();
	return n;
}

static void __demo_pool_add(struct demo_pool *p, void *v)
{
	p->slots[p->nr] = v;
	smp_wmb();
	p->nr++;
}

/* the plain reader: every caller holds demo_pool_lock, two levels up */
static int demo_pool_find(struct demo_pool *p, void *v)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (p->slots[i] == v)
			return i;
	return -1;
}

/* the same, but demo_pool_peek() calls it without demo_pool_lock */
static int demo_pool_lookup(struct demo_pool *p, void *v)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (p->slots[i] == v)
			return i;
	return -1;
}

static void __demo_pool_del(struct demo_pool *p, void *v)
{
	int i = demo_pool_find(p, v);

	if (i >= 0)
		p->slots[i] = NULL;
}

int demo_pool_add(struct demo_pool *p, void *v)
{
	spin_lock_bh(&demo_pool_lock);
	if (!v) {
		spin_unlock_bh(&demo_pool_lock);
		return -EINVAL;
	}
	__demo_pool_add(p, v);
	spin_unlock_bh(&demo_pool_lock);
	return 0;
}

void demo_pool_del(struct demo_pool *p, void *v)
{
	spin_lock_bh(&demo_pool_lock);
	__demo_pool_del(p, v);
	spin_unlock_bh(&demo_pool_lock);
}

int demo_pool_peek(struct demo_pool *p, void *v)
{
	return demo_pool_lookup(p, v);
}

int demo_pool_first(struct demo_pool *p)
{
	return demo_pool_nr(p) ? 0 : -1;
}

/*
 * check-name: missing-acquire: a reader whose every caller holds the writers' lock, and one whose caller does not
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
reader-locked.c:42:18: warning: missing-acquire: demo_pool_lookup() loads p->nr (line 42) with a plain load and then p->slots[i] (line 43) with no smp_rmb(), acquire or dependency between; protocol p->nr: writer smp_wmb() in __demo_pool_add() at reader-locked.c:22; reader smp_rmb() in demo_pool_nr() at reader-locked.c:15; evidence: smp_wmb() in __demo_pool_add() stores p->slots[i] before it and publishes p->nr after it; the protocol's other readers order the data with a barrier or an acquire; fix: load p->nr with smp_load_acquire(), or through the accessor its other readers use (severity high, confidence low)
 * check-output-end
 */
