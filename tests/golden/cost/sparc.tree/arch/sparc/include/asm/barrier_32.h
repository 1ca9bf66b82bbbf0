/* Made up, sparc32 style: nothing of its own. */
#ifndef __DEMO_SPARC32_BARRIER_H
#define __DEMO_SPARC32_BARRIER_H
#include <asm-generic/barrier.h>
#endif
