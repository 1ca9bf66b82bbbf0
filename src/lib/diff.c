/* diff.c: unified diffs from line replacements */
#include "diff.h"
#include "quote.h"
#include "util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void line_edits_add(struct line_edits *e, unsigned first, unsigned nr_old, char *new_text,
		    size_t tag)
{
	ALLOC_GROW(e->v, e->nr + 1, e->alloc);
	e->v[e->nr].first = first;
	e->v[e->nr].nr_old = nr_old;
	e->v[e->nr].new_text = new_text;
	e->v[e->nr].tag = tag;
	e->nr++;
}

void line_edits_release(struct line_edits *e)
{
	size_t i;

	for (i = 0; i < e->nr; i++)
		free(e->v[i].new_text);
	free(e->v);
	memset(e, 0, sizeof(*e));
}

static int cmp_edit(const void *a, const void *b)
{
	const struct line_edit *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

struct lines_of {
	const char **start;
	size_t *len;		/* with the '\n' */
	size_t nr, alloc, alloc_len;
};

static void split(struct lines_of *l, const char *text, size_t len)
{
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) + 1 : len - i;

		ALLOC_GROW(l->start, l->nr + 1, l->alloc);
		ALLOC_GROW(l->len, l->nr + 1, l->alloc_len);
		l->start[l->nr] = text + i;
		l->len[l->nr++] = n;
		i += n;
	}
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void add_line(struct strbuf *out, char sign, const char *s, size_t n)
{
	strbuf_addch(out, sign);
	strbuf_add(out, s, n);
	if (!n || s[n - 1] != '\n')
		strbuf_adds(out, "\n\\ No newline at end of file\n");
}

#define CONTEXT 3u

/*
 * git's default hunk header: the nearest line above the hunk that starts
 * with a letter, '_' or '$' (a function's head in kernel style), trailing
 * blanks trimmed, at most 80 bytes.
 */
static void add_funcname(struct strbuf *out, const struct lines_of *l, size_t from)
{
	while (from-- > 0) {
		const char *s = l->start[from];
		size_t n = l->len[from];

		if (!(s[0] >= 'a' && s[0] <= 'z') && !(s[0] >= 'A' && s[0] <= 'Z') &&
		    s[0] != '_' && s[0] != '$')
			continue;
		while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t' ||
			     s[n - 1] == '\r'))
			n--;
		if (n > 80)
			n = 80;
		strbuf_addch(out, ' ');
		strbuf_add(out, s, n);
		return;
	}
}

/* Whether line i of a and line k of b are the same bytes. */
static bool same_line(const struct lines_of *a, size_t i, const struct lines_of *b, size_t k)
{
	return a->len[i] == b->len[k] && !memcmp(a->start[i], b->start[k], a->len[i]);
}

void diff_unified(struct strbuf *out, const char *path, const char *text, size_t len,
		  struct line_edits *edits, struct strbuf *rewritten)
{
	struct lines_of l = { NULL, NULL, 0, 0, 0 };
	size_t i, j;
	long shift = 0;

	if (edits->nr)
		qsort(edits->v, edits->nr, sizeof(*edits->v), cmp_edit);
	split(&l, text, len);
	if (rewritten) {
		size_t at = 0;

		for (i = 0; i < edits->nr; i++) {
			for (; at < edits->v[i].first && at < l.nr; at++)
				strbuf_add(rewritten, l.start[at], l.len[at]);
			strbuf_adds(rewritten, edits->v[i].new_text);
			at = edits->v[i].first + edits->v[i].nr_old;
		}
		for (; at < l.nr; at++)
			strbuf_add(rewritten, l.start[at], l.len[at]);
	}
	if (!edits->nr)
		goto done;
	/* as git: a name with a space ends in a tab, for patch(1) */
	strbuf_adds(out, "--- ");
	quote_path2(out, "a/", path);
	strbuf_adds(out, strchr(path, ' ') ? "\t\n+++ " : "\n+++ ");
	quote_path2(out, "b/", path);
	strbuf_adds(out, strchr(path, ' ') ? "\t\n" : "\n");
	/* hunks: runs of edits whose context windows touch */
	for (i = 0; i < edits->nr; i = j) {
		size_t from, to, old_n = 0, new_n = 0, k, at;
		long hunk_shift = 0;

		for (j = i + 1; j < edits->nr &&
		     edits->v[j].first <= edits->v[j - 1].first + edits->v[j - 1].nr_old + 2 * CONTEXT; j++)
			;
		from = edits->v[i].first > CONTEXT ? edits->v[i].first - CONTEXT : 0;
		to = edits->v[j - 1].first + edits->v[j - 1].nr_old + CONTEXT;
		if (to > l.nr)
			to = l.nr;
		for (k = i; k < j; k++)
			hunk_shift += (long)count_lines(edits->v[k].new_text) - (long)edits->v[k].nr_old;
		old_n = to - from;
		new_n = (size_t)((long)old_n + hunk_shift);
		strbuf_addf(out, "@@ -%zu,%zu +%zu,%zu @@", old_n ? from + 1 : from, old_n,
			    new_n ? (size_t)((long)from + shift) + 1 : (size_t)((long)from + shift), new_n);
		add_funcname(out, &l, from);
		strbuf_addch(out, '\n');
		at = from;
		for (k = i; k < j;) {
			size_t run_end = k + 1, m;

			/* edits of adjacent lines: all removals, then all additions */
			while (run_end < j && edits->v[run_end].first ==
			       edits->v[run_end - 1].first + edits->v[run_end - 1].nr_old)
				run_end++;
			struct lines_of added = { NULL, NULL, 0, 0, 0 };
			size_t old_from, old_to, pre = 0, post = 0;

			for (; at < edits->v[k].first; at++)
				add_line(out, ' ', l.start[at], l.len[at]);
			old_from = at;
			for (m = k; m < run_end; m++)
				if (edits->v[m].first + edits->v[m].nr_old > at)
					at = edits->v[m].first + edits->v[m].nr_old;
			if (at > l.nr)
				at = l.nr;
			old_to = at;
			for (m = k; m < run_end; m++)
				split(&added, edits->v[m].new_text, strlen(edits->v[m].new_text));
			/* lines the run removes and adds again are context, as git shows them */
			while (pre < old_to - old_from && pre < added.nr &&
			       same_line(&l, old_from + pre, &added, pre))
				pre++;
			while (post < old_to - old_from - pre && post < added.nr - pre &&
			       same_line(&l, old_to - 1 - post, &added, added.nr - 1 - post))
				post++;
			for (m = 0; m < pre; m++)
				add_line(out, ' ', l.start[old_from + m], l.len[old_from + m]);
			for (m = old_from + pre; m < old_to - post; m++)
				add_line(out, '-', l.start[m], l.len[m]);
			for (m = pre; m < added.nr - post; m++)
				add_line(out, '+', added.start[m], added.len[m]);
			for (m = old_to - post; m < old_to; m++)
				add_line(out, ' ', l.start[m], l.len[m]);
			free(added.start);
			free(added.len);
			k = run_end;
		}
		for (; at < to; at++)
			add_line(out, ' ', l.start[at], l.len[at]);
		shift += hunk_shift;
	}
done:
	free(l.start);
	free(l.len);
}
