// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the JSON form of a site. */

struct demo_buf {
	char data[32];
	unsigned int len;
};

static void demo_buf_set(struct demo_buf *b, unsigned int n)
{
	b->data[0] = 'x';
	smp_wmb();
	WRITE_ONCE(b->len, n);
}

/*
 * check-name: --json follows the contract of ../shared/DESIGN.md
 * check-command: acqrel sites --json $file
 * check-output-start
{"schema": 1, "root": ".", "sites": [
  {"file": "json.c", "line": 12, "column": 2, "function": "demo_buf_set", "macro": null, "primitive": "smp_wmb", "operand": [], "before": [{"path": "b->data[0]", "object": "demo_buf.data", "kind": "write", "marked": false, "line": 11}], "after": [{"path": "b->len", "object": "demo_buf.len", "kind": "write", "marked": true, "line": 13, "via": "WRITE_ONCE"}]}
 ],
 "skipped": []}
 * check-output-end
 */
