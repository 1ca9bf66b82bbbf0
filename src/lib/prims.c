/* prims.c: the primitives acqrel reports and the marked-access helpers */
#include "prims.h"

#include <string.h>

static const char *const fences[] = {
	"smp_wmb", "smp_rmb", "smp_mb", "smp_store_mb",
	"smp_mb__before_atomic", "smp_mb__after_atomic",
	"smp_acquire__after_ctrl_dep",
	"virt_wmb", "virt_rmb", "virt_mb",
	"dma_wmb", "dma_rmb", "dma_mb",
	"wmb", "rmb", "mb",
};

/* Operations of the atomic API that come in _acquire/_release variants. */
static const char *const atomic_ops[] = {
	"read", "set", "cond_read", "xchg", "cmpxchg", "try_cmpxchg",
	"add_return", "sub_return", "inc_return", "dec_return",
	"fetch_add", "fetch_sub", "fetch_inc", "fetch_dec",
	"fetch_and", "fetch_andnot", "fetch_or", "fetch_xor",
	"add_negative", "dec_and_test", "inc_and_test", "sub_and_test",
};

/* Non-atomic_t operations with _acquire/_release variants. */
static const char *const bare_ops[] = {
	"xchg", "cmpxchg", "try_cmpxchg", "cmpxchg64", "try_cmpxchg64",
	"cmpxchg128", "try_cmpxchg128", "smp_cond_load",
};

static bool eq(const char *s, size_t len, const char *lit)
{
	/* the first byte first: the lexer asks this of every identifier */
	if (!len || s[0] != lit[0])
		return !len && !lit[0];
	return strlen(lit) == len && !memcmp(s, lit, len);
}

static bool has_prefix(const char *s, size_t len, const char *lit, size_t *plen)
{
	size_t n = strlen(lit);

	if (len < n || memcmp(s, lit, n))
		return false;
	*plen = n;
	return true;
}

static bool in_list(const char *s, size_t len, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (eq(s, len, list[i]))
			return true;
	return false;
}

#define ARRAY_SIZE_LOCAL(a) (sizeof(a) / sizeof((a)[0]))
#define IN_LIST(s, len, list) in_list(s, len, list, sizeof(list) / sizeof(list[0]))

/* stem is an atomic operation name such as atomic_long_fetch_add. */
static bool atomic_stem(const char *s, size_t len)
{
	static const char *const types[] = { "atomic_long_", "atomic64_", "atomic_" };
	size_t n, i;

	if (has_prefix(s, len, "raw_", &n) || has_prefix(s, len, "arch_", &n)) {
		s += n;
		len -= n;
	}
	if (IN_LIST(s, len, bare_ops))
		return true;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (has_prefix(s, len, types[i], &n))
			return IN_LIST(s + n, len - n, atomic_ops);
	return false;
}

enum prim_class prim_classify(const char *s, size_t len)
{
	size_t n;

	if (len < 2 || len > 64)
		return PRIM_NONE;
	if (IN_LIST(s, len, fences))
		return PRIM_FENCE;
	if (eq(s, len, "smp_store_release") || eq(s, len, "clear_bit_unlock") ||
	    eq(s, len, "__clear_bit_unlock"))
		return PRIM_RELEASE;
	if (eq(s, len, "smp_load_acquire") || eq(s, len, "test_bit_acquire") ||
	    eq(s, len, "test_and_set_bit_lock"))
		return PRIM_ACQUIRE;
	if (eq(s, len, "rcu_assign_pointer"))
		return PRIM_RCU;
	if (has_prefix(s, len, "rcu_dereference", &n) && (len == n || s[n] == '_'))
		return PRIM_RCU;
	if (len > 8 && !memcmp(s + len - 8, "_acquire", 8) && atomic_stem(s, len - 8))
		return PRIM_ACQUIRE;
	if (len > 8 && !memcmp(s + len - 8, "_release", 8) && atomic_stem(s, len - 8))
		return PRIM_RELEASE;
	return PRIM_NONE;
}

struct marked {
	const char *name;
	bool is_write;
	int addr_arg;
};

