// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: names of primitives that are not sites.
 * smp_wmb(); in this block comment is not a site, nor is smp_rmb().
 */
#include <linux/compiler.h>	/* smp_mb() */

#if defined(smp_wmb) || 0	/* a directive, not code */
#endif

#define smp_rmb() barrier()	/* the defined name itself is not a site */
#undef smp_rmb

struct demo_log {
	const char *msg;
	int smp_wmb_count;
	int flag;
};

static void demo_log_note(struct demo_log *log)
{
	// smp_wmb(); in a line comment
	log->msg = "call smp_wmb() first";
	log->msg = "escaped \" smp_rmb() quote";
	log->smp_wmb_count++;		/* a longer identifier */
	my_smp_wmb();			/* another function */
	log->flag = '"';		/* a quote in a character literal */
	smp_wmb /* a comment between name and parenthesis */ ();
	log->msg = "line one\
	smp_mb() inside a continued string";
	log->flag = sizeof(smp_wmb);	/* named, not called */
}

/*
 * check-name: comments, strings, directives and longer identifiers are not sites
 * check-command: acqrel sites $file
 * check-output-start
comments-strings.c:28:2: note: smp_wmb() in function demo_log_note(); before: write log->flag (line 27); after: write log->msg (line 29)
 * check-output-end
 */
