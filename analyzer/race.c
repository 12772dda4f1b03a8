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

/* Check one pair; returns true when a conflict was recorded. */
static bool check_pair(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		       const struct acc *a, const struct acc *b)
{
	if (!((a->kind | b->kind) & ACC_WRITE))
		return false;
	if (a->atomic && b->atomic)
		return false;
	if (a == b && !(a->kind & ACC_WRITE))
		return false;
	enum acc_mode m = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	if (!acc_concurrent(k, a, b, m))
		return false;
	struct acc_witness w;
	if (!acc_conflict(ctx, k, a, b, m, false, LOCKSTEP_SG, &w))
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