static const struct marked marked[] = {
	{ "READ_ONCE", false, 0 }, { "WRITE_ONCE", true, 0 },
	{ "smp_load_acquire", false, 0 }, { "smp_store_release", true, 0 },
	{ "smp_store_mb", true, 0 },
	{ "rcu_assign_pointer", true, 0 }, { "RCU_INIT_POINTER", true, 0 },
	{ "test_bit", false, 1 }, { "test_bit_acquire", false, 1 },
	{ "set_bit", true, 1 }, { "clear_bit", true, 1 }, { "change_bit", true, 1 },
	{ "__set_bit", true, 1 }, { "__clear_bit", true, 1 },
	{ "test_and_set_bit", true, 1 }, { "test_and_clear_bit", true, 1 },
	{ "test_and_set_bit_lock", true, 1 }, { "clear_bit_unlock", true, 1 },
	{ "__clear_bit_unlock", true, 1 }, { "clear_and_wake_up_bit", true, 1 },
};

bool prim_marked_access(const char *s, size_t len, bool *is_write, int *addr_arg)
{
	size_t i, n;

	/* atomic_xchg_release() orders like atomic_xchg() accesses */
	if (len > 8 && (!memcmp(s + len - 8, "_acquire", 8) || !memcmp(s + len - 8, "_release", 8) ||
			!memcmp(s + len - 8, "_relaxed", 8)) && !eq(s, len, "smp_load_acquire") &&
	    !eq(s, len, "smp_store_release") && !eq(s, len, "test_bit_acquire"))
		len -= 8;
	if (has_prefix(s, len, "raw_", &n) || has_prefix(s, len, "arch_", &n)) {
		s += n;
		len -= n;
	}
	for (i = 0; i < sizeof(marked) / sizeof(marked[0]); i++) {
		if (eq(s, len, marked[i].name)) {
			*is_write = marked[i].is_write;
			*addr_arg = marked[i].addr_arg;
			return true;
		}
	}
	if (IN_LIST(s, len, bare_ops)) {
		*is_write = !eq(s, len, "smp_cond_load");
		*addr_arg = 0;
		return true;
	}
	if (has_prefix(s, len, "rcu_dereference", &n) && (len == n || s[n] == '_')) {
		*is_write = false;
		*addr_arg = 0;
		return true;
	}
	/* this_cpu_read(pcp), __this_cpu_write(pcp, v), raw_cpu_inc(pcp): this CPU's copy */
	if (prim_this_cpu_op(s, len)) {
		const char *op = memchr(s + 2, '_', len - 2);

		op = op ? memchr(op + 1, '_', len - (size_t)(op + 1 - s)) : NULL;
		*is_write = !(op && has_prefix(op + 1, len - (size_t)(op + 1 - s), "read", &n));
		*addr_arg = 0;
		return true;
	}
	/* atomic_read(), atomic64_set(), atomic_long_inc(), ... */
	if (has_prefix(s, len, "atomic_", &n) || has_prefix(s, len, "atomic64_", &n)) {
		const char *op = s + n;
		size_t oplen = len - n;

		if (has_prefix(op, oplen, "long_", &n)) {
			op += n;
			oplen -= n;
		}
		*is_write = !(has_prefix(op, oplen, "read", &n) ||
			      has_prefix(op, oplen, "cond_read", &n));
		/* atomic_add(i, v): the atomic is the last argument; encoded as -1 */
		*addr_arg = has_prefix(op, oplen, "add_unless", &n) ? 0 :
			    (has_prefix(op, oplen, "add", &n) || has_prefix(op, oplen, "sub", &n) ||
			     has_prefix(op, oplen, "and", &n) || has_prefix(op, oplen, "or", &n) ||
			     has_prefix(op, oplen, "xor", &n) || has_prefix(op, oplen, "fetch_", &n))
			? -1 : 0;
		return true;
	}
	return false;
}

/* s[0..len) past raw_/arch_ and the atomic type's prefix: the operation, or NULL. */
static const char *atomic_op_of(const char *s, size_t len, size_t *oplen)
{
	static const char *const types[] = { "atomic_long_", "atomic64_", "atomic_" };
	size_t n, i;

	if (has_prefix(s, len, "raw_", &n) || has_prefix(s, len, "arch_", &n)) {
		s += n;
		len -= n;
	}
	for (i = 0; i < ARRAY_SIZE_LOCAL(types); i++)
		if (has_prefix(s, len, types[i], &n)) {
			*oplen = len - n;
			return s + n;
		}
	return NULL;
}

