/*
 * cls.h - the public interface of libclsynclint (cls_ prefix).
 *
 * Programs (clsynclint, runtime_check, the fuzz harness) see only this header:
 * options, the rule table, linting a file into a list of diagnostics, and the
 * formatters.  How a file is parsed and analyzed is the library's business.
 */
#ifndef CLS_H
#define CLS_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "ir.h"

#define CLS_VERSION "0.1.0"
#define CLS_URL "https://github.com/clsynclint/clsynclint"

/* The largest file read, an input or anything it includes (fsguard.c, the
 * program); larger ones are not analyzed.  Documented in README and --help. */
#define CLS_MAX_FILE_SIZE (64u << 20)
#define CLS_MAX_FILE_SIZE_TEXT "64 MiB"

/* Exit codes of the clsynclint program; documented in --help and README. */
enum cls_exit {
	CLS_EXIT_CLEAN = 0,      /* no diagnostic at or above the threshold */
	CLS_EXIT_FINDINGS = 1,   /* diagnostics found */
	CLS_EXIT_NOT_ANALYZED = 2, /* some input could not be analyzed */
	CLS_EXIT_USAGE = 3,      /* bad command line */
};

enum cls_severity {
	CLS_NOTE = 0,
	CLS_WARNING = 1,
	CLS_ERROR = 2,
};

struct cls_ctx;

struct cls_rule {
	const char *id;          /* permanent: CLS001, never reused */
	const char *name;        /* permanent: barrier-divergence */
	enum cls_severity severity; /* default severity */
	const char *category;    /* "correctness" or "performance" */
	const char *summary;     /* one line */
	void (*run)(struct cls_ctx *ctx);  /* NULL for pseudo-rules */
};

/* The rule table (rules/registry.c). */
extern const struct cls_rule *const cls_rules[];
extern const unsigned cls_nrules;
const struct cls_rule *cls_rule_by_name(const char *name);
/* Pseudo-rules reported by the driver itself. */
extern const struct cls_rule cls_rule_compile_error;
extern const struct cls_rule cls_rule_unsupported;
extern const struct cls_rule cls_rule_compiler_warning;
extern const struct cls_rule cls_rule_suppression;  /* CLS902: suppression comments */
extern const struct cls_rule cls_rule_assumption;   /* CLS903: assume facts */

struct cls_fix {
	struct cls_range range;  /* text to replace (empty range = insertion) */
	const char *text;        /* replacement */
	const char *label;       /* what the fix does */
	/* Applied by --fix without --unsafe-fixes: the rule showed that the edit
	 * changes nothing but what the finding is about.  False by default: a
	 * rule marks a fix-it safe only with a reason (docs/fixes.md). */
	bool safe;
};

struct cls_note {
	struct cls_range range;
	const char *msg;
};

struct cls_diag {
	const struct cls_rule *rule;
	enum cls_severity severity;
	struct cls_range range;
	const char *msg;
	/* Hidden by a suppression comment (cls_result.suppressed): the reason
	 * after its "--", "" when it gives none; NULL for a shown diagnostic. */
	const char *justification;
	unsigned nnotes, nfixes;
	struct cls_note *notes;
	struct cls_fix *fixes;
};

/* Launch sizes no device exceeds, documented in README: work-items in a
 * work-group, and a global size along one dimension.  Beyond them an option
 * is a usage error. */
#define CLS_MAX_WORK_GROUP 1024u
#define CLS_MAX_GLOBAL_SIZE 4294967295u

/* Launch configuration the analyses may use; 0 = unknown. */
struct cls_launch {
	unsigned local[3];
	unsigned groups[3];
	unsigned global[3];
};

