// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule S, an smp_rmb() right after a
 * seqcount begin (the raw forms have no barrier of their own) starts a
 * seqcount read section: keep. After another call, it does not.
 */

struct demo_nd {
	unsigned int len;
	unsigned int mode;
	unsigned int seq;
	int buf[8];
};

extern seqcount_t demo_lock_seq;
extern unsigned int demo_step(struct demo_nd *nd);

/* positive: the barrier orders the sequence's load ahead of the section */
int demo_nd_init(struct demo_nd *nd)
{
	unsigned int len = READ_ONCE(nd->len);

	nd->seq = __read_seqcount_begin(&demo_lock_seq);
	smp_rmb();
	return nd->buf[len & 7];
}

/* negative: another call before the barrier leaves the protocol as it was */
int demo_nd_step(struct demo_nd *nd)
{
	unsigned int mode = READ_ONCE(nd->mode);

	nd->seq = demo_step(nd);
	smp_rmb();
	return nd->buf[mode & 7];
}

/* mode and len change at run time */
void demo_nd_set(struct demo_nd *nd, unsigned int mode, unsigned int len)
{
	nd->mode = mode;
	nd->len = len;
}

/*
 * check-name: rule S: an smp_rmb() right after __read_seqcount_begin() starts a seqcount read section (keep, seqcount); one after another call is not
 * check-command: acqrel pairs $file
 * check-output-start
seqcount-begin.c:24: protocol nd->len (demo_nd.len): keep
  reader seqcount-begin.c:24: smp_rmb() in demo_nd_init(); subscribe load at line 21
  evidence: object
  seqcount: smp_rmb() in demo_nd_init() follows __read_seqcount_begin() (line 23): the start of a seqcount read section, which orders the sequence's load ahead of the loads it guards; an acquire on nd->len does not replace it
  ordering: 0 other accesses change ordering

seqcount-begin.c:34: protocol nd->mode (demo_nd.mode): keep
  reader seqcount-begin.c:34: smp_rmb() in demo_nd_step(); subscribe load at line 31
  evidence: object
  no-publisher: no writer in the tree orders a store to nd->mode (no barrier, release or ordered read-modify-write before one), and smp_rmb() in demo_nd_step() does not follow its load directly (other loads or calls lie between): the barrier orders other loads for another pairing, and this protocol is not one
  ordering: 0 other accesses change ordering

 * check-output-end
 */
