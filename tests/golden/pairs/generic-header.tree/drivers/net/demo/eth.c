// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a driver that publishes a packet field. */
#include <linux/demo_list.h>

void demo_eth_rx(struct demo_pkt *p, int len)
{
	p->csum = len;
	smp_wmb();
	WRITE_ONCE(p->proto, 8);
}
