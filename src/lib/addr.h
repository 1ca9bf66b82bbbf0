/*
 * addr.h: mail addresses as scripts/get_maintainer.pl reads and writes them
 * (its parse_email(), format_email() and escape_name()), and the tree's
 * .mailmap, which it applies to every address it prints.
 */
#ifndef ACQREL_ADDR_H
#define ACQREL_ADDR_H

#include "hash.h"

/*
 * Splits "Name <mail>", "<mail>" or "mail ..." into a name (quoted when it
 * holds anything but letters, digits, '_', ' ' and '-') and an address, both
 * trimmed; either can be "". Caller frees both.
 */
void addr_parse(const char *text, char **name, char **address);
/* "Name <mail>", or "mail" when name is "" (name quoted as above). Caller frees. */
char *addr_format(const char *name, const char *address);

struct mailmap {
	struct hashmap names, addresses;	/* key -> index into the arrays below */
	char **name, **address;			/* owned */
	size_t nr_names, nr_addresses, alloc_names, alloc_addresses;
};

/* Reads root/.mailmap into mm (zeroed first); a tree without one maps nothing. */
void mailmap_load(struct mailmap *mm, const char *root);
/* Adds the entries of text (the format of git's .mailmap) to mm. */
void mailmap_parse(struct mailmap *mm, const char *text);
void mailmap_release(struct mailmap *mm);
/* The address get_maintainer.pl's mailmap_email() makes of email. Caller frees. */
char *mailmap_map(const struct mailmap *mm, const char *email);

#endif
