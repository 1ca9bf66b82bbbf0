// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule S, a reader that reads the variable again after a later smp_rmb() and compares. */

/*
 * check-name: rule S, reader: the variable read again further down after a later smp_rmb(), into another local that is then compared with the first, is a seqcount-style recheck (keep); read again there but not compared, it is not
 * check-command: acqrel pairs $file
 * check-output-start
seqcount-recheck.c:51: protocol pg->stamp (demo_page.stamp): keep
  writer seqcount-recheck.c:51: smp_wmb() in demo_buf_commit(); publish store at line 52
  reader seqcount-recheck.c:64: smp_rmb() in demo_buf_empty(); subscribe load at line 63
  evidence: object, data
  seqcount: demo_buf_empty() reads pg->stamp on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

seqcount-recheck.c:66: protocol pg->commit (demo_page.commit): keep
  reader seqcount-recheck.c:66: smp_rmb() in demo_buf_empty(); subscribe load at line 65
  evidence: object
  seqcount: demo_buf_empty() reads pg->commit on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

seqcount-recheck.c:77: protocol b->prod (demo_buf.prod): convert
  writer seqcount-recheck.c:77: smp_wmb() in demo_buf_fill(); publish store at line 78
  reader seqcount-recheck.c:87: smp_rmb() in demo_buf_take(); subscribe load at line 86
  evidence: object
  adjacent: each barrier that goes orders b->prod and nothing another thread can see besides
  ordering: 0 other accesses change ordering

seqcount-recheck.c:89: protocol b->slots[p1 & 15] (demo_buf.slots): keep
  reader seqcount-recheck.c:89: smp_rmb() in demo_buf_take(); subscribe load at line 88
  evidence: object
  seqcount: demo_buf_take() reads b->slots[p1 & 15] on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

 * check-output-end
 */

struct demo_page {
	unsigned long stamp;
	unsigned long commit;
};

struct demo_buf {
	struct demo_page *commit_page;
	unsigned long prod;
	unsigned long slots[16];
};

void demo_buf_commit(struct demo_buf *b, struct demo_page *pg, unsigned long c)
{
	pg->commit = c;
	smp_wmb();
	WRITE_ONCE(pg->stamp, c + 1);
	WRITE_ONCE(b->commit_page, pg);
}

/* positive: the stamp read again after the second barrier is compared with the first */
int demo_buf_empty(struct demo_buf *b)
{
	struct demo_page *pg, *pg2;
	unsigned long ts, ts2, commit;

	pg = READ_ONCE(b->commit_page);
	ts = pg->stamp;
	smp_rmb();
	commit = pg->commit;
	smp_rmb();
	pg2 = READ_ONCE(b->commit_page);
	ts2 = READ_ONCE(pg2->stamp);
	if (pg2 != pg || ts2 != ts)
		return 0;
	return commit == 0;
}

void demo_buf_fill(struct demo_buf *b, unsigned long v)
{
	b->slots[0] = v;
	smp_wmb();
	WRITE_ONCE(b->prod, 1);
}

/* negative: prod read again further down after a second barrier, for another slot, not compared */
unsigned long demo_buf_take(struct demo_buf *b, unsigned long *out)
{
	unsigned long p1, p2;

	p1 = READ_ONCE(b->prod);
	smp_rmb();
	out[0] = b->slots[p1 & 15];
	smp_rmb();
	out[1] = 0;
	p2 = READ_ONCE(b->prod);
	return b->slots[p2 & 15];
}
