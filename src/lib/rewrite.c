/* rewrite.c: plan the line edits that convert a protocol */
#include "rewrite.h"
#include "prims.h"
#include "classify.h"
#include "hash.h"
#include "lex.h"
#include "quote.h"
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
	/* a CRLF line ends before its '\r': plans see the same lines either way */
	if (l->len && p[l->len - 1] == '\r')
		l->len--;
	return true;
}

/* Whether line line1 of f ends in "\r\n" (for a line past the end: the last line). */
static bool crlf_line(const struct rewrite_file *f, unsigned line1)
{
	struct line l;

	while (line1 > 1 && !get_line(f, line1, &l))
		line1--;
	return get_line(f, line1, &l) && l.start + l.len + 1 < f->text + f->len &&
	       l.start[l.len] == '\r' && l.start[l.len + 1] == '\n';
}

/* text (taken) with its line ends as "\r\n". */
static char *to_crlf(char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = text; *p; p++) {
		if (*p == '\n')
			strbuf_addch(&sb, '\r');
		strbuf_addch(&sb, *p);
	}
	free(text);
	return strbuf_detach(&sb);
}

static size_t indent_of(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && (l->start[i] == ' ' || l->start[i] == '\t'))
		i++;
	return i;
}

/*
 * The file of an end, with the bytes its sites were found in (kept by
 * sites_run() with SITES_KEEP_TEXT): a rewrite edits exactly what was
 * analysed, never a second read of the file. NULL when they were not kept.
 */
static struct rewrite_file *file_of(struct rewrite *rw, const struct pair_end *e)
{
	struct rewrite_file *f;
	size_t i;

	for (i = 0; i < rw->nr; i++)
		if (!strcmp(rw->v[i].path, e->path))
			return &rw->v[i];
	if (!e->fs || !e->fs->text)
		return NULL;
	ALLOC_GROW(rw->v, rw->nr + 1, rw->alloc);
	f = &rw->v[rw->nr++];
	memset(f, 0, sizeof(*f));
	f->path = e->path;
	f->rel = e->file;
	f->len = e->fs->len;
	f->text = e->fs->text;
	return f;
}

/* A comment that speaks of the other side of the old barrier pair. */
static bool is_pairing_comment(const char *s, size_t n)
{
	static const char *const words[] = { "pair", "Pair", "PAIR" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (memmem(s, n, words[i], strlen(words[i])))
			return true;
	/*
	 * "matches the smp_rmb() in foo()", "coupled with ...", "against
	 * foo()", "see foo()": these words name the other side only when a
	 * function or barrier follows; "writes against the tail update" is
	 * the barrier's own explanation
	 */
	static const char *const weak[] = { "match", "Match", "coupled", "Coupled", "against",
					    "Against", "see ", "See " };

	if (!memmem(s, n, "()", 2))
		return false;
	for (i = 0; i < ARRAY_SIZE(weak); i++)
		if (memmem(s, n, weak[i], strlen(weak[i])))
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
	bool insert;		/* text goes above the line, which stays */
	unsigned extra;		/* further lines the text replaces */
	const struct site *end;	/* the barrier of the end (in this function) it rewrites */
	bool barrier;		/* the deletion of that barrier */
	bool moved;		/* a comment line whose text moved into the end's note */
	bool reworded;		/* a comment line whose words change, still a line of its
				   comment (plan_barrier_mentions()) */
};

/*
 * The barrier's line: "smp_wmb();" alone, or with a comment, which stays
 * (the barrier's own explanation) unless it names the other side.
 */
static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The line without its indent and trailing blanks. */
static void trim(const struct line *l, const char **t, size_t *n)
{
	size_t ind = indent_of(l);

	*t = l->start + ind;
	*n = l->len - ind;
	while (*n && ((*t)[*n - 1] == ' ' || (*t)[*n - 1] == '\t'))
		(*n)--;
}

static bool starts_word(const char *t, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && !memcmp(t, w, k) && (n == k || !is_ident(t[k]));
}

/*
 * The barrier as the whole body of an if, else or loop without braces:
 * removing its line alone would make the next statement the body. Returns
 * 0 when it is not; the line of "if (cond)" when the whole if can go (cond
 * a plain variable or its negation, nothing after it but the barrier, no
 * else); (unsigned)-1 when the author must decide.
 */
/*
 * The nearest line of code above (step -1) or below (step 1) line1, past
 * blank lines, comment lines and directives; its text, trimmed, in *t and
 * *n. 0 when there is none.
 */
static unsigned code_line(const struct rewrite_file *f, unsigned line1, int step, const char **t,
			  size_t *n)
{
	struct line l;
	unsigned k;

	for (k = line1 + (unsigned)step; k >= 1 && get_line(f, k, &l); k += (unsigned)step) {
		trim(&l, t, n);
		if (*n && !(*n >= 2 && (!memcmp(*t, "/*", 2) || !memcmp(*t, "//", 2))) &&
		    (*t)[0] != '*' && (*t)[0] != '#')
			return k;
	}
	*n = 0;
	return 0;
}

static unsigned unbraced_body_depth(const struct rewrite_file *f, unsigned line1, int depth)
{
	const char *t;
	size_t n, i;
	unsigned prev;

	if (depth > 8)
		return (unsigned)-1;

	if (!(prev = code_line(f, line1, -1, &t, &n)))
		return 0;
	/* a trailing comment of that line does not count */
	for (i = 0; i + 1 < n; i++)
		if (t[i] == '/' && t[i + 1] == '/') {
			n = i;
			while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
				n--;
			break;
		}
	if (n >= 4 && !memcmp(t + n - 2, "*/", 2)) {
		const char *open = NULL;

		for (i = 0; i + 1 < n - 2; i++)
			if (t[i] == '/' && t[i + 1] == '*')
				open = t + i;
		if (open)
			n = (size_t)(open - t);
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
	}
	/* after a statement, a block's start or end, or a label: a statement of its own */
	if (n && strchr(";{}", t[n - 1]))
		return 0;
	if (n && t[n - 1] == ':') {
		/* a label (or case) right before the block's end needs a statement */
		return code_line(f, line1, 1, &t, &n) && t[0] == '}' ? (unsigned)-1 : 0;
	}
	/* else the barrier is the body of something: only "if (var)" right above can go */
	if (prev != line1 - 1 || !starts_word(t, n, "if"))
		return (unsigned)-1;
	for (i = 2; i < n && t[i] == ' '; i++)
		;
	if (i >= n || t[i] != '(' || t[n - 1] != ')')
		return (unsigned)-1;
	for (i++; i < n - 1; i++)
		if (!(is_ident(t[i]) || t[i] == '!' || t[i] == ' ' || t[i] == '.' ||
		      (t[i] == '-' && t[i + 1] == '>') || (t[i] == '>' && t[i - 1] == '-')))
			return (unsigned)-1;
	/* no else follows (past comments), and the if is a statement of its own */
	if ((code_line(f, line1, 1, &t, &n) && starts_word(t, n, "else")) ||
	    unbraced_body_depth(f, prev, depth + 1) != 0)
		return (unsigned)-1;
	return prev;
}

static unsigned unbraced_body(const struct rewrite_file *f, unsigned line1)
{
	return unbraced_body_depth(f, line1, 0);
}

static const char *plan_barrier(const struct rewrite_file *f, const struct site *s,
				struct planned *out)
{
	struct line l, head;
	size_t ind, i, n = strlen(s->primitive);
	const char *p;
	unsigned body;

	if (!get_line(f, s->line, &l))
		return "the barrier's line cannot be read";
	ind = indent_of(&l);
	p = l.start + ind;
	if (l.len - ind < n + 3 || memcmp(p, s->primitive, n) || memcmp(p + n, "();", 3))
		return "the barrier shares its line with other code";
	body = unbraced_body(f, s->line);
	if (body == (unsigned)-1)
		return "the barrier is the body of an if, else or loop without braces, or the statement a label needs";
	for (i = ind + n + 3; i < l.len && (l.start[i] == ' ' || l.start[i] == '\t'); i++)
		;
	out->line = s->line;
	if (body) {
		/* "if (ret) smp_rmb();" goes as a whole */
		out->line = body;
		out->extra = s->line - body;
		get_line(f, body, &head);
		ind = indent_of(&head);
	}
	if (i == l.len || is_pairing_comment(l.start + i, l.len - i)) {
		out->text = xstrdup("");
		return NULL;
	}
	if (l.len - i < 2 || l.start[i] != '/' || (l.start[i + 1] != '*' && l.start[i + 1] != '/'))
		return "the barrier shares its line with other code";
	out->text = xasprintf("%.*s%.*s\n", (int)ind, body ? head.start : l.start, (int)(l.len - i),
			      l.start + i);
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

/*
 * A value that can be a macro argument as it stands: no comma and no
 * assignment outside brackets ("a = s, b = 0;" is two stores, and
 * "a = b = 0;" stores b too).
 */
static bool one_value(const char *s, size_t n)
{
	int depth = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		else if (depth)
			continue;
		else if (c == ',' || c == ';')
			return false;
		else if (c == '=' && !(i + 1 < n && s[i + 1] == '=') &&
			 !(i && strchr("=!<>", s[i - 1])))
			return false;
		else if ((c == '+' || c == '-') && i + 1 < n && s[i + 1] == c)
			return false;
	}
	return true;
}

static bool simple_operand(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' ||
		      (s[i] == '~' && i == 0) ||
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

/* Whether every end of the side opposite to writer's is in file (true when it has none). */
static bool other_side_in_file(const struct protocol *p, bool writer, const char *file)
{
	const struct pair_end *v = writer ? p->readers : p->writers;
	size_t n = writer ? p->nr_readers : p->nr_writers, i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].file, file))
			return false;
	return true;
}

/*
 * "/+ Pairs with smp_load_acquire() in foo() +/" at the statement's indent;
 * a block comment wrapped at 80 columns when one line would pass 80.
 */
static char *pairs_comment(const char *line, size_t ind, const char *other, const char *where)
{
	struct strbuf sb = STRBUF_INIT;
	char *one, *text, *p;
	unsigned col;

	if (!where)
		return xstrdup("");	/* the pairing is said in the barrier's block comment */
	if (other && !*other)	/* where is the whole note (rule WO: no reader to name) */
		one = xasprintf("%.*s/* %s */\n", (int)ind, line, where);
	else if (!other)	/* where names each function with its own barrier */
		one = xasprintf("%.*s/* Pairs with %s */\n", (int)ind, line, where);
	else
		one = xasprintf("%.*s/* Pairs with %s in %s */\n", (int)ind, line, other, where);

	/* code may take 100 columns where it must; a comment wraps at 80 */
	if (text_columns(one, strlen(one) - 1) <= 80)
		return one;
	free(one);
	text = other && !*other ? xasprintf("%s.", where)
	       : other ? xasprintf("Pairs with %s in %s.", other, where)
	       : xasprintf("Pairs with %s.", where);
	strbuf_addf(&sb, "%.*s/*\n%.*s *", (int)ind, line, (int)ind, line);
	col = text_columns(line, ind) + 2;
	for (p = strtok(text, " "); p; p = strtok(NULL, " ")) {
		if (col + 1 + strlen(p) > 80 && col > text_columns(line, ind) + 2) {
			strbuf_addf(&sb, "\n%.*s *", (int)ind, line);
			col = text_columns(line, ind) + 2;
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
			  size_t vlen, const char *comment, unsigned limit)
{
	char *one = xasprintf("%.*ssmp_store_release(&%s, %.*s);%s%s\n", (int)ind, l->start, x,
			      (int)vlen, v, *comment ? " " : "", comment);

	/* a macro's line stays whole: a break would need its own backslash */
	if (!limit || text_columns(one, strlen(one) - 1) <= limit)
		return one;
	free(one);
	/* the continuation aligns under the '(' with tabs, then spaces */
	{
		unsigned col = text_columns(l->start, ind) + (unsigned)strlen("smp_store_release(");
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%.*ssmp_store_release(&%s,\n", (int)ind, l->start, x);
		for (; col >= 8; col -= 8)
			strbuf_addch(&sb, '\t');
		strbuf_addf(&sb, "%*s%.*s);%s%s\n", (int)col, "", (int)vlen, v, *comment ? " " : "",
			    comment);
		return strbuf_detach(&sb);
	}
}

/*
 * Whether a comment line's text starts a sentence about the other side:
 * "Pairs with ...", "Matches ...", "This pairs with ...".
 */
static bool starts_pairing(const char *t, size_t n)
{
	static const char *const starts[] = { "Pair", "pair", "Match", "match", "This pairs ",
					      "this pairs " };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(starts); i++)
		if (n >= strlen(starts[i]) && !memcmp(t, starts[i], strlen(starts[i])))
			return true;
	return false;
}

/* A line that is only the '*' of a block comment. */
static bool blank_comment_line(const struct rewrite_file *f, unsigned line1)
{
	struct line l;
	size_t ind;

	if (!get_line(f, line1, &l))
		return false;
	ind = indent_of(&l);
	while (l.len > ind && (l.start[l.len - 1] == ' ' || l.start[l.len - 1] == '\t'))
		l.len--;
	return l.len == ind + 1 && l.start[ind] == '*';
}

/*
 * In the block comment that ends right above the barrier, the sentence that
 * starts a line with "Pairs with ..." (or "Paired", "Matches", "This pairs")
 * and ends a line with '.' is removed (with the blank comment line that set it apart,
 * or the whole comment if that was all of it): the new pairing comment goes
 * right above the converted access, where checkpatch looks for it. The rest
 * of the comment, the barrier's own explanation, stays. Returns whether such
 * a sentence was found and planned.
 */
static bool plan_block_pairing(const struct rewrite_file *f, unsigned barrier_line,
			       struct planned *out)
{
	struct line l;
	unsigned end = barrier_line - 1, start, k, first = 0, last = 0;
	size_t ind;

	if (end < 2 || !get_line(f, end, &l))
		return false;
	ind = indent_of(&l);
	if (l.len - ind != 3 || memcmp(l.start + ind, " */", 3))
		if (l.len - ind != 2 || memcmp(l.start + ind, "*/", 2))
			return false;
	for (start = end - 1; start >= 1 && start + 40 > end; start--) {
		if (!get_line(f, start, &l))
			return false;
		ind = indent_of(&l);
		if (l.len - ind >= 2 && !memcmp(l.start + ind, "/*", 2))
			break;
		if (l.len - ind < 1 || l.start[ind] != '*')
			return false;
	}
	if (start < 1 || start + 40 <= end)
		return false;
	for (k = start + 1; k < end; k++) {
		const char *t;
		size_t n;

		get_line(f, k, &l);
		ind = indent_of(&l);
		t = l.start + ind + 1;
		n = l.len - ind - 1;
		while (n && *t == ' ') {
			t++;
			n--;
		}
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		if (!first && starts_pairing(t, n))
			first = k;
		if (!first)
			continue;
		if (!n)
			return false;	/* the sentence ends without a full stop */
		/*
		 * it ends inside a line, and an explanation follows: the block
		 * stays whole, for plan_move_comments() to move without it
		 */
		if (memmem(t, n, ". ", 2))
			return false;
		if (t[n - 1] == '.') {
			last = k;
			break;
		}
	}
	if (!first || !last)
		return false;
	/* with the blank comment line that separated it, or the whole block */
	if (first == start + 1 && last == end - 1) {
		first = start;
		last = end;
	} else if (last == end - 1 && blank_comment_line(f, first - 1)) {
		first--;
	} else if (first == start + 1 && blank_comment_line(f, last + 1)) {
		last++;
	}
	out->line = first;
	out->extra = last - first;
	out->text = xstrdup("");
	return true;
}

/* The line of access a and the column where a's text starts on it. */
static const char *access_line(const struct rewrite_file *f, const struct access *a,
			       struct line *l, size_t *col)
{
	if (!get_line(f, a->line, l))
		return "the access's line cannot be read";
	if (a->off < (size_t)(l->start - f->text) || a->off - (size_t)(l->start - f->text) > l->len)
		return "the access does not start on its line";
	*col = a->off - (size_t)(l->start - f->text);
	return NULL;
}

/* Whether a line of text passes 100 columns. */
static bool too_wide(const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);

		if (text_columns(text, n) > REWRITE_MAX_COLUMNS)
			return true;
		text += n + (nl ? 1 : 0);
	}
	return false;
}

