// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a driver that publishes its state in file->private_data. */
#include <linux/demo_fs.h>

struct demo_dev {
	int data[4];
};

static int demo_dev_open(struct demo_file *file, struct demo_dev *dev)
{
	dev->data[0] = 1;
	smp_wmb();
	file->private_data = dev;
	return 0;
}
