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
};

/* Memo of the symbolic value of a variable at a program point. */
struct memo {
	const struct acc_ctx *ctx;
	const struct ir_var *var;
	unsigned block, inst;
	struct sym *s;
	struct memo *next;
};

struct rcache;
struct aux;

struct abuild {
	struct cls_ctx *ctx;
	struct mem_arena *a;
	struct acc_kernel *k;
	struct fn_info *fi;         /* per function (by index) */
	struct memo **memo;         /* hash buckets */
	unsigned nmemo;
	unsigned divergent_ids;     /* identities of S_DIVERGENT leaves */
	struct mem_vec edges;       /* pairs of node ids, packed as struct edge */
	struct mem_vec ctxs;        /* struct acc_ctx * */
	unsigned gen;               /* guard cache generation (conflict.c) */
	unsigned *rd_mark, *rd_stack, rd_cap, rd_stamp; /* reaching() scratch */
	struct rcache **rcache;     /* per access, on first use: touched bytes per
				     * group (conflict.c) */
	const struct acc_kernel *rcache_kernel;
	struct aux *aux;            /* per access: guard and unknowns (conflict.c) */
	const struct acc_kernel *aux_kernel;
	long long *v1, *v2;         /* scratch: values of the unknowns */
	unsigned vcap;
	long long *cand;            /* scratch of acc_conflict: candidate values */
	long long *bv;              /* scratch of bank_addresses, bvcap entries */
	unsigned bvcap;
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
/* Loops, definitions and control dependences of f, computed once. */
struct fn_info *acc_fn_info(struct abuild *ab, const struct ir_func *f);
/* The symbolic value of e evaluated at (block, inst) of context c. */
struct sym *acc_sym_of(struct abuild *ab, const struct ir_expr *e, struct acc_ctx *c,
		       unsigned block, unsigned inst, unsigned depth);
bool acc_splits(const struct acc_event *ev, enum acc_mode m);
/* Fill k->first_exit: loop headers whose body surely runs once entered. */
void acc_first_iterations(struct abuild *ab, struct acc_kernel *k);
void acc_infer_local_size(struct abuild *ab, struct acc_kernel *k);

#endif