/*
 * The column limit of f's code: 80 where the file keeps it (at most 2 in
 * 100 of its lines of code, outside comments and without strings, pass 80
 * columns), else the 100 checkpatch allows.
 */
static unsigned file_columns(const struct rewrite_file *f)
{
	size_t lines = 0, wide = 0;
	const char *p = f->text, *end = f->text + f->len, *nl, *q;
	bool in_comment = false;

	for (; p < end; p = nl + 1) {
		bool code = false, string = false;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		for (q = p; q < nl; q++) {
			if (in_comment) {
				if (q + 1 < nl && q[0] == '*' && q[1] == '/') {
					in_comment = false;
					q++;
				}
			} else if (q + 1 < nl && q[0] == '/' && q[1] == '*') {
				in_comment = true;
				q++;
			} else if (q + 1 < nl && q[0] == '/' && q[1] == '/') {
				break;
			} else if (*q == '"' || *q == '\'') {
				string = true;
			} else if (*q != ' ' && *q != '\t' && *q != '\r') {
				code = true;
			}
		}
		if (!code || string)
			continue;
		lines++;
		wide += text_columns(p, (size_t)(nl - p)) > 80;
	}
	return wide * 100 <= lines * 2 ? 80 : REWRITE_MAX_COLUMNS;
}

/* Whether line line1 of f ends in a backslash, or the line before does (a macro's body). */
static bool in_macro(const struct rewrite_file *f, unsigned line1)
{
	struct line l;
	unsigned k;

	for (k = line1 > 1 ? line1 - 1 : line1; k <= line1; k++) {
		if (!get_line(f, k, &l))
			continue;
		while (l.len && (l.start[l.len - 1] == ' ' || l.start[l.len - 1] == '\t' ||
				 l.start[l.len - 1] == '\r'))
			l.len--;
		if (l.len && l.start[l.len - 1] == '\\')
			return true;
	}
	return false;
}

/* The columns a rewritten line of f may be broken at; 0 where it must stay whole. */
static unsigned line_limit(const struct rewrite_file *f, unsigned line1)
{
	return in_macro(f, line1) ? 0 : file_columns(f);
}

/* Appends tabs, then spaces, up to column col. */
static void indent_to(struct strbuf *sb, unsigned col)
{
	for (; col >= 8; col -= 8)
		strbuf_addch(sb, '\t');
	strbuf_addf(sb, "%*s", (int)col, "");
}

/*
 * One line of code (no newline) over limit columns, broken in two as the
 * kernel does: after the last ", " or " || ", " && " or binary operator
 * of the outermost level that lets both parts fit, the rest aligned after
 * the open parenthesis it is inside, or at the statement's own level a tab
 * deeper (after "return "). NULL when no
 * such break exists or the line holds a string, a character or a comment.
 */
static char *break_code_line(const char *s, size_t n, unsigned limit)
{
	static const char *const ops[] = { " || ", " && ", " = ", " + ", " - ", " | ", ", " };
	unsigned open_col[16], depth = 0, best_col = 0, best_depth = 0;
	size_t i, k, ind = 0, best = 0, best_next = 0;
	struct strbuf sb = STRBUF_INIT;

	if (memchr(s, '"', n) || memchr(s, '\'', n) || memmem(s, n, "/*", 2) || memmem(s, n, "//", 2))
		return NULL;
	while (ind < n && (s[ind] == ' ' || s[ind] == '\t'))
		ind++;
	for (i = ind; i < n; i++) {
		if (s[i] == '(' || s[i] == '[') {
			if (depth < ARRAY_SIZE(open_col))
				open_col[depth] = text_columns(s, i + 1);
			depth++;
			continue;
		}
		if ((s[i] == ')' || s[i] == ']') && depth) {
			depth--;
			continue;
		}
		if (depth > ARRAY_SIZE(open_col))
			continue;
		for (k = 0; k < ARRAY_SIZE(ops); k++) {
			size_t len = strlen(ops[k]), cut;
			unsigned col;

			if (i + len > n || memcmp(s + i, ops[k], len))
				continue;
			/* the operator stays at the end of the first line */
			cut = i + len - 1;
			col = depth ? open_col[depth - 1]
			      : text_columns(s, ind) + (starts_word(s + ind, n - ind, "return") ? 7 : 8);
			if (text_columns(s, cut) <= limit && col + text_columns(s + cut + 1, n - cut - 1) <= limit &&
			    (!best || depth <= best_depth)) {
				best = cut;
				best_next = cut + 1;
				best_col = col;
				best_depth = depth;
			}
			break;
		}
	}
	if (!best)
		return NULL;
	strbuf_add(&sb, s, best);
	strbuf_addch(&sb, '\n');
	indent_to(&sb, best_col);
	strbuf_add(&sb, s + best_next, n - best_next);
	return strbuf_detach(&sb);
}

/*
 * A statement that starts on line1 and ends on one of the next five lines,
 * joined into out with single spaces; *extra is the number of lines after
 * line1. Lines with comments or directives inside the statement are not
 * joined.
 */
static const char *join_statement(const struct rewrite_file *f, unsigned line1,
				  struct strbuf *out, unsigned *extra)
{
	struct line l;
	unsigned n;
	size_t cmt;

	if (!get_line(f, line1, &l))
		return "the store's line cannot be read";
	if (memmem(l.start, l.len, "/*", 2) || memmem(l.start, l.len, "//", 2))
		return "the store spans several lines with a comment inside";
	strbuf_add(out, l.start, l.len);
	for (n = 1; n <= 5; n++) {
		size_t ind;

		if (!get_line(f, line1 + n, &l))
			break;
		ind = indent_of(&l);
		if (ind == l.len || l.start[ind] == '#')
			break;
		strbuf_addch(out, ' ');
		strbuf_add(out, l.start + ind, l.len - ind);
		if (statement_end(out->buf, out->len, &cmt) >= 0) {
			/* a comment may close the last line only */
			if (memmem(out->buf, cmt, "/*", 2) || memmem(out->buf, cmt, "//", 2))
				break;
			*extra = n;
			return NULL;
		}
		if (memmem(l.start, l.len, "/*", 2) || memmem(l.start, l.len, "//", 2))
			break;
	}
	strbuf_release(out);
	return "the store is not one statement on up to six lines without comments inside";
}

/* The publish store: X = v; X++; X op= v (+ - | & ^); WRITE_ONCE(X, v); on up to six lines. */
static const char *plan_store(const struct rewrite_file *f, const struct access *a,
			      const char *other, const char *pairs, struct planned *out,
			      char *counter)
{
	struct line l;
	size_t ind, col, xlen = strlen(a->path), cmt, i;
	const char *after, *lead;
	long semi;
	char *comment, *stmt = NULL, *v = NULL;
	struct strbuf joined = STRBUF_INIT;

	if ((lead = access_line(f, a, &l, &col)))
		return lead;
	ind = indent_of(&l);
	if (col + xlen > l.len || memcmp(l.start + col, a->path, xlen))
		return "the stored variable is written over several lines or with spaces";
	semi = statement_end(l.start, l.len, &cmt);
	if (semi < 0) {
		/* a statement over several lines, joined with single spaces */
		const char *why = join_statement(f, a->line, &joined, &out->extra);

		if (why)
			return why;
		l.start = joined.buf;
		l.len = joined.len;
		semi = statement_end(l.start, l.len, &cmt);
	}
	if (semi < 0 || (size_t)semi < col + xlen) {
		strbuf_release(&joined);
		return "the store is not one statement";
	}
	comment = xstrndup(l.start + cmt, l.len - cmt);
	lead = l.start + ind;
	after = l.start + col + xlen;
	if (l.start + col == lead) {
		const char *p = after, *end = l.start + semi;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p == 2 && (!memcmp(p, "++", 2) || !memcmp(p, "--", 2))) {
			v = xasprintf("%s %c 1", a->path, *p);
			*counter = *p;
		} else if (end - p >= 2 && strchr("+-|&^", p[0]) && p[1] == '=') {
			*counter = p[0];
			/* X op= v: X op v, v in parentheses unless it is one operand */
			const char *r = p + 2;

			while (r < end && *r == ' ')
				r++;
			if (r < end && one_value(r, (size_t)(end - r)))
				v = simple_operand(r, (size_t)(end - r))
				    ? xasprintf("%s %c %.*s", a->path, p[0], (int)(end - r), r)
				    : xasprintf("%s %c (%.*s)", a->path, p[0], (int)(end - r), r);
		} else if (end - p >= 1 && p[0] == '=' && (end - p == 1 || p[1] != '=')) {
			const char *r = p + 1;

			while (r < end && *r == ' ')
				r++;
			if (r < end && balanced(r, (size_t)(end - r)) && one_value(r, (size_t)(end - r)))
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
			if (balanced(p, (size_t)(end - 1 - p)) && one_value(p, (size_t)(end - 1 - p)))
				v = xstrndup(p, (size_t)(end - 1 - p));
		}
	} else if ((size_t)(l.start + col - lead) == 2 && (!memcmp(lead, "++", 2) ||
							     !memcmp(lead, "--", 2)) &&
		   after == l.start + semi) {
		v = xasprintf("%s %c 1", a->path, lead[0]);
		*counter = lead[0];
	}
	if (!v) {
		free(comment);
		strbuf_release(&joined);
		return "the store is not of a form acqrel rewrites (X = v; X++; X op= v; WRITE_ONCE(X, v);)";
	}
	for (i = 0; v[i]; i++)
		;
	stmt = release_line(&l, ind, a->path, v, i, comment, line_limit(f, a->line));
	if (too_wide(stmt)) {
		free(stmt);
		free(v);
		free(comment);
		strbuf_release(&joined);
		return "the rewritten store would pass 100 columns";
	}
	out->line = a->line;
	{
		char *note = pairs_comment(l.start, ind, other, pairs);

		out->text = xasprintf("%s%s", note, stmt);
		free(note);
	}
	free(stmt);
	free(v);
	free(comment);
	strbuf_release(&joined);
	return NULL;
}

/* The identifier that ends right before s[end], or an empty span. */
static size_t word_before(const char *s, size_t end, size_t *start)
{
	size_t e = end, b;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	for (b = e; b > 0 && (isalnum((unsigned char)s[b - 1]) || s[b - 1] == '_'); b--)
		;
	*start = b;
	return e - b;
}

/*
 * Whether a plain load whose text starts after s[0..b) (b past the
 * operator or parenthesis before it) is a value acqrel can wrap: not the
 * argument of a call or macro (which may take it by name: per_cpu(),
 * sizeof(), typeof()), not behind a unary '&' (an address, not a load), not
 * the value of a designated initializer (".func = name" names a function).
 */
static const char *operand_context(const char *s, size_t b)
{
	char before = s[b - 1];
	size_t w, n;

	if (before == '(') {
		/* keywords, and macros known to take a value and evaluate it once */
		static const char *const value_of[] = {
			"if", "while", "switch", "return", "likely", "unlikely", "WARN_ON",
			"WARN_ON_ONCE", "BUG_ON",
		};
		size_t i;

		n = word_before(s, b - 1, &w);
		for (i = 0; n && i < ARRAY_SIZE(value_of); i++)
			if (n == strlen(value_of[i]) && !memcmp(s + w, value_of[i], n))
				n = 0;
		if (n)
			return "the load is an argument of a call or macro, which may take it by name";
	} else if (before == '&' || before == '|') {
		size_t k = b - 1;

		if (k > 0 && s[k - 1] == before)
			return NULL;	/* && or || */
		while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
			k--;
		if (before == '&' && !(k > 0 && (isalnum((unsigned char)s[k - 1]) || s[k - 1] == '_' ||
					       s[k - 1] == ')' || s[k - 1] == ']')))
			return "the variable's address is taken there, it is not loaded";
	} else if (before == '=') {
		n = word_before(s, b - 1, &w);
		if (n && w > 0 && s[w - 1] == '.' &&
		    !(w > 1 && (isalnum((unsigned char)s[w - 2]) || s[w - 2] == '_' ||
				s[w - 2] == ')' || s[w - 2] == ']')))
			return "the load is the value of a designated initializer";
	}
	return NULL;
}

/*
 * Line l with [from, to) replaced by with, below a comment naming the other
 * side; too_wide_why when a line would pass 100 columns.
 */
static const char *replace_in_line(const struct line *l, unsigned line1, size_t from, size_t to,
				   const char *with, const char *other, const char *pairs,
				   const char *too_wide_why, unsigned limit, struct planned *out)
{
	struct strbuf sb = STRBUF_INIT, code = STRBUF_INIT;
	size_t ind = indent_of(l);
	const char *t;
	size_t n;
	char *note, *inner;
	bool branch;

	/* "} else if (X) {": the comment goes into the branch, not before its "}" */
	trim(l, &t, &n);
	branch = n > 1 && t[0] == '}' && t[n - 1] == '{';
	inner = xasprintf("%.*s\t", (int)ind, l->start);
	note = branch ? pairs_comment(inner, ind + 1, other, pairs)
		      : pairs_comment(l->start, ind, other, pairs);
	free(inner);
	if (!branch)
		strbuf_adds(&sb, note);
	strbuf_add(&code, l->start, from);
	strbuf_adds(&code, with);
	strbuf_add(&code, l->start + to, l->len - to);
	if (limit && text_columns(code.buf, code.len) > limit) {
		char *broken = break_code_line(code.buf, code.len, limit);

		if (broken) {
			strbuf_release(&code);
			strbuf_adds(&code, broken);
			free(broken);
		}
	}
	strbuf_adds(&sb, code.buf);
	strbuf_release(&code);
	strbuf_addch(&sb, '\n');
	if (branch)
		strbuf_adds(&sb, note);
	free(note);
	if (too_wide(sb.buf)) {
		strbuf_release(&sb);
		return too_wide_why;
	}
	out->line = line1;
	out->text = strbuf_detach(&sb);
	return NULL;
}

