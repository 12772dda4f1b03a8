/*
 * access_int.h - what access.c and conflict.c share; not for rules.
 */
#ifndef CLS_ACCESS_INT_H
#define CLS_ACCESS_INT_H

#include "access.h"

/* ------------------------------------------------------- per-function info */

struct def_rec {
	const struct ir_expr *e;    /* E_ASSIGN, E_INCDEC or E_CALL writing the variable */
	unsigned block, inst;
	bool strong;                /* replaces the whole value */
};

struct cd_rec {
	unsigned branch, edge;
};

struct vd;

struct fn_info {
	bool ready;
	unsigned nloops;
	unsigned *header;           /* per loop: header block id */
	unsigned **member;          /* per loop: its blocks, ascending ids */
	unsigned *size;             /* per loop: number of members */
	int *parent;                /* per loop: enclosing loop or -1 */
	int *inner;                 /* per block: innermost loop or -1 */
	int *hloop;                 /* per block: the loop it heads or -1 */
	struct def_rec **defs;      /* per variable */
	unsigned *ndefs;
	struct cd_rec **cd;         /* per block: control dependences */
	unsigned *ncd;
	struct cd_rec **dec;        /* per block: the deciding ones (conflict.c), */
	unsigned *ndec;             /* computed on first use; ndec = UINT_MAX: not yet */
	struct vd *vd;              /* what its values depend on (valdep.c), on first use */
};

/* Memo of the symbolic value of a variable at a program point. */
struct memo {
	const struct acc_ctx *ctx;
	const struct ir_var *var;
	unsigned block, inst;
	unsigned cut;                /* 0, or 1 + the depth it was made at when a
				      * chain below it was cut (symval.c) */
	struct sym *s;
	struct memo *next;
};

struct aux;

struct abuild {
	struct cls_ctx *ctx;
	struct mem_arena *a;
	struct acc_kernel *k;
	struct fn_info *fi;         /* per function (by index) */
	struct memo **memo;         /* hash buckets */
	unsigned nmemo;
	unsigned divergent_ids;     /* identities of S_DIVERGENT leaves */
	unsigned sym_ids;           /* struct sym ids handed out */
	bool cutoff;                /* a chain was cut at MAX_SYM_DEPTH (symval.c) */
	unsigned in_index;          /* > 0 while an index is made (symval.c) */
	bool index_quiet;           /* no unsupported note for that index */
	bool placing_write;         /* the place of a write is being made */
	struct mem_vec edges;       /* pairs of node ids, packed as struct edge */
	struct mem_vec ctxs;        /* struct acc_ctx * */
	unsigned gen;               /* guard cache generation (conflict.c) */
	unsigned *rd_mark, *rd_stack, rd_cap, rd_stamp; /* reaching() scratch */
	struct aux *aux;            /* per access: guard and unknowns (guard.c) */
	const struct acc_kernel *aux_kernel;
	long long *bv;              /* scratch of bank_addresses, bvcap entries */
	unsigned bvcap;
	/* A pointer chosen at run time (c ? p : q) on the way to an access's
	 * object: place_of_pointer records the first one it meets, and takes
	 * its `choose`-th operand (1: p, 2: q; 0: none, it fails instead). */
	const struct ir_expr *choice;
	struct acc_ctx *choice_ctx;
	unsigned choice_block, choice_inst;
	unsigned char choose;
	/* the event names of the kernel being built (events.c) */
	struct {
		const struct ir_var *var;
		const struct acc_ctx *ctx;
		unsigned char parent;      /* union-find: the names of one event */
		bool travels;              /* gets a value other than a copy's event */
	} evn[EV_NAMES];
	unsigned nevn;
	/* the inlined copy of each call, by (caller's copy, call): one per
	 * call, whether the walk or a value through the call made it first */
	struct ctx_link **ctx_hash;
	unsigned nctx_hash;
};

/* Is block in loop L?  Walks the loop tree up from the block's innermost
 * loop: O(nesting depth), where a bit set per loop would cost loops x blocks. */
static inline bool loop_member(const struct fn_info *fi, int L, unsigned block)
{
	if (L < 0 || !fi->inner)
		return false;
	for (int M = fi->inner[block]; M >= 0; M = fi->parent[M])
		if (M == L)
			return true;
	return false;
}
/* Bytes of a type, 0 when unknown (a symbolic array's size is a
 * placeholder's: unknown). */
