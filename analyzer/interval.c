/*
 * interval.c - barrier intervals and the paths between accesses (acc_).
 *
 * A forward data-flow over the inlined graph gives, for every access and
 * splitting mode (which barriers and fences end an interval), the set of
 * interval starts (kernel entry, or a barrier) that reach it without
 * crossing a splitter: two accesses whose sets meet may run concurrently
 * for different work-items.  The queries below refine that along paths:
 * does one access reach the other, in which order, across which back edge,
 * and can two work-items walking together from the interval's start part
 * on the way to them.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

/* --------------------------------------------------------------- intervals */

bool acc_splits(const struct acc_event *ev, enum acc_mode m)
{
	if (ev->kind == EV_WAIT) {
		unsigned copy = (unsigned)m >> MODE_EV_SHIFT;
		return (m & MODE_WAIT) && (!copy || !ev->waits || (copy & ev->waits));
	}
	m = (enum acc_mode)(m & (MODE_WAIT - 1));
	if (ev->kind == EV_ACCESS || m == MODE_NONE)
		return false;
	if (ev->kind == EV_FENCE)
		return m == MODE_FENCE;
	if (ev->kind == EV_SG_BARRIER)
		return m == MODE_SG_LOCAL && (ev->flags & FENCE_LOCAL);
	if (m == MODE_SG_LOCAL)
		return !ev->sg_scope && (ev->flags & FENCE_LOCAL);
	switch (m) {
	case MODE_LOCAL: return !ev->sg_scope && (ev->flags & FENCE_LOCAL);
	case MODE_GLOBAL: return !ev->sg_scope && (ev->flags & FENCE_GLOBAL);
	default: return true;
	}
}

/* A sorted set of interval starts, malloc'ed (the data-flow's scratch). */
struct uset {
	unsigned *v;
	unsigned n;
};

/* t |= src (sorted, ns entries).  1: t grew, 0: it had them all, -1: out of memory. */
static int uset_union(struct uset *t, const unsigned *src, unsigned ns)
{
	unsigned i = 0, j = 0, extra = 0;
	while (j < ns) {
		if (i < t->n && t->v[i] < src[j])
			i++;
		else if (i < t->n && t->v[i] == src[j])
			i++, j++;
		else
			extra++, j++;
	}
	if (!extra)
		return 0;
	unsigned n = t->n + extra;
	unsigned *v = malloc(n * sizeof *v);
	if (!v)
		return -1;
	unsigned k = 0;
	for (i = j = 0; i < t->n || j < ns;) {
		if (j == ns || (i < t->n && t->v[i] < src[j]))
			v[k++] = t->v[i++];
		else if (i == t->n || src[j] < t->v[i])
			v[k++] = src[j++];
		else
			v[k++] = t->v[i++], j++;
	}
	free(t->v);
	t->v = v;
	t->n = n;
	return 1;
}

/*
 * Walk node nd's events from its entry set (*cur, *ncur): a splitter of mode
 * m replaces the set by its own start.  With acc, each access adds the set in
 * force at its event to acc[its id].  On return *cur is what leaves the node;
 * false when out of memory.
 */
static bool node_events(const struct acc_kernel *k, const struct acc_node *nd, enum acc_mode m,
			const unsigned **cur, unsigned *ncur, struct uset *acc)
{
	for (unsigned i = 0; i < nd->nev; i++) {
		const struct acc_event *ev = &k->ev[nd->first_ev + i];
		if (acc_splits(ev, m)) {
			*cur = &ev->start;
			*ncur = 1;
		} else if (acc && ev->kind == EV_ACCESS &&
			   uset_union(&acc[ev->a->id], *cur, *ncur) < 0) {
			return false;
		}
	}
	return true;
}

/*
 * The interval starts reaching each access under mode m: a forward
 * data-flow over the inlined graph where a splitter replaces the set by its
 * own start.  Sets are sorted lists, not bit sets over all starts: few
 * starts reach any one point, and a kernel with thousands of barriers would
 * otherwise cost nodes x barriers in time and memory.
 */
