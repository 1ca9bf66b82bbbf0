// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 5: a bit of a flags word publishes. */

#define DEMO_UP		0
#define DEMO_LINK	1
#define DEMO_DUPLEX	2

struct demo_nic {
	unsigned long flags;
	int mtu;
	int speed;
	int duplex;
};

static void demo_nic_up(struct demo_nic *s, int mtu)
{
	s->mtu = mtu;
	smp_wmb();
	set_bit(DEMO_UP, &s->flags);
}

static int demo_nic_mtu(struct demo_nic *s)
{
	if (test_bit(DEMO_UP, &s->flags)) {
		smp_rmb();
		return s->mtu;
	}
	return 0;
}

static void demo_nic_link(struct demo_nic *s, int speed)
{
	s->speed = speed;
	/* Pairs with smp_rmb() in demo_nic_speed() */
	smp_wmb();
	set_bit(DEMO_LINK, &s->flags);
}

static int demo_nic_speed(struct demo_nic *s)
{
	if (!test_bit(DEMO_LINK, &s->flags))
		return -1;
	smp_rmb();
	return s->speed;
}

static void demo_nic_duplex(struct demo_nic *s, int duplex)
{
	s->duplex = duplex;
	smp_wmb(); /* pairs with the smp_rmb() in demo_nic_get_duplex() */
	set_bit(DEMO_DUPLEX, &s->flags);
}

static int demo_nic_get_duplex(struct demo_nic *s)
{
	if (!test_bit(DEMO_DUPLEX, &s->flags))
		return -1;
	smp_rmb();
	return s->duplex;
}

/*
 * check-name: shape 5, set_bit() keeps smp_wmb() (no release bitop), readers become test_bit_acquire(); a pairing comment on the staying barrier's line gives way to the note
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/shape05-bit-flag.c
+++ b/shape05-bit-flag.c
@@ -15,47 +15,48 @@ struct demo_nic {
 static void demo_nic_up(struct demo_nic *s, int mtu)
 {
 	s->mtu = mtu;
+	/* Pairs with test_bit_acquire() in demo_nic_mtu() *\/
 	smp_wmb();
 	set_bit(DEMO_UP, &s->flags);
 }
 
 static int demo_nic_mtu(struct demo_nic *s)
 {
-	if (test_bit(DEMO_UP, &s->flags)) {
-		smp_rmb();
+	/* Pairs with smp_wmb() in demo_nic_up() *\/
+	if (test_bit_acquire(DEMO_UP, &s->flags))
 		return s->mtu;
-	}
 	return 0;
 }
 
 static void demo_nic_link(struct demo_nic *s, int speed)
 {
 	s->speed = speed;
-	/* Pairs with smp_rmb() in demo_nic_speed() *\/
+	/* Pairs with test_bit_acquire() in demo_nic_speed() *\/
 	smp_wmb();
 	set_bit(DEMO_LINK, &s->flags);
 }
 
 static int demo_nic_speed(struct demo_nic *s)
 {
-	if (!test_bit(DEMO_LINK, &s->flags))
+	/* Pairs with smp_wmb() in demo_nic_link() *\/
+	if (!test_bit_acquire(DEMO_LINK, &s->flags))
 		return -1;
-	smp_rmb();
 	return s->speed;
 }
 
 static void demo_nic_duplex(struct demo_nic *s, int duplex)
 {
 	s->duplex = duplex;
-	smp_wmb(); /* pairs with the smp_rmb() in demo_nic_get_duplex() *\/
+	/* Pairs with test_bit_acquire() in demo_nic_get_duplex() *\/
+	smp_wmb();
 	set_bit(DEMO_DUPLEX, &s->flags);
 }
 
 static int demo_nic_get_duplex(struct demo_nic *s)
 {
-	if (!test_bit(DEMO_DUPLEX, &s->flags))
+	/* Pairs with smp_wmb() in demo_nic_duplex() *\/
+	if (!test_bit_acquire(DEMO_DUPLEX, &s->flags))
 		return -1;
-	smp_rmb();
 	return s->duplex;
 }
 
 * check-output-end
 */
