/*
 * fmt.h - the formatter interface (fmt_ prefix) and what formatters share.
 *
 * output.c owns the report: the counts, the file records, the --jobs parts.
 * It walks each file's sorted list and hands every shown diagnostic to the
 * formatter of struct cls_output's format; a formatter only prints.  One file
 * per format: fmt_text.c, fmt_gcc.c, fmt_json.c, fmt_sarif.c, fmt_github.c,
 * and fmt_lsp.c, whose findings are JSON values in o->sink, not text.
 *
 * A --jobs worker formats one file into a part of its own and the parent
 * splices the parts in input order (cls_output_splice), so a formatter must
 * print nothing per file that depends on the files before it, except the
 * separator before an array element, which it decides by o->nresults: the
 * part's first element is printed without one and the splice adds it.
 * Whatever spans files (JSON's "files" array, SARIF's notifications) is
 * printed by end() from the file records (records_files).
 */
#ifndef CLS_FMT_H
#define CLS_FMT_H

#include "cls.h"

struct fmt_ops {
	const char *name;       /* --format=NAME; NULL: no --format (lsp) */
	/* Read by programs: --statistics goes to stderr, not into the report. */
	bool machine;
	/* Results are elements of one JSON array, comma-separated across files
	 * (and across --jobs parts). */
	bool elements;
	/* The report keeps a struct cls_file_rec per file for end(). */
	bool records_files;
	/* Findings hidden by suppression comments are shown too (marked). */
	bool shows_suppressed;
	/* Before the first file (o's counts are zero); NULL: nothing. */
	void (*begin)(struct cls_output *o);
	/* Diagnostic i of `list` (r's diags, or r's suppressed ones when
	 * shows_suppressed) at its effective severity s. */
	void (*finding)(struct cls_output *o, const struct cls_result *r,
			const struct mem_vec *list, unsigned i, enum cls_severity s);
	/* A file that could not be analyzed and has no diagnostic saying why;
	 * NULL: the file record says it. */
	void (*not_analyzed)(struct cls_output *o, const struct cls_result *r);
	/* A note about a whole file (struct cls_result's notes), shown unless
	 * --severity is above note; NULL: the file record holds it. */
	void (*file_note)(struct cls_output *o, const char *path, const char *msg);
	/* After the last file; NULL: nothing. */
	void (*end)(struct cls_output *o);
};

extern const struct fmt_ops fmt_text, fmt_gcc, fmt_json, fmt_sarif, fmt_github, fmt_lsp;

/* ------------------------------------------------- fmt_util.c: shared pieces */

const char *fmt_sev_name(enum cls_severity s);
/* s as a JSON string, quoted; a byte that is not UTF-8 becomes \ufffd. */
void fmt_json_str(FILE *out, const char *s);
/* Line `line` (1-based) of r's source, without its line end (length in *len);
 * NULL if there is no such line. */
const char *fmt_source_line(const struct cls_result *r, unsigned line, size_t *len);
/* The length of the well-formed UTF-8 sequence at s (n bytes left, n > 0):
 * 1 to 4, or 0 when s[0] does not start one. */
unsigned fmt_utf8_len(const char *s, size_t n);
/* Byte column `col` (1-based) of a line (len bytes) as a 1-based column in
 * UTF-16 code units, the unit of SARIF and of LSP positions. */
unsigned fmt_utf16_col(const char *line, size_t len, unsigned col);
/* The current directory with a trailing '/', malloc'ed (NULL if unknown):
 * SARIF and GitHub make file names relative to it (o->srcroot). */
char *fmt_srcroot(void);
/* A file name relative to o->srcroot when it lies below it. */
const char *fmt_rel_path(const struct cls_output *o, const char *path);
/* A file name as a URI reference: unreserved characters and '/' as they
 * are, every other byte percent-encoded. */
void fmt_uri_str(FILE *out, const char *s);

#endif
