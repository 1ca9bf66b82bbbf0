// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: one use of every primitive acqrel reports. */

struct demo_dev {
	unsigned long flags;
	atomic_t users;
	atomic64_t bytes;
	atomic_long_t refs;
	int ready;
	int seq;
	struct demo_cfg __rcu *cfg;
	u32 *desc;
};

static void demo_fences(struct demo_dev *d)
{
	smp_mb();
	smp_store_mb(d->ready, 1);
	smp_mb__before_atomic();
	atomic_inc(&d->users);
	smp_mb__after_atomic();
	if (READ_ONCE(d->seq))
		smp_acquire__after_ctrl_dep();
}

static void demo_io(struct demo_dev *d)
{
	d->desc[0] = 1;
	dma_wmb();
	d->desc[1] = 2;
	dma_rmb();
	dma_mb();
	virt_wmb();
	virt_rmb();
	virt_mb();
	wmb();
	rmb();
	mb();
}

static int demo_acquire_release(struct demo_dev *d, struct demo_cfg *c)
{
	int v;

	smp_store_release(&d->ready, 1);
	v = smp_load_acquire(&d->seq);
	if (test_bit_acquire(3, &d->flags))
		v++;
	clear_bit_unlock(3, &d->flags);
	v += atomic_read_acquire(&d->users);
	atomic_set_release(&d->users, 0);
	atomic64_set_release(&d->bytes, 0);
	v += atomic_long_read_acquire(&d->refs);
	v += atomic_fetch_add_release(1, &d->users);
	v += atomic_cmpxchg_acquire(&d->users, 0, 1);
	v += cmpxchg_release(&d->seq, 0, 1);
	v += xchg_acquire(&d->seq, 2);
	rcu_assign_pointer(d->cfg, c);
	c = rcu_dereference(d->cfg);
	c = rcu_dereference_protected(d->cfg, 1);
	c = rcu_dereference_check(d->cfg, 1);
	return v;
}

/*
 * check-name: every primitive is reported, with its operand
 * check-command: acqrel sites $file
 * check-output-start
primitives.c:17:2: note: smp_mb() in function demo_fences(); after: write d->ready (marked, line 18)
primitives.c:18:2: note: smp_store_mb() in function demo_fences(); on: write d->ready (marked, line 18); after: write d->users (marked, line 20)
primitives.c:19:2: note: smp_mb__before_atomic() in function demo_fences(); before: write d->ready (marked, line 18); after: write d->users (marked, line 20)
primitives.c:21:2: note: smp_mb__after_atomic() in function demo_fences(); before: write d->users (marked, line 20); after: read d->seq (marked, line 22)
primitives.c:23:3: note: smp_acquire__after_ctrl_dep() in function demo_fences(); before: read d->seq (marked, line 22)
primitives.c:29:2: note: dma_wmb() in function demo_io(); before: write d->desc[0] (line 28); after: write d->desc[1] (line 30)
primitives.c:31:2: note: dma_rmb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:32:2: note: dma_mb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:33:2: note: virt_wmb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:34:2: note: virt_rmb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:35:2: note: virt_mb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:36:2: note: wmb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:37:2: note: rmb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:38:2: note: mb() in function demo_io(); before: write d->desc[1] (line 30)
primitives.c:45:2: note: smp_store_release() in function demo_acquire_release(); on: write d->ready (marked, line 45); after: read d->seq (marked, line 46)
primitives.c:46:6: note: smp_load_acquire() in function demo_acquire_release(); on: read d->seq (marked, line 46); before: write d->ready (marked, line 45); after: read d->flags (marked, line 47)
primitives.c:47:6: note: test_bit_acquire() in function demo_acquire_release(); on: read d->flags (marked, line 47); before: read d->seq (marked, line 46); after: write d->flags (marked, line 49)
primitives.c:49:2: note: clear_bit_unlock() in function demo_acquire_release(); on: write d->flags (marked, line 49); before: read d->flags (marked, line 47); after: read d->users (marked, line 50)
primitives.c:50:7: note: atomic_read_acquire() in function demo_acquire_release(); on: read d->users (marked, line 50); before: write d->flags (marked, line 49); after: write d->users (marked, line 51)
primitives.c:51:2: note: atomic_set_release() in function demo_acquire_release(); on: write d->users (marked, line 51); before: read d->users (marked, line 50); after: write d->bytes (marked, line 52)
primitives.c:52:2: note: atomic64_set_release() in function demo_acquire_release(); on: write d->bytes (marked, line 52); before: write d->users (marked, line 51); after: read d->refs (marked, line 53)
primitives.c:53:7: note: atomic_long_read_acquire() in function demo_acquire_release(); on: read d->refs (marked, line 53); before: write d->bytes (marked, line 52); after: write d->users (marked, line 54)
primitives.c:54:7: note: atomic_fetch_add_release() in function demo_acquire_release(); on: write d->users (marked, line 54); before: read d->refs (marked, line 53); after: write d->users (marked, line 55)
primitives.c:55:7: note: atomic_cmpxchg_acquire() in function demo_acquire_release(); on: write d->users (marked, line 55); before: write d->users (marked, line 54); after: write d->seq (marked, line 56)
primitives.c:56:7: note: cmpxchg_release() in function demo_acquire_release(); on: write d->seq (marked, line 56); before: write d->users (marked, line 55); after: write d->seq (marked, line 57)
primitives.c:57:7: note: xchg_acquire() in function demo_acquire_release(); on: write d->seq (marked, line 57); before: write d->seq (marked, line 56); after: write d->cfg (marked, line 58)
primitives.c:58:2: note: rcu_assign_pointer() in function demo_acquire_release(); on: write d->cfg (marked, line 58); before: write d->seq (marked, line 57); after: read d->cfg (marked, line 59)
primitives.c:59:6: note: rcu_dereference() in function demo_acquire_release(); on: read d->cfg (marked, line 59); before: write d->cfg (marked, line 58); after: read d->cfg (marked, line 60)
primitives.c:60:6: note: rcu_dereference_protected() in function demo_acquire_release(); on: read d->cfg (marked, line 60); before: read d->cfg (marked, line 59); after: read d->cfg (marked, line 61)
primitives.c:61:6: note: rcu_dereference_check() in function demo_acquire_release(); on: read d->cfg (marked, line 61); before: read d->cfg (marked, line 60)
 * check-output-end
 */
