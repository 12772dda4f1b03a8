/*
 * access.c - memory accesses, barrier intervals and conflicts (acc_ prefix).
 * See access.h for the model.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

#define MAX_INLINE_DEPTH 8
#define MAX_NODES 200000
#define MAX_SYM_DEPTH 48
#define MAX_COMBOS 384
#define MAX_IV_K 24

/* Internal structures: see access_int.h. */

struct edge {
	unsigned from, to;
	bool back;
};

static bool is_shared_obj(const struct ir_var *v)
{
	return v && (v->kind == VAR_SHARED || v->kind == VAR_PROGRAM);
}

/* Append a definition of variable v (arrays double, so n definitions cost O(n)). */
static void push_def(struct abuild *ab, struct fn_info *fi, unsigned v, struct def_rec d)
{
	unsigned n = fi->ndefs[v];
	if ((n & (n - 1)) == 0) {
		struct def_rec *nd = MEM_ARRAY(ab->a, struct def_rec, n ? 2 * n : 1);
		if (!nd)
			return;
		if (n)
			memcpy(nd, fi->defs[v], n * sizeof *nd);
		fi->defs[v] = nd;
	}
	fi->defs[v][n] = d;
	fi->ndefs[v] = n + 1;
}

/* Record every definition of a private variable in e (pre-order). */
static void collect_defs(struct abuild *ab, const struct ir_func *f, struct fn_info *fi,
			 const struct ir_expr *e, unsigned block, unsigned inst)
{
	if (!e)
		return;
	for (unsigned i = 0; i < e->nkids; i++)
		collect_defs(ab, f, fi, e->kids[i], block, inst);
	const struct ir_var *v = NULL;
	bool strong = false;
	if (e->op == E_ASSIGN || e->op == E_INCDEC) {
		v = ir_private_target(e->kids[0]);
		strong = e->kids[0]->op == E_VAR;
	} else if (e->op == E_CALL) {
		for (unsigned i = 0; i < e->nkids; i++) {
			const struct ir_expr *k = ir_strip(e->kids[i]);
			if (k && k->op == E_ADDROF) {
				const struct ir_var *w = ir_private_target(k->kids[0]);
				if (w && w->func == f)
					push_def(ab, fi, w->id, (struct def_rec){ e, block, inst, false });
			}
		}
		return;
	}
	if (!v || v->func != f || v->id >= f->nvars)
		return;
	push_def(ab, fi, v->id, (struct def_rec){ e, block, inst, strong });
}

static void add_cd(struct abuild *ab, struct fn_info *fi, unsigned blk, unsigned branch,
		   unsigned edge)
{
	unsigned n = fi->ncd[blk];
	for (unsigned i = 0; i < n; i++)
		if (fi->cd[blk][i].branch == branch && fi->cd[blk][i].edge == edge)
			return;
	struct cd_rec *nc = MEM_ARRAY(ab->a, struct cd_rec, n + 1);
	if (!nc)
		return;
	if (n)
		memcpy(nc, fi->cd[blk], n * sizeof *nc);
	nc[n] = (struct cd_rec){ branch, edge };
	fi->cd[blk] = nc;
	fi->ncd[blk] = n + 1;
}

static int cmp_unsigned(const void *pa, const void *pb)
{
	unsigned a = *(const unsigned *)pa, b = *(const unsigned *)pb;
	return (a > b) - (a < b);
}

/* Loops, definitions and control dependences of f, computed once. */
struct fn_info *acc_fn_info(struct abuild *ab, const struct ir_func *f)
{
	struct fn_info *fi = &ab->fi[f->index];
	if (fi->ready)
		return fi;
	fi->ready = true;
	unsigned n = f->nblocks;
	const struct cfg_info *ci = &ff(f)->cfg;
	struct mem_arena *a = ab->a;

	/* Natural loops: member lists, the loop tree, each block's innermost loop. */
	unsigned nh = 0;
	for (unsigned i = 0; i < n; i++)
		nh += ci->is_header && ci->is_header[i];
	fi->header = MEM_ARRAY(a, unsigned, nh + 1);
	fi->member = MEM_ARRAY(a, unsigned *, nh + 1);
	fi->size = MEM_ARRAY(a, unsigned, nh + 1);
	fi->parent = MEM_ARRAY(a, int, nh + 1);
	fi->inner = MEM_ARRAY(a, int, n);
	fi->hloop = MEM_ARRAY(a, int, n);
	/* Scratch: the blocks found for the current loop (stamped with its
	 * number + 1) double as the search's work list. */
	unsigned *stamp = calloc(n ? n : 1, sizeof *stamp);
	unsigned *found = malloc((n ? n : 1) * sizeof *found);
	if (!fi->header || !fi->member || !fi->size || !fi->parent || !fi->inner ||
	    !fi->hloop || !stamp || !found) {
		free(stamp);
		free(found);
		fi->inner = NULL;
		a->oom = true;
		return fi;
	}
	for (unsigned i = 0; i < n; i++)
		fi->inner[i] = fi->hloop[i] = -1;
	for (unsigned h = 0; h < n; h++) {
		if (!ci->is_header || !ci->is_header[h])
			continue;
		unsigned L = fi->nloops++, mark = L + 1, nf = 0, next = 0;
		fi->header[L] = h;
		fi->parent[L] = -1;
		fi->hloop[h] = (int)L;
		stamp[h] = mark;
		found[nf++] = h;
		const struct ir_block *hb = f->blocks[h];
		for (unsigned p = 0; p < hb->npreds; p++) {
			const struct ir_block *t = hb->preds[p];
			if (!cfg_dominates(f, hb, t) || stamp[t->id] == mark)
				continue;
			stamp[t->id] = mark;
			found[nf++] = t->id;
		}
		/* Walk backwards from the latches; the header stops the walk. */
		for (next = 1; next < nf; next++) {
			const struct ir_block *b = f->blocks[found[next]];
			for (unsigned q = 0; q < b->npreds; q++)
				if (stamp[b->preds[q]->id] != mark) {
					stamp[b->preds[q]->id] = mark;
					found[nf++] = b->preds[q]->id;
				}
		}
		qsort(found, nf, sizeof *found, cmp_unsigned);
		fi->member[L] = MEM_ARRAY(a, unsigned, nf);
		if (!fi->member[L]) {
			free(stamp);
			free(found);
			fi->inner = NULL;
			return fi;
		}
		memcpy(fi->member[L], found, nf * sizeof *found);
		fi->size[L] = nf;
	}
	free(stamp);
	free(found);
	/* Nested natural loops are strictly smaller than the loops around them. */
	for (unsigned L = 0; L < fi->nloops; L++) {
		for (unsigned j = 0; j < fi->size[L]; j++) {
			unsigned i = fi->member[L][j];
			if (fi->inner[i] < 0 || fi->size[fi->inner[i]] > fi->size[L])
				fi->inner[i] = (int)L;
			int M = fi->hloop[i];
			if (M >= 0 && (unsigned)M != L && fi->size[L] > fi->size[M] &&
			    (fi->parent[M] < 0 || fi->size[L] < fi->size[fi->parent[M]]))
				fi->parent[M] = (int)L;
		}
	}

	/* Definitions of each variable. */
	fi->defs = MEM_ARRAY(a, struct def_rec *, f->nvars + 1);
	fi->ndefs = MEM_ARRAY(a, unsigned, f->nvars + 1);
	if (!fi->defs || !fi->ndefs)
		return fi;
	for (unsigned i = 0; i < n; i++) {
		const struct ir_block *b = f->blocks[i];
		for (unsigned k = 0; k < b->ninsts; k++)
			collect_defs(ab, f, fi, b->insts[k], i, k);
		collect_defs(ab, f, fi, b->cond, i, b->ninsts);
	}

	/* Control dependences, from the post-dominator tree. */
	fi->cd = MEM_ARRAY(a, struct cd_rec *, n);
	fi->ncd = MEM_ARRAY(a, unsigned, n);
	if (!fi->cd || !fi->ncd || !ci->ipdom)
		return fi;
	for (unsigned i = 0; i < n; i++) {
		const struct ir_block *b = f->blocks[i];
		if (b->nsuccs < 2)
			continue;
		int stop = ci->ipdom[i];
		for (unsigned e = 0; e < b->nsuccs; e++) {
			int r = (int)b->succs[e]->id;
			unsigned guard = 0;
			while (r >= 0 && r != stop && guard++ < n) {
				add_cd(ab, fi, (unsigned)r, i, e);
				r = ci->ipdom[r];
			}
		}
	}
	return fi;
}


/* ------------------------------------------------------------- symbolic */

static struct sym *mk(struct abuild *ab, enum sym_op op)
{
	struct sym *s = MEM_NEW(ab->a, struct sym);
	if (s)
		s->op = (unsigned char)op;
	return s;
}

static struct sym *mk_const(struct abuild *ab, long long c)
{
	struct sym *s = mk(ab, S_CONST);
	if (s)
		s->c = c;
	return s;
}

static struct sym *mk_bin(struct abuild *ab, unsigned op, struct sym *x, struct sym *y)
{
	if (!x || !y)
		return NULL;
	long long cx, cy, r;
	struct sym_env none = { { 0 }, { 0 }, { 0 }, { 0 }, NULL, false, 0 };
	if (x->op == S_CONST && y->op == S_CONST) {
		cx = x->c;
		cy = y->c;
		struct sym t = { .op = S_BIN, .sub = (unsigned char)op };
		struct sym a1 = { .op = S_CONST, .c = cx }, b1 = { .op = S_CONST, .c = cy };
		t.a = &a1;
		t.b = &b1;
		if (sym_eval(&t, &none, &r))
			return mk_const(ab, r);
	}
	struct sym *s = mk(ab, S_BIN);
	if (s) {
		s->sub = (unsigned char)op;
		s->a = x;
		s->b = y;
	}
	return s;
}

static struct sym *mk_divergent(struct abuild *ab, unsigned identity)
{
	struct sym *s = mk(ab, S_DIVERGENT);
	if (s)
		s->slot = identity;
	return s;
}

