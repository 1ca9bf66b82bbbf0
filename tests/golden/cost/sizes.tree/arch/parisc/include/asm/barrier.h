/*
 * Made up, PA-RISC style: an ordered store or load of the access's own
 * size, the 8-byte one only under CONFIG_64BIT. The release checks for a
 * native word; the acquire does not, so that the if alone leaves its
 * 8-byte case out on the 32-bit variant.
 */
#ifndef __DEMO_PARISC_BARRIER_H
#define __DEMO_PARISC_BARRIER_H

#define __smp_mb()	asm volatile("sync" : : : "memory")

#define __smp_store_release(p, v)				\
do {								\
	typeof(p) __p = (p);					\
	compiletime_assert_atomic_type(*p);			\
	switch (sizeof(*p)) {					\
	case 1:							\
		asm volatile("stb,ma %0,0(%1)" : : "r"(v), "r"(__p) : "memory"); \
		break;						\
	case 2:							\
		asm volatile("sth,ma %0,0(%1)" : : "r"(v), "r"(__p) : "memory"); \
		break;						\
	case 4:							\
		asm volatile("stw,ma %0,0(%1)" : : "r"(v), "r"(__p) : "memory"); \
		break;						\
	case 8:							\
		if (IS_ENABLED(CONFIG_64BIT))			\
			asm volatile("std,ma %0,0(%1)" : : "r"(v), "r"(__p) : "memory"); \
		break;						\
	}							\
} while (0)

#define __smp_load_acquire(p)					\
({								\
	unsigned long __v;					\
	switch (sizeof(*p)) {					\
	case 1:							\
		asm volatile("ldb,ma 0(%1),%0" : "=r"(__v) : "r"(p) : "memory"); \
		break;						\
	case 2:							\
		asm volatile("ldh,ma 0(%1),%0" : "=r"(__v) : "r"(p) : "memory"); \
		break;						\
	case 4:							\
		asm volatile("ldw,ma 0(%1),%0" : "=r"(__v) : "r"(p) : "memory"); \
		break;						\
	case 8:							\
		if (IS_ENABLED(CONFIG_64BIT))			\
			asm volatile("ldd,ma 0(%1),%0" : "=r"(__v) : "r"(p) : "memory"); \
		break;						\
	}							\
	(typeof(*p))__v;					\
})

#include <asm-generic/barrier.h>

#endif
