// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an enumerator next to a barrier is a constant, not a variable. */

enum demo_status {
	demo_ok,	/* idle; nothing sent */
	demo_busy = 2,	/* try again; later */
	demo_done = 4,	/* finished */
};

struct demo_dev {
	int buf[4];
	unsigned long flags;
};

int demo_send(struct demo_dev *d);

/* the load before smp_rmb() is of demo_done, which is no memory */
static int demo_poll(struct demo_dev *d)
{
	int ret = demo_send(d);

	if (ret != demo_done) {
		smp_rmb();
		if (!(d->flags & 1))
			return -1;
	}
	return d->buf[0];
}

/* a global variable is one */
static int demo_ready;
static int demo_data;

static void demo_publish(int v)
{
	demo_data = v;
	smp_wmb();
	WRITE_ONCE(demo_ready, 1);
}

static int demo_consume(void)
{
	if (!READ_ONCE(demo_ready))
		return 0;
	smp_rmb();
	return demo_data;
}

/*
 * check-name: an enumerator loaded before a barrier is a constant, not the protocol's variable (keep); a global variable is one
 * check-command: acqrel pairs $file
 * check-output-start
constant.c:23: protocol demo_done: keep
  reader constant.c:23: smp_rmb() in demo_poll(); subscribe load at line 22
  evidence: global
  constant: demo_done is an enumerator, a constant and not memory: the barrier orders other accesses, and this protocol is not one
  ordering: 0 other accesses change ordering

constant.c:37: protocol demo_ready: convert
  writer constant.c:37: smp_wmb() in demo_publish(); publish store at line 38
  reader constant.c:45: smp_rmb() in demo_consume(); subscribe load at line 43
  evidence: global, data
  adjacent: each barrier that goes orders demo_ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
