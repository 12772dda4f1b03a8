/*
 * cross_group_sync.c - CLS007: a loop that waits for a value written by
 * another work-group (a spin-wait, a lock, a home-made global barrier), or by
 * another work-item of the group through __local memory without a barrier.
 *
 * OpenCL promises no forward progress between work-groups: they need not be
 * resident at the same time, so a group that waits for one not yet started
 * waits forever.  Within a group, a spinning work-item may keep the writer
 * from ever running on implementations that do not interleave work-items.
 */
#include "../analyzer/race.h"
#include "rules.h"

static void check(struct cls_ctx *ctx)
{
	const struct spin_list *sl = spin_find(ctx);
	if (!sl)
		return;
	for (unsigned i = 0; i < sl->spins.len; i++) {
		const struct spin *s = sl->spins.items[i];
		const struct ir_expr *cond = s->branch->cond;
		struct cls_range at = cond ? cond->range : s->branch->range;
		const char *obj = s->read->object->name;
		struct cls_diag *d;
		if (s->read->space == AS_GLOBAL)
			d = cls_report(ctx, &rule_cross_group_sync, at,
				"%s waits for other work-groups: its exit reads '%s' (line %u), which "
				"other work-groups write (line %u); OpenCL does not guarantee that "
				"work-groups run concurrently or make progress while another waits, so "
				"this can deadlock",
				s->global_barrier ? "home-made global barrier: this loop" : "this loop",
				obj, s->read->range.begin.line, s->writer->range.begin.line);
		else
			d = cls_report(ctx, &rule_cross_group_sync, at,
				"spin-wait on __local memory: the loop's exit reads '%s' (line %u), which "
				"another work-item writes (line %u) with no barrier between; work-items "
				"of a group are not guaranteed to make progress while one spins (only "
				"lockstep execution hides it)", obj, s->read->range.begin.line,
				s->writer->range.begin.line);
		if (!d)
			continue;
		cls_note(ctx, d, s->writer->range, "written here");
		cls_note(ctx, d, at, s->read->space == AS_GLOBAL
			? "split the kernel at this point and continue in a second kernel (or on the "
			  "host), or let a single work-group do this part"
			: "let every work-item wait at a barrier(CLK_LOCAL_MEM_FENCE) instead");
	}
}

const struct cls_rule rule_cross_group_sync = {
	.id = "CLS007",
	.name = "cross-group-sync",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "a work-group waits for another (spin-wait, lock, home-made global barrier)",
	.run = check,
};
