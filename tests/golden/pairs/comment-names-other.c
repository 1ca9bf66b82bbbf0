// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule W, the store a barrier's comment names. */

struct demo_unit {
	int node;
	int generation;
	int login;
	int count;
	int limit;
	int table[4];
	unsigned long flags;
	int len;
};

/* positive: the comment names generation; login is a store the barrier orders in passing */
void demo_unit_login(struct demo_unit *u, int node, int gen, int id)
{
	u->node = node;
	smp_wmb(); /* the node must not be older than the generation */
	u->generation = gen;
	u->login = id;
}

int demo_unit_reconnect(struct demo_unit *u, int gen)
{
	int id = u->login;

	smp_rmb(); /* get the current generation */
	return gen == u->generation ? id : -1;
}

int demo_unit_node(struct demo_unit *u, int gen)
{
	int g = u->generation;

	smp_rmb();
	return g == gen ? u->node : -1;
}

/* negative: the comment names count, but limit's reader pairs with this very barrier */
void demo_unit_grow(struct demo_unit *u, int n)
{
	u->table[n] = n;
	/* the table entries before the new count */
	smp_wmb();
	u->count = n + 1;
	u->limit = n + 1;
}

int demo_unit_last(struct demo_unit *u)
{
	int c = u->count;

	smp_rmb();
	return u->table[c - 1];
}

int demo_unit_limit(struct demo_unit *u)
{
	int l = u->limit;

	/* Pairs with smp_wmb() in demo_unit_grow() */
	smp_rmb();
	return u->table[l - 1];
}

/* positive: the comment names a bit set_bit() stores by the tail of its name */
void demo_unit_queue(struct demo_unit *u, int n)
{
	u->table[0] = n;
	smp_wmb(); /* Write the table before ALL_QUEUED. */
	set_bit(DEMO_UNIT_ALL_QUEUED, &u->flags);
	u->len = n;
}

int demo_unit_queued(struct demo_unit *u)
{
	if (!test_bit(DEMO_UNIT_ALL_QUEUED, &u->flags))
		return -1;
	smp_rmb();
	return u->table[0];
}

int demo_unit_len(struct demo_unit *u)
{
	int n = u->len;

	smp_rmb();
	return u->table[n];
}

/*
 * check-name: rule W: a barrier whose comment names another store after it is not the barrier of a later store (keep), unless that store's reader names the writer next to its barrier; a bit that set_bit() stores is named by its name or a tail of it (ALL_QUEUED)
 * check-command: acqrel pairs $file
 * check-output-start
comment-names-other.c:19: protocol u->generation (demo_unit.generation): review
  writer comment-names-other.c:19: smp_wmb() in demo_unit_login(); publish store at line 20
  reader comment-names-other.c:36: smp_rmb() in demo_unit_node(); subscribe load at line 34
  evidence: object, data
  shared-barrier: smp_wmb() in demo_unit_login() also orders u->login, whose protocol is keep: the barrier stays
  ordering: 0 other accesses change ordering

comment-names-other.c:19: protocol u->login (demo_unit.login): keep
  writer comment-names-other.c:19: smp_wmb() in demo_unit_login(); publish store at line 21
  reader comment-names-other.c:28: smp_rmb() in demo_unit_reconnect(); subscribe load at line 26
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_unit_login() names generation, which u->generation stores after it, and not u->login: the barrier publishes that store, and this one it orders in passing
  ordering: 0 other accesses change ordering

comment-names-other.c:45: protocol u->count (demo_unit.count): convert
  writer comment-names-other.c:45: smp_wmb() in demo_unit_grow(); publish store at line 46
  reader comment-names-other.c:54: smp_rmb() in demo_unit_last(); subscribe load at line 52
  evidence: object, data
  adjacent: each barrier that goes orders u->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

comment-names-other.c:45: protocol u->limit (demo_unit.limit): convert
  writer comment-names-other.c:45: smp_wmb() in demo_unit_grow(); publish store at line 47
  reader comment-names-other.c:63: smp_rmb() in demo_unit_limit(); subscribe load at line 60
  evidence: object, comment, data
  adjacent: each barrier that goes orders u->limit and nothing another thread can see besides
  ordering: 0 other accesses change ordering

comment-names-other.c:71: protocol u->flags bit DEMO_UNIT_ALL_QUEUED (demo_unit.flags): convert
  writer comment-names-other.c:71: smp_wmb() in demo_unit_queue(); publish store at line 72
  reader comment-names-other.c:80: smp_rmb() in demo_unit_queued(); subscribe load at line 78
  evidence: object, data
  stays: smp_wmb() in demo_unit_queue() publishes u->flags with set_bit(), which has no release form: smp_wmb() stays there
  adjacent: each barrier that goes orders u->flags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

comment-names-other.c:71: protocol u->len (demo_unit.len): keep
  writer comment-names-other.c:71: smp_wmb() in demo_unit_queue(); publish store at line 73
  reader comment-names-other.c:88: smp_rmb() in demo_unit_len(); subscribe load at line 86
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_unit_queue() names ALL_QUEUED, which u->flags stores after it, and not u->len: the barrier publishes that store, and this one it orders in passing
  ordering: 0 other accesses change ordering

 * check-output-end
 */
