// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the kernel side of vDSO data. */
#include <vdso/demo_data.h>

void demo_update_vsyscall(struct demo_vdso_data *vd, unsigned long now)
{
	vd->cycles = now;
	smp_wmb();
	WRITE_ONCE(vd->mode, 1);
}
