/*
 * decide.c - can two accesses touch one element?  Decided symbolically (dec_, acc_).
 *
 * A conflict between accesses a and b is a question about two symbolic
 * work-items: instance 0 runs a, instance 1 runs b.  They are two different
 * work-items of one work-group (their group ids are one and the same
 * variable, their local ids differ somewhere), or work-items of two
 * different groups.  Everything the indices and guards are made of becomes an
 * integer term: local and group ids (bounded by the launch's sizes, which are
 * themselves variables where the launch is open: launch.h), kernel
 * arguments and other uniform unknowns (one variable shared by both
 * work-items, bounded by their type), loop counters (an iteration number k
 * >= 0 per loop, shared when the two accesses can only meet in one
 * iteration, one per work-item for a loop-carried pair), loaded data (an
 * uninterpreted function of the address).  The pair conflicts when both
 * guards hold and the byte ranges overlap.  Z3 decides it.
 *
 * Why Z3 and why this encoding: the questions are linear integer arithmetic
 * (Presburger, with division and remainder by constants) except for products
 * of two unknowns, and those are everywhere in real kernels: a global id is
 * group id x local size, a row is y x width.  Nonlinear integer arithmetic is
 * undecidable and slow in any solver (a 2-D row check ran into the limit), so
 * each product x * u becomes a variable of its own, tied to its factors by
 * lemmas that hold for all integers: zero and sign, |x*u| >= |u| when x != 0,
 * and, between two products with the same factor u (a row of work-item 0 and
 * a row of work-item 1), x0 = x1 -> p0 = p1 and x0 - x1 >= 1 -> p0 - p1 >= u,
 * plus p <= u * (e - 1) when x ranges below e.  That abstraction is linear,
 * so Z3 decides it quickly and exactly; "no conflict" under it is a proof.
 * A model it finds is checked against the real products; where one does not
 * hold, the shared factors are fixed to the model's values (making every
 * product linear again) and, failing that, the exact nonlinear query runs
 * under a resource limit.  isl would be exact for the affine part, but the
 * products of parameters and ids that decide real kernels are outside
 * Presburger arithmetic, and a second solver for the linear part would not
 * pay for itself: the linear queries take a fraction of a millisecond.
 *
 * Verdicts: free (proved: no model), race (a model: the witness), unknown
 * (the solver's limit, or an index made of loaded data that only a
 * read-modify-write of one element turns into a race).  A race that needs
 * particular values of the unknowns is found by asking again under the
 * hypotheses correct code relies on (a size is at least the launch extent it
 * is compared with, strides are positive, an outer stride spans the inner
 * rows); when that makes it vanish, the smallest set of hypotheses that does
 * (an unsat core, minimized) becomes the finding's condition: "when n <
 * get_global_size(0)".  Conditions that compare arguments with the launch
 * only are errors (a missing bounds guard); the others are a coincidence of
 * arguments, warnings.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "assume.h"
#include "depend.h"
#include "smt.h"

/* Hypotheses, in the order the condition's minimization drops them: the
 * strongest first, so that what stays is the most precise condition. */
enum hyp_kind { HYP_EXT_G, HYP_ROW, HYP_EXT_L, HYP_ORDER, HYP_POS, HYP_NZ, HYP_PART, HYP_WRAP,
		HYP_MIRROR, HYP_STEP, HYP_GRID };

struct hyp {
	unsigned char kind, dim;
	unsigned p, q;               /* slots: p (and q for an order) */
	const char *what;            /* for HYP_ORDER: the extent's text */
	Z3_ast f;                    /* the hypothesis */
	Z3_ast lit;                  /* its assumption literal */
};

/* ------------------------------------------------------------ the conflict */

/* The condition under which pass k of a's loop meets b, one access in the
 * loop and the other after it:
 * - a after a barrier of every pass: only in a's last pass (the loop's
 *   condition holds at k and fails at k + 1);
 * - a before a barrier of every pass, b after the loop (it does not lead
 *   back into the loop): only in a pass that b's work-item did
 *   not run, since a pass it ran ends with the barrier a's work-item passes
 *   after a (for (i = lid; i < 128; i += 64) { t[i] = ...; barrier(...); }
 *   read after the loop: both run two passes, the second barrier orders
 *   them).  So b's work-item left after kr <= k passes.  kr is where the
 *   condition first fails for it; asserting that it fails at kr and held at
 *   kr - 1 admits every such kr, so no race is lost. */
static Z3_ast last_iteration(struct q *q, const struct acc *a, const struct acc *b,
			     enum acc_mode mode, unsigned inst_a)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_true(d->z);
	struct aux *x = acc_aux(q->ab, q->k, a);
	for (unsigned i = 0; x && i < x->nslots; i++) {
		struct sym_slot *sl = &((struct acc_kernel *)q->k)->slots[x->slots[i]];
		if (!sl->is_iv || !sl->loop || !sl->ctx)
			continue;
		bool in_a = acc_in_loop(q->ab, a, sl->ctx, sl->loop);
		bool in_b = acc_in_loop(q->ab, b, sl->ctx, sl->loop);
		if (!in_a || in_b)
			continue;
		/* a after a barrier of every pass, or before one */
		bool after = !acc_header_reaches(q->k, sl->ctx, sl->loop, a, mode);
		bool before = !after && !acc_reaches_header(q->k, sl->ctx, sl->loop, a, mode) &&
			      !acc_reaches_header(q->k, sl->ctx, sl->loop, b, MODE_NONE);
		if (!after && !before)
			continue;
		const struct ir_block *h = sl->loop;
		struct sym *cond = guard_cond(q->ab, (struct acc_ctx *)sl->ctx, h->id);
		struct fn_info *fi = acc_fn_info(q->ab, ((const struct acc_ctx *)sl->ctx)->f);
		if (!cond || h->term != TERM_BRANCH || h->nsuccs != 2 || !fi->hloop ||
		    fi->hloop[h->id] < 0)
			continue;
		bool body_true = loop_member(fi, fi->hloop[h->id], h->succs[0]->id);
		Z3_ast k = smt_slot(q, x->slots[i], inst_a).t;
		Z3_ast now = smt_cond(q, cond, inst_a, 0);
		Z3_ast from = k, to = add2(d, k, num(d, 1));
		Z3_ast next = Z3_substitute(d->z, now, 1, &from, &to);
		if (!body_true) {
			now = Z3_mk_not(d->z, now);
			next = Z3_mk_not(d->z, next);
		}
		if (after) {
			f = and2(d, f, and2(d, now, Z3_mk_not(d->z, next)));
			continue;
		}
		/* b's work-item: out after kr passes, kr <= k */
		unsigned inst_b = 1 - inst_a;
		Z3_ast kb = smt_slot(q, x->slots[i], inst_b).t;
		Z3_ast kr = Z3_mk_fresh_const(d->z, "left", d->I);
		Z3_ast at = smt_cond(q, cond, inst_b, 0);
		Z3_ast runs = Z3_substitute(d->z, at, 1, &kb, &kr);
		Z3_ast krm = sub2(d, kr, num(d, 1));
		Z3_ast ran = Z3_substitute(d->z, at, 1, &kb, &krm);
		if (!body_true) {
			runs = Z3_mk_not(d->z, runs);
			ran = Z3_mk_not(d->z, ran);
		}
		Z3_ast zero = num(d, 0);
		f = and2(d, f, and2(d, and2(d, Z3_mk_ge(d->z, kr, zero), Z3_mk_le(d->z, kr, k)),
				    and2(d, Z3_mk_not(d->z, runs), or2(d, eq(d, kr, zero), ran))));
	}
	return f;
}

static bool pass_value(const struct acc_kernel *k, const struct sym *s, unsigned slot,
		       unsigned depth);

/* The loop of induction slot sl in its inlined function (*c, *fi, *L)
 * and its one latch; NULL when it has several or none. */
static const struct ir_block *single_latch(struct q *q, const struct sym_slot *sl,
					   struct acc_ctx **c, struct fn_info **fi, int *L)
{
	if (!sl->is_iv || !sl->loop || !sl->ctx)
		return NULL;
	*c = (struct acc_ctx *)sl->ctx;
	*fi = acc_fn_info(q->ab, (*c)->f);
	const struct ir_block *h = sl->loop, *latch = NULL;
	if (!(*fi)->hloop || (*fi)->hloop[h->id] < 0)
		return NULL;
	*L = (*fi)->hloop[h->id];
	unsigned nl = 0;
	for (unsigned p = 0; p < h->npreds; p++)
		if (loop_member(*fi, *L, h->preds[p]->id)) {
			latch = h->preds[p];
			nl++;
		}
	return nl == 1 ? latch : NULL;
}

/* Iteration k of a loop that tests at its end (do-while) runs only when
 * iteration k - 1 took the back edge: its latch's condition, one step
 * earlier.  (A loop that tests at its header gets that from the header's
 * branch, which the body's guard holds.) */
static Z3_ast continuation(struct q *q, const struct acc *a, unsigned inst)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_true(d->z);
	struct aux *x = acc_aux(q->ab, q->k, a);
	for (unsigned i = 0; x && i < x->nslots; i++) {
		const struct sym_slot *sl = &q->k->slots[x->slots[i]];
		struct acc_ctx *c;
		struct fn_info *fi;
		int L;
		const struct ir_block *h = sl->loop, *latch = single_latch(q, sl, &c, &fi, &L);
		if (!latch || latch->term != TERM_BRANCH || latch->nsuccs != 2)
			continue;
		unsigned e = latch->succs[0] == h ? 0 : 1;
		/* (only a condition that stays linear in k moves with it) */
		const struct sym *lc = guard_cond(q->ab, c, latch->id);
		if (!lc || !pass_value(q->k, lc, x->slots[i], 0))
			continue;
		Z3_ast k = smt_slot(q, x->slots[i], inst).t;
		Z3_ast back = and2(d, smt_runs(q, c, latch->id, inst, 0),
				   smt_edge(q, lc, latch, e, inst));
		Z3_ast to = sub2(d, k, num(d, 1));
		back = Z3_substitute(d->z, back, 1, &k, &to);
		f = and2(d, f, imp(d, Z3_mk_ge(d->z, k, num(d, 1)), back));
	}
	return f;
}

/* -s * D when t, a term of iteration number k, is D + s * k with s = 1
 * or -1 (a counter stepped by one against a bound: --tmp == 0 with tmp
 * from size); NULL otherwise. */
static Z3_ast unit_zero(struct dec *d, Z3_ast t, Z3_ast k)
{
	Z3_ast zero = num(d, 0), one = num(d, 1);
	Z3_ast d0 = Z3_substitute(d->z, t, 1, &k, &zero);
	Z3_ast d1 = Z3_substitute(d->z, t, 1, &k, &one);
	long long sv, rest;
	if (!numeral(d, Z3_simplify(d->z, sub2(d, d1, d0)), &sv) || (sv != 1 && sv != -1))
		return NULL;
	Z3_ast lin = add2(d, d0, mul2(d, num(d, sv), k));
	if (!numeral(d, Z3_simplify(d->z, sub2(d, t, lin)), &rest) || rest != 0)
		return NULL;
	return sv == 1 ? Z3_mk_unary_minus(d->z, d0) : d0;
}

/* Is s made of constants, ids, launch sizes, arguments and the counters of
 * iteration slot `slot` only (what one pass's number decides)? */
static bool pass_value(const struct acc_kernel *k, const struct sym *s, unsigned slot,
		       unsigned depth)
{
	if (!s || depth > 64)
		return false;
	switch (s->op) {
	case S_CONST:
	case S_LID:
	case S_GRP:
	case S_LSZ:
	case S_NGRP:
		return true;
	case S_SLOT:
		return s->slot < k->nslots && (s->slot == slot ||
					       (k->slots[s->slot].is_param && !k->slots[s->slot].is_iv));
	case S_IV:
		/* a constant step: the pass number stays linear in the
		 * solver's terms, which substituting k - 1 for k then moves
		 * exactly (a product k * step is a variable of its own) */
		return s->slot == slot && s->b && s->b->op == S_CONST &&
		       pass_value(k, s->a, slot, depth + 1);
	case S_NEG:
	case S_NOT:
	case S_LNOT:
		return pass_value(k, s->a, slot, depth + 1);
	case S_BIN:
		/* the same for products, quotients and bit operations:
		 * by a constant only */
		if (s->sub != IR_B_ADD && s->sub != IR_B_SUB && s->sub != IR_B_LT &&
		    s->sub != IR_B_GT && s->sub != IR_B_LE && s->sub != IR_B_GE &&
		    s->sub != IR_B_EQ && s->sub != IR_B_NE && s->sub != IR_B_LAND &&
		    s->sub != IR_B_LOR && (!s->a || !s->b ||
					   (s->a->op != S_CONST && s->b->op != S_CONST)))
			return false;
		return pass_value(k, s->a, slot, depth + 1) && pass_value(k, s->b, slot, depth + 1);
	case S_COND:
		return pass_value(k, s->a, slot, depth + 1) && pass_value(k, s->b, slot, depth + 1) &&
		       pass_value(k, s->x, slot, depth + 1);
	default:
		return false;
	}
}

/*
 * Iteration k of a loop runs only when no exit from its body was taken in
 * iteration k - 1 (while (1) { ...; if (--tmp == 0) break; ++y; }: the
 * header tests nothing).  For an exit on an equality of a counter stepped
 * by one, in a block every pass runs, in no earlier pass either: it is
 * taken at the one pass j where the two sides meet, so k <= j (y never
 * passes its strip of `size` rows).
 */
static Z3_ast exits_not_taken(struct q *q, const struct acc *a, unsigned inst)
{
	struct dec *d = q->d;
	Z3_ast f = NULL;   /* nothing to add: the question stays as it was */
	struct aux *x = acc_aux(q->ab, q->k, a);
	for (unsigned i = 0; x && i < x->nslots; i++) {
		const struct sym_slot *sl = &q->k->slots[x->slots[i]];
		struct acc_ctx *c;
		struct fn_info *fi;
		int L;
		const struct ir_block *h = sl->loop, *latch = single_latch(q, sl, &c, &fi, &L);
		if (!latch || !fi->inner)
			continue;
		/* (the pass number is asked for only where an exit needs it:
		 * asking adds it to the question) */
		Z3_ast k = NULL, before = NULL;
		for (unsigned m = 0; m < fi->size[L]; m++) {
			const struct ir_block *e = c->f->blocks[fi->member[L][m]];
			if (e == h || fi->inner[e->id] != L || e->term != TERM_BRANCH ||
			    e->nsuccs != 2)
				continue;
			bool in0 = loop_member(fi, L, e->succs[0]->id);
			bool in1 = loop_member(fi, L, e->succs[1]->id);
			if (in0 == in1)
				continue;
			/* an exit every pass reaches, on what the pass number,
			 * the ids and the arguments decide: its value one pass
			 * earlier is the same formula at k - 1 */
			if (!cfg_dominates(c->f, e, latch))
				continue;
			const struct sym *cond = guard_cond(q->ab, c, e->id);
			if (!cond || !pass_value(q->k, cond, x->slots[i], 0))
				continue;
			unsigned out = in0 ? 1 : 0;
			if (!k) {
				k = smt_slot(q, x->slots[i], inst).t;
				before = sub2(d, k, num(d, 1));
			}
			Z3_ast edge = smt_edge(q, cond, e, out, inst);
			Z3_ast taken = Z3_substitute(d->z, edge, 1, &k, &before);
			Z3_ast kept = imp(d, Z3_mk_ge(d->z, k, num(d, 1)), Z3_mk_not(d->z, taken));
			f = f ? and2(d, f, kept) : kept;
			/* every earlier pass, for an equality on a unit step */
			if (Z3_get_ast_kind(d->z, edge) != Z3_APP_AST)
				continue;
			Z3_app app = Z3_to_app(d->z, edge);
			if (Z3_get_decl_kind(d->z, Z3_get_app_decl(d->z, app)) != Z3_OP_EQ ||
			    Z3_get_app_num_args(d->z, app) != 2)
				continue;
			Z3_ast lhs = Z3_get_app_arg(d->z, app, 0), rhs = Z3_get_app_arg(d->z, app, 1);
			if (Z3_get_sort_kind(d->z, Z3_get_sort(d->z, lhs)) != Z3_INT_SORT)
				continue;
			Z3_ast j = unit_zero(d, sub2(d, lhs, rhs), k);
			if (j)
				f = and2(d, f, or2(d, Z3_mk_lt(d->z, j, num(d, 0)), Z3_mk_ge(d->z, j, k)));
		}
	}
	return f;
}

