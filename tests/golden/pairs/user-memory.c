// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: barriers that order stores to, or loads from, user memory. */

struct demo_steal_rec {
	unsigned int version;
	unsigned long long steal;
};

struct demo_vcpu {
	unsigned long long last;
	int pending;
	int flag;
	int data;
};

/*
 * A seqcount written into memory a guest reads: the barrier orders the odd
 * version before the record, a store to user memory after it (keep).
 */
static int demo_record_steal(struct demo_vcpu *v, struct demo_steal_rec __user *st,
			     unsigned long long now)
{
	unsigned int version;

	if (get_user(version, &st->version))
		return -1;
	version += 1;
	if (put_user(version, &st->version))
		return -1;
	smp_wmb();
	v->last = now;
	if (put_user(now, &st->steal))
		return -1;
	return 0;
}

/* A load from user memory before the read barrier: the barrier is for what user space wrote (keep). */
static int demo_read_req(struct demo_vcpu *v, int __user *req)
{
	int p = READ_ONCE(v->pending), r;

	if (get_user(r, req))
		return 0;
	smp_rmb();
	return p ? r + v->data : 0;
}

static void demo_post_pending(struct demo_vcpu *v, int x)
{
	v->data = 1;
	smp_wmb();
	WRITE_ONCE(v->pending, x);
}

/* The copy to user memory comes before the barrier: plain message passing (convert). */
static int demo_report(struct demo_vcpu *v, int __user *out)
{
	if (put_user(v->data, out))
		return -1;
	v->data = 2;
	smp_wmb();
	WRITE_ONCE(v->flag, 1);
	return 0;
}

static int demo_poll(struct demo_vcpu *v)
{
	if (!READ_ONCE(v->flag))
		return 0;
	smp_rmb();
	return v->data;
}

/*
 * check-name: rule USER: an smp_wmb() followed by a store to user memory (put_user() and kin), or an smp_rmb() after a load from it, orders memory user space or a guest shares, which no release or acquire of a kernel variable orders (keep); a copy to user memory before the barrier is no such evidence
 * check-command: acqrel pairs $file
 * check-output-start
user-memory.c:30: protocol v->last (demo_vcpu.last): keep
  writer user-memory.c:30: smp_wmb() in demo_record_steal(); publish store at line 31
  evidence: object
  external: smp_wmb() in demo_record_steal() is followed by put_user() (line 32), a store to user memory: it orders what user space or a guest reads there, which a release of v->last does not
  ordering: 0 other accesses change ordering

user-memory.c:51: protocol v->pending (demo_vcpu.pending): keep
  writer user-memory.c:51: smp_wmb() in demo_post_pending(); publish store at line 52
  reader user-memory.c:44: smp_rmb() in demo_read_req(); subscribe load at line 40
  evidence: object, data
  external: smp_rmb() in demo_read_req() follows get_user() (line 42), a load from user memory: it orders what user space or a guest wrote there, which an acquire of v->pending does not
  ordering: 0 other accesses change ordering

user-memory.c:61: protocol v->flag (demo_vcpu.flag): convert
  writer user-memory.c:61: smp_wmb() in demo_report(); publish store at line 62
  reader user-memory.c:70: smp_rmb() in demo_poll(); subscribe load at line 68
  evidence: object, data
  adjacent: each barrier that goes orders v->flag and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
