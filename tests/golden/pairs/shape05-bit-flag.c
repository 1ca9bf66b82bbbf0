// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 5: a bit flag publishes. */

#define DEMO_LIVE	0

struct demo_port {
	unsigned long flags;
	int mtu;
};

static void demo_port_up(struct demo_port *s, int mtu)
{
	s->mtu = mtu;
	smp_wmb();
	set_bit(DEMO_LIVE, &s->flags);
}

static int demo_port_mtu(struct demo_port *s)
{
	if (test_bit(DEMO_LIVE, &s->flags)) {
		smp_rmb();
		return s->mtu;
	}
	return 0;
}

/*
 * check-name: shape 5, set_bit() has no release form: the writer keeps smp_wmb(), the reader alone converts to test_bit_acquire()
 * check-command: acqrel pairs $file
 * check-output-start
shape05-bit-flag.c:14: protocol s->flags bit DEMO_LIVE (demo_port.flags): convert
  writer shape05-bit-flag.c:14: smp_wmb() in demo_port_up(); publish store at line 15
  reader shape05-bit-flag.c:21: smp_rmb() in demo_port_mtu(); subscribe load at line 20
  evidence: object, data
  stays: smp_wmb() in demo_port_up() publishes s->flags with set_bit(), which has no release form: smp_wmb() stays there
  adjacent: each barrier that goes orders s->flags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