/* The pair meets only in different iterations of the loop of induction
 * slot s (split_of marked it 2): their iteration numbers differ; f with
 * that added. */
static Z3_ast other_iteration(struct q *q, Z3_ast f)
{
	struct dec *d = q->d;
	for (unsigned s = 0; q->split && s < q->nsplit; s++) {
		if (q->split[s] < 2)
			continue;   /* (asking for every slot's variable costs them all) */
		Z3_ast k0 = smt_slot(q, s, 0).t, k1 = smt_slot(q, s, 1).t;
		if (q->split[s] == 2)
			f = and2(d, f, ne(d, k0, k1));
		else if (q->split[s] == 3)   /* neighbours: a barrier in every pass */
			f = and2(d, f, or2(d, eq(d, k0, add2(d, k1, num(d, 1))),
					  eq(d, k1, add2(d, k0, num(d, 1)))));
	}
	return f;
}

/* The linear id's sub-group of work-item inst. */
static Z3_ast subgroup_of(struct q *q, unsigned inst, unsigned sg)
{
	struct dec *d = q->d;
	struct tv l0 = smt_lid(q, 0, inst), l1 = smt_lid(q, 1, inst), l2 = smt_lid(q, 2, inst);
	struct tv z0 = tvv(d->lsz[0], true), z1 = tvv(d->lsz[1], true);
	long long c;
	struct tv row = numeral(d, l2.t, &c) && c == 0 ? l1
		: tvv(add2(d, l1.t, numeral(d, z1.t, &c) ? mul2(d, z1.t, l2.t)
								: smt_product(q, l2, z1).t), false);
	Z3_ast lin = add2(d, l0.t, numeral(d, row.t, &c) && c == 0 ? num(d, 0)
			  : numeral(d, z0.t, &c) ? mul2(d, z0.t, row.t) : smt_product(q, row, z0).t);
	return Z3_mk_div(d->z, lin, num(d, sg));
}

/* Access x of work-item inst stays inside its array, when the array's
 * lengths are macro constants (acc.nbound): 0 <= subscript < length. */
static Z3_ast inside(struct q *q, const struct acc *x, unsigned inst)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_true(d->z);
	for (unsigned j = 0; j < x->nbound; j++) {
		Z3_ast i = smt_term(q, x->bsub[j], inst, 0).t, e = smt_term(q, x->bext[j], inst, 0).t;
		f = and2(d, f, and2(d, Z3_mk_ge(d->z, i, num(d, 0)), Z3_mk_lt(d->z, i, e)));
	}
	return f;
}

/*
 * An array whose lengths are macro constants the build does not define has
 * no length the launch could be bounded by (launch.c reads numbers), so its
 * bounds enter the question itself: an access outside an array is undefined
 * behaviour, and correct code keeps each work-item's subscripts inside it.
 * Both work-items of the question do, for the access each runs and for the
 * other one when it runs that too (tile[r][c] written by every work-item:
 * c < TILE for both, which is what makes two rows of the tile apart).
 */
static Z3_ast in_bounds(struct q *q, const struct acc *a, const struct acc *b)
{
	struct dec *d = q->d;
	Z3_ast f = and2(d, inside(q, a, 0), inside(q, b, 1));
	if (a != b && a->nbound)
		f = and2(d, f, imp(d, smt_guard(q, a, 1), inside(q, a, 1)));
	if (a != b && b->nbound)
		f = and2(d, f, imp(d, smt_guard(q, b, 0), inside(q, b, 0)));
	return f;
}

/* The values a witness gives the macro constants its question uses
 * ("TILE = 16"), or NULL when it uses none. */
static const char *witness_macros(struct q *q, Z3_model m)
{
	struct dec *d = q->d;
	const char *t = NULL;
	for (unsigned i = 0; m && i < q->nparams; i++) {
		const struct sym_slot *sl = &q->k->slots[q->params[i]];
		bool ok = true;
		if (!sl->is_macro)
			continue;
		long long v = smt_value(d, m, smt_slot(q, q->params[i], 0).t, &ok);
		if (ok)
			t = mem_printf(q->ctx->arena, "%s%s%s = %lld", t ? t : "", t ? ", " : "",
				       sl->name, v);
	}
	return t;
}

/* Two different work-items: of one group (local ids differ) or of two
 * groups (group ids differ). */
static Z3_ast distinct(struct q *q)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_false(d->z);
	for (unsigned dm = 0; dm < 3; dm++) {
		if (q->inter) {
			if (q->k->launch.ngrp[dm] == 1)
				continue;
			f = or2(d, f, ne(d, smt_grp(q, dm, 0).t, smt_grp(q, dm, 1).t));
		} else {
			if (q->k->launch.lsz[dm] == 1)
				continue;
			f = or2(d, f, ne(d, smt_lid(q, dm, 0).t, smt_lid(q, dm, 1).t));
		}
	}
	return f;
}

/* Which slots take independent values for the two work-items; *n: the
 * slots the array covers (building the guards can add slots later). */
static unsigned char *split_of(struct q *q, const struct acc *a, const struct acc *b,
			       enum acc_mode mode, unsigned *n)
{
	const struct acc_kernel *k = q->k;
	struct aux *xa = acc_aux(q->ab, k, a), *xb = acc_aux(q->ab, k, b);
	unsigned char *v = calloc(k->nslots + 1, 1);
	*n = v ? k->nslots : 0;
	if (!v || !xa || !xb)
		return v;
	for (unsigned i = 0; i < xa->nslots + xb->nslots; i++) {
		unsigned s = i < xa->nslots ? xa->slots[i] : xb->slots[i - xa->nslots];
		if (s < k->nslots && !v[s])
			v[s] = acc_slot_split(q->ab, k, &k->slots[s], a, b, mode) ? 1 : 0;
	}
	/*
	 * A pair that meets only around the back edge of a loop of the
	 * kernel's own body, in no loop itself, is in two different iterations
	 * of it (2: other_iteration says so), whether or not the indices use
	 * the loop's counter: a loop whose bounds allow one iteration (one
	 * pass per work-group, one group) carries nothing to a second
	 * iteration that never runs.  (In an enclosing loop, or in a helper
	 * called in one, a path could leave the loop and enter it afresh: the
	 * numbers could be equal there.  Two work-groups are not in step.)
	 */
	const struct ir_block *asked = NULL;   /* several counters of one loop: asked once */
	unsigned char apart = 0;
	for (unsigned s = 0; s < k->nslots && !q->inter && a != b; s++) {
		const struct sym_slot *sl = &k->slots[s];
		const struct acc_ctx *c = sl->ctx;
		if (!sl->is_iv || !sl->loop || !c || c->parent || !c->first_node)
			continue;
		if (sl->loop != asked) {
			struct fn_info *fi = acc_fn_info(q->ab, c->f);
			int L = fi->hloop ? fi->hloop[sl->loop->id] : -1;
			asked = sl->loop;
			unsigned h = c->first_node[sl->loop->id];
			/* in an enclosing loop, when leaving this one and coming back
			 * crosses a barrier */
			apart = L >= 0 &&
				(fi->parent[L] < 0 || acc_reentry_splits(q->ab, k, c, sl->loop, mode)) &&
				acc_in_loop(q->ab, a, c, sl->loop) &&
				acc_in_loop(q->ab, b, c, sl->loop) &&
				acc_apart_iterations(k, a, b, mode, h);
			/* neighbouring iterations (3) when every pass has a barrier */
			if (apart && acc_loop_splits(k, h, mode))
				apart = 3;
		}
		if (apart)
			v[s] = apart;
	}
	return v;
}

static const char *slot_name(const struct acc_kernel *k, unsigned s)
{
	return k->slots[s].name ? k->slots[s].name : "?";
}

/* A row term of an index: coef * p * (other factors), p a shared unknown. */
struct rowterm {
	const struct sym *term;
	const struct sym *minus;     /* the term is term - minus (an induction
				      * variable less its start), or NULL */
	unsigned p;
	long long coef;
	long long mul;               /* the constant the index multiplies the term by */
};

static long long gcd_ll(long long a, long long b)
{
	while (b) {
		long long t = a % b;
		a = b;
		b = t;
	}
	return a < 0 ? -a : a;
}

/* The factors of the product chain s (constants multiplied into *c):
 * the one argument among them that makes it a row term, or -1 (none, or
 * several); *nf: how many factors are not constants. */
static int row_factor(struct q *q, const struct sym *s, long long *c, unsigned *nf)
{
	const struct sym *stack[16] = { s };
	unsigned sp = 1, hits = 0;
	int which = -1;
	*nf = 0;
	while (sp && *nf < 16) {
		const struct sym *x = stack[--sp];
		if (x->op == S_BIN && x->sub == IR_B_MUL && sp + 2 <= 16) {
			stack[sp++] = x->a;
			stack[sp++] = x->b;
			continue;
		}
		if (x->op == S_CONST) {
			*c *= x->c;
			continue;
		}
		(*nf)++;
		/* A macro constant the build does not define scales an index the
		 * way a written constant does (TILE * get_group_id(0)): not a row. */
		for (unsigned j = 0; j < q->nparams; j++)
			if (x->op == S_SLOT && x->slot == q->params[j] &&
			    !q->k->slots[q->params[j]].is_macro) {
				which = (int)q->params[j];
				hits++;
			}
	}
	return hits == 1 ? which : -1;
}

/* Flatten s * mul into additive terms and keep those that are a product
 * with exactly one factor a shared unknown of the query. */
static void row_terms(struct q *q, const struct sym *s, long long mul, struct rowterm *out,
		      unsigned *n, unsigned cap, unsigned depth)
{
	if (!s || *n >= cap || depth > 32)
		return;
	if (s->op == S_BIN && (s->sub == IR_B_ADD || s->sub == IR_B_SUB)) {
		row_terms(q, s->a, mul, out, n, cap, depth + 1);
		row_terms(q, s->b, s->sub == IR_B_SUB ? -mul : mul, out, n, cap, depth + 1);
		return;
	}
	long long c = mul;
	unsigned nf;
	/* An induction variable stepping by an argument-scaled amount (store +=
	 * width): its start, and k * step beside it (k the iteration count,
	 * one more factor). */
	if (s->op == S_IV && s->sub == IR_B_ADD && s->a && s->b) {
		int which = row_factor(q, s->b, &c, &nf);
		if (which >= 0 && c > 0)
			out[(*n)++] = (struct rowterm){ s, s->a, (unsigned)which, c, mul };
		row_terms(q, s->a, mul, out, n, cap, depth + 1);
		return;
	}
	if (s->op == S_BIN && s->sub == IR_B_MUL && (s->a->op == S_CONST || s->b->op == S_CONST)) {
		const struct sym *k = s->a->op == S_CONST ? s->a : s->b;
		row_terms(q, k == s->a ? s->b : s->a, mul * k->c, out, n, cap, depth + 1);
		return;
	}
	if (s->op != S_BIN || s->sub != IR_B_MUL)
		return;
	int which = row_factor(q, s, &c, &nf);
	if (which >= 0 && nf >= 2 && c > 0)
		out[(*n)++] = (struct rowterm){ s, NULL, (unsigned)which, c, mul };
}

/* The hypotheses correct code relies on, for the unknowns of the query;
 * local: the conflict is on __local memory (its sizes answer to the
 * work-group; global memory's to the global size). */
/* Does s use slot p as a quantity: an operand of <, <=, > or >= (rel: we
 * are inside one), not only a truth value or an operand of == and !=? */
static bool compared(const struct sym *s, unsigned p, bool rel, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_SLOT)
		return rel && s->slot == p;
	bool r = rel;
	if (s->op == S_BIN)
		switch (s->sub) {
		case IR_B_LT: case IR_B_LE: case IR_B_GT: case IR_B_GE:
			r = true;
			break;
		case IR_B_EQ: case IR_B_NE: case IR_B_LAND: case IR_B_LOR:
			r = false;
			break;
		default:
			break;
		}
	if (s->op == S_LNOT)
		r = false;
	if (s->op == S_COND)
		return compared(s->a, p, false, depth + 1) || compared(s->b, p, rel, depth + 1) ||
		       compared(s->x, p, rel, depth + 1);
	return compared(s->a, p, r, depth + 1) || compared(s->b, p, r, depth + 1) ||
	       compared(s->x, p, r, depth + 1);
}

/* Is unknown p a size of the question: in an index, or compared with
 * something in a guard or a loop's condition?  A flag tested for truth
 * (c ? h1 : h2, if (mode == 2)) is not: "when c < get_global_size(0)"
 * would be no condition a user could read. */
/* Does s use slot p other than as a divisor (gid / width, gid % width)? */
static bool uses_beyond_divisor(const struct sym *s, unsigned p, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if ((s->op == S_SLOT || s->op == S_IV) && s->slot == p)
		return true;
	if (s->op == S_BIN && (s->sub == IR_B_DIV || s->sub == IR_B_REM))
		return uses_beyond_divisor(s->a, p, depth + 1);
	return uses_beyond_divisor(s->a, p, depth + 1) || uses_beyond_divisor(s->b, p, depth + 1) ||
	       uses_beyond_divisor(s->x, p, depth + 1);
}

/* Does s use slot p with a positive sign somewhere (a sum's term, a
 * product's factor), not only subtracted (src = start + i - r)?  neg: s
 * is subtracted where it stands.  Divisors do not count (see above). */
static bool adds_slot(const struct sym *s, unsigned p, bool neg, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_SLOT || s->op == S_IV)
		return s->slot == p ? !neg : s->op == S_IV &&
						     (adds_slot(s->a, p, neg, depth + 1) ||
						      adds_slot(s->b, p, neg, depth + 1));
	if (s->op == S_NEG)
		return adds_slot(s->a, p, !neg, depth + 1);
	if (s->op == S_BIN && s->sub == IR_B_SUB)
		return adds_slot(s->a, p, neg, depth + 1) || adds_slot(s->b, p, !neg, depth + 1);
	if (s->op == S_BIN && (s->sub == IR_B_DIV || s->sub == IR_B_REM || s->sub == IR_B_SHR))
		return adds_slot(s->a, p, neg, depth + 1);
	if (s->op == S_BIN && s->sub == IR_B_MUL && s->a && s->b &&
	    (s->a->op == S_CONST || s->b->op == S_CONST)) {
		const struct sym *c = s->a->op == S_CONST ? s->a : s->b;
		return adds_slot(c == s->a ? s->b : s->a, p, neg != (c->c < 0), depth + 1);
	}
	if (s->op == S_BIN && s->sub == IR_B_MUL)    /* a row: rows * p, either sign */
		return adds_slot(s->a, p, false, depth + 1) || adds_slot(s->b, p, false, depth + 1);
	return adds_slot(s->a, p, neg, depth + 1) || adds_slot(s->b, p, neg, depth + 1) ||
	       adds_slot(s->x, p, neg, depth + 1);
}

/* Is s slot p alone, give or take one, or divided by a constant (n, n - 1,
 * n + 1, n / 4, n >> 2)?  Not a sum that makes room around a range (i <
 * 64 + 2 * r: r is a halo's radius). */
static bool only_slot(const struct sym *s, unsigned p, unsigned depth)
{
	if (!s || depth > 16)
		return false;
	if (s->op == S_SLOT)
		return s->slot == p;
	if (s->op != S_BIN || !s->a || !s->b)
		return false;
	if (s->sub == IR_B_DIV || s->sub == IR_B_SHR)
		return s->b->op == S_CONST && only_slot(s->a, p, depth + 1);
	if (s->sub == IR_B_ADD || s->sub == IR_B_SUB) {
		const struct sym *c = s->b->op == S_CONST ? s->b : s->sub == IR_B_ADD ? s->a : NULL;
		return c && c->op == S_CONST && (c->c == 1 || c->c == -1) &&
		       only_slot(c == s->b ? s->a : s->b, p, depth + 1);
	}
	return false;
}

/* Does s hold a work-item's or group's id, or a loop counter that starts
 * at one (for (i = gid; i < n; i += stride))? */
static bool holds_id(const struct sym *s, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_LID || s->op == S_GRP)
		return true;
	if (s->op == S_IV)
		return holds_id(s->a, depth + 1);
	return holds_id(s->a, depth + 1) || holds_id(s->b, depth + 1) || holds_id(s->x, depth + 1);
}

/* Is p, by condition c holding (truth), an upper bound of an id, alone on
 * its side: gid < n, !(gid >= n), i < n for a counter from gid?  A radius
 * is not (g >= r, g < n - r, i < lsz + 2 * r), nor a loop's count (j <
 * iterations with j from 0). */
