// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a read barrier whose comment names another load before it. */

struct demo_apic {
	unsigned long pending;
	int state;
	int vector;
};

static void demo_apic_set(struct demo_apic *a, int state)
{
	WRITE_ONCE(a->state, state);
}

/* the comment names pending, tested by a fully ordered RMW: not state's barrier, keep */
static int demo_apic_accept(struct demo_apic *a)
{
	int v = -1;

	if (test_and_clear_bit(1, &a->pending)) {
		if (READ_ONCE(a->state) == 2) {
			/* evaluate pending before reading the vector */
			smp_rmb();
			v = a->vector;
		}
	}
	return v;
}

struct demo_async {
	unsigned int count;
	unsigned int done;
	int buf[16];
};

struct demo_sub {
	struct demo_async *async;
};

static void demo_async_put(struct demo_async *as, int x)
{
	as->buf[as->count % 16] = x;
	/* make sure the data is in the buffer before the count moves */
	smp_wmb();
	WRITE_ONCE(as->count, as->count + 1);
}

/* the comment names "async", the base the subscribe load goes through: still count's barrier */
static unsigned int demo_async_avail(struct demo_sub *s)
{
	struct demo_async *async = s->async;
	unsigned int n;

	n = READ_ONCE(async->count) - async->done;
	/* ensure the async buffer counts are read before the data */
	smp_rmb();
	return n;
}

struct demo_dev {
	int ready;
	int cfg;
	int gen;
};

static void demo_dev_set(struct demo_dev *d, int cfg)
{
	d->cfg = cfg;
	WRITE_ONCE(d->gen, d->gen + 1);
	smp_wmb();
	WRITE_ONCE(d->ready, 1);
}

/* the comment names both gen and ready: the protocol's own variable is named, no rule */
static int demo_dev_cfg(struct demo_dev *d)
{
	int g = READ_ONCE(d->gen);

	if (!READ_ONCE(d->ready))
		return g;
	/* read gen and ready before cfg */
	smp_rmb();
	return d->cfg;
}

struct demo_txq {
	unsigned short *cons_sb;
	unsigned short pkt_cons;
	int bufs[16];
};

/*
 * The comment names hw_cons, the local the device's index is loaded into
 * through le16_to_cpu(): the barrier subscribes to that load, not to the
 * consumer's own index pkt_cons (keep).
 */
static int demo_tx_clean(struct demo_txq *q)
{
	unsigned short hw_cons = le16_to_cpu(*q->cons_sb);
	unsigned short sw_cons = READ_ONCE(q->pkt_cons);

	/* Ensure subsequent loads occur after hw_cons */
	smp_rmb();
	return q->bufs[sw_cons % 16] + hw_cons;
}

static void demo_tx_done(struct demo_txq *q, unsigned short c)
{
	q->bufs[c % 16] = 0;
	smp_wmb();
	WRITE_ONCE(q->pkt_cons, c);
}

struct demo_rq {
	unsigned int head;
	unsigned int count;
	int entries[16];
};

static unsigned int demo_rq_head(struct demo_rq *rq)
{
	return READ_ONCE(rq->head);
}

static void demo_rq_post(struct demo_rq *rq, int v)
{
	rq->entries[rq->head % 16] = v;
	smp_wmb();
	WRITE_ONCE(rq->head, rq->head + 1);
}

/*
 * The subscribe load is in a helper, and the count the comment names is
 * the reader's own, computed from it: the rule stays out.
 */
static int demo_rq_get(struct demo_rq *rq, unsigned int tail)
{
	unsigned int head;

	head = demo_rq_head(rq);
	rq->count = head - tail;
	if (rq->count == 0)
		return -1;
	/* Make sure entry is read after the count is read. */
	smp_rmb();
	return rq->entries[tail % 16];
}

struct demo_stats {
	int reset_pending;
	int last_index;
	int state_num;
	unsigned long long reset_time;
	unsigned long long times[8];
};

static void demo_stats_reset(struct demo_stats *st, unsigned long long now)
{
	WRITE_ONCE(st->reset_time, now);
	smp_wmb();
	WRITE_ONCE(st->reset_pending, 1);
}

static void demo_stats_move(struct demo_stats *st, int idx)
{
	st->times[idx] = 0;
	smp_wmb();
	WRITE_ONCE(st->last_index, idx);
}

/*
 * The comment names reset_pending, loaded at the top of the function,
 * past the window: the barrier is that load's, not last_index's (keep).
 */
