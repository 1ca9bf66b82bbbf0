/* rewrite.c: plan the line edits that convert a protocol */
#include "rewrite.h"
#include "strbuf.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of a file: [start, end) without its newline. */
struct line {
	const char *start;
	size_t len;
};

static bool get_line(const struct rewrite_file *f, unsigned line1, struct line *l)
{
	const char *p = f->text, *end = f->text + f->len;
	unsigned n = 1;

	while (n < line1 && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			return false;
		p = nl + 1;
		n++;
	}
	if (n != line1 || p > end)
		return false;
	l->start = p;
	l->len = (size_t)((memchr(p, '\n', (size_t)(end - p)) ? (const char *)memchr(p, '\n', (size_t)(end - p)) : end) - p);
	return true;
}

static size_t indent_of(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && (l->start[i] == ' ' || l->start[i] == '\t'))
		i++;
	return i;
}

static unsigned columns(const char *s, size_t n)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i < n; i++)
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

static struct rewrite_file *file_of(struct rewrite *rw, const struct pair_end *e)
{
	struct rewrite_file *f;
	struct strbuf sb = STRBUF_INIT;
	char chunk[65536];
	FILE *fp;
	size_t i, n;

	for (i = 0; i < rw->nr; i++)
		if (!strcmp(rw->v[i].path, e->path))
			return &rw->v[i];
	if (!(fp = fopen(e->path, "rb")))
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		strbuf_add(&sb, chunk, n);
	fclose(fp);
	ALLOC_GROW(rw->v, rw->nr + 1, rw->alloc);
	f = &rw->v[rw->nr++];
	memset(f, 0, sizeof(*f));
	f->path = e->path;
	f->rel = e->file;
	f->len = sb.len;
	f->text = strbuf_detach(&sb);
	return f;
}

/* A comment that speaks of the other side of the old barrier pair. */
static bool is_pairing_comment(const char *s, size_t n)
{
	static const char *const words[] = { "pair", "Pair", "PAIR", "match", "Match", "see ",
					      "See ", "against", "coupled" };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (memmem(s, n, words[i], strlen(words[i])))
			return true;
	return false;
}

/* A line that is one comment, alone, about the other side of the barrier. */
static bool pairing_comment_line(const struct rewrite_file *f, unsigned line1)
{
	struct line l;
	size_t ind, n;
	const char *p;

	if (line1 < 1 || !get_line(f, line1, &l))
		return false;
	ind = indent_of(&l);
	p = l.start + ind;
	n = l.len - ind;
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= 4 && !memcmp(p, "/*", 2) && !memcmp(p + n - 2, "*/", 2) &&
	    !memmem(p + 2, n - 4, "*/", 2))
		return is_pairing_comment(p, n);
	if (n >= 2 && !memcmp(p, "//", 2))
		return is_pairing_comment(p, n);
	return false;
}

struct planned {
	unsigned line;		/* 1-based */
	char *text;		/* owned: replacement lines */
};

/*
 * The barrier's line: "smp_wmb();" alone, or with a comment, which stays
 * (the barrier's own explanation) unless it names the other side.
 */
static const char *plan_barrier(const struct rewrite_file *f, const struct site *s,
				struct planned *out)
{
	struct line l;
	size_t ind, i, n = strlen(s->primitive);
	const char *p;

	if (!get_line(f, s->line, &l))
		return "the barrier's line cannot be read";
	ind = indent_of(&l);
	p = l.start + ind;
	if (l.len - ind < n + 3 || memcmp(p, s->primitive, n) || memcmp(p + n, "();", 3))
		return "the barrier shares its line with other code";
	for (i = ind + n + 3; i < l.len && (l.start[i] == ' ' || l.start[i] == '\t'); i++)
		;
	out->line = s->line;
	if (i == l.len || is_pairing_comment(l.start + i, l.len - i)) {
		out->text = xstrdup("");
		return NULL;
	}
	if (l.len - i < 2 || l.start[i] != '/' || (l.start[i + 1] != '*' && l.start[i + 1] != '/'))
		return "the barrier shares its line with other code";
	out->text = xasprintf("%.*s%.*s\n", (int)ind, l.start, (int)(l.len - i), l.start + i);
	return NULL;
}

static bool balanced(const char *s, size_t n)
{
	int depth = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth < 0)
			return false;
	}
	return depth == 0;
}

static bool simple_operand(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' ||
		      (s[i] == '-' && i + 1 < n && s[i + 1] == '>') ||
		      (s[i] == '>' && i && s[i - 1] == '-')))
			return false;
	return n > 0;
}

