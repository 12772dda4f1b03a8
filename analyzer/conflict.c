/*
 * conflict.c - can two accesses touch the same element? (acc_ prefix)
 *
 * The check enumerates concrete work-items of a work-group (the launch's
 * local size, a kernel's reqd_work_group_size, or a documented default) and
 * a small set of values for each uniform unknown, evaluates both accesses'
 * guards and indices, and looks for two different work-items that reach the
 * same bytes.  Loop induction variables take one value for both accesses
 * when the two can only meet within one iteration, and independent values
 * when the interval wraps around the loop's back edge (a loop-carried pair).
 * Kernel arguments are assumed to be at least the work-group size (they
 * are nearly always sizes), which keeps correct tiled code quiet.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

#define MAX_COMBOS 256
#define IV_K 64          /* iterations tried when the pair shares an iteration */
#define IV_K_SPLIT 12    /* per side, for a loop-carried pair */
#define TRIP_CAP 4096
#define MAX_DIMS 60      /* unknowns (and their loop-carried copies) per conflict search */

/* ----------------------------------------------------------------- guards */

static struct sym *cond_of(struct abuild *ab, struct acc_ctx *c, unsigned b)
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
	struct sym *s = cond_of(ab, c, b);
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
 * dependences on its own loop, and any dependence through a back edge (the
 * latch of a do-while), only decide whether a further iteration runs. */
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
		if (cfg_dominates(f, br->succs[fi->cd[b][i].edge], br))
			continue;
		if (n < cap)
			out[n] = fi->cd[b][i];
		n++;
	}
	return n;
}

/* deciding(), computed once per block: block_runs asks for every
 * work-item and every access. */
static unsigned deciding_memo(struct abuild *ab, struct fn_info *fi, const struct ir_func *f,
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
	unsigned ncd = deciding_memo(ab, fi, f, b, &cd);
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

static void linear_to_id(const unsigned lsz[3], unsigned lin, unsigned out[3])
{
	out[0] = lin % lsz[0];
	out[1] = (lin / lsz[0]) % lsz[1];
	out[2] = lin / (lsz[0] * lsz[1]);
}

/*
 * A block's guard compiled to a conjunction of branch outcomes, when every
 * block on its control-dependence chain depends on exactly one branch (the
 * common case); `simple` is false otherwise and block_runs is used.
 */
struct guard_lit {
	struct sym *cond;
	const struct ir_block *br;
	unsigned edge;
	bool skip;      /* uniform and unrelated to the index: assumed to hold */
};

struct guard {
	bool simple;
	unsigned n;
	struct guard_lit *lit;
};

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

static struct guard *guard_of(struct abuild *ab, struct acc_ctx *c0, unsigned b0)
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
		unsigned k = deciding_memo(ab, fi, c->f, b, &cd);
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
		lits[n].cond = cond_of(ab, c, cd[0].branch);
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
static bool runs(struct abuild *ab, const struct acc *a, struct guard *g, const struct sym_env *env)
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

/*
 * The byte range an access touches over the work-items of one group when
 * it depends on no unknown, cached per access and group: disjoint ranges
 * reject most pairs (out[g*100 + 1] against out[g*100 + 2]) without
 * enumerating them.
 */
#define RCACHE_KEYS 25   /* group 0, then groups 1..8 along each dimension */

struct rcache {
	bool done, valid, empty;
	long long lo, hi;
};

/* Cache slot of a group with at most one non-zero coordinate (<= 8). */
static int group_key(const unsigned g[3])
{
	if (!g[0] && !g[1] && !g[2])
		return 0;
	for (int d = 0; d < 3; d++)
		if (g[d] >= 1 && g[d] <= 8 && g[(d + 1) % 3] == 0 && g[(d + 2) % 3] == 0)
			return 1 + d * 8 + (int)g[d] - 1;
	return -1;
}

static struct rcache *byte_range(struct abuild *ab, const struct acc_kernel *k, const struct acc *a,
				 struct guard *ga, const unsigned g[3])
{
	int key = group_key(g);
	if (key < 0)
		return NULL;
	if (!ab->rcache || ab->rcache_kernel != k) {
		ab->rcache = MEM_ARRAY(ab->a, struct rcache *, (size_t)k->accs.len + 1);
		ab->rcache_kernel = k;
		if (!ab->rcache)
			return NULL;
	}
	/* Most accesses never get here (only global ones paired across groups). */
	if (!ab->rcache[a->id]) {
		ab->rcache[a->id] = MEM_ARRAY(ab->a, struct rcache, RCACHE_KEYS);
		if (!ab->rcache[a->id])
			return NULL;
	}
	struct rcache *r = &ab->rcache[a->id][key];
	if (r->done)
		return r->valid ? r : NULL;
	r->done = true;
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, NULL, false, 0 };
	long long none = 0;
	env.val = &none;
	memcpy(env.lsz, k->lsz, sizeof env.lsz);
	memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
	memcpy(env.grp, g, sizeof env.grp);
	unsigned nt = k->lsz[0] * k->lsz[1] * k->lsz[2];
	r->empty = true;
	for (unsigned t = 0; t < nt; t++) {
		long long off;
		linear_to_id(k->lsz, t, env.lid);
		if (!runs(ab, a, ga, &env))
			continue;
		if (!sym_eval(a->index, &env, &off))
			return NULL;
		if (r->empty || off < r->lo)
			r->lo = off;
		if (r->empty || off + a->width > r->hi)
			r->hi = off + a->width;
		r->empty = false;
	}
	r->valid = true;
	return r;
}

/* ---------------------------------------------------------------- slots */

static void slot_list(const struct sym *s, unsigned *list, unsigned *n, unsigned cap)
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
	slot_list(s->a, list, n, cap);
	slot_list(s->b, list, n, cap);
	slot_list(s->x, list, n, cap);
}

static void guard_slots(struct abuild *ab, struct acc_ctx *c, unsigned b, unsigned char *used,
			unsigned char *seen, unsigned depth);

/* Per access, once: its compiled guard and the unknowns of index and guard. */
struct aux {
	bool done;
	struct guard *g;
	unsigned nslots;
	unsigned *slots;        /* nslots entries, at most AUX_SLOTS */
};

#define AUX_SLOTS 64

