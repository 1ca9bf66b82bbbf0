// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule R inside a callee: a function that
 * runs a fence on every path (a fully ordered read-modify-write, here
 * cpumask_test_and_set_cpu() in an if's condition) orders its own stores
 * after it, after the data, whatever becomes of the caller's smp_wmb(),
 * also when it is called one level down and not on every path; likewise
 * a function whose smp_rmb() ends it orders its loads before it. A
 * callee with no such fence stays a call acqrel cannot follow.
 */

struct demo_coupled {
	int count;
	int prevent;
	struct cpumask pending;
};

struct demo_plain {
	int count;
	int prevent;
	struct cpumask pending;
};

void demo_send(int cpu);

static void demo_poke(struct demo_coupled *c, int cpu)
{
	if (!cpumask_test_and_set_cpu(cpu, &c->pending))
		demo_send(cpu);
}

static void demo_poke_others(struct demo_coupled *c, int n)
{
	int cpu;

	for (cpu = 0; cpu < n; cpu++)
		demo_poke(c, cpu);
}

/* the only call after the publish store stores after its own fence: convert */
static void demo_allow(struct demo_coupled *c, int n)
{
	c->count = n;
	smp_wmb();
	WRITE_ONCE(c->prevent, 0);
	demo_poke_others(c, n);
}

static int demo_enter(struct demo_coupled *c)
{
	if (READ_ONCE(c->prevent))
		return -1;
	smp_rmb();
	return c->count;
}

static void demo_plain_poke(struct demo_plain *c, int cpu)
{
	if (!cpumask_test_cpu(cpu, &c->pending))
		demo_send(cpu);
}

static void demo_plain_poke_others(struct demo_plain *c, int n)
{
	int cpu;

	for (cpu = 0; cpu < n; cpu++)
		demo_plain_poke(c, cpu);
}

/* a test that stores nothing is no fence: call-between stays */
static void demo_plain_allow(struct demo_plain *c, int n)
{
	c->count = n;
	smp_wmb();
	WRITE_ONCE(c->prevent, 0);
	demo_plain_poke_others(c, n);
}

static int demo_plain_enter(struct demo_plain *c)
{
	if (READ_ONCE(c->prevent))
		return -1;
	smp_rmb();
	return c->count;
}

/*
 * check-name: rule R inside a callee: the stores a function makes after a fence it runs on every path (a fully ordered RMW) are ordered after the data, one call level down too; with no fence the call stays call-between
 * check-command: acqrel pairs $file
 * check-output-start
callee-fence.c:44: protocol c->prevent (demo_coupled.prevent): convert
  writer callee-fence.c:44: smp_wmb() in demo_allow(); publish store at line 45
  reader callee-fence.c:53: smp_rmb() in demo_enter(); subscribe load at line 51
  evidence: object, data
  adjacent: each barrier that goes orders c->prevent and nothing another thread can see besides
  ordering: 0 other accesses change ordering

callee-fence.c:75: protocol c->prevent (demo_plain.prevent): review
  writer callee-fence.c:75: smp_wmb() in demo_plain_allow(); publish store at line 76
  reader callee-fence.c:84: smp_rmb() in demo_plain_enter(); subscribe load at line 82
  evidence: object, data
  call-between: smp_wmb() in demo_plain_allow() also orders the stores made by demo_plain_poke_others() (which calls cpumask_test_cpu()), whose bodies acqrel does not follow: with a release on c->prevent instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