static bool bounds_id(const struct sym *c, unsigned p, bool truth, unsigned depth)
{
	if (!c || depth > 16)
		return false;
	if (c->op == S_LNOT)
		return bounds_id(c->a, p, !truth, depth + 1);
	if (c->op == S_BIN && (c->sub == IR_B_LAND || c->sub == IR_B_LOR))
		/* both hold (a true &&, a false ||): each operand bounds */
		return ((c->sub == IR_B_LAND) == truth) &&
		       (bounds_id(c->a, p, truth, depth + 1) || bounds_id(c->b, p, truth, depth + 1));
	if (c->op != S_BIN || !c->a || !c->b)
		return false;
	const struct sym *lo, *hi;
	switch (c->sub) {
	case IR_B_LT: case IR_B_LE:
		lo = truth ? c->a : c->b, hi = truth ? c->b : c->a;
		break;
	case IR_B_GT: case IR_B_GE:
		lo = truth ? c->b : c->a, hi = truth ? c->a : c->b;
		break;
	default:
		return false;
	}
	return only_slot(hi, p, 0) && holds_id(lo, 0);
}

/* extent: asked for an extent hypothesis (p >= the launch), which an
 * unknown that an index only divides by does not answer to: a row length
 * (row = gid / width) is smaller than the launch by design.  Nor does one
 * an index only subtracts, or a guard only compares in other ways than as
 * an id's upper bound (a halo's radius). */
static bool size_like(struct q *q, const struct acc *x, unsigned p, bool extent)
{
	if (extent) {
		if (uses_beyond_divisor(x->index, p, 0) && adds_slot(x->index, p, false, 0))
			return true;
		for (unsigned i = 0; i < x->neguard; i++)
			if (bounds_id(x->eguard[i].cond, p, x->eguard[i].when_true, 0))
				return true;
		struct aux *ax = acc_aux(q->ab, q->k, x);
		const struct guard *g = ax ? ax->g : NULL;
		for (unsigned i = 0; g && i < g->n; i++)
			if (g->lit[i].br && g->lit[i].br->term == TERM_BRANCH &&
			    bounds_id(g->lit[i].cond, p, g->lit[i].edge == 0, 0))
				return true;
		for (unsigned i = 0; ax && i < ax->nslots; i++) {
			const struct sym_slot *sl = &q->k->slots[ax->slots[i]];
			if (sl->is_iv && bounds_id(sl->cond, p, sl->cond_true_enters, 0))
				return true;
		}
		return false;
	}
	if (sym_uses_slot(x->index, p))
		return true;
	for (unsigned i = 0; i < x->neguard; i++)
		if (compared(x->eguard[i].cond, p, false, 0))
			return true;
	struct aux *ax = acc_aux(q->ab, q->k, x);
	const struct guard *g = ax ? ax->g : NULL;
	for (unsigned i = 0; g && i < g->n; i++)
		if (compared(g->lit[i].cond, p, false, 0))
			return true;
	for (unsigned i = 0; ax && i < ax->nslots; i++) {
		const struct sym_slot *sl = &q->k->slots[ax->slots[i]];
		if (sl->is_iv && compared(sl->cond, p, false, 0))
			return true;
	}
	return false;
}

/* Does s use no induction variable (its value is the same in every
 * iteration)? */
static bool uses_no_iv(const struct acc_kernel *k, const struct sym *s)
{
	if (!s)
		return true;
	if (s->op == S_IV || (s->op == S_SLOT && s->slot < k->nslots &&
			      (k->slots[s->slot].is_iv || k->slots[s->slot].def_loop)))
		return false;
	return uses_no_iv(k, s->a) && uses_no_iv(k, s->b) && uses_no_iv(k, s->x);
}

/* Is slot p compared in what decides whether x runs (its guards, its
 * loops' conditions): a bound the code checks (if (gx < n))? */
static bool guard_bound(struct q *q, const struct acc *x, unsigned p)
{
	for (unsigned i = 0; i < x->neguard; i++)
		if (compared(x->eguard[i].cond, p, false, 0))
			return true;
	struct aux *ax = acc_aux(q->ab, q->k, x);
	const struct guard *g = ax ? ax->g : NULL;
	for (unsigned i = 0; g && i < g->n; i++)
		if (compared(g->lit[i].cond, p, false, 0))
			return true;
	for (unsigned i = 0; ax && i < ax->nslots; i++) {
		const struct sym_slot *sl = &q->k->slots[ax->slots[i]];
		if (sl->is_iv && compared(sl->cond, p, false, 0))
			return true;
	}
	return false;
}

/* Does x index a pointer variable of its own (b[i] with b = &a[n] or a + n,
 * a part of a buffer the kernel split), rather than its object directly? */
static bool through_part(const struct acc *x)
{
	const struct ir_expr *lv = x->lv ? ir_strip(x->lv) : NULL;
	const struct ir_expr *base = lv && lv->op == E_INDEX ? ir_strip(lv->kids[0]) : NULL;
	return base && base->op == E_VAR && base->u.var != x->object &&
	       base->u.var->kind == VAR_PRIVATE && base->u.var->type &&
	       base->u.var->type->kind == T_POINTER;
}

/* Does s name slot p itself (not inside the definition of another slot
 * made from it: thid_num = n >> 1 is a quantity of its own)? */
static bool names_slot(const struct sym *s, unsigned p, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_SLOT || s->op == S_IV)
		return s->slot == p;
	return names_slot(s->a, p, depth + 1) || names_slot(s->b, p, depth + 1) ||
	       names_slot(s->x, p, depth + 1);
}

/* The one kernel argument (not a macro) that index x uses and its
 * subscript sub does not, or -1: a part's start (b = &a[n]: n). */
static int part_unit(struct q *q, const struct acc *x, const struct sym *sub)
{
	int which = -1;
	for (unsigned j = 0; j < q->nparams; j++) {
		unsigned p = q->params[j];
		if (q->k->slots[p].is_macro || !names_slot(x->index, p, 0) || names_slot(sub, p, 0))
			continue;
		if (which >= 0)
			return -1;
		which = (int)p;
	}
	return which;
}

/*
 * Parts: a buffer the kernel splits into arrays at an argument (a = s; b =
 * &a[n]; c = &b[n]: one dynamic __local buffer for several arrays of n
 * elements), accessed through the parts: each subscript stays inside its
 * part, 0 <= i < n.  Where one side of the pair indexes the first part
 * (a[i], whose start has no n in it) the other side's n is its length.
 * A race that needs a subscript past its part is a coincidence of the
 * host's sizes, like rows that overlap.
 */
/* The argument a buffer is split at, when both a and b index parts of it
 * (sub[]: their subscripts), or -1. */
static int part_split(struct q *q, const struct acc *a, const struct acc *b,
		      const struct sym *sub[2])
{
	if (!a || !b || !through_part(a) || !through_part(b))
		return -1;
	const struct acc *x[2] = { a, b };
	int unit[2] = { -1, -1 };
	for (unsigned i = 0; i < 2; i++) {
		const struct ir_expr *lv = ir_strip(x[i]->lv);
		sub[i] = acc_sym_of(q->ab, lv->kids[1], x[i]->ctx, x[i]->block->id, x[i]->inst, 0);
		if (!sub[i])
			return -1;
		unit[i] = part_unit(q, x[i], sub[i]);
	}
	int p = unit[0] >= 0 ? unit[0] : unit[1];
	if (unit[0] >= 0 && unit[1] >= 0 && unit[0] != unit[1])
		return -1;
	return p;
}

static unsigned part_hypotheses(struct q *q, struct hyp *h, unsigned n, const struct acc *a,
				const struct acc *b)
{
	struct dec *d = q->d;
	const struct acc *x[2] = { a, b };
	const struct sym *sub[2] = { NULL, NULL };
	int p = part_split(q, a, b, sub);
	if (p < 0)
		return n;
	for (unsigned i = 0; i < 2 && n < MAX_HYP; i++) {
		Z3_ast si = smt_term(q, sub[i], i, 0).t, len = smt_slot(q, (unsigned)p, i).t;
		Z3_ast f = and2(d, Z3_mk_ge(d->z, si, num(d, 0)), Z3_mk_lt(d->z, si, len));
		const char *obj = x[i]->object && x[i]->object->name ? x[i]->object->name : "?";
		h[n++] = (struct hyp){ HYP_PART, 0, (unsigned)p, 0, obj, f, NULL };
	}
	return n;
}

/* Does s subtract an id or a loop counter (ext - i, n - 1 - gid)?  neg: s
 * is subtracted where it stands. */
static bool subtracts_id(const struct sym *s, bool neg, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	switch (s->op) {
	case S_LID:
	case S_GRP:
	case S_IV:
		return neg;
	case S_NEG:
		return subtracts_id(s->a, !neg, depth + 1);
	case S_BIN:
		if (s->sub == IR_B_ADD)
			return subtracts_id(s->a, neg, depth + 1) || subtracts_id(s->b, neg, depth + 1);
		if (s->sub == IR_B_SUB)
			return subtracts_id(s->a, neg, depth + 1) || subtracts_id(s->b, !neg, depth + 1);
		if (s->sub == IR_B_MUL && s->a && s->b && (s->a->op == S_CONST || s->b->op == S_CONST)) {
			const struct sym *c = s->a->op == S_CONST ? s->a : s->b;
			return subtracts_id(c == s->a ? s->b : s->a, neg != (c->c < 0), depth + 1);
		}
		return false;
	default:
		return false;
	}
}

/*
 * Mirrors: an index that counts down from an argument (B[ext - i], the
 * mirrored half of a buffer) against one of the same object that does not
 * name it (B[i]), the argument compared with nothing (an offset, not a
 * size) while the other index runs below another argument (i < n): the
 * mirrored part lies above the other's elements.  A race that needs it to
 * reach down into them (ext < 2 * n) is a coincidence of the two
 * arguments, like rows that overlap.  An index whose range only the launch
 * bounds (a[n - 1 - gid] = a[gid] with no guard) is no such coincidence
 * and gets no hypothesis.
 */
static unsigned mirror_hypotheses(struct q *q, struct hyp *h, unsigned n, const struct acc *a,
				  const struct acc *b)
{
	struct dec *d = q->d;
	for (unsigned side = 0; a && b && side < 2 && n < MAX_HYP; side++) {
		const struct acc *x = side ? b : a, *y = side ? a : b;
		if (!subtracts_id(x->index, false, 0))
			continue;
		int p = -1;
		for (unsigned j = 0; j < q->nparams && p < 0; j++) {
			unsigned s = q->params[j];
			if (!q->k->slots[s].is_macro && names_slot(x->index, s, 0) &&
			    adds_slot(x->index, s, false, 0) && !names_slot(y->index, s, 0) &&
			    !guard_bound(q, x, s) && !guard_bound(q, y, s))
				p = (int)s;
		}
		bool other = false;
		for (unsigned j = 0; p >= 0 && j < q->nparams && !other; j++)
			other = q->params[j] != (unsigned)p && !q->k->slots[q->params[j]].is_macro &&
				guard_bound(q, y, q->params[j]);
		if (!other)
			continue;
		Z3_ast ix = smt_term(q, x->index, side, 0).t, iy = smt_term(q, y->index, 1 - side, 0).t;
		const char *obj = x->object && x->object->name ? x->object->name : "?";
		h[n++] = (struct hyp){ HYP_MIRROR, 0, (unsigned)p, 0, obj,
				       Z3_mk_ge(d->z, ix, add2(d, iy, num(d, y->width))), NULL };
	}
	return n;
}

/* Does s take a remainder by slot p ((k + 1) % stride)? */
static bool rem_by_slot(const struct sym *s, unsigned p, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_BIN && s->sub == IR_B_REM && s->b && s->b->op == S_SLOT && s->b->slot == p)
		return true;
	return rem_by_slot(s->a, p, depth + 1) || rem_by_slot(s->b, p, depth + 1) ||
	       rem_by_slot(s->x, p, depth + 1);
}

/* Does a guard of x take a remainder by slot p? */
static bool guard_rem(struct q *q, const struct acc *x, unsigned p)
{
	for (unsigned i = 0; i < x->neguard; i++)
		if (rem_by_slot(x->eguard[i].cond, p, 0))
			return true;
	struct aux *ax = acc_aux(q->ab, q->k, x);
	const struct guard *g = ax ? ax->g : NULL;
	for (unsigned i = 0; g && i < g->n; i++)
		if (rem_by_slot(g->lit[i].cond, p, 0))
			return true;
	return false;
}

/* Does s use slot p, and only as a term of its sums (b[k - offset],
 * b[k + 2 * offset]), never multiplied by anything but a constant (not
 * the pitch of y * pitch + x)? */
static bool additive_slot(const struct sym *s, unsigned p, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_SLOT)
		return s->slot == p;
	if (s->op == S_NEG)
		return additive_slot(s->a, p, depth + 1);
	if (s->op == S_BIN && (s->sub == IR_B_ADD || s->sub == IR_B_SUB)) {
		bool ia = names_slot(s->a, p, 0), ib = names_slot(s->b, p, 0);
		return (ia || ib) && (!ia || additive_slot(s->a, p, depth + 1)) &&
		       (!ib || additive_slot(s->b, p, depth + 1));
	}
	if (s->op == S_BIN && s->sub == IR_B_MUL && s->a && s->b &&
	    (s->a->op == S_CONST || s->b->op == S_CONST))
		return additive_slot(s->a->op == S_CONST ? s->b : s->a, p, depth + 1);
	return false;
}

/*
 * Steps of a tree: a guard that picks every stride-th work-item by a
 * remainder ((k + 1) % stride == 0) and an index that reaches an offset
 * away (b[k] += b[k - offset]) are one level of a tree that the host runs
 * level by level, the offset inside the stride (stride = 2 * offset): the
 * element read is one no picked work-item writes.  A race that needs the
 * offset at or past the stride (offset = stride, the next picked
 * work-item's element) is a coincidence of the two arguments.  The offset
 * is an argument an index adds or subtracts (only that: not a pitch that
 * multiplies a row) and no guard compares.
 */
static unsigned step_hypotheses(struct q *q, struct hyp *h, unsigned n, const struct acc *a,
				const struct acc *b)
{
	struct dec *d = q->d;
	for (unsigned i = 0; a && b && i < q->nparams && n < MAX_HYP; i++) {
		unsigned p = q->params[i];
		if (q->k->slots[p].is_macro || (!guard_rem(q, a, p) && !guard_rem(q, b, p)))
			continue;
		for (unsigned j = 0; j < q->nparams && n < MAX_HYP; j++) {
			unsigned o = q->params[j];
			bool in_a = names_slot(a->index, o, 0), in_b = names_slot(b->index, o, 0);
			if (o == p || q->k->slots[o].is_macro || (!in_a && !in_b) ||
			    (in_a && !additive_slot(a->index, o, 0)) ||
			    (in_b && !additive_slot(b->index, o, 0)) ||
			    guard_bound(q, a, o) || guard_bound(q, b, o) ||
			    guard_rem(q, a, o) || guard_rem(q, b, o))
				continue;
			Z3_ast f = Z3_mk_lt(d->z, smt_slot(q, o, 0).t, smt_slot(q, p, 0).t);
			h[n++] = (struct hyp){ HYP_STEP, 0, o, p, NULL, f, NULL };
		}
	}
	return n;
}

/* Bit e * 3 + dm of *pairs for each remainder in s of a sum holding
 * get_group_id(e) by get_num_groups(dm), e != dm. */
static void wrapped_groups(const struct sym *s, unsigned *pairs, unsigned depth)
{
	if (!s || depth > 64)
		return;
	if (s->op == S_BIN && s->sub == IR_B_REM && s->b && s->b->op == S_NGRP)
		for (unsigned e = 0; e < 3; e++)
			if (e != s->b->dim && sym_uses_grp_dim(s->a, e))
				*pairs |= 1u << (e * 3 + s->b->dim);
	wrapped_groups(s->a, pairs, depth + 1);
	wrapped_groups(s->b, pairs, depth + 1);
	wrapped_groups(s->x, pairs, depth + 1);
}

/*
 * Diagonal reordering: a kernel that renumbers its groups as (gx + gy) %
 * get_num_groups(0) (a transpose that spreads its blocks over the memory
 * channels) is a permutation of the blocks only when there are no more
 * groups along y than along x: written for a square grid, as its use of
 * one global size for both dimensions says.  A race that needs more is a
 * coincidence of the launch's shape.  Not where the launch fixes both.
 */
