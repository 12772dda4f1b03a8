/*
 * valdep.c - which work-item and work-group ids a value depends on.
 *
 * Two work-items that store into one element store one value when the
 * value is a function of ids in which they agree: in a 2-D launch, every
 * work-item of a row computing the row's dot product and storing it
 * (C[row] = sum, work-items (0, row) and (1, row)) is a benign race, like
 * a uniform store.  The value there is a float accumulated in a loop,
 * which the symbolic values (symval.c) do not follow; what it depends on
 * is simpler to know.
 *
 * A value depends on an id through data (an operand, a variable's
 * definitions) and through control (a definition made under a branch
 * whose condition depends on it).  Memory is read as a function of its
 * address, the same assumption the benign check makes of loads: two
 * work-items reading one place in one interval read one value, or memory
 * changed in between, which is a race of its own.  So a load of __global
 * or __constant memory depends on what its address depends on.  __local
 * memory is each group's own: an element holds what the one work-item
 * that stored it stored, so a load depends on its address and on what the
 * stores into the object depend on besides the writer's local id (which
 * the address decides); an object whose address escapes (to a call, an
 * atomic, a pointer variable) holds anything.  Private variables are
 * followed through all their definitions at once (flow-insensitive: a
 * superset), and everything this does not follow depends on every id: a
 * call of a function with a body, an atomic, a sub-group or scan builtin,
 * a private array or structure, a variable whose address is taken, a
 * helper's parameter.
 */
#include <string.h>

#include "access.h"
#include "access_int.h"

#define VD_LIDS 0x07u
#define VD_GRPS 0x38u
#define VD_MAX_OBJ 32

struct vd {
	const struct ir_func *f;
	struct fn_info *fi;
	unsigned char *var;          /* per variable of f */
	unsigned char *block;        /* per block: what its execution depends on */
	struct {                     /* __local objects: what an element holds */
		const struct ir_var *var;
		unsigned char m;
		bool stored;
	} obj[VD_MAX_OBJ];
	unsigned nobj;
	bool changed;
	bool failed;                 /* no fixed point: everything depends on all */
};

static unsigned deps(struct vd *v, const struct ir_expr *e);
static unsigned mem_deps(struct vd *v, const struct ir_expr *base);

static unsigned dim_of(const struct ir_expr *call)
{
	if (call->nkids == 1 && call->kids[0] && ir_strip(call->kids[0])->op == E_INT) {
		long long d = ir_strip(call->kids[0])->u.ival;
		if (d >= 0 && d < 3)
			return (unsigned)d;
	}
	return 3;
}

static unsigned call_deps(struct vd *v, const struct ir_expr *e)
{
	if (e->callee || !e->u.name)
		return VD_ALL;
	enum bi_kind k = (enum bi_kind)e->sub;
	unsigned d = dim_of(e), m = 0;
	const char *n = e->u.name;
	switch (k) {
	case BI_ID_DIVERGENT:
		if (!strcmp(n, "get_local_id"))
			return d < 3 ? VD_LID(d) : VD_LIDS;
		if (!strcmp(n, "get_global_id"))
			return d < 3 ? VD_LID(d) | VD_GRP(d) : VD_LIDS | VD_GRPS;
		if (!strcmp(n, "get_global_linear_id"))
			return VD_LIDS | VD_GRPS;
		return VD_LIDS;   /* local linear id, sub-group local id */
	case BI_ID_SUBGROUP:
		return VD_LIDS;
	case BI_ID_UNIFORM:
		if (!strcmp(n, "get_group_id"))
			return d < 3 ? VD_GRP(d) : VD_GRPS;
		return 0;         /* sizes, offsets */
	case BI_WG_COLLECTIVE:
		return VD_GRPS;   /* one value per work-group */
	case BI_VLOAD:
		/* vloadn(offset, p) reads memory at p + offset */
		if (e->nkids)
			m = mem_deps(v, e->kids[e->nkids - 1]);
		/* fall through */
	case BI_NONE:
		/* a pure function of its arguments */
		for (unsigned i = 0; i < e->nkids; i++)
			m |= deps(v, e->kids[i]);
		return m;
	default:
		return VD_ALL;
	}
}

/* A __local object of the kernel: a __local variable, or a kernel
 * argument that points to __local memory. */
static bool local_object(const struct vd *v, const struct ir_var *x)
{
	if (x->kind == VAR_SHARED)
		return true;
	return x->kind == VAR_PARAM && v->f->is_kernel && x->type &&
	       x->type->kind == T_POINTER && x->type->space == AS_LOCAL;
}

/* The entry of __local object x.  With the table full, the last entry
 * stands for every object not in it, and holds anything. */