/* The subscribe load: X or READ_ONCE(X) inside its line becomes smp_load_acquire(&X). */
static const char *plan_load(const struct rewrite_file *f, const struct access *a,
			     const char *other, const char *pairs, struct planned *out)
{
	struct line l;
	size_t col, xlen = strlen(a->path), from, to, k;
	const char *why = access_line(f, a, &l, &col);
	char *with;

	if (why)
		return why;
	if (col + xlen > l.len || memcmp(l.start + col, a->path, xlen))
		return "the loaded variable is written over several lines or with spaces";
	from = col;
	to = col + xlen;
	if (col >= 10 && !memcmp(l.start + col - 10, "READ_ONCE(", 10) &&
	    (col == 10 || !is_ident(l.start[col - 11]))) {
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
		if (!(b > 0 && strchr("=(!&|?:", l.start[b - 1])) &&
		    !(b >= 6 && !memcmp(l.start + b - 6, "return", 6)))
			return "the load is not of a form acqrel rewrites";
		if ((why = operand_context(l.start, b)))
			return why;
		if (c < l.len && !strchr(";),<>=!&|?:+-*/", l.start[c]))
			return "the load is not of a form acqrel rewrites";
		if (c < l.len && l.start[c] == '-' && c + 1 < l.len && l.start[c + 1] == '>')
			return "the load is not of a form acqrel rewrites";
		if (c < l.len && ((l.start[c] == '=' && (c + 1 == l.len || l.start[c + 1] != '=')) ||
				  ((l.start[c] == '+' || l.start[c] == '-') && c + 1 < l.len &&
				   (l.start[c + 1] == l.start[c] || l.start[c + 1] == '='))))
			return "the variable is stored there, not only loaded";
	}
	with = xasprintf("smp_load_acquire(&%s)", a->path);
	why = replace_in_line(&l, a->line, from, to, with, other, pairs,
			      "the rewritten load would pass 100 columns", line_limit(f, a->line),
			      out);
	free(with);
	return why;
}

/*
 * Renames the bit operation around a's operand: test_bit(B, &X) becomes
 * test_bit_acquire(B, &X), clear_bit(B, &X) becomes clear_bit_unlock(B, &X).
 */
static const char *plan_bit_rename(const struct rewrite_file *f, const struct access *a,
				   const char *from, const char *to, const char *other,
				   const char *pairs, struct planned *out)
{
	struct line l;
	size_t col, k, call = (size_t)-1;
	int depth = 0, commas = 0;
	const char *why = access_line(f, a, &l, &col);

	if (why)
		return why;
	size_t n = strlen(from);

	/* the nearest "from(" left of the operand whose only comma precedes it */
	for (k = col; k-- > 0;) {
		char c = l.start[k];

		if (c == ')')
			depth++;
		else if (c == '(' && depth)
			depth--;
		else if (c == ',' && !depth)
			commas++;
		else if (c == '(' && !depth) {
			if (k >= n && !memcmp(l.start + k - n, from, n) &&
			    (k == n || !is_ident(l.start[k - n - 1])) && commas == 1)
				call = k - n;
			break;
		}
	}
	if (call == (size_t)-1)
		return "the bit operation is not OP(B, &X) on one line";
	return replace_in_line(&l, a->line, call, call + n + 1, to, other, pairs,
			       "the rewritten bit operation would pass 100 columns",
			       line_limit(f, a->line), out);
}

/* A store by clear_bit(), whose release form is clear_bit_unlock(). */
bool rewrite_clear_bit_store(const struct access *a)
{
	return a->is_write && a->via && !strcmp(a->via, "clear_bit");
}

/* A store by a bit operation other than clear_bit() (set_bit(), ...): it has no release form. */
bool rewrite_bitop_store(const struct access *a)
{
	return a->is_write && a->via && strstr(a->via, "_bit") && !rewrite_clear_bit_store(a);
}

bool rewrite_test_bit_load(const struct access *a)
{
	return !a->is_write && a->via && !strcmp(a->via, "test_bit");
}

/* Whether lines [line1, line1 + n) (or the spot above line1, n == 0) have an edit. */
static bool lines_taken(const struct rewrite_file *f, unsigned line1, unsigned n)
{
	size_t i;

	for (i = 0; i < f->edits.nr; i++) {
		const struct line_edit *e = &f->edits.v[i];

		if (e->first == line1 - 1 ||
		    (e->first < line1 - 1 + n && line1 - 1 < e->first + e->nr_old))
			return true;
	}
	return false;
}

static unsigned span_of(const struct planned *p)
{
	return p->insert ? 0 : 1 + p->extra;
}

/* Whether two planned edits of one file touch the same line. */
static bool overlap(const struct planned *a, const struct planned *b)
{
	unsigned ae = a->line + (span_of(a) ? span_of(a) : 1), be = b->line + (span_of(b) ? span_of(b) : 1);

	if (a->line == b->line)
		return true;
	return a->line < be && b->line < ae;
}

static void leave(struct rewrite *rw, const struct protocol *p, const struct pair_end *e,
		  const char *why)
{
	char *name = quoted(e->path);

	skip_list_add(&rw->left, xasprintf("%s:%u", name, e->site->line),
		      xasprintf("protocol %s left for the author: %s", p->variable, why));
	free(name);
}

static unsigned line_at(const char *text, size_t off)
{
	unsigned n = 1;
	size_t i;

	for (i = 0; i < off; i++)
		n += text[i] == '\n';
	return n;
}

/* Whether text[0..n) speaks of memory barriers. */
static bool mentions_barrier(const char *t, size_t n)
{
	static const char *const words[] = { "wmb", "rmb", "barrier", "Barrier", "BARRIER" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (memmem(t, n, words[i], strlen(words[i])))
			return true;
	return false;
}

/*
 * Whether the lines of comment t[0..n) (starting at line first) that plan
 * pl does not delete still speak of a barrier. A plan that writes other
 * text in their place rewrites the comment: false.
 */
static bool kept_mentions_barrier(const char *t, size_t n, unsigned first,
				  const struct planned *pl)
{
	size_t from = 0, to;
	unsigned ln = first;

	if (pl->text && pl->text[0])
		return false;
	while (ln < pl->line && from < n)
		ln += t[from++] == '\n';
	for (to = from; to < n && ln <= pl->line + pl->extra; to++)
		ln += t[to] == '\n';
	return mentions_barrier(t, from) || mentions_barrier(t + to, n - to);
}

/* Whether text[0..n) names "fn(" as a word. */
static bool names_function(const char *t, size_t n, const char *fn)
{
	size_t fl = strlen(fn);
	const char *p = t, *end = t + n;

	while (fl && (p = memmem(p, (size_t)(end - p), fn, fl))) {
		if ((p == t || !is_ident(p[-1])) && p + fl < end && p[fl] == '(')
			return true;
		p += fl;
	}
	return false;
}

/*
 * Comments in the protocol's files that may still describe the old barrier
 * pair: those that speak of barriers inside (or right above) a function of
 * the protocol, or that name one of its functions anywhere in the file.
 * Comment lines the rewrite replaces are not listed.
 */
static char *stale_comments(const struct protocol *p, struct rewrite_file **files,
			    const struct planned *plan, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	const char *fns[64];
	size_t nf = 0, i, k, c, at;
	unsigned ln;

	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		const struct site *s = e->site;

		if (s->function && nf < ARRAY_SIZE(fns))
			fns[nf++] = s->function;
		for (k = 0; e->caller && k < s->nr_callers && nf < ARRAY_SIZE(fns); k++)
			fns[nf++] = s->callers[k].function;
	}
	for (i = 0; i < nr; i++) {
		struct rewrite_file *f = files[i];

		for (k = 0; k < i && files[k] != f; k++)
			;
		if (k < i)
			continue;	/* each file once */
		if (!f->lex) {
			f->lex = xcalloc(1, sizeof(*f->lex));
			lex_scan(f->text, f->len, f->lex);
		}
		at = 0;
		ln = 1;
		for (c = 0; c < f->lex->nr_comments; c++) {
			const struct lex_comment *cm = &f->lex->comments[c];
			const char *t = f->text + cm->start;
			size_t n = cm->end - cm->start, x;
			unsigned line, last_line;

			for (; at < cm->start; at++)	/* comments come in file order */
				ln += f->text[at] == '\n';
			line = ln;
			last_line = line + line_at(t, n) - 1;
			const char *in = NULL;
			bool named = false, replaced = false, above = false;

			/* a comment that ends right above a barrier the rewrite deletes explains it */
			for (k = 0, above = false; k < nr && !above; k++)
				above = files[k] == f && plan[k].barrier && !plan[k].insert &&
					plan[k].line == last_line + 1;
			/*
			 * unless the rewrite touches it: it goes (into the note, or
			 * with the barrier), or the note joins it
			 */
			for (k = 0; k < nr && above; k++)
				above = !(files[k] == f && plan[k].line >= line &&
					  plan[k].line <= last_line + (plan[k].insert ? 1 : 0) &&
					  !plan[k].barrier);
			if (!mentions_barrier(t, n) && !above)
				continue;
			above = false;
			/*
			 * comments the rewrite replaces or rewrites in part, unless
			 * what a deletion keeps of them still speaks of a barrier
			 */
			for (k = 0; k < nr && !replaced; k++)
				replaced = files[k] == f && !plan[k].insert && !plan[k].moved &&
					   plan[k].line >= line && plan[k].line <= last_line &&
					   !kept_mentions_barrier(t, n, line, &plan[k]);
			if (replaced)
				continue;
			for (k = 0; k < nf && !named; k++)
				named = names_function(t, n, fns[k]);
			for (x = 0; x < f->lex->nr_ctxs; x++) {
				const struct lex_context *ctx = &f->lex->ctxs[x];
				size_t gap;

				if (ctx->kind != LEX_FUNCTION)
					continue;
				for (k = 0; k < nf && strcmp(fns[k], ctx->name); k++)
					;
				if (k == nf)
					continue;
				if (cm->start >= ctx->start && cm->start < ctx->end) {
					in = ctx->name;
					break;
				}
				for (gap = cm->end; gap < ctx->start && isspace((unsigned char)f->text[gap]); gap++)
					;
				if (gap == ctx->start) {
					in = ctx->name;
					above = true;
					break;
				}
			}
			if (!in && !named)
				continue;
			/* the first words of the comment, on one line */
			{
				struct strbuf ex = STRBUF_INIT;
				size_t j;

				for (j = 0; j < n && ex.len < 60; j++) {
					char ch = t[j] == '\n' || t[j] == '\r' || t[j] == '\t' ? ' ' : t[j];

					/* no control character reaches a terminal or a mail */
					if ((unsigned char)ch < 0x20 || ch == 0x7f)
						ch = '?';

					if (ch == '*' && (j + 1 < n && t[j + 1] == '/'))
						break;
					if (strchr("/*", ch) && (!ex.len || ex.buf[ex.len - 1] == ' '))
						continue;
					if (ch == ' ' && (!ex.len || ex.buf[ex.len - 1] == ' '))
						continue;
					strbuf_addch(&ex, ch);
				}
				while (ex.len && ex.buf[ex.len - 1] == ' ')
					ex.buf[--ex.len] = '\0';
				quote_path(&sb, f->rel);
				if (in)
					strbuf_addf(&sb, ": %s %s(): \"%s%s\"\n",
						    above ? "above" : "in", in, ex.buf, j < n - 2 ? "..." : "");
				else
					strbuf_addf(&sb, ":%u: \"%s%s\"\n", line, ex.buf,
						    j < n - 2 ? "..." : "");
				strbuf_release(&ex);
			}
		}
	}
	return strbuf_detach(&sb);
}

/*
 * Whether a label, case or default sits on the lines strictly between a and
 * b (either order): other paths join there, which the access alone does
 * not cover.
 */
static bool label_between(const struct rewrite_file *f, unsigned a, unsigned b)
{
	unsigned from = a < b ? a : b, to = a < b ? b : a, k;
	struct line l;
	const char *t;
	size_t n, i;

	for (k = from + 1; k < to; k++) {
		if (!get_line(f, k, &l))
			return false;
		trim(&l, &t, &n);
		if (starts_word(t, n, "case") || starts_word(t, n, "default"))
			return true;
		for (i = 0; i < n && is_ident(t[i]); i++)
			;
		if (i && i < n && t[i] == ':' && (i + 1 == n || t[i + 1] != ':'))
			return true;
	}
	return false;
}

/* The end's accesses: its own, or for a barrier in a callee, each caller's. */
static size_t end_accesses(const struct protocol *p, const struct pair_end *e, bool writer,
			   const struct access **out, size_t max)
{
	const struct site *s = e->site;
	size_t i, n = 0;

	if (!e->caller) {
		out[n++] = e->access;
		return n;
	}
	for (i = 0; i < s->nr_callers && n < max; i++) {
		const struct access *a = pair_caller_access(&s->callers[i], e->file, p->key, writer);

		if (!a)
			return 0;
		out[n++] = a;
	}
	return n;
}

/* The edits of one patch: the protocols that share their barriers. */
struct group_plan {
	struct planned *plan;
	size_t *fidx;			/* indexes into rw->v, which file_of() may move */
	size_t nr, alloc_plan, alloc_fidx;
	const struct site **sites;	/* barriers already planned */
	size_t nr_sites, alloc_sites;
	char counter;			/* a store became a release of X op v: op, or 0 */
};

static struct planned *next_plan(struct group_plan *g, const struct rewrite *rw,
				 const struct rewrite_file *f)
{
	ALLOC_GROW(g->plan, g->nr + 1, g->alloc_plan);
	ALLOC_GROW(g->fidx, g->nr + 1, g->alloc_fidx);
	memset(&g->plan[g->nr], 0, sizeof(g->plan[g->nr]));
	g->fidx[g->nr] = (size_t)(f - rw->v);
	return &g->plan[g->nr];
}

static bool site_planned(struct group_plan *g, const struct site *s)
{
	size_t i;

	for (i = 0; i < g->nr_sites; i++)
		if (g->sites[i] == s)
			return true;
	ALLOC_GROW(g->sites, g->nr_sites + 1, g->alloc_sites);
	g->sites[g->nr_sites++] = s;
	return false;
}

/*
 * The note at the other side names the function that holds e's access
 * once converted: where the access is in a helper the barrier's function
 * calls (fuse_get_req() calls fuse_block_alloc(), which loads the flag),
 * the acquire goes into the helper, so names (the end functions, "a() and
 * b()") get the helper's name for the barrier's.
 */
static void helper_holds_access(struct strbuf *names, const struct pair_end *e)
{
	char *from, *to, *at;
	size_t n;

	/* a reader that keeps its smp_rmb() (rule WA) is named by the barrier's function */
	if (!e->helper || e->caller || e->kept_back || !strcmp(e->helper->name, site_where(e->site)))
		return;
	from = xasprintf("%s()", site_where(e->site));
	to = xasprintf("%s()", e->helper->name);
	n = strlen(from);
	for (at = names->buf; (at = strstr(at, from)); at += n)
		if (at == names->buf || at[-1] == ' ')
			break;
	if (at && !strstr(names->buf, to)) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_add(&sb, names->buf, (size_t)(at - names->buf));
		strbuf_adds(&sb, to);
		strbuf_adds(&sb, at + n);
		strbuf_release(names);
		*names = sb;
	}
	free(from);
	free(to);
}

/*
 * The ends v[0..n) of one side for the other side's "Pairs with" note when
 * they do not all have one form after the rewrite (a writer that converts
 * next to one whose smp_mb() stays, a reader whose smp_rmb() stays next to
 * one with a full barrier): "smp_rmb() in a() and smp_mb() in b()", each
 * function with its own. NULL when they all have one form (converted, the
 * converted form; staying, their barrier's name).
 */