/* A new uniform unknown. */
static unsigned new_slot(struct abuild *ab, const char *name, const struct ir_var *var,
			 const struct acc_ctx *c, const struct ir_block *loop, bool is_iv)
{
	struct acc_kernel *k = ab->k;
	for (unsigned i = 0; i < k->nslots; i++) {
		struct sym_slot *s = &k->slots[i];
		/* One iteration counter per loop, shared by all its induction
		 * variables; one unknown per variable otherwise. */
		if (is_iv ? s->is_iv && s->ctx == c && s->loop == loop
			  : !s->is_iv && s->var == var && var && s->ctx == c && s->loop == loop)
			return i;
	}
	if (k->nslots == k->capslots) {
		unsigned ncap = k->capslots ? k->capslots * 2 : 16;
		struct sym_slot *n = MEM_ARRAY(ab->a, struct sym_slot, ncap);
		if (!n)
			return 0;
		if (k->nslots)
			memcpy(n, k->slots, k->nslots * sizeof *n);
		k->slots = n;
		k->capslots = ncap;
	}
	struct sym_slot *s = &k->slots[k->nslots];
	memset(s, 0, sizeof *s);
	s->name = name;
	s->var = var;
	s->ctx = c;
	s->loop = loop;
	s->is_iv = is_iv;
	s->func = c ? c->f : NULL;
	return k->nslots++;
}


/*
 * The definitions of v that reach (block, inst): a backward search that
 * stops at the first definition on each path.  Returns the count (capped),
 * with ENTRY (block == -1u) when some path reaches the function entry.
 */
static unsigned reaching(struct abuild *ab, const struct ir_func *f, struct fn_info *fi,
			 const struct ir_var *v, unsigned block, unsigned inst,
			 struct def_rec *out, unsigned cap)
{
	unsigned n = 0, nb = f->nblocks;
	const struct def_rec *defs = fi->defs[v->id];
	unsigned ndefs = fi->ndefs[v->id];
	/* Scratch reused across queries: a visit stamp per block. */
	if (ab->rd_cap < nb) {
		unsigned sz = nb > 1024 ? nb : 1024;
		ab->rd_mark = MEM_ARRAY(ab->a, unsigned, sz);
		ab->rd_stack = MEM_ARRAY(ab->a, unsigned, sz + 1);
		ab->rd_cap = ab->rd_mark && ab->rd_stack ? sz : 0;
		ab->rd_stamp = 0;
		if (!ab->rd_cap)
			return 0;
	}
	/* Fast paths: no definition at all, or one that dominates the use. */
	if (ndefs == 0) {
		if (cap)
			out[n++] = (struct def_rec){ NULL, (unsigned)-1, 0, true };
		return n;
	}
	if (ndefs == 1 && cap && defs[0].block != (unsigned)-1 &&
	    (defs[0].block == block ? defs[0].inst < inst
				    : cfg_dominates(f, f->blocks[defs[0].block], f->blocks[block]))) {
		out[n++] = defs[0];
		return n;
	}
	unsigned stamp = ++ab->rd_stamp;
	unsigned *mark = ab->rd_mark, *stack = ab->rd_stack;
	unsigned sp = 0, cur = block, lim = inst;
	for (;;) {
		/* The latest definition in `cur` before `lim` ends this path. */
		const struct def_rec *best = NULL;
		for (unsigned i = 0; i < ndefs; i++)
			if (defs[i].block == cur && defs[i].inst < lim &&
			    (!best || defs[i].inst >= best->inst))
				best = &defs[i];
		struct def_rec found = best ? *best : (struct def_rec){ NULL, (unsigned)-1, 0, true };
		if (best || cur == 0) {
			bool dup = false;
			for (unsigned i = 0; i < n; i++)
				dup |= out[i].e == found.e && out[i].block == found.block;
			if (!dup) {
				if (n == cap)
					return cap + 1;
				out[n++] = found;
			}
		} else {
			const struct ir_block *b = f->blocks[cur];
			for (unsigned p = 0; p < b->npreds; p++) {
				unsigned q = b->preds[p]->id;
				if (mark[q] != stamp) {
					mark[q] = stamp;
					stack[sp++] = q;
				}
			}
		}
		if (!sp)
			break;
		cur = stack[--sp];
		lim = (unsigned)-1;
	}
	return n;
}

static bool is_step_op(unsigned op)
{
	return op == IR_B_ADD || op == IR_B_SUB || op == IR_B_MUL || op == IR_B_SHL ||
	       op == IR_B_SHR || op == IR_B_DIV;
}

/*
 * Recognize v as an induction variable of a loop containing `block`: one
 * definition outside the loop, one inside of the form v op= step.
 */
static struct sym *induction(struct abuild *ab, struct acc_ctx *c, struct fn_info *fi,
			     const struct ir_var *v, unsigned block, struct def_rec *d, unsigned nd,
			     unsigned depth)
{
	if (nd != 2)
		return NULL;
	const struct ir_func *f = c->f;
	for (int L = fi->inner[block]; L >= 0; L = fi->parent[L]) {
		struct def_rec *in = NULL, *out = NULL;
		for (unsigned i = 0; i < 2; i++) {
			if (d[i].block != (unsigned)-1 && loop_member(fi, L, d[i].block))
				in = &d[i];
			else
				out = &d[i];
		}
		if (!in || !out || !in->strong)
			continue;
		const struct ir_expr *e = in->e;
		unsigned op = 0;
		const struct ir_expr *step = NULL;
		if (e->op == E_INCDEC) {
			op = e->sub == IR_PREINC || e->sub == IR_POSTINC ? IR_B_ADD : IR_B_SUB;
		} else if (e->op == E_ASSIGN && e->sub && is_step_op(e->sub)) {
			op = e->sub;
			step = e->kids[1];
		} else if (e->op == E_ASSIGN && !e->sub) {
			const struct ir_expr *r = ir_strip(e->kids[1]);
			if (r && r->op == E_BINARY && is_step_op(r->sub)) {
				const struct ir_expr *l0 = ir_strip(r->kids[0]), *l1 = ir_strip(r->kids[1]);
				if (l0 && l0->op == E_VAR && l0->u.var == v) {
					op = r->sub;
					step = r->kids[1];
				} else if (l1 && l1->op == E_VAR && l1->u.var == v && r->sub == IR_B_ADD) {
					op = r->sub;
					step = r->kids[0];
				} else if (l1 && l1->op == E_VAR && l1->u.var == v && r->sub == IR_B_SUB) {
					/* v = c - v: a toggle between two values (double
					 * buffering: src = 1 - src). */
					op = SYM_TOGGLE;
					step = r->kids[0];
				}
			}
		}
		if (!op)
			continue;
		struct sym *st = step ? acc_sym_of(ab, step, c, in->block, in->inst, depth + 1)
				      : mk_const(ab, 1);
		if (!st || sym_uses_lid(st))
			continue;
		struct sym *init = out->block == (unsigned)-1 ? NULL
				   : acc_sym_of(ab, out->e->op == E_ASSIGN ? out->e->kids[1] : out->e, c,
					    out->block, out->inst, depth + 1);
		if (!init || (out->e->op == E_ASSIGN && out->e->sub))
			continue;
		const struct ir_block *hb = f->blocks[fi->header[L]];
		struct sym *iv = mk(ab, S_IV);
		if (!iv)
			return NULL;
		iv->sub = (unsigned char)op;
		iv->a = init;
		iv->b = st;
		iv->slot = new_slot(ab, v->name, v, c, hb, true);
		if (!ab->k->slots[iv->slot].iv)
			ab->k->slots[iv->slot].iv = iv;
		/* The update runs before `block` in each iteration: one step more. */
		if (cfg_dominates(f, f->blocks[in->block], f->blocks[block]) && in->block != block)
			return op == SYM_TOGGLE ? mk_bin(ab, IR_B_SUB, st, iv) : mk_bin(ab, op, iv, st);
		return iv;
	}
	return NULL;
}

/* The symbolic value of variable v just before (block, inst) of context c. */
static struct sym *sym_var(struct abuild *ab, const struct ir_var *v, struct acc_ctx *c,
			   unsigned block, unsigned inst, unsigned level, unsigned depth)
{
	if (is_shared_obj(v) || v->func != c->f || v->id >= c->f->nvars)
		return level ? mk_divergent(ab, ++ab->divergent_ids) : NULL;
	if (depth > MAX_SYM_DEPTH) {
		/* Too long a chain of definitions to follow: an unknown. */
		if (level)
			return mk_divergent(ab, ++ab->divergent_ids);
		struct sym *u = mk(ab, S_SLOT);
		if (u)
			u->slot = new_slot(ab, v->name, v, c, NULL, false);
		return u;
	}
	unsigned h = ((unsigned)(uintptr_t)v * 31u + block * 17u + inst + (unsigned)(uintptr_t)c) %
		     ab->nmemo;
	for (struct memo *m = ab->memo[h]; m; m = m->next)
		if (m->ctx == c && m->var == v && m->block == block && m->inst == inst)
			return m->s;
	struct fn_info *fi = acc_fn_info(ab, c->f);
	struct def_rec d[4];
	unsigned nd = fi->defs ? reaching(ab, c->f, fi, v, block, inst, d, 3) : 99;
	struct sym *s = NULL;
	if (nd == 1 && d[0].block == (unsigned)-1) {
		if (v->kind == VAR_PARAM && c->parent) {
			/* A helper's parameter: the argument at the call site. */
			for (unsigned i = 0; i < c->f->nparams && i < c->call->nkids; i++)
				if (c->f->params[i] == v)
					s = acc_sym_of(ab, c->call->kids[i], c->parent, c->call_block->id,
						   c->call_inst, depth + 1);
		} else if (v->kind == VAR_PARAM) {
			unsigned slot = new_slot(ab, v->name, v, c, NULL, false);
			ab->k->slots[slot].is_param = true;
			s = mk(ab, S_SLOT);
			if (s)
				s->slot = slot;
		}
	} else if (nd == 1 && d[0].strong && d[0].e->op == E_ASSIGN && !d[0].e->sub) {
		s = acc_sym_of(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, depth + 1);
	} else if (nd == 1 && (d[0].e->op == E_INCDEC || (d[0].e->op == E_ASSIGN && d[0].e->sub))) {
		struct sym *old = sym_var(ab, v, c, d[0].block, d[0].inst, level, depth + 1);
		if (d[0].e->op == E_INCDEC)
			s = mk_bin(ab, d[0].e->sub == IR_PREINC || d[0].e->sub == IR_POSTINC ? IR_B_ADD
											   : IR_B_SUB,
				   old, mk_const(ab, 1));
		else
			s = mk_bin(ab, d[0].e->sub, old,
				   acc_sym_of(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, depth + 1));
	} else if (nd == 2) {
		s = induction(ab, c, fi, v, block, d, nd, depth);
	}
	if (!s) {
		if (level == U_UNIFORM) {
			/* A uniform value we cannot follow: one unknown per variable and
			 * definition set, so that equal uses cancel out. */
			unsigned slot = new_slot(ab, v->name, v, c, NULL, false);
			int L = -1;
			for (unsigned i = 0; i < nd && i < 3; i++)
				if (d[i].block != (unsigned)-1 && fi->inner && fi->inner[d[i].block] >= 0)
					L = fi->inner[d[i].block];
			if (L >= 0)
				ab->k->slots[slot].def_loop = c->f->blocks[fi->header[L]];
			s = mk(ab, S_SLOT);
			if (s)
				s->slot = slot;
		} else {
			s = mk_divergent(ab, 1000000u + v->id * 4096u + c->id);
		}
	}
	struct memo *m = MEM_NEW(ab->a, struct memo);
	if (m) {
		*m = (struct memo){ c, v, block, inst, s, ab->memo[h] };
		ab->memo[h] = m;
	}
	return s;
}

