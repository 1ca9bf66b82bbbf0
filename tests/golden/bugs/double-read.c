// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a published count checked, then loaded again plainly. */

struct demo_log {
	int ents[64];
	unsigned int nr;
	unsigned int seen;
};

static void demo_log_add(struct demo_log *l, int v)
{
	l->ents[l->nr] = v;
	smp_wmb();
	WRITE_ONCE(l->nr, l->nr + 1);
}

/* the count the acquire checked is not the one that indexes */
static int demo_log_last(struct demo_log *l)
{
	unsigned int last;

	if (smp_load_acquire(&l->nr)) {
		last = l->nr - 1;
		return l->ents[last];
	}
	return -1;
}

static int demo_log_peek(struct demo_log *l, unsigned int *out)
{
	unsigned int n = READ_ONCE(l->nr);

	smp_rmb();
	if (n == 0)
		return -1;
	*out = l->nr;
	return l->ents[0];
}

/* a seqcount-style reader loads the count again to compare: no finding */
static int demo_log_stable(struct demo_log *l)
{
	unsigned int n = READ_ONCE(l->nr);
	int v;

	smp_rmb();
	v = l->ents[0];
	if (l->nr != n)
		return -1;
	return v;
}

/*
 * check-name: double-read: a count checked with an acquire or READ_ONCE(), then loaded plainly
 * check-command: acqrel bugs $file
 * check-exit: 1
 * check-output-start
double-read.c:23:10: warning: double-read: l->nr is loaded again with a plain load after smp_load_acquire() loaded it (line 22) and ordered the data after that first load; protocol l->nr: writer smp_wmb() in demo_log_add() at double-read.c:13; readers smp_load_acquire() in demo_log_last() at double-read.c:22, smp_rmb() in demo_log_peek() at double-read.c:33, smp_rmb() in demo_log_stable() at double-read.c:46; evidence: smp_wmb() in demo_log_add() publishes l->nr concurrently; the second load may see a newer value than the one checked, and a plain load may be torn or refetched; fix: load l->nr once into a local with smp_load_acquire() and use that value after the barrier; no mechanical fix (severity medium, confidence medium)
double-read.c:36:9: warning: double-read: l->nr is loaded again with a plain load after READ_ONCE() loaded it into n (line 31) and smp_rmb() ordered the data after that first load; protocol l->nr: writer smp_wmb() in demo_log_add() at double-read.c:13; readers smp_load_acquire() in demo_log_last() at double-read.c:22, smp_rmb() in demo_log_peek() at double-read.c:33, smp_rmb() in demo_log_stable() at double-read.c:46; evidence: smp_wmb() in demo_log_add() publishes l->nr concurrently; the second load may see a newer value than the one checked, and a plain load may be torn or refetched; fix: use n, the value already loaded, instead of loading l->nr again; no mechanical fix (severity medium, confidence medium)
 * check-output-end
 */