struct cls_options {
	struct cls_launch launch;
	const char **cc_args;    /* extra compiler arguments (-D, -I, -include, after --) */
	unsigned ncc_args;
	const char *cl_std;      /* "CL3.0" by default */
	enum cls_severity min_severity;
	bool werror;
	bool compiler_warnings;
	bool report_benign;
	bool report_conditional;   /* races that need a coincidence of arguments */
	bool strict;             /* unsupported constructs are errors */
	bool assume_aliasing;    /* pointer arguments of one type may be the same buffer */
	double budget_seconds;   /* per-file analysis budget; 0 = none */
	bool fast_builtins;      /* -fdeclare-opencl-builtins (default on) */
	unsigned char rule_enabled[64]; /* by index in cls_rules; 0 = default (on) */
	const char *device;      /* bank model profile: nvidia, amd, intel, generic */
	unsigned banks;          /* 0 = from the profile */
	unsigned bank_width;     /* bytes */
	unsigned subgroup_size;
	unsigned min_conflict_degree;
	bool time_report;        /* measure the phases (cls_result.t_*) */
	const char *dump;        /* NULL, "ir", "uniformity", "cfg" */
	FILE *dump_out;
	/* severity per rule (index in cls_rules), from the configuration file:
	 * 0 = the rule's default, else enum cls_severity + 1 */
	unsigned char rule_severity[64];
	bool report_unused_suppressions; /* suppressions that hid nothing: CLS902 */
	const char **assumes;    /* --assume facts (assume.h), nassumes of them */
	unsigned nassumes;
	/* Zero configuration (frontend.c): an identifier nothing defines that is
	 * spelled like a macro constant is analyzed as an unknown integer
	 * constant, and a type name nothing defines as float (default on;
	 * --no-assume-macros turns it off) */
	bool assume_macros;
};

void cls_options_init(struct cls_options *o);
/*
 * Parse the analysis option at argv[*i] (advancing *i over its value):
 * 1 consumed, 0 not an analysis option, -1 invalid (message in err).
 * Strings are copied into `a`, which must outlive the options.
 */
int cls_parse_option(struct mem_arena *a, struct cls_options *o, int argc, char **argv,
		     int *i, char *err, size_t errlen);
bool cls_parse_dims(const char *s, unsigned v[3]);
/* The launch's sizes together within the limits below: 1, or -1 with the
 * message in err (the options alone are checked by cls_parse_option). */
int cls_check_launch(const struct cls_options *o, char *err, size_t errlen);

enum cls_file_status {
	CLS_FILE_ANALYZED,       /* compiled, and at least one kernel was analyzed */
	CLS_FILE_NOT_ANALYZED,   /* could not be analyzed; `reason` says why */
	CLS_FILE_NO_KERNEL,      /* compiled, but defines no kernel: nothing was checked */
};

/* A kernel that was analyzed, as the report's file list names it. */
struct cls_kernel_rec {
	const char *name;
	struct cls_pos pos;      /* its name in the linted file */
};

/* The outcome of linting one file. */
struct cls_result {
	struct mem_arena arena;  /* owns everything below */
	const char *path;        /* name used in messages */
	enum cls_file_status status;
	const char *reason;      /* why not analyzed */
	struct mem_vec diags;    /* struct cls_diag *, sorted and deduplicated */
	struct mem_vec kernels;  /* struct cls_kernel_rec *: the kernels analyzed */
	/* const char *: what the report says about the file as a whole, one
	 * line each ("no kernel in this file: ..."; build options taken from a
	 * compilation database; whatever a later mode assumes for the file) */
	struct mem_vec notes;
	/* const char *: what zero configuration assumed (cls_options.
	 * assume_macros): macro constants taken as unknown integers, and type
	 * names taken as float ("real_t") or as a vector, for its name
	 * ("real4=float4") or for its values' components ("VEC:float4");
	 * `macro_note` is the note that says so (one of `notes`), NULL when
	 * nothing was assumed */
	struct mem_vec macro_consts, macro_types;
	const char *macro_note;
	const char *source;      /* the file's text, for caret lines */
	size_t source_len;
	/* --time-report: seconds per phase, then per rule (index in cls_rules) */
	double t_parse, t_lower, t_cfg, t_uniform, t_access, t_sort;
	double t_rule[64];
	size_t peak_arena;       /* bytes the arena handed out */
	double t_solver;         /* of the phases above, seconds in the solver */
	unsigned long solver_queries, solver_checks; /* conflict decisions, solver calls */
	unsigned nsuppressed;    /* diagnostics hidden by suppression comments */
	/* struct cls_diag *: those diagnostics, sorted like diags, each with its
	 * justification; only SARIF shows them (as suppressed results) */
	struct mem_vec suppressed;
};

/* The names of v (const char *) as a list, "A, B and C", in the arena. */
const char *cls_name_list(struct mem_arena *a, const struct mem_vec *v);

/* The note that says what zero configuration assumed for a file: macro
 * constants `consts` and type names `types` (const char *), in the arena. */
const char *cls_macro_note(struct mem_arena *a, const struct mem_vec *consts,
			   const struct mem_vec *types);

/* Seconds on a monotonic clock. */
double cls_now(void);

