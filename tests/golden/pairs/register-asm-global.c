// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a global register variable with an asm label has a type. */

struct demo_paca {
	int irq_happened;
	int cpu_state;
};

register struct demo_paca *demo_local_paca asm("r13");

/* the pointer's struct is known: the protocol has an object, no type-unknown */
static void demo_offline(int *state)
{
	*state = 1;
	smp_wmb();
	demo_local_paca->irq_happened = 1;
}

/* the flag is read somewhere: a reader acqrel does not see ordered */
static int demo_irq_pending(void)
{
	return READ_ONCE(demo_local_paca->irq_happened);
}

/*
 * check-name: a file-level register variable declared with an asm label ("register struct demo_paca *p asm("r13");") is typed like any global: its accesses have an object, with no type-unknown or field-name-only
 * check-command: acqrel pairs $file
 * check-output-start
register-asm-global.c:15: protocol demo_local_paca->irq_happened (demo_paca.irq_happened): review
  writer register-asm-global.c:15: smp_wmb() in demo_offline(); publish store at line 16
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of demo_local_paca->irq_happened; the writers alone would convert, but smp_wmb() in demo_offline() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
