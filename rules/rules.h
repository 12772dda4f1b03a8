/*
 * rules.h - every rule, declared once; listed in registry.c.
 */
#ifndef CLS_RULES_H
#define CLS_RULES_H

#include "../analyzer/cls.h"

extern const struct cls_rule rule_barrier_divergence;

#endif
