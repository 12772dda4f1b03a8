/*
 * race.c - every conflicting pair of accesses, classified once (race_ prefix).
 *
 * For each kernel and memory space, accesses are grouped by object and by
 * interval, and each pair that may run concurrently (at least one write, not
 * both atomic) is checked for a conflict.  A conflict is then classified:
 *
 *   RACE_PLAIN     no barrier at all orders the two accesses;
 *   RACE_FLAGS     a barrier separates them, but its flags (or scope) do not
 *                  cover the memory: the barrier-fence rule reports it;
 *   RACE_FENCE     only a memory fence separates them: barrier-fence too;
 *   RACE_LOCKSTEP  every conflict found lies within one sub-group under a
 *                  guard that keeps one sub-group active: subgroup-lockstep.
 *
 * The rules local-memory-race, global-memory-race, barrier-fence and
 * subgroup-lockstep read this list; nothing is computed twice.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"
#include "race.h"

#define LOCKSTEP_SG 32   /* the narrowest common sub-group: NVIDIA's warp */

static int by_object(const void *pa, const void *pb)
{
	const struct acc *a = *(const struct acc *const *)pa, *b = *(const struct acc *const *)pb;
	if (a->object != b->object)
		return a->object < b->object ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

static void add(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		const struct acc *a, const struct acc *b, const struct acc_witness *w,
		enum race_kind kind)
{
	/* Already reported at the statement that would be this one's second? */
	enum acc_mode m0 = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	const struct acc *second = acc_b_after_a(k, a, b, m0) ? b : a;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *o = rl->races.items[i];
		if (o->second->stmt == second->stmt && o->first->object == a->object &&
		    o->k == k && o->kind == kind)
			return;
	}
	struct race *r = MEM_NEW(ctx->arena, struct race);
	if (!r)
		return;
	r->k = k;
	/* first/second in execution order on the connecting path */
	enum acc_mode m = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	if (acc_b_after_a(k, a, b, m)) {
		r->first = a;
		r->second = b;
		memcpy(r->t_first, w->t1, sizeof r->t_first);
		memcpy(r->t_second, w->t2, sizeof r->t_second);
	} else {
		r->first = b;
		r->second = a;
		memcpy(r->t_first, w->t2, sizeof r->t_first);
		memcpy(r->t_second, w->t1, sizeof r->t_second);
	}
	r->same_iteration = acc_reaches(k, r->first, r->second, m, -1) || r->first == r->second;
	r->w = *w;
	r->kind = kind;
	mem_vec_push(ctx->arena, &rl->races, r);
}

/* Is (a, b) the writer and the read of a spin-wait?  Those are reported as
 * spin-waits, not as races. */
static bool is_spin_pair(struct cls_ctx *ctx, const struct acc *a, const struct acc *b)
{
	const struct spin_list *sl = race_spins(ctx);
	for (unsigned i = 0; sl && i < sl->spins.len; i++) {
		const struct spin *s = sl->spins.items[i];
		if ((s->read == a && s->writer == b) || (s->read == b && s->writer == a) ||
		    (s->read == a && s->read == b))
			return true;
	}
	return false;
}

/* Check one pair; returns true when a conflict was recorded. */
static bool check_pair(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		       const struct acc *a, const struct acc *b)
{
	if (!((a->kind | b->kind) & ACC_WRITE))
		return false;
	if (is_spin_pair(ctx, a, b))
		return false;
	if (a->atomic && b->atomic)
		return false;
	if (a == b && !(a->kind & ACC_WRITE))
		return false;
	enum acc_mode m = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	if (!acc_concurrent(k, a, b, m))
		return false;
	struct acc_witness w;
	if (!acc_conflict(ctx, k, a, b, m, NULL, a->space == AS_LOCAL ? LOCKSTEP_SG : 0, &w))
		return false;
	if (w.benign && !ctx->opt->report_benign)
		return false;
	enum race_kind kind = RACE_PLAIN;
	if (!acc_concurrent(k, a, b, MODE_ANY))
		kind = RACE_FLAGS;
	else if (!acc_concurrent(k, a, b, MODE_FENCE))
		kind = RACE_FENCE;
	else if (w.lockstep && a->space == AS_LOCAL)
		kind = RACE_LOCKSTEP;
	add(ctx, rl, k, a, b, &w, kind);
	return true;
}

