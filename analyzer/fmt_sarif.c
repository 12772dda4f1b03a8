/*
 * fmt_sarif.c - --format=sarif: SARIF 2.1.0 as GitHub code scanning reads it.
 *
 * The rule table with each rule's documentation page, one result per
 * diagnostic with its notes as related locations (suppressed ones too, marked
 * with their justification), repository-relative URIs under %SRCROOT%,
 * columns in UTF-16 code units, and fingerprints that survive edits elsewhere
 * in the file.  The files that were not analyzed become notifications at the
 * end, from the file records.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt.h"
#include "rulepage.h"

/* "artifactLocation": relative to %SRCROOT%, or an absolute file URI. */
static void artifact(FILE *out, const struct cls_output *o, const char *path)
{
	const char *rel = fmt_rel_path(o, path);
	fputs("\"artifactLocation\": {\"uri\": \"", out);
	if (rel[0] == '/') {
		fputs("file://", out);
		fmt_uri_str(out, rel);
		fputs("\"}", out);
	} else {
		fmt_uri_str(out, rel);
		fputs("\", \"uriBaseId\": \"%SRCROOT%\"}", out);
	}
}

/* A position's column in UTF-16 code units, when its line is in r's text. */
static unsigned sarif_col(const struct cls_result *r, const struct cls_pos *p)
{
	size_t len;
	const char *line = p->file && r->path && !strcmp(p->file, r->path)
				   ? fmt_source_line(r, p->line, &len)
				   : NULL;
	unsigned col = p->col ? p->col : 1;
	return line ? fmt_utf16_col(line, len, col) : col;
}

/* A region object: lines and columns of a range; an empty range stays empty
 * only where `empty_ok` (the insertion point of a fix). */
static void region(FILE *out, const struct cls_result *r, const struct cls_range *rg,
		   bool empty_ok)
{
	unsigned line = rg->begin.line ? rg->begin.line : 1;
	unsigned col = sarif_col(r, &rg->begin);
	unsigned eline = rg->end.line, ecol = 0;
	struct cls_pos end = rg->end;
	if (!end.file)
		end.file = rg->begin.file;   /* an end without a file is in the begin's */
	if (eline >= line && end.file && rg->begin.file && !strcmp(end.file, rg->begin.file))
		ecol = sarif_col(r, &end);
	if (eline < line || (eline == line && ecol < col + !empty_ok)) {
		eline = line;
		ecol = col + !empty_ok;
	}
	fprintf(out, "{\"startLine\": %u, \"startColumn\": %u, \"endLine\": %u, "
		     "\"endColumn\": %u}", line, col, eline, ecol);
}

static void physical(FILE *out, const struct cls_output *o, const struct cls_result *r,
		     const struct cls_range *rg)
{
	fputs("{\"physicalLocation\": {", out);
	artifact(out, o, rg->begin.file);
	fputs(", \"region\": ", out);
	region(out, r, rg, false);
	fputs("}", out);
}

/* -------------------------------------------------------------- the log */

static void sarif_rule(FILE *out, const struct cls_rule *r)
{
	size_t len = 0;
	char *doc = cls_rule_doc(r, &len);
	char *full = doc ? rulepage_first_paragraph(doc) : NULL;
	fprintf(out, "\n            {\"id\": \"%s\", \"name\": ", r->id);
	fmt_json_str(out, r->name);
	fputs(", \"shortDescription\": {\"text\": ", out);
	fmt_json_str(out, r->summary);
	fputs("}, \"fullDescription\": {\"text\": ", out);
	fmt_json_str(out, full ? full : r->summary);
	fputc('}', out);
	char *uri = doc ? cls_rule_help_uri(r) : NULL;
	if (uri)
		fprintf(out, ", \"helpUri\": \"%s\"", uri);
	free(uri);
	fputs(", \"help\": {\"text\": ", out);
	fmt_json_str(out, doc ? doc : r->summary);
	fputs(", \"markdown\": ", out);
	fmt_json_str(out, doc ? doc : r->summary);
	fprintf(out, "}, \"defaultConfiguration\": {\"level\": \"%s\"}", fmt_sev_name(r->severity));
	fputs(", \"properties\": {\"tags\": [", out);
	fmt_json_str(out, r->category);
	fputs("]}}", out);
	free(full);
	free(doc);
}

