// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the writer whose reader is an accessor in a public header. */
#include <net/demo_sock.h>

void demo_sk_set(struct demo_sock *sk, int err)
{
	sk->err = err;
	smp_wmb();
	WRITE_ONCE(sk->state, 1);
}
