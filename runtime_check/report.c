/*
 * report.c - text, JSON and Markdown confirmation tables.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "rc.h"

#ifndef RC_VERSION
#define RC_VERSION "0"
#endif

const char *rep_status_name(enum vd_status s)
{
	static const char *const names[] = { "confirmed", "not-reproduced", "not-run",
					     "clean",     "evidence",       "error" };
	return names[s];
}

const char *rep_kind_name(enum vd_kind k)
{
	static const char *const names[] = { "finding", "buggy-kernel", "unflagged",
					     "clean-kernel", "error" };
	return names[k];
}

/* Count the rows into doc->sum and set doc->exit_status: 2 when something
 * could not run for an infrastructure reason (or an error was recorded), else
 * 1 when a finding is not confirmed by any backend that ran it or a clean
 * kernel showed evidence (with `strict`, also when a finding or clean kernel
 * ran nowhere), else 0. */
void rep_summarize(struct rep_doc *doc, int strict)
{
	struct rep_summary *s = &doc->sum;
	memset(s, 0, sizeof *s);
	int fail = 0, infra = doc->nerrors > 0;
	s->errors = doc->nerrors;
	for (unsigned i = 0; i < doc->nrows; i++) {
		const struct vd_row *r = &doc->rows[i];
		infra |= r->infra;
		for (unsigned b = 0; b < r->ncells; b++)
			s->infra += (unsigned)r->cells[b].infra;
		switch (r->kind) {
		case VD_ROW_FINDING:
		case VD_ROW_BUGGY:
			s->findings++;
			s->confirmed += r->verdict == VD_CONFIRMED;
			s->not_reproduced += r->verdict == VD_NOT_REPRODUCED;
			s->not_run += r->verdict == VD_NOT_RUN;
			fail |= r->verdict == VD_NOT_REPRODUCED || (strict && r->verdict == VD_NOT_RUN);
			break;
		case VD_ROW_UNFLAGGED:
			s->unflagged++;
			s->unflagged_confirmed += r->verdict == VD_CONFIRMED;
			break;
		case VD_ROW_CLEAN:
			s->clean_rows++;
			s->clean += r->verdict == VD_CLEAN;
			s->evidence += r->verdict == VD_EVIDENCE;
			s->clean_not_run += r->verdict == VD_NOT_RUN;
			fail |= r->verdict == VD_EVIDENCE || (strict && r->verdict == VD_NOT_RUN);
			break;
		case VD_ROW_ERROR:
			s->errors++;
			infra = 1;
			break;
		}
	}
	doc->exit_status = infra ? 2 : fail ? 1 : 0;
}

/* The one-line summary: "4 findings: 3 confirmed, ...; exit status 1". */
static void summary_line(const struct rep_doc *doc, struct rc_buf *b)
{
	const struct rep_summary *s = &doc->sum;
	rc_buf_printf(b, "%u finding%s: %u confirmed, %u not reproduced, %u not run; ", s->findings,
		      s->findings == 1 ? "" : "s", s->confirmed, s->not_reproduced, s->not_run);
	rc_buf_printf(b, "%u fixed or correct kernel%s: %u clean, %u with evidence, %u not run",
		      s->clean_rows, s->clean_rows == 1 ? "" : "s", s->clean, s->evidence,
		      s->clean_not_run);
	if (s->unflagged)
		rc_buf_printf(b, "; %u buggy kernel%s without a static finding (%u with runtime "
			      "evidence)", s->unflagged, s->unflagged == 1 ? "" : "s",
			      s->unflagged_confirmed);
	if (s->errors)
		rc_buf_printf(b, "; %u error%s", s->errors, s->errors == 1 ? "" : "s");
	rc_buf_printf(b, "; exit status %d", doc->exit_status);
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return a < b ? -1 : a > b;
}

