// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a publish store whose value is a call that takes the data's object. */

struct task_struct;

struct demo_thread {
	int info;
	int chan;
	struct task_struct *task;
	struct task_struct *owner;
	unsigned int tail;
	int q[8];
};

struct task_struct *demo_create(int (*fn)(void *), void *data, const char *name);
struct task_struct *demo_lookup(const char *name);
int demo_func(void *data);

#define demo_next(x) (((x) + 1) & 7)

/* kthread_create()-like: the call hands the thread over after the barrier (keep, handoff) */
static void demo_add(struct demo_thread *t, int info)
{
	t->info = info;
	t->chan = 1;
	smp_wmb();
	t->task = demo_create(demo_func, t, "demo");
}

/* a macro that only computes the index: message passing (review, one-side) */
static void demo_push(struct demo_thread *t, int v)
{
	t->q[t->tail] = v;
	smp_wmb();
	t->tail = demo_next(t->tail);
}

/* a call that is not passed the object: no hand-over (review) */
static void demo_attach(struct demo_thread *t, int info)
{
	t->info = info;
	smp_wmb();
	t->owner = demo_lookup("demo");
}

/* t->tail and t->owner are read somewhere: readers acqrel does not see ordered */
static int demo_thread_busy(struct demo_thread *t)
{
	return READ_ONCE(t->tail) != 0 && READ_ONCE(t->owner) != NULL;
}

/*
 * check-name: rule HANDOFF: a publish store whose value is a call that takes the object the data went into (kthread_create(fn, t, ...)) is published by that call, after the barrier and before the store (keep); not a macro that only computes the value, nor a call not given the object
 * check-command: acqrel pairs $file
 * check-output-start
handoff.c:26: protocol t->task (demo_thread.task): keep
  writer handoff.c:26: smp_wmb() in demo_add(); publish store at line 27
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of t->task
  call-between: smp_wmb() in demo_add() also orders the stores made by demo_create(), whose bodies acqrel does not follow: with a release on t->task instead, they are no longer ordered after the data
  handoff: demo_add() stores t->chan before its smp_wmb() and then passes t to the call whose value it stores in t->task (demo_create()): the call hands the object to another thread, after the barrier and before the store, and a release on t->task would not order the data before it
  ordering: 0 other accesses change ordering

handoff.c:34: protocol t->tail (demo_thread.tail): review
  writer handoff.c:34: smp_wmb() in demo_push(); publish store at line 35
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of t->tail; the writers alone would convert, but smp_wmb() in demo_push() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

handoff.c:42: protocol t->owner (demo_thread.owner): review
  writer handoff.c:42: smp_wmb() in demo_attach(); publish store at line 43
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of t->owner
  call-between: smp_wmb() in demo_attach() also orders the stores made by demo_lookup(), whose bodies acqrel does not follow: with a release on t->owner instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
