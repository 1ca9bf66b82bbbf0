// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule CS, a callee's smp_wmb() that also publishes the object its caller then links in. */

struct demo_node {
	unsigned long start;
	unsigned long len;
	const char *index;
	struct demo_node *next;
};

static struct demo_node demo_root;
static struct demo_node *demo_tail;

/* the barrier ends the function: the caller's stores after the call are ordered too */
static void demo_fill(struct demo_node *n, unsigned long start, const char *index)
{
	n->start = start;
	n->len = 64;
	smp_wmb();
	n->index = index;
}

/* positive: the caller links n in right after the call, readers walk the list */
void demo_add(struct demo_node *n, unsigned long start, const char *index)
{
	demo_fill(n, start, index);
	demo_tail->next = n;
	demo_tail = n;
}

static struct demo_node *demo_find(unsigned long pc)
{
	struct demo_node *n;

	for (n = &demo_root; n; n = n->next)
		if (pc >= n->start && pc < n->start + n->len)
			return n;
	return NULL;
}

int demo_lookup(unsigned long pc)
{
	struct demo_node *n = demo_find(pc);
	const char *index;

	if (!n)
		return -1;
	index = n->index;
	smp_rmb();
	return index ? index[0] + (int)n->len : 0;
}

struct demo_slot {
	int value;
	int ready;
	int state;
};

/* negative: the barrier also ends this function, but callers store no argument after it */
static void demo_set(struct demo_slot *s, int v)
{
	s->value = v;
	smp_wmb();
	s->ready = 1;
}

void demo_update(struct demo_slot *s, struct demo_slot **out, int v)
{
	demo_set(s, v);
	s->state = 2;
	*out = s;
}

void demo_update_rcu(struct demo_slot *s, struct demo_slot __rcu **slot, int v)
{
	demo_set(s, v);
	rcu_assign_pointer(*slot, s);
}

static struct demo_slot *demo_last;

/* far from the call (more than three statements on): not what the barrier was put there for */
void demo_update_late(struct demo_slot *s, int v)
{
	demo_set(s, v);
	s->state = 1;
	s->state = 2;
	s->state = 3;
	demo_last = s;
}

int demo_get(struct demo_slot *s)
{
	if (!s->ready)
		return -1;
	smp_rmb();
	return s->value;
}

/*
 * check-name: rule CS: a callee's smp_wmb() that ends its function also publishes an argument its caller stores right after the call (keep); an output parameter, an rcu_assign_pointer(), another value or a store more than three statements on is no caveat
 * check-command: acqrel pairs $file
 * check-output-start
tail-publish.c:19: protocol n->index (demo_node.index): keep
  writer tail-publish.c:19: smp_wmb() in demo_fill(); publish store at line 20
  reader tail-publish.c:49: smp_rmb() in demo_lookup(); subscribe load at line 48
  evidence: object, data
  publishes-object: smp_wmb() in demo_fill() also publishes what its callers pass it: they store it right after the call, in demo_tail->next = n (line 27 in demo_add(), after its call at line 26), demo_tail = n (line 28 in demo_add(), after its call at line 26), which other threads can see; a release on n->index would not order the data before those stores
  ordering: 6 other accesses change ordering; 2 can be seen by another thread
    store demo_tail->next (line 27 in demo_add(), after its call at line 26) after smp_wmb() in demo_fill(): shared
    store demo_tail (line 28 in demo_add(), after its call at line 26) after smp_wmb() in demo_fill(): shared
    load n->next (line 35 in demo_find(), called at line 43) before smp_rmb() in demo_lookup(): address: its value n forms the address of the subscribe load n->index
    load n->start (line 36 in demo_find(), called at line 43) before smp_rmb() in demo_lookup(): unordered: no writer in the tree orders a store to n->start after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load n->start (line 36 in demo_find(), called at line 43) before smp_rmb() in demo_lookup(): unordered: no writer in the tree orders a store to n->start after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data
    load n->len (line 36 in demo_find(), called at line 43) before smp_rmb() in demo_lookup(): unordered: no writer in the tree orders a store to n->len after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

tail-publish.c:63: protocol s->ready (demo_slot.ready): convert
  writer tail-publish.c:63: smp_wmb() in demo_set(); publish store at line 64
  reader tail-publish.c:96: smp_rmb() in demo_get(); subscribe load at line 94
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
