/*
 * assume.c - facts a kernel author states about the host (fact_ prefix).
 * See assume.h for the syntax.  A small recursive-descent parser turns each
 * fact into a tree; decide.c translates the trees of the facts that apply
 * to a kernel into constraints.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "assume.h"
#include "facts.h"
#include "suppress.h"

struct parser {
	struct mem_arena *a;
	const char *p, *end;
	const char *err;             /* the first problem, or NULL */
};

static void skip(struct parser *ps)
{
	while (ps->p < ps->end && isspace((unsigned char)*ps->p))
		ps->p++;
}

static bool eat(struct parser *ps, const char *tok)
{
	size_t n = strlen(tok);
	skip(ps);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, tok, n))
		return false;
	/* "<" must not take the first half of "<=", "&" of "&&"... */
	if (n == 1 && ps->p + 1 < ps->end && strchr("<>=!", *tok) && ps->p[1] == '=')
		return false;
	ps->p += n;
	return true;
}

static struct fact_node *node(struct parser *ps, unsigned op)
{
	struct fact_node *n = MEM_NEW(ps->a, struct fact_node);
	if (n)
		n->op = (unsigned char)op;
	return n;
}

static struct fact_node *bin(struct parser *ps, unsigned sub, struct fact_node *x,
			     struct fact_node *y)
{
	struct fact_node *n = x && y ? node(ps, FN_BIN) : NULL;
	if (n) {
		n->sub = (unsigned char)sub;
		n->a = x;
		n->b = y;
	}
	return n;
}

static struct fact_node *expr(struct parser *ps, unsigned depth);

static void fail(struct parser *ps, const char *why)
{
	if (!ps->err)
		ps->err = why;
}

static struct fact_node *primary(struct parser *ps, unsigned depth)
{
	skip(ps);
	if (depth > 64) {
		fail(ps, "nested too deeply");
		return NULL;
	}
	if (eat(ps, "(")) {
		struct fact_node *e = expr(ps, depth + 1);
		if (!eat(ps, ")"))
			fail(ps, "a ')' is missing");
		return e;
	}
	if (eat(ps, "-")) {
		struct fact_node *n = node(ps, FN_NEG);
		if (n)
			n->a = primary(ps, depth + 1);
		return n && n->a ? n : NULL;
	}
	if (eat(ps, "!")) {
		struct fact_node *n = node(ps, FN_NOT);
		if (n)
			n->a = primary(ps, depth + 1);
		return n && n->a ? n : NULL;
	}
	if (ps->p < ps->end && isdigit((unsigned char)*ps->p)) {
		char *e;
		unsigned long long v = strtoull(ps->p, &e, 0);
		if (e > ps->end || v > (1ULL << 62)) {
			fail(ps, "a number is out of range");
			return NULL;
		}
		ps->p = e;
		while (ps->p < ps->end && strchr("uUlL", *ps->p))
			ps->p++;
		struct fact_node *n = node(ps, FN_NUM);
		if (n)
			n->v = (long long)v;
		return n;
	}
	const char *b = ps->p;
	/* a name, or a field of an argument passed by value: cb.n, p.dims.x */
	while (ps->p < ps->end &&
	       (isalnum((unsigned char)*ps->p) || *ps->p == '_' ||
		(*ps->p == '.' && ps->p > b && ps->p + 1 < ps->end &&
		 (isalpha((unsigned char)ps->p[1]) || ps->p[1] == '_'))))
		ps->p++;
	if (ps->p == b || isdigit((unsigned char)*b)) {
		fail(ps, "expected a kernel argument, a number, get_local_size(d), "
			 "get_global_size(d) or get_num_groups(d)");
		return NULL;
	}
	size_t len = (size_t)(ps->p - b);
	static const struct { const char *name; unsigned op; } calls[] = {
		{ "get_local_size", FN_LSZ }, { "get_global_size", FN_GSZ },
		{ "get_num_groups", FN_NGRP }, { "get_enqueued_local_size", FN_LSZ },
	};
	for (unsigned i = 0; i < sizeof calls / sizeof calls[0]; i++) {
		if (strlen(calls[i].name) != len || memcmp(b, calls[i].name, len))
			continue;
		skip(ps);
		unsigned d = 3;
		if (eat(ps, "(")) {
			skip(ps);
			if (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '2')
				d = (unsigned)(*ps->p++ - '0');
			if (!eat(ps, ")"))
				d = 3;
		}
		if (d > 2) {
			fail(ps, "a launch size needs its dimension: get_global_size(0), 1 or 2");
			return NULL;
		}
		struct fact_node *n = node(ps, calls[i].op);
		if (n)
			n->dim = (unsigned char)d;
		return n;
	}
	struct fact_node *n = node(ps, FN_ARG);
	if (n)
		n->name = mem_strndup(ps->a, b, len);
	return n;
}

