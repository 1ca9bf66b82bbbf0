/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a header that only the unity build includes. */
#ifndef DEMO_H
#define DEMO_H

struct demo_q {
	unsigned long long stamp;
	int data;
};

#endif
