/*
 * facts.h - what the analyses know about a unit, shared by every rule.
 *
 * Computed once per file by cls_analyze() in this order: CFG facts (cfg_),
 * the call graph and barrier summaries (bar_), uniformity (unif_).  Rules
 * only read these.
 */
#ifndef CLS_FACTS_H
#define CLS_FACTS_H

#include <stdint.h>

#include "ctx.h"
#include "ir.h"

/* Uniformity levels, ordered: a join takes the maximum. */
enum unif_level {
	U_UNIFORM = 0,    /* the same for every work-item of the work-group */
	U_SUBGROUP = 1,   /* the same within a sub-group, may differ between sub-groups */
	U_DIVERGENT = 2,  /* may differ between work-items of one sub-group */
};

/* CFG facts of one function (cfg.c). */
struct cfg_info {
	int *idom;        /* immediate dominator's block id; -1 for the entry */
	int *ipdom;       /* immediate post-dominator's block id; -1 for the exit */
	unsigned *dom_pre, *dom_post; /* dominator-tree DFS interval, for O(1) queries */
	bool *is_header;  /* target of a back edge */
};

/* Why a variable became non-uniform: the expression assigned, or the branch
 * under which it was assigned. */
struct unif_why {
	const struct ir_expr *expr;
	const struct ir_block *branch;
};

/*
 * One analysis of a function under one calling context: the uniformity of
 * each argument.  Kernels have one instance (all arguments uniform); helpers
 * have one per distinct context they are called in.
 */
struct unif_inst {
	struct ir_func *f;
	uint64_t context;                /* 2 bits per parameter: enum unif_level */
	unsigned char *expr_level;       /* per expression id */
	unsigned char *branch_level;     /* per block: level of its terminator's condition */
	const struct ir_block **wg_ctrl; /* per block: a branch that is at least sub-group
					  * varying and controls it, or NULL */
	const struct ir_block **sg_ctrl; /* same, for branches divergent within a sub-group */
	struct unif_why *why;            /* per variable */
	unsigned char *var_max;          /* per variable: the highest level it reached */
	unsigned char ret_level;
	unsigned char *out_level;        /* per parameter: level stored through it */
	const struct ir_expr *call_site; /* first call that created this context */
	struct unif_inst *caller;        /* the instance holding call_site */
	struct unif_inst *next;          /* next instance of the same function */
	bool in_progress, done;
};

struct fact_func {
	struct cfg_info cfg;
	bool has_wg_barrier;             /* executes a work-group barrier (transitively) */
	bool has_sg_barrier;             /* executes a sub-group barrier (transitively) */
	const struct ir_expr *barrier_call; /* one barrier-like call inside, for messages */
	bool recursive;
	struct unif_inst *insts;
};

struct acc_unit;
struct dec;
struct race_list;
struct spin_list;

struct fact_unit {
	struct mem_vec insts;            /* every struct unif_inst, in creation order */
	struct acc_unit *acc;            /* memory accesses per kernel (access.h) */
	struct race_list *races_local;   /* conflicting pairs, made on first use (race.h) */
	struct race_list *races_global;
	struct race_list *races_inter;
	struct spin_list *spins;
	struct dec *dec;                 /* the conflict decision's solver (decide.c) */
	struct mem_vec assumed;          /* struct fact *: what the author states (assume.h) */
};

static inline struct fact_func *ff(const struct ir_func *f)
{
	return (struct fact_func *)f->facts;
}

/* cfg.c */
void cfg_analyze(struct cls_ctx *ctx, struct ir_func *f);
bool cfg_dominates(const struct ir_func *f, const struct ir_block *a, const struct ir_block *b);
const struct ir_block *cfg_outer_loop(const struct ir_func *f, const struct ir_block *h);

/* barrier.c */
void bar_analyze(struct cls_ctx *ctx);

/* uniform.c */
void unif_analyze(struct cls_ctx *ctx);
/* Level of a variable's value just before instruction `at` of block b. */
enum unif_level unif_expr(const struct unif_inst *in, const struct ir_expr *e);
/* Explain why e is not uniform: "get_local_id(0) (line 5)"; arena string. */
const char *unif_explain(struct cls_ctx *ctx, const struct unif_inst *in,
			 const struct ir_expr *e);
void unif_dump(struct cls_ctx *ctx, FILE *out);
/* Is x in the region of branch b (reachable from it before its join)? */
bool unif_in_region(const struct ir_func *f, const struct ir_block *b, const struct ir_block *x);

/* The whole pipeline of analyses, run by the driver. */
void cls_analyze(struct cls_ctx *ctx);

#endif
