// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a call under a guard the barrier's path clears does not run there. */

struct demo_buf {
	int len;
};

struct demo_slot {
	spinlock_t lock;
	struct demo_buf *buf;
	struct demo_buf *other;
};

struct demo_buf *demo_buf_alloc(void);
void demo_buf_free(struct demo_buf *b);
void demo_note(struct demo_slot *s);

/* publish the new buffer, or free it: on the barrier's path b is NULL at the free */
static int demo_slot_attach(struct demo_slot *s)
{
	struct demo_buf *b = demo_buf_alloc();

	spin_lock(&s->lock);
	if (!s->buf) {
		b->len = 0;
		smp_wmb();
		WRITE_ONCE(s->buf, b);
		b = NULL;
	}
	spin_unlock(&s->lock);
	if (unlikely(b != NULL))
		demo_buf_free(b);
	return 0;
}

/* the local is set again before the guard: the call may run after the barrier */
static int demo_slot_attach2(struct demo_slot *s)
{
	struct demo_buf *b = demo_buf_alloc();

	if (!s->other) {
		b->len = 1;
		smp_wmb();
		WRITE_ONCE(s->other, b);
		b = NULL;
	}
	b = demo_buf_alloc();
	if (b)
		demo_note(s);
	return 0;
}

static int demo_slot_len(struct demo_slot *s)
{
	struct demo_buf *b = READ_ONCE(s->buf);

	smp_rmb();
	return b ? b->len : 0;
}

static int demo_slot_len2(struct demo_slot *s)
{
	struct demo_buf *b = READ_ONCE(s->other);

	smp_rmb();
	return b ? b->len : 0;
}

/*
 * check-name: rule GUARD: a call under "if (b)" after the barrier, where the barrier's block sets b = NULL right after the publish store, is off the barrier's path; set again, it is a call-between
 * check-command: acqrel pairs $file
 * check-output-start
guard-cleared.c:26: protocol s->buf (demo_slot.buf): convert
  writer guard-cleared.c:26: smp_wmb() in demo_slot_attach(); publish store at line 27
  reader guard-cleared.c:57: smp_rmb() in demo_slot_len(); subscribe load at line 55
  evidence: object, data
  adjacent: each barrier that goes orders s->buf and nothing another thread can see besides
  ordering: 0 other accesses change ordering

guard-cleared.c:43: protocol s->other (demo_slot.other): review
  writer guard-cleared.c:43: smp_wmb() in demo_slot_attach2(); publish store at line 44
  reader guard-cleared.c:65: smp_rmb() in demo_slot_len2(); subscribe load at line 63
  evidence: object, data
  call-between: smp_wmb() in demo_slot_attach2() also orders the stores made by demo_buf_alloc(), demo_note(), whose bodies acqrel does not follow: with a release on s->other instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
