/*
 * spin.c - loops that wait for what another work-item writes (spin_ prefix).
 *
 * A loop whose exit condition depends on a load (directly, or through the
 * variable the load assigns) waits on that location; when another
 * work-item writes it (between groups for __global memory: a writer in one
 * group, the waiter in another, decided like any conflict) the loop is a
 * spin-wait, which OpenCL's forward-progress rules do not support between
 * work-groups.  An atomic update that every group makes and then waits on
 * is a home-made global barrier.  A loop that steps its own counter in its
 * exit test, or claims work with an atomic increment, ends on its own and is
 * not a wait.  cross-group-sync reports these; the race rules leave their
 * pairs to it.
 */
#include <string.h>

#include "access_int.h"
#include "race.h"

static bool mentions_var(const struct ir_expr *e, const struct ir_var *v, unsigned depth)
{
	if (!e || depth > 64)
		return false;
	if (e->op == E_VAR && e->u.var == v)
		return true;
	for (unsigned i = 0; i < e->nkids; i++)
		if (mentions_var(e->kids[i], v, depth + 1))
			return true;
	return false;
}

/* An exit branch of loop L (in f) whose condition depends on access r. */
static const struct ir_block *exit_on(struct abuild *ab, const struct ir_func *f, int L,
				      const struct acc *r)
{
	struct fn_info *fi = acc_fn_info(ab, f);
	/* The variable r's statement assigns, if any: `v = flag[0];` */
	const struct ir_var *v = NULL;
	if (r->stmt && r->stmt->op == E_ASSIGN && r->stmt->kids[0]->op == E_VAR)
		v = r->stmt->kids[0]->u.var;
	if (L < 0 || !fi->inner)
		return NULL;
	for (unsigned j = 0; j < fi->size[L]; j++) {
		const struct ir_block *bb = f->blocks[fi->member[L][j]];
		if (bb->nsuccs < 2 || !bb->cond)
			continue;
		bool exits = false;
		for (unsigned s = 0; s < bb->nsuccs; s++)
			exits |= !loop_member(fi, L, bb->succs[s]->id);
		if (!exits)
			continue;
		if ((r->block == bb && r->inst == bb->ninsts) || (v && mentions_var(bb->cond, v, 0)))
			return bb;
	}
	return NULL;
}

