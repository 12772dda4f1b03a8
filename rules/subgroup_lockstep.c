/*
 * subgroup_lockstep.c - CLS004: code that relies on the work-items of a
 * sub-group (warp, wavefront) running in lockstep instead of synchronizing.
 *
 * A __local conflict whose every witness lies within one sub-group is the
 * classic unrolled reduction tail (if (lid < 32) { s[lid] += s[lid + 32]; ...).
 * OpenCL promises no lockstep: CPU implementations run work-items one after
 * the other, and GPUs with independent thread scheduling interleave them.
 */
#include "../analyzer/race.h"
#include "rules.h"

static void check(struct cls_ctx *ctx)
{
	const struct race_list *rl = race_find(ctx, AS_LOCAL);
	if (!rl)
		return;
	/* One warning per guarded region (the block controlling the accesses). */
	const void *seen[64];
	unsigned nseen = 0;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->kind != RACE_LOCKSTEP)
			continue;
		const struct unif_inst *in = r->second->ctx->in;
		const void *region = in ? (const void *)in->wg_ctrl[r->second->block->id] : NULL;
		if (!region)
			region = r->second->block;
		bool dup = false;
		for (unsigned k = 0; k < nseen; k++)
			dup |= seen[k] == region;
		if (dup)
			continue;
		if (nseen < 64)
			seen[nseen++] = region;
		struct cls_diag *d = cls_report(ctx, &rule_subgroup_lockstep, r->second->range,
			"relies on sub-group lockstep: %s with no barrier between; OpenCL does not "
			"promise that the work-items of a sub-group run in lockstep (CPU "
			"implementations and GPUs with independent thread scheduling do not)%s",
			race_witness(ctx, r), r->second->is_volatile ? ", and volatile does not "
			"change that" : "");
		if (!d)
			continue;
		cls_note(ctx, d, r->first->range, "the other access: %s",
			 acc_element_text(ctx, r->first, r->w.index));
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
	.summary = "code that relies on sub-group (warp) lockstep instead of a barrier",
	.run = check,
};
