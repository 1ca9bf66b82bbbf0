/* series.c: format-patch series of the rewritten protocols */
#include "series.h"
#include "key.h"
#include "classify.h"
#include "cost.h"
#include "cleanup.h"
#include "git.h"
#include "maint.h"
#include "prefix.h"
#include "prims.h"
#include "quote.h"
#include "sha1.h"
#include "strbuf.h"
#include "util.h"
#include "visible.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool in_list(size_t tag, const size_t *which, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (which[i] == tag)
			return true;
	return false;
}

/* Copies of f's edits whose tag is among which[0..n). */
static void subset(struct line_edits *out, const struct rewrite_file *f, const size_t *which,
		   size_t n)
{
	size_t i;

	for (i = 0; i < f->edits.nr; i++)
		if (in_list(f->edits.v[i].tag, which, n))
			line_edits_add(out, f->edits.v[i].first, f->edits.v[i].nr_old,
				       xstrdup(f->edits.v[i].new_text), f->edits.v[i].tag);
}

static unsigned newlines(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/*
 * "index OLD..NEW MODE", as git writes it: the blob ids of the file before
 * and after edits (full ids, so that git am -3 finds the blobs in any
 * clone), and the file's mode when the file can be read.
 */
static void index_line(struct strbuf *out, const char *path, const struct strbuf *before,
		       struct line_edits *edits, const char *rel)
{
	struct strbuf after = STRBUF_INIT, unused = STRBUF_INIT;
	char old_id[41], new_id[41];
	struct stat st;

	diff_unified(&unused, rel, before->buf, before->len, edits, &after);
	git_blob_id(before->buf, before->len, old_id);
	git_blob_id(after.buf, after.len, new_id);
	strbuf_addf(out, "index %s..%s", old_id, new_id);
	if (!stat(path, &st) && S_ISREG(st.st_mode))
		strbuf_adds(out, st.st_mode & S_IXUSR ? " 100755" : " 100644");
	strbuf_addch(out, '\n');
	strbuf_release(&after);
	strbuf_release(&unused);
}

/*
 * The diff of protocol tag on top of the earlier ones of the series
 * (earlier[0..nr_earlier)) for file f, appended to out; returns whether
 * the file is touched.
 */
static bool file_diff(struct strbuf *out, const struct rewrite_file *f, size_t tag,
		      const size_t *earlier, size_t nr_earlier)
{
	struct line_edits before = { NULL, 0, 0 }, mine = { NULL, 0, 0 }, none = { NULL, 0, 0 };
	struct strbuf base = STRBUF_INIT, unused = STRBUF_INIT;
	size_t i, j;

	subset(&mine, f, &tag, 1);
	if (!mine.nr)
		return false;
	subset(&before, f, earlier, nr_earlier);
	diff_unified(&unused, f->rel, f->text, f->len, &before, &base);
	/* the earlier edits move the lines of this one */
	for (i = 0; i < mine.nr; i++) {
		long shift = 0;

		for (j = 0; j < before.nr; j++)
			if (before.v[j].first < mine.v[i].first)
				shift += (long)newlines(before.v[j].new_text) - (long)before.v[j].nr_old;
		mine.v[i].first = (unsigned)((long)mine.v[i].first + shift);
	}
	strbuf_adds(out, "diff --git ");
	quote_path2(out, "a/", f->rel);
	strbuf_addch(out, ' ');
	quote_path2(out, "b/", f->rel);
	strbuf_addch(out, '\n');
	index_line(out, f->path, &base, &mine, f->rel);
	diff_unified(out, f->rel, base.buf, base.len, &mine, NULL);
	line_edits_release(&before);
	line_edits_release(&mine);
	line_edits_release(&none);
	strbuf_release(&base);
	strbuf_release(&unused);
	return true;
}

struct stat_line {
	char *name;		/* owned: as the diff header quotes it, without "b/" */
	unsigned ins, del;
};

static unsigned decimal_width(unsigned long v)
{
	unsigned w = 1;

	while (v >= 10) {
		v /= 10;
		w++;
	}
	return w;
}

/* git's scale_linear(): it of max_change in width columns, at least 1 when not 0. */
static unsigned scale_linear(unsigned it, unsigned width, unsigned max_change)
{
	return it ? 1 + (unsigned)((unsigned long)it * (width - 1) / max_change) : 0;
}

/* How many files a cover letter names before "and N more files". */
#define COVER_FILES 8

/* Width of the diffstat of a mail, as git format-patch writes it. */
#define STAT_WIDTH 72

/*
 * The diffstat of a patch's diff as git format-patch writes it: names
 * padded to one column (cut at the front, after "...", to fit), counts
 * aligned, the +/- graph scaled to the width left, then the summary.
 */
static void diffstat(struct strbuf *out, const char *diff)
{
	const char *p = diff;
	struct stat_line *v = NULL, *cur = NULL;
	size_t nr = 0, alloc = 0, i;
	unsigned max_change = 0, max_len = 0, all_ins = 0, all_del = 0;
	unsigned width = STAT_WIDTH, number_width, graph_width, name_width;

	for (; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *name = NULL;
		size_t len = 0;
		bool quoted = false;

		/* the name as the header quotes it, without "b/" */
		if (n > 6 && !strncmp(p, "+++ b/", 6)) {
			name = p + 6;
			len = n - 6;
		} else if (n > 7 && !strncmp(p, "+++ \"b/", 7)) {
			name = p + 7;
			len = n - 7;
			quoted = true;
		}
		if (name) {
			if (len && name[len - 1] == '\t')	/* a name with a space */
				len--;
			ALLOC_GROW(v, nr + 1, alloc);
			cur = &v[nr++];
			cur->name = quoted ? xasprintf("\"%.*s", (int)len, name) : xstrndup(name, len);
			cur->ins = cur->del = 0;
		} else if (cur && n && p[0] == '+' && strncmp(p, "+++ ", 4)) {
			cur->ins++;
		} else if (cur && n && p[0] == '-' && strncmp(p, "--- ", 4)) {
			cur->del++;
		}
		p += n + (nl ? 1 : 0);
	}
	for (i = 0; i < nr; i++) {
		if (v[i].ins + v[i].del > max_change)
			max_change = v[i].ins + v[i].del;
		if (strlen(v[i].name) > max_len)
			max_len = (unsigned)strlen(v[i].name);
	}
	/* git's show_stats(): first what is wanted, then fitted to the width */
	number_width = decimal_width(max_change);
	graph_width = max_change;
	name_width = max_len;
	if (name_width + number_width + 6 + graph_width > width) {
		if (graph_width + number_width + 6 > width * 3 / 8) {
			graph_width = width * 3 / 8 > number_width + 6 ?
				width * 3 / 8 - number_width - 6 : 0;
			if (graph_width < 6)
				graph_width = 6;
		}
		if (name_width > width - number_width - 6 - graph_width)
			name_width = width - number_width - 6 - graph_width;
		else
			graph_width = width - number_width - 6 - name_width;
	}
	for (i = 0; i < nr; i++) {
		const char *name = v[i].name, *prefix = "";
		unsigned len = name_width, add = v[i].ins, del = v[i].del, k;

		if (name_width < strlen(name)) {
			const char *slash;

			prefix = "...";
			len -= 3;
			name += strlen(name) - len;
			if ((slash = strchr(name, '/')))
				name = slash;
		}
		if (graph_width <= max_change) {
			unsigned total = scale_linear(add + del, graph_width, max_change);

			if (total < 2 && add && del)
				total = 2;
			if (add < del) {
				add = scale_linear(add, graph_width, max_change);
				del = total - add;
			} else {
				del = scale_linear(del, graph_width, max_change);
				add = total - del;
			}
		}
		strbuf_addf(out, " %s%-*s | %*u%s", prefix, (int)len, name, (int)number_width,
			    v[i].ins + v[i].del, v[i].ins + v[i].del ? " " : "");
		for (k = 0; k < add; k++)
			strbuf_addch(out, '+');
		for (k = 0; k < del; k++)
			strbuf_addch(out, '-');
		strbuf_addch(out, '\n');
		all_ins += v[i].ins;
		all_del += v[i].del;
		free(v[i].name);
	}
	free(v);
	/* as git's diffstat: a count of zero is left out, but for a change of nothing */
	strbuf_addf(out, " %zu file%s changed", nr, nr == 1 ? "" : "s");
	if (all_ins || !all_del)
		strbuf_addf(out, ", %u insertion%s(+)", all_ins, all_ins == 1 ? "" : "s");
	if (all_del || !all_ins)
		strbuf_addf(out, ", %u deletion%s(-)", all_del, all_del == 1 ? "" : "s");
	strbuf_addch(out, '\n');
}

/*
 * The subject prefix: the most common "prefix: " of the file's recent
 * subjects when the tree is a git repository, else its folder and name.
 */
/* Folder names that say nothing of the subsystem. */
static bool generic_dir(const char *d, size_t n)
{
	static const char *const generic[] = { "kernel", "include", "asm", "cpu", "core", "class",
					       "host", "common", "lib", "src", "linux", "uapi" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(generic); i++)
		if (n == strlen(generic[i]) && !memcmp(d, generic[i], n))
			return true;
	return false;
}

/*
 * A subject prefix from the path alone, after the kernel's habits:
 * arch/x86/kernel/cpu/sgx/encl.c -> "x86/sgx", arch/arm64/include/asm/mte.h
 * -> "arm64: mte", drivers/usb/class/cdc-wdm.c -> "usb: cdc-wdm",
 * drivers/net/ethernet/intel/i40e/i40e_txrx.c -> "i40e", kernel/sched/x.c
 * -> "sched", fs/ext4/inode.c -> "ext4", lib/vsprintf.c -> "lib/vsprintf".
 */
static char *path_prefix(const char *rel)
{
	const char *parts[64], *stem = rel, *dot;
	size_t len[64], n = 0, stem_len, i;
	const char *p = rel;

	while (n < 64) {
		const char *slash = strchr(p, '/');

		if (!slash)
			break;
		parts[n] = p;
		len[n++] = (size_t)(slash - p);
		p = slash + 1;
	}
	stem = p;
	dot = strrchr(stem, '.');
	stem_len = dot ? (size_t)(dot - stem) : strlen(stem);
	if (!n)
		return xstrndup(stem, stem_len);
	/* the deepest folder that names something */
	for (i = n; i > 1 && generic_dir(parts[i - 1], len[i - 1]); i--)
		;
	if (len[0] == 4 && !memcmp(parts[0], "arch", 4) && n >= 2) {
		if (i > 2)
			return xasprintf("%.*s/%.*s", (int)len[1], parts[1], (int)len[i - 1], parts[i - 1]);
		return xasprintf("%.*s: %.*s", (int)len[1], parts[1], (int)stem_len, stem);
	}
	if (len[0] == 7 && !memcmp(parts[0], "drivers", 7) && n >= 2) {
		if (i > 2 && n > 2 && i == n)
			return xstrndup(parts[i - 1], len[i - 1]);
		return xasprintf("%.*s: %.*s", (int)len[1], parts[1], (int)stem_len, stem);
	}
	if (n >= 2)	/* kernel/sched, fs/ext4, net/packet, include/linux... */
		return i > 1 ? xstrndup(parts[i - 1], len[i - 1])
			     : xstrndup(stem, stem_len);
	return xasprintf("%.*s/%.*s", (int)len[0], parts[0], (int)stem_len, stem);
}

/* The prefix of the table (prefix.c) for rel, else one from its path. */
static char *table_prefix(const char *rel)
{
	bool capital;
	char *p = prefix_of(rel, &capital);

	return p ? p : path_prefix(rel);
}

static char *subject_prefix(const struct series_options *o, const char *rel)
{
	struct strbuf log = STRBUF_INIT;
	char *seen[30], *best = NULL, *line, *nl;
	unsigned count[30];
	size_t nr = 0, i, top = 0;

	if (!o->git || git_view_subjects(o->git, rel, 30, &log) < 0) {
		strbuf_release(&log);
		return table_prefix(rel);
	}
	for (line = log.buf; *line && nr < 30; line = nl + 1) {
		char *colon;

		nl = strchr(line, '\n');
		if (!nl)
			break;
		*nl = '\0';
		colon = strrchr(line, ':');
		if (!colon || colon == line || colon[1] != ' ')
			continue;
		*colon = '\0';
		for (i = 0; i < nr && strcmp(seen[i], line); i++)
			;
		if (i == nr) {
			seen[nr] = xstrdup(line);
			count[nr++] = 0;
		}
		count[i]++;
	}
	for (i = 0; i < nr; i++)
		if (count[i] > count[top])
			top = i;
	if (nr)
		best = xstrdup(seen[top]);
	for (i = 0; i < nr; i++)
		free(seen[i]);
	strbuf_release(&log);
	return best ? best : table_prefix(rel);
}

/*
 * Whether the subsystem of rel asks for a capital letter after the prefix:
 * the table says so (KVM), or the tree that merges it is tip
 * (Documentation/process/maintainer-tip.rst).
 */
static bool wants_capital(const struct series_options *o, const char *rel)
{
	struct strbuf trees = STRBUF_INIT;
	bool capital;

	free(prefix_of(rel, &capital));
	if (!capital && o->maint) {
		maint_section_trees(maint_tree_section(o->maint, rel), &trees);
		capital = strstr(trees.buf, "/tip/tip.git") != NULL;
	}
	strbuf_release(&trees);
	return capital;
}

/*
 * The trees whose subjects name them after PATCH: netdev's net-next, or
 * net for a fix (Documentation/process/maintainer-netdev.rst), and
 * netfilter's nf-next or nf, as its T: lines name them.
 */
static const struct subject_tree {
	const char *url, *next, *fix;
} subject_trees[] = {
	{ "/netdev/net-next.git", "net-next", "net" },
	{ "/netfilter/nf-next.git", "nf-next", "nf" },
};

/* The tree of subject_trees[] that merges rel, or NULL. */
static const struct subject_tree *subject_tree(const struct series_options *o, const char *rel)
{
	struct strbuf trees = STRBUF_INIT;
	const struct subject_tree *out = NULL;
	size_t i;

	if (o->maint) {
		maint_section_trees(maint_tree_section(o->maint, rel), &trees);
		for (i = 0; i < ARRAY_SIZE(subject_trees) && !out; i++)
			if (strstr(trees.buf, subject_trees[i].url))
				out = &subject_trees[i];
	}
	strbuf_release(&trees);
	return out;
}

/* git's file name for a subject: lowercase words joined by '-', at most 52 characters. */
static char *slug(const char *subject)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = subject; *p && sb.len < 52; p++) {
		if (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
			strbuf_addch(&sb, tolower((unsigned char)*p));
		else if (sb.len && sb.buf[sb.len - 1] != '-')
			strbuf_addch(&sb, '-');
	}
	while (sb.len && (sb.buf[sb.len - 1] == '-' || sb.buf[sb.len - 1] == '.'))
		sb.len--;
	sb.buf[sb.len] = '\0';
	return strbuf_detach(&sb);
}

