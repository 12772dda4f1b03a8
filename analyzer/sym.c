/*
 * sym.c - evaluating symbolic index expressions (sym_ prefix).
 *
 * Symbolic expressions are built by access.c from the IR; here they are
 * evaluated for one work-item's environment.  Arithmetic is done in 64 bits
 * with the usual C meaning; anything undefined (division by zero, shifts out
 * of range, an unmodelled value) makes the whole evaluation unknown.
 */
#include "access.h"

#define IV_MAX_STEPS 4096

static bool bin(unsigned op, long long x, long long y, long long *r)
{
	switch (op) {
	case IR_B_ADD: *r = (long long)((unsigned long long)x + (unsigned long long)y); return true;
	case IR_B_SUB: *r = (long long)((unsigned long long)x - (unsigned long long)y); return true;
	case IR_B_MUL: *r = (long long)((unsigned long long)x * (unsigned long long)y); return true;
	case IR_B_DIV:
		if (y == 0 || (x == INT64_MIN && y == -1))
			return false;
		*r = x / y;
		return true;
	case IR_B_REM:
		if (y == 0 || (x == INT64_MIN && y == -1))
			return false;
		*r = x % y;
		return true;
	case IR_B_SHL:
		if (y < 0 || y > 62)
			return false;
		*r = (long long)((unsigned long long)x << y);
		return true;
	case IR_B_SHR:
		if (y < 0 || y > 63)
			return false;
		*r = x >> y;
		return true;
	case IR_B_LT: *r = x < y; return true;
	case IR_B_GT: *r = x > y; return true;
	case IR_B_LE: *r = x <= y; return true;
	case IR_B_GE: *r = x >= y; return true;
	case IR_B_EQ: *r = x == y; return true;
	case IR_B_NE: *r = x != y; return true;
	case IR_B_AND: *r = x & y; return true;
	case IR_B_XOR: *r = x ^ y; return true;
	case IR_B_OR: *r = x | y; return true;
	case IR_B_LAND: *r = x && y; return true;
	case IR_B_LOR: *r = x || y; return true;
	case SYM_MIN: *r = x < y ? x : y; return true;
	case SYM_MAX: *r = x > y ? x : y; return true;
	default: return false;
	}
}

static bool eval(const struct sym *s, const struct sym_env *env, long long *out, unsigned depth)
{
	long long x, y;
	if (!s || depth > 256)
		return false;
	switch (s->op) {
	case S_CONST:
		*out = s->c;
		return true;
	case S_LID:
		*out = env->lid[s->dim];
		return true;
	case S_GRP:
		*out = env->grp[s->dim];
		return true;
	case S_LSZ:
		*out = env->lsz[s->dim];
		return true;
	case S_NGRP:
		*out = env->ngrp[s->dim];
		return true;
	case S_SLOT:
		if (s->a)   /* derived from an argument: its own expression */
			return eval(s->a, env, out, depth + 1);
		*out = env->val[s->slot];
		return true;
	case S_IV: {
		long long k = env->val[s->slot], v, step;
		if (k < 0 || k > IV_MAX_STEPS || !eval(s->a, env, &v, depth + 1) ||
		    !eval(s->b, env, &step, depth + 1))
			return false;
		if (s->sub == SYM_TOGGLE) {
			*out = k % 2 ? (long long)((unsigned long long)step - (unsigned long long)v) : v;
			return true;
		}
		if (s->sub == IR_B_ADD || s->sub == IR_B_SUB) {
			long long d = s->sub == IR_B_ADD ? step : -step;
			*out = (long long)((unsigned long long)v + (unsigned long long)d * (unsigned long long)k);
			return true;
		}
		for (long long i = 0; i < k; i++)
			if (!bin(s->sub, v, step, &v))
				return false;
		*out = v;
		return true;
	}
	case S_DIVERGENT:
	case S_LAST:
		return false;
	case S_LOAD: {
		if (!env->hash_loads || !eval(s->a, env, &x, depth + 1))
			return false;
		/* A small value (-4..4), so that comparisons with constants and
		 * sizes come out both ways across places; the seed varies it. */
		unsigned long long h = (unsigned long long)s->c * 0x9e3779b97f4a7c15ULL ^
				       ((unsigned long long)x + 0x632be59bd9b4e019ULL) ^
				       ((unsigned long long)env->hash_seed * 0xbf58476d1ce4e5b9ULL);
		h ^= h >> 31;
		h *= 0x94d049bb133111ebULL;
		h ^= h >> 29;
		*out = (long long)(h % 9) - 4;
		return true;
	}
	case S_BIN:
		if (s->sub == IR_B_LAND || s->sub == IR_B_LOR) {
			if (!eval(s->a, env, &x, depth + 1))
				return false;
			if (s->sub == IR_B_LAND && !x) {
				*out = 0;
				return true;
			}
			if (s->sub == IR_B_LOR && x) {
				*out = 1;
				return true;
			}
			if (!eval(s->b, env, &y, depth + 1))
				return false;
			*out = y != 0;
			return true;
		}
		if (!eval(s->a, env, &x, depth + 1) || !eval(s->b, env, &y, depth + 1))
			return false;
		return bin(s->sub, x, y, out);
	case S_NEG:
		if (!eval(s->a, env, &x, depth + 1))
			return false;
		*out = -x;
		return true;
	case S_NOT:
		if (!eval(s->a, env, &x, depth + 1))
			return false;
		*out = ~x;
		return true;
	case S_LNOT:
		if (!eval(s->a, env, &x, depth + 1))
			return false;
		*out = !x;
		return true;
	case S_COND:
		if (!eval(s->a, env, &x, depth + 1))
			return false;
		return eval(x ? s->b : s->x, env, out, depth + 1);
	}
	return false;
}

