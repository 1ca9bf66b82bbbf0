// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: keywords, compile-time and debug checks, alignment arithmetic, read-side sections and annotations are no call-between. */

struct demo_ring {
	int slots[8];
	int head;
};

static void demo_ring_put(struct demo_ring *r, int v)
{
	r->slots[0] = v;
	smp_wmb();
	BUILD_BUG_ON_ZERO(sizeof(r->slots) == 0);
	v = round_up(v, 8) + PAGE_ALIGN_DOWN(v) + __ALIGN_KERNEL_MASK(v, 7);
	dynamic_pr_debug("put %d\n", v);
	WRITE_ONCE(r->head, (typeof(r->head))1);
}

static int demo_ring_get(struct demo_ring *r)
{
	int v;

	rcu_read_lock_sched();
	might_lock(&r->slots[1]);
	if (!READ_ONCE(r->head)) {
		rcu_read_unlock_sched();
		return -1;
	}
	smp_rmb();
	v = r->slots[0];
	rcu_read_unlock_sched();
	return v;
}

struct demo_log {
	int lines[8];
	int tail;
};

/* a call acqrel cannot follow is still one */
static void demo_log_put(struct demo_log *l, int v)
{
	int n;

	l->lines[0] = v;
	smp_wmb();
	n = v + 1;
	demo_unknown_hook(n);
	WRITE_ONCE(l->tail, n);
}

static int demo_log_get(struct demo_log *l)
{
	if (!READ_ONCE(l->tail))
		return -1;
	smp_rmb();
	return l->lines[0];
}

struct demo_sock {
	int hash;
	int bound;
};

/* release_sock() after the publish store is the socket lock's release */
static void demo_sock_insert(struct demo_sock *s, void *sk, int h)
{
	lock_sock(sk);
	s->hash = h;
	smp_wmb();
	WRITE_ONCE(s->bound, 1);
	release_sock(sk);
}

static int demo_sock_send(struct demo_sock *s)
{
	if (!READ_ONCE(s->bound))
		return -1;
	smp_rmb();
	return s->hash;
}

struct demo_xsk {
	int queue;
	int state;
};

/* the RTNL, the tx lock and a wake-up around the publish store; SRCU in the reader */
static void demo_xsk_bind(struct demo_xsk *x, void *dev, void *task, int q)
{
	rtnl_lock();
	netif_tx_lock_bh(dev);
	x->queue = q;
	smp_wmb();
	WRITE_ONCE(x->state, 1);
	netif_tx_unlock_bh(dev);
	rtnl_unlock();
	default_wake_function(task, 0, 0, NULL);
}

static int demo_xsk_send(struct demo_xsk *x, struct srcu_struct *ss)
{
	int idx = srcu_read_lock(ss), q = -1;

	if (READ_ONCE(x->state)) {
		smp_rmb();
		q = x->queue;
	}
	srcu_read_unlock(ss, idx);
	return q;
}

struct demo_kring {
	void *page;
	unsigned int tail;
};

struct demo_kevent {
	int data;
};

/* a page mapped for this CPU alone around the publish store and around the subscribe load */
static void demo_kring_put(struct demo_kring *k, int v)
{
	struct demo_kevent *ev = kmap_atomic(k->page);

	ev[k->tail & 7].data = v;
	kunmap_atomic(ev);
	smp_wmb();
	WRITE_ONCE(k->tail, k->tail + 1);
	pagefault_enable();
}

static int demo_kring_get(struct demo_kring *k, unsigned int head)
{
	struct demo_kevent *ev;
	int v;

	if (READ_ONCE(k->tail) == head)
		return -1;
	ev = kmap_local_page(k->page);
	smp_rmb();
	v = ev[head & 7].data;
	kunmap_local(ev);
	return v;
}

/*
 * check-name: typeof(), sizeof(), BUILD_BUG_ON_ZERO(), dynamic_pr_debug(), release_sock(), the RTNL's and the tx lock's unlocks, a wake-up and a local page mapping's end after the barrier are no calls that store, rcu_read_lock_sched(), might_lock() and a local page mapping before the load none that load; a call acqrel cannot follow may store (here right after the barrier: store-before)
 * check-command: acqrel pairs $file
 * check-output-start
quiet-calls.c:12: protocol r->head (demo_ring.head): convert
  writer quiet-calls.c:12: smp_wmb() in demo_ring_put(); publish store at line 16
  reader quiet-calls.c:29: smp_rmb() in demo_ring_get(); subscribe load at line 25
  evidence: object, data
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

quiet-calls.c:46: protocol l->tail (demo_log.tail): keep
  writer quiet-calls.c:46: smp_wmb() in demo_log_put(); publish store at line 49
  reader quiet-calls.c:56: smp_rmb() in demo_log_get(); subscribe load at line 54
  evidence: object, data
  store-before: demo_log_put() stores l->lines[0] (line 45) right before its smp_wmb() and calls demo_unknown_hook() (line 48) before the store to l->tail: the barrier orders that store before what the call does, which a release of l->tail does not
  ordering: 0 other accesses change ordering

quiet-calls.c:70: protocol s->bound (demo_sock.bound): convert
  writer quiet-calls.c:70: smp_wmb() in demo_sock_insert(); publish store at line 71
  reader quiet-calls.c:79: smp_rmb() in demo_sock_send(); subscribe load at line 77
  evidence: object, data
  adjacent: each barrier that goes orders s->bound and nothing another thread can see besides
  ordering: 0 other accesses change ordering

quiet-calls.c:94: protocol x->state (demo_xsk.state): convert
  writer quiet-calls.c:94: smp_wmb() in demo_xsk_bind(); publish store at line 95
  reader quiet-calls.c:106: smp_rmb() in demo_xsk_send(); subscribe load at line 105
  evidence: object, data
  adjacent: each barrier that goes orders x->state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

quiet-calls.c:129: protocol k->tail (demo_kring.tail): convert
  writer quiet-calls.c:129: smp_wmb() in demo_kring_put(); publish store at line 130
  reader quiet-calls.c:142: smp_rmb() in demo_kring_get(); subscribe load at line 139
  evidence: object, data
  adjacent: each barrier that goes orders k->tail and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load k->page (line 141) before smp_rmb() in demo_kring_get(): before publication: demo_kring.page is stored nowhere in quiet-calls.c, the file that defines its struct: it is set only where an object is initialised in its declaration

 * check-output-end
 */
