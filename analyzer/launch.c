/*
 * launch.c - the launch of each kernel, decided once (launch_ prefix).
 * See launch.h for what is decided and in which order.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

/* ------------------------------------------------------------ dimensions */

struct dims_scan {
	unsigned dims;    /* highest dimension asked about, + 1 */
	unsigned items;   /* bit d: local or global id along d */
	unsigned groups;  /* bit d: group or global id along d */
	unsigned local;   /* bit d: local id or local size along d */
	/* Variables of the kernel whose one definition is get_global_id(d)
	 * (gid = get_global_id(0)): their uses are the call's. */
	const struct ir_var *gidv[8];
	unsigned char gidd[8];
	unsigned ngid;
	unsigned elect;   /* bit d: the global id along d is compared with 0 */
	bool atomic;      /* the kernel calls an atomic function */
};

/* The dimension d when e is get_global_id(d), or a variable holding it;
 * -1 otherwise. */
static int global_id_dim(const struct ir_expr *e, const struct dims_scan *s)
{
	e = ir_strip(e);
	long long d;
	if (e && e->op == E_CALL && !e->callee && e->u.name && !strcmp(e->u.name, "get_global_id") &&
	    e->nkids == 1 && ir_const_int(e->kids[0], &d) && d >= 0 && d <= 2)
		return (int)d;
	for (unsigned i = 0; e && e->op == E_VAR && i < s->ngid; i++)
		if (s->gidv[i] == e->u.var)
			return s->gidd[i];
	return -1;
}

/* Is e `gid == 0`, `gid != 0` or `!gid`: does it only elect the grid's
 * first work-item along d?  -1 when not. */
static int election_dim(const struct ir_expr *e, const struct dims_scan *s)
{
	long long z;
	if (e->op == E_UNARY && e->sub == IR_U_LNOT)
		return global_id_dim(e->kids[0], s);
	if (e->op != E_BINARY || (e->sub != IR_B_EQ && e->sub != IR_B_NE))
		return -1;
	for (unsigned i = 0; i < 2; i++)
		if (ir_const_int(e->kids[1 - i], &z) && z == 0)
			return global_id_dim(e->kids[i], s);
	return -1;
}

/* What expression e (and the functions it calls) asks about the work-item
 * it runs as.  get_local_size, get_num_groups and get_global_size tell no
 * two work-items apart. */
static void scan_expr(const struct ir_expr *e, struct dims_scan *s, unsigned depth)
{
	if (!e || depth > 64)
		return;
	/* Electing the grid's first work-item (gid == 0: a total stored
	 * once) tells work-items apart, not the work the groups do. */
	int ed = election_dim(e, s);
	if (ed >= 0) {
		s->items |= 1u << ed;
		s->elect |= 1u << ed;
		return;
	}
	if (e->op == E_ASSIGN && !e->sub && e->kids[0]->op == E_VAR &&
	    global_id_dim(e->kids[0], s) >= 0)
		return; /* gid = get_global_id(0): asked where gid is used */
	if (e->op == E_VAR && (ed = global_id_dim(e, s)) >= 0) {
		s->items |= 1u << ed;
		s->groups |= 1u << ed;
		return;
	}
	if (e->op == E_CALL && e->u.name && !e->callee) {
		const char *n = e->u.name;
		if (!strncmp(n, "atomic_", 7) || !strncmp(n, "atom_", 5))
			s->atomic = true;
		long long d;
		unsigned bit = e->nkids == 1 && ir_const_int(e->kids[0], &d) && d >= 0 && d <= 2
			? 1u << d : 7u;
		if (e->nkids == 1 && bit != 7u && !strncmp(n, "get_", 4) && strstr(n, "_id") &&
		    (unsigned)d + 1 > s->dims)
			s->dims = (unsigned)d + 1;
		if (!strcmp(n, "get_local_id"))
			s->items |= bit, s->local |= bit;
		else if (!strcmp(n, "get_local_size") || !strcmp(n, "get_enqueued_local_size"))
			s->local |= bit;
		else if (!strcmp(n, "get_group_id"))
			s->groups |= bit;
		else if (!strcmp(n, "get_global_id"))
			s->items |= bit, s->groups |= bit;
		else if (!strcmp(n, "get_local_linear_id") || !strcmp(n, "get_sub_group_local_id") ||
			 !strcmp(n, "get_sub_group_id"))
			s->items |= 7u, s->local |= 7u;
		else if (!strcmp(n, "get_global_linear_id"))
			s->items |= 7u, s->groups |= 7u;
		else if (!strcmp(n, "get_group_linear_id"))
			s->groups |= 7u;
	}
	if (e->op == E_CALL && e->callee && depth < 16) {
		const struct ir_func *f = e->callee;
		for (unsigned b = 0; b < f->nblocks; b++) {
			const struct ir_block *bb = f->blocks[b];
			for (unsigned i = 0; i < bb->ninsts; i++)
				scan_expr(bb->insts[i], s, depth + 1);
			scan_expr(bb->cond, s, depth + 1);
		}
	}
	for (unsigned i = 0; i < e->nkids; i++)
		scan_expr(e->kids[i], s, depth + 1);
}

/* Count the definitions of f's variables in e (defs[v->id]), and note
 * each first definition that is a plain get_global_id(d). */
static void count_defs(const struct ir_func *f, const struct ir_expr *e, unsigned *defs,
		       struct dims_scan *s, unsigned depth)
{
	if (!e || depth > 64)
		return;
	const struct ir_expr *t = (e->op == E_ASSIGN || e->op == E_INCDEC) ? e->kids[0] : NULL;
	if (e->op == E_ADDROF)
		t = e->kids[0];
	if (t && t->op == E_VAR && t->u.var->func == f && t->u.var->id < f->nvars &&
	    defs[t->u.var->id]++ == 0 && e->op == E_ASSIGN && !e->sub && s->ngid < 8) {
		int d = global_id_dim(e->kids[1], s);
		if (d >= 0 && t->u.var->kind == VAR_PRIVATE && !t->u.var->addr_taken) {
			s->gidv[s->ngid] = t->u.var;
			s->gidd[s->ngid++] = (unsigned char)d;
		}
	}
	for (unsigned i = 0; i < e->nkids; i++)
		count_defs(f, e->kids[i], defs, s, depth + 1);
}

/* The variables of f that hold get_global_id(d) and nothing else. */
static void global_id_vars(const struct ir_func *f, struct dims_scan *s)
{
	unsigned *defs = calloc(f->nvars + 1, sizeof *defs);
	if (!defs)
		return;
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *bb = f->blocks[b];
		for (unsigned i = 0; i < bb->ninsts; i++)
			count_defs(f, bb->insts[i], defs, s, 0);
		count_defs(f, bb->cond, defs, s, 0);
	}
	unsigned n = 0;
	for (unsigned i = 0; i < s->ngid; i++)
		if (defs[s->gidv[i]->id] == 1) {
			s->gidv[n] = s->gidv[i];
			s->gidd[n++] = s->gidd[i];
		}
	s->ngid = n;
	free(defs);
}

