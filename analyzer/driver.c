/*
 * driver.c - one file through the whole pipeline (cls_lint).
 *
 *   input checks -> frontend (parse, lower) -> analyses -> rules -> sort
 */
#include <string.h>
#include <time.h>

#include "diag.h"
#include "access.h"
#include "race.h"
#include "facts.h"
#include "assume.h"
#include "suppress.h"

void cls_options_init(struct cls_options *o)
{
	memset(o, 0, sizeof *o);
	o->cl_std = "CL3.0";
	o->min_severity = CLS_NOTE;
	o->fast_builtins = true;
	o->budget_seconds = 60;
	o->assume_macros = true;
}

bool cls_over_budget(struct cls_ctx *ctx)
{
	if (ctx->over_budget)
		return true;
	if (!ctx->opt->budget_seconds || (++ctx->budget_calls & 63))
		return false;
	if (cls_now() > ctx->deadline)
		ctx->over_budget = true;
	return ctx->over_budget;
}

static void not_analyzed(struct cls_result *r, const char *why)
{
	r->status = CLS_FILE_NOT_ANALYZED;
	r->reason = why;
}

/*
 * Record the kernels the analyses check: those defined in the file, not in a
 * header it includes.  A file without one (a header of helpers) compiled,
 * but nothing in it was checked: its status and a note say so, so that a
 * report tells it from a clean file.
 */
static void find_kernels(struct cls_ctx *ctx)
{
	struct cls_result *r = ctx->result;
	for (unsigned i = 0; i < ctx->unit->funcs.len; i++) {
		const struct ir_func *f = ctx->unit->funcs.items[i];
		if (!f->is_kernel || !f->in_main_file)
			continue;
		struct cls_kernel_rec *k = MEM_NEW(&r->arena, struct cls_kernel_rec);
		if (!k)
			return;
		k->name = f->name;
		k->pos = f->name_pos;
		mem_vec_push(&r->arena, &r->kernels, k);
	}
	if (r->kernels.len)
		return;
	r->status = CLS_FILE_NO_KERNEL;
	const struct ir_unit *u = ctx->unit;
	if (u->kernels_behind.len) {
		/* Not a header of helpers: the build's options left its kernels
		 * out.  The options, "-D A, -D B or '-D C -D D'" (alternatives;
		 * several options for one kernel quoted). */
		const char *sel = "";
		unsigned n = u->kernels_select.len;
		for (unsigned i = 0; i < n; i++) {
			const char *x = u->kernels_select.items[i];
			bool several = strchr(strchr(x, ' ') + 1, ' ') != NULL;
			sel = mem_printf(&r->arena, "%s%s%s%s%s", sel, !i ? "" : i + 1 == n ? " or " : ", ",
					 several ? "'" : "", x, several ? "'" : "");
		}
		mem_vec_push(&r->arena, &r->notes,
			     mem_printf(&r->arena, "no kernel in this file is compiled: the kernels here "
					"are behind %s, which the build leaves out; %s%s (nothing was "
					"checked)", cls_name_list(&r->arena, &u->kernels_behind),
					*sel ? "give " : "the build's options select them",
					sel));
		return;
	}
	mem_vec_push(&r->arena, &r->notes,
		     (void *)"no kernel in this file: nothing was checked (its functions are "
			     "checked through the kernels that call them)");
}

/* Report what the frontend could not model, once per construct and line. */
static void report_unsupported(struct cls_ctx *ctx)
{
	struct mem_vec *v = &ctx->unit->unsupported;
	for (unsigned i = 0; i < v->len; i++) {
		const struct ir_unsupported *x = v->items[i];
		struct cls_range r = { x->pos, x->pos };
		cls_report(ctx, &cls_rule_unsupported, r,
			   "unsupported: %s is not modelled; %s may miss findings here",
			   x->what, x->weakened);
	}
}

