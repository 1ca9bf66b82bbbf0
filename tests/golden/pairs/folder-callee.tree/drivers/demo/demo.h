/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: the struct the two files of the folder share. */

struct demo_ring {
	int data[8];
	int head;
	int kicks;
	int notes;
};

void demo_kick(struct demo_ring *r);
void demo_note(struct demo_ring *r);
void demo_tell(struct demo_ring *r);
void demo_hint(struct demo_ring *r);
