/*
 * manifest.h - the corpus manifest (docs/corpus.md, "Manifest"): one
 * manifest.ini per corpus folder, one section per kernel file, parsed with
 * libinih.  Every problem is reported as one line "manifest.ini:LINE: ...".
 */
#ifndef RC_MANIFEST_H
#define RC_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

#include "fill.h"

#define MAN_MAX_ARGS 32
#define MAN_MAX_LOCALS 8
#define MAN_DEFAULT_RUNS 3
#define MAN_DEFAULT_TIMEOUT 10.0

enum man_arg_kind {
	MAN_ARG_BUFFER,  /* __global (or __constant) buffer */
	MAN_ARG_LOCAL,   /* __local buffer: only a size */
	MAN_ARG_SCALAR,  /* by-value argument */
};

enum man_dir {
	MAN_IN,     /* input only */
	MAN_OUT,    /* compared between runs and against the reference */
	MAN_INOUT,  /* both */
};

enum man_compare {
	MAN_CMP_OUTPUT,  /* evidence from outputs, hangs, crashes, Oclgrind */
	MAN_CMP_TIMING,  /* slowdown against `reference` (bank conflicts) */
};

struct man_arg {
	int present;             /* the section has this arg.N */
	int line;                /* of its key */
	enum man_arg_kind kind;
	struct fill_type type;
	size_t count;            /* elements (buffer, local) */
	struct fill_spec fill;   /* buffer */
	enum man_dir dir;        /* buffer */
	unsigned char value[128]; /* scalar, type.size bytes */
	char text[128];          /* the value as written, for messages */
	int scratch;             /* the harness's own buffer (an instrumented copy's log):
				  * read back, never compared between runs */
};

struct man_kernel {
	char *section;           /* the file name in [brackets] */
	char *path;              /* folder/section */
	const char *manifest;    /* the manifest's path */
	int line;                /* of the [section] line */
	char *kernel;            /* kernel name; NULL: the file's only kernel */
	char *options;           /* build options, "" when none */
	size_t global[3];
	unsigned dims;           /* 1..3, of global and every local size */
	size_t local[MAN_MAX_LOCALS][3];
	unsigned nlocal;
	char *reference;         /* the fixed twin's file name, NULL when none */
	bool no_twin;                 /* reference = none: a buggy kernel with no twin
	                               * (launched with the arguments its finding
	                               * needs; only evidence without a twin counts) */
	char *ref_path;          /* folder/reference */
	enum man_compare compare;
	struct man_arg args[MAN_MAX_ARGS];
	unsigned seed_arg;       /* > 0: argument seed_arg - 1 is a uint set to the run's
				  * number + 1 before each launch (observe.h's delays) */
	unsigned nargs;
	unsigned runs;
	double timeout;          /* seconds before a run counts as a hang */
	unsigned ldims;          /* dimensions of the local sizes, checked against dims */
	int trace;               /* trace = yes: CPU backends trace its __local addresses */
	int seen[12];             /* line of each key (manifest.c's key table), 0: absent */
};

struct man_error {
	int line;
	char *text;              /* "path:line: message" */
};

struct man_file {
	char *path;              /* of manifest.ini */
	char *dir;               /* its folder */
	struct man_kernel *kernels;
	unsigned n, cap;
	struct man_error *errors; /* in line order */
	unsigned nerrors, caperrors;
};

int man_load(const char *path, struct man_file *mf);
void man_free(struct man_file *mf);
const struct man_kernel *man_find(const struct man_file *mf, const char *section);
size_t man_work_items(const struct man_kernel *mk);
void man_format_size(const size_t *v, unsigned dims, char *out, size_t n);
char *man_config_key(const struct man_kernel *mk, const char *path);
char *man_only_kernel(const char *path);

#endif
