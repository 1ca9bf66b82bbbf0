/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a public header's accessor, the reader of its subsystem's writer. */
#ifndef _NET_DEMO_SOCK_H
#define _NET_DEMO_SOCK_H

struct demo_sock {
	int state;
	int err;
};

static inline int demo_sk_err(struct demo_sock *sk)
{
	int state = READ_ONCE(sk->state);

	smp_rmb();
	return state ? sk->err : 0;
}

#endif
