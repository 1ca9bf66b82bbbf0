/* SPDX-License-Identifier: GPL-2.0 */
/* Synthetic fixture for acqrel: a function that one configuration stubs. */
#ifndef DEMO_PAGES_H
#define DEMO_PAGES_H

struct demo_space;

#ifdef CONFIG_DEMO_PAGES
void demo_unmap_range(struct demo_space *space, long start, long len);
#else
static inline void demo_unmap_range(struct demo_space *space, long start, long len)
{
}
#endif

/* no other configuration: this empty body is all there is */
static inline void demo_nothing(struct demo_space *space)
{
}

#endif
