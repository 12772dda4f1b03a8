/*
 * barrier.c - the call graph and which functions execute barriers (bar_ prefix).
 *
 * A function is barrier-like when it contains a work-group barrier or
 * collective, directly or through the functions it calls.  Recursion is not
 * OpenCL C; it is reported as unsupported and the cycle is cut.
 */
#include "facts.h"

struct scan {
	struct fact_func *fx;
	bool changed;
};

static void direct(const struct ir_expr *e, const struct ir_block *b, void *d)
{
	(void)b;
	struct scan *s = d;
	if (e->op != E_CALL)
		return;
	if (e->callee) {
		const struct fact_func *cx = ff(e->callee);
		if (cx->has_wg_barrier && !s->fx->has_wg_barrier) {
			s->fx->has_wg_barrier = true;
			s->fx->barrier_call = s->fx->barrier_call ? s->fx->barrier_call : e;
			s->changed = true;
		}
		if (cx->has_sg_barrier && !s->fx->has_sg_barrier) {
			s->fx->has_sg_barrier = true;
			s->changed = true;
		}
		return;
	}
	if (bi_is_wg_barrier_like(e->sub) && !s->fx->has_wg_barrier) {
		s->fx->has_wg_barrier = true;
		if (!s->fx->barrier_call)
			s->fx->barrier_call = e;
		s->changed = true;
	}
	if (bi_is_sg_barrier_like(e->sub) && !s->fx->has_sg_barrier) {
		s->fx->has_sg_barrier = true;
		s->changed = true;
	}
}

/* Depth-first search of the call graph for cycles. */
struct rec {
	struct cls_ctx *ctx;
	unsigned char *color;     /* 0 white, 1 on stack, 2 done */
	const struct ir_func *cur;
	unsigned depth;
};

static void visit_func(struct rec *r, struct ir_func *f);

static void rec_call(const struct ir_expr *e, const struct ir_block *b, void *d)
{
	(void)b;
	struct rec *r = d;
	if (e->op != E_CALL || !e->callee)
		return;
	unsigned i = e->callee->index;
	if (r->color[i] == 1) {
		ff(e->callee)->recursive = true;
		struct cls_diag *dg = cls_report(r->ctx, &cls_rule_unsupported, e->range,
			"unsupported: recursive call to '%s' (OpenCL C does not allow recursion); "
			"barrier and race analyses treat the call as opaque", e->u.name);
		(void)dg;
		return;
	}
	if (r->color[i] == 0)
		visit_func(r, e->callee);
}

static void visit_func(struct rec *r, struct ir_func *f)
{
	unsigned i = f->index;
	if (r->depth > 200) /* a call chain this deep is not a real kernel */
		return;
	r->color[i] = 1;
	r->depth++;
	ir_foreach_expr(f, rec_call, r);
	r->depth--;
	r->color[i] = 2;
}

void bar_analyze(struct cls_ctx *ctx)
{
	struct mem_vec *fs = &ctx->unit->funcs;
	struct rec r = { ctx, MEM_ARRAY(ctx->arena, unsigned char, fs->len + 1), NULL, 0 };
	if (!r.color)
		return;
	for (unsigned i = 0; i < fs->len; i++)
		if (r.color[i] == 0)
			visit_func(&r, fs->items[i]);
	/* Propagate "executes a barrier" up the call graph to a fixed point. */
	bool changed = true;
	while (changed) {
		changed = false;
		for (unsigned i = 0; i < fs->len; i++) {
			struct scan s = { ff(fs->items[i]), false };
			ir_foreach_expr(fs->items[i], direct, &s);
			changed |= s.changed;
		}
	}
}
