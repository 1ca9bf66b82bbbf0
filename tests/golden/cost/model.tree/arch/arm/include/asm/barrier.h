/* Made up: own barriers by architecture level, release/acquire from asm-generic. */
#ifndef __DEMO_ARM_BARRIER_H
#define __DEMO_ARM_BARRIER_H

#if __LINUX_ARM_ARCH__ >= 7
#define dmb(option)	__asm__ __volatile__ ("dmb " #option : : : "memory")
#else
#define dmb(x)	__asm__ __volatile__ ("" : : : "memory")
#endif

#define __smp_mb()	dmb(ish)
#define __smp_rmb()	__smp_mb()
#define __smp_wmb()	dmb(ishst)

#include <asm-generic/barrier.h>

#endif
