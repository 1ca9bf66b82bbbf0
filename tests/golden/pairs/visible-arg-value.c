// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel, rule H through calls: a field stored after
 * smp_wmb() whose loads are passed to a function of the file that takes the
 * parameter as a value only (compares it, prints it) reaches no data; one
 * whose helper subscripts with it may. A for_each_*() macro's bound is a
 * loop's bound.
 */

struct demo_argv {
	int data;
	int ready;
	unsigned int seen;	/* stored after the barrier; its helper compares it */
	unsigned int slot;	/* stored after the barrier; its helper subscripts with it */
	unsigned int nbits;	/* stored after the barrier; the bound of for_each_set_bit() */
	unsigned long map;
	int warned;
	int slots[8];
};

static void demo_argv_note(struct demo_argv *a, unsigned int n)
{
	if (n > 4)
		a->warned = 1;
}

static int demo_argv_pick(struct demo_argv *a, unsigned int i)
{
	return a->slots[i & 7];
}

static void demo_argv_post(struct demo_argv *a, int v)
{
	a->data = v;
	smp_wmb();
	WRITE_ONCE(a->ready, 1);
	a->seen++;
}

static void demo_argv_move(struct demo_argv *a, int v)
{
	a->slots[1] = v;
	smp_wmb();
	WRITE_ONCE(a->ready, 2);
	a->slot = 1;
}

static void demo_argv_grow(struct demo_argv *a, int v)
{
	a->data = v;
	smp_wmb();
	WRITE_ONCE(a->ready, 3);
	a->nbits = 8;
}

static int demo_argv_get(struct demo_argv *a)
{
	if (!READ_ONCE(a->ready))
		return -1;
	smp_rmb();
	return a->data;
}

/* seen goes to demo_argv_note() as a value: no caveat */
static void demo_argv_check(struct demo_argv *a)
{
	demo_argv_note(a, a->seen);
}

/* slot goes to demo_argv_pick(), which indexes with it: a caveat */
static int demo_argv_read(struct demo_argv *a)
{
	return demo_argv_pick(a, a->slot);
}

/* nbits bounds the bits the loop visits: no caveat */
static int demo_argv_count(struct demo_argv *a)
{
	unsigned int b;
	int n = 0;

	for_each_set_bit(b, &a->map, a->nbits)
		n++;
	return n;
}

/*
 * check-name: rule H through calls: a load passed to a function of the file that uses it as a value, or as a for_each_*() bound, is read as a value; one a helper subscripts with stays a caveat
 * check-command: acqrel pairs $file
 * check-output-start
visible-arg-value.c:51: protocol a->ready (demo_argv.ready): review
  writer visible-arg-value.c:51: smp_wmb() in demo_argv_grow(); publish store at line 52
  writer visible-arg-value.c:43: smp_wmb() in demo_argv_move(); publish store at line 44
  writer visible-arg-value.c:35: smp_wmb() in demo_argv_post(); publish store at line 36
  reader visible-arg-value.c:60: smp_rmb() in demo_argv_get(); subscribe load at line 58
  evidence: object, data
  several-stores: smp_wmb() in demo_argv_move() also orders the stores to a->slot (line 45), which other threads can see: with a release on a->ready instead, they are no longer ordered after the data
  ordering: 3 other accesses change ordering; 1 can be seen by another thread
    store a->nbits (line 53) after smp_wmb() in demo_argv_grow(): unsubscribed: no reader in the tree orders loads after loading a->nbits, and its 1 load in the files that see the struct (visible-arg-value.c; the first at visible-arg-value.c:82) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it
    store a->slot (line 45) after smp_wmb() in demo_argv_move(): shared: no reader in the tree orders loads after loading a->slot (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell
    store a->seen (line 37) after smp_wmb() in demo_argv_post(): unsubscribed: no reader in the tree orders loads after loading a->seen, and its 1 load in the files that see the struct (visible-arg-value.c; the first at visible-arg-value.c:67) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

 * check-output-end
 */
