// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the demobus core updates a device after a bus reset. */
#include <linux/demobus.h>

static void demobus_update(struct demobus_device *device, int node_id, int generation)
{
	device->node_id = node_id;
	smp_wmb();
	device->generation = generation;
}

static void demobus_set_speed(struct demobus_device *device, int speed, int max_rec)
{
	device->max_rec = max_rec;
	smp_wmb();
	device->speed = speed;
}