/*
 * Appends text as a paragraph wrapped at 72 columns, its lines after the
 * first indented by indent spaces, then a blank line.
 */
static void wrap_indent(struct strbuf *sb, const char *text, size_t indent)
{
	size_t col = 0;
	const char *p = text;
	bool start = true;	/* nothing on the line yet */

	while (*p) {
		size_t n = strcspn(p, " ");

		if (!start && col + 1 + n > 72) {
			strbuf_addf(sb, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!start) {
			strbuf_addch(sb, ' ');
			col++;
		}
		start = false;
		strbuf_add(sb, p, n);
		col += n;
		p += n;
		while (*p == ' ')
			p++;
	}
	strbuf_adds(sb, "\n\n");
}

/* Appends text as a paragraph wrapped at 72 columns, then a blank line. */
static void wrap(struct strbuf *sb, const char *text)
{
	wrap_indent(sb, text, 0);
}

/* The functions that hold the barriers of ends v[0..n) one call level away. */
static void barrier_functions(struct strbuf *sb, const struct protocol *p,
			      const struct pair_end *v, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		const char *fn = v[i].site->function ? v[i].site->function : "?";

		/* only a barrier that goes: one that stays is not moved into the callers */
		if (!v[i].caller || !classify_convertible(p, &v[i]))
			continue;
		for (k = 0; k < i && (!v[k].caller || !classify_convertible(p, &v[k]) ||
				      strcmp(v[k].site->function ? v[k].site->function : "?", fn)); k++)
			;
		if (k == i)
			strbuf_addf(sb, "%s%s()", sb->len ? ", " : "", fn);
	}
}

/* What the rewrite made of p: a bit operation kept, test_bit_acquire(), a barrier in a callee. */
static void forms(const struct protocol *p, bool *bitop, bool *test_bit, bool *in_callee)
{
	size_t i;

	*bitop = *test_bit = *in_callee = false;
	/* in_callee: a barrier one call level away that goes (one that stays moves nowhere) */
	for (i = 0; i < p->nr_writers; i++) {
		*bitop |= !p->writers[i].caller && rewrite_bitop_store(p->writers[i].access);
		*in_callee |= p->writers[i].caller && classify_convertible(p, &p->writers[i]);
	}
	for (i = 0; i < p->nr_readers; i++) {
		*test_bit |= !p->readers[i].caller && rewrite_test_bit_load(p->readers[i].access);
		*in_callee |= p->readers[i].caller && classify_convertible(p, &p->readers[i]);
	}
}

/*
 * Whether s[0..n) names a constant: an identifier with a capital letter
 * (PG_mte_tagged, VM_UNINITIALIZED; not a variable like nr or i).
 */
static bool constant_name(const char *s, size_t n)
{
	bool capital = false;
	size_t i;

	if (!n || isdigit((unsigned char)s[0]))
		return false;
	for (i = 0; i < n; i++) {
		if (!is_c_ident_char(s[i]))
			return false;
		capital |= isupper((unsigned char)s[i]) != 0;
	}
	return capital;
}

/*
 * The bit a plain writer sets or clears with X |= BIT or X &= ~BIT, read
 * from the source after the access; NULL otherwise. Caller frees.
 */
static char *mask_store_bit(const struct pair_end *e)
{
	const char *text = e->fs ? e->fs->text : NULL, *t, *end;
	size_t len = e->fs ? e->fs->len : 0, n;

	if (!text || e->caller || e->helper || strcmp(e->access_file, e->file) ||
	    e->access->off + strlen(e->access->path) >= len ||
	    memcmp(text + e->access->off, e->access->path, strlen(e->access->path)))
		return NULL;
	t = text + e->access->off + strlen(e->access->path);
	end = memchr(t, ';', len - (size_t)(t - text));
	if (!end)
		return NULL;
	while (t < end && isspace((unsigned char)*t))
		t++;
	if (end - t < 3 || !((t[0] == '|' && t[1] == '=') || (t[0] == '&' && t[1] == '=')))
		return NULL;
	t += 2;
	while (t < end && isspace((unsigned char)*t))
		t++;
	if (t[-2] == '&' || t[-3] == '&') {
		/* &= ~BIT clears it */
		if (t >= end || *t != '~')
			return NULL;
		t++;
	}
	while (t < end && (*t == '(' || isspace((unsigned char)*t)))
		t++;
	n = (size_t)(end - t);
	while (n && (t[n - 1] == ')' || isspace((unsigned char)t[n - 1])))
		n--;
	return constant_name(t, n) ? xstrndup(t, n) : NULL;
}

/*
 * The bit of the flags word p publishes, when every end that names one
 * (set_bit(BIT, ...), test_bit(BIT, ...), X &= ~BIT) names the same
 * constant; NULL otherwise. Caller frees.
 */
static char *protocol_bit(const struct protocol *p)
{
	char *bit = NULL;
	size_t i;

	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							     : &p->readers[i - p->nr_writers];
		const struct access *a = e->access;
		char *b = NULL;

		if (a->via && strstr(a->via, "_bit") && a->value &&
		    constant_name(a->value, strlen(a->value)))
			b = xstrdup(a->value);
		else if (a->is_write && !a->via)
			b = mask_store_bit(e);
		if (!b)
			continue;
		if (bit && strcmp(bit, b)) {
			free(b);
			free(bit);
			return NULL;
		}
		free(bit);
		bit = b;
	}
	return bit;
}

/* What p publishes, for a message: "BIT in X" for a flag bit, else X. Caller frees. */
static char *published(const struct protocol *p)
{
	char *bit = protocol_bit(p), *s;

	if (!bit)
		return xstrdup(p->variable);
	s = xasprintf("%s in %s", bit, p->variable);
	free(bit);
	return s;
}

/*
 * What the writers publish, as they write it: the path of their publish
 * stores when all of them write one ("t->ret_stack" where the protocol's
 * variable is a reader's "current->ret_stack"), else published().
 */
static char *published_by_writers(const struct protocol *p)
{
	const char *path = p->nr_writers ? p->writers[0].access->path : NULL;
	char *bit = protocol_bit(p);
	size_t i;

	for (i = 1; path && i < p->nr_writers; i++)
		if (strcmp(p->writers[i].access->path, path))
			path = NULL;
	if (!path || bit || strchr(path, '\n')) {
		free(bit);
		return published(p);
	}
	return xstrdup(path);
}

/* The architecture all of patch's ends are under (arch/NAME/...), or NULL. */
/*
 * How maintainers name each architecture (variant) in prose; also keeps
 * MAINTAINERS K: keywords ("riscv", "csky") out of the messages, which
 * get_maintainer.pl would match.
 */
static const struct { const char *label, *name; } arch_names[] = {
	{ "alpha", "Alpha" }, { "arc", "ARC" }, { "arm", "32-bit ARM" }, { "arm64", "arm64" },
	{ "csky", "C-SKY" }, { "hexagon", "Hexagon" }, { "loongarch", "LoongArch" },
	{ "m68k", "m68k" }, { "microblaze", "MicroBlaze" }, { "mips (mips64)", "MIPS" },
	{ "mips (octeon)", "MIPS Octeon" }, { "nios2", "Nios II" }, { "openrisc", "OpenRISC" },
	{ "parisc (parisc64)", "64-bit PA-RISC" }, { "parisc (parisc32)", "32-bit PA-RISC" },
	{ "powerpc (ppc64)", "64-bit powerpc" },
	{ "powerpc (ppc32)", "32-bit powerpc" }, { "powerpc (ppc32-booke)", "32-bit powerpc BookE" }, { "riscv (rv64)", "RISC-V" }, { "s390", "s390" },
	{ "sh", "SuperH" }, { "sparc (sparc64)", "sparc64" },
	{ "sparc (sparc32)", "32-bit SPARC" }, { "um", "UML" },
	{ "x86 (x86-64)", "x86-64" }, { "x86 (x86-32)", "32-bit x86" }, { "xtensa", "Xtensa" },
};

static char *arch_name(const struct cost_variant *v)
{
	char *label = v->name ? xasprintf("%s (%s)", v->arch, v->name) : xstrdup(v->arch);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(arch_names); i++) {
		if (!strcmp(arch_names[i].label, label)) {
			free(label);
			return xstrdup(arch_names[i].name);
		}
	}
	return label;
}

/* Whether v builds a file of patch's protocols' ends that convert. */
static bool arch_builds(const struct rewrite_patch *patch, const struct cost_variant *v,
			const struct series_options *o)
{
	size_t m;

	for (m = 0; m < patch->nr; m++)
		if (cost_protocol_builds(o->cost, patch->v[m], v, o->cost->root, o->root) == 1)
			return true;
	return false;
}

/*
 * A sequence of acqrel cost as prose ("dmb ishst and store"); returns the
 * number of items.
 */
static size_t seq_prose(struct strbuf *sb, const char *seq)
{
	const char *full = "full smp_mb(): ", *only = strstr(seq, " (");
	bool is_full = !strncmp(seq, full, strlen(full)), in_mb = false;
	size_t n = only ? (size_t)(only - seq) : strlen(seq), i = 0, k;
	char *s;

	if (is_full) {
		seq += strlen(full);
		n -= strlen(full);
	}
	s = xstrndup(seq, n);
	for (k = 0; s[k]; ) {
		size_t len = strcspn(s + k, "+");
		char *item = xstrndup(s + k, len);
		char *t = item + strspn(item, " ");
		size_t tl = strlen(t);
		bool access;

		while (tl && t[tl - 1] == ' ')
			t[--tl] = '\0';
		k += len + (s[k + len] == '+');
		access = !strcmp(t, "store") || !strcmp(t, "load");
		/* asm-generic's barrier: "a full smp_mb(), dmb ish," */
		if (in_mb && access) {
			strbuf_addch(sb, ',');
			in_mb = false;
		}
		if (!in_mb) {
			strbuf_adds(sb, i++ ? " and " : "");
			if (is_full && !access) {
				strbuf_adds(sb, "a full smp_mb(), ");
				in_mb = true;
			}
		} else {
			strbuf_adds(sb, " ");
		}
		strbuf_adds(sb, t);
		free(item);
	}
	/* "load (smp_rmb(): compiler barrier only)": the barrier emitted nothing */
	if (only && strchr(only, ':')) {
		strbuf_addf(sb, " and %.*s, only a compiler barrier,",
			    (int)(strchr(only, ':') - only - 2), only + 2);
		i++;
	}
	free(s);
	return i;
}

static const char *effect_prose(enum cost_effect e)
{
	return e == COST_GAINS ? "fewer instructions" :
	       e == COST_PAYS_MORE ? "a stronger barrier" : "as many instructions";
}

/* "a, b, c" as "a, b and c" (caller frees). */
static char *and_list(const char *list)
{
	const char *comma = strrchr(list, ',');

	return comma ? xasprintf("%.*s and%s", (int)(comma - list), list, comma + 1)
		     : xstrdup(list);
}

/* The x86 instruction that does X op= v on memory in one. */
static const char *rmw_instruction(char op)
{
	return op == '-' ? "sub" : op == '|' ? "or" : op == '&' ? "and" : op == '^' ? "xor" : "add";
}

/*
 * What the conversion costs on each architecture that builds the touched
 * files (only its own for code under arch/NAME/, else every one), from
 * the model acqrel cost computes from the tree's barrier headers: which
 * gain, which pay more, which stay the same. NULL without a model.
 */
static bool clears_bit(const struct protocol *p);
static bool barrier_in_if(const struct pair_end *e);
static bool exit_before_barrier(const struct pair_end *e);
static bool load_in_loop_condition(const struct pair_end *e);

/*
 * The size of the variable patch's protocols publish, as protocol.size
 * gives it, or 0 when they publish variables of different sizes or of
 * one acqrel does not know.
 */
static unsigned patch_size(const struct rewrite_patch *patch)
{
	unsigned size = patch->nr ? patch->v[0]->size : 0;
	size_t m;

	for (m = 1; m < patch->nr; m++)
		if (patch->v[m]->size != size)
			return 0;
	return size;
}

/*
 * What one side of a conversion does on an architecture, for the summary
 * of arch_cost(): of the side (subject) alone, or of both sides when they
 * do the same, or of a group's releases (plural); barriers when more than
 * one barrier goes.
 */
static const char *side_effect_phrase(enum cost_effect e, bool plural, bool barriers)
{
	switch (e) {
	case COST_GAINS:
		return !plural ? "takes fewer instructions than the barrier it replaces"
		       : barriers ? "take fewer instructions than the barriers they replace"
				  : "take fewer instructions than the barrier they replace";
	case COST_PAYS_MORE:
		return plural ? "are stronger barriers" : "is a stronger barrier";
	case COST_DIFFERENT:
		return plural ? "take as many instructions as before, other ones"
			      : "takes as many instructions as before, other ones";
	default:
		return plural ? "compile to the same code" : "compiles to the same code";
	}
}

