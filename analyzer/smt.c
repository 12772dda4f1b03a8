/*
 * smt.c - the conflict decision's solver: terms, products, checks (smt_).
 * See smt.h, and decide.c for why Z3 and how the products are abstracted.
 */
#include <limits.h>
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assume.h"
#include "smt.h"

static void z3_error(Z3_context z, Z3_error_code e)
{
	(void)z;
	(void)e; /* recorded through Z3_get_error_code after each call */
}

/* Give solver s of context z the per-check resource limit (deterministic)
 * and the timeout (from what is left of the file's budget; 0: none). */
static void limit_solver(Z3_context z, Z3_solver s, unsigned rlimit, double seconds)
{
	Z3_params p = Z3_mk_params(z);
	Z3_params_inc_ref(z, p);
	Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"), rlimit);
	/* Z3's simplex-based arithmetic (2) proves what the questions need,
	 * that 32 * g + l with 0 <= l < 32 names one (g, l), in milliseconds
	 * where the default solver (6) ran into the limit (a tiled GEMM's
	 * inter-group check: 6 ms against more than 20 s). */
	Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "arith.solver"), 2);
	if (seconds > 0)
		Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"),
				   (unsigned)(seconds * 1000) + 1);
	Z3_solver_set_params(z, s, p);
	Z3_params_dec_ref(z, p);
}

static void smt_limits(struct dec *d, unsigned rlimit, double seconds)
{
	d->rlimit_set = rlimit;
	limit_solver(d->z, d->s, rlimit, seconds);
}

/*
 * Making a Z3 context takes about 8 ms, as long as parsing a small kernel:
 * a third of the time of a typical file.  So the context of the next file is
 * made on a second thread while the file is parsed (acc_prewarm, called
 * before the parse), and taken when the first question is asked; one that
 * no question needed waits for the next file, and is deleted at exit.  The
 * spare belongs to the process that started the thread: a process forked
 * meanwhile does not see the thread, and makes its own.
 *
 * A context's first check costs about 0.4 ms more than the next ones: Z3
 * sets its solver's modules up then.  The thread that makes the context
 * also checks an empty throwaway solver under a question's limits; that
 * check makes no term, so the questions and their answers stay the same.
 *
 * Deleting a context takes over a millisecond too.  A file's context is
 * retired when the file is done and deleted by the thread that makes the
 * next file's, off the path of the next parse; the process that lints no
 * next file ends without deleting it (the system frees it faster), unless
 * it ends through exit(), where leak checkers look.
 */
static struct {
	pthread_t thread;
	bool running;              /* thread started, not yet joined */
	pid_t owner;               /* the process that started it */
	Z3_context spare;
	Z3_context retired;        /* the last file's, still to delete */
	Z3_context deleting;       /* handed to the running thread */
} warm;

static Z3_context new_context(void)
{
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	mem_heap_big_blocks(true);    /* its 16 MB of tables on huge pages */
	Z3_context z = Z3_mk_context(cfg);
	mem_heap_big_blocks(false);
	Z3_del_config(cfg);
	return z;
}

static void *warm_main(void *arg)
{
	(void)arg;
	if (warm.deleting)
		Z3_del_context(warm.deleting);
	warm.spare = new_context();
	if (warm.spare) {
		Z3_solver s = Z3_mk_simple_solver(warm.spare);
		Z3_solver_inc_ref(warm.spare, s);
		limit_solver(warm.spare, s, RLIMIT_LINEAR, 0);
		Z3_solver_check(warm.spare, s);
		Z3_solver_dec_ref(warm.spare, s);
	}
	return NULL;
}

/* Forget what another process (the one this was forked from) started. */
static void warm_disown(void)
{
	if (warm.owner == getpid())
		return;
	warm.running = false;
	warm.spare = warm.retired = warm.deleting = NULL;
	warm.owner = getpid();
}

static Z3_context take_context(void)
{
	warm_disown();
	if (warm.running) {
		pthread_join(warm.thread, NULL);
		warm.running = false;
		warm.deleting = NULL;
	}
	Z3_context z = warm.spare;
	warm.spare = NULL;
	return z ? z : new_context();
}

static void warm_release(void)
{
	if (warm.owner != getpid())
		return;
	if (warm.running)
		pthread_join(warm.thread, NULL);
	warm.running = false;
	warm.deleting = NULL;
	if (warm.spare)
		Z3_del_context(warm.spare);
	if (warm.retired)
		Z3_del_context(warm.retired);
	warm.spare = warm.retired = NULL;
}

void acc_prewarm(void)
{
	static bool registered;
	warm_disown();
	if (warm.running || warm.spare)
		return;
	if (!registered) {
		atexit(warm_release);
		registered = true;
	}
	warm.deleting = warm.retired;
	warm.retired = NULL;
	warm.running = pthread_create(&warm.thread, NULL, warm_main, NULL) == 0;
	if (!warm.running && warm.deleting) {
		Z3_del_context(warm.deleting);
		warm.deleting = NULL;
	}
}

/* A file is done with context z: delete it later (above). */
static void retire_context(Z3_context z)
{
	warm_disown();
	if (warm.retired)
		Z3_del_context(warm.retired);
	warm.retired = z;
}

static struct dec *smt_dec(struct cls_ctx *ctx)
{
	if (ctx->facts->dec)
		return ctx->facts->dec;
	struct dec *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->z = take_context();
	if (!d->z) {
		free(d);
		return NULL;
	}
	Z3_set_error_handler(d->z, z3_error);
	d->ctx = ctx;
	d->I = Z3_mk_int_sort(d->z);
	d->s = Z3_mk_simple_solver(d->z);
	Z3_solver_inc_ref(d->z, d->s);
	smt_limits(d, RLIMIT_LINEAR, 0);
	ctx->facts->dec = d;
	return d;
}

