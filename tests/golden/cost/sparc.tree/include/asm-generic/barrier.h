/* A made-up asm-generic/barrier.h: each fallback a compiler barrier or built on __smp_mb(). */
#ifndef __DEMO_SPARC_GENERIC_BARRIER_H
#define __DEMO_SPARC_GENERIC_BARRIER_H

#ifndef __smp_mb
#define __smp_mb()	barrier()
#endif
#ifndef __smp_rmb
#define __smp_rmb()	__smp_mb()
#endif
#ifndef __smp_wmb
#define __smp_wmb()	__smp_mb()
#endif
#ifndef __smp_store_release
#define __smp_store_release(p, v)	do { __smp_mb(); WRITE_ONCE(*p, v); } while (0)
#endif
#ifndef __smp_load_acquire
#define __smp_load_acquire(p)	({ typeof(*p) ___v = READ_ONCE(*p); __smp_mb(); ___v; })
#endif

#define smp_mb()	__smp_mb()
#define smp_rmb()	__smp_rmb()
#define smp_wmb()	__smp_wmb()
#define smp_store_release(p, v)	__smp_store_release(p, v)
#define smp_load_acquire(p)	__smp_load_acquire(p)

#endif
