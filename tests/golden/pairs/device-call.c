// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a barrier whose window calls a function that reaches device memory. */

struct demo_ring {
	unsigned int desc[64];
	unsigned int prod;
	unsigned int cons;
	unsigned int seen;
	unsigned int done;
	void __iomem *db;
	void __iomem *status;
};

static void demo_ring_kick(struct demo_ring *r)
{
	writel_relaxed(r->prod, r->db);
}

static unsigned int demo_ring_hw_cons(struct demo_ring *r)
{
	return readl_relaxed(r->status);
}

static void demo_ring_kick_ordered(struct demo_ring *r)
{
	writel(r->prod, r->db);
}

/* the wmb orders the descriptor before the relaxed doorbell write in the callee: a device reads it */
static void demo_ring_post(struct demo_ring *r, unsigned int v)
{
	r->desc[r->prod % 64] = v;
	smp_wmb();
	WRITE_ONCE(r->prod, r->prod + 1);
	demo_ring_kick(r);
}

static unsigned int demo_ring_peek(struct demo_ring *r)
{
	unsigned int p = READ_ONCE(r->prod);

	smp_rmb();
	return r->desc[p % 64];
}

/* the rmb orders a relaxed read of the device's status, in the callee, before the data */
static unsigned int demo_ring_reap(struct demo_ring *r)
{
	unsigned int c = demo_ring_hw_cons(r);
	unsigned int d = READ_ONCE(r->done);

	smp_rmb();
	return c + r->desc[d % 64];
}

static void demo_ring_finish(struct demo_ring *r, unsigned int v)
{
	r->desc[0] = v;
	smp_wmb();
	WRITE_ONCE(r->done, 1);
}

/* writel() orders the CPU's earlier stores to memory before the device write itself */
static void demo_ring_post_ordered(struct demo_ring *r, unsigned int v)
{
	r->desc[1] = v;
	smp_wmb();
	WRITE_ONCE(r->seen, 1);
	demo_ring_kick_ordered(r);
}

/* the relaxed doorbell runs before the barrier, out of its window */
static void demo_ring_post_early(struct demo_ring *r, unsigned int v)
{
	demo_ring_kick(r);
	r->desc[2] = v;
	smp_wmb();
	WRITE_ONCE(r->cons, 1);
}

static unsigned int demo_ring_peek_seen(struct demo_ring *r)
{
	unsigned int s = READ_ONCE(r->seen);

	smp_rmb();
	return s ? r->desc[1] : 0;
}

static unsigned int demo_ring_peek_cons(struct demo_ring *r)
{
	unsigned int c = READ_ONCE(r->cons);

	smp_rmb();
	return c ? r->desc[2] : 0;
}

/*
 * check-name: a call after smp_wmb() (or before smp_rmb()) whose callee uses a relaxed MMIO accessor keeps the barrier as external; writel() and a call outside the window do not
 * check-command: acqrel pairs $file
 * check-output-start
device-call.c:33: protocol r->prod (demo_ring.prod): keep
  writer device-call.c:33: smp_wmb() in demo_ring_post(); publish store at line 34
  reader device-call.c:42: smp_rmb() in demo_ring_peek(); subscribe load at line 40
  evidence: object, data
  external: smp_wmb() in demo_ring_post() is followed by demo_ring_kick() (which calls writel_relaxed() at device-call.c:16), a write to device memory: it orders memory a device reads, which a release of r->prod does not
  ordering: 0 other accesses change ordering

device-call.c:59: protocol r->done (demo_ring.done): keep
  writer device-call.c:59: smp_wmb() in demo_ring_finish(); publish store at line 60
  reader device-call.c:52: smp_rmb() in demo_ring_reap(); subscribe load at line 50
  evidence: object
  external: smp_rmb() in demo_ring_reap() follows demo_ring_hw_cons() (which calls readl_relaxed() at device-call.c:21), a read of device memory: it orders what a device wrote, which an acquire of r->done does not
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load r->status (line 21 in demo_ring_hw_cons(), called at line 49) before smp_rmb() in demo_ring_reap(): before publication: demo_ring.status is stored nowhere in device-call.c, the file that defines its struct: it is set only where an object is initialised in its declaration

device-call.c:67: protocol r->seen (demo_ring.seen): convert
  writer device-call.c:67: smp_wmb() in demo_ring_post_ordered(); publish store at line 68
  reader device-call.c:85: smp_rmb() in demo_ring_peek_seen(); subscribe load at line 83
  evidence: object, data
  adjacent: each barrier that goes orders r->seen and nothing another thread can see besides
  ordering: 0 other accesses change ordering

device-call.c:77: protocol r->cons (demo_ring.cons): convert
  writer device-call.c:77: smp_wmb() in demo_ring_post_early(); publish store at line 78
  reader device-call.c:93: smp_rmb() in demo_ring_peek_cons(); subscribe load at line 91
  evidence: object, data
  adjacent: each barrier that goes orders r->cons and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
