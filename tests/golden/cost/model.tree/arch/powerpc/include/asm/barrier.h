/*
 * Made up, 32/64-bit split: SMPWMB by CONFIG_PPC64 (mbar on 32-bit
 * BookE), and LWSYNC from a header this one does not include (the lookup
 * rule finds it).
 */
#ifndef __DEMO_PPC_BARRIER_H
#define __DEMO_PPC_BARRIER_H

#include <asm/asm-const.h>

#define __mb()	__asm__ __volatile__ ("sync" : : : "memory")

#if defined(CONFIG_PPC64)
#define SMPWMB	LWSYNC
#elif defined(CONFIG_BOOKE)
#define SMPWMB	mbar
#else
#define SMPWMB	eieio
#endif

#define __lwsync()	__asm__ __volatile__ (stringify_in_c(LWSYNC) : : :"memory")
#define __smp_mb()	__mb()
#define __smp_rmb()	__lwsync()
#define __smp_wmb()	__asm__ __volatile__ (stringify_in_c(SMPWMB) : : :"memory")

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
