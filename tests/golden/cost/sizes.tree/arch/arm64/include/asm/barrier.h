/* Made up, arm64 style: byte and halfword forms, one case for 4 and 8 bytes. */
#ifndef __DEMO_ARM64_BARRIER_H
#define __DEMO_ARM64_BARRIER_H

#define dmb(opt)	asm volatile("dmb " #opt : : : "memory")

#define __smp_mb()	dmb(ish)
#define __smp_rmb()	dmb(ishld)
#define __smp_wmb()	dmb(ishst)

#define __smp_store_release(p, v)				\
do {								\
	compiletime_assert_atomic_type(*p);			\
	switch (sizeof(*p)) {					\
	case 1:							\
		asm volatile ("stlrb %w1, %0" : "=Q" (*p) : "rZ" (v) : "memory"); \
		break;						\
	case 2:							\
		asm volatile ("stlrh %w1, %0" : "=Q" (*p) : "rZ" (v) : "memory"); \
		break;						\
	case 4:							\
	case 8:							\
		asm volatile ("stlr %1, %0" : "=Q" (*p) : "rZ" (v) : "memory"); \
		break;						\
	}							\
} while (0)

#define __smp_load_acquire(p)					\
({								\
	unsigned long __r;					\
	compiletime_assert_atomic_type(*p);			\
	switch (sizeof(*p)) {					\
	case 1:							\
		asm volatile ("ldarb %w0, %1" : "=r" (__r) : "Q" (*p) : "memory"); \
		break;						\
	case 2:							\
		asm volatile ("ldarh %w0, %1" : "=r" (__r) : "Q" (*p) : "memory"); \
		break;						\
	case 4:							\
	case 8:							\
		asm volatile ("ldar %0, %1" : "=r" (__r) : "Q" (*p) : "memory"); \
		break;						\
	}							\
	(typeof(*p))__r;					\
})

#include <asm-generic/barrier.h>

#endif
