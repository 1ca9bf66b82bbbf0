/* Made up: a macro that refers to itself, and one that doubles 24 times. */
#ifndef __DEMO_SH_BARRIER_H
#define __DEMO_SH_BARRIER_H

#define demo_self()	demo_self()
#define D0	asm volatile("nop")
#define D1	D0; D0
#define D2	D1; D1
#define D3	D2; D2
#define D4	D3; D3
#define D5	D4; D4
#define D6	D5; D5
#define D7	D6; D6
#define D8	D7; D7
#define D9	D8; D8
#define D10	D9; D9
#define D11	D10; D10
#define D12	D11; D11
#define D13	D12; D12
#define D14	D13; D13
#define D15	D14; D14
#define D16	D15; D15
#define D17	D16; D16
#define D18	D17; D17
#define D19	D18; D18
#define D20	D19; D19
#define D21	D20; D20
#define D22	D21; D21
#define D23	D22; D22
#define D24	D23; D23

#define __smp_mb()	D24
#define __smp_rmb()	demo_self()
#define __smp_wmb()	barrier()

#include <asm-generic/barrier.h>

#endif
