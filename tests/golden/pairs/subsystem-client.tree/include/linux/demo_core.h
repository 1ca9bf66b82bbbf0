/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a struct of a header no subsystem is named for. */
#ifndef _LINUX_DEMO_CORE_H
#define _LINUX_DEMO_CORE_H

struct demo_node {
	int state;
	int data;
};

#endif
