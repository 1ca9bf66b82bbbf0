// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: publish stores inside functions called after smp_wmb(). */

struct demo_req {
	int data[4];
	int done;
	int status;
	int count;
};

static void demo_req_mark_done(struct demo_req *r)
{
	WRITE_ONCE(r->done, 1);
}

/* the only store after the barrier is in a helper: it is the publish store */
static void demo_req_complete(struct demo_req *r, int v)
{
	r->data[0] = v;
	smp_wmb();
	demo_req_mark_done(r);
}

static int demo_req_result(struct demo_req *r)
{
	if (!READ_ONCE(r->done))
		return -1;
	smp_rmb();
	return r->data[0];
}

static void demo_req_set_status(struct demo_req *r, int s)
{
	WRITE_ONCE(r->status, s);
}

/* a second publish variable, stored in a called function: both become releases */
static void demo_req_finish(struct demo_req *r, int v)
{
	r->data[1] = v;
	smp_wmb();
	WRITE_ONCE(r->count, 1);
	demo_req_set_status(r, 1);
}

static int demo_req_count(struct demo_req *r)
{
	int n = READ_ONCE(r->count);

	smp_rmb();
	return n ? r->data[1] : 0;
}

static int demo_req_status(struct demo_req *r)
{
	int s = READ_ONCE(r->status);

	smp_rmb();
	return s ? r->data[1] : 0;
}

/*
 * check-name: the release goes into the function called after smp_wmb() that holds the publish store; a group with one gets both releases
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/callee-store.c
+++ b/callee-store.c
@@ -10,52 +10,53 @@ struct demo_req {
 
 static void demo_req_mark_done(struct demo_req *r)
 {
-	WRITE_ONCE(r->done, 1);
+	/* Pairs with smp_load_acquire() in demo_req_result() *\/
+	smp_store_release(&r->done, 1);
 }
 
 /* the only store after the barrier is in a helper: it is the publish store *\/
 static void demo_req_complete(struct demo_req *r, int v)
 {
 	r->data[0] = v;
-	smp_wmb();
 	demo_req_mark_done(r);
 }
 
 static int demo_req_result(struct demo_req *r)
 {
-	if (!READ_ONCE(r->done))
+	/* Pairs with smp_store_release() in demo_req_mark_done() *\/
+	if (!smp_load_acquire(&r->done))
 		return -1;
-	smp_rmb();
 	return r->data[0];
 }
 
 static void demo_req_set_status(struct demo_req *r, int s)
 {
-	WRITE_ONCE(r->status, s);
+	/* Pairs with smp_load_acquire() in demo_req_status() *\/
+	smp_store_release(&r->status, s);
 }
 
 /* a second publish variable, stored in a called function: both become releases *\/
 static void demo_req_finish(struct demo_req *r, int v)
 {
 	r->data[1] = v;
-	smp_wmb();
-	WRITE_ONCE(r->count, 1);
+	/* Pairs with smp_load_acquire() in demo_req_count() *\/
+	smp_store_release(&r->count, 1);
 	demo_req_set_status(r, 1);
 }
 
 static int demo_req_count(struct demo_req *r)
 {
-	int n = READ_ONCE(r->count);
+	/* Pairs with smp_store_release() in demo_req_finish() *\/
+	int n = smp_load_acquire(&r->count);
 
-	smp_rmb();
 	return n ? r->data[1] : 0;
 }
 
 static int demo_req_status(struct demo_req *r)
 {
-	int s = READ_ONCE(r->status);
+	/* Pairs with smp_store_release() in demo_req_set_status() *\/
+	int s = smp_load_acquire(&r->status);
 
-	smp_rmb();
 	return s ? r->data[1] : 0;
 }
 
 * check-output-end
 */
