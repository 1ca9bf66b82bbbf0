// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: writers with no reader found convert alone. */

struct demo_dev {
	int valid;
	int used;
	bool reading;
	unsigned int in;
	unsigned int out;
	unsigned int mask;
	unsigned int ready;
	unsigned int count;
	unsigned int done;
	int buf[64];
	struct mutex lock;
};

/* a completion callback: the data, then the flag, then a wakeup */
static void demo_read_done(struct demo_dev *dev, int len)
{
	dev->valid = len;
	dev->used = 0;

	/* must be seen first before validity is announced */
	smp_wmb();

	dev->reading = false;
	wake_up(&dev->wait_q);
}

void demo_complete(struct demo_dev *dev, int len)
{
	demo_read_done(dev, len);
}

/* a callback no one calls by name: what its framework stores after it returns is unseen, review */
static void demo_cb_done(struct demo_dev *dev)
{
	dev->buf[3] = 1;
	smp_wmb();
	WRITE_ONCE(dev->done, 1);
}

static const struct demo_ops demo_cb_ops = {
	.done = demo_cb_done,
};

/* the barrier at a callee's end: every caller's store of in becomes the release */
static void demo_copy_in(struct demo_dev *dev, const int *src, unsigned int len)
{
	memcpy(dev->buf + (dev->in & dev->mask), src, len * sizeof(int));
	/*
	 * make sure the data is up to date before the in index
	 * moves on
	 */
	smp_wmb();
}

unsigned int demo_in(struct demo_dev *dev, const int *src, unsigned int len)
{
	demo_copy_in(dev, src, len);
	dev->in += len;
	return len;
}

/* a second store the barrier orders too: review */
static void demo_publish_two(struct demo_dev *dev, int v)
{
	dev->buf[0] = v;
	smp_wmb();
	WRITE_ONCE(dev->ready, 1);
	WRITE_ONCE(dev->count, dev->count + 1);
}

/* its window runs to its end, and its caller stores a shared field after the call: review */
static void demo_arm(struct demo_dev *dev, int v)
{
	dev->buf[1] = v;
	smp_wmb();
	WRITE_ONCE(dev->out, 1);
}

void demo_start(struct demo_dev *dev, int v)
{
	demo_arm(dev, v);
	WRITE_ONCE(dev->used, 1);
}

/* not static and called nowhere in the files given: its callers may store after it, review */
void demo_set(struct demo_dev *dev, int v)
{
	dev->buf[2] = v;
	smp_wmb();
	WRITE_ONCE(dev->mask, 1);
}

/* loads with no read barrier after them: no reader acqrel pairs */
int demo_peek(struct demo_dev *dev)
{
	if (READ_ONCE(dev->reading))
		return -EBUSY;
	return dev->valid + READ_ONCE(dev->ready) + READ_ONCE(dev->out) + READ_ONCE(dev->in) +
	       READ_ONCE(dev->mask) + READ_ONCE(dev->done);
}

int demo_note(unsigned int v);

/* readers that pass count and used on: they may index data with them */
int demo_counts(struct demo_dev *dev)
{
	return demo_note(READ_ONCE(dev->count)) + demo_note(READ_ONCE(dev->used));
}

/*
 * check-name: rule WO: a writer with no reader found and no caveat converts alone (also a barrier at a callee's end, its caller's store the release); not with a second store after the barrier, a caller that stores a shared field after the call, or callers acqrel cannot all see (a function called in none of the files given, a callback among them)
 * check-command: acqrel pairs $file
 * check-output-start
writer-alone.c:25: protocol dev->reading (demo_dev.reading): convert
  writer writer-alone.c:25: smp_wmb() in demo_read_done(); publish store at line 27
  evidence: object
  writer-alone: no reader found in the files given (no smp_rmb() follows a load of dev->reading): the release orders the data before the store as smp_wmb() did, for any reader, and the writers' barriers order nothing else another thread can see
  adjacent: each barrier that goes orders dev->reading and nothing another thread can see besides
  ordering: 0 other accesses change ordering

writer-alone.c:40: protocol dev->done (demo_dev.done): review
  writer writer-alone.c:40: smp_wmb() in demo_cb_done(); publish store at line 41
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of dev->done; the writers alone would convert, but smp_wmb() in demo_cb_done() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

writer-alone.c:56: protocol dev->in (demo_dev.in): convert
  writer writer-alone.c:56: smp_wmb() in demo_copy_in(); publish store after each call of demo_copy_in(): demo_in() at line 61
  evidence: object, call
  writer-alone: no reader found in the files given (no smp_rmb() follows a load of dev->in): the release orders the data before the store as smp_wmb() did, for any reader, and the writers' barriers order nothing else another thread can see
  adjacent: each barrier that goes orders dev->in and nothing another thread can see besides
  ordering: 0 other accesses change ordering

writer-alone.c:70: protocol dev->ready (demo_dev.ready): review
  writer writer-alone.c:70: smp_wmb() in demo_publish_two(); publish store at line 71
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of dev->ready
  several-stores: smp_wmb() in demo_publish_two() also orders the stores to dev->count (line 72), which other threads can see: with a release on dev->ready instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store dev->count (line 72) after smp_wmb() in demo_publish_two(): shared: no reader in the tree orders loads after loading dev->count (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

writer-alone.c:79: protocol dev->out (demo_dev.out): review
  writer writer-alone.c:79: smp_wmb() in demo_arm(); publish store at line 80
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of dev->out; the writers alone would convert, but smp_wmb() in demo_arm() orders what its callers store after the call too, and demo_start() stores dev->used (line 86) there, which other threads can see
  ordering: 0 other accesses change ordering

writer-alone.c:93: protocol dev->mask (demo_dev.mask): review
  writer writer-alone.c:93: smp_wmb() in demo_set(); publish store at line 94
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of dev->mask; the writers alone would convert, but smp_wmb() in demo_set() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
