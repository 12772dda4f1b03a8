/*
 * decide.c - can two accesses touch one element?  Decided symbolically (dec_, acc_).
 *
 * A conflict between accesses a and b is a question about two symbolic
 * work-items: instance 0 runs a, instance 1 runs b.  They are two different
 * work-items of one work-group (their group ids are one and the same
 * variable, their local ids differ somewhere), or work-items of two
 * different groups.  Everything the indices and guards are made of becomes an
 * integer term: local and group ids (bounded by the launch's sizes, which are
 * themselves variables where the launch is open: launch.h), kernel
 * arguments and other uniform unknowns (one variable shared by both
 * work-items, bounded by their type), loop counters (an iteration number k
 * >= 0 per loop, shared when the two accesses can only meet in one
 * iteration, one per work-item for a loop-carried pair), loaded data (an
 * uninterpreted function of the address).  The pair conflicts when both
 * guards hold and the byte ranges overlap.  Z3 decides it.
 *
 * Why Z3 and why this encoding: the questions are linear integer arithmetic
 * (Presburger, with division and remainder by constants) except for products
 * of two unknowns, and those are everywhere in real kernels: a global id is
 * group id x local size, a row is y x width.  Nonlinear integer arithmetic is
 * undecidable and slow in any solver (a 2-D row check ran into the limit), so
 * each product x * u becomes a variable of its own, tied to its factors by
 * lemmas that hold for all integers: zero and sign, |x*u| >= |u| when x != 0,
 * and, between two products with the same factor u (a row of work-item 0 and
 * a row of work-item 1), x0 = x1 -> p0 = p1 and x0 - x1 >= 1 -> p0 - p1 >= u,
 * plus p <= u * (e - 1) when x ranges below e.  That abstraction is linear,
 * so Z3 decides it quickly and exactly; "no conflict" under it is a proof.
 * A model it finds is checked against the real products; where one does not
 * hold, the shared factors are fixed to the model's values (making every
 * product linear again) and, failing that, the exact nonlinear query runs
 * under a resource limit.  isl would be exact for the affine part, but the
 * products of parameters and ids that decide real kernels are outside
 * Presburger arithmetic, and a second solver for the linear part would not
 * pay for itself: the linear queries take a fraction of a millisecond.
 *
 * Verdicts: free (proved: no model), race (a model: the witness), unknown
 * (the solver's limit, or an index made of loaded data that only a
 * read-modify-write of one element turns into a race).  A race that needs
 * particular values of the unknowns is found by asking again under the
 * hypotheses correct code relies on (a size is at least the launch extent it
 * is compared with, strides are positive, an outer stride spans the inner
 * rows); when that makes it vanish, the smallest set of hypotheses that does
 * (an unsat core, minimized) becomes the finding's condition: "when n <
 * get_global_size(0)".  Conditions that compare arguments with the launch
 * only are errors (a missing bounds guard); the others are a coincidence of
 * arguments, warnings.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "access_int.h"
#include "assume.h"

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
	/* statistics (--time-report) */
	unsigned long queries, checks, unknowns;
	unsigned long linear;       /* decided by the linear filter alone */
	double seconds;
	struct mem_vec log;         /* --dump=conflicts: one line per decision */
	/* checks already made for this kernel, by the formula's identity
	 * (formulas are hash-consed: the same question is the same ast) */
	struct { unsigned id; signed char r; } *memo;
	unsigned memocap, nmemo;
	unsigned long hits;
};

static void z3_error(Z3_context z, Z3_error_code e)
{
	(void)z;
	(void)e; /* recorded through Z3_get_error_code after each call */
}

/* Set the per-check resource limit (deterministic) and the timeout (from
 * what is left of the file's budget; 0: none). */
static void set_limits(struct dec *d, unsigned rlimit, double seconds)
{
	Z3_params p = Z3_mk_params(d->z);
	Z3_params_inc_ref(d->z, p);
	Z3_params_set_uint(d->z, p, Z3_mk_string_symbol(d->z, "rlimit"), rlimit);
	/* Z3's simplex-based arithmetic (2) proves what the questions need,
	 * that 32 * g + l with 0 <= l < 32 names one (g, l), in milliseconds
	 * where the default solver (6) ran into the limit (a tiled GEMM's
	 * inter-group check: 6 ms against more than 20 s). */
	Z3_params_set_uint(d->z, p, Z3_mk_string_symbol(d->z, "arith.solver"), 2);
	if (seconds > 0)
		Z3_params_set_uint(d->z, p, Z3_mk_string_symbol(d->z, "timeout"),
				   (unsigned)(seconds * 1000) + 1);
	Z3_solver_set_params(d->z, d->s, p);
	Z3_params_dec_ref(d->z, p);
}

static struct dec *dec_get(struct cls_ctx *ctx)
{
	if (ctx->facts->dec)
		return ctx->facts->dec;
	struct dec *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	d->z = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	if (!d->z) {
		free(d);
		return NULL;
	}
	Z3_set_error_handler(d->z, z3_error);
	d->ctx = ctx;
	d->I = Z3_mk_int_sort(d->z);
	d->s = Z3_mk_simple_solver(d->z);
	Z3_solver_inc_ref(d->z, d->s);
	set_limits(d, RLIMIT_LINEAR, 0);
	ctx->facts->dec = d;
	return d;
}

void dec_free(struct cls_ctx *ctx)
{
	struct dec *d = ctx->facts ? ctx->facts->dec : NULL;
	if (!d)
		return;
	Z3_solver_dec_ref(d->z, d->s);
	Z3_del_context(d->z);
	free(d->prod);
	free(d->ph);
	free(d->ext);
	free(d->memo);
	free(d);
	ctx->facts->dec = NULL;
}

void dec_stats(struct cls_ctx *ctx, unsigned long *queries, unsigned long *checks,
	       unsigned long *unknowns, double *seconds)
{
	struct dec *d = ctx->facts ? ctx->facts->dec : NULL;
	*queries = d ? d->queries : 0;
	*checks = d ? d->checks : 0;
	*unknowns = d ? d->unknowns : 0;
	*seconds = d ? d->seconds : 0;
}

static bool zfail(struct dec *d)
{
	if (Z3_get_error_code(d->z) != Z3_OK)
		d->error = true;
	return d->error;
}

/* ------------------------------------------------------------ term helpers */

static Z3_ast num(struct dec *d, long long v)
{
	return Z3_mk_int64(d->z, v, d->I);
}

static Z3_ast var(struct dec *d, const char *name)
{
	return Z3_mk_const(d->z, Z3_mk_string_symbol(d->z, name), d->I);
}

static Z3_ast add2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_add(d->z, 2, v);
}

static Z3_ast sub2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_sub(d->z, 2, v);
}

static Z3_ast mul2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_mul(d->z, 2, v);
}

static Z3_ast and2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_and(d->z, 2, v);
}

static Z3_ast or2(struct dec *d, Z3_ast x, Z3_ast y)
{
	Z3_ast v[2] = { x, y };
	return Z3_mk_or(d->z, 2, v);
}

static Z3_ast eq(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_eq(d->z, x, y);
}

static Z3_ast ne(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_not(d->z, Z3_mk_eq(d->z, x, y));
}

static Z3_ast imp(struct dec *d, Z3_ast x, Z3_ast y)
{
	return Z3_mk_implies(d->z, x, y);
}

static bool numeral(struct dec *d, Z3_ast t, long long *v)
{
	int64_t x;
	if (Z3_get_ast_kind(d->z, t) != Z3_NUMERAL_AST || !Z3_get_numeral_int64(d->z, t, &x))
		return false;
	*v = x;
	return true;
}

static Z3_ast ite(struct dec *d, Z3_ast c, Z3_ast x, Z3_ast y)
{
	return Z3_mk_ite(d->z, c, x, y);
}

/* C's truncating division and remainder by a constant. */
static Z3_ast cdiv(struct dec *d, Z3_ast x, long long c)
{
	long long m = c < 0 ? -c : c;
	Z3_ast pos = Z3_mk_div(d->z, x, num(d, m));
	Z3_ast neg = Z3_mk_unary_minus(d->z, Z3_mk_div(d->z, Z3_mk_unary_minus(d->z, x), num(d, m)));
	Z3_ast q = ite(d, Z3_mk_ge(d->z, x, num(d, 0)), pos, neg);
	return c < 0 ? Z3_mk_unary_minus(d->z, q) : q;
}

static Z3_ast crem(struct dec *d, Z3_ast x, long long c)
{
	return sub2(d, x, mul2(d, num(d, c), cdiv(d, x, c)));
}

/* x & c for a constant c: the bits of c are runs of ones, and the bits
 * [lo, hi) of x are (x mod 2^hi) - (x mod 2^lo), for every integer x in
 * two's complement (mod rounds towards minus infinity here).  Exact and
 * linear. */
static Z3_ast and_const(struct dec *d, Z3_ast x, long long c)
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

static struct tv tvv(Z3_ast t, bool shared)
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

/* Hypotheses, in the order the condition's minimization drops them: the
 * strongest first, so that what stays is the most precise condition. */
enum hyp_kind { HYP_EXT_G, HYP_ROW, HYP_EXT_L, HYP_ORDER, HYP_POS };

