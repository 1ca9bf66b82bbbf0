// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: loads on several paths, stores after the publish store. */

struct demo_seq {
	int buf[8];
	unsigned int tail;
	unsigned int head;
	unsigned int gen;
	unsigned int stat;
};

static void demo_seq_put(struct demo_seq *q, int e, unsigned int t)
{
	q->buf[0] = e;
	smp_wmb();
	q->tail = t;
}

/* the tail is loaded on two paths: only one load can become the acquire */
static int demo_seq_get(struct demo_seq *q, int fast)
{
	unsigned int t;

	if (fast)
		t = READ_ONCE(q->tail) + 1;
	else
		t = READ_ONCE(q->tail);
	smp_rmb();
	return q->buf[t % 8];
}

/* a store after the publish store whose one reader takes it as a value (rule H) */
static void demo_seq_bump(struct demo_seq *q, int e, unsigned int g)
{
	q->buf[1] = e;
	smp_wmb();
	WRITE_ONCE(q->gen, g);
	WRITE_ONCE(q->stat, g + 1);
}

static int demo_seq_gen(struct demo_seq *q)
{
	unsigned int g = READ_ONCE(q->gen);

	smp_rmb();
	return g + q->buf[1];
}

static bool demo_seq_busy(struct demo_seq *q)
{
	return READ_ONCE(q->stat) > 1000;
}

/*
 * check-name: a variable loaded on several paths before smp_rmb() converts its writer alone (its reader keeps smp_rmb()); a later store whose only reader takes it as a value is no caveat (rule H)
 * check-command: acqrel pairs $file
 * check-output-start
rules-paths.c:15: protocol q->tail (demo_seq.tail): convert
  writer rules-paths.c:15: smp_wmb() in demo_seq_put(); publish store at line 16
  reader rules-paths.c:28: smp_rmb() in demo_seq_get(); subscribe load at line 25
  evidence: object
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): q->tail is also loaded at line 27 before smp_rmb() in demo_seq_get() (another path, or a second load): only one load can become the acquire
  adjacent: each barrier that goes orders q->tail and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-paths.c:36: protocol q->gen (demo_seq.gen): convert
  writer rules-paths.c:36: smp_wmb() in demo_seq_bump(); publish store at line 37
  reader rules-paths.c:45: smp_rmb() in demo_seq_gen(); subscribe load at line 43
  evidence: object, data
  adjacent: each barrier that goes orders q->gen and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    store q->stat (line 38) after smp_wmb() in demo_seq_bump(): unsubscribed: no reader in the tree orders loads after loading q->stat, and its 1 load in the files that see the struct (rules-paths.c; the first at rules-paths.c:51) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

 * check-output-end
 */
