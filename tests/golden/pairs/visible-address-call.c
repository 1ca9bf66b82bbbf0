// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a call before smp_rmb() whose result the subscribe load's address is computed from. */

struct demo_probe {
	unsigned long flags;
	int insn[4];
	int len;
	bool ready;
};

struct demo_probe *demo_probe_find(unsigned long addr);
int demo_probe_count(void);

static void demo_probe_prepare(struct demo_probe *p, int insn)
{
	p->insn[0] = insn;
	smp_wmb();
	set_bit(1, &p->flags);
}

/* the lookup finds the object the bit is tested in: its loads feed the address (convert) */
static int demo_probe_hit(unsigned long addr)
{
	struct demo_probe *p = demo_probe_find(addr);

	if (!p || !test_bit(1, &p->flags))
		return -1;
	/* pairs with smp_wmb() in demo_probe_prepare() */
	smp_rmb();
	return p->insn[0];
}

struct demo_ptab {
	struct demo_probe *slot[8];
	unsigned int gen;
};

static void demo_tab_set(struct demo_ptab *t, struct demo_probe *p)
{
	t->slot[0] = p;
	smp_wmb();
	WRITE_ONCE(t->gen, t->gen + 2);
}

static struct demo_probe *demo_tab_find(struct demo_ptab *t, int i)
{
	if (READ_ONCE(t->gen) & 1)
		return NULL;
	return t->slot[i & 7];
}

static void demo_probe_prepare_tab(struct demo_probe *p, int insn)
{
	p->insn[1] = insn;
	smp_wmb();
	set_bit(2, &p->flags);
}

/* a lookup acqrel reads: its loads are weighed, and a shared one stays a caveat (review) */
static int demo_probe_hit_tab(struct demo_ptab *t, int i)
{
	struct demo_probe *p;

	p = demo_tab_find(t, i);
	if (!p || !test_bit(2, &p->flags))
		return -1;
	smp_rmb();
	return p->insn[1];
}

static void demo_probe_arm(struct demo_probe *p, int len)
{
	p->len = len;
	smp_wmb();
	WRITE_ONCE(p->ready, true);
}

/* a call whose result is no part of the address: call-between stays */
static int demo_probe_run(struct demo_probe *p)
{
	int n = demo_probe_count();

	if (!READ_ONCE(p->ready))
		return -1;
	smp_rmb();
	return p->len + n;
}

/*
 * check-name: rule LOOKUP: a call before smp_rmb() whose result is the base of the subscribe load (u = find(); test_bit(F, &u->flags)) makes no call-between for the calls acqrel cannot follow inside it; its loads are weighed, and a shared one (a flag of the table it checks) stays a caveat; a call whose result is not stays one (the reader keeps its smp_rmb(), rule WA)
 * check-command: acqrel pairs $file
 * check-output-start
visible-address-call.c:17: protocol p->flags bit 1 (demo_probe.flags): convert
  writer visible-address-call.c:17: smp_wmb() in demo_probe_prepare(); publish store at line 18
  reader visible-address-call.c:29: smp_rmb() in demo_probe_hit(); subscribe load at line 26
  evidence: object, comment, data
  stays: smp_wmb() in demo_probe_prepare() publishes p->flags with set_bit(), which has no release form: smp_wmb() stays there
  adjacent: each barrier that goes orders p->flags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

visible-address-call.c:41: protocol t->gen (demo_ptab.gen): review
  writer visible-address-call.c:41: smp_wmb() in demo_tab_set(); publish store at line 42
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of t->gen; the writers alone would convert, but smp_wmb() in demo_tab_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

visible-address-call.c:55: protocol p->flags bit 2 (demo_probe.flags): review
  writer visible-address-call.c:55: smp_wmb() in demo_probe_prepare_tab(); publish store at line 56
  reader visible-address-call.c:67: smp_rmb() in demo_probe_hit_tab(); subscribe load at line 65
  evidence: object, data
  loses-ordering: the loads of t->gen (line 47) before smp_rmb() in demo_probe_hit_tab() can see other threads' stores: with an acquire on p->flags instead, they are no longer ordered before the loads after it
  stays: smp_wmb() in demo_probe_prepare_tab() publishes p->flags with set_bit(), which has no release form: smp_wmb() stays there
  ordering: 2 other accesses change ordering; 1 can be seen by another thread
    load t->gen (line 47 in demo_tab_find(), called at line 64) before smp_rmb() in demo_probe_hit_tab(): shared
    load t->slot[i & 7] (line 49 in demo_tab_find(), called at line 64) before smp_rmb() in demo_probe_hit_tab(): unordered: no writer in the tree orders a store to t->slot[i & 7] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

visible-address-call.c:74: protocol p->ready (demo_probe.ready): convert
  writer visible-address-call.c:74: smp_wmb() in demo_probe_arm(); publish store at line 75
  reader visible-address-call.c:85: smp_rmb() in demo_probe_run(); subscribe load at line 83
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): smp_rmb() in demo_probe_run() also orders the loads made by demo_probe_count(), whose bodies acqrel does not follow: with an acquire on p->ready instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders p->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