struct hyp {
	unsigned char kind, dim;
	unsigned p, q;               /* slots: p (and q for an order) */
	const char *what;            /* for HYP_ORDER: the extent's text */
	Z3_ast f;                    /* the hypothesis */
	Z3_ast lit;                  /* its assumption literal */
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
	bool in_index;               /* translating an index (not a guard) */
	bool opaque;                 /* an index depends on data or an unmodelled value */
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

static void side(struct q *q, Z3_ast f)
{
	if (q->nside == q->capside) {
		unsigned n = q->capside ? q->capside * 2 : 64;
		Z3_ast *v = realloc(q->side, n * sizeof *v);
		if (!v)
			return;
		q->side = v;
		q->capside = n;
	}
	q->side[q->nside++] = f;
}

static struct tv tr(struct q *q, const struct sym *s, unsigned inst, unsigned depth);
static Z3_ast tr_bool(struct q *q, const struct sym *s, unsigned inst, unsigned depth);

/* ----------------------------------------------------------- kernel setup */

static const char *aname(struct dec *d, const char *what, unsigned a, int inst)
{
	static char buf[64];
	if (inst < 0)
		snprintf(buf, sizeof buf, "k%u.%s%u", d->kid, what, a);
	else
		snprintf(buf, sizeof buf, "k%u.%s%u@%d", d->kid, what, a, inst);
	return buf;
}

/* The solver's base: the launch of kernel k. */
static void setup_kernel(struct dec *d, const struct acc_kernel *k)
{
	if (d->k == k)
		return;
	d->k = k;
	d->kid++;
	Z3_solver_reset(d->z, d->s);
	set_limits(d, RLIMIT_LINEAR, 0);
	d->timeout_set = 0;
	d->nprod = 0;
	if (d->ph)
		memset(d->ph, 0, d->phcap * sizeof *d->ph);
	d->next = 0;
	d->nmemo = 0;
	if (d->memo)
		memset(d->memo, 0, d->memocap * sizeof *d->memo);
	const struct launch *l = &k->launch;
	for (unsigned dm = 0; dm < 3; dm++) {
		if (l->lsz[dm]) {
			d->lsz[dm] = num(d, l->lsz[dm]);
		} else {
			d->lsz[dm] = var(d, aname(d, "lsz", dm, -1));
			Z3_solver_assert(d->z, d->s, Z3_mk_ge(d->z, d->lsz[dm], num(d, 1)));
			Z3_solver_assert(d->z, d->s, Z3_mk_le(d->z, d->lsz[dm], num(d, l->lsz_max[dm])));
		}
		if (l->ngrp[dm]) {
			d->ngrp[dm] = num(d, l->ngrp[dm]);
		} else {
			d->ngrp[dm] = var(d, aname(d, "ngrp", dm, -1));
			Z3_solver_assert(d->z, d->s, Z3_mk_ge(d->z, d->ngrp[dm], num(d, 1)));
			Z3_solver_assert(d->z, d->s, Z3_mk_le(d->z, d->ngrp[dm],
							      num(d, (long long)l->ngrp_max[dm])));
		}
		d->gsz[dm] = NULL; /* made on first use: a product */
	}
}

/* ---------------------------------------------------------------- products */

static unsigned ast_id(struct dec *d, Z3_ast t)
{
	return Z3_get_ast_id(d->z, t);
}

static void use_prod(struct q *q, unsigned i)
{
	struct dec *d = q->d;
	if (d->prod[i].mark == q->stamp)
		return;
	d->prod[i].mark = q->stamp;
	if (q->nused == q->capused) {
		unsigned n = q->capused ? q->capused * 2 : 32;
		unsigned *v = realloc(q->used, n * sizeof *v);
		if (!v)
			return;
		q->used = v;
		q->capused = n;
	}
	q->used[q->nused++] = i;
}

static const struct extent *extent_of(struct dec *d, Z3_ast t)
{
	unsigned id = ast_id(d, t);
	for (unsigned i = 0; i < d->next; i++)
		if (d->ext[i].id == id)
			return &d->ext[i];
	return NULL;
}

static void set_extent(struct dec *d, Z3_ast t, Z3_ast e, unsigned kind, unsigned dim)
{
	if (extent_of(d, t))
		return;
	if (d->next == d->capext) {
		unsigned n = d->capext ? d->capext * 2 : 32;
		struct extent *v = realloc(d->ext, n * sizeof *v);
		if (!v)
			return;
		d->ext = v;
		d->capext = n;
	}
	d->ext[d->next++] = (struct extent){ ast_id(d, t), e, (unsigned char)kind,
					     (unsigned char)dim };
}

/* The variable standing for x * u (neither a numeral). */
static struct tv product(struct q *q, struct tv x, struct tv u)
{
	struct dec *d = q->d;
	/* the work-item dependent factor first; otherwise by identity */
	if ((x.shared && !u.shared) ||
	    (x.shared == u.shared && ast_id(d, x.t) > ast_id(d, u.t))) {
		struct tv t = x;
		x = u;
		u = t;
	}
	unsigned kx = ast_id(d, x.t), ku = ast_id(d, u.t);
	unsigned h = (kx * 2654435761u ^ ku * 40503u);
	if (d->phcap && d->nprod * 2 < d->phcap) {
		for (unsigned i = h & (d->phcap - 1); d->ph[i]; i = (i + 1) & (d->phcap - 1)) {
			struct prod *p = &d->prod[d->ph[i] - 1];
			if (ast_id(d, p->x) == kx && ast_id(d, p->u) == ku) {
				use_prod(q, d->ph[i] - 1);
				return tvv(p->p, x.shared && u.shared);
			}
		}
	}
	if (d->nprod == d->capprod) {
		unsigned n = d->capprod ? d->capprod * 2 : 64;
		struct prod *v = realloc(d->prod, n * sizeof *v);
		if (!v)
			return tvv(mul2(d, x.t, u.t), x.shared && u.shared);
		d->prod = v;
		d->capprod = n;
	}
	if ((d->nprod + 1) * 2 >= d->phcap) {
		unsigned n = d->phcap ? d->phcap * 2 : 128;
		unsigned *v = calloc(n, sizeof *v);
		if (!v)
			return tvv(mul2(d, x.t, u.t), x.shared && u.shared);
		for (unsigned i = 0; i < d->nprod; i++) {
			unsigned hh = ast_id(d, d->prod[i].x) * 2654435761u ^
				      ast_id(d, d->prod[i].u) * 40503u;
			unsigned j = hh & (n - 1);
			while (v[j])
				j = (j + 1) & (n - 1);
			v[j] = i + 1;
		}
		free(d->ph);
		d->ph = v;
		d->phcap = n;
	}
	unsigned i = d->nprod++;
	struct prod *p = &d->prod[i];
	p->p = var(d, aname(d, "p", i, -1));
	p->x = x.t;
	p->u = u.t;
	p->xs = x.shared;
	p->us = u.shared;
	p->lost = x.lost || u.lost;
	p->mark = 0;
	const struct extent *e = extent_of(d, x.t);
	p->ext = e ? e->ext : NULL;
	unsigned j = h & (d->phcap - 1);
	while (d->ph[j])
		j = (j + 1) & (d->phcap - 1);
	d->ph[j] = i + 1;
	use_prod(q, i);
	return tvv(p->p, x.shared && u.shared);
}

/* Lemmas that hold for every integer x, u: p = x * u. */
static void prod_lemmas(struct q *q, const struct prod *p)
{
	struct dec *d = q->d;
	Z3_ast z0 = num(d, 0), z1 = num(d, 1), zm = num(d, -1);
	Z3_ast x = p->x, u = p->u, v = p->p;
	Z3_ast ge0x = Z3_mk_ge(d->z, x, z0), le0x = Z3_mk_le(d->z, x, z0);
	Z3_ast ge0u = Z3_mk_ge(d->z, u, z0), le0u = Z3_mk_le(d->z, u, z0);
	side(q, imp(d, or2(d, eq(d, x, z0), eq(d, u, z0)), eq(d, v, z0)));
	side(q, imp(d, and2(d, ge0x, ge0u), Z3_mk_ge(d->z, v, z0)));
	side(q, imp(d, and2(d, le0x, le0u), Z3_mk_ge(d->z, v, z0)));
	side(q, imp(d, and2(d, ge0x, le0u), Z3_mk_le(d->z, v, z0)));
	side(q, imp(d, and2(d, le0x, ge0u), Z3_mk_le(d->z, v, z0)));
	/* |x| >= 1 -> |p| >= |u|, and the same with the roles swapped */
	side(q, imp(d, and2(d, Z3_mk_ge(d->z, x, z1), ge0u), Z3_mk_ge(d->z, v, u)));
	side(q, imp(d, and2(d, Z3_mk_le(d->z, x, zm), ge0u),
		    Z3_mk_le(d->z, v, Z3_mk_unary_minus(d->z, u))));
	side(q, imp(d, and2(d, Z3_mk_ge(d->z, u, z1), ge0x), Z3_mk_ge(d->z, v, x)));
	side(q, imp(d, and2(d, Z3_mk_ge(d->z, u, z1), le0x), Z3_mk_le(d->z, v, x)));
}

/* Lemmas between two products with one factor u: p1 - p2 = (x1 - x2) * u. */
static void cross_lemmas(struct q *q, const struct prod *a, const struct prod *b, Z3_ast span)
{
	struct dec *d = q->d;
	Z3_ast dx = sub2(d, a->x, b->x), dp = sub2(d, a->p, b->p), u = a->u;
	Z3_ast ge0u = Z3_mk_ge(d->z, u, num(d, 0));
	side(q, imp(d, eq(d, a->x, b->x), eq(d, a->p, b->p)));
	side(q, imp(d, and2(d, Z3_mk_ge(d->z, dx, num(d, 1)), ge0u), Z3_mk_ge(d->z, dp, u)));
	side(q, imp(d, and2(d, Z3_mk_le(d->z, dx, num(d, -1)), ge0u),
		    Z3_mk_le(d->z, dp, Z3_mk_unary_minus(d->z, u))));
	if (span) {
		/* both factors range over [0, e): |p1 - p2| <= u * e - u */
		Z3_ast m = sub2(d, span, u);
		side(q, imp(d, ge0u, Z3_mk_le(d->z, dp, m)));
		side(q, imp(d, ge0u, Z3_mk_ge(d->z, dp, Z3_mk_unary_minus(d->z, m))));
	}
}

/* Every lemma of the products the query uses (which can add products:
 * u * e for a range). */
static void all_lemmas(struct q *q)
{
	struct dec *d = q->d;
	for (unsigned i = q->nlemma; i < q->nused; i++, q->nlemma = i) {
		unsigned pi = q->used[i];
		prod_lemmas(q, &d->prod[pi]);
		struct prod p = d->prod[pi];
		Z3_ast span = NULL;
		if (p.ext && p.us) {
			struct tv e = tvv(p.ext, true), u = tvv(p.u, true);
			span = product(q, e, u).t;
			/* x in [0, e): 0 <= p <= u * e - u when u >= 0 */
			side(q, imp(d, Z3_mk_ge(d->z, p.u, num(d, 0)),
				    Z3_mk_le(d->z, p.p, sub2(d, span, p.u))));
		}
		unsigned nc = 0;
		for (unsigned j = 0; j < i && nc < MAX_CROSS; j++) {
			const struct prod *o = &d->prod[q->used[j]];
			if (o->u != p.u || o->x == p.x || !p.us)
				continue;
			cross_lemmas(q, &p, o, p.ext && p.ext == o->ext ? span : NULL);
			nc++;
		}
	}
}

/* ------------------------------------------------------------- translation */

static struct qmemo *memo_slot(struct q *q, const void *key, unsigned inst)
{
	if (!q->memocap)
		return NULL;
	unsigned h = ((unsigned)((uintptr_t)key >> 3) * 2654435761u + inst * 977u) & (q->memocap - 1);
	for (unsigned n = 0; n < q->memocap; n++, h = (h + 1) & (q->memocap - 1)) {
		struct qmemo *m = &q->memo[h];
		if (m->stamp != q->stamp || (m->key == key && m->inst == inst))
			return m;
	}
	return NULL;
}

static struct tv lid_of(struct q *q, unsigned dim, unsigned inst)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->lsz[dim] == 1)
		return tvv(num(d, 0), true);
	if (!q->lid[inst][dim]) {
		Z3_ast v = var(d, aname(d, "lid", dim, (int)inst));
		q->lid[inst][dim] = v;
		side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		side(q, Z3_mk_lt(d->z, v, d->lsz[dim]));
		set_extent(d, v, d->lsz[dim], EXT_LID, dim);
	}
	return tvv(q->lid[inst][dim], false);
}

static struct tv grp_of(struct q *q, unsigned dim, unsigned inst)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->ngrp[dim] == 1)
		return tvv(num(d, 0), true);
	unsigned i = q->inter ? inst : 0;
	if (!q->grp[i][dim]) {
		Z3_ast v = var(d, aname(d, q->inter ? "grp" : "g", dim, q->inter ? (int)i : -1));
		q->grp[i][dim] = v;
		side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		side(q, Z3_mk_lt(d->z, v, d->ngrp[dim]));
		set_extent(d, v, d->ngrp[dim], EXT_GRP, dim);
	}
	return tvv(q->grp[i][dim], !q->inter);
}

/* The global size along dim: a product unless the launch gives it. */
static Z3_ast gsz_of(struct q *q, unsigned dim)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->gsz[dim] && !l->lsz[dim]) {
		/* given: the groups of the open size cover it */
		struct tv g = tvv(d->ngrp[dim], true), s = tvv(d->lsz[dim], true);
		Z3_ast p = product(q, g, s).t;
		side(q, Z3_mk_ge(d->z, p, num(d, (long long)l->gsz[dim])));
		return num(d, (long long)l->gsz[dim]);
	}
	if (l->lsz[dim] && l->ngrp[dim])
		return num(d, (long long)l->lsz[dim] * l->ngrp[dim]);
	struct tv g = tvv(d->ngrp[dim], true), s = tvv(d->lsz[dim], true);
	if (l->lsz[dim])
		return mul2(d, d->ngrp[dim], num(d, l->lsz[dim]));
	if (l->ngrp[dim])
		return mul2(d, d->lsz[dim], num(d, l->ngrp[dim]));
	return product(q, g, s).t;
}

static bool slot_split(const struct q *q, unsigned slot)
{
	const struct sym_slot *sl = &q->k->slots[slot];
	bool split = q->split && slot < q->nsplit && q->split[slot];
	if (q->inter)
		return sl->is_iv || sl->per_group || split;
	return split;
}

/* A kernel argument's range, from its type. */
static void type_range(struct q *q, const struct ir_type *t, Z3_ast v)
{
	struct dec *d = q->d;
	if (!t || t->kind != T_INT || t->size <= 0 || t->size > 8)
		return;
	if (t->is_unsigned) {
		side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		if (t->size < 8)
			side(q, Z3_mk_le(d->z, v, num(d, (1LL << (t->size * 8)) - 1)));
	} else if (t->size < 8) {
		side(q, Z3_mk_ge(d->z, v, num(d, -(1LL << (t->size * 8 - 1)))));
		side(q, Z3_mk_le(d->z, v, num(d, (1LL << (t->size * 8 - 1)) - 1)));
	}
}

static struct tv slot_of(struct q *q, unsigned slot, unsigned inst)
{
	struct dec *d = q->d;
	const struct sym_slot *sl = &q->k->slots[slot];
	bool split = slot_split(q, slot);
	unsigned i = split ? inst : 0;
	const void *key = (const char *)sl + 1 + i; /* distinct from any sym */
	struct qmemo *m = memo_slot(q, key, 2);
	if (m && m->stamp == q->stamp)
		return m->v;
	Z3_ast v;
	if (sl->is_param && !split && sl->var && sl->var->name) {
		/* by name: the facts (assume.h) name arguments */
		char name[128];
		snprintf(name, sizeof name, "k%u.arg.%s", d->kid, sl->var->name);
		v = var(d, name);
	} else {
		/* Numbered in the order the query meets them, not by slot: two
		 * questions of the same shape about different variables (the
		 * same block of code, repeated) are then one formula, and the
		 * memo answers the second. */
		v = var(d, aname(d, sl->is_iv ? "k" : "s", q->ncanon++, split ? (int)i : -1));
	}
	if (sl->is_iv) {
		side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		if (q->nivs < 32) {
			q->ivs[q->nivs] = slot << 1 | i;
			q->ivk[q->nivs++] = v;
		}
	} else {
		/* A group's own value (reserved with an atomic, read from a
		 * per-group table) in two groups: data, like a loaded index. */
		if (q->inter && sl->per_group && q->in_index)
			q->opaque = true;
		type_range(q, sl->var ? sl->var->type : NULL, v);
		if (!split && q->nparams < 32) {
			bool dup = false;
			for (unsigned j = 0; j < q->nparams && !dup; j++)
				dup = q->params[j] == slot;
			if (!dup)
				q->params[q->nparams++] = slot;
		}
	}
	struct tv r = tvv(v, !split);
	if (m)
		*m = (struct qmemo){ key, 2, q->stamp, r };
	return r;
}

/* value_j of an induction variable stepped by a constant multiplicative
 * operator, for iteration k: an if-then-else over the first CHAIN steps. */
static Z3_ast iv_chain(struct q *q, Z3_ast init, unsigned op, long long c, Z3_ast k)
{
	struct dec *d = q->d;
	Z3_ast v[CHAIN];
	unsigned n = 0;
	Z3_ast cur = init;
	for (; n < CHAIN; n++) {
		v[n] = cur;
		switch (op) {
		case IR_B_MUL: cur = mul2(d, cur, num(d, c)); break;
		case IR_B_SHL: cur = mul2(d, cur, num(d, 1LL << (c & 31))); break;
		case IR_B_DIV: cur = cdiv(d, cur, c); break;
		case IR_B_SHR: cur = Z3_mk_div(d->z, cur, num(d, 1LL << (c & 31))); break;
		default: return NULL;
		}
		if ((op == IR_B_MUL || op == IR_B_SHL) && n >= 62 / (op == IR_B_SHL ? (c ? c : 1) : 2))
			break;
	}
	if (n < CHAIN)
		n++;
	side(q, Z3_mk_lt(d->z, k, num(d, n)));
	Z3_ast r = v[n - 1];
	for (unsigned j = n - 1; j-- > 0;)
		r = ite(d, eq(d, k, num(d, j)), v[j], r);
	return r;
}

