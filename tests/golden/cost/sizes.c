// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in sizes.tree/. */

/*
 * check-name: a release or acquire whose header switches on the access size (LoongArch 4 and 8 bytes: an asm with no "memory" clobber, said to be no compiler barrier; 1 and 2 bytes, with a full barrier, and arm64 not) is read for the size of the protocol's variable (bool, u16, unsigned int, long, u64, the u16 element of a u16 pointer, a typedef of unsigned int in the file, a typedef of a typedef of u16 in a header), for the word size when the type's size is not known (said so), and a size wider than the word does not build; 64-bit PA-RISC reads a long or u64 as std,ma and ldd,ma, 32-bit PA-RISC as stw,ma or not at all
 * check-command: acqrel cost sizes.tree
 * check-output-start
sizes.tree/drivers/demo/sizes.c:17: protocol s->ready, 1 byte: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlrb
    loongarch            unchanged: dbar 0 + store -> dbar 0 + store
    parisc (parisc64)    gains: sync + store -> stb,ma
    parisc (parisc32)    gains: sync + store -> stb,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldarb
    loongarch            unchanged: load + dbar 0 -> load + dbar 0
    parisc (parisc64)    gains: load + sync -> ldb,ma
    parisc (parisc32)    gains: load + sync -> ldb,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:39: protocol s->head, 2 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlrh
    loongarch            unchanged: dbar 0 + store -> dbar 0 + store
    parisc (parisc64)    gains: sync + store -> sth,ma
    parisc (parisc32)    gains: sync + store -> sth,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldarh
    loongarch            unchanged: load + dbar 0 -> load + dbar 0
    parisc (parisc64)    gains: load + sync -> ldh,ma
    parisc (parisc32)    gains: load + sync -> ldh,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:61: protocol s->count, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr
    loongarch            gains: dbar 0 + store -> amswap_db.w (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: sync + store -> stw,ma
    parisc (parisc32)    gains: sync + store -> stw,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar
    loongarch            gains: load + dbar 0 -> amor_db.w (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: load + sync -> ldw,ma
    parisc (parisc32)    gains: load + sync -> ldw,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:83: protocol s->seq, word-sized: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr
    loongarch            gains: dbar 0 + store -> amswap_db.d (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: sync + store -> std,ma
    parisc (parisc32)    gains: sync + store -> stw,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar
    loongarch            gains: load + dbar 0 -> amor_db.d (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: load + sync -> ldd,ma
    parisc (parisc32)    gains: load + sync -> ldw,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:105: protocol s->stamp, 8 bytes: review
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr
    loongarch            gains: dbar 0 + store -> amswap_db.d (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: sync + store -> std,ma
    parisc (parisc32)    does-not-build: 8 bytes are wider than the native word here (4): compiletime_assert_atomic_type() fails the build at arch/parisc/include/asm/barrier.h:15
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         does-not-build: 8 bytes are wider than the native word here (4): compiletime_assert_atomic_type() fails the build at arch/x86/include/asm/barrier.h:11
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar
    loongarch            gains: load + dbar 0 -> amor_db.d (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: load + sync -> ldd,ma
    parisc (parisc32)    unknown: the code for this size is compiled out at arch/parisc/include/asm/barrier.h:47
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         does-not-build: 8 bytes are wider than the native word here (4): compiletime_assert_atomic_type() fails the build at arch/x86/include/asm/barrier.h:19

sizes.tree/drivers/demo/sizes.c:127: protocol s->tag, 4 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr
    loongarch            gains: dbar 0 + store -> amswap_db.w (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: sync + store -> stw,ma
    parisc (parisc32)    gains: sync + store -> stw,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar
    loongarch            gains: load + dbar 0 -> amor_db.w (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: load + sync -> ldw,ma
    parisc (parisc32)    gains: load + sync -> ldw,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:149: protocol s->marks[t % 4], 2 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlrh
    loongarch            unchanged: dbar 0 + store -> dbar 0 + store
    parisc (parisc64)    gains: sync + store -> sth,ma
    parisc (parisc32)    gains: sync + store -> sth,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldarh
    loongarch            unchanged: load + dbar 0 -> load + dbar 0
    parisc (parisc64)    gains: load + sync -> ldh,ma
    parisc (parisc32)    gains: load + sync -> ldh,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:171: protocol s->slot, 2 bytes: convert
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlrh
    loongarch            unchanged: dbar 0 + store -> dbar 0 + store
    parisc (parisc64)    gains: sync + store -> sth,ma
    parisc (parisc32)    gains: sync + store -> sth,ma
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldarh
    loongarch            unchanged: load + dbar 0 -> load + dbar 0
    parisc (parisc64)    gains: load + sync -> ldh,ma
    parisc (parisc32)    gains: load + sync -> ldh,ma
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

sizes.tree/drivers/demo/sizes.c:193: protocol s->cookie, size unknown: review
  writer, smp_wmb() to smp_store_release():
    arm64                gains: dmb ishst + store -> stlr (for a word-sized variable)
    loongarch            gains: dbar 0 + store -> amswap_db.d (for a word-sized variable) (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: sync + store -> std,ma (for a word-sized variable)
    parisc (parisc32)    gains: sync + store -> stw,ma (for a word-sized variable)
    x86 (x86-64)         unchanged: store (smp_wmb(): compiler barrier only) -> store
    x86 (x86-32)         unchanged: store (smp_wmb(): compiler barrier only) -> store
  reader, smp_rmb() to smp_load_acquire():
    arm64                gains: load + dmb ishld -> ldar (for a word-sized variable)
    loongarch            gains: load + dbar 0 -> amor_db.d (for a word-sized variable) (no compiler barrier: its asm has no "memory" clobber)
    parisc (parisc64)    gains: load + sync -> ldd,ma (for a word-sized variable)
    parisc (parisc32)    gains: load + sync -> ldw,ma (for a word-sized variable)
    x86 (x86-64)         unchanged: load (smp_rmb(): compiler barrier only) -> load
    x86 (x86-32)         unchanged: load (smp_rmb(): compiler barrier only) -> load

 * check-output-end
 */