static unsigned char *obj_mask(struct vd *v, const struct ir_var *x, bool **stored)
{
	unsigned i = 0;
	while (i < v->nobj && v->obj[i].var != x)
		i++;
	if (i == v->nobj) {
		if (v->nobj < VD_MAX_OBJ) {
			v->nobj++;
			v->obj[i].var = x;
		} else {
			i = VD_MAX_OBJ - 1;
			v->obj[i].m = VD_ALL;
			v->obj[i].stored = true;
		}
	}
	*stored = &v->obj[i].stored;
	return &v->obj[i].m;
}

/* What a load of __local object x depends on besides its address. */
static unsigned obj_deps(struct vd *v, const struct ir_var *x)
{
	bool *stored;
	unsigned char *m = obj_mask(v, x, &stored);
	/* never stored here: whatever the group's memory held */
	return *stored ? *m : VD_GRPS;
}

/* The variable at the bottom of a chain of subscripts and members. */
static const struct ir_var *base_var(const struct ir_expr *e)
{
	while (e && (e->op == E_INDEX || e->op == E_MEMBER || e->op == E_SWIZZLE ||
		     e->op == E_CAST))
		e = e->nkids ? e->kids[0] : NULL;
	return e && e->op == E_VAR ? e->u.var : NULL;
}

static unsigned var_deps(struct vd *v, const struct ir_var *x)
{
	switch (x->kind) {
	case VAR_PRIVATE:
		if (x->func != v->f || x->id >= v->f->nvars)
			return VD_ALL;
		return v->var[x->id];
	case VAR_PARAM:
		/* a kernel's arguments are the launch's; a helper's, its caller's */
		return v->f->is_kernel ? 0 : VD_ALL;
	case VAR_SHARED:
		/* a __local scalar read, or an array as a base */
		return obj_deps(v, x);
	default:
		/* program-scope (__constant, __global), macro: one object */
		return 0;
	}
}

/* What memory read through base (a pointer or an array) holds, besides
 * the address: nothing for __global and __constant, a __local object's
 * stores, else every group id. */
static unsigned mem_deps(struct vd *v, const struct ir_expr *base)
{
	const struct ir_type *t = base ? base->type : NULL;
	if (t && (t->kind == T_POINTER || t->kind == T_ARRAY) &&
	    (t->space == AS_GLOBAL || t->space == AS_CONSTANT))
		return 0;
	const struct ir_var *x = base_var(base);
	if (x && local_object(v, x))
		return obj_deps(v, x);
	return VD_GRPS;
}

