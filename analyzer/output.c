/*
 * output.c - the report (cls_output_*): what every format has in common.
 *
 * Walks each file's sorted list, keeps the counts (per severity, per rule,
 * suppressed) and the file records, and hands each shown diagnostic to the
 * formatter of the chosen format (fmt.h), which only prints.  A --jobs
 * worker formats into a part, which the parent splices in input order.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt.h"

/* The formatter of each enum cls_format. */
static const struct fmt_ops *const formatters[] = {
	[CLS_FMT_TEXT] = &fmt_text,
	[CLS_FMT_GCC] = &fmt_gcc,
	[CLS_FMT_JSON] = &fmt_json,
	[CLS_FMT_SARIF] = &fmt_sarif,
	[CLS_FMT_GITHUB] = &fmt_github,
	[CLS_FMT_LSP] = &fmt_lsp,
};

static const struct fmt_ops *ops(const struct cls_output *o)
{
	return formatters[o->format];
}

bool cls_format_by_name(const char *name, enum cls_format *f)
{
	for (unsigned i = 0; i < sizeof formatters / sizeof formatters[0]; i++)
		if (formatters[i]->name && !strcmp(formatters[i]->name, name)) {
			*f = (enum cls_format)i;
			return true;
		}
	return false;
}

bool cls_format_is_machine(enum cls_format f)
{
	return formatters[f]->machine;
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
	if (ops(o)->begin)
		ops(o)->begin(o);
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

/* records_files: remember a file for the list printed at the end; `detail`
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

void cls_output_file(struct cls_output *o, const struct cls_options *opt,
		     const struct cls_result *r)
{
	const struct fmt_ops *f = ops(o);
	for (unsigned i = 0; i < r->diags.len; i++) {
		const struct cls_diag *d = r->diags.items[i];
		enum cls_severity s = cls_effective_severity(opt, d);
		if (s < opt->min_severity)
			continue;
		f->finding(o, r, &r->diags, i, s);
		o->nresults++;
		o->count[s]++;
		int ri = diag_rule_index(d->rule);
		if (ri >= 0 && (unsigned)ri < sizeof o->rule_count / sizeof o->rule_count[0])
			o->rule_count[ri]++;
	}
	/* SARIF keeps what suppression comments hid, marked as suppressed (code
	 * scanning shows them closed); they count toward no total. */
	for (unsigned i = 0; f->shows_suppressed && i < r->suppressed.len; i++) {
		enum cls_severity s = cls_effective_severity(opt, r->suppressed.items[i]);
		if (s < opt->min_severity)
			continue;
		f->finding(o, r, &r->suppressed, i, s);
		o->nresults++;
	}
	o->suppressed += r->nsuppressed;
	if (f->not_analyzed && r->status == CLS_FILE_NOT_ANALYZED && !r->diags.len)
		f->not_analyzed(o, r);
	/* The notes about the file as a whole, after its diagnostics (hidden,
	 * like every note, by --severity above note). */
	for (unsigned i = 0; f->file_note && opt->min_severity <= CLS_NOTE && i < r->notes.len;
	     i++)
		f->file_note(o, r->path, r->notes.items[i]);
	if (f->records_files)
		record_file(o, r->path, r->reason, r->status, cls_file_detail(r));
	else
		o->nfiles++;
}

void cls_output_end(struct cls_output *o)
{
	if (ops(o)->end)
		ops(o)->end(o);
	free(o->srcroot);
	o->srcroot = NULL;
	cls_output_part_free(o);
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
	if (before && added && ops(o)->elements)
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