static unsigned long long demo_stats_show(struct demo_stats *st, int i)
{
	int pending = READ_ONCE(st->reset_pending);
	unsigned long long t = 0;

	t += st->times[0];
	t += st->times[1];
	t += st->times[2];
	t += st->times[3];
	t += st->times[4];
	t += st->times[5];
	t += st->times[6];
	t += st->times[7];
	for (; i < st->state_num; i++) {
		if (pending) {
			if (i == READ_ONCE(st->last_index)) {
				/* the reset_time read must not pass the reset_pending read above */
				smp_rmb();
				t += READ_ONCE(st->reset_time);
			}
		} else {
			t += st->times[i];
		}
	}
	return t;
}

struct demo_tab {
	int reset_flag;
	int gen;
	int slots[8];
};

static void demo_tab_fill(struct demo_tab *tb, int v)
{
	tb->slots[v % 8] = v;
	smp_wmb();
	WRITE_ONCE(tb->gen, v);
}

/*
 * The comment names reset_flag, which the function only stores further
 * up (WRITE_ONCE()): no load of it, so the barrier stays gen's (convert).
 */
static int demo_tab_read(struct demo_tab *tb, int i)
{
	int g, t = 0;

	WRITE_ONCE(tb->reset_flag, 0);
	t += tb->slots[0];
	t += tb->slots[1];
	t += tb->slots[2];
	t += tb->slots[3];
	t += tb->slots[4];
	t += tb->slots[5];
	t += tb->slots[6];
	t += tb->slots[7];
	g = READ_ONCE(tb->gen);
	/* the generation first; reset_flag was cleared above */
	smp_rmb();
	return t + tb->slots[(g + i) % 8];
}

struct demo_owork {
	unsigned long flags;
	int result;
	struct demo_owork *next;
};

struct demo_worker {
	struct demo_owork *first;
};

static void demo_worker_add(struct demo_worker *w, struct demo_owork *k)
{
	k->result = 0;
	smp_wmb();
	WRITE_ONCE(w->first, k);
}

static void demo_work_done(struct demo_owork *k, int r)
{
	k->result = r;
	smp_mb__before_atomic();
	set_bit(DEMO_WORK_DONE_BIT, &k->flags);
}

/* the comment names the bit test_bit() loads, and not first: keep */
static int demo_worker_run(struct demo_worker *w)
{
	struct demo_owork *k = READ_ONCE(w->first);

	if (!test_bit(DEMO_WORK_DONE_BIT, &k->flags))
		return -1;
	/* Orders all later loads after reading WORK_DONE_BIT */
	smp_rmb();
	return k->result;
}

