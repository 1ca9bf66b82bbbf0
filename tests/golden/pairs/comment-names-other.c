// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule W, the store a barrier's comment names. */

struct demo_unit {
	int node;
	int generation;
	int login;
	int count;
	int limit;
	int table[4];
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

/*
 * check-name: rule W: a barrier whose comment names another store after it is not the barrier of a later store (keep), unless that store's reader names the writer next to its barrier
 * check-command: acqrel pairs $file
 * check-output-start
comment-names-other.c:17: protocol u->generation (demo_unit.generation): review
  writer comment-names-other.c:17: smp_wmb() in demo_unit_login(); publish store at line 18
  reader comment-names-other.c:34: smp_rmb() in demo_unit_node(); subscribe load at line 32
  evidence: object, data
  shared-barrier: smp_wmb() in demo_unit_login() also orders u->login, whose protocol is keep: the barrier stays
  ordering: 0 other accesses change ordering

comment-names-other.c:17: protocol u->login (demo_unit.login): keep
  writer comment-names-other.c:17: smp_wmb() in demo_unit_login(); publish store at line 19
  reader comment-names-other.c:26: smp_rmb() in demo_unit_reconnect(); subscribe load at line 24
  evidence: object
  comment-names-other: the comment of smp_wmb() in demo_unit_login() names generation, which u->generation stores after it, and not u->login: the barrier publishes that store, and this one it orders in passing
  ordering: 0 other accesses change ordering

comment-names-other.c:43: protocol u->count (demo_unit.count): convert
  writer comment-names-other.c:43: smp_wmb() in demo_unit_grow(); publish store at line 44
  reader comment-names-other.c:52: smp_rmb() in demo_unit_last(); subscribe load at line 50
  evidence: object, data
  adjacent: each barrier that goes orders u->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

comment-names-other.c:43: protocol u->limit (demo_unit.limit): convert
  writer comment-names-other.c:43: smp_wmb() in demo_unit_grow(); publish store at line 45
  reader comment-names-other.c:61: smp_rmb() in demo_unit_limit(); subscribe load at line 58
  evidence: object, comment, data
  adjacent: each barrier that goes orders u->limit and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
