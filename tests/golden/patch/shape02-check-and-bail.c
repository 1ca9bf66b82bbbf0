// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 2: the reader bails out when nothing is published. */

struct demo_dev {
	int cfg[4];
	int ready;
	int armed;
};

static void demo_dev_setup(struct demo_dev *s, int v)
{
	s->cfg[0] = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

static int demo_dev_cfg(struct demo_dev *s)
{
	if (!READ_ONCE(s->ready))
		return -EAGAIN;
	smp_rmb();
	return s->cfg[0];
}

static void demo_dev_arm(struct demo_dev *s, int v)
{
	s->cfg[1] = v;
	smp_wmb();
	s->armed = 1;
}

static int demo_dev_armed_cfg(struct demo_dev *s)
{
	if (unlikely(!s->armed))
		return -EBUSY;
	smp_rmb();
	return s->cfg[1];
}

/*
 * check-name: shape 2, check and bail: the condition keeps its test (also inside unlikely()) and gets the acquire
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape02-check-and-bail.c
+++ b/shape02-check-and-bail.c
@@ -10,30 +10,30 @@ struct demo_dev {
 static void demo_dev_setup(struct demo_dev *s, int v)
 {
 	s->cfg[0] = v;
-	smp_wmb();
-	WRITE_ONCE(s->ready, 1);
+	/* Pairs with smp_load_acquire() in demo_dev_cfg() *\/
+	smp_store_release(&s->ready, 1);
 }
 
 static int demo_dev_cfg(struct demo_dev *s)
 {
-	if (!READ_ONCE(s->ready))
+	/* Pairs with smp_store_release() in demo_dev_setup() *\/
+	if (!smp_load_acquire(&s->ready))
 		return -EAGAIN;
-	smp_rmb();
 	return s->cfg[0];
 }
 
 static void demo_dev_arm(struct demo_dev *s, int v)
 {
 	s->cfg[1] = v;
-	smp_wmb();
-	s->armed = 1;
+	/* Pairs with smp_load_acquire() in demo_dev_armed_cfg() *\/
+	smp_store_release(&s->armed, 1);
 }
 
 static int demo_dev_armed_cfg(struct demo_dev *s)
 {
-	if (unlikely(!s->armed))
+	/* Pairs with smp_store_release() in demo_dev_arm() *\/
+	if (unlikely(!smp_load_acquire(&s->armed)))
 		return -EBUSY;
-	smp_rmb();
 	return s->cfg[1];
 }
 
 * check-output-end
 */
