// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a write barrier whose comment names a store, or a call, after it that no protocol holds. */

struct demo_node {
	int locked;
	struct demo_node *next;
};

struct demo_queue {
	struct demo_node *tail;
	int owner;
};

static void demo_link_tail(struct demo_queue *q, struct demo_node *n)
{
	q->tail = n;
}

/*
 * The comment names the call that publishes the node and the link stored
 * after the barrier, not owner: the barrier is theirs, keep.
 */
static void demo_enqueue(struct demo_queue *q, struct demo_node *n, struct demo_node *prev)
{
	n->locked = 0;
	n->next = NULL;
	/* initialise the node before demo_link_tail() publishes it */
	smp_wmb();
	WRITE_ONCE(q->owner, 1);
	demo_link_tail(q, n);
}

static int demo_owner(struct demo_queue *q)
{
	return READ_ONCE(q->owner);
}

struct demo_stop {
	int message;
	unsigned long jobctl;
	int state;
};

/* The comment names jobctl, stored after the barrier, and not message: keep. */
static void demo_stop_trap(struct demo_stop *t, int message)
{
	t->state = 2;
	/* state must be visible before jobctl is cleared */
	smp_wmb();
	t->message = message;
	t->jobctl = 0;
}

struct demo_msg {
	int len;
	int seq;
	int extra;
};

/*
 * The comment names nothing stored after the barrier (extra is stored
 * before it): the rule stays out, and the several stores are the caveat.
 */
static void demo_msg_post(struct demo_msg *m, int len)
{
	m->extra = 1;
	/* extra before the sequence number */
	smp_wmb();
	m->len = len;
	WRITE_ONCE(m->seq, m->seq + 1);
}

int demo_msg_note(int seq);

/* a reader of seq that passes it on: it may index data with it */
static int demo_msg_seq(struct demo_msg *m)
{
	return demo_msg_note(READ_ONCE(m->seq));
}

struct demo_chip {
	int slots;
	int iobase;
	int parent;
};

int demo_register(struct demo_chip *c);

/*
 * The comment sits above the store right before the barrier, and names
 * the call after it: the barrier is that call's, keep.
 */
static int demo_add_slot(struct demo_chip *c)
{
	/* the new count must be seen before demo_register() */
	++c->slots;
	smp_wmb();
	WRITE_ONCE(c->parent, 1);
	return demo_register(c);
}

/* m->len is read somewhere: a protocol with a reader acqrel does not see ordered */
static int demo_msg_len(struct demo_msg *m)
{
	return READ_ONCE(m->len);
}

/*
 * check-name: rule W for a store no protocol holds: an smp_wmb() whose comment names a store after it, or a function called after it, and not the protocol's variable, is that store's barrier (keep); so also the comment above the one-line statement right before the barrier; a comment that names only stores before the barrier is no such evidence
 * check-command: acqrel pairs $file
 * check-output-start
comment-names-later-store.c:28: protocol q->owner (demo_queue.owner): keep
  writer comment-names-later-store.c:28: smp_wmb() in demo_enqueue(); publish store at line 29
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_enqueue() names demo_link_tail(), which it calls after the barrier (line 30), and not q->owner: the barrier publishes what that call stores, which a release on q->owner would not order
  ordering: 0 other accesses change ordering

comment-names-later-store.c:49: protocol t->message (demo_stop.message): keep
  writer comment-names-later-store.c:49: smp_wmb() in demo_stop_trap(); publish store at line 50
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_stop_trap() names jobctl, which it stores after the barrier (t->jobctl, line 51), and not t->message: the barrier publishes that store, which a release on t->message would not order
  ordering: 0 other accesses change ordering

comment-names-later-store.c:68: protocol m->len (demo_msg.len): review
  writer comment-names-later-store.c:68: smp_wmb() in demo_msg_post(); publish store at line 69
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of m->len
  several-stores: smp_wmb() in demo_msg_post() also orders the stores to m->seq (line 70), which other threads can see: with a release on m->len instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store m->seq (line 70) after smp_wmb() in demo_msg_post(): shared: no reader in the tree orders loads after loading m->seq (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

comment-names-later-store.c:97: protocol c->parent (demo_chip.parent): keep
  writer comment-names-later-store.c:97: smp_wmb() in demo_add_slot(); publish store at line 98
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_add_slot() names demo_register(), which it calls after the barrier (line 99), and not c->parent: the barrier publishes what that call stores, which a release on c->parent would not order
  ordering: 0 other accesses change ordering

 * check-output-end
 */
