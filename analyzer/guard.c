/*
 * guard.c - when an access runs, and what its index depends on (guard_, acc_).
 *
 * A block runs for a work-item when the branches it is control dependent on
 * take the edges that lead to it, in its own function and up the inlined
 * call chain.  Most blocks depend on one branch at a time, and their guard
 * compiles to a conjunction of branch outcomes (struct guard); the rest are
 * evaluated by walking the dependences.  The conflict decision (decide.c)
 * turns the same guards into constraints; the enumerating analyses (bank
 * conflicts, the launch inference) evaluate them per work-item.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

#define TRIP_CAP 4096

/* ----------------------------------------------------------------- guards */

struct sym *guard_cond(struct abuild *ab, struct acc_ctx *c, unsigned b)
{
	const struct ir_func *f = c->f;
	if (!c->cond) {
		c->cond = MEM_ARRAY(ab->a, struct sym *, f->nblocks);
		c->cond_done = MEM_ARRAY(ab->a, bool, f->nblocks);
		if (!c->cond || !c->cond_done)
			return NULL;
	}
	if (!c->cond_done[b]) {
		const struct ir_block *bb = f->blocks[b];
		c->cond_done[b] = true;
		c->cond[b] = bb->cond ? acc_sym_of(ab, bb->cond, c, b, bb->ninsts, 0) : NULL;
	}
	return c->cond[b];
}

/* Does the edge e out of branch b run for this work-item?  Unknown: yes. */
static bool edge_taken(struct abuild *ab, struct acc_ctx *c, unsigned b, unsigned e,
		       const struct sym_env *env)
{
	const struct ir_block *bb = c->f->blocks[b];
	long long v;
	struct sym *s = guard_cond(ab, c, b);
	if (!s || !sym_eval(s, env, &v))
		return true;
	if (bb->term == TERM_BRANCH)
		return e == 0 ? v != 0 : v == 0;
	if (bb->term == TERM_SWITCH) {
		unsigned ncase = bb->nsuccs - 1;
		if (e < ncase)
			return bb->case_vals[e] == v;
		for (unsigned i = 0; i < ncase; i++)
			if (bb->case_vals[i] == v)
				return false;
		return true;
	}
	return true;
}

/* The CD entries of b that decide whether it runs at all: a loop header's
 * dependences on its own loop, any dependence through a back edge (the
 * latch of a do-while), and one on a branch that b dominates (b ran before
 * it: an exit tested at the top of a for (;;) body, on whose branch that
 * test's own block depends) only decide whether a further iteration runs. */
static unsigned deciding(struct fn_info *fi, const struct ir_func *f, unsigned b,
			 struct cd_rec *out, unsigned cap)
{
	bool header = ff(f)->cfg.is_header && ff(f)->cfg.is_header[b];
	int L = -1;
	if (header)
		for (unsigned i = 0; i < fi->nloops; i++)
			if (fi->header[i] == b)
				L = (int)i;
	unsigned n = 0;
	for (unsigned i = 0; fi->cd && i < fi->ncd[b]; i++) {
		if (L >= 0 && loop_member(fi, L, fi->cd[b][i].branch))
			continue;
		const struct ir_block *br = f->blocks[fi->cd[b][i].branch];
		if (cfg_dominates(f, br->succs[fi->cd[b][i].edge], br) ||
		    cfg_dominates(f, f->blocks[b], br))
			continue;
		if (n < cap)
			out[n] = fi->cd[b][i];
		n++;
	}
	return n;
}

/* deciding(), computed once per block: block_runs asks for every
 * work-item and every access. */
unsigned guard_deciding(struct abuild *ab, struct fn_info *fi, const struct ir_func *f,
			      unsigned b, const struct cd_rec **out)
{
	if (!fi->dec) {
		fi->dec = MEM_ARRAY(ab->a, struct cd_rec *, f->nblocks);
		fi->ndec = MEM_ARRAY(ab->a, unsigned, f->nblocks);
		if (!fi->dec || !fi->ndec) {
			fi->dec = NULL;
			*out = NULL;
			return 0;
		}
		for (unsigned i = 0; i < f->nblocks; i++)
			fi->ndec[i] = UINT_MAX;
	}
	if (fi->ndec[b] == UINT_MAX) {
		unsigned n = deciding(fi, f, b, NULL, 0);
		struct cd_rec *v = MEM_ARRAY(ab->a, struct cd_rec, n + 1);
		fi->ndec[b] = v ? deciding(fi, f, b, v, n) : 0;
		fi->dec[b] = v;
	}
	*out = fi->dec[b];
	return fi->ndec[b];
}

