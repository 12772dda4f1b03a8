/*
 * barrier_divergence.c - CLS001: a barrier reached by only some work-items.
 *
 * Every work-item of a work-group must execute each barrier (and each
 * work-group collective, async copy and wait) or none may.  A barrier-like
 * call is divergent when its block lies in the region of a branch whose
 * condition is not uniform (see uniform.c), or when it sits in an operand of
 * ?:, && or || that only some work-items evaluate.  Sub-group barriers and
 * collectives are held to the same rule at sub-group scope.  All of them
 * must also be reached with the same arguments where the call acts for the
 * whole group: a barrier's flags, an async copy's and a wait's every
 * argument, the id a broadcast takes its value from.
 */
#include <string.h>

#include "../analyzer/access.h"
#include "../analyzer/facts.h"
#include "rules.h"

struct walk {
	struct cls_ctx *ctx;
	const struct unif_inst *in;
	const struct ir_block *b;
};

/* What kind of barrier-like call e is: 0 none, 1 work-group, 2 sub-group. */
static int barrier_scope(const struct ir_expr *e)
{
	if (e->op != E_CALL)
		return 0;
	if (e->callee) {
		const struct fact_func *fx = ff(e->callee);
		return fx->has_wg_barrier ? 1 : fx->has_sg_barrier ? 2 : 0;
	}
	if (bi_is_wg_barrier_like(e->sub))
		return 1;
	if (bi_is_sg_barrier_like(e->sub))
		return 2;
	return 0;
}

static const char *what(struct cls_ctx *ctx, const struct ir_expr *e)
{
	if (e->callee)
		return mem_printf(ctx->arena, "call to '%s', which executes a barrier,", e->u.name);
	switch ((enum bi_kind)e->sub) {
	case BI_BARRIER:
		return "barrier";
	case BI_WG_COLLECTIVE: case BI_WG_SCAN:
		return mem_printf(ctx->arena, "work-group collective '%s'", e->u.name);
	case BI_ASYNC_COPY:
		return mem_printf(ctx->arena, "async copy '%s'", e->u.name);
	case BI_WAIT_EVENTS:
		return mem_printf(ctx->arena, "'%s'", e->u.name);
	case BI_SG_BARRIER:
		return "sub-group barrier";
	default:
		return mem_printf(ctx->arena, "sub-group collective '%s'", e->u.name);
	}
}

static const char *origin_text(const struct ir_block *b)
{
	switch (b->origin) {
	case ORIG_LOOP: return "loop condition";
	case ORIG_SWITCH: return "switch value";
	default: return "branch condition";
	}
}

static void report(struct walk *w, const struct ir_expr *call, int scope,
		   const struct ir_block *branch, const struct ir_expr *guard, bool guard_rhs)
{
	struct cls_ctx *ctx = w->ctx;
	struct cls_diag *d;
	if (scope == 1)
		d = cls_report(ctx, &rule_barrier_divergence, call->range,
			       "%s reached under divergent control flow%s", what(ctx, call),
			       call->sub == BI_BARRIER && !call->callee
				       ? ": not every work-item of the work-group executes it" : "");
	else
		d = cls_report(ctx, &rule_barrier_divergence, call->range,
			       "%s reached under control flow that diverges within a sub-group",
			       what(ctx, call));
	if (!d)
		return;
	if (branch)
		cls_note(ctx, d, branch->cond ? branch->cond->range : branch->range,
			 "%s depends on %s", origin_text(branch),
			 unif_explain(ctx, w->in, branch->cond));
	else if (guard)
		cls_note(ctx, d, guard->range, "%s depends on %s",
			 guard_rhs ? "the left operand of this logical operator"
				   : "the condition of this '?:'",
			 unif_explain(ctx, w->in, guard));
	if (call->callee && ff(call->callee)->barrier_call)
		cls_note(ctx, d, ff(call->callee)->barrier_call->range,
			 "the barrier in '%s' is here", call->callee->name);
}

/*
 * The first argument of barrier-like call e that must be the same for every
 * work-item (of the sub-group, scope 2) and is not, or NULL.  Barriers: the
 * flags and the scope.  An async copy is one copy by the whole group, and
 * a wait waits for the group's copies: every argument.  A broadcast: the id
 * of the work-item whose value it takes.
 */
static const struct ir_expr *divergent_arg(struct walk *w, const struct ir_expr *e, int scope)
{
	if (e->callee)
		return NULL;
	unsigned need = scope == 1 ? U_SUBGROUP : U_DIVERGENT, from = 0;
	switch ((enum bi_kind)e->sub) {
	case BI_BARRIER: case BI_SG_BARRIER: case BI_ASYNC_COPY: case BI_WAIT_EVENTS:
		break;
	case BI_WG_COLLECTIVE: case BI_SG_COLLECTIVE:
		if (!strstr(e->u.name, "broadcast"))
			return NULL;
		from = 1;
		break;
	default:
		return NULL;
	}
	for (unsigned i = from; i < e->nkids; i++)
		if (unif_expr(w->in, e->kids[i]) >= need)
			return e->kids[i];
	return NULL;
}