static struct tv fresh(struct q *q, const char *what, bool shared)
{
	struct dec *d = q->d;
	if (q->in_index)
		q->opaque = true;
	return tvv(Z3_mk_fresh_const(d->z, what, d->I), shared);
}

/* x * c where c is an if-then-else whose leaves are all constants: the
 * same if-then-else over x * leaf; NULL when c is not such a choice. */
static Z3_ast distribute(struct dec *d, Z3_ast x, Z3_ast c, unsigned depth)
{
	long long v;
	if (numeral(d, c, &v))
		return mul2(d, x, c);
	if (depth > 64 || Z3_get_ast_kind(d->z, c) != Z3_APP_AST)
		return NULL;
	Z3_app app = Z3_to_app(d->z, c);
	if (Z3_get_decl_kind(d->z, Z3_get_app_decl(d->z, app)) != Z3_OP_ITE)
		return NULL;
	Z3_ast t = distribute(d, x, Z3_get_app_arg(d->z, app, 1), depth + 1);
	Z3_ast e = t ? distribute(d, x, Z3_get_app_arg(d->z, app, 2), depth + 1) : NULL;
	return e ? ite(d, Z3_get_app_arg(d->z, app, 0), t, e) : NULL;
}

static struct tv tr_bin(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	unsigned op = s->sub;
	if (op == IR_B_LT || op == IR_B_GT || op == IR_B_LE || op == IR_B_GE || op == IR_B_EQ ||
	    op == IR_B_NE || op == IR_B_LAND || op == IR_B_LOR) {
		struct tv a = tr(q, s->a, inst, depth + 1), b = tr(q, s->b, inst, depth + 1);
		Z3_ast f = tr_bool(q, s, inst, depth);
		return tvv(ite(d, f, num(d, 1), num(d, 0)), a.shared && b.shared);
	}
	struct tv a = tr(q, s->a, inst, depth + 1), b = tr(q, s->b, inst, depth + 1);
	bool sh = a.shared && b.shared;
	long long ca, cb;
	bool na = numeral(d, a.t, &ca), nb = numeral(d, b.t, &cb);
	switch (op) {
	case IR_B_ADD:
		return tvv(add2(d, a.t, b.t), sh);
	case IR_B_SUB:
		return tvv(sub2(d, a.t, b.t), sh);
	case IR_B_MUL: {
		if (na || nb)
			return tvv(mul2(d, a.t, b.t), sh);
		/* x times a choice of constants (an induction variable stepped by
		 * a constant factor): a choice of linear terms, exactly. */
		Z3_ast t = distribute(d, a.t, b.t, 0);
		if (!t)
			t = distribute(d, b.t, a.t, 0);
		if (t)
			return tvv(t, sh);
		return product(q, a, b);
	}
	case IR_B_DIV:
	case IR_B_REM:
		if (nb && cb != 0)
			return tvv(op == IR_B_DIV ? cdiv(d, a.t, cb) : crem(d, a.t, cb), sh);
		/* by an unknown: exact, nonlinear; the limit decides */
		return tvv(op == IR_B_DIV ? Z3_mk_div(d->z, a.t, b.t)
						   : Z3_mk_rem(d->z, a.t, b.t), sh);
	case IR_B_SHL:
		if (nb && cb >= 0 && cb < 62)
			return tvv(mul2(d, a.t, num(d, 1LL << cb)), sh);
		if (!nb) {
			Z3_ast r = mul2(d, a.t, num(d, 1LL << 31));
			for (int j = 30; j >= 0; j--)
				r = ite(d, eq(d, b.t, num(d, j)), mul2(d, a.t, num(d, 1LL << j)), r);
			return tvv(r, sh);
		}
		break;
	case IR_B_SHR:
		if (nb && cb >= 0 && cb < 62)
			return tvv(Z3_mk_div(d->z, a.t, num(d, 1LL << cb)), sh);
		if (!nb) {
			Z3_ast r = Z3_mk_div(d->z, a.t, num(d, 1LL << 31));
			for (int j = 30; j >= 0; j--)
				r = ite(d, eq(d, b.t, num(d, j)), Z3_mk_div(d->z, a.t, num(d, 1LL << j)),
					r);
			return tvv(r, sh);
		}
		break;
	case IR_B_AND:
		if (nb)
			return tvv(and_const(d, a.t, cb), sh);
		if (na)
			return tvv(and_const(d, b.t, ca), sh);
		goto bits;
	case IR_B_OR:
		/* x | c = x + c - (x & c) */
		if (nb || na) {
			Z3_ast x = nb ? a.t : b.t;
			long long c = nb ? cb : ca;
			return tvv(sub2(d, add2(d, x, num(d, c)), and_const(d, x, c)), sh);
		}
		goto bits;
	case IR_B_XOR:
		/* x ^ c = x + c - 2 (x & c) */
		if (nb || na) {
			Z3_ast x = nb ? a.t : b.t;
			long long c = nb ? cb : ca;
			return tvv(sub2(d, add2(d, x, num(d, c)),
						 mul2(d, num(d, 2), and_const(d, x, c))), sh);
		}
	bits: {
		/* two unknowns: exact on 64-bit vectors */
		Z3_ast x = Z3_mk_int2bv(d->z, 64, a.t), y = Z3_mk_int2bv(d->z, 64, b.t), r;
		r = op == IR_B_AND ? Z3_mk_bvand(d->z, x, y) : op == IR_B_OR ? Z3_mk_bvor(d->z, x, y)
								: Z3_mk_bvxor(d->z, x, y);
		return tvv(Z3_mk_bv2int(d->z, r, true), sh);
	}
	case SYM_MIN:
		return tvv(ite(d, Z3_mk_le(d->z, a.t, b.t), a.t, b.t), sh);
	case SYM_MAX:
		return tvv(ite(d, Z3_mk_ge(d->z, a.t, b.t), a.t, b.t), sh);
	default:
		break;
	}
	return fresh(q, "op", sh);
}

static struct tv tr_iv(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	struct tv k = slot_of(q, s->slot, inst);
	struct tv init = tr(q, s->a, inst, depth + 1), step = tr(q, s->b, inst, depth + 1);
	bool sh = k.shared && init.shared && step.shared;
	long long c;
	bool nc = numeral(d, step.t, &c);
	switch (s->sub) {
	case IR_B_ADD:
	case IR_B_SUB: {
		struct tv t = nc ? tvv(mul2(d, k.t, step.t), k.shared) : product(q, k, step);
		return tvv(s->sub == IR_B_ADD ? add2(d, init.t, t.t) : sub2(d, init.t, t.t), sh);
	}
	case SYM_TOGGLE: {
		Z3_ast even = eq(d, Z3_mk_mod(d->z, k.t, num(d, 2)), num(d, 0));
		return tvv(ite(d, even, init.t, sub2(d, step.t, init.t)), sh);
	}
	case IR_B_MUL: case IR_B_SHL: case IR_B_DIV: case IR_B_SHR:
		if (nc && c != 0 && (s->sub == IR_B_MUL || s->sub == IR_B_DIV || (c > 0 && c < 31))) {
			Z3_ast v = iv_chain(q, init.t, s->sub, c, k.t);
			if (v)
				return tvv(v, sh);
		}
		break;
	default:
		break;
	}
	return fresh(q, "iv", sh);
}

static struct tv tr(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	if (!s || depth > 200)
		return fresh(q, "deep", false);
	struct qmemo *m = memo_slot(q, s, inst);
	if (m && m->stamp == q->stamp)
		return m->v;
	struct tv r;
	switch (s->op) {
	case S_CONST:
		r = tvv(num(d, s->c), true);
		break;
	case S_LID:
		r = lid_of(q, s->dim, inst);
		break;
	case S_GRP:
		r = grp_of(q, s->dim, inst);
		break;
	case S_LSZ:
		r = tvv(d->lsz[s->dim], true);
		break;
	case S_NGRP:
		r = tvv(d->ngrp[s->dim], true);
		break;
	case S_SLOT:
		r = slot_of(q, s->slot, inst);
		break;
	case S_IV:
		r = tr_iv(q, s, inst, depth);
		break;
	case S_DIVERGENT: {
		char name[48];
		snprintf(name, sizeof name, "k%u.dv%u@%u", d->kid, s->slot, inst);
		r = tvv(var(d, name), false);
		if (q->in_index)
			q->opaque = true;
		break;
	}
	case S_LOAD: {
		struct tv off = tr(q, s->a, inst, depth + 1);
		if (q->loads_equal) {
			/* both work-items read equal data: one value per load */
			char name[48];
			snprintf(name, sizeof name, "k%u.ld%p", d->kid, (const void *)s);
			r = tvv(var(d, name), true);
		} else {
			char name[48];
			snprintf(name, sizeof name, "k%u.mem%llx", d->kid, (unsigned long long)s->c);
			Z3_func_decl f = Z3_mk_func_decl(d->z, Z3_mk_string_symbol(d->z, name), 1,
							 &d->I, d->I);
			r = tvv(Z3_mk_app(d->z, f, 1, &off.t), off.shared);
			if (q->in_index)
				q->opaque = true;
		}
		break;
	}
	case S_BIN:
		/* get_global_id(d) as built by access.c: its range is the global size */
		if (s->sub == IR_B_ADD && s->a && s->b && s->b->op == S_LID && s->a->op == S_BIN &&
		    s->a->sub == IR_B_MUL && s->a->a && s->a->a->op == S_GRP && s->a->b &&
		    s->a->b->op == S_LSZ && s->a->a->dim == s->b->dim && s->a->b->dim == s->b->dim) {
			r = tr_bin(q, s, inst, depth);
			unsigned dm = s->b->dim;
			if (!r.shared) {
				Z3_ast g = gsz_of(q, dm);
				side(q, Z3_mk_ge(d->z, r.t, num(d, 0)));
				side(q, Z3_mk_lt(d->z, r.t, g));
				set_extent(d, r.t, g, EXT_GID, dm);
			}
			break;
		}
		r = tr_bin(q, s, inst, depth);
		break;
	case S_NEG: {
		struct tv a = tr(q, s->a, inst, depth + 1);
		r = tvv(Z3_mk_unary_minus(d->z, a.t), a.shared);
		break;
	}
	case S_NOT: {
		struct tv a = tr(q, s->a, inst, depth + 1);
		r = tvv(sub2(d, Z3_mk_unary_minus(d->z, a.t), num(d, 1)), a.shared);
		break;
	}
	case S_LNOT: {
		struct tv a = tr(q, s->a, inst, depth + 1);
		r = tvv(ite(d, eq(d, a.t, num(d, 0)), num(d, 1), num(d, 0)), a.shared);
		break;
	}
	case S_COND: {
		Z3_ast c = tr_bool(q, s->a, inst, depth + 1);
		struct tv a = tr(q, s->a, inst, depth + 1), x = tr(q, s->b, inst, depth + 1),
			  y = tr(q, s->x, inst, depth + 1);
		r = tvv(ite(d, c, x.t, y.t), a.shared && x.shared && y.shared);
		break;
	}
	default:
		r = fresh(q, "sym", false);
		break;
	}
	/* lost: a uniform value the analysis could not follow, or anything
	 * made of one */
	if (s->op == S_SLOT)
		r.lost = !q->k->slots[s->slot].is_param && !q->k->slots[s->slot].is_iv;
	for (const struct sym *const *c = (const struct sym *const[]){ s->a, s->b, s->x, NULL };
	     *c && !r.lost; c++) {
		struct qmemo *cm = memo_slot(q, *c, inst);
		r.lost = cm && cm->stamp == q->stamp && cm->key == *c && cm->v.lost;
	}
	m = memo_slot(q, s, inst);
	if (m)
		*m = (struct qmemo){ s, inst, q->stamp, r };
	return r;
}

/* s as a condition: s != 0. */
static Z3_ast tr_bool(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	if (!s)
		return Z3_mk_fresh_const(d->z, "c", Z3_mk_bool_sort(d->z));
	if (s->op == S_LNOT)
		return Z3_mk_not(d->z, tr_bool(q, s->a, inst, depth + 1));
	if (s->op == S_BIN) {
		switch (s->sub) {
		case IR_B_LAND:
			return and2(d, tr_bool(q, s->a, inst, depth + 1), tr_bool(q, s->b, inst, depth + 1));
		case IR_B_LOR:
			return or2(d, tr_bool(q, s->a, inst, depth + 1), tr_bool(q, s->b, inst, depth + 1));
		case IR_B_LT: case IR_B_GT: case IR_B_LE: case IR_B_GE: case IR_B_EQ: case IR_B_NE: {
			Z3_ast a = tr(q, s->a, inst, depth + 1).t, b = tr(q, s->b, inst, depth + 1).t;
			switch (s->sub) {
			case IR_B_LT: return Z3_mk_lt(d->z, a, b);
			case IR_B_GT: return Z3_mk_gt(d->z, a, b);
			case IR_B_LE: return Z3_mk_le(d->z, a, b);
			case IR_B_GE: return Z3_mk_ge(d->z, a, b);
			case IR_B_EQ: return eq(d, a, b);
			default: return ne(d, a, b);
			}
		}
		default:
			break;
		}
	}
	return ne(d, tr(q, s, inst, depth + 1).t, num(d, 0));
}

/* ------------------------------------------------------------------ guards */

