// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule S, an smp_rmb() that a seqcount retry check follows. */

struct demo_walk {
	unsigned int flags;
	unsigned int mode;
	unsigned int seq;
	int depth;
};

extern seqcount_t demo_lock_seq;
extern int demo_step(struct demo_walk *w);
extern int demo_finish(struct demo_walk *w);

/* positive: the barrier is the read side of demo_lock_seq, not w->flags' */
int demo_walk_up(struct demo_walk *w)
{
	if (w->flags & 1) {
		smp_rmb();
		if (__read_seqcount_retry(&demo_lock_seq, w->seq))
			return -1;
	}
	return w->depth;
}

/* negative: another call after the barrier leaves the protocol as it was */
int demo_walk_down(struct demo_walk *w)
{
	if (w->mode & 2) {
		smp_rmb();
		if (demo_step(w))
			return -1;
	}
	return demo_finish(w);
}

/* mode changes at run time: its reader above is one without a writer */
void demo_walk_set_mode(struct demo_walk *w, int mode)
{
	w->mode = mode;
}

/*
 * check-name: rule S: an smp_rmb() followed by __read_seqcount_retry() is a seqcount read side (keep, seqcount); one followed by another call is not
 * check-command: acqrel pairs $file
 * check-output-start
seqcount-retry.c:19: protocol w->flags (demo_walk.flags): keep
  reader seqcount-retry.c:19: smp_rmb() in demo_walk_up(); subscribe load at line 18
  evidence: object
  seqcount: smp_rmb() in demo_walk_up() is followed by __read_seqcount_retry() (line 20): the read side of a seqcount, which orders the loads before it ahead of the sequence's second load; an acquire on w->flags does not replace it
  ordering: 0 other accesses change ordering

seqcount-retry.c:30: protocol w->mode (demo_walk.mode): review
  reader seqcount-retry.c:30: smp_rmb() in demo_walk_down(); subscribe load at line 29
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to w->mode
  ordering: 0 other accesses change ordering

 * check-output-end
 */
