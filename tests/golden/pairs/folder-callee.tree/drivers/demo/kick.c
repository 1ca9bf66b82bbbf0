// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the callees, in another file of the folder. */
#include "demo.h"

void demo_kick(struct demo_ring *r)
{
	if (atomic_xchg((atomic_t *)&r->kicks, 1))
		return;
	r->notes = 0;
}

void demo_note(struct demo_ring *r)
{
	r->notes++;
}

/* static: not the demo_note() core.c calls */
static void demo_tell(struct demo_ring *r)
{
	r->notes = 2;
}

/* a __weak default another file may override: which one runs is not known */
void __weak demo_hint(struct demo_ring *r)
{
}
