// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a reader that bypasses the accessor. */

struct demo_index {
	int rows[32];
	unsigned int ready;
};

static inline unsigned int demo_index_ready(struct demo_index *x)
{
	unsigned int v = READ_ONCE(x->ready);

	smp_rmb();
	return v;
}

static void demo_index_fill(struct demo_index *x, int v)
{
	x->rows[0] = v;
	smp_wmb();
	WRITE_ONCE(x->ready, 1);
}

static int demo_index_first(struct demo_index *x)
{
	return demo_index_ready(x) ? x->rows[0] : -1;
}

/* the accessor's smp_rmb() is bypassed */
static int demo_index_peek(struct demo_index *x)
{
	if (!x->ready)
		return -1;
	return x->rows[0];
}

/*
 * check-name: missing-acquire: a plain load of the flag bypasses the accessor that orders the data
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
missing-acquire.c:32:7: warning: missing-acquire: demo_index_peek() loads x->ready (line 32) with a plain load and then x->rows[0] (line 34) with no smp_rmb(), acquire or dependency between; protocol x->ready: writer smp_wmb() in demo_index_fill() at missing-acquire.c:20; reader smp_rmb() in demo_index_ready() at missing-acquire.c:13; evidence: smp_wmb() in demo_index_fill() stores x->rows[0] before it and publishes x->ready after it; the protocol's other readers order the data with a barrier or an acquire; fix: load x->ready with smp_load_acquire(), or through the accessor its other readers use (severity high, confidence low)
 * check-output-end
 */
