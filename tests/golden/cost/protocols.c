// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in model.tree/. */

/*
 * check-name: the cost of a fixture protocol on each architecture; generic code is built by every one, arch/arm64 code by arm64 alone
 * check-command: acqrel cost model.tree
 * check-output-start
model.tree/arch/arm64/kernel/demo.c:13: protocol c->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar

model.tree/drivers/demo/ring.c:13: protocol r->head, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    alpha                pays-more: demo.wmb + store -> full smp_mb(): demo.mb + store
    arm                  pays-more: dmb ishst + store -> full smp_mb(): dmb ish + store
    arm64                gains: dmb ishst + store -> stlr
    csky                 pays-more: .long 0x842ac000 + store -> full smp_mb(): demo.sync + store
    loongarch            different: dbar 0x1a + store -> dbar 0x12 + store
    m68k                 unchanged: store (smp_wmb(): compiler barrier only) -> full smp_mb(): store
    mips (mips64)        unknown: DEMO_UNDEFINED_WMB() (no definition expands it) at arch/mips/include/asm/barrier.h:12
    mips (octeon)        unknown: DEMO_UNDEFINED_WMB() (no definition expands it) at arch/mips/include/asm/barrier.h:12
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: mbar + store -> sync + store
    riscv (rv64)         different: fence w,w + store -> fence rw,w + store
    sh                   unknown: expansion of D2 at arch/sh/include/asm/barrier.h:9 is too large
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    alpha                unchanged: load + demo.mb -> load + demo.mb
    arm                  unchanged: load + dmb ish -> full smp_mb(): load + dmb ish
    arm64                gains: load + dmb ishld -> ldar
    csky                 pays-more: load + .long 0x8425c000 -> full smp_mb(): load + demo.sync
    loongarch            different: load + dbar 0x15 -> load + dbar 0x14
    m68k                 unchanged: load (smp_rmb(): compiler barrier only) -> full smp_mb(): load
    mips (mips64)        unchanged: load + sync -> full smp_mb(): load + sync
    mips (octeon)        unchanged: load + sync -> full smp_mb(): load + sync
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync
    riscv (rv64)         different: load + fence r,r -> load + fence r,rw
    sh                   unknown: demo_self() (no definition expands it) at arch/sh/include/asm/barrier.h:5
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

 * check-output-end
 */