/*
 * The architectures whose code changes, grouped by what each side does
 * (side -1 when it is not converted), in the summary's order: those that
 * gain first, then those that take as many, then one side each way, then
 * those that pay more.
 */
struct cost_group {
	int release, acquire;	/* enum cost_effect, or -1 */
	struct strbuf names;
};

static int cost_group_rank(const struct cost_group *g)
{
	bool gains = g->release == COST_GAINS || g->acquire == COST_GAINS;
	bool pays = g->release == COST_PAYS_MORE || g->acquire == COST_PAYS_MORE;

	return gains && pays ? 2 : pays ? 3 : gains ? 0 : 1;
}

/* Adds architecture name to the group of its effects in v[0..*nr). */
static void cost_group_add(struct cost_group **v, size_t *nr, size_t *alloc, int release,
			   int acquire, const char *name)
{
	size_t k;

	for (k = 0; k < *nr && ((*v)[k].release != release || (*v)[k].acquire != acquire); k++)
		;
	if (k == *nr) {
		ALLOC_GROW(*v, *nr + 1, *alloc);
		(*v)[k].release = release;
		(*v)[k].acquire = acquire;
		strbuf_init(&(*v)[k].names);
		(*nr)++;
	}
	strbuf_addf(&(*v)[k].names, "%s%s", (*v)[k].names.len ? ", " : "", name);
}

/*
 * The summary's clauses, "On arm64 the release and the acquire take ...;
 * on ...", into sb; capital for the first "On".
 */
static void cost_groups_say(struct strbuf *sb, struct cost_group *v, size_t nr, bool capital,
			    unsigned n_rel, unsigned n_acq)
{
	const char *subject = NULL;	/* after the first clause of one kind: "it" or "they" */
	const char *rel = n_rel > 1 ? "the releases" : "the release";
	const char *acq = n_acq > 1 ? "the acquires" : "the acquire";
	size_t k, rank, said = 0;

	for (rank = 0; rank < 4; rank++) {
		for (k = 0; k < nr; k++) {
			const struct cost_group *g = &v[k];
			bool both = g->release >= 0 && g->acquire >= 0;
			bool many = both || (g->release >= 0 ? n_rel : n_acq) > 1;
			char *list;

			if ((size_t)cost_group_rank(g) != rank)
				continue;
			list = and_list(g->names.buf);
			strbuf_addf(sb, "%s %s ", said ? "; on" : capital ? "On" : "on", list);
			if (both && g->release != g->acquire) {
				strbuf_addf(sb, "%s %s and %s %s", rel,
					    side_effect_phrase(g->release, n_rel > 1, false), acq,
					    side_effect_phrase(g->acquire, n_acq > 1, false));
			} else {
				int e = both || g->release >= 0 ? g->release : g->acquire;
				char *who = both ? xasprintf("%s and %s", rel, acq)
					    : xstrdup(g->release >= 0 ? rel : acq);

				strbuf_addf(sb, "%s %s", subject ? subject : who,
					    side_effect_phrase(e, many, both));
				subject = many ? "they" : "it";
				free(who);
			}
			said++;
			free(list);
		}
	}
}

/*
 * How many accesses of patch become releases (writers) or acquires
 * (readers) for one barrier, at most: a group's "smp_wmb(); a = 1; b = 2;"
 * is two releases where there was one barrier.
 */
static unsigned per_barrier(const struct rewrite_patch *patch, bool writers)
{
	unsigned most = 1;
	size_t m, i, m2, i2;

	for (m = 0; m < patch->nr; m++) {
		const struct protocol *p = patch->v[m];
		size_t n = writers ? p->nr_writers : p->nr_readers;

		for (i = 0; i < n; i++) {
			const struct pair_end *e = writers ? &p->writers[i] : &p->readers[i];
			unsigned count = 0;

			if (!classify_convertible(p, e))
				continue;
			for (m2 = 0; m2 < patch->nr; m2++) {
				const struct protocol *q = patch->v[m2];
				size_t n2 = writers ? q->nr_writers : q->nr_readers;

				for (i2 = 0; i2 < n2; i2++) {
					const struct pair_end *f = writers ? &q->writers[i2]
									   : &q->readers[i2];

					count += f->site == e->site && classify_convertible(q, f);
				}
			}
			if (count > most)
				most = count;
		}
	}
	return most;
}

/*
 * The summary paragraph of the cost (returned), and into *details the
 * instructions of each architecture whose code changes, one item each,
 * for the notes below "---": a reviewer reads there what arm64 or RISC-V
 * emits before and after, and the commit keeps the summary only.
 */
