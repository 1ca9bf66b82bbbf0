// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: smp_rmb() before the flag's load. */

struct demo_req {
	int result;
	int done;
};

static void demo_req_finish(struct demo_req *r, int v)
{
	r->result = v;
	smp_wmb();
	WRITE_ONCE(r->done, 1);
}

static int demo_req_poll(struct demo_req *r, int *out)
{
	int busy = 0;

	smp_rmb();
	if (READ_ONCE(r->done)) {
		*out = r->result;
		busy = 1;
	}
	return busy;
}

struct demo_msg {
	int body;
	int ready;
};

/* the smp_wmb() after the flag orders nothing the reader relies on */
static void demo_msg_post(struct demo_msg *m, int v)
{
	m->body = v;
	WRITE_ONCE(m->ready, 1);
	smp_wmb();
}

static int demo_msg_read(struct demo_msg *m)
{
	if (!READ_ONCE(m->ready))
		return -1;
	smp_rmb();
	return m->body;
}

struct demo_job {
	int out;
	int done;
	int tries;
};

static void demo_job_end(struct demo_job *j, int v)
{
	j->out = v;
	smp_wmb();
	WRITE_ONCE(j->done, 1);
}

/* the load before the barrier is of a variable nobody publishes */
static int demo_job_wait(struct demo_job *j)
{
	int t = READ_ONCE(j->tries);

	smp_rmb();
	if (READ_ONCE(j->done))
		return j->out + t;
	return -1;
}

struct demo_tx {
	void *skb[16];
	unsigned int cur;
};

/* a mandatory wmb() publishes to CPUs too: its reader's misplaced smp_rmb() is reported */
static void demo_tx_xmit(struct demo_tx *t, void *skb)
{
	t->skb[t->cur % 16] = skb;
	wmb();
	t->cur++;
}

static bool demo_tx_full(struct demo_tx *t, unsigned int dirty)
{
	if (t->cur - dirty != 16)
		return false;
	smp_rmb();
	return t->skb[dirty % 16] != NULL;
}

static void *demo_tx_clean(struct demo_tx *t, unsigned int dirty)
{
	unsigned int pending;

	smp_rmb();
	pending = t->cur - dirty;
	if (!pending)
		return NULL;
	return t->skb[dirty % 16];
}

/*
 * check-name: misplaced-barrier: an smp_rmb() before the flag's load (also after a load nobody publishes), an smp_wmb() after the flag's store; a writer's wmb() publishes as smp_wmb() does
 * check-command: acqrel bugs $file
 * check-exit: 1
 * check-output-start
misplaced-barrier.c:20:2: warning: misplaced-barrier: smp_rmb() comes before the load of r->done (line 21) instead of between it and the load of r->result (line 22); protocol r->done: writer smp_wmb() in demo_req_finish() at misplaced-barrier.c:12; no reader found; evidence: smp_wmb() in demo_req_finish() stores r->result before its smp_wmb() and r->done after it; here nothing orders the load of r->result after the load of r->done, and no shared access precedes the smp_rmb(); fix: load r->done with smp_load_acquire(), or move the smp_rmb() after its load (severity high, confidence medium)
misplaced-barrier.c:38:2: warning: misplaced-barrier: smp_wmb() comes after the store to m->ready (line 37) instead of between the store to m->body (line 36) and it; protocol m->ready: no writer found; reader smp_rmb() in demo_msg_read() at misplaced-barrier.c:45; evidence: smp_rmb() in demo_msg_read() loads m->ready and then m->body; here nothing orders the store to m->body before the store to m->ready, and nothing is stored after the smp_wmb(); fix: store m->ready with smp_store_release(), or move the smp_wmb() before its store (severity high, confidence medium)
misplaced-barrier.c:67:2: warning: misplaced-barrier: smp_rmb() comes before the load of j->done (line 68) instead of between it and the load of j->out (line 69); protocol j->done: writer smp_wmb() in demo_job_end() at misplaced-barrier.c:58; no reader found; evidence: smp_wmb() in demo_job_end() stores j->out before its smp_wmb() and j->done after it; here nothing orders the load of j->out after the load of j->done, and what is loaded before the smp_rmb(), j->tries, no writer publishes; fix: load j->done with smp_load_acquire(), or move the smp_rmb() after its load; no mechanical fix: the flag's load is the condition of a statement without braces (severity high, confidence medium)
misplaced-barrier.c:98:2: warning: misplaced-barrier: smp_rmb() comes before the load of t->cur (line 99) instead of between it and the load of t->skb[dirty % 16] (line 102); protocol t->cur: writer wmb() in demo_tx_xmit() at misplaced-barrier.c:82; reader smp_rmb() in demo_tx_full() at misplaced-barrier.c:90; evidence: wmb() in demo_tx_xmit() stores t->skb[dirty % 16] before its wmb() and t->cur after it; here nothing orders the load of t->skb[dirty % 16] after the load of t->cur, and no shared access precedes the smp_rmb(); fix: load t->cur with smp_load_acquire(), or move the smp_rmb() after its load (severity high, confidence medium)
 * check-output-end
 */