struct place {
	const struct ir_var *object;
	struct sym *offset;          /* bytes from the object's start */
	const char *field;
	long long size;              /* bytes accessed */
	const struct ir_type *elem;  /* element type of the object */
};
static bool place_of(struct abuild *ab, const struct ir_expr *lv, struct acc_ctx *c,
		     unsigned block, unsigned inst, struct place *out, unsigned depth);
static bool per_group_load(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			   unsigned block, unsigned inst, unsigned depth);
static bool is_memory_lvalue(const struct ir_expr *lv);

/* A number for an object that is the same on every run (no addresses). */
static long long object_identity(const struct ir_var *v)
{
	unsigned long long h = 1469598103934665603ULL;
	for (const char *p = v->name; p && *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return (long long)(h ^ ((unsigned long long)v->pos.line << 20) ^ v->pos.col);
}

/* Work-item function with a constant dimension argument. */
static int dim_arg(const struct ir_expr *e)
{
	long long d;
	if (e->nkids != 1 || !ir_const_int(e->kids[0], &d) || d < 0 || d > 2)
		return -1;
	return (int)d;
}

static struct sym *sym_call(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			    unsigned block, unsigned inst, unsigned depth)
{
	const char *n = e->u.name;
	int d = dim_arg(e);
	if (!e->callee && d >= 0) {
		struct sym *s;
		if (!strcmp(n, "get_local_id") || !strcmp(n, "get_group_id") ||
		    !strcmp(n, "get_local_size") || !strcmp(n, "get_num_groups") ||
		    !strcmp(n, "get_enqueued_local_size")) {
			s = mk(ab, n[4] == 'l' && n[10] == 'i' ? S_LID : n[4] == 'g' ? S_GRP
				   : n[4] == 'n' ? S_NGRP : S_LSZ);
			if (s)
				s->dim = (unsigned char)d;
			return s;
		}
		if (!strcmp(n, "get_global_id") || !strcmp(n, "get_global_size")) {
			struct sym *g = mk(ab, n[11] == 'i' ? S_GRP : S_NGRP), *l = mk(ab, S_LSZ);
			if (!g || !l)
				return NULL;
			g->dim = l->dim = (unsigned char)d;
			struct sym *p = mk_bin(ab, IR_B_MUL, g, l);
			if (n[11] == 's')
				return p;
			struct sym *t = mk(ab, S_LID);
			if (t)
				t->dim = (unsigned char)d;
			return mk_bin(ab, IR_B_ADD, p, t);
		}
	}
	if (!e->callee && e->nkids == 0 &&
	    (!strcmp(n, "get_sub_group_local_id") || !strcmp(n, "get_sub_group_id") ||
	     !strcmp(n, "get_sub_group_size") || !strcmp(n, "get_max_sub_group_size") ||
	     !strcmp(n, "get_num_sub_groups") || !strcmp(n, "get_enqueued_num_sub_groups"))) {
		/* Sub-groups of the model's size, cut from the linear local id. */
		struct sym *sg = mk_const(ab, ab->k->launch.sg_size ? ab->k->launch.sg_size : 32);
		if (!strcmp(n, "get_sub_group_size") || !strcmp(n, "get_max_sub_group_size"))
			return sg;
		if (strstr(n, "num_sub_groups")) {
			/* ceil(work-items / sub-group size) */
			struct sym *z[3];
			for (int i = 0; i < 3; i++) {
				z[i] = mk(ab, S_LSZ);
				if (!z[i])
					return NULL;
				z[i]->dim = (unsigned char)i;
			}
			struct sym *all = mk_bin(ab, IR_B_MUL, z[0], mk_bin(ab, IR_B_MUL, z[1], z[2]));
			return mk_bin(ab, IR_B_DIV, mk_bin(ab, IR_B_ADD, all, mk_bin(ab, IR_B_SUB, sg,
							mk_const(ab, 1))), sg);
		}
		struct sym *l[3], *z[3];
		for (int i = 0; i < 3; i++) {
			l[i] = mk(ab, S_LID);
			z[i] = mk(ab, S_LSZ);
			if (!l[i] || !z[i])
				return NULL;
			l[i]->dim = z[i]->dim = (unsigned char)i;
		}
		struct sym *lin = mk_bin(ab, IR_B_ADD, l[0], mk_bin(ab, IR_B_MUL, z[0],
					 mk_bin(ab, IR_B_ADD, l[1], mk_bin(ab, IR_B_MUL, z[1], l[2]))));
		return mk_bin(ab, !strcmp(n, "get_sub_group_local_id") ? IR_B_REM : IR_B_DIV, lin, sg);
	}
	if (!e->callee && e->nkids == 0 && !strcmp(n, "get_local_linear_id")) {
		struct sym *l[3], *z[3];
		for (int i = 0; i < 3; i++) {
			l[i] = mk(ab, S_LID);
			z[i] = mk(ab, S_LSZ);
			if (!l[i] || !z[i])
				return NULL;
			l[i]->dim = z[i]->dim = (unsigned char)i;
		}
		return mk_bin(ab, IR_B_ADD, l[0],
			      mk_bin(ab, IR_B_MUL, z[0],
				     mk_bin(ab, IR_B_ADD, l[1], mk_bin(ab, IR_B_MUL, z[1], l[2]))));
	}
	if (!e->callee && e->nkids == 2 &&
	    (!strcmp(n, "min") || !strcmp(n, "max") || !strcmp(n, "mul24"))) {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		struct sym *y = acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1);
		return mk_bin(ab, n[1] == 'i' ? SYM_MIN : n[1] == 'a' ? SYM_MAX : IR_B_MUL, x, y);
	}
	if (!e->callee && e->nkids == 3 && !strcmp(n, "mad24")) {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		struct sym *y = acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1);
		return mk_bin(ab, IR_B_ADD, mk_bin(ab, IR_B_MUL, x, y),
			      acc_sym_of(ab, e->kids[2], c, block, inst, depth + 1));
	}
	return NULL;
}

/* The symbolic value of expression e evaluated at (block, inst) of context c. */
struct sym *acc_sym_of(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
		       unsigned block, unsigned inst, unsigned depth)
{
	if (!e || depth > MAX_SYM_DEPTH)
		return NULL;
	unsigned level = c->in ? unif_expr(c->in, e) : U_DIVERGENT;
	struct sym *s = NULL;
	switch (e->op) {
	case E_INT:
		return mk_const(ab, e->u.ival);
	case E_VAR:
		s = sym_var(ab, e->u.var, c, block, inst, level, depth);
		break;
	case E_CAST:
		if (e->type && e->type->kind == T_FLOAT)
			break;
		return acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
	case E_BINARY:
		s = mk_bin(ab, e->sub, acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1),
			   acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1));
		break;
	case E_UNARY: {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		if (!x)
			break;
		if (e->sub == IR_U_PLUS)
			return x;
		s = mk(ab, e->sub == IR_U_MINUS ? S_NEG : e->sub == IR_U_NOT ? S_NOT : S_LNOT);
		if (s)
			s->a = x;
		break;
	}
	case E_COND: {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		struct sym *y = acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1);
		struct sym *z = acc_sym_of(ab, e->kids[2], c, block, inst, depth + 1);
		if (x && y && z && (s = mk(ab, S_COND))) {
			s->a = x;
			s->b = y;
			s->x = z;
		}
		break;
	}
	case E_CALL:
		s = sym_call(ab, e, c, block, inst, depth);
		break;
	default:
		break;
	}
	if (s)
		return s;
	/* A load from memory: its value is unknown, but the same place gives
	 * the same value (race-free), which uniformity checks can use. */
	if ((e->op == E_INDEX || e->op == E_DEREF || e->op == E_MEMBER) && level != U_UNIFORM &&
	    depth < MAX_SYM_DEPTH && is_memory_lvalue(e)) {
		struct place pl = { 0 };
		if (place_of(ab, e, c, block, inst, &pl, depth + 1) && pl.object && pl.offset) {
			s = mk(ab, S_LOAD);
			if (s) {
				s->a = pl.offset;
				s->c = object_identity(pl.object);
				return s;
			}
		}
	}
	if (e->type && e->type->kind == T_FLOAT)
		return level ? mk_divergent(ab, ++ab->divergent_ids) : NULL;
	if (level == U_UNIFORM) {
		unsigned slot = new_slot(ab, ir_expr_text(ab->a, e), NULL, c, NULL, false);
		ab->k->slots[slot].per_group |= per_group_load(ab, e, c, block, inst, depth);
		s = mk(ab, S_SLOT);
		if (s)
			s->slot = slot;
		return s;
	}
	/* A divergent value we cannot model (a load, a hash): identified by its
	 * expression so that the same value used twice is recognized. */
	return mk_divergent(ab, 0x40000000u + e->id * 4096u + c->id);
}

/* ------------------------------------------------------- lvalue -> object */

/*
 * Is the uniform load e a value of its work-group's own?  __local memory
 * belongs to one group, and an address that depends on the group id reads a
 * different place in each group: what work-item 0 reserved with an atomic
 * and shared, a base offset from a per-group table.
 */
static bool per_group_load(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			   unsigned block, unsigned inst, unsigned depth)
{
	struct place pl = { 0 };
	if ((e->op != E_INDEX && e->op != E_DEREF && e->op != E_MEMBER) || depth >= MAX_SYM_DEPTH ||
	    !is_memory_lvalue(e) || !place_of(ab, e, c, block, inst, &pl, depth + 1) || !pl.object)
		return false;
	const struct ir_type *t = pl.object->type;
	return (t && t->space == AS_LOCAL) || sym_uses_grp(pl.offset);
}


static long long type_size(const struct ir_type *t)
{
	return t && t->size > 0 ? t->size : 0;
}

/* The innermost non-array element type. */
static const struct ir_type *scalar_elem(const struct ir_type *t)
{
	while (t && t->kind == T_ARRAY && t->elem)
		t = t->elem;
	return t;
}

static bool place_of_pointer(struct abuild *ab, const struct ir_expr *p, struct acc_ctx *c,
			     unsigned block, unsigned inst, struct place *out, unsigned depth);

