// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in kconfig.tree/. */

/*
 * check-name: a choice's depends on holds for the entries in it, and a symbol without prompt or default is set only where an entry that selects it can be: code under a 64-bit-only chain is not built by 32-bit powerpc; a symbol with a default stays possible on both; a chain the depth bound cuts short (asked first) keeps both but leaves no wrong answer for the symbols it met; an object listed only in a Makefile fragment (virt/demo/Makefile.demo, as "$(DEMO)/generic.o") is built where the Makefiles that include it build its composite; one listed nowhere, everywhere; "depends on !X86", X86 being an architecture's own always-set symbol, leaves every architecture but that one, while "!PPC64", a symbol a user sets, restricts nothing; a symbol no user sets is set where its defaults' conditions hold (def_bool PPC64: ppc64 alone; default y if X86: x86 alone; def_bool y: everywhere)
 * check-command: acqrel cost kconfig.tree
 * check-output-start
kconfig.tree/arch/powerpc/chain/chain.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync

kconfig.tree/arch/powerpc/kvm/demo_any.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync

kconfig.tree/arch/powerpc/kvm/demo_hv.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync

kconfig.tree/drivers/demo/drv.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync

kconfig.tree/drivers/demo2/dma.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync

kconfig.tree/drivers/demo2/everywhere.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

kconfig.tree/drivers/demo2/notppc64.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

kconfig.tree/drivers/demo2/notx86.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync

kconfig.tree/drivers/demo2/x86only.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

kconfig.tree/virt/demo/generic.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync

kconfig.tree/virt/demo/other.c:13: protocol s->ready, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    powerpc (ppc64)      unchanged: lwsync + store -> lwsync + store
    powerpc (ppc32)      pays-more: eieio + store -> sync + store
    powerpc (ppc32-booke) pays-more: eieio + store -> sync + store
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    powerpc (ppc64)      unchanged: load + lwsync -> load + lwsync
    powerpc (ppc32)      unchanged: load + sync -> load + sync
    powerpc (ppc32-booke) unchanged: load + sync -> load + sync
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

 * check-output-end
 */
