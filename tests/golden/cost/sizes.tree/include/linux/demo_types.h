/* SPDX-License-Identifier: GPL-2.0 */
/* Made up: a typedef of a typedef, the way a subsystem's types header names its sizes. */
#ifndef _LINUX_DEMO_TYPES_H
#define _LINUX_DEMO_TYPES_H

typedef u16 demo_half_t;
typedef demo_half_t demo_slot_t;

#endif
