// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a read barrier right after a completion wait. */

struct demo_cmd {
	struct completion done;
	int errcode;
	int resp;
	int ready;
};

struct demo_hw {
	struct demo_cmd *cmd;
	int state;
};

static void demo_cmd_finish(struct demo_cmd *c, int err)
{
	c->errcode = err;
	wmb();
	complete(&c->done);
}

static void demo_hw_start(struct demo_hw *hw, struct demo_cmd *c)
{
	hw->cmd = c;
	smp_wmb();
	WRITE_ONCE(hw->state, 1);
}

/*
 * The state is loaded, then the wait, then smp_rmb() before the error
 * code: the barrier reads what the completer wrote, which the completion
 * orders; it subscribes to no load of state (keep).
 */
static int demo_cmd_sync(struct demo_hw *hw, struct demo_cmd *c)
{
	int st = READ_ONCE(hw->state);

	if (!wait_for_completion_timeout(&c->done, 100))
		return -1;
	/* read the error code after the completion */
	smp_rmb();
	return c->errcode + st;
}

static void demo_cmd_post(struct demo_cmd *c, int resp)
{
	c->resp = resp;
	smp_wmb();
	WRITE_ONCE(c->ready, 1);
}

/* The flag is loaded after the wait, right before the barrier: message passing (convert). */
static int demo_cmd_poll(struct demo_cmd *c)
{
	wait_for_completion(&c->done);
	if (!READ_ONCE(c->ready))
		return -1;
	smp_rmb();
	return c->resp;
}

/*
 * check-name: rule COMPLETION: an smp_rmb() whose window waits for a completion after the subscribe load reads what the completer wrote, which the completion orders (keep); a flag loaded after the wait is plain message passing
 * check-command: acqrel pairs $file
 * check-output-start
completion.c:26: protocol hw->state (demo_hw.state): keep
  writer completion.c:26: smp_wmb() in demo_hw_start(); publish store at line 27
  reader completion.c:42: smp_rmb() in demo_cmd_sync(); subscribe load at line 37
  evidence: object
  completion: smp_rmb() in demo_cmd_sync() follows wait_for_completion_timeout() (line 39), after the load of hw->state: it reads what the completer wrote before complete(), which the completion orders, and subscribes to no load of hw->state
  ordering: 0 other accesses change ordering

completion.c:49: protocol c->ready (demo_cmd.ready): convert
  writer completion.c:49: smp_wmb() in demo_cmd_post(); publish store at line 50
  reader completion.c:59: smp_rmb() in demo_cmd_poll(); subscribe load at line 57
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): smp_rmb() in demo_cmd_poll() also orders the loads made by wait_for_completion(), whose bodies acqrel does not follow: with an acquire on c->ready instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders c->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
