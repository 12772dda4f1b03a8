/*
 * sarif.h - the formats for CI: SARIF 2.1.0 (sarif_) and GitHub workflow
 * commands (gh_).  Called by the formatter switch of diag.c, which owns the
 * list of diagnostics and the counts.
 */
#ifndef CLS_SARIF_H
#define CLS_SARIF_H

#include "cls.h"

/* The current directory with a trailing '/', malloc'ed (NULL if unknown):
 * file names in both formats are made relative to it. */
char *ci_srcroot(void);

/* Byte column `col` (1-based) of a line (len bytes) as a 1-based column in
 * UTF-16 code units, the unit of SARIF and of LSP positions. */
unsigned ci_utf16_col(const char *line, size_t len, unsigned col);

/* SARIF: the log up to the opening of "results" (rules read from the docs). */
void sarif_begin(struct cls_output *o);
/* One result: diagnostic i of `list` (r's diags or r's suppressed ones,
 * which carry their justification), shown at severity s. */
void sarif_result(struct cls_output *o, const struct cls_result *r, const struct mem_vec *list,
		  unsigned i, enum cls_severity s);
/* The rest of the log: the invocation, with the files that were not analyzed. */
void sarif_end(struct cls_output *o);

/* GitHub: one ::error/::warning/::notice command per diagnostic, notes inside. */
void gh_diag(struct cls_output *o, const struct cls_diag *d, enum cls_severity s);
/* GitHub: a file that could not be analyzed and has no diagnostic saying why. */
void gh_not_analyzed(struct cls_output *o, const struct cls_result *r);
/* GitHub: a note about a whole file (struct cls_result's notes). */
void gh_file_note(struct cls_output *o, const char *path, const char *msg);

/* diag.c's helpers, shared with these formatters. */
int diag_rule_index(const struct cls_rule *r);
const char *diag_sev_name(enum cls_severity s);
void diag_json_str(FILE *out, const char *s);
const char *diag_source_line(const struct cls_result *r, unsigned line, size_t *len);
/* The length of the well-formed UTF-8 sequence at s (n bytes left, n > 0):
 * 1 to 4, or 0 when s[0] does not start one. */
unsigned diag_utf8_len(const char *s, size_t n);

#endif
