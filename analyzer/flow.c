/*
 * flow.c - what each function's control flow says, once (acc_fn_info).
 *
 * The natural loops (member lists, the loop tree, each block's innermost
 * loop), the definitions of each private variable, and the control
 * dependences from the post-dominator tree: what the symbolic values
 * (symval.c), the guards (guard.c) and the intervals (interval.c) are
 * built from.  Computed on first use per function and kept.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

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