static void scan_func(const struct ir_func *f, struct dims_scan *s)
{
	memset(s, 0, sizeof *s);
	s->dims = 1;
	global_id_vars(f, s);
	for (unsigned i = 0; i < s->ngid; i++)
		if (s->gidd[i] + 1u > s->dims)
			s->dims = s->gidd[i] + 1u;
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *bb = f->blocks[b];
		for (unsigned i = 0; i < bb->ninsts; i++)
			scan_expr(bb->insts[i], s, 0);
		scan_expr(bb->cond, s, 0);
	}
	/* Atomics are how groups doing the same thing to the same data
	 * still mean something (every work-item counted into one total, the
	 * elected one resetting it first): there an election is the grid's,
	 * and the groups are told apart. */
	if (s->atomic)
		s->groups |= s->elect;
	/* A linear id covers the dimensions the kernel has. */
	unsigned all = (1u << s->dims) - 1;
	if (s->items == 7u)
		s->items = all;
	if (s->groups == 7u)
		s->groups = all;
	if (s->local == 7u)
		s->local = all;
}

/* ---------------------------------------------------------------- resolve */

/* The default work-group shape of the witnesses: 256 work-items spread over
 * the dimensions whose work-items the kernel tells apart. */
static void default_shape(unsigned items, unsigned out[3])
{
	static const unsigned shape[4][3] = { { 1, 1, 1 }, { 256, 1, 1 }, { 16, 16, 1 },
					      { 8, 8, 4 } };
	unsigned n = 0;
	for (unsigned d = 0; d < 3; d++)
		n += items >> d & 1;
	unsigned j = 0;
	for (unsigned d = 0; d < 3; d++)
		out[d] = items >> d & 1 ? shape[n][j++] : 1;
}

void launch_resolve(struct cls_ctx *ctx, const struct ir_func *f, struct launch *l)
{
	const struct cls_launch *o = &ctx->opt->launch;
	struct dims_scan s;
	scan_func(f, &s);
	memset(l, 0, sizeof *l);
	l->dims = s.dims;
	l->item_dims = s.items;
	l->group_dims = s.groups;
	l->local_dims = s.local;
	struct bank_model bm;
	cls_bank_model(ctx->opt, &bm);
	l->sg_size = bm.subgroup;
	bool reqd_macro = f->reqd_macro[0] || f->reqd_macro[1] || f->reqd_macro[2];
	bool given = o->local[0] != 0;
	if (given && f->reqd_wg[0] && !reqd_macro) {
		/* A runtime refuses any other work-group size: analyze the one
		 * that runs, and say so. */
		bool same = true;
		for (unsigned d = 0; d < 3; d++)
			same &= (o->local[d] ? o->local[d] : 1) == (f->reqd_wg[d] ? f->reqd_wg[d] : 1);
		if (!same) {
			struct cls_range r = { f->name_pos, f->name_pos };
			cls_report(ctx, &cls_rule_assumption, r,
				   "--local-size=%u,%u,%u contradicts reqd_work_group_size(%u, %u, %u) "
				   "of kernel '%s', which a runtime enforces: analyzed with the "
				   "kernel's own size", o->local[0], o->local[1] ? o->local[1] : 1,
				   o->local[2] ? o->local[2] : 1, f->reqd_wg[0],
				   f->reqd_wg[1] ? f->reqd_wg[1] : 1, f->reqd_wg[2] ? f->reqd_wg[2] : 1,
				   f->name);
			given = false;
		}
	}
	if (given || f->reqd_wg[0] || reqd_macro) {
		const unsigned *v = given ? o->local : f->reqd_wg;
		l->src = given ? LAUNCH_GIVEN : LAUNCH_REQD;
		for (unsigned d = 0; d < 3; d++)
			l->lsz[d] = l->lsz_max[d] = l->wlsz[d] = v[d] ? v[d] : 1;
		/* reqd_work_group_size(TILE, ...) with TILE a macro constant the
		 * build does not define: that size is the unknown itself. */
		/* Along a dimension whose work-items the kernel never tells apart
		 * the size is one, as for an open launch (below). */
		unsigned open = 0;
		for (unsigned d = 0; d < 3 && !given; d++)
			if (f->reqd_macro[d] && (s.items >> d & 1))
				open |= 1u << d;
		unsigned shape[3];
		default_shape(open, shape);
		for (unsigned d = 0; d < 3; d++) {
			if (!(open >> d & 1))
				continue;
			l->lsz[d] = 0;
			l->lsz_max[d] = d == 2 ? LAUNCH_MAX_DIM2 : LAUNCH_MAX_WG;
			l->wlsz[d] = shape[d];
			/* reqd_work_group_size(SIZE / 2, ...): lsz == (c * SIZE + o) / d */
			l->tie[l->nties++] = (struct launch_tie){
				f->reqd_macro[d], f->reqd_div[d] ? f->reqd_coef[d] : 1,
				f->reqd_div[d] ? f->reqd_off[d] : 0, (unsigned char)d, true,
				f->reqd_div[d] ? f->reqd_div[d] : 1 };
		}
	} else {
		/* Along a dimension whose work-items the kernel never tells apart,
		 * every work-item would do the same work: one wide. */
		l->src = LAUNCH_OPEN;
		/* A kernel that tells its work-items apart within the group
		 * along some dimensions (get_local_id(1), get_local_size(1))
		 * and along the others only by global id is written for
		 * groups one wide along those: (1, L) for a row per group.
		 * Two work-items of one group that differ only there would
		 * share every __local element; the witnesses do not take a
		 * width nobody wrote (the size stays open). */
		unsigned shape_dims = s.items;
		if (s.local & s.items)
			shape_dims = s.items & s.local;
		default_shape(shape_dims, l->wlsz);
		for (unsigned d = 0; d < 3; d++) {
			bool open = s.items >> d & 1;
			l->lsz[d] = open ? 0 : 1;
			l->lsz_max[d] = open ? (d == 2 ? LAUNCH_MAX_DIM2 : LAUNCH_MAX_WG) : 1;
		}
	}
	/* Work-groups: --num-groups, else --global-size / local size; else
	 * open along each dimension whose groups the kernel tells apart (the
	 * witnesses take 2), one along the others.  A kernel that never asks
	 * which group it is in does the same work in every group: one group. */
	l->ngrp_given = o->groups[0] || o->global[0];
	for (unsigned d = 0; d < 3; d++) {
		if (o->global[0])
			l->gsz[d] = o->global[d] ? o->global[d] : 1;
		if (o->groups[0]) {
			l->ngrp[d] = l->wngrp[d] = o->groups[d] ? o->groups[d] : 1;
		} else if (o->global[0] && l->lsz[d]) {
			l->ngrp[d] = (unsigned)((l->gsz[d] + l->lsz[d] - 1) / l->lsz[d]);
			l->wngrp[d] = l->ngrp[d];
		} else if (o->global[0]) {
			l->ngrp[d] = 0;
			l->wngrp[d] = (unsigned)((l->gsz[d] + l->wlsz[d] - 1) / l->wlsz[d]);
		} else if (s.groups >> d & 1) {
			l->ngrp[d] = 0;
			l->wngrp[d] = 2;
		} else {
			l->ngrp[d] = l->wngrp[d] = 1;
		}
		if (!l->wngrp[d])
			l->wngrp[d] = 1;
		l->ngrp_max[d] = l->ngrp[d] ? l->ngrp[d] : LAUNCH_MAX_GLOBAL;
	}
}

