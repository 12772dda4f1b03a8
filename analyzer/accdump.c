/*
 * accdump.c - `--dump=local-accesses`: every __local access of every
 * kernel, with the bank model in effect and the conflict degree the
 * bank-conflict rule computes for it.
 *
 * runtime_check reads this to instrument a copy of a kernel (each access
 * records its address) and compares the degrees it observes with the ones
 * predicted here.  One line per access, in source order, fields separated
 * by single spaces:
 *
 *   bank-model BANKS WIDTH SUBGROUP PHASE_BYTES
 *   kernel NAME PARAMS_END            (LINE:COL after the last parameter, or -)
 *   local-access KERNEL FUNC B_LINE:B_COL E_LINE:E_COL KIND BYTES DEGREE OBJECT
 *
 * KIND is r, w or rw (a, ra, wa... with an `a` for atomics); DEGREE is the
 * predicted degree of the first sub-group's request (1: no conflict) or `?`
 * when it cannot be computed; FUNC is the function whose text holds the
 * access (a helper's accesses appear once per kernel that reaches them);
 * the range is the accessed lvalue, end one past its last character.  Only
 * lvalues that can have their address taken are listed (not vector
 * components, not vload/vstore).
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

/* Can `&(e)` be written in the source (a traced or logged access)? */
bool acc_addressable(const struct ir_expr *e)
{
	switch (e->op) {
	case E_VAR:
	case E_INDEX:
	case E_DEREF:
		return true;
	case E_MEMBER:
		return e->nkids == 1 && acc_addressable(e->kids[0]);
	default:
		return false;
	}
}

static int cmp_acc(const void *pa, const void *pb)
{
	const struct acc *a = *(const struct acc *const *)pa, *b = *(const struct acc *const *)pb;
	if (a->range.begin.line != b->range.begin.line)
		return a->range.begin.line < b->range.begin.line ? -1 : 1;
	if (a->range.begin.col != b->range.begin.col)
		return a->range.begin.col < b->range.begin.col ? -1 : 1;
	if (a->range.end.line != b->range.end.line)
		return a->range.end.line < b->range.end.line ? -1 : 1;
	if (a->range.end.col != b->range.end.col)
		return a->range.end.col < b->range.end.col ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

static bool same_range(const struct cls_range *a, const struct cls_range *b)
{
	return a->begin.line == b->begin.line && a->begin.col == b->begin.col &&
	       a->end.line == b->end.line && a->end.col == b->end.col;
}

void acc_dump_local(struct cls_ctx *ctx, FILE *out)
{
	struct bank_model bm;
	cls_bank_model(ctx->opt, &bm);
	fprintf(out, "bank-model %u %u %u %u\n", bm.banks, bm.width, bm.subgroup, bm.phase_bytes);
	if (!ctx->facts || !ctx->facts->acc)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		const struct ir_func *f = k->kernel;
		if (f->nparams && f->params[f->nparams - 1]->decl.end.file == ctx->result->path)
			fprintf(out, "kernel %s %u:%u\n", f->name, f->params[f->nparams - 1]->decl.end.line,
				f->params[f->nparams - 1]->decl.end.col);
		else
			fprintf(out, "kernel %s -\n", f->name);
		unsigned n = 0;
		const struct acc **v = malloc((k->accs.len + 1) * sizeof *v);
		if (!v)
			continue;
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *a = k->accs.items[j];
			if (a->space == AS_LOCAL && a->lv && acc_addressable(a->lv) &&
			    a->range.begin.file == ctx->result->path &&
			    a->range.end.file == ctx->result->path)
				v[n++] = a;
		}
		qsort(v, n, sizeof *v, cmp_acc);
		for (unsigned j = 0; j < n; j++) {
			const struct acc *a = v[j];
			/* One line per place in the text: a helper inlined twice, or a
			 * read-modify-write seen as two accesses, is one site. */
			if (j && same_range(&v[j - 1]->range, &a->range))
				continue;
			unsigned kind = 0;
			for (unsigned m = j; m < n && same_range(&v[m]->range, &a->range); m++)
				kind |= v[m]->kind;
			struct bank_result r;
			char deg[16] = "?";
			acc_bank(ctx, k, a, &bm, &r);
			if (r.degree)
				snprintf(deg, sizeof deg, "%u", r.degree);
			fprintf(out, "local-access %s %s %u:%u %u:%u %s%s %u %s %s\n", f->name,
				a->ctx->f->name, a->range.begin.line, a->range.begin.col,
				a->range.end.line, a->range.end.col,
				kind == (ACC_READ | ACC_WRITE) ? "rw" : kind == ACC_WRITE ? "w" : "r",
				a->atomic ? "a" : "", a->width, deg, a->object->name);
		}
		free(v);
	}
}