static unsigned grid_hypotheses(struct q *q, struct hyp *h, unsigned n, const struct acc *a,
				const struct acc *b)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	unsigned pairs = 0;
	if (a)
		wrapped_groups(a->index, &pairs, 0);
	if (b)
		wrapped_groups(b->index, &pairs, 0);
	for (unsigned e = 0; e < 3; e++)
		for (unsigned dm = 0; dm < 3 && n < MAX_HYP; dm++)
			if ((pairs >> (e * 3 + dm) & 1) && !(l->ngrp[e] && l->ngrp[dm]))
				h[n++] = (struct hyp){ HYP_GRID, (unsigned char)dm, e, 0, NULL,
						       Z3_mk_le(d->z, d->ngrp[e], d->ngrp[dm]), NULL };
	return n;
}

/* Is s made of kernel arguments and constants only? */
static bool args_only(const struct acc_kernel *k, const struct sym *s, unsigned depth)
{
	if (!s || depth > 32)
		return false;
	switch (s->op) {
	case S_CONST:
		return true;
	case S_SLOT:
		return s->slot < k->nslots && k->slots[s->slot].is_param && !k->slots[s->slot].is_iv;
	case S_NEG:
		return args_only(k, s->a, depth + 1);
	case S_BIN:
		return args_only(k, s->a, depth + 1) && args_only(k, s->b, depth + 1);
	default:
		return false;
	}
}

/* s as C text, for a condition ("hi - lo"); false when it does not fit. */
static bool args_text(const struct acc_kernel *k, const struct sym *s, char *buf, size_t cap,
		      size_t *len, bool top)
{
	static const char *const ops[] = { [IR_B_ADD] = "+", [IR_B_SUB] = "-", [IR_B_MUL] = "*",
					   [IR_B_DIV] = "/", [IR_B_REM] = "%", [IR_B_SHL] = "<<",
					   [IR_B_SHR] = ">>" };
	int nw;
	switch (s->op) {
	case S_CONST:
		nw = snprintf(buf + *len, cap - *len, "%lld", s->c);
		break;
	case S_SLOT:
		nw = snprintf(buf + *len, cap - *len, "%s", slot_name(k, s->slot));
		break;
	case S_NEG:
		nw = snprintf(buf + *len, cap - *len, "-");
		if (nw < 0 || (size_t)nw >= cap - *len)
			return false;
		*len += (size_t)nw;
		return args_text(k, s->a, buf, cap, len, false);
	case S_BIN:
		if (s->sub >= sizeof ops / sizeof *ops || !ops[s->sub])
			return false;
		nw = snprintf(buf + *len, cap - *len, "%s", top ? "" : "(");
		if (nw < 0 || (size_t)nw >= cap - *len)
			return false;
		*len += (size_t)nw;
		if (!args_text(k, s->a, buf, cap, len, false))
			return false;
		nw = snprintf(buf + *len, cap - *len, " %s ", ops[s->sub]);
		if (nw < 0 || (size_t)nw >= cap - *len)
			return false;
		*len += (size_t)nw;
		if (!args_text(k, s->b, buf, cap, len, false))
			return false;
		nw = snprintf(buf + *len, cap - *len, "%s", top ? "" : ")");
		break;
	default:
		return false;
	}
	if (nw < 0 || (size_t)nw >= cap - *len)
		return false;
	*len += (size_t)nw;
	return true;
}

/* The unsigned differences of arguments in s (hi - lo, each once). */
static void wrapping_subs(const struct acc_kernel *k, const struct sym *s, const struct sym **v,
			  unsigned *n, unsigned cap, unsigned depth)
{
	if (!s || depth > 64 || *n >= cap)
		return;
	if (s->op == S_BIN && s->wraps && args_only(k, s, 0)) {
		for (unsigned i = 0; i < *n; i++)
			if (v[i] == s)
				return;
		v[(*n)++] = s;
		return;
	}
	wrapping_subs(k, s->a, v, n, cap, depth + 1);
	wrapping_subs(k, s->b, v, n, cap, depth + 1);
	wrapping_subs(k, s->x, v, n, cap, depth + 1);
}

/* The first argument's slot in s (args_only), for the hypothesis's p. */
static unsigned first_arg(const struct sym *s, unsigned depth)
{
	if (!s || depth > 32)
		return ~0u;
	if (s->op == S_SLOT)
		return s->slot;
	unsigned p = first_arg(s->a, depth + 1);
	return p != ~0u ? p : first_arg(s->b, depth + 1);
}

/*
 * Unsigned differences: hi - lo of two arguments, in C's unsigned type,
 * wraps to a huge value when lo > hi; the integers here take it as
 * negative.  Either way a race that needs it (a range [lo, hi] given
 * upside down, so that two loops' ranges meet) rests on arguments nobody
 * passes: a coincidence, reported on request with its condition.  The
 * differences are looked for in the indices, the guards and the loops'
 * bounds of both accesses.
 */
static unsigned wrap_hypotheses(struct q *q, struct hyp *h, unsigned n, const struct acc *a,
				const struct acc *b)
{
	struct dec *d = q->d;
	const struct acc_kernel *k = q->k;
	const struct sym *v[8];
	unsigned nv = 0;
	const struct acc *x[2] = { a, b };
	for (unsigned i = 0; i < 2 && x[i]; i++) {
		wrapping_subs(k, x[i]->index, v, &nv, 8, 0);
		for (unsigned j = 0; j < x[i]->neguard; j++)
			wrapping_subs(k, x[i]->eguard[j].cond, v, &nv, 8, 0);
		struct aux *ax = acc_aux(q->ab, k, x[i]);
		const struct guard *g = ax ? ax->g : NULL;
		for (unsigned j = 0; g && j < g->n; j++)
			wrapping_subs(k, g->lit[j].cond, v, &nv, 8, 0);
		for (unsigned j = 0; ax && j < ax->nslots; j++)
			wrapping_subs(k, k->slots[ax->slots[j]].cond, v, &nv, 8, 0);
	}
	for (unsigned i = 0; i < nv && n < MAX_HYP; i++) {
		char buf[128];
		size_t len = 0;
		unsigned p = first_arg(v[i], 0);
		Z3_ast t = smt_term(q, v[i], 0, 0).t;
		if (p == ~0u || !t || !args_text(k, v[i], buf, sizeof buf, &len, true))
			continue;
		h[n++] = (struct hyp){ HYP_WRAP, 0, p, 0, mem_strdup(q->ctx->arena, buf),
				       Z3_mk_ge(d->z, t, num(d, 0)), NULL };
	}
	return n;
}

static unsigned hypotheses(struct q *q, struct hyp *h, const struct acc *a, const struct acc *b,
			   bool local)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	unsigned n = 0;
	/* Sizes: an unknown is at least the launch extents. */
	for (unsigned i = 0; i < q->nparams && n + 3 < MAX_HYP; i++) {
		unsigned p = q->params[i];
		if (a && !size_like(q, a, p, true) && !size_like(q, b, p, true))
			continue;
		Z3_ast v = smt_slot(q, p, 0).t;
		for (unsigned dm = 0; dm < l->dims && n + 2 < MAX_HYP; dm++) {
			if (!local && ((l->item_dims | l->group_dims) >> dm & 1))
				h[n++] = (struct hyp){ HYP_EXT_G, (unsigned char)dm, p, 0, NULL,
						       Z3_mk_ge(d->z, v, smt_gsz(q, dm)), NULL };
			/* Within one group, global memory answers to the global size
			 * (a row shorter than a work-group is also shorter than the
			 * launch, and that is what a missing bounds guard means). */
			if ((l->item_dims >> dm & 1) && (local || q->inter))
				h[n++] = (struct hyp){ HYP_EXT_L, (unsigned char)dm, p, 0, NULL,
						       Z3_mk_ge(d->z, v, d->lsz[dm]), NULL };
		}
	}
	/* Rows: an unknown that multiplies part of an index spans what the rest
	 * of the index adds (out[row * n + col]: n > col), so rows do not
	 * overlap. */
	for (unsigned side_i = 0; a && side_i < 2 && n < MAX_HYP; side_i++) {
		const struct acc *x = side_i ? b : a;
		struct rowterm rt[8];
		unsigned nr = 0;
		row_terms(q, x->index, 1, rt, &nr, 8, 0);
		/* One argument scales the terms: the rest is the column.  Several
		 * terms of one argument are one row, whose unit is the greatest
		 * common divisor of their constants (C[t + i * ldc] with t =
		 * ldc * TILE * get_group_id(1) + m: ldc > m).  (Terms of two
		 * arguments would each be the other's column: strides, below.) */
		/* Terms of two arguments: when one of them scales a group's own
		 * offset (the batch get_group_id(0) * strideA, no local id, no
		 * loop counter), that term is outer to the rows (its stride
		 * spans them: the strides hypothesis below), and the rows are
		 * the other argument's: A[b * strideA + i * lda + j], lda > j. */
		bool outer[8] = { false };
		int first = nr ? 0 : -1;
		bool one = true;
		for (unsigned i = 1; i < nr; i++)
			one &= rt[i].p == rt[0].p;
		if (!one) {
			first = -1;
			one = true;
			for (unsigned i = 0; i < nr; i++) {
				outer[i] = !rt[i].minus && !sym_uses_lid(rt[i].term) &&
					   !sym_has_divergent_leaf(rt[i].term) &&
					   uses_no_iv(q->k, rt[i].term);
				if (outer[i])
					continue;
				if (first < 0)
					first = (int)i;
				one &= rt[i].p == rt[first].p;
			}
		}
		if (first < 0 || !one || n >= MAX_HYP)
			continue;
		Z3_ast rest = smt_term(q, x->index, side_i, 0).t;
		long long unit = 0;
		for (unsigned i = 0; i < nr; i++) {
			Z3_ast term = smt_term(q, rt[i].term, side_i, 0).t;
			if (rt[i].minus)
				term = sub2(d, term, smt_term(q, rt[i].minus, side_i, 0).t);
			rest = sub2(d, rest, mul2(d, num(d, rt[i].mul), term));
			if (!outer[i])
				unit = gcd_ll(unit, rt[i].coef);
		}
		Z3_ast row = mul2(d, num(d, unit), smt_slot(q, rt[first].p, side_i).t);
		const char *obj = x->object && x->object->name ? x->object->name : "?";
		/* The author relies on it for every work-item of the group, not
		 * only for the witness (which the solver would pick at column
		 * 0): also for the group's last one (out[o + L] with o = row *
		 * width + lid: width >= 2L, whichever work-item the witness
		 * takes).  Not for the last group: a row as long as the launch
		 * is the global size's hypothesis, a missing bounds guard's
		 * condition (dst[i * npoints + gid]), not a row's. */
		Z3_ast from[3], to[3];
		unsigned nsub = 0;
		for (unsigned dm = 0; dm < 3; dm++)
			if (q->lid[side_i][dm]) {
				from[nsub] = q->lid[side_i][dm];
				to[nsub++] = sub2(d, d->lsz[dm], num(d, 1));
			}
		Z3_ast last = nsub ? Z3_substitute(d->z, rest, nsub, from, to) : rest;
		Z3_ast span = and2(d, Z3_mk_ge(d->z, row, add2(d, rest, num(d, x->width))),
				   Z3_mk_ge(d->z, row, add2(d, last, num(d, x->width))));
		h[n++] = (struct hyp){ HYP_ROW, 0, rt[first].p, 0, obj, span, NULL };
	}
	n = part_hypotheses(q, h, n, a, b);
	n = mirror_hypotheses(q, h, n, a, b);
	n = step_hypotheses(q, h, n, a, b);
	n = grid_hypotheses(q, h, n, a, b);
	/* Strides: a parameter multiplying an id of a higher dimension, or the
	 * group id of a local id's dimension, spans the rows of the lower one
	 * (q >= p * extent). */
	for (unsigned i = 0; i < q->nused && n < MAX_HYP; i++) {
		const struct prod *pa_ = &d->prod[q->used[i]];
		const struct extent *ea = pa_->us ? smt_extent(d, pa_->x) : NULL;
		if (!ea)
			continue;
		for (unsigned j = 0; j < q->nused && n < MAX_HYP; j++) {
			const struct prod *pb_ = &d->prod[q->used[j]];
			const struct extent *eb = pb_->us ? smt_extent(d, pb_->x) : NULL;
			/* a higher dimension, or the group id of the local id's own
			 * dimension (one group per matrix, one row per work-item:
			 * A[get_group_id(0) * batch + get_local_id(0) * lda]) */
			if (!eb || pa_->u == pb_->u)
				continue;
			if (eb->dim < ea->dim || (eb->dim == ea->dim && (ea->kind != EXT_LID ||
									 eb->kind != EXT_GRP)))
				continue;
			int pa = -1, pb = -1;
			for (unsigned t = 0; t < q->nparams; t++) {
				if (smt_slot(q, q->params[t], 0).t == pa_->u)
					pa = (int)q->params[t];
				if (smt_slot(q, q->params[t], 0).t == pb_->u)
					pb = (int)q->params[t];
			}
			if (pa < 0 || pb < 0)
				continue;
			bool dup = false;
			for (unsigned t = 0; t < n && !dup; t++)
				dup = h[t].kind == HYP_ORDER && h[t].p == (unsigned)pa &&
				      h[t].q == (unsigned)pb;
			if (dup)
				continue;
			struct tv e = tvv(ea->ext, true), u = tvv(pa_->u, true);
			Z3_ast span = smt_product(q, e, u).t;
			const char *what = mem_printf(q->ctx->arena, "%s(%u)",
						      ea->kind == EXT_LID ? "get_local_size"
						      : ea->kind == EXT_GRP ? "get_num_groups"
						      : "get_global_size", ea->dim);
			h[n++] = (struct hyp){ HYP_ORDER, ea->dim, (unsigned)pa, (unsigned)pb, what,
					       Z3_mk_ge(d->z, pb_->u, span), NULL };
		}
	}
	n = wrap_hypotheses(q, h, n, a, b);
	/* Positive: sizes and strides are at least 1. */
	for (unsigned i = 0; i < q->nparams && n < MAX_HYP; i++) {
		unsigned p = q->params[i];
		if (a && !size_like(q, a, p, false) && !size_like(q, b, p, false))
			continue;
		h[n++] = (struct hyp){ HYP_POS, 0, p, 0, NULL,
				       Z3_mk_ge(d->z, smt_slot(q, p, 0).t, num(d, 1)), NULL };
	}
	/* Non-zero strides: what multiplies a work-item's or a group's id
	 * (out[lid * (size / 128)]) is not 0, or every one of them would have
	 * the same element: a launch nobody makes, as a size of 0 is. */
	for (unsigned i = 0; i < q->nused && n < MAX_HYP; i++) {
		const struct prod *pr = &d->prod[q->used[i]];
		if (!pr->us || pr->xs || !smt_extent(d, pr->x))
			continue;
		bool dup = false;
		for (unsigned t = 0; t < i && !dup; t++)
			dup = d->prod[q->used[t]].u == pr->u && d->prod[q->used[t]].us &&
			      !d->prod[q->used[t]].xs && smt_extent(d, d->prod[q->used[t]].x);
		if (!dup)
			h[n++] = (struct hyp){ HYP_NZ, 0, 0, 0, NULL,
					       Z3_mk_not(d->z, eq(d, pr->u, num(d, 0))), NULL };
	}
	for (unsigned i = 0; i < n; i++)
		h[i].lit = Z3_mk_fresh_const(d->z, "h", Z3_mk_bool_sort(d->z));
	return n;
}

/* Order a core for its minimization: what is tried first is dropped
 * first, so the strongest hypotheses come first (a size at least the global
 * extent) and the weakest last (a positive size): what stays is the most
 * precise condition. */
static void sort_core(const struct hyp *h, unsigned nh, Z3_ast *lits, unsigned nc)
{
	static const unsigned char rank[] = { [HYP_EXT_G] = 0, [HYP_ORDER] = 1, [HYP_ROW] = 2,
					      [HYP_PART] = 2, [HYP_WRAP] = 2, [HYP_MIRROR] = 2,
					      [HYP_STEP] = 2, [HYP_GRID] = 2, [HYP_EXT_L] = 3,
					      [HYP_POS] = 4, [HYP_NZ] = 4 };
	unsigned r[MAX_HYP];
	for (unsigned i = 0; i < nc; i++) {
		r[i] = 0;
		for (unsigned j = 0; j < nh; j++)
			if (h[j].lit == lits[i])
				r[i] = rank[h[j].kind];
	}
	for (unsigned i = 1; i < nc; i++)
		for (unsigned j = i; j > 0 && r[j - 1] > r[j]; j--) {
			unsigned t = r[j];
			r[j] = r[j - 1];
			r[j - 1] = t;
			Z3_ast x = lits[j];
			lits[j] = lits[j - 1];
			lits[j - 1] = x;
		}
}

