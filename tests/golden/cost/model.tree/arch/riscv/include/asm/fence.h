/* Made up, fence-macro style. */
#ifndef __DEMO_RISCV_FENCE_H
#define __DEMO_RISCV_FENCE_H

#define DEMO_FENCE_ASM(p, s)	"\tfence " #p "," #s "\n"
#define DEMO_FENCE(p, s)	({ __asm__ __volatile__ (DEMO_FENCE_ASM(p, s) : : : "memory"); })

#endif
