/* diff.c: unified diffs from line replacements */
#include "diff.h"
#include "quote.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
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

/*
 * One line of the diff of the whole file: ' ' kept, '-' removed, '+' added;
 * old and new count the lines of each side above it.
 */
struct diff_op {
	char sign;
	const char *s;
	size_t n;
	size_t old, new;
	size_t reach;		/* a '+' line: op index its hunk must start at or before */
	bool wants;		/* a '+' line checkpatch wants a comment for */
};

struct diff_ops {
	struct diff_op *v;
	size_t nr, alloc;
};

static void add_op(struct diff_ops *ops, char sign, const char *s, size_t n)
{
	struct diff_op *o;

	ALLOC_GROW(ops->v, ops->nr + 1, ops->alloc);
	o = &ops->v[ops->nr++];
	o->sign = sign;
	o->s = s;
	o->n = n;
	o->reach = (size_t)-1;
	o->wants = false;
}

/* Numbers each op's lines above it on each side. */
static void number_ops(struct diff_ops *ops)
{
	size_t i, old = 0, new = 0;

	for (i = 0; i < ops->nr; i++) {
		ops->v[i].old = old;
		ops->v[i].new = new;
		old += ops->v[i].sign != '+';
		new += ops->v[i].sign != '-';
	}
}

/*
 * The whole file as ops: the lines of sorted, non-overlapping edits of
 * adjacent lines as one run, all its removals then all its additions, and
 * the lines a run removes and adds again at its ends kept, as git shows them.
 * added collects the lines of the edits' texts (the caller frees it).
 */
static void file_ops(struct diff_ops *ops, const struct lines_of *l, const struct line_edits *edits,
		     struct lines_of *added)
{
	size_t at = 0, k, m;

	for (k = 0; k < edits->nr;) {
		size_t run_end = k + 1, old_from, old_to, pre = 0, post = 0, first_added;

		while (run_end < edits->nr && edits->v[run_end].first ==
		       edits->v[run_end - 1].first + edits->v[run_end - 1].nr_old)
			run_end++;
		for (; at < edits->v[k].first && at < l->nr; at++)
			add_op(ops, ' ', l->start[at], l->len[at]);
		old_from = at;
		for (m = k; m < run_end; m++)
			if (edits->v[m].first + edits->v[m].nr_old > at)
				at = edits->v[m].first + edits->v[m].nr_old;
		if (at > l->nr)
			at = l->nr;
		old_to = at;
		first_added = added->nr;
		for (m = k; m < run_end; m++)
			split(added, edits->v[m].new_text, strlen(edits->v[m].new_text));
		while (pre < old_to - old_from && first_added + pre < added->nr &&
		       same_line(l, old_from + pre, added, first_added + pre))
			pre++;
		while (post < old_to - old_from - pre && post < added->nr - first_added - pre &&
		       same_line(l, old_to - 1 - post, added, added->nr - 1 - post))
			post++;
		for (m = 0; m < pre; m++)
			add_op(ops, ' ', l->start[old_from + m], l->len[old_from + m]);
		for (m = old_from + pre; m < old_to - post; m++)
			add_op(ops, '-', l->start[m], l->len[m]);
		for (m = first_added + pre; m < added->nr - post; m++)
			add_op(ops, '+', added->start[m], added->len[m]);
		for (m = old_to - post; m < old_to; m++)
			add_op(ops, ' ', l->start[m], l->len[m]);
		k = run_end;
	}
	for (; at < l->nr; at++)
		add_op(ops, ' ', l->start[at], l->len[at]);
}

/* Whether s[0..n) holds the word w followed, after blanks, by '('. */
static bool calls(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w);
	const char *p = s, *e = s + n;

	while ((p = memmem(p, (size_t)(e - p), w, wl))) {
		const char *q = p + wl;

		if (p == s || !is_c_ident_char((unsigned char)p[-1])) {
			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			if (q < e && *q == '(')
				return true;
		}
		p++;
	}
	return false;
}

/*
 * Whether the code of a line (its comments and literals blanked, as
 * checkpatch's sanitise_line() does; in_comment carries a block comment
 * over from the line before) is one checkpatch wants a comment for: its
 * MEMORY_BARRIER, WAITQUEUE_ACTIVE and DATA_RACE checks, a call of a memory
 * barrier, of an smp_ or virt_ acquire, release or barrier, of
 * waitqueue_active() or of data_race().
 */
