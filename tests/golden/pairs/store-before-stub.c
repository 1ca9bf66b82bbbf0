// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in store-before-stub.tree/. */

/*
 * check-name: store-before: an unlock right after the barrier is skipped for the call after it, and an empty inline stub whose header also declares the function (another configuration's) may store; a stub with no prototype does not
 * check-command: acqrel pairs store-before-stub.tree
 * check-output-start
store-before-stub.tree/drivers/demo/cache.c:20: protocol c->stamp (demo_cache.stamp): keep
  writer store-before-stub.tree/drivers/demo/cache.c:20: smp_wmb() in demo_cache_revalidate(); publish store at line 23
  evidence: object
  store-before: demo_cache_revalidate() stores c->busy (line 19) right before its smp_wmb() and calls demo_unmap_range() (line 22) before the store to c->stamp: the barrier orders that store before what the call does, which a release of c->stamp does not
  ordering: 0 other accesses change ordering

store-before-stub.tree/drivers/demo/cache.c:31: protocol c->seq (demo_cache.seq): convert
  writer store-before-stub.tree/drivers/demo/cache.c:31: smp_wmb() in demo_cache_grow(); publish store at line 33
  reader store-before-stub.tree/drivers/demo/cache.c:40: smp_rmb() in demo_cache_read(); subscribe load at line 38
  evidence: object, data
  adjacent: each barrier that goes orders c->seq and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