static char *mixed_side(const struct protocol *p, const struct pair_end *v, size_t n,
			const char *converted)
{
	struct strbuf sb = STRBUF_INIT;
	const char *form[16], *fn[16];
	char stay[16][40];
	size_t i, k, nr = 0;
	bool mixed = false, any = classify_any_anchored(p, v, n);

	for (i = 0; i < n && nr < 16; i++) {
		bool conv = classify_convertible(p, &v[i]);
		const char *f = conv && v[i].helper ? v[i].helper->name : site_where(v[i].site);

		/* an unanchored end pairs with nothing of p */
		if (any && !classify_anchored(p, &v[i]))
			continue;
		snprintf(stay[nr], sizeof(stay[nr]), "%s()", v[i].site->primitive);
		for (k = 0; k < nr && (strcmp(fn[k], f) ||
				       strcmp(form[k], conv ? converted : stay[nr])); k++)
			;
		if (k < nr)
			continue;
		form[nr] = conv ? converted : stay[nr];
		fn[nr] = f;
		mixed |= strcmp(form[nr], form[0]) != 0;
		nr++;
	}
	if (!mixed)
		return NULL;
	for (i = 0; i < nr; i++)
		strbuf_addf(&sb, "%s%s in %s()", i == 0 ? "" : i + 1 == nr ? " and " : ", ", form[i],
			    fn[i]);
	return strbuf_detach(&sb);
}

/* Whether g already plans an edit of line line1 of f. */
static bool line_planned(const struct group_plan *g, const struct rewrite *rw,
			 const struct rewrite_file *f, unsigned line1)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		if (g->fidx[i] == (size_t)(f - rw->v) && g->plan[i].line == line1)
			return true;
	return false;
}

/* Most lines of a block comment above a staying barrier searched for its writer's barrier. */
#define MAX_MENTION_LINES 12

static bool trimmed_line(const struct rewrite_file *f, unsigned line1, const char **t, size_t *n);

/*
 * Whether the words right before at on its line (which starts at line) say
 * that it pairs: "Pairs with the ", "paired with ", "Matches the ".
 */
static bool pairs_with_before(const char *line, const char *at)
{
	static const char *const words[] = { "with the ", "with ", "Matches the ", "matches the ",
					     "Matches ", "matches " };
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = strlen(words[i]);
		if ((size_t)(at - line) >= n && !memcmp(at - n, words[i], n))
			return true;
	}
	return false;
}

/*
 * The same for a block comment that ends right above e's barrier, whose
 * sentence names the writer's barrier across a line break ("Pairs with
 * the smp_wmb() in\n * __loaded_vmcs_clear()."): "smp_wmb()" becomes
 * wform on its line, when that line stays within 80 columns.
 */
static void plan_staying_block_mention(struct group_plan *g, const struct rewrite *rw,
				       const struct rewrite_file *f, const struct protocol *p,
				       const struct pair_end *e, const char *wform)
{
	unsigned ln, top = e->site->line;
	const char *t, *at;
	size_t n, w;

	if (top < 2 || !classify_anchored(p, e) || !trimmed_line(f, top - 1, &t, &n) || n < 2 ||
	    memcmp(t + n - 2, "*/", 2))
		return;
	/* the block's first line, "/+" */
	for (ln = top - 1; ln >= 1 && ln + MAX_MENTION_LINES > top; ln--) {
		if (!trimmed_line(f, ln, &t, &n) || !n)
			return;
		if (n >= 2 && !memcmp(t, "/*", 2))
			break;
		if (t[0] != '*')
			return;
	}
	if (ln < 1 || ln + MAX_MENTION_LINES <= top)
		return;
	for (; ln < top; ln++) {
		struct line l;
		struct strbuf tail = STRBUF_INIT;
		const char *nt;
		size_t nn;

		if (!get_line(f, ln, &l) || line_planned(g, rw, f, ln) ||
		    !(at = memmem(l.start, l.len, "smp_wmb()", 9)) || !pairs_with_before(l.start, at))
			continue;
		/* the words after it, with the next line's when the sentence breaks there */
		strbuf_add(&tail, at + 9, (size_t)(l.start + l.len - at - 9));
		if (ln + 1 < top && trimmed_line(f, ln + 1, &nt, &nn) && nn && nt[0] == '*') {
			strbuf_addch(&tail, ' ');
			strbuf_add(&tail, nt + 1, nn - 1);
		}
		for (w = 0; w < p->nr_writers; w++) {
			const struct pair_end *we = &p->writers[w];
			char *name;
			const char *q = tail.buf;
			bool named;

			if (!classify_convertible(p, we) || we->caller ||
			    strcmp(we->site->primitive, "smp_wmb"))
				continue;
			while (*q == ' ' || *q == '\t')
				q++;
			name = xasprintf("%s()", site_where(we->site));
			named = !strncmp(q, "in", 2) && (q[2] == ' ' || q[2] == '\t');
			for (q += 2; named && (*q == ' ' || *q == '\t'); q++)
				;
			named = named && !strncmp(q, name, strlen(name));
			free(name);
			if (named && text_columns(l.start, l.len) + strlen(wform) - 9 <= 80) {
				struct planned *pl = next_plan(g, rw, f);

				pl->line = ln;
				pl->text = xasprintf("%.*s%s%.*s\n", (int)(at - l.start), l.start, wform,
						     (int)(l.start + l.len - at - 9), at + 9);
				g->nr++;
				strbuf_release(&tail);
				return;
			}
		}
		strbuf_release(&tail);
	}
}

/*
 * A reader end e that keeps its barrier, whose comment on the barrier's
 * line (or a one-line comment right above it) names a writer's barrier
 * that goes ("smp_rmb(); /+ Matches smp_wmb() in add_echo_byte(). +/"):
 * the comment names the writer's new form instead (wform), so it does not
 * speak of a barrier that is gone.
 */
static void plan_staying_mention(struct group_plan *g, const struct rewrite *rw,
				 const struct rewrite_file *f, const struct protocol *p,
				 const struct pair_end *e, const char *wform)
{
	unsigned ln;
	size_t w;

	if (strchr(wform, ' '))
		return;
	for (ln = e->site->line; ln + 1 >= e->site->line && ln >= 1; ln--) {
		struct line l;
		const char *c, *at = NULL;

		if (!get_line(f, ln, &l) || line_planned(g, rw, f, ln))
			continue;
		c = memmem(l.start, l.len, "/*", 2);
		if (!c)
			c = memmem(l.start, l.len, "//", 2);
		/* the line above must be a comment alone */
		if (!c || (ln < e->site->line && c != l.start + indent_of(&l)))
			continue;
		for (w = 0; w < p->nr_writers && !at; w++) {
			const struct pair_end *we = &p->writers[w];
			char *name;

			if (!classify_convertible(p, we) || we->caller ||
			    strcmp(we->site->primitive, "smp_wmb"))
				continue;
			name = xasprintf("smp_wmb() in %s()", site_where(we->site));
			at = memmem(c, (size_t)(l.start + l.len - c), name, strlen(name));
			free(name);
		}
		if (at) {
			struct planned *pl = next_plan((struct group_plan *)g, rw, f);

			pl->line = ln;
			pl->text = xasprintf("%.*s%s%.*s\n", (int)(at - l.start), l.start, wform,
					     (int)(l.start + l.len - at - 9), at + 9);
			g->nr++;
			return;
		}
	}
	plan_staying_block_mention(g, rw, f, p, e, wform);
}

static void plan_barrier_mentions(struct group_plan *g, const struct rewrite *rw,
				  const struct rewrite_file *f, unsigned barrier_line,
				  unsigned access_line);


static bool trimmed_line(const struct rewrite_file *f, unsigned line1, const char **t, size_t *n);
static void comment_text(struct strbuf *lines, const char *t, size_t n);
static bool touched_in(const struct group_plan *g, size_t fi, unsigned line);

/*
 * The block comment that ends right above the barrier at line bl of f when
 * only the function's closing brace follows the barrier (a barrier at a
 * callee's end, whose access is in its callers): its lines in *top and
 * *bottom, and its words as one paragraph; NULL when there is none.
 */
static char *callee_tail_comment(const struct rewrite_file *f, unsigned bl, unsigned *top,
				 unsigned *bottom)
{
	struct strbuf lines = STRBUF_INIT, out = STRBUF_INIT;
	const char *t, *p;
	unsigned k = bl + 1, c = bl - 1;
	size_t n;

	while (trimmed_line(f, k, &t, &n) && !n)
		k++;
	if (!trimmed_line(f, k, &t, &n) || n != 1 || t[0] != '}')
		return NULL;
	if (!c || !trimmed_line(f, c, &t, &n) || n < 2 || memcmp(t + n - 2, "*/", 2))
		return NULL;
	for (k = c; k >= 1 && k + 40 > c; k--) {
		if (!trimmed_line(f, k, &t, &n))
			return NULL;
		if (n >= 2 && !memcmp(t, "/*", 2))
			break;
		if (!n || t[0] != '*')
			return NULL;
	}
	if (!k || k + 40 <= c || (k < c && memmem(t, n, "*/", 2)))
		return NULL;
	*top = k;
	*bottom = c;
	for (; k <= c; k++) {
		trimmed_line(f, k, &t, &n);
		comment_text(&lines, t, n);
	}
	for (p = lines.buf; *p; p++) {
		size_t w = strcspn(p, "\n");

		if (w)
			strbuf_addf(&out, "%s%.*s", out.len ? " " : "", (int)w, p);
		p += w;
		if (!*p)
			break;
	}
	strbuf_release(&lines);
	if (!out.len) {
		strbuf_release(&out);
		return NULL;
	}
	/* the note's sentence ends with its own full stop when it wraps */
	if (out.buf[out.len - 1] == '.')
		out.buf[--out.len] = '\0';
	return strbuf_detach(&out);
}

/*
 * Rule WO's release, with no reader to pair with: checkpatch asks for a
 * comment on every barrier, so a store that no comment ends right above
 * once the barrier is gone (the barrier's own line, and a blank line after
 * it that plan_blank_lines() drops, skipped) gets one that says what it
 * orders; NULL when one is there.
 */
static char *writer_alone_note(const struct protocol *p, const struct pair_end *e,
			       const struct rewrite_file *f, const struct access *a)
{
	unsigned k = a->line - 1;
	const char *t;
	size_t n;

	if (!protocol_has_reason(p, "writer-alone"))
		return NULL;
	/* a barrier at a callee's end: its explanation moves to each caller's release */
	if (e->caller) {
		unsigned top, bottom;
		char *moved = callee_tail_comment(f, e->site->line, &top, &bottom);

		if (moved)
			return moved;
	}
	if (!e->caller && !e->helper) {
		if (k == e->site->line + 1 && trimmed_line(f, k, &t, &n) && !n)
			k--;
		if (k == e->site->line)
			k--;
	}
	if (k && trimmed_line(f, k, &t, &n) &&
	    ((n >= 2 && !memcmp(t + n - 2, "*/", 2)) || (n >= 2 && !memcmp(t, "//", 2))))
		return NULL;
	/* a barrier first in its function: the data is what its callers stored */
	if (!e->caller && !e->helper && e->site->window_from_start && !e->site->window_before.nr &&
	    !e->site->calls_before.nr)
		return xasprintf("Make the callers' stores visible before %s", p->variable);
	return xasprintf("Make the stores above visible before %s", p->variable);
}

/*
 * Rule WO at a callee's end: the comment that explained the barrier there
 * moves to each caller's release (writer_alone_note()), so its lines go
 * with the barrier, unless another plan changes them already.
 */
static void plan_move_callee_comment(struct group_plan *g, struct rewrite *rw,
				     const struct rewrite_file *f, const struct protocol *p,
				     const struct pair_end *e)
{
	unsigned top, bottom, k;
	size_t fi = (size_t)(f - rw->v);
	char *moved;

	if (!protocol_has_reason(p, "writer-alone") ||
	    !(moved = callee_tail_comment(f, e->site->line, &top, &bottom)))
		return;
	free(moved);
	for (k = top; k <= bottom; k++)
		if (touched_in(g, fi, k))
			return;
	for (k = top; k <= bottom; k++) {
		struct planned *pl = next_plan(g, rw, f);

		pl->line = k;
		pl->text = xstrdup("");
		g->nr++;
	}
}
/*
 * Plans the edits of protocol p into g. Returns NULL, or why p cannot be
 * rewritten (*owned set when the reason was allocated), with *bad its end.
 */
