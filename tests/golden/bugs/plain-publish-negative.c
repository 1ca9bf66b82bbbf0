// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: pointers RCU readers follow, published as RCU wants. */

struct demo_cfg {
	int level;
};

struct demo_srv {
	struct demo_cfg __rcu *cfg;
	int gen;
	spinlock_t lock;
};

static void demo_srv_update(struct demo_srv *s, struct demo_cfg *c)
{
	c->level = 1;
	rcu_assign_pointer(s->cfg, c);
}

/* the older idiom: smp_wmb() before the store orders the object's contents */
static void demo_srv_update_wmb(struct demo_srv *s, struct demo_cfg *c)
{
	c->level = 2;
	smp_wmb();
	s->cfg = c;
}

static void demo_srv_clear(struct demo_srv *s)
{
	s->cfg = NULL;
}

/* the container is new: nobody can read it yet */
static struct demo_srv *demo_srv_new(struct demo_cfg *c)
{
	struct demo_srv *s = kzalloc(sizeof(*s), GFP_KERNEL);

	c->level = 3;
	s->cfg = c;
	return s;
}

/* nothing stored through the pointer first: no contents to order */
static void demo_srv_swap(struct demo_srv *s, struct demo_cfg *c)
{
	s->cfg = c;
}

static int demo_srv_level(struct demo_srv *s)
{
	struct demo_cfg *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(s->cfg);
	v = c ? c->level : 0;
	rcu_read_unlock();
	return v;
}

/* only the update side reads it, under its lock */
struct demo_pool {
	struct demo_cfg __rcu *cur;
	spinlock_t lock;
};

static void demo_pool_set(struct demo_pool *p, struct demo_cfg *c)
{
	spin_lock(&p->lock);
	c->level = 4;
	p->cur = c;
	spin_unlock(&p->lock);
}

static int demo_pool_level(struct demo_pool *p)
{
	struct demo_cfg *c = rcu_dereference_protected(p->cur, lockdep_is_held(&p->lock));

	return c->level;
}

/*
 * check-name: plain-publish: rcu_assign_pointer(), smp_wmb() first, NULL, a new container, no contents, update side only
 * check-command: acqrel bugs $file
 * check-output-start
 * check-output-end
 */
