// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: memory a device or another machine reads. */

struct demo_desc {
	__le32 addr;
	__le32 len;
};

struct demo_nic {
	struct demo_desc ring[64];
	void __iomem *doorbell;
	unsigned int prod;
	__le32 status;
	unsigned int tx_done;
	int stats[4];
};

/* the wmb orders descriptors before a doorbell write: a device reads them */
static void demo_nic_post(struct demo_nic *n, u32 addr)
{
	n->ring[n->prod % 64].addr = cpu_to_le32(addr);
	smp_wmb();
	n->prod++;
	writel(n->prod, n->doorbell);
}

static unsigned int demo_nic_pending(struct demo_nic *n)
{
	unsigned int p = READ_ONCE(n->prod);

	smp_rmb();
	return p ? le32_to_cpu(n->ring[0].len) : 0;
}

/* a status word in the device's byte order */
static void demo_nic_complete(struct demo_nic *n)
{
	n->stats[0] = 1;
	smp_wmb();
	n->status = cpu_to_le32(1);
}

static int demo_nic_status(struct demo_nic *n)
{
	if (!READ_ONCE(n->status))
		return 0;
	smp_rmb();
	return n->stats[0];
}

/* a writer orders tx_done with dma_wmb(): a device writes it too */
static void demo_nic_done(struct demo_nic *n)
{
	n->stats[1] = 1;
	dma_wmb();
	WRITE_ONCE(n->tx_done, 1);
}

static int demo_nic_is_done(struct demo_nic *n)
{
	int d = READ_ONCE(n->tx_done);

	smp_rmb();
	return d ? n->stats[1] : 0;
}

/*
 * check-name: a barrier before a doorbell write, a __le32 flag and a flag a dma barrier publishes are kept as external
 * check-command: acqrel pairs $file
 * check-output-start
external.c:22: protocol n->prod (demo_nic.prod): keep
  writer external.c:22: smp_wmb() in demo_nic_post(); publish store at line 23
  reader external.c:31: smp_rmb() in demo_nic_pending(); subscribe load at line 29
  evidence: object
  external: smp_wmb() in demo_nic_post() is followed by a write to device memory (writel() or kin): it orders memory a device reads, which release and acquire do not
  ordering: 0 other accesses change ordering

external.c:39: protocol n->status (demo_nic.status): keep
  writer external.c:39: smp_wmb() in demo_nic_complete(); publish store at line 40
  reader external.c:47: smp_rmb() in demo_nic_status(); subscribe load at line 45
  evidence: object, data
  external: n->status has a fixed byte order (__le32 status): a layout shared with a device, firmware or another machine
  ordering: 0 other accesses change ordering

external.c:55: protocol n->tx_done (demo_nic.tx_done): keep
  writer external.c:55: dma_wmb() in demo_nic_done(); publish store at line 56
  reader external.c:63: smp_rmb() in demo_nic_is_done(); subscribe load at line 61
  evidence: object, data
  external: dma_wmb() in demo_nic_done() also orders n->tx_done: the memory is shared with a device, which release and acquire do not order
  ordering: 0 other accesses change ordering

 * check-output-end
 */