/* Does s hold a global id along dimension d: get_group_id(d) times the
 * work-group's size (get_local_size(d), or the number the launch fixes)? */
static bool global_id_in(const struct launch *l, const struct sym *s, unsigned d, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	unsigned bd;
	if (sym_group_block(s, &bd) && bd == d)
		return true;
	/* the group's number times the size the launch fixes */
	if (s->op == S_BIN && s->sub == IR_B_MUL && s->a && s->b && l->lsz[d] &&
	    ((s->a->op == S_GRP && s->a->dim == d && s->b->op == S_CONST &&
	      s->b->c == (long long)l->lsz[d]) ||
	     (s->b->op == S_GRP && s->b->dim == d && s->a->op == S_CONST &&
	      s->a->c == (long long)l->lsz[d])))
		return true;
	return global_id_in(l, s->a, d, depth + 1) || global_id_in(l, s->b, d, depth + 1) ||
	       global_id_in(l, s->x, d, depth + 1);
}

/* Is hypothesis literal lit among the core's nc literals? */
static bool in_core(const Z3_ast *lits, unsigned nc, Z3_ast lit)
{
	for (unsigned j = 0; j < nc; j++)
		if (lits[j] == lit)
			return true;
	return false;
}

static const char *hyp_text(struct cls_ctx *ctx, const struct acc_kernel *k, const struct hyp *h)
{
	/* (a launch shape's and a stride's hypotheses name no unknown) */
	const char *p = h->kind == HYP_GRID || h->kind == HYP_NZ ? "" : slot_name(k, h->p);
	switch (h->kind) {
	case HYP_POS:
		return mem_printf(ctx->arena, "'%s' <= 0", p);
	case HYP_NZ:
		return "a stride of 0";
	case HYP_EXT_L:
		return mem_printf(ctx->arena, "'%s' < get_local_size(%u)", p, h->dim);
	case HYP_EXT_G:
		return mem_printf(ctx->arena, "'%s' < get_global_size(%u)", p, h->dim);
	case HYP_ROW:
		return mem_printf(ctx->arena, "rows of '%s' overlap ('%s' is smaller than the column "
				  "index it is added to)", h->what, p);
	case HYP_PART:
		return mem_printf(ctx->arena, "an index of a part of '%s' runs past the part's "
				  "length '%s'", h->what, p);
	case HYP_WRAP:
		return mem_printf(ctx->arena, "'%s' < 0 (unsigned, it wraps)", h->what);
	case HYP_GRID:
		return mem_printf(ctx->arena, "get_num_groups(%u) > get_num_groups(%u) (the groups "
				  "renumbered modulo the second wrap around)", h->p, h->dim);
	case HYP_STEP:
		return mem_printf(ctx->arena, "'%s' >= '%s' (an offset past the stride that picks "
				  "the work-items)", p, slot_name(k, h->q));
	case HYP_MIRROR:
		return mem_printf(ctx->arena, "the part of '%s' counted down from '%s' reaches "
				  "into the elements of the other access", h->what, p);
	default:
		return mem_printf(ctx->arena, "'%s' < '%s' * %s", slot_name(k, h->q), p, h->what);
	}
}

/* Read the witness from model m. */
static void witness_from(struct q *q, Z3_model m, Z3_ast ia, Z3_ast ib, struct acc_witness *w)
{
	struct dec *d = q->d;
	bool ok = true;
	for (unsigned dm = 0; dm < 3; dm++) {
		w->t1[dm] = (unsigned)smt_value(d, m, smt_lid(q, dm, 0).t, &ok);
		w->t2[dm] = (unsigned)smt_value(d, m, smt_lid(q, dm, 1).t, &ok);
		w->g1[dm] = (unsigned)smt_value(d, m, smt_grp(q, dm, 0).t, &ok);
		w->g2[dm] = (unsigned)smt_value(d, m, smt_grp(q, dm, 1).t, &ok);
		w->lsz[dm] = (unsigned)smt_value(d, m, d->lsz[dm], &ok);
	}
	long long x = smt_value(d, m, ia, &ok), y = smt_value(d, m, ib, &ok);
	w->index = x > y ? x : y;
}

/* A pleasant witness: the launch's witness sizes where they are open, and
 * one of the two work-items the first of its group (work-item 0 reading
 * what work-item 5 wrote reads better than 37 and 42).  Two checks at most. */
static Z3_model nice_model(struct q *q, Z3_ast f, Z3_model m)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	Z3_ast pref = Z3_mk_true(d->z);
	for (unsigned dm = 0; dm < 3; dm++)
		if (!l->lsz[dm])
			pref = and2(d, pref, eq(d, d->lsz[dm], num(d, l->wlsz[dm])));
	Z3_ast first[2] = { Z3_mk_true(d->z), Z3_mk_true(d->z) };
	Z3_ast lid0[2] = { Z3_mk_true(d->z), Z3_mk_true(d->z) };
	for (unsigned dm = 0; dm < 3; dm++)
		for (unsigned i = 0; i < 2; i++) {
			lid0[i] = and2(d, lid0[i], eq(d, smt_lid(q, dm, i).t, num(d, 0)));
			first[i] = lid0[i];
			if (q->inter)
				first[i] = and2(d, first[i], eq(d, smt_grp(q, dm, i).t, num(d, 0)));
		}
	/* Small group ids read best: groups 0 and 1 (one group, group 0, for
	 * two work-items of one group), when the race allows them. */
	Z3_ast small = Z3_mk_true(d->z);
	for (unsigned dm = 0; dm < 3; dm++)
		for (unsigned i = 0; i < (q->inter ? 2u : 1u); i++)
			small = and2(d, small, Z3_mk_le(d->z, smt_grp(q, dm, i).t,
							   num(d, q->inter ? 1 : 0)));
	Z3_ast some_first = or2(d, first[0], first[1]);
	/* A macro constant the build does not define reads best as a power
	 * of two up to 1024, what such sizes are (SUBWAVE_SIZE = 64, not
	 * 2147483646), when the race allows one: asked first. */
	Z3_ast pow2 = NULL;
	for (unsigned i = 0; i < q->nparams; i++) {
		if (!q->k->slots[q->params[i]].is_macro)
			continue;
		Z3_ast v = smt_slot(q, q->params[i], 0).t, any = Z3_mk_false(d->z);
		for (long long c = 1; c <= 1024; c *= 2)
			any = or2(d, any, eq(d, v, num(d, c)));
		pow2 = pow2 ? and2(d, pow2, any) : any;
	}
	Z3_model m2;
	if (pow2 &&
	    (smt_check(q, and2(d, f, and2(d, pow2, and2(d, pref, and2(d, some_first, small)))), 0,
		       NULL, &m2) == Z3_L_TRUE ||
	     smt_check(q, and2(d, f, and2(d, pow2, pref)), 0, NULL, &m2) == Z3_L_TRUE ||
	     smt_check(q, and2(d, f, pow2), 0, NULL, &m2) == Z3_L_TRUE)) {
		smt_model_free(q, m);
		return m2;
	}
	if (smt_check(q, and2(d, f, and2(d, pref, and2(d, some_first, small))), 0, NULL, &m2) ==
		    Z3_L_TRUE ||
	    smt_check(q, and2(d, f, and2(d, pref, some_first)), 0, NULL, &m2) == Z3_L_TRUE ||
	    (q->inter && smt_check(q, and2(d, f, and2(d, pref, or2(d, lid0[0], lid0[1]))), 0, NULL,
				   &m2) == Z3_L_TRUE) ||
	    smt_check(q, and2(d, f, pref), 0, NULL, &m2) == Z3_L_TRUE) {
		smt_model_free(q, m);
		return m2;
	}
	return m;
}

static const char *const mode_names[] = { "local", "global", "any", "fence", "sg-local",
					   "none" };

static bool both_plain_writes(const struct acc *a, const struct acc *b)
{
	return a->kind == ACC_WRITE && b->kind == ACC_WRITE && a->value && b->value;
}

/*
 * An access whose pairs ran into the solver's limit HARD_CAP times has an
 * index the solver cannot handle (bits of a work-item's id and an
 * argument, i & (p - 1)); each further pair would take as long to end the
 * same way, and a file of such accesses took seconds (an FFT's sixteen
 * stores: 185 pairs, 14 s).  Its other pairs are left undecided without
 * asking, and said so.
 */
#define HARD_CAP 3
static const char LIMIT_WHY[] = "the solver's limit was reached";
const char acc_hard_why[] = "the solver's limit was reached on other pairs of the same access";
#define HARD_WHY acc_hard_why

/* (counted apart for the questions inside a group and between groups: a
 * transpose's in-group pairs at the limit say nothing of its inter-group
 * pair, which the solver decides) */
static unsigned char *hard_slot(struct dec *d, const struct acc_kernel *k, const struct acc *a,
				bool inter_group)
{
	if (d->hard_k != k) {
		free(d->hard);
		d->hard = calloc(k->accs.len ? 2 * k->accs.len : 1, 1);
		d->nhard = d->hard ? 2 * k->accs.len : 0;
		d->hard_k = k;
	}
	unsigned i = 2 * a->id + inter_group;
	return i < d->nhard ? &d->hard[i] : NULL;
}

static bool too_hard(struct dec *d, const struct acc_kernel *k, const struct acc *a,
		     const struct acc *b, bool inter_group)
{
	unsigned char *x = hard_slot(d, k, a, inter_group), *y = hard_slot(d, k, b, inter_group);
	return (x && *x >= HARD_CAP) || (y && *y >= HARD_CAP);
}

static void count_hard(struct dec *d, const struct acc_kernel *k, const struct acc *a,
		       const struct acc *b, bool inter_group)
{
	unsigned char *x = hard_slot(d, k, a, inter_group), *y = hard_slot(d, k, b, inter_group);
	if (x && *x < 255)
		++*x;
	if (y && y != x && *y < 255)
		++*y;
}

static const char *unknown_why(Z3_lbool r, const struct q *q)
{
	/* An element made of loaded data is left alone by policy (a scatter
	 * through an index table is how correct code writes): not reported;
	 * one made of a value the analysis lost neither. */
	return r == Z3_L_UNDEF && !q->lost ? LIMIT_WHY : NULL;
}

/* One line of --dump=conflicts: the pair, the question and the verdict. */
static void log_decision(struct q *q, const struct acc *a, const struct acc *b,
			 enum acc_mode mode, const struct acc_witness *w)
{
	struct cls_ctx *ctx = q->ctx;
	const char *kind[4] = { "?", "r", "w", "rw" };
	char buf[512];
	int n = snprintf(buf, sizeof buf, "conflict %s %s %u:%u%s%s %u:%u%s%s mode=%s %s -> %s",
			 q->k->kernel->name, a->object->name, a->range.begin.line,
			 a->range.begin.col, kind[a->kind & 3], a->atomic ? "a" : "",
			 b->range.begin.line, b->range.begin.col, kind[b->kind & 3],
			 b->atomic ? "a" : "", mode_names[mode < MODE_COUNT ? mode : MODE_COUNT],
			 q->inter ? "groups" : "items",
			 w->verdict == VERDICT_RACE ? "race" : w->verdict == VERDICT_FREE ? "free"
							      : "unknown");
	if (w->verdict == VERDICT_RACE && (w->lsz[0] || w->condition) && n > 0 &&
	    (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n,
			      " t1=(%u,%u,%u) g1=(%u,%u,%u) t2=(%u,%u,%u) g2=(%u,%u,%u) lsz=(%u,%u,%u)"
			      " byte=%lld%s%s%s%s%s", w->t1[0], w->t1[1], w->t1[2], w->g1[0], w->g1[1],
			      w->g1[2], w->t2[0], w->t2[1], w->t2[2], w->g2[0], w->g2[1], w->g2[2],
			      w->lsz[0], w->lsz[1], w->lsz[2], w->index,
			      w->benign ? " benign" : "", w->lockstep ? " lockstep" : "",
			      w->data_dependent ? " data" : "", w->condition ? " when " : "",
			      w->condition ? w->condition : "");
	if (w->quiet && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, " (a race %s)", w->quiet);
	if (w->verdict == VERDICT_RACE && w->macros && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, " with %s", w->macros);
	if (w->verdict == VERDICT_UNKNOWN && n > 0 && (size_t)n < sizeof buf)
		snprintf(buf + n, sizeof buf - (size_t)n, " (%s)",
			 w->why_unknown ? w->why_unknown : "the element depends on loaded data");
	mem_vec_push(ctx->arena, &q->d->log, mem_strdup(ctx->arena, buf));
}

void dec_dump(struct cls_ctx *ctx, FILE *out)
{
	struct dec *d = ctx->facts ? ctx->facts->dec : NULL;
	for (unsigned i = 0; d && i < d->log.len; i++)
		fprintf(out, "%s\n", (const char *)d->log.items[i]);
}

/* The question "do a (work-item 0) and b (work-item 1) touch one element
 * in one interval": both guards, overlapping bytes, two work-items, the
 * iterations and bounds the mode allows. */
/*
 * One winner: `if (atomic_cmpxchg(&flag, 0, 1) == 0) { ... }` runs its
 * block for the first work-item to arrive, and no other, when nothing else
 * writes the flag while the race is on: after the winner's exchange the
 * flag holds the new value, not the one every later exchange expects.  So
 * two work-items that both won the exchange x (its old value equal to the
 * expected one) at one address, with the same expected and new values
 * (made of constants, sizes and arguments: the same for every work-item)
 * that differ, do not exist.  The exchange must run once per work-item
 * (in the kernel's body, in no loop), and the object no other write that
 * may run with it (__local: none in its barrier interval; __global: none
 * at all).  The old values are the exchange's own unknowns, so this says
 * nothing in the data modes, where they are other values.
 */
static Z3_ast one_winner(struct q *q, const struct acc *x, Z3_ast f)
{
	struct dec *d = q->d;
	const struct acc_kernel *k = q->k;
	if (q->data_mode || !x->cas || x->ctx->parent || x->block->loop_depth)
		return f;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *y = k->accs.items[i];
		if (y == x || y->object != x->object || !(y->kind & ACC_WRITE))
			continue;
		if (x->space != AS_LOCAL || acc_concurrent(k, x, y, MODE_LOCAL))
			return f;
	}
	struct sym *old = acc_sym_of(q->ab, x->cas, x->ctx, x->block->id, x->inst, 0);
	struct sym *e = acc_sym_of(q->ab, x->cas->kids[1], x->ctx, x->block->id, x->inst, 0);
	struct sym *v = acc_sym_of(q->ab, x->cas->kids[2], x->ctx, x->block->id, x->inst, 0);
	if (!old || old->op != S_DIVERGENT || !e || !v || !sym_group_invariant(k, e) ||
	    !sym_group_invariant(k, v))
		return f;
	Z3_ast won = Z3_mk_true(d->z), addr[2];
	for (unsigned inst = 0; inst < 2; inst++) {
		won = and2(d, won, eq(d, smt_term(q, old, inst, 0).t, smt_term(q, e, inst, 0).t));
		addr[inst] = smt_term(q, x->index, inst, 0).t;
	}
	Z3_ast differ = ne(d, smt_term(q, e, 0, 0).t, smt_term(q, v, 0, 0).t);
	return and2(d, f, Z3_mk_not(d->z, and2(d, and2(d, won, eq(d, addr[0], addr[1])), differ)));
}

/*
 * Tickets: `pos = atomic_inc(&count)` hands every call a value of its own
 * when every write to the counter moves it the same way by a constant (all
 * increments, or all decrements; for __local, every write that may run
 * in the call's barrier interval): the value goes strictly one way, so no
 * two calls read the same old value.  So two work-items whose calls x at
 * one address got equal old values do not exist: `if (atomic_inc(c) == 0)`
 * elects one work-item, `if (atomic_inc(t) == get_num_groups(0) - 1)` one
 * group, and `out[atomic_inc(n)]` gives each its own element.  The call
 * must run once per work-item (in the kernel's body, in no loop: a loop's
 * passes would be more calls of one work-item).  The old values are the
 * call's own unknowns, so this says nothing in the data modes.
 */
