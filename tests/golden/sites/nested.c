// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: barriers inside nested blocks. */

struct demo_stat {
	int ready;
	int val[4];
	int nr;
	int gen;
};

static int demo_sum(struct demo_stat *st, int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		if (READ_ONCE(st[i].ready)) {
			smp_rmb();
			sum += st[i].val[0];
		} else {
			smp_mb();
			sum -= st[i].nr;
		}
	}
	return sum;
}

static void demo_fill(struct demo_stat *st)
{
	if (st->nr) {
		st->val[0] = 1;
		if (st->gen) {
			st->val[1] = 2;
		}
	}
	smp_wmb();
	while (st->gen > 0) {
		WRITE_ONCE(st->ready, 1);
		st->gen--;
	}
}

static int demo_wait(struct demo_stat *st)
{
	do {
		if (!READ_ONCE(st->ready))
			continue;
	} while (0);
	{
		{
			smp_rmb();
		}
	}
	return st->val[3];
}

/*
 * check-name: before and after climb out of blocks, skip the other branch
 * check-command: acqrel sites $file
 * check-output-start
nested.c:17:4: note: smp_rmb() in function demo_sum(); before: read st[i].ready (marked, line 16); after: read st[i].val[0] (line 18)
nested.c:20:4: note: smp_mb() in function demo_sum(); before: read st[i].ready (marked, line 16); after: read st[i].nr (line 21)
nested.c:35:2: note: smp_wmb() in function demo_fill(); before: write st->val[1] (line 32); after: read st->gen (line 36)
nested.c:50:4: note: smp_rmb() in function demo_wait(); before: read st->ready (marked, line 45); after: read st->val[3] (line 53)
 * check-output-end
 */
