/*
 * report.h - the confirmation table as text, JSON or Markdown.  Every
 * formatter reads the same rows; JSON is the one for machines (tests, CI).
 */
#ifndef RC_REPORT_H
#define RC_REPORT_H

#include <stdio.h>

#include "backend.h"
#include "verdict.h"

enum rep_format { REP_TEXT, REP_JSON, REP_MARKDOWN };

struct rep_summary {
	unsigned findings, confirmed, not_reproduced, not_run;  /* finding and buggy rows */
	unsigned clean_rows, clean, evidence, clean_not_run;    /* clean-kernel rows */
	unsigned unflagged, unflagged_confirmed;                /* buggy kernels without finding */
	unsigned errors;                                        /* error rows and errors */
	unsigned infra;                                         /* cells not run for infrastructure */
};

struct rep_doc {
	const char *date;              /* ISO 8601, UTC */
	const char *static_source;     /* where the findings came from */
	const struct be_backend *const *backends;
	unsigned nbackends;
	const struct vd_row *rows;
	unsigned nrows;
	char *const *errors;           /* manifest, backend and analyzer errors */
	unsigned nerrors;
	struct rep_summary sum;
	int exit_status;
};

void rep_summarize(struct rep_doc *doc, int strict);
void rep_write(FILE *f, const struct rep_doc *doc, enum rep_format fmt);
void rep_json_string(FILE *f, const char *s);
const char *rep_status_name(enum vd_status s);
const char *rep_kind_name(enum vd_kind k);

#endif
