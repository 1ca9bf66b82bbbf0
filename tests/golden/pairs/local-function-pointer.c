// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a local function pointer, "int (*old)(int);",
 * is the function's own variable, as any local is: never a protocol's
 * variable, nor a store other threads can see. A parameter of that type
 * too.
 */

struct demo_hook {
	int ready;
	int data;
};

extern int (*demo_debugger)(int);

static void demo_hook_set(struct demo_hook *h, int (*fn)(int), int v)
{
	int (*old)(int);

	h->data = v;
	smp_wmb();
	old = demo_debugger;
	fn = old;
	WRITE_ONCE(h->ready, 1);
}

static int demo_hook_get(struct demo_hook *h)
{
	if (!READ_ONCE(h->ready))
		return -1;
	smp_rmb();
	return h->data;
}

/*
 * check-name: a local function pointer and a function-pointer parameter are the function's own: their stores after smp_wmb() are no caveat
 * check-command: acqrel pairs $file
 * check-output-start
local-function-pointer.c:21: protocol h->ready (demo_hook.ready): convert
  writer local-function-pointer.c:21: smp_wmb() in demo_hook_set(); publish store at line 24
  reader local-function-pointer.c:31: smp_rmb() in demo_hook_get(); subscribe load at line 29
  evidence: object, data
  adjacent: each barrier that goes orders h->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
