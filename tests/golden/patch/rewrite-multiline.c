// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: publish stores written over several lines. */

struct demo_cfg {
	int words[8];
	unsigned long generation_of_the_configuration;
	unsigned long stamp;
};

static void demo_cfg_commit(struct demo_cfg *c, unsigned long base, unsigned long step)
{
	c->words[0] = 1;
	smp_wmb();
	WRITE_ONCE(c->generation_of_the_configuration,
		   base + step * 2 + (unsigned long)c->words[1]);
}

static unsigned long demo_cfg_generation(struct demo_cfg *c)
{
	unsigned long g = READ_ONCE(c->generation_of_the_configuration);

	smp_rmb();
	return g + c->words[0];
}

static void demo_cfg_touch(struct demo_cfg *c, unsigned long now)
{
	c->words[3] = 3;
	smp_wmb();
	c->stamp =
		now +
		1;
}

static unsigned long demo_cfg_stamp(struct demo_cfg *c)
{
	unsigned long s = READ_ONCE(c->stamp);

	smp_rmb();
	return s + c->words[3];
}

/*
 * check-name: a store over several lines is joined, then broken in kernel continuation style when too long
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/rewrite-multiline.c
+++ b/rewrite-multiline.c
@@ -10,33 +10,31 @@ struct demo_cfg {
 static void demo_cfg_commit(struct demo_cfg *c, unsigned long base, unsigned long step)
 {
 	c->words[0] = 1;
-	smp_wmb();
-	WRITE_ONCE(c->generation_of_the_configuration,
-		   base + step * 2 + (unsigned long)c->words[1]);
+	/* Pairs with smp_load_acquire() in demo_cfg_generation() *\/
+	smp_store_release(&c->generation_of_the_configuration,
+			  base + step * 2 + (unsigned long)c->words[1]);
 }
 
 static unsigned long demo_cfg_generation(struct demo_cfg *c)
 {
-	unsigned long g = READ_ONCE(c->generation_of_the_configuration);
+	/* Pairs with smp_store_release() in demo_cfg_commit() *\/
+	unsigned long g = smp_load_acquire(&c->generation_of_the_configuration);
 
-	smp_rmb();
 	return g + c->words[0];
 }
 
 static void demo_cfg_touch(struct demo_cfg *c, unsigned long now)
 {
 	c->words[3] = 3;
-	smp_wmb();
-	c->stamp =
-		now +
-		1;
+	/* Pairs with smp_load_acquire() in demo_cfg_stamp() *\/
+	smp_store_release(&c->stamp, now + 1);
 }
 
 static unsigned long demo_cfg_stamp(struct demo_cfg *c)
 {
-	unsigned long s = READ_ONCE(c->stamp);
+	/* Pairs with smp_store_release() in demo_cfg_touch() *\/
+	unsigned long s = smp_load_acquire(&c->stamp);
 
-	smp_rmb();
 	return s + c->words[3];
 }
 
 * check-output-end
 */
