// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 7: several stores after one smp_wmb(). */

struct demo_win {
	int pixels[16];
	int width;
	int height;
	int stamp;
};

static void demo_win_resize(struct demo_win *w, int wd, int ht)
{
	w->pixels[0] = 0;
	smp_wmb();
	w->width = wd;
	w->height = ht;
}

static int demo_win_height(struct demo_win *w)
{
	int h = READ_ONCE(w->height);

	smp_rmb();
	return h ? w->pixels[0] : -1;
}

int demo_draw(int *pixels, int width);

/* a reader of width that passes it on: it may index pixels with it */
static int demo_win_draw(struct demo_win *w)
{
	return demo_draw(w->pixels, READ_ONCE(w->width));
}

static void demo_win_stamp(struct demo_win *w, int s)
{
	w->pixels[1] = s;
	smp_wmb();
	w->stamp = s, w->width = 0;
}

static int demo_win_read_stamp(struct demo_win *w)
{
	int s = READ_ONCE(w->stamp);

	smp_rmb();
	return s + w->pixels[1];
}

/*
 * check-name: shape 7, the store readers load is not the first after smp_wmb(), and another store after it has a reader that may index by it: review
 * check-command: acqrel pairs $file
 * check-output-start
shape07-several-stores.c:14: protocol w->height (demo_win.height): review
  writer shape07-several-stores.c:14: smp_wmb() in demo_win_resize(); publish store at line 16
  reader shape07-several-stores.c:23: smp_rmb() in demo_win_height(); subscribe load at line 21
  evidence: object, data
  several-stores: smp_wmb() in demo_win_resize() also orders the stores to w->width (line 15), which other threads can see: with a release on w->height instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store w->width (line 15) after smp_wmb() in demo_win_resize(): shared: no reader in the tree orders loads after loading w->width (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

shape07-several-stores.c:38: protocol w->stamp (demo_win.stamp): review
  writer shape07-several-stores.c:38: smp_wmb() in demo_win_stamp(); publish store at line 39
  reader shape07-several-stores.c:46: smp_rmb() in demo_win_read_stamp(); subscribe load at line 44
  evidence: object, data
  several-stores: smp_wmb() in demo_win_stamp() also orders the stores to w->width (line 39), which other threads can see: with a release on w->stamp instead, they are no longer ordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store w->width (line 39) after smp_wmb() in demo_win_stamp(): shared: no reader in the tree orders loads after loading w->width (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

 * check-output-end
 */
