// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a count published with smp_wmb() on one path only. */

struct demo_fifo {
	int buf[64];
	unsigned int head;
	unsigned int count;
	bool raw;
	void (*convert)(int *p, unsigned int n);
};

/* the raw path returns before the barrier that orders the converted one */
static unsigned int demo_fifo_commit(struct demo_fifo *f, unsigned int n)
{
	if (f->raw || !f->convert) {
		f->count += n;
		return n;
	}
	f->convert(f->buf + f->head, n);
	/* orders the converted samples before the count; pairs with demo_fifo_avail() */
	smp_wmb();
	f->count += n;
	return n;
}

/* the early path has a barrier of its own */
static unsigned int demo_fifo_push(struct demo_fifo *f, unsigned int n)
{
	if (f->raw) {
		smp_wmb();
		f->count += n;
		return n;
	}
	f->convert(f->buf + f->head, n);
	smp_wmb();
	f->count += n;
	return n;
}

/* the early path only resets the count, or publishes it with a release */
static int demo_fifo_refill(struct demo_fifo *f, unsigned int n)
{
	if (!n) {
		f->count = 0;
		return 0;
	}
	if (f->raw) {
		smp_store_release(&f->count, f->count + n);
		return 0;
	}
	f->buf[f->head] = n;
	smp_wmb();
	f->count += n;
	return 0;
}

/* the store before the barrier is on the barrier's path */
static void demo_fifo_add(struct demo_fifo *f, unsigned int n)
{
	if (f->raw)
		f->count += n;
	f->buf[f->head] = n;
	smp_wmb();
	f->count += n;
}

static unsigned int demo_fifo_avail(struct demo_fifo *f)
{
	unsigned int n = READ_ONCE(f->count);

	/* pairs with smp_wmb() in demo_fifo_commit() */
	smp_rmb();
	return n;
}

int demo_fifo_first(struct demo_fifo *f)
{
	return demo_fifo_avail(f) ? f->buf[0] : -1;
}

/*
 * check-name: missing-release: a store of the count on a path that returns before the barrier
 * check-command: acqrel bugs $file
 * check-exit: 1
 * check-output-start
missing-release.c:16:3: warning: missing-release: demo_fifo_commit() stores f->count (line 16) on a path that returns before the smp_wmb() (line 21) that orders its other store of f->count (line 22); protocol f->count: writers smp_wmb() in demo_fifo_add() at missing-release.c:63, smp_wmb() in demo_fifo_refill() at missing-release.c:52, smp_store_release() in demo_fifo_refill() at missing-release.c:48 and 3 more; reader smp_rmb() in demo_fifo_avail() at missing-release.c:72; evidence: readers subscribe to f->count with smp_rmb() in demo_fifo_avail(): on this path the stores before it are not ordered before it; fix: store f->count with smp_store_release(), or put an smp_wmb() before the store; no mechanical fix: the store is not on the barrier's path: where the barrier goes is the author's call (severity high, confidence medium)
 * check-output-end
 */
