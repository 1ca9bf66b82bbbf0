/*
 * ts-errors FILE...: prints "FILE N" for each file, N the number of ERROR
 * and MISSING nodes tree-sitter's C grammar finds in it. patch.t compares
 * the counts before and after a rewrite. Walks the tree with a cursor, not
 * recursion.
 */
#include <stdio.h>
#include <stdlib.h>
#include <tree_sitter/api.h>

/* tree-sitter 0.20 has no ts_node_is_error(): ERROR nodes carry the symbol (TSSymbol)-1 */

const TSLanguage *tree_sitter_c(void);

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!fp)
		return NULL;
	do {
		if (n + 65536 > cap) {
			cap = (n + 65536) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		got = fread(buf + n, 1, cap - n, fp);
		n += got;
	} while (got);
	fclose(fp);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	TSParser *parser = ts_parser_new();
	int i, status = 0;

	ts_parser_set_language(parser, tree_sitter_c());
	for (i = 1; i < argc; i++) {
		size_t len, errors = 0;
		char *text = slurp(argv[i], &len);
		TSTree *tree;
		TSTreeCursor c;

		if (!text) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			status = 1;
			continue;
		}
		tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)len);
		c = ts_tree_cursor_new(ts_tree_root_node(tree));
		for (;;) {
			TSNode n = ts_tree_cursor_current_node(&c);

			errors += ts_node_symbol(n) == (TSSymbol)-1 || ts_node_is_missing(n);
			if (ts_tree_cursor_goto_first_child(&c))
				continue;
			while (!ts_tree_cursor_goto_next_sibling(&c))
				if (!ts_tree_cursor_goto_parent(&c))
					goto done;
		}
done:
		printf("%s %zu\n", argv[i], errors);
		ts_tree_cursor_delete(&c);
		ts_tree_delete(tree);
		free(text);
	}
	ts_parser_delete(parser);
	return status;
}
