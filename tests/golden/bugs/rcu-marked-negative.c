// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: __rcu pointers used as RCU means, and plain pointers. */

struct demo_rule {
	int prio;
};

struct demo_table {
	struct demo_rule __rcu *active;
	struct demo_rule *plain;
	int gen;
};

static void demo_table_set(struct demo_table *t, struct demo_rule *r)
{
	r->prio = 1;
	rcu_assign_pointer(t->active, r);
}

static int demo_table_prio(struct demo_table *t)
{
	struct demo_rule *r = rcu_dereference(t->active);

	return r ? r->prio : 0;
}

/* a plain pointer may be published with a release */
static void demo_table_set_plain(struct demo_table *t, struct demo_rule *r)
{
	r->prio = 2;
	smp_store_release(&t->plain, r);
}

static int demo_table_plain(struct demo_table *t)
{
	struct demo_rule *r = smp_load_acquire(&t->plain);

	return r ? r->prio : 0;
}

/* NULL goes into any address space; a value only tested keeps none */
static void demo_table_clear(struct demo_table *t)
{
	t->gen++;
	smp_wmb();
	WRITE_ONCE(t->active, NULL);
}

static int demo_table_busy(struct demo_table *t)
{
	if (!READ_ONCE(t->active))
		return 0;
	smp_rmb();
	return t->gen;
}

/*
 * check-name: rcu-marked: rcu_dereference(), plain pointers, NULL stores and tests are no findings
 * check-command: acqrel bugs $file
 * check-output-start
 * check-output-end
 */