void acc_intervals(struct abuild *ab, enum acc_mode m)
{
	struct acc_kernel *k = ab->k;
	unsigned N = k->nnodes, NA = k->accs.len;
	struct uset *in = calloc(N + 1, sizeof *in);
	struct uset *acc = calloc(NA + 1, sizeof *acc);
	unsigned *work = malloc((N + 1) * sizeof *work);
	bool *queued = calloc(N + 1, sizeof *queued);
	bool failed = false;
	if (!in || !acc || !work || !queued || !N)
		goto out;
	static const unsigned entry = 0; /* the kernel entry starts interval 0 */
	if (uset_union(&in[0], &entry, 1) < 0)
		goto out;
	unsigned head = 0, tail = 0, count = 0;
	work[tail++] = 0;
	queued[0] = true;
	count = 1;
	while (count && !failed) {
		unsigned n = work[head];
		head = (head + 1) % (N + 1);
		count--;
		queued[n] = false;
		const struct acc_node *nd = &k->nodes[n];
		const unsigned *cur = in[n].v;
		unsigned ncur = in[n].n;
		node_events(k, nd, m, &cur, &ncur, NULL);
		for (unsigned s = 0; s < nd->nsucc; s++) {
			unsigned t = nd->succ[s];
			if (t == n && cur == in[n].v)
				continue;   /* a self-loop adds nothing to its own set */
			int grew = uset_union(&in[t], cur, ncur);
			failed |= grew < 0;
			if (grew > 0 && !queued[t]) {
				queued[t] = true;
				work[tail] = t;
				tail = (tail + 1) % (N + 1);
				count++;
			}
		}
	}
	/* At the fixed point, each access gets the set in force at its event. */
	for (unsigned n = 0; n < N && !failed; n++) {
		const unsigned *cur = in[n].v;
		unsigned ncur = in[n].n;
		failed |= !node_events(k, &k->nodes[n], m, &cur, &ncur, acc);
	}
	for (unsigned i = 0; i < NA && !failed; i++) {
		struct acc *x = k->accs.items[i];
		const struct uset *u = &acc[x->id];
		x->iv[m] = MEM_ARRAY(ab->a, unsigned, u->n + 1);
		if (!x->iv[m])
			continue;
		memcpy(x->iv[m], u->v, u->n * sizeof *u->v);
		x->niv[m] = u->n;
	}
out:
	if (failed || !in || !acc || !work || !queued)
		ab->a->oom = true;
	for (unsigned i = 0; in && i <= N; i++)
		free(in[i].v);
	for (unsigned i = 0; acc && i <= NA; i++)
		free(acc[i].v);
	free(in);
	free(acc);
	free(work);
	free(queued);
}

