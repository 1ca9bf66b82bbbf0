// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 2: check and bail. */

struct demo_dev {
	int cfg[8];
	int ready;
};

static void demo_dev_setup(struct demo_dev *s, int v)
{
	s->cfg[0] = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

static int demo_dev_use(struct demo_dev *s)
{
	if (!READ_ONCE(s->ready))
		return -EAGAIN;
	smp_rmb();
	return s->cfg[0];
}

/*
 * check-name: shape 2, a load in the condition of an early return converts
 * check-command: acqrel pairs $file
 * check-output-start
shape02-check-and-bail.c:12: protocol s->ready (demo_dev.ready): convert
  writer shape02-check-and-bail.c:12: smp_wmb() in demo_dev_setup(); publish store at line 13
  reader shape02-check-and-bail.c:20: smp_rmb() in demo_dev_use(); subscribe load at line 18
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
