/*
 * suppress.c - suppression comments (sup_ prefix).
 *
 * The file's comments are scanned once, after the rules ran: each directive
 * becomes one entry per rule it names, covering a range of lines (its own,
 * the next, a begin..end region, or the whole file).  A diagnostic whose
 * primary location is in the linted file and on a covered line is dropped
 * and marks every entry that covered it as used.  Problems with the comments
 * themselves are reported as CLS902 [suppression], which no comment hides.
 */
#include <limits.h>
#include <string.h>

#include "diag.h"
#include "suppress.h"

enum sup_kind {
	SUP_LINE,        /* disable=: the comment's line */
	SUP_NEXT_LINE,   /* disable-next-line=: the line after the comment */
	SUP_BEGIN,       /* disable-begin=: up to the matching disable-end */
	SUP_END,         /* disable-end=: closes a region, suppresses nothing itself */
	SUP_FILE,        /* disable-file=: every line; only in the top comments */
};

static const char *const kind_names[] = { "disable", "disable-next-line", "disable-begin",
					  "disable-end", "disable-file" };

/* One rule named by one directive. */
struct sup_entry {
	enum sup_kind kind;
	struct cls_range at;         /* the directive's text, for CLS902 */
	const struct cls_rule *rule; /* NULL: all */
	const char *name;            /* as written */
	unsigned first, last;        /* lines covered; first > last: none */
	bool used;                   /* hid a diagnostic */
	const char *reason;          /* after " -- ", "" when none (SARIF's justification) */
	bool open;                   /* disable-begin still waiting for its end */
};