/* ----------------------------------------------------- the kernel's bounds */

/* An access whose bounds can say something about the work-group size: to
 * an array declared in the kernel, with an index over the local ids and
 * counted loops (each counter's last iteration in top[]). */
struct bounded {
	const struct acc *a;
	struct aux *x;
	unsigned ivs[4], top[4], niv;
	/* a multi-dimensional array: each subscript and its dimension's
	 * length, outermost first (t[y][x] of t[18][18] stays in bounds only
	 * when x < 18, however small y is) */
	struct sym *sub[4];
	unsigned ext[4], nsub;
};

/* The subscripts of access a to a multi-dimensional array (b->sub, b->ext),
 * when every one has a value the analysis models. */
static void subscripts(struct abuild *ab, const struct acc *a, struct bounded *b)
{
	const struct ir_expr *chain[4];
	unsigned n = 0;
	const struct ir_expr *e = ir_strip(a->lv);
	while (e && e->op == E_INDEX && n < 4 && e->kids[0] && e->kids[0]->type &&
	       e->kids[0]->type->kind == T_ARRAY) {
		chain[n++] = e;
		e = ir_strip(e->kids[0]);
	}
	b->nsub = 0;
	if (n < 2 || !e || e->op != E_VAR || e->u.var != a->object)
		return;
	/* chain[n - 1] indexes the outermost dimension */
	for (unsigned i = 0; i < n; i++) {
		const struct ir_expr *x = chain[n - 1 - i];
		const struct ir_type *t = x->kids[0]->type;
		if (t->symbolic || !t->count)
			return;
		struct sym *v = acc_sym_of(ab, x->kids[1], a->ctx, a->block->id, a->inst, 0);
		if (!v)
			return;
		b->sub[i] = v;
		b->ext[i] = t->count;
	}
	b->nsub = n;
}

static bool bounded_access(struct abuild *ab, struct acc_kernel *k, const struct acc *a,
			   struct bounded *b)
{
	const struct ir_var *o = a->object;
	if (a->space != AS_LOCAL || !a->index || !o || o->kind != VAR_SHARED || !o->type ||
	    o->type->size <= 0 || !sym_uses_lid(a->index))
		return false;
	b->a = a;
	b->x = acc_aux(ab, k, a);
	b->niv = 0;
	if (!b->x)
		return false;
	subscripts(ab, a, b);
	for (unsigned i = 0; i < b->x->nslots; i++) {
		struct sym_slot *sl = &k->slots[b->x->slots[i]];
		unsigned trip = sl->is_iv ? acc_iv_trip(ab, k, sl) : 0;
		if (!sl->is_iv || b->niv == 4 || trip == 0 || trip >= 4096)
			return false;
		b->top[b->niv] = trip - 1;
		b->ivs[b->niv++] = b->x->slots[i];
	}
	return true;
}

/* Does b's access stay inside its array for the work-item of env (every
 * loop counter at its first and at its last value)?  env->val has `cap`
 * entries; an evaluation that made new unknowns (a guard built lazily)
 * proves nothing.  Only the counters matter: bounded_access admits no
 * other unknown. */
static bool stays_in(struct abuild *ab, const struct acc_kernel *k, const struct bounded *b,
		     struct sym_env *env, unsigned cap)
{
	for (unsigned m = 0; m < (1u << b->niv); m++) {
		if (k->nslots > cap)
			return true;
		memset(env->val, 0, cap * sizeof *env->val);
		for (unsigned i = 0; i < b->niv; i++)
			env->val[b->ivs[i]] = (m >> i) & 1 ? b->top[i] : 0;
		long long idx;
		bool on = guard_runs(ab, b->a, b->x->g, env);
		if (k->nslots > cap)
			return true;
		if (!on || !sym_eval(b->a->index, env, &idx))
			continue;
		if (idx < 0 || idx + b->a->width > b->a->object->type->size) /* bytes */
			return false;
		for (unsigned i = 0; i < b->nsub; i++) {
			long long v;
			if (sym_eval(b->sub[i], env, &v) && (v < 0 || v >= b->ext[i]))
				return false;
		}
	}
	return true;
}

/*
 * Kernels written for a fixed work-group often say so only through their
 * __local arrays: tile[i * 16 + lid] for i < 16 stays in a 256-element array
 * only when lid < 16.  An access outside an array is undefined behaviour, so
 * the work-group the author meant keeps every access in bounds: the largest
 * size for which each bounded access (above) stays inside its array for
 * every work-item that executes it bounds the open size.  1-D: the exact
 * largest count; 2-D: the largest of the shapes with power-of-two sides.
 */
static void infer_from_arrays(struct abuild *ab, struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	unsigned nopen = 0, dim = 0;
	for (unsigned d = 0; d < 3; d++)
		if (!l->lsz[d])
			nopen++, dim = d;
	if (!nopen || nopen > 2 || !k->accs.len || (nopen == 2 && l->lsz[2] != 1))
		return;
	struct bounded *bs = calloc(k->accs.len, sizeof *bs);
	unsigned nb = 0;
	if (!bs)
		return;
	for (unsigned j = 0; j < k->accs.len; j++)
		if (bounded_access(ab, k, k->accs.items[j], &bs[nb])) {
			/* Build the guard's conditions now: they may add unknowns. */
			guard_slots(ab, bs[nb].a->ctx, bs[nb].a->block->id, NULL, NULL, 0);
			nb++;
		}
	unsigned cap = k->nslots + 64;
	long long *val = calloc(cap, sizeof *val);
	if (!val || !nb) {
		free(bs);
		free(val);
		return;
	}
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
	for (unsigned d = 0; d < 3; d++) {
		env.lsz[d] = l->lsz[d] ? l->lsz[d] : 1;
		env.ngrp[d] = l->wngrp[d];
	}
	unsigned best[3] = { l->lsz_max[0], l->lsz_max[1], l->lsz_max[2] };
	const char *bound = NULL;
	if (nopen == 1) {
		/* Work-item t needs a group of at least t + 1. */
		for (unsigned j = 0; j < nb; j++)
			for (unsigned t = 0; t < best[dim]; t++) {
				memset(env.lid, 0, sizeof env.lid);
				env.lid[dim] = t;
				env.lsz[dim] = t + 1;
				if (!stays_in(ab, k, &bs[j], &env, cap)) {
					best[dim] = t;
					bound = bs[j].a->object->name;
				}
			}
	} else {
		/* Shapes by area, then wider first: 32x32, 32x16, 16x32, 16x16, ... */
		static const unsigned sides[] = { 32, 16, 8, 4, 2, 1 };
		const char *first_bad = NULL;
		bool found = false;
		for (unsigned area = LAUNCH_MAX_WG; area >= 2 && !found; area /= 2)
			for (unsigned xi = 0; xi < 6 && !found; xi++) {
				unsigned x = sides[xi], y = area / x;
				if (x * y != area || y > 32)
					continue;
				env.lsz[0] = x, env.lsz[1] = y, env.lsz[2] = 1;
				const char *bad = NULL;
				for (unsigned j = 0; j < nb && !bad; j++)
					for (unsigned t = 0; t < x * y && !bad; t++) {
						env.lid[0] = t % x, env.lid[1] = t / x;
						if (!stays_in(ab, k, &bs[j], &env, cap))
							bad = bs[j].a->object->name;
					}
				if (!bad) {
					found = true;
					best[0] = x, best[1] = y;
				} else if (!first_bad) {
					first_bad = bad;
				}
			}
		if (found && first_bad)
			bound = first_bad;
	}
	free(bs);
	free(val);
	if (!bound || best[0] * best[1] * best[2] < 2)
		return;
	for (unsigned d = 0; d < 3; d++) {
		if (l->lsz[d] || best[d] >= l->lsz_max[d])
			continue;
		l->lsz_max[d] = best[d] ? best[d] : 1;
		if (l->wlsz[d] > l->lsz_max[d])
			l->wlsz[d] = l->lsz_max[d];
	}
	l->src = LAUNCH_BOUNDED;
	l->bound = mem_printf(ab->a, "the largest that keeps every access to '%s' in bounds",
			      bound);
}