/* Whether op[0..len), an _acquire, _release or _relaxed suffix aside, is an atomic_t operation. */
static bool atomic_known_op(const char *op, size_t len)
{
	/* besides atomic_ops: those with no ordered variant, or whose variants are not listed there */
	static const char *const more[] = {
		"add", "sub", "inc", "dec", "and", "andnot", "or", "xor", "add_unless",
		"fetch_add_unless", "inc_not_zero", "inc_unless_negative", "dec_unless_positive",
		"dec_if_positive",
	};

	if (len > 8 && (!memcmp(op + len - 8, "_acquire", 8) || !memcmp(op + len - 8, "_release", 8) ||
			!memcmp(op + len - 8, "_relaxed", 8)))
		len -= 8;
	return IN_LIST(op, len, atomic_ops) || IN_LIST(op, len, more);
}

bool prim_atomic_op_n(const char *s, size_t len)
{
	size_t oplen;
	const char *op = atomic_op_of(s, len, &oplen);

	return op && atomic_known_op(op, oplen);
}

bool prim_atomic_op(const char *name)
{
	return prim_atomic_op_n(name, strlen(name));
}

bool prim_atomic_value_load(const char *s, size_t len)
{
	/* the operations that give nothing back (an ordering suffix aside) */
	static const char *const no_value[] = {
		"set", "inc", "dec", "add", "sub", "and", "andnot", "or", "xor",
	};
	size_t oplen, i;
	const char *op = atomic_op_of(s, len, &oplen);

	if (!op || !atomic_known_op(op, oplen))
		return false;
	if (oplen > 8 && (!memcmp(op + oplen - 8, "_acquire", 8) ||
			  !memcmp(op + oplen - 8, "_release", 8) ||
			  !memcmp(op + oplen - 8, "_relaxed", 8)))
		oplen -= 8;
	for (i = 0; i < ARRAY_SIZE_LOCAL(no_value); i++)
		if (eq(op, oplen, no_value[i]))
			return false;
	return true;
}

bool prim_byteorder_call(const char *s, size_t len)
{
	static const char *const names[] = {
		"le16_to_cpu", "le32_to_cpu", "le64_to_cpu", "be16_to_cpu", "be32_to_cpu",
		"be64_to_cpu",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE_LOCAL(names); i++)
		if (strlen(names[i]) == len && !memcmp(names[i], s, len))
			return true;
	return false;
}