/* Have we already recorded a race on this object at both statements?  One
 * finding per racy statement and object is what a user wants to read. */
static bool seen_pair(const struct race_list *rl, const struct acc_kernel *k, const struct acc *a,
		      const struct acc *b)
{
	bool sa = false, sb = false;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->first->object != a->object || r->k != k)
			continue;
		sa |= r->second->stmt == a->stmt;
		sb |= r->second->stmt == b->stmt;
	}
	return sa && sb;
}

static void kernel_races(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			 unsigned space)
{
	unsigned n = 0;
	const struct acc **v = MEM_ARRAY(ctx->arena, const struct acc *, k->accs.len + 1);
	if (!v)
		return;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *a = k->accs.items[i];
		if (a->space == space && a->index)
			v[n++] = a;
	}
	qsort(v, n, sizeof *v, by_object);
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i; j < n && v[j]->object == v[i]->object; j++) {
			if (seen_pair(rl, k, v[i], v[j]))
				continue;
			check_pair(ctx, rl, k, v[i], v[j]);
		}
}

const struct race_list *race_find(struct cls_ctx *ctx, unsigned space)
{
	struct race_list **slot = space == AS_LOCAL ? &ctx->facts->races_local
						    : &ctx->facts->races_global;
	if (*slot)
		return *slot;
	struct race_list *rl = MEM_NEW(ctx->arena, struct race_list);
	if (!rl)
		return NULL;
	*slot = rl;
	if (!ctx->facts->acc)
		return rl;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++)
		kernel_races(ctx, rl, ctx->facts->acc->kernels.items[i], space);
	return rl;
}

/* ------------------------------------------------------------ inter-group */

static void inter_pairs(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k)
{
	const struct race_list *intra = race_find(ctx, AS_GLOBAL);
	unsigned n = 0;
	const struct acc **v = MEM_ARRAY(ctx->arena, const struct acc *, k->accs.len + 1);
	if (!v)
		return;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *a = k->accs.items[i];
		if (a->space == AS_GLOBAL && a->index)
			v[n++] = a;
	}
	qsort(v, n, sizeof *v, by_object);
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i; j < n && v[j]->object == v[i]->object; j++) {
			const struct acc *a = v[i], *b = v[j];
			if (!((a->kind | b->kind) & ACC_WRITE) || (a->atomic && b->atomic) ||
			    is_spin_pair(ctx, a, b))
				continue;
			bool dup = false;
			for (unsigned r = 0; intra && r < intra->races.len && !dup; r++) {
				const struct race *o = intra->races.items[r];
				dup = (o->first == a && o->second == b) || (o->first == b && o->second == a);
			}
			for (unsigned r = 0; r < rl->races.len && !dup; r++) {
				const struct race *o = rl->races.items[r];
				dup = o->second->stmt == (a->id > b->id ? a : b)->stmt &&
				      o->first->object == a->object && o->k == k;
			}
			if (dup)
				continue;
			/* Neighbouring groups along each dimension the kernel uses, in
			 * both orders (a in the lower group, then in the upper one). */
			for (unsigned d = 0; d < 2 * k->dims; d++) {
				unsigned groups[6] = { 0, 0, 0, 0, 0, 0 };
				if (k->ngrp[d / 2] < 2)
					continue;
				groups[(d & 1 ? 0 : 3) + d / 2] = 1;
				struct acc_witness w;
				if (!acc_conflict(ctx, k, a, b, MODE_NONE, groups, 0, &w))
					continue;
				if (w.benign && !ctx->opt->report_benign)
					break;
				struct race *x = MEM_NEW(ctx->arena, struct race);
				if (!x)
					return;
				x->k = k;
				x->kind = RACE_INTER;
				x->w = w;
				bool ab = acc_reaches(k, a, b, MODE_NONE, -1) || a == b ||
					  !acc_reaches(k, b, a, MODE_NONE, -1);
				x->first = ab ? a : b;
				x->second = ab ? b : a;
				memcpy(x->t_first, ab ? w.t1 : w.t2, sizeof x->t_first);
				memcpy(x->t_second, ab ? w.t2 : w.t1, sizeof x->t_second);
				memcpy(x->g_first, ab ? w.g1 : w.g2, sizeof x->g_first);
				memcpy(x->g_second, ab ? w.g2 : w.g1, sizeof x->g_second);
				x->same_iteration = true;
				mem_vec_push(ctx->arena, &rl->races, x);
				break;
			}
		}
}

