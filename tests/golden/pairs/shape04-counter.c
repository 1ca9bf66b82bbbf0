// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 4: a counter publishes. */

struct demo_log {
	int slot[64];
	unsigned int nr;
};

static void demo_log_append(struct demo_log *s, int x)
{
	s->slot[s->nr] = x;
	smp_wmb();
	s->nr++;
}

static int demo_log_at(struct demo_log *s, unsigned int i)
{
	if (i < READ_ONCE(s->nr)) {
		smp_rmb();
		return s->slot[i];
	}
	return -1;
}

/*
 * check-name: shape 4, counter publish (s->nr++) converts
 * check-command: acqrel pairs $file
 * check-output-start
shape04-counter.c:12: protocol s->nr (demo_log.nr): convert
  writer shape04-counter.c:12: smp_wmb() in demo_log_append(); publish store at line 13
  reader shape04-counter.c:19: smp_rmb() in demo_log_at(); subscribe load at line 18
  evidence: object, data
  adjacent: each barrier that goes orders s->nr and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
