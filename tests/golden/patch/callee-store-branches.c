// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the function called after smp_wmb() stores the flag on two paths. */

struct demo_tracer {
	int buf[4];
};

static struct demo_tracer *demo_cur;
static int demo_enabled;

int demo_check(void);

static void demo_start(void)
{
	if (demo_check())
		demo_enabled = 1;
	else
		demo_enabled = 0;
}

static void demo_init(struct demo_tracer *t)
{
	demo_cur = t;
	/* make sure the tracer is visible */
	smp_wmb();
	demo_start();
}

static int demo_probe(void)
{
	if (!demo_enabled)
		return 0;
	smp_rmb();
	return demo_cur->buf[0];
}

/*
 * check-name: a function called after smp_wmb() that stores the flag on two paths is left (stored-again), never one store released and the barrier removed
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
 * check-output-end
 * check-error-start
callee-store-branches.c:25: note: protocol demo_enabled left for the author: its variable is stored again near the publish store
acqrel patch: 0 protocols rewritten in 0 patches, 1 left for the author
 * check-error-end
 */
