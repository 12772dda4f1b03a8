/*
 * inter_group_race.c - CLS006: work-items of two different work-groups touch
 * one __global element, at least one writing.  Nothing inside a kernel orders
 * memory between work-groups, so barriers do not matter here.
 */
#include "../analyzer/race.h"
#include "rules.h"

static void check(struct cls_ctx *ctx)
{
	const struct race_list *rl = race_inter(ctx);
	if (!rl)
		return;
	for (unsigned i = 0; i < rl->races.len; i++) {
		const struct race *r = rl->races.items[i];
		struct cls_diag *d = cls_report(ctx, &rule_inter_group_race, r->second->range,
			"inter-group race on %s%s; barriers do not order memory between work-groups",
			race_witness(ctx, r), race_when(ctx, r));
		if (!d)
			continue;
		race_severity(d, r);
		if (r->first != r->second)
			cls_note(ctx, d, r->first->range, "%s", race_other_access(ctx, r));
		const char *assumed = race_group_assumption(ctx, r);
		if (assumed)
			cls_note(ctx, d, r->second->range, "%s", assumed);
		cls_note(ctx, d, r->second->range,
			 "give each work-group its own elements, use atomics, or split the kernel "
			 "and let the host order the two steps");
	}
	race_report_undecided(ctx, rl);
}

const struct cls_rule rule_inter_group_race = {
	.id = "CLS006",
	.name = "inter-group-race",
	.severity = CLS_ERROR,
	.category = "correctness",
	.summary = "work-items of different work-groups access the same __global element",
	.run = check,
};
