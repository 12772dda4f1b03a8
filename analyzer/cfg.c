/*
 * cfg.c - dominators, post-dominators and natural loops (cfg_ prefix).
 *
 * Both trees use the iterative algorithm of Cooper, Harvey and Kennedy over
 * a reverse post-order.  Blocks that cannot reach the exit (a loop without
 * exit) get a virtual edge to the exit from the last such block in RPO, the
 * loop's latch, so that post-dominance inside the loop stays meaningful.
 */
#include <string.h>

#include "facts.h"

/* Intersect two fingers in a dominator tree numbered by `order`. */
static int intersect(const int *idom, const unsigned *order, int a, int b)
{
	while (a != b) {
		while (order[a] > order[b])
			a = idom[a];
		while (order[b] > order[a])
			b = idom[b];
	}
	return a;
}

/*
 * Generic CHK: nodes 0..n-1, `rpo` lists them in reverse post-order from
 * the root rpo[0]; preds(v) enumerates predecessors in the graph being
 * dominated.  idom[root] = root on return; unreachable nodes get -1.
 */
struct graph {
	const struct ir_func *f;
	bool reverse;
	const unsigned char *fake;  /* reverse graph: block has a virtual edge to the exit */
};

static unsigned npreds(const struct graph *g, const struct ir_block *b)
{
	if (!g->reverse)
		return b->npreds;
	return b->nsuccs + (g->fake && g->fake[b->id] ? 1 : 0);
}

static const struct ir_block *pred(const struct graph *g, const struct ir_block *b, unsigned i)
{
	if (!g->reverse)
		return b->preds[i];
	if (i < b->nsuccs)
		return b->succs[i];
	return g->f->exit;
}

static void chk(const struct graph *g, const unsigned *rpo, unsigned nrpo, int *idom,
		unsigned *order)
{
	unsigned n = g->f->nblocks;
	for (unsigned i = 0; i < n; i++) {
		idom[i] = -1;
		order[i] = n + 1;
	}
	for (unsigned i = 0; i < nrpo; i++)
		order[rpo[i]] = i;
	idom[rpo[0]] = (int)rpo[0];
	bool changed = true;
	while (changed) {
		changed = false;
		for (unsigned i = 1; i < nrpo; i++) {
			const struct ir_block *b = g->f->blocks[rpo[i]];
			int nd = -1;
			for (unsigned p = 0; p < npreds(g, b); p++) {
				int q = (int)pred(g, b, p)->id;
				if (idom[q] == -1)
					continue;
				nd = nd == -1 ? q : intersect(idom, order, q, nd);
			}
			if (nd != -1 && idom[b->id] != nd) {
				idom[b->id] = nd;
				changed = true;
			}
		}
	}
}

/*
 * Post-order of the reverse graph from the exit.  The exit's reverse
 * successors are its predecessors plus the blocks in fakes[] (blocks given a
 * virtual edge to the exit).
 */
struct rdfs {
	const struct ir_func *f;
	unsigned char *seen;
	unsigned *post, npost;
	unsigned *stack, *next;
	const unsigned *fakes;
	unsigned nfakes;
};

static void reverse_dfs(struct rdfs *d)
{
	const struct ir_func *f = d->f;
	unsigned sp = 0, root = f->exit->id;
	memset(d->seen, 0, f->nblocks);
	d->npost = 0;
	d->stack[sp++] = root;
	d->seen[root] = 1;
	d->next[root] = 0;
	while (sp) {
		const struct ir_block *b = f->blocks[d->stack[sp - 1]];
		unsigned limit = b->npreds + (b == f->exit ? d->nfakes : 0);
		if (d->next[b->id] < limit) {
			unsigned k = d->next[b->id]++;
			unsigned pid = k < b->npreds ? b->preds[k]->id : d->fakes[k - b->npreds];
			if (!d->seen[pid]) {
				d->seen[pid] = 1;
				d->next[pid] = 0;
				d->stack[sp++] = pid;
			}
		} else {
			d->post[d->npost++] = b->id;
			sp--;
		}
	}
}

