// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 4: counters publish the slots below them. */

struct demo_stack {
	int slot[16];
	unsigned int nr;
	unsigned int bytes;
	unsigned int free;
};

static void demo_stack_push(struct demo_stack *s, int x)
{
	s->slot[s->nr] = x;
	smp_wmb();
	s->nr++;
}

static int demo_stack_top(struct demo_stack *s)
{
	unsigned int n = READ_ONCE(s->nr);

	smp_rmb();
	return n ? s->slot[n - 1] : -1;
}

static void demo_stack_grow(struct demo_stack *s, unsigned int len)
{
	s->slot[0] = len;
	smp_wmb();
	s->bytes += len + 1;
}

static unsigned int demo_stack_bytes(struct demo_stack *s)
{
	unsigned int b = READ_ONCE(s->bytes);

	smp_rmb();
	return b + s->slot[0];
}

static void demo_stack_take(struct demo_stack *s)
{
	s->slot[1] = 0;
	smp_wmb();
	--s->free;
}

static unsigned int demo_stack_free(struct demo_stack *s)
{
	unsigned int f = READ_ONCE(s->free);

	smp_rmb();
	return f + s->slot[1];
}

/*
 * check-name: shape 4, counter publish: ++, += and -- become smp_store_release(&X, X op v)
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape04-counter.c
+++ b/shape04-counter.c
@@ -11,45 +11,45 @@ struct demo_stack {
 static void demo_stack_push(struct demo_stack *s, int x)
 {
 	s->slot[s->nr] = x;
-	smp_wmb();
-	s->nr++;
+	/* Pairs with smp_load_acquire() in demo_stack_top() *\/
+	smp_store_release(&s->nr, s->nr + 1);
 }
 
 static int demo_stack_top(struct demo_stack *s)
 {
-	unsigned int n = READ_ONCE(s->nr);
+	/* Pairs with smp_store_release() in demo_stack_push() *\/
+	unsigned int n = smp_load_acquire(&s->nr);
 
-	smp_rmb();
 	return n ? s->slot[n - 1] : -1;
 }
 
 static void demo_stack_grow(struct demo_stack *s, unsigned int len)
 {
 	s->slot[0] = len;
-	smp_wmb();
-	s->bytes += len + 1;
+	/* Pairs with smp_load_acquire() in demo_stack_bytes() *\/
+	smp_store_release(&s->bytes, s->bytes + (len + 1));
 }
 
 static unsigned int demo_stack_bytes(struct demo_stack *s)
 {
-	unsigned int b = READ_ONCE(s->bytes);
+	/* Pairs with smp_store_release() in demo_stack_grow() *\/
+	unsigned int b = smp_load_acquire(&s->bytes);
 
-	smp_rmb();
 	return b + s->slot[0];
 }
 
 static void demo_stack_take(struct demo_stack *s)
 {
 	s->slot[1] = 0;
-	smp_wmb();
-	--s->free;
+	/* Pairs with smp_load_acquire() in demo_stack_free() *\/
+	smp_store_release(&s->free, s->free - 1);
 }
 
 static unsigned int demo_stack_free(struct demo_stack *s)
 {
-	unsigned int f = READ_ONCE(s->free);
+	/* Pairs with smp_store_release() in demo_stack_take() *\/
+	unsigned int f = smp_load_acquire(&s->free);
 
-	smp_rmb();
 	return f + s->slot[1];
 }
 
 * check-output-end
 */