bool acc_in_interval(const struct acc *a, enum acc_mode m, unsigned start)
{
	unsigned lo = 0, hi = m < MODE_COUNT ? a->niv[m] : 0;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (a->iv[m][mid] == start)
			return true;
		if (a->iv[m][mid] < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool acc_concurrent(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m)
{
	(void)k;
	unsigned i = 0, j = 0;
	if (m >= MODE_COUNT)
		return true;
	while (i < a->niv[m] && j < b->niv[m]) {
		if (a->iv[m][i] == b->iv[m][j])
			return true;
		if (a->iv[m][i] < b->iv[m][j])
			i++;
		else
			j++;
	}
	return false;
}

void acc_separators(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m, void (*fn)(const struct acc_event *ev, void *d), void *d)
{
	for (unsigned i = 0; i < k->nev; i++) {
		const struct acc_event *ev = &k->ev[i];
		if (ev->kind == EV_ACCESS)
			continue;
		if (acc_in_interval(a, m, ev->start) || acc_in_interval(b, m, ev->start))
			fn(ev, d);
	}
}

/* ------------------------------------------------------------ reachability */

/* Splitter events after position `seq` in node n (exclusive)? */
static bool splitter_after(const struct acc_kernel *k, unsigned n, unsigned seq, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = seq + 1; i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

static bool splitter_before(const struct acc_kernel *k, unsigned n, unsigned seq, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = 0; i < seq && i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

/*
 * Can b be reached from a without crossing a splitter?  With `via_back`,
 * the path must take a back edge into `header` (a node); without, it may
 * not take any back edge.
 */
bool acc_reaches(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode m, int header)
{
	if (a->node == b->node && b->seq > a->seq && header < 0) {
		const struct acc_node *nd = &k->nodes[a->node];
		for (unsigned i = a->seq + 1; i < b->seq; i++)
			if (acc_splits(&k->ev[nd->first_ev + i], m))
				return false;
		return true;
	}
	if (splitter_after(k, a->node, a->seq, m))
		return false;
	unsigned N = k->nnodes;
	unsigned char *seen = calloc(N, 2);
	unsigned *stack = malloc((size_t)N * 2 * sizeof *stack);
	bool found = false;
	if (!seen || !stack) {
		free(seen);
		free(stack);
		return false;
	}
	/* state: node + whether the back edge was taken (when required) */
	unsigned sp = 0;
	stack[sp++] = a->node * 2;
	while (sp && !found) {
		unsigned st = stack[--sp], n = st / 2, took = st % 2;
		const struct acc_node *nd = &k->nodes[n];
		for (unsigned s = 0; s < nd->nsucc; s++) {
			unsigned t = nd->succ[s], tk = took;
			if (nd->back[s]) {
				/* -1: no back edge; -2: any; else any, and this one once */
				if (header == -1)
					continue;
				if (header >= 0 && (int)t == header)
					tk = 1;
			}
			if (t == b->node && (header < 0 || tk) &&
			    !splitter_before(k, t, b->seq, m)) {
				found = true;
				break;
			}
			bool blocked = false;
			const struct acc_node *tn = &k->nodes[t];
			for (unsigned i = 0; i < tn->nev && !blocked; i++)
				blocked = acc_splits(&k->ev[tn->first_ev + i], m);
			if (blocked || seen[t * 2 + tk])
				continue;
			seen[t * 2 + tk] = 1;
			stack[sp++] = t * 2 + tk;
		}
	}
	free(seen);
	free(stack);
	return found;
}

bool acc_b_after_a(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		   enum acc_mode m)
{
	if (acc_reaches(k, a, b, m, -1))
		return true;
	if (acc_reaches(k, b, a, m, -1))
		return false;
	/* Only through a loop: the one reached around a back edge runs later. */
	bool ab = acc_reaches(k, a, b, m, -2), ba = acc_reaches(k, b, a, m, -2);
	if (ab != ba)
		return ab;
	/* Parallel paths: the later one in the source. */
	return a->range.begin.line < b->range.begin.line ||
	       (a->range.begin.line == b->range.begin.line && a->range.begin.col <= b->range.begin.col);
}

/* The loops around x, innermost first: (copy, header) pairs, up the call
 * chain.  Returns how many were stored (at most max). */
static unsigned loops_around(const struct acc_kernel *k, const struct acc *x,
			     const struct acc_ctx **cs, const struct ir_block **hs, unsigned max)
{
	const struct acc_ctx *c = k->nodes[x->node].ctx;
	const struct ir_block *b = k->nodes[x->node].block;
	unsigned n = 0;
	for (; c && n < max; b = c->call_block, c = c->parent)
		for (const struct ir_block *h = b ? b->loop_header : NULL; h && n < max;
		     h = cfg_outer_loop(c->f, h)) {
			cs[n] = c;
			hs[n++] = h;
		}
	return n;
}

bool acc_share_loop(const struct acc_kernel *k, const struct acc *a, const struct acc *b)
{
	enum { MAXL = 64 };
	const struct acc_ctx *ca[MAXL], *cb[MAXL];
	const struct ir_block *ha[MAXL], *hb[MAXL];
	unsigned na = loops_around(k, a, ca, ha, MAXL), nb = loops_around(k, b, cb, hb, MAXL);
	if (na == MAXL || nb == MAXL)
		return true;            /* too deep to tell: as before */
	for (unsigned i = 0; i < na; i++)
		for (unsigned j = 0; j < nb; j++)
			if (ca[i] == cb[j] && ha[i] == hb[j])
				return true;
	return false;
}

bool acc_reaches_event(const struct acc_kernel *k, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m)
{
	(void)k;
	return acc_in_interval(b, m, ev->start);
}

/* ------------------------------------------------------------- may meet */

static bool node_has_splitter(const struct acc_kernel *k, unsigned n, enum acc_mode m)
{
	const struct acc_node *nd = &k->nodes[n];
	for (unsigned i = 0; i < nd->nev; i++)
		if (acc_splits(&k->ev[nd->first_ev + i], m))
			return true;
	return false;
}

/* The level of the branch ending node n, or -1 when n ends no branch. */
static int branch_level(const struct acc_kernel *k, unsigned n)
{
	const struct acc_node *nd = &k->nodes[n];
	const struct acc_ctx *c = nd->ctx;
	if (nd->nsucc < 2 || !c->last_node || c->last_node[nd->block->id] != n)
		return -1;
	return c->in ? c->in->branch_level[nd->block->id] : U_DIVERGENT;
}

/* Is succ i of node n the exit of a loop whose body surely runs on entry? */
static bool exit_skipped(const struct acc_kernel *k, unsigned n, unsigned i, bool fresh)
{
	return fresh && k->first_exit && k->first_exit[n] == (int)i;
}

/*
 * Forward search within an interval, path-sensitive in one respect: a loop
 * header reached by a forward edge ("fresh") cannot take its exit edge when
 * the loop body surely runs at least once (k->first_exit).  mark[2n + f]
 * is set for node n reached in freshness f; a node holding a splitter is
 * reached but not crossed.
 */
static void fwd(const struct acc_kernel *k, unsigned from, unsigned seq, bool fresh,
		enum acc_mode m, unsigned char *mark, unsigned *stack)
{
	unsigned sp = 0;
	if (splitter_after(k, from, seq, m))
		return;
	const struct acc_node *nd = &k->nodes[from];
	for (unsigned i = 0; i < nd->nsucc; i++) {
		if (exit_skipped(k, from, i, fresh))
			continue;
		unsigned st = nd->succ[i] * 2 + !nd->back[i];
		if (!mark[st]) {
			mark[st] = 1;
			stack[sp++] = st;
		}
	}
	while (sp) {
		unsigned st = stack[--sp], n = st / 2;
		if (node_has_splitter(k, n, m))
			continue;
		const struct acc_node *x = &k->nodes[n];
		for (unsigned i = 0; i < x->nsucc; i++) {
			if (exit_skipped(k, n, i, st & 1))
				continue;
			unsigned t = x->succ[i] * 2 + !x->back[i];
			if (!mark[t]) {
				mark[t] = 1;
				stack[sp++] = t;
			}
		}
	}
}

/* Backward, ignoring freshness: nodes from whose start x may be reachable
 * without a splitter (a cheap superset, used to pick candidates). */
static void backward(const struct acc_kernel *k, const struct acc *x, enum acc_mode m,
		     unsigned char *mark, unsigned *stack)
{
	unsigned sp = 0;
	if (splitter_before(k, x->node, x->seq, m))
		return;
	mark[x->node] = 1;
	stack[sp++] = x->node;
	while (sp) {
		unsigned n = stack[--sp];
		for (unsigned p = 0; p < k->nodes[n].npred; p++) {
			unsigned q = k->nodes[n].pred[p];
			if (mark[q] || node_has_splitter(k, q, m))
				continue;
			mark[q] = 1;
			stack[sp++] = q;
		}
	}
}

/* Does a forward search (marks) reach access y's position? */
static bool marks_reach(const struct acc_kernel *k, const unsigned char *mark, const struct acc *y,
			enum acc_mode m)
{
	return (mark[y->node * 2] || mark[y->node * 2 + 1]) && !splitter_before(k, y->node, y->seq, m);
}

/* From x's position, is y reached without a splitter? */
static bool x_then_y(const struct acc_kernel *k, const struct acc *x, const struct acc *y,
		     enum acc_mode m, unsigned char *mark, unsigned *stack)
{
	if (x->node == y->node && y->seq > x->seq) {
		const struct acc_node *nd = &k->nodes[x->node];
		bool clean = true;
		for (unsigned i = x->seq + 1; i < y->seq && clean; i++)
			clean = !acc_splits(&k->ev[nd->first_ev + i], m);
		if (clean)
			return true;
	}
	memset(mark, 0, 2 * (size_t)k->nnodes);
	fwd(k, x->node, x->seq, false, m, mark, stack);
	return marks_reach(k, mark, y, m);
}

bool acc_may_meet(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		  enum acc_mode m)
{
	if (!acc_concurrent(k, a, b, m))
		return false;
	if (a == b || m >= MODE_COUNT)
		return true;
	unsigned N = k->nnodes;
	unsigned char *toa = calloc(N, 1), *tob = calloc(N, 1), *from = calloc(2 * (size_t)N, 1);
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool meet = true;
	if (!toa || !tob || !from || !mk || !stack)
		goto out;
	/* One after the other on a path: t1 lingers at the first while t2
	 * goes on to the second. */
	if (x_then_y(k, a, b, m, mk, stack) || x_then_y(k, b, a, m, mk, stack))
		goto out;
	meet = false;
	backward(k, a, m, toa, stack);
	backward(k, b, m, tob, stack);
	/* A common interval start from which the work-items can part at a
	 * branch: divergent, or uniform but taken again within the interval. */
	for (unsigned i = 0; i <= k->nev && !meet; i++) {
		/* i == k->nev stands for the kernel entry (interval 0). */
		bool at_entry = i == k->nev;
		const struct acc_event *ev = at_entry ? NULL : &k->ev[i];
		if (ev && ev->kind == EV_ACCESS)
			continue;
		unsigned start = at_entry ? 0 : ev->start;
		if (!acc_in_interval(a, m, start) || !acc_in_interval(b, m, start))
			continue;
		unsigned pn = 0, ps = 0;
		memset(from, 0, 2 * (size_t)N);
		if (at_entry) {
			from[1] = 1;
			if (!node_has_splitter(k, 0, m))
				fwd(k, 0, k->nodes[0].nev, true, m, from, stack);
		} else {
			for (pn = 0; pn < N; pn++)
				if (i >= k->nodes[pn].first_ev && i < k->nodes[pn].first_ev + k->nodes[pn].nev)
					break;
			ps = i - k->nodes[pn].first_ev;
			fwd(k, pn, ps, false, m, from, stack);
		}
		for (unsigned x = 0; x < N && !meet; x++) {
			const struct acc_node *nd = &k->nodes[x];
			int lvl = branch_level(k, x);
			if (lvl < 0)
				continue;
			/* Is the branch at the end of x reached, and how fresh? */
			bool here = !at_entry && x == pn;
			bool reached[2] = { from[2 * x] != 0, from[2 * x + 1] != 0 };
			if (here)
				reached[0] = !splitter_after(k, pn, ps, m);
			else if (node_has_splitter(k, x, m))
				continue;
			if (at_entry && x == 0)
				reached[1] = !node_has_splitter(k, 0, m);
			/* Candidates first: some successor leads to a, another to b. */
			bool cand = false;
			for (unsigned s1 = 0; s1 < nd->nsucc && !cand; s1++)
				for (unsigned s2 = 0; s2 < nd->nsucc && !cand; s2++)
					cand = toa[nd->succ[s1]] && tob[nd->succ[s2]] &&
					       (s1 != s2 || lvl == U_UNIFORM);
			if (!cand)
				continue;
			for (int f = 0; f < 2 && !meet; f++) {
				if (!reached[f])
					continue;
				bool splits_here = lvl > U_UNIFORM;
				if (!splits_here) {
					/* Uniform, but taken again within the interval? */
					memset(mk, 0, 2 * (size_t)N);
					fwd(k, x, nd->nev, f, m, mk, stack);
					splits_here = mk[2 * x] || mk[2 * x + 1];
				}
				if (!splits_here)
					continue;
				/* Confirm with the path-sensitive search from each side. */
				for (unsigned s1 = 0; s1 < nd->nsucc && !meet; s1++) {
					if (exit_skipped(k, x, s1, f) || !toa[nd->succ[s1]])
						continue;
					memset(mk, 0, 2 * (size_t)N);
					mk[nd->succ[s1] * 2 + !nd->back[s1]] = 1;
					fwd(k, nd->succ[s1], (unsigned)-1, !nd->back[s1], m, mk, stack);
					if (!marks_reach(k, mk, a, m) && !(a->node == nd->succ[s1] &&
					    !splitter_before(k, a->node, a->seq, m)))
						continue;
					for (unsigned s2 = 0; s2 < nd->nsucc && !meet; s2++) {
						if ((s1 == s2 && lvl != U_UNIFORM) || exit_skipped(k, x, s2, f) ||
						    !tob[nd->succ[s2]])
							continue;
						unsigned char *mb = calloc(2 * (size_t)N, 1);
						if (!mb) {
							meet = true;
							break;
						}
						mb[nd->succ[s2] * 2 + !nd->back[s2]] = 1;
						fwd(k, nd->succ[s2], (unsigned)-1, !nd->back[s2], m, mb, stack);
						meet = marks_reach(k, mb, b, m) ||
						       (b->node == nd->succ[s2] &&
							!splitter_before(k, b->node, b->seq, m));
						free(mb);
					}
				}
			}
		}
	}
out:
	free(toa);
	free(tob);
	free(from);
	free(mk);
	free(stack);
	return meet;
}

/*
 * From event position (n, seq) on (seq: the first event of node n to look
 * at), which of a and b the interval reaches, and whether only around the
 * back edge into node `header`: reach[0] bit x: x reached on a path that
 * does not take that back edge; reach[1]: on one that does (x = 1 for a,
 * 2 for b).  Other back edges are ordinary edges.
 */
static void reach_around(const struct acc_kernel *k, unsigned n, unsigned seq,
			 const struct acc *a, const struct acc *b, enum acc_mode m,
			 unsigned header, unsigned char *mark, unsigned *stack, unsigned reach[2])
{
	/* The start is a position, not a state: a path that comes back to
	 * node n sees its events before seq too. */
	unsigned sp = 1;
	stack[0] = (unsigned)-1;
	while (sp) {
		unsigned st = stack[--sp];
		bool at_start = st == (unsigned)-1;
		unsigned x = at_start ? n : st / 2, took = at_start ? 0 : st % 2;
		const struct acc_node *nd = &k->nodes[x];
		unsigned from = at_start ? seq : 0;
		/* the node's events from `from` up to its first splitter */
		unsigned end = from;
		while (end < nd->nev && !acc_splits(&k->ev[nd->first_ev + end], m))
			end++;
		if (a->node == x && a->seq >= from && a->seq < end)
			reach[took] |= 1;
		if (b->node == x && b->seq >= from && b->seq < end)
			reach[took] |= 2;
		if (end < nd->nev)
			continue;
		for (unsigned s = 0; s < nd->nsucc; s++) {
			unsigned t = nd->succ[s];
			unsigned tk = took | (nd->back[s] && t == header);
			if (!mark[t * 2 + tk]) {
				mark[t * 2 + tk] = 1;
				stack[sp++] = t * 2 + tk;
			}
		}
	}
}

/*
 * Does every pass through the loop whose header is node h cross a splitter
 * of mode m: no path from h back to h around its back edge is free of one?
 * Then two accesses that meet only in different iterations meet in two
 * neighbouring ones: a path between them without a splitter crosses the
 * back edge once.  Paths that leave the loop do not come back (the caller
 * asks about loops in no other loop).
 */
bool acc_loop_splits(const struct acc_kernel *k, unsigned h, enum acc_mode m)
{
	if (h >= k->nnodes || m >= MODE_COUNT)
		return false;
	const struct acc_node *hn = &k->nodes[h];
	for (unsigned i = 0; i < hn->nev; i++)
		if (acc_splits(&k->ev[hn->first_ev + i], m))
			return true;
	unsigned N = k->nnodes, sp = 0;
	unsigned char *seen = calloc(N, 1);
	unsigned *stack = malloc(((size_t)N + 1) * sizeof *stack);
	bool free_path = !seen || !stack;
	if (!free_path)
		stack[sp++] = h;
	while (sp && !free_path) {
		const struct acc_node *nd = &k->nodes[stack[--sp]];
		for (unsigned s = 0; s < nd->nsucc && !free_path; s++) {
			unsigned t = nd->succ[s];
			if (t == h) {
				free_path = nd->back[s];
				continue;
			}
			if (seen[t])
				continue;
			seen[t] = 1;
			bool split = false;
			for (unsigned i = 0; i < k->nodes[t].nev && !split; i++)
				split = acc_splits(&k->ev[k->nodes[t].first_ev + i], m);
			if (!split)
				stack[sp++] = t;
		}
	}
	free(seen);
	free(stack);
	return !free_path;
}

/*
 * Do a and b meet only in different iterations of the loop whose header is
 * node `header`: from every interval start they share, one of them is
 * reached without the loop's back edge and the other only around it?  (A
 * write at the top of a loop and a read after its barrier: the read of
 * iteration k meets the write of iteration k + 1, never the one of its own
 * iteration, so a loop that runs once has no such pair.)  The caller knows
 * that no path between them leaves and re-enters the loop.
 */
bool acc_apart_iterations(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
			  enum acc_mode m, unsigned header)
{
	if (a == b || m >= MODE_COUNT || header >= k->nnodes)
		return false;
	unsigned N = k->nnodes;
	unsigned char *mark = malloc(2 * (size_t)N);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool apart = mark && stack, shared = false;
	for (unsigned i = 0; i <= k->nev && apart; i++) {
		/* i == k->nev stands for the kernel entry (interval 0) */
		const struct acc_event *ev = i < k->nev ? &k->ev[i] : NULL;
		if (ev && (ev->kind == EV_ACCESS || !acc_splits(ev, m)))
			continue;
		unsigned start = ev ? ev->start : 0;
		if (!acc_in_interval(a, m, start) || !acc_in_interval(b, m, start))
			continue;
		unsigned n = 0, seq = 0;
		if (ev) {
			while (n < N && !(i >= k->nodes[n].first_ev &&
					  i < k->nodes[n].first_ev + k->nodes[n].nev))
				n++;
			if (n == N) {
				apart = false;
				break;
			}
			seq = i - k->nodes[n].first_ev + 1;
		}
		unsigned reach[2] = { 0, 0 };
		memset(mark, 0, 2 * (size_t)N);
		reach_around(k, n, seq, a, b, m, header, mark, stack, reach);
		shared = true;
		/* one without the back edge, the other only with it */
		apart = (reach[0] == 1 && (reach[1] & 2)) || (reach[0] == 2 && (reach[1] & 1));
	}
	free(mark);
	free(stack);
	return apart && shared;
}

/* Walk from loop `header` to x (from_header), or from x to the header,
 * without a splitter of mode m. */
static bool header_walk(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m,
			bool from_header)
{
	if (!c->first_node)
		return true;
	unsigned n = c->first_node[header->id], N = k->nnodes;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = true;
	if (mk && stack && from_header) {
		mk[2 * n] = 1;
		fwd(k, n, (unsigned)-1, false, m, mk, stack);
		r = (x->node == n && !splitter_before(k, n, x->seq, m)) || marks_reach(k, mk, x, m);
	} else if (mk && stack) {
		fwd(k, x->node, x->seq, false, m, mk, stack);
		r = mk[2 * n] || mk[2 * n + 1];
	}
	free(mk);
	free(stack);
	return r;
}

bool acc_header_reaches(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m)
{
	return header_walk(k, c, header, x, m, true);
}

bool acc_reaches_header(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m)
{
	return header_walk(k, c, header, x, m, false);
}

bool acc_event_follows(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       enum acc_mode m)
{
	unsigned N = k->nnodes, idx = (unsigned)(ev - k->ev), n;
	for (n = 0; n < N; n++)
		if (idx >= k->nodes[n].first_ev && idx < k->nodes[n].first_ev + k->nodes[n].nev)
			break;
	if (n == N)
		return false;
	unsigned seq = idx - k->nodes[n].first_ev;
	/* The first splitter after a in its node, if any, is the one a meets. */
	const struct acc_node *an = &k->nodes[a->node];
	for (unsigned i = a->seq + 1; i < an->nev; i++)
		if (acc_splits(&k->ev[an->first_ev + i], m))
			return a->node == n && i == seq;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = false;
	if (mk && stack) {
		fwd(k, a->node, a->seq, false, m, mk, stack);
		if (mk[2 * n] || mk[2 * n + 1]) {
			/* reached: ev must be the node's first splitter */
			const struct acc_node *x = &k->nodes[n];
			for (unsigned i = 0; i < x->nev; i++)
				if (acc_splits(&k->ev[x->first_ev + i], m)) {
					r = i == seq;
					break;
				}
		}
	}
	free(mk);
	free(stack);
	return r;
}

bool acc_event_between(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m)
{
	unsigned N = k->nnodes, idx = (unsigned)(ev - k->ev), n;
	for (n = 0; n < N; n++)
		if (idx >= k->nodes[n].first_ev && idx < k->nodes[n].first_ev + k->nodes[n].nev)
			break;
	if (n == N)
		return false;
	unsigned seq = idx - k->nodes[n].first_ev;
	unsigned char *mk = calloc(2 * (size_t)N, 1);
	unsigned *stack = malloc((2 * (size_t)N + 2) * sizeof *stack);
	bool r = false;
	if (mk && stack) {
		/* a -> ev with no splitter of mode m between */
		bool to_ev = a->node == n && a->seq < seq;
		for (unsigned i = a->seq + 1; to_ev && i < seq; i++)
			to_ev = !acc_splits(&k->ev[k->nodes[n].first_ev + i], m);
		if (!to_ev) {
			fwd(k, a->node, a->seq, false, m, mk, stack);
			to_ev = (mk[2 * n] || mk[2 * n + 1]) && !splitter_before(k, n, seq, m);
		}
		/* ev -> b likewise */
		if (to_ev) {
			bool to_b = b->node == n && b->seq > seq;
			for (unsigned i = seq + 1; to_b && i < b->seq; i++)
				to_b = !acc_splits(&k->ev[k->nodes[n].first_ev + i], m);
			if (!to_b) {
				memset(mk, 0, 2 * (size_t)N);
				fwd(k, n, seq, false, m, mk, stack);
				to_b = marks_reach(k, mk, b, m);
			}
			r = to_b;
		}
	}
	free(mk);
	free(stack);
	return r;
}