bool prim_benign_call(const char *s, size_t len)
{
	static const char *const exact[] = {
		"likely", "unlikely", "WARN_ON", "WARN_ON_ONCE", "WARN", "WARN_ONCE", "BUG_ON",
		"BUILD_BUG_ON", "min", "max", "min_t", "max_t", "clamp", "clamp_t", "ARRAY_SIZE",
		"offsetof", "container_of", "list_entry", "cpu_relax", "barrier",
		"lockdep_assert_held", "lockdep_assert_held_once", "printk", "local_irq_save",
		"local_irq_restore", "local_irq_disable", "local_irq_enable", "kfree", "BIT",
		"lower_32_bits", "upper_32_bits", "le32_to_cpu", "le16_to_cpu", "cpu_to_le32",
		"cpu_to_le16", "le64_to_cpu", "cpu_to_le64", "be32_to_cpu", "cpu_to_be32",
		"data_race", "schedule", "cond_resched", "msleep", "usleep_range", "udelay",
		"smp_processor_id", "raw_smp_processor_id", "get_cpu", "put_cpu",
		"ndelay", "mdelay", "complete", "complete_all", "IS_ENABLED", "unreachable",
		/* keywords that parse as calls: no access at run time */
		"typeof", "__typeof__", "__typeof", "sizeof", "_Generic", "__alignof__", "_Alignof",
		/* compile-time checks */
		"BUILD_BUG_ON_MSG", "BUILD_BUG_ON_ZERO", "BUILD_BUG_ON_INVALID", "static_assert",
		"compiletime_assert", "__compiletime_assert", "__compiletime_lessthan",
		"__is_constexpr", "__chk_user_ptr", "__chk_io_ptr",
		/* debug checks: they read and warn, and what they read decides nothing else */
		"__list_add_valid", "__list_add_valid_or_report", "__list_del_entry_valid",
		"__list_del_entry_valid_or_report", "cpu_max_bits_warn", "cpumask_check",
		/*
		 * static keys: the branch is patched into the code (text_poke(),
		 * with the CPUs serialised), so testing one loads no data
		 */
		"static_branch_likely", "static_branch_unlikely", "static_branch_maybe",
		"static_key_false", "static_key_true", "static_key_enabled",
		/* more printing, and a failed assertion's report: its stores run on a bug path
		   that readers of a protocol never take */
		"dev_notice", "dev_crit", "dev_alert", "dev_emerg", "dev_printk", "netdev_info",
		"netdev_notice", "netdev_crit", "BUG", "ASSERT", "KVM_BUG_ON", "KVM_BUG",
		"dump_page", "dump_stack",
		/* time conversions: arithmetic on their argument */
		"msecs_to_jiffies", "usecs_to_jiffies", "nsecs_to_jiffies", "jiffies_to_msecs",
		"jiffies_to_usecs", "__stringify",
		/* values computed from their arguments alone */
		"FIELD_GET", "FIELD_PREP", "FIELD_FIT", "GENMASK", "GENMASK_ULL", "BIT_ULL",
		"DIV_ROUND_UP", "ALIGN", "ALIGN_DOWN", "PAGE_ALIGN", "PAGE_ALIGN_DOWN", "IS_ALIGNED",
		"__ALIGN_KERNEL", "__ALIGN_KERNEL_MASK", "round_up", "round_down",
		/* per-CPU addresses: the base plus a CPU's offset, fixed at boot */
		"this_cpu_ptr", "raw_cpu_ptr", "per_cpu_ptr", "get_cpu_ptr", "put_cpu_ptr",
	};
	static const char *const prefixes[] = {
		"pr_", "dev_dbg", "dev_err", "dev_warn", "dev_info", "netdev_dbg", "netdev_err",
		"netdev_warn", "trace_", "spin_lock", "spin_unlock", "raw_spin_lock",
		"raw_spin_unlock", "mutex_lock", "mutex_unlock", "read_lock", "read_unlock",
		"write_lock", "write_unlock", "lockdep_",
		/* waits: their own loads are the wait queue's; the condition's are collected */
		"wait_event", "swait_event", "wait_var_event", "wake_up", "__builtin_",
		/* debug output and its index, fortified-string checks */
		"dynamic_", "printk_index_", "fortify_",
		/* mm's debug checks (VM_WARN_ON_FOLIO(), VM_BUG_ON_PAGE()): a report on a bug path */
		"VM_WARN_", "VM_BUG_", "WARN_ON_",
		/* read-side critical sections and preemption, in all their forms */
		"rcu_read_lock", "rcu_read_unlock", "srcu_read_lock", "srcu_read_unlock",
		"preempt_disable", "preempt_enable",
		/* the RTNL and a device's tx lock, taken and released as locks */
		"rtnl_lock", "rtnl_unlock", "netif_tx_lock", "netif_tx_unlock", "__netif_tx_lock",
		"__netif_tx_unlock",
		/*
		 * wake-ups: their stores are the wait queue's, under its lock, and
		 * the woken task's, after the full barrier of a wake-up
		 * (Documentation/memory-barriers.txt, "Sleep and wake-up functions")
		 */
		"default_wake_function", "try_to_wake_up", "autoremove_wake_function",
		/* annotations for lockdep and sparse: no access at run time */
		"might_", "__context__", "__acquire", "__release", "__cond_lock",
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE_LOCAL(exact); i++)
		if (eq(s, len, exact[i]))
			return true;
	for (i = 0; i < ARRAY_SIZE_LOCAL(prefixes); i++)
		if (has_prefix(s, len, prefixes[i], &n))
			return true;
	return false;
}

enum prim_role prim_role(const char *prim)
{
	static const char *const releases[] = {
		"smp_store_release", "atomic_set_release", "atomic64_set_release",
		"atomic_long_set_release",
	};
	static const char *const acquires[] = {
		"smp_load_acquire", "atomic_read_acquire", "atomic64_read_acquire",
		"atomic_long_read_acquire", "test_bit_acquire",
	};
	size_t len = strlen(prim);

	if (eq(prim, len, "smp_wmb"))
		return PRIM_ROLE_WMB;
	if (eq(prim, len, "smp_rmb"))
		return PRIM_ROLE_RMB;
	if (prim_classify(prim, len) == PRIM_FENCE)
		return PRIM_ROLE_FENCE;
	if (IN_LIST(prim, len, releases))
		return PRIM_ROLE_RELEASE;
	if (IN_LIST(prim, len, acquires))
		return PRIM_ROLE_ACQUIRE;
	return PRIM_ROLE_NONE;
}

