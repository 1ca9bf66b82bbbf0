/* quote.c: git's C-style quoting of path names */
#include "quote.h"

#include <stdbool.h>
#include <string.h>

/* git's cq_lookup: 0 as is, a letter for \letter, 1 for octal */
static int escape_of(unsigned char c)
{
	static const char named[] = { ['\a'] = 'a', ['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n',
				      ['\v'] = 'v', ['\f'] = 'f', ['\r'] = 'r' };

	if (c < sizeof(named) && named[c])
		return named[c];
	if (c < 0x20 || c == 0x7f || c >= 0x80)
		return 1;
	if (c == '"' || c == '\\')
		return c;
	return 0;
}

static bool needs_quotes(const char *s)
{
	for (; *s; s++)
		if (escape_of((unsigned char)*s))
			return true;
	return false;
}

static void add_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		int e = escape_of(c);

		if (!e) {
			strbuf_addch(sb, c);
		} else if (e == 1) {
			strbuf_addf(sb, "\\%03o", c);
		} else {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, e);
		}
	}
}

void quote_path2(struct strbuf *sb, const char *prefix, const char *name)
{
	if (!needs_quotes(prefix) && !needs_quotes(name)) {
		strbuf_adds(sb, prefix);
		strbuf_adds(sb, name);
		return;
	}
	strbuf_addch(sb, '"');
	add_escaped(sb, prefix);
	add_escaped(sb, name);
	strbuf_addch(sb, '"');
}

void quote_path(struct strbuf *sb, const char *name)
{
	quote_path2(sb, "", name);
}

char *quoted(const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	quote_path(&sb, name);
	return strbuf_detach(&sb);
}
