// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: another client, in a folder named for the subsystem too. */
#include <linux/demobus.h>

int firedemo_submit(struct demobus_device *device, int speed);

static int firedemo_rate(struct demobus_device *device)
{
	int speed = device->speed;

	smp_rmb();
	return firedemo_submit(device, speed);
}

/* two clients do not join each other: only the core joins its clients */
static void firedemo_set_rec(struct demobus_device *device, int id, int rec)
{
	device->node_id = id;
	smp_wmb();
	device->max_rec = rec;
}
