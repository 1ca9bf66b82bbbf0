// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a staying reader barrier's comment that names the writer's barrier. */

struct demo_tx {
	unsigned long tmo;
	void *skb;
};

static void demo_start(struct demo_tx *t, void *skb)
{
	t->tmo = jiffies + 10;
	smp_wmb(); /* Matches smp_rmb() in demo_stamp(). */
	t->skb = skb;
}

/* the load next to the barrier is of jiffies: the reader keeps its smp_rmb() */
static int demo_stamp(struct demo_tx *t)
{
	unsigned long now = jiffies;

	smp_rmb(); /* Matches smp_wmb() in demo_start(). */
	return now > t->tmo;
}

struct demo_rx {
	unsigned long tmo;
	void *skb;
};

static void demo_rx_start(struct demo_rx *r, void *skb)
{
	r->tmo = jiffies + 10;
	smp_wmb(); /* Matches smp_rmb() in demo_rx_stamp(). */
	r->skb = skb;
}

/* the comment names the writer's function, not its smp_wmb(): left as it is */
static int demo_rx_stamp(struct demo_rx *r)
{
	unsigned long now = jiffies;

	smp_rmb(); /* Pairs with demo_rx_start(). */
	return now > r->tmo;
}

/*
 * check-name: a reader that keeps its smp_rmb() while its writer converts: a comment on the barrier's line that names the writer's smp_wmb() names its smp_store_release(); one naming only the function is left
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/staying-mention.c
+++ b/staying-mention.c
@@ -9,8 +9,8 @@ struct demo_tx {
 static void demo_start(struct demo_tx *t, void *skb)
 {
 	t->tmo = jiffies + 10;
-	smp_wmb(); /* Matches smp_rmb() in demo_stamp(). *\/
-	t->skb = skb;
+	/* Pairs with smp_rmb() in demo_stamp() *\/
+	smp_store_release(&t->skb, skb);
 }
 
 /* the load next to the barrier is of jiffies: the reader keeps its smp_rmb() *\/
@@ -18,7 +18,7 @@ static int demo_stamp(struct demo_tx *t)
 {
 	unsigned long now = jiffies;
 
-	smp_rmb(); /* Matches smp_wmb() in demo_start(). *\/
+	smp_rmb(); /* Matches smp_store_release() in demo_start(). *\/
 	return now > t->tmo;
 }
 
@@ -30,8 +30,8 @@ struct demo_rx {
 static void demo_rx_start(struct demo_rx *r, void *skb)
 {
 	r->tmo = jiffies + 10;
-	smp_wmb(); /* Matches smp_rmb() in demo_rx_stamp(). *\/
-	r->skb = skb;
+	/* Pairs with smp_rmb() in demo_rx_stamp() *\/
+	smp_store_release(&r->skb, skb);
 }
 
 /* the comment names the writer's function, not its smp_wmb(): left as it is *\/
 * check-output-end
 */
