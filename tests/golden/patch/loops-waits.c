// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: iteration macros are loops, wait queues are names. */

struct demo_func {
	struct list_head node;
	int transition;
	int patched;
};

struct demo_patch {
	struct list_head funcs;
	wait_queue_head_t waitq;
	int state;
	int done;
	int reply;
};

/* an unbraced body after an iteration macro is the loop's statement */
static void demo_patch_start(struct demo_patch *p)
{
	struct demo_func *func;

	p->state = 1;
	smp_wmb();
	list_for_each_entry(func, &p->funcs, node)
		func->transition = true;
}

static int demo_patch_check(struct demo_func *func, struct demo_patch *p)
{
	if (!READ_ONCE(func->transition))
		return 0;
	smp_rmb();
	return p->state;
}

/* wait_event() takes its queue by name and is no call whose loads lose order */
static void demo_patch_reply(struct demo_patch *p, int r)
{
	p->reply = r;
	smp_wmb();
	WRITE_ONCE(p->done, 1);
	wake_up(&p->waitq);
}

static int demo_patch_wait(struct demo_patch *p)
{
	wait_event(p->waitq, READ_ONCE(p->done));
	smp_rmb();
	return p->reply;
}

/*
 * check-name: a store in the body of an iteration macro becomes a release per iteration; a load in a wait_event() condition becomes the acquire there
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/loops-waits.c
+++ b/loops-waits.c
@@ -21,16 +21,16 @@ static void demo_patch_start(struct demo_patch *p)
 	struct demo_func *func;
 
 	p->state = 1;
-	smp_wmb();
+	/* Pairs with smp_load_acquire() in demo_patch_check() *\/
 	list_for_each_entry(func, &p->funcs, node)
-		func->transition = true;
+		smp_store_release(&func->transition, true);
 }
 
 static int demo_patch_check(struct demo_func *func, struct demo_patch *p)
 {
-	if (!READ_ONCE(func->transition))
+	/* Pairs with smp_store_release() in demo_patch_start() *\/
+	if (!smp_load_acquire(&func->transition))
 		return 0;
-	smp_rmb();
 	return p->state;
 }
 
@@ -38,15 +38,15 @@ static int demo_patch_check(struct demo_func *func, struct demo_patch *p)
 static void demo_patch_reply(struct demo_patch *p, int r)
 {
 	p->reply = r;
-	smp_wmb();
-	WRITE_ONCE(p->done, 1);
+	/* Pairs with smp_load_acquire() in demo_patch_wait() *\/
+	smp_store_release(&p->done, 1);
 	wake_up(&p->waitq);
 }
 
 static int demo_patch_wait(struct demo_patch *p)
 {
-	wait_event(p->waitq, READ_ONCE(p->done));
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_patch_reply() *\/
+	wait_event(p->waitq, smp_load_acquire(&p->done));
 	return p->reply;
 }
 
 * check-output-end
 */
