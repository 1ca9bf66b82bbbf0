// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: the fixes of marked accesses of __rcu pointers. */

struct demo_ops {
	int prio;
};

struct demo_hub {
	struct demo_ops __rcu *ops;
	struct demo_ops __rcu *spare[4];
};

static void demo_hub_set(struct demo_hub *h, struct demo_ops *o)
{
	o->prio = 1;
	smp_store_release(&h->ops, o);
}

static int demo_hub_prio(struct demo_hub *h)
{
	struct demo_ops *o = smp_load_acquire(&h->ops);

	return o ? o->prio : 0;
}

static void demo_hub_stash(struct demo_hub *h, int i, struct demo_ops *o)
{
	o->prio = 2;
	smp_wmb();
	WRITE_ONCE(h->spare[i], o);
}

static int demo_hub_spare(struct demo_hub *h, int i)
{
	struct demo_ops *o = READ_ONCE(h->spare[i]);

	smp_rmb();
	return o->prio;
}

/*
 * check-name: bugs --diff: rcu-marked stores become rcu_assign_pointer(); loads have no mechanical fix
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-rcu-marked.c
+++ b/fix-rcu-marked.c
@@ -13,7 +13,7 @@ struct demo_hub {
 static void demo_hub_set(struct demo_hub *h, struct demo_ops *o)
 {
 	o->prio = 1;
-	smp_store_release(&h->ops, o);
+	rcu_assign_pointer(h->ops, o);
 }
 
 static int demo_hub_prio(struct demo_hub *h)
@@ -27,7 +27,7 @@ static void demo_hub_stash(struct demo_hub *h, int i, struct demo_ops *o)
 {
 	o->prio = 2;
 	smp_wmb();
-	WRITE_ONCE(h->spare[i], o);
+	rcu_assign_pointer(h->spare[i], o);
 }
 
 static int demo_hub_spare(struct demo_hub *h, int i)
 * check-output-end
 * check-error-start
fix-rcu-marked.c:21:41: note: rcu-marked: no mechanical fix: which rcu_dereference*() fits depends on the locks and the RCU read side this reader holds
fix-rcu-marked.c:35:33: note: rcu-marked: no mechanical fix: which rcu_dereference*() fits depends on the locks and the RCU read side this reader holds
acqrel bugs: 4 findings, 2 fixed in 2 patches, 2 with no mechanical fix
 * check-error-end
 */
