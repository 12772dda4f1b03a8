/*
 * uniform.c - which values and branches differ between work-items (unif_ prefix).
 *
 * A flow-sensitive data-flow analysis per function and calling context.  The
 * state at a program point gives every private variable a level (uniform,
 * sub-group uniform, divergent), as two bit sets.  Assignments update the
 * state strongly for whole variables and weakly for elements.  Memory loads
 * take the level of their address: in a race-free kernel, work-items that
 * read one location in one barrier interval read one value (races are the
 * race rules' business).
 *
 * Divergent control is handled with post-dominators, not nesting: for a
 * branch whose condition is not uniform, its region is every block reachable
 * from it before its immediate post-dominator J.  Work-items leave the region
 * at different times or by different paths, so every variable assigned in the
 * region is non-uniform at J (this covers joins after if/else, values live
 * out of loops with divergent exits, and early returns).  Region membership
 * is also what the barrier rule needs: a block inside the region of a
 * divergent branch is not executed by all work-items.
 *
 * Calls to user functions are analyzed once per context (the levels of the
 * arguments) and summarized by the level of the returned value and of what
 * is stored through pointer parameters.
 *
 * The state holds a bit per variable slot, not per variable: variables whose
 * live ranges (as block-id intervals) do not overlap share a slot.  Wherever a
 * variable is live, its slot was last written by that variable, so the
 * results are those of one bit per variable, while a long kernel of many
 * short-lived variables needs blocks x (variables live at once), not
 * blocks x variables.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"

#define MAX_PARAMS_IN_CONTEXT 32
#define MAX_CALL_DEPTH 64

struct uctx {
	struct cls_ctx *ctx;
	struct unif_inst *in;
	struct ir_func *f;
	unsigned nv;            /* variables + 1 (the returned value) */
	unsigned *slot;         /* per variable (nv): its bit in the state */
	unsigned *pos;          /* per block: its place in the layout (layout()) */
	int *lo, *hi;           /* per variable: the blocks where it may be live
				 * have their places in [lo, hi] (lo > hi: none) */
	unsigned *vstamp;       /* per variable: scratch mark of process_region */
	unsigned *vlist;        /* scratch: the variables a region assigns */
	unsigned words;         /* 64-bit words per bit set (of slots) */
	uint64_t *st_in;        /* per block: 2 bit sets (level >= 1, level == 2) */
	uint64_t **taint;       /* per block: levels forced at this join (2 bit
				 * sets), allocated for joins of non-uniform branches */
	unsigned **defs;        /* per block: variables assigned in it, a list
				 * ending in UINT_MAX (NULL: none) */
	uint64_t *cur;          /* the state while walking a block */
	unsigned char *done_level; /* per block: branch level whose region was processed */
	const struct ir_block *block; /* block being walked */
	unsigned depth;         /* call depth */
};

static inline bool bit(const uint64_t *s, unsigned i)
{
	return (s[i >> 6] >> (i & 63)) & 1;
}

