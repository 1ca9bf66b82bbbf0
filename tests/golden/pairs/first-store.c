// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a store the barrier reaches before the protocol's publish store. */

struct demo_kvm {
	unsigned long pages;
	unsigned long huge;
	unsigned long chan;
	unsigned long count;
	int resp;
	int pend;
	int link;
};

static inline void demo_set_pte(unsigned long *ptep, unsigned long val)
{
	WRITE_ONCE(*ptep, val);
}

/* the pte a helper stores comes first: the barrier is its (keep, first-store) */
static void demo_split(struct demo_kvm *k, unsigned long *ptep, unsigned long *child)
{
	int i;

	for (i = 0; i < 512; i++)
		demo_set_pte(child + i, i);
	/* Make pte visible before pmd */
	smp_wmb();
	demo_set_pte(ptep, (unsigned long)child);
	k->huge--;
	k->pages += 512;
}

/* the comment names the counter: it is the publication (review, several-stores) */
static int demo_munge(struct demo_kvm *k, unsigned long *ptep, unsigned long n)
{
	int was;

	k->pages = n;
	was = READ_ONCE(k->link);
	/* ensure data is munged before count is incremented */
	smp_wmb();
	demo_set_pte(ptep, n);
	k->count += n;
	return was;
}

/* the earlier store is in a call under an if: not on every path (review) */
static int demo_event(struct demo_kvm *k, unsigned long *ptep, int ev)
{
	int was;

	k->resp = ev;
	was = READ_ONCE(k->link);
	smp_wmb();
	if (ev & 1)
		demo_set_pte(ptep, ev);
	WRITE_ONCE(k->pend, 0);
	return was;
}

struct demo_fwalk {
	int level;
	int shift;
};

static inline void demo_walk_enter(struct demo_fwalk *w)
{
	w->level--;
}

/* the publish store is a helper's, called after the pte's helper: keep, first-store */
static void demo_populate(struct demo_kvm *k, unsigned long *ptep, unsigned long *child)
{
	struct demo_fwalk w = { 4, 12 };

	while (w.level > 1) {
		demo_set_pte(child, 0);
		smp_wmb();
		demo_set_pte(ptep, (unsigned long)child);
		demo_walk_enter(&w);
	}
}

/* k->count and k->pend are read somewhere: readers acqrel does not see ordered */
static unsigned long demo_kvm_stat(struct demo_kvm *k)
{
	return READ_ONCE(k->count) + READ_ONCE(k->pend);
}

/*
 * check-name: rule FIRST: a store another thread can see that the smp_wmb() reaches on every path before the protocol's publish store, its own or a helper's ("smp_wmb(); set_pte(ptep, v); stat--;"), is what the barrier publishes (keep); not when the barrier's comment names the protocol's variable, nor for a call under an if, nor for a store to a field (shape 7); a publish store a helper makes counts where the helper is called
 * check-command: acqrel pairs $file
 * check-output-start
first-store.c:27: protocol k->huge (demo_kvm.huge): keep
  writer first-store.c:27: smp_wmb() in demo_split(); publish store at line 29
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of k->huge
  several-stores: smp_wmb() in demo_split() also orders the stores to *ptep (line 16), which other threads can see: with a release on k->huge instead, they are no longer ordered after the data
  first-store: smp_wmb() in demo_split() is followed first by the store to *ptep that demo_set_pte() makes (line 28), which other threads can see, and only then by the store to k->huge: the barrier publishes that store too, and a release on k->huge would leave it unordered after the data
  ordering: 2 other accesses change ordering; 1 can be seen by another thread
    store k->pages (line 30) after smp_wmb() in demo_split(): unsubscribed: no reader in the tree orders loads after loading k->pages, and no function in the files that see the struct (first-store.c) loads it by name, takes its address or names it in a macro: readers reach no data through it
    store *ptep (line 16 in demo_set_pte(), called at line 28) after smp_wmb() in demo_split(): shared

first-store.c:41: protocol k->count (demo_kvm.count): review
  writer first-store.c:41: smp_wmb() in demo_munge(); publish store at line 43
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of k->count
  several-stores: smp_wmb() in demo_munge() also orders the stores to *ptep (line 16), which other threads can see: with a release on k->count instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store *ptep (line 16 in demo_set_pte(), called at line 42) after smp_wmb() in demo_munge(): shared

first-store.c:54: protocol k->pend (demo_kvm.pend): review
  writer first-store.c:54: smp_wmb() in demo_event(); publish store at line 57
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of k->pend
  several-stores: smp_wmb() in demo_event() also orders the stores to *ptep (line 16), which other threads can see: with a release on k->pend instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store *ptep (line 16 in demo_set_pte(), called at line 56) after smp_wmb() in demo_event(): shared

first-store.c:78: protocol w->level (demo_fwalk.level): keep
  writer first-store.c:78: smp_wmb() in demo_populate(); publish store in demo_walk_enter() at line 68, called at line 80
  evidence: object, call
  one-side: no reader found in the files given: no smp_rmb() follows a load of w->level
  several-stores: smp_wmb() in demo_populate() also orders the stores to *ptep (line 16), which other threads can see: with a release on w->level instead, they are no longer ordered after the data
  first-store: smp_wmb() in demo_populate() is followed first by the store to *ptep that demo_set_pte() makes (line 79), which other threads can see, and only then by the store to w->level: the barrier publishes that store too, and a release on w->level would leave it unordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store *ptep (line 16 in demo_set_pte(), called at line 79) after smp_wmb() in demo_populate(): shared

 * check-output-end
 */
