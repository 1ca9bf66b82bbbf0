// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule R, a call in a barrier's window whose
 * body runs a full fence on every path orders what lies on its far side.
 */

struct demo_ring {
	struct demo_sring *sring;
	unsigned int req_prod_pvt;
};

struct demo_sring {
	unsigned int req_prod;
	unsigned int req_event;
};

struct demo_front {
	struct demo_ring ring;
	unsigned int rsp_id;
	int rsp_ret;
	unsigned int req_count;
};

/* pushes the request: the loads before virt_mb() are ordered by it */
#define DEMO_PUSH(_r) do {						\
	unsigned int __new = (_r)->req_prod_pvt;			\
	virt_wmb();							\
	(_r)->sring->req_prod = __new;					\
	virt_mb();							\
} while (0)

/* the same push, its fence only on one path */
#define DEMO_PUSH_MAYBE(_r, _on) do {					\
	unsigned int __new = (_r)->req_prod_pvt;			\
	(_r)->sring->req_prod = __new;					\
	if (_on)							\
		virt_mb();						\
} while (0)

static void demo_front_event(struct demo_front *f, int ret)
{
	f->rsp_ret = ret;
	smp_wmb();
	WRITE_ONCE(f->rsp_id, 1);
}

/* every load before the wait is ordered by the push's virt_mb() */
static int demo_front_call(struct demo_front *f)
{
	f->ring.req_prod_pvt++;
	DEMO_PUSH(&f->ring);
	while (READ_ONCE(f->rsp_id) != 1)
		cpu_relax();
	smp_rmb();
	return f->rsp_ret;
}

struct demo_back {
	struct demo_ring ring;
	unsigned int rsp_id;
	int rsp_ret;
};

static void demo_back_event(struct demo_back *b, int ret)
{
	b->rsp_ret = ret;
	smp_wmb();
	WRITE_ONCE(b->rsp_id, 1);
}

/* the fence runs on one path only: the ring loads stay caveats */
static int demo_back_call(struct demo_back *b, int on)
{
	DEMO_PUSH_MAYBE(&b->ring, on);
	while (READ_ONCE(b->rsp_id) != 1)
		cpu_relax();
	smp_rmb();
	return b->rsp_ret;
}

struct demo_stats {
	unsigned long ready;
	unsigned long value;
	unsigned long seen;
	unsigned long late;
};

static void demo_stats_sync(struct demo_stats *s)
{
	smp_mb();
	s->seen = 1;
}

/* the stores after the fence of demo_stats_sync() stay ordered after the data */
static void demo_stats_publish(struct demo_stats *s, unsigned long v)
{
	s->value = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
	demo_stats_sync(s);
	s->late = v;
}

static unsigned long demo_stats_read(struct demo_stats *s)
{
	if (!READ_ONCE(s->ready))
		return 0;
	smp_rmb();
	return s->value + s->seen + s->late;
}

struct demo_log {
	unsigned long ready;
	unsigned long value;
	unsigned long late;	/* an index of hist[]: rule H leaves it a caveat */
	unsigned long hist[4];
};

static void demo_log_sync(struct demo_log *l)
{
	smp_mb();
}

/* a jump may skip the fenced call: the store at the label stays a caveat */
static void demo_log_publish(struct demo_log *l, unsigned long v, int fast)
{
	l->value = v;
	smp_wmb();
	WRITE_ONCE(l->ready, 1);
	if (fast)
		goto out;
	demo_log_sync(l);
out:
	l->late = v;
}

static unsigned long demo_log_read(struct demo_log *l)
{
	if (!READ_ONCE(l->ready))
		return 0;
	smp_rmb();
	return l->value + l->hist[l->late % 4];
}

struct demo_phase {
	unsigned long ready;
	unsigned long value;
	unsigned long phase;
	unsigned long late;
};

/* smp_store_mb() stores before its smp_mb(): that store stays a caveat, the later one does not */
static void demo_phase_publish(struct demo_phase *st, unsigned long v)
{
	st->value = v;
	smp_wmb();
	WRITE_ONCE(st->ready, 1);
	smp_store_mb(st->phase, 2);
	st->late = v;
}

