/*
 * race.c - every conflicting pair of accesses, classified once (race_ prefix).
 *
 * For each kernel and memory space, accesses are grouped by object and by
 * interval, and each pair that may run concurrently (at least one write, not
 * both atomic) is checked for a conflict.  A conflict is then classified:
 *
 *   RACE_PLAIN     no barrier at all orders the two accesses;
 *   RACE_FLAGS     a barrier separates them, but its flags (or scope) do not
 *                  cover the memory: the barrier-fence rule reports it;
 *   RACE_FENCE     only a memory fence separates them: barrier-fence too;
 *   RACE_LOCKSTEP  the warp-synchronous idiom: every conflict found lies
 *                  within one sub-group under a guard that keeps one
 *                  sub-group active, through volatile accesses, which a
 *                  lockstep device does order: subgroup-lockstep.  Without
 *                  volatile the compiler may keep the values in registers,
 *                  and the race is plain on every device.
 *
 * The rules local-memory-race, global-memory-race, barrier-fence and
 * subgroup-lockstep read this list; nothing is computed twice.
 */
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "access_int.h"
#include "facts.h"
#include "race.h"

/* Findings per object and kernel before the search stops: past a few dozen
 * races on one array, more of them tell the user nothing new, and a racy
 * generated kernel would otherwise cost a pair check per access pair. */
#define MAX_PER_OBJECT 20

/* A set of pointer pairs (open addressing, grows; malloc'd, freed by owner). */
struct pset {
	const void **k;       /* 2 per slot */
	unsigned cap, n;
};

static unsigned phash(const void *x, const void *y)
{
	uintptr_t h = (uintptr_t)x * 0x9e3779b97f4a7c15ULL ^ ((uintptr_t)y + 0x7f4a7c15);
	return (unsigned)(h ^ (h >> 29));
}

/* Insert (x, y); returns true if it was already there. */
static bool pset_add(struct pset *s, const void *x, const void *y)
{
	if ((s->n + 1) * 2 > s->cap) {
		unsigned ncap = s->cap ? s->cap * 2 : 256;
		const void **nk = calloc((size_t)ncap * 2, sizeof *nk);
		if (!nk)
			return false;
		for (unsigned i = 0; i < s->cap; i++) {
			if (!s->k[2 * i])
				continue;
			unsigned h = phash(s->k[2 * i], s->k[2 * i + 1]) & (ncap - 1);
			while (nk[2 * h])
				h = (h + 1) & (ncap - 1);
			nk[2 * h] = s->k[2 * i];
			nk[2 * h + 1] = s->k[2 * i + 1];
		}
		free(s->k);
		s->k = nk;
		s->cap = ncap;
	}
	unsigned h = phash(x, y) & (s->cap - 1);
	while (s->k[2 * h]) {
		if (s->k[2 * h] == x && s->k[2 * h + 1] == y)
			return true;
		h = (h + 1) & (s->cap - 1);
	}
	s->k[2 * h] = x;
	s->k[2 * h + 1] = y;
	s->n++;
	return false;
}

static bool pset_has(const struct pset *s, const void *x, const void *y)
{
	if (!s->cap)
		return false;
	unsigned h = phash(x, y) & (s->cap - 1);
	while (s->k[2 * h]) {
		if (s->k[2 * h] == x && s->k[2 * h + 1] == y)
			return true;
		h = (h + 1) & (s->cap - 1);
	}
	return false;
}

/* Accesses grouped by object, in an order that does not depend on where
 * the objects happen to lie in memory (output must be the same every run). */
static int by_object(const void *pa, const void *pb)
{
	const struct acc *a = *(const struct acc *const *)pa, *b = *(const struct acc *const *)pb;
	if (a->object != b->object) {
		const struct ir_var *x = a->object, *y = b->object;
		if (x->pos.line != y->pos.line)
			return x->pos.line < y->pos.line ? -1 : 1;
		if (x->pos.col != y->pos.col)
			return x->pos.col < y->pos.col ? -1 : 1;
		int c = strcmp(x->name ? x->name : "", y->name ? y->name : "");
		if (c)
			return c;
		if (x->kind != y->kind)
			return x->kind < y->kind ? -1 : 1;
		return x->id < y->id ? -1 : x->id > y->id;
	}
	return a->id < b->id ? -1 : a->id > b->id;
}

/* Record the race (a, b) with witness w; returns the finding it made or
 * replaced, NULL when one for the same statement and object stands. */
