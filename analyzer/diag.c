/*
 * diag.c - collecting diagnostics and printing them (diag_ prefix).
 *
 * Rules report into the file's list; the driver sorts it by file, line,
 * column and rule, drops duplicates, and every formatter prints the same
 * list.  Nothing is printed where it is found.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "diag.h"
#include "sarif.h"

static int rule_index(const struct cls_rule *r)
{
	for (unsigned i = 0; i < cls_nrules; i++)
		if (cls_rules[i] == r)
			return (int)i;
	return -1;
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

/* ------------------------------------------------------------- formatters */

static const char *sev_name(enum cls_severity s)
{
	return s == CLS_ERROR ? "error" : s == CLS_WARNING ? "warning" : "note";
}

#define C_BOLD "\033[1m"
#define C_RED "\033[1;31m"
#define C_MAGENTA "\033[1;35m"
#define C_CYAN "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_RESET "\033[0m"

static const char *sev_color(enum cls_severity s)
{
	return s == CLS_ERROR ? C_RED : s == CLS_WARNING ? C_MAGENTA : C_CYAN;
}

/* Find line `line` (1-based) of the source; returns its length. */
static const char *source_line(const struct cls_result *r, unsigned line, size_t *len)
{
	const char *p = r->source, *end = r->source + r->source_len;
	if (!p || !line)
		return NULL;
	for (unsigned l = 1; l < line; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((nl ? nl : end) - p);
	if (*len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/* (A NUL-terminated string may pass n = 5: the bytes are read in order and
 * the terminator ends the sequence.) */
unsigned diag_utf8_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned c = p[0], k;
	unsigned char lo = 0x80, hi = 0xbf;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 1;
	else if (c >= 0xe0 && c <= 0xef)
		k = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (n <= k || p[1] < lo || p[1] > hi)
		return 0;
	for (unsigned j = 2; j <= k; j++)
		if ((p[j] & 0xc0) != 0x80)
			return 0;
	return k + 1;
}

/* Write n bytes of source text, a byte that is not UTF-8 as U+FFFD, so that
 * the report stays UTF-8 whatever the file's encoding. */
static void put_text(FILE *out, const char *p, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned k = diag_utf8_len(p + i, n - i);
		if (k) {
			fwrite(p + i, 1, k, out);
			i += k;
		} else {
			fputs("\xef\xbf\xbd", out);
			i++;
		}
	}
}

/* Code points [lo, hi] that take no column on a terminal (combining marks,
 * zero-width spaces and joiners, variation selectors) or two (East Asian wide
 * and fullwidth characters, emoji): Unicode's EastAsianWidth W and F and
 * general categories Mn and Me, by block, the way wcwidth(3) sees them. */
struct cp_range {
	unsigned lo, hi;
};
static const struct cp_range zero_width[] = {
	{ 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd }, { 0x0610, 0x061a },
	{ 0x064b, 0x065f }, { 0x0e31, 0x0e31 }, { 0x0e34, 0x0e3a }, { 0x0e47, 0x0e4e },
	{ 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x200b, 0x200f }, { 0x202a, 0x202e },
	{ 0x2060, 0x2064 }, { 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f },
	{ 0xfeff, 0xfeff }, { 0xe0100, 0xe01ef },
};
static const struct cp_range wide[] = {
	{ 0x1100, 0x115f }, { 0x231a, 0x231b }, { 0x2329, 0x232a }, { 0x23e9, 0x23ec },
	{ 0x23f0, 0x23f0 }, { 0x23f3, 0x23f3 }, { 0x25fd, 0x25fe }, { 0x2614, 0x2615 },
	{ 0x2648, 0x2653 }, { 0x267f, 0x267f }, { 0x2693, 0x2693 }, { 0x26a1, 0x26a1 },
	{ 0x26aa, 0x26ab }, { 0x26bd, 0x26be }, { 0x26c4, 0x26c5 }, { 0x26ce, 0x26ce },
	{ 0x26d4, 0x26d4 }, { 0x26ea, 0x26ea }, { 0x26f2, 0x26f3 }, { 0x26f5, 0x26f5 },
	{ 0x26fa, 0x26fa }, { 0x26fd, 0x26fd }, { 0x2705, 0x2705 }, { 0x270a, 0x270b },
	{ 0x2728, 0x2728 }, { 0x274c, 0x274c }, { 0x274e, 0x274e }, { 0x2753, 0x2755 },
	{ 0x2757, 0x2757 }, { 0x2795, 0x2797 }, { 0x27b0, 0x27b0 }, { 0x27bf, 0x27bf },
	{ 0x2b1b, 0x2b1c }, { 0x2b50, 0x2b50 }, { 0x2b55, 0x2b55 }, { 0x2e80, 0x303e },
	{ 0x3041, 0x33ff }, { 0x3400, 0x4dbf }, { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf },
	{ 0xa960, 0xa97f }, { 0xac00, 0xd7a3 }, { 0xf900, 0xfaff }, { 0xfe10, 0xfe19 },
	{ 0xfe30, 0xfe6f }, { 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x16fe0, 0x16fe4 },
	{ 0x17000, 0x18cff }, { 0x1b000, 0x1b2ff }, { 0x1f004, 0x1f004 }, { 0x1f0cf, 0x1f0cf },
	{ 0x1f18e, 0x1f18e }, { 0x1f191, 0x1f19a }, { 0x1f200, 0x1f251 }, { 0x1f300, 0x1f320 },
	{ 0x1f32d, 0x1f335 }, { 0x1f337, 0x1f37c }, { 0x1f37e, 0x1f393 }, { 0x1f3a0, 0x1f3ca },
	{ 0x1f3cf, 0x1f3d3 }, { 0x1f3e0, 0x1f3f0 }, { 0x1f3f4, 0x1f3f4 }, { 0x1f3f8, 0x1f43e },
	{ 0x1f440, 0x1f440 }, { 0x1f442, 0x1f4fc }, { 0x1f4ff, 0x1f53d }, { 0x1f54b, 0x1f54e },
	{ 0x1f550, 0x1f567 }, { 0x1f57a, 0x1f57a }, { 0x1f595, 0x1f596 }, { 0x1f5a4, 0x1f5a4 },
	{ 0x1f5fb, 0x1f64f }, { 0x1f680, 0x1f6c5 }, { 0x1f6cc, 0x1f6cc }, { 0x1f6d0, 0x1f6d2 },
	{ 0x1f6d5, 0x1f6d7 }, { 0x1f6dc, 0x1f6df }, { 0x1f6eb, 0x1f6ec }, { 0x1f6f4, 0x1f6fc },
	{ 0x1f7e0, 0x1f7eb }, { 0x1f7f0, 0x1f7f0 }, { 0x1f90c, 0x1f93a }, { 0x1f93c, 0x1f945 },
	{ 0x1f947, 0x1f9ff }, { 0x1fa70, 0x1faff }, { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
};

static bool in_ranges(unsigned c, const struct cp_range *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c >= r[i].lo && c <= r[i].hi)
			return true;
	return false;
}

/* The character at s (at most n bytes): its length in bytes, and its width
 * on screen in *width.  A byte that is not UTF-8 is one character, shown
 * as U+FFFD (put_text), one column wide. */
static size_t utf8_char(const unsigned char *s, size_t n, unsigned *width)
{
	unsigned c = s[0];
	size_t k = diag_utf8_len((const char *)s, n);
	if (!k) {
		*width = 1;
		return 1;
	}
	if (k > 1)
		c &= 0x3f >> (k - 1);
	for (size_t i = 1; i < k; i++)
		c = c << 6 | (s[i] & 0x3f);
	*width = in_ranges(c, zero_width, sizeof zero_width / sizeof zero_width[0]) ? 0
	       : in_ranges(c, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
	return k;
}

/*
 * The source line and a caret (with ~ under the rest of the range).
 * Columns are bytes (1-based), as in every format; the caret line is
 * drawn in screen columns, so that it lines up under multi-byte and wide
 * characters (and bytes that are not UTF-8, shown as U+FFFD), and keeps
 * the line's tabs.
 */
static void caret(struct cls_output *o, const struct cls_result *r, const struct cls_range *rg)
{
	size_t len;
	if (!rg->begin.file || strcmp(rg->begin.file, r->path))
		return;
	const char *p = source_line(r, rg->begin.line, &len);
	if (!p)
		return;
	fprintf(o->out, "%5u | ", rg->begin.line);
	put_text(o->out, p, len);
	fputs("\n      | ", o->out);
	size_t col = rg->begin.col ? rg->begin.col : 1;
	size_t endcol = rg->end.line == rg->begin.line && rg->end.col > col ? rg->end.col
									    : col + 1;
	if (endcol > len + 1)
		endcol = len + 1;
	if (endcol <= col)
		endcol = col + 1;
	const unsigned char *u = (const unsigned char *)p;
	size_t i = 0;
	unsigned w;
	while (i + 1 < col && i < len) {
		if (u[i] == '\t') {
			fputc('\t', o->out);
			i++;
			continue;
		}
		i += utf8_char(u + i, len - i, &w);
		for (; w; w--)
			fputc(' ', o->out);
	}
	/* Under the range: '^', then '~' to its last screen column. */
	unsigned cols = 0;
	while (i + 1 < endcol && i < len) {
		i += utf8_char(u + i, len - i, &w);
		cols += u[i - 1] == '\t' ? 1 : w;
	}
	if (o->color)
		fputs(C_GREEN, o->out);
	fputc('^', o->out);
	for (unsigned c = 1; c < cols; c++)
		fputc('~', o->out);
	if (o->color)
		fputs(C_RESET, o->out);
	fputc('\n', o->out);
}

static void text_line(struct cls_output *o, const struct cls_pos *p, enum cls_severity s,
		      const char *msg, const char *rule)
{
	if (o->color)
		fprintf(o->out, C_BOLD "%s:%u:%u: %s%s:" C_RESET C_BOLD " %s" C_RESET, p->file,
			p->line, p->col, sev_color(s), sev_name(s), msg);
	else
		fprintf(o->out, "%s:%u:%u: %s: %s", p->file, p->line, p->col, sev_name(s), msg);
	if (rule)
		fprintf(o->out, " [%s]", rule);
	fputc('\n', o->out);
}

/* A note about a whole file: "path: note: msg", in text_line's colors. */
static void text_line_file(struct cls_output *o, const char *path, const char *msg)
{
	if (o->color)
		fprintf(o->out, C_BOLD "%s: %snote:" C_RESET C_BOLD " %s" C_RESET "\n", path,
			sev_color(CLS_NOTE), msg);
	else
		fprintf(o->out, "%s: note: %s\n", path, msg);
}

static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20) {
				fprintf(out, "\\u%04x", *p);
			} else if (*p >= 0x80) {
				/* JSON is UTF-8: a byte that is not (a Latin-1
				 * file name, say) becomes U+FFFD. */
				unsigned k = diag_utf8_len((const char *)p, 5);
				if (k) {
					fwrite(p, 1, k, out);
					p += k - 1;
				} else {
					fputs("\\ufffd", out);
				}
			} else {
				fputc(*p, out);
			}
		}
	}
	fputc('"', out);
}