const struct race_list *race_inter(struct cls_ctx *ctx)
{
	if (ctx->facts->races_inter)
		return ctx->facts->races_inter;
	struct race_list *rl = MEM_NEW(ctx->arena, struct race_list);
	if (!rl)
		return NULL;
	ctx->facts->races_inter = rl;
	for (unsigned i = 0; ctx->facts->acc && i < ctx->facts->acc->kernels.len; i++)
		inter_pairs(ctx, rl, ctx->facts->acc->kernels.items[i]);
	return rl;
}

/* ------------------------------------------------------------- spin-waits */

static bool mentions_var(const struct ir_expr *e, const struct ir_var *v, unsigned depth)
{
	if (!e || depth > 64)
		return false;
	if (e->op == E_VAR && e->u.var == v)
		return true;
	for (unsigned i = 0; i < e->nkids; i++)
		if (mentions_var(e->kids[i], v, depth + 1))
			return true;
	return false;
}

/* An exit branch of loop L (in f) whose condition depends on access r. */
static const struct ir_block *exit_on(struct abuild *ab, const struct ir_func *f, int L,
				      const struct acc *r)
{
	struct fn_info *fi = acc_fn_info(ab, f);
	/* The variable r's statement assigns, if any: `v = flag[0];` */
	const struct ir_var *v = NULL;
	if (r->stmt && r->stmt->op == E_ASSIGN && r->stmt->kids[0]->op == E_VAR)
		v = r->stmt->kids[0]->u.var;
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *bb = f->blocks[b];
		if (!bitget_member(fi, L, b) || bb->nsuccs < 2 || !bb->cond)
			continue;
		bool exits = false;
		for (unsigned s = 0; s < bb->nsuccs; s++)
			exits |= !bitget_member(fi, L, bb->succs[s]->id);
		if (!exits)
			continue;
		if ((r->block == bb && r->inst == bb->ninsts) || (v && mentions_var(bb->cond, v, 0)))
			return bb;
	}
	return NULL;
}

static void kernel_spins(struct cls_ctx *ctx, struct spin_list *sl, const struct acc_kernel *k)
{
	struct abuild *ab = ctx->facts->acc->build;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *r = k->accs.items[i];
		if (!(r->kind & ACC_READ) || !r->index)
			continue;
		struct fn_info *fi = acc_fn_info(ab, r->ctx->f);
		const struct ir_block *br = NULL;
		for (int L = fi->inner ? fi->inner[r->block->id] : -1; L >= 0 && !br; L = fi->parent[L])
			br = exit_on(ab, r->ctx->f, L, r);
		if (!br)
			continue;
		bool dup = false;
		for (unsigned s = 0; s < sl->spins.len && !dup; s++) {
			const struct spin *o = sl->spins.items[s];
			dup = o->branch == br && o->ctx == r->ctx;
		}
		if (dup)
			continue;
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *w = k->accs.items[j];
			if (!(w->kind & ACC_WRITE) || w->object != r->object || !w->index)
				continue;
			struct acc_witness wit;
			bool hit;
			if (r->space == AS_GLOBAL) {
				unsigned groups[6] = { 0, 0, 0, 1, 0, 0 };
				hit = k->ngrp[0] > 1 &&
				      acc_conflict(ctx, k, w, r, MODE_NONE, groups, 0, &wit);
			} else {
				hit = acc_concurrent(k, w, r, MODE_LOCAL) &&
				      acc_conflict(ctx, k, w, r, MODE_LOCAL, NULL, 0, &wit);
			}
			if (!hit)
				continue;
			struct spin *s = MEM_NEW(ctx->arena, struct spin);
			if (!s)
				return;
			s->k = k;
			s->read = r;
			s->writer = w;
			s->branch = br;
			s->ctx = r->ctx;
			s->w = wit;
			s->global_barrier = r->space == AS_GLOBAL && w->atomic && w != r &&
					    (w->kind & ACC_READ);
			mem_vec_push(ctx->arena, &sl->spins, s);
			break;
		}
	}
}

const struct spin_list *race_spins(struct cls_ctx *ctx)
{
	if (ctx->facts->spins)
		return ctx->facts->spins;
	struct spin_list *sl = MEM_NEW(ctx->arena, struct spin_list);
	if (!sl)
		return NULL;
	ctx->facts->spins = sl;
	for (unsigned i = 0; ctx->facts->acc && i < ctx->facts->acc->kernels.len; i++)
		kernel_spins(ctx, sl, ctx->facts->acc->kernels.items[i]);
	return sl;
}

