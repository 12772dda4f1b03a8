/*
 * fmt_lsp.c - the language server's format: one lint's result as LSP
 * diagnostics and quick fixes, and the LSP shapes of strings and file names.
 *
 * Runs in the lint's child process (lsp.c), which sends the JSON to the
 * server.  The findings reach it through output.c like every format's; only
 * the shape differs: JSON values appended to an array (the output's sink)
 * rather than text, 0-based lines, columns in UTF-16 code units (LSP's
 * default position encoding), the rule as `code` with a link to its page,
 * the notes (the witness's other access among them) as related information.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp.h"
#include "fmt.h"

json_t *lsp_str(const char *s)
{
	if (!s)
		s = "";
	size_t n = strlen(s), bad = 0;
	for (size_t i = 0; i < n;) {
		unsigned k = fmt_utf8_len(s + i, n - i);
		bad += !k;
		i += k ? k : 1;
	}
	if (!bad)
		return json_stringn(s, n);
	char *t = malloc(n + 2 * bad + 1), *q = t;
	if (!t)
		return NULL;
	for (size_t i = 0; i < n;) {
		unsigned k = fmt_utf8_len(s + i, n - i);
		if (k) {
			memcpy(q, s + i, k);
			q += k;
			i += k;
		} else {
			memcpy(q, "\xef\xbf\xbd", 3);
			q += 3;
			i++;
		}
	}
	json_t *j = json_stringn(t, (size_t)(q - t));
	free(t);
	return j;
}

char *lsp_path_to_uri(const char *path)
{
	char cwd[4096] = "";
	if (path[0] != '/' && !getcwd(cwd, sizeof cwd))
		cwd[0] = 0;
	char *uri = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&uri, &n);
	if (!m)
		return NULL;
	fputs("file://", m);
	fmt_uri_str(m, cwd);
	if (cwd[0] && cwd[strlen(cwd) - 1] != '/')
		fputc('/', m);
	fmt_uri_str(m, path);
	if (fclose(m) != 0) {
		free(uri);
		return NULL;
	}
	return uri;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	     : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *lsp_uri_to_path(const char *uri)
{
	if (strncmp(uri, "file://", 7))
		return NULL;
	const char *p = uri + 7;
	/* file://host/path: only the local host has files for us */
	if (*p != '/') {
		if (strncmp(p, "localhost/", 10))
			return NULL;
		p += 9;
	}
	char *path = malloc(strlen(p) + 1), *q = path;
	if (!path)
		return NULL;
	for (; *p && *p != '?' && *p != '#'; p++) {
		int hi, lo;
		if (*p == '%' && (hi = hexval(p[1])) >= 0 && (lo = hexval(p[2])) >= 0) {
			char c = (char)(hi << 4 | lo);
			if (!c) {   /* a NUL cannot be in a file name */
				free(path);
				return NULL;
			}
			*q++ = c;
			p += 2;
		} else {
			*q++ = *p;
		}
	}
	*q = 0;
	return path;
}

/* An LSP Position of p: 0-based line, UTF-16 character (when p is in r's
 * text; in another file the byte column is the best there is). */
static json_t *position(const struct cls_result *r, const struct cls_pos *p)
{
	unsigned line = p->line ? p->line : 1, col = p->col ? p->col : 1;
	size_t len;
	const char *text = p->file && r->path && !strcmp(p->file, r->path)
				   ? fmt_source_line(r, line, &len)
				   : NULL;
	if (text)
		col = fmt_utf16_col(text, len, col);
	return json_pack("{s:I,s:I}", "line", (json_int_t)line - 1, "character",
			 (json_int_t)col - 1);
}

/* An LSP Range of rg.  An empty range is widened to one character unless
 * `empty_ok` (an insertion), so that the editor has something to underline. */
static json_t *range(const struct cls_result *r, const struct cls_range *rg, bool empty_ok)
{
	struct cls_pos end = rg->end;
	if (!end.file)
		end.file = rg->begin.file;
	bool same = end.file && rg->begin.file && !strcmp(end.file, rg->begin.file);
	if (!same || end.line < rg->begin.line ||
	    (end.line == rg->begin.line && end.col <= rg->begin.col)) {
		end = rg->begin;
		end.col = (rg->begin.col ? rg->begin.col : 1) + !empty_ok;
	}
	return json_pack("{s:o,s:o}", "start", position(r, &rg->begin), "end",
			 position(r, &end));
}

/* The URI of a position's file: the buffer's own URI for its text. */
static json_t *file_uri(const struct cls_result *r, const char *file, const char *uri)
{
	if (!file || (r->path && !strcmp(file, r->path)))
		return json_string(uri);
	char *u = lsp_path_to_uri(file);
	json_t *j = lsp_str(u);
	free(u);
	return j;
}

