// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: smp_rmb() between the flag and the data. */

struct demo_req {
	int result;
	int done;
	int seq;
};

static void demo_req_finish(struct demo_req *r, int v)
{
	r->result = v;
	smp_wmb();
	WRITE_ONCE(r->done, 1);
}

static int demo_req_poll(struct demo_req *r, int *out)
{
	if (!READ_ONCE(r->done))
		return 0;
	smp_rmb();
	*out = r->result;
	return 1;
}

/* a load of a published variable before the barrier: it is that one's reader */
static int demo_req_again(struct demo_req *r, int *out)
{
	int s = READ_ONCE(r->seq);

	smp_rmb();
	if (READ_ONCE(r->done))
		*out = r->result + s;
	return s;
}

static void demo_req_bump(struct demo_req *r, int v)
{
	r->result = v;
	smp_wmb();
	WRITE_ONCE(r->seq, v);
}

/* the flag's load is an acquire: it orders the data itself */
static int demo_req_acquired(struct demo_req *r, int *out)
{
	smp_rmb();
	if (!smp_load_acquire(&r->done))
		return 0;
	*out = r->result;
	return 1;
}

/* a function whose callers load before calling it */
static void demo_req_sync(void)
{
	smp_rmb();
}

struct demo_msg {
	int body;
	int ready;
	int gen;
};

/* the smp_wmb() orders the flag before a later store: another protocol */
static void demo_msg_post(struct demo_msg *m, int v)
{
	m->body = v;
	WRITE_ONCE(m->ready, 1);
	smp_wmb();
	WRITE_ONCE(m->gen, v);
}

/* the store after the smp_wmb() is in the caller */
static void demo_msg_mark(struct demo_msg *m, int v)
{
	m->body = v;
	WRITE_ONCE(m->ready, 1);
	smp_wmb();
}

static void demo_msg_send(struct demo_msg *m)
{
	demo_msg_mark(m, 2);
	WRITE_ONCE(m->gen, 3);
}

static int demo_msg_read(struct demo_msg *m)
{
	if (!READ_ONCE(m->ready))
		return -1;
	smp_rmb();
	return m->body;
}

struct demo_rx {
	unsigned int desc[16];
	unsigned int cur;
};

/* dma_wmb() orders memory for the device only: no publication to CPUs */
static void demo_rx_give(struct demo_rx *x, unsigned int v)
{
	x->desc[x->cur % 16] = v;
	dma_wmb();
	x->cur++;
}

static bool demo_rx_full(struct demo_rx *x, unsigned int dirty)
{
	if (x->cur - dirty != 16)
		return false;
	smp_rmb();
	return x->desc[dirty % 16] != 0;
}

static unsigned int demo_rx_clean(struct demo_rx *x, unsigned int dirty)
{
	smp_rmb();
	if (x->cur == dirty)
		return 0;
	return x->desc[dirty % 16];
}

/*
 * check-name: misplaced-barrier: an smp_rmb() between the flag's load and the data's is right, and one after a load a writer publishes is that load's; a writer's dma_wmb() publishes to no CPU
 * check-command: acqrel bugs $file
 * check-output-start
 * check-output-end
 */
