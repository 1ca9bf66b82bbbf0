/*
 * kbuild.h: which architectures can build a file of a kernel tree, from
 * the tree's Makefiles and Kconfig files.
 *
 * A file under arch/NAME/ is NAME's. A .c or .S file is built by the
 * obj-$(CONFIG_X) line of its folder's Makefile (through a composite
 * object or the folder's own line in its parent's Makefile); each CONFIG_X
 * met on the way can only be set where Kconfig defines X, and only when
 * its "depends on" (and those of the if and choice blocks around it)
 * hold; a symbol without prompt or default only where an entry that
 * selects it can be set; "!ARM64", an architecture's own always-set
 * symbol, every architecture but that one. The answer is conservative:
 * what cannot be read (no Makefile line, any other expression with ! or
 * =, a symbol no Kconfig defines) leaves every architecture possible.
 */
#ifndef ACQREL_KBUILD_H
#define ACQREL_KBUILD_H

#include <stddef.h>
#include <stdint.h>

struct cost_variant;
struct kbuild;

/*
 * A reader of the tree at root for the variants v[0..nr) (borrowed: they
 * must outlive it). Nothing is read before the first question. Free with
 * kbuild_free().
 */
struct kbuild *kbuild_new(const char *root, const struct cost_variant *v, size_t nr);
void kbuild_free(struct kbuild *kb);

/*
 * The variants that can build rel (a path relative to the root): bit i
 * for v[i]. Every bit is set when nothing restricts it, and always when
 * there are more than 64 variants.
 */
uint64_t kbuild_file_variants(struct kbuild *kb, const char *rel);

#endif