static int lsp_severity(enum cls_severity s)
{
	return s == CLS_ERROR ? 1 : s == CLS_WARNING ? 2 : 3;
}

/* One entry of lsp_findings (diagnostic d shown at severity s). */
static json_t *finding(const struct cls_result *r, const struct cls_diag *d,
		       enum cls_severity s, const char *uri)
{
	json_t *diag = json_pack("{s:o,s:i,s:s,s:s,s:o}", "range", range(r, &d->range, false),
				 "severity", lsp_severity(s), "code", d->rule->name,
				 "source", "clsynclint", "message", lsp_str(d->msg));
	if (!diag)
		return NULL;
	char *href = cls_rule_help_uri(d->rule);
	if (href)
		json_object_set_new(diag, "codeDescription", json_pack("{s:s}", "href", href));
	free(href);
	if (d->nnotes) {
		json_t *rel = json_array();
		for (unsigned k = 0; k < d->nnotes; k++) {
			const struct cls_note *n = &d->notes[k];
			json_array_append_new(rel, json_pack(
				"{s:{s:o,s:o},s:o}", "location", "uri",
				file_uri(r, n->range.begin.file, uri), "range",
				range(r, &n->range, false), "message", lsp_str(n->msg)));
		}
		json_object_set_new(diag, "relatedInformation", rel);
	}
	json_t *fixes = json_array();
	for (unsigned k = 0; k < d->nfixes; k++) {
		const struct cls_fix *f = &d->fixes[k];
		json_array_append_new(fixes, json_pack(
			"{s:o,s:o,s:[{s:o,s:o}]}", "title", lsp_str(f->label), "uri",
			file_uri(r, f->range.begin.file, uri), "edits", "range",
			range(r, &f->range, true), "newText", lsp_str(f->text)));
	}
	return json_pack("{s:o,s:o}", "diagnostic", diag, "fixes", fixes);
}

json_t *lsp_finding_at_start(const char *code, const char *msg)
{
	return json_pack("{s:{s:{s:{s:i,s:i},s:{s:i,s:i}},s:i,s:s,s:s,s:o},s:[]}", "diagnostic",
			 "range", "start", "line", 0, "character", 0, "end", "line", 0,
			 "character", 1, "severity", 1, "code", code, "source", "clsynclint",
			 "message", lsp_str(msg), "fixes");
}

/* Where fmt_lsp appends: the output's sink. */
struct lsp_sink {
	json_t *all;        /* lsp_findings's array */
	const char *uri;    /* the linted buffer's */
	bool failed;        /* out of memory: the array is incomplete */
};

static void lsp_append(struct cls_output *o, json_t *entry)
{
	struct lsp_sink *k = o->sink;
	if (!k->failed && json_array_append_new(k->all, entry))
		k->failed = true;
}

static void lsp_finding(struct cls_output *o, const struct cls_result *r,
			const struct mem_vec *list, unsigned i, enum cls_severity s)
{
	const struct lsp_sink *k = o->sink;
	lsp_append(o, k->failed ? NULL : finding(r, list->items[i], s, k->uri));
}

static void lsp_not_analyzed(struct cls_output *o, const struct cls_result *r)
{
	char msg[1024];
	snprintf(msg, sizeof msg, "not analyzed: %s", r->reason ? r->reason : "unknown");
	lsp_append(o, lsp_finding_at_start("not-analyzed", msg));
}

/* A note about the whole file ("no kernel in this file", macros assumed):
 * information at its start, as the other formats print them at line 1. */
static void lsp_file_note(struct cls_output *o, const char *path, const char *msg)
{
	(void)path;
	json_t *e = lsp_finding_at_start("clsynclint", msg);
	json_t *d = json_object_get(e, "diagnostic");
	json_object_set_new(d, "severity", json_integer(3));
	json_object_del(d, "code");
	lsp_append(o, e);
}

const struct fmt_ops fmt_lsp = {
	.finding = lsp_finding,
	.not_analyzed = lsp_not_analyzed,
	.file_note = lsp_file_note,
};

json_t *lsp_findings(const struct cls_result *r, const struct cls_options *o, const char *uri)
{
	struct lsp_sink sink = { json_array(), uri, false };
	if (!sink.all)
		return NULL;
	struct cls_output out;
	memset(&out, 0, sizeof out);
	out.format = CLS_FMT_LSP;
	out.sink = &sink;
	cls_output_begin(&out);
	cls_output_file(&out, o, r);
	cls_output_end(&out);
	if (sink.failed) {
		json_decref(sink.all);
		return NULL;
	}
	return sink.all;
}
