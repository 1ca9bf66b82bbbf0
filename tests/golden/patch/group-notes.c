// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: one smp_wmb() before two publish stores read by one function. */

struct demo_pr {
	int std[8];
	int jmb[8];
	unsigned int std_prod;
	unsigned int jmb_prod;
};

static void demo_refill(struct demo_pr *p, int v)
{
	p->std[0] = v;
	p->jmb[0] = v;
	/* std[] and jmb[] entries must be
	 * updated before the producer indices.
	 */
	smp_wmb();

	p->std_prod = 1;
	p->jmb_prod = 1;
}

static int demo_xfer(struct demo_pr *p)
{
	unsigned int s, j;
	int sum = 0;

	s = READ_ONCE(p->std_prod);
	smp_rmb();
	sum += s ? p->std[0] : 0;
	j = READ_ONCE(p->jmb_prod);
	smp_rmb();
	sum += j ? p->jmb[0] : 0;
	return sum;
}

/*
 * check-name: two releases of one barrier with the same pairing note: each keeps its own note right above it, since checkpatch --strict wants a comment right above every barrier line (saying it once leaves the second release flagged)
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/group-notes.c
+++ b/group-notes.c
@@ -15,10 +15,10 @@ static void demo_refill(struct demo_pr *p, int v)
 	/* std[] and jmb[] entries must be
 	 * updated before the producer indices.
 	 *\/
-	smp_wmb();
-
-	p->std_prod = 1;
-	p->jmb_prod = 1;
+	/* Pairs with smp_load_acquire() in demo_xfer() *\/
+	smp_store_release(&p->std_prod, 1);
+	/* Pairs with smp_load_acquire() in demo_xfer() *\/
+	smp_store_release(&p->jmb_prod, 1);
 }
 
 static int demo_xfer(struct demo_pr *p)
@@ -26,11 +26,11 @@ static int demo_xfer(struct demo_pr *p)
 	unsigned int s, j;
 	int sum = 0;
 
-	s = READ_ONCE(p->std_prod);
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_refill() *\/
+	s = smp_load_acquire(&p->std_prod);
 	sum += s ? p->std[0] : 0;
-	j = READ_ONCE(p->jmb_prod);
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_refill() *\/
+	j = smp_load_acquire(&p->jmb_prod);
 	sum += j ? p->jmb[0] : 0;
 	return sum;
 }
 * check-output-end
 */