static unsigned deps(struct vd *v, const struct ir_expr *e)
{
	if (!e)
		return 0;
	unsigned m = 0;
	switch (e->op) {
	case E_INT: case E_FLOAT: case E_STRING: case E_MACRO:
		return 0;
	case E_VAR:
		return var_deps(v, e->u.var);
	case E_CALL:
		return call_deps(v, e);
	case E_ADDROF: {
		/* the address of a private object differs between work-items
		 * in no way a load could see; of memory, it is its offset */
		const struct ir_var *t = ir_private_target(e->kids[0]);
		if (t)
			return VD_ALL;
		break;
	}
	case E_UNKNOWN: case E_INIT_LIST:
		return VD_ALL;
	case E_INDEX: case E_DEREF: case E_MEMBER:
		/* memory other than __global and __constant is the group's
		 * own (__local) or the work-item's: another group reads
		 * another value at the same address */
		if (e->op != E_MEMBER || e->sub)
			m = mem_deps(v, e->kids[0]);
		break;
	default:
		break;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		m |= deps(v, e->kids[i]);
	return m;
}

/* What a definition (def_rec.e) gives its variable. */
static unsigned def_deps(struct vd *v, const struct ir_expr *e)
{
	if (e->op == E_ASSIGN)
		/* the value, and which element of the variable it goes to */
		return deps(v, e->kids[1]) | deps(v, e->kids[0]);
	if (e->op == E_INCDEC)
		return deps(v, e->kids[0]);
	return VD_ALL;   /* written by a call */
}

static void grow(struct vd *v, unsigned char *slot, unsigned m)
{
	if ((*slot | m) != *slot) {
		*slot |= (unsigned char)m;
		v->changed = true;
	}
}

/*
 * The stores into __local objects in e (of block b): an element holds the
 * stored value, chosen by where the store runs and which element it
 * picks, less the writer's local id.  An object used other than as a
 * value or the base of a subscript or member (passed, pointed to,
 * atomically updated) holds anything.
 */
static void scan_objects(struct vd *v, const struct ir_expr *e, unsigned b, bool as_base,
			 bool first)
{
	if (!e)
		return;
	bool *stored;
	if (e->op == E_VAR) {
		const struct ir_type *t = e->u.var->type;
		if (!as_base && local_object(v, e->u.var) &&
		    (!t || t->kind == T_ARRAY || t->kind == T_POINTER || t->kind == T_STRUCT)) {
			grow(v, obj_mask(v, e->u.var, &stored), VD_ALL);
			*stored = true;
		}
		return;
	}
	if (e->op == E_ADDROF && e->nkids) {
		/* &flag, &tile[i]: an atomic or a pointer may change it */
		const struct ir_var *x = base_var(e->kids[0]);
		if (x && local_object(v, x)) {
			grow(v, obj_mask(v, x, &stored), VD_ALL);
			*stored = true;
		}
	}
	if ((e->op == E_ASSIGN || e->op == E_INCDEC) && e->nkids) {
		const struct ir_var *x = base_var(e->kids[0]);
		if (x && local_object(v, x)) {
			/* The first pass only finds the objects stored into:
			 * one never stored holds what the group's memory held. */
			unsigned char *om = obj_mask(v, x, &stored);
			*stored = true;
			if (!first) {
				unsigned m = deps(v, e->kids[0]) | v->block[b];
				if (e->op == E_ASSIGN)
					m |= deps(v, e->kids[1]);
				grow(v, om, m & ~VD_LIDS);
			}
		}
	}
	bool chain = e->op == E_INDEX || e->op == E_MEMBER || e->op == E_SWIZZLE ||
		     e->op == E_ASSIGN || e->op == E_INCDEC || (e->op == E_CAST && as_base);
	for (unsigned i = 0; i < e->nkids; i++)
		scan_objects(v, e->kids[i], b, i == 0 && chain, first);
}

static void scan_all(struct vd *v, bool first)
{
	for (unsigned b = 0; b < v->f->nblocks; b++) {
		const struct ir_block *x = v->f->blocks[b];
		for (unsigned i = 0; i < x->ninsts; i++)
			scan_objects(v, x->insts[i], b, false, first);
		scan_objects(v, x->cond, b, false, first);
	}
}

/* A private variable the definitions cannot describe. */
static bool untracked(const struct ir_var *x)
{
	const struct ir_type *t = x->type;
	return x->addr_taken || !t || (t->kind != T_INT && t->kind != T_FLOAT &&
				       t->kind != T_VECTOR && t->kind != T_POINTER);
}

/*
 * What f's variables, blocks and __local objects depend on, once per
 * function (in the arena; NULL when out of memory): a fixed point over the
 * variables and the blocks.  A block depends on the conditions of the
 * branches that decide whether it runs; a variable on its definitions'
 * values and blocks.  Masks only grow, over seven bits.
 */
static struct vd *solve(struct abuild *ab, const struct ir_func *f, struct fn_info *fi)
{
	struct vd *v = MEM_NEW(ab->a, struct vd);
	unsigned n = f->nblocks;
	if (!v)
		return NULL;
	v->f = f;
	v->fi = fi;
	v->var = MEM_ARRAY(ab->a, unsigned char, f->nvars + 1);
	v->block = MEM_ARRAY(ab->a, unsigned char, n + 1);
	if (!v->var || !v->block || !fi->defs || !fi->cd) {
		v->failed = true;
		return v;
	}
	for (unsigned i = 0; i < f->nvars; i++)
		if (f->vars[i] && f->vars[i]->kind == VAR_PRIVATE && untracked(f->vars[i]))
			v->var[i] = VD_ALL;
	scan_all(v, true);
	unsigned rounds = 0;
	do {
		v->changed = false;
		for (unsigned b = 0; b < n; b++)
			for (unsigned i = 0; i < fi->ncd[b]; i++) {
				unsigned br = fi->cd[b][i].branch;
				grow(v, &v->block[b], deps(v, f->blocks[br]->cond) | v->block[br]);
			}
		for (unsigned x = 0; x < f->nvars; x++)
			for (unsigned i = 0; i < fi->ndefs[x] && v->var[x] != VD_ALL; i++) {
				const struct def_rec *d = &fi->defs[x][i];
				grow(v, &v->var[x], def_deps(v, d->e) | v->block[d->block]);
			}
		scan_all(v, false);
	} while (v->changed && ++rounds < 64);
	v->failed = v->changed;
	return v;
}

/* ------------------------------------------------------------ inputs */

/*
 * The inputs of a value, for a finer benign check: the __global and
 * __constant loads it reads (leaves, with their statements) and the ids it
 * depends on other than through those loads' addresses.  Two work-items
 * whose loads read the same addresses and that agree in those ids compute
 * one value.  Work-items that clamp a coordinate (x = min(x, cols - 1))
 * and store at it store what they loaded at it: one value, although they
 * differ in their ids.
 */
struct inputs {
	struct vd *v;
	struct vd_leaf *leaf;
	unsigned n, cap;
	unsigned char *seen;          /* per variable of f: walked */
	bool full;
};

static unsigned in_walk(struct inputs *s, const struct ir_expr *e, unsigned block, unsigned inst);

/* What decides which element of its variable definition lhs writes. */
static unsigned in_lhs(struct inputs *s, const struct ir_expr *lhs, unsigned block, unsigned inst)
{
	if (!lhs || lhs->op == E_VAR)
		return 0;
	if (lhs->op == E_SWIZZLE || lhs->op == E_MEMBER)
		return lhs->nkids ? in_lhs(s, lhs->kids[0], block, inst) : VD_ALL;
	if (lhs->op == E_INDEX && lhs->nkids == 2)
		return in_lhs(s, lhs->kids[0], block, inst) | in_walk(s, lhs->kids[1], block, inst);
	return VD_ALL;
}

static unsigned in_var(struct inputs *s, const struct ir_var *x)
{
	struct vd *v = s->v;
	if (x->kind != VAR_PRIVATE)
		return var_deps(v, x);
	if (x->func != v->f || x->id >= v->f->nvars || untracked(x))
		return VD_ALL;
	if (s->seen[x->id])
		return 0;
	s->seen[x->id] = 1;
	unsigned m = 0;
	for (unsigned i = 0; i < v->fi->ndefs[x->id] && m != VD_ALL; i++) {
		const struct def_rec *d = &v->fi->defs[x->id][i];
		if (!d->e || d->block == (unsigned)-1)
			return VD_ALL;
		m |= v->block[d->block];
		if (d->e->op == E_ASSIGN)
			m |= in_walk(s, d->e->kids[1], d->block, d->inst) |
			     in_lhs(s, d->e->kids[0], d->block, d->inst);
		else if (d->e->op == E_INCDEC)
			m |= in_lhs(s, d->e->kids[0], d->block, d->inst);
		else
			m = VD_ALL;
	}
	return m;
}

static unsigned in_walk(struct inputs *s, const struct ir_expr *e, unsigned block, unsigned inst)
{
	if (!e)
		return 0;
	switch (e->op) {
	case E_VAR:
		return in_var(s, e->u.var);
	case E_INDEX: case E_DEREF: {
		const struct ir_type *t = e->kids[0] ? e->kids[0]->type : NULL;
		if (t && (t->kind == T_POINTER || t->kind == T_ARRAY) &&
		    (t->space == AS_GLOBAL || t->space == AS_CONSTANT)) {
			if (s->n == s->cap) {
				s->full = true;
				return VD_ALL;
			}
			s->leaf[s->n++] = (struct vd_leaf){ e, block, inst };
			return 0;
		}
		unsigned m = mem_deps(s->v, e->kids[0]);
		for (unsigned i = 0; i < e->nkids; i++)
			m |= in_walk(s, e->kids[i], block, inst);
		return m;
	}
	case E_CALL:
		if (!e->callee && e->u.name && (enum bi_kind)e->sub == BI_NONE) {
			unsigned m = 0;
			for (unsigned i = 0; i < e->nkids; i++)
				m |= in_walk(s, e->kids[i], block, inst);
			return m;
		}
		return deps(s->v, e);
	case E_ADDROF: case E_UNKNOWN: case E_INIT_LIST: case E_MEMBER:
		return deps(s->v, e);
	default: {
		unsigned m = 0;
		for (unsigned i = 0; i < e->nkids; i++)
			m |= in_walk(s, e->kids[i], block, inst);
		return m;
	}
	}
}

unsigned acc_value_inputs(struct abuild *ab, const struct ir_func *f, const struct ir_expr *e,
			  unsigned block, unsigned inst, struct vd_leaf *leaf, unsigned cap,
			  unsigned *n)
{
	struct fn_info *fi = acc_fn_info(ab, f);
	*n = 0;
	if (!fi->vd && !(fi->vd = solve(ab, f, fi)))
		return VD_ALL;
	if (fi->vd->failed)
		return VD_ALL;
	struct inputs s = { fi->vd, leaf, 0, cap, MEM_ARRAY(ab->a, unsigned char, f->nvars + 1),
			    false };
	if (!s.seen)
		return VD_ALL;
	unsigned m = in_walk(&s, e, block, inst);
	*n = s.n;
	return s.full ? VD_ALL : m & VD_ALL;
}

/*
 * The ids value e of function f may depend on: a mask of VD_LID(d) |
 * VD_GRP(d), VD_ALL when unknown.
 */
unsigned acc_value_deps(struct abuild *ab, const struct ir_func *f, const struct ir_expr *e)
{
	struct fn_info *fi = acc_fn_info(ab, f);
	if (!fi->vd && !(fi->vd = solve(ab, f, fi)))
		return VD_ALL;
	return fi->vd->failed ? VD_ALL : deps(fi->vd, e);
}