static Z3_ast distinct_tickets(struct q *q, const struct acc *x, Z3_ast f)
{
	struct dec *d = q->d;
	const struct acc_kernel *k = q->k;
	if (q->data_mode || !x->ticket || x->ctx->parent || x->block->loop_depth)
		return f;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *y = k->accs.items[i];
		if (y->object == x->object && (y->kind & ACC_WRITE) &&
		    (!y->ticket || y->ticket_dir != x->ticket_dir) &&
		    (x->space != AS_LOCAL || acc_concurrent(k, x, y, MODE_LOCAL)))
			return f;
	}
	struct sym *old = acc_sym_of(q->ab, x->ticket, x->ctx, x->block->id, x->inst, 0);
	/* (a counter chosen by loaded data, a radix sort's bucket, leaves the
	 * element unknown anyway: asking would only make the question hard) */
	if (!old || old->op != S_DIVERGENT || sym_data_dependent(x->index))
		return f;
	Z3_ast same = eq(d, smt_term(q, old, 0, 0).t, smt_term(q, old, 1, 0).t);
	Z3_ast at = eq(d, smt_term(q, x->index, 0, 0).t, smt_term(q, x->index, 1, 0).t);
	return and2(d, f, Z3_mk_not(d->z, and2(d, same, at)));
}

/*
 * Access x of work-item inst stays inside its object: an array or struct
 * of a known size (0 <= byte offset, offset + width <= size), and a
 * kernel's pointer argument from where it points on (the host passes the
 * start of a buffer or sub-buffer, and __local arguments start their
 * allocation).  An access outside is undefined behaviour, not a race: a
 * witness that needs one (a negative element, a row past a tile's end)
 * rests on nothing the kernel does when it runs correctly.
 */
static Z3_ast within_object(struct q *q, const struct acc *x, Z3_ast off)
{
	struct dec *d = q->d;
	const struct ir_var *o = x->object;
	const struct ir_type *t = o ? o->type : NULL;
	if (!t)
		return Z3_mk_true(d->z);
	bool arg = o->kind == VAR_PARAM && o->func && o->func->is_kernel && t->kind == T_POINTER;
	bool sized = (o->kind == VAR_SHARED || o->kind == VAR_PROGRAM) && t->kind != T_POINTER &&
		     !t->symbolic && t->size > 0;
	if (!arg && !sized)
		return Z3_mk_true(d->z);
	Z3_ast f = Z3_mk_ge(d->z, off, num(d, 0));
	if (sized)
		f = and2(d, f, Z3_mk_le(d->z, add2(d, off, num(d, x->width)), num(d, t->size)));
	/* A subscript of a 32-bit type that the analysis's integers let grow
	 * past its type (base + cols * 16 * by + ...: a witness 10^11 bytes
	 * in) is an overflow, undefined for int, a wrap for uint, not that
	 * element. */
	const struct ir_expr *lv = x->lv ? ir_strip(x->lv) : NULL;
	const struct ir_expr *sub = lv && lv->op == E_INDEX && lv->nkids == 2 ? lv->kids[1] : NULL;
	if (arg && sub && sub->type && sub->type->kind == T_INT && sub->type->size > 0 &&
	    sub->type->size <= 4 && x->elem_size > 0) {
		long long top = sub->type->is_unsigned ? 1LL << (8 * sub->type->size)
						       : 1LL << (8 * sub->type->size - 1);
		f = and2(d, f, Z3_mk_lt(d->z, off, num(d, top * x->elem_size)));
	}
	return f;
}

static Z3_ast pair_formula(struct q *q, const struct acc *a, const struct acc *b,
			   enum acc_mode mode, Z3_ast *pia, Z3_ast *pib)
{
	struct dec *d = q->d;
	q->in_index = true;
	Z3_ast ia = smt_term(q, a->index, 0, 0).t, ib = smt_term(q, b->index, 1, 0).t;
	q->in_index = false;
	Z3_ast overlap = and2(d, Z3_mk_lt(d->z, ia, add2(d, ib, num(d, b->width))),
			      Z3_mk_lt(d->z, ib, add2(d, ia, num(d, a->width))));
	Z3_ast f = and2(d, and2(d, smt_guard(q, a, 0), smt_guard(q, b, 1)),
			and2(d, overlap, distinct(q)));
	f = and2(d, f, and2(d, last_iteration(q, a, b, mode, 0), last_iteration(q, b, a, mode, 1)));
	f = and2(d, f, and2(d, continuation(q, a, 0), continuation(q, b, 1)));
	Z3_ast xa = exits_not_taken(q, a, 0), xb = exits_not_taken(q, b, 1);
	if (xa)
		f = and2(d, f, xa);
	if (xb)
		f = and2(d, f, xb);
	f = other_iteration(q, f);
	if (a->nbound || b->nbound)
		f = and2(d, f, in_bounds(q, a, b));
	f = and2(d, f, and2(d, within_object(q, a, ia), within_object(q, b, ib)));
	for (unsigned i = 0; i < q->k->accs.len; i++) {
		f = one_winner(q, q->k->accs.items[i], f);
		f = distinct_tickets(q, q->k->accs.items[i], f);
	}
	if (pia)
		*pia = ia, *pib = ib;
	return f;
}

/* Ask the pair's question with per-work-item data translated as `mode`
 * (struct q's data_mode, data_fn, data_c) and, with `guards_only`, without
 * the overlap: may both run, inside their bounds?  True only for a model. */
static bool data_query(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		       const struct acc *b, enum acc_mode mode, unsigned char data_mode,
		       unsigned char fn, long long c, bool guards_only)
{
	struct q q;
	bool sat = false;
	if (smt_begin(&q, ctx, ctx->facts->acc->build, k, false)) {
		struct dec *d = q.d;
		unsigned char *split = split_of(&q, a, b, mode, &q.nsplit);
		q.split = split;
		q.data_mode = data_mode;
		q.data_fn = fn;
		q.data_c = c;
		Z3_ast f;
		if (guards_only) {
			f = and2(d, and2(d, smt_guard(&q, a, 0), smt_guard(&q, b, 1)), distinct(&q));
			if (a->nbound || b->nbound)
				f = and2(d, f, in_bounds(&q, a, b));
		} else {
			f = pair_formula(&q, a, b, mode, NULL, NULL);
		}
		sat = smt_check(&q, f, 0, NULL, NULL) == Z3_L_TRUE && !q.lost;
		free(split);
	}
	smt_end(&q);
	return sat;
}

/* Does s use a value the analysis lost (a variable it could not follow,
 * not a kernel argument nor a loop counter)? */
static bool uses_lost(const struct acc_kernel *k, const struct sym *s, unsigned depth)
{
	if (!s || depth > 64)
		return false;
	if (s->op == S_SLOT && s->slot < k->nslots && !k->slots[s->slot].is_param &&
	    !k->slots[s->slot].is_iv)
		return true;
	return uses_lost(k, s->a, depth + 1) || uses_lost(k, s->b, depth + 1) ||
	       uses_lost(k, s->x, depth + 1);
}

/* Does s use a local id other than inside a load's address or a value the
 * analysis could not follow? */
static bool lid_beside_data(const struct sym *s)
{
	if (!s || s->op == S_LOAD || s->op == S_DIVERGENT)
		return false;
	if (s->op == S_LID)
		return true;
	return lid_beside_data(s->a) || lid_beside_data(s->b) || lid_beside_data(s->x);
}

/* Can at most one work-item of a group run write w (`if (lid == 0)`)? */
static bool single_writer(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *w,
			  enum acc_mode mode)
{
	if (!(w->kind & ACC_WRITE))
		return false;
	struct q q;
	bool one = false;
	if (smt_begin(&q, ctx, ctx->facts->acc->build, k, false)) {
		unsigned char *split = split_of(&q, w, w, mode, &q.nsplit);
		q.split = split;
		q.data_mode = 1;
		Z3_ast f = and2(q.d, and2(q.d, smt_guard(&q, w, 0), smt_guard(&q, w, 1)),
				distinct(&q));
		one = smt_check(&q, f, 0, NULL, NULL) == Z3_L_FALSE;
		free(split);
	}
	smt_end(&q);
	return one;
}

/*
 * A conflict whose element rests on per-work-item data (an index loaded
 * from memory, a private counter the analysis could not follow) is a race
 * only where it does not rest on a coincidence of that data the kernel
 * could be designed to avoid (a scatter through a permutation is how
 * correct code writes):
 *   - a write that one work-item of the group makes (`if (lid == 0)
 *     ord[d++] = i;`) meets the others' accesses of the object whatever the
 *     index, inside the object's bounds: the data are free values;
 *   - so does an access at an index of loaded data against one whose index
 *     is not (t[perm[lid]] = x, then t[lid]): a permutation keeps two
 *     scattered stores apart, not a store from the element its owner
 *     reads (3);
 *   - otherwise the conflict must hold for every sample of the data: the
 *     work-item's own local id and a constant minus it (the data a
 *     conflict-free design would pick: one element per work-item), and,
 *     where only one side's index is made of data, the first and the last
 *     element.  A sample under which an access cannot run, or runs out of
 *     bounds, does not count; two must.  The samples stand for "every
 *     value" (not a proof: a kernel whose data avoid exactly the elements
 *     that meet is not told apart).
 * Within one group only.
 */
static unsigned data_forced(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
			const struct acc *b, enum acc_mode mode)
{
	bool da = sym_data_dependent(a->index) || uses_lost(k, a->index, 0),
	     db = sym_data_dependent(b->index) || uses_lost(k, b->index, 0);
	if (!ctx->facts->acc || !ctx->facts->acc->build || (!da && !db))
		return false;
	/* (Not against another index of data: the last segment's head that
	 * one work-item stores, keys_out[seg[n - 1]], and the others' heads
	 * scattered through the same scan, keys_out[seg[i]], are kept apart
	 * by the data, like two scatters.) */
	if (da != db &&
	    ((da && single_writer(ctx, k, a, mode)) || (db && single_writer(ctx, k, b, mode))) &&
	    data_query(ctx, k, a, b, mode, 1, 0, 0, false))
		return 1;
	/* A value the analysis lost (uniform or per work-item) is most often
	 * a position it could not follow (c += stride in a loop), not data:
	 * no samples. */
	if (uses_lost(k, a->index, 0) || uses_lost(k, b->index, 0) ||
	    sym_has_divergent_leaf(a->index) || sym_has_divergent_leaf(b->index))
		return 0;
	/* One index made of data alone, the other of no data (a scatter
	 * through loaded indices, then s[lid]): the data pick the elements
	 * other work-items access by their ids, and only data that send every
	 * work-item to exactly its own element avoid them.  The data are free
	 * values.  An index that adds the work-item's own id to the data
	 * (counts[lid][v], a row of its own) keeps to the samples below, and
	 * so does __global memory, where graph and sparse kernels scatter
	 * through data whose invariants keep the work-items apart (a BFS
	 * writes the costs of unvisited nodes only, and reads those of its
	 * frontier). */
	const struct acc *dd = da ? a : b;
	if (da != db && a->space == AS_LOCAL && !lid_beside_data(dd->index) &&
	    data_query(ctx, k, a, b, mode, 1, 0, 0, false))
		return 3;
	const struct ir_type *ot = a->object->type;
	long long es = a->elem_size > 0 ? a->elem_size : 1;
	long long n = ot && ot->kind == T_ARRAY && ot->size > 0 ? ot->size / es : 0;
	struct { unsigned char fn; long long c; } sample[4];
	unsigned ns = 0;
	sample[ns].fn = 1, sample[ns++].c = 0;
	sample[ns].fn = 2, sample[ns++].c = n > 0 ? n - 1 : 1023;
	if (da != db && n > 1) {
		sample[ns].fn = 0, sample[ns++].c = 0;
		sample[ns].fn = 0, sample[ns++].c = n - 1;
	}
	unsigned valid = 0;
	for (unsigned i = 0; i < ns; i++) {
		if (cls_over_budget(ctx))
			return false;
		if (!data_query(ctx, k, a, b, mode, 2, sample[i].fn, sample[i].c, true))
			continue;
		if (!data_query(ctx, k, a, b, mode, 2, sample[i].fn, sample[i].c, false))
			return false;
		valid++;
	}
	return valid >= 2 ? 2 : 0;
}

/* Do the two work-items of q differ in an id of mask m (valdep.c)? */
static Z3_ast ids_differ(struct q *q, unsigned m)
{
	struct dec *d = q->d;
	Z3_ast differ = Z3_mk_false(d->z);
	for (unsigned dm = 0; dm < 3; dm++) {
		if (m & VD_LID(dm))
			differ = or2(d, differ, ne(d, smt_lid(q, dm, 0).t, smt_lid(q, dm, 1).t));
		if (m & VD_GRP(dm))
			differ = or2(d, differ, ne(d, smt_grp(q, dm, 0).t, smt_grp(q, dm, 1).t));
	}
	return differ;
}

/* The first macro constant of q (one the build does not define) that the
 * race f needs different from the local or the global size along some
 * dimension: "'M' != get_local_size(0)"; NULL when none must. */
static const char *macro_must_differ(struct q *q, Z3_ast f)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	for (unsigned j = 0; j < q->nparams; j++) {
		unsigned p = q->params[j];
		const struct sym_slot *sl = &q->k->slots[p];
		if (!sl->is_macro)
			continue;
		Z3_ast v = smt_slot(q, p, 0).t;
		/* (only where the launch allows the two equal at all: with
		 * reqd_work_group_size(SIZE / 2, ...), SIZE is never the size) */
		for (unsigned dm = 0; dm < l->dims; dm++) {
			Z3_ast same[2] = { eq(d, v, d->lsz[dm]), eq(d, v, smt_gsz(q, dm)) };
			for (unsigned g = 0; g < 2; g++)
				if (smt_check(q, and2(d, f, same[g]), 0, NULL, NULL) == Z3_L_FALSE &&
				    smt_check(q, same[g], 0, NULL, NULL) == Z3_L_TRUE)
					return mem_printf(q->ctx->arena, "'%s' != get_%s_size(%u)",
							  sl->name, g ? "global" : "local", dm);
		}
	}
	return NULL;
}

/*
 * One store run by two work-items that agree, wherever they meet (f), in
 * every id its value depends on (valdep.c) stores one value: all the
 * work-items of a row storing the row's sum.  Not for a pair in two
 * iterations of a loop (a split unknown), nor in a helper (its parameters
 * are its caller's).
 */
static bool same_inputs(struct q *q, const struct acc *a, Z3_ast f)
{
	struct dec *d = q->d;
	const struct ir_expr *st = a->stmt;
	if (!a->ctx || a->ctx->parent || !st || st->op != E_ASSIGN || st->sub != IR_B_NONE ||
	    st->kids[0] != a->lv)
		return false;
	for (unsigned s = 0; q->split && s < q->nsplit; s++)
		if (q->split[s])
			return false;
	unsigned m = acc_value_deps(q->ab, a->ctx->f, st->kids[1]);
	if (m != VD_ALL && smt_check(q, and2(d, f, ids_differ(q, m)), 0, NULL, NULL) == Z3_L_FALSE)
		return true;
	/* Finer: the loads the value reads, at addresses that agree (a
	 * clamped coordinate), and the ids it depends on otherwise. */
	struct vd_leaf leaf[16];
	unsigned n;
	m = acc_value_inputs(q->ab, a->ctx->f, st->kids[1], a->block->id, a->inst, leaf, 16, &n);
	if (m == VD_ALL || !n)
		return false;
	Z3_ast differ = ids_differ(q, m);
	for (unsigned i = 0; i < n; i++) {
		struct place p;
		memset(&p, 0, sizeof p);
		if (!acc_place(q->ab, leaf[i].load, false, a->ctx, leaf[i].block, leaf[i].inst, &p) ||
		    !p.object || p.is_private || !p.offset)
			return false;
		differ = or2(d, differ, ne(d, smt_term(q, p.offset, 0, 0).t,
					   smt_term(q, p.offset, 1, 0).t));
	}
	return !q->opaque && smt_check(q, and2(d, f, differ), 0, NULL, NULL) == Z3_L_FALSE;
}

