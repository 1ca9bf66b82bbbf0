// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 11: two shared loads before one smp_rmb(). */

struct demo_fifo {
	int items[64];
	unsigned int head;
	unsigned int tail;
};

static void demo_fifo_push(struct demo_fifo *f, int x)
{
	f->items[f->tail % 64] = x;
	smp_wmb();
	WRITE_ONCE(f->tail, f->tail + 1);
}

static int demo_fifo_pop(struct demo_fifo *f)
{
	unsigned int head = READ_ONCE(f->head);
	unsigned int tail = READ_ONCE(f->tail);

	smp_rmb();
	if (head == tail)
		return -1;
	return f->items[head % 64];
}

/* the consumer publishes head too: a producer may read it and then the slots */
static void demo_fifo_consume(struct demo_fifo *f)
{
	smp_store_release(&f->head, f->head + 1);
}

/* here nobody orders a store of head: losing its order against the items loses nothing */
struct demo_log {
	int items[64];
	unsigned int head;
	unsigned int tail;
};

static void demo_log_push(struct demo_log *l, int x)
{
	l->items[l->tail % 64] = x;
	smp_wmb();
	WRITE_ONCE(l->tail, l->tail + 1);
}

static int demo_log_peek(struct demo_log *l)
{
	unsigned int head = READ_ONCE(l->head);
	unsigned int tail = READ_ONCE(l->tail);

	smp_rmb();
	return head == tail ? -1 : l->items[head % 64];
}

/*
 * check-name: shape 11, only the paired load could become acquire; the other would lose its ordering: a caveat when a writer orders it, so the reader keeps smp_rmb() and the writer converts alone (rule WA); no caveat when none does
 * check-command: acqrel pairs $file
 * check-output-start
shape11-two-loads.c:13: protocol f->tail (demo_fifo.tail): convert
  writer shape11-two-loads.c:13: smp_wmb() in demo_fifo_push(); publish store at line 14
  reader shape11-two-loads.c:22: smp_rmb() in demo_fifo_pop(); subscribe load at line 20
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of f->head (line 19) before smp_rmb() in demo_fifo_pop() can see other threads' stores: with an acquire on f->tail instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders f->tail and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shape11-two-loads.c:31: protocol f->head (demo_fifo.head): converted
  writer shape11-two-loads.c:31: smp_store_release() in demo_fifo_consume(); publish store at line 31
  evidence: object
  release-acquire: f->head is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

shape11-two-loads.c:44: protocol l->tail (demo_log.tail): convert
  writer shape11-two-loads.c:44: smp_wmb() in demo_log_push(); publish store at line 45
  reader shape11-two-loads.c:53: smp_rmb() in demo_log_peek(); subscribe load at line 51
  evidence: object, data
  adjacent: each barrier that goes orders l->tail and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load l->head (line 50) before smp_rmb() in demo_log_peek(): unordered: no writer in the tree orders a store to l->head after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

 * check-output-end
 */
