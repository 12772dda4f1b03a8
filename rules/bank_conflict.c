/*
 * bank_conflict.c - CLS008: __local accesses whose sub-group request hits
 * one memory bank with several distinct words, serializing the request.
 *
 * The model (banks, bank width, sub-group size, bytes per request phase)
 * comes from a device profile; acc_bank in conflict.c computes the degree
 * for the first sub-group and the padding that removes the conflict.
 */
#include <string.h>

#include "../analyzer/access.h"
#include "rules.h"

/* "__local float tile[16][17]" for a 2-D array padded by `pad` elements. */
static const char *padded_decl(struct cls_ctx *ctx, const struct ir_var *v, unsigned pad)
{
	const struct ir_type *t = v->type, *e = t;
	char dims[96];
	size_t n = 0;
	dims[0] = 0;
	for (; e && e->kind == T_ARRAY && n < sizeof dims - 24; e = e->elem)
		n += (size_t)snprintf(dims + n, sizeof dims - n, "[%u]",
				      e->elem && e->elem->kind == T_ARRAY ? e->count : e->count + pad);
	const char *es = e && e->spelling ? e->spelling : "float";
	if (!strncmp(es, "__local ", 8))
		es += 8;
	return mem_printf(ctx->arena, "__local %s%s %s%s", t->is_volatile ? "volatile " : "", es,
			  v->name, dims);
}

/* Does lvalue e name an element of v by subscripting v itself once per
 * dimension (tile[r][c], tile[r][c].x)?  Then the compiler computes the
 * address from v's declared extent, and padding moves it along. */
static bool own_extent(const struct ir_expr *e, const struct ir_var *v)
{
	while (e && (e->op == E_SWIZZLE || (e->op == E_MEMBER && !e->sub)) && e->nkids)
		e = e->kids[0];
	const struct ir_type *t = v->type;
	for (; t && t->kind == T_ARRAY; t = t->elem) {
		if (!e || e->op != E_INDEX || e->nkids < 2)
			return false;
		e = e->kids[0];
	}
	/* t is the element type now: as many subscripts as dimensions */
	return e && e->op == E_VAR && e->u.var == v;
}

/*
 * Is padding v safe: does every access to it, in every kernel, use its own
 * extent (own_extent), with no address of it taken?  A pointer into it, an
 * async copy or a helper's parameter computes offsets from the old row
 * length, and padding would change what they touch.  Uses the analyzer
 * cannot see (sizeof, a pointer handed to an unmodelled call) are why the
 * address must not be taken either.
 */
static bool padding_safe(struct cls_ctx *ctx, const struct ir_var *v)
{
	if (v->addr_taken)
		return false;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *a = k->accs.items[j];
			if (a->object == v && (a->async || !own_extent(a->lv, v)))
				return false;
		}
	}
	return true;
}

/*
 * The row padding of a's 2-D array that minimizes the worst degree over
 * every __local access to that array (a padding that fixes one access but
 * breaks another is no fix).  Returns the padding (0: none helps) and the
 * worst degree with it in *after.
 */
static unsigned best_padding(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
			     const struct bank_model *bm, unsigned *after)
{
	unsigned best = 0, best_deg = ~0u;
	for (unsigned p = 0; p <= bm->banks; p++) {
		unsigned worst = 0;
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *o = k->accs.items[j];
			if (o->object != a->object || o->space != AS_LOCAL)
				continue;
			unsigned d = acc_bank_padded(ctx, k, o, bm, p);
			if (d > worst)
				worst = d;
		}
		if (worst < best_deg) {
			best_deg = worst;
			best = p;
		}
		if (best_deg <= 1)
			break;
	}
	*after = best_deg;
	return best;
}

static void check(struct cls_ctx *ctx)
{
	struct bank_model bm;
	cls_bank_model(ctx->opt, &bm);
	unsigned min = ctx->opt->min_conflict_degree ? ctx->opt->min_conflict_degree : 2;
	if (!ctx->facts->acc)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *a = k->accs.items[j];
			struct bank_result r;
			if (a->space != AS_LOCAL || !acc_bank(ctx, k, a, &bm, &r) || r.degree < min)
				continue;
			const char *what = ir_expr_text(ctx->arena, a->lv);
			struct cls_diag *d = cls_report(ctx, &rule_bank_conflict, a->range,
				"%u-way bank conflict on %s: %s and %s of a sub-group hit bank %u "
				"(words %lld and %lld; stride %lld words)", r.degree, what,
				launch_item_text(ctx, &k->launch, r.t1), launch_item_text(ctx, &k->launch, r.t2),
				r.bank,
				r.word1, r.word2, r.stride_words);
			if (!d)
				continue;
			if (r.assumed_iv)
				cls_note(ctx, d, a->range, "loop variables taken at their first value");
			const char *assumed = launch_note(ctx, &k->launch, k->launch.wlsz);
			if (assumed)
				cls_note(ctx, d, a->range, "%s", assumed);
			if (r.pad_kind == 1)
				r.pad = best_padding(ctx, k, a, &bm, &r.degree_after);
			if (r.pad && r.pad_kind == 1 && r.degree_after < r.degree) {
				const char *decl = padded_decl(ctx, a->object, r.pad);
				cls_note(ctx, d, a->object->decl, "pad each row by %u element%s: %s "
					 "makes every access to '%s' at most %u-way%s", r.pad,
					 r.pad == 1 ? "" : "s", decl, a->object->name,
					 r.degree_after ? r.degree_after : 1,
					 r.degree_after <= 1 ? " (no conflict)" : "");
				/* A fix-it only where the padding removes the finding
				 * (below --min-conflict-degree): a fixed file lints
				 * clean for the rule; a padding that only lowers the
				 * degree is the note above. */
				if (a->object->decl.begin.file == ctx->result->path &&
				    a->object->decl.end.line == a->object->decl.begin.line &&
				    r.degree_after < min)
				{
					struct cls_fix *fx = cls_fixit(ctx, d, a->object->decl, decl,
						mem_printf(ctx->arena, "pad the rows of '%s' (%u-way after)",
							   a->object->name, r.degree_after));
					if (fx)
						fx->safe = padding_safe(ctx, a->object);
				}
			} else if (r.pad && r.pad_kind == 2) {
				cls_note(ctx, d, a->range, "offsetting the index by index/%u (a "
					 "BANK_OFFSET) gives %u-way", bm.banks, r.degree_after);
			} else if (r.pad_kind == 1) {
				cls_note(ctx, d, a->range, "no row padding of '%s' does better for all "
					 "of its accesses (at best %u-way); map the work-items of a "
					 "sub-group to consecutive words, or use rows as wide as a "
					 "sub-group", a->object->name, r.degree_after);
			} else {
				cls_note(ctx, d, a->range, "padding cannot remove this conflict: the "
					 "stride keeps the sub-group's words in few banks; map work-items "
					 "to consecutive words instead");
			}
		}
	}
}

const struct cls_rule rule_bank_conflict = {
	.id = "CLS008",
	.name = "bank-conflict",
	.severity = CLS_WARNING,
	.category = "performance",
	.summary = "a __local access whose sub-group request hits one bank with several words",
	.run = check,
};