/* Splits "...;  /+ comment +/" at the ';': returns the offset of ';', or -1. */
static long statement_end(const char *s, size_t n, size_t *comment)
{
	size_t i = n;

	*comment = n;
	/* a trailing comment */
	while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
		i--;
	if (i >= 2 && s[i - 1] == '/' && s[i - 2] == '*') {
		const char *open = NULL;
		size_t k;

		for (k = 0; k + 1 < i; k++)
			if (s[k] == '/' && s[k + 1] == '*')
				open = s + k;
		if (!open)
			return -1;
		*comment = (size_t)(open - s);
		i = *comment;
		while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
			i--;
	}
	return i > 0 && s[i - 1] == ';' ? (long)(i - 1) : -1;
}

/*
 * "/+ Pairs with smp_load_acquire() in foo() +/" at the statement's indent;
 * a block comment wrapped at 80 columns when one line would pass 100.
 */
static char *pairs_comment(const char *line, size_t ind, const char *other, const char *where)
{
	char *one = xasprintf("%.*s/* Pairs with %s in %s */\n", (int)ind, line, other, where);
	struct strbuf sb = STRBUF_INIT;
	char *text, *p;
	unsigned col;

	if (columns(one, strlen(one) - 1) <= REWRITE_MAX_COLUMNS)
		return one;
	free(one);
	text = xasprintf("Pairs with %s in %s.", other, where);
	strbuf_addf(&sb, "%.*s/*\n%.*s *", (int)ind, line, (int)ind, line);
	col = columns(line, ind) + 2;
	for (p = strtok(text, " "); p; p = strtok(NULL, " ")) {
		if (col + 1 + strlen(p) > 80 && col > columns(line, ind) + 2) {
			strbuf_addf(&sb, "\n%.*s *", (int)ind, line);
			col = columns(line, ind) + 2;
		}
		strbuf_addf(&sb, " %s", p);
		col += 1 + (unsigned)strlen(p);
	}
	strbuf_addf(&sb, "\n%.*s */\n", (int)ind, line);
	free(text);
	return strbuf_detach(&sb);
}

/* smp_store_release(&X, V); broken after the first argument when too long. */
static char *release_line(const struct line *l, size_t ind, const char *x, const char *v,
			  size_t vlen, const char *comment)
{
	char *one = xasprintf("%.*ssmp_store_release(&%s, %.*s);%s%s\n", (int)ind, l->start, x,
			      (int)vlen, v, *comment ? " " : "", comment);

	if (columns(one, strlen(one) - 1) <= REWRITE_MAX_COLUMNS)
		return one;
	free(one);
	/* the continuation aligns under the '(' with tabs, then spaces */
	{
		unsigned col = columns(l->start, ind) + (unsigned)strlen("smp_store_release(");
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%.*ssmp_store_release(&%s,\n", (int)ind, l->start, x);
		for (; col >= 8; col -= 8)
			strbuf_addch(&sb, '\t');
		strbuf_addf(&sb, "%*s%.*s);%s%s\n", (int)col, "", (int)vlen, v, *comment ? " " : "",
			    comment);
		return strbuf_detach(&sb);
	}
}

/* The publish store's line: X = v; X++; X += v; WRITE_ONCE(X, v); */
static const char *plan_store(const struct rewrite_file *f, const struct pair_end *e,
			      const char *pairs, struct planned *out)
{
	const struct access *a = e->access;
	struct line l;
	size_t ind, col, xlen = strlen(a->path), cmt, i;
	const char *after, *lead;
	long semi;
	char *comment, *stmt = NULL, *v = NULL;

	if (!get_line(f, a->line, &l))
		return "the store's line cannot be read";
	if (a->off < (size_t)(l.start - f->text) || a->off - (size_t)(l.start - f->text) > l.len)
		return "the store does not start on its line";
	col = a->off - (size_t)(l.start - f->text);
	ind = indent_of(&l);
	if (col + xlen > l.len || memcmp(l.start + col, a->path, xlen))
		return "the stored variable is written over several lines or with spaces";
	semi = statement_end(l.start, l.len, &cmt);
	if (semi < 0 || (size_t)semi < col + xlen)
		return "the store is not one statement on one line";
	comment = xstrndup(l.start + cmt, l.len - cmt);
	lead = l.start + ind;
	after = l.start + col + xlen;
	if (l.start + col == lead) {
		const char *p = after, *end = l.start + semi;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p == 2 && (!memcmp(p, "++", 2) || !memcmp(p, "--", 2))) {
			v = xasprintf("%s %c 1", a->path, *p);
		} else if (end - p >= 2 && (p[0] == '+' || p[0] == '-') && p[1] == '=') {
			const char *r = p + 2;

			while (r < end && *r == ' ')
				r++;
			v = simple_operand(r, (size_t)(end - r))
			    ? xasprintf("%s %c %.*s", a->path, p[0], (int)(end - r), r)
			    : xasprintf("%s %c (%.*s)", a->path, p[0], (int)(end - r), r);
		} else if (end - p >= 1 && p[0] == '=' && (end - p == 1 || p[1] != '=')) {
			const char *r = p + 1;

			while (r < end && *r == ' ')
				r++;
			if (r < end && balanced(r, (size_t)(end - r)))
				v = xstrndup(r, (size_t)(end - r));
		}
	} else if ((size_t)(l.start + col - lead) >= 11 && !memcmp(lead, "WRITE_ONCE(", 11) &&
		   l.start + col == lead + 11) {
		const char *p = after, *end = l.start + semi;

		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == ',' && end[-1] == ')') {
			p++;
			while (p < end && *p == ' ')
				p++;
			if (balanced(p, (size_t)(end - 1 - p)))
				v = xstrndup(p, (size_t)(end - 1 - p));
		}
	} else if ((size_t)(l.start + col - lead) == 2 && (!memcmp(lead, "++", 2) ||
							     !memcmp(lead, "--", 2)) &&
		   after == l.start + semi) {
		v = xasprintf("%s %c 1", a->path, lead[0]);
	}
	if (!v) {
		free(comment);
		return "the store is not of a form acqrel rewrites (X = v; X++; X += v; WRITE_ONCE(X, v);)";
	}
	for (i = 0; v[i]; i++)
		;
	stmt = release_line(&l, ind, a->path, v, i, comment);
	out->line = a->line;
	{
		char *note = pairs_comment(l.start, ind, "smp_load_acquire()", pairs);

		out->text = xasprintf("%s%s", note, stmt);
		free(note);
	}
	free(stmt);
	free(v);
	free(comment);
	return NULL;
}

