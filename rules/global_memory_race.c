/*
 * global_memory_race.c - CLS005: two work-items of one work-group touch one
 * __global element with no barrier(CLK_GLOBAL_MEM_FENCE) between them, at
 * least one of them writing.  Pairs come from race.c.
 */
#include "../analyzer/diag.h"
#include "../analyzer/race.h"
#include "rules.h"

/* A race within one group that needs a condition (an argument smaller than
 * the launch), whose pair also races between groups: inter-group-race
 * reports it, with the weaker condition and the witness a rounded launch
 * makes. */
static bool covered_by_inter(struct cls_ctx *ctx, const struct race *r)
{
	if (!r->w.condition || !diag_rule_enabled(ctx->opt, &rule_inter_group_race))
		return false;
	const struct race_list *rl = race_inter(ctx);
	for (unsigned i = 0; rl && i < rl->races.len; i++) {
		const struct race *o = rl->races.items[i];
		if ((o->first->stmt == r->first->stmt && o->second->stmt == r->second->stmt) ||
		    (o->first->stmt == r->second->stmt && o->second->stmt == r->first->stmt))
			return true;
	}
	return false;
}

static void check(struct cls_ctx *ctx)
{
	const struct race_list *rl = race_find(ctx, AS_GLOBAL);
	if (!rl)
		return;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		if (r->kind != RACE_PLAIN || covered_by_inter(ctx, r))
			continue;
		struct cls_diag *d = cls_report(ctx, &rule_global_memory_race, r->second->range,
			"global-memory race on %s%s%s%s", race_witness(ctx, r), race_separator(ctx, r),
			r->same_iteration ? "" : " (across loop iterations)", race_when(ctx, r));
		if (!d)
			continue;
		race_severity(d, r);
		cls_note(ctx, d, r->first->range, "%s", race_other_access(ctx, r));
		const char *assume = race_assumption(ctx, r);
		if (assume)
			cls_note(ctx, d, r->second->range, "%s", assume);
		const char *copy = race_copy_in_flight(ctx, r);
		if (copy)
			cls_note(ctx, d, r->second->range, "%s", copy);
		else if (r->same_iteration && r->first->stmt != r->second->stmt)
			race_barrier_fixit(ctx, d, r->second, "CLK_GLOBAL_MEM_FENCE");
	}
	race_report_undecided(ctx, rl);
}

const struct cls_rule rule_global_memory_race = {
	.id = "CLS005",
	.name = "global-memory-race",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "two work-items of a work-group access the same __global element without a "
		   "global-fence barrier between",
	.run = check,
};
