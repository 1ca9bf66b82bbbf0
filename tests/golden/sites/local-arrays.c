// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: an element of an array that the function
 * declares itself is its own storage, which no other thread sees; an array
 * that is static, a parameter, or reached through a pointer element is not.
 */

struct demo_req {
	int op;
	int *slots[4];
};

void demo_name(struct demo_req *r)
{
	char name[16];

	name[0] = '\0';
	smp_wmb();
	WRITE_ONCE(r->op, 1);
}

void demo_grid(struct demo_req *r)
{
	int grid[2][3];

	grid[1][2] = 3;
	smp_wmb();
	WRITE_ONCE(r->op, 2);
}

void demo_row(struct demo_req *r)
{
	int *rows[2];

	rows[0] = r->slots[0];
	smp_wmb();
	WRITE_ONCE(r->op, 3);
}

void demo_copy(struct demo_req *r)
{
	struct demo_req copy[2];

	copy[1].op = 2;
	smp_wmb();
	WRITE_ONCE(r->op, 4);
}

void demo_through_row(struct demo_req *r)
{
	int *rows[2] = { r->slots[0], r->slots[1] };

	rows[1][0] = 5;
	smp_wmb();
	WRITE_ONCE(r->op, 5);
}

void demo_static(struct demo_req *r)
{
	static int seen[4];

	seen[1] = 1;
	smp_wmb();
	WRITE_ONCE(r->op, 6);
}

void demo_param(struct demo_req *r, int out[])
{
	out[0] = 1;
	smp_wmb();
	WRITE_ONCE(r->op, 7);
}

void demo_view(struct demo_req *r)
{
	int (*view)[4] = (void *)r->slots;

	(*view)[1] = 2;
	smp_wmb();
	WRITE_ONCE(r->op, 8);
}

void demo_cast(struct demo_req *r)
{
	char own[8];
	int v;

	((int *)own)[0] = 1;
	v = ((int *)r->slots[0])[1];
	smp_wmb();
	WRITE_ONCE(r->op, v);
}

/*
 * check-name: elements of the function's own arrays are not shared; a static array, an array parameter and a pointer reached through an element are; an element through a cast of a shared pointer is, one of the function's own array is not
 * check-command: acqrel sites $file
 * check-output-start
local-arrays.c:18:2: note: smp_wmb() in function demo_name(); after: write r->op (marked, line 19)
local-arrays.c:27:2: note: smp_wmb() in function demo_grid(); after: write r->op (marked, line 28)
local-arrays.c:36:2: note: smp_wmb() in function demo_row(); before: read r->slots[0] (line 35); after: write r->op (marked, line 37)
local-arrays.c:45:2: note: smp_wmb() in function demo_copy(); after: write r->op (marked, line 46)
local-arrays.c:54:2: note: smp_wmb() in function demo_through_row(); before: write rows[1][0] (line 53); after: write r->op (marked, line 55)
local-arrays.c:63:2: note: smp_wmb() in function demo_static(); before: write seen[1] (line 62); after: write r->op (marked, line 64)
local-arrays.c:70:2: note: smp_wmb() in function demo_param(); before: write out[0] (line 69); after: write r->op (marked, line 71)
local-arrays.c:79:2: note: smp_wmb() in function demo_view(); before: write (*view)[1] (line 78); after: write r->op (marked, line 80)
local-arrays.c:90:2: note: smp_wmb() in function demo_cast(); before: read ((int *)r->slots[0])[1] (line 89); after: write r->op (marked, line 91)
 * check-output-end
 */
