// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule NAMED, a reader's smp_rmb() further down than its load, whose comment names the variable. */

/*
 * check-name: rule NAMED: a writer with no reader next to a read barrier converts alone when a reader loads the variable and, further down, runs an smp_rmb() whose comment names it, or calls a function of its file that does; a comment that does not name it is no reader
 * check-command: acqrel pairs named-readers.c
 * check-output-start
named-readers.c:53: protocol st->last (demo_stats.last): keep
  writer named-readers.c:53: smp_store_release() in demo_record(); publish store at line 53
  reader named-readers.c:74: smp_rmb() in demo_show(); subscribe load at line 72
  reader named-readers.c:121: smp_rmb() in demo_other_show(); subscribe load at line 119
  evidence: object
  comment-names-other: the comment of smp_rmb() in demo_show() names reset_pending, which it loads before the barrier (st->reset_pending, line 66), and not st->last: the barrier subscribes to that load, and this one it orders in passing
  ordering: 0 other accesses change ordering

named-readers.c:60: protocol st->reset_pending (demo_stats.reset_pending): convert
  writer named-readers.c:60: smp_wmb() in demo_reset(); publish store at line 61
  evidence: object
  named-readers: no smp_rmb() follows a load of st->reset_pending right away, but readers load it and run smp_rmb() further down, whose comment names reset_pending (demo_show(), load at named-readers.c:66, smp_rmb() at line 74; demo_tick(), load at named-readers.c:100, smp_rmb() at line 94 in demo_apply_reset()): the barrier orders what they read after it after their load, with the release as with smp_wmb(), so the writer converts alone and the readers stay
  adjacent: each barrier that goes orders st->reset_pending and nothing another thread can see besides
  ordering: 0 other accesses change ordering

named-readers.c:94: protocol st->state_num (demo_stats.state_num): review
  reader named-readers.c:94: smp_rmb() in demo_apply_reset(); subscribe load at line 90
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to st->state_num
  ordering: 0 other accesses change ordering

named-readers.c:108: protocol st->other_flag (demo_stats.other_flag): review
  writer named-readers.c:108: smp_wmb() in demo_other_set(); publish store at line 109
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of st->other_flag; the writers alone would convert, but smp_wmb() in demo_other_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */

struct demo_stats {
	unsigned long long reset_time;
	unsigned long long total;
	unsigned int reset_pending;
	unsigned int state_num;
	unsigned int last;
	unsigned int other_time;
	unsigned int other_flag;
};

/* the state the readers walk: last is published on its own */
void demo_record(struct demo_stats *st, unsigned int last)
{
	st->total++;
	st->state_num = last + 1;
	smp_store_release(&st->last, last);
}

/* positive: the writer publishes reset_pending; its reader's rmb is in a loop, under tests */
void demo_reset(struct demo_stats *st, unsigned long long now)
{
	WRITE_ONCE(st->reset_time, now);
	smp_wmb();
	WRITE_ONCE(st->reset_pending, 1);
}

unsigned long long demo_show(struct demo_stats *st)
{
	bool pending = READ_ONCE(st->reset_pending);
	unsigned long long sum = 0, time;
	unsigned int i;

	for (i = 0; i < st->state_num; i++) {
		if (pending) {
			if (i == st->last) {
				/* order the reset_time read after the reset_pending read above */
				smp_rmb();
				time = READ_ONCE(st->reset_time);
			} else {
				time = 0;
			}
		} else {
			time = st->total;
		}
		sum += time;
	}
	return sum;
}

/* positive: a reader that calls a helper of its file whose rmb names the flag */
static void demo_apply_reset(struct demo_stats *st)
{
	unsigned int n = st->state_num;

	WRITE_ONCE(st->reset_pending, 0);
	/* the reset_time read after the reset_pending read of the caller */
	smp_rmb();
	st->total = READ_ONCE(st->reset_time) + n;
}

void demo_tick(struct demo_stats *st)
{
	if (READ_ONCE(st->reset_pending))
		demo_apply_reset(st);
}

/* negative: the reader's rmb further down has a comment that does not name other_flag */
void demo_other_set(struct demo_stats *st, unsigned int t)
{
	WRITE_ONCE(st->other_time, t);
	smp_wmb();
	WRITE_ONCE(st->other_flag, 1);
}

unsigned int demo_other_show(struct demo_stats *st)
{
	unsigned int flag = READ_ONCE(st->other_flag);
	unsigned int sum = 0;
	unsigned int i;

	for (i = 0; i < st->state_num; i++) {
		if (flag && i == st->last) {
			/* see the time */
			smp_rmb();
			sum += READ_ONCE(st->other_time);
		}
	}
	return sum;
}
