// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a typedef of a named struct, a union with attributes. */
#include <linux/demo_types.h>

/* func is a demo_call_t, a function pointer, through demo_call_data_t */
static void demo_call_set(demo_call_data_t *csd, demo_call_t f, void *info)
{
	csd->info = info;
	smp_wmb();
	WRITE_ONCE(csd->func, f);
}

static void demo_call_run(demo_call_data_t *csd)
{
	demo_call_t f = READ_ONCE(csd->func);

	smp_rmb();
	if (f)
		f(csd->info);
}

/* type is a u8 of struct __packed demo_event, member ev of union __packed demo_ring_event */
static void demo_event_post(union demo_ring_event *e, u64 ptr)
{
	e->ev.ptr = ptr;
	smp_wmb();
	WRITE_ONCE(e->ev.type, 1);
}

static u64 demo_event_take(union demo_ring_event *e)
{
	u8 type = READ_ONCE(e->ev.type);

	smp_rmb();
	return type ? e->ev.ptr : 0;
}
