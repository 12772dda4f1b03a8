/*
 * barrier_fence.c - CLS003: the only thing between two conflicting accesses
 * is a barrier whose flags (or scope) do not cover their memory, or a memory
 * fence, which orders one work-item's accesses and makes nobody wait.
 */
#include <string.h>

#include "../analyzer/race.h"
#include "rules.h"

struct sep {
	struct cls_ctx *ctx;
	const struct race *r;
	unsigned need;                 /* FENCE_LOCAL or FENCE_GLOBAL */
	const struct ir_expr **done;   /* events already reported */
	unsigned *ndone;
	const struct acc_event *best;  /* the separator to report */
};

static bool already(struct sep *s, const struct ir_expr *call)
{
	for (unsigned i = 0; i < *s->ndone; i++)
		if (s->done[i] == call)
			return true;
	if (*s->ndone < 64)
		s->done[(*s->ndone)++] = call;
	return false;
}

/* Keep the separating event that the first access meets first on its way to
 * the second: a barrier (or fence) reachable from the first access with no
 * other separator between, that also reaches the second. */
static void pick(const struct acc_event *ev, void *d)
{
	struct sep *s = d;
	const struct race *r = s->r;
	enum acc_mode m = r->kind == RACE_FLAGS ? MODE_ANY : MODE_FENCE;
	bool fits = ev->kind == EV_BARRIER ? r->kind == RACE_FLAGS && (!(ev->flags & s->need) || ev->sg_scope)
					   : r->kind == RACE_FENCE;
	if (!fits || !acc_reaches_event(r->k, ev, r->second, m) ||
	    !acc_event_follows(r->k, r->first, ev, m))
		return;
	const struct cls_pos *p = &ev->call->range.begin, *q = s->best ? &s->best->call->range.begin : NULL;
	if (!q || p->line < q->line || (p->line == q->line && p->col < q->col))
		s->best = ev;
}

static void report_barrier(const struct acc_event *ev, void *d)
{
	struct sep *s = d;
	const struct race *r = s->r;
	struct cls_ctx *ctx = s->ctx;
	bool local = s->need == FENCE_LOCAL;
	const char *space = local ? "__local" : "__global";
	const char *flag = local ? "CLK_LOCAL_MEM_FENCE" : "CLK_GLOBAL_MEM_FENCE";
	if (ev->kind == EV_BARRIER && r->kind == RACE_FLAGS && (!(ev->flags & s->need) || ev->sg_scope)) {
		if (already(s, ev->call))
			return;
		struct cls_diag *dg = ev->sg_scope
			? cls_report(ctx, &rule_barrier_fence, ev->call->range,
				"barrier does not order %s memory across the work-group: its scope is "
				"memory_scope_sub_group, yet %s%s", space, race_witness(ctx, r),
				race_when(ctx, r))
			: cls_report(ctx, &rule_barrier_fence, ev->call->range,
				"barrier does not order %s memory: its flags lack %s, yet %s%s", space,
				flag, race_witness(ctx, r), race_when(ctx, r));
		if (!dg)
			return;
		race_severity(dg, r);
		cls_note(ctx, dg, r->first->range, "written or read here before the barrier");
		cls_note(ctx, dg, r->second->range, "and here after it");
		if (!ev->sg_scope && ev->call->nkids >= 1) {
			const struct ir_expr *arg = ev->call->kids[0];
			long long f = 0;
			const char *text = ir_const_int(arg, &f) && f == 0 ? flag
				: mem_printf(ctx->arena, "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE");
			struct cls_fix *fx = cls_fixit(ctx, dg, arg->range, text,
				mem_printf(ctx->arena, "fence %s memory too", space));
			/* Safe: more fence flags only add ordering to a barrier every
			 * work-item already reaches; what it costs is time. */
			if (fx)
				fx->safe = true;
		}
	} else if (ev->kind == EV_FENCE && r->kind == RACE_FENCE) {
		if (already(s, ev->call))
			return;
		struct cls_diag *dg = cls_report(ctx, &rule_barrier_fence, ev->call->range,
			"'%s' orders only the calling work-item's accesses; it does not synchronize "
			"work-items: %s%s", ev->call->u.name, race_witness(ctx, r), race_when(ctx, r));
		if (!dg)
			return;
		race_severity(dg, r);
		cls_note(ctx, dg, r->first->range, "one work-item's access");
		cls_note(ctx, dg, r->second->range, "another work-item's access");
		struct cls_fix *fx = cls_fixit(ctx, dg, ev->call->range,
			mem_printf(ctx->arena, "barrier(%s)", flag),
			mem_printf(ctx->arena, "make the work-items wait: barrier(%s)", flag));
		/* A fence becomes a barrier: safe only where every work-item of the
		 * group reaches it, in the kernel's own body (a helper has other
		 * callers); under divergent control the barrier would hang. */
		if (fx)
			fx->safe = !ev->ctx->parent && !acc_block_under_divergence(ev->ctx, ev->block);
	}
}

static void check_space(struct cls_ctx *ctx, unsigned space, const struct ir_expr **done,
			unsigned *ndone)
{
	const struct race_list *rl = race_find(ctx, space);
	if (!rl)
		return;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->kind != RACE_FLAGS && r->kind != RACE_FENCE)
			continue;
		struct sep s = { ctx, r, space == AS_LOCAL ? FENCE_LOCAL : FENCE_GLOBAL, done, ndone,
				 NULL };
		if (r->kind == RACE_FENCE) {
			/* Every fence between the two accesses stands in for a barrier. */
			for (unsigned e = 0; e < r->k->nev; e++) {
				const struct acc_event *ev = &r->k->ev[e];
				if (ev->kind == EV_FENCE &&
				    acc_event_between(r->k, r->first, ev, r->second, MODE_ANY))
					report_barrier(ev, &s);
			}
			continue;
		}
		acc_separators(r->k, r->first, r->second, MODE_ANY, pick, &s);
		if (s.best)
			report_barrier(s.best, &s);
	}
}

static void check(struct cls_ctx *ctx)
{
	const struct ir_expr *done[64];
	unsigned ndone = 0;
	check_space(ctx, AS_LOCAL, done, &ndone);
	check_space(ctx, AS_GLOBAL, done, &ndone);
}

const struct cls_rule rule_barrier_fence = {
	.id = "CLS003",
	.name = "barrier-fence",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "a barrier whose fence flags do not cover the shared memory, or a fence used "
		   "as if it were a barrier",
	.run = check,
};