bool acc_conflict(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		  const struct acc *b, enum acc_mode mode, bool inter_group, unsigned sg_size,
		  bool detail, struct acc_witness *w)
{
	memset(w, 0, sizeof *w);
	w->verdict = VERDICT_FREE;
	if (cls_over_budget(ctx) || a->object != b->object || !a->index || !b->index ||
	    !acc_fields_overlap(a, b))
		return false;
	struct q q;
	if (!smt_begin(&q, ctx, ctx->facts->acc ? ctx->facts->acc->build : NULL, k, inter_group)) {
		smt_end(&q);
		w->verdict = VERDICT_UNKNOWN;
		w->why_unknown = "the solver could not be started";
		return false;
	}
	struct dec *d = q.d;
	d->queries++;
	unsigned char *split = split_of(&q, a, b, mode, &q.nsplit);
	q.split = split;
	/* A read-modify-write whose index comes from loaded data (hist[bin]++)
	 * races when two work-items load equal data; a per-work-item region
	 * (sub[lid * 256 + bin]++) keeps them apart even then. */
	bool rmw = a == b ? a->kind == (ACC_READ | ACC_WRITE)
			  : a->stmt && a->stmt == b->stmt && a->ctx == b->ctx &&
			    (a->kind | b->kind) == (ACC_READ | ACC_WRITE) && !b->atomic &&
			    sym_equal(a->index, b->index);
	/* So does a plain access of the element that a counting atomic with
	 * the same index updates (`old = h[b]; ... atomic_inc(&h[b])`): the
	 * counting is there because work-items share bins. */
	bool counting = a != b && a->ctx == b->ctx && sym_equal(a->index, b->index) &&
			((a->atomic && a->advances && !b->atomic) ||
			 (b->atomic && b->advances && !a->atomic));
	q.loads_equal = ((rmw && !a->atomic) || counting) && !inter_group &&
			sym_data_dependent(a->index) && !sym_has_divergent_leaf(a->index);
	Z3_ast fb = NULL;              /* the pair's formula for the benign question */
	Z3_model m = NULL;
	bool found = false;
	Z3_lbool r;
	if (dep_free(&q, a, b)) {
		d->linear++;
		goto out;
	}
	if (too_hard(d, k, a, b, inter_group)) {
		w->verdict = VERDICT_UNKNOWN;
		w->why_unknown = HARD_WHY;
		goto out;
	}
	Z3_ast ia, ib;
	Z3_ast f = pair_formula(&q, a, b, mode, &ia, &ib);
	/* Without detail, no witness: the memo answers a question asked before. */
	r = smt_check(&q, f, 0, NULL, detail ? &m : NULL);
	unsigned forced = 0;
	if (r == Z3_L_TRUE && q.opaque && !q.loads_equal && !inter_group &&
	    (forced = data_forced(ctx, k, a, b, mode)) != 0)
		q.loads_equal = true;  /* reported like an index of equal loads */
	if (r != Z3_L_TRUE || (q.opaque && !q.loads_equal)) {
		w->verdict = r == Z3_L_FALSE ? VERDICT_FREE : VERDICT_UNKNOWN;
		w->why_unknown = w->verdict == VERDICT_UNKNOWN ? unknown_why(r, &q) : NULL;
		goto out;
	}
	found = true;
	w->verdict = VERDICT_RACE;
	w->data_dependent = q.loads_equal;
	w->data_any = (unsigned char)forced;
	if (!detail)
		goto out;
	/* Where the launch leaves the work-group size open, the race must
	 * happen at the size the kernel's code suggests (the witness size:
	 * its __local tiles, its constants, or the default): one that needs
	 * another size (an 8-wide group for a 16x16 tile) rests on a launch
	 * nobody wrote. */
	Z3_ast at_witness = Z3_mk_true(d->z);
	bool open_size = false;
	for (unsigned dm = 0; dm < 3; dm++)
		if (!k->launch.lsz[dm] && k->launch.wlsz[dm]) {
			at_witness = and2(d, at_witness, eq(d, d->lsz[dm], num(d, k->launch.wlsz[dm])));
			open_size = true;
		}
	Z3_lbool rw = open_size ? smt_check(&q, and2(d, f, at_witness), 0, NULL, NULL) : Z3_L_TRUE;
	if (rw == Z3_L_FALSE) {
		found = false;
		w->verdict = VERDICT_FREE;
		w->quiet = "only with a work-group size other than the witness size";
		goto out;
	}
	/* Undecided at the witness size: the race may need another size
	 * (a scan's counters reach 0 only with 3 or 257 work-items), and the
	 * first model's witness would name it. */
	if (rw != Z3_L_TRUE) {
		found = false;
		w->verdict = VERDICT_UNKNOWN;
		w->why_unknown = unknown_why(rw, &q);
		goto out;
	}
	/* The rest of the question (the hypotheses, the condition, the
	 * witness) is asked at the work-group size the finding will name. */
	if (open_size)
		f = and2(d, f, at_witness);
	fb = f;
	/* Does it need particular values of the unknowns (or a shape of the
	 * launch the kernel is not written for)? */
	unsigned wraps = 0;
	wrapped_groups(a->index, &wraps, 0);
	wrapped_groups(b->index, &wraps, 0);
	if (q.nparams || wraps) {
		struct hyp h[MAX_HYP];
		Z3_ast lits[MAX_HYP];
		unsigned nh = hypotheses(&q, h, a, b, a->space == AS_LOCAL);
		Z3_ast hf = f;
		for (unsigned i = 0; i < nh; i++) {
			hf = and2(d, hf, imp(d, h[i].lit, h[i].f));
			lits[i] = h[i].lit;
		}
		Z3_model m2 = NULL;
		Z3_lbool r2 = smt_check(&q, hf, nh, lits, &m2);
		if (r2 == Z3_L_UNDEF) {
			/* Whether the race needs a hypothesis broken is not known: a
			 * finding would rest on a value nobody wrote as much as not
			 * (and the model's values of macro constants the build does
			 * not define are the solver's choice, not the build's). */
			found = false;
			w->verdict = VERDICT_UNKNOWN;
			w->why_unknown = unknown_why(r2, &q);
			goto out;
		}
		if (r2 == Z3_L_TRUE) {
			smt_model_free(&q, m);
			m = m2;
			/* a race with every hypothesis kept: whether its values
			 * can differ is asked with them kept too */
			for (unsigned i = 0; i < nh; i++)
				fb = and2(d, fb, h[i].f);
			/* A macro constant the build does not define that must
			 * differ from a size of the launch for the race (a block
			 * size that the kernel's code takes for its work-group:
			 * idx / REDUCE_BLOCK_SIZE, buf[idx % REDUCE_BLOCK_SIZE]):
			 * the host's configuration disagreeing with itself, a
			 * coincidence like the others (reported on request). */
			const char *differs = macro_must_differ(&q, fb);
			if (differs) {
				if (!ctx->opt->report_conditional) {
					found = false;
					w->verdict = VERDICT_FREE;
					w->quiet = mem_printf(ctx->arena, "when %s (--report-conditional)",
							      differs);
					goto out;
				}
				w->condition = differs;
				w->coincidence = true;
			}
		} else if (r2 == Z3_L_FALSE) {
			/* The race needs a hypothesis broken: the smallest set of them
			 * that excludes it is the condition. */
			unsigned nc = 0;
			while (nc < nh && lits[nc])
				nc++;
			if (!nc) {
				/* Unsatisfiable without any hypothesis, after a model
				 * was found without them: the two answers disagree
				 * (an inexact product), and neither is a proof. */
				found = false;
				w->verdict = VERDICT_UNKNOWN;
				w->why_unknown = unknown_why(Z3_L_UNDEF, &q);
				goto out;
			}
			/* Sizes and strides of zero or less are not a launch anyone
			 * makes: a race that needs one (whatever else it needs) is
			 * not reported. */
			Z3_ast pos_lits[MAX_HYP];
			unsigned npos = 0;
			for (unsigned i = 0; i < nh; i++)
				if (h[i].kind == HYP_POS || h[i].kind == HYP_NZ)
					pos_lits[npos++] = h[i].lit;
			if (npos && smt_check(&q, hf, npos, pos_lits, NULL) == Z3_L_FALSE) {
				found = false;
				w->verdict = VERDICT_FREE;
				goto out;
			}
			/* One hypothesis alone, the weakest first (most conditions
			 * are one inequality, and the weakest hypothesis that
			 * excludes the race makes the most precise condition),
			 * else the core shrunk.  A core of one is the solver's
			 * pick: a weaker one alone may do too (rows of 'width'
			 * narrower than the group's columns, rather than 'width'
			 * under a global size that the launch makes equal). */
			static const unsigned char pref[] = { HYP_POS, HYP_NZ, HYP_EXT_L, HYP_ROW,
							      HYP_PART, HYP_MIRROR, HYP_STEP,
							      HYP_GRID, HYP_WRAP,
							      HYP_ORDER,
							      HYP_EXT_G };
			unsigned upto = sizeof pref;
			for (unsigned pi = 0, i = 0; nc == 1 && pi < sizeof pref; pi++)
				for (i = 0; i < nh; i++)
					if (h[i].lit == lits[0] && h[i].kind == pref[pi])
						upto = pi;
			bool single = false;
			for (unsigned pi = 0; pi < upto && !single; pi++) {
				/* All of a kind at once first: where they do not
				 * exclude the race together, none does alone. */
				Z3_ast kind[MAX_HYP];
				unsigned nk = 0;
				for (unsigned i = 0; i < nh; i++)
					if (h[i].kind == pref[pi])
						kind[nk++] = h[i].lit;
				if (!nk || (nk > 1 && smt_check(&q, hf, nk, kind, NULL) != Z3_L_FALSE))
					continue;
				for (unsigned i = 0; i < nh && !single; i++) {
					Z3_ast one = h[i].lit;
					if (h[i].kind == pref[pi] &&
					    smt_check(&q, hf, 1, &one, NULL) == Z3_L_FALSE) {
						lits[0] = h[i].lit;
						nc = 1;
						single = true;
					}
				}
			}
			single |= nc == 1;
			sort_core(h, nh, lits, nc);
			for (unsigned i = 0; i < nc && !single;) {
				Z3_ast trial[MAX_HYP];
				unsigned nt = 0;
				for (unsigned j = 0; j < nc; j++)
					if (j != i)
						trial[nt++] = lits[j];
				if (nt && smt_check(&q, hf, nt, trial, NULL) == Z3_L_FALSE) {
					unsigned nn = 0;
					while (nn < nt && trial[nn])
						nn++;
					memcpy(lits, trial, nn * sizeof *lits);
					nc = nn;
					sort_core(h, nh, lits, nc);
					i = 0;
					continue;
				}
				i++;
			}
			char buf[512] = "";
			size_t len = 0;
			bool coincidence = false, only_pos = true;
			/* A race that needs a subscript past its part of a split
			 * buffer (b = &a[n]; b[lid] against a[lid + m]) is a
			 * coincidence of the host's sizes too, whichever
			 * hypothesis the condition names (n < the work-group,
			 * the parts being as long as it). */
			Z3_ast part_lits[MAX_HYP];
			unsigned npart = 0, nparts = 0;
			for (unsigned i = 0; i < nh; i++) {
				nparts += h[i].kind == HYP_PART || h[i].kind == HYP_MIRROR ||
					  h[i].kind == HYP_STEP || h[i].kind == HYP_GRID;
				if (h[i].kind == HYP_PART || h[i].kind == HYP_MIRROR ||
				    h[i].kind == HYP_STEP || h[i].kind == HYP_GRID ||
				    h[i].kind == HYP_POS || h[i].kind == HYP_NZ)
					part_lits[npart++] = h[i].lit;
			}
			if (nparts && smt_check(&q, hf, npart, part_lits, NULL) == Z3_L_FALSE)
				coincidence = true;
			Z3_ast broken = Z3_mk_false(d->z), keep = Z3_mk_true(d->z);
			for (unsigned i = 0; i < nh; i++) {
				bool in = in_core(lits, nc, h[i].lit);
				if (!in) {
					keep = and2(d, keep, h[i].f);
					continue;
				}
				broken = or2(d, broken, Z3_mk_not(d->z, h[i].f));
				/* A macro constant and the launch are both the host's
				 * configuration: a race that needs them to disagree
				 * is a coincidence of it, not a missing guard. */
				/* So is a row narrower than the columns written into
				 * it: dst[stride * (gid / n) + gid % n] with stride <
				 * n (two arguments), m[4 * (row * width + lid + lsz)]
				 * with width under twice the work-group (an argument
				 * and the launch, short by a work-group or more). */
				coincidence |= h[i].kind == HYP_POS || h[i].kind == HYP_NZ ||
					       h[i].kind == HYP_ORDER || h[i].kind == HYP_GRID ||
					       k->slots[h[i].p].is_macro ||
					       h[i].kind == HYP_ROW || h[i].kind == HYP_PART ||
					       h[i].kind == HYP_WRAP || h[i].kind == HYP_MIRROR ||
					       h[i].kind == HYP_STEP || h[i].kind == HYP_GRID;
				only_pos &= h[i].kind == HYP_POS || h[i].kind == HYP_NZ;
				const char *t = hyp_text(ctx, k, &h[i]);
				if (t && strstr(buf, t))
					continue; /* the same text for both work-items */
				int nw = snprintf(buf + len, sizeof buf - len, "%s%s", len ? " or " : "", t);
				if (nw > 0 && (size_t)nw < sizeof buf - len)
					len += (size_t)nw;
			}
			w->condition = nc ? mem_strdup(ctx->arena, buf) : NULL;
			/* An argument smaller than the launch it indexes is a
			 * missing bounds guard where launches are rounded up: in one
			 * dimension over several work-groups, where the global size
			 * is a multiple of the work-group size whatever the data's
			 * length.  Two- and three-dimensional kernels usually require
			 * the data to be a multiple of their tile, and one work-group
			 * has no rounding: there it is a warning. */
			w->coincidence = coincidence || k->launch.dims > 1 || k->launch.ngrp[0] == 1;
			/* ... and only for an argument that bounds a global id: an
			 * index that has none along that dimension (a row block
			 * picked by the group, columns by the local id, rows of
			 * 'width' under two columns per work-item) needs the
			 * argument short of the launch by coincidence. */
			bool ext_g = false, indexed = false;
			for (unsigned i = 0; i < nh && !w->coincidence; i++) {
				bool in = in_core(lits, nc, h[i].lit);
				if (!in || h[i].kind != HYP_EXT_G)
					continue;
				ext_g = true;
				indexed |= global_id_in(&k->launch, a->index, h[i].dim, 0) ||
					   global_id_in(&k->launch, b->index, h[i].dim, 0);
			}
			if (ext_g && !indexed)
				w->coincidence = true;
			/* Rounding leaves an argument short of the launch by less
			 * than one work-group: a race that needs it shorter by more
			 * (m[row * n + tx] with n under the tile width, however many
			 * groups) is a coincidence of arguments, not a missing
			 * bounds guard. */
			if (!w->coincidence) {
				Z3_ast tail = Z3_mk_true(d->z);
				bool any = false;
				for (unsigned i = 0; i < nh; i++) {
					bool in = in_core(lits, nc, h[i].lit);
					if (!in || (h[i].kind != HYP_EXT_G &&
						    (h[i].kind != HYP_EXT_L || a->space == AS_LOCAL)))
						continue;
					Z3_ast v = smt_slot(&q, h[i].p, 0).t;
					tail = and2(d, tail, Z3_mk_gt(d->z, add2(d, v, d->lsz[h[i].dim]),
								       smt_gsz(&q, h[i].dim)));
					/* (several groups: one has no rounding, above) */
					tail = and2(d, tail, Z3_mk_ge(d->z, d->ngrp[h[i].dim], num(d, 2)));
					any = true;
				}
				for (unsigned i = 0; i < nh; i++)
					if (h[i].kind == HYP_POS || h[i].kind == HYP_NZ)
						tail = and2(d, tail, h[i].f);
				/* An error needs the race shown at the tail: a tail
				 * question the solver does not settle leaves it a
				 * condition (a warning on request), not an error. */
				if (any && smt_check(&q, and2(d, f, tail), 0, NULL, NULL) != Z3_L_TRUE)
					w->coincidence = true;
				/* A bound the code checks (if (gx >= n) return;) makes
				 * a race that needs the argument below that bound too
				 * (out[pitch + gx] with pitch < n) a coincidence of two
				 * arguments, not a missing guard. */
				for (unsigned i = 0; i < nh && any && !w->coincidence; i++) {
					bool in = in_core(lits, nc, h[i].lit);
					if (!in || (h[i].kind != HYP_EXT_G && h[i].kind != HYP_EXT_L))
						continue;
					Z3_ast v = smt_slot(&q, h[i].p, 0).t;
					for (unsigned j = 0; j < q.nparams && !w->coincidence; j++) {
						unsigned p2 = q.params[j];
						if (p2 == h[i].p || (!guard_bound(&q, a, p2) &&
								     !guard_bound(&q, b, p2)))
							continue;
						Z3_ast ge = Z3_mk_ge(d->z, v, smt_slot(&q, p2, 0).t);
						if (smt_check(&q, and2(d, f, ge), 0, NULL, NULL) ==
						    Z3_L_FALSE)
							w->coincidence = true;
					}
				}
			}
			/* Sizes and strides of zero or less are not a launch anyone
			 * makes: a race that needs only that is not reported. */
			if (nc && only_pos) {
				found = false;
				w->verdict = VERDICT_FREE;
				w->condition = NULL;
				goto out;
			}
			/* A condition on a value the analysis lost (a variable it
			 * could not follow, not a kernel argument) says nothing the
			 * author could check: no finding. */
			for (unsigned i = 0; i < nh; i++)
				for (unsigned j = 0; j < nc; j++)
					if (lits[j] == h[i].lit && h[i].kind != HYP_NZ &&
					    h[i].kind != HYP_GRID &&
					    (!k->slots[h[i].p].is_param ||
					     (h[i].kind == HYP_ORDER && !k->slots[h[i].q].is_param))) {
						found = false;
						w->verdict = VERDICT_UNKNOWN;
						w->why_unknown = NULL;
					}
			/* Unless the index is one the analysis cannot resolve and
			 * the race holds whatever its value (data_forced). */
			if (!found && !inter_group &&
			    (forced = data_forced(ctx, k, a, b, mode)) != 0) {
				w->data_any = (unsigned char)forced;
				found = true;
				w->verdict = VERDICT_RACE;
				w->data_dependent = true;
				w->condition = NULL;
				w->coincidence = false;
				nc = 0;
			}
			if (!found)
				goto out;
			/* A coincidence of arguments, or data smaller than a launch in
			 * more than one dimension or than a single work-group: code
			 * that works relies on it not happening, and on real kernels
			 * nearly every such finding was false.  Reported on request. */
			if (w->coincidence && !ctx->opt->report_conditional) {
				found = false;
				w->verdict = VERDICT_FREE;
				w->quiet = mem_printf(ctx->arena, "when %s (--report-conditional)",
						      w->condition);
				goto out;
			}
			/* A witness with the condition broken and the rest kept,
			 * sizes kept positive when the condition allows it. */
			Z3_ast pos = Z3_mk_true(d->z);
			for (unsigned i = 0; i < nh; i++)
				if (h[i].kind == HYP_POS || h[i].kind == HYP_NZ)
					pos = and2(d, pos, h[i].f);
			if (smt_check(&q, and2(d, f, and2(d, broken, and2(d, keep, pos))), 0, NULL, &m2) ==
				    Z3_L_TRUE ||
			    smt_check(&q, and2(d, f, and2(d, broken, keep)), 0, NULL, &m2) == Z3_L_TRUE ||
			    smt_check(&q, and2(d, f, broken), 0, NULL, &m2) == Z3_L_TRUE) {
				smt_model_free(&q, m);
				m = m2;
				f = and2(d, f, broken);
			}
		}
	}
	m = nice_model(&q, f, m);
	witness_from(&q, m, ia, ib, w);
	w->macros = witness_macros(&q, m);
	for (unsigned i = 0; i < q.nparams; i++)
		w->index_unknowns |= sym_uses_slot(a->index, q.params[i]) ||
				     sym_uses_slot(b->index, q.params[i]);
	/* Sub-groups: is there a witness across two of them, and do work-items
	 * of more than one run the accesses at all? */
	if (sg_size && !inter_group) {
		Z3_ast s0 = subgroup_of(&q, 0, sg_size), s1 = subgroup_of(&q, 1, sg_size);
		Z3_model mc = NULL;
		w->cross_subgroup = smt_check(&q, and2(d, f, ne(d, s0, s1)), 0, NULL, &mc) == Z3_L_TRUE;
		w->same_subgroup = !w->cross_subgroup ||
				   smt_check(&q, and2(d, f, eq(d, s0, s1)), 0, NULL, NULL) == Z3_L_TRUE;
		if (w->cross_subgroup) {
			mc = nice_model(&q, and2(d, f, ne(d, s0, s1)), mc);
			witness_from(&q, mc, ia, ib, w);
			w->macros = witness_macros(&q, mc);
			smt_model_free(&q, mc);
		}
		if (!w->cross_subgroup) {
			Z3_ast run0 = or2(d, smt_guard(&q, a, 0), smt_guard(&q, b, 0));
			Z3_ast run1 = or2(d, smt_guard(&q, a, 1), smt_guard(&q, b, 1));
			w->lockstep = smt_check(&q, and2(d, and2(d, run0, run1), ne(d, s0, s1)), 0, NULL,
					    NULL) != Z3_L_TRUE;
		}
	}
	/* Benign: whenever the two write one element, they write one value
	 * (a uniform value, or the same load: Bs[tx] = B[b + tx] by every row
	 * of work-items).  A load is a function of its address, which is
	 * exact for stored values: memory changed in between would be a race
	 * of its own.  Values the analysis does not model differ. */
	if (both_plain_writes(a, b)) {
		Z3_ast va = smt_term(&q, a->value, 0, 0).t, vb = smt_term(&q, b->value, 1, 0).t;
		/* Asked even of one value: in two iterations of a loop it may be
		 * two (a split unknown). */
		w->benign = smt_check(&q, and2(d, fb, ne(d, va, vb)), 0, NULL, NULL) == Z3_L_FALSE;
		if (!w->benign && a == b)
			w->benign = same_inputs(&q, a, fb);
	}
out:
	if (w->verdict == VERDICT_UNKNOWN && w->why_unknown == LIMIT_WHY)
		count_hard(d, k, a, b, inter_group);
	if (ctx->opt->dump && !strcmp(ctx->opt->dump, "conflicts"))
		log_decision(&q, a, b, mode, w);
	smt_model_free(&q, m);
	free(split);
	smt_end(&q);
	return found;
}