static bool wants_comment(const char *s, size_t n, bool *in_comment)
{
	static const char *const names[] = {
		"mb", "rmb", "wmb", "waitqueue_active", "data_race",
	};
	static const char *const stems[] = {
		"mb__before_atomic", "mb__after_atomic", "store_release", "load_acquire",
		"store_mb", "mb", "rmb", "wmb",
	};
	char *code = xmalloc(n + 1), w[32];
	bool found = false;
	size_t i;

	for (i = 0; i < n; i++) {
		code[i] = ' ';
		if (*in_comment) {
			if (s[i] == '*' && i + 1 < n && s[i + 1] == '/') {
				*in_comment = false;
				code[++i] = ' ';
			}
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			*in_comment = true;
			code[++i] = ' ';
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
			break;
		} else if (s[i] == '"' || s[i] == '\'') {
			char q = s[i];

			for (i++; i < n && s[i] != q && s[i] != '\n'; i++) {
				code[i] = ' ';
				if (s[i] == '\\' && i + 1 < n)
					code[++i] = ' ';
			}
			if (i < n)
				code[i] = ' ';
		} else {
			code[i] = s[i];
		}
	}
	for (; i < n; i++)
		code[i] = ' ';
	code[n] = '\0';
	for (i = 0; i < ARRAY_SIZE(names) && !found; i++)
		found = calls(code, n, names[i]);
	for (i = 0; i < ARRAY_SIZE(stems) && !found; i++) {
		snprintf(w, sizeof(w), "smp_%s", stems[i]);
		found = calls(code, n, w);
		snprintf(w, sizeof(w), "virt_%s", stems[i]);
		found = found || calls(code, n, w);
	}
	free(code);
	return found;
}

/* Whether the line, trailing blanks aside, ends a block comment. */
static bool ends_comment(const char *s, size_t n)
{
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n >= 2 && s[n - 2] == '*' && s[n - 1] == '/';
}

/*
 * What checkpatch's ctx_locate_comment() finds when the hunk's lines from
 * ops[from] run up to the line ops[to]: whether a comment ends right above
 * it (a removed line between the comment and the line hides the comment).
 */
static bool comment_seen(const struct diff_ops *ops, size_t from, size_t to)
{
	bool in = false, seen = false;
	size_t i;

	for (i = from; i < to; i++) {
		const struct diff_op *o = &ops->v[i];

		if (memmem(o->s, o->n, "/*", 2))
			in = true;
		if (!in)
			seen = false;
		else
			seen = true;
		if (memmem(o->s, o->n, "*/", 2))
			in = false;
	}
	return seen;
}

/* How far up a block comment is looked for its opening line. */
#define COMMENT_LINES 200u

/*
 * For an added line that checkpatch wants a comment for, right under a
 * block comment in the new file: the op of the comment's opening line, or
 * -1.
 */
static size_t comment_above(const struct diff_ops *ops, size_t i)
{
	size_t p, o, steps = 0;

	if (ops->v[i].sign != '+' || !ops->v[i].wants)
		return (size_t)-1;
	for (p = i; p-- > 0 && ops->v[p].sign == '-';)
		;
	if (p == (size_t)-1 || !ends_comment(ops->v[p].s, ops->v[p].n))
		return (size_t)-1;
	for (o = p; ; o--) {
		if (ops->v[o].sign != '-' && memmem(ops->v[o].s, ops->v[o].n, "/*", 2))
			return o;
		if (!o || ++steps > COMMENT_LINES)
			return (size_t)-1;
	}
}

/* Appends op o to ops as sign. */
static void push_op(struct diff_ops *ops, const struct diff_op *o, char sign)
{
	ALLOC_GROW(ops->v, ops->nr + 1, ops->alloc);
	ops->v[ops->nr] = *o;
	ops->v[ops->nr++].sign = sign;
}

/* Change blocks longer than this are not aligned line by line. */
#define ALIGN_LINES 256u
/* Alignments per file at most. */
#define ALIGN_TIMES 64u

/*
 * The change block around op i (its removals and additions between two
 * kept lines) aligned line by line, as git's diff shows it: the lines its
 * removals and additions share become kept lines, and between them the
 * removals come before the additions. Then the added line i moves up past
 * the removals right above it (a unified diff may list an addition before
 * a removal), so that the comment the new file has above it ends right
 * above it in the hunk too. Replaces ops and returns true when checkpatch
 * then sees that comment; otherwise leaves ops as they are.
 */
