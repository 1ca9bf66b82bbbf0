// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: publish stores inside functions called after smp_wmb(). */

struct demo_req {
	int data[4];
	int done;
	int status;
	int count;
};

static void demo_req_mark_done(struct demo_req *r)
{
	WRITE_ONCE(r->done, 1);
}

/* the only store after the barrier is in a helper: it is the publish store */
static void demo_req_complete(struct demo_req *r, int v)
{
	r->data[0] = v;
	smp_wmb();
	demo_req_mark_done(r);
}

static int demo_req_result(struct demo_req *r)
{
	if (!READ_ONCE(r->done))
		return -1;
	smp_rmb();
	return r->data[0];
}

static void demo_req_set_status(struct demo_req *r, int s)
{
	WRITE_ONCE(r->status, s);
}

/* a second publish variable, stored in a called function: both become releases */
static void demo_req_finish(struct demo_req *r, int v)
{
	r->data[1] = v;
	smp_wmb();
	WRITE_ONCE(r->count, 1);
	demo_req_set_status(r, 1);
}

static int demo_req_count(struct demo_req *r)
{
	int n = READ_ONCE(r->count);

	smp_rmb();
	return n ? r->data[1] : 0;
}

static int demo_req_status(struct demo_req *r)
{
	int s = READ_ONCE(r->status);

	smp_rmb();
	return s ? r->data[1] : 0;
}

/*
 * check-name: a publish store in a function called after smp_wmb() is found there; a second one makes a group
 * check-command: acqrel pairs $file
 * check-output-start
callee-store.c:20: protocol r->done (demo_req.done): convert
  writer callee-store.c:20: smp_wmb() in demo_req_complete(); publish store in demo_req_mark_done() at line 13, called at line 21
  reader callee-store.c:28: smp_rmb() in demo_req_result(); subscribe load at line 26
  evidence: object, call, data
  adjacent: each barrier that goes orders r->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

callee-store.c:41: protocol r->count (demo_req.count): convert
  writer callee-store.c:41: smp_wmb() in demo_req_finish(); publish store at line 42
  reader callee-store.c:50: smp_rmb() in demo_req_count(); subscribe load at line 48
  evidence: object, data
  adjacent: each barrier that goes orders r->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

callee-store.c:41: protocol r->status (demo_req.status): convert
  writer callee-store.c:41: smp_wmb() in demo_req_finish(); publish store in demo_req_set_status() at line 34, called at line 43
  reader callee-store.c:58: smp_rmb() in demo_req_status(); subscribe load at line 56
  evidence: object, call, data
  adjacent: each barrier that goes orders r->status and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
