// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule E (never-stored) and an array field
 * named bare, which passes its address: a function may fill it.
 */

struct demo_vq {
	int len;
};

struct demo_dev {
	struct demo_vq *vqs[2];
	int table[4];
	int ready;
};

int demo_find_vqs(struct demo_vq **out, int n);

/* virtio_find_vqs(vdev, n, vsock->vqs, ...) fills the array it is given */
static int demo_probe(struct demo_dev *d)
{
	return demo_find_vqs(d->vqs, 2);
}

/* vqs is stored through the call above: not a constant (review) */
static int demo_poll(struct demo_dev *d)
{
	struct demo_vq *vq = READ_ONCE(d->vqs[0]);

	smp_rmb();
	return vq->len + d->ready;
}

/* d->table, named bare in this comment only, is read in elements: stored nowhere (keep) */
static int demo_peek(struct demo_dev *d)
{
	int t = READ_ONCE(d->table[1]);

	smp_rmb();
	return t + d->ready + (int)sizeof(d->table[0]);
}

/*
 * check-name: an array field passed bare to a function is stored through it, so rule E does not call it a constant; one only read in elements still is
 * check-command: acqrel pairs $file
 * check-output-start
constant-array-arg.c:30: protocol d->vqs[0] (demo_dev.vqs): review
  reader constant-array-arg.c:30: smp_rmb() in demo_poll(); subscribe load at line 28
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to d->vqs[0]
  ordering: 0 other accesses change ordering

constant-array-arg.c:39: protocol d->table[1] (demo_dev.table): keep
  reader constant-array-arg.c:39: smp_rmb() in demo_peek(); subscribe load at line 37
  evidence: object
  constant: demo_dev.table is stored nowhere in constant-array-arg.c, the file that defines its struct (no assignment, no address taken, at most designated initialisers of file-scope objects): it is set only where an object is initialised in its declaration, as an entry of a constant table is, so no load of it subscribes to a publication; the barrier orders other loads, and this protocol is not one
  ordering: 0 other accesses change ordering

 * check-output-end
 */
