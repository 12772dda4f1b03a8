/*
 * sarif.c - the formats for CI (sarif_, gh_ prefixes) and the rule pages.
 *
 * SARIF 2.1.0 as GitHub code scanning reads it: the rule table with each
 * rule's documentation page, one result per diagnostic with its notes as
 * related locations, repository-relative URIs under %SRCROOT%, columns in
 * UTF-16 code units, and fingerprints that survive edits elsewhere in the
 * file.  GitHub workflow commands (::error file=...::message) for annotations
 * without code scanning.  Both are written while diag.c walks the sorted list.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sarif.h"

/* ------------------------------------------------------------ rule pages */

/* Read a whole file into a malloc'ed, NUL-terminated buffer; NULL if absent. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		char *x = cap > ((size_t)1 << 24) ? NULL : realloc(buf, cap * 2);
		if (!x) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = x;
		cap *= 2;
	}
	bool bad = ferror(f);
	fclose(f);
	if (!buf || bad) {
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

char *cls_rule_doc(const struct cls_rule *r, size_t *len)
{
	char path[4096];
	char *doc = NULL;
#ifdef CLS_DOCDIR_REL
	/* Beside the program: <prefix>/bin/clsynclint -> <prefix>/<docdir>/rules;
	 * this is what an installed or unpacked package finds. */
	char exe[2048];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(path, sizeof path, "%s/../%s/rules/%s.md", exe, CLS_DOCDIR_REL,
				 r->name);
			doc = slurp(path, len);
		}
	}
#endif
#ifdef CLS_SOURCE_DIR
	if (!doc) {
		snprintf(path, sizeof path, "%s/docs/rules/%s.md", CLS_SOURCE_DIR, r->name);
		doc = slurp(path, len);
	}
#endif
#ifdef CLS_DOCDIR
	if (!doc) {
		snprintf(path, sizeof path, "%s/rules/%s.md", CLS_DOCDIR, r->name);
		doc = slurp(path, len);
	}
#endif
	return doc;
}

char *cls_rule_help_uri(const struct cls_rule *r)
{
	size_t len;
	char *doc = cls_rule_doc(r, &len);
	if (!doc)
		return NULL;
	free(doc);
	size_t n = sizeof CLS_URL "/blob/main/docs/rules/.md" + strlen(r->name);
	char *uri = malloc(n);
	if (uri)
		snprintf(uri, n, "%s/blob/main/docs/rules/%s.md", CLS_URL, r->name);
	return uri;
}

/* The first prose paragraph of a rule page (not a heading, table or code
 * block), malloc'ed; NULL if none. */
static char *first_paragraph(const char *doc)
{
	const char *p = doc;
	bool fenced = false;
	while (*p) {
		size_t k = strcspn(p, "\n");
		if (!strncmp(p, "```", 3))
			fenced = !fenced;
		else if (!fenced && p[0] != '#' && p[0] != '|' && p[0] != '>' &&
			 strspn(p, " \t\r") != k)
			break;
		p += k + (p[k] == '\n');
	}
	const char *end = p;
	while (*end) {
		size_t k = strcspn(end, "\n");
		if (strspn(end, " \t\r") == k)
			break;
		end += k + (end[k] == '\n');
	}
	size_t n = (size_t)(end - p);
	while (n && (p[n - 1] == '\n' || p[n - 1] == '\r'))
		n--;
	if (!n)
		return NULL;
	char *s = malloc(n + 1);
	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++)
		s[i] = p[i] == '\n' || p[i] == '\r' ? ' ' : p[i];
	s[n] = 0;
	return s;
}

/* ------------------------------------------------------------- locations */

char *ci_srcroot(void)
{
	char buf[4096];
	if (!getcwd(buf, sizeof buf - 1))
		return NULL;
	size_t n = strlen(buf);
	if (!n || buf[n - 1] != '/')
		buf[n++] = '/', buf[n] = 0;
	return strdup(buf);
}

