#ifndef __DEMO_RISCV_BARRIER_H
#define __DEMO_RISCV_BARRIER_H

#include <asm/fence.h>

#define __smp_mb()	DEMO_FENCE(rw, rw)
#define __smp_rmb()	DEMO_FENCE(r, r)
#define __smp_wmb()	DEMO_FENCE(w, w)

#define __smp_store_release(p, v)	\
do {					\
	DEMO_FENCE(rw, w);		\
	WRITE_ONCE(*p, v);		\
} while (0)

#define __smp_load_acquire(p)		\
({					\
	typeof(*p) __v = READ_ONCE(*p);	\
	DEMO_FENCE(r, rw);		\
	__v;				\
})

#include <asm-generic/barrier.h>

#endif
