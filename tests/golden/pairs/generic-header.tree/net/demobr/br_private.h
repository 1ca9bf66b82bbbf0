/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a subsystem's own header, which only its subsystem includes. */
#include <linux/demo_list.h>

static inline int demo_br_len(struct demo_pkt *p)
{
	unsigned short proto = READ_ONCE(p->proto);

	smp_rmb();
	return proto ? p->len : 0;
}
