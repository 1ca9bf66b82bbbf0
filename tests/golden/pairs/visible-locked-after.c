// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: stores after the barrier that a lock orders for every thread that loads them. */

struct demo_blk {
	struct mutex lock;
	struct demo_chain *head;
};

struct demo_chain {
	struct demo_blk *blk;
	struct demo_chain *next;
};

struct demo_act {
	spinlock_t lock;
	int val;
	unsigned int ptype;
	struct demo_chain *owner;
	struct demo_chain *spare;
	unsigned int kind;
};

/* takes the block's mutex itself: the store of head is under it */
static void demo_chain_put(struct demo_chain *c)
{
	mutex_lock(&c->blk->lock);
	c->blk->head = c->next;
	mutex_unlock(&c->blk->lock);
}

static struct demo_chain *demo_blk_first(struct demo_blk *b)
{
	struct demo_chain *c;

	mutex_lock(&b->lock);
	c = b->head;
	mutex_unlock(&b->lock);
	return c;
}

/*
 * owner is stored after the unlock of a->lock, held at the barrier, and
 * loaded only under it; head is stored under the block's mutex in the
 * callee, and loaded only under it: no caveat
 */
static void demo_act_set(struct demo_act *a, int v, struct demo_chain *c)
{
	spin_lock(&a->lock);
	a->val = v;
	smp_wmb();
	WRITE_ONCE(a->ptype, 1);
	spin_unlock(&a->lock);
	a->owner = c;
	demo_chain_put(c);
}

static struct demo_chain *demo_act_owner(struct demo_act *a)
{
	struct demo_chain *c;

	spin_lock(&a->lock);
	c = a->owner;
	spin_unlock(&a->lock);
	return c;
}

static int demo_act_run(struct demo_act *a)
{
	if (!READ_ONCE(a->ptype))
		return -1;
	smp_rmb();
	return a->val;
}

/* spare is stored after the unlock too, but one load of it holds no lock: a caveat */
static void demo_act_kind(struct demo_act *a, int v, struct demo_chain *c)
{
	spin_lock(&a->lock);
	a->val = v;
	smp_wmb();
	WRITE_ONCE(a->kind, 2);
	spin_unlock(&a->lock);
	a->spare = c;
}

static int demo_act_run_kind(struct demo_act *a)
{
	if (READ_ONCE(a->kind) != 2)
		return -1;
	smp_rmb();
	return a->val;
}

static struct demo_chain *demo_act_spare(struct demo_act *a)
{
	return READ_ONCE(a->spare);
}

static struct demo_chain *demo_act_spare_locked(struct demo_act *a)
{
	struct demo_chain *c;

	spin_lock(&a->lock);
	c = a->spare;
	spin_unlock(&a->lock);
	return c;
}

/*
 * check-name: a store after the barrier is locked when every other use of its field holds a lock held at the barrier (the store made after its unlock) or one the called function takes around it; one unlocked load keeps it shared
 * check-command: acqrel pairs $file
 * check-output-start
visible-locked-after.c:50: protocol a->ptype (demo_act.ptype): convert
  writer visible-locked-after.c:50: smp_wmb() in demo_act_set(); publish store at line 51
  reader visible-locked-after.c:71: smp_rmb() in demo_act_run(); subscribe load at line 69
  evidence: object, data
  adjacent: each barrier that goes orders a->ptype and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    store a->owner (line 53) after smp_wmb() in demo_act_set(): locked: after the unlock of a->lock, which every other load and store of demo_act.owner in visible-locked-after.c holds (1 access in 1 function)
    store c->blk->head (line 27 in demo_chain_put(), called at line 54) after smp_wmb() in demo_act_set(): locked: under c->blk->lock, which every load and store of demo_blk.head in visible-locked-after.c holds (2 accesses in 2 functions)

visible-locked-after.c:80: protocol a->kind (demo_act.kind): review
  writer visible-locked-after.c:80: smp_wmb() in demo_act_kind(); publish store at line 81
  reader visible-locked-after.c:90: smp_rmb() in demo_act_run_kind(); subscribe load at line 88
  evidence: object, data
  several-stores: smp_wmb() in demo_act_kind() also orders the stores to a->spare (line 83), which other threads can see: with a release on a->kind instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store a->spare (line 83) after smp_wmb() in demo_act_kind(): shared

 * check-output-end
 */