/* A term of a flattened sum: coef * atom (atom NULL: a constant). */
struct term {
	long long coef;
	const struct sym *atom;
};

/* Flatten s * mul into additive terms; induction variables contribute
 * their first value (init) and an opaque step term. */
static void flatten(const struct sym *s, long long mul, struct term *t, unsigned *n, unsigned cap,
		    unsigned depth)
{
	if (!s || *n >= cap || depth > 32)
		return;
	if (s->op == S_BIN && (s->sub == IR_B_ADD || s->sub == IR_B_SUB)) {
		flatten(s->a, mul, t, n, cap, depth + 1);
		flatten(s->b, s->sub == IR_B_SUB ? -mul : mul, t, n, cap, depth + 1);
		return;
	}
	if (s->op == S_BIN && s->sub == IR_B_MUL && (s->a->op == S_CONST || s->b->op == S_CONST)) {
		const struct sym *c = s->a->op == S_CONST ? s->a : s->b;
		flatten(c == s->a ? s->b : s->a, mul * c->c, t, n, cap, depth + 1);
		return;
	}
	if (s->op == S_BIN && s->sub == IR_B_SHL && s->b->op == S_CONST && s->b->c >= 0 &&
	    s->b->c < 31) {
		flatten(s->a, mul << s->b->c, t, n, cap, depth + 1);
		return;
	}
	if (s->op == S_NEG) {
		flatten(s->a, -mul, t, n, cap, depth + 1);
		return;
	}
	if (s->op == S_IV && (s->sub == IR_B_ADD || s->sub == IR_B_SUB)) {
		flatten(s->a, mul, t, n, cap, depth + 1);
		/* the steps taken: a coordinate whose coefficient is the step when
		 * that is a constant (0: not one) */
		long long step = s->b && s->b->op == S_CONST ? s->b->c : 0;
		if (*n < cap)
			t[(*n)++] = (struct term){ mul * (step < 0 ? -step : step), s };
		return;
	}
	t[(*n)++] = (struct term){ s->op == S_CONST ? mul * s->c : mul,
				   s->op == S_CONST ? NULL : s };
}

/* The bounds one linear form (a sum, s) says about the open local sizes
 * (lim, with the line of the access), and those of the sums nested in its
 * other terms: ((t0 + c0) * n + c1 + c3) is a form of its own inside. */
static void form_bounds(const struct launch *l, const struct sym *s, long long lim[3],
			unsigned line[3], unsigned at, unsigned depth)
{
	struct term t[32];
	unsigned n = 0;
	if (!s || depth > 16)
		return;
	flatten(s, 1, t, &n, 32, 0);
	for (unsigned d = 0; d < 3; d++) {
		if (l->lsz[d])
			continue;
		long long unit = 0, stride = 0;
		bool reads_size = false;
		for (unsigned i = 0; i < n; i++)
			if (t[i].atom && t[i].atom->op == S_LID && t[i].atom->dim == d)
				unit = t[i].coef;
		for (unsigned i = 0; i < n; i++) {
			const struct sym *x = t[i].atom;
			if (!x)
				continue;
			bool other = x->op == S_GRP || x->op == S_IV || (x->op == S_LID && x->dim != d);
			if (other && unit > 0 && t[i].coef > unit && (!stride || t[i].coef < stride))
				stride = t[i].coef;
			reads_size |= sym_uses_lsz(x, d);
		}
		if (unit <= 0 || stride <= 0 || reads_size || stride % unit || stride / unit < 2)
			continue;
		long long b = stride / unit;
		if (!lim[d] || b < lim[d]) {
			lim[d] = b;
			line[d] = at;
		}
	}
	/* The sums inside products and other operators are forms too. */
	for (unsigned i = 0; i < n; i++) {
		const struct sym *x = t[i].atom;
		if (!x || x->op == S_LID || x->op == S_GRP || x->op == S_IV || x->op == S_SLOT)
			continue;
		form_bounds(l, x->a, lim, line, at, depth + 1);
		form_bounds(l, x->b, lim, line, at, depth + 1);
		form_bounds(l, x->x, lim, line, at, depth + 1);
	}
}

/* Can the guard of access a be evaluated per work-item: does it read only
 * the ids and loop counters?  An argument taken as 0 would switch off what
 * it guards (gid < n).  Builds the guard's conditions (they may add
 * unknowns: false past cap). */
static bool guard_decides(struct abuild *ab, const struct acc_kernel *k, const struct acc *a,
			  unsigned cap)
{
	struct aux *x = acc_aux(ab, k, a);
	unsigned char *used = x && x->g ? calloc(cap, 1) : NULL;
	if (!used)
		return false;
	guard_slots(ab, a->ctx, a->block->id, used, NULL, 0);
	bool other = k->nslots > cap;
	for (unsigned i = 0; i < k->nslots && !other; i++)
		other = used[i] && !k->slots[i].is_iv;
	free(used);
	return !other;
}

/* Does access a, whose guard decides (above), run for the work-item whose
 * id along d is t (the others 0, loop counters at their first value)? */
