/*
 * fmt_text.c - --format=text, the default: clang's layout.  Each diagnostic
 * with its source line and a caret under its range (in screen columns), its
 * notes likewise, its fix-its, colored on a terminal; at the end, a pointer
 * to the documentation of each rule that was reported.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

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

/* Write n bytes of source text, a byte that is not UTF-8 as U+FFFD, so that
 * the report stays UTF-8 whatever the file's encoding. */
static void put_text(FILE *out, const char *p, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned k = fmt_utf8_len(p + i, n - i);
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
	size_t k = fmt_utf8_len((const char *)s, n);
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
	const char *p = fmt_source_line(r, rg->begin.line, &len);
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
			p->line, p->col, sev_color(s), fmt_sev_name(s), msg);
	else
		fprintf(o->out, "%s:%u:%u: %s: %s", p->file, p->line, p->col, fmt_sev_name(s), msg);
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

/* text: point once at the documentation of each rule that was reported. */
static void text_doc_links(struct cls_output *o)
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

static void text_finding(struct cls_output *o, const struct cls_result *r,
			 const struct mem_vec *list, unsigned i, enum cls_severity s)
{
	const struct cls_diag *d = list->items[i];
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
}

static void text_not_analyzed(struct cls_output *o, const struct cls_result *r)
{
	fprintf(o->out, "%s: error: not analyzed: %s\n", r->path, r->reason);
}

const struct fmt_ops fmt_text = {
	.name = "text",
	.finding = text_finding,
	.not_analyzed = text_not_analyzed,
	.file_note = text_line_file,
	.end = text_doc_links,
};