/* The subscribe load: X or READ_ONCE(X) inside its line becomes smp_load_acquire(&X). */
static const char *plan_load(const struct rewrite_file *f, const struct pair_end *e,
			     const char *pairs, struct planned *out)
{
	const struct access *a = e->access;
	struct line l;
	size_t ind, col, xlen = strlen(a->path), from, to, k;
	struct strbuf sb = STRBUF_INIT;

	if (!get_line(f, a->line, &l))
		return "the load's line cannot be read";
	if (a->off < (size_t)(l.start - f->text) || a->off - (size_t)(l.start - f->text) > l.len)
		return "the load does not start on its line";
	col = a->off - (size_t)(l.start - f->text);
	ind = indent_of(&l);
	if (col + xlen > l.len || memcmp(l.start + col, a->path, xlen))
		return "the loaded variable is written over several lines or with spaces";
	from = col;
	to = col + xlen;
	if (col >= 10 && !memcmp(l.start + col - 10, "READ_ONCE(", 10)) {
		for (k = to; k < l.len && l.start[k] == ' '; k++)
			;
		if (k == l.len || l.start[k] != ')')
			return "READ_ONCE() holds more than the loaded variable";
		from = col - 10;
		to = k + 1;
	} else {
		size_t b = col, c = to;

		while (b > 0 && l.start[b - 1] == ' ')
			b--;
		while (c < l.len && l.start[c] == ' ')
			c++;
		if (!(b > 0 && strchr("=(!,&|?:", l.start[b - 1])) &&
		    !(b >= 6 && !memcmp(l.start + b - 6, "return", 6)))
			return "the load is not of a form acqrel rewrites";
		if (c < l.len && !strchr(";),<>=!&|?:+-*/", l.start[c]))
			return "the load is not of a form acqrel rewrites";
		if (c < l.len && l.start[c] == '-' && c + 1 < l.len && l.start[c + 1] == '>')
			return "the load is not of a form acqrel rewrites";
	}
	{
		char *note = pairs_comment(l.start, ind, "smp_store_release()", pairs);

		strbuf_adds(&sb, note);
		free(note);
	}
	strbuf_add(&sb, l.start, from);
	strbuf_addf(&sb, "smp_load_acquire(&%s)", a->path);
	strbuf_add(&sb, l.start + to, l.len - to);
	strbuf_addch(&sb, '\n');
	{
		const char *second = strchr(sb.buf, '\n') + 1;

		if (columns(second, strlen(second) - 1) > REWRITE_MAX_COLUMNS) {
			strbuf_release(&sb);
			return "the rewritten load would pass 100 columns";
		}
	}
	out->line = a->line;
	out->text = strbuf_detach(&sb);
	return NULL;
}