/* Where an lvalue lives: object and byte offset.  False for private storage
 * and for what cannot be resolved. */
static bool place_of(struct abuild *ab, const struct ir_expr *lv, struct acc_ctx *c,
		     unsigned block, unsigned inst, struct place *out, unsigned depth)
{
	if (!lv || depth > MAX_SYM_DEPTH)
		return false;
	switch (lv->op) {
	case E_VAR:
		if (!is_shared_obj(lv->u.var))
			return false;
		out->object = lv->u.var;
		out->offset = mk_const(ab, 0);
		out->elem = scalar_elem(lv->u.var->type);
		out->size = type_size(lv->type);
		return true;
	case E_INDEX: {
		const struct ir_expr *base = lv->kids[0];
		bool ok;
		if (ir_is_pointer(base))
			ok = place_of_pointer(ab, base, c, block, inst, out, depth + 1);
		else if (base->type && base->type->kind == T_VECTOR)
			return place_of(ab, base, c, block, inst, out, depth + 1) &&
			       (out->field = "[]", true);
		else
			ok = place_of(ab, base, c, block, inst, out, depth + 1);
		if (!ok)
			return false;
		long long es = type_size(lv->type);
		struct sym *i = acc_sym_of(ab, lv->kids[1], c, block, inst, depth + 1);
		if (!i || !es)
			return false;
		out->offset = mk_bin(ab, IR_B_ADD, out->offset, mk_bin(ab, IR_B_MUL, i, mk_const(ab, es)));
		out->size = es;
		return true;
	}
	case E_DEREF:
		if (!place_of_pointer(ab, lv->kids[0], c, block, inst, out, depth + 1))
			return false;
		out->size = type_size(lv->type);
		return true;
	case E_MEMBER:
		if (lv->sub ? !place_of_pointer(ab, lv->kids[0], c, block, inst, out, depth + 1)
			    : !place_of(ab, lv->kids[0], c, block, inst, out, depth + 1))
			return false;
		out->field = lv->u.name;
		out->size = type_size(lv->type);
		return true;
	case E_SWIZZLE:
		if (!place_of(ab, lv->kids[0], c, block, inst, out, depth + 1))
			return false;
		out->field = lv->u.name;
		return true;
	default:
		return false;
	}
}

/*
 * The object a kernel's pointer argument stands for.  Arguments are
 * assumed not to alias; with --assume-aliasing every argument pointing to
 * the same type in the same address space is one object (the first such).
 */
static const struct ir_var *alias_rep(struct abuild *ab, const struct ir_func *f,
				      const struct ir_var *v)
{
	if (!ab->ctx->opt->assume_aliasing || !v->type || !v->type->elem)
		return v;
	for (unsigned i = 0; i < f->nparams; i++) {
		const struct ir_var *p = f->params[i];
		const struct ir_type *e = p->type && p->type->kind == T_POINTER ? p->type->elem : NULL;
		/* the same element type, ignoring const and volatile */
		if (e && p->type->space == v->type->space && e->kind == v->type->elem->kind &&
		    e->size == v->type->elem->size && e->count == v->type->elem->count &&
		    e->is_unsigned == v->type->elem->is_unsigned)
			return p;
	}
	return v;
}

static bool decays_to_pointer(const struct ir_expr *e)
{
	return ir_is_pointer(e) || (e && e->type && e->type->kind == T_ARRAY && e->type->elem);
}

static bool place_of_pointer(struct abuild *ab, const struct ir_expr *p, struct acc_ctx *c,
			     unsigned block, unsigned inst, struct place *out, unsigned depth)
{
	if (!p || depth > MAX_SYM_DEPTH)
		return false;
	p = ir_strip(p);
	switch (p->op) {
	case E_VAR: {
		const struct ir_var *v = p->u.var;
		if (is_shared_obj(v)) { /* an array decaying to a pointer */
			out->object = v;
			out->offset = mk_const(ab, 0);
			out->elem = scalar_elem(v->type);
			return true;
		}
		if (!v || v->func != c->f || v->id >= c->f->nvars)
			return false;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		struct def_rec d[3];
		unsigned nd = fi->defs ? reaching(ab, c->f, fi, v, block, inst, d, 2) : 9;
		if (nd == 1 && d[0].block == (unsigned)-1 && v->kind == VAR_PARAM) {
			if (!c->parent) {
				out->object = alias_rep(ab, c->f, v);
				out->offset = mk_const(ab, 0);
				out->elem = v->type ? v->type->elem : NULL;
				return true;
			}
			for (unsigned i = 0; i < c->f->nparams && i < c->call->nkids; i++)
				if (c->f->params[i] == v)
					return place_of_pointer(ab, c->call->kids[i], c->parent,
								c->call_block->id, c->call_inst, out,
								depth + 1);
			return false;
		}
		if (nd == 1 && d[0].strong && d[0].e->op == E_ASSIGN && !d[0].e->sub)
			return place_of_pointer(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, out,
						depth + 1);
		return false;
	}
	case E_BINARY:
		/* p + i, i + p, p - i; an array operand decays to a pointer to its
		 * first element (h + 1 passes &h[1]). */
		if ((p->sub == IR_B_ADD || p->sub == IR_B_SUB) && decays_to_pointer(p->kids[0])) {
			if (!place_of_pointer(ab, p->kids[0], c, block, inst, out, depth + 1))
				return false;
			long long es = p->kids[0]->type && p->kids[0]->type->elem
					       ? type_size(p->kids[0]->type->elem) : 0;
			struct sym *i = acc_sym_of(ab, p->kids[1], c, block, inst, depth + 1);
			if (!i || !es)
				return false;
			out->offset = mk_bin(ab, p->sub, out->offset, mk_bin(ab, IR_B_MUL, i, mk_const(ab, es)));
			return true;
		}
		if (p->sub == IR_B_ADD && decays_to_pointer(p->kids[1])) {
			if (!place_of_pointer(ab, p->kids[1], c, block, inst, out, depth + 1))
				return false;
			long long es = type_size(p->kids[1]->type->elem);
			struct sym *i = acc_sym_of(ab, p->kids[0], c, block, inst, depth + 1);
			if (!i || !es)
				return false;
			out->offset = mk_bin(ab, IR_B_ADD, out->offset, mk_bin(ab, IR_B_MUL, i, mk_const(ab, es)));
			return true;
		}
		return false;
	case E_ADDROF:
		return place_of(ab, p->kids[0], c, block, inst, out, depth + 1);
	case E_INDEX: /* a row of a multi-dimensional array, decaying */
		return place_of(ab, p, c, block, inst, out, depth + 1);
	default:
		return false;
	}
}

/* ------------------------------------------------------------ graph build */

struct walker {
	struct abuild *ab;
	struct acc_ctx *c;
	unsigned block, inst;
	const struct ir_expr *stmt;
	unsigned cur;                /* current node */
	/* the ?:, && and || operands being walked: condition and the outcome
	 * under which the operand is evaluated */
	const struct ir_expr *eg[ACC_MAX_EGUARD];
	bool egpol[ACC_MAX_EGUARD];
	unsigned neg;
};

static unsigned new_node(struct abuild *ab, struct acc_ctx *c, const struct ir_block *b)
{
	struct acc_kernel *k = ab->k;
	if (k->nnodes == k->capnodes) {
		unsigned ncap = k->capnodes ? k->capnodes * 2 : 64;
		struct acc_node *n = MEM_ARRAY(ab->a, struct acc_node, ncap);
		if (!n)
			return 0;
		if (k->nnodes)
			memcpy(n, k->nodes, k->nnodes * sizeof *n);
		k->nodes = n;
		k->capnodes = ncap;
	}
	struct acc_node *n = &k->nodes[k->nnodes];
	memset(n, 0, sizeof *n);
	n->ctx = c;
	n->block = b;
	n->first_ev = k->nev;
	return k->nnodes++;
}

static void add_edge(struct abuild *ab, unsigned from, unsigned to, bool back)
{
	struct edge *e = MEM_NEW(ab->a, struct edge);
	if (!e)
		return;
	e->from = from;
	e->to = to;
	e->back = back;
	mem_vec_push(ab->a, &ab->edges, e);
}

static struct acc_event *new_event(struct walker *w, unsigned kind)
{
	struct acc_kernel *k = w->ab->k;
	if (k->nev == k->capev) {
		unsigned ncap = k->capev ? k->capev * 2 : 64;
		struct acc_event *n = MEM_ARRAY(w->ab->a, struct acc_event, ncap);
		if (!n)
			return NULL;
		if (k->nev)
			memcpy(n, k->ev, k->nev * sizeof *n);
		k->ev = n;
		k->capev = ncap;
	}
	struct acc_event *ev = &k->ev[k->nev++];
	memset(ev, 0, sizeof *ev);
	ev->kind = (unsigned char)kind;
	ev->ctx = w->c;
	ev->block = w->c->f->blocks[w->block];
	k->nodes[w->cur].nev++;
	return ev;
}

/* Is lv (a pointer, or an lvalue reached through one) in the generic
 * address space? */
static bool through_generic(const struct ir_expr *lv, bool is_pointer)
{
	const struct ir_expr *p = is_pointer ? lv
				  : (lv->op == E_INDEX || lv->op == E_DEREF) && lv->nkids ? lv->kids[0]
				  : NULL;
	p = p ? ir_strip(p) : NULL;
	if (p && p->type && p->type->kind == T_ARRAY)
		return false;
	return p && p->type && p->type->kind == T_POINTER && p->type->space == AS_GENERIC;
}

/* An access through a generic pointer that could not be tied to an object:
 * say so (once per place), rather than leave the rules silently blind. */
static void generic_unsupported(struct abuild *ab, const struct ir_expr *lv)
{
	struct ir_unit *u = ab->ctx->unit;
	for (unsigned i = 0; i < u->unsupported.len; i++) {
		const struct ir_unsupported *x = u->unsupported.items[i];
		if (x->pos.file == lv->range.begin.file && x->pos.line == lv->range.begin.line &&
		    x->pos.col == lv->range.begin.col)
			return;
	}
	struct ir_unsupported *x = MEM_NEW(ab->a, struct ir_unsupported);
	if (!x)
		return;
	x->pos = lv->range.begin;
	x->what = "an access through a generic pointer whose address space is not known here "
		  "(it may point to __local or __global memory)";
	x->weakened = "the race and bank-conflict rules";
	mem_vec_push(ab->a, &u->unsupported, x);
}

/* Does atomic call e change its location by itself on every call: an
 * increment or decrement, or an add or subtract of anything but a literal 0
 * (atomic_add(p, 0) is how old code reads atomically)? */
