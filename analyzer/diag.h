/*
 * diag.h - internal side of the diagnostics engine (diag_ prefix).
 */
#ifndef CLS_DIAG_H
#define CLS_DIAG_H

#include "cls.h"

/* Sort by file, line, column, rule and message; drop duplicates. */
void diag_finish(struct cls_result *r);
bool diag_rule_enabled(const struct cls_options *o, const struct cls_rule *r);
/* The index of r in cls_rules (what --statistics and SARIF's ruleIndex
 * count by), or -1. */
int diag_rule_index(const struct cls_rule *r);

#endif