static void sarif_begin(struct cls_output *o)
{
	FILE *out = o->out;
	o->srcroot = fmt_srcroot();
	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	      "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
	      "      \"tool\": {\n        \"driver\": {\n"
	      "          \"name\": \"clsynclint\",\n", out);
	fprintf(out, "          \"version\": \"%s\",\n          \"semanticVersion\": \"%s\",\n"
		     "          \"informationUri\": \"%s\",\n          \"rules\": [",
		CLS_VERSION, CLS_VERSION, CLS_URL);
	for (unsigned i = 0; i < cls_nrules; i++) {
		sarif_rule(out, cls_rules[i]);
		if (i + 1 < cls_nrules)
			fputc(',', out);
	}
	fputs("\n          ]\n        }\n      },\n", out);
	if (o->srcroot) {
		fputs("      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \"file://", out);
		fmt_uri_str(out, o->srcroot);
		fputs("\"}},\n", out);
	}
	fputs("      \"columnKind\": \"utf16CodeUnits\",\n      \"results\": [", out);
}

/* Text with its square brackets and backslashes escaped, as SARIF wants
 * them in a message that has embedded links. */
static void escaped_brackets(FILE *m, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '[' || *s == ']' || *s == '\\')
			fputc('\\', m);
		fputc(*s, m);
	}
}

/* The result's message: the diagnostic, links to its notes ("[line N](id)",
 * id naming a related location), and the rule name last as in every format. */
static void sarif_message(FILE *out, const struct cls_output *o, const struct cls_diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return;
	if (!d->nnotes) {
		fprintf(m, "%s [%s]", d->msg, d->rule->name);
	} else {
		escaped_brackets(m, d->msg);
		for (unsigned k = 0; k < d->nnotes; k++) {
			const struct cls_pos *p = &d->notes[k].range.begin;
			fputs(k ? ", [" : " (see [", m);
			if (p->file && d->range.begin.file && strcmp(p->file, d->range.begin.file)) {
				escaped_brackets(m, fmt_rel_path(o, p->file));
				fputc(' ', m);
			}
			fprintf(m, "line %u](%u)", p->line, k + 1);
		}
		fprintf(m, ") \\[%s\\]", d->rule->name);
	}
	fclose(m);
	fputs("\"message\": {\"text\": ", out);
	fmt_json_str(out, text);
	fputc('}', out);
	free(text);
}

/* FNV-1a, 64 bits, over a string and its terminator. */
static uint64_t fnv(uint64_t h, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)(s ? s : "");; p++) {
		h = (h ^ *p) * 0x100000001b3ULL;
		if (!*p)
			return h;
	}
}

/* FNV-1a of a message with the numbers after "line " left out: messages
 * cite other lines ("written at line 8"), which move with edits. */
static uint64_t fnv_msg(uint64_t h, const char *s)
{
	for (const char *p = s ? s : ""; *p; p++) {
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
		if (p - s >= 4 && !strncmp(p - 4, "line ", 5))
			while (p[1] >= '0' && p[1] <= '9')
				p++;
	}
	return h;
}

/* The fingerprint of a diagnostic: rule, file, message and the text of its
 * line without surrounding blanks, so that it survives lines moving. */
static uint64_t fingerprint(const struct cls_output *o, const struct cls_result *r,
			    const struct cls_diag *d)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	h = fnv(h, d->rule->id);
	h = fnv(h, fmt_rel_path(o, d->range.begin.file));
	h = fnv_msg(h, d->msg);
	size_t len = 0;
	const char *line = d->range.begin.file && !strcmp(d->range.begin.file, r->path)
				   ? fmt_source_line(r, d->range.begin.line, &len)
				   : NULL;
	while (line && len && (*line == ' ' || *line == '\t'))
		line++, len--;
	while (line && len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	for (size_t i = 0; line && i < len; i++)
		h = (h ^ (unsigned char)line[i]) * 0x100000001b3ULL;
	return h;
}

