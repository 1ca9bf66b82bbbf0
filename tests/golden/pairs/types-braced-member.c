// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a member declared with the body of its
 * type. An enum, anonymous or tagged, is a scalar of int size; an
 * anonymous struct has no tag, so its members are no fields of a struct
 * named after the first declarator.
 */

struct demo_sock {
	int *pool;
	enum {
		DEMO_READY = 0,
		DEMO_BOUND,
	} state;
	enum demo_mode { DEMO_A, DEMO_B } mode;
	struct {
		unsigned int pos;
	} rx, tx;
};

static void demo_bind(struct demo_sock *xs, int *pool)
{
	xs->pool = pool;
	smp_wmb();
	WRITE_ONCE(xs->state, DEMO_BOUND);
}

static int *demo_pool(struct demo_sock *xs)
{
	if (READ_ONCE(xs->state) != DEMO_BOUND)
		return NULL;
	smp_rmb();
	return xs->pool;
}

static void demo_set_mode(struct demo_sock *xs, int *pool)
{
	xs->pool = pool;
	smp_wmb();
	WRITE_ONCE(xs->mode, DEMO_B);
}

static int *demo_mode_pool(struct demo_sock *xs)
{
	if (READ_ONCE(xs->mode) != DEMO_B)
		return NULL;
	smp_rmb();
	return xs->pool;
}

/*
 * tx.pos is no field of a struct "rx" (as the first declarator made it):
 * a member of an anonymous struct is joined by its field name for now
 */
static void demo_tx_advance(struct demo_sock *xs, int *pool)
{
	xs->pool = pool;
	smp_wmb();
	WRITE_ONCE(xs->tx.pos, xs->tx.pos + 1);
}

/*
 * check-name: a member declared with its type's body: an enum is an int-sized scalar, tagged or not; an anonymous struct's member is no field of a struct named after its first declarator
 * check-command: acqrel pairs $file
 * check-output-start
types-braced-member.c:24: protocol xs->state (demo_sock.state): convert
  writer types-braced-member.c:24: smp_wmb() in demo_bind(); publish store at line 25
  reader types-braced-member.c:32: smp_rmb() in demo_pool(); subscribe load at line 30
  evidence: object, data
  adjacent: each barrier that goes orders xs->state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-braced-member.c:39: protocol xs->mode (demo_sock.mode): convert
  writer types-braced-member.c:39: smp_wmb() in demo_set_mode(); publish store at line 40
  reader types-braced-member.c:47: smp_rmb() in demo_mode_pool(); subscribe load at line 45
  evidence: object, data
  adjacent: each barrier that goes orders xs->mode and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-braced-member.c:58: protocol xs->tx.pos: review
  writer types-braced-member.c:58: smp_wmb() in demo_tx_advance(); publish store at line 59
  evidence: field-name
  type-unknown: the declaration of xs->tx.pos is not visible in its file or the headers it includes
  one-side: no reader found in the files given: no smp_rmb() follows a load of xs->tx.pos
  field-name-only: writers and readers are joined by the field name of xs->tx.pos only; its type is not visible
  ordering: 0 other accesses change ordering

 * check-output-end
 */