static struct aux *aux_of(struct abuild *ab, const struct acc_kernel *k, const struct acc *a)
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
	slot_list(a->index, sl, &nsl, AUX_SLOTS);
	if (x->g && x->g->simple) {
		/* A uniform condition (no work-item id in it) that shares no unknown
		 * with the index only says whether the whole group runs the access:
		 * assume it can hold, instead of enumerating its loop variables. */
		for (unsigned i = 0; i < x->g->n; i++) {
			struct guard_lit *l = &x->g->lit[i];
			unsigned ls[64], nl = 0;
			slot_list(l->cond, ls, &nl, 64);
			bool shared = false;
			for (unsigned j = 0; j < nl && !shared; j++)
				for (unsigned q = 0; q < nsl && !shared; q++)
					shared = ls[j] == sl[q];
			l->skip = nl && !shared && !sym_uses_lid(l->cond);
			if (!l->skip)
				slot_list(l->cond, gl, &ng, 64);
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
		slot_list(a->eguard[i].cond, gl, &ng, 64);
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
static void guard_slots(struct abuild *ab, struct acc_ctx *c, unsigned b, unsigned char *used,
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
				collect_slots(cond_of(ab, c, br), used);
				stack[sp++] = br;
			}
		}
		/* b's own condition when it is a branch it depends on itself */
		for (unsigned i = 0; i < fi->ncd[b]; i++)
			if (fi->cd[b][i].branch == b)
				collect_slots(cond_of(ab, c, b), used);
		free(vis);
		free(stack);
		if (!c->parent)
			return;
		b = c->call_block->id;
		c = c->parent;
	}
}