void dec_free(struct cls_ctx *ctx)
{
	struct dec *d = ctx->facts ? ctx->facts->dec : NULL;
	if (!d)
		return;
	Z3_solver_dec_ref(d->z, d->s);
	retire_context(d->z);
	free(d->prod);
	free(d->ph);
	free(d->ext);
	free(d->memo);
	free(d->hard);
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


void smt_side(struct q *q, Z3_ast f)
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
	smt_limits(d, RLIMIT_LINEAR, 0);
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
	/* A size tied to a macro constant the build does not define: the same
	 * variable that smt_slot names for it. */
	for (unsigned i = 0; i < l->nties; i++) {
		const struct launch_tie *t = &l->tie[i];
		if (l->lsz[t->dim])
			continue;
		char name[128];
		snprintf(name, sizeof name, "k%u.arg.%s", d->kid, t->var->name);
		Z3_ast m = add2(d, mul2(d, num(d, t->coef), var(d, name)), num(d, t->off));
		if (t->div > 1) {   /* lsz == m / div: div * lsz <= m < div * lsz + div */
			Z3_ast dl = mul2(d, num(d, t->div), d->lsz[t->dim]);
			Z3_solver_assert(d->z, d->s, Z3_mk_le(d->z, dl, m));
			if (t->eq)
				Z3_solver_assert(d->z, d->s,
						 Z3_mk_le(d->z, m, add2(d, dl, num(d, t->div - 1))));
			continue;
		}
		Z3_solver_assert(d->z, d->s, t->eq ? eq(d, d->lsz[t->dim], m)
						   : Z3_mk_le(d->z, d->lsz[t->dim], m));
	}
}

/* ---------------------------------------------------------------- products */

static unsigned smt_ast_id(struct dec *d, Z3_ast t)
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

const struct extent *smt_extent(struct dec *d, Z3_ast t)
{
	unsigned id = smt_ast_id(d, t);
	for (unsigned i = 0; i < d->next; i++)
		if (d->ext[i].id == id)
			return &d->ext[i];
	return NULL;
}

static void set_extent(struct dec *d, Z3_ast t, Z3_ast e, unsigned kind, unsigned dim)
{
	if (smt_extent(d, t))
		return;
	if (d->next == d->capext) {
		unsigned n = d->capext ? d->capext * 2 : 32;
		struct extent *v = realloc(d->ext, n * sizeof *v);
		if (!v)
			return;
		d->ext = v;
		d->capext = n;
	}
	d->ext[d->next++] = (struct extent){ smt_ast_id(d, t), e, (unsigned char)kind,
					     (unsigned char)dim };
}

/* The variable standing for x * u (neither a numeral). */
/* t = c * rest with c a numeral: true, with c and rest. */
static bool coef_of(struct dec *d, Z3_ast t, long long *c, Z3_ast *rest)
{
	if (Z3_get_ast_kind(d->z, t) != Z3_APP_AST)
		return false;
	Z3_app a = Z3_to_app(d->z, t);
	if (Z3_get_decl_kind(d->z, Z3_get_app_decl(d->z, a)) != Z3_OP_MUL ||
	    Z3_get_app_num_args(d->z, a) != 2)
		return false;
	for (unsigned i = 0; i < 2; i++)
		if (numeral(d, Z3_get_app_arg(d->z, a, i), c)) {
			*rest = Z3_get_app_arg(d->z, a, 1 - i);
			return true;
		}
	return false;
}

/* Is t the launch's local size or number of groups along some dimension? */
static bool is_launch_size(const struct dec *d, Z3_ast t)
{
	for (unsigned dm = 0; dm < 3; dm++)
		if ((d->lsz[dm] && t == d->lsz[dm]) || (d->ngrp[dm] && t == d->ngrp[dm]))
			return true;
	return false;
}