static bool line_taken(const struct rewrite_file *f, unsigned line1)
{
	size_t i;

	for (i = 0; i < f->edits.nr; i++)
		if (f->edits.v[i].first == line1 - 1)
			return true;
	return false;
}

static void leave(struct rewrite *rw, const struct protocol *p, const struct pair_end *e,
		  const char *why)
{
	skip_list_add(&rw->left, xasprintf("%s:%u", e->path, e->site->line),
		      xasprintf("protocol %s left for the author: %s", p->variable, why));
}

static void plan_protocol(struct rewrite *rw, const struct protocol *p)
{
	struct planned *plan = xcalloc(3 * (p->nr_writers + p->nr_readers), sizeof(*plan));
	struct rewrite_file **files = xcalloc(3 * (p->nr_writers + p->nr_readers), sizeof(*files));
	struct strbuf readers = STRBUF_INIT, writers = STRBUF_INIT;
	size_t i, k, nr = 0;
	const char *why = NULL;
	const struct pair_end *bad = NULL;

	pair_end_functions(&readers, p->readers, p->nr_readers);
	pair_end_functions(&writers, p->writers, p->nr_writers);
	for (i = 0; i < p->nr_writers + p->nr_readers && !why; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		bool writer = i < p->nr_writers;
		struct rewrite_file *f;

		bad = e;
		if (strcmp(e->site->primitive, writer ? "smp_wmb" : "smp_rmb")) {
			why = "an end is not smp_wmb()/smp_rmb()";
			break;
		}
		if (e->caller) {
			why = "the barrier is one call level away; moving it into the callers is not rewritten yet";
			break;
		}
		if (!(f = file_of(rw, e))) {
			why = "the file cannot be read again";
			break;
		}
		files[nr] = f;
		why = plan_barrier(f, e->site, &plan[nr]);
		if (why)
			break;
		nr++;
		/* a "paired with ..." comment line right above the barrier is replaced too */
		if (pairing_comment_line(f, e->site->line - 1)) {
			files[nr] = f;
			plan[nr].line = e->site->line - 1;
			plan[nr].text = xstrdup("");
			nr++;
		}
		files[nr] = f;
		why = writer ? plan_store(f, e, readers.buf, &plan[nr])
			     : plan_load(f, e, writers.buf, &plan[nr]);
		if (why)
			break;
		nr++;
	}
	/* every line once: no two edits of this protocol or another on one line */
	for (i = 0; i < nr && !why; i++) {
		if (line_taken(files[i], plan[i].line))
			why = "another rewrite changes the same line";
		for (k = 0; k < i && !why; k++)
			if (files[k] == files[i] && plan[k].line == plan[i].line)
				why = "two of its edits fall on the same line";
	}
	if (why) {
		leave(rw, p, bad, why);
		for (i = 0; i < nr; i++)
			free(plan[i].text);
	} else {
		for (i = 0; i < nr; i++)
			line_edits_add(&files[i]->edits, plan[i].line - 1, 1, plan[i].text,
				       rw->nr_rewritten);
		rw->done = xrealloc(rw->done, (rw->nr_rewritten + 1) * sizeof(*rw->done));
		rw->done[rw->nr_rewritten++] = p;
	}
	strbuf_release(&readers);
	strbuf_release(&writers);
	free(plan);
	free(files);
}

void rewrite_plan(struct rewrite *rw, const struct sites_run *run, const struct pair_result *r,
		  bool include_review)
{
	size_t i;

	(void)run;
	for (i = 0; i < r->nr; i++) {
		const struct protocol *p = &r->v[i];

		if (p->verdict == VERDICT_CONVERT || (include_review && p->verdict == VERDICT_REVIEW))
			plan_protocol(rw, p);
	}
}

void rewrite_release(struct rewrite *rw)
{
	size_t i;

	for (i = 0; i < rw->nr; i++) {
		free(rw->v[i].text);
		line_edits_release(&rw->v[i].edits);
	}
	free(rw->v);
	free(rw->done);
	skip_list_release(&rw->left);
	memset(rw, 0, sizeof(*rw));
}