static struct race *add(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			const struct acc *a, const struct acc *b, const struct acc_witness *w,
			enum race_kind kind)
{
	/* One finding per racy statement and object; a barrier-fence finding is
	 * about the barrier between a particular pair, so it is kept per pair. */
	enum acc_mode m0 = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	const struct acc *second = acc_b_after_a(k, a, b, m0) ? b : a;
	const struct acc *first = second == b ? a : b;
	struct pset *seen = rl->seconds;
	bool per_pair = kind == RACE_FLAGS || kind == RACE_FENCE;
	const void *key1 = per_pair ? (const void *)first->stmt : second->stmt;
	const void *key2 = per_pair ? (const void *)second->stmt : a->object;
	struct race *r = NULL;
	if (seen && pset_add(per_pair ? (struct pset *)rl->pairs : seen, key1, key2)) {
		/* Reported already; but a race that needs no particular values
		 * says more than one that does (a statement that races with its
		 * neighbour's element whatever the sizes, and also with another
		 * part of the buffer when the host's sizes disagree): it takes
		 * the finding's place. */
		if (w->condition)
			return NULL;
		for (unsigned i = rl->races.len; i-- > 0 && !r;) {
			struct race *o = rl->races.items[i];
			if (o->k == k && o->kind == kind && o->w.condition &&
			    (per_pair ? o->first->stmt == key1 && o->second->stmt == key2
				      : o->second->stmt == key1 && o->second->object == key2))
				r = o;
		}
		if (!r)
			return NULL;
	} else {
		r = MEM_NEW(ctx->arena, struct race);
		if (!r)
			return NULL;
		mem_vec_push(ctx->arena, &rl->races, r);
	}
	r->k = k;
	/* first and second in execution order on the connecting path */
	r->first = first;
	r->second = second;
	memcpy(r->t_first, first == a ? w->t1 : w->t2, sizeof r->t_first);
	memcpy(r->t_second, first == a ? w->t2 : w->t1, sizeof r->t_second);
	/* one pass: no loop holds both, or the second follows the first
	 * without a back edge (across a barrier too: a barrier only some
	 * work-items reach orders nothing) */
	r->same_iteration = first == second || !acc_share_loop(k, first, second) ||
			    acc_reaches(k, first, second, m0, -1) ||
			    acc_reaches(k, first, second, MODE_NONE, -1);
	r->w = *w;
	r->kind = kind;
	return r;
}

/* Is (a, b) the writer and the read of a spin-wait?  Those are reported as
 * spin-waits, not as races.  Nor is the read a compare-and-swap validates. */
static bool is_spin_pair(struct cls_ctx *ctx, const struct acc *a, const struct acc *b)
{
	const struct spin_list *sl = spin_find(ctx);
	if (spin_cas_read(a, b) || spin_cas_read(b, a))
		return true;
	for (unsigned i = 0; sl && i < sl->spins.len; i++) {
		const struct spin *s = sl->spins.items[i];
		if ((s->read == a && s->writer == b) || (s->read == b && s->writer == a) ||
		    (s->read == a && s->read == b))
			return true;
	}
	return false;
}

/* Do two work-items store through a and b in the same statement?  Lockstep
 * orders a sub-group's statements one after another, but stores of one
 * statement by two work-items to one element happen at once: which value
 * stays is unspecified with or without lockstep. */
static bool same_store(const struct acc *a, const struct acc *b)
{
	return (a->kind & ACC_WRITE) && (b->kind & ACC_WRITE) &&
	       (a == b || (a->stmt && a->stmt == b->stmt && a->ctx == b->ctx));
}

/* A pair the decision could not settle: reported as unsupported (once per
 * statement pair), never silently dropped. */
static void undecided(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		      const struct acc *a, const struct acc *b, const struct acc_witness *w)
{
	if (cls_over_budget(ctx))
		return; /* the whole file is reported as not analyzed */
	for (unsigned i = 0; i < rl->undecided.len; i++) {
		const struct race *o = rl->undecided.items[i];
		if ((o->first->stmt == a->stmt && o->second->stmt == b->stmt) ||
		    (o->first->stmt == b->stmt && o->second->stmt == a->stmt))
			return;
	}
	struct race *r = MEM_NEW(ctx->arena, struct race);
	if (!r)
		return;
	r->k = k;
	r->first = a;
	r->second = b;
	r->w = *w;
	mem_vec_push(ctx->arena, &rl->undecided, r);
}

/*
 * An async copy's elements move from the call until the wait_group_events
 * that follows it: the copy meets an access x of its interval that runs
 * before the copy (x reaches it) or after it with no wait for the copy's
 * event between (events.c).  What follows such a wait sees the copy done.
 */
static bool async_live(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		       enum acc_mode m)
{
	if (!a->async && !b->async)
		return true;
	if (a->async && b->async)
		return acc_reaches(k, a, b, acc_wait_mode(m, a->events), -2) ||
		       acc_reaches(k, b, a, acc_wait_mode(m, b->events), -2);
	const struct acc *c = a->async ? a : b, *x = a->async ? b : a;
	return acc_reaches(k, x, c, m, -2) ||
	       acc_reaches(k, c, x, acc_wait_mode(m, c->events), -2);
}

/*
 * A read of a __local element racing only with a store that the reader
 * itself made before (the store's block dominates the read's; outside any
 * loop, so there is one such store per work-item; and no other store to
 * the object that may run with the read), of a value the same for the
 * whole group (`mid = get_local_size(0) / 2;` by every work-item, then
 * `if (x == mid)`; `it = 0;` by every work-item, then `while (it < n)`
 * whose body has work-item 0 step `it` between barriers): whichever store
 * the read sees, it sees that value, or one a barrier ordered before it.
 * Benign, like two stores of one value.
 */
static bool own_same_value_read(const struct acc_kernel *k, const struct acc *a,
				const struct acc *b)
{
	const struct acc *r = a->kind == ACC_READ ? a : b, *w = r == a ? b : a;
	/* Only if no other store may run with the read: a read that another
	 * store (k++, an atomic_min) may also reach races with that one. */
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *x = k->accs.items[i];
		if (x != w && x->object == r->object && (x->kind & ACC_WRITE) &&
		    (x->atomic || acc_concurrent(k, x, r, MODE_LOCAL)))
			return false;
	}
	return r->kind == ACC_READ && w->kind == ACC_WRITE && !r->atomic && !w->atomic &&
	       !r->async && !w->async && r->space == AS_LOCAL && w->value &&
	       w->value_level == U_UNIFORM && r->ctx == w->ctx &&
	       (r->block == w->block ? w->inst < r->inst
				     : cfg_dominates(r->ctx->f, w->block, r->block)) &&
	       w->block->loop_depth == 0 && r->index && w->index &&
	       sym_equal(r->index, w->index) && !sym_uses_lid(r->index);
}

