// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule H and waits. A field a reader tests
 * in a wait_event() condition ends the wait, as a loop's condition does:
 * it is no value read, and its store after smp_wmb() stays a caveat. A
 * statistic only tested in an if stays a value read.
 */

struct demo_cmd {
	unsigned int resp_len;
	int resp[8];
	unsigned int seq;
	bool busy;
	unsigned long hits;
};

extern struct wait_queue_head demo_wq;

static void demo_cmd_done(struct demo_cmd *c, int v)
{
	c->resp[0] = v;
	smp_wmb();
	c->seq++;
	c->busy = false;
	c->hits++;
}

static int demo_cmd_wait(struct demo_cmd *c)
{
	wait_event(demo_wq, !c->busy);
	return c->resp[0];
}

static int demo_cmd_poll(struct demo_cmd *c, unsigned int seen)
{
	if (READ_ONCE(c->seq) == seen)
		return -1;
	smp_rmb();
	return c->resp[0];
}

static bool demo_cmd_hot(struct demo_cmd *c)
{
	if (c->hits > 100)
		return true;
	return false;
}

/*
 * check-name: rule H: a field tested in a wait_event() condition ends the wait, as a loop condition does, and its store after smp_wmb() stays a caveat; a statistic tested in an if is a value read
 * check-command: acqrel pairs $file
 * check-output-start
read-as-value-wait.c:22: protocol c->seq (demo_cmd.seq): review
  writer read-as-value-wait.c:22: smp_wmb() in demo_cmd_done(); publish store at line 23
  reader read-as-value-wait.c:38: smp_rmb() in demo_cmd_poll(); subscribe load at line 36
  evidence: object, data
  several-stores: smp_wmb() in demo_cmd_done() also orders the stores to c->busy (line 24), which other threads can see: with a release on c->seq instead, they are no longer ordered after the data
  ordering: 2 other accesses change ordering; 1 can be seen by another thread
    store c->busy (line 24) after smp_wmb() in demo_cmd_done(): shared: no reader in the tree orders loads after loading c->busy (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell
    store c->hits (line 25) after smp_wmb() in demo_cmd_done(): unsubscribed: no reader in the tree orders loads after loading c->hits, and its 1 load in the files that see the struct (read-as-value-wait.c; the first at read-as-value-wait.c:44) takes it as a value or a loop's bound, none as a subscript or as an argument a call may subscript with: readers reach no data through it

 * check-output-end
 */
