/*
 * oclgrind.h - Oclgrind as a backend: finding its ICD library and reading
 * the reports it writes to OCLGRIND_LOG (data races, work-group divergence,
 * invalid memory accesses, uninitialized values), each with the source lines
 * it names ("At line 25 (column 9) of input.cl:").
 */
#ifndef RC_OCLGRIND_H
#define RC_OCLGRIND_H

#define OGR_MAX_LINES 8

enum ogr_kind {
	OGR_RACE_RW,     /* "Read-write data race at ..." */
	OGR_RACE_WW,     /* "Write-write data race at ..." */
	OGR_DIVERGENCE,  /* "Work-group divergence detected (barrier)" */
	OGR_INVALID,     /* "Invalid read of size 4 at global memory address ..." */
	OGR_UNINIT,      /* "Uninitialized value ..." */
	OGR_FATAL,       /* "OCLGRIND FATAL ERROR": Oclgrind itself failed */
	OGR_OTHER,       /* any other error Oclgrind reports */
};

struct ogr_report {
	enum ogr_kind kind;
	char *head;                  /* the report's first line */
	int lines[OGR_MAX_LINES];    /* kernel source lines it names, ascending */
	unsigned nlines;
	unsigned count;              /* identical reports (same kind and lines) */
};

struct ogr_log {
	struct ogr_report *items;
	unsigned n, cap;
	unsigned total;              /* reports read, duplicates included */
	int truncated;               /* Oclgrind stopped reporting (max errors) */
};

void ogr_parse(const char *text, struct ogr_log *log);
const char *ogr_kind_name(enum ogr_kind k);
int ogr_names_line(const struct ogr_report *r, int line);
void ogr_free(struct ogr_log *log);
const char *ogr_find_icd(const char *given);

#endif
