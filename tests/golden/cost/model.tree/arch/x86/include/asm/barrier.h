/* Made up: compiler barriers only, a locked add for smp_mb(). */
#ifndef __DEMO_X86_BARRIER_H
#define __DEMO_X86_BARRIER_H

#ifdef CONFIG_X86_32
#define DEMO_SP	"esp"
#else
#define DEMO_SP	"rsp"
#endif

#define __smp_mb()	asm volatile("lock; addl $0,-4(%%" DEMO_SP ")" ::: "memory", "cc")
#define __smp_rmb()	barrier()
#define __smp_wmb()	barrier()

#define __smp_store_release(p, v)	\
do {					\
	barrier();			\
	WRITE_ONCE(*p, v);		\
} while (0)

#define __smp_load_acquire(p)		\
({					\
	typeof(*p) __v = READ_ONCE(*p);	\
	barrier();			\
	__v;				\
})

#include <asm-generic/barrier.h>

#endif
