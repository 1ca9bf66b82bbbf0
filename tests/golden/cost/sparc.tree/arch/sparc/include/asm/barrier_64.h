/* Made up, sparc64 style: TSO, so release and acquire are plain accesses. */
#ifndef __DEMO_SPARC64_BARRIER_H
#define __DEMO_SPARC64_BARRIER_H

#define __smp_mb()	asm volatile("membar #StoreLoad" : : : "memory")
#define __smp_rmb()	barrier()
#define __smp_wmb()	barrier()

#define __smp_store_release(p, v)	\
do {					\
	barrier();			\
	WRITE_ONCE(*p, v);		\
} while (0)

#define __smp_load_acquire(p)			\
({						\
	typeof(*p) ___v = READ_ONCE(*p);	\
	barrier();				\
	___v;					\
})

#include <asm-generic/barrier.h>
#endif