static const char *group_text(struct cls_ctx *ctx, const struct acc_kernel *k, const unsigned g[3])
{
	if (k->dims >= 3)
		return mem_printf(ctx->arena, "group (%u,%u,%u)", g[0], g[1], g[2]);
	if (k->dims == 2)
		return mem_printf(ctx->arena, "group (%u,%u)", g[0], g[1]);
	return mem_printf(ctx->arena, "group %u", g[0]);
}

static const char *verb(const struct acc *a)
{
	if (a->atomic)
		return a->kind == ACC_READ ? "atomically reads" : "atomically updates";
	if (a->kind == (ACC_READ | ACC_WRITE))
		return "updates";
	return a->kind & ACC_WRITE ? "writes" : "reads";
}

const char *race_witness(struct cls_ctx *ctx, const struct race *r)
{
	if (r->w.data_dependent)
		return r->first->stmt == r->second->stmt
			? mem_printf(ctx->arena, "%s: two work-items can compute the same index (it "
				     "depends on loaded data) and both access it (line %u)",
				     ir_expr_text(ctx->arena, r->second->lv), r->second->range.begin.line)
			: mem_printf(ctx->arena, "%s: two work-items can compute the same index (it "
				     "depends on loaded data) and access it (lines %u and %u)",
				     ir_expr_text(ctx->arena, r->second->lv), r->first->range.begin.line,
				     r->second->range.begin.line);
	const char *elem = acc_element_text(ctx, r->second, r->w.index);
	if (r->kind == RACE_INTER)
		return mem_printf(ctx->arena, "%s: %s of %s %s it (line %u) while %s of %s %s it "
				  "(line %u)", elem, acc_workitem_text(ctx, r->k, r->t_first),
				  group_text(ctx, r->k, r->g_first), verb(r->first),
				  r->first->range.begin.line, acc_workitem_text(ctx, r->k, r->t_second),
				  group_text(ctx, r->k, r->g_second), verb(r->second),
				  r->second->range.begin.line);
	return mem_printf(ctx->arena, "%s: %s %s it (line %u) while %s %s it (line %u)", elem,
			  acc_workitem_text(ctx, r->k, r->t_first), verb(r->first),
			  r->first->range.begin.line, acc_workitem_text(ctx, r->k, r->t_second),
			  verb(r->second), r->second->range.begin.line);
}

const char *race_assumption(struct cls_ctx *ctx, const struct race *r)
{
	if (r->k->lsz_known)
		return NULL;
	const unsigned *l = r->k->lsz;
	return l[1] > 1 ? mem_printf(ctx->arena, "assuming a %ux%u%s work-group; give --local-size "
				     "for the real one", l[0], l[1], l[2] > 1 ? "x.." : "")
			: mem_printf(ctx->arena, "assuming a work-group of %u work-items; give "
				     "--local-size for the real one", l[0]);
}

/* Insert a barrier before the statement holding `a`: the text at the start
 * of its line, indented like it.  NULL when a barrier cannot go there. */
bool race_barrier_fixit(struct cls_ctx *ctx, struct cls_diag *d, const struct acc *a,
			const char *flags)
{
	if (acc_under_divergence(a) || !a->stmt || a->ctx->parent)
		return false;
	const struct cls_result *res = ctx->result;
	unsigned line = a->stmt->range.begin.line;
	if (!res->source || a->stmt->range.begin.file != res->path)
		return false;
	const char *p = res->source, *end = res->source + res->source_len;
	for (unsigned l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return false;
		p = nl + 1;
	}
	size_t ind = 0;
	while (p + ind < end && (p[ind] == ' ' || p[ind] == '\t'))
		ind++;
	if ((unsigned)ind + 1 != a->stmt->range.begin.col)
		return false; /* the statement does not start its line */
	struct cls_range r;
	r.begin = a->stmt->range.begin;
	r.end = r.begin;
	cls_fixit(ctx, d, r, mem_printf(ctx->arena, "barrier(%s);\n%.*s", flags, (int)ind, p),
		  mem_printf(ctx->arena, "insert barrier(%s) before line %u", flags, line));
	return true;
}
