/*
 * local_memory_race.c - CLS002: two work-items touch one __local element
 * with no barrier between them, at least one of them writing.
 *
 * The pairs come from race.c; this rule reports those that nothing orders
 * (the fence cases belong to barrier-fence, the volatile warp-synchronous
 * idiom to subgroup-lockstep).  A race among the work-items of one
 * sub-group is a race like any other: a note says that lockstep may hide it.
 */
#include "../analyzer/race.h"
#include "rules.h"

static void check(struct cls_ctx *ctx)
{
	const struct race_list *rl = race_find(ctx, AS_LOCAL);
	if (!rl)
		return;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->kind != RACE_PLAIN)
			continue;
		struct cls_diag *d = cls_report(ctx, &rule_local_memory_race, r->second->range,
			"local-memory race on %s%s%s%s%s",
			race_witness(ctx, r), race_separator(ctx, r),
			r->same_iteration ? "" : " (across loop iterations)",
			r->w.benign ? " (every work-item writes the same value)" : "", race_when(ctx, r));
		if (!d)
			continue;
		race_severity(d, r);
		cls_note(ctx, d, r->first->range, "%s", race_other_access(ctx, r));
		const char *lockstep = race_lockstep_note(ctx, r);
		if (lockstep)
			cls_note(ctx, d, r->second->range, "%s", lockstep);
		const char *assume = race_assumption(ctx, r);
		if (assume)
			cls_note(ctx, d, r->second->range, "%s", assume);
		const char *copy = race_copy_in_flight(ctx, r);
		if (copy)
			cls_note(ctx, d, r->second->range, "%s", copy);
		else if (r->same_iteration && r->first->stmt != r->second->stmt)
			race_barrier_fixit(ctx, d, r->second, "CLK_LOCAL_MEM_FENCE");
	}
	race_report_undecided(ctx, rl);
}

const struct cls_rule rule_local_memory_race = {
	.id = "CLS002",
	.name = "local-memory-race",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "two work-items access the same __local element without a barrier between",
	.run = check,
};
