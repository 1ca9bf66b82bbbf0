// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 3: the read barrier sits in the guarded branch. */

struct demo_tab {
	int ent[8];
	int nr;
	int sealed;
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

static void demo_tab_seal(struct demo_tab *s)
{
	s->ent[1] = 2;
	smp_wmb();
	WRITE_ONCE(s->sealed, 1);
}

/* an if without braces whose whole body is the barrier goes with it */
static int demo_tab_sealed(struct demo_tab *s)
{
	int sealed = READ_ONCE(s->sealed);

	if (sealed)
		smp_rmb();
	return sealed ? s->ent[1] : 0;
}

/*
 * check-name: shape 3, rmb inside the guarded branch: the load becomes the acquire, the barrier goes (with its if when that was all)
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape03-guarded-branch.c
+++ b/shape03-guarded-branch.c
@@ -10,35 +10,33 @@ struct demo_tab {
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
 
-	if (n) {
-		smp_rmb();
+	if (n)
 		return s->ent[0];
-	}
 	return -1;
 }
 
 static void demo_tab_seal(struct demo_tab *s)
 {
 	s->ent[1] = 2;
-	smp_wmb();
-	WRITE_ONCE(s->sealed, 1);
+	/* Pairs with smp_load_acquire() in demo_tab_sealed() *\/
+	smp_store_release(&s->sealed, 1);
 }
 
 /* an if without braces whose whole body is the barrier goes with it *\/
 static int demo_tab_sealed(struct demo_tab *s)
 {
-	int sealed = READ_ONCE(s->sealed);
+	/* Pairs with smp_store_release() in demo_tab_seal() *\/
+	int sealed = smp_load_acquire(&s->sealed);
 
-	if (sealed)
-		smp_rmb();
 	return sealed ? s->ent[1] : 0;
 }
 
 * check-output-end
 */
