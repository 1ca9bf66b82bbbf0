/* Made up: a hint as a constant asm operand. */
#ifndef __DEMO_LOONGARCH_BARRIER_H
#define __DEMO_LOONGARCH_BARRIER_H

#define DBAR(hint) __asm__ __volatile__("dbar %0 " : : "I"(hint) : "memory")

#define h_all		0b10000
#define h_rd		0b10101
#define h_wr		0b11010
#define h_acq		0b10100
#define h_rel		0b10010

#define __smp_mb()	DBAR(h_all)
#define __smp_rmb()	DBAR(h_rd)
#define __smp_wmb()	DBAR(h_wr)

#define __smp_store_release(p, v)	\
do {					\
	DBAR(h_rel);			\
	WRITE_ONCE(*p, v);		\
} while (0)

#define __smp_load_acquire(p)		\
({					\
	typeof(*p) __v = READ_ONCE(*p);	\
	DBAR(h_acq);			\
	__v;				\
})

#include <asm-generic/barrier.h>

#endif
