/*
 * fmt_gcc.c - --format=gcc: one "file:line:col: severity: message [rule]" line
 * per diagnostic and note, no source lines: what an editor's errorformat or
 * a compiler-output parser reads.
 */
#include "fmt.h"

static void gcc_finding(struct cls_output *o, const struct cls_result *r,
			const struct mem_vec *list, unsigned i, enum cls_severity s)
{
	const struct cls_diag *d = list->items[i];
	(void)r;
	fprintf(o->out, "%s:%u:%u: %s: %s [%s]\n", d->range.begin.file, d->range.begin.line,
		d->range.begin.col, fmt_sev_name(s), d->msg, d->rule->name);
	for (unsigned k = 0; k < d->nnotes; k++)
		fprintf(o->out, "%s:%u:%u: note: %s\n", d->notes[k].range.begin.file,
			d->notes[k].range.begin.line, d->notes[k].range.begin.col,
			d->notes[k].msg);
}

static void gcc_not_analyzed(struct cls_output *o, const struct cls_result *r)
{
	fprintf(o->out, "%s:1:1: error: not analyzed: %s\n", r->path, r->reason);
}

static void gcc_file_note(struct cls_output *o, const char *path, const char *msg)
{
	fprintf(o->out, "%s:1:1: note: %s\n", path, msg);
}

const struct fmt_ops fmt_gcc = {
	.name = "gcc",
	.finding = gcc_finding,
	.not_analyzed = gcc_not_analyzed,
	.file_note = gcc_file_note,
};