static bool atomic_advances(const struct ir_expr *e)
{
	const char *n = e->u.name;
	if (!n)
		return false;
	if (!strncmp(n, "atomic_", 7))
		n += 7;
	else if (!strncmp(n, "atom_", 5))
		n += 5;
	else
		return false;
	if (!strncmp(n, "fetch_", 6))
		n += 6;
	if (!strcmp(n, "inc") || !strcmp(n, "dec"))
		return true;
	if (strncmp(n, "add", 3) && strncmp(n, "sub", 3))
		return false;
	if (n[3] && strcmp(n + 3, "_explicit"))
		return false;
	const struct ir_expr *v = e->nkids >= 2 ? ir_strip(e->kids[1]) : NULL;
	return v && !(v->op == E_INT && v->u.ival == 0);
}

static void emit_access(struct walker *w, const struct ir_expr *lv, bool is_pointer,
			unsigned kind, bool atomic, unsigned width, const struct ir_expr *value)
{
	struct abuild *ab = w->ab;
	struct place pl = { 0 };
	bool ok = is_pointer ? place_of_pointer(ab, lv, w->c, w->block, w->inst, &pl, 0)
			     : place_of(ab, lv, w->c, w->block, w->inst, &pl, 0);
	if (!ok || !pl.object) {
		if (through_generic(lv, is_pointer))
			generic_unsupported(ab, lv);
		return;
	}
	const struct ir_type *ot = pl.object->type;
	unsigned space = ot ? ot->space : AS_PRIVATE;
	if (space != AS_LOCAL && space != AS_GLOBAL)
		return;
	struct acc *a = MEM_NEW(ab->a, struct acc);
	struct acc_event *ev = a ? new_event(w, EV_ACCESS) : NULL;
	if (!ev)
		return;
	a->id = ab->k->accs.len;
	a->kind = (unsigned char)kind;
	a->space = (unsigned char)space;
	a->atomic = atomic;
	a->object = pl.object;
	a->lv = lv;
	a->stmt = w->stmt;
	a->range = lv->range;
	a->index = pl.offset;
	a->width = width ? width : 1;
	a->elem_type = pl.elem;
	a->elem_size = type_size(pl.elem);
	a->field = pl.field;
	long long sz = is_pointer ? (lv->type && lv->type->elem ? type_size(lv->type->elem) : 0)
				  : pl.size;
	if (sz <= 0)
		sz = a->elem_size > 0 ? a->elem_size : 1;
	a->width = (unsigned)(sz * (width ? width : 1));  /* bytes */
	a->is_volatile = (ot && ot->is_volatile) || (lv->type && lv->type->is_volatile) ||
			 (ot && ot->elem && ot->elem->is_volatile);
	a->ctx = w->c;
	a->block = w->c->f->blocks[w->block];
	a->inst = w->inst;
	a->node = w->cur;
	if (value) {
		a->value = acc_sym_of(ab, value, w->c, w->block, w->inst, 0);
		a->value_level = w->c->in ? (unsigned char)unif_expr(w->c->in, value) : U_DIVERGENT;
	} else {
		a->value_level = U_DIVERGENT;
	}
	/* Inside ?: or && / || operands: evaluated only on that outcome. */
	for (unsigned i = 0; i < w->neg; i++) {
		a->eguard[a->neguard].cond = acc_sym_of(ab, w->eg[i], w->c, w->block, w->inst, 0);
		a->eguard[a->neguard++].when_true = w->egpol[i];
	}
	ev->a = a;
	mem_vec_push(ab->a, &ab->k->accs, a);
}

static void walk(struct walker *w, const struct ir_expr *e);

/* The subexpressions an lvalue evaluates (indices, pointers), not the lvalue. */
static void walk_lvalue(struct walker *w, const struct ir_expr *lv)
{
	if (!lv)
		return;
	switch (lv->op) {
	case E_INDEX:
		if (ir_is_pointer(lv->kids[0]))
			walk(w, lv->kids[0]);
		else
			walk_lvalue(w, lv->kids[0]);
		walk(w, lv->kids[1]);
		break;
	case E_MEMBER:
		if (lv->sub)
			walk(w, lv->kids[0]);
		else
			walk_lvalue(w, lv->kids[0]);
		break;
	case E_SWIZZLE:
		walk_lvalue(w, lv->kids[0]);
		break;
	case E_DEREF:
		walk(w, lv->kids[0]);
		break;
	default:
		break;
	}
}

static bool is_memory_lvalue(const struct ir_expr *lv)
{
	if (!lv)
		return false;
	if (lv->op == E_VAR)
		return is_shared_obj(lv->u.var);
	if (lv->op == E_INDEX || lv->op == E_DEREF || lv->op == E_MEMBER || lv->op == E_SWIZZLE)
		return !ir_private_target(lv);
	return false;
}

static unsigned fence_flags(const struct ir_expr *call)
{
	long long f;
	if (call->nkids >= 1 && ir_const_int(call->kids[0], &f))
		return (unsigned)f & 7;
	return FENCE_LOCAL | FENCE_GLOBAL; /* unknown: assume it fences everything */
}

static void build_ctx(struct abuild *ab, struct acc_ctx *c);
static struct acc_ctx *new_ctx(struct abuild *ab, const struct ir_func *f, struct acc_ctx *parent,
			       const struct ir_expr *call, unsigned block, unsigned inst);

static void walk_call(struct walker *w, const struct ir_expr *e)
{
	for (unsigned i = 0; i < e->nkids; i++)
		walk(w, e->kids[i]);
	if (e->callee) {
		struct abuild *ab = w->ab;
		if (w->c->depth >= MAX_INLINE_DEPTH || ab->k->nnodes > MAX_NODES) {
			ab->k->truncated = true;
			return;
		}
		struct acc_ctx *cc = new_ctx(ab, e->callee, w->c, e, w->block, w->inst);
		if (!cc)
			return;
		if (ff(e->callee)->has_wg_barrier) {
			/* Split: the callee's own graph runs between two nodes of ours. */
			build_ctx(ab, cc);
			add_edge(ab, w->cur, cc->first_node[0], false);
			unsigned post = new_node(ab, w->c, w->c->f->blocks[w->block]);
			add_edge(ab, cc->last_node[e->callee->exit->id], post, false);
			w->cur = post;
		} else {
			/* No barrier inside: its accesses happen at the call. */
			const struct ir_func *f = e->callee;
			struct walker sub = { .ab = ab, .c = cc, .cur = w->cur };
			for (unsigned b = 0; b < f->nblocks; b++) {
				const struct ir_block *bb = f->blocks[b];
				sub.block = b;
				for (unsigned k = 0; k < bb->ninsts; k++) {
					sub.inst = k;
					sub.stmt = bb->insts[k];
					walk(&sub, bb->insts[k]);
				}
				sub.inst = bb->ninsts;
				sub.stmt = bb->cond;
				walk(&sub, bb->cond);
			}
			w->cur = sub.cur;
		}
		return;
	}
	switch ((enum bi_kind)e->sub) {
	case BI_BARRIER: {
		struct acc_event *ev = new_event(w, EV_BARRIER);
		if (!ev)
			return;
		ev->call = e;
		ev->flags = (unsigned char)fence_flags(e);
		long long scope;
		if (e->nkids >= 2 && ir_const_int(e->kids[1], &scope) && scope == 4 /* sub_group */)
			ev->sg_scope = true;
		ev->start = ++w->ab->k->nstarts;
		break;
	}
	case BI_SG_BARRIER: {
		struct acc_event *ev = new_event(w, EV_SG_BARRIER);
		if (!ev)
			return;
		ev->call = e;
		ev->flags = (unsigned char)fence_flags(e);
		ev->start = ++w->ab->k->nstarts;
		break;
	}
	case BI_FENCE: {
		struct acc_event *ev = new_event(w, EV_FENCE);
		if (!ev)
			return;
		ev->call = e;
		ev->flags = (unsigned char)fence_flags(e);
		ev->start = ++w->ab->k->nstarts;
		break;
	}
	case BI_ATOMIC_RMW: case BI_ATOMIC_LOAD: case BI_ATOMIC_STORE: case BI_ATOMIC_INIT:
		if (e->nkids >= 1) {
			unsigned before = w->ab->k->accs.len;
			emit_access(w, e->kids[0], true,
				    e->sub == BI_ATOMIC_LOAD ? ACC_READ
				    : e->sub == BI_ATOMIC_RMW ? ACC_READ | ACC_WRITE : ACC_WRITE,
				    e->sub != BI_ATOMIC_INIT, 1, NULL);
			if (w->ab->k->accs.len > before && e->sub == BI_ATOMIC_RMW)
				((struct acc *)w->ab->k->accs.items[before])->advances = atomic_advances(e);
		}
		break;
	case BI_VLOAD: case BI_VSTORE: {
		/* vloadN(offset, p) reads p[offset*N ...]; vstoreN(data, offset, p). */
		const char *n = e->u.name;
		unsigned width = 1;
		const char *digits = n + strcspn(n, "0123456789");
		if (*digits)
			width = (unsigned)atoi(digits);
		if (strstr(n, "half"))
			break; /* half conversions: element size differs; not modelled */
		unsigned pi = e->sub == BI_VLOAD ? 1 : 2, oi = pi - 1;
		if (e->nkids <= pi || !width)
			break;
		/* An access to p[offset * width] of width elements. */
		emit_access(w, e->kids[pi], true, e->sub == BI_VLOAD ? ACC_READ : ACC_WRITE, false,
			    width, NULL);
		struct acc *a = w->ab->k->accs.len
			? w->ab->k->accs.items[w->ab->k->accs.len - 1] : NULL;
		if (a && a->lv == e->kids[pi]) {
			struct sym *o = acc_sym_of(w->ab, e->kids[oi], w->c, w->block, w->inst, 0);
			long long es = a->width / width;
			a->index = mk_bin(w->ab, IR_B_ADD, a->index,
					  mk_bin(w->ab, IR_B_MUL, o, mk_const(w->ab, es * width)));
			a->range = e->range;
		}
		break;
	}
	default:
		break;
	}
}

