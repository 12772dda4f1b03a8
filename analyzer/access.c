/*
 * access.c - the memory accesses of each kernel and the graph they sit in
 * (acc_ prefix).  See access.h for the model.
 *
 * A kernel's blocks, and a copy of each helper that executes a barrier per
 * call site, become the nodes of an "inlined" graph; a walk over every
 * expression in evaluation order records the accesses to __local and
 * __global memory (with their places and guards), the barriers and the
 * fences as each node's events.  Helpers without barriers are folded into
 * their call.  The intervals (interval.c) and everything after read this.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

#define MAX_INLINE_DEPTH 8
#define MAX_NODES 200000

struct edge {
	unsigned from, to;
	bool back;
};


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

/* The pointer lv goes through (lv itself when it is one), or NULL. */
static const struct ir_expr *pointer_of(const struct ir_expr *lv, bool is_pointer)
{
	const struct ir_expr *p = is_pointer ? lv
				  : (lv->op == E_INDEX || lv->op == E_DEREF) && lv->nkids ? lv->kids[0]
				  : NULL;
	return p ? ir_strip(p) : NULL;
}

/* Is lv (a pointer, or an lvalue reached through one) in the generic
 * address space? */
static bool through_generic(const struct ir_expr *lv, bool is_pointer)
{
	const struct ir_expr *p = pointer_of(lv, is_pointer);
	if (p && p->type && p->type->kind == T_ARRAY)
		return false;
	return p && p->type && p->type->kind == T_POINTER && p->type->space == AS_GENERIC;
}

/* Does an access of `kind` to lv go through a pointer the rules need to
 * follow: to __local memory, or a write to __global memory (a read there
 * races only with a write, and walking a read-only buffer with a pointer
 * stepped in a loop is common)? */
static bool through_shared(const struct ir_expr *lv, bool is_pointer, unsigned kind)
{
	const struct ir_expr *p = pointer_of(lv, is_pointer);
	return p && p->type && p->type->kind == T_POINTER &&
	       (p->type->space == AS_LOCAL || (p->type->space == AS_GLOBAL && (kind & ACC_WRITE)));
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

/* Which way atomic e moves its value by a constant amount: +1 (atomic_inc,
 * atomic_add of a positive constant, atomic_sub of a negative one), -1 (the
 * reverse), 0 (not such a call). */
static int atomic_direction(const struct ir_expr *e)
{
	const char *n = e->u.name;
	if (!n || !atomic_advances(e))
		return 0;
	n += !strncmp(n, "atomic_", 7) ? 7 : 5;
	if (!strncmp(n, "fetch_", 6))
		n += 6;
	if (!strcmp(n, "inc"))
		return 1;
	if (!strcmp(n, "dec"))
		return -1;
	long long c;
	if (e->nkids < 2 || !ir_const_int(e->kids[1], &c) || c == 0)
		return 0;
	return (c > 0) == (n[0] == 'a') ? 1 : -1;
}

/* Record the access of lv at place pl; `choice` (with pick 1 or 2): the
 * pointer chosen at run time it goes through, the operand taken. */
static void emit_at(struct walker *w, const struct ir_expr *lv, bool is_pointer, unsigned kind,
		    bool atomic, unsigned width, const struct ir_expr *value, const struct place *ppl,
		    const struct ir_expr *choice, unsigned pick)
{
	struct abuild *ab = w->ab;
	struct place pl = *ppl;
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
	a->elem_size = acc_type_size(pl.elem);
	a->field = pl.field;
	if (pl.dim && pl.dim <= ACC_MAX_BOUND) {
		unsigned n = 0;
		while (n < pl.dim && pl.sub[n] && pl.ext[n])
			n++;
		a->nbound = (unsigned char)n;
		memcpy(a->bsub, pl.sub, sizeof a->bsub);
		memcpy(a->bext, pl.ext, sizeof a->bext);
	}
	long long sz = is_pointer ? (lv->type && lv->type->elem ? acc_type_size(lv->type->elem) : 0)
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
		a->value = acc_value_sym(ab, value, w->c, w->block, w->inst);
		a->value_level = w->c->in ? (unsigned char)unif_expr(w->c->in, value) : U_DIVERGENT;
	} else {
		a->value_level = U_DIVERGENT;
	}
	/* Inside ?: or && / || operands: evaluated only on that outcome. */
	for (unsigned i = 0; i < w->neg; i++) {
		a->eguard[a->neguard].cond = acc_sym_of(ab, w->eg[i], w->c, w->block, w->inst, 0);
		a->eguard[a->neguard++].when_true = w->egpol[i];
	}
	if (choice && a->neguard < ACC_MAX_EGUARD) {
		a->eguard[a->neguard].cond = acc_sym_of(ab, choice->kids[0], ab->choice_ctx,
							ab->choice_block, ab->choice_inst, 0);
		a->eguard[a->neguard++].when_true = pick == 1;
	}
	ev->a = a;
	mem_vec_push(ab->a, &ab->k->accs, a);
}

