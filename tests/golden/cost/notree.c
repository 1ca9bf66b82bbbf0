// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a path that no kernel tree holds. */
int demo_notree;

/*
 * check-name: acqrel cost on a file outside any tree with arch/ says so and exits 1
 * check-command: acqrel cost $file
 * check-exit: 1
 * check-output-start
 * check-output-end
 * check-error-start
error: notree.c: not in a kernel tree (no arch/ and include/asm-generic/barrier.h above it)
 * check-error-end
 */
