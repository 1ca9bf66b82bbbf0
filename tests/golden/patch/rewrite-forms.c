// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the rewrites of the publish store and the subscribe load. */

struct demo_stream {
	int frames[16];
	unsigned int produced;
	unsigned int consumed_by_the_reader_with_a_long_name;
	unsigned int batches;
	int armed;
};

static void demo_stream_push(struct demo_stream *s, int f)
{
	s->frames[s->produced % 16] = f;
	smp_wmb();	/* frames before the count */
	s->produced++;
}

static int demo_stream_peek(struct demo_stream *s, unsigned int i)
{
	unsigned int n = READ_ONCE(s->produced);

	smp_rmb();
	return i < n ? s->frames[i % 16] : -1;
}

static void demo_stream_batch(struct demo_stream *s, unsigned int k)
{
	s->frames[0] = 1;
	/* Pairs with smp_rmb() in demo_stream_batches() */
	smp_wmb();
	s->batches += k * 2;
}

static unsigned int demo_stream_batches(struct demo_stream *s)
{
	unsigned int b;

	b = s->batches;
	smp_rmb();
	return b + s->frames[0];
}

static void demo_stream_arm(struct demo_stream *s, int very_long_argument_name_one, int two)
{
	s->frames[1] = two;
	smp_wmb();
	s->consumed_by_the_reader_with_a_long_name = very_long_argument_name_one + two * 1000 + 7;
}

static int demo_stream_armed(struct demo_stream *s)
{
	if (!READ_ONCE(s->consumed_by_the_reader_with_a_long_name))
		return 0;
	smp_rmb();
	return s->frames[1];
}

/*
 * check-name: counters, +=, READ_ONCE() in a declaration, comments kept or replaced, long lines broken
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/rewrite-forms.c
+++ b/rewrite-forms.c
@@ -12,47 +12,48 @@ struct demo_stream {
 static void demo_stream_push(struct demo_stream *s, int f)
 {
 	s->frames[s->produced % 16] = f;
-	smp_wmb();	/* frames before the count *\/
-	s->produced++;
+	/* frames before the count *\/
+	/* Pairs with smp_load_acquire() in demo_stream_peek() *\/
+	smp_store_release(&s->produced, s->produced + 1);
 }
 
 static int demo_stream_peek(struct demo_stream *s, unsigned int i)
 {
-	unsigned int n = READ_ONCE(s->produced);
+	/* Pairs with smp_store_release() in demo_stream_push() *\/
+	unsigned int n = smp_load_acquire(&s->produced);
 
-	smp_rmb();
 	return i < n ? s->frames[i % 16] : -1;
 }
 
 static void demo_stream_batch(struct demo_stream *s, unsigned int k)
 {
 	s->frames[0] = 1;
-	/* Pairs with smp_rmb() in demo_stream_batches() *\/
-	smp_wmb();
-	s->batches += k * 2;
+	/* Pairs with smp_load_acquire() in demo_stream_batches() *\/
+	smp_store_release(&s->batches, s->batches + (k * 2));
 }
 
 static unsigned int demo_stream_batches(struct demo_stream *s)
 {
 	unsigned int b;
 
-	b = s->batches;
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_stream_batch() *\/
+	b = smp_load_acquire(&s->batches);
 	return b + s->frames[0];
 }
 
 static void demo_stream_arm(struct demo_stream *s, int very_long_argument_name_one, int two)
 {
 	s->frames[1] = two;
-	smp_wmb();
-	s->consumed_by_the_reader_with_a_long_name = very_long_argument_name_one + two * 1000 + 7;
+	/* Pairs with smp_load_acquire() in demo_stream_armed() *\/
+	smp_store_release(&s->consumed_by_the_reader_with_a_long_name,
+			  very_long_argument_name_one + two * 1000 + 7);
 }
 
 static int demo_stream_armed(struct demo_stream *s)
 {
-	if (!READ_ONCE(s->consumed_by_the_reader_with_a_long_name))
+	/* Pairs with smp_store_release() in demo_stream_arm() *\/
+	if (!smp_load_acquire(&s->consumed_by_the_reader_with_a_long_name))
 		return 0;
-	smp_rmb();
 	return s->frames[1];
 }
 
 * check-output-end
 */