/* Does the edge e out of branch br run, given its condition? */
static Z3_ast edge_formula(struct q *q, const struct sym *cond, const struct ir_block *br,
			   unsigned e, unsigned inst)
{
	struct dec *d = q->d;
	if (!cond)
		return Z3_mk_true(d->z);
	if (br->term == TERM_BRANCH) {
		Z3_ast c = tr_bool(q, cond, inst, 0);
		return e == 0 ? c : Z3_mk_not(d->z, c);
	}
	if (br->term == TERM_SWITCH) {
		Z3_ast v = tr(q, cond, inst, 0).t;
		unsigned ncase = br->nsuccs - 1;
		if (e < ncase)
			return eq(d, v, num(d, br->case_vals[e]));
		Z3_ast f = Z3_mk_true(d->z);
		for (unsigned i = 0; i < ncase; i++)
			f = and2(d, f, ne(d, v, num(d, br->case_vals[i])));
		return f;
	}
	return Z3_mk_true(d->z);
}

static struct qrun *run_slot(struct q *q, const void *c, unsigned b, unsigned inst)
{
	unsigned h = ((unsigned)((uintptr_t)c >> 4) * 2654435761u + b * 31u + inst) & (q->runcap - 1);
	for (unsigned n = 0; n < q->runcap; n++, h = (h + 1) & (q->runcap - 1)) {
		struct qrun *r = &q->runs[h];
		if (r->stamp != q->stamp || (r->ctx == c && r->block == b && r->inst == inst))
			return r;
	}
	return NULL;
}

/* Does block b of context c run (the dependences walked, for guards that
 * are not a plain conjunction)? */
static Z3_ast block_runs_f(struct q *q, struct acc_ctx *c, unsigned b, unsigned inst,
			   unsigned depth)
{
	struct dec *d = q->d;
	if (depth > 96 || !q->runcap)
		return Z3_mk_true(d->z);
	struct qrun *r = run_slot(q, c, b, inst);
	if (!r)
		return Z3_mk_true(d->z);
	if (r->stamp == q->stamp)
		return r->busy ? Z3_mk_false(d->z) : r->f;  /* a cycle contributes nothing */
	*r = (struct qrun){ c, b, inst, q->stamp, NULL, true };
	struct fn_info *fi = acc_fn_info(q->ab, c->f);
	const struct cd_rec *cd;
	unsigned ncd = guard_deciding(q->ab, fi, c->f, b, &cd);
	Z3_ast f;
	if (!ncd) {
		f = c->parent ? block_runs_f(q, c->parent, c->call_block->id, inst, depth + 1)
			      : Z3_mk_true(d->z);
	} else {
		f = Z3_mk_false(d->z);
		for (unsigned i = 0; i < ncd && i < 64; i++) {
			const struct ir_block *br = c->f->blocks[cd[i].branch];
			Z3_ast t = and2(d, block_runs_f(q, c, cd[i].branch, inst, depth + 1),
					edge_formula(q, guard_cond(q->ab, c, cd[i].branch), br,
						     cd[i].edge, inst));
			f = or2(d, f, t);
		}
	}
	r = run_slot(q, c, b, inst);
	if (r)
		*r = (struct qrun){ c, b, inst, q->stamp, f, false };
	return f;
}

/* Does access a run for work-item `inst`? */
static Z3_ast guard_formula(struct q *q, const struct acc *a, unsigned inst)
{
	struct dec *d = q->d;
	struct aux *x = acc_aux(q->ab, q->k, a);
	Z3_ast f = Z3_mk_true(d->z);
	for (unsigned i = 0; i < a->neguard; i++) {
		if (!a->eguard[i].cond)
			continue;
		Z3_ast c = tr_bool(q, a->eguard[i].cond, inst, 0);
		f = and2(d, f, a->eguard[i].when_true ? c : Z3_mk_not(d->z, c));
	}
	struct guard *g = x ? x->g : NULL;
	if (g && g->simple) {
		for (unsigned i = 0; i < g->n; i++)
			f = and2(d, f, edge_formula(q, g->lit[i].cond, g->lit[i].br, g->lit[i].edge,
						    inst));
		return f;
	}
	return and2(d, f, block_runs_f(q, a->ctx, a->block->id, inst, 0));
}

/* -------------------------------------------------------------------- facts */

static Z3_ast fact_bool(struct q *q, const struct fact_node *e, unsigned depth);

static struct tv fact_int(struct q *q, const struct fact_node *e, unsigned depth)
{
	struct dec *d = q->d;
	if (!e || depth > 64)
		return tvv(num(d, 0), true);
	switch (e->op) {
	case FN_NUM:
		return tvv(num(d, e->v), true);
	case FN_ARG: {
		const struct acc_kernel *k = q->k;
		for (unsigned i = 0; i < k->nslots; i++)
			if (k->slots[i].is_param && k->slots[i].var && k->slots[i].var->name &&
			    !strcmp(k->slots[i].var->name, e->name))
				return slot_of(q, i, 0);
		char name[128];
		snprintf(name, sizeof name, "k%u.arg.%s", d->kid, e->name);
		Z3_ast v = var(d, name);
		for (unsigned i = 0; i < k->kernel->nparams; i++)
			if (!strcmp(k->kernel->params[i]->name, e->name))
				type_range(q, k->kernel->params[i]->type, v);
		return tvv(v, true);
	}
	case FN_LSZ:
		return tvv(d->lsz[e->dim], true);
	case FN_NGRP:
		return tvv(d->ngrp[e->dim], true);
	case FN_GSZ:
		return tvv(gsz_of(q, e->dim), true);
	case FN_NEG:
		return tvv(Z3_mk_unary_minus(d->z, fact_int(q, e->a, depth + 1).t), true);
	case FN_NOT:
		return tvv(ite(d, fact_bool(q, e->a, depth + 1), num(d, 0), num(d, 1)), true);
	default:
		break;
	}
	struct tv a, b;
	long long c;
	switch (e->sub) {
	case IR_B_ADD: case IR_B_SUB: case IR_B_MUL: case IR_B_DIV: case IR_B_REM:
		a = fact_int(q, e->a, depth + 1);
		b = fact_int(q, e->b, depth + 1);
		if (e->sub == IR_B_ADD)
			return tvv(add2(d, a.t, b.t), true);
		if (e->sub == IR_B_SUB)
			return tvv(sub2(d, a.t, b.t), true);
		if (e->sub == IR_B_MUL)
			return numeral(d, a.t, &c) || numeral(d, b.t, &c)
				? tvv(mul2(d, a.t, b.t), true) : product(q, a, b);
		if (numeral(d, b.t, &c) && c)
			return tvv(e->sub == IR_B_DIV ? cdiv(d, a.t, c) : crem(d, a.t, c), true);
		return tvv(e->sub == IR_B_DIV ? Z3_mk_div(d->z, a.t, b.t)
						   : Z3_mk_rem(d->z, a.t, b.t), true);
	default:
		return tvv(ite(d, fact_bool(q, e, depth), num(d, 1), num(d, 0)), true);
	}
}

static Z3_ast fact_bool(struct q *q, const struct fact_node *e, unsigned depth)
{
	struct dec *d = q->d;
	if (e && e->op == FN_NOT)
		return Z3_mk_not(d->z, fact_bool(q, e->a, depth + 1));
	if (!e || e->op != FN_BIN)
		return ne(d, fact_int(q, e, depth + 1).t, num(d, 0));
	if (e->sub == IR_B_LAND || e->sub == IR_B_LOR) {
		Z3_ast x = fact_bool(q, e->a, depth + 1), y = fact_bool(q, e->b, depth + 1);
		return e->sub == IR_B_LAND ? and2(d, x, y) : or2(d, x, y);
	}
	Z3_ast x, y;
	switch (e->sub) {
	case IR_B_LT: case IR_B_GT: case IR_B_LE: case IR_B_GE: case IR_B_EQ: case IR_B_NE:
		x = fact_int(q, e->a, depth + 1).t;
		y = fact_int(q, e->b, depth + 1).t;
		switch (e->sub) {
		case IR_B_LT: return Z3_mk_lt(d->z, x, y);
		case IR_B_GT: return Z3_mk_gt(d->z, x, y);
		case IR_B_LE: return Z3_mk_le(d->z, x, y);
		case IR_B_GE: return Z3_mk_ge(d->z, x, y);
		case IR_B_EQ: return eq(d, x, y);
		default: return ne(d, x, y);
		}
	default:
		return ne(d, fact_int(q, e, depth + 1).t, num(d, 0));
	}
}

/* The facts that apply to the query's kernel, as constraints. */
static Z3_ast facts_of(struct q *q)
{
	struct dec *d = q->d;
	const struct mem_vec *v = &q->ctx->facts->assumed;
	Z3_ast f = Z3_mk_true(d->z);
	for (unsigned i = 0; i < v->len; i++) {
		const struct fact *x = v->items[i];
		if (fact_applies(x, q->k->kernel))
			f = and2(d, f, fact_bool(q, x->e, 0));
	}
	return f;
}

/* ----------------------------------------------------------------- queries */

static bool q_init(struct q *q, struct cls_ctx *ctx, struct abuild *ab,
		   const struct acc_kernel *k, bool inter)
{
	memset(q, 0, sizeof *q);
	q->ctx = ctx;
	q->ab = ab;
	q->d = dec_get(ctx);
	if (!q->ab || !q->d || q->d->error)
		return false;
	q->ab->k = (struct acc_kernel *)k;
	q->k = k;
	q->inter = inter;
	setup_kernel(q->d, k);
	q->stamp = ++q->d->stamp;
	q->memocap = 1024;
	q->memo = calloc(q->memocap, sizeof *q->memo);
	q->runcap = 256;
	q->runs = calloc(q->runcap, sizeof *q->runs);
	if (!q->memo || !q->runs)
		return false;
	if (ctx->facts->assumed.len)
		side(q, facts_of(q));
	return true;
}

static void q_done(struct q *q)
{
	free(q->memo);
	free(q->runs);
	free(q->used);
	free(q->side);
}

/* Keep the solver's timeout within what is left of the file's budget. */
static bool budget_left(struct q *q)
{
	struct dec *d = q->d;
	const struct cls_options *o = q->ctx->opt;
	if (!o->budget_seconds)
		return true;
	double left = q->ctx->deadline - cls_now();
	if (left <= 0) {
		q->ctx->over_budget = true;
		return false;
	}
	if (!d->timeout_set || left < d->timeout_set * 0.5 || left > d->timeout_set * 2) {
		d->timeout_set = left;
		set_limits(d, RLIMIT_LINEAR, left);
	}
	return true;
}

static long long mval(struct dec *d, Z3_model m, Z3_ast t, bool *ok)
{
	Z3_ast v;
	int64_t x;
	if (!Z3_model_eval(d->z, m, t, true, &v) || !Z3_get_numeral_int64(d->z, v, &x)) {
		*ok = false;
		return 0;
	}
	return x;
}

/* Does the model satisfy every product it abstracted? */
static bool model_exact(struct q *q, Z3_model m)
{
	struct dec *d = q->d;
	for (unsigned i = 0; i < q->nused; i++) {
		const struct prod *p = &d->prod[q->used[i]];
		bool ok = true;
		long long x = mval(d, m, p->x, &ok), u = mval(d, m, p->u, &ok), v = mval(d, m, p->p, &ok);
		__int128 r = (__int128)x * u;
		if (!ok || r != v)
			return false;
	}
	return true;
}

/* One solver call in the current scope.  On a model, *m receives it
 * (inc_ref'd); on "unsat" under assumptions, as[] is compacted to the core
 * (the rest NULL) when `core` is set. */
static Z3_lbool solve(struct q *q, unsigned na, Z3_ast *as, bool core, Z3_model *m)
{
	struct dec *d = q->d;
	d->checks++;
	Z3_lbool r = na ? Z3_solver_check_assumptions(d->z, d->s, na, as)
			: Z3_solver_check(d->z, d->s);
	if (zfail(d))
		return Z3_L_UNDEF;
	if (r == Z3_L_TRUE && m) {
		*m = Z3_solver_get_model(d->z, d->s);
		Z3_model_inc_ref(d->z, *m);
	}
	if (r == Z3_L_FALSE && na && core) {
		Z3_ast_vector v = Z3_solver_get_unsat_core(d->z, d->s);
		Z3_ast_vector_inc_ref(d->z, v);
		unsigned n = Z3_ast_vector_size(d->z, v), w = 0;
		for (unsigned i = 0; i < na; i++) {
			bool in = false;
			for (unsigned j = 0; j < n && !in; j++)
				in = Z3_ast_vector_get(d->z, v, j) == as[i];
			if (in)
				as[w++] = as[i];
		}
		for (unsigned i = w; i < na; i++)
			as[i] = NULL;
		Z3_ast_vector_dec_ref(d->z, v);
	}
	return r;
}

/*
 * Check the formula f (with the query's side constraints and product
 * lemmas) under assumptions.  A model of the abstraction is checked against
 * the products it abstracted; when one does not hold, the shared factors
 * are fixed to the model's values (every product is linear then) and a model
 * of that is a real one; when there is none, those values are excluded and
 * the abstraction is asked again (at most CEGAR_ROUNDS times), and last the
 * exact products run under a larger limit.  *model receives a real model
 * (inc_ref'd) when asked for; on "unsat", as[] holds the core.  Z3_L_UNDEF:
 * a limit.
 */
#define CEGAR_ROUNDS 8

/* The memo slot of formula f (checks without assumptions): its verdict
 * does not depend on which query asks, since every side constraint is a
 * fact about the atoms f uses. */
