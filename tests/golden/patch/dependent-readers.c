// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the writer of a pointer whose readers follow it converts alone. */

struct demo_cfg {
	int mode;
};

struct demo_dev {
	struct demo_cfg *cfg;
};

static void demo_dev_setup(struct demo_dev *d, struct demo_cfg *c)
{
	c->mode = 1;
	/* publish cfg only once it is filled in */
	smp_wmb();
	WRITE_ONCE(d->cfg, c);
}

static int demo_dev_mode(struct demo_dev *d)
{
	struct demo_cfg *c = READ_ONCE(d->cfg);

	return c ? c->mode : 0;
}

static int demo_dev_mode2(struct demo_dev *d)
{
	struct demo_cfg *c = rcu_dereference(d->cfg);

	return c ? c->mode : 0;
}

/*
 * check-name: rule DEP: the release takes the barrier's place, its note names the readers and how they load the pointer, and the readers are left as they are
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/dependent-readers.c
+++ b/dependent-readers.c
@@ -12,9 +12,13 @@ struct demo_dev {
 static void demo_dev_setup(struct demo_dev *d, struct demo_cfg *c)
 {
 	c->mode = 1;
-	/* publish cfg only once it is filled in *\/
-	smp_wmb();
-	WRITE_ONCE(d->cfg, c);
+	/*
+	 * publish cfg only once it is filled in.
+	 *
+	 * Pairs with READ_ONCE() or rcu_dereference() in demo_dev_mode() and
+	 * demo_dev_mode2().
+	 *\/
+	smp_store_release(&d->cfg, c);
 }
 
 static int demo_dev_mode(struct demo_dev *d)
 * check-output-end
 */
