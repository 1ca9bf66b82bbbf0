// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: plain readers, one of an object still on its caller's stack. */

struct demo_map {
	int ent[8];
	unsigned int nr;
};

struct demo_owner {
	struct demo_map map;
};

static inline unsigned int demo_map_nr(struct demo_map *m)
{
	unsigned int n = READ_ONCE(m->nr);

	smp_rmb();
	return n;
}

static void demo_map_publish(struct demo_map *m, int v)
{
	m->ent[m->nr] = v;
	smp_wmb();
	WRITE_ONCE(m->nr, m->nr + 1);
}

/* the plain reader: its map is the one demo_map_write() builds on its stack */
static bool demo_map_overlaps(struct demo_map *new_map, int v)
{
	unsigned int i;

	for (i = 0; i < new_map->nr; i++)
		if (new_map->ent[i] == v)
			return true;
	return false;
}

/* the same, but demo_map_find() passes the published map */
static bool demo_map_contains(struct demo_map *m, int v)
{
	unsigned int i;

	for (i = 0; i < m->nr; i++)
		if (m->ent[i] == v)
			return true;
	return false;
}

bool demo_map_find(struct demo_owner *o, int v)
{
	return demo_map_contains(&o->map, v);
}

static bool demo_map_check(struct demo_map *new_map, int v)
{
	return !demo_map_overlaps(new_map, v);
}

int demo_map_write(struct demo_owner *o, int v)
{
	struct demo_map new_map;

	memset(&new_map, 0, sizeof(new_map));
	if (!demo_map_check(&new_map, v))
		return -EINVAL;
	new_map.ent[new_map.nr++] = v;
	demo_map_publish(&o->map, v);
	return demo_map_nr(&o->map);
}

/*
 * check-name: missing-acquire: a reader of an object on its caller's stack, and one of a published object
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
reader-private.c:44:18: warning: missing-acquire: demo_map_contains() loads m->nr (line 44) with a plain load and then m->ent[i] (line 45) with no smp_rmb(), acquire or dependency between; protocol m->nr: writer smp_wmb() in demo_map_publish() at reader-private.c:24; reader smp_rmb() in demo_map_nr() at reader-private.c:17; evidence: smp_wmb() in demo_map_publish() stores m->ent[i] before it and publishes m->nr after it; the protocol's other readers order the data with a barrier or an acquire; fix: load m->nr with smp_load_acquire(), or through the accessor its other readers use (severity high, confidence low)
 * check-output-end
 */
