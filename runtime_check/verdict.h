/*
 * verdict.h - from runs to verdicts: which evidence a backend shows for a
 * static finding (or against a kernel that must stay clean), and the row of
 * the confirmation table that says so.
 */
#ifndef RC_VERDICT_H
#define RC_VERDICT_H

#include "backend.h"
#include "findings.h"
#include "manifest.h"
#include "run.h"

enum vd_evidence {
	EV_WRONG = 1 << 0,       /* output differs from the fixed twin's */
	EV_NONDET = 1 << 1,      /* output differs between runs or local sizes */
	EV_HANG = 1 << 2,        /* the watchdog fired */
	EV_CRASH = 1 << 3,       /* signal, build error, launch error */
	EV_RACE = 1 << 4,        /* Oclgrind data-race report */
	EV_DIVERGENCE = 1 << 5,  /* Oclgrind work-group divergence report */
	EV_INVALID = 1 << 6,     /* Oclgrind invalid memory access report */
	EV_UNINIT = 1 << 7,      /* Oclgrind uninitialized value report */
	EV_OTHER = 1 << 8,       /* another Oclgrind error */
	EV_SLOWDOWN = 1 << 9,    /* slower than the padded twin (timing) */
	EV_DEGREE = 1 << 10,     /* the address trace shows the predicted degree */
	EV_OBS_RACE = 1 << 11,   /* the instrumented copy's log shows the race */
	EV_OBS_DIV = 1 << 12,    /* ... shows work-items of a group missing a barrier */
};

enum vd_status {
	VD_CONFIRMED,        /* a finding: this backend shows evidence */
	VD_NOT_REPRODUCED,   /* a finding: it ran, and showed none */
	VD_NOT_RUN,          /* it could not run here (the cell says why) */
	VD_CLEAN,            /* a fixed or correct kernel: no evidence */
	VD_EVIDENCE,         /* a fixed or correct kernel: evidence it must not show */
	VD_ERROR,            /* the row could not be made (analyzer, manifest) */
};

enum vd_kind {
	VD_ROW_FINDING,      /* one static finding */
	VD_ROW_BUGGY,        /* --no-static: a kernel with a reference */
	VD_ROW_UNFLAGGED,    /* a kernel with a reference and no finding: a miss? */
	VD_ROW_CLEAN,        /* a kernel without a reference: must stay clean */
	VD_ROW_ERROR,        /* not analyzed */
};

struct vd_cell {
	enum vd_status status;
	unsigned evidence;   /* enum vd_evidence bits that count */
	char *text;          /* "confirmed (crash: SIGSEGV)", "not run (why)" */
	char *detail;        /* the evidence itself, one line, or NULL */
	int infra;           /* not run for an infrastructure reason */
	double ratio;        /* timing: slowdown, 0 when not measured */
};

struct vd_row {
	enum vd_kind kind;
	const struct man_kernel *mk;
	const struct fnd_finding *finding;  /* VD_ROW_FINDING */
	const char *file;    /* the kernel file */
	int line, col;       /* of the finding, 0 otherwise */
	const char *rule;    /* "" when none */
	const char *severity;
	char *message;       /* the finding's message, or what the row is */
	struct vd_cell *cells; /* one per backend */
	unsigned ncells;
	enum vd_status verdict;
	int infra;
	int *obs_lines;      /* the lines of every finding of its section (and their
			      * notes'): what an instrumented copy logs, shared by the
			      * section's rows; NULL: the finding's own */
	unsigned nobs_lines;
	int *obs_calls;      /* line, column of each finding at a call of a helper that
			      * executes a barrier, in pairs */
	unsigned nobs_calls;
	double seconds;      /* wall time of its evaluation (runs shared with earlier
			      * rows are cached: they cost the first row) */
};

struct vd_opts {
	double min_slowdown;      /* a timing ratio at least this confirms */
	int cpu_timing;           /* time on CPU devices too (testing) */
	size_t oclgrind_max_items; /* larger launches are not run under Oclgrind */
	double deadline;          /* rc_now() after which no kernel starts; 0: none */
	const struct fnd_analyzer *analyzer; /* for address traces; NULL: none */
	const struct be_backend *const *bes; /* the row's backends (vd_eval_row sets them) */
	unsigned nbes;
};

void vd_eval_row(struct vd_row *row, struct run_ctx *rc, const struct be_backend *const *bes,
		 unsigned nbes, const struct vd_opts *o);
void vd_row_free(struct vd_row *row);

#endif
