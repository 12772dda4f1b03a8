/*
 * fmt_json.c - --format=json: {"version", "diagnostics": [...], "files": [...]},
 * one object per diagnostic with its notes and fix-its, then one per file
 * with its status, kernels and notes (from the file records).
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

static void json_begin(struct cls_output *o)
{
	fprintf(o->out, "{\"version\": \"%s\", \"diagnostics\": [", CLS_VERSION);
}

static void json_diag(struct cls_output *o, const struct cls_result *r, const struct mem_vec *list,
		      unsigned idx, enum cls_severity s)
{
	const struct cls_diag *d = list->items[idx];
	(void)r;
	FILE *out = o->out;
	fprintf(out, "%s\n  {\"rule\": ", o->nresults ? "," : "");
	fmt_json_str(out, d->rule->name);
	fprintf(out, ", \"id\": \"%s\", \"severity\": \"%s\", \"file\": ", d->rule->id, fmt_sev_name(s));
	fmt_json_str(out, d->range.begin.file);
	fprintf(out, ", \"line\": %u, \"column\": %u, \"end_line\": %u, \"end_column\": %u, "
		     "\"message\": ", d->range.begin.line, d->range.begin.col, d->range.end.line,
		d->range.end.col);
	fmt_json_str(out, d->msg);
	fprintf(out, ", \"notes\": [");
	for (unsigned i = 0; i < d->nnotes; i++) {
		const struct cls_note *n = &d->notes[i];
		fprintf(out, "%s{\"file\": ", i ? ", " : "");
		fmt_json_str(out, n->range.begin.file);
		fprintf(out, ", \"line\": %u, \"column\": %u, \"message\": ", n->range.begin.line,
			n->range.begin.col);
		fmt_json_str(out, n->msg);
		fputc('}', out);
	}
	fprintf(out, "], \"fixes\": [");
	for (unsigned i = 0; i < d->nfixes; i++) {
		const struct cls_fix *f = &d->fixes[i];
		fprintf(out, "%s{\"file\": ", i ? ", " : "");
		fmt_json_str(out, f->range.begin.file);
		fprintf(out, ", \"line\": %u, \"column\": %u, \"end_line\": %u, \"end_column\": %u, "
			     "\"replacement\": ", f->range.begin.line, f->range.begin.col,
			f->range.end.line, f->range.end.col);
		fmt_json_str(out, f->text);
		fprintf(out, ", \"description\": ");
		fmt_json_str(out, f->label);
		fprintf(out, ", \"safe\": %s}", f->safe ? "true" : "false");
	}
	fprintf(out, "]}");
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
					fmt_json_str(out, line);
				} else if (line && sscanf(line, "%u:%u:%n", &l, &c, &off) == 2 && off) {
					fputs("{\"name\": ", out);
					fmt_json_str(out, line + off);
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

/* The "files" array; the records themselves are output.c's to free. */
static void json_end(struct cls_output *o)
{
	fprintf(o->out, "\n], \"files\": [");
	for (unsigned i = 0; i < o->nfiles && o->files; i++) {
		const struct cls_file_rec *f = &o->files[i];
		fprintf(o->out, "%s\n  {\"path\": ", i ? "," : "");
		fmt_json_str(o->out, f->path);
		fprintf(o->out, ", \"status\": \"%s\"",
			cls_file_status_name((enum cls_file_status)f->status));
		if (f->reason) {
			fprintf(o->out, ", \"reason\": ");
			fmt_json_str(o->out, f->reason);
		}
		json_file_detail(o->out, f->detail);
		fputc('}', o->out);
	}
	fprintf(o->out, "\n]}\n");
}

const struct fmt_ops fmt_json = {
	.name = "json",
	.machine = true,
	.elements = true,
	.records_files = true,
	.begin = json_begin,
	.finding = json_diag,
	.end = json_end,
};