static const char *plan_member(struct rewrite *rw, struct group_plan *g, const struct protocol *p,
			       size_t group_size, const struct pair_end **bad, char **owned)
{
	struct strbuf readers = STRBUF_INIT, writers = STRBUF_INIT;
	size_t i, k, nr_test_bit = 0, nr_converted_readers = 0, nr_convertible = 0;
	size_t nr_clear_bit = 0, nr_converted_writers = 0;
	const char *why = NULL, *reader_form = NULL, *writer_form = NULL;
	char *stay_writer = NULL, *stay_reader = NULL;

	(void)group_size;
	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];

		if (!classify_convertible(p, e)) {
			bool w = i < p->nr_writers;
			char **form = w ? &stay_writer : &stay_reader;

			/*
			 * an end that stays is named by the other side's comments as
			 * it is, each side by its own (an unanchored one pairs with
			 * nothing of p)
			 */
			if (!*form && (!classify_any_anchored(p, w ? p->writers : p->readers,
								w ? p->nr_writers : p->nr_readers) ||
				       classify_anchored(p, e)))
				*form = xasprintf("%s()", e->site->primitive);
			continue;
		}
		nr_convertible++;
		if (i < p->nr_writers) {
			nr_converted_writers++;
			nr_clear_bit += !e->caller && rewrite_clear_bit_store(e->access);
		} else {
			nr_converted_readers++;
			nr_test_bit += !e->caller && rewrite_test_bit_load(e->access);
		}
	}
	/* what each side becomes, for the other side's comment */
	writer_form = stay_writer;
	reader_form = stay_reader;
	if (!writer_form)
		writer_form = !nr_clear_bit ? "smp_store_release()"
			      : nr_clear_bit == nr_converted_writers ? "clear_bit_unlock()"
			      : "smp_store_release() and clear_bit_unlock()";
	if (!reader_form)
		reader_form = !p->nr_readers && p->fence_form ? p->fence_form
			      : !p->nr_readers && p->dep_form ? p->dep_form
			      : nr_test_bit ? "test_bit_acquire()" : "smp_load_acquire()";
	*bad = p->nr_writers ? &p->writers[0] : &p->readers[0];
	if (nr_test_bit && nr_test_bit < nr_converted_readers) {
		free(stay_writer);
		free(stay_reader);
		return "some readers use test_bit() and some do not";
	}
	/*
	 * no reader end: only where rule DEP found readers that an address
	 * dependency orders, or rule WO found none and converts the writers alone
	 */
	if (!p->nr_writers || (!p->nr_readers && !protocol_has_reason(p, "dependent-readers") &&
	     !protocol_has_reason(p, "fenced-readers") &&
	     !protocol_has_reason(p, "named-readers") &&
	     !protocol_has_reason(p, "writer-alone")) ||
	    !nr_convertible) {
		free(stay_writer);
		free(stay_reader);
		return "only one side of the protocol is known";
	}
	{
		/* caveats no rewrite of one access can honour, even for review */
		static const char *const blocking[][2] = {
			{ "operand", "its variable cannot be the operand of acquire/release" },
			{ "side-effects", "its access has side effects and cannot be an operand" },
			{ "several-loads", "its variable is loaded at several places before the read barrier" },
			{ "stored-again", "its variable is stored again near the publish store" },
			{ "config", "an access it would rewrite is compiled only under a condition its barrier is not" },
			{ "unanchored", "a barrier a comment joins to it has no access of its variable next to it" },
		};

		for (i = 0; i < ARRAY_SIZE(blocking); i++) {
			if (protocol_has_reason(p, blocking[i][0])) {
				free(stay_writer);
				free(stay_reader);
				return blocking[i][1];
			}
		}
	}
	classify_end_functions(&readers, p, p->readers, p->nr_readers);
	if (!p->nr_readers && p->fence_in) {
		/* rule FENCED: the note names the reader's load and where its full barrier runs */
		strbuf_reset(&readers);
		strbuf_adds(&readers, p->fence_note ? p->fence_note : p->fence_in);
		if (p->fence_note)
			reader_form = NULL;
	}
	classify_end_functions(&writers, p, p->writers, p->nr_writers);
	for (i = 0; i < p->nr_readers; i++)
		helper_holds_access(&readers, &p->readers[i]);
	for (i = 0; i < p->nr_writers; i++)
		helper_holds_access(&writers, &p->writers[i]);
	{
		char *mr = mixed_side(p, p->readers, p->nr_readers,
				      nr_test_bit ? "test_bit_acquire()" : "smp_load_acquire()");
		char *mw = mixed_side(p, p->writers, p->nr_writers,
				      !nr_clear_bit ? "smp_store_release()"
				      : nr_clear_bit == nr_converted_writers ? "clear_bit_unlock()"
				      : "smp_store_release() and clear_bit_unlock()");

		if (mr) {
			strbuf_reset(&readers);
			strbuf_adds(&readers, mr);
			reader_form = NULL;
		}
		if (mw) {
			strbuf_reset(&writers);
			strbuf_adds(&writers, mw);
			writer_form = NULL;
		}
		free(mr);
		free(mw);
	}
	for (i = 0; i < p->nr_writers + p->nr_readers && !why; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		bool writer = i < p->nr_writers;
		const struct access **acc;
		/* no reader known (rule WO): the release pairs with nothing named */
		const char *note_at = writer ? (readers.len ? readers.buf : NULL) : writers.buf;
		struct rewrite_file *f;
		size_t n;
		char *self = xasprintf("%s()", site_where(e->site));

		/* the other side in this very function: "Pairs with ... in this function" */
		if (note_at && !strcmp(note_at, self) && other_side_in_file(p, writer, e->file))
			note_at = "this function";
		free(self);

		*bad = e;
		if (!classify_convertible(p, e)) {
			struct line l;
			struct planned *pl;
			char *stripped = NULL;

			if (!writer && writer_form && (f = file_of(rw, e)))
				plan_staying_mention(g, rw, f, p, e, writer_form);
			/* a bit operation has no release form: smp_wmb() stays, named by the readers */
			if (!writer || e->caller || !rewrite_bitop_store(e->access) ||
			    strcmp(e->site->primitive, "smp_wmb") || !(f = file_of(rw, e)) ||
			    site_planned(g, e->site))
				continue;
			if (!get_line(f, e->site->line, &l)) {
				why = "the barrier's line cannot be read";
				break;
			}
			/* its old "paired with" comment goes, as for a barrier that goes */
			if (pairing_comment_line(f, e->site->line - 1)) {
				pl = next_plan(g, rw, f);
				pl->line = e->site->line - 1;
				pl->text = xstrdup("");
				g->nr++;
			}
			/* and so does one after it on its line: "smp_wmb(); /+ pairs with ... +/" */
			{
				const char *c = memmem(l.start, l.len, "/*", 2);
				size_t cl = c ? (size_t)(l.start + l.len - c) : 0;

				while (cl && (c[cl - 1] == ' ' || c[cl - 1] == '\t'))
					cl--;
				if (c && c > l.start + indent_of(&l) && cl >= 4 &&
				    !memcmp(c + cl - 2, "*/", 2) && !memmem(c + 2, cl - 4, "*/", 2) &&
				    is_pairing_comment(c, cl)) {
					const char *e2 = c;

					while (e2 > l.start && (e2[-1] == ' ' || e2[-1] == '\t'))
						e2--;
					stripped = xasprintf("%.*s\n", (int)(e2 - l.start), l.start);
				}
			}
			if (plan_block_pairing(f, e->site->line, next_plan(g, rw, f)))
				g->nr++;
			pl = next_plan(g, rw, f);
			pl->line = e->site->line;
			pl->text = pairs_comment(l.start, indent_of(&l), reader_form, note_at);
			pl->insert = true;
			if (stripped) {
				/* the note above and the barrier without its comment, one edit */
				char *both = xasprintf("%s%s", pl->text, stripped);

				free(pl->text);
				pl->text = both;
				pl->insert = false;
				free(stripped);
				stripped = NULL;
			}
			g->nr++;
			continue;
		}
		if (e->helper && strcmp(e->access_file, e->file)) {
			why = *owned = xasprintf("the subscribe load is in %s() in %s: the acquire would go there, for every caller",
						 e->helper->name, e->access_file);
			break;
		}
		if (!(f = file_of(rw, e))) {
			why = "the bytes analysed were not kept";
			break;
		}
		if (!site_planned(g, e->site)) {
			/* a "paired with ..." comment line right above the barrier goes */
			if (pairing_comment_line(f, e->site->line - 1)) {
				struct planned *pl = next_plan(g, rw, f);

				pl->line = e->site->line - 1;
				pl->text = xstrdup("");
				g->nr++;
			}
			if (plan_block_pairing(f, e->site->line, next_plan(g, rw, f)))
				g->nr++;
			if (writer && e->caller)
				plan_move_callee_comment(g, rw, f, p, e);
			why = plan_barrier(f, e->site, next_plan(g, rw, f));
			if (why)
				break;
			g->plan[g->nr].barrier = true;
			g->plan[g->nr].end = !e->caller && !e->helper ? e->site : NULL;
			g->nr++;
		}
		acc = xcalloc(e->site->nr_callers + 1, sizeof(*acc));
		n = end_accesses(p, e, writer, acc, e->site->nr_callers + 1);
		if (!n)
			why = "a caller of the barrier's function has no access to rewrite";
		else if (!e->caller && !e->helper && label_between(f, e->site->line, acc[0]->line))
			why = "a label between the barrier and the access joins other paths there";
		for (k = 0; k < n && !why; k++) {
			struct planned *pl = next_plan(g, rw, f);

			char *wo = writer && !note_at ? writer_alone_note(p, e, f, acc[k]) : NULL;

			if (writer && rewrite_clear_bit_store(acc[k]))
				why = plan_bit_rename(f, acc[k], "clear_bit", "clear_bit_unlock(",
						      wo ? "" : reader_form, wo ? wo : note_at, pl);
			else if (writer)
				why = plan_store(f, acc[k], wo ? "" : reader_form, wo ? wo : note_at, pl,
						 &g->counter);
			else if (rewrite_test_bit_load(acc[k]))
				why = plan_bit_rename(f, acc[k], "test_bit", "test_bit_acquire(",
						      writer_form, note_at, pl);
			else
				why = plan_load(f, acc[k], writer_form, note_at, pl);
			free(wo);
			pl->end = !e->caller && !e->helper ? e->site : NULL;
			if (!why)
				g->nr++;
			/* a kept comment that names the removed smp_wmb() by place (pl may move now) */
			if (!why && writer && !e->caller && !e->helper && n == 1 &&
			    !strcmp(e->site->primitive, "smp_wmb"))
				plan_barrier_mentions(g, rw, f, e->site->line, acc[0]->line);
		}
		free(acc);
	}
	strbuf_release(&readers);
	strbuf_release(&writers);
	free(stay_writer);
	free(stay_reader);
	return why;
}

/*
 * A comment line between a writer's removed smp_wmb() and its converted
 * store that speaks of that barrier by place ("which is ensured by the
 * smp_wmb above in conjunction with ..."): it names the release below it
 * instead ("the smp_store_release() below", or "the release below" where
 * that would pass 80 columns), so that the kept comment does not point at
 * a barrier that is gone. Only whole words "smp_wmb" or "smp_wmb()"
 * followed by " above", in a line of a block comment.
 */
static void plan_barrier_mentions(struct group_plan *g, const struct rewrite *rw,
				  const struct rewrite_file *f, unsigned barrier_line,
				  unsigned access_line)
{
	static const char *const olds[] = { "smp_wmb() above", "smp_wmb above" };
	unsigned k;
	size_t o, i;

	for (k = barrier_line + 1; k < access_line; k++) {
		struct line l;
		size_t ind;
		const char *hit = NULL;

		if (!get_line(f, k, &l))
			return;
		ind = indent_of(&l);
		if (ind >= l.len || (l.start[ind] != '*' && (l.len - ind < 2 ||
							     memcmp(l.start + ind, "/*", 2))))
			continue;
		for (o = 0; o < ARRAY_SIZE(olds) && !hit; o++) {
			size_t n = strlen(olds[o]);

			for (i = ind; i + n <= l.len && !hit; i++)
				if (!memcmp(l.start + i, olds[o], n) && !is_ident(l.start[i - 1]) &&
				    (i + n == l.len || !is_ident(l.start[i + n])))
					hit = l.start + i;
			if (hit) {
				static const char *const news[] = { "smp_store_release() below",
								    "release below" };
				struct planned *pl;
				char *text = NULL;
				size_t w;

				/* the barrier's name if the line stays within 80 columns, else "release" */
				for (w = 0; w < ARRAY_SIZE(news); w++) {
					free(text);
					text = xasprintf("%.*s%s%.*s", (int)(hit - l.start), l.start,
							 news[w],
							 (int)(l.len - (size_t)(hit - l.start) - n),
							 hit + n);
					if (text_columns(text, strlen(text)) <= 80)
						break;
				}
				if (w == ARRAY_SIZE(news)) {
					free(text);
					return;
				}
				pl = next_plan(g, rw, f);
				pl->line = k;
				pl->text = xasprintf("%s\n", text);
				pl->reworded = true;
				free(text);
				g->nr++;
			}
		}
	}
}

/* Appends the lines of add that out does not have yet. */
static void add_new_lines(struct strbuf *out, const char *add)
{
	while (*add) {
		const char *nl = strchr(add, '\n');
		size_t n = (size_t)(nl - add) + 1;
		char *line = xstrndup(add, n);

		if (!strstr(out->buf, line))
			strbuf_adds(out, line);
		free(line);
		add += n;
	}
}

/* ---- the neighbourhood of the edits: blank lines and block comments ---- */

/* Whether a plan of g in file fi deletes line (replaces it with nothing). */
static bool deleted_in(const struct group_plan *g, size_t fi, unsigned line)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		if (g->fidx[i] == fi && !g->plan[i].insert && !*g->plan[i].text &&
		    line >= g->plan[i].line && line <= g->plan[i].line + g->plan[i].extra)
			return true;
	return false;
}

/* Whether a plan of g in file fi other than plan skip changes line or inserts above it. */
static bool touched_in_other(const struct group_plan *g, size_t fi, unsigned line, size_t skip)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		if (i != skip && g->fidx[i] == fi && line >= g->plan[i].line &&
		    line <= g->plan[i].line + (g->plan[i].insert ? 0 : g->plan[i].extra))
			return true;
	return false;
}

/* Whether a plan of g in file fi changes line or inserts above it. */
static bool touched_in(const struct group_plan *g, size_t fi, unsigned line)
{
	return touched_in_other(g, fi, line, (size_t)-1);
}

/* touched_in(), but a line only reworded in place stays a line of its comment. */
static bool touched_but_words(const struct group_plan *g, size_t fi, unsigned line)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		if (g->fidx[i] == fi && !g->plan[i].reworded && line >= g->plan[i].line &&
		    line <= g->plan[i].line + (g->plan[i].insert ? 0 : g->plan[i].extra))
			return true;
	return false;
}

/* The text of line line1 without its indent and trailing blanks; false past the end. */
static bool trimmed_line(const struct rewrite_file *f, unsigned line1, const char **t, size_t *n)
{
	struct line l;

	if (!line1 || !get_line(f, line1, &l))
		return false;
	trim(&l, t, n);
	return true;
}

/* Trims a span of text as trim() does a line. */
static void trim_span(const char *p, size_t len, const char **t, size_t *n)
{
	while (len && (*p == ' ' || *p == '\t')) {
		p++;
		len--;
	}
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
		len--;
	*t = p;
	*n = len;
}

/*
 * What line will read once g's plans are applied, trimmed: the file's line,
 * or the first (first) or last line of the text a plan puts there. False
 * when that cannot be told (past the end, or an empty plan).
 */
static bool planned_line(const struct group_plan *g, const struct rewrite_file *f, size_t fi,
			 unsigned line, bool first, const char **t, size_t *n)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		const struct planned *pl = &g->plan[i];
		const char *text = pl->text, *end;

		if (g->fidx[i] != fi || line < pl->line ||
		    line > pl->line + (pl->insert ? 0 : pl->extra) || (pl->insert && !first))
			continue;
		end = text + strlen(text);
		if (end == text)
			return false;
		if (end[-1] == '\n')
			end--;
		if (first) {
			const char *nl = memchr(text, '\n', (size_t)(end - text));

			trim_span(text, (size_t)((nl ? nl : end) - text), t, n);
		} else {
			const char *p = end;

			while (p > text && p[-1] != '\n')
				p--;
			trim_span(p, (size_t)(end - p), t, n);
		}
		return true;
	}
	return trimmed_line(f, line, t, n);
}

/*
 * Where deleting a barrier leaves two blank lines in a row, a blank line
 * right after an opening brace or right before a closing one, one blank
 * line goes too, as a person editing the code would do.
 */
static void plan_blank_lines(struct rewrite *rw, struct group_plan *g)
{
	size_t i, nr = g->nr;

	for (i = 0; i < nr; i++) {
		size_t fi = g->fidx[i], bn, an;
		const struct rewrite_file *f = &rw->v[fi];
		unsigned lo = g->plan[i].line, hi = lo + g->plan[i].extra, drop = 0, k;
		const char *bt, *at;

		if (g->plan[i].insert || *g->plan[i].text)
			continue;
		while (lo > 1 && deleted_in(g, fi, lo - 1))
			lo--;
		while (deleted_in(g, fi, hi + 1))
			hi++;
		/* nothing is inserted among the deleted lines */
		for (k = lo; k <= hi; k++) {
			size_t m;

			for (m = 0; m < g->nr; m++)
				if (g->fidx[m] == fi && g->plan[m].insert && g->plan[m].line == k)
					break;
			if (m < g->nr)
				break;
		}
		if (k <= hi || lo < 2 || !planned_line(g, f, fi, lo - 1, false, &bt, &bn) ||
		    !planned_line(g, f, fi, hi + 1, true, &at, &an))
			continue;
		if (!an && (!bn || bt[bn - 1] == '{') && !touched_in(g, fi, hi + 1))
			drop = hi + 1;
		else if (!bn && an && at[0] == '}' && !touched_in(g, fi, lo - 1))
			drop = lo - 1;
		/*
		 * the comment that explained the barrier, a blank line, then the
		 * access that now orders: the comment stays with its statement
		 */
		else if (!an && bn >= 2 && !memcmp(bt + bn - 2, "*/", 2) &&
			 !touched_in(g, fi, hi + 1) && touched_in(g, fi, hi + 2) &&
			 !deleted_in(g, fi, hi + 2))
			drop = hi + 1;
		if (drop) {
			struct planned *pl = next_plan(g, rw, f);

			pl->line = drop;
			pl->text = xstrdup("");
			g->nr++;
		}
	}
}

/* The plan of g in file fi that replaces line (not an insertion above it), or -1. */
static size_t replacing_plan(const struct group_plan *g, size_t fi, unsigned line)
{
	size_t i;

	for (i = 0; i < g->nr; i++)
		if (g->fidx[i] == fi && !g->plan[i].insert && line >= g->plan[i].line &&
		    line <= g->plan[i].line + g->plan[i].extra)
			return i;
	return (size_t)-1;
}