enum prim_lock prim_lock_op(const char *s, size_t len)
{
	/* the lock kinds; each takes the suffixes below */
	static const char *const kinds[] = {
		"spin_", "raw_spin_", "read_", "write_", "arch_spin_", "mutex_", "rt_mutex_",
	};
	static const char *const acquire_suffix[] = {
		"lock", "lock_irq", "lock_irqsave", "lock_bh", "lock_nested", "lock_irqsave_nested",
		"lock_nest_lock", "lock_io",
	};
	static const char *const release_suffix[] = {
		"unlock", "unlock_irq", "unlock_irqrestore", "unlock_bh",
	};
	static const char *const try_suffix[] = {
		"trylock", "trylock_irq", "trylock_irqsave", "trylock_bh", "lock_interruptible",
		"lock_killable", "lock_interruptible_nested", "lock_killable_nested",
	};
	static const char *const rwsem_acquire[] = {
		"down_read", "down_write", "down_read_nested", "down_write_nested",
	};
	static const char *const rwsem_release[] = { "up_read", "up_write" };
	/* the socket lock: its owner flag under the slock, taken and released as a lock */
	static const char *const sock_acquire[] = { "lock_sock", "lock_sock_nested" };
	static const char *const sock_release[] = { "release_sock" };
	static const char *const rwsem_try[] = {
		"down_read_trylock", "down_write_trylock", "down_read_killable",
		"down_write_killable", "down_read_interruptible", "down_interruptible",
	};
	static const char *const asserts[] = {
		"lockdep_assert_held", "lockdep_assert_held_write", "lockdep_assert_held_read",
		"lockdep_assert_held_once", "assert_spin_locked", "assert_raw_spin_locked",
	};
	size_t i, n;

	if (IN_LIST(s, len, asserts))
		return PRIM_LOCK_ASSERT;
	if (IN_LIST(s, len, rwsem_acquire))
		return PRIM_LOCK_ACQUIRE;
	if (IN_LIST(s, len, rwsem_release) || IN_LIST(s, len, sock_release))
		return PRIM_LOCK_RELEASE;
	if (IN_LIST(s, len, sock_acquire))
		return PRIM_LOCK_ACQUIRE;
	if (IN_LIST(s, len, rwsem_try))
		return PRIM_LOCK_TRY;
	for (i = 0; i < ARRAY_SIZE_LOCAL(kinds); i++) {
		if (!has_prefix(s, len, kinds[i], &n))
			continue;
		if (in_list(s + n, len - n, acquire_suffix, ARRAY_SIZE_LOCAL(acquire_suffix)))
			return PRIM_LOCK_ACQUIRE;
		if (in_list(s + n, len - n, release_suffix, ARRAY_SIZE_LOCAL(release_suffix)))
			return PRIM_LOCK_RELEASE;
		if (in_list(s + n, len - n, try_suffix, ARRAY_SIZE_LOCAL(try_suffix)))
			return PRIM_LOCK_TRY;
	}
	return PRIM_LOCK_NONE;
}

bool prim_this_cpu_op(const char *s, size_t len)
{
	size_t n;

	return (has_prefix(s, len, "this_cpu_", &n) || has_prefix(s, len, "__this_cpu_", &n) ||
		has_prefix(s, len, "raw_cpu_", &n)) &&
	       !has_prefix(s + n, len - n, "ptr", &n) && !has_prefix(s + n, len - n, "has", &n);
}

int prim_member_designators(const char *s, size_t len)
{
	static const char *const from_second[] = {
		"container_of", "container_of_const", "list_entry", "list_entry_rcu",
		"list_first_entry", "list_last_entry", "list_first_entry_or_null", "hlist_entry",
		"hlist_entry_safe", "llist_entry", "rb_entry", "rb_entry_safe",
	};

	if (IN_LIST(s, len, from_second))
		return 1;
	return eq(s, len, "offsetof") ? 0 : -1;
}

bool prim_waitqueue_by_name(const char *s, size_t len)
{
	size_t n;

	return has_prefix(s, len, "wait_event", &n) || has_prefix(s, len, "swait_event", &n) ||
	       has_prefix(s, len, "io_wait_event", &n);
}

int prim_mmio(const char *s, size_t len)
{
	static const char *const stems[] = { "write", "read", "iowrite", "ioread" };
	static const char *const sizes[] = { "b", "w", "l", "q", "8", "16", "32", "64" };
	size_t i, k, n, m;

	if (has_prefix(s, len, "__raw_", &n)) {
		s += n;
		len -= n;
	}
	for (i = 0; i < ARRAY_SIZE_LOCAL(stems); i++) {
		if (!has_prefix(s, len, stems[i], &n))
			continue;
		for (k = 0; k < ARRAY_SIZE_LOCAL(sizes); k++) {
			const char *rest;
			size_t rlen;

			if (!has_prefix(s + n, len - n, sizes[k], &m))
				continue;
			rest = s + n + m;
			rlen = len - n - m;
			if (rlen == 0 || eq(rest, rlen, "_relaxed") || eq(rest, rlen, "be") ||
			    eq(rest, rlen, "_rep"))
				return stems[i][0] == 'w' || stems[i][2] == 'w' ? PRIM_MMIO_WRITE
									   : PRIM_MMIO_READ;
		}
	}
	return 0;
}