bool sym_eval(const struct sym *s, const struct sym_env *env, long long *out)
{
	return eval(s, env, out, 0);
}

bool sym_equal(const struct sym *a, const struct sym *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->op != b->op || a->sub != b->sub || a->dim != b->dim ||
	    a->slot != b->slot || a->c != b->c)
		return false;
	return sym_equal(a->a, b->a) && sym_equal(a->b, b->b) && sym_equal(a->x, b->x);
}

bool sym_uses_lid(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_LID || s->op == S_DIVERGENT || s->op == S_LAST)
		return true;
	return sym_uses_lid(s->a) || sym_uses_lid(s->b) || sym_uses_lid(s->x);
}

bool sym_uses_grp(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_GRP)
		return true;
	return sym_uses_grp(s->a) || sym_uses_grp(s->b) || sym_uses_grp(s->x);
}

bool sym_uses_grp_dim(const struct sym *s, unsigned dim)
{
	if (!s)
		return false;
	if (s->op == S_GRP && s->dim == dim)
		return true;
	return sym_uses_grp_dim(s->a, dim) || sym_uses_grp_dim(s->b, dim) ||
	       sym_uses_grp_dim(s->x, dim);
}

bool sym_group_block(const struct sym *s, unsigned *dim)
{
	if (!s || s->op != S_BIN || s->sub != IR_B_MUL || !s->a || !s->b)
		return false;
	const struct sym *g = s->a->op == S_GRP ? s->a : s->b->op == S_GRP ? s->b : NULL;
	const struct sym *z = g == s->a ? s->b : s->a;
	if (!g || z->op != S_LSZ || z->dim != g->dim)
		return false;
	*dim = g->dim;
	return true;
}

bool sym_uses_slot(const struct sym *s, unsigned slot)
{
	if (!s)
		return false;
	if ((s->op == S_SLOT || s->op == S_IV) && s->slot == slot)
		return true;
	return sym_uses_slot(s->a, slot) || sym_uses_slot(s->b, slot) || sym_uses_slot(s->x, slot);
}

bool sym_uses_lsz(const struct sym *s, unsigned dim)
{
	if (!s)
		return false;
	if (s->op == S_LSZ && s->dim == dim)
		return true;
	return sym_uses_lsz(s->a, dim) || sym_uses_lsz(s->b, dim) || sym_uses_lsz(s->x, dim);
}

/* ------------------------------------------------------------ bounds */

struct ival {
	long long lo, hi;
};

#define BOUND_MAX (1LL << 60)

static bool clamp(__int128 lo, __int128 hi, struct ival *r)
{
	if (lo < -BOUND_MAX || hi > BOUND_MAX)
		return false;
	r->lo = (long long)lo;
	r->hi = (long long)hi;
	return true;
}

