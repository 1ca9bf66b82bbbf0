// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: loads before smp_rmb() that keep their
 * order without it. A load that is itself an acquire orders every later
 * load on its own; an element of a const array is set before anything
 * runs. An element of an array that a writer publishes stays a caveat.
 */

enum { DEMO_RESET, DEMO_RTR, DEMO_RTS, DEMO_ERR };

extern const int demo_state_ops[DEMO_ERR + 1];
extern int demo_state_seen[DEMO_ERR + 1];

struct demo_rwq {
	unsigned int head;
	unsigned int uhead;
	unsigned int state;
	int wqe[16];
};

static void demo_rwq_post(struct demo_rwq *q, int v)
{
	q->wqe[q->head & 15] = v;
	smp_wmb();
	WRITE_ONCE(q->head, q->head + 1);
}

static void demo_rwq_upost(struct demo_rwq *q, int v)
{
	q->wqe[q->uhead & 15] = v;
	smp_store_release(&q->uhead, q->uhead + 1);
}

/* the acquire of uhead and the const table need no barrier */
static int demo_rwq_get(struct demo_rwq *q, unsigned int tail)
{
	unsigned int uh = smp_load_acquire(&q->uhead);

	if (!demo_state_ops[q->state])
		return -1;
	if (READ_ONCE(q->head) == tail || uh == tail)
		return -1;
	smp_rmb();
	return q->wqe[tail & 15];
}

static void demo_rwq_mark(int s, int v)
{
	q_prepare();
	smp_wmb();
	demo_state_seen[s] = v;
}

/* demo_state_seen[] is published by demo_rwq_mark(): its element stays a caveat */
static int demo_rwq_peek(struct demo_rwq *q, unsigned int tail)
{
	if (!demo_state_seen[q->state])
		return -1;
	if (READ_ONCE(q->head) == tail)
		return -1;
	smp_rmb();
	return q->wqe[tail & 15];
}

/*
 * check-name: a load before smp_rmb() that is itself an acquire is ordered on its own, and an element of a const global array is constant; an element of a plain global array stays a caveat
 * check-command: acqrel pairs $file
 * check-output-start
visible-acquire-const.c:24: protocol q->head (demo_rwq.head): review
  writer visible-acquire-const.c:24: smp_wmb() in demo_rwq_post(); publish store at line 25
  reader visible-acquire-const.c:43: smp_rmb() in demo_rwq_get(); subscribe load at line 41
  reader visible-acquire-const.c:61: smp_rmb() in demo_rwq_peek(); subscribe load at line 59
  evidence: object, data
  loses-ordering: the loads of demo_state_seen[q->state] (line 57) before smp_rmb() in demo_rwq_peek() can see other threads' stores: with an acquire on q->head instead, they are no longer ordered before the loads after it
  ordering: 3 other accesses change ordering; 1 can be seen by another thread
    load demo_state_ops[q->state] (line 39) before smp_rmb() in demo_rwq_get(): before publication: declared const (extern const int demo_state_ops[DEMO_ERR + 1])
    load q->uhead (line 37) before smp_rmb() in demo_rwq_get(): ordered: smp_load_acquire() is itself an acquire: it orders the loads after it, the data's too, on its own
    load demo_state_seen[q->state] (line 57) before smp_rmb() in demo_rwq_peek(): shared

visible-acquire-const.c:31: protocol q->uhead (demo_rwq.uhead): converted
  writer visible-acquire-const.c:31: smp_store_release() in demo_rwq_upost(); publish store at line 31
  reader visible-acquire-const.c:37: smp_load_acquire() in demo_rwq_get(); subscribe load at line 37
  evidence: object
  release-acquire: q->uhead is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

visible-acquire-const.c:50:2: note: smp_wmb() unpaired (no-key): the stores after smp_wmb() in demo_rwq_mark() (demo_state_seen[s]) are no field or global acqrel can follow
 * check-output-end
 */
