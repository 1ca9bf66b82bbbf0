/*
 * t-diff.c: the hunks diff_unified() writes (src/lib/diff.c): git's three
 * lines of context and hunk merging, and checkpatch's view of a barrier's
 * comment: a block comment kept right above an added barrier line, with
 * the old lines removed between them, gets the added line listed before
 * the removed ones; a hunk reaches up to the opening line of the comment
 * above such a line, with as much context after its last change.
 */
#include "lib/diff.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>

/* The diff of text with the edits given as (first, nr_old, new_text) triples. */
static char *diff_of(const char *text, const unsigned *at, const char *const *new_text, size_t n)
{
	struct line_edits e = { NULL, 0, 0 };
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		line_edits_add(&e, at[2 * i], at[2 * i + 1], xstrdup(new_text[i]), 0);
	diff_unified(&out, "f.c", text, strlen(text), &e, NULL);
	line_edits_release(&e);
	return strbuf_detach(&out);
}

int main(void)
{
	char *d;

	/* the note folded into the comment, the barrier and the old store removed */
	{
		static const char text[] =
			"void f(void)\n{\n\tdata = 1;\n\t/*\n\t * data before flag\n\t */\n"
			"\tsmp_wmb();\n\tflag = 1;\n}\n";
		static const unsigned at[] = { 5, 0, 6, 2 };
		static const char *const add[] = {
			"\t *\n\t * Pairs with smp_load_acquire() in g().\n",
			"\tsmp_store_release(&flag, 1);\n",
		};

		d = diff_of(text, at, add, 2);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -3,7 +3,8 @@ void f(void)\n"
		       " \tdata = 1;\n \t/*\n \t * data before flag\n"
		       "+\t *\n+\t * Pairs with smp_load_acquire() in g().\n"
		       " \t */\n"
		       "+\tsmp_store_release(&flag, 1);\n"
		       "-\tsmp_wmb();\n-\tflag = 1;\n"
		       " }\n",
		       "a comment kept above a release, the barrier removed between: the release is listed before the removed lines, right under the comment");
		free(d);
	}
	/* a one-line note right above the release: checkpatch sees it, nothing moves */
	{
		static const char text[] =
			"void f(void)\n{\n\tdata = 1;\n\t/* data before flag */\n"
			"\tsmp_wmb();\n\tflag = 1;\n}\n";
		static const unsigned at[] = { 4, 2 };
		static const char *const add[] = {
			"\t/* Pairs with smp_load_acquire() in g() */\n\tsmp_store_release(&flag, 1);\n",
		};

		d = diff_of(text, at, add, 1);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -2,6 +2,6 @@ void f(void)\n"
		       " {\n \tdata = 1;\n \t/* data before flag */\n"
		       "-\tsmp_wmb();\n-\tflag = 1;\n"
		       "+\t/* Pairs with smp_load_acquire() in g() */\n"
		       "+\tsmp_store_release(&flag, 1);\n"
		       " }\n",
		       "a note of its own right above the release: the comment above stays context");
		free(d);
	}
	/* a line added under a long comment without stars: the hunk starts at its opening */
	{
		static const char text[] =
			"void f(void)\n{\n\t/* first\n\t   second\n\t   third\n\t   fourth\n\t   fifth */\n"
			"\tg();\n}\n";
		static const unsigned at[] = { 7, 0 };
		static const char *const add[] = { "\tsmp_mb();\n" };

		d = diff_of(text, at, add, 1);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -3,7 +3,8 @@ void f(void)\n"
		       " \t/* first\n \t   second\n \t   third\n \t   fourth\n \t   fifth */\n"
		       "+\tsmp_mb();\n"
		       " \tg();\n }\n",
		       "the hunk of a barrier under a comment starts at the comment's opening line");
		free(d);
	}
	/* a barrier only named in a comment wants no comment itself */
	{
		static const char text[] = "a\nb\nc\nd\ne\nf\n";
		static const unsigned at[] = { 4, 1 };
		static const char *const add[] = { "/*\n * smp_wmb() was here\n */\n" };

		d = diff_of(text, at, add, 1);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -2,5 +2,7 @@ a\n b\n c\n d\n-e\n+/*\n+ * smp_wmb() was here\n+ */\n f\n",
		       "smp_wmb() inside a comment is no barrier line");
		free(d);
	}
	/* hunks as git merges them: six lines between changes merge, seven do not */
	{
		static const char text[] = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n";
		static const unsigned six[] = { 1, 1, 8, 1 }, seven[] = { 1, 1, 9, 1 };
		static const char *const add[] = { "two\n", "x\n" };

		d = diff_of(text, six, add, 2);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -1,12 +1,12 @@\n 1\n-2\n+two\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+x\n 10\n 11\n 12\n",
		       "changes six lines apart share a hunk");
		free(d);
		d = diff_of(text, seven, add, 2);
		is_str(d, "--- a/f.c\n+++ b/f.c\n"
		       "@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n"
		       "@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n+x\n 11\n 12\n 13\n",
		       "changes seven lines apart get a hunk each");
		free(d);
	}
	/* the last line without a newline */
	{
		static const char text[] = "a\nb";
		static const unsigned at[] = { 1, 1 };
		static const char *const add[] = { "c" };

		d = diff_of(text, at, add, 1);
		is_str(d, "--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
		       "+c\n\\ No newline at end of file\n",
		       "a last line without a newline is marked as git marks it");
		free(d);
	}
	return tap_done();
}
