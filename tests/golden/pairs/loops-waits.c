// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: iteration macros are loops, wait queues are names. */

struct demo_func {
	struct list_head node;
	int transition;
	int patched;
};

struct demo_patch {
	struct list_head funcs;
	wait_queue_head_t waitq;
	int state;
	int done;
	int reply;
};

/* an unbraced body after an iteration macro is the loop's statement */
static void demo_patch_start(struct demo_patch *p)
{
	struct demo_func *func;

	p->state = 1;
	smp_wmb();
	list_for_each_entry(func, &p->funcs, node)
		func->transition = true;
}

static int demo_patch_check(struct demo_func *func, struct demo_patch *p)
{
	if (!READ_ONCE(func->transition))
		return 0;
	smp_rmb();
	return p->state;
}

/* wait_event() takes its queue by name and is no call whose loads lose order */
static void demo_patch_reply(struct demo_patch *p, int r)
{
	p->reply = r;
	smp_wmb();
	WRITE_ONCE(p->done, 1);
	wake_up(&p->waitq);
}

static int demo_patch_wait(struct demo_patch *p)
{
	wait_event(p->waitq, READ_ONCE(p->done));
	smp_rmb();
	return p->reply;
}

/*
 * check-name: list_for_each_entry() and wait_event() are read for what they are: a loop and a wait on a named queue
 * check-command: acqrel pairs $file
 * check-output-start
loops-waits.c:24: protocol func->transition (demo_func.transition): convert
  writer loops-waits.c:24: smp_wmb() in demo_patch_start(); publish store at line 26
  reader loops-waits.c:33: smp_rmb() in demo_patch_check(); subscribe load at line 31
  evidence: object, data
  adjacent: each barrier that goes orders func->transition and nothing another thread can see besides
  ordering: 0 other accesses change ordering

loops-waits.c:41: protocol p->done (demo_patch.done): convert
  writer loops-waits.c:41: smp_wmb() in demo_patch_reply(); publish store at line 42
  reader loops-waits.c:49: smp_rmb() in demo_patch_wait(); subscribe load at line 48
  evidence: object, data
  adjacent: each barrier that goes orders p->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
