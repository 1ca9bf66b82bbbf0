/* Made up: the acquire is READ_ONCE() itself. */
#ifndef __DEMO_ALPHA_BARRIER_H
#define __DEMO_ALPHA_BARRIER_H

#define mb()	asm volatile("demo.mb" : : : "memory")
#define wmb()	asm volatile("demo.wmb" : : : "memory")

#define __smp_load_acquire(p)	__READ_ONCE(*p)

#include <asm-generic/barrier.h>

#endif
