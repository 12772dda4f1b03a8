/*
 * run.c - linting one input: its options (configuration, compilation
 * database, command line), then lint, --verify or --fix/--diff, and its part
 * of the report.  Also the options the language server lints a buffer with.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* The name input `path` has in messages. */
const char *display_name(const struct prog *p, const char *path)
{
	return strcmp(path, "-") ? path : p->stdin_name ? p->stdin_name : "<stdin>";
}

/* An input that could not be read: report it like a file that was not analyzed. */
void input_error(struct prog *p, const char *path, const char *why)
{
	struct cls_result r;
	memset(&r, 0, sizeof r);
	mem_init(&r.arena);
	r.path = path;
	r.status = CLS_FILE_NOT_ANALYZED;
	r.reason = why;
	cls_output_file(&p->out, &p->opt, &r);
	p->sum.not_analyzed++;
}

/* Append one raw compiler argument (after --) to o's, copied into a. */
bool add_cc_arg(struct mem_arena *a, struct cls_options *o, const char *arg)
{
	const char **n = MEM_ARRAY(a, const char *, o->ncc_args + 1);
	if (!n)
		return false;
	if (o->ncc_args)
		memcpy(n, o->cc_args, o->ncc_args * sizeof *n);
	n[o->ncc_args++] = arg;
	o->cc_args = n;
	return true;
}

/*
 * The options for input `path` under configuration c: the defaults, then c,
 * then its entry in the compilation database (-p), then the command line
 * again (it wins); strings go to a.  Without either they are the command
 * line's, p->opt.  *note (when note is not NULL) gets what the file's report
 * must say about the database's options, or NULL.
 */
void file_options(struct prog *p, const struct cfg *c, const char *path,
			 struct mem_arena *a, struct cls_options *o, const char **note)
{
	*o = p->opt;
	if (note)
		*note = NULL;
	if (!c && !p->cdb)
		return;
	cls_options_init(o);
	cfg_apply(c, path, a, o);
	if (p->cdb && !cls_host_lang(path)) {
		/* A host file's entry holds the host compiler's options. */
		const char *n = cdb_apply(p->cdb, path, a, o);
		if (note)
			*note = n;
	}
	char err[256];
	for (int i = 0; i < p->ncli; i++)   /* checked when main() parsed them */
		(void)cls_parse_option(a, o, p->ncli, p->cli, &i, err, sizeof err);
	for (int i = 0; i < p->ntail; i++)
		add_cc_arg(a, o, p->tail[i]);
	/* Settings main() sets itself rather than through cls_parse_option. */
	o->time_report = p->opt.time_report;
	o->dump = p->opt.dump;
	o->dump_out = p->opt.dump_out;
	o->report_unused_suppressions = p->opt.report_unused_suppressions;
}

/* Lint text as input `display`: a host file's kernels, or OpenCL C. */
static void lint_text(const struct cls_options *opt, const char *display, const char *text,
		      size_t len, struct cls_result *r)
{
	enum cls_host_lang host = cls_host_lang(display);
	if (host)
		cls_lint_host(opt, host, display, text, len, r);
	else
		cls_lint(opt, display, text, len, r);
}

/*
 * --diff: print the diff of r's fix-its; --fix: make them in file `path`
 * and lint it again into r, whose findings are then what is left.  Either
 * way one line on stderr says what was done and what was left out.
 * Returns false when the file could not be written.
 */
static bool fix_one(struct prog *p, const char *path, const char *display, const char *text,
		    size_t len, const struct cls_options *opt, struct cls_result *r)
{
	struct mem_arena a;
	mem_init(&a);
	struct cls_fix_plan plan;
	cls_fix_plan(r, opt, p->unsafe_fixes, &a, &plan);
	if (mem_failed(&a)) {
		fprintf(stderr, "clsynclint: %s: no fix-it applied: out of memory\n", display);
		mem_free_all(&a);
		return false;
	}
	for (unsigned i = 0; i < plan.skipped.len; i++)
		fprintf(stderr, "%s\n", (const char *)plan.skipped.items[i]);
	bool ok = true;
	if (p->diff && plan.edits.len) {
		ok = cls_fix_diff(p->out.out, display, text, len, &plan);
		p->sum.ndiff++;
	} else if (plan.edits.len) {
		size_t nlen = 0;
		const char *why = strerror(ENOMEM);
		char *fixed = cls_fix_apply(text, len, &plan, &nlen);
		ok = fixed && cls_fix_write(path, fixed, nlen, &why);
		if (ok) {
			cls_result_free(r);
			lint_text(opt, display, fixed, nlen, r);
		} else {
			fprintf(stderr, "clsynclint: %s: cannot write the fixed file: %s\n", display,
				why);
		}
		free(fixed);
	}
	if (plan.napplied || plan.nunsafe || plan.nskipped) {
		fprintf(stderr, "clsynclint: %s: %s %u finding%s", display,
			p->diff ? "the diff fixes" : ok ? "fixed" : "could not fix", plan.napplied,
			plan.napplied == 1 ? "" : "s");
		if (plan.nunsafe)
			fprintf(stderr, "; %u unsafe fix-it%s left out (--unsafe-fixes applies %s)",
				plan.nunsafe, plan.nunsafe == 1 ? "" : "s",
				plan.nunsafe == 1 ? "it" : "them");
		if (plan.nskipped)
			fprintf(stderr, "; %u skipped", plan.nskipped);
		fputc('\n', stderr);
	}
	mem_free_all(&a);
	return ok;
}