/* "307 rows in 812.4 s: median 1.21 s a row, the slowest 24.02 s (k.cl)" */
static void time_line(const struct rep_doc *doc, struct rc_buf *b)
{
	double total = 0, *t = rc_xcalloc(doc->nrows + 1, sizeof *t);
	unsigned slow = 0;
	for (unsigned i = 0; i < doc->nrows; i++) {
		t[i] = doc->rows[i].seconds;
		total += t[i];
		if (t[i] > doc->rows[slow].seconds)
			slow = i;
	}
	qsort(t, doc->nrows, sizeof *t, cmp_double);
	rc_buf_printf(b, "%u row%s in %.1f s", doc->nrows, doc->nrows == 1 ? "" : "s", total);
	if (doc->nrows)
		rc_buf_printf(b, ": median %.2f s a row, the slowest %.2f s (%s)",
			      t[doc->nrows / 2], doc->rows[slow].seconds, doc->rows[slow].file);
	free(t);
}

/* How a row names its kernel and place: "dir/k.cl:17:16" or "dir/k.cl". */
static void row_place(const struct vd_row *r, char *out, size_t n)
{
	if (r->line)
		snprintf(out, n, "%s:%d:%d", r->file, r->line, r->col);
	else
		snprintf(out, n, "%s", r->file);
}

/* What the row is, for rows without a finding. */
static const char *row_label(const struct vd_row *r)
{
	switch (r->kind) {
	case VD_ROW_FINDING:
		return r->rule && *r->rule ? r->rule : "(no rule)";
	case VD_ROW_BUGGY:
		return "buggy kernel";
	case VD_ROW_UNFLAGGED:
		return "no static finding";
	case VD_ROW_CLEAN:
		return "must stay clean";
	case VD_ROW_ERROR:
		break;
	}
	return "error";
}

static const char *verdict_upper(enum vd_status s)
{
	static const char *const names[] = { "CONFIRMED", "NOT REPRODUCED", "NOT RUN",
					     "CLEAN",     "EVIDENCE",       "ERROR" };
	return names[s];
}

/* Text: a block per row, the backends' cells and details under it. */
static void write_text(FILE *f, const struct rep_doc *doc)
{
	fprintf(f, "runtime_check %s, %s\n", RC_VERSION, doc->date);
	fprintf(f, "static findings: %s\n", doc->static_source);
	fprintf(f, "backends:\n");
	for (unsigned b = 0; b < doc->nbackends; b++) {
		const struct be_backend *be = doc->backends[b];
		fprintf(f, "  %-10s %s / %s (driver %s; %s; %s)\n", be->id, be->platform, be->device,
			be->driver, be->version, be->clc);
	}
	for (unsigned i = 0; i < doc->nerrors; i++)
		fprintf(f, "error: %s\n", doc->errors[i]);
	for (unsigned i = 0; i < doc->nrows; i++) {
		const struct vd_row *r = &doc->rows[i];
		char place[1024];
		row_place(r, place, sizeof place);
		fprintf(f, "\n%s  %s  %s  (%.2f s)\n", place, row_label(r), verdict_upper(r->verdict),
			r->seconds);
		if (r->message && *r->message)
			fprintf(f, "    %s\n", r->message);
		for (unsigned b = 0; b < r->ncells; b++) {
			const struct vd_cell *c = &r->cells[b];
			fprintf(f, "    %-10s %s\n", doc->backends[b]->id, c->text ? c->text : "");
			if (c->detail)
				fprintf(f, "    %-10s   %s\n", "", c->detail);
		}
	}
	struct rc_buf b = { 0 };
	summary_line(doc, &b);
	fprintf(f, "\nsummary: %s\n", b.s);
	rc_buf_free(&b);
	time_line(doc, &b);
	fprintf(f, "time: %s\n", b.s);
	rc_buf_free(&b);
}

/* Write `s` as a JSON string: quotes, backslashes and control characters
 * escaped, invalid UTF-8 replaced by U+FFFD so the document stays valid. */