static inline long long acc_type_size(const struct ir_type *t)
{
	return t && t->size > 0 && !t->symbolic ? t->size : 0;
}

/* A __local or program-scope object (not private storage). */
static inline bool acc_shared_obj(const struct ir_var *v)
{
	return v && (v->kind == VAR_SHARED || v->kind == VAR_PROGRAM);
}

/* Is lv memory (not a private variable or a path into one)? */
static inline bool acc_memory_lvalue(const struct ir_expr *lv)
{
	if (!lv)
		return false;
	if (lv->op == E_VAR)
		return acc_shared_obj(lv->u.var);
	if (lv->op == E_INDEX || lv->op == E_DEREF || lv->op == E_MEMBER || lv->op == E_SWIZZLE)
		return !ir_private_target(lv);
	return false;
}

/* Loops, definitions and control dependences of f, computed once (flow.c). */
struct fn_info *acc_fn_info(struct abuild *ab, const struct ir_func *f);

/* Where an lvalue lives (symval.c). */
struct place {
	const struct ir_var *object;
	struct sym *offset;          /* bytes from the object's start */
	const char *field;
	long long size;              /* bytes accessed */
	const struct ir_type *elem;  /* element type of the object */
	/* subscripts of an array with symbolic lengths (ir_var.extent), by
	 * dimension: dim of them so far; dim > ACC_MAX_BOUND: not a plain
	 * path of subscripts into the array */
	unsigned dim;
	struct sym *sub[ACC_MAX_BOUND], *ext[ACC_MAX_BOUND];
	bool is_private;             /* not found: private storage (pa, &x, pa + 1) */
};
/* The place of lvalue lv (or of what pointer lv points to) at (block, inst)
 * of context c; false for private storage and what cannot be resolved
 * (out->is_private tells pointers into private storage from the latter). */
bool acc_place(struct abuild *ab, const struct ir_expr *lv, bool is_pointer, struct acc_ctx *c,
	       unsigned block, unsigned inst, struct place *out);
struct sym *acc_sym_const(struct abuild *ab, long long c);
/* The inlined copy of the function that `call` (at (block, inst) of
 * parent) calls: the one the walk made, or a new one (folded: no nodes). */
struct acc_ctx *acc_call_ctx(struct abuild *ab, struct acc_ctx *parent, const struct ir_expr *call,
			     unsigned block, unsigned inst);
/* Some element number k, 0 <= k < count, of a group's async copy (S_ELEM). */
struct sym *acc_sym_elem(struct abuild *ab, struct sym *count);
/* Fill the interval starts of every access of ab->k under mode m (interval.c). */
void acc_intervals(struct abuild *ab, enum acc_mode m);
struct sym *acc_sym_bin(struct abuild *ab, unsigned op, struct sym *x, struct sym *y);
/* The symbolic value of e evaluated at (block, inst) of context c. */
struct sym *acc_sym_of(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
		       unsigned block, unsigned inst, unsigned depth);
/* The value a write stores (a uniform value acc_sym_of does not model gets
 * an unknown of its own, the same for every work-item). */
struct sym *acc_value_sym(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
			  unsigned block, unsigned inst);
bool acc_splits(const struct acc_event *ev, enum acc_mode m);
/* Fill k->first_exit: loop headers whose body surely runs once entered (decide.c). */
void acc_first_iterations(struct abuild *ab, struct acc_kernel *k);

/* ---------------------------------------------------------------- guard.c */

/*
 * A block's guard compiled to a conjunction of branch outcomes, when every
 * block on its control-dependence chain depends on exactly one branch (the
 * common case); `simple` is false otherwise and the dependences are walked.
 */
struct guard_lit {
	struct sym *cond;               /* the branch condition; NULL: not modelled */
	const struct ir_block *br;
	unsigned edge;                  /* the successor taken towards the block */
	bool skip;                      /* uniform and unrelated to the index: assumed
					 * to hold (the enumerating analyses) */
};

struct guard {
	bool simple;
	unsigned n;
	struct guard_lit *lit;
};

/* Per access, once: its compiled guard and the unknowns of index and guard. */
struct aux {
	bool done;
	struct guard *g;
	unsigned nslots;
	unsigned *slots;                /* nslots entries, at most AUX_SLOTS */
};

#define AUX_SLOTS 64

