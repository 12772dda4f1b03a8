/*
 * depend.c - dependence tests and spans, without a solver (dep_, acc_).
 */
#include <stdlib.h>
#include <string.h>

#include "depend.h"
#include "smt.h"

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

enum { LK_LID, LK_GRP, LK_LSZ, LK_NGRP, LK_SLOT, LK_K, LK_OPAQUE,
       LK_GBLK     /* get_group_id(d) * get_local_size(d), the group test's */ };

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
	/* The residue test's form: multiples of the work-group size along
	 * mod_dim + 1 (when not 0) are left out, their coefficients' GCD
	 * kept in mod_g. */
	unsigned char mod_dim;
	long long mod_g;
	/* The group test's form: get_group_id(d) * get_local_size(d) along
	 * gblk_dim + 1 (when not 0) is one term, LK_GBLK. */
	unsigned char gblk_dim;
};

static long long gcd_abs(long long a, long long b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		long long r = a % b;
		a = b;
		b = r;
	}
	return a;
}

/* g > 0 when s is g * get_local_size(d) times some integer (a stride of
 * whole work-groups: lsz, 2 * lsz, row * lsz, the step of i += lsz);
 * 0 when that is not seen. */
static long long mult_of_lsz(const struct sym *s, unsigned d, unsigned depth)
{
	if (!s || depth > 32)
		return 0;
	long long x, y, v;
	switch (s->op) {
	case S_LSZ:
		return s->dim == d;
	case S_NEG:
		return mult_of_lsz(s->a, d, depth + 1);
	case S_BIN:
		switch (s->sub) {
		case IR_B_ADD:
		case IR_B_SUB:
			x = mult_of_lsz(s->a, d, depth + 1);
			y = x ? mult_of_lsz(s->b, d, depth + 1) : 0;
			return y ? gcd_abs(x, y) : 0;
		case IR_B_MUL:
			x = mult_of_lsz(s->a, d, depth + 1);
			if (x)
				return s->b->op == S_CONST && s->b->c
					       ? (__builtin_mul_overflow(x, s->b->c, &v) ? 0 : gcd_abs(v, 0))
					       : x;
			y = mult_of_lsz(s->b, d, depth + 1);
			if (y)
				return s->a->op == S_CONST && s->a->c
					       ? (__builtin_mul_overflow(y, s->a->c, &v) ? 0 : gcd_abs(v, 0))
					       : y;
			return 0;
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/* In the residue test's form, record mul * g * lsz * (an integer). */
static bool lin_mod_multiple(struct lform *f, long long mul, long long g)
{
	long long v;
	if (!g || __builtin_mul_overflow(mul, g, &v))
		return false;
	f->mod_g = gcd_abs(f->mod_g, v);
	return true;
}

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
		if (smt_split(q, s->slot))
			return false;
		break;
	case S_DIVERGENT:
	case S_ELEM:
	case S_LAST:
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

/* Is s a number: a constant, or a size the launch fixes? */
static bool known_value(const struct launch *l, const struct sym *s, long long *c)
{
	switch (s->op) {
	case S_CONST:
		*c = s->c;
		return true;
	case S_LSZ:
		*c = (long long)l->lsz[s->dim];
		return *c != 0;
	case S_NGRP:
		*c = (long long)l->ngrp[s->dim];
		return *c != 0;
	default:
		return false;
	}
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
	if (f->mod_dim && s->op != S_IV &&
	    lin_mod_multiple(f, mul, mult_of_lsz(s, f->mod_dim - 1u, 0)))
		return;
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
		lin_add(f, LK_SLOT, smt_split(q, s->slot) ? inst : 2, s->slot, NULL, mul);
		return;
	case S_IV:
		if ((s->sub == IR_B_ADD || s->sub == IR_B_SUB) && s->b && s->b->op == S_CONST) {
			long long step = s->sub == IR_B_ADD ? s->b->c : -s->b->c;
			lin_of(q, s->a, inst, mul, f, depth + 1);
			if (__builtin_mul_overflow(mul, step, &v))
				f->ok = false;
			else
				lin_add(f, LK_K, smt_split(q, s->slot) ? inst : 2, s->slot, NULL, v);
			return;
		}
		/* i += get_local_size(d): whole work-groups at a time */
		if (f->mod_dim && (s->sub == IR_B_ADD || s->sub == IR_B_SUB) &&
		    lin_mod_multiple(f, mul, mult_of_lsz(s->b, f->mod_dim - 1u, 0))) {
			lin_of(q, s->a, inst, mul, f, depth + 1);
			return;
		}
		break;
	case S_NEG:
		lin_of(q, s->a, inst, -mul, f, depth + 1);
		return;
	case S_BIN:
		unsigned bd;
		if (f->gblk_dim && sym_group_block(s, &bd) && bd == f->gblk_dim - 1u) {
			lin_add(f, LK_GBLK, inst, bd, NULL, mul);
			return;
		}
		if (s->sub == IR_B_ADD || s->sub == IR_B_SUB) {
			lin_of(q, s->a, inst, mul, f, depth + 1);
			lin_of(q, s->b, inst, s->sub == IR_B_SUB ? -mul : mul, f, depth + 1);
			return;
		}
		long long c;
		if (s->sub == IR_B_MUL && (known_value(l, s->a, &c) || known_value(l, s->b, &c))) {
			const struct sym *other = known_value(l, s->a, &c) ? s->b : s->a;
			if (__builtin_mul_overflow(mul, c, &v))
				f->ok = false;
			else
				lin_of(q, other, inst, v, f, depth + 1);
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

/* Is c + u * n in the window [wlo, whi] for some n != 0?  (true when the
 * window is too wide to tell) */
static bool nonzero_multiple_in(long long c, long long u, long long wlo, long long whi)
{
	long long au = u < 0 ? -u : u;
	long long nlo = (wlo - c) / au - 1, nhi = (whi - c) / au + 1;
	if (nhi - nlo > 64)
		return true;
	for (long long n = nlo; n <= nhi; n++)
		if (n && c + au * n >= wlo && c + au * n <= whi)
			return true;
	return false;
}

/* The one dimension along which two work-items of one group can differ
 * (the others' sizes are 1), or -1. */
static int item_dim(const struct q *q)
{
	const struct launch *l = &q->k->launch;
	int d = -1;
	if (q->inter)
		return -1;
	for (unsigned dm = 0; dm < 3; dm++)
		if (l->lsz[dm] != 1) {
			if (d >= 0)
				return -1;
			d = (int)dm;
		}
	return d;
}

/*
 * Is the difference f, once its shared terms cancel, u * lid0 - u * lid1
 * along d plus other terms, with no value in the window [wlo, whi] for
 * two different work-items?  u * (lid0 - lid1) is a nonzero multiple of u
 * within u * (L - 1) of 0 (L the group's size along d).  Without other
 * terms, or with multiples of u * lsz only (f->mod_g, the residue test
 * below), the pair is free unless c plus a nonzero multiple of u lies in
 * the window.  So it is when every other coefficient is a multiple of M
 * (64 * k0 - 64 * k1 for h[64 * k + lid], passes of 64) longer than the ids
 * and the window reach together: no multiple of M but 0 brings the
 * difference into the window.
 */
static bool lid_difference_free(const struct q *q, const struct lform *f, int d, long long wlo,
				long long whi)
{
	const struct launch *l = &q->k->launch;
	long long u0 = 0, u1 = 0, m = 0;
	for (unsigned i = 0; i < f->n; i++) {
		const struct lterm *t = &f->t[i];
		if (!t->coef)
			continue;
		if (t->kind == LK_LID && t->id == (unsigned)d && t->inst != 2)
			*(t->inst ? &u1 : &u0) = t->coef;
		else
			m = gcd_abs(m, t->coef);
	}
	long long u = u0;
	if (!u || u1 != -u || (f->mod_g && (m || f->mod_g % u)))
		return false;
	if (m) {
		long long L = l->lsz[d] ? l->lsz[d] : l->lsz_max[d];
		if (L < 1 || L > (1 << 20) || u > (1 << 20) || u < -(1 << 20) ||
		    wlo < -(1LL << 40) || whi > (1LL << 40) || f->c < -(1LL << 40) ||
		    f->c > (1LL << 40))
			return false;
		long long lo = wlo - f->c, hi = whi - f->c;
		long long alo = lo < 0 ? -lo : lo, ahi = hi < 0 ? -hi : hi;
		if (m <= (u < 0 ? -u : u) * (L - 1) + (alo > ahi ? alo : ahi))
			return false;
	}
	return !nonzero_multiple_in(f->c, u, wlo, whi);
}

/*
 * The residue test, for two work-items of one group that differ only along
 * dimension d: indices that are u * lid + c plus multiples of the group's
 * size along d (i = lid; i < n; i += get_local_size(d), in two loops with
 * different bounds) differ by c + u * (lid0 - lid1 + lsz * y), and
 * lid0 - lid1 + lsz * y is never 0 when lid0 != lid1 are both below lsz.
 * Free when no other multiple of u puts the difference in the window
 * [wlo, whi].  The size may stay open: no product with it is formed.
 */
static bool residue_free(const struct q *q, const struct acc *a, const struct acc *b,
			 long long wlo, long long whi)
{
	int d = item_dim(q);
	if (d < 0)
		return false;
	struct lform f = { .ok = true, .mod_dim = (unsigned char)(d + 1) };
	lin_of(q, a->index, 0, 1, &f, 0);
	lin_of(q, b->index, 1, -1, &f, 0);
	return f.ok && lid_difference_free(q, &f, d, wlo, whi);
}

/*
 * The group test, for two work-items of different groups of a launch whose
 * groups differ along one dimension d only: indices that are
 * u * get_global_id(d) + c (get_group_id(d) * get_local_size(d) +
 * get_local_id(d), or the group's number times a known size) differ by
 * c + u * (lid0 - lid1 + lsz * (grp0 - grp1)), never c: the groups differ
 * and the local ids are below lsz.  Free when no other multiple of u puts
 * the difference in the window [wlo, whi].  out[get_global_id(0)] in every
 * group is proved apart here, before the solver.
 */
static bool group_free(const struct q *q, const struct acc *a, const struct acc *b,
		       long long wlo, long long whi)
{
	const struct launch *l = &q->k->launch;
	if (!q->inter)
		return false;
	int d = -1;
	for (unsigned dm = 0; dm < 3; dm++)
		if (l->ngrp[dm] != 1) {
			if (d >= 0)
				return false;
			d = (int)dm;
		}
	if (d < 0)
		return false;
	struct lform f = { .ok = true, .gblk_dim = (unsigned char)(d + 1) };
	lin_of(q, a->index, 0, 1, &f, 0);
	lin_of(q, b->index, 1, -1, &f, 0);
	if (!f.ok)
		return false;
	/* what is left: u * (lid + grp * lsz) of one work-item, minus the
	 * other's; with the size known, grp * lsz may be grp with u * lsz */
	long long lid[2] = { 0, 0 }, blk[2] = { 0, 0 }, grp[2] = { 0, 0 };
	for (unsigned i = 0; i < f.n; i++) {
		const struct lterm *t = &f.t[i];
		if (!t->coef)
			continue;
		if (t->inst == 2 || t->id != (unsigned)d ||
		    (t->kind != LK_LID && t->kind != LK_GBLK && t->kind != LK_GRP))
			return false;
		long long *at = t->kind == LK_LID ? lid : t->kind == LK_GBLK ? blk : grp;
		at[t->inst] = t->coef;
	}
	long long u = lid[0], v;
	if (!u || lid[1] != -u)
		return false;
	for (unsigned i = 0; i < 2; i++) {
		long long want = i ? -u : u;
		if (grp[i]) {
			/* the group's number times the known size */
			if (blk[i] || !l->lsz[d] ||
			    __builtin_mul_overflow(want, (long long)l->lsz[d], &v) || grp[i] != v)
				return false;
		} else if (blk[i] != want) {
			return false;
		}
	}
	return !nonzero_multiple_in(f.c, u, wlo, whi);
}

/* Can the two accesses not overlap, by the GCD, the bounds, the residue
 * or the group test? */
bool dep_free(const struct q *q, const struct acc *a, const struct acc *b)
{
	/* overlap: -width(a) < D < width(b), D = index(a) - index(b) */
	long long wlo = -(long long)a->width + 1, whi = (long long)b->width - 1;
	if (residue_free(q, a, b, wlo, whi) || group_free(q, a, b, wlo, whi))
		return true;
	struct lform f = { .ok = true };
	lin_of(q, a->index, 0, 1, &f, 0);
	lin_of(q, b->index, 1, -1, &f, 0);
	if (!f.ok)
		return false;
	/* u * lid0 - u * lid1 once the rest cancels, with the sizes the
	 * launch fixes taken as numbers (64 * grp against grp * lsz), or
	 * beside multiples of a stride longer than the ids reach */
	int d = item_dim(q);
	if (d >= 0 && lid_difference_free(q, &f, d, wlo, whi))
		return true;
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

