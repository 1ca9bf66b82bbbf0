// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: convertible protocols whose rewrite is left for the author. */

struct demo_slot {
	int val[4];
	int ready;
	int done;
	int seen;
	int opened;
	int closed;
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

/* the store spans two lines with a comment inside */
static void demo_slot_finish(struct demo_slot *s, int a, int b)
{
	s->val[1] = a;
	smp_wmb();
	WRITE_ONCE(s->done,	/* the sum */
		   a + b);
}

static int demo_slot_done(struct demo_slot *s)
{
	int d = READ_ONCE(s->done);

	smp_rmb();
	return d ? s->val[1] : 0;
}

/* two stores in one statement */
static void demo_slot_mark(struct demo_slot *s)
{
	s->val[2] = 1;
	smp_wmb();
	s->seen = 1, s->val[3] = 0;
}

static int demo_slot_seen(struct demo_slot *s)
{
	if (!READ_ONCE(s->seen))
		return 0;
	smp_rmb();
	return s->val[2];
}

/* the load is a macro's argument: per_cpu() and the like take it by name */
struct demo_stat {
	int count;
	int total;
};
static struct demo_stat demo_stat;

/* a helper acqrel can follow, which loads nothing of its own */
static inline int demo_pick(int v, int cpu)
{
	return v + cpu;
}

static void demo_stat_set(int n)
{
	demo_stat.total = n;
	smp_wmb();
	demo_stat.count = n;
}

static int demo_stat_get(int cpu)
{
	int n = demo_pick(demo_stat.count, cpu);

	smp_rmb();
	return n + demo_stat.total;
}

/* the barrier is the body of an else without braces */
static void demo_slot_open(struct demo_slot *s)
{
	s->val[0] = 5;
	smp_wmb();
	WRITE_ONCE(s->opened, 1);
}

static int demo_slot_opened(struct demo_slot *s, int fast)
{
	int o = READ_ONCE(s->opened);

	if (fast)
		o = 0;
	else
		smp_rmb();
	return o ? s->val[0] : 0;
}

/* the barrier is the body of an if whose condition runs over two lines */
static void demo_slot_close(struct demo_slot *s)
{
	s->val[1] = 6;
	smp_wmb();
	WRITE_ONCE(s->closed, 1);
}

static int demo_slot_closed(struct demo_slot *s, int fast)
{
	int c = READ_ONCE(s->closed);

	if (c &&
	    !fast)
		smp_rmb();
	return c ? s->val[1] : 0;
}

/*
 * check-name: forms acqrel does not rewrite are left, each with a reason, and nothing else changes
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
 * check-output-end
 * check-error-start
rewrite-left.c:17: note: protocol s->ready left for the author: the barrier shares its line with other code
rewrite-left.c:32: note: protocol s->done left for the author: the store spans several lines with a comment inside
rewrite-left.c:49: note: protocol s->seen left for the author: the store is not of a form acqrel rewrites (X = v; X++; X op= v; WRITE_ONCE(X, v);)
rewrite-left.c:85: note: protocol demo_stat.count left for the author: the load is an argument of a call or macro, which may take it by name
rewrite-left.c:104: note: protocol s->opened left for the author: the barrier is the body of an if, else or loop without braces, or the statement a label needs
rewrite-left.c:122: note: protocol s->closed left for the author: the barrier is the body of an if, else or loop without braces, or the statement a label needs
acqrel patch: 0 protocols rewritten in 0 patches, 6 left for the author
 * check-error-end
 */