/* Binary levels, loosest first: || && comparisons + - * / % */
static struct fact_node *level(struct parser *ps, unsigned lv, unsigned depth)
{
	static const struct { const char *tok; unsigned sub; } ops[][6] = {
		{ { "||", IR_B_LOR } },
		{ { "&&", IR_B_LAND } },
		{ { "<=", IR_B_LE }, { ">=", IR_B_GE }, { "==", IR_B_EQ }, { "!=", IR_B_NE },
		  { "<", IR_B_LT }, { ">", IR_B_GT } },
		{ { "+", IR_B_ADD }, { "-", IR_B_SUB } },
		{ { "*", IR_B_MUL }, { "/", IR_B_DIV }, { "%", IR_B_REM } },
	};
	if (lv == sizeof ops / sizeof ops[0])
		return primary(ps, depth);
	struct fact_node *x = level(ps, lv + 1, depth + 1);
	for (;;) {
		unsigned sub = 0;
		for (unsigned i = 0; i < 6 && ops[lv][i].tok && !sub; i++)
			if (eat(ps, ops[lv][i].tok))
				sub = ops[lv][i].sub;
		if (!sub || !x)
			return x;
		x = bin(ps, sub, x, level(ps, lv + 1, depth + 1));
	}
}

static struct fact_node *expr(struct parser *ps, unsigned depth)
{
	return level(ps, 0, depth);
}

bool fact_parse(struct mem_arena *a, const char *text, size_t n, struct fact_node **out,
		const char **why)
{
	struct parser ps = { a, text, text + n, NULL };
	*out = expr(&ps, 0);
	skip(&ps);
	if (!ps.err && ps.p != ps.end)
		ps.err = "unexpected text after the condition";
	if (!ps.err && !*out)
		ps.err = mem_failed(a) ? "out of memory" : "an empty condition";
	*why = ps.err;
	return !ps.err;
}

/* The integer value of an object-like macro NAME: a -D option, or a
 * `#define NAME <integer>` line of the file (the last one wins, as in the
 * preprocessor).  Facts are comments, so their macros are expanded here. */
static bool macro_value(struct cls_ctx *ctx, const char *name, long long *v)
{
	size_t n = strlen(name);
	bool found = false;
	const struct cls_options *o = ctx->opt;
	for (unsigned i = 0; i < o->ncc_args; i++) {
		const char *a = o->cc_args[i];
		if (strncmp(a, "-D", 2) || strncmp(a + 2, name, n) || a[2 + n] != '=')
			continue;
		char *end;
		long long x = strtoll(a + 3 + n, &end, 0);
		if (end != a + 3 + n && !*end) {
			*v = x;
			found = true;
		}
	}
	if (found)
		return true;
	const char *p = ctx->result->source, *e = p + ctx->result->source_len;
	while (p < e) {
		const char *eol = memchr(p, '\n', (size_t)(e - p));
		if (!eol)
			eol = e;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (eol - q > 7 && *q == '#') {
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if (eol - q > 7 && !memcmp(q, "define", 6) && (q[6] == ' ' || q[6] == '\t')) {
				q += 6;
				while (q < eol && (*q == ' ' || *q == '\t'))
					q++;
				if ((size_t)(eol - q) > n && !memcmp(q, name, n) &&
				    (q[n] == ' ' || q[n] == '\t')) {
					char *end;
					long long x = strtoll(q + n, &end, 0);
					while (end < eol && strchr("uUlL \t\r", *end))
						end++;
					if (end == eol && end != q + n) {
						*v = x;
						found = true;
					}
				}
			}
		}
		p = eol + 1;
	}
	return found;
}

/* Replace the identifiers of e that name macro constants by their values. */
static void expand_macros(struct cls_ctx *ctx, struct fact_node *e)
{
	if (!e)
		return;
	long long v;
	if (e->op == FN_ARG && macro_value(ctx, e->name, &v)) {
		bool arg = false;
		for (unsigned i = 0; i < ctx->unit->funcs.len && !arg; i++) {
			const struct ir_func *f = ctx->unit->funcs.items[i];
			for (unsigned j = 0; f->is_kernel && j < f->nparams; j++)
				arg |= f->params[j]->name && !strcmp(f->params[j]->name, e->name);
		}
		if (!arg) {
			e->op = FN_NUM;
			e->v = v;
		}
	}
	expand_macros(ctx, e->a);
	expand_macros(ctx, e->b);
}

