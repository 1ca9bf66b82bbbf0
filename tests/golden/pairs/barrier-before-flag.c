// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: an smp_rmb() right before the load of a
 * flag that writers store right before an smp_wmb() (store-then-barrier).
 */

struct demo_queue;
void demo_queue_wake(struct demo_queue *q);
int demo_queue_stopped(struct demo_queue *q);

struct demo_port {
	struct demo_queue *q;
	int up;
	int data;
	int ready;
	int nread;
};

/* the port state before the queue state: nothing is stored after the barrier */
static void demo_port_open(struct demo_port *p)
{
	p->up = 1;
	smp_wmb();
	demo_queue_wake(p->q);
}

/* nobody publishes p->q: the barrier is for p->up, loaded right after it */
static void demo_port_poll(struct demo_port *p)
{
	struct demo_queue *q = p->q;
	int stopped = demo_queue_stopped(q);

	smp_rmb();
	if (stopped && READ_ONCE(p->up))
		demo_queue_wake(q);
}

/* p->data is stored before a barrier that publishes p->ready: data, not a flag */
static void demo_port_fill(struct demo_port *p, int v)
{
	p->data = v;
	smp_wmb();
	WRITE_ONCE(p->ready, 1);
}

static int demo_port_read(struct demo_port *p)
{
	int n = READ_ONCE(p->nread);

	smp_rmb();
	return READ_ONCE(p->data) + n;
}

/* nread changes at run time: its reader above is one without a writer */
static void demo_port_consume(struct demo_port *p, int n)
{
	WRITE_ONCE(p->nread, p->nread + n);
}

/* p->ready is read somewhere: a protocol with a reader acqrel does not see ordered */
static int demo_port_ready(struct demo_port *p)
{
	return READ_ONCE(p->ready);
}

/*
 * check-name: an smp_rmb() right before the load of a store-then-barrier flag, after a load nobody publishes, is the flag's (keep); data stored before a publishing smp_wmb() is not a flag
 * check-command: acqrel pairs $file
 * check-output-start
barrier-before-flag.c:33: protocol p->q (demo_port.q): keep
  reader barrier-before-flag.c:33: smp_rmb() in demo_port_poll(); subscribe load at line 30
  evidence: object
  barrier-before-load: the first load after smp_rmb() in demo_port_poll() is of p->up (line 34), which writers in the tree store right before an smp_wmb() that orders it ahead of the calls after it, and no writer publishes p->q: the barrier pairs with those, ordering what the calls publish (read before it) ahead of p->up, and no release or acquire of p->q replaces it
  ordering: 0 other accesses change ordering

barrier-before-flag.c:42: protocol p->ready (demo_port.ready): review
  writer barrier-before-flag.c:42: smp_wmb() in demo_port_fill(); publish store at line 43
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of p->ready; the writers alone would convert, but smp_wmb() in demo_port_fill() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

barrier-before-flag.c:50: protocol p->nread (demo_port.nread): review
  reader barrier-before-flag.c:50: smp_rmb() in demo_port_read(); subscribe load at line 48
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to p->nread
  ordering: 0 other accesses change ordering

barrier-before-flag.c:23:2: note: smp_wmb() unpaired (no-store-after): the accesses after smp_wmb() in demo_port_open() are loads (p->q), not a publish store
 * check-output-end
 */
