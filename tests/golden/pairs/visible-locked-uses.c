// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a store after the barrier whose every use holds the writer's lock. */

struct demo_evq {
	spinlock_t done_lock;
	int ev[32];
	unsigned int tail;
	unsigned int done;
	unsigned int posted;
	unsigned int missed;
};

/* called holding done_lock, by both of its callers */
static void demo_evq_settle(struct demo_evq *q, unsigned int n)
{
	if (q->done > n)
		q->done -= n;
}

/* done is loaded and stored only under done_lock: locked, no caveat */
static void demo_evq_post(struct demo_evq *q, int e)
{
	unsigned long flags;

	spin_lock_irqsave(&q->done_lock, flags);
	q->ev[q->tail % 32] = e;
	smp_wmb();
	WRITE_ONCE(q->tail, q->tail + 1);
	q->done++;
	demo_evq_settle(q, 4);
	spin_unlock_irqrestore(&q->done_lock, flags);
}

static void demo_evq_drain(struct demo_evq *q)
{
	spin_lock_irq(&q->done_lock);
	demo_evq_settle(q, q->done);
	spin_unlock_irq(&q->done_lock);
}

static int demo_evq_get(struct demo_evq *q, unsigned int head)
{
	if (head == READ_ONCE(q->tail))
		return -1;
	smp_rmb();
	return q->ev[head % 32];
}

/* posted is stored under done_lock, but one reader loads it without: a caveat */
static void demo_evq_post2(struct demo_evq *q, int e)
{
	spin_lock(&q->done_lock);
	q->ev[0] = e;
	smp_wmb();
	WRITE_ONCE(q->missed, 1);
	q->posted = 1;
	spin_unlock(&q->done_lock);
}

static int demo_evq_peek(struct demo_evq *q)
{
	if (!READ_ONCE(q->missed))
		return -1;
	smp_rmb();
	return q->ev[0];
}

static int demo_evq_last(struct demo_evq *q)
{
	return q->ev[READ_ONCE(q->posted) % 32];
}

/*
 * check-name: a store after the barrier under a lock that every load and store of its field holds (a static callee's callers included) is locked; one unlocked load that indexes keeps it shared
 * check-command: acqrel pairs $file
 * check-output-start
visible-locked-uses.c:27: protocol q->tail (demo_evq.tail): convert
  writer visible-locked-uses.c:27: smp_wmb() in demo_evq_post(); publish store at line 28
  reader visible-locked-uses.c:45: smp_rmb() in demo_evq_get(); subscribe load at line 43
  evidence: object, data
  adjacent: each barrier that goes orders q->tail and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    store q->done (line 29) after smp_wmb() in demo_evq_post(): locked: under q->done_lock, which every load and store of demo_evq.done in visible-locked-uses.c holds (4 accesses in 3 functions)
    store q->done (line 17 in demo_evq_settle(), called at line 30) after smp_wmb() in demo_evq_post(): locked: under q->done_lock, which every load and store of demo_evq.done in visible-locked-uses.c holds (4 accesses in 3 functions)

visible-locked-uses.c:54: protocol q->missed (demo_evq.missed): review
  writer visible-locked-uses.c:54: smp_wmb() in demo_evq_post2(); publish store at line 55
  reader visible-locked-uses.c:64: smp_rmb() in demo_evq_peek(); subscribe load at line 62
  evidence: object, data
  several-stores: smp_wmb() in demo_evq_post2() also orders the stores to q->posted (line 56), which other threads can see: with a release on q->missed instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store q->posted (line 56) after smp_wmb() in demo_evq_post2(): shared: no reader in the tree orders loads after loading q->posted (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