/* Does kernel k call sub_group_barrier anywhere? */
static bool has_sg_barrier(const struct acc_kernel *k)
{
	for (unsigned i = 0; i < k->nev; i++)
		if (k->ev[i].kind == EV_SG_BARRIER)
			return true;
	return false;
}

/* Check one pair; returns true when a conflict was recorded. */
static bool check_pair(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		       const struct acc *a, const struct acc *b)
{
	if (!((a->kind | b->kind) & ACC_WRITE) || cls_over_budget(ctx))
		return false;
	if (is_spin_pair(ctx, a, b))
		return false;
	if (a->atomic && b->atomic)
		return false;
	if (a == b && !(a->kind & ACC_WRITE))
		return false;
	/* One async copy is one operation of the group: its elements do not
	 * race with each other. */
	if (a == b && a->async)
		return false;
	/* Two copies filling one buffer (chained on one event) write what
	 * their sources hold, which is often the same: left alone. */
	if (a->async && b->async && a->kind == ACC_WRITE && b->kind == ACC_WRITE)
		return false;
	enum acc_mode m = a->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	if (!acc_concurrent(k, a, b, m) || !acc_may_meet(k, a, b, m) || !async_live(k, a, b, m))
		return false;
	struct acc_witness w;
	/* Lockstep is judged at the device model's sub-group size (the
	 * profile's, or --subgroup-size: 1 means no work-items share one). */
	unsigned sg = k->launch.sg_size;
	if (!acc_conflict(ctx, k, a, b, m, false, a->space == AS_LOCAL && sg > 1 ? sg : 0, true, &w)) {
		if (w.verdict == VERDICT_UNKNOWN && w.why_unknown)
			undecided(ctx, rl, k, a, b, &w);
		return false;
	}
	if (!w.benign && own_same_value_read(k, a, b))
		w.benign = true;
	if (w.benign && !ctx->opt->report_benign)
		return false;
	/* Ordered by a sub_group_barrier: only work-items of different
	 * sub-groups can still meet.  Between the passes of a loop the
	 * sub-group barrier ends (s[lane] += s[lane + off]; off >>= 1), the
	 * intervals alone do not say so: the pair is asked again with the
	 * sub-group barriers splitting. */
	struct acc_witness wsg;
	if (a->space == AS_LOCAL &&
	    (!acc_may_meet(k, a, b, MODE_SG_LOCAL) ||
	     (has_sg_barrier(k) &&
	      !acc_conflict(ctx, k, a, b, MODE_SG_LOCAL, false, 0, false, &wsg) &&
	      wsg.verdict == VERDICT_FREE))) {
		if (!acc_conflict(ctx, k, a, b, m, false, sg, true, &w) || !w.cross_subgroup)
			return false;
		w.lockstep = false;
	}
	/* Would any barrier (or fence) order them?  Then the barrier's flags (or
	 * the fence) are the bug.  A conflict that needs two iterations of a
	 * loop whose barrier lacks the flag counts too. */
	enum race_kind kind = RACE_PLAIN;
	struct acc_witness w2;
	if (!acc_may_meet(k, a, b, MODE_ANY) ||
	    !acc_conflict(ctx, k, a, b, MODE_ANY, false, 0, false, &w2))
		kind = RACE_FLAGS;
	else if (!acc_may_meet(k, a, b, MODE_FENCE) ||
		 !acc_conflict(ctx, k, a, b, MODE_FENCE, false, 0, false, &w2))
		kind = RACE_FENCE;
	else if (w.lockstep && a->space == AS_LOCAL && !same_store(a, b) && a->is_volatile &&
		 b->is_volatile)
		kind = RACE_LOCKSTEP;
	add(ctx, rl, k, a, b, &w, kind);
	return true;
}

/* Have we already recorded a race on this object at both statements?  One
 * finding per racy statement and object is what a user wants to read. */
static bool seen_pair(const struct race_list *rl, const struct acc *a, const struct acc *b)
{
	const struct pset *s = rl->seconds;
	return s && pset_has(s, a->stmt, a->object) && pset_has(s, b->stmt, b->object);
}

struct tuple {
	unsigned start;
	const struct acc *a;
};

static int by_start(const void *pa, const void *pb)
{
	const struct tuple *x = pa, *y = pb;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->a->id < y->a->id ? -1 : x->a->id > y->a->id;
}

struct span {
	unsigned long long key;  /* the part of the index shared by the group */
	long long lo, hi;        /* the bytes the rest reaches */
	const struct acc *a;
};

static int by_lo(const void *pa, const void *pb)
{
	const struct span *x = pa, *y = pb;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : (x->a->id > y->a->id) - (x->a->id < y->a->id);
}

/* Check (a, b) once (in either order); returns the findings added. */
static unsigned pair(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		     const struct acc *a, const struct acc *b, struct pset *done)
{
	if (!((a->kind | b->kind) & ACC_WRITE))
		return 0;
	const struct acc *x = a->id <= b->id ? a : b, *y = a->id <= b->id ? b : a;
	if (pset_add(done, x, y) || seen_pair(rl, x, y))
		return 0;
	unsigned before = rl->races.len;
	check_pair(ctx, rl, k, x, y);
	return rl->races.len - before;
}

