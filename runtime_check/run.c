/*
 * run.c - the parent side of a kernel run: fork, watch, read the reports.
 */
#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clrun.h"
#include "proc.h"
#include "rc.h"

/* What the child needs (it inherits this through fork). */
struct child_arg {
	const struct be_backend *be;
	const char *oclgrind_log;
	int uninit;          /* Oclgrind: check uninitialized values */
	int uniform_writes;  /* Oclgrind: report same-value write-write races */
	struct clr_job job;
};

/* What the parent collects from the child's reports. */
struct collect {
	struct run_result *r;
	const struct man_kernel *mk;
	double timeout;       /* of a launch */
	double build_timeout; /* of the build */
	char *setup;        /* X */
	char *build;        /* B */
	char *exec;         /* E */
};

static void child_body(void *arg, int fd)
{
	struct child_arg *ca = arg;
	be_child_env(ca->be, ca->oclgrind_log, ca->uninit, ca->uniform_writes);
	clr_run_body(&ca->job, fd);
}

const char *run_status_name(enum run_status s)
{
	static const char *const names[] = { "ok",           "hang",        "crash", "build error",
					     "launch error", "setup error", "tool error" };
	return names[s];
}

/* Read one report line of the child (protocol in clrun.h); returns the
 * seconds the phase it starts may take, 0 for other lines. */
static double on_line(void *ctx, char *line)
{
	struct collect *c = ctx;
	struct run_result *r = c->r;
	char *arg = line[0] && line[1] == ' ' ? line + 2 : line + 1;
	switch (line[0]) {
	case 'P':
		snprintf(r->phase, sizeof r->phase, "%s", arg);
		return strncmp(arg, "run", 3) == 0 ? c->timeout : c->build_timeout;
	case 'X':
		free(c->setup);
		c->setup = rc_xstrdup(arg);
		break;
	case 'B':
		free(c->build);
		c->build = rc_xstrdup(arg);
		break;
	case 'C':
		free(r->cache);
		r->cache = rc_xstrdup(arg);
		break;
	case 'E':
		free(c->exec);
		c->exec = rc_xstrdup(arg);
		break;
	case 'N':
		*RC_PUSH(r->nondet, r->nnondet, r->capnondet) = rc_xstrdup(arg);
		break;
	case 'T': {
		unsigned l, k;
		unsigned long long ns;
		if (sscanf(arg, "%u %u %llu", &l, &k, &ns) == 3)
			*RC_PUSH(r->ns, r->nns, r->capns) = ns;
		break;
	}
	case 'O': {
		unsigned l, i;
		int used = 0;
		if (sscanf(arg, "%u %u %n", &l, &i, &used) == 2 && used && l < MAN_MAX_LOCALS &&
		    i < MAN_MAX_ARGS) {
			free(r->out[l][i]);
			r->out[l][i] = rc_xstrdup(arg + used);
		}
		break;
	}
	case 'D':
		r->done = 1;
		break;
	}
	return 0;
}

/* Describe the phase "run L R" of section mk as "local size 64, run 2". */
static void describe_phase(const char *phase, const struct man_kernel *mk, char *out, size_t n)
{
	unsigned l, k;
	if (sscanf(phase, "run %u %u", &l, &k) == 2 && l < mk->nlocal) {
		char lsz[64];
		man_format_size(mk->local[l], mk->dims, lsz, sizeof lsz);
		snprintf(out, n, "local size %s, run %u of %u", lsz, k + 1, mk->runs);
	} else {
		snprintf(out, n, "%s", *phase ? phase : "start-up");
	}
}

/* The last few hundred bytes of the file `path`, folded onto one line. */
static char *tail_of(const char *path)
{
	size_t len;
	char *text = rc_read_file(path, &len);
	if (!text)
		return NULL;
	size_t keep = 400;
	char *start = len > keep ? text + len - keep : text;
	char *t = rc_xstrdup(start);
	free(text);
	rc_one_line(t, 400);
	if (!*t) {
		free(t);
		return NULL;
	}
	return t;
}

/* Empty r of what a child reported, keeping its key and backend (before a
 * second attempt). */
static void clear_result(struct run_result *r)
{
	free(r->why);
	free(r->cl_error);
	for (unsigned k = 0; k < r->nnondet; k++)
		free(r->nondet[k]);
	free(r->nondet);
	for (unsigned l = 0; l < MAN_MAX_LOCALS; l++)
		for (unsigned a = 0; a < MAN_MAX_ARGS; a++)
			free(r->out[l][a]);
	free(r->ns);
	ogr_free(&r->ogr);
	free(r->log_tail);
	free(r->cache);
	char *key = r->key, *note = r->note;
	const struct be_backend *be = r->be;
	memset(r, 0, sizeof *r);
	r->key = key;
	r->be = be;
	r->note = note;
}