static bool memo_of(struct dec *d, Z3_ast f, bool insert, signed char **r)
{
	if (insert && (d->nmemo + 1) * 2 > d->memocap) {
		unsigned n = d->memocap ? d->memocap * 2 : 256;
		void *v = calloc(n, sizeof *d->memo);
		if (!v)
			return false;
		for (unsigned i = 0; i < d->memocap; i++) {
			if (!d->memo[i].id)
				continue;
			unsigned h = d->memo[i].id * 2654435761u & (n - 1);
			while (((typeof(d->memo))v)[h].id)
				h = (h + 1) & (n - 1);
			((typeof(d->memo))v)[h] = d->memo[i];
		}
		free(d->memo);
		d->memo = v;
		d->memocap = n;
	}
	if (!d->memocap)
		return false;
	unsigned id = ast_id(d, f) + 1;
	unsigned h = id * 2654435761u & (d->memocap - 1);
	while (d->memo[h].id && d->memo[h].id != id)
		h = (h + 1) & (d->memocap - 1);
	if (!d->memo[h].id && !insert)
		return false;
	if (!d->memo[h].id) {
		d->memo[h].id = id;
		d->memo[h].r = 2; /* not decided yet */
		d->nmemo++;
	}
	*r = &d->memo[h].r;
	return true;
}

static Z3_lbool check(struct q *q, Z3_ast f, unsigned na, Z3_ast *as, Z3_model *model)
{
	struct dec *d = q->d;
	if (model)
		*model = NULL;
	if (!budget_left(q))
		return Z3_L_UNDEF;
	all_lemmas(q);
	/* The memo's key: the formula with everything asserted beside it. */
	Z3_ast key = f;
	if (q->nside) {
		Z3_ast *all = malloc((q->nside + 1) * sizeof *all);
		if (all) {
			all[0] = f;
			memcpy(all + 1, q->side, q->nside * sizeof *all);
			key = Z3_mk_and(d->z, q->nside + 1, all);
			free(all);
		}
	}
	signed char *known = NULL;
	if (!na && memo_of(d, key, false, &known) && *known != 2 &&
	    (!model || *known != Z3_L_TRUE)) {
		d->hits++;
		return (Z3_lbool)*known;
	}
	double t0 = cls_now();
	Z3_solver_push(d->z, d->s);
	Z3_solver_assert(d->z, d->s, f);
	for (unsigned i = 0; i < q->nside; i++)
		Z3_solver_assert(d->z, d->s, q->side[i]);
	Z3_model m = NULL;
	Z3_lbool r = Z3_L_UNDEF;
	Z3_ast copy[MAX_HYP + 1];
	unsigned nc = na < MAX_HYP ? na : MAX_HYP;
	for (unsigned round = 0; round < CEGAR_ROUNDS; round++) {
		memcpy(copy, as, nc * sizeof *copy);
		r = solve(q, na, as, true, &m);
		if (r != Z3_L_TRUE || model_exact(q, m))
			goto done;
		/* A product of a value the analysis lost gets one try (below):
		 * a longer search could only find a verdict resting on it. */
		bool lost = false;
		for (unsigned i = 0; i < q->nused && !lost; i++)
			lost = d->prod[q->used[i]].lost;
		if (lost && round) {
			q->lost = true;
			r = Z3_L_UNDEF;
			goto done;
		}
		/* Fix the shared factors to the model's values. */
		Z3_ast block[MAX_HYP + 64];
		unsigned nb = 0;
		for (unsigned i = 0; i < nc; i++)
			block[nb++] = Z3_mk_not(d->z, copy[i]);
		Z3_solver_push(d->z, d->s);
		for (unsigned i = 0; i < q->nused; i++) {
			const struct prod *p = &d->prod[q->used[i]];
			bool ok = true;
			long long u = p->us ? mval(d, m, p->u, &ok) : 0;
			if (p->us && ok) {
				Z3_ast fix = eq(d, p->u, num(d, u));
				Z3_solver_assert(d->z, d->s, fix);
				Z3_solver_assert(d->z, d->s, eq(d, p->p, mul2(d, p->x, num(d, u))));
				if (nb < sizeof block / sizeof block[0])
					block[nb++] = Z3_mk_not(d->z, fix);
			} else {
				Z3_solver_assert(d->z, d->s, eq(d, p->p, mul2(d, p->x, p->u)));
			}
		}
		Z3_model_dec_ref(d->z, m);
		m = NULL;
		memcpy(as, copy, nc * sizeof *copy);
		r = solve(q, nc, copy, false, &m);
		Z3_solver_pop(d->z, d->s, 1);
		if (r == Z3_L_TRUE)
			goto done;
		if (m)
			Z3_model_dec_ref(d->z, m);
		m = NULL;
		if (lost) {
			q->lost = true;
			r = Z3_L_UNDEF;
			goto done;
		}
		if (r != Z3_L_FALSE || nb == nc)
			break;
		/* No real model with these values under these assumptions. */
		Z3_solver_assert(d->z, d->s, Z3_mk_or(d->z, nb, block));
	}
	/* The exact products, under a larger limit: authoritative. */
	Z3_solver_push(d->z, d->s);
	for (unsigned i = 0; i < q->nused; i++) {
		const struct prod *p = &d->prod[q->used[i]];
		Z3_solver_assert(d->z, d->s, eq(d, p->p, mul2(d, p->x, p->u)));
	}
	set_limits(d, RLIMIT_EXACT, d->timeout_set);
	r = solve(q, na, as, true, &m);
	set_limits(d, RLIMIT_LINEAR, d->timeout_set);
	Z3_solver_pop(d->z, d->s, 1);
done:
	Z3_solver_pop(d->z, d->s, 1);
	d->seconds += cls_now() - t0;
	if (zfail(d))
		r = Z3_L_UNDEF;
	if (r == Z3_L_UNDEF && !q->lost) {
		d->unknowns++;
		if (q->ctx->opt->budget_seconds && cls_now() > q->ctx->deadline)
			q->ctx->over_budget = true;
	}
	if (!na && r != Z3_L_UNDEF && memo_of(d, key, true, &known))
		*known = (signed char)r;
	if (model && r == Z3_L_TRUE)
		*model = m;
	else if (m)
		Z3_model_dec_ref(d->z, m);
	return r;
}

static void model_free(struct q *q, Z3_model m)
{
	if (m)
		Z3_model_dec_ref(q->d->z, m);
}

/* ------------------------------------------------------------ the conflict */

/* The condition under which the last iteration of a's loop meets b (one
 * access in the loop after a barrier of every iteration, the other after
 * the loop): the loop's condition holds at k and fails at k + 1. */
static Z3_ast last_iteration(struct q *q, const struct acc *a, const struct acc *b,
			     enum acc_mode mode, unsigned inst_a)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_true(d->z);
	struct aux *x = acc_aux(q->ab, q->k, a);
	for (unsigned i = 0; x && i < x->nslots; i++) {
		struct sym_slot *sl = &((struct acc_kernel *)q->k)->slots[x->slots[i]];
		if (!sl->is_iv || !sl->loop || !sl->ctx)
			continue;
		bool in_a = acc_in_loop(q->ab, a, sl->ctx, sl->loop);
		bool in_b = acc_in_loop(q->ab, b, sl->ctx, sl->loop);
		if (!in_a || in_b || acc_header_reaches(q->k, sl->ctx, sl->loop, a, mode))
			continue;
		const struct ir_block *h = sl->loop;
		struct sym *cond = guard_cond(q->ab, (struct acc_ctx *)sl->ctx, h->id);
		struct fn_info *fi = acc_fn_info(q->ab, ((const struct acc_ctx *)sl->ctx)->f);
		if (!cond || h->term != TERM_BRANCH || h->nsuccs != 2 || !fi->hloop ||
		    fi->hloop[h->id] < 0)
			continue;
		bool body_true = loop_member(fi, fi->hloop[h->id], h->succs[0]->id);
		Z3_ast k = slot_of(q, x->slots[i], inst_a).t;
		Z3_ast now = tr_bool(q, cond, inst_a, 0);
		Z3_ast from = k, to = add2(d, k, num(d, 1));
		Z3_ast next = Z3_substitute(d->z, now, 1, &from, &to);
		if (!body_true) {
			now = Z3_mk_not(d->z, now);
			next = Z3_mk_not(d->z, next);
		}
		f = and2(d, f, and2(d, now, Z3_mk_not(d->z, next)));
	}
	return f;
}

/* Iteration k of a loop that tests at its end (do-while) runs only when
 * iteration k - 1 took the back edge: its latch's condition, one step
 * earlier.  (A loop that tests at its header gets that from the header's
 * branch, which the body's guard holds.) */
static Z3_ast continuation(struct q *q, const struct acc *a, unsigned inst)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_true(d->z);
	struct aux *x = acc_aux(q->ab, q->k, a);
	for (unsigned i = 0; x && i < x->nslots; i++) {
		const struct sym_slot *sl = &q->k->slots[x->slots[i]];
		if (!sl->is_iv || !sl->loop || !sl->ctx)
			continue;
		struct acc_ctx *c = (struct acc_ctx *)sl->ctx;
		struct fn_info *fi = acc_fn_info(q->ab, c->f);
		const struct ir_block *h = sl->loop, *latch = NULL;
		if (!fi->hloop || fi->hloop[h->id] < 0)
			continue;
		int L = fi->hloop[h->id];
		unsigned nl = 0;
		for (unsigned p = 0; p < h->npreds; p++)
			if (loop_member(fi, L, h->preds[p]->id)) {
				latch = h->preds[p];
				nl++;
			}
		if (nl != 1 || latch->term != TERM_BRANCH || latch->nsuccs != 2)
			continue;
		unsigned e = latch->succs[0] == h ? 0 : 1;
		Z3_ast k = slot_of(q, x->slots[i], inst).t;
		Z3_ast back = and2(d, block_runs_f(q, c, latch->id, inst, 0),
				   edge_formula(q, guard_cond(q->ab, c, latch->id), latch, e, inst));
		Z3_ast to = sub2(d, k, num(d, 1));
		back = Z3_substitute(d->z, back, 1, &k, &to);
		f = and2(d, f, imp(d, Z3_mk_ge(d->z, k, num(d, 1)), back));
	}
	return f;
}

/* The linear id's sub-group of work-item inst. */
static Z3_ast subgroup_of(struct q *q, unsigned inst, unsigned sg)
{
	struct dec *d = q->d;
	struct tv l0 = lid_of(q, 0, inst), l1 = lid_of(q, 1, inst), l2 = lid_of(q, 2, inst);
	struct tv z0 = tvv(d->lsz[0], true), z1 = tvv(d->lsz[1], true);
	long long c;
	struct tv row = numeral(d, l2.t, &c) && c == 0 ? l1
		: tvv(add2(d, l1.t, numeral(d, z1.t, &c) ? mul2(d, z1.t, l2.t)
								: product(q, l2, z1).t), false);
	Z3_ast lin = add2(d, l0.t, numeral(d, row.t, &c) && c == 0 ? num(d, 0)
			  : numeral(d, z0.t, &c) ? mul2(d, z0.t, row.t) : product(q, row, z0).t);
	return Z3_mk_div(d->z, lin, num(d, sg));
}

/* Two different work-items: of one group (local ids differ) or of two
 * groups (group ids differ). */
static Z3_ast distinct(struct q *q)
{
	struct dec *d = q->d;
	Z3_ast f = Z3_mk_false(d->z);
	for (unsigned dm = 0; dm < 3; dm++) {
		if (q->inter) {
			if (q->k->launch.ngrp[dm] == 1)
				continue;
			f = or2(d, f, ne(d, grp_of(q, dm, 0).t, grp_of(q, dm, 1).t));
		} else {
			if (q->k->launch.lsz[dm] == 1)
				continue;
			f = or2(d, f, ne(d, lid_of(q, dm, 0).t, lid_of(q, dm, 1).t));
		}
	}
	return f;
}

/* Which slots take independent values for the two work-items; *n: the
 * slots the array covers (building the guards can add slots later). */
static unsigned char *split_of(struct q *q, const struct acc *a, const struct acc *b,
			       enum acc_mode mode, unsigned *n)
{
	const struct acc_kernel *k = q->k;
	struct aux *xa = acc_aux(q->ab, k, a), *xb = acc_aux(q->ab, k, b);
	unsigned char *v = calloc(k->nslots + 1, 1);
	*n = v ? k->nslots : 0;
	if (!v || !xa || !xb)
		return v;
	for (unsigned i = 0; i < xa->nslots + xb->nslots; i++) {
		unsigned s = i < xa->nslots ? xa->slots[i] : xb->slots[i - xa->nslots];
		if (s < k->nslots && !v[s])
			v[s] = acc_slot_split(q->ab, k, &k->slots[s], a, b, mode) ? 1 : 0;
	}
	return v;
}

static const char *slot_name(const struct acc_kernel *k, unsigned s)
{
	return k->slots[s].name ? k->slots[s].name : "?";
}

/* A row term of an index: coef * p * (other factors), p a shared unknown. */
struct rowterm {
	const struct sym *term;
	unsigned p;
	long long coef;
};

/* Flatten s * mul into additive terms and keep those that are a product
 * with exactly one factor a shared unknown of the query. */