/* Whether t[0..n) is "if (...) {", "for (...) {" or "while (...) {" on one line. */
static bool opens_lone_block(const char *t, size_t n)
{
	size_t w;

	if (starts_word(t, n, "if"))
		w = 2;
	else if (starts_word(t, n, "for"))
		w = 3;
	else if (starts_word(t, n, "while"))
		w = 5;
	else
		return false;
	while (w < n && t[w] == ' ')
		w++;
	return n > w + 3 && t[w] == '(' && !memcmp(t + n - 3, ") {", 3) &&
	       balanced(t + w, n - 2 - w);
}

/*
 * Where deleting a barrier leaves one statement alone in the braces of an
 * if (with no else), for or while, the braces go, as checkpatch asks
 * ("braces {} are not necessary for single statement blocks").
 */
static void plan_lone_braces(struct rewrite *rw, struct group_plan *g)
{
	size_t i, nr = g->nr;

	for (i = 0; i < nr; i++) {
		size_t fi = g->fidx[i], n, body = 0, rp;
		const struct rewrite_file *f = &rw->v[fi];
		unsigned lo = g->plan[i].line, hi = lo + g->plan[i].extra, open = 0, close = 0, k;
		const char *t;
		struct planned *pl;
		struct line l;

		if (g->plan[i].insert || *g->plan[i].text)
			continue;
		/* up to the opening brace, down to the closing one: one statement between */
		for (k = lo - 1; k >= 1 && !open && body < 2; k--) {
			if (deleted_in(g, fi, k))
				continue;
			if (!planned_line(g, f, fi, k, false, &t, &n) || !n)
				break;
			if (t[n - 1] == '{')
				open = k;
			else
				body++;
		}
		for (k = hi + 1; open && !close && body < 2; k++) {
			if (deleted_in(g, fi, k))
				continue;
			if (!planned_line(g, f, fi, k, true, &t, &n) || !n)
				break;
			if (n == 1 && t[0] == '}')
				close = k;
			else
				body++;
		}
		if (!open || !close || body != 1 || touched_in(g, fi, close) ||
		    !planned_line(g, f, fi, open, false, &t, &n) || !opens_lone_block(t, n))
			continue;
		/* the one statement: a single line that ends in ';' */
		for (k = open + 1; k < close && deleted_in(g, fi, k); k++)
			;
		if (!planned_line(g, f, fi, k, true, &t, &n) || !n || t[n - 1] != ';' ||
		    (n >= 2 && (!memcmp(t, "/*", 2) || !memcmp(t, "//", 2))) || t[0] == '*' ||
		    touched_in(g, fi, k))
			continue;
		/* no else after the closing brace */
		if (code_line(f, close, 1, &t, &n) && starts_word(t, n, "else"))
			continue;
		rp = replacing_plan(g, fi, open);
		if (rp != (size_t)-1) {
			/* the rewritten line ends the plan's text: drop its " {" */
			char *text = g->plan[rp].text;
			size_t len = strlen(text);

			if (len < 3 || memcmp(text + len - 3, " {\n", 3))
				continue;
			memcpy(text + len - 3, "\n", 2);
		} else {
			if (!get_line(f, open, &l) || l.len < 2 || memcmp(l.start + l.len - 2, " {", 2))
				continue;
			pl = next_plan(g, rw, f);
			pl->line = open;
			pl->text = xasprintf("%.*s\n", (int)(l.len - 2), l.start);
			g->nr++;
		}
		pl = next_plan(g, rw, f);
		pl->line = close;
		pl->text = xstrdup("");
		g->nr++;
	}
}

/* The length of the "Pairs with" note that starts text ("/+ Pairs with ... +/" or a block), or 0. */
static size_t note_length(const char *text)
{
	const char *t = text, *nl;
	size_t n;
	bool pairs = false;

	nl = strchr(t, '\n');
	if (!nl)
		return 0;
	trim_span(t, (size_t)(nl - t), &t, &n);
	if (n > 16 && !memcmp(t, "/* Pairs with ", 14) && !memcmp(t + n - 2, "*/", 2))
		return (size_t)(nl + 1 - text);
	if (n != 2 || memcmp(t, "/*", 2))
		return 0;
	/* a block: its lines, one of them "* Pairs with ..." (after an explanation moved there) */
	for (t = nl + 1; (nl = strchr(t, '\n')); t = nl + 1) {
		trim_span(t, (size_t)(nl - t), &t, &n);
		if (n == 2 && !memcmp(t, "*/", 2))
			return pairs ? (size_t)(nl + 1 - text) : 0;
		if (!n || t[0] != '*')
			return 0;
		pairs |= n >= 13 && !memcmp(t, "* Pairs with ", 13);
	}
	return 0;
}

/* Whether a trimmed code line ends a statement, opens or closes a block, or is a label. */
static bool ends_statement(const char *t, size_t n)
{
	return n && strchr(";{}:", t[n - 1]);
}

/*
 * A note placed above a line that continues a statement or is the body of
 * an if or loop without braces would sit inside the expression or between
 * the if and its statement: it goes above the start of that statement, at
 * its indent. Under an else it stays, as no place above is right.
 */
static void plan_lift_notes(struct rewrite *rw, struct group_plan *g)
{
	size_t i, nr = g->nr;

	for (i = 0; i < nr; i++) {
		size_t fi = g->fidx[i], len = note_length(g->plan[i].text), n, steps = 0;
		const struct rewrite_file *f = &rw->v[fi];
		unsigned head = g->plan[i].line, up;
		struct strbuf sb = STRBUF_INIT;
		const char *t, *p, *nl;
		struct planned *pl;
		struct line hl;
		char *rest;

		if (!len || g->plan[i].insert)
			continue;
		while ((up = code_line(f, head, -1, &t, &n)) && !ends_statement(t, n) && steps++ < 8)
			head = up;
		if (head == g->plan[i].line || steps > 8 || !up || touched_in(g, fi, head) ||
		    !get_line(f, head, &hl))
			continue;
		trim(&hl, &t, &n);
		if (starts_word(t, n, "else") || t[0] == '}' || t[0] == '#')
			continue;
		/* the note's lines, at the head's indent */
		for (p = g->plan[i].text; p < g->plan[i].text + len; p = nl + 1) {
			nl = strchr(p, '\n');
			trim_span(p, (size_t)(nl - p), &t, &n);
			strbuf_addf(&sb, "%.*s%s%.*s\n", (int)indent_of(&hl), hl.start,
				    t[0] == '*' ? " " : "", (int)n, t);
		}
		rest = xstrdup(g->plan[i].text + len);
		free(g->plan[i].text);
		g->plan[i].text = rest;
		pl = next_plan(g, rw, f);
		pl->line = head;
		pl->insert = true;
		pl->text = strbuf_detach(&sb);
		g->nr++;
	}
}

/* A paragraph of text for a block comment whose closing line is end, wrapped at 80 columns. */
static void add_comment_words(struct strbuf *sb, const struct line *end, size_t ind,
			      const char *text)
{
	char *copy = xstrdup(text), *p;
	unsigned start = text_columns(end->start, ind) + 2, col = start;

	strbuf_addf(sb, "%.*s *\n%.*s *", (int)ind, end->start, (int)ind, end->start);
	for (p = strtok(copy, " "); p; p = strtok(NULL, " ")) {
		if (col + 1 + strlen(p) > 80 && col > start) {
			strbuf_addf(sb, "\n%.*s *", (int)ind, end->start);
			col = start;
		}
		strbuf_addf(sb, " %s", p);
		col += 1 + (unsigned)strlen(p);
	}
	strbuf_addch(sb, '\n');
	free(copy);
}

/*
 * The sentence of the note text[0..nlen): "Pairs with ... in foo()." from
 * "/+ Pairs with ... in foo() +/", or the words of a block's lines. Caller
 * frees.
 */
static char *note_sentence(const char *text, size_t nlen)
{
	static const char open[] = "/* Pairs with ";
	struct strbuf words = STRBUF_INIT;
	const char *p, *e, *t, *end = text + nlen;
	size_t k, len;

	for (k = 0; text[k] == ' ' || text[k] == '\t'; k++)
		;
	if (!strncmp(text + k, open, strlen(open))) {
		const char *close = strchr(text, '\n') - 3;

		return xasprintf("%.*s.", (int)(close - (text + k) - 3), text + k + 3);
	}
	for (p = strchr(text, '\n') + 1; p < end && (e = strchr(p, '\n')); p = e + 1) {
		trim_span(p, (size_t)(e - p), &t, &len);
		if (len == 2 && !memcmp(t, "*/", 2))
			break;
		for (; len && (*t == '*' || *t == ' '); t++, len--)
			;
		strbuf_addf(&words, "%s%.*s", words.len ? " " : "", (int)len, t);
	}
	return strbuf_detach(&words);
}

/*
 * The note (the first nlen bytes of plan i's text) leaves the access's own
 * text for a new plan: text at line (above it when insert, else for it).
 */
static void note_moves_to(struct rewrite *rw, struct group_plan *g, size_t i, size_t nlen,
			  unsigned line, bool insert, char *text)
{
	struct planned *pl = next_plan(g, rw, &rw->v[g->fidx[i]]);
	char *rest;

	pl->line = line;
	pl->insert = insert;
	pl->text = text;
	pl->end = g->plan[i].end;
	g->nr++;
	rest = xstrdup(g->plan[i].text + nlen);
	free(g->plan[i].text);
	g->plan[i].text = rest;
}

/*
 * Whether a barrier that plan i's end removes has a comment of its own that
 * plan_move_comments() moves into the note: on its line, or right above it
 * (blank lines between) when that is not line c.
 */
static bool barrier_comment_moves(const struct rewrite *rw, const struct group_plan *g, size_t i,
				  unsigned c)
{
	size_t k, fi = g->fidx[i], n;
	const struct rewrite_file *f = &rw->v[fi];
	const char *t;
	unsigned up;

	for (k = 0; k < g->nr; k++) {
		if (g->fidx[k] != fi || !g->plan[k].barrier || g->plan[k].end != g->plan[i].end)
			continue;
		if (*g->plan[k].text)
			return true;
		for (up = g->plan[k].line - 1; up >= 1 && trimmed_line(f, up, &t, &n); up--)
			if (n && !deleted_in(g, fi, up))
				break;
		if (up >= 1 && up != c && trimmed_line(f, up, &t, &n) && n >= 2 &&
		    !memcmp(t + n - 2, "*/", 2))
			return true;
	}
	return false;
}

/*
 * The words of line c of f when it holds one comment alone, "/+ text +/",
 * with words and not an old note; NULL otherwise.
 */
static const char *one_line_comment(const struct rewrite_file *f, unsigned c, size_t *n)
{
	const char *t, *words;
	size_t len;

	if (!c || !trimmed_line(f, c, &t, &len) || len < 5 || memcmp(t, "/*", 2) ||
	    memcmp(t + len - 2, "*/", 2))
		return NULL;
	trim_span(t + 2, len - 4, &words, n);
	if (!*n || memmem(words, *n, "/*", 2) || memmem(words, *n, "*/", 2) ||
	    (*n >= 10 && !strncasecmp(words, "Pairs with", 10)))
		return NULL;
	return words;
}

/* One-line comments above line c that fold_into_one_line() joins to it. */
#define COMMENT_RUN 4

/*
 * "/+ text +/" alone on line c, right above the access or the barrier that
 * plan i puts its note on: the line becomes a block holding the text as a
 * sentence and the note as its last paragraph, so that the note does not
 * stack a second comment under the explanation. One-line comments right
 * above it, at its indent, are the same sentence's ("/+ Ensure all writes
 * are done before we update +/" over "/+ req->rq_reply_bytes_recvd +/"):
 * they join the paragraph and their lines go. False when line c is not
 * such a comment.
 */
static bool fold_into_one_line(struct rewrite *rw, struct group_plan *g, size_t i, unsigned c)
{
	size_t fi = g->fidx[i], nlen = note_length(g->plan[i].text), n, m, ind;
	const struct rewrite_file *f = &rw->v[fi];
	struct strbuf sb = STRBUF_INIT, run = STRBUF_INIT;
	const char *words, *in;
	char *para, *sentence;
	struct planned *pl;
	struct line l, above;
	unsigned top = c, k;

	if (!c || touched_in_other(g, fi, c, i) || !(words = one_line_comment(f, c, &n)) ||
	    !get_line(f, c, &l))
		return false;
	ind = indent_of(&l);
	while (top > 1 && c - top < COMMENT_RUN && !touched_in(g, fi, top - 1) &&
	       one_line_comment(f, top - 1, &m) && get_line(f, top - 1, &above) &&
	       indent_of(&above) == ind && !memcmp(above.start, l.start, ind))
		top--;
	for (k = top; k < c; k++) {
		const char *w = one_line_comment(f, k, &m);

		strbuf_addf(&run, "%.*s ", (int)m, w);
	}
	strbuf_add(&run, words, n);
	words = run.buf;
	n = run.len;
	sentence = note_sentence(g->plan[i].text, nlen);
	/* "Paired with WRITE_ONCE() in foo()" above the note "Pairs with ... in foo().": it goes */
	if (top == c && n >= 4 && !strncasecmp(words, "pair", 4) && (in = strstr(sentence, " in ")) &&
	    memmem(words, n, in, strlen(in) - 1)) {
		free(sentence);
		strbuf_release(&run);
		if (g->plan[i].insert)
			return false;
		pl = next_plan(g, rw, f);
		pl->line = c;
		pl->text = xstrdup("");
		pl->moved = true;
		g->nr++;
		return true;
	}
	if (barrier_comment_moves(rw, g, i, c)) {
		free(sentence);
		strbuf_release(&run);
		return false;
	}
	/*
	 * a sentence that ends without a full stop gets one, as the paragraphs
	 * of a block; a colon that led to the barrier becomes one
	 */
	para = xasprintf("%.*s%s", (int)(words[n - 1] == ':' ? n - 1 : n), words,
			 isalnum((unsigned char)words[n - 1]) || words[n - 1] == ':' ? "." : "");
	strbuf_addf(&sb, "%.*s/*\n", (int)ind, l.start);
	{
		struct strbuf w = STRBUF_INIT;

		add_comment_words(&w, &l, ind, para);
		/* without the blank line add_comment_words() puts first */
		strbuf_adds(&sb, strchr(w.buf, '\n') + 1);
		strbuf_release(&w);
	}
	add_comment_words(&sb, &l, ind, sentence);
	strbuf_addf(&sb, "%.*s */\n", (int)ind, l.start);
	free(sentence);
	free(para);
	strbuf_release(&run);
	/* the lines of the comments joined from above go */
	for (k = top; k < c; k++) {
		pl = next_plan(g, rw, f);
		pl->line = k;
		pl->text = xstrdup("");
		pl->moved = true;
		g->nr++;
	}
	if (g->plan[i].insert) {
		/* the note alone above a barrier that stays: it becomes the block */
		free(g->plan[i].text);
		g->plan[i].line = c;
		g->plan[i].insert = false;
		g->plan[i].text = strbuf_detach(&sb);
		return true;
	}
	note_moves_to(rw, g, i, nlen, c, false, strbuf_detach(&sb));
	return true;
}

/* prim_fully_ordered() of s[0..n). */
static bool prim_fully_ordered_n(const char *s, size_t n)
{
	char *name = xstrndup(s, n);
	bool yes = prim_fully_ordered(name);

	free(name);
	return yes;
}

