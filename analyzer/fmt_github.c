/*
 * fmt_github.c - --format=github: GitHub workflow commands
 * (::error file=...::message), annotations without code scanning.  File names
 * are relative to the current directory, the notes further lines of their
 * annotation.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

static void gh_begin(struct cls_output *o)
{
	o->srcroot = fmt_srcroot();
}

/* Workflow-command escaping: data escapes % CR LF; a property also : and ,. */
static void gh_str(FILE *out, const char *s, bool property)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '%': fputs("%25", out); break;
		case '\r': fputs("%0D", out); break;
		case '\n': fputs("%0A", out); break;
		case ':': fputs(property ? "%3A" : ":", out); break;
		case ',': fputs(property ? "%2C" : ",", out); break;
		default: fputc(*s, out);
		}
	}
}

static const char *gh_level(enum cls_severity s)
{
	return s == CLS_ERROR ? "error" : s == CLS_WARNING ? "warning" : "notice";
}

static void gh_diag(struct cls_output *o, const struct cls_result *r, const struct mem_vec *list,
		    unsigned i, enum cls_severity s)
{
	FILE *out = o->out;
	const struct cls_diag *d = list->items[i];
	(void)r;
	const struct cls_range *rg = &d->range;
	unsigned eline = rg->end.line >= rg->begin.line ? rg->end.line : rg->begin.line;
	unsigned ecol = rg->end.line == rg->begin.line && rg->end.col > rg->begin.col
				? rg->end.col
				: rg->begin.col + 1;
	fprintf(out, "::%s file=", gh_level(s));
	gh_str(out, fmt_rel_path(o, rg->begin.file), true);
	fprintf(out, ",line=%u,col=%u,endLine=%u,endColumn=%u,title=", rg->begin.line,
		rg->begin.col, eline, ecol);
	gh_str(out, d->rule->name, true);
	fputs("::", out);
	gh_str(out, d->msg, false);
	fputs(" [", out);
	gh_str(out, d->rule->name, false);
	fputc(']', out);
	/* Notes become further lines of the annotation (%0A inside the data). */
	for (unsigned k = 0; k < d->nnotes; k++) {
		const struct cls_pos *p = &d->notes[k].range.begin;
		char loc[512];
		snprintf(loc, sizeof loc, "\n%s:%u:%u: note: ", fmt_rel_path(o, p->file), p->line, p->col);
		gh_str(out, loc, false);
		gh_str(out, d->notes[k].msg, false);
	}
	fputc('\n', out);
}

static void gh_not_analyzed(struct cls_output *o, const struct cls_result *r)
{
	fputs("::error file=", o->out);
	gh_str(o->out, fmt_rel_path(o, r->path), true);
	fputs(",line=1,title=not-analyzed::not analyzed: ", o->out);
	gh_str(o->out, r->reason, false);
	fputc('\n', o->out);
}

static void gh_file_note(struct cls_output *o, const char *path, const char *msg)
{
	fputs("::notice file=", o->out);
	gh_str(o->out, fmt_rel_path(o, path), true);
	fputs(",line=1,title=clsynclint::", o->out);
	gh_str(o->out, msg, false);
	fputc('\n', o->out);
}

const struct fmt_ops fmt_github = {
	.name = "github",
	.machine = true,
	.begin = gh_begin,
	.finding = gh_diag,
	.not_analyzed = gh_not_analyzed,
	.file_note = gh_file_note,
};
