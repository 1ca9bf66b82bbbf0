/* json.c: JSON fragments */
#include "json.h"

#include <string.h>

void json_add_string(struct strbuf *sb, const char *s)
{
	if (!s)
		strbuf_adds(sb, "null");
	else
		strbuf_add_json_string(sb, s, strlen(s));
}

void json_add_accesses(struct strbuf *sb, const struct access_list *l)
{
	size_t i;

	strbuf_addch(sb, '[');
	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];

		strbuf_adds(sb, i ? ", {\"path\": " : "{\"path\": ");
		json_add_string(sb, a->path);
		strbuf_adds(sb, ", \"object\": ");
		json_add_string(sb, a->object);
		strbuf_addf(sb, ", \"kind\": \"%s\", \"marked\": %s, \"line\": %u",
			    a->is_write ? "write" : "read", a->marked ? "true" : "false", a->line);
		if (a->via) {
			strbuf_adds(sb, ", \"via\": ");
			json_add_string(sb, a->via);
		}
		strbuf_addch(sb, '}');
	}
	strbuf_addch(sb, ']');
}

void json_add_skips(struct strbuf *sb, const struct skip_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_adds(sb, sb->len && sb->buf[sb->len - 1] != '[' ? ",\n  {\"path\": " :
			    "\n  {\"path\": ");
		json_add_string(sb, l->v[i].path);
		strbuf_adds(sb, ", \"reason\": ");
		json_add_string(sb, l->v[i].reason);
		strbuf_addch(sb, '}');
	}
}