static void row_terms(struct q *q, const struct sym *s, long long mul, struct rowterm *out,
		      unsigned *n, unsigned cap, unsigned depth)
{
	if (!s || *n >= cap || depth > 32)
		return;
	if (s->op == S_BIN && (s->sub == IR_B_ADD || s->sub == IR_B_SUB)) {
		row_terms(q, s->a, mul, out, n, cap, depth + 1);
		row_terms(q, s->b, s->sub == IR_B_SUB ? -mul : mul, out, n, cap, depth + 1);
		return;
	}
	if (s->op == S_BIN && s->sub == IR_B_MUL && (s->a->op == S_CONST || s->b->op == S_CONST)) {
		const struct sym *c = s->a->op == S_CONST ? s->a : s->b;
		row_terms(q, c == s->a ? s->b : s->a, mul * c->c, out, n, cap, depth + 1);
		return;
	}
	if (s->op != S_BIN || s->sub != IR_B_MUL)
		return;
	/* the factors of a product chain */
	const struct sym *f[16];
	unsigned nf = 0, sp = 0;
	const struct sym *stack[16] = { s };
	sp = 1;
	long long c = mul;
	while (sp && nf < 16) {
		const struct sym *x = stack[--sp];
		if (x->op == S_BIN && x->sub == IR_B_MUL && sp + 2 <= 16) {
			stack[sp++] = x->a;
			stack[sp++] = x->b;
		} else if (x->op == S_CONST) {
			c *= x->c;
		} else {
			f[nf++] = x;
		}
	}
	int which = -1;
	unsigned hits = 0;
	for (unsigned i = 0; i < nf; i++)
		for (unsigned j = 0; j < q->nparams; j++)
			if (f[i]->op == S_SLOT && f[i]->slot == q->params[j]) {
				which = (int)q->params[j];
				hits++;
			}
	if (hits == 1 && nf >= 2 && c > 0)
		out[(*n)++] = (struct rowterm){ s, (unsigned)which, c };
}

/* The hypotheses correct code relies on, for the unknowns of the query;
 * local: the conflict is on __local memory (its sizes answer to the
 * work-group; global memory's to the global size). */
static unsigned hypotheses(struct q *q, struct hyp *h, const struct acc *a, const struct acc *b,
			   bool local)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	unsigned n = 0;
	/* Sizes: an unknown is at least the launch extents. */
	for (unsigned i = 0; i < q->nparams && n + 3 < MAX_HYP; i++) {
		unsigned p = q->params[i];
		Z3_ast v = slot_of(q, p, 0).t;
		for (unsigned dm = 0; dm < l->dims && n + 2 < MAX_HYP; dm++) {
			if (!local && ((l->item_dims | l->group_dims) >> dm & 1))
				h[n++] = (struct hyp){ HYP_EXT_G, (unsigned char)dm, p, 0, NULL,
						       Z3_mk_ge(d->z, v, gsz_of(q, dm)), NULL };
			/* Within one group, global memory answers to the global size
			 * (a row shorter than a work-group is also shorter than the
			 * launch, and that is what a missing bounds guard means). */
			if ((l->item_dims >> dm & 1) && (local || q->inter))
				h[n++] = (struct hyp){ HYP_EXT_L, (unsigned char)dm, p, 0, NULL,
						       Z3_mk_ge(d->z, v, d->lsz[dm]), NULL };
		}
	}
	/* Rows: an unknown that multiplies part of an index spans what the rest
	 * of the index adds (out[row * n + col]: n > col), so rows do not
	 * overlap. */
	for (unsigned side_i = 0; a && side_i < 2 && n < MAX_HYP; side_i++) {
		const struct acc *x = side_i ? b : a;
		struct rowterm rt[8];
		unsigned nr = 0;
		row_terms(q, x->index, 1, rt, &nr, 8, 0);
		Z3_ast idx = tr(q, x->index, side_i, 0).t;
		for (unsigned i = 0; i < nr && n < MAX_HYP; i++) {
			/* One argument-scaled term: the rest is the column.  (With
			 * two, each would be the other's column: strides, below.) */
			if (nr != 1)
				continue;
			Z3_ast term = tr(q, rt[i].term, side_i, 0).t;
			Z3_ast rest = sub2(d, idx, term);
			Z3_ast row = mul2(d, num(d, rt[i].coef), slot_of(q, rt[i].p, side_i).t);
			const char *obj = x->object && x->object->name ? x->object->name : "?";
			h[n++] = (struct hyp){ HYP_ROW, 0, rt[i].p, 0, obj,
					       Z3_mk_ge(d->z, row, add2(d, rest, num(d, x->width))),
					       NULL };
		}
	}
	/* Strides: a parameter multiplying an id of a higher dimension spans the
	 * rows of the lower one (q >= p * extent). */
	for (unsigned i = 0; i < q->nused && n < MAX_HYP; i++) {
		const struct prod *pa_ = &d->prod[q->used[i]];
		const struct extent *ea = pa_->us ? extent_of(d, pa_->x) : NULL;
		if (!ea)
			continue;
		for (unsigned j = 0; j < q->nused && n < MAX_HYP; j++) {
			const struct prod *pb_ = &d->prod[q->used[j]];
			const struct extent *eb = pb_->us ? extent_of(d, pb_->x) : NULL;
			if (!eb || eb->dim <= ea->dim || pa_->u == pb_->u)
				continue;
			int pa = -1, pb = -1;
			for (unsigned t = 0; t < q->nparams; t++) {
				if (slot_of(q, q->params[t], 0).t == pa_->u)
					pa = (int)q->params[t];
				if (slot_of(q, q->params[t], 0).t == pb_->u)
					pb = (int)q->params[t];
			}
			if (pa < 0 || pb < 0)
				continue;
			bool dup = false;
			for (unsigned t = 0; t < n && !dup; t++)
				dup = h[t].kind == HYP_ORDER && h[t].p == (unsigned)pa &&
				      h[t].q == (unsigned)pb;
			if (dup)
				continue;
			struct tv e = tvv(ea->ext, true), u = tvv(pa_->u, true);
			Z3_ast span = product(q, e, u).t;
			const char *what = mem_printf(q->ctx->arena, "%s(%u)",
						      ea->kind == EXT_LID ? "get_local_size"
						      : ea->kind == EXT_GRP ? "get_num_groups"
						      : "get_global_size", ea->dim);
			h[n++] = (struct hyp){ HYP_ORDER, ea->dim, (unsigned)pa, (unsigned)pb, what,
					       Z3_mk_ge(d->z, pb_->u, span), NULL };
		}
	}
	/* Positive: sizes and strides are at least 1. */
	for (unsigned i = 0; i < q->nparams && n < MAX_HYP; i++) {
		unsigned p = q->params[i];
		h[n++] = (struct hyp){ HYP_POS, 0, p, 0, NULL,
				       Z3_mk_ge(d->z, slot_of(q, p, 0).t, num(d, 1)), NULL };
	}
	for (unsigned i = 0; i < n; i++)
		h[i].lit = Z3_mk_fresh_const(d->z, "h", Z3_mk_bool_sort(d->z));
	return n;
}

/* Order a core for its minimization: what is tried first is dropped
 * first, so the strongest hypotheses come first (a size at least the global
 * extent) and the weakest last (a positive size): what stays is the most
 * precise condition. */
static void sort_core(const struct hyp *h, unsigned nh, Z3_ast *lits, unsigned nc)
{
	static const unsigned char rank[] = { [HYP_EXT_G] = 0, [HYP_ORDER] = 1, [HYP_ROW] = 2,
					      [HYP_EXT_L] = 3, [HYP_POS] = 4 };
	unsigned r[MAX_HYP];
	for (unsigned i = 0; i < nc; i++) {
		r[i] = 0;
		for (unsigned j = 0; j < nh; j++)
			if (h[j].lit == lits[i])
				r[i] = rank[h[j].kind];
	}
	for (unsigned i = 1; i < nc; i++)
		for (unsigned j = i; j > 0 && r[j - 1] > r[j]; j--) {
			unsigned t = r[j];
			r[j] = r[j - 1];
			r[j - 1] = t;
			Z3_ast x = lits[j];
			lits[j] = lits[j - 1];
			lits[j - 1] = x;
		}
}

static const char *hyp_text(struct cls_ctx *ctx, const struct acc_kernel *k, const struct hyp *h)
{
	const char *p = slot_name(k, h->p);
	switch (h->kind) {
	case HYP_POS:
		return mem_printf(ctx->arena, "'%s' <= 0", p);
	case HYP_EXT_L:
		return mem_printf(ctx->arena, "'%s' < get_local_size(%u)", p, h->dim);
	case HYP_EXT_G:
		return mem_printf(ctx->arena, "'%s' < get_global_size(%u)", p, h->dim);
	case HYP_ROW:
		return mem_printf(ctx->arena, "rows of '%s' overlap ('%s' is smaller than the column "
				  "index it is added to)", h->what, p);
	default:
		return mem_printf(ctx->arena, "'%s' < '%s' * %s", slot_name(k, h->q), p, h->what);
	}
}

/* Read the witness from model m. */
static void witness_from(struct q *q, Z3_model m, Z3_ast ia, Z3_ast ib, struct acc_witness *w)
{
	struct dec *d = q->d;
	bool ok = true;
	for (unsigned dm = 0; dm < 3; dm++) {
		w->t1[dm] = (unsigned)mval(d, m, lid_of(q, dm, 0).t, &ok);
		w->t2[dm] = (unsigned)mval(d, m, lid_of(q, dm, 1).t, &ok);
		w->g1[dm] = (unsigned)mval(d, m, grp_of(q, dm, 0).t, &ok);
		w->g2[dm] = (unsigned)mval(d, m, grp_of(q, dm, 1).t, &ok);
		w->lsz[dm] = (unsigned)mval(d, m, d->lsz[dm], &ok);
	}
	long long x = mval(d, m, ia, &ok), y = mval(d, m, ib, &ok);
	w->index = x > y ? x : y;
}

/* A pleasant witness: the launch's witness sizes where they are open, and
 * one of the two work-items the first of its group (work-item 0 reading
 * what work-item 5 wrote reads better than 37 and 42).  Two checks at most. */
static Z3_model nice_model(struct q *q, Z3_ast f, Z3_model m)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	Z3_ast pref = Z3_mk_true(d->z);
	for (unsigned dm = 0; dm < 3; dm++)
		if (!l->lsz[dm])
			pref = and2(d, pref, eq(d, d->lsz[dm], num(d, l->wlsz[dm])));
	Z3_ast first[2] = { Z3_mk_true(d->z), Z3_mk_true(d->z) };
	for (unsigned dm = 0; dm < 3; dm++)
		for (unsigned i = 0; i < 2; i++) {
			first[i] = and2(d, first[i], eq(d, lid_of(q, dm, i).t, num(d, 0)));
			if (q->inter)
				first[i] = and2(d, first[i], eq(d, grp_of(q, dm, i).t, num(d, 0)));
		}
	Z3_model m2;
	if (check(q, and2(d, f, and2(d, pref, or2(d, first[0], first[1]))), 0, NULL, &m2) ==
		    Z3_L_TRUE ||
	    check(q, and2(d, f, pref), 0, NULL, &m2) == Z3_L_TRUE) {
		model_free(q, m);
		return m2;
	}
	return m;
}

static bool both_plain_writes(const struct acc *a, const struct acc *b)
{
	return a->kind == ACC_WRITE && b->kind == ACC_WRITE && a->value && b->value &&
	       a->value_level == U_UNIFORM && b->value_level == U_UNIFORM;
}

static const char *unknown_why(Z3_lbool r, const struct q *q)
{
	/* An element made of loaded data is left alone by policy (a scatter
	 * through an index table is how correct code writes): not reported;
	 * one made of a value the analysis lost neither. */
	return r == Z3_L_UNDEF && !q->lost ? "the solver's limit was reached" : NULL;
}

/* ------------------------------------------------------ the linear filter */

/*
 * Before any solver call, the classic dependence tests on the difference of
 * the two indices as a linear form: a pair whose difference cannot fall in
 * the overlap window, by divisibility (the GCD test: out[50 * g + 3] and
 * out[50 * g + 7] never meet) or by the bounds of its terms (the Banerjee
 * test: s[l] and s[l + 64] with l < 64), is free, for every launch and
 * value.  Both tests only drop constraints (guards, distinctness), so a
 * "free" is a proof; anything else goes to the solver.  Most pairs of a
 * long generated kernel end here.
 */
#define LIN_TERMS 24

enum { LK_LID, LK_GRP, LK_LSZ, LK_NGRP, LK_SLOT, LK_K, LK_OPAQUE };

struct lterm {
	unsigned char kind, inst;   /* inst 2: the same in both work-items */
	unsigned id;                /* dimension or slot */
	const struct sym *opq;      /* LK_OPAQUE: the subterm */
	long long coef;
};

struct lform {
	bool ok;
	long long c;
	unsigned n;
	struct lterm t[LIN_TERMS];
};

/* Is s the same value for both work-items of the query? */
static bool lin_shared(const struct q *q, const struct sym *s, unsigned depth)
{
	const struct launch *l = &q->k->launch;
	if (!s)
		return true;
	if (depth > 64)
		return false;
	switch (s->op) {
	case S_LID:
		return l->lsz[s->dim] == 1;
	case S_GRP:
		return !q->inter || l->ngrp[s->dim] == 1;
	case S_SLOT:
	case S_IV:
		if (slot_split(q, s->slot))
			return false;
		break;
	case S_DIVERGENT:
		return false;
	case S_LOAD:
		if (q->loads_equal)
			return true;
		break;
	default:
		break;
	}
	return lin_shared(q, s->a, depth + 1) && lin_shared(q, s->b, depth + 1) &&
	       lin_shared(q, s->x, depth + 1);
}

static void lin_add(struct lform *f, unsigned kind, unsigned inst, unsigned id,
		    const struct sym *opq, long long coef)
{
	if (!coef || !f->ok)
		return;
	for (unsigned i = 0; i < f->n; i++) {
		struct lterm *t = &f->t[i];
		if (t->kind == kind && t->inst == inst && t->id == id &&
		    (kind != LK_OPAQUE || sym_equal(t->opq, opq))) {
			if (__builtin_add_overflow(t->coef, coef, &t->coef))
				f->ok = false;
			return;
		}
	}
	if (f->n == LIN_TERMS) {
		f->ok = false;
		return;
	}
	f->t[f->n++] = (struct lterm){ (unsigned char)kind, (unsigned char)inst, id, opq, coef };
}

