/*
 * assume.h - facts a kernel author states about the host (fact_ prefix).
 *
 *   // clsynclint: assume n >= get_global_size(0)
 *   // clsynclint: assume s1 >= s0 * get_global_size(0) && s0 >= 1
 *   clsynclint --assume='n >= get_global_size(0)' ...   (and `assume =` in .clsynclint)
 *
 * A fact is an integer condition over kernel arguments (by name), macro
 * constants the build does not define (zero configuration), integer
 * literals and the launch: get_local_size(d), get_global_size(d),
 * get_num_groups(d); with + - * / %, comparisons, && || ! and parentheses.
 * It holds for every kernel of the file whose arguments it names; the
 * conflict decision takes it as given, so a finding that needs it broken
 * is not reported.  A malformed fact, one that names no argument of any
 * kernel, and one that contradicts the launch are reported as CLS903
 * [assumption].
 */
#ifndef CLS_ASSUME_H
#define CLS_ASSUME_H

#include "ctx.h"

enum fact_op {
	FN_NUM,        /* v */
	FN_ARG,        /* name */
	FN_LSZ,        /* get_local_size(dim) */
	FN_GSZ,        /* get_global_size(dim) */
	FN_NGRP,       /* get_num_groups(dim) */
	FN_BIN,        /* a sub b (enum ir_binop) */
	FN_NEG,        /* -a */
	FN_NOT,        /* !a */
};

struct fact_node {
	unsigned char op, sub, dim;
	bool macro;            /* FN_ARG: names a macro constant the build does not
				* define (zero configuration), an unknown of every kernel */
	long long v;
	const char *name;
	struct fact_node *a, *b;
};

struct fact {
	struct cls_range at;           /* where it was written (a comment, or none) */
	const char *text;
	struct fact_node *e;
	bool used;                     /* it names the arguments of some kernel */
};

/* Parse a fact's text (n bytes); false with *why on a malformed one. */
bool fact_parse(struct mem_arena *a, const char *text, size_t n, struct fact_node **out,
		const char **why);

/* Read the file's facts (comments and options) into ctx->facts->assumed,
 * reporting malformed ones.  After the frontend, before the analyses ask. */
void fact_collect(struct cls_ctx *ctx);

/* Does every argument the fact names belong to kernel f? */
bool fact_applies(const struct fact *x, const struct ir_func *f);

#endif
