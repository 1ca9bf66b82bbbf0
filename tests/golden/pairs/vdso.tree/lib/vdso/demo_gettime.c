// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the user-space side, built into the vDSO. */
#include <vdso/demo_data.h>

unsigned long demo_vdso_read(const struct demo_vdso_data *vd)
{
	unsigned int mode = READ_ONCE(vd->mode);

	smp_rmb();
	return mode ? vd->cycles : 0;
}
