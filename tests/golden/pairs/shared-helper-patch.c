// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in shared-helper.tree/. */

/*
 * check-name: rule HELPER, the rewrite: the writer whose reader loads through a header's accessor converts alone, its note naming the function of the reader's smp_rmb(), not the accessor; the file's own accessor takes the acquire
 * check-command: acqrel patch --diff shared-helper.tree
 * check-output-start
--- a/drivers/demo/ev.c
+++ b/drivers/demo/ev.c
@@ -6,8 +6,8 @@
 void demo_ev_set(struct demo_ev *e, int v)
 {
 	e->data = v;
-	smp_wmb();
-	WRITE_ONCE(e->ready, 1);
+	/* Pairs with smp_rmb() in demo_ev_get() *\/
+	smp_store_release(&e->ready, 1);
 }
 
 int demo_ev_get(struct demo_ev *e)
@@ -42,20 +42,20 @@ struct demo_local {
 /* the file's own static accessor: the acquire goes there, convert *\/
 static bool demo_local_done(struct demo_local *l)
 {
-	return READ_ONCE(l->done);
+	/* Pairs with smp_store_release() in demo_local_set() *\/
+	return smp_load_acquire(&l->done);
 }
 
 void demo_local_set(struct demo_local *l, int v)
 {
 	l->data = v;
-	smp_wmb();
-	WRITE_ONCE(l->done, 1);
+	/* Pairs with smp_load_acquire() in demo_local_done() *\/
+	smp_store_release(&l->done, 1);
 }
 
 int demo_local_get(struct demo_local *l)
 {
 	if (!demo_local_done(l))
 		return -1;
-	smp_rmb();
 	return l->data;
 }
 * check-output-end
 */
