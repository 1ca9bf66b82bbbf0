// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 7: several stores after one write barrier. */

struct demo_view {
	int px[4];
	int width;
	int height;
	int gen;
	int epoch;
	int mark;
};

/* width has no reader: the conversion is reviewed, its caveat listed */
static void demo_view_resize(struct demo_view *v, int w, int h)
{
	v->px[0] = 0;
	smp_wmb();
	v->width = w;
	v->height = h;
}

static int demo_view_height(struct demo_view *v)
{
	int h = READ_ONCE(v->height);

	smp_rmb();
	return h ? v->px[0] : -1;
}

/* two stores in one expression statement: not an operand */
static void demo_view_stamp(struct demo_view *v, int g)
{
	v->px[1] = g;
	smp_wmb();
	v->gen = g, v->px[3] = 0;
}

static int demo_view_gen(struct demo_view *v)
{
	int g = READ_ONCE(v->gen);

	smp_rmb();
	return g + v->px[1];
}

/* both stores have readers: one barrier, two protocols */
static void demo_view_tick(struct demo_view *v, int e)
{
	v->px[2] = e;
	smp_wmb();
	WRITE_ONCE(v->epoch, e);
	WRITE_ONCE(v->mark, e);
}

static int demo_view_epoch(struct demo_view *v)
{
	int e = READ_ONCE(v->epoch);

	smp_rmb();
	return e + v->px[2];
}

static int demo_view_mark(struct demo_view *v)
{
	int m = READ_ONCE(v->mark);

	smp_rmb();
	return m + v->px[2];
}

/*
 * check-name: shape 7, several stores after one wmb: subscribed ones all become releases in one patch, an unread one is a caveat, a comma statement is left
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/shape07-several-stores.c
+++ b/shape07-several-stores.c
@@ -14,16 +14,16 @@ struct demo_view {
 static void demo_view_resize(struct demo_view *v, int w, int h)
 {
 	v->px[0] = 0;
-	smp_wmb();
 	v->width = w;
-	v->height = h;
+	/* Pairs with smp_load_acquire() in demo_view_height() *\/
+	smp_store_release(&v->height, h);
 }
 
 static int demo_view_height(struct demo_view *v)
 {
-	int h = READ_ONCE(v->height);
+	/* Pairs with smp_store_release() in demo_view_resize() *\/
+	int h = smp_load_acquire(&v->height);
 
-	smp_rmb();
 	return h ? v->px[0] : -1;
 }
 
@@ -47,24 +47,25 @@ static int demo_view_gen(struct demo_view *v)
 static void demo_view_tick(struct demo_view *v, int e)
 {
 	v->px[2] = e;
-	smp_wmb();
-	WRITE_ONCE(v->epoch, e);
-	WRITE_ONCE(v->mark, e);
+	/* Pairs with smp_load_acquire() in demo_view_epoch() *\/
+	smp_store_release(&v->epoch, e);
+	/* Pairs with smp_load_acquire() in demo_view_mark() *\/
+	smp_store_release(&v->mark, e);
 }
 
 static int demo_view_epoch(struct demo_view *v)
 {
-	int e = READ_ONCE(v->epoch);
+	/* Pairs with smp_store_release() in demo_view_tick() *\/
+	int e = smp_load_acquire(&v->epoch);
 
-	smp_rmb();
 	return e + v->px[2];
 }
 
 static int demo_view_mark(struct demo_view *v)
 {
-	int m = READ_ONCE(v->mark);
+	/* Pairs with smp_store_release() in demo_view_tick() *\/
+	int m = smp_load_acquire(&v->mark);
 
-	smp_rmb();
 	return m + v->px[2];
 }
 
 * check-output-end
 * check-error-start
shape07-several-stores.c:34: note: protocol v->gen left for the author: the store is not of a form acqrel rewrites (X = v; X++; X op= v; WRITE_ONCE(X, v);)
shape07-several-stores.c:71: "check-name: shape 7, several stores after one wmb: subscribe...": note: may still describe the old barriers of v->height
shape07-several-stores.c: above demo_view_tick(): "both stores have readers: one barrier, two protocols": note: may still describe the old barriers of v->epoch and the protocols sharing its barriers
shape07-several-stores.c:71: "check-name: shape 7, several stores after one wmb: subscribe...": note: may still describe the old barriers of v->epoch and the protocols sharing its barriers
acqrel patch: 3 protocols rewritten in 2 patches, 1 left for the author
 * check-error-end
 */