/* The values s can take over the launch (interval arithmetic). */
static bool sym_range(const struct acc_kernel *k, const struct sym *s, struct ival *r,
		      unsigned depth)
{
	const struct launch *l = &k->launch;
	struct ival a, b;
	if (!s || depth > 64)
		return false;
	switch (s->op) {
	case S_CONST:
		return clamp(s->c, s->c, r);
	case S_LID:
		return clamp(0, (l->lsz[s->dim] ? l->lsz[s->dim] : l->lsz_max[s->dim]) - 1, r);
	case S_LSZ:
		return clamp(1, l->lsz[s->dim] ? l->lsz[s->dim] : l->lsz_max[s->dim], r);
	case S_GRP:
		return clamp(0, l->ngrp[s->dim] ? (__int128)l->ngrp[s->dim] - 1
						 : (__int128)l->ngrp_max[s->dim] - 1, r);
	case S_NGRP:
		return clamp(1, l->ngrp[s->dim] ? l->ngrp[s->dim] : (__int128)l->ngrp_max[s->dim], r);
	case S_SLOT: {
		const struct sym_slot *sl = &k->slots[s->slot];
		const struct ir_type *t = sl->var && !sl->is_iv ? sl->var->type : NULL;
		if (!t || t->kind != T_INT || t->size <= 0 || t->size > 4)
			return false;
		if (t->is_unsigned)
			return clamp(0, ((__int128)1 << (t->size * 8)) - 1, r);
		return clamp(-((__int128)1 << (t->size * 8 - 1)), ((__int128)1 << (t->size * 8 - 1)) - 1,
			     r);
	}
	case S_NEG:
		return sym_range(k, s->a, &a, depth + 1) && clamp(-(__int128)a.hi, -(__int128)a.lo, r);
	case S_COND:
		if (!sym_range(k, s->b, &a, depth + 1) || !sym_range(k, s->x, &b, depth + 1))
			return false;
		return clamp(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, r);
	case S_BIN:
		break;
	default:
		return false;
	}
	if (!sym_range(k, s->a, &a, depth + 1) || !sym_range(k, s->b, &b, depth + 1))
		return false;
	switch (s->sub) {
	case IR_B_ADD:
		return clamp((__int128)a.lo + b.lo, (__int128)a.hi + b.hi, r);
	case IR_B_SUB:
		return clamp((__int128)a.lo - b.hi, (__int128)a.hi - b.lo, r);
	case IR_B_MUL: {
		__int128 p[4] = { (__int128)a.lo * b.lo, (__int128)a.lo * b.hi, (__int128)a.hi * b.lo,
				  (__int128)a.hi * b.hi };
		__int128 lo = p[0], hi = p[0];
		for (int i = 1; i < 4; i++) {
			lo = p[i] < lo ? p[i] : lo;
			hi = p[i] > hi ? p[i] : hi;
		}
		return clamp(lo, hi, r);
	}
	case IR_B_DIV:
		if (b.lo != b.hi || b.lo <= 0)
			return false;
		return clamp(a.lo / b.lo, a.hi / b.lo, r);
	case IR_B_SHR:
		if (b.lo != b.hi || b.lo < 0 || b.lo > 62)
			return false;
		return clamp(a.lo >> b.lo, a.hi >> b.lo, r);
	case IR_B_SHL:
		if (b.lo != b.hi || b.lo < 0 || b.lo > 40)
			return false;
		return clamp((__int128)a.lo << b.lo, (__int128)a.hi << b.lo, r);
	case IR_B_REM:
		if (b.lo != b.hi || b.lo == 0)
			return false;
		{
			long long m = (b.lo < 0 ? -b.lo : b.lo) - 1;
			return clamp(a.lo >= 0 ? 0 : -m, a.hi <= 0 ? 0 : m, r);
		}
	case IR_B_AND:
		if (b.lo == b.hi && b.lo >= 0)
			return clamp(0, b.lo, r);
		if (a.lo == a.hi && a.lo >= 0)
			return clamp(0, a.lo, r);
		return false;
	case SYM_MIN:
		return clamp(a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi, r);
	case SYM_MAX:
		return clamp(a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, r);
	default:
		return false;
	}
}

bool acc_bounds(const struct acc_kernel *k, const struct acc *a, long long *lo, long long *hi)
{
	struct ival r;
	if (!a->index || !sym_range(k, a->index, &r, 0))
		return false;
	*lo = r.lo;
	*hi = r.hi + a->width;
	return true;
}