static bool runs_past(struct abuild *ab, const struct acc_kernel *k, const struct acc *a,
		      unsigned d, unsigned t, long long *val, unsigned cap)
{
	memset(val, 0, cap * sizeof *val);
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
	for (unsigned i = 0; i < 3; i++) {
		env.lsz[i] = k->launch.lsz[i] ? k->launch.lsz[i] : 1;
		env.ngrp[i] = k->launch.wngrp[i];
	}
	env.lid[d] = t;
	env.lsz[d] = t + 1;
	bool on = guard_runs(ab, a, acc_aux(ab, k, a)->g, &env);
	return on || k->nslots > cap;
}

/*
 * A constant that spaces one coordinate's blocks bounds the coordinate below
 * it: out[128 * get_group_id(0) + get_local_id(0)] gives each group 128
 * elements, which is a partition only when a group has at most 128
 * work-items; s[get_local_id(1) * 16 + get_local_id(0)] packs rows of 16;
 * out[b * 64 + get_local_id(1) * 8 + get_local_id(0)] packs 8 rows of 8 per
 * block; for (c = get_local_id(1); ...; c += 16) deals the columns out 16
 * apart.  In each linear form of an index, along each open dimension d, the
 * local id's coefficient u and the smallest larger constant coefficient C of
 * another coordinate (a local or group id, a loop's constant step) bound the
 * size: at most C / u.  A kernel written that way means it (a larger group
 * would make its own blocks, rows or columns overlap), so an open size is
 * bounded by it.  A form that also reads get_local_size(d) adapts to the
 * size and bounds nothing.
 */
static void infer_from_strides(struct abuild *ab, struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	long long lim[3] = { 0, 0, 0 };
	unsigned line[3] = { 0, 0, 0 };
	unsigned cap = k->nslots + 64;
	long long *val = calloc(cap, sizeof *val);
	for (unsigned j = 0; j < k->accs.len; j++) {
		const struct acc *a = k->accs.items[j];
		long long la[3] = { 0, 0, 0 };
		unsigned ln[3] = { 0, 0, 0 };
		form_bounds(l, a->index, la, ln, a->range.begin.line, 0);
		/* asked once per access, only of one that bounds something */
		int decides = -1;
		for (unsigned d = 0; d < 3; d++) {
			if (!la[d] || (lim[d] && la[d] >= lim[d]))
				continue;
			/* The bound counts from the first work-item that runs the
			 * access (else-branch of if (tx < 16): idx = tx - 16 packs
			 * the work-items 16 to 31), and an access that work-items
			 * past it do not run says nothing about them (the branch
			 * of tx < 16 itself). */
			if (decides < 0)
				decides = val && guard_decides(ab, k, a, cap);
			unsigned first = 0;
			while (decides && first < l->lsz_max[d] &&
			       !runs_past(ab, k, a, d, first, val, cap))
				first++;
			if (decides && first == l->lsz_max[d])
				continue;
			la[d] += first;
			if ((lim[d] && la[d] >= lim[d]) ||
			    (decides && !runs_past(ab, k, a, d, (unsigned)la[d], val, cap)))
				continue;
			lim[d] = la[d];
			line[d] = ln[d];
		}
	}
	free(val);
	for (unsigned d = 0; d < 3; d++) {
		if (!lim[d] || lim[d] >= l->lsz_max[d])
			continue;
		l->lsz_max[d] = (unsigned)lim[d];
		if (l->wlsz[d] > l->lsz_max[d])
			l->wlsz[d] = l->lsz_max[d];
		l->src = LAUNCH_BOUNDED;
		l->bound = mem_printf(ab->a, "the largest that the index at line %u spaces "
				      "its work-items for", line[d]);
	}
}

/* The induction variables of s (each once). */
static void ivs_of(const struct sym *s, const struct sym **v, unsigned *n, unsigned cap,
		   unsigned depth)
{
	if (!s || depth > 64 || *n >= cap)
		return;
	if (s->op == S_IV) {
		bool dup = false;
		for (unsigned i = 0; i < *n && !dup; i++)
			dup = v[i] == s;
		if (!dup)
			v[(*n)++] = s;
	}
	ivs_of(s->a, v, n, cap, depth + 1);
	ivs_of(s->b, v, n, cap, depth + 1);
	ivs_of(s->x, v, n, cap, depth + 1);
}

/*
 * Rows of a constant width with the global id for the column bound the
 * grid, as rows of local ids bound the group (infer_from_strides):
 * h[i * 256 + get_global_id(0)], summing row i of a table of 256 columns
 * with a work-item per column, means at most 256 work-items along 0 (a
 * 257th would read row i + 1's first column as its own).  In the index's
 * linear form, along d: the global id's coefficient u (its group part
 * get_group_id(d) * get_local_size(d) and its local id, both u) and the
 * smallest larger constant coefficient C of another coordinate (a loop's
 * constant step, an id of another dimension) bound the global size to
 * C / u: the groups to that over the local size the launch gives or the
 * witness's, and an open local size to it too.
 */
static void global_rows(struct abuild *ab, struct acc_kernel *k, const struct acc *a)
{
	struct launch *l = &k->launch;
	struct term t[32];
	unsigned n = 0;
	flatten(a->index, 1, t, &n, 32, 0);
	for (unsigned d = 0; d < 3; d++) {
		if (l->ngrp[d] || l->gsz[d])
			continue;
		long long ug = 0, ul = 0, stride = 0;
		for (unsigned i = 0; i < n; i++) {
			const struct sym *x = t[i].atom;
			if (x && x->op == S_LID && x->dim == d)
				ul += t[i].coef;
			else if (x && x->op == S_BIN && x->sub == IR_B_MUL && x->a && x->b &&
				 ((x->a->op == S_GRP && x->b->op == S_LSZ) ||
				  (x->a->op == S_LSZ && x->b->op == S_GRP)) &&
				 x->a->dim == d && x->b->dim == d)
				ug += t[i].coef;
		}
		if (ug <= 0 || ug != ul)
			continue;
		for (unsigned i = 0; i < n; i++) {
			const struct sym *x = t[i].atom;
			bool other = x && ((x->op == S_IV && x->b && x->b->op == S_CONST) ||
					   ((x->op == S_LID || x->op == S_GRP) && x->dim != d));
			if (other && t[i].coef > ug && (!stride || t[i].coef < stride))
				stride = t[i].coef;
		}
		if (stride <= 0 || stride % ug || stride / ug < 2)
			continue;
		unsigned long long b = (unsigned long long)(stride / ug);
		unsigned per = l->lsz[d] ? l->lsz[d] : l->wlsz[d];
		unsigned long long groups = per ? b / per : b;
		if (groups < 1)
			groups = 1;
		if (groups < l->ngrp_max[d])
			l->ngrp_max[d] = groups;
		if (!l->lsz[d] && b < l->lsz_max[d]) {
			l->lsz_max[d] = (unsigned)b;
			if (l->wlsz[d] > b)
				l->wlsz[d] = (unsigned)b;
			if (l->src == LAUNCH_OPEN || l->src == LAUNCH_BOUNDED) {
				l->src = LAUNCH_BOUNDED;
				l->bound = mem_printf(ab->a, "the largest that the index at line %u "
						      "spaces its work-items for",
						      a->range.begin.line);
			}
		}
	}
}

