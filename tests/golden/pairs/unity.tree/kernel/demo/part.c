// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: compiled only through build.c, which includes demo.h. */

static void demo_q_put(struct demo_q *q, int v)
{
	q->data = v;
	smp_wmb();
	WRITE_ONCE(q->stamp, 1);
}

static unsigned long long demo_q_get(struct demo_q *q)
{
	unsigned long long s = READ_ONCE(q->stamp);

	smp_rmb();
	return s + q->data;
}