static char *arch_cost(const struct rewrite_patch *patch, const struct series_options *o,
		       char **details)
{
	bool rel = false, acq = false, unlock = false, in_if = false, exits = false, loop = false;
	struct strbuf sb = STRBUF_INIT, same = STRBUF_INIT, rmw = STRBUF_INIT, unread = STRBUF_INIT;
	struct strbuf nobuild = STRBUF_INIT, unclobbered = STRBUF_INIT;
	unsigned declared = patch_size(patch), wide = 0, n_rel, n_acq;
	bool unclobbered_rel = false, unclobbered_acq = false;
	struct cost_group *groups = NULL;
	size_t nr_groups = 0, alloc_groups = 0;
	bool any_assumed = false;
	struct strbuf items = STRBUF_INIT;
	char **clauses = NULL, **names = NULL;
	size_t nr = 0, alloc = 0, alloc_n = 0, m, i, k, nr_same = 0;

	*details = NULL;
	if (!o->cost)
		return NULL;
	n_rel = per_barrier(patch, true);
	n_acq = per_barrier(patch, false);
	for (m = 0; m < patch->nr; m++) {
		const struct protocol *p = patch->v[m];

		for (i = 0; i < p->nr_writers; i++)
			rel |= classify_convertible(p, &p->writers[i]);
		for (i = 0; i < p->nr_readers; i++) {
			acq |= classify_convertible(p, &p->readers[i]);
			in_if |= classify_convertible(p, &p->readers[i]) &&
				 barrier_in_if(&p->readers[i]);
			exits |= classify_convertible(p, &p->readers[i]) &&
				 exit_before_barrier(&p->readers[i]);
			loop |= classify_convertible(p, &p->readers[i]) &&
				load_in_loop_condition(&p->readers[i]);
		}
		unlock |= clears_bit(p);
	}
	/*
	 * clear_bit_unlock() is an atomic bit operation with release ordering,
	 * not a store-release: its instructions are not the release's
	 */
	if (unlock) {
		rel = false;
		strbuf_adds(&sb, "The writer's smp_wmb() and clear_bit() become clear_bit_unlock(), "
			    "an atomic bit operation with release ordering, whose instructions "
			    "each architecture's bitops give and this message does not list. ");
	}
	for (i = 0; i < o->cost->nr; i++) {
		const struct cost_variant *v = &o->cost->v[i];
		struct strbuf c = STRBUF_INIT;
		char *name;
		int side;
		bool unknown = false, changed = false, too_wide = false, assumed = false;
		bool no_barrier = false;
		int effect[2] = { -1, -1 };	/* of the release, of the acquire */
		unsigned size = cost_size_on(v, declared);

		if (!arch_builds(patch, v, o))
			continue;
		/* a release or acquire that is no compiler barrier: the conversion is not safe there */
		for (side = 0; side < 2; side++) {
			if ((side ? !acq : !rel) || !cost_seq_for(v, !side, size)->no_compiler_barrier)
				continue;
			no_barrier = true;
			unclobbered_rel |= !side;
			unclobbered_acq |= side;
		}
		if (no_barrier) {
			name = arch_name(v);
			strbuf_addf(&unclobbered, "%s%s", unclobbered.len ? ", " : "", name);
			free(name);
		}
		for (side = 0; side < 2; side++) {
			bool release = side == 0;
			char *before, *after;
			enum cost_effect e;

			if (release ? !rel : !acq)
				continue;
			e = cost_compare_n(v, release, size, release ? n_rel : n_acq, &before,
					   &after);
			effect[side] = (int)e;
			unknown |= e == COST_UNKNOWN;
			too_wide |= e == COST_NO_BUILD;
			if (e != COST_UNKNOWN && e != COST_UNCHANGED && e != COST_NO_BUILD) {
				strbuf_adds(&c, changed ? ", and the reader's " :
					    release ? "the writer's " : "the reader's ");
				strbuf_adds(&c, seq_prose(&c, before) > 1 ? " become " : " becomes ");
				seq_prose(&c, after);
				/* a group: one release (or acquire) for each access */
				if ((release ? n_rel : n_acq) > 1)
					strbuf_adds(&c, " for each");
				/* the header switches on a size acqrel does not know */
				assumed |= !size && v->sized[side];
				strbuf_addf(&c, " (%s)", effect_prose(e));
				changed = true;
			}
			free(before);
			free(after);
		}
		if (assumed) {
			char *said = xasprintf(", for a word-sized variable, %s", c.buf);

			strbuf_reset(&c);
			strbuf_adds(&c, said);
			free(said);
		}
		name = arch_name(v);
		if (too_wide) {
			/* compiletime_assert_atomic_type() stops the build: no cost to give */
			strbuf_addf(&nobuild, "%s%s", nobuild.len ? ", " : "", name);
			wide = size;
			free(name);
		} else if (unknown) {
			/* acqrel could not read it: no guess, but the list says it is not complete */
			strbuf_addf(&unread, "%s%s", unread.len ? ", " : "", name);
			free(name);
		} else if (!changed) {
			strbuf_addf(&same, "%s%s", nr_same ? ", " : "", name);
			nr_same++;
			/* x86 has read-modify-write instructions on memory; a release has none */
			if (!strcmp(v->arch, "x86") && patch->counter)
				strbuf_addf(&rmw, "%s%s", rmw.len ? ", " : "", name);
			free(name);
		} else {
			cost_group_add(&groups, &nr_groups, &alloc_groups, effect[0], effect[1], name);
			any_assumed |= assumed;
			/* architectures with the same change share one item */
			for (k = 0; k < nr && strcmp(clauses[k], c.buf); k++)
				;
			if (k < nr) {
				char *joined = xasprintf("%s, %s", names[k], name);

				free(names[k]);
				names[k] = joined;
				free(name);
			} else {
				ALLOC_GROW(clauses, nr + 1, alloc);
				ALLOC_GROW(names, nr + 1, alloc_n);
				clauses[nr] = strbuf_detach(&c);
				names[nr++] = name;
			}
		}
		strbuf_release(&c);
	}
	for (k = 0; k < nr; k++) {
		char *list = and_list(names[k]);
		const char *space = clauses[k][0] == ',' ? "" : " ";
		char *item = xasprintf("- On %s%s%s.", list, space, clauses[k]);

		wrap_indent(&items, item, 2);
		/* items follow each other without a blank line */
		items.buf[--items.len] = '\0';
		free(item);
		free(list);
		free(clauses[k]);
		free(names[k]);
	}
	if (nr) {
		/* the size decides the instructions: the summary says what it assumed */
		if (any_assumed)
			strbuf_adds(&sb, "For a word-sized variable (acqrel found no size for this "
				    "one): ");
		cost_groups_say(&sb, groups, nr_groups, !any_assumed, n_rel, n_acq);
		strbuf_adds(&sb, ". ");
		*details = xasprintf("The instructions before and after, from this tree's barrier "
				     "headers:\n%s\n", items.buf);
	}
	if (nr && in_if)
		strbuf_adds(&sb, "The read barrier sat in an if and ran only when its test held; the "
			    "acquire is paid on the other path as well, where the old code had no "
			    "barrier. ");
	else if (nr && exits)
		strbuf_adds(&sb, "A return or goto between the load and the read barrier skipped "
			    "the barrier; the acquire is paid on that path as well. ");
	else if (nr && loop)
		strbuf_adds(&sb, "The read barrier ran once for each turn of the loop; the acquire, "
			    "in the loop's condition, runs once more, at the test that ends it. ");
	if (nr_same) {
		char *comma = strrchr(same.buf, ',');

		if (comma)
			strbuf_addf(&sb, "On %.*s and%s the generated code stays the same",
				    (int)(comma - same.buf), same.buf, comma + 1);
		else
			strbuf_addf(&sb, "On %s the generated code stays the same", same.buf);
		if (rmw.len) {
			const char *op = rmw_instruction(patch->counter);
			char *list = and_list(rmw.buf);

			strbuf_addf(&sb, ", but for the update of %s%s%s, which as a release is a "
				    "load, %s %s, and a store instead of one %s on memory",
				    patch->nr == 1 ? patch->v[0]->variable : "the publish variable",
				    strcmp(rmw.buf, same.buf) ? " on " : "",
				    strcmp(rmw.buf, same.buf) ? list : "",
				    strchr("aeiou", op[0]) ? "an" : "a", op, op);
			free(list);
		}
		strbuf_adds(&sb, ". ");
	}
	if (nobuild.len) {
		char *list = and_list(nobuild.buf);

		strbuf_addf(&sb, "On %s %s of a %u-bit variable %s not build: it is wider than a "
			    "long there. ", list,
			    rel && acq ? "smp_store_release() and smp_load_acquire()" :
			    rel ? "smp_store_release()" : "smp_load_acquire()", wide * 8,
			    rel && acq ? "do" : "does");
		free(list);
	}
	if (unread.len) {
		char *list = and_list(unread.buf);

		strbuf_addf(&sb, "What %s %s is not covered here. ", list,
			    strchr(unread.buf, ',') ? "emit" : "emits");
		free(list);
	}
	if (unclobbered.len) {
		char *list = and_list(unclobbered.buf);
		const char *what = unclobbered_rel && unclobbered_acq
				   ? "smp_store_release() and smp_load_acquire() are"
				   : unclobbered_rel ? "smp_store_release() is" : "smp_load_acquire() is";

		strbuf_addf(&sb, "But on %s this tree's %s, for a variable of this size, an asm "
			    "statement with no \"memory\" clobber, which is no compiler barrier: "
			    "the compiler may move other accesses across it, which the barrier it "
			    "replaces forbids. This change depends on that header getting the "
			    "clobber first. ", list, what);
		free(list);
	}
	free(clauses);
	free(names);
	for (k = 0; k < nr_groups; k++)
		strbuf_release(&groups[k].names);
	free(groups);
	strbuf_release(&items);
	strbuf_release(&same);
	strbuf_release(&rmw);
	strbuf_release(&unread);
	strbuf_release(&nobuild);
	strbuf_release(&unclobbered);
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

/* Whether a writer of p that converts clears a bit (and becomes clear_bit_unlock()). */
static bool clears_bit(const struct protocol *p)
{
	size_t i;

	for (i = 0; i < p->nr_writers; i++)
		if (!p->writers[i].caller && rewrite_clear_bit_store(p->writers[i].access) &&
		    classify_convertible(p, &p->writers[i]))
			return true;
	return false;
}

/* A short path of names and members (pwq->triggered, s.x): a subject can name it. */
static bool plain_path(const char *v)
{
	size_t n = strlen(v), i;

	if (!n || n > 24 || (!isalpha((unsigned char)v[0]) && v[0] != '_'))
		return false;
	for (i = 0; i < n; i++)
		if (!is_c_ident_char(v[i]) && v[i] != '.' &&
		    !(v[i] == '-' && v[i + 1] == '>') && !(v[i] == '>' && i && v[i - 1] == '-'))
			return false;
	return true;
}

/* path from the base of its last "->" on: "bmc->f" of "intf->bmc->f"; path when it has none. */
static const char *last_pointer(const char *path)
{
	const char *arrow = NULL, *p, *b;

	for (p = strstr(path, "->"); p; p = strstr(p + 2, "->"))
		arrow = p;
	if (!arrow)
		return path;
	for (b = arrow; b > path && (isalnum((unsigned char)b[-1]) || b[-1] == '_'); b--)
		;
	return b;
}

/* Data names listed in a message before "and N more". */
#define DATA_NAMED 3

/*
 * names[0..nr) as "a, b and c", the first DATA_NAMED of them followed by
 * "and N more" when more are left; never "and 1 more": the one left is
 * named instead.
 */
static void data_list(struct strbuf *out, const char *const *names, size_t nr)
{
	size_t k, shown = nr > DATA_NAMED + 1 ? DATA_NAMED : nr;

	for (k = 0; k < shown; k++)
		strbuf_addf(out, "%s%s", k == 0 ? "" : k + 1 == nr ? " and " : ", ", names[k]);
	if (shown < nr)
		strbuf_addf(out, " and %zu more", nr - shown);
}

/*
 * Whether a call by this name is no data access: a macro (WARN_ON()), a
 * lock, a print, a trace, preemption or interrupts turned off or on.
 */
static bool noise_call(const char *name)
{
	static const char *const words[] = {
		"lock", "print", "pr_", "dev_", "trace", "might_sleep", "preempt_", "local_irq_",
		"local_bh_",
	};
	const char *p;
	size_t i;

	for (p = name; *p && !islower((unsigned char)*p); p++)
		;
	if (!*p)
		return true;
	/* a semaphore's or rwsem's down and up, a lock by another name */
	if (!strncmp(name, "down_", 5) || !strncmp(name, "up_", 3) || !strcmp(name, "down") ||
	    !strcmp(name, "up"))
		return true;
	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (strstr(name, words[i]))
			return true;
	return false;
}

/*
 * The end of the code before text[off]: blanks and block comments skipped;
 * (size_t)-1 when a comment runs to the start of the text.
 */
static size_t code_before(const char *text, size_t off)
{
	for (;;) {
		while (off && isspace((unsigned char)text[off - 1]))
			off--;
		/* a comment before it, back to its opening */
		if (off < 4 || text[off - 1] != '/' || text[off - 2] != '*')
			return off;
		for (off -= 2; off >= 2 && !(text[off - 2] == '/' && text[off - 1] == '*'); off--)
			;
		if (off < 2)
			return (size_t)-1;
		off -= 2;
	}
}

/* Whether the call at text[off] is a statement of its own (its value unused), or text is unknown. */
static bool statement_call(const char *text, size_t off)
{
	if (!text || (off = code_before(text, off)) == (size_t)-1)
		return true;
	return !off || strchr(";{})", text[off - 1]);
}

/*
 * Whether the call at off is a statement whose value goes to a variable
 * ("ret = arch_uprobe_analyze_insn(&uprobe->arch, mm, vaddr);"): it is
 * made for what it does, as a statement is, its result checked after
 * (the caller leaves out allocations: they make the object, not its data).
 */
static bool assigned_statement_call(const char *text, size_t off)
{
	size_t e;

	if (!text || (off = code_before(text, off)) == (size_t)-1 || off < 2 ||
	    text[off - 1] != '=' || strchr("=!<>+-*/%&|^", text[off - 2]))
		return false;
	for (e = off - 1; e && (text[e - 1] == ' ' || text[e - 1] == '\t'); e--)
		;
	while (e && is_c_ident_char(text[e - 1]))
		e--;
	if (!is_c_ident_char(text[e]) || isdigit((unsigned char)text[e]))
		return false;
	return statement_call(text, e);
}

/*
 * Whether the code of reader e between its subscribe load (or the call
 * of the helper that makes it) and its barrier holds a return or a goto
 * ("if (!x->ready) return 0; smp_rmb();"): the path that leaves there ran
 * no barrier, and now pays the acquire.
 */
static bool exit_before_barrier(const struct pair_end *e)
{
	const char *text = e->fs ? e->fs->text : NULL;
	size_t from, to, i;

	if (!text || e->caller || !e->access)
		return false;
	from = e->helper ? e->helper->off : e->access->off;
	to = e->site->off;
	for (i = from; i < to && text[i]; i++) {
		if (text[i] == '/' && text[i + 1] == '*') {
			const char *end = strstr(text + i + 2, "*/");

			if (!end)
				return false;
			i = (size_t)(end - text) + 1;
		} else if (text[i] == '/' && text[i + 1] == '/') {
			while (i < to && text[i] && text[i] != '\n')
				i++;
		} else if (text[i] == '"' || text[i] == '\'') {
			char q = text[i];

			for (i++; i < to && text[i] && text[i] != q; i++)
				if (text[i] == '\\' && text[i + 1])
					i++;
		} else if ((i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_')) &&
			   ((!strncmp(text + i, "return", 6) &&
			     !(isalnum((unsigned char)text[i + 6]) || text[i + 6] == '_')) ||
			    (!strncmp(text + i, "goto", 4) &&
			     !(isalnum((unsigned char)text[i + 4]) || text[i + 4] == '_')))) {
			return true;
		}
	}
	return false;
}

/*
 * Whether the barrier of reader e runs only when an if's test holds while
 * its subscribe load does not: the barrier is in the then-branch of the
 * nearest if around it, at any depth of its braces ("if (ret) smp_rmb();",
 * "if (x->changed) { int n = ...; smp_rmb(); ... }"), and the load (or the
 * call of the helper that makes it) is outside that branch. The acquire
 * that replaces the barrier is paid on the other path too.
 */
static bool barrier_in_if(const struct pair_end *e)
{
	const struct site *s = e->site;
	size_t load;

	if (e->caller || !e->access || s->branch_end <= s->branch_start)
		return false;
	load = e->helper ? e->helper->off : e->access->off;
	return load < s->branch_start || load >= s->branch_end;
}

/*
 * Whether the subscribe load of reader e is in the condition of a while or
 * for loop whose body holds its barrier ("while (ring->head !=
 * ring->tail) { smp_rmb(); ... }"): the barrier ran once a turn, the
 * acquire runs once more, at the test that ends the loop.
 */
static bool load_in_loop_condition(const struct pair_end *e)
{
	const char *text = e->fs ? e->fs->text : NULL;
	size_t i, at, close;
	int depth = 0;

	if (!text || e->caller || e->helper || !e->access || e->access->off >= e->fs->len ||
	    e->site->off <= e->access->off)
		return false;
	/* out to the '(' of a while or for that holds the load, past calls' */
	for (i = e->access->off; i > 0; i--) {
		char c = text[i - 1];

		if (c == ')') {
			depth++;
		} else if (c == '(' && depth) {
			depth--;
		} else if (c == '(') {
			at = i - 1;
			while (at && (text[at - 1] == ' ' || text[at - 1] == '\t'))
				at--;
			if ((at >= 5 && !memcmp(text + at - 5, "while", 5) &&
			     (at == 5 || !is_c_ident_char(text[at - 6]))) ||
			    (at >= 3 && !memcmp(text + at - 3, "for", 3) &&
			     (at == 3 || !is_c_ident_char(text[at - 4]))))
				break;
			/* a call's or a cast's parenthesis: the condition is further out */
		} else if (c == ';' || c == '{' || c == '}') {
			return false;
		}
	}
	if (!i)
		return false;
	/* a do-while's condition comes after its body */
	for (close = i, depth = 1; close < e->fs->len && depth; close++)
		depth += text[close] == '(' ? 1 : text[close] == ')' ? -1 : 0;
	return !depth && e->site->off > close;
}

/*
 * The call of c in text[0..len): "name(&arg, ...)" naming the first
 * argument that is an address (what the call writes or reads through),
 * else "name()"; *end is the offset after its closing parenthesis (0 when
 * it cannot be read). Caller frees.
 */
static char *call_text(const char *text, size_t len, const struct call_ref *c, size_t *end)
{
	size_t at = c->off, n = strlen(c->name), depth = 0, arg = 0, args = 0, first = 0, k;
	const char *amp = NULL;
	size_t amp_len = 0;

	*end = 0;
	if (!text || at + n >= len || memcmp(text + at, c->name, n))
		return xasprintf("%s()", c->name);
	for (k = at + n; k < len && (text[k] == ' ' || text[k] == '\t'); k++)
		;
	if (k == len || text[k] != '(')
		return xasprintf("%s()", c->name);
	for (arg = k + 1; k < len; k++) {
		char ch = text[k];

		if (ch == '(' || ch == '[' || ch == '{') {
			depth++;
		} else if (ch == ')' || ch == ']' || ch == '}' || (ch == ',' && depth == 1)) {
			if (ch != ',')
				depth--;
			if (depth <= 1) {
				/* the argument [arg, k) */
				size_t a = arg, b = k;

				while (a < b && isspace((unsigned char)text[a]))
					a++;
				while (b > a && isspace((unsigned char)text[b - 1]))
					b--;
				if (depth == 0 || ch == ',') {
					args += b > a;
					if (!amp && b > a && text[a] == '&' && b - a < 60 &&
					    !memchr(text + a, '\n', b - a)) {
						amp = text + a;
						amp_len = b - a;
						first = args;
					}
					arg = k + 1;
				}
			}
			if (depth == 0) {
				*end = k + 1;
				break;
			}
		} else if (ch == ';') {
			break;
		}
	}
	if (!amp)
		return xasprintf("%s()", c->name);
	return xasprintf("%s(%s%.*s%s)", c->name, first > 1 ? "..., " : "", (int)amp_len, amp,
			 args > first ? ", ..." : "");
}

/*
 * Whether end e of a side speaks for the data: a side whose ends are
 * partly the pair's own barriers (smp_wmb() or smp_rmb(), a release or an
 * acquire) and partly full fences that stay (mnt_flags: do_umount()'s
 * smp_mb() next to mnt_get_write_access()'s smp_rmb()) names the data of
 * its own barriers only: a fence orders what its own function needs.
 */
static bool names_data(const struct protocol *p, const struct pair_end *e, bool writer)
{
	const struct pair_end *v = writer ? p->writers : p->readers;
	size_t n = writer ? p->nr_writers : p->nr_readers, i;

	if (prim_role(e->site->primitive) != PRIM_ROLE_FENCE)
		return true;
	for (i = 0; i < n; i++)
		if (prim_role(v[i].site->primitive) != PRIM_ROLE_FENCE)
			return false;
	return true;
}

/*
 * The calls of a side's ends in the windows of their barriers (writer:
 * before it, reader: after it), in source order, each once, without the
 * ones that access no data (noise_call(), and the calls inside them); those
 * with an address argument (get_random_bytes(&key, ...)) only when some
 * has one.
 */
static void window_calls(struct strbuf *out, const struct protocol *p, bool writer, size_t *nr)
{
	size_t n = writer ? p->nr_writers : p->nr_readers, i, j;
	const char **seen = NULL, **keep;
	size_t nr_seen = 0, alloc = 0, with_amp = 0;

	*nr = 0;
	for (i = 0; i < n; i++) {
		const struct pair_end *e = writer ? &p->writers[i] : &p->readers[i];
		const struct call_list *l = writer ? &e->site->calls_before : &e->site->calls_after;
		const char *text = e->fs ? e->fs->text : NULL;
		size_t len = e->fs ? e->fs->len : 0, skip_to = 0, end;

		if (e->caller || !names_data(p, e, writer))
			continue;
		for (j = 0; j < l->nr; j++) {
			/* the windows list the nearest first: the calls before, backwards */
			const struct call_ref *c = &l->v[writer ? l->nr - 1 - j : j];
			char *t;
			size_t k;

			if (c->off < skip_to)
				continue;	/* inside a call left out */
			t = call_text(text, len, c, &end);
			/* a writer's data: calls that are statements, not values it uses */
			if (noise_call(c->name) ||
			    (writer && !statement_call(text, c->off) &&
			     (!assigned_statement_call(text, c->off) || strstr(c->name, "alloc")))) {
				skip_to = end;
				free(t);
				continue;
			}
			for (k = 0; k < nr_seen && strcmp(seen[k], t); k++)
				;
			if (k < nr_seen) {
				free(t);
				continue;
			}
			ALLOC_GROW(seen, nr_seen + 1, alloc);
			seen[nr_seen++] = t;
			with_amp += strchr(t, '&') != NULL;
		}
	}
	/* the kept ones, listed as data_named() lists the stores */
	keep = xcalloc(nr_seen + 1, sizeof(*keep));
	for (i = 0; i < nr_seen; i++)
		if (!with_amp || strchr(seen[i], '&'))
			keep[(*nr)++] = seen[i];
	data_list(out, keep, *nr);
	free(keep);
	for (i = 0; i < nr_seen; i++)
		free((char *)seen[i]);
	free(seen);
}

/*
 * What p's writers do with the data before their smp_wmb() ("stores a->x,
 * a->y and 2 more", the stores in source order; "stores the data with
 * get_random_bytes(&key, ...)" when only calls write it; "is called once
 * its callers have stored the data" when nothing comes before the barrier
 * in its function, "stores the data" when a label or a jump cuts the window
 * short), or what the readers do after their smp_rmb() ("reads
 * ...", "returns, and its callers read the data"), for a subject of one
 * (plural false) or several functions.
 */
/*
 * Whether access a of end e (a store before a writer's barrier, or a load
 * after a reader's) is of a variable the other side accesses across its
 * own barrier (loads after a reader's, stores before a writer's).
 */
static bool other_side_has(const struct protocol *p, const struct pair_end *e,
			   const struct access *a, bool writer)
{
	const struct pair_end *v = writer ? p->readers : p->writers;
	size_t n = writer ? p->nr_readers : p->nr_writers, i, k;
	unsigned ev;
	char *ka = key_of(a, e->file, &ev);
	bool found = false;

	for (i = 0; ka && i < n && !found; i++) {
		const struct access_list *l = writer ? &v[i].site->window_after
						     : &v[i].site->window_before;

		for (k = 0; k < l->nr && !found; k++) {
			char *kb = l->v[k].is_write == writer ? NULL
				   : key_of(&l->v[k], v[i].file, &ev);

			found = kb && same_variable(ka, kb);
			free(kb);
		}
	}
	free(ka);
	return found;
}

/*
 * The destination of a call that fills memory (memcpy(elt->key, key, n):
 * "elt->key"; "&x->f" as x->f), as written, when c is one and its first
 * argument is a member (no cast) that fits on a line; NULL otherwise (a
 * local buffer, maybe). Caller frees.
 */
static char *fill_destination(const char *text, size_t len, const struct call_ref *c)
{
	static const char *const fills[] = {
		"memcpy", "memmove", "memset", "strscpy", "strcpy", "strncpy", "strlcpy",
	};
	size_t at = c->off, n = strlen(c->name), k, a, depth = 0;

	for (k = 0; k < ARRAY_SIZE(fills) && strcmp(c->name, fills[k]); k++)
		;
	if (k == ARRAY_SIZE(fills) || !text || at + n >= len || memcmp(text + at, c->name, n))
		return NULL;
	for (k = at + n; k < len && (text[k] == ' ' || text[k] == '\t'); k++)
		;
	if (k == len || text[k] != '(')
		return NULL;
	for (a = ++k; k < len; k++) {
		if (text[k] == '(' || text[k] == '[')
			depth++;
		else if ((text[k] == ')' || text[k] == ']') && depth)
			depth--;
		else if ((text[k] == ',' || text[k] == ')') && !depth)
			break;
		else if (text[k] == '\n' || text[k] == ';')
			return NULL;
	}
	while (a < k && isspace((unsigned char)text[a]))
		a++;
	while (k > a && isspace((unsigned char)text[k - 1]))
		k--;
	/* "&x->f" is x->f; a cast, or no member (a local buffer, maybe), is not named */
	if (a < k && text[a] == '&')
		for (a++; a < k && (text[a] == ' ' || text[a] == '\t'); a++)
			;
	if (a >= k || text[a] == '(' || k - a >= 60 ||
	    (!memmem(text + a, k - a, "->", 2) && !memchr(text + a, '.', k - a)))
		return NULL;
	return xstrndup(text + a, k - a);
}

static void data_named(struct strbuf *out, const struct protocol *p, bool writer, bool plural)
{
	const char **seen = NULL;
	bool *matched = NULL;
	size_t i, k, nr = 0, alloc = 0, alloc_m = 0, nr_matched = 0,
	       n = writer ? p->nr_writers : p->nr_readers, calls;
	const char *verb = writer ? (plural ? "store" : "stores") : (plural ? "read" : "reads");
	bool empty = true;	/* no access and no call in any window */
	bool from_start = true;	/* and each writer's window ran back to its function's start */
	struct strbuf via = STRBUF_INIT;
	size_t *offs = NULL, alloc_o = 0, nr_filled = 0, alloc_f = 0;
	char **filled = NULL;	/* owned: fill_destination()s in seen */

	for (i = 0; i < n; i++) {
		const struct pair_end *e = writer ? &p->writers[i] : &p->readers[i];
		const struct access_list *l = writer ? &e->site->window_before
						     : &e->site->window_after;
		const struct call_list *cl = writer ? &e->site->calls_before : &e->site->calls_after;
		size_t j;

		if (!names_data(p, e, writer))
			continue;
		/* a writer with nothing before its barrier, a reader with no load after it */
		for (j = 0; j < l->nr && empty; j++)
			empty = !writer && l->v[j].is_write;
		/* a call that touches no data (get_cpu(), a print) leaves it empty */
		for (j = 0; j < cl->nr && empty; j++)
			empty = prim_quiet_call(cl->v[j].name) &&
				prim_classify(cl->v[j].name, strlen(cl->v[j].name)) == PRIM_NONE &&
				prim_lock_op(cl->v[j].name, strlen(cl->v[j].name)) == PRIM_LOCK_NONE;
		empty &= !e->caller;
		from_start &= !writer || e->site->window_from_start;
		for (j = 0; j < l->nr; j++) {
			/* windows list the nearest first: the stores before, backwards */
			const struct access *a = &l->v[writer ? l->nr - 1 - j : j];

			if (a->is_write != writer || !strcmp(a->path, p->variable) ||
			    !strcmp(a->path, e->access->path))
				continue;
			for (k = 0; k < nr && strcmp(seen[k], a->path); k++)
				;
			if (k < nr)
				continue;
			ALLOC_GROW(seen, nr + 1, alloc);
			ALLOC_GROW(matched, nr + 1, alloc_m);
			ALLOC_GROW(offs, nr + 1, alloc_o);
			matched[nr] = other_side_has(p, e, a, writer);
			nr_matched += matched[nr];
			offs[nr] = a->off;
			seen[nr++] = a->path;
		}
		/*
		 * a writer's data filled in by a call that is a statement
		 * (memcpy(elt->key, key, n)): its destination, in source order
		 * among the stores, when the function stores something besides
		 */
		for (j = 0; writer && !e->caller && e->fs && j < cl->nr; j++) {
			const struct call_ref *c = &cl->v[j];
			char *dst = statement_call(e->fs->text, c->off) ?
				    fill_destination(e->fs->text, e->fs->len, c) : NULL;
			size_t at;

			for (k = 0; dst && k < nr && strcmp(seen[k], dst); k++)
				;
			if (!dst || k < nr) {
				free(dst);
				continue;
			}
			ALLOC_GROW(seen, nr + 1, alloc);
			ALLOC_GROW(matched, nr + 1, alloc_m);
			ALLOC_GROW(offs, nr + 1, alloc_o);
			ALLOC_GROW(filled, nr_filled + 1, alloc_f);
			filled[nr_filled++] = dst;
			for (at = nr; at > 0 && offs[at - 1] > c->off; at--) {
				seen[at] = seen[at - 1];
				matched[at] = matched[at - 1];
				offs[at] = offs[at - 1];
			}
			seen[at] = dst;
			matched[at] = false;
			offs[at] = c->off;
			nr++;
		}
	}
	/* a fill alone, with no store besides, is said as "the data with memcpy(...)" */
	if (nr == nr_filled) {
		for (i = 0; i < nr_filled; i++)
			free(filled[i]);
		nr = nr_filled = 0;
	}
	/*
	 * a reader reads more after its barrier than the data: what some writer
	 * stores before its own barrier is named, the rest (its own indices,
	 * configuration, function names) is not; a writer's stores are named all
	 */
	if (!writer && nr_matched && nr_matched < nr) {
		for (i = k = 0; i < nr; i++)
			if (matched[i])
				seen[k++] = seen[i];
		nr = k;
	}
	free(matched);
	if (nr) {
		strbuf_addf(out, "%s ", verb);
		data_list(out, seen, nr);
	} else if (window_calls(&via, p, writer, &calls), calls) {
		strbuf_addf(out, "%s the data with %s", verb, via.buf);
	} else if (empty && writer && from_start) {
		strbuf_addf(out, "%s called once %s callers have stored the data",
			    plural ? "are" : "is", plural ? "their" : "its");
	} else if (empty && !writer) {
		strbuf_addf(out, "return%s, and %s callers read the data", plural ? "" : "s",
			    plural ? "their" : "its");
	} else {
		strbuf_addf(out, "%s the data", verb);
	}
	strbuf_release(&via);
	for (i = 0; i < nr_filled; i++)
		free(filled[i]);
	free(filled);
	free(offs);
	free(seen);
}

/*
 * What goes below the "---" of a patch, which git am leaves out of the
 * commit: the caveats of a review protocol, as questions to the maintainer,
 * and the comments left for the author.
 */
static void message_notes(struct strbuf *sb, const struct rewrite_patch *patch)
{
	const struct protocol *p;
	const char *stale = patch->stale;
	size_t i, m;

	for (m = 0; m < patch->nr; m++) {
		p = patch->v[m];
		if (p->verdict == VERDICT_CONVERT)
			continue;
		if (patch->nr > 1)
			strbuf_addf(sb, "Questions for the maintainer about %s, found for it alone\n"
				    "(the other stores of this patch become releases too):\n", p->variable);
		else
			strbuf_adds(sb, "Questions for the maintainer (acqrel's verdict is review: each is a\n"
				    "caveat the author could not settle from the code):\n");
		for (i = 0; i < p->nr_reasons; i++) {
			char *item = xasprintf("- %s: %s", p->reasons[i].code, p->reasons[i].text);

			wrap(sb, item);
			sb->len--;	/* items follow each other without a blank line */
			sb->buf[sb->len] = '\0';
			free(item);
		}
		strbuf_addch(sb, '\n');
	}
	if (stale && *stale) {
		strbuf_adds(sb, "Comments that may still describe the old barriers, left for the author:\n");
		for (; *stale; stale = strchr(stale, '\n') + 1) {
			char *item = xasprintf("- %.*s", (int)(strchr(stale, '\n') - stale), stale);

			wrap(sb, item);
			sb->len--;
			sb->buf[sb->len] = '\0';
			free(item);
		}
		strbuf_addch(sb, '\n');
	}
}

/* The barrier every end of v[0..n) uses ("smp_wmb"), or NULL when they differ. */
static const char *side_barrier(const struct pair_end *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(v[i].site->primitive, v[0].site->primitive))
			return NULL;
	return n ? v[0].site->primitive : NULL;
}

/*
 * Whether end v[i] keeps its barrier while another end of v in the same
 * function converts (tg3_rx()'s wmb() for the device, beside the
 * smp_wmb() that becomes releases): the function is named for the one
 * that goes, and the one that stays is no part of the patch.
 */
static bool stays_beside(const struct protocol *p, const struct pair_end *v, size_t n, size_t i)
{
	size_t k;

	if (classify_convertible(p, &v[i]) || !v[i].site->function)
		return false;
	for (k = 0; k < n; k++)
		if (k != i && classify_convertible(p, &v[k]) && v[k].site->function &&
		    !strcmp(v[k].site->function, v[i].site->function) && !strcmp(v[k].file, v[i].file))
			return true;
	return false;
}

/*
 * The barriers of p's ends v[0..n), each once, into sb: "smp_wmb()", or
 * "smp_wmb() or smp_mb()" when the ends differ (unanchored ends left out
 * when some end is not, and an end whose barrier stays beside one of its
 * function that goes: stays_beside()); what, when n is 0.
 */
static void side_barriers(struct strbuf *sb, const struct protocol *p, const struct pair_end *v,
			  size_t n, const char *what)
{
	bool any = classify_any_anchored(p, v, n);
	size_t i, k;

	for (i = 0; i < n; i++) {
		/* an unanchored end's barrier orders something else */
		if (any && !classify_anchored(p, &v[i]))
			continue;
		if (stays_beside(p, v, n, i))
			continue;
		for (k = 0; k < i && (strcmp(v[k].site->primitive, v[i].site->primitive) ||
				      (any && !classify_anchored(p, &v[k])) ||
				      stays_beside(p, v, n, k)); k++)
			;
		if (k == i)
			strbuf_addf(sb, "%s%s()", sb->len ? " or " : "", v[i].site->primitive);
	}
	if (!sb->len)
		strbuf_adds(sb, what);
}

/* "smp_mb()" when every end of v[0..n) uses it, else "barriers", in buf. */
static const char *side_name(const struct pair_end *v, size_t n, char *buf, size_t size)
{
	const char *b = side_barrier(v, n);

	snprintf(buf, size, "%s%s", b ? b : "barriers", b ? "()" : "");
	return buf;
}

/* Whether every writer of p publishes with a release already. */
static bool all_release(const struct protocol *p)
{
	size_t i;

	for (i = 0; i < p->nr_writers; i++)
		if (prim_role(p->writers[i].site->primitive) != PRIM_ROLE_RELEASE)
			return false;
	return p->nr_writers > 0;
}

/* Why an access of visibility class cls whose ordering a conversion changes is no concern. */
static const char *unseen_why(int cls)
{
	switch (cls) {
	case VIS_PRIVATE:
		return "private to this side";
	case VIS_LOCKED:
		return "under a lock every other access of it holds";
	case VIS_BEFORE_PUBLICATION:
		return "set before the object is published";
	case VIS_ADDRESS:
		return "an address computation";
	case VIS_NOT_PUBLISHED:
		return "a variable no writer orders, whose value says nothing of the data";
	case VIS_ORDERED:
		/* an acquire, a fully ordered read-modify-write, or coherence */
		return "ordered anyway: an acquire, a fully ordered read-modify-write or coherence";
	case VIS_NOT_SUBSCRIBED:
		return "read by no reader that orders loads after it or indexes data with it";
	}
	return NULL;
}

/*
 * How much of subject prefix a (a cover letter's, being cut down) begins
 * prefix b too, in whole parts: "cpufreq: governor" and "cpufreq: stats"
 * share "cpufreq", "RDMA/hfi1" and "RDMA/rdmavt" share "RDMA", "NFS" and
 * "pNFS" nothing.
 */
static size_t shared_prefix(const char *a, const char *b)
{
	size_t i = 0, whole = 0;

	for (;; i++) {
		bool end_a = !a[i] || a[i] == '/' || (a[i] == ':' && a[i + 1] == ' ');
		bool end_b = !b[i] || b[i] == '/' || (b[i] == ':' && b[i + 1] == ' ');

		if (end_a && end_b)
			whole = i;
		if (!a[i] || !b[i] || a[i] != b[i])
			return (!a[i] && !b[i]) ? i : whole;
	}
}

/*
 * What the message says of the other accesses whose ordering p's
 * conversion changes: for a convert, none, or those there are, each with
 * why no other thread can tell (its class), DATA_NAMED of them and how
 * many more; for a review, that they are listed below. Caller frees.
 */
static char *others_sentence(const struct protocol *p)
{
	struct strbuf sb = STRBUF_INIT;
	const char *seen[DATA_NAMED];
	int cls[DATA_NAMED];
	size_t i, k, nr = 0, more = 0;

	/* the classes a reviewer asks about first: a value others read, then locks, ... */
	static const int order[] = {
		VIS_NOT_SUBSCRIBED, VIS_ORDERED, VIS_LOCKED, VIS_BEFORE_PUBLICATION,
		VIS_NOT_PUBLISHED, VIS_PRIVATE, VIS_ADDRESS,
	};
	const char **all = NULL;
	size_t o, nr_all = 0, alloc_all = 0;

	if (p->verdict != VERDICT_CONVERT)
		return xstrdup("What else changes ordering is listed below.");
	for (o = 0; o < ARRAY_SIZE(order); o++) {
		for (i = 0; i < p->nr_changed; i++) {
			const struct changed *c = &p->changed[i];

			if (c->cls != order[o])
				continue;
			/* each access once, in its first class */
			for (k = 0; k < nr_all && strcmp(all[k], c->access->path); k++)
				;
			if (k < nr_all)
				continue;
			ALLOC_GROW(all, nr_all + 1, alloc_all);
			all[nr_all++] = c->access->path;
			if (nr == DATA_NAMED) {
				more++;
				continue;
			}
			seen[nr] = c->access->path;
			cls[nr++] = c->cls;
		}
	}
	free(all);
	if (!nr)
		return xstrdup("No other access that another thread can see loses its ordering.");
	/* the accesses of one class together: "a and b (each why)" */
	for (i = 0; i < nr; i++) {
		size_t n = 0, m;

		for (k = 0; k < i && cls[k] != cls[i]; k++)
			;
		if (k < i)
			continue;
		for (k = i; k < nr; k++)
			n += cls[k] == cls[i];
		strbuf_adds(&sb, sb.len ? "; " : "");
		for (k = i, m = 0; k < nr; k++) {
			if (cls[k] != cls[i])
				continue;
			strbuf_addf(&sb, "%s%s", !m ? "" : m + 1 == n ? " and " : ", ", seen[k]);
			m++;
		}
		strbuf_addf(&sb, " (%s%s)", n > 1 ? "each " : "", unseen_why(cls[i]));
	}
	{
		char *list = strbuf_detach(&sb), *out, more_text[32];

		snprintf(more_text, sizeof(more_text), "%zu more", more);
		out = xasprintf("Other accesses change ordering, none that another thread can "
				"tell: %s%s%s.", list,
				more ? "; and " : "", more ? more_text : "");
		free(list);
		return out;
	}
}

/*
 * The paragraph of a conversion of one side (the writers when writer, into
 * form) while the other side's barriers stay as they are.
 */
static char *one_side_para(const struct protocol *p, bool writer, const char *form)
{
	const struct pair_end *other = writer ? p->readers : p->writers;
	size_t n = writer ? p->nr_readers : p->nr_writers;
	char stay[64], *what = published(p), *para, *others;
	struct strbuf fns = STRBUF_INIT;

	/* no reader found at all (rule WO): the release gives any reader what smp_wmb() gave */
	if (writer && !n && !p->dep_readers) {
		others = others_sentence(p);
		para = xasprintf("Use %s for the publish store instead, and remove the write "
				 "barrier. The release orders every access before it, the data "
				 "included, before the store, which is what the write barrier "
				 "guaranteed for %s: a reader that sees the new value and orders "
				 "its reads after that load finds the data as before, whatever it "
				 "orders them with. %s This also names the access that publishes.",
				 form, what, others);
		free(others);
		free(what);
		return para;
	}
	/* no reader end: readers that follow the pointer (rule DEP) */
	if (writer && !n) {
		bool plural = p->dep_readers && strstr(p->dep_readers, " and ");

		char *how;

		others = others_sentence(p);
		how = p->fence_read
			    ? xasprintf("a reader that loads it and then, further down, runs %s "
					"(in %s), whose comment names it, has what it reads after "
					"that read barrier ordered after its load, with the release "
					"as with smp_wmb()", p->fence_form, p->fence_in)
			    : p->fence_form
			    ? xasprintf("a reader that loads it and then runs %s (in %s) has what it "
					"reads after that full barrier ordered after its load, with "
					"the release as with smp_wmb()", p->fence_form, p->fence_in)
			    : xasprintf("a reader that loads the pointer with %s and follows it "
					"reads the data through an address dependency, which orders "
					"those reads after its load with the release as with smp_wmb()",
					p->dep_form ? p->dep_form : "READ_ONCE()");

		para = xasprintf("Use %s for the publish store instead, and remove the write "
				 "barrier; the %s as %s. The release orders every access before "
				 "it, the data included, before the store, which is what the write "
				 "barrier guaranteed for %s, and %s. %s This also names the access "
				 "that publishes.",
				 form, plural ? "readers stay" : "reader stays",
				 plural ? "they are" : "it is", what, how, others);
		free(others);
		free(how);
		free(what);
		return para;
	}

	/* "the readers' ... stay" as the functions named: unanchored ends left out */
	classify_end_functions(&fns, p, other, n);
	if (!strstr(fns.buf, " and "))
		n = 1;
	strbuf_release(&fns);

	others = others_sentence(p);
	para = xasprintf("Use %s for the %s instead, and remove the %s barrier; the %s%s %s "
			 "stay%s as %s. The %s, which is what the %s barrier guaranteed for %s. %s%s",
			 form, writer ? "publish store" : "subscribe load", writer ? "write" : "read",
			 writer ? "reader" : "writer", n > 1 ? "s'" : "'s",
			 side_name(other, n, stay, sizeof(stay)), n > 1 ? "" : "s",
			 n > 1 ? "they are" : "it is",
			 writer ? "release orders every access before it, the data included, "
				  "before the store"
				: "acquire orders the load before every access after it, the data "
				  "reads included",
			 writer ? "write" : "read", what, others,
			 writer ? " This also names the access that publishes." : "");
	free(others);
	free(what);
	return para;
}

/*
 * Whether some reader end of p loads p's variable next to its barrier
 * (an unanchored one that stores it again before the barrier still
 * loads it), rather than only another variable.
 */
static bool loads_variable(const struct protocol *p)
{
	size_t i;

	for (i = 0; i < p->nr_readers; i++)
		if (p->readers[i].access && !strcmp(p->readers[i].access->path, p->variable))
			return true;
	return false;
}

static void message_body(struct strbuf *sb, const struct rewrite_patch *patch,
			 const struct series_options *o, char **cost_details)
{
	struct strbuf callee = STRBUF_INIT;
	bool bitop = false, test_bit = false, in_callee = false, clear_bit = false;
	const struct protocol *p = patch->v[0];
	size_t m;
	char *para;

	for (m = 0; m < patch->nr; m++) {
		struct strbuf w = STRBUF_INIT, r = STRBUF_INIT, wd = STRBUF_INIT, rd = STRBUF_INIT;
		struct strbuf via = STRBUF_INIT, wb = STRBUF_INIT, rb = STRBUF_INIT;
		bool b, t, c, cl, readers_plural;
		char *what, *writes;
		size_t i;

		p = patch->v[m];
		what = published_by_writers(p);
		forms(p, &b, &t, &c);
		cl = clears_bit(p);
		bitop |= b;
		test_bit |= t;
		in_callee |= c;
		clear_bit |= cl;
		classify_end_functions(&w, p, p->writers, p->nr_writers);
		classify_end_functions(&r, p, p->readers, p->nr_readers);
		/* the writer's own function reads it too: another call of it, on another CPU */
		if (r.len && !strcmp(r.buf, w.buf) && !strstr(r.buf, " and ")) {
			char *own = strbuf_detach(&r);

			strbuf_addf(&r, "another call of %s", own);
			free(own);
		}
		readers_plural = strstr(r.buf, " and ") != NULL;
		data_named(&wd, p, true, strstr(w.buf, " and ") != NULL);
		data_named(&rd, p, false, readers_plural);
		side_barriers(&wb, p, p->writers, p->nr_writers, "a write barrier");
		side_barriers(&rb, p, p->readers, p->nr_readers, "a read barrier");
		/* a load in a helper the reader calls: "loads it in fuse_block_alloc()" */
		for (i = 0; i < p->nr_readers; i++) {
			const struct pair_end *e = &p->readers[i];

			if (e->helper && !e->caller && !strstr(via.buf, e->helper->name) &&
			    strcmp(e->helper->name, site_where(e->site)))
				strbuf_addf(&via, "%s%s()", via.len ? " and " : " in ", e->helper->name);
		}
		/*
		 * a reader whose access is a store (then a full barrier) stores
		 * it; the verbs agree with the functions named, and a writer that
		 * releases already publishes with the release itself
		 */
		/* the writer's half, then the readers' as the readers do it */
		writes = xasprintf("%s %s and then publish%s %s with %s%s%s", w.buf, wd.buf,
				   strstr(w.buf, " and ") ? "" : "es", what, wb.buf,
				   all_release(p) ? "" : " before the ",
				   all_release(p) ? "" : b || cl ? "bit operation" : "store");
		if (p->nr_readers && !classify_any_anchored(p, p->readers, p->nr_readers) &&
		    !loads_variable(p))
			/* no reader loads it next to its barrier: say so, not "loads it" */
			para = xasprintf("%s; %s run%s %s and then %s, with no load of %s right "
					 "before the barrier.", writes, r.buf,
					 readers_plural ? "" : "s", rb.buf, rd.buf, p->variable);
		else if (!p->nr_readers && p->dep_readers && p->fence_read)
			para = xasprintf("%s; %s load%s it and then, further down, run%s %s, whose "
					 "comment names it, before reading the data.", writes, r.buf,
					 readers_plural ? "" : "s", readers_plural ? "" : "s",
					 p->fence_form);
		else if (!p->nr_readers && p->dep_readers && p->fence_form)
			para = xasprintf("%s; %s load%s it and then run%s %s in %s, a full "
					 "barrier, rather than a read barrier.", writes, r.buf,
					 readers_plural ? "" : "s", readers_plural ? "" : "s",
					 p->fence_form, p->fence_in);
		else if (!p->nr_readers && !p->dep_readers)
			/* rule WO: no reader found */
			para = xasprintf("%s. Its readers stay as they are.", writes);
		else if (!p->nr_readers && p->dep_readers)
			para = xasprintf("%s; %s load%s it with %s and follow%s the pointer to the "
					 "data, with no read barrier.", writes, r.buf,
					 readers_plural ? "" : "s",
					 p->dep_form ? p->dep_form : "READ_ONCE()",
					 readers_plural ? "" : "s");
		else
			para = xasprintf("%s; %s %s it%s, run%s %s and then %s.", writes, r.buf,
					 p->nr_readers && p->readers[0].access->is_write
					 ? (readers_plural ? "store" : "stores")
					 : t ? (readers_plural ? "test" : "tests")
					   : (readers_plural ? "load" : "loads"),
					 via.buf, readers_plural ? "" : "s", rb.buf, rd.buf);
		free(writes);
		wrap(sb, para);
		free(para);
		free(what);
		strbuf_release(&via);
		strbuf_release(&wb);
		strbuf_release(&rb);
		strbuf_release(&wd);
		strbuf_release(&rd);
		strbuf_release(&w);
		strbuf_release(&r);
	}
	p = patch->v[0];
	if (bitop) {
		para = xasprintf("A bit operation has no release form, so the writer keeps smp_wmb(), "
				 "which orders the data before the bit is set. The reader%s use%s "
				 "test_bit_acquire() instead of test_bit() and smp_rmb(): the acquire "
				 "orders the bit test before the data reads, as the read barrier did.",
				 p->nr_readers > 1 ? "s" : "", p->nr_readers > 1 ? "" : "s");
	} else if (patch->nr > 1) {
		size_t k, readers = 0;
		char *all = patch->nr == 2 ? xstrdup("both") : xasprintf("all %zu", patch->nr);

		for (k = 0; k < patch->nr; k++)
			readers += classify_side_converts(patch->v[k], false);
		if (!readers)	/* rule WA: the readers keep their barriers */
			para = xasprintf("The write barrier orders the data before %s of these stores. "
					 "Make each of them smp_store_release() and remove the write "
					 "barrier: each release orders the data before its own store, as "
					 "the barrier did. The readers keep their barriers, which pair "
					 "with the releases as they did with the write barrier.", all);
		else
			para = xasprintf("The write barrier orders the data before %s of these stores. "
					 "Make each of them smp_store_release() and each subscribe load %s%s, "
					 "and remove the barriers: each release orders the data before its "
					 "own store, so a reader that sees any of the stores also sees the "
					 "data, as with the barrier pair.",
					 all, test_bit ? "test_bit_acquire()" : "smp_load_acquire()",
					 readers < patch->nr ? " where its readers convert" : "");
		free(all);
	} else if (!classify_side_converts(p, false)) {
		para = one_side_para(p, true, clear_bit ? "clear_bit_unlock()" : "smp_store_release()");
	} else if (!classify_side_converts(p, true)) {
		para = one_side_para(p, false, test_bit ? "test_bit_acquire()" : "smp_load_acquire()");
	} else {
		char *what = published(p), *others = others_sentence(p);

		para = xasprintf("Use %s for the publish store and %s for the subscribe load "
				 "instead, and remove the barriers. The release orders every access "
				 "before it, the data included, before the store, and the acquire "
				 "orders the load before every access after it, the data reads "
				 "included: what the barrier pair guaranteed for %s. %s This also "
				 "names the access that publishes.",
				 clear_bit ? "clear_bit_unlock()" : "smp_store_release()",
				 test_bit ? "test_bit_acquire()" : "smp_load_acquire()", what, others);
		free(others);
		free(what);
	}
	wrap(sb, para);
	free(para);
	if (in_callee) {
		for (m = 0; m < patch->nr; m++) {
			barrier_functions(&callee, patch->v[m], patch->v[m]->writers,
					  patch->v[m]->nr_writers);
			barrier_functions(&callee, patch->v[m], patch->v[m]->readers,
					  patch->v[m]->nr_readers);
		}
		para = xasprintf("The barrier sits at the edge of %s, one call level away from the "
				 "access: it is removed there and the access in each caller becomes "
				 "the release or acquire. Every caller does the access right at the "
				 "call, and %s static with no other callers.",
				 callee.buf, strchr(callee.buf, ',') ? "they are" : "it is");
		wrap(sb, para);
		free(para);
	}
	para = arch_cost(patch, o, cost_details);
	if (para)
		wrap(sb, para);
	free(para);
	strbuf_adds(sb, "No functional change intended.\n");
	strbuf_release(&callee);
}

/* A message of its own: each paragraph of body (separated by "\n\n") wrapped. */
static void own_body(struct strbuf *sb, const char *body)
{
	const char *p = body, *end;

	while (*p) {
		char *para;

		end = strstr(p, "\n\n");
		para = end ? xstrndup(p, (size_t)(end - p)) : xstrdup(p);
		wrap(sb, para);
		free(para);
		p = end ? end + 2 : p + strlen(p);
	}
	if (sb->len && sb->buf[sb->len - 1] == '\n' && sb->len > 1 && sb->buf[sb->len - 2] == '\n')
		sb->buf[--sb->len] = '\0';
}

/*
 * "Fixes: ...\nCc: stable@vger.kernel.org\n" for a fix of rp's line, when
 * git blame names the commit that wrote it (and the file is HEAD's).
 */
static void fixes_trailer(struct strbuf *out, struct git_view *git, const struct rewrite *rw,
			  const struct rewrite_patch *rp)
{
	size_t i;

	for (i = 0; i < rw->nr; i++) {
		if (strcmp(rw->v[i].rel, rp->file))
			continue;
		if (!git_view_fixes(git, rp->file, rp->line, rw->v[i].text, rw->v[i].len, out))
			strbuf_adds(out, "Cc: stable@vger.kernel.org\n");
		return;
	}
}

/* A new file (never one that is there, nor through a link), registered in made. */
static int write_text(const char *path, const char *text, size_t len, struct cleanup_set *made)
{
	size_t at = 0;
	int fd, err;

	cleanup_block();
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	err = errno;
	if (fd >= 0 && made)
		cleanup_set_add(made, path, false);
	cleanup_unblock();
	if (fd < 0)
		return error("%s: cannot create: %s", path, strerror(err));
	while (at < len) {
		ssize_t n = write(fd, text + at, len - at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = errno;
			close(fd);
			return error("%s: cannot write: %s", path, strerror(err));
		}
		at += (size_t)n;
	}
	if (close(fd) < 0)
		return error("%s: cannot write: %s", path, strerror(errno));
	return 0;
}

/*
 * The commit the series applies to, for "base-commit:": the tree's HEAD,
 * when every file the series touches is, as it was analysed, that file of
 * HEAD (no uncommitted change in it). Returns false when there is none.
 */
static bool base_commit(const struct series_options *o, const struct rewrite *rw,
			const size_t *which, size_t n, char head[41])
{
	size_t i;

	if (!o->git || git_view_rev(o->git, "HEAD^{commit}", head))
		return false;
	for (i = 0; i < rw->nr; i++) {
		struct line_edits mine = { NULL, 0, 0 };
		char *rev, want[41], have[41];
		bool same;

		subset(&mine, &rw->v[i], which, n);
		if (!mine.nr)
			continue;
		line_edits_release(&mine);
		rev = xasprintf("%s:%s", head, rw->v[i].rel);
		git_blob_id(rw->v[i].text, rw->v[i].len, want);
		same = !git_view_rev(o->git, rev, have) && !strcmp(have, want);
		free(rev);
		if (!same)
			return false;
	}
	return true;
}

/*
 * Whether a patch converts a protocol whose verdict is review (written with
 * --include-review): its subject says RFC, for the maintainer to judge.
 */
static bool patch_is_review(const struct rewrite_patch *rp)
{
	size_t i;

	for (i = 0; i < rp->nr; i++)
		if (rp->v[i]->verdict == VERDICT_REVIEW)
			return true;
	return false;
}

/* Orders indexes of the files of rewrite rw by path, as git orders a diff. */
static int by_rel(const void *a, const void *b, void *rw)
{
	const struct rewrite *r = rw;

	return strcmp(r->v[*(const size_t *)a].rel, r->v[*(const size_t *)b].rel);
}

/* Adds addr to list[0..*nr) unless it is there. */
static void add_address(const char ***list, size_t *nr, size_t *alloc, const char *addr)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (!strcmp((*list)[i], addr))
			return;
	ALLOC_GROW(*list, *nr + 1, *alloc);
	(*list)[(*nr)++] = addr;
}