static void postdominators(struct cls_ctx *ctx, struct ir_func *f, struct cfg_info *ci)
{
	struct mem_arena *a = ctx->arena;
	unsigned n = f->nblocks;
	unsigned *fakes = MEM_ARRAY(a, unsigned, n);
	struct rdfs d = { f, MEM_ARRAY(a, unsigned char, n), MEM_ARRAY(a, unsigned, n), 0,
			  MEM_ARRAY(a, unsigned, n), MEM_ARRAY(a, unsigned, n), fakes, 0 };
	unsigned char *fake = MEM_ARRAY(a, unsigned char, n);
	unsigned *rpo = MEM_ARRAY(a, unsigned, n);
	unsigned *order = MEM_ARRAY(a, unsigned, n);
	if (!d.seen || !d.post || !d.stack || !d.next || !fake || !rpo || !order || !fakes)
		return;

	/* Give the last block (in RPO) of each exit-less region a virtual edge to
	 * the exit, one region at a time: usually there is none. */
	for (;;) {
		reverse_dfs(&d);
		if (d.npost == n)
			break;
		unsigned i = n;
		while (i-- > 0 && d.seen[i])
			;
		fake[i] = 1;
		fakes[d.nfakes++] = i;
	}
	for (unsigned i = 0; i < d.npost; i++)
		rpo[i] = d.post[d.npost - 1 - i];
	struct graph g = { f, true, fake };
	ci->ipdom = MEM_ARRAY(a, int, n);
	if (!ci->ipdom)
		return;
	chk(&g, rpo, d.npost, ci->ipdom, order);
	ci->ipdom[f->exit->id] = -1;
}

/* Number the dominator tree in DFS order so that dominance is an interval test. */
static void dom_intervals(struct cls_ctx *ctx, struct ir_func *f, struct cfg_info *ci)
{
	struct mem_arena *a = ctx->arena;
	unsigned n = f->nblocks;
	unsigned *first = MEM_ARRAY(a, unsigned, n + 1), *nextsib = MEM_ARRAY(a, unsigned, n);
	unsigned *stack = MEM_ARRAY(a, unsigned, n);
	ci->dom_pre = MEM_ARRAY(a, unsigned, n);
	ci->dom_post = MEM_ARRAY(a, unsigned, n);
	if (!first || !nextsib || !stack || !ci->dom_pre || !ci->dom_post)
		return;
	const unsigned NONE = (unsigned)-1;
	for (unsigned i = 0; i < n; i++)
		first[i] = nextsib[i] = NONE;
	for (unsigned i = n; i-- > 1;) {
		int p = ci->idom[i];
		if (p < 0 || (unsigned)p == i)
			continue;
		nextsib[i] = first[p];
		first[p] = i;
	}
	unsigned clock = 0, sp = 0;
	/* Iterative DFS: pre on push, post when all children are done. */
	stack[sp++] = 0;
	ci->dom_pre[0] = clock++;
	unsigned *cur = MEM_ARRAY(a, unsigned, n);
	if (!cur)
		return;
	for (unsigned i = 0; i < n; i++)
		cur[i] = first[i];
	while (sp) {
		unsigned v = stack[sp - 1];
		if (cur[v] != NONE) {
			unsigned c = cur[v];
			cur[v] = nextsib[c];
			ci->dom_pre[c] = clock++;
			stack[sp++] = c;
		} else {
			ci->dom_post[v] = clock++;
			sp--;
		}
	}
}

bool cfg_dominates(const struct ir_func *f, const struct ir_block *a, const struct ir_block *b)
{
	const struct cfg_info *ci = &ff(f)->cfg;
	if (!ci->dom_pre)
		return a == b;
	return ci->dom_pre[a->id] <= ci->dom_pre[b->id] &&
	       ci->dom_post[b->id] <= ci->dom_post[a->id];
}

/* The loop around the loop headed by h (the loop of h's immediate
 * dominator, when that loop holds h), or NULL. */
const struct ir_block *cfg_outer_loop(const struct ir_func *f, const struct ir_block *h)
{
	const struct cfg_info *ci = &ff(f)->cfg;
	if (!h || !ci->idom)
		return NULL;
	int id = ci->idom[h->id];
	if (id < 0 || (unsigned)id == h->id)
		return NULL;
	const struct ir_block *up = f->blocks[id]->loop_header;
	return up && up != h && cfg_dominates(f, up, h) ? up : NULL;
}

