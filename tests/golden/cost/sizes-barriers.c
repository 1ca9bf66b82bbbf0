// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in sizes.tree/. */

/*
 * check-name: each access size of a release and acquire that switch on it: PA-RISC's ordered stores and loads on its 64-bit and 32-bit variants (the 8-byte case compiled out under !CONFIG_64BIT, std,ma and ldd,ma under CONFIG_64BIT), arm64's byte and halfword forms with shared case labels, LoongArch's full barrier and volatile access for 1 and 2 bytes
 * check-command: acqrel cost --barriers sizes.tree
 * check-output-start
arm64: CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            dmb ishst  [arch/arm64/include/asm/barrier.h:9]
  smp_rmb            dmb ishld  [arch/arm64/include/asm/barrier.h:8]
  smp_store_release  stlr  [arch/arm64/include/asm/barrier.h:11]
    by size: 1 byte: stlrb; 2 bytes: stlrh; 4 bytes: stlr; 8 bytes: stlr
  smp_load_acquire   ldar  [arch/arm64/include/asm/barrier.h:28]
    by size: 1 byte: ldarb; 2 bytes: ldarh; 4 bytes: ldar; 8 bytes: ldar
  smp_mb             dmb ish  [arch/arm64/include/asm/barrier.h:7]
  conversion: release gains, acquire gains
loongarch: CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            dbar 0  [include/asm-generic/barrier.h:12]
  smp_rmb            dbar 0  [include/asm-generic/barrier.h:9]
  smp_store_release  amswap_db.d (no compiler barrier: its asm has no "memory" clobber)  [arch/loongarch/include/asm/barrier.h:10]
    by size: 1 byte: dbar 0 + store; 2 bytes: dbar 0 + store; 4 bytes: amswap_db.w (no compiler barrier: its asm has no "memory" clobber); 8 bytes: amswap_db.d (no compiler barrier: its asm has no "memory" clobber)
  smp_load_acquire   amor_db.d (no compiler barrier: its asm has no "memory" clobber)  [arch/loongarch/include/asm/barrier.h:31]
    by size: 1 byte: load + dbar 0; 2 bytes: load + dbar 0; 4 bytes: amor_db.w (no compiler barrier: its asm has no "memory" clobber); 8 bytes: amor_db.d (no compiler barrier: its asm has no "memory" clobber)
  smp_mb             dbar 0  [arch/loongarch/include/asm/barrier.h:8]
  conversion: release gains, acquire gains
parisc (parisc64): CONFIG_SMP CONFIG_64BIT __SIZEOF_LONG__=8
  smp_wmb            sync  [include/asm-generic/barrier.h:12]
  smp_rmb            sync  [include/asm-generic/barrier.h:9]
  smp_store_release  std,ma  [arch/parisc/include/asm/barrier.h:12]
    by size: 1 byte: stb,ma; 2 bytes: sth,ma; 4 bytes: stw,ma; 8 bytes: std,ma
  smp_load_acquire   ldd,ma  [arch/parisc/include/asm/barrier.h:33]
    by size: 1 byte: ldb,ma; 2 bytes: ldh,ma; 4 bytes: ldw,ma; 8 bytes: ldd,ma
  smp_mb             sync  [arch/parisc/include/asm/barrier.h:10]
  conversion: release gains, acquire gains
parisc (parisc32): CONFIG_SMP __SIZEOF_LONG__=4
  smp_wmb            sync  [include/asm-generic/barrier.h:12]
  smp_rmb            sync  [include/asm-generic/barrier.h:9]
  smp_store_release  stw,ma  [arch/parisc/include/asm/barrier.h:12]
    by size: 1 byte: stb,ma; 2 bytes: sth,ma; 4 bytes: stw,ma; 8 bytes: does not build
  smp_load_acquire   ldw,ma  [arch/parisc/include/asm/barrier.h:33]
    by size: 1 byte: ldb,ma; 2 bytes: ldh,ma; 4 bytes: ldw,ma; 8 bytes: unresolved
  smp_mb             sync  [arch/parisc/include/asm/barrier.h:10]
  conversion: release gains, acquire gains
x86 (x86-64): CONFIG_SMP CONFIG_X86_64 CONFIG_64BIT __x86_64__ __SIZEOF_LONG__=8
  smp_wmb            compiler barrier only  [arch/x86/include/asm/barrier.h:7]
  smp_rmb            compiler barrier only  [arch/x86/include/asm/barrier.h:6]
  smp_store_release  store  [arch/x86/include/asm/barrier.h:9]
  smp_load_acquire   load  [arch/x86/include/asm/barrier.h:16]
  smp_mb             lock addl $0,-4(%esp)  [arch/x86/include/asm/barrier.h:5]
  conversion: release unchanged, acquire unchanged
x86 (x86-32): CONFIG_SMP CONFIG_X86_32 __SIZEOF_LONG__=4
  smp_wmb            compiler barrier only  [arch/x86/include/asm/barrier.h:7]
  smp_rmb            compiler barrier only  [arch/x86/include/asm/barrier.h:6]
  smp_store_release  store  [arch/x86/include/asm/barrier.h:9]
  smp_load_acquire   load  [arch/x86/include/asm/barrier.h:16]
  smp_mb             lock addl $0,-4(%esp)  [arch/x86/include/asm/barrier.h:5]
  conversion: release unchanged, acquire unchanged
 * check-output-end
 */
