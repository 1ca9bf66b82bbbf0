// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule G, a fully ordered read-modify-write
 * that runs on every path of a called function is a full fence there (rule
 * R): what the writer does after it stays ordered after the data. Not a
 * cmpxchg(), which orders only when it succeeds, nor a non-atomic
 * __test_and_clear_bit(), nor a this_cpu_ operation.
 */

struct demo_req {
	unsigned long state;
	unsigned long bytes;
	int len;
};

extern void demo_wake(struct demo_req *r);
extern void demo_tree_remove(struct demo_req *r);

/* test_and_clear_bit() in the condition runs on every path: a full fence */
static void demo_dequeue(struct demo_req *r)
{
	if (test_and_clear_bit(1, &r->state))
		demo_tree_remove(r);
}

static void demo_complete(struct demo_req *r, int len)
{
	r->len = len;
	smp_wmb();
	r->bytes = len;
	demo_dequeue(r);
	demo_wake(r);
}

static int demo_decode(struct demo_req *r)
{
	if (!r->bytes)
		return -1;
	smp_rmb();
	return r->len;
}

struct demo_cmd {
	unsigned long state;
	unsigned long bytes;
	int len;
};

extern void demo_cmd_wake(struct demo_cmd *c);
extern void demo_cmd_remove(struct demo_cmd *c);

/* a cmpxchg() that fails orders nothing */
static void demo_cmd_dequeue(struct demo_cmd *c)
{
	if (cmpxchg(&c->state, 1, 0) == 1)
		demo_cmd_remove(c);
}

static void demo_cmd_complete(struct demo_cmd *c, int len)
{
	c->len = len;
	smp_wmb();
	c->bytes = len;
	demo_cmd_dequeue(c);
	demo_cmd_wake(c);
}

static int demo_cmd_decode(struct demo_cmd *c)
{
	if (!c->bytes)
		return -1;
	smp_rmb();
	return c->len;
}

struct demo_job {
	unsigned long state;
	unsigned long bytes;
	int len;
};

extern void demo_job_wake(struct demo_job *j);

/* __test_and_clear_bit() is not atomic: no fence */
static void demo_job_dequeue(struct demo_job *j)
{
	__test_and_clear_bit(1, &j->state);
}

static void demo_job_complete(struct demo_job *j, int len)
{
	j->len = len;
	smp_wmb();
	j->bytes = len;
	demo_job_dequeue(j);
	demo_job_wake(j);
}

static int demo_job_decode(struct demo_job *j)
{
	if (!j->bytes)
		return -1;
	smp_rmb();
	return j->len;
}

struct demo_slot {
	unsigned long pending;
	unsigned long seq;
	unsigned long ready;
	int val;
};

extern void demo_slot_kick(struct demo_slot *s);

static void demo_slot_fill(struct demo_slot *s, int v)
{
	s->val = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

/* seq is published too: its load is one another thread can see */
static void demo_slot_advance(struct demo_slot *s)
{
	smp_store_release(&s->seq, s->seq + 1);
}

/* old = xchg(...) is a statement of its own: the loads before it stay ordered */
static unsigned long demo_slot_claim(struct demo_slot *s)
{
	unsigned long seq = READ_ONCE(s->seq);
	unsigned long old = 0;

	old = xchg(&s->pending, 0);
	return seq + old;
}

static int demo_slot_take(struct demo_slot *s)
{
	demo_slot_claim(s);
	if (!READ_ONCE(s->ready))
		return -1;
	smp_rmb();
	return s->val;
}

/*
 * check-name: rule G: a fully ordered read-modify-write on every path of a callee (in an if's condition, or a statement "x = xchg()") is a full fence, as rule R's; not a cmpxchg(), nor the non-atomic __test_and_clear_bit()
 * check-command: acqrel pairs $file
 * check-output-start
rmw-fence.c:29: protocol r->bytes (demo_req.bytes): convert
  writer rmw-fence.c:29: smp_wmb() in demo_complete(); publish store at line 30
  reader rmw-fence.c:39: smp_rmb() in demo_decode(); subscribe load at line 37
  evidence: object, data
  adjacent: each barrier that goes orders r->bytes and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rmw-fence.c:62: protocol c->bytes (demo_cmd.bytes): review
  writer rmw-fence.c:62: smp_wmb() in demo_cmd_complete(); publish store at line 63
  reader rmw-fence.c:72: smp_rmb() in demo_cmd_decode(); subscribe load at line 70
  evidence: object, data
  several-stores: smp_wmb() in demo_cmd_complete() also orders the stores to c->state (line 55), which other threads can see: with a release on c->bytes instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_cmd_complete() also orders the stores made by demo_cmd_dequeue() (which calls demo_cmd_remove()), demo_cmd_wake(), whose bodies acqrel does not follow: with a release on c->bytes instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store c->state (line 55 in demo_cmd_dequeue(), called at line 64) after smp_wmb() in demo_cmd_complete(): shared: no reader in the tree orders loads after loading c->state (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

rmw-fence.c:93: protocol j->bytes (demo_job.bytes): review
  writer rmw-fence.c:93: smp_wmb() in demo_job_complete(); publish store at line 94
  reader rmw-fence.c:103: smp_rmb() in demo_job_decode(); subscribe load at line 101
  evidence: object, data
  call-between: smp_wmb() in demo_job_complete() also orders the stores made by demo_job_dequeue() (which calls __test_and_clear_bit()), demo_job_wake(), whose bodies acqrel does not follow: with a release on j->bytes instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

rmw-fence.c:119: protocol s->ready (demo_slot.ready): convert
  writer rmw-fence.c:119: smp_wmb() in demo_slot_fill(); publish store at line 120
  reader rmw-fence.c:144: smp_rmb() in demo_slot_take(); subscribe load at line 142
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rmw-fence.c:126: protocol s->seq (demo_slot.seq): converted
  writer rmw-fence.c:126: smp_store_release() in demo_slot_advance(); publish store at line 126
  evidence: object
  release-acquire: s->seq is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

 * check-output-end
 */
