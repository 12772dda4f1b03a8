/*
 * subgroup_lockstep.c - CLS004: code that relies on the work-items of a
 * sub-group (warp, wavefront) running in lockstep instead of synchronizing.
 *
 * A __local conflict through volatile accesses whose every witness lies
 * within one sub-group is the warp-synchronous idiom, the classic unrolled
 * reduction tail (if (lid < 32) { v[lid] += v[lid + 32]; ...): right on
 * lockstep hardware, wrong elsewhere.  OpenCL promises no lockstep: CPU
 * implementations run work-items one after the other, and GPUs with
 * independent thread scheduling interleave them.  Without volatile the same
 * conflict is a plain race on every device (local-memory-race, with a note).
 */
#include "../analyzer/race.h"
#include "rules.h"

/* The outermost divergent branch controlling access a: the start of the
 * region that keeps one sub-group active (if (lid < 32) { ... }). */
static const void *region_of(const struct race *r)
{
	const struct acc *a = r->second;
	const struct unif_inst *in = a->ctx->in;
	const struct ir_block *br = in ? in->wg_ctrl[a->block->id] : NULL;
	for (unsigned guard = 0; br && in && in->wg_ctrl[br->id] && guard < 64; guard++)
		br = in->wg_ctrl[br->id];
	return br ? (const void *)br : (const void *)a->block;
}

static bool earlier(const struct cls_pos *p, const struct cls_pos *q)
{
	return p->line < q->line || (p->line == q->line && p->col < q->col);
}

static void check(struct cls_ctx *ctx)
{
	const struct race_list *rl = race_find(ctx, AS_LOCAL);
	if (!rl)
		return;
	/* One warning per guarded region, at its earliest racy access. */
	const struct race *best[64];
	const void *region[64];
	unsigned n = 0;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->kind != RACE_LOCKSTEP)
			continue;
		const void *g = region_of(r);
		unsigned k = 0;
		while (k < n && (region[k] != g || best[k]->k != r->k))
			k++;
		if (k == n && n < 64) {
			region[n] = g;
			best[n++] = r;
		} else if (k < n && earlier(&r->second->range.begin, &best[k]->second->range.begin)) {
			best[k] = r;
		}
	}
	for (unsigned i = 0; i < n; i++) {
		const struct race *r = best[i];
		struct cls_diag *d = cls_report(ctx, &rule_subgroup_lockstep, r->second->range,
			"relies on sub-group lockstep: %s with no barrier between%s; OpenCL does not "
			"promise that the work-items of a sub-group run in lockstep (CPU "
			"implementations and GPUs with independent thread scheduling do not)%s",
			race_witness(ctx, r), race_when(ctx, r), r->second->is_volatile ? ", and volatile does not "
			"change that" : "");
		if (!d)
			continue;
		race_severity(d, r);
		cls_note(ctx, d, r->first->range, "%s", race_other_access(ctx, r));
		cls_note(ctx, d, r->second->range,
			 "synchronize with sub_group_barrier(CLK_LOCAL_MEM_FENCE) between the steps "
			 "(or barrier(CLK_LOCAL_MEM_FENCE) outside the branch), or use "
			 "sub_group_reduce_add");
	}
}

const struct cls_rule rule_subgroup_lockstep = {
	.id = "CLS004",
	.name = "subgroup-lockstep",
	.severity = CLS_WARNING,
	.category = "correctness",
	.summary = "the volatile warp-synchronous idiom: relies on sub-group lockstep instead of a barrier",
	.run = check,
};