/*
 * A grid-stride loop whose step is a constant of the kernel bounds the grid:
 * for (c = 32 * get_group_id(0); c < n; c += 8192) gives group g the tiles
 * 32 g, 32 g + 8192, ..., a partition of the range only when there are at
 * most 8192 / 32 = 256 groups (group 256 would start where group 0's second
 * tile is).  The grid the author meant is at most that; an open number of
 * groups is bounded by it.  So does for (i = get_global_id(0); i < n; i +=
 * 1024): a grid of at most 1024 work-items, 4 groups of the witness's 256.
 */
static void infer_groups(struct abuild *ab, struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	for (unsigned j = 0; j < k->accs.len; j++) {
		const struct acc *a = k->accs.items[j];
		const struct sym *iv[16];
		unsigned niv = 0;
		ivs_of(a->index, iv, &niv, 16, 0);
		for (unsigned i = 0; i < niv; i++) {
			const struct sym *s = iv[i];
			if ((s->sub != IR_B_ADD && s->sub != IR_B_SUB) || !s->b || s->b->op != S_CONST)
				continue;
			long long step = s->b->c < 0 ? -s->b->c : s->b->c;
			struct term t[32];
			unsigned n = 0;
			flatten(s->a, 1, t, &n, 32, 0);
			/* A grid-stride loop hands each work-item its own start:
			 * the group's first item plus the local id, or the group's
			 * first tile (for (c0 = 32 * g; ...; c0 += 8192), the local
			 * id added in the index) with a step of two tiles or more.
			 * A counter that starts at the group id and steps by its
			 * own coefficient (for (j = g + 1; j < n; j++), a look at
			 * the groups after this one) strides nothing and bounds
			 * nothing. */
			bool own = false;
			for (unsigned q = 0; q < n; q++)
				own |= t[q].atom && t[q].atom->op == S_LID;
			for (unsigned q = 0; q < n; q++) {
				const struct sym *x = t[q].atom;
				long long coef = t[q].coef;
				/* get_global_id(d)'s group part, get_group_id(d) *
				 * get_local_size(d): the group's first item, at the
				 * local size the launch gives or the witness's */
				if (x && x->op == S_BIN && x->sub == IR_B_MUL && x->a && x->b &&
				    ((x->a->op == S_GRP && x->b->op == S_LSZ) ||
				     (x->a->op == S_LSZ && x->b->op == S_GRP)) &&
				    x->a->dim == x->b->dim) {
					unsigned d = x->a->dim;
					coef *= l->lsz[d] ? l->lsz[d] : l->wlsz[d];
					x = x->a->op == S_GRP ? x->a : x->b;
				}
				if (!x || x->op != S_GRP || l->ngrp[x->dim] || coef <= 0 ||
				    step % coef || step / coef < (own ? 1 : 2))
					continue;
				unsigned long long b = (unsigned long long)(step / coef);
				if (b < l->ngrp_max[x->dim])
					l->ngrp_max[x->dim] = b;
			}
		}
	}
	for (unsigned j = 0; j < k->accs.len; j++)
		global_rows(ab, k, k->accs.items[j]);
	for (unsigned d = 0; d < 3; d++)
		if (!l->ngrp[d] && l->wngrp[d] > l->ngrp_max[d])
			l->wngrp[d] = (unsigned)l->ngrp_max[d];
}

/* ------------------------------------------- macro constants (zero config) */

/* s as coef * M + off for one macro constant's unknown M (its slot in
 * *slot) and constants; false for anything else. */
static bool macro_affine(const struct acc_kernel *k, const struct sym *s, unsigned *slot,
			 long long *coef, long long *off)
{
	struct term t[8];
	unsigned n = 0;
	flatten(s, 1, t, &n, 8, 0);
	bool found = false;
	*coef = *off = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!t[i].atom) {
			*off += t[i].coef;
		} else if (t[i].atom->op == S_SLOT && k->slots[t[i].atom->slot].is_macro &&
			   (!found || *slot == t[i].atom->slot)) {
			*slot = t[i].atom->slot;
			*coef += t[i].coef;
			found = true;
		} else {
			return false;
		}
	}
	return found && *coef >= 1;
}

/* A product of constants, one factor affine in a macro constant's unknown
 * M (M, TILE + 1, 2 * TILE) and one coordinate (another dimension's local
 * id, a group id, a loop counter): the product's constant part times that
 * factor is *coef * M + *off, M's slot in *slot; false for anything else. */
static bool macro_stride(const struct acc_kernel *k, const struct sym *s, unsigned d,
			 unsigned *slot, long long *coef, long long *off)
{
	const struct sym *stack[16] = { s };
	unsigned sp = 1, nm = 0, nco = 0;
	long long c = 1;
	while (sp) {
		const struct sym *x = stack[--sp];
		long long mc, mo;
		if (x->op == S_BIN && x->sub == IR_B_MUL && sp + 2 <= 16) {
			stack[sp++] = x->a;
			stack[sp++] = x->b;
		} else if (x->op == S_CONST) {
			c *= x->c;
		} else if (x->op == S_GRP || x->op == S_IV || (x->op == S_LID && x->dim != d)) {
			nco++;
		} else if (!nm && macro_affine(k, x, slot, &mc, &mo)) {
			*coef = mc;
			*off = mo;
			nm++;
		} else {
			return false;
		}
	}
	*coef *= c;
	*off *= c;
	return nm == 1 && nco == 1 && c > 0;
}

static void macro_bound(struct abuild *ab, struct acc_kernel *k, unsigned d, unsigned slot,
			long long coef, long long off, const char *why)
{
	struct launch *l = &k->launch;
	if (l->lsz[d] || !k->slots[slot].var || l->nties == LAUNCH_MAX_TIES)
		return;
	for (unsigned i = 0; i < l->nties; i++)
		if (l->tie[i].dim == d && l->tie[i].var == k->slots[slot].var &&
		    (l->tie[i].eq || (l->tie[i].coef == coef && l->tie[i].off == off)))
			return;
	l->tie[l->nties++] = (struct launch_tie){ k->slots[slot].var, coef, off,
						  (unsigned char)d, false, 1 };
	if (l->src == LAUNCH_OPEN || (l->src == LAUNCH_BOUNDED && !l->bound)) {
		l->src = LAUNCH_BOUNDED;
		l->bound = mem_printf(ab->a, "at most %s%s'%s'%s along dimension %u, %s",
				      coef != 1 ? mem_printf(ab->a, "%lld * ", coef) : "", "",
				      k->slots[slot].name,
				      off ? mem_printf(ab->a, " %c %lld", off < 0 ? '-' : '+',
						       off < 0 ? -off : off) : "", d, why);
	}
}