static void walk(struct walker *w, const struct ir_expr *e)
{
	if (!e)
		return;
	switch (e->op) {
	case E_ASSIGN:
		walk(w, e->kids[1]);
		walk_lvalue(w, e->kids[0]);
		if (is_memory_lvalue(e->kids[0]))
			emit_access(w, e->kids[0], false, e->sub ? ACC_READ | ACC_WRITE : ACC_WRITE,
				    false, 0, e->sub ? NULL : e->kids[1]);
		return;
	case E_INCDEC:
		walk_lvalue(w, e->kids[0]);
		if (is_memory_lvalue(e->kids[0]))
			emit_access(w, e->kids[0], false, ACC_READ | ACC_WRITE, false, 0, NULL);
		return;
	case E_VAR:
		if (is_memory_lvalue(e) && (!e->type || e->type->kind != T_ARRAY))
			emit_access(w, e, false, ACC_READ, false, 0, NULL);
		return;
	case E_INDEX: case E_DEREF: case E_MEMBER: case E_SWIZZLE:
		walk_lvalue(w, e);
		if (is_memory_lvalue(e) && (!e->type || e->type->kind != T_ARRAY))
			emit_access(w, e, false, ACC_READ, false, 0, NULL);
		return;
	case E_ADDROF:
		walk_lvalue(w, e->kids[0]);
		return;
	case E_CALL:
		walk_call(w, e);
		return;
	case E_COND:
		walk(w, e->kids[0]);
		for (unsigned k = 1; k <= 2; k++) {
			if (w->neg < ACC_MAX_EGUARD) {
				w->eg[w->neg] = e->kids[0];
				w->egpol[w->neg++] = k == 1;
			}
			walk(w, e->kids[k]);
			if (w->neg && w->eg[w->neg - 1] == e->kids[0])
				w->neg--;
		}
		return;
	case E_BINARY:
		if (e->sub == IR_B_LAND || e->sub == IR_B_LOR) {
			walk(w, e->kids[0]);
			if (w->neg < ACC_MAX_EGUARD) {
				w->eg[w->neg] = e->kids[0];
				w->egpol[w->neg++] = e->sub == IR_B_LAND;
			}
			walk(w, e->kids[1]);
			if (w->neg && w->eg[w->neg - 1] == e->kids[0])
				w->neg--;
			return;
		}
		/* fall through */
	default:
		for (unsigned i = 0; i < e->nkids; i++)
			walk(w, e->kids[i]);
	}
}

static struct acc_ctx *new_ctx(struct abuild *ab, const struct ir_func *f, struct acc_ctx *parent,
			       const struct ir_expr *call, unsigned block, unsigned inst)
{
	struct acc_ctx *c = MEM_NEW(ab->a, struct acc_ctx);
	if (!c)
		return NULL;
	c->f = f;
	c->parent = parent;
	c->call = call;
	c->call_block = parent ? parent->f->blocks[block] : NULL;
	c->call_inst = inst;
	c->depth = parent ? parent->depth + 1 : 0;
	c->id = ab->ctxs.len;
	/* The uniformity instance for this call's context. */
	if (parent && parent->in && call) {
		uint64_t context = 0;
		for (unsigned i = 0; i < call->nkids && i < 32; i++)
			context |= (uint64_t)unif_expr(parent->in, call->kids[i]) << (2 * i);
		for (struct unif_inst *in = ff(f)->insts; in; in = in->next)
			if (in->context == context)
				c->in = in;
		if (!c->in)
			c->in = ff(f)->insts;
	}
	mem_vec_push(ab->a, &ab->ctxs, c);
	return c;
}

/* Make the nodes of every block of c, then its internal edges. */
static void build_ctx(struct abuild *ab, struct acc_ctx *c)
{
	const struct ir_func *f = c->f;
	c->first_node = MEM_ARRAY(ab->a, unsigned, f->nblocks);
	c->last_node = MEM_ARRAY(ab->a, unsigned, f->nblocks);
	if (!c->first_node || !c->last_node)
		return;
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *bb = f->blocks[b];
		struct walker w = { .ab = ab, .c = c, .block = b };
		w.cur = new_node(ab, c, bb);
		c->first_node[b] = w.cur;
		for (unsigned k = 0; k < bb->ninsts; k++) {
			w.inst = k;
			w.stmt = bb->insts[k];
			walk(&w, bb->insts[k]);
		}
		w.inst = bb->ninsts;
		w.stmt = bb->cond;
		walk(&w, bb->cond);
		c->last_node[b] = w.cur;
	}
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *bb = f->blocks[b];
		for (unsigned s = 0; s < bb->nsuccs; s++) {
			const struct ir_block *t = bb->succs[s];
			add_edge(ab, c->last_node[b], c->first_node[t->id],
				 cfg_dominates(f, t, bb));
		}
	}
}

/* Turn the edge list into per-node successor arrays. */
static void finish_edges(struct abuild *ab)
{
	struct acc_kernel *k = ab->k;
	for (unsigned i = 0; i < ab->edges.len; i++)
		k->nodes[((struct edge *)ab->edges.items[i])->from].nsucc++;
	for (unsigned n = 0; n < k->nnodes; n++) {
		k->nodes[n].succ = MEM_ARRAY(ab->a, unsigned, k->nodes[n].nsucc + 1);
		k->nodes[n].back = MEM_ARRAY(ab->a, bool, k->nodes[n].nsucc + 1);
		k->nodes[n].nsucc = 0;
	}
	for (unsigned i = 0; i < ab->edges.len; i++) {
		struct edge *e = ab->edges.items[i];
		struct acc_node *n = &k->nodes[e->from];
		if (!n->succ || !n->back)
			continue;
		n->back[n->nsucc] = e->back;
		n->succ[n->nsucc++] = e->to;
	}
	for (unsigned i = 0; i < ab->edges.len; i++)
		k->nodes[((struct edge *)ab->edges.items[i])->to].npred++;
	for (unsigned n = 0; n < k->nnodes; n++) {
		k->nodes[n].pred = MEM_ARRAY(ab->a, unsigned, k->nodes[n].npred + 1);
		k->nodes[n].npred = 0;
	}
	for (unsigned i = 0; i < ab->edges.len; i++) {
		struct edge *e = ab->edges.items[i];
		struct acc_node *n = &k->nodes[e->to];
		if (n->pred)
			n->pred[n->npred++] = e->from;
	}
	/* Sequence numbers of accesses inside their node. */
	for (unsigned n = 0; n < k->nnodes; n++)
		for (unsigned i = 0; i < k->nodes[n].nev; i++) {
			struct acc_event *ev = &k->ev[k->nodes[n].first_ev + i];
			if (ev->a) {
				ev->a->node = n;
				ev->a->seq = i;
			}
		}
}

/* --------------------------------------------------------------- intervals */

bool acc_splits(const struct acc_event *ev, enum acc_mode m)
{
	if (ev->kind == EV_ACCESS || m == MODE_NONE)
		return false;
	if (ev->kind == EV_FENCE)
		return m == MODE_FENCE;
	if (ev->kind == EV_SG_BARRIER)
		return m == MODE_SG_LOCAL && (ev->flags & FENCE_LOCAL);
	if (m == MODE_SG_LOCAL)
		return !ev->sg_scope && (ev->flags & FENCE_LOCAL);
	switch (m) {
	case MODE_LOCAL: return !ev->sg_scope && (ev->flags & FENCE_LOCAL);
	case MODE_GLOBAL: return !ev->sg_scope && (ev->flags & FENCE_GLOBAL);
	default: return true;
	}
}

/* A sorted set of interval starts, malloc'ed (the data-flow's scratch). */
struct uset {
	unsigned *v;
	unsigned n;
};

/* t |= src (sorted, ns entries).  1: t grew, 0: it had them all, -1: out of memory. */
static int uset_union(struct uset *t, const unsigned *src, unsigned ns)
{
	unsigned i = 0, j = 0, extra = 0;
	while (j < ns) {
		if (i < t->n && t->v[i] < src[j])
			i++;
		else if (i < t->n && t->v[i] == src[j])
			i++, j++;
		else
			extra++, j++;
	}
	if (!extra)
		return 0;
	unsigned n = t->n + extra;
	unsigned *v = malloc(n * sizeof *v);
	if (!v)
		return -1;
	unsigned k = 0;
	for (i = j = 0; i < t->n || j < ns;) {
		if (j == ns || (i < t->n && t->v[i] < src[j]))
			v[k++] = t->v[i++];
		else if (i == t->n || src[j] < t->v[i])
			v[k++] = src[j++];
		else
			v[k++] = t->v[i++], j++;
	}
	free(t->v);
	t->v = v;
	t->n = n;
	return 1;
}

/*
 * Walk node nd's events from its entry set (*cur, *ncur): a splitter of mode
 * m replaces the set by its own start.  With acc, each access adds the set in
 * force at its event to acc[its id].  On return *cur is what leaves the node;
 * false when out of memory.
 */
static bool node_events(const struct acc_kernel *k, const struct acc_node *nd, enum acc_mode m,
			const unsigned **cur, unsigned *ncur, struct uset *acc)
{
	for (unsigned i = 0; i < nd->nev; i++) {
		const struct acc_event *ev = &k->ev[nd->first_ev + i];
		if (acc_splits(ev, m)) {
			*cur = &ev->start;
			*ncur = 1;
		} else if (acc && ev->kind == EV_ACCESS &&
			   uset_union(&acc[ev->a->id], *cur, *ncur) < 0) {
			return false;
		}
	}
	return true;
}

/*
 * The interval starts reaching each access under mode m: a forward
 * data-flow over the inlined graph where a splitter replaces the set by its
 * own start.  Sets are sorted lists, not bit sets over all starts: few
 * starts reach any one point, and a kernel with thousands of barriers would
 * otherwise cost nodes x barriers in time and memory.
 */
static void intervals(struct abuild *ab, enum acc_mode m)
{
	struct acc_kernel *k = ab->k;
	unsigned N = k->nnodes, NA = k->accs.len;
	struct uset *in = calloc(N + 1, sizeof *in);
	struct uset *acc = calloc(NA + 1, sizeof *acc);
	unsigned *work = malloc((N + 1) * sizeof *work);
	bool *queued = calloc(N + 1, sizeof *queued);
	bool failed = false;
	if (!in || !acc || !work || !queued || !N)
		goto out;
	static const unsigned entry = 0; /* the kernel entry starts interval 0 */
	if (uset_union(&in[0], &entry, 1) < 0)
		goto out;
	unsigned head = 0, tail = 0, count = 0;
	work[tail++] = 0;
	queued[0] = true;
	count = 1;
	while (count && !failed) {
		unsigned n = work[head];
		head = (head + 1) % (N + 1);
		count--;
		queued[n] = false;
		const struct acc_node *nd = &k->nodes[n];
		const unsigned *cur = in[n].v;
		unsigned ncur = in[n].n;
		node_events(k, nd, m, &cur, &ncur, NULL);
		for (unsigned s = 0; s < nd->nsucc; s++) {
			unsigned t = nd->succ[s];
			if (t == n && cur == in[n].v)
				continue;   /* a self-loop adds nothing to its own set */
			int grew = uset_union(&in[t], cur, ncur);
			failed |= grew < 0;
			if (grew > 0 && !queued[t]) {
				queued[t] = true;
				work[tail] = t;
				tail = (tail + 1) % (N + 1);
				count++;
			}
		}
	}
	/* At the fixed point, each access gets the set in force at its event. */
	for (unsigned n = 0; n < N && !failed; n++) {
		const unsigned *cur = in[n].v;
		unsigned ncur = in[n].n;
		failed |= !node_events(k, &k->nodes[n], m, &cur, &ncur, acc);
	}
	for (unsigned i = 0; i < NA && !failed; i++) {
		struct acc *x = k->accs.items[i];
		const struct uset *u = &acc[x->id];
		x->iv[m] = MEM_ARRAY(ab->a, unsigned, u->n + 1);
		if (!x->iv[m])
			continue;
		memcpy(x->iv[m], u->v, u->n * sizeof *u->v);
		x->niv[m] = u->n;
	}
out:
	if (failed || !in || !acc || !work || !queued)
		ab->a->oom = true;
	for (unsigned i = 0; in && i <= N; i++)
		free(in[i].v);
	for (unsigned i = 0; acc && i <= NA; i++)
		free(acc[i].v);
	free(in);
	free(acc);
	free(work);
	free(queued);
}

