// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: readers that follow a published pointer need no read barrier. */

struct demo_cfg {
	int mode;
	int limit;
};

struct demo_dev {
	spinlock_t lock;
	struct demo_cfg *cfg;
	struct demo_cfg *plain_cfg;
	unsigned long count;
	int ready;
};

int demo_apply(struct demo_cfg *c);

/* cfg: readers load it with READ_ONCE() and follow it, or pass it on: the writer converts alone */
static void demo_dev_setup(struct demo_dev *d, struct demo_cfg *c)
{
	c->mode = 1;
	c->limit = 8;
	smp_wmb();
	WRITE_ONCE(d->cfg, c);
}

static int demo_dev_limit(struct demo_dev *d)
{
	struct demo_cfg *c = READ_ONCE(d->cfg);

	return c ? c->limit : 0;
}

static int demo_dev_apply(struct demo_dev *d)
{
	return demo_apply(READ_ONCE(d->cfg));
}

/* plain_cfg: its readers load it plainly, no READ_ONCE(): still one-side */
static void demo_dev_setup2(struct demo_dev *d, struct demo_cfg *c)
{
	c->mode = 2;
	smp_wmb();
	d->plain_cfg = c;
}

static int demo_dev_mode(struct demo_dev *d)
{
	struct demo_cfg *c = d->plain_cfg;

	return c ? c->mode : 0;
}

/* ready is no pointer: an integer followed by nobody, one-side */
static void demo_dev_go(struct demo_dev *d)
{
	d->count = 0;
	smp_wmb();
	WRITE_ONCE(d->ready, 1);
}

static int demo_dev_is_ready(struct demo_dev *d)
{
	return READ_ONCE(d->ready);
}

/*
 * check-name: rule DEP: a pointer whose readers load it with READ_ONCE() and follow it (or pass it on) converts its writer alone; plain readers, or an integer, stay one-side
 * check-command: acqrel pairs $file
 * check-output-start
dependent-readers.c:24: protocol d->cfg (demo_dev.cfg): convert
  writer dependent-readers.c:24: smp_wmb() in demo_dev_setup(); publish store at line 25
  evidence: object
  dependent-readers: no smp_rmb() follows a load of d->cfg, but its readers load it with READ_ONCE() or rcu_dereference() and follow it (demo_dev_limit() at dependent-readers.c:30, demo_dev_apply() at dependent-readers.c:37; 2 of the 2 loads in the files that see demo_dev, dependent-readers.c): the address dependency orders their reads through it after the release, as after smp_wmb(), so the writer converts alone
  adjacent: each barrier that goes orders d->cfg and nothing another thread can see besides
  ordering: 0 other accesses change ordering

dependent-readers.c:44: protocol d->plain_cfg (demo_dev.plain_cfg): review
  writer dependent-readers.c:44: smp_wmb() in demo_dev_setup2(); publish store at line 45
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of d->plain_cfg; the writers alone would convert, but smp_wmb() in demo_dev_setup2() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

dependent-readers.c:59: protocol d->ready (demo_dev.ready): review
  writer dependent-readers.c:59: smp_wmb() in demo_dev_go(); publish store at line 60
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of d->ready; the writers alone would convert, but smp_wmb() in demo_dev_go() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
