/*
 * prelude.c: the cat files herd7 ships in its own library, which the
 * kernel's model reads without shipping them, written for acqrel from what
 * they must mean:
 *   stdlib.cat   read before every model: po-loc, rfe, rfi, co0, fencerel,
 *                singlestep, ... (herd's standard library)
 *   cross.cat    generate_cos: every coherence order, per location, that
 *                extends a partial order (lock.cat includes it)
 *   cos-opt.cat  co, coi, coe, fr, fri, fre from the coherence orders that
 *                rf and po already allow (lock.cat includes it)
 * The builtins they rely on (domain, range, classes-loc, linearisations,
 * cross, map, different-values) are in cat-prim.c. A file of the same name
 * in the model's folder is read instead.
 */
#include "prelude.h"

#include <string.h>

static const char stdlib_cat[] =
	"\"acqrel prelude (herd's standard library)\"\n"
	"(* the empty set of events *)\n"
	"let emptyset = domain(0)\n"
	"(* older names *)\n"
	"let partition = classes-loc\n"
	"(* program order on one location; read-from across and within threads *)\n"
	"let po-loc = po & loc\n"
	"let rfe = rf & ext\n"
	"let rfi = rf & int\n"
	"(* what every coherence order contains: the initial write first,\n"
	"   the final write (FW, of a location the condition observes) last *)\n"
	"let co0 = loc & ((IW * (W \\ IW)) | ((W \\ FW) * FW))\n"
	"let toid(s) = [s]\n"
	"(* pairs of events with a fence of set B between them in program order *)\n"
	"let fencerel(B) = (po & (_ * B)) ; po\n"
	"let ctrlcfence(CFENCE) = (ctrl & (_ * CFENCE)) ; po\n"
	"let imply(A, B) = ~A | B\n"
	"(* r1 without the pairs that r2 ; r3 also links *)\n"
	"let nodetour(R1, R2, R3) = R1 \\ (R2 ; R3)\n"
	"(* the steps of r that no two steps of r also make *)\n"
	"let singlestep(R) = nodetour(R, R, R)\n"
	"let LKW = try LKW with emptyset\n";

static const char cross_cat[] =
	"\"acqrel cross (coherence orders by location)\"\n"
	"(* for each set of writes to one location, its orders extending pco *)\n"
	"let co_locs(pco, wss) = map (fun ws -> linearisations(ws, pco)) wss\n"
	"(* one order per location, united: cross is a builtin *)\n"
	"let generate_orders(s, pco) = cross(co_locs(pco, partition(s)))\n"
	"let generate_cos(pco) = generate_orders(W, pco)\n";

static const char cos_opt_cat[] =
	"\"acqrel cos-opt (coherence from the model)\" withoutco\n"
	"let invrf = rf^-1\n"
	"(* coherence edges the test already shows: two writes in program order,\n"
	"   a read before a write, a write before a read, two reads *)\n"
	"let obsco =\n"
	"  let w-then-w = po-loc & (W * W)\n"
	"  and r-then-w = rf ; (po-loc & (R * W))\n"
	"  and w-then-r = ((po-loc & (W * R)) ; invrf) \\ id\n"
	"  and r-then-r = (rf ; (po-loc & (R * R)) ; invrf) \\ id in\n"
	"  w-then-w | r-then-w | w-then-r | r-then-r\n"
	"(* a read-modify-write event comes after the write it reads from *)\n"
	"let rmwco = rf & (W * (R & W))\n"
	"let cobase = obsco | rmwco | co0\n"
	"acyclic cobase as ConsCo\n"
	"include \"cross.cat\"\n"
	"with co from generate_cos(cobase)\n"
	"let coi = co & int\n"
	"let coe = co \\ coi\n"
	"let fr = (invrf ; co) \\ id\n"
	"let fri = fr & int\n"
	"let fre = fr \\ fri\n";

static const struct {
	const char *name;
	const char *text;
} files[] = {
	{ "stdlib.cat", stdlib_cat },
	{ "cross.cat", cross_cat },
	{ "cos-opt.cat", cos_opt_cat },
};

const char *prelude_file(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (!strcmp(files[i].name, name))
			return files[i].text;
	return NULL;
}
