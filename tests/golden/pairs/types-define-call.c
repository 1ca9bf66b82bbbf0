// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a name #defined as a call of a function returning a struct pointer. */

struct demo_task {
	unsigned long *stack;
	int depth;
};

struct demo_task *demo_task_of_cpu(void);

static inline struct demo_task *demo_get_current(void)
{
	return demo_task_of_cpu();
}

/* positive: demo_current is the task the function returns */
#define demo_current demo_get_current()

/* negative: another name for another struct's function, with a field of the same name */
struct demo_irq {
	unsigned long *stack;
	int depth;
};

struct demo_irq *demo_get_irq(void);

#define demo_irq_current demo_get_irq()

void demo_task_give_stack(struct demo_task *t, unsigned long *stack)
{
	t->depth = 0;
	smp_wmb();
	t->stack = stack;
}

int demo_task_push(void)
{
	if (!demo_current->stack)
		return -1;
	smp_rmb();
	return demo_current->depth;
}

int demo_irq_push(void)
{
	if (!demo_irq_current->stack)
		return -1;
	smp_rmb();
	return demo_irq_current->depth;
}

/*
 * check-name: types: "#define demo_current demo_get_current()" makes demo_current->stack a member of the struct the function returns, which joins the writer; a like name for another function joins nothing of the first struct
 * check-command: acqrel pairs $file
 * check-output-start
types-define-call.c:32: protocol demo_current->stack (demo_task.stack): convert
  writer types-define-call.c:32: smp_wmb() in demo_task_give_stack(); publish store at line 33
  reader types-define-call.c:40: smp_rmb() in demo_task_push(); subscribe load at line 38
  evidence: object, data
  adjacent: each barrier that goes orders demo_current->stack and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-define-call.c:48: protocol demo_irq_current->stack (demo_irq.stack): review
  reader types-define-call.c:48: smp_rmb() in demo_irq_push(); subscribe load at line 46
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to demo_irq_current->stack
  ordering: 0 other accesses change ordering

 * check-output-end
 */