/* Does e step private variable v: v++, v += x, v = v + x (and -)? */
static bool steps_var(const struct ir_expr *e, const struct ir_var *v, unsigned depth)
{
	if (!e || depth > 64)
		return false;
	if (e->op == E_INCDEC && e->kids[0]->op == E_VAR && e->kids[0]->u.var == v)
		return true;
	if (e->op == E_ASSIGN && e->kids[0]->op == E_VAR && e->kids[0]->u.var == v) {
		if (e->sub == IR_B_ADD || e->sub == IR_B_SUB)
			return true;
		const struct ir_expr *r = ir_strip(e->kids[1]);
		if (!e->sub && r && r->op == E_BINARY && (r->sub == IR_B_ADD || r->sub == IR_B_SUB) &&
		    ir_strip(r->kids[0]) && ir_strip(r->kids[0])->op == E_VAR &&
		    ir_strip(r->kids[0])->u.var == v)
			return true;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		if (steps_var(e->kids[i], v, depth + 1))
			return true;
	return false;
}

/* Does exit condition e mention a private variable that loop L steps on its
 * own (a counter: for (i = lid; i < n[0]; i += stride))?  Then the loop ends
 * whatever it reads, like any bounded loop: it is not a wait. */
static bool counts_locally(struct abuild *ab, const struct ir_func *f, int L,
			   const struct ir_expr *e, unsigned depth)
{
	if (!e || depth > 64)
		return false;
	if (e->op == E_VAR && e->u.var && (e->u.var->kind == VAR_PRIVATE ||
					   e->u.var->kind == VAR_PARAM)) {
		struct fn_info *fi = acc_fn_info(ab, f);
		for (unsigned j = 0; fi->inner && j < fi->size[L]; j++) {
			const struct ir_block *bb = f->blocks[fi->member[L][j]];
			for (unsigned i = 0; i < bb->ninsts; i++)
				if (steps_var(bb->insts[i], e->u.var, 0))
					return true;
			if (steps_var(bb->cond, e->u.var, 0))
				return true;
		}
		return false;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		if (counts_locally(ab, f, L, e->kids[i], depth + 1))
			return true;
	return false;
}

/* Is e a compare-and-swap call (atomic_cmpxchg, atom_cmpxchg,
 * atomic_compare_exchange_*)? */
static bool is_cas(const struct ir_expr *e)
{
	return e && e->op == E_CALL && e->u.name &&
	       (strstr(e->u.name, "cmpxchg") || strstr(e->u.name, "compare_exchange"));
}

/* The private variable x is, or a member of (old, old.int_value: the
 * union through which a float is swapped as an integer), or its bits
 * (as_uint(old)); NULL otherwise. */
static const struct ir_var *private_base(const struct ir_expr *x)
{
	x = ir_strip(x);
	while (x && ((x->op == E_MEMBER && !x->sub && x->nkids) ||
		     (x->op == E_CALL && !x->callee && x->nkids == 1 && x->u.name &&
		      !strncmp(x->u.name, "as_", 3))))
		x = ir_strip(x->kids[0]);
	return x && x->op == E_VAR && x->u.var && x->u.var->kind == VAR_PRIVATE ? x->u.var : NULL;
}

/* The compare-and-swap calls in e whose expected value is a private
 * variable (atomic_cmpxchg(p, old, nv), or &old for the C11 forms, or a
 * member of a private union): that variable, for the first one found. */
static const struct ir_var *cas_expected(const struct ir_expr *e, unsigned depth)
{
	if (!e || depth > 64)
		return NULL;
	if (is_cas(e) && e->nkids >= 2) {
		const struct ir_expr *x = ir_strip(e->kids[1]);
		if (x && x->op == E_ADDROF && x->nkids)
			x = x->kids[0];
		const struct ir_var *v = private_base(x);
		if (v)
			return v;
	}
	for (unsigned i = 0; i < e->nkids; i++) {
		const struct ir_var *v = cas_expected(e->kids[i], depth + 1);
		if (v)
			return v;
	}
	return NULL;
}

/* A lock-free retry loop: its exit test is a compare-and-swap whose
 * expected value is a variable, not a constant the loop waits to see
 * (`while (atomic_cmpxchg(p, old, nv) != old)`, with old read afresh in
 * the loop or refreshed by the failed swap).  Some work-item's swap
 * succeeds on every round, so the loop makes progress without waiting for
 * another group: not a spin-wait.  A lock (`while (atomic_cmpxchg(l, 0, 1)
 * != 0)`) compares with a constant and is one. */
static bool cas_retry(struct abuild *ab, const struct ir_func *f, int L, const struct ir_block *br)
{
	if (cas_expected(br->cond, 0))
		return true;
	/* Or the test compares what such a swap returned, kept in a variable
	 * (`prev = atomic_cmpxchg(p, old, nv); if (prev == old) break;`, or
	 * `old = atomic_cmpxchg(p, assumed, nv); } while (assumed != old);`). */
	struct fn_info *fi = acc_fn_info(ab, f);
	for (unsigned j = 0; fi->inner && j < fi->size[L]; j++) {
		const struct ir_block *bb = f->blocks[fi->member[L][j]];
		for (unsigned i = 0; i < bb->ninsts; i++) {
			const struct ir_expr *e = bb->insts[i];
			const struct ir_var *v = e && e->op == E_ASSIGN && !e->sub
						 ? private_base(e->kids[0]) : NULL;
			if (v && mentions_var(br->cond, v, 0) && cas_expected(e->kids[1], 0))
				return true;
		}
	}
	return false;
}

/* Is private variable v a copy of private variable from: assigned from it,
 * directly (`assumed = old;`), somewhere in f? */
static bool copy_of(const struct ir_func *f, const struct ir_var *v, const struct ir_var *from)
{
	for (unsigned b = 0; b < f->nblocks; b++)
		for (unsigned i = 0; i < f->blocks[b]->ninsts; i++) {
			const struct ir_expr *e = f->blocks[b]->insts[i];
			if (e && e->op == E_ASSIGN && !e->sub && private_base(e->kids[0]) == v &&
			    private_base(e->kids[1]) == from)
				return true;
		}
	return false;
}

bool spin_cas_read(const struct acc *r, const struct acc *w)
{
	/* `old = *p;` (or p[i]) whose value is the expected value of a
	 * compare-and-swap of the same element in the same function: the swap
	 * validates the plain read, which may see any value. */
	if (!r || !w || r->atomic || r->kind != ACC_READ || !w->atomic || r->object != w->object ||
	    r->ctx != w->ctx || !r->index || !w->index || !sym_equal(r->index, w->index))
		return false;
	/* Or any plain read of the element in the body of the retry loop
	 * the swap ends (`do { old = *p; nv = old + *p * 0.5f; } while
	 * (atomic_cmpxchg(p, old, nv) != old)`): a value that moved since old
	 * was read makes the swap fail and the round run again. */
	if (w->block && w->inst == w->block->ninsts && cas_expected(w->block->cond, 0) &&
	    r->block && r->block->loop_header && r->block->loop_header == w->block->loop_header)
		return true;
	if (!r->stmt || r->stmt->op != E_ASSIGN || r->stmt->sub)
		return false;
	const struct ir_var *lv = private_base(r->stmt->kids[0]);
	if (!lv)
		return false;
	const struct ir_var *v = NULL;
	if (w->stmt)
		v = cas_expected(w->stmt, 0);
	if (!v && w->block && w->inst == w->block->ninsts)
		v = cas_expected(w->block->cond, 0);
	/* (or a copy of it: `assumed = old;` before the swap) */
	return v && (v == lv || copy_of(w->ctx->f, v, lv));
}

static void kernel_spins(struct cls_ctx *ctx, struct spin_list *sl, const struct acc_kernel *k)
{
	struct abuild *ab = ctx->facts->acc->build;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *r = k->accs.items[i];
		/* A loop that claims work with `while ((i = atomic_inc(next)) < n)`
		 * moves the counter itself on every test: it ends on its own. */
		if (!(r->kind & ACC_READ) || !r->index || (r->atomic && r->advances))
			continue;
		struct fn_info *fi = acc_fn_info(ab, r->ctx->f);
		const struct ir_block *br = NULL;
		int L = fi->inner ? fi->inner[r->block->id] : -1;
		for (; L >= 0; L = fi->parent[L])
			if ((br = exit_on(ab, r->ctx->f, L, r)) != NULL)
				break;
		if (!br || counts_locally(ab, r->ctx->f, L, br->cond, 0) ||
		    cas_retry(ab, r->ctx->f, L, br))
			continue;
		/* A loop of __local memory that passes a work-group barrier on
		 * every pass waits for no one: the group goes round together
		 * (while (it < n) { ...; barrier; if (lid == 0) it++; barrier; }). */
		if (r->space == AS_LOCAL && r->ctx->first_node &&
		    acc_loop_splits(k, r->ctx->first_node[fi->header[L]], MODE_LOCAL))
			continue;
		bool dup = false;
		for (unsigned s = 0; s < sl->spins.len && !dup; s++) {
			const struct spin *o = sl->spins.items[s];
			dup = o->branch == br && o->ctx == r->ctx;
		}
		if (dup)
			continue;
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *w = k->accs.items[j];
			if (!(w->kind & ACC_WRITE) || w->object != r->object || !w->index)
				continue;
			struct acc_witness wit;
			bool hit;
			if (r->space == AS_GLOBAL)
				/* the writer in one group, the waiter in another */
				hit = launch_many_groups(&k->launch) &&
				      acc_conflict(ctx, k, w, r, MODE_NONE, true, 0, true, &wit);
			else
				hit = acc_concurrent(k, w, r, MODE_LOCAL) &&
				      acc_conflict(ctx, k, w, r, MODE_LOCAL, false, 0, true, &wit);
			if (!hit)
				continue;
			struct spin *s = MEM_NEW(ctx->arena, struct spin);
			if (!s)
				return;
			s->k = k;
			s->read = r;
			s->writer = w;
			s->branch = br;
			s->ctx = r->ctx;
			s->w = wit;
			/* A home-made barrier: every group arrives (the atomic update
			 * runs in every group, so it meets itself between groups). */
			struct acc_witness ww;
			s->global_barrier = r->space == AS_GLOBAL && w->atomic && w != r &&
					    (w->kind & ACC_READ) && launch_many_groups(&k->launch) &&
					    acc_conflict(ctx, k, w, w, MODE_NONE, true, 0, false, &ww);
			mem_vec_push(ctx->arena, &sl->spins, s);
			break;
		}
	}
}

const struct spin_list *spin_find(struct cls_ctx *ctx)
{
	if (ctx->facts->spins)
		return ctx->facts->spins;
	struct spin_list *sl = MEM_NEW(ctx->arena, struct spin_list);
	if (!sl)
		return NULL;
	ctx->facts->spins = sl;
	for (unsigned i = 0; ctx->facts->acc && i < ctx->facts->acc->kernels.len; i++)
		kernel_spins(ctx, sl, ctx->facts->acc->kernels.items[i]);
	return sl;
}
