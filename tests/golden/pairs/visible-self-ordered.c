// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an access that is itself a fully ordered read-modify-write needs no barrier to order it. */

struct demo_req {
	int len;
	int reply;
	unsigned long state;
	int owner;
};

/* the bit is cleared by test_and_clear_bit(): fully ordered, so no caveat */
static void demo_complete(struct demo_req *r, int len)
{
	r->len = len;
	smp_wmb();
	r->reply = len;
	if (test_and_clear_bit(0, &r->state))
		r->owner = 0;
}

/* cmpxchg() orders nothing when it fails: still a caveat */
static void demo_finish(struct demo_req *r, int len)
{
	r->len = len;
	smp_wmb();
	r->reply = len;
	cmpxchg(&r->owner, 0, 1);
}

static int demo_read(struct demo_req *r)
{
	int reply;

	reply = r->reply;
	smp_rmb();
	return reply ? r->len : 0;
}

/*
 * check-name: a store after the barrier that is itself a fully ordered read-modify-write (test_and_clear_bit()) is ordered on its own; a cmpxchg() is not, as it orders nothing when it fails
 * check-command: acqrel pairs $file
 * check-output-start
visible-self-ordered.c:25: protocol r->reply (demo_req.reply): review
  writer visible-self-ordered.c:25: smp_wmb() in demo_finish(); publish store at line 26
  writer visible-self-ordered.c:15: smp_wmb() in demo_complete(); publish store at line 16
  reader visible-self-ordered.c:35: smp_rmb() in demo_read(); subscribe load at line 34
  evidence: object, data
  several-stores: smp_wmb() in demo_finish() also orders the stores to r->owner (line 27), which other threads can see: with a release on r->reply instead, they are no longer ordered after the data
  ordering: 3 other accesses change ordering; 1 can be seen by another thread
    store r->owner (line 27) after smp_wmb() in demo_finish(): shared
    store r->state (line 17) after smp_wmb() in demo_complete(): ordered: test_and_clear_bit() is itself a fully ordered read-modify-write: it orders the data before it as a full barrier would
    store r->owner (line 18) after smp_wmb() in demo_complete(): ordered: test_and_clear_bit() at line 17, a fully ordered read-modify-write, orders it as a full barrier would

 * check-output-end
 */
