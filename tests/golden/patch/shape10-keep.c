// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 10: barriers that are not message passing stay. */

struct demo_clock {
	unsigned int seq;
	unsigned long ns;
	int desc[4];
	int head;
	int flag;
	int data;
};

static void demo_clock_write(struct demo_clock *c, unsigned long ns)
{
	WRITE_ONCE(c->seq, c->seq + 1);
	smp_wmb();
	c->ns = ns;
	smp_wmb();
	WRITE_ONCE(c->seq, c->seq + 1);
}

static unsigned long demo_clock_read(struct demo_clock *c)
{
	unsigned int s;
	unsigned long ns;

	do {
		s = READ_ONCE(c->seq);
		smp_rmb();
		ns = c->ns;
		smp_rmb();
	} while (s != READ_ONCE(c->seq) || (s & 1));
	return ns;
}

static void demo_clock_ring(struct demo_clock *c, int d)
{
	c->desc[0] = d;
	dma_wmb();
	WRITE_ONCE(c->head, 1);
}

static void demo_clock_flag(struct demo_clock *c)
{
	c->data = 1;
	smp_mb();
	WRITE_ONCE(c->flag, 1);
}

/*
 * check-name: shape 10, seqcount, dma_wmb() and smp_mb() are kept: no patch even with --include-review
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
 * check-output-end
 */
