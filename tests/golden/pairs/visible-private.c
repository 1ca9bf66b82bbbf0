// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: loads no other thread can change lose nothing. */

struct demo_log {
	char text[256];
	unsigned int len;
};

struct demo_task_state {
	int quota;
};

DEFINE_PER_CPU(int, demo_hits);

static void demo_log_append(struct demo_log *log, char c, unsigned int len)
{
	log->text[len] = c;
	smp_wmb();
	WRITE_ONCE(log->len, len + 1);
}

/* the caller's file position and this CPU's counter are this reader's own */
static ssize_t demo_log_read(struct demo_log *log, char __user *buf, loff_t *ppos)
{
	loff_t pos = *ppos;
	int hits = this_cpu_read(demo_hits);
	unsigned int len = READ_ONCE(log->len);

	smp_rmb();
	if (pos >= len || hits < 0)
		return 0;
	*ppos = pos + 1;
	return log->text[pos];
}

/* a field of the running task, or of its credentials, is the reader's own too */
static int demo_log_peek(struct demo_log *log, struct demo_task_state *st)
{
	int quota = current->quota;
	int uid = current_cred()->fsuid.val;
	unsigned int len = READ_ONCE(log->len);

	smp_rmb();
	return quota > 0 && uid && len ? log->text[0] : -1;
}

/* but not the reference count of those credentials, which other tasks change */
struct demo_note {
	int text[4];
	unsigned int len;
};

static void demo_note_add(struct demo_note *n, int v)
{
	n->text[0] = v;
	smp_wmb();
	WRITE_ONCE(n->len, 1);
}

static int demo_note_owner(struct demo_note *n)
{
	int users = current_cred()->usage;
	unsigned int len = READ_ONCE(n->len);

	smp_rmb();
	return users > 1 && len ? n->text[0] : -1;
}

/* a stamp another writer orders, read before the flag: a real caveat */
struct demo_clock {
	int data[4];
	unsigned long stamp;
	unsigned int len;
};

static void demo_clock_stamp(struct demo_clock *c, unsigned long now)
{
	c->data[1] = 0;
	smp_wmb();
	WRITE_ONCE(c->stamp, now);
}

static void demo_clock_fill(struct demo_clock *c, int v)
{
	c->data[0] = v;
	smp_wmb();
	WRITE_ONCE(c->len, 1);
}

static int demo_clock_first(struct demo_clock *c)
{
	unsigned long stamp = READ_ONCE(c->stamp);
	unsigned int len = READ_ONCE(c->len);

	smp_rmb();
	return stamp && len ? c->data[0] : -1;
}

/*
 * check-name: private loads (the caller's cursor, this CPU's copy, current, current_cred() but not its usage count) are no caveat; a load another writer orders is
 * check-command: acqrel pairs $file
 * check-output-start
visible-private.c:18: protocol log->len (demo_log.len): convert
  writer visible-private.c:18: smp_wmb() in demo_log_append(); publish store at line 19
  reader visible-private.c:29: smp_rmb() in demo_log_read(); subscribe load at line 27
  reader visible-private.c:43: smp_rmb() in demo_log_peek(); subscribe load at line 41
  evidence: object, data
  adjacent: each barrier that goes orders log->len and nothing another thread can see besides
  ordering: 4 other accesses change ordering; 0 can be seen by another thread
    load demo_hits (line 26) before smp_rmb() in demo_log_read(): private: this CPU's copy of a per-CPU variable, through this_cpu_read()
    load *ppos (line 25) before smp_rmb() in demo_log_read(): private: the caller's file position, a loff_t it passes in
    load current_cred()->fsuid.val (line 40) before smp_rmb() in demo_log_peek(): private: the running task's own credentials, through current_cred(): a struct cred is not changed once installed, and only the task itself replaces it
    load current->quota (line 39) before smp_rmb() in demo_log_peek(): private: a field of the running task, current

visible-private.c:56: protocol n->len (demo_note.len): convert
  writer visible-private.c:56: smp_wmb() in demo_note_add(); publish store at line 57
  reader visible-private.c:65: smp_rmb() in demo_note_owner(); subscribe load at line 63
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of current_cred()->usage (line 62) before smp_rmb() in demo_note_owner() can see other threads' stores: with an acquire on n->len instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders n->len and nothing another thread can see besides
  ordering: 0 other accesses change ordering

visible-private.c:79: protocol c->stamp (demo_clock.stamp): review
  writer visible-private.c:79: smp_wmb() in demo_clock_stamp(); publish store at line 80
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of c->stamp; the writers alone would convert, but smp_wmb() in demo_clock_stamp() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

visible-private.c:86: protocol c->len (demo_clock.len): convert
  writer visible-private.c:86: smp_wmb() in demo_clock_fill(); publish store at line 87
  reader visible-private.c:95: smp_rmb() in demo_clock_first(); subscribe load at line 93
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of c->stamp (line 92) before smp_rmb() in demo_clock_first() can see other threads' stores: with an acquire on c->len instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders c->len and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
