#ifndef __DEMO_SYNCH_H
#define __DEMO_SYNCH_H
#if defined(__powerpc64__)
#define LWSYNC	lwsync
#else
#define LWSYNC	sync
#endif
#endif