/*
 * check-name: rule W for readers: an smp_rmb() whose comment names another load before it (a fully ordered RMW's too), and not the protocol's, is that load's barrier (keep); not a base of the subscribe load, nor when the comment names the protocol's variable as well; the load may be named by the local it goes to (through le16_to_cpu()), and a reader whose subscribe load is in a helper is left out; a member the comment names and the function loads further up than the window reaches counts too, not a store of it (WRITE_ONCE()) nor a member the subscribe load goes through; a bit test_bit() loads is named by its bit or a tail of it (WORK_DONE_BIT)
 * check-command: acqrel pairs $file
 * check-output-start
comment-names-other-load.c:23: protocol a->state (demo_apic.state): keep
  reader comment-names-other-load.c:23: smp_rmb() in demo_apic_accept(); subscribe load at line 21
  evidence: object
  comment-names-other: the comment of smp_rmb() in demo_apic_accept() names pending, which it loads before the barrier (a->pending, line 20), and not a->state: the barrier subscribes to that load, and this one it orders in passing
  ordering: 0 other accesses change ordering

comment-names-other-load.c:44: protocol async->count (demo_async.count): convert
  writer comment-names-other-load.c:44: smp_wmb() in demo_async_put(); publish store at line 45
  reader comment-names-other-load.c:56: smp_rmb() in demo_async_avail(); subscribe load at line 54
  evidence: object
  adjacent: each barrier that goes orders async->count and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    load async->done (line 54) before smp_rmb() in demo_async_avail(): before publication: demo_async.done is stored nowhere in comment-names-other-load.c, the file that defines its struct: it is set only where an object is initialised in its declaration
    load s->async (line 51) before smp_rmb() in demo_async_avail(): address: its value async forms the address of the subscribe load async->count

comment-names-other-load.c:70: protocol d->ready (demo_dev.ready): convert
  writer comment-names-other-load.c:70: smp_wmb() in demo_dev_set(); publish store at line 71
  reader comment-names-other-load.c:82: smp_rmb() in demo_dev_cfg(); subscribe load at line 79
  evidence: object, data
  adjacent: each barrier that goes orders d->ready and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load d->gen (line 77) before smp_rmb() in demo_dev_cfg(): unordered: no writer in the tree orders a store to d->gen after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

comment-names-other-load.c:110: protocol q->pkt_cons (demo_txq.pkt_cons): keep
  writer comment-names-other-load.c:110: smp_wmb() in demo_tx_done(); publish store at line 111
  reader comment-names-other-load.c:103: smp_rmb() in demo_tx_clean(); subscribe load at line 100
  evidence: object, data
  comment-names-other: the comment of smp_rmb() in demo_tx_clean() names hw_cons, which it loads before the barrier (*q->cons_sb, line 99), and not q->pkt_cons: the barrier subscribes to that load, and this one it orders in passing
  ordering: 0 other accesses change ordering

comment-names-other-load.c:128: protocol rq->head (demo_rq.head): convert
  writer comment-names-other-load.c:128: smp_wmb() in demo_rq_post(); publish store at line 129
  reader comment-names-other-load.c:145: smp_rmb() in demo_rq_get(); subscribe load in demo_rq_head() at line 122, called at line 140
  evidence: object, call, data
  adjacent: each barrier that goes orders rq->head and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load rq->count (line 142) before smp_rmb() in demo_rq_get(): unordered: no writer in the tree orders a store to rq->count after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

comment-names-other-load.c:160: protocol st->reset_pending (demo_stats.reset_pending): convert
  writer comment-names-other-load.c:160: smp_wmb() in demo_stats_reset(); publish store at line 161
  evidence: object
  named-readers: no smp_rmb() follows a load of st->reset_pending right away, but a reader loads it and runs smp_rmb() further down, whose comment names reset_pending (demo_stats_show(), load at comment-names-other-load.c:177, smp_rmb() at line 192): the barrier orders what the reader reads after it after its load, with the release as with smp_wmb(), so the writer converts alone and the reader stays
  adjacent: each barrier that goes orders st->reset_pending and nothing another thread can see besides
  ordering: 0 other accesses change ordering

comment-names-other-load.c:167: protocol st->last_index (demo_stats.last_index): keep
  writer comment-names-other-load.c:167: smp_wmb() in demo_stats_move(); publish store at line 168
  reader comment-names-other-load.c:192: smp_rmb() in demo_stats_show(); subscribe load at line 190
  evidence: object
  comment-names-other: the comment of smp_rmb() in demo_stats_show() names reset_pending, which its function loads further up (line 177), and not st->last_index: the barrier subscribes to that load, and this one it orders in passing
  ordering: 0 other accesses change ordering

comment-names-other-load.c:211: protocol tb->gen (demo_tab.gen): convert
  writer comment-names-other-load.c:211: smp_wmb() in demo_tab_fill(); publish store at line 212
  reader comment-names-other-load.c:234: smp_rmb() in demo_tab_read(); subscribe load at line 232
  evidence: object, data
  adjacent: each barrier that goes orders tb->gen and nothing another thread can see besides
  ordering: 7 other accesses change ordering; 0 can be seen by another thread
    load tb->slots[7] (line 231) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[7] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[6] (line 230) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[6] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[5] (line 229) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[5] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[4] (line 228) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[4] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[3] (line 227) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[3] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[2] (line 226) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[2] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load tb->slots[1] (line 225) before smp_rmb() in demo_tab_read(): unordered: no writer in the tree orders a store to tb->slots[1] after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

comment-names-other-load.c:251: protocol w->first (demo_worker.first): keep
  writer comment-names-other-load.c:251: smp_wmb() in demo_worker_add(); publish store at line 252
  reader comment-names-other-load.c:270: smp_rmb() in demo_worker_run(); subscribe load at line 265
  evidence: object, data
  comment-names-other: the comment of smp_rmb() in demo_worker_run() names WORK_DONE_BIT, which it loads before the barrier (k->flags, line 267), and not w->first: the barrier subscribes to that load, and this one it orders in passing
  ordering: 0 other accesses change ordering

 * check-output-end
 */
