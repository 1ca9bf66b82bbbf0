// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: writers whose readers load the variable
 * with no smp_rmb() but run a full barrier after the load.
 */

struct demo_fq {
	int depth;
	int head;
	void *domain;
};

static void demo_fq_init(struct demo_fq *q, void *dom)
{
	q->depth = 8;
	q->head = 0;
	smp_wmb();
	WRITE_ONCE(q->domain, dom);
}

static int demo_fq_push(struct demo_fq *q)
{
	smp_mb();
	return q->head < q->depth;
}

/* a full barrier two calls down orders the reads after the load (convert) */
static int demo_fq_unmap(struct demo_fq *q)
{
	void *dom = READ_ONCE(q->domain);

	if (!dom)
		return 0;
	return demo_fq_push(q);
}

struct demo_stop {
	atomic_t ack;
	int nr;
	int state;
};

static void demo_stop_set(struct demo_stop *m, int state)
{
	atomic_set(&m->ack, m->nr);
	smp_wmb();
	WRITE_ONCE(m->state, state);
}

static void demo_stop_ack(struct demo_stop *m)
{
	if (atomic_dec_and_test(&m->ack))
		demo_stop_set(m, m->state + 1);
}

/* a fully ordered atomic_dec_and_test() in a callee (convert) */
static int demo_stop_run(struct demo_stop *m, int cur)
{
	int s = READ_ONCE(m->state);

	if (s != cur)
		demo_stop_ack(m);
	return s;
}

struct demo_rx {
	int len;
	int status;
};

static void demo_rx_start(struct demo_rx *r, int len)
{
	/* indices are current */
	smp_mb();
	r->len = len;
	smp_wmb();
	r->status = 1;
}

/*
 * The only full barrier after the load is the writer's own, which this
 * reader calls: no evidence of another thread (review, one-side).
 */
static int demo_rx_proc(struct demo_rx *r)
{
	if (r->status != 0)
		return -1;
	demo_rx_start(r, 64);
	return 0;
}

struct demo_cnt {
	atomic_t users;
	int len;
	int ready;
};

static void demo_cnt_publish(struct demo_cnt *c, int len)
{
	c->len = len;
	smp_wmb();
	WRITE_ONCE(c->ready, 1);
}

/* atomic_inc() is not ordered, and the smp_mb() comes before the load (review, one-side) */
static int demo_cnt_get(struct demo_cnt *c)
{
	smp_mb();
	if (!READ_ONCE(c->ready))
		return -1;
	atomic_inc(&c->users);
	return c->len;
}

struct demo_work {
	struct demo_work *next;
	int queued;
};

static void demo_run_list(struct demo_work *w, struct demo_work *n)
{
	w->next = n;
	/* make sure the flag is seen after the links */
	smp_wmb();
	WRITE_ONCE(w->queued, 0);
}

/* the fully ordered xchg() is the load and the barrier (convert) */
static void demo_queue(struct demo_work *w, struct demo_work *head)
{
	if (!xchg(&w->queued, 1))
		w->next = head;
}

struct demo_plain {
	int len;
	int status;
};

static void demo_plain_set(struct demo_plain *q, int len)
{
	q->len = len;
	smp_wmb();
	q->status = 1;
}

static void demo_plain_sync(void)
{
	smp_mb();
}

/* a plain load, maybe of an object no other thread has: not counted (review, one-side) */
static int demo_plain_flush(struct demo_plain *q)
{
	if (q->status == 0)
		return 0;
	demo_plain_sync();
	return q->len;
}

/*
 * check-name: rule FENCED: a writer with no smp_rmb() reader, whose readers load the variable and then run a full barrier (smp_mb() or a fully ordered read-modify-write, also in a callee of their file, not the writer's own function), converts alone; not a cmpxchg() (ordered-rmw.c), an unordered atomic_inc(), a barrier before the load, or one in the writer's own function; not a bit (its release is no site), nor a plain load (rule WO converts such a writer alone when what follows its function's return is known, as for r->status)
 * check-command: acqrel pairs $file
 * check-output-start
fenced-readers.c:17: protocol q->domain (demo_fq.domain): convert
  writer fenced-readers.c:17: smp_wmb() in demo_fq_init(); publish store at line 18
  evidence: object
  fenced-readers: no smp_rmb() follows a load of q->domain, but a reader loads it and then runs a full barrier (demo_fq_unmap() at fenced-readers.c:30 (smp_mb() in demo_fq_push())): the barrier orders what the reader reads after it after its load, with the release as with smp_wmb(), so the writer converts alone
  adjacent: each barrier that goes orders q->domain and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-readers.c:46: protocol m->state (demo_stop.state): convert
  writer fenced-readers.c:46: smp_wmb() in demo_stop_set(); publish store at line 47
  evidence: object
  fenced-readers: no smp_rmb() follows a load of m->state, but a reader loads it and then runs a full barrier (demo_stop_run() at fenced-readers.c:59 (atomic_dec_and_test() in demo_stop_ack())): the barrier orders what the reader reads after it after its load, with the release as with smp_wmb(), so the writer converts alone
  adjacent: each barrier that goes orders m->state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-readers.c:76: protocol r->status (demo_rx.status): convert
  writer fenced-readers.c:76: smp_wmb() in demo_rx_start(); publish store at line 77
  evidence: object
  writer-alone: no reader found in the files given (no smp_rmb() follows a load of r->status): the release orders the data before the store as smp_wmb() did, for any reader, and the writers' barriers order nothing else another thread can see
  adjacent: each barrier that goes orders r->status and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-readers.c:101: protocol c->ready (demo_cnt.ready): review
  writer fenced-readers.c:101: smp_wmb() in demo_cnt_publish(); publish store at line 102
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->ready; the writers alone would convert, but smp_wmb() in demo_cnt_publish() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

fenced-readers.c:124: protocol w->queued (demo_work.queued): convert
  writer fenced-readers.c:124: smp_wmb() in demo_run_list(); publish store at line 125
  evidence: object
  fenced-readers: no smp_rmb() follows a load of w->queued, but a reader loads it and then runs a full barrier (demo_queue() at fenced-readers.c:131 (xchg())): the barrier orders what the reader reads after it after its load, with the release as with smp_wmb(), so the writer converts alone
  adjacent: each barrier that goes orders w->queued and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-readers.c:143: protocol q->status (demo_plain.status): review
  writer fenced-readers.c:143: smp_wmb() in demo_plain_set(); publish store at line 144
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of q->status; the writers alone would convert, but smp_wmb() in demo_plain_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
