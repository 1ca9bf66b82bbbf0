/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a u64 in code only 64-bit kernels build. */
#ifndef __ASM_DEMO_CLOCK_H
#define __ASM_DEMO_CLOCK_H

struct demo_clock {
	u64 cycles;
	u64 base;
};

#endif