/*
 * Zero configuration: the kernel's own constants bound the launch (above),
 * and a macro constant the build does not define does it the same way,
 * symbolically.  An index that spaces the work-items of rows or groups by
 * a macro (s[get_local_id(1) * TILE + get_local_id(0)], TILE *
 * get_group_id(0) + get_local_id(0)) gives a group at most TILE work-items
 * along that dimension; an access that every work-item makes (or none: a
 * uniform guard, a loop) to an array whose length is a macro, with a local
 * id for a subscript (s[lid] of __local float s[TILE]), keeps the group
 * within that length.
 */
static void infer_from_macros(struct abuild *ab, struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	for (unsigned j = 0; j < k->accs.len; j++) {
		const struct acc *a = k->accs.items[j];
		struct term t[32];
		unsigned n = 0;
		flatten(a->index, 1, t, &n, 32, 0);
		for (unsigned d = 0; d < 3; d++) {
			long long unit = 0;
			if (l->lsz[d])
				continue;
			for (unsigned i = 0; i < n; i++)
				if (t[i].atom && t[i].atom->op == S_LID && t[i].atom->dim == d)
					unit = t[i].coef;
			for (unsigned i = 0; unit > 0 && i < n; i++) {
				unsigned slot = 0;
				long long mc = 0, mo = 0;
				if (t[i].atom && macro_stride(k, t[i].atom, d, &slot, &mc, &mo) &&
				    (t[i].coef * mc) % unit == 0 && (t[i].coef * mo) % unit == 0 &&
				    t[i].coef * mc / unit >= 1)
					macro_bound(ab, k, d, slot, t[i].coef * mc / unit,
						    t[i].coef * mo / unit,
						    mem_printf(ab->a, "as the index at line %u spaces its "
							       "work-items", a->range.begin.line));
			}
		}
		if (!a->nbound || a->neguard)
			continue;
		/* Every work-item makes the access, or none: its guard (a loop's
		 * condition, a uniform branch) tells no two work-items apart. */
		struct aux *x = acc_aux(ab, k, a);
		bool all = x && x->g && x->g->simple;
		for (unsigned i = 0; all && i < x->g->n; i++)
			all = x->g->lit[i].cond && !sym_uses_lid(x->g->lit[i].cond) &&
			      !sym_has_divergent_leaf(x->g->lit[i].cond);
		if (!all)
			continue;
		for (unsigned b = 0; b < a->nbound; b++) {
			const struct sym *sub = a->bsub[b];
			unsigned slot = 0;
			long long coef, off;
			if (sub && sub->op == S_LID && !l->lsz[sub->dim] &&
			    macro_affine(k, a->bext[b], &slot, &coef, &off))
				macro_bound(ab, k, sub->dim, slot, coef, off,
					    mem_printf(ab->a, "which keeps every access to '%s' in bounds",
						       a->object->name));
		}
	}
}

/*
 * The same bound for the number of groups: a __local array indexed by a
 * global id (lt[gid], lt[gid + 8] of lt[16]: a kernel written for one
 * work-group) is overrun by a second group's work-items whatever the data.
 * Where the number of groups is open and work-item 0..lsz-1 of group 1
 * (at the local size the launch gives, or the witness's) would overrun an
 * array some access always reaches in bounds in group 0, the launch has
 * one group along that dimension.
 */
static void infer_groups_from_arrays(struct abuild *ab, struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	struct bounded *bs = calloc(k->accs.len + 1, sizeof *bs);
	unsigned nb = 0, cap = k->nslots + 64;
	long long *val = calloc(cap, sizeof *val);
	for (unsigned j = 0; bs && val && j < k->accs.len; j++)
		if (sym_uses_grp(((const struct acc *)k->accs.items[j])->index) &&
		    bounded_access(ab, k, k->accs.items[j], &bs[nb])) {
			guard_slots(ab, bs[nb].a->ctx, bs[nb].a->block->id, NULL, NULL, 0);
			nb++;
		}
	for (unsigned d = 0; nb && d < 3; d++) {
		if (l->ngrp[d] || l->ngrp_given || !(l->group_dims >> d & 1))
			continue;
		struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
		for (unsigned e = 0; e < 3; e++) {
			env.lsz[e] = l->lsz[e] ? l->lsz[e] : l->wlsz[e] ? l->wlsz[e] : 1;
			env.ngrp[e] = l->wngrp[e] ? l->wngrp[e] : 1;
		}
		env.ngrp[d] = 2;
		bool overrun = false;
		const char *what = NULL;
		for (unsigned j = 0; j < nb && !overrun; j++) {
			/* in bounds in group 0 (the array is meant for it) */
			bool fits = true;
			for (unsigned t = 0; t < env.lsz[d] && fits; t++) {
				memset(env.lid, 0, sizeof env.lid);
				memset(env.grp, 0, sizeof env.grp);
				env.lid[d] = t;
				fits = stays_in(ab, k, &bs[j], &env, cap);
			}
			for (unsigned t = 0; t < env.lsz[d] && fits && !overrun; t++) {
				memset(env.lid, 0, sizeof env.lid);
				memset(env.grp, 0, sizeof env.grp);
				env.lid[d] = t;
				env.grp[d] = 1;
				if (!stays_in(ab, k, &bs[j], &env, cap)) {
					overrun = true;
					what = bs[j].a->object->name;
				}
			}
		}
		if (overrun && l->ngrp_max[d] > 1) {
			l->ngrp_max[d] = 1;
			l->wngrp[d] = 1;
			if (!l->bound)
				l->bound = mem_printf(ab->a, "one work-group, the only one whose "
						      "accesses to '%s' stay in bounds", what);
		}
	}
	free(bs);
	free(val);
}

/* The dimensions sym s tells work-items of one group apart by. */
static unsigned lid_dims(const struct sym *s, unsigned depth)
{
	if (!s || depth > 64)
		return 0;
	if (s->op == S_LID)
		return 1u << s->dim;
	return lid_dims(s->a, depth + 1) | lid_dims(s->b, depth + 1) | lid_dims(s->x, depth + 1);
}

/*
 * A kernel that never asks for a local id or size tells its work-items
 * apart only by global ids; where its __local memory is indexed along some
 * of those dimensions only (sums[gx] with gy the row: one row per group,
 * launched (L, 1)), a group two wide along another would have two
 * work-items on every __local element: it is written for groups one wide
 * there, and the witnesses take that shape (the size stays open), as for a
 * kernel that asks for get_local_id(1) and only for get_global_id(0).
 */
static void shape_from_local_memory(struct acc_kernel *k)
{
	struct launch *l = &k->launch;
	if (l->src != LAUNCH_OPEN || l->local_dims)
		return;
	unsigned used = 0;
	for (unsigned j = 0; j < k->accs.len; j++) {
		const struct acc *a = k->accs.items[j];
		if (a->space == AS_LOCAL && !a->async && a->index)
			used |= lid_dims(a->index, 0);
	}
	used &= l->item_dims;
	if (!used || used == l->item_dims)
		return;
	default_shape(used, l->wlsz);
}

