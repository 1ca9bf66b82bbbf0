/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: the public header of the demobus subsystem. */
#ifndef _LINUX_DEMOBUS_H
#define _LINUX_DEMOBUS_H

struct demobus_device {
	int node_id;
	int generation;
	int speed;
	int max_rec;
};

#endif
