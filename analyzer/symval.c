/*
 * symval.c - the symbolic value of an expression at a program point (acc_).
 *
 * Values are built from the IR as struct sym trees (access.h): work-item
 * and group ids, sizes, kernel arguments and other uniform unknowns (slots),
 * loop induction variables (an iteration number and the step), loads, and
 * the operators between them.  A variable's value is followed through its
 * reaching definitions, into helpers through their call sites; what cannot
 * be followed becomes an unknown of its own.  Lvalues become places: an
 * object and a byte offset.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

#define MAX_SYM_DEPTH 48

static struct sym *mk(struct abuild *ab, enum sym_op op)
{
	struct sym *s = MEM_NEW(ab->a, struct sym);
	if (s) {
		s->op = (unsigned char)op;
		s->id = ++ab->sym_ids;
	}
	return s;
}

static struct sym *mk_const(struct abuild *ab, long long c)
{
	struct sym *s = mk(ab, S_CONST);
	if (s)
		s->c = c;
	return s;
}

/*
 * A row pitch in elements made from one in bytes (dst_step / 4, ld >> 2) is
 * a quantity of its own, a parameter like the argument, so that what code
 * relies on for arguments holds for it too: it is at least 1, and rows of
 * it do not overlap the columns added to them.  One slot per argument,
 * operator and constant, tied to the argument exactly (smt.c).
 */
static unsigned new_slot(struct abuild *ab, const char *name, const struct ir_var *var,
			 const struct acc_ctx *c, const struct ir_block *loop, bool is_iv);

static struct sym *derived_slot(struct abuild *ab, unsigned op, struct sym *x, long long c)
{
	struct acc_kernel *k = ab->k;
	const struct sym_slot *b = &k->slots[x->slot];
	unsigned i;
	for (i = 0; i < k->nslots; i++)
		if (k->slots[i].from_op == op && k->slots[i].from == x->slot && k->slots[i].by == c)
			break;
	if (i == k->nslots) {
		const char *name = mem_printf(ab->a, "%s %s %lld", b->name ? b->name : "?",
					      op == IR_B_DIV ? "/" : ">>", c);
		i = new_slot(ab, name, NULL, b->ctx, NULL, false);
		if (i >= k->nslots)
			return NULL;
		k->slots[i].is_param = true;
		k->slots[i].from_op = (unsigned char)op;
		k->slots[i].from = x->slot;
		k->slots[i].by = c;
	}
	struct sym *s = mk(ab, S_SLOT), *def = mk(ab, S_BIN), *cs = mk_const(ab, c);
	if (!s || !def || !cs)
		return NULL;
	def->sub = (unsigned char)op;
	def->a = x;
	def->b = cs;
	s->slot = i;
	s->a = def;
	return s;
}

/* Is x a kernel argument's own unknown, one a pitch can be derived from? */
static bool pitch_arg(struct abuild *ab, const struct sym *x)
{
	return x && x->op == S_SLOT && !x->a && x->slot < ab->k->nslots &&
	       ab->k->slots[x->slot].is_param && !ab->k->slots[x->slot].is_macro &&
	       !ab->k->slots[x->slot].from_op;
}

