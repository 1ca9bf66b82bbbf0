// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: marked accesses of __rcu pointers. */

struct demo_rule {
	int prio;
};

struct demo_table {
	struct demo_rule __rcu *active;
	struct demo_rule __rcu *slots[8];
	int gen;
};

static void demo_table_set(struct demo_table *t, struct demo_rule *r)
{
	r->prio = 1;
	smp_store_release(&t->active, r);
}

static int demo_table_prio(struct demo_table *t)
{
	struct demo_rule *r = smp_load_acquire(&t->active);

	return r ? r->prio : 0;
}

static void demo_table_fill(struct demo_table *t, int i, struct demo_rule *r)
{
	r->prio = 2;
	smp_wmb();
	WRITE_ONCE(t->slots[i], r);
}

static int demo_table_slot(struct demo_table *t, int i)
{
	struct demo_rule *r = READ_ONCE(t->slots[i]);

	smp_rmb();
	return r->prio;
}

/*
 * check-name: rcu-marked: acquire, release, READ_ONCE and WRITE_ONCE on __rcu pointers
 * check-command: acqrel bugs $file
 * check-exit: 1
 * check-output-start
rcu-marked.c:17:21: warning: rcu-marked: smp_store_release() on t->active, which is declared __rcu: a sparse address-space error; protocol t->active: writer smp_store_release() in demo_table_set() at rcu-marked.c:17; reader smp_load_acquire() in demo_table_prio() at rcu-marked.c:22; evidence: t->active is declared struct demo_rule __rcu *active, and smp_store_release() stores r into it without the __rcu cast; fix: rcu_assign_pointer(t->active, r), which is smp_store_release() with the address space kept (severity low, confidence high)
rcu-marked.c:22:42: warning: rcu-marked: smp_load_acquire() on t->active, which is declared __rcu: a sparse address-space error; protocol t->active: writer smp_store_release() in demo_table_set() at rcu-marked.c:17; reader smp_load_acquire() in demo_table_prio() at rcu-marked.c:22; evidence: t->active is declared struct demo_rule __rcu *active, and smp_load_acquire() hands the pointer it loads to an assignment or return, without __rcu; fix: rcu_dereference*() when only loads through the pointer need ordering, else unrcu_pointer(smp_load_acquire(&t->active)), which keeps the acquire; no mechanical fix: which rcu_dereference*() fits depends on the locks and the RCU read side this reader holds (severity low, confidence high)
rcu-marked.c:31:13: warning: rcu-marked: WRITE_ONCE() on t->slots[i], which is declared __rcu: a sparse address-space error; protocol t->slots[i]: writer smp_wmb() in demo_table_fill() at rcu-marked.c:30; reader smp_rmb() in demo_table_slot() at rcu-marked.c:38; evidence: t->slots[i] is declared struct demo_rule __rcu *slots[8], and WRITE_ONCE() stores r into it without the __rcu cast; fix: rcu_assign_pointer(t->slots[i], r) (RCU_INIT_POINTER() when readers need no ordering of what it points to) (severity low, confidence high)
rcu-marked.c:36:34: warning: rcu-marked: READ_ONCE() on t->slots[i], which is declared __rcu: a sparse address-space error; protocol t->slots[i]: writer smp_wmb() in demo_table_fill() at rcu-marked.c:30; reader smp_rmb() in demo_table_slot() at rcu-marked.c:38; evidence: t->slots[i] is declared struct demo_rule __rcu *slots[8], and READ_ONCE() hands the pointer it loads to local r, without __rcu; fix: rcu_dereference() under rcu_read_lock(), rcu_dereference_protected() under the update-side lock, or rcu_access_pointer() when the value is only tested; no mechanical fix: which rcu_dereference*() fits depends on the locks and the RCU read side this reader holds (severity low, confidence high)
 * check-output-end
 */
