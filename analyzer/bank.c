/*
 * bank.c - __local memory bank conflicts of one request (acc_bank).
 *
 * The first sub-group's byte addresses are computed by evaluating the
 * access's index for each of its work-items (the launch's witness sizes:
 * launch.h), mapped to banks by the device profile's model, and the worst
 * bank's distinct words counted per phase.  This is the one analysis that
 * enumerates work-items, and it is the right tool here: a request is one
 * sub-group's addresses at once, 16 to 64 of them.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"


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
	unsigned ns = k->nslots, nt = k->launch.wlsz[0] * k->launch.wlsz[1] * k->launch.wlsz[2];
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
	sym_slots(a->index, list, &nl, 256);
	unsigned nindex = nl;     /* list[0..nindex): the index's unknowns */
	for (unsigned i = 0; i < nl; i++)
		out->assumed_iv |= k->slots[list[i]].is_iv;
	/* Three values for each unknown of the index (a kernel argument, the
	 * first value of a loop counter aside): the degree must not depend on
	 * them.  An unknown only the guard uses (the data's size in if (x < n
	 * && y < n)) is taken at least as large as the launch, as the race
	 * rules take a size: a tiny one turns the sub-group off, which says
	 * nothing about the accesses it makes. */
	static const long long tries[3] = { 0, 1, 1031 };
	enum { GUARD_SIZE = 1 << 20 };
	unsigned degree = 0;
	struct guard *g = guard_of(ab, a->ctx, a->block->id);
	bool all = !g || !g->simple || nl >= 256;
	for (unsigned i = 0; !all && i < g->n; i++)
		if (!g->lit[i].skip)
			sym_slots(g->lit[i].cond, list, &nl, 256);
	for (unsigned i = 0; !all && i < a->neguard; i++)
		sym_slots(a->eguard[i].cond, list, &nl, 256);
	all |= nl >= 256 || k->nslots > ab->bvcap;
	/* A macro constant the build does not define (zero configuration)
	 * decides the addresses: the degree is a question about its value,
	 * which nobody gave; nothing is reported. */
	for (unsigned i = 0; i < (all ? k->nslots : nl); i++)
		if (k->slots[all ? i : list[i]].is_macro)
			goto out;
	const struct ir_type *ot = a->object->type;
	if (ot && ot->symbolic && ot->elem && ot->elem->kind == T_ARRAY)
		goto out;
	for (unsigned tr = 0; tr < 3; tr++) {
		long long *dst = tr == 0 ? addr : tmp;
		if (all) {
			for (unsigned s = 0; s < ns && s < ab->bvcap; s++)
				val[s] = k->slots[s].is_iv ? 0 : tries[tr];
		} else {
			for (unsigned i = 0; i < nl; i++)
				val[list[i]] = k->slots[list[i]].is_iv ? 0
					     : i < nindex ? tries[tr] : GUARD_SIZE;
		}
		struct sym_env env = { { 0 }, { 0 }, { 0 }, { 0 }, val, false, 0 };
		memcpy(env.lsz, k->launch.wlsz, sizeof env.lsz);
		memcpy(env.ngrp, k->launch.wngrp, sizeof env.ngrp);
		unsigned nactive = 0;
		for (unsigned t = 0; t < n; t++) {
			acc_linear_to_id(k->launch.wlsz, t, env.lid);
			bool on = guard_runs(ab, a, g, &env);
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
	acc_linear_to_id(k->launch.wlsz, out->lin1, out->t1);
	acc_linear_to_id(k->launch.wlsz, out->lin2, out->t2);
	ok = out->degree >= 2;
out:
	free(addr);
	free(tmp);
	free(active);
	return ok;
}

