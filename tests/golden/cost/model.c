// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in model.tree/. */

/*
 * check-name: each architecture's barriers computed from a fixture tree of barrier headers (DMB style, fence macros, a CONFIG 32/64 split, asm-generic fallback, an unresolvable macro)
 * check-command: acqrel cost --barriers model.tree
 * check-output-start
alpha: CONFIG_SMP
  smp_wmb            demo.wmb  [include/asm-generic/barrier.h:25]
  smp_rmb            demo.mb  [include/asm-generic/barrier.h:22]
  smp_store_release  full smp_mb(): demo.mb + store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   load + demo.mb  [arch/alpha/include/asm/barrier.h:8]
  smp_mb             demo.mb  [include/asm-generic/barrier.h:19]
  conversion: release pays-more, acquire unchanged
arm: CONFIG_SMP __LINUX_ARM_ARCH__=7
  smp_wmb            dmb ishst  [arch/arm/include/asm/barrier.h:13]
  smp_rmb            dmb ish  [arch/arm/include/asm/barrier.h:12]
  smp_store_release  full smp_mb(): dmb ish + store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   full smp_mb(): load + dmb ish  [include/asm-generic/barrier.h:54]
  smp_mb             dmb ish  [arch/arm/include/asm/barrier.h:11]
  conversion: release pays-more, acquire unchanged
arm64: CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            dmb ishst  [arch/arm64/include/asm/barrier.h:9]
  smp_rmb            dmb ishld  [arch/arm64/include/asm/barrier.h:8]
  smp_store_release  stlr  [arch/arm64/include/asm/barrier.h:11]
    by size: 1 byte: unresolved; 2 bytes: unresolved; 4 bytes: stlr; 8 bytes: stlr
  smp_load_acquire   ldar  [arch/arm64/include/asm/barrier.h:26]
    by size: 1 byte: unresolved; 2 bytes: unresolved; 4 bytes: ldar; 8 bytes: ldar
  smp_mb             dmb ish  [arch/arm64/include/asm/barrier.h:7]
  conversion: release gains, acquire gains
csky: CONFIG_SMP
  smp_wmb            .long 0x842ac000  [arch/csky/include/asm/barrier.h:12]
  smp_rmb            .long 0x8425c000  [arch/csky/include/asm/barrier.h:11]
  smp_store_release  full smp_mb(): demo.sync + store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   full smp_mb(): load + demo.sync  [include/asm-generic/barrier.h:54]
  smp_mb             demo.sync  [arch/csky/include/asm/barrier.h:10]
  conversion: release pays-more, acquire pays-more
loongarch: CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            dbar 0x1a  [arch/loongarch/include/asm/barrier.h:15]
  smp_rmb            dbar 0x15  [arch/loongarch/include/asm/barrier.h:14]
  smp_store_release  dbar 0x12 + store  [arch/loongarch/include/asm/barrier.h:17]
  smp_load_acquire   load + dbar 0x14  [arch/loongarch/include/asm/barrier.h:23]
  smp_mb             dbar 0x10  [arch/loongarch/include/asm/barrier.h:13]
  conversion: release different, acquire different
m68k: CONFIG_SMP (no asm/barrier.h: asm-generic only)
  smp_wmb            compiler barrier only  [include/asm-generic/barrier.h:25]
  smp_rmb            compiler barrier only  [include/asm-generic/barrier.h:22]
  smp_store_release  full smp_mb(): store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   full smp_mb(): load  [include/asm-generic/barrier.h:54]
  smp_mb             compiler barrier only  [include/asm-generic/barrier.h:19]
  conversion: release unchanged, acquire unchanged
mips (mips64): CONFIG_SMP CONFIG_64BIT CONFIG_WEAK_ORDERING __SIZEOF_LONG__=8
  smp_wmb            unresolved: DEMO_UNDEFINED_WMB() (no definition expands it) at arch/mips/include/asm/barrier.h:12
  smp_rmb            sync  [arch/mips/include/asm/barrier.h:11]
  smp_store_release  full smp_mb(): sync + store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   full smp_mb(): load + sync  [include/asm-generic/barrier.h:54]
  smp_mb             sync  [arch/mips/include/asm/barrier.h:10]
  conversion: release unknown, acquire unchanged
mips (octeon): CONFIG_SMP CONFIG_64BIT CONFIG_CPU_CAVIUM_OCTEON CONFIG_WEAK_ORDERING CONFIG_WEAK_REORDERING_BEYOND_LLSC __SIZEOF_LONG__=8
  smp_wmb            unresolved: DEMO_UNDEFINED_WMB() (no definition expands it) at arch/mips/include/asm/barrier.h:12
  smp_rmb            sync  [arch/mips/include/asm/barrier.h:11]
  smp_store_release  full smp_mb(): sync + store  [include/asm-generic/barrier.h:46]
  smp_load_acquire   full smp_mb(): load + sync  [include/asm-generic/barrier.h:54]
  smp_mb             sync  [arch/mips/include/asm/barrier.h:10]
  conversion: release unknown, acquire unchanged
powerpc (ppc64): CONFIG_SMP CONFIG_PPC64 CONFIG_64BIT __powerpc64__ __SIZEOF_LONG__=8
  smp_wmb            lwsync  [arch/powerpc/include/asm/barrier.h:24]
  smp_rmb            lwsync  [arch/powerpc/include/asm/barrier.h:23]
  smp_store_release  lwsync + store  [arch/powerpc/include/asm/barrier.h:26]
  smp_load_acquire   load + lwsync  [arch/powerpc/include/asm/barrier.h:32]
  smp_mb             sync  [arch/powerpc/include/asm/barrier.h:22]
  conversion: release unchanged, acquire unchanged
powerpc (ppc32): CONFIG_SMP CONFIG_PPC32 __SIZEOF_LONG__=4
  smp_wmb            eieio  [arch/powerpc/include/asm/barrier.h:24]
  smp_rmb            sync  [arch/powerpc/include/asm/barrier.h:23]
  smp_store_release  sync + store  [arch/powerpc/include/asm/barrier.h:26]
  smp_load_acquire   load + sync  [arch/powerpc/include/asm/barrier.h:32]
  smp_mb             sync  [arch/powerpc/include/asm/barrier.h:22]
  conversion: release pays-more, acquire unchanged
powerpc (ppc32-booke): CONFIG_SMP CONFIG_PPC32 CONFIG_BOOKE __SIZEOF_LONG__=4
  smp_wmb            mbar  [arch/powerpc/include/asm/barrier.h:24]
  smp_rmb            sync  [arch/powerpc/include/asm/barrier.h:23]
  smp_store_release  sync + store  [arch/powerpc/include/asm/barrier.h:26]
  smp_load_acquire   load + sync  [arch/powerpc/include/asm/barrier.h:32]
  smp_mb             sync  [arch/powerpc/include/asm/barrier.h:22]
  conversion: release pays-more, acquire unchanged
riscv (rv64): CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            fence w,w  [arch/riscv/include/asm/barrier.h:8]
  smp_rmb            fence r,r  [arch/riscv/include/asm/barrier.h:7]
  smp_store_release  fence rw,w + store  [arch/riscv/include/asm/barrier.h:10]
  smp_load_acquire   load + fence r,rw  [arch/riscv/include/asm/barrier.h:16]
  smp_mb             fence rw,rw  [arch/riscv/include/asm/barrier.h:6]
  conversion: release different, acquire different
sh: CONFIG_SMP
  smp_wmb            compiler barrier only  [arch/sh/include/asm/barrier.h:34]
  smp_rmb            unresolved: demo_self() (no definition expands it) at arch/sh/include/asm/barrier.h:5
  smp_store_release  unresolved: expansion of D2 at arch/sh/include/asm/barrier.h:9 is too large
  smp_load_acquire   unresolved: expansion of D0 at arch/sh/include/asm/barrier.h:7 is too large
  smp_mb             unresolved: expansion of D0 at arch/sh/include/asm/barrier.h:7 is too large
  conversion: release unknown, acquire unknown
x86 (x86-64): CONFIG_SMP CONFIG_X86_64 CONFIG_64BIT __x86_64__ __SIZEOF_LONG__=8
  smp_wmb            compiler barrier only  [arch/x86/include/asm/barrier.h:13]
  smp_rmb            compiler barrier only  [arch/x86/include/asm/barrier.h:12]
  smp_store_release  store  [arch/x86/include/asm/barrier.h:15]
  smp_load_acquire   load  [arch/x86/include/asm/barrier.h:21]
  smp_mb             lock addl $0,-4(%rsp)  [arch/x86/include/asm/barrier.h:11]
  conversion: release unchanged, acquire unchanged
x86 (x86-32): CONFIG_SMP CONFIG_X86_32 __SIZEOF_LONG__=4
  smp_wmb            compiler barrier only  [arch/x86/include/asm/barrier.h:13]
  smp_rmb            compiler barrier only  [arch/x86/include/asm/barrier.h:12]
  smp_store_release  store  [arch/x86/include/asm/barrier.h:15]
  smp_load_acquire   load  [arch/x86/include/asm/barrier.h:21]
  smp_mb             lock addl $0,-4(%esp)  [arch/x86/include/asm/barrier.h:11]
  conversion: release unchanged, acquire unchanged
 * check-output-end
 */
