// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: store-before when the call after the barrier runs a callback it is passed. */

struct demo_ops {
	int mode;
};

static struct demo_ops *demo_op;
static int demo_func;
static int demo_level;
static int demo_gen;

/* a stub (the configuration without the feature): its own body stores nothing */
static inline void demo_run_all(void (*fn)(void *), void *info)
{
}

static void demo_sync_ipi(void *unused)
{
	smp_rmb();
}

/* positive: the stub is passed a function, which it runs where the feature is built */
static void demo_update(struct demo_ops *op, int func)
{
	demo_op = op;
	smp_wmb();
	demo_run_all(demo_sync_ipi, NULL);
	demo_func = func;
}

/* negative: the same stub passed no function stores nothing: the barrier is the flag's */
static void demo_bump(int level)
{
	demo_level = level;
	smp_wmb();
	demo_run_all(NULL, &demo_level);
	demo_gen = level;
}

int demo_read_gen(void)
{
	int g = demo_gen;

	smp_rmb();
	return g + demo_level;
}

/*
 * check-name: store-before: a call after the barrier that is passed a function by name (an IPI callback) may store, even when the body acqrel finds is an empty stub; the stub passed no function does not
 * check-command: acqrel pairs $file
 * check-output-start
store-before-callback.c:27: protocol demo_func: keep
  writer store-before-callback.c:27: smp_wmb() in demo_update(); publish store at line 29
  evidence: global
  store-before: demo_update() stores demo_op (line 26) right before its smp_wmb() and calls demo_run_all() (line 28) before the store to demo_func: the barrier orders that store before what the call does, which a release of demo_func does not
  ordering: 0 other accesses change ordering

store-before-callback.c:36: protocol demo_gen: convert
  writer store-before-callback.c:36: smp_wmb() in demo_bump(); publish store at line 38
  reader store-before-callback.c:45: smp_rmb() in demo_read_gen(); subscribe load at line 43
  evidence: global, data
  adjacent: each barrier that goes orders demo_gen and nothing another thread can see besides
  ordering: 0 other accesses change ordering

store-before-callback.c:20:2: note: smp_rmb() unpaired (no-access-before): no shared access precedes smp_rmb() in demo_sync_ipi() up to the previous barrier
 * check-output-end
 */