/* The largest power of two at most n (n >= 1). */
static unsigned pow2_floor(unsigned n)
{
	unsigned p = 1;
	while (p <= n / 2)
		p *= 2;
	return p;
}

/*
 * In 2-D, a default shape that the kernel's own bounds (its strides, its
 * arrays) cut down gives way to the largest shape within those bounds, up
 * to the default's size, wider first: a transpose's tile loaded 8 rows
 * apart (j += 8) by 32 columns is analyzed at 32 x 8, where its padded
 * rows have no bank conflict, not at 16 x 16 cut to 16 x 8.  Only a
 * dimension something bounds is widened.
 */
static void widen_cut_shape(struct launch *l)
{
	unsigned def[3];
	default_shape(l->item_dims, def);
	unsigned full = def[0] * def[1] * def[2];
	if (l->src != LAUNCH_BOUNDED || l->lsz[0] || l->lsz[1] || l->lsz[2] != 1 || def[2] != 1 ||
	    l->wlsz[0] * l->wlsz[1] >= full)
		return;
	unsigned w[2] = { l->wlsz[0], l->wlsz[1] };
	for (unsigned d = 0; d < 2; d++) {
		if (l->lsz_max[d] >= LAUNCH_MAX_WG)
			continue;
		unsigned room = full / w[1 - d];
		unsigned x = pow2_floor(l->lsz_max[d] < room ? l->lsz_max[d] : room);
		if (x > w[d])
			w[d] = x;
	}
	if (w[0] * w[1] > l->wlsz[0] * l->wlsz[1] && w[0] * w[1] <= full) {
		l->wlsz[0] = w[0];
		l->wlsz[1] = w[1];
	}
}

void launch_infer(struct abuild *ab, struct acc_kernel *k)
{
	ab->k = k;
	shape_from_local_memory(k);
	infer_groups(ab, k);
	if (k->launch.src == LAUNCH_OPEN)
		infer_from_strides(ab, k);
	if (k->launch.src == LAUNCH_OPEN || k->launch.src == LAUNCH_BOUNDED)
		infer_from_arrays(ab, k);
	infer_groups_from_arrays(ab, k);
	if (ab->ctx->unit->macros.len)
		infer_from_macros(ab, k);
	widen_cut_shape(&k->launch);
	/* Trip counts were computed for the witness sizes before they were
	 * bounded. */
	for (unsigned i = 0; i < k->nslots; i++)
		k->slots[i].trip = 0;
}

/* ------------------------------------------------------------------ texts */

static const char *shape_text(struct cls_ctx *ctx, const struct launch *l, const unsigned v[3])
{
	unsigned dims = l->dims;
	while (dims > 1 && v[dims - 1] <= 1 && !(l->item_dims >> (dims - 1) & 1))
		dims--;
	if (dims == 1)
		return mem_printf(ctx->arena, "a work-group of %u work-items", v[0]);
	if (dims == 2)
		return mem_printf(ctx->arena, "a %ux%u work-group", v[0], v[1]);
	return mem_printf(ctx->arena, "a %ux%ux%u work-group", v[0], v[1], v[2]);
}

/* A size tied to a macro, as written: 'TILE', 'SIZE' / 2, 2 * 'SIZE' + 1. */
static const char *tie_text(struct cls_ctx *ctx, const struct launch_tie *t)
{
	const char *m = mem_printf(ctx->arena, "'%s'", t->var->name);
	if (t->coef != 1)
		m = mem_printf(ctx->arena, "%lld * %s", t->coef, m);
	if (t->off)
		m = mem_printf(ctx->arena, "%s %c %lld", m, t->off < 0 ? '-' : '+',
			       t->off < 0 ? -t->off : t->off);
	if (t->div > 1)
		m = mem_printf(ctx->arena, t->off ? "(%s) / %lld" : "%s / %lld", m, t->div);
	return m;
}

const char *launch_note(struct cls_ctx *ctx, const struct launch *l, const unsigned lsz[3])
{
	const char *names = "";
	for (unsigned i = 0; i < l->nties; i++)
		if (l->tie[i].eq)
			names = mem_printf(ctx->arena, "%s%s%s", names, *names ? ", " : "",
					   tie_text(ctx, &l->tie[i]));
	if (l->src == LAUNCH_REQD && *names) {
		return mem_printf(ctx->arena, "assuming %s, as reqd_work_group_size says with %s, "
				  "which the build does not define", shape_text(ctx, l, lsz), names);
	}
	if (l->src == LAUNCH_GIVEN || l->src == LAUNCH_REQD)
		return NULL;
	if (l->src == LAUNCH_BOUNDED)
		return mem_printf(ctx->arena, "assuming %s, %s; give --local-size for the real one",
				  shape_text(ctx, l, lsz), l->bound);
	return mem_printf(ctx->arena, "assuming %s; give --local-size for the real one",
			  shape_text(ctx, l, lsz));
}

const char *launch_group_note(struct cls_ctx *ctx, const struct launch *l, const unsigned g1[3],
			      const unsigned g2[3])
{
	if (l->ngrp_given)
		return NULL;
	char dims[64] = "";
	for (unsigned d = 0; d < l->dims; d++) {
		unsigned n = (g1[d] > g2[d] ? g1[d] : g2[d]) + 1;
		snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "%s%u", d ? "x" : "",
			 n < 2 && (l->group_dims >> d & 1) ? 2 : n);
	}
	return mem_printf(ctx->arena, "assuming %s work-groups (the launch does not say how many); "
			  "give --num-groups or --global-size for the real launch", dims);
}

bool launch_many_groups(const struct launch *l)
{
	return l->ngrp[0] != 1 || l->ngrp[1] != 1 || l->ngrp[2] != 1;
}

/* The dimensions a work-item or group is named in: those the kernel asks
 * about, and those the launch makes wider than one. */
static unsigned text_dims(const struct launch *l)
{
	unsigned dims = l->dims;
	for (unsigned d = 0; d < 3; d++)
		if ((l->lsz[d] > 1 || l->ngrp[d] > 1) && d + 1 > dims)
			dims = d + 1;
	return dims;
}

const char *launch_item_text(struct cls_ctx *ctx, const struct launch *l, const unsigned t[3])
{
	if (text_dims(l) >= 3)
		return mem_printf(ctx->arena, "work-item (%u,%u,%u)", t[0], t[1], t[2]);
	if (text_dims(l) == 2)
		return mem_printf(ctx->arena, "work-item (%u,%u)", t[0], t[1]);
	return mem_printf(ctx->arena, "work-item %u", t[0]);
}

const char *launch_group_text(struct cls_ctx *ctx, const struct launch *l, const unsigned g[3])
{
	if (text_dims(l) >= 3)
		return mem_printf(ctx->arena, "group (%u,%u,%u)", g[0], g[1], g[2]);
	if (text_dims(l) == 2)
		return mem_printf(ctx->arena, "group (%u,%u)", g[0], g[1]);
	return mem_printf(ctx->arena, "group %u", g[0]);
}