struct sup_scan {
	struct cls_ctx *ctx;
	struct mem_vec entries;      /* struct sup_entry *, in source order */
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Add one entry per rule of `list` (n bytes, comma separated) to s. */
static void add_rules(struct sup_scan *s, enum sup_kind kind, const struct cls_range *at,
		      const char *list, size_t n, unsigned first, unsigned last, const char *reason)
{
	struct cls_ctx *ctx = s->ctx;
	size_t i = 0;
	while (i < n) {
		while (i < n && (is_blank(list[i]) || list[i] == ','))
			i++;
		size_t b = i;
		while (i < n && list[i] != ',' && !is_blank(list[i]))
			i++;
		if (i == b)
			break;
		const char *name = mem_strndup(ctx->arena, list + b, i - b);
		const struct cls_rule *rule = NULL;
		if (!name)
			return;
		if (strcmp(name, "all") && !(rule = cls_rule_by_name(name))) {
			cls_report(ctx, &cls_rule_suppression, *at,
				   "unknown rule '%s' in a suppression comment (see --list-rules)", name);
			continue;
		}
		struct sup_entry *e = MEM_NEW(ctx->arena, struct sup_entry);
		if (!e)
			return;
		*e = (struct sup_entry){ .kind = kind, .at = *at, .rule = rule, .name = name,
					 .first = first, .last = last, .open = kind == SUP_BEGIN,
					 .reason = reason };
		mem_vec_push(ctx->arena, &s->entries, e);
	}
}

/*
 * One comment: `text` (n bytes) is its body, which starts at line:col and
 * ends on end_line; `top` says no code came before it.  A body that starts
 * with "clsynclint:" is a directive.
 */
static void comment(void *d, const char *text, size_t n, unsigned line, unsigned col,
		    unsigned end_line, bool top)
{
	struct sup_scan *s = d;
	static const char tag[] = "clsynclint:";
	size_t i = 0;
	while (i < n && is_blank(text[i]))
		i++;
	if (n - i < sizeof tag - 1 || memcmp(text + i, tag, sizeof tag - 1))
		return;
	/* The directive's range: from the tag to the end of its line's text. */
	size_t eol = i;
	while (eol < n && text[eol] != '\n')
		eol++;
	while (eol > i + 1 && is_blank(text[eol - 1]))
		eol--;
	struct cls_range at;
	at.begin = (struct cls_pos){ s->ctx->result->path, line, col + (unsigned)i };
	at.end = (struct cls_pos){ s->ctx->result->path, line, col + (unsigned)eol };
	i += sizeof tag - 1;
	while (i < n && is_blank(text[i]))
		i++;
	size_t kb = i;
	while (i < n && ((text[i] >= 'a' && text[i] <= 'z') || text[i] == '-'))
		i++;
	size_t klen = i - kb;
	if (klen == 6 && !memcmp(text + kb, "assume", 6))
		return; /* a fact for the analyses (assume.c) */
	int kind = -1;
	for (int k = 0; k < (int)(sizeof kind_names / sizeof kind_names[0]); k++)
		if (strlen(kind_names[k]) == klen && !memcmp(text + kb, kind_names[k], klen))
			kind = k;
	if (kind < 0) {
		cls_report(s->ctx, &cls_rule_suppression, at,
			   "unknown directive '%.*s' in a clsynclint: comment (disable, "
			   "disable-next-line, disable-begin, disable-end, disable-file, assume)",
			   (int)klen, text + kb);
		return;
	}
	while (i < n && is_blank(text[i]))
		i++;
	if (i == n || text[i] != '=') {
		cls_report(s->ctx, &cls_rule_suppression, at,
			   "'%s' needs a rule list: %s=RULE[,RULE] (a name, an id or 'all')",
			   kind_names[kind], kind_names[kind]);
		return;
	}
	i++;
	/* The list ends at " -- reason" or at the end of the comment's line. */
	size_t lb = i, le = i;
	while (le < n && text[le] != '\n' && !(text[le] == '-' && le + 1 < n && text[le + 1] == '-'))
		le++;
	if (kind == SUP_FILE && !top) {
		cls_report(s->ctx, &cls_rule_suppression, at,
			   "disable-file must be in the comments at the top of the file, before any "
			   "code; ignored");
		return;
	}
	unsigned first = line, last = line;
	if (kind == SUP_NEXT_LINE)
		first = last = end_line + 1;
	else if (kind == SUP_FILE)
		first = 1, last = UINT_MAX;
	else if (kind == SUP_END)
		first = 1, last = 0;
	/* The reason: from after "--" to the end of the line, blanks trimmed. */
	size_t rb = le, re = le;
	if (rb + 1 < n && text[rb] == '-' && text[rb + 1] == '-') {
		rb += 2;
		re = rb;
		while (re < n && text[re] != '\n')
			re++;
		while (rb < re && is_blank(text[rb]))
			rb++;
		while (re > rb && is_blank(text[re - 1]))
			re--;
	}
	const char *reason = mem_strndup(s->ctx->arena, text + rb, re - rb);
	size_t before = s->entries.len;
	add_rules(s, (enum sup_kind)kind, &at, text + lb, le - lb, first, last, reason ? reason : "");
	if (s->entries.len == before && !mem_failed(s->ctx->arena)) {
		bool any = false;
		for (size_t k = lb; k < le; k++)
			any |= !is_blank(text[k]) && text[k] != ',';
		if (!any)
			cls_report(s->ctx, &cls_rule_suppression, at,
				   "'%s' needs a rule list: %s=RULE[,RULE] (a name, an id or 'all')",
				   kind_names[kind], kind_names[kind]);
	}
}

void sup_comments(const char *p, size_t n, cls_comment_fn *fn, void *d)
{
	unsigned line = 1, col = 1;
	bool code = false;
	size_t i = 0;
#define ADVANCE()                                  \
	do {                                       \
		if (p[i] == '\n')                  \
			line++, col = 1;           \
		else                               \
			col++;                     \
		i++;                               \
	} while (0)
	while (i < n) {
		char c = p[i];
		if (c == '/' && i + 1 < n && (p[i + 1] == '/' || p[i + 1] == '*')) {
			bool block = p[i + 1] == '*';
			unsigned l0 = line, c0 = col + 2;
			ADVANCE();
			ADVANCE();
			size_t b = i;
			while (i < n) {
				if (block && p[i] == '*' && i + 1 < n && p[i + 1] == '/')
					break;
				if (!block && p[i] == '\n' && !(i > b && p[i - 1] == '\\'))
					break;
				ADVANCE();
			}
			fn(d, p + b, i - b, l0, c0, line, !code);
			if (block && i < n) {
				ADVANCE();
				ADVANCE();
			}
			continue;
		}
		if (c == '"' || c == '\'') {
			code = true;
			ADVANCE();
			while (i < n && p[i] != c && p[i] != '\n') {
				if (p[i] == '\\' && i + 1 < n)
					ADVANCE();
				ADVANCE();
			}
			if (i < n && p[i] == c)
				ADVANCE();
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
			code = true;
		ADVANCE();
	}
#undef ADVANCE
}

/* Match every disable-end to the latest open disable-begin of the same rule;
 * report what stays unpaired. */
static void pair_regions(struct sup_scan *s)
{
	struct mem_vec *v = &s->entries;
	for (unsigned i = 0; i < v->len; i++) {
		struct sup_entry *e = v->items[i];
		if (e->kind != SUP_END)
			continue;
		struct sup_entry *b = NULL;
		for (unsigned j = i; j-- > 0;) {
			struct sup_entry *x = v->items[j];
			if (x->kind == SUP_BEGIN && x->open && x->rule == e->rule) {
				b = x;
				break;
			}
		}
		if (!b) {
			cls_report(s->ctx, &cls_rule_suppression, e->at,
				   "disable-end=%s has no matching disable-begin above it", e->name);
			continue;
		}
		b->open = false;
		b->last = e->at.begin.line;
	}
	for (unsigned i = 0; i < v->len; i++) {
		struct sup_entry *e = v->items[i];
		if (e->kind == SUP_BEGIN && e->open) {
			cls_report(s->ctx, &cls_rule_suppression, e->at,
				   "disable-begin=%s has no matching disable-end; it suppresses nothing",
				   e->name);
			e->last = 0;
		}
	}
}

/* Does diagnostic d lie in the linted file, where comments can reach it? */
static bool in_file(const struct cls_ctx *ctx, const struct cls_diag *d)
{
	const char *f = d->range.begin.file;
	return f == ctx->result->path || (f && !strcmp(f, ctx->result->path));
}

void sup_apply(struct cls_ctx *ctx)
{
	struct cls_result *r = ctx->result;
	if (!r->source)
		return;
	struct sup_scan s = { .ctx = ctx };
	/* The diagnostics the rules reported; CLS902s of the scan come after them. */
	unsigned nrule_diags = r->diags.len;
	sup_comments(r->source, r->source_len, comment, &s);
	pair_regions(&s);

	unsigned j = 0;
	for (unsigned i = 0; i < r->diags.len; i++) {
		struct cls_diag *d = r->diags.items[i];
		const char *hidden = NULL;
		if (i < nrule_diags && d->rule != &cls_rule_suppression && in_file(ctx, d)) {
			unsigned line = d->range.begin.line;
			for (unsigned k = 0; k < s.entries.len; k++) {
				struct sup_entry *e = s.entries.items[k];
				if ((!e->rule || e->rule == d->rule) && e->first <= line &&
				    line <= e->last) {
					e->used = true;
					/* The first comment that covers it gives the reason. */
					if (!hidden || (!*hidden && *e->reason))
						hidden = e->reason;
				}
			}
		}
		if (hidden) {
			r->nsuppressed++;
			d->justification = hidden;
			mem_vec_push(ctx->arena, &r->suppressed, d);
		} else
			r->diags.items[j++] = d;
	}
	r->diags.len = j;

	if (!ctx->opt->report_unused_suppressions)
		return;
	for (unsigned k = 0; k < s.entries.len; k++) {
		struct sup_entry *e = s.entries.items[k];
		/* A rule that is off cannot be reported: its suppressions are not stale. */
		if (e->used || e->kind == SUP_END || e->first > e->last ||
		    (e->rule && !diag_rule_enabled(ctx->opt, e->rule)))
			continue;
		cls_report(ctx, &cls_rule_suppression, e->at,
			   "unused suppression: %s=%s hid no diagnostic", kind_names[e->kind], e->name);
	}
}