/*
 * Lint one file.  `display` is the name used in messages (for stdin), `text`
 * and `len` the file's contents (the caller read it).  The result must be
 * released with cls_result_free().
 */
/* Start preparing what the analysis of the next file needs (the solver's
 * context, on a second thread) while the caller reads and parses; optional,
 * cls_lint does it too. */
void cls_prewarm(void);

/* Make what every lint in this process shares, and the processes forked
 * from it after the call inherit (libclang's index); optional, cls_lint
 * does it too. */
void cls_preload(void);

void cls_lint(const struct cls_options *o, const char *display, const char *text,
	      size_t len, struct cls_result *r);
void cls_result_free(struct cls_result *r);

/* Kernels embedded in host code (embed.c). */
enum cls_host_lang {
	CLS_HOST_NONE,           /* an OpenCL C file */
	CLS_HOST_C,              /* C or C++: .c .h .cc .cpp .cxx .c++ .hpp .hh .hxx .h++ .inl .ipp */
	CLS_HOST_PYTHON,         /* .py */
	CLS_HOST_RAW_FILE,       /* an OpenCL C file written as a C++ raw string, R"( ... )",
				  * to be #included into host code (cls_raw_wrapped) */
};
/* The host language of a file, by its name's extension. */
enum cls_host_lang cls_host_lang(const char *path);
/*
 * Lint the OpenCL C kernel sources that host code `text` holds in string
 * literals (C++ raw strings, adjacent C literals, Python strings) into one
 * result for the host file: every position points into the host file, whose
 * text is the result's source.  A file with no kernel source gets the status
 * CLS_FILE_NO_KERNEL and a note.  With CLS_HOST_RAW_FILE the literals' text
 * is the file's OpenCL C source, kernel or not, and its report the file's.
 * Released with cls_result_free().
 */
void cls_lint_host(const struct cls_options *o, enum cls_host_lang lang, const char *display,
		   const char *text, size_t len, struct cls_result *r);
/* Is `text` a kernel file written as C++ raw string literals (CLBlast's
 * .opencl files, clSPARSE's .cl files: `R"(` ... `)"`, any delimiter, only
 * comments and whitespace around), to be linted as CLS_HOST_RAW_FILE? */
bool cls_raw_wrapped(const char *text, size_t len);
/* Does host code `text` hold a kernel source that cls_lint_host would lint? */
bool cls_host_has_kernels(enum cls_host_lang lang, const char *text, size_t len);

/*
 * Reporting, for rules and analyses.  Returns the new diagnostic so that
 * notes and fixes can be attached; NULL if the rule is disabled or memory ran out.
 */
