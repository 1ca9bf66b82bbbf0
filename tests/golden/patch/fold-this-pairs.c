// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a block comment above a converted barrier
 * whose pairing sentence opens with "This pairs with" loses that sentence
 * as it loses one that opens with "Pairs with": the note takes its place
 * as the block's last paragraph, so the block does not say twice what the
 * other side is. The explanation above it stays, and it is still listed
 * for the author when it speaks of a barrier.
 */

struct demo_limits {
	int min, max;
	int changed;
	int gen;
	int seen;
};

void demo_limits_set(struct demo_limits *l, int min, int max)
{
	l->min = min;
	l->max = max;
	/*
	 * The limits must be visible before the flag, or a reader that
	 * sees the flag could use the old limits: use a write barrier.
	 *
	 * This pairs with the read barrier in demo_limits_get().
	 */
	smp_wmb();
	WRITE_ONCE(l->changed, 1);
}

int demo_limits_get(struct demo_limits *l)
{
	if (!READ_ONCE(l->changed))
		return 0;
	smp_rmb();
	return l->max - l->min;
}

void demo_gen_bump(struct demo_limits *l)
{
	l->seen = 0;
	/*
	 * This pairs with demo_gen_read().
	 */
	smp_wmb();
	WRITE_ONCE(l->gen, 1);
}

int demo_gen_read(struct demo_limits *l)
{
	int g = READ_ONCE(l->gen);

	smp_rmb();
	return g + l->seen;
}

/*
 * check-name: a "This pairs with" sentence in the block above a converted barrier is replaced by the note
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/fold-this-pairs.c
+++ b/fold-this-pairs.c
@@ -22,37 +22,33 @@ void demo_limits_set(struct demo_limits *l, int min, int max)
 	/*
 	 * The limits must be visible before the flag, or a reader that
 	 * sees the flag could use the old limits: use a write barrier.
 	 *
-	 * This pairs with the read barrier in demo_limits_get().
+	 * Pairs with smp_load_acquire() in demo_limits_get().
 	 *\/
+	smp_store_release(&l->changed, 1);
-	smp_wmb();
-	WRITE_ONCE(l->changed, 1);
 }
 
 int demo_limits_get(struct demo_limits *l)
 {
-	if (!READ_ONCE(l->changed))
+	/* Pairs with smp_store_release() in demo_limits_set() *\/
+	if (!smp_load_acquire(&l->changed))
 		return 0;
-	smp_rmb();
 	return l->max - l->min;
 }
 
 void demo_gen_bump(struct demo_limits *l)
 {
 	l->seen = 0;
-	/*
-	 * This pairs with demo_gen_read().
-	 *\/
-	smp_wmb();
-	WRITE_ONCE(l->gen, 1);
+	/* Pairs with smp_load_acquire() in demo_gen_read() *\/
+	smp_store_release(&l->gen, 1);
 }
 
 int demo_gen_read(struct demo_limits *l)
 {
-	int g = READ_ONCE(l->gen);
+	/* Pairs with smp_store_release() in demo_gen_bump() *\/
+	int g = smp_load_acquire(&l->gen);
 
-	smp_rmb();
 	return g + l->seen;
 }
 
 /*
 * check-output-end
 * check-error-start
fold-this-pairs.c: in demo_limits_set(): "The limits must be visible before the flag, or a reader that...": note: may still describe the old barriers of l->changed
fold-this-pairs.c:58: "check-name: a "This pairs with" sentence in the block above...": note: may still describe the old barriers of l->changed
fold-this-pairs.c:58: "check-name: a "This pairs with" sentence in the block above...": note: may still describe the old barriers of l->gen
acqrel patch: 2 protocols rewritten in 2 patches, 0 left for the author
 * check-error-end
 */
