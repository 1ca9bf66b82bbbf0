// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: another subsystem reads its own file->private_data. */
#include <linux/demo_fs.h>

struct demo_ctx {
	int refs;
};

static int demo_ctx_get(struct demo_file *file)
{
	struct demo_ctx *ctx = READ_ONCE(file->private_data);

	smp_rmb();
	return ctx ? ctx->refs : 0;
}