/*
 * A barrier does not end an async copy: only a wait for its event does.  So
 * a copy meets the accesses that follow it in later barrier intervals too,
 * until such a wait (reading the destination after a barrier, but before
 * the wait).  The pairs that share an interval are checked as usual.
 */
static unsigned copy_across(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			    const struct acc *c, const struct acc *x, enum acc_mode m,
			    struct pset *done)
{
	if (!c->async || x->async || !((c->kind | x->kind) & ACC_WRITE) || x->atomic ||
	    acc_concurrent(k, c, x, m) || cls_over_budget(ctx))
		return 0;
	enum acc_mode flight = acc_wait_mode(MODE_NONE, c->events);
	if (!acc_reaches(k, c, x, flight, -2) || pset_add(done, c, x) || seen_pair(rl, c, x))
		return 0;
	struct acc_witness w;
	/* (x, c): the order add() takes them in, witness and all */
	if (!acc_conflict(ctx, k, x, c, flight, false, 0, true, &w)) {
		if (w.verdict == VERDICT_UNKNOWN && w.why_unknown)
			undecided(ctx, rl, k, x, c, &w);
		return 0;
	}
	if (w.benign && !ctx->opt->report_benign)
		return 0;
	unsigned before = rl->races.len;
	struct race *r = add(ctx, rl, k, x, c, &w, RACE_PLAIN);
	if (!r)
		return 0;
	r->same_iteration = !acc_share_loop(k, c, x) || acc_reaches(k, c, x, flight, -1);
	return rl->races.len > before;
}

/*
 * Check the pairs of accesses v[0..n) (one object) that share an interval:
 * accesses are bucketed by interval start, so the work is the sum of the
 * squared bucket sizes, not the square of the object's access count.
 */
static void object_pairs(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			 const struct acc **v, unsigned n, enum acc_mode m)
{
	bool written = false;
	for (unsigned i = 0; i < n && !written; i++)
		written = v[i]->kind & ACC_WRITE;
	if (!written)
		return;
	unsigned nt = 0, cap = 0;
	struct tuple *t = NULL;
	for (unsigned i = 0; i < n; i++) {
		for (unsigned q = 0; q < v[i]->niv[m]; q++) {
			if (nt == cap) {
				cap = cap ? cap * 2 : 64;
				struct tuple *x = realloc(t, cap * sizeof *t);
				if (!x) {
					free(t);
					return;
				}
				t = x;
			}
			t[nt].start = v[i]->iv[m][q];
			t[nt++].a = v[i];
		}
	}
	qsort(t, nt, sizeof *t, by_start);
	struct pset done = { NULL, 0, 0 };
	unsigned found = 0;
	struct span *sp = NULL;
	for (unsigned i = 0; i < nt && found < MAX_PER_OBJECT;) {
		unsigned j = i;
		while (j < nt && t[j].start == t[i].start)
			j++;
		if (j - i > 32 && (sp = realloc(sp, (j - i) * sizeof *sp))) {
			/* A large interval: pair accesses whose bytes can overlap,
			 * found by sorting them by the part of the index the group
			 * shares (equal parts: compare the rest's ranges) and then by
			 * range; across different shared parts, and for those without
			 * a known range, every pair. */
			unsigned ns = 0;
			for (unsigned x = i; x < j; x++) {
				long long gc[3];
				if (acc_group_span(ctx, k, t[x].a, &sp[ns].key, &sp[ns].lo, &sp[ns].hi,
						   gc))
					sp[ns++].a = t[x].a;
			}
			qsort(sp, ns, sizeof *sp, by_lo);
			for (unsigned x = 0; x < ns && found < MAX_PER_OBJECT; x++)
				for (unsigned y = x; y < ns && found < MAX_PER_OBJECT; y++) {
					if (sp[y].key == sp[x].key && sp[y].lo >= sp[x].hi) {
						/* sorted: the rest of this key lies further on */
						while (y + 1 < ns && sp[y + 1].key == sp[x].key)
							y++;
						continue;
					}
					found += pair(ctx, rl, k, sp[x].a, sp[y].a, &done);
				}
			for (unsigned x = i; x < j && found < MAX_PER_OBJECT; x++) {
				unsigned long long key;
				long long lo, hi, gc[3];
				if (acc_group_span(ctx, k, t[x].a, &key, &lo, &hi, gc))
					continue;
				for (unsigned y = i; y < j && found < MAX_PER_OBJECT; y++)
					found += pair(ctx, rl, k, t[x].a, t[y].a, &done);
			}
		} else {
			for (unsigned x = i; x < j && found < MAX_PER_OBJECT; x++)
				for (unsigned y = x; y < j && found < MAX_PER_OBJECT; y++)
					found += pair(ctx, rl, k, t[x].a, t[y].a, &done);
		}
		i = j;
	}
	for (unsigned x = 0; x < n && found < MAX_PER_OBJECT; x++)
		for (unsigned y = 0; v[x]->async && y < n && found < MAX_PER_OBJECT; y++)
			found += copy_across(ctx, rl, k, v[x], v[y], m, &done);
	free(sp);
	free(done.k);
	free(t);
}

