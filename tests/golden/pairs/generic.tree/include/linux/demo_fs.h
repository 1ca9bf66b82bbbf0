/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a struct every subsystem uses. */
#ifndef _LINUX_DEMO_FS_H
#define _LINUX_DEMO_FS_H

struct demo_file {
	void *private_data;
	unsigned int f_flags;
	long f_pos;
};

struct demo_ring {
	int slots[16];
	unsigned int head;
};

#endif