struct tv smt_product(struct q *q, struct tv x, struct tv u)
{
	struct dec *d = q->d;
	/* (c * y) * u = c * (y * u): the factors the lemmas relate are the
	 * unknowns themselves (2 * iter * gid: iter and gid). */
	long long c;
	Z3_ast rest;
	for (unsigned side = 0; side < 2; side++) {
		struct tv *f = side ? &u : &x;
		if (coef_of(d, f->t, &c, &rest) && c != 0) {
			struct tv g = *f;
			g.t = rest;
			struct tv r = side ? smt_product(q, x, g) : smt_product(q, g, u);
			r.t = mul2(d, num(d, c), r.t);
			return r;
		}
	}
	/* the work-item dependent factor first; otherwise a launch size last
	 * (the unit of rows: k * lsz and n * lsz are two rows of one unit,
	 * which the cross lemmas compare); otherwise by identity */
	bool lx = q->unit_last && is_launch_size(d, x.t), lu = q->unit_last && is_launch_size(d, u.t);
	if ((x.shared && !u.shared) ||
	    (x.shared == u.shared && lx && !lu) ||
	    (x.shared == u.shared && lx == lu && smt_ast_id(d, x.t) > smt_ast_id(d, u.t))) {
		struct tv t = x;
		x = u;
		u = t;
	}
	unsigned kx = smt_ast_id(d, x.t), ku = smt_ast_id(d, u.t);
	unsigned h = (kx * 2654435761u ^ ku * 40503u);
	if (d->phcap && d->nprod * 2 < d->phcap) {
		for (unsigned i = h & (d->phcap - 1); d->ph[i]; i = (i + 1) & (d->phcap - 1)) {
			struct prod *p = &d->prod[d->ph[i] - 1];
			if (smt_ast_id(d, p->x) == kx && smt_ast_id(d, p->u) == ku) {
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
			unsigned hh = smt_ast_id(d, d->prod[i].x) * 2654435761u ^
				      smt_ast_id(d, d->prod[i].u) * 40503u;
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
	const struct extent *e = smt_extent(d, x.t);
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
	smt_side(q, imp(d, or2(d, eq(d, x, z0), eq(d, u, z0)), eq(d, v, z0)));
	smt_side(q, imp(d, and2(d, ge0x, ge0u), Z3_mk_ge(d->z, v, z0)));
	smt_side(q, imp(d, and2(d, le0x, le0u), Z3_mk_ge(d->z, v, z0)));
	smt_side(q, imp(d, and2(d, ge0x, le0u), Z3_mk_le(d->z, v, z0)));
	smt_side(q, imp(d, and2(d, le0x, ge0u), Z3_mk_le(d->z, v, z0)));
	/* |x| >= 1 -> |p| >= |u|, and the same with the roles swapped */
	smt_side(q, imp(d, and2(d, Z3_mk_ge(d->z, x, z1), ge0u), Z3_mk_ge(d->z, v, u)));
	smt_side(q, imp(d, and2(d, Z3_mk_le(d->z, x, zm), ge0u),
		    Z3_mk_le(d->z, v, Z3_mk_unary_minus(d->z, u))));
	smt_side(q, imp(d, and2(d, Z3_mk_ge(d->z, u, z1), ge0x), Z3_mk_ge(d->z, v, x)));
	smt_side(q, imp(d, and2(d, Z3_mk_ge(d->z, u, z1), le0x), Z3_mk_le(d->z, v, x)));
}

/* Lemmas between two products with one factor u: p1 - p2 = (x1 - x2) * u. */
static void cross_lemmas(struct q *q, const struct prod *a, const struct prod *b, Z3_ast span)
{
	struct dec *d = q->d;
	Z3_ast dx = sub2(d, a->x, b->x), dp = sub2(d, a->p, b->p), u = a->u;
	Z3_ast ge0u = Z3_mk_ge(d->z, u, num(d, 0));
	smt_side(q, imp(d, eq(d, a->x, b->x), eq(d, a->p, b->p)));
	smt_side(q, imp(d, and2(d, Z3_mk_ge(d->z, dx, num(d, 1)), ge0u), Z3_mk_ge(d->z, dp, u)));
	smt_side(q, imp(d, and2(d, Z3_mk_le(d->z, dx, num(d, -1)), ge0u),
		    Z3_mk_le(d->z, dp, Z3_mk_unary_minus(d->z, u))));
	if (span) {
		/* both factors range over [0, e): |p1 - p2| <= u * e - u */
		Z3_ast m = sub2(d, span, u);
		smt_side(q, imp(d, ge0u, Z3_mk_le(d->z, dp, m)));
		smt_side(q, imp(d, ge0u, Z3_mk_ge(d->z, dp, Z3_mk_unary_minus(d->z, m))));
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
			span = smt_product(q, e, u).t;
			/* x in [0, e): 0 <= p <= u * e - u when u >= 0 */
			smt_side(q, imp(d, Z3_mk_ge(d->z, p.u, num(d, 0)),
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

struct tv smt_lid(struct q *q, unsigned dim, unsigned inst)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->lsz[dim] == 1)
		return tvv(num(d, 0), true);
	if (!q->lid[inst][dim]) {
		Z3_ast v = var(d, aname(d, "lid", dim, (int)inst));
		q->lid[inst][dim] = v;
		smt_side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		smt_side(q, Z3_mk_lt(d->z, v, d->lsz[dim]));
		set_extent(d, v, d->lsz[dim], EXT_LID, dim);
	}
	return tvv(q->lid[inst][dim], false);
}

struct tv smt_grp(struct q *q, unsigned dim, unsigned inst)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->ngrp[dim] == 1)
		return tvv(num(d, 0), true);
	unsigned i = q->inter ? inst : 0;
	if (!q->grp[i][dim]) {
		Z3_ast v = var(d, aname(d, q->inter ? "grp" : "g", dim, q->inter ? (int)i : -1));
		q->grp[i][dim] = v;
		smt_side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		smt_side(q, Z3_mk_lt(d->z, v, d->ngrp[dim]));
		set_extent(d, v, d->ngrp[dim], EXT_GRP, dim);
	}
	return tvv(q->grp[i][dim], !q->inter);
}

/* The global size along dim: a product unless the launch gives it. */
Z3_ast smt_gsz(struct q *q, unsigned dim)
{
	struct dec *d = q->d;
	const struct launch *l = &q->k->launch;
	if (l->gsz[dim] && !l->lsz[dim]) {
		/* given: the groups of the open size cover it */
		struct tv g = tvv(d->ngrp[dim], true), s = tvv(d->lsz[dim], true);
		Z3_ast p = smt_product(q, g, s).t;
		smt_side(q, Z3_mk_ge(d->z, p, num(d, (long long)l->gsz[dim])));
		return num(d, (long long)l->gsz[dim]);
	}
	if (l->lsz[dim] && l->ngrp[dim])
		return num(d, (long long)l->lsz[dim] * l->ngrp[dim]);
	struct tv g = tvv(d->ngrp[dim], true), s = tvv(d->lsz[dim], true);
	if (l->lsz[dim])
		return mul2(d, d->ngrp[dim], num(d, l->lsz[dim]));
	if (l->ngrp[dim])
		return mul2(d, d->lsz[dim], num(d, l->ngrp[dim]));
	return smt_product(q, g, s).t;
}

bool smt_split(const struct q *q, unsigned slot)
{
	const struct sym_slot *sl = &q->k->slots[slot];
	bool split = q->split && slot < q->nsplit && q->split[slot];
	if (q->inter)
		return sl->is_iv || sl->per_group || split;
	return split;
}

/* A kernel argument's range, from its type. */
static void smt_type_range(struct q *q, const struct ir_type *t, Z3_ast v)
{
	struct dec *d = q->d;
	if (!t || t->kind != T_INT || t->size <= 0 || t->size > 8)
		return;
	if (t->is_unsigned) {
		smt_side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		if (t->size < 8)
			smt_side(q, Z3_mk_le(d->z, v, num(d, (1LL << (t->size * 8)) - 1)));
	} else if (t->size < 8) {
		smt_side(q, Z3_mk_ge(d->z, v, num(d, -(1LL << (t->size * 8 - 1)))));
		smt_side(q, Z3_mk_le(d->z, v, num(d, (1LL << (t->size * 8 - 1)) - 1)));
	}
}

/* A datum of one work-item under q->data_mode (see struct q): of the value
 * `what` names (s: a symbolic value's id; l: a slot's, with its split
 * instance), deterministic across runs. */
static struct tv data_value(struct q *q, char what, unsigned id, unsigned inst)
{
	struct dec *d = q->d;
	if (q->data_mode == 1) {
		char name[48];
		snprintf(name, sizeof name, "k%u.fd%c%u@%u", d->kid, what, id, inst);
		return tvv(var(d, name), false);
	}
	/* the work-item's own linear local id */
	Z3_ast l = smt_lid(q, 2, inst).t;
	for (int dm = 1; dm >= 0; dm--)
		l = add2(d, mul2(d, l, d->lsz[dm]), smt_lid(q, (unsigned)dm, inst).t);
	return tvv(q->data_fn == 0 ? num(d, q->data_c)
		   : q->data_fn == 1 ? l : sub2(d, num(d, q->data_c), l), q->data_fn == 0);
}

struct tv smt_slot(struct q *q, unsigned slot, unsigned inst)
{
	struct dec *d = q->d;
	const struct sym_slot *sl = &q->k->slots[slot];
	bool split = smt_split(q, slot);
	unsigned i = split ? inst : 0;
	const void *key = (const char *)sl + 1 + i; /* distinct from any sym */
	struct qmemo *m = memo_slot(q, key, 2);
	if (m && m->stamp == q->stamp)
		return m->v;
	Z3_ast v;
	if (q->data_mode && !sl->is_param && !sl->is_iv) {
		/* a value the analysis lost: per-work-item data here */
		struct tv r = data_value(q, 'l', slot * 2 + i, inst);
		if (m)
			*m = (struct qmemo){ key, 2, q->stamp, r };
		return r;
	}
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
	if (sl->from_op) {
		/* derived from an argument: exactly its quotient (C's for /,
		 * the floor for >>) */
		Z3_ast p = smt_slot(q, sl->from, inst).t;
		smt_side(q, eq(d, v, sl->from_op == IR_B_DIV ? cdiv(d, p, sl->by)
				      : Z3_mk_div(d->z, p, num(d, 1LL << sl->by))));
	}
	if (sl->is_iv) {
		smt_side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		if (q->nivs < 32) {
			q->ivs[q->nivs] = slot << 1 | i;
			q->ivk[q->nivs++] = v;
		}
	} else {
		/* A group's own value (reserved with an atomic, read from a
		 * per-group table) in two groups: data, like a loaded index. */
		if (q->inter && sl->per_group && q->in_index)
			q->opaque = true;
		/* A value loaded at a place the loop moves (off[b] in the pass for
		 * segment b), with two values in the question (two passes): two
		 * loaded data, whose relation nobody wrote.  In an index, data. */
		if (split && sl->object && q->in_index)
			q->opaque = true;
		smt_type_range(q, sl->var ? sl->var->type : NULL, v);
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

/* cur op c, folded where cur is a number or a choice of numbers (an
 * if-then-else whose leaves are numbers: a counter that starts at another
 * counter's value, step = stage >> 1); NULL where it is not, or would
 * overflow.  *zero: every leaf is 0. */
static Z3_ast step_numbers(struct dec *d, unsigned op, long long c, Z3_ast cur, bool *zero,
			   unsigned depth)
{
	long long x;
	if (numeral(d, cur, &x)) {
		switch (op) {
		case IR_B_MUL:
			if (__builtin_mul_overflow(x, c, &x))
				return NULL;
			break;
		case IR_B_SHL:
			if ((c & 31) >= 62 || __builtin_mul_overflow(x, 1LL << (c & 31), &x))
				return NULL;
			break;
		case IR_B_DIV:
			x /= c;           /* C's, as cdiv */
			break;
		case IR_B_SHR: {
			long long p2 = 1LL << (c & 31);   /* the floor, as Z3's div */
			x = x >= 0 ? x / p2 : -((-x + p2 - 1) / p2);
			break;
		}
		default:
			return NULL;
		}
		*zero &= x == 0;
		return num(d, x);
	}
	if (depth > 16 || Z3_get_ast_kind(d->z, cur) != Z3_APP_AST)
		return NULL;
	Z3_app app = Z3_to_app(d->z, cur);
	if (Z3_get_decl_kind(d->z, Z3_get_app_decl(d->z, app)) != Z3_OP_ITE)
		return NULL;
	Z3_ast t = step_numbers(d, op, c, Z3_get_app_arg(d->z, app, 1), zero, depth + 1);
	Z3_ast e = t ? step_numbers(d, op, c, Z3_get_app_arg(d->z, app, 2), zero, depth + 1) : NULL;
	return e ? ite(d, Z3_get_app_arg(d->z, app, 0), t, e) : NULL;
}

/* value_j of an induction variable stepped by a constant multiplicative
 * operator, for iteration k: an if-then-else over the first CHAIN steps.
 * From numbers, numbers (the partner lid ^ step of a sorting network is
 * exact only with the step's values as numerals); a halving chain of
 * numbers ends where every value is 0, which it stays. */
static Z3_ast iv_chain(struct q *q, Z3_ast init, unsigned op, long long c, Z3_ast k)
{
	struct dec *d = q->d;
	Z3_ast v[CHAIN];
	unsigned n = 0;
	Z3_ast cur = init;
	bool settled = false;
	for (; n < CHAIN; n++) {
		v[n] = cur;
		bool zero = true;
		Z3_ast folded = step_numbers(d, op, c, cur, &zero, 0);
		if (folded && zero && (op == IR_B_DIV || op == IR_B_SHR) && n + 1 < CHAIN) {
			v[++n] = folded;
			n++;
			settled = true;
			break;
		}
		if (folded) {
			cur = folded;
		} else {
			switch (op) {
			case IR_B_MUL: cur = mul2(d, cur, num(d, c)); break;
			case IR_B_SHL: cur = mul2(d, cur, num(d, 1LL << (c & 31))); break;
			case IR_B_DIV: cur = cdiv(d, cur, c); break;
			case IR_B_SHR: cur = Z3_mk_div(d->z, cur, num(d, 1LL << (c & 31))); break;
			default: return NULL;
			}
		}
		if ((op == IR_B_MUL || op == IR_B_SHL) && n >= 62 / (op == IR_B_SHL ? (c ? c : 1) : 2))
			break;
	}
	if (!settled) {
		if (n < CHAIN)
			n++;
		smt_side(q, Z3_mk_lt(d->z, k, num(d, n)));
	}
	Z3_ast r = v[n - 1];
	for (unsigned j = n - 1; j-- > 0;)
		r = ite(d, eq(d, k, num(d, j)), v[j], r);
	return r;
}

static struct tv smt_fresh(struct q *q, const char *what, bool shared)
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

/* x op c for a constant c, op one of &, |, ^: exact and linear, through
 * remainders by powers of two (x | c = x + c - (x & c), x ^ c = x + c -
 * 2 (x & c)). */
static Z3_ast bits_const(struct dec *d, unsigned op, Z3_ast x, long long c)
{
	if (op == IR_B_AND)
		return and_const(d, x, c);
	Z3_ast both = and_const(d, x, c);
	return sub2(d, add2(d, x, num(d, c)), op == IR_B_OR ? both : mul2(d, num(d, 2), both));
}

/* x op c where c is an if-then-else whose leaves are all constants (a
 * counter stepped by >>= 1: the partner lid ^ step of a sorting network):
 * the same if-then-else over x op leaf; NULL when c is not such a choice. */
static Z3_ast distribute_bits(struct dec *d, unsigned op, Z3_ast x, Z3_ast c, unsigned depth)
{
	long long v;
	if (numeral(d, c, &v))
		return bits_const(d, op, x, v);
	if (depth > 64 || Z3_get_ast_kind(d->z, c) != Z3_APP_AST)
		return NULL;
	Z3_app app = Z3_to_app(d->z, c);
	if (Z3_get_decl_kind(d->z, Z3_get_app_decl(d->z, app)) != Z3_OP_ITE)
		return NULL;
	Z3_ast t = distribute_bits(d, op, x, Z3_get_app_arg(d->z, app, 1), depth + 1);
	Z3_ast e = t ? distribute_bits(d, op, x, Z3_get_app_arg(d->z, app, 2), depth + 1) : NULL;
	return e ? ite(d, Z3_get_app_arg(d->z, app, 0), t, e) : NULL;
}

static struct tv tr_bin(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	unsigned op = s->sub;
	if (op == IR_B_LT || op == IR_B_GT || op == IR_B_LE || op == IR_B_GE || op == IR_B_EQ ||
	    op == IR_B_NE || op == IR_B_LAND || op == IR_B_LOR) {
		struct tv a = smt_term(q, s->a, inst, depth + 1), b = smt_term(q, s->b, inst, depth + 1);
		Z3_ast f = smt_cond(q, s, inst, depth);
		return tvv(ite(d, f, num(d, 1), num(d, 0)), a.shared && b.shared);
	}
	struct tv a = smt_term(q, s->a, inst, depth + 1), b = smt_term(q, s->b, inst, depth + 1);
	bool sh = a.shared && b.shared;
	long long ca = 0, cb = 0;
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
		return smt_product(q, a, b);
	}
	case IR_B_DIV:
	case IR_B_REM:
		if (nb && cb != 0)
			return tvv(op == IR_B_DIV ? cdiv(d, a.t, cb) : crem(d, a.t, cb), sh);
		/* By an unknown (never zero: undefined in C): a = b * quo + rem,
		 * with C's truncation exact (rem has a's sign, |rem| < |b|), and
		 * b * quo one of the products whose lemmas relate two work-items'
		 * rows (gid / width, (k + 1) % stride == 0): "no model" is a
		 * proof, as for every product, where the solver's own division
		 * ran into its limit. */
		smt_side(q, ne(d, b.t, num(d, 0)));
		{
			char name[64];
			snprintf(name, sizeof name, "k%u.quo%u.%u", d->kid, smt_ast_id(d, a.t),
				 smt_ast_id(d, b.t));
			struct tv quo = tvv(var(d, name), sh);
			Z3_ast rem = sub2(d, a.t, smt_product(q, b, quo).t);
			Z3_ast zero = num(d, 0);
			Z3_ast mag = ite(d, Z3_mk_ge(d->z, b.t, zero), b.t,
					 Z3_mk_unary_minus(d->z, b.t));
			smt_side(q, and2(d, imp(d, Z3_mk_ge(d->z, a.t, zero),
						and2(d, Z3_mk_ge(d->z, rem, zero),
						     Z3_mk_lt(d->z, rem, mag))),
					 imp(d, Z3_mk_lt(d->z, a.t, zero),
					     and2(d, Z3_mk_le(d->z, rem, zero),
						  Z3_mk_gt(d->z, rem, Z3_mk_unary_minus(d->z, mag))))));
			return op == IR_B_DIV ? quo : tvv(rem, sh);
		}
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
	case IR_B_OR:
	case IR_B_XOR: {
		if (nb)
			return tvv(bits_const(d, op, a.t, cb), sh);
		if (na)
			return tvv(bits_const(d, op, b.t, ca), sh);
		/* one side a choice of constants: a choice of exact terms */
		Z3_ast t = distribute_bits(d, op, a.t, b.t, 0);
		if (!t)
			t = distribute_bits(d, op, b.t, a.t, 0);
		if (t)
			return tvv(t, sh);
	}
	/* fall through */
	{
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
	return smt_fresh(q, "op", sh);
}

static struct tv tr_iv(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	struct tv k = smt_slot(q, s->slot, inst);
	struct tv init = smt_term(q, s->a, inst, depth + 1), step = smt_term(q, s->b, inst, depth + 1);
	bool sh = k.shared && init.shared && step.shared;
	long long c;
	bool nc = numeral(d, step.t, &c);
	switch (s->sub) {
	case IR_B_ADD:
	case IR_B_SUB: {
		struct tv t = nc ? tvv(mul2(d, k.t, step.t), k.shared) : smt_product(q, k, step);
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
	return smt_fresh(q, "iv", sh);
}

/*
 * S_LAST (symval.c last_value): the value a variable holds after its loop,
 * the last iteration's.  That iteration's number is a fresh kl per
 * work-item: the loop's condition holds at kl, and the loop ends there,
 * its condition failing at kl + 1 or an exit from the body taken at kl.
 * Formulas about the current iteration (the counter's variables) are
 * moved to kl by substitution.  A loop that may not run gives the value
 * from before it; one with no such value is taken to run (the variable
 * would be read unset).
 */
static struct tv tr_last(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	const struct sym_slot *sl = &q->k->slots[s->slot];
	struct acc_ctx *c = (struct acc_ctx *)sl->ctx;
	const struct ir_block *h = sl->loop;
	struct fn_info *fi = c ? acc_fn_info(q->ab, c->f) : NULL;
	struct sym *cond = c ? guard_cond(q->ab, c, h->id) : NULL;
	if (!cond || !fi || !fi->hloop || fi->hloop[h->id] < 0)
		return smt_fresh(q, "last", false);
	int L = fi->hloop[h->id];
	/* the loop's counters, for this work-item */
	Z3_ast from[8], to[8];
	unsigned n = 0;
	for (unsigned i = 0; i < q->k->nslots && n < 8; i++) {
		const struct sym_slot *t = &q->k->slots[i];
		if (t->is_iv && t->loop == h && t->ctx == c)
			from[n++] = smt_slot(q, i, inst).t;
	}
	Z3_ast kl = Z3_mk_fresh_const(d->z, "last", d->I);
	Z3_ast now = smt_cond(q, cond, inst, depth + 1);
	if (!loop_member(fi, L, h->succs[0]->id))
		now = Z3_mk_not(d->z, now);
	Z3_ast ends = Z3_mk_false(d->z);
	for (unsigned m = 0; m < fi->size[L]; m++) {
		const struct ir_block *x = c->f->blocks[fi->member[L][m]];
		for (unsigned e = 0; x != h && e < x->nsuccs; e++)
			if (!loop_member(fi, L, x->succs[e]->id))
				ends = or2(d, ends, and2(d, smt_runs(q, c, x->id, inst, depth + 1),
							 smt_edge(q, guard_cond(q->ab, c, x->id), x,
								  e, inst)));
	}
	Z3_ast ran1 = smt_runs(q, c, (unsigned)s->c, inst, depth + 1);
	Z3_ast v1 = smt_term(q, s->a, inst, depth + 1).t, v0 = smt_term(q, s->b, inst, depth + 1).t;
	Z3_ast val = ite(d, ran1, v1, v0);
	for (unsigned i = 0; i < n; i++)
		to[i] = kl;
	Z3_ast at_kl[3] = { now, ends, val };
	for (unsigned i = 0; i < 3; i++)
		at_kl[i] = Z3_substitute(d->z, at_kl[i], n, from, to);
	for (unsigned i = 0; i < n; i++)
		to[i] = add2(d, kl, num(d, 1));
	Z3_ast next = Z3_substitute(d->z, now, n, from, to);
	for (unsigned i = 0; i < n; i++)
		to[i] = num(d, 0);
	Z3_ast first = Z3_substitute(d->z, now, n, from, to);
	smt_side(q, imp(d, first, and2(d, Z3_mk_ge(d->z, kl, num(d, 0)),
				       and2(d, at_kl[0], or2(d, Z3_mk_not(d->z, next), at_kl[1])))));
	if (!s->x) {
		smt_side(q, first);
		return tvv(at_kl[2], false);
	}
	Z3_ast before = smt_term(q, s->x, inst, depth + 1).t;
	return tvv(ite(d, first, at_kl[2], before), false);
}

struct tv smt_term(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	if (!s || depth > 200)
		return smt_fresh(q, "deep", false);
	struct qmemo *m = memo_slot(q, s, inst);
	if (m && m->stamp == q->stamp)
		return m->v;
	struct tv r;
	switch (s->op) {
	case S_CONST:
		r = tvv(num(d, s->c), true);
		break;
	case S_LID:
		r = smt_lid(q, s->dim, inst);
		break;
	case S_GRP:
		r = smt_grp(q, s->dim, inst);
		break;
	case S_LSZ:
		r = tvv(d->lsz[s->dim], true);
		break;
	case S_NGRP:
		r = tvv(d->ngrp[s->dim], true);
		break;
	case S_SLOT:
		r = smt_slot(q, s->slot, inst);
		break;
	case S_IV:
		r = tr_iv(q, s, inst, depth);
		break;
	case S_LAST:
		r = tr_last(q, s, inst, depth);
		break;
	case S_DIVERGENT: {
		if (q->data_mode) {
			r = data_value(q, 's', s->id, inst);
			break;
		}
		char name[48];
		snprintf(name, sizeof name, "k%u.dv%u@%u", d->kid, s->slot, inst);
		r = tvv(var(d, name), false);
		if (q->in_index)
			q->opaque = true;
		break;
	}
	case S_LOAD: {
		if (q->data_mode && sym_uses_lid(s->a)) {
			r = data_value(q, 's', s->id, inst);
			break;
		}
		struct tv off = smt_term(q, s->a, inst, depth + 1);
		if (q->loads_equal) {
			/* both work-items read equal data: one value per load */
			char name[48];
			snprintf(name, sizeof name, "k%u.ld%u", d->kid, s->id);
			r = tvv(var(d, name), true);
		} else {
			char name[48];
			/* __local memory (s->dim): one per group */
			if (s->dim && q->inter)
				snprintf(name, sizeof name, "k%u.mem%llx@%u", d->kid,
					 (unsigned long long)s->c, inst);
			else
				snprintf(name, sizeof name, "k%u.mem%llx", d->kid,
					 (unsigned long long)s->c);
			Z3_func_decl f = Z3_mk_func_decl(d->z, Z3_mk_string_symbol(d->z, name), 1,
							 &d->I, d->I);
			r = tvv(Z3_mk_app(d->z, f, 1, &off.t),
				off.shared && !(s->dim && q->inter));
			if (q->in_index)
				q->opaque = true;
		}
		break;
	}
	case S_ELEM: {
		/* One element of a group's copy, per work-item of the query:
		 * any of the count's, independently. */
		char name[48];
		snprintf(name, sizeof name, "k%u.el%u@%u", d->kid, s->slot, inst);
		Z3_ast v = var(d, name);
		struct tv n = smt_term(q, s->a, inst, depth + 1);
		smt_side(q, Z3_mk_ge(d->z, v, num(d, 0)));
		smt_side(q, Z3_mk_lt(d->z, v, n.t));
		r = tvv(v, false);
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
				Z3_ast g = smt_gsz(q, dm);
				smt_side(q, Z3_mk_ge(d->z, r.t, num(d, 0)));
				smt_side(q, Z3_mk_lt(d->z, r.t, g));
				set_extent(d, r.t, g, EXT_GID, dm);
			}
			break;
		}
		r = tr_bin(q, s, inst, depth);
		break;
	case S_NEG: {
		struct tv a = smt_term(q, s->a, inst, depth + 1);
		r = tvv(Z3_mk_unary_minus(d->z, a.t), a.shared);
		break;
	}
	case S_NOT: {
		struct tv a = smt_term(q, s->a, inst, depth + 1);
		r = tvv(sub2(d, Z3_mk_unary_minus(d->z, a.t), num(d, 1)), a.shared);
		break;
	}
	case S_LNOT: {
		struct tv a = smt_term(q, s->a, inst, depth + 1);
		r = tvv(ite(d, eq(d, a.t, num(d, 0)), num(d, 1), num(d, 0)), a.shared);
		break;
	}
	case S_COND: {
		Z3_ast c = smt_cond(q, s->a, inst, depth + 1);
		struct tv a = smt_term(q, s->a, inst, depth + 1), x = smt_term(q, s->b, inst, depth + 1),
			  y = smt_term(q, s->x, inst, depth + 1);
		r = tvv(ite(d, c, x.t, y.t), a.shared && x.shared && y.shared);
		break;
	}
	default:
		r = smt_fresh(q, "sym", false);
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
Z3_ast smt_cond(struct q *q, const struct sym *s, unsigned inst, unsigned depth)
{
	struct dec *d = q->d;
	if (!s)
		return Z3_mk_fresh_const(d->z, "c", Z3_mk_bool_sort(d->z));
	if (s->op == S_LNOT)
		return Z3_mk_not(d->z, smt_cond(q, s->a, inst, depth + 1));
	if (s->op == S_BIN) {
		switch (s->sub) {
		case IR_B_LAND:
			return and2(d, smt_cond(q, s->a, inst, depth + 1), smt_cond(q, s->b, inst, depth + 1));
		case IR_B_LOR:
			return or2(d, smt_cond(q, s->a, inst, depth + 1), smt_cond(q, s->b, inst, depth + 1));
		case IR_B_LT: case IR_B_GT: case IR_B_LE: case IR_B_GE: case IR_B_EQ: case IR_B_NE: {
			Z3_ast a = smt_term(q, s->a, inst, depth + 1).t, b = smt_term(q, s->b, inst, depth + 1).t;
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
	return ne(d, smt_term(q, s, inst, depth + 1).t, num(d, 0));
}

/* ------------------------------------------------------------------ guards */

/* Does the edge e out of branch br run, given its condition? */
Z3_ast smt_edge(struct q *q, const struct sym *cond, const struct ir_block *br,
			   unsigned e, unsigned inst)
{
	struct dec *d = q->d;
	if (!cond)
		return Z3_mk_true(d->z);
	if (br->term == TERM_BRANCH) {
		Z3_ast c = smt_cond(q, cond, inst, 0);
		return e == 0 ? c : Z3_mk_not(d->z, c);
	}
	if (br->term == TERM_SWITCH) {
		Z3_ast v = smt_term(q, cond, inst, 0).t;
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
Z3_ast smt_runs(struct q *q, struct acc_ctx *c, unsigned b, unsigned inst,
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
		f = c->parent ? smt_runs(q, c->parent, c->call_block->id, inst, depth + 1)
			      : Z3_mk_true(d->z);
	} else {
		f = Z3_mk_false(d->z);
		for (unsigned i = 0; i < ncd && i < 64; i++) {
			const struct ir_block *br = c->f->blocks[cd[i].branch];
			Z3_ast t = and2(d, smt_runs(q, c, cd[i].branch, inst, depth + 1),
					smt_edge(q, guard_cond(q->ab, c, cd[i].branch), br,
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
Z3_ast smt_guard(struct q *q, const struct acc *a, unsigned inst)
{
	struct dec *d = q->d;
	struct aux *x = acc_aux(q->ab, q->k, a);
	Z3_ast f = Z3_mk_true(d->z);
	for (unsigned i = 0; i < a->neguard; i++) {
		if (!a->eguard[i].cond)
			continue;
		Z3_ast c = smt_cond(q, a->eguard[i].cond, inst, 0);
		f = and2(d, f, a->eguard[i].when_true ? c : Z3_mk_not(d->z, c));
	}
	struct guard *g = x ? x->g : NULL;
	if (g && g->simple) {
		for (unsigned i = 0; i < g->n; i++)
			f = and2(d, f, smt_edge(q, g->lit[i].cond, g->lit[i].br, g->lit[i].edge,
						    inst));
		return f;
	}
	return and2(d, f, smt_runs(q, a->ctx, a->block->id, inst, 0));
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
				return smt_slot(q, i, 0);
		char name[128];
		snprintf(name, sizeof name, "k%u.arg.%s", d->kid, e->name);
		Z3_ast v = var(d, name);
		for (unsigned i = 0; i < k->kernel->nparams; i++)
			if (!strcmp(k->kernel->params[i]->name, e->name))
				smt_type_range(q, k->kernel->params[i]->type, v);
		return tvv(v, true);
	}
	case FN_LSZ:
		return tvv(d->lsz[e->dim], true);
	case FN_NGRP:
		return tvv(d->ngrp[e->dim], true);
	case FN_GSZ:
		return tvv(smt_gsz(q, e->dim), true);
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
				? tvv(mul2(d, a.t, b.t), true) : smt_product(q, a, b);
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
static Z3_ast smt_facts(struct q *q)
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

bool smt_begin(struct q *q, struct cls_ctx *ctx, struct abuild *ab,
		   const struct acc_kernel *k, bool inter)
{
	memset(q, 0, sizeof *q);
	q->ctx = ctx;
	q->ab = ab;
	q->d = smt_dec(ctx);
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
		smt_side(q, smt_facts(q));
	return true;
}

void smt_end(struct q *q)
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
		smt_limits(d, RLIMIT_LINEAR, left);
	}
	return true;
}

long long smt_value(struct dec *d, Z3_model m, Z3_ast t, bool *ok)
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
		long long x = smt_value(d, m, p->x, &ok), u = smt_value(d, m, p->u, &ok), v = smt_value(d, m, p->p, &ok);
		__int128 r = (__int128)x * u;
		if (!ok || r != v)
			return false;
	}
	return true;
}

/*
 * The tangent planes of product p at model m's factors (a, b), when m puts
 * the product wrongly: (x - a) * (u - b) is at least 0 where both factors
 * lie on the same side of (a, b), at most 0 elsewhere, which is linear in
 * x, u and p = x * u:  p - b * x - a * u + a * b.  True of every value, and
 * at (a, b) it makes p = a * b, so the abstraction cannot repeat the
 * mistake (incremental linearization).  NULL when m holds the product or
 * lacks a value.
 */
static Z3_ast tangent(struct dec *d, const struct prod *p, Z3_model m)
{
	bool ok = true;
	long long a = smt_value(d, m, p->x, &ok), b = smt_value(d, m, p->u, &ok),
		  v = smt_value(d, m, p->p, &ok);
	__int128 ab = (__int128)a * b;
	if (!ok || ab == v || ab > ((__int128)1 << 62) || ab < -((__int128)1 << 62) ||
	    a > (1LL << 31) || a < -(1LL << 31) || b > (1LL << 31) || b < -(1LL << 31))
		return NULL;
	Z3_ast A = num(d, a), B = num(d, b);
	Z3_ast plane = add2(d, sub2(d, sub2(d, p->p, mul2(d, B, p->x)), mul2(d, A, p->u)),
			    num(d, (long long)ab));
	Z3_ast xge = Z3_mk_ge(d->z, p->x, A), xle = Z3_mk_le(d->z, p->x, A);
	Z3_ast uge = Z3_mk_ge(d->z, p->u, B), ule = Z3_mk_le(d->z, p->u, B);
	Z3_ast zero = num(d, 0);
	Z3_ast up = Z3_mk_ge(d->z, plane, zero), down = Z3_mk_le(d->z, plane, zero);
	Z3_ast l[4] = { imp(d, and2(d, xge, uge), up), imp(d, and2(d, xle, ule), up),
			imp(d, and2(d, xge, ule), down), imp(d, and2(d, xle, uge), down) };
	return Z3_mk_and(d->z, 4, l);
}

/* --dump=smt: each check as SMT-LIB text, to see what was asked and to
 * compare runs (names in it must not depend on where things lie in
 * memory, or the solver's search, and so its verdicts at the limit, would
 * differ between runs). */
static void dump_check(struct q *q, Z3_solver s, unsigned na, const Z3_ast *as, Z3_lbool r)
{
	const struct cls_options *o = q->ctx->opt;
	if (!o->dump || !o->dump_out || strcmp(o->dump, "smt"))
		return;
	struct dec *d = q->d;
	fprintf(o->dump_out, "; check %lu in '%s': %s\n%s", d->checks,
		q->k && q->k->kernel ? q->k->kernel->name : "?",
		r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown",
		Z3_solver_to_string(d->z, s));
	for (unsigned i = 0; i < na; i++)
		fprintf(o->dump_out, "; assuming %s\n", Z3_ast_to_string(d->z, as[i]));
}

/* One solver call in the current scope.  On a model, *m receives it
 * (inc_ref'd); on "unsat" under assumptions, as[] is compacted to the core
 * (the rest NULL) when `core` is set. */
static Z3_lbool solve(struct q *q, unsigned na, Z3_ast *as, bool core, Z3_model *m)
{
	struct dec *d = q->d;
	d->checks++;
	Z3_solver s = d->s;
	Z3_lbool r = na ? Z3_solver_check_assumptions(d->z, s, na, as) : Z3_solver_check(d->z, s);
	dump_check(q, s, na, as, r);
	if (zfail(d))
		return Z3_L_UNDEF;
	/* The incremental solver's state (the scopes of earlier questions, the
	 * order its atoms were made in) steers its search: a question it gives
	 * up on within the limit, a fresh solver holding the same assertions
	 * often answers in milliseconds (a polyhedral kernel's inter-group
	 * question with a fixed launch: undecided at the limit, 10 ms fresh).
	 * Asked once, under the same limits, when time is left. */
	if (r == Z3_L_UNDEF && budget_left(q)) {
		Z3_solver f = Z3_mk_simple_solver(d->z);
		Z3_solver_inc_ref(d->z, f);
		limit_solver(d->z, f, d->rlimit_set, d->timeout_set);
		Z3_ast_vector v = Z3_solver_get_assertions(d->z, d->s);
		Z3_ast_vector_inc_ref(d->z, v);
		for (unsigned i = 0, n = Z3_ast_vector_size(d->z, v); i < n; i++)
			Z3_solver_assert(d->z, f, Z3_ast_vector_get(d->z, v, i));
		Z3_ast_vector_dec_ref(d->z, v);
		d->checks++;
		r = na ? Z3_solver_check_assumptions(d->z, f, na, as) : Z3_solver_check(d->z, f);
		s = f;
		if (zfail(d))
			r = Z3_L_UNDEF;
	}
	if (r == Z3_L_TRUE && m) {
		*m = Z3_solver_get_model(d->z, s);
		Z3_model_inc_ref(d->z, *m);
	}
	if (r == Z3_L_FALSE && na && core) {
		Z3_ast_vector v = Z3_solver_get_unsat_core(d->z, s);
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
	if (s != d->s)
		Z3_solver_dec_ref(d->z, s);
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

/* Rounds after which the tangent planes of the products the model got
 * wrong are added (tangent() below).  A round's planes exclude its mistake
 * for good (strips whose rows y * width the fixed values kept missing are
 * found at once), but they accumulate: with planes from all eight rounds
 * hard questions took up to four times as long to reach the limit.  Two
 * decide what one left open (an in-place convolution's fence question)
 * at a tenth more time on the hardest corpus files. */
#define TANGENT_ROUNDS 2

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
	unsigned id = smt_ast_id(d, f) + 1;
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

Z3_lbool smt_check(struct q *q, Z3_ast f, unsigned na, Z3_ast *as, Z3_model *model)
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
		if (nc) /* as is NULL without assumptions: memcpy wants a pointer */
			memcpy(copy, as, nc * sizeof *copy);
		/* (a model costs 0.05 to 0.1 ms: made only for the caller or
		 * for the products to check against it) */
		r = solve(q, na, as, true, model || q->nused ? &m : NULL);
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
		Z3_ast block[MAX_HYP + 64], tan[64];
		unsigned nb = 0, nt = 0;
		for (unsigned i = 0; i < nc; i++)
			block[nb++] = Z3_mk_not(d->z, copy[i]);
		for (unsigned i = 0; i < q->nused && nt < 64 && round < TANGENT_ROUNDS; i++) {
			Z3_ast t = tangent(d, &d->prod[q->used[i]], m);
			if (t)
				tan[nt++] = t;
		}
		Z3_solver_push(d->z, d->s);
		for (unsigned i = 0; i < q->nused; i++) {
			const struct prod *p = &d->prod[q->used[i]];
			bool ok = true;
			long long u = p->us ? smt_value(d, m, p->u, &ok) : 0;
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
		if (nc)
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
		/* No real model with these values under these assumptions;
		 * and none where the abstraction put its products wrongly. */
		Z3_solver_assert(d->z, d->s, Z3_mk_or(d->z, nb, block));
		for (unsigned i = 0; i < nt; i++)
			Z3_solver_assert(d->z, d->s, tan[i]);
	}
	/* The exact products, under a larger limit: authoritative. */
	Z3_solver_push(d->z, d->s);
	for (unsigned i = 0; i < q->nused; i++) {
		const struct prod *p = &d->prod[q->used[i]];
		Z3_solver_assert(d->z, d->s, eq(d, p->p, mul2(d, p->x, p->u)));
	}
	smt_limits(d, RLIMIT_EXACT, d->timeout_set);
	r = solve(q, na, as, true, &m);
	smt_limits(d, RLIMIT_LINEAR, d->timeout_set);
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

void smt_model_free(struct q *q, Z3_model m)
{
	if (m)
		Z3_model_dec_ref(q->d->z, m);
}