static void emit_access(struct walker *w, const struct ir_expr *lv, bool is_pointer,
			unsigned kind, bool atomic, unsigned width, const struct ir_expr *value)
{
	struct abuild *ab = w->ab;
	struct place pl = { 0 };
	ab->choice = NULL;
	ab->choose = 0;
	ab->placing_write = kind & ACC_WRITE;
	bool ok = acc_place(ab, lv, is_pointer, w->c, w->block, w->inst, &pl);
	ab->placing_write = false;
	if ((!ok || !pl.object) && ab->choice) {
		/* Through a pointer chosen at run time: an access to each object
		 * it may be, under the condition that chooses it. */
		const struct ir_expr *choice = ab->choice;
		bool any = false;
		for (unsigned pick = 1; pick <= 2; pick++) {
			struct place alt = { 0 };
			ab->choose = (unsigned char)pick;
			if (acc_place(ab, lv, is_pointer, w->c, w->block, w->inst, &alt) && alt.object) {
				emit_at(w, lv, is_pointer, kind, atomic, width, value, &alt, choice, pick);
				any = true;
			}
		}
		ab->choice = NULL;
		ab->choose = 0;
		if (any)
			return;
	}
	ab->choice = NULL;
	if (!ok || !pl.object) {
		if (!pl.is_private && through_generic(lv, is_pointer))
			acc_unsupported(ab, lv->range.begin,
					"an access through a generic pointer whose address space is "
					"not known here (it may point to __local or __global memory)",
					"the race and bank-conflict rules");
		else if (!pl.is_private && through_shared(lv, is_pointer, kind))
			acc_unsupported(ab, lv->range.begin,
					"an access through a pointer the analysis does not follow "
					"here (stepped or swapped in a loop, or set from a value it "
					"does not model)",
					"the race and bank-conflict rules");
		return;
	}
	emit_at(w, lv, is_pointer, kind, atomic, width, value, &pl, NULL, 0);
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


/* A fence's flags: a constant as written, or through a variable or a
 * helper's parameter (const cl_mem_fence_flags f = CLK_GLOBAL_MEM_FENCE;
 * block_sync(CLK_GLOBAL_MEM_FENCE) calling barrier(f)). */
static unsigned fence_flags(struct walker *w, const struct ir_expr *call)
{
	long long f;
	if (call->nkids >= 1 && ir_const_int(call->kids[0], &f))
		return (unsigned)f & 7;
	const struct sym *s = call->nkids >= 1
				      ? acc_sym_of(w->ab, call->kids[0], w->c, w->block, w->inst, 0)
				      : NULL;
	if (s && s->op == S_CONST)
		return (unsigned)s->c & 7;
	return FENCE_LOCAL | FENCE_GLOBAL; /* unknown: assume it fences everything */
}

/* Say (once per call) that what an async copy moves is not modelled. */
static void async_unsupported(struct abuild *ab, const struct ir_expr *call, const char *what)
{
	acc_unsupported(ab, call->range.begin, mem_printf(ab->a, "%s of '%s'", what, call->u.name),
			"the race rules (local-memory-race, global-memory-race, inter-group-race)");
}

/*
 * async_work_group_copy(dst, src, n, ev) and
 * async_work_group_strided_copy(dst, src, n, stride, ev): one copy by the
 * whole work-group, which writes dst[0..n) and reads src[0..n) (the
 * __global side strided: element k at k * stride).  Which work-item moves
 * which element is the implementation's choice, so each side is one access
 * of the group to some element k < n (S_ELEM), live from the call's
 * interval until a wait_group_events (race.c).  The count and stride are
 * the same in every work-item (the specification requires it;
 * barrier-divergence checks it).
 */
static void async_copy(struct walker *w, const struct ir_expr *e)
{
	struct abuild *ab = w->ab;
	bool strided = e->nkids >= 5;
	if (e->nkids < 4)
		return;
	struct sym *n = acc_sym_of(ab, e->kids[2], w->c, w->block, w->inst, 0);
	struct sym *stride = strided ? acc_sym_of(ab, e->kids[3], w->c, w->block, w->inst, 0) : NULL;
	struct sym *k = acc_sym_elem(ab, n);
	if (!n || !k || (strided && !stride)) {
		async_unsupported(ab, e, "the element count");
		return;
	}
	unsigned first = ab->k->accs.len;
	for (unsigned side = 0; side < 2; side++) {
		unsigned before = ab->k->accs.len;
		emit_access(w, e->kids[side], true, side == 0 ? ACC_WRITE : ACC_READ, false, 1, NULL);
		if (ab->k->accs.len == before) {
			async_unsupported(ab, e, side == 0 ? "the destination" : "the source");
			continue;
		}
		for (unsigned i = before; i < ab->k->accs.len; i++) {
			struct acc *a = ab->k->accs.items[i];
			struct sym *step = acc_sym_const(ab, a->width);
			if (strided && a->space == AS_GLOBAL)
				step = acc_sym_bin(ab, IR_B_MUL, stride, step);
			a->async = true;
			a->index = a->index ? acc_sym_bin(ab, IR_B_ADD, a->index,
							  acc_sym_bin(ab, IR_B_MUL, k, step))
					    : NULL;
			a->range = e->range;
		}
	}
	ev_copy(ab, w->c, w->stmt, e, first, ab->k->accs.len);
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
		struct acc_ctx *cc = acc_call_ctx(ab, w->c, e, w->block, w->inst);
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
		ev->flags = (unsigned char)fence_flags(w, e);
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
		ev->flags = (unsigned char)fence_flags(w, e);
		ev->start = ++w->ab->k->nstarts;
		break;
	}
	case BI_FENCE: {
		struct acc_event *ev = new_event(w, EV_FENCE);
		if (!ev)
			return;
		ev->call = e;
		ev->flags = (unsigned char)fence_flags(w, e);
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
			if (w->ab->k->accs.len > before && e->sub == BI_ATOMIC_RMW) {
				struct acc *x = w->ab->k->accs.items[before];
				x->advances = atomic_advances(e);
				/* atomic_cmpxchg(p, cmp, val), atom_cmpxchg: old value back */
				if (e->u.name && strstr(e->u.name, "cmpxchg") && e->nkids == 3)
					x->cas = e;
				if ((x->ticket_dir = (signed char)atomic_direction(e)) != 0)
					x->ticket = e;
			}
		}
		break;
	case BI_ASYNC_COPY:
		async_copy(w, e);
		break;
	case BI_WAIT_EVENTS: {
		struct acc_event *ev = new_event(w, EV_WAIT);
		if (ev) {
			ev->call = e;
			ev_wait(w->ab, w->c, e, ev);
		}
		break;
	}
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
			a->index = acc_sym_bin(w->ab, IR_B_ADD, a->index,
					       acc_sym_bin(w->ab, IR_B_MUL, o,
							   acc_sym_const(w->ab, es * width)));
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
		if (acc_memory_lvalue(e->kids[0]))
			emit_access(w, e->kids[0], false, e->sub ? ACC_READ | ACC_WRITE : ACC_WRITE,
				    false, 0, e->sub ? NULL : e->kids[1]);
		return;
	case E_INCDEC:
		walk_lvalue(w, e->kids[0]);
		if (acc_memory_lvalue(e->kids[0]))
			emit_access(w, e->kids[0], false, ACC_READ | ACC_WRITE, false, 0, NULL);
		return;
	case E_VAR:
		if (acc_memory_lvalue(e) && (!e->type || e->type->kind != T_ARRAY))
			emit_access(w, e, false, ACC_READ, false, 0, NULL);
		return;
	case E_INDEX: case E_DEREF: case E_MEMBER: case E_SWIZZLE:
		walk_lvalue(w, e);
		if (acc_memory_lvalue(e) && (!e->type || e->type->kind != T_ARRAY))
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

struct ctx_link {
	struct acc_ctx *c;
	struct ctx_link *next;
};

struct acc_ctx *acc_call_ctx(struct abuild *ab, struct acc_ctx *parent, const struct ir_expr *call,
			     unsigned block, unsigned inst)
{
	if (!call || !call->callee)
		return NULL;
	if (!ab->ctx_hash) {
		ab->nctx_hash = 1021;
		ab->ctx_hash = MEM_ARRAY(ab->a, struct ctx_link *, ab->nctx_hash);
		if (!ab->ctx_hash)
			return NULL;
	}
	unsigned h = (unsigned)(((uintptr_t)parent * 31u + (uintptr_t)call) % ab->nctx_hash);
	for (struct ctx_link *l = ab->ctx_hash[h]; l; l = l->next)
		if (l->c->parent == parent && l->c->call == call)
			return l->c;
	struct ctx_link *l = MEM_NEW(ab->a, struct ctx_link);
	struct acc_ctx *c = l ? new_ctx(ab, call->callee, parent, call, block, inst) : NULL;
	if (!c)
		return NULL;
	l->c = c;
	l->next = ab->ctx_hash[h];
	ab->ctx_hash[h] = l;
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

/* ---------------------------------------------------------------- texts */

const char *acc_element_text(struct cls_ctx *ctx, const struct acc *a, long long byte)
{
	const struct ir_var *o = a->object;
	const struct ir_type *t = o->type;
	long long es = a->elem_size > 0 ? a->elem_size : 1;
	/* Rows whose length is an unknown macro constant: the access as written. */
	if (t && t->symbolic && t->elem && t->elem->kind == T_ARRAY)
		return ir_expr_text(ctx->arena, a->lv);
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

bool acc_block_under_divergence(const struct acc_ctx *ctx, const struct ir_block *b)
{
	const struct unif_inst *in = ctx->in;
	if (in && in->wg_ctrl[b->id])
		return true;
	for (const struct acc_ctx *c = ctx; c->parent; c = c->parent)
		if (c->parent->in && c->parent->in->wg_ctrl[c->call_block->id])
			return true;
	return false;
}

bool acc_under_divergence(const struct acc *a)
{
	return acc_block_under_divergence(a->ctx, a->block);
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
	ev_finish(ab);
	finish_edges(ab);
	for (unsigned m = 0; m < MODE_COUNT; m++)
		acc_intervals(ab, (enum acc_mode)m);
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
