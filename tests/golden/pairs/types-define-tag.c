// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a struct tag that a #define renames. */

struct demo_sqe {
	unsigned int type;
	unsigned int idx;
	unsigned int kind:4;
};

/* the driver's name for the library's struct */
#define demo_tx_buf demo_sqe

struct demo_ring {
	int data;
};

/* found through the #define: an unsigned int, so it converts */
void demo_fill(struct demo_tx_buf *b, struct demo_ring *r)
{
	r->data = 1;
	smp_wmb();
	b->type = 2;
}

int demo_clean(struct demo_tx_buf *b, struct demo_ring *r)
{
	if (b->type != 2)
		return 0;
	smp_rmb();
	return r->data;
}

/* a bitfield through the same #define: no release or acquire can take it */
void demo_mark(struct demo_tx_buf *b, struct demo_ring *r)
{
	r->data = 3;
	smp_wmb();
	b->kind = 1;
}

int demo_check(struct demo_tx_buf *b, struct demo_ring *r)
{
	if (!b->kind)
		return 0;
	smp_rmb();
	return r->data;
}

/*
 * check-name: types: "#define demo_tx_buf demo_sqe" makes struct demo_tx_buf the struct demo_sqe (a scalar member converts, a bitfield is an operand keep)
 * check-command: acqrel pairs $file
 * check-output-start
types-define-tag.c:21: protocol b->type (demo_tx_buf.type): convert
  writer types-define-tag.c:21: smp_wmb() in demo_fill(); publish store at line 22
  reader types-define-tag.c:29: smp_rmb() in demo_clean(); subscribe load at line 27
  evidence: object, data
  adjacent: each barrier that goes orders b->type and nothing another thread can see besides
  ordering: 0 other accesses change ordering

types-define-tag.c:37: protocol b->kind (demo_tx_buf.kind): keep
  writer types-define-tag.c:37: smp_wmb() in demo_mark(); publish store at line 38
  reader types-define-tag.c:45: smp_rmb() in demo_check(); subscribe load at line 43
  evidence: object, data
  operand: b->kind is a bitfield, which has no address (unsigned int kind:4) and cannot be the operand of smp_load_acquire() or smp_store_release()
  ordering: 0 other accesses change ordering

 * check-output-end
 */
