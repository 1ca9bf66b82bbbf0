// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a type in parentheses before a
 * parenthesised operand, "(demo_idx_t)(x)" or "(u32)(x)", is a cast that
 * the grammar reads as a call (in a macro body it cannot tell); it is no
 * call whose body acqrel cannot follow. A parenthesised function, a
 * function pointer member, a lower-case name or a name in capitals (a
 * macro parameter, "(FN)(x)") stays a call.
 */

typedef unsigned int demo_idx_t;

struct demo_cast_ring {
	int data;
	int flag;
	unsigned int id;
};

struct demo_call_ring {
	int data;
	int flag;
	unsigned int id;
	void (*note)(unsigned int id);
};

void demo_note(unsigned int id);

#define DEMO_TRACE(r)	((void)(demo_idx_t)((r)->id))
#define DEMO_WIDEN(r)	((void)(u32)((r)->id))
#define DEMO_HOOK(r)	(((r)->note)((r)->id))
#define DEMO_PLAIN(r)	((demo_note)((r)->id))
#define DEMO_CALL(FN, r)	((FN)((r)->id))

/* a cast to a _t typedef: convert */
static void demo_cast_set(struct demo_cast_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->flag, 1);
	DEMO_TRACE(r);
}

/* a cast to a scalar typedef: convert */
static void demo_widen_set(struct demo_cast_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->flag, 2);
	DEMO_WIDEN(r);
}

/* a function pointer member called: call-between stays */
static void demo_hook_set(struct demo_call_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->flag, 3);
	DEMO_HOOK(r);
}

/* a parenthesised function name called: call-between stays */
static void demo_plain_set(struct demo_call_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->flag, 4);
	DEMO_PLAIN(r);
}

/* a macro parameter in capitals names a function: call-between stays */
static void demo_param_set(struct demo_call_ring *r, int v)
{
	r->data = v;
	smp_wmb();
	WRITE_ONCE(r->flag, 5);
	DEMO_CALL(demo_note, r);
}

static int demo_cast_get(struct demo_cast_ring *r)
{
	if (!READ_ONCE(r->flag))
		return -1;
	smp_rmb();
	return r->data;
}

static int demo_call_get(struct demo_call_ring *r)
{
	if (!READ_ONCE(r->flag))
		return -1;
	smp_rmb();
	return r->data;
}

/*
 * check-name: a type in parentheses before an operand is a cast, no call (in a macro body too); a function pointer, a parenthesised function name or a macro parameter in capitals stays a call
 * check-command: acqrel pairs $file
 * check-output-start
cast-callee.c:47: protocol r->flag (demo_cast_ring.flag): convert
  writer cast-callee.c:47: smp_wmb() in demo_widen_set(); publish store at line 48
  writer cast-callee.c:38: smp_wmb() in demo_cast_set(); publish store at line 39
  reader cast-callee.c:83: smp_rmb() in demo_cast_get(); subscribe load at line 81
  evidence: object, data
  adjacent: each barrier that goes orders r->flag and nothing another thread can see besides
  ordering: 0 other accesses change ordering

cast-callee.c:74: protocol r->flag (demo_call_ring.flag): review
  writer cast-callee.c:74: smp_wmb() in demo_param_set(); publish store at line 75
  writer cast-callee.c:65: smp_wmb() in demo_plain_set(); publish store at line 66
  writer cast-callee.c:56: smp_wmb() in demo_hook_set(); publish store at line 57
  reader cast-callee.c:91: smp_rmb() in demo_call_get(); subscribe load at line 89
  evidence: object, data
  call-between: smp_wmb() in demo_param_set() also orders the stores made by DEMO_CALL() (which calls (FN)()), whose bodies acqrel does not follow: with a release on r->flag instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_plain_set() also orders the stores made by DEMO_PLAIN() (which calls (demo_note)()), whose bodies acqrel does not follow: with a release on r->flag instead, they are no longer ordered after the data
  call-between: smp_wmb() in demo_hook_set() also orders the stores made by DEMO_HOOK() (which calls ((r)->note)()), whose bodies acqrel does not follow: with a release on r->flag instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
