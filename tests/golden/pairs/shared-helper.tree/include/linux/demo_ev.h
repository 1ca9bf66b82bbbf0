/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: an accessor every user of the struct calls. */

struct demo_ev {
	int data;
	unsigned int ready;
	unsigned long flags;
};

static inline bool demo_ev_ready(struct demo_ev *e)
{
	return READ_ONCE(e->ready);
}

static inline bool demo_ev_busy(struct demo_ev *e)
{
	return test_bit(0, &e->flags);
}