/* Lint (or verify, or fix) one input, under configuration c. */
void run_one(struct prog *p, const char *path, const struct cfg *c)
{
	const char *display = display_name(p, path);
	size_t len = 0;
	const char *why = NULL;
	char *text = read_input(path, &len, &why);
	if (!text) {
		input_error(p, display, why);
		return;
	}

	struct cls_options opt;
	struct mem_arena cfg;
	const char *note;
	mem_init(&cfg);
	file_options(p, c, display, &cfg, &opt, &note);
	if (p->verify) {
		int argc = 0;
		char **argv = cls_run_config(&cfg, text, len, &argc);
		char err[256];
		for (int i = 0; i < argc; i++) {
			int k = cls_parse_option(&cfg, &opt, argc, argv, &i, err, sizeof err);
			if (k <= 0) {
				fprintf(p->aux, "%s: error: bad RUN-CONFIG: %s\n", display,
					k < 0 ? err : argv[i]);
				p->sum.verify_failed++;
				mem_free_all(&cfg);
				free(text);
				return;
			}
		}
	}
	struct cls_result r;
	double t0 = cls_now();
	lint_text(&opt, display, text, len, &r);
	if ((p->fix || p->diff) && r.status != CLS_FILE_NOT_ANALYZED &&
	    !fix_one(p, path, display, text, len, &opt, &r))
		p->sum.not_analyzed++;
	if (note)
		mem_vec_push(&r.arena, &r.notes, mem_strdup(&r.arena, note));
	if (p->opt.time_report) {
		p->sum.t_total += cls_now() - t0;
		double ph[6] = { r.t_parse, r.t_lower, r.t_cfg, r.t_uniform, r.t_access, r.t_sort };
		for (unsigned i = 0; i < 6; i++)
			p->sum.t_phase[i] += ph[i];
		for (unsigned i = 0; i < 64; i++)
			p->sum.t_rule[i] += r.t_rule[i];
		if (r.peak_arena > p->sum.peak_arena)
			p->sum.peak_arena = r.peak_arena;
		p->sum.t_solver += r.t_solver;
		p->sum.solver_queries += r.solver_queries;
		p->sum.solver_checks += r.solver_checks;
	}
	if (p->verify) {
		bool xfail = false;
		bool ok = cls_verify(&r, text, len, p->aux, p->verify_prefix, &xfail);
		if (ok && !xfail) {
			fprintf(p->aux, "PASS: %s\n", display);
		} else if (!ok && xfail) {
			fprintf(p->aux, "XFAIL: %s\n", display);
		} else if (ok && xfail) {
			fprintf(p->aux, "XPASS: %s (remove its XFAIL line)\n", display);
			p->sum.verify_failed++;
		} else {
			fprintf(p->aux, "FAIL: %s\n", display);
			p->sum.verify_failed++;
		}
	} else if (p->diff) {
		/* Standard output holds the diff alone. */
		if (r.status == CLS_FILE_NOT_ANALYZED) {
			fprintf(stderr, "clsynclint: %s: not analyzed: %s\n", display, r.reason);
			p->sum.not_analyzed++;
		}
	} else {
		cls_output_file(&p->out, &opt, &r);
		if (r.status == CLS_FILE_NOT_ANALYZED)
			p->sum.not_analyzed++;
	}
	cls_result_free(&r);
	mem_free_all(&cfg);
	free(text);
}

/* --lsp: the options of the buffer of file `path`, as --stdin-filename
 * would give them (lsp.h, lsp_options_fn). */
bool lsp_file_options(void *env, const char *path, struct mem_arena *a,
			     struct cls_options *o, const char **note, char *err, size_t n)
{
	struct prog *p = env;
	const struct cfg *c = p->forced_cfg;
	bool bad = false;
	if (!c && !p->no_config) {
		/* Looked up afresh for every lint: the file may have been edited
		 * since the last one. */
		cfg_set_free(p->cfgs);
		p->cfgs = cfg_set_new();
		c = p->cfgs ? cfg_find(p->cfgs, path, &bad, err, n) : NULL;
		if (bad)
			return false;
	}
	file_options(p, c, path, a, o, note);
	return cls_check_launch(o, err, n) >= 0;
}
