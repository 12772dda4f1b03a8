/*
 * run.h - one kernel file launched by one backend, in a child process under
 * the watchdog: what happened (finished, hang, crash, build or launch error),
 * the outputs of the first run at each local size, the differences seen
 * between runs and local sizes, kernel times, Oclgrind's reports.
 *
 * Results are cached under the launch configuration: a fixed twin's own
 * section and its use as a buggy kernel's reference share one run.
 */
#ifndef RC_RUN_H
#define RC_RUN_H

#include "backend.h"
#include "compare.h"
#include "manifest.h"
#include "oclgrind.h"

enum run_status {
	RUN_OK,            /* every launch finished */
	RUN_HANG,          /* the watchdog fired during a launch */
	RUN_CRASH,         /* the child died of a signal or exited early */
	RUN_BUILD_ERROR,   /* clBuildProgram failed, or did not finish */
	RUN_EXEC_ERROR,    /* an enqueue, wait or read failed */
	RUN_SETUP_ERROR,   /* no such kernel, wrong argument count...: the manifest's fault */
	RUN_TOOL_ERROR,    /* Oclgrind gave up on the kernel (a fatal error): no result */
};

struct run_result {
	char *key;
	const struct be_backend *be;
	enum run_status status;
	char *why;                     /* one line: where it hung, signal, CL error, log */
	char *cl_error;                /* RUN_EXEC_ERROR: "CL_OUT_OF_RESOURCES" */
	char **nondet;                 /* differences between runs or local sizes */
	unsigned nnondet, capnondet;
	char *out[MAN_MAX_LOCALS][MAN_MAX_ARGS]; /* first-run output files */
	unsigned long long *ns;        /* kernel times of the launches, in order */
	unsigned nns, capns;
	struct ogr_log ogr;            /* Oclgrind's reports (Oclgrind only) */
	char *log_tail;                /* the end of the child's stderr */
	char *note;                    /* how it ran, when that matters (a retry) */
	char *cache;                   /* the program cache's word (clrun.h's C line):
					* "hit", "stored", "replaced: why"...; NULL: not used */
	char phase[64];                /* the last phase it reported */
	double seconds;                /* wall time of the child */
	int done;
};

struct tr_result;
struct ob_result;

struct run_ctx {
	const char *tmpdir;
	struct cmp_opts cmp;
	double timeout;                /* > 0: overrides the manifest's timeout */
	double build_timeout;          /* seconds a build may take */
	int verbose;
	struct run_result **cache;
	unsigned ncache, capcache;
	struct tr_result **traces;     /* address traces (trace.h), cached likewise */
	unsigned ntraces, captraces;
	struct ob_result **obs;        /* observed runs (observe.h), cached likewise */
	unsigned nobs, capobs;
	const char *dump_dir;          /* saved --dump=accesses files, for runs without
					* the analyzer (--dumps) */
	unsigned counter;
	int oclgrind_no_uninit;        /* no uninitialized-value check under Oclgrind */
	int oclgrind_uniform_writes;   /* Oclgrind reports same-value write-write races */
	const char *program_cache;     /* the program cache's folder (cache.h); NULL: off */
	unsigned cache_hits, cache_stored, cache_bad; /* its hits, new entries, entries
					* found unusable (built again) */
};

const struct run_result *run_kernel(struct run_ctx *ctx, const struct be_backend *be,
				    const struct man_kernel *mk, const char *path);
const char *run_status_name(enum run_status s);
void run_free_all(struct run_ctx *ctx);

#endif
