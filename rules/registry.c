/*
 * registry.c - the rule table.  Flags, --list-rules, --explain, docs and
 * SARIF rule metadata all read this table; ids are permanent.
 */
#include <string.h>

#include "rules.h"

/* Reported by the driver itself, not by an analysis. */
const struct cls_rule cls_rule_compile_error = {
	.id = "CLS000",
	.name = "compile-error",
	.severity = CLS_ERROR,
	.category = "input",
	.summary = "the kernel does not compile as OpenCL C; it was not analyzed",
};

const struct cls_rule cls_rule_unsupported = {
	.id = "CLS900",
	.name = "unsupported",
	.severity = CLS_NOTE,
	.category = "input",
	.summary = "a construct the analyses do not model; some findings may be missed",
};

const struct cls_rule cls_rule_compiler_warning = {
	.id = "CLS901",
	.name = "compiler-warning",
	.severity = CLS_WARNING,
	.category = "input",
	.summary = "a warning from the OpenCL C compiler (shown with --compiler-warnings)",
};

const struct cls_rule cls_rule_suppression = {
	.id = "CLS902",
	.name = "suppression",
	.severity = CLS_WARNING,
	.category = "input",
	.summary = "a malformed, unpaired or (with --report-unused-suppressions) unused "
		   "clsynclint: disable comment",
};

const struct cls_rule cls_rule_assumption = {
	.id = "CLS903",
	.name = "assumption",
	.severity = CLS_ERROR,
	.category = "input",
	.summary = "a clsynclint: assume fact (or --assume) that is malformed, names no kernel "
		   "argument, or contradicts the launch; a --local-size that contradicts "
		   "reqd_work_group_size",
};

const struct cls_rule *const cls_rules[] = {
	&rule_barrier_divergence,
	&rule_local_memory_race,
	&rule_barrier_fence,
	&rule_subgroup_lockstep,
	&rule_global_memory_race,
	&rule_inter_group_race,
	&rule_cross_group_sync,
	&rule_bank_conflict,
	&cls_rule_compile_error,
	&cls_rule_unsupported,
	&cls_rule_compiler_warning,
	&cls_rule_suppression,
	&cls_rule_assumption,
};

const unsigned cls_nrules = sizeof cls_rules / sizeof cls_rules[0];

const struct cls_rule *cls_rule_by_name(const char *name)
{
	for (unsigned i = 0; i < cls_nrules; i++)
		if (!strcmp(cls_rules[i]->name, name) || !strcmp(cls_rules[i]->id, name))
			return cls_rules[i];
	return NULL;
}
