// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: stores published together between two smp_wmb()s. */

struct demo_res {
	int susp;
	int susp_nod;
};

struct demo_dev {
	atomic_t local_cnt;
	unsigned int state;
	unsigned int flags;
	struct demo_res *res;
};

void demo_remember(struct demo_dev *d);
int demo_report(int susp, int susp_nod);

/* a reader of the group's other stores that passes them on */
static int demo_show(struct demo_dev *d)
{
	return demo_report(d->res->susp, d->res->susp_nod);
}

/* state, susp and susp_nod between two barriers: one state (keep, group) */
static void demo_set_state(struct demo_dev *d, unsigned int ns, int susp, int nod)
{
	atomic_inc(&d->local_cnt);
	smp_wmb();
	d->state = ns;
	d->res->susp = susp;
	d->res->susp_nod = nod;
	smp_wmb();
	demo_remember(d);
}

/* no second barrier: the other stores are caveats (review, several-stores) */
static void demo_set_flags(struct demo_dev *d, unsigned int f, int susp)
{
	atomic_inc(&d->local_cnt);
	smp_wmb();
	WRITE_ONCE(d->flags, f);
	d->res->susp = susp;
}

static unsigned int demo_get(struct demo_dev *d)
{
	unsigned int s = READ_ONCE(d->state);
	unsigned int f = READ_ONCE(d->flags);

	smp_rmb();
	return s + f + atomic_read(&d->local_cnt);
}

/*
 * check-name: rule GROUP: a writer whose publish store is followed, straight through, by other stores another thread can see and then by another smp_wmb() of its function publishes them as one state (keep); without the closing barrier they are several-stores
 * check-command: acqrel pairs $file
 * check-output-start
group.c:29: protocol d->state (demo_dev.state): keep
  writer group.c:29: smp_wmb() in demo_set_state(); publish store at line 30
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of d->state
  several-stores: smp_wmb() in demo_set_state() also orders the stores to d->res->susp (line 31), d->res->susp_nod (line 32), which other threads can see: with a release on d->state instead, they are no longer ordered after the data
  group: smp_wmb() in demo_set_state() (line 29) publishes d->state together with d->res->susp (line 31), d->res->susp_nod (line 32), and another smp_wmb() (line 33) closes the group: one state published as a whole, which a release on one of its stores does not cover
  ordering: 2 other accesses change ordering; 2 can be seen by another thread
    store d->res->susp (line 31) after smp_wmb() in demo_set_state(): shared: no reader in the tree orders loads after loading d->res->susp (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell
    store d->res->susp_nod (line 32) after smp_wmb() in demo_set_state(): shared: no reader in the tree orders loads after loading d->res->susp_nod (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

group.c:41: protocol d->flags (demo_dev.flags): review
  writer group.c:41: smp_wmb() in demo_set_flags(); publish store at line 42
  reader group.c:51: smp_rmb() in demo_get(); subscribe load at line 49
  evidence: object, data
  several-stores: smp_wmb() in demo_set_flags() also orders the stores to d->res->susp (line 43), which other threads can see: with a release on d->flags instead, they are no longer ordered after the data
  loses-ordering: the loads of d->state (line 48) before smp_rmb() in demo_get() can see other threads' stores: with an acquire on d->flags instead, they are no longer ordered before the loads after it
  ordering: 2 other accesses change ordering; 2 can be seen by another thread
    store d->res->susp (line 43) after smp_wmb() in demo_set_flags(): shared: no reader in the tree orders loads after loading d->res->susp (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell
    load d->state (line 48) before smp_rmb() in demo_get(): shared

group.c:33:2: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_set_state(); the publish store may be in its callers
 * check-output-end
 */