/* A file name relative to the current directory when it lies below it. */
static const char *rel_path(const struct cls_output *o, const char *path)
{
	if (!path)
		return "";
	size_t n = o->srcroot ? strlen(o->srcroot) : 0;
	if (n && !strncmp(path, o->srcroot, n) && path[n])
		return path + n;
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/* A URI reference for a file name: unreserved characters and '/' as they are,
 * everything else percent-encoded. */
static void uri_str(FILE *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			fputc(*p, out);
		else
			fprintf(out, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
	}
}

/* "artifactLocation": relative to %SRCROOT%, or an absolute file URI. */
static void artifact(FILE *out, const struct cls_output *o, const char *path)
{
	const char *rel = rel_path(o, path);
	fputs("\"artifactLocation\": {\"uri\": \"", out);
	if (rel[0] == '/') {
		fputs("file://", out);
		uri_str(out, rel);
		fputs("\"}", out);
	} else {
		uri_str(out, rel);
		fputs("\", \"uriBaseId\": \"%SRCROOT%\"}", out);
	}
}

/* Byte column `col` (1-based) of a line as a column in UTF-16 code units: a
 * character outside the BMP is two, and a byte that is not UTF-8 (a Latin-1
 * comment) one, as a reader that decodes it to U+FFFD counts it. */
unsigned ci_utf16_col(const char *line, size_t len, unsigned col)
{
	unsigned units = 0;
	size_t bytes = col ? col - 1 : 0, i = 0;
	while (i < bytes) {
		unsigned k = i < len ? diag_utf8_len(line + i, len - i) : 1;
		units += k == 4 ? 2 : 1;
		i += k ? k : 1;
	}
	return units + 1;
}

/* A position's column in UTF-16 code units, when its line is in r's text. */
static unsigned sarif_col(const struct cls_result *r, const struct cls_pos *p)
{
	size_t len;
	const char *line = p->file && r->path && !strcmp(p->file, r->path)
				   ? diag_source_line(r, p->line, &len)
				   : NULL;
	unsigned col = p->col ? p->col : 1;
	return line ? ci_utf16_col(line, len, col) : col;
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
	char *full = doc ? first_paragraph(doc) : NULL;
	fprintf(out, "\n            {\"id\": \"%s\", \"name\": ", r->id);
	diag_json_str(out, r->name);
	fputs(", \"shortDescription\": {\"text\": ", out);
	diag_json_str(out, r->summary);
	fputs("}, \"fullDescription\": {\"text\": ", out);
	diag_json_str(out, full ? full : r->summary);
	fputc('}', out);
	char *uri = doc ? cls_rule_help_uri(r) : NULL;
	if (uri)
		fprintf(out, ", \"helpUri\": \"%s\"", uri);
	free(uri);
	fputs(", \"help\": {\"text\": ", out);
	diag_json_str(out, doc ? doc : r->summary);
	fputs(", \"markdown\": ", out);
	diag_json_str(out, doc ? doc : r->summary);
	fprintf(out, "}, \"defaultConfiguration\": {\"level\": \"%s\"}", diag_sev_name(r->severity));
	fputs(", \"properties\": {\"tags\": [", out);
	diag_json_str(out, r->category);
	fputs("]}}", out);
	free(full);
	free(doc);
}

void sarif_begin(struct cls_output *o)
{
	FILE *out = o->out;
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
		uri_str(out, o->srcroot);
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
				escaped_brackets(m, rel_path(o, p->file));
				fputc(' ', m);
			}
			fprintf(m, "line %u](%u)", p->line, k + 1);
		}
		fprintf(m, ") \\[%s\\]", d->rule->name);
	}
	fclose(m);
	fputs("\"message\": {\"text\": ", out);
	diag_json_str(out, text);
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
	h = fnv(h, rel_path(o, d->range.begin.file));
	h = fnv_msg(h, d->msg);
	size_t len = 0;
	const char *line = d->range.begin.file && !strcmp(d->range.begin.file, r->path)
				   ? diag_source_line(r, d->range.begin.line, &len)
				   : NULL;
	while (line && len && (*line == ' ' || *line == '\t'))
		line++, len--;
	while (line && len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	for (size_t i = 0; line && i < len; i++)
		h = (h ^ (unsigned char)line[i]) * 0x100000001b3ULL;
	return h;
}

void sarif_result(struct cls_output *o, const struct cls_result *r, const struct mem_vec *list,
		  unsigned i, enum cls_severity s)
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
		diag_rule_index(d->rule), diag_sev_name(s));
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
			diag_json_str(out, d->notes[k].msg);
			fputs("}}", out);
		}
		fputc(']', out);
	}
	if (d->nfixes) {
		fputs(",\n         \"fixes\": [", out);
		for (unsigned k = 0; k < d->nfixes; k++) {
			const struct cls_fix *f = &d->fixes[k];
			fprintf(out, "%s{\"description\": {\"text\": ", k ? ", " : "");
			diag_json_str(out, f->label);
			fputs("}, \"artifactChanges\": [{", out);
			artifact(out, o, f->range.begin.file ? f->range.begin.file : r->path);
			fputs(", \"replacements\": [{\"deletedRegion\": ", out);
			region(out, r, &f->range, true);
			fputs(", \"insertedContent\": {\"text\": ", out);
			diag_json_str(out, f->text);
			fprintf(out, "}}]}], \"properties\": {\"safe\": %s}}", f->safe ? "true" : "false");
		}
		fputc(']', out);
	}
	if (d->justification) {
		fputs(",\n         \"suppressions\": [{\"kind\": \"inSource\"", out);
		if (*d->justification) {
			fputs(", \"justification\": ", out);
			diag_json_str(out, d->justification);
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
	diag_json_str(out, msg);
	fputs("}, \"locations\": [{\"physicalLocation\": {", out);
	artifact(out, o, path);
	fputs("}}]}", out);
}

void sarif_end(struct cls_output *o)
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

/* ------------------------------------------------------ GitHub commands */

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

void gh_diag(struct cls_output *o, const struct cls_diag *d, enum cls_severity s)
{
	FILE *out = o->out;
	const struct cls_range *rg = &d->range;
	unsigned eline = rg->end.line >= rg->begin.line ? rg->end.line : rg->begin.line;
	unsigned ecol = rg->end.line == rg->begin.line && rg->end.col > rg->begin.col
				? rg->end.col
				: rg->begin.col + 1;
	fprintf(out, "::%s file=", gh_level(s));
	gh_str(out, rel_path(o, rg->begin.file), true);
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
		snprintf(loc, sizeof loc, "\n%s:%u:%u: note: ", rel_path(o, p->file), p->line, p->col);
		gh_str(out, loc, false);
		gh_str(out, d->notes[k].msg, false);
	}
	fputc('\n', out);
}

void gh_not_analyzed(struct cls_output *o, const struct cls_result *r)
{
	fputs("::error file=", o->out);
	gh_str(o->out, rel_path(o, r->path), true);
	fputs(",line=1,title=not-analyzed::not analyzed: ", o->out);
	gh_str(o->out, r->reason, false);
	fputc('\n', o->out);
}

void gh_file_note(struct cls_output *o, const char *path, const char *msg)
{
	fputs("::notice file=", o->out);
	gh_str(o->out, rel_path(o, path), true);
	fputs(",line=1,title=clsynclint::", o->out);
	gh_str(o->out, msg, false);
	fputc('\n', o->out);
}