/* The symbolic condition of block b's terminator in context c (memoized). */
struct sym *guard_cond(struct abuild *ab, struct acc_ctx *c, unsigned b);
bool acc_reentry_splits(struct abuild *ab, const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *hdr, enum acc_mode m);

/* events.c: which waits end which async copies.  ev_copy names the event
 * of the copy call whose accesses are accs[first, end), ev_wait the events
 * a wait ends; ev_finish resolves both once the kernel is built. */
void ev_copy(struct abuild *ab, struct acc_ctx *c, const struct ir_expr *stmt,
	     const struct ir_expr *call, unsigned first, unsigned end);
void ev_wait(struct abuild *ab, struct acc_ctx *c, const struct ir_expr *call,
	     struct acc_event *ev);
void ev_finish(struct abuild *ab);
/* The control dependences of block b that decide whether it runs at all
 * (not those that only decide another iteration); memoized per function. */
unsigned guard_deciding(struct abuild *ab, struct fn_info *fi, const struct ir_func *f,
			unsigned b, const struct cd_rec **out);
/* The guard of block b0 of context c0, up the call chain. */
struct guard *guard_of(struct abuild *ab, struct acc_ctx *c0, unsigned b0);
/* Does a run for the work-item of env (unknown conditions: yes)? */
bool guard_runs(struct abuild *ab, const struct acc *a, struct guard *g, const struct sym_env *env);
/* Mark the slots the guards of block b (and its callers) depend on. */
void guard_slots(struct abuild *ab, struct acc_ctx *c, unsigned b, unsigned char *used,
		 unsigned char *seen, unsigned depth);
/* Append the slots s uses to list (without repeats, at most cap). */
void sym_slots(const struct sym *s, unsigned *list, unsigned *n, unsigned cap);
/* The guard and unknowns of a, computed once per kernel. */
struct aux *acc_aux(struct abuild *ab, const struct acc_kernel *k, const struct acc *a);
/* Is access a (through its call chain) inside loop `hdr` of context lc? */
bool acc_in_loop(struct abuild *ab, const struct acc *a, const struct acc_ctx *lc,
		 const struct ir_block *hdr);
/* Which ids a value of function f may depend on (valdep.c): VD_LID(d) for
 * get_local_id(d), VD_GRP(d) for get_group_id(d); VD_ALL: unknown. */
#define VD_LID(d) (1u << (d))
#define VD_GRP(d) (8u << (d))
#define VD_ALL 0x7fu
unsigned acc_value_deps(struct abuild *ab, const struct ir_func *f, const struct ir_expr *e);
/* The inputs of value e at (block, inst) of f: the __global and __constant
 * loads it reads (at most cap; *n of them) and, returned, the ids it
 * depends on other than through their addresses (VD_ALL: unknown). */
struct vd_leaf {
	const struct ir_expr *load;  /* the lvalue read */
	unsigned block, inst;        /* its statement */
};
unsigned acc_value_inputs(struct abuild *ab, const struct ir_func *f, const struct ir_expr *e,
			  unsigned block, unsigned inst, struct vd_leaf *leaf, unsigned cap,
			  unsigned *n);

/* Must slot s take independent values for a and b (a loop-carried pair)? */
bool acc_slot_split(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s,
		    const struct acc *a, const struct acc *b, enum acc_mode m);
/* Is s the same in every work-group: constants, sizes and kernel arguments? */
bool sym_group_invariant(const struct acc_kernel *k, const struct sym *s);
/* Does s hold a value that differs per work-item in a way not modelled? */
bool sym_has_divergent_leaf(const struct sym *s);
/* Does s depend on loaded data or an unmodelled per-work-item value? */
bool sym_data_dependent(const struct sym *s);
/* Can a and b touch the same struct member or vector component? */
bool acc_fields_overlap(const struct acc *a, const struct acc *b);
/* Can `&(e)` be written in the source (accdump.c; the dumps that mark the
 * accesses runtime_check instruments)? */
bool acc_addressable(const struct ir_expr *e);
/* Iterations of the loop of IV slot s when they depend on constants and
 * sizes only; TRIP_CAP (4096) when not known. */
unsigned acc_iv_trip(struct abuild *ab, const struct acc_kernel *k, struct sym_slot *s);
void acc_linear_to_id(const unsigned lsz[3], unsigned lin, unsigned out[3]);

void acc_unsupported(struct abuild *ab, struct cls_pos pos, const char *what,
		     const char *weakened);

#endif