/* Does block b of context c run for the work-item of env?  `gen` tags the
 * per-work-item cache. */
static bool block_runs(struct abuild *ab, struct acc_ctx *c, unsigned b,
		       const struct sym_env *env, unsigned gen, unsigned depth)
{
	const struct ir_func *f = c->f;
	if (depth > 96)
		return true;
	if (!c->g_gen) {
		c->g_gen = MEM_ARRAY(ab->a, unsigned, f->nblocks);
		c->g_val = MEM_ARRAY(ab->a, unsigned char, f->nblocks);
		if (!c->g_gen || !c->g_val)
			return true;
	}
	if (c->g_gen[b] == gen)
		return c->g_val[b] == 1;
	c->g_gen[b] = gen;
	c->g_val[b] = 0; /* in progress: a cycle contributes nothing */
	struct fn_info *fi = acc_fn_info(ab, f);
	bool runs = false, any = false;
	const struct cd_rec *cd;
	unsigned ncd = guard_deciding(ab, fi, f, b, &cd);
	for (unsigned i = 0; i < ncd && i < 64 && !runs; i++) {
		any = true;
		runs = block_runs(ab, c, cd[i].branch, env, gen, depth + 1) &&
		       edge_taken(ab, c, cd[i].branch, cd[i].edge, env);
	}
	if (!any)
		runs = c->parent ? block_runs(ab, c->parent, c->call_block->id, env, gen, depth + 1)
				 : true;
	c->g_val[b] = runs ? 1 : 0;
	return runs;
}

void acc_linear_to_id(const unsigned lsz[3], unsigned lin, unsigned out[3])
{
	out[0] = lin % lsz[0];
	out[1] = (lin / lsz[0]) % lsz[1];
	out[2] = lin / (lsz[0] * lsz[1]);
}


static bool lit_holds(const struct guard_lit *g, const struct sym_env *env)
{
	long long v;
	if (!g->cond || !sym_eval(g->cond, env, &v))
		return true;
	if (g->br->term == TERM_BRANCH)
		return g->edge == 0 ? v != 0 : v == 0;
	unsigned ncase = g->br->nsuccs - 1;
	if (g->edge < ncase)
		return g->br->case_vals[g->edge] == v;
	for (unsigned i = 0; i < ncase; i++)
		if (g->br->case_vals[i] == v)
			return false;
	return true;
}

struct guard *guard_of(struct abuild *ab, struct acc_ctx *c0, unsigned b0)
{
	struct guard *g = MEM_NEW(ab->a, struct guard);
	if (!g)
		return NULL;
	struct guard_lit lits[64];
	unsigned n = 0;
	struct acc_ctx *c = c0;
	unsigned b = b0;
	g->simple = true;
	for (unsigned steps = 0; steps < 256; steps++) {
		struct fn_info *fi = acc_fn_info(ab, c->f);
		const struct cd_rec *cd;
		unsigned k = guard_deciding(ab, fi, c->f, b, &cd);
		if (k == 0) {
			if (!c->parent)
				break;
			b = c->call_block->id;
			c = c->parent;
			continue;
		}
		if (k > 1 || n == 64 || cd[0].branch == b) {
			g->simple = false;
			break;
		}
		lits[n].cond = guard_cond(ab, c, cd[0].branch);
		lits[n].br = c->f->blocks[cd[0].branch];
		lits[n].edge = cd[0].edge;
		lits[n].skip = false;
		n++;
		b = cd[0].branch;
	}
	g->n = n;
	g->lit = MEM_ARRAY(ab->a, struct guard_lit, n + 1);
	if (!g->lit)
		return NULL;
	memcpy(g->lit, lits, n * sizeof *lits);
	return g;
}

/* Does a's block run for the work-item of env (and its ?: or && operand)? */
bool guard_runs(struct abuild *ab, const struct acc *a, struct guard *g, const struct sym_env *env)
{
	for (unsigned i = 0; i < a->neguard; i++) {
		long long v;
		if (a->eguard[i].cond && sym_eval(a->eguard[i].cond, env, &v) &&
		    (v != 0) != a->eguard[i].when_true)
			return false;
	}
	if (g && g->simple) {
		for (unsigned i = 0; i < g->n; i++)
			if (!g->lit[i].skip && !lit_holds(&g->lit[i], env))
				return false;
		return true;
	}
	++ab->gen;
	return block_runs(ab, a->ctx, a->block->id, env, ab->gen, 0);
}

/* ---------------------------------------------------------------- slots */