/* Whether every barrier "...mb()" that block names, the note's sentence pairs names too. */
static bool barriers_named_in(const char *block, const char *pairs)
{
	const char *p, *b;

	for (p = strstr(block, "mb()"); p; p = strstr(p + 4, "mb()")) {
		char *name;
		const char *w;

		for (b = p; b > block && (isalnum((unsigned char)b[-1]) || b[-1] == '_'); b--)
			;
		name = xstrndup(b, (size_t)(p + 4 - b));
		for (w = strstr(pairs, name); w; w = strstr(w + 1, name))
			if (w == pairs || !(isalnum((unsigned char)w[-1]) || w[-1] == '_'))
				break;
		free(name);
		if (!w)
			return false;
	}
	return true;
}

/*
 * Whether the comment lines top..c of file fi (those the rewrite keeps)
 * already say what the note's "Pairs with ... in foo() and bar()." says:
 * they speak of pairing ("Paired with lockless reads from foo(), baz()
 * and bar().") and name every function the note names, and name no
 * barrier, acquire or release that the rewrite could make stale. Then the
 * note's sentence would say it twice, and it is left out.
 */
static bool pairing_said(const struct rewrite_file *f, const struct group_plan *g, size_t fi,
			 unsigned top, unsigned c, const char *pairs)
{
	struct strbuf block = STRBUF_INIT;
	const char *in = strstr(pairs, " in "), *q;
	unsigned l;
	bool said = in != NULL, named = false, w_unused;
	int addr;

	for (l = top; l < c; l++) {
		const char *t;
		size_t n;

		if (!deleted_in(g, fi, l) && trimmed_line(f, l, &t, &n))
			strbuf_addf(&block, "%.*s ", (int)n, t);
	}
	/*
	 * a block that explains a barrier the rewrite removes goes stale: the
	 * note stays; not one that names the other side's barrier the note
	 * names too, which stays ("Pairs with the smp_rmb() in foo()" when
	 * the readers keep theirs)
	 */
	said &= strcasestr(block.buf, "pair") != NULL && !strcasestr(block.buf, "barrier") &&
		barriers_named_in(block.buf, pairs) && !strstr(block.buf, "acquire") &&
		!strstr(block.buf, "release");
	/* each "name()" after " in " must stand in the block as a word */
	for (q = in; said && q && (q = strstr(q, "()")); q += 2) {
		const char *b = q, *w;
		size_t n;

		while (b > in && (isalnum((unsigned char)b[-1]) || b[-1] == '_'))
			b--;
		n = (size_t)(q - b);
		/* the barriers and accesses the note names are no functions the block must name */
		if (!n || prim_classify(b, n) != PRIM_NONE || prim_marked_access(b, n, &w_unused, &addr) ||
		    prim_fully_ordered_n(b, n))
			continue;
		named = true;
		for (w = strstr(block.buf, b); w; w = strstr(w + 1, b))
			if (!strncmp(w, b, n + 2) &&
			    (w == block.buf || !(isalnum((unsigned char)w[-1]) || w[-1] == '_')))
				break;
		/* strstr() matched the rest of pairs too: look for the name alone */
		if (!w) {
			char *name = xstrndup(b, n + 2);

			for (w = strstr(block.buf, name); w; w = strstr(w + 1, name))
				if (w == block.buf || !(isalnum((unsigned char)w[-1]) || w[-1] == '_'))
					break;
			free(name);
		}
		said &= w != NULL;
	}
	strbuf_release(&block);
	return said && named;
}

/*
 * The block comment that ends right above a converted access (once the
 * barrier between them is gone) is the explanation of the ordering: the new
 * "Pairs with ..." note joins it as its last paragraph rather than stacking
 * a second comment under it. A one-line comment there becomes such a block
 * (fold_into_one_line()).
 */
static void plan_fold_notes(struct rewrite *rw, struct group_plan *g)
{
	size_t i, nr = g->nr;

	for (i = 0; i < nr; i++) {
		size_t fi = g->fidx[i], ind, k, len, nlen;
		const struct rewrite_file *f = &rw->v[fi];
		const char *text = g->plan[i].text, *t;
		unsigned c = g->plan[i].line, top;
		struct strbuf sb = STRBUF_INIT;
		struct line end;
		char *sentence;

		for (k = 0; text[k] == ' ' || text[k] == '\t'; k++)
			;
		nlen = note_length(text);
		/* a note alone (inserted above a barrier that stays) or above the access */
		if (!nlen || g->plan[i].insert != !text[nlen])
			continue;
		while (c > 1 && deleted_in(g, fi, c - 1))
			c--;
		c--;
		if (g->plan[i].insert && touched_in_other(g, fi, c, i))
			continue;
		if (fold_into_one_line(rw, g, i, c))
			continue;
		/* the closing line of a comment of several lines, alone on its line */
		if (!c || (!g->plan[i].insert && touched_in(g, fi, c)) ||
		    !trimmed_line(f, c, &t, &len) || len != 2 ||
		    memcmp(t, "*/", 2) || !get_line(f, c, &end))
			continue;
		/* the closing star sits one space right of the comment's indent */
		ind = indent_of(&end);
		if (!ind || end.start[ind - 1] != ' ')
			continue;
		ind--;
		for (top = c - 1; top >= 1 && top + 40 > c; top--) {
			/* an old "Pair with ..." sentence the rewrite deletes from it */
			if (deleted_in(g, fi, top))
				continue;
			if (!trimmed_line(f, top, &t, &len) || !len || t[0] != '*' ||
			    touched_but_words(g, fi, top))
				break;
		}
		if (!top || !trimmed_line(f, top, &t, &len) || len < 2 || memcmp(t, "/*", 2) ||
		    memmem(t, len, "*/", 2))
			continue;
		sentence = note_sentence(text, nlen);
		{
			/* the note's own sentence, after any paragraph moved into it */
			char *pairs = strstr(sentence, "Pairs with ");

			if (pairs && pairing_said(f, g, fi, top, c, pairs)) {
				while (pairs > sentence && pairs[-1] == ' ')
					pairs--;
				*pairs = 0;
			}
		}
		if (*sentence)
			add_comment_words(&sb, &end, ind, sentence);
		free(sentence);
		if (g->plan[i].insert) {
			/* the note moves into the comment */
			free(g->plan[i].text);
			g->plan[i].line = c;
			g->plan[i].text = strbuf_detach(&sb);
			continue;
		}
		note_moves_to(rw, g, i, nlen, c, true, strbuf_detach(&sb));
	}
}

/* The plan of g in file fi that holds end's note (at its access, or folded), or -1. */
static size_t note_plan(const struct group_plan *g, size_t fi, const struct site *end, size_t skip)
{
	size_t i, found = (size_t)-1;

	for (i = 0; i < g->nr; i++) {
		const struct planned *pl = &g->plan[i];

		if (i == skip || g->fidx[i] != fi || pl->end != end)
			continue;
		if ((!pl->insert && note_length(pl->text) && pl->text[note_length(pl->text)]) ||
		    (pl->insert && strstr(pl->text, "* Pairs with "))) {
			if (found != (size_t)-1)
				return (size_t)-1;	/* several notes: which one is unclear */
			found = i;
		}
	}
	return found;
}

/* Appends the text of a comment line (its markers and indent gone) to lines, one a line. */
static void comment_text(struct strbuf *lines, const char *t, size_t n)
{
	if (n >= 2 && !memcmp(t, "//", 2)) {
		t += 2;
		n -= 2;
	} else {
		if (n >= 2 && !memcmp(t, "/*", 2)) {
			t += 2;
			n -= 2;
		} else if (n && t[0] == '*' && !(n >= 2 && t[1] == '/')) {
			t++;
			n--;
		}
		if (n >= 2 && !memcmp(t + n - 2, "*/", 2))
			n -= 2;
	}
	trim_span(t, n, &t, &n);
	strbuf_addf(lines, "%.*s\n", (int)n, t);
}

/* Whether name[0..n) is a marked access or a bit operation ("set_bit", "READ_ONCE"). */
static bool marked_access_name(const char *name, size_t n)
{
	bool w;
	int addr;

	return prim_marked_access(name, n, &w, &addr);
}

/*
 * Appends to others (", " separated) each "name()" of text[from, to) that
 * is no barrier or access ("smp_rmb()", "set_bit()"): the functions of
 * the other side a sentence names.
 */
static void sentence_functions(const char *from, const char *to, struct strbuf *others)
{
	const char *p, *b;

	for (p = from; p < to; p++) {
		if (p[0] != '(' || p[1] != ')' || p == from || !is_ident(p[-1]))
			continue;
		for (b = p; b > from && is_ident(b[-1]); b--)
			;
		if (prim_classify(b, (size_t)(p - b)) == PRIM_NONE &&
		    !marked_access_name(b, (size_t)(p - b)))
			strbuf_addf(others, "%s%.*s()", others->len ? ", " : "", (int)(p - b), b);
	}
}

/*
 * A moved comment that opens with a sentence about the other side
 * ("Pairs with set_bit() in foo() and bar(). We need to ..."): the note
 * says the pairing now, so the sentence goes and the explanation after it
 * stays, its paragraph joined into one line (to wrap again). The
 * functions it named ("bar()") are added to others, ", " separated, for
 * the note to keep. Returns whether it dropped one.
 */
static bool drop_pairing_sentence(struct strbuf *lines, struct strbuf *others)
{
	const char *t = lines->buf, *stop, *p;
	size_t n;

	if (!starts_pairing(t, lines->len))
		return false;
	/* the sentence's end: a full stop before a blank or a line break, with text after */
	for (stop = t; (stop = strchr(stop, '.')); stop++)
		if ((stop[1] == ' ' || stop[1] == '\n') && stop[2] && stop[2] != '\n')
			break;
	if (!stop)
		return false;
	sentence_functions(t, stop, others);
	n = (size_t)(stop + 2 - t);
	memmove(lines->buf, lines->buf + n, lines->len - n + 1);
	lines->len -= n;
	/* the rest of its paragraph, cut mid-line, is one line to wrap again */
	for (p = lines->buf; *p && !(p[0] == '\n' && p[1] == '\n'); p++)
		if (*p == '\n' && p[1])
			lines->buf[p - lines->buf] = ' ';
	return true;
}

/*
 * The same for a moved comment that ends with such a sentence ("... from
 * this cpu's list. Pairs with the smp_rmb() in foo()."): the sentence
 * goes, the explanation before it stays. Returns whether it dropped one.
 */
static bool drop_last_pairing_sentence(struct strbuf *lines, struct strbuf *others)
{
	char *t = lines->buf, *start = NULL, *p;
	size_t end = lines->len;

	while (end && (t[end - 1] == '\n' || t[end - 1] == ' '))
		end--;
	if (end < 2 || t[end - 1] != '.')
		return false;
	/* the last sentence's start: after a full stop and a blank, in its paragraph */
	for (p = t + end - 1; p > t + 1; p--) {
		if (p[-1] == '\n' && p - 1 > t && p[-2] == '\n')
			return false;
		if ((p[-1] == ' ' || p[-1] == '\n') && p[-2] == '.') {
			start = p;
			break;
		}
	}
	if (!start || !starts_pairing(start, (size_t)(t + end - start)))
		return false;
	sentence_functions(start, t + end, others);
	while (start > t && (start[-1] == ' ' || start[-1] == '\n'))
		start--;
	lines->len = (size_t)(start - t);
	strbuf_adds(lines, "\n");
	return true;
}

/*
 * The note's sentence with the functions of others it does not name:
 * "Pairs with ... in foo(). It also pairs with bar()." Caller frees.
 */
static char *note_with_others(const char *sentence, const char *others)
{
	struct strbuf extra = STRBUF_INIT;
	const char *p = others;
	size_t nr = 0, last = 0;
	char *out;

	while (*p) {
		size_t n = strcspn(p, ",");
		char *name = xstrndup(p, n);
		const char *at = strstr(sentence, name);

		/* a name the sentence holds as a word */
		if (!at || (at > sentence && is_ident(at[-1]))) {
			last = extra.len;
			strbuf_addf(&extra, "%s%s", nr++ ? ", " : "", name);
		}
		free(name);
		p += n;
		p += strspn(p, ", ");
	}
	if (!nr) {
		strbuf_release(&extra);
		return xstrdup(sentence);
	}
	out = nr > 1 ? xasprintf("%s It also pairs with %.*s and %s.", sentence, (int)last,
				 extra.buf, extra.buf + last + 2)
		     : xasprintf("%s It also pairs with %s.", sentence, extra.buf);
	strbuf_release(&extra);
	return out;
}

/*
 * A comment that explained a barrier the rewrite removes (the block
 * comment that ends right above it, or the comment after it on its line)
 * would be left orphaned, above a blank line or a statement it does not
 * describe: unless the converted access follows right after the barrier
 * (then the note joins that comment), the comment's lines go, and its text
 * becomes the first paragraph of the end's note, above "Pairs with ...".
 */
