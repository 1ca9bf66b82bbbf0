/* Made up, 32/64-bit split: lwsync on 64-bit, eieio and sync on 32-bit. */
#ifndef __DEMO_PPC_BARRIER_H
#define __DEMO_PPC_BARRIER_H

#ifdef CONFIG_PPC64
#define __lwsync()	__asm__ __volatile__ ("lwsync" : : : "memory")
#define __smp_wmb()	__lwsync()
#else
#define __lwsync()	__asm__ __volatile__ ("sync" : : : "memory")
#define __smp_wmb()	__asm__ __volatile__ ("eieio" : : : "memory")
#endif
#define __smp_mb()	__asm__ __volatile__ ("sync" : : : "memory")
#define __smp_rmb()	__lwsync()

#define __smp_store_release(p, v)	\
do {					\
	__lwsync();			\
	WRITE_ONCE(*p, v);		\
} while (0)

#define __smp_load_acquire(p)		\
({					\
	typeof(*p) __v = READ_ONCE(*p);	\
	__lwsync();			\
	__v;				\
})

#include <asm-generic/barrier.h>

#endif
