/*
 * ctx.h - the per-file context shared by the pipeline stages and the rules.
 */
#ifndef CLS_CTX_H
#define CLS_CTX_H

#include "cls.h"

struct fact_unit;

struct cls_ctx {
	struct mem_arena *arena;         /* the result's arena: IR, facts, diagnostics */
	const struct cls_options *opt;
	struct cls_result *result;
	struct ir_unit *unit;
	struct fact_unit *facts;         /* analyses' results (facts.h) */
	const struct cls_rule *rule;     /* the rule now running, for cls_report */
	struct cls_launch launch;        /* options' launch merged with the kernel's attributes */
	double deadline;                 /* cls_now() past which the analyses stop */
	unsigned budget_calls;
	bool over_budget;
};

/* Has the file used up its analysis budget?  Checked by the expensive loops
 * (cheaply: the clock is read every 64 calls); once true, stays true. */
bool cls_over_budget(struct cls_ctx *ctx);

/* Frontend (frontend.c): parse with libclang, report compile errors, lower to IR.
 * Returns false when the file cannot be analyzed (ctx->result says why). */
bool fe_parse(struct cls_ctx *ctx, const char *display, const char *text, size_t len);
/* Make libclang's index now (see cls_preload). */
void fe_preload(void);

#endif
