/* t-prims.c: which identifiers are primitives, and which mark an access */
#include "tap.h"
#include "lib/prims.h"
#include "lib/util.h"

#include <string.h>

static enum prim_class classify(const char *s)
{
	return prim_classify(s, strlen(s));
}

int main(void)
{
	static const char *const fences[] = {
		"smp_wmb", "smp_rmb", "smp_mb", "smp_store_mb", "smp_mb__before_atomic",
		"smp_mb__after_atomic", "smp_acquire__after_ctrl_dep", "virt_wmb", "virt_rmb",
		"virt_mb", "dma_wmb", "dma_rmb", "wmb", "rmb", "mb",
	};
	static const char *const acquires[] = {
		"smp_load_acquire", "test_bit_acquire", "atomic_read_acquire",
		"atomic64_read_acquire", "atomic_long_read_acquire", "atomic_cmpxchg_acquire",
		"atomic_fetch_add_acquire", "xchg_acquire", "cmpxchg_acquire",
		"raw_atomic_try_cmpxchg_acquire", "smp_cond_load_acquire",
	};
	static const char *const releases[] = {
		"smp_store_release", "clear_bit_unlock", "atomic_set_release",
		"atomic64_set_release", "atomic_long_set_release", "atomic_inc_return_release",
		"cmpxchg_release", "atomic_fetch_andnot_release",
	};
	static const char *const none[] = {
		"smp_wmb_count", "my_smp_wmb", "number", "member", "sock_release",
		"kref_release", "lock_acquire", "read_acquire", "rcu_read_lock",
		"rcu_dereferenced", "atomic_foo_release", "", "m",
	};
	bool is_write;
	int arg;
	size_t i;

	for (i = 0; i < sizeof(fences) / sizeof(fences[0]); i++)
		ok(classify(fences[i]) == PRIM_FENCE, "%s is a fence", fences[i]);
	for (i = 0; i < sizeof(acquires) / sizeof(acquires[0]); i++)
		ok(classify(acquires[i]) == PRIM_ACQUIRE, "%s is an acquire", acquires[i]);
	for (i = 0; i < sizeof(releases) / sizeof(releases[0]); i++)
		ok(classify(releases[i]) == PRIM_RELEASE, "%s is a release", releases[i]);
	ok(classify("rcu_assign_pointer") == PRIM_RCU, "rcu_assign_pointer is rcu");
	ok(classify("rcu_dereference_protected") == PRIM_RCU, "rcu_dereference_protected is rcu");
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		ok(classify(none[i]) == PRIM_NONE, "'%s' is not a primitive", none[i]);

	ok(prim_marked_access("READ_ONCE", 9, &is_write, &arg) && !is_write && arg == 0,
	   "READ_ONCE reads its first argument");
	ok(prim_marked_access("WRITE_ONCE", 10, &is_write, &arg) && is_write && arg == 0,
	   "WRITE_ONCE writes its first argument");
	ok(prim_marked_access("test_bit", 8, &is_write, &arg) && !is_write && arg == 1,
	   "test_bit reads its second argument");
	ok(prim_marked_access("atomic_add", 10, &is_write, &arg) && is_write && arg == -1,
	   "atomic_add writes its last argument");
	ok(prim_marked_access("atomic_add_unless", 17, &is_write, &arg) && is_write && arg == 0,
	   "atomic_add_unless writes its first argument");
	ok(prim_marked_access("atomic_long_read_acquire", 24, &is_write, &arg) && !is_write,
	   "atomic_long_read_acquire reads");
	ok(prim_marked_access("cmpxchg_release", 15, &is_write, &arg) && is_write && arg == 0,
	   "cmpxchg_release writes its first argument");
	ok(!prim_marked_access("memcpy", 6, &is_write, &arg), "memcpy is not a marked access");
	/* prim_atomic_value_load(): a value of the atomic given back, old or new */
	{
		static const struct { const char *name; int value; } loads[] = {
			{ "atomic_read", 1 }, { "atomic64_read", 1 }, { "atomic_long_read", 1 },
			{ "atomic_try_cmpxchg", 1 }, { "atomic_cmpxchg_relaxed", 1 },
			{ "atomic_add_unless", 1 }, { "atomic64_dec_if_positive", 1 },
			{ "raw_atomic_read", 1 }, { "atomic_inc_return", 1 },
			{ "atomic_set", 0 }, { "atomic_set_release", 0 }, { "atomic_inc", 0 },
			{ "atomic64_dec", 0 }, { "atomic_add", 0 }, { "atomic_fetch_add", 1 },
			{ "atomic_add_return", 1 }, { "atomic_fetch_dec_relaxed", 1 }, { "atomic_or", 0 },
			{ "READ_ONCE", 0 }, { "test_bit", 0 }, { "refcount_read", 0 },
		};
		size_t k;

		for (k = 0; k < sizeof(loads) / sizeof(loads[0]); k++)
			ok(prim_atomic_value_load(loads[k].name, strlen(loads[k].name)) ==
			   loads[k].value, "%s %s", loads[k].name,
			   loads[k].value ? "gives a value of the atomic back" :
					    "gives nothing back");
		ok(prim_atomic_op("atomic_add") && prim_atomic_op("atomic64_set") &&
		   prim_atomic_op("atomic_long_inc") && !prim_atomic_op("WRITE_ONCE") &&
		   !prim_atomic_op("set_bit") && !prim_atomic_op("atomic_foo"),
		   "prim_atomic_op() names the atomic_t operations only");
	}
	/* unary_amp(): the '&' before "x->f" in each text, as written */
	{
		static const struct { const char *text; int unary; } amps[] = {
			{ "p = &x->f", 1 }, { "f(&x->f)", 1 }, { "return &x->f", 1 },
			{ "(void *)&x->f", 1 }, { "(unsigned long)&x->f", 1 },
			{ "(struct demo **)&x->f", 1 }, { "(u64)&x->f", 1 },
			{ "return (void *)&x->f", 1 }, { "&x->f", 1 },
			{ "a && x->f", 0 }, { "a & x->f", 0 }, { "(a) & x->f", 0 },
			{ "f(a) & x->f", 0 }, { "v[i] & x->f", 0 }, { "return (a) & x->f", 0 },
			{ "sizeof(a) & x->f", 0 },
		};
		size_t k;

		for (k = 0; k < sizeof(amps) / sizeof(amps[0]); k++) {
			const char *t = amps[k].text, *amp = strrchr(t, '&');

			ok(unary_amp(t, amp) == amps[k].unary, "\"%s\": the '&' is %s", t,
			   amps[k].unary ? "an address-of" : "no address-of");
		}
	}
	return tap_done();
}
