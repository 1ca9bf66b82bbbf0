/* Made up: an architecture whose READ_ONCE() is followed by a barrier. */
#ifndef __DEMO_ALPHA_RWONCE_H
#define __DEMO_ALPHA_RWONCE_H

#define __READ_ONCE(x)					\
({							\
	typeof(x) __x = (*(volatile typeof(__x) *)&(x));\
	asm volatile("demo.mb" : : : "memory");		\
	__x;						\
})

#endif