/* Natural loops: for each back edge t->h, the blocks reaching t without h. */
static void loops(struct cls_ctx *ctx, struct ir_func *f, struct cfg_info *ci)
{
	unsigned n = f->nblocks;
	unsigned *stack = MEM_ARRAY(ctx->arena, unsigned, n);
	unsigned *mark = MEM_ARRAY(ctx->arena, unsigned, n);
	ci->is_header = MEM_ARRAY(ctx->arena, bool, n);
	if (!stack || !mark || !ci->is_header)
		return;
	/* Headers in reverse RPO: inner loops, found later, overwrite outer ones. */
	for (unsigned h = 0; h < n; h++) {
		struct ir_block *hb = f->blocks[h];
		for (unsigned p = 0; p < hb->npreds; p++) {
			struct ir_block *t = hb->preds[p];
			if (!cfg_dominates(f, hb, t))
				continue;
			ci->is_header[h] = true;
			unsigned sp = 0, stamp = h + 1;
			if (mark[t->id] != stamp) {
				mark[t->id] = stamp;
				stack[sp++] = t->id;
			}
			mark[h] = stamp;
			while (sp) {
				struct ir_block *b = f->blocks[stack[--sp]];
				for (unsigned q = 0; q < b->npreds; q++) {
					struct ir_block *pb = b->preds[q];
					if (mark[pb->id] != stamp) {
						mark[pb->id] = stamp;
						stack[sp++] = pb->id;
					}
				}
			}
			for (unsigned i = 0; i < n; i++)
				if (mark[i] == stamp && i != h)
					f->blocks[i]->loop_header = hb;
			if (!hb->loop_header || hb->loop_header == hb)
				hb->loop_header = hb;
		}
	}
	/* Depths: a header's own loop_header is itself; count by walking up
	 * through the headers' dominating headers. */
	for (unsigned i = 0; i < n; i++) {
		struct ir_block *b = f->blocks[i];
		unsigned d = 0;
		const struct ir_block *h = b->loop_header;
		while (h && d < n) {
			d++;
			h = cfg_outer_loop(f, h);
		}
		b->loop_depth = d;
	}
}

void cfg_analyze(struct cls_ctx *ctx, struct ir_func *f)
{
	struct fact_func *fx = ff(f);
	struct cfg_info *ci = &fx->cfg;
	unsigned n = f->nblocks;
	unsigned *rpo = MEM_ARRAY(ctx->arena, unsigned, n);
	unsigned *order = MEM_ARRAY(ctx->arena, unsigned, n);
	ci->idom = MEM_ARRAY(ctx->arena, int, n);
	if (!rpo || !order || !ci->idom || !n)
		return;
	/* Blocks are numbered in RPO by ir_finish_func, exit last (it has no
	 * successors, so it may be moved last without breaking the order). */
	for (unsigned i = 0; i < n; i++)
		rpo[i] = i;
	struct graph g = { f, false, NULL };
	chk(&g, rpo, n, ci->idom, order);
	ci->idom[0] = -1;
	/* The exit may be unreachable (a kernel that never returns). */
	postdominators(ctx, f, ci);
	dom_intervals(ctx, f, ci);
	loops(ctx, f, ci);
	/* A retreating edge whose target does not dominate its source enters a
	 * cycle in its middle: a goto into a loop. */
	for (unsigned i = 0; i < n; i++) {
		const struct ir_block *b = f->blocks[i];
		for (unsigned s = 0; s < b->nsuccs; s++) {
			const struct ir_block *t = b->succs[s];
			if (t->id > b->id || cfg_dominates(f, t, b) || t == f->exit)
				continue;
			struct cls_range r = b->range;
			if (!r.begin.line && b->ninsts)
				r = b->insts[b->ninsts - 1]->range;
			if (!r.begin.line)
				r = f->range;
			cls_report(ctx, &cls_rule_unsupported, r,
				   "unsupported: a goto into a loop (irreducible control flow) in '%s' is not "
				   "modelled; barrier-divergence and the race rules may miss findings here",
				   f->name);
			return;
		}
	}
}
