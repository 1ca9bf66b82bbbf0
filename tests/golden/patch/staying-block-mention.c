// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a reader keeps its smp_rmb() (rule WA)
 * while its writer's smp_wmb() becomes a release. The reader's block
 * comment names the writer's barrier across a line break: it names the
 * release instead. Not when the line would pass 80 columns, nor when it
 * names another function's barrier.
 */

struct demo_smv {
	int cpu;
	int list;
	int owner;
};

static void demo_smv_clear(struct demo_smv *v)
{
	v->list = 0;
	smp_wmb();
	v->cpu = -1;
}

static int demo_smv_load(struct demo_smv *v, int cpu)
{
	int c = v->cpu;

	demo_smv_sync(v);
	/*
	 * Ensure v->cpu is read before adding v to its per-cpu list. Pairs
	 * with the smp_wmb() in
	 * demo_smv_clear().
	 */
	smp_rmb();
	return c == cpu ? v->list : 0;
}

static void demo_smv_own(struct demo_smv *v, int o)
{
	v->list = o;
	smp_wmb();
	v->owner = o;
}

static int demo_smv_owner(struct demo_smv *v)
{
	int o = v->owner;

	demo_smv_sync(v);
	/*
	 * The owner before the list, which other functions change too, so it pairs with the smp_wmb() in
	 * demo_smv_own(); and an smp_wmb() in demo_smv_other() is not ours.
	 */
	smp_rmb();
	return o ? v->list : 0;
}

/*
 * check-name: a staying reader barrier's block comment that names the converted writer's smp_wmb() across a line break names smp_store_release(); not past 80 columns, not another function's
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/staying-block-mention.c
+++ b/staying-block-mention.c
@@ -16,8 +16,8 @@ struct demo_smv {
 static void demo_smv_clear(struct demo_smv *v)
 {
 	v->list = 0;
-	smp_wmb();
-	v->cpu = -1;
+	/* Pairs with smp_rmb() in demo_smv_load() *\/
+	smp_store_release(&v->cpu, -1);
 }
 
 static int demo_smv_load(struct demo_smv *v, int cpu)
@@ -27,7 +27,7 @@ static int demo_smv_load(struct demo_smv *v, int cpu)
 	demo_smv_sync(v);
 	/*
 	 * Ensure v->cpu is read before adding v to its per-cpu list. Pairs
-	 * with the smp_wmb() in
+	 * with the smp_store_release() in
 	 * demo_smv_clear().
 	 *\/
 	smp_rmb();
@@ -37,8 +37,8 @@ static int demo_smv_load(struct demo_smv *v, int cpu)
 static void demo_smv_own(struct demo_smv *v, int o)
 {
 	v->list = o;
-	smp_wmb();
-	v->owner = o;
+	/* Pairs with smp_rmb() in demo_smv_owner() *\/
+	smp_store_release(&v->owner, o);
 }
 
 static int demo_smv_owner(struct demo_smv *v)
 * check-output-end
 * check-error-start
staying-block-mention.c:57: "check-name: a staying reader barrier's block comment that na...": note: may still describe the old barriers of v->cpu
staying-block-mention.c: in demo_smv_owner(): "The owner before the list, which other functions change too,...": note: may still describe the old barriers of v->owner
staying-block-mention.c:57: "check-name: a staying reader barrier's block comment that na...": note: may still describe the old barriers of v->owner
staying-block-mention.c:53: the comment at smp_rmb() in demo_smv_owner() names demo_smv_own(), whose barrier this patch removes: note: may still describe the old barriers of v->owner
acqrel patch: 2 protocols rewritten in 2 patches, 0 left for the author
 * check-error-end
 */
