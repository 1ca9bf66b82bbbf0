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
 * After the publish store: an unlock, a grace period and a wakeup, none of
 * which needed the smp_wmb().
 */
static void demo_chan_put(struct demo_chan *c, int v)
{
	unsigned long flags;

	spin_lock_irqsave(&c->lock, flags);
	c->slots[c->prod % 8] = v;
	smp_wmb();
	c->prod++;
	spin_unlock_irqrestore(&c->lock, flags);
	call_rcu(&c->rcu, demo_chan_free);
	wake_up(&c->wq);
}

/*
 * Statistics and a hint after the publish store that no function reads
 * (rule H0): no reader can subscribe to them or index by them, no caveat.
 */
struct demo_ctr {
	int slots[8];
	unsigned int prod;
	unsigned int hint_cpu;
	struct demo_stats stats;
};

static void demo_ctr_put(struct demo_ctr *c, int v, int cpu, int ok)
{
	c->slots[c->prod % 8] = v;
	smp_wmb();
	c->prod++;
	if (ok)
		c->stats.done++;
	else
		c->stats.failed++;
	c->hint_cpu = cpu;
}

static int demo_ctr_get(struct demo_ctr *c, unsigned int cons)
{
	unsigned int prod = READ_ONCE(c->prod);

	smp_rmb();
	return prod == cons ? -1 : c->slots[cons % 8];
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

int demo_queue_note(unsigned long queued);

/* a reader of queued that passes it on: it may index data with it */
static int demo_queue_count(struct demo_queue *q)
{
	return demo_queue_note(READ_ONCE(q->queued));
}

/* a counter between the barrier and the publish store, so read: stays a caveat */
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
 * check-name: rule H: an unlock, call_rcu() and a wakeup after the publish store are no caveats, nor counters and a hint after it that no function reads (rule H0); a counter before it that a reader passes on, a pointer and an unknown call after it stay
 * check-command: acqrel pairs $file
 * check-output-start
rules-after-publish.c:30: protocol c->prod (demo_chan.prod): convert
  writer rules-after-publish.c:30: smp_wmb() in demo_chan_put(); publish store at line 31
  reader rules-after-publish.c:72: smp_rmb() in demo_chan_get(); subscribe load at line 70
  evidence: object, data
  adjacent: each barrier that goes orders c->prod and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-after-publish.c:51: protocol c->prod (demo_ctr.prod): convert
  writer rules-after-publish.c:51: smp_wmb() in demo_ctr_put(); publish store at line 52
  reader rules-after-publish.c:64: smp_rmb() in demo_ctr_get(); subscribe load at line 62
  evidence: object, data
  adjacent: each barrier that goes orders c->prod and nothing another thread can see besides
  ordering: 3 other accesses change ordering; 0 can be seen by another thread
    store c->stats.done (line 54) after smp_wmb() in demo_ctr_put(): unsubscribed: no reader in the tree orders loads after loading c->stats.done, and no function in the files that see the struct (rules-after-publish.c) loads it by name, takes its address or names it in a macro: readers reach no data through it
    store c->stats.failed (line 56) after smp_wmb() in demo_ctr_put(): unsubscribed: no reader in the tree orders loads after loading c->stats.failed, and no function in the files that see the struct (rules-after-publish.c) loads it by name, takes its address or names it in a macro: readers reach no data through it
    store c->hint_cpu (line 57) after smp_wmb() in demo_ctr_put(): unsubscribed: no reader in the tree orders loads after loading c->hint_cpu, and no function in the files that see the struct (rules-after-publish.c) loads it by name, takes its address or names it in a macro: readers reach no data through it

rules-after-publish.c:98: protocol q->tail (demo_queue.tail): review
  writer rules-after-publish.c:98: smp_wmb() in demo_queue_put(); publish store at line 100
  reader rules-after-publish.c:107: smp_rmb() in demo_queue_get(); subscribe load at line 105
  evidence: object, data
  several-stores: smp_wmb() in demo_queue_put() also orders the stores to q->queued (line 99), which other threads can see: with a release on q->tail instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store q->queued (line 99) after smp_wmb() in demo_queue_put(): shared: no reader in the tree orders loads after loading q->queued (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rules-after-publish.c:124: protocol l->nr (demo_list.nr): review
  writer rules-after-publish.c:124: smp_wmb() in demo_list_put(); publish store at line 125
  reader rules-after-publish.c:134: smp_rmb() in demo_list_get(); subscribe load at line 132
  evidence: object, data
  several-stores: smp_wmb() in demo_list_put() also orders the stores to l->next (line 126), which other threads can see: with a release on l->nr instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_list_put() also orders the stores made by demo_list_notify(), whose bodies acqrel does not follow: with a release on l->nr instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store l->next (line 126) after smp_wmb() in demo_list_put(): shared

 * check-output-end
 */
