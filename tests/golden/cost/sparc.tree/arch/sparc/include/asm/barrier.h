/* Made up, sparc style: one header per word size. */
#ifndef __DEMO_SPARC_BARRIER_H
#define __DEMO_SPARC_BARRIER_H
#if defined(__sparc__) && defined(__arch64__)
#include <asm/barrier_64.h>
#else
#include <asm/barrier_32.h>
#endif
#endif
