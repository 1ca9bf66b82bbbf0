/*
 * model.h: a memory model as herd7 -conf reads it from a folder: the .cfg
 * (linux-kernel.cfg) names the macros (.def), the bell and the cat file.
 * Models are loaded once and shared by the threads of a run.
 */
#ifndef ACQREL_LITMUS_MODEL_H
#define ACQREL_LITMUS_MODEL_H

#include "cat-eval.h"
#include "litmus.h"

struct litmus_model {
	char *dir;			/* owned: the folder, as given */
	char *cfg;			/* owned: path of the .cfg */
	struct cat_model *cat;		/* owned */
	struct lit_defs defs;		/* owned */
};

/*
 * Loads the model of folder dir (reading dir/linux-kernel.cfg, or the only
 * *.cfg there). Returns NULL with *err set (malloc'd, one line) on failure.
 * Caller frees with litmus_model_free().
 */
struct litmus_model *litmus_model_load(const char *dir, char **err);
void litmus_model_free(struct litmus_model *m);

/*
 * A cache of loaded models keyed by folder (its real path), safe to use from
 * several threads. Returns the model (owned by the cache) or NULL with *err.
 */
const struct litmus_model *litmus_model_cached(const char *dir, char **err);
/* Frees every cached model. */
void litmus_model_cache_clear(void);

#endif
