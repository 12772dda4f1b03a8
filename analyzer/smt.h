/*
 * smt.h - the conflict decision's solver, shared by decide.c and depend.c
 * (smt_ prefix; not for rules).
 *
 * smt.c owns the Z3 context: one simple solver per file with the kernel's
 * launch asserted at its base, and one query (struct q) at a time: symbolic
 * values translated into terms for two work-items (instance 0 and 1),
 * products abstracted by variables with lemmas, guards, facts, and
 * smt_check (refinement, memo).  decide.c asks the questions and turns the
 * answers into verdicts, conditions and witnesses; depend.c holds the
 * dependence tests that settle most pairs before any solver call.  Only
 * these three files include z3.h.
 */
#ifndef CLS_SMT_H
#define CLS_SMT_H

#include <z3.h>

#include "access_int.h"

#define RLIMIT_LINEAR 200000u    /* Z3 resource units per check (deterministic) */
#define RLIMIT_EXACT 100000u     /* for the exact nonlinear fallback */
#define MAX_HYP 48               /* hypotheses per query */
#define MAX_CROSS 24             /* cross lemmas per product */
#define CHAIN 32                 /* iterations of a multiplicative induction variable */

/* ------------------------------------------------------------ the solver */

/* A product of two terms, abstracted by a variable. */
struct prod {
	Z3_ast p, x, u;             /* p stands for x * u */
	Z3_ast ext;                 /* x ranges over [0, ext), or NULL */
	bool xs, us;                /* x, u are the same in both work-items */
	bool lost;                  /* a factor holds a value the analysis lost */
	unsigned mark;              /* query stamp: used by the current query */
};

/* Extent of a term: an id ranges over [0, ext). */
struct extent {
	unsigned id;                /* Z3 ast id of the term */
	Z3_ast ext;
	unsigned char kind, dim;    /* EXT_LID, EXT_GRP, EXT_GID */
};

enum { EXT_LID, EXT_GRP, EXT_GID };

struct dec {
	struct cls_ctx *ctx;
	Z3_context z;
	Z3_solver s;
	Z3_sort I;
	bool error;                 /* Z3 reported an error: every verdict is unknown */
	const struct acc_kernel *k; /* the kernel whose launch the solver's base holds */
	unsigned kid;               /* names the kernel's atoms */
	Z3_ast lsz[3], ngrp[3], gsz[3];
	struct prod *prod;
	unsigned nprod, capprod;
	unsigned *ph, phcap;        /* product hash: index + 1 */
	struct extent *ext;
	unsigned next, capext;
	unsigned stamp;
	double timeout_set;         /* the solver's timeout, seconds (0: none) */
	unsigned rlimit_set;        /* the solver's resource limit per check */
	/* statistics (--time-report) */
	unsigned long queries, checks, unknowns;
	unsigned long linear;       /* decided by the linear filter alone */
	double seconds;
	struct mem_vec log;         /* --dump=conflicts: one line per decision */
	/* checks already made for this kernel, by the formula's identity
	 * (formulas are hash-consed: the same question is the same ast) */
	struct { unsigned id; signed char r; } *memo;
	unsigned memocap, nmemo;
	/* pairs of each access of kernel hard_k that ran into the solver's
	 * limit (decide.c: past HARD_CAP, its other pairs are not asked) */
	const struct acc_kernel *hard_k;
	unsigned char *hard;
	unsigned nhard;
	unsigned long hits;
};

/* ------------------------------------------------------------ term helpers */

static inline Z3_ast num(struct dec *d, long long v)
{
	return Z3_mk_int64(d->z, v, d->I);
}

static inline Z3_ast var(struct dec *d, const char *name)
{
	return Z3_mk_const(d->z, Z3_mk_string_symbol(d->z, name), d->I);
}

static inline Z3_ast add2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_add(d->z, 2, v);
}

static inline Z3_ast sub2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_sub(d->z, 2, v);
}

static inline Z3_ast mul2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_mul(d->z, 2, v);
}

static inline Z3_ast and2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_and(d->z, 2, v);
}

static inline Z3_ast or2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_or(d->z, 2, v);
}

static inline Z3_ast eq(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_eq(d->z, x, y);
}

static inline Z3_ast ne(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_not(d->z, Z3_mk_eq(d->z, x, y));
}

static inline Z3_ast imp(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_implies(d->z, x, y);
}

static inline bool numeral(struct dec *d, Z3_ast t, long long *v)
{
	int64_t x;
	if (Z3_get_ast_kind(d->z, t) != Z3_NUMERAL_AST || !Z3_get_numeral_int64(d->z, t, &x))
		return false;
	*v = x;
	return true;
}

static inline Z3_ast ite(struct dec *d, Z3_ast c, Z3_ast x, Z3_ast y)
{
	return Z3_mk_ite(d->z, c, x, y);
}

/* C's truncating division and remainder by a constant. */
static inline Z3_ast cdiv(struct dec *d, Z3_ast x, long long c)
{
	long long m = c < 0 ? -c : c;
	Z3_ast pos = Z3_mk_div(d->z, x, num(d, m));
	Z3_ast neg = Z3_mk_unary_minus(d->z, Z3_mk_div(d->z, Z3_mk_unary_minus(d->z, x), num(d, m)));
	Z3_ast q = ite(d, Z3_mk_ge(d->z, x, num(d, 0)), pos, neg);
	return c < 0 ? Z3_mk_unary_minus(d->z, q) : q;
}

