// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 9: __rcu pointers are not this pattern. */

struct demo_conf {
	int level;
};

struct demo_srv {
	struct demo_conf __rcu *conf;
	struct demo_conf *plain;
	int gen;
};

static void demo_srv_set(struct demo_srv *s, struct demo_conf *c)
{
	c->level = 1;
	smp_wmb();
	s->conf = c;
}

static int demo_srv_level(struct demo_srv *s)
{
	struct demo_conf *c = s->conf;

	smp_rmb();
	return c->level;
}

static void demo_srv_publish(struct demo_srv *s, struct demo_conf *c)
{
	c->level = 2;
	rcu_assign_pointer(s->conf, c);
}

/*
 * check-name: shape 9, an __rcu publish variable is kept, never smp_store_release()
 * check-command: acqrel pairs $file
 * check-output-start
shape09-rcu.c:17: protocol s->conf (demo_srv.conf): keep
  writer shape09-rcu.c:17: smp_wmb() in demo_srv_set(); publish store at line 18
  reader shape09-rcu.c:25: smp_rmb() in demo_srv_level(); subscribe load at line 23
  evidence: object, data
  rcu: s->conf is declared __rcu (struct demo_conf __rcu *conf): it is published with rcu_assign_pointer() and read with rcu_dereference(), and smp_store_release() on it is a sparse address-space error
  ordering: 0 other accesses change ordering

 * check-output-end
 */
