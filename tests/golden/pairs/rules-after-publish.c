// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule H, what a writer does after its publish store. */

struct demo_stats {
	unsigned long done;
	unsigned long failed;
};

struct demo_chan {
	int slots[8];
	unsigned int prod;
	unsigned int hint_cpu;
	struct demo_stats stats;
	void *owner;
	int lock;
	int wq;
	int rcu;
};

/*
 * After the publish store: statistics behind an unlock, a hint, a grace
 * period and a wakeup; nobody orders loads after the counters or the hint.
 */
static void demo_chan_put(struct demo_chan *c, int v, int cpu, int ok)
{
	unsigned long flags;

	spin_lock_irqsave(&c->lock, flags);
	c->slots[c->prod % 8] = v;
	smp_wmb();
	c->prod++;
	spin_unlock_irqrestore(&c->lock, flags);
	if (ok)
		c->stats.done++;
	else
		c->stats.failed++;
	c->hint_cpu = cpu;
	call_rcu(&c->rcu, demo_chan_free);
	wake_up(&c->wq);
}

static int demo_chan_get(struct demo_chan *c, unsigned int cons)
{
	unsigned int prod = c->prod;

	smp_rmb();
	if (prod == cons)
		return -1;
	return c->slots[cons % 8];
}

struct demo_queue {
	int slots[8];
	unsigned int tail;
	unsigned long queued;
	struct demo_queue *next;
	int wq;
};

/* a counter between the barrier and the publish store stays a caveat */
static void demo_queue_put(struct demo_queue *q, int v)
{
	q->slots[q->tail % 8] = v;
	smp_wmb();
	q->queued++;
	WRITE_ONCE(q->tail, q->tail + 1);
}

static int demo_queue_get(struct demo_queue *q, unsigned int head)
{
	if (READ_ONCE(q->tail) == head)
		return -1;
	smp_rmb();
	return q->slots[head % 8];
}

struct demo_list {
	int slots[8];
	unsigned int nr;
	struct demo_list *next;
};

/*
 * After the publish store, a pointer (a reader may follow it by an address
 * dependency) and a call acqrel cannot follow stay caveats.
 */
static void demo_list_put(struct demo_list *l, struct demo_list *n, int v)
{
	l->slots[l->nr % 8] = v;
	smp_wmb();
	WRITE_ONCE(l->nr, l->nr + 1);
	l->next = n;
	demo_list_notify(l);
}

static int demo_list_get(struct demo_list *l, unsigned int seen)
{
	if (READ_ONCE(l->nr) == seen)
		return -1;
	smp_rmb();
	return l->slots[seen % 8];
}

/*
 * check-name: rule H: counters behind an unlock, a hint and call_rcu() after the publish store are no caveats; a counter before it, a pointer and an unknown call after it stay
 * check-command: acqrel pairs $file
 * check-output-start
rules-after-publish.c:30: protocol c->prod (demo_chan.prod): convert
  writer rules-after-publish.c:30: smp_wmb() in demo_chan_put(); publish store at line 31
  reader rules-after-publish.c:46: smp_rmb() in demo_chan_get(); subscribe load at line 44
  evidence: object, data
  adjacent: each barrier that goes orders c->prod and nothing another thread can see besides
  ordering: 3 other accesses change ordering; 0 can be seen by another thread
    store c->stats.done (line 34) after smp_wmb() in demo_chan_put(): unsubscribed: stored after the publish store c->prod (line 31), and no reader in the tree orders loads after loading c->stats.done: no thread reads it and then the data in order
    store c->stats.failed (line 36) after smp_wmb() in demo_chan_put(): unsubscribed: stored after the publish store c->prod (line 31), and no reader in the tree orders loads after loading c->stats.failed: no thread reads it and then the data in order
    store c->hint_cpu (line 37) after smp_wmb() in demo_chan_put(): unsubscribed: stored after the publish store c->prod (line 31), and no reader in the tree orders loads after loading c->hint_cpu: no thread reads it and then the data in order

rules-after-publish.c:64: protocol q->tail (demo_queue.tail): review
  writer rules-after-publish.c:64: smp_wmb() in demo_queue_put(); publish store at line 66
  reader rules-after-publish.c:73: smp_rmb() in demo_queue_get(); subscribe load at line 71
  evidence: object, data
  several-stores: smp_wmb() in demo_queue_put() also orders the stores to q->queued (line 65), which other threads can see: with a release on q->tail instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store q->queued (line 65) after smp_wmb() in demo_queue_put(): shared: no reader in the tree orders loads after loading q->queued (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-after-publish.c:90: protocol l->nr (demo_list.nr): review
  writer rules-after-publish.c:90: smp_wmb() in demo_list_put(); publish store at line 91
  reader rules-after-publish.c:100: smp_rmb() in demo_list_get(); subscribe load at line 98
  evidence: object, data
  several-stores: smp_wmb() in demo_list_put() also orders the stores to l->next (line 92), which other threads can see: with a release on l->nr instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_list_put() also orders the stores made by demo_list_notify(), whose bodies acqrel does not follow: with a release on l->nr instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store l->next (line 92) after smp_wmb() in demo_list_put(): shared

 * check-output-end
 */
