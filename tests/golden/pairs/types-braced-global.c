// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a global declared together with its type's body. */

/* an enum: a scalar, so the flag converts */
extern enum demo_states {
	DEMO_BOOT,
	DEMO_RUNNING,
} demo_state;

/* a struct: an aggregate, which no release can store */
struct demo_pair {
	int lo, hi;
} demo_limits;

static int demo_data;

void demo_set(void)
{
	demo_data = 1;
	smp_wmb();
	demo_state = DEMO_RUNNING;
}

int demo_get(void)
{
	if (demo_state != DEMO_RUNNING)
		return 0;
	smp_rmb();
	return demo_data;
}

void demo_set_limits(struct demo_pair p)
{
	demo_data = 2;
	smp_wmb();
	demo_limits = p;
}

int demo_get_limits(void)
{
	struct demo_pair p = demo_limits;

	smp_rmb();
	return p.lo + demo_data;
}

/*
 * check-name: types: "extern enum tag { ... } var;" is a scalar variable and "struct tag { ... } var;" an aggregate, not type-unknown
 * check-command: acqrel pairs $file
 * check-output-start
types-braced-global.c:20: protocol demo_state: convert
  writer types-braced-global.c:20: smp_wmb() in demo_set(); publish store at line 21
  reader types-braced-global.c:28: smp_rmb() in demo_get(); subscribe load at line 26
  evidence: global, data
  adjacent: each barrier that goes orders demo_state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-braced-global.c:35: protocol demo_limits: keep
  writer types-braced-global.c:35: smp_wmb() in demo_set_limits(); publish store at line 36
  reader types-braced-global.c:43: smp_rmb() in demo_get_limits(); subscribe load at line 41
  evidence: global, data
  operand: demo_limits is a struct, union or array (struct demo_pair demo_limits) and cannot be the operand of smp_load_acquire() or smp_store_release()
  ordering: 0 other accesses change ordering

 * check-output-end
 */
