/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: data the kernel shares with user space through the vDSO. */
#ifndef __VDSO_DEMO_DATA_H
#define __VDSO_DEMO_DATA_H

struct demo_vdso_data {
	unsigned int mode;
	unsigned long cycles;
};

#endif
