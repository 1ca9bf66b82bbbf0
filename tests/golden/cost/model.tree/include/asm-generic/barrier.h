/* A made-up asm-generic/barrier.h in the shape of the kernel's: fallbacks. */
#ifndef __DEMO_GENERIC_BARRIER_H
#define __DEMO_GENERIC_BARRIER_H

#include <linux/compiler.h>
#include <asm/rwonce.h>

#ifndef mb
#define mb()	barrier()
#endif
#ifndef rmb
#define rmb()	mb()
#endif
#ifndef wmb
#define wmb()	mb()
#endif

#ifndef __smp_mb
#define __smp_mb()	mb()
#endif
#ifndef __smp_rmb
#define __smp_rmb()	rmb()
#endif
#ifndef __smp_wmb
#define __smp_wmb()	wmb()
#endif

#ifdef CONFIG_SMP
#ifndef smp_mb
#define smp_mb()	do { kcsan_mb(); __smp_mb(); } while (0)
#endif
#ifndef smp_rmb
#define smp_rmb()	do { kcsan_rmb(); __smp_rmb(); } while (0)
#endif
#ifndef smp_wmb
#define smp_wmb()	do { kcsan_wmb(); __smp_wmb(); } while (0)
#endif
#else
#define smp_mb()	barrier()
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()
#endif

/* release and acquire: a full barrier around a plain access */
#ifndef __smp_store_release
#define __smp_store_release(p, v)	\
do {					\
	__smp_mb();			\
	WRITE_ONCE(*p, v);		\
} while (0)
#endif

#ifndef __smp_load_acquire
#define __smp_load_acquire(p)		\
({					\
	typeof(*p) ___v = READ_ONCE(*p);\
	__smp_mb();			\
	___v;				\
})
#endif

#ifndef smp_store_release
#define smp_store_release(p, v) do { kcsan_release(); __smp_store_release(p, v); } while (0)
#endif
#ifndef smp_load_acquire
#define smp_load_acquire(p) __smp_load_acquire(p)
#endif

#endif
