/* prims.h: which identifiers are memory-barrier or ordering primitives */
#ifndef ACQREL_PRIMS_H
#define ACQREL_PRIMS_H

#include <stdbool.h>
#include <stddef.h>

enum prim_class {
	PRIM_NONE = 0,
	PRIM_FENCE,	/* smp_wmb(), rmb(), dma_wmb(), smp_mb__after_atomic(), ... */
	PRIM_RELEASE,	/* smp_store_release(), atomic_set_release(), clear_bit_unlock() */
	PRIM_ACQUIRE,	/* smp_load_acquire(), atomic_read_acquire(), test_bit_acquire() */
	PRIM_RCU,	/* rcu_assign_pointer(), rcu_dereference*() */
};

/*
 * Classifies the identifier s[0..len). Returns PRIM_NONE for anything that
 * is not one of the primitives acqrel reports.
 */
enum prim_class prim_classify(const char *s, size_t len);

/* True when s[0..len) names a function-like macro that marks an access
 * (READ_ONCE, WRITE_ONCE, atomic_read, set_bit, ...); *is_write tells
 * whether the marked access is a store (read-modify-write counts as store).
 * *addr_arg is the index of the argument that names the location. */
bool prim_marked_access(const char *s, size_t len, bool *is_write, int *addr_arg);

/*
 * True for calls that load nothing another CPU publishes: compiler hints,
 * assertions, printing, and locking (whose own ordering is acquire/release).
 * A call that is not benign may load or store anything.
 */
bool prim_benign_call(const char *s, size_t len);

/* An operation on an atomic_t, atomic64_t or atomic_long_t (NUL-terminated name). */
bool prim_atomic_op(const char *name);
/* The same for s[0..len). */
bool prim_atomic_op_n(const char *s, size_t len);

/*
 * An atomic operation that gives a value of the atomic back, old or new:
 * atomic_read(), atomic_try_cmpxchg(), atomic_fetch_dec(),
 * atomic_add_return(), atomic_add_unless(), ...; not atomic_set(),
 * atomic_inc(), atomic_add() and the others that give nothing.
 */
bool prim_atomic_value_load(const char *s, size_t len);

/*
 * A byte-order conversion of its one argument (le16_to_cpu(), be32_to_cpu()):
 * its value is the argument's, read in another byte order.
 */
bool prim_byteorder_call(const char *s, size_t len);

/*
 * container_of(ptr, type, member) and kin name a type and a member from
 * their second argument on, offsetof(type, member) from its first: the
 * index of the first such argument, or -1 for any other call.
 */
int prim_member_designators(const char *s, size_t len);

/*
 * wait_event(wq, cond) and its kin take the wait queue by name: the first
 * argument names a queue, it is no load.
 */
bool prim_waitqueue_by_name(const char *s, size_t len);

/*
 * A call (NUL-terminated name) whose own loads and stores no conversion
 * reorders: barriers and acquire/release, benign calls, locks, marked
 * accesses (seen as accesses already), device accesses.
 */
bool prim_quiet_call(const char *name);

/*
 * kmap_atomic(), kmap_local_page(), kunmap_local(), pagefault_disable()
 * and kin: a quiet call (its stores are this CPU's or this task's), whose
 * arguments still name the data's page or offset.
 */
bool prim_local_mapping(const char *name);

/* wait_event() and kin: waits whose condition argument is a loop's condition. */
bool prim_wait_call(const char *name);

/*
 * A read-modify-write (named by its marking call via) that is ordered as a
 * full barrier on both sides: xchg(), atomic_inc_return(), test_and_set_bit(),
 * ...; cmpxchg() only when it succeeds (callers decide whether that holds).
 */
bool prim_fully_ordered(const char *via);

/* writel(), iowrite32(), writeq_relaxed(), ...: device memory; readl() and kin. */
enum { PRIM_MMIO_WRITE = 1, PRIM_MMIO_READ = 2 };
int prim_mmio(const char *s, size_t len);
/*
 * A copy to or from user memory (put_user(), unsafe_get_user(),
 * copy_to_user(), ...): PRIM_MMIO_WRITE for a store there, PRIM_MMIO_READ
 * for a load; 0 for anything else.
 */
int prim_user_copy(const char *s, size_t len);

/* this_cpu_read(), __this_cpu_write(), raw_cpu_add(), ...: an access to this CPU's copy. */
bool prim_this_cpu_op(const char *s, size_t len);

/* What a call does to a lock. */
enum prim_lock {
	PRIM_LOCK_NONE,
	PRIM_LOCK_ACQUIRE,	/* spin_lock(), mutex_lock(), down_write(), ... */
	PRIM_LOCK_RELEASE,	/* spin_unlock(), mutex_unlock(), up_write(), ... */
	PRIM_LOCK_TRY,		/* spin_trylock(), mutex_lock_interruptible(): may fail */
	PRIM_LOCK_ASSERT,	/* lockdep_assert_held(): held here */
};

/* How the call of s[0..len) acts on the lock its first argument names. */
enum prim_lock prim_lock_op(const char *s, size_t len);

/*
 * Which accesses fence s (NUL-terminated) orders: earlier stores before
 * later stores (*stores), earlier loads before later ones (*loads). Full
 * barriers do both.
 */
void prim_fence_orders(const char *s, bool *stores, bool *loads);

/* What a primitive does in a protocol. */
enum prim_role {
	PRIM_ROLE_NONE,
	PRIM_ROLE_WMB,		/* smp_wmb() */
	PRIM_ROLE_RMB,		/* smp_rmb() */
	PRIM_ROLE_RELEASE,	/* smp_store_release() and the atomic set_release forms */
	PRIM_ROLE_ACQUIRE,	/* smp_load_acquire(), test_bit_acquire(), atomic read_acquire */
	PRIM_ROLE_FENCE,	/* every other fence: smp_mb(), wmb(), dma_rmb(), ... */
};

/* The role of the primitive named prim (NUL-terminated). */
enum prim_role prim_role(const char *prim);

#endif