static void kernel_races(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			 unsigned space)
{
	unsigned n = 0;
	const struct acc **v = MEM_ARRAY(ctx->arena, const struct acc *, k->accs.len + 1);
	if (!v)
		return;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *a = k->accs.items[i];
		if (a->space == space && a->index)
			v[n++] = a;
	}
	qsort(v, n, sizeof *v, by_object);
	enum acc_mode m = space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	for (unsigned i = 0; i < n;) {
		unsigned j = i;
		while (j < n && v[j]->object == v[i]->object)
			j++;
		object_pairs(ctx, rl, k, v + i, j - i, m);
		i = j;
	}
}

const struct race_list *race_find(struct cls_ctx *ctx, unsigned space)
{
	struct race_list **slot = space == AS_LOCAL ? &ctx->facts->races_local
						    : &ctx->facts->races_global;
	if (*slot)
		return *slot;
	struct race_list *rl = MEM_NEW(ctx->arena, struct race_list);
	struct pset *seen = calloc(1, sizeof *seen);
	if (!rl || !seen) {
		free(seen);
		return NULL;
	}
	struct pset *pairs = calloc(1, sizeof *pairs);
	if (!pairs) {
		free(seen);
		return NULL;
	}
	rl->seconds = seen;
	rl->pairs = pairs;
	*slot = rl;
	for (unsigned i = 0; ctx->facts->acc && i < ctx->facts->acc->kernels.len; i++)
		kernel_races(ctx, rl, ctx->facts->acc->kernels.items[i], space);
	rl->seconds = rl->pairs = NULL;
	free(seen->k);
	free(seen);
	free(pairs->k);
	free(pairs);
	return rl;
}

/* ------------------------------------------------------------ inter-group */

/* Record an inter-group conflict between a (first in the kernel) and b. */
static void inter_add(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
		      const struct acc *a, const struct acc *b, const struct acc_witness *w)
{
	struct race *x = MEM_NEW(ctx->arena, struct race);
	if (!x)
		return;
	x->k = k;
	x->kind = RACE_INTER;
	x->w = *w;
	bool ab = a == b || acc_reaches(k, a, b, MODE_NONE, -1) ||
		  !acc_reaches(k, b, a, MODE_NONE, -1);
	x->first = ab ? a : b;
	x->second = ab ? b : a;
	memcpy(x->t_first, ab ? w->t1 : w->t2, sizeof x->t_first);
	memcpy(x->t_second, ab ? w->t2 : w->t1, sizeof x->t_second);
	memcpy(x->g_first, ab ? w->g1 : w->g2, sizeof x->g_first);
	memcpy(x->g_second, ab ? w->g2 : w->g1, sizeof x->g_second);
	x->same_iteration = true;
	mem_vec_push(ctx->arena, &rl->races, x);
}

/* Check a against b for work-items of two different groups; true when a
 * conflict was recorded. */
static bool inter_check(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			const struct acc *a, const struct acc *b, struct pset *reported)
{
	if (!((a->kind | b->kind) & ACC_WRITE) || (a->atomic && b->atomic) ||
	    is_spin_pair(ctx, a, b))
		return false;
	const struct acc *second = a->id > b->id ? a : b;
	if (pset_has(reported, second->stmt, a->object))
		return false;
	/* A pair that races within one group for every launch is reported
	 * there; one that needs a condition (an argument smaller than the
	 * launch) is reported here, between groups, where its condition is
	 * weakest and its witness the one a rounded launch makes.  Not a
	 * pair reported for a barrier's fence flags: the fix that finding
	 * names (CLK_GLOBAL_MEM_FENCE) orders one group only, and the same
	 * pair between groups stays a race. */
	const struct race_list *intra = race_find(ctx, AS_GLOBAL);
	for (unsigned r = 0; intra && r < intra->races.len; r++) {
		const struct race *o = intra->races.items[r];
		if (((o->first == a && o->second == b) || (o->first == b && o->second == a)) &&
		    !o->w.condition && o->kind != RACE_FENCE && o->kind != RACE_FLAGS)
			return false;
	}
	struct acc_witness w;
	if (!acc_conflict(ctx, k, a, b, MODE_NONE, true, 0, true, &w)) {
		if (w.verdict == VERDICT_UNKNOWN && w.why_unknown)
			undecided(ctx, rl, k, a, b, &w);
		return false;
	}
	if (w.benign && !ctx->opt->report_benign)
		return false;
	inter_add(ctx, rl, k, a, b, &w);
	pset_add(reported, second->stmt, a->object);
	return true;
}

struct gspan {
	long long lo, hi;
	unsigned idx;            /* into the object's accesses */
};

static int by_glo(const void *pa, const void *pb)
{
	const struct gspan *x = pa, *y = pb;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* The tile an access stays in, when groups differ along one dimension:
 * index = c * get_group_id(d) + (a part shared by the group: key) + a rest
 * in [lo, hi). */
struct tile {
	unsigned long long key;
	long long lo, hi, c;
	bool ok;
};

static int by_tile(const void *pa, const void *pb)
{
	const struct tile *x = *(const struct tile *const *)pa, *y = *(const struct tile *const *)pb;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x > y) - (x < y);
}

/*
 * Tiles: when groups differ along one dimension d only, accesses whose index
 * is C * get_group_id(d) plus the same shared part plus a rest that stays
 * within a window no wider than |C| over all of them keep to their group's
 * tile, and two groups' tiles do not meet: such pairs need no check.  Marks
 * tl[i].ok for the accesses of v that are in such a key.
 */
