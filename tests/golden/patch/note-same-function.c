// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: the reader of a published pointer is the
 * lookup at the top of the very function that publishes it; the pairing
 * note says "in this function", not the function's own name.
 */

struct demo_elt {
	int key;
	int hits;
};

struct demo_slot {
	struct demo_elt *val;
};

struct demo_elt *demo_alloc(void);

static struct demo_elt *demo_find_or_add(struct demo_slot *s, int key)
{
	struct demo_elt *e = READ_ONCE(s->val);

	if (e && e->key == key)
		return e;
	e = demo_alloc();
	if (!e)
		return NULL;
	e->key = key;
	smp_wmb();
	WRITE_ONCE(s->val, e);
	return e;
}

static void demo_reset(struct demo_slot *s)
{
	s->val = NULL;
}

/*
 * check-name: a dependent reader in the writer's own function: "Pairs with READ_ONCE() in this function"
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/note-same-function.c
+++ b/note-same-function.c
@@ -26,8 +26,8 @@ static struct demo_elt *demo_find_or_add(struct demo_slot *s, int key)
 	if (!e)
 		return NULL;
 	e->key = key;
-	smp_wmb();
-	WRITE_ONCE(s->val, e);
+	/* Pairs with READ_ONCE() in this function *\/
+	smp_store_release(&s->val, e);
 	return e;
 }
 
 * check-output-end
 */
