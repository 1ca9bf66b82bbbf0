// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: the load right after an smp_rmb() sits in
 * the condition of an if whose body holds another barrier.
 */

struct demo_led {
	struct demo_dev *dev;
	atomic_t active;
	int mode;
};

void demo_led_arm(struct demo_led *l);

/* the flag is stored right before an smp_wmb(): store-then-barrier */
static void demo_led_start(struct demo_led *l)
{
	atomic_set(&l->active, 1);
	smp_wmb();
	demo_led_arm(l);
}

/*
 * nobody publishes l->dev: the rmb is for the condition's load of the
 * flag, although the if's body ends the window with its own barrier
 */
static void demo_led_stop(struct demo_led *l)
{
	struct demo_dev *dev = l->dev;

	smp_rmb();
	if (atomic_read(&l->active)) {
		atomic_set(&l->active, 0);
		smp_wmb();
	}
	demo_dev_reset(dev);
}

/*
 * check-name: barrier-before-load: the first load after smp_rmb() may be an if's condition whose body holds the next barrier (the load stays in the window, the body's stores do not)
 * check-command: acqrel pairs $file
 * check-output-start
barrier-before-load-fence.c:31: protocol l->dev (demo_led.dev): keep
  reader barrier-before-load-fence.c:31: smp_rmb() in demo_led_stop(); subscribe load at line 29
  evidence: object
  barrier-before-load: the first load after smp_rmb() in demo_led_stop() is of l->active (line 32), which writers in the tree store right before an smp_wmb() that orders it ahead of the calls after it, and no writer publishes l->dev: the barrier pairs with those, ordering what the calls publish (read before it) ahead of l->active, and no release or acquire of l->dev replaces it
  ordering: 0 other accesses change ordering

barrier-before-load-fence.c:19:2: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_led_start(); the publish store may be in its callers
barrier-before-load-fence.c:34:3: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_led_stop(); the publish store may be in its callers
 * check-output-end
 */
