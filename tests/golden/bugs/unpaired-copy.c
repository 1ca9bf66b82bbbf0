// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel bugs: a ring whose producer fills its
 * buffer with memcpy() in a static helper that ends with smp_wmb(), and
 * publishes the index in its caller. A consumer that loads the index and
 * copies from the buffer, with nothing between, is a plain reader. One
 * that only takes the buffer's address, or data of another struct that a
 * helper's barrier orders, is not.
 */

struct cq_node {
	int parent;
};

struct cq_ring {
	unsigned int in;
	unsigned int out;
	unsigned int mask;
	unsigned char *buf;
	struct cq_node *node;
	struct cq_node *cur;
};

static void cq_copy_in(struct cq_ring *r, const void *src, unsigned int n)
{
	unsigned int off = r->in & r->mask;

	memcpy(r->buf + off, src, n);
	smp_wmb();
}

unsigned int cq_put(struct cq_ring *r, const void *src, unsigned int n)
{
	cq_copy_in(r, src, n);
	r->in += n;
	return n;
}

static void cq_copy_out(struct cq_ring *r, void *dst, unsigned int n)
{
	unsigned int off = r->out & r->mask;

	memcpy(dst, r->buf + off, n);
}

/* the finding: r->in, then the copy out of r->buf in cq_copy_out() */
unsigned int cq_peek(struct cq_ring *r, void *dst, unsigned int n)
{
	unsigned int l = r->in - r->out;

	if (n > l)
		n = l;
	cq_copy_out(r, dst, n);
	return n;
}

/* not a finding: only the buffer's address is taken */
unsigned long cq_peek_addr(struct cq_ring *r)
{
	unsigned int l = r->in - r->out;

	return l ? (unsigned long)(r->buf + (r->out & r->mask)) : 0;
}

static void cq_mark_dead(struct cq_node *n)
{
	n->parent = 0;
	smp_wmb();
}

/* the barrier a call away orders another struct's field: no data of r->cur */
void cq_retire(struct cq_ring *r, struct cq_node *n)
{
	cq_mark_dead(n);
	r->cur = n;
}

int cq_cur_parent(struct cq_ring *r)
{
	struct cq_node *n = r->cur;

	return r->node->parent + (n != NULL);
}

/*
 * check-name: bugs: data a producer's helper copies in with memcpy() before its barrier, copied out by a plain reader in a helper; not an address taken, nor another struct's field a callee's barrier orders
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
unpaired-copy.c:49:19: warning: unpaired: cq_peek() loads r->in (line 49) with a plain load and then copies from the buffer at r->buf (line 43, in cq_copy_out()) with no smp_rmb(), acquire or dependency between; protocol r->in: writer smp_wmb() in cq_copy_in() at unpaired-copy.c:29; no reader found; evidence: smp_wmb() in cq_copy_in() fills the buffer at r->buf before it and publishes r->in after it; no reader of it orders anything; fix: load r->in with smp_load_acquire() (severity high, confidence low)
 * check-output-end
 */