static void find_tiles(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc **v,
		       unsigned n, struct tile *tl)
{
	unsigned vary = 0, gd = 0;
	for (unsigned d = 0; d < 3; d++)
		if (k->launch.ngrp[d] != 1)
			vary++, gd = d;
	struct tile **by = malloc((n + 1) * sizeof *by);
	if (vary != 1 || !by) {
		free(by);
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		long long gc[3];
		tl[i].ok = acc_group_span(ctx, k, v[i], &tl[i].key, &tl[i].lo, &tl[i].hi, gc) &&
			   gc[gd] != 0;
		tl[i].c = gc[gd] < 0 ? -gc[gd] : gc[gd];
		by[i] = &tl[i];
	}
	/* one window per key (equal keys have equal coefficients c) */
	qsort(by, n, sizeof *by, by_tile);
	for (unsigned i = 0; i < n;) {
		unsigned j = i;
		long long lo = by[i]->lo, hi = by[i]->hi;
		bool all = true;
		while (j < n && by[j]->key == by[i]->key) {
			all &= by[j]->ok;
			lo = by[j]->lo < lo ? by[j]->lo : lo;
			hi = by[j]->hi > hi ? by[j]->hi : hi;
			j++;
		}
		for (unsigned x = i; x < j; x++)
			by[x]->ok = all && hi - lo <= by[x]->c;
		i = j;
	}
	free(by);
}

/*
 * The pairs of one object's global accesses that work-items of different
 * groups could make meet.  Accesses whose bytes over the whole launch are
 * bounded are paired only when those bounds overlap (a sorted sweep); the
 * rest are checked against everything; pairs of one tile (find_tiles) are
 * not checked.
 */
static void inter_object(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k,
			 const struct acc **v, unsigned n, struct pset *reported)
{
	struct gspan *sp = malloc((n + 1) * sizeof *sp);
	unsigned *rest = malloc((n + 1) * sizeof *rest);
	struct tile *tl = calloc(n + 1, sizeof *tl);
	unsigned ns = 0, nr = 0, found = 0;
	if (!sp || !rest || !tl)
		goto out;
	for (unsigned i = 0; i < n; i++) {
		long long lo, hi;
		if (acc_bounds(k, v[i], &lo, &hi))
			sp[ns++] = (struct gspan){ lo, hi, i };
		else
			rest[nr++] = i;
	}
	qsort(sp, ns, sizeof *sp, by_glo);
	find_tiles(ctx, k, v, n, tl);
#define SAME_TILE(x, y) (tl[x].ok && tl[y].ok && tl[x].key == tl[y].key)
	for (unsigned i = 0; i < ns && found < MAX_PER_OBJECT; i++)
		for (unsigned j = i; j < ns && sp[j].lo < sp[i].hi && found < MAX_PER_OBJECT; j++)
			if (!SAME_TILE(sp[i].idx, sp[j].idx))
				found += inter_check(ctx, rl, k, v[sp[i].idx], v[sp[j].idx], reported);
	for (unsigned i = 0; i < nr && found < MAX_PER_OBJECT; i++)
		for (unsigned j = 0; j < n && found < MAX_PER_OBJECT; j++) {
			/* each pair of two unbounded accesses once */
			bool both = false;
			for (unsigned x = 0; x < i && !both; x++)
				both = rest[x] == j;
			if (!both && !SAME_TILE(rest[i], j))
				found += inter_check(ctx, rl, k, v[rest[i]], v[j], reported);
		}
#undef SAME_TILE
out:
	free(sp);
	free(rest);
	free(tl);
}

static void inter_pairs(struct cls_ctx *ctx, struct race_list *rl, const struct acc_kernel *k)
{
	unsigned n = 0;
	/* One work-group (given, or inferred: launch.c) has no other. */
	if (!launch_many_groups(&k->launch))
		return;
	const struct acc **v = MEM_ARRAY(ctx->arena, const struct acc *, k->accs.len + 1);
	if (!v)
		return;
	for (unsigned i = 0; i < k->accs.len; i++) {
		const struct acc *a = k->accs.items[i];
		if (a->space == AS_GLOBAL && a->index)
			v[n++] = a;
	}
	qsort(v, n, sizeof *v, by_object);
	struct pset reported = { NULL, 0, 0 };
	for (unsigned i = 0; i < n;) {
		unsigned j = i;
		while (j < n && v[j]->object == v[i]->object)
			j++;
		inter_object(ctx, rl, k, v + i, j - i, &reported);
		i = j;
	}
	free(reported.k);
}

const struct race_list *race_inter(struct cls_ctx *ctx)
{
	if (ctx->facts->races_inter)
		return ctx->facts->races_inter;
	struct race_list *rl = MEM_NEW(ctx->arena, struct race_list);
	if (!rl)
		return NULL;
	ctx->facts->races_inter = rl;
	for (unsigned i = 0; ctx->facts->acc && i < ctx->facts->acc->kernels.len; i++)
		inter_pairs(ctx, rl, ctx->facts->acc->kernels.items[i]);
	return rl;
}

static const char *verb(const struct acc *a)
{
	if (a->atomic)
		return a->kind == ACC_READ ? "atomically reads" : "atomically updates";
	if (a->kind == (ACC_READ | ACC_WRITE))
		return "updates";
	return a->kind & ACC_WRITE ? "writes" : "reads";
}

/* "work-item 3", or the group's copy for an async copy's element. */
static const char *who(struct cls_ctx *ctx, const struct launch *l, const struct acc *a,
		       const unsigned t[3])
{
	if (a->async)
		return "the work-group's async copy";
	return launch_item_text(ctx, l, t);
}

