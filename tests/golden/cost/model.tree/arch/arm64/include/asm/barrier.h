/* Made up, DMB style: a stringified option and a size switch with stlr/ldar. */
#ifndef __DEMO_ARM64_BARRIER_H
#define __DEMO_ARM64_BARRIER_H

#define dmb(opt)	asm volatile("dmb " #opt : : : "memory")

#define __smp_mb()	dmb(ish)
#define __smp_rmb()	dmb(ishld)
#define __smp_wmb()	dmb(ishst)

#define __smp_store_release(p, v)				\
do {								\
	typeof(p) __q = (p);					\
	switch (sizeof(*p)) {					\
	case 4:							\
		asm volatile ("stlr %w1, %0" : "=Q" (*__q)	\
			      : "rZ" (v) : "memory");		\
		break;						\
	case 8:							\
		asm volatile ("stlr %x1, %0" : "=Q" (*__q)	\
			      : "rZ" (v) : "memory");		\
		break;						\
	}							\
} while (0)

#define __smp_load_acquire(p)					\
({								\
	unsigned long __r;					\
	switch (sizeof(*p)) {					\
	case 4:							\
	case 8:							\
		asm volatile ("ldar %0, %1" : "=r" (__r)	\
			      : "Q" (*p) : "memory");		\
		break;						\
	}							\
	(typeof(*p))__r;					\
})

#include <asm-generic/barrier.h>

#endif