struct cls_diag *cls_report(struct cls_ctx *ctx, const struct cls_rule *rule,
			    struct cls_range range, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void cls_note(struct cls_ctx *ctx, struct cls_diag *d, struct cls_range range,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Returns the new fix-it (unsafe until the rule marks it safe), NULL if none. */
struct cls_fix *cls_fixit(struct cls_ctx *ctx, struct cls_diag *d, struct cls_range range,
			  const char *text, const char *label);

/*
 * Fix-its (fix.c).  A plan chooses the fix-its of r's diagnostics at or
 * above the options' severity threshold that can be applied together: the
 * unsafe ones only when `unsafe_ok`; of diagnostics whose edits overlap,
 * the first in source order (the others are skipped, with a note each).
 */
struct cls_edit {
	size_t begin, end;       /* bytes of the source replaced (begin == end: insertion) */
	const char *text;        /* what replaces them */
	unsigned order;          /* the diagnostic's index in the sorted list */
};
struct cls_fix_plan {
	struct mem_vec edits;    /* struct cls_edit *, in source order, disjoint */
	struct mem_vec skipped;  /* const char *: "FILE:L:C: note: fix-it not applied: ..." */
	unsigned napplied;       /* diagnostics whose fix-its are in edits */
	unsigned nunsafe;        /* diagnostics left out: unsafe fix-its, no unsafe_ok */
	unsigned nskipped;       /* diagnostics skipped: overlaps, text outside the file */
};
void cls_fix_plan(const struct cls_result *r, const struct cls_options *o, bool unsafe_ok,
		  struct mem_arena *a, struct cls_fix_plan *p);
/* text (len bytes) with the plan's edits made: malloc'ed, length in *out_len. */
char *cls_fix_apply(const char *text, size_t len, const struct cls_fix_plan *p, size_t *out_len);
/* Print the unified diff the plan makes to `old` (file `path`, named so that
 * patch -p0 and git apply find it); nothing when the plan is empty.  False
 * when memory ran out. */
bool cls_fix_diff(FILE *out, const char *path, const char *old, size_t old_len,
		  const struct cls_fix_plan *p);
/* Replace file `path` by text atomically: a temporary file in its directory
 * with its mode, renamed over it.  False with the reason in *why. */
bool cls_fix_write(const char *path, const char *text, size_t len, const char **why);

/* Formatters: every one reads the same sorted list. */
enum cls_format {
	CLS_FMT_TEXT, CLS_FMT_GCC, CLS_FMT_JSON, CLS_FMT_SARIF, CLS_FMT_GITHUB,
	CLS_FMT_LSP,             /* the language server's JSON values (lsp.h), not a --format */
};
/* A file the json and sarif formats list at the end (status, reason). */
struct cls_file_rec {
	char *path, *reason;     /* malloc'ed */
	bool analyzed;           /* status != CLS_FILE_NOT_ANALYZED */
	unsigned char status;    /* enum cls_file_status */
	/* malloc'ed or NULL: the kernels and the file's notes, one per line,
	 * "K<line>:<column>:<name>" or "N<note>" (cls_file_detail) */
	char *detail;
};
struct cls_output {
	enum cls_format format;
	bool color;
	FILE *out;
	unsigned count[3];       /* diagnostics shown, per severity */
	unsigned nfiles;         /* files written so far */
	struct cls_file_rec *files; /* json: the "files" array, printed at the end */
	unsigned capfiles;
	unsigned rule_count[64]; /* diagnostics shown, per rule index (--statistics) */
	unsigned suppressed;     /* diagnostics hidden by suppression comments */
	/* json, sarif: elements printed in the results array, suppressed SARIF
	 * results included (what decides the separator before the next one) */
	unsigned nresults;
	char *srcroot;           /* sarif, github: the current directory, ending in '/' */
	void *sink;              /* lsp: where the findings go (fmt_lsp.c) */
};
/* The format --format=NAME names, in *f; false if none does. */
bool cls_format_by_name(const char *name, enum cls_format *f);
/* Whether format f is read by programs (json, sarif, github), so that
 * what is said beside the report (--statistics) goes to stderr. */
bool cls_format_is_machine(enum cls_format f);
void cls_output_begin(struct cls_output *o);
/* The detail of r's file record (struct cls_file_rec), malloc'ed; NULL if none. */
char *cls_file_detail(const struct cls_result *r);
/* The name a report gives a file status: analyzed, not-analyzed, no-kernel. */
const char *cls_file_status_name(enum cls_file_status s);
void cls_output_file(struct cls_output *o, const struct cls_options *opt,
		     const struct cls_result *r);
void cls_output_end(struct cls_output *o);
/*
 * --jobs: a worker formats each file into `part` (set up by cls_output_part
 * like `o`, writing to `out`, printing no header); the parent appends the
 * part's text and tallies in input order with cls_output_splice, so the
 * report is byte-identical to a serial run.  cls_output_part_free releases
 * what a part recorded.
 */
void cls_output_part(struct cls_output *part, const struct cls_output *o, FILE *out);
void cls_output_splice(struct cls_output *o, const struct cls_output *part, const char *text,
		       size_t len);
void cls_output_part_free(struct cls_output *part);
/* A one-line summary of what o printed ("2 errors, 1 warning in 3 files"). */
void cls_output_summary(const struct cls_output *o, FILE *f);

/*
 * The documentation page docs/rules/<name>.md of a rule, looked up beside
 * the installed program, then in the source tree, then in the configured doc
 * dir.  Returns a malloc'ed, NUL-terminated text (length in *len) or NULL.
 */
char *cls_rule_doc(const struct cls_rule *r, size_t *len);
/* The web address of a rule's page (SARIF's helpUri, LSP's codeDescription),
 * malloc'ed; NULL when the rule has no page. */
char *cls_rule_help_uri(const struct cls_rule *r);

/* The effective severity of a diagnostic under the options (--werror). */
enum cls_severity cls_effective_severity(const struct cls_options *o, const struct cls_diag *d);

/* Verify mode: check the file's expected-* comments against r; print mismatches. */
bool cls_verify(const struct cls_result *r, const char *text, size_t len, FILE *out,
		const char *prefix, bool *xfail);
/* Read the RUN-CONFIG lines of a file into a newly allocated argv (in a). */
char **cls_run_config(struct mem_arena *a, const char *text, size_t len, int *argc);

#endif
