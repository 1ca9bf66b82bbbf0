// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: assertions, prints and time conversions next to barriers are quiet calls. */

struct demo_kvm {
	long seq;
	long in_progress;
	int bugged;
	int resp;
	int pending;
};

/* a failed assertion's report runs on a bug path: no call-between (convert) */
static void demo_invalidate_end(struct demo_kvm *kvm)
{
	kvm->seq++;
	smp_wmb();
	kvm->in_progress--;
	KVM_BUG_ON(kvm->in_progress < 0, kvm);
}

static int demo_retry(struct demo_kvm *kvm, long seq)
{
	if (READ_ONCE(kvm->in_progress))
		return 1;
	smp_rmb();
	return kvm->seq != seq;
}

void demo_kick(struct demo_kvm *kvm);

/* a print and a time conversion are quiet; the unknown call is a call-between (review) */
static void demo_reply(struct demo_kvm *kvm, int r)
{
	kvm->resp = r;
	smp_wmb();
	dev_notice(NULL, "reply %d\n", r);
	WRITE_ONCE(kvm->pending, 0);
	demo_kick(kvm);
}

static int demo_wait_reply(struct demo_kvm *kvm)
{
	unsigned long t = msecs_to_jiffies(100);

	if (READ_ONCE(kvm->pending) || !t)
		return -1;
	smp_rmb();
	return kvm->resp;
}

/*
 * check-name: KVM_BUG_ON(), ASSERT() and BUG() (a failed assertion's report, on a bug path), more printing (dev_notice()) and time conversions (msecs_to_jiffies()) are quiet calls, no call-between; an unknown call still is one
 * check-command: acqrel pairs $file
 * check-output-start
quiet-assert-calls.c:16: protocol kvm->in_progress (demo_kvm.in_progress): convert
  writer quiet-assert-calls.c:16: smp_wmb() in demo_invalidate_end(); publish store at line 17
  reader quiet-assert-calls.c:25: smp_rmb() in demo_retry(); subscribe load at line 23
  evidence: object, data
  adjacent: each barrier that goes orders kvm->in_progress and nothing another thread can see besides
  ordering: 0 other accesses change ordering

quiet-assert-calls.c:35: protocol kvm->pending (demo_kvm.pending): review
  writer quiet-assert-calls.c:35: smp_wmb() in demo_reply(); publish store at line 37
  reader quiet-assert-calls.c:47: smp_rmb() in demo_wait_reply(); subscribe load at line 45
  evidence: object, data
  call-between: smp_wmb() in demo_reply() also orders the stores made by demo_kick(), whose bodies acqrel does not follow: with a release on kvm->pending instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
