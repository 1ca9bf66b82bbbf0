// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: the block comment of a removed barrier
 * ends with a sentence about the other side, "Pairs with the smp_rmb() in
 * foo().", and the readers keep that barrier. The comment moves to the
 * release and the sentence goes: the note says it, once. A trailing
 * sentence that names a function the note does not keeps that function.
 */

struct demo_slotc {
	int cpu;
	int launched;
	int list;
	int owner;
};

static void demo_slotc_clear(struct demo_slotc *v)
{
	v->list = 0;
	/*
	 * Ensure all writes to v complete before setting v->cpu to -1, or
	 * another cpu sees it first. Pairs with the smp_rmb() in demo_slotc_load().
	 */
	smp_wmb();

	v->cpu = -1;
	v->launched = 0;
}

/* the call keeps this reader's smp_rmb(): the writer converts alone */
static int demo_slotc_load(struct demo_slotc *v, int cpu)
{
	int c = v->cpu;

	demo_slotc_sync(v);
	smp_rmb();
	return c == cpu ? v->list : 0;
}

static void demo_slotc_own(struct demo_slotc *v, int o)
{
	v->list = o;
	/*
	 * The list before the owner. Pairs with the smp_rmb() in
	 * demo_slotc_owner() and demo_slotc_steal().
	 */
	smp_wmb();

	v->owner = o;
}

static int demo_slotc_owner(struct demo_slotc *v)
{
	int o = v->owner;

	demo_slotc_sync(v);
	smp_rmb();
	return o ? v->list : 0;
}

/*
 * check-name: a removed barrier's comment that ends with a pairing sentence loses that sentence when it moves to the release; a function only it names stays in the note
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/comment-trailing-pairs.c
+++ b/comment-trailing-pairs.c
@@ -17,13 +17,14 @@ struct demo_slotc {
 static void demo_slotc_clear(struct demo_slotc *v)
 {
 	v->list = 0;
-	/*
-	 * Ensure all writes to v complete before setting v->cpu to -1, or
-	 * another cpu sees it first. Pairs with the smp_rmb() in demo_slotc_load().
-	 *\/
-	smp_wmb();
 
-	v->cpu = -1;
+	/*
+	 * Ensure all writes to v complete before setting v->cpu to -1, or
+	 * another cpu sees it first.
+	 *
+	 * Pairs with smp_rmb() in demo_slotc_load().
+	 *\/
+	smp_store_release(&v->cpu, -1);
 	v->launched = 0;
 }
 
@@ -40,13 +41,14 @@ static int demo_slotc_load(struct demo_slotc *v, int cpu)
 static void demo_slotc_own(struct demo_slotc *v, int o)
 {
 	v->list = o;
-	/*
-	 * The list before the owner. Pairs with the smp_rmb() in
-	 * demo_slotc_owner() and demo_slotc_steal().
-	 *\/
-	smp_wmb();
 
-	v->owner = o;
+	/*
+	 * The list before the owner.
+	 *
+	 * Pairs with smp_rmb() in demo_slotc_owner(). It also pairs with
+	 * demo_slotc_steal().
+	 *\/
+	smp_store_release(&v->owner, o);
 }
 
 static int demo_slotc_owner(struct demo_slotc *v)
 * check-output-end
 */