/* f += mul * s, for work-item inst. */
static void lin_of(const struct q *q, const struct sym *s, unsigned inst, long long mul,
		   struct lform *f, unsigned depth)
{
	const struct launch *l = &q->k->launch;
	long long v;
	if (!f->ok)
		return;
	if (!s || depth > 64) {
		f->ok = false;
		return;
	}
	switch (s->op) {
	case S_CONST:
		if (__builtin_mul_overflow(mul, s->c, &v) || __builtin_add_overflow(f->c, v, &f->c))
			f->ok = false;
		return;
	case S_LID:
		if (l->lsz[s->dim] != 1)
			lin_add(f, LK_LID, inst, s->dim, NULL, mul);
		return;
	case S_GRP:
		if (l->ngrp[s->dim] != 1)
			lin_add(f, LK_GRP, q->inter ? inst : 2, s->dim, NULL, mul);
		return;
	case S_LSZ:
		if (l->lsz[s->dim])
			lin_of(q, &(struct sym){ .op = S_CONST, .c = l->lsz[s->dim] }, inst, mul, f, depth);
		else
			lin_add(f, LK_LSZ, 2, s->dim, NULL, mul);
		return;
	case S_NGRP:
		if (l->ngrp[s->dim])
			lin_of(q, &(struct sym){ .op = S_CONST, .c = l->ngrp[s->dim] }, inst, mul, f,
			       depth);
		else
			lin_add(f, LK_NGRP, 2, s->dim, NULL, mul);
		return;
	case S_SLOT:
		lin_add(f, LK_SLOT, slot_split(q, s->slot) ? inst : 2, s->slot, NULL, mul);
		return;
	case S_IV:
		if ((s->sub == IR_B_ADD || s->sub == IR_B_SUB) && s->b && s->b->op == S_CONST) {
			long long step = s->sub == IR_B_ADD ? s->b->c : -s->b->c;
			lin_of(q, s->a, inst, mul, f, depth + 1);
			if (__builtin_mul_overflow(mul, step, &v))
				f->ok = false;
			else
				lin_add(f, LK_K, slot_split(q, s->slot) ? inst : 2, s->slot, NULL, v);
			return;
		}
		break;
	case S_NEG:
		lin_of(q, s->a, inst, -mul, f, depth + 1);
		return;
	case S_BIN:
		if (s->sub == IR_B_ADD || s->sub == IR_B_SUB) {
			lin_of(q, s->a, inst, mul, f, depth + 1);
			lin_of(q, s->b, inst, s->sub == IR_B_SUB ? -mul : mul, f, depth + 1);
			return;
		}
		if (s->sub == IR_B_MUL && (s->a->op == S_CONST || s->b->op == S_CONST)) {
			const struct sym *c = s->a->op == S_CONST ? s->a : s->b;
			if (__builtin_mul_overflow(mul, c->c, &v))
				f->ok = false;
			else
				lin_of(q, c == s->a ? s->b : s->a, inst, v, f, depth + 1);
			return;
		}
		if (s->sub == IR_B_SHL && s->b->op == S_CONST && s->b->c >= 0 && s->b->c < 40) {
			if (__builtin_mul_overflow(mul, 1LL << s->b->c, &v))
				f->ok = false;
			else
				lin_of(q, s->a, inst, v, f, depth + 1);
			return;
		}
		break;
	default:
		break;
	}
	lin_add(f, LK_OPAQUE, lin_shared(q, s, 0) ? 2 : inst, 0, s, mul);
}

/* The range of one term's variable; false when unbounded. */
static bool lin_range(const struct q *q, const struct lterm *t, long long *lo, long long *hi)
{
	const struct launch *l = &q->k->launch;
	switch (t->kind) {
	case LK_LID:
		*lo = 0;
		*hi = (long long)(l->lsz[t->id] ? l->lsz[t->id] : l->lsz_max[t->id]) - 1;
		return true;
	case LK_GRP:
		*lo = 0;
		*hi = (long long)(l->ngrp[t->id] ? l->ngrp[t->id] : l->ngrp_max[t->id]) - 1;
		return true;
	case LK_LSZ:
		*lo = 1;
		*hi = l->lsz_max[t->id];
		return true;
	case LK_NGRP:
		*lo = 1;
		*hi = (long long)l->ngrp_max[t->id];
		return true;
	default:
		return false;
	}
}

/* Can the two accesses not overlap, by the GCD or the bounds test? */
static bool lin_free(const struct q *q, const struct acc *a, const struct acc *b)
{
	struct lform f = { .ok = true };
	lin_of(q, a->index, 0, 1, &f, 0);
	lin_of(q, b->index, 1, -1, &f, 0);
	if (!f.ok)
		return false;
	/* overlap: -width(a) < D < width(b), D = index(a) - index(b) */
	long long wlo = -(long long)a->width + 1, whi = (long long)b->width - 1;
	long long g = 0, lo = f.c, hi = f.c;
	bool bounded = true;
	for (unsigned i = 0; i < f.n; i++) {
		const struct lterm *t = &f.t[i];
		long long c = t->coef < 0 ? -t->coef : t->coef, x = g;
		while (c) {
			long long r = x % c;
			x = c;
			c = r;
		}
		g = x;
		long long rlo, rhi;
		if (!bounded || !lin_range(q, t, &rlo, &rhi)) {
			bounded = false;
			continue;
		}
		__int128 p1 = (__int128)t->coef * rlo, p2 = (__int128)t->coef * rhi;
		__int128 nlo = (__int128)lo + (p1 < p2 ? p1 : p2), nhi = (__int128)hi + (p1 < p2 ? p2 : p1);
		if (nlo < -(1LL << 62) || nhi > (1LL << 62))
			bounded = false;
		else
			lo = (long long)nlo, hi = (long long)nhi;
	}
	if (bounded && (hi < wlo || lo > whi))
		return true;
	if (!g)
		return f.c < wlo || f.c > whi;
	/* a multiple of g in [wlo - c, whi - c]? */
	long long from = wlo - f.c, to = whi - f.c;
	long long m = to >= 0 ? to / g * g : -((-to + g - 1) / g) * g;
	return m < from;
}

static const char *const mode_names[] = { "local", "global", "any", "fence", "sg-local",
					   "none" };

/* One line of --dump=conflicts: the pair, the question and the verdict. */
static void log_decision(struct q *q, const struct acc *a, const struct acc *b,
			 enum acc_mode mode, const struct acc_witness *w)
{
	struct cls_ctx *ctx = q->ctx;
	const char *kind[4] = { "?", "r", "w", "rw" };
	char buf[512];
	int n = snprintf(buf, sizeof buf, "conflict %s %s %u:%u%s%s %u:%u%s%s mode=%s %s -> %s",
			 q->k->kernel->name, a->object->name, a->range.begin.line,
			 a->range.begin.col, kind[a->kind & 3], a->atomic ? "a" : "",
			 b->range.begin.line, b->range.begin.col, kind[b->kind & 3],
			 b->atomic ? "a" : "", mode_names[mode < MODE_COUNT ? mode : MODE_COUNT],
			 q->inter ? "groups" : "items",
			 w->verdict == VERDICT_RACE ? "race" : w->verdict == VERDICT_FREE ? "free"
							      : "unknown");
	if (w->verdict == VERDICT_RACE && (w->lsz[0] || w->condition) && n > 0 &&
	    (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n,
			      " t1=(%u,%u,%u) g1=(%u,%u,%u) t2=(%u,%u,%u) g2=(%u,%u,%u) lsz=(%u,%u,%u)"
			      " byte=%lld%s%s%s%s%s", w->t1[0], w->t1[1], w->t1[2], w->g1[0], w->g1[1],
			      w->g1[2], w->t2[0], w->t2[1], w->t2[2], w->g2[0], w->g2[1], w->g2[2],
			      w->lsz[0], w->lsz[1], w->lsz[2], w->index,
			      w->benign ? " benign" : "", w->lockstep ? " lockstep" : "",
			      w->data_dependent ? " data" : "", w->condition ? " when " : "",
			      w->condition ? w->condition : "");
	if (w->verdict == VERDICT_UNKNOWN && n > 0 && (size_t)n < sizeof buf)
		snprintf(buf + n, sizeof buf - (size_t)n, " (%s)",
			 w->why_unknown ? w->why_unknown : "the element depends on loaded data");
	mem_vec_push(ctx->arena, &q->d->log, mem_strdup(ctx->arena, buf));
}

void dec_dump(struct cls_ctx *ctx, FILE *out)
{
	struct dec *d = ctx->facts ? ctx->facts->dec : NULL;
	for (unsigned i = 0; d && i < d->log.len; i++)
		fprintf(out, "%s\n", (const char *)d->log.items[i]);
}

bool acc_conflict(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		  const struct acc *b, enum acc_mode mode, bool inter_group, unsigned sg_size,
		  bool detail, struct acc_witness *w)
{
	memset(w, 0, sizeof *w);
	w->verdict = VERDICT_FREE;
	if (cls_over_budget(ctx) || a->object != b->object || !a->index || !b->index ||
	    !acc_fields_overlap(a, b))
		return false;
	struct q q;
	if (!q_init(&q, ctx, ctx->facts->acc ? ctx->facts->acc->build : NULL, k, inter_group)) {
		q_done(&q);
		w->verdict = VERDICT_UNKNOWN;
		w->why_unknown = "the solver could not be started";
		return false;
	}
	struct dec *d = q.d;
	d->queries++;
	unsigned char *split = split_of(&q, a, b, mode, &q.nsplit);
	q.split = split;
	/* A read-modify-write whose index comes from loaded data (hist[bin]++)
	 * races when two work-items load equal data; a per-work-item region
	 * (sub[lid * 256 + bin]++) keeps them apart even then. */
	bool rmw = a == b ? a->kind == (ACC_READ | ACC_WRITE)
			  : a->stmt && a->stmt == b->stmt && a->ctx == b->ctx &&
			    (a->kind | b->kind) == (ACC_READ | ACC_WRITE) && !b->atomic &&
			    sym_equal(a->index, b->index);
	q.loads_equal = rmw && !a->atomic && !inter_group && sym_data_dependent(a->index) &&
			!sym_has_divergent_leaf(a->index);
	Z3_model m = NULL;
	bool found = false;
	Z3_lbool r;
	if (lin_free(&q, a, b)) {
		d->linear++;
		goto out;
	}
	q.in_index = true;
	Z3_ast ia = tr(&q, a->index, 0, 0).t, ib = tr(&q, b->index, 1, 0).t;
	q.in_index = false;
	Z3_ast overlap = and2(d, Z3_mk_lt(d->z, ia, add2(d, ib, num(d, b->width))),
			      Z3_mk_lt(d->z, ib, add2(d, ia, num(d, a->width))));
	Z3_ast f = and2(d, and2(d, guard_formula(&q, a, 0), guard_formula(&q, b, 1)),
			and2(d, overlap, distinct(&q)));
	f = and2(d, f, and2(d, last_iteration(&q, a, b, mode, 0), last_iteration(&q, b, a, mode, 1)));
	f = and2(d, f, and2(d, continuation(&q, a, 0), continuation(&q, b, 1)));
	/* Without detail, no witness: the memo answers a question asked before. */
	r = check(&q, f, 0, NULL, detail ? &m : NULL);
	if (r != Z3_L_TRUE || (q.opaque && !q.loads_equal)) {
		w->verdict = r == Z3_L_FALSE ? VERDICT_FREE : VERDICT_UNKNOWN;
		w->why_unknown = w->verdict == VERDICT_UNKNOWN ? unknown_why(r, &q) : NULL;
		goto out;
	}
	found = true;
	w->verdict = VERDICT_RACE;
	w->data_dependent = q.loads_equal;
	if (!detail)
		goto out;
	/* Does it need particular values of the unknowns? */
	if (q.nparams) {
		struct hyp h[MAX_HYP];
		Z3_ast lits[MAX_HYP];
		unsigned nh = hypotheses(&q, h, a, b, a->space == AS_LOCAL);
		Z3_ast hf = f;
		for (unsigned i = 0; i < nh; i++) {
			hf = and2(d, hf, imp(d, h[i].lit, h[i].f));
			lits[i] = h[i].lit;
		}
		Z3_model m2 = NULL;
		Z3_lbool r2 = check(&q, hf, nh, lits, &m2);
		if (r2 == Z3_L_TRUE) {
			model_free(&q, m);
			m = m2;
		} else if (r2 == Z3_L_FALSE) {
			/* The race needs a hypothesis broken: the smallest set of them
			 * that excludes it is the condition. */
			unsigned nc = 0;
			while (nc < nh && lits[nc])
				nc++;
			/* One hypothesis alone, the weakest first (most conditions
			 * are one inequality, and the weakest hypothesis that
			 * excludes the race makes the most precise condition),
			 * else the core shrunk. */
			static const unsigned char pref[] = { HYP_POS, HYP_EXT_L, HYP_ROW, HYP_ORDER,
							      HYP_EXT_G };
			bool single = false;
			for (unsigned pi = 0; pi < sizeof pref && !single && nc > 1; pi++)
				for (unsigned i = 0; i < nh && !single; i++) {
					Z3_ast one = h[i].lit;
					if (h[i].kind == pref[pi] &&
					    check(&q, hf, 1, &one, NULL) == Z3_L_FALSE) {
						lits[0] = h[i].lit;
						nc = 1;
						single = true;
					}
				}
			sort_core(h, nh, lits, nc);
			for (unsigned i = 0; i < nc && !single;) {
				Z3_ast trial[MAX_HYP];
				unsigned nt = 0;
				for (unsigned j = 0; j < nc; j++)
					if (j != i)
						trial[nt++] = lits[j];
				if (nt && check(&q, hf, nt, trial, NULL) == Z3_L_FALSE) {
					unsigned nn = 0;
					while (nn < nt && trial[nn])
						nn++;
					memcpy(lits, trial, nn * sizeof *lits);
					nc = nn;
					sort_core(h, nh, lits, nc);
					i = 0;
					continue;
				}
				i++;
			}
			char buf[512] = "";
			size_t len = 0;
			bool coincidence = false, only_pos = true;
			Z3_ast broken = Z3_mk_false(d->z), keep = Z3_mk_true(d->z);
			for (unsigned i = 0; i < nh; i++) {
				bool in = false;
				for (unsigned j = 0; j < nc && !in; j++)
					in = lits[j] == h[i].lit;
				if (!in) {
					keep = and2(d, keep, h[i].f);
					continue;
				}
				broken = or2(d, broken, Z3_mk_not(d->z, h[i].f));
				coincidence |= h[i].kind == HYP_POS || h[i].kind == HYP_ORDER;
				only_pos &= h[i].kind == HYP_POS;
				const char *t = hyp_text(ctx, k, &h[i]);
				if (t && strstr(buf, t))
					continue; /* the same text for both work-items */
				int nw = snprintf(buf + len, sizeof buf - len, "%s%s", len ? " or " : "", t);
				if (nw > 0 && (size_t)nw < sizeof buf - len)
					len += (size_t)nw;
			}
			w->condition = nc ? mem_strdup(ctx->arena, buf) : NULL;
			/* An argument smaller than the launch it indexes is a
			 * missing bounds guard where launches are rounded up: in one
			 * dimension over several work-groups, where the global size
			 * is a multiple of the work-group size whatever the data's
			 * length.  Two- and three-dimensional kernels usually require
			 * the data to be a multiple of their tile, and one work-group
			 * has no rounding: there it is a warning. */
			w->coincidence = coincidence || k->launch.dims > 1 || k->launch.ngrp[0] == 1;
			/* Sizes and strides of zero or less are not a launch anyone
			 * makes: a race that needs only that is not reported. */
			if (nc && only_pos) {
				found = false;
				w->verdict = VERDICT_FREE;
				w->condition = NULL;
				goto out;
			}
			/* A condition on a value the analysis lost (a variable it
			 * could not follow, not a kernel argument) says nothing the
			 * author could check: no finding. */
			for (unsigned i = 0; i < nh; i++)
				for (unsigned j = 0; j < nc; j++)
					if (lits[j] == h[i].lit &&
					    (!k->slots[h[i].p].is_param ||
					     (h[i].kind == HYP_ORDER && !k->slots[h[i].q].is_param))) {
						found = false;
						w->verdict = VERDICT_UNKNOWN;
						w->why_unknown = NULL;
					}
			if (!found)
				goto out;
			/* A witness with the condition broken and the rest kept,
			 * sizes kept positive when the condition allows it. */
			Z3_ast pos = Z3_mk_true(d->z);
			for (unsigned i = 0; i < nh; i++)
				if (h[i].kind == HYP_POS)
					pos = and2(d, pos, h[i].f);
			if (check(&q, and2(d, f, and2(d, broken, and2(d, keep, pos))), 0, NULL, &m2) ==
				    Z3_L_TRUE ||
			    check(&q, and2(d, f, and2(d, broken, keep)), 0, NULL, &m2) == Z3_L_TRUE ||
			    check(&q, and2(d, f, broken), 0, NULL, &m2) == Z3_L_TRUE) {
				model_free(&q, m);
				m = m2;
				f = and2(d, f, broken);
			}
		}
	}
	m = nice_model(&q, f, m);
	witness_from(&q, m, ia, ib, w);
	for (unsigned i = 0; i < q.nparams; i++)
		w->index_unknowns |= sym_uses_slot(a->index, q.params[i]) ||
				     sym_uses_slot(b->index, q.params[i]);
	/* Sub-groups: is there a witness across two of them, and do work-items
	 * of more than one run the accesses at all? */
	if (sg_size && !inter_group) {
		Z3_ast s0 = subgroup_of(&q, 0, sg_size), s1 = subgroup_of(&q, 1, sg_size);
		Z3_model mc = NULL;
		w->cross_subgroup = check(&q, and2(d, f, ne(d, s0, s1)), 0, NULL, &mc) == Z3_L_TRUE;
		w->same_subgroup = !w->cross_subgroup ||
				   check(&q, and2(d, f, eq(d, s0, s1)), 0, NULL, NULL) == Z3_L_TRUE;
		if (w->cross_subgroup) {
			mc = nice_model(&q, and2(d, f, ne(d, s0, s1)), mc);
			witness_from(&q, mc, ia, ib, w);
			model_free(&q, mc);
		}
		if (!w->cross_subgroup) {
			Z3_ast run0 = or2(d, guard_formula(&q, a, 0), guard_formula(&q, b, 0));
			Z3_ast run1 = or2(d, guard_formula(&q, a, 1), guard_formula(&q, b, 1));
			w->lockstep = check(&q, and2(d, and2(d, run0, run1), ne(d, s0, s1)), 0, NULL,
					    NULL) != Z3_L_TRUE;
		}
	}
	/* Benign: both write one value, the same for every work-item (and, for
	 * two groups, one that cannot depend on the group). */
	if (both_plain_writes(a, b) &&
	    (!inter_group || (sym_group_invariant(k, a->value) && sym_group_invariant(k, b->value)))) {
		q.in_index = true;
		bool was = q.opaque;
		q.opaque = false;
		Z3_ast va = tr(&q, a->value, 0, 0).t, vb = tr(&q, b->value, 1, 0).t;
		q.in_index = false;
		w->benign = !q.opaque && (sym_equal(a->value, b->value) && !inter_group
			? true : check(&q, and2(d, f, ne(d, va, vb)), 0, NULL, NULL) == Z3_L_FALSE);
		q.opaque = was;
	}
out:
	if (ctx->opt->dump && !strcmp(ctx->opt->dump, "conflicts"))
		log_decision(&q, a, b, mode, w);
	model_free(&q, m);
	free(split);
	q_done(&q);
	return found;
}

/* ------------------------------------------------------ uniform questions */

bool acc_branch_uniform(struct cls_ctx *ctx, const struct ir_func *f, const struct ir_block *b)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !b->cond)
		return false;
	struct acc_kernel *k = NULL;
	struct acc_ctx *root = NULL;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len && !k; i++) {
		struct acc_kernel *x = ctx->facts->acc->kernels.items[i];
		if (x->kernel == f)
			k = x;
	}
	for (unsigned i = 0; k && i < ab->ctxs.len && !root; i++) {
		struct acc_ctx *c = ab->ctxs.items[i];
		if (c->f == f && !c->parent && c->first_node && c->first_node[0] < k->nnodes &&
		    k->nodes[c->first_node[0]].ctx == c)
			root = c;
	}
	if (!k || !root)
		return false;
	ab->k = k;
	struct sym *cond = guard_cond(ab, root, b->id);
	if (!cond || sym_has_divergent_leaf(cond))
		return false;
	struct q q;
	if (!q_init(&q, ctx, ab, k, false)) {
		q_done(&q);
		return false;
	}
	q.d->queries++;
	/* Two work-items of one group that disagree on the condition? */
	q.in_index = true;
	Z3_ast c0 = tr_bool(&q, cond, 0, 0), c1 = tr_bool(&q, cond, 1, 0);
	bool uniform = !q.opaque &&
		       check(&q, and2(q.d, distinct(&q), Z3_mk_xor(q.d->z, c0, c1)), 0, NULL, NULL) ==
			       Z3_L_FALSE;
	q_done(&q);
	return uniform;
}

