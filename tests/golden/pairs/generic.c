// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in generic.tree/. */

/*
 * check-name: a generic struct joins two subsystems only with evidence (a comment here, none for file->private_data); tools/ never joins the kernel, not even through a comment that names a kernel function
 * check-command: acqrel pairs generic.tree
 * check-output-start
generic.tree/drivers/demo/chardev.c:12: protocol file->private_data (demo_file.private_data): review
  writer generic.tree/drivers/demo/chardev.c:12: smp_wmb() in demo_dev_open(); publish store at line 13
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of file->private_data; the writers alone would convert, but smp_wmb() in demo_dev_open() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

generic.tree/fs/demofs/ring.c:8: protocol r->head (demo_ring.head): convert
  writer generic.tree/fs/demofs/ring.c:8: smp_wmb() in demo_ring_push(); publish store at line 9
  reader generic.tree/io_uring/ring.c:10: smp_rmb() in demo_ring_last(); subscribe load at line 7
  evidence: object, comment, data
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

generic.tree/io_uring/rsrc.c:13: protocol file->private_data (demo_file.private_data): review
  reader generic.tree/io_uring/rsrc.c:13: smp_rmb() in demo_ctx_get(); subscribe load at line 11
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to file->private_data
  ordering: 0 other accesses change ordering

generic.tree/tools/lib/demo/ring.c:10: protocol r->head (demo_ring.head): review
  reader generic.tree/tools/lib/demo/ring.c:10: smp_rmb() in demo_user_ring_last(); subscribe load at line 7
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to r->head
  ordering: 0 other accesses change ordering

 * check-output-end
 */
