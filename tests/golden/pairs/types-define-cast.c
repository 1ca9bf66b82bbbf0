// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a function-like macro whose body casts to a struct pointer. */

struct demo_buf {
	unsigned char cb[48];
	void *end;
};

struct demo_info {
	int nr_frags;
	int flags;
	void *frags[4];
};

/* positive: the macro's value is a struct demo_info pointer */
#define demo_info_of(b)	((struct demo_info *)((b)->end))

/* negative: a cast to another struct, with fields of the same names */
struct demo_cb {
	int nr_frags;
	int flags;
};

#define demo_cb_of(b)	((struct demo_cb *)&((b)->cb[0]))

void demo_info_fill(struct demo_info *info, void *frag)
{
	info->frags[0] = frag;
	smp_wmb();
	info->nr_frags = 1;
}

void *demo_info_first(struct demo_buf *b)
{
	if (!demo_info_of(b)->nr_frags)
		return 0;
	smp_rmb();
	return demo_info_of(b)->frags[0];
}

int demo_cb_first(struct demo_buf *b)
{
	if (!demo_cb_of(b)->nr_frags)
		return 0;
	smp_rmb();
	return demo_cb_of(b)->flags;
}

/*
 * check-name: types: a function-like macro whose body is a cast to a struct pointer gives that struct, so demo_info_of(b)->nr_frags joins the writer's info->nr_frags; a cast to another struct with like fields joins nothing of the first
 * check-command: acqrel pairs $file
 * check-output-start
types-define-cast.c:29: protocol demo_info_of(b)->nr_frags (demo_info.nr_frags): convert
  writer types-define-cast.c:29: smp_wmb() in demo_info_fill(); publish store at line 30
  reader types-define-cast.c:37: smp_rmb() in demo_info_first(); subscribe load at line 35
  evidence: object, data
  adjacent: each barrier that goes orders demo_info_of(b)->nr_frags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-define-cast.c:45: protocol demo_cb_of(b)->nr_frags (demo_cb.nr_frags): review
  reader types-define-cast.c:45: smp_rmb() in demo_cb_first(); subscribe load at line 43
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to demo_cb_of(b)->nr_frags
  ordering: 0 other accesses change ordering

 * check-output-end
 */