static void report_arg(struct walk *w, const struct ir_expr *call, int scope,
		       const struct ir_expr *arg)
{
	struct cls_ctx *ctx = w->ctx;
	const char *group = scope == 1 ? "work-group" : "sub-group";
	struct cls_diag *d;
	const char *what_arg;
	if (call->sub == BI_BARRIER || call->sub == BI_SG_BARRIER) {
		d = cls_report(ctx, &rule_barrier_divergence, arg->range,
			       "%s with flags that differ between work-items: every work-item of "
			       "the %s must pass the same flags", what(ctx, call), group);
		what_arg = "the flags depend";
	} else if (call->sub == BI_WAIT_EVENTS) {
		d = cls_report(ctx, &rule_barrier_divergence, arg->range,
			       "%s with arguments that differ between work-items: every work-item "
			       "of the %s must wait for the same events", what(ctx, call), group);
		what_arg = "this argument depends";
	} else if (call->sub == BI_ASYNC_COPY) {
		d = cls_report(ctx, &rule_barrier_divergence, arg->range,
			       "%s with arguments that differ between work-items: the %s "
			       "performs one copy, and every work-item must pass the same "
			       "arguments", what(ctx, call), group);
		what_arg = "this argument depends";
	} else {
		d = cls_report(ctx, &rule_barrier_divergence, arg->range,
			       "%s with a source work-item id that differs between work-items: "
			       "every work-item of the %s must pass the same id", what(ctx, call),
			       group);
		what_arg = "the id depends";
	}
	if (d)
		cls_note(ctx, d, arg->range, "%s on %s", what_arg, unif_explain(ctx, w->in, arg));
}

/*
 * A branch at least `need`-divergent whose region holds the current block,
 * skipping branches the uniformity analysis could not prove uniform but
 * whose condition evaluates alike for every work-item (lid < local size).
 * The innermost such branch wins, as in wg_ctrl.
 */
static const struct ir_block *controlling(struct walk *w, unsigned need)
{
	const struct ir_block *br = need == U_SUBGROUP ? w->in->wg_ctrl[w->b->id]
						       : w->in->sg_ctrl[w->b->id];
	if (!br || !acc_branch_uniform_inst(w->ctx, w->in, br))
		return br;
	/* The recorded branch is uniform after all: look for another one. */
	const struct ir_func *f = w->in->f;
	const struct ir_block *best = NULL;
	for (unsigned i = 0; i < f->nblocks; i++) {
		const struct ir_block *b = f->blocks[i];
		if (b->nsuccs < 2 || w->in->branch_level[i] < need || b == br ||
		    !unif_in_region(f, b, w->b) || acc_branch_uniform_inst(w->ctx, w->in, b))
			continue;
		if (!best || b->id > best->id)
			best = b;
	}
	return best;
}

/*
 * Walk an expression; `guard` is the innermost ?: condition or &&/|| left
 * operand that decides whether this subtree runs, if it is not uniform.
 */
static void walk(struct walk *w, const struct ir_expr *e, const struct ir_expr *guard,
		 bool guard_rhs)
{
	if (!e)
		return;
	int scope = barrier_scope(e);
	if (scope) {
		unsigned need = scope == 1 ? U_SUBGROUP : U_DIVERGENT;
		const struct ir_block *br = controlling(w, need);
		const struct ir_expr *arg;
		bool by_guard = !br && guard && unif_expr(w->in, guard) >= need;
		/* A barrier that no work-item reaches diverges from nothing. */
		if ((br || by_guard) && acc_block_runs(w->ctx, w->in, w->b))
			report(w, e, scope, br, by_guard ? guard : NULL, by_guard && guard_rhs);
		else if (!br && !by_guard && (arg = divergent_arg(w, e, scope)))
			report_arg(w, e, scope, arg);
	}
	if (e->op == E_COND) {
		walk(w, e->kids[0], guard, guard_rhs);
		const struct ir_expr *g = unif_expr(w->in, e->kids[0]) ? e->kids[0] : guard;
		bool rhs = g == e->kids[0] ? false : guard_rhs;
		walk(w, e->kids[1], g, rhs);
		walk(w, e->kids[2], g, rhs);
		return;
	}
	if (e->op == E_BINARY && (e->sub == IR_B_LAND || e->sub == IR_B_LOR)) {
		walk(w, e->kids[0], guard, guard_rhs);
		const struct ir_expr *g = unif_expr(w->in, e->kids[0]) ? e->kids[0] : guard;
		walk(w, e->kids[1], g, g == e->kids[0] ? true : guard_rhs);
		return;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		walk(w, e->kids[i], guard, guard_rhs);
}

static void check(struct cls_ctx *ctx)
{
	for (unsigned i = 0; i < ctx->facts->insts.len; i++) {
		const struct unif_inst *in = ctx->facts->insts.items[i];
		const struct ir_func *f = in->f;
		if (!ff(f)->has_wg_barrier && !ff(f)->has_sg_barrier)
			continue;
		struct walk w = { ctx, in, NULL };
		for (unsigned b = 0; b < f->nblocks; b++) {
			w.b = f->blocks[b];
			for (unsigned k = 0; k < w.b->ninsts; k++)
				walk(&w, w.b->insts[k], NULL, false);
			walk(&w, w.b->cond, NULL, false);
		}
	}
}

const struct cls_rule rule_barrier_divergence = {
	.id = "CLS001",
	.name = "barrier-divergence",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "barrier or work-group function reached by only some work-items of a work-group",
	.run = check,
};
