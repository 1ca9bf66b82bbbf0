// SPDX-License-Identifier: GPL-2.0
/* Made up: one message-passing protocol for each size of publish variable. */

#include <linux/demo_types.h>

typedef unsigned int demo_tag_t;

struct demo_flag {
	int data[4];
	bool ready;
};

void demo_flag_put(struct demo_flag *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_flag_get(). */
	smp_wmb();
	WRITE_ONCE(s->ready, true);
}

int demo_flag_get(struct demo_flag *s, unsigned int t)
{
	if (!READ_ONCE(s->ready))
		return -1;
	/* Pairs with smp_wmb() in demo_flag_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_half {
	int data[4];
	u16 head;
};

void demo_half_put(struct demo_half *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_half_get(). */
	smp_wmb();
	WRITE_ONCE(s->head, h);
}

int demo_half_get(struct demo_half *s, unsigned int t)
{
	if (!READ_ONCE(s->head))
		return -1;
	/* Pairs with smp_wmb() in demo_half_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_word {
	int data[4];
	unsigned int count;
};

void demo_word_put(struct demo_word *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_word_get(). */
	smp_wmb();
	WRITE_ONCE(s->count, h);
}

int demo_word_get(struct demo_word *s, unsigned int t)
{
	if (!READ_ONCE(s->count))
		return -1;
	/* Pairs with smp_wmb() in demo_word_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_seq {
	int data[4];
	unsigned long seq;
};

void demo_seq_put(struct demo_seq *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_seq_get(). */
	smp_wmb();
	WRITE_ONCE(s->seq, h);
}

int demo_seq_get(struct demo_seq *s, unsigned int t)
{
	if (!READ_ONCE(s->seq))
		return -1;
	/* Pairs with smp_wmb() in demo_seq_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_stamp {
	int data[4];
	u64 stamp;
};

void demo_stamp_put(struct demo_stamp *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_stamp_get(). */
	smp_wmb();
	WRITE_ONCE(s->stamp, h);
}

int demo_stamp_get(struct demo_stamp *s, unsigned int t)
{
	if (!READ_ONCE(s->stamp))
		return -1;
	/* Pairs with smp_wmb() in demo_stamp_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_tag {
	int data[4];
	demo_tag_t tag;
};

void demo_tag_put(struct demo_tag *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_tag_get(). */
	smp_wmb();
	WRITE_ONCE(s->tag, h);
}

int demo_tag_get(struct demo_tag *s, unsigned int t)
{
	if (!READ_ONCE(s->tag))
		return -1;
	/* Pairs with smp_wmb() in demo_tag_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_elem {
	int data[4];
	u16 *marks;
};

void demo_elem_put(struct demo_elem *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_elem_get(). */
	smp_wmb();
	WRITE_ONCE(s->marks[h % 4], h);
}

int demo_elem_get(struct demo_elem *s, unsigned int t)
{
	if (!READ_ONCE(s->marks[t % 4]))
		return -1;
	/* Pairs with smp_wmb() in demo_elem_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_slot {
	int data[4];
	demo_slot_t slot;
};

void demo_slot_put(struct demo_slot *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_slot_get(). */
	smp_wmb();
	WRITE_ONCE(s->slot, h);
}

int demo_slot_get(struct demo_slot *s, unsigned int t)
{
	if (!READ_ONCE(s->slot))
		return -1;
	/* Pairs with smp_wmb() in demo_slot_put(). */
	smp_rmb();
	return s->data[t % 4];
}

struct demo_cookie {
	int data[4];
	demo_cookie_t cookie;
};

void demo_cookie_put(struct demo_cookie *s, unsigned int h, int x)
{
	s->data[h % 4] = x;
	/* Pairs with smp_rmb() in demo_cookie_get(). */
	smp_wmb();
	WRITE_ONCE(s->cookie, h);
}

int demo_cookie_get(struct demo_cookie *s, unsigned int t)
{
	if (!READ_ONCE(s->cookie))
		return -1;
	/* Pairs with smp_wmb() in demo_cookie_put(). */
	smp_rmb();
	return s->data[t % 4];
}
