// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a store right before smp_wmb(), and a call
 * that may store as the first thing after it, in the shapes other than a
 * call statement.
 */

struct demo_chan {
	int irq;
	int enabled;
	int state;
	int up;
	int mode;
	int data;
	int ready;
	int count;
	int level;
};

void demo_chan_sync_irq(int irq);
void demo_chan_start(struct demo_chan *c);

static void demo_chan_set_mode(struct demo_chan *c, int m)
{
	WRITE_ONCE(c->mode, m);
}

static void demo_chan_set_level(struct demo_chan *c, int l)
{
	WRITE_ONCE(c->level, l);
}

static void demo_chan_set_ready(struct demo_chan *c)
{
	WRITE_ONCE(c->ready, 1);
}

/* the call is under an if: keep */
static void demo_chan_disable(struct demo_chan *c)
{
	c->enabled = 0;
	smp_wmb();
	if (c->irq)
		demo_chan_sync_irq(c->irq);
	WRITE_ONCE(c->state, 2);
}

static int demo_chan_state(struct demo_chan *c)
{
	if (READ_ONCE(c->state) != 2)
		return -1;
	smp_rmb();
	return c->enabled;
}

/* the publish store is in a helper called after another call: keep */
static void demo_chan_open(struct demo_chan *c)
{
	c->up = 1;
	smp_wmb();
	demo_chan_start(c);
	demo_chan_set_mode(c, 3);
}

static int demo_chan_mode(struct demo_chan *c)
{
	if (READ_ONCE(c->mode) != 3)
		return -1;
	smp_rmb();
	return c->up;
}

/* the helper that publishes is the first call: convert */
static void demo_chan_fill(struct demo_chan *c, int v)
{
	c->data = v;
	smp_wmb();
	demo_chan_set_ready(c);
}

static int demo_chan_read(struct demo_chan *c)
{
	if (!READ_ONCE(c->ready))
		return -1;
	smp_rmb();
	return c->data;
}

/* FIELD_GET() only computes a value: convert */
static void demo_chan_put(struct demo_chan *c, int v)
{
	int n;

	c->data = v;
	smp_wmb();
	n = FIELD_GET(0xf0, v);
	WRITE_ONCE(c->count, n);
}

static int demo_chan_used(struct demo_chan *c)
{
	int n = READ_ONCE(c->count);

	smp_rmb();
	return n + c->data;
}

/* the helper called first publishes; a later call of it is not the publish store: convert */
static void demo_chan_resume(struct demo_chan *c, int v)
{
	c->data = v;
	smp_wmb();
	demo_chan_set_level(c, 4);
	if (v < 0)
		demo_chan_set_level(c, 0);
}

static int demo_chan_resumed(struct demo_chan *c)
{
	if (READ_ONCE(c->level) != 4)
		return -1;
	smp_rmb();
	return c->data;
}

/*
 * check-name: a store right before smp_wmb() then a call that may store under an if, or before the helper that publishes, is store-before (keep); a publishing helper called first, or a value macro, is not
 * check-command: acqrel pairs $file
 * check-output-start
store-before-shapes.c:42: protocol c->state (demo_chan.state): keep
  writer store-before-shapes.c:42: smp_wmb() in demo_chan_disable(); publish store at line 45
  reader store-before-shapes.c:52: smp_rmb() in demo_chan_state(); subscribe load at line 50
  evidence: object, data
  store-before: demo_chan_disable() stores c->enabled (line 41) right before its smp_wmb() and calls demo_chan_sync_irq() (line 44) before the store to c->state: the barrier orders that store before what the call does, which a release of c->state does not
  ordering: 0 other accesses change ordering

store-before-shapes.c:60: protocol c->mode (demo_chan.mode): keep
  writer store-before-shapes.c:60: smp_wmb() in demo_chan_open(); publish store in demo_chan_set_mode() at line 25, called at line 62
  reader store-before-shapes.c:69: smp_rmb() in demo_chan_mode(); subscribe load at line 67
  evidence: object, call, data
  store-before: demo_chan_open() stores c->up (line 59) right before its smp_wmb() and calls demo_chan_start() (line 61) before the store to c->mode: the barrier orders that store before what the call does, which a release of c->mode does not
  ordering: 0 other accesses change ordering

store-before-shapes.c:77: protocol c->ready (demo_chan.ready): convert
  writer store-before-shapes.c:77: smp_wmb() in demo_chan_fill(); publish store in demo_chan_set_ready() at line 35, called at line 78
  reader store-before-shapes.c:85: smp_rmb() in demo_chan_read(); subscribe load at line 83
  evidence: object, call, data
  adjacent: each barrier that goes orders c->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

store-before-shapes.c:95: protocol c->count (demo_chan.count): convert
  writer store-before-shapes.c:95: smp_wmb() in demo_chan_put(); publish store at line 97
  reader store-before-shapes.c:104: smp_rmb() in demo_chan_used(); subscribe load at line 102
  evidence: object, data
  adjacent: each barrier that goes orders c->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

store-before-shapes.c:112: protocol c->level (demo_chan.level): convert
  writer store-before-shapes.c:112: smp_wmb() in demo_chan_resume(); publish store in demo_chan_set_level() at line 30, called at line 113
  reader store-before-shapes.c:122: smp_rmb() in demo_chan_resumed(); subscribe load at line 120
  evidence: object, call, data
  adjacent: each barrier that goes orders c->level and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
