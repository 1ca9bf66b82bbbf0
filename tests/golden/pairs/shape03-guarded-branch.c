// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 3: the barrier inside the guarded branch. */

struct demo_tab {
	long vals[16];
	unsigned int nr;
};

static void demo_tab_add(struct demo_tab *s, long v)
{
	s->vals[0] = v;
	smp_wmb();
	WRITE_ONCE(s->nr, 1);
}

static long demo_tab_first(struct demo_tab *s)
{
	unsigned int n = READ_ONCE(s->nr);

	if (n) {
		smp_rmb();
		return s->vals[0];
	}
	return 0;
}

/*
 * check-name: shape 3, smp_rmb() inside the branch on the loaded value converts
 * check-command: acqrel pairs $file
 * check-output-start
shape03-guarded-branch.c:12: protocol s->nr (demo_tab.nr): convert
  writer shape03-guarded-branch.c:12: smp_wmb() in demo_tab_add(); publish store at line 13
  reader shape03-guarded-branch.c:21: smp_rmb() in demo_tab_first(); subscribe load at line 18
  evidence: object, data
  adjacent: each barrier that goes orders s->nr and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
