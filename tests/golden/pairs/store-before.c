// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a store right before smp_wmb() and a call right after it. */

struct demo_port {
	int irq_data;
	int dma_busy;
	int ready;
	int index;
	int count;
	int hwirq;
};

void demo_start_dma(struct demo_port *p);
int demo_lookup_hwirq(struct demo_port *p);

/* the barrier orders dma_busy before the DMA the call starts: keep */
static void demo_port_kick(struct demo_port *p, int v)
{
	p->dma_busy = v;
	smp_wmb();
	demo_start_dma(p);
	WRITE_ONCE(p->ready, 1);
}

static int demo_port_poll(struct demo_port *p)
{
	if (!READ_ONCE(p->ready))
		return 0;
	smp_rmb();
	return p->dma_busy;
}

/* the call comes after the publish store: convert */
static void demo_port_open(struct demo_port *p, int v)
{
	p->irq_data = v;
	smp_wmb();
	WRITE_ONCE(p->index, 1);
	demo_start_dma(p);
}

static int demo_port_irq(struct demo_port *p)
{
	if (!READ_ONCE(p->index))
		return 0;
	smp_rmb();
	return p->irq_data;
}

static int demo_port_slots(int n)
{
	return n * 2;
}

/* the call only computes what is published: convert */
static void demo_port_grow(struct demo_port *p, int n)
{
	int c;

	p->irq_data = n;
	smp_wmb();
	c = demo_port_slots(n);
	WRITE_ONCE(p->count, c);
}

static int demo_port_used(struct demo_port *p)
{
	int c = READ_ONCE(p->count);

	smp_rmb();
	return c + p->irq_data;
}

/* a call whose result the publish store writes, even one acqrel cannot see into: not keep */
static void demo_port_map(struct demo_port *p, int v)
{
	int h;

	p->irq_data = v;
	smp_wmb();
	h = demo_lookup_hwirq(p);
	WRITE_ONCE(p->hwirq, h + 1);
}

static int demo_port_hwirq(struct demo_port *p)
{
	int h = READ_ONCE(p->hwirq);

	smp_rmb();
	return h + p->irq_data;
}

/*
 * check-name: a store right before smp_wmb() and a call that may store right after it: the barrier orders the store before the call, keep; a call after the publish store, or one that only computes the published value, is no such case
 * check-command: acqrel pairs $file
 * check-output-start
store-before.c:20: protocol p->ready (demo_port.ready): keep
  writer store-before.c:20: smp_wmb() in demo_port_kick(); publish store at line 22
  reader store-before.c:29: smp_rmb() in demo_port_poll(); subscribe load at line 27
  evidence: object, data
  store-before: demo_port_kick() stores p->dma_busy (line 19) right before its smp_wmb() and calls demo_start_dma() (line 21) before the store to p->ready: the barrier orders that store before what the call does, which a release of p->ready does not
  ordering: 0 other accesses change ordering

store-before.c:37: protocol p->index (demo_port.index): review
  writer store-before.c:37: smp_wmb() in demo_port_open(); publish store at line 38
  reader store-before.c:46: smp_rmb() in demo_port_irq(); subscribe load at line 44
  evidence: object, data
  call-between: smp_wmb() in demo_port_open() also orders the stores made by demo_start_dma(), whose bodies acqrel does not follow: with a release on p->index instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

store-before.c:61: protocol p->count (demo_port.count): convert
  writer store-before.c:61: smp_wmb() in demo_port_grow(); publish store at line 63
  reader store-before.c:70: smp_rmb() in demo_port_used(); subscribe load at line 68
  evidence: object, data
  adjacent: each barrier that goes orders p->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

store-before.c:80: protocol p->hwirq (demo_port.hwirq): review
  writer store-before.c:80: smp_wmb() in demo_port_map(); publish store at line 82
  reader store-before.c:89: smp_rmb() in demo_port_hwirq(); subscribe load at line 87
  evidence: object, data
  call-between: smp_wmb() in demo_port_map() also orders the stores made by demo_lookup_hwirq(), whose bodies acqrel does not follow: with a release on p->hwirq instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
