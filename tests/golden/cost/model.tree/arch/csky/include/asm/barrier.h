/*
 * Made up: fences spelled as encodings (.long), and an smp_mb() with a
 * label and an alternatives section, which run elsewhere.
 */
#ifndef __DEMO_CSKY_BARRIER_H
#define __DEMO_CSKY_BARRIER_H

#define DEMO_ALT(insn)	"0: " insn "\n.pushsection .demo_alt, \"a\"\n.word 0b\n.popsection\n"

#define __smp_mb()	asm volatile (DEMO_ALT("demo.sync") ::: "memory")
#define __smp_rmb()	asm volatile (".long 0x8425c000\n" ::: "memory")
#define __smp_wmb()	asm volatile (".long 0x842ac000\n" ::: "memory")

#include <asm-generic/barrier.h>

#endif