static inline Z3_ast crem(struct dec *d, Z3_ast x, long long c)
{
	return sub2(d, x, mul2(d, num(d, c), cdiv(d, x, c)));
}

/* x & c for a constant c: the bits of c are runs of ones, and the bits
 * [lo, hi) of x are (x mod 2^hi) - (x mod 2^lo), for every integer x in
 * two's complement (mod rounds towards minus infinity here).  Exact and
 * linear. */
static inline Z3_ast and_const(struct dec *d, Z3_ast x, long long c)
{
	Z3_ast sum = num(d, 0);
	unsigned long long u = (unsigned long long)c;
	unsigned bit = 0;
	if (c < 0) {
		/* ~c has finitely many ones: x & c = x - (x & ~c) */
		return sub2(d, x, and_const(d, x, ~c));
	}
	while (u && bit < 62) {
		while (bit < 62 && !(u >> bit & 1))
			bit++;
		unsigned lo = bit;
		while (bit < 62 && (u >> bit & 1))
			bit++;
		Z3_ast hi_m = Z3_mk_mod(d->z, x, num(d, 1LL << bit));
		Z3_ast lo_m = lo ? Z3_mk_mod(d->z, x, num(d, 1LL << lo)) : num(d, 0);
		sum = add2(d, sum, sub2(d, hi_m, lo_m));
		if (bit >= 62)
			break;
		u &= ~((1ULL << bit) - 1);
	}
	return sum;
}

/* ------------------------------------------------------------------ query */

/* One translated value: the term, and whether it is the same for both
 * work-items of the query. */
struct tv {
	Z3_ast t;
	bool shared;
	bool lost;      /* made of a value the analysis could not follow */
};

static inline struct tv tvv(Z3_ast t, bool shared)
{
	struct tv v = { t, shared, false };
	return v;
}

struct qmemo {
	const void *key;
	unsigned inst;
	unsigned stamp;
	struct tv v;
};

struct qrun {                     /* memo of guard evaluation per (ctx, block) */
	const void *ctx;
	unsigned block, inst, stamp;
	Z3_ast f;                     /* NULL while in progress */
	bool busy;
};


struct q {
	struct dec *d;
	struct abuild *ab;
	struct cls_ctx *ctx;
	const struct acc_kernel *k;
	bool inter;                  /* the two work-items are in different groups */
	const unsigned char *split;  /* per slot: independent values per work-item */
	unsigned nsplit;             /* slots split[] covers (guards made later add slots) */
	bool loads_equal;            /* loaded data: the same value for both work-items */
	bool unit_last;           /* products: a launch size factor last (uniform
	                            * questions: k * lsz and n * lsz, one unit) */
	bool in_index;               /* translating an index (not a guard) */
	bool opaque;                 /* an index depends on data or an unmodelled value */
	/* How per-work-item data (loads at an address that differs between
	 * work-items, values the analysis lost) is translated: 0 as such (an
	 * unknown function of the address), 1 a free value of its own, 2 a
	 * sample: data_c, the work-item's own local id, or data_c minus it. */
	unsigned char data_mode, data_fn;
	long long data_c;
	bool lost;                   /* a check gave up on a product of a lost value */
	unsigned stamp;
	struct qmemo *memo;
	unsigned memocap;
	struct qrun *runs;
	unsigned runcap;
	Z3_ast *side;                /* constraints the translation and lemmas need */
	unsigned nside, capside;
	unsigned nlemma;             /* products whose lemmas are in side[] */
	unsigned params[32];         /* shared unknowns (slots) the formula uses */
	unsigned nparams;
	unsigned ncanon;             /* atoms of unknowns named so far */
	unsigned ivs[32];            /* iteration counters (slot << 1 | instance) */
	Z3_ast ivk[32];
	unsigned nivs;
	unsigned *used;              /* products the formula uses (indices) */
	unsigned nused, capused;
	Z3_ast lid[2][3], grp[2][3];
};



/* ---------------------------------------------------------- smt.c's API */

void smt_side(struct q *q, Z3_ast f);
bool smt_begin(struct q *q, struct cls_ctx *ctx, struct abuild *ab,
		   const struct acc_kernel *k, bool inter);
Z3_lbool smt_check(struct q *q, Z3_ast f, unsigned na, Z3_ast *as, Z3_model *model);
Z3_ast smt_cond(struct q *q, const struct sym *s, unsigned inst, unsigned depth);
Z3_ast smt_edge(struct q *q, const struct sym *cond, const struct ir_block *br,
			   unsigned e, unsigned inst);
void smt_end(struct q *q);
const struct extent *smt_extent(struct dec *d, Z3_ast t);
struct tv smt_grp(struct q *q, unsigned dim, unsigned inst);
Z3_ast smt_gsz(struct q *q, unsigned dim);
Z3_ast smt_guard(struct q *q, const struct acc *a, unsigned inst);
struct tv smt_lid(struct q *q, unsigned dim, unsigned inst);
void smt_model_free(struct q *q, Z3_model m);
struct tv smt_product(struct q *q, struct tv x, struct tv u);
Z3_ast smt_runs(struct q *q, struct acc_ctx *c, unsigned b, unsigned inst,
			   unsigned depth);
struct tv smt_slot(struct q *q, unsigned slot, unsigned inst);
bool smt_split(const struct q *q, unsigned slot);
struct tv smt_term(struct q *q, const struct sym *s, unsigned inst, unsigned depth);
long long smt_value(struct dec *d, Z3_model m, Z3_ast t, bool *ok);

#endif
