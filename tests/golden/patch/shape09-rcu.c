// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 9: an __rcu pointer is published with RCU's own API. */

struct demo_conf {
	int val;
};

struct demo_holder {
	struct demo_conf __rcu *conf;
	struct demo_conf *plain;
};

static void demo_holder_set(struct demo_holder *h, struct demo_conf *c)
{
	c->val = 1;
	smp_wmb();
	rcu_assign_pointer(h->conf, c);
}

static int demo_holder_get(struct demo_holder *h)
{
	struct demo_conf *c = rcu_dereference(h->conf);

	smp_rmb();
	return c ? c->val : 0;
}

/*
 * check-name: shape 9, __rcu pointers are never the operand of smp_store_release(): no patch
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
 * check-output-end
 */
