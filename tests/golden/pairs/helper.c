// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the subscribe load inside a predicate helper. */

struct demo_conn {
	int buf[8];
	int blocked;
	int state;
};

/* the load the reader subscribes with lives in this helper */
static bool demo_conn_blocked(struct demo_conn *c)
{
	return READ_ONCE(c->blocked);
}

static void demo_conn_unblock(struct demo_conn *c, int v)
{
	c->buf[0] = v;
	smp_wmb();
	WRITE_ONCE(c->blocked, 0);
}

static void demo_conn_open(struct demo_conn *c, int v)
{
	c->buf[1] = v;
	smp_wmb();
	WRITE_ONCE(c->state, 1);
}

static int demo_conn_read(struct demo_conn *c)
{
	if (demo_conn_blocked(c))
		return -1;
	/* pairs with smp_wmb() in demo_conn_unblock() */
	smp_rmb();
	return c->buf[0];
}

/* a helper that only computes: its call is no caveat */
static int demo_conn_slot(int i)
{
	return i & 7;
}

static int demo_conn_peek(struct demo_conn *c, int i)
{
	int s = READ_ONCE(c->state);
	int k = demo_conn_slot(i);

	smp_rmb();
	return s ? c->buf[k] : -1;
}

/*
 * check-name: a predicate helper holds the subscribe load (the acquire goes there); a helper that loads nothing is no call-between
 * check-command: acqrel pairs $file
 * check-output-start
helper.c:19: protocol c->blocked (demo_conn.blocked): convert
  writer helper.c:19: smp_wmb() in demo_conn_unblock(); publish store at line 20
  reader helper.c:35: smp_rmb() in demo_conn_read(); subscribe load in demo_conn_blocked() at line 13, called at line 32
  evidence: object, comment, call, data
  adjacent: each barrier that goes orders c->blocked and nothing another thread can see besides
  ordering: 0 other accesses change ordering

helper.c:26: protocol c->state (demo_conn.state): convert
  writer helper.c:26: smp_wmb() in demo_conn_open(); publish store at line 27
  reader helper.c:50: smp_rmb() in demo_conn_peek(); subscribe load at line 47
  evidence: object
  adjacent: each barrier that goes orders c->state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
