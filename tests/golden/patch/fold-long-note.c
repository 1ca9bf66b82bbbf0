// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a note too long for one line still joins
 * the block comment that explains the barrier.
 */

struct demo_scheduling_entity {
	int new_weight;
	int prio_changed;
};

static void demo_scheduling_group_set_weight(struct demo_scheduling_entity *e, int w)
{
	if (w) {
		e->new_weight = w;
		/*
		 * The new weight must be visible before the flag that tells
		 * the update path to read it.
		 */
		smp_wmb();
		e->prio_changed = 1;
	}
}

static int demo_scheduling_entity_update_weight_prio(struct demo_scheduling_entity *e)
{
	if (READ_ONCE(e->prio_changed)) {
		smp_rmb();
		return e->new_weight;
	}
	return 0;
}

/*
 * check-name: a "Pairs with" note wrapped over several lines joins the block comment right above the barrier as its last paragraph, not a second block under it
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/fold-long-note.c
+++ b/fold-long-note.c
@@ -16,18 +16,21 @@ static void demo_scheduling_group_set_weight(struct demo_scheduling_entity *e, i
 		/*
 		 * The new weight must be visible before the flag that tells
 		 * the update path to read it.
+		 *
+		 * Pairs with smp_load_acquire() in
+		 * demo_scheduling_entity_update_weight_prio().
 		 *\/
+		smp_store_release(&e->prio_changed, 1);
-		smp_wmb();
-		e->prio_changed = 1;
 	}
 }
 
 static int demo_scheduling_entity_update_weight_prio(struct demo_scheduling_entity *e)
 {
-	if (READ_ONCE(e->prio_changed)) {
-		smp_rmb();
+	/*
+	 * Pairs with smp_store_release() in demo_scheduling_group_set_weight().
+	 *\/
+	if (smp_load_acquire(&e->prio_changed))
 		return e->new_weight;
-	}
 	return 0;
 }
 
 * check-output-end
 */
