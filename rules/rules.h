/*
 * rules.h - every rule, declared once; listed in registry.c.
 */
#ifndef CLS_RULES_H
#define CLS_RULES_H

#include "../analyzer/cls.h"

extern const struct cls_rule rule_barrier_divergence;
extern const struct cls_rule rule_local_memory_race;
extern const struct cls_rule rule_barrier_fence;
extern const struct cls_rule rule_subgroup_lockstep;
extern const struct cls_rule rule_global_memory_race;
extern const struct cls_rule rule_inter_group_race;
extern const struct cls_rule rule_cross_group_sync;
extern const struct cls_rule rule_bank_conflict;

#endif
