/*
 * suppress.h - suppression comments (sup_ prefix).
 *
 *   // clsynclint: disable=RULE[,RULE] -- reason       this line
 *   // clsynclint: disable-next-line=RULE              the next line
 *   // clsynclint: disable-begin=RULE ... disable-end=RULE   a region
 *   // clsynclint: disable-file=RULE                   the whole file (top comments only)
 *
 * (`// clsynclint: assume EXPR` comments are facts for the analyses: assume.h.)
 *
 * RULE is a rule name, an id (CLS001) or `all`.
 */
#ifndef CLS_SUPPRESS_H
#define CLS_SUPPRESS_H

#include "ctx.h"

/* One comment: its body (n bytes) starts at line:col and ends on end_line;
 * `top` says no code came before it. */
typedef void cls_comment_fn(void *d, const char *text, size_t n, unsigned line, unsigned col,
			    unsigned end_line, bool top);
/* Call fn for each comment of the text p (n bytes), outside string and
 * character literals. */
void sup_comments(const char *p, size_t n, cls_comment_fn *fn, void *d);

/*
 * Read the suppression comments of ctx's file and drop the diagnostics they
 * cover (counted in result->nsuppressed).  Malformed, unpaired and, with
 * opt->report_unused_suppressions, unused suppressions are reported as
 * CLS902 [suppression].  Call after the rules ran, before diag_finish.
 */
void sup_apply(struct cls_ctx *ctx);

#endif