static void sarif_result(struct cls_output *o, const struct cls_result *r,
			 const struct mem_vec *list, unsigned i, enum cls_severity s)
{
	FILE *out = o->out;
	const struct cls_diag *d = list->items[i];
	uint64_t h = fingerprint(o, r, d);
	/* Identical findings on identical lines are told apart by their order. */
	unsigned occurrence = 1;
	for (unsigned j = 0; j < i; j++) {
		const struct cls_diag *e = list->items[j];
		if (e->rule == d->rule && !strcmp(e->msg, d->msg) && fingerprint(o, r, e) == h)
			occurrence++;
	}
	fprintf(out, "%s\n        {\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\", ",
		o->nresults ? "," : "", d->rule->id,
		diag_rule_index(d->rule), fmt_sev_name(s));
	sarif_message(out, o, d);
	fputs(",\n         \"locations\": [", out);
	physical(out, o, r, &d->range);
	fputs("}]", out);
	if (d->nnotes) {
		fputs(",\n         \"relatedLocations\": [", out);
		for (unsigned k = 0; k < d->nnotes; k++) {
			fprintf(out, "%s{\"id\": %u, \"physicalLocation\": {", k ? ", " : "", k + 1);
			artifact(out, o, d->notes[k].range.begin.file);
			fputs(", \"region\": ", out);
			region(out, r, &d->notes[k].range, false);
			fputs("}, \"message\": {\"text\": ", out);
			fmt_json_str(out, d->notes[k].msg);
			fputs("}}", out);
		}
		fputc(']', out);
	}
	if (d->nfixes) {
		fputs(",\n         \"fixes\": [", out);
		for (unsigned k = 0; k < d->nfixes; k++) {
			const struct cls_fix *f = &d->fixes[k];
			fprintf(out, "%s{\"description\": {\"text\": ", k ? ", " : "");
			fmt_json_str(out, f->label);
			fputs("}, \"artifactChanges\": [{", out);
			artifact(out, o, f->range.begin.file ? f->range.begin.file : r->path);
			fputs(", \"replacements\": [{\"deletedRegion\": ", out);
			region(out, r, &f->range, true);
			fputs(", \"insertedContent\": {\"text\": ", out);
			fmt_json_str(out, f->text);
			fprintf(out, "}}]}], \"properties\": {\"safe\": %s}}", f->safe ? "true" : "false");
		}
		fputc(']', out);
	}
	if (d->justification) {
		fputs(",\n         \"suppressions\": [{\"kind\": \"inSource\"", out);
		if (*d->justification) {
			fputs(", \"justification\": ", out);
			fmt_json_str(out, d->justification);
		}
		fputs("}]", out);
	}
	fprintf(out, ",\n         \"partialFingerprints\": {\"clsynclint/v1\": \"%016llx:%u\"}}",
		(unsigned long long)h, occurrence);
}

/* One toolExecutionNotification about file `path` (*n counts them). */
static void notification(struct cls_output *o, unsigned *n, const char *level,
			 const char *path, const char *msg)
{
	FILE *out = o->out;
	fprintf(out, "%s\n        {\"level\": \"%s\", \"message\": {\"text\": ",
		(*n)++ ? "," : "", level);
	fmt_json_str(out, msg);
	fputs("}, \"locations\": [{\"physicalLocation\": {", out);
	artifact(out, o, path);
	fputs("}}]}", out);
}

static void sarif_end(struct cls_output *o)
{
	FILE *out = o->out;
	bool ok = true;
	for (unsigned i = 0; i < o->nfiles && o->files; i++)
		ok &= o->files[i].analyzed;
	fprintf(out, "\n      ],\n      \"invocations\": [{\"executionSuccessful\": %s, "
		     "\"toolExecutionNotifications\": [", ok ? "true" : "false");
	unsigned n = 0;
	for (unsigned i = 0; i < o->nfiles && o->files; i++) {
		const struct cls_file_rec *f = &o->files[i];
		if (!f->analyzed) {
			char msg[1024];
			snprintf(msg, sizeof msg, "not analyzed: %s",
				 f->reason ? f->reason : "unknown");
			notification(o, &n, "error", f->path, msg);
		}
		/* The file's notes ("no kernel in this file: ...") are notes. */
		for (const char *p = f->detail; p && *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			char *msg = *p == 'N' ? strndup(p + 1, len - 1) : NULL;
			if (msg)
				notification(o, &n, "note", f->path, msg);
			free(msg);
			p += len + (nl != NULL);
		}
	}
	fputs("]}]\n    }\n  ]\n}\n", out);
}

const struct fmt_ops fmt_sarif = {
	.name = "sarif",
	.machine = true,
	.elements = true,
	.records_files = true,
	.shows_suppressed = true,
	.begin = sarif_begin,
	.finding = sarif_result,
	.end = sarif_end,
};