/* "Name: a,\n    b\n" as git format-patch folds To: and Cc:; nothing when empty. */
static void address_header(struct strbuf *out, const char *name, const char *const *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		strbuf_addf(out, "%s%s", i ? ",\n    " : name, v[i]);
	if (nr)
		strbuf_addch(out, '\n');
}

/*
 * The mail of a patch or cover letter: the headers (From:, Date:, Subject:,
 * the MIME headers git adds when the text is not ASCII, then To: and Cc:),
 * a blank line and the rest. To: the maintainers, Cc: reviewers and lists,
 * then o's addresses; with no maintainer and no --to, the first of the Cc:
 * addresses goes in To: instead, so that no mail lacks a To:.
 */
static void mail(struct strbuf *out, const struct series_options *o, const char *subject,
		 const struct maint_recipients *r, const char *rest)
{
	const char **to = NULL, **cc = NULL;
	size_t nr_to = 0, nr_cc = 0, alloc_to = 0, alloc_cc = 0, i;
	const char *p;
	bool ascii = true;

	for (i = 0; r && i < r->nr; i++) {
		if (r->v[i].role == MAINT_MAINTAINER)
			add_address(&to, &nr_to, &alloc_to, r->v[i].addr);
		else
			add_address(&cc, &nr_cc, &alloc_cc, r->v[i].addr);
	}
	for (i = 0; i < o->nr_to; i++)
		add_address(&to, &nr_to, &alloc_to, o->to[i]);
	for (i = 0; i < o->nr_cc; i++)
		add_address(&cc, &nr_cc, &alloc_cc, o->cc[i]);
	/* no maintainer (an orphan, or only THE REST's list): the first Cc: is the To: */
	if (!nr_to && nr_cc) {
		add_address(&to, &nr_to, &alloc_to, cc[0]);
		memmove(cc, cc + 1, --nr_cc * sizeof(*cc));
	}
	strbuf_addf(out, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		    "From: %s\nDate: %s\nSubject: %s\n", o->from, o->date, subject);
	for (p = rest; *p && ascii; p++)
		ascii = !(*p & 0x80);
	for (i = 0; i < nr_to + nr_cc && ascii; i++)
		for (p = i < nr_to ? to[i] : cc[i - nr_to]; *p && ascii; p++)
			ascii = !(*p & 0x80);
	if (!ascii)
		strbuf_adds(out, "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
			    "Content-Transfer-Encoding: 8bit\n");
	address_header(out, "To: ", to, nr_to);
	address_header(out, "Cc: ", cc, nr_cc);
	strbuf_addf(out, "\n%s", rest);
	free(to);
	free(cc);
}

