// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a client driver of demobus reads a device's address. */
#include <linux/demobus.h>

int demobus_send(struct demobus_device *device, int generation);

static int snd_demobus_send(struct demobus_device *device)
{
	int generation = device->generation;

	smp_rmb();
	return demobus_send(device, generation);
}

static int snd_demobus_send_rec(struct demobus_device *device)
{
	int rec = device->max_rec;

	smp_rmb();
	return demobus_send(device, rec);
}
