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
	unsigned int enabled;
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

/* the barrier first in its function: its callers store the data */
static void demo_enable(struct demo_dev *dev)
{
	smp_wmb();
	WRITE_ONCE(dev->enabled, 1);
}

void demo_start_all(struct demo_dev *dev)
{
	dev->buf[4] = 1;
	demo_enable(dev);
}

/* loads with no read barrier after them: no reader acqrel pairs */
int demo_peek(struct demo_dev *dev)
{
	if (READ_ONCE(dev->reading))
		return -EBUSY;
	return dev->valid + READ_ONCE(dev->ready) + READ_ONCE(dev->out) + READ_ONCE(dev->in) +
	       READ_ONCE(dev->mask) + READ_ONCE(dev->done) + READ_ONCE(dev->enabled);
}

int demo_note(unsigned int v);

/* readers that pass count and used on: they may index data with them */
int demo_counts(struct demo_dev *dev)
{
	return demo_note(READ_ONCE(dev->count)) + demo_note(READ_ONCE(dev->used));
}

/*
 * check-name: rule WO: only the writers are rewritten, with no "Pairs with" note (no reader is known), but a comment on a release that no comment ends right above (checkpatch wants one); the blank line between the barrier's comment and the store goes; the explanation of a barrier at a callee's end moves to each caller's release; a barrier first in its function says the callers' stores
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/writer-alone.c
+++ b/writer-alone.c
@@ -23,9 +23,7 @@ static void demo_read_done(struct demo_dev *dev, int len)
 	dev->used = 0;
 
 	/* must be seen first before validity is announced *\/
+	smp_store_release(&dev->reading, false);
-	smp_wmb();
-
-	dev->reading = false;
 	wake_up(&dev->wait_q);
 }
 
@@ -50,17 +48,13 @@ static const struct demo_ops demo_cb_ops = {
 static void demo_copy_in(struct demo_dev *dev, const int *src, unsigned int len)
 {
 	memcpy(dev->buf + (dev->in & dev->mask), src, len * sizeof(int));
-	/*
-	 * make sure the data is up to date before the in index
-	 * moves on
-	 *\/
-	smp_wmb();
 }
 
 unsigned int demo_in(struct demo_dev *dev, const int *src, unsigned int len)
 {
 	demo_copy_in(dev, src, len);
-	dev->in += len;
+	/* make sure the data is up to date before the in index moves on *\/
+	smp_store_release(&dev->in, dev->in + len);
 	return len;
 }
 
@@ -98,8 +92,8 @@ void demo_set(struct demo_dev *dev, int v)
 /* the barrier first in its function: its callers store the data *\/
 static void demo_enable(struct demo_dev *dev)
 {
-	smp_wmb();
-	WRITE_ONCE(dev->enabled, 1);
+	/* Make the callers' stores visible before dev->enabled *\/
+	smp_store_release(&dev->enabled, 1);
 }
 
 void demo_start_all(struct demo_dev *dev)
 * check-output-end
 * check-error-start
writer-alone.c: in demo_read_done(): "must be seen first before validity is announced": note: may still describe the old barriers of dev->reading
writer-alone.c:128: "check-name: rule WO: only the writers are rewritten, with no...": note: may still describe the old barriers of dev->reading
writer-alone.c: above demo_copy_in(): "the barrier at a callee's end: every caller's store of in be...": note: may still describe the old barriers of dev->in
writer-alone.c:128: "check-name: rule WO: only the writers are rewritten, with no...": note: may still describe the old barriers of dev->in
writer-alone.c: above demo_enable(): "the barrier first in its function: its callers store the dat...": note: may still describe the old barriers of dev->enabled
writer-alone.c:128: "check-name: rule WO: only the writers are rewritten, with no...": note: may still describe the old barriers of dev->enabled
acqrel patch: 3 protocols rewritten in 3 patches, 0 left for the author
 * check-error-end
 */
