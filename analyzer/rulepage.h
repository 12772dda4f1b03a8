/*
 * rulepage.h - the rule pages (rulepage_ prefix).  cls_rule_doc and
 * cls_rule_help_uri (cls.h) find a page and its address.
 */
#ifndef CLS_RULEPAGE_H
#define CLS_RULEPAGE_H

#include "cls.h"

/* The first prose paragraph of a rule page `doc` (not a heading, table or
 * code block) on one line, malloc'ed; NULL if none. */
char *rulepage_first_paragraph(const char *doc);

#endif