void rep_json_string(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		unsigned c = *p;
		if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc((int)c, f);
			p++;
		} else if (c < 0x20 || c == 0x7f) {
			switch (c) {
			case '\n':
				fputs("\\n", f);
				break;
			case '\t':
				fputs("\\t", f);
				break;
			case '\r':
				fputs("\\r", f);
				break;
			default:
				fprintf(f, "\\u%04x", c);
			}
			p++;
		} else if (c < 0x80) {
			fputc((int)c, f);
			p++;
		} else {
			/* A well-formed UTF-8 sequence is copied; anything else is one
			 * replacement character per bad byte. */
			unsigned len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
			unsigned ok = len > 0 && c < 0xf5;
			for (unsigned k = 1; ok && k < len; k++)
				ok = (p[k] & 0xc0) == 0x80;
			if (ok && len == 3) {
				unsigned cp = ((c & 0x0f) << 12) | ((p[1] & 0x3fu) << 6) | (p[2] & 0x3fu);
				ok = cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff);
			} else if (ok && len == 4) {
				unsigned cp = ((c & 0x07) << 18) | ((p[1] & 0x3fu) << 12) |
					      ((p[2] & 0x3fu) << 6) | (p[3] & 0x3fu);
				ok = cp >= 0x10000 && cp <= 0x10ffff;
			}
			if (ok) {
				fwrite(p, 1, len, f);
				p += len;
			} else {
				fputs("\\ufffd", f);
				p++;
			}
		}
	}
	fputc('"', f);
}

/* A JSON "key": string member, with a leading comma unless first. */
static void json_member(FILE *f, const char *indent, const char *key, const char *value,
			int first)
{
	fprintf(f, "%s%s\"%s\": ", first ? "" : ",\n", indent, key);
	rep_json_string(f, value);
}

static const char *type_name(const struct be_backend *be)
{
	if (be->is_oclgrind)
		return "simulator";
	if (be->type & BE_TYPE_GPU)
		return "gpu";
	if (be->type & BE_TYPE_CPU)
		return "cpu";
	return "other";
}

