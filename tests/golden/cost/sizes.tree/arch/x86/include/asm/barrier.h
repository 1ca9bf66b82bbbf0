/* Made up, x86 style: no size switch, a plain access for every size. */
#ifndef __DEMO_X86_BARRIER_H
#define __DEMO_X86_BARRIER_H

#define __smp_mb()	asm volatile("lock addl $0,-4(%%esp)" : : : "memory")
#define __smp_rmb()	barrier()
#define __smp_wmb()	barrier()

#define __smp_store_release(p, v)		\
do {						\
	compiletime_assert_atomic_type(*p);	\
	barrier();				\
	WRITE_ONCE(*p, v);			\
} while (0)

#define __smp_load_acquire(p)			\
({						\
	typeof(*p) ___p1 = READ_ONCE(*p);	\
	compiletime_assert_atomic_type(*p);	\
	barrier();				\
	___p1;					\
})

#include <asm-generic/barrier.h>

#endif
