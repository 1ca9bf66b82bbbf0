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
	unsigned int phead;
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

static void demo_rwq_ppost(struct demo_rwq *q, int v)
{
	q->wqe[q->phead & 15] = v;
	smp_wmb();
	WRITE_ONCE(q->phead, q->phead + 1);
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

/*
 * demo_state_seen[] is published by demo_rwq_mark(): its element stays a
 * caveat (the writer converts alone, and this reader keeps its smp_rmb())
 */
static int demo_rwq_peek(struct demo_rwq *q, unsigned int tail)
{
	if (!demo_state_seen[q->state])
		return -1;
	if (READ_ONCE(q->phead) == tail)
		return -1;
	smp_rmb();
	return q->wqe[tail & 15];
}

/*
 * check-name: a load before smp_rmb() that is itself an acquire is ordered on its own, and an element of a const global array is constant; an element of a plain global array stays a caveat
 * check-command: acqrel pairs $file
 * check-output-start
visible-acquire-const.c:25: protocol q->head (demo_rwq.head): convert
  writer visible-acquire-const.c:25: smp_wmb() in demo_rwq_post(); publish store at line 26
  reader visible-acquire-const.c:51: smp_rmb() in demo_rwq_get(); subscribe load at line 49
  evidence: object, data
  adjacent: each barrier that goes orders q->head and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    load demo_state_ops[q->state] (line 47) before smp_rmb() in demo_rwq_get(): before publication: declared const (extern const int demo_state_ops[DEMO_ERR + 1])
    load q->uhead (line 45) before smp_rmb() in demo_rwq_get(): ordered: smp_load_acquire() is itself an acquire: it orders the loads after it, the data's too, on its own

visible-acquire-const.c:32: protocol q->phead (demo_rwq.phead): convert
  writer visible-acquire-const.c:32: smp_wmb() in demo_rwq_ppost(); publish store at line 33
  reader visible-acquire-const.c:72: smp_rmb() in demo_rwq_peek(); subscribe load at line 70
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of demo_state_seen[q->state] (line 68) before smp_rmb() in demo_rwq_peek() can see other threads' stores: with an acquire on q->phead instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders q->phead and nothing another thread can see besides
  ordering: 0 other accesses change ordering

visible-acquire-const.c:39: protocol q->uhead (demo_rwq.uhead): converted
  writer visible-acquire-const.c:39: smp_store_release() in demo_rwq_upost(); publish store at line 39
  reader visible-acquire-const.c:45: smp_load_acquire() in demo_rwq_get(); subscribe load at line 45
  evidence: object
  release-acquire: q->uhead is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

visible-acquire-const.c:58:2: note: smp_wmb() unpaired (no-key): the stores after smp_wmb() in demo_rwq_mark() (demo_state_seen[s]) are no field or global acqrel can follow
 * check-output-end
 */
