/*
 * prog.h - the state of one run of the clsynclint program, shared by its
 * files: clsynclint.c (the arguments, main), walk.c (the inputs), run.c
 * (linting one input), jobs.c (the --jobs workers), report.c (--output,
 * --statistics, --time-report).  The analyses are libclsynclint's.
 */
#ifndef CLS_PROG_H
#define CLS_PROG_H

#include <stdio.h>

#include "../analyzer/cls.h"
#include "../analyzer/compdb.h"
#include "../analyzer/config.h"

/* What the inputs add up to besides the report's counts: a --jobs worker
 * sends its input's share, the parent adds the shares up (jobs.c). */
struct prog_sums {
	unsigned not_analyzed;         /* inputs that could not be analyzed */
	unsigned verify_failed;        /* --verify: inputs that failed */
	unsigned ndiff;                /* --diff: files with a non-empty diff */
	double t_phase[6], t_rule[64], t_total; /* --time-report sums */
	double t_solver;
	unsigned long solver_queries, solver_checks;
	size_t peak_arena;
};

struct prog {
	struct mem_arena arena;        /* option strings, file names */
	struct cls_options opt;
	struct cls_output out;
	const char *stdin_name;
	bool verify;
	const char *verify_prefix;     /* --verify=PREFIX */
	bool list_rules;
	char **files;
	unsigned nfiles, capfiles;
	struct prog_sums sum;          /* over the inputs, as the workers send them */
	/* Configuration: the command line's analysis options again (cli, tail),
	 * replayed over each file's configuration so that they win. */
	struct cfg_set *cfgs;
	const struct cfg *forced_cfg;  /* --config */
	const struct cfg *walk_cfg;    /* the directory being walked: include/exclude */
	const struct cfg **file_cfg;   /* per input, parallel to files */
	bool no_config, show_config;
	char **cli;                    /* arguments cls_parse_option took */
	int ncli, capcli;
	char **tail;                   /* arguments after -- */
	int ntail;
	bool statistics;
	unsigned jobs;
	FILE *aux;                     /* --verify's lines (stdout; a worker's part) */
	bool worker_failed;            /* a worker ended badly after its files */
	struct cdb *cdb;               /* -p DIR: the compilation database */
	bool host_files;               /* --host-files: directories give host files too */
	bool fix, diff, unsafe_fixes;  /* --fix, --diff, --unsafe-fixes */
	/* What main() decides from, as the command line gave it */
	const char *format, *color;    /* --format, --color */
	const char *config_file;       /* --config */
	const char *output;            /* --output */
	const char *explain_rule;      /* --explain */
	const char *cdb_dir;           /* -p */
	bool lsp;                      /* --lsp */
};

/* clsynclint.c: print a one-line usage error to stderr; returns the usage
 * exit code. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ------------------------------------------------------------- walk.c */

/* Append input `path` (copied) to p's files. */
void add_file(struct prog *p, const char *path);
/* Replace p's files as given by the inputs to lint: directories expanded
 * into their .cl files (and host files), the given order kept.  Counts the
 * '-' among them in *stdin_count.  Returns -1, or the exit code of a usage
 * error already printed. */
int walk_inputs(struct prog *p, unsigned *stdin_count);
/*
 * Read input `path` ('-': standard input) whole.  Only standard input and
 * regular files are read, neither beyond CLS_MAX_FILE_SIZE bytes: a device
 * such as /dev/zero would never end, a FIFO could block forever.  Returns a
 * malloc'ed buffer (length in *len), or NULL with the reason in *why.
 */
char *read_input(const char *path, size_t *len, const char **why);

/* -------------------------------------------------------------- run.c */

/* The name input `path` has in messages. */
const char *display_name(const struct prog *p, const char *path);
/* Append one raw compiler argument (after --) to o's, copied into a. */
bool add_cc_arg(struct mem_arena *a, struct cls_options *o, const char *arg);
/*
 * The options for input `path` under configuration c: the defaults, then c,
 * then its entry in the compilation database (-p), then the command line
 * again (it wins); strings go to a.  Without either they are the command
 * line's, p->opt.  *note (when note is not NULL) gets what the file's report
 * must say about the database's options, or NULL.
 */
void file_options(struct prog *p, const struct cfg *c, const char *path,
		  struct mem_arena *a, struct cls_options *o, const char **note);
/* Lint (or verify, or fix) one input, under configuration c. */
void run_one(struct prog *p, const char *path, const struct cfg *c);
/* An input that could not be read: report it like a file that was not analyzed. */
void input_error(struct prog *p, const char *path, const char *why);
/* --lsp: the options of the buffer of file `path`, as --stdin-filename
 * would give them (lsp.h, lsp_options_fn; env is the struct prog). */
bool lsp_file_options(void *env, const char *path, struct mem_arena *a,
		      struct cls_options *o, const char **note, char *err, size_t n);

/* ------------------------------------------------------------- jobs.c */

/* End this process (supervisor or worker) with exit status rc. */
void end_process(int rc) __attribute__((noreturn));
/*
 * Lint every input in supervised workers and print the report in input
 * order.  If no worker can be started at all, the inputs left are linted in
 * this process, unsupervised, and a line on standard error says so.
 */
void run_supervised(struct prog *p);

/* ----------------------------------------------------------- report.c */

/*
 * Open the --output file `path` for the report, written beside it and
 * renamed over it by report_close, so that a reader sees the old report or
 * the new one whole.  NULL with errno set on failure.
 */
FILE *report_open(const char *path);
/* Finish the report opened by report_open: NULL when it is in place, else why not. */
const char *report_close(FILE *f, const char *path);
/* --statistics: findings per rule, then the totals. */
void statistics(const struct prog *p, FILE *f);
/* --time-report: where the time went, on stderr. */
void time_report(const struct prog *p);

#endif