static bool align_block(struct diff_ops *ops, size_t i)
{
	size_t a = i, b = i + 1, n_old = 0, n_new = 0, k, x, y, ii = (size_t)-1, o;
	size_t *old, *new;
	unsigned short *lcs;
	struct diff_ops out = { NULL, 0, 0 };
	bool ok;

	while (a > 0 && ops->v[a - 1].sign != ' ')
		a--;
	while (b < ops->nr && ops->v[b].sign != ' ')
		b++;
	if (b - a > ALIGN_LINES)
		return false;
	old = xcalloc(b - a, sizeof(*old));
	new = xcalloc(b - a, sizeof(*new));
	for (k = a; k < b; k++) {
		if (ops->v[k].sign == '-')
			old[n_old++] = k;
		else
			new[n_new++] = k;
	}
	/* lcs[x][y]: the longest common run of old[x..] and new[y..] */
	lcs = xcalloc((n_old + 1) * (n_new + 1), sizeof(*lcs));
#define LCS(x, y) lcs[(x) * (n_new + 1) + (y)]
	for (x = n_old; x-- > 0;)
		for (y = n_new; y-- > 0;) {
			const struct diff_op *p = &ops->v[old[x]], *q = &ops->v[new[y]];

			if (p->n == q->n && !memcmp(p->s, q->s, p->n))
				LCS(x, y) = (unsigned short)(LCS(x + 1, y + 1) + 1);
			else
				LCS(x, y) = LCS(x + 1, y) > LCS(x, y + 1) ? LCS(x + 1, y)
									  : LCS(x, y + 1);
		}
	for (k = 0; k < a; k++)
		push_op(&out, &ops->v[k], ops->v[k].sign);
	for (x = 0, y = 0; x < n_old || y < n_new;) {
		const struct diff_op *p = x < n_old ? &ops->v[old[x]] : NULL;
		const struct diff_op *q = y < n_new ? &ops->v[new[y]] : NULL;

		if (p && q && p->n == q->n && !memcmp(p->s, q->s, p->n) &&
		    LCS(x, y) == LCS(x + 1, y + 1) + 1) {
			push_op(&out, p, ' ');
			out.v[out.nr - 1].wants = false;
			x++;
			y++;
		} else if (p && (!q || LCS(x + 1, y) >= LCS(x, y + 1))) {
			push_op(&out, p, '-');
			x++;
		} else {
			/* between two kept lines, the removals first */
			if (new[y] == i)
				ii = out.nr;
			push_op(&out, q, '+');
			y++;
		}
	}
#undef LCS
	/* the removals between a matched pair come first: sort each run */
	for (k = a; k < out.nr; k++) {
		size_t end = k, m;

		if (out.v[k].sign == ' ')
			continue;
		while (end < out.nr && out.v[end].sign != ' ')
			end++;
		for (m = k + 1; m < end; m++) {
			size_t n = m;

			while (n > k && out.v[n].sign == '-' && out.v[n - 1].sign == '+') {
				struct diff_op t = out.v[n];

				out.v[n] = out.v[n - 1];
				out.v[n - 1] = t;
				if (ii == n - 1)
					ii = n;
				n--;
			}
		}
		k = end;
	}
	/* line i up past the removals right above it */
	while (ii != (size_t)-1 && ii > a && out.v[ii - 1].sign == '-') {
		struct diff_op t = out.v[ii];

		out.v[ii] = out.v[ii - 1];
		out.v[ii - 1] = t;
		ii--;
	}
	for (k = b; k < ops->nr; k++)
		push_op(&out, &ops->v[k], ops->v[k].sign);
	ok = ii != (size_t)-1 && (o = comment_above(&out, ii)) != (size_t)-1 &&
	     comment_seen(&out, o, ii);
	free(old);
	free(new);
	free(lcs);
	if (!ok) {
		free(out.v);
		return false;
	}
	free(ops->v);
	*ops = out;
	return true;
}

/*
 * checkpatch looks for a barrier's comment in the hunk's lines above it,
 * removed ones included, from the hunk's first line on. Where the block
 * comment right above an added line that wants one is kept (or partly
 * changed: a "Pairs with" note folded into it) and the lines of the old
 * barrier and access are removed between, checkpatch does not see it: the
 * whole comment is then removed and added again, so that the removed lines
 * come before it. Where it sees it, the line's hunk starts at the comment's
 * opening line at the latest (reach).
 */
