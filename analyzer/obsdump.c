/*
 * obsdump.c - `--dump=accesses`: every __local and __global access of every
 * kernel, with its memory space and whether atomic, for runtime_check's
 * observed races (runtime_check/observe.c).
 *
 * runtime_check instruments a copy of the kernel so that the accesses to
 * the objects of a finding record the work-item, the address and the
 * work-item's barrier epoch; this dump tells it where those accesses are.
 * One line per place in the text, in source order, fields separated by
 * single spaces, accesses and then barriers:
 *
 *   kernel NAME PARAMS_END            (LINE:COL after the last parameter, or -)
 *   access KERNEL FUNC B_LINE:B_COL E_LINE:E_COL KIND BYTES SPACE FORM OBJECT
 *   barrier KERNEL FUNC B_LINE:B_COL E_LINE:E_COL FLAGS SCOPE
 *   wait KERNEL FUNC B_LINE:B_COL E_LINE:E_COL
 *
 * KIND is r, w or rw, with a trailing `a` for atomics; SPACE is local or
 * global; FORM is `lvalue` when the range is the accessed lvalue (end one
 * past it), `pointer` when it is a pointer to it (an atomic builtin's
 * argument that is not `&lvalue`), `copy` when it is a whole
 * async_work_group_(strided_)copy call, the work-group's copy: KIND w is
 * its destination, r its source (two lines for one call; BYTES is 0, the
 * element size is the pointer's).  FUNC is the function whose text holds
 * the access.  As in --dump=local-accesses, only lvalues whose address can
 * be taken are listed (not vector components, not vload/vstore).  A
 * barrier line is one barrier call (the whole call expression): FLAGS is
 * its fence, 1 for __local, 2 for __global (or-ed; 3 too when the flags
 * are not a constant), SCOPE is work-group or sub-group (sub_group_barrier,
 * or work_group_barrier with memory_scope_sub_group).  A wait line is one
 * wait_group_events call, which ends the copies before it.
 */
#include <stdlib.h>
#include <string.h>

#include "access_int.h"

/* Where access a is in the text, as runtime_check wraps it: the lvalue
 * (an atomic's `&x[i]` gives x[i]), or, for an atomic through a pointer
 * value, that pointer; false when it is neither. */
static bool site_of(const struct acc *a, struct cls_range *r, bool *pointer)
{
	const struct ir_expr *lv = a->lv;
	*pointer = false;
	if (a->async) {
		/* the copy's call (access.c gives each side its range) */
		*r = a->range;
		return r->begin.line && r->end.line;
	}
	if (!lv)
		return false;
	if (lv->op == E_ADDROF && lv->nkids == 1 && acc_addressable(lv->kids[0]))
		lv = lv->kids[0];
	else if (a->atomic && lv->type && lv->type->kind == T_POINTER)
		*pointer = true;
	else if (!acc_addressable(lv))
		return false;
	*r = lv->range;
	return r->begin.line && r->end.line;
}

static int cmp_range(const struct cls_range *a, const struct cls_range *b)
{
	if (a->begin.line != b->begin.line)
		return a->begin.line < b->begin.line ? -1 : 1;
	if (a->begin.col != b->begin.col)
		return a->begin.col < b->begin.col ? -1 : 1;
	if (a->end.line != b->end.line)
		return a->end.line < b->end.line ? -1 : 1;
	if (a->end.col != b->end.col)
		return a->end.col < b->end.col ? -1 : 1;
	return 0;
}

struct site {
	const struct acc *a;
	struct cls_range r;
	bool pointer;
};

/* One line per site: a range, and for a copy's call one per side (both
 * sides have the call's range). */
static int cmp_side(const struct site *a, const struct site *b)
{
	int c = cmp_range(&a->r, &b->r);
	if (c || !a->a->async || !b->a->async)
		return c ? c : (int)a->a->async - (int)b->a->async;
	return (int)a->a->kind - (int)b->a->kind;
}

static int cmp_site(const void *pa, const void *pb)
{
	const struct site *a = pa, *b = pb;
	int c = cmp_side(a, b);
	return c ? c : a->a->id < b->a->id ? -1 : a->a->id > b->a->id;
}

/* Is event j of kernel k a barrier (waits: a wait_group_events) call in
 * the file, the first event of that call (a helper inlined twice has one
 * line)? */
