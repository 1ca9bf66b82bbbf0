// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a reader through a header's accessor, and one through its own. */
#include <linux/demo_ev.h>

/* the subscribe load is in the header's accessor (shared-helper): the writer converts alone */
void demo_ev_set(struct demo_ev *e, int v)
{
	e->data = v;
	smp_wmb();
	WRITE_ONCE(e->ready, 1);
}

int demo_ev_get(struct demo_ev *e)
{
	if (!demo_ev_ready(e))
		return -1;
	smp_rmb();
	return e->data;
}

/* the same with a set_bit() writer, which stays: nothing converts, review */
void demo_ev_start(struct demo_ev *e, int v)
{
	e->data = v;
	smp_wmb();
	set_bit(0, &e->flags);
}

int demo_ev_peek(struct demo_ev *e)
{
	if (!demo_ev_busy(e))
		return -1;
	smp_rmb();
	return e->data;
}

struct demo_local {
	int data;
	unsigned int done;
};

/* the file's own static accessor: the acquire goes there, convert */
static bool demo_local_done(struct demo_local *l)
{
	return READ_ONCE(l->done);
}

void demo_local_set(struct demo_local *l, int v)
{
	l->data = v;
	smp_wmb();
	WRITE_ONCE(l->done, 1);
}

int demo_local_get(struct demo_local *l)
{
	if (!demo_local_done(l))
		return -1;
	smp_rmb();
	return l->data;
}