static inline void setbit(uint64_t *s, unsigned i, bool v)
{
	if (v)
		s[i >> 6] |= (uint64_t)1 << (i & 63);
	else
		s[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static unsigned char get_level(const struct uctx *u, unsigned v)
{
	unsigned sl = u->slot[v];
	if (!bit(u->cur, sl))
		return U_UNIFORM;
	return bit(u->cur + u->words, sl) ? U_DIVERGENT : U_SUBGROUP;
}

static unsigned char max2(unsigned char a, unsigned char b)
{
	return a > b ? a : b;
}

/* Raise the recorded maximum of v and remember why. */
static void note_why(struct uctx *u, unsigned v, unsigned char level,
		     const struct ir_expr *e, const struct ir_block *branch)
{
	struct unif_inst *in = u->in;
	if (v >= u->f->nvars || level <= in->var_max[v])
		return;
	in->var_max[v] = level;
	in->why[v].expr = e;
	in->why[v].branch = branch;
}

/* Strong update of variable v (private or param) to `level`. */
static void set_level(struct uctx *u, unsigned v, unsigned char level, const struct ir_expr *why)
{
	setbit(u->cur, u->slot[v], level >= U_SUBGROUP);
	setbit(u->cur + u->words, u->slot[v], level >= U_DIVERGENT);
	note_why(u, v, level, why, NULL);
}

static bool is_tracked(const struct ir_var *v)
{
	return v && (v->kind == VAR_PRIVATE || v->kind == VAR_PARAM);
}

static unsigned char lev(struct uctx *u, const struct ir_expr *e);
static struct unif_inst *instance(struct cls_ctx *ctx, struct ir_func *f, uint64_t context,
				  const struct ir_expr *site, struct unif_inst *caller,
				  unsigned depth);

/* A private variable whose storage a call may write: &v, or an array v. */
static const struct ir_var *written_through(const struct ir_expr *arg)
{
	arg = ir_strip(arg);
	if (!arg)
		return NULL;
	if (arg->op == E_ADDROF) {
		const struct ir_var *v = ir_private_target(arg->kids[0]);
		return v;
	} else if (!(arg->op == E_VAR && arg->u.var && arg->u.var->type &&
		   arg->u.var->type->kind == T_ARRAY))
		return NULL;
	if (arg && arg->op == E_VAR && is_tracked(arg->u.var))
		return arg->u.var;
	return NULL;
}

/* Weakly raise v to at least `level`. */
static void raise_level(struct uctx *u, const struct ir_var *v, unsigned char level,
			const struct ir_expr *why)
{
	unsigned char old = get_level(u, v->id);
	if (level > old)
		set_level(u, v->id, level, why);
}

static unsigned char lev_call(struct uctx *u, const struct ir_expr *e)
{
	unsigned char args = U_UNIFORM, arglev[MAX_PARAMS_IN_CONTEXT];
	for (unsigned i = 0; i < e->nkids; i++) {
		unsigned char l = lev(u, e->kids[i]);
		if (i < MAX_PARAMS_IN_CONTEXT)
			arglev[i] = l;
		args = max2(args, l);
	}
	if (e->callee) {
		uint64_t context = 0;
		for (unsigned i = 0; i < e->nkids && i < MAX_PARAMS_IN_CONTEXT; i++)
			context |= (uint64_t)arglev[i] << (2 * i);
		if (e->nkids > MAX_PARAMS_IN_CONTEXT && args)
			context |= (uint64_t)U_DIVERGENT << (2 * (MAX_PARAMS_IN_CONTEXT - 1));
		struct unif_inst *ci = instance(u->ctx, e->callee, context, e, u->in, u->depth + 1);
		if (!ci || ci->in_progress)
			return U_DIVERGENT; /* recursion (reported) or out of memory */
		for (unsigned i = 0; i < e->nkids && i < e->callee->nparams; i++) {
			const struct ir_var *v = written_through(e->kids[i]);
			if (v && ci->out_level && ci->out_level[i])
				raise_level(u, v, ci->out_level[i], e);
		}
		return ci->ret_level;
	}
	switch ((enum bi_kind)e->sub) {
	case BI_ID_DIVERGENT:
		return U_DIVERGENT;
	case BI_ID_SUBGROUP:
		return max2(U_SUBGROUP, args);
	case BI_ID_UNIFORM:
		return args;
	case BI_BARRIER: case BI_FENCE: case BI_SG_BARRIER: case BI_ASYNC_COPY:
	case BI_WAIT_EVENTS: case BI_ATOMIC_STORE: case BI_ATOMIC_INIT:
	case BI_WG_COLLECTIVE:
		return U_UNIFORM;
	case BI_SG_COLLECTIVE:
		return U_SUBGROUP;
	case BI_WG_SCAN: case BI_SG_SCAN: case BI_SG_SHUFFLE: case BI_SG_ELECT:
	case BI_SG_NONUNIFORM: case BI_ATOMIC_LOAD: case BI_ATOMIC_RMW:
		return U_DIVERGENT;
	case BI_UNSUPPORTED:
		return U_DIVERGENT;
	case BI_VLOAD:
		return args;
	case BI_VSTORE:
	case BI_NONE:
	default:
		/* Built-ins that write through pointers (fract, modf, sincos,
		 * vstore into a private array): the target gets the arguments' level. */
		for (unsigned i = 0; i < e->nkids; i++) {
			const struct ir_var *v = written_through(e->kids[i]);
			if (v)
				raise_level(u, v, args, e);
		}
		return args;
	}
}

/* The level of the indices along an lvalue path (a[i][j].x: max(i, j)). */
static unsigned char path_level(struct uctx *u, const struct ir_expr *e)
{
	unsigned char l = U_UNIFORM;
	while (e && (e->op == E_INDEX || e->op == E_MEMBER || e->op == E_SWIZZLE)) {
		if (e->op == E_INDEX)
			l = max2(l, u->in->expr_level[e->kids[1]->id]);
		e = e->kids[0];
	}
	return l;
}

/* Record a store through a pointer parameter of this function. */
static void store_through_param(struct uctx *u, const struct ir_expr *root, unsigned char level)
{
	root = ir_strip(root);
	while (root && (root->op == E_DEREF || root->op == E_BINARY || root->op == E_INDEX ||
			root->op == E_MEMBER))
		root = ir_strip(root->kids[0]);
	if (!root || root->op != E_VAR || !root->u.var || root->u.var->kind != VAR_PARAM)
		return;
	const struct ir_var *p = root->u.var;
	for (unsigned i = 0; i < u->f->nparams; i++)
		if (u->f->params[i] == p) {
			/* Stored under divergent control: callers see different values. */
			if (u->in->wg_ctrl[u->block->id])
				level = max2(level, u->in->sg_ctrl[u->block->id] ? U_DIVERGENT : U_SUBGROUP);
			u->in->out_level[i] = max2(u->in->out_level[i], level);
		}
}

static unsigned char lev_assign(struct uctx *u, const struct ir_expr *e)
{
	const struct ir_expr *lhs = e->kids[0];
	unsigned char r = lev(u, e->kids[1]);
	/* A plain `v = ...` does not read v: its slot may belong to another
	 * variable here (see ref_scan); the node takes the assigned level. */
	bool strong = e->sub == IR_B_NONE && lhs->op == E_VAR && is_tracked(lhs->u.var);
	unsigned char l = strong ? U_UNIFORM : lev(u, lhs);  /* evaluates the indices too */
	if (e->op == E_INCDEC || e->sub != IR_B_NONE)
		r = max2(r, l);
	if (strong && r > u->in->expr_level[lhs->id])
		u->in->expr_level[lhs->id] = r;
	const struct ir_var *v = ir_private_target(lhs);
	if (v) {
		if (lhs->op == E_VAR)
			set_level(u, v->id, r, e->kids[1]);
		else
			raise_level(u, v, max2(r, path_level(u, lhs)), e);
	} else {
		store_through_param(u, ir_lvalue_root(lhs), max2(r, path_level(u, lhs)));
	}
	return r;
}

static unsigned char lev(struct uctx *u, const struct ir_expr *e)
{
	unsigned char l = U_UNIFORM;
	if (!e)
		return U_UNIFORM;
	switch (e->op) {
	case E_INT: case E_FLOAT: case E_STRING:
		break;
	case E_VAR:
		if (is_tracked(e->u.var))
			l = get_level(u, e->u.var->id);
		break;
	case E_CALL:
		l = lev_call(u, e);
		break;
	case E_ASSIGN:
		l = lev_assign(u, e);
		break;
	case E_INCDEC: {
		l = lev(u, e->kids[0]);
		const struct ir_var *v = ir_private_target(e->kids[0]);
		if (v) {
			if (e->kids[0]->op != E_VAR)
				raise_level(u, v, max2(l, path_level(u, e->kids[0])), e);
		} else {
			store_through_param(u, ir_lvalue_root(e->kids[0]), l);
		}
		break;
	}
	case E_COMMA:
		lev(u, e->kids[0]);
		l = lev(u, e->kids[1]);
		break;
	case E_ADDROF: {
		/* The address of a private object is that work-item's own, but used
		 * as a pointer it reads the object: give it the object's level. */
		l = lev(u, e->kids[0]);
		break;
	}
	default:
		/* Loads (index, member, deref) take the level of their address;
		 * arithmetic, casts, ?: and the rest the maximum of their operands. */
		for (unsigned i = 0; i < e->nkids; i++)
			l = max2(l, lev(u, e->kids[i]));
		break;
	}
	if (l > u->in->expr_level[e->id])
		u->in->expr_level[e->id] = l;
	return l;
}

/* The variables assigned in a block, for the join rule. */
struct defs {
	unsigned *v;
	unsigned n, cap;
	bool oom;
};

static void add_def(struct defs *d, unsigned id)
{
	for (unsigned i = 0; i < d->n; i++)
		if (d->v[i] == id)
			return;
	if (d->n + 1 >= d->cap) {
		unsigned cap = d->cap ? 2 * d->cap : 8;
		unsigned *nv = realloc(d->v, cap * sizeof *nv);
		if (!nv) {
			d->oom = true;
			return;
		}
		d->v = nv;
		d->cap = cap;
	}
	d->v[d->n++] = id;
}

static void block_defs(const struct ir_expr *e, struct defs *d)
{
	if (!e)
		return;
	if (e->op == E_ASSIGN || e->op == E_INCDEC) {
		const struct ir_var *v = ir_private_target(e->kids[0]);
		if (v)
			add_def(d, v->id);
	} else if (e->op == E_CALL) {
		for (unsigned i = 0; i < e->nkids; i++) {
			const struct ir_var *v = written_through(e->kids[i]);
			if (v)
				add_def(d, v->id);
		}
	}
	for (unsigned i = 0; i < e->nkids; i++)
		block_defs(e->kids[i], d);
}

/* Walk block b from its entry state; returns true if a successor's state grew. */
static bool walk_block(struct uctx *u, const struct ir_block *b)
{
	unsigned W = 2 * u->words;
	const uint64_t *in = u->st_in + (size_t)b->id * W, *tt = u->taint[b->id];
	for (unsigned i = 0; i < W; i++)
		u->cur[i] = in[i] | (tt ? tt[i] : 0);
	u->block = b;
	for (unsigned k = 0; k < b->ninsts; k++)
		lev(u, b->insts[k]);
	if (b->cond) {
		unsigned char l = lev(u, b->cond);
		if (b->term == TERM_RETURN)
			set_level(u, u->f->nvars, l, b->cond);
		else if (l > u->in->branch_level[b->id])
			u->in->branch_level[b->id] = l;
	}
	bool grew = false;
	for (unsigned s = 0; s < b->nsuccs; s++) {
		uint64_t *t = u->st_in + (size_t)b->succs[s]->id * W;
		for (unsigned i = 0; i < W; i++) {
			uint64_t n = t[i] | u->cur[i];
			if (n != t[i]) {
				t[i] = n;
				grew = true;
			}
		}
	}
	return grew;
}

/*
 * The region of branch b: blocks reachable from its successors without
 * passing its immediate post-dominator.  Marks them controlled by b and
 * returns true when the join's taint grew.
 */
static bool process_region(struct uctx *u, const struct ir_block *b, unsigned *stack,
			   unsigned *mark, unsigned stamp)
{
	const struct ir_func *f = u->f;
	unsigned char level = u->in->branch_level[b->id];
	int j = ff(f)->cfg.ipdom ? ff(f)->cfg.ipdom[b->id] : -1;
	unsigned sp = 0, W = 2 * u->words, nlist = 0;
	uint64_t *d = u->cur; /* reuse as the union of defs (slots live at j) */
	memset(d, 0, W * sizeof *d);
	for (unsigned s = 0; s < b->nsuccs; s++) {
		const struct ir_block *t = b->succs[s];
		if ((int)t->id != j && mark[t->id] != stamp) {
			mark[t->id] = stamp;
			stack[sp++] = t->id;
		}
	}
	while (sp) {
		const struct ir_block *x = f->blocks[stack[--sp]];
		if (!u->in->wg_ctrl[x->id] || u->in->wg_ctrl[x->id]->id < b->id)
			u->in->wg_ctrl[x->id] = b;
		if (level >= U_DIVERGENT &&
		    (!u->in->sg_ctrl[x->id] || u->in->sg_ctrl[x->id]->id < b->id))
			u->in->sg_ctrl[x->id] = b;
		for (const unsigned *bd = u->defs[x->id]; bd && *bd != UINT_MAX; bd++) {
			if (u->vstamp[*bd] == stamp)
				continue;
			u->vstamp[*bd] = stamp;
			u->vlist[nlist++] = *bd;
			/* Dead at the join: nothing reads it there, and its slot
			 * may be another variable's. */
			if (j >= 0 && u->lo[*bd] <= (int)u->pos[j] && (int)u->pos[j] <= u->hi[*bd])
				setbit(d, u->slot[*bd], true);
		}
		if (x->term == TERM_RETURN)
			setbit(d, u->slot[f->nvars], true);
		for (unsigned s = 0; s < x->nsuccs; s++) {
			const struct ir_block *t = x->succs[s];
			if ((int)t->id != j && mark[t->id] != stamp) {
				mark[t->id] = stamp;
				stack[sp++] = t->id;
			}
		}
	}
	if (j < 0)
		return false;
	if (!u->taint[j]) {
		u->taint[j] = calloc(W, sizeof *u->taint[j]);
		if (!u->taint[j]) {
			u->ctx->arena->oom = true;
			return false;
		}
	}
	uint64_t *tt = u->taint[j];
	bool grew = false;
	for (unsigned i = 0; i < u->words; i++) {
		uint64_t n0 = tt[i] | d[i];
		uint64_t n1 = level >= U_DIVERGENT ? tt[u->words + i] | d[i] : tt[u->words + i];
		if (n0 != tt[i] || n1 != tt[u->words + i]) {
			tt[i] = n0;
			tt[u->words + i] = n1;
			grew = true;
		}
	}
	if ((unsigned)j != f->exit->id)
		for (unsigned i = 0; i < nlist; i++)
			note_why(u, u->vlist[i], level, NULL, b);
	return grew;
}

static void analyze(struct uctx *u)
{
	struct ir_func *f = u->f;
	unsigned n = f->nblocks, W = 2 * u->words;
	unsigned *stack = MEM_ARRAY(u->ctx->arena, unsigned, n);
	unsigned *mark = MEM_ARRAY(u->ctx->arena, unsigned, n);
	unsigned stamp = 0;
	if (!stack || !mark)
		return;
	/* Entry state: the parameters' levels from the context. */
	for (unsigned i = 0; i < f->nparams && i < MAX_PARAMS_IN_CONTEXT; i++) {
		unsigned char l = (u->in->context >> (2 * i)) & 3;
		unsigned v = f->params[i]->id;
		setbit(u->st_in, u->slot[v], l >= U_SUBGROUP);
		setbit(u->st_in + u->words, u->slot[v], l >= U_DIVERGENT);
		u->in->var_max[v] = l;
	}
	for (;;) {
		bool grew = true;
		unsigned rounds = 0;
		while (grew && rounds++ < 4 * n + 16) {
			grew = false;
			for (unsigned i = 0; i < n; i++)
				grew |= walk_block(u, f->blocks[i]);
		}
		bool taint = false;
		for (unsigned i = 0; i < n; i++) {
			const struct ir_block *b = f->blocks[i];
			unsigned char l = u->in->branch_level[i];
			if (b->nsuccs < 2 || l == U_UNIFORM || l <= u->done_level[i])
				continue;
			u->done_level[i] = l;
			taint |= process_region(u, b, stack, mark, ++stamp);
		}
		if (!taint)
			break;
	}
	/* The returned value: its level at the exit, joins included. */
	const uint64_t *ex = u->st_in + (size_t)f->exit->id * W, *tx = u->taint[f->exit->id];
	unsigned r = u->slot[f->nvars];
	bool varies = bit(ex, r) || (tx && bit(tx, r));
	bool diverges = bit(ex + u->words, r) || (tx && bit(tx + u->words, r));
	if (varies)
		u->in->ret_level = diverges ? U_DIVERGENT : U_SUBGROUP;
}

/* ------------------------------------------------------------------ slots */

/* The blocks that mention a variable, and whether the first mention in each,
 * in evaluation order, reads its level (anything but being the target of a
 * plain assignment): a block that assigns v before reading it kills v. */
struct vrefs {
	unsigned *block;
	bool *use;
	unsigned n, cap;
	bool oom;
};

static void add_ref(struct vrefs *r, unsigned block, bool use)
{
	if (r->n && r->block[r->n - 1] == block)
		return;   /* the first mention decides */
	if (r->n == r->cap) {
		unsigned cap = r->cap ? 2 * r->cap : 4;
		unsigned *nb = realloc(r->block, cap * sizeof *nb);
		if (nb)
			r->block = nb;
		bool *nu = nb ? realloc(r->use, cap * sizeof *nu) : NULL;
		if (!nu) {
			r->oom = true;
			return;
		}
		r->use = nu;
		r->cap = cap;
	}
	r->block[r->n] = block;
	r->use[r->n++] = use;
}

/* Record the mentions in e in lev()'s order: an assignment's right side first. */
static void ref_scan(const struct uctx *u, const struct ir_expr *e, unsigned block,
		     struct vrefs *refs)
{
	if (!e)
		return;
	if (e->op == E_ASSIGN) {
		const struct ir_expr *lhs = e->kids[0];
		ref_scan(u, e->kids[1], block, refs);
		if (e->sub == IR_B_NONE && lhs->op == E_VAR && is_tracked(lhs->u.var)) {
			if (lhs->u.var->id < u->f->nvars)
				add_ref(&refs[lhs->u.var->id], block, false);
		} else {
			ref_scan(u, lhs, block, refs);
		}
		return;
	}
	if (e->op == E_VAR && is_tracked(e->u.var) && e->u.var->id < u->f->nvars)
		add_ref(&refs[e->u.var->id], block, true);
	for (unsigned i = 0; i < e->nkids; i++)
		ref_scan(u, e->kids[i], block, refs);
}

/* The k-th successor of b to visit: loop exits (shallower blocks) first. */
static const struct ir_block *layout_succ(const struct ir_block *b, unsigned k)
{
	for (unsigned depth = 0, seen = 0;; depth++) {
		bool deeper = false;
		for (unsigned s = 0; s < b->nsuccs; s++) {
			if (b->succs[s]->loop_depth == depth && seen++ == k)
				return b->succs[s];
			deeper |= b->succs[s]->loop_depth > depth;
		}
		if (!deeper)
			return NULL;
	}
}

/*
 * u->pos[b]: block b's place in a reverse post-order that finishes a loop's
 * blocks before the code after it, so that every loop, and so every scope,
 * is contiguous (the block ids put loop bodies at the end).
 */
static bool layout(struct uctx *u)
{
	const struct ir_func *f = u->f;
	unsigned n = f->nblocks, sp = 0, next = n;
	unsigned *stack = malloc((n + 1) * sizeof *stack), *k = calloc(n + 1, sizeof *k);
	bool *seen = calloc(n + 1, sizeof *seen);
	bool ok = stack && k && seen && n;
	if (ok) {
		stack[sp++] = 0;
		seen[0] = true;
	}
	while (ok && sp) {
		unsigned b = stack[sp - 1];
		const struct ir_block *t = layout_succ(f->blocks[b], k[b]++);
		if (!t) {
			u->pos[b] = --next;   /* post-order, numbered from the end */
			sp--;
		} else if (!seen[t->id]) {
			seen[t->id] = true;
			stack[sp++] = t->id;
		}
	}
	for (unsigned b = 0; ok && b < n; b++)
		if (!seen[b])
			u->pos[b] = --next;   /* unreachable: anywhere */
	free(stack);
	free(k);
	free(seen);
	return ok || !n;
}

/*
 * u->lo[v], u->hi[v]: an interval of layout positions holding every block where v
 * is mentioned or live (live-in: a path to a read with no plain assignment
 * of v before it; live-out: a successor is live-in).  Found backwards from
 * the reads, per variable, so the cost is the size of the live ranges.
 */
static bool live_ranges(struct uctx *u, struct vrefs *refs)
{
	const struct ir_func *f = u->f;
	unsigned n = f->nblocks;
	unsigned *mark = calloc(n + 1, sizeof *mark), *kill = calloc(n + 1, sizeof *kill);
	unsigned *stack = malloc((n + 1) * sizeof *stack);
	bool ok = mark && kill && stack;
	for (unsigned v = 0; ok && v < f->nvars; v++) {
		const struct vrefs *r = &refs[v];
		unsigned m = v + 1, sp = 0;
		int lo = INT_MAX, hi = -1;
		if (f->vars[v]->kind == VAR_PARAM)
			lo = hi = (int)u->pos[0];   /* defined at the entry */
		for (unsigned i = 0; i < r->n; i++)
			if (!r->use[i])
				kill[r->block[i]] = m;
		for (unsigned i = 0; i < r->n; i++) {
			unsigned b = r->block[i];
			int pb = (int)u->pos[b];
			lo = pb < lo ? pb : lo;
			hi = pb > hi ? pb : hi;
			if (r->use[i]) {
				kill[b] = 0;
				if (mark[b] != m) {
					mark[b] = m;
					stack[sp++] = b;
				}
			}
		}
		while (sp) {
			const struct ir_block *b = f->blocks[stack[--sp]];
			for (unsigned p = 0; p < b->npreds; p++) {
				unsigned q = b->preds[p]->id;
				if (mark[q] == m)
					continue;
				mark[q] = m;
				lo = (int)u->pos[q] < lo ? (int)u->pos[q] : lo;
				hi = (int)u->pos[q] > hi ? (int)u->pos[q] : hi;
				if (kill[q] != m)
					stack[sp++] = q;
			}
		}
		u->lo[v] = lo;
		u->hi[v] = hi;
	}
	/* The returned value: everywhere. */
	u->lo[f->nvars] = 0;
	u->hi[f->nvars] = n ? (int)n - 1 : 0;
	free(mark);
	free(kill);
	free(stack);
	return ok;
}

struct span {
	int lo, hi;
	unsigned v;
};

static int span_cmp(const void *pa, const void *pb)
{
	const struct span *a = pa, *b = pb;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return (a->v > b->v) - (a->v < b->v);
}

/* A min-heap of active spans by their end, for the linear scan. */
static void heap_push(struct span *h, unsigned *n, struct span x)
{
	unsigned i = (*n)++;
	while (i && h[(i - 1) / 2].hi > x.hi) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static struct span heap_pop(struct span *h, unsigned *n)
{
	struct span top = h[0], x = h[--*n];
	unsigned i = 0;
	for (;;) {
		unsigned c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1].hi < h[c].hi)
			c++;
		if (h[c].hi >= x.hi)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = x;
	return top;
}

/* Give every variable a slot (linear scan over the live intervals); returns
 * the number of slots, 0 when out of memory. */
static unsigned assign_slots(struct uctx *u)
{
	const struct ir_func *f = u->f;
	struct vrefs *refs = calloc(u->nv, sizeof *refs);
	struct span *order = malloc(u->nv * sizeof *order), *heap = malloc(u->nv * sizeof *heap);
	unsigned *free_slots = malloc(u->nv * sizeof *free_slots);
	unsigned nslots = 0, nord = 0, nheap = 0, nfree = 0;
	bool ok = refs && order && heap && free_slots;
	for (unsigned i = 0; ok && i < f->nblocks; i++) {
		const struct ir_block *b = f->blocks[i];
		for (unsigned k = 0; k < b->ninsts; k++)
			ref_scan(u, b->insts[k], i, refs);
		ref_scan(u, b->cond, i, refs);
	}
	for (unsigned v = 0; ok && v < f->nvars; v++)
		ok = !refs[v].oom;
	ok = ok && layout(u) && live_ranges(u, refs);
	for (unsigned v = 0; ok && v < u->nv; v++) {
		u->slot[v] = 0;   /* never mentioned: never read or written */
		if (u->lo[v] <= u->hi[v])
			order[nord++] = (struct span){ u->lo[v], u->hi[v], v };
	}
	if (ok)
		qsort(order, nord, sizeof *order, span_cmp);
	for (unsigned i = 0; ok && i < nord; i++) {
		while (nheap && heap[0].hi < order[i].lo)
			free_slots[nfree++] = u->slot[heap_pop(heap, &nheap).v];
		u->slot[order[i].v] = nfree ? free_slots[--nfree] : nslots++;
		heap_push(heap, &nheap, order[i]);
	}
	for (unsigned v = 0; refs && v < f->nvars; v++) {
		free(refs[v].block);
		free(refs[v].use);
	}
	free(refs);
	free(order);
	free(heap);
	free(free_slots);
	return ok ? (nslots ? nslots : 1) : 0;
}

static void free_scratch(struct uctx *u, unsigned nblocks)
{
	for (unsigned i = 0; i < nblocks; i++) {
		if (u->taint)
			free(u->taint[i]);
		if (u->defs)
			free(u->defs[i]);
	}
	free(u->st_in);
	free(u->taint);
	free(u->defs);
	free(u->cur);
	free(u->done_level);
	free(u->slot);
	free(u->pos);
	free(u->lo);
	free(u->hi);
	free(u->vstamp);
	free(u->vlist);
}

/* Find or make the instance of f for `context`, analyzing it if new. */
static struct unif_inst *instance(struct cls_ctx *ctx, struct ir_func *f, uint64_t context,
				  const struct ir_expr *site, struct unif_inst *caller,
				  unsigned depth)
{
	struct fact_func *fx = ff(f);
	struct mem_arena *a = ctx->arena;
	for (struct unif_inst *i = fx->insts; i; i = i->next)
		if (i->context == context)
			return i;
	if (depth > MAX_CALL_DEPTH || fx->recursive)
		return NULL;
	struct unif_inst *in = MEM_NEW(a, struct unif_inst);
	if (!in)
		return NULL;
	unsigned n = f->nblocks, nv = f->nvars + 1;
	in->f = f;
	in->context = context;
	in->call_site = site;
	in->caller = caller;
	in->expr_level = MEM_ARRAY(a, unsigned char, f->nexprs + 1);
	in->branch_level = MEM_ARRAY(a, unsigned char, n);
	in->wg_ctrl = MEM_ARRAY(a, const struct ir_block *, n);
	in->sg_ctrl = MEM_ARRAY(a, const struct ir_block *, n);
	in->why = MEM_ARRAY(a, struct unif_why, nv);
	in->var_max = MEM_ARRAY(a, unsigned char, nv);
	in->out_level = MEM_ARRAY(a, unsigned char, f->nparams + 1);
	struct uctx u = { .ctx = ctx, .in = in, .f = f, .nv = nv, .depth = depth };
	/* The data-flow state is scratch: only the results above stay. */
	u.slot = calloc(nv, sizeof *u.slot);
	u.pos = calloc(n + 1, sizeof *u.pos);
	u.lo = calloc(nv, sizeof *u.lo);
	u.hi = calloc(nv, sizeof *u.hi);
	u.vstamp = calloc(nv, sizeof *u.vstamp);
	u.vlist = calloc(nv, sizeof *u.vlist);
	unsigned nslots = u.slot && u.pos && u.lo && u.hi ? assign_slots(&u) : 0;
	u.words = (nslots + 63) / 64;
	u.st_in = calloc((size_t)n * 2 * u.words, sizeof *u.st_in);
	u.taint = calloc(n + 1, sizeof *u.taint);
	u.defs = calloc(n + 1, sizeof *u.defs);
	u.cur = calloc(2 * u.words + 1, sizeof *u.cur);
	u.done_level = calloc(n + 1, 1);
	if (!in->expr_level || !in->branch_level || !in->wg_ctrl || !in->sg_ctrl || !in->why ||
	    !in->var_max || !in->out_level || !nslots || !u.vstamp || !u.vlist || !u.st_in ||
	    !u.taint || !u.defs || !u.cur || !u.done_level) {
		free_scratch(&u, n);
		return NULL;
	}
	in->next = fx->insts;
	fx->insts = in;
	in->in_progress = true;
	for (unsigned i = 0; i < n; i++) {
		const struct ir_block *b = f->blocks[i];
		struct defs d = { NULL, 0, 0, false };
		for (unsigned k = 0; k < b->ninsts; k++)
			block_defs(b->insts[k], &d);
		block_defs(b->cond, &d);
		if (d.oom)
			ctx->arena->oom = true;
		if (d.v)
			d.v[d.n] = UINT_MAX;
		u.defs[i] = d.v;
	}
	analyze(&u);
	free_scratch(&u, n);
	in->in_progress = false;
	in->done = true;
	mem_vec_push(a, &ctx->facts->insts, in);
	return in;
}

void unif_analyze(struct cls_ctx *ctx)
{
	for (unsigned i = 0; i < ctx->unit->funcs.len; i++) {
		struct ir_func *f = ctx->unit->funcs.items[i];
		if (f->is_kernel && f->in_main_file)
			instance(ctx, f, 0, NULL, NULL, 0);
	}
}

enum unif_level unif_expr(const struct unif_inst *in, const struct ir_expr *e)
{
	return e ? (enum unif_level)in->expr_level[e->id] : U_UNIFORM;
}

/* ------------------------------------------------------------ explanations */

struct seed {
	const char *text;     /* "get_local_id(0) (line 5)" */
	const struct ir_var *via;
	unsigned char *seen;  /* per expression id: already tried */
};

static const char *seed_text(struct cls_ctx *ctx, const struct ir_expr *e)
{
	const char *t = ir_expr_text(ctx->arena, e);
	if (e->op == E_CALL && !e->callee) {
		switch ((enum bi_kind)e->sub) {
		case BI_ATOMIC_LOAD: case BI_ATOMIC_RMW:
			return mem_printf(ctx->arena, "the result of atomic '%s' (line %u)", e->u.name,
					  e->range.begin.line);
		case BI_WG_SCAN: case BI_SG_SCAN:
			return mem_printf(ctx->arena, "the result of scan '%s' (line %u)", e->u.name,
					  e->range.begin.line);
		default:
			break;
		}
	}
	if (e->op == E_CALL && e->callee)
		return mem_printf(ctx->arena, "the value returned by '%s' (line %u)", e->u.name,
				  e->range.begin.line);
	return mem_printf(ctx->arena, "%s (line %u)", t, e->range.begin.line);
}

static bool find_seed(struct cls_ctx *ctx, const struct unif_inst *in, const struct ir_expr *e,
		      struct seed *out, unsigned depth)
{
	if (!e || depth > 24 || in->expr_level[e->id] == U_UNIFORM)
		return false;
	if (out->seen) {
		if (out->seen[e->id])
			return false;
		out->seen[e->id] = 1;
	}
	if (e->op == E_CALL) {
		if (e->callee || bi_is_atomic(e->sub) || e->sub == BI_ID_DIVERGENT ||
		    e->sub == BI_ID_SUBGROUP || e->sub == BI_WG_SCAN || e->sub == BI_SG_SCAN ||
		    e->sub == BI_SG_SHUFFLE || e->sub == BI_SG_ELECT || e->sub == BI_SG_COLLECTIVE ||
		    e->sub == BI_SG_NONUNIFORM || e->sub == BI_UNSUPPORTED) {
			/* A user function: explain through a non-uniform argument if any. */
			if (e->callee)
				for (unsigned i = 0; i < e->nkids; i++)
					if (find_seed(ctx, in, e->kids[i], out, depth + 1))
						return true;
			out->text = seed_text(ctx, e);
			return true;
		}
	}
	if (e->op == E_VAR && e->u.var && e->u.var->kind != VAR_SHARED &&
	    e->u.var->kind != VAR_PROGRAM && e->u.var->id < in->f->nvars) {
		const struct unif_why *w = &in->why[e->u.var->id];
		if (!out->via)
			out->via = e->u.var;
		if (w->expr && w->expr != e && find_seed(ctx, in, w->expr, out, depth + 1))
			return true;
		if (w->branch && w->branch->cond &&
		    find_seed(ctx, in, w->branch->cond, out, depth + 1))
			return true;
		if (e->u.var->kind == VAR_PARAM && in->call_site && in->caller) {
			out->text = mem_printf(ctx->arena, "parameter '%s', non-uniform at the call "
					       "on line %u", e->u.var->name,
					       in->call_site->range.begin.line);
			return true;
		}
		out->text = mem_printf(ctx->arena, "'%s'", e->u.var->name);
		return true;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		if (find_seed(ctx, in, e->kids[i], out, depth + 1))
			return true;
	out->text = seed_text(ctx, e);
	return true;
}

static bool is_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

const char *unif_explain(struct cls_ctx *ctx, const struct unif_inst *in, const struct ir_expr *e)
{
	struct seed s = { NULL, NULL, MEM_ARRAY(ctx->arena, unsigned char, in->f->nexprs + 1) };
	if (!find_seed(ctx, in, e, &s, 0))
		return "a value that differs between work-items";
	if (!strncmp(s.text, "parameter '", 11))
		return s.text;
	/* Name the variable only when the condition does not already show it. */
	const struct ir_expr *ce = ir_strip(e);
	bool shows_var = false;
	if (s.via && ce) {
		const char *t = ir_expr_text(ctx->arena, ce);
		size_t n = strlen(s.via->name);
		for (const char *p = t ? strstr(t, s.via->name) : NULL; p; p = strstr(p + 1, s.via->name))
			if ((p == t || !is_ident_char(p[-1])) && !is_ident_char(p[n]))
				shows_var = true;
	}
	if (s.via && shows_var && strncmp(s.text, "'", 1) != 0)
		return mem_printf(ctx->arena, "'%s', which depends on %s", s.via->name, s.text);
	return s.text;
}

/* ------------------------------------------------------------------- dump */

static const char *level_name(unsigned l)
{
	return l == U_DIVERGENT ? "divergent" : l == U_SUBGROUP ? "subgroup-uniform" : "uniform";
}

void unif_dump(struct cls_ctx *ctx, FILE *out)
{
	struct fact_unit *fu = ctx->facts;
	for (unsigned i = 0; i < fu->insts.len; i++) {
		const struct unif_inst *in = fu->insts.items[i];
		const struct ir_func *f = in->f;
		fprintf(out, "%s %s(", f->is_kernel ? "kernel" : "function", f->name);
		for (unsigned p = 0; p < f->nparams; p++)
			fprintf(out, "%s%s: %s", p ? ", " : "", f->params[p]->name,
				level_name(p < MAX_PARAMS_IN_CONTEXT ? (in->context >> (2 * p)) & 3 : 2));
		fprintf(out, ")");
		if (in->call_site)
			fprintf(out, " called at line %u", in->call_site->range.begin.line);
		if (f->ret_type && f->ret_type->kind != T_VOID)
			fprintf(out, " returns %s", level_name(in->ret_level));
		fprintf(out, "\n");
		for (unsigned b = 0; b < f->nblocks; b++) {
			const struct ir_block *bb = f->blocks[b];
			for (unsigned k = 0; k < bb->ninsts; k++) {
				const struct ir_expr *e = bb->insts[k];
				fprintf(out, "  %u: ", e->range.begin.line);
				ir_dump_expr(out, e);
				fprintf(out, "  -> %s", level_name(in->expr_level[e->id]));
				if (in->wg_ctrl[b])
					fprintf(out, " [under %s branch at line %u]",
						in->sg_ctrl[b] ? "divergent" : "subgroup-varying",
						in->wg_ctrl[b]->range.begin.line);
				fprintf(out, "\n");
			}
			if (bb->term == TERM_BRANCH || bb->term == TERM_SWITCH) {
				fprintf(out, "  %u: %s ", bb->range.begin.line,
					bb->origin == ORIG_LOOP ? "loop-branch" :
					bb->term == TERM_SWITCH ? "switch" : "branch");
				ir_dump_expr(out, bb->cond);
				fprintf(out, "  -> %s\n", level_name(in->branch_level[b]));
			}
		}
		for (unsigned v = 0; v < f->nvars; v++)
			if (in->var_max[v])
				fprintf(out, "  var %s: %s\n", f->vars[v]->name, level_name(in->var_max[v]));
	}
}

bool unif_in_region(const struct ir_func *f, const struct ir_block *b, const struct ir_block *x)
{
	int j = ff(f)->cfg.ipdom ? ff(f)->cfg.ipdom[b->id] : -1;
	unsigned n = f->nblocks, sp = 0;
	unsigned char *seen = calloc(n, 1);
	unsigned *stack = malloc((n + 1) * sizeof *stack);
	bool found = false;
	if (!seen || !stack)
		goto out;
	for (unsigned s = 0; s < b->nsuccs; s++)
		if ((int)b->succs[s]->id != j && !seen[b->succs[s]->id]) {
			seen[b->succs[s]->id] = 1;
			stack[sp++] = b->succs[s]->id;
		}
	while (sp && !found) {
		const struct ir_block *y = f->blocks[stack[--sp]];
		found = y == x;
		for (unsigned s = 0; s < y->nsuccs; s++)
			if ((int)y->succs[s]->id != j && !seen[y->succs[s]->id]) {
				seen[y->succs[s]->id] = 1;
				stack[sp++] = y->succs[s]->id;
			}
	}
out:
	free(seen);
	free(stack);
	return found;
}