/* Mark the identifiers of e that name a macro constant the build does not
 * define (zero configuration assumed it for the file). */
static void mark_macros(struct cls_ctx *ctx, struct fact_node *e)
{
	if (!e)
		return;
	for (unsigned i = 0; e->op == FN_ARG && i < ctx->unit->macros.len; i++)
		e->macro |= !strcmp(((const struct ir_var *)ctx->unit->macros.items[i])->name,
				    e->name);
	mark_macros(ctx, e->a);
	mark_macros(ctx, e->b);
}

static bool names_only(const struct fact_node *e, const struct ir_func *f)
{
	if (!e)
		return true;
	if (e->op == FN_ARG && e->macro)
		return true;
	if (e->op == FN_ARG) {
		/* cb.n names a field of struct argument cb */
		const char *dot = strchr(e->name, '.');
		size_t n = dot ? (size_t)(dot - e->name) : strlen(e->name);
		for (unsigned i = 0; i < f->nparams; i++) {
			const struct ir_var *p = f->params[i];
			if (p->name && strlen(p->name) == n && !memcmp(p->name, e->name, n) &&
			    (!dot || (p->type && p->type->kind == T_STRUCT)))
				return true;
		}
		return false;
	}
	return names_only(e->a, f) && names_only(e->b, f);
}

bool fact_applies(const struct fact *x, const struct ir_func *f)
{
	return f->is_kernel && names_only(x->e, f);
}

static void add_fact(struct cls_ctx *ctx, const char *text, size_t n, struct cls_range at)
{
	struct fact_node *e;
	const char *why;
	while (n && (*text == ' ' || *text == '\t'))
		text++, n--;
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r'))
		n--;
	if (!fact_parse(ctx->arena, text, n, &e, &why)) {
		cls_report(ctx, &cls_rule_assumption, at, "malformed assumption '%.*s': %s",
			   (int)n, text, why);
		return;
	}
	expand_macros(ctx, e);
	mark_macros(ctx, e);
	struct fact *x = MEM_NEW(ctx->arena, struct fact);
	if (!x)
		return;
	x->at = at;
	x->text = mem_strndup(ctx->arena, text, n);
	x->e = e;
	for (unsigned i = 0; i < ctx->unit->funcs.len && !x->used; i++)
		x->used = fact_applies(x, ctx->unit->funcs.items[i]);
	if (!x->used) {
		cls_report(ctx, &cls_rule_assumption, at, "the assumption '%s' names something that "
			   "is not an argument of any kernel in this file; it is ignored", x->text);
		return;
	}
	mem_vec_push(ctx->arena, &ctx->facts->assumed, x);
}

static void on_comment(void *d, const char *text, size_t n, unsigned line, unsigned col,
		       unsigned end_line, bool top)
{
	struct cls_ctx *ctx = d;
	static const char tag[] = "clsynclint:";
	(void)end_line;
	(void)top;
	size_t i = 0;
	while (i < n && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (n - i < sizeof tag - 1 || memcmp(text + i, tag, sizeof tag - 1))
		return;
	size_t at0 = i;
	i += sizeof tag - 1;
	while (i < n && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (n - i < 6 || memcmp(text + i, "assume", 6) ||
	    (i + 6 < n && text[i + 6] != ' ' && text[i + 6] != '\t'))
		return;
	i += 6;
	size_t e = i;
	while (e < n && text[e] != '\n')
		e++;
	/* a reason may follow " -- " as in suppressions */
	for (size_t k = i; k + 1 < e; k++)
		if (text[k] == '-' && text[k + 1] == '-') {
			e = k;
			break;
		}
	struct cls_range at;
	at.begin = (struct cls_pos){ ctx->result->path, line, col + (unsigned)at0 };
	at.end = (struct cls_pos){ ctx->result->path, line, col + (unsigned)e };
	add_fact(ctx, text + i, e - i, at);
}

void fact_collect(struct cls_ctx *ctx)
{
	const struct cls_options *o = ctx->opt;
	struct cls_range none = { { ctx->result->path, 1, 1 }, { ctx->result->path, 1, 1 } };
	for (unsigned i = 0; i < o->nassumes; i++)
		add_fact(ctx, o->assumes[i], strlen(o->assumes[i]), none);
	sup_comments(ctx->result->source, ctx->result->source_len, on_comment, ctx);
}
