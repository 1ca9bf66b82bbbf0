// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a pointer RCU readers follow, published with a plain store. */

struct demo_cfg {
	int level;
	int mode;
};

struct demo_srv {
	struct demo_cfg __rcu *cfg;
	struct demo_cfg *next;
	int gen;
};

/* the object is filled in, then its pointer stored with nothing between */
static void demo_srv_update(struct demo_srv *s, struct demo_cfg *c)
{
	c->level = 1;
	c->mode = 2;
	s->cfg = c;
}

static void demo_srv_queue(struct demo_srv *s, struct demo_cfg *c)
{
	c->mode = 3;
	s->next = c;
}

static int demo_srv_level(struct demo_srv *s)
{
	struct demo_cfg *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(s->cfg);
	v = c ? c->level : 0;
	rcu_read_unlock();
	return v;
}

static int demo_srv_next(struct demo_srv *s)
{
	struct demo_cfg *c = rcu_dereference_raw(s->next);

	return c ? c->mode : 0;
}

/*
 * check-name: plain-publish: an initialised object's pointer stored plainly where readers rcu_dereference() it
 * check-command: acqrel bugs $file
 * check-exit: 1
 * check-output-start
plain-publish.c:20:2: warning: plain-publish: demo_srv_update() publishes c with a plain store to s->cfg after storing c->mode (line 19), while demo_srv_level() reads it with rcu_dereference(); evidence: s->cfg is loaded with rcu_dereference() at plain-publish.c:35; nothing orders the store to c->mode before the store of the pointer; fix: rcu_assign_pointer(s->cfg, c) (severity high, confidence medium)
plain-publish.c:26:2: warning: plain-publish: demo_srv_queue() publishes c with a plain store to s->next after storing c->mode (line 25), while demo_srv_next() reads it with rcu_dereference_raw(); evidence: s->next is loaded with rcu_dereference_raw() at plain-publish.c:43; nothing orders the store to c->mode before the store of the pointer; fix: rcu_assign_pointer(s->next, c), and __rcu on the declaration for sparse (severity high, confidence medium)
 * check-output-end
 */