const char *race_witness(struct cls_ctx *ctx, const struct race *r)
{
	if (r->w.data_any == 1)
		return mem_printf(ctx->arena, "%s: one work-item writes the object at an index not "
				  "known before the kernel runs (it depends on loaded data or a "
				  "counter) while the others access it (lines %u and %u)", ir_expr_text(ctx->arena, r->second->lv),
				  r->first->range.begin.line, r->second->range.begin.line);
	if (r->w.data_any == 3) {
		const struct acc *dd = sym_data_dependent(r->first->index) ? r->first : r->second;
		const struct acc *o = dd == r->first ? r->second : r->first;
		return mem_printf(ctx->arena, "%s: the index at line %u depends on loaded data, and "
				  "unless the data send each work-item to its own element, one meets "
				  "another work-item's access at line %u", ir_expr_text(ctx->arena,
				  r->second->lv), dd->range.begin.line, o->range.begin.line);
	}
	if (r->w.data_any)
		return mem_printf(ctx->arena, "%s: the index depends on loaded data, and whatever "
				  "the data another work-item accesses the same element (lines %u and "
				  "%u)", ir_expr_text(ctx->arena, r->second->lv),
				  r->first->range.begin.line, r->second->range.begin.line);
	if (r->w.data_dependent)
		return r->first->stmt == r->second->stmt
			? mem_printf(ctx->arena, "%s: two work-items can compute the same index (it "
				     "depends on loaded data) and both access it (line %u)",
				     ir_expr_text(ctx->arena, r->second->lv), r->second->range.begin.line)
			: mem_printf(ctx->arena, "%s: two work-items can compute the same index (it "
				     "depends on loaded data) and access it (lines %u and %u)",
				     ir_expr_text(ctx->arena, r->second->lv), r->first->range.begin.line,
				     r->second->range.begin.line);
	/* Where the element depends on unknowns, a number would read as a real
	 * index: show the expression. */
	const char *elem = r->w.index_unknowns ? ir_expr_text(ctx->arena, r->second->lv)
					       : acc_element_text(ctx, r->second, r->w.index);
	/* The work-items named depend on the values the witness gives the macro
	 * constants nothing defines: say which. */
	if (r->w.macros)
		elem = mem_printf(ctx->arena, "%s (where %s)", elem, r->w.macros);
	const struct launch *l = &r->k->launch;
	if (r->kind == RACE_INTER)
		return mem_printf(ctx->arena, "%s: %s of %s %s it (line %u) while %s of %s %s it "
				  "(line %u)", elem, who(ctx, l, r->first, r->t_first),
				  launch_group_text(ctx, l, r->g_first), verb(r->first),
				  r->first->range.begin.line, who(ctx, l, r->second, r->t_second),
				  launch_group_text(ctx, l, r->g_second), verb(r->second),
				  r->second->range.begin.line);
	return mem_printf(ctx->arena, "%s: %s %s it (line %u) while %s %s it (line %u)", elem,
			  who(ctx, l, r->first, r->t_first), verb(r->first),
			  r->first->range.begin.line, who(ctx, l, r->second, r->t_second),
			  verb(r->second), r->second->range.begin.line);
}

const char *race_other_access(struct cls_ctx *ctx, const struct race *r)
{
	/* A data-dependent witness's element is a made-up value: show the
	 * expression instead. */
	const char *what = r->w.data_dependent || r->w.index_unknowns
		? ir_expr_text(ctx->arena, r->first->lv)
		: acc_element_text(ctx, r->first, r->w.index);
	return mem_printf(ctx->arena, "the other access: %s", what);
}

const char *race_lockstep_note(struct cls_ctx *ctx, const struct race *r)
{
	if (!r->w.lockstep || r->kind != RACE_PLAIN)
		return NULL;
	return mem_printf(ctx->arena,
			  "every work-item that runs these accesses is in one sub-group (of %u "
			  "work-items): a device that runs a sub-group in lockstep may hide this "
			  "race, but OpenCL promises no lockstep, and without volatile the compiler "
			  "may keep the values in registers; synchronize the sub-group with "
			  "sub_group_barrier(CLK_LOCAL_MEM_FENCE) between the steps, or use a "
			  "sub-group collective (sub_group_reduce_add, sub_group_scan_inclusive_add)",
			  r->k->launch.sg_size);
}

const char *race_group_assumption(struct cls_ctx *ctx, const struct race *r)
{
	return launch_group_note(ctx, &r->k->launch, r->g_first, r->g_second);
}

const char *race_assumption(struct cls_ctx *ctx, const struct race *r)
{
	return launch_note(ctx, &r->k->launch, r->w.lsz);
}

const char *race_when(struct cls_ctx *ctx, const struct race *r)
{
	return r->w.condition ? mem_printf(ctx->arena, ", when %s", r->w.condition) : "";
}

void race_severity(struct cls_diag *d, const struct race *r)
{
	/* A coincidence of arguments is possible, not certain: a warning. */
	if (d && r->w.condition && r->w.coincidence && d->severity > CLS_WARNING)
		d->severity = CLS_WARNING;
}

/*
 * Does the line starting at `line` (in text `src`) begin a statement of a
 * block, rather than the body of an if, else, for, while or do without
 * braces?  There a barrier inserted before it would become the body and
 * move the statement out of the loop.  Judged from the last code before
 * it: ';', '{', '}' or a label's ':'.  A comment block or a directive in
 * between: not known, so no.
 */