/* Run one child for r: launch `path` with section mk on r->be, then read
 * its exit, its reports, its stderr and (Oclgrind) its log into r.  Output
 * files are named after `id`. */
static void attempt(struct run_ctx *ctx, struct run_result *r, const struct man_kernel *mk,
		    const char *path, const char *kernel, unsigned id, int uninit)
{
	const struct be_backend *be = r->be;
	char *prefix = rc_xasprintf("%s/run%u", ctx->tmpdir, id);
	char *log = rc_xasprintf("%s.log", prefix);
	char *ogr_log = rc_xasprintf("%s.oclgrind", prefix);
	struct child_arg ca = {
		.be = be,
		.oclgrind_log = ogr_log,
		.uninit = uninit && !ctx->oclgrind_no_uninit,
		.uniform_writes = ctx->oclgrind_uniform_writes,
		.job = { .mk = mk, .path = path, .kernel = kernel, .pidx = be->pidx, .didx = be->didx,
			 .device_name = be->device, .out_prefix = prefix, .cmp = ctx->cmp },
	};
	/* Not on Oclgrind: a whole run there takes about 0.1 s, its build only
	 * Clang's front end (its binary is the LLVM IR it interprets), and its
	 * race and divergence reports quote lines of the program's source, which
	 * a program made from a binary does not have: little to save, and the
	 * reports that confirm findings to put at risk. */
	if (!be->is_oclgrind)
		ca.job.cache_dir = ctx->program_cache;
	struct collect c = { .r = r, .mk = mk, .build_timeout = ctx->build_timeout,
			     .timeout = ctx->timeout > 0 ? ctx->timeout : mk->timeout };
	struct proc_exit ex;
	double t0 = rc_now();
	if (ctx->verbose)
		fprintf(stderr, "runtime_check: [%s] %s ...\n", be->id, path);
	/* Until the build starts: creating the platform and the device. */
	if (proc_run_child(child_body, &ca, log, ctx->build_timeout, on_line, &c, &ex) != 0) {
		r->status = RUN_SETUP_ERROR;
		r->why = rc_xasprintf("cannot fork: %s", strerror(errno));
		goto out;
	}
	r->seconds = rc_now() - t0;
	char where[128], how[160];
	describe_phase(r->phase, mk, where, sizeof where);
	proc_describe_exit(&ex, how, sizeof how);
	if (c.setup) {
		r->status = RUN_SETUP_ERROR;
		r->why = rc_xstrdup(c.setup);
	} else if (c.build) {
		r->status = RUN_BUILD_ERROR;
		r->why = rc_xstrdup(c.build);
	} else if (ex.timed_out && !r->done) {
		if (!strncmp(r->phase, "run", 3)) {
			r->status = RUN_HANG;
			r->why = rc_xasprintf("no progress in %g s at %s", c.timeout, where);
		} else {
			r->status = RUN_BUILD_ERROR;
			r->why = rc_xasprintf("%s did not finish in %g s", where, c.build_timeout);
		}
	} else if (ex.signal && !r->done && !strcmp(r->phase, "build")) {
		/* The compiler died: the backend cannot build this, as with a
		 * build error (Oclgrind 21.10 does so on work_group_reduce_add). */
		r->status = RUN_BUILD_ERROR;
		r->why = rc_xasprintf("the compiler crashed (%s)", how);
	} else if (ex.signal && !r->done) {
		r->status = RUN_CRASH;
		r->why = rc_xasprintf("%s at %s", how, where);
	} else if (c.exec) {
		r->status = RUN_EXEC_ERROR;
		char code[64] = "";
		sscanf(c.exec, "%*s %63s", code);
		r->cl_error = rc_xstrdup(code);
		r->why = rc_xasprintf("%s at %s", c.exec, where);
	} else if (!r->done) {
		r->status = RUN_CRASH;
		r->why = rc_xasprintf("%s at %s, before finishing", how, where);
	} else {
		r->status = RUN_OK;
	}
	if (r->cache) {
		/* "hit", "stored", "replaced: why", "not stored: why[; the entry: why]" */
		int replaced = !strncmp(r->cache, "replaced", 8);
		ctx->cache_hits += !strcmp(r->cache, "hit");
		ctx->cache_stored += replaced || !strcmp(r->cache, "stored");
		ctx->cache_bad += replaced || strstr(r->cache, "the entry: ") != NULL;
	}
	r->log_tail = tail_of(log);
	/* Oclgrind says why it gave up on stderr, not in its log. */
	const char *fatal = r->log_tail ? strstr(r->log_tail, "OCLGRIND FATAL ERROR") : NULL;
	if (fatal && r->status != RUN_OK && r->status != RUN_HANG) {
		char *why = rc_xasprintf("%s; %s", r->why, fatal);
		free(r->why);
		r->why = why;
	}
	if (be->is_oclgrind) {
		char *text = rc_read_file(ogr_log, NULL);
		if (text) {
			ogr_parse(text, &r->ogr);
			free(text);
		}
	}
out:
	free(c.setup);
	free(c.build);
	free(c.exec);
	free(prefix);
	free(log);
	free(ogr_log);
}