void sym_slots(const struct sym *s, unsigned *list, unsigned *n, unsigned cap)
{
	if (!s)
		return;
	if (s->op == S_SLOT || s->op == S_IV) {
		bool dup = false;
		for (unsigned i = 0; i < *n && !dup; i++)
			dup = list[i] == s->slot;
		if (!dup && *n < cap)
			list[(*n)++] = s->slot;
	}
	sym_slots(s->a, list, n, cap);
	sym_slots(s->b, list, n, cap);
	sym_slots(s->x, list, n, cap);
}



struct aux *acc_aux(struct abuild *ab, const struct acc_kernel *k, const struct acc *a)
{
	if (!ab->aux || ab->aux_kernel != k) {
		ab->aux = MEM_ARRAY(ab->a, struct aux, k->accs.len + 1);
		ab->aux_kernel = k;
		if (!ab->aux)
			return NULL;
	}
	struct aux *x = &ab->aux[a->id];
	if (x->done)
		return x;
	x->done = true;
	x->g = guard_of(ab, a->ctx, a->block->id);
	unsigned gl[64], ng = 0, sl[AUX_SLOTS], nsl = 0;
	sym_slots(a->index, sl, &nsl, AUX_SLOTS);
	if (x->g && x->g->simple) {
		/* A uniform condition (no work-item id in it) that shares no unknown
		 * with the index only says whether the whole group runs the access:
		 * assume it can hold, instead of enumerating its loop variables. */
		for (unsigned i = 0; i < x->g->n; i++) {
			struct guard_lit *l = &x->g->lit[i];
			unsigned ls[64], nl = 0;
			sym_slots(l->cond, ls, &nl, 64);
			bool shared = false;
			for (unsigned j = 0; j < nl && !shared; j++)
				for (unsigned q = 0; q < nsl && !shared; q++)
					shared = ls[j] == sl[q];
			l->skip = nl && !shared && !sym_uses_lid(l->cond);
			if (!l->skip)
				sym_slots(l->cond, gl, &ng, 64);
		}
	} else {
		/* Rare: a guard with several deciding branches; walk it. */
		guard_slots(ab, a->ctx, a->block->id, NULL, NULL, 0);
		unsigned char *m = calloc(k->nslots + 1, 1);
		if (m) {
			guard_slots(ab, a->ctx, a->block->id, m, NULL, 0);
			for (unsigned s = 0; s < k->nslots && ng < 64; s++)
				if (m[s])
					gl[ng++] = s;
			free(m);
		}
	}
	for (unsigned i = 0; i < a->neguard; i++)
		sym_slots(a->eguard[i].cond, gl, &ng, 64);
	for (unsigned i = 0; i < ng; i++) {
		bool dup = false;
		for (unsigned j = 0; j < nsl && !dup; j++)
			dup = sl[j] == gl[i];
		if (!dup && nsl < AUX_SLOTS)
			sl[nsl++] = gl[i];
	}
	/* Most accesses have a few unknowns: keep exactly those. */
	x->slots = nsl ? MEM_ARRAY(ab->a, unsigned, nsl) : NULL;
	if (nsl && !x->slots)
		return NULL;
	if (nsl)
		memcpy(x->slots, sl, nsl * sizeof *sl);
	x->nslots = nsl;
	return x;
}


static void collect_slots(const struct sym *s, unsigned char *used)
{
	if (!s || !used)
		return;
	if (s->op == S_SLOT || s->op == S_IV)
		used[s->slot] = 1;
	collect_slots(s->a, used);
	collect_slots(s->b, used);
	collect_slots(s->x, used);
}

/* The slots the guards of block b (and its callers) depend on. */
void guard_slots(struct abuild *ab, struct acc_ctx *c, unsigned b, unsigned char *used,
			unsigned char *seen, unsigned depth)
{
	/* Every branch b (transitively) depends on, each visited once: the
	 * dependence graph can have many paths to one branch (nested loops
	 * with early returns), so a plain recursion is exponential. */
	(void)seen;
	for (; c && depth < 64; depth++) {
		const struct ir_func *f = c->f;
		struct fn_info *fi = acc_fn_info(ab, f);
		unsigned char *vis = calloc(f->nblocks, 1);
		unsigned *stack = malloc((f->nblocks + 1) * sizeof *stack);
		unsigned sp = 0;
		if (!vis || !stack || !fi->cd) {
			free(vis);
			free(stack);
			return;
		}
		vis[b] = 1;
		stack[sp++] = b;
		while (sp) {
			unsigned x = stack[--sp];
			for (unsigned i = 0; i < fi->ncd[x]; i++) {
				unsigned br = fi->cd[x][i].branch;
				if (vis[br])
					continue;
				vis[br] = 1;
				collect_slots(guard_cond(ab, c, br), used);
				stack[sp++] = br;
			}
		}
		/* b's own condition when it is a branch it depends on itself */
		for (unsigned i = 0; i < fi->ncd[b]; i++)
			if (fi->cd[b][i].branch == b)
				collect_slots(guard_cond(ab, c, b), used);
		free(vis);
		free(stack);
		if (!c->parent)
			return;
		b = c->call_block->id;
		c = c->parent;
	}
}

