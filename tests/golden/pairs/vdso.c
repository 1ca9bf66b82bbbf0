// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in vdso.tree/. */

/*
 * check-name: a struct of vDSO data is shared with user space: external
 * check-command: acqrel pairs vdso.tree
 * check-output-start
vdso.tree/kernel/time/demo_vsyscall.c:8: protocol vd->mode (demo_vdso_data.mode): keep
  writer vdso.tree/kernel/time/demo_vsyscall.c:8: smp_wmb() in demo_update_vsyscall(); publish store at line 9
  reader vdso.tree/lib/vdso/demo_gettime.c:9: smp_rmb() in demo_vdso_read(); subscribe load at line 7
  evidence: object, data
  external: struct demo_vdso_data is declared in include/vdso/demo_data.h: vDSO data, mapped into user space and read there, which acqrel does not see
  ordering: 0 other accesses change ordering

 * check-output-end
 */
