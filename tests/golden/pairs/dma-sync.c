// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a read barrier right next to a DMA sync for the CPU. */

struct demo_nfc {
	struct device *dev;
	dma_addr_t iaddr;
	unsigned long long *info;
	int steps;
	int done;
	int result;
};

static void demo_nfc_setup(struct demo_nfc *nfc, int steps)
{
	nfc->info = NULL;
	smp_wmb();
	WRITE_ONCE(nfc->steps, steps);
}

/* The barrier waits for what the DMA engine writes: external (keep). */
static int demo_nfc_wait(struct demo_nfc *nfc)
{
	int n = READ_ONCE(nfc->steps);
	unsigned long long v;

	do {
		/* info is updated by the dma engine */
		smp_rmb();
		dma_sync_single_for_cpu(nfc->dev, nfc->iaddr, 8, DMA_FROM_DEVICE);
		v = nfc->info[n - 1];
	} while (!(v & 1));
	return (int)v;
}

static void demo_nfc_finish(struct demo_nfc *nfc, int r)
{
	nfc->result = r;
	smp_wmb();
	WRITE_ONCE(nfc->done, 1);
}

/* The sync is not right next to the barrier: plain message passing (convert). */
static int demo_nfc_result(struct demo_nfc *nfc)
{
	dma_sync_single_for_cpu(nfc->dev, nfc->iaddr, 8, DMA_FROM_DEVICE);
	if (!READ_ONCE(nfc->done))
		return -1;
	smp_rmb();
	return nfc->result;
}

/*
 * check-name: rule DMA-SYNC: an smp_rmb() whose nearest call, a statement of its own, is a DMA sync for the CPU orders what a device writes (external, keep); a sync further away is no such evidence
 * check-command: acqrel pairs $file
 * check-output-start
dma-sync.c:16: protocol nfc->steps (demo_nfc.steps): keep
  writer dma-sync.c:16: smp_wmb() in demo_nfc_setup(); publish store at line 17
  reader dma-sync.c:28: smp_rmb() in demo_nfc_wait(); subscribe load at line 23
  evidence: object, data
  external: smp_rmb() in demo_nfc_wait() is right next to dma_sync_single_for_cpu() (line 29): it orders what a device writes into a DMA buffer, which release and acquire do not
  ordering: 0 other accesses change ordering

dma-sync.c:38: protocol nfc->done (demo_nfc.done): convert
  writer dma-sync.c:38: smp_wmb() in demo_nfc_finish(); publish store at line 39
  reader dma-sync.c:48: smp_rmb() in demo_nfc_result(); subscribe load at line 46
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): smp_rmb() in demo_nfc_result() also orders the loads made by dma_sync_single_for_cpu(), whose bodies acqrel does not follow: with an acquire on nfc->done instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders nfc->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
