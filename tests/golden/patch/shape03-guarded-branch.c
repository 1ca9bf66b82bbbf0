// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 3: the read barrier sits in the guarded branch. */

struct demo_tab {
	int ent[8];
	int nr;
};

static void demo_tab_add(struct demo_tab *s, int v)
{
	s->ent[0] = v;
	smp_wmb();
	WRITE_ONCE(s->nr, 1);
}

static int demo_tab_first(struct demo_tab *s)
{
	int n = READ_ONCE(s->nr);

	if (n) {
		smp_rmb();
		return s->ent[0];
	}
	return -1;
}

/*
 * check-name: shape 3, rmb inside the guarded branch: the load becomes the acquire, the barrier goes
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape03-guarded-branch.c
+++ b/shape03-guarded-branch.c
@@ -9,16 +9,16 @@ struct demo_tab {
 static void demo_tab_add(struct demo_tab *s, int v)
 {
 	s->ent[0] = v;
-	smp_wmb();
-	WRITE_ONCE(s->nr, 1);
+	/* Pairs with smp_load_acquire() in demo_tab_first() *\/
+	smp_store_release(&s->nr, 1);
 }
 
 static int demo_tab_first(struct demo_tab *s)
 {
-	int n = READ_ONCE(s->nr);
+	/* Pairs with smp_store_release() in demo_tab_add() *\/
+	int n = smp_load_acquire(&s->nr);
 
 	if (n) {
-		smp_rmb();
 		return s->ent[0];
 	}
 	return -1;
 * check-output-end
 */
