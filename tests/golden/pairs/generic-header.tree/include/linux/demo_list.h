/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a generic list whose own helpers publish and read it. */
#ifndef _LINUX_DEMO_LIST_H
#define _LINUX_DEMO_LIST_H

struct demo_node {
	struct demo_node *next;
	int state;
	int owner;
};

struct demo_pkt {
	unsigned short proto;
	int len;
	int csum;
};

static inline void demo_del_careful(struct demo_node *n)
{
	n->state = 0;
	smp_wmb();
	WRITE_ONCE(n->next, n);
}

static inline int demo_empty_careful(struct demo_node *n)
{
	struct demo_node *next = READ_ONCE(n->next);

	smp_rmb();
	return next == n && n->state == 0;
}

#endif