/*
 * The cover letter's line for patch rp, whose files are paths[0..nr): each
 * protocol's variable, who publishes it to whom, and the files.
 */
static void cover_item(struct strbuf *out, const struct rewrite_patch *rp, const char *const *paths,
		       size_t nr)
{
	struct strbuf sb = STRBUF_INIT, w = STRBUF_INIT, r = STRBUF_INIT;
	size_t m, i;

	if (rp->body || !rp->nr)
		return;
	for (m = 0; m < rp->nr; m++) {
		const struct protocol *p = rp->v[m];

		strbuf_reset(&w);
		strbuf_reset(&r);
		classify_end_functions_in(&w, p, p->writers, p->nr_writers, paths, nr);
		classify_end_functions_in(&r, p, p->readers, p->nr_readers, paths, nr);
		/* no reader end (rule WO): none to name */
		if (r.len)
			strbuf_addf(&sb, "%s%s: %s publish%s it to %s", m ? "; " : "- ", p->variable,
				    w.buf, strstr(w.buf, " and ") ? "" : "es", r.buf);
		else
			strbuf_addf(&sb, "%s%s: %s publish%s it, its readers unchanged",
				    m ? "; " : "- ", p->variable, w.buf,
				    strstr(w.buf, " and ") ? "" : "es");
	}
	strbuf_adds(&sb, " (");
	for (i = 0; i < nr; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" : i + 1 == nr ? " and " : ", ", paths[i]);
	strbuf_adds(&sb, ")");
	wrap_indent(out, sb.buf, 2);
	out->buf[--out->len] = '\0';	/* the items follow each other */
	strbuf_release(&sb);
	strbuf_release(&w);
	strbuf_release(&r);
}

/* Whether patch rp makes a bit operation of its protocols' accesses. */
static bool patch_bitops(const struct rewrite_patch *rp)
{
	size_t m;

	for (m = 0; m < rp->nr; m++) {
		bool bitop, test_bit, in_callee;

		forms(rp->v[m], &bitop, &test_bit, &in_callee);
		if (bitop || test_bit || clears_bit(rp->v[m]))
			return true;
	}
	return false;
}


/*
 * Which sides of patch rp become a release (rel) and an acquire (acq): a
 * one-sided conversion names only the side it writes.
 */
static void patch_sides(const struct rewrite_patch *rp, bool *rel, bool *acq)
{
	size_t i;

	*rel = *acq = false;
	for (i = 0; i < rp->nr; i++) {
		*rel |= classify_side_converts(rp->v[i], true);
		*acq |= classify_side_converts(rp->v[i], false);
	}
	/* a patch that converts neither (bug fixes have their own subject) names both */
	if (!*rel && !*acq)
		*rel = *acq = true;
}
/*
 * Whether every protocol of the patches which[0..n) has writer and reader
 * ends, barrier pairs; not when one has only writers whose readers follow
 * the pointer (rule DEP) or run a full barrier (rule FENCED).
 */
static bool series_paired(const struct rewrite *rw, const size_t *which, size_t n)
{
	size_t i, m;

	for (i = 0; i < n; i++)
		for (m = 0; m < rw->patches[which[i]].nr; m++)
			if (!rw->patches[which[i]].v[m]->nr_writers ||
			    !rw->patches[which[i]].v[m]->nr_readers)
				return false;
	return true;
}

/*
 * The text of the cover letter of a series of conversions: what it
 * converts and where (the files paths[0..nr_paths)), one line per patch
 * (items), what each patch says, then the list of subjects.
 */
static void cover_body(struct strbuf *out, const struct rewrite *rw, const size_t *which, size_t n,
		       const char *const *paths, size_t nr_paths, bool any_review,
		       const char *items, const char *list)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, nr_protocols = 0, both = 0, writers = 0, readers = 0;
	bool bitops = false, rel, acq;
	const char *what, *to, *sides;

	for (i = 0; i < n; i++) {
		nr_protocols += rw->patches[which[i]].nr;
		bitops |= patch_bitops(&rw->patches[which[i]]);
		patch_sides(&rw->patches[which[i]], &rel, &acq);
		both += rel && acq;
		writers += rel && !acq;
		readers += acq && !rel;
	}
	/* what the patches change: both sides, or one (the other stays as it is) */
	what = series_paired(rw, which, n) ? "the smp_wmb()/smp_rmb() pairs"
					   : "the smp_wmb()/smp_rmb() barriers";
	to = "smp_store_release()/smp_load_acquire()";
	if (both == n) {
		sides = n == 1 ? ", the writer and the readers in one patch:"
			       : ", the writer and the readers of each in the same patch:";
	} else if (writers == n) {
		what = "the writers";
		to = "smp_store_release()";
		sides = nr_protocols == 1 ? "; the readers stay as they are:"
					  : "; the readers of each stay as they are:";
	} else if (readers == n) {
		what = "the readers";
		to = "smp_load_acquire()";
		sides = nr_protocols == 1 ? "; the writers stay as they are:"
					  : "; the writers of each stay as they are:";
	} else if (!both) {
		what = "one side of the barrier pairs";
		to = "smp_store_release() or smp_load_acquire()";
		sides = "; the other side stays as it is:";
	} else {
		sides = ", the writer and the readers of each in the same patch where both "
			"convert; where one side does, the other stays as it is:";
	}
	strbuf_addf(&sb, "This series converts %s of %zu variable%s in ", what,
		    nr_protocols, nr_protocols == 1 ? "" : "s");
	/* every file up to COVER_FILES (a reviewer asks which "2 more" are), then a count */
	for (i = 0; i < nr_paths && i < COVER_FILES; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" : i + 1 == nr_paths ? " and " : ", ", paths[i]);
	if (nr_paths > COVER_FILES)
		strbuf_addf(&sb, " and %zu more file%s", nr_paths - COVER_FILES,
			    nr_paths == COVER_FILES + 1 ? "" : "s");
	strbuf_addf(&sb, " to %s%s%s", to,
		    bitops ? " (for bits, test_bit_acquire() and clear_bit_unlock())" : "", sides);
	wrap(out, sb.buf);
	strbuf_addf(out, "%s\n", items);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "Each patch names the data its variable publishes, why %s keep%s the "
		    "ordering the barrier%s gave, and what the change compiles to on each "
		    "architecture that builds its files.%s",
		    writers == n ? "the release" : readers == n ? "the acquire"
		    : both == n ? "the release and the acquire" : "what it converts",
		    both == n ? "" : "s", writers == n || readers == n ? "" : "s",
		    any_review ? " The RFC patches carry caveats acqrel could not settle from the "
		    "code, as questions to the maintainer below their \"---\"." : "");
	wrap(out, sb.buf);
	strbuf_addf(out, "The protocols were found and checked by acqrel.\n\n%s\n", list);
	strbuf_release(&sb);
}

