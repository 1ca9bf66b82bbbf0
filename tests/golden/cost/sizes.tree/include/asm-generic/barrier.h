/* A made-up asm-generic/barrier.h: fallbacks, and the native-word check. */
#ifndef __DEMO_GENERIC_BARRIER_H
#define __DEMO_GENERIC_BARRIER_H

#ifndef __smp_mb
#define __smp_mb()	barrier()
#endif
#ifndef __smp_rmb
#define __smp_rmb()	__smp_mb()
#endif
#ifndef __smp_wmb
#define __smp_wmb()	__smp_mb()
#endif

#define smp_mb()	__smp_mb()
#define smp_rmb()	__smp_rmb()
#define smp_wmb()	__smp_wmb()

#ifndef __smp_store_release
#define __smp_store_release(p, v)		\
do {						\
	compiletime_assert_atomic_type(*p);	\
	__smp_mb();				\
	WRITE_ONCE(*p, v);			\
} while (0)
#endif

#ifndef __smp_load_acquire
#define __smp_load_acquire(p)			\
({						\
	typeof(*p) ___v = READ_ONCE(*p);	\
	compiletime_assert_atomic_type(*p);	\
	__smp_mb();				\
	___v;					\
})
#endif

#define smp_store_release(p, v)	__smp_store_release(p, v)
#define smp_load_acquire(p)	__smp_load_acquire(p)

#endif
