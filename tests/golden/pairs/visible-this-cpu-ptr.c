// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: stores through a local set from this_cpu_ptr() are this CPU's. */

struct demo_pcpu {
	unsigned int avail;
};

struct demo_pool {
	struct demo_pcpu __percpu *pcpu;
	struct demo_pcpu spare;
	int slot[16];
	unsigned int count;
	unsigned int gen;
};

/* kcpu is only ever this CPU's copy: private, no caveat */
static void demo_pool_put(struct demo_pool *pl, int v)
{
	struct demo_pcpu *kcpu;

	pl->slot[pl->count % 16] = v;
	smp_wmb();
	WRITE_ONCE(pl->count, pl->count + 1);
	kcpu = this_cpu_ptr(pl->pcpu);
	kcpu->avail++;
}

/* c may point to the shared spare instead: shared, a caveat */
static void demo_pool_put2(struct demo_pool *pl, int v, bool spare)
{
	struct demo_pcpu *c = this_cpu_ptr(pl->pcpu);

	if (spare)
		c = &pl->spare;
	pl->slot[0] = v;
	smp_wmb();
	WRITE_ONCE(pl->gen, 1);
	c->avail = 0;
}

static int demo_pool_first(struct demo_pool *pl)
{
	if (!READ_ONCE(pl->gen))
		return -1;
	smp_rmb();
	return pl->slot[0];
}

int demo_pool_note(unsigned int avail);

/* a reader of avail that passes it on: it may index data with it */
static int demo_pool_spare_note(struct demo_pool *pl)
{
	return demo_pool_note(READ_ONCE(pl->spare.avail));
}

static int demo_pool_get(struct demo_pool *pl, unsigned int i)
{
	if (i >= READ_ONCE(pl->count))
		return -1;
	smp_rmb();
	return pl->slot[i % 16];
}

/*
 * check-name: a store through a local set only from this_cpu_ptr() is this CPU's copy; one set from elsewhere too is shared
 * check-command: acqrel pairs $file
 * check-output-start
visible-this-cpu-ptr.c:22: protocol pl->count (demo_pool.count): convert
  writer visible-this-cpu-ptr.c:22: smp_wmb() in demo_pool_put(); publish store at line 23
  reader visible-this-cpu-ptr.c:61: smp_rmb() in demo_pool_get(); subscribe load at line 59
  evidence: object, data
  adjacent: each barrier that goes orders pl->count and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store kcpu->avail (line 25) after smp_wmb() in demo_pool_put(): private: this CPU's copy of a per-CPU variable: its base is a local set only from this_cpu_ptr(), and the file reads no other CPU's copy

visible-this-cpu-ptr.c:36: protocol pl->gen (demo_pool.gen): review
  writer visible-this-cpu-ptr.c:36: smp_wmb() in demo_pool_put2(); publish store at line 37
  reader visible-this-cpu-ptr.c:45: smp_rmb() in demo_pool_first(); subscribe load at line 43
  evidence: object, data
  several-stores: smp_wmb() in demo_pool_put2() also orders the stores to c->avail (line 38), which other threads can see: with a release on pl->gen instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store c->avail (line 38) after smp_wmb() in demo_pool_put2(): shared: no reader in the tree orders loads after loading c->avail (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