static void plan_move_comments(struct rewrite *rw, struct group_plan *g)
{
	size_t i, nr = g->nr;

	for (i = 0; i < nr; i++) {
		struct planned *b = &g->plan[i];
		size_t fi = g->fidx[i], n, k, len, np;
		const struct rewrite_file *f = &rw->v[fi];
		struct strbuf lines = STRBUF_INIT, sb = STRBUF_INIT, others = STRBUF_INIT;
		unsigned c = b->line, top = 0, next;
		bool joined;
		const char *t, *p;
		struct planned *pl;
		bool trailing = *b->text != '\0';

		if (!b->barrier || !b->end || (np = note_plan(g, fi, b->end, i)) == (size_t)-1)
			continue;
		/* the access right after the barrier: the note joins the comment there */
		for (next = b->line + b->extra + 1; deleted_in(g, fi, next); next++)
			;
		if (!g->plan[np].insert && g->plan[np].line == next)
			continue;
		while (c > 1 && deleted_in(g, fi, c - 1))
			c--;
		c--;
		/* the block comment right above, alone on its lines, nothing else changes in it */
		if (c && trimmed_line(f, c, &t, &len) && len >= 2 && !memcmp(t + len - 2, "*/", 2) &&
		    !touched_in(g, fi, c)) {
			for (top = c; top >= 1 && top + 40 > c; top--) {
				if (deleted_in(g, fi, top))
					continue;
				if (!trimmed_line(f, top, &t, &len) || touched_in(g, fi, top))
					break;
				if (len >= 2 && !memcmp(t, "/*", 2))
					break;
				if (!len || t[0] != '*')
					break;
			}
			if (!top || top + 40 <= c || !trimmed_line(f, top, &t, &len) || len < 2 ||
			    memcmp(t, "/*", 2) || touched_in(g, fi, top) || (top < c && memmem(t, len, "*/", 2)))
				top = 0;
		}
		if (!top && !trailing)
			continue;
		for (k = top; top && k <= c; k++) {
			if (deleted_in(g, fi, k))
				continue;
			trimmed_line(f, k, &t, &len);
			comment_text(&lines, t, len);
		}
		if (trailing) {
			/*
			 * "smp_rmb(); /+ ... +/": the barrier's own line goes whole,
			 * one blank line after the block's text (whose closing
			 * line may have left one already)
			 */
			while (lines.len > 1 && lines.buf[lines.len - 2] == '\n')
				lines.buf[--lines.len] = '\0';
			if (lines.len)
				strbuf_adds(&lines, "\n");
			trim_span(b->text, strcspn(b->text, "\n"), &t, &len);
			comment_text(&lines, t, len);
			free(b->text);
			b->text = xstrdup("");
		}
		/* a sentence that ends without a full stop gets one, as the paragraphs of a block */
		if (lines.len > 1 && isalnum((unsigned char)lines.buf[lines.len - 2])) {
			lines.buf[lines.len - 1] = '.';
			strbuf_addch(&lines, '\n');
		}
		/* no blank line first or last */
		for (k = 0; k < lines.len && lines.buf[k] == '\n'; k++)
			;
		memmove(lines.buf, lines.buf + k, lines.len - k + 1);
		lines.len -= k;
		while (lines.len > 1 && lines.buf[lines.len - 2] == '\n')
			lines.buf[--lines.len] = '\0';
		joined = drop_pairing_sentence(&lines, &others);
		if (!joined)
			drop_last_pairing_sentence(&lines, &others);
		for (k = top; top && k <= c; k++) {
			if (deleted_in(g, fi, k))
				continue;
			pl = next_plan(g, rw, f);
			pl->line = k;
			pl->text = xstrdup("");
			pl->moved = true;
			g->nr++;
		}
		pl = &g->plan[np];
		{
			/* the note's indent, from its first line */
			const char *text = pl->text;
			size_t ind;

			for (ind = 0; text[ind] == ' ' || text[ind] == '\t'; ind++)
				;
			/* a line inside a block: its star sits one space right of the indent */
			if (ind && text[ind] == '*' && text[ind - 1] == ' ')
				ind--;
			/* a block of its own, or (folded into a block) lines before "Pairs with" */
			strbuf_addf(&sb, "%.*s%s\n", (int)ind, text, pl->insert ? " *" : "/*");
			for (p = lines.buf; *p; p += n + 1) {
				n = strcspn(p, "\n");
				/* the paragraph drop_pairing_sentence() joined into one line wraps at 80 */
				if (joined && p == lines.buf &&
				    text_columns(text, ind) + 3 + text_columns(p, n) > 80) {
					char *para = xstrndup(p, n);
					struct line l = { text, ind };
					struct strbuf w = STRBUF_INIT;

					add_comment_words(&w, &l, ind, para);
					/* without the blank line add_comment_words() puts first */
					strbuf_adds(&sb, strchr(w.buf, '\n') + 1);
					strbuf_release(&w);
					free(para);
					continue;
				}
				strbuf_addf(&sb, "%.*s *%s%.*s\n", (int)ind, text, n ? " " : "", (int)n, p);
			}
			if (pl->insert) {
				strbuf_adds(&sb, text);
			} else {
				size_t nlen = note_length(text);
				char *sentence = note_sentence(text, nlen);
				char *full = note_with_others(sentence, others.buf);
				struct line l = { text, ind };

				add_comment_words(&sb, &l, ind, full);
				strbuf_addf(&sb, "%.*s */\n%s", (int)ind, text, text + nlen);
				free(sentence);
				free(full);
			}
			free(pl->text);
			pl->text = strbuf_detach(&sb);
		}
		strbuf_release(&lines);
		strbuf_release(&others);
	}
}

/* Plans the protocols ps[0..np), which share barriers, as one patch, or leaves them all. */
static void plan_group(struct rewrite *rw, const struct protocol **ps, size_t np)
{
	struct group_plan g = { 0 };
	struct rewrite_file **files;
	const struct pair_end *bad = NULL;
	const char *why = NULL;
	char *owned = NULL;
	size_t i, k, m, failed = 0;

	for (m = 0; m < np && !why; m++) {
		why = plan_member(rw, &g, ps[m], np, &bad, &owned);
		failed = m;
	}
	if (!why) {
		plan_fold_notes(rw, &g);
		plan_move_comments(rw, &g);
		plan_blank_lines(rw, &g);
		plan_lone_braces(rw, &g);
		plan_lift_notes(rw, &g);
	}
	/* file_of() grows rw->v: pointers to its files are taken only now */
	files = xcalloc(g.nr + 1, sizeof(*files));
	for (i = 0; i < g.nr; i++)
		files[i] = &rw->v[g.fidx[i]];
	/* every line once: no two edits of this patch or another on one line */
	for (i = 0; i < g.nr && !why; i++) {
		if (lines_taken(files[i], g.plan[i].line, span_of(&g.plan[i])))
			why = "another rewrite changes the same line";
		for (k = 0; k < i && !why; k++)
			if (files[k] == files[i] && overlap(&g.plan[k], &g.plan[i]))
				why = "two of its edits fall on the same line";
		if (why) {
			bad = ps[0]->nr_writers ? &ps[0]->writers[0] : &ps[0]->readers[0];
			failed = 0;
		}
	}
	if (why) {
		for (m = 0; m < np; m++) {
			const struct protocol *p = ps[m];
			const struct pair_end *e = m == failed ? bad
					       : p->nr_writers ? &p->writers[0] : &p->readers[0];

			if (m == failed) {
				leave(rw, p, e, why);
			} else {
				char *also = xasprintf("it shares a barrier with %s, which is left",
						       ps[failed]->variable);

				leave(rw, p, e, also);
				free(also);
			}
		}
		for (i = 0; i < g.nr; i++)
			free(g.plan[i].text);
	} else {
		struct rewrite_patch *patch;
		struct strbuf stale = STRBUF_INIT;

		for (m = 0; m < np; m++) {
			char *one = stale_comments(ps[m], files, g.plan, g.nr);

			add_new_lines(&stale, one);
			free(one);
		}
		for (i = 0; i < g.nr; i++) {
			/* a CRLF file keeps its line ends */
			if (crlf_line(files[i], g.plan[i].line))
				g.plan[i].text = to_crlf(g.plan[i].text);
			line_edits_add(&files[i]->edits, g.plan[i].line - 1, span_of(&g.plan[i]),
				       g.plan[i].text, rw->nr_patches);
		}
		ALLOC_GROW(rw->patches, rw->nr_patches + 1, rw->alloc_patches);
		patch = &rw->patches[rw->nr_patches++];
		memset(patch, 0, sizeof(*patch));
		patch->v = xcalloc(np, sizeof(*patch->v));
		memcpy(patch->v, ps, np * sizeof(*ps));
		patch->nr = np;
		patch->counter = g.counter;
		patch->stale = strbuf_detach(&stale);
		rw->nr_rewritten += np;
	}
	free(owned);
	free(files);
	free(g.plan);
	free(g.fidx);
	free(g.sites);
}

static size_t find_root(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static bool selected(const struct protocol *p, bool include_review)
{
	return p->verdict == VERDICT_CONVERT || (include_review && p->verdict == VERDICT_REVIEW);
}

/*
 * The lines of the tree's assembly files that name a function of the
 * patch's protocols join its notes: acqrel does not rewrite assembly, and a
 * call or a comment there may depend on the old barriers.
 */
static void asm_notes(struct rewrite *rw, const struct sites_run *run, struct rewrite_patch *patch)
{
	struct strbuf sb = STRBUF_INIT;
	size_t m, i, k;

	asm_files_load(&rw->asm_files, run ? run->walk.root : NULL);
	if (!rw->asm_files.nr)
		return;
	strbuf_adds(&sb, patch->stale);
	for (m = 0; m < patch->nr; m++) {
		const struct protocol *p = patch->v[m];

		for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
			const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
								      : &p->readers[i - p->nr_writers];
			struct strbuf one = STRBUF_INIT;

			if (e->site->function)
				asm_files_mentions(&rw->asm_files, e->site->function, 5, &one);
			for (k = 0; e->caller && k < e->site->nr_callers; k++)
				if (e->site->callers[k].function)
					asm_files_mentions(&rw->asm_files,
							   e->site->callers[k].function, 5, &one);
			add_new_lines(&sb, one.buf);
			strbuf_release(&one);
		}
	}
	free(patch->stale);
	patch->stale = strbuf_detach(&sb);
}

/* Whether end e of p loses its barrier in the rewrite: it converts and is not kept back. */
static bool barrier_goes(const struct protocol *p, const struct pair_end *e)
{
	return !e->caller && !e->kept_back && classify_convertible(p, e);
}

/* Whether site s is the barrier of an end of the patch's protocols that goes. */
static bool patch_end(const struct rewrite_patch *patch, const struct site *s)
{
	size_t m, i;

	for (m = 0; m < patch->nr; m++) {
		const struct protocol *p = patch->v[m];

		for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
			const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
								    : &p->readers[i - p->nr_writers];

			if (e->site == s && barrier_goes(p, e))
				return true;
		}
	}
	return false;
}

/*
 * The barriers elsewhere in the tree whose comment names a function whose
 * barrier the patch removes ("pairs with the smp_wmb() in
 * kvm_mmu_invalidate_end()", next to another reader's smp_rmb()) join its
 * notes: their comments may go stale, and the patch does not touch them.
 */
/*
 * Whether the patch (edits tagged tag) edits rel within the lines that end
 * at line, its comment's ("Matches smp_wmb() in foo()" on the barrier's
 * line, rewritten by plan_staying_mention()), up to 10 lines above.
 */
static bool patch_edits_near(const struct rewrite *rw, size_t tag, const char *rel, unsigned line)
{
	size_t i, k;

	for (i = 0; i < rw->nr; i++) {
		if (strcmp(rw->v[i].rel, rel))
			continue;
		for (k = 0; k < rw->v[i].edits.nr; k++) {
			const struct line_edit *e = &rw->v[i].edits.v[k];

			if (e->tag == tag && e->first + 1 <= line && e->first + e->nr_old + 10 >= line)
				return true;
		}
	}
	return false;
}

/*
 * Whether site s is the full barrier that the readers of one of patch's
 * protocols run after their load (rule FENCED): its comment naming the
 * writer stays true, the barrier now pairing with the release.
 */
static bool fence_partner(const struct rewrite_patch *patch, const struct site *s)
{
	bool stores, loads;
	size_t m, n;

	if (!s->function)
		return false;
	prim_fence_orders(s->primitive, &stores, &loads);
	if (!stores || !loads)
		return false;
	n = strlen(s->function);
	for (m = 0; m < patch->nr; m++) {
		const char *in = patch->v[m]->fence_in, *q;

		for (q = in; q && (q = strstr(q, s->function)); q += n)
			if ((q == in || !(isalnum((unsigned char)q[-1]) || q[-1] == '_')) &&
			    !strncmp(q + n, "()", 2))
				return true;
	}
	return false;
}

static void site_notes(const struct rewrite *rw, const struct sites_run *run,
		       struct rewrite_patch *patch, size_t tag)
{
	struct strbuf sb = STRBUF_INIT;
	const char *fns[16];
	size_t nf = 0, m, i, k, r;

	if (!run)
		return;
	for (m = 0; m < patch->nr; m++) {
		const struct protocol *p = patch->v[m];

		for (i = 0; i < p->nr_writers + p->nr_readers && nf < ARRAY_SIZE(fns); i++) {
			const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
								    : &p->readers[i - p->nr_writers];

			if (e->site->function && barrier_goes(p, e))
				fns[nf++] = e->site->function;
		}
	}
	if (!nf)
		return;
	strbuf_adds(&sb, patch->stale);
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (k = 0; k < fs->nr; k++) {
			const struct site *s = &fs->v[k];
			enum prim_role role = prim_role(s->primitive);

			/* a barrier's comment: not one next to rcu_dereference() and kin */
			if (role != PRIM_ROLE_WMB && role != PRIM_ROLE_RMB && role != PRIM_ROLE_FENCE)
				continue;
			for (r = 0; r < s->nr_refs; r++) {
				for (m = 0; m < nf && strcmp(s->refs[r], fns[m]); m++)
					;
				if (m == nf || (s->function && !strcmp(s->function, fns[m])) ||
				    patch_end(patch, s) || fence_partner(patch, s) ||
				    patch_edits_near(rw, tag, run->walk.files[i].rel, s->line))
					continue;
				{
					struct strbuf one = STRBUF_INIT;

					quote_path(&one, run->walk.files[i].rel);
					strbuf_addf(&one, ":%u: the comment at %s() in %s() names %s(), whose barrier this patch removes\n",
						    s->line, s->primitive, site_where(s), fns[m]);
					add_new_lines(&sb, one.buf);
					strbuf_release(&one);
				}
				break;
			}
		}
	}
	free(patch->stale);
	patch->stale = strbuf_detach(&sb);
}

void rewrite_plan(struct rewrite *rw, const struct sites_run *run, const struct pair_result *r,
		  bool include_review)
{
	struct hashmap by_site = { 0 };
	size_t *parent = xcalloc(r->nr + 1, sizeof(*parent));
	const struct protocol **members = xcalloc(r->nr + 1, sizeof(*members));
	bool *planned = xcalloc(r->nr + 1, sizeof(*planned));
	size_t i, j, k;

	/* protocols that share a barrier are one patch: union them by site */
	for (i = 0; i < r->nr; i++)
		parent[i] = i;
	for (i = 0; i < r->nr; i++) {
		const struct protocol *p = &r->v[i];

		for (k = 0; k < p->nr_writers + p->nr_readers; k++) {
			const struct pair_end *e = k < p->nr_writers ? &p->writers[k]
								    : &p->readers[k - p->nr_writers];
			char key[32];
			size_t other;

			snprintf(key, sizeof(key), "%p", (const void *)e->site);
			other = hashmap_get(&by_site, key);
			if (other == (size_t)-1)
				hashmap_put(&by_site, key, i);
			else
				parent[find_root(parent, i)] = find_root(parent, other);
		}
	}
	for (i = 0; i < r->nr; i++) {
		size_t root = find_root(parent, i), n = 0;
		const struct protocol *unselected = NULL;

		if (planned[i] || !selected(&r->v[i], include_review))
			continue;
		for (j = i; j < r->nr; j++) {
			if (find_root(parent, j) != root)
				continue;
			if (selected(&r->v[j], include_review)) {
				members[n++] = &r->v[j];
				planned[j] = true;
			} else if (!unselected) {
				unselected = &r->v[j];
			}
		}
		for (j = 0; j < i && !unselected; j++)
			if (find_root(parent, j) == root && !selected(&r->v[j], include_review))
				unselected = &r->v[j];
		if (unselected) {
			char *why = xasprintf("it shares a barrier with %s, whose protocol is %s: the barrier stays",
					      unselected->variable, verdict_name(unselected->verdict));

			for (k = 0; k < n; k++) {
				const struct protocol *p = members[k];

				leave(rw, p, p->nr_writers ? &p->writers[0] : &p->readers[0], why);
			}
			free(why);
			continue;
		}
		plan_group(rw, members, n);
	}
	hashmap_release(&by_site);
	free(parent);
	free(members);
	free(planned);
	for (i = 0; i < rw->nr_patches; i++) {
		site_notes(rw, run, &rw->patches[i], i);
		asm_notes(rw, run, &rw->patches[i]);
	}

}

void rewrite_release(struct rewrite *rw)
{
	size_t i;

	for (i = 0; i < rw->nr; i++) {
		line_edits_release(&rw->v[i].edits);
		if (rw->v[i].lex) {
			lex_result_release(rw->v[i].lex);
			free(rw->v[i].lex);
		}
	}
	free(rw->v);
	for (i = 0; i < rw->nr_patches; i++) {
		free(rw->patches[i].v);
		free(rw->patches[i].stale);
		free(rw->patches[i].subject);
		free(rw->patches[i].body);
	}
	free(rw->patches);
	skip_list_release(&rw->left);
	asm_files_release(&rw->asm_files);
	memset(rw, 0, sizeof(*rw));
}