/* ------------------------------------------------------ uniform questions */

/* The kernel whose inlined code context c is part of. */
static struct acc_kernel *kernel_of(struct cls_ctx *ctx, const struct acc_ctx *c)
{
	while (c && c->parent)
		c = c->parent;
	for (unsigned i = 0; c && i < ctx->facts->acc->kernels.len; i++) {
		struct acc_kernel *x = ctx->facts->acc->kernels.items[i];
		if (x->kernel == c->f)
			return x;
	}
	return NULL;
}

/* Do two work-items of one group agree on the condition of block b of
 * context c, in kernel k? */
static bool branch_uniform_in(struct cls_ctx *ctx, struct abuild *ab, struct acc_kernel *k,
			      struct acc_ctx *c, const struct ir_block *b)
{
	ab->k = k;
	struct sym *cond = guard_cond(ab, c, b->id);
	if (!cond || sym_has_divergent_leaf(cond))
		return false;
	struct q q;
	if (!smt_begin(&q, ctx, ab, k, false)) {
		smt_end(&q);
		return false;
	}
	q.d->queries++;
	q.unit_last = true;
	/* Two work-items of one group that disagree on the condition?  In a
	 * group of the shape the kernel is written for where the launch
	 * leaves it open: one wide along a dimension it tells apart only by
	 * global ids (a row per group: if (y >= height) return; with y =
	 * get_global_id(1) holds for the whole row), as races are asked. */
	q.in_index = true;
	Z3_ast c0 = smt_cond(&q, cond, 0, 0), c1 = smt_cond(&q, cond, 1, 0);
	Z3_ast shape = Z3_mk_true(q.d->z);
	const struct launch *l = &k->launch;
	for (unsigned dm = 0; dm < 3; dm++)
		if (!l->lsz[dm] && l->wlsz[dm] == 1 && (l->item_dims >> dm & 1) &&
		    !(l->local_dims >> dm & 1))
			shape = and2(q.d, shape, eq(q.d, q.d->lsz[dm], num(q.d, 1)));
	bool uniform = !q.opaque &&
		       smt_check(&q, and2(q.d, and2(q.d, distinct(&q), shape),
					  Z3_mk_xor(q.d->z, c0, c1)), 0, NULL, NULL) == Z3_L_FALSE;
	smt_end(&q);
	return uniform;
}

bool acc_branch_uniform(struct cls_ctx *ctx, const struct ir_func *f, const struct ir_block *b)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !b->cond)
		return false;
	struct acc_kernel *k = NULL;
	struct acc_ctx *root = NULL;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len && !k; i++) {
		struct acc_kernel *x = ctx->facts->acc->kernels.items[i];
		if (x->kernel == f)
			k = x;
	}
	for (unsigned i = 0; k && i < ab->ctxs.len && !root; i++) {
		struct acc_ctx *c = ab->ctxs.items[i];
		if (c->f == f && !c->parent && c->first_node && c->first_node[0] < k->nnodes &&
		    k->nodes[c->first_node[0]].ctx == c)
			root = c;
	}
	if (!k || !root)
		return false;
	return branch_uniform_in(ctx, ab, k, root, b);
}

bool acc_block_runs(struct cls_ctx *ctx, const struct unif_inst *in, const struct ir_block *b)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab)
		return true;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++)
		if (((struct acc_kernel *)ctx->facts->acc->kernels.items[i])->truncated)
			return true;
	unsigned n = 0;
	for (unsigned i = 0; i < ab->ctxs.len; i++) {
		struct acc_ctx *c = ab->ctxs.items[i];
		if (c->f != in->f || (in->call_site ? c->in != in || !c->parent : c->parent != NULL))
			continue;
		struct acc_kernel *k = kernel_of(ctx, c);
		if (!k)
			return true;
		ab->k = k;
		struct q q;
		if (!smt_begin(&q, ctx, ab, k, false)) {
			smt_end(&q);
			return true;
		}
		q.d->queries++;
		Z3_lbool r = smt_check(&q, smt_runs(&q, c, b->id, 0, 0), 0, NULL, NULL);
		smt_end(&q);
		if (r != Z3_L_FALSE)
			return true;
		n++;
	}
	return n == 0;
}

bool acc_branch_uniform_inst(struct cls_ctx *ctx, const struct unif_inst *in,
			     const struct ir_block *b)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !b->cond)
		return false;
	if (!in->call_site)
		return in->f->is_kernel && acc_branch_uniform(ctx, in->f, b);
	/* A call that was not inlined has no context to decide in. */
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++)
		if (((struct acc_kernel *)ctx->facts->acc->kernels.items[i])->truncated)
			return false;
	unsigned n = 0;
	for (unsigned i = 0; i < ab->ctxs.len; i++) {
		struct acc_ctx *c = ab->ctxs.items[i];
		if (c->in != in || !c->parent)
			continue;
		struct acc_kernel *k = kernel_of(ctx, c);
		if (!k || !branch_uniform_in(ctx, ab, k, c, b))
			return false;
		n++;
	}
	return n > 0;
}

/* The value of s in the first pass of every loop (each counter at its
 * start), when constants and the sizes the launch fixes decide it: a
 * loop's condition k < 4 from k = 0.  False when anything else enters or a
 * step leaves the range of an int. */
static bool first_pass_value(const struct acc_kernel *k, const struct sym *s, long long *v,
			     unsigned depth)
{
	const struct launch *l = &k->launch;
	long long a, b;
	if (!s || depth > 32)
		return false;
	switch (s->op) {
	case S_CONST:
		*v = s->c;
		break;
	case S_IV:
		if (!first_pass_value(k, s->a, v, depth + 1))
			return false;
		break;
	case S_LSZ:
		*v = l->lsz[s->dim];
		return *v != 0;
	case S_NGRP:
		*v = (long long)l->ngrp[s->dim];
		return *v != 0;
	case S_NEG:
		if (!first_pass_value(k, s->a, &a, depth + 1))
			return false;
		*v = -a;
		break;
	case S_LNOT:
		if (!first_pass_value(k, s->a, &a, depth + 1))
			return false;
		*v = !a;
		break;
	case S_BIN:
		if (!first_pass_value(k, s->a, &a, depth + 1) ||
		    !first_pass_value(k, s->b, &b, depth + 1))
			return false;
		switch (s->sub) {
		case IR_B_ADD: *v = a + b; break;
		case IR_B_SUB: *v = a - b; break;
		case IR_B_MUL: *v = a * b; break;
		case IR_B_LT: *v = a < b; break;
		case IR_B_GT: *v = a > b; break;
		case IR_B_LE: *v = a <= b; break;
		case IR_B_GE: *v = a >= b; break;
		case IR_B_EQ: *v = a == b; break;
		case IR_B_NE: *v = a != b; break;
		case IR_B_LAND: *v = a && b; break;
		case IR_B_LOR: *v = a || b; break;
		default: return false;
		}
		break;
	default:
		return false;
	}
	/* (operands within an int: their sums and products fit) */
	return *v >= INT_MIN && *v <= INT_MAX;
}

/*
 * A loop entered from outside surely runs its body once when its condition
 * holds at the first iteration for every launch of two or more work-items
 * and every value of the unknowns that correct code gives them (a size at
 * least the launch extents).  `for (d = n >> 1; d > 0; d >>= 1)` with n = 2 *
 * local size is such a loop; for them, the path that skips the body does
 * not exist.
 */
void acc_first_iterations(struct abuild *ab, struct acc_kernel *k)
{
	ab->k = k;
	k->first_exit = MEM_ARRAY(ab->a, int, k->nnodes + 1);
	if (!k->first_exit)
		return;
	for (unsigned n = 0; n < k->nnodes; n++)
		k->first_exit[n] = -1;
	for (unsigned ci = 0; ci < ab->ctxs.len; ci++) {
		struct acc_ctx *c = ab->ctxs.items[ci];
		if (!c->last_node || !c->first_node)
			continue;
		/* only contexts of this kernel: their nodes are ours */
		unsigned first = c->first_node[0];
		if (first >= k->nnodes || k->nodes[first].ctx != c)
			continue;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		for (unsigned L = 0; L < fi->nloops; L++) {
			const struct ir_block *h = c->f->blocks[fi->header[L]];
			if (h->term != TERM_BRANCH || h->nsuccs != 2)
				continue;
			int exit = -1;
			for (unsigned s = 0; s < 2; s++)
				if (!loop_member(fi, (int)L, h->succs[s]->id))
					exit = (int)s;
			if (exit < 0 || loop_member(fi, (int)L, h->succs[!exit]->id) == 0)
				continue;
			struct sym *cond = guard_cond(ab, c, h->id);
			if (!cond || sym_uses_lid(cond))
				continue;
			/* a condition the numbers decide needs no question; one
			 * that holds makes the first pass always run */
			long long v;
			bool always = first_pass_value(k, cond, &v, 0) && (exit == 0 ? !v : v != 0);
			if (!always) {
				struct q q;
				if (!smt_begin(&q, ab->ctx, ab, k, false)) {
					smt_end(&q);
					return;
				}
				struct dec *d = q.d;
				d->queries++;
				q.in_index = true;
				Z3_ast enter = smt_cond(&q, cond, 0, 0);
				if (exit == 0)
					enter = Z3_mk_not(d->z, enter);
				/* first iteration of every counter, two work-items at least */
				Z3_ast f = Z3_mk_not(d->z, enter);
				for (unsigned i = 0; i < q.nivs; i++)
					f = and2(d, f, eq(d, q.ivk[i], num(d, 0)));
				for (unsigned dm = 0; dm < 3; dm++)
					if (!k->launch.lsz[dm])
						f = and2(d, f, Z3_mk_ge(d->z, d->lsz[dm], num(d, 2)));
				struct hyp hy[MAX_HYP];
				unsigned nh = hypotheses(&q, hy, NULL, NULL, false);
				for (unsigned i = 0; i < nh; i++)
					f = and2(d, f, hy[i].f);
				always = !q.opaque && smt_check(&q, f, 0, NULL, NULL) == Z3_L_FALSE;
				smt_end(&q);
			}
			unsigned node = c->last_node[h->id];
			if (always && node < k->nnodes) {
				/* the exit successor's index in the node's successor list */
				unsigned target = c->first_node[h->succs[exit]->id];
				for (unsigned s = 0; s < k->nodes[node].nsucc; s++)
					if (k->nodes[node].succ[s] == target)
						k->first_exit[node] = (int)s;
			}
		}
	}
}

/* ------------------------------------------------------------ the facts */

void dec_check_facts(struct cls_ctx *ctx)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !ctx->facts->assumed.len)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		const struct fact *first = NULL;
		for (unsigned j = 0; j < ctx->facts->assumed.len && !first; j++)
			if (fact_applies(ctx->facts->assumed.items[j], k->kernel))
				first = ctx->facts->assumed.items[j];
		if (!first)
			continue;
		struct q q;
		if (!smt_begin(&q, ctx, ab, k, false)) {
			smt_end(&q);
			return;
		}
		if (smt_check(&q, Z3_mk_true(q.d->z), 0, NULL, NULL) == Z3_L_FALSE)
			cls_report(ctx, &cls_rule_assumption, first->at,
				   "the assumptions about kernel '%s' (from '%s') contradict its launch "
				   "or each other: nothing can be concluded from them", k->kernel->name,
				   first->text);
		smt_end(&q);
	}
}