static bool listed(const struct cls_ctx *ctx, const struct acc_kernel *k, unsigned j, bool waits)
{
	const struct acc_event *e = &k->ev[j];
	if (!e->call || e->call->range.begin.file != ctx->result->path ||
	    e->call->range.end.file != ctx->result->path)
		return false;
	for (unsigned m = 0; m <= j; m++) {
		const struct acc_event *x = &k->ev[m];
		bool kind = waits ? x->kind == EV_WAIT
				  : x->kind == EV_BARRIER || x->kind == EV_SG_BARRIER;
		if (m == j)
			return kind;
		if (kind && x->call && !cmp_range(&x->call->range, &e->call->range))
			return false;
	}
	return false;
}

/* Write the kernel's accesses to out: one line per source range (the
 * accesses of one range, a read-modify-write or a helper inlined twice,
 * merged into one kind). */
static void dump_kernel(struct cls_ctx *ctx, const struct acc_kernel *k, FILE *out)
{
	const struct ir_func *f = k->kernel;
	if (f->nparams && f->params[f->nparams - 1]->decl.end.file == ctx->result->path)
		fprintf(out, "kernel %s %u:%u\n", f->name, f->params[f->nparams - 1]->decl.end.line,
			f->params[f->nparams - 1]->decl.end.col);
	else
		fprintf(out, "kernel %s -\n", f->name);
	struct site *v = malloc((k->accs.len + 1) * sizeof *v);
	if (!v)
		return;
	unsigned n = 0;
	for (unsigned j = 0; j < k->accs.len; j++) {
		const struct acc *a = k->accs.items[j];
		struct site st;
		memset(&st, 0, sizeof st);
		st.a = a;
		if ((a->space == AS_LOCAL || a->space == AS_GLOBAL) && site_of(a, &st.r, &st.pointer) &&
		    st.r.begin.file == ctx->result->path && st.r.end.file == ctx->result->path)
			v[n++] = st;
	}
	qsort(v, n, sizeof *v, cmp_site);
	for (unsigned j = 0; j < n; j++) {
		const struct acc *a = v[j].a;
		if (j && !cmp_side(&v[j - 1], &v[j]))
			continue;
		unsigned kind = 0;
		bool atomic = false;
		for (unsigned m = j; m < n && !cmp_side(&v[m], &v[j]); m++) {
			kind |= v[m].a->kind;
			atomic |= v[m].a->atomic;
		}
		const struct cls_range *r = &v[j].r;
		fprintf(out, "access %s %s %u:%u %u:%u %s%s %u %s %s %s\n", f->name, a->ctx->f->name,
			r->begin.line, r->begin.col, r->end.line, r->end.col,
			kind == (ACC_READ | ACC_WRITE) ? "rw" : kind == ACC_WRITE ? "w" : "r",
			atomic ? "a" : "", a->async ? 0 : a->width,
			a->space == AS_LOCAL ? "local" : "global",
			a->async ? "copy" : v[j].pointer ? "pointer" : "lvalue", a->object->name);
	}
	free(v);
	/* The barrier calls, then the waits: one line per call in the text. */
	for (int pass = 0; pass < 2; pass++)
		for (unsigned j = 0; j < k->nev; j++) {
			const struct acc_event *e = &k->ev[j];
			if (!listed(ctx, k, j, pass))
				continue;
			const struct cls_range *r = &e->call->range;
			fprintf(out, "%s %s %s %u:%u %u:%u", pass ? "wait" : "barrier", f->name,
				e->ctx->f->name, r->begin.line, r->begin.col, r->end.line, r->end.col);
			if (!pass)
				fprintf(out, " %u %s", (unsigned)(e->flags & (FENCE_LOCAL | FENCE_GLOBAL)),
					e->kind == EV_SG_BARRIER || e->sg_scope ? "sub-group" : "work-group");
			fputc('\n', out);
		}
}

void acc_dump_observed(struct cls_ctx *ctx, FILE *out)
{
	if (!ctx->facts || !ctx->facts->acc)
		return;
	for (unsigned i = 0; i < ctx->facts->acc->kernels.len; i++)
		dump_kernel(ctx, ctx->facts->acc->kernels.items[i], out);
}
