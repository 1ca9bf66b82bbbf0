// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a clear_bit() writer and a test_bit() reader name each other's new form. */

#define DEMO_IN_USE	0

struct demo_port {
	int urbs[4];
	unsigned long flags;
};

static void demo_port_stop(struct demo_port *d)
{
	d->urbs[0] = 0;
	smp_wmb(); /* ordered against demo_port_open() */
	clear_bit(DEMO_IN_USE, &d->flags);
}

static int demo_port_open(struct demo_port *d)
{
	if (test_bit(DEMO_IN_USE, &d->flags))
		return -16;
	smp_rmb(); /* ordered against demo_port_stop() */
	return d->urbs[0];
}

/*
 * check-name: the reader's comment names clear_bit_unlock(), what the writer becomes, and the writer's names test_bit_acquire()
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/clear-bit-pair.c
+++ b/clear-bit-pair.c
@@ -11,15 +11,15 @@ struct demo_port {
 static void demo_port_stop(struct demo_port *d)
 {
 	d->urbs[0] = 0;
-	smp_wmb(); /* ordered against demo_port_open() *\/
-	clear_bit(DEMO_IN_USE, &d->flags);
+	/* Pairs with test_bit_acquire() in demo_port_open() *\/
+	clear_bit_unlock(DEMO_IN_USE, &d->flags);
 }
 
 static int demo_port_open(struct demo_port *d)
 {
-	if (test_bit(DEMO_IN_USE, &d->flags))
+	/* Pairs with clear_bit_unlock() in demo_port_stop() *\/
+	if (test_bit_acquire(DEMO_IN_USE, &d->flags))
 		return -16;
-	smp_rmb(); /* ordered against demo_port_stop() *\/
 	return d->urbs[0];
 }
 
 * check-output-end
 */
