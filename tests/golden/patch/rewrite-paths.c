// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: control flow around the barrier that a rewrite must respect. */

struct demo_path {
	int data[8];
	unsigned int a, b, c, d, e, f, g, h;
};

static void demo_path_pub_a(struct demo_path *p, unsigned int v)
{
	p->data[0] = v;
	smp_wmb();
	p->a = v;
}

static void demo_path_pub_b(struct demo_path *p, unsigned int v)
{
	p->data[1] = v;
	smp_wmb();
	p->b = v;
}

static void demo_path_pub_c(struct demo_path *p, unsigned int v)
{
	p->data[2] = v;
	smp_wmb();
	p->c = v;
}

static void demo_path_pub_d(struct demo_path *p, unsigned int v)
{
	p->data[3] = v;
	smp_wmb();
	p->d = v;
}

static void demo_path_pub_e(struct demo_path *p, unsigned int v)
{
	p->data[4] = v;
	smp_wmb();
	p->e = v; demo_note(v);
}

static void demo_path_pub_f(struct demo_path *p, unsigned int v)
{
	p->data[5] = v;
	smp_wmb();
	p->f = v;
}

static void demo_path_pub_g(struct demo_path *p, unsigned int v, int need)
{
	p->data[7] = v;
	if (need)	// only when someone waits;
		smp_wmb();
	p->g = v;
}

/* nested: removing "if (ret) smp_rmb();" would make the return the body of "if (x)" */
static int demo_path_a(struct demo_path *p, int x)
{
	unsigned int t = READ_ONCE(p->a);
	int ret = t != 0;

	if (x)
		if (ret)
			smp_rmb();
	return p->data[0];
}

/* an else follows past a comment */
static int demo_path_b(struct demo_path *p, int ret)
{
	unsigned int t = READ_ONCE(p->b);

	if (ret)
		smp_rmb();
	/* otherwise nothing to order */
	else
		t = 0;
	return t ? p->data[1] : 0;
}

/* a goto joins another path's load at the label */
static int demo_path_c(struct demo_path *p, int fast)
{
	unsigned int t;

	if (fast) {
		t = READ_ONCE(p->c) + 1;
		goto out;
	}
	t = READ_ONCE(p->c);
out:
	smp_rmb();
	return p->data[2] + t;
}

/* the barrier is the last statement after a label */
static int demo_path_d(struct demo_path *p)
{
	unsigned int t;

	{
		t = READ_ONCE(p->d);
		if (t > 5)
			goto done;
		t++;
done:
		smp_rmb();
	}
	return p->data[3] + t;
}

static int demo_path_e(struct demo_path *p)
{
	unsigned int t = READ_ONCE(p->e);

	smp_rmb();
	return p->data[4] + t;
}

/* a definition like the kernel's, so that the load is the only thing it does */
#define __READ_ONCE(x)	(*(const volatile typeof(x) *)&(x))

static int demo_path_f(struct demo_path *p)
{
	unsigned int t = __READ_ONCE(p->f);

	smp_rmb();
	return p->data[5] + t;
}

/* the conditional write barrier goes with its if: the release orders always */
static int demo_path_g(struct demo_path *p)
{
	unsigned int t = READ_ONCE(p->g);

	smp_rmb();
	return p->data[7] + t;
}

/*
 * check-name: nested ifs, an else past a comment, goto labels, a label ending a block, a second statement or __READ_ONCE() are left; a conditional wmb goes with its if
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/rewrite-paths.c
+++ b/rewrite-paths.c
@@ -44,16 +44,15 @@ static void demo_path_pub_e(struct demo_path *p, unsigned int v)
 static void demo_path_pub_f(struct demo_path *p, unsigned int v)
 {
 	p->data[5] = v;
-	smp_wmb();
-	p->f = v;
+	/* Pairs with smp_rmb() in demo_path_f() *\/
+	smp_store_release(&p->f, v);
 }
 
 static void demo_path_pub_g(struct demo_path *p, unsigned int v, int need)
 {
 	p->data[7] = v;
-	if (need)	// only when someone waits;
-		smp_wmb();
-	p->g = v;
+	/* Pairs with smp_load_acquire() in demo_path_g() *\/
+	smp_store_release(&p->g, v);
 }
 
 /* nested: removing "if (ret) smp_rmb();" would make the return the body of "if (x)" *\/
@@ -134,9 +133,9 @@ static int demo_path_f(struct demo_path *p)
 /* the conditional write barrier goes with its if: the release orders always *\/
 static int demo_path_g(struct demo_path *p)
 {
-	unsigned int t = READ_ONCE(p->g);
+	/* Pairs with smp_store_release() in demo_path_pub_g() *\/
+	unsigned int t = smp_load_acquire(&p->g);
 
-	smp_rmb();
 	return p->data[7] + t;
 }
 
 * check-output-end
 * check-error-start
rewrite-paths.c:67: note: protocol p->a left for the author: the barrier is the body of an if, else or loop without braces, or the statement a label needs
rewrite-paths.c:77: note: protocol p->b left for the author: the barrier is the body of an if, else or loop without braces, or the statement a label needs
rewrite-paths.c:26: note: protocol p->c left for the author: only one side of the protocol is known
rewrite-paths.c:33: note: protocol p->d left for the author: only one side of the protocol is known
rewrite-paths.c:40: note: protocol p->e left for the author: the store is not of a form acqrel rewrites (X = v; X++; X op= v; WRITE_ONCE(X, v);)
rewrite-paths.c:143: "check-name: nested ifs, an else past a comment, goto labels,...": note: may still describe the old barriers of p->f
rewrite-paths.c: above demo_path_g(): "the conditional write barrier goes with its if: the release...": note: may still describe the old barriers of p->g
rewrite-paths.c:143: "check-name: nested ifs, an else past a comment, goto labels,...": note: may still describe the old barriers of p->g
acqrel patch: 2 protocols rewritten in 2 patches, 5 left for the author
 * check-error-end
 */
