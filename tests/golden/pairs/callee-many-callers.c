// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a callee barrier with many callers that do not publish. */

struct demo_cfg {
	int words[8];
	int loaded;
};

static void demo_cfg_fill(struct demo_cfg *c, int v)
{
	c->words[0] = v;
	smp_wmb();
}

static void demo_cfg_publish(struct demo_cfg *c)
{
	demo_cfg_fill(c, 1);
	WRITE_ONCE(c->loaded, 1);
}

static void demo_cfg_reset(struct demo_cfg *c)
{
	demo_cfg_fill(c, 0);
}

static void demo_cfg_retry(struct demo_cfg *c)
{
	demo_cfg_fill(c, 2);
}

static void demo_cfg_probe(struct demo_cfg *c)
{
	demo_cfg_fill(c, 3);
}

static void demo_cfg_resume(struct demo_cfg *c)
{
	demo_cfg_fill(c, 4);
}

static int demo_cfg_read(struct demo_cfg *c)
{
	if (!READ_ONCE(c->loaded))
		return -1;
	smp_rmb();
	return c->words[0];
}

/*
 * check-name: a callee barrier whose callers do not all publish stays, and its reason names the first three of them; the reader converts alone
 * check-command: acqrel pairs $file
 * check-output-start
callee-many-callers.c:12: protocol c->loaded (demo_cfg.loaded): convert
  writer callee-many-callers.c:12: smp_wmb() in demo_cfg_fill(); publish store after each call of demo_cfg_fill(): demo_cfg_publish() at line 17, demo_cfg_reset() at line 23, demo_cfg_retry() at line 28, demo_cfg_probe() at line 33, demo_cfg_resume() at line 38
  reader callee-many-callers.c:45: smp_rmb() in demo_cfg_read(); subscribe load at line 43
  evidence: object, call, data
  stays: smp_wmb() in demo_cfg_fill() publishes c->loaded one call level away, and stays: 4 of the 5 callers of demo_cfg_fill() do not store c->loaded right after the call: demo_cfg_reset() (line 23), demo_cfg_retry() (line 28), demo_cfg_probe() (line 33) and 1 more
  adjacent: each barrier that goes orders c->loaded and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