/* JSON: the schema in docs/runtime_check.md ("Output formats"). */
static void write_json(FILE *f, const struct rep_doc *doc)
{
	static const char *const evnames[] = { "wrong result", "nondeterministic", "hang",
					       "crash", "race report", "divergence report",
					       "invalid-access report", "uninitialized-value report",
					       "Oclgrind report", "slower", "conflict degree observed",
					       "observed race", "observed divergence" };
	fprintf(f, "{\n");
	json_member(f, "  ", "tool", "runtime_check", 1);
	json_member(f, "  ", "version", RC_VERSION, 0);
	json_member(f, "  ", "date", doc->date, 0);
	json_member(f, "  ", "static", doc->static_source, 0);
	fprintf(f, ",\n  \"backends\": [");
	for (unsigned b = 0; b < doc->nbackends; b++) {
		const struct be_backend *be = doc->backends[b];
		fprintf(f, "%s\n    {", b ? "," : "");
		json_member(f, "", "id", be->id, 1);
		json_member(f, " ", "type", type_name(be), 0);
		json_member(f, " ", "platform", be->platform, 0);
		json_member(f, " ", "platform_version", be->platform_version, 0);
		json_member(f, " ", "device", be->device, 0);
		json_member(f, " ", "vendor", be->vendor, 0);
		json_member(f, " ", "driver", be->driver, 0);
		json_member(f, " ", "device_version", be->version, 0);
		json_member(f, " ", "opencl_c", be->clc, 0);
		fprintf(f, "}");
	}
	fprintf(f, "\n  ],\n  \"errors\": [");
	for (unsigned i = 0; i < doc->nerrors; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		rep_json_string(f, doc->errors[i]);
	}
	fprintf(f, "%s],\n  \"rows\": [", doc->nerrors ? "\n  " : "");
	for (unsigned i = 0; i < doc->nrows; i++) {
		const struct vd_row *r = &doc->rows[i];
		fprintf(f, "%s\n    {\n", i ? "," : "");
		json_member(f, "      ", "kind", rep_kind_name(r->kind), 1);
		json_member(f, "      ", "file", r->file, 0);
		json_member(f, "      ", "section", r->mk ? r->mk->section : NULL, 0);
		json_member(f, "      ", "manifest", r->mk ? r->mk->manifest : NULL, 0);
		json_member(f, "      ", "reference", r->mk ? r->mk->reference : NULL, 0);
		if (r->line)
			fprintf(f, ",\n      \"line\": %d,\n      \"column\": %d", r->line, r->col);
		else
			fprintf(f, ",\n      \"line\": null,\n      \"column\": null");
		fprintf(f, ",\n      \"seconds\": %.3f", r->seconds);
		json_member(f, "      ", "rule", r->rule && *r->rule ? r->rule : NULL, 0);
		json_member(f, "      ", "severity", r->severity, 0);
		json_member(f, "      ", "message", r->message, 0);
		json_member(f, "      ", "verdict", rep_status_name(r->verdict), 0);
		fprintf(f, ",\n      \"results\": [");
		for (unsigned b = 0; b < r->ncells; b++) {
			const struct vd_cell *c = &r->cells[b];
			fprintf(f, "%s\n        {", b ? "," : "");
			json_member(f, "", "backend", doc->backends[b]->id, 1);
			json_member(f, " ", "status", rep_status_name(c->status), 0);
			fprintf(f, ", \"evidence\": [");
			int first = 1;
			for (unsigned k = 0; k < sizeof evnames / sizeof evnames[0]; k++)
				if (c->evidence & (1u << k)) {
					fprintf(f, "%s", first ? "" : ", ");
					rep_json_string(f, evnames[k]);
					first = 0;
				}
			fprintf(f, "]");
			json_member(f, " ", "text", c->text, 0);
			json_member(f, " ", "detail", c->detail, 0);
			fprintf(f, ", \"infrastructure\": %s", c->infra ? "true" : "false");
			if (c->ratio > 0)
				fprintf(f, ", \"ratio\": %.4f", c->ratio);
			fprintf(f, "}");
		}
		fprintf(f, "%s]\n    }", r->ncells ? "\n      " : "");
	}
	const struct rep_summary *s = &doc->sum;
	fprintf(f, "%s],\n", doc->nrows ? "\n  " : "");
	fprintf(f, "  \"summary\": {\"findings\": %u, \"confirmed\": %u, \"not_reproduced\": %u, "
		   "\"not_run\": %u, \"clean_kernels\": %u, \"clean\": %u, \"evidence\": %u, "
		   "\"clean_not_run\": %u, \"unflagged\": %u, \"unflagged_confirmed\": %u, "
		   "\"errors\": %u},\n",
		s->findings, s->confirmed, s->not_reproduced, s->not_run, s->clean_rows, s->clean,
		s->evidence, s->clean_not_run, s->unflagged, s->unflagged_confirmed, s->errors);
	fprintf(f, "  \"exit_status\": %d\n}\n", doc->exit_status);
}

/* Write `s` as the text of a Markdown table cell: '|' escaped, '<' and '&'
 * as entities, everything on one line. */