int series_write(const char *dir, const struct rewrite *rw, const size_t *which, size_t n,
		 const struct series_options *o)
{
	struct strbuf cover = STRBUF_INIT, list = STRBUF_INIT, all_diffs = STRBUF_INIT;
	struct strbuf text = STRBUF_INIT, items = STRBUF_INIT, all_intros = STRBUF_INIT;
	struct maint_recipients everyone = { NULL, 0, 0 };
	const char **all_paths = NULL;
	size_t nr_all = 0, alloc_all = 0;
	size_t k, i, *order = xcalloc(rw->nr ? rw->nr : 1, sizeof(*order));
	bool *touched = xcalloc(rw->nr ? rw->nr : 1, sizeof(*touched));
	char *path, *cover_subject, *title, *common = NULL, head[41];
	bool upper = true;
	bool ok = true, any_review = false;
	const struct subject_tree *series_tree = NULL;

	for (i = 0; i < rw->nr; i++)
		order[i] = i;
	qsort_r(order, rw->nr, sizeof(*order), by_rel, (void *)rw);
	for (k = 0; k < n; k++) {
		const struct rewrite_patch *rp = &rw->patches[which[k]];
		const struct protocol *p = rp->nr ? rp->v[0] : NULL;
		struct strbuf patch = STRBUF_INIT, diff = STRBUF_INIT, subject = STRBUF_INIT;
		struct strbuf fields = STRBUF_INIT, subject_line = STRBUF_INIT;
		struct maint_recipients who = { NULL, 0, 0 };
		struct strbuf fixes = STRBUF_INIT, intro = STRBUF_INIT, below = STRBUF_INIT;
		struct strbuf whole = STRBUF_INIT;
		const char **paths = xcalloc(rw->nr ? rw->nr : 1, sizeof(*paths));
		size_t nr_paths = 0;
		const char *first = NULL, *field, *verb;
		const struct subject_tree *tree = NULL;
		char *prefix, *name, *cost_notes = NULL;
		bool bitop, test_bit, in_callee, rel, acq;

		/* the files in git's order (by path), the subject from the first in the plan */
		for (i = 0; i < rw->nr; i++) {
			touched[order[i]] = file_diff(&diff, &rw->v[order[i]], which[k], which, k);
			if (touched[order[i]]) {
				paths[nr_paths++] = rw->v[order[i]].rel;
				add_address(&all_paths, &nr_all, &alloc_all, rw->v[order[i]].rel);
			}
		}
		strbuf_add(&all_diffs, diff.buf, diff.len);
		for (i = 0; i < rw->nr && !first; i++)
			if (touched[i])
				first = rw->v[i].rel;
		prefix = subject_prefix(o, first ? first : "acqrel");
		for (i = 0; i < nr_paths && !tree; i++)
			tree = subject_tree(o, paths[i]);
		if (!series_tree)
			series_tree = tree;
		verb = first && wants_capital(o, first) ? "Use" : "use";
		for (i = 0; i < rp->nr; i++) {
			const struct protocol *q = rp->v[i];
			char *bit = protocol_bit(q);

			/*
			 * a flag bit by its name, else the variable as the code
			 * writes it when that is a short plain path (pwq->triggered),
			 * else the field
			 */
			/*
			 * a patch of the writers alone names the variable as they
			 * write it, from the last pointer it goes through
			 * (bmc->dyn_id_set of intf->bmc->dyn_id_set, as its
			 * sibling's bmc->dyn_guid_set)
			 */
			const char *as = q->nr_writers && !classify_side_converts(q, false) &&
					 plain_path(q->writers[0].access->path)
					 ? last_pointer(q->writers[0].access->path) : q->variable;

			strbuf_addf(&fields, "%s%s", i == 0 ? "" : i + 1 == rp->nr ? " and " : ", ",
				    bit ? bit : plain_path(as) ? as
				    : q->object && strchr(q->object, '.')
				    ? strchr(q->object, '.') + 1 : q->variable);
			free(bit);
		}
		field = fields.buf;
		bitop = test_bit = in_callee = false;
		if (p)
			forms(p, &bitop, &test_bit, &in_callee);
		patch_sides(rp, &rel, &acq);
		if (rp->subject)
			strbuf_addf(&subject, "%s: %c%s", prefix, *verb == 'U' ?
				    toupper((unsigned char)rp->subject[0]) : rp->subject[0],
				    rp->subject + 1);
		else if (bitop)
			strbuf_addf(&subject, "%s: %s test_bit_acquire() for %s", prefix, verb, field);
		else
			strbuf_addf(&subject, "%s: %s %s%s%s for %s", prefix, verb,
				    !rel ? "" : clears_bit(p) ? "clear_bit_unlock()" : "smp_store_release()",
				    rel && acq ? "/" : "",
				    !acq ? "" : test_bit ? "test_bit_acquire()" : "smp_load_acquire()", field);
		if (subject.len > 70 && !rp->subject) {
			strbuf_reset(&subject);
			strbuf_addf(&subject, "%s: %s %s for %s", prefix, verb,
				    rel && acq ? "release/acquire" : rel ? "a release" : "an acquire", field);
		}
		/* a prefix from a path or a subject of the tree's history: no control
		 * character reaches a mail header or a terminal */
		for (i = 0; i < subject.len; i++)
			if ((unsigned char)subject.buf[i] < 0x20 || subject.buf[i] == 0x7f)
				subject.buf[i] = '?';
		/* a patch alone is "[PATCH]", as git format-patch numbers only a series */
		strbuf_addf(&subject_line, "[%sPATCH%s%s", patch_is_review(rp) ? "RFC " : "",
			    tree ? " " : "", !tree ? "" : rp->body ? tree->fix : tree->next);
		if (n > 1)
			strbuf_addf(&subject_line, " %zu/%zu", k + 1, n);
		strbuf_addf(&subject_line, "] %s", subject.buf);
		any_review |= patch_is_review(rp);
		if (rp->body)
			own_body(&text, rp->body);
		else
			message_body(&text, rp, o, &cost_notes);
		/* below "---": the notes for the author, the cost, the diffstat */
		if (p)
			message_notes(&below, rp);
		if (cost_notes)
			strbuf_adds(&below, cost_notes);
		free(cost_notes);
		cost_notes = NULL;
		diffstat(&below, diff.buf);
		/*
		 * who the patch goes to, as get_maintainer.pl finds them in the
		 * mail: K: keywords on its subject, message, notes and diffstat
		 * (file names: "bnxt_ptp.c" is PTP's) as well as on its diff
		 */
		strbuf_addf(&intro, "Subject: %s\n\n%s---\n%s", subject_line.buf, text.buf, below.buf);
		if (o->maint) {
			strbuf_addf(&whole, "%s\n%s", intro.buf, diff.buf);
			maint_recipients(o->maint, paths, nr_paths, whole.buf, &who);
		}
		strbuf_add(&all_intros, intro.buf, intro.len);
		/* a fix names the commit it fixes, and goes to stable */
		if (rp->body && rp->file && o->git)
			fixes_trailer(&fixes, o->git, rw, rp);
		/* the trailers: Fixes:, the sign-off, then a Cc: for each person the patch goes to */
		for (i = 0; i < who.nr && who.v[i].role == MAINT_LIST; i++)
			;
		if (o->signoff || i < who.nr || fixes.len)
			strbuf_addch(&text, '\n');
		strbuf_add(&text, fixes.buf, fixes.len);
		if (o->signoff)
			strbuf_addf(&text, "Signed-off-by: %s\n", o->from);
		for (i = 0; i < who.nr; i++)
			if (who.v[i].role != MAINT_LIST)
				strbuf_addf(&text, "Cc: %s\n", who.v[i].addr);
		strbuf_adds(&text, "---\n");
		strbuf_add(&text, below.buf, below.len);
		strbuf_addf(&text, "\n%s", diff.buf);
		/* without a cover letter, the patch names its base, as git format-patch --base */
		if (n == 1 && base_commit(o, rw, which, n, head))
			strbuf_addf(&text, "\nbase-commit: %s\n", head);
		strbuf_adds(&text, "-- \nacqrel\n\n");
		mail(&patch, o, subject_line.buf, &who, text.buf);
		strbuf_reset(&text);
		name = slug(subject.buf);
		path = xasprintf("%s/%04zu-%s.patch", dir, k + 1, name);
		if (write_text(path, patch.buf, patch.len, o->made) < 0) {
			ok = false;
			k = n;	/* no further patch once one failed */
		}
		strbuf_addf(&list, "  %s\n", subject.buf);
		/* the prefix every patch of the series shares, for the cover letter */
		if (!common) {
			common = xstrdup(prefix);
			upper = *verb == 'U';
		} else {
			common[shared_prefix(common, prefix)] = '\0';
		}
		cover_item(&items, rp, paths, nr_paths);
		free(path);
		free(name);
		free(prefix);
		strbuf_release(&patch);
		strbuf_release(&diff);
		strbuf_release(&subject);
		strbuf_release(&fields);
		strbuf_release(&fixes);
		strbuf_release(&subject_line);
		strbuf_release(&intro);
		strbuf_release(&below);
		strbuf_release(&whole);
		maint_recipients_release(&who);
		free(paths);
	}
	/* a patch alone needs no cover letter: git format-patch writes none either */
	if (n < 2 || !ok)
		goto done;
	if (o->cover_text)
		strbuf_addf(&text, "%s\n%s\n", o->cover_text, list.buf);
	else
		cover_body(&text, rw, which, n, all_paths, nr_all, any_review, items.buf, list.buf);
	if (base_commit(o, rw, which, n, head))
		strbuf_addf(&text, "base-commit: %s\n", head);
	/* the cover letter goes to everyone the series goes to */
	if (o->maint) {
		/* the patches' subjects, messages and diffstats first, then their diffs */
		strbuf_add(&all_intros, all_diffs.buf, all_diffs.len);
		maint_recipients(o->maint, all_paths, nr_all, all_intros.buf, &everyone);
	}
	if (o->cover_title)
		title = xstrdup(o->cover_title);
	else if ((common && *common) || series_tree == &subject_trees[0])
		title = xasprintf("%s: %s %zu barrier %sto release/acquire",
				  common && *common ? common : "net", upper ? "Convert" : "convert", n,
				  series_paired(rw, which, n) ? "pairs " : "sites ");
	else if (series_paired(rw, which, n))
		title = xstrdup("Convert smp_wmb()/smp_rmb() pairs to release/acquire");
	else
		title = xstrdup("Convert smp_wmb()/smp_rmb() to release/acquire");
	cover_subject = xasprintf("[%sPATCH%s%s 0/%zu] %s", any_review ? "RFC " : "",
				  series_tree ? " " : "",
				  !series_tree ? "" : o->cover_title ? series_tree->fix : series_tree->next,
				  n, title);
	/* a prefix from a path or a subject of the tree's history: no control character */
	for (k = 0; cover_subject[k]; k++)
		if ((unsigned char)cover_subject[k] < 0x20 || cover_subject[k] == 0x7f)
			cover_subject[k] = '?';
	free(title);
	mail(&cover, o, cover_subject, &everyone, text.buf);
	free(cover_subject);
	path = xasprintf("%s/0000-cover-letter.patch", dir);
	if (write_text(path, cover.buf, cover.len, o->made) < 0)
		ok = false;
	free(path);
done:
	free(common);
	strbuf_release(&items);
	strbuf_release(&cover);
	strbuf_release(&list);
	strbuf_release(&text);
	strbuf_release(&all_diffs);
	strbuf_release(&all_intros);
	maint_recipients_release(&everyone);
	free(all_paths);
	free(order);
	free(touched);
	return ok ? (int)n : -1;
}
