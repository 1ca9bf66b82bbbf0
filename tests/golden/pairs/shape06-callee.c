// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 6: the barrier in a callee, the store in its callers. */

struct demo_ctx {
	int data[8];
	int armed;
	int loaded;
	int other;
};

static int demo_ctx_fill(struct demo_ctx *c, int v)
{
	c->data[0] = v;
	smp_wmb();
	return 0;
}

static void demo_ctx_arm(struct demo_ctx *c, int v)
{
	demo_ctx_fill(c, v);
	WRITE_ONCE(c->armed, 1);
}

static void demo_ctx_rearm(struct demo_ctx *c, int v)
{
	if (!demo_ctx_fill(c, v))
		c->armed = 2;
}

static int demo_ctx_poll(struct demo_ctx *c)
{
	if (!READ_ONCE(c->armed))
		return 0;
	smp_rmb();
	return c->data[0];
}

/* every caller of this one does not store the flag */
static void demo_ctx_load(struct demo_ctx *c, int v)
{
	c->data[1] = v;
	smp_wmb();
}

static void demo_ctx_kick(struct demo_ctx *c)
{
	demo_ctx_load(c, 1);
	c->other = 1;
}

static void demo_ctx_kick2(struct demo_ctx *c)
{
	demo_ctx_load(c, 2);
	c->loaded = 1;
}

static int demo_ctx_peek(struct demo_ctx *c)
{
	if (!READ_ONCE(c->loaded))
		return 0;
	smp_rmb();
	return c->data[1];
}

/*
 * check-name: shape 6, smp_wmb() ending a static function converts when every caller stores the flag; otherwise it stays and the reader converts alone
 * check-command: acqrel pairs $file
 * check-output-start
shape06-callee.c:14: protocol c->armed (demo_ctx.armed): convert
  writer shape06-callee.c:14: smp_wmb() in demo_ctx_fill(); publish store after each call of demo_ctx_fill(): demo_ctx_arm() at line 20, demo_ctx_rearm() at line 26
  reader shape06-callee.c:34: smp_rmb() in demo_ctx_poll(); subscribe load at line 32
  evidence: object, call, data
  adjacent: each barrier that goes orders c->armed and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shape06-callee.c:42: protocol c->loaded (demo_ctx.loaded): convert
  writer shape06-callee.c:42: smp_wmb() in demo_ctx_load(); publish store after each call of demo_ctx_load(): demo_ctx_kick() at line 47, demo_ctx_kick2() at line 53
  reader shape06-callee.c:61: smp_rmb() in demo_ctx_peek(); subscribe load at line 59
  evidence: object, call, data
  stays: smp_wmb() in demo_ctx_load() publishes c->loaded one call level away, and stays: 1 of the 2 callers of demo_ctx_load() do not store c->loaded right after the call: demo_ctx_kick() (line 47)
  adjacent: each barrier that goes orders c->loaded and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