/*
 * A loop entered from outside surely runs its body once when its condition
 * holds at the first iteration for every launch of two or more work-items
 * and every value of the unknowns that correct code gives them (a size at
 * least the launch extents).  `for (d = n >> 1; d > 0; d >>= 1)` with n = 2 *
 * local size is such a loop; for them, the path that skips the body does
 * not exist.
 */
void acc_first_iterations(struct abuild *ab, struct acc_kernel *k)
{
	ab->k = k;
	k->first_exit = MEM_ARRAY(ab->a, int, k->nnodes + 1);
	if (!k->first_exit)
		return;
	for (unsigned n = 0; n < k->nnodes; n++)
		k->first_exit[n] = -1;
	for (unsigned ci = 0; ci < ab->ctxs.len; ci++) {
		struct acc_ctx *c = ab->ctxs.items[ci];
		if (!c->last_node || !c->first_node)
			continue;
		/* only contexts of this kernel: their nodes are ours */
		unsigned first = c->first_node[0];
		if (first >= k->nnodes || k->nodes[first].ctx != c)
			continue;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		for (unsigned L = 0; L < fi->nloops; L++) {
			const struct ir_block *h = c->f->blocks[fi->header[L]];
			if (h->term != TERM_BRANCH || h->nsuccs != 2)
				continue;
			int exit = -1;
			for (unsigned s = 0; s < 2; s++)
				if (!loop_member(fi, (int)L, h->succs[s]->id))
					exit = (int)s;
			if (exit < 0 || loop_member(fi, (int)L, h->succs[!exit]->id) == 0)
				continue;
			struct sym *cond = guard_cond(ab, c, h->id);
			if (!cond || sym_uses_lid(cond))
				continue;
			struct q q;
			if (!q_init(&q, ab->ctx, ab, k, false)) {
				q_done(&q);
				return;
			}
			struct dec *d = q.d;
			d->queries++;
			q.in_index = true;
			Z3_ast enter = tr_bool(&q, cond, 0, 0);
			if (exit == 0)
				enter = Z3_mk_not(d->z, enter);
			/* first iteration of every counter, two work-items at least */
			Z3_ast f = Z3_mk_not(d->z, enter);
			for (unsigned i = 0; i < q.nivs; i++)
				f = and2(d, f, eq(d, q.ivk[i], num(d, 0)));
			for (unsigned dm = 0; dm < 3; dm++)
				if (!k->launch.lsz[dm])
					f = and2(d, f, Z3_mk_ge(d->z, d->lsz[dm], num(d, 2)));
			struct hyp hy[MAX_HYP];
			unsigned nh = hypotheses(&q, hy, NULL, NULL, false);
			for (unsigned i = 0; i < nh; i++)
				f = and2(d, f, hy[i].f);
			bool always = !q.opaque && check(&q, f, 0, NULL, NULL) == Z3_L_FALSE;
			q_done(&q);
			unsigned node = c->last_node[h->id];
			if (always && node < k->nnodes) {
				/* the exit successor's index in the node's successor list */
				unsigned target = c->first_node[h->succs[exit]->id];
				for (unsigned s = 0; s < k->nodes[node].nsucc; s++)
					if (k->nodes[node].succ[s] == target)
						k->first_exit[node] = (int)s;
			}
		}
	}
}

/* ------------------------------------------------------------ the facts */

void dec_check_facts(struct cls_ctx *ctx)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !ctx->facts->assumed.len)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		const struct fact *first = NULL;
		for (unsigned j = 0; j < ctx->facts->assumed.len && !first; j++)
			if (fact_applies(ctx->facts->assumed.items[j], k->kernel))
				first = ctx->facts->assumed.items[j];
		if (!first)
			continue;
		struct q q;
		if (!q_init(&q, ctx, ab, k, false)) {
			q_done(&q);
			return;
		}
		if (check(&q, Z3_mk_true(q.d->z), 0, NULL, NULL) == Z3_L_FALSE)
			cls_report(ctx, &cls_rule_assumption, first->at,
				   "the assumptions about kernel '%s' (from '%s') contradict its launch "
				   "or each other: nothing can be concluded from them", k->kernel->name,
				   first->text);
		q_done(&q);
	}
}

/* --------------------------------------------------------------- spans */

bool acc_group_span(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		    unsigned long long *key, long long *lo, long long *hi, long long gcoef[3])
{
	/* Linear forms need no solver: a query of the kernel without one. */
	struct q q;
	memset(&q, 0, sizeof q);
	q.ctx = ctx;
	q.k = k;
	struct lform f = { .ok = true };
	if (!a->index)
		return false;
	lin_of(&q, a->index, 0, 1, &f, 0);
	if (!f.ok)
		return false;
	/* The key: what is the same for every work-item of a group and never
	 * split between two (group ids, sizes, kernel arguments); the rest must
	 * be local ids, whose range is known. */
	unsigned long long h = 1469598103934665603ULL;
	long long l = f.c, u = f.c;
	gcoef[0] = gcoef[1] = gcoef[2] = 0;
	for (unsigned i = 0; i < f.n; i++) {
		const struct lterm *t = &f.t[i];
		bool shared = t->kind == LK_GRP || t->kind == LK_LSZ || t->kind == LK_NGRP ||
			      (t->kind == LK_SLOT && k->slots[t->id].is_param);
		if (shared) {
			if (t->kind == LK_GRP)
				gcoef[t->id] = t->coef;
			/* order-independent: a sum of per-term hashes */
			unsigned long long x = ((unsigned long long)t->kind << 56) ^
					       ((unsigned long long)t->id << 32) ^
					       (unsigned long long)t->coef;
			x *= 0x9e3779b97f4a7c15ULL;
			h += x ^ (x >> 29);
			continue;
		}
		long long rlo, rhi;
		if (t->kind != LK_LID || !lin_range(&q, t, &rlo, &rhi))
			return false;
		__int128 p1 = (__int128)t->coef * rlo, p2 = (__int128)t->coef * rhi;
		__int128 nl = (__int128)l + (p1 < p2 ? p1 : p2), nu = (__int128)u + (p1 < p2 ? p2 : p1);
		if (nl < -(1LL << 62) || nu > (1LL << 62))
			return false;
		l = (long long)nl;
		u = (long long)nu;
	}
	*key = h;
	*lo = l;
	*hi = u + a->width;
	return true;
}
