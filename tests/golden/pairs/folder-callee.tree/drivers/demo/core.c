// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the writers and the reader. */
#include "demo.h"

/* demo_kick() of kick.c runs a fully ordered RMW before it stores: convert */
static void demo_put(struct demo_ring *r, int v)
{
	r->data[0] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 1);
	demo_kick(r);
}

static int demo_get(struct demo_ring *r)
{
	if (!READ_ONCE(r->head))
		return -1;
	smp_rmb();
	return r->data[0];
}

/* demo_note() of kick.c stores a counter: it is named, several-stores */
static void demo_put_noted(struct demo_ring *r, int v)
{
	r->data[1] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 2);
	demo_note(r);
}

/* demo_tell() is defined nowhere in the folder: call-between stays */
static void demo_put_told(struct demo_ring *r, int v)
{
	r->data[2] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 3);
	demo_tell(r);
}

/* demo_hint() is a __weak default of kick.c: call-between stays */
static void demo_put_hinted(struct demo_ring *r, int v)
{
	r->data[3] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 4);
	demo_hint(r);
}

int demo_show(int notes);

/* a reader of notes that passes it on: it may index data with it */
static int demo_notes(struct demo_ring *r)
{
	return demo_show(READ_ONCE(r->notes));
}