bool acc_in_interval(const struct acc *a, enum acc_mode m, unsigned start)
{
	unsigned lo = 0, hi = m < MODE_COUNT ? a->niv[m] : 0;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (a->iv[m][mid] == start)
			return true;
		if (a->iv[m][mid] < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool acc_concurrent(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m)
{
	(void)k;
	unsigned i = 0, j = 0;
	if (m >= MODE_COUNT)
		return true;
	while (i < a->niv[m] && j < b->niv[m]) {
		if (a->iv[m][i] == b->iv[m][j])
			return true;
		if (a->iv[m][i] < b->iv[m][j])
			i++;
		else
			j++;
	}
	return false;
}

void acc_separators(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m, void (*fn)(const struct acc_event *ev, void *d), void *d)
{
	for (unsigned i = 0; i < k->nev; i++) {
		const struct acc_event *ev = &k->ev[i];
		if (ev->kind == EV_ACCESS)
			continue;
		if (acc_in_interval(a, m, ev->start) || acc_in_interval(b, m, ev->start))
			fn(ev, d);
	}
}

/* ------------------------------------------------------------ reachability */

/* Splitter events after position `seq` in node n (exclusive)? */
static bool splitter_after(const struct acc_kernel *k, unsigned n, unsigned seq, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = seq + 1; i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

static bool splitter_before(const struct acc_kernel *k, unsigned n, unsigned seq, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = 0; i < seq && i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

/*
 * Can b be reached from a without crossing a splitter?  With `via_back`,
 * the path must take a back edge into `header` (a node); without, it may
 * not take any back edge.
 */
bool acc_reaches(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m, int header)
{
	if (a->node == b->node && b->seq > a->seq && header < 0) {
		const struct acc_node *nd = &k->nodes[a->node];
		for (unsigned i = a->seq + 1; i < b->seq; i++)
			if (acc_splits(&k->ev[nd->first_ev + i], m))
				return false;
		return true;
	}
	if (splitter_after(k, a->node, a->seq, m))
		return false;
	unsigned N = k->nnodes;
	unsigned char *seen = calloc(N, 2);
	unsigned *stack = malloc((size_t)N * 2 * sizeof *stack);
	bool found = false;
	if (!seen || !stack) {
		free(seen);
		free(stack);
		return false;
	}
	/* state: node + whether the back edge was taken (when required) */
	unsigned sp = 0;
	stack[sp++] = a->node * 2;
	while (sp && !found) {
		unsigned st = stack[--sp], n = st / 2, took = st % 2;
		const struct acc_node *nd = &k->nodes[n];
		for (unsigned s = 0; s < nd->nsucc; s++) {
			unsigned t = nd->succ[s], tk = took;
			if (nd->back[s]) {
				/* -1: no back edge; -2: any; else any, and this one once */
				if (header == -1)
					continue;
				if (header >= 0 && (int)t == header)
					tk = 1;
			}
			if (t == b->node && (header < 0 || tk) &&
			    !splitter_before(k, t, b->seq, m)) {
				found = true;
				break;
			}
			bool blocked = false;
			const struct acc_node *tn = &k->nodes[t];
			for (unsigned i = 0; i < tn->nev && !blocked; i++)
				blocked = acc_splits(&k->ev[tn->first_ev + i], m);
			if (blocked || seen[t * 2 + tk])
				continue;
			seen[t * 2 + tk] = 1;
			stack[sp++] = t * 2 + tk;
		}
	}
	free(seen);
	free(stack);
	return found;
}

bool acc_b_after_a(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		   enum acc_mode m)
{
	if (acc_reaches(k, a, b, m, -1))
		return true;
	if (acc_reaches(k, b, a, m, -1))
		return false;
	/* Only through a loop: the one reached around a back edge runs later. */
	bool ab = acc_reaches(k, a, b, m, -2), ba = acc_reaches(k, b, a, m, -2);
	if (ab != ba)
		return ab;
	/* Parallel paths: the later one in the source. */
	return a->range.begin.line < b->range.begin.line ||
	       (a->range.begin.line == b->range.begin.line && a->range.begin.col <= b->range.begin.col);
}

/* ---------------------------------------------------------------- texts */

const char *acc_element_text(struct cls_ctx *ctx, const struct acc *a, long long byte)
{
	const struct ir_var *o = a->object;
	const struct ir_type *t = o->type;
	long long es = a->elem_size > 0 ? a->elem_size : 1;
	if (t && t->kind == T_ARRAY) {
		/* Row-major indices of a multi-dimensional array. */
		char buf[96];
		size_t n = 0;
		long long rem = byte;
		buf[0] = 0;
		for (const struct ir_type *x = t; x && x->kind == T_ARRAY && n < sizeof buf - 24; x = x->elem) {
			long long sub = x->elem && x->elem->size > 0 ? x->elem->size : es;
			long long i = sub ? rem / sub : 0;
			rem -= i * sub;
			n += (size_t)snprintf(buf + n, sizeof buf - n, "[%lld]", i);
		}
		return mem_printf(ctx->arena, "%s%s", o->name, buf);
	}
	if (t && t->kind != T_POINTER && t->kind != T_ARRAY)
		return mem_strdup(ctx->arena, o->name);
	return mem_printf(ctx->arena, "%s[%lld]", o->name, byte / es);
}

bool acc_under_divergence(const struct acc *a)
{
	const struct unif_inst *in = a->ctx->in;
	if (in && in->wg_ctrl[a->block->id])
		return true;
	for (const struct acc_ctx *c = a->ctx; c->parent; c = c->parent)
		if (c->parent->in && c->parent->in->wg_ctrl[c->call_block->id])
			return true;
	return false;
}


/* ---------------------------------------------------------------- bounds */

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

/* ---------------------------------------------------------------- analyze */

static void analyze_kernel(struct abuild *ab, const struct unif_inst *in)
{
	struct cls_ctx *ctx = ab->ctx;
	struct acc_kernel *k = MEM_NEW(ab->a, struct acc_kernel);
	if (!k)
		return;
	ab->k = k;
	k->kernel = in->f;
	k->in = in;
	launch_resolve(ctx, in->f, &k->launch);
	ab->edges.len = 0;
	struct acc_ctx *root = new_ctx(ab, in->f, NULL, NULL, 0, 0);
	if (!root)
		return;
	root->in = in;
	build_ctx(ab, root);
	finish_edges(ab);
	for (unsigned m = 0; m < MODE_COUNT; m++)
		intervals(ab, (enum acc_mode)m);
	launch_infer(ab, k);
	acc_first_iterations(ab, k);
	mem_vec_push(ab->a, &ctx->facts->acc->kernels, k);
}

void acc_analyze(struct cls_ctx *ctx)
{
	struct abuild ab = { .ctx = ctx, .a = ctx->arena };
	struct acc_unit *au = MEM_NEW(ctx->arena, struct acc_unit);
	ab.fi = MEM_ARRAY(ctx->arena, struct fn_info, ctx->unit->funcs.len + 1);
	ab.nmemo = 4093;
	ab.memo = MEM_ARRAY(ctx->arena, struct memo *, ab.nmemo);
	if (!au || !ab.fi || !ab.memo)
		return;
	ctx->facts->acc = au;
	for (unsigned i = 0; i < ctx->facts->insts.len; i++) {
		const struct unif_inst *in = ctx->facts->insts.items[i];
		if (in->f->is_kernel && !in->call_site)
			analyze_kernel(&ab, in);
	}
	/* Keep the builder: the conflict checks build more symbolic values. */
	struct abuild *keep = MEM_NEW(ctx->arena, struct abuild);
	if (keep) {
		*keep = ab;
		keep->k = NULL;
	}
	au->build = keep;
}

bool acc_reaches_event(const struct acc_kernel *k, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m)
{
	(void)k;
	return acc_in_interval(b, m, ev->start);
}

/* ------------------------------------------------------------- may meet */

static bool node_has_splitter(const struct acc_kernel *k, unsigned n, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = 0; i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

/* The level of the branch ending node n, or -1 when n ends no branch. */
static int branch_level(const struct acc_kernel *k, unsigned n)
{
	const struct acc_node *nd = &k->nodes[n];
	const struct acc_ctx *c = nd->ctx;
	if (nd->nsucc < 2 || !c->last_node || c->last_node[nd->block->id] != n)
		return -1;
	return c->in ? c->in->branch_level[nd->block->id] : U_DIVERGENT;
}

/* Is succ i of node n the exit of a loop whose body surely runs on entry? */
static bool exit_skipped(const struct acc_kernel *k, unsigned n, unsigned i, bool fresh)
{
	return fresh && k->first_exit && k->first_exit[n] == (int)i;
}

/*
 * Forward search within an interval, path-sensitive in one respect: a loop
 * header reached by a forward edge ("fresh") cannot take its exit edge when
 * the loop body surely runs at least once (k->first_exit).  mark[2n + f]
 * is set for node n reached in freshness f; a node holding a splitter is
 * reached but not crossed.
 */
static void fwd(const struct acc_kernel *k, unsigned from, unsigned seq, bool fresh,
		enum acc_mode m, unsigned char *mark, unsigned *stack)
{
	unsigned sp = 0;
	if (splitter_after(k, from, seq, m))
		return;
	const struct acc_node *nd = &k->nodes[from];
	for (unsigned i = 0; i < nd->nsucc; i++) {
		if (exit_skipped(k, from, i, fresh))
			continue;
		unsigned st = nd->succ[i] * 2 + !nd->back[i];
		if (!mark[st]) {
			mark[st] = 1;
			stack[sp++] = st;
		}
	}
	while (sp) {
		unsigned st = stack[--sp], n = st / 2;
		if (node_has_splitter(k, n, m))
			continue;
		const struct acc_node *x = &k->nodes[n];
		for (unsigned i = 0; i < x->nsucc; i++) {
			if (exit_skipped(k, n, i, st & 1))
				continue;
			unsigned t = x->succ[i] * 2 + !x->back[i];
			if (!mark[t]) {
				mark[t] = 1;
				stack[sp++] = t;
			}
		}
	}
}

/* Backward, ignoring freshness: nodes from whose start x may be reachable
 * without a splitter (a cheap superset, used to pick candidates). */
static void backward(const struct acc_kernel *k, const struct acc *x, enum acc_mode m,
		     unsigned char *mark, unsigned *stack)
{
	unsigned sp = 0;
	if (splitter_before(k, x->node, x->seq, m))
		return;
	mark[x->node] = 1;
	stack[sp++] = x->node;
	while (sp) {
		unsigned n = stack[--sp];
		for (unsigned p = 0; p < k->nodes[n].npred; p++) {
			unsigned q = k->nodes[n].pred[p];
			if (mark[q] || node_has_splitter(k, q, m))
				continue;
			mark[q] = 1;
			stack[sp++] = q;
		}
	}
}

/* Does a forward search (marks) reach access y's position? */
static bool marks_reach(const struct acc_kernel *k, const unsigned char *mark, const struct acc *y,
			enum acc_mode m)
{
	return (mark[y->node * 2] || mark[y->node * 2 + 1]) && !splitter_before(k, y->node, y->seq, m);
}

/* From x's position, is y reached without a splitter? */
static bool x_then_y(const struct acc_kernel *k, const struct acc *x, const struct acc *y,
		     enum acc_mode m, unsigned char *mark, unsigned *stack)
{
	if (x->node == y->node && y->seq > x->seq) {
		const struct acc_node *nd = &k->nodes[x->node];
		bool clean = true;
		for (unsigned i = x->seq + 1; i < y->seq && clean; i++)
			clean = !acc_splits(&k->ev[nd->first_ev + i], m);
		if (clean)
			return true;
	}
	memset(mark, 0, 2 * (size_t)k->nnodes);
	fwd(k, x->node, x->seq, false, m, mark, stack);
	return marks_reach(k, mark, y, m);
}

bool acc_may_meet(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		  enum acc_mode m)
{
	if (!acc_concurrent(k, a, b, m))
		return false;
	if (a == b || m >= MODE_COUNT)
		return true;
	unsigned N = k->nnodes;
	unsigned char *toa = calloc(N, 1), *tob = calloc(N, 1), *from = calloc(2 * (size_t)N, 1);
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool meet = true;
	if (!toa || !tob || !from || !mk || !stack)
		goto out;
	/* One after the other on a path: t1 lingers at the first while t2
	 * goes on to the second. */
	if (x_then_y(k, a, b, m, mk, stack) || x_then_y(k, b, a, m, mk, stack))
		goto out;
	meet = false;
	backward(k, a, m, toa, stack);
	backward(k, b, m, tob, stack);
	/* A common interval start from which the work-items can part at a
	 * branch: divergent, or uniform but taken again within the interval. */
	for (unsigned i = 0; i <= k->nev && !meet; i++) {
		/* i == k->nev stands for the kernel entry (interval 0). */
		bool at_entry = i == k->nev;
		const struct acc_event *ev = at_entry ? NULL : &k->ev[i];
		if (ev && ev->kind == EV_ACCESS)
			continue;
		unsigned start = at_entry ? 0 : ev->start;
		if (!acc_in_interval(a, m, start) || !acc_in_interval(b, m, start))
			continue;
		unsigned pn = 0, ps = 0;
		memset(from, 0, 2 * (size_t)N);
		if (at_entry) {
			from[1] = 1;
			if (!node_has_splitter(k, 0, m))
				fwd(k, 0, k->nodes[0].nev, true, m, from, stack);
		} else {
			for (pn = 0; pn < N; pn++)
				if (i >= k->nodes[pn].first_ev && i < k->nodes[pn].first_ev + k->nodes[pn].nev)
					break;
			ps = i - k->nodes[pn].first_ev;
			fwd(k, pn, ps, false, m, from, stack);
		}
		for (unsigned x = 0; x < N && !meet; x++) {
			const struct acc_node *nd = &k->nodes[x];
			int lvl = branch_level(k, x);
			if (lvl < 0)
				continue;
			/* Is the branch at the end of x reached, and how fresh? */
			bool here = !at_entry && x == pn;
			bool reached[2] = { from[2 * x] != 0, from[2 * x + 1] != 0 };
			if (here)
				reached[0] = !splitter_after(k, pn, ps, m);
			else if (node_has_splitter(k, x, m))
				continue;
			if (at_entry && x == 0)
				reached[1] = !node_has_splitter(k, 0, m);
			/* Candidates first: some successor leads to a, another to b. */
			bool cand = false;
			for (unsigned s1 = 0; s1 < nd->nsucc && !cand; s1++)
				for (unsigned s2 = 0; s2 < nd->nsucc && !cand; s2++)
					cand = toa[nd->succ[s1]] && tob[nd->succ[s2]] &&
					       (s1 != s2 || lvl == U_UNIFORM);
			if (!cand)
				continue;
			for (int f = 0; f < 2 && !meet; f++) {
				if (!reached[f])
					continue;
				bool splits_here = lvl > U_UNIFORM;
				if (!splits_here) {
					/* Uniform, but taken again within the interval? */
					memset(mk, 0, 2 * (size_t)N);
					fwd(k, x, nd->nev, f, m, mk, stack);
					splits_here = mk[2 * x] || mk[2 * x + 1];
				}
				if (!splits_here)
					continue;
				/* Confirm with the path-sensitive search from each side. */
				for (unsigned s1 = 0; s1 < nd->nsucc && !meet; s1++) {
					if (exit_skipped(k, x, s1, f) || !toa[nd->succ[s1]])
						continue;
					memset(mk, 0, 2 * (size_t)N);
					mk[nd->succ[s1] * 2 + !nd->back[s1]] = 1;
					fwd(k, nd->succ[s1], (unsigned)-1, !nd->back[s1], m, mk, stack);
					if (!marks_reach(k, mk, a, m) && !(a->node == nd->succ[s1] &&
					    !splitter_before(k, a->node, a->seq, m)))
						continue;
					for (unsigned s2 = 0; s2 < nd->nsucc && !meet; s2++) {
						if ((s1 == s2 && lvl != U_UNIFORM) || exit_skipped(k, x, s2, f) ||
						    !tob[nd->succ[s2]])
							continue;
						unsigned char *mb = calloc(2 * (size_t)N, 1);
						if (!mb) {
							meet = true;
							break;
						}
						mb[nd->succ[s2] * 2 + !nd->back[s2]] = 1;
						fwd(k, nd->succ[s2], (unsigned)-1, !nd->back[s2], m, mb, stack);
						meet = marks_reach(k, mb, b, m) ||
						       (b->node == nd->succ[s2] &&
							!splitter_before(k, b->node, b->seq, m));
						free(mb);
					}
				}
			}
		}
	}
out:
	free(toa);
	free(tob);
	free(from);
	free(mk);
	free(stack);
	return meet;
}

bool acc_header_reaches(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m)
{
	if (!c->first_node)
		return true;
	unsigned n = c->first_node[header->id], N = k->nnodes;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = true;
	if (mk && stack) {
		mk[2 * n] = 1;
		fwd(k, n, (unsigned)-1, false, m, mk, stack);
		r = (x->node == n && !splitter_before(k, n, x->seq, m)) || marks_reach(k, mk, x, m);
	}
	free(mk);
	free(stack);
	return r;
}

bool acc_event_follows(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       enum acc_mode m)
{
	unsigned N = k->nnodes, idx = (unsigned)(ev - k->ev), n;
	for (n = 0; n < N; n++)
		if (idx >= k->nodes[n].first_ev && idx < k->nodes[n].first_ev + k->nodes[n].nev)
			break;
	if (n == N)
		return false;
	unsigned seq = idx - k->nodes[n].first_ev;
	/* The first splitter after a in its node, if any, is the one a meets. */
	const struct acc_node *an = &k->nodes[a->node];
	for (unsigned i = a->seq + 1; i < an->nev; i++)
		if (acc_splits(&k->ev[an->first_ev + i], m))
			return a->node == n && i == seq;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = false;
	if (mk && stack) {
		fwd(k, a->node, a->seq, false, m, mk, stack);
		if (mk[2 * n] || mk[2 * n + 1]) {
			/* reached: ev must be the node's first splitter */
			const struct acc_node *x = &k->nodes[n];
			for (unsigned i = 0; i < x->nev; i++)
				if (acc_splits(&k->ev[x->first_ev + i], m)) {
					r = i == seq;
					break;
				}
		}
	}
	free(mk);
	free(stack);
	return r;
}

bool acc_event_between(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m)
{
	unsigned N = k->nnodes, idx = (unsigned)(ev - k->ev), n;
	for (n = 0; n < N; n++)
		if (idx >= k->nodes[n].first_ev && idx < k->nodes[n].first_ev + k->nodes[n].nev)
			break;
	if (n == N)
		return false;
	unsigned seq = idx - k->nodes[n].first_ev;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = false;
	if (mk && stack) {
		/* a -> ev with no splitter of mode m between */
		bool to_ev = a->node == n && a->seq < seq;
		for (unsigned i = a->seq + 1; to_ev && i < seq; i++)
			to_ev = !acc_splits(&k->ev[k->nodes[n].first_ev + i], m);
		if (!to_ev) {
			fwd(k, a->node, a->seq, false, m, mk, stack);
			to_ev = (mk[2 * n] || mk[2 * n + 1]) && !splitter_before(k, n, seq, m);
		}
		/* ev -> b likewise */
		if (to_ev) {
			bool to_b = b->node == n && b->seq > seq;
			for (unsigned i = seq + 1; to_b && i < b->seq; i++)
				to_b = !acc_splits(&k->ev[k->nodes[n].first_ev + i], m);
			if (!to_b) {
				memset(mk, 0, 2 * (size_t)N);
				fwd(k, n, seq, false, m, mk, stack);
				to_b = marks_reach(k, mk, b, m);
			}
			r = to_b;
		}
	}
	free(mk);
	free(stack);
	return r;
}
