// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 12: the operand's type and form. */

struct demo_acct {
	u64 bytes[2];
	u64 gen;
	unsigned int live:1;
	int ring[8];
	unsigned int prod;
};

static void demo_acct_gen(struct demo_acct *s)
{
	s->bytes[0] = 1;
	smp_wmb();
	s->gen = 1;
}

static u64 demo_acct_read_gen(struct demo_acct *s)
{
	u64 g = READ_ONCE(s->gen);

	smp_rmb();
	return g + s->bytes[0];
}

static void demo_acct_live(struct demo_acct *s)
{
	s->bytes[1] = 2;
	smp_wmb();
	s->live = 1;
}

static int demo_acct_is_live(struct demo_acct *s)
{
	int l = s->live;

	smp_rmb();
	return l ? s->bytes[1] : 0;
}

/*
 * check-name: shape 12, a u64 operand is rewritten only with --include-review (32-bit caveat); a bitfield never
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/shape12-types.c
+++ b/shape12-types.c
@@ -12,15 +12,15 @@ struct demo_acct {
 static void demo_acct_gen(struct demo_acct *s)
 {
 	s->bytes[0] = 1;
-	smp_wmb();
-	s->gen = 1;
+	/* Pairs with smp_load_acquire() in demo_acct_read_gen() *\/
+	smp_store_release(&s->gen, 1);
 }
 
 static u64 demo_acct_read_gen(struct demo_acct *s)
 {
-	u64 g = READ_ONCE(s->gen);
+	/* Pairs with smp_store_release() in demo_acct_gen() *\/
+	u64 g = smp_load_acquire(&s->gen);
 
-	smp_rmb();
 	return g + s->bytes[0];
 }
 
 * check-output-end
 * check-error-start
shape12-types.c:42: "check-name: shape 12, a u64 operand is rewritten only with -...": note: may still describe the old barriers of s->gen
acqrel patch: 1 protocols rewritten in 1 patch, 0 left for the author
 * check-error-end
 */