static void md_cell(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

/* One Markdown table: the clean-kernel rows, or all the others. */
static void md_rows(FILE *f, const struct rep_doc *doc, int clean_table)
{
	fprintf(f, clean_table ? "| kernel | kind |" : "| rule | kernel | line | finding |");
	for (unsigned b = 0; b < doc->nbackends; b++) {
		fputc(' ', f);
		md_cell(f, doc->backends[b]->id);
		fputs(" |", f);
	}
	fprintf(f, "\n|%s", clean_table ? "---|---|" : "---|---|---|---|");
	for (unsigned b = 0; b < doc->nbackends; b++)
		fputs("---|", f);
	fputc('\n', f);
	for (unsigned i = 0; i < doc->nrows; i++) {
		const struct vd_row *r = &doc->rows[i];
		if ((r->kind == VD_ROW_CLEAN) != clean_table)
			continue;
		fputs("| ", f);
		if (clean_table) {
			md_cell(f, r->file);
			fputs(" | ", f);
			md_cell(f, r->mk && rc_icontains(r->mk->section, "_fixed") ? "fixed twin"
										 : "correct kernel");
		} else {
			md_cell(f, r->kind == VD_ROW_FINDING ? row_label(r) : "—");
			fputs(" | ", f);
			md_cell(f, r->file);
			if (r->line)
				fprintf(f, " | %d:%d | ", r->line, r->col);
			else
				fputs(" | | ", f);
			if (r->kind != VD_ROW_FINDING) {
				fputs("*", f);
				md_cell(f, row_label(r));
				fputs("*", f);
				if (r->message && *r->message)
					fputs(": ", f);
			}
			md_cell(f, r->message);
		}
		for (unsigned b = 0; b < r->ncells; b++) {
			fputs(" | ", f);
			md_cell(f, r->cells[b].text);
		}
		fputs(" |\n", f);
	}
}

/* Markdown: the backends, the findings, the clean kernels, the details. */
static void write_markdown(FILE *f, const struct rep_doc *doc)
{
	fprintf(f, "# runtime_check: confirmations\n\n");
	fprintf(f, "Date: %s. runtime_check %s. Static findings: ", doc->date, RC_VERSION);
	md_cell(f, doc->static_source);
	fprintf(f, ".\n\n| backend | platform | device | driver version | device version | "
		   "OpenCL C |\n|---|---|---|---|---|---|\n");
	for (unsigned b = 0; b < doc->nbackends; b++) {
		const struct be_backend *be = doc->backends[b];
		const char *cols[] = { be->id, be->platform, be->device, be->driver, be->version,
				       be->clc };
		fputs("|", f);
		for (unsigned k = 0; k < sizeof cols / sizeof cols[0]; k++) {
			fputc(' ', f);
			md_cell(f, cols[k]);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	if (doc->nerrors) {
		fprintf(f, "\n## Errors\n\n");
		for (unsigned i = 0; i < doc->nerrors; i++) {
			fputs("- ", f);
			md_cell(f, doc->errors[i]);
			fputc('\n', f);
		}
	}
	fprintf(f, "\n## Findings\n\n");
	md_rows(f, doc, 0);
	fprintf(f, "\n## Fixed twins and correct kernels\n\n");
	md_rows(f, doc, 1);
	fprintf(f, "\n## Evidence\n\n");
	int any = 0;
	for (unsigned i = 0; i < doc->nrows; i++) {
		const struct vd_row *r = &doc->rows[i];
		for (unsigned b = 0; b < r->ncells; b++) {
			if (!r->cells[b].detail)
				continue;
			char place[1024];
			row_place(r, place, sizeof place);
			fputs("- `", f);
			fputs(place, f);
			fprintf(f, "` %s, %s: ", row_label(r), doc->backends[b]->id);
			md_cell(f, r->cells[b].detail);
			fputc('\n', f);
			any = 1;
		}
	}
	if (!any)
		fprintf(f, "(none)\n");
	struct rc_buf b = { 0 };
	summary_line(doc, &b);
	fprintf(f, "\n**Summary:** %s.\n", b.s);
	rc_buf_free(&b);
	time_line(doc, &b);
	fprintf(f, "\n**Time:** %s.\n", b.s);
	rc_buf_free(&b);
}

void rep_write(FILE *f, const struct rep_doc *doc, enum rep_format fmt)
{
	switch (fmt) {
	case REP_TEXT:
		write_text(f, doc);
		break;
	case REP_JSON:
		write_json(f, doc);
		break;
	case REP_MARKDOWN:
		write_markdown(f, doc);
		break;
	}
}