const char *cls_name_list(struct mem_arena *a, const struct mem_vec *v)
{
	const char *t = "";
	for (unsigned i = 0; i < v->len; i++)
		t = mem_printf(a, "%s%s%s", t, !i ? "" : i + 1 == v->len ? " and " : ", ",
			       (const char *)v->items[i]);
	return t;
}

const char *cls_macro_note(struct mem_arena *a, const struct mem_vec *consts,
			   const struct mem_vec *types)
{
	if (!consts->len && !types->len)
		return NULL;
	const char *c = consts->len
		? mem_printf(a, "%s, analyzed as %s", cls_name_list(a, consts),
			     consts->len == 1 ? "an unknown integer constant" : "unknown integer constants")
		: NULL;
	/* Types by what they were taken for and why, in the order first seen. */
	const char *t = NULL;
	bool *done = types->len ? MEM_ARRAY(a, bool, types->len) : NULL;
	for (unsigned i = 0; done && i < types->len; i++) {
		if (done[i])
			continue;
		const char *as = strpbrk(types->items[i], "=:#");
		struct mem_vec names = { 0 };
		for (unsigned j = i; j < types->len; j++) {
			const char *x = types->items[j], *xas = strpbrk(x, "=:#");
			if (done[j] || (!as != !xas) || (as && strcmp(as, xas)))
				continue;
			done[j] = true;
			mem_vec_push(a, &names, xas ? mem_strndup(a, x, (size_t)(xas - x)) : (void *)x);
		}
		const char *why = !as ? "" : *as == ':' ? " (used with vector components)"
				 : *as == '#' ? " (used as an integer: an index, an operand of %)"
				 : names.len > 1 ? " (vector types' names)" : " (a vector type's name)";
		const char *g = mem_printf(a, "%s, analyzed as %s%s", cls_name_list(a, &names),
					   as ? as + 1 : "float", why);
		t = t ? mem_printf(a, "%s; %s", t, g) : g;
	}
	return mem_printf(a, "not defined by the build: %s%s%s (give -D NAME=VALUE for their "
			  "values, --no-assume-macros to require them)",
			  c ? c : "", c && t ? "; " : "", t ? t : "");
}

double cls_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cls_analyze(struct cls_ctx *ctx)
{
	struct ir_unit *u = ctx->unit;
	struct cls_result *r = ctx->result;
	double t = cls_now();
	ctx->facts = MEM_NEW(ctx->arena, struct fact_unit);
	if (!ctx->facts)
		return;
	for (unsigned i = 0; i < u->funcs.len; i++) {
		struct ir_func *f = u->funcs.items[i];
		f->facts = MEM_NEW(ctx->arena, struct fact_func);
		if (!f->facts)
			return;
		cfg_analyze(ctx, f);
	}
	fact_collect(ctx);
	bar_analyze(ctx);
	r->t_cfg = cls_now() - t;
	t = cls_now();
	unif_analyze(ctx);
	r->t_uniform = cls_now() - t;
	t = cls_now();
	acc_analyze(ctx);
	dec_check_facts(ctx);
	r->t_access = cls_now() - t;
}

void cls_prewarm(void)
{
	acc_prewarm();
}

void cls_preload(void)
{
	fe_preload();
}