static void comments_above_barriers(struct diff_ops *ops)
{
	struct diff_ops out = { NULL, 0, 0 };
	bool *redo = xcalloc(ops->nr + 1, sizeof(*redo));
	bool any = false, in_comment = false;
	size_t i, k, o;
	unsigned aligned = 0;	/* bounds the re-scans: an alignment may undo another's */

	/* the lines of the new file, in order, carry the comment state */
	for (i = 0; i < ops->nr; i++)
		if (ops->v[i].sign != '-' && wants_comment(ops->v[i].s, ops->v[i].n, &in_comment))
			ops->v[i].wants = ops->v[i].sign == '+';
	for (i = 0; i < ops->nr; i++) {
		if ((o = comment_above(ops, i)) == (size_t)-1 || comment_seen(ops, o, i))
			continue;
		/* aligned, the block shows the comment above the line: look at it again */
		if (aligned < ALIGN_TIMES && align_block(ops, i)) {
			aligned++;
			i = (size_t)-1;
			memset(redo, 0, (ops->nr + 1) * sizeof(*redo));
			any = false;
			continue;
		}
		for (k = o; k < i; k++)
			if (ops->v[k].sign == ' ')
				redo[k] = any = true;
	}
	/* each change block: its removals, then its additions */
	for (i = 0; any && i < ops->nr;) {
		size_t end = i;

		if (ops->v[i].sign == ' ' && !redo[i]) {
			push_op(&out, &ops->v[i++], ' ');
			continue;
		}
		while (end < ops->nr && (ops->v[end].sign != ' ' || redo[end]))
			end++;
		/* a block with no comment to redo keeps its order (align_block()'s too) */
		for (k = i; k < end && !redo[k]; k++)
			;
		if (k == end) {
			for (k = i; k < end; k++)
				push_op(&out, &ops->v[k], ops->v[k].sign);
			i = end;
			continue;
		}
		for (k = i; k < end; k++)
			if (ops->v[k].sign != '+')
				push_op(&out, &ops->v[k], '-');
		for (k = i; k < end; k++)
			if (ops->v[k].sign != '-')
				push_op(&out, &ops->v[k], '+');
		i = end;
	}
	free(redo);
	if (any) {
		free(ops->v);
		*ops = out;
	}
	for (i = 0; i < ops->nr; i++)
		if ((o = comment_above(ops, i)) != (size_t)-1)
			ops->v[i].reach = o;
}

/* The first op of the context window of change op i. */
static size_t window_start(const struct diff_ops *ops, size_t i)
{
	size_t from = i > CONTEXT ? i - CONTEXT : 0;

	return ops->v[i].reach < from ? ops->v[i].reach : from;
}

void diff_unified(struct strbuf *out, const char *path, const char *text, size_t len,
		  struct line_edits *edits, struct strbuf *rewritten)
{
	struct lines_of l = { NULL, NULL, 0, 0, 0 }, added = { NULL, NULL, 0, 0, 0 };
	struct diff_ops ops = { NULL, 0, 0 };
	size_t i, j;

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
	file_ops(&ops, &l, edits, &added);
	comments_above_barriers(&ops);
	number_ops(&ops);
	/* hunks: changes whose context windows (reach included) touch */
	for (i = 0; i < ops.nr; i = j) {
		size_t from, to, last, k, old_n = 0, new_n = 0, trail;

		while (i < ops.nr && ops.v[i].sign == ' ')
			i++;
		if (i == ops.nr)
			break;
		from = window_start(&ops, i);
		/*
		 * as much context after the last change as before the first:
		 * patch(1) takes a hunk with less after it for one that ends
		 * the file
		 */
		for (last = j = i; j < ops.nr; j++) {
			trail = i - from > CONTEXT ? i - from : CONTEXT;
			if (ops.v[j].sign == ' ')
				continue;
			if (window_start(&ops, j) > last + trail + 1)
				break;
			last = j;
			if (window_start(&ops, j) < from)
				from = window_start(&ops, j);
		}
		trail = i - from > CONTEXT ? i - from : CONTEXT;
		to = last + 1 + trail < ops.nr ? last + 1 + trail : ops.nr;
		for (k = from; k < to; k++) {
			old_n += ops.v[k].sign != '+';
			new_n += ops.v[k].sign != '-';
		}
		strbuf_addf(out, "@@ -%zu,%zu +%zu,%zu @@", ops.v[from].old + !!old_n, old_n,
			    ops.v[from].new + !!new_n, new_n);
		add_funcname(out, &l, ops.v[from].old);
		strbuf_addch(out, '\n');
		for (k = from; k < to; k++)
			add_line(out, ops.v[k].sign, ops.v[k].s, ops.v[k].n);
		j = to;
	}
done:
	free(ops.v);
	free(added.start);
	free(added.len);
	free(l.start);
	free(l.len);
}