static struct sym *mk_bin(struct abuild *ab, unsigned op, struct sym *x, struct sym *y)
{
	if (!x || !y)
		return NULL;
	if (pitch_arg(ab, x) && y->op == S_CONST &&
	    ((op == IR_B_DIV && y->c > 1) || (op == IR_B_SHR && y->c > 0 && y->c < 31)))
		return derived_slot(ab, op, x, y->c);
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

/*
 * A byte offset turned into elements, inside an index of elements of es
 * bytes: `k * pitch / 4` (parsed (k * pitch) / 4) into an int array,
 * `(y * pitch + 4 * x) >> 2`.  Such a division by the element size is
 * taken term by term, each argument in it becoming its pitch in elements
 * (derived_slot): k * (pitch / 4), y * (pitch >> 2) + x.  A term that is a
 * multiple of es (4 * x, a constant, 8 * k * pitch) is divided exactly; an
 * argument is divided on the assumption that a byte pitch is a whole
 * number of elements, which is what dividing it by the element size
 * means (for such a pitch, and for every sign, C's truncation and the
 * shift's floor give the same as the division term by term).  A term that
 * is neither (x alone, k * pitch with another divisor) leaves the division
 * as written.  op: IR_B_DIV by es, or IR_B_SHR by sh (es == 1 << sh).
 */
static struct sym *term_in_elems(struct abuild *ab, struct sym *t, unsigned op, long long es,
				 long long sh, unsigned depth)
{
	if (!t || depth > 16)
		return NULL;
	switch (t->op) {
	case S_CONST:
		return t->c % es ? NULL : mk_const(ab, t->c / es);
	case S_SLOT:
		return pitch_arg(ab, t) ? derived_slot(ab, op, t, op == IR_B_DIV ? es : sh) : NULL;
	case S_NEG: {
		struct sym *r = term_in_elems(ab, t->a, op, es, sh, depth + 1), *n = r ? mk(ab, S_NEG) : NULL;
		if (n)
			n->a = r;
		return n;
	}
	case S_BIN:
		break;
	default:
		return NULL;
	}
	if (t->sub == IR_B_ADD || t->sub == IR_B_SUB) {
		struct sym *a = term_in_elems(ab, t->a, op, es, sh, depth + 1);
		struct sym *b = a ? term_in_elems(ab, t->b, op, es, sh, depth + 1) : NULL;
		return b ? mk_bin(ab, t->sub, a, b) : NULL;
	}
	if (t->sub != IR_B_MUL)
		return NULL;
	/* x * y: one factor divided, exactly where it can be */
	for (unsigned side = 0; side < 2; side++) {
		struct sym *f = side ? t->b : t->a, *other = side ? t->a : t->b;
		if (f->op == S_CONST && f->c % es == 0)
			return mk_bin(ab, IR_B_MUL, other, mk_const(ab, f->c / es));
	}
	for (unsigned side = 0; side < 2; side++) {
		struct sym *f = side ? t->b : t->a, *other = side ? t->a : t->b;
		struct sym *r = f->op == S_CONST || (f->op == S_BIN && f->sub == IR_B_MUL)
				? term_in_elems(ab, f, op, es, sh, depth + 1)
				: pitch_arg(ab, f) ? term_in_elems(ab, f, op, es, sh, depth + 1) : NULL;
		if (r)
			return mk_bin(ab, IR_B_MUL, other, r);
	}
	return NULL;
}

/* Index i of elements of es bytes, with its byte offsets turned into
 * elements (term_in_elems) where they are terms of its sum; i itself when
 * there are none. */
static struct sym *index_in_elems(struct abuild *ab, struct sym *i, long long es, unsigned depth)
{
	if (!i || es < 2 || depth > 16 || i->op != S_BIN)
		return i;
	if (i->sub == IR_B_ADD || i->sub == IR_B_SUB) {
		struct sym *a = index_in_elems(ab, i->a, es, depth + 1);
		struct sym *b = index_in_elems(ab, i->b, es, depth + 1);
		return a == i->a && b == i->b ? i : mk_bin(ab, i->sub, a, b);
	}
	long long sh = 0;
	while (sh < 31 && (1LL << sh) < es)
		sh++;
	bool div = i->sub == IR_B_DIV && i->b->op == S_CONST && i->b->c == es;
	bool shr = i->sub == IR_B_SHR && i->b->op == S_CONST && i->b->c == sh && (1LL << sh) == es;
	if (!div && !shr)
		return i;
	struct sym *r = term_in_elems(ab, i->a, div ? IR_B_DIV : IR_B_SHR, es, sh, 0);
	return r ? r : i;
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
			  : !s->is_iv && s->var == var && var &&
				    (s->ctx == c || var->kind == VAR_MACRO) && s->loop == loop)
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


/* The unknown of a macro constant the build does not define (zero
 * configuration): one per kernel, whichever inlined context meets it, named
 * like the macro, a parameter of the program like a kernel argument. */
static struct sym *macro_sym(struct abuild *ab, const struct ir_var *v)
{
	unsigned slot = new_slot(ab, v->name, v, NULL, NULL, false);
	if (slot >= ab->k->nslots)
		return NULL;
	ab->k->slots[slot].is_param = true;
	ab->k->slots[slot].is_macro = true;
	struct sym *s = mk(ab, S_SLOT);
	if (s)
		s->slot = slot;
	return s;
}

/* A length of an array (ir_var.extent): constants and macro constants with
 * arithmetic; NULL for anything else. */
static struct sym *extent_sym(struct abuild *ab, const struct ir_expr *e, unsigned depth)
{
	if (!e || depth > 16)
		return NULL;
	switch (e->op) {
	case E_INT:
		return mk_const(ab, e->u.ival);
	case E_MACRO:
		return macro_sym(ab, e->u.var);
	case E_CAST:
		return extent_sym(ab, e->kids[0], depth + 1);
	case E_UNARY:
		if (e->sub == IR_U_PLUS)
			return extent_sym(ab, e->kids[0], depth + 1);
		if (e->sub == IR_U_MINUS) {
			struct sym *x = extent_sym(ab, e->kids[0], depth + 1), *n = x ? mk(ab, S_NEG) : NULL;
			if (n)
				n->a = x;
			return n;
		}
		return NULL;
	case E_BINARY:
		if (e->sub != IR_B_ADD && e->sub != IR_B_SUB && e->sub != IR_B_MUL &&
		    e->sub != IR_B_DIV && e->sub != IR_B_REM && e->sub != IR_B_SHL && e->sub != IR_B_SHR)
			return NULL;
		return mk_bin(ab, e->sub, extent_sym(ab, e->kids[0], depth + 1),
			      extent_sym(ab, e->kids[1], depth + 1));
	default:
		return NULL;
	}
}

/*
 * The unknown for the value of uniform expression e (a value the analysis
 * cannot follow) evaluated in context c at its own place, `block`.  A load
 * (pl: the place it reads) has one unknown per place, whatever expression or
 * inlined call reads it; any other value one per expression and context.
 * Two uses of one value (a base read once, or read again from the same
 * place, by a write and a read) are then one and the same unknown: between
 * two accesses with no barrier between them, memory that another work-item
 * changes would be a race of its own.  In a loop the value may change from
 * one iteration to the next: the loop is its def_loop, so that a pair of
 * accesses in two iterations gets a value per iteration.
 */
/* Can e write __local variable o, or let it be written: a store into it, its
 * address or its array decayed into a pointer (an async copy's
 * destination), a call of a function with a body?  `base`: e is read, or
 * is the object of a read (tile in tile[i] + 1). */
static bool may_write(const struct ir_expr *e, const struct ir_var *o, bool base)
{
	if (!e)
		return false;
	if (e->op == E_VAR)
		return e->u.var == o && !base;
	if (e->op == E_CALL && e->callee)
		return true;
	bool store = e->op == E_ASSIGN || e->op == E_INCDEC;
	bool chain = e->op == E_INDEX || e->op == E_MEMBER || e->op == E_SWIZZLE;
	for (unsigned i = 0; i < e->nkids; i++) {
		const struct ir_expr *x = e->kids[i];
		bool read;
		if (store)
			read = i > 0;             /* kids[0]: the lvalue stored into */
		else if (chain)
			read = i == 0 ? base : true;
		else if (e->op == E_ADDROF)
			read = false;
		else   /* an array operand decays into a pointer: stored through */
			read = !(x && x->op == E_VAR && x->type && x->type->kind == T_ARRAY);
		if (may_write(x, o, read))
			return true;
	}
	return false;
}

/* The innermost loop around `block` whose body may change object o: loop L
 * or one around it; -1 when none may (a __local value set before the loop
 * and only read in it).  Only __local variables of the kernel are followed:
 * __global memory may change under another pointer or another group. */
static int changing_loop(const struct ir_func *f, const struct fn_info *fi, int L,
			 const struct ir_var *o)
{
	if (!o || o->kind != VAR_SHARED)
		return L;
	for (; L >= 0; L = fi->parent[L])
		for (unsigned m = 0; m < fi->size[L]; m++) {
			const struct ir_block *b = f->blocks[fi->member[L][m]];
			for (unsigned i = 0; i < b->ninsts; i++)
				if (may_write(b->insts[i], o, true))
					return L;
			if (may_write(b->cond, o, true))
				return L;
		}
	return -1;
}

static unsigned uniform_slot(struct abuild *ab, const struct ir_expr *e, const struct place *pl,
			     struct acc_ctx *c, unsigned block)
{
	struct acc_kernel *k = ab->k;
	struct fn_info *fi = acc_fn_info(ab, c->f);
	const struct ir_block *loop = NULL;
	if (fi && fi->inner && block < c->f->nblocks && fi->inner[block] >= 0) {
		int L = fi->inner[block];
		/* a place that does not move with the loop, in memory the loop
		 * does not change, holds one value in every iteration */
		if (pl && pl->offset && pl->offset->op == S_CONST)
			L = changing_loop(c->f, fi, L, pl->object);
		loop = L >= 0 ? c->f->blocks[fi->header[L]] : NULL;
	}
	for (unsigned i = 0; i < k->nslots; i++) {
		const struct sym_slot *s = &k->slots[i];
		if (s->is_iv || s->var || s->def_loop != loop)
			continue;
		if (pl ? s->object == pl->object && sym_equal(s->offset, pl->offset) &&
			     (s->field == pl->field || (s->field && pl->field &&
							!strcmp(s->field, pl->field)))
		       : s->expr == e && s->ctx == c)
			return i;
	}
	unsigned slot = new_slot(ab, ir_expr_text(ab->a, e), NULL, c, NULL, false);
	if (slot >= k->nslots)
		return slot;
	struct sym_slot *s = &k->slots[slot];
	s->expr = e;
	s->def_loop = loop;
	if (pl) {
		s->object = pl->object;
		s->offset = pl->offset;
		s->field = pl->field;
	} else {
		/* A value the analysis does not follow ((float)get_group_id(0),
		 * a call) may be each group's own: two groups, two values. */
		s->per_group = true;
	}
	return slot;
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

static bool mentions_var(const struct ir_expr *e, const struct ir_var *v)
{
	if (!e)
		return false;
	if (e->op == E_VAR)
		return e->u.var == v;
	for (unsigned i = 0; i < e->nkids; i++)
		if (mentions_var(e->kids[i], v))
			return true;
	return false;
}

static bool is_step_op(unsigned op)
{
	return op == IR_B_ADD || op == IR_B_SUB || op == IR_B_MUL || op == IR_B_SHL ||
	       op == IR_B_SHR || op == IR_B_DIV;
}

/* Is a op b the same as b op a? */
static bool commutes(unsigned op)
{
	return op == IR_B_ADD || op == IR_B_MUL || op == IR_B_AND || op == IR_B_OR ||
	       op == IR_B_XOR;
}

/*
 * The step of definition e of v, when it is one: v op= step, v++, v = v op
 * step, v = step op v for a commutative op, or v = step - v (a toggle).
 * *op gets the operator (0: not a step), *step the expression (NULL: 1).
 */
static void step_of(const struct ir_expr *e, const struct ir_var *v, unsigned *op,
		    const struct ir_expr **step)
{
	*op = 0;
	*step = NULL;
	if (e->op == E_INCDEC) {
		*op = e->sub == IR_PREINC || e->sub == IR_POSTINC ? IR_B_ADD : IR_B_SUB;
	} else if (e->op == E_ASSIGN && e->sub && is_step_op(e->sub)) {
		*op = e->sub;
		*step = e->kids[1];
	} else if (e->op == E_ASSIGN && !e->sub) {
		const struct ir_expr *r = ir_strip(e->kids[1]);
		if (r && r->op == E_BINARY && is_step_op(r->sub)) {
			const struct ir_expr *l0 = ir_strip(r->kids[0]), *l1 = ir_strip(r->kids[1]);
			if (l0 && l0->op == E_VAR && l0->u.var == v) {
				*op = r->sub;
				*step = r->kids[1];
			} else if (l1 && l1->op == E_VAR && l1->u.var == v && commutes(r->sub)) {
				/* v = c + v, i = 2 * i: the same step spelled with
				 * the constant first */
				*op = r->sub;
				*step = r->kids[0];
			} else if (l1 && l1->op == E_VAR && l1->u.var == v && r->sub == IR_B_SUB) {
				/* v = c - v: a toggle between two values (double
				 * buffering: src = 1 - src). */
				*op = SYM_TOGGLE;
				*step = r->kids[0];
			}
		}
	}
	/* v += f(v) is not a step (cur += p[lx] - cur) */
	if (*op && mentions_var(*step, v))
		*op = 0;
}

static struct sym *sym_var(struct abuild *ab, const struct ir_var *v, struct acc_ctx *c,
			   unsigned block, unsigned inst, unsigned level, unsigned depth);

/* The value of v when loop L is entered: at the end of the one block
 * outside L that jumps to its header; NULL when there are several. */
static struct sym *entry_value(struct abuild *ab, struct acc_ctx *c, struct fn_info *fi, int L,
			       const struct ir_var *v, unsigned level, unsigned depth)
{
	const struct ir_block *h = c->f->blocks[fi->header[L]], *pre = NULL;
	for (unsigned p = 0; p < h->npreds; p++) {
		if (loop_member(fi, L, h->preds[p]->id))
			continue;
		if (pre)
			return NULL;
		pre = h->preds[p];
	}
	return pre ? sym_var(ab, v, c, pre->id, pre->ninsts + 1, level, depth + 1) : NULL;
}

/*
 * Recognize v as an induction variable of a loop containing `block`: one
 * definition inside the loop, a step (step_of), and the value before it
 * from definitions outside: one plain assignment, or whatever v holds
 * where the loop is entered (the exit value of an earlier loop, a helper's
 * parameter).
 */
static struct sym *induction(struct abuild *ab, struct acc_ctx *c, struct fn_info *fi,
			     const struct ir_var *v, unsigned block, struct def_rec *d, unsigned nd,
			     unsigned level, unsigned depth)
{
	if (nd < 2 || nd > 3)
		return NULL;
	const struct ir_func *f = c->f;
	for (int L = fi->inner[block]; L >= 0; L = fi->parent[L]) {
		struct def_rec *in = NULL, *out = NULL;
		unsigned nin = 0, nout = 0;
		for (unsigned i = 0; i < nd; i++) {
			if (d[i].block != (unsigned)-1 && loop_member(fi, L, d[i].block)) {
				in = &d[i];
				nin++;
			} else {
				out = &d[i];
				nout++;
			}
		}
		if (nin != 1 || !nout || !in->strong)
			continue;
		/* A step every pass takes: one under a condition (if (x > 0)
		 * n++, a compaction's counter) counts the passes it was taken
		 * in, not the passes, and is no induction variable. */
		const struct ir_block *head = f->blocks[fi->header[L]];
		bool every = true;
		for (unsigned p = 0; p < head->npreds && every; p++)
			if (loop_member(fi, L, head->preds[p]->id))
				every = cfg_dominates(f, f->blocks[in->block], head->preds[p]);
		if (!every)
			continue;
		unsigned op;
		const struct ir_expr *step;
		step_of(in->e, v, &op, &step);
		if (!op)
			continue;
		struct sym *st = step ? acc_sym_of(ab, step, c, in->block, in->inst, depth + 1)
				      : mk_const(ab, 1);
		if (!st || sym_uses_lid(st))
			continue;
		struct sym *init = NULL;
		if (nout == 1 && out->block != (unsigned)-1 && out->strong && out->e->op == E_ASSIGN &&
		    !out->e->sub)
			init = acc_sym_of(ab, out->e->kids[1], c, out->block, out->inst, depth + 1);
		else
			init = entry_value(ab, c, fi, L, v, level, depth);
		if (!init)
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

/* Is s made of constants, sizes the launch fixes and the iteration
 * counter `slot` alone? */
static bool counter_only(const struct launch *l, const struct sym *s, unsigned slot,
			 unsigned depth)
{
	if (!s)
		return true;
	if (depth > 64)
		return false;
	switch (s->op) {
	case S_CONST:
		return true;
	case S_LSZ:
		return l->lsz[s->dim] != 0;
	case S_NGRP:
		return l->ngrp[s->dim] != 0;
	case S_IV:
		if (s->slot != slot)
			return false;
		break;
	case S_BIN: case S_NEG: case S_NOT: case S_LNOT: case S_COND:
		break;
	default:
		return false;
	}
	return counter_only(l, s->a, slot, depth + 1) && counter_only(l, s->b, slot, depth + 1) &&
	       counter_only(l, s->x, slot, depth + 1);
}

/* The value of induction variable iv (S_IV) at iteration n: init op^n step.
 * NULL for a chain longer than EXIT_MAX_STEPS. */
#define EXIT_MAX_STEPS 64
static struct sym *iv_at(struct abuild *ab, const struct sym *iv, long long n)
{
	switch (iv->sub) {
	case IR_B_ADD: case IR_B_SUB:
		return mk_bin(ab, iv->sub, iv->a, mk_bin(ab, IR_B_MUL, iv->b, mk_const(ab, n)));
	case SYM_TOGGLE:
		return n % 2 ? mk_bin(ab, IR_B_SUB, iv->b, iv->a) : iv->a;
	default:
		break;
	}
	if (n > EXIT_MAX_STEPS)
		return NULL;
	struct sym *x = iv->a;
	for (long long i = 0; x && i < n; i++)
		x = mk_bin(ab, iv->sub, x, iv->b);
	return x;
}

/*
 * The value of v after loop L, at `block` outside it, when the reaching
 * definitions are v's step in L and what it held before: the induction
 * variable at the iteration where the loop's condition first fails.
 *
 *     for (d = 128; d > 0; d >>= 1) { ...; offset <<= 1; }
 *     for (d = 1; d < 256; d <<= 1) { offset >>= 1; ... }
 *
 * leaves the first loop with offset = 1 << 8 = 256, which the second loop
 * starts from.  The loop must leave only at its header, which `block`
 * follows (dominates it), and the step must run in every iteration (its
 * block dominates the latches).  The condition must be made of constants,
 * sizes the launch fixes and the counter: the count of iterations is then
 * a number, and so is the value, init op^n step.
 */
#define EXIT_MAX_TRIP 4096
static struct sym *exit_value(struct abuild *ab, struct acc_ctx *c, struct fn_info *fi,
			      const struct ir_var *v, unsigned block, struct def_rec *d,
			      unsigned nd, unsigned level, unsigned depth)
{
	const struct ir_func *f = c->f;
	struct def_rec *in = NULL;
	for (unsigned i = 0; i < nd; i++)
		if (d[i].block != (unsigned)-1 && fi->inner[d[i].block] >= 0 &&
		    !loop_member(fi, fi->inner[d[i].block], block)) {
			if (in)
				return NULL;
			in = &d[i];
		}
	if (!in || !in->strong)
		return NULL;
	int L = fi->inner[in->block];
	for (unsigned i = 0; i < nd; i++)
		if (&d[i] != in && d[i].block != (unsigned)-1 && loop_member(fi, L, d[i].block))
			return NULL;
	const struct ir_block *h = f->blocks[fi->header[L]];
	if (h->term != TERM_BRANCH || h->nsuccs != 2 ||
	    loop_member(fi, L, h->succs[0]->id) == loop_member(fi, L, h->succs[1]->id) ||
	    !cfg_dominates(f, h, f->blocks[block]))
		return NULL;
	const struct ir_block *sb = f->blocks[in->block];
	for (unsigned m = 0; m < fi->size[L]; m++) {
		const struct ir_block *x = f->blocks[fi->member[L][m]];
		for (unsigned i = 0; i < x->nsuccs; i++) {
			if (x != h && !loop_member(fi, L, x->succs[i]->id))
				return NULL;   /* a break, a return */
			if (x->succs[i] == h && !cfg_dominates(f, sb, x))
				return NULL;   /* an iteration that skips the step */
		}
	}
	/* the induction variable, as the header sees it */
	struct sym *iv = sym_var(ab, v, c, h->id, 0, level, depth + 1);
	if (!iv || iv->op != S_IV || iv->slot >= ab->k->nslots ||
	    ab->k->slots[iv->slot].loop != h || ab->k->slots[iv->slot].ctx != c)
		return NULL;
	struct sym *cond = guard_cond(ab, c, h->id);
	bool body_true = loop_member(fi, L, h->succs[0]->id);
	const struct launch *l = &ab->k->launch;
	if (cond && counter_only(l, cond, iv->slot, 0)) {
		long long *val = calloc(ab->k->nslots + 1, sizeof *val);
		if (!val)
			return NULL;
		struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
		memcpy(env.lsz, l->lsz, sizeof env.lsz);
		memcpy(env.ngrp, l->ngrp, sizeof env.ngrp);
		long long n = 0, t;
		for (; n < EXIT_MAX_TRIP; n++) {
			val[iv->slot] = n;
			if (!sym_eval(cond, &env, &t)) {
				n = EXIT_MAX_TRIP;
				break;
			}
			if ((t != 0) != body_true)
				break;
		}
		free(val);
		if (n < EXIT_MAX_TRIP)
			return iv_at(ab, iv, n);
	}
	/* A count the launch or the arguments decide is left alone: the
	 * value as the last iteration leaves it (S_LAST) is exact, but the
	 * solver does not get through the products it makes with ids (a
	 * Blelloch scan's offsets ran into its limit), and an unknown of
	 * its own decided them before. */
	return NULL;
}

/* Can block `to` be reached from block `from` in one iteration of loop L,
 * that is without passing its header? */
static bool reaches_in_iteration(const struct ir_func *f, const struct fn_info *fi, int L,
				 unsigned from, unsigned to)
{
	unsigned n = f->nblocks, sp = 0, h = fi->header[L];
	unsigned char *seen = calloc(n, 1);
	unsigned *stack = malloc((n + 1) * sizeof *stack);
	bool found = !seen || !stack;   /* no memory: say yes, which refuses */
	if (!found) {
		stack[sp++] = from;
		seen[from] = 1;
	}
	while (!found && sp) {
		const struct ir_block *b = f->blocks[stack[--sp]];
		for (unsigned i = 0; i < b->nsuccs && !found; i++) {
			unsigned t = b->succs[i]->id;
			if (t == h || !loop_member(fi, L, t) || seen[t])
				continue;
			found = t == to;
			seen[t] = 1;
			stack[sp++] = t;
		}
	}
	free(seen);
	free(stack);
	return found;
}

/*
 * The value after loop L of a variable that every iteration sets afresh:
 *
 *     for (i = 0; i < n; i++) { done = false; if (c) done = true; ... }
 *     if (done) ...
 *
 * reads the last iteration's value: `done` is whether that iteration ran
 * the conditional definition.  Built as S_LAST (translated in smt.c), when
 * the reaching definitions are two plain assignments in L's own body, the
 * first (D0) running in every iteration before any exit and before the
 * second (D1), which no exit from L precedes; plus the value before the
 * loop (or none: a variable not yet set, whose read assumes the loop ran).
 * The loop must test at its header and have a counter.
 */
static struct sym *last_value(struct abuild *ab, struct acc_ctx *c, struct fn_info *fi,
			      unsigned block, struct def_rec *d, unsigned nd, unsigned depth)
{
	const struct ir_func *f = c->f;
	struct def_rec *in[2] = { NULL, NULL }, *out = NULL;
	unsigned nin = 0;
	int L = -1;
	for (unsigned i = 0; i < nd; i++) {
		int l = d[i].block == (unsigned)-1 ? -1 : fi->inner[d[i].block];
		if (l < 0) {
			if (out)
				return NULL;
			out = &d[i];
		} else if (nin < 2) {
			in[nin++] = &d[i];
			if (L < 0)
				L = l;
			else if (L != l)
				return NULL;
		} else {
			return NULL;
		}
	}
	if (nin != 2 || L < 0 || loop_member(fi, L, block))
		return NULL;
	for (unsigned i = 0; i < 2; i++)
		if (!in[i]->strong || in[i]->e->op != E_ASSIGN || in[i]->e->sub)
			return NULL;
	/* D0 comes first: it dominates D1. */
	const struct ir_block *b0 = f->blocks[in[0]->block], *b1 = f->blocks[in[1]->block];
	if (in[0]->block == in[1]->block || !cfg_dominates(f, b0, b1)) {
		struct def_rec *t = in[0];
		in[0] = in[1];
		in[1] = t;
		b0 = f->blocks[in[0]->block];
		b1 = f->blocks[in[1]->block];
		if (in[0]->block == in[1]->block || !cfg_dominates(f, b0, b1))
			return NULL;
	}
	const struct ir_block *h = f->blocks[fi->header[L]];
	if (h->term != TERM_BRANCH || h->nsuccs != 2 || h == b0 || h == b1)
		return NULL;
	/* D0 runs in every iteration that ends: it dominates every latch and
	 * every exit but the header's; no such exit comes before D1. */
	for (unsigned m = 0; m < fi->size[L]; m++) {
		const struct ir_block *x = f->blocks[fi->member[L][m]];
		bool exits = false, latch = false;
		for (unsigned i = 0; i < x->nsuccs; i++) {
			exits |= !loop_member(fi, L, x->succs[i]->id);
			latch |= x->succs[i] == h;
		}
		if (x == h || (!exits && !latch))
			continue;
		if (!cfg_dominates(f, b0, x))
			return NULL;
		if (exits && reaches_in_iteration(f, fi, L, x->id, b1->id))
			return NULL;
		if (exits && x == b1)
			return NULL;
	}
	/* the loop's counter: the header's condition makes it */
	struct sym *cond = guard_cond(ab, c, h->id);
	unsigned iv = ab->k->nslots;
	for (unsigned i = 0; cond && i < ab->k->nslots; i++)
		if (ab->k->slots[i].is_iv && ab->k->slots[i].loop == h && ab->k->slots[i].ctx == c)
			iv = i;
	if (iv == ab->k->nslots)
		return NULL;
	struct sym *e1 = acc_sym_of(ab, in[1]->e->kids[1], c, in[1]->block, in[1]->inst, depth + 1);
	struct sym *e0 = acc_sym_of(ab, in[0]->e->kids[1], c, in[0]->block, in[0]->inst, depth + 1);
	struct sym *before = NULL;
	if (out && out->block != (unsigned)-1) {
		before = out->strong && out->e->op == E_ASSIGN && !out->e->sub
			 ? acc_sym_of(ab, out->e->kids[1], c, out->block, out->inst, depth + 1) : NULL;
		if (!before)
			before = mk_divergent(ab, ++ab->divergent_ids);
	}
	struct sym *s = e1 && e0 ? mk(ab, S_LAST) : NULL;
	if (!s)
		return NULL;
	s->slot = iv;
	s->c = in[1]->block;
	s->a = e1;
	s->b = e0;
	s->x = before;
	return s;
}

static struct sym *sym_float_data(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
				  unsigned block, unsigned inst, unsigned depth);

/* The symbolic value of variable v just before (block, inst) of context c. */
static struct sym *sym_var(struct abuild *ab, const struct ir_var *v, struct acc_ctx *c,
			   unsigned block, unsigned inst, unsigned level, unsigned depth)
{
	if (acc_shared_obj(v) || v->func != c->f || v->id >= c->f->nvars)
		return level ? mk_divergent(ab, ++ab->divergent_ids) : NULL;
	if (depth > MAX_SYM_DEPTH) {
		/* Too long a chain of definitions to follow: an unknown (of this
		 * chain: the callers do not remember what they made of it). */
		ab->cutoff = true;
		if (level)
			return mk_divergent(ab, ++ab->divergent_ids);
		struct sym *u = mk(ab, S_SLOT);
		if (u)
			u->slot = new_slot(ab, v->name, v, c, NULL, false);
		return u;
	}
	unsigned h = ((unsigned)(uintptr_t)v * 31u + block * 17u + inst + (unsigned)(uintptr_t)c) %
		     ab->nmemo;
	/* A value made below a cut holds for questions with no more depth
	 * left than it had; a shallower one asks again (at most MAX_SYM_DEPTH
	 * times per variable and place). */
	struct memo *found = NULL;
	for (struct memo *m = ab->memo[h]; m && !found; m = m->next)
		if (m->ctx == c && m->var == v && m->block == block && m->inst == inst) {
			if (!m->cut || depth + 1 >= m->cut) {
				if (m->cut)
					ab->cutoff = true;
				return m->s;
			}
			found = m;
		}
	bool cut_before = ab->cutoff;
	ab->cutoff = false;
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
		const struct ir_expr *rhs = d[0].e->kids[1];
		/* int bin = x * 16.0f: the conversion is implicit */
		if (v->type && v->type->kind == T_INT && rhs && rhs->type &&
		    rhs->type->kind == T_FLOAT)
			s = sym_float_data(ab, rhs, c, d[0].block, d[0].inst, depth + 1);
		else
			s = acc_sym_of(ab, rhs, c, d[0].block, d[0].inst, depth + 1);
	} else if (nd == 1 && (d[0].e->op == E_INCDEC || (d[0].e->op == E_ASSIGN && d[0].e->sub))) {
		struct sym *old = sym_var(ab, v, c, d[0].block, d[0].inst, level, depth + 1);
		if (d[0].e->op == E_INCDEC)
			s = mk_bin(ab, d[0].e->sub == IR_PREINC || d[0].e->sub == IR_POSTINC ? IR_B_ADD
											   : IR_B_SUB,
				   old, mk_const(ab, 1));
		else
			s = mk_bin(ab, d[0].e->sub, old,
				   acc_sym_of(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, depth + 1));
	} else if (nd == 2 || nd == 3) {
		s = induction(ab, c, fi, v, block, d, nd, level, depth);
	}
	if (!s && nd == 2 && fi->inner)
		s = exit_value(ab, c, fi, v, block, d, nd, level, depth);
	if (!s && (nd == 2 || nd == 3) && fi->inner)
		s = last_value(ab, c, fi, block, d, nd, depth);
	if (!s) {
		if (level == U_UNIFORM) {
			/* A uniform value we cannot follow: one unknown per variable and
			 * definition set, so that equal uses cancel out.  Uniform in a
			 * group, but perhaps each group's own (a sum over the groups
			 * before this one: offset += counts[g] for g < get_group_id(0)),
			 * like an expression the analysis does not follow. */
			unsigned slot = new_slot(ab, v->name, v, c, NULL, false);
			ab->k->slots[slot].per_group = true;
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
	/* A value made where a chain was cut at the depth limit depends on
	 * how deep the question started: remembered with that depth. */
	bool cut = ab->cutoff;
	ab->cutoff = cut_before || cut;
	struct memo *m = found ? found : MEM_NEW(ab->a, struct memo);
	if (m) {
		struct memo *next = found ? found->next : ab->memo[h];
		*m = (struct memo){ c, v, block, inst, cut ? depth + 1 : 0, s, next };
		if (!found)
			ab->memo[h] = m;
	}
	return s;
}

static bool place_of(struct abuild *ab, const struct ir_expr *lv, struct acc_ctx *c,
		     unsigned block, unsigned inst, struct place *out, unsigned depth);

/*
 * An integer field of a kernel argument passed by value (cb.n, p.dims.x of
 * a struct of sizes): one unknown of the launch, like a scalar argument,
 * named after the path to it, so that every read of it is one value and
 * the hypotheses on arguments apply to it.  Only while no function on the
 * way writes the struct or takes its address; a helper's parameter is
 * followed to the caller's argument.  NULL for anything else.
 */
static struct sym *sym_arg_field(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
				 unsigned block, unsigned inst)
{
	if (!e->type || e->type->kind != T_INT)
		return NULL;
	const char *names[8];
	unsigned n = 0;
	const struct ir_expr *x = e;
	/* an element of an array field at a constant index: o.strides[1] */
	const char *elem = "";
	long long at;
	if (x->op == E_INDEX) {
		if (x->nkids != 2 || !ir_const_int(x->kids[1], &at) || at < 0 ||
		    !(x = ir_strip(x->kids[0])) || x->op != E_MEMBER || x->sub)
			return NULL;
		elem = mem_printf(ab->a, "[%lld]", at);
	}
	for (; x && x->op == E_MEMBER && !x->sub; x = ir_strip(x->kids[0]))
		if (n == 8)
			return NULL;
		else
			names[n++] = x->u.name;
	if (!x || x->op != E_VAR || !n)
		return NULL;
	const struct ir_var *v = x->u.var;
	for (;;) {
		if (!v || v->kind != VAR_PARAM || v->func != c->f || v->id >= c->f->nvars ||
		    v->addr_taken)
			return NULL;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		struct def_rec d[2];
		if (!fi->defs || reaching(ab, c->f, fi, v, block, inst, d, 1) != 1 ||
		    d[0].block != (unsigned)-1)
			return NULL;
		if (!c->parent)
			break;
		const struct ir_expr *arg = NULL;
		for (unsigned i = 0; i < c->f->nparams && i < c->call->nkids; i++)
			if (c->f->params[i] == v)
				arg = ir_strip(c->call->kids[i]);
		if (!arg || arg->op != E_VAR)
			return NULL;
		block = c->call_block->id;
		inst = c->call_inst;
		c = c->parent;
		v = arg->u.var;
	}
	char *path = mem_strdup(ab->a, v->name ? v->name : "?");
	while (path && n)
		path = mem_printf(ab->a, "%s.%s", path, names[--n]);
	if (path && *elem)
		path = mem_printf(ab->a, "%s%s", path, elem);
	if (!path)
		return NULL;
	struct acc_kernel *k = ab->k;
	unsigned slot = k->nslots;
	for (unsigned i = 0; i < k->nslots && slot == k->nslots; i++)
		if (k->slots[i].is_param && !k->slots[i].is_macro && k->slots[i].var &&
		    k->slots[i].ctx == c && !strcmp(k->slots[i].var->name, path))
			slot = i;
	if (slot == k->nslots) {
		/* A variable of its own, not the struct's: the slot's type and
		 * name are the field's, and no other slot shares it. */
		struct ir_var *fv = MEM_NEW(ab->a, struct ir_var);
		if (!fv)
			return NULL;
		*fv = *v;
		fv->name = path;
		fv->type = e->type;
		fv->id = UINT_MAX;
		slot = new_slot(ab, path, fv, c, NULL, false);
		if (slot >= k->nslots)
			return NULL;
		k->slots[slot].is_param = true;
	}
	struct sym *s = mk(ab, S_SLOT);
	if (s)
		s->slot = slot;
	return s;
}

/* A number for an object that is the same on every run (no addresses). */
static long long object_identity(const struct ir_var *v)
{
	unsigned long long h = 1469598103934665603ULL;
	for (const char *p = v->name; p && *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return (long long)(h ^ ((unsigned long long)v->pos.line << 20) ^ v->pos.col);
}

/* The value read from __constant table o at byte offset off (size bytes):
 * the element itself at a constant offset, else a choice among the
 * elements by offset (exact for the solver, and uniform where the offset
 * is); NULL when the read is not one whole element. */
#define MAX_TABLE_CHOICE 64
static struct sym *table_value(struct abuild *ab, const struct ir_var *o, const struct sym *off,
			       long long size)
{
	const struct ir_type *t = o->type;
	const struct ir_type *e = t && t->kind == T_ARRAY ? t->elem : t;
	long long es = e ? e->size : 0;
	if (es <= 0 || size != es)
		return NULL;
	if (off->op == S_CONST) {
		if (off->c < 0 || off->c % es || off->c / es >= o->ncinit)
			return NULL;
		return mk_const(ab, o->cinit[off->c / es]);
	}
	if (o->ncinit > MAX_TABLE_CHOICE)
		return NULL;
	/* off == k * es ? cinit[k] : (...), the last element by default: an
	 * offset outside the table is undefined behaviour anyway. */
	struct sym *r = mk_const(ab, o->cinit[o->ncinit - 1]);
	for (unsigned k = o->ncinit - 1; r && k-- > 0;) {
		if (o->cinit[k] == o->cinit[k + 1] && r->op == S_CONST)
			continue;
		struct sym *cond = mk_bin(ab, IR_B_EQ, (struct sym *)off, mk_const(ab, (long long)k * es));
		struct sym *c = mk(ab, S_COND);
		if (!c || !cond)
			return NULL;
		c->a = cond;
		c->b = mk_const(ab, o->cinit[k]);
		c->x = r;
		r = c;
	}
	return r;
}

/* Work-item function with a constant dimension argument. */
static int dim_arg(const struct ir_expr *e)
{
	long long d;
	if (e->nkids != 1 || !ir_const_int(e->kids[0], &d) || d < 0 || d > 2)
		return -1;
	return (int)d;
}

/* get_local_linear_id(): l0 + L0 * (l1 + L1 * l2). */
static struct sym *local_linear_id(struct abuild *ab)
{
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

/*
 * The value a helper returns: its return expression, evaluated in the
 * inlined copy of the call, where its parameters are the caller's
 * arguments (so a caller's loop counter stays that loop's counter:
 * flat(i - 1, col, pitch) inside `for (i ...)` is (i - 1 + 1) * ... of
 * the caller's i).  Only a helper with one `return` of a value; NULL
 * otherwise, and beyond the inlining depth.
 */
#define MAX_RETURN_DEPTH 8
static struct sym *sym_return(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			      unsigned block, unsigned inst, unsigned depth)
{
	const struct ir_func *f = e->callee;
	if (!f || !f->has_body || c->depth >= MAX_RETURN_DEPTH)
		return NULL;
	const struct ir_block *ret = NULL;
	for (unsigned b = 0; b < f->nblocks; b++) {
		const struct ir_block *x = f->blocks[b];
		if (x->term != TERM_RETURN)
			continue;
		if (ret || !x->cond)
			return NULL;
		ret = x;
	}
	struct acc_ctx *cc = ret ? acc_call_ctx(ab, c, e, block, inst) : NULL;
	return cc ? acc_sym_of(ab, ret->cond, cc, ret->id, ret->ninsts, depth + 1) : NULL;
}

/* Record that what is at pos is not modelled (once per place): a note
 * says so, rather than leave the rules silently blind. */
void acc_unsupported(struct abuild *ab, struct cls_pos pos, const char *what,
		     const char *weakened)
{
	struct mem_vec *v = &ab->ctx->unit->unsupported;
	for (unsigned i = 0; i < v->len; i++) {
		const struct ir_unsupported *x = v->items[i];
		if (x->pos.file == pos.file && x->pos.line == pos.line && x->pos.col == pos.col)
			return;
	}
	struct ir_unsupported *x = MEM_NEW(ab->a, struct ir_unsupported);
	if (!x)
		return;
	x->pos = pos;
	x->what = what;
	x->weakened = weakened;
	mem_vec_push(ab->a, v, x);
}

/* Does built-in n return data (memory, another work-item's value), which
 * the analyses take as unknown by design, rather than a function of its
 * arguments? */
static bool data_builtin(const char *n)
{
	static const char *const prefixes[] = { "atom", "work_group_", "sub_group_", "read_image",
						"vload", "get_", "intel_sub_group", "convert_",
						"as_", NULL };
	for (unsigned i = 0; prefixes[i]; i++)
		if (!strncmp(n, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static struct sym *sym_float_data(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
				  unsigned block, unsigned inst, unsigned depth);

/* An index made from a float that is not loaded data ((int)(lid * 0.5f),
 * a resize's floor(y * scale)): float arithmetic is not modelled, so the
 * pair is not decided from it; say so. */
static void float_index_unsupported(struct abuild *ab, const struct ir_expr *e)
{
	if (ab->in_index && !ab->index_quiet)
		acc_unsupported(ab, e->range.begin, "an index converted from a float value",
				"the race rules (local-memory-race, global-memory-race, "
				"inter-group-race)");
}

/* Is e a call to one of the integer built-ins sym_call models, on scalars
 * (select's condition, too: on vectors it tests the top bit)? */
static bool int_scalar_call(const struct ir_expr *e)
{
	static const char *const names[] = { "clamp", "abs", "abs_diff", "hadd", "rhadd",
					     "select", NULL };
	bool named = false;
	for (unsigned i = 0; names[i]; i++)
		named |= !strcmp(e->u.name, names[i]);
	if (!named || !e->type || e->type->kind != T_INT)
		return false;
	for (unsigned i = 0; i < e->nkids; i++)
		if (!e->kids[i] || !e->kids[i]->type || e->kids[i]->type->kind != T_INT)
			return false;
	return true;
}

static struct sym *sym_call(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			    unsigned block, unsigned inst, unsigned depth)
{
	const char *n = e->u.name;
	if (e->callee)
		return sym_return(ab, e, c, block, inst, depth);
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
		struct sym *lin = local_linear_id(ab);
		return lin ? mk_bin(ab, !strcmp(n, "get_sub_group_local_id") ? IR_B_REM : IR_B_DIV,
				    lin, sg)
			   : NULL;
	}
	if (!e->callee && e->nkids == 0 && !strcmp(n, "get_local_linear_id"))
		return local_linear_id(ab);
	if (!e->callee && e->nkids == 2 &&
	    (!strcmp(n, "min") || !strcmp(n, "max") || !strcmp(n, "mul24"))) {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		struct sym *y = acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1);
		return mk_bin(ab, n[1] == 'i' ? SYM_MIN : n[1] == 'a' ? SYM_MAX : IR_B_MUL, x, y);
	}
	/* The integer built-ins an index is written with, exactly: clamp to
	 * an edge, a mirrored or wrapped neighbour (abs, select), a midpoint. */
	if (!e->callee && e->nkids >= 1 && e->nkids <= 3 && int_scalar_call(e)) {
		struct sym *k[3] = { NULL, NULL, NULL };
		for (unsigned i = 0; i < e->nkids; i++)
			if (!(k[i] = acc_sym_of(ab, e->kids[i], c, block, inst, depth + 1)))
				return NULL;
		if (e->nkids == 3 && !strcmp(n, "clamp"))
			return mk_bin(ab, SYM_MIN, mk_bin(ab, SYM_MAX, k[0], k[1]), k[2]);
		if (e->nkids == 1 && !strcmp(n, "abs"))
			return mk_bin(ab, SYM_MAX, k[0], mk_bin(ab, IR_B_SUB, mk_const(ab, 0), k[0]));
		if (e->nkids == 2 && !strcmp(n, "abs_diff"))
			return mk_bin(ab, SYM_MAX, mk_bin(ab, IR_B_SUB, k[0], k[1]),
				      mk_bin(ab, IR_B_SUB, k[1], k[0]));
		if (e->nkids == 2 && (!strcmp(n, "hadd") || !strcmp(n, "rhadd"))) {
			struct sym *sum = mk_bin(ab, IR_B_ADD, k[0], k[1]);
			if (n[0] == 'r')
				sum = mk_bin(ab, IR_B_ADD, sum, mk_const(ab, 1));
			return mk_bin(ab, IR_B_SHR, sum, mk_const(ab, 1));
		}
		if (e->nkids == 3 && !strcmp(n, "select")) {
			/* scalar: c ? b : a */
			struct sym *s = mk(ab, S_COND);
			if (s) {
				s->a = mk_bin(ab, IR_B_NE, k[2], mk_const(ab, 0));
				s->b = k[1];
				s->x = k[0];
				if (!s->a)
					return NULL;
			}
			return s;
		}
		return NULL;
	}
	/* convert_int(x) of a float: as the cast (int)x */
	if (!e->callee && e->nkids == 1 && !strncmp(n, "convert_", 8) && e->type &&
	    e->type->kind == T_INT && e->kids[0] && e->kids[0]->type &&
	    e->kids[0]->type->kind == T_FLOAT) {
		struct sym *s = sym_float_data(ab, e->kids[0], c, block, inst, depth + 1);
		if (!s && (!c->in || unif_expr(c->in, e) != U_UNIFORM))
			float_index_unsupported(ab, e);
		return s;
	}
	/* convert_int(i) and the like, from an integer type no wider: the
	 * value itself (a float's is data, like a cast's) */
	if (!e->callee && e->nkids == 1 && !strncmp(n, "convert_", 8) && e->type &&
	    e->type->kind == T_INT && e->kids[0] && e->kids[0]->type &&
	    e->kids[0]->type->kind == T_INT && e->type->size >= e->kids[0]->type->size &&
	    e->type->size > 0)
		return acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
	if (!e->callee && e->nkids == 3 && !strcmp(n, "mad24")) {
		struct sym *x = acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
		struct sym *y = acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1);
		return mk_bin(ab, IR_B_ADD, mk_bin(ab, IR_B_MUL, x, y),
			      acc_sym_of(ab, e->kids[2], c, block, inst, depth + 1));
	}
	return NULL;
}

/*
 * Is symbolic value s made of loaded data, uniform unknowns and constants
 * alone?  *ld gets one of its loads, one whose place depends on the
 * work-item if there is one.
 */
static bool data_only(const struct sym *s, struct sym **ld)
{
	if (!s)
		return false;
	switch (s->op) {
	case S_CONST:
	case S_SLOT:
	case S_LSZ:
	case S_NGRP:
		return true;
	case S_LOAD:
		if (!*ld || (!sym_uses_lid((*ld)->a) && sym_uses_lid(s->a)))
			*ld = (struct sym *)s;
		return true;
	case S_BIN:
		return data_only(s->a, ld) && data_only(s->b, ld);
	case S_NEG:
	case S_NOT:
	case S_LNOT:
		return data_only(s->a, ld);
	default:
		return false;
	}
}

static bool float_math(const char *n)
{
	static const char *const names[] = { "floor", "ceil", "round", "trunc", "rint", "fabs",
					     "sqrt", "native_sqrt", "exp", "log", "fmin", "fmax",
					     "min", "max", "clamp", "mad", "fma", NULL };
	for (unsigned i = 0; n && names[i]; i++)
		if (!strcmp(n, names[i]))
			return true;
	return false;
}

/*
 * Is float expression e a function of loaded data and constants alone
 * (x * 16.0f, floor(x) of a loaded x, through float variables with one
 * definition)?  Two work-items that load equal data compute equal values
 * from it.  *ld as in data_only().
 */
static bool float_of_data(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			  unsigned block, unsigned inst, unsigned depth, struct sym **ld)
{
	if (e && depth > MAX_SYM_DEPTH)
		ab->cutoff = true;
	if (!e || depth > MAX_SYM_DEPTH)
		return false;
	switch (e->op) {
	case E_FLOAT:
	case E_INT:
		return true;
	case E_BINARY:
		if (e->sub != IR_B_ADD && e->sub != IR_B_SUB && e->sub != IR_B_MUL &&
		    e->sub != IR_B_DIV)
			return false;
		return float_of_data(ab, e->kids[0], c, block, inst, depth + 1, ld) &&
		       float_of_data(ab, e->kids[1], c, block, inst, depth + 1, ld);
	case E_UNARY:
	case E_CAST:
		return e->nkids == 1 && float_of_data(ab, e->kids[0], c, block, inst, depth + 1, ld);
	case E_CALL:
		if (e->callee || !float_math(e->u.name))
			return false;
		for (unsigned i = 0; i < e->nkids; i++)
			if (!float_of_data(ab, e->kids[i], c, block, inst, depth + 1, ld))
				return false;
		return true;
	case E_VAR: {
		const struct ir_var *v = e->u.var;
		if (!v || v->kind != VAR_PRIVATE || v->func != c->f || v->id >= c->f->nvars ||
		    !v->type || v->type->kind != T_FLOAT)
			break;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		struct def_rec d[2];
		unsigned nd = fi->defs ? reaching(ab, c->f, fi, v, block, inst, d, 1) : 9;
		if (nd != 1 || !d[0].e || !d[0].strong || d[0].e->op != E_ASSIGN || d[0].e->sub)
			return false;
		return float_of_data(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, depth + 1, ld);
	}
	default:
		break;
	}
	return data_only(acc_sym_of(ab, e, c, block, inst, depth + 1), ld);
}

/*
 * An integer computed from float data, (int)(x * 16.0f) of a loaded x: a
 * value loaded data decides, like an integer load (histogram bins from
 * float samples).  NULL when e depends on anything else.
 */
static struct sym *sym_float_data(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
				  unsigned block, unsigned inst, unsigned depth)
{
	struct sym *ld = NULL;
	if (!float_of_data(ab, e, c, block, inst, depth, &ld) || !ld)
		return NULL;
	struct sym *s = mk(ab, S_LOAD);
	if (s) {
		s->a = ld->a;
		/* its own identity: not the raw data's value */
		s->c = (long long)((unsigned long long)ld->c * 31u + e->id + 1);
	}
	return s;
}

/* The component a one-component swizzle names (x y z w, s0 ... sF), or -1. */
static int swizzle_index(const char *n)
{
	static const char hex[] = "0123456789abcdef";
	if (!n || !n[0])
		return -1;
	if (!n[1]) {
		const char *p = strchr("xyzw", n[0]);
		return p ? (int)(p - "xyzw") : -1;
	}
	if ((n[0] == 's' || n[0] == 'S') && !n[2]) {
		const char *p = strchr(hex, tolower((unsigned char)n[1]));
		return p && *p ? (int)(p - hex) : -1;
	}
	return -1;
}

/*
 * The expression of component k of vector literal lit: (int2)(a, b) gives
 * a or b, (int4)(x) gives x, (int4)(a, (int2)(b, c), d) looks into the inner
 * literal.  NULL when lit is not a literal or the component is a part of a
 * vector operand that is not one.
 */
static const struct ir_expr *literal_component(const struct ir_expr *lit, unsigned k)
{
	lit = ir_strip(lit);
	/* (int2)(a, b) lowers to the compound literal around its list. */
	if (lit && lit->op == E_UNKNOWN && lit->nkids == 1 && lit->type &&
	    lit->type->kind == T_VECTOR)
		lit = ir_strip(lit->kids[0]);
	if (!lit || lit->op != E_INIT_LIST || !lit->type || lit->type->kind != T_VECTOR ||
	    k >= lit->type->count)
		return NULL;
	unsigned at = 0;
	for (unsigned i = 0; i < lit->nkids; i++) {
		const struct ir_expr *kid = lit->kids[i];
		bool vec = kid && kid->type && kid->type->kind == T_VECTOR;
		unsigned w = vec ? kid->type->count : 1;
		if (lit->nkids == 1 && !vec)
			return kid; /* a splat */
		if (k < at + w)
			return vec ? literal_component(kid, k - at) : kid;
		at += w;
	}
	return NULL;
}

/*
 * The value of v.x, v.s1 for a private vector v whose one reaching
 * definition assigns it a literal (int2 c = (int2)(lid, grp)), or of a
 * literal's component directly; NULL otherwise (a component assigned on
 * its own, a vector loaded from memory).
 */
static struct sym *sym_component(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
				 unsigned block, unsigned inst, unsigned depth)
{
	int k = swizzle_index(e->u.name);
	const struct ir_expr *v = e->nkids ? ir_strip(e->kids[0]) : NULL;
	if (k < 0 || !v)
		return NULL;
	if (v->op != E_VAR) {
		const struct ir_expr *x = literal_component(v, (unsigned)k);
		return x ? acc_sym_of(ab, x, c, block, inst, depth + 1) : NULL;
	}
	const struct ir_var *var = v->u.var;
	if (!var || var->kind != VAR_PRIVATE || var->func != c->f || var->id >= c->f->nvars)
		return NULL;
	struct fn_info *fi = acc_fn_info(ab, c->f);
	struct def_rec d[2];
	unsigned nd = fi->defs ? reaching(ab, c->f, fi, var, block, inst, d, 1) : 9;
	if (nd != 1 || !d[0].e || !d[0].strong || d[0].e->op != E_ASSIGN || d[0].e->sub)
		return NULL;
	const struct ir_expr *x = literal_component(d[0].e->kids[1], (unsigned)k);
	return x ? acc_sym_of(ab, x, c, d[0].block, d[0].inst, depth + 1) : NULL;
}

/* The symbolic value of expression e evaluated at (block, inst) of context c. */
struct sym *acc_sym_of(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
		       unsigned block, unsigned inst, unsigned depth)
{
	if (e && depth > MAX_SYM_DEPTH)
		ab->cutoff = true;
	if (!e || depth > MAX_SYM_DEPTH)
		return NULL;
	unsigned level = c->in ? unif_expr(c->in, e) : U_DIVERGENT;
	struct sym *s = NULL;
	switch (e->op) {
	case E_INT:
		return mk_const(ab, e->u.ival);
	case E_MACRO:
		return macro_sym(ab, e->u.var);
	case E_VAR:
		s = sym_var(ab, e->u.var, c, block, inst, level, depth);
		break;
	case E_CAST:
		if (e->type && e->type->kind == T_FLOAT)
			break;
		if (e->kids[0] && e->kids[0]->type && e->kids[0]->type->kind == T_FLOAT) {
			s = sym_float_data(ab, e->kids[0], c, block, inst, depth + 1);
			if (!s && level != U_UNIFORM)
				float_index_unsupported(ab, e);
			break;
		}
		return acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1);
	case E_BINARY:
		s = mk_bin(ab, e->sub, acc_sym_of(ab, e->kids[0], c, block, inst, depth + 1),
			   acc_sym_of(ab, e->kids[1], c, block, inst, depth + 1));
		if (s && s->op == S_BIN && s->sub == IR_B_SUB && e->type && e->type->is_unsigned)
			s->wraps = 1;
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
	case E_SWIZZLE:
		s = sym_component(ab, e, c, block, inst, depth);
		break;
	case E_MEMBER:
		s = sym_arg_field(ab, e, c, block, inst);
		break;
	case E_INDEX:
		if (e->nkids == 2 && e->kids[0] && ir_strip(e->kids[0])->op == E_MEMBER)
			s = sym_arg_field(ab, e, c, block, inst);
		break;
	case E_INCDEC:
		/* --tmp == 0 in a condition: the variable's value before the
		 * step (the step's own definition is not among those that
		 * reach it), stepped for a prefix operator */
		if (e->kids[0] && e->kids[0]->op == E_VAR) {
			struct sym *old = sym_var(ab, e->kids[0]->u.var, c, block, inst, level, depth + 1);
			if (e->sub == IR_POSTINC || e->sub == IR_POSTDEC)
				return old;
			s = mk_bin(ab, e->sub == IR_PREINC ? IR_B_ADD : IR_B_SUB, old, mk_const(ab, 1));
		}
		break;
	default:
		break;
	}
	if (s)
		return s;
	/* A load from a __constant table with known values: those values. */
	if ((e->op == E_INDEX || e->op == E_DEREF || e->op == E_MEMBER) &&
	    depth < MAX_SYM_DEPTH && acc_memory_lvalue(e)) {
		struct place pl = { 0 };
		if (place_of(ab, e, c, block, inst, &pl, depth + 1) && pl.object &&
		    pl.object->cinit && pl.offset && !pl.field &&
		    (s = table_value(ab, pl.object, pl.offset, pl.size)))
			return s;
	}
	/* A load from memory: its value is unknown, but the same place gives
	 * the same value (race-free), which uniformity checks can use. */
	if ((e->op == E_INDEX || e->op == E_DEREF || e->op == E_MEMBER) && level != U_UNIFORM &&
	    depth < MAX_SYM_DEPTH && acc_memory_lvalue(e)) {
		struct place pl = { 0 };
		if (place_of(ab, e, c, block, inst, &pl, depth + 1) && pl.object && pl.offset) {
			s = mk(ab, S_LOAD);
			if (s) {
				s->a = pl.offset;
				s->c = object_identity(pl.object);
				/* __local memory is each group's own: one address,
				 * two values in two groups */
				s->dim = pl.object->type && pl.object->type->space == AS_LOCAL;
				return s;
			}
		}
	}
	if (e->type && e->type->kind == T_FLOAT)
		return level ? mk_divergent(ab, ++ab->divergent_ids) : NULL;
	if (level == U_UNIFORM) {
		struct place pl = { 0 };
		bool load = depth < MAX_SYM_DEPTH && acc_memory_lvalue(e) &&
			    place_of(ab, e, c, block, inst, &pl, depth + 1) && pl.object && pl.offset;
		unsigned slot = uniform_slot(ab, e, load ? &pl : NULL, c, block);
		/* A group's own value: read from __local memory, or from an
		 * address that depends on the group id (what work-item 0
		 * reserved with an atomic and shared, a per-group table entry). */
		if (load && ((pl.object->type && pl.object->type->space == AS_LOCAL) ||
			     sym_uses_grp(pl.offset)))
			ab->k->slots[slot].per_group = true;
		s = mk(ab, S_SLOT);
		if (s)
			s->slot = slot;
		return s;
	}
	/* A divergent value we cannot model (a load, a hash): identified by its
	 * expression so that the same value used twice is recognized.  Taken
	 * like loaded data, which decides a race only where every value of it
	 * makes one; so an index made with a built-in whose value is not data
	 * (mul_hi, rotate, popcount) says so. */
	if (ab->in_index && !ab->index_quiet && e->op == E_CALL && !e->callee && e->type &&
	    e->type->kind == T_INT && !data_builtin(e->u.name))
		acc_unsupported(ab, e->range.begin,
				 mem_printf(ab->a, "the value of '%s' in an index", e->u.name),
				 "the race rules (local-memory-race, global-memory-race, "
				 "inter-group-race)");
	return mk_divergent(ab, 0x40000000u + e->id * 4096u + c->id);
}

/*
 * The value a write stores, for telling whether two work-items store the
 * same one (a benign race): acc_sym_of's, or, for a uniform value it does
 * not model (a float: l[0] read after a barrier, a product of arguments),
 * the unknown of uniform_slot: one per place read or per expression, so
 * that the same store by every work-item stores one value.
 */
struct sym *acc_value_sym(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			  unsigned block, unsigned inst)
{
	struct sym *s = acc_sym_of(ab, e, c, block, inst, 0);
	if (s || !e || !c->in)
		return s;
	while (e->op == E_CAST && e->nkids == 1 && e->kids[0]->op == E_FLOAT)
		e = e->kids[0];
	if (e->op == E_FLOAT) {
		/* A constant: the same in every work-group, too.  Its bits
		 * stand for it; only equality is ever asked of a stored value. */
		long long bits;
		double v = e->u.fval;
		memcpy(&bits, &v, sizeof bits);
		return mk_const(ab, bits);
	}
	if (unif_expr(c->in, e) != U_UNIFORM)
		return NULL;
	struct place pl = { 0 };
	bool load = acc_memory_lvalue(e) && place_of(ab, e, c, block, inst, &pl, 1) && pl.object &&
		    pl.offset;
	unsigned slot = uniform_slot(ab, e, load ? &pl : NULL, c, block);
	if (slot >= ab->k->nslots)
		return NULL;
	if (load && ((pl.object->type && pl.object->type->space == AS_LOCAL) ||
		     sym_uses_grp(pl.offset)))
		ab->k->slots[slot].per_group = true;
	s = mk(ab, S_SLOT);
	if (s)
		s->slot = slot;
	return s;
}

/* ------------------------------------------------------- lvalue -> object */

/* The innermost non-array element type. */
static const struct ir_type *scalar_elem(const struct ir_type *t)
{
	while (t && t->kind == T_ARRAY && t->elem)
		t = t->elem;
	return t;
}

static bool place_of_pointer(struct abuild *ab, const struct ir_expr *p, struct acc_ctx *c,
			     unsigned block, unsigned inst, struct place *out, unsigned depth);

/* The bytes of one element of dimension dm of array o, whose lengths are
 * macro constants (o->extent): the scalar's size times the lengths inside;
 * NULL when a length is not one the analysis can write. */
static struct sym *symbolic_row(struct abuild *ab, const struct ir_var *o, unsigned dm)
{
	long long es = acc_type_size(scalar_elem(o->type));
	struct sym *r = es ? mk_const(ab, es) : NULL;
	for (unsigned j = dm + 1; r && j < o->nextent; j++)
		r = mk_bin(ab, IR_B_MUL, r, extent_sym(ab, o->extent[j], 0));
	return r;
}

/* The array type of dimension dm of an object of type t (0: t itself), when
 * its length is a number; NULL otherwise. */
static const struct ir_type *array_dim(const struct ir_type *t, unsigned dm)
{
	for (unsigned j = 0; t && j < dm; j++)
		t = t->kind == T_ARRAY ? t->elem : NULL;
	return t && t->kind == T_ARRAY && !t->symbolic && t->count > 0 ? t : NULL;
}

/* Does an index into object o that the analysis cannot follow go without a
 * note?  Only into __global memory outside a write's own place: a read
 * there races only with a write, which gets the note if it is one (a
 * resize reading its input at a float coordinate is not a question). */
static bool index_quiet(const struct abuild *ab, const struct ir_var *o)
{
	return !ab->placing_write && !(o && o->type && o->type->space == AS_LOCAL);
}

/* An access into an array whose row length is a macro constant, reached
 * in a way whose offset cannot be written (through a pointer to a row, a
 * typedef the lengths are hidden in): reported, not guessed. */
static void symbolic_unsupported(struct abuild *ab, const struct ir_expr *lv)
{
	struct ir_unsupported *x = MEM_NEW(ab->a, struct ir_unsupported);
	if (!x)
		return;
	x->pos = lv->range.begin;
	x->what = "an access into an array whose length is a macro the build does not define, "
		  "where its offset cannot be followed";
	x->weakened = "the race and bank-conflict rules";
	mem_vec_push(ab->a, &ab->ctx->unit->unsupported, x);
}

/* The value of index expression ie into out->object, made as an index
 * (for the unsupported notes: in_index, index_quiet). */
static struct sym *index_sym(struct abuild *ab, const struct place *out, const struct ir_expr *ie,
			     struct acc_ctx *c, unsigned block, unsigned inst, unsigned depth)
{
	bool quiet = ab->index_quiet;
	ab->index_quiet = index_quiet(ab, out->object);
	ab->in_index++;
	struct sym *i = acc_sym_of(ab, ie, c, block, inst, depth);
	ab->in_index--;
	ab->index_quiet = quiet;
	return i;
}

/* Move the place a pointer holds by i elements of es bytes (op: + or -). */
static bool move_place(struct abuild *ab, struct place *out, unsigned op, struct sym *i,
		       long long es)
{
	out->dim = ACC_MAX_BOUND + 1;
	if (!i || !es)
		return false;
	i = index_in_elems(ab, i, es, 0);
	out->offset = mk_bin(ab, op, out->offset, mk_bin(ab, IR_B_MUL, i, mk_const(ab, es)));
	return true;
}

/* Where an lvalue lives: object and byte offset.  False for private storage
 * and for what cannot be resolved. */
static bool place_of(struct abuild *ab, const struct ir_expr *lv, struct acc_ctx *c,
		     unsigned block, unsigned inst, struct place *out, unsigned depth)
{
	if (lv && depth > MAX_SYM_DEPTH)
		ab->cutoff = true;
	if (!lv || depth > MAX_SYM_DEPTH)
		return false;
	switch (lv->op) {
	case E_VAR:
		if (!acc_shared_obj(lv->u.var))
			return false;
		out->object = lv->u.var;
		out->offset = mk_const(ab, 0);
		out->elem = scalar_elem(lv->u.var->type);
		out->size = acc_type_size(lv->type);
		out->dim = 0;
		return true;
	case E_INDEX: {
		const struct ir_expr *base = lv->kids[0];
		bool ok, direct = false;
		if (ir_is_pointer(base))
			ok = place_of_pointer(ab, base, c, block, inst, out, depth + 1);
		else if (base->type && base->type->kind == T_VECTOR)
			return place_of(ab, base, c, block, inst, out, depth + 1) &&
			       (out->field = "[]", true);
		else
			ok = direct = place_of(ab, base, c, block, inst, out, depth + 1);
		if (!ok)
			return false;
		long long es = acc_type_size(lv->type);
		struct sym *i = index_sym(ab, out, lv->kids[1], c, block, inst, depth + 1);
		if (!i)
			return false;
		i = index_in_elems(ab, i, es, 0);
		struct sym *esym = es ? mk_const(ab, es) : NULL;
		const struct ir_var *o = out->object;
		const struct ir_type *at = direct && !o->extent ? array_dim(o->type, out->dim) : NULL;
		if (direct && o->extent && out->dim < o->nextent) {
			/* An array whose lengths are macro constants: the row's size
			 * from the lengths as written, and the subscript's bound. */
			unsigned dm = out->dim++;
			esym = symbolic_row(ab, o, dm);
			if (dm < ACC_MAX_BOUND) {
				out->sub[dm] = i;
				out->ext[dm] = extent_sym(ab, o->extent[dm], 0);
			}
		} else if (at) {
			/* An array whose lengths are numbers: the subscript's bound
			 * (a row of a tile does not run into the next one). */
			unsigned dm = out->dim++;
			if (dm < ACC_MAX_BOUND) {
				out->sub[dm] = i;
				out->ext[dm] = mk_const(ab, at->count);
			}
		} else {
			out->dim = ACC_MAX_BOUND + 1;
		}
		if (!esym) {
			if (lv->type && lv->type->symbolic)
				symbolic_unsupported(ab, lv);
			return false;
		}
		out->offset = mk_bin(ab, IR_B_ADD, out->offset, mk_bin(ab, IR_B_MUL, i, esym));
		out->size = es;
		return true;
	}
	case E_DEREF:
		if (!place_of_pointer(ab, lv->kids[0], c, block, inst, out, depth + 1))
			return false;
		out->size = acc_type_size(lv->type);
		out->dim = ACC_MAX_BOUND + 1;
		return true;
	case E_MEMBER:
		if (lv->sub ? !place_of_pointer(ab, lv->kids[0], c, block, inst, out, depth + 1)
			    : !place_of(ab, lv->kids[0], c, block, inst, out, depth + 1))
			return false;
		if (lv->sub)
			out->dim = ACC_MAX_BOUND + 1;
		out->field = lv->u.name;
		out->size = acc_type_size(lv->type);
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
	if (p && depth > MAX_SYM_DEPTH)
		ab->cutoff = true;
	if (!p || depth > MAX_SYM_DEPTH)
		return false;
	p = ir_strip(p);
	switch (p->op) {
	case E_VAR: {
		const struct ir_var *v = p->u.var;
		if (acc_shared_obj(v)) { /* an array decaying to a pointer */
			out->object = v;
			out->offset = mk_const(ab, 0);
			out->elem = scalar_elem(v->type);
			return true;
		}
		if (!v || v->func != c->f || v->id >= c->f->nvars)
			return false;
		/* A private array of the function's own, decaying: private
		 * storage, known (whatever calls wrote into it since). */
		if (v->kind == VAR_PRIVATE && v->type && v->type->kind == T_ARRAY) {
			out->is_private = true;
			return false;
		}
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
		/* No definition reaches a pointer that is not a parameter: it
		 * was never assigned. */
		if (nd == 1 && !d[0].e)
			return false;
		if (nd == 1 && d[0].strong && d[0].e->op == E_ASSIGN && !d[0].e->sub)
			return place_of_pointer(ab, d[0].e->kids[1], c, d[0].block, d[0].inst, out,
						depth + 1);
		/* p += i, p -= i (d_Dst += get_group_id(0) * 128 + lid): where p
		 * pointed before it, moved by i elements */
		if (nd == 1 && d[0].strong && d[0].e->op == E_ASSIGN &&
		    (d[0].e->sub == IR_B_ADD || d[0].e->sub == IR_B_SUB)) {
			const struct ir_expr *lhs = d[0].e->kids[0];
			if (!place_of_pointer(ab, lhs, c, d[0].block, d[0].inst, out, depth + 1))
				return false;
			long long es = lhs->type && lhs->type->elem ? acc_type_size(lhs->type->elem)
								    : 0;
			return move_place(ab, out, d[0].e->sub,
					  index_sym(ab, out, d[0].e->kids[1], c, d[0].block,
						    d[0].inst, depth + 1), es);
		}
		return false;
	}
	case E_BINARY:
		/* p + i, i + p, p - i; an array operand decays to a pointer to its
		 * first element (h + 1 passes &h[1]). */
		if ((p->sub == IR_B_ADD || p->sub == IR_B_SUB) && decays_to_pointer(p->kids[0])) {
			if (!place_of_pointer(ab, p->kids[0], c, block, inst, out, depth + 1))
				return false;
			long long es = p->kids[0]->type && p->kids[0]->type->elem
					       ? acc_type_size(p->kids[0]->type->elem) : 0;
			struct sym *i = index_sym(ab, out, p->kids[1], c, block, inst, depth + 1);
			if (!es && p->kids[0]->type && p->kids[0]->type->elem &&
			    p->kids[0]->type->elem->symbolic)
				symbolic_unsupported(ab, p);
			return move_place(ab, out, p->sub, i, es);
		}
		if (p->sub == IR_B_ADD && decays_to_pointer(p->kids[1])) {
			if (!place_of_pointer(ab, p->kids[1], c, block, inst, out, depth + 1))
				return false;
			long long es = acc_type_size(p->kids[1]->type->elem);
			struct sym *i = index_sym(ab, out, p->kids[0], c, block, inst, depth + 1);
			if (!es && p->kids[1]->type->elem && p->kids[1]->type->elem->symbolic)
				symbolic_unsupported(ab, p);
			return move_place(ab, out, IR_B_ADD, i, es);
		}
		return false;
	case E_ADDROF: /* &x, &pa[i] of private x, pa: private storage, known */
		if ((out->is_private = ir_private_target(p->kids[0]) != NULL))
			return false;
		return place_of(ab, p->kids[0], c, block, inst, out, depth + 1);
	case E_COND:
		/* One of two pointers: the caller asks for each in turn (see
		 * struct abuild), guarded by the condition. */
		if (p->nkids != 3)
			return false;
		if (!ab->choice) {
			ab->choice = p;
			ab->choice_ctx = c;
			ab->choice_block = block;
			ab->choice_inst = inst;
		}
		if (ab->choice != p || ab->choice_ctx != c || !ab->choose)
			return false;
		return place_of_pointer(ab, p->kids[ab->choose == 1 ? 1 : 2], c, block, inst, out,
					depth + 1);
	case E_INDEX: /* a row of a multi-dimensional array, decaying */
		if ((out->is_private = ir_private_target(p) != NULL))
			return false;
		return place_of(ab, p, c, block, inst, out, depth + 1);
	default:
		return false;
	}
}


/* ------------------------------------------------------------- exported */

struct sym *acc_sym_const(struct abuild *ab, long long c)
{
	return mk_const(ab, c);
}

struct sym *acc_sym_bin(struct abuild *ab, unsigned op, struct sym *x, struct sym *y)
{
	return mk_bin(ab, op, x, y);
}

bool acc_place(struct abuild *ab, const struct ir_expr *lv, bool is_pointer, struct acc_ctx *c,
	       unsigned block, unsigned inst, struct place *out)
{
	return is_pointer ? place_of_pointer(ab, lv, c, block, inst, out, 0)
			  : place_of(ab, lv, c, block, inst, out, 0);
}

struct sym *acc_sym_elem(struct abuild *ab, struct sym *count)
{
	struct sym *s = mk(ab, S_ELEM);
	if (s) {
		s->slot = ab->divergent_ids++;
		s->a = count;
	}
	return s;
}
