// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: convertible protocols whose rewrite is left for the author. */

struct demo_slot {
	int val[4];
	int ready;
	int done;
	int seen;
};

/* the barrier shares its line with the store */
static void demo_slot_fill(struct demo_slot *s)
{
	s->val[0] = 1;
	smp_wmb(); WRITE_ONCE(s->ready, 1);
}

static int demo_slot_read(struct demo_slot *s)
{
	if (!READ_ONCE(s->ready))
		return 0;
	smp_rmb();
	return s->val[0];
}

/* the store spans two lines */
static void demo_slot_finish(struct demo_slot *s, int a, int b)
{
	s->val[1] = a;
	smp_wmb();
	WRITE_ONCE(s->done,
		   a + b);
}

static int demo_slot_done(struct demo_slot *s)
{
	int d = READ_ONCE(s->done);

	smp_rmb();
	return d ? s->val[1] : 0;
}

/* the barrier is in a callee: moving it into the caller is not rewritten yet */
static void demo_slot_prep(struct demo_slot *s)
{
	s->val[2] = 1;
	smp_wmb();
}

static void demo_slot_mark(struct demo_slot *s)
{
	demo_slot_prep(s);
	WRITE_ONCE(s->seen, 1);
}

static int demo_slot_seen(struct demo_slot *s)
{
	if (!READ_ONCE(s->seen))
		return 0;
	smp_rmb();
	return s->val[2];
}

/*
 * check-name: forms acqrel does not rewrite yet are left, each with a reason, and nothing else changes
 * check-command: acqrel patch --diff $file
 * check-output-start
 * check-output-end
 * check-error-start
rewrite-left.c:15: note: protocol s->ready left for the author: the barrier shares its line with other code
rewrite-left.c:30: note: protocol s->done left for the author: the store is not one statement on one line
rewrite-left.c:47: note: protocol s->seen left for the author: the barrier is one call level away; moving it into the callers is not rewritten yet
acqrel patch: 0 protocols rewritten, 3 left for the author
 * check-error-end
 */
