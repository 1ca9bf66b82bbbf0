/* json.h: JSON fragments for acqrel's output contract (../shared/DESIGN.md) */
#ifndef ACQREL_JSON_H
#define ACQREL_JSON_H

#include "access.h"
#include "strbuf.h"
#include "walk.h"

/* Appends a JSON string, or null when s is NULL. */
void json_add_string(struct strbuf *sb, const char *s);
/* Appends [access, ...] as the contract spells an access. */
void json_add_accesses(struct strbuf *sb, const struct access_list *l);
/* Appends [{"path": ..., "reason": ...}, ...]. */
void json_add_skips(struct strbuf *sb, const struct skip_list *l);

#endif
