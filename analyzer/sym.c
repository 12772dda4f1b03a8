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
	if (s->op == S_LID || s->op == S_DIVERGENT)
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