/* Is access a (through its call chain) inside loop `hdr` of context lc? */
bool acc_in_loop(struct abuild *ab, const struct acc *a, const struct acc_ctx *lc,
			const struct ir_block *hdr)
{
	const struct acc_ctx *c = a->ctx;
	unsigned b = a->block->id;
	while (c && c != lc) {
		b = c->call_block ? c->call_block->id : 0;
		c = c->parent;
	}
	if (!c)
		return false;
	struct fn_info *fi = acc_fn_info(ab, c->f);
	return fi->hloop && loop_member(fi, fi->hloop[hdr->id], b);
}

/* Is node n (through its inlining chain) inside loop L of the kernel's own
 * context c? */
static bool node_in_loop(const struct acc_node *nd, const struct acc_ctx *c,
			 const struct fn_info *fi, int L)
{
	const struct acc_ctx *x = nd->ctx;
	unsigned b = nd->block->id;
	while (x && x != c) {
		b = x->call_block ? x->call_block->id : 0;
		x = x->parent;
	}
	return x && loop_member(fi, L, b);
}

/* Does every path that leaves the loop headed by block `hdr` of the
 * kernel's context c and comes back to its header (through an enclosing
 * loop) cross a splitter of mode m?  Then a path between two accesses of
 * the loop that is free of one stays inside it. */
bool acc_reentry_splits(struct abuild *ab, const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *hdr, enum acc_mode m)
{
	struct fn_info *fi = acc_fn_info(ab, c->f);
	int L = fi->hloop ? fi->hloop[hdr->id] : -1;
	if (L < 0 || !c->first_node)
		return false;
	unsigned h = c->first_node[hdr->id], N = k->nnodes, sp = 0;
	unsigned char *seen = calloc(N, 1);
	unsigned *stack = malloc(((size_t)N + 1) * sizeof *stack);
	bool back = !seen || !stack;
	/* the nodes outside the loop that its nodes lead to, splitter-free */
	for (unsigned n = 0; n < N && !back; n++) {
		if (!node_in_loop(&k->nodes[n], c, fi, L))
			continue;
		for (unsigned s = 0; s < k->nodes[n].nsucc; s++) {
			unsigned t = k->nodes[n].succ[s];
			if (!seen[t] && !node_in_loop(&k->nodes[t], c, fi, L)) {
				seen[t] = 1;
				stack[sp++] = t;
			}
		}
	}
	while (sp && !back) {
		const struct acc_node *nd = &k->nodes[stack[--sp]];
		bool split = false;
		for (unsigned i = 0; i < nd->nev && !split; i++)
			split = acc_splits(&k->ev[nd->first_ev + i], m);
		if (split)
			continue;
		for (unsigned s = 0; s < nd->nsucc && !back; s++) {
			unsigned t = nd->succ[s];
			back = t == h;
			if (!back && !seen[t] && !node_in_loop(&k->nodes[t], c, fi, L)) {
				seen[t] = 1;
				stack[sp++] = t;
			}
		}
	}
	free(seen);
	free(stack);
	return !back;
}

/* Must slot s take independent values for a and b (a loop-carried pair)? */
bool acc_slot_split(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s,
		       const struct acc *a, const struct acc *b, enum acc_mode m)
{
	const struct ir_block *loop = s->is_iv ? s->loop : s->def_loop;
	const struct acc_ctx *lc = s->ctx;
	if (!loop || !lc)
		return false;
	if (!acc_in_loop(ab, a, lc, loop) || !acc_in_loop(ab, b, lc, loop))
		return false;
	/* A loop in a helper folded into its call has no barrier: every
	 * iteration is in the same interval. */
	if (!lc->first_node)
		return true;
	int hdr = (int)lc->first_node[loop->id];
	return acc_reaches(k, a, b, m, hdr) || acc_reaches(k, b, a, m, hdr);
}

