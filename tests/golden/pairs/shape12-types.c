// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 12: type and size of the publish variable. */

struct demo_stats {
	u64 bytes[4];
	u64 gen;
	unsigned int valid : 1;
	unsigned int pad : 31;
	struct demo_pair { int a, b; } pair;
	atomic_t users;
};

static void demo_stats_gen(struct demo_stats *s)
{
	s->bytes[0] = 1;
	smp_wmb();
	s->gen = 1;
}

static u64 demo_stats_read_gen(struct demo_stats *s)
{
	u64 g = READ_ONCE(s->gen);

	smp_rmb();
	return g + s->bytes[0];
}

static void demo_stats_valid(struct demo_stats *s)
{
	s->bytes[1] = 1;
	smp_wmb();
	s->valid = 1;
}

static u64 demo_stats_read_valid(struct demo_stats *s)
{
	if (!s->valid)
		return 0;
	smp_rmb();
	return s->bytes[1];
}

static void demo_stats_users(struct demo_stats *s)
{
	s->bytes[2] = 1;
	smp_wmb();
	atomic_inc(&s->users);
}

static u64 demo_stats_read_users(struct demo_stats *s)
{
	if (!atomic_read(&s->users))
		return 0;
	smp_rmb();
	return s->bytes[2];
}

/*
 * check-name: shape 12, 64-bit variables are reviewed, bitfields and atomics kept
 * check-command: acqrel pairs $file
 * check-output-start
shape12-types.c:16: protocol s->gen (demo_stats.gen): review
  writer shape12-types.c:16: smp_wmb() in demo_stats_gen(); publish store at line 17
  reader shape12-types.c:24: smp_rmb() in demo_stats_read_gen(); subscribe load at line 22
  evidence: object, data
  type-size: s->gen is 64-bit (u64 gen): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures ("Need native word sized stores/loads")
  ordering: 0 other accesses change ordering

shape12-types.c:31: protocol s->valid (demo_stats.valid): keep
  writer shape12-types.c:31: smp_wmb() in demo_stats_valid(); publish store at line 32
  reader shape12-types.c:39: smp_rmb() in demo_stats_read_valid(); subscribe load at line 37
  evidence: object, data
  operand: s->valid is a bitfield, which has no address (unsigned int valid : 1) and cannot be the operand of smp_load_acquire() or smp_store_release()
  ordering: 0 other accesses change ordering

shape12-types.c:46: protocol s->users (demo_stats.users): keep
  writer shape12-types.c:46: smp_wmb() in demo_stats_users(); publish store at line 47
  reader shape12-types.c:54: smp_rmb() in demo_stats_read_users(); subscribe load at line 52
  evidence: object, data
  operand: s->users is an atomic type with its own API (atomic_t users) and cannot be the operand of smp_load_acquire() or smp_store_release()
  ordering: 0 other accesses change ordering

 * check-output-end
 */
