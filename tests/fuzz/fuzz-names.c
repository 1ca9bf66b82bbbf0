/*
 * fuzz-names.c: libFuzzer target over how names and text are written out:
 * git's quoting of a path (text output, diff headers) must give one line
 * of printable ASCII that unquotes to the same bytes, and a JSON string
 * must be valid UTF-8 that decodes (with the \udcXX escapes for invalid
 * bytes) to the same bytes. A difference aborts.
 */
#include "lib/quote.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int hex(int c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* Appends code point cp as UTF-8. */
static void add_utf8(struct strbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		strbuf_addch(sb, (int)cp);
	} else if (cp < 0x800) {
		strbuf_addch(sb, (int)(0xc0 | (cp >> 6)));
		strbuf_addch(sb, (int)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_addch(sb, (int)(0xe0 | (cp >> 12)));
		strbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(sb, (int)(0x80 | (cp & 0x3f)));
	}
}

static void check_quoted(const char *name)
{
	char *q = quoted(name);
	struct strbuf back = STRBUF_INIT;
	const char *p = q;
	size_t n = strlen(q);

	for (p = q; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			abort();
	if (q[0] != '"') {
		if (strcmp(q, name))
			abort();
	} else {
		if (n < 2 || q[n - 1] != '"')
			abort();
		for (p = q + 1; p < q + n - 1; p++) {
			static const char named[] = "abtnvfr\"\\", value[] = "\a\b\t\n\v\f\r\"\\";
			const char *k;

			if (*p != '\\') {
				strbuf_addch(&back, *p);
				continue;
			}
			p++;
			if ((k = strchr(named, *p)) && *p) {
				strbuf_addch(&back, value[k - named]);
			} else if (p[0] >= '0' && p[0] <= '3' && p + 2 < q + n - 1) {
				strbuf_addch(&back, (p[0] - '0') * 64 + (p[1] - '0') * 8 + (p[2] - '0'));
				p += 2;
			} else {
				abort();
			}
		}
		if (strcmp(back.buf, name))
			abort();
	}
	strbuf_release(&back);
	free(q);
}

/* Whether s[0..len) is valid UTF-8 (no surrogates, no overlong forms). */
static int valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned cp;
		size_t n, k;

		if (s[i] < 0x80) {
			i++;
			continue;
		}
		n = s[i] >= 0xc2 && s[i] <= 0xdf ? 2 : s[i] >= 0xe0 && s[i] <= 0xef ? 3 :
		    s[i] >= 0xf0 && s[i] <= 0xf4 ? 4 : 0;
		if (!n || i + n > len)
			return 0;
		cp = s[i] & (0x7f >> n);
		for (k = 1; k < n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += n;
	}
	return 1;
}

static void check_json(const char *s, size_t len)
{
	struct strbuf json = STRBUF_INIT, back = STRBUF_INIT;
	size_t i;

	strbuf_add_json_string(&json, s, len);
	if (!valid_utf8((const unsigned char *)json.buf, json.len))
		abort();
	if (json.len < 2 || json.buf[0] != '"' || json.buf[json.len - 1] != '"')
		abort();
	for (i = 1; i + 1 < json.len; i++) {
		unsigned char c = (unsigned char)json.buf[i];

		if (c < 0x20 || c == '"')
			abort();
		if (c != '\\') {
			strbuf_addch(&back, c);
			continue;
		}
		c = (unsigned char)json.buf[++i];
		if (c == 'u') {
			unsigned cp = 0, k;

			for (k = 1; k <= 4; k++)
				cp = cp * 16 + (unsigned)hex(json.buf[i + k]);
			i += 4;
			if (cp >= 0xdc80 && cp <= 0xdcff)
				strbuf_addch(&back, (int)(cp & 0xff));	/* an invalid byte */
			else if (cp >= 0xd800 && cp <= 0xdfff)
				abort();
			else
				add_utf8(&back, cp);
		} else {
			strbuf_addch(&back, c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' :
				     c == 'b' ? '\b' : c == 'f' ? '\f' : c);
		}
	}
	if (back.len != len || memcmp(back.buf, s, len))
		abort();
	strbuf_release(&json);
	strbuf_release(&back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = xstrndup((const char *)data, size);	/* up to a NUL, as a path */

	check_quoted(name);
	check_json((const char *)data, size);
	free(name);
	return 0;
}
