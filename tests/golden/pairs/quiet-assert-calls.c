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

struct demo_node;

struct demo_folio {
	unsigned long flags;
	void *mapping;
};

static inline void demo_set_node(struct demo_folio *folio, struct demo_node *node)
{
	VM_WARN_ON_FOLIO(folio->flags & 1, folio);
	folio->mapping = (void *)node;
}

/* mm's debug check in the helper that holds the publish store: quiet (convert) */
static void demo_migrate(struct demo_folio *folio, struct demo_node *node, long *kpfn)
{
	*kpfn = 5;
	smp_wmb();
	demo_set_node(folio, node);
}

static void *demo_get_node(struct demo_folio *folio)
{
	void *m = READ_ONCE(folio->mapping);

	smp_rmb();
	return m;
}

/*
 * check-name: KVM_BUG_ON(), ASSERT() and BUG() (a failed assertion's report, on a bug path), more printing (dev_notice()), mm's VM_WARN_ON_FOLIO() and time conversions (msecs_to_jiffies()) are quiet calls, no call-between; an unknown call still is one
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

quiet-assert-calls.c:68: protocol folio->mapping (demo_folio.mapping): convert
  writer quiet-assert-calls.c:68: smp_wmb() in demo_migrate(); publish store in demo_set_node() at line 61, called at line 69
  reader quiet-assert-calls.c:76: smp_rmb() in demo_get_node(); subscribe load at line 74
  evidence: object, call
  adjacent: each barrier that goes orders folio->mapping and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
