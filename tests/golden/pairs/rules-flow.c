// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: control flow bounds what is before and after a barrier. */

struct demo_flow {
	int data;
	int flag;
	int mode;
	int seen;
};

/* the store after the if never follows the barrier that returns */
int demo_flow_set(struct demo_flow *s, int x)
{
	if (x) {
		s->data = x;
		smp_wmb();
		return 1;
	}
	WRITE_ONCE(s->flag, 1);
	return 0;
}

/* one case does not run after another */
static void demo_flow_mode(struct demo_flow *s, int m)
{
	switch (m) {
	case 1:
		s->data = 1;
		smp_wmb();
		break;
	case 2:
		WRITE_ONCE(s->mode, 2);
		break;
	}
}

/* the load in the branch that returns did not run before the barrier */
static int demo_flow_get(struct demo_flow *s, int peek)
{
	if (peek)
		return READ_ONCE(s->seen);
	smp_rmb();
	return s->data;
}

static int demo_flow_flag(struct demo_flow *s)
{
	if (!READ_ONCE(s->flag))
		return 0;
	smp_rmb();
	return s->data;
}

/*
 * check-name: returns, breaks and other cases bound the neighbours of a barrier
 * check-command: acqrel pairs $file
 * check-output-start
rules-flow.c:50: protocol s->flag (demo_flow.flag): review
  reader rules-flow.c:50: smp_rmb() in demo_flow_flag(); subscribe load at line 48
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to s->flag
  ordering: 0 other accesses change ordering

rules-flow.c:16:3: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_flow_set(); the publish store may be in its callers
rules-flow.c:29:3: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_flow_mode(); the publish store may be in its callers
rules-flow.c:42:2: note: smp_rmb() unpaired (no-access-before): no shared access precedes smp_rmb() in demo_flow_get() up to the previous barrier
 * check-output-end
 */