/* ------------------------------------------------------- --dump=intervals */

static const char *const dump_mode_names[MODE_COUNT] = { "local", "global", "any", "fence",
							 "sg-local" };

/*
 * --dump=intervals: the barrier intervals of every kernel.  The splitting
 * events first (barriers, sub-group barriers and fences, with the interval
 * each one starts; 0 is the kernel entry), then every access with, per
 * splitting mode, the interval starts that reach it:
 *
 *   launch KERNEL lsz=A,B,C/MAX_A,MAX_B,MAX_C ngrp=X,Y,Z wit=A,B,C SOURCE
 *   event KERNEL LINE:COL barrier|sg-barrier|fence FLAGS start=N
 *   access KERNEL LINE:COL OBJECT KIND local={0,2} global={...} any={...} ...
 *
 * An open size is 0 followed by its bound; SOURCE says where the local size
 * came from (given, reqd, bounded, open).
 */
void acc_dump_intervals(struct cls_ctx *ctx, FILE *out)
{
	static const char *const src[] = { "given", "reqd", "bounded", "open" };
	if (!ctx->facts || !ctx->facts->acc)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++) {
		const struct acc_kernel *k = ctx->facts->acc->kernels.items[i];
		const struct launch *l = &k->launch;
		const char *name = k->kernel->name;
		fprintf(out, "launch %s lsz=%u,%u,%u/%u,%u,%u ngrp=%u,%u,%u wit=%u,%u,%u %s\n", name,
			l->lsz[0], l->lsz[1], l->lsz[2], l->lsz_max[0], l->lsz_max[1], l->lsz_max[2],
			l->ngrp[0], l->ngrp[1], l->ngrp[2], l->wlsz[0], l->wlsz[1], l->wlsz[2],
			src[l->src]);
		for (unsigned t = 0; t < l->nties; t++)
			fprintf(out, l->tie[t].div > 1 ? "launch %s lsz%u %s (%lld*%s%+lld)/%lld\n"
							: "launch %s lsz%u %s %lld*%s%+lld\n",
				name, l->tie[t].dim, l->tie[t].eq ? "==" : "<=", l->tie[t].coef,
				l->tie[t].var->name, l->tie[t].off, l->tie[t].div);
		for (unsigned e = 0; e < k->nev; e++) {
			const struct acc_event *ev = &k->ev[e];
			if (ev->kind == EV_ACCESS || !ev->call)
				continue;
			fprintf(out, "event %s %u:%u %s %u start=%u\n", name,
				ev->call->range.begin.line, ev->call->range.begin.col,
				ev->kind == EV_BARRIER ? "barrier" : ev->kind == EV_SG_BARRIER
				? "sg-barrier" : ev->kind == EV_WAIT ? "wait" : "fence", ev->flags,
				ev->start);
		}
		for (unsigned j = 0; j < k->accs.len; j++) {
			const struct acc *a = k->accs.items[j];
			fprintf(out, "access %s %u:%u %s %s%s", name, a->range.begin.line,
				a->range.begin.col, a->object->name,
				a->kind == (ACC_READ | ACC_WRITE) ? "rw" : a->kind == ACC_WRITE ? "w" : "r",
				a->atomic ? "a" : "");
			for (unsigned m = 0; m < MODE_COUNT; m++) {
				fprintf(out, " %s={", dump_mode_names[m]);
				for (unsigned q = 0; q < a->niv[m]; q++)
					fprintf(out, "%s%u", q ? "," : "", a->iv[m][q]);
				fputc('}', out);
			}
			fputc('\n', out);
		}
	}
}