static bool in_block(const char *src, const char *line)
{
	const char *end = line;
	while (end > src) {
		const char *b = end - 1;   /* the '\n' ending the line before */
		while (b > src && b[-1] != '\n')
			b--;
		const char *e = end - 1;
		for (const char *c = b; c + 1 < end; c++)
			if (c[0] == '/' && c[1] == '/') {
				e = c;
				break;
			}
		const char *f = b;
		while (f < e && (*f == ' ' || *f == '\t'))
			f++;
		while (e > f && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (e > f) {
			if (*f == '#' || (e - f >= 2 && e[-2] == '*' && e[-1] == '/'))
				return false;
			return strchr(";{}:", e[-1]) != NULL;
		}
		end = b;
	}
	return true;   /* nothing before it */
}

/* The copy of r, when it is in flight at r's other access. */
static const struct acc *copy_in_flight(const struct race *r)
{
	const struct acc *c = r->first->async ? r->first : r->second->async ? r->second : NULL;
	const struct acc *x = c == r->first ? r->second : r->first;
	if (!c || x->async)
		return NULL;
	/* in flight: reached from the copy, barriers or not, with no wait for
	 * it between; not a work-item's access the copy must not start before */
	enum acc_mode m = c->space == AS_LOCAL ? MODE_LOCAL : MODE_GLOBAL;
	return acc_reaches(r->k, c, x, acc_wait_mode(MODE_NONE, c->events), -2) &&
	       !acc_reaches(r->k, x, c, m, -1) ? c : NULL;
}

const char *race_separator(struct cls_ctx *ctx, const struct race *r)
{
	(void)ctx;
	return copy_in_flight(r) ? " before the copy is waited for" : " with no barrier between";
}

const char *race_copy_in_flight(struct cls_ctx *ctx, const struct race *r)
{
	const struct acc *c = copy_in_flight(r);
	if (!c)
		return NULL;
	const struct acc *x = c == r->first ? r->second : r->first;
	const struct ir_expr *st = c->stmt;
	const char *ev = NULL;
	if (st && st->op == E_ASSIGN && !st->sub && st->nkids == 2)
		ev = ir_expr_text(ctx->arena, st->kids[0]);
	return mem_printf(ctx->arena, "a barrier does not wait for an async copy: wait for its "
			  "event (%s%s%s) before line %u", ev ? "wait_group_events(1, &" : "",
			  ev ? ev : "wait_group_events", ev ? ")" : "", x->range.begin.line);
}

/* Insert a barrier before the statement holding `a`: the text at the start
 * of its line, indented like it.  NULL when a barrier cannot go there. */
bool race_barrier_fixit(struct cls_ctx *ctx, struct cls_diag *d, const struct acc *a,
			const char *flags)
{
	if (acc_under_divergence(a) || !a->stmt || a->ctx->parent)
		return false;
	const struct cls_result *res = ctx->result;
	unsigned line = a->stmt->range.begin.line;
	if (!res->source || a->stmt->range.begin.file != res->path)
		return false;
	const char *p = res->source, *end = res->source + res->source_len;
	for (unsigned l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return false;
		p = nl + 1;
	}
	size_t ind = 0;
	while (p + ind < end && (p[ind] == ' ' || p[ind] == '\t'))
		ind++;
	if ((unsigned)ind + 1 != a->stmt->range.begin.col)
		return false; /* the statement does not start its line */
	if (!in_block(res->source, p))
		return false;
	struct cls_range r;
	r.begin = a->stmt->range.begin;
	r.end = r.begin;
	/* The line's own line ending: a CRLF file stays CRLF. */
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	bool crlf = eol && eol > p && eol[-1] == '\r';
	struct cls_fix *f = cls_fixit(ctx, d, r,
		mem_printf(ctx->arena, "barrier(%s);%s%.*s", flags, crlf ? "\r\n" : "\n",
			   (int)ind, p),
		mem_printf(ctx->arena, "insert barrier(%s) before line %u", flags, line));
	/* Safe: the checks above put it in the kernel's own body (not a helper
	 * that other callers reach) on a path every work-item of the group
	 * takes, so it adds a wait and a fence and nothing else.  A barrier
	 * under divergent control would hang or be undefined: never offered. */
	if (f)
		f->safe = true;
	return true;
}

void race_report_undecided(struct cls_ctx *ctx, const struct race_list *rl)
{
	for (unsigned i = 0; rl && i < rl->undecided.len; i++) {
		const struct race *r = rl->undecided.items[i];
		if (r->w.why_unknown == acc_hard_why) {
			/* one note for all such pairs at this access */
			bool first = true;
			for (unsigned j = 0; j < i && first; j++) {
				const struct race *o = rl->undecided.items[j];
				first = o->w.why_unknown != acc_hard_why || o->second != r->second;
			}
			if (first)
				cls_report(ctx, &cls_rule_unsupported, r->second->range,
					   "unsupported: more pairs of %s (line %u) were not "
					   "decided (%s); the race rules may miss findings here",
					   ir_expr_text(ctx->arena, r->second->lv),
					   r->second->range.begin.line, acc_hard_why);
			continue;
		}
		cls_report(ctx, &cls_rule_unsupported, r->second->range,
			   "unsupported: whether %s (line %u) and %s (line %u) can touch one element "
			   "was not decided (%s); the race rules may miss findings here",
			   ir_expr_text(ctx->arena, r->first->lv), r->first->range.begin.line,
			   ir_expr_text(ctx->arena, r->second->lv), r->second->range.begin.line,
			   r->w.why_unknown);
	}
}

