/*
 * Made up, in the style of LoongArch before 6.12: a full barrier and a
 * volatile access for 1 and 2 bytes, an AMO instruction for 4 and 8.
 */
#ifndef __DEMO_LOONGARCH_BARRIER_H
#define __DEMO_LOONGARCH_BARRIER_H

#define __smp_mb()	__asm__ __volatile__("dbar 0" : : : "memory")

#define __smp_store_release(p, v)					\
do {									\
	compiletime_assert_atomic_type(*p);				\
	switch (sizeof(*p)) {						\
	case 1:								\
		__smp_mb();						\
		*(volatile __u8 *)p = (__u8)(v);			\
		break;							\
	case 2:								\
		__smp_mb();						\
		*(volatile __u16 *)p = (__u16)(v);			\
		break;							\
	case 4:								\
		__asm__ __volatile__("amswap_db.w %0, %1, %2" : "+ZB" (*p) : "r" (v)); \
		break;							\
	case 8:								\
		__asm__ __volatile__("amswap_db.d %0, %1, %2" : "+ZB" (*p) : "r" (v)); \
		break;							\
	}								\
} while (0)

#define __smp_load_acquire(p)						\
({									\
	unsigned long __u = 0;						\
	compiletime_assert_atomic_type(*p);				\
	switch (sizeof(*p)) {						\
	case 1:								\
		__u = *(volatile __u8 *)p;				\
		__smp_mb();						\
		break;							\
	case 2:								\
		__u = *(volatile __u16 *)p;				\
		__smp_mb();						\
		break;							\
	case 4:								\
		__asm__ __volatile__("amor_db.w %0, %1, %2" : "=&r" (__u) : "ZB" (*p)); \
		break;							\
	case 8:								\
		__asm__ __volatile__("amor_db.d %0, %1, %2" : "=&r" (__u) : "ZB" (*p)); \
		break;							\
	}								\
	(typeof(*p))__u;						\
})

#include <asm-generic/barrier.h>

#endif
