/*
 * diag.c - collecting diagnostics (diag_ prefix).
 *
 * Rules report into the file's list; the driver sorts it by file, line,
 * column and rule, drops duplicates, and every formatter (output.c) prints
 * the same list.  Nothing is printed where it is found.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "diag.h"

static int rule_index(const struct cls_rule *r)
{
	for (unsigned i = 0; i < cls_nrules; i++)
		if (cls_rules[i] == r)
			return (int)i;
	return -1;
}

int diag_rule_index(const struct cls_rule *r)
{
	return rule_index(r);
}

bool diag_rule_enabled(const struct cls_options *o, const struct cls_rule *r)
{
	int i = rule_index(r);
	if (i < 0 || (unsigned)i >= sizeof o->rule_enabled)
		return true;
	return o->rule_enabled[i] != 2;
}

/* The severity a rule reports at: the configuration's override or its default. */
static enum cls_severity rule_severity(const struct cls_options *o, const struct cls_rule *r)
{
	int i = rule_index(r);
	if (i >= 0 && (unsigned)i < sizeof o->rule_severity && o->rule_severity[i])
		return (enum cls_severity)(o->rule_severity[i] - 1);
	return r->severity;
}

static const char *vfmt(struct mem_arena *a, const char *fmt, va_list ap)
{
	char small[512];
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return "";
	if ((size_t)n < sizeof small)
		return mem_strndup(a, small, (size_t)n);
	char *p = mem_alloc(a, (size_t)n + 1);
	if (p)
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

struct cls_diag *cls_report(struct cls_ctx *ctx, const struct cls_rule *rule,
			    struct cls_range range, const char *fmt, ...)
{
	if (!diag_rule_enabled(ctx->opt, rule))
		return NULL;
	struct cls_diag *d = MEM_NEW(ctx->arena, struct cls_diag);
	if (!d)
		return NULL;
	va_list ap;
	va_start(ap, fmt);
	d->msg = vfmt(ctx->arena, fmt, ap);
	va_end(ap);
	d->rule = rule;
	d->severity = rule_severity(ctx->opt, rule);
	if (rule == &cls_rule_unsupported && ctx->opt->strict)
		d->severity = CLS_ERROR;
	d->range = range;
	if (!d->range.begin.file)
		d->range.begin.file = ctx->result->path;
	if (!d->range.end.file)
		d->range.end = d->range.begin;
	mem_vec_push(ctx->arena, &ctx->result->diags, d);
	return d;
}

void cls_note(struct cls_ctx *ctx, struct cls_diag *d, struct cls_range range,
	      const char *fmt, ...)
{
	if (!d)
		return;
	struct cls_note *n = MEM_ARRAY(ctx->arena, struct cls_note, d->nnotes + 1);
	if (!n)
		return;
	if (d->nnotes)
		memcpy(n, d->notes, d->nnotes * sizeof *n);
	va_list ap;
	va_start(ap, fmt);
	n[d->nnotes].msg = vfmt(ctx->arena, fmt, ap);
	va_end(ap);
	n[d->nnotes].range = range;
	if (!n[d->nnotes].range.begin.file)
		n[d->nnotes].range.begin.file = ctx->result->path;
	d->notes = n;
	d->nnotes++;
}

struct cls_fix *cls_fixit(struct cls_ctx *ctx, struct cls_diag *d, struct cls_range range,
			  const char *text, const char *label)
{
	if (!d)
		return NULL;
	struct cls_fix *f = MEM_ARRAY(ctx->arena, struct cls_fix, d->nfixes + 1);
	if (!f)
		return NULL;
	if (d->nfixes)
		memcpy(f, d->fixes, d->nfixes * sizeof *f);
	f[d->nfixes].range = range;
	f[d->nfixes].text = mem_strdup(ctx->arena, text);
	f[d->nfixes].label = mem_strdup(ctx->arena, label);
	f[d->nfixes].safe = false;
	d->fixes = f;
	return &f[d->nfixes++];
}

static int pos_cmp(const struct cls_pos *a, const struct cls_pos *b)
{
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

static int diag_cmp(const void *pa, const void *pb)
{
	const struct cls_diag *a = *(const struct cls_diag *const *)pa;
	const struct cls_diag *b = *(const struct cls_diag *const *)pb;
	int c = pos_cmp(&a->range.begin, &b->range.begin);
	if (c)
		return c;
	c = strcmp(a->rule->id, b->rule->id);
	if (c)
		return c;
	c = strcmp(a->msg, b->msg);
	if (c)
		return c;
	/* Same finding reached twice (a helper analyzed in two contexts): keep
	 * a stable order of the duplicates by their first note. */
	if (a->nnotes && b->nnotes)
		return pos_cmp(&a->notes[0].range.begin, &b->notes[0].range.begin);
	return (a->nnotes > b->nnotes) - (a->nnotes < b->nnotes);
}

/* Sort one list of diagnostics and drop its duplicates. */
static void sort_unique(struct mem_vec *v)
{
	if (v->len < 2)
		return;
	qsort(v->items, v->len, sizeof *v->items, diag_cmp);
	unsigned j = 1;
	for (unsigned i = 1; i < v->len; i++) {
		const struct cls_diag *p = v->items[j - 1], *d = v->items[i];
		if (d->rule == p->rule && !pos_cmp(&d->range.begin, &p->range.begin) &&
		    !strcmp(d->msg, p->msg))
			continue;
		v->items[j++] = v->items[i];
	}
	v->len = j;
}

void diag_finish(struct cls_result *r)
{
	sort_unique(&r->diags);
	sort_unique(&r->suppressed);
}

enum cls_severity cls_effective_severity(const struct cls_options *o, const struct cls_diag *d)
{
	if (o->werror && d->severity == CLS_WARNING)
		return CLS_ERROR;
	return d->severity;
}