/* Is access a (through its call chain) inside loop `hdr` of context lc? */
static bool acc_in_loop(struct abuild *ab, const struct acc *a, const struct acc_ctx *lc,
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

/* Must slot s take independent values for a and b (a loop-carried pair)? */
static bool slot_split(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s,
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
static bool group_invariant(const struct acc_kernel *k, const struct sym *s)
{
	if (!s)
		return true;
	switch (s->op) {
	case S_CONST: case S_LSZ: case S_NGRP:
		return true;
	case S_SLOT:
		return k->slots[s->slot].is_param;
	case S_BIN: case S_NEG: case S_NOT: case S_LNOT: case S_COND:
		return group_invariant(k, s->a) && group_invariant(k, s->b) && group_invariant(k, s->x);
	default:
		return false;
	}
}

/* Does s contain a value that cannot be evaluated at all? */
static bool has_unknown(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_DIVERGENT)
		return true;
	return has_unknown(s->a) || has_unknown(s->b) || has_unknown(s->x);
}

static bool has_divergent(const struct sym *s)
{
	if (!s)
		return false;
	if (s->op == S_DIVERGENT || (s->op == S_LOAD && sym_uses_lid(s->a)))
		return true;
	return has_divergent(s->a) || has_divergent(s->b) || has_divergent(s->x);
}

struct hit {
	long long unit;
	int t[2];               /* linear work-item ids, -1 = none */
	bool used;
};

struct table {
	struct hit *v;
	unsigned cap;
};

static struct hit *find(struct table *t, long long unit, bool insert)
{
	unsigned h = (unsigned)((unsigned long long)unit * 0x9e3779b97f4a7c15ULL >> 40) & (t->cap - 1);
	while (t->v[h].used) {
		if (t->v[h].unit == unit)
			return &t->v[h];
		h = (h + 1) & (t->cap - 1);
	}
	if (!insert)
		return NULL;
	t->v[h].used = true;
	t->v[h].unit = unit;
	t->v[h].t[0] = t->v[h].t[1] = -1;
	return &t->v[h];
}


static long long gcd(long long x, long long y)
{
	while (y) {
		long long t = x % y;
		x = y;
		y = t;
	}
	return x < 0 ? -x : x;
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

static bool fields_overlap(const struct acc *a, const struct acc *b)
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
 * header condition evaluated for work-item 0 with the other unknowns at
 * their first candidate; TRIP_CAP when the bound is unknown.
 */
static unsigned iv_trip_eval(struct abuild *ab, const struct acc_kernel *k, const struct sym_slot *s);

static unsigned iv_trip(struct abuild *ab, const struct acc_kernel *k, struct sym_slot *s)
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
	struct sym *cond = cond_of(ab, c, s->loop->id);
	if (!cond || s->loop->term != TERM_BRANCH)
		return TRIP_CAP;
	long long *val = calloc(k->nslots + 1, sizeof *val);
	if (!val)
		return TRIP_CAP;
	for (unsigned i = 0; i < k->nslots; i++)
		val[i] = k->slots[i].is_iv ? 0 : 65536;
	unsigned slot = s->iv ? s->iv->slot : 0;
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
	memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
	memcpy(env.lsz, k->lsz, sizeof env.lsz);
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

/* "n = 65536, base = 65536 and 1073807360": the values given to the unknowns
 * that are not loop counters (those show in the witness's element), or NULL. */
static const char *assumed_values(struct cls_ctx *ctx, const struct acc_kernel *k,
				  const struct acc *a, const struct acc *b, unsigned nd,
				  const unsigned *which, const bool *twin, const long long *v1,
				  const long long *v2)
{
	char buf[256] = "";
	size_t len = 0;
	unsigned shown = 0;
	for (unsigned d = 0; d < nd && shown < 4 && len < sizeof buf; d++) {
		const struct sym_slot *sl = &k->slots[which[d]];
		if (sl->is_iv || twin[d] || !sl->name ||
		    (!sym_uses_slot(a->index, which[d]) && !sym_uses_slot(b->index, which[d])))
			continue;   /* only what the element itself depends on */
		bool dup = false;
		for (unsigned e = 0; e < d && !dup; e++)
			dup = !twin[e] && k->slots[which[e]].name &&
			      !strcmp(k->slots[which[e]].name, sl->name) &&
			      (sym_uses_slot(a->index, which[e]) || sym_uses_slot(b->index, which[e]));
		if (dup)
			continue;
		bool differ = d + 1 < nd && twin[d + 1] && which[d + 1] == which[d] &&
			      v1[which[d]] != v2[which[d]];
		int n = differ ? snprintf(buf + len, sizeof buf - len, "%s%s = %lld and %lld",
					  shown ? ", " : "", sl->name, v1[which[d]], v2[which[d]])
			       : snprintf(buf + len, sizeof buf - len, "%s%s = %lld",
					  shown ? ", " : "", sl->name, v1[which[d]]);
		if (n < 0)
			break;
		len += (size_t)n;
		shown++;
	}
	return shown ? mem_strdup(ctx->arena, buf) : NULL;
}

bool acc_conflict(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		  const struct acc *b, enum acc_mode mode, const unsigned *groups, unsigned sg_size,
		  struct acc_witness *w)
{
	bool inter_group = groups != NULL;
	struct abuild *ab = ctx->facts->acc->build;
	memset(w, 0, sizeof *w);
	if (cls_over_budget(ctx))
		return false;
	if (!ab || a->object != b->object || !a->index || !b->index || !fields_overlap(a, b))
		return false;
	ab->k = (struct acc_kernel *)k;
	struct aux *xa = aux_of(ab, k, a), *xb = aux_of(ab, k, b);
	bool found = false;
	struct table tab = { NULL, 0 };
	if (!xa || !xb)
		return false;
	struct guard *ga = xa->g, *gb = xb->g;
	unsigned ns = k->nslots;
	if (ab->vcap < ns + 1) {
		unsigned cap = ns + 64;
		ab->v1 = MEM_ARRAY(ab->a, long long, cap);
		ab->v2 = MEM_ARRAY(ab->a, long long, cap);
		ab->vcap = ab->v1 && ab->v2 ? cap : 0;
		if (!ab->vcap)
			return false;
	}
	if (!ab->cand) {
		ab->cand = MEM_ARRAY(ab->a, long long, (size_t)MAX_DIMS * (IV_K + 1));
		if (!ab->cand)
			return false;
	}
	long long *v1 = ab->v1, *v2 = ab->v2;
	/* Each unknown gets a list of candidate values; a loop-carried pair gets
	 * two independent copies of the unknowns defined in the loop. */
	unsigned nd = 0, radix[64], which[64];
	bool twin[64];
	long long *cand[64];
	unsigned L = k->lsz[0] ? k->lsz[0] : 64;
	unsigned used[128], nused = 0;
	for (unsigned i = 0; i < xa->nslots + xb->nslots; i++) {
		unsigned s = i < xa->nslots ? xa->slots[i] : xb->slots[i - xa->nslots];
		bool dup = false;
		for (unsigned j = 0; j < nused && !dup; j++)
			dup = used[j] == s;
		if (!dup && nused < 128)
			used[nused++] = s;
	}
	for (unsigned i = 0; i < nused && nd < MAX_DIMS; i++) {
		unsigned s = used[i];
		v1[s] = v2[s] = 0;
		/* Different work-groups run their loops independently, and have
		 * their own values of what is uniform only within a group. */
		bool split = inter_group ? k->slots[s].is_iv || k->slots[s].per_group
					 : slot_split(ab, k, &k->slots[s], a, b, mode);
		for (unsigned copy = 0; copy <= split && nd < MAX_DIMS; copy++) {
			long long *v = ab->cand + (size_t)nd * (IV_K + 1);
			unsigned r = 0;
			const struct sym_slot *sl = &k->slots[s];
			bool in_a = sl->is_iv && sl->loop && acc_in_loop(ab, a, sl->ctx, sl->loop);
			bool in_b = sl->is_iv && sl->loop && acc_in_loop(ab, b, sl->ctx, sl->loop);
			unsigned trip = sl->is_iv ? iv_trip(ab, k, (struct sym_slot *)sl) : 0;
			if (sl->is_iv && in_a != in_b && trip && trip < TRIP_CAP &&
			    !acc_header_reaches(k, sl->ctx, sl->loop, in_a ? a : b, mode)) {
				/* One access is in the loop after a barrier of each
				 * iteration, the other follows the loop: only the loop's
				 * last iteration meets it. */
				v[r++] = trip - 1;
			} else if (sl->is_iv) {
				unsigned want = split ? IV_K_SPLIT : IV_K;
				if (trip <= want)
					for (unsigned t = 0; t < trip; t++)
						v[r++] = t;
				else
					for (unsigned t = 0; t < want; t++)
						v[r++] = (long long)((unsigned long long)t * (trip - 1) / (want - 1));
			} else if (inter_group && sl->per_group) {
				/* A group's own base (reserved, or from a per-group
				 * table): correct code gives each group its own range,
				 * so the two groups' values are taken far apart. */
				v[r++] = 65536 + (copy ? (1LL << 30) : 0);
			} else {
				/* Kernel arguments and other uniform unknowns are nearly
				 * always sizes: at least the work-group size, and for global
				 * memory at least the global size (a row length). */
				v[r++] = 65536;
				if (a->space == AS_LOCAL && !inter_group) {
					v[r++] = L;
					v[r++] = 2 * (long long)L;
				}
			}
			if (!r)
				v[r++] = 0;
			which[nd] = s;
			twin[nd] = copy == 1;
			cand[nd] = v;
			radix[nd++] = r;
		}
	}
	/* Keep the number of combinations bounded: thin out the longest lists
	 * of loop values (evenly, keeping the first and the last). */
	for (;;) {
		unsigned long long prod = 1;
		unsigned widest = nd;
		for (unsigned d = 0; d < nd; d++) {
			prod *= radix[d];
			if (prod > MAX_COMBOS)
				prod = MAX_COMBOS + 1;
			if (k->slots[which[d]].is_iv && radix[d] > 2 &&
			    (widest == nd || radix[d] > radix[widest]))
				widest = d;
		}
		if (prod <= MAX_COMBOS || widest == nd)
			break;
		unsigned r = radix[widest], nr = (r + 1) / 2;
		for (unsigned i = 0; i < nr; i++)
			cand[widest][i] = cand[widest][nr > 1 ? (unsigned long long)i * (r - 1) / (nr - 1) : 0];
		radix[widest] = nr;
	}
	unsigned nt = k->lsz[0] * k->lsz[1] * k->lsz[2];
	/* The same data-dependent index (hist[bin]): two work-items whose values
	 * happen to be equal touch one element. */
	/* A read-modify-write whose index comes from loaded data (hist[bin]++):
	 * loads take small made-up values, the same for one place, so two
	 * work-items whose data are equal meet; a per-work-item region
	 * (sub[lid * 256 + bin]++) still keeps them apart. */
	bool rmw = a == b ? a->kind == (ACC_READ | ACC_WRITE)
			  : a->stmt && a->stmt == b->stmt && a->ctx == b->ctx &&
			    (a->kind | b->kind) == (ACC_READ | ACC_WRITE) && !b->atomic &&
			    sym_equal(a->index, b->index);  /* h[v] = h[v] + 1, written out */
	bool hashed = rmw && !a->atomic && !inter_group && has_divergent(a->index) &&
		      !has_unknown(a->index) && nt > 1;
	/* No unknowns: compare the cached byte ranges of both sides first. */
	if (nd == 0) {
		unsigned ga0[3] = { 0, 0, 0 }, gb0[3] = { 0, 0, 0 };
		if (inter_group) {
			memcpy(ga0, groups, sizeof ga0);
			memcpy(gb0, groups + 3, sizeof gb0);
		}
		struct rcache *ra = byte_range(ab, k, a, ga, ga0);
		struct rcache *rb = byte_range(ab, k, b, gb, gb0);
		if (ra && rb && (ra->empty || rb->empty || ra->hi <= rb->lo || rb->hi <= ra->lo))
			goto out;
	}
	long long g = gcd(a->width, b->width);
	if (g <= 0)
		g = 1;
	unsigned ua = (unsigned)(a->width / g), ub = (unsigned)(b->width / g);
	tab.cap = 1;
	while (tab.cap < 2 * nt * ua + 16)
		tab.cap <<= 1;
	tab.v = malloc(tab.cap * sizeof *tab.v);
	if (!tab.v)
		goto out;
	unsigned counter[64] = { 0 };
	unsigned g1[3] = { 0, 0, 0 }, g2[3] = { 0, 0, 0 };
	if (inter_group) {
		memcpy(g1, groups, sizeof g1);
		memcpy(g2, groups + 3, sizeof g2);
	}
	unsigned ngrp[3] = { k->ngrp[0], k->ngrp[1], k->ngrp[2] };
	bool benign_all = true, any_conflict = false;
	int sg_seen = -1;
	bool exec_multi_sg = false;
	for (unsigned combo = 0; combo < MAX_COMBOS; combo++) {
		/* Values for this combination. */
		for (unsigned d = 0; d < nd; d++) {
			unsigned s = which[d];
			long long val = cand[d][counter[d]];
			if (twin[d])
				v2[s] = val;
			else
				v1[s] = v2[s] = val;
		}
		struct sym_env e1 = { { 0 }, { 0 }, { 0 }, { 0 }, v1, hashed, combo };
		struct sym_env e2 = { { 0 }, { 0 }, { 0 }, { 0 }, v2, hashed, combo };
		memcpy(e1.lsz, k->lsz, sizeof e1.lsz);
		memcpy(e2.lsz, k->lsz, sizeof e2.lsz);
		memcpy(e1.ngrp, ngrp, sizeof ngrp);
		memcpy(e2.ngrp, ngrp, sizeof ngrp);
		memcpy(e1.grp, g1, sizeof g1);
		memcpy(e2.grp, g2, sizeof g2);
		memset(tab.v, 0, tab.cap * sizeof *tab.v);
		for (unsigned t = 0; t < nt; t++) {
			long long off;
			linear_to_id(k->lsz, t, e1.lid);
			if (!runs(ab, a, ga, &e1) ||
			    !sym_eval(a->index, &e1, &off) || off % g)
				continue;
			if (sg_size) {
				int sg = (int)(t / sg_size);
				exec_multi_sg |= sg_seen >= 0 && sg != sg_seen;
				sg_seen = sg;
			}
			for (unsigned u = 0; u < ua; u++) {
				struct hit *h = find(&tab, off / g + u, true);
				if (h->t[0] < 0)
					h->t[0] = (int)t;
				else if (h->t[1] < 0 && h->t[0] != (int)t)
					h->t[1] = (int)t;
			}
		}
		for (unsigned t = 0; t < nt; t++) {
			long long off;
			linear_to_id(k->lsz, t, e2.lid);
			if (!runs(ab, b, gb, &e2) ||
			    !sym_eval(b->index, &e2, &off) || off % g)
				continue;
			if (sg_size) {
				int sg = (int)(t / sg_size);
				exec_multi_sg |= sg_seen >= 0 && sg != sg_seen;
				sg_seen = sg;
			}
			for (unsigned u = 0; u < ub; u++) {
				struct hit *h = find(&tab, off / g + u, false);
				if (!h)
					continue;
				int other = h->t[0] != (int)t || inter_group ? h->t[0] : h->t[1];
				if (other < 0)
					continue;
				/* A witness. */
				unsigned t1[3];
				linear_to_id(k->lsz, (unsigned)other, t1);
				bool same_sg = sg_size && !inter_group && (unsigned)other / sg_size == t / sg_size;
				if (!found) {
					found = true;
					w->assume = assumed_values(ctx, k, a, b, nd, which, twin, v1, v2);
					w->data_dependent = hashed;
					memcpy(w->t1, t1, sizeof t1);
					memcpy(w->t2, e2.lid, sizeof w->t2);
					memcpy(w->g1, g1, sizeof g1);
					memcpy(w->g2, g2, sizeof g2);
					w->index = (off / g + u) * g;
				}
				any_conflict = true;
				if (!same_sg && !w->cross_subgroup && sg_size) {
					/* Prefer a witness across sub-groups: it needs no lockstep. */
					memcpy(w->t1, t1, sizeof t1);
					memcpy(w->t2, e2.lid, sizeof w->t2);
					w->index = (off / g + u) * g;
				}
				if (same_sg)
					w->same_subgroup = true;
				else
					w->cross_subgroup = true;
				/* Benign: both plain writes of one uniform value. */
				bool benign = false;
				if (a->kind == ACC_WRITE && b->kind == ACC_WRITE && a->value && b->value &&
				    a->value_level == U_UNIFORM && b->value_level == U_UNIFORM) {
					long long x, y;
					/* Between groups only a value that cannot depend on
					 * the group (constants, sizes, arguments) is benign. */
					benign = inter_group
						? group_invariant(k, a->value) && group_invariant(k, b->value) &&
						  sym_eval(a->value, &e1, &x) && sym_eval(b->value, &e2, &y) && x == y
						: sym_equal(a->value, b->value) ||
						  (sym_eval(a->value, &e1, &x) && sym_eval(b->value, &e2, &y) && x == y);
				}
				benign_all &= benign;
				if (!sg_size || w->cross_subgroup)
					goto done;
				break;
			}
		}
		/* Next combination (mixed radix); loaded data get a few draws. */
		unsigned d = 0;
		while (d < nd && ++counter[d] == radix[d])
			counter[d++] = 0;
		if (d == nd && (!hashed || combo >= 3))
			break;
	}
done:
	w->benign = any_conflict && benign_all;
	/* Lockstep reliance: every conflict lies within one sub-group and only
	 * one sub-group runs the two accesses. */
	w->lockstep = found && !w->cross_subgroup && !exec_multi_sg;
out:
	free(tab.v);
	return found;
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

const char *acc_workitem_text(struct cls_ctx *ctx, const struct acc_kernel *k, const unsigned t[3])
{
	if (k->dims >= 3 || k->lsz[2] > 1)
		return mem_printf(ctx->arena, "work-item (%u,%u,%u)", t[0], t[1], t[2]);
	if (k->dims == 2 || k->lsz[1] > 1)
		return mem_printf(ctx->arena, "work-item (%u,%u)", t[0], t[1]);
	return mem_printf(ctx->arena, "work-item %u", t[0]);
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

/* ---------------------------------------------------------- bank conflicts */

/* The degree of one request: the first sub-group's addresses, in phases. */
static unsigned request_degree(const struct bank_model *bm, const long long *addr,
			       const bool *active, unsigned n, long long size,
			       struct bank_result *out)
{
	/* A phase serves at most the bytes of all banks at once. */
	unsigned phase = bm->phase_bytes < bm->banks * bm->width ? bm->phase_bytes
								 : bm->banks * bm->width;
	unsigned per_phase = phase / (unsigned)(size > 0 ? size : 1);
	if (per_phase == 0)
		per_phase = 1;
	unsigned words_per = (unsigned)((size + bm->width - 1) / bm->width) + 1;
	unsigned cap = per_phase * words_per + 1;
	long long *wlist = malloc(cap * sizeof *wlist);
	unsigned *wt = malloc(cap * sizeof *wt);
	unsigned worst = 0;
	if (!wlist || !wt) {
		free(wlist);
		free(wt);
		return 0;
	}
	for (unsigned p0 = 0; p0 < n; p0 += per_phase) {
		unsigned nw = 0;
		/* Distinct words touched in this phase. */
		for (unsigned t = p0; t < n && t < p0 + per_phase; t++) {
			if (!active[t])
				continue;
			long long first = addr[t] / bm->width, last = (addr[t] + size - 1) / bm->width;
			for (long long w = first; w <= last; w++) {
				bool dup = false;
				for (unsigned i = 0; i < nw && !dup; i++)
					dup = wlist[i] == w;
				if (!dup && nw < cap) {
					wt[nw] = t;
					wlist[nw++] = w;
				}
			}
		}
		/* The most distinct words in one bank. */
		for (unsigned i = 0; i < nw; i++) {
			long long bank = ((wlist[i] % bm->banks) + bm->banks) % bm->banks;
			unsigned cnt = 0, other = i;
			for (unsigned j = 0; j < nw; j++)
				if (((wlist[j] % bm->banks) + bm->banks) % bm->banks == bank) {
					cnt++;
					if (j != i && other == i)
						other = j;
				}
			if (cnt > worst) {
				worst = cnt;
				if (out) {
					out->bank = (unsigned)bank;
					out->word1 = wlist[i];
					out->word2 = wlist[other];
					out->lin1 = wt[i];
					out->lin2 = wt[other];
				}
			}
		}
	}
	free(wlist);
	free(wt);
	return worst;
}

/* Re-map addresses as if each row of the 2-D array had `pad` more elements. */
static void pad_rows(const long long *addr, long long *out, unsigned n, long long row,
		     long long pad_bytes)
{
	for (unsigned i = 0; i < n; i++)
		out[i] = (addr[i] / row) * (row + pad_bytes) + addr[i] % row;
}

/*
 * The first sub-group's byte addresses for access a (loop variables at
 * their first value).  Other unknowns must not matter: the degree is
 * computed for three of their values and must agree.  Returns the number
 * of work-items (n), 0 when the address is not computable.
 */
static unsigned bank_addresses(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
			       const struct bank_model *bm, long long *addr, bool *active,
			       struct bank_result *out)
{
	struct abuild *ab = ctx->facts->acc->build;
	if (!ab || a->space != AS_LOCAL || !a->index || a->width <= 0)
		return 0;
	ab->k = (struct acc_kernel *)k;
	guard_slots(ab, a->ctx, a->block->id, NULL, NULL, 0);
	unsigned ns = k->nslots, nt = k->lsz[0] * k->lsz[1] * k->lsz[2];
	unsigned n = bm->subgroup < nt ? bm->subgroup : nt, result = 0;
	long long *tmp = calloc(n + 1, sizeof *tmp);
	if (!tmp)
		goto out;
	/* The values of the unknowns live in a scratch array kept across
	 * accesses; with a simple guard only the unknowns of the index and the
	 * guard are set, so a long kernel does not pay for all of its unknowns
	 * at every access. */
	if (ab->bvcap < ns + 64) {
		ab->bvcap = ns + 1024;
		ab->bv = MEM_ARRAY(ab->a, long long, ab->bvcap);
		if (!ab->bv) {
			ab->bvcap = 0;
			goto out;
		}
	}
	long long *val = ab->bv;
	unsigned list[256], nl = 0;
	slot_list(a->index, list, &nl, 256);
	for (unsigned i = 0; i < nl; i++)
		out->assumed_iv |= k->slots[list[i]].is_iv;
	static const long long tries[3] = { 0, 1, 65536 };
	unsigned degree = 0;
	struct guard *g = guard_of(ab, a->ctx, a->block->id);
	bool all = !g || !g->simple || nl >= 256;
	for (unsigned i = 0; !all && i < g->n; i++)
		if (!g->lit[i].skip)
			slot_list(g->lit[i].cond, list, &nl, 256);
	for (unsigned i = 0; !all && i < a->neguard; i++)
		slot_list(a->eguard[i].cond, list, &nl, 256);
	all |= nl >= 256 || k->nslots > ab->bvcap;
	for (unsigned tr = 0; tr < 3; tr++) {
		long long *dst = tr == 0 ? addr : tmp;
		if (all) {
			for (unsigned s = 0; s < ns && s < ab->bvcap; s++)
				val[s] = k->slots[s].is_iv ? 0 : tries[tr];
		} else {
			for (unsigned i = 0; i < nl; i++)
				val[list[i]] = k->slots[list[i]].is_iv ? 0 : tries[tr];
		}
		struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
		memcpy(env.lsz, k->lsz, sizeof env.lsz);
		memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
		unsigned nactive = 0;
		for (unsigned t = 0; t < n; t++) {
			linear_to_id(k->lsz, t, env.lid);
			bool on = runs(ab, a, g, &env);
			if (tr == 0)
				active[t] = on;
			else if (on != active[t])
				goto out;
			if (!on)
				continue;
			if (!sym_eval(a->index, &env, &dst[t]))
				goto out; /* not a function of the ids: stay silent */
			nactive++;
		}
		if (nactive < 2)
			goto out;
		unsigned d = request_degree(bm, dst, active, n, a->width, tr == 0 ? out : NULL);
		if (tr == 0)
			degree = d;
		else if (d != degree)
			goto out; /* depends on an unknown value */
	}
	out->degree = degree;
	result = n;
out:
	free(tmp);
	return result;
}

unsigned acc_bank_padded(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
			 const struct bank_model *bm, unsigned pad)
{
	unsigned n = bm->subgroup;
	long long *addr = calloc(n + 1, sizeof *addr), *p = calloc(n + 1, sizeof *p);
	bool *active = calloc(n + 1, sizeof *active);
	struct bank_result r;
	unsigned d = 0;
	memset(&r, 0, sizeof r);
	const struct ir_type *t = a->object->type;
	if (addr && p && active && t && t->kind == T_ARRAY && t->elem && t->elem->kind == T_ARRAY &&
	    t->elem->size > 0 && (n = bank_addresses(ctx, k, a, bm, addr, active, &r))) {
		long long es = a->elem_size > 0 ? a->elem_size : 4;
		pad_rows(addr, p, n, t->elem->size, (long long)pad * es);
		d = request_degree(bm, p, active, n, a->width, NULL);
	}
	free(addr);
	free(p);
	free(active);
	return d;
}

bool acc_bank(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
	      const struct bank_model *bm, struct bank_result *out)
{
	memset(out, 0, sizeof *out);
	unsigned n = bm->subgroup;
	long long *addr = calloc(n + 1, sizeof *addr), *tmp = calloc(n + 1, sizeof *tmp);
	bool *active = calloc(n + 1, sizeof *active);
	bool ok = false;
	if (!addr || !tmp || !active || !(n = bank_addresses(ctx, k, a, bm, addr, active, out)))
		goto out;
	int t0 = -1, t1 = -1;
	for (unsigned t = 0; t < n && t1 < 0; t++)
		if (active[t]) {
			if (t0 < 0)
				t0 = (int)t;
			else
				t1 = (int)t;
		}
	out->stride_words = (addr[t1] - addr[t0]) / bm->width;
	/* A 1-D array: would the BANK_OFFSET idiom (word + word / banks) help? */
	out->degree_after = out->degree;
	const struct ir_type *t = a->object->type;
	if (t && t->kind == T_ARRAY && t->elem && t->elem->kind == T_ARRAY) {
		out->pad_kind = 1; /* the rule searches row paddings over all accesses */
	} else {
		for (unsigned i = 0; i < n; i++) {
			long long w = addr[i] / bm->width;
			tmp[i] = (w + w / bm->banks) * bm->width + addr[i] % bm->width;
		}
		unsigned d = request_degree(bm, tmp, active, n, a->width, NULL);
		if (d < out->degree) {
			out->degree_after = d;
			out->pad = 1;
		}
		out->pad_kind = 2;
	}
	linear_to_id(k->lsz, out->lin1, out->t1);
	linear_to_id(k->lsz, out->lin2, out->t2);
	ok = out->degree >= 2;
out:
	free(addr);
	free(tmp);
	free(active);
	return ok;
}

bool acc_span(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
	      const unsigned *groups, long long *lo, long long *hi)
{
	struct abuild *ab = ctx->facts->acc->build;
	if (!ab || !a->index)
		return false;
	ab->k = (struct acc_kernel *)k;
	struct aux *x = aux_of(ab, k, a);
	if (!x || x->nslots)
		return false;
	bool any = false;
	/* groups == NULL: group 0 only; else groups 0..8 along each dimension
	 * that has more than one group (the groups the inter-group check uses). */
	for (unsigned d = 0; d < 3; d++) {
		unsigned g[3] = { 0, 0, 0 };
		if (groups ? k->ngrp[d] < 2 : d > 0)
			continue;
		unsigned last = groups ? (k->ngrp[d] - 1 < 8 ? k->ngrp[d] - 1 : 8) : 0;
		for (unsigned side = 0; side <= last; side++) {
			g[d] = side;
			struct rcache *r = byte_range(ab, k, a, x->g, g);
			if (!r)
				return false;
			if (r->empty)
				continue;
			if (!any || r->lo < *lo)
				*lo = r->lo;
			if (!any || r->hi > *hi)
				*hi = r->hi;
			any = true;
		}
	}
	if (!any)
		*lo = *hi = 0;
	return true;
}

bool acc_span_in(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		 const unsigned g[3], long long *lo, long long *hi)
{
	struct abuild *ab = ctx->facts->acc->build;
	if (!ab || !a->index)
		return false;
	ab->k = (struct acc_kernel *)k;
	struct aux *x = aux_of(ab, k, a);
	if (!x || x->nslots)
		return false;
	struct rcache *r = byte_range(ab, k, a, x->g, g);
	if (!r)
		return false;
	*lo = r->empty ? 0 : r->lo;
	*hi = r->empty ? 0 : r->hi;
	return true;
}

/* An access whose bounds can say something about the work-group size: to
 * an array declared in the kernel, with an index over the local ids and
 * counted loops (each counter's last iteration in top[]). */
struct bounded {
	const struct acc *a;
	struct aux *x;
	unsigned ivs[4], top[4], niv;
};

static bool bounded_access(struct abuild *ab, struct acc_kernel *k, const struct acc *a,
			   struct bounded *b)
{
	const struct ir_var *o = a->object;
	if (a->space != AS_LOCAL || !a->index || !o || o->kind != VAR_SHARED || !o->type ||
	    o->type->size <= 0 || !sym_uses_lid(a->index))
		return false;
	b->a = a;
	b->x = aux_of(ab, k, a);
	b->niv = 0;
	if (!b->x)
		return false;
	for (unsigned i = 0; i < b->x->nslots; i++) {
		struct sym_slot *sl = &k->slots[b->x->slots[i]];
		unsigned trip = sl->is_iv ? iv_trip(ab, k, sl) : 0;
		if (!sl->is_iv || b->niv == 4 || trip == 0 || trip >= TRIP_CAP)
			return false;
		b->top[b->niv] = trip - 1;
		b->ivs[b->niv++] = b->x->slots[i];
	}
	return true;
}

/* Does b's access stay inside its array for the work-item of env (every
 * loop counter at its first and at its last value)?  env->val has `cap`
 * entries; an evaluation that made new unknowns (a guard built lazily)
 * proves nothing. */
static bool stays_in(struct abuild *ab, const struct acc_kernel *k, const struct bounded *b,
		     struct sym_env *env, unsigned cap)
{
	for (unsigned m = 0; m < (1u << b->niv); m++) {
		if (k->nslots > cap)
			return true;
		for (unsigned i = 0; i < k->nslots; i++)
			env->val[i] = k->slots[i].is_iv ? 0 : 65536;
		for (unsigned i = 0; i < b->niv; i++)
			env->val[b->ivs[i]] = (m >> i) & 1 ? b->top[i] : 0;
		long long idx;
		bool on = runs(ab, b->a, b->x->g, env);
		if (k->nslots > cap)
			return true;
		if (!on || !sym_eval(b->a->index, env, &idx))
			continue;
		if (idx < 0 || idx + b->a->width > b->a->object->type->size) /* bytes */
			return false;
	}
	return true;
}

/*
 * With no local size given, a kernel is analyzed for a default work-group
 * (256, 16x16).  Kernels written for a fixed, smaller work-group often say so
 * only through their __local arrays: tile[i * 16 + lid] for i < 16 stays in a
 * 256-element array only when lid < 16.  An access outside an array is
 * undefined behaviour, so the work-group the author meant keeps every access
 * in bounds: take the largest size, up to the default, for which each
 * bounded access (above) stays inside its array for every work-item that
 * executes it.  1-D: the exact largest count; 2-D: the largest of the shapes
 * with power-of-two sides up to the default.
 */
void acc_infer_local_size(struct abuild *ab, struct acc_kernel *k)
{
	if (k->lsz_known || (k->dims != 1 && k->dims != 2) || !k->accs.len)
		goto none;
	ab->k = k;
	struct bounded *bs = calloc(k->accs.len, sizeof *bs);
	unsigned nb = 0;
	if (!bs)
		goto none;
	for (unsigned j = 0; j < k->accs.len; j++)
		if (bounded_access(ab, k, k->accs.items[j], &bs[nb])) {
			/* Build the guard's conditions now: they may add unknowns. */
			guard_slots(ab, bs[nb].a->ctx, bs[nb].a->block->id, NULL, NULL, 0);
			nb++;
		}
	unsigned cap = k->nslots + 64;
	long long *val = calloc(cap, sizeof *val);
	if (!val) {
		free(bs);
		goto none;
	}
	struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
	memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
	unsigned best[3] = { k->lsz[0], k->lsz[1], k->lsz[2] };
	const char *bound = NULL;
	if (k->dims == 1) {
		/* Work-item t needs a group of at least t + 1. */
		env.lsz[1] = env.lsz[2] = 1;
		for (unsigned j = 0; j < nb; j++)
			for (unsigned t = 0; t < best[0]; t++) {
				env.lid[0] = t;
				env.lsz[0] = t + 1;
				if (!stays_in(ab, k, &bs[j], &env, cap)) {
					best[0] = t;
					bound = bs[j].a->object->name;
				}
			}
	} else {
		/* Shapes by area, then wider first: 16x16, 16x8, 8x16, 8x8, ... */
		unsigned sides[] = { 16, 8, 4, 2, 1 };
		const char *first_bad = NULL;
		bool found = false;
		for (unsigned area = 256; area >= 2 && !found; area /= 2)
			for (unsigned xi = 0; xi < 5 && !found; xi++) {
				unsigned x = sides[xi], y = area / x;
				if (x * y != area || y > 16 || x > k->lsz[0] || y > k->lsz[1])
					continue;
				env.lsz[0] = x, env.lsz[1] = y, env.lsz[2] = 1;
				const char *bad = NULL;
				for (unsigned j = 0; j < nb && !bad; j++)
					for (unsigned t = 0; t < x * y && !bad; t++) {
						env.lid[0] = t % x, env.lid[1] = t / x;
						if (!stays_in(ab, k, &bs[j], &env, cap))
							bad = bs[j].a->object->name;
					}
				if (!bad) {
					found = true;
					best[0] = x, best[1] = y;
				} else if (!first_bad) {
					first_bad = bad;
				}
			}
		if (found && (best[0] != k->lsz[0] || best[1] != k->lsz[1]))
			bound = first_bad;
	}
	free(bs);
	free(val);
	if (bound && best[0] * best[1] >= 2) {
		const struct cls_launch *l = &ab->ctx->opt->launch;
		for (unsigned d = 0; d < k->dims; d++) {
			k->lsz[d] = best[d];
			if (l->global[d] && !l->groups[0])
				k->ngrp[d] = (l->global[d] + best[d] - 1) / best[d];
		}
		k->lsz_bound = bound;
	}
none:
	/* Trip counts were computed for the default size. */
	for (unsigned i = 0; i < k->nslots; i++)
		k->slots[i].trip = 0;
}

const char *acc_bound_note(struct cls_ctx *ctx, const struct acc_kernel *k)
{
	const char *shape = k->dims == 1 ? mem_printf(ctx->arena, "a work-group of %u work-items",
						      k->lsz[0])
					 : mem_printf(ctx->arena, "a work-group of %ux%u", k->lsz[0],
						      k->lsz[1]);
	return mem_printf(ctx->arena, "assuming %s, the largest that keeps every access to '%s' "
			  "in bounds; give --local-size for the real one", shape, k->lsz_bound);
}

/*
 * A loop entered from outside surely runs its body once when its condition
 * holds at the first iteration (induction variables at their first value)
 * for every value tried for the other unknowns and without depending on the
 * work-item.  `for (d = n >> 1; d > 0; d >>= 1)` with n = 2 * local size is
 * such a loop; for them, the path that skips the body does not exist.
 */
void acc_first_iterations(struct abuild *ab, struct acc_kernel *k)
{
	ab->k = k;
	k->first_exit = MEM_ARRAY(ab->a, int, k->nnodes + 1);
	if (!k->first_exit)
		return;
	for (unsigned n = 0; n < k->nnodes; n++)
		k->first_exit[n] = -1;
	for (unsigned ci = 0; ci < ab->ctxs.len; ci++) {
		struct acc_ctx *c = ab->ctxs.items[ci];
		if (!c->last_node || !c->first_node)
			continue;
		/* only contexts of this kernel: their nodes are ours */
		unsigned first = c->first_node[0];
		if (first >= k->nnodes || k->nodes[first].ctx != c)
			continue;
		struct fn_info *fi = acc_fn_info(ab, c->f);
		for (unsigned L = 0; L < fi->nloops; L++) {
			const struct ir_block *h = c->f->blocks[fi->header[L]];
			if (h->term != TERM_BRANCH || h->nsuccs != 2)
				continue;
			int exit = -1;
			for (unsigned s = 0; s < 2; s++)
				if (!loop_member(fi, (int)L, h->succs[s]->id))
					exit = (int)s;
			if (exit < 0 || loop_member(fi, (int)L, h->succs[!exit]->id) == 0)
				continue;
			struct sym *cond = cond_of(ab, c, h->id);
			if (!cond || sym_uses_lid(cond))
				continue;
			static const long long tries[3] = { 65536, 0, 1 };
			bool always = true;
			long long *val = calloc(k->nslots + 1, sizeof *val);
			if (!val)
				return;
			for (unsigned t = 0; t < 3 && always; t++) {
				for (unsigned s = 0; s < k->nslots; s++)
					val[s] = k->slots[s].is_iv ? 0 : tries[t] + (t ? k->lsz[0] : 0);
				struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
				memcpy(env.lsz, k->lsz, sizeof env.lsz);
				memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
				long long v;
				always = sym_eval(cond, &env, &v) && (exit == 1 ? v != 0 : v == 0);
			}
			free(val);
			unsigned node = c->last_node[h->id];
			if (always && node < k->nnodes) {
				/* the exit successor's index in the node's successor list */
				unsigned target = c->first_node[h->succs[exit]->id];
				for (unsigned s = 0; s < k->nodes[node].nsucc; s++)
					if (k->nodes[node].succ[s] == target)
						k->first_exit[node] = (int)s;
			}
		}
	}
}

bool acc_branch_uniform(struct cls_ctx *ctx, const struct ir_func *f, const struct ir_block *b)
{
	struct abuild *ab = ctx->facts->acc ? ctx->facts->acc->build : NULL;
	if (!ab || !b->cond)
		return false;
	struct acc_kernel *k = NULL;
	struct acc_ctx *root = NULL;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len && !k; i++) {
		struct acc_kernel *x = ctx->facts->acc->kernels.items[i];
		if (x->kernel == f)
			k = x;
	}
	for (unsigned i = 0; k && i < ab->ctxs.len && !root; i++) {
		struct acc_ctx *c = ab->ctxs.items[i];
		if (c->f == f && !c->parent && c->first_node && c->first_node[0] < k->nnodes &&
		    k->nodes[c->first_node[0]].ctx == c)
			root = c;
	}
	if (!k || !root)
		return false;
	ab->k = k;
	struct sym *cond = cond_of(ab, root, b->id);
	if (!cond || has_unknown(cond))
		return false;
	unsigned ns = k->nslots, nt = k->lsz[0] * k->lsz[1] * k->lsz[2];
	long long *val = calloc(ns + 1, sizeof *val);
	if (!val)
		return false;
	/* The unknowns the condition uses, each over a few values (sizes that
	 * divide the group and sizes that do not), in every combination up to
	 * a bound: the branch counts as uniform only if no combination splits
	 * the work-items. */
	unsigned used[16], nu = 0;
	slot_list(cond, used, &nu, 16);
	long long L = k->lsz[0];
	const long long pv[] = { 65536, 1, 2, 3, 7, L / 2, L - 1, L, L + 1, 2 * L };
	const long long iv[] = { 0, 1, 2, 3 };
	unsigned counter[16] = { 0 };
	bool uniform = true;
	for (unsigned combo = 0; combo < 1024 && uniform; combo++) {
		for (unsigned i = 0; i < nu; i++)
			val[used[i]] = k->slots[used[i]].is_iv ? iv[counter[i]] : pv[counter[i]];
		struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, true, combo };
		memcpy(env.lsz, k->lsz, sizeof env.lsz);
		memcpy(env.ngrp, k->ngrp, sizeof env.ngrp);
		long long first = 0, v;
		for (unsigned t = 0; t < nt && uniform; t++) {
			linear_to_id(k->lsz, t, env.lid);
			if (!sym_eval(cond, &env, &v))
				uniform = false;
			else if (t == 0)
				first = v;
			else
				uniform = v == first;
		}
		unsigned d = 0;
		while (d < nu && ++counter[d] ==
		       (k->slots[used[d]].is_iv ? sizeof iv / sizeof iv[0] : sizeof pv / sizeof pv[0]))
			counter[d++] = 0;
		if (d == nu)
			break;
	}
	free(val);
	return uniform;
}
