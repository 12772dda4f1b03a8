/*
 * findings.h - clsynclint's static findings: read from its JSON output
 * (`--format=json`: a "diagnostics" array of objects with file, line,
 * column, severity, rule, message and notes), either by running the analyzer
 * on each manifest section or from a findings file made beforehand
 * (--findings, for machines without libclang), which is the same JSON.
 */
#ifndef RC_FINDINGS_H
#define RC_FINDINGS_H

#include <stdio.h>

#include "manifest.h"

struct fnd_note {
	int line, col;
	char *message;
};

struct fnd_finding {
	char *path;         /* as the analyzer printed it ("file") */
	int line, col;
	char *severity;     /* "error" or "warning" */
	char *message;
	char *rule;         /* the rule's name */
	struct fnd_note *notes; /* its notes in the same file */
	unsigned nnotes, capnotes;
};

struct fnd_set {
	struct fnd_finding *items;
	unsigned n, cap;
	char **analyzed;    /* files known to be analyzed (findings or not) */
	unsigned nanalyzed, capanalyzed;
	int complete;       /* a findings file without "analyzed": every file counts */
};

struct fnd_analyzer {
	const char *exe;    /* the clsynclint binary */
	char **extra;       /* --analyzer-arg values, before the file */
	int nextra;
	double timeout;
	int verbose;
};

int fnd_add_json(struct fnd_set *s, const char *text, const char *what, char *err,
		 size_t errlen);
int fnd_load(struct fnd_set *s, const char *path, char *err, size_t errlen);
char **fnd_argv(const struct fnd_analyzer *a, const struct man_kernel *mk, unsigned l,
		const char *extra);
int fnd_analyze(struct fnd_set *s, const struct fnd_analyzer *a, const struct man_kernel *mk,
		char *err, size_t errlen);
int fnd_write(const struct fnd_set *s, FILE *f);
int fnd_path_matches(const char *finding_path, const char *kernel_path);
int fnd_was_analyzed(const struct fnd_set *s, const char *kernel_path);
unsigned fnd_for_kernel(const struct fnd_set *s, const char *kernel_path,
			const struct fnd_finding ***out);
void fnd_free(struct fnd_set *s);

#endif
