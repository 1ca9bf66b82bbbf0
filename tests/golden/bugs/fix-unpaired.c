// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: the fix of an unpaired READ_ONCE() reader. */

struct demo_buf {
	int len;
};

struct demo_nic {
	unsigned int nr_bufs;
	struct demo_buf *bufs;
	unsigned int reply;
	unsigned int busy;
};

static int demo_nic_setup(struct demo_nic *n, struct demo_buf *b, unsigned int nr)
{
	n->nr_bufs = nr;
	smp_wmb();
	n->bufs = b;
	return 0;
}

/* READ_ONCE() of the pointer, then the count it does not load through: the fix */
static int demo_nic_total(struct demo_nic *n)
{
	struct demo_buf *b = READ_ONCE(n->bufs);
	unsigned int i;
	int sum = 0;

	if (!b)
		return 0;
	for (i = 0; i < n->nr_bufs; i++)
		sum += b[i].len;
	return sum;
}

static void demo_nic_done(struct demo_nic *n, unsigned int v)
{
	n->reply = v;
	smp_wmb();
	n->busy--;
}

/* a plain load: a finding of --all only, so no fix without --all */
static unsigned int demo_nic_poll(struct demo_nic *n)
{
	for (;;) {
		if (!n->busy)
			return n->reply;
		cpu_relax();
	}
}

/*
 * check-name: bugs --diff: unpaired READ_ONCE() load becomes smp_load_acquire(); the plain reader hidden by default gets no hunk
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-unpaired.c
+++ b/fix-unpaired.c
@@ -23,7 +23,8 @@ static int demo_nic_setup(struct demo_nic *n, struct demo_buf *b, unsigned int n
 /* READ_ONCE() of the pointer, then the count it does not load through: the fix *\/
 static int demo_nic_total(struct demo_nic *n)
 {
-	struct demo_buf *b = READ_ONCE(n->bufs);
+	/* Pairs with smp_wmb() in demo_nic_setup(). *\/
+	struct demo_buf *b = smp_load_acquire(&n->bufs);
 	unsigned int i;
 	int sum = 0;
 
 * check-output-end
 * check-error-start
acqrel bugs: 1 finding, 1 fixed in 1 patch, 0 with no mechanical fix
 * check-error-end
 */