int prim_user_copy(const char *s, size_t len)
{
	static const char *const stores[] = {
		"put_user", "__put_user", "unsafe_put_user", "copy_to_user", "__copy_to_user",
		"unsafe_copy_to_user", "copy_to_user_nofault", "clear_user", "__clear_user",
	};
	static const char *const loads[] = {
		"get_user", "__get_user", "unsafe_get_user", "copy_from_user", "__copy_from_user",
		"unsafe_copy_from_user", "copy_from_user_nofault",
	};

	if (IN_LIST(s, len, stores))
		return PRIM_MMIO_WRITE;
	return IN_LIST(s, len, loads) ? PRIM_MMIO_READ : 0;
}

void prim_fence_orders(const char *s, bool *stores, bool *loads)
{
	size_t len = strlen(s);
	static const char *const load_only[] = {
		"smp_rmb", "rmb", "dma_rmb", "virt_rmb", "smp_acquire__after_ctrl_dep",
	};
	static const char *const store_only[] = { "smp_wmb", "wmb", "dma_wmb", "virt_wmb" };

	*stores = !IN_LIST(s, len, load_only);
	*loads = !IN_LIST(s, len, store_only);
}

bool prim_local_mapping(const char *name)
{
	/*
	 * local mappings of a page: this CPU's or this task's slots and its
	 * pagefault_disable() count, which no other thread reads
	 */
	static const char *const prefixes[] = {
		"kmap_atomic", "kunmap_atomic", "kmap_local", "kunmap_local", "pagefault_disable",
		"pagefault_enable",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE_LOCAL(prefixes); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

bool prim_quiet_call(const char *name)
{
	size_t len = strlen(name);
	bool w;
	int addr;

	return prim_classify(name, len) != PRIM_NONE || prim_benign_call(name, len) ||
	       prim_lock_op(name, len) != PRIM_LOCK_NONE || prim_marked_access(name, len, &w, &addr) ||
	       prim_mmio(name, len) || prim_local_mapping(name);
}

bool prim_wait_call(const char *name)
{
	/* the quiet ones (prim_benign_call()); others count as calls anyway */
	static const char *const waits[] = { "wait_event", "swait_event", "wait_var_event" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE_LOCAL(waits); i++)
		if (!strncmp(name, waits[i], strlen(waits[i])))
			return true;
	return false;
}

bool prim_fully_ordered(const char *via)
{
	static const char *const suffixes[] = {
		"xchg", "cmpxchg", "_return", "test_and_set_bit", "test_and_clear_bit",
		"test_and_change_bit", "cpumask_test_and_set_cpu", "cpumask_test_and_clear_cpu", "dec_and_test", "inc_and_test", "sub_and_test",
		"add_negative", "fetch_add", "fetch_sub", "fetch_or", "fetch_and", "fetch_xor",
		"fetch_andnot", "fetch_inc", "fetch_dec",
	};
	/*
	 * Same suffixes, no ordering: the non-atomic bitops (__test_and_set_bit()),
	 * this CPU's copy (this_cpu_xchg(), raw_cpu_add_return()), local_t, and
	 * refcount_t, whose dec_and_test() is a release and an acquire only on success.
	 */
	static const char *const unordered_prefixes[] = {
		"__", "this_cpu_", "raw_cpu_", "local_", "local64_", "refcount_", "percpu_",
	};
	size_t i, n = strlen(via), k;

	if (strstr(via, "_relaxed") || strstr(via, "_acquire") || strstr(via, "_release"))
		return false;
	for (i = 0; i < ARRAY_SIZE_LOCAL(unordered_prefixes); i++)
		if (!strncmp(via, unordered_prefixes[i], strlen(unordered_prefixes[i])))
			return false;
	for (i = 0; i < ARRAY_SIZE_LOCAL(suffixes); i++) {
		k = strlen(suffixes[i]);
		if (n >= k && !strcmp(via + n - k, suffixes[i]))
			return true;
	}
	return false;
}
