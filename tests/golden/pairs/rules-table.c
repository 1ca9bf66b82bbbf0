// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a barrier reached through a table of function pointers. */

struct demo_pipe {
	int buf[8];
	unsigned int head;
};

struct demo_pipe_ops {
	int (*peek)(struct demo_pipe *p);
};

static int demo_pipe_peek(struct demo_pipe *p)
{
	smp_rmb();	/* pairs with smp_wmb() in demo_pipe_put() */
	return p->buf[0];
}

static const struct demo_pipe_ops demo_pipe_ops = {
	.peek = demo_pipe_peek,
};

static int demo_pipe_poll(struct demo_pipe *p, const struct demo_pipe_ops *ops)
{
	if (!READ_ONCE(p->head))
		return -1;
	return ops->peek(p);
}

static void demo_pipe_put(struct demo_pipe *p, int v)
{
	p->buf[0] = v;
	smp_wmb();
	WRITE_ONCE(p->head, 1);
}

/*
 * check-name: an smp_rmb() reached through ops->peek() pairs through the loads before the call, and stays there; the writer converts alone
 * check-command: acqrel pairs $file
 * check-output-start
rules-table.c:33: protocol p->head (demo_pipe.head): convert
  writer rules-table.c:33: smp_wmb() in demo_pipe_put(); publish store at line 34
  reader rules-table.c:15: smp_rmb() in demo_pipe_peek(); subscribe load before each call of demo_pipe_peek(): demo_pipe_poll() at line 27 through ->peek
  evidence: object, comment, call, data
  stays: smp_rmb() in demo_pipe_peek() subscribes to p->head one call level away, and stays: demo_pipe_peek() is also used other than by a direct call in its file (its address is taken, or a macro calls it): callers acqrel cannot see
  adjacent: each barrier that goes orders p->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
