// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: container_of()'s type and member are no accesses. */

struct demo_md {
	int event_work;
	int degraded;
};

struct demo_set {
	struct demo_md md;
	int flags;
};

static void demo_set_flag(struct demo_set *rs)
{
	rs->md.degraded = 1;
	smp_wmb();
	WRITE_ONCE(rs->flags, 1);
}

/*
 * container_of(ws, struct demo_set, md.event_work) names a member, loads
 * nothing: no protocol of md.event_work; the barrier has no load before it.
 */
static int demo_table_event(int *ws)
{
	struct demo_set *rs = container_of(ws, struct demo_set, md.event_work);

	smp_rmb();
	return rs->md.degraded;
}

/* the same helper in a reader whose flag is loaded before the barrier: a protocol */
static int demo_table_poll(int *ws)
{
	struct demo_set *rs = container_of(ws, struct demo_set, md.event_work);

	if (!READ_ONCE(rs->flags))
		return 0;
	smp_rmb();
	return rs->md.degraded;
}

/*
 * check-name: container_of() and kin name a type and a member from their second argument on (offsetof() from its first): no access, so no protocol of a member designator; the pointer argument is still a load
 * check-command: acqrel pairs $file
 * check-output-start
container-of-member.c:17: protocol rs->flags (demo_set.flags): convert
  writer container-of-member.c:17: smp_wmb() in demo_set_flag(); publish store at line 18
  reader container-of-member.c:40: smp_rmb() in demo_table_poll(); subscribe load at line 38
  evidence: object, data
  adjacent: each barrier that goes orders rs->flags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

container-of-member.c:29:2: note: smp_rmb() unpaired (no-access-before): no shared access precedes smp_rmb() in demo_table_event() up to the previous barrier
 * check-output-end
 */
