// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in sparc.tree/. */

/*
 * check-name: sparc is read twice, sparc64 from barrier_64.h and sparc32 from barrier_32.h, which is asm-generic's: every barrier a compiler barrier, so the conversion changes nothing there either
 * check-command: acqrel cost --barriers sparc.tree
 * check-output-start
sparc (sparc64): CONFIG_SMP CONFIG_SPARC64 CONFIG_64BIT __sparc__ __arch64__ __SIZEOF_LONG__=8
  smp_wmb            compiler barrier only  [arch/sparc/include/asm/barrier_64.h:7]
  smp_rmb            compiler barrier only  [arch/sparc/include/asm/barrier_64.h:6]
  smp_store_release  store  [arch/sparc/include/asm/barrier_64.h:9]
  smp_load_acquire   load  [arch/sparc/include/asm/barrier_64.h:15]
  smp_mb             membar #StoreLoad  [arch/sparc/include/asm/barrier_64.h:5]
  conversion: release unchanged, acquire unchanged
sparc (sparc32): CONFIG_SMP CONFIG_SPARC32 __sparc__ __SIZEOF_LONG__=4
  smp_wmb            compiler barrier only  [include/asm-generic/barrier.h:12]
  smp_rmb            compiler barrier only  [include/asm-generic/barrier.h:9]
  smp_store_release  full smp_mb(): store  [include/asm-generic/barrier.h:15]
  smp_load_acquire   full smp_mb(): load  [include/asm-generic/barrier.h:18]
  smp_mb             compiler barrier only  [include/asm-generic/barrier.h:6]
  conversion: release unchanged, acquire unchanged
 * check-output-end
 */