void cls_lint(const struct cls_options *o, const char *display, const char *text,
	      size_t len, struct cls_result *r)
{
	memset(r, 0, sizeof *r);
	mem_init(&r->arena);
	r->path = mem_strdup(&r->arena, display);
	r->status = CLS_FILE_ANALYZED;
	r->source = mem_strndup(&r->arena, text, len);
	r->source_len = len;
	if (!r->path || !r->source) {
		not_analyzed(r, "out of memory");
		return;
	}
	if (len == 0) {
		not_analyzed(r, "empty file");
		return;
	}
	if (memchr(text, 0, len)) {
		not_analyzed(r, "binary file (contains NUL bytes)");
		return;
	}
	/* Text that is not UTF-8 is clang's to judge: it accepts any byte in
	 * comments, skipped #if blocks and string literals (with a warning), and
	 * reports a compile error where it matters (an identifier). */
	if (cls_raw_wrapped(text, len)) {
		/* R"( ... )": the kernel source is the literal's text (embed.c). */
		cls_result_free(r);
		cls_lint_host(o, CLS_HOST_RAW_FILE, display, text, len, r);
		return;
	}

	struct cls_ctx ctx = { .arena = &r->arena, .opt = o, .result = r };
	ctx.deadline = cls_now() + o->budget_seconds;
	acc_prewarm();
	if (!fe_parse(&ctx, r->path, r->source, len)) {
		if (r->status == CLS_FILE_ANALYZED)
			not_analyzed(r, mem_failed(&r->arena) ? "out of memory" : "parse failed");
		diag_finish(r);
		return;
	}
	for (unsigned i = 0; i < ctx.unit->funcs.len; i++) {
		const char *why = ir_verify(ctx.unit->funcs.items[i]);
		if (why) {
			not_analyzed(r, mem_printf(&r->arena, "internal error: IR of '%s': %s",
				((struct ir_func *)ctx.unit->funcs.items[i])->name, why));
			return;
		}
	}
	find_kernels(&ctx);
	cls_analyze(&ctx);
	/* After the analyses: they add what they find they cannot model. */
	report_unsupported(&ctx);
	if (mem_failed(&r->arena)) {
		dec_free(&ctx);
		not_analyzed(r, "out of memory");
		return;
	}
	for (unsigned i = 0; i < cls_nrules; i++) {
		const struct cls_rule *rule = cls_rules[i];
		if (!rule->run || !diag_rule_enabled(o, rule))
			continue;
		ctx.rule = rule;
		double t = cls_now();
		rule->run(&ctx);
		if (i < sizeof r->t_rule / sizeof r->t_rule[0])
			r->t_rule[i] = cls_now() - t;
	}
	if (o->dump && o->dump_out) {
		if (!strcmp(o->dump, "ir")) {
			for (unsigned i = 0; i < ctx.unit->funcs.len; i++)
				ir_dump_func(o->dump_out, ctx.unit->funcs.items[i]);
		} else if (!strcmp(o->dump, "uniformity")) {
			unif_dump(&ctx, o->dump_out);
		} else if (!strcmp(o->dump, "local-accesses")) {
			acc_dump_local(&ctx, o->dump_out);
		} else if (!strcmp(o->dump, "accesses")) {
			acc_dump_observed(&ctx, o->dump_out);
		} else if (!strcmp(o->dump, "intervals")) {
			acc_dump_intervals(&ctx, o->dump_out);
		} else if (!strcmp(o->dump, "conflicts") || !strcmp(o->dump, "smt")) {
			/* every decision the race rules make, whichever are enabled */
			race_find(&ctx, AS_LOCAL);
			race_find(&ctx, AS_GLOBAL);
			race_inter(&ctx);
			spin_find(&ctx);
			if (!strcmp(o->dump, "conflicts"))
				dec_dump(&ctx, o->dump_out);
		}
	}
	unsigned long unknowns;
	dec_stats(&ctx, &r->solver_queries, &r->solver_checks, &unknowns, &r->t_solver);
	dec_free(&ctx);
	if (mem_failed(&r->arena))
		not_analyzed(r, "out of memory");
	if (ctx.over_budget)
		not_analyzed(r, mem_printf(&r->arena, "over the time budget of %g s",
					   o->budget_seconds));
	double t = cls_now();
	/* Suppression comments (suppress.c): after the rules ran, before sorting. */
	sup_apply(&ctx);
	diag_finish(r);
	r->t_sort = cls_now() - t;
	r->peak_arena = r->arena.used_total;
}

void cls_result_free(struct cls_result *r)
{
	mem_free_all(&r->arena);
	memset(r, 0, sizeof *r);
}
