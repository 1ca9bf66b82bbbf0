// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a read barrier followed by the same test as before it. */

struct demo_cpus {
	int nr_online;
	int state;
	unsigned long mask;
	unsigned long snap;
};

static int demo_others_online(struct demo_cpus *c)
{
	return READ_ONCE(c->nr_online) > 1;
}

static void demo_cpu_down(struct demo_cpus *c)
{
	c->mask &= ~1UL;
	smp_wmb();
	WRITE_ONCE(c->state, 2);
}

/*
 * The state and the online count are read, then the barrier, then the
 * same test again: a re-check, whose barrier orders the mask read before
 * it ahead of the second test (keep).
 */
static void demo_stop_others(struct demo_cpus *c)
{
	int st = READ_ONCE(c->state);

	if (demo_others_online(c)) {
		c->snap = c->mask;
		smp_rmb();
		if (demo_others_online(c))
			c->snap |= st;
	}
}

struct demo_sb {
	unsigned long flags;
	unsigned long ext_flags;
};

static int demo_shut(struct demo_sb *sb)
{
	return READ_ONCE(sb->ext_flags) & 1;
}

static void demo_shutdown(struct demo_sb *sb)
{
	sb->ext_flags |= 1;
	smp_wmb();
	WRITE_ONCE(sb->flags, sb->flags | 1);
}

/*
 * The data is tested early, then the flag, then the barrier and the data
 * again: the flag is loaded after the first test, so the second test is
 * the data read of plain message passing (convert).
 */
static int demo_sync(struct demo_sb *sb)
{
	if (demo_shut(sb))
		return -5;
	if (READ_ONCE(sb->flags) & 1) {
		smp_rmb();
		if (demo_shut(sb))
			return -30;
	}
	return 0;
}

/*
 * check-name: rule RECHECK: an smp_rmb() whose function tests again, right after it, a call it made before it with the same arguments, the subscribe load at or before that first call, is a re-check as in a seqcount read (keep); a subscribe load between the two calls is plain message passing
 * check-command: acqrel pairs $file
 * check-output-start
recheck.c:19: protocol c->state (demo_cpus.state): keep
  writer recheck.c:19: smp_wmb() in demo_cpu_down(); publish store at line 20
  reader recheck.c:34: smp_rmb() in demo_stop_others(); subscribe load at line 30
  evidence: object
  seqcount: demo_stop_others() calls demo_others_online(c) again after its smp_rmb() (line 35), as before the barrier (line 32): a re-check, as in a seqcount read, whose barrier orders the loads before it ahead of the second call's, which an acquire on c->state does not
  ordering: 0 other accesses change ordering

recheck.c:53: protocol sb->flags (demo_sb.flags): convert
  writer recheck.c:53: smp_wmb() in demo_shutdown(); publish store at line 54
  reader recheck.c:67: smp_rmb() in demo_sync(); subscribe load at line 66
  evidence: object
  adjacent: each barrier that goes orders sb->flags and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load sb->ext_flags (line 47 in demo_shut(), called at line 64) before smp_rmb() in demo_sync(): unordered: no writer in the tree orders a store to sb->ext_flags after other stores (no barrier, release or ordered read-modify-write before one): its value carries no guarantee about the data

 * check-output-end
 */
