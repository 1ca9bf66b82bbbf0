/* Made up: an inline function, and a macro nothing defines. */
#ifndef __DEMO_MIPS_BARRIER_H
#define __DEMO_MIPS_BARRIER_H

static inline void __demo_sync(void)
{
	asm volatile("sync" ::: "memory");
}

#define __smp_mb()	__demo_sync()
#define __smp_rmb()	__demo_sync()
#define __smp_wmb()	DEMO_UNDEFINED_WMB()

#include <asm-generic/barrier.h>

#endif