/* The first fatal error of Oclgrind's uninitialized-value plugin in r, or
 * NULL.  (Oclgrind 21.10's plugin stops at LLVM instructions it does not
 * know, such as 'freeze' from newer compilers, and the run is then worth
 * nothing.) */
static const char *uninit_fatal(const struct run_result *r)
{
	for (unsigned i = 0; i < r->ogr.n; i++)
		if (r->ogr.items[i].kind == OGR_FATAL && strstr(r->ogr.items[i].head, "Uninitialized"))
			return r->ogr.items[i].head;
	return NULL;
}

/* Launch the kernel file `path` (the section's own, or its reference) on
 * backend `be` with the sizes, arguments and runs of section `mk`, in a
 * watched child; or return the cached result of an identical launch. */
const struct run_result *run_kernel(struct run_ctx *ctx, const struct be_backend *be,
				    const struct man_kernel *mk, const char *path)
{
	/* A section that names no kernel launches its file's only one; its
	 * reference is launched under that same name (a fixed twin may add a
	 * kernel, e.g. when the fix splits the work in two launches). */
	char *kernel = mk->kernel ? rc_xstrdup(mk->kernel) : strcmp(path, mk->path)
						       ? man_only_kernel(mk->path) : NULL;
	char *cfg = man_config_key(mk, path);
	char *key = rc_xasprintf("%s|%s|%s", be->id, kernel ? kernel : "", cfg);
	free(cfg);
	for (unsigned i = 0; i < ctx->ncache; i++)
		if (!strcmp(ctx->cache[i]->key, key)) {
			free(key);
			free(kernel);
			return ctx->cache[i];
		}
	struct run_result *r = rc_xcalloc(1, sizeof *r);
	r->key = key;
	r->be = be;
	*RC_PUSH(ctx->cache, ctx->ncache, ctx->capcache) = r;
	attempt(ctx, r, mk, path, kernel, ++ctx->counter, 1);
	const char *fatal = be->is_oclgrind ? uninit_fatal(r) : NULL;
	if (fatal) {
		char *what = rc_xstrdup(fatal);
		char *colon = strstr(what, "): ");
		r->note = rc_xasprintf("Oclgrind's uninitialized-value check failed (%s), so it ran "
				       "again without that check", colon ? colon + 3 : what);
		free(what);
		clear_result(r);
		attempt(ctx, r, mk, path, kernel, ++ctx->counter, 0);
	}
	/* Any other fatal error: Oclgrind could not execute the kernel, so
	 * neither its outputs nor the absence of reports mean anything. */
	for (unsigned i = 0; i < r->ogr.n && r->status == RUN_OK; i++)
		if (r->ogr.items[i].kind == OGR_FATAL) {
			const char *head = r->ogr.items[i].head;
			const char *colon = strstr(head, "): ");
			r->status = RUN_TOOL_ERROR;
			r->why = rc_xasprintf("Oclgrind fatal error: %s", colon ? colon + 3 : head);
		}
	if (ctx->verbose) {
		fprintf(stderr, "runtime_check: [%s] %s: %s%s%s (%.2f s", be->id, path,
			run_status_name(r->status), r->why ? ": " : "", r->why ? r->why : "",
			r->seconds);
		if (r->nnondet)
			fprintf(stderr, "; %u difference%s between runs", r->nnondet,
				r->nnondet == 1 ? "" : "s");
		if (r->ogr.total)
			fprintf(stderr, "; %u Oclgrind report%s", r->ogr.total,
				r->ogr.total == 1 ? "" : "s");
		if (r->cache)
			fprintf(stderr, "; program cache: %s", r->cache);
		fprintf(stderr, ")\n");
		if (r->note)
			fprintf(stderr, "runtime_check:   %s\n", r->note);
		if (r->status != RUN_OK && r->log_tail)
			fprintf(stderr, "runtime_check:   its stderr ends: %s\n", r->log_tail);
	}
	free(kernel);
	return r;
}

void run_free_all(struct run_ctx *ctx)
{
	for (unsigned i = 0; i < ctx->ncache; i++) {
		struct run_result *r = ctx->cache[i];
		clear_result(r);
		free(r->key);
		free(r->note);
		free(r);
	}
	free(ctx->cache);
	ctx->cache = NULL;
	ctx->ncache = ctx->capcache = 0;
}