static unsigned long demo_phase_read(struct demo_phase *st)
{
	if (!READ_ONCE(st->ready))
		return 0;
	smp_rmb();
	return st->value + st->phase + st->late;
}

struct demo_step {
	unsigned long ready;
	unsigned long value;
	unsigned long phase;
	unsigned long late;
};

/* the same through a macro: its store precedes its fence, the later store follows it */
#define demo_step_enter(st, v) do { smp_store_mb((st)->phase, v); } while (0)

static void demo_step_publish(struct demo_step *st, unsigned long v)
{
	st->value = v;
	smp_wmb();
	WRITE_ONCE(st->ready, 1);
	demo_step_enter(st, 2);
	st->late = v;
}

static unsigned long demo_step_read(struct demo_step *st)
{
	if (!READ_ONCE(st->ready))
		return 0;
	smp_rmb();
	return st->value + st->phase + st->late;
}

/*
 * check-name: rule R: a call on every path in the window whose body runs a full fence on every path orders the loads before it (reader) or the stores after it (writer); not when the fence or the call may be skipped, nor for the store smp_store_mb() makes before its fence
 * check-command: acqrel pairs $file
 * check-output-start
fenced-call.c:43: protocol f->rsp_id (demo_front.rsp_id): convert
  writer fenced-call.c:43: smp_wmb() in demo_front_event(); publish store at line 44
  reader fenced-call.c:54: smp_rmb() in demo_front_call(); subscribe load at line 52
  evidence: object, data
  adjacent: each barrier that goes orders f->rsp_id and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-call.c:67: protocol b->rsp_id (demo_back.rsp_id): convert
  writer fenced-call.c:67: smp_wmb() in demo_back_event(); publish store at line 68
  reader fenced-call.c:77: smp_rmb() in demo_back_call(); subscribe load at line 75
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of (_r)->req_prod_pvt (line 34) before smp_rmb() in demo_back_call() can see other threads' stores: with an acquire on b->rsp_id instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders b->rsp_id and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-call.c:98: protocol s->ready (demo_stats.ready): convert
  writer fenced-call.c:98: smp_wmb() in demo_stats_publish(); publish store at line 99
  reader fenced-call.c:108: smp_rmb() in demo_stats_read(); subscribe load at line 106
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

fenced-call.c:128: protocol l->ready (demo_log.ready): review
  writer fenced-call.c:128: smp_wmb() in demo_log_publish(); publish store at line 129
  reader fenced-call.c:141: smp_rmb() in demo_log_read(); subscribe load at line 139
  evidence: object, data
  several-stores: smp_wmb() in demo_log_publish() also orders the stores to l->late (line 134), which other threads can see: with a release on l->ready instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store l->late (line 134) after smp_wmb() in demo_log_publish(): shared: no reader in the tree orders loads after loading l->late (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

fenced-call.c:156: protocol st->ready (demo_phase.ready): review
  writer fenced-call.c:156: smp_wmb() in demo_phase_publish(); publish store at line 157
  reader fenced-call.c:166: smp_rmb() in demo_phase_read(); subscribe load at line 164
  evidence: object, data
  several-stores: smp_wmb() in demo_phase_publish() also orders the stores to st->phase (line 158), which other threads can see: with a release on st->ready instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store st->phase (line 158) after smp_wmb() in demo_phase_publish(): shared: no reader in the tree orders loads after loading st->phase (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

fenced-call.c:183: protocol st->ready (demo_step.ready): review
  writer fenced-call.c:183: smp_wmb() in demo_step_publish(); publish store at line 184
  reader fenced-call.c:193: smp_rmb() in demo_step_read(); subscribe load at line 191
  evidence: object, data
  several-stores: smp_wmb() in demo_step_publish() also orders the stores to (st)->phase (line 178), which other threads can see: with a release on st->ready instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store (st)->phase (line 178 in demo_step_enter(), called at line 185) after smp_wmb() in demo_step_publish(): shared

 * check-output-end
 */