void cls_output_begin(struct cls_output *o)
{
	memset(o->count, 0, sizeof o->count);
	memset(o->rule_count, 0, sizeof o->rule_count);
	o->suppressed = 0;
	o->nfiles = 0;
	o->files = NULL;
	o->capfiles = 0;
	o->srcroot = NULL;
	if (o->format == CLS_FMT_SARIF || o->format == CLS_FMT_GITHUB)
		o->srcroot = ci_srcroot();
	if (o->format == CLS_FMT_JSON)
		fprintf(o->out, "{\"version\": \"%s\", \"diagnostics\": [", CLS_VERSION);
	if (o->format == CLS_FMT_SARIF)
		sarif_begin(o);
}

const char *cls_file_status_name(enum cls_file_status st)
{
	return st == CLS_FILE_ANALYZED ? "analyzed" : st == CLS_FILE_NO_KERNEL ? "no-kernel"
									      : "not-analyzed";
}

char *cls_file_detail(const struct cls_result *r)
{
	char *text = NULL;
	size_t len = 0;
	if (!r->kernels.len && !r->notes.len)
		return NULL;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return NULL;
	for (unsigned i = 0; i < r->kernels.len; i++) {
		const struct cls_kernel_rec *k = r->kernels.items[i];
		fprintf(m, "K%u:%u:%s\n", k->pos.line, k->pos.col, k->name);
	}
	for (unsigned i = 0; i < r->notes.len; i++) {
		fputc('N', m);
		for (const char *p = r->notes.items[i]; *p; p++)
			fputc(*p == '\n' ? ' ' : *p, m);
		fputc('\n', m);
	}
	if (fclose(m) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* json, sarif: remember a file for the list printed at the end; `detail`
 * (malloc'ed or NULL) becomes the record's. */
static void record_file(struct cls_output *o, const char *path, const char *reason,
			enum cls_file_status status, char *detail)
{
	if (o->nfiles == o->capfiles) {
		unsigned ncap = o->capfiles ? o->capfiles * 2 : 16;
		struct cls_file_rec *n = realloc(o->files, ncap * sizeof *n);
		if (!n) {
			free(detail);
			return;
		}
		o->files = n;
		o->capfiles = ncap;
	}
	struct cls_file_rec *f = &o->files[o->nfiles++];
	f->path = strdup(path);
	f->reason = reason ? strdup(reason) : NULL;
	f->status = (unsigned char)status;
	f->analyzed = status != CLS_FILE_NOT_ANALYZED;
	f->detail = detail;
}

/* text, gcc, github: the notes about the file as a whole, after its
 * diagnostics (hidden, like every note, by --severity above note). */
static void file_notes(struct cls_output *o, const struct cls_options *opt,
		       const struct cls_result *r)
{
	if (opt->min_severity > CLS_NOTE)
		return;
	for (unsigned i = 0; i < r->notes.len; i++) {
		const char *msg = r->notes.items[i];
		if (o->format == CLS_FMT_TEXT)
			text_line_file(o, r->path, msg);
		else if (o->format == CLS_FMT_GCC)
			fprintf(o->out, "%s:1:1: note: %s\n", r->path, msg);
		else if (o->format == CLS_FMT_GITHUB)
			gh_file_note(o, r->path, msg);
	}
}

static void json_diag(struct cls_output *o, const struct cls_diag *d, enum cls_severity s)
{
	FILE *out = o->out;
	fprintf(out, "%s\n  {\"rule\": ", o->nresults ? "," : "");
	json_str(out, d->rule->name);
	fprintf(out, ", \"id\": \"%s\", \"severity\": \"%s\", \"file\": ", d->rule->id, sev_name(s));
	json_str(out, d->range.begin.file);
	fprintf(out, ", \"line\": %u, \"column\": %u, \"end_line\": %u, \"end_column\": %u, "
		     "\"message\": ", d->range.begin.line, d->range.begin.col, d->range.end.line,
		d->range.end.col);
	json_str(out, d->msg);
	fprintf(out, ", \"notes\": [");
	for (unsigned i = 0; i < d->nnotes; i++) {
		const struct cls_note *n = &d->notes[i];
		fprintf(out, "%s{\"file\": ", i ? ", " : "");
		json_str(out, n->range.begin.file);
		fprintf(out, ", \"line\": %u, \"column\": %u, \"message\": ", n->range.begin.line,
			n->range.begin.col);
		json_str(out, n->msg);
		fputc('}', out);
	}
	fprintf(out, "], \"fixes\": [");
	for (unsigned i = 0; i < d->nfixes; i++) {
		const struct cls_fix *f = &d->fixes[i];
		fprintf(out, "%s{\"file\": ", i ? ", " : "");
		json_str(out, f->range.begin.file);
		fprintf(out, ", \"line\": %u, \"column\": %u, \"end_line\": %u, \"end_column\": %u, "
			     "\"replacement\": ", f->range.begin.line, f->range.begin.col,
			f->range.end.line, f->range.end.col);
		json_str(out, f->text);
		fprintf(out, ", \"description\": ");
		json_str(out, f->label);
		fprintf(out, ", \"safe\": %s}", f->safe ? "true" : "false");
	}
	fprintf(out, "]}");
}

void cls_output_file(struct cls_output *o, const struct cls_options *opt,
		     const struct cls_result *r)
{
	for (unsigned i = 0; i < r->diags.len; i++) {
		const struct cls_diag *d = r->diags.items[i];
		enum cls_severity s = cls_effective_severity(opt, d);
		if (s < opt->min_severity)
			continue;
		switch (o->format) {
		case CLS_FMT_TEXT:
			text_line(o, &d->range.begin, s, d->msg, d->rule->name);
			caret(o, r, &d->range);
			for (unsigned k = 0; k < d->nnotes; k++) {
				text_line(o, &d->notes[k].range.begin, CLS_NOTE, d->notes[k].msg, NULL);
				caret(o, r, &d->notes[k].range);
			}
			for (unsigned k = 0; k < d->nfixes; k++)
				fprintf(o->out, "%s:%u:%u: fix-it: %s\n", d->fixes[k].range.begin.file,
					d->fixes[k].range.begin.line, d->fixes[k].range.begin.col,
					d->fixes[k].label);
			break;
		case CLS_FMT_GCC:
			fprintf(o->out, "%s:%u:%u: %s: %s [%s]\n", d->range.begin.file,
				d->range.begin.line, d->range.begin.col, sev_name(s), d->msg,
				d->rule->name);
			for (unsigned k = 0; k < d->nnotes; k++)
				fprintf(o->out, "%s:%u:%u: note: %s\n", d->notes[k].range.begin.file,
					d->notes[k].range.begin.line, d->notes[k].range.begin.col,
					d->notes[k].msg);
			break;
		case CLS_FMT_JSON:
			json_diag(o, d, s);
			break;
		case CLS_FMT_SARIF:
			sarif_result(o, r, &r->diags, i, s);
			break;
		case CLS_FMT_GITHUB:
			gh_diag(o, d, s);
			break;
		}
		o->nresults++;
		o->count[s]++;
		int ri = rule_index(d->rule);
		if (ri >= 0 && (unsigned)ri < sizeof o->rule_count / sizeof o->rule_count[0])
			o->rule_count[ri]++;
	}
	/* SARIF keeps what suppression comments hid, marked as suppressed (code
	 * scanning shows them closed); they count toward no total. */
	for (unsigned i = 0; o->format == CLS_FMT_SARIF && i < r->suppressed.len; i++) {
		enum cls_severity s = cls_effective_severity(opt, r->suppressed.items[i]);
		if (s < opt->min_severity)
			continue;
		sarif_result(o, r, &r->suppressed, i, s);
		o->nresults++;
	}
	o->suppressed += r->nsuppressed;
	if (o->format == CLS_FMT_TEXT && r->status == CLS_FILE_NOT_ANALYZED &&
	    !r->diags.len)
		fprintf(o->out, "%s: error: not analyzed: %s\n", r->path, r->reason);
	if (o->format == CLS_FMT_GCC && r->status == CLS_FILE_NOT_ANALYZED && !r->diags.len)
		fprintf(o->out, "%s:1:1: error: not analyzed: %s\n", r->path, r->reason);
	if (o->format == CLS_FMT_GITHUB && r->status == CLS_FILE_NOT_ANALYZED && !r->diags.len)
		gh_not_analyzed(o, r);
	file_notes(o, opt, r);
	if (o->format == CLS_FMT_JSON || o->format == CLS_FMT_SARIF)
		record_file(o, r->path, r->reason, r->status, cls_file_detail(r));
	else
		o->nfiles++;
}

/* text: point once at the documentation of each rule that was reported. */
static void text_doc_links(const struct cls_output *o)
{
	for (unsigned i = 0; i < cls_nrules && i < sizeof o->rule_count / sizeof o->rule_count[0];
	     i++) {
		size_t len;
		char *doc = o->rule_count[i] ? cls_rule_doc(cls_rules[i], &len) : NULL;
		if (doc)
			fprintf(o->out, "rule documentation: clsynclint --explain %s\n",
				cls_rules[i]->name);
		free(doc);
	}
}

/* json: a file record's "kernels" and "notes", from its detail lines. */
static void json_file_detail(FILE *out, const char *detail)
{
	for (int pass = 0; pass < 2 && detail; pass++) {
		char kind = pass ? 'N' : 'K';
		unsigned n = 0;
		for (const char *p = detail; *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			if (*p == kind) {
				fprintf(out, "%s", n++ ? ", " : pass ? ", \"notes\": [" : ", \"kernels\": [");
				char *line = strndup(p + 1, len - 1);
				unsigned l = 0, c = 0;
				int off = 0;
				if (line && pass) {
					json_str(out, line);
				} else if (line && sscanf(line, "%u:%u:%n", &l, &c, &off) == 2 && off) {
					fputs("{\"name\": ", out);
					json_str(out, line + off);
					fprintf(out, ", \"line\": %u, \"column\": %u}", l, c);
				}
				free(line);
			}
			p += len + (nl != NULL);
		}
		if (n)
			fputc(']', out);
	}
}

void cls_output_end(struct cls_output *o)
{
	if (o->format == CLS_FMT_TEXT)
		text_doc_links(o);
	if (o->format == CLS_FMT_SARIF)
		sarif_end(o);
	free(o->srcroot);
	o->srcroot = NULL;
	if (o->format != CLS_FMT_JSON) {
		cls_output_part_free(o);
		return;
	}
	fprintf(o->out, "\n], \"files\": [");
	for (unsigned i = 0; i < o->nfiles && o->files; i++) {
		struct cls_file_rec *f = &o->files[i];
		fprintf(o->out, "%s\n  {\"path\": ", i ? "," : "");
		json_str(o->out, f->path);
		fprintf(o->out, ", \"status\": \"%s\"",
			cls_file_status_name((enum cls_file_status)f->status));
		if (f->reason) {
			fprintf(o->out, ", \"reason\": ");
			json_str(o->out, f->reason);
		}
		json_file_detail(o->out, f->detail);
		fputc('}', o->out);
		free(f->path);
		free(f->reason);
		free(f->detail);
	}
	fprintf(o->out, "\n]}\n");
	free(o->files);
	o->files = NULL;
	o->capfiles = 0;
}

/* ------------------------------------- shared with the CI formatters (sarif.c) */

int diag_rule_index(const struct cls_rule *r)
{
	return rule_index(r);
}

const char *diag_sev_name(enum cls_severity s)
{
	return sev_name(s);
}

void diag_json_str(FILE *out, const char *s)
{
	json_str(out, s);
}

const char *diag_source_line(const struct cls_result *r, unsigned line, size_t *len)
{
	return source_line(r, line, len);
}

/* ----------------------------------------------------------- --jobs parts */

void cls_output_part(struct cls_output *part, const struct cls_output *o, FILE *out)
{
	memset(part, 0, sizeof *part);
	part->format = o->format;
	part->color = o->color;
	part->out = out;
	part->srcroot = o->srcroot;  /* borrowed: the part never frees it */
}

void cls_output_splice(struct cls_output *o, const struct cls_output *part, const char *text,
		       size_t len)
{
	unsigned before = o->nresults, added = part->nresults;
	/* The part's first json/sarif element was printed without its separator. */
	if (before && added && (o->format == CLS_FMT_JSON || o->format == CLS_FMT_SARIF))
		fputc(',', o->out);
	fwrite(text, 1, len, o->out);
	for (unsigned i = 0; i < 3; i++)
		o->count[i] += part->count[i];
	for (unsigned i = 0; i < sizeof o->rule_count / sizeof o->rule_count[0]; i++)
		o->rule_count[i] += part->rule_count[i];
	o->suppressed += part->suppressed;
	o->nresults += part->nresults;
	if (part->files)
		for (unsigned i = 0; i < part->nfiles; i++)
			record_file(o, part->files[i].path, part->files[i].reason,
				    (enum cls_file_status)part->files[i].status,
				    part->files[i].detail ? strdup(part->files[i].detail) : NULL);
	else
		o->nfiles += part->nfiles;
}

void cls_output_part_free(struct cls_output *part)
{
	for (unsigned i = 0; i < part->nfiles && part->files; i++) {
		free(part->files[i].path);
		free(part->files[i].reason);
		free(part->files[i].detail);
	}
	free(part->files);
	part->files = NULL;
	part->capfiles = 0;
}

void cls_output_summary(const struct cls_output *o, FILE *f)
{
	fprintf(f, "%u error%s, %u warning%s, %u note%s in %u file%s", o->count[CLS_ERROR],
		o->count[CLS_ERROR] == 1 ? "" : "s", o->count[CLS_WARNING],
		o->count[CLS_WARNING] == 1 ? "" : "s", o->count[CLS_NOTE],
		o->count[CLS_NOTE] == 1 ? "" : "s", o->nfiles, o->nfiles == 1 ? "" : "s");
	if (o->suppressed)
		fprintf(f, " (%u suppressed)", o->suppressed);
}
