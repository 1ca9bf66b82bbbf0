/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a small inline function that returns a member. */
#ifndef _DEMOFS_H
#define _DEMOFS_H

struct demo_super {
	void *s_fs_info;
};

struct demo_sb_info {
	int journal[4];
	unsigned long mount_state;
};

static inline struct demo_sb_info *DEMO_SB(struct demo_super *sb)
{
	return sb->s_fs_info;
}

#endif