/* ------------------------------------------------------------ enumeration */

/* Is s the same in every work-group: built from constants, sizes and
 * kernel arguments only? */
bool sym_group_invariant(const struct acc_kernel *k, const struct sym *s)
{
	if (!s)
		return true;
	switch (s->op) {
	case S_CONST: case S_LSZ: case S_NGRP:
		return true;
	case S_SLOT:
		return k->slots[s->slot].is_param;
	case S_BIN: case S_NEG: case S_NOT: case S_LNOT: case S_COND:
		return sym_group_invariant(k, s->a) && sym_group_invariant(k, s->b) && sym_group_invariant(k, s->x);
	default:
		return false;
	}
}

/* Does s contain a value that cannot be evaluated at all? */
bool sym_has_divergent_leaf(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_DIVERGENT || s->op == S_LAST)
		return true;
	return sym_has_divergent_leaf(s->a) || sym_has_divergent_leaf(s->b) || sym_has_divergent_leaf(s->x);
}

bool sym_data_dependent(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_DIVERGENT || (s->op == S_LOAD && sym_uses_lid(s->a)))
		return true;
	return sym_data_dependent(s->a) || sym_data_dependent(s->b) || sym_data_dependent(s->x);
}


/* Components a vector swizzle touches, as a bit mask; 0 = unknown/all. */
static unsigned swizzle_mask(const char *f)
{
	unsigned m = 0;
	if (!f || !*f)
		return 0;
	if (f[0] == 's' || f[0] == 'S') {
		for (const char *p = f + 1; *p; p++) {
			int d = *p >= '0' && *p <= '9' ? *p - '0' : (*p | 32) >= 'a' && (*p | 32) <= 'f'
						    ? (*p | 32) - 'a' + 10 : -1;
			if (d < 0)
				return 0;
			m |= 1u << d;
		}
		return m;
	}
	if (!strcmp(f, "lo") || !strcmp(f, "hi") || !strcmp(f, "odd") || !strcmp(f, "even"))
		return 0;
	for (const char *p = f; *p; p++) {
		const char *xyzw = "xyzw", *rgba = "rgba", *q;
		if ((q = strchr(xyzw, *p)))
			m |= 1u << (q - xyzw);
		else if ((q = strchr(rgba, *p)))
			m |= 1u << (q - rgba);
		else
			return 0;
	}
	return m;
}

bool acc_fields_overlap(const struct acc *a, const struct acc *b)
{
	if (!a->field || !b->field)
		return true;
	unsigned ma = swizzle_mask(a->field), mb = swizzle_mask(b->field);
	if (ma && mb)
		return (ma & mb) != 0;
	return !strcmp(a->field, b->field);
}

/*
 * How many iterations loop `s` (an induction variable's slot) runs, from its
 * header condition evaluated for work-item 0 at the kernel's witness sizes;
 * TRIP_CAP when the bound depends on anything else.
 */
static unsigned iv_trip_eval(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s);

unsigned acc_iv_trip(struct abuild *ab, const struct acc_kernel *k, struct sym_slot *s)
{
	if (!s->trip)
		s->trip = iv_trip_eval(ab, k, s) + 1;
	return s->trip - 1;
}

static unsigned iv_trip_eval(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s)
{
	struct acc_ctx *c = (struct acc_ctx *)s->ctx;
	if (!s->loop || !c)
		return TRIP_CAP;
	struct sym *cond = guard_cond(ab, c, s->loop->id);
	if (!cond || s->loop->term != TERM_BRANCH)
		return TRIP_CAP;
	unsigned slot = s->iv ? s->iv->slot : 0, used[16], nused = 0;
	/* Only a bound made of constants and sizes is counted here: a kernel
	 * argument's value is not known. */
	sym_slots(cond, used, &nused, 16);
	for (unsigned i = 0; i < nused; i++)
		if (used[i] != slot)
			return TRIP_CAP;
	long long *val = calloc(k->nslots + 1, sizeof *val);
	if (!val)
		return TRIP_CAP;
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
	memcpy(env.ngrp, k->launch.wngrp, sizeof env.ngrp);
	memcpy(env.lsz, k->launch.wlsz, sizeof env.lsz);
	/* The body is the true edge when it is the first successor inside the loop. */
	unsigned trip = 0;
	for (; trip < TRIP_CAP; trip++) {
		long long v;
		val[slot] = trip;
		if (!sym_eval(cond, &env, &v)) {
			trip = TRIP_CAP;
			break;
		}
		if (!v)
			break;
	}
	free(val);
	return trip;
}
