// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: flags published with |= and &=. */

#define DEMO_READY	0x1
#define DEMO_INIT	0x2

struct demo_area {
	int data[4];
	unsigned long flags;
	unsigned long state;
};

static void demo_area_ready(struct demo_area *a)
{
	a->data[0] = 1;
	smp_wmb();
	a->flags |= DEMO_READY;
}

static int demo_area_get(struct demo_area *a)
{
	if (!(READ_ONCE(a->flags) & DEMO_READY))
		return -1;
	smp_rmb();
	return a->data[0];
}

static void demo_area_done_init(struct demo_area *a)
{
	a->data[1] = 1;
	smp_wmb();
	a->state &= ~DEMO_INIT;
}

static int demo_area_peek(struct demo_area *a)
{
	if (READ_ONCE(a->state) & DEMO_INIT)
		return -1;
	smp_rmb();
	return a->data[1];
}

/*
 * check-name: X |= v and X &= ~v become smp_store_release(&X, X | v) and (&X, X & ~v)
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/compound-ops.c
+++ b/compound-ops.c
@@ -13,30 +13,30 @@ struct demo_area {
 static void demo_area_ready(struct demo_area *a)
 {
 	a->data[0] = 1;
-	smp_wmb();
-	a->flags |= DEMO_READY;
+	/* Pairs with smp_load_acquire() in demo_area_get() *\/
+	smp_store_release(&a->flags, a->flags | DEMO_READY);
 }
 
 static int demo_area_get(struct demo_area *a)
 {
-	if (!(READ_ONCE(a->flags) & DEMO_READY))
+	/* Pairs with smp_store_release() in demo_area_ready() *\/
+	if (!(smp_load_acquire(&a->flags) & DEMO_READY))
 		return -1;
-	smp_rmb();
 	return a->data[0];
 }
 
 static void demo_area_done_init(struct demo_area *a)
 {
 	a->data[1] = 1;
-	smp_wmb();
-	a->state &= ~DEMO_INIT;
+	/* Pairs with smp_load_acquire() in demo_area_peek() *\/
+	smp_store_release(&a->state, a->state & ~DEMO_INIT);
 }
 
 static int demo_area_peek(struct demo_area *a)
 {
-	if (READ_ONCE(a->state) & DEMO_INIT)
+	/* Pairs with smp_store_release() in demo_area_done_init() *\/
+	if (smp_load_acquire(&a->state) & DEMO_INIT)
 		return -1;
-	smp_rmb();
 	return a->data[1];
 }
 
 * check-output-end
 */
