// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: accesses through DEMO_SB(sb)->field; "# include", as kernel/sched writes it. */
# include "demofs.h"

static void demofs_mount_done(struct demo_super *sb)
{
	DEMO_SB(sb)->journal[0] = 1;
	smp_wmb();
	WRITE_ONCE(DEMO_SB(sb)->mount_state, 1);
}

static int demofs_journal(struct demo_super *sb)
{
	unsigned long st = READ_ONCE(DEMO_SB(sb)->mount_state);

	smp_rmb();
	return st ? DEMO_SB(sb)->journal[0] : -1;
}
